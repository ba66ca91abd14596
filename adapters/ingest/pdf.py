"""A PDF's text layer, page by page, with pypdfium2 (tables come from ``pdftables``).

Offsets are kept end to end: ``PdfTextLayer.text`` is every page's text joined by
``PAGE_BREAK``, ``page_starts[i]`` is where page ``i + 1`` starts in it, and a provision's
span slices its text out of it (its pages follow from the page starts). A PDF that pdfium
cannot open — encrypted with a password, damaged, not a PDF — is an InputError naming it.

A PDF is held to limits on what it expands to, checked as it is read so that a small file whose
compressed pages unpack to megabytes of text stops at the first page past one: at most
``MAX_PDF_PAGES`` pages, ``MAX_PDF_PAGE_TEXT_OBJECTS`` pieces of text on a page (the
text-showing operators of its content streams counted before pdfium loads any page, by
``pdfshows``, then the text objects of each page pdfium loads before it builds the page's
text, whose cost grows with them), ``MAX_PDF_PAGE_OBJECTS`` objects on a page (text, paths,
images, forms: counted the same two ways), no form shown inside itself and none nested deeper
than ``MAX_FORM_DEPTH`` (forms are followed by the first count, each counted the times it is
shown, so a page of nested forms never reaches pdfium), ``MAX_PDF_PAGE_CHARS`` characters on
a page, ``MAX_PDF_OBJECTS`` objects on all its pages together (counted the same two ways),
and as many characters in all as any input file may hold bytes (``MAX_INPUT_BYTES``), and
``MAX_PDF_PAGE_CONTENT_BYTES`` bytes of content unpacked on a page (forms each time shown: counted by
the first count, whatever the bytes are, blanks too) and ``MAX_PDF_CONTENT_BYTES`` on all pages. A page
whose content, or a form it shows, is under a filter the first count does not unpack (an
image's, ``Crypt``, a name it does not know) is refused, never given to pdfium uncounted; so is a
page the first count cannot read to its end (an object asking for itself, one it cannot resolve, a
decryption it cannot do, damage), or one pdfium finds past the pages the first count read. Before
pdfium is asked for the document's form (the table and access readers ask for it), its field tree is
walked as pdfium walks it (``pdfshows.form_field_paths``): more than ``MAX_PDF_FORM_FIELDS`` fields
counted along every path down it, or a field listed below itself, refuses the file (audit 109 B F3).

The first count also counts the characters each page's strings show (``PdfTextLayer.shown``), to
just past ``SHOWN_CHARACTERS_COUNTED``: pdfium's text layer keeps at most 32,767 characters of one
text-showing operator, and the table reader's layout estimate takes the larger count (issue 23).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from inforce.ontology import InputError
from inforce.ontology.files import MAX_INPUT_BYTES

from .pdfshows import (
    FIELD_TREE_DEPTH,
    MAX_FORM_DEPTH,
    FieldCycle,
    FormCycle,
    FormsTooDeep,
    UnreadPage,
    UnreadStream,
    form_field_paths,
    page_counts,
)

if TYPE_CHECKING:
    import pypdfium2

__all__ = [
    "MAX_PDF_CONTENT_BYTES",
    "MAX_PDF_FORM_FIELDS",
    "MAX_PDF_OBJECTS",
    "MAX_PDF_PAGES",
    "MAX_PDF_PAGE_CHARS",
    "MAX_PDF_PAGE_CONTENT_BYTES",
    "MAX_PDF_PAGE_OBJECTS",
    "MAX_PDF_PAGE_TEXT_OBJECTS",
    "PAGE_BREAK",
    "SHOWN_CHARACTERS_COUNTED",
    "PdfTextLayer",
    "normalise_page_text",
    "opened_pdf",
    "page_text",
    "pdf_text_layer",
]

#: Between two pages in the text layer: a form feed on a line of its own.
PAGE_BREAK = "\n\f\n"

#: The most pages a PDF may have (a long specification has a few thousand).
MAX_PDF_PAGES = 10_000
#: The most text objects (runs of text shown at once) one page may hold, forms included: a
#: dense page has a few thousand; pdfium spends about 7 KB of memory on each as it reads them.
MAX_PDF_PAGE_TEXT_OBJECTS = 20_000
#: The most objects (pieces of text, painted paths, images, shadings, forms shown) one page may
#: hold, forms included: a dense drawing has some tens of thousands; pdfium builds each as it
#: loads the page, and each costs a few microseconds to look at (three million took 86 s).
MAX_PDF_PAGE_OBJECTS = 200_000
#: The most objects all the pages of a PDF may hold together, counted the same way: a long
#: specification holds some hundreds of thousands; without it a 7 KB file of ten pages each
#: showing one stream of 190,000 paths (under the page limit) took minutes, and a 10,000-page
#: one would take days (audit 83 B F2).
MAX_PDF_OBJECTS = 1_000_000
#: The most characters of text one page may hold (a dense A0 sheet has well under 200,000).
MAX_PDF_PAGE_CHARS = 1_000_000
#: The most bytes one page's content may unpack to, its content streams and each form it shows
#: each time shown (pdfium parses them all as it loads the page, blanks too): a real page holds
#: tens of kilobytes (the largest in the camelot test PDFs 90 KB), a dense drawing some megabytes.
#: The count stops here, in about a quarter of a second; without it a 306 KB file of 300 MiB of
#: blanks was read whole, 77 s and 729 MB (audit 102 C F2).
MAX_PDF_PAGE_CONTENT_BYTES = 16 * 2**20
#: The most bytes the content of all the pages of a PDF may unpack to together, counted the same
#: way: a long specification's is some tens of megabytes; without it a 64 MiB file of thousands of
#: pages each just under the page's bound unpacked to tens of gigabytes (audit 102 C F2).
MAX_PDF_CONTENT_BYTES = 256 * 2**20
#: The most fields (and widgets) the document's form field tree may hold, counted along every path
#: pdfium walks down it once asked for the form: a field that several ``/Kids`` list is counted each
#: time. A large real form holds some thousands; pdfium walks 100,000 paths in well under a second,
#: but a 3 KB file whose 31 fields each list the next twice (2 ** 31 paths) held it past a minute
#: (audit 109 B F3).
MAX_PDF_FORM_FIELDS = 100_000
#: The characters a page's strings show are counted up to just past this (the count stops there,
#: the page is not refused): past it a page is past the table reader's layout bound whatever else
#: it holds (100,000 characters estimate at 40,500, the bound is 15,000), and counting a million
#: one-character strings one by one would cost the first count about a second a page.
SHOWN_CHARACTERS_COUNTED = 100_000


@dataclass(frozen=True, slots=True)
class PdfTextLayer:
    """A PDF's text and where each page starts in it.

    ``scanned_pages`` are the pages (1-based) that show an image but have no text: what
    they say is not in ``text``. A page with neither (a blank separator) is not listed.
    """

    text: str
    page_starts: list[int]
    scanned_pages: tuple[int, ...] = ()
    #: the characters each page's strings show, counted from its content streams (forms each time
    #: shown) to just past ``SHOWN_CHARACTERS_COUNTED``; pdfium's text layer may hold fewer (at most
    #: 32,767 of one text-showing operator), camelot's layout lays out them all (issue 23)
    shown: tuple[int, ...] = ()

    @property
    def has_text(self) -> bool:
        return bool(self.text.strip())

    @property
    def page_count(self) -> int:
        return len(self.page_starts)

    def page_text(self, page: int) -> str:
        """The text of page ``page`` (1-based), as it sits in ``text``."""
        start = self.page_starts[page - 1]
        end = (
            self.page_starts[page] - len(PAGE_BREAK)
            if page < len(self.page_starts)
            else len(self.text)
        )
        return self.text[start:end]

    def shown_characters(self, page: int) -> int:
        """The characters page ``page``'s strings show (``shown``), 0 where they were not counted."""
        return self.shown[page - 1] if page <= len(self.shown) else 0


def page_text(textpage: pypdfium2.PdfTextPage) -> str:
    """The page's text as pdfium orders it, one character for each entry of its character
    list, so character ``i`` of the text is character ``i`` of the page (its box, its font).

    pdfium's bounded text drops some of the line breaks it generates (a table's rows then run
    together: ``2391Tamil Nadu``); the ranged text keeps them. Where the ranged text does not
    line up with the character list either, it is built character by character.
    """
    import pypdfium2.raw as pdfium_c

    count = textpage.count_chars()
    text = textpage.get_text_range() if count > 0 else ""
    if len(text) != count:
        text = "".join(
            chr(pdfium_c.FPDFText_GetUnicode(textpage, index) or 0xFFFD) for index in range(count)
        )
    return text


def normalise_page_text(raw: str) -> str:
    """pdfium's page text with line ends as ``\\n`` (a form feed too: it marks page breaks)."""
    return raw.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n")


@contextmanager
def opened_pdf(path: Path, *, file: str) -> Iterator[pypdfium2.PdfDocument]:
    """The PDF open in pdfium, closed on leaving; one that cannot be opened is an InputError
    naming the file and saying why (a password, damage, not a PDF at all)."""
    import pypdfium2  # deferred: only PDF projects pay for loading pdfium
    import pypdfium2.raw as pdfium_c

    try:
        document = pypdfium2.PdfDocument(str(path))
    except pypdfium2.PdfiumError as exc:
        code = getattr(exc, "err_code", None)
        if code == pdfium_c.FPDF_ERR_PASSWORD:
            raise InputError(
                "the PDF is encrypted with a password: its text cannot be read",
                file=file,
                hint="give the decrypted PDF (or its text in a Markdown document)",
            ) from None
        if code == pdfium_c.FPDF_ERR_SECURITY:
            raise InputError(
                "the PDF uses an encryption pdfium does not support: its text cannot be read",
                file=file,
                hint="give the decrypted PDF",
            ) from None
        raise InputError(
            f"cannot open the PDF: it is damaged or not a PDF ({exc})",
            file=file,
            hint="is it a valid, unencrypted PDF?",
        ) from None
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror}", file=file) from None
    try:
        yield document
    finally:
        document.close()


def pdf_text_layer(path: Path, *, file: str) -> PdfTextLayer:
    """The PDF's text (pages joined by ``PAGE_BREAK``, line ends normalised to ``\\n``), the
    offset where each page starts, and its pages without text that show an image; a PDF that
    cannot be read is an InputError naming it."""
    with opened_pdf(path, file=file) as document:
        # pdfium knows the page count once the file is open: a file past the limit is refused
        # before the first count walks its pages (audit 91 B F1: 100,000 tiny pages took 36 s)
        _check_page_count(document, file)
        total = size = counted = 0
        shown: list[int] = []
        for number, count in page_counts(path, MAX_PDF_PAGE_TEXT_OBJECTS, MAX_PDF_PAGE_OBJECTS,
                                         MAX_PDF_PAGE_CONTENT_BYTES, SHOWN_CHARACTERS_COUNTED):
            if number > MAX_PDF_PAGES:  # past pdfium's pages (at most as many): none is loaded or counted
                break
            counted = number
            if isinstance(count.problem, UnreadPage):
                raise _unread_page(number, count.problem, file)
            if isinstance(count.problem, FormCycle):
                raise _too_much(f"page {number} shows form /{count.problem.name} inside itself",
                                "a form may not show itself, directly or through other forms", file)
            if isinstance(count.problem, FormsTooDeep):
                raise _too_much(f"page {number} nests forms more than {MAX_FORM_DEPTH} deep",
                                f"forms may be nested at most {MAX_FORM_DEPTH} deep", file)
            if isinstance(count.problem, UnreadStream):
                raise _unread(number, count.problem, file)
            if count.shows > MAX_PDF_PAGE_TEXT_OBJECTS:
                raise _too_many_pieces(number, file)
            if count.objects > MAX_PDF_PAGE_OBJECTS:
                raise _too_many_objects(number, file)
            if count.size > MAX_PDF_PAGE_CONTENT_BYTES:
                raise _too_much(f"the content of page {number} unpacks to more than "
                                f"{MAX_PDF_PAGE_CONTENT_BYTES:,} bytes (its content streams and the forms it shows, "
                                "each time shown)", f"a page's content may unpack to at most "
                                f"{MAX_PDF_PAGE_CONTENT_BYTES // 2**20} MiB", file)
            shown.append(count.characters)
            total += count.objects
            if total > MAX_PDF_OBJECTS:
                raise _too_many_in_all(number, file)
            size += count.size
            if size > MAX_PDF_CONTENT_BYTES:
                raise _too_much(f"the content of its pages unpacks to more than {MAX_PDF_CONTENT_BYTES:,} bytes "
                                f"by page {number}", f"a PDF's content may unpack to at most "
                                f"{MAX_PDF_CONTENT_BYTES // 2**20} MiB in all", file)
        if len(document) > counted:  # a page pdfium finds that the first count did not
            raise _unread_page(counted + 1, UnreadPage(f"the page tree as the count reads it holds {counted} "
                                                       f"page{'' if counted == 1 else 's'}, pdfium finds "
                                                       f"{len(document)}"), file)
        _check_form_fields(path, file)
        return read_text_layer(document, file=file, shown=tuple(shown))


def read_text_layer(document: pypdfium2.PdfDocument, *, file: str, shown: tuple[int, ...] = ()) -> PdfTextLayer:
    """:func:`pdf_text_layer` of a document already open (``shown``: the characters each page's
    strings show, as the first count read them)."""
    import pypdfium2
    import pypdfium2.raw as pdfium_c

    pages = _check_page_count(document, file)
    parts: list[str] = []
    starts: list[int] = []
    scanned: list[int] = []
    position = 0
    objects = 0
    try:
        for index in range(pages):
            page = document[index]
            textpage = None
            try:
                objects += _bound_text_objects(page, index + 1, file)
                if objects > MAX_PDF_OBJECTS:
                    raise _too_many_in_all(index + 1, file)
                textpage = page.get_textpage()
                if (count := textpage.count_chars()) > MAX_PDF_PAGE_CHARS:
                    raise _too_much(f"page {index + 1} holds {count:,} characters of text",
                                    f"a page may hold at most {MAX_PDF_PAGE_CHARS:,}", file)
                if position + count > MAX_INPUT_BYTES:
                    raise _too_much(f"its text passes {MAX_INPUT_BYTES:,} characters by page {index + 1}",
                                    f"a document's text may hold at most {MAX_INPUT_BYTES:,}", file)
                text = page_text(textpage)
                # Only a page without text is searched for images (a scan), so a text PDF
                # pays nothing for the check.
                if not text.strip() and next(
                    page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_IMAGE,)), None
                ) is not None:
                    scanned.append(index + 1)
            finally:
                if textpage is not None:
                    textpage.close()
                page.close()
            text = normalise_page_text(text)
            if parts:
                position += len(PAGE_BREAK)
            starts.append(position)
            parts.append(text)
            position += len(text)
    except pypdfium2.PdfiumError as exc:
        raise InputError(
            f"cannot read the PDF's text: it is damaged ({exc})", file=file
        ) from None
    return PdfTextLayer(PAGE_BREAK.join(parts), starts, tuple(scanned), shown)


def _check_page_count(document: pypdfium2.PdfDocument, file: str) -> int:
    """The document's page count as pdfium finds it, or an InputError where it passes
    ``MAX_PDF_PAGES``."""
    pages = len(document)
    if pages > MAX_PDF_PAGES:
        raise _too_much(f"{pages:,} pages", f"at most {MAX_PDF_PAGES:,} are read", file)
    return pages


def _check_form_fields(path: Path, file: str) -> None:
    """An InputError where the document's form field tree holds a field listed below itself, or more
    than ``MAX_PDF_FORM_FIELDS`` fields counted along every path down it: pdfium, asked for the form,
    walks each path (``init_forms``, then a page), before any is asked."""
    try:
        fields = form_field_paths(path, MAX_PDF_FORM_FIELDS)
    except FieldCycle as cycle:
        raise InputError(
            f"cannot read the PDF: its form field (object {cycle.objid}) is listed among its own /Kids, "
            "directly or through the fields below it, so its field tree (/AcroForm /Fields) never ends",
            file=file,
            hint="save the PDF again from its source (or flatten its form), or give its text in a Markdown document",
        ) from None
    if fields > MAX_PDF_FORM_FIELDS:
        raise InputError(
            f"the PDF is too large to read: its form's field tree (/AcroForm /Fields) holds more than "
            f"{MAX_PDF_FORM_FIELDS:,} fields counted along every path down it to {FIELD_TREE_DEPTH} levels (a field "
            f"several /Kids list is counted each time); a PDF's form may hold at most {MAX_PDF_FORM_FIELDS:,} so counted",
            file=file,
            hint="save the PDF again from its source (or flatten its form), or give its text in a Markdown document",
        )


def _bound_text_objects(page: pypdfium2.PdfPage, number: int, file: str) -> int:
    """The objects of page ``number`` (those of its forms counted each time a form is shown), or
    an InputError naming it as soon as it shows more than ``MAX_PDF_PAGE_TEXT_OBJECTS`` text
    objects or holds more than ``MAX_PDF_PAGE_OBJECTS`` objects, before pdfium is asked for the
    page's text: the walk looks at no more objects than that."""
    import pypdfium2.raw as pdfium_c

    text = seen = 0
    for seen, item in enumerate(page.get_objects(), 1):
        if seen > MAX_PDF_PAGE_OBJECTS:
            raise _too_many_objects(number, file)
        if item.type == pdfium_c.FPDF_PAGEOBJ_TEXT:
            text += 1
            if text > MAX_PDF_PAGE_TEXT_OBJECTS:
                raise _too_many_pieces(number, file)
    return seen


def _too_many_pieces(number: int, file: str) -> InputError:
    """The InputError of page ``number`` showing more than ``MAX_PDF_PAGE_TEXT_OBJECTS`` pieces
    of text, whether counted in its content streams or in the page pdfium loaded."""
    return _too_much(f"page {number} shows more than {MAX_PDF_PAGE_TEXT_OBJECTS:,} pieces of text",
                     f"a page may show at most {MAX_PDF_PAGE_TEXT_OBJECTS:,}", file)


def _too_many_objects(number: int, file: str) -> InputError:
    """The InputError of page ``number`` holding more than ``MAX_PDF_PAGE_OBJECTS`` objects."""
    return _too_much(f"page {number} holds more than {MAX_PDF_PAGE_OBJECTS:,} objects (text, paths, images, forms)",
                     f"a page may hold at most {MAX_PDF_PAGE_OBJECTS:,}", file)


def _too_many_in_all(number: int, file: str) -> InputError:
    """The InputError of a PDF whose pages hold more than ``MAX_PDF_OBJECTS`` objects by page ``number``."""
    return _too_much(f"its pages hold more than {MAX_PDF_OBJECTS:,} objects (text, paths, images, forms) "
                     f"by page {number}", f"a PDF may hold at most {MAX_PDF_OBJECTS:,} in all", file)


def _unread(number: int, unread: UnreadStream, file: str) -> InputError:
    """The InputError of page ``number`` whose content (or a form it shows) is under a filter the
    count before pdfium does not unpack, or whose filtered data is broken."""
    where = f"form /{unread.form} shown on page {number}" if unread.form else f"the content of page {number}"
    why = f" ({unread.why})" if unread.why else ""
    return InputError(
        f"cannot read the PDF: {where} is under the filter {unread.filter}{why}, whose pieces of text "
        "and objects cannot be counted before pdfium builds the page",
        file=file,
        hint="content streams may be under FlateDecode, LZWDecode, ASCIIHexDecode, ASCII85Decode or "
             "RunLengthDecode: save the PDF again from its source, or give its text in a Markdown document")


def _unread_page(number: int, unread: UnreadPage, file: str) -> InputError:
    """The InputError of page ``number`` (or the whole file) that the count before pdfium could
    not read to its end: pdfium is not let load what was not counted (audit 84 B F1 F2)."""
    where = "its pages" if unread.document else f"page {number}"
    return InputError(
        f"cannot read the PDF: {where} could not be read to the end before pdfium builds "
        f"{'them' if unread.document else 'it'} ({unread.why}), so "
        f"{'their' if unread.document else 'its'} pieces of text and objects cannot be counted",
        file=file,
        hint="save the PDF again from its source (a damaged or unusual file is rewritten whole), "
             "or give its text in a Markdown document")


def _too_much(what: str, limit: str, file: str) -> InputError:
    """The InputError of a PDF past one of its limits (a decompression bomb, or a file too large
    to index)."""
    return InputError(f"the PDF is too large to read: {what}; {limit}", file=file,
                      hint="split it into smaller PDFs, or give its text in a Markdown document")
