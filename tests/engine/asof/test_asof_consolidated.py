"""An in-force section whose descendants were replaced answers with its consolidated text: each
replaced descendant shown as its (final, in-force) replacement and marked with the replacing
locator, partial amendments marked, and never the replaced wording (corpus-format.md, As-of)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project

from corpus_writer import write_doc

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
runner = CliRunner()


def asof(project: Path, *args: str) -> dict:
    result = runner.invoke(app, ["asof", str(project), *args, "-f", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def riverside(ingested_example) -> Path:
    return ingested_example("riverside-library")


def test_riverside_2_1_after_addendum_2_reads_5000_psi_marked_with_add_02(riverside):
    answer = asof(riverside, "SPEC-033000#2.1", "--valid-at", "2026-05-01")
    assert answer["in_force"] is True and answer["resolved"] == "SPEC-033000@0#2.1"
    assert answer["amended_by"] == ["ADD-02#1.3"]
    text = answer["text"]
    assert "5,000 psi" in text and "4,000 psi" not in text
    assert "[2.1.A replaced by ADD-02@0#1.3]" in text
    # the rest of 2.1 reads as issued, in its place
    assert text.index("replaced by ADD-02") < text.index("B. Maximum water-cementitious materials ratio: 0.45.")


def test_riverside_2_1_before_addendum_2_still_reads_4000_psi(riverside):
    answer = asof(riverside, "SPEC-033000#2.1", "--valid-at", "2026-03-15")
    assert answer["in_force"] is True and answer["amended_by"] == []
    assert "not less than 4,000 psi" in answer["text"] and "5,000" not in answer["text"]
    assert "replaced by" not in answer["text"]


def test_the_replaced_paragraph_itself_still_answers_with_its_successor(riverside):
    answer = asof(riverside, "SPEC-033000#2.1.A", "--valid-at", "2026-05-01")
    assert answer["in_force"] is False and answer["successors"] == ["ADD-02#1.3"]
    assert "5,000 psi" in answer["text"] and "replaced by" not in answer["text"]


# ---- a project of our own: chains, partial amendments, deletions ------------------------------

SPEC_BODY = """\
2 PRODUCTS

2.1 MIXTURES

A. Compressive strength: not less than 4,000 psi.

B. Water-cementitious ratio: 0.45.

C. Slump: 4 inches.

D. Air content: 6 percent.
"""


# Module-scoped: every test only reads these projects (a test that swaps an index's text source
# does it on its own open Project, never on disk).
@pytest.fixture(scope="module")
def chained(tmp_path_factory) -> Path:
    tmp_path = tmp_path_factory.mktemp("chained")
    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: x\n")
    write_doc(tmp_path, "SPEC", "2026-01-01", SPEC_BODY)
    write_doc(tmp_path, "ADD-1", "2026-02-01",
              '1 CHANGES\n\n1.1 Paragraph 2.1.A: substitute "not less than 5,000 psi."\n',
              [{"target": "SPEC#2.1.A", "scope": "full", "effective": "2026-02-01", "by": "ADD-1#1.1"}])
    write_doc(tmp_path, "ADD-2", "2026-03-01",
              '1 CHANGES\n\n1.1 Addendum 1 item 1.1: substitute "not less than 6,000 psi."\n\n'
              '1.2 Paragraph 2.1.B: add "or 0.40 for exposed concrete."\n',
              [{"target": "ADD-1#1.1", "scope": "full", "effective": "2026-03-01", "by": "ADD-2#1.1"},
               {"target": "SPEC#2.1.B", "scope": "partial", "effective": "2026-03-01", "by": "ADD-2#1.2"}])
    write_doc(tmp_path, "ADD-3", "2026-04-01", "1 CHANGES\n\n1.1 Delete Paragraph 2.1.C.\n",
              [{"target": "SPEC#2.1.C", "scope": "full", "effective": "2026-04-01"}])
    ingest_project(tmp_path)
    return tmp_path


def text_on(root: Path, locator: str, day: dt.date) -> str:
    with Project.open(root) as project:
        answer = project.asof(locator, day)
    assert answer.in_force is True and answer.text is not None
    return answer.text


def test_a_chain_of_replacements_shows_the_final_one(chained):
    text = text_on(chained, "SPEC#2.1", dt.date(2026, 3, 15))
    assert "[2.1.A replaced by ADD-2@0#1.1]" in text and "6,000 psi" in text
    assert "ADD-1" not in text and "5,000 psi" not in text and "4,000 psi" not in text
    # between the two addenda, the first one's item is the replacement
    between = text_on(chained, "SPEC#2.1", dt.date(2026, 2, 15))
    assert "[2.1.A replaced by ADD-1@0#1.1]" in between and "5,000 psi" in between
    assert "4,000 psi" not in between and "6,000 psi" not in between


def test_a_partial_amendment_is_marked_after_the_paragraph_it_amends(chained):
    text = text_on(chained, "SPEC#2.1", dt.date(2026, 3, 15))
    assert "B. Water-cementitious ratio: 0.45. [2.1.B amended by ADD-2@0#1.2]" in text
    assert text.index("[2.1.B amended by") < text.index("C. Slump")
    # asking the amended paragraph itself: its text, then the marker
    own = text_on(chained, "SPEC#2.1.B", dt.date(2026, 3, 15))
    assert own.startswith("B. Water-cementitious ratio: 0.45.") and own.endswith("[2.1.B amended by ADD-2@0#1.2]")


def test_a_deleted_paragraph_shows_only_its_marker(chained):
    text = text_on(chained, "SPEC#2.1", dt.date(2026, 5, 1))
    assert "[2.1.C replaced by ADD-3@0]" in text and "Slump" not in text
    assert "D. Air content: 6 percent." in text


def test_the_whole_document_is_consolidated_too(chained):
    text = text_on(chained, "SPEC", dt.date(2026, 5, 1))
    assert "6,000 psi" in text and "4,000 psi" not in text and "Slump" not in text


class _NoReads:
    def text(self, locator):
        raise AssertionError(f"read the text of {locator}")

    title = text


def test_without_text_nothing_is_read_from_the_store(chained):
    with Project.open(chained) as project:
        index = project.snapshot.index
        index.texts = _NoReads()
        answer = index.answer("SPEC#2.1", dt.date(2026, 5, 1), with_text=False)
    assert answer.in_force is True and answer.text is None and len(answer.amended_by) == 3


def test_amended_by_names_the_amenders_in_force_not_one_replaced_since(chained):
    with Project.open(chained) as project:
        answer = project.asof("SPEC#2.1", dt.date(2026, 5, 1))
        before = project.asof("SPEC#2.1", dt.date(2026, 2, 15))
    assert [str(a) for a in answer.amended_by] == ["ADD-2#1.1", "ADD-2#1.2", "ADD-3"]
    assert [str(a) for a in before.amended_by] == ["ADD-1#1.1"]


# ---- a replaced descendant is placed by its span, not by the first match of its wording ------

REPEATED_BODY = """\
2 PRODUCTS

2.2 FIRST

A. Foo bar.

2.3 SECOND

Note text: A. Foo bar.

A. Foo bar.

B. Kept as issued.
"""


@pytest.fixture(scope="module")
def repeated(tmp_path_factory) -> Path:
    """2.2.A and 2.3.A read alike, and 2.3's intro quotes them; an addendum replaces 2.3.A."""
    tmp_path = tmp_path_factory.mktemp("repeated")
    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: x\n")
    write_doc(tmp_path, "SPEC", "2026-01-01", REPEATED_BODY)
    write_doc(tmp_path, "ADD-1", "2026-02-01",
              '1 CHANGES\n\n1.1 Paragraph 2.3.A: substitute "A. Baz qux."\n',
              [{"target": "SPEC#2.3.A", "scope": "full", "effective": "2026-02-01", "by": "ADD-1#1.1"}])
    ingest_project(tmp_path)
    return tmp_path


MARKER = '[2.3.A replaced by ADD-1@0#1.1] 1.1 Paragraph 2.3.A: substitute "A. Baz qux."'


def test_the_replaced_descendant_is_replaced_in_its_own_place_not_in_the_intro(repeated):
    text = text_on(repeated, "SPEC#2.3", dt.date(2026, 3, 1))
    # the intro keeps its quotation; 2.3.A's own wording is gone, the replacement in its place
    assert text == f"2.3 SECOND\n\nNote text: A. Foo bar.\n\n{MARKER}\n\nB. Kept as issued."


def test_the_whole_document_marks_the_descendant_replaced_not_a_lookalike(repeated):
    text = text_on(repeated, "SPEC", dt.date(2026, 3, 1))
    assert "2.2 FIRST\n\nA. Foo bar.\n\n2.3 SECOND" in text  # 2.2.A untouched
    assert f"Note text: A. Foo bar.\n\n{MARKER}\n\nB. Kept as issued." in text
    assert text.count("A. Foo bar.") == 2 and text.count("replaced by") == 1


def test_the_cli_shows_the_replacement_in_the_descendants_place(repeated):
    answer = asof(repeated, "SPEC#2.3", "--valid-at", "2026-03-01")
    assert answer["text"].endswith(f"Note text: A. Foo bar.\n\n{MARKER}\n\nB. Kept as issued.")


@pytest.mark.slow
def test_nested_replacements_the_outermost_wins(tmp_path):
    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: x\n")
    write_doc(tmp_path, "SPEC", "2026-01-01",
              "2 PRODUCTS\n\n2.1 MIXTURES\n\nA. Strength:\n\n1. Footings: 4,000 psi.\n\n"
              "2. Walls: 4,000 psi.\n\nB. Slump: 4 inches.\n")
    write_doc(tmp_path, "ADD-1", "2026-02-01",
              '1 CHANGES\n\n1.1 Paragraph 2.1.A: substitute "A. Strength: 5,000 psi."\n\n'
              '1.2 Paragraph 2.1.A.2: substitute "2. Walls: 6,000 psi."\n',
              [{"target": "SPEC#2.1.A", "scope": "full", "effective": "2026-02-01", "by": "ADD-1#1.1"},
               {"target": "SPEC#2.1.A.2", "scope": "full", "effective": "2026-02-01", "by": "ADD-1#1.2"}])
    ingest_project(tmp_path)
    text = text_on(tmp_path, "SPEC#2.1", dt.date(2026, 3, 1))
    assert "[2.1.A replaced by ADD-1@0#1.1]" in text and "2.1.A.2 replaced" not in text
    assert "4,000 psi" not in text and text.endswith("B. Slump: 4 inches.")


def test_without_spans_the_wording_is_searched_for_instead(chained):
    """A text source that gives no spans (an older port) still gets its consolidated text."""
    with Project.open(chained) as project:
        store_texts = project.snapshot.index.texts

        class _NoSpans:
            def text(self, locator):
                return store_texts.text(locator)

            def title(self, locator):
                return store_texts.title(locator)

        project.snapshot.index.texts = _NoSpans()
        text = project.snapshot.index.answer("SPEC#2.1", dt.date(2026, 5, 1)).text
    assert "[2.1.A replaced by ADD-2@0#1.1]" in text and "6,000 psi" in text and "4,000 psi" not in text
    assert "B. Water-cementitious ratio: 0.45. [2.1.B amended by ADD-2@0#1.2]" in text
    assert "[2.1.C replaced by ADD-3@0]" in text and "Slump" not in text
