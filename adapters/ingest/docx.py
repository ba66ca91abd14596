"""A Word document (``.docx``) read into the provisions of the equivalent Markdown document.

The body is rendered as the Markdown body a person would have written for it, and that text
is the document's text layer, read by :func:`.outline.parse_outline` as any Markdown body is:
so a section's path, parent, text and character span are the ones the same content written
in Markdown gets. The rendering:

- one block per paragraph, blank lines between blocks; a line break inside a paragraph is a
  line break in its block;
- a paragraph in a Heading 1–6 style (or a style based on one) is a Markdown heading of that
  level (``## 2.1 PRODUCTS``); any other paragraph is plain text, so a typed number
  (``2.1 PRODUCTS``, ``A. Cast-in-place concrete``) is read exactly as in Markdown;
- Word's automatic list numbering is rendered as the number the reader sees, followed by a
  space: ``2.1``, ``A.``, ``1.``, ``a.``, ``(a)``, from the level's ``lvlText`` with each
  ``%N`` the running count of level N in that level's format (decimal, letters, roman).
  Numbering given by a paragraph's style (``List Number``, headings linked to a multilevel
  list) counts as numbering given to the paragraph itself. A number made this way is read as
  a typed one: a paragraph ``Cast-in-place concrete`` numbered ``A.`` under ``2.1`` is
  ``2.1.A``. A number longer than any Word prints (more than nine ``%N``, or past 64
  characters: a letter count past 1,664) is an InputError naming the paragraph and its
  numbering definition, refused before it is written;
- a table is a Markdown pipe table: its first row the header, then ``| --- |``, then a line
  per row, so each row is a ``table-N.row-M`` provision with the header repeated. A merged
  cell's text holds for every column and row it spans; a cell's paragraphs are joined by a
  space (a nested table's cells by a tab) and a ``|`` in them is escaped. A row spanning more
  than Word's 63 grid columns (``gridBefore``, ``gridSpan``, ``gridAfter``), or merged cells
  repeating more than 16 Mi characters of text in the document in all (each further column and
  row a merged cell spans writes its text again), is an InputError naming the table and the
  row, refused before the row's text is made;
- a table of contents (paragraphs in the ``TOC Heading`` and ``TOC 1``… styles) is left
  out: it repeats the headings' numbers, which would otherwise open their sections twice;
- hidden text is left out, as a reader of the issued document does not see it (a MasterSpec
  section hides its notes to the specifier, "Retain or delete this article…"): a run is
  hidden by ``w:vanish`` or ``w:specVanish`` in its own properties, else in its character
  style, else in its paragraph's style, else in the document's defaults — the nearest that
  says, through ``basedOn`` chains, with ``w:val="0"``/``false`` saying shown (Word's
  toggling of a property set in both a paragraph and a character style is not followed).
  A paragraph whose text is all hidden, or which has none and whose mark is hidden, is left
  out whole: no block, no list number (its list's count does not advance), no heading. A
  table row whose cells are all hidden is left out too. The document's one warning (field
  ``hidden_text``) counts the hidden paragraphs and runs left out and names the first's
  paragraph;
- characters Word writes as elements: ``w:tab`` a tab, ``w:br``/``w:cr`` a line break, a
  no-break hyphen ``-`` (the hyphen a reader sees, and the one the Markdown twin, a search
  and a quantity are written with: ``A615-20``), an optional hyphen nothing, and a symbol
  (``w:sym``) its character: in the Symbol font by Symbol's encoding (``F0B0`` is ``°``,
  ``F06D`` ``μ``, ``F0A3`` ``≤``…), in another font the Unicode character of its code. A
  symbol that stands for no character known here (Wingdings' ``F0FC``) is named in a warning
  (field ``symbol``, its font, code and paragraph), never dropped without a word.

The numbers are rendered here (:mod:`.wordstyles`), from ``numbering.xml`` and
``styles.xml`` read with lxml, and not by docx2python: its numbering output ignores ``lvlText`` (``2.1`` comes out as ``1)``,
``A.`` as ``A)`` and ``(a)`` as ``a)``, each after a tab per level), leaves out numbering that
comes from a paragraph's style, and does not add a level's start value to the counts it
reports, so the labels it gives are not the ones printed and would not make the locators the
Markdown document has. python-docx does not render numbering at all.

Tracked changes: the text read is the document as issued, without unaccepted changes —
inserted text (``w:ins``, ``w:moveTo``) is left out, deleted text (``w:del``,
``w:moveFrom``) is kept, a row or a cell whose insertion is unaccepted is left out, a
paragraph whose mark is an unaccepted insertion joins the next one (as it did before the
change), and a tracked change of paragraph properties reads the properties from before it.
Each paragraph holding a tracked change is named in a warning (field ``tracked_changes``)
telling the user to accept or reject the changes in Word before issuing. Comments are
ignored, and so are footnotes and text boxes (a paragraph holding a text box is named in a
warning, since its text is not read). Markup-compatibility alternatives
(``mc:AlternateContent``) are read once wherever they stand: the first choice, what Word
shows (:func:`_resolve_alternatives`). Page headers and footers are no part of the text
layer (they repeat on every page and hold no provision), but they are read, rendered as the
body is, for one rule:
a line of theirs that declares access (``opening.Opening``, the one rule: ``access: owners``,
``Access<TAB>owners``, a table row ``access | owners``) is an error naming the part, as it is in
the body's opening: a document's access is never written as text. The header's text boxes,
tracked insertions and hidden text are read for the rule too (:func:`_written_paragraphs`), and so
are those of a body paragraph standing in a marking place, its opening or its closing lines
(:func:`_written_errors`, audit 102 C F1: a text box is how a stamp is put on page 1), with what such a
paragraph anchors though the text layer leaves it out — its footnotes, endnotes and comments, a SmartArt
diagram drawn in it, ruby text, field instructions, a table's caption and description (audit 104 A F1-F2,
:meth:`_BodyReader._anchored_lines`) — and the document's core and custom properties are judged as the
metadata title is (:func:`_property_errors`); a glossary part is not read. An imported
chunk (``w:altChunk``) in a document that declares no access, in a project using groups, is an
error at its paragraph (:func:`_chunk_errors`): its text is read by no rule.

Positions: an InputError's ``line`` is the paragraph number for a ``.docx``: the 1-based
index of a paragraph of the body in document order, where every ``w:p`` of the body counts
(empty ones and unaccepted insertions too, as Word shows them with all markup) and each
table row counts as one paragraph (the paragraphs inside its cells do not count apart).
Problems the outline finds at a line of the text layer are moved to that line's paragraph;
:class:`DocxTextLayer` maps any text-layer line to its paragraph.
A file that is not a Word document (not a zip archive, a Word 97–2003 ``.doc`` or an
encrypted one renamed, no main document part, malformed XML) is an InputError naming it.
"""

from __future__ import annotations

import dataclasses
import io
import posixpath
import re
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from inforce.ontology import Document, InputError
from inforce.ontology.archives import MAX_MEMBER, duplicate_problem, unpack_problem

from .opening import Opening
from .outline import Outline, parse_outline
from .parsing import SidecarParser, UnreadableFileError, read_document_bytes, source_digest
from .wordstyles import LabelError, Names, Numbering, Styles, hides_text, number, symbol

__all__ = ["DocxTextLayer", "docx_text_layer"]

#: A compound file (OLE2): a Word 97–2003 ``.doc``, or a ``.docx`` encrypted with a password.
_COMPOUND_FILE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_MARKDOWN_HEADING = re.compile(r"[ \t]*#{1,6}(?:[ \t]|$)")
_LINE_MENTION = re.compile(r"\bline (\d+)\b")
#: Run content that reads as text (``w:t`` and, inside a deletion, ``w:delText``).
_TEXT_TAGS = frozenset({"t", "delText"})
#: Inline containers whose runs are part of the paragraph as issued (so not ``w:ins`` and
#: ``w:moveTo``: unaccepted insertions are not).
_INLINE_CONTAINERS = frozenset(
    {"del", "moveFrom", "hyperlink", "smartTag", "customXml", "fldSimple", "bdo", "dir"}
)
_MATH = "http://schemas.openxmlformats.org/officeDocument/2006/math"
_FORMULAS = frozenset({f"{{{_MATH}}}oMath", f"{{{_MATH}}}oMathPara"})
_XML_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True)
#: The most grid columns a table row may span (``gridBefore``, the cells' ``gridSpan``,
#: ``gridAfter``): Word's own limit, past which it makes no table.
MAX_COLUMNS = 63
#: The most characters merged cells may repeat in a document (body and page headers and
#: footers together): a merged cell's text written again in each column and row it spans
#: past its first. A real schedule repeats kilobytes; a small file whose one long cell is
#: continued over thousands of rows would otherwise unpack to gigabytes of text.
MAX_MERGED_TEXT = 16 * 2**20


#: The markup-compatibility namespace (ECMA-376 part 3): ``mc:AlternateContent``.
_MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
#: The attribute (in memory only, never written) an element read from markup-compatibility
#: alternatives whose texts differ carries until a warning names its paragraph: what was read
#: and what was not.
_ALTERNATIVES_DIFFER = "inforce-alternatives-differ"


def _resolve_alternatives(root: etree._Element) -> bool:
    """Each ``mc:AlternateContent`` in ``root`` replaced by the content of one alternative, the
    same rule wherever it stands (around body paragraphs or tables, rows, cells, a cell's
    paragraphs, runs, a run's content; audits 75 B F2, 76 B F1-F2): its first ``mc:Choice``,
    which Word, that wrote it, shows, else its ``mc:Fallback``, else nothing. Each alternative
    not read is dropped, so nothing is read twice. Where the text read differs from another
    alternative's, the first element read in its place (or the one after it, or its parent)
    carries :data:`_ALTERNATIVES_DIFFER`, for the reader to name in a warning; whether any
    does is returned. Innermost first, so an alternative's own alternatives are resolved
    before its text is compared; one pass, linear in the part."""
    choice, fallback = f"{{{_MC}}}Choice", f"{{{_MC}}}Fallback"
    differ = False
    for block in reversed(list(root.iter(f"{{{_MC}}}AlternateContent"))):
        parent = block.getparent()
        if parent is None:
            continue
        alternatives = [child for child in block if child.tag in (choice, fallback)]
        chosen = next((child for child in alternatives if child.tag == choice), None)
        if chosen is None:
            chosen = next(iter(alternatives), None)
        read = _plain_text(chosen) if chosen is not None else ""
        others = [text for child in alternatives if child is not chosen
                  if (text := _plain_text(child)) != read]
        position = parent.index(block)
        spliced = list(chosen) if chosen is not None else []
        for offset, child in enumerate(spliced):
            parent.insert(position + offset, child)
        after = block.getnext()
        parent.remove(block)
        if others:
            differ = True
            marked = spliced[0] if spliced else after if after is not None else parent
            marked.set(_ALTERNATIVES_DIFFER, f"'{_short(read)}' read, not '{_short(others[0])}'")
    return differ


def _plain_text(element: etree._Element) -> str:
    """The words of an element's ``w:t`` (and math) text, a space between paragraphs and cells,
    spaces collapsed."""
    parts: list[str] = []
    for node in element.iter(tag=etree.Element):
        name = etree.QName(node).localname
        if name == "t":
            parts.append(node.text or "")
        elif name in ("p", "tc"):
            parts.append(" ")
    return " ".join("".join(parts).split())


def _short(text: str, most: int = 60) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


@dataclass(frozen=True, slots=True)
class DocxTextLayer:
    """A Word document's text layer and where each of its lines came from.

    ``paragraph_at_line[i]`` is the paragraph number (module docstring) of text-layer line
    ``i + 1``; a blank line between two blocks belongs to the block before it.
    ``paragraph_count`` counts every paragraph of the body, ``warnings`` name the paragraphs
    holding tracked changes, text boxes or symbols not read, and count the hidden text left
    out.
    """

    text: str
    paragraph_at_line: tuple[int, ...]
    paragraph_count: int
    warnings: tuple[InputError, ...] = ()
    #: Each page header and footer with text: what it is (``page header``), its part
    #: (``word/header1.xml``) and its own text layer, rendered as the body's is.
    margins: tuple[tuple[str, str, DocxTextLayer], ...] = ()
    #: Each page header's and footer's paragraphs as written, every run's text in (a text box's
    #: paragraphs, VML or DrawingML, tracked insertions, hidden text): what the opening rule
    #: also judges, since access written there is meant as metadata all the same.
    margin_paragraphs: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    #: Each body paragraph (or table row) holding text the text layer leaves out — a text box's
    #: paragraphs, a tracked insertion, hidden text, ruby text, a field's instruction, a table's
    #: caption and description, and the footnotes, endnotes, comments and SmartArt diagrams it
    #: anchors (audit 104 A F1) — its number and its lines as written (:func:`_written_paragraphs`,
    #: as a page header's are), each with what holds it: what the opening rule judges in place of
    #: its text where it stands in a marking place (:func:`_written_errors`).
    written: tuple[tuple[int, tuple[tuple[str, str], ...]], ...] = ()
    #: The document's core and custom properties with text, ``(part, name, value)``: each judged
    #: as the metadata title is (:func:`_property_errors`, audit 104 A F2).
    properties: tuple[tuple[str, str, str], ...] = ()
    #: The paragraph of each imported chunk (``w:altChunk``) of the body or a page header or
    #: footer (0 for one there), whose text is not read: :func:`_chunk_errors`.
    chunks: tuple[int, ...] = ()

    @property
    def has_text(self) -> bool:
        return bool(self.text.strip())

    def paragraph(self, line: int) -> int:
        """The paragraph number of text-layer line ``line`` (1-based)."""
        at = self.paragraph_at_line
        return at[min(max(line, 1), len(at)) - 1] if at else 0


def docx_text_layer(path: Path, *, file: str) -> DocxTextLayer:
    """The text layer of the Word document at ``path`` (module docstring); a file that is
    not a Word document is an InputError naming ``file``."""
    try:
        data = read_document_bytes(Path(path), file)
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror}", file=file) from None
    return _text_layer(data, file)


class _DocxParser(SidecarParser):
    """A Word document: metadata from its sidecar, provisions from its rendered body."""

    format = "docx"
    kind = "Word"

    def _parse(self) -> Document | None:
        sidecar_data, metadata = self._sidecar_metadata()
        data = self._bytes()
        layer = _text_layer(data, self.file)
        if not layer.has_text:  # left out, whatever its sidecar says
            fields = {warning.field for warning in layer.warnings}
            raise UnreadableFileError(
                f"no text in its {layer.paragraph_count} paragraphs"
                + (" a reader sees (what it has is hidden)" if "hidden_text" in fields else ""),
                file=self.file,
                hint="accept its tracked insertions in Word, or give the document's text"
                if "tracked_changes" in fields
                else "show its hidden text in Word if it is the document's"
                if "hidden_text" in fields
                else "give the document's text, or remove the file",
            )
        self.warnings.extend(layer.warnings)
        outline = parse_outline(layer.text, file=self.file, fences=False, paragraphs=True)
        self.errors.extend(_at_paragraph(error, layer) for error in outline.errors)
        self.errors.extend(_margin_errors(layer, self.file, self.warnings))
        self.errors.extend(_written_errors(layer, outline, self.errors, self.file, self.warnings))
        self.errors.extend(_chunk_errors(layer, self.file))
        self.errors.extend(_property_errors(layer, self.file, self.warnings))
        self.warnings.extend(_at_paragraph(warning, layer) for warning in outline.warnings)
        if metadata is None:
            return None
        return self._build(
            metadata,
            text_layer=layer.text,
            provisions=outline.provisions,
            digest=source_digest(data, sidecar_data, self.row),
            line=None,
        )


def _margin_errors(layer: DocxTextLayer, file: str, notes: list[InputError] | None = None) -> list[InputError]:
    """A page header's or footer's line that declares access, refused naming the part and its
    paragraph (module docstring): the whole margin is judged as an opening (``opening.Opening``,
    the one rule); read as a margin it would be lost. What the rule only warns of goes to ``notes``."""
    errors = []
    refused = set()
    for kind, part, margin in layer.margins:
        judge = Opening(file)
        for line_no, line in enumerate(margin.text.split("\n"), 1):
            where = f" (in the {kind}, {part} paragraph {margin.paragraph(line_no)})"
            error = judge.judge(line, line_no=None, where=where)
            if error is not None:
                errors.append(error)
                refused.add(part)
        if notes is not None:
            notes.extend(judge.notes)
    for kind, part, paragraphs in layer.margin_paragraphs:
        if part in refused:
            continue
        where = f" (in the {kind}, {part}: a text box, tracked insertion or hidden text there)"
        error = _judge_written([(line, None, where) for line in paragraphs], file)
        if error is not None:
            errors.append(error)
    return errors


#: How a line of a note, comment or diagram a paragraph anchors says what holds it (``_anchored_lines``):
#: one such part anchored by many paragraphs is judged once in a marking place (``_written_errors``).
_ANCHORED_IN = ", anchored in the paragraph"
_DRAWN_IN = ", drawn in the paragraph"


def _judge_written(lines: list[tuple[str, int | None, str]], file: str,
                   notes: list[InputError] | None = None) -> InputError | None:
    """The first error of a marking place read as written (``(line, paragraph or None, where)``
    in order: a page header's or footer's paragraphs, the body's opening or closing paragraphs),
    judged by one :class:`~.opening.Opening` (the one rule); a line whose ``where`` is empty was
    judged already in the text layer and is read only for what it carries to the next. What the
    rule only warns of, of the lines not judged already, goes to ``notes``."""
    judge = Opening(file)
    for line, line_no, where in lines:
        said = len(judge.notes)
        error = judge.judge(line, line_no=line_no, where=where)
        if not where:
            del judge.notes[said:]
        elif error is not None:
            return error
    if notes is not None:
        notes.extend(judge.notes)
    return None


def _written_errors(layer: DocxTextLayer, outline: Outline, refused: list[InputError], file: str,
                    notes: list[InputError] | None = None) -> list[InputError]:
    """The body's marking places read as its page headers are (audit 102 C F1): the paragraphs
    of the opening (up to the one its end stands in, :attr:`.outline.Outline.opening_end`) and
    of the closing lines (from the one the first stands in to the body's end), each paragraph
    holding text the text layer leaves out (a text box, Word's usual stamp on page 1; a tracked
    insertion; hidden text) read in place of its text as written (:attr:`DocxTextLayer.written`),
    in order among the others' lines, so what a line carries to the next still reaches it. An
    error at a paragraph the outline refused already (``refused``) is not said twice."""
    if not layer.written:
        return []
    lines = layer.text.split("\n")
    places = [range(1, layer.paragraph(_line_at(layer.text, outline.opening_end)) + 1)
              if outline.opening_end < len(layer.text) else range(1, layer.paragraph_count + 1)]
    if outline.closing_start is not None:
        places.append(range(layer.paragraph(_line_at(layer.text, outline.closing_start)), layer.paragraph_count + 1))
    written = dict(layer.written)
    done = {error.line for error in refused if error.field == "access" and error.line is not None}
    errors = []
    for place in places:
        if not any(paragraph in written for paragraph in place):
            continue
        shown: dict[int, list[str]] = {}
        for line, paragraph in zip(lines, layer.paragraph_at_line, strict=False):
            if paragraph in place and line.strip():
                shown.setdefault(paragraph, []).append(line)
        read: list[tuple[str, int | None, str]] = []
        # a note, comment or diagram that many paragraphs anchor is read at the first: each further
        # anchor read its lines again, a crafted file's one note of 1,000 lines under 2,000 closing
        # paragraphs judged two million lines (audit 105 A F1)
        anchored: set[tuple[str, str]] = set()
        for paragraph in place:
            if paragraph in written and paragraph not in done:
                for line, what in written[paragraph]:
                    if what.endswith((_ANCHORED_IN, _DRAWN_IN)):
                        if (line, what) in anchored:
                            continue
                        anchored.add((line, what))
                    read.append((line, paragraph, f" (in {what})"))
            else:
                read += [(line, paragraph, "") for line in shown.get(paragraph, ())]
        error = _judge_written(read, file, notes)
        if error is not None:
            errors.append(error)
    return errors


def _property_errors(layer: DocxTextLayer, file: str, notes: list[InputError] | None = None) -> list[InputError]:
    """Each core or custom property that declares access or names a group (:attr:`DocxTextLayer.properties`),
    judged as the metadata title is (audit 104 A F2): alone, as the first line of an opening, by the one rule
    (:class:`~.opening.Opening`) and the access the document declares. A document-control system stamps its
    classification there (a title, a ``Classification`` or sensitivity label's name): the error names the
    file, the part and the property, its field ``title`` for the title, else ``properties.NAME``."""
    errors = []
    for part, name, value in layer.properties:
        judge = Opening(file)
        kind = "core" if name in _CORE_PROPERTIES.values() else "custom"
        error = judge.judge(value, line_no=None, where=f" (the document's {kind} property {name}, {part})")
        if error is not None:
            errors.append(InputError(
                error.message, file=file, field="title" if name == "title" else f"properties.{name}", code=error.code,
                hint=f"{error.hint} (the property is set in Word under File > Info > Properties)"))
        if notes is not None:
            notes.extend(judge.notes)
    return errors


def _line_at(text: str, offset: int) -> int:
    """The 1-based line of ``text`` that offset ``offset`` stands in (or ends)."""
    return text.count("\n", 0, offset) + 1


def _chunk_errors(layer: DocxTextLayer, file: str) -> list[InputError]:
    """An imported chunk (``w:altChunk``) in a document that declares no access, in a project
    using groups, refused at the first (audit 102 C F1): Word merges its text (HTML, RTF,
    another document) into the body when it opens the file, so a marking there would be read by
    no rule, and a document Word saved holds none (the chunk becomes its own text)."""
    judge = Opening(file)
    if not layer.chunks or not judge.undeclared or not judge.groups:
        return []
    first = layer.chunks[0]
    where = f"paragraph {first}" if first else "a page header or footer"
    more = f" (and {len(layer.chunks) - 1} more)" if len(layer.chunks) > 1 else ""
    return [InputError(
        f"an imported chunk (w:altChunk) at {where}{more} is not read, in a document that declares no access: a "
        "marking in it would be read by no rule and the document served as public",
        file=file, line=first or None, field="access",
        hint="open the file in Word and save it again (the chunk becomes ordinary text), or declare the "
             "document's access (access: [GROUP, ...]) or public: true in its sidecar or register row")]


def _written_paragraphs(root: etree._Element, namespace: str | None = None) -> tuple[str, ...]:
    """Every paragraph of a margin part as written: each ``w:p``'s own runs' text (a text box's
    paragraphs are their own, and so is a ruby's guide text, ``w:rt``, drawn above its base),
    tabs kept, deleted text (``w:delText``) left out. ``namespace``: the paragraphs' and texts'
    (a DrawingML part's ``a:p`` and ``a:t``), where it is not the root's."""
    return tuple(text for text, _ in _written_lines(root, namespace))


def _written_lines(root: etree._Element, namespace: str | None = None) -> list[tuple[str, bool]]:
    """:func:`_written_paragraphs`' lines, each with whether it is a ruby's guide text."""
    namespace = namespace or etree.QName(root).namespace
    paragraph_tag, ruby_tag = f"{{{namespace}}}p", f"{{{namespace}}}rt"
    texts: dict[etree._Element, list[str]] = {}
    for element in root.iter(f"{{{namespace}}}t", f"{{{namespace}}}tab"):
        owner = next(element.iterancestors(ruby_tag, paragraph_tag), None)
        if owner is None or element.getparent().tag == f"{{{namespace}}}tabs":
            continue
        texts.setdefault(owner, []).append("\t" if element.tag.endswith("}tab") else element.text or "")
    return [(text, owner.tag == ruby_tag) for owner, parts in texts.items() if (text := "".join(parts).strip())]


def _at_paragraph(problem: InputError, layer: DocxTextLayer) -> InputError:
    """An outline problem at a text-layer line, moved to that line's paragraph (and so is
    any line its message names)."""
    if problem.line is None:
        return problem
    message = _LINE_MENTION.sub(
        lambda match: f"paragraph {layer.paragraph(int(match[1]))}", problem.message
    )
    return InputError(
        message,
        file=problem.file,
        line=layer.paragraph(problem.line),
        field=problem.field,
        hint=problem.hint,
        code=problem.code,
    )


# -- the package ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Package:
    """The parts of a ``.docx`` the text layer needs."""

    document: etree._Element
    styles: etree._Element | None
    numbering: etree._Element | None
    #: The page headers and footers: ``(kind, part name, root)``.
    margins: tuple[tuple[str, str, etree._Element], ...] = ()
    #: Whether markup-compatibility alternatives of different texts were met (one read, each
    #: marked where it was: :func:`_resolve_alternatives`).
    alternatives_differ: bool = False
    #: The text a body paragraph anchors though the text layer leaves it out (audit 104 A F1):
    #: ``(kind, id) -> (what it is, its lines as written)`` for each footnote, endnote and comment
    #: (``("footnote", "1")``), and each SmartArt diagram's data part by the relationship id its
    #: drawing names (``("diagram", "rId7")``), read for the opening rule (:meth:`_BodyReader._keep_written`).
    anchored: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = dataclasses.field(default_factory=dict)
    #: The document's properties with text (audit 104 A F2): ``(part, name, value)``, the core
    #: properties a reader is shown in File > Info (title, subject, keywords, category, comments)
    #: and every custom property (a sensitivity label's name among them).
    properties: tuple[tuple[str, str, str], ...] = ()


#: The most page headers and footers a Word file may carry: three of each for 100 sections.
MAX_MARGIN_PARTS = 600


def _text_layer(data: bytes, file: str) -> DocxTextLayer:
    package = _read_package(data, file)
    body = _BodyReader(package, file)
    layer = body.read()
    margins = []
    written = tuple((kind, part, _written_paragraphs(root)) for kind, part, root in package.margins)
    layer = dataclasses.replace(layer, margin_paragraphs=tuple(entry for entry in written if entry[2]),
                                properties=package.properties)
    for kind, part, root in package.margins:
        # the styles and the list definitions are read once, not once per part: a document may
        # carry hundreds of headers (twelfth audit M-C: 200 parts were 115 s)
        margin = _BodyReader(package, file, part=root, shared=(body.styles, body.numbering.fresh()),
                             repeated=body.repeated).read()
        if margin.has_text:
            margins.append((kind, part, margin))
        if margin.chunks:
            layer = dataclasses.replace(layer, chunks=(*layer.chunks, *margin.chunks))
    return dataclasses.replace(layer, margins=tuple(margins)) if margins else layer


def _read_package(data: bytes, file: str) -> _Package:
    """The main document part, the styles and the numbering definitions of a ``.docx``."""
    if data.startswith(_COMPOUND_FILE):
        raise InputError(
            "not a Word document: a Word 97-2003 .doc file, or a .docx encrypted with a password",
            file=file,
            hint="save it from Word as a .docx, without a password",
        )
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise _not_word(file, "not a zip archive") from None
    try:
        with archive:
            return _parts(archive, file)
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError) as exc:
        raise _not_word(file, f"a damaged or encrypted archive ({exc})") from None


def _parts(archive: zipfile.ZipFile, file: str) -> _Package:
    twice = duplicate_problem(archive)
    if twice is not None:
        raise _not_word(file, twice)
    main = _target(archive, "_rels/.rels", "", "officeDocument", file) or "word/document.xml"
    if main not in archive.namelist():
        raise _not_word(file, f"no main document part ({main})")
    document = _xml(archive, main, file)
    name = etree.QName(document)
    if name.localname != "document" or "wordprocessingml" not in (name.namespace or ""):
        raise _not_word(file, f"{main} is not a WordprocessingML document")
    folder, base = posixpath.split(main)
    relations = posixpath.join(folder, "_rels", base + ".rels")
    styles = _target(archive, relations, main, "styles", file)
    numbering = _target(archive, relations, main, "numbering", file)
    margin_parts = [(f"page {kind}", part) for kind in ("header", "footer")
                    for part in _targets(archive, relations, main, kind, file)]
    # a section may have three headers and three footers, a document many sections: together
    # they are at most MAX_MARGIN_PARTS and unpack to no more than one part may
    if len(margin_parts) > MAX_MARGIN_PARTS:
        raise _not_word(file, f"it has {len(margin_parts):,} page headers and footers, more than the "
                              f"{MAX_MARGIN_PARTS} read (three of each for {MAX_MARGIN_PARTS // 6} sections)")
    if sum(archive.getinfo(part).file_size for _, part in margin_parts) > MAX_MEMBER:
        raise _not_word(file, f"its {len(margin_parts)} page headers and footers unpack to more than "
                              f"{MAX_MEMBER // 2**20} MiB")
    margins = tuple((kind, part, _xml(archive, part, file)) for kind, part in margin_parts)
    differ = [_resolve_alternatives(root) for root in (document, *(root for _, _, root in margins))]
    return _Package(
        document,
        _xml(archive, styles, file) if styles else None,
        _xml(archive, numbering, file) if numbering else None,
        margins,
        any(differ),
        _anchored(archive, document, relations, main, file),
        _properties(archive, file),
    )


#: The parts holding text a body paragraph anchors by an id: footnotes, endnotes, comments.
_NOTE_PARTS = (("footnotes", "footnote"), ("endnotes", "endnote"), ("comments", "comment"))
_RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_DIAGRAM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
_DRAWING_TEXT = "http://schemas.openxmlformats.org/drawingml/2006/main"


def _anchored(archive: zipfile.ZipFile, document: etree._Element, relations: str, main: str,
              file: str) -> dict[tuple[str, str], tuple[str, tuple[str, ...]]]:
    """The footnotes, endnotes and comments of the main document part, and the text of each
    SmartArt diagram its drawings name (:attr:`_Package.anchored`): the diagram's data part
    (``r:dm``) and the drawing Word keeps of it (the data part's ``dataModelExt``), each line a
    DrawingML paragraph. Together they unpack to no more than one part may."""
    parts: list[tuple[str, str, str]] = []  # (kind, id or "", part)
    for relation, kind in _NOTE_PARTS:
        parts += [(kind, "", part) for part in _targets(archive, relations, main, relation, file)]
    by_id = _relation_ids(archive, relations, main, file)
    for ids in document.iter(f"{{{_DIAGRAM}}}relIds"):
        key = ids.get(f"{{{_RELATIONSHIPS}}}dm")
        if key in by_id and ("diagram", key, by_id[key]) not in parts:
            parts.append(("diagram", key, by_id[key]))
    if sum(archive.getinfo(part).file_size for _, _, part in parts) > MAX_MEMBER:
        raise _not_word(file, f"its notes, comments and diagrams ({len(parts)} parts) unpack to more than "
                              f"{MAX_MEMBER // 2**20} MiB")
    anchored: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = {}
    for kind, key, part in parts:
        root = _xml(archive, part, file)
        _resolve_alternatives(root)
        if kind != "diagram":
            namespace = etree.QName(root).namespace
            for note in root.iter(f"{{{namespace}}}{kind}"):
                number = note.get(f"{{{namespace}}}id")
                if number is not None and (kind, number) not in anchored:
                    anchored[(kind, number)] = (f"{kind} {number}, {part}", _written_paragraphs(note))
            continue
        lines = list(_written_paragraphs(root, _DRAWING_TEXT))
        drawn = next((ext.get("relId") for ext in root.iter(tag=etree.Element)
                      if etree.QName(ext).localname == "dataModelExt"), None)
        if drawn in by_id and archive.getinfo(by_id[drawn]).file_size <= MAX_MEMBER:
            lines += [line for line in _written_paragraphs(_xml(archive, by_id[drawn], file), _DRAWING_TEXT)
                      if line not in lines]
        anchored[("diagram", key)] = (f"a SmartArt diagram, {part}", tuple(lines))
    return anchored


def _relation_ids(archive: zipfile.ZipFile, relations: str, source: str, file: str) -> dict[str, str]:
    """The part (in the archive) each relationship in ``relations`` leads to, by its id."""
    if relations not in archive.namelist():
        return {}
    names = set(archive.namelist())
    found = {}
    for relation in _xml(archive, relations, file):
        if relation.get("TargetMode") != "External" and relation.get("Id"):
            resolved = _resolved(source, str(relation.get("Target", "")))
            if resolved in names:
                found[str(relation.get("Id"))] = resolved
    return found


def _resolved(source: str, target: str) -> str:
    """A relationship's target as a part name, from the part ``source`` it is written in."""
    return (target.lstrip("/") if target.startswith("/")
            else posixpath.normpath(posixpath.join(posixpath.dirname(source), target)))


#: The core properties (docProps/core.xml) Word shows as a document's own words: the title and
#: the others a reader is shown beside it in File > Info, each by its element's name.
_CORE_PROPERTIES = {"title": "title", "subject": "subject", "keywords": "keywords", "category": "category",
                    "description": "comments"}
_PACKAGE_RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships/metadata/"


def _properties(archive: zipfile.ZipFile, file: str) -> tuple[tuple[str, str, str], ...]:
    """The document's core and custom properties with text (:attr:`_Package.properties`), from
    the parts the package's relationships name (else ``docProps/core.xml`` and ``docProps/custom.xml``,
    where a package without them keeps them)."""
    names = set(archive.namelist())
    found: list[tuple[str, str, str]] = []
    for kind, default in (("core-properties", "docProps/core.xml"), ("custom-properties", "docProps/custom.xml")):
        part = _target(archive, "_rels/.rels", "", kind, file) or (default if default in names else None)
        if part is None:
            continue
        root = _xml(archive, part, file)
        if kind == "core-properties":
            for element in root:
                name = _CORE_PROPERTIES.get(etree.QName(element).localname) if isinstance(element.tag, str) else None
                value = " ".join((element.text or "").split())
                if name and value:
                    found.append((part, name, value))
            continue
        for element in root:
            if isinstance(element.tag, str) and etree.QName(element).localname == "property":
                value = " ".join(" ".join(element.itertext()).split())
                if value:
                    found.append((part, str(element.get("name") or "(unnamed)"), value))
    return tuple(found)


def _not_word(file: str, reason: str) -> InputError:
    return InputError(
        f"not a Word document: {reason}",
        file=file,
        hint="is it a .docx saved by Word (or another word processor), not renamed from another format?",
    )


def _target(
    archive: zipfile.ZipFile, relations: str, source: str, kind: str, file: str
) -> str | None:
    """The part the first relationship of type ``kind`` in ``relations`` leads to, or None."""
    return next(iter(_targets(archive, relations, source, kind, file, first=True)), None)


def _targets(
    archive: zipfile.ZipFile, relations: str, source: str, kind: str, file: str, *, first: bool = False
) -> list[str]:
    """The parts (in the archive, each once) the relationships of type ``kind`` in
    ``relations`` lead to; with ``first``, only the first relationship's, if its part is there."""
    if relations not in archive.namelist():
        return []
    names = set(archive.namelist())
    found: list[str] = []
    for relation in _xml(archive, relations, file):
        if (
            str(relation.get("Type", "")).endswith("/" + kind)
            and relation.get("TargetMode") != "External"
        ):
            target = str(relation.get("Target", ""))
            resolved = (
                target.lstrip("/")
                if target.startswith("/")
                else posixpath.normpath(posixpath.join(posixpath.dirname(source), target))
            )
            if first:
                return [resolved] if resolved in names else []
            if resolved in names and resolved not in found:
                found.append(resolved)
    return found


#: An entity a DOCTYPE declares, by name.
_DECLARED = re.compile(rb"<!ENTITY\s+(?:%\s+)?([^\s>\"']+)")


def _xml(archive: zipfile.ZipFile, part: str, file: str) -> etree._Element:
    problem = unpack_problem(archive.getinfo(part))
    if problem is not None:
        raise _not_word(file, problem)
    data = archive.read(part)
    if b"<!DOCTYPE" in data:
        # refused before libxml2 reads it: entities declared to expand into each other (a billion laughs)
        # were expanded up to its amplification limit, then named in its words (audit 87 B F3)
        names = [name.decode(errors="replace") for name in _DECLARED.findall(data)]
        declared = f" declaring the entities {', '.join(dict.fromkeys(names))}" if names else ""
        raise _not_word(file, f"{part} has a DOCTYPE{declared}, which Word documents never do")
    try:
        root = etree.fromstring(data, _XML_PARSER)
    except etree.XMLSyntaxError as exc:
        raise _not_word(file, f"{part} is not well-formed XML ({exc})") from None
    # Word never writes a DOCTYPE. One declares entities, which are not expanded in text (a
    # reference would read as nothing, its words lost) but are in attribute values: refused
    # wherever in the part it stands (a comment may put it past any first bytes looked at)
    info = root.getroottree().docinfo
    if info.doctype or info.internalDTD is not None:
        names = [entity.name for entity in info.internalDTD.iterentities()] if info.internalDTD is not None else []
        declared = f" declaring the entities {', '.join(names)}" if names else ""
        raise _not_word(file, f"{part} has a DOCTYPE{declared}, which Word documents never do")
    return root


# -- the body ------------------------------------------------------------------------------


class _BodyReader:
    """One pass over the body: blocks of text, the paragraph of each line, the warnings."""

    def __init__(self, package: _Package, file: str, *, part: etree._Element | None = None,
                 shared: tuple[Styles, Numbering] | None = None, repeated: list[int] | None = None) -> None:
        self.document = package.document
        #: What is read: the body, or a page header's or footer's root (``w:hdr``, ``w:ftr``).
        self.part = part
        self.w = w = Names(str(etree.QName(package.document).namespace))
        self.file = file
        if shared is not None:
            self.styles, self.numbering = shared
        else:
            self.styles = Styles(package.styles, w)
            self.numbering = Numbering(package.numbering, self.styles, w)
        self.blocks: list[tuple[list[str], list[int]]] = []
        self.index = 0
        #: The text of a paragraph whose mark is an unaccepted insertion, and its number.
        self.carried: tuple[str, int] | None = None
        self.warnings: list[InputError] = []
        #: The paragraphs left out as hidden, and the paragraph of each hidden run left out.
        self.hidden_paragraphs: list[int] = []
        self.hidden_runs: list[int] = []
        #: Each symbol not read, ``(font, code)``, and the paragraphs it stands in.
        self.unread_symbols: dict[tuple[str, str], list[int]] = {}
        #: Each list number format written in digits though Word prints it otherwise
        #: (``chineseCounting``, ``ordinalText``), and the paragraphs numbered in it.
        self.unrendered_formats: dict[str, list[int]] = {}
        #: The tables read so far (the body's, or this part's), and the characters merged cells
        #: have repeated so far in the document, one count the body and its margins share.
        self.tables = 0
        self.repeated = repeated if repeated is not None else [0]
        self.alternatives_differ = package.alternatives_differ
        #: The notes, comments and diagrams a body paragraph may anchor (:attr:`_Package.anchored`), and
        #: the elements that anchor them or hold a field's instruction, each with the kind it anchors.
        self.anchored = package.anchored
        self.anchor_tags = {w("footnoteReference"): "footnote", w("endnoteReference"): "endnote",
                            w("commentRangeStart"): "comment", w("commentReference"): "comment",
                            w("instrText"): "", w("fldChar"): "", w("fldSimple"): "", f"{{{_DIAGRAM}}}relIds": "diagram"}
        #: The body's paragraphs holding text left out, as written (:attr:`DocxTextLayer.written`).
        self.written: list[tuple[int, tuple[tuple[str, str], ...]]] = []
        #: The paragraph of each imported chunk met (:attr:`DocxTextLayer.chunks`).
        self.chunks: list[int] = []

    def read(self) -> DocxTextLayer:
        body = self.part if self.part is not None else self.document.find(self.w("body"))
        if body is not None:
            self._blocks(body)
            if self.alternatives_differ:  # any left (at a section's properties, say): said at the last paragraph
                self._note_alternatives(body, f"after paragraph {self.index}")
        self._flush_carried()
        lines: list[str] = []
        at: list[int] = []
        for block_lines, paragraphs in self.blocks:
            if lines:
                lines.append("")
                at.append(at[-1])
            lines += block_lines
            at += paragraphs
        if lines:
            lines.append("")  # the text ends with a line end, as a Markdown file does
            at.append(at[-1])
        self._note_hidden()
        self._note_symbols()
        self._note_formats()
        return DocxTextLayer("\n".join(lines), tuple(at), self.index, tuple(self.warnings),
                             written=tuple(self.written), chunks=tuple(self.chunks))

    def _note_hidden(self) -> None:
        """One warning for the document, when text Word hides was left out."""
        if not self.hidden_paragraphs and not self.hidden_runs:
            return
        paragraphs, runs = len(self.hidden_paragraphs), len(self.hidden_runs)
        first = min(self.hidden_paragraphs[:1] + self.hidden_runs[:1])
        self.warnings.append(
            InputError(
                f"{paragraphs} hidden paragraph{'s' * (paragraphs != 1)} and {runs} hidden "
                f"run{'s' * (runs != 1)} of text left out (the first at paragraph {first}): "
                "text formatted hidden in Word (notes to the specifier, say) is not what a "
                "reader sees",
                file=self.file,
                line=first,
                field="hidden_text",
                hint="if it is part of the document, show it in Word (Font > clear Hidden) "
                "before issuing",
            )
        )

    def _note_symbols(self) -> None:
        """A warning for each symbol (``w:sym``) that stands for no character read here."""
        for (font, code), places in self.unread_symbols.items():
            more = f" and {len(places) - 1} more" if len(places) > 1 else ""
            self.warnings.append(
                InputError(
                    f"a symbol in the font {font or '(none named)'} (code {code}) at paragraph "
                    f"{places[0]}{more} is not read: it stands for no character inforce knows",
                    file=self.file,
                    line=places[0],
                    field="symbol",
                    hint="write the character itself (from a Unicode font) if it matters to "
                    "the text",
                )
            )

    def _note_formats(self) -> None:
        """A warning for each list number format written here in digits, though Word prints
        it otherwise (a reader sees "一." or "First", the text says "1."): audit MM4-6."""
        for number_format, places in self.unrendered_formats.items():
            more = f" and {len(places) - 1} more" if len(places) > 1 else ""
            self.warnings.append(
                InputError(
                    f"the list numbers in the format {number_format} (paragraph {places[0]}{more}) are "
                    "written in digits: inforce does not write that format as Word prints it",
                    file=self.file,
                    line=places[0],
                    field="number_format",
                    hint="number the list in digits, letters or Roman numerals if its numbers are cited",
                )
            )

    def _blocks(self, container: etree._Element) -> None:
        w = self.w
        for child in container:
            name = w.local(child)
            if name == "p":
                self._paragraph(child)
            elif name == "tbl":
                self._table(child)
            elif name == "sdt":
                content = child.find(w("sdtContent"))
                if content is not None:
                    self._blocks(content)
            elif name == "customXml":
                self._blocks(child)
            elif name == "altChunk":
                self._alt_chunk(f"after paragraph {self.index}")

    def _alt_chunk(self, where: str) -> None:
        """Say that an imported block (w:altChunk: HTML, RTF, another document), found ``where``,
        is not read: Word merges it when it opens the file, so its text is no part of this one's
        XML. Said, never dropped, wherever it stands — in the body (audit MM4-5) or in a table
        cell, a nested table or a content control in one (audit 43 M5)."""
        self.chunks.append(0 if self.part is not None else max(self.index, 1))
        self.warnings.append(
            InputError(
                f"an imported chunk (w:altChunk) {where} is not read: its "
                "text is kept in another part of the file, which Word merges when it opens it",
                file=self.file,
                line=max(self.index, 1),
                field="alt_chunk",
                hint="open the file in Word and save it again (the chunk becomes ordinary text)",
            )
        )

    # -- paragraphs ------------------------------------------------------------------------

    def _paragraph(self, paragraph: etree._Element) -> None:
        hidden = len(self.hidden_paragraphs) + len(self.hidden_runs)
        self._read_paragraph(paragraph)
        self._keep_written(paragraph, hidden)

    def _keep_written(self, element: etree._Element, hidden: int,
                      beside: tuple[tuple[str, str], ...] = ()) -> None:
        """Keep ``element``'s paragraphs as written (:func:`_written_paragraphs`, the one reading
        a page header gets) when the body paragraph or table row it is (number ``self.index``)
        holds text the text layer leaves out: a text box, a tracked insertion (of text, a row or a
        cell), hidden text (``hidden``: the hidden paragraphs and runs counted before it), ruby
        text, and after them what it anchors (:meth:`_anchored_lines`: its footnotes, endnotes,
        comments, SmartArt, field instructions) and ``beside`` (a table's caption and description:
        ``(line, what holds it)``). The opening rule judges them where the paragraph stands in a
        marking place (audits 102 C F1, 104 A F1-F2)."""
        w = self.w
        boxed = element.find(".//" + w("txbxContent")) is not None
        at = 0 if self.part is not None else self.index
        if boxed and element.find(".//" + w("altChunk")) is not None and at not in self.chunks:
            self.chunks.append(at)  # a chunk in a text box: said with the box, refused as any chunk
        if self.part is not None:
            return  # a page header's or footer's part is read whole as written (_text_layer)
        anchored = [*self._anchored_lines(element), *beside]
        if anchored or boxed or len(self.hidden_paragraphs) + len(self.hidden_runs) > hidden or next(
                element.iter(w("ins"), w("moveTo"), w("cellIns"), w("rt")), None) is not None:
            own = "a text box, tracked insertion or hidden text of the paragraph"
            written = [(line, "ruby text of the paragraph" if ruby else own) for line, ruby in _written_lines(element)]
            written += anchored
            if written:
                self.written.append((self.index, tuple(written)))

    def _anchored_lines(self, element: etree._Element) -> list[tuple[str, str]]:
        """The lines as written of what ``element`` (a body paragraph or table row) anchors though the
        text layer leaves it out, each with what holds it (audit 104 A F1-F2): the footnotes and endnotes
        it references, the comments anchored in it (where their range starts, or their mark stands),
        the SmartArt diagrams drawn in it (:attr:`_Package.anchored`), and its fields' instructions
        (``w:instrText``, a ``w:fldSimple``'s ``w:instr``: ``DOCPROPERTY "..."``), each field's one line."""
        w = self.w
        anchors = self.anchor_tags
        if next(element.iter(*anchors), None) is None:
            return []  # most paragraphs: nothing anchored
        lines: list[tuple[str, str]] = []
        met: set[tuple[str, str]] = set()
        instruction: list[str] = []

        def said() -> None:
            text = " ".join("".join(instruction).split())
            if text:
                lines.append((text, "a field instruction of the paragraph"))
            instruction.clear()

        for node in element.iter(*anchors):
            tag = node.tag
            if tag == w("instrText"):
                instruction.append(node.text or "")
                continue
            said()
            if tag == w("fldSimple"):
                instruction.append(node.get(w("instr")) or "")
                said()
                continue
            key = ("diagram", node.get(f"{{{_RELATIONSHIPS}}}dm") or "") if tag == f"{{{_DIAGRAM}}}relIds" else (
                (anchors[tag], node.get(w("id")) or "") if anchors[tag] else None)
            if key is None or key in met or key not in self.anchored:
                continue
            met.add(key)
            what, text = self.anchored[key]
            where = what + (_DRAWN_IN if key[0] == "diagram" else _ANCHORED_IN)
            lines += [(line, where) for line in text]
        said()
        return lines

    def _read_paragraph(self, paragraph: etree._Element) -> None:
        self.index += 1
        self._note_changes(paragraph)
        self._text_box(paragraph, f"paragraph {self.index}")
        self._note_alternatives(paragraph, f"paragraph {self.index}")
        properties = self._properties(paragraph)
        style = self.w.value(properties, "pStyle") or self.styles.default
        text = self._shown(paragraph, style)
        if text is None:
            return  # hidden: no block, no number, no heading
        if self._mark_inserted(paragraph):
            # As issued, this paragraph's text ran on into the next one.
            if text.strip():
                before, first = self.carried or ("", self.index)
                self.carried = (before + text, first)
            return
        if self.carried is not None:
            text = self.carried[0] + text
            self.carried = None
        text = text.strip()
        if self.styles.is_contents(style):
            return
        label = self._label(properties, style)
        line = f"{label} {text}" if label and text else label or text
        if not line:
            return
        level = self.styles.heading_level(style)
        if level is not None:
            line = "#" * level + " " + line
        elif _MARKDOWN_HEADING.match(line):
            # body text that opens like a Markdown heading ("# of bolts: 4"): a no-break space
            # before it keeps it text, as Word shows it, and not a section
            line = "\u00a0" + line
        lines = line.split("\n")
        self.blocks.append((lines, [self.index] * len(lines)))

    def _text_box(self, paragraph: etree._Element, where: str) -> None:
        """Say that ``paragraph`` (found ``where``) holds a text box, when it does: a box's text
        is not read (it floats beside the text it is anchored in, and Word writes it twice, the
        drawing and its fallback), in the body or in a table cell (audit 43 M5), never dropped
        unsaid."""
        if paragraph.find(".//" + self.w("txbxContent")) is not None:
            self.warnings.append(
                InputError(
                    f"{where} holds a text box: its text is not read",
                    file=self.file,
                    line=self.index,
                    field="text_box",
                    hint="put the text in the body if it is part of the specification",
                )
            )

    def _note_alternatives(self, element: etree._Element, where: str) -> None:
        """Say that ``element`` (found ``where``: a paragraph, a table row), or what holds or
        is in it, was read from markup-compatibility alternatives whose texts differ (one read,
        :func:`_resolve_alternatives`): what Word shows is read, another program would show the
        other. Once for each place marked: the mark is taken off when said."""
        if not self.alternatives_differ:
            return
        marked = element.xpath(f"ancestor-or-self::*[@{_ALTERNATIVES_DIFFER}] | .//*[@{_ALTERNATIVES_DIFFER}]")
        if not marked:
            return
        what = str(marked[0].get(_ALTERNATIVES_DIFFER))
        for each in marked:
            del each.attrib[_ALTERNATIVES_DIFFER]
        self.warnings.append(
            InputError(
                f"{where} holds text in markup-compatibility alternatives (mc:AlternateContent) that "
                f"differ: the first choice, the one Word shows, is read ({what})",
                file=self.file,
                line=max(self.index, 1),
                field="alternate_content",
                hint="save the document again from Word, or keep one text (a program that does not "
                "know the choice's markup shows the other)",
            )
        )

    def _flush_carried(self) -> None:
        if self.carried is not None:
            text, index = self.carried
            self.carried = None
            lines = text.strip().split("\n")
            self.blocks.append((lines, [index] * len(lines)))

    def _properties(self, paragraph: etree._Element) -> etree._Element | None:
        """The paragraph's properties as issued: before a tracked change of them, if any."""
        w = self.w
        properties = paragraph.find(w("pPr"))
        change = properties.find(w("pPrChange")) if properties is not None else None
        before = change.find(w("pPr")) if change is not None else None
        return before if before is not None else properties

    def _mark_inserted(self, paragraph: etree._Element) -> bool:
        w = self.w
        properties = paragraph.find(w("pPr"))
        marks = properties.find(w("rPr")) if properties is not None else None
        return marks is not None and marks.find(w("ins")) is not None

    def _label(self, properties: etree._Element | None, style: str | None) -> str:
        """The list number Word prints before the paragraph, or ``""``."""
        w = self.w
        numbering = properties.find(w("numPr")) if properties is not None else None
        list_id = w.value(numbering, "numId")
        level = number(w.value(numbering, "ilvl"))
        if list_id is None:
            list_id, style_level = self.styles.numbering_of(style)
            level = style_level if level is None else level
        if list_id is None or list_id == "0":  # numId 0 takes the style's numbering off
            return ""
        try:
            label = self.numbering.label(list_id, level, style)
        except LabelError as exc:
            raise self._error(f"paragraph {self.index}", str(exc), "numbering",
                              "fix the list's numbering in Word (Define New Multilevel List), or remove the file") from None
        for number_format in self.numbering.unrendered:
            self.unrendered_formats.setdefault(number_format, []).append(self.index)
        self.numbering.unrendered.clear()
        return label

    def _shown(self, paragraph: etree._Element, style: str | None) -> str | None:
        """The paragraph's text as a reader sees it, hidden runs left out (and counted); None
        when the paragraph is hidden: all of its text is, or it has none and its mark is."""
        pieces: list[tuple[str, bool]] = []
        self._text(paragraph, style, pieces)
        shown = "".join(text for text, hidden in pieces if not hidden)
        hidden_runs = 0
        before_hidden = False
        for text, hidden in pieces:  # a run of hidden text Word split in several runs is one
            if text.strip():
                if hidden and not before_hidden:
                    hidden_runs += 1
                before_hidden = hidden
        if not shown.strip() and (hidden_runs or self._mark_hidden(paragraph, style)):
            if hidden_runs:
                self.hidden_paragraphs.append(self.index)
            return None
        self.hidden_runs += [self.index] * hidden_runs
        return shown

    def _mark_hidden(self, paragraph: etree._Element, style: str | None) -> bool:
        """Whether the paragraph mark is hidden (which hides the number Word draws for it)."""
        w = self.w
        properties = paragraph.find(w("pPr"))
        said = hides_text(properties.find(w("rPr")) if properties is not None else None, w)
        if said is None:
            said = self.styles.hides(style)
        return self.styles.hidden_by_default if said is None else said

    def _run_hidden(self, run: etree._Element, style: str | None) -> bool:
        """Whether a run is hidden: by its own properties, else its character style, else the
        paragraph's style, else the document's defaults (the nearest that says)."""
        w = self.w
        properties = run.find(w("rPr"))
        said = hides_text(properties, w)
        if said is None and properties is not None:
            character = w.value(properties, "rStyle")
            said = self.styles.hides(character) if character else None
        if said is None:
            said = self.styles.hides(style)
        return self.styles.hidden_by_default if said is None else said

    def _text(
        self, container: etree._Element, style: str | None, pieces: list[tuple[str, bool]]
    ) -> None:
        """The text of a paragraph (or an inline container in it) as issued, added to
        ``pieces`` as ``(text, hidden)``; ``style`` is the paragraph's."""
        w = self.w
        for child in container:
            name = w.local(child)
            if name == "r":
                hidden = self._run_hidden(child, style)
                pieces.append((self._run(child, hidden), hidden))
            elif name in _INLINE_CONTAINERS:
                self._text(child, style, pieces)
            elif name == "sdt":
                content = child.find(w("sdtContent"))
                if content is not None:
                    self._text(content, style, pieces)
            elif child.tag in _FORMULAS:
                pieces.append(("".join(t.text or "" for t in child.iter(f"{{{_MATH}}}t")), False))

    def _run(self, run: etree._Element, hidden: bool) -> str:
        """A run's text. Characters Word writes as elements: a tab is a tab, a line break a
        line break, a no-break hyphen ``-`` (the hyphen a reader sees, typed as the Markdown
        twin and a search would type it: ``A615-20`` matches), an optional hyphen nothing
        (Word shows it only where it breaks a line), a symbol its character (``_symbol``)."""
        w = self.w
        parts: list[str] = []
        for child in run:
            name = w.local(child)
            if name in _TEXT_TAGS:
                parts.append(child.text or "")
            elif name in ("tab", "ptab"):
                parts.append("\t")
            elif name == "cr" or (name == "br" and child.get(w("type")) in (None, "textWrapping")):
                parts.append("\n")
            elif name == "noBreakHyphen":
                parts.append("-")
            elif name == "ruby":
                # the base text a ruby guide stands over is the run's text as drawn (the guide, w:rt, is read
                # for the marking rule where the paragraph stands in a marking place; it was the base that
                # went missing without a word, audit 104 A's fix noted)
                base = child.find(w("rubyBase"))
                parts += [self._run(inner, hidden) for inner in (base.iter(w("r")) if base is not None else ())]
            elif name == "sym":
                font, code = child.get(w("font")) or "", (child.get(w("char")) or "").upper()
                character = symbol(font, code)
                if character is None and not hidden:
                    self.unread_symbols.setdefault((font, code), []).append(self.index)
                parts.append(character or "")
            # w:softHyphen: nothing
        return "".join(parts)

    def _note_changes(self, element: etree._Element) -> None:
        """A warning naming the paragraph (or row) when it holds a tracked change."""
        w = self.w
        changed = any(
            element.find(".//" + w(name)) is not None
            for name in ("ins", "del", "moveFrom", "moveTo", "pPrChange", "cellIns", "cellDel", "cellMerge")
        )
        if changed:
            self.warnings.append(
                InputError(
                    f"paragraph {self.index} holds tracked changes: it is read as issued, "
                    "without them (insertions left out, deletions kept)",
                    file=self.file,
                    line=self.index,
                    field="tracked_changes",
                    hint="accept or reject the changes in Word (Review > Accept / Reject) "
                    "before issuing the document",
                )
            )

    # -- tables ----------------------------------------------------------------------------

    def _table(self, table: etree._Element) -> None:
        """A pipe table: the first row the header, one line per row (inserted rows left out)."""
        self._flush_carried()
        w = self.w
        self.tables += 1
        rows: list[tuple[list[str], int]] = []
        above: list[str] = []
        # the table's alternative text (its caption and description), read with its first row for the
        # opening rule (audit 104 A F2): a reader of the page does not see it, a screen reader says it
        table_properties = table.find(w("tblPr"))
        beside = tuple((" ".join(value.split()), f"the table's {name} ({tag}), at its first row")
                       for tag, name in (("tblCaption", "caption"), ("tblDescription", "description"))
                       if (value := w.value(table_properties, tag) or "").strip())
        for number_in_table, row in enumerate(
            table.xpath("./w:tr|./w:sdt/w:sdtContent/w:tr", namespaces={"w": w.namespace}), 1
        ):
            self.index += 1
            self._note_changes(row)
            self._note_alternatives(row, f"table {self.tables}, row {number_in_table:,} (paragraph {self.index})")
            row_properties = row.find(w("trPr"))
            if row_properties is not None and row_properties.find(w("ins")) is not None:
                self._keep_written(row, len(self.hidden_paragraphs) + len(self.hidden_runs), beside)
                beside = ()
                continue
            hidden_before = len(self.hidden_paragraphs)
            hidden = hidden_before + len(self.hidden_runs)
            cells = self._cells(row, above, number_in_table)
            self._keep_written(row, hidden, beside)
            beside = ()
            if len(self.hidden_paragraphs) > hidden_before and not any(c.strip() for c in cells):
                continue  # every paragraph of the row is hidden: so is the row
            above = cells
            rows.append((above, self.index))
        if not rows or not rows[0][0]:
            return
        (header, first), body = rows[0], rows[1:]
        lines = [_pipe(header), _pipe(["---"] * len(header))] + [_pipe(cells) for cells, _ in body]
        self.blocks.append((lines, [first, first] + [index for _, index in body]))

    def _cells(self, row: etree._Element, above: list[str], row_number: int) -> list[str]:
        """The row's cells, one per grid column: a merged cell's text in each column it
        spans, and in each row below it that continues it. A row past :data:`MAX_COLUMNS`
        grid columns, or text repeated by merging past :data:`MAX_MERGED_TEXT` characters in
        the document, is an InputError naming the table and the row, before the text is made."""
        w = self.w
        row_properties = row.find(w("trPr"))
        before = max(number(w.value(row_properties, "gridBefore")) or 0, 0)
        after = max(number(w.value(row_properties, "gridAfter")) or 0, 0)
        found = row.xpath("./w:tc|./w:sdt/w:sdtContent/w:tc", namespaces={"w": w.namespace})
        spans = [max(number(w.value(cell.find(w("tcPr")), "gridSpan")) or 1, 1) for cell in found]
        columns = before + sum(spans) + after
        # a cell whose insertion is unaccepted (w:cellIns) was not there as issued: its text is
        # left out, as an inserted row's is, the cells after it moved up and the row's end left
        # blank, as Word showed the row before (the row is named as holding tracked changes;
        # audit 76 B F3)
        inserted = [cell.find(w("tcPr")) is not None and cell.find(w("tcPr")).find(w("cellIns")) is not None
                    for cell in found]
        if any(inserted):
            after += sum(span for span, new in zip(spans, inserted, strict=True) if new)
            kept = [(cell, span) for cell, span, new in zip(found, spans, inserted, strict=True) if not new]
            found, spans = [cell for cell, _ in kept], [span for _, span in kept]
        if columns > MAX_COLUMNS:
            raise self._table_error(
                row_number,
                f"it spans {columns:,} grid columns (gridBefore, the cells' gridSpan, gridAfter), "
                f"past the {MAX_COLUMNS} a Word table may have",
                "no Word table has so many columns: fix the table in Word (or the program that wrote "
                "the file), or remove the file",
            )
        cells = [""] * before
        repeated = 0
        for cell, span in zip(found, spans, strict=True):
            # a cell's text is its paragraphs: a chunk in it (or in a table or content control in
            # it) would go unsaid; one in a text box is the box's, which is said once as unread
            for _ in cell.xpath(".//w:altChunk[not(ancestor::w:txbxContent)]", namespaces={"w": w.namespace}):
                self._alt_chunk(f"in table {self.tables}, row {row_number:,} (paragraph {self.index})")
            properties = cell.find(w("tcPr"))
            merge = properties.find(w("vMerge")) if properties is not None else None
            if merge is not None and merge.get(w("val")) in (None, "continue"):
                column = len(cells)
                text = above[column] if column < len(above) else ""
                repeated += span * len(text)
            else:
                text = self._cell_text(cell, f"table {self.tables}, row {row_number:,} (paragraph {self.index})")
                repeated += (span - 1) * len(text)
            cells += [text] * span
        self.repeated[0] += repeated
        if self.repeated[0] > MAX_MERGED_TEXT:
            raise self._table_error(
                row_number,
                f"merged cells repeat their text past {MAX_MERGED_TEXT:,} characters in the document "
                f"(a merged cell's text counts once for each further column and row it spans)",
                "split the merged cells in Word (Table Layout > Split Cells), or remove the file",
            )
        return cells + [""] * after

    def _table_error(self, row_number: int, says: str, hint: str) -> InputError:
        """An InputError at row ``row_number`` (Word's count, the first row 1) of the table read."""
        return self._error(f"table {self.tables}, row {row_number:,} (paragraph {self.index})", says, "table", hint)

    def _error(self, where: str, says: str, field: str, hint: str) -> InputError:
        """An InputError at ``where`` in the part read: the body's paragraph is its line; a page
        header's or footer's has none, and is named as in it."""
        if self.part is not None:
            where += " of the page " + ("header" if self.w.local(self.part) == "hdr" else "footer")
        return InputError(f"{where}: {says}", file=self.file, line=self.index if self.part is None else None,
                          field=field, hint=hint)

    def _cell_text(self, cell: etree._Element, where: str) -> str:
        """A cell's paragraphs, numbered as printed, joined by a space; a table nested in it is
        flattened, each of its cells' text parted from the next by a tab (so the opening rule
        sees its cells: ``opening.cells``). A text box's paragraphs are left out and said
        (``_text_box``, ``where`` naming the cell's row), as in the body: read here they came
        twice, the box and Word's fallback copy of it (audit 43 M5)."""
        w = self.w
        groups: list[tuple[etree._Element, list[str]]] = []
        for paragraph in cell.iter(w("p")):
            if next(paragraph.iterancestors(w("txbxContent")), None) is not None:
                continue
            self._text_box(paragraph, where)
            properties = self._properties(paragraph)
            style = w.value(properties, "pStyle") or self.styles.default
            shown = self._shown(paragraph, style)
            if shown is None:
                continue
            text = shown.strip()
            label = self._label(properties, style)
            text = f"{label} {text}" if label and text else label or text
            owner = next(paragraph.iterancestors(w("tc")), cell)
            if groups and groups[-1][0] is owner:
                groups[-1][1].append(text)
            else:
                groups.append((owner, [text]))
        return "\t".join(filter(None, (" ".join(" ".join(texts).split()) for _, texts in groups)))


def _pipe(cells: list[str]) -> str:
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"
