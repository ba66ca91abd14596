"""Access written as text in a document's opening is refused in every format (audit 23i, H1).

The opening is the text before the first numbered provision. A line there that reads as an
access declaration was meant as metadata; taken as body text it would be lost and the file read
public, so each reader (Markdown, Word, PDF) refuses it at its line or paragraph. Inside a
numbered provision the same words are the document's own text and stay so.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest.documents import parse_document_with_warnings
from inforce.adapters.ingest.register import read_register
from inforce.adapters.ingest.registry import registry_from_file
from inforce.ontology import InputErrors

from docx_writer import WordWriter

HEADER = "file,id,title,kind,revision,seq,issued,effective_from,recorded\n"
TAIL = ",LAB-7,Pump room,sop,B,1,2026-11-02,2026-11-02,2026-11-02T08:00:00Z\n"
PROVISIONS = ["1 SCOPE", "The pump room key is LOCKWORD."]


def project(tmp_path: Path, name: str) -> Path:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "register.csv").write_text(HEADER + f"documents/{name}" + TAIL, encoding="utf-8")
    return root


def read(root: Path, name: str):
    register = read_register(root / "register.csv", "register.csv", root=root)
    return parse_document_with_warnings(root / "documents" / name, root, register=register)[0]


def refused(root: Path, name: str) -> list[str]:
    with pytest.raises(InputErrors) as raised:
        read(root, name)
    return [str(error) for error in raised.value.exceptions]


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
    said = refused(word(tmp_path, ["Access: engineers", "LAB-7 PUMP ROOM", *PROVISIONS]), "lab-7.docx")
    assert len(said) == 1 and said[0].startswith("documents/lab-7.docx:1:")
    assert "reads as access metadata" in said[0] and "LOCKWORD" not in said[0]


def test_a_word_file_with_fenced_access_paragraphs_is_refused(tmp_path):
    root = word(tmp_path, ["---", "access: [engineers]", "---", "LAB-7", *PROVISIONS])
    said = refused(root, "lab-7.docx")
    assert [line.split(" ")[0] for line in said] == ["documents/lab-7.docx:2:"]


def test_a_pdf_whose_first_line_declares_access_is_refused_naming_its_page(tmp_path):
    said = refused(pdf(tmp_path, ["ACCESS = engineers", "LAB-7 PUMP ROOM", *PROVISIONS]), "lab-7.pdf")
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
def test_a_described_markdown_file_declaring_access_before_its_first_provision_is_refused(tmp_path, shape):
    text = MARKDOWN_SHAPES[shape] + "\n\n".join(PROVISIONS) + "\n"
    said = refused(markdown(tmp_path, text), "lab-7.md")
    line = 1 + text[: text.lower().index("access")].count("\n")
    assert any(s.startswith(f"documents/lab-7.md:{line}:") and "reads as access metadata" in s for s in said), said


def test_access_words_inside_a_numbered_provision_are_text(tmp_path):
    text = ("LAB-7 PUMP ROOM\n\n1 GENERAL\n\n1.1 Doors\n\nACCESS DOORS: steel, 600 mm clear.\n\n"
            "access: by key from the duty engineer.\n")
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
    assert [(r.document, r.access) for r in revisions] == [("LAB-7", ())]


def test_the_word_refusal_names_the_paragraph_and_says_where_access_belongs(tmp_path):
    said = refused(word(tmp_path, ["LAB-7", "", "Access: engineers", *PROVISIONS]), "lab-7.docx")
    assert len(said) == 1 and said[0].startswith("documents/lab-7.docx:3:")
    assert "front matter from the very first line (Markdown), its sidecar or the register" in said[0]
