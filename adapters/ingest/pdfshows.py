"""How many times a PDF page's content streams show text, counted from the file itself before
pdfium loads the page: pdfium builds every object of a page as it loads it, so a page whose
small compressed stream unpacks to millions of ``(x) Tj`` would cost gigabytes before the
objects could be counted.

The streams are read with playa (which camelot brings, beside pypdfium2) and unpacked a
slice at a time, stopping at the first page past the limit: at most one slice of a stream is
held. Each text-showing operator (``Tj``, ``TJ``, ``'``, ``"``) standing as a token of its own
is counted; one inside a string is counted too, so the count can only be high, never low.
A stream is unpacked through each of its filters in turn, each a slice at a time (FlateDecode,
LZWDecode with its EarlyChange, ASCIIHexDecode, ASCII85Decode, RunLengthDecode, a chain of them,
and the TIFF and PNG predictors of Flate and LZW), so an expansion bomb under any of them stops
at the limit. A stream under another filter (an image's, ``Crypt``, a name not known) is
:class:`UnreadStream`, which the caller refuses: pdfium would build its objects uncounted (audit
83 B F1: a form showing itself twice under ASCIIHexDecode grew the page load to 5 GB in 60 s).

An object is read at most once at a time: one whose reading asks for itself (a stream whose
``/Length`` is a reference to that stream, which pdfium reads past) stops the count there, where
playa recursed until Python's limit, and its parser, which takes every error for a syntax error
and tries again, logged that without end (audit 72 B F4).

The count fails closed: where it cannot read a page's content or a form the page shows (an
object that asks for itself, one it cannot resolve, a decryption it cannot do, damaged Flate
data, a page tree it reads no page of, any error of the walk), that page is :class:`UnreadPage`,
which the caller refuses, never given to pdfium uncounted (audit 84 B F1: a form showing itself
twice whose ``/Length`` referred to its own object, pdfium reading past it, grew the page load
to 4 GB in 13 s; F2: the same form in a PDF encrypted with the empty user password under AES,
which playa reads only with the ``cryptography`` package, now a dependency).

Forms are followed before pdfium loads the page too (audit 82 B F1: a 922-byte page whose form
showed itself twice, or eight levels of forms each shown ten times, grew pdfium's page load past
7 GB): each ``/Name Do`` of a stream names an XObject of its resources, and a form's own
streams are counted once (kept for each form and the resources it reads names in) and
multiplied by the times it is shown, nested forms through each level. A form shown inside
itself, directly or through others, is a cycle (:class:`FormCycle`); forms nested deeper than
``MAX_FORM_DEPTH`` are refused too (:class:`FormsTooDeep`). The page objects pdfium would
build are counted beside the text ones (audit 82 B F1 F2: three million ``re f`` took 86 s):
each text show, each painted path (``S s f F f* B B* b b*``), shading (``sh``), inline image
(``BI``) and XObject shown (``Do``). A ``Do`` whose name is not read (one longer than the
bytes held between slices) is counted as each XObject of its resources, so that count too
can only be high. The bytes a page's content unpacks to are counted too, a form's each time it is
shown (pdfium parses a form's stream for each ``Do``): what no operator count sees, a stream of
blanks, numbers or comments, costs pdfium's parse and this count's own read all the same (audit
102 C F2: a 306 KB file of 300 MiB of blanks held ingest 77 s). The count stops within a slice of
the caller's bound, the bytes past it never unpacked.

The characters a page's strings show are counted in the same pass (:class:`_Strings`): pdfium's
text layer keeps at most 32,767 characters of one text-showing operator, camelot's pdfminer lays
out all of them, so the layout estimate takes the larger of the two (issue 23: one ``Tj`` of a
million digits read as 32,773 characters, and camelot spent 20 s on the page). Every string of the
content is counted, a byte a character after its escapes are undone (a hex string's digits
halved); a string shown by no operator (a marked-content property, an inline image's dictionary)
is counted too, so the count can only be high. Comments and inline images' data are passed over.
A stream whose resources name only composite fonts of two-byte encodings (``Identity-H``,
``Identity-V``) and no font by a graphics state shows a character for two bytes; any other
stream's are counted a byte a character. Each stream's count stops once past the caller's bound.
"""

from __future__ import annotations

import itertools
import logging
import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = ["FIELD_TREE_DEPTH", "MAX_FORM_DEPTH", "FieldCycle", "FormCycle", "FormsTooDeep", "PageCount", "UnreadPage", "UnreadStream", "page_counts",
           "form_field_paths", "page_text_shows", "page_user_units"]

#: An operator between delimiters that makes a page object: a text show, ``Do``, a path painted, a
#: shading, an inline image. Each starts with one of the characters of the first test, so a byte
#: that starts none (a blank, a digit) costs that one test (audit 102 C F2: 300 MiB of blanks were
#: read at 0.07 s a MiB, now 0.015). No operator starts inside a name (:data:`_NAME`): the byte
#: before an operator is a delimiter, which no name holds.
_OPERATOR = re.compile(
    rb"(?=[TDfFBbSs'\"])(?<=[\s)\]>])"
    rb"(?:(?P<show>Tj|TJ|'|\")|(?P<do>Do)|(?P<paint>[fBb]\*|[SsfFBb]|sh|BI))(?=[\s(\[<%/])"
)
#: A name, the operand a ``Do`` shows: every ``/`` starts one (no name or operator holds a ``/``),
#: so the name a ``Do`` shows is the one at the last ``/`` before it, looked for only at a ``Do``
#: (audit 102 C F2: each name read as it was met, 16 MiB of ``/a /a ...`` took 17 s).
_NAME = re.compile(rb"/((?:#[0-9A-Fa-f]{2}|[^#/%\[\]()<>{}\s])*)")
_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")
#: The most bytes a stream unpacks to at a time.
_SLICE = 1 << 20
#: The bytes at the end of a slice that wait for the next (a name longer than this is not read).
_HOLD = 4096
#: The deepest forms may be nested (a form inside a form ... inside the page); pdfium itself
#: stops somewhat deeper, but a real document nests a few.
MAX_FORM_DEPTH = 32
#: A ``Do`` whose name was not read.
_UNKNOWN = object()


class FormCycle(Exception):  # noqa: N818 (what the walk found, not a failure of it)
    """A form shown inside itself (``name``: the form's name where it is shown)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class FormsTooDeep(Exception):  # noqa: N818
    """Forms nested deeper than ``MAX_FORM_DEPTH``."""


class UnreadStream(Exception):  # noqa: N818
    """A content stream (``form``: the name of the form it is, or None for the page's) under a
    filter this count does not unpack (``filter``: its name), or whose filtered data is broken
    (``why``): its operators cannot be counted, so the page is refused rather than given to
    pdfium uncounted (audit 83 B F1)."""

    def __init__(self, filter: str, why: str = "", form: str | None = None) -> None:  # noqa: A002
        super().__init__(filter, why, form)
        self.filter, self.why, self.form = filter, why, form


class UnreadPage(Exception):  # noqa: N818
    """A page (or, ``document`` true, the file itself) the count could not read to its end
    (``why``): its objects cannot be counted, so it is refused rather than given to pdfium
    uncounted (audit 84 B F1 F2)."""

    def __init__(self, why: str, *, document: bool = False) -> None:
        super().__init__(why)
        self.why, self.document = why, document


@dataclass(frozen=True, slots=True)
class PageCount:
    """A page's text shows, page objects and unpacked content bytes, forms counted each time they
    are shown; each counted up to just past its limit. ``problem`` is a :class:`FormCycle`,
    :class:`FormsTooDeep`, :class:`UnreadStream` or :class:`UnreadPage` found on the page (the
    counts then stop there, and no later page is counted)."""

    shows: int
    objects: int
    problem: Exception | None = None
    #: The bytes its content streams unpack to, and each form's it shows (each time shown): what
    #: pdfium parses as it loads the page, whatever they hold (audit 102 C F2: a stream of blanks).
    size: int = 0
    #: The characters its strings show (:class:`_Strings`), each form's each time shown, counted to
    #: just past the caller's bound: what camelot's pdfminer lays out, where pdfium's text layer
    #: keeps at most 32,767 characters of one text-showing operator (issue 23).
    characters: int = 0


def page_text_shows(path: Path, limit: int) -> Iterator[tuple[int, int]]:
    """``(page, shows)`` for each page (1-based) in order: :func:`page_counts`' shows."""
    for number, count in page_counts(path, limit, limit):
        yield number, count.shows


def page_counts(path: Path, shows: int, objects: int, size: int | None = None,
                characters: int | None = None) -> Iterator[tuple[int, PageCount]]:
    """``(page, count)`` for each page (1-based) in order, its shows counted up to just past
    ``shows``, its objects up to just past ``objects`` and its unpacked content bytes up to just
    past ``size`` (within a slice; None: no bound), the characters its strings show up to just
    past ``characters`` (None: no bound; a page past it is not refused, its count stops there)
    (the caller refuses a page past one of the others,
    or with a ``problem``: its later pages are not read). Where playa cannot read the file or a
    page of it (damage pdfium might forgive, an encryption playa cannot undo, an object that
    asks for itself, any error of the walk), that page's count has an :class:`UnreadPage` problem
    (page 1's, ``document`` true, where the file itself is not read) and the count ends there:
    nothing it did not count is left to pdfium's own count, as pdfium's load of the page is what
    a bomb grows (audit 84 B F1 F2). Pages pdfium finds past the last one yielded are the
    caller's to refuse."""
    # playa's warnings ("Circular reference 2 in page tree", "MediaBox ... invalid ..., defaulting
    # to US Letter") are of this count, which pdfium's reading of the page backs: none is the
    # user's to read, and each was printed among ingest's lines (audit 72 B F8)
    logging.getLogger("playa").setLevel(logging.CRITICAL)
    try:
        file = path.open("rb")
    except OSError as exc:
        yield 1, PageCount(0, 0, UnreadPage(f"the file cannot be read: {exc.strerror}", document=True))
        return
    with file:
        try:
            document = _document_type()(file)
        except MemoryError:
            raise
        except (Exception, _Cycle) as exc:  # noqa: BLE001 (whatever stops the count refuses the file)
            yield 1, PageCount(0, 0, UnreadPage(_why(exc), document=True))
            return
        walk = _Walk(shows, objects, size, characters)
        pages = enumerate(document.pages, 1)
        number = 0
        while True:
            try:
                number, page = next(pages, (0, None))
                if page is None:
                    return
                count = walk.page(page)
            except MemoryError:
                raise
            except (Exception, _Cycle) as exc:  # noqa: BLE001 (whatever stops the count refuses the page)
                yield (number or 1), PageCount(0, 0, UnreadPage(_why(exc)))
                return
            yield number, count


def _why(exc: BaseException) -> str:
    """Why the count could not read on, in a line."""
    if isinstance(exc, _Cycle):
        return (f"reading object {exc.args[0]} asks for that object itself (a /Length or other value "
                "that refers to its own object)")
    if isinstance(exc, RecursionError):
        return "its objects nest or refer to each other too deeply"
    said = " ".join(str(exc).split())[:200]
    return f"{type(exc).__name__}: {said}" if said else type(exc).__name__


def page_user_units(path: Path, pages: list[int]) -> dict[int, float]:
    """Each of ``pages``' ``/UserUnit`` (the size of its unit in points, PDF 1.6; pdfium's page
    size leaves it out) where it is a number above 1; a page playa cannot read has none."""
    if not pages:
        return {}
    from playa.exceptions import PDFException
    from playa.pdftypes import resolve1

    logging.getLogger("playa").setLevel(logging.CRITICAL)
    unreadable = (PDFException, ValueError, TypeError, KeyError, IndexError, AssertionError, OSError, _Cycle)
    units: dict[int, float] = {}
    try:
        with path.open("rb") as file:
            document = _document_type()(file)
            for number in pages:
                unit = resolve1(document.pages[number - 1].attrs.get("UserUnit"))
                if isinstance(unit, int | float) and not isinstance(unit, bool) and 1 < unit < float("inf"):
                    units[number] = float(unit)
    except unreadable:
        pass
    return units


class FieldCycle(Exception):  # noqa: N818 (what the walk found, not a failure of it)
    """A form field listed among its own ``/Kids``, directly or through fields below it
    (``objid``: the field's object number)."""

    def __init__(self, objid: int) -> None:
        super().__init__(objid)
        self.objid = objid


#: The deepest pdfium reads the ``/AcroForm`` field tree (its own limit): a field lower down is not read.
FIELD_TREE_DEPTH = 32


def form_field_paths(path: Path, limit: int) -> int:
    """The fields (and widgets) of the document's ``/AcroForm`` field tree counted along every path
    down it from ``/Fields``, as pdfium walks it once asked for the form (``init_forms``, then a
    page): a field that two ``/Kids`` arrays list, or one lists twice, is counted each time, through
    every level to :data:`FIELD_TREE_DEPTH`. The count stops just past ``limit``, so it costs no more
    than that (each field's kids are read once): a tree whose fields each list the next twice costs
    pdfium 2 ** depth paths (audit 109 B F3: 31 levels, a 3 KB file, held it past a minute). A field
    listed below itself is :class:`FieldCycle`. An entry that cannot be read is no field, as pdfium
    reads it; a file playa cannot open counts 0 (:func:`page_counts` refuses it)."""
    from playa.pdftypes import ObjRef, resolve1

    logging.getLogger("playa").setLevel(logging.CRITICAL)
    unreadable = (Exception, _Cycle)
    # each field's kids as (object number or None, field), read once, by its object number (a
    # direct field: by the dictionary itself, kept alive here with them)
    read_kids: dict[object, tuple[dict, list[tuple[int | None, dict]]]] = {}

    def read(value: object) -> object:
        try:
            return resolve1(value)
        except MemoryError:
            raise
        except unreadable:  # noqa: BLE001 (an entry that cannot be read is no field)
            return None

    def listed(entries: object) -> list[tuple[int | None, dict]]:
        entries = read(entries)
        if not isinstance(entries, list):
            return []
        found = []
        for entry in entries:
            kid = read(entry)
            if isinstance(kid, dict):
                found.append((entry.objid if isinstance(entry, ObjRef) else None, kid))
        return found

    def kids_of(objid: int | None, field: dict) -> list[tuple[int | None, dict]]:
        key = objid if objid is not None else id(field)
        if key not in read_kids:
            read_kids[key] = (field, listed(field.get("Kids")))
        return read_kids[key][1]

    count = 0
    try:
        with path.open("rb") as file:
            document = _document_type()(file)
            form = read(document.catalog.get("AcroForm"))
            if not isinstance(form, dict):
                return 0
            # depth first: each level's kids still to walk, with the fields above them (object numbers)
            stack: list[tuple[Iterator[tuple[int | None, dict]], tuple[int, ...]]] = [
                (iter(listed(form.get("Fields"))), ())
            ]
            while stack:
                kids, above = stack[-1]
                objid, field = next(kids, (None, None))
                if field is None:
                    stack.pop()
                    continue
                count += 1
                if count > limit:
                    return count
                if objid is not None and objid in above:
                    raise FieldCycle(objid)
                if len(stack) <= FIELD_TREE_DEPTH:  # this field's level is len(stack) - 1
                    stack.append((iter(kids_of(objid, field)), above if objid is None else (*above, objid)))
    except (FieldCycle, MemoryError):
        raise
    except (OSError, *unreadable):  # noqa: BLE001 (the file itself is page_counts' to refuse)
        return count
    return count


class _Cycle(BaseException):  # noqa: N818 (no error: the count ends; BaseException passes playa's ``except Exception``)
    """An object whose reading asked for itself."""


_DOCUMENT: list[type] = []


def _document_type() -> type:
    """playa's document, each indirect object read at most once at a time (:class:`_Cycle`)."""
    if not _DOCUMENT:
        import playa

        class Document(playa.Document):
            def __getitem__(self, objid: int):  # type: ignore[no-untyped-def]
                reading = self.__dict__.setdefault("_reading", set())
                if objid in reading:
                    raise _Cycle(objid)
                reading.add(objid)
                try:
                    return super().__getitem__(objid)
                finally:
                    reading.discard(objid)

        _DOCUMENT.append(Document)
    return _DOCUMENT[0]


class _Walk:
    """The counts of a document's pages, each form's own counts kept for the pages after."""

    def __init__(self, shows: int, objects: int, size: int | None = None, characters: int | None = None) -> None:
        self.shows, self.objects = shows, objects
        self.size = size if size is not None else 1 << 62
        self.characters = characters if characters is not None else 1 << 62
        self._forms: dict[tuple[int, int | None], tuple[int, int, int, int]] = {}

    def page(self, page) -> PageCount:  # noqa: ANN001 (playa's Page)
        try:
            counter = self._counted(page.streams, page.resources)
            shows, objects, size, characters = self._expand(counter, page.resources, page.pageid, [])
        except (FormCycle, FormsTooDeep, UnreadStream) as problem:
            return PageCount(0, 0, problem)
        return PageCount(shows, objects, size=size, characters=characters)

    def _past(self, shows: int, objects: int, size: int) -> bool:
        return shows > self.shows or objects > self.objects or size > self.size

    def _counted(self, streams: Iterator, resources) -> _Counter:  # noqa: ANN001
        counter = _Counter(self.characters, _two_byte_fonts(resources))
        for stream in streams:
            for piece in _unpacked(stream):
                counter.size += len(piece)
                counter.feed(piece)
                if self._past(counter.shows, counter.objects, counter.size):
                    return counter
            counter.feed(b"\n")  # the page's streams read as one, a line apart
        counter.finish()
        return counter

    def _expand(self, counter: _Counter, resources, owner: int | None,  # noqa: ANN001
                showing: list[int]) -> tuple[int, int, int, int]:
        """``counter``'s counts with each form it shows counted the times it is shown
        (``showing``: the forms being counted, outermost first)."""
        from playa.pdftypes import ContentStream, resolve1

        shows, objects, size, characters = counter.shows, counter.objects, counter.size, counter.characters
        if not counter.shown or self._past(shows, objects, size):
            return shows, objects, size, characters
        xobjects = resolve1(resources.get("XObject")) if isinstance(resources, dict) else None
        if not isinstance(xobjects, dict):
            return shows, objects, size, characters
        for name, times in counter.shown.items():
            named = list(xobjects) if name is _UNKNOWN else [name]
            for each in named:
                form = resolve1(xobjects.get(each))
                if not isinstance(form, ContentStream) or _name(form.get("Subtype")) != "Form":
                    continue
                if form.objid in showing:
                    raise FormCycle(str(each))
                if len(showing) >= MAX_FORM_DEPTH:
                    raise FormsTooDeep(str(each))
                own = resolve1(form.get("Resources"))
                key = (form.objid, None) if isinstance(own, dict) else (form.objid, owner)
                if form.objid is None or key not in self._forms:
                    try:
                        inner = self._counted([form], own if isinstance(own, dict) else resources)
                    except UnreadStream as unread:
                        raise UnreadStream(unread.filter, unread.why, str(each)) from None
                    counts = self._expand(inner, own if isinstance(own, dict) else resources,
                                          form.objid if isinstance(own, dict) else owner,
                                          [*showing, form.objid])
                    if form.objid is None:
                        self._forms.pop(key, None)
                    else:
                        self._forms[key] = counts
                else:
                    counts = self._forms[key]
                shows = min(shows + times * counts[0], self.shows + 1)
                objects = min(objects + times * counts[1], self.objects + 1)
                size = min(size + times * counts[2], self.size + 1)
                characters = min(characters + times * counts[3], self.characters + 1)
                if self._past(shows, objects, size):
                    return shows, objects, size, characters
        return shows, objects, size, characters


#: The encodings of a composite (Type0) font that take two bytes a character, whatever the font.
_TWO_BYTE_ENCODINGS = frozenset({"Identity-H", "Identity-V"})


def _two_byte_fonts(resources) -> bool:  # noqa: ANN001 (a resources dictionary, or anything)
    """Whether every font ``resources`` names is composite under a two-byte encoding, and no
    graphics state of them sets a font: then each character a stream using them shows takes two
    bytes. Anything else (a simple font among them, another CMap, a font set by ``gs``, nothing
    readable) counts a byte a character, which can only count high."""
    from playa.pdftypes import resolve1

    if not isinstance(resources, dict):
        return False
    fonts = resolve1(resources.get("Font"))
    if not isinstance(fonts, dict) or not fonts:
        return False
    states = resolve1(resources.get("ExtGState"))
    if isinstance(states, dict):
        for state in states.values():
            state = resolve1(state)
            if isinstance(state, dict) and "Font" in state:
                return False
    for font in fonts.values():
        font = resolve1(font)
        if not isinstance(font, dict) or _name(font.get("Subtype")) != "Type0":
            return False
        if _name(font.get("Encoding")) not in _TWO_BYTE_ENCODINGS:
            return False
    return True


def _name(value: object) -> str | None:
    from playa.pdftypes import PSLiteral, resolve1

    value = resolve1(value)
    return value.name if isinstance(value, PSLiteral) else None


def _unpacked(stream) -> Iterator[bytes]:
    """The stream's bytes, a slice at a time, through each of its filters in turn (each unpacks a
    slice at a time, so a chain holds about a slice a filter); :class:`UnreadStream` for a filter
    this module does not unpack (an image's, ``Crypt``, a name it does not know) or a stream whose
    filter's data is broken where pdfium might read on."""
    from playa.pdftypes import resolve1

    data = stream.rawdata
    if stream.decipher and stream.objid is not None and stream.genno is not None:
        data = stream.decipher(stream.objid, stream.genno, data, stream.attrs)
    filters = resolve1(stream.get("Filter"))
    if filters is None:
        filters = []
    elif not isinstance(filters, list):
        filters = [filters]
    params = resolve1(stream.get("DecodeParms", stream.get("DP")))
    if not isinstance(params, list):
        params = [params] * len(filters)
    pieces: Iterator[bytes] = iter([data[start:start + _SLICE] for start in range(0, len(data), _SLICE)])
    for index, each in enumerate(filters):
        name = _name(each)
        decoder = _DECODERS.get(name) if name is not None else None
        if decoder is None:
            raise UnreadStream(f"/{name}" if name is not None else repr(each))
        param = resolve1(params[index]) if index < len(params) else None
        param = param if isinstance(param, dict) else {}
        pieces = decoder(pieces, param) if name in ("LZWDecode", "LZW") else decoder(pieces)
        if name in ("FlateDecode", "Fl", "LZWDecode", "LZW"):
            pieces = _predicted(pieces, param, f"/{name}")
    for piece in pieces:
        if piece:
            yield piece


def _flate(pieces: Iterator[bytes]) -> Iterator[bytes]:
    """FlateDecode: the deflate data after its two-byte zlib header, its closing checksum not
    checked (a wrong one, which real files have, leaves the data whole: pdfium reads it)."""
    pieces = iter(pieces)
    first = b""
    for piece in pieces:
        first += piece
        if len(first) >= 2:
            break
    header = len(first) >= 2 and first[0] & 0x0F == 8 and not first[1] & 0x20 and (first[0] << 8 | first[1]) % 31 == 0
    inflater = zlib.decompressobj(-15) if header else zlib.decompressobj()
    pieces = itertools.chain([first[2:] if header else first], pieces)
    try:
        for pending in pieces:
            while pending and not inflater.eof:
                yield inflater.decompress(pending, _SLICE)
                pending = inflater.unconsumed_tail
            if inflater.eof:
                return
        yield inflater.flush()
    except zlib.error as exc:
        # the output of the call that met the damage is lost, and pdfium would build what it can
        # read of it: a damaged stream is not counted, so it is refused (audit 84 B)
        raise UnreadStream("/FlateDecode", f"its data is damaged: {exc}") from None


_NOT_HEX = bytes(byte for byte in range(256) if chr(byte) not in "0123456789abcdefABCDEF")


def _hex(pieces: Iterator[bytes]) -> Iterator[bytes]:
    """ASCIIHexDecode: pairs of hex digits up to ``>``, anything else passed over (as pdfium
    does); an odd last digit is followed by 0."""
    odd = b""
    for piece in pieces:
        end = piece.find(b">")
        digits = odd + (piece if end < 0 else piece[:end]).translate(None, _NOT_HEX)
        odd = digits[len(digits) & ~1:]
        yield bytes.fromhex(digits[:len(digits) & ~1].decode("ascii"))
        if end >= 0:
            break
    if odd:
        yield bytes.fromhex((odd + b"0").decode("ascii"))


_A85_SPACE = b" \t\n\r\f\0"
_A85_DIGITS = set(range(ord("!"), ord("u") + 1))


def _a85(pieces: Iterator[bytes]) -> Iterator[bytes]:
    """ASCII85Decode: groups of five digits (``z`` four zeros) up to ``~``, white space passed
    over; a ``z`` inside a group, a character outside the alphabet or a group past 2^32 is
    :class:`UnreadStream` (a quarter of a slice is read at a time: ``z`` makes four bytes of one)."""
    held = b""  # the digits of a group begun
    first = True
    for piece in pieces:
        for start in range(0, len(piece), max(1, _SLICE // 4)):
            part = piece[start:start + max(1, _SLICE // 4)]
            if first:  # a leading <~ is no part of the data
                stripped = part.lstrip(_A85_SPACE)
                part = stripped[2:] if stripped.startswith(b"<~") else stripped
                first = not part
            end = part.find(b"~")
            digits = (part if end < 0 else part[:end]).translate(None, _A85_SPACE)
            out, held = _a85_groups(held + digits)
            yield out
            if end >= 0:
                if len(held) > 1:
                    yield _a85_groups(held + b"u" * (5 - len(held)))[0][:len(held) - 1]
                return
    if len(held) > 1:
        yield _a85_groups(held + b"u" * (5 - len(held)))[0][:len(held) - 1]


def _a85_groups(digits: bytes) -> tuple[bytes, bytes]:
    """The bytes of ``digits``' whole groups, and the digits of the group left begun."""
    import base64

    if b"z" in digits:
        out, held = bytearray(), b""
        for number, run in enumerate(digits.split(b"z")):
            if number and held:
                raise UnreadStream("/ASCII85Decode", "a z inside a group")
            if number:
                out += bytes(4)
            done, held = _a85_groups(run)
            out += done
        return bytes(out), held
    whole = len(digits) - len(digits) % 5
    if not set(digits) <= _A85_DIGITS:
        raise UnreadStream("/ASCII85Decode", "a character outside its alphabet")
    try:
        return base64.a85decode(digits[:whole]), digits[whole:]
    except ValueError:
        raise UnreadStream("/ASCII85Decode", "a group past 2^32") from None


def _run_length(pieces: Iterator[bytes]) -> Iterator[bytes]:
    """RunLengthDecode: a length byte, then 1 to 128 bytes copied or one byte repeated 2 to 128
    times, until 128 (a sixty-fourth of a slice is read at a time: two bytes make 128)."""
    held = b""
    for piece in pieces:
        for start in range(0, len(piece), max(1, _SLICE // 64)):
            data = held + piece[start:start + max(1, _SLICE // 64)]
            out, at = bytearray(), 0
            while at < len(data):
                length = data[at]
                if length == 128:
                    yield bytes(out)
                    return
                if length < 128:
                    if at + length + 2 > len(data):
                        break
                    out += data[at + 1:at + length + 2]
                    at += length + 2
                else:
                    if at + 2 > len(data):
                        break
                    out += data[at + 1:at + 2] * (257 - length)
                    at += 2
            held = data[at:]
            yield bytes(out)
    if held and held[0] < 128:
        yield held[1:]  # a literal run cut short: what there is of it


def _lzw(pieces: Iterator[bytes], params: dict) -> Iterator[bytes]:
    """LZWDecode, codes of 9 to 12 bits, the width growing one code early unless
    ``/EarlyChange 0``; out a slice at a time, stopping at the end code or a code not yet made
    (a damaged stream: pdfium stops there too)."""
    from playa.pdftypes import resolve1

    early = resolve1(params.get("EarlyChange", 1))
    early = 0 if early == 0 else 1
    table: list[bytes] = []
    previous = b""
    width, bits, count = 9, 0, 0
    out: list[bytes] = []
    size = 0
    for piece in pieces:
        for byte in piece:
            bits = (bits << 8) | byte
            count += 8
            while count >= width:
                count -= width
                code = bits >> count
                bits &= (1 << count) - 1
                if code == 256:
                    table = [bytes((n,)) for n in range(256)] + [b"", b""]
                    previous, width = b"", 9
                    continue
                if code == 257:
                    yield b"".join(out)
                    return
                if not table:
                    table = [bytes((n,)) for n in range(256)] + [b"", b""]
                if code < len(table) and code not in (256, 257):
                    entry = table[code]
                    if previous and len(table) < 4096:
                        table.append(previous + entry[:1])
                elif code == len(table) and previous:
                    entry = previous + previous[:1]
                    if len(table) < 4096:
                        table.append(entry)
                else:
                    yield b"".join(out)
                    return
                previous = entry
                out.append(entry)
                size += len(entry)
                if len(table) + early >= (1 << width) and width < 12:
                    width += 1
                if size >= _SLICE:
                    yield b"".join(out)
                    out, size = [], 0
    yield b"".join(out)


#: The longest row a predictor may have (a content stream's rows are short when it has any).
_ROW = 1 << 16


def _predicted(pieces: Iterator[bytes], params: dict, name: str) -> Iterator[bytes]:
    """``pieces`` with the predictor of ``params`` undone (TIFF 2, PNG 10 to 15; playa's row
    functions, given whole rows a slice at a time, each PNG block after the last row it made)."""
    from playa.pdftypes import resolve1
    from playa.utils import apply_png_predictor, apply_tiff_predictor

    def number(key: str, default: int) -> int:
        value = resolve1(params.get(key, default))
        if not isinstance(value, int) or isinstance(value, bool):
            raise UnreadStream(name, f"its /{key} is not a whole number")
        return value

    predictor = number("Predictor", 1)
    if predictor == 1:
        yield from pieces
        return
    colors, columns, depth = number("Colors", 1), number("Columns", 1), number("BitsPerComponent", 8)
    if predictor not in (2, 10, 11, 12, 13, 14, 15) or depth not in ((8,) if predictor == 2 else (1, 8)):
        raise UnreadStream(name, f"predictor {predictor} of {depth}-bit components")
    if not (0 < colors <= 32 and 0 < columns and colors * columns * depth <= 8 * _ROW):
        raise UnreadStream(name, f"a predictor's rows of {columns} columns of {colors} colours")
    row = (colors * columns * depth + 7) // 8
    if predictor == 2:
        block, held = row * max(1, _SLICE // row), b""
        for piece in pieces:
            held += piece
            whole = len(held) - len(held) % row
            for start in range(0, whole, block):
                yield apply_tiff_predictor(colors, columns, depth, held[start:min(start + block, whole)])
            held = held[whole:]
        if held:  # a last row cut short: what there is of it
            yield apply_tiff_predictor(colors, columns, depth, held + bytes(row - len(held)))[:len(held)]
        return
    step, held, last = row + 1, b"", bytes(row)
    block = step * max(1, _SLICE // step)

    def undone(rows: bytes) -> bytes:
        nonlocal last
        try:
            done = apply_png_predictor(predictor, colors, columns, depth, b"\0" + last + rows)[row:]
        except (ValueError, IndexError):
            raise UnreadStream(name, "a PNG predictor row of an unknown type") from None
        if len(done) >= row:
            last = done[-row:]
        return done

    for piece in pieces:
        held += piece
        whole = len(held) - len(held) % step
        for start in range(0, whole, block):
            yield undone(held[start:min(start + block, whole)])
        held = held[whole:]
    if held:
        yield undone(held)


_DECODERS = {
    "FlateDecode": _flate, "Fl": _flate,
    "ASCIIHexDecode": _hex, "AHx": _hex,
    "ASCII85Decode": _a85, "A85": _a85,
    "RunLengthDecode": _run_length, "RL": _run_length,
    "LZWDecode": _lzw, "LZW": _lzw,
}


class _Counter:
    """Operators counted across slices: the last ``_HOLD`` bytes of a slice, which may start one
    (or a name), wait (with one byte before them, for the delimiter) for the next.
    ``shown`` is how many times each name is shown (``Do``); the characters the strings show are
    counted by a :class:`_Strings` up to just past ``characters``, halved where every font the
    stream may use takes two bytes a character (``two_byte``)."""

    def __init__(self, characters: int = 1 << 62, two_byte: bool = False) -> None:
        self.shows = 0
        self.objects = 0
        #: The bytes fed, as unpacked (the caller counts them: ``_Walk._counted``).
        self.size = 0
        self.shown: dict[object, int] = {}
        self._name: object = None
        self._held = b"\n"
        self._two_byte = two_byte
        self._strings = _Strings((characters + 1) * (2 if two_byte else 1))

    @property
    def characters(self) -> int:
        """The characters the strings fed so far show."""
        return self._strings.count // 2 if self._two_byte else self._strings.count

    def feed(self, piece: bytes) -> None:
        self._strings.feed(piece)
        self._operators(piece)

    def _operators(self, piece: bytes) -> None:
        data = self._held + piece
        settled = len(data) - _HOLD  # a match starting before here is judged within data
        since, name = 1, self._name  # names from ``since`` on are the next Do's; ``name`` the one before
        for match in _OPERATOR.finditer(data, 1):
            if match.start() >= settled:
                break
            self.objects += 1
            kind = match.lastgroup
            if kind == "do":
                shown = _last_name(data, since, match.start(), name)
                if shown is not None:
                    self.shown[shown] = self.shown.get(shown, 0) + 1
                since, name = match.end(), None
            elif kind == "show":
                self.shows += 1
        self._name = _last_name(data, since, max(settled, 0), name)
        self._held = data[max(settled - 1, 0):]

    def finish(self) -> int:
        self._operators(b"\n" * (_HOLD + 1))
        self._strings.finish()
        return self.shows


#: Outside a string: where a literal string (``(``), a hex string or dictionary (``<``), a comment
#: (``%``) or an inline image's data (``ID``) may start (one character class: 16 MiB of blanks are
#: passed over in 0.05 s, where an alternation of the tokens took 0.17 s).
_OUTSIDE = re.compile(rb"[(<%I]")
#: A literal string without parentheses or backslashes inside, matched whole.
_SIMPLE = re.compile(rb"\([^()\\]*\)")
#: Inside a literal string: a parenthesis (nesting) or an escape, whole where it is held whole.
_LITERAL = re.compile(rb"[()]|\\(?:[0-7]{1,3}|\r\n|[\s\S])?")
_LINE_END = re.compile(rb"[\r\n]")
#: The end of an inline image's data: ``EI`` between white space (what pdfium looks for too).
_IMAGE_END = re.compile(rb"\sEI(?=[\s])")
_OUT, _LITERAL_STRING, _HEX_STRING, _COMMENT, _IMAGE = range(5)
#: Bytes that stand between other tokens (before an ``ID``), and white space (after it).
_DELIMITERS = b" \t\r\n\f\0)]>"
_WHITE = b" \t\r\n\f\0"


class _Strings:
    """The bytes a stream's strings hold, fed a slice at a time: a literal string's with its
    escapes undone (``\\ddd`` and ``\\x`` one byte, a backslash before a line end none), a hex
    string's digits halved; comments and an inline image's data (``ID`` to ``EI``) passed over.
    Counting stops once ``count`` passes ``limit`` (a stream of a million one-byte strings would
    otherwise cost a second of Python)."""

    def __init__(self, limit: int) -> None:
        self.count = 0
        self._limit = limit
        self._state = _OUT
        self._depth = 0
        self._digits = 0
        #: the last bytes of a slice that wait for the next (an ``ID``, a ``<`` that may start
        #: ``<<``, an escape cut short), read again from ``_skip`` on (the bytes before it: the
        #: delimiter before an ``ID``)
        self._held = b"\n"
        self._skip = 1

    def feed(self, piece: bytes, final: bool = False) -> None:  # noqa: C901, PLR0912 (one state machine)
        if self.count > self._limit:
            return
        data = self._held + piece
        self._held = b""
        at, end = self._skip, len(data)
        self._skip = 0
        while at < end:
            state = self._state
            if state == _OUT:
                match = _OUTSIDE.search(data, at)
                if match is None:
                    self._hold(data)
                    return
                start = at = match.end()
                token = data[start - 1]
                if token == 0x28:  # (
                    simple = _SIMPLE.match(data, start - 1)
                    if simple is not None:
                        self.count += simple.end() - start - 1
                        at = simple.end()
                        if self.count > self._limit:
                            return
                    else:
                        self._state, self._depth = _LITERAL_STRING, 1
                elif token == 0x3C:  # <
                    if at == end and not final:
                        self._held, self._skip = data[-1:], 0
                        return
                    if at < end and data[at] == 0x3C:
                        at += 1  # a dictionary: read on after its ``<<``
                    else:
                        self._state, self._digits = _HEX_STRING, 0
                elif token == 0x25:  # %
                    self._state = _COMMENT
                elif (start >= 2 and data[start - 2] in _DELIMITERS and start < end
                      and data[start] == 0x44 and start + 1 < end and data[start + 1] in _WHITE):  # ID
                    self._state, at = _IMAGE, start + 1
                elif start + 2 > end and not final:  # an I at the end, or ID: wait for the next bytes
                    self._hold(data)
                    return
            elif state == _LITERAL_STRING:
                match = _LITERAL.search(data, at)
                if match is None:
                    self.count += end - at
                    break
                self.count += match.start() - at
                token = match[0]
                if token.startswith(b"\\") and match.end() == end and not final:
                    self._held = data[match.start():]  # an escape that may go on in the next slice
                    return
                at = match.end()
                if token == b"(":
                    self._depth += 1
                    self.count += 1
                elif token == b")":
                    self._depth -= 1
                    if self._depth:
                        self.count += 1
                    else:
                        self._state = _OUT
                elif token[1:] not in (b"\r", b"\n", b"\r\n", b""):
                    self.count += 1
            elif state == _HEX_STRING:
                close = data.find(b">", at)
                stop = end if close < 0 else close
                self._digits += len(data[at:stop].translate(None, _NOT_HEX))
                if close < 0:
                    break
                self.count += (self._digits + 1) // 2
                self._state, at = _OUT, close + 1
            elif state == _COMMENT:
                match = _LINE_END.search(data, at)
                if match is None:
                    break
                self._state, at = _OUT, match.end()
            else:
                match = _IMAGE_END.search(data, max(at - 1, 0))
                if match is None:
                    self._held = data[max(end - 3, 0):]  # an ``EI`` cut short, and the byte before it
                    return
                self._state, at = _OUT, match.end()
        if self._state == _OUT:
            self._hold(data)

    def _hold(self, data: bytes) -> None:
        """Outside a string at the end of ``data``: hold an ``ID`` it may end with, cut short, and
        the byte before it."""
        tail = 2 if data.endswith(b"ID") else 1 if data.endswith(b"I") else 0
        self._held = data[max(len(data) - tail - 1, 0):]
        self._skip = len(self._held) - tail

    def finish(self) -> None:
        self.feed(b"", final=True)


def _last_name(data: bytes, start: int, end: int, before: object) -> object:
    """The name whose ``/`` stands last in ``data[start:end]`` (:data:`_UNKNOWN` where it runs to the
    end of what is held: it may go on, and is not read), else ``before``."""
    at = data.rfind(b"/", start, end)
    if at < 0:
        return before
    match = _NAME.match(data, at)
    assert match is not None
    return _UNKNOWN if match.end() == len(data) else _decoded(match[1])


def _decoded(name: bytes) -> str:
    """A name as playa keys a dictionary with it (``#xx`` escapes expanded)."""
    from playa.pdftypes import name_str

    return name_str(_ESCAPE.sub(lambda escape: bytes([int(escape[1], 16)]), name))
