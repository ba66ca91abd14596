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
  ``2.1.A``;
- a table is a Markdown pipe table: its first row the header, then ``| --- |``, then a line
  per row, so each row is a ``table-N.row-M`` provision with the header repeated. A merged
  cell's text holds for every column and row it spans; a cell's paragraphs are joined by a
  space and a ``|`` in them is escaped;
- a table of contents (paragraphs in the ``TOC Heading`` and ``TOC 1``… styles) is left
  out: it repeats the headings' numbers, which would otherwise open their sections twice.

The numbers are rendered here, from ``numbering.xml`` and ``styles.xml`` read with lxml, and
not by docx2python: its numbering output ignores ``lvlText`` (``2.1`` comes out as ``1)``,
``A.`` as ``A)`` and ``(a)`` as ``a)``, each after a tab per level), leaves out numbering that
comes from a paragraph's style, and does not add a level's start value to the counts it
reports, so the labels it gives are not the ones printed and would not make the locators the
Markdown document has. python-docx does not render numbering at all.

Tracked changes: the text read is the document as issued, without unaccepted changes —
inserted text (``w:ins``, ``w:moveTo``) is left out, deleted text (``w:del``,
``w:moveFrom``) is kept, a row whose insertion is unaccepted is left out, a paragraph whose
mark is an unaccepted insertion joins the next one (as it did before the change), and a
tracked change of paragraph properties reads the properties from before it. Each paragraph
holding a tracked change is named in a warning (field ``tracked_changes``) telling the user
to accept or reject the changes in Word before issuing. Comments are ignored, and so are
headers, footers, footnotes and text boxes (a paragraph holding a text box is named in a
warning, since its text is not read).

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

import io
import posixpath
import re
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from inforce.ontology import Document, InputError

from .archives import unpack_problem
from .outline import parse_outline
from .parsing import SidecarParser, UnreadableFileError, source_digest

__all__ = ["DocxTextLayer", "docx_text_layer"]

#: A compound file (OLE2): a Word 97–2003 ``.doc``, or a ``.docx`` encrypted with a password.
_COMPOUND_FILE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_MARKDOWN_HEADING = re.compile(r"[ \t]*#{1,6}(?:[ \t]|$)")
#: The largest number a Word list counter reaches (Word's own limit on a level's start).
_MAX_COUNT = 32767
_PLACEHOLDER = re.compile(r"%([1-9])")
_HEADING_STYLE = re.compile(r"heading ([1-6])", re.IGNORECASE)
_CONTENTS_STYLE = re.compile(r"toc (?:[1-9]|heading)", re.IGNORECASE)
_LINE_MENTION = re.compile(r"\bline (\d+)\b")
_ROMAN = tuple(
    zip(
        (1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1),
        "m cm d cd c xc l xl x ix v iv i".split(),
        strict=True,
    )
)
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


@dataclass(frozen=True, slots=True)
class DocxTextLayer:
    """A Word document's text layer and where each of its lines came from.

    ``paragraph_at_line[i]`` is the paragraph number (module docstring) of text-layer line
    ``i + 1``; a blank line between two blocks belongs to the block before it.
    ``paragraph_count`` counts every paragraph of the body, ``warnings`` name the paragraphs
    holding tracked changes or text boxes.
    """

    text: str
    paragraph_at_line: tuple[int, ...]
    paragraph_count: int
    warnings: tuple[InputError, ...] = ()

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
        data = Path(path).read_bytes()
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
            raise UnreadableFileError(
                f"no text in its {layer.paragraph_count} paragraphs",
                file=self.file,
                hint="accept its tracked insertions in Word, or give the document's text"
                if any(warning.field == "tracked_changes" for warning in layer.warnings)
                else "give the document's text, or remove the file",
            )
        self.warnings.extend(layer.warnings)
        outline = parse_outline(layer.text, file=self.file, fences=False)
        self.errors.extend(_at_paragraph(error, layer) for error in outline.errors)
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


def _text_layer(data: bytes, file: str) -> DocxTextLayer:
    return _BodyReader(_read_package(data, file), file).read()


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
    return _Package(
        document,
        _xml(archive, styles, file) if styles else None,
        _xml(archive, numbering, file) if numbering else None,
    )


def _not_word(file: str, reason: str) -> InputError:
    return InputError(
        f"not a Word document: {reason}",
        file=file,
        hint="is it a .docx saved by Word (or another word processor), not renamed from another format?",
    )


def _target(
    archive: zipfile.ZipFile, relations: str, source: str, kind: str, file: str
) -> str | None:
    """The part the relationship of type ``kind`` in ``relations`` leads to, or None."""
    if relations not in archive.namelist():
        return None
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
            return resolved if resolved in archive.namelist() else None
    return None


def _xml(archive: zipfile.ZipFile, part: str, file: str) -> etree._Element:
    problem = unpack_problem(archive.getinfo(part))
    if problem is not None:
        raise _not_word(file, problem)
    data = archive.read(part)
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


# -- styles and numbering ------------------------------------------------------------------


class _Names:
    """Qualified names in the document's WordprocessingML namespace (transitional or strict)."""

    def __init__(self, namespace: str) -> None:
        self.namespace = namespace

    def __call__(self, name: str) -> str:
        return f"{{{self.namespace}}}{name}"

    def local(self, element: etree._Element) -> str | None:
        """The element's name when it is in this namespace, else None (comments included)."""
        tag = element.tag
        if not isinstance(tag, str) or not tag.startswith("{" + self.namespace + "}"):
            return None
        return tag[len(self.namespace) + 2 :]

    def value(self, element: etree._Element | None, child: str) -> str | None:
        """The ``w:val`` of ``element``'s child ``child``."""
        if element is None:
            return None
        found = element.find(self(child))
        return None if found is None else found.get(self("val"))


def _number(text: str | None) -> int | None:
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


class _Styles:
    """Paragraph styles: the heading level and the numbering each gives, through ``basedOn``."""

    def __init__(self, root: etree._Element | None, w: _Names) -> None:
        self.based_on: dict[str, str] = {}
        self.names: dict[str, str] = {}
        self.numbering: dict[str, tuple[str | None, int | None]] = {}
        self.default: str | None = None
        for style in root.iter(w("style")) if root is not None else ():
            style_id = style.get(w("styleId"))
            if style_id is None:
                continue
            self.names[style_id] = w.value(style, "name") or ""
            parent = w.value(style, "basedOn")
            if parent:
                self.based_on[style_id] = parent
            properties = style.find(w("pPr"))
            numbering = properties.find(w("numPr")) if properties is not None else None
            if numbering is not None:
                self.numbering[style_id] = (
                    w.value(numbering, "numId"),
                    _number(w.value(numbering, "ilvl")),
                )
            if style.get(w("type")) == "paragraph" and style.get(w("default")) in ("1", "true"):
                self.default = style_id

    def chain(self, style_id: str | None) -> Iterator[str]:
        """The style and the ones it is based on, nearest first (a cycle is cut)."""
        seen: set[str] = set()
        while style_id is not None and style_id not in seen:
            seen.add(style_id)
            yield style_id
            style_id = self.based_on.get(style_id)

    def heading_level(self, style_id: str | None) -> int | None:
        for ancestor in self.chain(style_id):
            match = _HEADING_STYLE.fullmatch(self.names.get(ancestor, ""))
            if match is not None:
                return int(match[1])
        return None

    def is_contents(self, style_id: str | None) -> bool:
        """A table of contents' title or entry (``TOC Heading``, ``TOC 1``…): it repeats the
        headings, it is not one of them."""
        return any(_CONTENTS_STYLE.fullmatch(self.names.get(s, "")) for s in self.chain(style_id))

    def numbering_of(self, style_id: str | None) -> tuple[str | None, int | None]:
        for ancestor in self.chain(style_id):
            if ancestor in self.numbering and self.numbering[ancestor][0] is not None:
                return self.numbering[ancestor]
        return None, None


@dataclass(frozen=True, slots=True)
class _Level:
    """One level of a list: its number format, its text (``%1.%2``), start and restart."""

    format: str
    text: str
    start: int
    #: Reset when a level above this index is used (Word's ``lvlRestart``; None: the level before).
    restart: int | None
    legal: bool
    style: str | None

    @classmethod
    def read(cls, level: etree._Element, w: _Names) -> _Level:
        legal = level.find(w("isLgl"))
        return cls(
            format=w.value(level, "numFmt") or "decimal",
            text=w.value(level, "lvlText") or "",
            start=_number(w.value(level, "start")) or 0,
            restart=_number(w.value(level, "lvlRestart")),
            legal=legal is not None and legal.get(w("val")) not in ("0", "false"),
            style=w.value(level, "pStyle"),
        )

    def label(self, counts: dict[int, int], levels: dict[int, _Level]) -> str:
        """The number as printed: ``lvlText`` with each ``%N`` the count of level N."""
        if self.format == "bullet":
            return "-"  # a bullet's glyph is a symbol-font character: Markdown writes "-"

        def count(match: re.Match[str]) -> str:
            index = int(match[1]) - 1
            level = levels.get(index)
            start = level.start if level is not None else 1
            # A level not used yet shows one before its start, as Word prints "0.1".
            value = counts.get(index, start - 1)
            return _format(
                value, "decimal" if self.legal else (level.format if level else "decimal")
            )

        return _PLACEHOLDER.sub(count, self.text).strip()


def _format(value: int, format: str) -> str:
    """``value`` written in a Word number format (letters repeat after Z: ``AA``, ``BB``);
    past Word's own limit (32767) the number is written in digits, never a megabyte of ``Z``."""
    if format == "none":
        return ""
    if value > _MAX_COUNT:
        return str(value)
    if format in ("upperLetter", "lowerLetter") and value > 0:
        letters = chr(ord("A") + (value - 1) % 26) * ((value - 1) // 26 + 1)
        return letters if format == "upperLetter" else letters.lower()
    if format in ("upperRoman", "lowerRoman") and value > 0:
        roman = ""
        for amount, numeral in _ROMAN:
            while value >= amount:
                roman, value = roman + numeral, value - amount
        return roman.upper() if format == "upperRoman" else roman
    if format == "decimalZero":
        return f"{value:02d}"
    return str(value)


class _Numbering:
    """Word's list counters, advanced paragraph by paragraph as Word prints them.

    Lists that share an abstract definition share its counters (Word continues the numbering
    across them); a list with a ``startOverride`` restarts its levels where it is first used.
    """

    def __init__(self, root: etree._Element | None, styles: _Styles, w: _Names) -> None:
        self.w = w
        self.styles = styles
        self.abstracts: dict[str, etree._Element] = {}
        self.lists: dict[str, etree._Element] = {}
        for element in root if root is not None else ():
            name = w.local(element)
            if name == "abstractNum" and element.get(w("abstractNumId")) is not None:
                self.abstracts[str(element.get(w("abstractNumId")))] = element
            elif name == "num" and element.get(w("numId")) is not None:
                self.lists[str(element.get(w("numId")))] = element
        self.counts: dict[str, dict[int, int]] = {}
        self.started: set[str] = set()
        self.found: dict[str, tuple[str, dict[int, _Level], dict[int, int]] | None] = {}

    def label(self, list_id: str, level_index: int | None, style_id: str | None) -> str:
        """Advance the list's counter at the level and give the number printed there."""
        if list_id not in self.found:
            self.found[list_id] = self._levels(list_id)
        found = self.found[list_id]
        if found is None:
            return ""
        abstract_id, levels, starts = found
        if level_index is None:  # a style linked to a level (w:pStyle in the level) says which
            level_index = next((i for i, level in levels.items() if level.style == style_id), 0)
        level = levels.get(level_index)
        if level is None:
            return ""
        counts = self.counts.setdefault(abstract_id, {})
        if list_id not in self.started:
            self.started.add(list_id)
            for index, start in starts.items():
                counts[index] = start - 1
        counts[level_index] = counts.get(level_index, level.start - 1) + 1
        for deeper in [index for index in counts if index > level_index]:
            rule = levels[deeper].restart if deeper in levels else None
            if level_index < (deeper if rule is None else rule):
                del counts[deeper]
        return level.label(counts, levels)

    def _levels(
        self, list_id: str, depth: int = 0
    ) -> tuple[str, dict[int, _Level], dict[int, int]] | None:
        """The list's abstract definition id, its levels (overrides applied), its start overrides."""
        w = self.w
        instance = self.lists.get(list_id)
        abstract_id = w.value(instance, "abstractNumId")
        abstract = self.abstracts.get(abstract_id or "")
        if instance is None or abstract_id is None or abstract is None or depth > 3:
            return None
        link = w.value(abstract, "numStyleLink")  # the levels live in a numbering style's list
        if link is not None:
            linked_list, _ = self.styles.numbering_of(link)
            linked = self._levels(linked_list, depth + 1) if linked_list else None
            if linked is None:
                return None
            abstract_id, levels, _ = linked
        else:
            levels = {
                _number(level.get(w("ilvl"))) or 0: _Level.read(level, w)
                for level in abstract.iter(w("lvl"))
            }
        starts: dict[int, int] = {}
        for override in instance.iter(w("lvlOverride")):
            index = _number(override.get(w("ilvl"))) or 0
            start = _number(w.value(override, "startOverride"))
            if start is not None:
                starts[index] = start
            replaced = override.find(w("lvl"))
            if replaced is not None:
                levels = {**levels, index: _Level.read(replaced, w)}
        return abstract_id, levels, starts


# -- the body ------------------------------------------------------------------------------


class _BodyReader:
    """One pass over the body: blocks of text, the paragraph of each line, the warnings."""

    def __init__(self, package: _Package, file: str) -> None:
        self.document = package.document
        self.w = w = _Names(str(etree.QName(package.document).namespace))
        self.file = file
        self.styles = _Styles(package.styles, w)
        self.numbering = _Numbering(package.numbering, self.styles, w)
        self.blocks: list[tuple[list[str], list[int]]] = []
        self.index = 0
        #: The text of a paragraph whose mark is an unaccepted insertion, and its number.
        self.carried: tuple[str, int] | None = None
        self.warnings: list[InputError] = []

    def read(self) -> DocxTextLayer:
        body = self.document.find(self.w("body"))
        if body is not None:
            self._blocks(body)
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
        return DocxTextLayer("\n".join(lines), tuple(at), self.index, tuple(self.warnings))

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

    # -- paragraphs ------------------------------------------------------------------------

    def _paragraph(self, paragraph: etree._Element) -> None:
        self.index += 1
        self._note_changes(paragraph)
        if paragraph.find(".//" + self.w("txbxContent")) is not None:
            self.warnings.append(
                InputError(
                    f"paragraph {self.index} holds a text box: its text is not read",
                    file=self.file,
                    line=self.index,
                    field="text_box",
                    hint="put the text in the body if it is part of the specification",
                )
            )
        text = self._text(paragraph)
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
        properties = self._properties(paragraph)
        style = self.w.value(properties, "pStyle") or self.styles.default
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
        level = _number(w.value(numbering, "ilvl"))
        if list_id is None:
            list_id, style_level = self.styles.numbering_of(style)
            level = style_level if level is None else level
        if list_id is None or list_id == "0":  # numId 0 takes the style's numbering off
            return ""
        return self.numbering.label(list_id, level, style)

    def _text(self, container: etree._Element) -> str:
        """The text of a paragraph (or an inline container in it) as issued."""
        w = self.w
        parts: list[str] = []
        for child in container:
            name = w.local(child)
            if name == "r":
                parts.append(self._run(child))
            elif name in _INLINE_CONTAINERS:
                parts.append(self._text(child))
            elif name == "sdt":
                content = child.find(w("sdtContent"))
                parts.append(self._text(content) if content is not None else "")
            elif child.tag in _FORMULAS:
                parts.append("".join(t.text or "" for t in child.iter(f"{{{_MATH}}}t")))
        return "".join(parts)

    def _run(self, run: etree._Element) -> str:
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
        return "".join(parts)

    def _note_changes(self, element: etree._Element) -> None:
        """A warning naming the paragraph (or row) when it holds a tracked change."""
        w = self.w
        changed = any(
            element.find(".//" + w(name)) is not None
            for name in ("ins", "del", "moveFrom", "moveTo", "pPrChange")
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
        rows: list[tuple[list[str], int]] = []
        above: list[str] = []
        for row in table.xpath("./w:tr|./w:sdt/w:sdtContent/w:tr", namespaces={"w": w.namespace}):
            self.index += 1
            self._note_changes(row)
            row_properties = row.find(w("trPr"))
            if row_properties is not None and row_properties.find(w("ins")) is not None:
                continue
            above = self._cells(row, above)
            rows.append((above, self.index))
        if not rows or not rows[0][0]:
            return
        (header, first), body = rows[0], rows[1:]
        lines = [_pipe(header), _pipe(["---"] * len(header))] + [_pipe(cells) for cells, _ in body]
        self.blocks.append((lines, [first, first] + [index for _, index in body]))

    def _cells(self, row: etree._Element, above: list[str]) -> list[str]:
        """The row's cells, one per grid column: a merged cell's text in each column it
        spans, and in each row below it that continues it."""
        w = self.w
        row_properties = row.find(w("trPr"))
        cells = [""] * (_number(w.value(row_properties, "gridBefore")) or 0)
        for cell in row.xpath("./w:tc|./w:sdt/w:sdtContent/w:tc", namespaces={"w": w.namespace}):
            properties = cell.find(w("tcPr"))
            span = _number(w.value(properties, "gridSpan")) or 1
            merge = properties.find(w("vMerge")) if properties is not None else None
            if merge is not None and merge.get(w("val")) in (None, "continue"):
                column = len(cells)
                text = above[column] if column < len(above) else ""
            else:
                text = self._cell_text(cell)
            cells += [text] * max(span, 1)
        return cells + [""] * (_number(w.value(row_properties, "gridAfter")) or 0)

    def _cell_text(self, cell: etree._Element) -> str:
        """A cell's paragraphs (nested tables' too), numbered as printed, joined by a space."""
        w = self.w
        texts = []
        for paragraph in cell.iter(w("p")):
            text = self._text(paragraph).strip()
            properties = self._properties(paragraph)
            label = self._label(properties, w.value(properties, "pStyle") or self.styles.default)
            texts.append(f"{label} {text}" if label and text else label or text)
        return " ".join(" ".join(texts).split())


def _pipe(cells: list[str]) -> str:
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"
