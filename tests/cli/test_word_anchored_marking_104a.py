"""Audit 104 A F1-F2: a Word file declaring no access, in a project using the group ``mgmt``, was
ingested public, without a warning, when ``MGMT ONLY`` stood in text its reader meets but the text layer
leaves out: a footnote, an endnote or a comment anchored in its first paragraph, a SmartArt diagram drawn
there, ruby text on it (F1); a core property (title, subject, keywords, category, comments) or a custom
one (``Classification``, a sensitivity label's name), a table's alternative text or a field instruction
in the opening (F2). Each is now judged by the marking rule: what a paragraph anchors as its text boxes
are (``docx._BodyReader._anchored_lines``), a property as the metadata title is
(``docx._property_errors``). Each through ``inforce ingest``: exit 2 naming the file and its paragraph
or property, and ``show`` serves nothing; a footnote naming the group past the opening, and a plain
title property, still ingest."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest
from marking_outcome import ingested_and_served, refused_and_unserved
from typer.testing import CliRunner
from zip_parts import write_zip, zip_members

from inforce.adapters.cli import app

runner = CliRunner()
NS = ('xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"')
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
SECRET = "The salary of the director is 250000 dollars per year."
MEMO = ("---\nid: MEMO-1\nrevision: A\nkind: policy\ntitle: Memo\nissued: 2026-01-05\nrecorded: 2026-01-05T09:00:00Z\n"
        "effective: {from: 2026-01-10}\naccess: [mgmt]\n---\n1 SCOPE\n\n1.1 Managers meet monthly.\n")
SIDECAR = ("id: PAY-1\nrevision: A\nkind: policy\ntitle: Pay policy\nissued: 2026-01-05\nrecorded: 2026-01-05T09:00:00Z\n"
           "effective: {from: 2026-01-10}\n")
PARAGRAPHS = ["Pay policy", "1 PAYROLL", f"1.1 {SECRET}", "1.2 Salaries are paid monthly.",
              "1.3 Bonuses are paid yearly.", "1.4 Pensions are paid monthly.", "1.5 Expenses are paid weekly."]


def _notes(kind: str, text: str) -> str:
    return (f'<w:{kind}s {NS}><w:{kind} w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:{kind}>'
            f'<w:{kind} w:id="1"><w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:{kind}></w:{kind}s>')


_DIAGRAM = ('<w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing">'
            '<wp:extent cx="914400" cy="914400"/><wp:docPr id="7" name="Diagram 1"/>'
            '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
            '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/diagram">'
            '<dgm:relIds xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" r:dm="rIdD1" r:lo="rIdD1" '
            'r:qs="rIdD1" r:cs="rIdD1"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>')


def _data_model(text: str) -> str:
    return ('<dgm:dataModel xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" '
            'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><dgm:ptLst><dgm:pt modelId="1"><dgm:t>'
            f'<a:bodyPr/><a:p><a:r><a:t>{text}</a:t></a:r></a:p></dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>')


def _custom(name: str, text: str) -> str:
    return ('<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" '
            'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
            '<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" '
            f'name="{name}"><vt:lpwstr>{text}</vt:lpwstr></property></Properties>')


#: Each place (F1): what is put after the text of the paragraph it anchors in, the part it adds
#: (name, relationship type, content type, text), and what the error names the place as.
ANCHORED = {
    "footnote": ('<w:r><w:footnoteReference w:id="1"/></w:r>',
                 ("word/footnotes.xml", "footnotes", "wordprocessingml.footnotes", _notes("footnote", "MGMT ONLY")),
                 "footnote 1, word/footnotes.xml, anchored in the paragraph"),
    "endnote": ('<w:r><w:endnoteReference w:id="1"/></w:r>',
                ("word/endnotes.xml", "endnotes", "wordprocessingml.endnotes", _notes("endnote", "MGMT ONLY")),
                "endnote 1, word/endnotes.xml, anchored in the paragraph"),
    "smartart": (_DIAGRAM, ("word/diagrams/data1.xml", "diagramData", "drawingml.diagramData",
                            _data_model("MGMT ONLY")),
                 "a SmartArt diagram, word/diagrams/data1.xml, drawn in the paragraph"),
    "ruby": ('<w:r><w:ruby><w:rubyPr/><w:rt><w:r><w:t>MGMT ONLY</w:t></w:r></w:rt>'
             '<w:rubyBase><w:r><w:t>Pay</w:t></w:r></w:rubyBase></w:ruby></w:r>', None, "ruby text of the paragraph"),
    "field instruction": ('<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> '
                          'DOCPROPERTY "MGMT</w:instrText></w:r><w:r><w:instrText xml:space="preserve"> ONLY" '
                          '</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>x</w:t></w:r>'
                          '<w:r><w:fldChar w:fldCharType="end"/></w:r>', None,
                          "a field instruction of the paragraph"),
}


def _project(tmp_path: Path, *, after: dict[int, str] | None = None,
             parts: list[tuple[str, str | None, str, str]] = (), comment: int | None = None,
             core: dict[str, str] | None = None, table_property: str | None = None,
             sidecar: str = SIDECAR) -> Path:
    """A project using the group ``mgmt`` (a memo declares it) and a Word pay policy declaring no access:
    ``after`` puts XML after the text of a paragraph (by its number), ``parts`` adds parts (name, its
    relationship type from the main part or None, content type, text), ``comment`` anchors a comment saying
    ``MGMT ONLY`` on a paragraph, ``core`` sets core properties, ``table_property`` gives a table after the
    first paragraph that property (``tblCaption``, ``tblDescription``) saying ``MGMT ONLY``."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: w\nfacets: []\n", encoding="utf-8")
    (root / "documents" / "memo.md").write_text(MEMO, encoding="utf-8")
    word = docx.Document()
    for text in PARAGRAPHS:
        word.add_paragraph(text)
    if comment is not None:
        word.add_comment(word.paragraphs[comment - 1].runs, text="MGMT ONLY", author="a")
    for name, value in (core or {}).items():
        setattr(word.core_properties, name, value)
    if table_property is not None:
        table = word.add_table(rows=2, cols=2)
        for (row, column), text in {(0, 0): "Band", (0, 1): "Pay", (1, 0): "A", (1, 1): "100"}.items():
            table.cell(row, column).text = text
        table._tbl.tblPr.append(docx.oxml.parse_xml(f'<w:{table_property} {NS} w:val="MGMT ONLY"/>'))
        word.paragraphs[0]._p.addnext(table._tbl)
    path = root / "documents" / "pay.docx"
    word.save(str(path))
    members: dict[str, bytes | str] = dict(zip_members(path))
    body = members["word/document.xml"].decode("utf-8")  # type: ignore[union-attr]
    for number, xml in (after or {}).items():
        end = f"{PARAGRAPHS[number - 1]}</w:t></w:r>"
        body = body.replace(end, end + xml.replace("<w:r>", f"<w:r {NS}>", 1), 1)
    members["word/document.xml"] = body
    relations = members["word/_rels/document.xml.rels"].decode("utf-8")  # type: ignore[union-attr]
    for part, relation, _, _ in parts:
        if relation is not None:
            target = part.removeprefix("word/")
            rid = "rIdD1" if relation == "diagramData" else f"rIdX{relation}"
            relations = relations.replace("</Relationships>", f'<Relationship Id="{rid}" Type="{REL}{relation}" '
                                                              f'Target="{target}"/></Relationships>')
    members["word/_rels/document.xml.rels"] = relations
    types = members["[Content_Types].xml"].decode("utf-8")  # type: ignore[union-attr]
    for part, _, content, _ in parts:
        types = types.replace("</Types>", f'<Override PartName="/{part}" ContentType="application/'
                                          f'vnd.openxmlformats-officedocument.{content}+xml"/></Types>')
    members["[Content_Types].xml"] = types
    members.update((part, text) for part, _, _, text in parts)
    write_zip(path, members)
    (root / "documents" / "pay.docx.yaml").write_text(sidecar, encoding="utf-8")
    return root


def _refused_and_unserved(root: Path, where: str) -> str:
    return refused_and_unserved(root, "PAY-1#1.1", "250000", where)


def _ingested_and_served(root: Path) -> str:
    return ingested_and_served(root, "PAY-1#1.1", "250000")


@pytest.mark.parametrize("form", list(ANCHORED))
def test_a_marking_the_first_paragraph_anchors_is_refused(tmp_path: Path, form: str) -> None:
    xml, part, what = ANCHORED[form]
    root = _project(tmp_path, after={1: xml}, parts=[part] if part else [])
    said = _refused_and_unserved(root, "documents/pay.docx:1: access:")
    assert "MGMT" in said and f"(in {what})" in said, said


def test_a_comment_anchored_in_the_first_paragraph_is_refused(tmp_path: Path) -> None:
    said = _refused_and_unserved(_project(tmp_path, comment=1), "documents/pay.docx:1: access:")
    assert "'MGMT ONLY' (in comment 0, word/comments.xml, anchored in the paragraph)" in said, said


def test_a_footnote_of_the_last_paragraph_is_read_for_the_rule(tmp_path: Path) -> None:
    """The closing lines are a marking place too (a footer's marking): a footnote referenced in the last paragraph."""
    xml, part, _ = ANCHORED["footnote"]
    _refused_and_unserved(_project(tmp_path, after={len(PARAGRAPHS): xml}, parts=[part]),
                          f"documents/pay.docx:{len(PARAGRAPHS)}: access:")


@pytest.mark.parametrize("form", ["footnote", "smartart"])
def test_a_note_or_diagram_past_the_opening_is_body_text(tmp_path: Path, form: str) -> None:
    """A footnote (a diagram) of the body's middle stands in no marking place: naming the group there is
    what ordinary documents do, and the document ingests."""
    xml, (name, relation, content, _), _ = ANCHORED[form]
    text = _notes("footnote", "Approved by mgmt in March.") if form == "footnote" else _data_model("Approved by mgmt")
    _ingested_and_served(_project(tmp_path, after={4: xml}, parts=[(name, relation, content, text)]))


def test_an_ordinary_footnote_in_the_opening_still_ingests(tmp_path: Path) -> None:
    xml, (name, relation, content, _), _ = ANCHORED["footnote"]
    root = _project(tmp_path, after={1: xml}, parts=[(name, relation, content, _notes("footnote", "Issued 2026."))])
    _ingested_and_served(root)


@pytest.mark.parametrize("table_property", ["tblCaption", "tblDescription"])
def test_a_table_s_alternative_text_in_the_opening_is_refused(tmp_path: Path, table_property: str) -> None:
    said = _refused_and_unserved(_project(tmp_path, table_property=table_property), "documents/pay.docx:2: access:")
    assert "'MGMT ONLY' (in the table's" in said, said


@pytest.mark.parametrize("name", ["title", "subject", "keywords", "category", "comments"])
def test_a_core_property_naming_the_group_is_refused(tmp_path: Path, name: str) -> None:
    said = _refused_and_unserved(_project(tmp_path, core={name: "MGMT ONLY"}), "documents/pay.docx:")
    field = "title" if name == "title" else f"properties.{name}"
    assert (f"documents/pay.docx: {field}: 'MGMT ONLY' (the document's core property {name}, docProps/core.xml)"
            in said), said


@pytest.mark.parametrize("name", ["Classification", "MSIP_Label_0f1e2d3c_Name"])
def test_a_custom_property_naming_the_group_is_refused(tmp_path: Path, name: str) -> None:
    """Where a document-control system, or a sensitivity label, stamps a classification."""
    custom = ("docProps/custom.xml", None, "custom-properties", _custom(name, "MGMT ONLY"))
    said = _refused_and_unserved(_project(tmp_path, parts=[custom]), "documents/pay.docx:")
    assert (f"documents/pay.docx: properties.{name}: 'MGMT ONLY' (the document's custom property {name}, "
            "docProps/custom.xml)") in said, said


def test_plain_properties_still_ingest(tmp_path: Path) -> None:
    custom = ("docProps/custom.xml", None, "custom-properties", _custom("Classification", "Internal"))
    _ingested_and_served(_project(tmp_path, core={"title": "Pay policy", "subject": "Payroll", "keywords": "pay"},
                                  parts=[custom]))


def test_a_property_naming_the_group_of_a_document_declaring_it_ingests(tmp_path: Path) -> None:
    """The property's marking agrees with the access the sidecar declares: the document is restricted by it."""
    root = _project(tmp_path, core={"title": "MGMT ONLY"}, sidecar=SIDECAR + "access: [mgmt]\n")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    shown = runner.invoke(app, ["show", str(root), "PAY-1#1.1", "--groups", "outsider"])
    assert "250000" not in shown.output, shown.output


def test_a_note_many_closing_paragraphs_anchor_is_judged_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Audit 105 A F1: one footnote of many lines referenced by each of many empty closing paragraphs was
    judged once per reference — a 40 KB file (2,000 references of a 1,000-line note) held ingest 50 s. A
    note, comment or diagram is read at the first paragraph of a marking place anchoring it: the rule's
    judge meets each of its lines once (counted on the real judge, the ingest real)."""
    from inforce.adapters.ingest.opening import Opening

    references, lines = 60, 25
    note = "".join(f"<w:p><w:r><w:t>Line {i} of the note.</w:t></w:r></w:p>" for i in range(lines))
    notes = (f'<w:footnotes {NS}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p>'
             f'</w:footnote><w:footnote w:id="1">{note}</w:footnote></w:footnotes>')
    reference, (name, relation, content, _), _ = ANCHORED["footnote"]
    closing = reference + f"</w:p><w:p>{reference}" * references
    root = _project(tmp_path, after={len(PARAGRAPHS): closing}, parts=[(name, relation, content, notes)],
                    sidecar=SIDECAR + "public: true\n")
    judged: list[str] = []
    judge = Opening.judge

    def counted(self: Opening, line: str, *args: object, **kwargs: object) -> object:
        if "footnote 1" in str(kwargs.get("where", "")):
            judged.append(line)
        return judge(self, line, *args, **kwargs)

    monkeypatch.setattr(Opening, "judge", counted)
    _ingested_and_served(root)
    assert sorted(judged) == sorted(f"Line {i} of the note." for i in range(lines)), len(judged)


def test_a_ruby_guides_base_text_is_the_paragraphs_text(tmp_path: Path) -> None:
    """The text a ruby guide stands over is drawn in the paragraph: it was left out of the text
    without a word (seen while fixing audit 104 A F1); the guide itself stays out of the text."""
    ruby = ('<w:r><w:ruby><w:rubyPr/><w:rt><w:r><w:t>kyūyo</w:t></w:r></w:rt>'
            '<w:rubyBase><w:r><w:t> and allowances</w:t></w:r></w:rubyBase></w:ruby></w:r>')
    root = _project(tmp_path, after={4: ruby}, sidecar=SIDECAR + "public: true\n")
    _ingested_and_served(root)
    shown = runner.invoke(app, ["show", str(root), "PAY-1#1.2"])
    assert shown.exit_code == 0, shown.output
    said = " ".join(shown.output.split())
    assert "Salaries are paid monthly. and allowances" in said and "kyūyo" not in said, shown.output
