"""Lows of the twenty-fifth audit (issue 23), each on the command line or at the one function
deciding it: ``rules new`` beside an edited schema copy, two legends defining one abbreviation
differently, and a review entry recorded in the future."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()


def invoke(*args: object, code: int = 0):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == code, result.output
    return result


# ---- rules new beside an edited schema copy ---------------------------------------------------


def test_rules_new_refuses_to_replace_an_edited_schema_copy(tmp_path: Path):
    schema = tmp_path / "rule-pack.schema.json"
    invoke("rules", "new", tmp_path / "a.yaml")
    edited = schema.read_text("utf-8").replace('"title"', '"title" ', 1) + "\n"
    schema.write_text(edited, "utf-8")
    result = invoke("rules", "new", tmp_path / "b.yaml", code=2)
    assert "rule-pack.schema.json" in result.output and "differs" in result.output
    assert schema.read_text("utf-8") == edited  # the user's edit kept
    assert not (tmp_path / "b.yaml").exists()  # and nothing written
    assert "Never" in invoke("rules", "new", "--help").output  # said in its help


def test_rules_new_on_a_folder_says_it_is_a_folder(tmp_path: Path):
    """Audit 80 B L4: `rules new FOLDER` said "a file already exists here"."""
    result = invoke("rules", "new", tmp_path, code=2)
    assert "this is a folder: rules new writes a new pack file" in result.output, result.output
    assert "already exists" not in result.output
    assert list(tmp_path.iterdir()) == []


# ---- two legends defining one abbreviation differently ----------------------------------------

SHEET = """\
id: {id}
kind: drawing
sheet: {sheet}
title: Sheet {sheet}
effective: {{from: 2026-02-09}}
recorded: 2026-02-09T08:00:00Z
callouts:
  - id: callout-1
    text: "{text}"
"""

COVER_SPEC = """\
---
id: SPEC-7
kind: specification
title: Concrete
effective: {from: 2026-02-09}
recorded: 2026-02-09T08:00:00Z
---
SECTION 03 20 00 - REINFORCING

3.2 PLACING

A. Concrete cover to reinforcement in pile caps: not less than 50 mm.
"""


def _legend_project(root: Path, second: str | None) -> Path:
    """A public sheet written in a shorthand only a legend spells out, a legend sheet defining
    it as ``clear``, and (``second``) another public legend sheet giving it other words."""
    documents = root / "documents"
    documents.mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: legend-conflict\nfacets: []\nrules: []\n", encoding="utf-8")
    (documents / "spec.md").write_text(COVER_SPEC, encoding="utf-8")
    (documents / "S-210.drawing.yaml").write_text(
        SHEET.format(id="DWG-S-210", sheet="S-210", text="75 MM XKW. TO UNDERSIDE OF PILE CAPS"), encoding="utf-8")
    (documents / "G-020.drawing.yaml").write_text(
        SHEET.format(id="DWG-G-020", sheet="G-020", text="SEE SPECIFICATION") + "abbreviations:\n  XKW.: clear\n",
        encoding="utf-8")
    if second is not None:
        (documents / "G-021.drawing.yaml").write_text(
            SHEET.format(id="DWG-G-021", sheet="G-021", text="SEE SPECIFICATION")
            + f"abbreviations:\n  XKW: {second}\n", encoding="utf-8")
    return root


def _cover_facts(root: Path) -> list[tuple[str, str]]:
    import datetime as dt

    from inforce.engine import Project

    with Project.open(root) as project:
        facts = project.facts(None, dt.date(2026, 5, 1), groups=())
    return [(str(f.locator), f.text) for f in facts.facts if f.subject == "concrete.cover"]


def test_two_legends_defining_an_abbreviation_differently_bind_neither_and_are_named(tmp_path: Path):
    from inforce.adapters.ingest.pipeline import ingest_project

    agreeing = _legend_project(tmp_path / "agreeing", second="clear")  # the same words twice: no conflict
    assert not [w for w in ingest_project(agreeing).warnings if "defined differently" in w.message]
    assert ("DWG-S-210#callout-1", "75 MM") in _cover_facts(agreeing)
    differing = _legend_project(tmp_path / "differing", second="crossing wall")
    (warning,) = [w for w in ingest_project(differing).warnings if "defined differently" in w.message]
    assert "DWG-G-020" in warning.message and "DWG-G-021" in warning.message and "neither" in warning.message
    assert (warning.file, warning.field) == ("documents/G-020.drawing.yaml", "abbreviations")
    assert ("DWG-S-210#callout-1", "75 MM") not in _cover_facts(differing)  # the figure is bound by neither


# ---- a review entry recorded in the future ------------------------------------------------------

REVIEWS = """\
- item: ADD-01#1.2
  target: SPEC-015000
  decision: reject
  by: Ana
  at: 2026-03-10T10:00:00Z
- item: ADD-01#1.6
  target: SPEC-087100
  decision: reject
  by: Ana
  at: 2999-03-10T10:00:00Z
"""


def test_a_review_entry_recorded_in_the_future_is_a_warning_at_its_line(tmp_path: Path):
    import shutil

    root = tmp_path / "p"
    shutil.copytree(Path(__file__).parents[2] / "examples" / "riverside-library", root)
    (root / "reviews.yaml").write_text(REVIEWS, encoding="utf-8")
    output = invoke("ingest", root).output  # never refused: the decisions stand
    said = [line for line in output.splitlines() if "recorded in the future" in line]
    assert len(said) == 1 and "reviews.yaml:6" in said[0] and "ADD-01#1.6" in said[0], output
    assert "ADD-01#1.2" not in " ".join(said)  # an entry of the past is not
    assert "SPEC-087100" not in invoke("review", root).output  # the decision applied: no longer pending


# ---- rules impact --groups "": a decision on a day only the public revision is in force ---------


def _mixed_revisions(tmp_path: Path) -> tuple[Path, Path]:
    """The library project with a restricted revision 1 of sheet S-101 taking effect in
    September (revision 0, public, is in force before), and a precedence pack ranking
    specifications above drawings (so the footing-strength conflict changes hands)."""
    import shutil

    examples = Path(__file__).parents[2] / "examples"
    root = tmp_path / "p"
    shutil.copytree(examples / "riverside-library", root)
    sheet = (root / "documents" / "S-101.drawing.yaml").read_text("utf-8")
    for old, new in (('revision: "0"', 'revision: "1"'), ("seq: 1", "seq: 2"), ("issued: 2026-03-02", "issued: 2026-09-01"),
                     ("effective: {from: 2026-03-02}", "effective: {from: 2026-09-01}"),
                     ("recorded: 2026-03-02T09:00:00Z", "recorded: 2026-09-01T09:00:00Z"),
                     ("id: DWG-S-101", "access: [owners]\nid: DWG-S-101")):
        assert old in sheet
        sheet = sheet.replace(old, new, 1)
    (root / "documents" / "S-101-rev1.drawing.yaml").write_text(sheet, "utf-8")
    stock = (Path(__file__).parents[2] / "rules" / "stock" / "precedence" / "aia-style.yaml").read_text("utf-8")
    drawings = "      - name: drawings\n        kinds: [drawing]\n"
    specifications = ("      - name: specifications\n        kinds: [specification, addendum]\n"
                      "        description: a specification together with the addenda that amend it\n")
    assert drawings + specifications in stock
    pack = tmp_path / "edited.yaml"
    pack.write_text(stock.replace(drawings + specifications, specifications + drawings), "utf-8")
    invoke("ingest", root)
    return root, pack


def test_rules_impact_shows_a_public_asker_a_decision_on_a_day_only_a_public_revision_decides(tmp_path: Path):
    import json

    root, pack = _mixed_revisions(tmp_path)
    log = tmp_path / "decisions.jsonl"
    for day, groups in (("2026-04-20", ()), ("2026-09-10", ("--groups", "owners"))):
        invoke("precedence", root, "ADD-02#1.3", "DWG-S-101#callout-3", "--valid-at", day, *groups,
               "--decision-log", log)

    def precedence(*days: str) -> list[dict]:
        dates = [arg for day in days for arg in ("--valid-at", day)]
        out = invoke("rules", "impact", root, "--pack", pack, "--decisions", log, *dates,
                     "-f", "json", code=1).stdout
        return [c for c in json.loads(out)["changes"] if c["source"] == "precedence"]

    swept, first = precedence("2026-04-20")
    # in April only the public revision 0 is in force: the sweep's decision and the logged one are shown
    assert swept["withheld"] == [] and "DWG-S-101#callout-3 governs" in swept["before"]
    assert first["origin"].endswith(":1") and first["withheld"] == [] and "ADD-02#1.3 governs" in first["after"]
    # in September the restricted revision decides: the logged decision of that day is none of
    # theirs, neither listed nor counted (it was listed by the document's id: audit 112a F1)
    # the sweep of September is the asker's (audit LL-01): the restricted revision decides
    # DWG-S-101 that day, so its decision is none of theirs, not even a count; the logged one of April stays
    later = precedence("2026-09-10")
    assert not [c for c in later if c["origin"] == "2026-09-10"]
    assert [(c["origin"][-2:], c["withheld"]) for c in later] == [(":1", [])]


# ---- check: the amended document is no amender of itself ----------------------------------------

SPEC_A = """\
---
id: SPEC-A
kind: specification
title: Concrete
{revision}issued: {day}
effective: {{from: {day}}}
recorded: {day}T12:00:00Z
{access}---
SECTION 03 30 00 - CONCRETE

2.1 MIXTURES

A. Compressive strength at 28 days: not less than 4,000 psi. Slump: 4 inches.
"""

ADD_R = """\
---
id: ADD-R
kind: addendum
title: Addendum R
issued: 2026-04-10
effective: {{from: 2026-04-10}}
recorded: 2026-04-10T12:00:00Z
{access}supersedes:
  - target: SPEC-A#2.1.A
    scope: partial
    effective: 2026-04-10
    by: ADD-R#1.1
---
ADDENDUM R

1 CHANGES

1.1 Section 03 30 00, Paragraph 2.1.A: Delete "4 inches" and substitute "6 inches".
"""

SLUMP = """{"question": "What slump?", "context": {"valid_at": "2026-05-01", "known_at": null, "groups": []},
 "claims": [{"text": "Slump is 4 inches.", "citations": [{"locator": "SPEC-A#2.1.A", "quote": "Slump: 4 inches"}]}]}
"""


def _amended(root: Path, *, restricted_addendum: bool) -> Path:
    """SPEC-A revision 0 (public) amended in part by ADD-R in April; a restricted revision 1 of
    SPEC-A takes effect in June, after the day asked."""
    documents = root / "documents"
    documents.mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: amenders\nfacets: []\nrules: []\n", encoding="utf-8")
    (documents / "spec-a.md").write_text(SPEC_A.format(revision="", day="2026-03-01", access=""), "utf-8")
    (documents / "spec-a-r1.md").write_text(SPEC_A.format(
        revision='revision: "1"\nseq: 2\n', day="2026-06-01", access="access: [owners]\n"), "utf-8")
    (documents / "add-r.md").write_text(ADD_R.format(
        access="access: [owners]\n" if restricted_addendum else ""), "utf-8")
    (root / "answer.json").write_text(SLUMP, "utf-8")
    invoke("ingest", root)
    return root


def test_check_never_names_the_amended_document_among_its_amenders(tmp_path: Path):
    import json

    def claim(root: Path) -> dict:
        out = invoke("check", root, "--answer", root / "answer.json", "-f", "json", code=1).stdout
        (answered,) = json.loads(out)["claims"]
        return answered

    restricted = claim(_amended(tmp_path / "restricted", restricted_addendum=True))
    said = restricted["detail"] + " ".join(c["detail"] or "" for c in restricted["citations"])
    assert "(ADD-R)" in said and "SPEC-A)" not in said and "SPEC-A," not in said, restricted
    # a public amender: the claim is checked against the amended words, not refused for SPEC-A
    public = claim(_amended(tmp_path / "public", restricted_addendum=False))
    assert public["status"] == "unsupported_quantity", public
    assert any("amended in part on 2026-05-01 by ADD-R#1.1" in w for w in public["warnings"]), public
