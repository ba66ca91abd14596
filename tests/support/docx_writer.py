"""Word files for tests, written with python-docx: headings, paragraphs, tables, and the
markup python-docx has no API for — list numbering definitions (``numbering.xml``) and
tracked changes (``w:ins``, ``w:del``) — added as WordprocessingML."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import docx
from docx.enum.style import WD_STYLE_TYPE
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.text.paragraph import Paragraph

_REVIEW = 'w:author="Reviewer" w:date="2026-03-01T09:00:00Z"'


class WordWriter:
    """One Word document, built paragraph by paragraph and saved with :meth:`save`."""

    def __init__(self) -> None:
        self.document = docx.Document()
        self._revision = 0

    def heading(self, text: str, level: int) -> Paragraph:
        """A paragraph in Word's ``Heading <level>`` style."""
        return self.document.add_heading(text, level)

    def paragraph(self, text: str = "", *, style: str | None = None) -> Paragraph:
        return self.document.add_paragraph(text, style=style)

    def list_numbering(self, levels: Sequence[tuple[str, str]], *, start: int = 1) -> str:
        """A multilevel list definition, one ``(numFmt, lvlText)`` per level (``("upperLetter",
        "%3.")``), the first level starting at ``start``; returns the list's ``numId``."""
        numbering = self.document.part.numbering_part.element
        abstracts = numbering.findall(qn("w:abstractNum"))
        lists = numbering.findall(qn("w:num"))
        abstract_id = max((int(a.get(qn("w:abstractNumId"))) for a in abstracts), default=0) + 1
        list_id = max((int(n.get(qn("w:numId"))) for n in lists), default=0) + 1
        level_xml = "".join(
            f'<w:lvl w:ilvl="{index}"><w:start w:val="{start if index == 0 else 1}"/>'
            f'<w:numFmt w:val="{number_format}"/><w:lvlText w:val="{text}"/></w:lvl>'
            for index, (number_format, text) in enumerate(levels)
        )
        abstract = parse_xml(
            f'<w:abstractNum {nsdecls("w")} w:abstractNumId="{abstract_id}">'
            f'<w:multiLevelType w:val="multilevel"/>{level_xml}</w:abstractNum>'
        )
        # abstract definitions come before the lists that use them (the schema's order)
        if abstracts:
            abstracts[-1].addnext(abstract)
        else:
            numbering.insert(0, abstract)
        numbering.append(
            parse_xml(
                f'<w:num {nsdecls("w")} w:numId="{list_id}">'
                f'<w:abstractNumId w:val="{abstract_id}"/></w:num>'
            )
        )
        return str(list_id)

    def number_style(self, style: str, list_id: str, level: int) -> None:
        """Number every paragraph in ``style`` at ``level`` of a list, as Word links its heading
        styles to a multilevel list: the style names the list, the level names the style."""
        element = self.document.styles[style].element
        element.get_or_add_pPr().append(
            parse_xml(f'<w:numPr {nsdecls("w")}><w:numId w:val="{list_id}"/></w:numPr>')
        )
        numbering = self.document.part.numbering_part.element
        abstract_id = next(
            n.find(qn("w:abstractNumId")).get(qn("w:val"))
            for n in numbering.findall(qn("w:num"))
            if n.get(qn("w:numId")) == list_id
        )
        abstract = next(
            a
            for a in numbering.findall(qn("w:abstractNum"))
            if a.get(qn("w:abstractNumId")) == abstract_id
        )
        lvl = abstract.findall(qn("w:lvl"))[level]
        lvl.find(qn("w:start")).addnext(
            parse_xml(f'<w:pStyle {nsdecls("w")} w:val="{element.get(qn("w:styleId"))}"/>')
        )

    def paragraph_style(self, name: str) -> str:
        """A new paragraph style called ``name`` (``toc 1``); returns its name."""
        self.document.styles.add_style(name, WD_STYLE_TYPE.PARAGRAPH)
        return name

    def numbered(self, text: str, list_id: str, level: int = 0) -> Paragraph:
        """A paragraph numbered by Word (the number is not in its text) at ``level`` of a list."""
        paragraph = self.document.add_paragraph(text)
        paragraph._p.get_or_add_pPr().append(
            parse_xml(
                f'<w:numPr {nsdecls("w")}><w:ilvl w:val="{level}"/>'
                f'<w:numId w:val="{list_id}"/></w:numPr>'
            )
        )
        return paragraph

    def table(self, rows: Sequence[Sequence[str]]) -> docx.table.Table:
        """A table whose first row is its header; returned for merging cells."""
        table = self.document.add_table(rows=len(rows), cols=len(rows[0]))
        for cells, row in zip(rows, table.rows, strict=True):
            for text, cell in zip(cells, row.cells, strict=True):
                cell.text = text
        return table

    def tracked(self, *pieces: tuple[str, str], mark_inserted: bool = False) -> Paragraph:
        """A paragraph of pieces ``(change, text)``: ``change`` is ``""`` for plain text, ``"ins"``
        for a tracked insertion, ``"del"`` for a tracked deletion (neither accepted). With
        ``mark_inserted`` its paragraph mark is an insertion too (Enter pressed while tracking)."""
        paragraph = self.document.add_paragraph()
        if mark_inserted:
            # the paragraph mark's run properties (w:pPr/w:rPr) say the mark was inserted
            paragraph._p.get_or_add_pPr().append(
                parse_xml(f"<w:rPr {nsdecls('w')}>{self._change('ins')}</w:rPr>")
            )
        for change, text in pieces:
            if change == "ins":
                run = f'<w:r><w:t xml:space="preserve">{text}</w:t></w:r>'
                paragraph._p.append(parse_xml(self._change("ins", run)))
            elif change == "del":
                run = f'<w:r><w:delText xml:space="preserve">{text}</w:delText></w:r>'
                paragraph._p.append(parse_xml(self._change("del", run)))
            else:
                paragraph.add_run(text)
        return paragraph

    def inserted_paragraph(self, text: str) -> Paragraph:
        """A whole paragraph added with changes tracked: its text and its mark are insertions."""
        return self.tracked(("ins", text), mark_inserted=True)

    def insert_row_tracked(self, table: docx.table.Table, index: int) -> None:
        """Mark row ``index`` of ``table`` as a tracked insertion, not accepted."""
        row = table.rows[index]._tr
        row.get_or_add_trPr().append(parse_xml(self._change("ins")))

    def raw_paragraph(self, markup: str) -> None:
        """A paragraph written as WordprocessingML: ``markup`` is what goes inside ``w:p``
        (``<w:pPr>…</w:pPr><w:r>…</w:r>``), for what python-docx has no API for (symbols,
        no-break hyphens, a hidden paragraph mark)."""
        self.document.element.body.append(parse_xml(f"<w:p {nsdecls('w')}>{markup}</w:p>"))
        # python-docx keeps w:sectPr last; the new paragraph goes before it
        body = self.document.element.body
        section = body.find(qn("w:sectPr"))
        if section is not None:
            body.append(section)

    def style(
        self, name: str, *, character: bool = False, based_on: str | None = None, hidden: bool | None = None
    ) -> str:
        """A new paragraph (or character) style called ``name``, based on the style named
        ``based_on``, its text hidden (``w:vanish``) when ``hidden`` says so; returns its id."""
        kind = WD_STYLE_TYPE.CHARACTER if character else WD_STYLE_TYPE.PARAGRAPH
        style = self.document.styles.add_style(name, kind)
        if based_on is not None:
            style.base_style = self.document.styles[based_on]
        if hidden is not None:
            style.font.hidden = hidden
        return style.style_id

    def based_on(self, style_id: str, parent_id: str) -> None:
        """Make the style ``style_id`` based on ``parent_id`` whatever that makes (a cycle too)."""
        for style in self.document.styles.element.findall(qn("w:style")):
            if style.get(qn("w:styleId")) == style_id:
                for old in style.findall(qn("w:basedOn")):
                    style.remove(old)
                style.insert(1, parse_xml(f'<w:basedOn {nsdecls("w")} w:val="{parent_id}"/>'))

    def _change(self, kind: str, runs: str = "") -> str:
        """The markup of one tracked change (``ins`` or ``del``) holding ``runs``."""
        self._revision += 1
        return f'<w:{kind} {nsdecls("w")} w:id="{self._revision}" {_REVIEW}>{runs}</w:{kind}>'

    def save(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.document.save(str(path))
        return path
