"""A drawing's ``abbreviations:`` legend (``shared/spec/corpus-format.md``, "A drawing"): read
and checked at ingest, kept on its revision in the graph, and read with the set's other legends
so a figure written in the sheets' shorthand on any drawing binds to its subject."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.adapters.ingest import parse_document
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.quantities.legend import abbreviation_legend
from inforce.engine.store import GraphStore
from inforce.ontology import InputError, InputErrors

# the contract's example drawing, as the spec writes it
SPEC_EXAMPLE = """\
id: DWG-S-101
kind: drawing
sheet: S-101
title: Foundation Plan
scale: 1/8" = 1'-0"
issued: 2026-03-02
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
callouts:
  - id: callout-3                 # locator DWG-S-101#callout-3
    detail: 3/S-501
    scale: 3/4" = 1'-0"           # a callout's own scale, if it differs from the sheet
    text: "CONCRETE f'c = 4,000 PSI @ 28 DAYS"
abbreviations:                    # optional: the sheet's abbreviation legend
  CLR.: clear
  REINF.: reinforcement
"""

# a general sheet whose legend is the ``abbreviations:`` key alone (no legend callout, no table)
GENERAL = """\
id: DWG-G-001
kind: drawing
sheet: G-001
title: General notes
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
callouts:
  - id: callout-1
    text: "ALL WORK TO THE PROJECT SPECIFICATION."
abbreviations:
  CVG.: cover
  TYP.: typical
"""

# a plan whose cover is written in shorthand the stock vocabulary does not know ("CVG.")
PLAN = """\
id: DWG-A-101
kind: drawing
sheet: A-101
title: Foundation plan
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
callouts:
  - id: callout-1
    text: "4 #5 BARS @ 12\\" O.C., CONC. CVG. 2\\" AT GRADE BEAMS"
"""


def _write(root: Path, name: str, text: str) -> Path:
    path = root / "documents" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: abbreviations\n", encoding="utf-8")
    return root


def _covers(root: Path) -> list[str]:
    """The texts of every stored figure bound to concrete.cover."""
    with Project.open(root) as project:
        facts = project.facts(None, dt.date(2026, 6, 1))
    return sorted(fact.text for fact in facts.facts if fact.subject == "concrete.cover")


def _problems(tmp_path: Path, text: str) -> list[InputError]:
    path = _write(tmp_path, "G-001.drawing.yaml", text)
    with pytest.raises(InputErrors) as caught:
        parse_document(path, tmp_path)
    return list(caught.value.exceptions)  # type: ignore[arg-type]


def test_the_specs_example_drawing_reads_its_legend_first(tmp_path):
    document = parse_document(_write(tmp_path, "S-101.drawing.yaml", SPEC_EXAMPLE), tmp_path)
    assert document.abbreviations == {"CLR.": "clear", "REINF.": "reinforcement"}
    # the declared legend comes before one a callout gives on the same sheet
    with_callout = SPEC_EXAMPLE.replace(
        "callouts:\n", "callouts:\n  - id: legend\n    text: \"ABBREVIATIONS:\\nCONC. = CONCRETE\"\n")
    document = parse_document(_write(tmp_path, "S-101.drawing.yaml", with_callout), tmp_path)
    assert abbreviation_legend(document) == [("CLR.", "clear"), ("REINF.", "reinforcement"), ("CONC.", "concrete")]


def test_the_specs_example_ingests_and_its_legend_is_stored(tmp_path):
    root = _project(tmp_path)
    _write(root, "S-101.drawing.yaml", SPEC_EXAMPLE)
    _write(root, "A-101.drawing.yaml", PLAN)
    ingest_project(root)
    with GraphStore.open(root) as store:
        assert store.document("DWG-S-101@0").abbreviations == {"CLR.": "clear", "REINF.": "reinforcement"}
        assert store.document("DWG-A-101@0").abbreviations == {}


def test_a_figure_on_another_drawing_binds_with_the_legend(tmp_path):
    root = _project(tmp_path)
    _write(root, "A-101.drawing.yaml", PLAN)
    ingest_project(root)
    assert _covers(root) == []  # "CVG." is no abbreviation the stock vocabulary knows
    _write(root, "G-001.drawing.yaml", GENERAL)
    ingest_project(root)  # the legend changed: every document is read with it
    assert _covers(root) == ['2"']
    # the legend gone, the figure is unbound again (it is the legend that binds it)
    (root / "documents" / "G-001.drawing.yaml").unlink()
    ingest_project(root)
    assert _covers(root) == []


def test_a_delta_ingest_keeps_the_legend(tmp_path):
    root = _project(tmp_path)
    _write(root, "G-001.drawing.yaml", GENERAL)
    ingest_project(root)
    _write(root, "A-101.drawing.yaml", PLAN)  # a drawing added later: G-001 is unchanged
    ingest_project(root)
    assert _covers(root) == ['2"']
    with GraphStore.open(root) as store:
        assert store.document("DWG-G-001@0").abbreviations == {"CVG.": "cover", "TYP.": "typical"}


@pytest.mark.parametrize("legend, line, field, words", [
    ("abbreviations: [CVG., cover]\n", 10, "abbreviations", "expected a mapping"),
    ("abbreviations: CVG. = cover\n", 10, "abbreviations", "expected a mapping"),
    ("abbreviations:\n  TYP.: typical\n  CVG.: [cover]\n", 12, "abbreviations.CVG.", "expected a string"),
    ("abbreviations:\n  CVG.: {a: cover}\n", 11, "abbreviations.CVG.", "expected a string"),
    ("abbreviations:\n  CVG.: ~\n", 11, "abbreviations.CVG.", "expected a string"),
    ("abbreviations:\n  CVG.: 12\n", 11, "abbreviations.CVG.", "not the words"),
    ("abbreviations:\n  CVG.: ''\n", 11, "abbreviations.CVG.", "not the words"),
    ("abbreviations:\n  ~: cover\n", 11, "abbreviations.~", "no abbreviation"),
])
def test_a_legend_that_is_not_abbreviations_to_words_is_an_error_at_its_line(tmp_path, legend, line, field, words):
    text = GENERAL.split("abbreviations:")[0] + legend
    (error,) = _problems(tmp_path, text)
    assert (error.file, error.line, error.field) == ("documents/G-001.drawing.yaml", line, field), str(error)
    assert words in error.message


def test_a_misspelt_key_is_still_refused(tmp_path):
    (error,) = _problems(tmp_path, GENERAL.replace("abbreviations:", "abbreviation:"))
    assert (error.line, error.field) == (10, "abbreviation") and "did you mean 'abbreviations'" in error.message


def test_a_legend_past_its_bound_is_an_error_at_its_line(tmp_path):
    """Audit 75 B F1: a legend's size had no bound, and each abbreviation went into the patterns
    every statement is read with (2,000 took 36 s of ingest). A sheet's legend holds at most 2,000."""
    from inforce.ontology.document import MAX_LEGEND_ENTRIES

    legend = "".join(f"  AB{n}.: clear\n" for n in range(MAX_LEGEND_ENTRIES + 1))
    text = SPEC_EXAMPLE.split("abbreviations:")[0] + "abbreviations:\n" + legend
    [problem] = _problems(tmp_path, text)
    assert problem.field == "abbreviations" and problem.line == text.split("\n").index("abbreviations:") + 2  # its first entry
    assert f"a legend of {MAX_LEGEND_ENTRIES + 1:,} abbreviations" in problem.message


def test_a_word_of_many_abbreviations_gives_a_pattern_of_their_size_not_their_product():
    """Audit 75 B F1: each way to write a word was followed by its own copy of the rest of the phrase,
    so a word abbreviated a thousand ways made a pattern a thousand times the tail's size (seconds to
    compile). The tail is written once per run now; the same texts are found."""
    from inforce.rules.subjects import WordList, _sources

    many = {("clear",): tuple(f"ab{n}." for n in range(1000))}
    pattern = "".join(source or "" for source in _sources(["clear concrete cover to reinforcement"], many))
    assert len(pattern) < 100_000 and pattern.count("reinforcement") == 1, len(pattern)  # (before: ~3 MB)
    words = WordList(("clear concrete cover to reinforcement",), {("clear",): ("CLR.", "CL.")})
    found = words.find("2 IN. CLR. CONCRETE COVER TO REINFORCEMENT, and cl. concrete cover to reinforcement")
    assert [(start, end) for _, start, end in found] == [(6, 42), (48, 83)], found


def test_a_markdown_legend_table_past_the_bound_is_not_applied_and_said(tmp_path):
    """Audit 114 B (a low, open since): a legend written as a Markdown table under an ABBREVIATIONS heading
    had no entry bound where a drawing's ``abbreviations:`` holds 2,000 (90,000 rows: 22 s of ingest). One
    bound for a document's legend however written: past it, not applied, said at its file."""
    from inforce.engine.quantities.legend import legends_of
    from inforce.ontology.document import MAX_LEGEND_ENTRIES
    from tests.support.in_process import inforce

    root = tmp_path / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: legend\n", encoding="utf-8")

    def write(rows: int) -> None:
        table = "".join(f"| X{n}Y. | clear |\n" for n in range(rows))
        (root / "documents" / "g-001.md").write_text(
            "---\nid: G-001\nkind: specification\ntitle: General notes\nissued: 2026-01-05\n"
            "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\n---\n"
            "1 GENERAL\n\n1.1 ABBREVIATIONS\n\n| Abbreviation | Meaning |\n|---|---|\n" + table, encoding="utf-8")

    def legends():  # the one decision, over the document as stored
        from inforce.engine import Project

        with Project.open(root) as project:
            store = project.snapshot.store
            return legends_of([store.document(meta.uid) for meta in store.documents()])

    write(MAX_LEGEND_ENTRIES + 1)
    done = inforce("ingest", root)
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert f"legend of {MAX_LEGEND_ENTRIES + 1:,} entries is not applied" in said and "g-001.md" in said, said
    found = legends()
    assert found.entries == () and [count for _, count in found.oversized] == [MAX_LEGEND_ENTRIES + 1]
    write(MAX_LEGEND_ENTRIES)
    done = inforce("ingest", root)
    assert done.returncode == 0 and "is not applied" not in done.stdout + done.stderr, done.stdout + done.stderr
    found = legends()
    assert len(found.entries) == MAX_LEGEND_ENTRIES and found.oversized == ()
