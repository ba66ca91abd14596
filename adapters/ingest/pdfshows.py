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
"""

from __future__ import annotations

import logging
import re
import zlib
from collections.abc import Iterator
from pathlib import Path

__all__ = ["page_text_shows", "page_user_units"]

#: A text-showing operator between delimiters (two bytes at most, so at most two bytes of a
#: slice wait for the next one).
_SHOW = re.compile(rb"(?<=[\s)\]>])(?:Tj|TJ|'|\")(?=[\s(\[<%/])")
#: The most bytes a stream unpacks to at a time.
_SLICE = 1 << 20


def page_text_shows(path: Path, limit: int) -> Iterator[tuple[int, int]]:
    """``(page, shows)`` for each page (1-based) in order, ``shows`` counted up to just past
    ``limit`` (the caller refuses a page past it: its later pages are not read). Where playa
    cannot read the file or a page of it (damage pdfium forgives; AES encryption without the
    ``cryptography`` package, which playa asserts), the pages from there on are not yielded:
    pdfium's own count then applies to them."""
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
        pages = enumerate(document.pages, 1)
        while True:
            try:
                number, page = next(pages, (0, None))
                if page is None:
                    return
                shows = _count(page.streams, limit)
            except unreadable:
                return
            yield number, shows


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


def _count(streams: Iterator, limit: int) -> int:
    counter = _Counter()
    for stream in streams:
        for piece in _unpacked(stream):
            counter.feed(piece)
            if counter.shows > limit:
                return counter.shows
        counter.feed(b"\n")  # the page's streams read as one, a line apart
    return counter.finish()


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
    """Operators counted across slices: the last bytes of a slice, which may start one, wait
    (with one byte before them, for the delimiter) for the next."""

    def __init__(self) -> None:
        self.shows = 0
        self._held = b"\n"

    def feed(self, piece: bytes) -> None:
        data = self._held + piece
        settled = len(data) - 2  # a match starting before here is judged within data
        self.shows += sum(1 for match in _SHOW.finditer(data, 1) if match.start() < settled)
        self._held = data[max(settled - 1, 0):]

    def finish(self) -> int:
        self.feed(b"\n\n")
        return self.shows
