"""Deriving what wording implies: supersedes edges from addenda, qualifier cross-references,
and the sections a new revision changed.

Patterns come from rule packs (``supersession`` and ``qualifier`` rules); every derived edge
carries ``origin: rule:<ID>`` so an answer can say which rule read it out of which words.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import re
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ConfigDict

from inforce.ontology import DerivedEdge, Document, Locator, Provision, QualifierLink, Supersedes
from inforce.rules import (
    QualifierRule,
    RuleSet,
    SupersessionRule,
    compile_wording,
    normalize_path,
    normalize_section_number,
)
from inforce.rules.patterns import (
    DOCUMENT_PLACEHOLDERS,
    SHEET_NUMBER,
    WORDING_FLAGS,
    SupersessionPattern,
    candidates,
    compile_phrase,
    has_groups,
    lowered,
    supersession_needs,
    wording_source,
)

from .addenda.actions import read_action, vocabulary

if TYPE_CHECKING:
    from .store import GraphStore

__all__ = [
    "NO_DESIGNATIONS",
    "DerivationResult",
    "Designations",
    "NotUnderstood",
    "QualifierLink",
    "TargetDirectory",
    "agency_codes",
    "derive_changed",
    "derive_supersedes",
    "designations_of",
    "find_qualifiers",
    "make_deriver",
    "normalize_sheet",
    "outline_names",
    "resolve_name",
]

_DIGITS = re.compile(r"(?<!\d)(\d{2})\s?(\d{2})\s?(\d{2})(?:\.(?P<suffix>\d{2}))?(?!\d)")


def normalize_sheet(text: str) -> str:
    """``a-201`` → ``A201``: a sheet number as compared (letters, digits and points only)."""
    return re.sub(r"[^0-9A-Za-z.]", "", text).upper()


_Memo = TypeVar("_Memo")


@dataclass
class TargetDirectory:
    """Which document carries each CSI section number (``033000`` → ``SPEC-033000``, with a
    level suffix ``099123.13``), each five-digit CSI 1995 number (``03300``), each agency code
    (``SP12`` for "SP-12" or "Special Provision No. 12"), each drawing sheet (``A201`` →
    ``DWG-A-201``), and each document's title and first date, for the addendum readers
    (``engine.addenda.references``)."""

    by_number: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # number → [(doc id, kind)]
    by_sheet: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # sheet → [(doc id, kind)]
    by_number5: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # CSI 1995 → [(doc id, kind)]
    by_code: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # agency code → [(doc id, kind)]
    #: each document's title as written, in the order added: what ``designated`` reads designations from
    openings: list[tuple[str, tuple[str, str]]] = field(default_factory=list)
    titles: dict[str, tuple[str, str]] = field(default_factory=dict)  # doc id → (kind, title without its number)
    _by_kinds: dict[tuple[str, ...], dict[str, str]] = field(default_factory=dict, repr=False)
    _memo: dict[tuple[str, tuple[str, ...]], Any] = field(default_factory=dict, repr=False)
    _designated: dict[Designations, tuple[int, dict[str, list[tuple[str, str]]]]] = field(default_factory=dict,
                                                                                          repr=False)

    def designated(self, designations: Designations) -> dict[str, list[tuple[str, str]]]:
        """A document's own designation, as its title opens with it in the words of ``designations`` ("Part 3
        Section VII ...", "Schedule D ...", "Section 4A ..."): ``Designations.keys`` → [(doc id, kind)]. Built
        once per directory and set of words, the documents added since read when next asked."""
        read, table = self._designated.get(designations, (0, {}))
        if read < len(self.openings) and designations:
            for title, entry in self.openings[read:]:
                opening = designations.opening(title)
                if opening is not None:
                    for key in designations.keys(opening, whole=False):
                        _put(table, key, entry)
        self._designated[designations] = (len(self.openings), table)
        return table

    def memo(self, what: str, kinds: Sequence[str], build: Callable[[dict[str, str]], _Memo]) -> _Memo:
        """What ``build`` makes of the titles of ``kinds`` (``titles_of``), built once per directory
        and kept under ``what``: a table every addendum reads (built per addendum, it costs addenda ×
        documents: round 56's document names had made a 5,000-section ingest 13% slower)."""
        key = (what, tuple(kinds))
        if key not in self._memo:
            self._memo[key] = build(self.titles_of(kinds))
        return self._memo[key]  # type: ignore[no-any-return]

    def titles_of(self, kinds: Sequence[str]) -> dict[str, str]:
        """Doc id → title of every document of ``kinds`` that has one, built once per set of kinds."""
        key = tuple(kinds)
        held = self._by_kinds.get(key)
        if held is None:
            held = self._by_kinds[key] = {doc: title for doc, (kind, title) in self.titles.items()
                                          if kind in kinds and title}
        return held
    since: dict[str, dt.date] = field(default_factory=dict)  # doc id → its earliest effective date

    @classmethod
    def from_documents(cls, documents: Iterable[Document]) -> TargetDirectory:
        directory = cls()
        for document in documents:
            directory.add(document)
        return directory

    @classmethod
    def of_store(cls, store: GraphStore, documents: Iterable[Document] | None = None) -> TargetDirectory:
        """The directory of the revisions the graph holds (``documents``, read back as metadata
        by ``store.documents()``; all of them by default), each indexed as ``add`` indexes it
        parsed: its sections' numbers are read from the graph (``store.section_numbers``), so
        a number written only in a document's body ("SECTION 03 30 00 - CONCRETE") is known
        whether the document was parsed by this ingest or kept from an earlier one. Every
        directory over stored documents is built here (ingest, ``review``, ``rules impact``)."""
        numbers = store.section_numbers()
        directory = cls()
        for document in store.documents() if documents is None else documents:
            directory.add(document, numbers.get(document.uid, ()) if not document.provisions else None)
        return directory

    def add(self, document: Document, numbers: Sequence[str] | None = None) -> None:
        """Index a document under every CSI number its id, title or section numbers carry, and
        under its sheet number. ``numbers``: its sections' numbers where ``document`` is read
        back without its provisions (``of_store``); by default, those of its provisions."""
        if numbers is None:
            numbers = [getattr(p, "number", None) or "" for p in document.provisions]
        self.add_entry(document.id, document.kind, document.title, *numbers)
        start = document.effective.from_
        if document.id not in self.since or start < self.since[document.id]:
            self.since[document.id] = start
        if document.sheet:
            entry = (document.id, document.kind)
            sheet = self.by_sheet.setdefault(normalize_sheet(document.sheet), [])
            if entry not in sheet:
                sheet.append(entry)

    def add_entry(self, doc_id: str, kind: str, *texts: str) -> None:
        """Index a document known only by its metadata (front matter read before parsing)."""
        entry = (doc_id, kind)
        for text in (doc_id, *texts):
            for m in _DIGITS.finditer(text or ""):
                number = m.group(1) + m.group(2) + m.group(3)
                # "09 91 23.13" is its own section (a level below 09 91 23), filed under its suffix only
                _put(self.by_number, number + "." + m["suffix"] if m["suffix"] else number, entry)
        title = texts[0] if texts else ""
        for text in (doc_id, title):
            for m in _FIVE.finditer(text or ""):
                _put(self.by_number5, m.group(1), entry)
        # an agency's code in the id (its "SPEC-" or "DWG-" prefix aside: "SPEC-SS203" is "SS203") or title
        for text in (re.sub(r"^(?:SPEC|DWG|DOC)-", "", doc_id), title):
            for key in agency_codes(text or ""):
                _put(self.by_code, key, entry)
        if title:
            self.openings.append((title, entry))
        bare = _TITLE_NUMBER.sub(" ", title or "")
        bare = " ".join(re.sub(r"^[\s:\-–—,.]+|[\s:\-–—,.]+$", "", bare).split())
        if bare:
            self.titles[doc_id] = (kind, bare)
            self._by_kinds.clear()

    def lookup(self, number: str, kinds: Sequence[str]) -> str | None:
        """The one document of ``kinds`` carrying ``number``; None when none, or more than one, does."""
        return _one(self.by_number.get(number, ()), kinds)

    def lookup_sheet(self, sheet: str, kinds: Sequence[str]) -> str | None:
        """The one document of ``kinds`` that is sheet ``sheet``; None when none, or more than one, is."""
        return _one(self.by_sheet.get(normalize_sheet(sheet), ()), kinds)

    def documents_for(self, table: Mapping[str, list[tuple[str, str]]], key: str, kinds: Sequence[str],
                      as_of: dt.date | None = None) -> list[str]:
        """Every document of ``kinds`` filed under ``key`` in ``table`` (one of the ``by_*``
        tables) that an item dated ``as_of`` can change: its first revision effective before
        that date (a sheet issued with the addendum itself is new, not changed by it)."""
        return sorted({doc for doc, kind in table.get(key, ()) if kind in kinds
                       and (as_of is None or doc not in self.since or self.since[doc] < as_of)})


def section_numbers(document: Document) -> tuple[str, ...]:
    """The numbers of ``document``'s sections long enough to hold a CSI section number, in
    document order: what ``TargetDirectory.add`` indexes of them, as the graph keeps them for a
    revision read back as metadata (``store.section_numbers``)."""
    return tuple(number for p in document.provisions if len(number := getattr(p, "number", None) or "") >= 6)


def _put(table: dict[str, list[tuple[str, str]]], key: str, entry: tuple[str, str]) -> None:
    listed = table.setdefault(key, [])
    if entry not in listed:
        listed.append(entry)


#: A CSI 1995 number (five digits) where a document names itself by one: "Section 03300", "SPEC-03300".
_FIVE = re.compile(r"(?:\bSection\s+|\bSPEC-|^)(\d{5})(?!\d)", re.IGNORECASE)
#: A section number and its word, taken off a title before it is compared with written titles.
_TITLE_NUMBER = re.compile(r"\b(?:Section|Sect\.?|Spec(?:ification)?)?\s*(?:\d{2}\s?\d{2}\s?\d{2}(?:\.\d{2})?|\d{5})\b",
                           re.IGNORECASE)
#: An agency's code: letters and a number ("SP-12", "SP 12", "TS-3.2"), not a CSI number.
_CODE = re.compile(r"(?<![\w.-])([A-Z]{1,5})[- ]?0*(\d{1,4})(?:[.-]0*(\d{1,3}))?(?![\w-])")
#: Words an agency numbers its provisions by, and the code they are read as.
_CODE_WORDS = re.compile(
    r"\b(Special\s+Provisions?|Supplemental\s+Specifications?|Technical\s+Provisions?|Standard\s+Specifications?)"
    r"\s+(?:No\.?\s*|Number\s+|#\s*)?0*(\d{1,4})(?:[.-]0*(\d{1,3}))?\b", re.IGNORECASE)


#: A designation's label, after its word: a roman numeral, a number (and a letter), a letter or two, in the
#: letter case written ("Part 3", "Section VII", "Section 4A", "Schedule-D"); never a CSI number ("Section 03 30 00",
#: "Section 02660") nor a dotted path. What is structure, not language: the words are the pack's (``designations``).
_DESIGNATION_LABEL = r"(?-i:[IVXL]{1,6}|\d{1,3}[A-Z]?|[A-Z]{1,2})"
#: Between a designation's word and its label: a space or a dash, and "No." where an owner writes it ("Schedule No. 3").
_DESIGNATION_GAP = r"(?:[ \t]+|[ \t]*[-–][ \t]*)(?:No\.?[ \t]*)?"
#: Between two designations of one run ("Part 3 Section VII", "Part 3, Section VII", "Part 3 - Section VII").
_DESIGNATION_JOIN = r"[ \t,:\-–]*"
#: A pack word this short (its dot aside) is an abbreviation read only in the letter case written: "Ch 3" and
#: "Ch. 4" (a chapter as a table's column writes it), never a tag "CH-1".
_CASED_WORD = 2


def _cased(word: str) -> str:
    written = re.escape(word)
    return f"(?-i:{written})" if len(word.rstrip(".")) <= _CASED_WORD else written


@dataclass(frozen=True, eq=False)
class Designations:
    """The words by which owners designate the volumes, parts, schedules and sections of their bidding
    documents ("Part 3 Section VII", "Schedule-D", "Section 4A", "Annexure II", "Lampiran 2"), compiled from
    the supersession rules' ``designations`` (``designations_of``: once per pack). ``kinds``: each word,
    lower-cased and its dot aside, → the kind it is read as ("annexure" → "annex"), so a document is
    designated alike in any of the words of its kind."""

    kinds: Mapping[str, str]
    #: one designation: its word and label (``_DESIGNATION_LABEL``), no group
    one: re.Pattern[str]
    #: a run of designations opening a title ("Part 3 Section VII ...")
    title: re.Pattern[str]
    #: a run of designations after the name of the book it divides, at a title's opening ("Employer's
    #: Requirements Chapter 3 Fuel Dock ...", "General Conditions Part 2 ..."): the chapter or part is the
    #: document's own designation, as when the title opens with it
    named: re.Pattern[str]
    #: each designation alone, its word (1) and label (2)
    single: re.Pattern[str]
    #: a run of designations anywhere in an item's words ("Part 3 Section VII", "Schedule-D")
    run: re.Pattern[str]

    def __bool__(self) -> bool:
        return bool(self.kinds)

    def keys(self, text: str, *, whole: bool = True) -> list[str]:
        """The keys of a run of designations ("Part 3 Section VII" → ``PART3/SECTIONVII``, then each
        of its designations alone, the innermost first: ``SECTIONVII``, ``PART3``). With ``whole``
        False (a title's opening) only the run and each designation alone are given, the same."""
        parts = []
        for m in self.single.finditer(text):
            word = m.group(1).lower().rstrip(".")
            parts.append(self.kinds.get(word, word).upper() + m.group(2).upper())
        if not parts:
            return []
        keys = ["/".join(parts)] if len(parts) > 1 else []
        return keys + list(reversed(parts))

    def opening(self, title: str) -> str | None:
        """The run of designations ``title`` opens with (after the name of the book it divides, where one
        comes first); None where it opens with none."""
        opening = self.title.match(title) or self.named.match(title)
        return None if opening is None else opening.group(0)


_NOTHING = "(?!)"


@functools.lru_cache(maxsize=64)
def _designations(written: tuple[tuple[str, tuple[str, ...]], ...]) -> Designations:
    kinds: dict[str, str] = {}
    words: dict[str, str] = {}
    for kind, listed in written:
        for word in listed:
            key = word.lower().rstrip(".")
            kinds.setdefault(key, kind)  # (a word two rules read as two kinds: the first rule's)
            words.setdefault(word, word)
    # the longest words first, so that one word beginning another ("Annex", "Annexure") is read whole
    alternation = "|".join(_cased(word) for word in sorted(words, key=lambda w: (-len(w), w))) or _NOTHING
    word = f"(?:{alternation})"
    one = rf"{word}{_DESIGNATION_GAP}{_DESIGNATION_LABEL}(?![\w.-]|[ \t]\d{{2}}\b)"
    run = rf"{one}(?:{_DESIGNATION_JOIN}{one})*"
    # a title may close its designation with a full stop before its name ("Secção VII. Especificações Técnicas",
    # "Section VI. Technical Specification"): a dot and a space, never a dotted path ("Section 3.1")
    opening = rf"{word}{_DESIGNATION_GAP}{_DESIGNATION_LABEL}(?:(?=\.[ \t])|(?![\w.-]|[ \t]\d{{2}}\b))"
    return Designations(
        kinds=kinds, one=re.compile(one, re.IGNORECASE),
        title=re.compile(rf"\s*{opening}(?:{_DESIGNATION_JOIN}{one})*", re.IGNORECASE),
        named=re.compile(rf"(?:[A-Z][\w'’&-]*[ \t]+){{1,4}}?(?={word}[ \t-])({run})", re.IGNORECASE),
        single=re.compile(rf"({word}){_DESIGNATION_GAP}({_DESIGNATION_LABEL})(?![\w.-])", re.IGNORECASE),
        run=re.compile(rf"\b{one}(?:[ \t]*[,:\-–]?[ \t]*{one})*", re.IGNORECASE))


def designations_of(rules: Iterable[SupersessionRule]) -> Designations:
    """The designation words of ``rules`` (their ``designations``, in the rules' order), compiled once
    per pack: the same words give the same object."""
    return _designations(tuple((kind, tuple(words)) for rule in rules for kind, words in rule.designations.items()))


#: No designation words: nothing is read as a designation.
NO_DESIGNATIONS = _designations(())


def agency_codes(text: str) -> list[str]:
    """The agency codes ``text`` names: ``SP-012`` → ``SP12``; "Special Provision No. 12" →
    ``SP12`` (the words' initials); "TS-3.2" → ``TS3.2``. Leading zeros do not count."""
    keys = []
    for m in _CODE.finditer(text):
        if m.group(1).upper() in ("SPEC", "DWG", "ADD", "CO"):
            continue
        keys.append(m.group(1).upper() + m.group(2) + ("." + m.group(3) if m.group(3) else ""))
    for m in _CODE_WORDS.finditer(text):
        initials = "".join(word[0] for word in m.group(1).split()).upper()
        keys.append(initials + m.group(2) + ("." + m.group(3) if m.group(3) else ""))
    return keys


def _one(entries: Iterable[tuple[str, str]], kinds: Sequence[str]) -> str | None:
    found = sorted({doc for doc, kind in entries if kind in kinds})
    return found[0] if len(found) == 1 else None


def outline_names(document: Document) -> dict[str, str]:
    """Path → name of each section of ``document`` that has one: the words before the first
    colon of its heading (its first line when it has none: "Alternate No. 2: Vehicle Wash
    Bay. ..." → "Alternate No. 2"), or a short heading whole ("SCHEDULE OF ALTERNATES"), or
    the title a long first line runs in with ("Delivery Period. All goods ..." → "Delivery Period").
    What a ``{name}`` is looked up in."""
    names = {}
    for provision in document.provisions:
        if provision.kind != "section":
            continue
        written = provision.heading or provision.text.split("\n", 1)[0]
        heading = " ".join(written.split())
        lead, colon, _ = heading.partition(":")
        name = (lead if colon and len(lead) <= _NAME_LIMIT else heading if len(heading) <= _NAME_LIMIT
                else run_in_title(heading))
        if name:
            names[provision.path] = name
    return names


_NAME_LIMIT = 80

#: A paragraph's own title run into its first sentence ("Delivery Period. All goods shall ..."):
#: up to six words, each capitalised or a small joining word, then a full stop.
_RUN_IN = re.compile(r"((?:[A-Z][\w'&/-]*)(?:\s+(?:[A-Z][\w'&/-]*|of|and|or|the|for|to|in|on|at|by|with)){0,5})\.\s+(?=[A-Z])")


def run_in_title(text: str) -> str:
    """The title a paragraph's first sentence runs in after ("Supplier Qualification. The
    Supplier shall ..." → "Supplier Qualification"); "" where it opens with none."""
    match = _RUN_IN.match(" ".join(text.split()))
    return match.group(1) if match is not None else ""


#: How close a written name must come to a paragraph's (rapidfuzz ratio, 0-100), its numbers equal.
NAME_CUTOFF = 90


def _name_key(text: str) -> str:
    text = re.sub(r"\b(?:number|nos?)\b\.?|#", " no ", text.casefold())
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text).split())


def resolve_name(written: str, names: Mapping[str, str]) -> list[str]:
    """The paths whose name is ``written``: those equal to it once letter case, punctuation and
    "No."/"Number"/"#" are set aside; failing that, those within ``NAME_CUTOFF`` of it
    (rapidfuzz ratio) whose numbers are the same ("Alternate No. 2" is never "Alternate No. 3",
    nor "Alternate No. 2A").
    More than one path is an ambiguous name: the caller reports it, never picks."""
    from rapidfuzz import fuzz

    key = _name_key(written)
    exact = [path for path, name in names.items() if _name_key(name) == key]
    if exact:
        return exact
    numbers = _numbers(key)
    near = [
        path for path, name in names.items()
        if _numbers(_name_key(name)) == numbers and fuzz.ratio(key, _name_key(name)) >= NAME_CUTOFF
    ]
    if near or not numbers:
        return near
    # failing that, a name written short that opens a paragraph's longer one, its numbers first
    # ("Alternate No. 4" names "Alternate No. 4 - Perimeter Fence")
    return [path for path, name in names.items()
            if _name_key(name).startswith(key + " ") and _numbers(_name_key(name))[:len(numbers)] == numbers]


def _numbers(key: str) -> list[str]:
    """The numbers of a name, a letter after one kept: "Hardware Set No. 3A" is not No. 3."""
    return re.findall(r"\d+[a-z]?\b", key)


#: How a written callout number may appear among a sheet's callout ids, in the order tried.
CALLOUT_IDS = ("callout-{n}", "{n}", "keynote-{n}", "note-{n}")


def callout_ids(word: str | None, number: str) -> list[str]:
    """The ids a callout written with ``word`` and ``number`` may have on its sheet: a keynote is
    ``keynote-N``, a note ``note-N``, a detail ``detail-N``; a callout (or a tag) ``callout-N`` or
    ``N``. A number alone never names a callout of another kind ("Keynote 7" is not callout 7). The
    words of the languages the stock pack reads name the same kinds: a Spanish or Portuguese "nota", a Slovak or Czech
    "poznámka", a French, Spanish or Portuguese "détail", "detalle", "detalhe" (round 58), a Japanese "キーノート" (keynote)
    and "詳細" (detail) (round 75), a Slovenian "opomba" (note, round 77), a German "Hinweis" (note, round 79), a Bulgarian "забележка" (note, round 81), an Indonesian "catatan" (note, round 96)."""
    kind = " ".join((word or "callout").lower().split())
    if kind.startswith(("keynote", "key note", "キーノート")):
        return [f"keynote-{number}"]
    if kind.startswith(("detail", "détail", "detalle", "detalhe", "詳細")):
        return [f"detail-{number}"]
    if kind.startswith("profile"):  # a drawing's profile by its number
        return [f"{kind.split()[0].rstrip('s')}-{number}"]
    if kind.endswith(("note", "notes", "nota", "notas", "poznámka", "poznámky", "poznámku", "opomba", "opombe", "opombo",
                         "hinweis", "hinweise", "забележка", "забележки", "catatan")):
        return [f"note-{number}"]
    return [f"callout-{number}", number]


class NotUnderstood(BaseModel):
    """An item that names what it would change but derives no edge: reported, never passed over."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    item: Locator
    rule: str
    words: str  # the item's instruction, as written (its first paragraph, shortened)
    offset: int  # where the item starts in the document's text layer (for its file line)
    #: why, when a rule read the item but could not place what it names (a name that fits no
    #: paragraph, or more than one); None: no wording of the rule reads it
    reason: str | None = None


class DerivationResult(BaseModel):
    """Edges a rule read out of a document's wording, and the references it could not place.

    ``derived`` lists the same edges as ``edges``, in order, each with the words it was read from.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    edges: tuple[Supersedes, ...] = ()
    derived: tuple[DerivedEdge, ...] = ()
    unresolved: tuple[str, ...] = ()
    not_understood: tuple[NotUnderstood, ...] = ()
    #: items read as changing nothing: headings naming the section their sub-items change, and
    #: items whose words say no change is made (paths)
    quiet: tuple[str, ...] = ()


def _heading_context(item: _Item, by_path: dict[str, _Item], headings: Sequence[re.Pattern[str]]) -> dict[str, str]:
    """The section (or sheet) named by the nearest enclosing item whose instruction is a heading
    ("A. Section 034100 "PRECAST STRUCTURAL CONCRETE""), as people nest an addendum's items."""
    parent = item.provision.parent
    while parent is not None:
        enclosing = by_path.get(parent)
        if enclosing is None:
            return {}
        for heading in headings:
            match = enclosing.instruction(heading, heading=True)
            named = {} if match is None else {k: v for k, v in match.groupdict().items()
                                              if v and k in DOCUMENT_PLACEHOLDERS}
            if named:
                return named
        parent = enclosing.provision.parent
    return {}


def _innermost(hits: list[_Hit]) -> list[_Hit]:
    """The hits less any whose item encloses another item naming the same target: the
    innermost item carries the change. Sibling items naming one target each keep theirs
    ("1.3 Revise the first sentence", then "1.4 Delete the paragraph")."""
    by_target: dict[str, list[_Hit]] = {}
    for hit in hits:
        by_target.setdefault(hit.target, []).append(hit)
    kept = []
    for same in by_target.values():
        paths = sorted(hit.provision.path for hit in same)  # (issue 23: bisected, not scanned for each hit)
        kept += [hit for hit in same if not _starts_with(paths, hit.provision.path + ".")]
    return kept


def _starts_with(ordered: Sequence[str], prefix: str) -> bool:
    """Whether one of the sorted strings ``ordered`` starts with ``prefix``."""
    at = bisect_left(ordered, prefix)
    return at < len(ordered) and ordered[at].startswith(prefix)


@dataclass(frozen=True)
class _Hit:
    provision: Provision
    target: str
    scope: str
    rule: str
    words: str
    successor: str


@dataclass
class _Targets:
    """Where a rule's words point: the section and sheet directory, each document's named
    paragraphs (``names``), and whether a locator exists (``has_target``)."""

    directory: TargetDirectory | None
    names: Callable[[str], Mapping[str, str]] | None
    has_target: Callable[[Locator], bool] | None

    def documents(self, rule: SupersessionRule, wording: SupersessionPattern,
                  groups: Mapping[str, str]) -> tuple[list[str], list[str]]:
        """The target documents the groups name, and a note for each written number no
        document of the rule's target kinds carries."""
        by_sheet = wording.target in ("callout", "sheet")
        if by_sheet:
            written = _sheet_list(groups["sheets"]) if "sheets" in groups else [groups.get("sheet", "")]
        else:
            written = [groups.get("section", "")]
        found, missing = [], []
        for value in written:
            key = normalize_sheet(value) if by_sheet else normalize_section_number(value)
            if rule.target_document:
                found.append(rule.target_document.replace("{section}", key).replace("{sheet}", value.strip()))
                continue
            doc = None
            if self.directory is not None and key:
                lookup = self.directory.lookup_sheet if by_sheet else self.directory.lookup
                doc = lookup(key, rule.target_kinds)
            if doc is None:
                table = self.directory.by_sheet if by_sheet else self.directory.by_number
                fits = self.directory.documents_for(table, key, rule.target_kinds) if self.directory is not None else []
                missing.append(
                    f"{'Sheet' if by_sheet else 'Section'} {value} fits {len(fits)} documents ({', '.join(fits[:6])}): "
                    "not guessed" if len(fits) > 1 else
                    f"{'Sheet' if by_sheet else 'Section'} {value} is no document of kind {' or '.join(rule.target_kinds)}")
            else:
                found.append(doc)
        return found, missing

    def provision(self, wording: SupersessionPattern, doc: str, groups: Mapping[str, str]) -> tuple[str | None, str | None]:
        """The target locator in ``doc``, or None and why a name could not be placed."""
        if wording.target in ("section", "sheet"):
            return doc, None
        if wording.target == "callout":
            number = groups["callout"].strip()
            tried = callout_ids(groups.get("callout_word"), number)
            exists = self.has_target
            path = next((p for p in tried if exists is not None and exists(Locator(doc=doc, path=p))), tried[0])
            return f"{doc}#{path}", None
        if "paragraph" in groups:
            return f"{doc}#{normalize_path(groups['paragraph'])}", None
        name = " ".join(groups["name"].split())
        paths = resolve_name(name, self.names(doc) if self.names is not None else {})
        if len(paths) == 1:
            return f"{doc}#{paths[0]}", None
        if not paths:
            return None, f'"{name}" names no paragraph of {doc}'
        return None, f'"{name}" fits more than one paragraph of {doc} ({", ".join(paths)}); not guessed'


def _sheet_list(text: str) -> list[str]:
    return re.findall(SHEET_NUMBER, text)


def derive_supersedes(
    document: Document, rules: Sequence[SupersessionRule] | RuleSet, *,
    directory: TargetDirectory | None = None, has_target: Callable[[Locator], bool] | None = None,
    names: Callable[[str], Mapping[str, str]] | None = None,
    references: Callable[[str], Sequence[str]] | None = None,
) -> DerivationResult:
    """The supersedes edges ``document``'s wording implies under the supersession rules.

    A rule reads each item's own instruction only (``_Item``): its pattern must match at the
    start of the item's own text, within its first paragraph and outside quotation marks, and
    an item whose words say it changes nothing (the rule's ``no_change``) derives nothing. So
    a quoted request, a rejected one, or the words of one item run on into the next cannot
    steer what is in force. Of the patterns that read an item, the first listed alone names
    what it changes (one item, one instruction; a list of sheets is one instruction).

    An edge the document already declares (same target) is not derived again. A named
    section or sheet that no document carries, or a paragraph its document does not have
    (``has_target``), is reported in ``unresolved`` rather than turned into a broken edge. A
    paragraph named by ``{name}`` is looked up in ``names`` (document id → its
    ``outline_names``); one that fits no paragraph, or several, is reported as not understood.

    An item whose own words hold back the change it reads as (a condition, a permission) is
    reported when it names what it would change: a rule's ``mentions`` phrase, or a reference
    ``references`` reads in its instruction (the addenda reader's readers: "OZ 02.02", "paragraaf
    23.1", "Punkt 4.3", whatever notation the pack or the engine knows), the references it returns
    named in the report.
    """
    active = rules.supersession if isinstance(rules, RuleSet) else list(rules)
    targets = _Targets(directory, names, has_target)
    declared = {edge.target.unpinned().format() for edge in document.supersedes}
    items: list[_Item] | None = None
    hits: list[_Hit] = []
    unresolved: list[str] = []
    read: set[str] = set()  # items a rule read: an instruction, or words saying nothing changes
    quiet: set[str] = set()  # of them, headings and items saying nothing changes
    mentioned: dict[str, tuple[_Item, str]] = {}  # items naming what they would change, by path
    misplaced: dict[str, tuple[_Item, str, str]] = {}  # items read whose name could not be placed
    for rule in active:
        if document.kind not in rule.document_kinds:
            continue
        items = items if items is not None else _items(document)
        compiled, headings, no_change, mentions = _compiled_rule(rule)
        by_path = {item.provision.path: item for item in items}
        for item in items:
            path = item.provision.path
            if any(item.instruction(heading, heading=True) is not None for heading in headings):
                read.add(path)  # a heading: its sub-items carry the changes
                quiet.add(path)
                continue
            if path not in mentioned and (mentions and item.names(mentions) or (
                    headings and item.end > item.starts[-1] and _heading_context(item, by_path, headings))):
                # it names what it would change, or sits under a heading that names it
                mentioned[path] = (item, rule.id)
            if item.holds(no_change) and not (said := read_action(item.text, vocabulary(rule), mask=item.quoted)).changes:
                # (a phrase standing in the reason a change verb gives, "Delete Article 2.2 as it
                # repeats Article 2.1", is passed over there: the item changes what it names)
                read.add(path)
                quiet.add(path)
                if any(item.instruction(pattern) is not None for pattern, _ in compiled):
                    # it opens as an instruction, yet its words say nothing changes (rejected, withdrawn,
                    # conditional): derived from nothing, and named for review
                    misplaced.setdefault(path, (item, rule.id, _NO_CHANGE))
                elif (said.ambiguous is not None and said.span is not None and _names_change(item, path, mentioned, references)
                        and ((beside := read_action(item.text, vocabulary(rule), mask=[*item.quoted, said.span])).changes
                             or beside.ambiguous is not None)):
                    # it names what it would change and holds a change verb outside the words saying nothing
                    # changes (held back by a permission, a condition, an earlier addendum's answer): derived
                    # from nothing, named for review with what it names and the words holding it back ("this
                    # restates Section 01 21 00 and changes nothing": no verb beside the words, quiet)
                    misplaced.setdefault(path, (item, rule.id, _held_back(item, mentions, no_change, references)))
                elif (said.ambiguous is not None and said.span is not None and _names_change(item, path, mentioned, references)
                        and (unheld := read_action(item.text, vocabulary(rule).without_no_change,
                                                   mask=item.quoted)).action == "replace"
                        and unheld.span is not None and unheld.span[0] == said.span[0]):
                    # a verb giving the target words anew opening the words that hold it back ("Reinstate the
                    # paragraph as originally issued"): what it gives back is for a person, never quiet (audit 56)
                    misplaced.setdefault(path, (item, rule.id, _held_back(item, mentions, no_change, references)))
                elif path in mentioned and (earlier := _EARLIER_ITEM.search(item.text)) is not None:
                    # "Addendum No. 2, Item 1.3, is withdrawn in its entirety.": the earlier addendum's item, and
                    # the edges it derived, are what the words take back; no rule of the pack changes an
                    # addendum, so it is named for a person (audit 53: it was silent, the edge kept)
                    misplaced.setdefault(path, (item, rule.id, (
                        f"{TAKES_BACK} ({' '.join(earlier.group(0).split())}): the edges that item derived are for a "
                        "person to review (`inforce review`, or the earlier addendum itself)")))
                continue
            seen: set[str] = set()
            for pattern, wording in compiled:
                match = item.instruction(pattern)
                if match is None:
                    continue
                groups = {name: value for name, value in match.groupdict().items() if value}
                if headings and not groups.keys() & {*DOCUMENT_PLACEHOLDERS, "sheets"}:
                    groups.update(_heading_context(item, by_path, headings))
                if not has_groups(groups, supersession_needs(rule, wording, inherit=False)):
                    continue  # under no heading that names its section or sheet: not read
                division = normalize_section_number(groups.get("section", ""))[:2]
                if division in rule.skip_divisions:
                    read.add(path)  # a division the rule leaves alone (bidding requirements): said so
                    misplaced.setdefault(path, (item, rule.id, f"Section {groups['section'].strip()} is in "
                                                f"Division {division}, which {rule.id} does not read"))
                    break
                docs, missing = targets.documents(rule, wording, groups)
                read.add(path)
                unresolved += [f"{document.id}#{path}: {note}" for note in missing]
                words = " ".join(match.group(0).split())
                for doc in docs:
                    target, why = targets.provision(wording, doc, groups)
                    if target is None:
                        misplaced.setdefault(path, (item, rule.id, str(why)))
                        continue
                    if target in seen or target in declared:
                        continue
                    seen.add(target)
                    hits.append(_Hit(item.provision, target, wording.scope, rule.id, words, wording.successor))
                break  # one instruction an item: the first pattern that reads it names what it changes
    edges: list[tuple[Supersedes, str, Locator]] = []
    for hit in _innermost(hits):
        locator = Locator.parse(hit.target)
        if has_target is not None and not has_target(locator):
            unresolved.append(f"{document.id}#{hit.provision.path}: {hit.target}{_LACKING}")
            continue
        item = document.provision_locator(hit.provision.path).unpinned()
        edges.append((Supersedes(
            source=document.locator, target=locator, scope=hit.scope, effective=document.effective.from_,
            by=item, origin=f"rule:{hit.rule}", successor=hit.successor == "item",
        ), hit.words, item))
    edges.sort(key=lambda found: (found[2].format(), found[0].target.format()))
    derived = tuple(
        DerivedEdge(by=item, target=edge.target, scope=edge.scope, rule=edge.origin.removeprefix("rule:"),
                    words=words, successor=edge.successor)
        for edge, words, item in edges
    )
    placed = {item.path for _, _, item in edges}
    not_understood = tuple(
        NotUnderstood(item=document.provision_locator(path).unpinned(), rule=rule_id, words=item.words(),
                      offset=item.provision.span.start)
        for path, (item, rule_id) in mentioned.items() if path not in read
    ) + tuple(
        NotUnderstood(item=document.provision_locator(path).unpinned(), rule=rule_id, words=item.words(),
                      offset=item.provision.span.start, reason=why)
        for path, (item, rule_id, why) in misplaced.items() if path not in placed
    )
    return DerivationResult(edges=tuple(edge for edge, _, _ in edges), derived=derived,
                            unresolved=tuple(dict.fromkeys(unresolved)), not_understood=not_understood,
                            quiet=tuple(sorted(quiet)))


#: How an ``unresolved`` note ends that names a target the project does not hold.
_LACKING = " does not exist"


def lacking_target(note: str) -> Locator | None:
    """The target an ``unresolved`` note says the project does not hold ("ADD-1#2: DOC#4.2.A
    does not exist"); None for any other note."""
    if not note.endswith(_LACKING):
        return None
    return Locator.parse(note[: -len(_LACKING)].rpartition(": ")[2])


_COMPILED: dict[int, tuple[SupersessionRule, tuple]] = {}


def _compiled_rule(rule: SupersessionRule) -> tuple:
    """A rule's wordings, headings, no_change and mentions phrases, compiled once per rule
    object (rules are immutable; the rule is kept with them, so its id is not reused)."""
    held = _COMPILED.get(id(rule))
    if held is None or held[0] is not rule:
        if len(_COMPILED) > 256:
            _COMPILED.clear()
        held = _COMPILED[id(rule)] = (rule, (
            [(_whole_words_of(wording_source(p, supersession_needs(rule, p)), WORDING_FLAGS), p)
             for p in rule.wordings()],
            [compile_wording(p, (DOCUMENT_PLACEHOLDERS,)) for p in rule.headings],
            [compile_phrase(p) for p in rule.no_change],
            [compile_phrase(p) for p in rule.mentions],
        ))
    return held[1]


#: After a pattern's last word: a form of it ("Revise" reads "Revised"), never the start of another
#: word ("{target}: Add" never reads "Addendum No. 4 ...": audit 56).
_WORD_ENDS = r"(?:(?<![^\W\d_])|(?:e?s|e?d|ing)?(?!\w))"


@functools.lru_cache(maxsize=8192)
def _whole_words_of(source: str, flags: int) -> re.Pattern[str]:
    """A wording's pattern (its source, ``rules.patterns.wording_source``) whose last word ends
    where a word does (see ``_WORD_ENDS``); the wording itself is never compiled for it, only
    checked. Compiled once per process for each wording, whatever rule object holds it: a pack read
    again (``rules impact`` reads the old and the new pack and their test cases) compiles
    nothing again, and ``re``'s own cache (512 patterns, shared with every other) does not hold
    a pack's wordings (they were 4.5 s of a 12 s ``rules impact``)."""
    return re.compile(f"(?:{source}){_WORD_ENDS}", flags)


def _unquoted_words(item: _Item) -> str:
    """The item's text with what it quotes blanked (the places kept)."""
    unquoted = list(item.text)
    for start, end in item.quoted:
        unquoted[start:end] = " " * (end - start)
    return "".join(unquoted)


def _read_references(item: _Item, references: Callable[[str], Sequence[str]] | None) -> list[str]:
    """The references ``references`` (the addenda reader's readers) reads in the item's instruction
    (its first paragraph, quotations left out); none without a reader."""
    if references is None:
        return []
    return list(references(_unquoted_words(item)[item.starts[0]:item.end]))


def _names_change(item: _Item, path: str, mentioned: Mapping[str, object],
                  references: Callable[[str], Sequence[str]] | None) -> bool:
    """Whether an item names what it would change (one decision for the items held back): a rule's
    ``mentions`` phrase, or a reference any reader of the engine reads in its instruction ("Falls der
    Auftraggeber dies wünscht, entfällt OZ 02.02.": the pack's phrases list no "OZ", the reader does)."""
    return path in mentioned or bool(_read_references(item, references))


def _held_back(item: _Item, mentions: Sequence[re.Pattern[str]], no_change: Sequence[re.Pattern[str]],
               references: Callable[[str], Sequence[str]] | None = None) -> str:
    """The reason an item naming what it would change is held back: what it names, the words holding it."""
    words = _unquoted_words(item)
    spans = sorted({m.span() for phrase in mentions for m in phrase.finditer(words)}, key=lambda sp: (sp[0], -sp[1]))
    kept = [sp for sp in spans if not any(o != sp and o[0] <= sp[0] and sp[1] <= o[1] for o in spans)]
    named = list(dict.fromkeys(" ".join(words[a:b].split()) for a, b in kept))[:4]
    by = ""
    if not named and (read := _read_references(item, references)):
        named, by = list(dict.fromkeys(" ".join(r.split()) for r in read))[:4], READER_NAMED
    held = next((" ".join(m.group(0).split()) for phrase in no_change if (m := phrase.search(words))), "")
    return f"{HELD_BACK}: names {', '.join(named) or 'what it would change'}{by}, held back by \"{held}\"; no edge derived"


#: How the reason of an item whose change its own words hold back begins.
HELD_BACK = "reads as a change, but its own words hold it back (rejected, withdrawn, conditional, permitted or no change)"
#: In the reason of an item held back, after what it names where no ``mentions`` phrase of the pack named it, only
#: a reader of references (``derive_supersedes``'s ``references``): the addenda reader's nets read such an item
#: first, and it is reported only where they say nothing of it (the pack's phrases decide as before).
READER_NAMED = " (read as a reference, named by no phrase of the pack)"
#: How the reason of an item taking back or changing an earlier addendum's item begins.
TAKES_BACK = "takes back or changes an earlier addendum's item"
#: An earlier addendum's item named ("Addendum No. 2, Item 1.3", "Addendum 1, Item 3.4").
_EARLIER_ITEM = re.compile(r"\b(?:Addendum|Bulletin|Amendment)\s+(?:No\.?\s*)?\d+,?\s+(?:Item|Question|Answer)\s+[\w.]*\w",
                           re.IGNORECASE)
_NO_CHANGE = ("reads as an instruction, but its own words say it changes nothing (rejected, withdrawn, "
              "conditional or no change): no edge derived")

#: What may come before an item's words: a Markdown heading's marks or a bullet, then its
#: label (``1.2``, ``2.1.A.``, ``A.``, ``(a)``, ``3)``, bold or not). Tried with and without
#: the label, so a pattern that itself starts with a number still reads at the start.
_LEAD = re.compile(r"[ \t\r\n]*(?:#{1,6}[ \t]+)?(?:[-*+•][ \t]+)?")
_LABEL = re.compile(
    r"(?:\*\*|__)?(?:\(?[0-9A-Za-z]{1,4}\)|\d+(?:\.[0-9A-Za-z]+)*\.?|[A-Za-z]\.)(?:\*\*|__)?(?=\s)\s*"
)
_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r]*\n")
_QUESTION = re.compile(r"\(?Q[.)]", re.IGNORECASE)
#: What may follow a heading's number and title in its paragraph: nothing but a stop or colon.
_HEADING_END = re.compile(r"[\s.:;]*")
#: Quotation marks: each opening mark and the marks that close it. A straight or curly single
#: mark quotes only when it opens a word and closes one ("Owner's" is an apostrophe).
#: (with the corner brackets Japanese and Chinese quote in: "3.3 中「二層塗り」を「三層塗り」に訂正する", round 75; and the
#: guillemets turned inward that Slovenian, Croatian, Danish and German print, "se besedilo »C25/30« nadomesti z
#: besedilom »C30/37«", round 77: a » that opens no quotation closes a « one, which it reads as before; and the
#: German and Czech low opening mark closed by a straight one, as a word processor set to another language types it,
#: "wird „C25/30" durch „C30/37" ersetzt", round 79: else the quotation ran on to the paragraph's end, hiding the verb)
_QUOTES = {'"': '"', "“": "”", "„": "“”\"", "«": "»", "»": "«", "‹": "›", "›": "‹", "‘": "’", "'": "'", "「": "」", "『": "』"}
_SINGLE = {"'", "‘"}


@dataclass(frozen=True)
class _Item:
    """A provision read as an addendum item: its own text (its children's text left out),
    where its instruction (first paragraph, label aside) lies, and what of it is quoted."""

    provision: Provision
    text: str
    starts: tuple[int, ...]
    end: int
    quoted: tuple[tuple[int, int], ...]

    @classmethod
    def read(cls, provision: Provision, own: str) -> _Item:
        lead = _LEAD.match(own).end()  # type: ignore[union-attr]
        starts = [lead]
        for _ in range(2):  # "1.2 A. Section ..." at most
            label = _LABEL.match(own, starts[-1])
            if label is None or label.end() == starts[-1] or _QUESTION.fullmatch(label.group(0).strip(" *_")):
                break  # "Q." / "(Q)" opens a question: what follows is asked, not instructed
            starts.append(label.end())
        paragraph = _PARAGRAPH_BREAK.search(own, starts[-1])
        end = paragraph.start() if paragraph else len(own)
        return cls(provision, own, tuple(starts), end, _quoted_spans(own))

    def instruction(self, pattern: re.Pattern[str], *, heading: bool = False) -> re.Match[str] | None:
        """The pattern's match at the start of the item's first paragraph, unless quoted there
        (a ``heading`` may end on its quoted title: only its start and section count)."""
        for start in self.starts:
            match = pattern.match(self.text, start, self.end)
            if match is None:
                continue
            if heading and _HEADING_END.match(self.text, match.end(), self.end).end() != self.end:  # type: ignore[union-attr]
                continue  # "Sheet S-101 - PLAN. Delete callout 5." is an instruction, not a heading
            points = [match.start()] if heading else [match.start(), max(match.end() - 1, match.start())]
            points += [match.start(name) for name, value in match.groupdict().items() if value]
            if not any(self._is_quoted(point) for point in points):
                return match
        return None

    def words(self, limit: int = 200) -> str:
        """The item's instruction as written, on one line, shortened to ``limit`` characters."""
        shown = " ".join(self.text[self.starts[0]:self.end].split())
        return shown if len(shown) <= limit else shown[: limit - 1].rstrip() + "…"

    def names(self, phrases: Sequence[re.Pattern[str]]) -> bool:
        """Whether the item's instruction (its first paragraph), outside quotation marks, names
        what it would change (a ``mentions`` phrase): an answer further down that cites a
        section for information is not an instruction."""
        return any(
            not self._is_quoted(match.start())
            for phrase in phrases for match in phrase.finditer(self.text, self.starts[0], self.end)
        )

    def holds(self, phrases: Sequence[re.Pattern[str]]) -> bool:
        """Whether the item's own words, outside quotation marks, hold one of ``phrases`` (the
        words saying it changes nothing; or, for ``mentions``, naming what it would change)."""
        if not phrases:
            return False
        unquoted = list(self.text)
        for start, end in self.quoted:
            unquoted[start:end] = " " * (end - start)
        words = "".join(unquoted)
        lower = lowered(words)
        return any(next(phrase.finditer(words), None) is not None for phrase in candidates(phrases, lower))

    def _is_quoted(self, position: int) -> bool:
        return any(start <= position < end for start, end in self.quoted)


def _quoted_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Where ``text`` quotes: from an opening mark to its closing one, or to the paragraph's
    end when it is never closed (a quotation does not run on into the next paragraph)."""
    spans: list[tuple[int, int]] = []
    opened: int | None = None
    closers = ""
    for index, char in enumerate(text):
        if opened is None:
            if char in _QUOTES and (char not in _SINGLE or _opens_word(text, index)) and not (
                    char == '"' and index and text[index - 1].isdigit()):  # 8'-0": an inch mark
                opened, closers = index, _QUOTES[char]
            continue
        if char in closers and (char not in "'’" or not _continues_word(text, index)):
            spans.append((opened, index + 1))
            opened = None
        elif char == "\n" and _PARAGRAPH_BREAK.match(text, index):
            spans.append((opened, index))
            opened = None
    if opened is not None:
        spans.append((opened, len(text)))
    return tuple(spans)


#: A quotation that is the name of a document the addendum attaches ('The attached "Section 31
#: 23 16 - Earthwork" replaces ...'), or the one it takes out ('Remove existing "Section 23 31 13
#: Metal Ducts - Page 1" and replace it with ...': transit and school owners quote the name of what
#: goes as they quote what comes): what it names is the target, not quoted words of it.
_ATTACHMENT_NAME = re.compile(
    r"\b(?:attached|enclosed|accompanying|revised|reissued|re-issued|new|existing)\s*$", re.IGNORECASE)
_NAMED_DOCUMENT = re.compile(
    r"[\"“‘]\s*(?:(?:Spec(?:ification)?|Technical\s+Specification|Section|Sheet|Drawing|Dwg\.?)\s+(?:No\.?\s*)?)?"
    r"(?:\d{2}\s?\d{2}\s?\d{2}|\d{5})(?!\d)|[\"“‘]\s*(?:Sheet|Drawing|Dwg\.?)\s+[A-Z]{1,3}-?\d", re.IGNORECASE)


def attachment_names(text: str) -> tuple[tuple[int, int], ...]:
    """The quotations of ``text`` that name a document the addendum attaches: a section or
    sheet number in quotes right after "attached", "enclosed", "revised" and the like."""
    return tuple((start, end) for start, end in _quoted_spans(text)
                 if _ATTACHMENT_NAME.search(text, max(0, start - 24), start) and _NAMED_DOCUMENT.match(text, start))


def _opens_word(text: str, index: int) -> bool:
    before = text[index - 1] if index else " "
    after = text[index + 1] if index + 1 < len(text) else " "
    return (before.isspace() or before in "([{:;,—–-") and after.isalnum()


def _continues_word(text: str, index: int) -> bool:
    return index + 1 < len(text) and text[index + 1].isalnum()


def _items(document: Document) -> list[_Item]:
    """Each provision of ``document`` as an item, its children's text taken out of its own."""
    children: dict[str, list[Provision]] = {}
    for provision in document.provisions:
        if provision.parent is not None:
            children.setdefault(provision.parent, []).append(provision)
    return [_Item.read(p, _own_text(p, children.get(p.path, ()))) for p in document.provisions]


def _own_text(provision: Provision, children: Sequence[Provision]) -> str:
    """``provision``'s text less its children's, each cut where its span places it (else where
    its text last occurs), a paragraph break left in its place: one for a run of children with
    nothing but white space between them (issue 23: a break for each of an addendum's thousands
    of items left its heading a run of blank lines as long as the addendum, which a pattern
    reading white space twice over, ``\\s*,?\\s+``, took quadratic time to pass over)."""
    text = provision.text
    cuts: list[tuple[int, int]] = []
    for child in children:
        start = child.span.start - provision.span.start
        if start < 0 or not text.startswith(child.text, start):
            start = text.rfind(child.text) if child.text else -1
        if start > 0:
            cuts.append((start, start + len(child.text)))
    cuts.sort()
    if any(start < end for (_, end), (start, _) in zip(cuts, cuts[1:], strict=False)):
        # (cuts overlapping, children found by their text alone: each cut from what the others left)
        for start, end in reversed(cuts):
            text = text[:start] + "\n\n" + text[end:]
        return text
    pieces: list[str] = []
    kept = 0  # the end of the text kept so far
    for start, end in cuts:
        if not pieces or text[kept:start].strip():
            pieces += [text[kept:start], "\n\n"]
        kept = end  # (else only white space since the last break left: that break stands for both)
    pieces.append(text[kept:])
    return "".join(pieces)


def make_deriver(
    rules: RuleSet, documents: Iterable[Document] = (),
) -> Callable[[Document], list[Supersedes]]:
    """The per-document deriver ingest calls: section numbers resolved against ``documents``
    (every document of the corpus, metadata is enough) plus each document it is handed."""
    directory = TargetDirectory.from_documents(documents)

    def derive(document: Document) -> list[Supersedes]:
        directory.add(document)
        return list(derive_supersedes(document, rules, directory=directory).edges)

    return derive


def find_qualifiers(document: Document, rules: Sequence[QualifierRule] | RuleSet) -> list[QualifierLink]:
    """Every cross-reference in ``document`` that qualifies one of its provisions.

    The link starts at the innermost provision holding the words; a reference to a path the
    document does not have is kept with ``resolved: False`` (a broken qualifier is a finding).
    """
    active = rules.qualifiers if isinstance(rules, RuleSet) else list(rules)
    paths = {p.path for p in document.provisions}
    found: dict[tuple[int, str], tuple[Provision, QualifierLink]] = {}
    for rule in active:
        if rule.document_kinds is not None and document.kind not in rule.document_kinds:
            continue
        for pattern in (compile_wording(p, ("ref",)) for p in rule.patterns):
            for provision in document.provisions:
                for match in pattern.finditer(provision.text):
                    ref = normalize_path(match.group("ref"))
                    if ref == provision.path:
                        continue
                    link = QualifierLink(
                        provision=document.provision_locator(provision.path).unpinned(),
                        qualifier=Locator(doc=document.id, path=ref), rule=rule.id,
                        words=re.sub(r"\s+", " ", match.group(0)), resolved=ref in paths,
                    )
                    # one occurrence of the words, seen from each provision whose text holds it
                    key = (provision.span.start + match.start(), ref)
                    current = found.get(key)
                    if current is None or provision.path.count(".") > current[0].path.count("."):
                        found[key] = (provision, link)
    links = [link for _, link in found.values()]
    return sorted(links, key=lambda link: (link.provision.format(), link.qualifier.format()))


def derive_changed(previous: Document, current: Document) -> tuple[str, ...]:
    """The section paths ``current`` changed relative to ``previous`` (for a revision's ``changed``).

    A provision changed when its own words (its text less its children's) differ, or it was
    added or dropped; descendants of a reported path are left out (a path covers them).
    """
    return changed_between(_own_texts(previous), _own_texts(current))


def changed_between(old: Mapping[str, object], new: Mapping[str, object]) -> tuple[str, ...]:
    """``derive_changed`` over each revision's own words by path, as ``_own_texts`` gives them
    or as ``own_text_digests`` keeps them (an ingest holds the digests, not whole documents)."""
    changed = sorted(path for path in old.keys() | new.keys() if old.get(path) != new.get(path))
    kept: list[str] = []
    for path in changed:
        if not any(path.startswith(parent + ".") for parent in kept):
            kept.append(path)
    return tuple(kept)


def own_text_digests(document: Document) -> dict[str, bytes]:
    """Each provision's own words (``_own_texts``) as a 128-bit digest: what ``changed_between``
    compares, a few dozen bytes a provision instead of the document's provisions."""
    return {path: hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
            for path, text in _own_texts(document).items()}


def _own_texts(document: Document) -> dict[str, str]:
    children: dict[str, list[str]] = {}
    for provision in document.provisions:
        if provision.parent is not None:
            children.setdefault(provision.parent, []).append(provision.text)
    own = {}
    for provision in document.provisions:
        text = provision.text
        for child in children.get(provision.path, ()):
            text = text.replace(child, "", 1)
        own[provision.path] = " ".join(text.split())
    return own
