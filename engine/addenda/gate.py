"""The gate before an edge is applied (issue 21): scope and successor as the item's own words
state them, whatever read the edge; an item labelled a clarification proposes; the guards that
take back an edge the words do not settle, proposing it instead."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from inforce.ontology import DerivedEdge, Document, Locator, ProposedEdge
from inforce.rules.patterns import whole_words

from ..derivation import _NO_CHANGE, HELD_BACK, _quoted_spans
from .actions import (
    _NOTHING,
    Action,
    clause_joined,
    provision_named,
    quotations_closing,
    read_action,
    said_unchanged,
    worded,
    words_of,
)
from .context import (
    _CLARIFICATION,
    _IN_ATTACHMENT_LIST,
    _SENTENCE,
    _added_in_table,
    _asked,
    _figure_in_table,
    _own_subject,
    _phrase_in_table,
    _positions,
    _read_text,
    kept_sentences,
    procurement_ids,
)
from .extent import (
    _CLAUSE_END,
    _PART_WORDS,
    _TITLE_FILLER,
    _distinct,
    _opens_with_own_label,
    _whole_successor,
    given_whole,
    place_before_object,
)
from .forms import (
    _OF_TITLE,
    _describes_only,
    _former_then_new,
    _labelled_old_then_new,
    _labelled_within,
    names_new_clause,
)
from .frame import outside_frame
from .items import Item
from .net import (
    _BESIDE_WHY,
    _DOCUMENT_WORD,
    _antecedent,
    _clause_beside,
    _held_clauses,
    _named_action,
    _quoted_label,
    _quoted_names,
    _titled_clauses,
)
from .outcome import Reading, _apply, _drop_item, _propose, _swap
from .placing import _division
from .references import LINKING_WORDS, SECOND_INSTRUCTION, Corpus, find_references, place_path
from .silent import (
    _ANSWER_AT,
    _CHANGE_WORD,
    _LEAD_IN,
    _entitled_parts,
    _new_text_unsaid,
    _rest_or_withdrawn,
    _titled_reported,
    _unnumbered_part,
    _unplaced,
    _unsaid_lines,
)
from .wording import (
    _ATTACHED_LEAD,
    _ELLIPSIS_OPENS,
    _ORDINAL_PART,
    _REISSUED,
    _REVISE_WHERE_AS_FOLLOWS,
    _WHERE_RUN,
    _WHOLE_OF,
)

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

#: After a deleting verb, a clause putting something where the target was ("and put in its
#: place the attached ...", "and insert the enclosed ...", "and use the following"): owners join
#: the removal and what takes its place in one sentence, with any verb.
_PUT_IN_PLACE = re.compile(
    r"\b(?:in\s+(?:its|their)\s+place|in\s+place\s+(?:thereof|of\s+(?:it|them)))\b|"
    r"\b(?:and|then|;)\s+(?:\w+\s+){1,4}?(?:the\s+)?(?:attached|enclosed|accompanying|following\s*:)", re.IGNORECASE)


def _issue_for_issue(text: str, target: Locator, corpus: Corpus,
                     notations: Mapping[str, Sequence[re.Pattern[str]]]) -> bool:
    """Whether ``text`` quotes exactly two names, each the name of the whole document ``target``
    by its number and nothing else in it (the old issue's name, then the new issue's)."""
    quoted = [text[s:e].strip("\"“”' .") for s, e in _quoted_spans(text)]
    if len(quoted) != 2 or quoted[0] == quoted[1]:
        return False
    for words in quoted:
        found = [r for r in find_references(words, corpus, notations=notations, titles=False) if r.target is not None]
        if (not found or any(r.target.format() != target.format() or not r.by_number for r in found)
                or not _DOCUMENT_WORD.fullmatch(words[:found[0].span[0]])):
            return False
    return True


def _caption_only(before: str, vocabularies: list) -> bool:
    """Whether the words before an item's "Clarification:" label only caption it: its number and what
    it is about ("Item No. 3 Drawing A-501 - Detail #4 Clarification: ..."), no verb of the pack among
    them; the label then labels the item, however many words the caption takes (read only for an item
    with such a label in its first 60 characters)."""
    return len(before.split()) <= 12 and read_action(before, vocabularies).action is None


class _AppliedByItem:
    """A reading's applied edges by their item's path: grouped once, and again only when the
    applied list was replaced or grew (issue 23: gathering an item's edges by a scan of every
    applied edge, for each edge, was quadratic in the items of a long addendum)."""

    def __init__(self, reading: Reading) -> None:
        self._reading = reading
        self._held: tuple[list[DerivedEdge], int] | None = None
        self._groups: dict[str | None, list[DerivedEdge]] = {}

    def __call__(self, path: str | None) -> Sequence[DerivedEdge]:
        applied = self._reading.applied
        if self._held is None or self._held[0] is not applied or self._held[1] != len(applied):
            self._held, self._groups = (applied, len(applied)), {}
            for edge in applied:
                self._groups.setdefault(edge.by.path, []).append(edge)
        return self._groups.get(path, ())


def _certainty(reading: Reading, items: Sequence[Item], corpus: Corpus, vocabularies: list,
               notations: Mapping[str, Sequence[re.Pattern[str]]], skip: Mapping[str, str], document: Document,
               file: str, line_of: Callable[[int], int | None], rule: str) -> None:
    by_key = {item.path: item for item in items}
    siblings: dict[str | None, list[Item]] = {}
    place: dict[tuple[str | None, str], int] = {}  # (parent, path): the first index among its siblings
    for item in items:
        row = siblings.setdefault(item.parent, [])
        place.setdefault((item.parent, item.path), len(row))
        row.append(item)
    applied_by_item = _AppliedByItem(reading)
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
        if edge.scope == "full" and not edge.successor and (
                (verb := _verb_at(read_all := _read_text(text, _quoted_spans(text)), edge.words)) is not None
                and (put := _PUT_IN_PLACE.search(read_all, verb[1])) is not None
                # ("deleted, with nothing in its place": the deletion said twice)
                and not re.search(r"\b(?:nothing|no|none|without)\b(?:\s+\w+){0,2}\s*$", read_all[:put.start()],
                                  re.IGNORECASE)):
            # "remove this section ... and put in its place the attached Section": a second clause
            # bringing something where the deleted target was (a verb of another kind, or none of the
            # pack's, beside the deleting one): not a deletion with nothing after it; for a person
            drop.add((edge.by.format(), target.format()))
            _propose(reading, item, target, Action("replace", edge.words), target.format(), edge.rule, file,
                     line_of, f'deleted, but "{" ".join(put.group(0).split())}" brings something in its place: '
                     "whether it is replaced is for a person to confirm")
            continue
        if edge.scope == "full" and not edge.successor:
            # a delete followed by a substitute of the same target (in its next sibling) is a replacement
            row = siblings.get(item.parent, [])
            index = place.get((item.parent, item.path))
            after = row[index + 1] if index is not None and index + 1 < len(row) else None
            if after is not None and any(
                    e.target.format() == target.format() and e.successor for e in applied_by_item(after.path)):
                drop.add((edge.by.format(), target.format()))
                continue
            if (after is not None and _SUBSTITUTE.search(after.text) and re.search(r"\battached\b", after.text, re.I)
                  and not _own_subject(after, item, vocabularies)
                  and not applied_by_item(after.path)
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
        elif (edge.scope == "partial" and target.path is None and _ENTIRETY.search(_read_text(text, _quoted_spans(text)))
              and _issue_for_issue(text, target, corpus, notations)):
            # 'Replace "Section 23 05 93 - Title" in its entirety with "Section 23 05 93 - Title -
            # Addendum 2"': engineers' addenda list a document replaced by quoting its own name, the
            # old issue's and the new issue's; the two quotes name the one document the edge changes,
            # so "in its entirety" is the whole of it, issued again
            _swap(reading, edge, "full", True)
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
    clarification = worded(_CLARIFICATION, vocabularies, "clarifications")
    for item in items:
        labelled = clarification.search(item.text, 0, 60)  # after the item's own number at most: "Item 6 Clarification:"
        if (labelled is None or (len(item.text[:labelled.start()].split()) > 3 and not _caption_only(
                item.text[:labelled.start()], vocabularies))) and not (
                item.cells and any(clarification.match(cell) for _, cell in item.cells)):
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
            # (an item only reported as saying nothing changes is read again: a clause of it may change something)
            | {n.item.path for n in reading.not_understood if n.reason != _NO_CHANGE and not (n.reason or "").startswith(HELD_BACK)}
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
        unasked = [*quoted, *_asked(text, quoted)]  # (what a question asks instructs nothing)
        action = read_action(text, vocabularies, mask=unasked)
        while (start or item.kind in ("question", "answer")) and action.changes and _describes_only(text, action):
            # an answer telling what a document shows ("Sheet D-101 shows the slab removed"): no verb
            unasked = [*unasked, (action.span[0], action.span[0] + len(action.words.split(" … ")[0]))]  # type: ignore[index]
            action = read_action(text, vocabularies, mask=unasked)
        if action.action == "no_change" and (
                beside := _clause_beside(text, unasked, vocabularies, action.span)) is not None:
            # "No. Alternate No. 2 is withdrawn from the bid, and paragraph 1.2.B of Section ... is deleted": a
            # word saying something is taken back or unchanged, and another clause changing what it names;
            # the whole is not read as nothing, nor applied: that clause is for a person
            action, clause = beside
            unasked = [*unasked, (0, clause[0]), (clause[1], len(text))]
        if action.action is None:
            # a word of change no verb of the pack reads ("is issued complete", "in place of",
            # "shall be taken as"): what it does is for a person; nothing it names goes unsaid
            word = _CHANGE_WORD.search(_read_text(text, unasked))
            if word is not None:
                action = Action("amend", word.group(0), word.span(),
                                ambiguous=f'"{word.group(0)}" is a change word no verb of the pack reads')
        if not action.changes:
            continue
        if action.span is not None and _IN_ATTACHMENT_LIST.search(_read_text(text, unasked), 0, action.span[0]):
            # "This Addendum consists of 3 pages and the following attachments: FORM OF PROPOSAL (REVISED); ...":
            # the word marks an attachment the list names, the items below carry the changes; the list instructs nothing
            continue
        # (a procurement's number, "TENDER No. GIASC 202814", names no section: read as quoted words are)
        named_by_id = procurement_ids(text, vocabularies)
        written = find_references(text, corpus, mask=[*quoted, *unasked[len(quoted):], *named_by_id] if action.ambiguous and (
            action.ambiguous.startswith(_BESIDE_WHY)) else [*quoted, *named_by_id], notations=notations, titles=False)
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
            found = _quoted_names(text, quoted, corpus, notations) or _antecedent(
                item, items, text, unasked, corpus, notations) or _held_clauses(
                item, items, text, unasked, corpus, action, words_of(vocabularies, "insertions")) or _titled_clauses(
                text, unasked, corpus, action)
            if any(_division(r) in skip for _, r in found):
                continue
            if found:
                for target, reference in found:
                    # ("El ítem 4.2 se enmienda y debe decir: "4.2 ..."" in an answer naming no document: the item
                    # written whole after the verb's reading phrase, given anew; round 103)
                    _propose(reading, item, target, given_whole(_named_action(action, text, quoted, target), text, target,
                                                                vocabularies), reference.written,
                             rule, file, line_of, f"{reference.why}: for a person to confirm")
                continue
            if action.ambiguous != _BESIDE_WHY:  # (a clause beside "no change" that names nothing: the lines below read it)
                _unplaced(reading, item, text, sorted([*quoted, *named_by_id]), action, written, corpus, skip, rule, file,
                          line_of, items)
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
            # ("Réponse : Le point 1.2 est modifié comme suit : « 1.2 ... »": the provision written whole under its own
            # number after the verb's "as follows", given anew as "is amended to read:" gives it; round 103)
            _propose(reading, item, target, given_whole(action, text, target, vocabularies), reference.written, rule,
                     file, line_of,
                     "a change verb and a target named exactly, in words no rule of the pack places: for a person "
                     "to confirm")
    for place, pair, target, action in [*_former_then_new(items, corpus, notations, skip),
                                        *_labelled_old_then_new(items, corpus, notations, skip, vocabularies)]:
        # "The former text:" / the place / the old text / "Shall read as new text:" / the new text: one
        # change of the provision the place names, carried by the place's line (read in forms)
        for part in pair:
            _drop_item(reading, part.locator)
        if action.ambiguous:
            _propose(reading, place, target, action, target.format(), rule, file, line_of, action.ambiguous)
        else:
            _apply(reading, document, place, target, action, rule, file, line_of)
            reading.settled.add((place.locator.format(), target.format()))
    for item, target, action, start in _labelled_within(items, corpus, notations, skip, vocabularies):
        # "Point n°: 2.3" / "Instead of: ..." / "Read: 2.3 ...", lines of one item: its change, read at its place line
        _drop_item(reading, item.locator)
        at = replace(item, offset=item.offset + start)
        if action.ambiguous:
            _propose(reading, at, target, action, target.format(), rule, file, line_of, action.ambiguous)
        else:
            _apply(reading, document, at, target, action, rule, file, line_of)
            reading.settled.add((item.locator.format(), target.format()))
    _new_text_unsaid(reading, document, items, by_key, corpus, notations, skip, rule, file, line_of)
    _rest_or_withdrawn(reading, document, items, by_key, corpus, notations, skip, rule, file, line_of)
    _unnumbered_part(reading, document, items, vocabularies, corpus, notations, skip, rule, file, line_of)
    _unsaid_lines(reading, document, items, by_key, vocabularies, corpus, notations, skip, rule, file, line_of)
    _titled_reported(reading, by_key, vocabularies, corpus, rule, file, line_of)  # a part named by its title alone, reported only
    _entitled_parts(reading, by_key, corpus, _PUT_IN_PLACE)  # a whole document's proposal narrowed to the part its item names by title
    _drop_applied(reading, drop)
    reading.applied.sort(key=lambda e: (e.by.format(), e.target.format()))
    reading.edges.sort(key=lambda e: (e.by.format() if e.by else "", e.target.format()))


#: A lettered paragraph named by its letter, with the letters run on after it ("delete
#: paragraphs A and B", "subparagraph C", "Sub-section 2.2, Paragraph A").
_LETTER_NAMED = re.compile(r"(?i:\b(?:sub-?)?(?:paragraphs?|paras?\.?|subsections?|sub-sections?|clauses?|parts?))\s+\(?([A-Z])\)?"
                           r"(?!\w|\.\w)((?:\s*(?:,|and|&|or)\s*\(?[A-Z]\)?(?!\w|\.\w))*)")

#: A note, keynote or detail of a sheet named by its number ("Note 2", "General Note 4", "Detail 3").
_CALLOUT_NAMED = re.compile(r"(?i:\b(?:general\s+|sheet\s+|plan\s+)?(key\s*notes?|notes?|details?)\s+(?:no\.?\s*|#\s*)?)"
                            r"(\d{1,3})(?![\w.-])")

#: The item's own words saying the whole document goes or is issued anew ("(entire section
#: reprinted)", "in its entirety", "the complete sheet", "issued complete").
_OWN_WHOLE = re.compile(r"\b(?:entire|whole|complete)\s+(?:specification\s+)?(?:sections?|sheets?|drawings?|documents?|"
                        r"specifications?)\b|\bin\s+(?:its|their)\s+entirety\b|\bissued\s+(?:complete|in\s+full)\b"
                        # ("Pages 52-53 (the whole of that section) are replaced": the pages are all of it)
                        r"|" + _WHOLE_OF.pattern, re.IGNORECASE)

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

#: The subject of a passive deleting verb that is words within a provision ("the reference to Paragraph
#: 2.1.C in Paragraph 3.3.B is deleted", "the mention of Section 03 20 00 is struck"), and the verb's
#: auxiliary right before it. ("All references to Paragraph 2.2.B in Paragraph 2.2.C are deleted": the
#: same, audit 51.)
_WORDS_SUBJECT = re.compile(r"\b(?:the\s+(?:[\w'’/-]+\s+){0,2}?(?:(?:cross-?)?references?|mentions?|citations?)|"
                            r"all\s+(?:the\s+)?(?:(?:cross-?)?references|mentions|citations))\s+(?:made\s+)?(?:to|of)\b",
                            re.IGNORECASE)
_PASSIVE_AUX = re.compile(r"\b(?:is|are|shall\s+be|to\s+be|has\s+been|have\s+been)\s+(?:hereby\s+)?$", re.IGNORECASE)

#: Of those objects, the ones that are plainly a part of the wording (never the whole provision).
_WORDING = re.compile(r"words?|sentences?|phrases?|references?|text|language|lines?|mentions?|statements?|"
                      r"dimensions?|values?", re.IGNORECASE)

#: After a verb: what says the words that follow are the provision written anew ("change to
#: read", "should be read as:", "change Paragraph A as follows:"), the verb's object between.
_RESTATES_AFTER = re.compile(r"(?P<gap>[^\"“”.;\n]{0,40}?)(?P<phrase>\b(?:(?:is\s+|are\s+)?to|shall|should|will|must|now)"
                             r"\s+(?:be\s+)?read(?:s)?(?:\s+as)?\b|\bas\s+follows\b|\b(?:with|by)\s+the\s+following\b"
                             # "is amended to state the following:" (never "to state that ...": a gist)
                             r"|\bto\s+state\s*(?::|the\s+following\b|as\s+follows\b)"
                             # "delete paragraph 3.2.A and substitute the following:": the verb's own object
                             r"|(?<=\s)the\s+following\s*:)",
                             re.IGNORECASE)

#: A verb whose own words end with the phrase bringing the new text, the pack's ``as_follows`` in the owners' languages
#: ("est modifié comme suit", "queda redactado así", "reword ... as follows"): as "amended" with "as follows" after it,
#: the new text is the provision whole where it opens with the provision's own label (round 59).
_FOLLOWS_IN_VERB = r"\b(?:{words})$"

#: A verb that is itself the reading phrase ("Sub-section 1.6 A, should be read as:"): the pack's ``read_verbs``
#: ending the verb's own words.
_READ_VERB = r"\b(?:{words})$"

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

_READ_BEFORE = re.compile(r"(?:\d|\b[A-Z]|\))[\s,:]*\b(?i:(?:is\s+|are\s+)?to|shall|should|will|must|may|can)\s+(?i:be)\s*$|"
                          # "clause 2.2, point A to read as below:": the provision's label, then "to read"
                          # (the phrase may open its own sentence after the label's colon: "Note 2: May be
                          # read as ...", as corrigenda by serial number write it)
                          r"(?:\d|\b[A-Z]|\))[\s,:]*\bto\s*$")

#: What may stand between a verb and its reading phrase when the provision itself is the object:
#: nothing, the provision's own name, or a word for its whole wording ("Revise verbiage to read").
_OWN_OBJECT = re.compile(r"[\s,:]*(?:(?:the\s+|this\s+|that\s+)?(?:(?:(?:sub-?)?paragraphs?|articles?|sub-?sections?|"
                         r"clauses?|(?:key\s*)?notes?|details?|callouts?|items?)(?:\s+(?:no\.?\s*)?[\w.()]{1,8})?|"
                         r"verbiage|wording|it|same)[\s,:]*)?", re.IGNORECASE)

#: Before a lettered paragraph: a place beside it, not the paragraph changed ("after paragraph C").
_BESIDE = re.compile(r"\b(?:after|before|following|preceding|between|ahead\s+of|below|above)\s+(?:the\s+)?(?:existing\s+)?$",
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
    first = re.search(whole_words(re.escape(pieces[0]), pieces[0]), read)
    if first is None:
        return None
    last = re.compile(whole_words(re.escape(pieces[-1]), pieces[-1])).search(read, first.start())
    return (first.start(), (last or first).end())


#: What may stand between a quotation and the verb it is the subject of ('"X" is amended to read').
_SUBJECT_GAP = re.compile(r"[\s,]*(?:(?:is|are|was|were|be|been|has|have|shall|hereby|to)\s+)*", re.IGNORECASE)

#: A quotation naming a provision or document, not words of one ('AMEND "SHEET M-101, NOTE 3" to read').
_NAMES_PROVISION = re.compile(r"\b(?:sections?|sheets?|drawings?|paragraphs?|articles?|clauses?|notes?|keynotes?|"
                              r"details?|items?|parts?)\s+(?:no\.?\s*)?[\w.-]*\d", re.IGNORECASE)


def _words_for_words(text: str, quoted: Sequence[tuple[int, int]], verb: tuple[int, int], target: Locator) -> bool:
    """Whether the instruction at ``verb`` puts quoted words in place of quoted words: one
    quotation the verb's subject or object (before its last word), the next right after it (a
    colon or "the words" between at most), neither opening with the target's own label nor
    naming a provision."""
    before = [(s, e) for s, e in quoted if e <= verb[1]]
    after = [(s, e) for s, e in quoted if s >= verb[1]]
    if not before or not after:
        return False
    old, new = before[-1], after[0]
    if old[1] <= verb[0] and not _SUBJECT_GAP.fullmatch(text, old[1], verb[0]):
        return False  # (a quotation standing before the verb is its subject only right before it)
    if not re.fullmatch(r"[\s:,]*(?:(?:the\s+)?(?:words?|phrase|text)\s*)?", text[verb[1]:new[0]], re.IGNORECASE):
        return False
    old_words, new_words = text[old[0]:old[1]], text[new[0]:new[1]]
    title = old_words.strip("\"“”'‘’ ,.:;").casefold()
    if title and re.match(rf"{re.escape(title)}\s*[:.\-–—]\s", new_words.strip("\"“”'‘’ ").casefold()):
        # ('Section 205.3.2, "Gates," is revised to read: "Gates: Provide ..."': the provision's
        # title quoted after its number, the new text opening with it - the provision restated)
        return False
    return not any(_opens_with_own_label(words.strip("\"“”'‘’ "), target) or _NAMES_PROVISION.search(words)
                   for words in (old_words, new_words))


def _sheet_number(doc: str) -> str:
    return re.sub(r"^(?:DWG|SHEET|SHT)-", "", doc.upper()).replace("-", "")


def _new_label(item: Item, items: Sequence[Item], verb: tuple[int, int] | None) -> str | None:
    """The number new text after an adding verb opens with ("Add: 2.3 TITLE ..." → "2.3"), in the
    item after it when nothing follows the verb; None when it opens with none."""
    start = verb[1] if verb is not None else 0
    rest = item.text[start:] if item.text[start:].strip(" \t\n:,") else ""
    if not rest:
        index = next((i for i, s in enumerate(items) if s.path == item.path), None)
        rest = items[index + 1].text if index is not None and index + 1 < len(items) else ""
    lead = _FOLLOWING_LEAD.match(rest)
    label = _NEW_LABEL.match(rest, lead.end() if lead else 0)
    if label is None:
        label = _NEW_LABEL.match(rest.lstrip(" \t\n:,"))
    return label.group(1) if label is not None else None


#: Words of a title "of" which names the whole set, no one document ("of the Specifications", "of this Addendum").
_GENERIC_TITLE_WORDS = frozenset({"specification", "specifications", "spec", "specs", "contract", "documents", "document",
                                  "drawings", "drawing", "project", "manual", "technical", "bid", "bidding", "tender",
                                  "addendum", "this", "same", "said", "above", "below", "work", "works", "section"})


def _of_other_title(read: str, target: Locator, corpus: Corpus) -> str | None:
    """The title written right after the target's path as the document it is "of" ("numeral 2.1.D del Anexo
    Técnico"), where no word of it is in the target document's own title; None otherwise."""
    for at in re.finditer(rf"(?<![\w.]){re.escape(target.path or '')}(?![\w.]|\.\w)", read):
        of = _OF_TITLE.match(read, at.end())
        if of is None:
            continue
        # (a title is its run of capitalised words, linking words between: "Anexo Técnico", "General Conditions of
        # Contract"; "of the same Section is increased" names none)
        run = []
        for token in of.group(1).split():
            if token[:1].isupper():
                run.append(token)
            elif token.lower() not in LINKING_WORDS and run:
                break
            elif token.lower() not in LINKING_WORDS:
                run = []
                break
        words = set(re.findall(r"[^\W\d_]{3,}", " ".join(run).lower())) - _TITLE_FILLER - _GENERIC_TITLE_WORDS
        held = set(re.findall(r"[^\W\d_]{3,}", corpus.directory.titles.get(target.doc, ("", ""))[1].lower()))
        if words and not words & held and not re.match(r"\s*(?:the\s+)?(?:sections?|secci[óo]n|se[cç]+[ãa]o|abschnitts?|afsnit|articles?|art[íi]culo|"
                                                    r"chapters?|cap[íi]tulo|chapitre|kapitel|part|parte|partie|teil)\b",
                                                    of.group(1), re.IGNORECASE):
            return " ".join(run)
    return None


#: A section by number that a paragraph is "of" right after its path, or a change limited to a section
#: ("2.2.A of Section 03 20 00", "in Section 03 20 00 only"); the number in group ``number``.
_SECTION_OF = r"[ \t]+(?:of|in)[ \t]+(?:the[ \t]+)?(?:Spec(?:ification)?s?[ \t]+)?Section[ \t]+(?P<number>\d{2}[ \t]?\d{2}[ \t]?\d{2})\b"
_SECTION_ONLY = re.compile(r"\b(?:in|for|to)[ \t]+(?:the[ \t]+)?(?:Spec(?:ification)?s?[ \t]+)?Section[ \t]+"
                           r"(?P<number>\d{2}[ \t]?\d{2}[ \t]?\d{2})\b[ \t]+only\b", re.IGNORECASE)


def _other_section_named(read: str, target: Locator, corpus: Corpus) -> str | None:
    """The number of a section, not the target's own, that the words give the change to: the target's path
    said to be "of" it, or the change said to be in it "only"; None otherwise (and where no document of the
    project carries that number: what is not held is for the references to report)."""
    found = [m for m in re.finditer(rf"(?<![\w.]){re.escape(target.path)}(?![\w]|\.\w){_SECTION_OF}", read, re.IGNORECASE)
             ] if target.path is not None else []
    found += list(_SECTION_ONLY.finditer(read))
    for match in found:
        number = re.sub(r"\s+", "", match.group("number"))
        holders = {doc for doc, _ in corpus.directory.by_number.get(number, [])}
        if holders and target.doc not in holders:
            return " ".join(match.group("number").split())
    return None


#: A section's number and the title quoted right after it ('Section 03 30 00 "Concrete Reinforcing"').
_NUMBER_TITLED = re.compile(r"\bSection[ \t]+(?P<number>\d{2}[ \t]?\d{2}[ \t]?\d{2})[ \t]*[-–—,]?[ \t]*[\"“](?P<title>[^\"”\n]{3,80})[\"”]",
                            re.IGNORECASE)


def _title_words(title: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]{3,}", title.lower())) - _TITLE_FILLER - _GENERIC_TITLE_WORDS


def _titled_as_other(text: str, target: Locator, corpus: Corpus) -> str | None:
    """The title quoted after the target document's own section number that is another document's title,
    all its words in that one's and not in the target's ('Section 03 30 00 "Concrete Reinforcing"' where
    03 20 00 is titled so); None otherwise."""
    titles = corpus.directory.titles
    own = _title_words(titles.get(target.doc, ("", ""))[1])
    for match in _NUMBER_TITLED.finditer(text):
        number = re.sub(r"\s+", "", match.group("number"))
        if target.doc not in {doc for doc, _ in corpus.directory.by_number.get(number, [])}:
            continue
        words = _title_words(match.group("title"))
        if words and not words <= own and any(words <= _title_words(title) for doc, (_, title) in titles.items()
                                              if doc != target.doc):
            return match.group("title").strip()
    return None


#: A paragraph named by its word and a dotted number ("Paragraph 2.2.C", "párrafo 2.2.C", "Article 2.2.C"): the object
#: of an item naming one is that paragraph (guard 0i).
_PARAGRAPH_OBJECT = re.compile(r"\b(?:sub-?paragraphs?|paragraphs?|para\.|articles?|p[áa]rrafos?|numerales|numeral|"
                               r"incisos?|art[íi]culos?|artigos?|itens|item|clauses?|cl[áa]usulas?)\s+\d{1,3}\.\d[\w.]*",
                               re.IGNORECASE)
#: Words saying the whole of a document changes ("in its entirety", "reissued", "entire section"), which a paragraph
#: named beside them does not narrow (guard 0i).
_WHOLE_SAID = re.compile(r"\b(?:entirety|entire|whole|reissued|re-issued|in\s+full|completa|[íi]ntegra|en\s+su\s+totalidad|"
                         r"enti[èe]re?ment|dans\s+son\s+int[ée]gralit[ée]|na\s+[íi]ntegra)\b", re.IGNORECASE)


def _guard(edge: DerivedEdge, item: Item, items: Sequence[Item], siblings: Sequence[DerivedEdge],
           corpus: Corpus, no_change: Sequence[re.Pattern[str]],
           reasons: Sequence[re.Pattern[str]] = (),
           follows_in_verb: re.Pattern[str] = _NOTHING,
           read_verb: re.Pattern[str] = _NOTHING,
           named_at: re.Pattern[str] = _NOTHING,
           joined: re.Pattern[str] = _NOTHING) -> tuple[str, list[tuple[Locator, str, bool]], str] | None:
    """The one guard an applied edge fails, as (what to do, the edges it becomes, why): "apply"
    (the item's own words settle another scope), "retarget" (they settle a finer target), "propose"
    or "drop" (not a target at all)."""
    quoted = _quoted_spans(item.text)
    read = _read_text(item.text, quoted)
    target = edge.target
    verb = _verb_at(read, edge.words)
    # (0) an item saying of itself that it changes nothing (the pack's no_change phrases) applies
    # nothing, whatever verb it holds (not in the reason its change gives: "Delete 2.2 as it repeats 2.1")
    if (same := said_unchanged(read, no_change, changing=True, reasons=reasons,
                               verb_end=verb[1] if verb is not None else None,
                               ends=quotations_closing(item.text, quoted), named_at=named_at,
                               joined=joined)) is not None:
        return ("propose", [(target, edge.scope, edge.successor)],
                f'it says "{same.group(0)}" beside its change verb: whether it changes anything is for a person '
                "to confirm")
    # (0i) a whole document changed by an item whose object is a paragraph, named by its word and number
    # ("Paragraph 2.2.C of Sections 03 30 00 and 04 20 00: Delete.", "In Sections 03 30 00 and 04 20 00, delete
    # Paragraph 2.2.C"): what the item takes is that paragraph, never the whole document; where the reading bound it
    # so anyway, for a person (audit 68 C F6, F7: the whole second section deleted, nothing in its place)
    # (only a whole document deleted, nothing in its place: a part added to it, "Add the following Article 2.5", is
    # the document changed in part, read by the other guards)
    if (target.path is None and edge.scope == "full" and not edge.successor
            and (paragraph := _PARAGRAPH_OBJECT.search(read)) is not None and not _WHOLE_SAID.search(read)):
        return ("propose", [(target, edge.scope, edge.successor)],
                f'its object is "{" ".join(paragraph.group(0).split())}", a paragraph, not the whole of {target.doc}: '
                "which paragraph of which document changes is for a person to confirm")
    # (0a) the paragraph said to be "of" a document whose title is not the target's ("Section 03 30 00: Eliminar el
    # numeral 2.1.D del Anexo Técnico", "Clause 2.4 of the General Conditions" under another document's heading):
    # which document is meant is for a person (audit 54: applied to the section named before it)
    if target.path is not None and (other := _of_other_title(read, target, corpus)) is not None:
        return ("propose", [(target, edge.scope, edge.successor)],
                f'it names {target.path} of "{other}", which is not the title of {target.doc}: which document is meant '
                "is for a person to confirm")
    # (0g) the paragraph said to be "of" another section by number ("Section 03 30 00, Paragraph 2.2.A: Delete
    # Paragraph 2.2.A of Section 03 20 00"), or the change limited to another section ("... in Section 03 20 00
    # only"): the section the words give the change to is not the target's, so the caption above does not settle
    # it; for a person (audit 55: applied to both sections)
    if (other := _other_section_named(read, target, corpus)) is not None:
        return ("propose", [(target, edge.scope, edge.successor)],
                f"its words give the change to Section {other}, which is not {target.doc}: which section is meant "
                "is for a person to confirm")
    # (0h) the section's number written with another section's title quoted after it ('Section 03 30 00 "Concrete
    # Reinforcing", Paragraph 2.3.B' where that is Section 03 20 00's title): number and title disagree on the
    # document, whatever other items say; for a person (audit 55: applied once another item named the other)
    if (other := _titled_as_other(item.text, target, corpus)) is not None:
        return ("propose", [(target, edge.scope, edge.successor)],
                f'it writes the title "{other}" for {target.doc}, whose title it is not: which document is meant is for '
                "a person to confirm")
    # (0b) "REVISE Sheet C-106, Note 1 as follows:" and nothing else, the new text below opening with
    # the target's own label ("NOTE 1: ...", "B. ..."): the whole of it is written anew, as the step
    # reading "revise as follows" settles it for the verb after the target
    if (edge.scope == "partial" and target.path is not None
            and (lead := _REVISE_WHERE_AS_FOLLOWS.match(item.text)) is not None
            and _WHERE_RUN.fullmatch(lead.group("where"))):
        after = item.text[lead.end():]
        if not after.strip():
            index = next((i for i, s in enumerate(items) if s.path == item.path), None)
            after = items[index + 1].text if index is not None and index + 1 < len(items) and (
                items[index + 1].heading_context == item.heading_context) else ""
        if _opens_with_own_label(after, target):
            return ("apply", [(target, "full", True)], "")
    # (0d) a pair of margin labels on items of their own, "Delete:" then "Insert:" (public owners'
    # exhibit amendments write them so under a line naming the provision): what the deleted words are
    # settles the extent. Both opening with the target's own label are it whole ("NOTE 3: ..." for
    # "NOTE 3: ..."); deleted words that make whole sentences may be all of the provision or one
    # sentence of it, which the words alone never settle: for a person (a phrase, "20 feet", is part)
    if edge.scope == "partial" and target.path is not None and (pair := _pair_deleted(item, items)) is not None:
        old, new = pair
        if _opens_with_own_label(old, target) and _opens_with_own_label(new, target):
            return ("apply", [(target, "full", True)], "")
        if _WHOLE_SENTENCES.fullmatch(old):
            return ("propose", [(target, "full", True)],
                    f"the deleted words are whole sentences: whether they are all of {target.format()} (replaced "
                    "whole) or a sentence of it is for a person to confirm")
    # (0e) a reading phrase ("the clause should now read:", "is to read:") and, after it, quoted text
    # opening with the target's own label ("A. ...", "NOTE 2: ..."), whatever other verb the item holds
    # before it ("Clause 2.2 A omitted the size of the letters; the clause should now read: "A. ...""):
    # owners correcting an omission tell what was wrong, then restate the provision whole; the
    # restatement settles the extent. Where the item also names a part (a sentence, the last line),
    # which of the two it changes is for a person.
    if edge.scope == "partial" and edge.successor and target.path is not None and (
            restated := _restated_after_reading(item, target)) is not None:
        if restated == "part named":
            return ("propose", [(target, "full", True)],
                    f"it restates {target.format()} under its own label after a reading phrase, and names a part "
                    "too: whether all of it or the part changes is for a person to confirm")
        return ("apply", [(target, "full", True)], "")
    # (0c) quoted words for quoted words: '"4 inches" amended to read "6 inches"', 'revise "X" to
    # read "Y"', "change 'X' in lieu of 'Y'" - wherever the instruction sits (prose, a schedule
    # row's cell, a sheet note), the words quoted before the reading phrase are what changes and
    # the words after it what they become: part of the provision, never all of it (unless the new
    # words open with the provision's own label: the provision restated whole)
    if edge.scope == "full" and edge.successor and target.path is not None and verb is not None \
            and _words_for_words(item.text, quoted, verb, target):
        return ("apply", [(target, "partial", True)], "")
    # (0c2) the new words the verb brings, quoted right after it, open or close with an ellipsis ('Clause 4.2 is
    # amended to read "... by a 10 mm or 12 mm board"', 'Paragraph B is revised to read "All joints shall be sealed
    # ..."'): words of the provision given anew, the rest of it standing as written; part of it, never all of it
    # (a reading phrase restates the whole only when its quotation is whole)
    if edge.scope == "full" and edge.successor and target.path is not None and verb is not None \
            and _ellipsis_brought(item.text, quoted, verb):
        return ("apply", [(target, "partial", True)], "")
    # (0f) "Section 03 30 00, Paragraph 2.1.E: Revise Paragraph 2.1.F to read ...": the paragraph the
    # pattern read as its target heads the item, the verb after its colon names another paragraph of the
    # same document (``place_before_object`` decides, as for the step reading): the heading says where,
    # the other is what changes; never the heading's paragraph
    if target.path is not None and verb is not None and re.search(
            r"[:\-–—]\s*$", item.text[:verb[0] + (edge.words.rfind(": ") + 2 if ": " in edge.words else 0)]):
        name = _verb_name(edge)
        named = find_references(item.text, corpus, mask=[*quoted, *kept_sentences(item.text)], titles=False)
        placed = place_before_object(item.text, named, Action(name, edge.words, verb))
        heading = {r.span for r in named if r.target == target and not r.cited}
        if heading and not any(r.target == target and not r.cited for r in placed):
            others = list(dict.fromkeys(r.target for r in placed if r.kind == "paragraph" and not r.cited
                                        and r.target is not None and r.target.doc == target.doc
                                        and r.target.path is not None and r.span[0] >= verb[0]))
            # (proposed, never retargeted: the pattern read its verb with nothing after it, and what the
            # verb does to the paragraph it names, in whole or in part, that reading does not say)
            return ("propose", [(o, edge.scope, edge.successor) for o in others],
                    f"{target.format()} heads the item and its verb names {', '.join(o.format() for o in others)} "
                    "after it: that one changes, how much of it is for a person to confirm")
    # (1) a finer target named and left unread: "paragraph 3.1, A, replace ...", "delete paragraphs
    # A and B", "Subsection 2.2, change Paragraph A": the change is to the lettered paragraph inside
    # the article, never to the article; a note or detail the sheet holds, never the whole sheet
    if target.path is not None and re.fullmatch(r"\d{1,3}(?:\.\d{1,3})+", target.path):
        # (an insertion names the new paragraph after its verb, and a place beside one: not read)
        upto = verb[0] if verb is not None and re.search(r"\b(?:add|insert|append)", edge.words, re.I) else len(read)
        if verb is not None and (ended := _CLAUSE_END.search(read, verb[1])) is not None:
            # ("Clause 35.2: delete this Special Condition. The rate stated in Annexure Part A applies.":
            # what a later sentence names explains the change; it is nothing inside the clause, round 71)
            upto = min(upto, ended.start())
        letters = []
        named_at = re.search(rf"(?<![\w.]){re.escape(target.path)}(?![\w]|\.\w)", read)
        for m in _LETTER_NAMED.finditer(read, 0, upto):
            if named_at is not None and m.end() <= named_at.start() and re.match(r"(?i)parts?\b", m.group(0)):
                # ("Section 8 - Particular Conditions, Part A Contract Data, Sub-Clause 1.1.3.3": a lettered
                # part of the document named before the clause holds it; nothing inside the clause, round 45)
                continue
            if not _BESIDE.search(read, max(0, m.start() - 30), m.start()):
                letters += [m.group(1), *re.findall(r"[A-Z]", m.group(2))]
        glued = re.compile(rf"(?<![\w.]){re.escape(target.path)}(?:\s*[.,]\s*|\s+)?\(?([A-Z])\)?(?![\w])(?!\s+[a-z])")
        letters += [m.group(1) for m in glued.finditer(read, 0, upto)]
        finer = [Locator(doc=target.doc, path=f"{target.path}.{letter}") for letter in dict.fromkeys(letters)]
        held = [f for f in finer if corpus.exists(f)]
        if len(held) == 1 and len(finer) == 1 and re.search(
                rf"(?<![\w.]){re.escape(target.path)}\s*,\s*(?:(?:sub-?)?paragraph\s+{held[0].path.rsplit('.', 1)[-1]}(?![\w.])"
                + ("" if " … " in edge.words else rf"|(?-i:{held[0].path.rsplit('.', 1)[-1]}[ \t]+[A-Z][a-z])") + ")",
                read[:upto], re.IGNORECASE) and not any(e.target == held[0] for e in siblings):
            # "Article 2.1, Paragraph A: delete and replace with: ...": the letter joined to the article
            # by a comma and its word, one paragraph the article holds - the paragraph, settled; so too
            # the letter joined by the comma alone with the paragraph's title after it ("Section 2.1, B
            # Split-Face Units; Omit this paragraph entirely.", round 71), where one verb says what befalls
            # it ("Omit reference to X and change this paragraph to read": two verbs, how much goes is a person's)
            return ("retarget", [(held[0], edge.scope, edge.successor)], "")
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
        label = _new_label(item, items, verb)
        if label is not None and label.count(".") == 2:
            new = Locator(doc=target.doc, path=label)
            parent = Locator(doc=target.doc, path=label.rsplit(".", 1)[0])
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
        if (edge.scope == "full" and whole is None and (pages := _OWN_PAGES.search(read)) is not None
                and not _whole_successor(read, target.doc)):  # (the section itself brought whole in their place)
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
                # ("Note 3 is replaced by this text: "NOTE 3: ..."": the text the verb brings, after its colon,
                # is the successor, not the verb's object)
                and not (re.match(r"[\s:,]*(?:by|with)\b", read[verb[1]:within.end()], re.IGNORECASE)
                         and re.match(r"[\s)]*:", read[within.end():]))
                and (_WORDING.fullmatch(within.group("noun")) or not corpus.is_leaf(target))):
            return ("apply", [(target, "partial", True)], "")
        opening = max(read.rfind(". ", 0, verb[0]), read.rfind(";", 0, verb[0]), read.rfind("\n", 0, verb[0]))
        if _PASSIVE_AUX.search(read, 0, verb[0]) and _WORDS_SUBJECT.search(read, opening + 1, verb[0]):
            # "the reference to Paragraph 2.1.C in Paragraph 3.3.B is deleted": the passive verb's subject is
            # words of the provision, which goes in part (audit 50)
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
        elif read_verb.search(edge.words) and (_READ_BEFORE.search(read, max(0, verb[0] - 20), verb[0])
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
        elif follows_in_verb.search(" ".join(edge.words.split())):
            phrase, end = "as follows", verb[1]
        elif ((after := _RESTATES_AFTER.match(read, verb[1])) is not None and _OWN_OBJECT.fullmatch(after.group("gap"))
              and not any(verb[1] <= s < after.start("phrase") for s, _ in quoted)):
            # ('Update "20 feet" to read "25 feet"': quoted words as the verb's object are the words
            # changed, a part of the provision, not the provision restated)
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
            if "follow" not in phrase or phrase.startswith("to state"):
                # ("with the following:" restates only what opens with its label; "to state the
                # following:" says, as "to read", that the words after it are the provision)
                new = rest.split("\n\n")[0].split()
                if len(new) > 5 or (len(new) > 3 and not re.search(r"\d", " ".join(new))):
                    return ("apply", [(target, "full", True)], "")
                return ("propose", [(target, "full", True)],
                        f'"{" ".join(read[verb[0]:end].split())}" gives only a few words: whether they restate all '
                        f"of {target.format()} or change a value in it is for a person to confirm")
    return None


#: Sheets listed as revised: "Revised sheets E-102 and E-501", "Revised - Plan Sheets - E-102",
#: "Revised Drawing Sheet - M-201" (the status word right before the sheet word).
_REVISED_SHEETS = re.compile(r"\brevised\s*[-–—:]?\s*(?:(?:plan|drawing|contract)\s+)?(?:sheets?|drawings?)\b",
                            re.IGNORECASE)
#: A drawing sheet named by its word.
_SHEET_WORD = re.compile(r"\b(?:drawings?|sheets?|dwgs?\.?)(?:\s+nos?\.?)?\s", re.IGNORECASE)
#: A part of a sheet named by its word (a change to it is a change in part).
_CALLOUT_WORD = re.compile(r"\b(?:notes?|keynotes?|details?|callouts?)\s+(?:no\.?\s*|#\s*)?\d", re.IGNORECASE)


#: A margin label opening an item: the words taken out ("Delete:"), the words put in ("Insert:").
_PAIR_OUT = re.compile(r"[\s*_]*(?:delete|remove|omit|strike)[\s*_]*:[\s*_]*(?P<words>\S.*)\Z", re.IGNORECASE | re.DOTALL)
_PAIR_IN = re.compile(r"[\s*_]*(?:insert|add|substitute)[\s*_]*:[\s*_]*(?P<words>\S.*)\Z", re.IGNORECASE | re.DOTALL)

#: Words making one or more whole sentences: a capital first, a verb's worth of words, a full stop last.
_WHOLE_SENTENCES = re.compile(r"[\"“]?[A-Z][^\n]*?\s\S+\s\S+\s[^\n]*[.!?][\"”]?\s*")


#: A quotation closing on an ellipsis ("All joints shall be sealed ..."): the first words of a provision, not all of it.
_ELLIPSIS_CLOSES = re.compile(r"(?:\.{3}|…)[\s\"”'’]*$")


def _ellipsis_brought(text: str, quoted: Sequence[tuple[int, int]], verb: tuple[int, int]) -> bool:
    """Whether the first quotation after the verb, with nothing but blanks, a colon or "as follows" between, opens
    or closes with an ellipsis: the words the verb brings are a fragment of the provision."""
    for start, end in quoted:
        if start < verb[1]:
            continue
        if re.fullmatch(r"[\s:,]*(?:as\s+follows[\s:,]*)?", text[verb[1]:start], re.IGNORECASE) is None:
            return False
        words = text[start:end]
        return bool(_ELLIPSIS_OPENS.match(words) or _ELLIPSIS_CLOSES.search(words))
    return False


def _pair_deleted(item: Item, items: Sequence[Item]) -> tuple[str, str] | None:
    """(the deleted words, the inserted words) where ``item`` is the "Insert:" of a "Delete:" /
    "Insert:" pair, the "Delete:" its sibling just before it under the same heading; None otherwise."""
    put = _PAIR_IN.match(item.text)
    if put is None:
        return None
    index = _positions(items).get(item.path)
    if not index:
        return None
    before = items[index - 1]
    out = _PAIR_OUT.match(before.text)
    if out is None or before.parent != item.parent or before.heading_context != item.heading_context:
        return None
    return out.group("words").strip(), put.group("words").strip()


#: Words saying the whole of what is named goes or is written anew.
_WHOLE_SAID = re.compile(r"\bin\s+(?:(?:its|their)\s+)?entirety\b|\b(?:entire|whole|complete)\b|\bre-?issued\b|~~|"
                         r"\bdelete[ds]?\b(?:[^.;\n]|\.(?=\w)){0,60}?\b(?:and|then)\s+(?:replace|substitute|insert)|"
                         r"\b(?:deleted|struck|removed|discarded)\b[^.;\n]{0,30}?\band\s+(?:replaced|substituted)", re.IGNORECASE)

#: Words saying a part of what is named changes: an addition, a value given anew, words swapped or
#: taken from it, a sub-item of it named.
_PART_SAID = re.compile(r"\b(?:add|adds|added|insert|inserts|inserted|append|appended|supplement(?:ed|s)?|expand(?:ed|s)?|"
                        r"in\s+lieu\s+of|instead\s+of|rather\s+than|in\s+place\s+of|from\s+[^.;\n]{1,40}?\bto\b|"
                        r"at\s+the\s+end|so\s+that|is\s+now|are\s+now|not\s+(?:the\s+)?\d|becomes?|goes\s+from|"
                        r"renamed|retitled|relabell?ed|accordingly|"
                        r"(?:changed|increased|decreased|reduced|raised|lowered|corrected|amended|revised|taken|read)\s+"
                        r"(?:as|to)\s+(?:be\s+)?(?:a\s+|an\s+)?[^\s\"“]*\d|to\s+be\s+[^.;\n]{0,30}\d|"
                        r"to\s+(?:require|include|allow|permit|show|indicate|add|clarify|call\s+for|identify)\b|"
                        r"\bfrom\s+(?:section|paragraph|clause|article|sheet|note|detail)\b|"
                        r"\b(?:paragraph|item|sub-?paragraph)\s+\.\d|\bpages?\s+(?:no\.?\s*)?[\w-]*\d|"
                        # ("Delete .2 of 3.2": an article's dotted sub-item named by its number "of" the article)
                        r"(?<=[\s(]\.)\d{1,2}\s+of\s+(?:article\s+|clause\s+)?\d{1,2}\.\d|"
                        # ("... noted as grey changed to slate", "revise the invert at MH-3 to 96.40")
                        r"\b(?:changed|amended)\s+to\s+(?!read\b)\w|"
                        r"\b(?:revise[ds]?|change[ds]?|increase[ds]?|reduce[ds]?)\s+the\s+[\w\s,-]{1,40}?\s+to\s+(?:be\s+)?\S*\d)",
                        re.IGNORECASE)

#: A provision (its kind word, number, and title perhaps) as the subject of a passive deletion:
#: 'Section 102.9.2, "Flagger Stations," is deleted.' - the provision goes whole.
_PROVISION_DELETED = re.compile(r"\b(?:sections?|(?:sub-?)?paragraphs?|clauses?|articles?|notes?|keynotes?|details?)\s+"
                                r"[\w.]+,?\s*(?:[\"“][^\"”\n]{1,60}[\"”],?\s*)?(?:is|are)\s+(?:hereby\s+)?"
                                r"(?:deleted|removed|omitted|withdrawn|struck)\b", re.IGNORECASE)

#: A successor brought whole: attached, enclosed, issued with the addendum.
_BROUGHT_WHOLE = re.compile(r"\b(?:attached|enclosed|accompanying|herewith|annexure|issued\s+with)\b", re.IGNORECASE)

#: A phrase saying the words after it are the provision as it now reads ("to read", "shall now read",
#: "read as", "edited to the following", "replaced by"): owners restate a provision so.
_RESTATING = re.compile(r"\b(?:to|shall|should|will|must|now|may\s+be|to\s+be)\s+(?:now\s+)?read(?:s)?\b|\bread\s+as\b|"
                        r"\b(?:edited|changed|amended|revised|corrected)\s+to\s+the\s+following\b|"
                        r"\b(?:replaced|substituted)\s+(?:by|with)\b", re.IGNORECASE)

#: Where new text may start in an item: its opening, after a colon, a full stop or a line break.
_TEXT_START = re.compile(r"(?:^|[:.]\s+|\n\s*)")


def _new_text_labelled(text: str, target: Locator) -> bool:
    """Whether new text opening with ``target``'s own label starts somewhere in ``text``."""
    for start in _TEXT_START.finditer(text):
        # (the label opens the new text: a short window after each start is enough, and keeps a long
        # item, a section's whole text quoted, linear)
        if _opens_with_own_label(text[start.end():start.end() + 240].lstrip("~\"“"), target):
            return True
    return False


def _restated_after_reading(item: Item, target: Locator) -> str | None:
    """Whether the item, after a reading phrase ("should now read:", "to read:"), quotes text opening
    with the target's own label ("A. ...", "NOTE 2: ..."): "whole" when so, "part named" when the
    item names a part too (a sentence, the last line); None when it restates nothing so."""
    quoted = _quoted_spans(item.text)
    read = _read_text(item.text, quoted)
    for phrase in _RESTATING.finditer(read):
        if any(a >= phrase.end() and not item.text[phrase.end():a].strip(" \t:,\"“") and len(item.text[a:b].split()) >= 4
               and _opens_with_own_label(item.text[a:b], target) for a, b in quoted):
            return "part named" if _PART_WORDS.search(read) or _ORDINAL_PART.search(read) else "whole"
    return None


def _restated_proposals_whole(reading: Reading, items: Sequence[Item]) -> None:
    """A proposal of a change in part from an item restating the provision under its own label
    after a reading phrase, and naming no part: the proposal is of the whole (what a person is
    asked to confirm is the provision replaced by the quoted text). Proposals only."""
    by_key = {item.path: item for item in items}
    out = []
    for proposal in reading.proposed:
        item = by_key.get(proposal.item.path or "")
        if (item is not None and proposal.target.path is not None and proposal.scope == "partial" and proposal.successor
                and _restated_after_reading(item, proposal.target) == "whole"):
            proposal = proposal.model_copy(update={"scope": "full"})
        out.append(proposal)
    reading.proposed = out


def _extent_evidence(edge: DerivedEdge, item: Item, items: Sequence[Item], vocabularies: Sequence[Any] = ()) -> str:
    """What in the item's own words settles the scope an edge on a provision (or a callout) was
    read with: a short name of the evidence, "" where none does (the scope then rests on the verb
    alone). Reading the item's words (and the new text right after it) only: no pass over the target."""
    quoted = _quoted_spans(item.text)
    read = _read_text(item.text, quoted)
    target = edge.target
    index = _positions(items).get(item.path)
    following = items[index + 1].text if index is not None and index + 1 < len(items) and (
        items[index + 1].heading_context == item.heading_context or items[index + 1].parent == item.path) else ""
    verb = _verb_at(read, edge.words)
    after = item.text[verb[1]:] if verb is not None else item.text
    brought = re.split(r":|\.\s", after, maxsplit=1)[1] if re.search(r":|\.\s", after) else ""
    if edge.scope == "full":
        if _WHOLE_SAID.search(read):
            return "whole said"
        if (_new_text_labelled(item.text, target) or any(_opens_with_own_label(item.text[a:b], target) for a, b in quoted)
                or _opens_with_own_label(following, target) or (
                    index is not None and index + 1 < len(items) and _opens_with_own_label(items[index + 1].text, target))):
            return "new text under its own label"
        if edge.successor and _RESTATING.search(read) and ((brought or following).strip() or quoted):
            return "new text after a reading phrase"
        if edge.successor and _BROUGHT_WHOLE.search(read):
            return "its successor brought whole"
        if not edge.successor:
            if ((verb is not None and _CALLOUT_OR_PATH.match(read, verb[1])) or _PROVISION_DELETED.search(item.text)
                    or _DELETE_THE_PART.search(read) or (verb is not None and _cell_deleted(read, verb, item))
                    or (verb is not None and _number_then_deleted(read, verb, target))):
                # ("Eliminate General Note 1 "..."", 'Section 102.9.2, "Flagger Stations," is deleted')
                return "deleted, the provision its object"
            if quoted or _PART_WORDS.search(read) or _ORDINAL_PART.search(read):
                return ""
            return "deleted, the provision its object"
        new = (brought or following).strip()
        if len(new.split()) >= 6 and re.search(r"[.!?][\"”]?\s*$", new.split("\n\n")[0]):
            return "complete new text below"
        if any(len(item.text[s:e].split()) >= 6 for s, e in quoted):
            return "complete new text quoted"
        return ""
    if quoted:
        return "quoted words"
    if _PART_WORDS.search(read) or _ORDINAL_PART.search(read) or _WITHIN_OBJECT.search(read):
        return "a part named"
    if _PART_SAID.search(read) or _PART_SAID.search(edge.words) or re.search(r"\(\s*new\s*\)", read, re.IGNORECASE):
        return "an addition or a value anew"
    if _added_in_table(item, vocabularies):
        return "an addition (nothing under the table's old-text column)"
    if _figure_in_table(item, vocabularies):
        return "a value anew (the same words around a new figure in the table's columns)"
    if _phrase_in_table(item, list(vocabularies)):
        return "a phrase anew (a phrase for a phrase in the table's old and new columns, neither written out whole)"
    if (pair := _pair_deleted(item, items)) is not None and not _WHOLE_SENTENCES.fullmatch(pair[0]):
        return "a phrase for a phrase"
    if not brought.strip() and not quoted and not (following.strip() and read.rstrip().endswith(":")):
        return "no new text given (nothing could restate it whole)"  # ("paragraph 2.5 D is revised accordingly")
    if (index is not None and index + 1 < len(items) and _PAIR_OUT.match(item.text)
            and (put := _PAIR_IN.match(items[index + 1].text)) is not None
            and not _WHOLE_SENTENCES.fullmatch(_PAIR_OUT.match(item.text).group("words").strip()) and put):
        return "a phrase for a phrase"
    return ""


#: A deleting verb that is its sentence, nothing before it in its cell and nothing after it before the
#: sentence ends ("| Clause 3.3.2 Wash Bay | Deleted. The bay moves to a later phase. |").
_BARE_DELETED = re.compile(r"[ \t*_]*(?:deleted|omitted|removed|delete|omit|remove)[ \t*_]*(?:[.;](?:\s|$)|$)", re.IGNORECASE)


def _cell_deleted(read: str, verb: tuple[int, int], item: Item) -> bool:
    """Whether a table row's last cell opens with its deleting verb as a sentence of its own ("| Clause
    3.3.2 Wash Bay | Deleted. The bay moves to the second phase of the depot. |"): the row's other cells
    name what goes, and the cell's first sentence says it goes, all of it; what follows is why (a part
    it names, "the second phase", is no part of the provision: round 41). Only a row's last cell, and
    only a verb alone in its sentence ("Deleted: the second sentence." names a part)."""
    if not item.cells:
        return False
    body = read.rstrip().rstrip("|")
    cell = body.rfind("|") + 1
    return (cell > 0 and verb[0] >= cell and not read[cell:verb[0]].strip(" \t*_")
            and _BARE_DELETED.match(read, cell) is not None)


def _number_then_deleted(read: str, verb: tuple[int, int], target: Locator) -> bool:
    """Whether the deleting verb stands right after the provision's kind word and own number, in whatever language,
    and ends its sentence or cell there, a gloss in brackets aside ("Пункт 1.3 виключити.", "Punkt 1.3 streichen
    (deleted)."): the provision is the verb's object, all of it (round 74). An auxiliary or any word between the
    number and the verb, or words after the verb ("Point 1.3 delete the second sentence"), is not this form."""
    if target.path is None:
        return False
    before = re.search(rf"(?<![\w.])[^\W\d_]+\.?[ \t]+{re.escape(target.path)}[ \t]*[,:]?[ \t]*$", read[:verb[0]])
    # (the verb as read may run on into a gloss that says it again, "виключити (point 1.3 is deleted)": its first
    # word ending the sentence is enough)
    word = re.compile(r"[^\W\d_]+").match(read, verb[0])
    return before is not None and any(_VERB_ENDS.match(read, end) is not None
                                      for end in (verb[1], word.end() if word is not None else verb[1]))


#: Nothing after a verb but a gloss in brackets before its sentence or cell ends.
_VERB_ENDS = re.compile(r"[ \t]*(?:\([^()\n]*\)[ \t]*)?(?:[.;!]|[ \t]*\||[ \t]*$)")


#: The provision itself as a deleting verb's object: its kind word and number ("General Note 1", "Paragraph 2.1.B").
_CALLOUT_OR_PATH = re.compile(r"\s+(?:the\s+)?(?:general\s+|sheet\s+|plan\s+)?(?:notes?|keynotes?|key\s+notes?|details?|"
                              r"callouts?|(?:sub-?)?paragraphs?|clauses?|articles?|(?:sub-?)?sections?)\s+(?:no\.?\s*)?\d[\w.]*",
                              re.IGNORECASE)


#: A part of a section or a sheet named alone on its line, by its word and number ("Sub-Clause 2.02.B",
#: "Detail 2", "Clause 2.3 (new)").
_PART_LINE = re.compile(r"[ \t*_]*(?P<word>sub-?clauses?|clauses?|sub-?paragraphs?|paragraphs?|articles?|details?|notes?|"
                        r"keynotes?)\s+(?:no\.?\s*)?(\d[\w.]*?)\.?(?:\s*\((?:new|revised|added)\))?"
                        # (its title after a dash: "Clause 2.2.A - Wall Sheathing")
                        r"(?:[ \t]+[-–—][ \t]+(?-i:[A-Z])[^\n.;:]{0,60}?)?[ \t*_]*", re.IGNORECASE)

#: An instruction deleting the part its line names, nothing after ("Delete the Sub-Clause.").
_DELETE_THE_PART = re.compile(r"\W*\b(?:delete|omit|remove|strike)\s+(?:the|this)\s+(?:sub-?clause|clause|sub-?paragraph|paragraph|"
                              r"article|detail|note|keynote)\s*[.;]?\s*$", re.IGNORECASE)


def _part_line_proposals(reading: Reading, items: Sequence[Item], corpus: Corpus, document: Document, file: str,
                         line_of: Callable[[int], int | None], vocabularies: Sequence[Any]) -> None:
    """A proposal on a whole document from an item right under a line naming a part of it alone
    ("Section 03 30 00 ..." heading, "Sub-Clause 2.02.B" line, "Delete entirely and substitute
    following:"): employers' bid addenda name each part on a line of its own over its instruction;
    the proposal is on that part (where the document holds it), and the part line's own proposal
    (it has no verb) gives way to it. Applied where the instruction is a plain imperative on that
    part (``_PLAIN_ON_PART_LINE``); otherwise proposed."""
    positions = _positions(items)
    moved: dict[str, tuple[str, Locator]] = {}
    out: list[ProposedEdge] = []
    for proposal in reading.proposed:
        index = positions.get(proposal.item.path or "")
        if proposal.target.path is not None or not index:
            out.append(proposal)
            continue
        item, before = items[index], items[index - 1]
        line = _PART_LINE.fullmatch(before.text.strip())
        found: list[str] = []
        if line is not None and before.parent == item.parent and before.heading_context == item.heading_context:
            word = line.group("word").lower().rstrip("s")
            if word in ("detail", "note", "keynote"):  # a sheet's callout: "Detail 2" is detail-2
                number = int(re.match(r"\d+", line.group(2)).group(0))
                callout = Locator(doc=proposal.target.doc, path=f"{word}-{number}")
                found = [callout.path] if corpus.exists(callout) else []
            else:
                found = place_path(corpus, proposal.target.doc, line.group(2))[0]
        if len(found) != 1:
            out.append(proposal)
            continue
        target = Locator(doc=proposal.target.doc, path=found[0])
        scope, successor = ("full", False) if _DELETE_THE_PART.fullmatch(item.text) else (proposal.scope, proposal.successor)
        why = f"the line above it names {line.group(0).strip()} alone: the change is to {target.format()}, for a person to confirm"
        moved[before.path] = (proposal.item.path or "", target)
        if _plain_on_part_line(proposal, item, items, target, scope, successor, corpus, vocabularies):
            name = ("replace" if successor else "delete") if scope == "full" else "amend"
            _apply(reading, document, item, target, Action(name, proposal.evidence.action or ""), proposal.rule,
                   file, line_of)
            continue
        out.append(proposal.model_copy(update={"target": target, "scope": scope, "successor": successor,
                                               "evidence": proposal.evidence.model_copy(update={"why": why})}))
    reading.proposed = [p for p in out if not (p.item.path in moved and p.target == moved[p.item.path][1])]


#: What may stand before the verb of an instruction under a part line: a bullet, or where in the
#: part its words are ("In the first line,", "In the second sentence,").
_PLAIN_ON_PART_LINE = re.compile(r"[\s*_\-–•]*(?:in\s+the\s+(?:first|second|third|fourth|fifth|last)\s+"
                                 r"(?:line|sentence|paragraph)\s*,\s*)?", re.IGNORECASE)


def _plain_on_part_line(proposal: ProposedEdge, item: Item, items: Sequence[Item], target: Locator, scope: str,
                        successor: bool, corpus: Corpus, vocabularies: Sequence[Any]) -> bool:
    """Whether an item under a line naming one part alone ("Sub-Clause 2.02.B" over "Delete the
    Sub-Clause.", "Detail 2" over "Delete entirely and substitute following: "..."") is a plain
    instruction on that part, for a document controller to apply without asking: its verb opens it
    (``_PLAIN_ON_PART_LINE``), it names no document or provision of its own, and its own words
    settle the extent (``_extent_evidence``, the one judge of that for an applied edge)."""
    quoted = _quoted_spans(item.text)
    read = _read_text(item.text, quoted)
    # (the proposal keeps its verb's words in lower case: found again as the item writes them)
    pieces = [re.search(whole_words(re.escape(p.strip()), p.strip()), read, re.IGNORECASE)
              for p in (proposal.evidence.action or "").split(" … ") if p.strip()]
    if not pieces or None in pieces:
        return False
    words = " … ".join(m.group(0) for m in pieces if m is not None)
    verb = _verb_at(read, words)
    if verb is None or not _PLAIN_ON_PART_LINE.fullmatch(read, 0, verb[0]):
        return False
    if any(r.target is not None or r.candidates for r in find_references(item.text, corpus, mask=quoted, titles=False)):
        return False
    edge = DerivedEdge(by=item.locator, target=target, scope=scope, rule=proposal.rule, words=words,
                       successor=successor, file=proposal.file, line=proposal.line)
    return bool(_extent_evidence(edge, item, items, vocabularies))


#: A label alone on its line over the text as it stood ("Original:", "Existing:") or as it now stands
#: ("Amended:", "Revised:"): amendment lists of multilateral-lender bidding documents.
_OLD_LABEL = re.compile(r"[ \t*_]*(?:original|existing|instead\s+of)[ \t*_]*:[ \t*_]*", re.IGNORECASE)
_NEW_LABEL_ALONE = re.compile(r"[ \t*_]*(?:amended|revised|read)[ \t*_]*:[ \t*_]*", re.IGNORECASE)

#: The new text saying the provision is gone ("Deleted.", "Clause deleted").
_GONE = re.compile(r"[\s*_(\[]*(?:(?:the\s+)?(?:sub-?)?(?:paragraph|clause|article|note|keynote|detail|text|item)\s+)?"
                   r"(?:deleted|omitted|removed|withdrawn)[\s.*_)\]]*", re.IGNORECASE)


def _labelled_old_and_new(reading: Reading, items: Sequence[Item]) -> None:
    """Proposals from a provision's old text and new text, each under its label alone on its line
    ("Original:" then "Section 33 11 00, 2.1.A <text as it stood>", "Amended:" then "Section 33 11 00,
    2.1.A <text as it stands now>" or "Deleted."): the provision given whole as it stood and as it
    stands, so whole; one proposal, on the new text's item (or the old one's where the new text says
    only that it is deleted, nothing in its place). The two passes of the itemizer keep the labels
    as headings of their own: this makes the pair one change. Proposals only: nothing is applied."""
    positions = _positions(items)
    by_item: dict[str, list[ProposedEdge]] = {}
    for proposal in reading.proposed:
        by_item.setdefault(proposal.item.path or "", []).append(proposal)
    rewrite: dict[int, ProposedEdge | None] = {}
    for item in items:
        heading = item.heading_context.strip().splitlines()[-1] if item.heading_context.strip() else ""
        if not _OLD_LABEL.fullmatch(heading) or item.path not in by_item:
            continue
        index = positions.get(item.path)
        new = next((other for other in items[index + 1:index + 4] if _NEW_LABEL_ALONE.fullmatch(
            other.heading_context.strip().splitlines()[-1] if other.heading_context.strip() else "")
            and other.parent != item.parent), None) if index is not None else None
        if new is None:
            continue
        olds = by_item[item.path]
        if _GONE.fullmatch(new.text):
            for proposal in olds:
                rewrite[id(proposal)] = proposal.model_copy(update={"scope": "full", "successor": False})
            continue
        news = {p.target.format(): p for p in by_item.get(new.path or "", [])}
        for proposal in olds:
            if proposal.target.format() in news:
                rewrite[id(proposal)] = None  # (the new text's proposal carries the change)
                kept = news[proposal.target.format()]
                rewrite[id(kept)] = kept.model_copy(update={"scope": "full", "successor": True, "evidence": kept.evidence.model_copy(
                    update={"why": f"gives {proposal.target.format()} as it stood and as it now stands, each under its "
                                   "label: restated whole, for a person to confirm"})})
    if rewrite:
        reading.proposed = [rewrite.get(id(p), p) for p in reading.proposed if rewrite.get(id(p), p) is not None]


#: A "Delete:" / "Insert:" pair run on in one paragraph ("... 2.1.B is modified as follows. Delete: X.
#: Insert: Y."): answers to bidders' questions write the exhibit pair so.
_RUN_ON_PAIR = re.compile(r"\b(?:delete|remove)[ \t*_]*:[ \t*_]*(?P<old>[^\n]+?)[ \t]+(?:insert|add)[ \t*_]*:[ \t*_]*(?P<new>[^\n]+)",
                          re.IGNORECASE)


def _run_on_pair_proposals(reading: Reading, items: Sequence[Item]) -> None:
    """A proposal in part on a provision from an item holding a run-on "Delete: ... Insert: ..." pair
    whose deleted words are whole sentences: proposed whole instead (the deleted words may be all of
    the provision, as the "Delete:" / "Insert:" pair on lines of their own; never applied here)."""
    by_key = {item.path: item for item in items}
    out = []
    for proposal in reading.proposed:
        item = by_key.get(proposal.item.path or "")
        pair = _RUN_ON_PAIR.search(item.text) if item is not None and proposal.scope == "partial" and (
            proposal.target.path is not None) else None
        if pair is not None and _WHOLE_SENTENCES.fullmatch(pair.group("old").strip()):
            proposal = proposal.model_copy(update={"scope": "full", "successor": True, "evidence": proposal.evidence.model_copy(
                update={"why": f"the deleted words are whole sentences: whether they are all of {proposal.target.format()} "
                               "(replaced whole) or a sentence of it is for a person to confirm"})})
        out.append(proposal)
    reading.proposed = out


#: The number of a provision as an item writes it ("2.2", "2.1.3", "2.2.C"), and a sub-part's own label
#: (a number, one letter, a roman numeral; in brackets or closed by one: "C)", "(b)", "4").
_NUMBER = r"(\d{1,2}(?:\.\d{1,3})+(?:\.[0-9A-Za-z]{1,3})*)(?![\w]|\.\w)"
_PART_LABEL = r"(?:no\.?[ \t]*)?\(?(\d{1,2}|[A-Za-z]|[ivxIVX]{2,4})\)?(?![\w]|\.\w)"
#: A sub-part (the pack's ``sub_parts``) named right before the provision's number, by a linking word and
#: at most one word for the provision ("inciso C) del artículo 2.2", "le paragraphe 3 de l'article 2.1",
#: "item 2 of Clause 3.1") ...
_PART_BEFORE = (r"\b(?:{words})[ \t]+" + _PART_LABEL + r"[ \t]+(?:of|in|under|del|de[ \t]+la|de[ \t]+l['’]|de|du|do|da|des)"
                r"[ \t]*(?:the[ \t]+|la[ \t]+|el[ \t]+|le[ \t]+|o[ \t]+)?(?:[^\W\d]+\.?[ \t]*)?" + _NUMBER)
#: ... or right after it, a comma or colon and a determiner between at most ("numeral 2.2, literal c)",
#: "à l'article 2.1, l'alinéa 4", "Article 2.2, sub-clause C")
_PART_AFTER = (r"(?<![\w.])" + _NUMBER + r"[ \t]*[,:;]?[ \t]*(?:the[ \t]+|el[ \t]+|la[ \t]+|le[ \t]+|a[ \t]+|o[ \t]+|l['’][ \t]*)?"
               r"(?:{words})[ \t]+" + _PART_LABEL)


def _sub_part_unjoined(edge: DerivedEdge, item: Item, vocabularies: Sequence[Any]) -> str | None:
    """The words naming a sub-part of ``edge``'s target right before or after the target's own number in
    the item's instruction (its first paragraph, quotations aside), where the target's path does not
    carry that part: the edge would delete or replace the whole provision where the item names a part of
    it. (An edge in part is left alone: "Insert the following Paragraph C in Article 1.09" adds to the
    article, which is what changes.)"""
    path = edge.target.path
    if path is None or edge.scope != "full":
        return None
    text = item.text.split("\n\n", 1)[0]
    for start, end in _quoted_spans(text):
        text = text[:start] + " " * (end - start) + text[end:]
    for layout, number in ((_PART_BEFORE, 2), (_PART_AFTER, 1)):
        for match in worded(layout, vocabularies, "sub_parts").finditer(text):
            if match.group(number).casefold() == path.casefold():
                return " ".join(match.group(0).split())
    return None


def _guards(reading: Reading, items: Sequence[Item], corpus: Corpus, document: Document, file: str,
            line_of: Callable[[int], int | None], vocabularies: Sequence[Any],
            notations: Mapping[str, Sequence[re.Pattern[str]]] | None = None) -> None:
    """Every applied edge through the structural guards above (after every other reading), and
    last through the instruction's frame (``frame``): whatever applied it, its verb must stand as
    this addendum's instruction."""
    by_key = {item.path: item for item in items}
    no_change = [pattern for vocab in vocabularies for pattern in vocab.no_change]
    reasons = [pattern for vocab in vocabularies for pattern in vocab.reasons]
    follows_in_verb = worded(_FOLLOWS_IN_VERB, vocabularies, "as_follows")
    read_verb = worded(_READ_VERB, vocabularies, "read_verbs")
    named_at, joined = provision_named(vocabularies), clause_joined(vocabularies)
    drop: set[tuple[str, str]] = set()
    siblings_of = _AppliedByItem(reading)
    for edge in list(reading.applied):
        item = by_key.get(edge.by.path)
        if item is None:
            continue
        siblings = siblings_of(edge.by.path)
        found = _guard(edge, item, items, siblings, corpus, no_change, reasons, follows_in_verb,
                       read_verb=read_verb, named_at=named_at, joined=joined)
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
    for edge in list(reading.applied):
        # the sub-part gate (audit 59): "se elimina el inciso C) del artículo 2.2" read as the article alone
        # deleted it whole; a part named beside the target's number that its path does not carry never
        # deletes or replaces the provision whole, whatever reading placed the edge
        item = by_key.get(edge.by.path)
        if item is None or (edge.by.format(), edge.target.format()) in drop or (
                named := _sub_part_unjoined(edge, item, vocabularies)) is None:
            continue
        drop.add((edge.by.format(), edge.target.format()))
        why = (f'names "{named}", a part of {edge.target.format()} not read as its own target: whether that part '
               "or the whole of it changes is for a person to confirm")
        _propose(reading, item, edge.target, Action(_verb_name(edge), edge.words, ambiguous=why), edge.target.format(),
                 edge.rule, file, line_of, why)
    insertions = words_of(vocabularies, "insertions")
    for edge in list(reading.applied):
        # the new-number gate (audit 59's F06): "A new Clause 7.3 is added" where the target document holds a 7.3
        # already, no renumbering said, is no change in part of that 7.3 the engine can be sure of (the owner
        # may have meant it replaced, or added beside it under another number)
        item = by_key.get(edge.by.path)
        if (item is None or edge.scope != "partial" or edge.target.path is None
                or (edge.by.format(), edge.target.format()) in drop
                or edge.target.path not in corpus.path_set(edge.target.doc)
                or not names_new_clause(item.text, edge.target.path, insertions, held=True,
                                        nouns=corpus.new_clause_nouns)):
            continue
        drop.add((edge.by.format(), edge.target.format()))
        why = (f"adds a new clause {edge.target.path} where {edge.target.doc} holds a {edge.target.path} already and no "
               "renumbering is said: whether that clause is replaced, changed in part or joined by another is for a "
               "person to decide")
        _propose(reading, item, edge.target, Action(_verb_name(edge), edge.words, ambiguous=why), edge.target.format(),
                 edge.rule, file, line_of, why)
    for edge in list(reading.applied):
        # the extent gate (issue 21 round 21): an edge on a provision or a callout is applied only where
        # the item's own words settle full against partial (new text under the provision's label, "in
        # its entirety", quoted words, a part named, an addition or a value given anew, the provision
        # itself the object of a deletion); a scope resting on the verb alone is for a person
        item = by_key.get(edge.by.path)
        if (item is None or edge.target.path is None or (edge.by.format(), edge.target.format()) in drop
                or (edge.by.format(), edge.target.format()) in reading.settled
                or _extent_evidence(edge, item, items, vocabularies)):
            continue
        drop.add((edge.by.format(), edge.target.format()))
        why = (f"its words do not settle whether all of {edge.target.format()} or part of it changes (no new text "
               "under its label, no \"in its entirety\", no quoted words, no part named): for a person to confirm")
        name = _verb_name(edge)
        _propose(reading, item, edge.target, Action(name, edge.words, ambiguous=why), edge.target.format(), edge.rule,
                 file, line_of, why)
    _drop_applied(reading, drop)
    _sentence_by_sentence(reading, items, corpus, file, line_of, vocabularies)
    _proposed_line_by_line(reading, items, corpus, vocabularies)
    _revised_sheets_proposed_whole(reading, items, corpus)
    _one_changed_of_several(reading, items, corpus, document, file, line_of, vocabularies)
    _unplaced_parts(reading, items, corpus, document, file, line_of, vocabularies)
    _same_designation(reading, items)
    _restated_proposals(reading, items)
    _heading_documents_replaced(reading, items, corpus, document, file, line_of)
    _part_line_proposals(reading, items, corpus, document, file, line_of, vocabularies)
    _labelled_old_and_new(reading, items)
    _run_on_pair_proposals(reading, items)
    _withdrawn_documents(reading, items)
    _revision_for_revision(reading, items)
    _restated_proposals_whole(reading, items)
    _framed(reading, items, corpus, document, file, line_of, vocabularies, notations)


def _drop_applied(reading: Reading, drop: set[tuple[str, str]]) -> None:
    """The applied edges (and their graph edges) of the (item, target) pairs in ``drop`` taken out:
    a gate has proposed them instead."""
    if drop:
        reading.applied = [e for e in reading.applied if (e.by.format(), e.target.format()) not in drop]
        reading.edges = [e for e in reading.edges
                         if e.by is None or (e.by.format(), e.target.format()) not in drop]


def _verb_name(edge: DerivedEdge) -> str:
    """The action an applied edge did, by its name: what a proposal in its place is said to do."""
    return ("replace" if edge.successor else "delete") if edge.scope == "full" else "amend"


def _framed(reading: Reading, items: Sequence[Item], corpus: Corpus, document: Document, file: str,
            line_of: Callable[[int], int | None], vocabularies: Sequence[Any],
            notations: Mapping[str, Sequence[re.Pattern[str]]] | None) -> None:
    """Every applied edge whose verb does not stand in an instruction's frame (``frame.outside_frame``:
    a condition, a permission or advice, a forecast, a report, a part of the work, a verb read out of
    another word), proposed with the reason; the last gate, after every reading that applies. A
    proposal made for another reason (its section not placed) whose verb stands outside the frame
    too says so as well: "Sofern der Auftraggeber die Option beauftragt, entfällt OZ 02.02." is
    proposed for the clause's document and for its condition, which a person weighs (audit 70 C L3)."""
    by_key = {item.path: item for item in items}
    for at, proposal in enumerate(reading.proposed):
        item = by_key.get(proposal.item.path)
        if item is None or not proposal.evidence.action:
            continue
        edge = DerivedEdge(by=proposal.item, target=proposal.target, scope=proposal.scope, rule=proposal.rule,
                           words=proposal.evidence.action, successor=proposal.successor)
        why = outside_frame(edge, item, corpus, vocabularies, document, notations)
        if why is not None and why not in proposal.evidence.why:
            reading.proposed[at] = proposal.model_copy(update={"evidence": proposal.evidence.model_copy(
                update={"why": f"{proposal.evidence.why}; also, {why}"})})
    drop: set[tuple[str, str]] = set()
    for edge in list(reading.applied):
        item = by_key.get(edge.by.path)
        if item is None or (why := outside_frame(edge, item, corpus, vocabularies, document, notations)) is None:
            continue
        drop.add((edge.by.format(), edge.target.format()))
        name = _verb_name(edge)
        _propose(reading, item, edge.target, Action(name, edge.words, ambiguous=why), edge.target.format(), edge.rule,
                 file, line_of, why)
    _drop_applied(reading, drop)


#: A whole document said to be withdrawn ("Section 06 10 00 earlier issued is withdrawn", "Drawing
#: C-104 previously issued has been withdrawn"); and a copy of it issued anew in the same item
#: ("collect the re-issued Section", "a revised copy is attached").
_WITHDRAWN = re.compile(r"\b(?:is|are|has\s+been|have\s+been|stands?)\s+(?:hereby\s+)?withdrawn\b", re.IGNORECASE)
_ISSUED_ANEW = re.compile(r"\b(?:re-?issued|reissue|replacement|revised\s+(?:copy|issue|version)|new\s+(?:copy|issue|version))\b",
                          re.IGNORECASE)


def _withdrawn_documents(reading: Reading, items: Sequence[Item]) -> None:
    """A proposal on a whole document, read with no verb of the pack, from an item saying the
    document is withdrawn (tender boards withdraw a section or drawing of the set as it was
    issued): all of it goes, and where the item gives a copy issued anew, that copy takes its
    place. Proposals only: the scope and successor of the proposal, nothing applied."""
    by_key = {item.path: item for item in items}
    out = []
    for proposal in reading.proposed:
        item = by_key.get(proposal.item.path or "")
        why = proposal.evidence.why or ""
        if (item is None or proposal.target.path is not None or not why.startswith("no verb of the pack")
                or not _WITHDRAWN.search(item.text)):
            out.append(proposal)
            continue
        successor = bool(_ISSUED_ANEW.search(item.text))
        out.append(proposal.model_copy(update={"scope": "full", "successor": successor, "evidence": proposal.evidence.model_copy(
            update={"why": f"it says {proposal.target.format()} is withdrawn" + (", and gives a copy issued anew" if successor else "")
                    + ": the whole of it, for a person to confirm"})}))
    reading.proposed = out


#: One revision of a document put in place of another ("replace Revision A with Revision B", "Rev. 3
#: supersedes Rev. 2", "revision 1 substituted by revision 2"; for several sheets, "Drawings P-1
#: Revision B and P-2 Revision B replace Revision A", round 52): drawing registers give a sheet's
#: new revision so, the sheet issued anew whole.
_REVISION_FOR_REVISION = re.compile(
    r"\b(?:replace|substitute|supersede)[sd]?\s+(?:rev(?:ision)?\.?\s*\w{1,3})\s+(?:with|by)\s+rev(?:ision)?\.?\s*\w{1,3}\b|"
    r"\brev(?:ision)?\.?\s*\w{1,3}\s+(?:supersedes?|replaces?|(?:is|are)\s+(?:superseded|replaced|substituted)\s+by)\s+"
    r"rev(?:ision)?\.?\s*\w{1,3}\b", re.IGNORECASE)


def _revision_for_revision(reading: Reading, items: Sequence[Item]) -> None:
    """A proposal on a whole document in part, from an item putting one revision of it in place of
    another: the document is issued anew, whole, the item's copy its successor. Proposals only:
    the scope of the proposal, nothing applied."""
    by_key = {item.path: item for item in items}
    out = []
    for proposal in reading.proposed:
        item = by_key.get(proposal.item.path or "")
        if (item is None or proposal.target.path is not None or proposal.scope != "partial"
                or not _REVISION_FOR_REVISION.search(item.text)):
            out.append(proposal)
            continue
        out.append(proposal.model_copy(update={"scope": "full", "successor": True, "evidence": proposal.evidence.model_copy(
            update={"why": f"it puts a new revision of {proposal.target.format()} in place of the old one: the whole "
                           "of it issued anew, for a person to confirm"})}))
    reading.proposed = out


def _sentences(text: str) -> list[tuple[int, int]]:
    """The item's sentences (quoted words kept whole; a line break ends one)."""
    quoted = _quoted_spans(text)
    read = _read_text(text, quoted)
    # (a quotation closing on its own full stop ends the sentence it closes: '... to read: "A. ...
    # pressure." Detail 1 ...')
    closing = quotations_closing(text, quoted)
    cuts = sorted({m.end() for m in _SENTENCE.finditer(read)} | {m.start() for m in re.finditer(r"\n", read)}
                  | {m.end() for m in re.finditer(r"\?(?=\s)", read)} | closing)
    bounds = [0, *cuts, len(text)]
    return [(a, b) for a, b in zip(bounds, bounds[1:], strict=False) if text[a:b].strip()]


def _lead_of(text: str) -> str:
    """The item's lead: what stands before the first colon of its first sentence, outside quotes
    ("Section 22 11 16 Piping, clause 3.1.A:"), or nothing."""
    read = _read_text(text, _quoted_spans(text))
    first = _sentences(text)[0] if text.strip() else (0, 0)
    colon = read.find(":", first[0], first[1])
    return text[:colon] if colon > 0 else ""


def _own_clauses(part: str, quoted: Sequence[tuple[int, int]], references: Sequence[Any],
                 vocabularies: Sequence[Any]) -> list[tuple[set[Locator], Action]]:
    """A sentence holding a second instruction that names its own provision (``SECOND_INSTRUCTION``:
    "Delete Paragraph 2.2.C and revise Paragraph 2.1.C to read ..."), cut there: each clause with the
    targets it names and the action its own verb reads, so that each target takes its own verb's scope
    and successor, never the other's (audit 60: 2.2.C applied as replaced). Empty where the sentence
    holds none, or a clause names no target or reads no change (then the sentence is read whole)."""
    read = _read_text(part, quoted)
    cuts = [m.end() for m in SECOND_INSTRUCTION.finditer(read)]
    if not cuts:
        return []
    clauses = []
    for a, b in zip([0, *cuts], [*cuts, len(part)], strict=True):
        named = {r.target for r in references if a <= r.span[0] < b}
        local = [(max(s, a) - a, min(e, b) - a) for s, e in quoted if s < b and e > a]
        action = read_action(part[a:b], list(vocabularies), mask=local)
        if not named or not action.changes:
            return []
        clauses.append((named, action))
    return clauses


def _sentence_by_sentence(reading: Reading, items: Sequence[Item], corpus: Corpus, file: str,
                          line_of: Callable[[int], int | None], vocabularies: Sequence[Any]) -> None:
    by_key = {item.path: item for item in items}
    groups: dict[str, list[DerivedEdge]] = {}
    for edge in reading.applied:
        groups.setdefault(edge.by.path or "", []).append(edge)
    drop: set[tuple[str, str]] = set()
    for path, edges in groups.items():
        item = by_key.get(path)
        if item is None or len({e.target for e in edges}) < 2:
            continue
        text = item.text
        read: list[tuple[set[Locator], Action]] = []
        for a, b in _sentences(text):
            part = text[a:b]
            local = _quoted_spans(part)
            references = [r for r in find_references(part, corpus, mask=local) if r.target is not None]
            read.extend(_own_clauses(part, local, references, vocabularies)
                        or [({r.target for r in references}, read_action(part, list(vocabularies), mask=local))])
        lead = _lead_of(text)
        in_lead = {r.target for r in find_references(lead, corpus, mask=_quoted_spans(lead))
                   if r.target is not None} if lead else set()
        targets = {e.target for e in edges}
        for edge in edges:
            naming = [(named, action) for named, action in read if edge.target in named]
            if not naming:
                continue
            changing = [(named, action) for named, action in naming if action.changes]
            if not changing and edge.target not in in_lead and (targets - {edge.target}) & in_lead:
                drop.add((edge.by.format(), edge.target.format()))
                why = (f"names {edge.target.format()} only where it explains the change to another target "
                       "(no change verb beside it): whether it changes too is for a person to confirm")
                _propose(reading, item, edge.target, Action("amend" if edge.scope == "partial" else
                         "replace" if edge.successor else "delete", edge.words, ambiguous=why),
                         edge.target.format(), edge.rule, file, line_of, why)
                continue
            if len(changing) == 1:
                named, action = changing[0]
                others = {t for t in targets - {edge.target} if t.doc != edge.target.doc or t.path is not None}
                if named & others or action.ambiguous is not None:
                    continue
                if (action.scope, action.successor) != (edge.scope, edge.successor):
                    _swap(reading, edge, action.scope, action.successor)
    _drop_applied(reading, drop)


def _line_names(line: str, target: Locator, corpus: Corpus) -> bool:
    """Whether one line of an item names ``target``: by a reference of its own, or (a line under
    the item's heading line, which names the document) by the target's own label ("Sub-clause
    3.1.B (Deleted)", "Detail 3 (Deleted)")."""
    if any(r.target == target for r in find_references(line, corpus, mask=_quoted_spans(line))):
        return True
    path = target.path or ""
    if re.fullmatch(r"[a-z]+-\d+\w*", path):
        kind, number = path.rsplit("-", 1)
        return re.search(rf"\b{kind}s?\s+(?:no\.?\s*)?0*{re.escape(number)}(?![\w.-])", line, re.IGNORECASE) is not None
    return bool(path) and re.search(rf"(?<![\w.]){re.escape(path)}(?![\w]|\.\w)", line) is not None


def _proposed_line_by_line(reading: Reading, items: Sequence[Item], corpus: Corpus, vocabularies: Sequence[Any]) -> None:
    """An item listing its changes a line each, every line with its own marker or verb ("Sub-clauses
    2.1.A & 2.1.B (Amended)" then "Sub-clause 3.1.B (Deleted)"; "Drawing No. X (Revised)" then
    "Drawing No. Y, Detail 3 (Deleted)"): owners' change schedules give each line its own action.
    Proposed for the mix of verbs, each target keeps the action of the one line naming it (still
    proposed: a person confirms)."""
    by_key = {item.path: item for item in items}
    groups: dict[str, list[int]] = {}
    for index, proposal in enumerate(reading.proposed):
        groups.setdefault(proposal.item.path or "", []).append(index)
    for path, indices in groups.items():
        item = by_key.get(path)
        if item is None or len({reading.proposed[i].target for i in indices}) < 2 or "\n" not in item.text.strip():
            continue
        lines = []
        for a, b in _sentences(item.text):
            part = item.text[a:b]
            lines.append((part, read_action(part, list(vocabularies), mask=_quoted_spans(part)), a))
        for i in indices:
            proposal = reading.proposed[i]
            naming = [(at, action) for part, action, at in lines if _line_names(part, proposal.target, corpus)]
            if len(naming) != 1 or not naming[0][1].changes or naming[0][1].ambiguous is not None:
                continue
            at, action = naming[0]
            whole_line = item.text[item.text.rfind("\n", 0, at + 1) + 1:].split("\n", 1)[0]
            if (proposal.target.path is None and action.action == "amend" and action.words.strip().lower() == "revised"
                    and _SHEET_WORD.search(whole_line) and _CALLOUT_WORD.search(whole_line) is None):
                # "Drawing No. E-501 Lighting Details (Revised)": a sheet marked revised, no part of it
                # named, is the sheet drawn and issued again (the whole of it; a section's pages may not be)
                action = Action("replace", action.words, action.span, True)
            if (action.scope, action.successor) != (proposal.scope, proposal.successor):
                reading.proposed[i] = proposal.model_copy(update={
                    "scope": action.scope, "successor": action.successor,
                    "evidence": proposal.evidence.model_copy(update={"action": action.words or None,
                                                                     "change": action.action})})


def _revised_sheets_proposed_whole(reading: Reading, items: Sequence[Item], corpus: Corpus) -> None:
    """A sheet proposed as changed in part by an item listing it as revised, with only "revised"
    for a verb and no part of it named ("PLANS: Revised sheets E-102 and E-501."): proposed as the
    sheet issued anew, the addendum's copy its successor (what such a list most often means;
    still for a person to confirm)."""
    if not reading.proposed:
        return
    by_key = {item.path: item for item in items}
    sheets: set[str] | None = None
    for index, proposal in enumerate(reading.proposed):
        if proposal.target.path is not None or proposal.scope != "partial" or (
                (proposal.evidence.action or "").strip().lower() not in ("revised", "revise")):
            continue
        item = by_key.get(proposal.item.path or "")
        if item is None or not _REVISED_SHEETS.search(item.text) or _CALLOUT_WORD.search(item.text):
            continue
        if sheets is None:
            sheets = {doc for entries in corpus.directory.by_sheet.values() for doc, _ in entries}
        if proposal.target.doc in sheets:
            reading.proposed[index] = proposal.model_copy(update={"scope": "full", "successor": True})


#: A document replaced by the one "of (the) same designation/number" ("Replace sheets of same
#: designation to show ...", "replace the section with the section of the same number"): the
#: verb's object is the document itself, whatever the purpose words after it say.
_SAME_DESIGNATION = re.compile(
    r"\b(?:replace|substitute|supersede)\s+(?:the\s+|each\s+|all\s+)?(?:(?:drawing|plan|specification)\s+)?"
    r"(?:sheets?|drawings?|sections?|documents?|specifications?)\s+(?:of|by|with)\s+(?:the\s+)?(?:same|like)\s+"
    r"(?:designation|number|sheet\s+number|section\s+number)s?\b", re.IGNORECASE)


#: Whole documents given as replacements ("replacement sheets come with this addendum"); never
#: "replacement pages" (some pages of it).
_REPLACEMENT_DOCUMENT = re.compile(r"\breplacement\s+(?:(?:drawing|plan)\s+)?(?:sheets?|drawings?|sections?|documents?)\b",
                                   re.IGNORECASE)

#: Every page of a document named ("All pages (Revised)", "all the pages"): the whole of it.
_ALL_PAGES = re.compile(r"\ball\s+(?:the\s+|its\s+)?pages\b", re.IGNORECASE)

#: A copy of the document given with the addendum ("replacement sheets", "the replacement
#: pages", "attached", "revised", "reissued"): something takes the place of what is named.
_ANEW_COPY = re.compile(r"\b(?:replacement|attached|enclosed|re-?issued|revised|insert(?:ed)?)\b", re.IGNORECASE)


def _same_designation(reading: Reading, items: Sequence[Item]) -> None:
    """A whole document proposed in part (or deleted) where the item replaces it by the document of
    the same designation, or says the whole of it (every page, "the whole section") is given anew
    ("Plan Sheets X and Y are revised; replacement sheets come with this addendum", "Section ...,
    Pages 1 through 3 (the whole section): remove and insert the replacement pages"): the whole of
    it, the addendum's copy its successor (still proposed: a person confirms)."""
    by_key = {item.path: item for item in items}
    for index, proposal in enumerate(reading.proposed):
        item = by_key.get(proposal.item.path or "")
        if item is None or proposal.target.path is not None or (proposal.scope, proposal.successor) == ("full", True):
            continue
        read = _read_text(item.text, _quoted_spans(item.text))
        # ("Replace in its entirety page 3 with the attached page": the entirety is the page's; the
        # whole document only where its own words say so, "the whole section", or where no page is named)
        whole = _ALL_PAGES.search(read) or any(
            not _ENTIRETY.fullmatch(m.group(0)) or not _OWN_PAGES.search(read) for m in _OWN_WHOLE.finditer(read))
        if _SAME_DESIGNATION.search(read) is None and _REPLACEMENT_DOCUMENT.search(read) is None and not (
                whole and _ANEW_COPY.search(read)):
            continue
        reading.proposed[index] = proposal.model_copy(update={
            "scope": "full", "successor": True, "evidence": proposal.evidence.model_copy(update={"change": "replace"})})


#: An instruction that is only the replacement of the documents its heading names by those of
#: the same designation ("1. Replace sheets of same designation to show ..."), its label aside.
_REPLACES_SAME = re.compile(r"\W*(?:\d{1,2}[.)]\s*)?" + _SAME_DESIGNATION.pattern, re.IGNORECASE)


def _heading_documents_replaced(reading: Reading, items: Sequence[Item], corpus: Corpus, document: Document,
                                file: str, line_of: Callable[[int], int | None]) -> None:
    """"ITEM NO. 2 - SHEETS M-101, M-201" over "1. Replace sheets of same designation to show ...":
    owners head an item with the documents it changes and say under it that each is replaced by the
    one of the same designation. Applied when the instruction opens with that verb and object,
    names no document of its own, and its heading names by number exactly the documents proposed
    (every one of them, each whole); otherwise they stay proposed."""
    by_key = {item.path: item for item in items}
    groups: dict[str, list[ProposedEdge]] = {}
    for proposal in reading.proposed:
        groups.setdefault(proposal.item.path or "", []).append(proposal)
    for path, proposals in groups.items():
        item = by_key.get(path)
        head = by_key.get(item.parent or "") if item is not None else None
        if item is None or head is None or _REPLACES_SAME.match(item.text) is None or any(
                p.target.path is not None or (p.scope, p.successor) != ("full", True) for p in proposals):
            continue
        own = [r for r in find_references(item.text, corpus, mask=_quoted_spans(item.text), titles=False)
               if r.target is not None or r.candidates]
        headed = {r.target for r in find_references(head.text, corpus, mask=_quoted_spans(head.text), titles=False)
                  if r.target is not None and r.by_number}
        if own or not headed or headed != {p.target for p in proposals}:
            continue
        reading.proposed = [p for p in reading.proposed if p.item.path != path]
        for proposal in proposals:
            _apply(reading, document, item, proposal.target, Action("replace", "replace ... of same designation"),
                   proposal.rule, file, line_of)


#: A reading phrase ending the instruction, the new text after it ("is revised to read:", "change
#: this paragraph to read as follows:", "is amended to state the following:").
_READING_PHRASE = re.compile(r"\bto\s+(?:read|state)(?:\s+as\s+follows|\s+the\s+following)?(?:\s*:)?", re.IGNORECASE)


def _restated_proposals(reading: Reading, items: Sequence[Item]) -> None:
    """A provision proposed for a change in part whose item gives, after its reading phrase, new
    text opening with the provision's own label ("Paragraph A is revised to read: "A. ...""): the
    complete restatement, the provision replaced whole (still proposed: something else put it in
    doubt)."""
    by_key = {item.path: item for item in items}
    for index, proposal in enumerate(reading.proposed):
        item = by_key.get(proposal.item.path or "")
        if item is None or proposal.target.path is None or proposal.scope != "partial" or re.search(
                r"\b(?:add|insert|append)", proposal.evidence.action or "", re.IGNORECASE):
            continue
        read = _read_text(item.text, _quoted_spans(item.text))
        after = next((items[i + 1].text for i, s in enumerate(items[:-1]) if s.path == item.path), "")
        # (the new text may stand in the item after, a paragraph of its own)
        if not any(_opens_with_own_label(item.text[m.end():] if item.text[m.end():].strip() else after, proposal.target)
                   for m in _READING_PHRASE.finditer(read)):
            continue
        reading.proposed[index] = proposal.model_copy(update={
            "scope": "full", "successor": True, "evidence": proposal.evidence.model_copy(update={"change": "replace"})})


#: Why an item naming several targets proposed each (``extent``): nothing else in doubt.
_SEVERAL_NAMED = re.compile(r"names \d+ targets: each is proposed")


def _one_changed_of_several(reading: Reading, items: Sequence[Item], corpus: Corpus, document: Document, file: str,
                            line_of: Callable[[int], int | None], vocabularies: Sequence[Any]) -> None:
    """A question naming two provisions that disagree, answered by changing one of them ("Sheet Y,
    Note 4 governs. Paragraph 2.3.B of Section X is amended by adding at its end: ..."): owners'
    answers settle such a conflict so, one sentence saying which governs, one changing the other.
    When exactly one of the targets the item proposed is named in a sentence of the answer with
    a change verb (one action, no other target named there), and every other is named only in
    sentences with none, that one is applied with its sentence's action; the others stay proposed."""
    by_key = {item.path: item for item in items}
    groups: dict[str, list[Any]] = {}
    for proposal in reading.proposed:
        groups.setdefault(proposal.item.path or "", []).append(proposal)
    applied_items = {e.by.path for e in reading.applied}
    for path, proposals in groups.items():
        item = by_key.get(path)
        if (item is None or item.answer is None or path in applied_items or len(proposals) < 2
                or not all(_SEVERAL_NAMED.fullmatch(str(p.evidence.why)) for p in proposals)):
            continue
        targets = {p.target for p in proposals}
        changing: list[tuple[set[Locator], Action]] = []
        for a, b in _sentences(item.text):
            if b <= item.answer:
                continue  # (what the question says changes nothing)
            part = item.text[a:b]
            local = _quoted_spans(part)
            named = {r.target for r in find_references(part, corpus, mask=local) if r.target is not None}
            action = read_action(part, list(vocabularies), mask=local)
            if named & targets and action.changes:
                changing.append((named & targets, action))
        if len(changing) != 1 or len(changing[0][0]) != 1 or changing[0][1].ambiguous is not None:
            continue
        (target,), action = changing[0]
        if not corpus.exists(target):
            continue
        reading.proposed = [p for p in reading.proposed if not (p.item.path == path and p.target == target)]
        _apply(reading, document, item, target, action, proposals[0].rule, file, line_of)


#: A part added by its own number ("Add new Article 3.4", "add Keynote 2", "the new page adds Article
#: 3.2", 'add the following note: "NOTE 2: ..."'): an article or paragraph by its dotted label, a
#: note, keynote or detail by its number.
_ADDED_PART = re.compile(
    r"(?i:\b(?:add(?:s|ed|ing)?|insert(?:s|ed|ing)?)\s+(?:(?:the\s+)?following\s+(?:new\s+)?(?:general\s+)?"
    r"(?:key\s*)?notes?\s*:?\s*[\"“]?\s*|(?:an?\s+)?(?:new\s+)?)(?:(?:general|sheet|plan)\s+)?"
    r"(articles?|paragraphs?|(?:sub-?)?clauses?|key\s*notes?|notes?|details?)\s+(?:no\.?\s*|#\s*)?[\"“]?)"
    # ('Add new clause "C3.6 OCCUPATIONAL HEALTH AND SAFETY - ..."': a clause numbered with its part's letter, quoted
    # with its title, round 58)
    r"((?-i:[A-Z]{1,2})?\d{1,2}\.\d{1,3}(?:\.[A-Z])?|\d{1,3})(?![\w-]|\.\w)")

#: Words changing the same words wherever they stand in the document.
_THROUGHOUT = re.compile(
    r"\bthroughout\s+(?:the|this|that|said)\s+(?:entire\s+)?(?:specification\s+)?(?:sections?|sheets?|drawings?|"
    r"documents?|specifications?)\b|\bwherever\s+(?:it|they|this|these|the\s+\w+)\s+(?:appears?|occurs?|is\s+used)\b|"
    r"\b(?:every|each|all)\s+(?:references?|occurrences?|instances?|mentions?)\s+(?:in|to|of)\b", re.IGNORECASE)


#: Pages of a section named by number, a list or range of them ("page 2 of 4", "pages 04 20 00-2 and
#: 04 20 00-3", "Pages 05 12 00-3A through 05 12 00-3C", "page numbers: 07 21 00-2 and 23 31 13-2"): the section's own number
#: before each (``doc``), the page, a letter for a page slipped in, its count ("of 4").
_PAGE_RUN = re.compile(
    r"\bpages?\s+(?:(?:numbers?|nos?\.?)\s*:?\s*)?(?P<run>(?:\d{2}\s?\d{2}\s?\d{2}\s?[-/]\s?)?\d{1,3}[A-Za-z]?(?:\s+of\s+\d{1,3})?"
    r"(?:\s*(?:,\s*and|,|and|&|through|thru|to|[-\u2013])\s*(?:pages?\s+)?"
    r"(?:\d{2}\s?\d{2}\s?\d{2}\s?[-/]\s?)?\d{1,3}[A-Za-z]?(?:\s+of\s+\d{1,3})?)*)(?![\w/.-]*\d)", re.IGNORECASE)
_ONE_PAGE = re.compile(r"(?:(?P<doc>\d{2}\s?\d{2}\s?\d{2})\s?[-/]\s?)?(?P<page>\d{1,3})(?P<letter>[A-Za-z])?(?![\w])"
                       r"(?:\s+of\s+(?P<count>\d{1,3}))?")


def _later_pages(read: str, doc: str) -> bool:
    """Whether the pages an item names of section ``doc`` leave some of it as it was: pages after
    its first ("page 08 71 00-2 reprinted", "Revised pages 2 and 3"), a page slipped in between
    two of its own ("the attached Pages 05 12 00-3A through 05 12 00-3C"), or pages fewer than the
    count the item gives ("page 2 of 4", "page 3 of 6 and page 4 of 6"). Pages of another section
    it lists are not its own; a range from the first, or a part named beside the pages (then the
    pages only say where to find it), says nothing of the kind."""
    if _NUMBERED_INSIDE.search(read) or _CALLOUT_NAMED.search(read) or _LETTER_NAMED.search(read):
        return False  # (a part named: where the change is, the pages only say where to find it)
    number = re.sub(r"\D", "", doc.rsplit("-", 1)[-1])
    runs = list(_PAGE_RUN.finditer(read))
    if not runs or not number:
        return False
    own = re.search(r"(?<![\d-])" + r"\s?".join((number[0:2], number[2:4], number[4:6])) + r"(?![\d-])", read) \
        if len(number) == 6 else None
    pages: set[int] = set()
    counts: set[int] = set()
    inserted = False
    for run in runs:
        if re.search(r"\b(?:see|refer\s+to)\b[^.;\n]{0,20}$", read[:run.start()], re.IGNORECASE):
            return False  # ("See the new pages ...": where a change is, not the change)
        bare = re.match(r"pages?\s+(?:numbers?|nos?\.?)", run.group(0), re.IGNORECASE) is not None or (
            own is None or own.start() > run.start())
        last: int | None = None
        text = run.group("run")
        for m in _ONE_PAGE.finditer(text):
            between = text[m.start() - 12 if m.start() >= 12 else 0:m.start()]
            if m.group("doc") is not None and re.sub(r"\D", "", m.group("doc")) != number:
                last = None
                continue  # (a page of another section the item lists: "07 21 00-1, ... and 23 31 13-2")
            if m.group("doc") is None and bare:
                # ("Page No. 58 to 60, Section 22 40 00": a bare page written before the section, or as
                # "Page No.", is the volume's page, not one of the section's own)
                last = None
                continue
            page = int(m.group("page"))
            if last is not None and m.group("letter") is None and re.search(
                    r"(?:through|thru|to|[-\u2013])\s*(?:pages?\s+)?(?:\d{2}\s?\d{2}\s?\d{2}\s?[-/]\s?)?$", between,
                    re.IGNORECASE):
                pages.update(range(last, page + 1))  # (a range: every page in it)
            inserted = inserted or m.group("letter") is not None
            pages.add(page)
            last = page
            if m.group("count"):
                counts.add(int(m.group("count")))
    if not pages or len(counts) > 1:
        return False
    if counts:
        return len(pages) < min(counts) and max(pages) <= min(counts)
    return inserted or min(pages) > 1


def _located_anyway(edge: DerivedEdge, item: Item, items: Sequence[Item], corpus: Corpus) -> bool:
    """Whether the item locates its change in part of ``edge.target`` (a whole document) though it
    names no part of it that exists (see the exceptions above)."""
    read = _read_text(item.text, _quoted_spans(item.text))
    doc = edge.target.doc
    if item.answer is None and _OWN_WHOLE.search(read) is None and _later_pages(read, doc):
        # (not in an answer: "Response: Yes. See the new pages ... inserted by this Addendum" points to
        # the item that puts them in)
        return True  # ("page 2 of 4", "(page 08 71 00-2 reprinted)": the pages changed, the rest kept)
    if _OWN_WHOLE.search(read) or _REPRINTED.search(read):
        return False  # (a whole said, or a reprint: never read as a change in part here)
    held = corpus.path_set(doc)
    if held and re.search(r"\b(?:add|insert|append)", edge.words, re.IGNORECASE):
        label = _new_label(item, items, _verb_at(read, edge.words))
        if label is not None and not corpus.exists(Locator(doc=doc, path=label)):
            return True
    for m in _ADDED_PART.finditer(item.text):
        kind, number = m.group(1).lower(), m.group(2)
        if kind.startswith(("article", "paragraph", "clause", "sub")):
            # (a section's numbering says nothing where its outline is not held)
            if "." in number and held and not corpus.exists(Locator(doc=doc, path=number)):
                return True
        elif "." not in number:
            callout = "keynote" if kind.startswith("key") else "detail" if kind.startswith("detail") else "note"
            # (a sheet may hold its notes as numbered callouts: "callout-2" is note 2 there)
            if not any(corpus.exists(Locator(doc=doc, path=f"{name}-{int(number)}")) for name in (callout, "callout")):
                return True
    return _THROUGHOUT.search(read) is not None


#: A part of a document named by its number right after the section that holds it ("Section 5, Part 3: add new
#: Clause 3.4"), as the format reader outlines a "PART 3" heading (``part-3``). A part named alone ("ADD THE
#: FOLLOWING ARTICLE 2.3 TO PART 2") is left as it was read; one named before a section ("Part 2, Section 6
#: Statement of Requirements") is a part of the tender documents holding that section.
_NAMED_PART = re.compile(r"\bSections?\s+(?:No\.?\s*)?[0-9A-Z][\w.]*(?:\s\d{2}){0,2}\s*[,:;]\s*Part\s+(\d{1,3})(?![\d.]*\d)",
                         re.IGNORECASE)


def _named_parts(item: Item, doc: str, corpus: Corpus) -> tuple[list[Locator], list[str]]:
    """The parts of ``doc`` the item names by number after a section, outside its quoted words ("Section 5,
    Part 3" as ``part-3``): those the outline holds, and the words naming those it does not."""
    held, lacking = [], []
    for m in _NAMED_PART.finditer(_read_text(item.text, _quoted_spans(item.text))):
        part = Locator(doc=doc, path=f"part-{int(m.group(1))}")
        if corpus.exists(part):
            if part not in held:
                held.append(part)
        else:
            lacking.append(f"Part {int(m.group(1))}")
    return held, lacking


def _unplaced_parts(reading: Reading, items: Sequence[Item], corpus: Corpus, document: Document, file: str,
                    line_of: Callable[[int], int | None], vocabularies: Sequence[Any]) -> None:
    """Every applied change in part of a whole document whose item names no part of it, proposed
    (the last guard above). An item naming a part of the document by number ("Section 5, Part 3: add
    new Clause 3.4") changes that part, where the outline holds it; where it does not, what the item
    changes is for a person, never the whole document applied."""
    by_key = {item.path: item for item in items}
    policy = {vocab.rule: getattr(vocab, "propose_partial_on_documents", True) for vocab in vocabularies}
    drop: set[tuple[str, str]] = set()
    for edge in list(reading.applied):
        if edge.target.path is not None or edge.scope != "partial":
            continue
        item = by_key.get(edge.by.path)
        if item is None:
            continue
        parts, unheld = _named_parts(item, edge.target.doc, corpus)
        if len(parts) == 1 and not unheld:
            drop.add((edge.by.format(), edge.target.format()))
            if not any(e.by == edge.by and e.target == parts[0] for e in reading.applied):
                _apply(reading, document, item, parts[0], Action("amend", edge.words), edge.rule, file, line_of)
            continue
        if not policy.get(edge.rule, True):
            continue
        if parts or unheld:
            drop.add((edge.by.format(), edge.target.format()))
            named = ", ".join([p.path or "" for p in parts] + unheld)
            why = (f"the item names {named} of {edge.target.doc}, which its outline does not hold as one part: what of "
                   "the document changes is for a person to confirm")
            _propose(reading, item, edge.target, Action("amend", edge.words, ambiguous=why), edge.target.format(),
                     edge.rule, file, line_of, why)
            continue
        if _located_anyway(edge, item, items, corpus):
            continue
        drop.add((edge.by.format(), edge.target.format()))
        label = _quoted_label(item.text, edge.target, corpus)
        if label is not None:
            part, both = label
            if both:
                # '... the following paragraph, "2.2.A One workstation ..." was modified as follows: "2.2.A One
                # workstation and one panel ..."': the words as they stood and as they now stand, each
                # opening with the paragraph's own number; that paragraph is restated whole
                _apply(reading, document, item, part, Action("replace", edge.words), edge.rule,
                       file, line_of)
                continue
            why = (f"the words it quotes open with {part.path}, a paragraph of {edge.target.doc}: the change is to it, "
                   "for a person to confirm")
            _propose(reading, item, part, Action("amend", edge.words, ambiguous=why), part.format(), edge.rule, file,
                     line_of, why)
            continue
        why = (f"the item changes part of {edge.target.doc} but names no part of it: proposed for review")
        heading = item.heading_context.strip().rsplit("\n", 1)[-1] if item.heading_context.strip() else ""
        # (under a heading listing what the addendum attaches, "Revised Attachments:", the best guess
        # is the document issued anew, the attached one its successor, as applied edges have it)
        if _ATTACHED_LEAD.search(heading):
            why = (f"the item names all of {edge.target.doc}, under a heading of what the addendum attaches, and says "
                   "a change but no part of it: read as issued anew, the attached copy its successor, for review")
            guess = Action("replace", edge.words, None, True, ambiguous=why)
        elif _REVISED_SHEETS.search(_read_text(item.text, _quoted_spans(item.text))) and _CALLOUT_WORD.search(item.text) is None:
            # "(5)Revised - Plan Sheets - E-102, E-501 & T-101", "Revised Drawing Sheet - M-201": a sheet
            # listed as revised, no part of it named, is a sheet drawn and issued again - the best guess
            # is the whole of it replaced, the addendum's issue its successor (for review, never applied)
            why = (f"the item lists {edge.target.doc} as a revised sheet and names no part of it: read as the sheet "
                   "issued anew, the addendum's copy its successor, for review")
            guess = Action("replace", edge.words, None, True, ambiguous=why)
        else:
            guess = Action("amend", edge.words, ambiguous=why)
        _propose(reading, item, edge.target, guess, edge.target.format(), edge.rule, file, line_of, why)
    _drop_applied(reading, drop)
