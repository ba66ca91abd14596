"""How many times a PDF page's content streams show text, counted from the file itself before
pdfium loads the page: pdfium builds every object of a page as it loads it, so a page whose
small compressed stream unpacks to millions of ``(x) Tj`` would cost gigabytes before the
objects could be counted.

The streams are read with playa (which camelot brings, beside pypdfium2) and unpacked a
slice at a time, stopping at the first page past the limit: at most one slice of a stream is
held. Each text-showing operator (``Tj``, ``TJ``, ``'``, ``"``) standing as a token of its own
is counted; one inside a string is counted too, so the count can only be high, never low.
Streams whose filters are other than FlateDecode (or none) are not counted here: pdfium's
count of the loaded page's text objects, which also counts forms each time they are shown,
still holds them to the limit.

An object is read at most once at a time: one whose reading asks for itself (a stream whose
``/Length`` is a reference to that stream, which pdfium reads past) ends the count there, where
playa recursed until Python's limit, and its parser, which takes every error for a syntax error
and tries again, logged that without end (audit 72 B F4).

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
can only be high.
"""

from __future__ import annotations

import logging
import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = ["MAX_FORM_DEPTH", "FormCycle", "FormsTooDeep", "PageCount", "page_counts", "page_text_shows",
           "page_user_units"]

#: A name (the operand a ``Do`` shows), or an operator between delimiters that makes a page
#: object: a text show, ``Do``, a path painted, a shading, an inline image.
_TOKEN = re.compile(
    rb"/(?P<name>(?:#[0-9A-Fa-f]{2}|[^#/%\[\]()<>{}\s])*)"
    rb"|(?<=[\s)\]>])(?:(?P<show>Tj|TJ|'|\")|(?P<do>Do)|(?P<paint>[fBb]\*|[SsfFBb]|sh|BI))(?=[\s(\[<%/])"
)
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


@dataclass(frozen=True, slots=True)
class PageCount:
    """A page's text shows and page objects, forms counted each time they are shown; each
    counted up to just past its limit. ``problem`` is a :class:`FormCycle` or
    :class:`FormsTooDeep` found on the page (the counts then stop there)."""

    shows: int
    objects: int
    problem: Exception | None = None


def page_text_shows(path: Path, limit: int) -> Iterator[tuple[int, int]]:
    """``(page, shows)`` for each page (1-based) in order: :func:`page_counts`' shows."""
    for number, count in page_counts(path, limit, limit):
        yield number, count.shows


def page_counts(path: Path, shows: int, objects: int) -> Iterator[tuple[int, PageCount]]:
    """``(page, count)`` for each page (1-based) in order, its shows counted up to just past
    ``shows`` and its objects up to just past ``objects`` (the caller refuses a page past one,
    or with a ``problem``: its later pages are not read). Where playa cannot read the file or a
    page of it (damage pdfium forgives; AES encryption without the ``cryptography`` package,
    which playa asserts), the pages from there on are not yielded: pdfium's own count then
    applies to them."""
    from playa.exceptions import PDFException

    # playa's warnings ("Circular reference 2 in page tree", "MediaBox ... invalid ..., defaulting
    # to US Letter") are of this count, which pdfium's reading of the page backs: none is the
    # user's to read, and each was printed among ingest's lines (audit 72 B F8)
    logging.getLogger("playa").setLevel(logging.CRITICAL)
    unreadable = (PDFException, ValueError, TypeError, KeyError, IndexError, AssertionError, OSError, _Cycle)
    try:
        file = path.open("rb")
    except OSError:
        return
    with file:
        try:
            document = _document_type()(file)
        except unreadable:
            return
        walk = _Walk(shows, objects)
        pages = enumerate(document.pages, 1)
        while True:
            try:
                number, page = next(pages, (0, None))
                if page is None:
                    return
                count = walk.page(page)
            except unreadable:
                return
            yield number, count


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

    def __init__(self, shows: int, objects: int) -> None:
        self.shows, self.objects = shows, objects
        self._forms: dict[tuple[int, int | None], tuple[int, int]] = {}

    def page(self, page) -> PageCount:  # noqa: ANN001 (playa's Page)
        counter = self._counted(page.streams)
        try:
            shows, objects = self._expand(counter, page.resources, page.pageid, [])
        except (FormCycle, FormsTooDeep) as problem:
            return PageCount(counter.shows, counter.objects, problem)
        return PageCount(shows, objects)

    def _counted(self, streams: Iterator) -> _Counter:
        counter = _Counter()
        for stream in streams:
            for piece in _unpacked(stream):
                counter.feed(piece)
                if counter.shows > self.shows or counter.objects > self.objects:
                    return counter
            counter.feed(b"\n")  # the page's streams read as one, a line apart
        counter.finish()
        return counter

    def _expand(self, counter: _Counter, resources, owner: int | None,  # noqa: ANN001
                showing: list[int]) -> tuple[int, int]:
        """``counter``'s counts with each form it shows counted the times it is shown
        (``showing``: the forms being counted, outermost first)."""
        from playa.pdftypes import ContentStream, resolve1

        shows, objects = counter.shows, counter.objects
        if not counter.shown or shows > self.shows or objects > self.objects:
            return shows, objects
        xobjects = resolve1(resources.get("XObject")) if isinstance(resources, dict) else None
        if not isinstance(xobjects, dict):
            return shows, objects
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
                    inner = self._counted([form])
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
                if shows > self.shows or objects > self.objects:
                    return shows, objects
        return shows, objects


def _name(value: object) -> str | None:
    from playa.pdftypes import PSLiteral, resolve1

    value = resolve1(value)
    return value.name if isinstance(value, PSLiteral) else None


def _unpacked(stream) -> Iterator[bytes]:
    """The stream's bytes, a slice at a time; nothing for a filter this module does not unpack."""
    from playa.pdftypes import LITERALS_FLATE_DECODE

    data = stream.rawdata
    if stream.decipher and stream.objid is not None and stream.genno is not None:
        data = stream.decipher(stream.objid, stream.genno, data, stream.attrs)
    filters = stream.filters
    if not filters:
        yield data
        return
    if len(filters) != 1 or filters[0] not in LITERALS_FLATE_DECODE:
        return
    inflater = zlib.decompressobj()
    pending = data
    try:
        while pending and not inflater.eof:
            yield inflater.decompress(pending, _SLICE)
            pending = inflater.unconsumed_tail
        if not inflater.eof:
            yield inflater.flush()
    except zlib.error:
        return  # a damaged stream: pdfium reads what it can of it, and counts that


class _Counter:
    """Operators counted across slices: the last ``_HOLD`` bytes of a slice, which may start one
    (or a name), wait (with one byte before them, for the delimiter) for the next.
    ``shown`` is how many times each name is shown (``Do``)."""

    def __init__(self) -> None:
        self.shows = 0
        self.objects = 0
        self.shown: dict[object, int] = {}
        self._name: object = None
        self._held = b"\n"

    def feed(self, piece: bytes) -> None:
        data = self._held + piece
        settled = len(data) - _HOLD  # a match starting before here is judged within data
        for match in _TOKEN.finditer(data, 1):
            if match.start() >= settled:
                break
            kind = match.lastgroup
            if kind == "name":
                # a name running to the end of what is held may go on: it is not read
                self._name = _UNKNOWN if match.end() == len(data) else _decoded(match["name"])
            elif kind == "do":
                self.objects += 1
                if self._name is not None:
                    self.shown[self._name] = self.shown.get(self._name, 0) + 1
                self._name = None
            else:
                self.objects += 1
                if kind == "show":
                    self.shows += 1
        self._held = data[max(settled - 1, 0):]

    def finish(self) -> int:
        self.feed(b"\n" * (_HOLD + 1))
        return self.shows


def _decoded(name: bytes) -> str:
    """A name as playa keys a dictionary with it (``#xx`` escapes expanded)."""
    from playa.pdftypes import name_str

    return name_str(_ESCAPE.sub(lambda escape: bytes([int(escape[1], 16)]), name))
