"""Audit 43 M5: what a Word table cell holds that is not its own text is said, as in the body.
An imported chunk (w:altChunk) in a cell, in a content control in one or in a table nested in
one gave no word (the cell read as if empty); a text box in a cell was read, twice (the drawing
and Word's fallback copy of it), where the body says it is not read. Read through the CLI's
ingest, a real .docx file each."""

from __future__ import annotations

from pathlib import Path

import pytest
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls
from typer.testing import CliRunner

from inforce.adapters.cli import app

from docx_writer import WordWriter

runner = CliRunner()
CHUNK = f'<w:altChunk {nsdecls("w", "r")} r:id="rIdAlt"/>'
_BOX = ('<w:pict><v:shape><v:textbox><w:txbxContent><w:p><w:r><w:t>BOXED</w:t></w:r></w:p></w:txbxContent>'
        '</v:textbox></v:shape></w:pict>')
#: a text box as Word writes one: the drawing, and a VML fallback holding the same paragraphs
TEXT_BOX = (f'<w:p {nsdecls("w")} xmlns:v="urn:schemas-microsoft-com:vml" '
            'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><w:r><w:t>25 MPa</w:t></w:r>'
            f'<w:r><mc:AlternateContent><mc:Choice Requires="wps">{_BOX}</mc:Choice><mc:Fallback>{_BOX}'
            '</mc:Fallback></mc:AlternateContent></w:r></w:p>')


def _project(tmp_path: Path, fill_cell) -> Path:
    """A project whose one document is a Word specification with a two-row table, the second
    row's second cell filled by ``fill_cell`` (given the cell's w:tc)."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\n")
    writer = WordWriter()
    writer.paragraph("3.1 SLABS")
    writer.paragraph("A. Slab thickness 200 mm.")
    table = writer.document.add_table(rows=2, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text, table.cell(1, 0).text = "Item", "Strength", "Footings"
    fill_cell(table.cell(1, 1)._tc)
    writer.save(root / "documents" / "spec.docx")
    (root / "documents" / "spec.docx.yaml").write_text(
        "id: SPEC-1\nkind: specification\ntitle: Concrete\nrevision: '0'\nissued: 2026-03-02\n"
        "effective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n")
    return root


def _in_content_control(tc) -> None:
    tc.append(parse_xml(f'<w:sdt {nsdecls("w", "r")}><w:sdtContent><w:altChunk r:id="rIdAlt"/></w:sdtContent>'
                        '</w:sdt>'))


def _in_nested_table(tc) -> None:
    tc.append(parse_xml(f'<w:tbl {nsdecls("w", "r")}><w:tr><w:tc><w:p/><w:altChunk r:id="rIdAlt"/></w:tc></w:tr>'
                        '</w:tbl>'))
    tc.append(parse_xml(f'<w:p {nsdecls("w")}/>'))


@pytest.mark.parametrize("fill", [
    lambda tc: tc.append(parse_xml(CHUNK)),
    _in_content_control,
    _in_nested_table,
], ids=["in the cell", "in a content control in the cell", "in a table nested in the cell"])
def test_an_imported_chunk_in_a_table_cell_is_said_as_in_the_body(tmp_path: Path, fill) -> None:
    root = _project(tmp_path, fill)
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "alt_chunk" in said and "an imported chunk (w:altChunk) in table 1, row 2" in said, result.output


def test_a_text_box_in_a_table_cell_is_said_and_not_read_twice(tmp_path: Path) -> None:
    root = _project(tmp_path, lambda tc: tc.append(parse_xml(TEXT_BOX)))
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "table 1, row 2 (paragraph" in said and "holds a text box: its text is not read" in said, result.output
    shown = runner.invoke(app, ["asof", str(root), "SPEC-1#3.1", "--valid-at", "2026-05-01"])
    assert "25 MPa" in shown.output and "BOXED" not in shown.output, shown.output


#: runs wrapped in markup-compatibility alternatives with no text box: Word's wrapper for content
#: newer than its 2007 schema, written so by other programs (and by a hostile author)
ALTERNATE_RUNS = (f'<w:p {nsdecls("w")} xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">'
                  '<w:r><w:t xml:space="preserve">C. Slump </w:t></w:r><mc:AlternateContent><mc:Choice Requires="w14">'
                  '<w:r><w:t>not more than 4 in</w:t></w:r></mc:Choice><mc:Fallback><w:r><w:t>not more than 9 in</w:t>'
                  '</w:r></mc:Fallback></mc:AlternateContent><w:r><w:t>.</w:t></w:r></w:p>')


@pytest.mark.parametrize("where", ["body", "cell"])
def test_text_in_markup_compatibility_alternatives_is_said_not_dropped_unsaid(tmp_path: Path, where: str) -> None:
    """Audit 75 B F2: runs inside mc:AlternateContent (neither its Choice nor its Fallback read) left
    "C. Slump ." with no word. Its first choice (what Word shows) is read now, and alternatives of
    different text named in a warning at their paragraph (audit 76 B F2: one rule at every level).
    A text box wrapped so is said once, as a text box."""
    if where == "cell":
        root = _project(tmp_path, lambda tc: tc.append(parse_xml(ALTERNATE_RUNS)))
    else:
        root = _project(tmp_path, lambda tc: None)
        path = root / "documents" / "spec.docx"
        writer = WordWriter()
        writer.paragraph("3.1 SLABS")
        writer.document.element.body.append(parse_xml(ALTERNATE_RUNS))
        writer.save(path)
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "alternate_content" in said and "holds text in markup-compatibility alternatives" in said, result.output
    assert "'not more than 4 in' read, not 'not more than 9 in'" in said, result.output
    boxed = runner.invoke(app, ["ingest", str(_project(tmp_path / "box", lambda tc: tc.append(parse_xml(TEXT_BOX))))])
    assert "alternate_content" not in boxed.output and "holds a text box" in " ".join(boxed.output.split())
