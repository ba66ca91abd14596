"""Word documents (.docx): the body read into the provisions the same content written in
Markdown gets (same paths, parents, texts and spans), Word's own list numbers rendered as
printed, tables as rows with their header, tracked changes read as issued and named, and
a file that is not a Word document, or holds no text, named."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import docx
import pytest

from inforce.adapters.ingest import (
    UnreadableFileError,
    parse_document,
    parse_document_with_warnings,
    parse_outline,
)
from inforce.adapters.ingest.docx import docx_text_layer
from inforce.ontology import InputError, InputErrors, Section, TableRow

from docx_writer import WordWriter

SIDECAR = (
    "id: SPEC-033000\nkind: specification\ntitle: Section 03 30 00 Cast-in-Place Concrete\n"
    "effective: {from: 2026-03-02}\nrecorded: 2026-03-02\n"
)

BODY = """\
# SECTION 03 30 00 - CAST-IN-PLACE CONCRETE

## PART 2 - PRODUCTS

2.1 CONCRETE MIXTURES

A. Cast-in-place concrete: not less than 5,000 psi at 28 days.

1. Slump: 4 inches, plus or minus 1 inch.

B. Reinforcement: ASTM A615, Grade 60.

2.2 SCHEDULE

| Element | Strength (psi) |
| --- | --- |
| Footings | 4,000 |
| Walls | 5,000 |

### General Notes

Keep the forms wet.
"""

def _word_file(root: Path, writer: WordWriter, name: str = "x.docx") -> Path:
    path = writer.save(root / "documents" / name)
    path.with_name(name + ".yaml").write_text(SIDECAR, encoding="utf-8")
    return path


def _from_markdown(body: str) -> WordWriter:
    """The Word document a person would make of ``body``: '#' lines in Heading styles, pipe
    tables as Word tables, every other block a plain paragraph (numbers typed in the text)."""
    writer = WordWriter()
    for block in body.strip().split("\n\n"):
        if block.startswith("|"):
            lines = block.split("\n")
            rows = [lines[0], *lines[2:]]
            writer.table([[cell.strip() for cell in row.strip("|").split("|")] for row in rows])
        elif block.startswith("#"):
            marks, text = block.split(" ", 1)
            writer.heading(text, len(marks))
        else:
            writer.paragraph(block)
    return writer


def _outline(provisions) -> list[tuple[str, str | None, str, int, int]]:
    return [(p.path, p.parent, p.text, p.span.start, p.span.end) for p in provisions]


def _sections(path: Path) -> dict[str, Section | TableRow]:
    layer = docx_text_layer(path, file=path.name)
    outline = parse_outline(layer.text, file=path.name)
    assert not outline.errors and not outline.warnings
    return {p.path: p for p in outline.provisions}


# -- the same provisions as Markdown ----------------------------------------------------------


def test_the_text_layer_is_the_markdown_body(tmp_path: Path):
    path = _word_file(tmp_path, _from_markdown(BODY))
    layer = docx_text_layer(path, file="documents/x.docx")
    assert layer.text == BODY
    assert layer.paragraph_count == 12  # 9 paragraphs, and the table's 3 rows
    assert layer.warnings == ()
    lines = BODY.split("\n")
    assert layer.paragraph(lines.index("2.1 CONCRETE MIXTURES") + 1) == 3
    assert layer.paragraph(lines.index("| --- | --- |") + 1) == 8  # the header row's
    assert layer.paragraph(lines.index("| Walls | 5,000 |") + 1) == 10  # each row is a paragraph
    assert layer.paragraph(lines.index("Keep the forms wet.") + 1) == 12


def test_typed_numbers_give_the_provisions_of_the_same_markdown(tmp_path: Path):
    markdown = tmp_path / "documents" / "x.md"
    markdown.parent.mkdir(parents=True)
    markdown.write_text("---\n" + SIDECAR + "---\n" + BODY, encoding="utf-8")
    word = _word_file(tmp_path, _from_markdown(BODY))
    from_markdown = parse_document(markdown, tmp_path)
    from_word, warnings = parse_document_with_warnings(word, tmp_path)
    assert warnings == []
    assert _outline(from_word.provisions) == _outline(from_markdown.provisions)
    assert {"2.1.A", "2.1.A.1", "2.1.B", "2.2", "2.2.general-notes"} <= {
        p.path for p in from_word.provisions
    }
    assert from_word.text_layer == from_markdown.text_layer
    assert (from_word.id, from_word.source.file, from_word.source.format) == (
        "SPEC-033000",
        "documents/x.docx",
        "docx",
    )
    assert from_word.source.line is None


# -- Word's list numbering --------------------------------------------------------------------


def test_word_list_numbers_become_the_section_labels(tmp_path: Path):
    writer = WordWriter()
    writer.heading("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE", 1)
    spec = writer.list_numbering(
        [
            ("decimal", "PART %1"),
            ("decimal", "%1.%2"),
            ("upperLetter", "%3."),
            ("decimal", "%4."),
            ("lowerLetter", "%5."),
        ],
        start=2,
    )
    writer.numbered("PRODUCTS", spec, 0)
    writer.numbered("CONCRETE MIXTURES", spec, 1)
    writer.numbered("Cast-in-place concrete: 5,000 psi at 28 days.", spec, 2)
    writer.numbered("Slump: 4 inches.", spec, 3)
    writer.numbered("Air content: 6 percent.", spec, 4)
    writer.numbered("Air content at freezing exposure: 7 percent.", spec, 4)
    writer.numbered("Reinforcement: ASTM A615.", spec, 2)
    writer.numbered("CURING", spec, 1)
    writer.numbered("Keep wet for 7 days.", spec, 2)
    path = _word_file(tmp_path, writer)

    # the numbers are Word's, not the paragraphs' text
    assert [p.text for p in docx.Document(str(path)).paragraphs][3] == (
        "Cast-in-place concrete: 5,000 psi at 28 days."
    )
    sections = _sections(path)
    assert [(path, s.parent) for path, s in sections.items()] == [
        ("033000", None),
        ("part-2", "033000"),
        ("2.1", "part-2"),
        ("2.1.A", "2.1"),
        ("2.1.A.1", "2.1.A"),
        ("2.1.A.1.a", "2.1.A.1"),
        ("2.1.A.1.b", "2.1.A.1"),
        ("2.1.B", "2.1"),
        ("2.2", "part-2"),
        ("2.2.A", "2.2"),  # the letters restart under the next article
    ]
    assert sections["2.1.A"].text.startswith("A. Cast-in-place concrete: 5,000 psi")
    assert sections["2.1.A.1.b"].text == "b. Air content at freezing exposure: 7 percent."
    assert sections["2.1"].text.startswith("2.1 CONCRETE MIXTURES")


def test_regulation_numbers_and_numbering_from_a_style(tmp_path: Path):
    writer = WordWriter()
    writer.paragraph("2.1 CURING")
    # Word's "List Number" style carries its numbering: no numbering on the paragraphs
    writer.paragraph("Keep wet for 7 days.", style="List Number")
    writer.paragraph("Protect from frost.", style="List Number")
    writer.paragraph("2.2 DEFINITIONS")
    rule = writer.list_numbering(
        [("lowerLetter", "(%1)"), ("decimal", "(%2)"), ("lowerRoman", "(%3)")]
    )
    writer.numbered("Owner.", rule, 0)
    writer.numbered("The owner's agent.", rule, 1)
    writer.numbered("Acting in writing.", rule, 2)
    writer.numbered("Acting on site.", rule, 2)
    writer.numbered("Engineer.", rule, 0)
    sections = _sections(_word_file(tmp_path, writer))
    assert list(sections) == [
        "2.1",
        "2.1.1",
        "2.1.2",
        "2.2",
        "2.2.a",
        "2.2.a.1",
        "2.2.a.1.i",
        "2.2.a.1.ii",
        "2.2.b",
    ]
    assert sections["2.1.2"].text == "2. Protect from frost."
    assert sections["2.2.a.1.ii"].text == "(ii) Acting on site."


def test_headings_numbered_through_their_styles_and_a_table_of_contents(tmp_path: Path):
    writer = WordWriter()
    outline = writer.list_numbering([("decimal", "%1"), ("decimal", "%1.%2")])
    writer.number_style("Heading 1", outline, 0)
    writer.number_style("Heading 2", outline, 1)
    contents = writer.paragraph_style("toc 1")
    writer.paragraph("GENERAL\t1", style=contents)  # repeats the headings: not read
    writer.paragraph("1.1 Scope\t1", style=contents)
    writer.heading("GENERAL", 1)
    writer.heading("Scope", 2)
    writer.paragraph("This section covers concrete.")
    writer.heading("Submittals", 2)
    writer.heading("PRODUCTS", 1)
    path = _word_file(tmp_path, writer)
    assert docx_text_layer(path, file="x.docx").text.startswith("# 1 GENERAL\n\n## 1.1 Scope\n")
    sections = _sections(path)
    assert [(p.path, p.parent) for p in sections.values()] == [
        ("1", None),
        ("1.1", "1"),
        ("1.2", "1"),
        ("2", None),
    ]


# -- tables ---------------------------------------------------------------------------------


def test_a_table_becomes_rows_with_their_header(tmp_path: Path):
    writer = WordWriter()
    writer.paragraph("2.1 SCHEDULE")
    table = writer.table(
        [
            ["Element", "Strength (psi)", "Cover (in)"],
            ["Footings", "4,000", "3"],
            ["Walls", "5,000", ""],
            ["", "", "2 | 1.5"],
        ]
    )
    table.cell(2, 1).merge(table.cell(2, 2))  # one cell over two columns
    table.cell(2, 0).merge(table.cell(3, 0))  # one cell over two rows
    rows = [p for p in _sections(_word_file(tmp_path, writer)).values() if isinstance(p, TableRow)]
    assert [(r.path, r.parent, r.header, r.cells) for r in rows] == [
        (
            "table-1.row-1",
            "2.1",
            ("Element", "Strength (psi)", "Cover (in)"),
            ("Footings", "4,000", "3"),
        ),
        (
            "table-1.row-2",
            "2.1",
            ("Element", "Strength (psi)", "Cover (in)"),
            ("Walls", "5,000", "5,000"),
        ),
        (
            "table-1.row-3",
            "2.1",
            ("Element", "Strength (psi)", "Cover (in)"),
            ("Walls", "", "2 \\| 1.5"),
        ),
    ]
    assert rows[0].text == "| Element | Strength (psi) | Cover (in) |\n| Footings | 4,000 | 3 |"


# -- tracked changes ------------------------------------------------------------------------


def test_tracked_changes_are_read_as_issued_and_named(tmp_path: Path):
    writer = WordWriter()
    writer.paragraph("2.1 CONCRETE MIXTURES")
    writer.tracked(("", "A. Strength: "), ("del", "4,000"), ("ins", "5,000"), ("", " psi."))
    writer.inserted_paragraph("B. Air content: 6 percent.")
    writer.tracked(("", "B. Slump: 4 "), mark_inserted=True)  # Enter pressed inside it
    writer.paragraph("inches.")
    table = writer.table([["Element", "Strength"], ["Footings", "4,000"], ["Piles", "6,000"]])
    writer.insert_row_tracked(table, 2)
    path = _word_file(tmp_path, writer)
    layer = docx_text_layer(path, file="documents/x.docx")
    assert layer.text == (
        "2.1 CONCRETE MIXTURES\n\n"
        "A. Strength: 4,000 psi.\n\n"
        "B. Slump: 4 inches.\n\n"
        "| Element | Strength |\n| --- | --- |\n| Footings | 4,000 |\n"
    )
    assert [(w.file, w.line, w.field) for w in layer.warnings] == [
        ("documents/x.docx", 2, "tracked_changes"),
        ("documents/x.docx", 3, "tracked_changes"),
        ("documents/x.docx", 4, "tracked_changes"),
        ("documents/x.docx", 8, "tracked_changes"),  # paragraphs 6-8 are the table's rows
    ]
    assert "accept or reject" in str(layer.warnings[0])
    assert layer.paragraph(layer.text.split("\n").index("B. Slump: 4 inches.") + 1) == 5


def test_tracked_change_warnings_come_with_the_document(tmp_path: Path):
    writer = WordWriter()
    writer.paragraph("2.1 CONCRETE MIXTURES")
    writer.tracked(("", "A. Strength: "), ("del", "4,000"), ("ins", "5,000"), ("", " psi."))
    document, warnings = parse_document_with_warnings(_word_file(tmp_path, writer), tmp_path)
    sections = {p.path: p for p in document.provisions}
    assert sections["2.1.A"].text == "A. Strength: 4,000 psi."
    assert [(w.line, w.field) for w in warnings] == [(2, "tracked_changes")]


# -- problems -------------------------------------------------------------------------------


def _zip_without_a_body(path: Path) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("readme.txt", "not Word")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (lambda path: path.write_bytes(os.urandom(2048)), "not a zip archive"),
        (_zip_without_a_body, "no main document part"),
        (
            lambda path: path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512)),
            "Word 97-2003",
        ),
    ],
)
def test_a_file_that_is_not_a_word_document_is_named(tmp_path: Path, content, reason: str):
    path = tmp_path / "documents" / "x.docx"
    path.parent.mkdir(parents=True)
    content(path)
    with pytest.raises(InputError) as caught:
        docx_text_layer(path, file="documents/x.docx")
    assert caught.value.file == "documents/x.docx"
    assert (
        caught.value.message.startswith("not a Word document:") and reason in caught.value.message
    )


def test_a_broken_file_is_an_input_error_naming_it(tmp_path: Path):
    path = tmp_path / "documents" / "x.docx"
    path.parent.mkdir(parents=True)
    path.write_bytes(os.urandom(2048))
    path.with_name("x.docx.yaml").write_text(SIDECAR, encoding="utf-8")
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(path, tmp_path)
    [error] = caught.value.exceptions
    assert error.file == "documents/x.docx" and "not a Word document" in error.message


def test_an_empty_document_is_unreadable(tmp_path: Path):
    writer = WordWriter()
    writer.paragraph("")
    writer.paragraph("   ")
    with pytest.raises(UnreadableFileError) as caught:
        parse_document_with_warnings(_word_file(tmp_path, writer), tmp_path)
    assert caught.value.file == "documents/x.docx" and "2 paragraphs" in caught.value.reason


def test_outline_problems_name_the_paragraph(tmp_path: Path):
    writer = WordWriter()
    writer.paragraph("2.1 CONCRETE")
    writer.paragraph("")  # empty paragraphs count, though they make no line
    writer.paragraph("A. Strength.")
    writer.table([["Element", "Strength"], ["Footings", "4,000"]])
    writer.heading("2.1 CONCRETE AGAIN", 2)  # a heading's number is taken at its word
    _, warnings = parse_document_with_warnings(_word_file(tmp_path, writer), tmp_path)
    [warning] = warnings
    assert (warning.file, warning.line, warning.field) == ("documents/x.docx", 6, "2.1")
    assert "first at paragraph 1" in warning.message


def test_body_text_that_looks_like_markdown_stays_text(tmp_path: Path):
    """A line of tildes or a paragraph opening with '#' is Word text: it neither hides the
    sections after it (a Markdown code fence) nor opens a section of its own."""
    writer = WordWriter()
    writer.paragraph("1 GENERAL")
    writer.paragraph("1.1 BOLTS")
    writer.paragraph("~~~~~~~~~~~~~~~~~~~~")
    writer.paragraph("# of bolts: 4")
    writer.paragraph("2 PRODUCTS")
    writer.paragraph("2.1 ANCHORS")
    document, _ = parse_document_with_warnings(_word_file(tmp_path, writer), tmp_path)
    assert [p.path for p in document.provisions] == ["1", "1.1", "2", "2.1"]
    bolts = next(p for p in document.provisions if p.path == "1.1")
    assert "# of bolts: 4" in bolts.text


def test_a_list_start_past_words_limit_is_written_in_digits(tmp_path: Path):
    """A roman numeral of a billion (a megabyte of M, built over minutes) is never written."""
    writer = WordWriter()
    numbers = writer.list_numbering([("upperRoman", "%1.")], start=1_000_000_000)
    writer.numbered("A clause numbered past any Word list.", numbers)
    layer = docx_text_layer(writer.save(tmp_path / "big.docx"), file="big.docx")
    assert layer.text.startswith("1000000000. A clause")


def test_a_part_that_declares_entities_or_unpacks_like_a_bomb_is_refused(tmp_path: Path):
    source = WordWriter()
    source.paragraph("1.1 TEXT")
    plain = source.save(tmp_path / "plain.docx")
    with zipfile.ZipFile(plain) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    body = parts["word/document.xml"]
    declared = body.replace(b"?>", b'?><!DOCTYPE w:document [<!ENTITY x "boom">]>', 1)
    padded = body.replace(b"<w:body>", b"<w:body>" + b"<w:p/>" * 400_000, 1)
    for name, document_xml, reason in (("entity.docx", declared, "DOCTYPE"), ("bomb.docx", padded, "zip bomb")):
        path = tmp_path / name
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            for part, data in parts.items():
                archive.writestr(part, document_xml if part == "word/document.xml" else data)
        with pytest.raises(InputError) as caught:
            docx_text_layer(path, file=name)
        assert reason in caught.value.message


def _document_xml_rewritten(tmp_path: Path, name: str, head: bytes, marker: bytes) -> Path:
    """A Word file whose document part holds ``head`` right after its XML declaration and ``marker``
    where its paragraph said MARKER."""
    source = WordWriter()
    source.paragraph("1.1 Access is limited to MARKER auditors.")
    plain = source.save(tmp_path / "plain.docx")
    with zipfile.ZipFile(plain) as archive:
        parts = {part: archive.read(part) for part in archive.namelist()}
    declaration, rest = parts["word/document.xml"].split(b"?>", 1)
    parts["word/document.xml"] = declaration + b"?>" + head + rest.replace(b"MARKER", marker)
    path = tmp_path / name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for part, data in parts.items():
            archive.writestr(part, data)
    return path


def test_a_doctype_anywhere_in_a_part_is_refused_by_its_entities(tmp_path: Path):
    """Only a part's first bytes were looked at: a DOCTYPE after a 70 KB comment was parsed,
    and the words after its entity reference (``&who;``) vanished from the paragraph."""
    path = _document_xml_rewritten(tmp_path, "hidden.docx", b"<!--" + b"x" * 70_000
                                   + b'--><!DOCTYPE w:document [<!ENTITY who "certified">]>', b"&who;")
    with pytest.raises(InputError) as caught:
        docx_text_layer(path, file="hidden.docx")
    assert "word/document.xml has a DOCTYPE declaring the entities who" in caught.value.message


def test_a_billion_laughs_in_a_part_is_refused_by_its_entities_before_any_is_expanded(tmp_path: Path):
    """Audit 87 B F3: entities declared to expand into each other were expanded by libxml2 up to its
    amplification limit and named in its words; a part holding a DOCTYPE is refused before it is parsed."""
    levels = b"".join(b'<!ENTITY l%d "%s">' % (n, b"&l%d;" % (n - 1) * 10) for n in range(1, 9))
    path = _document_xml_rewritten(tmp_path, "bomb.docx", b'<!DOCTYPE w:document [<!ENTITY l0 "laugh">' + levels + b"]>",
                                   b"&l8;")
    with pytest.raises(InputError) as caught:
        docx_text_layer(path, file="bomb.docx")
    assert "word/document.xml has a DOCTYPE declaring the entities l0, l1, l2" in caught.value.message
    assert "amplification" not in caught.value.message


@pytest.mark.parametrize("second", ["word/document.xml", "Word/Document.xml"])
def test_a_part_stored_twice_is_refused_naming_it(tmp_path: Path, second: str):
    """Two members of one name (OPC names compare without case): Python's zipfile read the last,
    Word refuses the file, other readers show the first: 2500 psi was stored while the document
    a reviewer opened said 4000 psi (62nd audit)."""
    import warnings

    source = WordWriter()
    source.paragraph("1.1 Concrete shall be 4000 psi.")
    path = source.save(tmp_path / "spec.docx")
    with zipfile.ZipFile(path) as archive:
        changed = archive.read("word/document.xml").replace(b"4000 psi", b"2500 psi")
    with warnings.catch_warnings(), zipfile.ZipFile(path, "a") as archive:
        warnings.simplefilter("ignore")  # zipfile warns of the duplicate name it is told to write
        archive.writestr(second, changed)
    with pytest.raises(InputError) as caught:
        docx_text_layer(path, file="spec.docx")
    assert caught.value.message.startswith("not a Word document: it holds word/document.xml twice"), caught.value.message


# -- hidden text and characters Word writes as elements (issue 22) ---------------------------


def _run(text: str, properties: str = "") -> str:
    """A run's markup: ``properties`` inside its ``w:rPr``."""
    return f'<w:r><w:rPr>{properties}</w:rPr><w:t xml:space="preserve">{text}</w:t></w:r>'


def _symbol(font: str, code: str) -> str:
    return f'<w:r><w:sym w:font="{font}" w:char="{code}"/></w:r>'


def test_hidden_specifier_notes_are_left_out_and_counted(tmp_path: Path):
    """A MasterSpec-style section hides its notes to the specifier ("Retain or delete this
    article...") in a hidden style, and options in hidden runs: a reader of the issued
    document sees none of it, and neither does a provision."""
    writer = WordWriter()
    writer.heading("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE", 1)
    writer.heading("PART 2 - PRODUCTS", 2)
    writer.style("Note Base", hidden=True)
    notes = writer.style("CMT", based_on="Note Base")  # hidden through the style it is based on
    character = writer.style("Specifier Option", character=True, hidden=True)
    writer.paragraph("2.1 CONCRETE MIXTURES")
    writer.paragraph("Retain or delete this article to suit the Project.", style="CMT")  # 4
    writer.raw_paragraph(_run("A. Cement: ASTM C150, Type I/II") + _run(" [or Type III]", "<w:vanish/>")
                         + _run(", gray."))
    writer.raw_paragraph("<w:pPr><w:rPr><w:vanish/></w:rPr></w:pPr>"  # its mark hidden, and its text
                         + _run("Retain paragraph below for exposed concrete.", "<w:vanish/>"))
    writer.raw_paragraph('<w:pPr><w:pStyle w:val="Heading2"/><w:rPr><w:vanish/></w:rPr></w:pPr>'
                         + _run("2.3 OPTIONAL ADMIXTURES", "<w:vanish/>"))  # a hidden heading
    writer.paragraph("B. Water: potable.")
    writer.raw_paragraph(f'<w:pPr><w:pStyle w:val="{notes}"/></w:pPr>'
                         + _run("C. Curing compound: ASTM C309.", '<w:vanish w:val="0"/>'))  # shown
    writer.raw_paragraph(_run("D. Aggregates: ASTM C33") + _run(" (size 57)", f'<w:rStyle w:val="{character}"/>')
                         + _run("."))
    writer.raw_paragraph(_run("E. Fly ash") + _run(" Class F", "<w:specVanish/>") + _run(": ASTM C618."))
    path = _word_file(tmp_path, writer)
    layer = docx_text_layer(path, file="documents/x.docx")
    assert layer.text == (
        "# SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n## PART 2 - PRODUCTS\n\n2.1 CONCRETE MIXTURES\n\n"
        "A. Cement: ASTM C150, Type I/II, gray.\n\nB. Water: potable.\n\nC. Curing compound: ASTM C309.\n\n"
        "D. Aggregates: ASTM C33.\n\nE. Fly ash: ASTM C618.\n"
    )
    document, warnings = parse_document_with_warnings(path, tmp_path)
    assert [p.path for p in document.provisions][-6:] == ["2.1", "2.1.A", "2.1.B", "2.1.C", "2.1.D", "2.1.E"]
    assert not any("Retain" in p.text or "Type III" in p.text or "size 57" in p.text for p in document.provisions)
    [warning] = warnings
    assert (warning.file, warning.line, warning.field) == ("documents/x.docx", 4, "hidden_text")
    assert warning.message.startswith("3 hidden paragraphs and 3 hidden runs of text left out")


def test_a_hidden_numbered_paragraph_takes_no_number_and_a_hidden_row_no_line(tmp_path: Path):
    writer = WordWriter()
    writer.paragraph("2.1 CONCRETE MIXTURES")
    letters = writer.list_numbering([("upperLetter", "%1.")])
    writer.numbered("Cement: ASTM C150.", letters)
    writer.raw_paragraph(f'<w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="{letters}"/></w:numPr>'
                         '<w:rPr><w:vanish/></w:rPr></w:pPr>' + _run("Retain for white cement.", "<w:vanish/>"))
    writer.numbered("Water: potable.", letters)
    table = writer.table([["Element", "Strength"], ["Note", "Retain for piles"], ["Walls", "5,000"]])
    for cell in table.rows[1].cells:
        for paragraph in cell.paragraphs:
            for run in paragraph.runs:
                run.font.hidden = True
    layer = docx_text_layer(_word_file(tmp_path, writer), file="documents/x.docx")
    assert layer.text == (
        "2.1 CONCRETE MIXTURES\n\nA. Cement: ASTM C150.\n\nB. Water: potable.\n\n"
        "| Element | Strength |\n| --- | --- |\n| Walls | 5,000 |\n"
    )
    [warning] = layer.warnings
    assert (warning.line, warning.field) == (3, "hidden_text")
    assert warning.message.startswith("3 hidden paragraphs and 0 hidden runs")


def test_a_document_whose_text_is_all_hidden_is_unreadable_and_says_so(tmp_path: Path):
    writer = WordWriter()
    writer.raw_paragraph(_run("Retain or delete this section to suit the Project.", "<w:vanish/>"))
    with pytest.raises(UnreadableFileError) as caught:
        parse_document_with_warnings(_word_file(tmp_path, writer), tmp_path)
    assert "what it has is hidden" in caught.value.reason and "hidden text" in (caught.value.hint or "")


def test_characters_word_writes_as_elements_are_read(tmp_path: Path):
    """Symbols from the Symbol font (Word stores them as codes, not characters), no-break and
    optional hyphens, tabs; a symbol that maps to no character is named, never dropped."""
    writer = WordWriter()
    writer.raw_paragraph(_run("A. Cure at 10") + _symbol("Symbol", "F0B0") + _run("C ") + _symbol("Symbol", "F0B1")
                         + _run(" 2") + _symbol("Symbol", "f0b0") + _run("C."))
    writer.raw_paragraph(_run("B. Resistance 5 M") + _symbol("Symbol", "F057") + _run(", gap 50 ")
                         + _symbol("Symbol", "F06D") + _run("m, bars 2 ") + _symbol("Symbol", "F0B4")
                         + _run(" 4, slump ") + _symbol("Symbol", "F0A3") + _run(" 100, strength ")
                         + _symbol("Symbol", "F0B3") + _run(" 30."))
    writer.raw_paragraph(_run("C. ASTM A615") + "<w:r><w:noBreakHyphen/></w:r>" + _run("20 rein")
                         + "<w:r><w:softHyphen/></w:r>" + _run("forcement") + "<w:r><w:tab/></w:r>"
                         + _run("at 90") + _symbol("Times New Roman", "00B0") + _run("."))
    writer.raw_paragraph(_run("D. ") + _symbol("Wingdings", "F0FC") + _run(" Retain for seismic zones."))
    writer.raw_paragraph(_run("E. Hidden ") + '<w:r><w:rPr><w:vanish/></w:rPr><w:sym w:font="Wingdings" '
                         'w:char="F0A8"/></w:r>' + _run("box."))
    layer = docx_text_layer(_word_file(tmp_path, writer), file="documents/x.docx")
    assert layer.text == (
        "A. Cure at 10°C ± 2°C.\n\n"
        "B. Resistance 5 MΩ, gap 50 μm, bars 2 × 4, slump ≤ 100, strength ≥ 30.\n\n"
        "C. ASTM A615-20 reinforcement\tat 90°.\n\n"
        "D.  Retain for seismic zones.\n\n"
        "E. Hidden box.\n"
    )
    [warning] = layer.warnings  # the hidden one is not what a reader sees: no word about it
    assert (warning.line, warning.field) == (4, "symbol")
    assert "Wingdings" in warning.message and "F0FC" in warning.message and "not read" in warning.message


def test_a_style_based_on_itself_round_a_cycle_is_read_and_bounded(tmp_path: Path):
    """``basedOn`` chains are followed for hidden text as for headings: a cycle is cut (no
    endless walk), and so is a chain deeper than any Word writes."""
    writer = WordWriter()
    first = writer.style("Loop One", hidden=True)
    second = writer.style("Loop Two")
    writer.based_on(first, second)
    writer.based_on(second, first)  # Loop Two hides through Loop One, which is based on it
    third = writer.style("Loop Three")
    writer.based_on(third, third)
    names = [writer.style(f"Deep {index}") for index in range(200)]
    for child, parent in zip(names, names[1:], strict=False):
        writer.based_on(child, parent)
    writer.based_on(names[-1], names[0])  # a 200-style cycle
    writer.paragraph("1.1 SHOWN FIRST")
    writer.paragraph("Hidden through the loop.", style="Loop Two")
    writer.paragraph("Shown through its own loop.", style="Loop Three")
    writer.paragraph("Shown at the deep end.", style="Deep 0")
    layer = docx_text_layer(_word_file(tmp_path, writer), file="documents/x.docx")
    assert layer.text == "1.1 SHOWN FIRST\n\nShown through its own loop.\n\nShown at the deep end.\n"
    assert [(w.line, w.field) for w in layer.warnings] == [(2, "hidden_text")]
