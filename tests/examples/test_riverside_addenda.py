"""The bundled riverside example's addenda, read at ingest (issue 21, item 6): the example holds
every section and sheet its two addenda name, so every item that changes the documents is applied
or proposed for review, none is left "not understood", the Division 00 items are counted as
skipped, and the items that only explain or list attachments stay quiet.

What each item changes is a document controller's reading of the addenda, written down item by
item below (targets a reader may name: the section or sheet the item names, or the paragraph or
callout it changes). Items are matched to what ingest reports by locator or, when the reader gave
an item a locator of its own, by the item's lines in the addendum file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.ontology.yamltext import load_marked

pytestmark = pytest.mark.slow

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "riverside-library"
FILES = {"ADD-01": "documents/addendum-01.md", "ADD-02": "documents/addendum-02.md"}

P, F = frozenset({"partial"}), frozenset({"full"})

#: change items: the targets a reader may name for each, with the scopes an applied edge may have
CHANGES: dict[str, dict[str, frozenset[str]]] = {
    # staging and parking area moved (01 50 00 §3.3.A; the item names the section only)
    "ADD-01#1.2": {"SPEC-015000": P, "SPEC-015000#3.3": P, "SPEC-015000#3.3.A": P},
    "ADD-01#1.3": {"SPEC-032000#2.2.B": F},  # declared in the front matter
    "ADD-01#1.4": {"SPEC-032000#3.3.C": P},  # declared
    "ADD-01#1.5": {"SPEC-033000#1.7.D": P},
    # Door 104A's hardware set (Hardware Set No. 4, 08 71 00 §3.5.D) gains an electrified lock
    "ADD-01#1.6": {"SPEC-087100": P, "SPEC-087100#3.5": P, "SPEC-087100#3.5.D": P},
    # spot elevation and slope of the entry walk (callout-2)
    "ADD-01#2.1": {"DWG-C-201": P, "DWG-C-201#callout-2": P},
    # Room 121 renamed (callout-5)
    "ADD-01#2.2": {"DWG-A-101": P, "DWG-A-101#callout-5": P},
    "ADD-02#1.2": {"SPEC-033000#2.5.C": F},
    "ADD-02#1.3": {"SPEC-033000#2.1.A": F},  # declared
    "ADD-02#1.4": {"SPEC-032000#2.1.D": F},
    "ADD-02#1.5": {"SPEC-033000#3.11": P},
    "ADD-02#1.6": {"SPEC-014500#1.6.A": P},
    # A-602 added to the drawing index (the architectural list, callout-6)
    "ADD-02#2.1": {"DWG-G-001": P, "DWG-G-001#callout-6": P},
    # Door 112A a pair of leaves (callout-3)
    "ADD-02#2.2": {"DWG-A-101": P, "DWG-A-101#callout-3": P},
    # two luminaires deleted (callout-4), their circuit ended in a handhole
    "ADD-02#2.3": {"DWG-E-101": P, "DWG-E-101#callout-4": P | F},
    # an answer that changes 03 30 00: pumped concrete submitted as a pump mixture, slump and air
    # measured at the pump line's discharge (2.1.D measures air at the point of delivery)
    "ADD-02#3.1": {"SPEC-033000": P, "SPEC-033000#2.1": P, "SPEC-033000#2.1.C": P, "SPEC-033000#2.1.D": P,
                   "SPEC-033000#3.11": P},
}
#: bidding requirements (Division 00): the pack's skip list counts them
SKIPPED = ("ADD-01#1.1", "ADD-02#1.1")
#: answers that only explain, attachment lists, and the text before the first heading
QUIET = ("ADD-01#preamble", "ADD-01#3.1", "ADD-01#3.2", "ADD-01#3.3", "ADD-01#4.1",
         "ADD-02#preamble", "ADD-02#3.2", "ADD-02#3.3", "ADD-02#3.4", "ADD-02#3.5", "ADD-02#4.1", "ADD-02#4.2")
#: clarifications a reviewer may be shown (restating 03 30 00 §3.3.C; who pays for tests): never applied
EITHER = ("ADD-01#3.4", "ADD-01#3.5")

_ITEM = re.compile(r"^(\d\.\d+) ")
_BOUNDARY = re.compile(r"^(\d\.\d+ |\d [A-Z]|END OF )")


def _lines(doc: str) -> dict[str, range]:
    """Each item's lines in its file (1-based, front matter counted): from its number to the line
    before the next item, heading or end; ``preamble`` is the text before the first heading."""
    lines = (EXAMPLE / FILES[doc]).read_text(encoding="utf-8").splitlines()
    body = [i for i, line in enumerate(lines, 1) if line == "---"][1] + 1
    starts = [i for i, line in enumerate(lines, 1) if i > body and _BOUNDARY.match(line)]
    found = {f"{doc}#preamble": range(body, starts[0])}
    for start, after in zip(starts, starts[1:] + [len(lines) + 1], strict=True):
        if number := _ITEM.match(lines[start - 1]):
            found[f"{doc}#{number.group(1)}"] = range(start, after)
    return found


ITEMS = {**_lines("ADD-01"), **_lines("ADD-02")}


def _bare(locator: str) -> str:
    """``ADD-02@0#1.3`` → ``ADD-02#1.3``."""
    doc, _, path = locator.partition("#")
    return doc.split("@")[0] + ("#" + path if path else "")


def _owner(locator: str, file: str | None, line: int | None) -> str | None:
    """The item of the table above an entry belongs to: by locator, else by its file and line."""
    bare = _bare(locator)
    for key in ITEMS:
        if bare == key or bare.startswith(key + "."):
            return key
    doc = bare.split("#")[0]
    if line is not None and file == FILES.get(doc):
        return next((key for key, span in ITEMS.items() if key.startswith(doc + "#") and line in span), None)
    return None


def _declared() -> list[dict]:
    """The example's declared supersedes edges (front matter), which are applied as written."""
    edges = []
    for file in FILES.values():
        front = (EXAMPLE / file).read_text(encoding="utf-8").split("---")[1]
        for entry in load_marked(front, file=file).get("supersedes", []):
            edges.append({"by": entry["by"], "target": entry["target"], "scope": entry["scope"],
                          "file": file, "line": None, "origin": "declared"})
    return edges


@pytest.fixture(scope="module")
def read(tmp_path_factory: pytest.TempPathFactory, ingested_example) -> dict:
    """``inforce ingest --derived --format json`` on a copy of the run's one ingest of the example
    (the addenda were read by that ingest; ``--derived`` lists the readings as the graph holds
    them, the same as a first ingest's): the project's readings (applied, proposed, not
    understood, skipped), each applied or proposed entry with the item of the table above it
    belongs to (``owner``)."""
    root = ingested_example.copy("riverside-library", tmp_path_factory.mktemp("riverside") / "riverside-library")
    result = CliRunner().invoke(app, ["ingest", str(root), "--derived", "--format", "json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    readings = summary.get("readings") or {
        "applied": summary["derived"], "proposed": summary["proposed"],
        "not_understood": summary["not_understood"], "skipped": summary["skipped_items"]}
    applied = [*readings["applied"], *_declared()]
    for entry in applied:
        entry["owner"] = _owner(entry["by"], entry.get("file"), entry.get("line"))
    for entry in readings["proposed"]:
        entry["owner"] = _owner(entry["item"], entry.get("file"), entry.get("line"))
    return {"applied": applied, "proposed": list(readings["proposed"]),
            "not_understood": list(readings["not_understood"]), "skipped": dict(readings["skipped"])}


def _show(entries: list[dict]) -> list[str]:
    return [f"{e.get('by') or e['item']} → {e['target']} ({e['scope']}, {e.get('file')}:{e.get('line')})"
            for e in entries]


def test_the_table_covers_every_item_of_both_addenda() -> None:
    numbered = {key for key in ITEMS if not key.endswith("#preamble")}
    quiet = {item for item in QUIET if not item.endswith("#preamble")}
    assert numbered == set(CHANGES) | set(SKIPPED) | quiet | set(EITHER)
    assert len(CHANGES) == 16


def test_every_section_and_sheet_the_addenda_name_is_in_the_example() -> None:
    text = "\n".join((EXAMPLE / file).read_text(encoding="utf-8") for file in FILES.values())
    sections = {m.replace(" ", "") for m in re.findall(r"Sections? (\d\d \d\d \d\d)", text)}
    sections |= {m.replace(" ", "") for m in re.findall(r"Sections \d\d \d\d \d\d and (\d\d \d\d \d\d)", text)}
    sheets = set(re.findall(r"Sheet ([A-Z]-\d{3})", text))
    held = {path.read_text(encoding="utf-8") for path in (EXAMPLE / "documents").iterdir()}
    for number in sorted(sections):
        title = f"Section {number[:2]} {number[2:4]} {number[4:]}"
        assert any(f"title: {title}" in doc for doc in held) or number == "005200", title
    for sheet in sorted(sheets):
        assert any(f"sheet: {sheet}\n" in doc for doc in held), sheet
    # 00 52 00 is the form of Agreement, held as AGR-001 (its Article 1.2 the order of precedence)
    assert any("id: AGR-001" in doc and "1.2 Order of Precedence" in doc for doc in held)


@pytest.mark.parametrize("item", sorted(CHANGES))
def test_a_change_item_is_applied_or_proposed_with_the_target_it_changes(read: dict, item: str) -> None:
    accepted = CHANGES[item]
    applied = [e for e in read["applied"] if e["owner"] == item]
    proposed = [e for e in read["proposed"] if e["owner"] == item]
    wrong = [e for e in applied if e["scope"] not in accepted.get(_bare(e["target"]), frozenset())]
    assert not wrong, f"{item} applied with a target or scope it does not change: {_show(wrong)}"
    fitting = [e for e in applied + proposed if _bare(e["target"]) in accepted]
    assert fitting, (f"{item} is neither applied nor proposed with any of {sorted(accepted)}; "
                     f"applied {_show(applied)}, proposed {_show(proposed)}")


@pytest.mark.parametrize("item", sorted(CHANGES))
def test_a_change_item_proposes_nothing_it_does_not_change(read: dict, item: str) -> None:
    stray = [e for e in read["proposed"] if e["owner"] == item and _bare(e["target"]) not in CHANGES[item]]
    assert not stray, f"{item} proposes targets it does not change: {_show(stray)}"


def test_a_declared_edge_is_not_proposed_again(read: dict) -> None:
    # ADD-01 1.3, 1.4 and ADD-02 1.3 are declared in the front matter: in force, nothing to review
    declared = {(_bare(e["by"]), _bare(e["target"])) for e in _declared()}
    again = [e for e in read["proposed"] if (e["owner"], _bare(e["target"])) in declared]
    assert not again, f"declared edges proposed for review: {_show(again)}"


def test_nothing_is_left_not_understood(read: dict) -> None:
    # every target the addenda name is in the example, so nothing may be reported unread
    assert read["not_understood"] == [], [
        f"{e['item']} ({e['file']}:{e['line']}): {e.get('reason') or e['words']}" for e in read["not_understood"]]


@pytest.mark.parametrize("item", QUIET)
def test_an_item_that_changes_nothing_applies_and_proposes_nothing(read: dict, item: str) -> None:
    found = [e for e in read["applied"] + read["proposed"] if e["owner"] == item]
    assert not found, f"{item} changes nothing, yet: {_show(found)}"


@pytest.mark.parametrize("item", EITHER)
def test_a_clarification_is_never_applied(read: dict, item: str) -> None:
    assert not [e for e in read["applied"] if e["owner"] == item]


def test_division_00_items_are_counted_as_skipped_not_listed(read: dict) -> None:
    assert read["skipped"].get("INF-S001", 0) >= len(SKIPPED)
    listed = [e for e in read["applied"] + read["proposed"] if e["owner"] in SKIPPED]
    listed += [e for e in read["not_understood"] if _owner(e["item"], e["file"], e["line"]) in SKIPPED]
    assert not listed, listed


def test_every_entry_belongs_to_an_item_of_the_addenda(read: dict) -> None:
    strays = [e for e in read["applied"] + read["proposed"] if e["owner"] is None]
    assert not strays, _show(strays)
