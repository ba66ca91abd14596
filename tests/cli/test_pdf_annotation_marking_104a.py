"""Audit 104 A F3: a PDF declaring no access, in a project using the group ``owners``, was refused when
its text layer said ``OWNERS ONLY`` at the page top or on its last line, but ingested public when the same
marking stood in an annotation on page 1 (a FreeText box or a stamp drawn above the title, a sticky
note, a form field's value: what a viewer shows over the page, and pdfium's text layer leaves out) or in
the document's own properties (the information dictionary's Title, Subject or Keywords, the XMP
``dc:title``): a reader's title bar and properties pane. Both are now judged as the page's text in the
marking places is, and as a metadata title is (``pdfopening.annotation_errors``, ``property_errors``).
Each through ``inforce ingest``: exit 2 naming the file and the page or property, nothing served to an
outsider; and ordinary documents still ingest."""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest
from marking_outcome import ingested_and_served, refused_and_unserved
from pdf_objects import pdf_bytes
from typer.testing import CliRunner

from inforce.adapters.cli import app

fpdf = pytest.importorskip("fpdf", reason="fpdf2 (the dev extra) draws the test PDFs")

runner = CliRunner()
MARK = "OWNERS ONLY"
SECRET = "1.1 The vault code is 4321 and shall be kept."
GROUPS = ("---\nid: GRP-1\nkind: other\ntitle: Groups holder\naccess: [owners]\neffective: {from: 2026-01-01}\n"
          "recorded: 2026-01-01T00:00:00Z\n---\n1 Scope\n\n1.1 Owners hold this.\n")
SIDECAR = "id: DOC-A\nkind: specification\ntitle: Vault procedures\neffective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n"
LINES = ["Vault procedures", "1 Scope", SECRET, "1.2 Keep the vault shut."]


def _drawn(build, pages: int = 1) -> bytes:
    """A PDF drawn by fpdf2: ``LINES`` on page 1 (and three clauses on each further page, so the closing lines
    stand on the last); ``build(pdf, page)`` adds what a case puts on each page after its text."""
    pdf = fpdf.FPDF()
    pdf.set_font("Helvetica", size=11)
    for page in range(1, pages + 1):
        pdf.add_page()
        clauses = [f"1.{3 * page + at - 3} Clause {3 * page + at - 3} of the vault." for at in range(3)]
        for line in LINES if page == 1 else clauses:
            pdf.cell(0, 8, line, new_x="LMARGIN", new_y="NEXT")
        build(pdf, page)
    return bytes(pdf.output())


def _written(extra: list[bytes], *, annots: tuple[int, ...] = (5,), fields: tuple[int, ...] = ()) -> bytes:
    """A one-page PDF written by hand (fpdf2 draws no stamp nor form field): ``LINES`` as its text, ``extra``
    its objects 5, 6, ...; ``annots`` those on the page, ``fields`` those of an AcroForm (none: no form)."""
    content = b"BT /F1 11 Tf 72 720 Td " + b" 0 -16 Td ".join(b"(" + line.encode() + b") Tj" for line in LINES) + b" ET"
    stream = zlib.compress(content)
    font = 5 + len(extra)

    def refs(numbers: tuple[int, ...]) -> bytes:
        return b" ".join(b"%d 0 R" % number for number in numbers)

    form = b" /AcroForm << /Fields [%s] >>" % refs(fields) if fields else b""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R%s >>" % form,
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 %d 0 R >> >>"
        b" /Annots [%s] >>" % (font, refs(annots)),
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream" % (len(stream), stream),
        *extra,
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    return pdf_bytes(objects)


def _project(tmp_path: Path, pdf: bytes) -> Path:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: t\nfacets: []\nrules: []\n", encoding="utf-8")
    (root / "documents" / "grp.md").write_text(GROUPS, encoding="utf-8")
    (root / "documents" / "a.pdf").write_bytes(pdf)
    (root / "documents" / "a.pdf.yaml").write_text(SIDECAR, encoding="utf-8")
    return root


def _refused(root: Path) -> str:
    return refused_and_unserved(root, "DOC-A#1.1", "4321")


def _ingested(root: Path) -> str:
    return ingested_and_served(root, "DOC-A#1.1", "4321")


ON_PAGE_1 = {
    "freetext": (lambda pdf, page: pdf.free_text_annotation(MARK, x=10, y=5, w=60, h=10),
                 "(page 1, a FreeText annotation's /Contents)"),
    "sticky note": (lambda pdf, page: pdf.text_annotation(10, 5, MARK), "(page 1, a sticky note (Text annotation)'s /Contents)"),
    "info title": (lambda pdf, page: pdf.set_title(MARK), "(the PDF's document information Title property)"),
    "info subject": (lambda pdf, page: pdf.set_subject(MARK), "(the PDF's document information Subject property)"),
    "info keywords": (lambda pdf, page: pdf.set_keywords(MARK), "(the PDF's document information Keywords property)"),
    "xmp title": (lambda pdf, page: pdf.set_xmp_metadata(
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description '
        'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">'
        f'{MARK}</rdf:li></rdf:Alt></dc:title></rdf:Description></rdf:RDF>'), "(the PDF's XMP dc:title property)"),
    "xmp subject": (lambda pdf, page: pdf.set_xmp_metadata(
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description '
        'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:subject><rdf:Bag><rdf:li>vault</rdf:li>'
        f'<rdf:li>{MARK}</rdf:li></rdf:Bag></dc:subject></rdf:Description></rdf:RDF>'), "(the PDF's XMP dc:subject property)"),
}


@pytest.mark.parametrize("form", list(ON_PAGE_1))
def test_a_marking_in_an_annotation_or_a_property_is_refused(tmp_path: Path, form: str) -> None:
    build, where = ON_PAGE_1[form]
    said = _refused(_project(tmp_path, _drawn(build)))
    assert f"documents/a.pdf: access: '{MARK}' {where}" in said, said


def test_an_annotation_on_the_last_page_is_read_as_the_closing_lines_are(tmp_path: Path) -> None:
    """A footer's place: a sticky note on the last of three pages."""
    said = _refused(_project(tmp_path, _drawn(lambda pdf, page: page == 3 and pdf.text_annotation(10, 280, MARK), 3)))
    assert f"'{MARK}' (page 3, a sticky note (Text annotation)'s /Contents)" in said, said


HAND_WRITTEN = {
    "stamp": ([b"<< /Type /Annot /Subtype /Stamp /Rect [72 740 272 780] /Name /Draft /Contents (OWNERS ONLY) >>"],
              (), "(page 1, a Stamp annotation's /Contents)"),
    "rich text": ([b"<< /Type /Annot /Subtype /FreeText /Rect [72 740 272 780] /DA (/Helv 12 Tf 0 g) /Contents (Note)"
                   b" /RC (<?xml version=\"1.0\"?><body xmlns=\"http://www.w3.org/1999/xhtml\"><p>OWNERS &amp; "
                   b"MANAGERS</p><p>ONLY</p></body>) >>"], (), "(page 1, a FreeText annotation's /RC)"),
    "field value": ([b"<< /Type /Annot /Subtype /Widget /FT /Tx /T (class) /V (OWNERS ONLY) /Rect [72 740 272 780]"
                     b" /P 3 0 R >>"], (5,), "(page 1, a form field (Widget)'s /V)"),
}


@pytest.mark.parametrize("form", list(HAND_WRITTEN))
def test_a_stamp_rich_text_or_field_value_on_page_1_is_refused(tmp_path: Path, form: str) -> None:
    extra, fields, where = HAND_WRITTEN[form]
    said = _refused(_project(tmp_path, _written(extra, fields=fields)))
    assert where in said, said


def test_a_field_value_its_widget_inherits_from_its_field_is_read(tmp_path: Path) -> None:
    """The value stands on the parent field, the widget on the page holds none of its own: read as a viewer shows it."""
    field = b"<< /FT /Tx /T (class) /V (OWNERS ONLY) /Kids [6 0 R] >>"
    widget = b"<< /Type /Annot /Subtype /Widget /Parent 5 0 R /Rect [72 740 272 780] /P 3 0 R >>"
    said = _refused(_project(tmp_path, _written([field, widget], annots=(6,), fields=(5,))))
    assert "(page 1, a form field (Widget)'s /V)" in said, said


def test_an_annotation_on_a_middle_page_is_body_text(tmp_path: Path) -> None:
    """A reviewer's note naming the group on page 2 of 3 stands in no marking place: the document ingests."""
    _ingested(_project(tmp_path, _drawn(lambda pdf, page: page == 2 and pdf.text_annotation(
        10, 100, "Owners: please check 1.4"), 3)))


def test_plain_properties_and_annotations_still_ingest(tmp_path: Path) -> None:
    """A title, subject and keywords naming no group, a FreeText caption on page 1: an ordinary PDF."""
    def build(pdf, page: int) -> None:
        pdf.set_title("Vault procedures")
        pdf.set_subject("Procedures for the vault")
        pdf.set_keywords("vault, procedures, safety")
        pdf.free_text_annotation("Figure 1 - vault plan", x=10, y=5, w=60, h=10)

    _ingested(_project(tmp_path, _drawn(build)))


def test_a_document_declaring_the_group_keeps_its_stamp(tmp_path: Path) -> None:
    """A document declaring access: [owners] may carry its own marking: ingested, the outsider served nothing."""
    root = _project(tmp_path, _drawn(ON_PAGE_1["freetext"][0]))
    (root / "documents" / "a.pdf.yaml").write_text(SIDECAR + "access: [owners]\n", encoding="utf-8")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    shown = runner.invoke(app, ["show", str(root), "DOC-A#1.1", "--groups", "outsider"])
    assert "4321" not in shown.output, shown.output
