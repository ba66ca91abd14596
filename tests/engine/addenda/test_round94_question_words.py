"""Croatian bidders' questions, "Pitanje n:" each followed by its "Odgovor:" line (round 94, held-out-71).
The question word was not the pack's: a question asked without a question mark ("... Molimo pojašnjenje.") ran
into the pair before it, and the answer giving a point anew ("Točka 1.2 ... mijenja se i glasi:") was read
in a block of two pairs, its edge left unplaced and the item silent. Each question now opens an item of its own, its answer with it."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from inforce.adapters.ingest.documents import parse_document
from inforce.engine.addenda.items import addendum_items
from inforce.rules import load_pack

FRONT = """---
id: ADD-F94A-Q
kind: addendum
title: Izmjena dokumentacije o nabavi br. 2
issued: 2026-03-10
effective: {from: 2026-03-10}
recorded: 2026-03-10T12:00:00Z
---
"""


@pytest.fixture(scope="module")
def rules():
    pack = load_pack("supersession/csi-addenda")
    return [rule for rule in pack.pack.rules if rule.kind == "supersession"]


def test_each_croatian_question_opens_its_own_item(rules, tmp_path: Path) -> None:
    body = """
    I. ODGOVORI NA PITANJA

    Pitanje 1: Smije li se ponuditi ograda od pocinčanog pletiva?
    Odgovor: Smije.

    Pitanje 2: Visina ograde od 1,2 m nije dovoljna uz prometnicu. Molimo pojašnjenje.
    Odgovor: Nije. Točka 1.2 Tehničke specifikacije mijenja se i glasi: „1.2 Ograda je visine 1,5 m.”

    Pitanje 3: Tko osigurava priključak vode?
    Odgovor: Naručitelj; dokumentacija se ne mijenja.
    """
    written = tmp_path / "izmjena.md"
    written.write_text(FRONT + textwrap.dedent(body).lstrip("\n"), encoding="utf-8")
    items = addendum_items(parse_document(written, tmp_path), rules)
    holding = [item for item in items if "mijenja se i glasi" in item.text]
    assert len(holding) == 1, [(item.kind, item.path, item.text[:40]) for item in items]
    (answer,) = holding
    assert "Pitanje 1" not in answer.text and "Pitanje 3" not in answer.text, answer.text
    assert answer.kind == "question", (answer.kind, answer.path)
