"""A PDF's opening judged by the one opening rule (``opening``), where its text layer cannot say
where a cell ends: a bordered or spaced document-control block reads ``Access owners`` there,
with no ``|``, ``:`` or tab between the cells.

Two readings of the opening give the cells back. A table the table reader found (``pdftables``)
gives its header and rows as cells; and each text line of the opening's pages is parted at its
wide gaps (wider than one and a half median character widths: a cell border or a column, not a
word space), each run a cell. Both are judged by :class:`~.opening.Opening` as any opening line is; a
line the text rule already refused is not named twice. Only the pages the opening reaches are
measured, at most ``_MOST_PAGES`` of them.

What a reader meets on those pages but pdfium's text layer leaves out is judged as the page's text
there is (audit 104 A F3; :func:`annotation_errors`): the text of each annotation on the pages of the
marking places (page 1 and the pages the opening reaches, at most ``_MOST_PAGES``; the pages of the
closing lines and the last page) — its ``/Contents`` (a FreeText box, a stamp's or sticky note's
words), its rich text ``/RC`` (tags left out) and a form field's value ``/V`` — each annotation's lines
by one :class:`~.opening.Opening`, an error naming the page and the annotation's kind. So are the
document's own properties, a reader's title bar and properties pane (:func:`property_errors`): the
information dictionary's ``Title``, ``Subject`` and ``Keywords`` and the XMP packet's ``dc:title``,
``dc:subject`` and ``pdf:Keywords``, each judged as a metadata title is (the first line of an
opening), an error naming the property. An annotation's appearance stream (the drawing a stamp
shows) is not read: pdfium would parse it uncounted. The text read is held to the PDF's limits: a
page's annotations count against ``MAX_PDF_PAGE_OBJECTS``, their characters with the page's text
against ``MAX_PDF_PAGE_CHARS``, and with the whole text layer against ``MAX_INPUT_BYTES``; the XMP
packet unpacks to at most ``MAX_PDF_PAGE_CONTENT_BYTES``.
"""

from __future__ import annotations

import ctypes
import html
import logging
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from statistics import median
from typing import TYPE_CHECKING

from inforce.ontology import InputError, TableRow
from inforce.ontology.files import MAX_INPUT_BYTES

from .opening import Opening, table_errors
from .pdf import (
    MAX_PDF_PAGE_CHARS,
    MAX_PDF_PAGE_CONTENT_BYTES,
    MAX_PDF_PAGE_OBJECTS,
    PdfTextLayer,
    _too_much,
    opened_pdf,
)
from .pdfgeometry import Glyph, page_geometry

if TYPE_CHECKING:
    import pypdfium2

__all__ = ["annotation_errors", "opening_errors", "property_errors"]

#: A gap between two characters wider than this many median character widths parts two cells.
_GAP = 1.5
#: The most pages measured for the opening's column gaps (the opening is the text before the
#: first provision: a PDF with none would otherwise be measured page by page).
_MOST_PAGES = 3


def opening_errors(path: Path, layer: PdfTextLayer, rows: list[TableRow], opening_end: int, file: str,
                   refused: set[int], *, headers: Mapping[int, tuple[str, ...]]) -> list[InputError]:
    """The errors for the opening's table rows and gap-parted lines that declare access;
    ``refused`` holds the lines (of the text layer, 1-based) already refused, and grows;
    ``headers``: each table's header as written (``PdfTables.headers``)."""
    errors = table_errors(layer.text, rows, file, refused, opening_end=opening_end, headers=headers)
    if opening_end > 0:
        errors += _gap_errors(path, layer, opening_end, file, refused)
    return errors


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _judged(error: InputError | None, refused: set[int], errors: list[InputError]) -> bool:
    if error is None or error.line in refused:
        return error is not None
    refused.add(error.line or 0)
    errors.append(error)
    return True


def _runs(glyphs: list[Glyph]) -> list[list[Glyph]]:
    """A line's characters (left to right) parted where the gap between two is wider than
    ``_GAP`` times the line's median character width: a cell's border or a column, not a word
    space (a quarter of an em; a justified line's stretched spaces stay under it)."""
    ordered = sorted(glyphs, key=lambda glyph: glyph.left)
    if len(ordered) < 2:
        return [ordered]
    gap = _GAP * median(glyph.right - glyph.left for glyph in ordered)
    runs = [[ordered[0]]]
    for before, glyph in zip(ordered, ordered[1:], strict=False):
        if glyph.left - before.right > gap:
            runs.append([])
        runs[-1].append(glyph)
    return runs


def _gap_errors(path: Path, layer: PdfTextLayer, opening_end: int, file: str,
                refused: set[int]) -> list[InputError]:
    """Each text line of the opening parted at its column-wide gaps, the runs its cells."""
    errors: list[InputError] = []
    text = layer.text
    with opened_pdf(path, file=file) as document:
        for index, start in enumerate(layer.page_starts[:_MOST_PAGES]):
            if start >= opening_end:
                break
            page = document[index]
            try:
                geometry = page_geometry(page, number=index + 1, text_start=start, rules=[])
            finally:
                page.close()
            for line in geometry.lines():
                if line.start >= opening_end:
                    continue
                found = [text[run[0].offset: run[-1].offset + 1].strip() for run in _runs(line.glyphs)]
                if len(found) < 2:
                    continue
                shown = text[line.start: line.end]
                _judged(Opening(file).judge(shown, line_no=_line_of(text, line.start),
                                            where=f" (page {index + 1})", found=found), refused, errors)
    return errors


#: What each annotation subtype is called in an error (pdfium's ``FPDF_ANNOT_*`` numbers).
_KINDS = {1: "sticky note (Text annotation)", 3: "FreeText annotation", 13: "Stamp annotation", 20: "form field (Widget)"}
#: A popup annotation shows its parent's text: the parent is judged.
_POPUP = 16
_WIDGET = 20
#: A rich text string's tags that end a line (``</p>``, ``<br/>``, ``</div>``), and any tag.
_LINE_TAG = re.compile(r"<\s*(?:br\b[^>]*|/\s*(?:p|div|li)\s*)>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>")


def _marking_pages(layer: PdfTextLayer, opening_end: int, closing_start: int | None) -> list[int]:
    """The pages (1-based) the marking places stand on: page 1 and the pages the opening reaches (at most
    ``_MOST_PAGES``), the pages of the closing lines and the last page."""
    starts = layer.page_starts
    pages = {1, len(starts)}
    pages.update(index + 1 for index, start in enumerate(starts[:_MOST_PAGES]) if start < opening_end)
    if closing_start is not None:
        first = next((index for index in range(len(starts) - 1, -1, -1) if starts[index] <= closing_start), 0)
        pages.update(range(first + 1, len(starts) + 1))
    return sorted(page for page in pages if page >= 1)


def annotation_errors(path: Path, layer: PdfTextLayer, opening_end: int, closing_start: int | None,
                      file: str) -> tuple[list[InputError], list[InputError]]:
    """The errors and warnings of the annotations' text on the marking places' pages (module docstring):
    each annotation's lines judged in order by one :class:`~.opening.Opening` (parting cells at runs of
    spaces, as the page's text is), an error naming the page and the annotation."""
    import pypdfium2.raw as pdfium_c

    errors: list[InputError] = []
    notes: list[InputError] = []
    said: set[str] = set()
    total = len(layer.text)
    with opened_pdf(path, file=file) as document:
        document.init_forms()  # a field's value as a viewer shows it (inherited from its parent field too)
        for number in _marking_pages(layer, opening_end, closing_start):
            page = document[number - 1]
            try:
                count = pdfium_c.FPDFPage_GetAnnotCount(page)
                if count > MAX_PDF_PAGE_OBJECTS:
                    raise _too_much(f"page {number} holds {count:,} annotations",
                                    f"a page may hold at most {MAX_PDF_PAGE_OBJECTS:,} objects", file)
                read = len(layer.page_text(number))
                for index in range(count):
                    annot = pdfium_c.FPDFPage_GetAnnot(page, index)
                    if not annot:
                        continue
                    try:
                        kind = pdfium_c.FPDFAnnot_GetSubtype(annot)
                        if kind == _POPUP:
                            continue
                        texts = list(_annotation_texts(document, annot, kind))
                    finally:
                        pdfium_c.FPDFPage_CloseAnnot(annot)
                    read += sum(len(text) for _, text in texts)
                    total += sum(len(text) for _, text in texts)
                    if read > MAX_PDF_PAGE_CHARS:
                        raise _too_much(f"page {number} holds more than {MAX_PDF_PAGE_CHARS:,} characters of text "
                                        "with its annotations'", f"a page may hold at most {MAX_PDF_PAGE_CHARS:,}",
                                        file)
                    if total > MAX_INPUT_BYTES:
                        raise _too_much(f"its text with its annotations' passes {MAX_INPUT_BYTES:,} characters by "
                                        f"page {number}", f"a document's text may hold at most {MAX_INPUT_BYTES:,}",
                                        file)
                    name = _KINDS.get(kind, f"annotation (subtype {kind})")
                    judge = Opening(file, spaced=True)
                    for key, text in texts:
                        where = f" (page {number}, a {name}'s {key})"
                        for line in text.split("\n"):
                            error = judge.judge(line, line_no=None, where=where)
                            if error is not None and error.message not in said:
                                said.add(error.message)
                                errors.append(error)
                    notes += judge.notes
            finally:
                page.close()
    return errors, notes


def _annotation_texts(document: pypdfium2.PdfDocument, annot: ctypes.c_void_p,
                      kind: int) -> Iterator[tuple[str, str]]:
    """An annotation's text as ``(key, text)``: its ``/Contents``, its rich text ``/RC`` read as text
    where it says more than the contents, and a form field's value; line ends as ``\\n``."""
    import pypdfium2.raw as pdfium_c

    contents = _string(lambda buffer, size: pdfium_c.FPDFAnnot_GetStringValue(annot, b"Contents", buffer, size))
    if contents.strip():
        yield "/Contents", contents
    rich = _string(lambda buffer, size: pdfium_c.FPDFAnnot_GetStringValue(annot, b"RC", buffer, size))
    if rich.strip():
        rich = html.unescape(_TAG.sub("", _LINE_TAG.sub("\n", rich)))
        if rich.split() != contents.split():
            yield "/RC", _lines(rich)
    if kind == _WIDGET:
        if document.formenv:
            value = _string(lambda buffer, size: pdfium_c.FPDFAnnot_GetFormFieldValue(
                document.formenv, annot, buffer, size))
        else:
            value = _string(lambda buffer, size: pdfium_c.FPDFAnnot_GetStringValue(annot, b"V", buffer, size))
        if value.strip():
            yield "/V", value


def _lines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _string(get) -> str:  # noqa: ANN001 (a pdfium call given a buffer and its size in bytes)
    """A UTF-16 string pdfium writes into a buffer (asked its size first), line ends as ``\\n``; at most
    ``MAX_PDF_PAGE_CHARS`` characters and one more are read (the caller's count then refuses it)."""
    import pypdfium2.raw as pdfium_c

    size = get(None, 0)
    if size <= 2:
        return ""
    size = min(size, 2 * (MAX_PDF_PAGE_CHARS + 2))
    buffer = ctypes.create_string_buffer(size)
    get(ctypes.cast(buffer, ctypes.POINTER(pdfium_c.FPDF_WCHAR)), size)
    return _lines(buffer.raw.decode("utf-16-le", errors="replace").split("\x00", 1)[0])


#: The information dictionary's properties a reader shows as the document's (title bar, properties pane).
_INFO = ("Title", "Subject", "Keywords")
_XMP = {"dc": "http://purl.org/dc/elements/1.1/", "pdf": "http://ns.adobe.com/pdf/1.3/",
        "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#"}


def property_errors(path: Path, file: str) -> tuple[list[InputError], list[InputError]]:
    """The errors and warnings of the document's own properties (module docstring), each judged as a
    metadata title is (by a fresh :class:`~.opening.Opening`, the first line of an opening), an error
    naming the property; an XMP packet that cannot be read is a warning saying so."""
    import pypdfium2.raw as pdfium_c

    errors: list[InputError] = []
    notes: list[InputError] = []
    values: list[tuple[str, str]] = []
    with opened_pdf(path, file=file) as document:
        for key in _INFO:
            text = _string(lambda buffer, size, key=key: pdfium_c.FPDF_GetMetaText(
                document, key.encode(), buffer, size))
            if len(text) > MAX_PDF_PAGE_CHARS:
                raise _too_much(f"its {key} property holds more than {MAX_PDF_PAGE_CHARS:,} characters",
                                f"a property may hold at most {MAX_PDF_PAGE_CHARS:,}", file)
            values.append((f"document information {key}", text))
    packet, why = _xmp_packet(path, file)
    if why is not None:
        notes.append(InputError(
            f"its XMP metadata could not be read ({why}): a marking in its title or subject there is not judged",
            file=file, field="access",
            hint="save the PDF again from its source, or check its XMP title and subject by hand"))
    values += packet
    for name, text in values:
        for line in text.split("\n"):
            judge = Opening(file)
            error = judge.judge(line, line_no=None, where=f" (the PDF's {name} property)")
            if error is not None:
                errors.append(error)
                break
            notes += judge.notes
    return errors, notes


def _xmp_packet(path: Path, file: str) -> tuple[list[tuple[str, str]], str | None]:
    """The XMP packet's ``dc:title``, ``dc:subject`` (each item) and ``pdf:Keywords`` as ``(property, text)``,
    and why the packet could not be read (None where it was, or where there is none). It is unpacked a
    slice at a time by the pre-count's filters (``pdfshows``), refused past ``MAX_PDF_PAGE_CONTENT_BYTES``."""
    from lxml import etree
    from playa.pdftypes import ContentStream, resolve1

    from .pdfshows import UnreadStream, _document_type, _unpacked

    logging.getLogger("playa").setLevel(logging.CRITICAL)
    data = bytearray()
    try:
        with path.open("rb") as handle:
            document = _document_type()(handle)
            stream = resolve1(document.catalog.get("Metadata"))
            if not isinstance(stream, ContentStream):
                return [], None
            for piece in _unpacked(stream):
                data += piece
                if len(data) > MAX_PDF_PAGE_CONTENT_BYTES:
                    raise _too_much(f"its XMP metadata unpacks to more than {MAX_PDF_PAGE_CONTENT_BYTES:,} bytes",
                                    f"an XMP packet may unpack to at most {MAX_PDF_PAGE_CONTENT_BYTES // 2**20} MiB",
                                    file)
    except InputError:
        raise
    except UnreadStream as unread:
        return [], f"it is under the filter {unread.filter}"
    except MemoryError:
        raise
    except BaseException as exc:  # noqa: BLE001 (playa's damage and its cycle stop alike: told, never silent)
        if isinstance(exc, KeyboardInterrupt | SystemExit):
            raise
        return [], f"{type(exc).__name__}"
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, recover=True)
    try:
        root = etree.fromstring(bytes(data), parser)
    except etree.XMLSyntaxError as exc:
        return [], f"its XML is damaged: {exc}"
    if root is None:
        return [], "it holds no XML"
    found: list[tuple[str, str]] = []
    for prefix, name in (("dc", "title"), ("dc", "subject"), ("pdf", "Keywords")):
        tag = f"{{{_XMP[prefix]}}}{name}"
        for element in root.iter(tag):
            items = [item for item in element.iter(f"{{{_XMP['rdf']}}}li")] or [element]
            found += [(f"XMP {prefix}:{name}", "".join(item.itertext())) for item in items]
        for element in root.iter(f"{{{_XMP['rdf']}}}Description"):
            if tag in element.attrib:
                found.append((f"XMP {prefix}:{name}", element.attrib[tag]))
    return [(name, text) for name, text in found if text.strip()], None
