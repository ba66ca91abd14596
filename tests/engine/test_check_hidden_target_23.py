"""``check`` does not read through an edge whose target the asker may not know of (issue 23,
twenty-seventh audit, AUDIT-S 02, 03, 04, 06).

SPEC-A revision 0 is public; revision 1, for ``owners`` only, adds paragraph 2.9.A, whose words
hold a word no other document does (``HIDDENWORD``). SPEC-SECRET is for ``owners`` only (its
paragraph says ``SECRETWORD``). The public addendum ADD-Q names 2.9.A in item 1.1 and 2.8.A (held
by no revision) in item 1.2; 2.1.A with each of them in 1.3 and 1.4; SPEC-SECRET's 2.1.A in 1.5 and
a section of no document in 1.6. In a
second project SPEC-D's owners-only revision 1 (in force for May only, then revision 0 resumes)
holds 2.9.A, which the public ADD-F#1.1 names; ADD-F#1.2 names 2.8.A (held by nothing).

To an asker without the group each pair is judged alike — the same verdict, statuses, details and
warnings up to the item's and paragraph's own names — whatever words of the hidden text the
claim uses; a cited paragraph only the restricted revision holds is ``fabricated_locator`` as one
no revision holds, naming no parent of it; a lapsed target gives a verdict, never NotFoundError
(``Snapshot.target_held``, and ``Snapshot.edge_known`` for an item's edges: the one gate). The owners' verdicts are those the hidden words give.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from inforce.ontology import Answer

runner = CliRunner()

_SPEC_A = """---
id: SPEC-A
kind: specification
title: Yard paving
revision: "{label}"
seq: {seq}
issued: {day}
effective: {{from: {day}}}
recorded: {day}T08:00:00Z
{more}---
SECTION 32 12 16 - ASPHALT PAVING

PART 2 - PRODUCTS

2.1 MATERIALS

A. Subbase depth shall be not less than {base} inches.
{extra}"""

_SECRET = """---
id: SPEC-SECRET
kind: specification
title: Restricted coatings
issued: 2026-03-02
effective: {{from: 2026-03-02}}
recorded: 2026-03-02T08:00:00Z
access: [{group}]
---
SECTION 09 99 99 - RESTRICTED COATINGS

PART 2 - PRODUCTS

2.1 MATERIALS

A. SECRETWORD film shall be not less than 61 mils.
"""

_ADD_Q = """---
id: ADD-Q
kind: addendum
title: Addendum Four
issued: 2026-05-12
effective: {from: 2026-05-12}
recorded: 2026-05-12T14:00:00Z
---
ADDENDUM NO. 4

1.1 Section 32 12 16, Paragraph 2.9.A: Delete "2,222 psi" and substitute "2,450 psi".

1.2 Section 32 12 16, Paragraph 2.8.A: Delete "2,222 psi" and substitute "2,450 psi".

1.3 Section 32 12 16, Paragraphs 2.1.A and 2.9.A: Delete "2,222 psi" and substitute "2,450 psi".

1.4 Section 32 12 16, Paragraphs 2.1.A and 2.8.A: Delete "2,222 psi" and substitute "2,450 psi".

1.5 Section 09 99 99, Paragraph 2.1.A: Delete the paragraph and substitute: "Film shall be not less than 64 mils."

1.6 Section 09 99 97, Paragraph 2.1.A: Delete the paragraph and substitute: "Film shall be not less than 64 mils."
"""

_SPEC_D = """---
id: SPEC-D
kind: specification
title: Section 03 30 00 Concrete
revision: "{label}"
seq: {seq}
issued: {day}
effective: {{from: {day}{until}}}
{more}recorded: {day}T08:00:00Z
---
SECTION 03 30 00 - CAST-IN-PLACE CONCRETE

PART 2 - PRODUCTS

2.1 MIXTURES

A. Footing concrete strength at 28 days shall be not less than 4,100 psi.
{extra}"""

_ADD_F = """---
id: ADD-F
kind: addendum
title: Addendum Two
issued: 2026-05-12
effective: {from: 2026-05-12}
recorded: 2026-05-12T14:00:00Z
---
ADDENDUM NO. 2

1.1 Section 03 30 00, Paragraph 2.9.A: Delete "5,555 psi" and substitute "5,900 psi".

1.2 Section 03 30 00, Paragraph 2.8.A: Delete "5,555 psi" and substitute "5,900 psi".
"""


def write_paving(root: Path, group: str = "owners") -> Path:
    """The first project (SPEC-A, SPEC-SECRET, ADD-Q), restricted to ``group``."""
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: check-hidden\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n")
    (root / "documents" / "spec.md").write_text(_SPEC_A.format(label="0", seq=1, day="2026-03-09", more="", base=5,
                                                               extra=""))
    (root / "documents" / "spec-r1.md").write_text(_SPEC_A.format(
        label="1", seq=2, day="2026-04-14", more=f"access: [{group}]\n", base=8,
        extra="\n2.9 SEALER\n\nA. Sealer HIDDENWORD strength shall be 2,222 psi.\n"))
    (root / "documents" / "sec.md").write_text(_SECRET.format(group=group))
    (root / "documents" / "add-q.md").write_text(_ADD_Q)
    return root


def write_lapsing(root: Path, group: str = "owners") -> Path:
    """The second project (SPEC-D with a restricted revision for May, ADD-F)."""
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: check-lapse\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n")
    (root / "documents" / "d0.md").write_text(_SPEC_D.format(label="0", seq=1, day="2026-03-01", until="", more="",
                                                             extra=""))
    (root / "documents" / "d1.md").write_text(_SPEC_D.format(
        label="1", seq=2, day="2026-05-01", until=", until: 2026-05-31",
        more=f"on_lapse: resume_previous\nchanged: [\"2.9\"]\naccess: [{group}]\n",
        extra="\n2.9 VAULT\n\nA. Vault wall concrete strength at 28 days shall be not less than 5,555 psi.\n"))
    (root / "documents" / "add.md").write_text(_ADD_F)
    return root


@pytest.fixture(scope="module")
def paving(tmp_path_factory: pytest.TempPathFactory) -> Project:
    root = write_paving(tmp_path_factory.mktemp("check-hidden") / "p")
    Project.ingest(root)
    return Project.open(root)


@pytest.fixture(scope="module")
def lapsing(tmp_path_factory: pytest.TempPathFactory) -> Project:
    root = write_lapsing(tmp_path_factory.mktemp("check-lapse") / "p")
    Project.ingest(root)
    return Project.open(root)


def answer(text: str, locator: str, quote: str, day: str, groups: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"question": "q", "context": {"valid_at": day, "known_at": None, "groups": list(groups)},
            "claims": [{"text": text, "citations": [{"locator": locator, "quote": quote}]}]}


def judged(project: Project, asked: dict[str, Any]) -> dict[str, Any]:
    """What a verdict says of the answer: its outcome and each claim (not the audit record's ids)."""
    verdict = project.check(Answer.model_validate(asked)).model_dump(mode="json")
    return {"verdict": verdict["verdict"], "reason": verdict["reason"], "claims": verdict["claims"]}


def same(said: Any, *names: str) -> str:
    """``said`` as JSON with the item's and paragraph's own names (an item's pinned too:
    ``ADD-Q@0#1.1``) put as N."""
    text = json.dumps(said, sort_keys=True)
    for name in names:
        doc, hash_, path = name.partition("#")
        pattern = rf"{re.escape(doc)}(?:@[\w.-]+)?#{re.escape(path)}" if hash_ else re.escape(name)
        text = re.sub(r"(?<![\w.,])" + pattern + r"(?![\w.])", "N", text)
    return text


#: (claim, quote, the hidden item and its paragraph, the item naming nothing held and its paragraph)
PAIRS = {
    "paragraph of a restricted revision": ("The sealer strength is 2,450 psi.", 'substitute "2,450 psi"',
                                           ("ADD-Q#1.1", "1.1", "2.9.A"), ("ADD-Q#1.2", "1.2", "2.8.A")),
    "one of two paragraphs": ("The subbase strength is 2,450 psi.", 'substitute "2,450 psi"',
                              ("ADD-Q#1.3", "1.3", "2.9.A"), ("ADD-Q#1.4", "1.4", "2.8.A")),
    "restricted document": ("The film is not less than 64 mils.", "not less than 64 mils",
                            ("ADD-Q#1.5", "1.5", "09 99 99"), ("ADD-Q#1.6", "1.6", "09 99 97")),
}


@pytest.mark.parametrize("pair", PAIRS)
def test_an_item_whose_target_is_hidden_is_judged_as_one_naming_nothing(paving: Project, pair: str) -> None:
    claim, quote, hidden, absent = PAIRS[pair]
    seen = [same(judged(paving, answer(claim, names[0], quote, "2026-06-01")), *names) for names in (hidden, absent)]
    assert seen[0] == seen[1]
    assert "SPEC-A" not in seen[0] and "SPEC-SECRET" not in seen[0]


@pytest.mark.parametrize(("item", "word"), [("ADD-Q#1.1", "HIDDENWORD"), ("ADD-Q#1.5", "SECRETWORD")])
def test_no_verdict_turns_on_a_word_only_hidden_text_holds(paving: Project, item: str, word: str) -> None:
    quote = 'substitute "2,450 psi"' if item.endswith("1.1") else "not less than 64 mils"
    figure = "2,450 psi" if item.endswith("1.1") else "not less than 64 mils"
    said = {w: same(judged(paving, answer(f"The {w} is {figure}.", item, quote, "2026-06-01")), w)
            for w in (word, "pelican")}
    assert said[word] == said["pelican"]
    assert json.loads(said[word])["verdict"] == "escalation"


def _accepted(project: Project, item: str, tmp_path: Path) -> Project:
    """A copy of ``project`` where the owners accepted ``item``'s proposal (an item naming what
    only their revision holds is never applied by itself: ``engine.addenda.view``), ingested."""
    import shutil

    copy = tmp_path / "accepted"
    shutil.copytree(project.root, copy, ignore=shutil.ignore_patterns(".inforce"))
    Project.ingest(copy)
    with Project.open(copy) as opened:
        opened.review(item, "accept", by="olga", groups=("owners",))
    Project.ingest(copy)
    return Project.open(copy)


def test_the_owners_verdict_reads_the_hidden_words_once_they_accept_the_item(paving: Project, tmp_path: Path) -> None:
    """Once the owners accept the item, their check compares the claim with the paragraph it
    amends (its words are theirs to read): the hidden word passes, an unknown one escalates."""
    quote = 'substitute "2,450 psi"'
    with _accepted(paving, "ADD-Q#1.1", tmp_path) as accepted:
        owners = {w: judged(accepted, answer(f"The {w} is 2,450 psi.", "ADD-Q#1.1", quote, "2026-06-01",
                                             ("owners",))) for w in ("HIDDENWORD", "pelican")}
    assert owners["HIDDENWORD"]["verdict"] == "answer", owners["HIDDENWORD"]
    assert owners["pelican"]["verdict"] == "escalation"


def test_a_paragraph_only_a_restricted_revision_holds_is_fabricated_as_one_none_holds(paving: Project) -> None:
    seen = [judged(paving, answer("Sealer is 2,222 psi.", f"SPEC-A#{path}", "2,222 psi", "2026-04-01"))
            for path in ("2.9.A", "2.8.A")]
    assert seen[0]["claims"][0]["status"] == "fabricated_locator"
    assert same(seen[0], "2.9.A") == same(seen[1], "2.8.A")
    assert "2.9" not in same(seen[0], "2.9.A")
    owners = judged(paving, answer("Sealer is 2,222 psi.", "SPEC-A#2.9.A", "2,222 psi", "2026-04-01", ("owners",)))
    assert owners["claims"][0]["status"] != "fabricated_locator"  # theirs exists (not in force on 04-01)


def test_a_lapsed_hidden_target_gives_a_verdict_alike_for_both_items(lapsing: Project, tmp_path: Path) -> None:
    quote = 'substitute "5,900 psi"'
    with _accepted(lapsing, "ADD-F#1.1", tmp_path) as accepted:
        for project in (lapsing, accepted):
            seen = [same(judged(project, answer("The vault wall is 5,900 psi.", item, quote, "2026-06-01")),
                         item, item[-3:]) for item in ("ADD-F#1.1", "ADD-F#1.2")]
            assert seen[0] == seen[1]
            assert "SPEC-D" not in seen[0]
        owners = judged(accepted, answer("The vault wall is 5,900 psi.", "ADD-F#1.1", quote, "2026-06-01",
                                         ("owners",)))
    assert owners["verdict"] == "answer", owners  # 'vault wall' are the words of the paragraph it amends


def _cli(root: Path, tmp: Path, asked: dict[str, Any]) -> tuple[int, str]:
    path = tmp / "answer.json"
    path.write_text(json.dumps(asked))
    result = runner.invoke(app, ["check", str(root), "--answer", str(path), "--format", "json"])
    return result.exit_code, result.output


def test_the_cli_judges_each_pair_alike(paving: Project, lapsing: Project, tmp_path: Path) -> None:
    cases = [
        (paving.root, "The sealer strength is 2,450 psi.", 'substitute "2,450 psi"', "2026-06-01",
         ("ADD-Q#1.1", "ADD-Q#1.2")),
        (paving.root, "Sealer is 2,222 psi.", "2,222 psi", "2026-04-01", ("SPEC-A#2.9.A", "SPEC-A#2.8.A")),
        (lapsing.root, "The vault wall is 5,900 psi.", 'substitute "5,900 psi"', "2026-06-01",
         ("ADD-F#1.1", "ADD-F#1.2")),
    ]
    for root, claim, quote, day, items in cases:
        seen = []
        for item in items:
            code, out = _cli(root, tmp_path, answer(claim, item, quote, day))
            assert code in (0, 1), out  # a verdict, never NotFoundError (exit 2)
            said = json.loads(out)
            seen.append((code, same({k: said[k] for k in ("verdict", "reason", "claims")}, item,
                                    *(p for p in ("2.9.A", "2.8.A") if p in item))))
        assert seen[0] == seen[1], items
