"""Access written as text in a document's opening is refused in every format (audit 23i, H1).

The opening is the text before the first numbered provision. A line there that reads as an
access declaration was meant as metadata; taken as body text it would be lost and the file read
public, so each reader (Markdown, Word, PDF) refuses it at its line or paragraph. Inside a
numbered provision the same words are the document's own text and stay so.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from inforce.adapters.ingest.docx import docx_text_layer
from inforce.adapters.ingest.registry import registry_from_file
from inforce.ontology import InputError

import opening_projects
from docx_writer import WordWriter
from opening_projects import read, refusals

PROVISIONS = ["1 SCOPE", "The pump room key is LOCKWORD."]


def project(tmp_path: Path, name: str) -> Path:
    """The project uses one group, 'engineers' (another document's), by which the opening rule decides."""
    return opening_projects.project(tmp_path, name, "engineers")



def markdown(tmp_path: Path, text: str) -> Path:
    root = project(tmp_path, "lab-7.md")
    (root / "documents" / "lab-7.md").write_text(text, encoding="utf-8")
    return root


def word(tmp_path: Path, paragraphs: list[str]) -> Path:
    root = project(tmp_path, "lab-7.docx")
    writer = WordWriter()
    for text in paragraphs:
        writer.paragraph(text)
    writer.document.save(str(root / "documents" / "lab-7.docx"))
    return root


def pdf(tmp_path: Path, lines: list[str]) -> Path:
    fpdf = pytest.importorskip("fpdf", reason="fpdf2 (the dev extra) draws the test PDFs")
    root = project(tmp_path, "lab-7.pdf")
    drawing = fpdf.FPDF()
    drawing.add_page()
    drawing.set_font("Helvetica", size=11)
    for text in lines:
        drawing.cell(0, 8, text, new_x="LMARGIN", new_y="NEXT")
    drawing.output(str(root / "documents" / "lab-7.pdf"))
    return root


def test_a_word_file_whose_first_paragraph_declares_access_is_refused_at_that_paragraph(tmp_path):
    said = refusals(word(tmp_path, ["Access: engineers", "LAB-7 PUMP ROOM", *PROVISIONS]), "lab-7.docx")
    assert len(said) == 1 and said[0].startswith("documents/lab-7.docx:1:")
    assert "reads as access metadata" in said[0] and "LOCKWORD" not in said[0]


def test_a_word_file_with_fenced_access_paragraphs_is_refusals(tmp_path):
    root = word(tmp_path, ["---", "access: [engineers]", "---", "LAB-7", *PROVISIONS])
    said = refusals(root, "lab-7.docx")
    assert [line.split(" ")[0] for line in said] == ["documents/lab-7.docx:2:"]


def test_a_pdf_whose_first_line_declares_access_is_refused_naming_its_page(tmp_path):
    said = refusals(pdf(tmp_path, ["ACCESS = engineers", "LAB-7 PUMP ROOM", *PROVISIONS]), "lab-7.pdf")
    assert len(said) == 1 and "documents/lab-7.pdf:1:" in said[0] and "(page 1)" in said[0]
    assert "reads as access metadata" in said[0]


MARKDOWN_SHAPES = {
    "title heading above the front matter": "# LAB-7\n\n---\naccess: [engineers]\n---\n",
    "title paragraph above a bare access line": "LAB-7 PUMP ROOM\n\nAccess: engineers\n\n",
    "JSON front matter": '{"access": ["engineers"]}\n\n',
    "JSON front matter over lines": '{\n  "Access": ["engineers"]\n}\n\n',
    "a heading that is the access line": "# access: [engineers]\n\n",
    "an HTML meta tag": '<meta name="access" content="engineers">\n\n',
    "an HTML comment": "<!-- access: engineers -->\n\n",
    "a YAML code block": "LAB-7\n\n```yaml\naccess: [engineers]\n```\n\n",
    "a list item": "LAB-7\n\n- access: engineers\n\n",
    "bold label": "LAB-7\n\n**Access:** engineers\n\n",
}


@pytest.mark.parametrize("shape", sorted(MARKDOWN_SHAPES))
def test_a_described_markdown_file_declaring_access_before_its_first_provision_is_refusals(tmp_path, shape):
    text = MARKDOWN_SHAPES[shape] + "\n\n".join(PROVISIONS) + "\n"
    said = refusals(markdown(tmp_path, text), "lab-7.md")
    line = 1 + text[: text.lower().index("access")].count("\n")
    assert any(s.startswith(f"documents/lab-7.md:{line}:") and "reads as access metadata" in s for s in said), said


def test_access_words_inside_a_numbered_provision_are_text(tmp_path):
    # two lines after it, so it is no closing line (a marking place of its own: test_marking_places)
    text = ("LAB-7 PUMP ROOM\n\n1 GENERAL\n\n1.1 Doors\n\nACCESS DOORS: steel, 600 mm clear.\n\n"
            "access: by key from the duty engineer.\n\n1.2 Frames\n\nFrames are pressed steel.\n")
    document = read(markdown(tmp_path, text), "lab-7.md")
    assert document.access is None and "ACCESS DOORS: steel" in document.text_layer


def test_an_opening_title_naming_access_without_a_colon_is_text(tmp_path):
    document = read(markdown(tmp_path, "Public Access Guidelines\n\n" + "\n\n".join(PROVISIONS) + "\n"), "lab-7.md")
    assert document.text_layer.startswith("Public Access Guidelines")


def test_access_words_inside_a_numbered_word_provision_are_text(tmp_path):
    root = word(tmp_path, ["Public Access Guidelines", "1 SCOPE", "Access: panels on both sides."])
    assert "Access: panels" in read(root, "lab-7.docx").text_layer


def test_access_words_inside_a_numbered_pdf_provision_are_text(tmp_path):
    root = pdf(tmp_path, ["LAB-7 PUMP ROOM", "1 SCOPE", "Access = ladder from the plant deck."])
    assert "Access = ladder" in read(root, "lab-7.pdf").text_layer


@pytest.mark.parametrize("shape", sorted(MARKDOWN_SHAPES))
def test_lag_withholds_a_pending_markdown_file_declaring_access_in_its_opening(tmp_path, shape):
    root = markdown(tmp_path, MARKDOWN_SHAPES[shape] + "\n\n".join(PROVISIONS) + "\n")
    revisions = registry_from_file(root / "register.csv", display="register.csv", root=root)
    assert [(r.document, r.access) for r in revisions if r.document == "LAB-7"] == [("LAB-7", ())]


def test_the_word_refusal_names_the_paragraph_and_says_where_access_belongs(tmp_path):
    said = refusals(word(tmp_path, ["LAB-7", "", "Access: engineers", *PROVISIONS]), "lab-7.docx")
    assert len(said) == 1 and said[0].startswith("documents/lab-7.docx:3:")
    assert "front matter from the very first line (Markdown), its sidecar or the register" in said[0]


# -- tenth audit, H1'': a metadata table, a page header; L3: a wrong key, front matter after the text


def word_with(tmp_path: Path, build) -> Path:
    """A described Word file: what ``build(writer)`` adds, then the title and the provisions."""
    root = project(tmp_path, "lab-7.docx")
    writer = WordWriter()
    build(writer)
    for text in ["LAB-7 PUMP ROOM", *PROVISIONS]:
        writer.paragraph(text)
    writer.document.save(str(root / "documents" / "lab-7.docx"))
    return root


def test_a_word_file_opening_with_an_access_table_is_refused_at_its_row(tmp_path):
    root = word_with(tmp_path, lambda w: w.table([["access", "engineers"], ["Vault", "LOCKWORD"]]))
    said = refusals(root, "lab-7.docx")
    assert len(said) == 1 and said[0].startswith("documents/lab-7.docx:1: access: ")
    assert "'| access | engineers |' (table 1, header row) reads as access metadata" in said[0]
    assert "LOCKWORD" not in said[0]


@pytest.mark.parametrize("key", ["Access", "ACCESS", "**Access**", "Access:"])
def test_a_word_metadata_table_with_an_access_row_is_refused_at_that_row(tmp_path, key):
    rows = [["Field", "Value"], ["Document", "LAB-7"], [key, "engineers"], ["Revision", "B"]]
    root = word_with(tmp_path, lambda w: w.table(rows))
    said = refusals(root, "lab-7.docx")
    # each table row counts as one paragraph: the access row is the table's third, paragraph 3
    assert len(said) == 1 and said[0].startswith("documents/lab-7.docx:3: access: ")
    assert "(table 1, row 2)" in said[0]


def test_a_word_metadata_table_with_an_access_column_is_refused_at_its_row(tmp_path):
    root = word_with(tmp_path, lambda w: w.table([["Document", "Revision", "Access"], ["LAB-7", "B", "engineers"]]))
    said = refusals(root, "lab-7.docx")
    # the row itself names the group: since audit 23p A4 it is refused as a line first, at the same row
    assert len(said) == 1 and said[0].startswith(("documents/lab-7.docx:2: access: 'Access: engineers' (table 1, row 1)",
                                                  "documents/lab-7.docx:2: access: '| LAB-7 |")), said


def test_a_word_schedule_after_the_first_provision_is_text_whatever_its_rows_say(tmp_path):
    root = project(tmp_path, "lab-7.docx")
    writer = WordWriter()
    for text in ["Public Access Guidelines", *PROVISIONS]:
        writer.paragraph(text)
    writer.table([["Door", "Access"], ["Access", "card reader"], ["D-2", "key"]])
    writer.document.save(str(root / "documents" / "lab-7.docx"))
    document = read(root, "lab-7.docx")
    assert document.access is None and "| Access | card reader |" in document.text_layer


@pytest.mark.parametrize("where", ["header", "footer"])
def test_a_word_page_header_or_footer_declaring_access_is_refused_naming_it(tmp_path, where):
    def build(writer):
        getattr(writer.document.sections[0], where).paragraphs[0].text = "Access: engineers"

    said = refusals(word_with(tmp_path, build), "lab-7.docx")
    assert len(said) == 1 and said[0].startswith("documents/lab-7.docx: access: 'Access: engineers' ")
    assert f"(in the page {where}, word/{where}1.xml paragraph 1) reads as access metadata" in said[0]


def test_a_table_in_a_word_page_header_with_an_access_row_is_refusals(tmp_path):
    def build(writer):
        header = writer.document.sections[0].header
        table = header.add_table(2, 2, writer.document.sections[0].page_width)
        for cell, text in zip(table._cells, ["LAB-7", "Rev B", "access", "engineers"], strict=True):
            cell.text = text

    said = refusals(word_with(tmp_path, build), "lab-7.docx")
    assert len(said) == 1 and "'| access | engineers |' (in the page header" in said[0]


def test_an_ordinary_word_page_header_and_footer_are_left_as_they_were(tmp_path):
    def build(writer):
        writer.document.sections[0].header.paragraphs[0].text = "LAB-7 Pump room | Access road side"
        writer.document.sections[0].footer.paragraphs[0].text = "Page 1 of 1"

    document = read(word_with(tmp_path, build), "lab-7.docx")
    assert document.access is None and "Access road" not in document.text_layer


TABLE_SHAPES = {
    "a pipe table whose header is the access": "| access | engineers |\n|---|---|\n| id | LAB-7 |\n\n",
    "a capitalised pipe table, no rows": "| Access | Engineers |\n|---|---|\n\n",
    "a pipe row without its delimiter line": "| Access | Engineers |\n\n",
    "a metadata table's access row": "| Field | Value |\n|---|---|\n| Document | LAB-7 |\n| ACCESS | engineers |\n\n",
    "a row without outer pipes": "Access | engineers\n\n",
}


@pytest.mark.parametrize("shape", sorted(TABLE_SHAPES))
def test_a_described_markdown_file_opening_with_an_access_table_row_is_refused_at_its_line(tmp_path, shape):
    text = TABLE_SHAPES[shape] + "\n\n".join(PROVISIONS) + "\n"
    said = refusals(markdown(tmp_path, text), "lab-7.md")
    line = 1 + text[: text.lower().index("access")].count("\n")
    assert [s.split(" access: ")[0] for s in said] == [f"documents/lab-7.md:{line}:"], said
    assert "reads as access metadata" in said[0] and "LOCKWORD" not in said[0]


@pytest.mark.parametrize("shape", sorted(TABLE_SHAPES))
def test_lag_withholds_a_pending_markdown_file_opening_with_an_access_table_row(tmp_path, shape):
    root = markdown(tmp_path, TABLE_SHAPES[shape] + "\n\n".join(PROVISIONS) + "\n")
    revisions = registry_from_file(root / "register.csv", display="register.csv", root=root)
    assert [(r.document, r.access) for r in revisions if r.document == "LAB-7"] == [("LAB-7", ())]


def test_a_markdown_metadata_table_with_an_access_column_is_refused_at_its_row(tmp_path):
    text = "| Document | Access |\n|---|---|\n| LAB-7 | engineers |\n\n" + "\n\n".join(PROVISIONS) + "\n"
    root = markdown(tmp_path, text)
    said = refusals(root, "lab-7.md")
    # the row itself names the group: since audit 23p A4 it is refused as a line first, at the same row
    assert len(said) == 1 and said[0].startswith(("documents/lab-7.md:3: access: 'Access: engineers' (table 1, row 1)",
                                                  "documents/lab-7.md:3: access: '| LAB-7 |")), said
    revisions = registry_from_file(root / "register.csv", display="register.csv", root=root)
    assert [(r.document, r.access) for r in revisions if r.document == "LAB-7"] == [("LAB-7", ())]  # lag withholds it too


def test_a_markdown_table_after_the_first_provision_is_text(tmp_path):
    text = ("LAB-7 PUMP ROOM\n\n1 GENERAL\n\n| Door | Access |\n|---|---|\n| Access | card reader |\n"
            "| D-2 | key |\n")
    document = read(markdown(tmp_path, text), "lab-7.md")
    assert document.access is None and "| Access | card reader |" in document.text_layer


def test_a_groups_key_as_the_first_line_is_refused_naming_the_access_key(tmp_path):
    said = refusals(markdown(tmp_path, "groups: [engineers]\n\n" + "\n\n".join(PROVISIONS) + "\n"), "lab-7.md")
    assert len(said) == 1 and said[0].startswith("documents/lab-7.md:1: access: 'groups: [engineers]'")
    assert "the key for that is 'access'" in said[0]


def test_front_matter_written_after_the_text_is_refused_at_its_access_line(tmp_path):
    text = "LAB-7 PUMP ROOM\n\n" + "\n\n".join(PROVISIONS) + "\n\n---\naccess: [engineers]\n---\n"
    said = refusals(markdown(tmp_path, text), "lab-7.md")
    assert len(said) == 1 and said[0].startswith("documents/lab-7.md:8: access: 'access: [engineers]' "
                                                 "(front matter after the text)")


def test_only_the_line_right_under_a_rule_of_dashes_is_judged(tmp_path):
    # two lines after it, so it is no closing line (a marking place of its own: test_marking_places)
    text = ("LAB-7 PUMP ROOM\n\n1 GENERAL\n\n---\n\nThe doors.\n\nAccess: by key from the duty engineer.\n\n"
            "1.2 Frames\n\nFrames are pressed steel.\n")
    assert "Access: by key" in read(markdown(tmp_path, text), "lab-7.md").text_layer


def test_page_headers_and_footers_unpack_together_to_no_more_than_one_part_may(tmp_path):
    """Reading the margins opens more parts than the body's three: their declared sizes are
    added up before any is unpacked (three headers of 24 MB each are refused, though each alone
    is under the 64 MiB a part may unpack to)."""
    plain = WordWriter()
    plain.paragraph("1 SCOPE")
    source = plain.save(tmp_path / "plain.docx")
    with zipfile.ZipFile(source) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    kind = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/header"
    links = "".join(f'<Relationship Id="rIdH{n}" Type="{kind}" Target="header{n}.xml"/>' for n in (1, 2, 3))
    rels = "word/_rels/document.xml.rels"
    parts[rels] = parts[rels].replace(b"</Relationships>", links.encode() + b"</Relationships>")
    header = (b'<w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
              + b"<w:p/>" * 4_000_000 + b"</w:hdr>")
    for n in (1, 2, 3):
        parts[f"word/header{n}.xml"] = header
    path = tmp_path / "margins.docx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    with pytest.raises(InputError) as caught:
        docx_text_layer(path, file="margins.docx")
    assert "its 3 page headers and footers unpack to more than 64 MiB" in caught.value.message


def _with_headers(folder: Path, count: int, *, styles: int = 0) -> Path:
    """A one-paragraph Word file linking ``count`` page headers, each one line of text, and
    ``styles`` paragraph styles more in its styles part."""
    plain = WordWriter()
    plain.paragraph("1 SCOPE")
    folder.mkdir(parents=True, exist_ok=True)
    source = plain.save(folder / "plain.docx")
    with zipfile.ZipFile(source) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    kind = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/header"
    links = "".join(f'<Relationship Id="rIdH{n}" Type="{kind}" Target="header{n}.xml"/>' for n in range(count))
    rels = "word/_rels/document.xml.rels"
    parts[rels] = parts[rels].replace(b"</Relationships>", links.encode() + b"</Relationships>")
    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    for n in range(count):
        parts[f"word/header{n}.xml"] = (f'<w:hdr xmlns:w="{w}"><w:p><w:r><w:t>Block {n} pump room</w:t></w:r></w:p>'
                                        "</w:hdr>").encode()
    more = "".join(f'<w:style w:type="paragraph" w:styleId="S{n}"><w:name w:val="Style {n}"/></w:style>'
                   for n in range(styles))
    parts["word/styles.xml"] = parts["word/styles.xml"].replace(b"</w:styles>", more.encode() + b"</w:styles>")
    path = folder / "margins.docx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return path


def test_many_page_headers_read_the_styles_once(tmp_path):
    """Twelfth audit M-C: each header part rebuilt the styles and list tables (200 parts over
    20,000 styles were 115 s); they are read once for every part, so 200 headers over 5,000
    styles cost about what the body alone does, not 200 times it."""
    import time

    one, many = _with_headers(tmp_path / "a", 1, styles=5_000), _with_headers(tmp_path / "b", 200, styles=5_000)
    started = time.process_time()
    docx_text_layer(one, file="one.docx")
    alone = time.process_time() - started
    started = time.process_time()
    layer = docx_text_layer(many, file="many.docx")
    together = time.process_time() - started
    assert len(layer.margins) == 200
    assert together < 10 * alone + 1.0, (alone, together)


def test_a_word_file_with_more_page_headers_than_a_hundred_sections_hold_is_refusals(tmp_path):
    from inforce.adapters.ingest.docx import MAX_MARGIN_PARTS

    path = _with_headers(tmp_path, MAX_MARGIN_PARTS + 1)
    with pytest.raises(InputError) as caught:
        docx_text_layer(path, file="margins.docx")
    assert f"it has {MAX_MARGIN_PARTS + 1:,} page headers and footers, more than the {MAX_MARGIN_PARTS} read" in \
        caught.value.message
