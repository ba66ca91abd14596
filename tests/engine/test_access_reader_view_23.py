"""An addendum is read against the revisions every reader of it may read (issue 23,
twenty-eighth audit, AUDIT-T 01-06; ``engine.addenda.view``).

Each test sets an item naming something only a restricted revision or document holds beside the
same item naming something no revision holds, and asks, as someone without the group, every
command the finding names: the two read alike up to the item's own number, name and line, and
the restricted document's id is never told. The operator and the owners see the first item
proposed, read against every revision (``UNSHARED_WHY``).

- ``sheets``: DWG-S-310 revision 0 is public, revision 1 (``owners``, in force until the end of
  May, then revision 0 resumes) adds Note 2; sheet S-420 (DWG-S-420) is wholly ``owners``. The public
  ADD-G names Note 2 and Note 3 of S-310 (items 1, 2: AUDIT-T 03), Note 1 of S-420 and of S-421
  (items 3, 4: 02) and replaces sheet S-420 and S-421 whole (items 5, 6: 01).
- ``sections``: SPEC-H, titled "Section 08 71 11 Vault Hardware", is wholly ``owners``. The public
  ADD-K deletes section 08 71 11 and 08 71 12 whole (3.1, 3.2: 01), and article 2.1 of a section
  no document holds, once with SPEC-H's title words and once with words no title has (3.3, 3.4: 05).
- ``mixed``: two projects alike but for ADD-N#1.1, which deletes SPEC-M's paragraphs 2.1.B and
  2.9.A (2.9.A held only by revision 1, ``owners``, in force in May, then revision 0 resumes) in
  one and 2.1.B and 2.8.A (held by no revision) in the other: on 2026-06-01 every dated answer
  (04) and ``rules impact`` (06) read alike.
"""

from __future__ import annotations

import datetime as dt
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
NOBODY: tuple[str, ...] = ()
JUNE = dt.date(2026, 6, 1)

# ---- the projects --------------------------------------------------------------------------------

_SHEET = """id: DWG-{sheet}
kind: drawing
sheet: {sheet}
title: {title}
revision: "{label}"
seq: {seq}
issued: {day}
effective: {{from: {day}{until}}}
recorded: {day}T09:00:00Z
{more}callouts:
{callouts}"""

_NOTE = '  - id: note-{n}\n    text: "NOTE {n}: {text}"\n'

_ADD_G = """---
id: ADD-G
kind: addendum
title: Addendum Three
issued: 2026-05-12
effective: {from: 2026-05-12}
recorded: 2026-05-12T14:00:00Z
---
ADDENDUM NO. 3

Item #1: Contract Plan Set, Sheet S-310, Note 2; Change "300 MM THICK" to "350 MM THICK".

Item #2: Contract Plan Set, Sheet S-310, Note 3; Change "300 MM THICK" to "350 MM THICK".

Item #3: Contract Plan Set, Sheet S-420, Note 1; Change "250 MM HIGH" to "280 MM HIGH".

Item #4: Contract Plan Set, Sheet S-421, Note 1; Change "250 MM HIGH" to "280 MM HIGH".

Item #5: Contract Plan Set; Replace plan sheet S-420 with the attached revised sheet.

Item #6: Contract Plan Set; Replace plan sheet S-421 with the attached revised sheet.
"""


def write_sheets(root: Path) -> Path:
    docs = root / "documents"
    docs.mkdir(parents=True)
    (root / "inforce.yaml").write_text(
        "project: reader-sheets\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n")
    footing = _NOTE.format(n=1, text="WALL FOOTING 900 MM WIDE.")
    (docs / "s310.drawing.yaml").write_text(_SHEET.format(
        sheet="S-310", title="Retaining Wall Plan", label="0", seq=1, day="2026-04-06", until="", more="",
        callouts=footing))
    (docs / "s310r1.drawing.yaml").write_text(_SHEET.format(
        sheet="S-310", title="Retaining Wall Plan", label="1", seq=2, day="2026-04-20", until=", until: 2026-05-31",
        more="on_lapse: resume_previous\naccess: [owners]\n",
        callouts=footing + _NOTE.format(n=2, text="DRAIN ROCK LAYER 300 MM THICK HERONWORD.")))
    (docs / "s420.drawing.yaml").write_text(_SHEET.format(
        sheet="S-420", title="Pump Room Plan", label="0", seq=1, day="2026-04-06", until="",
        more="access: [owners]\n", callouts=_NOTE.format(n=1, text="PUMP PLINTH 250 MM HIGH IBISWORD.")))
    (docs / "add-g.md").write_text(_ADD_G)
    return root


_SPEC_H = """---
id: SPEC-H
kind: specification
title: Section 08 71 11 Vault Hardware
issued: 2026-03-02
effective: {from: 2026-03-02}
recorded: 2026-03-02T08:00:00Z
access: [owners]
---
SECTION 08 71 11 - VAULT HARDWARE

PART 2 - PRODUCTS

2.1 HINGES

A. Hinge pins shall be stainless steel, 19 mm in diameter.
"""

_SPEC_Y = """---
id: SPEC-Y
kind: specification
title: Section 32 31 13 Fences
issued: 2026-03-02
effective: {from: 2026-03-02}
recorded: 2026-03-02T08:00:00Z
---
SECTION 32 31 13 - CHAIN LINK FENCES

PART 2 - PRODUCTS

2.1 POSTS

A. Line posts shall be spaced not more than 3 m apart.
"""

_ADD_K = """---
id: ADD-K
kind: addendum
title: Addendum Six
issued: 2026-05-12
effective: {from: 2026-05-12}
recorded: 2026-05-12T14:00:00Z
---
ADDENDUM NO. 6

3.1 Section 08 71 11: Delete the section in its entirety.

3.2 Section 08 71 12: Delete the section in its entirety.

3.3 Specification Section 08 71 19 - Vault Hardware, Article 2.1: Delete the article in its entirety.

3.4 Specification Section 08 71 19 - Gate Latches, Article 2.1: Delete the article in its entirety.
"""


def write_sections(root: Path) -> Path:
    docs = root / "documents"
    docs.mkdir(parents=True)
    (root / "inforce.yaml").write_text(
        "project: reader-sections\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n")
    (docs / "spec-h.md").write_text(_SPEC_H)
    (docs / "spec-y.md").write_text(_SPEC_Y)
    (docs / "add-k.md").write_text(_ADD_K)
    return root


_SPEC_M = """---
id: SPEC-M
kind: specification
title: Section 03 30 00 Cast-in-Place Concrete
revision: "{label}"
seq: {seq}
issued: {day}
effective: {{from: {day}{until}}}
recorded: {day}T08:00:00Z
{more}---
SECTION 03 30 00 - CAST-IN-PLACE CONCRETE

PART 2 - PRODUCTS

2.1 MIXTURES

A. Footing concrete compressive strength at 28 days shall be not less than 3,800 psi.

B. Slab concrete compressive strength at 28 days shall be not less than 4,300 psi.
{extra}"""

_ADD_N = """---
id: ADD-N
kind: addendum
title: Addendum Five
issued: 2026-05-12
effective: {{from: 2026-05-12}}
recorded: 2026-05-12T14:00:00Z
---
ADDENDUM NO. 5

1.1 Section 03 30 00, Paragraphs 2.1.B and {other}: Delete the paragraphs in their entirety.
"""


def write_mixed(root: Path, other: str) -> Path:
    docs = root / "documents"
    docs.mkdir(parents=True)
    (root / "inforce.yaml").write_text(
        "project: reader-mixed\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n")
    (docs / "m0.md").write_text(_SPEC_M.format(label="0", seq=1, day="2026-03-01", until="", more="", extra=""))
    (docs / "m1.md").write_text(_SPEC_M.format(
        label="1", seq=2, day="2026-05-01", until=", until: 2026-05-31",
        more='on_lapse: resume_previous\nchanged: ["2.9"]\naccess: [owners]\n',
        extra="\n2.9 VAULT\n\nA. Vault wall concrete strength at 28 days shall be not less than 7,100 psi OWLWORD.\n"))
    (docs / "add-n.md").write_text(_ADD_N.format(other=other))
    return root


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = write_sheets(tmp_path_factory.mktemp("reader-sheets") / "p")
    Project.ingest(root)
    return root


@pytest.fixture(scope="module")
def sections(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = write_sections(tmp_path_factory.mktemp("reader-sections") / "p")
    Project.ingest(root)
    return root


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The project whose item names a paragraph only the owners' revision holds (``hidden``) and
    the one whose item names a paragraph no revision holds (``absent``)."""
    built = {}
    for name, other in (("hidden", "2.9.A"), ("absent", "2.8.A")):
        built[name] = write_mixed(tmp_path_factory.mktemp(f"reader-mixed-{name}") / "p", other)
        Project.ingest(built[name])
    return built


# ---- reading alike -------------------------------------------------------------------------------

#: what differs between two answers of the same question however they are asked
_VOLATILE = {"index_build", "audit", "seconds", "decided_at", "answer_sha256", "configuration"}


def _scrub(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _scrub(v) for k, v in value.items() if k not in _VOLATILE}
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    return value


def _same(value: Any, *names: str) -> str:
    """``value`` as JSON with ``names`` (the item's own number and what it names) put as N and
    line numbers written alike."""
    if hasattr(value, "model_dump"):
        value = value.model_dump(mode="json")
    text = json.dumps(_scrub(value), sort_keys=True)
    for name in names:
        text = text.replace(name, "N")
    return re.sub(r'("line": )\d+|(\.md:)\d+', lambda m: m.group(1) + '"L"' if m.group(1) else m.group(2) + "L", text)


def _entries(listing: dict[str, Any], item: str, *names: str) -> str:
    """Every entry of a review listing about ``item``, its own words written alike."""
    about = {key: [e for e in value if item in json.dumps(e)]
             for key, value in listing.items() if isinstance(value, list) and key != "withheld"}
    return _same(about, item, *names)


def _where(listing: dict[str, Any], item: str) -> list[str]:
    return sorted(key for key in ("applied", "proposed", "not_understood") for e in listing[key]
                  if e.get("item", e.get("by")) == item)


def _unshared_why() -> str:
    """Why an item read against every revision is proposed (imported where used: the old tree,
    against which these tests are checked to fail, lacks the module)."""
    from inforce.engine.addenda.view import UNSHARED_WHY

    return UNSHARED_WHY


def _cli(*args: str, codes: tuple[int, ...] = (0,)) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exit_code in codes, result.output
    return json.loads(result.output)


def _listings(root: Path) -> list[dict[str, Any]]:
    """The review listing as an asker without the group gets it, by ``review`` and by ``ingest --derived``."""
    return [_cli("review", str(root), "--format", "json"),
            _cli("ingest", str(root), "--derived", "--groups", "nobody", "--format", "json")["readings"]]


# ---- AUDIT-T 01: an item naming a whole restricted document ------------------------------------------


def test_01_an_item_naming_a_whole_restricted_document_reads_as_one_naming_none(sheets: Path, sections: Path) -> None:
    pairs = [(sheets, ("ADD-G#item-5", "item-5", "Item #5", "S-420"), ("ADD-G#item-6", "item-6", "Item #6", "S-421"), "DWG-S-420"),
             (sections, ("ADD-K#3.1", "3.1", "08 71 11"), ("ADD-K#3.2", "3.2", "08 71 12"), "SPEC-H")]
    for root, hidden, absent, secret in pairs:
        with Project.open(root) as project:
            for ask in (project.show, project.history):
                seen = [_same(ask(names[0], groups=NOBODY), *names[1:]) for names in (hidden, absent)]
                assert seen[0] == seen[1], (ask.__name__, seen)
                assert secret not in seen[0]
            assert project.show(hidden[0], groups=NOBODY).edges == ()
            listing = project.readings(groups=NOBODY).model_dump(mode="json")
            assert _entries(listing, hidden[0], *hidden[1:]) == _entries(listing, absent[0], *absent[1:])
            assert secret not in json.dumps(listing)
            # the operator and the owners: proposed, read against every revision, never applied
            for groups in (None, ("owners",)):
                seen_by = project.readings(groups=groups)
                assert [(str(p.target), p.evidence.why) for p in seen_by.proposed if str(p.item) == hidden[0]] == [
                    (secret, _unshared_why())], groups
                assert not [e for e in seen_by.applied if str(e.by) == hidden[0]]
        for command in ("show", "history"):
            seen = [_same(_cli(command, str(root), names[0], "--format", "json"), *names[1:])
                    for names in (hidden, absent)]
            assert seen[0] == seen[1], command
            assert secret not in seen[0]


# ---- AUDIT-T 02: a callout of a wholly restricted sheet -------------------------------------------------


def test_02_a_callout_of_a_restricted_sheet_is_not_understood_as_one_of_a_sheet_none_holds(sheets: Path) -> None:
    hidden, absent = ("ADD-G#item-3", "item-3", "Item #3", "S-420"), ("ADD-G#item-4", "item-4", "Item #4", "S-421")
    for listing in _listings(sheets):
        why = {n["item"]: n["reason"] for n in listing["not_understood"]}
        assert why[hidden[0]] == "names Sheet S-420, which the project does not hold", why
        assert _same(why[hidden[0]], "S-420") == _same(why[absent[0]], "S-421")
        assert _entries(listing, hidden[0], *hidden[1:]) == _entries(listing, absent[0], *absent[1:])
        assert "DWG-S-420" not in json.dumps(listing)
    with Project.open(sheets) as project:  # the owners read the sheet: the note is proposed to them
        owners = project.readings(groups=("owners",))
    assert [str(p.target) for p in owners.proposed if str(p.item) == hidden[0]] == ["DWG-S-420#note-1"]
    assert not [n for n in owners.not_understood if str(n.item) == hidden[0]]


# ---- AUDIT-T 03: a callout only a restricted revision of a sheet holds -----------------------------------


def test_03_a_callout_only_a_restricted_revision_holds_is_listed_as_one_no_revision_holds(sheets: Path) -> None:
    hidden, absent = ("ADD-G#item-1", "item-1", "Item #1", "Note 2"), ("ADD-G#item-2", "item-2", "Item #2", "Note 3")
    for listing in _listings(sheets):
        assert _where(listing, hidden[0]) == _where(listing, absent[0])
        assert _entries(listing, hidden[0], *hidden[1:]) == _entries(listing, absent[0], *absent[1:])
        assert "note-2" not in json.dumps(listing) and "HERONWORD" not in json.dumps(listing)
    with Project.open(sheets) as project:
        for ask in (project.show, project.history):
            seen = [_same(ask(names[0], groups=NOBODY), *names[1:]) for names in (hidden, absent)]
            assert seen[0] == seen[1], ask.__name__
        owners = project.readings(groups=("owners",))
    assert [str(p.target) for p in owners.proposed if str(p.item) == hidden[0]] == ["DWG-S-310#note-2"]


# ---- AUDIT-T 04: every dated answer on the day the public revision decides ---------------------------------


_CLAIM = "Slab concrete compressive strength at 28 days shall be not less than 4,300 psi."


def _answer(groups: tuple[str, ...] = NOBODY) -> dict[str, Any]:
    return {"question": "q", "context": {"valid_at": JUNE.isoformat(), "known_at": None, "groups": list(groups)},
            "claims": [{"text": _CLAIM, "citations": [{"locator": "SPEC-M#2.1.B", "quote": "not less than 4,300 psi"}]}]}


def _asked(project: Project) -> dict[str, Any]:
    """Each command's answer as an asker without the group gets it on the public day (an error
    as its kind and message: an answer one item gives and the other refuses differs too)."""
    from inforce.ontology import Context
    from inforce.ontology.errors import InforceError

    def verdict() -> dict[str, Any]:
        said = project.check(Answer.model_validate(_answer())).model_dump(mode="json")
        return {k: said[k] for k in ("verdict", "reason", "claims")}

    asks = {
        "asof": lambda: project.asof("SPEC-M#2.1.B", JUNE, groups=NOBODY),
        "check": verdict,
        "resolve": lambda: project.resolve("slab concrete strength", Context(valid_at=JUNE, groups=())),
        "facts": lambda: project.facts("concrete.compressive_strength", JUNE, groups=NOBODY),
        "precedence": lambda: project.precedence("SPEC-M#2.1.A", "SPEC-M#2.1.B", JUNE, groups=NOBODY),
        "sweep": lambda: project.sweep(JUNE, groups=NOBODY),
        "history": lambda: project.history("SPEC-M#2.1.B", groups=NOBODY),
        "show": lambda: project.show("SPEC-M@0#2.1.B", groups=NOBODY),
        "review": lambda: project.readings(groups=NOBODY),
    }
    said: dict[str, Any] = {}
    for command, ask in asks.items():
        try:
            said[command] = ask()
        except InforceError as error:
            said[command] = {"error": type(error).__name__, "message": str(error)}
    return said


def test_04_every_dated_answer_reads_alike_on_the_public_day(mixed: dict[str, Path], tmp_path: Path) -> None:
    said = {}
    for name, root in mixed.items():
        with Project.open(root) as project:
            said[name] = {k: _same(v, "2.9.A", "2.8.A") for k, v in _asked(project).items()}
    differ = [command for command in said["hidden"] if said["hidden"][command] != said["absent"][command]]
    assert differ == [], {command: (said["hidden"][command], said["absent"][command]) for command in differ}
    for command in said["hidden"]:
        assert "OWLWORD" not in said["hidden"][command] and "SPEC-M@1" not in said["hidden"][command], command
    hidden = {k: json.loads(v) for k, v in said["hidden"].items()}
    # what would differ were the item applied: 2.1.B in force, cited fine, its figure a fact, in the sweep
    assert hidden["asof"]["in_force"] is True and hidden["asof"]["resolved"] == "SPEC-M@0#2.1.B"
    assert [c["status"] for c in hidden["check"]["claims"]] == ["ok"]
    assert "SPEC-M@0#2.1.B" in [p["locator"] for p in hidden["resolve"]["provisions"]]
    assert [f["quantity"]["value"] for f in hidden["facts"]["facts"] if f["locator"] == "SPEC-M#2.1.B"] == [4300.0]
    # the item's reading against the revisions its readers share, shown as to any asker: its
    # proposal to the public revision's 2.1.B, listed for review and escalated by the sweep
    # (HH-01: it had been left out, judged by SPEC-M's restricted revision)
    assert [sorted(p["locator"] for p in f["provisions"]) for f in hidden["sweep"]["findings"]] == [
        ["SPEC-M#2.1.A", "SPEC-M#2.1.B"], ["ADD-N#1.1", "SPEC-M#2.1.B"]]
    assert [p["target"] for p in hidden["review"]["proposed"]] == ["SPEC-M#2.1.B"]
    with Project.open(mixed["hidden"]) as project:  # the graph holds no edge of the item; the owners review it
        assert not [e for e in project.snapshot.store.supersedes() if e.by is not None and e.by.doc == "ADD-N"]
        owners = project.readings(groups=("owners",))
    assert sorted((str(p.target), p.evidence.why) for p in owners.proposed if str(p.item) == "ADD-N#1.1") == [
        ("SPEC-M#2.1.B", _unshared_why()), ("SPEC-M#2.9.A", _unshared_why())]
    # the CLI's check, as the asker gives it
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps(_answer()))
    seen = []
    for root in mixed.values():
        result = runner.invoke(app, ["check", str(root), "--answer", str(answer), "--format", "json"])
        assert result.exit_code == 0, result.output
        out = json.loads(result.output)
        seen.append(_same({k: out[k] for k in ("verdict", "reason", "claims")}))
    assert seen[0] == seen[1]
    assert json.loads(seen[0])["claims"][0]["status"] == "ok"


# ---- AUDIT-T 05: an item whose words match a restricted document's title ---------------------------------


def test_05_a_title_only_a_restricted_document_has_is_not_told(sections: Path) -> None:
    hidden, absent = ("ADD-K#3.3", "3.3", "Vault Hardware"), ("ADD-K#3.4", "3.4", "Gate Latches")
    with Project.open(sections) as project:
        listings = [project.readings(groups=NOBODY).model_dump(mode="json"), *_listings(sections)]
        owners = project.readings(groups=("owners",))
    for listing in listings:
        why = {n["item"]: n["reason"] for n in listing["not_understood"]}
        assert why[hidden[0]] == why[absent[0]] == "names Section 08 71 19, which the project does not hold", why
        assert _entries(listing, hidden[0], *hidden[1:]) == _entries(listing, absent[0], *absent[1:])
        assert "SPEC-H" not in json.dumps(listing) and listing["withheld"] == []
    # the owners: proposed to the titled document's article, the other not understood
    assert [str(p.target) for p in owners.proposed if str(p.item) == hidden[0]] == ["SPEC-H#2.1"]
    assert [str(p.target) for p in owners.proposed if str(p.item) == absent[0]] == []


# ---- AUDIT-T 06: rules impact -------------------------------------------------------------------------


def test_06_rules_impact_counts_alike_without_the_group(mixed: dict[str, Path], tmp_path: Path) -> None:
    stock = Path(__file__).resolve().parents[2] / "rules" / "stock" / "supersession" / "csi-addenda.yaml"
    text = stock.read_text()
    line = '      - pattern: "rejected"\n'
    assert line in text
    pack = tmp_path / "csi-addenda.yaml"  # the item is no longer read as a change
    pack.write_text(text.replace(line, line + '      - pattern: "in their entirety"\n', 1))

    def impact(root: Path, groups: str) -> dict[str, Any]:
        report = _cli("rules", "impact", str(root), "--pack", str(pack), "--valid-at", JUNE.isoformat(),
                      "--groups", groups, "--format", "json", codes=(0, 1))
        return {"sources": {s["source"]: s for s in report["sources"]},
                "changes": _same(report["changes"], "2.9.A", "2.8.A")}

    nobody = {name: impact(root, "nobody") for name, root in mixed.items()}
    assert nobody["hidden"] == nobody["absent"]
    assert nobody["hidden"]["sources"]["supersession"]["changed"] == 1  # the item stops being read as a change
    assert "OWLWORD" not in json.dumps(nobody["hidden"]) and "2.9" not in json.dumps(nobody["hidden"])
    # the owners may read 2.9.A: to them the hidden paragraph's precedence decisions count too
    owners = impact(mixed["hidden"], "owners")["sources"]["precedence"]
    assert owners["decisions"] > nobody["hidden"]["sources"]["precedence"]["decisions"], owners
