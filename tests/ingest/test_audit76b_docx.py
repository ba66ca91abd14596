"""Audit 76 B F1-F3: Word markup-compatibility alternatives and tracked cell insertions.

``mc:AlternateContent`` was met three ways: around runs in a paragraph it was said and not read,
around body paragraphs the paragraph (and its section) went with no word, around a cell's
paragraphs both alternatives were read ("| F1 | 4 in 9 in |"). One rule now holds wherever it
stands: the first choice (what Word shows) is read, the others not, and alternatives of
different text are named in a warning at their paragraph. A tracked inserted table cell
(``w:cellIns``) was read and not named; it is left out as issued, and its row named."""

from __future__ import annotations

from pathlib import Path

import pytest
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.docx import docx_text_layer

from docx_writer import WordWriter

runner = CliRunner()
_NS = f'{nsdecls("w")} xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"'


def _ac(choice: str, fallback: str) -> str:
    return (f'<mc:AlternateContent><mc:Choice Requires="w14">{choice}</mc:Choice>'
            f'<mc:Fallback>{fallback}</mc:Fallback></mc:AlternateContent>')


def _p(text: str) -> str:
    return f"<w:p><w:r><w:t>{text}</w:t></w:r></w:p>"


def _tc(inner: str, properties: str = "") -> str:
    return f"<w:tc>{'<w:tcPr>' + properties + '</w:tcPr>' if properties else ''}{inner}</w:tc>"


def _table(row: str) -> str:
    return f"<w:tbl {_NS}><w:tr>{_tc(_p('Mark'))}{_tc(_p('Slump'))}</w:tr>{row}</w:tbl>"


#: mc:AlternateContent at each level Word's schema lets it stand, Choice "4 in", Fallback "9 in"
LEVELS = {
    "around body paragraphs": f"<w:body {_NS}>{_ac(_p('1.2 Slump 4 in.'), _p('1.2 Slump 9 in.'))}</w:body>",
    "around a table row": _table(_ac(f"<w:tr>{_tc(_p('F1'))}{_tc(_p('4 in'))}</w:tr>",
                                     f"<w:tr>{_tc(_p('F1'))}{_tc(_p('9 in'))}</w:tr>")),
    "around a cell": _table(f"<w:tr>{_tc(_p('F1'))}{_ac(_tc(_p('4 in')), _tc(_p('9 in')))}</w:tr>"),
    "around a cell's paragraphs": _table(f"<w:tr>{_tc(_p('F1'))}{_tc(_ac(_p('4 in'), _p('9 in')))}</w:tr>"),
    "around runs": f"<w:p {_NS}><w:r><w:t xml:space='preserve'>1.2 Slump </w:t></w:r>"
                   f"{_ac('<w:r><w:t>4 in.</w:t></w:r>', '<w:r><w:t>9 in.</w:t></w:r>')}</w:p>",
    "inside a run": f"<w:p {_NS}><w:r><w:t xml:space='preserve'>1.2 Slump </w:t>"
                    f"{_ac('<w:t>4 in.</w:t>', '<w:t>9 in.</w:t>')}</w:r></w:p>",
}


def _word(tmp_path: Path, markup: str) -> Path:
    writer = WordWriter()
    writer.paragraph("1.1 Strength 4,000 psi.")
    element = parse_xml(markup)
    body = writer.document.element.body
    end = body.find(qn("w:sectPr"))  # blocks go before the section's properties
    for block in list(element) if element.tag == body.tag else [element]:  # a body's children as blocks
        end.addprevious(block)
    writer.paragraph("1.3 Air 6 percent.")
    return writer.save(tmp_path / "spec.docx")


@pytest.mark.parametrize("level", list(LEVELS))
def test_one_alternative_is_read_wherever_mc_alternate_content_stands(tmp_path: Path, level: str) -> None:
    layer = docx_text_layer(_word(tmp_path, LEVELS[level]), file="documents/spec.docx")
    assert "4 in" in layer.text and "9 in" not in layer.text, layer.text
    assert "1.3 Air 6 percent." in layer.text
    said = [w for w in layer.warnings if w.field == "alternate_content"]
    assert len(said) == 1, layer.warnings
    assert said[0].line == (3 if "table" in level or "cell" in level else 2) and "that differ" in str(said[0]) and "not '" in str(said[0]), said[0]
    assert "9 in" in str(said[0])


def test_alternatives_of_one_text_are_read_once_and_not_said(tmp_path: Path) -> None:
    same = _table(f"<w:tr>{_tc(_p('F1'))}{_tc(_ac(_p('4 in'), _p('4 in')))}</w:tr>")
    layer = docx_text_layer(_word(tmp_path, same), file="documents/spec.docx")
    assert "| F1 | 4 in |" in layer.text, layer.text
    assert not [w for w in layer.warnings if w.field == "alternate_content"], layer.warnings


def test_a_body_level_alternative_keeps_its_section_through_ingest(tmp_path: Path) -> None:
    """F1 end to end: section 1.2 had disappeared (three sections, no warning)."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\n")
    path = _word(root / "documents", LEVELS["around body paragraphs"])
    path.with_name("spec.docx.yaml").write_text(
        "id: SPEC-1\nkind: specification\ntitle: Concrete\nrevision: '0'\nissued: 2026-03-02\n"
        "effective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n")
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 0, result.output
    assert "alternate_content" in result.output, result.output
    shown = runner.invoke(app, ["asof", str(root), "SPEC-1#1.2", "--valid-at", "2026-05-01"])
    assert shown.exit_code == 0 and "4 in" in shown.output and "9 in" not in shown.output, shown.output


def test_a_tracked_inserted_cell_is_left_out_and_its_row_named(tmp_path: Path) -> None:
    """F3: a cell carrying w:cellIns read '| F1 | 9 in |' with no tracked_changes warning."""
    cell = _tc(_p("9 in"), '<w:cellIns w:id="9" w:author="a"/>')
    inserted = _table(f"<w:tr>{_tc(_p('F1'))}{cell}</w:tr>")
    layer = docx_text_layer(_word(tmp_path, inserted), file="documents/spec.docx")
    assert "| F1 |  |" in layer.text and "9 in" not in layer.text, layer.text
    assert [(w.line, w.field) for w in layer.warnings] == [(3, "tracked_changes")], layer.warnings
