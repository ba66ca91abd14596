"""A Word list number longer than any Word prints is refused, fast, naming the file and the
paragraph (issue 23: a 37 KB .docx whose level text repeats ``%1`` 400 times under a lettered
list started at 32767 made 50 MB of text, then a store error); real list numbers still read."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.docx import docx_text_layer
from inforce.ontology import InputError

from docx_writer import WordWriter

SIDECAR = (
    "id: WB-1\nkind: specification\ntitle: Word numbering\nissued: 2026-03-02\n"
    "effective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n"
)


def _bomb(placeholders: int, paragraphs: int, *, start: int = 32767) -> WordWriter:
    """The audit's file: a lettered first level started at ``start``, a second level whose
    text is ``%1`` written ``placeholders`` times, ``paragraphs`` paragraphs at the second."""
    writer = WordWriter()
    numbers = writer.list_numbering([("upperLetter", "%1."), ("decimal", "%1" * placeholders)], start=start)
    writer.numbered("GENERAL", numbers, 0)
    for index in range(paragraphs):
        writer.numbered(f"Item text {index}", numbers, 1)
    return writer


def test_the_audit_bomb_is_an_input_error_naming_the_file_and_paragraph_fast(tmp_path: Path):
    project = tmp_path / "p"
    (project / "documents").mkdir(parents=True)
    (project / "inforce.yaml").write_text("project: r01\nfacets: []\nrules: []\n", encoding="utf-8")
    _bomb(400, 100).save(project / "documents" / "bomb.docx")
    (project / "documents" / "bomb.docx.yaml").write_text(SIDECAR, encoding="utf-8")
    began = time.monotonic()
    done = CliRunner().invoke(app, ["ingest", str(project)], catch_exceptions=False)
    took = time.monotonic() - began
    assert done.exit_code == 2, done.output
    assert "documents/bomb.docx:1" in done.output and "paragraph 1:" in done.output
    assert "abstractNum" in done.output and "1,261 letters" in done.output
    assert took < 10, f"{took:.1f} s"  # the text was never built (it took 20 s and 500 MB)


@pytest.mark.parametrize(
    ("levels", "start", "line", "says"),
    [
        # four hundred %1 under a level that starts at 1: each number is short, the text is not
        ([("decimal", "%1."), ("decimal", "%1" * 400)], 1, 2, "holds 400 level numbers (%N)"),
        # a level's own text past the bound, no %N needed
        ([("decimal", "%1."), ("decimal", "x" * 5000 + "%2")], 1, 2, "is 5,001 characters long"),
        # one letter past the bound: 1,665 is 65 letters
        ([("upperLetter", "%1")], 1665, 1, "1,665 in letters, is 65 letters long"),
    ],
)
def test_a_list_number_past_the_bound_names_the_paragraph_and_definition(
    tmp_path: Path, levels, start: int, line: int, says: str
):
    writer = WordWriter()
    numbers = writer.list_numbering(levels, start=start)
    writer.paragraph("Plain opening text.")
    for level in range(len(levels)):
        writer.numbered(f"Numbered at level {level}", numbers, level)
    began = time.monotonic()
    with pytest.raises(InputError) as raised:
        docx_text_layer(writer.save(tmp_path / "x.docx"), file="documents/x.docx")
    assert time.monotonic() - began < 5
    error = raised.value
    assert (error.file, error.line, error.field) == ("documents/x.docx", line + 1, "numbering")
    assert f"paragraph {line + 1}:" in error.message and says in error.message
    assert f"level {len(levels) - 1 if line == 2 else 0})" in error.message


def test_a_list_number_in_a_page_header_past_the_bound_names_the_header(tmp_path: Path):
    writer = WordWriter()
    numbers = writer.list_numbering([("decimal", "%1."), ("decimal", "%1" * 400)])
    writer.paragraph("Body text.")
    header = writer.document.sections[0].header.paragraphs[0]
    header._p.get_or_add_pPr().append(
        parse_xml(f'<w:numPr {nsdecls("w")}><w:ilvl w:val="1"/><w:numId w:val="{numbers}"/></w:numPr>')
    )
    header.add_run("Header line")
    with pytest.raises(InputError) as raised:
        docx_text_layer(writer.save(tmp_path / "x.docx"), file="documents/x.docx")
    assert raised.value.line is None
    assert raised.value.message.startswith("paragraph 1 of the page header: ")


def test_real_multilevel_lists_read_their_labels_as_before(tmp_path: Path):
    writer = WordWriter()
    spec = writer.list_numbering(
        [("decimal", "%1"), ("decimal", "%1.%2"), ("upperLetter", "%3."), ("decimal", "%4."), ("lowerLetter", "(%5)")]
    )
    writer.numbered("PRODUCTS", spec, 0)
    writer.numbered("CONCRETE MIXTURES", spec, 1)
    for index in range(28):
        writer.numbered(f"Clause {index}", spec, 2)
    writer.numbered("Slump: 4 inches.", spec, 3)
    writer.numbered("Measured at the truck.", spec, 4)
    writer.numbered("SCHEDULE", spec, 1)
    writer.numbered("Footings", spec, 2)
    # the longest lettered number read: 1,664 is 64 letters
    edge = writer.list_numbering([("upperLetter", "%1")], start=1664)
    writer.numbered("Edge", edge, 0)
    lines = docx_text_layer(writer.save(tmp_path / "x.docx"), file="x.docx").text.split("\n\n")
    assert lines[:4] == ["1 PRODUCTS", "1.1 CONCRETE MIXTURES", "A. Clause 0", "B. Clause 1"]
    assert lines[27:34] == [
        "Z. Clause 25",
        "AA. Clause 26",
        "BB. Clause 27",
        "1. Slump: 4 inches.",
        "(a) Measured at the truck.",
        "1.2 SCHEDULE",
        "A. Footings",
    ]
    assert lines[34] == "Z" * 64 + " Edge\n"
