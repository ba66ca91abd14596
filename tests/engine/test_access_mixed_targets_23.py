"""An addendum item naming one paragraph the asker may read and one only a restricted revision
holds reads, to them, as the same item naming a paragraph no revision holds (issue 23,
twenty-seventh audit, AUDIT-S 01, 05, 07).

SPEC-P revision 0 is public; revision 1, for ``crew`` only, adds paragraph 3.7.B. The public
addendum ADD-W names 3.2.A and 3.7.B in item 2.1 and 3.2.A and 3.6.B (held by no revision) in
item 2.2. Each item is read against the revisions every reader of it may read
(``engine.addenda.view``, twenty-eighth audit): the ingest applies neither, and proposes 3.2.A
for both. To an asker without ``crew`` the two read alike: no edge of either in ``show`` or
``history``, the same entries in the review listings. Item 2.3 names the section of SPEC-K, a
document for ``crew`` only, and 2.4 a section no document holds: to that asker both are not
understood for the same reason, the project not holding the section. The crew see 2.1 and 2.3
read against every revision, proposed for review. A decision ``crew`` records on 2.2's
proposal reads alike in ``show`` and ``review``.
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
from inforce.ontology import Refusal

runner = CliRunner()
MIXED, ABSENT = ("ADD-W#2.1", "3.7.B"), ("ADD-W#2.2", "3.6.B")
SECRET, NOWHERE = ("ADD-W#2.3", "41 22 17"), ("ADD-W#2.4", "41 22 18")

_SPEC = """---
id: SPEC-P
kind: specification
title: Concrete curbs
revision: "{label}"
seq: {seq}
issued: {day}
effective: {{from: {day}}}
recorded: {day}T08:00:00Z
{more}---
SECTION 32 16 13 - CONCRETE CURBS

PART 3 - EXECUTION

3.2 FORMING

A. Forms shall be set true to line within 4 mm.
{extra}"""

_SECRET = """---
id: SPEC-K
kind: specification
title: Section 41 22 17 Hoist rails
issued: 2026-02-02
effective: {from: 2026-02-02}
recorded: 2026-02-02T08:00:00Z
access: [crew]
---
SECTION 41 22 17 - HOIST RAILS

PART 2 - PRODUCTS

1.5 RAILS

A. Rail spacing shall be 1.8 m.
"""

_ADDENDUM = """---
id: ADD-W
kind: addendum
title: Addendum Four
issued: 2026-06-03
effective: {from: 2026-06-03}
recorded: 2026-06-03T10:00:00Z
---
ADDENDUM NO. 4

2.1 Section 32 16 13, Paragraphs 3.2.A and 3.7.B: Delete the paragraphs in their entirety.

2.2 Section 32 16 13, Paragraphs 3.2.A and 3.6.B: Delete the paragraphs in their entirety.

2.3 Section 41 22 17, Paragraph 1.5.A: Delete the paragraph and substitute: "Rail spacing shall be 2.1 m."

2.4 Section 41 22 18, Paragraph 1.5.A: Delete the paragraph and substitute: "Rail spacing shall be 2.1 m."
"""


def _write(root: Path, group: str = "crew") -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: mixed-targets\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n")
    (root / "documents" / "spec.md").write_text(_SPEC.format(label="0", seq=1, day="2026-02-10", more="", extra=""))
    (root / "documents" / "spec-r1.md").write_text(_SPEC.format(
        label="1", seq=2, day="2026-04-20", more=f"access: [{group}]\n",
        extra="\n3.7 JOINTS\n\nA. Joints at 3 m.\n\nB. Only the crew's revision has this paragraph.\n"))
    (root / "documents" / "sec.md").write_text(_SECRET.replace("[crew]", f"[{group}]"))
    (root / "documents" / "add-w.md").write_text(_ADDENDUM)
    return root


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    built = _write(tmp_path_factory.mktemp("mixed-targets") / "p")
    Project.ingest(built)
    return built


def _same(text: str, item: tuple[str, str]) -> str:
    """``text`` with the item's own number, paragraph (or section) and line numbers written alike."""
    locator, named = item
    text = text.replace(named, "<P>").replace(locator.partition("#")[2], "<N>")
    return re.sub(r'("line": )\d+|(add-w\.md:)\d+', lambda m: (m.group(1) or m.group(2)) + "<L>", text)


def _dump(value: Any) -> str:
    return json.dumps(value if isinstance(value, dict) else value.model_dump(mode="json"), sort_keys=True)


def _entries(listing: dict[str, Any], item: tuple[str, str]) -> str:
    """Every entry of a review listing about ``item``, its own words written alike."""
    about = {key: [e for e in value if item[0] in json.dumps(e)]
             for key, value in listing.items() if isinstance(value, list) and key != "withheld"}
    return _same(json.dumps(about, sort_keys=True), item)


def test_the_ingest_applies_neither_item(root: Path) -> None:
    """The premise: the graph holds no edge of either item, for anyone; the operator (every
    revision read) sees 2.1 proposed in full and 2.2's visible paragraph proposed."""
    with Project.open(root) as project:
        assert not [e for e in project.snapshot.store.supersedes() if e.by is not None and e.by.doc == "ADD-W"]
        listing = project.readings(groups=None)
    assert not [e for e in listing.applied if e.by.doc == "ADD-W"]
    assert sorted((str(p.item), str(p.target)) for p in listing.proposed if str(p.item) in (MIXED[0], ABSENT[0])) == [
        (MIXED[0], "SPEC-P#3.2.A"), (MIXED[0], "SPEC-P#3.7.B"), (ABSENT[0], "SPEC-P#3.2.A")]


# ---- the front (inforce.engine.Project) -----------------------------------------------------------


def test_show_and_history_read_alike_without_the_group(root: Path) -> None:
    with Project.open(root) as project:
        for ask in (project.show, project.history):
            mixed, absent = (_same(_dump(ask(item[0], groups=())), item) for item in (MIXED, ABSENT))
            assert mixed == absent, (ask.__name__, mixed, absent)
        assert project.show(MIXED[0], groups=()).edges == ()
        # nor does the paragraph both name show an edge of the mixed item
        assert [str(e.by) for e in project.show("SPEC-P@0#3.2.A", groups=()).edges] == []
        assert [str(v.locator) for v in project.history("SPEC-P#3.2.A", groups=()).versions
                if v.target is not None] == []


def test_the_crew_see_the_mixed_item_proposed_in_full(root: Path) -> None:
    from inforce.engine.addenda.view import UNSHARED_WHY

    with Project.open(root) as project:
        assert project.show(MIXED[0], groups=("crew",)).edges == ()
        listing = project.readings(groups=("crew",))
    assert sorted((str(p.target), p.evidence.why) for p in listing.proposed if str(p.item) == MIXED[0]) == [
        ("SPEC-P#3.2.A", UNSHARED_WHY), ("SPEC-P#3.7.B", UNSHARED_WHY)]
    assert not [n for n in listing.not_understood if str(n.item) == MIXED[0]]


def test_the_review_listing_reads_alike_without_the_group(root: Path) -> None:
    with Project.open(root) as project:
        listing = project.readings(groups=()).model_dump(mode="json")
    assert _entries(listing, MIXED) == _entries(listing, ABSENT)
    assert not [e for e in listing["applied"] if e["by"] == MIXED[0]]


def test_the_fronts_readings_and_review_left_without_groups_answer_an_asker_of_none(root: Path) -> None:
    """Audit 72 A L2: ``Project.readings()`` and ``review()`` (and ``replay()``) with ``groups``
    left out answered as the operator — every proposal, restricted items among them — where every
    other question of the front answers an asker of no group; None now asks for the operator's."""
    with Project.open(root) as project:
        left_out, public, operator = project.readings(), project.readings(groups=()), project.readings(groups=None)
        assert left_out == public and left_out != operator
        assert isinstance(project.review(MIXED[0], "accept", by="Ines Crew", target="SPEC-P#3.7.B"), Refusal)


def test_an_unreadable_documents_section_reads_as_one_the_project_does_not_hold(root: Path) -> None:
    with Project.open(root) as project:
        listing = project.readings(groups=()).model_dump(mode="json")
    why = {n["item"]: n["reason"] for n in listing["not_understood"]}
    assert why[SECRET[0]] == "names Section 41 22 17, which the project does not hold", why
    assert _same(why[SECRET[0]], SECRET) == _same(why[NOWHERE[0]], NOWHERE)
    assert _entries(listing, SECRET) == _entries(listing, NOWHERE)
    assert "SPEC-K" not in json.dumps(listing)
    with Project.open(root) as project:  # the crew: proposed, read in full; nothing not understood of it
        crew = project.readings(groups=("crew",))
    assert [str(p.target) for p in crew.proposed if str(p.item) == SECRET[0]] == ["SPEC-K#1.5.A"]
    assert not [n for n in crew.not_understood if str(n.item) == SECRET[0]]


# ---- the CLI -------------------------------------------------------------------------------------


def _cli(*args: str) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_the_cli_reads_the_items_alike_without_the_group(root: Path) -> None:
    for command in ("show", "history"):
        mixed, absent = (_same(_dump(_cli(command, str(root), item[0], "--format", "json")), item)
                         for item in (MIXED, ABSENT))
        assert mixed == absent, command
    for listing in (_cli("review", str(root), "--format", "json"),
                    _cli("ingest", str(root), "--derived", "--groups", "nobody", "--format", "json")["readings"]):
        assert _entries(listing, MIXED) == _entries(listing, ABSENT)
        assert _entries(listing, SECRET) == _entries(listing, NOWHERE)
        assert "SPEC-K" not in json.dumps(listing)


# ---- a decision on file: one rule in show and review -----------------------------------------------


def test_a_decision_reads_alike_in_show_and_review(tmp_path: Path) -> None:
    root = _write(tmp_path / "p")
    Project.ingest(root)
    with Project.open(root) as project:
        project.review(ABSENT[0], "accept", target="SPEC-P#3.2.A", by="Ines Crew", note="NOTEHERON",
                       groups=("crew",))
    Project.ingest(root)
    with Project.open(root) as project:
        for groups in ((), ("crew",)):
            shown = _dump(project.show(ABSENT[0], groups=groups))
            listed = _dump(project.readings(groups=groups))
            assert ("NOTEHERON" in shown) == ("NOTEHERON" in listed) is True, groups
