"""A restricted paragraph's existence does not show through a public addendum item (issue 23,
twenty-fifth audit, AUDIT-O 01).

SPEC-A revision 0 is public; revision 1, for ``owners`` only, adds paragraph 2.9.A. The public
addendum ADD-Q names 2.9.A in item 1.1 and 2.8.A (held by no revision) in item 1.2. An item is
read against the revisions every reader of it may read (``engine.addenda.view``, twenty-eighth
audit), so the ingest applies neither: to an asker without the group the two items read alike
in every command and format — no edge for either, both not understood, the same reason,
nothing withheld for one only — up to the item's own number, paragraph and line. The owners
(and the operator) see 1.1 proposed for review, read against every revision; once they accept
it, the edge is theirs to see, with origin ``review``, and still no one else's.
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

runner = CliRunner()
HIDDEN, ABSENT = ("ADD-Q#1.1", "2.9.A"), ("ADD-Q#1.2", "2.8.A")

_SPEC = """---
id: SPEC-A
kind: specification
title: Site paving
revision: "{label}"
seq: {seq}
issued: {day}
effective: {{from: {day}}}
recorded: {day}T08:00:00Z
{more}---
SECTION 32 12 16 - ASPHALT PAVING

PART 2 - PRODUCTS

2.1 MATERIALS

A. Base course thickness shall be not less than {base} inches.
{extra}"""

_ADDENDUM = """---
id: ADD-Q
kind: addendum
title: Addendum Seven
issued: 2026-05-12
effective: {from: 2026-05-12}
recorded: 2026-05-12T14:00:00Z
---
ADDENDUM NO. 7

1.1 Section 32 12 16, Paragraph 2.9.A: Delete "3,333 psi" and substitute "3,100 psi".

1.2 Section 32 12 16, Paragraph 2.8.A: Delete "3,333 psi" and substitute "3,100 psi".
"""


def _write(root: Path, group: str = "owners") -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: hidden-target\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n")
    (root / "documents" / "spec.md").write_text(_SPEC.format(
        label="0", seq=1, day="2026-03-09", more="", base=6, extra=""))
    (root / "documents" / "spec-r1.md").write_text(_SPEC.format(
        label="1", seq=2, day="2026-04-14", more=f"access: [{group}]\n", base=7,
        extra="\n2.9 SEALER\n\nA. Only the owners' revision says this: 3,333 psi.\n"))
    (root / "documents" / "add-q.md").write_text(_ADDENDUM)
    return root


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    built = _write(tmp_path_factory.mktemp("hidden-target") / "p")
    Project.ingest(built)
    return built


def _same(text: str, item: tuple[str, str]) -> str:
    """``text`` with the item's own number, paragraph and line numbers written alike."""
    locator, paragraph = item
    number = locator.partition("#")[2]
    text = text.replace(paragraph, "<P>").replace(number, "<N>")
    return re.sub(r'("line": )\d+|(add-q\.md:)\d+', lambda m: (m.group(1) or m.group(2)) + "<L>", text)


def _dump(value: Any) -> str:
    return json.dumps(value if isinstance(value, dict) else value.model_dump(mode="json"), sort_keys=True)


def _entries(listing: dict[str, Any], item: tuple[str, str]) -> str:
    """Every entry of a review listing (``readings``) about ``item``, item words alike."""
    about = {key: [e for e in value if item[0] in json.dumps(e)]
             for key, value in listing.items() if isinstance(value, list) and key != "withheld"}
    return _same(json.dumps(about, sort_keys=True), item)


# ---- the front (inforce.engine.Project) -----------------------------------------------------------


def test_show_and_history_read_alike_without_the_group(root: Path) -> None:
    with Project.open(root) as project:
        for ask in (project.show, project.history):
            hidden, absent = (_same(_dump(ask(item[0], groups=())), item) for item in (HIDDEN, ABSENT))
            assert hidden == absent, (ask.__name__, hidden, absent)
        shown = project.show(HIDDEN[0], groups=())
        assert shown.edges == () and shown.withheld == ()


def test_the_review_listing_reads_alike_without_the_group(root: Path) -> None:
    with Project.open(root) as project:
        listing = project.readings(groups=()).model_dump(mode="json")
    assert {n["item"] for n in listing["not_understood"]} == {HIDDEN[0], ABSENT[0]}
    assert listing["applied"] == [] and listing["proposed"] == []
    assert _entries(listing, HIDDEN) == _entries(listing, ABSENT)
    words = {n["item"]: n["words"] for n in listing["not_understood"]}
    assert words[HIDDEN[0]].startswith("1.1 Section 32 12 16, Paragraph 2.9.A"), words  # the item's own words


def test_the_owners_see_the_item_proposed_not_applied(root: Path) -> None:
    from inforce.engine.addenda.view import UNSHARED_WHY

    with Project.open(root) as project:
        assert project.show(HIDDEN[0], groups=("owners",)).edges == ()  # no reader of it decides it alone
        for listing in (project.readings(groups=("owners",)), project.readings(groups=None)):  # the operator likewise
            assert listing.applied == ()
            assert [(str(p.item), str(p.target), p.evidence.why) for p in listing.proposed] == [
                (HIDDEN[0], "SPEC-A#2.9.A", UNSHARED_WHY)]
            assert [str(n.item) for n in listing.not_understood] == [ABSENT[0]]


def test_accepted_by_the_owners_the_edge_is_theirs_alone(root: Path, tmp_path: Path) -> None:
    import shutil

    copy = tmp_path / "p"
    shutil.copytree(root, copy)
    with Project.open(copy) as project:
        project.review(HIDDEN[0], "accept", by="olga", groups=("owners",))
    ingested = Project.ingest(copy)  # the operator's listing: decided, so no longer proposed
    assert not [p for p in ingested.proposed if str(p.item) == HIDDEN[0]]
    with Project.open(copy) as project:
        (edge,) = project.show(HIDDEN[0], groups=("owners",)).edges
        assert str(edge.target) == "SPEC-A#2.9.A" and edge.origin == "review"
        hidden, absent = (_same(_dump(project.show(item[0], groups=())), item) for item in (HIDDEN, ABSENT))
        assert hidden == absent and "SPEC-A" not in hidden


# ---- the CLI, every format ------------------------------------------------------------------------


def _cli(*args: str) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (args, result.output)
    return result


@pytest.mark.parametrize("command", ["show", "history"])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_cli_show_and_history_read_alike_without_the_group(root: Path, command: str, fmt: str) -> None:
    hidden, absent = (_same(_cli(command, str(root), item[0], "--groups", "others", "-f", fmt).stdout, item)
                      for item in (HIDDEN, ABSENT))
    assert hidden == absent
    assert "SPEC-A" not in hidden  # nothing withheld: to this asker, 2.9.A does not exist
    owners = _cli(command, str(root), HIDDEN[0], "--groups", "owners", "-f", fmt).stdout
    assert "SPEC-A#2.9.A" not in owners  # proposed, not applied: no edge for anyone yet


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_cli_review_reads_alike_without_the_group(root: Path, fmt: str) -> None:
    result = _cli("review", str(root), "--groups", "others", "-f", fmt)
    if fmt == "json":
        listing = json.loads(result.stdout)
        assert _entries(listing, HIDDEN) == _entries(listing, ABSENT)
        assert {n["item"] for n in listing["not_understood"]} == {HIDDEN[0], ABSENT[0]}
    # (the text lists the pending proposals only: here none, for either item)
    lines = {item: sorted(_same(line, item) for line in result.output.splitlines() if item[0] in line)
             for item in (HIDDEN, ABSENT)}
    assert lines[HIDDEN] == lines[ABSENT], (lines, result.output)
    assert "SPEC-A#2.9.A" not in result.output


def test_cli_ingest_derived_reads_alike_without_the_group(root: Path, tmp_path: Path) -> None:
    """On the project as ingested, and on a first ingest run with the asker's groups (its
    warnings too: "SPEC-A#2.8.A does not exist" alone would tell 2.9.A apart)."""
    listing = json.loads(_cli("ingest", str(root), "--derived", "--groups", "others", "-f", "json").stdout)
    assert listing["derived"] == [] and listing["proposed"] == []
    for section in (listing, listing["readings"]):
        assert _entries(section, HIDDEN) == _entries(section, ABSENT)
    for fmt in ("text", "json"):
        fresh = _write(tmp_path / fmt)
        result = _cli("ingest", str(fresh), "--derived", "--groups", "others", "-f", fmt)
        said = result.stderr if fmt == "text" else result.stderr + result.stdout
        lines = {item: sorted(_same(line, item) for line in said.splitlines() if item[0] in line)
                 for item in (HIDDEN, ABSENT)}
        assert lines[HIDDEN] == lines[ABSENT], lines
        assert "2.8.A does not exist" not in said
    owners = json.loads(_cli("ingest", str(root), "--derived", "--groups", "owners", "-f", "json").stdout)
    assert owners["derived"] == []
    assert [(p["item"], p["target"]) for p in owners["proposed"]] == [(HIDDEN[0], "SPEC-A#2.9.A")]
