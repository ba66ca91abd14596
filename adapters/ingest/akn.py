"""Akoma Ntoso acts (2.0 and 3.0) to typed Documents, their metadata read from the XML itself.

The root's namespace tells the version (``_NAMESPACES``) and every lookup goes through it.
Application profiles that follow the standard read as it: LegalDocML.de (``_LDML_DE``, its
own namespace) names works by ELI and elements by ``name-value`` eIds (``provision_path``
with ``dialect="ldml.de"``). A root in any other namespace is another XML dialect: the file
is left out and named (``UnreadableFileError``), never a reason to fail the other documents.
One file is one document: a further ``<act>`` beside the first is a warning naming it.
Where each field comes from (corpus-format.md, "Akoma Ntoso"):

- ``id``: the FRBRWork URI (``FRBRuri``, else ``FRBRthis``) up to its number: country, type,
  [subtype, actor,] date, number, upper-cased and joined by ``-`` (``/ke/act/1997-08-22/3``
  → ``KE-ACT-1997-08-22-3``; a 3.0 ``/akn`` prefix dropped; an ELI's segments after ``eli/``
  up to the document component, ``eli/bund/bgbl-1/1964/s593`` → ``BUND-BGBL-1-1964-S593``).
  Destinations name documents by the same rule (``work_id``), so the two meet. A work
  ``FRBRdate`` that contradicts its URI's date gives way to it, with a warning.
- ``revision``: the version date after ``@`` in the FRBRExpression URI. ``eng@`` with no date
  is the original version, the act as made, dated by its work date. Only failing both is the
  FRBRExpression ``FRBRdate`` read (in the Bungeni 2.0 files it is the day the markup was
  made, 2007-11-23, not a version of the act). ``seq`` is that date as YYYYMMDD, so one
  work's expressions order by date though each file is parsed alone.
- ``issued``: the work date. ``effective``: the ``<temporalData>`` in-force interval of this
  expression (the last starting on or before the version date, else the first), its start
  and end events' dates; without one, ``<lifecycle>``: the last event on or before the
  version date (else the first: an original version predates its commencement), until a
  later ``repeal`` event; without either, the version date and a warning.
- ``recorded``: Akoma Ntoso has no transaction time, and its manifestation date (when the XML
  was made: 2007 for acts of 1989-2003) would hide an act from every earlier ``known_at``; so
  it is the end of the version date, UTC (the contract's reading of a date for a datetime).
- ``kind``: inforce has no kind for legislation: ``amendment`` for an act that carries
  ``<activeModifications>``, else ``other``. ``title``: ``shortTitle``, else ``docTitle``,
  else the FRBRWork ``FRBRname``, else an ``FRBRalias`` that is a name, not a URI; wherever it
  is read from, judged as a metadata title is (the act's first marking place), at that element's
  line (``_judge_title``; with a register row, by the row's access, at the row when it gives it).

Provisions: each hierarchical element (``_PROVISIONS``) with an ``id`` (2.0) or ``eId`` (3.0)
outside quoted text (what an amending act inserts elsewhere is not its own provision) is a
Section, its path read from the id (``provision_path``), its parent the enclosing provision,
its number the ``<num>``, its heading the ``<heading>``. The text layer is the body: one block
per stretch of a provision's own text (number and heading first), blank lines between. A
provision's span runs from its first block through the last block inside it and its text is
that slice, descendants included (``text_layer[span.start:span.end] == text``, as for
Markdown). Side notes (``authorialNote``) and note markers are not the act's text, nor is an
element of another namespace (an extension, an ``xi:include``): that one is named in a warning
(field ``foreign_element``), the words after it read on in its line.

Modifications: each ``<destination>`` of a ``textualMod`` in ``<activeModifications>`` is one
declared Supersedes edge from this revision to that provision (unpinned: whichever version is
in force), ``by`` the provision of this act around what its ``<source>`` hrefs name, effective
when its ``period`` starts, else when this act comes into force. ``repeal`` deletes (full, no
successor), unless it names the words it removes (``<old>``): taking words out of a provision
amends it (partial). ``substitution`` and ``insertion`` are partial, ``replacement`` full with
a successor; other kinds (renumbering, split, join) make no edge, and a warning. The
``<passiveModifications>`` of an amended act say the same from its side: the active edges are
authoritative, the passive ones are only read and handed back (``AknReading.passive``) for a
caller holding both acts to compare. Whether a destination is outside the project is not for
a reader of one file to judge: its edge is returned like any other (see ``target.doc``), and
the ingest links it (``link_modifications``: an act named by another type or date, a provision
the act lacks, an expression that already holds the change, linked to it as consolidated:
named in ``amended_by``, never marked on its words). A destination naming no
provision (the title, the preamble), one that is no Akoma Ntoso URI (a web address, an empty
href), a ``textualMod`` without one and a modification other than ``textualMod`` are
warnings at their line; a period may be the modification's ``period`` or its ``<force>``'s.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lxml import etree

from inforce.ontology import (
    MAX_DOCUMENT_PROVISIONS,
    MAX_SECTION_DEPTH,
    Document,
    InputError,
    Locator,
    Section,
    Supersedes,
    end_of_day_utc,
    parse_date,
)
from inforce.ontology.document import provisions_past_limit
from inforce.ontology.files import read_bounded
from inforce.ontology.numbering import FreeNames
from inforce.ontology.scalars import PATH_SEGMENT, is_document_id

from .metadata import TITLE_HINT, DeclaredEdge, Metadata, effective_access
from .opening import Opening, judge_title
from .parsing import Parser, UnreadableFileError, source_digest, source_name
from .register import Register
from .yamlnodes import NodeReader

__all__ = ["AknReading", "PassiveModification", "provision_path", "read_akoma_ntoso", "work_id"]

#: Akoma Ntoso namespaces by version; 3.0 committee drafts add a suffix to the 3.0 one.
_NAMESPACES = {
    "http://www.akomantoso.org/2.0": "2.0",
    "http://docs.oasis-open.org/legaldocml/ns/akn/3.0": "3.0",
}
_AKN3_DRAFT = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0/"
#: LegalDocML.de, the German federal application profile of Akoma Ntoso 3.0, in its own
#: namespace (one per release: ``http://Inhaltsdaten.LegalDocML.de/1.8.2/``).
_LDML_DE = re.compile(r"http://Inhaltsdaten\.LegalDocML\.de/[0-9][0-9.]*/?")
#: Where each version keeps an element's identifier, the first listed preferred.
_ID_ATTRIBUTES = {"2.0": ("id", "eId"), "3.0": ("eId", "id"), "ldml.de": ("eId",)}
#: The document elements an ``<akomaNtoso>`` may hold.
_DOCUMENT_TYPES = frozenset(
    "act bill amendment amendmentList debate debateReport doc documentCollection judgment"
    " officialGazette portion statement".split()
)
_BODIES = ("body", "mainBody", "judgmentBody", "debateBody", "amendmentBody", "portionBody")

#: Hierarchical elements that are provisions when they carry an identifier.
_PROVISIONS = frozenset(
    "book tome part subpart title subtitle chapter subchapter division subdivision article"
    " section subsection paragraph subparagraph clause subclause rule subrule point item"
    " indent alinea proviso hcontainer level".split()
)
#: What an amending act quotes: text for another act, never provisions of this one.
_QUOTED = frozenset({"quotedStructure", "quotedText", "embeddedStructure", "subFlow"})
#: Not text of the act: side notes and the markers that point at notes.
_SKIPPED = frozenset({"authorialNote", "noteRef", "meta"})
#: The parts of an act before its body, whose words are no provision, read for the opening rule.
_FRONT_PARTS = ("coverPage", "preface", "preamble")
#: Their elements judged as one line each (one holding none of the others).
_FRONT_LINES = frozenset({"p", "block", "line", "td", "th", "li", "longTitle", "docTitle", "formula", "recitals",
                          "recital", "citation", "citations", "container", "tblock"})
#: Line breaks inside a block.
_BREAKS = frozenset({"eol", "eop", "br"})
#: Elements inside a line; every other element starts and ends a line.
_INLINE = frozenset(
    "a abbr affectedDocument b concept date decoration def del docDate docNumber docProponent"
    " docStage docStatus docTitle docType entity event fillIn i inline ins legislature location"
    " marker mmod mod mref object omissis organization outcome person placeholder process"
    " quantity quotedText ref relatedDocument role rref session shortTitle span sub sup term"
    " time u".split()
)

#: Id segment names whose value is the path segment (``sec2`` → ``2``, ``para_a`` → ``a``):
#: AKN 2.0 prefixes and AKN 3.0 eId names.
_NUMBERED = frozenset(
    "sec sub subsec par para sbp subpara itm item art cl cls subcl pnt point ind indent al"
    " alinea rule subrule".split()
)
#: Id segment names above sections: an absolute path ``part-I``; the sections under them
#: keep their own numbers (2.0 ids leave the part out, 3.0 ``chp_1__sec_5`` is ``5``).
_GROUPS = {
    "prt": "part", "part": "part", "subpart": "subpart", "chp": "chapter", "chap": "chapter",
    "subchp": "subchapter", "tit": "title", "tlt": "title", "title": "title", "subtitle": "subtitle",
    "bok": "book", "book": "book", "tome": "tome", "dvs": "division", "subdvs": "subdivision",
}
#: Id segment names kept with their value (``hcontainer_2`` → ``hcontainer-2``).
_NAMED = frozenset({"hcontainer", "level", "proviso"})
#: Containers inside a provision that add nothing to a path (``sec2-sub1-lst1``).
_TRANSPARENT = frozenset({"lst", "list", "blist", "intro", "wrap", "wrapup", "content"})
_SEGMENT_NAMES = sorted(
    {*_NUMBERED, *_GROUPS, *_NAMED, *_TRANSPARENT}, key=lambda name: (-len(name), name)
)
_AKN2_SEGMENT = re.compile(rf"(?P<name>{'|'.join(_SEGMENT_NAMES)})(?P<value>.*)")
#: LegalDocML.de's eId segment names, as the standard's names above.
_LDML_NAMES = {
    "art": "art", "para": "para", "abs": "par", "listenelem": "item", "buch": "book",
    "teil": "part", "kapitel": "chap", "abschnitt": "dvs", "unterabschnitt": "subdvs",
    "titel": "title", "untertitel": "subtitle", "hauptteil": "content", "inhalt": "content",
    "untergl": "list", "liste": "list", "text": "content", "listeneing": "intro",
    "listenschl": "wrapup",
}
#: A LegalDocML.de segment value: a designation (``z20``), an ordinal (``n1``), or, in older
#: releases, the bare number.
_LDML_VALUE = re.compile(r"[zn]?(.*)")
#: An ELI expression's language (``deu``), after which come its document and element.
_LANGUAGE = re.compile(r"[a-z]{3}")
#: AKN 2.0 writes an inserted number ``54A`` as ``54.a``.
_INSERTED = re.compile(r"(?P<base>[0-9]+|[IVXLCDM]+)\.(?P<letter>[a-z]+)")
_SEGMENT = re.compile(PATH_SEGMENT)
_URI_DATE = re.compile(r"\d{4}(?:-\d{2}(?:-\d{2})?)?")
_DATE = re.compile(r"(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})?")
_NOT_LETTERS = re.compile(r"[^a-z]")
#: The in-force concept's names: the standard's, and LegalDocML.de's period of validity.
_IN_FORCE = frozenset({"inforce", "geltungszeit"})
_ID_HINT = "ids such as sec2-sub1 (2.0) or sec_2__subsec_1 (3.0)"
#: A line break the markup asks for (XML text cannot hold NUL).
_BREAK = "\0"

#: Metadata the XML states: a register row may not say otherwise.
_FROM_XML = frozenset({"id", "revision", "issued", "effective"})
#: Children of a modification that may carry its ``period``.
_MOD_PERIODS = ("force", "efficacy", "application", "duration")
#: textualMod type → (scope, successor); a repeal naming ``<old>`` words is partial.
_MOD_KINDS = {
    "repeal": ("full", False),
    "substitution": ("partial", True),
    "insertion": ("partial", True),
    "replacement": ("full", True),
}


@dataclass(frozen=True, slots=True)
class PassiveModification:
    """A ``textualMod`` of ``<passiveModifications>``: this act changed by another.

    Informative only (the amending act's active modification makes the edge): ``target`` is
    the provision of this act it names, ``source`` the amending act (with a path when its
    href names a provision there), ``effective`` the start of its ``period`` if it has one.
    """

    kind: str
    target: Locator
    source: Locator | None
    effective: dt.date | None
    line: int | None


@dataclass(frozen=True, slots=True)
class AknReading:
    """One Akoma Ntoso file read: its Document (active modifications in ``supersedes``), the
    warnings, and the passive modifications it records."""

    document: Document
    warnings: tuple[InputError, ...]
    passive: tuple[PassiveModification, ...]


def read_akoma_ntoso(path: Path, root: Path) -> AknReading:
    """Read one Akoma Ntoso file; raises InputErrors naming every problem in it, or
    UnreadableFileError when its body holds no provision."""
    path, root = Path(path), Path(root)
    parser = _AknParser(path, root, source_name(path, root))
    document, warnings = parser.parse()
    return AknReading(document=document, warnings=tuple(warnings), passive=tuple(parser.passive))


def work_id(uri: str) -> str | None:
    """The document id an Akoma Ntoso work (or expression, or portion) URI names, or None.

    ``/ke/act/1997-08-22/3/main#sec2`` and ``/akn/ke/act/1997-08-22/3/eng@2003-12-19`` are
    both ``KE-ACT-1997-08-22-3``.
    """
    parts, _ = _split_uri(uri)
    work = _work_parts(parts)
    if not work:
        return None
    text = "-".join(work).upper()
    return text if len(text) <= 200 and is_document_id(text) and not text.endswith(".") else None


def provision_path(identifier: str, dialect: str = "") -> str | None:
    """The section path an element id gives, or None when it names no provision.

    AKN 2.0 ids join prefixed segments with ``-`` (``sec34-sub2-itma`` → ``34.2.a``), AKN 3.0
    eIds join ``name_value`` segments with ``__`` (``sec_2__subsec_1`` → ``2.1``). Lists and
    other containers inside a provision add nothing; parts and chapters give ``part-I`` and
    are left out of the paths of the sections under them. LegalDocML.de (``dialect``
    ``ldml.de``) joins ``name-value`` segments with ``_`` and writes a designation ``z20``
    (an ordinal ``n1``): ``art-z20_abs-z1_inhalt-n1_liste-n1_listenelem-n2`` → ``20.1.2``; an
    unnumbered paragraph (``abs-z``) is no provision of its own: ``""``.
    """
    if dialect == "ldml.de":
        pieces = []
        for segment in identifier.split("_"):
            german, _, raw = segment.rpartition("-")
            if german not in _LDML_NAMES:
                return None
            pieces.append((_LDML_NAMES[german], _LDML_VALUE.fullmatch(raw)[1]))  # type: ignore[index]
        if pieces and pieces[-1][0] not in _TRANSPARENT and not pieces[-1][1]:
            return ""
        # an unnumbered paragraph within: the provision around it goes on (art-z1_abs-z_...)
        pieces = [(name, value) if value else ("content", value) for name, value in pieces]
    elif "_" in identifier:
        pieces = [segment.partition("_")[::2] for segment in identifier.split("__")]
    else:
        pieces = []
        for segment in identifier.split("-"):
            match = _AKN2_SEGMENT.fullmatch(segment)
            if match is None:
                return None
            pieces.append((match["name"], match["value"]))
    path: list[str] = []
    grouped = False
    for name, raw in pieces:
        if name in _TRANSPARENT:
            continue
        value = _segment_value(raw)
        if value is None:
            return None
        if name in _GROUPS:  # a group in a group keeps both: title-5.chapter-1
            path, grouped = [*(path if grouped else []), f"{_GROUPS[name]}-{value}"], True
        elif name in _NUMBERED:
            path, grouped = ([value] if grouped else [*path, value]), False
        elif name in _NAMED:
            path, grouped = [*path, f"{name}-{value}"], False
        else:
            return None
    return ".".join(path) or None


def _segment_value(raw: str) -> str | None:
    inserted = _INSERTED.fullmatch(raw)
    value = inserted["base"] + inserted["letter"].upper() if inserted else raw
    return value if value and _SEGMENT.fullmatch(value) else None


def _split_uri(uri: str) -> tuple[list[str], str | None]:
    """An AKN URI's components (``/akn`` dropped) and the element id it names, if any."""
    uri = uri.strip().split("?", 1)[0]
    location, _, fragment = uri.partition("#")
    parts = [part for part in location.split("/") if part]
    if parts and parts[0] == "eli":
        return _split_eli(parts[1:], fragment or None)
    if parts and parts[0] == "akn":
        parts = parts[1:]
    for index, part in enumerate(parts):
        if part.startswith("~"):  # a 3.0 portion: /akn/ke/act/1997/3/~sec_2
            return parts[:index], fragment or part[1:]
    return parts, fragment or None


def _split_eli(parts: list[str], fragment: str | None) -> tuple[list[str], str | None]:
    """An ELI's components (``eli`` dropped) and the element it names: LegalDocML.de writes
    ``eli/bund/bgbl-1/1964/s593/1964-08-05/1/deu/regelungstext-verkuendung-1/EID/9-34.xml``,
    the work, its expression (date, version, language), the document, then the element's eId
    and, at most, a range of characters in it (read as the element: words of it changed)."""
    if parts and parts[-1].endswith(".xml"):
        parts = [*parts[:-1], parts[-1][: -len(".xml")]]
    work = _work_parts(parts)
    rest = parts[len(work):]
    language = next((i for i, part in enumerate(rest) if _LANGUAGE.fullmatch(part)), None)
    if language is None or fragment:
        return parts, fragment
    after = rest[language + 1:]
    if after and _URI_DATE.fullmatch(after[0]):
        after = after[1:]  # a manifestation's date
    element = after[1] if len(after) > 1 else None
    return work + rest[: language + 1], element


def _work_parts(parts: list[str]) -> list[str]:
    """The work's components: country, type, [subtype, actor,] date and number."""
    for index in range(2, len(parts)):
        if _URI_DATE.fullmatch(parts[index]):
            following = parts[index + 1] if index + 1 < len(parts) else ""
            is_number = following and "@" not in following and not following.startswith("!")
            return parts[: index + 2] if is_number and following != "main" else parts[: index + 1]
    return []


@dataclass(slots=True)
class _Interval:
    start: dt.date
    end: dt.date | None
    in_force: bool


@dataclass(slots=True)
class _Layout:
    """The text layer as blocks, and the provisions with the blocks they span."""

    blocks: list[str] = field(default_factory=list)
    pieces: list[str] = field(default_factory=list)
    #: a number without a heading: its first paragraph goes on with it (``(a) the words``)
    glue: bool = False
    #: each provision in document order: its Section fields, its first and last block
    spans: list[list[Any]] = field(default_factory=list)

    def text(self, text: str | None) -> None:
        if text:
            self.pieces.append(text)
            self.glue = self.glue and text.isspace()

    def newline(self) -> None:
        # The XML's own line breaks are only spacing: a line ends where an element says so.
        # a number goes on with its first paragraph, a space between (``(a) the words``)
        self.pieces.append(" " if self.glue else _BREAK)

    def flush(self) -> None:
        lines = (" ".join(line.split()) for line in "".join(self.pieces).split(_BREAK))
        self.pieces, self.glue = [], False
        block = "\n".join(line for line in lines if line)
        if block:
            self.blocks.append(block)

    def sections(self) -> tuple[str, list[Section]]:
        text_layer = "\n\n".join(self.blocks)
        starts = []
        at = 0
        for block in self.blocks:
            starts.append(at)
            at += len(block) + 2
        sections = []
        for fields, first, last in self.spans:
            if last < first:  # nothing in it: an empty span where it stands
                start = end = starts[first] if first < len(starts) else len(text_layer)
            else:
                start, end = starts[first], starts[last] + len(self.blocks[last])
            span = {"start": start, "end": end}
            sections.append(Section(**fields, span=span, text=text_layer[start:end]))
        return text_layer, sections


#: A DOCTYPE's internal subset opening (``<!DOCTYPE akomaNtoso [``).
_INTERNAL_SUBSET = re.compile(rb"<!DOCTYPE[^\[>]*\[")
#: What in an internal subset may hold a ``]>`` that ends nothing — a comment, a processing instruction, a
#: quoted literal — and the ``]>`` that ends it.
_SUBSET_TOKEN = re.compile(rb"<!--.*?-->|<\?.*?\?>|\"[^\"]*\"|'[^']*'|\]\s*>", re.S)
#: A declaration of an entity, and of an attribute list, in a subset whose comments and literals are blanked.
_ENTITY = re.compile(rb"<!ENTITY\s+(?:%\s+)?([^\s>\"']+)\s+(?:(?:SYSTEM|PUBLIC)\s+)?([\"'])")
_ATTLIST = re.compile(rb"<!ATTLIST\s+([^\s>]+)")
#: A reference to an entity in an entity's value (a character reference, ``&#160;``, is none).
_REFERENCE = re.compile(rb"&[^#\s]|%")


def _internal_subset(data: bytes) -> tuple[int, int, bytes] | None:
    """Where the DOCTYPE's internal subset lies in ``data`` (its first and past-last byte) and its
    text with every comment, processing instruction and quoted literal blanked (the same length, line
    breaks kept): a ``]>`` or a declaration inside one of them is none (audit 87 B F1: a comment holding
    ``]>`` hid the declarations after it). None without a subset."""
    opened = _INTERNAL_SUBSET.search(data)
    if opened is None:
        return None
    masked = bytearray()
    at = opened.end()
    for token in _SUBSET_TOKEN.finditer(data, at):
        masked += data[at:token.start()]
        text = token.group()
        if text.startswith(b"]"):
            return opened.end(), token.start(), bytes(masked)
        blank = re.sub(rb"[^\n]", b" ", text)
        masked += text[:1] + blank[1:-1] + text[-1:] if text[:1] in b"\"'" else blank
        at = token.end()
    return opened.end(), len(data), bytes(masked + data[at:])


def _expanding_entity(data: bytes, subset: tuple[int, int, bytes]) -> tuple[str, int] | None:
    """The first entity the subset declares whose value refers to an entity (``<!ENTITY b "&a;&a;">``,
    the shape of an expansion bomb), with the byte it is declared at; None where none does."""
    start, _, masked = subset
    for declared in _ENTITY.finditer(masked):
        opening = start + declared.end() - 1
        closing = data.find(data[opening:opening + 1], opening + 1)
        if closing > opening and _REFERENCE.search(data, opening + 1, closing):
            return declared.group(1).decode(errors="replace"), start + declared.start()
    return None

class _AknParser(Parser):
    """One Akoma Ntoso file: metadata, provisions and modifications from the XML."""

    format = "akoma_ntoso"

    def __init__(self, path: Path, root: Path, file: str, *, register: Register | None = None) -> None:
        super().__init__(path, root, file, register=register)
        self.passive: list[PassiveModification] = []
        self.ns = ""
        self.dialect = ""
        self.id_attributes: tuple[str, ...] = ()
        self.by_id: dict[str, etree._Element] = {}
        self.paths: dict[etree._Element, str] = {}
        self.used: dict[str, int | None] = {}
        self.free_path = FreeNames(self.used)  # a repeated path's suffix (``1-2``)
        self.layout = _Layout()
        self.events: dict[str, tuple[dt.date, str]] = {}
        self.groups: dict[str, list[_Interval]] = {}
        self.in_force: list[_Interval] = []
        self.too_deep = False  # a provision went past MAX_SECTION_DEPTH (one error, at the first)
        self.past_limit = False  # a provision went past MAX_DOCUMENT_PROVISIONS (one error, at the first)
        self.unread_ids: list[tuple[int | None, str]] = []  # (line, id) of provisions whose id gives no path
        #: Each element of another namespace met in the body (``{namespace}name``): how many, the first
        self.foreign: dict[str, list[Any]] = {}

    # -- reading ---------------------------------------------------------------------

    def _parse(self) -> Document | None:
        try:
            # bounded as every input is (64 MiB): ingest refuses a larger file, and lag, which reads an
            # act whole for its metadata, withholds its row without reading it
            data = read_bounded(self.path, what="the Akoma Ntoso file", file=self.file)
        except OSError as exc:
            raise InputError(f"cannot read the file: {exc.strerror}", file=self.file) from None
        act = self._act(data)
        meta = self._child(act, "meta")
        if meta is None:
            raise InputError("no <meta>: an Akoma Ntoso document's metadata lives there",
                             file=self.file, line=act.sourceline)
        self.by_id = {key: e for e in act.iter() if isinstance(e.tag, str) for key in self._ids(e)}
        document_id, work_date = self._work(meta)
        version = self._version(meta, work_date)
        provisions = self._provisions(act)
        if version is None or document_id is None:
            self._judge_front(act)  # no metadata to read: judged as declaring no access
            return None
        self._temporal(meta)
        effective = self._effective(meta, version)
        revision = version.isoformat()
        edges = self._active(meta, document_id, revision, effective["from"])
        self._read_passive(meta, document_id)
        text_layer, sections = provisions
        self._note_attachments(act)
        amends = self._find(meta, "analysis", "activeModifications") is not None
        title, title_at = self._title(act, meta)
        fields = {
            "id": document_id,
            "kind": "amendment" if amends else "other",
            "title": title,
            "revision": revision,
            "seq": int(version.strftime("%Y%m%d")),
            "issued": work_date,
            "effective": effective,
            "recorded": end_of_day_utc(version),
        }
        if self.row is None:
            self.reader = NodeReader(self.file)
            self._judge_front(act)
            self._judge_title(title, title_at)
            metadata: Metadata | None = Metadata(fields={**fields, "access": self._unregistered_access(meta)},
                                                 undeclared=True)
        else:
            metadata = self._registered(fields, meta.sourceline, title_at, act)
        if metadata is None:
            return None
        metadata.edges = [DeclaredEdge(index=i, edge=e, by_node=None) for i, e in enumerate(edges)]
        return self._build(metadata, text_layer=text_layer, provisions=sections,
                           digest=source_digest(data, None, self.row), line=meta.sourceline)

    def _unregistered_access(self, meta: etree._Element) -> tuple[str, ...] | None:
        """The access of an act no register row describes: the XML declares none, so the
        project's ``undeclared_access`` decides (``metadata.effective_access``); ``refuse``: an
        error at its ``<meta>`` line, field ``access``."""
        return effective_access(None, declared=False, refused=lambda message, hint: self.errors.append(
            InputError(message, file=self.file, line=meta.sourceline, field="access", hint=hint)))

    def _judge_title(self, title: str, element: etree._Element | None) -> None:
        """The title of an act no register row describes (so declaring no access), wherever
        ``_title`` read it (a ``shortTitle`` or ``docTitle``, the ``FRBRname``, an ``FRBRalias``):
        the act's first marking place, judged as a metadata title is (``opening.judge_title``, the
        one rule), an error at its element's line, field ``title``, ``reason`` ``"marking"`` (the
        file's access unknown: withheld from askers with groups; audit 84 A F1). A line of the
        front parts already judged there (``_judge_front``) is not told twice."""
        if not title or element is None:
            return
        errors, notes = judge_title(title, access=None, public=False)
        for message in errors:
            self._title_problem(self.errors, InputError(message, file=self.file, line=element.sourceline,
                                                        field="title", hint=TITLE_HINT, reason="marking"))
        for message in notes:
            self._title_problem(self.warnings, InputError(message, file=self.file, line=element.sourceline,
                                                          field="title", hint=TITLE_HINT, reason="marking"))

    def _title_problem(self, problems: list[InputError], problem: InputError) -> None:
        """``problem`` (the title's) added to ``problems`` unless the opening rule already told
        one at its line (the title is a line of the act's front parts: ``_judge_front``)."""
        if not any(p.file == problem.file and p.line == problem.line and p.field == "access"
                   for p in (*self.errors, *self.warnings)):
            problems.append(problem)

    def _registered(self, fields: dict[str, Any], line: int, title_at: etree._Element | None,
                    act: etree._Element) -> Metadata | None:
        """The act's metadata joined with the register's row for its file: the row adds what
        the XML does not say (access, applies_to, changed, on_lapse) and may set kind, title,
        seq and recorded (this reader's defaults); an id, revision, issued or effective it
        gives must agree with the XML's, else an error naming both. The title is judged with
        the access the row declares (``metadata.read_metadata``): a problem in it at the row's
        line when the row gives it, else at the line of the act's element it was read from
        (``title_at``; audit 84 A F2: both were told at a line of the text below, in no file)."""
        assert self.row is not None and self.register is not None
        given = self.row.fields()
        own = {k: v for k, v in fields.items() if v is not None and (k in _FROM_XML or k not in given)}
        text = "".join(f"{name}: {json.dumps(_as_yaml(value))}\n" for name, value in own.items())
        metadata = self._metadata(text, self.file, line_offset=line - 1)
        # the front parts judged by the access the row declares, now told to the opening rule (``_metadata``), as
        # every reader judges its opening (audit 100 A F1: a row's public: true, or access: finance, and the
        # preface's "Internal finance review" judged as in an act declaring no access), before the title is
        # re-homed below, which is not told twice at a line the front parts told
        self._judge_front(act)
        # the act's own fields are read from a text of them, lines ``line`` on: each stands for its
        # <meta>, the title for its element; the row's fields follow them, the register's to answer for
        assert self.reader is not None
        row_from = line + text.count("\n")
        for problems, told in ((self.reader.errors, self.errors), (self.reader.warnings, self.warnings)):
            kept: list[InputError] = []
            for problem in problems:
                if problem.file != self.file:
                    kept.append(problem)
                elif (problem.line or 0) >= row_from:
                    kept.append(self.row.problem(problem, self.register.file))
                elif problem.field == "title" and title_at is not None:
                    problem.line, problem.col = title_at.sourceline, None
                    self._title_problem(told, problem)
                elif problem.field == "access":  # the XML says nothing of access: the row declares it, or nothing does
                    kept.append(self.row.problem(problem, self.register.file))
                else:
                    problem.line = line
                    kept.append(problem)
            problems[:] = kept
        said = re.compile(re.escape(self.file) + r":\d+ says")
        for problem in self.errors:
            problem.message = said.sub(f"{self.file}:{line} says", problem.message)
        return metadata

    def _declared_entity(self, name: str, line: int) -> InputError:
        """The error of an entity the DOCTYPE declares, at the declaration's line."""
        return InputError(
            f"the DOCTYPE declares the entity {name} (no entity is expanded): its "
            "references would be read as nothing in the text, as its words in an attribute",
            file=self.file, line=line,
            hint="remove the DOCTYPE's declarations and write the text itself, or a character "
            "reference such as &#160; for a character")

    def _act(self, data: bytes) -> etree._Element:
        """The document element under ``<akomaNtoso>``; the namespace sets the version."""
        parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
        subset = _internal_subset(data)
        declared_first = _expanding_entity(data, subset) if subset is not None else None
        if declared_first is not None:
            # refused before libxml2 reads the file: entities declared to expand into each other (a billion
            # laughs) were expanded by it until its amplification limit, seconds and memory, then named
            # in its words at the DOCTYPE's first line (audit 86 B L1); other declarations are each named
            # below, with the references to them
            raise self._declared_entity(declared_first[0], data.count(b"\n", 0, declared_first[1]) + 1)
        try:
            root = etree.fromstring(data, parser)
        except etree.XMLSyntaxError as exc:
            line, col = exc.position if exc.position else (exc.lineno, None)
            raise InputError(f"not well-formed XML: {exc.msg}", file=self.file, line=line,
                             col=col or None) from None
        name = etree.QName(root)
        version = _NAMESPACES.get(name.namespace or "")
        if version is None and (name.namespace or "").startswith(_AKN3_DRAFT):
            version = "3.0"
        if version is None and _LDML_DE.fullmatch(name.namespace or ""):
            version = "ldml.de"
        if name.localname != "akomaNtoso" or version is None:
            # an XML dialect this reader does not know: left out and named, never a reason
            # to fail the ingest of the other documents
            found = f"<{name.localname}>" + (f" in {name.namespace}" if name.namespace else "")
            unread = UnreadableFileError(
                f"not an Akoma Ntoso document inforce reads: the root is {found}", file=self.file,
                hint="an Akoma Ntoso file's root is <akomaNtoso> in the namespace "
                + " or ".join(_NAMESPACES) + " (or LegalDocML.de's http://Inhaltsdaten.LegalDocML.de/VERSION/)")
            unread.line = root.sourceline
            raise unread
        dtd = root.getroottree().docinfo.internalDTD
        for declared in dtd.iterentities() if dtd is not None else ():
            # libxml2 expands an entity in an attribute value whatever resolve_entities says
            # (date="&d;" would take its date from the DTD): a declaration is refused as a
            # reference in the text is, at its line
            at = re.search(rb"<!ENTITY\s+(?:%\s+)?" + re.escape(declared.name.encode()) + rb"\b", data)
            self.errors.append(self._declared_entity(declared.name, data.count(b"\n", 0, at.start()) + 1 if at else 1))
        # an attribute list the DOCTYPE declares may give an attribute a default (<!ATTLIST textualMod type CDATA
        # "repeal">), which libxml2 sets on every element that does not write it: a modification with no type would
        # be read as a repeal the file never says (audit 63's F03); a declaration is refused, at its line
        for declared in _ATTLIST.finditer(subset[2]) if subset is not None else ():
            at = subset[0] + declared.start()
            self.errors.append(InputError(
                f"the DOCTYPE declares attributes of <{declared.group(1).decode(errors='replace')}> (no declaration "
                "is read): a default it gives would be read on every element that does not write the attribute",
                file=self.file, line=data.count(b"\n", 0, at) + 1,
                hint="remove the DOCTYPE's declarations and write each attribute where it applies"))
        for entity in root.iter(etree.Entity):
            # entities are never expanded (as Word's reader refuses them), and the text layer
            # reads an unexpanded one as nothing: "A fee of &amount; rand" would lose its fee
            self._error(f"the entity reference &{entity.name}; is not read (no entity is expanded): "
                        "the words it stands for would be lost", entity,
                        hint="write the text itself, or a character reference such as &#160; for "
                        "a character; only XML's own entities (&amp; &lt; &gt; &quot; &apos;) are read")
        self.ns = name.namespace or ""
        self.dialect = version
        self.id_attributes = _ID_ATTRIBUTES[version]
        documents = [child for child in root if isinstance(child.tag, str)]
        if not documents:
            raise InputError("<akomaNtoso> holds no document", file=self.file, line=root.sourceline)
        act, *others = documents
        for other in others:
            # one file is one document: a further act (or <components>) is said, not dropped
            kind = etree.QName(other).localname
            work = self._find(other, "meta", "identification", "FRBRWork")
            label = (self._uri(work)[1] if work is not None else "") or next(iter(self._ids(other)), "")
            self._warn(f"a further <{kind}>{f' {label!r}' if label else ''} in this file is not read: "
                       f"only the first document, the <{etree.QName(act).localname}> at line "
                       f"{act.sourceline}, is", other,
                       hint="give each act its own file under documents/" if kind in _DOCUMENT_TYPES
                       else None)
        return act

    def _work(self, meta: etree._Element) -> tuple[str | None, dt.date | None]:
        work = self._find(meta, "identification", "FRBRWork")
        if work is None:
            self._error("no <FRBRWork> in <identification>: the work names the document", meta)
            return None, None
        uri_element, uri = self._uri(work)
        document_id = work_id(uri) if uri else None
        if not uri:
            self._error("the FRBRWork has no URI (FRBRuri or FRBRthis value)", work,
                        hint="e.g. <FRBRuri value=\"/ke/act/1997-08-22/3\"/>")
        elif document_id is None:
            self._error(f"cannot read a document id from the work URI {uri!r}", uri_element,
                        hint="expected /country/type/date/number, e.g. /ke/act/1997-08-22/3")
        date_element = self._child(work, "FRBRdate")
        work_date = self._date_of(date_element)
        in_uri = [part for part in _work_parts(_split_uri(uri)[0]) if _DATE.fullmatch(part)]
        if in_uri and work_date is not None and in_uri[-1] != work_date.isoformat():
            # the URI names the work; a FRBRdate years from it is a slip of the markup
            self._warn(f"the FRBRWork's FRBRdate {work_date} is not the date of its URI {uri!r}: "
                       f"the work is dated {in_uri[-1]}, as its URI says", date_element)
            work_date = self._date(in_uri[-1], uri_element)
        return document_id, work_date

    def _version(self, meta: etree._Element, work_date: dt.date | None) -> dt.date | None:
        expression = self._find(meta, "identification", "FRBRExpression")
        uri_element, uri = self._uri(expression)
        versions = [part.partition("@")[2] for part in _split_uri(uri)[0] if "@" in part]
        if versions and versions[0]:
            match = _DATE.match(versions[0])
            if match is not None:
                return self._date(match[1], uri_element)
        elif versions and work_date is not None:
            return work_date  # ``eng@``: the original version, the act as made
        own = self._date_of(self._child(expression, "FRBRdate")) if expression is not None else None
        if own is not None:
            return own
        self._error(
            "cannot tell the expression's date: its URI has no @date and it has no FRBRdate",
            expression if expression is not None else meta,
            hint="e.g. <FRBRuri value=\"/ke/act/1997-08-22/3/eng@2003-12-19\"/>",
        )
        return None

    def _temporal(self, meta: etree._Element) -> None:
        """Read the lifecycle's events and the temporal groups' intervals, once."""
        for event in self._findall(meta, "lifecycle", "eventRef"):
            day = self._date_of(event)
            if day is None:
                continue
            self.events.update((key, (day, event.get("type", ""))) for key in self._ids(event))
        for group in self._findall(meta, "temporalData", "temporalGroup"):
            intervals = []
            for interval in self._children(group, "timeInterval"):
                start = self._event_date(interval.get("start"), interval)
                end = self._event_date(interval.get("end"), interval) if interval.get("end") else None
                if start is None:
                    continue
                if end is not None and end <= start:
                    self._error(f"the timeInterval ends ({end}) on or before it starts ({start})",
                                interval)
                    continue
                in_force = self._in_force(interval.get("refersTo", ""))
                intervals.append(_Interval(start, end, in_force))
            self.groups.update((key, intervals) for key in self._ids(group))
            self.in_force += [interval for interval in intervals if interval.in_force]

    def _effective(self, meta: etree._Element, version: dt.date) -> dict[str, dt.date | None]:
        """The expression's in-force period: its temporalData interval, else its lifecycle."""
        if self.in_force:
            intervals = sorted(self.in_force, key=lambda interval: interval.start)
            chosen = next((i for i in reversed(intervals) if i.start <= version), intervals[0])
            return {"from": chosen.start, "until": chosen.end}
        temporal = self._find(meta, "temporalData")
        if temporal is not None:
            self._warn("<temporalData> has no in-force interval; the in-force period is read "
                       "from <lifecycle>", temporal)
        dated = sorted(self.events.values())
        if not dated:
            self._warn(f"no <lifecycle> events or <temporalData>: in force from its version date "
                       f"{version}", meta, hint="add <lifecycle> with its entry into force")
            return {"from": version, "until": None}
        start = next((day for day, _ in reversed(dated) if day <= version), dated[0][0])
        until = next((day for day, kind in dated if kind == "repeal" and day > start), None)
        return {"from": start, "until": until}

    def _event_date(self, reference: str | None, where: etree._Element) -> dt.date | None:
        key = (reference or "").lstrip("#")
        if key in self.events:
            return self.events[key][0]
        self._error(f"timeInterval names event {reference!r}, which <lifecycle> does not hold", where)
        return None

    def _in_force(self, refers_to: str) -> bool:
        """Whether a ``refersTo`` names the in-force concept (``#inforce``, or a TLCConcept
        whose href or showAs says in force)."""
        key = refers_to.lstrip("#")
        concept = self.by_id.get(key)
        names = [key]
        if concept is not None:
            names += [concept.get("href", "").rsplit("/", 1)[-1], concept.get("showAs", "")]
        return any(_NOT_LETTERS.sub("", name.lower()) in _IN_FORCE for name in names)

    def _title(self, act: etree._Element, meta: etree._Element) -> tuple[str, etree._Element | None]:
        """The act's title and the element it is read from (None where it has none)."""
        for name in ("shortTitle", "docTitle"):
            element = next(act.iter(f"{{{self.ns}}}{name}"), None)
            if element is not None and _plain(element):
                return _plain(element), element
        name = self._find(meta, "identification", "FRBRWork", "FRBRname")
        if name is not None and name.get("value"):
            return " ".join(name.get("value", "").split()), name
        for alias in act.iter(f"{{{self.ns}}}FRBRalias"):
            value = alias.get("value", "")
            if value and not value.startswith("/"):
                return " ".join(value.split()), alias
        return "", None

    # -- provisions ------------------------------------------------------------------

    def _provisions(self, act: etree._Element) -> tuple[str, list[Section]]:
        body = next((self._child(act, name) for name in _BODIES if self._child(act, name) is not None), None)
        if body is not None:
            self._walk(body, parent=None, depth=0, quoted=False)
            self.layout.flush()
        self._note_foreign()
        if not self.layout.spans:
            name = "eId" if self.id_attributes[0] == "eId" else "id"
            if self.unread_ids:  # provisions there, none read: named where they are (audit 73 B F1)
                line, identifier = self.unread_ids[0]
                raise UnreadableFileError(
                    f"no provisions in its body: no {name} of its {len(self.unread_ids):,} provision(s) gives a "
                    f"section path (the first, {identifier!r}, at line {line})", file=self.file, line=line,
                    hint=_ID_HINT)
            raise UnreadableFileError(
                f"no provisions in its body (no section, subsection, paragraph or item with an {name})",
                file=self.file,
                hint="give its text in a Markdown document",
            )
        return self.layout.sections()

    def _judge_front(self, act: etree._Element) -> None:
        """The act's cover page, preface and preamble, which hold no provision inforce keeps, read
        for the opening rule (``opening.Opening``, the one rule): access written there is an error
        at its line, never dropped with the words around it (thirteenth audit N7). Judged once the
        access the register's row declares is told (``_registered``; none without a row), as every
        reader's opening is (audit 100 A F1)."""
        judge = Opening(self.file)
        for name in _FRONT_PARTS:
            part = self._child(act, name)
            if part is None:
                continue
            for element in part.iter():
                if not isinstance(element.tag, str) or etree.QName(element).localname not in _FRONT_LINES:
                    continue
                if any(isinstance(inner.tag, str) and etree.QName(inner).localname in _FRONT_LINES
                       for inner in element.iterdescendants()):
                    continue  # its lines are judged one by one
                error = judge.judge(_plain(element), line_no=element.sourceline,
                                    where=f" (in the act's <{name}>)")
                if error is not None:
                    self.errors.append(error)
        self.warnings.extend(judge.notes)

    def _walk(self, element: etree._Element, *, parent: str | None, depth: int, quoted: bool,
              skip: tuple[etree._Element, ...] = ()) -> None:
        layout = self.layout
        for child in element:
            if not isinstance(child.tag, str) or child in skip:  # comments, PIs; num, heading
                layout.text(child.tail)
                continue
            qualified = etree.QName(child)
            if qualified.namespace != self.ns:
                # another vocabulary's element (an extension, MathML, an xi:include): not
                # understood, so not read, and said; the words after it go on in its line (audit 76 B F5)
                self.foreign.setdefault(child.tag, [0, child])[0] += 1
                layout.text(child.tail)
                continue
            name = qualified.localname
            if name in _SKIPPED:
                layout.text(child.tail)
                continue
            path = None if quoted else self._provision_path(child, name)
            if path is not None:
                self._provision(child, path, parent=parent, depth=depth)
            elif name in _BREAKS:
                layout.newline()
            else:
                block = name not in _INLINE
                if block:
                    layout.newline()
                layout.text(child.text)
                self._walk(child, parent=parent, depth=depth, quoted=quoted or name in _QUOTED)
                if block:
                    layout.newline()
            layout.text(child.tail)

    def _note_foreign(self) -> None:
        """One warning for each kind of element of another namespace the body holds (at the
        first's line): it was not read, the text around it was."""
        for tag, (count, first) in self.foreign.items():
            qualified = etree.QName(tag)
            prefix = first.prefix
            shown = f"{prefix}:{qualified.localname}" if prefix else qualified.localname
            times = f"{count:,} elements" if count > 1 else "an element"
            self.warnings.append(InputError(
                f"{times} <{shown}> of another namespace ({qualified.namespace or 'none'}) in the body, "
                f"not Akoma Ntoso: {'their' if count > 1 else 'its'} content is not read, the text around "
                f"{'them' if count > 1 else 'it'} is", file=self.file, line=first.sourceline,
                field="foreign_element",
                hint="give its words as Akoma Ntoso text, or inline elements (<inline>, <span>) around them"))

    def _provision(self, element: etree._Element, path: str, *, parent: str | None, depth: int) -> None:
        if depth >= MAX_SECTION_DEPTH:  # its text would be kept again in each of its ancestors'
            if not self.too_deep:
                self.too_deep = True
                self._error(f"a provision nested {MAX_SECTION_DEPTH + 1} levels deep ({path[:80]!r}): "
                            f"provisions nest at most {MAX_SECTION_DEPTH} levels", element,
                            hint="give its text in the provision above it")
            return
        layout = self.layout
        if len(layout.spans) >= MAX_DOCUMENT_PROVISIONS:  # counted as read: none after it is kept
            if not self.past_limit:
                self.past_limit = True
                self.errors.append(provisions_past_limit(self.file, element.sourceline, f"provision {path[:80]!r}"))
            return
        layout.flush()
        number_element, heading_element = self._child(element, "num"), self._child(element, "heading")
        number = _plain(number_element) if number_element is not None else ""
        heading = _plain(heading_element) if heading_element is not None else ""
        fields = {"path": path, "number": number or None, "heading": heading, "parent": parent,
                  "depth": depth}
        self.paths[element] = path
        slot = [fields, len(layout.blocks), -1]
        layout.spans.append(slot)
        layout.text(" ".join(part for part in (number, heading) if part))
        if heading:
            layout.newline()
        layout.glue = bool(number) and not heading
        layout.text(element.text)
        skip = tuple(e for e in (number_element, heading_element) if e is not None)
        self._walk(element, parent=path, depth=depth + 1, quoted=False, skip=skip)
        layout.flush()
        slot[2] = len(layout.blocks) - 1

    def _provision_path(self, element: etree._Element, name: str) -> str | None:
        """The path of a provision element (unique in the document), or None if it is not one."""
        if name not in _PROVISIONS:
            return None
        identifier = next((element.get(a) for a in self.id_attributes if element.get(a)), None)
        path = None if identifier is None else provision_path(identifier, self.dialect)
        # where its text goes: the provision around it, or with none the document's text outside
        # every section (as a Markdown document's words before its first heading; audit 73 B F1)
        goes = ("is part of the provision around it" if self._enclosing_path(element) is not None
                else "is kept in the document's text, outside every section")
        if identifier is None:
            self._warn(f"a <{name}> without an {self.id_attributes[0]}: its text {goes}", element)
            return None
        if path == "":  # unnumbered (LegalDocML.de ``abs-z``): the text of the one around it
            return None
        if path is None:
            self.unread_ids.append((element.sourceline, identifier))
            self._warn(f"cannot read a section path from the {name} id {identifier!r}: its text {goes}",
                       element, hint=_ID_HINT)
            return None
        if path in self.used:
            candidate = self.free_path(path)
            self._warn(f"section path {path!r} appears again (first at line {self.used[path]}); "
                       f"this one is {candidate!r}", element)
            path = candidate
        self.used[path] = element.sourceline
        return path

    def _enclosing_path(self, element: etree._Element) -> str | None:
        for candidate in (element, *element.iterancestors()):
            if candidate in self.paths:
                return self.paths[candidate]
        return None

    def _note_attachments(self, act: etree._Element) -> None:
        """Attachments (schedules, in this file or another) are not read: said, not skipped."""
        for attachment in self._findall(act, "attachments", "*"):
            if isinstance(attachment.tag, str):
                label = attachment.get("showAs") or attachment.get("src") or attachment.get("href")
                self._warn(f"attachment {label or etree.QName(attachment).localname!r}: not read",
                           attachment)

    # -- modifications ---------------------------------------------------------------

    def _active(self, meta: etree._Element, document_id: str, revision: str,
                in_force: dt.date) -> list[Supersedes]:
        source = Locator(doc=document_id, rev=revision)
        edges: list[Supersedes] = []
        for other in self._findall(meta, "analysis", "activeModifications", "*"):
            kind = etree.QName(other).localname if isinstance(other.tag, str) else "textualMod"
            if kind != "textualMod":
                self._warn(f"<{kind}> {self._name(other)}{' of type ' + repr(other.get('type')) if other.get('type') else ''}"
                           ": not read, inforce makes supersessions from textualMod only", other)
        for mod in self._findall(meta, "analysis", "activeModifications", "textualMod"):
            kind = mod.get("type", "")
            if kind not in _MOD_KINDS:
                self._warn(f"textualMod {self._name(mod)} of type {kind!r}: no supersession is "
                           "made from it", mod, hint="inforce reads " + ", ".join(_MOD_KINDS))
                continue
            scope, successor = _MOD_KINDS[kind]
            if kind == "repeal" and self._child(mod, "old") is not None:
                scope, successor = "partial", True  # words deleted from it: amended, not gone
            effective = self._mod_effective(mod) or in_force
            by = self._by(mod)
            destinations = self._children(mod, "destination")
            if not destinations:
                self._warn(f"textualMod {self._name(mod)} has no <destination>: no supersession is made "
                           "from it", mod)
            for destination in destinations:
                target = self._target(destination, document_id)
                if target is None:
                    continue
                if target.doc == document_id:
                    self._warn(f"textualMod {self._name(mod)} changes this act itself: no "
                               "supersession is made from it", destination)
                    continue
                edges.append(Supersedes(
                    source=source, target=target, scope=scope, effective=effective,
                    by=Locator(doc=document_id, path=by) if by is not None else None,
                    line=destination.sourceline, successor=successor,
                ))
        return edges

    def _read_passive(self, meta: etree._Element, document_id: str) -> None:
        paths = set(self.used)
        for mod in self._findall(meta, "analysis", "passiveModifications", "textualMod"):
            sources = self._children(mod, "source")
            source = None
            if sources and sources[0].get("href"):
                fragment = _split_uri(sources[0].get("href", ""))[1]
                doc = work_id(sources[0].get("href", ""))
                if doc is not None:
                    path = provision_path(fragment, self.dialect) if fragment else None
                    source = Locator(doc=doc, path=path or None)
            for destination in self._children(mod, "destination"):
                target = self._target(destination, document_id)
                if target is None:
                    continue
                if target.doc == document_id and target.path is not None and target.path not in paths:
                    self._warn(f"passive modification of {target.path}, which this act does not "
                               "have", destination)
                self.passive.append(PassiveModification(
                    kind=mod.get("type", ""), target=target, source=source,
                    effective=self._mod_effective(mod), line=mod.sourceline))

    def _mod_effective(self, mod: etree._Element) -> dt.date | None:
        """When a modification takes effect: the start of its ``period`` (its in-force
        interval's, else its first), or None when it has none."""
        period = mod.get("period")
        if not period:  # AKN 3.0 and its profiles may say it in a child: <force period="#g1"/>
            period = next((child.get("period") for child in mod if isinstance(child.tag, str)
                           and etree.QName(child).localname in _MOD_PERIODS and child.get("period")), None)
        if not period:
            return None
        intervals = self.groups.get(period.lstrip("#"))
        if intervals is None:
            self._error(f"period {period!r} names no temporalGroup", mod)
            return None
        starts = [i.start for i in intervals if i.in_force] or [i.start for i in intervals]
        return min(starts, default=None)

    def _by(self, mod: etree._Element) -> str | None:
        """The provision of this act that carries a modification: the deepest one around the
        elements its ``<source>`` hrefs name."""
        found: list[str] = []
        missing: list[str] = []
        for source in self._children(mod, "source"):
            href = source.get("href", "")
            element = self.by_id.get(href[1:]) if href.startswith("#") else None
            if element is None:
                missing.append(href)
                continue
            path = self._enclosing_path(element)
            if path is not None:
                found.append(path)
        if missing:
            self._warn(f"textualMod {self._name(mod)}: source "
                       + ", ".join(map(repr, missing)) + " names no element of this act", mod)
        return max(found, key=lambda path: path.count("."), default=None)

    def _target(self, destination: etree._Element, document_id: str) -> Locator | None:
        href = destination.get("href", "")
        parts, fragment = _split_uri(href)
        doc = document_id if not parts else work_id(href)
        if doc is None:  # a web address, a file, an empty href: a modification left out, as any other
            self._warn(f"destination {href!r} names no act (not an Akoma Ntoso URI): no supersession is "
                       "made from it", destination,
                       hint="expected /country/type/date/number[#id], e.g. /ke/act/1997-08-22/3#sec2")
            return None
        path = None
        if fragment:
            path = provision_path(fragment, self.dialect)
            if path == "":  # an unnumbered paragraph: the provision it belongs to
                path = provision_path(fragment.rpartition("_")[0], self.dialect) or None
                if path is None:
                    return Locator(doc=doc)
            if path is None:
                # the title, the preamble, a heading: words inforce keeps no provision for
                self._warn(f"destination {href!r} names {fragment!r}, which is not a provision (a "
                           "title, a preamble): no supersession is made from it", destination,
                           hint=_ID_HINT)
                return None
        return Locator(doc=doc, path=path)

    # -- lookups and problems --------------------------------------------------------

    def _ids(self, element: etree._Element) -> list[str]:
        return [v for v in (element.get(a) for a in (*self.id_attributes, "wId")) if v]

    def _uri(self, frbr: etree._Element | None) -> tuple[etree._Element | None, str]:
        """An FRBR level's URI element and value: ``FRBRuri``, else ``FRBRthis``."""
        for name in ("FRBRuri", "FRBRthis"):
            element = self._child(frbr, name) if frbr is not None else None
            if element is not None and element.get("value"):
                return element, element.get("value", "")
        return None, ""

    def _child(self, element: etree._Element, name: str) -> etree._Element | None:
        return element.find(f"{{{self.ns}}}{name}")

    def _children(self, element: etree._Element, name: str) -> list[etree._Element]:
        return element.findall(f"{{{self.ns}}}{name}")

    def _find(self, element: etree._Element, *names: str) -> etree._Element | None:
        return element.find("/".join(f"{{{self.ns}}}{name}" for name in names))

    def _findall(self, element: etree._Element, *names: str) -> Iterator[etree._Element]:
        return iter(element.findall("/".join(f"{{{self.ns}}}{name}" for name in names)))

    def _date_of(self, element: etree._Element | None) -> dt.date | None:
        if element is None or not element.get("date"):
            return None
        return self._date(element.get("date", ""), element)

    def _date(self, text: str, element: etree._Element | None) -> dt.date | None:
        match = _DATE.fullmatch(text.strip())  # xs:date: a zone may follow the day
        try:
            return parse_date(match[1] if match else text, file=self.file,
                              line=element.sourceline if element is not None else None)
        except InputError as problem:
            self.errors.append(problem)
            return None

    def _name(self, element: etree._Element) -> str:
        return next(iter(self._ids(element)), "")

    def _error(self, message: str, where: etree._Element | None, *, hint: str | None = None) -> None:
        line = where.sourceline if where is not None else None
        self.errors.append(InputError(message, file=self.file, line=line, hint=hint))

    def _warn(self, message: str, where: etree._Element, *, hint: str | None = None) -> None:
        self.warnings.append(InputError(message, file=self.file, line=where.sourceline, hint=hint))


def _as_yaml(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _as_yaml(item) for key, item in value.items() if item is not None}
    return value.isoformat() if isinstance(value, dt.date) else value


def _plain(element: etree._Element) -> str:
    """An element's words on one line, side notes left out."""
    pieces: list[str] = [element.text or ""]
    for child in element:
        if isinstance(child.tag, str) and etree.QName(child).localname not in _SKIPPED:
            pieces.append(" " if etree.QName(child).localname in _BREAKS else _plain(child))
        pieces.append(child.tail or "")
    return " ".join("".join(pieces).split())
