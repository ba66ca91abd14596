"""A layout of the pack (``layouts:``) opening with a bidder's question word makes its items
questions. The words were a second list in Python beside the pack's ``questions``, and read
only ASCII letters: "Vprašanje {label}" was taken by its last ASCII run ("anje"), "Otázka" as
"zka", "Fråga" as "ga", and German "Frage" was missing, so those layouts' questions were read
as instructions. One list now, the pack's, for a line's opener and a layout's alike."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from inforce.adapters.ingest.documents import parse_document
from inforce.engine.addenda.items import addendum_items
from inforce.rules import load_pack

FRONT = """---
id: ADD-Q1
kind: addendum
title: Answers to bidders
issued: 2026-03-10
effective: {from: 2026-03-10}
recorded: 2026-03-10T12:00:00Z
---
"""


@pytest.fixture(scope="module")
def rules():
    pack = load_pack("supersession/csi-addenda")
    return [rule for rule in pack.pack.rules if rule.kind == "supersession"]


@pytest.mark.parametrize(("word", "answer", "path"), [
    ("Vprašanje 1", "Odgovor:", "vprasanje-1"), ("Otázka č. 1", "Odpověď:", "otazka-1"), ("Fråga 1", "Svar:", "fraga-1"),
    ("Frage Nr. 1", "Antwort:", "frage-1"), ("Vraag 1", "Antwoord:", "vraag-1"), ("Question No. 1", "Answer:", "q-1"),
])
def test_a_layout_opening_with_a_question_word_makes_a_question(rules, tmp_path: Path, word: str, answer: str,
                                                                 path: str) -> None:
    """The question is the layout's item, named by the layout's whole word (it was "anje-1", "zka-1")."""
    body = f"""
    {word}: May the membrane of item 2.3 be 1.2 mm thick instead?

    {answer} Yes, as the item allows.
    """
    written = tmp_path / "answers.md"
    written.write_text(FRONT + textwrap.dedent(body).lstrip("\n"), encoding="utf-8")
    items = addendum_items(parse_document(written, tmp_path), rules)
    asked = [item for item in items if "membrane" in item.text]
    assert asked, [(item.kind, item.text) for item in items]
    assert (asked[0].kind, asked[0].path) == ("question", path), [(item.kind, item.path) for item in items]
