"""Audit 102 C F1: a Word file declaring no access, in a project using the group ``mgmt``, was refused
when its first paragraph said ``MGMT ONLY``, but ingested public when the same marking stood in a text
box of the body (VML or DrawingML: Word draws it on page 1, the usual way a stamp is put on), in an
imported chunk (``w:altChunk``, which Word merges into the body on opening), in a tracked insertion or
in hidden text of the opening. A page header's text boxes and insertions were already read for the
rule; the body's marking places now get the same reading (``docx._written_paragraphs``, one home),
and a chunk in such a document is refused, its text being read by no rule. Each through ``inforce
ingest``: exit 2 at the file's paragraph, and ``show`` serves nothing."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest
from typer.testing import CliRunner
from zip_parts import write_zip, zip_members

from inforce.adapters.cli import app
from tests.cli.test_word_anchored_marking_104a import _refused_and_unserved

runner = CliRunner()
W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
SECRET = "The salary of the director is 250000 dollars per year."
MEMO = ("---\nid: MEMO-1\nrevision: A\nkind: policy\ntitle: Memo\nissued: 2026-01-05\nrecorded: 2026-01-05T09:00:00Z\n"
        "effective: {from: 2026-01-10}\naccess: [mgmt]\n---\n1 SCOPE\n\n1.1 Managers meet monthly.\n")
SIDECAR = ("id: PAY-1\nrevision: A\nkind: policy\ntitle: Pay policy\nissued: 2026-01-05\nrecorded: 2026-01-05T09:00:00Z\n"
           "effective: {from: 2026-01-10}\n")


def _vml_box(text: str) -> bytes:
    return (f'<w:p {W} xmlns:v="urn:schemas-microsoft-com:vml"><w:r><w:pict><v:shape><v:textbox><w:txbxContent>'
            f'<w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:txbxContent></v:textbox></v:shape></w:pict></w:r></w:p>').encode()


def _drawing_box(text: str) -> bytes:
    """A DrawingML text box as Word writes one: a shape (wps) in an anchored drawing."""
    return (
        f'<w:p {W} xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
        'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
        'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><w:r><w:drawing>'
        '<wp:anchor simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">'
        '<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="page"><wp:posOffset>0</wp:posOffset></wp:positionH>'
        '<wp:positionV relativeFrom="page"><wp:posOffset>0</wp:posOffset></wp:positionV>'
        '<wp:extent cx="1828800" cy="457200"/><wp:wrapNone/><wp:docPr id="1" name="Stamp"/>'
        '<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">'
        f'<wps:wsp><wps:spPr/><wps:txbx><w:txbxContent><w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:txbxContent>'
        '</wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r></w:p>').encode()


FORMS = {
    "vml text box": (_vml_box("MGMT ONLY"), None),
    "drawingml text box": (_drawing_box("MGMT ONLY"), None),
    "imported chunk": (f'<w:altChunk {W} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
                       'relationships" r:id="rIdAlt1"/>'.encode(), "<html><body><p>MGMT ONLY</p></body></html>"),
    "tracked insertion": (f'<w:p {W}><w:ins w:id="1" w:author="a" w:date="2026-01-01T00:00:00Z"><w:r>'
                          '<w:t>MGMT ONLY</w:t></w:r></w:ins></w:p>'.encode(), None),
    "hidden text": (f'<w:p {W}><w:r><w:rPr><w:vanish/></w:rPr><w:t>MGMT ONLY</w:t></w:r></w:p>'.encode(), None),
}


def _project(tmp_path: Path, inject: bytes, chunk: str | None = None, *, at_end: bool = False,
             sidecar: str = SIDECAR) -> Path:
    """A project using the group ``mgmt`` (a memo declares it) and a Word pay policy declaring no access,
    ``inject`` put first in its body (``at_end``: after its last paragraph); ``chunk`` the HTML an
    imported chunk's relationship leads to."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: w\nfacets: []\n", encoding="utf-8")
    (root / "documents" / "memo.md").write_text(MEMO, encoding="utf-8")
    word = docx.Document()
    word.add_heading("1 PAYROLL", 1)
    word.add_paragraph(f"1.1 {SECRET}")
    word.add_paragraph("1.2 Salaries are paid monthly.")
    path = root / "documents" / "pay.docx"
    word.save(str(path))
    members: dict[str, bytes | str] = dict(zip_members(path))
    body = members["word/document.xml"]
    assert isinstance(body, bytes)
    members["word/document.xml"] = (body.replace(b"<w:sectPr", inject + b"<w:sectPr", 1) if at_end
                                    else body.replace(b"<w:body>", b"<w:body>" + inject, 1))
    if chunk is not None:
        relations, types = members["word/_rels/document.xml.rels"], members["[Content_Types].xml"]
        assert isinstance(relations, bytes) and isinstance(types, bytes)
        members["word/_rels/document.xml.rels"] = relations.replace(b"</Relationships>", (
            b'<Relationship Id="rIdAlt1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
            b'relationships/aFChunk" Target="chunk.html"/></Relationships>'))
        members["[Content_Types].xml"] = types.replace(
            b"</Types>", b'<Default Extension="html" ContentType="text/html"/></Types>')
        members["word/chunk.html"] = chunk
    write_zip(path, members)
    (root / "documents" / "pay.docx.yaml").write_text(sidecar, encoding="utf-8")
    return root


@pytest.mark.parametrize("form", list(FORMS))
def test_a_marking_the_body_opening_holds_out_of_its_text_is_refused(tmp_path: Path, form: str) -> None:
    inject, chunk = FORMS[form]
    said = _refused_and_unserved(_project(tmp_path, inject, chunk), "documents/pay.docx:1: access:")
    if form == "imported chunk":
        assert "an imported chunk (w:altChunk) at paragraph 1 is not read" in said, said
    else:
        assert "'MGMT ONLY' (in a text box, tracked insertion or hidden text of the paragraph)" in said, said


def test_a_text_box_in_the_closing_lines_is_read_for_the_rule(tmp_path: Path) -> None:
    """The closing lines are a marking place too (a footer's marking): a box anchored in the last paragraph."""
    _refused_and_unserved(_project(tmp_path, _vml_box("MGMT ONLY"), at_end=True), "documents/pay.docx:4: access:")


def test_a_line_carried_into_a_text_box_is_judged_with_it(tmp_path: Path) -> None:
    """``RESTRICTED TO:`` as the first paragraph, the group in a text box in the next: read in order."""
    inject = f'<w:p {W}><w:r><w:t>RESTRICTED TO:</w:t></w:r></w:p>'.encode() + _vml_box("MGMT")
    _refused_and_unserved(_project(tmp_path, inject), "documents/pay.docx:2: access:")


@pytest.mark.parametrize("box", [_vml_box, _drawing_box], ids=["vml", "drawingml"])
def test_an_ordinary_text_box_in_the_opening_still_ingests(tmp_path: Path, box) -> None:
    """A caption naming no group is no marking: the document ingests, its box said as not read."""
    root = _project(tmp_path, box("Figure 1 - Pay bands"))
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    assert "holds a text box: its text is not read" in " ".join(done.output.split()), done.output
    shown = runner.invoke(app, ["show", str(root), "PAY-1#1.1"])
    assert shown.exit_code == 0 and "250000" in shown.output, shown.output


def test_a_text_box_past_the_opening_is_body_text(tmp_path: Path) -> None:
    """A box anchored in the body's middle stands in no marking place: a document naming the group there ingests."""
    root = _project(tmp_path, b"")
    path = root / "documents" / "pay.docx"
    word = docx.Document(str(path))
    paragraph = word.paragraphs[1]._p  # 1.1, the first body text: the opening ends there
    paragraph.addnext(docx.oxml.parse_xml(_vml_box("Approved by mgmt in March").decode()))
    word.add_paragraph("1.3 Bonuses are paid yearly.")
    word.add_paragraph("1.4 Pensions are paid monthly.")
    word.save(str(path))
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output


def test_an_imported_chunk_in_a_document_declaring_access_is_only_said(tmp_path: Path) -> None:
    """A document declaring its access is restricted by it whatever the chunk says: the chunk is warned of, as before."""
    inject, chunk = FORMS["imported chunk"]
    root = _project(tmp_path, inject, chunk, sidecar=SIDECAR + "access: [mgmt]\n")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    assert "alt_chunk" in done.output, done.output
