"""The erasure's read-back: whether a file holds a copy of erased text, compared by runs of words.

A copy is rarely byte for byte what the graph held: it is wrapped at other places, pasted from
Word with no-break spaces and soft hyphens, escaped by an HTML report (``&#x27;``, ``&quot;``)
or a JSON file (``\\u2009``), saved by Notepad in UTF-16, kept in a Word file or a gzip. So
both sides are read as words by one function (``words_of``): entities and escapes undone,
case folded (``casefold``, then NFKC), format characters (soft hyphen, zero-width and
direction marks) dropped, and a word is a run of letters and digits; whatever stands between
two words (blanks of any kind, punctuation, a line's end) is only a boundary.

What is looked for is a set of runs of words (``WordRuns``): each erased text contributes
every run of ``RUN_WORDS`` words it holds, or itself whole when shorter (``runs_of``), and the
caller may add shorter fragments. A file is read in pieces (``holds_runs``), each piece cut into
words with the last words of the one before, and each run tested by a hash lookup, from the run's
anchor (its longest word) only: the time is linear in the file's size whatever the number of
runs, and memory is bounded by a piece.

How a file is read, decided by its first bytes, never by its name:

- a zip (a .docx, .xlsx, .odt, any archive): each member, its markup's tags taken out (a block
  tag, a paragraph or a cell, is a boundary; an inline one, a Word run, is nothing: a word Word
  split across two runs is one word), by the unpack limits ingest opens a Word file with
  (``ontology.archives``), and at most ``MAX_UNPACKED`` bytes in all; a zip or gzip inside it
  is read the same way, ``_NESTED`` deep;
- a gzip: its stream, at most ``MAX_UNPACKED`` bytes;
- anything else as text: UTF-8 always; UTF-16 or UTF-32 by its byte-order mark; and once a piece
  holds NULs, UTF-16 of either order and the bytes without their NULs (ASCII text in UTF-16
  or UTF-32 of either order, at any alignment, as an executable or a database keeps strings).

What cannot be read so (a damaged archive, one past a limit, an encrypted member) is an
InputError naming why: the read-back names the file "not read back", never passes it over.
"""

from __future__ import annotations

import codecs
import gzip
import html
import io
import os
import re
import stat
import unicodedata
import zipfile
import zlib
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from .archives import MAX_MEMBER, unpack_problem
from .errors import InputError

__all__ = ["MAX_UNPACKED", "RUN_WORDS", "WordRuns", "holds_runs", "runs_of", "words_of"]

#: How many words a run of an erased text holds: long enough that a run names the text (eight
#: words in a row are rarely another text's by chance), short enough that a copy of part of a
#: paragraph holds one.
RUN_WORDS = 8
#: The most bytes one file's archives or gzip streams may unpack to in all.
MAX_UNPACKED = 4 * MAX_MEMBER
#: How much of a stream is read at once.
_PIECE = 2 << 20
#: The most text held back at a piece's end for the next one (a word, an entity, a tag cut by
#: the boundary); past it the piece is read as it is.
_HOLD_MAX = 64 << 10
#: How deep an archive inside an archive is read.
_NESTED = 3

_WORD = re.compile(r"[^\W_]+")
# format characters a copy may hold inside a word: soft hyphen, zero-width and direction marks,
# the word joiner and invisible operators, the byte-order mark
_INVISIBLE = re.compile("[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]")
# a JSON or Python escape: \u2009 is the character, \n \r \t a boundary
_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|[nrt])")
# a markup tag; one of these local names is a boundary (a paragraph, a line break, a cell, a row)
_TAG = re.compile(r"<(?:[^<>\"']|\"[^\"]*\"|'[^']*')*>")
_TAG_NAME = re.compile(r"</?\s*(?:[\w.-]+:)?([\w.-]+)")
_BLOCK = frozenset({"p", "h", "br", "tab", "cr", "tc", "tr", "c", "row", "si", "is", "cell", "table-cell", "line-break",
                    "s", "li", "td", "th", "div", "section", "list-item", "txbxcontent", "footnote", "endnote",
                    "comment", "ptab", "sym", "blockquote", "pre", "title", "body", "t"})


def words_of(text: str) -> list[str]:
    """The words of ``text`` as the read-back compares them (the module docstring): the one
    normalisation of an erased text and of a file's text."""
    if "&" in text:
        text = html.unescape(text)
    if "\\" in text:
        text = _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)) if m.group(1) else " ", text)
    text = unicodedata.normalize("NFKC", _INVISIBLE.sub("", text.casefold()))
    return _WORD.findall(text)


def runs_of(text: str, *, min_words: int = 1) -> list[tuple[str, ...]]:
    """The runs of words the read-back looks for to find ``text``: each of ``RUN_WORDS`` words
    it holds, or, when it has fewer words (and at least ``min_words``), the text whole."""
    words = words_of(text)
    if len(words) < RUN_WORDS:
        return [tuple(words)] if words and len(words) >= min_words else []
    return [tuple(words[at:at + RUN_WORDS]) for at in range(len(words) - RUN_WORDS + 1)]


def _markup_free(text: str) -> str:
    """``text`` without its tags: a block tag is a blank, any other nothing."""
    def tag(match: re.Match[str]) -> str:
        name = _TAG_NAME.match(match.group())
        return " " if name is None or name.group(1).lower() in _BLOCK else ""
    return _TAG.sub(tag, text)


class WordRuns:
    """A set of runs of words to look for, each found by its anchor (its longest word): a list of
    words is scanned once, looking up each run only where its anchor stands."""

    def __init__(self, runs: Iterable[Sequence[str]] = ()) -> None:
        # anchor word -> (its offset in the run, the run's length) -> the runs
        self._anchors: dict[str, dict[tuple[int, int], set[tuple[str, ...]]]] = {}
        self._count = 0
        self.longest = 0
        for run in runs:
            self.add(run)

    def add(self, run: Sequence[str]) -> None:
        run = tuple(run)
        if not run:
            return
        at = max(range(len(run)), key=lambda index: len(run[index]))
        bucket = self._anchors.setdefault(run[at], {}).setdefault((at, len(run)), set())
        if run not in bucket:
            bucket.add(run)
            self._count += 1
            self.longest = max(self.longest, len(run))

    def __len__(self) -> int:
        return self._count

    def __contains__(self, run: object) -> bool:
        if not isinstance(run, tuple) or not run:
            return False
        at = max(range(len(run)), key=lambda index: len(run[index]))
        return run in self._anchors.get(run[at], {}).get((at, len(run)), ())

    def __iter__(self) -> Iterator[tuple[str, ...]]:
        return iter({run for shapes in self._anchors.values() for runs in shapes.values() for run in runs})

    def found(self, words: Sequence[str], *, first: bool = False) -> set[tuple[str, ...]]:
        """The runs ``words`` holds (only the first met, when ``first``)."""
        anchors = self._anchors
        hits: set[tuple[str, ...]] = set()
        count = len(words)
        for index in [index for index, word in enumerate(words) if word in anchors]:
            for (at, length), runs in anchors[words[index]].items():
                start = index - at
                if start < 0 or start + length > count:
                    continue
                run = tuple(words[start:start + length])
                if run in runs:
                    hits.add(run)
                    if first:
                        return hits
        return hits

    def without(self, texts: Iterable[str]) -> WordRuns:
        """These runs less those any of ``texts`` holds (what a live document holds proves nothing)."""
        held: set[tuple[str, ...]] = set()
        for text in texts:
            held |= self.found(words_of(text))
        return WordRuns(run for run in self if run not in held)


# ---- reading a file --------------------------------------------------------------------------


def holds_runs(path: str | Path, runs: WordRuns, *, limit: int | None = None) -> bool:
    """Whether the regular file at ``path`` holds any of ``runs``, read as the module docstring
    says. Opened without waiting (a file that would block is an OSError, never a hang).
    ``limit``: an InputError past that many bytes (a file elsewhere a link leads to). OSError
    when it does not read; InputError when it is no regular file, or an archive in it cannot be
    read back (damaged, past a limit, encrypted)."""
    if not len(runs):
        return False
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    with os.fdopen(fd, "rb") as stream:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise InputError("not a regular file", file=str(path))
        if limit is not None and os.fstat(fd).st_size > limit:
            raise InputError(f"over {limit / 2**20:,.1f} MiB", file=str(path))
        return _Reading(runs, str(path)).stream(stream, depth=0, seekable=True)


class _Reading:
    """One file read back: what it has unpacked so far, counted against ``MAX_UNPACKED``."""

    def __init__(self, runs: WordRuns, file: str) -> None:
        self.runs, self.file, self.unpacked = runs, file, 0

    def refuse(self, why: str) -> InputError:
        return InputError(why, file=self.file)

    def stream(self, stream: BinaryIO, *, depth: int, seekable: bool = False, markup: bool = False) -> bool:
        head = _peek(stream)
        if head.startswith(b"PK\x03\x04") or (head.startswith(b"PK\x05\x06") and seekable):
            return self.zip(stream if seekable else io.BytesIO(self.unpack(stream, MAX_MEMBER, "a zip")), depth)
        if head.startswith(b"\x1f\x8b"):
            return self.gzip(stream, depth)
        return self.text(stream, unpacked=depth > 0, markup=markup)

    def unpack(self, stream: BinaryIO, most: int, what: str) -> bytes:
        data = stream.read(most + 1)
        if len(data) > most:
            raise self.refuse(f"{what} inside it unpacks to more than {most // 2**20} MiB")
        return data

    def count(self, size: int) -> None:
        self.unpacked += size
        if self.unpacked > MAX_UNPACKED:
            raise self.refuse(f"unpacks to more than {MAX_UNPACKED // 2**20} MiB")

    def zip(self, stream: BinaryIO, depth: int) -> bool:
        if depth >= _NESTED:
            raise self.refuse(f"an archive nested more than {_NESTED} deep")
        try:
            archive = zipfile.ZipFile(stream)
            for info in archive.infolist():
                if info.is_dir():
                    continue
                problem = unpack_problem(info)
                if problem is not None:
                    raise self.refuse(problem)
                if info.flag_bits & 0x1:
                    raise self.refuse(f"{info.filename} is encrypted")
                markup = info.filename.lower().endswith((".xml", ".rels", ".htm", ".html", ".xhtml", ".svg"))
                with archive.open(info) as member:
                    if self.stream(member, depth=depth + 1, markup=markup):
                        return True
            return False
        except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, ValueError) as problem:
            raise self.refuse(f"a damaged or unreadable zip archive ({problem})") from None

    def gzip(self, stream: BinaryIO, depth: int) -> bool:
        if depth >= _NESTED:
            raise self.refuse(f"an archive nested more than {_NESTED} deep")
        try:
            with gzip.GzipFile(fileobj=stream, mode="rb") as unpacked:
                return self.stream(unpacked, depth=depth + 1)  # type: ignore[arg-type]
        except (gzip.BadGzipFile, zlib.error, EOFError) as problem:
            raise self.refuse(f"a damaged gzip stream ({problem})") from None

    def text(self, stream: BinaryIO, *, unpacked: bool, markup: bool) -> bool:
        decodings: list[_Decoding] = [_Decoding("utf-8", markup)]
        wide = False
        first = True
        while piece := stream.read(_PIECE):
            if unpacked:
                self.count(len(piece))
            if first:
                first = False
                for bom, codec in _BOMS:
                    if piece.startswith(bom):
                        decodings.append(_Decoding(codec, markup))
                        wide = codec != "utf-8"
                        break
            if not wide and b"\0" in piece:  # UTF-16 or UTF-32 without a mark, or strings in a binary
                wide = True
                decodings += [_Decoding("utf-16-le", markup), _Decoding("utf-16-be", markup),
                              _Decoding("utf-8", markup, drop_nuls=True)]
            if any(decoding.feed(piece, self.runs) for decoding in decodings):
                return True
        return any(decoding.feed(b"", self.runs, final=True) for decoding in decodings)


#: Byte-order marks, the longest first (UTF-32-LE's begins with UTF-16-LE's).
_BOMS = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"), (codecs.BOM_UTF16_LE, "utf-16-le"),
         (codecs.BOM_UTF16_BE, "utf-16-be"), (codecs.BOM_UTF8, "utf-8"))


def _peek(stream: BinaryIO) -> bytes:
    peek = getattr(stream, "peek", None)
    if peek is not None:
        return bytes(peek(4)[:4])
    head = stream.read(4)
    stream.seek(-len(head), os.SEEK_CUR)
    return head


class _Decoding:
    """A stream read as one encoding, piece by piece: the text cut into words with the last words
    of the piece before, and a piece's last word (or tag, or entity) held back for the next."""

    def __init__(self, codec: str, markup: bool, *, drop_nuls: bool = False) -> None:
        self.decoder = codecs.getincrementaldecoder(codec)(errors="replace")
        self.markup, self.drop_nuls = markup, drop_nuls
        self.held = ""
        self.carry: list[str] = []

    def feed(self, data: bytes, runs: WordRuns, *, final: bool = False) -> bool:
        if self.drop_nuls:
            data = data.replace(b"\0", b"")
        text = self.held + self.decoder.decode(data, final)
        self.held = ""
        if not final:
            cut = self._cut(text)
            if len(text) - cut <= _HOLD_MAX:
                text, self.held = text[:cut], text[cut:]
        if self.markup:
            text = _markup_free(text)
        words = [*self.carry, *words_of(text)]
        if runs.found(words, first=True):
            return True
        keep = runs.longest - 1
        self.carry = words[-keep:] if keep > 0 else []
        return False

    def _cut(self, text: str) -> int:
        """Where the text read so far may be cut: at its last blank, and outside a tag."""
        cut = max(text.rfind(" "), text.rfind("\n"), text.rfind("\t"), text.rfind("\r"))
        if cut < 0:
            return 0
        if self.markup:
            opened = text.rfind("<", 0, cut)
            if opened > text.rfind(">", 0, cut):  # the blank is inside a tag: cut before it
                return opened
        return cut
