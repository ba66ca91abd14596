"""The one decision on each addendum item (issue 21): applied, proposed, not understood, skipped.

``read_addendum`` reads every item of an addendum (or change order, or any document a
supersession rule reads) in turn:

a. the rule's whole-sentence patterns (``targets`` × ``actions``, ``patterns``:
   ``engine.derivation.derive_supersedes``) read it → **applied**, as before;
b. else exactly one target resolved by number or outline path (``references``), and one
   action read unambiguously from the item's own instruction (``actions``: not quoted, not
   the question of a question-and-answer pair) → **applied**, the rule's id and the words
   read kept (a list of whole sections or sheets, each resolved by number, replaced or
   deleted by one instruction, applies to each);
c. else the item names a target it would change (a resolved or candidate target and a change
   verb, or a resolved target and no verb) → **proposed**, with its evidence, for a person to
   accept or reject (``inforce review``); never applied by itself;
d. else the item names something it cannot place → **not understood**, with why ("names
   Section 26 05 19, which the project does not hold");
e. items saying nothing changes, and items naming nothing, give nothing; items naming only
   sections of a division the rule skips (Division 00) are counted under the rule in
   ``skipped``, not listed.

When in doubt, it proposes: an applied edge must be right.

``readings_of`` recomputes the readings of every addendum in the current graph, so the
project's applied, proposed and not-understood items can be shown without ingesting again.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from inforce.ontology import (
    AddendaReadings,
    DerivedEdge,
    Document,
    Locator,
    NotUnderstoodItem,
    ProposalEvidence,
    ProposedEdge,
    Supersedes,
)
from inforce.rules import RuleSet, SupersessionRule, compile_layout, compile_notation

from ..derivation import (
    _LABEL,
    _LEAD,
    _NO_CHANGE,
    TargetDirectory,
    _quoted_spans,
    attachment_names,
    derive_supersedes,
    outline_names,
)
from .actions import DESCRIBES, Action, read_action, said_unchanged, vocabulary
from .items import _DOCUMENT_LEAD, Item, _codes_only, addendum_items
from .items import _PART_WORD as _LEAD_PART
from .references import (
    Corpus,
    Reference,
    find_references,
    heading_document,
    place_path,
    titles_a_clause,
)

if TYPE_CHECKING:
    from ..snapshot import Snapshot

__all__ = ["Lookup", "Reading", "read_addendum", "readings_of"]


@dataclass(frozen=True)
class Lookup:
    """What a reading resolves references against: the section and sheet directory, whether a
    locator exists, each document's named paragraphs and outline paths."""

    directory: TargetDirectory
    has_target: Callable[[Locator], bool] | None = None
    names: Callable[[str], Mapping[str, str]] | None = None
    paths: Callable[[str], Collection[str]] | None = None


@dataclass
class Reading:
    """One document's reading: the edges applied (``applied`` as listed, ``edges`` as staged),
    the proposals, the items not understood, the items each rule's skip list covers, and the
    notes of targets that do not exist (ingest warnings)."""

    applied: list[DerivedEdge] = field(default_factory=list)
    edges: list[Supersedes] = field(default_factory=list)
    proposed: list[ProposedEdge] = field(default_factory=list)
    not_understood: list[NotUnderstoodItem] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=dict)
    unresolved: list[str] = field(default_factory=list)


#: Where an answer starts in a question-and-answer item, when the item does not say.
_QUESTION = re.compile(r"^\s*(?:\*\*)?(?:Q(?:uestion)?\s*(?:No\.?\s*)?\d*\s*[.:)\-–]|\(Q\))", re.IGNORECASE)
_ANSWER = re.compile(r"(?:^|\n|\s)(?:\*\*)?(?:A(?:nswer)?|Response|Reply|R)\s*(?:\d+\s*)?[.:)\-–](?:\*\*)?\s",
                     re.IGNORECASE)
#: The label an answer opens with ("Answer #2:", "RFI Response 3 -"), read as no reference.
_ANSWER_MARK = re.compile(r"[ \t*_]*(?:(?:rfi|owner['’]?s?|architect['’]?s?|engineer['’]?s?)[ \t]+)?"
                          r"(?:answer|response|reply)[ \t]*(?:#[ \t]*)?\d{0,3}[ \t]*[:.)\-–][ \t*_]*", re.IGNORECASE)
#: How long an item may be and still be only a list entry (a sheet and its title) under a
#: lead-in instruction ("The following sheets are revised and reissued:").
_ENTRY_LIMIT = 160
#: The label new text opens with, as the provision it restates or adds is labelled ("A.", "2.2.B",
#: "(3)"); group 1 is the label (empty when there is none).
_NEW_TEXT_LABEL = re.compile(r"\s*[*_]*((?:\d{1,2}(?:\.\d{1,3})+(?:\.[A-Z])?|[A-Z]|\d{1,2})[.)]|\((?:[A-Za-z]|\d{1,2})\))?"
                             r"[*_]*\s*")
#: A numbered or lettered list entry that is a document's code alone, with its title at most
#: ("i. G001", "iii. S201 - Framing Plan", "b) Section 07 54 23"): an entry of the list its
#: lead-in, the entry before it under the same label scheme, instructs ("a. The sheets listed
#: here have been revised and are attached:").
_LISTED_CODE = re.compile(r"\s*(?:[ivxl]{1,5}|[a-z]|\d{1,2})[.)]\s+(?:(?:sheet|drawing|section)\s+)?"
                          r"(?:[A-Z]{1,3}-?\d{1,4}[A-Z]?|\d{2}\s?\d{2}\s?\d{2})(?:\s*[-–,]?\s*[^\n:;]{0,60})?\s*",
                          re.IGNORECASE)
#: A list entry that is a section's or sheet's number and title alone, unlabelled ("SECTION 07 54 23 -
#: ROOFING", "Sheet C-104, Utility Plan"): listed under a lead-in ("REISSUED SECTIONS:"), it heads nothing.
_DOCUMENT_ENTRY = re.compile(r"\s*[*_]*(?:(?:spec(?:ification)?\s+)?section\s+\d{2}\s?\d{2}\s?\d{2}|(?:sheet|drawing)\s+"
                             r"[A-Z]{1,3}-?\d{1,4}[A-Z]?)(?:\s*[-–—,]\s*[^\n.:;]{1,80})?[*_]*\s*", re.IGNORECASE)
#: An article's number and its title in capitals, alone ("2.1 LUMINAIRES.", "3.2 FIELD QUALITY CONTROL").
_ARTICLE_SUBHEADING = re.compile(r"\s*[*_]*\d{1,2}\.\d{1,3}\.?\s+(?-i:[A-Z][A-Z0-9 ,&/'()-]{1,60})\.?[*_]*\s*")


def _items_of(document: Document, rules: Sequence[SupersessionRule]) -> list[Item]:
    """The document's items (``engine.addenda.items``), a table row read as its cells' words."""
    return [replace(item, text=_row_text(item.cells), answer=None) if item.cells else item
            for item in addendum_items(document, list(rules))]


_ROLE_SECTION = re.compile(r"\b(?:section|spec(?:ification)?s?|provision|sp)\b", re.IGNORECASE)
_ROLE_PATH = re.compile(r"\b(?:article|paragraph|para|clause|subsection|sub-section|subparagraph)\b", re.IGNORECASE)
_ROLE_SHEET = re.compile(r"\b(?:sheets?|drawings?|dwgs?|plan\s+sheets?)\b", re.IGNORECASE)


_layout = lru_cache(maxsize=256)(compile_layout)  # a layout's text compiles once


def _row_text(cells: Sequence[tuple[str, str]]) -> str:
    """A table row as its readers read it: its cells in order, the header left out (a header
    "Description of Change" is not an instruction), a cell under a "Section", "Article" or
    "Sheet" column given that word when it holds a bare number ("| 07 92 00 | ... | 2.1 |")."""
    out = []
    for header, cell in cells:
        value = cell.strip()
        if re.fullmatch(r"\d{2}\s?\d{2}\s?\d{2}(?:\.\d{2})?|\d{5}", value) and _ROLE_SECTION.search(header):
            value = "Section " + value
        elif re.fullmatch(r"\d{1,3}(?:\.[0-9A-Za-z]{1,3})+(?:\s*\(?new\)?)?", value, re.IGNORECASE) and (
                _ROLE_PATH.search(header) or _ROLE_SECTION.search(header)):
            new = re.search(r"\s*\(?new\)?$", value, re.IGNORECASE)  # "Clause ref. | 4.3.3 (new)"
            # an agency's "Section(s) | 10.5" is a clause
            value = f"new Article {value[:new.start()]}" if new else "Article " + value
        elif re.fullmatch(r"\d{1,3}(?:\.\d{1,3})+(?:\s*(?:,|and|&)\s*\d{1,3}(?:\.\d{1,3})+)+", value) and (
                _ROLE_PATH.search(header) or _ROLE_SECTION.search(header)):
            value = "Articles " + value  # "29.1 and 29.2"
        elif re.fullmatch(r"[A-Z]{1,3}-?\d{1,4}(?:\.\d{1,3})?[A-Z]?", value) and _ROLE_SHEET.search(header):
            value = "Sheet " + value
        elif re.match(r"[A-Z]{1,3}-?\d{1,4}\b", value) and _ROLE_SHEET.search(header):
            value = "Sheets " + value  # "S-101 thru S-103", "A-101, A-102"
        out.append(value)
    return " | ".join(out)


#: The columns of a table of changes that give a provision as it stood and as it now stands
#: ("Current Provision | Revised Provision", "Description in previous document | ... in revised
#: document", "Existing | Amended", "For | Read"): each row replaces what it cites.
_BEFORE_COLUMN = re.compile(r"\b(?:current|existing|original|previous|old|as\s+(?:published|issued|tendered))\b|"
                            r"^\W*(?:for|in\s+place\s+of|instead\s+of|was|reads?)\W*$", re.IGNORECASE)
_AFTER_COLUMN = re.compile(r"\b(?:revised|amended|modified|corrected|substituted|now\s+reads?|to\s+be\s+read)\b|"
                           r"^\W*(?:read(?:\s+as)?|new(?:\s+(?:text|provision|clause|wording|description))?|"
                           r"shall\s+read|is)\W*$", re.IGNORECASE)
#: A column of dates, numbers or pages is no provision's words ("Original Date | Revised Date").
_NOT_WORDS = re.compile(r"\b(?:dates?|pages?|nos?\.?|numbers?|rev(?:ision)?s?)\b", re.IGNORECASE)
#: A cell saying a provision is no longer there ("[Deleted]", "Stands deleted.", "-", "Nil").
_EMPTY_CELL = re.compile(r"[\s\-–—.\[\]()]*(?:nil|n/?a|none|not\s+applicable|new(?:\s+(?:clause|provision|item))?)?"
                         r"[\s\-–—.\[\]()]*", re.IGNORECASE)


#: Words saying a paragraph is new: added or inserted, not one the target already has (the verb
#: may be a margin label set off by its colon: "Add: 3.1.B Insulate ...", "Insert: 2.4 ...").
_INSERTION = re.compile(r"\b(?:new|add(?:ed|s)?|insert(?:ed|s)?|following|additional)\b:?[^.;:\n]{0,30}$",
                        re.IGNORECASE)


def _inserts(text: str, reference: Reference) -> bool:
    """Whether the item adds the paragraph it names ("Add new Paragraph 2.1.D", "4.3.3 (new)",
    "Insert Article 3.5"), rather than changing one the target lacks ("Paragraph 9.9.Z: Revise")."""
    start, end = reference.span
    return bool(_INSERTION.search(text, max(0, start - 40), start)) or bool(
        re.match(r"\s*\(?(?:new|added|inserted)\b", text[end:end + 12], re.IGNORECASE)) or bool(_ADDED_AFTER.match(text, end))


#: The paragraph named first and said to be added after it, in its sentence ("Paragraph 2.2.B of
#: Section 05 12 00, "Bolts," is added:"): a design-build owner's way of writing an insertion.
#: ("Par. 2.1 C has been added, as follows:": the same, in the present perfect of a memo)
_ADDED_AFTER = re.compile(r"(?:(?!\b(?:where|which|that|when|if|and)\b)[^.;:\n]){0,70}?\b(?:is|are|ha(?:s|ve)\s+been)\s+"
                          r"(?:hereby\s+)?(?:added|inserted)\b", re.IGNORECASE)


#: A paragraph speaking of the table after it ("the manufacturers named in the table below are
#: added", "On each sheet listed, delete ..."): its verb is what each row of the table does.
_OF_TABLE = re.compile(r"\b(?:table|tabulated|listed|list|below|following|each\s+(?:sheet|section|drawing))\b",
                       re.IGNORECASE)


#: An item or a cell its owner labels as explaining, not changing ("CLARIFICATION: ...", "Clarify:",
#: "For information:"): owners keep such entries apart from their "AMENDMENT:" entries, so what
#: they explain is never applied from them (at most proposed, when they carry a change verb too).
_CLARIFICATION = re.compile(r"[ \t*_]*\b(?:clarifications?|clarify|for\s+information(?:\s+only)?)[ \t*_]*[:\-–—]",
                            re.IGNORECASE)


_POSITIONS: dict[int, tuple[Sequence[Item], dict[str, int]]] = {}


def _positions(items: Sequence[Item]) -> dict[str, int]:
    """Path → index of each item, built once per document's item list."""
    held = _POSITIONS.get(id(items))
    if held is None or held[0] is not items:
        _POSITIONS.clear()
        held = _POSITIONS[id(items)] = (items, {item.path: index for index, item in enumerate(items)})
    return held[1]


#: Column headings of a table of pages: the pages taken out ("Delete Existing Pages", "Pages
#: Removed", "Remove") and the pages put in ("Replace Pages", "Insert Pages", "Pages Added").
_PAGES_OUT = re.compile(r"\b(?:remove|delete|take\s+out|withdraw|existing|old|superseded)\w*\b[^|]*\bpages?\b|"
                        r"\bpages?\b[^|]*\b(?:removed|deleted|withdrawn|taken\s+out)\b", re.IGNORECASE)
_PAGES_IN = re.compile(r"\b(?:insert|add|put\s+in|replace|replacement|new|revised)\w*\b[^|]*\bpages?\b|"
                       r"\bpages?\b[^|]*\b(?:inserted|added|put\s+in|issued)\b", re.IGNORECASE)


def _table_lead(item: Item, items: Sequence[Item], vocabularies: list,
                layouts: Sequence[re.Pattern[str]]) -> Item | None:
    """A table row with no verb of its own read with the paragraph right above its table, when
    that paragraph instructs and speaks of the table: the row first (what it names), then the
    paragraph's instruction. None otherwise."""
    _, mask = _instruction_mask(item, layouts)
    if read_action(item.text, vocabularies, mask=mask).action is not None or _before_after(item, vocabularies):
        return None
    if any(_CLARIFICATION.match(cell) for _, cell in item.cells):
        return None  # a row its owner labels a clarification explains; it takes no change from the lead-in
    filled = [" ".join(header.split()) for header, cell in item.cells if cell.strip(" -–—")]
    taken_out = [h for h in filled if _PAGES_OUT.search(h)]
    put_in = [h for h in filled if _PAGES_IN.search(h) and h not in taken_out]
    if taken_out and put_in:
        # a table of pages whose verbs sit in its column headings ("Remove Pages | Insert Pages"): a
        # row with pages under both takes out pages of what it names and puts revised ones in (a row
        # with pages taken out only is left without a verb: whether all of it goes is for a person)
        return replace(item, text=f'{item.text} | the pages under "{taken_out[0]}" and "{put_in[0]}" revised',
                       answer=None)
    index = _positions(items).get(item.path)
    if index is None:
        return None
    while index > 0 and items[index - 1].kind == "table_row":
        index -= 1
    if index == 0 or items[index - 1].kind not in ("paragraph", "section", "item", "numbered", "bullet"):
        return None
    lead = items[index - 1]
    start, lead_mask = _instruction_mask(lead, layouts)
    quotes = [span for span in lead_mask if span[0] > 0]
    cuts = [m.end() for m in _SENTENCE.finditer(lead.text, start) if not any(a < m.end() < b for a, b in quotes)]
    bounds = [start, *cuts, len(lead.text)]
    own = None
    for a, b in zip(bounds, bounds[1:], strict=False):  # the last sentence instructing what the table lists
        local = [(max(x, a) - a, min(y, b) - a) for x, y in lead_mask if x < b and y > a]
        action = read_action(lead.text[a:b], vocabularies, mask=local)
        if action.changes and action.ambiguous is None and _OF_TABLE.search(_read_text(lead.text[a:b], local)):
            own = " ".join(lead.text[a:b].split())
    if own is None:
        return None
    return replace(item, text=f"{item.text} | {own}", answer=None)


def _cell_spans(cells: Sequence[tuple[str, str]]) -> list[tuple[str, int, int]]:
    """Each cell's header and where its words sit in the row as ``_row_text`` writes it."""
    spans, at = [], 0
    for index, text in enumerate(_row_text(cells).split(" | ")):
        spans.append((cells[index][0] if index < len(cells) else "", at, at + len(text)))
        at += len(text) + 3
    return spans


def _before_after(item: Item, vocabularies: list) -> tuple[Action, list[tuple[int, int]]] | None:
    """A row of a table giving a provision as it stood and as it now stands: what it does (the
    new words replace the old, whole; none left: deleted; none before: added) and the spans of
    the two cells, which are not read as instructions. None for any other row."""
    spans = _cell_spans(item.cells)
    if len(spans) != len(item.cells):
        return None
    before = [s for s in spans if _BEFORE_COLUMN.search(s[0]) and not _AFTER_COLUMN.search(s[0])
              and not _NOT_WORDS.search(s[0])]
    after = [s for s in spans if _AFTER_COLUMN.search(s[0]) and not _BEFORE_COLUMN.search(s[0])
             and not _NOT_WORDS.search(s[0])]
    if len(before) != 1 or len(after) != 1:
        return None
    (b_head, b_start, b_end), (a_head, a_start, a_end) = before[0], after[0]
    old, new = item.text[b_start:b_end], item.text[a_start:a_end]
    words = f"{' '.join(b_head.lower().split())} → {' '.join(a_head.lower().split())}"
    if _EMPTY_CELL.fullmatch(new) or (len(new.split()) <= 4 and read_action(new, vocabularies).action == "delete"):
        action = Action("delete", " ".join(new.split()) or words, (a_start, a_end))
    elif _EMPTY_CELL.fullmatch(old):
        action = Action("amend", words, (a_start, a_end))
    else:
        action = Action("replace", words, (a_start, a_end))
    return action, [(b_start, b_end), (a_start, a_end)]


def _notations(rule: SupersessionRule) -> dict[str, tuple[re.Pattern[str], ...]]:
    return {kind: tuple(compile_notation(kind, n) for n in notations) for kind, notations in rule.references.items()}


_NOTATIONS: dict[int, tuple[SupersessionRule, dict[str, tuple[re.Pattern[str], ...]]]] = {}


def _notations_of(rule: SupersessionRule) -> dict[str, tuple[re.Pattern[str], ...]]:
    held = _NOTATIONS.get(id(rule))
    if held is None or held[0] is not rule:
        held = _NOTATIONS[id(rule)] = (rule, _notations(rule))
    return held[1]


def _instruction_mask(item: Item, layouts: Sequence[re.Pattern[str]] = ()) -> tuple[int, list[tuple[int, int]]]:
    """Where the item's own instruction starts (its label aside; for a question and answer,
    where the answer starts), and the spans not read: its label, what it quotes, the question,
    and what follows the instruction's first paragraph (the new text an instruction brings:
    "Revise to read:" then the paragraph as revised)."""
    text = item.text
    start = lead = _LEAD.match(text).end()  # type: ignore[union-attr]
    label = _LABEL.match(text, start)
    if label is not None and label.end() > start:
        start = label.end()
    for layout in layouts:  # "Item No. 2:", "AD1-A01": the label a layout of the pack opens the item with
        opened = layout.match(text, start)
        if opened is not None and not re.match(r"[-–.]?\d", text[opened.end():opened.end() + 2]) and not (
                re.fullmatch(r"[A-Za-z]{2}", opened.group("label"))
                and not re.match(r"[.):\-–—]", text[opened.end():opened.end() + 1])):
            # ("Item P-610 ..." is an agency's item number, not a layout's label "Item P"; in
            # "Change: In Section 03 30 00 ..." the verb is a margin label and "In" a word, no label)
            start = _AFTER_LABEL.match(text, opened.end()).end()  # type: ignore[union-attr]
            break
    named = attachment_names(text)  # 'the attached "Section 31 23 16 - Earthwork"': a name, read
    mask = [(0, start), *(q for q in _quoted_spans(text) if q not in named), *(m.span() for m in _CODE.finditer(text))]
    answer = item.answer
    if answer is None and (item.kind == "question" or _QUESTION.match(text, start) or _QUESTION.match(text, lead)):
        found = _ANSWER.search(text, start + 2)
        answer = found.end() if found else len(text)
    if answer is not None:
        marker = _ANSWER_MARK.match(text, answer)  # "RFI Answer #2:": the answer's own label, no reference
        if marker is not None:
            answer = marker.end()
        mask.append((start, answer))
        start = max(start, answer)
    body = re.compile(r"\S").search(text, start)
    end = _BREAK.search(text, body.start()) if body else None
    if end is not None and not (text[:end.start()].rstrip().endswith(":") and all(
            _codes_only(block) for block in _BREAK.split(text[end.end():]) if block.strip())):
        # (a lead-in's list of bare sheet or section numbers, run on below its colon, is what it acts on)
        mask.append((end.start(), len(text)))
    return start, mask


_BREAK = re.compile(r"\n[ \t\r]*\n")
#: Code, fenced or inline: quoted text (a YAML block, a command), never an instruction.
_CODE = re.compile(r"```.*?(?:```|\Z)|~~~.*?(?:~~~|\Z)|`[^`\n]+`", re.DOTALL)
#: An instruction that only points at what it names ("Refer to the paragraph for ...", "See Sheet A-201").
_POINTER = re.compile(r"(?:^|[:.]\s+|\n\s*)(?:please\s+)?(?:refer\s+to|see|reference\s+is\s+made\s+to|note\s+that)\b",
                      re.IGNORECASE)
#: A clause that opens with an imperative verb and names what it acts on ("; remove Article 2.2 ...").
_IMPERATIVE = re.compile(r"\s+(?:delete|remove|omit|replace|substitute|revise|add|insert|change|modify)\s+"
                         r"(?:the\s+)?(?:sub-?paragraphs?|paragraphs?|articles?|clauses?|sections?|sheets?|"
                         r"drawings?|notes?|keynotes?|details?|callouts?)\s+[\dA-Z]", re.IGNORECASE)
#: An item labelled by a deep paragraph number ("203.3.5 ROCK EXCAVATION. Delete ...").
_PATH_LABEL = re.compile(r"\s*(\d{3,4}(?:\.\d{1,3})+|\d{1,2}(?:\.\d{1,3}){2,})\s")
#: (not the point of an abbreviation owners write before a number: "Drawing No. P-101", "Dwg. 4")
_CLAUSE_END = re.compile(r"[.;](?=\s|$)(?!(?:(?<=[\s(](?i:no)\.)|(?<=[\s(](?i:nos|dwg|sht|rev|art|sec|fig|ref)\.)|"
                         r"(?<=[\s(](?i:para|sect)\.))\s+\(?[A-Z]{0,4}[-.]?\d)")
_AFTER_LABEL = re.compile(r"[\s.:)\-–—]*")


def _words(text: str, limit: int = 200) -> str:
    shown = " ".join(text.split())
    return shown if len(shown) <= limit else shown[: limit - 1].rstrip() + "…"


def read_addendum(
    document: Document, rules: Sequence[SupersessionRule] | RuleSet, targets: Any, *,
    body_line: int | None = None, as_of: Any = None, embedder: Any = None,
    target_text: Callable[[Locator], str | None] | None = None,
) -> Reading:
    """The reading of ``document`` under the supersession rules (see the module's doc).

    ``targets`` is a ``Lookup`` (or anything with its attributes: ingest's ``Targets``);
    ``body_line`` the file line where the text layer starts (for each item's line). With an
    ``embedder`` (``engine.embedding.Embedder``) and ``target_text`` (a locator's text), each
    proposal's evidence carries the cosine of the item's and the target's text: shown to the
    reviewer, never used to decide.
    """
    active = [rule for rule in (rules.supersession if isinstance(rules, RuleSet) else list(rules))
              if document.kind in rule.document_kinds]
    reading = Reading()
    if not active:
        return reading
    file = document.source.file
    text_layer = document.text_layer

    def line_of(offset: int) -> int | None:
        return None if body_line is None else body_line + text_layer.count("\n", 0, offset)

    directory = targets.directory
    has_target = getattr(targets, "has_target", None)
    names = getattr(targets, "names", None)
    derived = derive_supersedes(document, active, directory=directory, has_target=has_target, names=names)
    reading.unresolved += derived.unresolved
    applied_paths = {edge.by.path for edge in derived.edges if edge.by is not None}
    for edge, listed in zip(derived.edges, derived.derived, strict=True):
        item_offset = _offset(document, listed.by.path)
        reading.edges.append(edge)
        reading.applied.append(listed.model_copy(update={"file": file, "line": line_of(item_offset)}))
    old_reasons = {missed.item.path: missed for missed in derived.not_understood}
    quiet = set(derived.quiet)

    kinds = tuple(dict.fromkeys(kind for rule in active for kind in rule.target_kinds))
    corpus = Corpus(directory, kinds, paths=getattr(targets, "paths", None), names=names, has_target=has_target,
                    as_of=document.effective.from_ if as_of is None else as_of)
    vocabularies = [vocabulary(rule) for rule in active]
    notations: dict[str, list[re.Pattern[str]]] = {}
    for rule in active:
        for kind, compiled in _notations_of(rule).items():
            notations.setdefault(kind, []).extend(compiled)
    skip = {division: rule.id for rule in reversed(active) for division in rule.skip_divisions}
    layouts = [_layout(layout) for rule in active for layout in rule.layouts]
    declared = {edge.target.unpinned().format() for edge in document.supersedes
                if not edge.origin.startswith("rule:") and edge.origin != "review"}
    first_rule = active[0].id

    items = _items_of(document, active)
    outcomes: dict[str, _Outcome] = {}
    for item in items:
        path = item.path
        if path in applied_paths or path in quiet and path not in old_reasons and not _entry_under_lead(
                item, items, vocabularies):
            continue
        old = old_reasons.get(path)
        if old is not None and old.reason is not None and " is in Division " in old.reason:
            reading.skipped[old.rule] = reading.skipped.get(old.rule, 0) + 1
            continue
        if old is not None and old.reason == _NO_CHANGE:
            reading.not_understood.append(_missed(item, old.rule, file, line_of, old.reason))
            continue
        outcome = _read_item(item, corpus, vocabularies, notations, skip, first_rule, items, layouts)
        if outcome.kind == "nothing" and old is not None and not (item.kind == "heading" and old.reason is None):
            outcome = _Outcome("not_understood", rule=old.rule, why=old.reason)
        outcomes[path] = outcome
    _innermost(outcomes, applied_paths, reading)
    _lead_ins(outcomes, items, reading)
    _attachments_alone(outcomes, reading)

    by_path = {item.path: item for item in items}
    for path, outcome in outcomes.items():
        item = by_path[path]
        if outcome.kind == "skipped":
            reading.skipped[outcome.rule] = reading.skipped.get(outcome.rule, 0) + 1
        elif outcome.kind == "not_understood":
            reading.not_understood.append(_missed(item, outcome.rule, file, line_of, outcome.why))
        if outcome.also and outcome.kind == "applied":
            reading.not_understood.append(_missed(item, outcome.rule, file, line_of, "; ".join(outcome.also)))
        if outcome.kind == "applied":
            for target, _ in outcome.targets:
                if target.format() in declared:
                    continue
                action = outcome.actions.get(target.format(), outcome.action)
                edge = Supersedes(source=document.locator, target=target, scope=action.scope,
                                  effective=document.effective.from_, by=item.locator, origin=f"rule:{outcome.rule}",
                                  successor=action.successor)
                reading.edges.append(edge)
                reading.applied.append(DerivedEdge(
                    by=item.locator, target=target, scope=edge.scope, rule=outcome.rule,
                    words=action.words, successor=edge.successor, file=file, line=line_of(item.offset)))
        elif outcome.kind == "proposed":
            for target, reference in outcome.targets:
                if target.format() in declared:
                    continue
                action = outcome.actions.get(target.format(), outcome.action)
                reading.proposed.append(ProposedEdge(
                    item=item.locator, target=target, scope=action.scope, successor=action.successor,
                    rule=outcome.rule, file=file, line=line_of(item.offset), words=_words(item.text),
                    evidence=ProposalEvidence(
                        reference=reference.written, resolved_by=reference.resolved_by or None,
                        reference_score=_reference_score(reference), action=_verb(action), change=action.action,
                        why=str(outcome.why))))
    _certainty(reading, items, corpus, vocabularies, notations, skip, document, file, line_of, first_rule)
    _guards(reading, items, corpus, document, file, line_of, vocabularies)  # last: whatever read an edge, its words must settle it
    if embedder is not None and target_text is not None and reading.proposed:
        # an embedder, or what loads one when first needed (ingest loads no model for an addendum
        # that proposes nothing)
        model = embedder if hasattr(embedder, "embed") else embedder()
        if model is not None:
            reading.proposed = _with_similarity(reading.proposed, by_path, model, target_text)
    order = {item.path: index for index, item in enumerate(items)}
    reading.applied.sort(key=lambda e: (e.by.format(), e.target.format()))
    reading.edges.sort(key=lambda e: (e.by.format() if e.by else "", e.target.format()))
    reading.proposed.sort(key=lambda p: (order.get(p.item.path or "", 0), p.target.format()))
    reading.not_understood.sort(key=lambda n: order.get(n.item.path or "", 0))
    return reading


def _with_similarity(proposed: list[ProposedEdge], items: Mapping[str, Item], embedder: Any,
                     target_text: Callable[[Locator], str | None]) -> list[ProposedEdge]:
    """Each proposal with the cosine of its item's words and its target's text (one batch)."""
    pairs = [(items[p.item.path or ""].text if (p.item.path or "") in items else p.words, target_text(p.target))
             for p in proposed]
    wanted = [i for i, (_, text) in enumerate(pairs) if text]
    if not wanted:
        return proposed
    vectors = embedder.embed([pairs[i][0] for i in wanted] + [str(pairs[i][1]) for i in wanted])
    out = list(proposed)
    for n, i in enumerate(wanted):
        a, b = vectors[n], vectors[len(wanted) + n]
        norm = (sum(x * x for x in a) ** 0.5) * (sum(x * x for x in b) ** 0.5)
        cosine = sum(x * y for x, y in zip(a, b, strict=True)) / norm if norm else 0.0
        out[i] = out[i].model_copy(update={"evidence": out[i].evidence.model_copy(
            update={"similarity": round(cosine, 3)})})
    return out


def _reference_score(reference: Reference) -> float | None:
    """How sure the reference's resolution is, 0-1: 1.0 for a number or an outline path, a
    title's rapidfuzz ratio / 100, None when nothing resolved it (a candidate of several)."""
    if reference.score is not None:
        return round(reference.score / 100, 3)
    return 1.0 if reference.target is not None else None


def _verb(action: Action) -> str | None:
    """The verb read, lower case ("revise", "delete ... substitute"), None when none was."""
    if not action.words:
        return None
    return " ".join(action.words.split(" … ")[0].lower().split())


def _offset(document: Document, path: str | None) -> int:
    for provision in document.provisions:
        if provision.path == path:
            return provision.span.start
    return 0


def _missed(item: Item, rule: str, file: str, line_of: Callable[[int], int | None],
            why: str | None) -> NotUnderstoodItem:
    start, _ = _instruction_mask(item)
    return NotUnderstoodItem(item=item.locator, file=file, line=line_of(item.offset), rule=rule,
                             words=_words(item.text[_LEAD.match(item.text).end():]), reason=why)  # type: ignore[union-attr]


@dataclass
class _Outcome:
    kind: str  # applied | proposed | not_understood | skipped | nothing | quiet (read: it changes nothing)
    rule: str = ""
    action: Action = field(default_factory=lambda: Action(None))
    targets: list[tuple[Locator, Reference]] = field(default_factory=list)
    why: str | None = None
    #: a line of the addendum's list of attachments that would apply but for being one
    listed: bool = False
    #: each target's own action, where an item holds several instructions (target → action)
    actions: dict[str, Action] = field(default_factory=dict)
    #: what the item also names and the project does not hold (a sheet of a list): reported beside it
    also: list[str] = field(default_factory=list)


_LISTED = "a line of the addendum's list of attachments: what it changes is for a person to confirm"


def _attachments_alone(outcomes: dict[str, _Outcome], reading: Reading) -> None:
    """A line of the list of attachments that says what it does to what it names ("Section 07 54
    23 (reissued in its entirety)") is the addendum's only instruction on that document when no
    other item names it: applied. Where another item changes the document, that item carries
    the change and the line stays a proposal."""
    elsewhere = {edge.target.doc for edge in reading.edges}
    for outcome in outcomes.values():
        if not outcome.listed and outcome.kind in ("applied", "proposed"):
            elsewhere |= {target.doc for target, _ in outcome.targets}
    for outcome in outcomes.values():
        if outcome.listed and outcome.kind == "proposed" and not {t.doc for t, _ in outcome.targets} & elsewhere:
            action = outcome.action
            outcome.kind, outcome.why = "applied", None
            outcome.action = Action(action.action, action.words, action.span, action.attachment)


def _read_item(item: Item, corpus: Corpus, vocabularies: list, notations: Mapping[str, Sequence[re.Pattern[str]]],
               skip: Mapping[str, str], rule: str, items: Sequence[Item],
               layouts: Sequence[re.Pattern[str]] = ()) -> _Outcome:
    """An item's outcome; an item holding several instructions, each a sentence with its own
    verb and its own target ("Revise Paragraph 2.1.B to read ... Delete Paragraph 2.1.C."), is
    read one instruction at a time, each target with its own action."""
    parts = _instructions(item, corpus, vocabularies, notations, layouts)
    if not parts:
        return _read_one(item, corpus, vocabularies, notations, skip, rule, items, layouts)
    return _combined([_read_one(part, corpus, vocabularies, notations, skip, rule, items, layouts)
                      for part in parts], rule)


#: Where one sentence of an item may end and another instruction begin (outside quotations).
_SENTENCE = re.compile(r"[.;][\"”’]?(?=\s+[A-Z(])")


#: What follows a verb that only leads to what comes after it ("as follows.", "below:").
_LEADS_ONLY = re.compile(r"[\s,]*(?:as\s+(?:follows|below|noted\s+below)|below|herein)?[\s.:;]*", re.IGNORECASE)
#: The end of a passive verb's subject: "... is hereby", "... are to be", "... shall be".
_PASSIVE_BEFORE = re.compile(r"\b(?:is|are|shall\s+be|is\s+to\s+be|are\s+to\s+be)(?:\s+hereby)?\s*$", re.IGNORECASE)


def _instructions(item: Item, corpus: Corpus, vocabularies: list,
                  notations: Mapping[str, Sequence[re.Pattern[str]]],
                  layouts: Sequence[re.Pattern[str]]) -> list[Item]:
    """The item cut into its instructions when more than one sentence of it has a change verb
    and names a target of its own; [] otherwise (the usual case: one instruction, then words
    that explain it). A sentence that instructs nothing stays with the instruction before it;
    a later instruction naming no section of its own takes the one the first names."""
    if item.cells or item.answer is not None or item.kind in ("question", "answer"):
        return []
    start, mask = _instruction_mask(item, layouts)
    body_end = next((e for s, e in mask if e == len(item.text) and s > start), len(item.text))
    text = item.text
    quotes = [span for span in mask if span[0] > 0]
    cuts = [m.end() for m in _SENTENCE.finditer(text, start, body_end)
            if not any(s < m.end() < e for s, e in quotes)]
    if not cuts:
        return []
    bounds = [start, *cuts, body_end]
    sentences = [(bounds[i], bounds[i + 1]) for i in range(len(bounds) - 1) if text[bounds[i]:bounds[i + 1]].strip()]
    instructing = []
    for s, e in sentences:
        local = [(max(a, s) - s, min(b, e) - s) for a, b in mask if a < e and b > s]
        action = read_action(text[s:e], vocabularies, mask=local)
        # ("Replace page 2 with page 2 attached. The new page adds Article 3.2 ...": a sentence whose
        # subject is the replacement just issued says what it holds, it instructs nothing)
        instructing.append(action.changes and action.span is not None and not _SUCCESSOR_SUBJECT.match(text, s) and (
            action.span[0] < 40
            # an imperative opening its own line below the item's heading line ("ITEM NO. 3: Section
            # 21 13 13 Title" then "Add ... in Section 2.2A." then "Delete Section 2.1B.")
            or re.search(r"\n[ \t*_\-•]*$", text[s:s + action.span[0]]) is not None
            # the target as the subject of a passive verb, further in ("The scope of work of Section
            # 22 11 16 - Domestic Water Piping is hereby revised to include ...")
            or (action.span[0] < 160 and _PASSIVE_BEFORE.search(text[s:s + action.span[0]]) is not None
                # what it does is said after the verb ("... revised to include X"); "is revised as
                # follows." only leads to the next sentence, which instructs
                and _LEADS_ONLY.fullmatch(text[s + action.span[1]:e]) is None)))
    if sum(instructing) < 2 or not instructing[0]:
        return []
    groups: list[tuple[int, int]] = []
    for (s, e), instructs in zip(sentences, instructing, strict=True):
        if instructs or not groups:
            groups.append((s, e))
        else:
            groups[-1] = (groups[-1][0], e)
    first = text[groups[0][0]:groups[0][1]]
    verb = read_action(first, vocabularies, mask=_quoted_spans(first))
    lead = first[:verb.span[0]].strip() if verb.span is not None else ""
    named, seen = [], set()
    for index, (s, e) in enumerate(groups):
        # (a later instruction is read under the section the first names: "ITEM 3: Section 21 13 13
        # ...", "Add ... in Section 2.2A.", "Delete Section 2.1B.", the owner's paragraphs)
        found = [r for r in find_references(text[s:e], corpus, mask=_quoted_spans(text[s:e]), notations=notations,
                                            titles=False, context="\n".join(
                                                x for x in (item.heading_context, lead if index else "") if x))
                 if not r.cited and r.kind in ("section", "paragraph", "sheet", "callout", "name")]
        written = {" ".join(r.written.split()).lower() for r in found if not r.bound}
        if written & seen:
            return []  # "Delete sheets A-601 ... Add the attached sheets A-601 ...": one change, read whole
        seen |= written
        named.append(bool(found))
    if sum(named) < 2:
        return []
    parts = []
    for index, (s, e) in enumerate(groups):
        context = item.heading_context if index == 0 or not lead else f"{item.heading_context}\n{lead}".strip("\n")
        parts.append(replace(item, text=text[s:e].strip(), heading_context=context, answer=None, cells=()))
    return parts


def _combined(outcomes: list[_Outcome], rule: str) -> _Outcome:
    """One outcome for an item read instruction by instruction: applied when every instruction
    applies, else each target proposed; reported when none names a target it can place."""
    changing = [o for o in outcomes if o.kind in ("applied", "proposed")]
    if not changing:
        reasons = [o.why for o in outcomes if o.kind == "not_understood" and o.why]
        if reasons or any(o.kind == "not_understood" for o in outcomes):
            return _Outcome("not_understood", rule, why="; ".join(dict.fromkeys(reasons)) or None)
        skipped = [o for o in outcomes if o.kind == "skipped"]
        return skipped[0] if skipped else _Outcome("quiet" if any(o.kind == "quiet" for o in outcomes) else "nothing",
                                                    rule)
    targets, actions = [], {}
    for outcome in changing:
        for target, reference in outcome.targets:
            if target.format() not in actions:
                targets.append((target, reference))
                actions[target.format()] = outcome.actions.get(target.format(), outcome.action)
    if all(o.kind == "applied" for o in changing) and len(changing) == len(
            [o for o in outcomes if o.kind not in ("quiet", "nothing")]):
        return _Outcome("applied", rule, changing[0].action, targets, actions=actions)
    notes = [o.why for o in outcomes if o.why]
    return _Outcome("proposed", rule, changing[0].action, targets, actions=actions, why="; ".join(dict.fromkeys(
        ["the item holds several instructions, not all of them read unambiguously", *notes])))


def _read_one(item: Item, corpus: Corpus, vocabularies: list, notations: Mapping[str, Sequence[re.Pattern[str]]],
              skip: Mapping[str, str], rule: str, items: Sequence[Item],
              layouts: Sequence[re.Pattern[str]] = ()) -> _Outcome:
    table_lead = _table_lead(item, items, vocabularies, layouts) if item.kind == "table_row" else None
    if table_lead is not None:  # a row with no verb of its own, under a paragraph instructing the table
        item = table_lead
    start, mask = _instruction_mask(item, layouts)
    table = _before_after(item, vocabularies) if item.cells and table_lead is None else None
    if table is not None:  # the old and the new words are quoted text, not instructions
        mask = [*mask, *table[1]]
        action = table[0]
    else:
        action = read_action(item.text, vocabularies, mask=mask)
    context, lead, lead_line = _context(item, vocabularies)
    if lead is None and (item.kind == "paragraph" or item.kind == "section" and _LISTED_CODE.fullmatch(item.text)):
        lead, lead_line = _paragraph_lead(item, items, vocabularies)
    cells = [cell for _, cell in item.cells]
    # the instruction's clause ends with the sentence its verb is in: what a later sentence
    # names explains it ("...; toilet rooms now use Hardware Set No. 2"), it is not changed by it
    clause = _CLAUSE_END.search(_read_text(item.text, mask), action.span[1]) if action.span is not None else None
    while clause is not None and _IMPERATIVE.match(_read_text(item.text, mask), clause.end()):
        # "... the plaque is deleted; remove Article 2.2 in its entirety": the next clause instructs too
        clause = _CLAUSE_END.search(_read_text(item.text, mask), clause.end())
    described = DESCRIBES.search(_read_text(item.text, mask), action.span[1]) \
        if action.action == "replace" and action.span is not None else None
    if (described is not None and (clause is None or described.start() < clause.start())
            and not _PAGES.search(_read_text(item.text, mask), 0, described.start())):
        # "replace it with the attached revised Section ..., which now includes the following changes:
        # Article 2.3 ...": the articles named describe the document issued whole, they are no targets
        # (where pages are replaced, the article named is where the section changes: kept)
        clause = described
    restating = re.compile(r"\s*:").match(_read_text(item.text, mask), action.span[1] - action.words.endswith(":")) \
        if action.action == "replace" and action.span is not None and re.search(r"\bread:?$", action.words, re.I) else None
    if restating is not None and (clause is None or restating.start() < clause.start()):
        # "Index of Drawings should read: C-101 SITE PLAN, C-102 ...": what follows "read:" is the
        # new text, unquoted; the sheets it lists are words of it, not targets
        clause = restating
    # a title alone is compared only for an item whose verb changes something (it can only propose)
    references = find_references(item.text, corpus, mask=mask, context=context, notations=notations, cells=cells,
                                 clause_end=clause.start() if clause is not None else None,
                                 titles=action.changes or lead is not None or bool(cells)
                                 or titles_a_clause(_read_text(item.text[:start + 200], mask)))
    if clause is not None:
        mask = [*mask, (clause.start(), len(item.text))]
    label = _PATH_LABEL.match(item.text)
    if label is not None and context and not any(
            r.kind in ("section", "sheet") and not r.cited for r in references if not r.from_heading):
        # "203.3.12 COMPACTION. Delete paragraph (c)": the item is numbered by the paragraph it
        # changes, in the section its heading names; read it as if the heading named that paragraph
        lines = context.splitlines()
        numbered = "\n".join([*lines[:-1], f"{lines[-1]} Paragraph {label.group(1)}"])
        if heading_document(numbered, corpus, notations) is not None:
            references = find_references(item.text, corpus, mask=mask, context=numbered, notations=notations,
                                         cells=cells, clause_end=clause.start() if clause is not None else None,
                                         titles=False)
        elif action.changes and any(r.target is not None for r in references):
            return _Outcome("proposed", rule, action, [(r.target, r) for r in references if r.target is not None][:1],
                            why=f'numbered "{label.group(1)}", a paragraph no reference placed')
    from_lead = table_lead is not None
    if from_lead:
        lead_line = item.text
    added = _added_by_label(item, action, mask, references, rule, corpus, lead, lead_line)
    if added is not None:
        return added
    if (lead is not None and _BRINGS_TEXT.search(lead_line) and not any(not r.from_heading for r in references)
            and (action.action is None or (action.span is not None and action.span[0] > _NEW_TEXT_LABEL.match(
                item.text).end() + 1 and _brought_text(item.text, lead_line, context, corpus, notations)))):
        # "Paragraph 3.2.A - Replace the whole paragraph with the following:" then "A. Flush the
        # system ...": the new words the instruction above brings, however long; it carries them
        # (a change word inside them, "A. Height: 6 inches in the changing rooms", is a word of
        # the new text, not a verb: the new text opens with its label, not with an imperative)
        return _Outcome("quiet", rule, action)
    if action.action is None and lead is not None and len(" ".join(item.text.split())) <= _ENTRY_LIMIT:
        action = lead  # a list entry under a lead-in instruction ("The following sheets are reissued:")
        from_lead = True
        if not any(not r.from_heading for r in references):
            # it names nothing of its own: the new words its lead-in brings ("DELETE subparagraph 2.1A and
            # SUBSTITUTE:" then "A. Extruded ..."), which the lead-in itself carries; no list entry
            return _Outcome("quiet", rule, action)
        if (_ENTRY_WHOLE.search(_read_text(item.text, mask)) and action.action in ("replace", "amend")
                and not re.match(r"(?:add|insert|new)", action.words, re.IGNORECASE)):  # (a list of added ones: new)
            # "The Sections below have changed:" then "Section 11 19 00 Title (entire section reprinted)":
            # the entry's own words say the whole of it is issued again, whatever its lead-in's verb
            action = Action("replace", action.words, action.span, action.attachment, action.ambiguous)
            lead_line = f"{lead_line} {_ENTRY_WHOLE.search(_read_text(item.text, mask)).group(0)}"
        elif action.action == "replace" and ((_PAGE_WORD.search(lead_line) and not _WHOLE_WORD.search(lead_line))
                                             or _PAGE_NUMBER.search(_read_text(item.text, mask))):
            # "Take out each page listed and put in the attached page": pages of it, not the whole
            action = Action("amend", action.words, action.span, action.attachment, action.ambiguous)
        if _MARKED_NEW.search(_read_text(item.text, mask)):
            return _Outcome("quiet", rule, action)  # "Appendix C ... (new)": an added document supersedes nothing
        if (action.action == "amend" and action.ambiguous is None and table_lead is None
                and all(_CAPTION_CHANGE.fullmatch(w.strip()) for w in action.words.split(" … "))
                and not _OWN_EXTENT.search(_read_text(item.text, _instruction_mask(item, layouts)[1]))):
            # "CHANGES TO THE SPECIFICATIONS:" then "Section 09 91 00, Paragraph 2.1.B": the item has no
            # verb of its own and its heading only says changes follow; what of it changes, and how
            # (in part, restated whole, taken out), its own words do not say
            action = Action("amend", action.words, action.span, action.attachment, ambiguous=(
                f'takes its verb from the heading above it ("{" ".join(lead_line.split())}"), which says only '
                "that something changes: what of it changes, and how, is for a person to confirm"))
    if action.action is None and not item.cells and _POINTER.search(_read_text(item.text, mask), start):
        return _Outcome("quiet", rule, action)  # it points at what it names: "Refer to the paragraph for ..."
    if action.action == "no_change":
        if action.ambiguous and any(r.target is not None for r in references):
            return _Outcome("not_understood", rule, action, why=_NO_CHANGE)
        return _Outcome("quiet", rule, action)
    answered = item.kind in ("question", "answer") or item.answer is not None
    if answered and not action.changes:
        read = _read_text(item.text, mask)
        if _GRANTS.search(read) and not _RESTATES.search(read):
            # an answer that permits or conditions what a section requires changes it: for review
            named_any = _distinct([(r.target, r) for r in references if r.target is not None and not r.bound])
            if named_any:
                return _Outcome("proposed", rule, action, named_any,
                                why="an answer that permits or conditions what it names: a change for a person "
                                    "to confirm")
    named = [r for r in references if not r.bound and not r.cited]
    if answered and action.changes and not named and start > 0:
        # "Question: Section 3 - 3.20 Flooding ... Answer: ... is withdrawn from the contract": the
        # answer changes what the question names; for a person to confirm
        asked = [r for r in find_references(item.text[:start], corpus, mask=_quoted_spans(item.text[:start]),
                                            notations=notations, titles=False)
                 if r.target is not None and not r.bound and not r.cited]
        if asked:
            return _Outcome("proposed", rule, action, _distinct([(r.target, r) for r in asked]),
                            why="the answer changes what the question names: for a person to confirm")
    if not named and not references and (action.changes or item.cells) and not _preamble(item):
        # a change that names something no notation of the pack reads ("Section 4A", "Schedule-D,
        # 2.3"): reported, never passed over
        mention = _MENTION.search(_read_text(item.text, mask))
        clause = _CLAUSE_ALONE.fullmatch(" ".join(mention.group(0).split())) if mention is not None else None
        if clause is not None and action.changes:
            # "Section 5.17 - Page 38 - Delete ...": a clause of a document the item does not name
            holders = _clause_holders(clause.group(1), item, items, corpus)
            if len(holders) == 1:
                target = Locator(doc=holders[0], path=clause.group(1))
                if action.action in ("replace", "delete") and _ORDINAL_PART.search(_read_text(item.text, mask)):
                    action = Action("amend", action.words, action.span, action.attachment, action.ambiguous)
                reference = Reference("paragraph", mention.group(0), mention.span(), target, resolved_by="outline")
                return _Outcome("proposed", rule, action, [(target, reference)], why=(
                    f"names {' '.join(mention.group(0).split())} of no named document: {holders[0]} is the one "
                    "document of the project holding it (and the clauses the items beside it name)"))
        if mention is not None:
            return _Outcome("not_understood", rule, action,
                            why=f'names "{" ".join(mention.group(0).split())}", which no reference notation of the '
                                "pack places")
    if not named:
        return _Outcome("quiet" if references else "nothing", rule, action)  # it only cites what it names
    if _preamble(item) and not action.changes:
        return _Outcome("quiet", rule, action)  # the addendum's preamble: it describes, it instructs nothing
    under_attachments = bool(_ATTACHMENTS.search(item.heading_context.splitlines()[-1] if item.heading_context else "")) \
        or _attachment_line(item) or _attachments_lead(item, vocabularies)
    if not action.changes and (under_attachments or item.kind in ("question", "answer") or item.answer is not None):
        return _Outcome("quiet", rule, action)  # an answer that only explains; an attachment listed
    # Division 00 and the like: counted, not listed
    divisions = [_division(r) for r in named if r.kind in ("section", "paragraph", "name")
                 and (r.target is not None or r.kind == "section")]
    if divisions and all(d in skip for d in divisions) and all(r.kind in ("section", "paragraph", "name")
                                                             for r in named):
        return _Outcome("skipped", skip[divisions[0]] if divisions[0] else rule, action)
    if item.kind == "heading" and not action.changes:
        return _Outcome("quiet", rule, action)  # it heads the items that carry the changes
    if (action.action is None and lead is None and _ARTICLE_SUBHEADING.fullmatch(item.text)
            and (index := _positions(items).get(item.path)) is not None and index + 1 < len(items)
            and items[index + 1].heading_context == item.heading_context):
        # "2.1 LUMINAIRES." between a section's heading and the instructions after it: an article
        # subheading, placing what follows; it changes nothing of its own
        return _Outcome("quiet", rule, action)
    resolved: list[tuple[Locator, Reference]] = []
    open_refs: list[Reference] = []
    for reference in named:
        if reference.target is not None:
            resolved.append((reference.target, reference))
        elif (reference.joins is not None and action.action == "amend" and reference.kind == "paragraph"
              and _inserts(item.text, reference)):
            # an insertion amends what it joins; one joining only the whole document is for a person
            resolved.append((reference.joins, reference))
            if reference.joins.path is None:
                action = Action(action.action, action.words, action.span, action.attachment, ambiguous=(
                    f"adds {reference.written}, which joins no paragraph of {reference.joins.doc}: where it goes "
                    "is for a person to confirm"))
        elif (reference.joins is not None and reference.kind == "paragraph" and action.changes
              and reference.joins.path is not None and corpus.is_leaf(reference.joins)):
            # a subparagraph the outline does not split out ("Article 1.3, paragraph .2"): a change within it
            resolved.append((reference.joins, reference))
            if action.action in ("replace", "delete"):
                action = Action("amend", action.words, action.span, action.attachment, action.ambiguous)
        elif reference.joins is not None and reference.kind == "callout" and action.changes:
            # a note or detail the sheet does not hold changes the sheet in part: one the item adds
            # ("Sheet C-103: add General Note 2 reading ...") is applied so; one it changes or
            # deletes that the sheet lacks may be a callout its outline missed: for a person
            resolved.append((reference.joins, reference))
            if action.action != "amend" or not _inserts(item.text, reference):
                action = Action("amend", action.words, action.span, action.attachment, ambiguous=(
                    f"names {reference.written} on {reference.joins.doc}, which holds no such callout: "
                    "a change to the sheet for a person to confirm"))
        elif reference.candidates or reference.why:
            open_refs.append(reference)
    absent = [r for r in open_refs if r.kind == "sheet" and not r.candidates and r.joins is None
              and r.why and r.why.endswith("which the project does not hold")]
    if absent and any(r.kind == "sheet" for _, r in resolved):  # one sheet of a list missing: said, not blocking
        open_refs = [r for r in open_refs if r not in absent]
    # a paragraph or callout the target lacks is what the item names, not the article or sheet around it
    lacking = [r.joins for r in open_refs if r.joins is not None]
    resolved = [(t, r) for t, r in resolved if not any(
        t.doc == j.doc and (t.path is None or t.path == j.path or (j.path or "").startswith(t.path + "."))
        for j in lacking)]
    joined = [(t, r) for t, r in resolved if r.target is None and r.kind == "paragraph" and t.path is not None]
    resolved = _distinct(resolved)
    # "paragraph 3.1, revise subparagraph A and add subparagraph C": the paragraph added joins the
    # article and the one revised is inside it; two changes, each kept (never one swallowing the other)
    beside = [(t, r) for t, r in joined if t not in {x for x, _ in resolved}
              and any(x.doc == t.doc and (x.path or "").startswith(t.path + ".") and o is not r for x, o in resolved)]
    if beside and action.changes:
        resolved += beside
        if action.ambiguous is None:  # which verb takes which paragraph, and how far, is a reading of the words
            action = Action(action.action, action.words, action.span, action.attachment, ambiguous=(
                f"changes a paragraph and adds {beside[0][1].written} beside it: what each verb does to which "
                "is for a person to confirm"))
    whole_object = _WHOLE_OBJECT.search(_read_text(item.text, mask)) if action.action == "replace" else None
    if whole_object is not None and resolved and not open_refs and len({t.doc for t, _ in resolved}) == 1:
        # "Sheet revised. Detail 2 ... increased. Pull and replace the whole sheet": the words name
        # the whole document as what is replaced; the part named beside it says what changed in it
        kind = "section" if whole_object.group("kind").lower().startswith(("section", "spec")) else "sheet"
        holder = next((r for r in references if r.kind == kind and r.target is not None and r.target.path is None
                       and r.target.doc == resolved[0][0].doc), None)
        if holder is None:
            whole_object = None
        else:
            resolved = [(holder.target, replace(holder, bound=False))]  # type: ignore[list-item]
    if not resolved and not open_refs:
        return _Outcome("nothing", rule, action)
    sections = _distinct([(r.target, r) for r in references if r.kind in ("section", "title")
                          and r.target is not None and not r.cited and not r.from_heading])
    if (action.changes and len(sections) == 1 and all(t.doc == sections[0][0].doc for t, _ in resolved)
            and _PAGES.search(_read_text(item.text, mask)) and not _WHOLE_DOCUMENT.search(_read_text(item.text, mask))
            and not _page_locates(_read_text(item.text, mask), action, references)
            and all(r.kind == "paragraph" and r.joins is not None and r.joins.doc == sections[0][0].doc
                    for r in open_refs)):  # pages replaced; an article they add is no target of its own
        paged = _pages(action, sections, references, rule, _read_text(item.text, mask))
        if under_attachments and paged.kind == "applied":
            # "Revised page 04 20 00-3" in the list of attachments: it lists what is attached; the
            # change is the item that makes it, applied only where no other item does
            return replace(paged, kind="proposed", listed=True, why=_LISTED)
        return paged
    reissued = whole_object is not None  # the item says the whole document is issued anew with the addendum
    if (len(resolved) == 1 and resolved[0][0].path is not None and not open_refs and action.action in ("replace", "amend")
            and action.ambiguous is None and (holder := _reissued_holder(item, layouts, corpus, notations,
                                                                         resolved[0][0].doc)) is not None):
        # "Revised Keynote 1 to call for a roof hatch. See attached revised drawing sheet A-103.": the
        # sheet holding the part changed is itself attached anew; the reissued sheet takes the whole
        # old one's place, the part's change being one of what it carries
        own = [r for r in references if r.target == Locator(doc=resolved[0][0].doc) and not r.cited]
        resolved = [(Locator(doc=resolved[0][0].doc), own[0] if own else holder)]
        action = Action("replace", action.words, action.span, True)
        reissued = True
    if under_attachments and action.action == "amend" and action.words and all(
            _STATUS.fullmatch(w.strip()) for w in action.words.split(" … ")) and action.span is not None \
            and _MARK_ENDS.match(_read_text(item.text, mask), action.span[1]):
        # "Sheet A-501, Detail 5 (revised)" listed among the attachments: the attached one replaces it
        # (the word a mark of the line, not a verb with words after it: '"95 percent" is revised to
        # "98 percent"' under such a heading changes part of what it names)
        action = Action("replace", action.words, action.span, True)
        # a whole section or sheet listed so is the document attached anew ('Section 09 65 13
        # "Resilient Base," revised.' under "The following Sections are attached:")
        reissued = bool(resolved) and all(t.path is None for t, _ in resolved)
    elif (action.action == "amend" and action.ambiguous is None and action.words and resolved
          and all(t.path is None for t, _ in resolved)
          and all(_REVISION_WORD.fullmatch(w.strip()) for w in action.words.split(" … "))
          and _revised_attached(item, items, mask, resolved)):
        # "Revises Plan Sheets E-301 and E-601 (Attached to this Addendum)", a row "C-102 | Revised
        # spot grades" under "Each revised Drawing listed is attached": the sheet revised is issued
        # anew with the addendum, and the attached one replaces it whole
        action = Action("replace", action.words, action.span, True)
        reissued = True
    elif (action.action == "amend" and action.ambiguous is None and action.words and resolved and not from_lead
          and lead is not None and lead.action == "replace" and _REISSUED.search(lead_line)
          and all(t.path is None and r.kind in ("section", "sheet") for t, r in resolved)):
        # "SPECIFICATIONS REISSUED:" then "Section 22 13 16, Title (pages ...). The specification has
        # been revised to require ...": the heading says each document listed is issued again whole;
        # the entry's own verb ("revised to require", "updated to add") tells what changed in it,
        # not how much of it is issued (a part it names, "add paragraph 2.1.C", is read as before)
        action = Action("replace", action.words, action.span, True)
        reissued = True
    elif (action.action == "amend" and action.ambiguous is None and action.words and resolved and not from_lead
          and all(t.path is None for t, _ in resolved)
          and all(_BARE_REVISION.fullmatch(w.strip()) for w in action.words.split(" … "))
          and action.span is not None and _MARK_ENDS.match(_read_text(item.text, mask), action.span[1])):
        # "Sheet A-101 is revised.", "SECTION 08 71 00 DOOR HARDWARE - REVISED": a whole document
        # said to be revised, and nothing of how: reissued whole or changed in part is a guess
        action = Action("amend", action.words, action.span, action.attachment, ambiguous=(
            f'says only "{action.words}" of the whole document: whether it is issued anew or changed in part '
            "is for a person to confirm"))
    elif (action.action == "amend" and action.ambiguous is None and action.words and resolved and not from_lead
          and not under_attachments and not action.attachment
          and all(_BARE_REVISION.fullmatch(w.strip()) for w in action.words.split(" … "))
          and action.span is not None and re.match(r"[\s)\]*_]*(?:[.;]|$)", _read_text(item.text, mask)[action.span[1]:])):
        # "Paragraph 2.1.B is revised." and nothing more: not what it now says, nor which part
        action = Action("amend", action.words, action.span, action.attachment, ambiguous=(
            f'says only "{action.words}": what of it changes, and how, is for a person to confirm'))
    if (action.action == "amend" and action.ambiguous is None and action.span is not None and len(resolved) == 1
            and resolved[0][0].path is not None and " … " not in action.words
            and _REPLACE_VERB.fullmatch(action.words.strip()) and any(
                r.target == resolved[0][0] and r.span[0] > action.span[1] and not r.from_heading
                and _WITH_ATTACHED.search(_read_text(item.text, mask)[action.span[1]:r.span[0]]) for r in references)):
        # "replace the boiler schematic with the attached Detail 2/M-301": what it replaces is
        # described by its content, and the successor attached bears the target's own number, so
        # the attached one takes the whole target's place (owners reissue a detail or note whole)
        action = Action("replace", action.words, action.span, True)
    elif (action.action == "replace" and action.span is not None and resolved and not open_refs
          and all(t.path is None for t, _ in resolved) and len({t for t, _ in resolved}) == 1 and any(
              r.target == resolved[0][0] and r.span[0] > action.span[1]
              and _WITH_ATTACHED.search(_read_text(item.text, mask)[action.span[1]:r.span[0]])
              for r in references)):
        # "Drawing C-106 stands replaced by the enclosed Drawing C-106, Rev. 1": the successor is the
        # document itself, issued anew with the addendum; what else the row's other cells name
        # (the question's "details") is not what goes
        reissued = True
    if action.action in ("replace", "delete") and _ORDINAL_PART.search(_read_text(item.text, mask)):
        # "Paragraph 2.5.D, second sentence: Delete", "fourth paragraph: deleted": part of the target
        action = Action("amend", action.words, action.span, action.attachment, action.ambiguous)
    restated = _LABEL.match(item.text, _LEAD.match(item.text).end())  # type: ignore[union-attr]
    if (action.action is None and len(resolved) == 1 and resolved[0][1].from_heading and resolved[0][0].path
            and restated is not None and restated.group(0).strip(" .()*_").lstrip("0").lower()
            == resolved[0][0].path.rsplit(".", 1)[-1].lstrip("0").lower()):
        # "3.02.C - Mortar Bedding" then "C. Tool exposed joints ...": the paragraph written anew
        action = Action("replace", "restated under its heading", ambiguous=(
            "restates the paragraph its heading names, with no verb: for a person to confirm"))
    elif (action.action is None and len(resolved) == 1 and resolved[0][1].from_heading
          and re.fullmatch(r"\d{1,2}\.\d{1,3}", resolved[0][0].path or "") and restated is not None
          and re.fullmatch(r"[A-Z]", letter := restated.group(0).strip(" .()*_"))
          and corpus.exists(Locator(doc=resolved[0][0].doc, path=f"{resolved[0][0].path}.{letter}"))):
        # "SECTION 11 19 00 - 2.1 DOORS" then "A. ...", "B. ...": the article's paragraphs written
        # anew under it, with no verb (a letter it lacks is one added: read in part, as before)
        action = Action("replace", "restated under its heading", ambiguous=(
            "restates the paragraphs of the article its heading names, with no verb: for a person to confirm"))
    if (action.action == "delete" and action.ambiguous is not None and action.span is not None and len(resolved) == 1
            and resolved[0][0].path is not None and not open_refs and not from_lead
            and (brings := _INSERTS_FOLLOWING.search(_read_text(item.text, mask).rstrip())) is not None):
        # "Delete Paragraph 2.1.A and insert the following:" then "A. ...": what is taken out has the
        # new text put in its place when that text opens with the target's own label (the whole of
        # it written anew); with other text, which verb governs stays for a person
        after = item.text[brings.end():].strip()
        index = _positions(items).get(item.path)
        if not after and index is not None and index + 1 < len(items):
            after = items[index + 1].text
        if _opens_with_own_label(after, resolved[0][0]):
            action = Action("replace", action.words, action.span, action.attachment)
    if (action.action == "amend" and action.ambiguous is None and action.span is not None and len(resolved) == 1
            and resolved[0][0].path is not None and not open_refs and not from_lead and not under_attachments
            and all(_BARE_REVISION.fullmatch(w.strip()) for w in action.words.split(" … "))
            and (bare := _AS_FOLLOWS.match(_read_text(item.text, [*mask, resolved[0][1].span]),
                                           action.span[1])) is not None):
        # "Paragraph 2.2.B, revise as follows:" with nothing said of how: the new text settles it
        # only when it opens with the target's own label ("B. Workshop walls: ...", "KEYNOTE 3:
        # ..."): the whole written anew; otherwise whether it restates or changes part is a guess
        # (a requirement run on after the colon, "Article 3.1 is revised: use PVC-coated conduit
        # in the wash bay", is a change in part, read as before)
        after = item.text[bare.end():].strip()
        index = _positions(items).get(item.path)
        run_on = bool(after) and "\n" not in item.text[bare.end():].lstrip(" \t")[:1]
        if not after and index is not None and index + 1 < len(items):
            after = items[index + 1].text
            if _MENTION.search(after) and read_action(after, vocabularies, mask=_quoted_spans(after)).changes:
                after = ""  # the next instruction, not new text ("D. Section 10 14 00, delete ...")
        if _opens_with_own_label(after, resolved[0][0]):
            action = Action("replace", action.words, action.span, action.attachment)
        elif _REDLINED.search(after):
            # "Note 1 has been revised as follows: POLES AT ~~120-FOOT~~ ***100-FOOT*** SPACING.": text
            # with the words taken out struck and the words put in marked, the owners' redline; it
            # most often restates the whole provision with its changes shown, but without its own
            # label the words do not settle whether all of it or a part is written out
            why = (f'"{action.words} as follows" brings marked-up text (struck and added words) that does not open '
                   f"with the label of {resolved[0][0].format()}: whether it restates all of it is for a person "
                   "to confirm")
            return _Outcome("proposed", rule, Action("replace", action.words, action.span, action.attachment,
                                                     ambiguous=why), resolved, why=why)
        elif not run_on or after.startswith(("\"", "“")):
            # (a quotation run on after the colon is new text too, whole or a part: not a requirement
            # run on, 'Clause 2.1.B stands modified as: "Provide ..."')
            action = Action("amend", action.words, action.span, action.attachment, ambiguous=(
                f'"{action.words} as follows" says no scope: whether the text after it restates all of '
                f"{resolved[0][0].format()} or changes part of it is for a person to confirm"))
    elif (action.action == "amend" and action.ambiguous is None and " … " in action.words
          and any(_BARE_REVISION.fullmatch(w.strip()) for w in action.words.split(" … "))
          and re.search(r"\bas\s+follows\s*:\s*$", _read_text(item.text, mask), re.IGNORECASE)):
        # "paragraph 3.1, revise subparagraph A and add subparagraph C as follows:": two changes,
        # one a bare revision, their new texts after it; which text restates what is for a person
        index = _positions(items).get(item.path)
        restates = (len(resolved) == 1 and resolved[0][0].path is not None and index is not None
                    and index + 1 < len(items) and _opens_with_own_label(items[index + 1].text, resolved[0][0]))
        action = Action("replace" if restates else "amend", action.words, action.span, action.attachment, ambiguous=(
            f'"{action.words} as follows": several changes with their new text after them, one saying no '
            "scope: what each changes, and how, is for a person to confirm"))
    if (action.action is None and len(resolved) == 1 and resolved[0][0].path is not None and not open_refs
            and (old_new := _OLD_THEN_NEW.search(item.text)) is not None):
        # tender corrigenda quote the old text and the new under their labels ("Instead of:" ...
        # "Read:" ...): the new text opening with the target's own label, as the old one does, is
        # the whole of it written anew; a quoted phrase for a quoted phrase changes part of it;
        # anything else is for a person to confirm
        old, new = old_new.group("old").strip(), old_new.group("new").strip()
        if _opens_with_own_label(new, resolved[0][0]) and _opens_with_own_label(old, resolved[0][0]):
            action = Action("replace", "instead of … read")
        elif _QUOTED_ONLY.fullmatch(old) and _QUOTED_ONLY.fullmatch(new.split("\n\n")[0].strip()):
            action = Action("amend", "instead of … read")
        else:
            action = Action("amend", "instead of … read", ambiguous=(
                f"gives the old and the new text of {resolved[0][0].format()}: whether it restates all of it "
                "is for a person to confirm"))
    if (resolved and not open_refs and action.action == "amend" and action.span is not None
            and _ADDING.search(action.words)
            and (beside_of := _placed_beside(_read_text(item.text, mask), resolved)) is not None):
        # "The following paragraph is to be added to Section ..., after paragraph 2.1.A but before
        # Article 2.2:", "insert between paragraphs C and D": the provisions after, before or
        # between which new text goes say where it goes; they are places, not what it changes
        resolved, doubt = beside_of
        if doubt is not None:
            return _Outcome("proposed", rule, Action("amend", action.words, action.span, action.attachment,
                                                     ambiguous=doubt), resolved, why=doubt)
    if resolved and not open_refs and action.changes and action.ambiguous is None:
        whole = all(t.path is None for t, _ in resolved)
        doubt = None
        if action.action in ("replace", "delete"):
            doubt = _part_doubt(item.text, mask) if not whole else None if reissued or _REISSUED.search(
                _read_text(item.text, mask)) else _whole_doubt(item.text, mask, action, resolved, corpus)
            if doubt is not None and action.action == "delete" and _words_struck(item.text, mask):
                # 'Remove: From 2.2.B: the words "X"', 'Delete from Note 2 the phrase "X"': what goes is
                # the words quoted, settled by the words themselves: the provision changes in part
                action = Action("amend", action.words, action.span, action.attachment)
                doubt = None
            if from_lead:  # the lead-in says what goes: "replacing the sections listed below with the attached ones"
                if whole and doubt is None and not _WHOLE.search(lead_line):
                    doubt = "its lead-in does not say the whole of what it lists goes"
            elif whole and doubt is None and not reissued and not _whole_said(item.text, mask, action, resolved):
                if _has_object(item.text, mask, action):  # "Delete the two pole-mounted luminaires": something on it
                    action = Action("amend", action.words, action.span, action.attachment)
                else:
                    doubt = "its verb takes no object of its own: whether the whole of it goes is not certain"
            if (whole and doubt is None and action.action == "replace" and not reissued and not from_lead
                    and not under_attachments and not _SUCCESSOR_SAID.search(_read_text(item.text, mask))):
                # "REPLACE Section 01 33 00." and nothing of what replaces it: a whole replacement
                # is the likely reading, but what is in force after it the words do not say
                why = "it replaces the whole of it but says nothing of what replaces it: for a person to confirm"
                return _Outcome("proposed", rule, Action("replace", action.words, action.span, action.attachment,
                                                         ambiguous=why), resolved, why=why)
        if doubt is not None:
            action = Action("amend", action.words, action.span, action.attachment, ambiguous=doubt)
        elif whole and action.action == "amend" and len(resolved) == 1 and (
                part := _named_part(item.text, mask, resolved[0][0], corpus)) is not None:
            if part:  # "Drawing Index: Add sheet ...": the sheet's own "sheet-index"
                target, reference = resolved[0]
                return _Outcome("applied", rule, action, [(Locator(doc=target.doc, path=part), reference)])
            action = Action("amend", action.words, action.span, action.attachment,
                            ambiguous="names more than one part of the sheet by name: which it changes is not certain")
        elif (all(r.by_number or r.joins is not None for _, r in resolved)
              and (len(resolved) == 1 or action.action in ("replace", "delete") or _one_list(resolved))):
            placed = _LISTED if under_attachments else _placed(item, start, action, resolved, mask, references) \
                if not from_lead else ("a paragraph of the addendum's preamble, under no heading: not read as an "
                                       "instruction" if _preamble(item) else None)
            if placed is None:
                return _Outcome("applied", rule, action, resolved, also=[str(r.why) for r in absent])
            action = Action(action.action, action.words, action.span, action.attachment, ambiguous=placed)
            if placed is _LISTED:
                return _Outcome("proposed", rule, action, resolved, why=_why(action, resolved, open_refs), listed=True)
    if resolved and action.action == "amend" and len(resolved) == 1 and resolved[0][0].path is None:
        headed = _headed_parts(item.text, mask, resolved[0], corpus)
        if headed:  # "to revise the MATERIALS and CONSTRUCTION sections": its articles by their headings
            return _Outcome("proposed", rule, action, headed, why="; ".join([
                _why(action, resolved, open_refs), "the articles are named by their headings: for a person to confirm"]))
    if resolved:
        return _Outcome("proposed", rule, action, resolved, why=_why(action, resolved, [*open_refs, *absent]))
    candidates = [(c, r) for r in open_refs for c in r.candidates]
    if candidates and (action.changes or action.action is None):
        return _Outcome("proposed", rule, action, _distinct(candidates), why=_why(action, [], open_refs))
    reasons = [r.why for r in open_refs if r.why]
    return _Outcome("not_understood", rule, action, why="; ".join(dict.fromkeys(reasons)) or None)


#: The document holding what an item changes said to be attached anew ("see attached revised drawing
#: sheet A-103", "the revised Section 09 91 00 is attached"), the words before its number.
_ATTACHED_HOLDER = re.compile(
    r"\b(?:attached|enclosed|accompanying|re-?issued)\s+(?:(?:revised|re-?issued|updated)\s+)+(?:drawing\s+|plan\s+)?"
    r"(?:sheet|drawing|section)\s+(?=[A-Z0-9])|"
    r"\brevised\s+(?:drawing\s+|plan\s+)?(?:sheet|drawing|section)\s+(?=\S+\s+(?:is\s+)?(?:attached|enclosed|re-?issued)\b)",
    re.IGNORECASE)


def _reissued_holder(item: Item, layouts: Sequence[re.Pattern[str]], corpus: Corpus,
                     notations: Mapping[str, Sequence[re.Pattern[str]]], doc: str) -> Reference | None:
    """The reference to ``doc`` where the item (any sentence of it) says ``doc`` itself is
    attached anew, revised; None when it does not."""
    _, mask = _instruction_mask(item, layouts)
    read = _read_text(item.text, mask)
    for said in _ATTACHED_HOLDER.finditer(read):
        for reference in find_references(item.text, corpus, mask=[*mask, (0, said.start())], notations=notations,
                                         titles=False):
            if (reference.target is not None and reference.target.doc == doc and reference.target.path is None
                    and reference.span[0] <= said.end() + 1):
                return reference
    return None


#: A verb or noun saying only that something changes, without how ("CHANGES TO THE SPECIFICATIONS:",
#: "Revisions:", "The following are modified:").
_CAPTION_CHANGE = re.compile(r"chang(?:e|es|ed|ing)|revis(?:e|es|ed|ions?)|modif(?:y|ies|ied|ications?)|"
                             r"amend(?:s|ed|ments?)?|correct(?:s|ed|ions?)?|updat(?:e|es|ed)", re.IGNORECASE)
#: An entry's own words that say what of it changes, whatever its heading's verb: new text ("to
#: read", "read:", words quoted), pages of it, or the whole of it.
_OWN_EXTENT = re.compile(r"\bto\s+read\b|\breads?\s*:|[\"“”]|\bpages?\b|\bin\s+(?:its|their)\s+entirety\b|"
                         r"\b(?:entire|whole|complete)\b|~~", re.IGNORECASE)
#: Words struck through in an addendum's Markdown (``~~old words~~``): a redline.
_REDLINED = re.compile(r"~~[^~\n]+~~")
#: A corrigendum's old text and new text, each under its label, on lines of their own or run on
#: ("Instead of:" ... "Read:" ...; "For:" ... "Read:" ...), the new text to the item's end.
_OLD_THEN_NEW = re.compile(r"(?:^|\n)[ \t*_]*(?:Instead\s+of|In\s+place\s+of|For)[ \t*_]*:(?P<old>.+?)"
                           r"(?:^|\n|(?<=[.\"”])[ \t]+)[ \t*_]*Read[ \t*_]*:(?P<new>.+)\Z",
                           re.IGNORECASE | re.DOTALL | re.MULTILINE)
#: A text that is one quotation and nothing else ('"under paving"').
_QUOTED_ONLY = re.compile(r"[\"“][^\"”\n]+[\"”]\.?")
#: A replace verb, and what brings its successor just before the successor's number ("... with the
#: attached revised", "by the enclosed"): the successor named is attached whole.
_REPLACE_VERB = re.compile(r"replace[sd]?|substitute[sd]?", re.IGNORECASE)
_WITH_ATTACHED = re.compile(r"\b(?:with|by)\s+(?:the\s+|this\s+)?(?:(?:attached|enclosed|accompanying|new|revised|"
                            r"re-?issued)[\s,]+)+(?:(?:sheets?|drawings?|details?|notes?|keynotes?|callouts?)\s+)?$",
                            re.IGNORECASE)


#: An insertion whose instruction names no place, only the kind of thing added ("Add the following
#: subparagraph:", "Insert the following new article:", "Add:"): the new text below carries its own number.
_ADDS_FOLLOWING = re.compile(r"\W*(?:add|insert)(?:\s+(?:the\s+)?(?:following|below)(?:\s+(?:new|additional))?"
                             r"(?:\s+(?:sub-?paragraphs?|paragraphs?|articles?|clauses?|items?|provisions?))?)?\s*:\s*",
                             re.IGNORECASE)
#: The full outline number the new text opens with ("2.3.C Flushing hydrant ...", "3.5 FIELD TESTS").
_ADDED_NUMBER = re.compile(r"\s*[*_]*(\d{1,2}(?:\.\d{1,3})+(?:\.[A-Z](?:\.\d{1,2})?)?)[.)]?[*_]*\s")


def _added_by_label(item: Item, action: Action, mask: Sequence[tuple[int, int]], references: Sequence[Reference],
                    rule: str, corpus: Corpus, lead: Action | None = None, lead_line: str = "") -> _Outcome | None:
    """New text under a heading naming the section, whose instruction names no place and which
    opens with its own full number: "Add the following subparagraph:" then "2.3.C ..." (the
    provision that number joins gains it, in part; an article gains the section), or a verb alone
    over the item ("Replace:" then "3.1.A ..."; the paragraph of that number restated whole). CSI
    addenda write new and restated paragraphs so, numbered as the section will hold them. Applied
    where the number settles it (added and new; replaced and held); else proposed."""
    if item.answer is not None:
        return None
    brk = _BREAK.search(item.text)
    if (action.action == "amend" and brk is not None
            and _ADDS_FOLLOWING.fullmatch(_read_text(item.text[:brk.start()], mask))):
        verb, at = action, brk.end()
    elif (action.action is None and lead is not None and lead.action in ("replace", "amend")
          and _VERB_ALONE.fullmatch(lead_line.strip())
          and (lead.action == "replace" or _ADDS_FOLLOWING.fullmatch(lead_line.strip()))):
        verb, at = lead, 0
    else:
        return None
    heading = [r for r in references if r.from_heading and r.target is not None and r.kind == "section"]
    if len(heading) != 1 or any(not r.from_heading for r in references) or heading[0].target.path is not None:
        return None
    number = _ADDED_NUMBER.match(item.text, at)
    if number is None:
        return None
    doc = heading[0].target.doc
    written = number.group(1)
    found, _ = place_path(corpus, doc, written)
    joins = written.rsplit(".", 1)[0]
    held = [None] if "." not in joins else place_path(corpus, doc, joins)[0]  # an article joins the section
    if verb.action == "replace":
        if len(found) != 1:
            return None
        target = Locator(doc=doc, path=found[0])
        verb = Action("replace", verb.words, verb.span, verb.attachment, verb.ambiguous)
        reference = Reference("paragraph", written, number.span(1), target, resolved_by="outline")
        return _Outcome("applied", rule, verb, [(target, reference)])
    if len(held) != 1:
        return None
    target = Locator(doc=doc, path=held[0])
    reference = Reference("paragraph", written, number.span(1), target, resolved_by="outline")
    if found:
        doubted = Action(verb.action, verb.words, verb.span, verb.attachment,
                         ambiguous=f"adds {written}, which {doc} already holds: a renumbering or a replacement?")
        return _Outcome("proposed", rule, doubted, [(target, reference)],
                        why=f"adds {written}, which {doc} already holds: for a person to confirm")
    return _Outcome("applied", rule, verb, [(target, reference)])


#: Words saying what replaces a document: the new one named, attached, issued, or the like-numbered.
_SUCCESSOR_SAID = re.compile(
    r"\b(?:with|by|attached|enclosed|herewith|accompanying|following|new|revised|re-?issued|issued|entirety|"
    r"substitut\w*|in\s+place|supersed\w*|take[sn]?\s+the\s+place|same|like-?\w+|cop(?:y|ies)|version|rev(?:ision)?)\b",
    re.IGNORECASE)
#: A replacement's object said to be the whole document ("replace the whole sheet", "the entire section").
_WHOLE_OBJECT = re.compile(r"\b(?:whole|entire|complete)\s+(?P<kind>sheets?|drawings?|sections?|specifications?)\b",
                           re.IGNORECASE)
#: A verb that says a provision is revised without saying how ("revise", "modify", "correct").
_BARE_REVISION = re.compile(r"revis(?:e|es|ed)|modif(?:y|ies|ied)|correct(?:s|ed)?|updated?", re.IGNORECASE)
#: Nothing after such a verb (its target aside) but a colon: the new text follows ("revise as follows:").
#: ("REVISE paragraph 2.1.B with the following:": owners bring the new text with the verb's
#: preposition as often as with "as follows"; the kind word of the target may stand before its number)
_AS_FOLLOWS = re.compile(r"[\s,]*(?:(?:the\s+)?(?:sub-?paragraph|paragraph|article|note|keynote|callout|detail)\s*)?"
                         # ("Clause 2.1.B stands modified as:": "as" alone brings the text as often)
                         r"(?:as(?:\s+follows)?|thus|(?:with|by)\s+the\s+following)?\s*:", re.IGNORECASE)


def _brought_text(text: str, lead_line: str, context: str, corpus: Corpus,
                  notations: Mapping[str, Sequence[re.Pattern[str]]]) -> bool:
    """Whether ``text``, under a lead-in bringing new words ("Paragraph 2.2, Subparagraph A;
    Replace with the following:"), is those words: the lead-in names one paragraph or article and
    the text opens with that paragraph's own label, or with a letter of the article it adds to.
    (A lettered instruction under a lead-in naming no part, "as follows:" then "B. In the
    schedule, change ...", is an instruction of its own.)"""
    label = _NEW_TEXT_LABEL.match(text)
    if label is None or not label.group(1):
        return False
    targets = {r.target for r in find_references(lead_line, corpus, mask=_quoted_spans(lead_line), context=context,
                                                 notations=notations, titles=False)
               if r.target is not None and not r.bound and not r.cited}
    # "Paragraph 2.2, TITLE, Subparagraph A": an article and a paragraph of it are one place, the paragraph
    target = max(targets, key=lambda t: (t.path or "").count(".") + (t.path is not None), default=None)
    if target is None or target.path is None or not all(
            t.doc == target.doc and (t.path is None or target.path == t.path or target.path.startswith(t.path + "."))
            for t in targets):
        return False
    return _opens_with_own_label(text, target) or (
        target.path.count(".") == 1 and re.fullmatch(r"[A-Z][.)]", label.group(1)) is not None)


def _opens_with_own_label(text: str, target: Locator) -> bool:
    """Whether new text opens with its target's own label, the provision written whole: "B. ..."
    for paragraph 2.2.B (its letter, case as numbered, or its full path), "2.1 ..." for article
    2.1 (a number only in full: "1." under Article 2.1 is a subparagraph), "KEYNOTE 3:" or "3."
    for keynote 3."""
    path = target.path or ""
    head = text.lstrip(" \t\n*_\"“'‘>-•")
    if re.fullmatch(r"[a-z]+-\d+\w*", path):  # a callout: "keynote-3", "note-2", "detail-4"
        kind, number = path.rsplit("-", 1)
        return re.match(rf"(?:(?:general\s+|plan\s+|sheet\s+)?{kind}s?\s*(?:no\.?\s*|#\s*)?)?0*{re.escape(number)}"
                        r"\s*[.:)\-–—]\s*\S", head, re.IGNORECASE) is not None
    full = re.match(rf"{re.escape(path)}(?![\w.])", head)
    if full is not None:
        return True
    last = path.rsplit(".", 1)[-1]
    return last.isalpha() and re.match(rf"\(?{re.escape(last)}[.)]\s+\S", head) is not None


#: Words saying the whole sheet or section is issued anew: what else they name is in the reissue.
_REISSUED = re.compile(r"\b(?:re-?issued|replace\s+the\s+(?:bid[- ]set|original|bid[- ]issue)\s+(?:sheets?|drawings?|sections?)|"
                       r"in\s+(?:its|their)\s+entirety|(?:re-?)?issued\s+(?:complete|in\s+full))\b", re.IGNORECASE)
#: Pages of a section, replaced or deleted ("pages 41 and 42, revised", "Two (2) pages", "the pages of the bid set").
_PAGES = re.compile(r"(?<!addendum\s)(?<!\()\b(?:pages?\s+(?:nos?\.?\s*)?(?:\d|[ivxl]+\b)(?!\d*\s+of\s+\d)|pp\.\s*\d|"
                    r"(?:the|same)\s+pages?\s+(?:of|in)\b)", re.IGNORECASE)
_STATUS = re.compile(r"revised|re-?issued|updated|corrected", re.IGNORECASE)
#: What may follow a status word that marks a line of a list ("(revised)", ", revised.", "- revised;").
_MARK_ENDS = re.compile(r"[\s)\]*_]*(?:[.,;:]|$)")
_PAGE_WORD = re.compile(r"\bpages?\b", re.IGNORECASE)
#: A page named by number, the first of a list or range: "pages 1-2", "pages 1 and 2", "page
#: 12 21 13-3" (the page 3, after the section's own number), "pages 04 20 00-1 through ..."
#: (``more``: a range or list follows); not "page 2 of 4" (said whole or not by its count).
_FIRST_PAGE = re.compile(r"\bpages?\s+(?:nos?\.?\s*)?(?:\d{2}\s?\d{2}\s?\d{2}(?:\.\d{1,2})?\s?[-/]\s?)?"
                         r"(?P<page>\d{1,3})\b(?![/.]\d|\s*of\s+\d)"
                         r"(?P<more>\s*(?:[-–]\s*\d|(?:through|thru|to)\s|(?:and|,|&)\s*(?:\d|pages?\b)))?", re.IGNORECASE)
#: A page numbered with a letter after its number ("page 2A", "pages 1, 2 and 2A"): one inserted.
_INSERTED_PAGE = re.compile(r"\bpages?\s+(?:nos?\.?\s*)?(?:\d{1,3}\s*(?:,|and|&)\s*)*\d{1,3}[A-Za-z]\b", re.IGNORECASE)
#: A page by its number ("page 2 of 4", "page 3"), not a count of pages ("(6 PAGES)").
_PAGE_NUMBER = re.compile(r"\bpages?\s+\d", re.IGNORECASE)
_WHOLE_WORD = re.compile(r"\b(?:sections?|sheets?|drawings?|documents?)\b", re.IGNORECASE)
#: The end of an instruction that brings new words below it ("... with the following:", "... to read:").
_BRINGS_TEXT = re.compile(r"\b(?:the\s+following|as\s+follows|to\s+read(?:\s+as\s+follows)?|read\s+as)\s*:\s*$",
                          re.IGNORECASE)
#: A list entry's own words saying the whole document is printed again ("(entire section
#: reprinted)", "(complete sheet reissued)", "(reprinted in full)"): owners who list what changed
#: mark each entry with how much of it is issued, whole or by pages.
_ENTRY_WHOLE = re.compile(
    r"\b(?:entire|complete|whole)\s+(?:sections?|sheets?|drawings?|documents?|specifications?)\s+"
    r"(?:is\s+|are\s+|has\s+been\s+|have\s+been\s+)?(?:re-?printed|re-?issued)\b"
    r"|\b(?:re-?printed|re-?issued)\s+(?:in\s+(?:its|their)\s+entirety|in\s+full|complete)\b", re.IGNORECASE)
#: A list entry marked as a document the addendum adds ("... (new)", "[added]").
_MARKED_NEW = re.compile(r"[(\[]\s*(?:new|added|new\s+(?:sheet|section|drawing|document))\s*[)\]]", re.IGNORECASE)
#: Words saying the section or sheet itself is issued whole, whatever pages it is printed on
#: ("pages 1-3 (section included in its entirety)").
_WHOLE_DOCUMENT = re.compile(r"\b(?:sections?|sheets?|drawings?|documents?)\s+(?:[\w-]+\s+){0,2}in\s+(?:its|their)\s+entirety\b",
                             re.IGNORECASE)


#: A verb that says a document is revised, without saying how ("Revises", "revised", "updated").
_REVISION_WORD = re.compile(r"revis(?:e|es|ed|ing)|updated?|re-?issued|corrected", re.IGNORECASE)
#: Words right after the documents an item names saying they are attached ("Sheets E-301 and E-601
#: (Attached to this Addendum)", "Section 07 21 00, attached").
_ATTACHED_AFTER = re.compile(r"[\s,(\[\-–—]*(?:(?:is|are)\s+|as\s+)?(?:attached|enclosed|re-?issued|issued\s+herewith)\b"
                             # (not "Sheet A-201, attached sketch SK-2 ...": a sketch changes the sheet)
                             r"(?!\s+(?:supplementa(?:l|ry)\s+)?(?:sketch|sk[-\s]?\d|details?|partial))",
                             re.IGNORECASE)
#: A lead-in over a table saying the revised documents it lists are attached ("Each revised Drawing
#: listed here is attached to this Addendum"): the documents themselves, not sketches of changes.
#: A label over a bare list of the sheets revised ("Revised Drawing Sheets:", "Revised drawing sheet numbers:").
_REVISED_SHEETS = re.compile(r"\brevised\s+(?:plan\s+|contract\s+)?(?:drawing\s+)?(?:sheets?|drawings?)"
                             r"(?:\s+(?:numbers?|nos?\.?|list))?\s*:", re.IGNORECASE)
_REVISED_LISTED = re.compile(r"\brevised\s+(?:plan\s+|contract\s+)?(?:drawings?|sheets?|sections?)\b", re.IGNORECASE)


def _revised_attached(item: Item, items: Sequence[Item], mask: Sequence[tuple[int, int]],
                      resolved: Sequence[tuple[Locator, Reference]]) -> bool:
    """Whether the whole documents an item says are revised are issued with the addendum: its
    own words say they are attached right after naming them, or it is a row of a table whose
    lead-in says the revised documents listed are attached."""
    own = [r for _, r in resolved if not r.from_heading and r.span[1] > r.span[0]]
    read = _read_text(item.text, mask)
    if own and _ATTACHED_AFTER.match(read, max(r.span[1] for r in own)):
        return True
    listed = _REVISED_SHEETS.search(read)
    if listed is not None and _codes_only(read[listed.end():]):
        # "Revised drawing sheet numbers: A-201 and E-501": a sheet listed as revised is reissued
        # whole (sheets are issued anew, never edited in place)
        return all(t.path is None and r.kind == "sheet" for t, r in resolved)
    if item.kind != "table_row":
        return False
    index = _positions(items).get(item.path)
    if index is None:
        return False
    while index > 0 and items[index - 1].kind == "table_row":
        index -= 1
    if index == 0:
        return False
    blocks = [b for b in _BREAK.split(items[index - 1].text) if b.strip()]
    said = next((b for b in reversed(blocks) if b.rstrip().endswith(":")), blocks[-1] if blocks else "")
    return bool(_REVISED_LISTED.search(said) and _ATTACHED_AFTER.search(said)) and not re.search(
        r"\bsketch", said, re.IGNORECASE)


def _page_locates(read: str, action: Action, references: Sequence[Reference]) -> bool:
    """Whether the pages an item names only say where to find the paragraph it changes: owners
    write the bid set's page beside the paragraph ("Section 03 30 00, page 03 30 00/1*: clause
    2.02 B is amended to read", "Page 2, Item 2.1.B - Delete Item 2.1.B and replace"); each page
    is then followed by a paragraph named before the verb, and the verb's object is no page."""
    if action.span is None or _PAGE_WORD.search(read, action.span[0]):
        return False
    pages = list(_PAGES.finditer(read))
    if pages and any(r.kind == "paragraph" and not r.from_heading and r.target is not None
                     and r.span[0] >= action.span[1] > pages[-1].end()
                     and re.fullmatch(r"[\s*_]*(?:the\s+)?(?:existing\s+)?", read[action.span[1]:r.span[0]], re.I)
                     for r in references):
        # "Page 4, delete paragraph 2.1.B in its entirety": the verb's object is the paragraph
        # right after it; the page before the verb only says where it is
        return True
    return bool(pages) and all(any(
        r.kind == "paragraph" and not r.from_heading and page.end() <= r.span[0] < action.span[0] for r in references)
        for page in pages)


def _pages(action: Action, resolved: list[tuple[Locator, Reference]], references: Sequence[Reference],
           rule: str, read: str = "") -> _Outcome:
    """Pages of a section replaced: the section changed in part, in the one paragraph the item
    says changed ("Subsection 107.4.2 now allows ...": applied when named by number), else in
    parts a person confirms; pages deleted: whether the whole section goes is for a person.
    Pages replaced with no paragraph said change the section in part only where the words
    settle that some of it stays: pages after its first ("page 12 21 13-3", "pages 4 and 5"),
    or a verb that adds; pages from the first may be all of it ("REPLACE Section X, pages 1-2
    with the attached REVISED Section X") and are proposed, whole when more than one."""
    doc = resolved[0][0].doc
    if action.action == "delete":
        return _Outcome("proposed", rule, action, resolved,
                        why="names pages of it: whether all of it goes is for a person to confirm")
    amend = Action("amend", action.words, action.span, action.attachment)
    parts = _distinct([(r.target, r) for r in references
                       if r.kind == "paragraph" and r.target is not None and r.target.doc == doc])
    if len(parts) == 1 and parts[0][1].by_number and resolved[0][1].by_number:
        return _Outcome("applied", rule, amend, parts)
    if not parts and resolved[0][1].by_number and len(resolved) == 1:
        if action.action == "amend":  # "Section 26 24 16, page 2, add the following paragraph:" in part, said
            return _Outcome("applied", rule, amend, resolved)
        first = [m for m in _FIRST_PAGE.finditer(read)]
        numbers = [int(m.group("page")) for m in first]
        if numbers and min(numbers) > 1:
            # "Replace page 12 21 13-3 and add page 12 21 13-4", "pages 4 and 5: replace": pages
            # after its first: the pages before them stay, the section changes in part
            return _Outcome("applied", rule, amend, resolved)
        if numbers and min(numbers) == 1 and (inserted := _INSERTED_PAGE.search(read)) is not None:
            # "Remove pages 1 and 2 and insert the attached pages 1, 2 and 2A": a page numbered
            # between two of the section's own is slipped in, the section kept and changed in part
            # (owners number an inserted page so only when they do not reissue the whole)
            return _Outcome("proposed", rule, amend, resolved, why=(
                f'its pages from the first are replaced and a page is inserted ("{inserted.group(0)}"): a change '
                "in part, for a person to confirm"))
        # ("Remove page 08 36 13-1; replace it with the revised page 08 36 13-1": one page, named
        # twice, the old and the new; its count is of distinct pages, or a range or list written)
        if numbers and min(numbers) == 1 and (len(set(numbers)) > 1 or any(m.group("more") for m in first)):
            whole = Action("replace", action.words, action.span, action.attachment)
            return _Outcome("proposed", rule, whole, resolved, why=(
                "its pages from the first are replaced: whether they are all of it (the section reissued "
                "whole) is for a person to confirm"))
        return _Outcome("proposed", rule, amend, resolved,
                        why="its pages are replaced: whether they are all of it is for a person to confirm")
    return _Outcome("proposed", rule, amend, parts or resolved,
                    why="its pages are replaced: the section changes in part, where is for a person to confirm")


#: Words saying an instruction takes the whole section or sheet ("in its entirety", "this
#: Section", the revised sheet "attached"; "replaced with the like-numbered sheets": owners reissue
#: a document under its own number or name, so the new one takes the whole of the old one's place).
_WHOLE = re.compile(
    r"\b(?:in\s+(?:its|their)\s+entirety|like-?(?:named|numbered|titled)|entire(?:ly)?|(?:this|the|each|these|said)\s+(?:sections?|sheets?|drawings?)|"
    r"from\s+the\s+(?:contract|project\s+manual|specifications|drawings|bid\s+documents)|revised\s+sheets?|"
    r"revised\s+(?:plan\s+|contract\s+)?(?:drawings?|plans?)|"  # "replaced with the revised drawings in Annex 2"
    r"revised\s+sections?|attached|enclosed|accompanying|herewith|reissued|re-issued|issued\s+with|"
    r"issued\s+(?:complete|in\s+full)|"
    r"(?:for|in\s+place\s+of)\s+the\s+same\s+(?:sheet|section|drawing))\b", re.IGNORECASE)
#: Words of an answer that grant or condition something ("Pumping is permitted, provided ...").
_GRANTS = re.compile(r"\b(?:(?:is|are|will\s+be)\s+(?:permitted|acceptable|allowed|accepted)|may\s+be\s+used|"
                     r"in\s+lieu\s+of|provided\s+(?:that|the)|approved\s+as\s+an?\s+(?:equal|substitut))", re.IGNORECASE)
#: Words of an answer restating what the documents already say.
_RESTATES = re.compile(r"\b(?:as\s+(?:specified|indicated|shown|scheduled|required)|remains?\s+(?:as|unchanged)|"
                       r"no\s+change)\b", re.IGNORECASE)
#: Words naming a provision or a sheet by some identifier, whatever the notation: what a change
#: names when no reference of the pack placed it.
_MENTION = re.compile(
    r"\b(?:sections?|sub-?sections?|sheets?|drawings?|paragraphs?|articles?|clauses?|schedules?|specifications?|"
    r"details?|notes?|keynotes?|items?|parts?|provisions?|annex(?:ure)?s?|appendix)\s*[-–#]?\s*"
    r"(?:(?<=[\s#–-])(?-i:[A-Z])(?![A-Za-z])|(?=[\w.()-]*\d)[A-Z0-9][\w.()-]{0,12})", re.IGNORECASE)
#: A clause named by a dotted number and a word, with no document ("Section 5.17", "Article 8.1").
_CLAUSE_ALONE = re.compile(r"(?:sub-?)?(?:sections?|articles?|clauses?|subsections?)\s+(\d{1,3}(?:\.\d{1,3})+)",
                           re.IGNORECASE)


def _clause_holders(path: str, item: Item, items: Sequence[Item], corpus: Corpus) -> list[str]:
    """The documents of the project whose outline holds ``path``; where several do, those that
    also hold every clause the items beside it (under the same heading) name the same way."""
    docs = sorted(doc for doc, (kind, _) in corpus.directory.titles.items()
                  if kind in corpus.target_kinds and path in corpus.path_set(doc))
    if len(docs) <= 1:
        return docs
    for other in items:
        if other is item or other.parent != item.parent or other.heading_context != item.heading_context:
            continue
        for match in _CLAUSE_ALONE.finditer(other.text):
            keep = [doc for doc in docs if match.group(1) in corpus.path_set(doc)]
            if keep:
                docs = keep
    return docs


#: A heading over attachments or exhibits: the items under it list what is attached.
#: A line naming one attachment by what it is ("Attached Revised Section 01 33 00 Submittal
#: Procedures", "Enclosed: reissued Sheet A-201"): owners list what an addendum carries that way,
#: a line each, before or instead of a heading "Attachments".
_ATTACHED_LINE = re.compile(r"[ \t*_\-•]*(?:attached|enclosed)\s*:?\s+(?:is\s+|are\s+)?(?:the\s+)?"
                            r"(?:revised|re-?issued|updated|corrected)\b", re.IGNORECASE)


def _attachment_line(item: Item) -> bool:
    """Whether the item is one line naming an attachment (``_ATTACHED_LINE``), short as a list entry,
    and a whole document: one naming a part of it ("Attached revised Article 2.1 of ...") is not."""
    text = item.text[_LEAD.match(item.text).end():].strip()  # type: ignore[union-attr]
    return ("\n" not in text and len(text) <= _ENTRY_LIMIT and _ATTACHED_LINE.match(text) is not None
            and _PART_NAMED.search(text) is None)


#: A lead-in over a list saying only that what it lists is attached ("The following Sections and
#: Drawings are attached to this Addendum:"): owners list the attachments so, marking each entry
#: "revised" or "new"; the lead-in itself instructs nothing.
_LISTS_ATTACHED = re.compile(r"\bfollowing\b[^:.;]{0,120}\b(?:is|are)\s+(?:hereby\s+)?(?:attached|enclosed|included|issued)"
                             r"\b[^:.;]{0,60}:\s*$", re.IGNORECASE)


def _attachments_lead(item: Item, vocabularies: list) -> bool:
    """Whether the item is an entry under a lead-in that only says the documents it lists are attached."""
    lines = item.heading_context.splitlines() if item.heading_context else []
    if not lines or _LISTS_ATTACHED.search(lines[-1]) is None:
        return False
    return read_action(lines[-1], vocabularies).action is None


_PART_NAMED = re.compile(r"\b(?:articles?|paragraphs?|clauses?|subparagraphs?|details?|notes?|keynotes?|callouts?)\b",
                         re.IGNORECASE)


_ATTACHMENTS = re.compile(r"\b(?:attachments?|enclosures?|exhibits?|appendix|appendices)\b", re.IGNORECASE)
#: Words naming part of a section or sheet the item did not resolve ("keynote 2.1", "the second
#: sentence", "the title block", "the schedule"): a whole-document instruction with them is in doubt.
_SUB_PART = re.compile(
    r"\b(?:key\s*notes?|notes?|details?|callouts?|paragraphs?|subparagraphs?|articles?|sentences?|words?|"
    r"title\s+block|schedules?|tables?|dimensions?|tags?|legend|items?|lines?|(?<!\d\s)(?<!\d)pages?)\b"
    # the short forms owners write for a paragraph or clause ("Par. 1.1 A", "Para 2.3", "Cl. 4.2")
    r"|\b(?:paras?|par|cl)\.?(?=\s*\d)|\b(?:clauses?|sub-?sections?)\b",
    re.IGNORECASE)


def _read_text(text: str, mask: Sequence[tuple[int, int]]) -> str:
    chars = list(text)
    for start, end in mask:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


#: Words of a named part's path that say nothing of which part it is.
_GENERIC = {"sheet", "drawing", "general", "plan", "the", "of", "and"}


def _named_part(text: str, mask: Sequence[tuple[int, int]], target: Locator, corpus: Corpus) -> str | None:
    """The one named part of a whole sheet or section the item's words name ("Drawing Index"
    names ``sheet-index``): its path, "" when several fit, None when none does."""
    if corpus.paths is None:
        return None
    words = set(re.findall(r"[a-z]+", _read_text(text, mask).lower()))
    fits = []
    for path in corpus.path_set(target.doc):
        if not re.fullmatch(r"[a-z]+(?:-[a-z]+)+|[a-z]{4,}", path):
            continue  # numbered paths (2.1.A, callout-4) are named by number
        distinct = [w for w in path.split("-") if w not in _GENERIC]
        if distinct and all(w in words for w in distinct):
            fits.append(path)
    return fits[0] if len(fits) == 1 else ("" if fits else None)


_CAPS_HEADING = re.compile(r"(?-i:\b[A-Z][A-Z&/'-]{3,}(?:[ \t]+(?:AND|OF|FOR|THE|[A-Z][A-Z&/'-]+)){0,4}\b)")


def _headed_parts(text: str, mask: Sequence[tuple[int, int]], owner: tuple[Locator, Reference],
                  corpus: Corpus) -> list[tuple[Locator, Reference]]:
    """The articles of a section an item names by their headings in capitals ("revise the
    MATERIALS and CONSTRUCTION sections"), each heading the name of exactly one of them."""
    if corpus.names is None:
        return []
    by_name: dict[str, list[str]] = {}
    for path, name in corpus.names(owner[0].doc).items():
        by_name.setdefault(" ".join(name.split()).casefold(), []).append(path)
    found = []
    named = [owner[1].span] if owner[1].span[1] > owner[1].span[0] else []  # the title itself is no article
    for match in _CAPS_HEADING.finditer(_read_text(text, [*mask, *named])):
        words = match.group(0).split()
        for phrase in (" ".join(words), *words):  # "MATERIALS AND CONSTRUCTION": each heading in it
            paths = by_name.get(phrase.casefold(), [])
            if len(paths) == 1:
                found.append((Locator(doc=owner[0].doc, path=paths[0]), owner[1]))
                if phrase == " ".join(words):
                    break
    return _distinct(found)


_PLACE_KIND = r"(?:(?:sub-?)?paragraphs?|paras?\.?|articles?|(?:sub-?)?clauses?|sub-?sections?|items?|(?:key\s*)?notes?)"
#: Words right before a provision's reference placing new text beside it ("after paragraph 2.1.A",
#: "but before Article 2.2", "immediately following Clause 3.1", "between paragraphs B and C"):
#: owners locate an addition by its neighbours; a neighbour is a place, never what the addition changes.
#: (Not "after the last sentence of paragraph 2.1.A": a place inside the paragraph, which it changes.)
_PLACE_BEFORE = re.compile(
    # ("the following subparagraph 3.4B": an adjective before what is added, not a place)
    rf"\b(?<!the\s)(?:(?:immediately|directly|just)\s+)?(?:after|before|following|preceding|ahead\s+of|between)\s+(?:the\s+)?"
    rf"(?:existing\s+)?{_PLACE_KIND}?\s*$|\bbetween\s+(?:the\s+)?(?:existing\s+)?{_PLACE_KIND}?\s*[\w.]{{1,12}}\s+"
    rf"(?:and|&)\s+{_PLACE_KIND}?\s*$", re.IGNORECASE)
_PLACE_UPPER = re.compile(rf"\b(?:before|preceding|ahead\s+of|and|&)\s+(?:the\s+)?(?:existing\s+)?{_PLACE_KIND}?\s*$",
                          re.IGNORECASE)
#: An adding verb: what it brings is new text put somewhere.
_ADDING = re.compile(r"\b(?:add|insert|append|place|put)", re.IGNORECASE)


def _placed_beside(read: str, resolved: Sequence[tuple[Locator, Reference]]
                   ) -> tuple[list[tuple[Locator, Reference]], str | None] | None:
    """What an addition changes when it names provisions as the places its new text goes beside
    (None when it names none so): the other provisions it names, where it names any; else what
    holds the neighbours, when the words settle it (the article holding the paragraphs it follows
    or precedes, an article named as its upper bound only closing the place; the sheet holding
    the notes); else the document, proposed, with why."""
    own = [(t, r) for t, r in resolved if not r.from_heading]
    places = [(t, r) for t, r in own if _PLACE_BEFORE.search(read, max(0, r.span[0] - 60), r.span[0])]
    if not places:
        return None
    others = [p for p in own if p not in places]
    if others:  # "Add paragraph 2.1.C after paragraph 2.1.B": the new one's article is the target
        return others, None
    holders = set()
    for target, reference in places:
        path = target.path or ""
        if re.fullmatch(r"[a-z]+-\d+\w*", path):  # a note beside a note: the sheet holds the new one
            holders.add(Locator(doc=target.doc))
        elif path.count(".") >= 2:  # beside a paragraph: its article holds the new one
            holders.add(Locator(doc=target.doc, path=path.rsplit(".", 1)[0]))
        elif not (path.count(".") == 1 and _PLACE_UPPER.search(read, max(0, reference.span[0] - 60),
                                                               reference.span[0])):
            holders.add(None)  # after an article, or a whole document: a new article, or the article's end
    named = places[0][1]
    if len(holders) == 1 and None not in holders and not any(h == t for h in holders for t, _ in places):
        holder = next(iter(holders))
        return [(holder, replace(named, target=holder))], None
    doc = Locator(doc=places[0][0].doc)
    return [(doc, replace(named, target=doc))], (
        f"names {', '.join(r.written for _, r in places)} only as where its new text goes: what the new text "
        "joins is for a person to confirm")


def _one_list(resolved: Sequence[tuple[Locator, Reference]]) -> bool:
    """Whether several targets are one list an instruction names together: whole sheets (or
    whole sections) of one list, or paragraphs of one section ("Sheets S-101 through S-104:
    revise the title blocks", "Paragraphs 2.1.A and 2.1.B: change ...")."""
    targets = [t for t, _ in resolved]
    if all(t.path is None for t in targets):
        return len({r.kind for _, r in resolved}) == 1
    return all(t.path is not None for t in targets) and len({t.doc for t in targets}) == 1


def _whole_doubt(text: str, mask: Sequence[tuple[int, int]], action: Action,
                 resolved: Sequence[tuple[Locator, Reference]], corpus: Corpus | None = None) -> str | None:
    """Why replacing or deleting a whole section or sheet is in doubt: its words name a part
    of it no reference placed ("Delete keynote 2.1")."""
    # the words naming the target itself ("Item P-610", "Sheet A-201", and its own title written
    # after its number: "drawing E-501 LIGHTING DETAILS") are not a part of it
    spans = [(max(0, r.span[0] - 14), r.span[1]) for _, r in resolved if r.span[1] > r.span[0]]
    for target, reference in resolved:
        entry = corpus.directory.titles.get(target.doc) if corpus is not None else None
        title = " ".join(entry[1].split()).casefold() if entry and entry[1] else ""
        after = _TITLE_GAP.match(text, reference.span[1])
        if title and after is not None and " ".join(text[after.end():after.end() + len(title) + 8].split()).casefold(
                ).startswith(title):
            spans.append((after.end(), after.end() + len(title)))
    part = _SUB_PART.search(_read_text(text, [*mask, *spans]))
    if part is not None:
        return f'names "{part.group(0)}" of the document, which no reference placed: the whole of it is not certain'
    return None


def _whole_said(text: str, mask: Sequence[tuple[int, int]], action: Action,
                resolved: Sequence[tuple[Locator, Reference]]) -> bool:
    """Whether a replace or delete takes the whole section or sheet: its words say so ("in
    its entirety", "the revised sheet", "attached"), or the verb's object is the reference
    itself ("Delete Sheet A-501.", "Replace Section 07 21 00 with ...")."""
    read = _read_text(text, mask)
    if _WHOLE.search(read):
        return True
    if action.span is None:
        return False
    verb_end = action.span[0] + len(action.words.split(" … ")[0])
    own = sorted((r for _, r in resolved if not r.from_heading), key=lambda r: r.span)
    if own and own[-1].span[1] <= action.span[0] and _PASSIVE_GAP.fullmatch(read[own[-1].span[1]:action.span[0]]):
        # "Sheets E-201 and E-301 are removed from the plan set", "Section 12 93 00 is hereby
        # deleted": the documents named are the passive verb's subject, the whole of each is what
        # goes; only when the sentence opens with them (not "The bench on Sheet L-101 is removed")
        opened = max(read.rfind(". ", 0, own[0].span[0]), read.rfind(": ", 0, own[0].span[0]),
                     read.rfind("\n", 0, own[0].span[0]))
        between = [read[a.span[1]:b.span[0]] for a, b in zip(own, own[1:], strict=False)]
        if (_REF_WORDS.fullmatch(re.sub(r"^\s*(?:[A-Za-z0-9]{1,3}[.)]\s+)?", "", read[opened + 1:own[0].span[0]]))
                and all(_LIST_GAP.fullmatch(gap) for gap in between)):
            return True
    return any(0 <= r.span[0] - verb_end <= 14 or (r.span[0] >= verb_end and _REF_WORDS.fullmatch(read[verb_end:r.span[0]]))
               for r in own)


#: Between the documents a sentence names as its subject and its passive verb ("... are", "... is hereby").
_PASSIVE_GAP = re.compile(r"[\s,]*(?:is|are|shall\s+be|will\s+be|has\s+been|have\s+been)(?:\s+hereby)?\s+", re.IGNORECASE)
#: Between two documents of one list ("E-201 and E-301", "A-101, A-102 & A-103").
_LIST_GAP = re.compile(r"[\s,]*(?:(?:and|&)\s*)?(?:(?:Sheets?|Drawings?|Sections?)\s+)?", re.IGNORECASE)


_TITLE_GAP = re.compile(r"[\s,:–—(-]*[\"“]?")  # ("Drawing No. M-201 (HVAC Schedules)": its title in brackets)
_NO_OBJECT = re.compile(r"\s*(?:$|[,.;:)]|(?:for|with|by|in|to|as|and|or|from|at|on|per)\b)", re.IGNORECASE)


def _has_object(text: str, mask: Sequence[tuple[int, int]], action: Action) -> bool:
    """Whether the first verb read is followed by an object of its own ("Delete the two
    luminaires"), not by a preposition or the end of a clause ("revised, to be substituted
    for the same sheet", "is replaced.")."""
    if action.span is None:
        return False
    read = _read_text(text, mask)
    end = action.span[0] + len(action.words.split(" … ")[0])
    return _NO_OBJECT.match(read, end) is None


#: What may come before a reference at the start of a sentence that is only a heading
#: ("SECTION D-751 - MANHOLES. Delete in its entirety, ...").
_REF_WORDS = re.compile(r"[\W_]*(?:(?:Spec(?:ification)?s?|Technical|Sections?|Sheets?|Drawings?|Dwg|Plan|Page|Item|"
                        r"Articles?|Paragraphs?|Special|Provisions?|No|Number|Contract)[\W_]*)*", re.IGNORECASE)


#: How far into its instruction an item may name its target and still be read as changing it
#: ("Section 03 30 00, Paragraph 2.1.A: ...", "Delete Sheet A-501"); a target named further on,
#: after the verb, is proposed ("This Addendum consists of ... the revised Bid Form and Sheet A-602").
_TARGET_REACH = 90
#: How far into an item that names no target of its own its verb may sit (an instruction starts
#: with it: "DELETE Paragraph C", "Add the following sentence"; a narrative does not).
_VERB_REACH = 40


#: An earlier addendum named: the item changes what that addendum said, not what its heading names.
_EARLIER = re.compile(r"\b(?:Addendum|Bulletin|Amendment)\s+(?:No\.?\s*|#\s*)?\d+", re.IGNORECASE)
#: The object of a delete or replace verb that is the target itself.
_TARGET_OBJECT = re.compile(
    r"^\s*(?:(?:the|this|that|said|entire)\s+)*(?:paragraph|subparagraph|article|section|sheet|drawing|note|keynote|"
    r"detail|callout|clause|provision|subsection|item|in\s+(?:its|their)\s+entirety)\b", re.IGNORECASE)
#: A verb's successor named right after it, its object left out: a whole document of a kind
#: attached ("Replace with the attached revised sheets", "Replace by the enclosed section").
_ATTACHED_WHOLE = re.compile(
    r"^\s*(?:with|by)\s+(?:the\s+)?(?:attached|enclosed|accompanying)\s+(?:(?:revised|new|reissued|updated)\s+)*"
    r"(?P<kind>sheets?|drawings?|sections?|specifications?)\b", re.IGNORECASE)
#: The whole document, by its kind alone, as the subject of a passive verb under a heading naming
#: it ("A. Specification issued complete.", "This Section is deleted."): the heading's document.
_DOCUMENT_SUBJECT = re.compile(
    r"\s*(?:[A-Za-z0-9]{1,3}[.)]\s+)?(?:(?:the|this|that|said|entire)\s+)*(?:specification|section|sheet|drawing)\s+"
    r"(?:(?:is|are|has|have|been|hereby)\s+)*", re.IGNORECASE)
#: What looks like a paragraph or article number no reference placed ("2.01 C", "152-3.2", "608.02").
_LOOSE_PATH = re.compile(r"(?<![\w.$/-])\d{1,3}(?:[.-]\d{1,3})+(?:\s?[A-Z](?![\w]))?(?![\w/-])")


#: A heading that is only the document's own title ("ADDENDUM NO. 2"): what sits under it alone is preamble.
_TITLE_LINE = re.compile(r"^\W*(?:addendum|addenda|bulletin|amendment|change\s+order|field\s+order)\b(?:\s+(?:no\.?|number|#))?"
                         r"\s*[\w.-]*\W*$", re.IGNORECASE)


def _preamble(item: Item) -> bool:
    """Whether an item is a paragraph of the addendum's preamble: under no heading but the
    document's own title."""
    return item.kind == "paragraph" and not _OWN_NUMBER.match(item.text) and all(
        _TITLE_LINE.match(line) for line in item.heading_context.splitlines() if line.strip())


#: A paragraph opening with its own number ("12.3.1) Drawing A-101: ..."): an item of a list, not preamble.
_OWN_NUMBER = re.compile(r"[ \t*_]*\d{1,3}(?:\.\d{1,3})+[.)]?[ \t]+(?=[A-Z])|[ \t*_]*\d{1,3}\)[ \t]+(?=[A-Z])")


#: A sentence that announces its target after a colon ("The following Special Provision is hereby
#: deleted from the Contract in its entirety: SECTION 12 93 00"): the target is the verb's object,
#: however far into the item it is written.
_FOLLOWING_COLON = re.compile(r"\bthe\s+following\b[^:.;]{0,160}:\s*$", re.IGNORECASE)
#: A sentence that only points at a place ("Refer Section 03 30 00 (Title), Part 2, Sub-section
#: 2.02 B."), its instruction in the next sentence: "Refer" with no "to" and nothing after the last
#: reference but its title in brackets.
_REFER_OPENER = re.compile(r"[\W_]*(?:Refer|Ref\.|Reference)[ \t:]+(?!to\b)(?:(?:Spec(?:ification)?s?|Technical|Sections?|"
                           r"Sheets?|Drawings?|Dwg|No|Number|Contract)[ \t.]*)*", re.IGNORECASE)
_REFER_TAIL = re.compile(r"[ \t,]*(?:\([^()\n]{1,80}\))?[ \t,]*")
#: A sentence that is only a heading: a title of a few capitalised words, then the reference
#: ("Metal Ducts Specification Section 23 31 13. Remove all references to ..."): owners head an
#: item with what it changes, then instruct in the next sentence.
_TITLE_WORDS = re.compile(r"(?-i:[\s*_]*(?!(?:See|Refer|Per|Note|As|Also|Under|In|The|This|These|That|A|An)\b)"
                          r"(?:[A-Z][\w&/'-]*[ \t]+){1,6})")  # (a pointer or prose opener is no title)


#: A paragraph opening with its own item label ("Item AD3-3 Section 22 11 16 ...: Replace ...",
#: "Change No. 4: ..."): an item of the addendum's list, wherever it sits, not preamble.
_ITEM_LABEL = re.compile(r"[ \t*_]*(?:item|change|revision)\s+(?:no\.?\s*|number\s+|#\s*)?(?=[\w.-]*\d)"
                         r"[A-Z0-9]+(?:[.-][A-Z0-9]+)*\b[ \t]*[:.)\-–—]?[ \t]+(?-i:(?=[A-Z]))", re.IGNORECASE)
#: A lead-in's words: what it speaks of is below it ("the articles cited below", "listed").
_SPEAKS_OF_BELOW = re.compile(r"\b(?:below|cited|listed|hereinafter|as\s+follows)\b", re.IGNORECASE)


def _opens_with_paragraph(read: str, start: int, resolved: Sequence[tuple[Locator, Reference]]) -> bool:
    """Whether a paragraph opens with the paragraph or article it changes, by number ("Paragraph
    3.1.A of Section 05 12 00 is replaced by the following: ..."): an instruction, however the
    addendum sets it out; preamble prose opens otherwise, and a lead-in speaks of what is below."""
    own = [r for t, r in resolved if not r.from_heading and t.path is not None and (r.by_number or r.joins == t)]
    if not own or len(own) != len(resolved):
        return False
    first = min(r.span[0] for r in own)
    return not read[start:first].strip() and not _SPEAKS_OF_BELOW.search(read)


def _placed(item: Item, start: int, action: Action, resolved: Sequence[tuple[Locator, Reference]],
            mask: Sequence[tuple[int, int]] = (), references: Sequence[Reference] = ()) -> str | None:
    """Why an instruction that reads unambiguously is still proposed: it sits in the
    addendum's preamble (a paragraph under no heading); it names its target far from where
    the instruction starts and after its verb; it deletes or replaces what only its heading
    names without saying the target is what goes; it names an earlier addendum; or it writes
    a number that looks like a paragraph no reference placed, while naming a whole document."""
    read = _read_text(item.text, mask)
    if _preamble(item) and not _ITEM_LABEL.match(item.text) and not _opens_with_paragraph(read, start, resolved):
        return "a paragraph of the addendum's preamble, under no heading: not read as an instruction"
    own_refs = [r for r in references if not r.from_heading and r.span[1] > r.span[0]]
    if own_refs and action.span is not None:
        first = min(r.span[0] for r in own_refs)
        ends = _CLAUSE_END.search(read, first)
        if first < action.span[0] and ends is not None and ends.end() <= action.span[0]:
            opened = max(read.rfind(". ", 0, first), read.rfind(": ", 0, first), start - 1)
            last = max(r.span[1] for r in own_refs if r.span[0] < ends.start())
            titled = (_TITLE_WORDS.fullmatch(read[opened + 1:first]) is not None
                      and not read[last:ends.start()].strip(" \t,-–—\"”"))
            # "Refer Section 05 12 00 (Title), Part 2, Sub-section 2.2 (Bolts). Replace ...": a sentence
            # that only points at the place, the instruction in the next (Commonwealth bid documents)
            referred = (_REFER_OPENER.fullmatch(read[opened + 1:first]) is not None
                        and _REFER_TAIL.fullmatch(read[last:ends.start()]) is not None)
            # "...; paragraph 2.2.A of Section 22 11 16 is revised to include ...": the verb's own
            # clause names again what it changes, right before it: the target is settled there
            clause_open = max(read.rfind(". ", 0, action.span[0]), read.rfind("; ", 0, action.span[0]),
                              read.rfind(": ", 0, action.span[0]))
            again = {r.target for r in own_refs if r.target is not None and clause_open < r.span[0] < action.span[0]}
            renamed = clause_open >= ends.start() and all(t in again or any(
                t.doc == a.doc and (t.path is None or (a.path or "").startswith(t.path + ".")) for a in again)
                for t, _ in resolved)
            if again and clause_open >= ends.start() and not renamed:
                # "Section 03 30 00, 2.1.C: (a request). Granted; the ratio in 2.1.B is revised": the
                # verb's clause names one provision, an earlier sentence another
                return ("its verb's clause names one provision and an earlier sentence another: which the "
                        "verb changes is not certain")
            if not _REF_WORDS.fullmatch(read[opened + 1:first]) and not titled and not referred and not renamed:
                return ("it names its target in a sentence of prose and its verb in a later one: "
                        "which the verb changes is not certain")
    inherited = all(r.from_heading for _, r in resolved)
    if inherited and len({t for t, _ in resolved}) > 1 and not (
            action.action == "replace" and action.span is not None
            and _ATTACHED_WHOLE.match(read[action.span[0] + len(action.words.split(" … ")[0]):])):
        # "SHEETS S-1 AND S-2" over "Delete the schedule": on which of them is a guess
        return (f"its heading names {len({t for t, _ in resolved})} documents and it names none: which of them it "
                "changes is for a person to confirm")
    if inherited and action.action in ("replace", "delete") and action.span is not None:
        after = read[action.span[0] + len(action.words.split(" … ")[0]):]
        attached = _ATTACHED_WHOLE.match(after)
        if attached is not None and all(
                t.path is None and r.kind == ("section" if attached.group("kind").lower().startswith(("sec", "spec"))
                                              else "sheet") for t, r in resolved):
            # "Replace with the attached sheets of the same numbers." under a heading naming the
            # sheets: the verb's object left out is what the heading names, each replaced whole
            pass
        elif not _TARGET_OBJECT.match(after) and not _DOCUMENT_SUBJECT.fullmatch(read[start:action.span[0]]) and not (
                # "Not used. This section is deleted ...": the verb's own sentence has the heading's
                # document for its subject, whatever sentence went before it
                (said := max(read.rfind(". ", start, action.span[0]), read.rfind("; ", start, action.span[0]))) > start
                and _DOCUMENT_SUBJECT.fullmatch(read[said + 1:action.span[0]])
                and all(t.path is None and r.kind in ("section", "sheet") for t, r in resolved)):
            return "its verb's object is not what its heading names: which it changes is not certain"
    if inherited and action.span is not None and action.span[0] - start > _VERB_REACH:
        return "it inherits its target from its heading but its verb is not where an instruction's is"
    if inherited and _EARLIER.search(read):
        return "it names an earlier addendum: what it changes may be that addendum's item"
    if any(t.path is None for t, _ in resolved):
        spans = [r.span for _, r in resolved if not r.from_heading]
        own = _OWN_NUMBER.match(item.text)
        if own is not None:  # "12.3.1) Drawing A-101: ...": the item's own number
            spans.append(own.span())
        for loose in _LOOSE_PATH.finditer(read):
            inside = any(s <= loose.start() < e for s, e in spans)
            if not inside and not re.fullmatch(r"\d{1,3}-\d{1,3}", loose.group(0)):
                return f'writes "{loose.group(0)}", which may be a paragraph no reference placed'
    own = [r for _, r in resolved if not r.from_heading]
    if own and action.span is not None:
        first = min(r.span[0] for r in own)
        gap = _BREAK.search(item.text, action.span[1])
        listed = gap is not None and gap.end() <= first and item.text[:gap.start()].rstrip().endswith(":") and all(
            _codes_only(block) for block in _BREAK.split(item.text[gap.end():]) if block.strip())
        colon = read.rfind(":", start, first)
        listed = listed or (colon > 0 and bool(_FOLLOWING_COLON.search(read, start, colon + 1))
                            and bool(_REF_WORDS.fullmatch(read[colon + 1:first])))  # "The following ... is deleted: X"
        # "The zinc-rich primer ... is added to Section 09 91 00 Article 2.1.A": the target is where the
        # amending verb puts what it adds, named right after it, however long the subject before
        verb_end = action.span[0] + len(action.words.split(" … ")[0])
        if not listed and action.action == "amend" and first >= verb_end:
            between = _read_text(read[:first], [r.span for r in references if verb_end <= r.span[0] < first])[verb_end:]
            into = _DESTINATION.match(between)
            listed = into is not None and bool(_REF_WORDS.fullmatch(between[into.end():]))
        if first > action.span[0] and first - start > _TARGET_REACH and not listed:  # (a list below its lead-in)
            return "the target is named far into the item, after its verb: which the verb changes is not certain"
    return None


#: A sentence whose subject is the document an item has just issued ("The new page ...", "The
#: revised sheet shows ...", "This reissued Section adds ...").
_SUCCESSOR_SUBJECT = re.compile(r"\s*(?:the|this|these|each)\s+(?:new|revised|attached|reissued|re-issued|replacement|"
                                r"enclosed)\s+(?:pages?|sheets?|sections?|drawings?|specifications?|documents?)\b",
                                re.IGNORECASE)
#: The end of a deletion that brings new text to put in ("... and insert the following:", "and add
#: the following paragraph:").
# ("and in lieu thereof insert the following:": the place said before the verb as often as after it)
_INSERTS_FOLLOWING = re.compile(r"\band\s+(?:(?:in\s+lieu\s+(?:thereof|of\s+it)|in\s+(?:its|their)\s+place|instead)[\s,]+)?"
                                r"(?:insert|add|put\s+in)\s+(?:in\s+its\s+place\s+)?the\s+following\b[^:.;]{0,40}:$",
                                re.IGNORECASE)
#: Between an amending verb and the provision it puts something into ("added to the", "inserted in").
_DESTINATION = re.compile(r"\s+(?:to|into|in)\s+(?:the\s+)?(?=\S|\s*$)", re.IGNORECASE)


#: An ordinal part of a provision named before or after the verb ("second sentence", "fourth paragraph").
_ORDINAL_PART = re.compile(r"\b(?:first|second|third|fourth|fifth|sixth|last|\d{1,2}(?:st|nd|rd|th))\s+(?:sentence|line|bullet|item|paragraph|"
                           r"subparagraph|row|column)\b", re.IGNORECASE)
#: Words aiming an instruction at part of a paragraph ("Paragraph 2.5.D, second sentence: Delete").
_PART_WORDS = re.compile(r"\b(?:sentences?|words?|phrases?|the\s+(?:first|second|third|fourth|last)\s+\w+|"
                         r"(?:first|second|third|fourth|last)\s+(?:sentence|line|bullet|item))\b", re.IGNORECASE)


def _part_doubt(text: str, mask: Sequence[tuple[int, int]]) -> str | None:
    chars = list(text)
    for start, end in mask:
        chars[start:end] = " " * (end - start)
    part = _PART_WORDS.search("".join(chars))
    if part is None:
        return None
    return f'names "{part.group(0)}": part of the paragraph, not the whole of it, may be meant'


#: Words of a provision named as what a delete verb takes, quoted ('the words "at every high
#: point"', 'the phrase "or equal"'): a deletion of those words, not of the provision.
_STRUCK_WORDS = re.compile(r"\b(?:the\s+)?(?:words?|phrases?)\s*[:,]?\s*[\"“‘]", re.IGNORECASE)


def _words_struck(text: str, mask: Sequence[tuple[int, int]]) -> bool:
    """Whether the one part a deletion names is words it quotes (the quotation's own marks may
    be masked; the words naming it may not)."""
    read = _read_text(text, mask)
    parts = list(_PART_WORDS.finditer(read))
    return bool(parts) and all(_STRUCK_WORDS.match(text, p.start()) for p in parts)


def _entry_under_lead(item: Item, items: Sequence[Item], vocabularies: list) -> bool:
    """Whether an item the pattern rules passed over as a heading ("- SECTION 09 91 00 - PAINTING")
    is really an entry of a list under a lead-in instruction: owners list the sections or sheets an
    instruction acts on as bare bullets below it ("The following sections are deleted and replaced
    with the attached like-named sections:"), and such an entry heads nothing of its own."""
    if item.kind not in ("bullet", "numbered", "paragraph", "section") or len(" ".join(item.text.split())) > _ENTRY_LIMIT:
        return False
    if item.kind == "section" and not _DOCUMENT_ENTRY.fullmatch(item.text):
        return False  # (an outline section of the addendum is an entry only as a document's number and title)
    if any(other.parent == item.path for other in items):
        return False
    lead = _context(item, vocabularies)[1]
    # a list of documents added ("The following sections are added:") supersedes nothing: left as it was
    return lead is not None and not re.match(r"(?:add|insert|new)", lead.words, re.IGNORECASE)


def _context(item: Item, vocabularies: list) -> tuple[str, Action | None, str]:
    """The heading lines an item inherits its section or sheet from (lines that are
    themselves instructions are not headings), and the lead-in instruction right above it
    (a line ending with a colon whose verb governs the list below it)."""
    lines = [line for line in item.heading_context.splitlines() if line.strip()]
    kept: list[str] = []
    lead: Action | None = None
    lead_line = ""
    for index, line in enumerate(lines):
        action = read_action(line, vocabularies, mask=_quoted_spans(line))
        if action.changes:
            if index == len(lines) - 1 and line.rstrip().endswith(":") and action.ambiguous is not None:
                # "The bid set is changed as set out here ...; each attachment replaces in its
                # entirety the document of the same title:": the clause ending at the colon governs the list
                clause = re.split(r"[.;](?=\s)", line.rstrip())[-1]
                last = read_action(clause, vocabularies, mask=_quoted_spans(clause))
                if last.changes and last.ambiguous is None:
                    action, line = last, clause
            if index == len(lines) - 1 and line.rstrip().endswith(":") and (
                    action.ambiguous is None or _BRINGS_TEXT.search(line.rstrip())):
                # (a lead-in bringing new text, "Delete Paragraph 2.1.A and insert the following:",
                # carries the words below it however its verbs read; they instruct nothing)
                lead, lead_line = action, line
            continue
        kept.append(line)
    return "\n".join(kept), lead, lead_line


def _paragraph_lead(item: Item, items: Sequence[Item], vocabularies: list) -> tuple[Action | None, str]:
    """The lead-in of a run of short paragraphs with no verb of their own: the paragraph right
    before the run, under the same heading, ending with a colon whose last clause instructs
    ("Take out each page listed and put in the attached page with the same number:")."""
    index = _positions(items).get(item.path)
    if index is None:
        return None, ""
    for before in reversed(items[max(0, index - 40):index]):  # a list of at most 40 entries
        if before.kind != item.kind or before.heading_context != item.heading_context:
            return None, ""
        blocks = [b.strip() for b in _BREAK.split(before.text) if b.strip()]
        # the lead-in may hold the first entries of its list (they ran on as its new words)
        opened = next((i for i in range(len(blocks) - 1, -1, -1) if blocks[i].endswith(":")), None)
        if opened is not None and all(len(" ".join(b.split())) <= _ENTRY_LIMIT and read_action(
                b, vocabularies, mask=_quoted_spans(b)).action is None for b in blocks[opened + 1:]):
            text = blocks[opened]
        else:
            text = before.text.rstrip()
        if text.endswith(":"):
            clause = re.split(r"[.;](?=\s)", text)[-1]
            action = read_action(clause, vocabularies, mask=_quoted_spans(clause))
            return (action, clause) if action.changes and action.ambiguous is None else (None, "")
        if len(" ".join(text.split())) > _ENTRY_LIMIT or read_action(text, vocabularies,
                                                                      mask=_quoted_spans(text)).action is not None:
            return None, ""
    return None, ""


def _division(reference: Reference) -> str:
    """The CSI division a section reference names (its number's first two digits), or ""."""
    if reference.target is not None:
        digits = re.search(r"(\d{2})\s?\d{2}\s?\d{2}", reference.target.doc)
        if digits:
            return digits.group(1)
    digits = re.search(r"\b(\d{2})\s?\d{2}\s?\d{2}\b|\b(\d{2})\d{3}\b", reference.written)
    return (digits.group(1) or digits.group(2)) if digits else ""


def _distinct(found: list[tuple[Locator, Reference]]) -> list[tuple[Locator, Reference]]:
    """Each target once, and no target whose descendant the item also names (an article and
    the paragraph an insertion adds to it are one change)."""
    seen: dict[str, tuple[Locator, Reference]] = {}
    for target, reference in found:
        seen.setdefault(target.format(), (target, reference))
    kept = []
    for target, reference in seen.values():
        inside = [other for other in seen.values() if other[0].doc == target.doc and other[0] != target
                  and (target.path is None or (other[0].path or "").startswith(target.path + "."))]
        if not inside:
            kept.append((target, reference))
    return kept


def _why(action: Action, resolved: list[tuple[Locator, Reference]], open_refs: list[Reference]) -> str:
    notes = []
    if action.action is None:
        notes.append("no verb of the pack reads what the item does")
    elif action.ambiguous:
        notes.append(action.ambiguous)
    titles = [r for _, r in resolved if r.resolved_by == "title"]
    if titles:
        notes.append(f'the target is named by its title alone ("{titles[0].written}", score {titles[0].score}): '
                     "a title never applies by itself")
    if len(resolved) > 1 and not titles:
        notes.append(f"names {len(resolved)} targets: each is proposed")
    notes += [r.why for r in open_refs if r.why]
    return "; ".join(dict.fromkeys(notes)) or "not read unambiguously"


def _changed_documents(outcomes: dict[str, _Outcome], reading: Reading) -> dict[str, set[str]]:
    """Item path → the documents that item changes (an applied or proposed reading, or an edge
    the pattern rules derived)."""
    changed: dict[str, set[str]] = {}
    for path, outcome in outcomes.items():
        if outcome.kind in ("applied", "proposed"):
            changed[path] = {t.doc for t, _ in outcome.targets}
    for edge in reading.edges:
        if edge.by is not None and edge.by.path is not None:
            changed.setdefault(edge.by.path, set()).add(edge.target.doc)
    return changed


def _innermost(outcomes: dict[str, _Outcome], applied_paths: set[str], reading: Reading) -> None:
    """An item enclosing items that change the same document carries no change of its own:
    its sub-items do (a heading run on with a verb, "Section 03 30 00: Revise as follows:")."""
    changing_docs = _changed_documents(outcomes, reading)
    for path, outcome in outcomes.items():
        if outcome.kind not in ("applied", "proposed"):
            continue
        docs = {t.doc for t, _ in outcome.targets}
        inner = set().union(*(found for other, found in changing_docs.items() if other.startswith(path + ".")))
        if docs & inner:
            outcome.kind = "nothing"


#: A verb alone on its line, heading the words below it ("Replace:", "Delete:", "Revise:").
_VERB_ALONE = re.compile(r"[*_]*[A-Za-z]+[*_]*\s*:[*_]*")


def _lead_ins(outcomes: dict[str, _Outcome], items: Sequence[Item], reading: Reading) -> None:
    """A paragraph that only leads in to what follows ("SECTION 102 ... is amended as follows:")
    changes its document through the items after it: quiet when one of them changes that
    document, else a proposal (what it changes no item says: never applied)."""
    changed = _changed_documents(outcomes, reading)
    for index, item in enumerate(items):
        outcome = outcomes.get(item.path)
        if outcome is None or outcome.kind not in ("applied", "proposed") or any(
                t.path is not None for t, _ in outcome.targets):
            continue
        # "Replace:" alone on a line under an item's caption ("Item No. 3 - Section 12 93 00 -
        # Title"): the verb of the words below it, which carry the change
        alone = item.kind == "heading" and bool(_VERB_ALONE.fullmatch(item.text.strip()))
        if not alone and (outcome.action.action != "amend" or not _DOCUMENT_LEAD.search(item.text.rstrip())
                          or _LEAD_PART.search(item.text)):
            continue
        docs = {t.doc for t, _ in outcome.targets}
        after: set[str] = set()
        for later in items[index + 1:]:
            if later.kind == "heading" and later.parent == item.parent:
                break
            if alone and not later.heading_context.rstrip().endswith(item.text.strip()):
                break  # past the words the verb heads
            after |= changed.get(later.path, set())
        if docs <= after:
            outcome.kind = "nothing"
        else:
            outcome.kind, outcome.why = "proposed", ("it leads in to changes (\"as follows\") that no item after it "
                                                     "reads: what it changes is for a person to confirm")


# --- the project's readings, as the graph holds them now -------------------------------------


def readings_of(snapshot: Snapshot, *, text_line: Callable[[Document], int | None] | None = None) -> AddendaReadings:
    """Every addendum's reading against the graph as it is now (all proposals; an edge a
    rule applied is in the graph with origin ``rule:...`` and counts as applied, not as
    declared; an edge a review decided counts as neither). ``text_line`` gives the file line
    a document's text layer starts on (the reader's ``ProjectFiles.text_line``)."""
    store = snapshot.store
    rules = snapshot.rules
    active = list(rules.supersession)
    if not active:
        return AddendaReadings()
    if text_line is None:
        return _with_files(snapshot)
    reading_kinds = {kind for rule in active for kind in rule.document_kinds}
    target_kinds = {kind for rule in active for kind in rule.target_kinds}
    metadata = store.documents()
    directory = TargetDirectory.from_documents(metadata)
    newest: dict[str, tuple[int, Any, str]] = {}
    for meta in metadata:
        if meta.kind in target_kinds:
            key = (meta.effective.from_, meta.seq)
            if meta.id not in newest or key >= newest[meta.id][:2]:
                newest[meta.id] = (*key, meta.uid)  # type: ignore[assignment]
    outlines: dict[str, Document] = {}

    def outline(doc: str) -> Document | None:
        if doc not in newest:
            return None
        if doc not in outlines:
            outlines[doc] = store.document(newest[doc][2])
        return outlines[doc]

    def paths(doc: str) -> list[str]:
        document = outline(doc)
        return [p.path for p in document.provisions] if document is not None else []

    def names(doc: str) -> Mapping[str, str]:
        document = outline(doc)
        return outline_names(document) if document is not None else {}

    def has_target(locator: Locator) -> bool:
        return store.has_provision(locator.doc, locator.path)

    lookup = Lookup(directory, has_target, names, paths)
    applied: list[DerivedEdge] = []
    proposed: list[ProposedEdge] = []
    missed: list[NotUnderstoodItem] = []
    skipped: dict[str, int] = {}
    for meta in metadata:
        if meta.kind not in reading_kinds:
            continue
        document = store.document(meta.uid)
        document = document.model_copy(update={"supersedes": tuple(
            edge for edge in document.supersedes if not edge.origin.startswith("rule:") and edge.origin != "review")})
        reading = read_addendum(document, active, lookup, body_line=text_line(document) if text_line else None)
        applied += reading.applied
        proposed += reading.proposed
        missed += reading.not_understood
        for rule, count in reading.skipped.items():
            skipped[rule] = skipped.get(rule, 0) + count
    return AddendaReadings(applied=tuple(applied), proposed=tuple(proposed), not_understood=tuple(missed),
                           skipped=skipped)


def _with_files(snapshot: Snapshot) -> AddendaReadings:
    """``readings_of`` with the installed reader's file lines (the reader opens the project's
    files; where it cannot, items are listed without lines)."""
    from ..ingest.reader import default_reader

    try:
        opened = default_reader().open(snapshot.root)
    except Exception:  # noqa: BLE001 - no reader, or a project it cannot open: lines left out
        return readings_of(snapshot, text_line=lambda document: None)
    with opened as files:
        return readings_of(snapshot, text_line=files.text_line)


# --- The certainty gate ------------------------------------------------------------------------
# An edge is applied only when its target was placed exactly, its scope and successor are what
# the item's own words state, and no other verb of the item (or its next sibling) contradicts
# them; else it is proposed, with why.

#: 'AMEND "SECTION 07 54 23, PARAGRAPH 1.6.A, WARRANTY" to read:' — the quotation names the subject.
_QUOTED_SUBJECT = re.compile(
    r"^\W*(?:\d+[.)]\s*)?(?:amend|revise|change|modify|correct)\s+[\"“]([^\"”]{3,160})[\"”]\s*(?:,\s*)?"
    r"to\s+(read|include)\b", re.IGNORECASE)
#: "Clause 2.2.A of Section 22 11 16 is corrected as "..."": the clause itself restated whole.
_RESTATED = re.compile(
    r"^\W*(?:\d+[.)]\s*)?(?:clause|note|paragraph|keynote|article|subparagraph)\s+[\w.-]+\s+(?:of|in|on)\s+"
    r"[^\"“:]{1,80}?\b(?:is|are)\s+(?:hereby\s+)?(?:corrected|revised|amended|changed)\s+(?:as|to\s+read)\s*:?\s*[\"“]",
    re.IGNORECASE)
#: "... and delete that specification in its entirety": the document itself removed.
_DELETE_WHOLE = re.compile(
    r"\bdelete\s+(?:that|this|the\s+same|the\s+entire)\s+(?:specification|section|sheet|drawing|document)\s+"
    r"in\s+its\s+entirety\b", re.IGNORECASE)
_ENTIRETY = re.compile(r"\bin\s+(?:(?:its|their)\s+)?entirety\b", re.IGNORECASE)
_PAGE_ENTIRETY = re.compile(r"\s+(?:the\s+)?pages?\b", re.IGNORECASE)
_PAGE_BEFORE_ENTIRETY = re.compile(r"\bpages?\s+(?:nos?\.?\s*)?[\w .,-]{1,30}$", re.IGNORECASE)
_SUBSTITUTE = re.compile(r"\b(?:substitute|replace)", re.IGNORECASE)
#: Where the answer of a question-and-answer item starts: only the answer may change anything.
_LEAD_IN = re.compile(r"(?::\s*$|\bas\s+follows\b)", re.IGNORECASE)
_ANSWER_AT = re.compile(r"\b(?:answer|response|reply)\s*(?:#?\d+)?\s*[:.-]", re.IGNORECASE)


def _own_subject(after: Item, item: Item, vocabularies: list) -> bool:
    """Whether the item after a deletion names a subject of its own before its verb, one the
    deletion does not name ("5. ... clause 3.4 A is deleted." then "6. Section 6 - The Schedules:
    the Schedule of Prices is withdrawn and the attached one substituted"): it substitutes its
    own subject, not what was deleted."""
    action = read_action(after.text, vocabularies, mask=_quoted_spans(after.text))
    before = after.text[:action.span[0]] if action.span is not None else after.text
    mention = _MENTION.search(before)
    return mention is not None and " ".join(mention.group(0).split()).lower() not in " ".join(item.text.split()).lower()


def _drop_item(reading: Reading, by: Locator) -> None:
    key = by.format()
    reading.applied = [e for e in reading.applied if e.by.format() != key]
    reading.edges = [e for e in reading.edges if e.by is None or e.by.format() != key]
    reading.proposed = [p for p in reading.proposed if p.item.format() != key]
    reading.not_understood = [n for n in reading.not_understood if n.item.format() != key]


def _apply(reading: Reading, document: Document, item: Item, target: Locator, action: Action, rule: str,
           file: str, line_of: Callable[[int], int | None]) -> None:
    edge = Supersedes(source=document.locator, target=target, scope=action.scope, effective=document.effective.from_,
                      by=item.locator, origin=f"rule:{rule}", successor=action.successor)
    reading.edges.append(edge)
    reading.applied.append(DerivedEdge(by=item.locator, target=target, scope=edge.scope, rule=rule, words=action.words,
                                       successor=edge.successor, file=file, line=line_of(item.offset)))


def _propose(reading: Reading, item: Item, target: Locator, action: Action, reference: str, rule: str,
             file: str, line_of: Callable[[int], int | None], why: str) -> None:
    reading.proposed.append(ProposedEdge(
        item=item.locator, target=target, scope=action.scope, successor=action.successor, rule=rule, file=file,
        line=line_of(item.offset), words=_words(item.text),
        evidence=ProposalEvidence(reference=reference, resolved_by="number", reference_score=None,
                                  action=action.words or None, change=action.action, why=why)))


def _certainty(reading: Reading, items: Sequence[Item], corpus: Corpus, vocabularies: list,
               notations: Mapping[str, Sequence[re.Pattern[str]]], skip: Mapping[str, str], document: Document,
               file: str, line_of: Callable[[int], int | None], rule: str) -> None:
    by_key = {item.path: item for item in items}
    siblings: dict[str | None, list[Item]] = {}
    for item in items:
        siblings.setdefault(item.parent, []).append(item)
    # (c) a quoted reference naming the item's subject: 'AMEND "SHEET M-101, NOTE 3" to read:'
    for item in items:
        m = _QUOTED_SUBJECT.match(item.text)
        if m is None:
            continue
        found = [r for r in find_references(m.group(1), corpus, notations=notations, titles=False)
                 if r.target is not None and r.by_number]
        if not found:
            continue
        deepest = max(found, key=lambda r: (r.target.path or "").count(".") + (r.target.path is not None))
        if any(_division(r) in skip for r in found if r.kind in ("section", "paragraph")):
            continue  # Division 00 and the like: the skip list decides
        deeper = [r for r in found if r.target.path is not None and r.target.doc == deepest.target.doc]
        if len({r.target.format() for r in deeper}) > 1 and not all(
                deepest.target.path.startswith(r.target.path) for r in deeper):
            continue
        target = deepest.target
        if m.group(2).lower() == "read":
            action = Action("replace", f"{m.group(0).split()[0]} … to read")
        else:
            action = Action("amend", f"{m.group(0).split()[0]} … to include")
        _drop_item(reading, item.locator)
        if target.path is None and action.action == "replace":
            _propose(reading, item, target, action, m.group(1), rule, file, line_of,
                     "the quotation names a whole document to be read anew: for a person to confirm")
        else:
            _apply(reading, document, item, target, action, rule, file, line_of)
    # (b) scope and successor as the item's own words state them
    drop: set[tuple[str, str]] = set()
    for edge in list(reading.applied):
        item = by_key.get(edge.by.path)
        if item is None:
            continue
        text = item.text
        target = edge.target
        if edge.scope == "full" and not edge.successor:
            # a delete followed by a substitute of the same target (in its next sibling) is a replacement
            row = siblings.get(item.parent, [])
            index = next((i for i, s in enumerate(row) if s.path == item.path), None)
            after = row[index + 1] if index is not None and index + 1 < len(row) else None
            if after is not None and any(
                    e.by.path == after.path and e.target.format() == target.format()
                    and e.successor for e in reading.applied):
                drop.add((edge.by.format(), target.format()))
                continue
            if (after is not None and _SUBSTITUTE.search(after.text) and re.search(r"\battached\b", after.text, re.I)
                  and not _own_subject(after, item, vocabularies)
                  and not any(e.by.path == after.path for e in reading.applied)
                  and not any(p.item.path == after.path for p in reading.proposed)):
                drop.add((edge.by.format(), target.format()))
                _propose(reading, item, target, Action("replace", edge.words), target.format(), edge.rule, file,
                         line_of, "deleted here and substituted by the item after it: a replacement for a person "
                         "to confirm")
                continue
        if (edge.scope == "partial" and target.path is not None and _RESTATED.match(text)):
            # the clause restated whole, in quotes: replaced by the item
            _swap(reading, edge, "full", True)
        elif ((whole := _DELETE_WHOLE.search(text)) is not None and target.path is None
              and not _SUBSTITUTE.search(text, whole.end())):
            _swap(reading, edge, "full", False)
        elif (edge.scope == "partial" and target.path is None
              and (entirety := _ENTIRETY.search(read_all := _read_text(text, _quoted_spans(text)))) is not None
              and not _PAGE_ENTIRETY.match(read_all, entirety.end())
              and not _PAGE_BEFORE_ENTIRETY.search(read_all[:entirety.start()])):
            # ("Replace in its entirety page 3 with the attached page": the entirety is the page's, and
            # the pages said settle the section's change in part)
            drop.add((edge.by.format(), target.format()))
            _propose(reading, item, target, Action("replace", edge.words), target.format(), edge.rule, file, line_of,
                     'its words say "in its entirety", but its verb was read as a change in part: for a person '
                     "to confirm")
    # an item labelled a clarification explains: nothing of it applies; with a change verb of its
    # own it is proposed, with none it says nothing changes
    for item in items:
        labelled = _CLARIFICATION.search(item.text, 0, 60)  # after the item's own number at most: "Item 6 Clarification:"
        if (labelled is None or len(item.text[:labelled.start()].split()) > 3) and not (
                item.cells and any(_CLARIFICATION.match(cell) for _, cell in item.cells)):
            continue
        for edge in [e for e in reading.applied if e.by.path == item.path]:
            drop.add((edge.by.format(), edge.target.format()))
            _propose(reading, item, edge.target, Action(
                ("replace" if edge.successor else "delete") if edge.scope == "full" else "amend", edge.words),
                     edge.target.format(), edge.rule, file, line_of,
                     "labelled a clarification: what it changes is for a person to confirm")
        reading.proposed = [p for p in reading.proposed if p.item.path != item.path or p.evidence.change is not None]
    # nothing silent: an item with a change verb naming a target exactly, that no reading placed, is proposed
    said = ({e.by.path for e in reading.applied} | {p.item.path for p in reading.proposed}
            | {n.item.path for n in reading.not_understood}
            # an item whose change the addendum declares in its metadata has its edge already
            | {e.by.path for e in document.supersedes if e.by is not None and e.by.doc == document.id})
    heads_said = set()  # a heading or lead-in with an item under it that is said
    for path in said:
        parent = by_key[path].parent if path in by_key else None
        while parent is not None and parent not in heads_said:
            heads_said.add(parent)
            parent = by_key[parent].parent if parent in by_key else None
    for index, item in enumerate(items):
        after = items[index + 1].path if index + 1 < len(items) else None
        if item.path in said or ((item.kind == "heading" or (_LEAD_IN.search(item.text) and not item.cells))
                                 and (item.path in heads_said or after in said or after in heads_said)):
            continue  # a lead-in ("... is amended as follows:") heads the items that carry its changes
        answer = _ANSWER_AT.search(item.text)
        start = answer.end() if answer is not None else 0
        if item.answer is not None and item.kind == "question":
            start = max(start, item.answer)  # what a question asks changes nothing; its answer may
        text = item.text[start:]
        quoted = _quoted_spans(text)
        action = read_action(text, vocabularies, mask=quoted)
        if action.action is None:
            # a word of change no verb of the pack reads ("is issued complete", "in place of",
            # "shall be taken as"): what it does is for a person; nothing it names goes unsaid
            word = _CHANGE_WORD.search(_read_text(text, quoted))
            if word is not None:
                action = Action("amend", word.group(0), word.span(),
                                ambiguous=f'"{word.group(0)}" is a change word no verb of the pack reads')
        if not action.changes:
            continue
        written = find_references(text, corpus, mask=quoted, notations=notations, titles=False)
        found = _distinct([(r.target, r) for r in written
                           if r.target is not None and r.by_number and not r.cited and not r.bound])
        if not found and action.span is not None:
            # the place named as the subject of the verb, though in words that usually cite ("The
            # work shown on Drawing M-301, Detail 1, is hereby revised to ..."): what changes
            found = _distinct([(r.target, r) for r in written
                               if r.target is not None and r.by_number and r.cited and not r.bound
                               and r.span[1] <= action.span[0] and _SENTENCE.search(text, r.span[1], action.span[0])
                               is None])
        if any(_division(r) in skip for _, r in found):
            continue
        if not found:
            _unplaced(reading, item, text, quoted, action, written, corpus, skip, rule, file, line_of)
            continue
        if action.ambiguous is not None:
            for target, reference in found:
                _propose(reading, item, target, action, reference.written, rule, file, line_of,
                         f"{action.ambiguous}: a change for a person to confirm")
            continue
        if (len(found) == 1 and found[0][0].path is None and action.action == "replace"
                and _ENTIRETY.search(_read_text(text, quoted))
                and found[0][1].resolved_by in ("sheet", "sheet-revised", "number")):
            # "Drawing C-101 - Revised and attached Replace in entirety": one document, named exactly,
            # replaced whole in the item's own words
            _apply(reading, document, item, found[0][0], action, rule, file, line_of)
            continue
        for target, reference in found:
            _propose(reading, item, target, action, reference.written, rule, file, line_of,
                     "a change verb and a target named exactly, in words no rule of the pack places: for a person "
                     "to confirm")
    _unsaid_lines(reading, document, items, by_key, vocabularies, corpus, notations, skip, rule, file, line_of)
    if drop:
        reading.applied = [e for e in reading.applied if (e.by.format(), e.target.format()) not in drop]
        reading.edges = [e for e in reading.edges
                         if e.by is None or (e.by.format(), e.target.format()) not in drop]
    reading.applied.sort(key=lambda e: (e.by.format(), e.target.format()))
    reading.edges.sort(key=lambda e: (e.by.format() if e.by else "", e.target.format()))


#: Words of change owners write besides the pack's verbs (the net of the nothing-silent check
#: only: an item holding one and naming a target is proposed, never applied).
_CHANGE_WORD = re.compile(
    r"(?<!\bnot\s)(?<!\bno\s)\b(?:chang(?:ed|es)|revis(?:ed|ions?)|amend(?:ed|ments?)|modif(?:ied|ications?)|"
    r"correct(?:ed|ions?)|replac(?:ed|es|ements?)|substitut(?:ed|es|ions?)|delet(?:ed|ions?)|remov(?:ed|al)|"
    r"added|additions?|inserted|supersed(?:ed|es)|re-?issued|issued\s+complete|increased|decreased|reduced|"
    r"in\s+lieu\s+of|in\s+place\s+of|instead\s+of|now\s+reads?|taken\s+as)\b", re.IGNORECASE)
#: A division named whole ("The enclosed Division 23 - HVAC replaces ..."): each of its sections.
_DIVISION_NAMED = re.compile(r"\bDivision\s+(\d{1,2})(?![\d.])", re.IGNORECASE)
#: A page code: the letters a document's pages carry, then the page ("GP-7", "SP-12A").
_PAGE_CODE = re.compile(r"\b([A-Z]{1,4})-(\d{1,3}[A-Z]?)\b")
#: A clause number written first in a row or after its page ("7.12 Protection of Property: ...").
_CLAUSE_NUMBER = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){1,3}(?:\.[A-Z])?)(?![\d.])")
#: A section, sheet, clause or page of the project written with the word that names it
#: ("Section 26 05 19", "Drawing No. E-9", "clause 4.2", "page SP-3").
_PROJECT_NUMBER = re.compile(
    r"\b(?:sections?|spec(?:ification)?s?|sheets?|drawings?|dwgs?|(?:sub)?paragraphs?|paras?|articles?|clauses?|"
    r"subsections?|notes?|keynotes?|details?|pages?)\.?\s+(?:no\.?\s*|#\s*)?"
    r"(?:\d{2}\s?\d{2}\s?\d{2}\b|[A-Z]{1,3}-?\d{1,4}[A-Z]?\b|\d{1,3}(?:\.[0-9A-Z]{1,3})+\b|\d{1,3}\b)",
    re.IGNORECASE)
_SMALL_WORDS = {"of", "for", "and", "the", "to", "in", "on", "a", "an", "&"}


def _page_document(code: str, corpus: Corpus) -> str | None:
    """The one document whose pages carry the letters of ``code`` ("GP" of "GP-7"): its id less
    its kind's prefix is those letters, or its title's first words have them as initials
    ("General Provisions for Harbour Works"); None when none or several do."""
    letters = code.upper()
    fits = set()
    for doc, title in corpus.directory.titles_of(corpus.target_kinds).items():
        if re.sub(r"^(?:SPEC|DWG|DOC)-", "", doc).upper() == letters:
            fits.add(doc)
            continue
        words = [w for w in re.findall(r"[A-Za-z]+", title) if w.lower() not in _SMALL_WORDS]
        if 2 <= len(letters) <= len(words) and "".join(w[0] for w in words[:len(letters)]).upper() == letters:
            fits.add(doc)
    return next(iter(fits)) if len(fits) == 1 else None


def _unplaced(reading: Reading, item: Item, text: str, quoted: Sequence[tuple[int, int]], action: Action,
              written: Sequence[Reference], corpus: Corpus, skip: Mapping[str, str], rule: str, file: str,
              line_of: Callable[[int], int | None]) -> None:
    """Nothing silent, for an item with a change verb whose words name no target exactly: what
    it names in other ways an owner uses is proposed (a whole division: each of its sections; a
    page by its code: the clause it gives, in the document whose pages carry that code); an item
    naming anything else a project numbers (a section, a sheet, a clause) is reported."""
    read = _read_text(text, quoted)
    if any(_division(r) in skip for r in written if r.kind in ("section", "paragraph")) or any(
            m.group(1) in skip for m in re.finditer(r"\b(\d{2})\s?\d{2}\s?\d{2}\b", read)):
        return  # Division 00 and the like: the skip list decides
    doubt = f"; {action.ambiguous}" if action.ambiguous else ""
    division = _DIVISION_NAMED.search(read)
    if division is not None:
        # "The enclosed Division 23 ... replaces, in its entirety, ...": every section of the division
        number = division.group(1).zfill(2)
        if number in skip:
            return
        docs = sorted({doc for key, entries in corpus.directory.by_number.items() if key[:2] == number
                       for doc, kind in entries if kind in corpus.target_kinds})
        if docs:
            for doc in docs:
                _propose(reading, item, Locator(doc=doc), action, division.group(0), rule, file, line_of,
                         f"names {division.group(0)} whole: each of its sections is proposed{doubt}, for a person "
                         "to confirm")
            return
    pages = [cell for header, cell in item.cells if re.search(r"\bpages?\b", header, re.IGNORECASE)]
    for m in [m for cell in pages for m in [_PAGE_CODE.fullmatch(cell.strip())] if m is not None] or [
            m for m in _PAGE_CODE.finditer(read) if re.search(r"\bpages?\s+$", read[max(0, m.start() - 8):m.start()],
                                                              re.IGNORECASE)]:
        # "| GP-7 | 7.12 Protection of Property: add ... |": a page of the document whose pages carry "GP"
        doc = _page_document(m.group(1), corpus)
        if doc is None:
            continue
        held = re.search(r"(\d{2})\s?\d{2}\s?\d{2}", doc)
        if held is not None and held.group(1) in skip:
            return  # "BF-2", a page of the Bid Form (Division 00): the skip list decides
        clause = _CLAUSE_NUMBER.search(read)
        paths = place_path(corpus, doc, clause.group(1))[0] if clause is not None else []
        target = Locator(doc=doc, path=paths[0]) if len(paths) == 1 else Locator(doc=doc)
        _propose(reading, item, target, action, m.group(0), rule, file, line_of,
                 f"names page {m.group(0)} of {doc} (its pages carry {m.group(1)})"
                 + (f" and clause {clause.group(1)}" if target.path else "") + f"{doubt}: for a person to confirm")
        return
    if _preamble(item):
        return  # the addendum's own preamble tells what it holds ("... and Sheet A-602, revised"), it instructs nothing
    unread = [r for r in written if r.target is None and r.why and "first issued on or after" not in r.why]
    numbered = _PROJECT_NUMBER.search(read)
    coded = next((cell.strip() for cell in pages if _PAGE_CODE.fullmatch(cell.strip())), None)
    if unread or numbered or coded:
        why = (unread[0].why if unread else f'names "{" ".join(numbered.group(0).split())}"' if numbered
               else f"names page {coded}, whose letters no document of the project carries")
        reading.not_understood.append(_missed(item, rule, file, line_of,
                                              f"{why}, next to a change verb ({action.words}); no target placed"))


def _unsaid_lines(reading: Reading, document: Document, items: Sequence[Item], by_key: Mapping[str, Item],
                  vocabularies: list, corpus: Corpus, notations: Mapping[str, Sequence[re.Pattern[str]]],
                  skip: Mapping[str, str], rule: str, file: str, line_of: Callable[[int], int | None]) -> None:
    """Nothing silent, whatever the itemizer made of the page: each line of an item not reported
    that names outside quotation marks a section, sheet or provision the project holds beside a
    word of change, in a document none of the item's edges or proposals names, is reported at its
    own line.
    Owners' clauses run together in ways no itemizer foresees (an ordinal clause after a quotation
    left open, a caption the item took in); the line, not the item, is what may go unsaid."""
    reported = ({n.item.path for n in reading.not_understood}
                | {e.by.path for e in document.supersedes if e.by is not None and e.by.doc == document.id})
    placed: dict[str, set[str]] = {}  # an item's path: the documents its edges and proposals name
    for by, target in ([(e.by.path, e.target.doc) for e in reading.applied]
                       + [(p.item.path, p.target.doc) for p in reading.proposed]):
        placed.setdefault(by, set()).add(target)
    heads = set()  # a heading or lead-in over an item said: the items under it carry its changes
    for path in set(placed) | reported:
        parent = by_key[path].parent if path in by_key else None
        while parent is not None and parent not in heads:
            heads.add(parent)
            parent = by_key[parent].parent if parent in by_key else None
    for index, item in enumerate(items):
        after = items[index + 1].path if index + 1 < len(items) else None
        if (item.path in reported or item.path in heads or item.kind == "heading" or _preamble(item) or item.cells
                or (_LEAD_IN.search(item.text) and (after in placed or after in reported or after in heads))):
            continue  # (a table row is read whole, its cells together)
        answer = _ANSWER_AT.search(item.text)
        offset = answer.end() if answer is not None else 0
        if item.answer is not None and item.kind == "question":
            offset = max(offset, item.answer)  # what a question asks changes nothing; its answer may
        for line in item.text[offset:].split("\n"):
            start, offset = offset, offset + len(line) + 1
            quoted = _quoted_spans(line)
            action = read_action(line, vocabularies, mask=quoted)
            if action.action == "no_change":
                break  # the item says nothing changes; the rest explains
            if not action.changes and _CHANGE_WORD.search(_read_text(line, quoted)) is None:
                continue
            found = [r for r in find_references(line, corpus, mask=quoted, notations=notations, titles=False)
                     if r.target is not None and r.by_number and not r.cited]
            if (not found or any(_division(r) in skip for r in found)
                    or {r.target.doc for r in found if r.target is not None} & placed.get(item.path, set())):
                continue  # (a line naming a document the item's own edges or proposals name is said)
            named = ", ".join(dict.fromkeys(r.written for r in found))
            reading.not_understood.append(NotUnderstoodItem(
                item=item.locator, file=file, line=line_of(item.offset + start), rule=rule,
                words=_words(line.strip()),
                reason=f"names {named} beside a word of change, in a line no reading placed"))


def _swap(reading: Reading, edge: DerivedEdge, scope: str, successor: bool) -> None:
    key = (edge.by.format(), edge.target.format())
    reading.applied = [e.model_copy(update={"scope": scope, "successor": successor})
                       if (e.by.format(), e.target.format()) == key else e for e in reading.applied]
    reading.edges = [e.model_copy(update={"scope": scope, "successor": successor})
                     if e.by is not None and (e.by.format(), e.target.format()) == key else e for e in reading.edges]


# Structural guards (issue 21). Each round of tuning fixed the forms it had seen and the next
# unseen part still came out near 79 % precise: the wrong edges were the right document with the
# wrong scope, or the coarser provision where the words named a finer one. The guards below look
# at every applied edge, whatever rule or wording produced it, and keep it applied only where the
# item's own words settle both its target and its scope; where they do not, the edge becomes a
# proposal with the doubt said (a proposal is cheap, a wrong applied edge silently changes what
# is in force). Where the item's own words settle it the other way, they are followed.

#: A lettered paragraph named by its letter, with the letters run on after it ("delete
#: paragraphs A and B", "subparagraph C", "Sub-section 2.2, Paragraph A").
_LETTER_NAMED = re.compile(r"(?i:\b(?:sub-?)?(?:paragraphs?|paras?\.?|subsections?|sub-sections?))\s+\(?([A-Z])\)?"
                           r"(?!\w|\.\w)((?:\s*(?:,|and|&|or)\s*\(?[A-Z]\)?(?!\w|\.\w))*)")
#: A note, keynote or detail of a sheet named by its number ("Note 2", "General Note 4", "Detail 3").
_CALLOUT_NAMED = re.compile(r"(?i:\b(?:general\s+|sheet\s+|plan\s+)?(key\s*notes?|notes?|details?)\s+(?:no\.?\s*|#\s*)?)"
                            r"(\d{1,3})(?![\w.-])")
#: The item's own words saying the whole document goes or is issued anew ("(entire section
#: reprinted)", "in its entirety", "the complete sheet", "issued complete").
_OWN_WHOLE = re.compile(r"\b(?:entire|whole|complete)\s+(?:specification\s+)?(?:sections?|sheets?|drawings?|documents?|"
                        r"specifications?)\b|\bin\s+(?:its|their)\s+entirety\b|\bissued\s+(?:complete|in\s+full)\b",
                        re.IGNORECASE)
#: Words saying a new whole takes the old one's place (reprinted, reissued, attached ...).
_ANEW = re.compile(r"\b(?:re-?printed|re-?issued|issued|attached|enclosed|herewith|replaced|superseded|substituted)\b",
                   re.IGNORECASE)
#: Words saying the document itself is printed anew (strong: not "attached", which a sketch is too).
_REPRINTED = re.compile(r"\b(?:re-?printed|re-?issued|superseded\s+by)\b", re.IGNORECASE)
#: An article or paragraph of the document named by its number, with its word ("Article 3.4",
#: "paragraph 2.1.B", "Part 3.1"): a provision inside a whole-document target.
_NUMBERED_INSIDE = re.compile(r"(?i:\b(?:articles?|(?:sub-?)?paragraphs?|paras?\.?|clauses?|sub-?sections?|parts?|items?)"
                              r"\s+)(\d{1,2}\.\d{1,3}(?:\.[A-Z])?)(?![\d.]|\.\w)")
#: Old words and new, both quoted ('"24 inches" is revised to "30 inches"', 'change "A" to "B"',
#: 'replace "A" with "B"'): a substitution of words, a change in part of what holds them.
_SWAPPED = re.compile(r"[\"“][^\"”\n]{1,120}[\"”]\s*,?\s*(?:(?:is|are|shall\s+be|to\s+be)\s+)?(?:hereby\s+)?"
                      r"(?:(?:revised|changed|corrected|amended|replaced|substituted)\s+)?(?:to|with|by|for)\s+[\"“]",
                      re.IGNORECASE)
#: Pages named by number: a change to those pages of the document, not to the whole of it.
_OWN_PAGES = re.compile(r"\bpages?\s+(?:nos?\.?\s*)?\d", re.IGNORECASE)
#: The object of a deleting verb that is something within a provision, not the provision itself
#: ("delete the treater's label requirement", "remove the words ...", "delete the reference to").
_WITHIN_OBJECT = re.compile(
    r"[\s:,\-–]*(?:the\s+|all\s+|any\s+|each\s+)?(?:(?!(?:paragraphs?|articles?|sections?|sub-?sections?|sheets?|"
    r"clauses?|subparagraphs?|notes?|keynotes?|details?|items?|drawings?|in|from|of|and|on|at)\b)[\w'’/-]+\s+){0,5}?"
    r"(?P<noun>requirements?|words?|sentences?|phrases?|references?|text|language|lines?|mentions?|statements?|"
    r"dimensions?|values?)\b", re.IGNORECASE)
#: Of those objects, the ones that are plainly a part of the wording (never the whole provision).
_WORDING = re.compile(r"words?|sentences?|phrases?|references?|text|language|lines?|mentions?|statements?|"
                      r"dimensions?|values?", re.IGNORECASE)
#: After a verb: what says the words that follow are the provision written anew ("change to
#: read", "should be read as:", "change Paragraph A as follows:"), the verb's object between.
_RESTATES_AFTER = re.compile(r"(?P<gap>[^\"“”.;\n]{0,40}?)(?P<phrase>\b(?:(?:is\s+|are\s+)?to|shall|should|will|must|now)"
                             r"\s+(?:be\s+)?read(?:s)?(?:\s+as)?\b|\bas\s+follows\b|\b(?:with|by)\s+the\s+following\b)",
                             re.IGNORECASE)
#: A verb that is itself the reading phrase ("Sub-section 1.6 A, should be read as:").
_READ_VERB = re.compile(r"\bread(?:s)?(?:\s+as)?$|\bto\s+read$", re.IGNORECASE)
#: A replace or change verb that says nothing of how when nothing follows it.
#: (an imperative: "Detail 5 (revised)" marks a line of a list, "is revised." is read where it is read)
_BARE_VERB = re.compile(r"replace|revise|change|modify|amend|correct|update|substitute", re.IGNORECASE)
#: A change verb, the provision it takes, and the reading phrase, as one pattern's words ("Revise
#: Note 1 on Sheet A-101 to read as follows").
_REVISE_NAMED_TO_READ = re.compile(r"(?:revise|amend|change|modify)\s+(?P<object>[^.;:]{1,60}?)\s+to\s+read"
                                   r"(?:\s+as\s+follows)?", re.IGNORECASE)
#: A change verb carrying its reading phrase ("is revised to read:", "has been amended to read",
#: "Revise to read"): owners' commonest way of restating a provision whole, the new text after it.
_CHANGED_TO_READ = re.compile(r"\b(?:revise[ds]?|amend(?:ed|s)?|change[ds]?|modif(?:y|ies|ied)|update[ds]?|"
                              r"correct(?:ed|s)?|rewrit(?:e|ten))\s+to\s+read$", re.IGNORECASE)
#: Just before such a verb: the provision's own label as its subject ("3.1.A is", "Keynote 2 has
#: been") or nothing (an imperative opening its sentence: "B: Revise to read"); never another
#: subject ("the sealant requirement is revised to read": part of it).
_LABEL_SUBJECT = re.compile(r"(?:\d|\b[A-Z]|\))[\s,:]*(?i:(?:is|are|has\s+been|have\s+been|shall\s+be|to\s+be)\s+)?"
                            r"(?i:hereby\s+)?$|(?:^|[:.;])\s*$")
#: New text numbered with the document's own numbering ("1.2.C Alternate ...", "3.1.A Anchor ...",
#: "2.3 LITTER RECEPTACLES"): the provision the text is.
_NEW_LABEL = re.compile(r"[\s\"“*_]*(\d{1,2}\.\d{1,3}(?:\.[A-Z]|\.\d{1,3})?)(?=[\s.:)]|$)")
#: What may stand before new text after an adding verb ("the following new paragraph:", "as follows:").
_FOLLOWING_LEAD = re.compile(r"[\s:,]*(?:(?:the\s+)?following\b[^:\n]{0,60}|as\s+follows)\s*:", re.IGNORECASE)
_READ_BEFORE = re.compile(r"(?:\d|\b[A-Z]|\))[\s,:]*\b(?:(?:is\s+|are\s+)?to|shall|should|will|must|may|can)\s+be\s*$|"
                          # "clause 2.2, point A to read as below:": the provision's label, then "to read"
                          r"(?:\d|\b[A-Z]|\))[\s,:]*\bto\s*$")
#: What may stand between a verb and its reading phrase when the provision itself is the object:
#: nothing, the provision's own name, or a word for its whole wording ("Revise verbiage to read").
_OWN_OBJECT = re.compile(r"[\s,:]*(?:(?:the\s+|this\s+|that\s+)?(?:(?:(?:sub-?)?paragraphs?|articles?|sub-?sections?|"
                         r"clauses?|(?:key\s*)?notes?|details?|callouts?|items?)(?:\s+(?:no\.?\s*)?[\w.()]{1,8})?|"
                         r"verbiage|wording|it|same)[\s,:]*)?", re.IGNORECASE)
#: Before a lettered paragraph: a place beside it, not the paragraph changed ("after paragraph C").
_BESIDE = re.compile(r"\b(?:after|before|following|preceding|between|ahead\s+of)\s+(?:the\s+)?(?:existing\s+)?$",
                     re.IGNORECASE)
#: A sheet named as the place a change is on ("on Sheet G-001", "Sheet G-001:" opening the item).
_SHEET_AT = re.compile(r"(?i:\b(?:on|in|of)\s+(?:the\s+)?(?:plan\s+|contract\s+)?(?:sheets?|drawings?|dwg\.?)\s+"
                       r"(?:no\.?\s*)?)([A-Z]{1,3}-?\d[\w.]*\d|[A-Z]{1,3}-?\d)")
#: A sheet named as what the change lists or adds ("revised to list Sheet C-105", "add Sheet A-105").
_SHEET_LISTED = re.compile(r"(?i:\b(?:to\s+(?:list|include|show|add)|add(?:s|ing)?|list(?:s|ing)?|includ(?:e|es|ing))\s+"
                           r"(?:the\s+)?(?:new\s+)?(?:plan\s+)?(?:sheets?|drawings?)\s+(?:no\.?\s*)?)"
                           r"([A-Z]{1,3}-?\d[\w.]*\d|[A-Z]{1,3}-?\d)")


def _verb_at(read: str, words: str) -> tuple[int, int] | None:
    """Where the edge's verb words stand in the item's read text (first piece to last)."""
    pieces = [p.strip() for p in words.split(" … ") if p.strip()]
    if not pieces:
        return None
    first = re.search(rf"(?<!\w){re.escape(pieces[0])}(?!\w)", read)
    if first is None:
        return None
    last = re.compile(rf"(?<!\w){re.escape(pieces[-1])}(?!\w)").search(read, first.start())
    return (first.start(), (last or first).end())


def _sheet_number(doc: str) -> str:
    return re.sub(r"^(?:DWG|SHEET|SHT)-", "", doc.upper()).replace("-", "")


def _guard(edge: DerivedEdge, item: Item, items: Sequence[Item], siblings: Sequence[DerivedEdge],
           corpus: Corpus, no_change: Sequence[re.Pattern[str]]) -> tuple[str, list[tuple[Locator, str, bool]], str] | None:
    """The one guard an applied edge fails, as (what to do, the edges it becomes, why): "apply"
    (the item's own words settle another scope), "retarget" (they settle a finer target), "propose"
    or "drop" (not a target at all)."""
    quoted = _quoted_spans(item.text)
    read = _read_text(item.text, quoted)
    target = edge.target
    verb = _verb_at(read, edge.words)
    # (0) an item saying of itself that it changes nothing (the pack's no_change phrases) applies
    # nothing, whatever verb it holds
    if (same := said_unchanged(read, no_change, changing=True)) is not None:
        return ("propose", [(target, edge.scope, edge.successor)],
                f'it says "{same.group(0)}" beside its change verb: whether it changes anything is for a person '
                "to confirm")
    # (1) a finer target named and left unread: "paragraph 3.1, A, replace ...", "delete paragraphs
    # A and B", "Subsection 2.2, change Paragraph A": the change is to the lettered paragraph inside
    # the article, never to the article; a note or detail the sheet holds, never the whole sheet
    if target.path is not None and re.fullmatch(r"\d{1,3}(?:\.\d{1,3})+", target.path):
        # (an insertion names the new paragraph after its verb, and a place beside one: not read)
        upto = verb[0] if verb is not None and re.search(r"\b(?:add|insert|append)", edge.words, re.I) else len(read)
        letters = []
        for m in _LETTER_NAMED.finditer(read, 0, upto):
            if not _BESIDE.search(read, max(0, m.start() - 30), m.start()):
                letters += [m.group(1), *re.findall(r"[A-Z]", m.group(2))]
        glued = re.compile(rf"(?<![\w.]){re.escape(target.path)}(?:\s*[.,]\s*|\s+)?\(?([A-Z])\)?(?![\w])(?!\s+[a-z])")
        letters += [m.group(1) for m in glued.finditer(read, 0, upto)]
        finer = [Locator(doc=target.doc, path=f"{target.path}.{letter}") for letter in dict.fromkeys(letters)]
        held = [f for f in finer if corpus.exists(f)]
        if held:
            return ("propose", [(f, edge.scope, edge.successor) for f in held],
                    f"names {', '.join(f.path or '' for f in held)} inside {target.format()}, which no reference "
                    "read: the change is to the paragraph, for a person to confirm")
        if finer and edge.scope == "full":
            return ("propose", [(target, "partial", True)],
                    f"names a lettered paragraph inside {target.format()} that the outline does not hold: the "
                    "whole of the article going is not what its words say")
    if target.path is None and edge.scope == "partial" and re.search(r"\b(?:add|insert|append)", edge.words, re.I):
        # new text numbered in the document's own numbering says where it goes: "Add:" over
        # "1.2.C Alternate ..." is a paragraph joining article 1.2 (the article changes, not the
        # section at large); "2.3 TITLE" an article joining the section (the section, as read).
        # A label the document already holds is a renumbering or a replacement: for a person.
        start = verb[1] if verb is not None else 0
        rest = item.text[start:] if item.text[start:].strip(" \t\n:,") else ""
        if not rest:
            index = next((i for i, s in enumerate(items) if s.path == item.path), None)
            rest = items[index + 1].text if index is not None and index + 1 < len(items) else ""
        lead = _FOLLOWING_LEAD.match(rest)
        label = _NEW_LABEL.match(rest, lead.end() if lead else 0)
        if label is None:
            label = _NEW_LABEL.match(rest.lstrip(" \t\n:,"))
        if label is not None and label.group(1).count(".") == 2:
            new = Locator(doc=target.doc, path=label.group(1))
            parent = Locator(doc=target.doc, path=label.group(1).rsplit(".", 1)[0])
            if corpus.exists(new):
                return ("propose", [(new, "partial", True)],
                        f"adds text numbered {new.path}, which {target.doc} already holds: whether it replaces it or "
                        "is added beside it is for a person to confirm")
            if corpus.exists(parent):
                return ("retarget", [(parent, "partial", True)], "")
    if target.path is None and edge.scope == "partial":
        # an article or paragraph of the document named by number, which no edge of the item holds
        inside = [Locator(doc=target.doc, path=m.group(1)) for m in _NUMBERED_INSIDE.finditer(read)]
        inside = [f for f in dict.fromkeys(inside) if corpus.exists(f)
                  and not any(e.target.doc == f.doc and e.target.path is not None for e in siblings)]
        if inside:
            return ("propose", [(f, "partial", True) for f in inside],
                    f"names {', '.join(f.path or '' for f in inside)} of {target.doc}, which no reference read: "
                    "the change may be to it, not to the whole, for a person to confirm")
        held = []
        for m in _CALLOUT_NAMED.finditer(read):
            kind = "keynote" if m.group(1).lower().startswith("key") else \
                "detail" if m.group(1).lower().startswith("detail") else "note"
            callout = Locator(doc=target.doc, path=f"{kind}-{int(m.group(2))}")
            if corpus.exists(callout) and callout not in held:
                held.append(callout)
        if held and len({e.target.doc for e in siblings}) == 1:
            return ("propose", [(c, "partial", True) for c in held],
                    f"names {', '.join(c.path or '' for c in held)} of {target.doc}, which no reference read: the "
                    "change is to it, not to the whole sheet, for a person to confirm")
    # (2) the item's own scope words against the lead-in's or the verb's: "(entire section
    # reprinted)" under "The sections below have changed:" is the whole section issued anew;
    # "(page 2 reprinted)" is a change to that page, whatever the lead-in says of the list
    if target.path is None:
        whole = _OWN_WHOLE.search(read)
        if whole is not None and "entirety" in whole.group(0).lower() and (
                _PAGE_ENTIRETY.match(read, whole.end()) or _PAGE_BEFORE_ENTIRETY.search(read[:whole.start()])):
            whole = None  # "replace in its entirety page 3 with the attached page": the page's entirety
        kind = corpus.directory.titles.get(target.doc, ("", ""))[0]
        noun = re.search(r"sheet|drawing|section|specification", whole.group(0), re.IGNORECASE) if whole else None
        if noun is not None and kind and (kind == "drawing") != (noun.group(0).lower() in ("sheet", "drawing")):
            whole = None  # "the entire section" said in an item on a sheet: of another document
        if edge.scope == "partial" and whole is not None:
            if _ANEW.search(read) and not re.search(r"\b(?:delete|remove|omit|withdraw)", read, re.IGNORECASE):
                return ("apply", [(target, "full", True)], "")
            return ("propose", [(target, "full", edge.successor)],
                    f'its own words say "{whole.group(0)}" but the change was read in part: for a person to confirm')
        if edge.scope == "partial" and (anew := _REPRINTED.search(read)) is not None \
                and not _OWN_PAGES.search(read):
            return ("propose", [(target, "full", True)],
                    f'its own words say the document is "{anew.group(0)}", but the change was read in part: '
                    "for a person to confirm")
        if edge.scope == "full" and whole is None and (pages := _OWN_PAGES.search(read)) is not None:
            if _REISSUED.search(item.heading_context.strip().rsplit("\n", 1)[-1]):
                # "SPECIFICATIONS REISSUED:" over "Section ... (pages ...-1 through ...-3)": the heading
                # says whole, the pages may be all of it or some: the whole is the likelier reading
                return ("propose", [(target, "full", edge.successor)],
                        f'its heading says the document is reissued, but its own words name "{pages.group(0)}...": '
                        "whether all of it is issued anew is for a person to confirm")
            return ("propose", [(target, "partial", True)],
                    f'its own words name "{pages.group(0)}...": pages of it, not the whole, may be what changes')
    # (3) a deletion whose object is something within the target ("Remove the one-lift requirement",
    # "delete the words ...") changes the target in part; a full deletion needs the provision itself
    # as the verb's object (or no object: "Note 4: Delete.")
    # (a requirement of a paragraph the outline does not split is, by owners' use, the paragraph:
    # "Paragraph B: delete the requirement to paint ..."; "the text of the paragraph" is all of it)
    if edge.scope == "full" and verb is not None and not _OWN_WHOLE.search(read):
        within = _WITHIN_OBJECT.match(read, verb[1])
        if (within is not None and _SENTENCE.search(read, verb[1], within.end()) is None
                and not re.match(r"\s+of\s+(?:the|this|that|said)\s", read[within.end():])
                and (_WORDING.fullmatch(within.group("noun")) or not corpus.is_leaf(target))):
            return ("apply", [(target, "partial", True)], "")
    # (3b) old words and new, both quoted, change the words of the provision, never the whole of it
    if edge.scope == "full" and edge.successor and target.path is not None and not _OWN_WHOLE.search(read) \
            and (swap := _SWAPPED.search(item.text)) is not None \
            and not re.search(r"\bread(?:s)?\b", item.text[max(0, swap.start() - 40):swap.end()], re.IGNORECASE):
        return ("apply", [(target, "partial", True)], "")
    # (4) the place a change is on against documents named as what it lists or adds: "The drawing
    # index on Sheet G-001 is revised to list Sheet C-105" changes G-001; C-105 is its content
    if target.path is None and len(siblings) > 1:
        at = {_sheet_number(m.group(1)) for m in _SHEET_AT.finditer(read)}
        listed = {_sheet_number(m.group(1)) for m in _SHEET_LISTED.finditer(read)} - at
        number = _sheet_number(target.doc)
        if number in listed and any(_sheet_number(e.target.doc) in at for e in siblings):
            return ("drop", [], "")
    # (4b) a verb with nothing after it: "Paragraph 2.1.B: Replace.", "Note 3: Revise." - neither what
    # replaces it nor what of it changes is said, so the scope is a guess ("Delete." alone is settled:
    # the provision goes whole; a verb with a colon brings the new words below it)
    if target.path is not None and verb is not None:
        last = edge.words.split(" … ")[-1].split()[-1] if edge.words.split() else ""
        if (_BARE_VERB.fullmatch(last) and re.fullmatch(r"[\s.;!*_]*", item.text[verb[1]:].split("\n\n")[0])
                and not _verb_at(read[verb[1]:], edge.words)):
            return ("propose", [(target, edge.scope, edge.successor)],
                    f'says only "{last}" of {target.format()}: what replaces it, or what of it changes, is for a '
                    "person to confirm")
    # (5) a change in part whose words restate the provision whole: "Note 2: Change to read
    # "...""; "should be read as:" then the new paragraph; "change Paragraph A as follows:" then
    # "A. ..." - the new text is the provision, not a few words of it. A reading phrase settles it;
    # "as follows" settles it only when the new text opens with the target's own label
    # (the verb may be a heading's or lead-in's, "Revise:" over "Note 1 to read "..."": the item's
    # own words then open with the provision's name and the reading phrase)
    if edge.scope == "partial" and target.path is not None \
            and not re.search(r"\b(?:add|insert|append)", edge.words, re.IGNORECASE) \
            and not _ORDINAL_PART.search(read):
        phrase = None
        if verb is None:
            if (after := _RESTATES_AFTER.match(read, 0)) is not None and after.group("gap").strip() \
                    and _OWN_OBJECT.fullmatch(after.group("gap")):
                phrase, end = after.group("phrase").lower(), after.end()
        elif _READ_VERB.search(edge.words) and (_READ_BEFORE.search(read, max(0, verb[0] - 20), verb[0])
                                              or ((changed := _CHANGED_TO_READ.search(read, verb[0], verb[1]))
                                                  and _LABEL_SUBJECT.search(read, max(0, changed.start() - 30),
                                                                            changed.start()))) \
                and not any(s < verb[0] and verb[0] - e < 60 for s, e in quoted):
            phrase, end = "read", verb[1]
        elif ((named := _REVISE_NAMED_TO_READ.fullmatch(" ".join(edge.words.split()))) is not None
              and not _PART_WORDS.search(named.group("object")) and not re.search(r"[\"“‘]", named.group("object"))):
            # "Revise Note 1 on Sheet A-101 to read as follows:" (a pattern read "as follows" alone, in
            # part): the verb's object is the provision, named whole, and the reading phrase restates it
            phrase, end = "read", verb[1]
        elif (after := _RESTATES_AFTER.match(read, verb[1])) is not None and _OWN_OBJECT.fullmatch(after.group("gap")):
            phrase, end = after.group("phrase").lower(), after.end()
        if phrase is not None:
            rest = item.text[end:].lstrip(" \t:,")
            rest = re.sub(r"^(?:as\s+)?(?:below|follows)\s*:\s*", "", rest, flags=re.IGNORECASE)  # ("to read as below:")
            if not rest.strip():
                index = next((i for i, s in enumerate(items) if s.path == item.path), None)
                rest = items[index + 1].text if index is not None and index + 1 < len(items) else ""
            # ("revise as follows:" with text run on after it is read in part, as _read_one reads it;
            # a few words "to read" - 'revise to read "5,000 psi"' - may be the value alone: proposed)
            if _opens_with_own_label(rest, target):
                return ("apply", [(target, "full", True)], "")
            if "follow" not in phrase:  # ("with the following:" restates only what opens with its label)
                new = rest.split("\n\n")[0].split()
                if len(new) > 5 or (len(new) > 3 and not re.search(r"\d", " ".join(new))):
                    return ("apply", [(target, "full", True)], "")
                return ("propose", [(target, "full", True)],
                        f'"{" ".join(read[verb[0]:end].split())}" gives only a few words: whether they restate all '
                        f"of {target.format()} or change a value in it is for a person to confirm")
    return None


def _guards(reading: Reading, items: Sequence[Item], corpus: Corpus, document: Document, file: str,
            line_of: Callable[[int], int | None], vocabularies: Sequence[Any]) -> None:
    """Every applied edge through the structural guards above (after every other reading)."""
    by_key = {item.path: item for item in items}
    no_change = [pattern for vocab in vocabularies for pattern in vocab.no_change]
    drop: set[tuple[str, str]] = set()
    for edge in list(reading.applied):
        item = by_key.get(edge.by.path)
        if item is None:
            continue
        siblings = [e for e in reading.applied if e.by.path == edge.by.path]
        found = _guard(edge, item, items, siblings, corpus, no_change)
        if found is None:
            continue
        what, becomes, why = found
        if what == "apply":
            _swap(reading, edge, becomes[0][1], becomes[0][2])
            continue
        if what == "retarget" and not any(e.target == becomes[0][0] for e in siblings):
            key, update = (edge.by.format(), edge.target.format()), {"target": becomes[0][0], "scope": becomes[0][1],
                                                                     "successor": becomes[0][2]}
            reading.applied = [e.model_copy(update=update) if (e.by.format(), e.target.format()) == key else e
                               for e in reading.applied]
            reading.edges = [e.model_copy(update=update)
                             if e.by is not None and (e.by.format(), e.target.format()) == key else e
                             for e in reading.edges]
            continue
        drop.add((edge.by.format(), edge.target.format()))
        for target, scope, successor in becomes if what == "propose" else []:
            name = ("replace" if successor else "delete") if scope == "full" else "amend"
            _propose(reading, item, target, Action(name, edge.words, ambiguous=why), target.format(), edge.rule,
                     file, line_of, why)
    if drop:
        reading.applied = [e for e in reading.applied if (e.by.format(), e.target.format()) not in drop]
        reading.edges = [e for e in reading.edges
                         if e.by is None or (e.by.format(), e.target.format()) not in drop]
