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
caller may add shorter fragments. A file is read in pieces (``read_back``), each piece cut into
words with the last words of the one before, and each run tested by a hash lookup, from the run's
anchor (its longest word) only: the time is linear in the file's size whatever the number of
runs, and memory is bounded by a piece.

How a file is read, decided by its first bytes, never by its name:

- a zip (a .docx, .xlsx, .odt, any archive): each member, its markup's tags taken out (a block
  tag, a paragraph or a cell, is a boundary; an inline one, a Word run, is nothing: a word Word
  split across two runs is one word), by the unpack limits ingest opens a Word file with
  (``ontology.archives``), and at most ``MAX_UNPACKED`` bytes in all; a zip or gzip inside it
  is read the same way, ``_NESTED`` deep;
- a gzip, bzip2 or xz stream: what it unpacks to, at most ``MAX_UNPACKED`` bytes in all;
- a PDF: its bytes as text, and the strings its pages show (``Tj``, ``TJ``, ``'``, ``"``) in
  every stream kept uncompressed or FlateDecode-compressed (``_pdf_shown``: Windows-1252 codes,
  as a simple font's; no font's own encoding or CMap is read);
- an RTF file (``{\rtf``): as text, its control words read (``_rtf_text``);
- anything else as text: UTF-8 always; UTF-16 or UTF-32 by its byte-order mark; and once a piece
  holds NULs, UTF-16 of either order and the bytes without their NULs (ASCII text in UTF-16
  or UTF-32 of either order, at any alignment, as an executable or a database keeps strings).
  Text whose first character is ``<`` is markup: its tags are taken out as in a zip's members.
  ``%XX`` URL escapes are undone by ``words_of``; base64 is not decoded (nothing tells it from
  a long word cheaply and surely).

What cannot be read so (a damaged archive, one past a limit, an encrypted member) is an
InputError naming why: the read-back names the file "not read back", never passes it over.
What is read only as raw bytes is said in ``ReadBack.unread``, for the caller to name: a file
that looks binary (``_looks_binary``: controls past one byte in a hundred, and no UTF-16 or
UTF-32 text) in none of the formats above, save a picture inside an archive whose text is read
(a Word file's logo or thumbnail: ``_PICTURES``); a PDF stream in a filter not decoded (an
image's excepted) or that does not inflate, a font whose codes are no characters (Type0,
Identity), a PDF showing no text read (a scan).
"""

from __future__ import annotations

import base64
import binascii
import bz2
import codecs
import gzip
import hashlib
import html
import io
import lzma
import os
import re
import stat
import unicodedata
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import unquote

from .archives import MAX_MEMBER, unpack_problem
from .errors import InputError

__all__ = ["MAX_UNPACKED", "RUN_ROUNDS", "RUN_WORDS", "ReadBack", "RunHashes", "WordRuns", "read_back", "runs_of", "words_of"]

#: How many words a run of an erased text holds: long enough that a run names the text (eight
#: words in a row are rarely another text's by chance), short enough that a copy of part of a
#: paragraph holds one.
RUN_WORDS = 8
#: The PBKDF2-HMAC-SHA256 rounds of a salted run's hash (``RunHashes``): each guess of a run's
#: text costs this many, about 0.2 ms of one core. A read-back derives one for each distinct run
#: of the project's files whose anchor passes the sieve (some 6,600 for an erasure of
#: examples/riverside-library's SPEC-281300: about 1.4 s more than an unsalted hash).
RUN_ROUNDS = 1000
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
# a run of URL escapes (%27, %E2%80%99)
_PERCENT = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
# two or more characters that are only a boundary whatever stands around them (controls but tab,
# line feed, form feed and carriage return, which end an entity's name; undecodable bytes): a
# binary's filler, as many as its text; one stands for the run, for no escape, entity, word or
# composition reads them
_FILLER = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f\ufffd]{2,}")
# a markup tag; one of these local names is a boundary (a paragraph, a line break, a cell, a row)
_TAG = re.compile(r"<(?:[^<>\"']|\"[^\"]*\"|'[^']*')*>")
_TAG_NAME = re.compile(r"</?\s*(?:[\w.-]+:)?([\w.-]+)")
_BLOCK = frozenset({"p", "h", "br", "tab", "cr", "tc", "tr", "c", "row", "si", "is", "cell", "table-cell", "line-break",
                    "s", "li", "td", "th", "div", "section", "list-item", "txbxcontent", "footnote", "endnote",
                    "comment", "ptab", "sym", "blockquote", "pre", "title", "body"})


def words_of(text: str) -> list[str]:
    """The words of ``text`` as the read-back compares them (the module docstring): the one
    normalisation of an erased text and of a file's text."""
    if _FILLER.search(text):  # a binary's NULs and controls: a run is one boundary, read once
        text = _FILLER.sub("\0", text)
    if "&" in text:
        text = html.unescape(text)
    if "\\" in text:
        text = _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)) if m.group(1) else " ", text)
    if "%" in text:  # a URL's escapes: %27 is ', %E2%80%99 is ’ (UTF-8)
        text = _PERCENT.sub(lambda m: unquote(m.group(), errors="replace"), text)
    if text.isascii():  # what casefold and NFKC make of ASCII, and no format character in it
        return _WORD.findall(text.lower())
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


class RunHashes:
    """Runs of words kept as hashes only, found as ``WordRuns`` finds them: what an erasure keeps
    of its erased text so that a later run can read the project back again once the text is gone
    from everything else (``Erasure.read_back_runs``), never a word of it.

    Each run is kept as its anchor's offset (its longest word's) and its length, a 16-bit hash
    of the anchor (a sieve: many words share it, so it names no word) and a 64-bit hash of the
    whole run. A file's words are each hashed to 16 bits; only where that matches a kept anchor
    is the run around it hashed and looked up. ``encoded``: the form kept in ``erasures.yaml``,
    base64 of 12 bytes a run.

    With a ``salt`` (the erasure's own, random) both hashes are keyed with it and a run's hash is
    PBKDF2-HMAC-SHA256 of ``RUN_ROUNDS`` rounds: a guess of a run's text costs that derivation,
    and a table of guesses made for one record is of no use against another. What stays true of
    any hash of a run: whoever holds a text, or can list the texts it could be, can tell whether
    it was erased; so an erasure keeps no run short or plain enough to list (``engine.erase``).
    Without a salt: the form records kept before (unkeyed BLAKE2b), read as it was written."""

    #: bytes per run kept: offset, length, anchor hash (2), run hash (8)
    _SIZE = 12

    def __init__(self, kept: Iterable[tuple[int, int, bytes, bytes]] = (), *, salt: bytes = b"") -> None:
        self.salt = salt
        # a run's hash, by the run: a file repeats its runs, and a salted one is slow on purpose
        self._hashed: dict[tuple[str, ...], bytes] = {}
        # anchor hash -> (offset, length) -> run hashes
        self._anchors: dict[bytes, dict[tuple[int, int], set[bytes]]] = {}
        self._count = 0
        self.longest = 0
        self._sieve: dict[str, bytes] = {}
        for at, length, anchor, digest in kept:
            bucket = self._anchors.setdefault(anchor, {}).setdefault((at, length), set())
            if digest not in bucket:
                bucket.add(digest)
                self._count += 1
                self.longest = max(self.longest, length)

    @classmethod
    def of(cls, runs: Iterable[Sequence[str]], *, salt: bytes = b"") -> RunHashes:
        """The hashes of ``runs`` keyed with ``salt`` (each of at most 255 words; a longer one is
        left out: a text that long is found by its runs of ``RUN_WORDS`` words)."""
        kept = []
        for run in dict.fromkeys(tuple(run) for run in runs):
            if 0 < len(run) < 256:
                # the longest word without a digit: the sieve's 16 bits then narrow no guess of a code
                at = max(range(len(run)), key=lambda index: (not any(c.isdigit() for c in run[index]), len(run[index])))
                kept.append((at, len(run), _anchor_hash(run[at], salt), _run_hash(run, salt)))
        return cls(kept, salt=salt)

    @classmethod
    def decode(cls, encoded: str, *, salt: bytes = b"") -> RunHashes:
        """Those ``encoded`` keeps, hashed with ``salt``; ValueError when it is not that form."""
        try:
            data = base64.b64decode(encoded.encode("ascii"), validate=True)
        except (binascii.Error, UnicodeEncodeError) as problem:
            raise ValueError(f"not base64 ({problem})") from None
        if len(data) % cls._SIZE:
            raise ValueError(f"{len(data)} bytes, not runs of {cls._SIZE}")
        kept = []
        for start in range(0, len(data), cls._SIZE):
            at, length = data[start], data[start + 1]
            if not 0 <= at < length:
                raise ValueError(f"run {start // cls._SIZE + 1}: its anchor is not inside it")
            kept.append((at, length, data[start + 2:start + 4], data[start + 4:start + 12]))
        return cls(kept, salt=salt)

    @property
    def encoded(self) -> str:
        """The form ``decode`` reads: base64, runs in a fixed order (the same runs, the same text)."""
        rows = sorted(bytes((at, length)) + anchor + digest for anchor, shapes in self._anchors.items()
                      for (at, length), digests in shapes.items() for digest in digests)
        return base64.b64encode(b"".join(rows)).decode("ascii")

    def __len__(self) -> int:
        return self._count

    def found(self, words: Sequence[str], *, first: bool = False) -> set[tuple[str, ...]]:
        """The runs ``words`` holds whose hashes are kept (only the first met, when ``first``)."""
        anchors, sieve, hashed, salt = self._anchors, self._sieve, self._hashed, self.salt
        if len(sieve) > 1 << 16:
            sieve.clear()
        if len(hashed) > 1 << 16:
            hashed.clear()
        hits: set[tuple[str, ...]] = set()
        count = len(words)
        for index, word in enumerate(words):
            anchor = sieve.get(word)
            if anchor is None:
                anchor = sieve[word] = _anchor_hash(word, salt)
            shapes = anchors.get(anchor)
            if not shapes:
                continue
            for (at, length), digests in shapes.items():
                start = index - at
                if start < 0 or start + length > count:
                    continue
                run = tuple(words[start:start + length])
                digest = hashed.get(run)
                if digest is None:
                    digest = hashed[run] = _run_hash(run, salt)
                if digest in digests:
                    hits.add(run)
                    if first:
                        return hits
        return hits


def _anchor_hash(word: str, salt: bytes = b"") -> bytes:
    return hashlib.blake2b(word.encode("utf-8", "surrogatepass"), digest_size=2, key=salt,
                           person=b"inforce-anchor").digest()


def _run_hash(run: Sequence[str], salt: bytes = b"") -> bytes:
    text = "\x1f".join(run).encode("utf-8", "surrogatepass")
    if not salt:  # the form records kept before salts were
        return hashlib.blake2b(text, digest_size=8, person=b"inforce-run").digest()
    return hashlib.pbkdf2_hmac("sha256", text, b"inforce-run\0" + salt, RUN_ROUNDS, dklen=8)


#: What the read-back looks for: runs of words, as words or as their hashes.
Runs = WordRuns | RunHashes


# ---- reading a file --------------------------------------------------------------------------


@dataclass(frozen=True)
class ReadBack:
    """What reading a file back found: whether it holds any of the runs, and what of it was read
    only as raw bytes (``unread``: the file, or its members, in a binary format not decoded, each
    with why), which "none found" cannot vouch for."""

    holds: bool
    unread: tuple[str, ...] = ()


def read_back(path: str | Path, runs: Runs, *, limit: int | None = None) -> ReadBack:
    """Read the regular file at ``path`` for any of ``runs``, as the module docstring says.
    Opened without waiting (a file that would block is an OSError, never a hang).
    ``limit``: an InputError past that many bytes (a file elsewhere a link leads to). OSError
    when it does not read; InputError when it is no regular file, or an archive in it cannot be
    read back (damaged, past a limit, encrypted)."""
    if not len(runs):
        return ReadBack(False)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    with os.fdopen(fd, "rb") as stream:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise InputError("not a regular file", file=str(path))
        if limit is not None and os.fstat(fd).st_size > limit:
            raise InputError(f"over {limit / 2**20:,.1f} MiB", file=str(path))
        reading = _Reading(runs, str(path))
        holds = reading.stream(stream, depth=0, seekable=True)
        return ReadBack(holds, () if holds else tuple(dict.fromkeys(reading.unread)))


class _Reading:
    """One file read back: what it has unpacked so far, counted against ``MAX_UNPACKED``, and
    what of it was read only as raw bytes."""

    def __init__(self, runs: Runs, file: str) -> None:
        self.runs, self.file, self.unpacked = runs, file, 0
        self.unread: list[str] = []
        self.member = ""  # the archive member being read ("" for the file itself)

    def refuse(self, why: str) -> InputError:
        return InputError(why, file=self.file)

    def raw(self, why: str) -> None:
        self.unread.append(f"{self.member}: {why}" if self.member else why)

    def stream(self, stream: BinaryIO, *, depth: int, seekable: bool = False, markup: bool = False) -> bool:
        head = _peek(stream)
        if head.startswith(b"PK\x03\x04") or (head.startswith(b"PK\x05\x06") and seekable):
            return self.zip(stream if seekable else io.BytesIO(self.unpack(stream, MAX_MEMBER, "a zip")), depth)
        if head.startswith(b"\x1f\x8b"):
            return self.compressed(lambda: gzip.GzipFile(fileobj=stream, mode="rb"), "gzip", depth)
        if head.startswith(b"BZh") and head[3:4].isdigit():
            return self.compressed(lambda: bz2.BZ2File(stream), "bzip2", depth)
        if head.startswith(b"\xfd7zXZ\x00"):
            return self.compressed(lambda: lzma.LZMAFile(stream), "xz", depth)
        if head.startswith(b"%PDF-"):
            return self.pdf(stream, depth)
        if head.startswith(b"{\\rtf"):
            return self.text(stream, unpacked=depth > 0, form="rtf")
        return self.text(stream, unpacked=depth > 0, form="markup" if markup else None)

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
        outer = self.member
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
                self.member = f"{outer}/{info.filename}" if outer else info.filename
                with archive.open(info) as member:
                    if self.stream(member, depth=depth + 1, markup=markup):
                        return True
            return False
        except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, ValueError) as problem:
            raise self.refuse(f"a damaged or unreadable zip archive ({problem})") from None
        finally:
            self.member = outer

    def compressed(self, opened: Callable[[], Any], what: str, depth: int) -> bool:
        """A gzip, bzip2 or xz stream: what it unpacks to read as a file is (counted)."""
        if depth >= _NESTED:
            raise self.refuse(f"an archive nested more than {_NESTED} deep")
        try:
            with opened() as unpacked:
                return self.stream(unpacked, depth=depth + 1)
        except (OSError, zlib.error, lzma.LZMAError, EOFError, ValueError) as problem:
            raise self.refuse(f"a damaged {what} stream ({problem})") from None

    def pdf(self, stream: BinaryIO, depth: int) -> bool:
        """A PDF: its bytes as they are (what it keeps uncompressed: its title, an uncompressed
        page), then the text its pages show (``_pdf_shown``) in every stream it keeps
        uncompressed or FlateDecode-compressed. What it cannot read so is said (``raw``): a
        stream in another filter that is no image, one that does not inflate, a font whose codes
        are no characters (Type0, Identity), and a PDF showing no text it reads (a scan)."""
        data = stream.read(MAX_MEMBER + 1)
        if len(data) > MAX_MEMBER:
            raise self.refuse(f"a PDF over {MAX_MEMBER // 2**20} MiB (read whole, its streams found by their dictionaries)")
        if self.text(io.BytesIO(data), unpacked=depth > 0, form=None, known=True):
            return True
        shown = _Decoding("utf-8", None)
        problems: dict[str, None] = {}
        showed = b"Tj" in data or b"TJ" in data
        typed = b"/Type0" in data or b"/Identity" in data
        for dictionary, body in _pdf_streams(data):
            filters = _PDF_FILTER.findall(dictionary.split(b"/DecodeParms")[0])
            if filters and all(f in _PDF_IMAGES for f in filters):
                continue
            if filters == [b"FlateDecode"] and b"/Predictor" not in dictionary:
                try:
                    inflating = zlib.decompressobj()
                    body = inflating.decompress(body, MAX_UNPACKED - self.unpacked + 1)
                except zlib.error as problem:
                    problems[f"a PDF stream that does not inflate ({problem})"] = None
                    continue
                self.count(len(body))
            elif filters:
                problems[f"a PDF stream in {'/'.join(f.decode('ascii', 'replace') for f in filters)}, not decoded"] = None
                continue
            typed = typed or b"/Type0" in body or b"/Identity" in body
            if b"Tj" not in body and b"TJ" not in body:
                continue
            showed = True
            if shown.feed(_pdf_shown(body).encode(), self.runs):
                return True
        if shown.feed(b"", self.runs, final=True):
            return True
        if typed:
            problems["a PDF font whose codes it does not read as characters (Type0/Identity)"] = None
        if not showed:
            problems["a PDF showing no text it reads (a scan, or text in forms it does not decode)"] = None
        for problem in problems:
            self.raw(problem)
        return False

    def text(self, stream: BinaryIO, *, unpacked: bool, form: str | None, known: bool = False) -> bool:
        """``form``: "markup" (tags taken out), "rtf" (control words read) or None: decided by
        the text's first character ("<": markup). ``known``: bytes of a format read elsewhere
        too (never said to be read only as raw bytes)."""
        decodings: list[_Decoding] = []
        wide = False
        first = True
        while piece := stream.read(_PIECE):
            if unpacked:
                self.count(len(piece))
            if first:
                first = False
                codec = next((codec for bom, codec in _BOMS if piece.startswith(bom)), None)
                if form is None and _looks_marked_up(piece, codec):
                    form = "markup"
                decodings.append(_Decoding("utf-8", form))
                if codec is not None:
                    decodings.append(_Decoding(codec, form))
                    wide = codec != "utf-8"
                elif not known and _looks_binary(piece) and not (self.member and piece.startswith(_PICTURES)):
                    self.raw("binary, read only as raw bytes (an image or another format it does not decode)")
            if not wide and b"\0" in piece:  # UTF-16 or UTF-32 without a mark, or strings in a binary
                wide = True
                decodings += [_Decoding("utf-16-le", form), _Decoding("utf-16-be", form),
                              _Decoding("utf-8", form, drop_nuls=True)]
            if any(decoding.feed(piece, self.runs) for decoding in decodings):
                return True
        return any(decoding.feed(b"", self.runs, final=True) for decoding in decodings)


#: Byte-order marks, the longest first (UTF-32-LE's begins with UTF-16-LE's).
_BOMS = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"), (codecs.BOM_UTF16_LE, "utf-16-le"),
         (codecs.BOM_UTF16_BE, "utf-16-be"), (codecs.BOM_UTF8, "utf-8"))
#: Bytes no text holds (C0 controls but tab, line feed, vertical tab, form feed, carriage return
#: and escape; and DEL).
_CONTROLS = bytes([*range(0, 9), *range(14, 27), *range(28, 32), 127])
_WIDE = ("utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be")
#: How a picture begins (PNG, JPEG, GIF, TIFF, BMP, WMF, EMF, WebP): inside an archive whose
#: text is read (a Word, Excel or OpenDocument file), a picture is the document's own (a logo, a
#: thumbnail of its first page), not named; a picture file on its own is.
_PICTURES = (b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"II*\0", b"MM\0*", b"BM", b"\xd7\xcd\xc6\x9a", b"\x01\0\0\0",
             b"RIFF")


def _looks_binary(piece: bytes) -> bool:
    """Whether a file beginning with ``piece`` (without a byte-order mark) is no text: more than
    one byte in a hundred of its first 64 KiB a control no text holds, unless it reads as UTF-16
    or UTF-32 text (one character in a hundred at most a control or undecodable)."""
    sample = piece[:64 << 10]
    if (len(sample) - len(sample.translate(None, _CONTROLS))) * 100 <= len(sample):
        return False
    for codec in _WIDE:
        width = 4 if "32" in codec else 2
        text = sample[:len(sample) - len(sample) % width].decode(codec, errors="replace")
        bad = sum(1 for char in text if char == "\ufffd" or (char < " " and char not in "\t\n\v\f\r\x1b"))
        if text and bad * 100 <= len(text):
            return False
    return True


def _looks_marked_up(piece: bytes, codec: str | None) -> bool:
    """Whether text beginning with ``piece`` is markup (HTML, XML): its first character, past
    blanks and a byte-order mark, is ``<``, in UTF-8, its marked encoding, or UTF-16 without one."""
    sample = piece[:4096]
    for name in ([codec] if codec else ["utf-8", *(_WIDE[:2] if b"\0" in sample else ())]):
        text = sample.decode(name, errors="ignore") if name else ""
        if text.lstrip("\ufeff \t\r\n").startswith("<"):
            return True
    return False


def _peek(stream: BinaryIO) -> bytes:
    peek = getattr(stream, "peek", None)
    if peek is not None:
        head = bytes(peek(8)[:8])
        if len(head) >= 8 or not head:
            return head
    head = stream.read(8)
    stream.seek(-len(head), os.SEEK_CUR)
    return head


# ---- RTF -------------------------------------------------------------------------------------

# a Unicode character (\u8217, a negative one above 32767) with its fallback (?, \'92 or a mark:
# a letter after it is read as text, as with \uc0); a control word with its number and the blank
# ending it; a hexadecimal byte; a control symbol; a brace; a line's end (which RTF ignores)
_RTF = re.compile(r"\\u(-?\d+) ?(?:\\'[0-9a-fA-F]{2}|[^\\{}\sA-Za-z0-9])?|\\([a-zA-Z]+)-?\d* ?|\\'([0-9a-fA-F]{2})"
                  r"|\\([^a-zA-Z])|[{}]|\r\n|\n|\r")
#: Control words that stand for text: a break is a blank, a quote its character; every other
#: is formatting (nothing).
_RTF_WORDS = {"par": " ", "line": " ", "tab": " ", "cell": " ", "row": " ", "sect": " ", "page": " ",
              "column": " ", "nestcell": " ", "lbr": " ", "emspace": " ", "enspace": " ", "qmspace": " ",
              "rquote": "\u2019", "lquote": "\u2018", "rdblquote": "\u201d", "ldblquote": "\u201c",
              "emdash": "\u2014", "endash": "\u2013", "bullet": "\u2022"}
_RTF_SYMBOLS = {"~": "\u00a0", "-": "", "_": "-", "\\": "\\", "{": "{", "}": "}", "\n": " ", "\r": " "}


def _rtf_text(text: str) -> str:
    """RTF's text: control words read (``_RTF_WORDS``), ``\\'92`` and ``\\u8217`` as their
    characters (Windows-1252 for a byte), groups' braces dropped, its lines' ends ignored."""
    def one(match: re.Match[str]) -> str:
        unicode, word, byte, symbol = match.groups()
        if unicode is not None:
            code = int(unicode)
            return chr(code + 65536 if code < 0 else code) if -32768 <= code <= 0x10FFFF else ""
        if word is not None:
            return _RTF_WORDS.get(word, "")
        if byte is not None:
            return bytes([int(byte, 16)]).decode("cp1252", errors="replace")
        if symbol is not None:
            return _RTF_SYMBOLS.get(symbol, "")
        return ""
    return _RTF.sub(one, text)


# ---- PDF -------------------------------------------------------------------------------------

_PDF_STREAM = re.compile(rb"stream(?:\r\n|\n|\r)")
_PDF_FILTER = re.compile(rb"/(FlateDecode|Fl|LZWDecode|LZW|ASCII85Decode|A85|ASCIIHexDecode|AHx|RunLengthDecode|RL"
                         rb"|CCITTFaxDecode|CCF|DCTDecode|DCT|JBIG2Decode|JPXDecode|Crypt)\b")
#: Filters of images: no text to read in them.
_PDF_IMAGES = frozenset({b"CCITTFaxDecode", b"CCF", b"DCTDecode", b"DCT", b"JBIG2Decode", b"JPXDecode"})
# in a content stream: a literal string (one level of balanced parentheses inside), a hex string,
# a number, an array's brackets, an operator
_PDF_TOKEN = re.compile(rb"\((?:\\.|[^\\()]|\((?:\\.|[^\\()])*\))*\)|<[0-9A-Fa-f\s]*>|-?(?:\d+\.?\d*|\.\d+)|[\[\]]"
                        rb"|[A-Za-z'\"*]+", re.S)
_PDF_ESCAPE = re.compile(rb"\\(?:([0-7]{1,3})|(\r\n|\n|\r)|(.))", re.S)
_PDF_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}


def _pdf_streams(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    """Each stream of a PDF: its dictionary (what stands between the object's start and the
    ``stream`` keyword) and its bytes (to ``endstream``)."""
    at = 0
    while match := _PDF_STREAM.search(data, at):
        if data[max(0, match.start() - 3):match.start()] == b"end":
            at = match.end()
            continue
        end = data.find(b"endstream", match.end())
        end = len(data) if end < 0 else end
        start = max(data.rfind(b"obj", 0, match.start()), data.rfind(b"endstream", 0, match.start()), 0)
        yield data[start:match.start()], data[match.end():end]
        at = end


def _pdf_string(token: bytes) -> str:
    if token.startswith(b"<"):
        digits = re.sub(rb"\s", b"", token[1:-1])
        raw = bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode("ascii"))
    else:
        def escape(match: re.Match[bytes]) -> bytes:
            octal, line, char = match.groups()
            if octal is not None:
                return bytes([int(octal, 8) & 0xFF])
            return b"" if line is not None else _PDF_ESCAPES.get(char, char)
        raw = _PDF_ESCAPE.sub(escape, token[1:-1])
    if raw.startswith(b"\xfe\xff"):
        return raw[2:].decode("utf-16-be", errors="replace")
    return raw.decode("cp1252", errors="replace")


def _pdf_shown(content: bytes) -> str:
    """The text a content stream shows: the strings of its ``Tj``, ``'``, ``"`` and ``TJ``
    operators in their order (Windows-1252 bytes, or UTF-16 after its mark), each operator's a
    blank apart; inside a ``TJ`` array the strings join, a blank where it moves on by more than
    200 thousandths of the font's size (a word's gap)."""
    shown: list[str] = []
    operands: list[bytes] = []
    for token in _PDF_TOKEN.findall(content):
        first = token[:1]
        if first in (b"(", b"<", b"[", b"]") or first.isdigit() or first in (b"-", b"."):
            operands.append(token)
            continue
        if token in (b"Tj", b"'", b"\"", b"TJ"):
            parts: list[str] = []
            for operand in operands:
                if operand[:1] in (b"(", b"<"):
                    parts.append(_pdf_string(operand))
                elif token == b"TJ" and operand[:1] not in (b"[", b"]"):
                    parts.append(" " if float(operand) < -200 else "")
            shown.append("".join(parts) + " ")
        operands = []
    return "".join(shown)


class _Decoding:
    """A stream read as one encoding, piece by piece: the text cut into words with the last words
    of the piece before, and a piece's last word (or tag, or entity) held back for the next.
    ``form``: "markup" (tags taken out) or "rtf" (its control words read)."""

    def __init__(self, codec: str, form: str | None, *, drop_nuls: bool = False) -> None:
        self.decoder = codecs.getincrementaldecoder(codec)(errors="replace")
        self.form, self.drop_nuls = form, drop_nuls
        self.held = ""
        self.carry: list[str] = []

    def feed(self, data: bytes, runs: Runs, *, final: bool = False) -> bool:
        if self.drop_nuls:
            data = data.replace(b"\0", b"")
        text = self.held + self.decoder.decode(data, final)
        self.held = ""
        if not final:
            cut = self._cut(text)
            if len(text) - cut <= _HOLD_MAX:
                text, self.held = text[:cut], text[cut:]
        if self.form == "markup":
            text = _markup_free(text)
        elif self.form == "rtf":
            text = _rtf_text(text)
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
        if self.form == "markup":
            opened = text.rfind("<", 0, cut)
            if opened > text.rfind(">", 0, cut):  # the blank is inside a tag: cut before it
                return opened
        return cut
