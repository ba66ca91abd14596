"""The reading of one addendum item (issue 21): the item cut into its instructions, each read by
``steps`` (the verb and the targets of each, step by step), and the one outcome they come to
(applied only when every instruction's reading is certain; else proposed, or reported as not
understood). The words looked for are in ``wording``, the readings of particular forms in
``forms``, whether the words place the target in ``placing``; the outcomes are then weighed
against each other in ``weighing``."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..derivation import _quoted_spans
from .actions import _STATUS, read_action
from .context import (
    _SENTENCE,
    _instruction_mask,
)
from .items import Item
from .outcome import _Outcome
from .references import (
    Corpus,
    find_references,
)
from .steps import _read_one
from .wording import (
    _SUCCESSOR_SUBJECT,
)


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


#: What follows a verb that only leads to what comes after it ("as follows.", "below:").
_LEADS_ONLY = re.compile(r"[\s,]*(?:as\s+(?:follows|below|noted\s+below)|below|herein)?[\s.:;]*", re.IGNORECASE)

#: The end of a passive verb's subject: "... is hereby", "... are to be", "... shall be".
_PASSIVE_BEFORE = re.compile(r"\b(?:is|are|shall\s+be|is\s+to\s+be|are\s+to\s+be)(?:\s+hereby)?\s*$", re.IGNORECASE)


#: A sentence that only reports, in the passive, what befell things ("Grilles are relocated and detail 2 is
#: revised."): each clause a subject, "is" or "are" and a participle, nothing after the last.
_PASSIVE_REPORT = re.compile(r"(?:\s*(?:,\s*)?(?:and\s+)?[^.;:\n]{1,80}?\b(?:is|are|was|were|has\s+been|have\s+been)\s+"
                             r"[a-z]+ed)+[\s.;]*", re.IGNORECASE)


def _instructions(item: Item, corpus: Corpus, vocabularies: list,
                  notations: Mapping[str, Sequence[re.Pattern[str]]],
                  layouts: Sequence[re.Pattern[str]]) -> list[Item]:
    """The item cut into its instructions when more than one sentence of it has a change verb
    and names a target of its own; [] otherwise (the usual case: one instruction, then words
    that explain it). A sentence that instructs nothing stays with the instruction before it;
    a later instruction naming no section of its own takes the one the first names."""
    if item.cells or item.answer is not None or item.kind in ("question", "answer"):
        return []
    marked = _marked_lines(item)
    if marked:
        return marked
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
    first_action = read_action(text[sentences[0][0]:sentences[0][1]], vocabularies,
                               mask=[(max(a, sentences[0][0]) - sentences[0][0], min(b, sentences[0][1]) - sentences[0][0])
                                     for a, b in mask if a < sentences[0][1] and b > sentences[0][0]])
    for index, (s, e) in enumerate(sentences[1:], 1):
        # "S-202 - Pile Caps and Details (sheet included in its entirety; Detail 2 revised)": a participle alone
        # inside the brackets of a whole reissue says what the new issue changed; it is no instruction of its
        # own (round 58)
        if (instructing[index] and first_action.action == "replace" and text.count("(", start, s) > text.count(")", start, s)
                and (said := read_action(text[s:e], vocabularies)).action == "amend"
                and all(_STATUS.fullmatch(w.strip()) for w in said.words.split(" … "))):
            instructing[index] = False
        # "Replace with the attached sheets M-302R1 and M-303R1. Grilles are relocated and detail 2 is
        # revised.": passive participles after a whole reissue, in a sentence naming no section or sheet
        # of its own, say what the new issue changed (a detail of a sheet given anew whole); they are no
        # instruction of their own
        elif (instructing[index] and first_action.action == "replace"
              and (said := read_action(text[s:e], vocabularies)).action == "amend" and said.span is not None
              and all(re.fullmatch(r"[a-z]+ed", w.strip()) for w in said.words.split(" … "))
              and _PASSIVE_REPORT.fullmatch(text, s, e) is not None
              and not any(r.kind in ("section", "sheet") and not r.cited for r in find_references(
                  text[s:e], corpus, mask=_quoted_spans(text[s:e]), notations=notations, titles=False))):
            instructing[index] = False
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


#: A line naming what changes with what befell it in brackets at its end ("Sub-clause 3.1.B (Deleted)",
#: "Drawing Nos. FP-102 & FP-103 (Revised)"): the amendment lists of standard bidding documents.
_MARKED_LINE = re.compile(r"[ \t*_\-•]*[^\n()]{3,160}?[ \t]*\((?P<mark>amended|deleted|added|revised|omitted|replaced)\)"
                          r"[ \t*_.;]*", re.IGNORECASE)


def _marked_lines(item: Item) -> list[Item]:
    """A block of marked lines under the line naming their document ("Section V ... Specification 33 12
    16 ..." over "Sub-clauses 2.1.A & 2.1.B (Amended)" and "Sub-clause 3.1.B (Deleted)"), the marks not
    all of one kind, cut into one instruction a line, each read under the block's first line: each
    mark says what befell the words before it on its own line, never what befell the lines beside it.
    [] where the item is not such a block, or its marks all agree (read whole, as one instruction)."""
    lines = [line for line in item.text.split("\n") if line.strip()]
    if len(lines) < 3 or _MARKED_LINE.fullmatch(lines[0]) or "(" in lines[0]:
        return []
    marks = [_MARKED_LINE.fullmatch(line) for line in lines[1:]]
    if any(m is None for m in marks) or len({m.group("mark").lower() for m in marks if m is not None}) < 2:
        return []
    context = f"{item.heading_context}\n{lines[0].strip()}".strip("\n")
    return [replace(item, text=line.strip(), heading_context=context, answer=None, cells=()) for line in lines[1:]]


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
    also = list(dict.fromkeys(said for o in changing for said in o.also))  # (what each instruction names and lacks)
    if all(o.kind == "applied" for o in changing) and len(changing) == len(
            [o for o in outcomes if o.kind not in ("quiet", "nothing")]):
        return _Outcome("applied", rule, changing[0].action, targets, actions=actions, also=also)
    notes = [o.why for o in outcomes if o.why]
    return _Outcome("proposed", rule, changing[0].action, targets, actions=actions, also=also, why="; ".join(dict.fromkeys(
        ["the item holds several instructions, not all of them read unambiguously", *notes])))
