"""The reading of one addendum item (issue 21): its instructions, the verb and the targets of
each, and the one outcome it comes to (applied only when exactly one reading is certain; else
proposed, or reported as not understood). The words it looks for are in ``wording``, the
readings of particular forms in ``forms``, whether the words place the target in ``placing``; the
outcomes are then weighed against each other in ``weighing``."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from inforce.ontology import Locator

from ..derivation import _LABEL, _LEAD, _NO_CHANGE, _quoted_spans
from .actions import DESCRIBES, Action, read_action
from .context import (
    _BRINGS_TEXT,
    _ENTRY_LIMIT,
    _MENTION,
    _SENTENCE,
    _asked,
    _asked_subject,
    _attachment_line,
    _attachments_lead,
    _before_after,
    _caption_then_instruction,
    _closes_quotation,
    _context,
    _in_question,
    _inserts,
    _instruction_mask,
    _labels_next,
    _paragraph_lead,
    _positions,
    _preamble,
    _read_text,
    _table_lead,
)
from .extent import (
    _CLAUSE_ALONE,
    _CLAUSE_END,
    _NEW_TEXT_LABEL,
    _PAGE_WORD,
    _PAGES,
    _WHOLE,
    REVISION_NOTE,
    _added_by_label,
    _bare_deletion,
    _brought_text,
    _clause_holders,
    _distinct,
    _headed_parts,
    _named_part,
    _one_list,
    _opening_places,
    _opens_with_own_label,
    _page_locates,
    _pages,
    _placed_beside,
    _reissued_holder,
    _revised_attached,
    _whole_doubt,
    _whole_said,
)
from .forms import (
    _callout_of_each,
    _captioned_value,
    _in_one_holder,
    _later_issue,
    _later_outcome,
    _loose_part,
    _marked_change,
    _marks_stated,
    _reissue_declared,
    _title_agrees,
    _under_instruction,
)
from .items import Item
from .outcome import _LISTED, _Outcome
from .placing import _division, _has_object, _part_doubt, _placed, _why, _words_struck
from .references import (
    Corpus,
    Reference,
    find_references,
    heading_document,
    titles_a_clause,
)
from .wording import (
    _ADDING,
    _AS_FOLLOWS,
    _ATTACHED_LEAD,
    _ATTACHMENTS,
    _BARE_REVISION,
    _CAPTION_CHANGE,
    _DOCUMENT_KIND_NEXT,
    _ENTRY_OPENS,
    _ENTRY_WHOLE,
    _GRANTS,
    _INSERTS_FOLLOWING,
    _MARK_ENDS,
    _MARKED_NEW,
    _NOTE_LABEL,
    _OLD_THEN_NEW,
    _ORDINAL_PART,
    _OWN_EXTENT,
    _PAGE_NUMBER,
    _QUOTED_ONLY,
    _REDLINED,
    _REISSUED,
    _REPLACE_VERB,
    _RESTATES,
    _REVISION_OF,
    _REVISION_WORD,
    _STATUS,
    _SUCCESSOR_SAID,
    _SUCCESSOR_SUBJECT,
    _WHOLE_DOCUMENT,
    _WHOLE_OBJECT,
    _WHOLE_WORD,
    _WITH_ATTACHED,
)

#: A numbered or lettered list entry that is a document's code alone, with its title at most
#: ("i. G001", "iii. S201 - Framing Plan", "b) Section 07 54 23"): an entry of the list its
#: lead-in, the entry before it under the same label scheme, instructs ("a. The sheets listed
#: here have been revised and are attached:").
_LISTED_CODE = re.compile(r"\s*(?:[ivxl]{1,5}|[a-z]|\d{1,2})[.)]\s+(?:(?:sheet|drawing|section)\s+)?"
                          r"(?:[A-Z]{1,3}-?\d{1,4}[A-Z]?|\d{2}\s?\d{2}\s?\d{2})(?:\s*[-–,]?\s*[^\n:;]{0,60})?\s*",
                          re.IGNORECASE)

#: An article's number and its title in capitals, alone ("2.1 LUMINAIRES.", "3.2 FIELD QUALITY CONTROL").
_ARTICLE_SUBHEADING = re.compile(r"\s*[*_]*\d{1,2}\.\d{1,3}\.?\s+(?-i:[A-Z][A-Z0-9 ,&/'()-]{1,60})\.?[*_]*\s*")

#: An instruction that only points at what it names ("Refer to the paragraph for ...", "See Sheet A-201").
_POINTER = re.compile(r"(?:^|[:.]\s+|\n\s*)(?:please\s+)?(?:refer\s+to|see|reference\s+is\s+made\s+to|note\s+that)\b",
                      re.IGNORECASE)

#: A clause that opens with an imperative verb and names what it acts on ("; remove Article 2.2 ...").
_IMPERATIVE = re.compile(r"\s+(?:delete|remove|omit|replace|substitute|revise|add|insert|change|modify)\s+"
                         r"(?:the\s+)?(?:sub-?paragraphs?|paragraphs?|articles?|clauses?|sections?|sheets?|"
                         r"drawings?|notes?|keynotes?|details?|callouts?)\s+[\dA-Z]", re.IGNORECASE)

#: An item labelled by a deep paragraph number ("203.3.5 ROCK EXCAVATION. Delete ...").
#: An article's number and its title as a sentence opening an item ("3.4 Field Quality Control. ").
_TITLED_ARTICLE = re.compile(r"\s*(\d{1,2}\.\d{1,3})\s+((?-i:[A-Z])[\w,'’&/ -]{1,60})\.\s+")

_PATH_LABEL = re.compile(r"\s*(\d{3,4}(?:\.\d{1,3})+|\d{1,2}(?:\.\d{1,3}){2,})\s")

#: Between an item's label and a verb that opens its instruction: nothing, or a bullet's mark.
_VERB_OPENS = re.compile(r"[\s*_]*")

#: A verb in its bare form, as an imperative is written ("Add", "DELETE"), not a participle or a
#: noun opening a caption ("Revised Drawings", "Changes to Drawings", "MODIFYING:").
_IMPERATIVE_FORM = re.compile(r"[A-Za-z]+(?<![Ee][Dd])(?<![Ii][Nn][Gg])(?<![Ss])")


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


#: A clause's caption: its word, its number and its title, nothing else ("Clause 5.17 CLAIMS").
_CAPTION = re.compile(r"\W*(?:sub-?)?(?:clauses?|articles?)\s+(\d{1,2}\.\d{1,3})(?![\d.])[ \t]+[^\n.;:]{0,80}\s*", re.IGNORECASE)


def _caption_before(item: Item, items: Sequence[Item], vocabularies: list) -> re.Match[str] | None:
    """The caption line right before ``item`` under the same heading, with no verb of its own."""
    index = _positions(items).get(item.path)
    if not index:
        return None
    before = items[index - 1]
    if before.parent != item.parent or before.heading_context != item.heading_context:
        return None
    caption = _CAPTION.fullmatch(before.text)
    if caption is None or read_action(before.text, vocabularies).action is not None:
        return None
    return caption


def _read_one(item: Item, corpus: Corpus, vocabularies: list, notations: Mapping[str, Sequence[re.Pattern[str]]],
              skip: Mapping[str, str], rule: str, items: Sequence[Item],
              layouts: Sequence[re.Pattern[str]] = ()) -> _Outcome:
    table_lead = _table_lead(item, items, vocabularies, layouts) if item.kind == "table_row" else None
    if table_lead is not None:  # a row with no verb of its own, under a paragraph instructing the table
        item = table_lead
    start, mask = _instruction_mask(item, layouts)
    # (a row giving the words as they stood and as they now stand says what it does itself, whatever
    # the lead-in over the table: "the document is changed by the items below")
    table = _before_after(item, vocabularies) if item.cells else None
    if table is not None:  # the old and the new words are quoted text, not instructions
        mask = [*mask, *table[1]]
        action = table[0]
    else:
        action = read_action(item.text, vocabularies, mask=[*mask, *_asked(item.text, mask)])
        if action.action is None and not item.cells and item.answer is None and item.kind in ("section", "numbered"):
            start, mask, action = _caption_then_instruction(item.text, start, mask, action, vocabularies)
    if _closes_quotation(item, items):
        return _Outcome("quiet", rule, action)  # the rest of the new text the item before it opened
    if item.kind == "paragraph" and not action.changes and _labels_next(item, items):
        return _Outcome("quiet", rule, action)  # a clause's number and title over the instruction that changes it
    context, lead, lead_line = _context(item, vocabularies)
    subject = _asked_subject(item, start, corpus, notations) if action.changes else None
    if subject is not None:  # the document the question asks about heads an answer that changes something
        context = f"{context}\n{subject}" if context.strip() else subject
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
    references = _opening_places(item.text, references, action)
    if clause is not None:
        mask = [*mask, (clause.start(), len(item.text))]
    label = _PATH_LABEL.match(item.text)
    if label is None and action.changes and action.span is not None:
        # "2.1 Conductors. Delete the text and substitute the following:": an article's number and
        # its title as a sentence, then the instruction on it (owners restating a section's
        # articles one by one under the section's heading); a number alone is an outline label only
        # when its title and the verb follow it so
        titled = _TITLED_ARTICLE.match(item.text)
        label = titled if titled is not None and titled.end() == action.span[0] and context and _title_agrees(
            titled, context, corpus, notations) else None
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
    if (note := _NOTE_LABEL.match(item.text, start)) is not None and not any(
            not r.from_heading for r in references) and not (
            action.span is not None and _IMPERATIVE_FORM.fullmatch(action.words.split()[0])
            and _VERB_OPENS.fullmatch(item.text, note.end(), action.span[0])) and _under_instruction(
            item, items, vocabularies):
        # "1. Replace this Specification in full with the version attached." then "a. Note: the new
        # version differs only in the alarms added ...": a note under the instruction tells what the
        # change holds; it instructs nothing of its own (what it names is its parent's). A note
        # opening with an imperative of its own ("a. Note: delete the second sentence") is read
        return _Outcome("quiet", rule, action)
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
            own = [r for r in references if not r.from_heading]
            anew = bool(own) and all(r.kind in ("section", "sheet") and r.target is not None and r.target.path is None
                                     for r in own) and _ATTACHED_LEAD.search(lead_line) is not None
            # (the best guess where the heading lists attachments, "Revised Attachments:", and the entry
            # names whole documents: each issued anew, the attached one its successor, as applied edges
            # have it; still for a person to confirm)
            action = Action("replace" if anew else "amend", action.words, action.span, action.attachment or anew,
                            ambiguous=(
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
    marked = _marked_change(item.text, named, rule, _marks_stated(items)) if action.action is None and not item.cells and not any(
        _division(r) in skip for r in named if r.kind in ("section", "paragraph", "name")) else None
    if marked is not None:
        return marked
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
    if (not named and action.changes and action.ambiguous is None and action.span is not None
            and all(r.target is None and not r.candidates for r in references)
            and _VERB_OPENS.fullmatch(_read_text(item.text, mask), start, action.span[0])
            and _IMPERATIVE_FORM.fullmatch(action.words.split()[0])
            and not _read_text(item.text, mask).rstrip().endswith(":") and not _preamble(item)
            and (not context.strip() or heading_document(context, corpus, notations) is None)):
        # "Add Alternate No. 3 - Kayak Rack to the list of alternates": an imperative opening the
        # item, under no heading naming what it changes, and naming nothing the project holds:
        # it changes something no reading can place; said, never passed over
        return _Outcome("not_understood", rule, action,
                        why=f'opens with a change verb ({action.words}) but names no section, sheet or '
                            "provision the project holds, and no heading above it does")
    if not named:
        heading = context.strip().splitlines()[-1] if context.strip() else ""
        mentions = list(_MENTION.finditer(heading)) if (
            not references and action.changes and action.ambiguous is None and not item.cells and table_lead is None
            and not _preamble(item)) else []
        mention = mentions[-1] if mentions else None  # the last is the part: "Section ..., clause 3.2"
        numbered = _TITLED_ARTICLE.match(item.text) if mention is not None and action.span is not None else None
        if (numbered is not None and numbered.end() == action.span[0]
                and re.fullmatch(r"(?i:sections?)\s+(\d{1,2})\.?", " ".join(mention.group(0).split()))
                and numbered.group(1).split(".")[0] == re.search(r"\d+", mention.group(0)).group(0)
                and len(holders := _clause_holders(numbered.group(1), item, items, corpus)) == 1):
            # "Section 5. - CONTROL OF WORK" over "5.17 Claims. Delete the second paragraph and ...": an
            # agency's general provisions, numbered by section within one document; the clause its
            # number gives, in the one document of the project holding it, for a person to confirm
            target = Locator(doc=holders[0], path=numbered.group(1))
            if action.action in ("replace", "delete") and _ORDINAL_PART.search(_read_text(item.text, mask)):
                action = Action("amend", action.words, action.span, action.attachment, action.ambiguous)
            reference = Reference("paragraph", numbered.group(1), numbered.span(1), target, resolved_by="outline")
            return _Outcome("proposed", rule, action, [(target, reference)], why=(
                f"numbered {numbered.group(1)} under {' '.join(mention.group(0).split())}, which no reference "
                f"notation places: {holders[0]} is the one document of the project holding that clause"))
        part = re.fullmatch(r"(?i:clauses?|articles?|sub-?sections?)\s+(\d{1,2}\.\d{1,3})", " ".join(
            mention.group(0).split())) if mention is not None and action.ambiguous is None and re.fullmatch(
            r"\s*(?:[-–—,:]?\s*[\"“][^\"”\n]*[\"”])?\s*[.:]?\s*", heading[mention.end():]) else None
        # (only a clause the heading ends with: "clause 3.1, item .2" names a part of it, reported)
        if part is not None:
            # 'Volume A, part "Conditions ...", clause 3.4 "Changes"' over "Update the clause to read:"
            reference = Reference("paragraph", part.group(0), (0, 0), None, from_heading=True)
            held = _in_one_holder(item, items, corpus, part.group(1), action, mask, rule, reference,
                                  f'its heading names {part.group(0)} of no document a reference places')
            if held is not None:
                return held
        if mention is not None and (caption := _caption_before(item, items, vocabularies)) is not None:
            # "Clause 5.17 CLAIMS" on a line of its own, then "Replace the second paragraph with the
            # following:": owners caption each changed clause and put the instruction under it; the
            # clause the caption names, in the one document holding it, for a person to confirm
            reference = Reference("paragraph", caption.group(0), (0, 0), None, from_heading=True)
            held = _in_one_holder(item, items, corpus, caption.group(1), action, mask, rule, reference,
                                  f"its caption line names {caption.group(0)} of no document a reference places")
            if held is not None:
                return held
        if mention is not None:
            # "Reference: Section ..., clause 3.2, item .2" over "The item reads as follows: ... The
            # correct statement is: ...": a change of what its heading names, which nothing placed;
            # said, never passed over
            return _Outcome("not_understood", rule, action,
                            why=f'changes what its heading names ("{" ".join(mention.group(0).split())}"), which no '
                                "reference notation of the pack places")
        return _Outcome("quiet" if references else "nothing", rule, action)  # it only cites what it names
    if _preamble(item) and not action.changes:
        return _Outcome("quiet", rule, action)  # the addendum's preamble: it describes, it instructs nothing
    under_attachments = bool(_ATTACHMENTS.search(item.heading_context.splitlines()[-1] if item.heading_context else "")) \
        or _attachment_line(item) or _attachments_lead(item, vocabularies)
    if not action.changes and (under_attachments or item.kind in ("question", "answer") or item.answer is not None
                               or _in_question(item)):
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
    resolved, action = _callout_of_each(item.text, mask, resolved, action, corpus)
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
    if (action.action is None and not answered and not item.cells and lead is None and not open_refs
            and (anew := _captioned_value(_read_text(item.text, mask), start, resolved)) is not None):
        action = Action("amend", anew.group("verb"), anew.span("verb"))
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
    elif (under_attachments and action.action == "amend" and action.ambiguous is None and action.span is not None
          and _STATUS.fullmatch(action.words.strip()) and resolved and not open_refs
          and all(t.path is None and r.kind in ("section", "sheet") for t, r in resolved)
          and _ENTRY_OPENS.fullmatch(_read_text(item.text, mask), start, action.span[0])
          and _DOCUMENT_KIND_NEXT.match(_read_text(item.text, mask), action.span[1])):
        # "A3. Revised Drawing Sheet 7 - M-201" in the list of attachments: the revised document is
        # what is attached, whole, and it takes the old one's place (the word qualifies the document,
        # it says nothing is changed in part)
        action = Action("replace", action.words, action.span, True)
        reissued = True
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
    elif (action.action == "amend" and action.ambiguous is None and resolved and not from_lead and not open_refs
          and all(t.path is None and r.kind in ("section", "sheet") for t, r in resolved)
          and (note := REVISION_NOTE.match(_read_text(item.text, mask), _ENTRY_OPENS.match(
              _read_text(item.text, mask), start).end())) is not None):
        # "4.01 SECTION 06 10 00 - ROUGH CARPENTRY" over "A. Revised to require treated blocking ...": a
        # note of what the revision of the whole document does, not the new words (owners listing the
        # sections and sheets an addendum reissues each with such a note); the document is issued anew
        # and takes the old one's place: applied where the addendum itself says the documents it so
        # lists are reissued whole, else the same reading proposed for a person to confirm
        action = Action("replace", note.group(0), note.span(), True, ambiguous=None if _reissue_declared(
            items, item) else (f'a note of what was revised in the whole document ("{note.group(0)} ..."): '
                               "whether it is issued anew (read so) or changed in part is for a person to confirm"))
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
    if (action.changes and action.ambiguous is None and resolved and not open_refs and not reissued
            and all(t.path is None and r.kind in ("section", "sheet") for t, r in resolved)
            and _REVISION_OF.match(item.text)):
        # "Revision A of Section 23 21 13 Hydronic Piping, which deletes the air vents ...", "Rev. 2
        # of Sheets E-101 and E-102, superseding those sheets": a list of what the addendum issues,
        # each document given under a new revision mark, whole (pages of one are "Revision A of
        # pages ...", read as pages); a relative clause after it tells what changed in it
        action = Action("replace", action.words, action.span, True)
        reissued = True
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
    if (len(resolved) == 1 and resolved[0][0].path is not None and not open_refs and action.action == "amend"
            and action.ambiguous is None and _bare_deletion(item.text, mask, action, vocabularies)):
        # "Article 2.2.B Delete the gravel bedding requirement." and nothing more: a paragraph is
        # often one requirement, so the thing described may be all of it or a part; the words do not say
        why = (f'deletes "{_bare_deletion(item.text, mask, action, vocabularies)}" from {resolved[0][0].format()} '
               "and says nothing of what remains: whether that is all of it or a part is for a person to confirm")
        action = Action("amend", action.words, action.span, action.attachment, ambiguous=why)
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
            part = _loose_part(placed, resolved, corpus)
            if part is not None:
                # 'ITEM NO. 4: Section 26 56 00 ...' over 'Replace "4000 K" with "3000 K" in Section 2.1A.': a
                # paragraph written in a way no notation reads, which the one document named holds: the
                # best guess a person confirms is that paragraph, not the whole document
                return _Outcome("proposed", rule, action, [part], why=f"{placed}; {part[0].doc} holds it as {part[0].path}")
            if placed is _LISTED:
                return _Outcome("proposed", rule, action, resolved, why=_why(action, resolved, open_refs), listed=True)
    if resolved and action.action == "amend" and len(resolved) == 1 and resolved[0][0].path is None:
        headed = _headed_parts(item.text, mask, resolved[0], corpus)
        if headed:  # "to revise the MATERIALS and CONSTRUCTION sections": its articles by their headings
            return _Outcome("proposed", rule, action, headed, why="; ".join([
                _why(action, resolved, open_refs), "the articles are named by their headings: for a person to confirm"]))
    if resolved:
        if action.action in ("replace", "delete") and not re.match(r"(?:add|insert|new)", action.words, re.IGNORECASE):
            # (a document of the list held only from a later date is replaced or deleted with the others:
            # an earlier issue was in force, proposed beside them)
            resolved = _distinct([*resolved, *((r.later, r) for r in open_refs if r.later is not None)])
        return _Outcome("proposed", rule, action, resolved, why=_why(action, resolved, [*open_refs, *absent]))
    candidates = [(c, r) for r in open_refs for c in r.candidates]
    if candidates and (action.changes or action.action is None):
        return _Outcome("proposed", rule, action, _distinct(candidates), why=_why(action, [], open_refs))
    loose = {r.written.split()[-1] for r in open_refs if r.kind == "paragraph" and r.target is None and not r.candidates
             and str(r.why).endswith("but no section it belongs to")}
    if action.changes and action.ambiguous is None and len(loose) == 1 and len(open_refs) == 1:
        # 'Volume A2, section "General Provisions", clause 8.1 "Subcontracting"': a clause of a
        # document named by a title no reference reads
        held = _in_one_holder(item, items, corpus, next(iter(loose)), action, mask, rule, open_refs[0],
                              str(open_refs[0].why))
        if held is not None:
            return held
    later = _later_issue(open_refs, action, corpus)
    if later:
        return _later_outcome(later, action, rule, open_refs)
    reasons = [r.why for r in open_refs if r.why]
    return _Outcome("not_understood", rule, action, why="; ".join(dict.fromkeys(reasons)) or None)
