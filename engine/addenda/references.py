"""What an addendum item names, and where that is in the corpus (issue 21).

Every mention in an item's words of a section, a paragraph or article, a sheet, a callout
(a note, keynote or detail), a named paragraph ("Alternate No. 2") or, failing a number, a
title, is found and resolved against the project's corpus as of the addendum's date:

- sections by six-digit CSI MasterFormat number, spaced or not (``03 30 00``, ``033000``),
  with a level suffix (``09 91 23.13``: only the document carrying that suffix), by five-digit
  CSI 1995 number (``03300``: the document carrying it, else the one 2004 section whose number
  starts with its first four digits), or by an agency's code (``SP-12``, "Special Provision
  No. 12");
- sheets by number, with their word or bare where the project holds the sheet, in lists and
  ranges ("Sheets A-101 through A-104");
- paragraphs in any common notation (``2.1.A``, ``2.01.A.1``, ``2.1(A)``, "Paragraph 2.1,
  subparagraph A", "Article 2.1, paragraph B", plus the pack's ``references`` notations),
  mapped onto the target's own outline paths (``2.01.A`` is ``2.1.A`` where that is how the
  section is numbered; two paths that fit are never guessed between);
- titles alone by rapidfuzz against the corpus's titles, the score kept (``TITLE_CUTOFF``).

A reference resolves to one target or to none: zero or several candidates are kept, with why.
Resolution is by dictionary look-ups; titles are compared only when no number in the item
(or its heading) names a document.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from inforce.ontology import Locator
from inforce.ontology.numbering import slugify
from inforce.ontology.text import whole_number
from inforce.rules.patterns import (
    PLACEHOLDERS,
    SHEET_NUMBER,
    UNSPACED_LETTER,
    candidates,
    lowered,
    normalize_path,
)

from ..derivation import (
    NO_DESIGNATIONS,
    Designations,
    TargetDirectory,
    _quoted_spans,
    agency_codes,
    callout_ids,
    normalize_sheet,
    resolve_name,
    run_in_title,
)

__all__ = [
    "TITLE_CUTOFF",
    "TITLE_MARGIN",
    "Corpus",
    "SECOND_INSTRUCTION",
    "Reference",
    "find_references",
    "heading_document",
    "place_path",
    "titles_a_clause",
]

#: How close (rapidfuzz ``token_sort_ratio``, 0-100, letter case and punctuation aside) a
#: written title must come to a document's title to name it. 88 lets "CAST IN PLACE
#: CONCRETE" name "Cast-in-Place Concrete" and a dropped "and" pass, and keeps "Exterior
#: Painting" from naming "Interior Painting" (86). A title that only comes close proposes, never
#: applies; a clause of a document whose title is written word for word, and is no other document's
#: (``Reference.exact``), resolves as its number would (round 35: no wrong applied edge in any part).
TITLE_CUTOFF = 88.0
#: The first, fast pass over every title keeps those within this (``token_set_ratio``) of a
#: written title; only they are scored and ranked.
TITLE_PREFILTER = 60.0
#: How far the best title must lead the next one: two titles closer than this are both kept
#: as candidates and neither is chosen.
TITLE_MARGIN = 4.0


@dataclass(frozen=True)
class Reference:
    """One mention in an item: its ``kind`` (section, paragraph, sheet, callout, name,
    title), the words as ``written`` and where (``span`` in the text read), the one ``target``
    it resolves to (None when none or several fit: ``candidates`` and ``why`` say which),
    how it was resolved (``resolved_by``: number, number-1995, code, sheet, sheet-revised (a
    sheet number with a revision mark), outline, heading, name, title; unread for a paragraph
    label no notation reads) and, for a title, rapidfuzz's ``score``."""

    kind: str
    written: str
    span: tuple[int, int]
    target: Locator | None
    candidates: tuple[Locator, ...] = ()
    resolved_by: str = ""
    score: float | None = None
    why: str | None = None
    #: for a paragraph or callout its document does not hold: the nearest enclosing provision
    #: that exists (an insertion joins it)
    joins: Locator | None = None
    #: a document reference a paragraph or callout of it took (it names where, not what)
    bound: bool = False
    #: read from the heading the item sits under, not from its own words
    from_heading: bool = False
    #: cited for what it says ("as specified in Section 03 20 00", "shown on Sheet A-602"), not
    #: named as what the item changes
    cited: bool = False
    #: the document of that number the project holds only from after the item's date (a reference
    #: that resolves to nothing as of the item, kept for a proposal where the item replaces or deletes)
    later: Locator | None = None
    #: a paragraph named with sections listed together, this copy bound in one of them (``_per_listed_section``):
    #: where that section lacks it, that half of the item is reported beside whatever the rest places
    listed: bool = False

    #: for a title: the words written are that one document's title exactly (letter case, punctuation
    #: and the labels before it aside), and no other document's: it names it as surely as a number
    exact: bool = False

    @property
    def by_number(self) -> bool:
        """Resolved by a number or an outline path (never by a fuzzy title): what may apply. A clause of
        a document named by its exact title is placed as surely ("Door Hardware, paragraph 2.1.A"); the
        document alone so named still only proposes (what of it changes is read on a title's proposal)."""
        return self.target is not None and (self.resolved_by not in ("title", "", "sketch", "dotted") or (
            self.resolved_by == "title" and self.exact and self.target.path is not None))

    @property
    def document_level(self) -> bool:
        return self.kind in ("section", "sheet", "title")


_Built = TypeVar("_Built")


@dataclass
class Corpus:
    """What references resolve against: the directory of sections and sheets, the kinds a
    rule targets, each document's outline paths and named paragraphs, whether a locator
    exists, and the addendum's date (documents first in force after it are not named)."""

    directory: TargetDirectory
    target_kinds: tuple[str, ...] = ("specification", "drawing")
    paths: Callable[[str], Collection[str]] | None = None
    names: Callable[[str], Mapping[str, str]] | None = None
    has_target: Callable[[Locator], bool] | None = None
    as_of: dt.date | None = None
    #: The addendum's own text: the clauses its other items cite beside a title choose among the
    #: documents that title may name (``_cited_choice``).
    text: str = ""
    #: The addendum's own title ("Amendment No. 2 to the Bidding Documents, ITB No. ..."): with its text, what
    #: tells the tender it is about (``_tender_documents``).
    title: str = ""
    #: The documents the addendum's other items changed a clause of, applied on their own words (round 73): a
    #: clause of no named document that one of them alone holds is that one's (``Steps._placed_alone``).
    placed: frozenset[str] = frozenset()
    #: The words by which the rules reading the addendum designate the parts of bidding documents ("Part 3
    #: Section VII", "Annexure II"; the pack's ``designations``): what ``designated`` indexes titles by and
    #: the items' words are read with.
    designations: Designations = NO_DESIGNATIONS
    #: The pack's ``tender_words`` as one alternation ("" where no rule lists any): words naming a tender whose
    #: identifier follows its number sign ("appel d'offres ouvert n° ..."), read before the reader's own.
    tender_words: str = ""
    #: The pack's ``by_changing`` as one alternation ("" where no rule lists any): "by" and a change verb's gerund
    #: right before a reference ("amended by removing Drawing E-501"), which is then the change's object, no citation.
    by_changing: str = ""
    #: The pack's ``new_clause_nouns`` as one alternation ("" where no rule lists any): the words for a clause right
    #: after the word saying it is new ("a new Clause 6.3", "un nuevo numeral 4.3"; ``forms.names_new_clause``).
    new_clause_nouns: str = ""
    #: The pack's ``clause_alone_nouns`` as one alternation ("" where no rule lists any): the words naming a clause by
    #: its dotted number with no document ("Section 5.17", "Article 8.1"; ``extent.clause_alone``).
    clause_alone_nouns: str = ""
    _keys: dict[str, dict[str, list[str]]] = field(default_factory=dict, repr=False)
    _sets: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    _titles: dict[str, dict[str, list[str]]] = field(default_factory=dict, repr=False)
    _built: dict[str, object] = field(default_factory=dict, repr=False)

    def path_set(self, doc: str) -> frozenset[str]:
        """The document's outline paths as a set, built once per document."""
        held = self._sets.get(doc)
        if held is None:
            held = self._sets[doc] = frozenset(self.paths(doc)) if self.paths is not None else frozenset()
        return held

    def outline_keys(self, doc: str) -> dict[str, list[str]]:
        """Path key (``_path_key``) → the document's paths with that key, built once per document."""
        keys = self._keys.get(doc)
        if keys is None:
            keys = {}
            for path in self.paths(doc) if self.paths is not None else ():
                keys.setdefault(_path_key(path), []).append(path)
                keys.setdefault("~" + _path_key(path).casefold(), []).append(path)
            self._keys[doc] = keys
        return keys

    def title_paths(self, doc: str) -> dict[str, list[str]]:
        """Title key (``title_key``, of a paragraph's run-in title or else its whole name) → the
        document's paths carrying that title, built once per document (issue 23: keyed for each item
        naming a part by its title, the titles cost items × titles)."""
        titles = self._titles.get(doc)
        if titles is None:
            titles = {}
            for path, name in (self.names(doc) if self.names is not None else {}).items():
                if key := title_key(run_in_title(name) or name):
                    titles.setdefault(key, []).append(path)
            self._titles[doc] = titles
        return titles

    def designated(self) -> dict[str, list[tuple[str, str]]]:
        """The documents of the directory by the designation their titles open with, in ``designations``' words."""
        return self.directory.designated(self.designations)

    def once(self, what: str, build: Callable[[Corpus], _Built]) -> _Built:
        """What ``build`` makes of the whole corpus, built once a reading and kept under ``what``
        (an index read for each item: built for each, it costs items × what it indexes)."""
        if what not in self._built:
            self._built[what] = build(self)
        return self._built[what]  # type: ignore[return-value]

    def is_leaf(self, locator: Locator) -> bool:
        """Whether the outline holds nothing below ``locator`` (a paragraph not split further)."""
        if self.paths is None or locator.path is None:
            return False
        prefix = locator.path + "."
        return not any(path.startswith(prefix) for path in self.path_set(locator.doc))

    def exists(self, locator: Locator) -> bool:
        if self.paths is not None and locator.path is not None:
            return locator.path in self.path_set(locator.doc) or (
                self.has_target is not None and self.has_target(locator))
        return self.has_target is None or self.has_target(locator)


def title_key(text: str) -> str:
    """A title as compared: letter case and punctuation aside."""
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text.casefold()).split())


#: How a reference to what the project does not hold ends its reason (``steps`` tells such a
#: reference by it).
NOT_HELD = ", which the project does not hold"

#: How a designation whose title written after it is not its one document's ends its reason ("names Section IX
#: "Drawings"; the project's Section IX is "Secção IX. Especificações Técnicas ...""): the part it names is one the
#: project does not hold (``steps`` tells such a reference by it).
UNFIT_TITLE = " is another part: "


def not_held(named: str) -> str:
    """The reason of a reference naming ``named`` ("Section 09 99 98", "Sheet A-901"), which the
    project does not hold."""
    return f"names {named}{NOT_HELD}"


def _path_key(path: str) -> str:
    """``2.01.A`` → ``2.1.A``: a path compared with leading zeros set aside."""
    return ".".join(part if (number := whole_number(part)) is None else str(number) for part in path.split("."))


def place_path(corpus: Corpus, doc: str, written: str) -> tuple[list[str], str | None]:
    """The outline paths of ``doc`` that ``written`` (any notation, normalized) names, and the
    nearest existing enclosing path when none does. Exact first, then leading zeros aside,
    then letter case aside; several paths that fit are returned for the caller to report."""
    path = normalize_path(written)
    if corpus.paths is None:
        exists = corpus.has_target is None or corpus.has_target(Locator(doc=doc, path=path))
        return ([path] if exists else []), _nearest(corpus, doc, path)
    if path in corpus.path_set(doc):
        return [path], None
    keys = corpus.outline_keys(doc)
    found = keys.get(_path_key(path)) or keys.get("~" + _path_key(path).casefold()) or []
    if not found and (whole := re.fullmatch(r"(\d{1,3})\.0", path)) is not None and whole.group(1) in corpus.path_set(doc):
        # "Clause 32.0": owners whose clauses run 32.1, 32.2 under a heading "32.0" name the heading
        # so; the outline holds it as 32 (round 52)
        found = [whole.group(1)]
    found = sorted(set(found))
    return found, None if found else _nearest(corpus, doc, path)


def _nearest(corpus: Corpus, doc: str, path: str) -> str | None:
    parts = path.split(".")
    for end in range(len(parts) - 1, 0, -1):
        found, _ = place_path(corpus, doc, ".".join(parts[:end])) if corpus.paths is not None else (
            [".".join(parts[:end])] if corpus.exists(Locator(doc=doc, path=".".join(parts[:end]))) else [], None)
        if len(found) == 1:
            return found[0]
    return None


# --- finding mentions ------------------------------------------------------------------

_SECTION_WORD = r"(?:Spec(?:ification)?s?\.?\s+)?(?:Technical\s+)?(?:Sections?|Sect\.|Specs?\.?|Specifications?|§§?)"
_SIX = r"\d{2}[ ]?\d{2}[ ]?\d{2}(?:\.\d{2})?"
#: A section number with its division set off by a hyphen ("Section 23-0593"), as engineers'
#: title blocks and some county addenda write it: read only after the section's word.
_HYPHENATED = r"\d{2}-\d{4}(?![\d-])"
#: A section number with its word before it, or a list of them ("Sections 03 30 00 and 03 35 00").
_WORDED_SECTIONS = re.compile(
    rf"\b{_SECTION_WORD}\s+(?:No\.?\s*)?((?:{_SIX}|\d{{5}}|{_HYPHENATED})(?!\d)(?:\s*(?:,\s*(?:and\s+)?|and\s+|&\s*|or\s+)"
    rf"(?:{_SIX}|\d{{5}}|{_HYPHENATED})(?!\d))*)",
    re.IGNORECASE)
#: A six-digit number anywhere: spaced ("03 30 00") it is a section; run together it counts
#: only where the project holds it.
_BARE_SIX = re.compile(r"(?<![\d$.,/-])(\d{2})( ?)(\d{2})\2(\d{2})(?:\.(\d{2}))?(?!\d|\.\d|,\d)")
#: An article written right after its section's number, with its title in capitals or words
#: after it ("Section 33 14 16 - 2.3 Hydrants", "Section 31 23 33, 3.2 BACKFILLING").
#: The section's title may sit between, quoted or in its own capitals ("Section 09 91 00 Painting,
#: 3.1 A: ...", "Section 09 91 00 - PAINTING - 3.1 APPLICATION").
_AFTER_SECTION = re.compile(
    r"(?:\s*[\"“][^\"”\n]{0,80}[\"”]|(?-i:\s*[-–—:]?\s*[A-Z][\w'&/-]*(?:[ \t]+(?:and|of|for|in|to|the|[A-Z][\w'&/-]*)){0,6}"
    r"(?=\s*[-–—,:]\s*\d{1,2}\.\d)))?(?:\s*[-–—,:]\s*(\d{1,2}\.\d{1,3}(?:\.[0-9A-Za-z]{1,3})*)"
    r"|\s+(\d{1,2}\.\d{1,3}(?:\.\d{1,3})*\.[A-Za-z](?:\.[0-9A-Za-z]{1,3})*))"
    # (or the reference closing there: "Section 01 10 00, 1.2: add ...", "(01 10 00, 1.2)", the
    # article cited after its section's number as the whole of what is cited)
    r"(?:\s+(?=[A-Z-–—])|(?=[ \t]*(?:[:)]|$)))")
#: (The section's title may follow a colon: "Section 10 44 00: Fire Protection Specialties, 2.2 ...".)
#: A paragraph's letter set alone after the article ("Section 03 30 00, 2.1 B: ..."): one capital
#: and then punctuation or the end, never a title's first word.
#: (or the cell closing there: a table's reference column, "| Section 05 50 00, 2.2 A | Revised |";
#: or the page it is printed on in brackets after it: "Section 26 32 13, 2.1 B (Page no. 212)")
#: An article's title in capitalised words, then a comma before its paragraph's letter ("Fire
#: Extinguishers, B" after "2.2").
_TITLE_THEN_LETTER = re.compile(r"(?-i:[A-Z][\w'&/-]*(?:[ \t]+(?:and|of|for|in|to|the|[A-Z][\w'&/-]*)){0,6}),[ \t]*(?=(?-i:[A-Z])\W)")
#: (or a lower-case function word no English article precedes: "Section 32 12 16 Asphalt Paving, 3.4 A to read: ...",
#: "..., 2.1 B in its entirety": the verb's words run on after the letter, no punctuation between)
_SPACED_LETTER = re.compile(r"((?-i:[A-Z]))(?=[:.,;)](?!\w)|[ \t]*\||\s*$|[ \t]+\((?i:pages?|pg|p)\b"
                            r"|[ \t]+(?-i:to|in|is|are|shall|as|by|of|under)\b)")
#: A part of a CSI section, not a document: "Part 2, Article 2.1" (the article's number starts with the part's).
_CSI_PART = re.compile(r"\bPart\s+(\d)\s*[,:\-–]?\s*(?:Article|Paragraph|Para\.|Subparagraph)?\s*(\d)\.", re.IGNORECASE)
#: The clauses written right after a designation ("Schedule-D, 2.3 and 2.4", "Section 3 - 3.20",
#: "Section 3, subsection 3.22", "Section 4A, subsection S.12", "Exhibit B Section 4.2": an exhibit's
#: sections numbered by clause).
_CLAUSE = r"(?:\d{1,3}(?:\.\d{1,3})+|[A-Z]{1,2}\.\d{1,3}(?:\.\d{1,3})*)(?:\([0-9A-Za-z]{1,3}\))*"
_AFTER_DESIGNATION = re.compile(
    rf"[ \t]*+[-–—,:]?[ \t]*+(?:(?:sub-?sections?|sections?|clauses?|paragraphs?|articles?|items?)[ \t]++)?[\"“]?({_CLAUSE})(?![\w.])"
    rf"((?:[ \t]*+(?:,[ \t]*+(?:and[ \t]++)?|and[ \t]++|&[ \t]*+)(?:{_CLAUSE})(?![\w.]))*)", re.IGNORECASE)
#: A subsection by a letter-and-number label ("subsection S.12", "Subsection "S.14 Erosion ..."").
_LETTERED_SUBSECTION = re.compile(r"\bsub-?sections?[ \t]+[\"“]?((?-i:[A-Z]{1,2})\.\d{1,3}(?:\.\d{1,3})*)(?![\w.])",
                                  re.IGNORECASE)
#: Right before a name: the verb adding it ("to add Alternate No. 3", "adding a new Allowance No. 4").
_ADDS_NAME = re.compile(r"\b(?:to\s+)?add(?:s|ing)?\s+(?:an?\s+|the\s+)?(?:new\s+)?$", re.IGNORECASE)

#: An article or paragraph named by its word, then its number and title quoted as the section
#: prints them ('delete the article "3.2 FLUSHING AND TESTING"', 'paragraph "2.1.B Anchors"'):
#: city engineers quote the heading they mean; the number is the reference, the title is words.
_QUOTED_PART = re.compile(r"\b(?:articles?|(?:sub-?)?paragraphs?|clauses?)[ \t]+[\"“](\d{1,2}\.\d{1,3}(?:\.[A-Z])?)[ \t]+"
                          r"(?-i:[A-Z])[^\"”\n]{0,80}[\"”]", re.IGNORECASE)
#: An agency's section by a three-digit number with its word ("SECTION 203", "Section 610"; federal
#: lands' contract requirements write the number with a point before the title: "Section 102. - ...").
#: Road agencies whose specifications are numbered documents call each by that word and its number
#: ("Specification 102 Maintenance of Traffic, Clause 102.4.3"): the same section (not "Technical
#: Specification 7", "Special Provision ...": those are read with the title after them, below).
_AGENCY_SECTION = re.compile(r"\bSections?\s+(\d{3})(?!\d|\.\w)"
                             r"|(?<!special\s)(?<!technical\s)(?<!standard\s)(?<!supplemental\s)"
                             r"\bSpecifications?\s+(\d{3})(?!\d|\.\w)", re.IGNORECASE)
#: A clause of such a section by the section's number and its own, dotted ("Section 102.4.3",
#: "Section 610.2"): agencies number a section's subsections from the section's number and cite
#: them with the section's word.
_AGENCY_SECTION_PATH = re.compile(r"\bSections?\s+(\d{3})((?:\.\d{1,3}){1,3})(?![\w.]|\.\d|-\d)", re.IGNORECASE)
_ONE_SECTION = re.compile(rf"{_SIX}|\d{{5}}|{_HYPHENATED}")
#: A sheet's word, then one sheet or a list or range of them.
_SHEET_WORDS = (r"(?:Contract\s+)?(?:Drawing\s+Sheets?|Sheets?|Drawings?|Dwgs?\.?|Plan\s+Sheets?)"
                r"(?:\s+Nos?\.?|\s+Numbers?)?")
_SHEET_LIST = re.compile(
    rf"\b{_SHEET_WORDS}\s*#?\s*((?-i:{SHEET_NUMBER})(?:\s*(?:,\s*(?:and\s+)?|and\s+|&\s*|or\s+|through\s+|thru\s+|to\s+|[-–—]\s*)"
    rf"(?-i:{SHEET_NUMBER}))*)", re.IGNORECASE)
#: A sheet an addendum reissues under its own number before the sheet's ("AD2-A-102": sheet A-102
#: as Addendum 2 issues it; school architects number reissued sheets so). The sheet keeps its own
#: dash: "AD1-A01" is how the same owners number an addendum's items, not a sheet.
_PREFIXED_SHEET = re.compile(r"(?<![\w.-])ADD?\d{1,2}-((?-i:[A-Z]{1,3}-\d{1,4}(?:\.\d{1,3})?[A-Z]?))(?![\w-])")
#: A sheet number of three or more parts joined by dashes ("RS2-C-07": a contract package's, a discipline's and the
#: sheet's own number; development agencies and road authorities number sheets so; a job's number of up to four digits
#: may stand with the package's letters, "D1184-A-210", as Gulf consultants number them), alone or in a list or range of
#: the same form ("RS2-C-12 to RS2-C-13", "RS2-C-07, RS2-C-12 and RS2-C-13"); or of two, the package's letters and
#: number then the discipline's letter and the sheet's ("HW3-C04": highway projects number sheets so). Read only where
#: the project holds the sheet.
_COMPOUND_NUMBER = (r"(?-i:(?:[A-Z]{1,4}\d{0,4}(?:-[A-Z0-9]{1,4})+-\d{1,4}|[A-Z]{1,4}\d{1,3}-[A-Z]{1,3}\d{1,4})"
                    r"(?:\.\d{1,3})?[A-Z]?)(?![\w]|-\w)")
_COMPOUND_SHEET = re.compile(rf"(?<![\w./-]){_COMPOUND_NUMBER}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|\s+(?:through|thru|to)\s+|"
                             rf"\s*[-–—]\s*){_COMPOUND_NUMBER})*", re.IGNORECASE)


def _compound_sheets(match: re.Match[str], corpus: Corpus) -> list[Reference]:
    """The sheets a list or range of compound sheet numbers names (``_COMPOUND_SHEET``), each that the project
    holds; a range ("RS2-C-12 to RS2-C-15") also names the sheets of its series strictly between its ends."""
    directory = corpus.directory
    numbers = list(re.finditer(_COMPOUND_NUMBER, match.group(0)))
    found: list[Reference] = []
    for index, number in enumerate(numbers):
        between = match.group(0)[numbers[index - 1].end():number.start()] if index else ""
        if index and _RANGE_WORD.fullmatch(between):
            low, high = (re.fullmatch(r"(.*\D)(\d+)", n.group(0)) for n in (numbers[index - 1], number))
            if low is not None and high is not None and low.group(1) == high.group(1):
                stem = normalize_sheet(low.group(1))
                for key in sorted(directory.by_sheet):
                    inner = re.fullmatch(rf"{re.escape(stem)}(\d+)", key)
                    if inner is not None and int(low.group(2)) < int(inner.group(1)) < int(high.group(2)):
                        docs = directory.documents_for(directory.by_sheet, key, corpus.target_kinds, corpus.as_of)
                        if len(docs) == 1:
                            found.append(Reference("sheet", f"{low.group(1)}{inner.group(1)}", (
                                match.start() + numbers[index - 1].start(), match.start() + number.end()),
                                Locator(doc=docs[0]), resolved_by="sheet"))
        docs = directory.documents_for(directory.by_sheet, normalize_sheet(number.group(0)), corpus.target_kinds,
                                       corpus.as_of)
        span = (match.start() + number.start(), match.start() + number.end())
        if len(docs) == 1:
            found.append(Reference("sheet", number.group(0), span, Locator(doc=docs[0]), resolved_by="sheet"))
        elif docs:
            found.append(Reference("sheet", number.group(0), span, None, tuple(Locator(doc=d) for d in docs), "sheet",
                                   why=f"Sheet {number.group(0)} fits {len(docs)} documents; not guessed"))
    return found


#: An addendum sketch named by the sheet it redraws part of: the discipline letter glued to "AD"
#: ("ADM-301", "ADE-201": addendum sketches of M-301 and E-201), or "SK-" before the sheet's number
#: ("SK-M-301", "SK-A101"), or "SK" after its discipline letter ("ASK-101", "MSK-301"): architects and
#: engineers number an addendum's sketches so. Read only where the project holds that sheet.
_SKETCH = re.compile(r"(?<![\w.-])(?-i:(?:AD(?P<discipline>[A-Z])|SK-?(?P<letter>[A-Z])|(?P<own>[A-Z])SK)-?(?P<number>\d{1,4}))"
                     r"(?![\w-]|\.\d)")
#: A drawing named by its file name, as bid portals list the files of a tender ("1187-2026_Drawing_M-301-R0",
#: "Job12_Dwg_A-101_R2"): the sheet number after the word and an underscore, its revision mark after it.
_FILED_SHEET = re.compile(r"(?<![\w-])(?:[\w-]*_)?(?:Drawing|Dwg|Sheet)_((?-i:[A-Z]{1,3}-?\d{1,4}(?:\.\d{1,3})?[A-Z]?))"
                          r"(?:[-_](?-i:R|Rev)\d{1,2})?(?![\w-])", re.IGNORECASE)
_BARE_SHEET = re.compile(rf"(?<![\w./-])(?<!ASTM )(?<!ANSI )(?<!NFPA )(?<!AWS )(?-i:{SHEET_NUMBER})")
#: A sheet numbered with a discipline's word of four or five capitals ("ARCH-04", "PLOMB-12"), which
#: ``SHEET_NUMBER`` leaves out: read only where the project holds a sheet of that exact number.
_WORD_PREFIX_SHEET = re.compile(r"(?<![\w./-])(?-i:[A-Z]{4,5}-?\d{1,4}(?:\.\d{1,3})?[A-Z]?)(?![\w-])")
_RANGE_WORD = re.compile(r"\s*(?:through|thru|to|[-–—])\s*$", re.IGNORECASE)
#: A paragraph or article by its word: "Paragraph 2.1.A", "Article 3.11", "Subparagraph 2.2.B.3",
#: "Para. 1.6", with "..., subparagraph A" or "..., paragraph B" after it joined on. (A bracketed "(new)" after the
#: number, "Clause 4.3 (new)", says the clause is added; it is no sub-clause lettered "new", round 94)
_PATH = r"(?:(?-i:[A-Z]{1,2})\d{1,3}(?=\.\d)|\d{1,4})(?:\.\d{1,3})+(?:\.[0-9A-Za-z]{1,3})*(?:\s?\((?![Nn][Ee][Ww]\))[0-9A-Za-z]{1,4}\))*"
#: ("sub-heading 2.2A": some municipal owners call a lettered paragraph a sub-heading)
#: ("Part 3.1": a CSI part is one digit, so a part with a dotted number is how some architects name
#: an article of it)
#: ("Sub-Clause 8.7", "Subclause 14.2", "Sub-article 3.4": conditions of contract number their
#: clauses so)
#: ("Par. 1.1 A": school districts' and engineers' short word for a paragraph)
#: ("Section 3.2, Article B", "Section 2.2 A": owners who call the whole document a "Project Manual
#: Section" often call its article a section too; a CSI or agency section number never has a dot
#: after its first one or two digits, so a dotted number after "Section" is an article's)
#: ("Cl. 2.2 A": Commonwealth and Indian corrigenda's short word for a clause)
_PARAGRAPH_WORD = (r"(?:Sub-?paragraphs?|Paragraphs?|Paras?\.?|Pars?\.|Sub-?articles?|Articles?|Art\.|Sub-?clauses?|Clauses?|"
                   r"Cls?\.|"
                   r"Sub-?sections?|Sub-?headings?|§"
                   r"|Part(?=\s*\d{1,2}\.\d)|Sections?(?=\s*\d{1,2}\.\d{1,3}(?:\.\d{1,3})?(?![\d.]))(?!\s*\d{2}\.\d{2}\.\d{2})"
                   # ("Section VI. Technical Specifications, Item 2.3": a dotted item set after a comma, as a
                   # document's name is, is that document's; an addendum's own "Item 2.3" opens its line)
                   r"|(?<=,[ \t])Items?(?=[ \t]*\d{1,3}\.\d))")
#: The paragraph's letter may follow its article spaced ("clause 3.1 A") or set straight after the
#: number with no dot ("subparagraph 2.1A", "Paragraph 3.04B.2"): owners who number paragraphs
#: by hand write both; either is paragraph A of article 2.1 (group 5, the glued letter and below).
#: Engineers who cite by page and line set the letter off with commas ("paragraph 3.1, A, line 1",
#: "paragraph 2.1, B: replace ..."): a lone capital between the article and a comma or colon is its
#: paragraph (group 4).
_WORDED_PATH = re.compile(
    # ("the Paragraphs no: 2.1 B, 3.1 A and 3.1 B": the word "number" set between, with or without its colon)
    rf"\b{_PARAGRAPH_WORD}\s*(?:nos?\.?[ \t]*:?[ \t]*(?=\d))?(?:\d{{2,3}}-(?=\d{{1,2}}\.\d))?({_PATH}|\d{{1,2}}\.\d{{1,3}})"
    # ("clause 2.1 MATERIALS, point D": Commonwealth corrigenda call a lettered paragraph a point, and
    # may set the article's title in capitals between)
    r"(?:(?:[ \t]+(?-i:[A-Z][A-Z&/'-]+(?:[ \t]+[A-Z][A-Z&/'-]+){0,5})(?=,?[ \t]+point\b))?"
    r",?\s+(?:sub-?paragraph|paragraph|para\.|par\.|item|point|article(?=\s+(?-i:[A-Z])\b))\s+\.?([0-9A-Za-z]{1,3})(?![\w]|\.\w)"
    # ("Clause 3.2.2 b)": owners whose clauses list their items "a)", "b)" name one so, the letter
    # closed by its bracket)
    r"|\s+((?-i:[A-Z])(?=[\s:,;)]|\.(?:\s|$)|$)|(?-i:[a-z])(?=\)))"  # ("DELETE paragraph 3.1 B." ending the item)
    r"|,[ \t]*((?-i:[A-Z]))(?=[ \t]*[,:;)]|\.\s)"
    r"|(?<=\d)((?-i:[A-Z])(?:\.(?:\d{1,2}|(?-i:[a-z])))*)(?![\w]|\.\w))?(?!\w)",  # never a label's first part
    re.IGNORECASE)
#: An article's number alone right after the imperative opening an item, then a word leading the rest
#: of the instruction or the sentence's end ("Amend 1.2 by adding ...", "Delete 3.4.", "Revise 2.1 to
#: read:"); never a value ("Change 1.2 to 1.5", "Reduce 1.2 m ...").
#: ("Replace 1.6 A with:": the paragraph by its article and its letter spaced, a capital alone)
_VERB_ARTICLE = re.compile(r"[\s*_]*(?:amend|revise|delete|replace|omit|modify|change|correct|substitute|strike)\s+"
                           r"(\d{1,2}\.\d{1,3}(?:[ \t]+(?-i:[A-Z]))?)(?=\s+(?:by|as|with|in\s+its)\b|\s+to\s+(?!\d)|[.:;,]?\s*$|[.:;,]\s)",
                           re.IGNORECASE)
#: A paragraph word before a label none of the notations reads ("Article 2.1A1"): said, so the
#: section around it is never changed in its place.
_UNREAD_PATH = re.compile(rf"\b{_PARAGRAPH_WORD}\s*(\d{{1,2}}\.\d[\w.()]*\w)", re.IGNORECASE)
#: An agency's article by its section's number, a dash and the article's own ("Subarticle 102-4.3",
#: "ARTICLE 102-7"): the section's outline numbers it 102.4.3, or 4.3 where it leaves the section out.
#: (held-out-76) and a state highway agency's special provisions, "Section 12-1.02": section 12's subsection 1.02,
#: its section the part of the document the item names that holds it (the section never a document of its own:
#: no designation is read from it); a dot after the section's number is needed, so "Section 23-0593", a CSI number
#: hyphenated, is none
_DASHED_PATH = re.compile(r"\b(?:Sub-?articles?|Articles?|Sub-?sections?)\s+(\d{2,4})-(\d{1,2}(?:\.\d{1,3})*)(?![\w.-]|\.\d)"
                          r"|\bSections?\s+(\d{1,3})-(\d{1,2}\.\d{1,3})(?![\w.-]|\.\d)",
                          re.IGNORECASE)
#: A five-digit (CSI 1995) section number opening a line, its title after a dash ("07210 - Building
#: Insulation"): a section listed by number and title, with no word before it; owners list the
#: six-digit numbers the same way, spaced ("09 91 23 - Interior Painting").
_LISTED_FIVE = re.compile(r"(?m)^[ \t*_#>]*(?:\d{1,2}[.)][ \t]+)?(\d{5}|\d{2} \d{2} \d{2})(?=[ \t]*[-–—:][ \t]*[A-Z])")
#: The title after a listed number's dash, up to a comma, a bracket or the line's end ("09900 - Painting,
#: pages 1-4 (...)": "Painting").
_LISTED_TITLE = re.compile(r"[ \t]*[-–—:][ \t]*([A-Z][^,;(\n|]{0,80}?)[ \t]*(?=[,;(\n|]|$)")
#: One more path of a list after a worded one ("..., 2.1.B and 2.1.C").
#: More paragraphs listed after one whose letter is spaced from its article ("Paragraphs 2.1 B, 3.1 A
#: and 3.1 B"): each article with its letter, spaced the same way.
_MORE_SPACED = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+|&\s*)(\d{1,2}\.\d{1,3})[ \t]+((?-i:[A-Z]))(?![\w]|\.\w)",
                          re.IGNORECASE)
#: ("los numerales 3.1 y 3.2", "os itens 2.1 e 2.2", "les articles 1.1 et 1.2": the same list, its "and" in
#: Spanish, Portuguese or French, audit 67 C F6)
_MORE_PATHS = re.compile(rf"\s*(?:,\s*(?:(?:and|y|e|et)\s+)?|(?:and|y|e|et)\s+|&\s*|or\s+)({_PATH})(?![\w])", re.IGNORECASE)
#: The other end of a range after a plural provision word ("Numerales 3.1 a 3.2", "Articles 29.1 to 29.3"):
#: read as one more of the list; ``_paragraph_ranges`` then adds those between.
_RANGE_END = re.compile(rf"\s*(?:through|thru|to|a|al|à|au|hasta)\s+({_PATH})(?![\w])", re.IGNORECASE)
#: A paragraph by its article and spaced letter alone, right before the section it is of ("2.2 A, Section
#: 26 05 43": the clause column of a bidders' query table), the letter a capital alone.
_SPACED_BEFORE_SECTION = re.compile(r"(?<![\w.$/-])(\d{1,2}\.\d{1,3})[ \t]+((?-i:[A-Z]))(?=[ \t]*,[ \t]*(?:section|spec\.?|"
                                    r"specification)[ \t]+\d{2}[ \t]?\d{2}[ \t]?\d{2}(?![\w.]))", re.IGNORECASE)
#: A paragraph by its path alone, which must hold a letter to be one ("2.1.A", "3.04.C.2.a", "2.1(A)").
_BARE_PATH = re.compile(r"(?<![\w.$/-])(\d{1,2}\.\d{1,3}(?:\.[0-9A-Za-z]{1,3})*(?:\.[A-Za-z]|\([A-Za-z0-9]{1,4}\))"
                        r"(?:\.[0-9A-Za-z]{1,3}|\([0-9A-Za-z]{1,4}\))*)(?![\w])")
#: A paragraph by its letter alone, after a paragraph or article the item named ("... Article 3.11:
#: Add the following paragraph G").
#: ("Subpart B" after "Part 3.1": the same architects' word for a lettered paragraph of the article)
_LETTER_PATH = re.compile(r"\b(?:new\s+)?(?:sub-?paragraphs?|paragraphs?|paras?\.|sub-?parts?|sub-?clauses?)\s+"
                          r"(?:\.?([A-Z]|\d{1,2})(?![\w]|\.\w)|((?:\([0-9A-Za-z]{1,3}\))+))", re.IGNORECASE)
#: A paragraph's letter named before its article, joined by "of" ("subparagraph B of paragraph 2.1",
#: "Paragraph C of Article 3.2", "item 4 under Paragraph 2.3.A"): owners who lead with what goes
#: write the place after it.
#: More letters of a list after one ("paragraphs A and B", "subparagraphs C, D and E"): each a
#: sibling paragraph of the same article; a letter only where a capital stands alone.
_MORE_LETTERS = re.compile(r"[ \t]*(?:,[ \t]*(?:and[ \t]+)?|and[ \t]+|&[ \t]*)((?-i:[A-Z]))(?![\w]|\.\w)",
                           re.IGNORECASE)
#: A sub-item of a clause named right after it by its word and label ("Clause 3.2.2, item c)",
#: ", sub-paragraph (ii)", ", point 3", ", bullet 2", ", letter b)" - round 46): the label set in
#: brackets, closed by one, or bare after the word. An article's inciso, alinéa or alínea after it
#: ("artículo 2.1, inciso B", "article 2.1, alinéa 3", "artigo 2.1, alínea b" - audit 57): owners in
#: Spanish, French and Portuguese letter them in capitals too, or number them; the label joins the
#: article's path as round 58's "article n, alinéa m" does (n.m). So too a literal, an apartado or a
#: paragraphe, a label closed by its bracket, and a determiner before the word ("numeral 2.2, literal
#: c)", "à l'article 2.1, l'alinéa 4" - audit 59).
_SUB_ITEM_AFTER = re.compile(
    r"[ \t]*,?[ \t]*(?:(?:sub-?items?|items?|sub-?paragraphs?|points?|bullets?|bullet\s+points?|letters?)[ \t]+(?:no\.?[ \t]*)?"
    r"(?:\(([0-9A-Za-z]{1,4})\)|([0-9A-Za-z]{1,4})\)|(\d{1,2}|(?-i:[a-z]|[ivx]{1,4}))(?![\w.]|\.\w))"
    r"|(?:l['’][ \t]*|el[ \t]+|le[ \t]+|la[ \t]+|a[ \t]+)?(?:incisos?|literal(?:es)?|apartados?|al[ií]n[ée]as?|paragraphes?)[ \t]+"
    r"(?:\(?(\d{1,2}|[A-Za-z])\)(?!\w)|(\d{1,2}|[A-Za-z])(?![\w.]|\.\w)))", re.IGNORECASE)
#: (the same order in Spanish, French and Portuguese, audit 57: "inciso C del artículo 2.2", "inciso b del
#: numeral 4.2", "l'alinéa B de l'article 2.2", "a alínea b do artigo 2.1"; a lower-case letter only there,
#: where owners letter so; audit 59: "inciso C) del artículo 2.2", "el literal c) del numeral 2.2", "apartado C
#: del artículo 2.2", "le paragraphe 3 de l'article 2.1")
_LETTER_OF_PATH = re.compile(
    rf"\b(?:(?:sub-?paragraph|paragraph|para\.|item)\s+\.?((?-i:[A-Z])|\d{{1,2}})\s+(?:of|in|under)\s+(?:the\s+)?(?:existing\s+)?"
    rf"{_PARAGRAPH_WORD}"
    rf"|(?:inciso|literal|apartado|al[ií]n[ée]a|paragraphe)\s+\(?((?-i:[A-Za-z])|\d{{1,2}})\)?\s+(?:del\s+|de\s+la\s+|de\s+l['’]|do\s+|da\s+)"
    rf"(?:art[íi]culo|article|artigo|cl[áa]usula|numeral))\s*(\d{{1,2}}\.\d{{1,3}}(?:\.[0-9A-Za-z]{{1,3}})*)(?![\w]|\.\w)",
    re.IGNORECASE)
_CALLOUT = re.compile(
    r"\b(callouts?|keynotes?|key\s+notes?|general\s+notes?|sheet\s+notes?|notes?|details?|tags?|profiles?)"
    r"\s+(?:No\.?\s*|#\s*)?"
    r"(\d{1,3}[A-Z]?)(?!\.?\w)(?:\s*/\s*((?-i:" + SHEET_NUMBER + r")))?", re.IGNORECASE)
#: A clause of an agency's provision by its number alone ("107.4.2", "608.02"): the provision's
#: number first, kept only where the provision the item names holds that clause.
_AGENCY_PATH = re.compile(r"(?<![\w.$/,-])\d{3,4}(?:\.\d{1,3}){1,3}(?![\w.]|-\d|\s*(?:mm|cm|m|in|inch|inches|ft|feet|psi|"
                          r"percent|%|kg|lb|tons?)\b)", re.IGNORECASE)
_LIST_GAP = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+|&\s*|;\s*)", re.IGNORECASE)
_MORE_CALLOUTS = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+|&\s*)(\d{1,3}[A-Z]?)(?![\w.]|[/'\"-]|\s*/)", re.IGNORECASE)
#: (never opening inside a word: "MODIFICACIÓN No. 3", an owner's own numbering of its changes, is no name
#: "N No. 3" for the letter after its accented one; round 76)
_NAME = re.compile(r"(?<![^\W\d_])" + PLACEHOLDERS["name"], re.IGNORECASE)
_AGENCY = re.compile(
    r"(?<![\w.-])(?:(?-i:[A-Z]{1,5})[- ]?\d{1,4}(?:[.-]\d{1,3})?(?:\.\d{1,3})*(?![\w-])"
    r"|(?:Special|Supplemental|Technical|Standard)\s+(?:Provisions?|Specifications?)\s+(?:No\.?\s*|Number\s+|#\s*)?\d{1,4}"
    r"(?:[.-]\d{1,3})*\b)", re.IGNORECASE)
#: Where a title may be written: quoted, in capitals (two words or more), or as a cell.
_QUOTED_TITLE = re.compile(r"[\"“]([^\"”\n]{3,80})[\"”]")
#: A quotation that is a sentence (four words or more, a full stop at its end): words of new text, which
#: a title never is ("Provide eight racks at the locations shown on Sheet C-101.").
_QUOTED_SENTENCE = re.compile(r"\s*(?:\S+\s+){3,}\S*[a-z0-9)]\.\s*")
#: The labels that number a provision in its title ("special provision 107", "category 600", "section 608").
_LABELS = re.compile(r"\b(?:special\s+provisions?|supplemental\s+specifications?|technical\s+provisions?|category|"
                     r"section|item|division|sp)\s+\d+\b")
_WORDED_TITLE = re.compile(
    r"(?-i:\b(?:Spec(?:ification)?s?|Section)[ \t]+([A-Z][a-z]+(?:-[A-Za-z]+)*(?:[ \t]+(?:and|of|for|in|to|"
    r"[A-Z][a-z]+(?:-[A-Za-z]+)*)){1,6})|\b([A-Z][a-z]+(?:-[A-Za-z]+)*(?:[ \t]+(?:and|of|for|in|to|"
    r"[A-Z][a-z]+(?:-[A-Za-z]+)*)){1,6})[ \t]+(?:section|specification)\b)")


#: A state highway agency's subsection by its section's number, a dash and its own ("Section 39-1.03,"), ending
#: right where a quotation opens: the quotation is that subsection's title.
_SUBSECTION_BEFORE_QUOTE = re.compile(r"\bSub-?sections?[ \t]+\d[\d.-]*[ \t]*,?[ \t]*$|\bSections?[ \t]+\d{1,3}-\d{1,2}\.\d{1,3}[ \t]*,?[ \t]*$",
                                      re.IGNORECASE)


def _subsection_titled(text: str, quote: int) -> bool:
    """Whether the quotation opening at ``quote`` is the title of the subsection written right before it ("Section
    39-1.03, "CONSTRUCTION,"", held-out-76): a part's own title, never a document's, however many documents'
    titles hold its word (read as one, it kept the document named before the subsection from being read)."""
    return _SUBSECTION_BEFORE_QUOTE.search(text, max(0, quote - 40), quote) is not None


def _QUOTED_AT(text: str, span: tuple[int, int]) -> bool:
    return span[0] > 0 and text[span[0] - 1] in "\"“" and span[1] < len(text) and text[span[1]] in "\"”"


#: A document's title in its own letter case right before the clause the item changes ("General
#: Conditions of Contract, clause 8.1", "Instructions to Tenderers - Paragraph 3", "... Particular
#: Application for the Fuel Dock, Sub-Clause 8.7"): Commonwealth and
#: agency owners name their general provisions so, by title, not number. A title only proposes.
_TITLE_BEFORE_CLAUSE = re.compile(
    r"(?-i:\b([A-Z][a-z]+(?:-[A-Za-z]+)*(?:[ \t]+(?:and|of|for|in|to|the|[A-Z][a-z]+(?:-[A-Za-z]+)*)){1,7}))"
    # (or no mark at all: "Particular Specification Clause 1.2 is deleted", the title run straight into
    # the clause's word)
    r"(?:[ \t]*[,:–—-][ \t]*|[ \t]+)(?=(?:(?:sub-?)?clauses?|paragraphs?|articles?|sub-?sections?|items?)[ \t]+\d"
    # (held-out-76: "Special Provisions, Section 12-1.02", "Special Provisions, Section 84, ...": a state highway
    # agency's section of one to three figures, with its subsection after a dash or its quoted title (a quotation is
    # blanked in the words read: a run of spaces where it stood); never a CSI number, nor a statement of work's
    # "Section 1, item 1.3", read by the pack's notation)
    r"|sections?[ \t]+\d{1,3}(?:-\d{1,2}\.\d|,?[ \t]*[\"“]|,?[ \t]{3}))", re.IGNORECASE)


#: One word in its own letter case opening an item (its label aside), then a comma and a clause's word and number
#: ("1. Painting, clause 2.1 B: replace ...", "5. Signage, clause 2.1 C: delete."): a section named by a title of one
#: word, as a notice to tenderers names its specifications (round 58). Only a title that is that word alone, and
#: no other document's, is read from it (``_exact_title``).
_WORD_BEFORE_CLAUSE = re.compile(r"(?m)^[ \t*_]*(?:\(?[\dA-Za-z]{1,3}[.)][ \t]+)?"
                                 # (held-out-76: "3. Page - 8 -, Specifications, Clause 1.2: delete ...": a tender's
                                 # page, by its dashed number, before the document's word)
                                 r"(?:Page[ \t]*[-–]?[ \t]*\d{1,4}[ \t]*[-–]?[ \t]*,[ \t]*)?"
                                 r"((?-i:[A-Z][a-z]{2,}(?:-[A-Za-z]+)*)),[ \t]*"
                                 r"(?=(?:(?:sub-?)?clauses?|paragraphs?|articles?)[ \t]+\d)", re.IGNORECASE)
#: A title in its own letter case opening an item (its label aside), closed by a colon ("4. Fire Alarm: the
#: specification is withdrawn and replaced by the attached Revision 1."): the section so named, read only where
#: the words are one document's title exactly (``_exact_title``, round 58).
_TITLE_OPENING = re.compile(r"(?m)^[ \t*_]*(?:\(?[\dA-Za-z]{1,3}[.)][ \t]+)?"
                            r"((?-i:[A-Z][a-z]{2,}(?:-[A-Za-z]+)*(?:[ \t]+(?:and|of|for|in|to|the|[A-Z][a-z]+(?:-[A-Za-z]+)*)){0,5}))"
                            r"[ \t]*:[ \t]")


def titles_a_clause(text: str) -> bool:
    """Whether ``text`` names a clause after a document's title in its own letter case ("General
    Conditions, Clause 4.3"): the title is how it names the document, to be compared even where no
    verb is read (a title only proposes)."""
    return _TITLE_BEFORE_CLAUSE.search(text) is not None


_CAPS_TITLE = re.compile(r"(?-i:\b[A-Z][A-Z&/'-]+(?:[ \t]+(?:[A-Z][A-Z&/'-]*|AND|OF|FOR|THE))+\b)")


_VERB_FIRST = re.compile(r"(?:Delete|Revise|Add|Replace|Insert|Remove|Omit|Change|Modify|Amend|Substitute|Strike|"
                         r"Correct|Update|Rename|Relocate)[ \t]+(?=[A-Z])")


def _mask(text: str, spans: Sequence[tuple[int, int]]) -> str:
    if not spans:
        return text
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def find_references(
    text: str, corpus: Corpus, *, mask: Sequence[tuple[int, int]] = (), context: str = "",
    notations: Mapping[str, Sequence[re.Pattern[str]]] | None = None, cells: Sequence[str] = (),
    clause_end: int | None = None, titles: bool = True,
) -> list[Reference]:
    """Every reference in ``text`` (the spans in ``mask`` — quotations, a question — not read),
    in order, resolved against ``corpus``. A paragraph, callout or name takes the nearest
    section or sheet the item names (else the one its heading ``context`` names); a title is
    compared only when nothing names a document by number (``cells`` of a table row are
    titles too)."""
    read = _mask(text, mask)
    notations = notations or {}
    found: list[Reference] = []
    # ("OBJET : ADDENDA NO C-02", 'subject "Addenda No C-02"': the addendum's own number, written after the word its
    # own title opens with, is no sheet of the project numbered alike; held-out-76)
    own = own_number_spans(text, corpus)
    taken: list[tuple[int, int]] = list(own)
    # ("Tehnilise kirjelduse peatükki 4 täiendatakse punktiga 4.4 ... (Chapter 4 gains point 4.4.)": a bracket
    # restating the words of an item that names its document by name names nothing of its own - never the
    # document another owner's title designates "Chapter 4", nor a point the item's own words add; round 103)
    taken += _glossed_name(read, corpus) if "(" in read else []

    def free(start: int, end: int) -> bool:
        return not any(start < e and s < end for s, e in taken)

    def take(reference: Reference) -> None:
        if (reference.kind == "paragraph" and reference.target is None and isinstance(reference.why, str)
                and re.fullmatch(r"\d{1,4}(?:\.\d{1,3})+", reference.why)):
            # "Chapter 3, Clause 3.2.2, item c)", "Clause 4.1, sub-paragraph (ii)", "3.1, bullet 2": the
            # sub-item named right after the clause is what changes, never the clause as a whole
            # (held in the outline, it is the target; not held, the clause's edge is not applied)
            sub = _SUB_ITEM_AFTER.match(read, reference.span[1])
            if sub is not None:
                label = next(g for g in sub.groups() if g)
                reference = replace(reference, written=f"{reference.written}{sub.group(0).rstrip()}",
                                    span=(reference.span[0], sub.end()), why=f"{reference.why}.{label}")
        found.append(reference)
        taken.append(reference.span)

    points_before = [m.span() for m in _LETTER_OF_PATH.finditer(read)]
    # the pack's notations first: they are what a policy owner wrote for this layout
    lower = lowered(read)
    for kind in ("section", "sheet", "paragraph", "callout"):
        for pattern in candidates(notations.get(kind, ()), lower):
            for match in pattern.finditer(read):
                if kind == "paragraph" and (longer := _WORDED_PATH.match(read, match.start())) is not None and (
                        longer.end() > match.end()):
                    # ("Article 3.2, paragraph .3: delete.": the reader's own reading of the words from there on
                    # reads more than "article {article}" does; a notation never cuts it short, round 58)
                    continue
                if kind == "paragraph" and any(s < match.start() and match.end() <= e for s, e in points_before):
                    # ("inciso C del artículo 2.2", "l'alinéa B de l'article 2.2": the article is the place of the
                    # point named before it, read with it; the notation never takes it alone, audit 57)
                    continue
                if free(*match.span()):
                    take(_from_notation(kind, match, corpus))
                    if kind == "paragraph":
                        _more_paths(read, match, take, free)  # "los numerales 3.1 y 3.2": each, as "Articles 29.1 and 29.2"
    for match in _DASHED_PATH.finditer(read):  # "SUBARTICLE 102-4.3": section 102's article 4, subarticle 3
        if free(*match.span()):
            if match.group(3) is not None:  # "Section 12-1.02": section 12 of the document named, subsection 1.02
                take(Reference("paragraph", " ".join(match.group(0).split()), match.span(), None,
                               why=f"{match.group(3)}.{match.group(4)}"))
                continue
            if corpus.designated():  # its section by that number, where the project designates one
                section = _designation(f"Section {match.group(1)}", (match.start(1), match.start(1)), corpus)
                if section is not None and section.target is not None:
                    found.append(replace(section, written=f"Section {match.group(1)}"))
            take(Reference("paragraph", " ".join(match.group(0).split()), match.span(), None,
                           why=f"{match.group(1)}-{match.group(2)}"))
    titled_parts: dict[tuple[int, int], str] = {}
    for match in _TITLED_PART.finditer(text):  # (its title is quoted: read from the words as written)
        # ("In the Special Provisions, Section 84, "MARKINGS," is deleted": a section of the document named, by its
        # number and its title; kept below only where that document's part of the number bears the title)
        if free(*match.span(1)) and read[match.start(1):match.end(1)] == match.group(1):
            titled_parts[match.span(1)] = match.group(3)
            take(Reference("paragraph", " ".join(match.group(1).split()), match.span(1), None, why=match.group("number")))
    for match in _LISTED_FIVE.finditer(text):  # "07210 - Building Insulation": a CSI 1995 section (not a label)
        if free(*match.span(1)):
            title = _LISTED_TITLE.match(text, match.end())
            take(_section(match.group(1), match.span(1), corpus, worded=True,
                          title=title.group(1) if title is not None else ""))
    for match in _WORDED_SECTIONS.finditer(read):
        for number in _ONE_SECTION.finditer(match.group(1)):
            span = (match.start(1) + number.start(), match.start(1) + number.end())
            if free(*span):
                take(_section(number.group(0), span, corpus, worded=True))
    heading = heading_document(context, corpus, notations) if context else None
    if (heading is not None and heading.kind == "section" and heading.target is not None
            and corpus.designations.run.fullmatch(heading.written) is not None
            and _designates_another(read, heading.target.doc, corpus)):
        # ("Clause 2.1 of Section IV(A) is amended" under "Section IV(B) - Particular Specifications:": the part
        # the item designates itself, not its heading's, holds the clause; the item is read as if under none)
        heading = None
    if corpus.designated() and heading is None and not any(
            r.kind == "section" and (r.target or r.candidates) for r in found) and not _SHEET_LIST.search(read, 0, _last_cell(read)):
        # (a row naming sheets only in its last cell, the amendment's own words, keeps the designation its
        # reference cells write: "| Section 06 - Specification, Clauses 6.2.1 and 6.2.2 | Both clauses are
        # deleted; the pattern is now on Drawing A-501 |", round 40)
        chained: Reference | None = None  # the designated document the run of words so far names
        # (a run of designations naming a document of the bidding documents by its place in them, "Part 3
        # Section VII", "Schedule-D", "Section 4A": resolved against the designations titles open with)
        for match in corpus.designations.run.finditer(read):
            if free(*match.span()) and not _CSI_PART.match(read, match.start()) and not _restated_part(read, match, found, corpus):
                reference = _designation(match.group(0), match.span(), corpus, read)
                if (reference is not None and reference.target is None
                        and (part := _tender_part_titled(match.group(0), match.span(), read, corpus, reference.candidates)) is not None):
                    # ("Page - 9 -, Section 4, Fabrication:" of the tender's one document whose part 4 is so titled: the
                    # document, which the clauses named after it are of, and its part)
                    take(Reference("section", part.written, (part.span[0], part.span[0]), Locator(doc=part.target.doc),  # type: ignore[union-attr]
                                   resolved_by="outline"))
                    take(part)
                    continue
                if reference is not None and chained is not None and chained.target is not None and (
                        _TITLE_BETWEEN.fullmatch(read, chained.span[1], match.start()) is not None):
                    reference = _within_chain(chained, reference, match.group(0), corpus)
                    if reference is None:
                        # ("Section VII - Works Requirements, Part 2, Clause 2.1" where the project's Section VII
                        # is titled "... Works Requirements, Part 2 Specifications": "Part 2" is of Section VII's
                        # own title, its clause Section VII's, not a document of its own)
                        _clauses_after(read, match.end(), take, free)
                        continue
                if reference is not None:
                    chained = reference
                    take(reference)
                    _clauses_after(read, match.end(), take, free)
                    if reference.target is not None:
                        _part_after_title(read, match.end(), reference.target.doc, corpus, take, free)
    for reference in [r for r in found if r.kind == "section" and r.resolved_by != "designation"]:
        _path_after_section(read, reference.span[1], take, free)
    for match in _AGENCY_SECTION_PATH.finditer(read):  # "Section 102.4.3": section 102's clause 102.4.3
        if free(*match.span()):
            docs = _agency_section(match.group(1), corpus)
            if len(docs) == 1:
                take(Reference("section", f"Section {match.group(1)}", match.span(1), Locator(doc=docs[0]),
                               resolved_by="code"))
                # the clause as "102-4.3": its section's outline holds 102.4.3, or 4.3 where it leaves the section out
                take(Reference("paragraph", " ".join(match.group(0).split()), (match.start(1), match.end(2)), None,
                               why=f"{match.group(1)}-{match.group(2)[1:]}"))
    for match in _CODED_TITLED.finditer(read):  # "SGC 2 Working Hours": the clause its code, number and title agree on
        if free(*match.span()):
            provision = _coded_titled(match, corpus)
            if provision is not None:
                take(Reference("paragraph", " ".join(match.group(0).split()), match.span(), provision,
                               resolved_by="code"))
    for match in _DOTTED_CODE.finditer(read):  # "AFC.431": the one provision of the project headed by that code
        if free(*match.span()):
            # (a code alone only proposes: the heading's code is no number of ours, and what the item says of
            # it - "utgår inte", "kvarstår", "salvo il punto AFC.71" - is read for review; an item naming a
            # document by its id looks for the code in that document only, audit 49)
            named = _named_documents(read, corpus)
            provision = _dotted_code(match, corpus, named)
            if provision is not None:
                # (the code and the heading's own title written after it agree on the provision, "AFC.431
                # Kontraktstid. Texten ändras till: ...": placed as surely as a coded clause so titled is, where
                # it is the one code the item writes; "AFC.71 Handover kvarstår, AFG.12 Hoarding utgår" says
                # of each code its own verb, which one reading of the item does not part)
                titled = _titled_code(read, match.end(), provision) and len(_DOTTED_CODE.findall(read)) == 1
                take(Reference("paragraph", match.group(0), match.span(), provision,
                               resolved_by="code" if titled else "dotted"))
            elif named:
                take(Reference("paragraph", match.group(0), match.span(), None, resolved_by="dotted",
                               joins=Locator(doc=named[0]) if len(named) == 1 else None,
                               why=f"names {match.group(0)} of {', '.join(named)}, which has no provision headed so"))
    for match in _AGENCY_SECTION.finditer(read):  # "SECTION 203": an agency's section by its number alone
        group = 1 if match.group(1) else 2
        if free(*match.span(group)):
            docs = _agency_section(match.group(group), corpus)
            if len(docs) == 1:
                take(Reference("section", match.group(0), match.span(group), Locator(doc=docs[0]), resolved_by="code"))
    for match in _BARE_SIX.finditer(read):
        if free(*match.span()):
            reference = _section(match.group(0), match.span(), corpus, worded=bool(match.group(2)))
            if reference.target is not None or reference.candidates or match.group(2):
                take(reference)
                if reference.target is not None and match.group(2):
                    # "(07 21 00, 2.1.A)", "(01 10 00, 1.2)": a subject title's cite, the section's
                    # number spaced and bare, then the article or paragraph, as after "Section"
                    _path_after_section(read, match.end(), take, free)
    for match in _PREFIXED_SHEET.finditer(read):
        if free(*match.span()):
            for reference in _sheets(match.group(1), match.start(1), corpus, worded=False):
                take(replace(reference, span=match.span()))
    for match in _COMPOUND_SHEET.finditer(read):
        if free(*match.span()):
            for reference in _compound_sheets(match, corpus):
                take(reference)
    for match in _SKETCH.finditer(read):
        if free(*match.span()):
            number = f"{match.group('discipline') or match.group('letter') or match.group('own')}-{match.group('number')}"
            for reference in _sheets(number, match.start(), corpus, worded=False):
                if reference.target is not None:
                    # (a sketch is part of a sheet drawn again, or a detail of it: which part, and whether it
                    # stands for the whole sheet, its number does not say - never applied by the number alone)
                    take(replace(reference, written=match.group(0), span=match.span(), resolved_by="sketch"))
    for match in _FILED_SHEET.finditer(read):
        if free(*match.span()):
            for reference in _sheets(match.group(1), match.start(1), corpus, worded=True):
                take(replace(reference, span=match.span()))  # the file's whole name is where the sheet is named
    for match in _SHEET_LIST.finditer(read):
        if free(*match.span(1)):
            for reference in _sheets(match.group(1), match.start(1), corpus, worded=True):
                take(reference)
    for match in _CALLOUT.finditer(read):
        if free(*match.span()):
            take(Reference("callout", " ".join(match.group(0).split()), match.span(), None,
                           why=match.group(3) or None, resolved_by=match.group(2)))
            if match.group(3) is None:  # "Detail 3 & 4", "Keynotes 2, 5 and 7": each of the kind
                more = _MORE_CALLOUTS.match(read, match.end())
                while more is not None:
                    if free(*more.span(1)):
                        take(Reference("callout", f"{match.group(1)} {more.group(1)}", more.span(1), None,
                                       resolved_by=more.group(1)))
                    more = _MORE_CALLOUTS.match(read, more.end())
    csi_named = heading is not None or any(r.kind == "section" and r.target is not None and r.resolved_by != "designation"
                                           for r in found)
    for match in _LETTER_OF_PATH.finditer(read):  # "subparagraph B of paragraph 2.1": 2.1.B
        if free(*match.span()) and (csi_named or not re.search(r"(?i)\bsections?\s*\d", match.group(0))):
            take(Reference("paragraph", " ".join(match.group(0).split()), match.span(), None,
                           why=f"{match.group(3)}.{match.group(1) or match.group(2)}"))
    for match in _WORDED_PATH.finditer(read):
        if match.group(0)[:3].lower() == "sec" and not csi_named:
            continue  # "Section 1.5" is an article only inside a section the item names ("Section 02 41 00 ... Section 3.2")
        if free(*match.span()):
            tail = match.group(2) or match.group(3) or match.group(4) or match.group(5)
            path = match.group(1) + ("." + tail if tail else "")
            take(Reference("paragraph", " ".join(match.group(0).split()), match.span(), None,
                           why=re.sub(r"\s+", "", path)))
            if match.group(3):  # "Paragraphs 2.1 B, 3.1 A and 3.1 B": the letters spaced, as the first
                spaced = _MORE_SPACED.match(read, match.end())
                while spaced is not None:
                    if free(*spaced.span()):
                        take(Reference("paragraph", f"{spaced.group(1)} {spaced.group(2)}", spaced.span(), None,
                                       why=f"{spaced.group(1)}.{spaced.group(2)}"))
                    spaced = _MORE_SPACED.match(read, spaced.end())
            if not tail:  # "Articles 29.1 and 29.2", "Paragraphs 2.1.A, 2.1.B and 2.1.C"
                _more_paths(read, match, take, free)
    for match in _UNREAD_PATH.finditer(read):  # "Article 2.1A1": a paragraph, but no label this reads
        if free(*match.span()) and (csi_named or match.group(0)[:3].lower() != "sec"):
            take(Reference("paragraph", " ".join(match.group(0).split()), match.span(), None, resolved_by="unread",
                           why=f'writes "{match.group(1)}", a paragraph label no notation reads'))
    if csi_named and (heading is None or heading.kind == "section"):
        # "(I) Amend 1.2 by adding ...", "Delete 3.4.": an article's number alone as the object of the
        # verb opening the item, in the section its heading (or its own words) names
        opening = _VERB_ARTICLE.match(read)
        if opening is not None and free(*opening.span(1)):
            take(Reference("paragraph", opening.group(1), opening.span(1), None, why=".".join(opening.group(1).split())))
    for match in _BARE_PATH.finditer(read):
        if free(*match.span()):
            take(Reference("paragraph", match.group(1), match.span(), None, why=match.group(1)))
    for match in _SPACED_BEFORE_SECTION.finditer(read):
        if free(*match.span()):
            take(Reference("paragraph", " ".join(match.group(0).split()), match.span(), None,
                           why=f"{match.group(1)}.{match.group(2)}"))
    for match in _LETTER_PATH.finditer(read):
        if free(*match.span()):
            relative = match.group(1) or ".".join(re.findall(r"\(([0-9A-Za-z]+)\)", match.group(2)))
            take(Reference("paragraph", " ".join(match.group(0).split()), match.span(), None, why="+" + relative))
            more = _MORE_LETTERS.match(read, match.end()) if match.group(1) else None
            while more is not None:  # "paragraphs A and B": each letter of the article named before
                if free(*more.span(1)):
                    take(Reference("paragraph", more.group(1), more.span(1), None, why="+" + more.group(1)))
                more = _MORE_LETTERS.match(read, more.end())
    for match in _AGENCY.finditer(read):
        if free(*match.span()):
            reference = _code(match.group(0), match.span(), corpus)
            if reference is None and (worded := _WORDED_PROVISION.fullmatch(match.group(0))) is not None:
                reference = _provision_by_number(worded.group(1), match.span(), corpus, read)
            if reference is not None:
                take(reference)
    loose: set[tuple[int, int]] = set()
    for match in _AGENCY_PATH.finditer(read):  # "to 107.4.2 Work Hours": a clause of the provision numbered 107
        if free(*match.span()):
            loose.add(match.span())
            take(Reference("paragraph", match.group(0), match.span(), None, why=match.group(0)))
    if not any(r.kind in ("section", "sheet") and (r.target or r.candidates) for r in found):
        for match in _WORDS_THEN_PATH.finditer(read):
            # "Additional Condition 1.2", "Particular Specification 2.4" (round 76): a provision named by the title
            # of the part of its document that holds it, then its number; placed where one document's part so
            # titled holds that number, each for a person where several do (read before a name's reading takes
            # "Requirement No. 5.2"); the words read nothing where no part is so titled
            if free(*match.span(2)) and (placed := _part_titled(match, corpus)) is not None and free(placed[1], match.end()):
                held, start = placed
                written = " ".join(read[start:match.end()].split())
                take(Reference("paragraph", written, (start, match.end()), held[0], resolved_by="part-title")
                     if len(held) == 1 else
                     Reference("paragraph", written, (start, match.end()), None, held, resolved_by="part-title",
                               why=f"names {written}, which a part so titled holds in {len(held)} documents "
                                   f"({', '.join(locator.doc for locator in held)}): which is meant is for a person to confirm"))
    for match in _NAME.finditer(read):
        verb = _VERB_FIRST.match(match.group(0))  # "Delete Alternate No. 4": the name is after the verb
        span = (match.start() + (verb.end() if verb else 0), match.end())
        written = read[span[0]:span[1]]
        if free(*span) and not re.match(r"(?i)(?:Addendum|Item|Bulletin|Change|Question|Sheet|Drawing|Point|Page|Modification|"
                                         r"Amendment|Clarification|Correction)\b", written) and not _binding(written, corpus):
            # ("Modification No. 2: Employer's Requirements, ...": the label an owner numbers its change items
            # with names the item itself, no paragraph of a document - round 46)
            # ("Section 01 23 00 is replaced to add Alternate No. 3": a name the change adds is new
            # content of the document, not a part of it that changes)
            added = _ADDS_NAME.search(read, max(0, span[0] - 30), span[0]) is not None
            take(Reference("name", " ".join(written.split()), span, None, cited=added))
    unplaced = []
    for match in _BARE_SHEET.finditer(read):
        if free(*match.span()):
            sheets = _sheets(match.group(0), match.start(), corpus, worded=False)
            for reference in sheets:
                take(reference)
            if not sheets:
                unplaced.append(match)
    for match in _WORD_PREFIX_SHEET.finditer(read):  # "le plan n° ARCH-04": held, it is that sheet
        docs = corpus.directory.documents_for(corpus.directory.by_sheet, normalize_sheet(match.group(0)),
                                              corpus.target_kinds, corpus.as_of)
        if len(docs) == 1 and free(*match.span()):
            take(Reference("sheet", match.group(0), match.span(), Locator(doc=docs[0]), resolved_by="sheet"))
    for match in unplaced:  # "A-101, C-201, E-999": a sheet of a list the project does not hold is said
        near = [r for r in found if r.kind == "sheet" and r.target is not None
                and _LIST_GAP.fullmatch(read[min(r.span[1], match.end()):max(r.span[0], match.start())])]
        if near and free(*match.span()):
            take(Reference("sheet", match.group(0), match.span(), None,
                           why=not_held(f"Sheet {match.group(0)}")))
    for match in _LETTERED_SUBSECTION.finditer(text):  # its label may open a quoted title
        if free(*match.span(1)):
            take(Reference("paragraph", match.group(1), match.span(1), None, why=match.group(1)))
    for match in _QUOTED_PART.finditer(text):  # 'the article "3.2 FLUSHING AND TESTING"': its number opens the quote
        if free(*match.span(1)):
            take(Reference("paragraph", match.group(1), match.span(1), None, why=match.group(1)))
    for letter in [r for r in found if r.kind == "paragraph" and str(r.why).startswith("+")]:
        # "ADD PARAGRAPHS D AND E TO 3.1", "subparagraph C in 2.4": the article the letters go in,
        # by its number alone after them (the number is a paragraph's here, not a quantity)
        article = _ARTICLE_AFTER_LETTERS.match(read, letter.span[1])
        if article is not None and free(*article.span(1)):
            take(Reference("paragraph", article.group(1), article.span(1), None, why=article.group(1)))
    found.sort(key=lambda r: r.span)
    by_changing = _by_changing(corpus.by_changing)
    found = [replace(r, cited=True) if r.span[0] > 0 and _cites(read, r.span[0], by_changing)
             and not _subject(read, r.span)
             or clause_end is not None and r.span[0] >= clause_end else r for r in found]
    # "Index revised to indicate added sheet A-502": a sheet being added is new, not what changes
    found = [replace(r, cited=True) if r.kind == "sheet" and (r.target is None or r.resolved_by == "sheet-revised")
             and not r.candidates and _ADDED_SHEET.search(read, max(0, r.span[0] - 40), r.span[0]) else r for r in found]
    if any(r.kind == "paragraph" and _NEW.search(read, max(0, r.span[0] - 16), r.span[0]) for r in found):
        # "New Clause 6.3 after Clause 6.2": the clause after which a new one goes says where, not what
        found = [replace(r, cited=True) if r.kind == "paragraph" and _WHERE.search(read, max(0, r.span[0] - 30),
                                                                                   r.span[0]) else r for r in found]
    named = any(r.kind in ("section", "sheet") and (r.target or r.candidates) for r in found)
    if not named:  # a sheet number inside a quoted title ("TC-03 Construction Staging Plan") names the sheet
        for quoted in _QUOTED_TITLE.finditer(text):
            if any(s < quoted.start() and quoted.end() <= e and e - s > quoted.end() - quoted.start() + 2
                   for s, e in mask):
                continue  # a question's quotation
            if _QUOTED_SENTENCE.fullmatch(quoted.group(1)):
                continue  # new text an item brings ("... shown on Sheet C-101."): a sentence, no title
            for match in _BARE_SHEET.finditer(text, quoted.start(1), quoted.end(1)):
                if match.span() in own:
                    continue  # ('subject "Addenda No C-02"': the addendum's own number, quoted)
                sheets = [r for r in _sheets(match.group(0), match.start(), corpus, worded=False) if r.target]
                found += sheets
                named = named or bool(sheets)
    if named and heading is None and titles and cells:
        found, named = _designated_part_of_titled(found, text, read, corpus, cells, mask)
    if not named and heading is None and titles:  # no number names a document: its title may
        found += _titles(text, read, corpus, cells, mask)
        if not any(r.kind in ("section", "sheet", "title") and (r.target or r.candidates) for r in found):
            found += _document_named(read, corpus)
        found.sort(key=lambda r: r.span)
    owner = heading
    if owner is None and mask and not any(r.kind in ("section", "sheet", "title") for r in found):
        owner = _asked_document(text, read, found, corpus)
    found = _bind(found, corpus, owner, read)
    if titled_parts:
        found = [r for r in found if r.span not in titled_parts or _part_bears(r, titled_parts[r.span], corpus)]
    found = _without_unplaced_parents(found)
    found = _paragraph_ranges(found, read, corpus)
    if loose:  # a bare agency number counts only as a clause its provision holds
        found = [r for r in found if r.span not in loose or (
            r.target is not None and r.target.path is not None
            and r.target.path.split(".")[0].lstrip("0") == r.written.split(".")[0].lstrip("0"))]
    # (what a later clause names explains the instruction: "Replace in full; the index now lists
    # Sheet L-102" under "Sheet G-001 (Cover Sheet)" names, in its own clause, nothing but the heading's)
    own = [r for r in found if clause_end is None or r.span[0] < clause_end]
    # (the heading's own document cited as what replaces it names nothing else: "Remove the Section and
    # replace it with the attached Section 10 14 00" under "2.4 Section 10 14 00 Signage")
    if heading is not None and not any(not r.bound and (r.target or r.candidates or r.why)
                                       and not (r.cited and r.target == heading.target) for r in own):
        found.append(heading)  # the item names nothing itself: it changes what its heading names
    elif heading is None and context and not any(not r.bound and (r.target or r.candidates or r.why) for r in found):
        found += _heading_documents(context, corpus, notations)
    return found


def _designated_part_of_titled(found: list[Reference], text: str, read: str, corpus: Corpus, cells: Sequence[str],
                               mask: Sequence[tuple[int, int]]) -> tuple[list[Reference], bool]:
    """A row of a table of amendments whose document cell writes every word of one document's title (and of no other's)
    and whose reference cell designates a part by word and number that no one document is designated by ("| Document D
    - Scope of Works and Specification | section 5 | Insert new clause 5.4: ... |", two other documents being titled
    "Section 5 ..."): the part so numbered of the document the row titles, where its outline holds that number and the
    designation fits other documents only. The designation read so, the title with it; else ``found`` as it was.
    Returns the references and whether a section or sheet still names a document (round 103)."""
    designated = [r for r in found if r.kind == "section" and r.resolved_by == "designation" and r.target is None]
    if (len(designated) != 1 or any(r.kind in ("section", "sheet") and (r.target or r.candidates) for r in found
                                    if r is not designated[0])):
        return found, True
    part = designated[0]
    number = re.fullmatch(r"[^\W\d_]+\.?[ \t]+(\d{1,3})", " ".join(part.written.split()))
    if number is None:
        return found, True
    titles = corpus.directory.titles_of(corpus.target_kinds)
    docs: set[str] = set()
    for cell in cells[:-1]:  # (the last cell is the amendment's own words)
        words = set(re.findall(r"\w+", cell.lower())) - LINKING_WORDS
        if part.written.lower() in cell.lower() or len([w for w in words if not w.isdigit()]) < 3:
            continue
        fits = [doc for doc, title in titles.items() if words <= set(re.findall(r"\w+", title.lower()))]
        if len(fits) == 1:
            docs.add(fits[0])
    if (len(docs) != 1 or (doc := next(iter(docs))) in {c.doc for c in part.candidates}
            or number.group(1) not in corpus.path_set(doc)):
        return found, True
    kept = [r for r in found if r is not part]
    kept.append(Reference("title", "", (0, 0), Locator(doc=doc), resolved_by="title"))
    kept.append(Reference("paragraph", part.written, part.span, None, why=number.group(1)))
    kept.sort(key=lambda r: r.span)
    return kept, False


#: A passage in brackets, one level, no bracket inside: an aside, or a gloss saying the owner's words again in
#: another language ("(Chapter 4 gains point 4.4.)").
_BRACKET_WORDS = re.compile(r"\([^()\n]*\)")


def _glossed_name(read: str, corpus: Corpus) -> list[tuple[int, int]]:
    """The spans of ``read``'s brackets that designate another document than the one the words outside them name
    by its name alone (``_document_named``: "Tehnilise kirjelduse peatükki 4 ... (Chapter 4 gains point 4.4)",
    "Capitolul 4 din Caietul de sarcini ... (Chapter 4 ...)" where another owner's title designates a "Chapter 4"):
    such a bracket restates the item's own words, of the document they name; [] where no bracket designates
    another, or where the words outside name no document, or several."""
    if not corpus.designated():
        return []
    spans = [m.span() for m in _BRACKET_WORDS.finditer(read)
             if corpus.designations.run.search(read, m.start(), m.end()) is not None]
    if not spans:
        return []
    outside = _BRACKET_WORDS.sub(lambda m: " " * len(m.group(0)), read)
    named = _document_named(outside, corpus)
    if len(named) != 1 or named[0].target is None:
        return []
    own = named[0].target.doc

    def another(start: int, end: int) -> bool:
        for match in corpus.designations.run.finditer(read, start, end):
            designated = _designation(match.group(0), match.span(), corpus, read)
            if designated is not None and (designated.target is not None and designated.target.doc != own or (
                    designated.target is None and designated.candidates
                    and own not in {c.doc for c in designated.candidates})):
                return True
        return False

    return [span for span in spans if another(*span)]


#: A whole article as a notation reads it ("article 5", "Article 12"), or a whole clause ("Clause 3", round 86): its number (1).
_WHOLE_ARTICLE = re.compile(r"(?:articles?|art[íi]culo|clauses?)\s+(\d{1,3})", re.IGNORECASE)


#: An addendum's own kind word and number, as its title opens with them ("Addenda no C-02, ...", "Addendum #2 to
#: ...", "Bulletin No. AB-3"): the word, a number sign or none, then a number holding a figure.
_OWN_TITLE_NUMBER = re.compile(r"[\W_]*([^\W\d_]{3,})[ \t]+(?:(?:no|n[°º]|nr|#)\.?[ \t]*)?([A-Z0-9][\w./-]*\d[A-Z0-9]*)(?![\w-])",
                               re.IGNORECASE)


def own_number_spans(read: str, corpus: Corpus) -> list[tuple[int, int]]:
    """The spans in ``read`` of the addendum's own number, where its own title's opening word (and a number sign
    or none) writes it ("ADDENDA NO C-02" for an addendum titled "Addenda no C-02, ..."): never a reference,
    whatever sheet the project numbers alike. None where the title opens with no such word and number."""
    own = corpus.once("own-number", _own_number_pattern)
    return [m.span(1) for m in own.finditer(read)] if own is not None and own.pattern else []


def _own_number_pattern(corpus: Corpus) -> re.Pattern[str] | None:
    opening = _OWN_TITLE_NUMBER.match(corpus.title)
    if opening is None or not re.search(r"[A-Za-z]", opening.group(2)):
        return None  # (a number of figures alone is no sheet's: nothing to keep from reading)
    return re.compile(rf"(?<![\w-]){re.escape(opening.group(1))}[ \t]+(?:(?:no|n[°º]|nr|#)\.?[ \t]*)?"
                      rf"({re.escape(opening.group(2))})(?![\w-])", re.IGNORECASE)


#: A part of a document by the word "Section", a number of one to three figures and its title quoted after it
#: ("Section 84, "MARKINGS,"", "Section 73 "Concrete Curbs""): state highway agencies' special provisions number
#: their sections so. (1) the words naming the part, (2) the title, (3) the number.
_TITLED_PART = re.compile(r"\b(Sections?[ \t]+(?P<number>\d{1,3}))(?![\w.-]|\.\d|[ \t]+\d)[ \t]*,?[ \t]*[\"“]"
                          r"([^\"”\n]{3,60}?)[,.]?[\"”]", re.IGNORECASE)


def _part_bears(reference: Reference, title: str, corpus: Corpus) -> bool:
    """Whether the part ``reference`` was placed at bears ``title`` in its document's outline (its name there, the
    number aside): a section named by number and title is that part only where both agree."""
    target = reference.target
    if target is None or target.path is None or corpus.names is None:
        return False
    return title_key(corpus.names(target.doc).get(target.path, "")) == title_key(title)


def _without_unplaced_parents(found: list[Reference]) -> list[Reference]:
    """The references less a whole article placed nowhere whose own clause the item names after it, placed
    nowhere either ("Document n°6, article 5 : il est ajouté un article 5.3 ainsi rédigé"): the article says where
    the new clause goes, the clause is what the item names; read as the clause alone, as before the pack read
    a French article by its whole number (round 58)."""
    unplaced = [r for r in found if r.kind == "paragraph" and r.target is None and not r.candidates]
    drop = set()
    for reference in unplaced:
        whole = _WHOLE_ARTICLE.fullmatch(" ".join(reference.written.split()))
        if whole is not None and any(other is not reference and other.span[0] > reference.span[0]
                                     and re.search(rf"(?<![\d.]){whole.group(1)}\.\d", other.written)
                                     for other in unplaced):
            drop.add(id(reference))
    return [r for r in found if id(r) not in drop] if drop else found


def _heading_documents(context: str, corpus: Corpus,
                       notations: Mapping[str, Sequence[re.Pattern[str]]] | None) -> list[Reference]:
    """The documents the innermost naming line of a heading ``context`` names when it names
    several whole ones of one kind, each held by the project ("DRAWINGS P-1 AND P-2 - PLUMBING
    PLANS" over "Replace with the attached sheets of the same numbers"): owners head one
    instruction for several documents so; an item naming nothing changes each of them."""
    for line in reversed([line for line in context.splitlines() if line.strip()]):
        named = [r for r in find_references(line, corpus, notations=notations) if not r.bound]
        if not named:
            continue
        kinds = {r.kind for r in named}
        targets = {r.target for r in named}
        if (len(kinds) == 1 and kinds <= {"section", "sheet"} and len(targets) > 1
                and all(r.target is not None and r.target.path is None and not r.cited for r in named)):
            return [replace(r, from_heading=True, span=(0, 0), resolved_by="heading") for r in named]
        return []
    return []


#: A provision named in words and its number alone ("Special Provision 102", "Technical
#: Specification No. 7").
_WORDED_PROVISION = re.compile(r"(?:Special|Supplemental|Technical|Standard)\s+(?:Provisions?|Specifications?)\s+"
                               r"(?:No\.?\s*|Number\s+|#\s*)?(\d{1,4})", re.IGNORECASE)


def _provision_by_number(number: str, span: tuple[int, int], corpus: Corpus, read: str) -> Reference:
    """A provision named in words and number that no code of the project reads ("Special
    Provision 102, Maintenance of Traffic"): state transportation owners number their special
    provisions as the sections they change, so the one document the agency numbers so is it
    where the title written after agrees with its own; else it is said, never silent."""
    from rapidfuzz import fuzz, utils

    label = " ".join(read[span[0]:span[1]].split())
    docs = _agency_section(number, corpus)
    titled = _TITLE_AFTER.match(read, span[1])
    if len(docs) == 1 and titled is not None and len(titled.group(1)) >= 6:
        held = corpus.directory.titles.get(docs[0], ("", ""))[1]
        if fuzz.token_set_ratio(titled.group(1), held, processor=utils.default_process) >= 75:
            return Reference("section", label, span, Locator(doc=docs[0]), resolved_by="code")
    return Reference("section", label, span, None, tuple(Locator(doc=d) for d in docs), "code",
                     why=f"names {label}, which no document of the project is numbered as with its title")


#: A clause of conditions named by its document's letters, its number and its title, as supplementary
#: conditions head each ("SGC 2 Working Hours: delete the clause ...", "SC 4 Insurance - add ..."):
#: the letters (1), the number (2), the title up to the punctuation closing it (3).
_CODED_TITLED = re.compile(r"(?-i:(?<![\w.-])([A-Z]{2,4})[ \t]+(\d{1,3})[ \t]+([A-Z][A-Za-z]+(?:[ \t]+[A-Za-z]+){0,5}))"
                           r"(?=[ \t]*[:,;.(–—-]|[ \t]*$)", re.MULTILINE)


def _coded_titled(match: re.Match[str], corpus: Corpus) -> Locator | None:
    """The one provision a code, number and title name together: the one document whose id is the
    letters (SPEC-SGC for "SGC"), and in it the provision whose path is the letters, the number and
    every word of the title, no other ("sgc-2-working-hours"); None where anything else fits or none."""
    letters = match.group(1).upper()
    docs = [doc for doc in corpus.directory.titles_of(corpus.target_kinds)
            if re.sub(r"^(?:SPEC|DOC)-", "", doc).upper() == letters]
    if len(docs) != 1:
        return None
    prefix = f"{letters.lower()}-{match.group(2)}"
    wanted = "-".join([prefix, *re.findall(r"[a-z0-9]+", match.group(3).lower())])
    numbered = [p for p in corpus.path_set(docs[0]) if p == prefix or p.startswith(prefix + "-")]
    return Locator(doc=docs[0], path=wanted) if numbered == [wanted] else None


#: A dotted number with the words written right before it ("... Additional Condition 1.2", "Particular
#: Specification 2.4"): the words (1), a "No." between (read past), the number (2).
_WORDS_THEN_PATH = re.compile(r"((?:[^\W\d_][\w'’-]*[ \t]+){1,6})(?:No\.?[ \t]*)?(\d{1,3}(?:\.\d{1,3})+)(?![\w]|\.\d)")


_WORD_AND_SPACE = re.compile(r"\S+\s+")


def _words_key(text: str) -> str:
    """Words compared as a part's title: letter case and punctuation aside, each word singular (``_singular``)."""
    return _singular(" ".join(re.findall(r"[^\W_]+", text.casefold())))


def _part_titles(corpus: Corpus) -> dict[str, list[tuple[str, str]]]:
    """A part's title as compared (``_words_key``) → the (document, path) of each part of the project's
    documents so titled that holds numbered provisions below it ("1 ADDITIONAL CONDITIONS" over 1.1, 1.2),
    built once a reading."""
    index: dict[str, list[tuple[str, str]]] = {}
    for doc in corpus.directory.titles_of(corpus.target_kinds):
        parents = {path.rsplit(".", 1)[0] for path in corpus.path_set(doc) if "." in path}
        for path, name in (corpus.names(doc) if corpus.names is not None else {}).items():
            if path in parents and len(name.split()) <= 6 and not re.search(r"\d", name):
                index.setdefault(_words_key(name), []).append((doc, path))
    return index


def _part_titled(match: re.Match[str], corpus: Corpus) -> tuple[tuple[Locator, ...], int] | None:
    """The provisions the words before a dotted number name by the title of the part of a document holding
    them ("Additional Condition 1.2" where a document of the project heads a part "1 ADDITIONAL CONDITIONS"
    and holds 1.2 under it; the words' last ones, as many as the title has), and where in the words the title
    starts; None where no document's part so titled holds the number. One such provision is the one named;
    several (documents alike in their parts' titles) are for a person to choose among."""
    words = match.group(1).split()
    index = corpus.once("part-titles", _part_titles)
    for size in range(len(words), 0, -1):
        key = _words_key(" ".join(words[-size:]))
        placed = sorted({Locator(doc=doc, path=found[0]) for doc, part in index.get(key, ())
                         if len(found := place_path(corpus, doc, match.group(2))[0]) == 1
                         and found[0].startswith(part + ".")}, key=lambda locator: locator.format())
        if placed:
            start = match.start(1)
            for _ in range(len(words) - size):
                start = _WORD_AND_SPACE.match(match.string, start).end()
            return tuple(placed), start
    return None


#: A provision named by a code of capitals, a dot and a number, as classification systems of
#: administrative provisions head each ("AFC.431 Kontraktstid", "AFB.52"): the letters (1), the number (2).
_DOTTED_CODE = re.compile(r"(?-i:(?<![\w.-])([A-Z]{2,4})\.(\d{1,4})(?![\w]|\.\d))")


def _coded_headings(corpus: Corpus) -> dict[str, list[Locator]]:
    """Code key ("afc-431") → the provisions across the project whose path opens with it, the code
    and then the heading's words ("afc-431-kontraktstid"), built once a reading."""
    index: dict[str, list[Locator]] = {}
    for doc in corpus.directory.titles_of(corpus.target_kinds):
        for path in corpus.path_set(doc):
            opened = re.match(r"([a-z]{2,4}-\d{1,4})(?:-|$)", path)
            if opened is not None:
                index.setdefault(opened.group(1), []).append(Locator(doc=doc, path=path))
    return index


def _dotted_code(match: re.Match[str], corpus: Corpus, within: Sequence[str] = ()) -> Locator | None:
    """The one provision of the project (of the documents ``within``, where the item names any) a dotted
    code names ("AFC.431" → ``afc-431-kontraktstid`` of the document holding it); None where none or
    several hold it."""
    found = corpus.once("dotted-codes", _coded_headings).get(f"{match.group(1).lower()}-{match.group(2)}", [])
    if within:
        found = [locator for locator in found if locator.doc in within]
    return found[0] if len(found) == 1 else None


def _titled_code(read: str, end: int, provision: Locator) -> bool:
    """Whether the words right after a dotted code are the whole title of the heading it names
    (``afc-431-kontraktstid`` and "AFC.431 Kontraktstid."; "AFB.52 Prövning av anbud utgår"): the
    title's words, every one, in order, first after the code; a code whose heading has no title in its
    path, or with other words after it ("AFC.431 ändras till"), is not."""
    title = re.sub(r"^[a-z]{2,4}-\d{1,4}-?", "", provision.path or "")
    if not title:
        return False
    words = re.findall(r"\w+", read[end:end + 200])
    wanted = title.split("-")
    return len(words) >= len(wanted) and slugify(" ".join(words[:len(wanted)]), "") == title


def _named_documents(read: str, corpus: Corpus) -> list[str]:
    """The documents of the project an item names by their id as written ("SPEC-TECH")."""
    return [doc for doc in sorted(corpus.directory.titles_of(corpus.target_kinds))
            if re.search(rf"(?<![\w.-]){re.escape(doc)}(?![\w-])", read)]


def _agency_section(number: str, corpus: Corpus) -> list[str]:
    """The documents an agency numbers as section ``number`` (a code of letters and it: "SS102")."""
    return sorted({doc for key, entries in corpus.directory.by_code.items()
                   if re.fullmatch(r"[A-Z]{1,5}" + number, key)
                   and key not in corpus.directory.by_sheet  # sheet S-203 is no section
                   for doc in corpus.directory.documents_for({key: entries}, key, corpus.target_kinds, corpus.as_of)})


def _asked_document(text: str, read: str, found: Sequence[Reference], corpus: Corpus) -> Reference | None:
    """The one section or sheet a question names, for the clauses and callouts its answer names
    alone ("Q: Under Section 26 05 43, clause 3.1 A, may ...? A: Yes; clause 3.1 A is amended
    accordingly"): owners answer in the question's terms without repeating its section. Read
    only before the first such clause, only where the text is not read (the question) and never
    inside quotation marks (quoted words are not where a clause is); None unless exactly one."""
    loose = [r for r in found if r.kind in ("paragraph", "callout")]
    if not loose:
        return None
    first = min(r.span[0] for r in loose)
    quoted = _quoted_spans(text)
    named: dict[str, Reference] = {}
    for pattern, kind in ((_WORDED_SECTIONS, "section"), (_SHEET_LIST, "sheet")):
        for match in pattern.finditer(text, 0, first):
            if read[match.start(1):match.end(1)].strip() or any(s <= match.start() < e for s, e in quoted):
                continue  # read already, or quoted
            refs = ([_section(n.group(0), (match.start(1) + n.start(), match.start(1) + n.end()), corpus, worded=True)
                     for n in _ONE_SECTION.finditer(match.group(1))] if kind == "section"
                    else _sheets(match.group(1), match.start(1), corpus, worded=True))
            for reference in refs:
                if reference.target is None:
                    return None
                named[reference.target.format()] = reference
    if not named:
        # a question in the owner's own language names the section by its spaced number alone, with
        # no word of ours before it ("Työselityksen kohdan 07 54 23, 2.1.A mukaan ...")
        for match in _BARE_SIX.finditer(text, 0, first):
            if (not match.group(2) or read[match.start():match.end()].strip()
                    or any(s <= match.start() < e for s, e in quoted)):
                continue
            reference = _section(match.group(0), match.span(), corpus, worded=True)
            if reference.target is None:
                return None
            named[reference.target.format()] = reference
    if len(named) != 1:
        return None
    return replace(next(iter(named.values())), from_heading=True, span=(0, 0), resolved_by="heading")


#: Words before a reference that cite it for what it says rather than name it as what changes.
_CITE = re.compile(
    r"\b(?:(?:as\s+)?(?:shown|indicated|noted|detailed|specified|described|required|scheduled|referenced|defined|outlined|"
    r"listed|covered|submitted|furnished|provided)\s+(?:on|in|by|under|with)|in\s+accordance\s+with|accordance\s+with|"
    r"complying\s+with|comply\s+with|conforming\s+to|conform\s+to|pursuant\s+to|per|see|refer\s+to|appended\s+to|"
    # (the same in Spanish, French, German and Danish: "conforme al numeral 2.3.B", "de acuerdo con", "según",
    # "conformément à", "selon", "gemäß", "i henhold til")
    r"conforme\s+a|de\s+acuerdo\s+(?:con|a)|seg[uú]n|conform[ée]ment\s+[àa]|selon|gem[äa](?:ß|ss)|i\s+henhold\s+til|"
    r"coordinate\s+with|related\s+to|requirements\s+of|under|by|"
    r"(?:replace[ds]?|substituted?|superseded|succeeded)\s+(?:it\s+|them\s+)?(?:with|by))\b[^.;:\n]{0,50}$", re.IGNORECASE)

#: Words of a provision that point at another, right before the one pointed at ("the reference to
#: Paragraph 2.1.C in Paragraph 3.3.B", "delete the mention of Section 03 20 00 from 3.3.C"): what
#: changes is the provision holding those words, never the one they point at (audit 50). ("In reference
#: to Section 35 31 00, replace ...", "All reference to Article 2.3 shall be superseded": the place the
#: item's instruction is on, or the provision itself.)
_REFERRED_TO = re.compile(r"\bthe\s+(?:(?:cross-?)?references?|mentions?|citations?)\s+(?:made\s+)?(?:to|of)\s+(?:the\s+)?"
                          r"(?:(?:spec(?:ification)?\s+)?sections?\s+)?$", re.IGNORECASE)

#: "All references to" (or "every reference to") before the provision pointed at: the references go
#: wherever they are held ("All references to Paragraph 2.2.B in Paragraph 2.2.C are deleted": the words
#: of 2.2.C go), the provision pointed at stays as it is (audit 51; with no holder named, round 52). "All
#: reference to ... Article 2.3 shall be superseded by ..." (one reference, the provision's) is no such run.
_ALL_REFERRED_TO = re.compile(r"\b(?:(?:all|any)\s+(?:the\s+)?(?:(?:cross-?)?references|mentions|citations)|"
                              r"(?:every|each|any)\s+(?:(?:cross-?)?reference|mention|citation))\s+(?:made\s+)?(?:to|of)\s+"
                              r"(?:the\s+)?$", re.IGNORECASE)

#: What is put in place of a requirement, the provision holding it named after ("In lieu of the
#: hinges specified in Section 08 71 00, ...", "Instead of the valves required in Clause 2.2.A"):
#: that provision is what changes, not a citation.
_INSTEAD = re.compile(r"\b(?:instead\s+of|in\s+lieu\s+of|in\s+place\s+of)\b[^.;:\n]{0,60}$", re.IGNORECASE)

#: Quoted words swapped, then the provision they are swapped in ('Replace "X" with "Y" in
#: sub-clause A', 'substitute "X" by "Y" within Paragraph 2.1.B'): owners of every kind put the
#: place after the two quotations; with the quotations masked only blanks stand between "with"
#: and "in", and the provision after is where the change is, not what replaces.
_SWAP_IN = re.compile(r"\b(?:replace[ds]?|substitute[ds]?)\s{3,}(?:with|by)\s{3,}(?:in|within|of|at)\s+(?:the\s+)?(?:existing\s+)?$",
                      re.IGNORECASE)

#: The title written after a designation ("Section 3 - Tender Submission Package"), its words in any
#: Latin letters ("Section VI, Spécifications techniques": an accented letter ended the title at "Sp").
_TITLE_AFTER = re.compile(r"[ \t]*[-–—:,]?[ \t]*(?!(?:Clause|Paragraph|Para|Article|Sub[-\w]*|Item|Page|Sheet|Section|Part|Schedule)\b)"
                          r"([A-ZÀ-ÖØ-Þ](?:[^\W\d_]|['’&/-])*(?:[ \t]+(?:(?:[^\W\d_]|['’&/-])+)){0,7})")


def _last_cell(read: str) -> int:
    """Where the last cell of a table row written with bars opens ("| 04 | Clauses 6.2.1 and 6.2.2 | Both are
    deleted ... |": at "Both"); the end of ``read`` where it has no bar."""
    body = read.rstrip().rstrip("|")
    return body.rfind("|") + 1 if "|" in body else len(read)


#: A bracketed letter or number right after a designation ("Section VI(A)", "Part 2 (B)"): one of the parts so designated.
_BRACKET_AFTER = re.compile(r"[ \t]?\((?-i:([A-Z]|\d{1,2}))\)")


def _bracket_titled(doc: str, mark: str, corpus: Corpus) -> bool:
    """Whether ``doc``'s title writes the bracketed ``mark`` right after the designation it opens with."""
    title = corpus.directory.titles.get(doc, ("", ""))[1]
    opening = corpus.designations.opening(title)
    return opening is not None and re.match(rf"[ \t]?\({re.escape(mark)}\)", title[len(opening):]) is not None


def _designates_another(read: str, doc: str, corpus: Corpus) -> bool:
    """Whether ``read`` designates a part of the bidding documents that is not ``doc`` (the part its heading
    designates): another document, none or several the heading's is not among, or a bracketed part ("Section
    IV(A)") ``doc``'s title does not write. A run of designations opening with one ``doc``'s title holds
    ("Section 5, Part 3" under a heading naming the "..., Section 5 Concrete" volume) names parts inside it."""
    for match in corpus.designations.run.finditer(read):
        if _CSI_PART.match(read, match.start()):
            continue
        outer = corpus.designations.one.match(match.group(0))
        if outer is not None and outer.end() < len(match.group(0)) and _titled_with(doc, outer.group(0), corpus):
            # ("Section 5, Part 3, Clause 3.2" under "VOLUME 2" where the heading's document is titled "Volume 2 ...,
            # Section 5 Concrete and Section 8 ...": the run opens with a part the heading's document is, the
            # designations after it are parts inside it, not another part of the tender however titled)
            continue
        bracket = _BRACKET_AFTER.match(read, match.end())
        if bracket is not None and not _bracket_titled(doc, bracket.group(1), corpus):
            return True
        reference = _designation(match.group(0), match.span(), corpus, read)
        if reference is None:
            continue
        if reference.target is not None and reference.target.doc != doc:
            return True
        if reference.target is None and doc not in {c.doc for c in reference.candidates}:
            return True
    return False


def _restated_part(read: str, match: re.Match[str], found: Sequence[Reference], corpus: Corpus) -> bool:
    """Whether the designation ``match`` stands in brackets and says again a part the words outside them name by the
    same number ("V poglavju 4 tehničnih specifikacij se ... doda nova točka 4.3 (In chapter 4, a new point 4.3 is
    added)", "В раздел 4 от Техническата спецификация ... (In section 4 a new point 4.4 is created)"): a gloss of the
    item's own words, naming the chapter or section of the document they name, not a document of the project
    designated so (held-out-64, -67). A bracketed designation naming no part the words outside do ("Clause 2.1 of
    the Technical Specifications (Section VII)") is read as written."""
    single = corpus.designations.single.fullmatch(match.group(0).strip())
    brackets = [b.span() for b in _BRACKET_WORDS.finditer(read)]
    if single is None or not any(s < match.start() and match.end() < e for s, e in brackets):
        return False
    label = re.compile(rf"(?<![\w.]){re.escape(single.group(2))}(?![\w.])", re.IGNORECASE)
    return any(r.kind == "paragraph" and label.search(r.written) is not None
               and not any(s <= r.span[0] and r.span[1] <= e for s, e in brackets) for r in found)


def _designation(written: str, span: tuple[int, int], corpus: Corpus, read: str = "") -> Reference | None:
    """A run of designations ("Part 3 Section VII") as the one document whose title opens with
    it (the whole run first, then each designation, the innermost first); None when no document
    of the project is designated so (it may be a part of a section: the item is read without it).
    A title written after it must fit that document's ("Section 3 - Tender Submission Package"
    is not "Section 3 Scope of Work"): else it names what the project does not hold."""
    directory = corpus.directory
    label = " ".join(written.split())
    keys = corpus.designations.keys(written)
    # ("Section VI(A) - Special Specifications": a bracketed letter after the designation marks one of the parts so
    # designated, its title after the bracket; of several documents designated so, those whose titles write it)
    bracket = _BRACKET_AFTER.match(read, span[1]) if read else None
    end = bracket.end() if bracket is not None else span[1]
    for key in keys:
        docs = directory.documents_for(corpus.designated(), key, corpus.target_kinds, corpus.as_of)
        if bracket is not None and len(docs) > 1 and key in keys[:2]:
            docs = [d for d in docs if _bracket_titled(d, bracket.group(1), corpus)] or docs
        if docs and (outer := _outer_holding(written, key, docs, corpus)) is not None:
            # ("Part 5, Section 3, Clause 3.1" where the project's Part 5 is one document holding a Section 3,
            # and other documents are each designated "Section 3": the run names Part 5's own Section 3)
            return Reference("section", label, span, Locator(doc=outer), resolved_by="designation")
        if len(docs) == 1 and docs[0] in corpus.once("other-tender-documents", _other_tender_documents):
            return Reference("section", label, span, None, why=(
                f"names {label}; the project's {label} ({docs[0]}) is of another tender than the one this addendum "
                "names by number"))
        if len(docs) == 1:
            titled = _TITLE_AFTER.match(read, end) if read else None
            if titled is not None and len(titled.group(1)) >= 6:
                from rapidfuzz import fuzz, utils

                held = directory.titles.get(docs[0], ("", ""))[1]
                if fuzz.token_set_ratio(titled.group(1), held, processor=utils.default_process) < 75:
                    return Reference("section", label, span, None, why=(
                        f'names {label} "{titled.group(1).strip()}"{UNFIT_TITLE}the project\'s {label} is "{held}"'))
                if others := _same_part_untold(titled.group(1), key, docs[0], corpus):
                    # ("PART 2 - STATEMENT OF REQUIREMENTS" where the project's one document titled "Part 2
                    # Section 6 Statement of Requirements" is a harbour's, and a market's "Section 6 - Statement
                    # of Requirements" writes no part: the same part of two bidding documents, one title telling
                    # what the other leaves out; the designation names neither for certain, round 79)
                    candidates = tuple(Locator(doc=d) for d in (docs[0], *others))
                    return Reference("section", label, span, None, candidates, "designation", why=(
                        f'{label} "{titled.group(1).strip()}" fits {len(candidates)} documents '
                        f"({', '.join(c.doc for c in candidates)}), the same part of the bidding documents, "
                        f"only {docs[0]} titled {label}; not guessed"))
            return Reference("section", label, span, Locator(doc=docs[0]), resolved_by="designation")
        if docs:
            # ("Section 2: Specifications, Clause 2.2.1" where two documents are each designated "Section 2",
            # one titled "Section 2 Specifications ...": the title written after the designation names it)
            fitting = _fitting_title(read, end, docs, directory) if read else []
            if len(fitting) != 1 and read:
                fitting = _tender_title(read, end, docs, corpus)
            if len(fitting) != 1:
                fitting = _own_tender_designated(docs, corpus)
            if len(fitting) == 1:
                return Reference("section", label, span, Locator(doc=fitting[0]), resolved_by="designation")
            if read and (foreign := _foreign_title(read, end, docs, directory)) is not None:
                # ("acknowledge it in Section 3, Tender Amendment Form" where the project's documents designated
                # Section 3 are other tenders' scopes and conditions: a title none of theirs shares a word of names
                # a document the project does not hold, as it does beside one document so designated)
                return Reference("section", label, span, None, why=(
                    f'names {label} "{foreign}"; none of the {len(docs)} documents of the project designated so '
                    f"({', '.join(docs)}) is titled so"))
            return Reference("section", label, span, None, tuple(Locator(doc=d) for d in docs), "designation",
                             why=f"{label} fits {len(docs)} documents ({', '.join(docs)}); not guessed")
    return None


def _tender_part_titled(written: str, span: tuple[int, int], read: str, corpus: Corpus,
                        designated: Sequence[Locator] = ()) -> Reference | None:
    """A designation and number placed at no document ("Section 4, Fabrication:" where the project's documents
    designated "Section 4" are other tenders', ``designated``, or the one so designated is titled otherwise), read as the part so numbered
    and titled of the tender the addendum is about: the one document of that tender (``_same_tender``, its title
    carrying the tender's number) whose outline's part of that number bears that title (held-out-76's "Page - 9 -,
    Section 4, Fabrication: add the following new Clause 4.3"), the instruction after its colon. None where no such
    document, or several."""
    number = re.fullmatch(r"[^\W\d_]+\.?[ \t]+(\d{1,3})", " ".join(written.split()))
    titled = _TITLE_AFTER.match(read, span[1])
    if (number is None or titled is None or corpus.names is None or not title_key(titled.group(1))
            or not re.match(r"[ \t]*:[ \t]*\S", read[titled.end(1):])):
        # (only the place an instruction opens with, its colon and the instruction after it on the line: a heading
        # "Section 3 - Execution" over items naming their own clauses is left to them)
        return None
    from rapidfuzz import utils

    numbers, own = _own_tender(corpus)
    text = " " + " ".join(utils.default_process(own).split()) + " "
    marks = corpus.directory.memo("tender-marks", corpus.target_kinds, _tender_marks)
    since, as_of = corpus.directory.since, corpus.as_of
    fitting = [doc for doc in corpus.directory.titles_of(corpus.target_kinds)
               if doc in marks and (as_of is None or doc not in since or since[doc] < as_of) and _same_tender(*marks[doc], numbers, text)
               and title_key(corpus.names(doc).get(number.group(1), "")) == title_key(titled.group(1))]
    if len(fitting) != 1 or any(d.doc in marks and _same_tender(*marks[d.doc], numbers, text) for d in designated):
        return None  # (a document of this tender designated so is what the designation may name)
    return Reference("paragraph", f"{' '.join(written.split())}, {titled.group(1).strip()}", (span[0], titled.end(1)),
                     Locator(doc=fitting[0], path=number.group(1)), resolved_by="outline")


def _same_part_untold(written: str, key: str, doc: str, corpus: Corpus) -> list[str]:
    """The other documents of the project that are the part ``doc`` is, its designation ``key`` aside: each titled
    with a designation ``doc``'s title opens with too ("Section 6" of "Part 2 Section 6 ..."), none of the kind of
    ``key`` ("Part"), and holding every word of the title ``written`` after the designation (two words or more
    beside linking words: "Statement of Requirements"). Two bidding documents' same part, only one title
    writing the part ``key`` names: ``key`` tells them apart only by a word the other title leaves out."""
    words = set(re.findall(r"\w+", written.lower())) - LINKING_WORDS
    if len(words) < 2:
        return []
    designations = corpus.designations
    directory = corpus.directory
    kind = re.sub(r"[^A-Z]+$", "", re.sub(r"\d.*$", "", key))

    def opening_keys(of: str) -> list[str]:
        opening = designations.opening(directory.titles.get(of, ("", ""))[1])
        return designations.keys(opening, whole=False) if opening is not None else []

    others: set[str] = set()
    for shared in opening_keys(doc):
        if "/" in shared or shared == key:
            continue
        for other in directory.documents_for(corpus.designated(), shared, corpus.target_kinds, corpus.as_of):
            if other == doc or other in others:
                continue
            if any(k.startswith(kind) and "/" not in k for k in opening_keys(other)):
                continue  # (its title writes a part of its own)
            if words <= set(re.findall(r"\w+", directory.titles.get(other, ("", ""))[1].lower())):
                others.add(other)
    return sorted(others)


#: A bracket opened right before a designation: an aside to the name written before it.
_BRACKETED = re.compile(r"\([ \t]*$")


def unheld_designation(text: str, corpus: Corpus, docs: Sequence[str]) -> str | None:
    """The first run of designations ``text`` writes ("Sección I", "Section II, Instructions to Bidders"), not in a
    bracket, that no title of the project writes, anywhere in it, where no run of ``text`` designates one of
    ``docs`` and none of its labels is a part of the outline of any of ``docs`` (it may be that document's own
    part: "Section 3, Clause 3.1" of a specification holding a section 3): the item names a part of the bidding
    documents the project does not hold, and a clause it names is that part's, not one of ``docs``. None where it
    writes none."""
    words = corpus.designations
    if not words or not docs:
        return None
    directory = corpus.directory
    titled = corpus.once("titled-designations", _titled_designations)
    unheld = None
    for match in words.run.finditer(text):
        if _CSI_PART.match(text, match.start()) or _BRACKETED.search(text, 0, match.start()):
            continue  # (a bracket restating the name before it, "Works Requirements (Volume A), clause 3.3.3")
        keys = words.keys(match.group(0))
        named = {doc for key in keys
                 for doc in directory.documents_for(corpus.designated(), key, corpus.target_kinds, corpus.as_of)}
        if named & set(docs):
            return None  # the item names the document it changes
        if unheld is None and not named and not set(keys) & titled:
            labels = {m.group(2) for m in words.single.finditer(match.group(0))}
            if not any(labels & corpus.path_set(doc) for doc in docs):
                unheld = " ".join(match.group(0).split())
    return unheld


def _titled_designations(corpus: Corpus) -> frozenset[str]:
    """Every designation a title of the project writes anywhere in it, a dot after its label aside ("Pliego de
    Cargos, Capítulo III ...", "Secção IX. Especificações Técnicas"): a part some document is of."""
    words = corpus.designations
    return frozenset(key for _, title in corpus.directory.titles.values()
                     for match in words.one.finditer(re.sub(r"(?<=\w)\.(?=\s)", " ", title))
                     for key in words.keys(match.group(0)))


def _outer_holding(written: str, key: str, docs: Sequence[str], corpus: Corpus) -> str | None:
    """The one document an earlier designation of the run ``written`` names, where the later designation
    (``key``, which designates ``docs``, none of them that document) is a part of its outline: "Part 5,
    Section 3" where Part 5 is a document whose outline holds a section 3. None unless the earlier
    designations together name exactly one document, not one of ``docs``, whose outline holds that part
    by its label, and the whole run designates no document (a document designated "Part 5 Section 3" is
    meant)."""
    words = corpus.designations
    designations = [m.group(0) for m in words.one.finditer(written)]
    if len(designations) < 2 or words.keys(designations[-1]) != [key]:
        return None
    directory = corpus.directory
    whole = words.keys(written)[0]
    if directory.documents_for(corpus.designated(), whole, corpus.target_kinds, corpus.as_of):
        return None
    named = {doc for outer in designations[:-1] for doc in directory.documents_for(
        corpus.designated(), words.keys(outer)[0], corpus.target_kinds, corpus.as_of)}
    if len(named) != 1 or named & set(docs):
        return None
    doc = next(iter(named))
    part = re.search(r"(\w+)$", designations[-1])
    if part is None or part.group(1) not in corpus.path_set(doc):
        return None
    return doc


#: What may stand between two designations of one run of words naming one place: the first's title
#: in words, commas and dashes; no conjunction, no sentence's end, no number (two documents listed,
#: "Section II and Section III", "Section II; Section III", are no run).
_TITLE_BETWEEN = re.compile(r"[ \t]*[-–—,:]?[ \t]*(?:(?!(?:and|or|to|of|in|under)\b)[A-Za-z'’&/]+[ \t]*[-–—,]?[ \t]*){0,8}")


def _titled_with(doc: str, written: str, corpus: Corpus) -> bool:
    """Whether the title of ``doc`` holds the designation ``written`` ("Part 2" in "Section VII Works
    Requirements, Part 2 Specifications")."""
    held = corpus.directory.titles.get(doc, ("", ""))[1]
    designations = corpus.designations
    return bool(set(designations.keys(written)) & {key for m in designations.one.finditer(held)
                                                   for key in designations.keys(m.group(0))})


def _within_chain(named: Reference, reference: Reference, written: str, corpus: Corpus) -> Reference | None:
    """A designation written after another that named a document (``named``), its title between:
    None where that document's own title holds the later designation (it is a part of the title,
    "Section VII - Works Requirements, Part 2" for a Section VII titled "Works Requirements, Part 2
    Specifications"); ``reference`` where it designates that same document; else unresolved, its
    candidates both documents (one run naming two documents is not read as both, nor as either)."""
    assert named.target is not None
    doc = named.target.doc
    if _titled_with(doc, written, corpus):
        return None
    if reference.target is not None and reference.target.doc == doc:
        return reference
    others = [reference.target] if reference.target is not None else list(reference.candidates)
    candidates = tuple(dict.fromkeys([Locator(doc=doc), *(Locator(doc=o.doc) for o in others)]))
    return replace(reference, target=None, candidates=candidates, why=(
        f"{named.written} and then {reference.written} in one run of words designate different documents "
        f"({', '.join(c.doc for c in candidates)}): not guessed"))


def _fitting_title(read: str, end: int, docs: Sequence[str], directory: TargetDirectory) -> list[str]:
    """Of ``docs`` (each designated as the item writes), the one whose own title holds every word of
    the title written right after the designation, where no other of them shares a word of it (else
    none: "Section VIII, Particular Conditions of Contract" where the other Section VIII is "Special
    Conditions of Contract" is two documents' words, left to a person)."""
    titled = _TITLE_AFTER.match(read, end)
    if titled is None or len(titled.group(1)) < 6:
        return []
    words = set(re.findall(r"\w+", titled.group(1).lower())) - LINKING_WORDS
    held = {d: set(re.findall(r"\w+", directory.titles.get(d, ("", ""))[1].lower())) for d in docs}
    fitting = [d for d in docs if words and words <= held[d]]
    if len(fitting) != 1 or any(words & held[d] for d in docs if d != fitting[0]):
        return []
    return fitting


def _foreign_title(read: str, end: int, docs: Sequence[str], directory: TargetDirectory) -> str | None:
    """The title written right after a designation, each of its words capitalised ("Tender Amendment Form"),
    that fits no title of ``docs`` (each designated as the item writes) as a title written after the one
    document so designated must fit its own (``_designation``): it names a document the project does not
    hold. None where one title fits, or none is written so."""
    titled = _TITLE_AFTER.match(read, end)
    if titled is None or len(titled.group(1)) < 6:
        return None
    written = titled.group(1).split()
    if len(written) < 2 or not all(w[:1].isupper() for w in written if w.lower() not in LINKING_WORDS):
        return None
    from rapidfuzz import fuzz, utils

    title = " ".join(written)
    if any(fuzz.token_set_ratio(title, directory.titles.get(d, ("", ""))[1], processor=utils.default_process) >= 75
           for d in docs):
        return None
    return title


def _tender_title(read: str, end: int, docs: Sequence[str], corpus: Corpus) -> list[str]:
    """Of ``docs`` (each designated as the item writes), the one whose own title holds every word of the title
    written right after the designation and is of the tender the addendum is about (``_tender_documents``),
    where several titles hold those words ("SECTION VI - WORKS REQUIREMENTS, TECHNICAL SPECIFICATIONS" heading
    an amendment to one ITB's bidding documents, in a project holding another tender's Section VI so titled):
    the designation, the title and the tender agree on one (round 59); else none."""
    titled = _TITLE_AFTER.match(read, end)
    if titled is None or len(titled.group(1)) < 6:
        return []
    words = set(re.findall(r"\w+", titled.group(1).lower())) - LINKING_WORDS
    tender = corpus.once("tender-documents", _tender_documents)
    fitting = [d for d in docs if d in tender and words
               and words <= set(re.findall(r"\w+", corpus.directory.titles.get(d, ("", ""))[1].lower()))]
    return fitting if len(fitting) == 1 else []


#: Words linking a title's words, in the languages the stock pack reads ("General Conditions of Contract",
#: "Anexo Técnico de la Obra"): no word saying which document; a title's run goes on over them.
LINKING_WORDS = frozenset({"of", "the", "and", "for", "to", "in", "a", "an", "on", "de", "del", "la", "las", "los", "y",
                           "et", "des", "du", "le", "les", "da", "do", "das", "dos", "e", "und", "der", "og"})


def _clauses_after(read: str, end: int, take: Callable[[Reference], None],
                   free: Callable[[int, int], bool]) -> None:
    """The clauses a designation is followed by ("Schedule-D, 2.3 and 2.4"), each a paragraph."""
    after = _AFTER_DESIGNATION.match(read, end)
    if after is None:
        return
    offset = after.start(1)
    for clause in re.finditer(_CLAUSE, read[offset:after.end()]):
        span = (offset + clause.start(), offset + clause.end())
        if free(*span):
            take(Reference("paragraph", clause.group(0), span, None, why=clause.group(0)))


#: A numbered part of a designated document written after it and its title ("Exhibit B, Statement of
#: Work, Section 6, Support and Maintenance", "Exhibit E, Interim Agreement ..., Section 3, General"):
#: the document's own part by its number ("Attachment 1, Section 2.3, Laboratory Analysis": an
#: attachment's clause), not a document of its own; a dash may set the title off ("ATTACHMENT B - SOW,
#: Section 2.2", round 52).
_PART_AFTER_TITLE = re.compile(
    r"[ \t]*+[,–—-][ \t]*+(?:(?-i:[A-Z])[\w'’&/-]*+(?:[ \t]++[\w'’&/-]++){0,7}?[ \t]*+,[ \t]*+)?"
    r"(?P<part>(?:Sections?|Articles?|Parts?)[ \t]++(?P<number>\d{1,2}(?:\.\d{1,3}){0,3}))(?![\w.]|[ \t]*+\d)", re.IGNORECASE)


def _part_after_title(read: str, end: int, doc: str, corpus: Corpus, take: Callable[[Reference], None],
                      free: Callable[[int, int], bool]) -> None:
    """The numbered part a designation and its title are followed by, as a paragraph of that
    document, where its outline holds a part so numbered (else it is left to be read as it was)."""
    after = _PART_AFTER_TITLE.match(read, end)
    if after is None or not corpus.exists(Locator(doc=doc, path=after.group("number"))):
        return
    if _titled_with(doc, after.group("part"), corpus):
        return  # ("Section VII - Works Requirements, Part 2" where Part 2 is of Section VII's own title)
    if free(*after.span("part")):
        take(Reference("paragraph", " ".join(after.group("part").split()), after.span("part"), None,
                       why=after.group("number")))


#: (and the Slovenian "nova točka 4.3", "nov člen", round 77; the Spanish "el siguiente punto 2.4", "el nuevo numeral",
#: "la siguiente cláusula" after a verb that adds, round 79)
_NEW = re.compile(r"\b(?:new|nov[aoi]?|nuev[oa]|(?:el|la)\s+siguiente)\s+$", re.IGNORECASE)
_ADDED_SHEET = re.compile(r"\b(?:add(?:ed|s|ing)?|new|insert(?:ed|s|ing)?)\s+(?:(?:the|a|an)\s+)?(?:new\s+)?"
                          r"(?:contract\s+)?(?:sheets?|drawings?|dwgs?\.?)\s*(?:nos?\.?\s*)?$", re.IGNORECASE)
_WHERE = re.compile(r"\b(?:after|following|before|preceding)\s+(?:the\s+)?(?:existing\s+)?"
                    r"(?:sub-?paragraphs?|paragraphs?|paras?\.|articles?|clauses?|sub-?sections?)?\s*$"
                    # (Slovenian "se za točko 4.2 doda nova točka 4.3": "za", after, right before the clause's noun; read
                    # only where the item names a new clause, round 77)
                    r"|\bza\s+$"
                    # (Spanish "Agrégase a continuación del punto 2.3 ... el siguiente punto 2.4", after; round 79)
                    r"|\ba\s+continuaci[óo]n\s+(?:del?|de\s+la)\s+$", re.IGNORECASE)


#: A participle that places the subject of a sentence ("The scope of work shown on Drawing M-301,
#: Detail 1, is hereby revised to include ...", "The pipe indicated on Sheet P-2 is changed to ..."):
#: what is shown there is what the sentence's passive verb changes, so the reference names the target.
_PLACING = re.compile(r"(?<!\bas\s)\b(?:shown|indicated|noted|detailed|specified|described)\s+(?:on|in)\b[^.;:\n]{0,50}$", re.IGNORECASE)
_PASSIVE_CHANGE = re.compile(r"[^.;:\n]{0,30}?\b(?:is|are|ha(?:s|ve)\s+been|shall\s+be)\s+(?:hereby\s+)?(?:revised|changed|amended|modified|corrected|"
                             r"deleted|replaced|increased|reduced)\b", re.IGNORECASE)


def _subject(read: str, span: tuple[int, int]) -> bool:
    """Whether a reference a participle cites is in fact the subject's place: the sentence opens
    with what is shown there and its passive verb comes right after ("The scope of work shown on
    Drawing M-301, Detail 1, is hereby revised to include")."""
    window = read[max(0, span[0] - 110):span[0]]
    stop = max(window.rfind(". "), window.rfind(":"), window.rfind(";"), window.rfind("\n"))
    opening = window[stop + 1:] if stop >= 0 else window
    return bool(re.match(r"\s*(?:\d{1,3}[.)]\s+|[A-Z][.)]\s+|[-*•]\s+)?(?:the|all|any|each)\b", opening, re.IGNORECASE)
                and _PLACING.search(opening) and _PASSIVE_CHANGE.match(read, span[1]))


#: A second instruction joined to the first in its sentence by "and" (or "then"), naming a provision of its
#: own by its word: an imperative change verb before it ("... and delete Paragraph 2.1.B", "... and revise
#: Paragraph 2.1.C to read ..."), its own passive change verb after it (", and Paragraph 2.1.B is deleted") or a colon
#: and its own imperative verb after it ("... and Paragraph 2.1.B: change ...").
#: (A run of spaces is entered at its first only: a blanked quotation is never rescanned from each of its
#: positions.) The match ends where the second instruction opens: what it names is its own verb's, never the first
#: verb's object nor words the first cites (audit 60). The one decision for the references, the place a
#: heading paragraph gives (``extent.place_before_object``) and the action each target's clause reads.
SECOND_INSTRUCTION = re.compile(
    r"(?:,\s*+|(?<![\s,])\s++)(?:and|then)\s++(?="
    r"(?:delete|remove|omit|strike|revise|replace|substitute|add|insert|change|modify|amend|correct)\s+(?:the\s+)?"
    r"(?:entire\s+)?(?:sub-?)?(?:paragraph|para\.|article|clause|section|item|note)s?\s+\S*\d"
    r"|(?:the\s+)?(?:sub-?)?(?:paragraph|para\.|article|clause|section|item|note)s?\s+\S*\d[^\s,;]*(?:\s+[A-Z](?!\w))?\s+"
    r"(?:is|are)\s+(?:hereby\s+)?(?:deleted|removed|omitted|struck|revised|replaced|amended|changed|modified|corrected)\b"
    # (or its provision set off by a colon before its own imperative verb: '... and Paragraph 2.1.B: change "0.45" to
    # "0.40"', audit 64)
    r"|(?:the\s+)?(?:sub-?)?(?:paragraph|para\.|article|clause|section|item|note)s?\s+\S*\d[^\s,;:]*\s*:\s*"
    r"(?:delete|remove|omit|strike|revise|replace|substitute|add|insert|change|modify|amend|correct)\b)",
    re.IGNORECASE)


def _cites(read: str, start: int, by_changing: re.Pattern[str]) -> bool:
    """Whether the words just before ``start``, in the same sentence, cite what follows (a second
    instruction opening between them, ``SECOND_INSTRUCTION``, cites nothing of the first's: 'Replace "X"
    with "Y" and delete Paragraph 2.2.B' deletes 2.2.B, it is not what "X" is replaced with)."""
    window = read[max(0, start - 70):start]
    stop = max(window.rfind(". "), window.rfind(":"), window.rfind(";"), window.rfind("\n"))
    clause = window[stop + 1:] if stop >= 0 else window
    # (the second instruction's provision lies just past ``start``: its words are read so far, no further)
    opened = [m.end() for m in SECOND_INSTRUCTION.finditer(read, max(0, start - len(clause)), start + 120)
              if m.end() <= start]
    if opened:
        clause = read[opened[-1]:start]
    if _REFERRED_TO.search(clause):
        return True  # "the reference to Paragraph 2.1.C in Paragraph 3.3.B is deleted": words of 3.3.B go, 2.1.C stays
    if _ALL_REFERRED_TO.search(clause):
        # "all references to Paragraph 2.2.B in Paragraph 2.2.C are deleted": the same, each of them; and with
        # no holder named ("Delete all references to Paragraph 2.2.B"): the references go wherever they are,
        # 2.2.B itself stays as it is (round 52)
        return True
    if _INSTEAD.search(clause):
        return False  # "instead of the valves required in Clause 2.2.A": the provision whose requirement goes
    if by_changing.search(clause):
        return False  # "the documents are amended by removing Drawing E-501": the provision the change takes
    if _SWAP_IN.search(clause):
        return False  # 'Replace "4 feet" with "5 feet" in paragraph B': the paragraph the words change in
    if _PLACE_FIRST.fullmatch(clause):
        # "2. Under Section 33 32 16, ..., Article 2.1 - revise paragraph A": the preposition opening the
        # sentence places the change (owners name where, then instruct); "work under Section ..." cites
        return False
    return bool(_CITE.search(clause))


#: "by" and a change verb's gerund right before the reference ("amended by removing Drawing E-501",
#: "revised by deleting Paragraph 2.1.B"): how the change is made, the reference its object, no citation.
#: The pack's ``by_changing`` (the article after the gerund theirs too), up to two words before the reference.
_BY_CHANGING = r"\b(?:{words})\s+(?:[A-Za-z]+\.?\s+){0,2}$"


@functools.lru_cache(maxsize=16)
def _by_changing(words: str) -> re.Pattern[str]:
    """``_BY_CHANGING`` with the pack's ``by_changing`` (an alternation, "" where no rule lists any: a pattern
    matching nothing), compiled once per list."""
    return re.compile(_BY_CHANGING.replace("{words}", words), re.IGNORECASE) if words else re.compile(r"(?!)")


#: A preposition opening its sentence right before the reference (a place, not a citation).
_PLACE_FIRST = re.compile(r"\s*(?:under|within)\s+(?:(?:spec(?:ification)?\s+)?sections?\s+(?:no\.?\s*)?)?", re.IGNORECASE)


def _path_after_section(read: str, at: int, take: Callable[[Reference], None], free: Callable[[int, int], bool]) -> None:
    """The article or paragraph written right after a section's number ending at ``at``
    ("Section 03 30 00, 2.1.A", "Section 31 23 33, 3.2 BACKFILLING"), taken as a paragraph reference."""
    after = _AFTER_SECTION.match(read, at)
    group = 0 if after is None else (1 if after.group(1) else 2)
    if after is None or not free(*after.span(group)):
        return
    letter = _SPACED_LETTER.match(read, after.end()) if re.fullmatch(r"[\d.]+", after.group(group)) else None
    if letter is None and re.fullmatch(r"[\d.]+", after.group(group)):
        # "Section 10 44 00, 3.1 Installation, A |": the article's title between its number and the
        # paragraph's letter, the letter closing the reference (a cell's end, a colon)
        titled = _TITLE_THEN_LETTER.match(read, after.end())
        letter = _SPACED_LETTER.match(read, titled.end()) if titled is not None else None
    if letter is not None:  # "Section 03 30 00, 2.1 B: delete": paragraph B of 2.1, not the article
        take(Reference("paragraph", read[after.start(group):letter.end()], (after.start(group), letter.end()),
                       None, why=f"{after.group(group)}.{letter.group(1)}"))
        return
    take(Reference("paragraph", after.group(group), after.span(group), None, why=after.group(group)))


def heading_document(context: str, corpus: Corpus,
                     notations: Mapping[str, Sequence[re.Pattern[str]]] | None = None) -> Reference | None:
    """The one target the heading ``context`` names (its innermost line that names exactly
    one: a section or sheet, or a paragraph of one), as a reference read from the heading;
    None when none does. A line naming only a part, and no document ("2.1 LUMINAIRES" under
    "SECTION 26 56 00 - EXTERIOR LIGHTING"), is an article subheading: the part is read in the
    document a line above it names (the nearest), else nothing is inherited."""
    lines = [line for line in context.splitlines() if line.strip()]
    for index in range(len(lines) - 1, -1, -1):
        found = find_references(lines[index], corpus, notations=notations)
        named = [r for r in found if not r.bound]
        if named and all(r.kind == "name" and r.target is None for r in named):
            # "AMENDMENT NO. 1 TO COOPERATIVE AGREEMENT (EXHIBIT D)": the amendment's own name, which
            # is no part of the document the line names; the document is what the heading names
            named = [replace(r, bound=False) for r in found if r.kind != "name"]
        chain = _one_chain([r for r in named if r.target is not None])
        if chain is not None and all(r.target is not None for r in named):
            # "Part 3.1 Hardware Sets, Subpart B:": an article and a paragraph of it are one place,
            # the paragraph
            first = chain
            return replace(first, from_heading=True, span=(0, 0),
                           resolved_by="heading" if first.by_number else first.resolved_by)
        article = _ARTICLE_LINE.fullmatch(lines[index]) if not named and index else None
        if article is not None:
            # "2.1 BLOCK" under "SECTION 04 22 00 - ...": the article of the section named above
            # (where the section holds it; else the line is passed over, as a title naming nothing)
            outer = heading_document("\n".join(lines[:index]), corpus, notations)
            if outer is not None and outer.target is not None and outer.target.path is None:
                paths, _ = place_path(corpus, outer.target.doc, article.group(1) or article.group(2))
                if len(paths) == 1:
                    return Reference("paragraph", article.group(1) or article.group(2), (0, 0),
                                     Locator(doc=outer.target.doc, path=paths[0]),
                                     resolved_by="heading", from_heading=True)
            continue
        if named and index and all(_loose_part(r) for r in named):
            # owners put each article's number and title between a section's heading and its
            # instructions: the article of the section named above, else that section
            outer = heading_document("\n".join(lines[:index]), corpus, notations)
            if outer is None or outer.target is None or any(
                    (r.kind == "callout") != (outer.kind in ("sheet", "callout")) for r in named):
                return None  # (a note under a section's heading, a paragraph under a sheet's: not its)
            inner = [r for r in find_references(lines[index], corpus, notations=notations, context="\n".join(lines[:index]))
                     if not r.bound and not r.from_heading]
            chain = _one_chain([r for r in inner if r.target is not None])
            if (chain is not None and all(r.target is not None for r in inner)
                    and chain.target is not None and chain.target.doc == outer.target.doc):
                return replace(chain, from_heading=True, span=(0, 0), resolved_by="heading")
            return outer
        if named:
            return None  # the heading names something, but not one thing: nothing is inherited
    return None


#: A line that is an article's number and its title alone ("2.1 BLOCK", "## 3.2 CLEANING.", "**2.3 Mortar**"),
#: or a clause's number and its quoted title alone: owners amending clause by clause head each change
#: with the clause's full number and its title in quotation marks ('4.2.C "Sealant joints"', then the
#: instruction on "this paragraph" below it).
_ARTICLE_LINE = re.compile(r"[ \t]*(?:#{1,6}[ \t]+)?[*_]*(\d{1,2}\.\d{1,3})\.?[ \t]+(?-i:[A-Z])[^.:;\n]{0,60}?\.?[*_]*[ \t]*"
                           r"|[ \t]*[*_]*(\d{1,2}\.\d{1,3}(?:\.(?-i:[A-Z]))?)\.?[ \t]+[\"\u201c](?-i:[A-Z])[^\"\u201d\n]{0,80}"
                           r"[\"\u201d][*_]*[ \t]*")


def _loose_part(reference: Reference) -> bool:
    """Whether ``reference`` is a paragraph or callout read in no document (none named with it)."""
    return (reference.kind in ("paragraph", "callout") and reference.target is None and not reference.candidates
            and bool(reference.why) and str(reference.why).endswith("it belongs to"))


def _one_chain(named: Sequence[Reference]) -> Reference | None:
    """The one target ``named`` comes to: the same one each time, or provisions of one document
    each inside the next (its section, an article, a paragraph of it), the innermost; None when
    they name two places."""
    if not named:
        return None
    deepest = max(named, key=lambda r: -1 if r.target.path is None else r.target.path.count(".") + 1)
    inner = deepest.target
    for reference in named:
        outer = reference.target
        if outer.doc != inner.doc or not (outer.path is None or outer.path == inner.path
                                          or (inner.path or "").startswith(outer.path + ".")):
            return None
    return next(r for r in named if r.target == inner)


def _section(written: str, span: tuple[int, int], corpus: Corpus, *, worded: bool, title: str = "") -> Reference:
    """A section by number: six digits (a level suffix kept), or five (CSI 1995). A five-digit number
    ending "00" with its ``title`` listed beside it ("09900 - Painting") names a broad section that 2004
    numbering split: the one section of its group ("09 9x xx") holding that very title."""
    digits = re.sub(r"\s", "", written)
    if re.fullmatch(_HYPHENATED, digits):
        digits = digits.replace("-", "")  # "23-0593": Section 23 05 93
    kinds = corpus.target_kinds
    directory = corpus.directory
    label = " ".join(written.split())
    if re.fullmatch(r"\d{5}", digits):
        docs = directory.documents_for(directory.by_number5, digits, kinds, corpus.as_of)
        how = "number"
        if not docs:  # a CSI 1995 number where the project numbers sections the 2004 way
            prefix = digits[:4]
            docs = sorted({doc for key, entries in _prefixed(directory, prefix)
                           for doc in directory.documents_for({key: entries}, key, kinds, corpus.as_of)})
            how = "number-1995"
        if not docs and digits.endswith("00") and title:
            wanted = " ".join(title.split()).casefold()
            docs = sorted({doc for key, entries in _prefixed(directory, digits[:3])
                           for doc in directory.documents_for({key: entries}, key, kinds, corpus.as_of)
                           if " ".join(directory.titles.get(doc, ("", ""))[1].split()).casefold() == wanted})
    else:
        docs = directory.documents_for(directory.by_number, digits, kinds, corpus.as_of)
        how = "number"
        if not docs and "." not in digits and len(digits) == 6:  # a 2004 number where sections are numbered 1995's way
            docs = sorted({doc for key, entries in directory.by_number5.items() if key.startswith(digits[:4])
                           for doc in directory.documents_for({key: entries}, key, kinds, corpus.as_of)})
            how = "number-1995"
    if len(docs) == 1:
        return Reference("section", label, span, Locator(doc=docs[0]), resolved_by=how)
    if docs:
        return Reference("section", label, span, None, tuple(Locator(doc=d) for d in docs), how,
                         why=f"Section {label} fits {len(docs)} documents ({', '.join(docs)}); not guessed")
    if not worded and " " not in written:
        return Reference("section", label, span, None)  # a run of six digits that names nothing here
    if _later(directory, digits):
        held = directory.documents_for(directory.by_number, digits, kinds, None) or directory.documents_for(
            directory.by_number5, digits, kinds, None)
        return Reference("section", label, span, None, later=Locator(doc=held[0]) if len(held) == 1 else None,
                         why=f"names Section {label}, first issued on or after this item's date (new, not changed)")
    return Reference("section", label, span, None, why=not_held(f"Section {label}"))


def _later(directory: TargetDirectory, digits: str) -> bool:
    return bool(directory.by_number.get(digits) or directory.by_number5.get(digits))


def _prefixed(directory: TargetDirectory, prefix: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """The six-digit numbers of the directory starting with ``prefix`` (a 1995 number's first four)."""
    return [(key, entries) for key, entries in directory.by_number.items()
            if len(key) == 6 and key.startswith(prefix)]


def _sheets(written: str, offset: int, corpus: Corpus, *, worded: bool) -> list[Reference]:
    """Each sheet of a list or range ("A-101, A-102 and A-201", "A-101 through A-104")."""
    directory = corpus.directory
    numbers = list(re.finditer(rf"(?-i:{SHEET_NUMBER})", written))
    found: list[Reference] = []
    for index, number in enumerate(numbers):
        between = written[numbers[index - 1].end():number.start()] if index else ""
        if index and _RANGE_WORD.fullmatch(between):
            found += _range(numbers[index - 1].group(0), number.group(0), offset + numbers[index - 1].start(),
                            offset + number.end(), corpus, spelled=bool(re.search(r"thr(?:ough|u)", between, re.I)))
        span = (offset + number.start(), offset + number.end())
        docs = directory.documents_for(directory.by_sheet, normalize_sheet(number.group(0)), corpus.target_kinds,
                                       corpus.as_of)
        if len(docs) == 1:
            found.append(Reference("sheet", number.group(0), span, Locator(doc=docs[0]), resolved_by="sheet"))
        elif docs:
            found.append(Reference("sheet", number.group(0), span, None, tuple(Locator(doc=d) for d in docs), "sheet",
                                   why=f"Sheet {number.group(0)} fits {len(docs)} documents; not guessed"))
        elif (revised := _REVISION_MARK.fullmatch(number.group(0))) is not None and len(base := directory.documents_for(
                directory.by_sheet, normalize_sheet(revised.group(1)), corpus.target_kinds, corpus.as_of)) == 1:
            # "Drawing C-103R - Revised and attached": the sheet the project holds, marked as revised
            found.append(Reference("sheet", number.group(0), span, Locator(doc=base[0]), resolved_by="sheet-revised"))
        elif worded or directory.by_sheet.get(normalize_sheet(number.group(0))):
            # (a bare number is read only where the project holds the sheet; held, but first issued
            # after the item, it is said, never passed over)
            later = directory.by_sheet.get(normalize_sheet(number.group(0)))
            held = directory.documents_for(directory.by_sheet, normalize_sheet(number.group(0)), corpus.target_kinds,
                                           None) if later else []
            found.append(Reference("sheet", number.group(0), span, None, later=Locator(doc=held[0]) if len(
                held) == 1 else None, why=(
                f"names Sheet {number.group(0)}, first issued on or after this item's date (new, not changed)"
                if later else not_held(f"Sheet {number.group(0)}"))))
    return found


#: A sheet number with a revision mark after it ("C-103R"): owners who reissue a sheet mark its
#: number so; read as the sheet the project holds only where it holds no sheet of the marked number.
_REVISION_MARK = re.compile(r"(.*\d)R")


def _range(first: str, last: str, start: int, end: int, corpus: Corpus, *, spelled: bool = False) -> list[Reference]:
    """The sheets strictly between ``first`` and ``last`` of one series (same letters, same
    number width), each as the project holds it. A range spelled "through"/"thru" may run
    across the hundreds ("E-101 thru E-201": the plans and the first sheet of the next group, as
    sheet lists number them); a dash or "to" stays within 60."""
    a, b = re.fullmatch(r"([A-Z]+)-?(\d+)(.*)", first), re.fullmatch(r"([A-Z]+)-?(\d+)(.*)", last)
    if a is None or b is None or a.group(1) != b.group(1) or a.group(3) or b.group(3):
        return []
    low, high = int(a.group(2)), int(b.group(2))
    if not 0 < high - low <= (200 if spelled and len(a.group(2)) == len(b.group(2)) == 3 else 60):
        return []
    found = []
    for key, entries in corpus.directory.by_sheet.items():
        m = re.fullmatch(r"([A-Z]+)(\d+)", key)
        if m and m.group(1) == a.group(1) and low < int(m.group(2)) < high:
            docs = corpus.directory.documents_for({key: entries}, key, corpus.target_kinds, corpus.as_of)
            if len(docs) == 1:
                found.append(Reference("sheet", key, (start, end), Locator(doc=docs[0]), resolved_by="sheet"))
    return found


#: The words between the two ends of a range of paragraphs: "2.1.B through 2.1.D", "thru", a dash,
#: French "à"/"au", German "bis", Spanish "a"/"al"/"hasta", Dutch "t/m"/"tot en met", Swedish "till",
#: Polish "do"; "to" only after a plural word or "from" ("Paragraphs 2.1.B to 2.1.D"), never "move
#: Paragraph 2.1.B to 2.1.D".
_PARAGRAPH_RANGE = re.compile(r"\s*(?:through|thru|[-–—]|à|au|bis|hasta|al|t/m|t\.\s*m\.|tot\s+en\s+met|till|do|(?P<to>to|a))\s*",
                              re.IGNORECASE)
#: (Spanish and Portuguese "a", as "to", only after a plural provision word: "Numerales 3.1 a 3.2")
_PLURAL_OR_FROM = re.compile(r"(?:\b(?:sub-?)?(?:paragraphs|articles|clauses|items|numerales|itens|art[íi]culos|artigos|"
                             r"cl[áa]usulas|incisos)|\bparas\.|\bfrom)\s+$", re.IGNORECASE)


def _more_paths(read: str, match: re.Match[str], take: Callable[[Reference], None],
                free: Callable[[int, int], bool]) -> None:
    """Each path listed after the one ``match`` read ("Articles 29.1 and 29.2", "los numerales 3.1 y 3.2",
    "les articles 1.1 et 1.2"), and after a plural word the other end of a range ("Numerales 3.1 a 3.2"),
    each a paragraph reference of its own (the one reading of a list, for the reader's words and the pack's)."""
    end = match.end()
    number = re.search(r"\d", match.group(0))
    if number is not None and _PLURAL_OR_FROM.search(read, max(0, match.start() - 30), match.start() + number.start()):
        last = _RANGE_END.match(read, end)
        if last is not None and free(*last.span(1)):
            take(Reference("paragraph", last.group(1), last.span(1), None, why=last.group(1)))
            return
    more = _MORE_PATHS.match(read, end)
    while more is not None:
        if free(*more.span(1)):
            take(Reference("paragraph", more.group(1), more.span(1), None, why=more.group(1)))
        more = _MORE_PATHS.match(read, more.end())


def _paragraph_ranges(found: list[Reference], read: str, corpus: Corpus) -> list[Reference]:
    """``found`` with the paragraphs a range of them holds between its ends ("Delete Paragraphs 2.1.B
    through 2.1.D": 2.1.C too, audit 51): the ends siblings of one outline (the same holder, both
    lettered or both numbered), each sibling the outline holds between them, as the first end is read
    (cited, bound). One named in the item on its own ("..., excepting Paragraph 2.1.C") is left to what
    the item says of it."""
    out = list(found)
    for first, last in zip(found, found[1:], strict=False):
        if (first.kind != "paragraph" or last.kind != "paragraph" or first.target is None or last.target is None
                or first.target.doc != last.target.doc or first.target.path is None or last.target.path is None
                or first.span[1] > last.span[0]):
            continue
        between = _PARAGRAPH_RANGE.fullmatch(read, first.span[1], last.span[0])
        if between is None or (between.group("to") and not _PLURAL_OR_FROM.search(read, max(0, first.span[0] - 30),
                                                                                     first.span[0] + len(first.written)
                                                                                     - len(first.written.split()[-1]))):
            continue
        low, high = _sibling_order(first.target.path), _sibling_order(last.target.path)
        if low is None or high is None or low[0] != high[0] or low[1] != high[1] or not low[2] < high[2]:
            continue
        named = {r.target for r in found if r.target is not None}
        for path in sorted(corpus.path_set(first.target.doc), key=lambda p: _sibling_order(p) or ("", "", 0)):
            order = _sibling_order(path)
            if order is None or order[:2] != low[:2] or not low[2] < order[2] < high[2]:
                continue
            target = Locator(doc=first.target.doc, path=path)
            if target not in named:
                out.append(replace(first, written=f"{first.written} {between.group(0).strip()} {last.written}",
                                   span=(first.span[0], last.span[1]), target=target, resolved_by="range"))
    out.sort(key=lambda r: r.span)
    return out


def _sibling_order(path: str) -> tuple[str, str, int] | None:
    """A path's holder, whether its last label is a letter or a number, and its place among its siblings
    ("2.1.C" → ("2.1", "letter", 3)); None for a path of one label or a label of neither kind."""
    holder, _, label = path.rpartition(".")
    if not holder:
        return None
    if re.fullmatch(r"[A-Z]", label):
        return holder, "letter", ord(label) - ord("A") + 1
    if re.fullmatch(r"[a-z]", label):
        return holder, "small", ord(label) - ord("a") + 1
    if re.fullmatch(r"\d{1,3}", label):
        return holder, "number", int(label)
    return None


def _code(written: str, span: tuple[int, int], corpus: Corpus) -> Reference | None:
    """An agency's code ("SP-12", "Special Provision No. 12") that names a document of the
    project; None when it names none (a sheet or product number is not a reference here)."""
    directory = corpus.directory
    if normalize_sheet(written) in directory.by_sheet:
        return None  # a sheet number: read as a sheet
    docs = sorted({doc for key in agency_codes(written)
                   for doc in directory.documents_for(directory.by_code, key, corpus.target_kinds, corpus.as_of)})
    label = " ".join(written.split())
    if not docs:  # "Special Provision 107.4.6": provision 107's paragraph 107.4.6
        deeper = re.search(r"(\d{1,4})((?:\.\d{1,3})+)\s*$", written)
        if deeper is None:
            return None
        head = written[:deeper.start()] + deeper.group(1)
        docs = sorted({doc for key in agency_codes(head)
                       for doc in directory.documents_for(directory.by_code, key, corpus.target_kinds, corpus.as_of)})
        if len(docs) > 1:
            return _code_of_several(written, label, span, docs, corpus)
        if len(docs) != 1:
            return None
        paths, joins = place_path(corpus, docs[0], deeper.group(1) + deeper.group(2))
        if not paths and (whole := place_path(corpus, docs[0], re.sub(r"[\s-]", "", written)))[0]:
            # "C3.1.1: replace ...": a scope of work whose clauses carry its part's code ("C3.1.1" under "C3.1")
            # in their own numbers; the code names the part, and the whole label its clause
            paths, joins = whole
        if len(paths) == 1:
            return Reference("paragraph", label, span, Locator(doc=docs[0], path=paths[0]), resolved_by="code")
        return Reference("paragraph", label, span, None, tuple(Locator(doc=docs[0], path=p) for p in paths), "code",
                         why=f"names {label}, which {docs[0]} does not hold as a paragraph",
                         joins=Locator(doc=docs[0], path=joins) if joins else Locator(doc=docs[0]))
    if len(docs) == 1:
        return Reference("section", label, span, Locator(doc=docs[0]), resolved_by="code")
    return Reference("section", label, span, None, tuple(Locator(doc=d) for d in docs), "code",
                     why=f"{label} fits {len(docs)} documents ({', '.join(docs)}); not guessed")


def _code_of_several(written: str, label: str, span: tuple[int, int], docs: Sequence[str],
                     corpus: Corpus) -> Reference | None:
    """A clause numbered with its part's code ("C3.2.1, page C3-2" in a CIDB tender's table) where several documents
    of the project are that part ("Part C3 Scope of Work" of two tenders): the clause in those of them holding it
    under that whole label, for a person to pick (never resolved: the code alone does not say which); narrowed to
    the one whose title carries the tender identifier the addendum writes (``_own_tender_designated``), where one
    does. None where none of them holds it."""
    whole = re.sub(r"[\s-]", "", written)
    holders = [doc for doc in docs if len(place_path(corpus, doc, whole)[0]) == 1]
    if not holders:
        return None
    own = _own_tender_designated(holders, corpus) if len(holders) > 1 else []
    kept = own or holders
    why = (f"names {label}, a clause of part {written.split('.')[0]}, which {len(docs)} documents are; of those holding "
           f"it, {own[0]}'s title carries the tender number the addendum writes" if own
           else f"names {label}, which {', '.join(holders)} hold{'s' if len(holders) == 1 else ''} under its part's code")
    return Reference("paragraph", label, span, None,
                     tuple(Locator(doc=doc, path=place_path(corpus, doc, whole)[0][0]) for doc in kept), "part-code", why=why)


def _from_notation(kind: str, match: re.Match[str], corpus: Corpus) -> Reference:
    """A match of a pack notation as a reference of its kind (a paragraph's parts joined into
    a path: "Part 2, Article 2.01, Paragraph A" → ``2.01.A``)."""
    groups = {name: value for name, value in match.groupdict().items() if value}
    written = " ".join(match.group(0).split())
    if kind == "section":
        value = groups["section"]
        if re.fullmatch(r"[\d ]+(?:\.\d{2})?", value.strip()):
            return replace(_section(value, match.span(), corpus, worded=True), written=written)
        return _code(value, match.span(), corpus) or Reference(
            "section", written, match.span(), None, why=not_held(written))
    if kind == "sheet":
        found = _sheets(groups["sheet"], match.start("sheet"), corpus, worded=True)
        return replace(found[0], written=written, span=match.span()) if found else Reference(
            "sheet", written, match.span(), None, why=not_held(written))
    if kind == "callout":
        return Reference("callout", written, match.span(), None, resolved_by=groups["number"],
                         why=groups.get("sheet"))
    parts = []
    article = groups.get("article") or groups.get("paragraph")
    if groups.get("part") and (article is None or "." not in article):
        parts.append(groups["part"])
    parts += [groups[name] for name in ("article", "paragraph", "letter", "sub") if groups.get(name)]
    return Reference("paragraph", written, match.span(), None, why=".".join(parts))


#: After a paragraph's letter (and more letters listed with it), the article they go in by its
#: number alone: " AND E TO 3.1", " in 2.4".
_ARTICLE_AFTER_LETTERS = re.compile(r"(?:\s*(?:,|and|&|or)\s*[A-Z](?![\w.]))*\s+(?:to|in|of|under|within)\s+"
                                    r"(?:the\s+)?(\d{1,2}\.\d{1,3})(?![\d.])", re.IGNORECASE)


#: Between a callout and the sheet right after it that holds it ("Note 3 on Sheet C-202", "Detail 2 of Drawing S-301").
_CALLOUT_ON = re.compile(r"\s+(?:on|of|in)\s+(?:the\s+)?(?:(?:plan\s+)?sheets?|drawings?|dwgs?\.?)?\s*(?:no\.?\s*)?",
                         re.IGNORECASE)


#: Between a paragraph's path and the section it is of ("Article 2.1 of Section 26 32 13").
_PATH_OF = re.compile(r"\s*+,?\s*+(?:of|in)\s++(?:the\s++)?(?:(?:technical\s++)?spec(?:ification)?s?\.?\s++)?(?:section\s++)?",
                      re.IGNORECASE)


def _bind(found: list[Reference], corpus: Corpus, heading: Reference | None, text: str | None = None) -> list[Reference]:
    """Resolve each paragraph, callout and name against the section or sheet it belongs to:
    the nearest one before it in the item (else after it, else the heading's), marking that
    document reference as ``bound`` (it names where, not what). A paragraph right after sections listed
    together ("Sections 03 30 00 and 09 91 23, Paragraph 2.2.C") is that paragraph in each of them, bound
    in each as it is in one (``_per_listed_section``)."""
    out, listed = _per_listed_section(found, text)
    last_path: dict[str, str] = {}  # doc → the last path an item named in it ("paragraph G" after "Article 3.11")
    if heading is not None and heading.target is not None and heading.target.path is not None:
        last_path[heading.target.doc] = heading.target.path
    for index, reference in enumerate(out):
        if reference.kind not in ("paragraph", "callout", "name") or reference.target is not None or (
                reference.resolved_by in ("unread", "dotted", "part-title", "part-code")):
            continue
        wanted = "sheet" if reference.kind == "callout" else "section"
        owner_index = listed[index] if index in listed else _owner(out, index, wanted)
        if index in listed:  # (one of the sections listed right before it: its own, whatever follows)
            reference = replace(reference, listed=True)
        elif (reference.kind == "callout" and index + 1 < len(out) and out[index + 1].kind == "sheet"
                and not out[index + 1].cited and text is not None
                and _CALLOUT_ON.fullmatch(text[reference.span[1]:out[index + 1].span[0]])):
            owner_index = index + 1  # "Note 3 on Sheet C-202", "Detail 2 of Drawing S-301": the sheet right after it
        if (index not in listed and reference.kind == "paragraph" and index + 1 < len(out) and out[index + 1].kind == "section"
                and not out[index + 1].cited and text is not None and owner_index is not None and owner_index < index
                and _PATH_OF.fullmatch(text[reference.span[1]:out[index + 1].span[0]])
                and out[index + 1].target is not None and out[index + 1].target != out[owner_index].target
                and reference.why and not str(reference.why).startswith("+")
                and len(place_path(corpus, out[index + 1].target.doc, str(reference.why))[0]) == 1):
            # "Delete Section 26 36 00 ..., and add the following paragraph to Article 2.1 of Section 26 32
            # 13": the section right after the path, joined by "of", is its own, not the one named before it
            owner_index = index + 1
        if (owner_index is not None and owner_index > index and out[owner_index].cited and not reference.cited
                and heading is not None and heading.target is not None):
            # "DELETE KEYNOTE 2 IN ITS ENTIRETY. THE CABINET IS SHOWN ON SHEET A-101." under "SHEET A-401
            # ...": a sheet named after the part, past the instruction's clause, is cited by the words
            # that explain it; the part is the heading's sheet's
            owner_index = None
        designated = (_designated_before(text, reference, out[owner_index], corpus)
                      if owner_index is not None and owner_index > index and text is not None and index not in listed
                      else None)
        owner = designated if designated is not None else out[owner_index] if owner_index is not None else (
            heading if heading is not None and heading.target is not None and (
                heading.kind in (wanted, "title") or (heading.kind == "paragraph" and wanted == "section")
                or (heading.kind == "callout" and wanted == "sheet")) else None)
        if owner is heading and owner is not None and owner.target is not None and owner.target.path is not None:
            owner = replace(owner, target=Locator(doc=owner.target.doc))
        if reference.kind == "callout" and reference.why:  # "Detail 5/A-501": the sheet is written with it
            sheets = _sheets(reference.why, reference.span[0], corpus, worded=True)
            owner = sheets[0] if sheets else owner
        if owner is None and reference.kind == "paragraph":
            owner = _lettered_owner(reference, corpus)
        if reference.kind == "name" and owner is None:
            out[index] = replace(reference, cited=True)  # "Project No. 2417": a name of no section here
            continue
        if owner is not None and owner.cited:
            reference = replace(reference, cited=True)
        if owner is None or owner.target is None:
            why = (owner.why if owner is not None and owner.why else
                   f"names {reference.written}, but no {wanted} it belongs to")
            out[index] = replace(reference, why=why, candidates=owner.candidates if owner else ())
            continue
        if owner_index is not None and designated is None and not reference.cited:
            out[owner_index] = replace(out[owner_index], bound=True)
            # "Section 05 12 00 Steel, page 05 12 00/2A: clause 3.2 C": the section named again
            # before it (its page number repeats the section's) is the same place, not a target
            for earlier in range(owner_index):
                again = out[earlier]
                if (again.kind == out[owner_index].kind and again.target is not None and not again.cited
                        and again.target == out[owner_index].target):
                    out[earlier] = replace(again, bound=True)
        doc = owner.target.doc
        out[index] = reference
        if reference.kind == "paragraph":
            if str(reference.why).startswith("+") and doc not in last_path:
                # "Add the following Paragraph C to Article 3.1", "ADD PARAGRAPHS D AND E TO ARTICLE 3.1":
                # the letters named first, then the article they go in, later in the same item
                later = next((r for r in out[index + 1:] if r.kind == "paragraph" and r.target is None
                              and r.why and not str(r.why).startswith("+")), None)
                if later is not None and (text is None or re.search(r"[.;:!?](?:\s|$)|\n",
                                                                    text[reference.span[1]:later.span[0]])):
                    later = None  # (only an article named in the same clause, right after the letters)
                paths = place_path(corpus, doc, str(later.why))[0] if later is not None else []
                if len(paths) == 1:
                    last_path[doc] = paths[0]
            reference = _point_of_article(reference, doc, corpus, last_path,
                                          [*([heading] if heading is not None else []), *out[:index]])
            out[index] = _paragraph(reference, doc, corpus, last_path)
            if owner.resolved_by == "title":  # its section named by title alone: by number only where written exactly
                out[index] = replace(out[index], resolved_by="title", score=owner.score, exact=owner.exact)
        elif reference.kind == "callout":
            out[index] = _callout(reference, doc, corpus)
        else:
            out[index] = _name(reference, doc, corpus)
    return out


#: What ends one listed place before the next: a conjunction or a semicolon ("Schedule IV, Clause 2.2
#: and Section 03 30 00, Paragraph 2.1.B").
_LISTED_APART = re.compile(r"\b(?:and|or)\b|[;&]", re.IGNORECASE)


#: The word of a point of an article written apart from it, its number alone after ("inciso 2", "paragraph 1",
#: "o n.º 3", "párrafo 2", "numeral 4", "item 3").
_POINT_WORD = re.compile(r"(?:inciso|incisos|paragraph|para\.?|párrafo|parrafo|numeral|item|point|punto|alínea|alinea|"
                         r"(?:o\s+|ao\s+|do\s+|no\s+)?n\.?\s?º)\s+\d{1,3}$", re.IGNORECASE)
#: The word of an article or clause named by its number alone ("Article 5", "ARTÍCULO 2º", "Artículo N° 3",
#: "cláusula 4.ª").
_ARTICLE_WORD = re.compile(r"(?:articles?|art\.|art[íi]culo|clauses?|cl[áa]usula)\b", re.IGNORECASE)


def _point_of_article(reference: Reference, doc: str, corpus: Corpus, last_path: dict[str, str],
                      before: Sequence[Reference]) -> Reference:
    """A point of an article named by its own number after the article ("Article 5, paragraph 1",
    'Artículo N° 3 de las ETP "Excavación de zanjas", inciso 2', "Na cláusula 4.ª, é eliminado o n.º 3"):
    owners number an article's points from 1 in each article and name one so; it is the article's point
    (``5.1``), never article 1 of the document. Joined only where the article, a whole number the item
    named before it in ``doc``, is held; the joined path is then read as any other (a point the article
    does not hold is a new one, joining it)."""
    number = str(reference.why or "")
    article = last_path.get(doc, "")
    if (not re.fullmatch(r"\d{1,3}", number) or not re.fullmatch(r"\d{1,3}", article)
            or not _POINT_WORD.fullmatch(" ".join(reference.written.split()))
            or not any(r.kind == "paragraph" and r.target == Locator(doc=doc, path=article)
                       and _ARTICLE_WORD.match(r.written) for r in before)):
        return reference
    return replace(reference, why=f"{article}.{number}")


#: A number followed by its ordinal's sign ("3.ª", "2º", "3 °"): a clause or article by its number, as owners write
#: them in Spanish and Portuguese.
ORDINAL_SIGN = re.compile(r"\d\.?\s?[ºª°]")


def loose_paths(references: Sequence[Reference]) -> list[str]:
    """The clause path each of ``references`` (paragraphs placed in no document, in the order written)
    names by its own words: the last word written, or where an ordinal's sign follows a number its numbers
    ("cláusula 4.ª" is 4, "ARTÍCULO 2º" is 2, "cláusula 2.ª, n.º 1" is 2.1); a point written apart after an article by its number alone is the article's
    point, both then naming it ("Na cláusula 4.ª, é eliminado o n.º 3" is 4.3, as ``_point_of_article``
    joins it where the document is named)."""
    paths = [".".join(re.findall(r"\d{1,3}", r.written)) if ORDINAL_SIGN.search(r.written)
             else r.written.split()[-1].rstrip(",;:") for r in references]
    for at in range(1, len(references)):
        before, point = references[at - 1], references[at]
        if (before.kind == point.kind == "paragraph" and _ARTICLE_WORD.match(before.written)
                and _POINT_WORD.fullmatch(" ".join(point.written.split()))
                and re.fullmatch(r"\d{1,3}", paths[at - 1]) and re.fullmatch(r"\d{1,3}", paths[at])):
            paths[at - 1] = paths[at] = f"{paths[at - 1]}.{paths[at]}"
        elif before.kind == point.kind == "paragraph" and before.span[1] <= point.span[0] <= before.span[1] + 10:
            # an article by its number alone beside a point numbered under it, either first ("inciso 3.2 del
            # ARTÍCULO 3º", "ARTÍCULO 1º, inciso 1.2"): the article holds the point, and both name the point
            for article, held in ((at - 1, at), (at, at - 1)):
                if (_ARTICLE_WORD.match(references[article].written) and re.fullmatch(r"\d{1,3}", paths[article])
                        and paths[held].startswith(f"{paths[article]}.")
                        and re.fullmatch(r"\d{1,3}(?:\.\d{1,3})+", paths[held])):
                    paths[article] = paths[held]
    return paths


def _designated_before(text: str, reference: Reference, after: Reference, corpus: Corpus) -> Reference | None:
    """The document a clause belongs to when a designation is written before it and the section the
    item names next comes after it, past "and" ("Delete Schedule IV, Clause 2.2 and Section 03 30 00,
    Paragraph 2.1.B": clause 2.2 is Schedule IV's, never Section 03 30 00's). The designated document
    where one alone is designated so; else the designation unresolved (its ``why`` and candidates say
    what fits), so the clause is proposed or reported, never bound to the section after it. None where
    no designation precedes the clause or nothing lists the section after it apart."""
    if not _LISTED_APART.search(text, reference.span[1], after.span[0]):
        return None
    before = [m for m in corpus.designations.run.finditer(text, 0, reference.span[0])
              if not _CSI_PART.match(text, m.start())]
    if not before:
        return None
    match = before[-1]
    designated = _designation(match.group(0), match.span(), corpus, text)
    if designated is None:
        label = " ".join(match.group(0).split())
        return Reference("section", label, match.span(), None, why=(
            f"names {reference.written} after {label}, which designates no document here; "
            f"{after.written}, named after it, is another place"))
    return designated


#: Between two sections listed together ("03 30 00 and 09 91 23", "03 30 00 / 09 91 23", "03 30 00, 09 91 23",
#: "Section 03 30 00 and Section 04 20 00", "03 30 00 y 04 20 00"), or two paragraphs listed together ("2.2.B and 2.2.C").
_SECTIONS_GAP = re.compile(r"\s*(?:,\s*(?:(?:and|y|e|et)\s+)?|(?:and|y|e|et)\s+|&\s*|/\s*)"
                           r"(?:(?:sections?|secci[oó]n(?:es)?|se[cç][cç][ãa]o|se[cç][cç][õo]es)\s+)?", re.IGNORECASE)

#: Between the last section of such a list and the paragraph named right after it (", Paragraph 2.2.C", "| 2.2.C",
#: ", delete Paragraph 2.2.C").
_PARAGRAPH_AFTER_SECTIONS = re.compile(r"[\s,:|]*|\s*,\s*[^\W\d_]+\s+")

#: Between a paragraph and the sections listed right after it that it is of ("Paragraph 2.2.C of Sections 03 30 00
#: and 04 20 00", "párrafo 2.2.C de las Secciones 03 30 00 y 04 20 00"), or that it is taken out of ("Delete Paragraph
#: 2.2.C from Sections 03 30 00 and 04 20 00": the paragraph of each, as "of" is).
_PARAGRAPH_OF_SECTIONS = re.compile(r"\s*,?\s*(?:of|in|from|de|en|du|des|da|do|das|dos)\s+(?:(?:the|las?|los|les?|as?|os)\s+)?"
                                    r"(?:sections?|secci[oó]n(?:es)?|se[cç][cç][ãa]o|se[cç][cç][õo]es)\s+", re.IGNORECASE)


def _per_listed_section(found: list[Reference], text: str | None) -> tuple[list[Reference], dict[int, int]]:
    """``found`` with each paragraph named with two or more whole sections listed together written once for
    each of them, and for each copy the index of the section it is bound in: a paragraph so named is that
    paragraph in each section, never the nearest section's alone with the others left as whole documents
    changed (audit 67 C F7, audit 68 C F6, F7, F10). The paragraphs (one, or several listed together: "Paragraphs
    2.2.B and 2.2.C") come right after the list ("Sections 03 30 00 and 09 91 23, Paragraph 2.2.C: Delete.",
    "Section 03 30 00 and Section 04 20 00, Paragraph 2.2.C", "In Sections 03 30 00 and 04 20 00, delete
    Paragraph 2.2.C.", a row "| 03 30 00 / 09 91 23 | 2.2.C | Delete |") or right before it, of it ("Paragraph
    2.2.C of Sections 03 30 00 and 04 20 00", "Delete Paragraph 2.2.C from Sections 03 30 00 and 04 20 00"). Unchanged where no such list is named."""
    def whole_section(i: int) -> bool:
        r = found[i]
        return r.kind == "section" and r.target is not None and r.target.path is None and not r.cited

    def paragraph(i: int) -> bool:
        r = found[i]
        return (r.kind == "paragraph" and r.target is None and bool(r.why) and not str(r.why).startswith("+")
                and r.resolved_by not in ("unread", "dotted"))

    def joined(pattern: re.Pattern[str], first: int, second: int) -> bool:
        return text is not None and pattern.fullmatch(text, found[first].span[1], found[second].span[0]) is not None

    sections_of: dict[int, list[int]] = {}  # paragraph → the sections listed with it
    index = 0
    while text is not None and index < len(found):
        if not whole_section(index):
            index += 1
            continue
        last = index
        while last + 1 < len(found) and whole_section(last + 1) and joined(_SECTIONS_GAP, last, last + 1):
            last += 1
        if last > index:
            sections = list(range(index, last + 1))
            after = last + 1
            if after < len(found) and paragraph(after) and joined(_PARAGRAPH_AFTER_SECTIONS, last, after):
                while True:
                    sections_of[after] = sections
                    if not (after + 1 < len(found) and paragraph(after + 1) and joined(_SECTIONS_GAP, after, after + 1)):
                        break
                    after += 1
            before = index - 1
            if before >= 0 and paragraph(before) and before not in sections_of and joined(_PARAGRAPH_OF_SECTIONS, before, index):
                while True:
                    sections_of[before] = sections
                    if not (before > 0 and paragraph(before - 1) and before - 1 not in sections_of
                            and joined(_SECTIONS_GAP, before - 1, before)):
                        break
                    before -= 1
        index = last + 1
    position: dict[int, int] = {}  # a section's index in found → its index in out
    at = 0
    for i in range(len(found)):
        position[i] = at
        at += len(sections_of.get(i, ())) or 1
    out: list[Reference] = []
    listed: dict[int, int] = {}
    for i, reference in enumerate(found):
        for section in sections_of.get(i, ()):
            listed[len(out)] = position[section]
            out.append(reference)
        if i not in sections_of:
            out.append(reference)
    return out, listed


#: The kinds of designation (the pack's ``designations`` keys) whose documents number their clauses with their
#: letter ("Section A - General Specification" numbering its clauses A1, A6.1, ...): a clause so numbered where
#: the item names no document is of the one document designated by that letter as one of these.
LETTERED_KINDS = ("section", "part", "schedule", "annex", "appendix", "division", "chapter")


def _lettered_owner(reference: Reference, corpus: Corpus) -> Reference | None:
    """The document a clause numbered with a letter before its number belongs to where the item names
    none ("Clause A6.1" in a project whose "Section A - General Specification" numbers its clauses A1,
    A6.1, ...): the one document designated by that letter ("Section A", "Part A", "Schedule A"), where
    it holds the clause; None otherwise (no letter, no such document, several, or not held there)."""
    letter = re.match(r"([A-Z]{1,2})\d{1,3}\.\d", str(reference.why or ""))
    if letter is None:
        return None
    directory = corpus.directory
    docs = {doc for kind in LETTERED_KINDS
            for doc in directory.documents_for(corpus.designated(), kind.upper() + letter.group(1), corpus.target_kinds,
                                               corpus.as_of)}
    if len(docs) != 1:
        return None
    doc = next(iter(docs))
    if not corpus.exists(Locator(doc=doc, path=str(reference.why))):
        return None
    return Reference("section", f"Section {letter.group(1)}", (reference.span[0], reference.span[0]), Locator(doc=doc),
                     resolved_by="designation")


def _owner(found: list[Reference], index: int, kind: str) -> int | None:
    kinds = (kind, "title") if kind == "section" else (kind,)  # a section may be named by its title
    before = [i for i in range(index - 1, -1, -1) if found[i].kind in kinds]
    if before:
        return before[0]
    after = [i for i in range(index + 1, len(found)) if found[i].kind in kinds]
    return after[0] if after else None


def _paragraph(reference: Reference, doc: str, corpus: Corpus, last_path: dict[str, str]) -> Reference:
    written = str(reference.why)
    relative = written.startswith("+")
    if relative:  # a letter after a path named before it
        if doc not in last_path:
            return replace(reference, why=f"names {reference.written}, but not the article it is in")
        last = last_path[doc]
        if written[1:].isalpha() and last.rpartition(".")[2].lower() == written[1:].lower() \
                and not place_path(corpus, doc, f"{last}.{written[1:]}")[0]:
            # ("Clause 1.2.1(b) | Delete sub-clause (b) and replace with: ...": the letter the clause named before it
            # ends with, which holds no item of that letter: that same sub-clause named again, not one inside it; a
            # number is a sub-clause inside, "Clause 3.2, sub-clause .2" 3.2.2, never 3.2 again)
            written = last
        else:
            written = last + "." + written[1:]
    dashed = re.fullmatch(r"(\d+)-([\d.]+)", written)
    if dashed is not None:  # "102-4.3": the section's outline holds 102.4.3, or 4.3
        written = f"{dashed.group(1)}.{dashed.group(2)}"
        if not place_path(corpus, doc, written)[0] and place_path(corpus, doc, dashed.group(2))[0]:
            written = dashed.group(2)
    paths, joins = place_path(corpus, doc, written)
    # letters named one after another are siblings ("revise subparagraph A and add subparagraph C"
    # of paragraph 3.1 are 3.1.A and 3.1.C): a letter is never the place of the next one
    if len(paths) == 1:
        if not relative:
            last_path[doc] = paths[0]
        return replace(reference, target=Locator(doc=doc, path=paths[0]), resolved_by="outline", why=None)
    if not relative:
        last_path[doc] = normalize_path(written)
    if paths:
        return replace(reference, target=None, candidates=tuple(Locator(doc=doc, path=p) for p in paths),
                       resolved_by="outline",
                       why=f"{reference.written} fits {len(paths)} paragraphs of {doc} ({', '.join(paths)}); not guessed")
    return replace(reference, target=None, resolved_by="outline",
                   joins=Locator(doc=doc, path=joins) if joins else Locator(doc=doc),
                   why=f"names {reference.written} of {doc}, which has no paragraph {normalize_path(written)}")


def _callout(reference: Reference, doc: str, corpus: Corpus) -> Reference:
    number = reference.resolved_by
    word = re.match(r"[^\W\d_]+(?:\s+notes?)?", reference.written, re.IGNORECASE)
    tried = callout_ids(word.group(0) if word else None, number)
    for path in tried:
        if corpus.exists(Locator(doc=doc, path=path)):
            return replace(reference, target=Locator(doc=doc, path=path), resolved_by="outline", why=None)
    return replace(reference, target=None, resolved_by="outline", joins=Locator(doc=doc),
                   why=f"names {reference.written} on {doc}, which has no such callout")


def _binding(written: str, corpus: Corpus) -> bool:
    """Whether a name opens with the pack's word for a volume or book of the bidding documents ("Volume # 2:
    Section 23 05 93, ..."): the binding that holds the sections named after it, never a paragraph of one."""
    word = written.split(maxsplit=1)[0].lower().rstrip(".") if written.strip() else ""
    return corpus.designations.kinds.get(word) in ("volume", "book")


def _name(reference: Reference, doc: str, corpus: Corpus) -> Reference:
    names = corpus.names(doc) if corpus.names is not None else {}
    paths = resolve_name(reference.written, names)
    if len(paths) == 1:
        return replace(reference, target=Locator(doc=doc, path=paths[0]), resolved_by="name")
    if paths:
        return replace(reference, candidates=tuple(Locator(doc=doc, path=p) for p in paths), resolved_by="name",
                       why=f'"{reference.written}" fits more than one paragraph of {doc} ({", ".join(paths)}); '
                           "not guessed")
    return replace(reference, resolved_by="name", why=f'"{reference.written}" names no paragraph of {doc}')


#: The first pass of ``_titles`` over the titles it was last asked about: those titles (the very
#: mapping ``TargetDirectory.titles_of`` keeps until a document is added), each put through
#: rapidfuzz's ``default_process`` once, and the titles near each phrase asked so far.
_NEAR: tuple[Mapping[str, str], dict[str, str], dict[str, list[tuple[str, float, str]]]] | None = None
#: How many phrases' answers ``_near_titles`` keeps for one set of titles.
_NEAR_HELD = 4096


def _without_leading_links(phrase: str, span: tuple[int, int]) -> tuple[str, tuple[int, int]]:
    """A title written before a clause's word less the linking words opening its sentence ("In the Special
    Provisions, Section 12-1.02": "Special Provisions"), two words of title left at least; else as written."""
    words = list(re.finditer(r"\S+", phrase))
    start = 0
    while start < len(words) - 2 and words[start].group(0).casefold() in LINKING_WORDS:
        start += 1
    if start == 0:
        return phrase, span
    return phrase[words[start].start():], (span[0] + words[start].start(), span[1])


def _near_titles(phrase: str, choices: Mapping[str, str]) -> list[tuple[str, float, str]]:
    """``process.extract(phrase, choices, scorer=token_set_ratio, processor=default_process,
    limit=8, score_cutoff=TITLE_PREFILTER)``: (title, score, doc id), best first, computed as
    rapidfuzz computes it with the phrase and every title processed once. A project's titles are
    the same for all its addenda and addenda repeat their headings ("CHANGES TO THE
    SPECIFICATIONS"): without this each phrase of each addendum processed and scored every
    title again, a cost growing with addenda times documents."""
    from rapidfuzz import fuzz, process, utils

    global _NEAR
    held = _NEAR
    if held is None or held[0] is not choices:
        held = _NEAR = (choices, {doc: utils.default_process(title) for doc, title in choices.items()}, {})
    _, processed, answers = held
    query = utils.default_process(phrase)
    near = answers.get(query)
    if near is None:
        near = [(choices[doc], score, doc) for _, score, doc in process.extract(
            query, processed, scorer=fuzz.token_set_ratio, processor=None, limit=8, score_cutoff=TITLE_PREFILTER)]
        if len(answers) >= _NEAR_HELD:
            answers.clear()
        answers[query] = near
    return near


def _titles(text: str, read: str, corpus: Corpus, cells: Sequence[str],
            mask: Sequence[tuple[int, int]] = ()) -> list[Reference]:
    """Titles the item writes (quoted, in capitals, a table cell), each compared with the
    titles of the documents a rule targets (rapidfuzz); only the best, when it clears
    ``TITLE_CUTOFF`` and leads the next by ``TITLE_MARGIN``, is a target."""
    choices = corpus.directory.titles_of(corpus.target_kinds)
    if not choices:
        return []
    since, as_of = corpus.directory.since, corpus.as_of
    from rapidfuzz import fuzz, process, utils

    phrases: list[tuple[str, tuple[int, int]]] = []
    phrases += [(m.group(1), m.span(1)) for m in _QUOTED_TITLE.finditer(text)  # not one a question quotes
                if not any(s < m.start() and m.end() <= e and e - s > m.end() - m.start() + 2 for s, e in mask)
                and not _subsection_titled(text, m.start())]
    phrases += [(m.group(0), m.span()) for m in _CAPS_TITLE.finditer(read) if len(m.group(0)) >= 8]
    # a title in its own letter case, unquoted: "Cast-in-Place Concrete section", "Specification Cast in Place Concrete"
    phrases += [(m.group(1) or m.group(2), m.span(1) if m.group(1) else m.span(2)) for m in _WORDED_TITLE.finditer(read)]
    before_clause = [_without_leading_links(m.group(1), m.span(1)) for m in _TITLE_BEFORE_CLAUSE.finditer(read)]
    phrases += before_clause
    # (a title of one word before its clause, or any title opening the item before a colon: read only where it is
    # one document's title exactly; never a near title, which would keep the document named by its name from
    # being read, "Condiciones Especiales: se elimina el Artículo 2.2")
    one_word = [(m.group(1), m.span(1)) for pattern in (_WORD_BEFORE_CLAUSE, _TITLE_OPENING) for m in pattern.finditer(read)
                if (m.group(1), m.span(1)) not in before_clause]
    phrases += one_word
    phrases += [(cell, (0, 0)) for cell in cells if 3 <= len(cell) <= 80]
    found: list[Reference] = []
    seen: set[str] = set()
    def scorer(a: str, b: str, **kwargs: object) -> float:
        # a title's words in another order; or its words after the labels that number it, when
        # both carry the same number ("CATEGORY 300 - SECTION 611 - COMPOST FILTER SOCK" and
        # "Special Provision 611 Compost Filter Sock")
        score = fuzz.token_sort_ratio(a, b, **kwargs)
        if set(re.findall(r"\d+", a)) & set(re.findall(r"\d+", b)):
            score = max(score, fuzz.token_sort_ratio(_LABELS.sub(" ", a), _LABELS.sub(" ", b), **kwargs),
                        fuzz.token_set_ratio(a, b, **kwargs) if len(a.split()) >= 3 else 0)
        return score

    for phrase, span in phrases:
        # a fast first pass (rapidfuzz's own scorer) keeps a few titles; the scorer above ranks them
        near = _near_titles(phrase, choices)
        shortlist = {doc: choices[doc] for _, _, doc in near
                     if as_of is None or doc not in since or since[doc] < as_of}
        ranked = process.extract(phrase, shortlist, scorer=scorer, processor=utils.default_process,
                                 limit=2, score_cutoff=TITLE_CUTOFF - TITLE_MARGIN) if shortlist else []
        if (phrase, span) in one_word and not (ranked and ranked[0][1] >= TITLE_CUTOFF
                                               and _exact_title(phrase, ranked[0][2], shortlist, words=1)):
            if (own := _tender_word_title(phrase, corpus, choices, since, as_of)) is not None:
                # ("Page - 8 -, Specifications, Clause 1.2" for "Specifications, Tender No. 2028-06, Supply ..."):
                # the word its title opens with, of the tender the addendum is about, names that one document
                found.append(Reference("title", " ".join(phrase.split()), span, Locator(doc=own), resolved_by="title"))
            continue
        if not ranked or ranked[0][1] < TITLE_CUTOFF:
            whole = sorted(doc for _, score, doc in near if score >= 100 and doc in shortlist)
            if len(whole) == 1 and (phrase, span) in before_clause and len(phrase.split()) >= 2:
                # "General Provisions, Clause 8.7" for "General Provisions for Harbour Works": owners
                # shorten the title of the document whose clause they cite; every word of it in one
                # title alone names that document (a title only proposes)
                found.append(Reference("title", " ".join(phrase.split()), span, Locator(doc=whole[0]),
                                       resolved_by="title", score=round(ranked[0][1], 1) if ranked else None))
                continue
            if len(whole) > 1 and span != (0, 0) and len(phrase.split()) <= 3 and _QUOTED_AT(text, span):
                # "Concrete": a word of several titles; said, with the sections it may mean
                written = " ".join(phrase.split())
                found.append(Reference("title", written, span, None, tuple(Locator(doc=d) for d in whole[:6]), "title",
                                       why=f'"{written}" is part of the titles of {len(whole)} documents '
                                           f'({", ".join(whole[:6])}); not guessed'))
            continue
        best = ranked[0]
        if best[2] in seen:
            continue
        seen.add(best[2])
        written = " ".join(phrase.split())
        if len(ranked) > 1 and best[1] - ranked[1][1] < TITLE_MARGIN:
            found.append(Reference("title", written, span, None, (Locator(doc=best[2]), Locator(doc=ranked[1][2])),
                                   "title", round(best[1], 1),
                                   why=f'"{written}" is close to the titles of {best[2]} and {ranked[1][2]}; not guessed'))
        else:
            exact = _exact_title(phrase, best[2], shortlist, words=1 if (phrase, span) in one_word else 2)
            chosen = best[2] if exact else _cited_choice(phrase, best[2], read, shortlist, corpus)
            if isinstance(chosen, str):
                found.append(Reference("title", written, span, Locator(doc=chosen), resolved_by="title",
                                       score=round(best[1], 1), exact=exact and chosen == best[2]))
            else:
                found.append(Reference("title", written, span, None, tuple(Locator(doc=d) for d in chosen[0]),
                                       "title", round(best[1], 1), why=chosen[1]))
    return found


#: A title's own abbreviation written in brackets after its name ("Especificaciones Técnicas
#: Particulares (ETP)").
_BRACKETED_INITIALS = re.compile(r"\((?-i:([A-Z]{2,6}))\)")
#: A procurement's number as owners write it in a document's title and in an addendum's heading
#: ("Licitación Pública Nº 07/2027", "Concurso Público n.º 9/2027"): digits, a slash, the year.
_PROCUREMENT_NUMBER = re.compile(r"(?<![\d/])(\d{1,5}/(?:19|20)\d{2})(?![\d/])")


def _document_names(corpus: Corpus) -> dict[str, tuple[str, str]]:
    """Doc id → (its name, its initials): the name is the title's words before the first comma or
    bracket, put through rapidfuzz's ``default_process`` ("pliego de condiciones particulares"), kept
    where it has two words or more; the initials those bracketed in the title ("(ETP)"; "" where none). Built
    once per directory (every addendum of an ingest reads the same table)."""
    return corpus.directory.memo("document-names", corpus.target_kinds, _names_of_titles)


def _names_of_titles(titles: Mapping[str, str]) -> dict[str, tuple[str, str]]:
    from rapidfuzz import utils

    names: dict[str, tuple[str, str]] = {}
    for doc, title in titles.items():
        head = re.split(r"[,(;]", title, maxsplit=1)[0]
        name = " ".join(utils.default_process(head).split())
        if _words_in(name) < 2:
            continue
        bracketed = _BRACKETED_INITIALS.search(title)
        initials = bracketed.group(1) if bracketed else ""
        names[doc] = (name, initials)
    return names


def _designated_names(corpus: Corpus) -> dict[str, str]:
    """Doc id → the name a title gives its document after the designation of its place in the book it divides
    ("Dokumentacija o nabavi, Prilog III Tehnička specifikacija, ..." → "tehnička specifikacija"; "Hanke
    alusdokumendid, lisa 2 Tehniline kirjeldus, ..." → "tehniline kirjeldus"): owners name that part by its own
    name, not the book's ("U točki 2.2 Tehničke specifikacije", round 82). Read from the part after the title's
    first comma (its brackets aside) that opens with a run of the pack's ``designations``, two words or more
    after it; processed as ``_document_names`` are. Built once per directory and pack."""
    designations = corpus.designations
    if not designations:
        return {}
    return corpus.directory.memo("designated-names " + designations.one.pattern, corpus.target_kinds,
                                 lambda titles: _names_after_designations(titles, designations))


def _names_after_designations(titles: Mapping[str, str], designations: Designations) -> dict[str, str]:
    from rapidfuzz import utils

    names: dict[str, str] = {}
    for doc, title in titles.items():
        for part in re.split(r"[,;]", re.sub(r"\([^()]*\)", " ", title))[1:]:
            opening = designations.title.match(part)
            if opening is None:
                continue
            name = " ".join(utils.default_process(part[opening.end():]).split())
            if _words_in(name) >= 2:
                names[doc] = name
            break
    return names


def _name_initials(name: str) -> str:
    """The initials of a document's processed name (``_document_names``) as owners abbreviate it, its linking words
    and elided letters aside ("cahier des prescriptions spéciales" → ``CPS``, "dossier d appel d offres" → ``DAO``,
    "pliego de prescripciones técnicas particulares" → ``PPTP``); "" where fewer than three words or more than
    six are left, or any holds a digit (two letters, or a long run, stand as a word of capitals too often to name it)."""
    words = [word for word in name.split() if word not in LINKING_WORDS and len(word) > 1]
    if not 3 <= len(words) <= 6 or not all(word.isalpha() for word in words):
        return ""
    return "".join(word[0] for word in words).upper()


def _tender_documents(corpus: Corpus) -> frozenset[str]:
    """The documents with a name (``_document_names``) whose title is of the tender the addendum is about
    (``_same_tender``): only they are named by their name alone; a name alone of another ("Works Statement",
    "Scope of Work") is a short title, which only proposes as ``_titles`` reads it. Built once a reading,
    from the marks of each title built once per directory (``_tender_marks``)."""
    from rapidfuzz import utils

    numbers, own = _own_tender(corpus)
    text = " " + " ".join(utils.default_process(own).split()) + " "
    marks = corpus.directory.memo("tender-marks", corpus.target_kinds, _tender_marks)
    names = _document_names(corpus)
    designated = _designated_names(corpus)  # (a part's own name after its designation, the book's name one word)
    return frozenset(doc for doc, (numbers_of_title, parts) in marks.items()
                     if (doc in names or doc in designated) and _same_tender(numbers_of_title, parts, numbers, text))


def _own_tender(corpus: Corpus) -> tuple[set[str], str]:
    """The procurement numbers the addendum writes, and the words they are read from: its text and its title,
    the title's brackets aside as a document's are (owners head an amendment with the tender's number and name,
    and its body may only say "the ITB", round 59)."""
    own = corpus.text + "\n" + re.sub(r"\([^()]*\)", " ", corpus.title)
    return set(_PROCUREMENT_NUMBER.findall(own)), own


#: A tender's identifier after the word that says so ("ITB No. RWA/WS-11/2027", "Contract No. DOR/RD/04-2026",
#: "Licitación Pública Nacional N° 14/2027", "RFP #2027-114", the Portuguese "Concurso n.º 14/2027"): (1) the identifier,
#: read up to its last digit.
#: The pack's ``tender_words`` ("appel d'offres ouvert", round 97) are read before the reader's own, the longer first.
_TENDER_ID_LAYOUT = (r"(?i:\b(?:{words}ITB|IFB|RFP|RFQ|RFT|ITT|contract|tender|bid|solicitation|procurement|licitaci[óo]n"
                     r"(?:\s+p[úu]blica)?(?:\s+(?:nacional|internacional))?|concurso|appel\s+d'offres|dao|"
                     r"edital|preg[ãa]o)\s*(?:no\.?|number|n\.?[°ºo]\.?|#|nr\.?)\s*)([A-Z0-9][\w/.-]*?\d)(?![\w/-]*\d)")


@functools.lru_cache(maxsize=16)
def _tender_id(words: str) -> re.Pattern[str]:
    """``_TENDER_ID_LAYOUT`` with the pack's ``tender_words`` (an alternation, "" where no rule lists any), compiled
    once per list."""
    return re.compile(_TENDER_ID_LAYOUT.replace("{words}", f"(?:{words})|" if words else ""))


def _other_tender_documents(corpus: Corpus) -> frozenset[str]:
    """The documents whose titles carry a tender's identifier (``_tender_id``), none of them one the addendum
    writes while it writes its own: another tender's documents, which a designation fitting them alone never
    names (the addendum's own tender's document may be one the project lacks or the asker may not see: audit
    60's F1 applied a wells tender's amendment to a road tender's Section VI)."""
    _, own = _own_tender(corpus)
    ids = {m.upper() for m in _tender_id(corpus.tender_words).findall(own)}
    if not ids:
        return frozenset()
    held = _held_tender_ids(corpus)
    return frozenset(doc for doc, identifiers in held.items() if not identifiers & ids)


def _own_tender_designated(docs: Sequence[str], corpus: Corpus) -> list[str]:
    """Of ``docs`` (each designated as the item writes, no title written after the designation), the one whose
    title carries a tender identifier (``_tender_id``) the addendum writes for its own tender, where the others
    carry none of them ("Au point 3.1 de la Section VII" in an addendum to "appel d'offres ouvert n° 2028-014/...",
    the project holding other tenders' Sections VII): the designation and the tender's identifier agree on one
    (round 96); else none."""
    _, own = _own_tender(corpus)
    ids = {m.upper() for m in _tender_id(corpus.tender_words).findall(own)}
    if not ids:
        return []
    held = _held_tender_ids(corpus)
    fitting = [d for d in docs if held.get(d, frozenset()) & ids]
    return fitting if len(fitting) == 1 else []


def _held_tender_ids(corpus: Corpus) -> dict[str, frozenset[str]]:
    """Doc id → the tender identifiers its title carries (``_tender_id``), for the titles carrying any: read once
    per directory and word list, as ``_tender_marks`` are, not once per addendum."""
    found = _tender_id(corpus.tender_words).findall
    return corpus.directory.memo(f"tender-ids\x00{corpus.tender_words}", corpus.target_kinds, lambda titles: {
        doc: ids for doc, title in titles.items() if (ids := frozenset(m.upper() for m in found(title)))})


#: A run of letters of a script written without spaces between words (Han, Hiragana, Katakana).
_UNSPACED_RUN = re.compile(UNSPACED_LETTER + "+")


def _words_in(text: str) -> int:
    """How many words ``text`` has: those its spaces part, a run of a script written without spaces counted
    as a word for each two of its letters ("特記仕様書", special specifications, is two or more words as its English
    is; a name or title of such a script is never one word for want of spaces, round 75)."""
    unspaced = sum(max(1, len(run) // 2) - 1 for run in _UNSPACED_RUN.findall(text))
    return len(text.split()) + unspaced


def _tender_marks(titles: Mapping[str, str]) -> dict[str, tuple[frozenset[str], tuple[str, ...]]]:
    """Doc id → what in its title tells its tender (``_same_tender``): the procurement numbers it carries,
    and the parts after its name of three words or more, processed as the addendum's text is; a title with
    neither is left out (no addendum's text can match it, and each addendum reads only these). A bracket is
    set aside, not the end of the title: initials bracketed after the name ("Cahier des Clauses Techniques
    Particulières (CCTP), Lot 02 ..., Travaux de ...") leave the parts after them (round 58)."""
    from rapidfuzz import utils

    marks: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {}
    for doc, title in titles.items():
        parts = []
        for part in re.split(r"[,;]", re.sub(r"\([^()]*\)", " ", re.split(r"\((?![^()]*\))", title, maxsplit=1)[0]))[1:]:
            # (and each run of it after a spaced dash: "public works contract - energy efficiency measures in a
            # kindergarten", where the addendum names the tender by the run after the dash alone, round 81)
            for run in (part, *re.split(r"\s[-–—]\s", part)[1:]):
                words = " ".join(utils.default_process(run).split())
                if _words_in(words) >= 3:
                    parts.append(f" {words} ")
        if (numbers := frozenset(_PROCUREMENT_NUMBER.findall(title))) or parts:
            marks[doc] = (numbers, tuple(parts))
    return marks


def _same_tender(numbers_of_title: frozenset[str], parts: Sequence[str], numbers: set[str], text: str) -> bool:
    """Whether a document's title is of the tender the addendum is about: it carries a procurement number
    the addendum writes (``numbers``), or a part of it after its name, three words or more ("Empreitada de
    Reabilitação do Armazém do Cais Norte"), stands word for word in the addendum's processed ``text``; or a long
    part's words stand there apart, the owner having reworded the tender's name ("temporary accommodation and site
    works at Pobalscoil Ghleann Darach" of "Provision of Temporary Accommodation ... and Associated Site Works",
    "Pobalscoil Ghleann Darach", round 94): five words of four letters or more, each written in the addendum."""
    if numbers_of_title & numbers or any(part in text for part in parts):
        return True
    words = None
    for part in parts:
        long = [word for word in part.split() if len(word) >= 4]
        if len(long) >= _REWORDED_TENDER_WORDS:
            words = set(text.split()) if words is None else words
            if all(word in words for word in long):
                return True
    return False


#: The words of four letters or more a part of a title needs to tell its tender when the addendum writes them
#: apart (``_same_tender``): fewer ("construction of a city market") are words any addendum may write.
_REWORDED_TENDER_WORDS = 5


def _named_as(name: str, processed: str) -> bool:
    """Whether ``processed`` writes ``name`` as ``_document_named`` reads a name: word for word, in the singular or
    in another grammatical case."""
    return (f" {name} " in processed or ((one := _singular(name)) != name and f" {one} " in processed)
            or _declined_name(name, processed) is not None)


def _singular(name: str) -> str:
    """A document's processed name with each word in the singular, as owners write one part of a document
    named in the plural ("especificaciones particulares" → "especificación particular", "especificación
    particular 3"; "technical specifications" → "technical specification"): Spanish "-ciones" → "-ción",
    "-es" after a consonant dropped where "-es" is the plural's ("particulares"), a last "s" dropped
    otherwise. Short words (of, de, la) are kept."""
    words = []
    for word in name.split():
        if len(word) <= 3:
            words.append(word)
        elif word.endswith("ciones"):
            words.append(word[:-6] + "ción")
        elif re.search(r"[lrnd]es$", word) and not word.endswith(("ones", "ures")):
            words.append(word[:-2])
        elif word.endswith("s") and not word.endswith("ss"):
            words.append(word[:-1])
        else:
            words.append(word)
    return " ".join(words)


def _declined_name(name: str, processed: str) -> str | None:
    """The words of ``processed`` (an item's processed text) that write a document's processed ``name`` in another
    grammatical case, as languages that decline a noun and its adjective write a title after the clause it holds
    (Slovenian "točki 2.3 tehničnih specifikacij" of the "Tehnične specifikacije", Slovak "bod 2.3 technickej
    správy" of the "Technická správa", round 77): as many words, in the name's order, each opening with the same
    letters as the name's word and parting from it only in an ending of three letters or fewer, the stem left
    four letters or more. Only a name of two or more words of four letters or more, none a digit, any shorter word
    a linking word (``LINKING_WORDS``, written as it stands: a linking word is no stem), and none written word for
    word: None otherwise."""
    words = name.split()
    if (not all(word.isalpha() for word in words) or sum(len(word) >= 4 for word in words) < 2
            or any(len(word) < 4 and word not in LINKING_WORDS for word in words)):
        return None
    tokens = processed.split()
    for start in range(len(tokens) - len(words) + 1):
        run = tokens[start:start + len(words)]
        # (a linking word between the stems is written as it stands: Romanian "caietul de sarcini" of the
        # "Caiet de sarcini", round 82)
        if all(_same_stem(word, token) if len(word) >= 4 else word == token
               for word, token in zip(words, run, strict=True)) and run != words:
            return " ".join(run)
    return None


def _same_stem(word: str, other: str) -> bool:
    """Whether ``other`` is ``word`` with another ending (``_declined_name``): a shared opening of four letters or
    more that leaves three letters or fewer of either."""
    if not other.isalpha():
        return False
    shared = next((i for i, (a, b) in enumerate(zip(word, other, strict=False)) if a != b), min(len(word), len(other)))
    return shared >= 4 and max(len(word), len(other)) - shared <= 3


def _document_named(read: str, corpus: Corpus) -> list[Reference]:
    """The document an item names by its name or its initials alone, no number ("ARTÍCULO 2º DEL PLIEGO
    DE CONDICIONES PARTICULARES", "Artículo N° 3 de las ETP", "No caderno de encargos, ..."): owners of
    a tender's few documents name each so. Every document whose name (``_document_names``) is written
    in the item word for word (rapidfuzz's ``partial_ratio`` of 100 on both processed, the score kept)
    or whose initials stand as a word of capitals fits, where its title is of the tender the addendum is about
    (``_same_tender``: "Licitación Pública Nº 07/2027"): the name and the tender agreeing, one left is named
    exactly (a clause of it resolves as by number; the document alone still only proposes); none or
    several are left to ``_titles``."""
    from rapidfuzz import fuzz, utils

    names = _document_names(corpus)
    tender = corpus.once("tender-documents", _tender_documents)
    if not tender:
        return []
    processed = " " + " ".join(utils.default_process(read).split()) + " "
    capitals = set(re.findall(r"(?<![\w-])(?-i:[A-Z]{2,6})(?![\w-])", read))
    fits: dict[str, tuple[float, str]] = {}
    designated = _designated_names(corpus)
    for doc in sorted(tender):
        name, initials = names.get(doc, (designated.get(doc, ""), ""))
        if doc in designated and not _named_as(name, processed) and _named_as(designated[doc], processed):
            # (the part's own name after its designation in the title, "Prilog III Tehnička specifikacija")
            name = designated[doc]
        if f" {name} " in processed:
            fits[doc] = (fuzz.partial_ratio(name, processed), name)
        elif (one := _singular(name)) != name and f" {one} " in processed:
            # ("se modifica el inciso 4.1 de la especificación particular 4": one of the Especificaciones
            # Particulares named in the singular, by its number, round 58)
            fits[doc] = (fuzz.partial_ratio(one, processed), one)
        elif (declined := _declined_name(name, processed)) is not None:
            # ("V točki 2.3 tehničnih specifikacij se ...": the name in another grammatical case, round 77)
            fits[doc] = (fuzz.partial_ratio(declined, processed), declined)
        elif initials and initials in capitals:
            fits[doc] = (100.0, initials)
    if not fits:
        # ("CPS, article 31.1" for the "Cahier des prescriptions spéciales, chapitre II ...": no bracket in
        # its title gives the initials, its name's words do; weaker than a name or initials written, so only
        # where neither fits a document)
        fits = {doc: (100.0, abbreviation) for doc in sorted(tender)
                if doc in names and not names[doc][1] and (abbreviation := _name_initials(names[doc][0])) in capitals}
    if not fits:
        return []
    words = sorted({fit[1] for fit in fits.values()}, key=len, reverse=True)[0]
    where = re.search(r"(?i)" + r"\W+".join(re.escape(w) for w in words.split()), read) if " " in words else (
        re.search(rf"(?<![\w-]){re.escape(words)}(?![\w-])", read))
    span = where.span() if where is not None else (0, 0)
    written = " ".join(read[span[0]:span[1]].split()) or words
    if len(fits) == 1:
        doc, (score, _) = next(iter(fits.items()))
        return [Reference("title", written, span, Locator(doc=doc), resolved_by="title", score=round(score, 1), exact=True)]
    return []  # (several: what their titles' words choose among them is ``_titles``' to say)


#: A clause number the item cites by its label ("Clause 3.3.4", "Sub-Clause 8.7", "article 5"),
#: not the numbers of a quotation or a measurement.
_CITED_CLAUSE = re.compile(r"(?i)\b(?:sub-?clauses?|clauses?|paragraphs?|paras?\.?|articles?|art\.)[ \t]*"
                           r"(\d{1,3}(?:\.\d{1,3})+)\b")
_QUOTED_SPAN = re.compile(r"[\"“][^\"”\n]*[\"”]")


def _cited_choice(phrase: str, best: str, read: str, shortlist: Mapping[str, str],
                  corpus: Corpus) -> str | tuple[tuple[str, ...], str]:
    """Which document a title names when its words are in several titles ("C3 Scope of Work" for
    two scopes of work): the one holding every clause the item cites beside it; where the item
    alone does not choose, the one holding every clause the addendum's items naming that title
    cite. The best-scored title stands when no other holds its words or the item cites no clause;
    else several or none holding the clauses is said (candidates and why), never guessed."""
    from rapidfuzz import utils

    words = {w for w in utils.default_process(phrase).split() if not any(c.isdigit() for c in w)}
    if len(words) < 2:
        return best
    rivals = sorted(doc for doc, title in shortlist.items() if words <= set(utils.default_process(title).split()))
    cited = set(_CITED_CLAUSE.findall(_QUOTED_SPAN.sub(" ", read)))
    if best not in rivals or len(rivals) < 2 or not cited or (
            cited <= corpus.path_set(best) and not any(cited <= corpus.path_set(d) for d in rivals if d != best)):
        return best
    holders = [doc for doc in rivals if cited <= corpus.path_set(doc)]
    if len(holders) != 1:
        key = " ".join(phrase.split()).casefold()
        around = {n for line in corpus.text.splitlines() if key in " ".join(line.split()).casefold()
                  for n in _CITED_CLAUSE.findall(_QUOTED_SPAN.sub(" ", line))}
        narrowed = [doc for doc in (holders or rivals) if (cited | around) <= corpus.path_set(doc)]
        if len(narrowed) == 1:
            return narrowed[0]
    if len(holders) == 1:
        return holders[0]
    written, numbers = " ".join(phrase.split()), ", ".join(sorted(cited))
    held = (f"{len(holders)} of them hold clause {numbers}" if holders
            else f"none of them holds clause {numbers}")
    return (tuple(holders or rivals)[:6],
            f'"{written}" is part of the titles of {len(rivals)} documents ({", ".join(rivals[:6])}) and '
            f"{held}; not guessed")


#: Words written before a title that are no part of it: the label of what it is and its number
#: ("Section 09 91 23 Interior Painting", "Specification Section Door Hardware", "Special Provision 611").
_TITLE_LABELS = re.compile(r"(?:(?:specifications?|spec|section|special provisions?|provisions?|drawings?|sheets?) )*"
                           r"(?:(?:no )?\d+(?: \d+)* )?")


def _tender_word_title(phrase: str, corpus: Corpus, choices: Mapping[str, str], since: Mapping[str, dt.date],
                       as_of: dt.date | None) -> str | None:
    """The one document of ``choices`` (in force at ``as_of``) whose title's word before its first comma is
    ``phrase`` (one word alone: "Specifications") and whose title is of the tender the addendum is about
    (``_same_tender``: "Tender No. 2028-06" written in both); None where none or several are."""
    from rapidfuzz import utils

    written = " ".join(utils.default_process(phrase).split())
    if len(written.split()) != 1:
        return None  # (a name of two words or more is ``_document_named``'s, read when no title names a document)
    heads = [doc for doc, title in choices.items() if (as_of is None or doc not in since or since[doc] < as_of)
             and " ".join(utils.default_process(re.split(r"[,(;]", title, maxsplit=1)[0]).split()) == written]
    if not heads:
        return None
    marks = corpus.directory.memo("tender-marks", corpus.target_kinds, _tender_marks)
    numbers, own = _own_tender(corpus)
    text = " " + " ".join(utils.default_process(own).split()) + " "
    fitting = [doc for doc in heads if doc in marks and _same_tender(*marks[doc], numbers, text)]
    return fitting[0] if len(fitting) == 1 else None


def _exact_title(phrase: str, doc: str, shortlist: Mapping[str, str], words: int = 2) -> bool:
    """Whether ``phrase`` is ``doc``'s title word for word (rapidfuzz's ``default_process`` on both:
    letter case and punctuation aside; the labels and number before it dropped) and no other
    document of ``shortlist`` (those of its kinds in force at the item's date) bears that title. ``words``: the
    fewest words it may have (two; one for a title of one word opening an item before its clause or colon,
    "Painting, clause 2.1 B", round 58)."""
    from rapidfuzz import utils

    def processed(text: str) -> str:
        return " ".join(utils.default_process(text).split())

    written = processed(phrase)
    written = written[_TITLE_LABELS.match(written).end():]  # type: ignore[union-attr]
    if len(written.split()) < words or written != processed(shortlist[doc]):
        return False
    return sum(processed(title) == written for title in shortlist.values()) == 1
