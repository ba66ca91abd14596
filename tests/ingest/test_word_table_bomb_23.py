"""A Word table cannot multiply its text past a bound (issue 23): a row spanning more grid
columns than Word's 63 (``gridSpan``, ``gridBefore``, ``gridAfter``), or merged cells repeating
more than ``MAX_MERGED_TEXT`` characters in the document (a long cell continued down thousands
of rows by ``vMerge``), is an InputError naming the file, the table and the row, raised before
the text is made; real merged tables still read as before, a merged cell's text in every
column and row it spans."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.docx import MAX_COLUMNS, MAX_MERGED_TEXT, docx_text_layer
from inforce.ontology import InputError

from docx_writer import WordWriter

SIDECAR = (
    "id: WT-1\nkind: specification\ntitle: Word table\nissued: 2026-03-02\n"
    "effective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n"
)


def _cell(text: str = "", properties: str = "") -> str:
    return f"<w:tc><w:tcPr>{properties}</w:tcPr><w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:tc>"


def _row(*cells: str, properties: str = "") -> str:
    return f"<w:tr><w:trPr>{properties}</w:trPr>{''.join(cells)}</w:tr>"


def _table_markup(rows: list[str]) -> str:
    return f"<w:tbl {nsdecls('w')}><w:tblPr/>{''.join(rows)}</w:tbl>"


def _body_table(writer: WordWriter, rows: list[str]) -> None:
    """A table written as WordprocessingML at the end of the body (before ``w:sectPr``)."""
    body = writer.document.element.body
    body.append(parse_xml(_table_markup(rows)))
    body.append(body.find(qn("w:sectPr")))


def _merged_down(text: str, continued: int) -> list[str]:
    """A header row, a row whose first cell holds ``text`` and opens a vertical merge, and
    ``continued`` rows continuing it (each with a short second cell of its own)."""
    return [
        _row(_cell("Element"), _cell("Item")),
        _row(_cell(text, '<w:vMerge w:val="restart"/>'), _cell("first")),
        *(_row(_cell("", "<w:vMerge/>"), _cell(f"item {index}")) for index in range(continued)),
    ]


def _long_text() -> str:
    return " ".join(f"word{index}" for index in range(20000))


def test_a_huge_grid_span_is_an_input_error_at_ingest_naming_file_table_and_row(tmp_path: Path):
    project = tmp_path / "p"
    (project / "documents").mkdir(parents=True)
    (project / "inforce.yaml").write_text("project: r01\nfacets: []\nrules: []\n", encoding="utf-8")
    writer = WordWriter()
    writer.paragraph("Opening text.")
    _body_table(writer, [_row(_cell("Head")), _row(_cell("x" * 100, '<w:gridSpan w:val="1000000000"/>'))])
    writer.save(project / "documents" / "bomb.docx")
    (project / "documents" / "bomb.docx.yaml").write_text(SIDECAR, encoding="utf-8")
    began = time.monotonic()
    done = CliRunner().invoke(app, ["ingest", str(project)], catch_exceptions=False)
    took = time.monotonic() - began
    assert done.exit_code == 2, done.output
    # paragraph 1 the opening, 2 the header row, 3 the spanning row
    assert "documents/bomb.docx:3" in done.output
    assert "table 1, row 2 (paragraph 3)" in done.output and "1,000,000,000 grid columns" in done.output
    assert took < 10, f"{took:.1f} s"  # a span of 10^9 exhausted memory


@pytest.mark.parametrize(
    ("row_properties", "cells"),
    [
        ('<w:gridBefore w:val="1000000000"/>', [_cell("a")]),
        ('<w:gridAfter w:val="64"/>', [_cell("a")]),
        ("", [_cell("a", '<w:gridSpan w:val="32"/>'), _cell("b", '<w:gridSpan w:val="32"/>')]),
        ("", [_cell(str(index)) for index in range(MAX_COLUMNS + 1)]),
    ],
)
def test_a_row_past_words_columns_is_refused_before_its_text_is_made(tmp_path: Path, row_properties, cells):
    writer = WordWriter()
    writer.paragraph("Opening text.")
    _body_table(writer, [_row(_cell("Head")), _row(_cell("Before")), _row(*cells, properties=row_properties)])
    with pytest.raises(InputError) as raised:
        docx_text_layer(writer.save(tmp_path / "x.docx"), file="documents/x.docx")
    error = raised.value
    assert (error.file, error.line, error.field) == ("documents/x.docx", 4, "table")
    assert error.message.startswith("table 1, row 3 (paragraph 4): it spans ")
    assert f"past the {MAX_COLUMNS} a Word table may have" in error.message


def test_a_row_of_exactly_words_columns_reads_each_column(tmp_path: Path):
    writer = WordWriter()
    _body_table(writer, [_row(_cell("Head", f'<w:gridSpan w:val="{MAX_COLUMNS}"/>')),
                         _row(_cell("left"), _cell("wide", f'<w:gridSpan w:val="{MAX_COLUMNS - 2}"/>'),
                              _cell("right"))])
    layer = docx_text_layer(writer.save(tmp_path / "x.docx"), file="documents/x.docx")
    lines = layer.text.splitlines()
    assert lines[0] == "| " + " | ".join(["Head"] * MAX_COLUMNS) + " |"
    assert lines[2] == "| " + " | ".join(["left"] + ["wide"] * (MAX_COLUMNS - 2) + ["right"]) + " |"


def test_a_long_cell_merged_down_thousands_of_rows_is_refused_at_the_row_past_the_bound(tmp_path: Path):
    text = _long_text()
    writer = WordWriter()
    writer.paragraph("Opening text.")
    _body_table(writer, _merged_down(text, 4000))  # 400 Mi characters of text before the bound
    path = writer.save(tmp_path / "x.docx")
    assert path.stat().st_size < 200_000
    began = time.monotonic()
    with pytest.raises(InputError) as raised:
        docx_text_layer(path, file="documents/x.docx")
    assert time.monotonic() - began < 5  # 9.6 s and 880 MB before the bound
    # each continued row repeats the long cell once: the bound is passed at the k-th, row k + 2
    passed_at = MAX_MERGED_TEXT // len(text) + 1 + 2
    error = raised.value
    assert (error.file, error.line, error.field) == ("documents/x.docx", passed_at + 1, "table")
    assert error.message.startswith(f"table 1, row {passed_at} (paragraph {passed_at + 1}): merged cells repeat")
    assert f"past {MAX_MERGED_TEXT:,} characters" in error.message


def test_the_page_headers_share_the_documents_bound(tmp_path: Path):
    """Text repeated in a page header counts with the body's: each alone is under the bound,
    together they pass it; the error names the header's table."""
    text = _long_text()
    rows = MAX_MERGED_TEXT // len(text) // 2 + 1  # each part repeats just over half the bound
    writer = WordWriter()
    writer.paragraph("Opening text.")
    _body_table(writer, _merged_down(text, rows))
    alone = docx_text_layer(writer.save(tmp_path / "body.docx"), file="documents/body.docx")
    assert alone.text.count(text) == rows + 1
    header = writer.document.sections[0].header
    header.is_linked_to_previous = False
    header._element.append(parse_xml(_table_markup(_merged_down(text, rows))))
    with pytest.raises(InputError) as raised:
        docx_text_layer(writer.save(tmp_path / "x.docx"), file="documents/x.docx")
    error = raised.value
    assert error.line is None and error.field == "table"
    assert " of the page header: merged cells repeat" in error.message
    assert error.message.startswith("table 1, row ")


def test_a_real_merged_table_reads_as_before(tmp_path: Path):
    """A merged cell's text holds for every column and row it spans, as it always has."""
    note = "Provide sleeves where pipes pass through rated walls; seal per 07 84 00."
    writer = WordWriter()
    _body_table(
        writer,
        [
            _row(_cell("Pipe"), _cell("Size", '<w:gridSpan w:val="2"/>'), _cell("Note")),
            *(
                _row(_cell(f"P-{index}"), _cell(f"{index} in"), _cell(f"{index * 25} mm"),
                     _cell(note, '<w:vMerge w:val="restart"/>' if index == 1 else "<w:vMerge/>"))
                for index in range(1, 41)
            ),
        ],
    )
    layer = docx_text_layer(writer.save(tmp_path / "x.docx"), file="documents/x.docx")
    lines = layer.text.splitlines()
    assert lines[:2] == ["| Pipe | Size | Size | Note |", "| --- | --- | --- | --- |"]
    assert lines[2:42] == [f"| P-{index} | {index} in | {index * 25} mm | {note} |" for index in range(1, 41)]
