"""The reading of one instruction of an addendum item (issue 21), step by step: each step reads
one form (the verb and its lead-in, the references, entries of a list, answers, headings, revision
marks, restated text, the gate) and either settles the item's outcome or passes what it read on
to the next. ``_read_one`` runs the steps in order; the first outcome a step returns is the
item's. The words looked for are in ``wording``, the readings of particular forms in ``forms``,
whether the words place the target in ``placing``."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from inforce.ontology import Locator

from ..derivation import _LABEL, _LEAD, _NO_CHANGE, _quoted_spans
from .actions import (
    Action,
    describes,
    quotations_closing,
    read_action,
    reasons_opened,
    unchanged_clauses,
    worded,
    words_of,
)
from .context import (
    _BRINGS_TEXT,
    _ENTRY_LIMIT,
    _MENTION,
    _OWN_NUMBER,
    _asked,
    _asked_cells,
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
    procurement_ids,
)
from .extent import (
    _CLAUSE_END,
    _CLAUSE_NAMED,
    _EVERY_PAGE_MARKED,
    _HOLDERS_PROPOSED,
    _ITEM_DOTTED,
    _NEW_TEXT_LABEL,
    _PAGE_WORD,
    _PAGES,
    _PLACE_BEFORE,
    _TITLE_FILLER,
    _WHOLE,
    REVISION_NOTE,
    _added_by_label,
    _bare_deletion,
    _brought_text,
    _clause_holders,
    _distinct,
    _headed_parts,
    _held_elsewhere,
    _likely_holders,
    _named_part,
    _one_list,
    _opening_places,
    _opens_with_own_label,
    _other_tender_holders,
    _page_locates,
    _pages,
    _path_holders,
    _placed_beside,
    _reissued_holder,
    _revised_attached,
    _sole_holder_of_several,
    _whole_doubt,
    _whole_said,
    clause_alone,
    designated_sheet,
)
from .forms import (
    _DOCUMENT_NUMBER,
    _callout_of_each,
    _captioned_value,
    _clause_title_holder,
    _describes_only,
    _document_number_of,
    _in_one_holder,
    _later_issue,
    _later_outcome,
    _loose_part,
    _marked_change,
    _marks_stated,
    _read_as_whole,
    _reissue_declared,
    _restatement_stated,
    _title_agrees,
    _title_runs,
    _titled_clause_holders,
    _under_instruction,
    names_new_clause,
    new_clause_homes,
    new_clause_joins,
    next_free,
)
from .items import Item
from .net import _named_action, _quoted_names
from .outcome import _LISTED, _Outcome
from .placing import (
    _division,
    _has_object,
    _part_doubt,
    _placed,
    _struck_from,
    _why,
    _words_struck,
    own_issue,
)
from .references import (
    NOT_HELD,
    ORDINAL_SIGN,
    TITLE_CUTOFF,
    TITLE_MARGIN,
    UNFIT_TITLE,
    Corpus,
    Reference,
    _near_titles,
    find_references,
    heading_document,
    loose_paths,
    place_path,
    titles_a_clause,
)
from .silent import _CHANGE_WORD, _new_text_action
from .wording import (
    _ADDING,
    _AS_FOLLOWS,
    _ATTACHED_LEAD,
    _ATTACHMENTS,
    _BARE_REVISION,
    _CAPTION_CHANGE,
    _DOCUMENT_KIND_NEXT,
    _ELLIPSIS_OPENS,
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
    _POSTED_ELSEWHERE,
    _QUOTED_ONLY,
    _REDLINED,
    _REISSUED,
    _REPLACE_VERB,
    _RESTATES,
    _REVISION_OF,
    _REVISION_WORD,
    _STATUS,
    _SUCCESSOR_SAID,
    _WHERE_RUN,
    _WHOLE_DOCUMENT,
    _WHOLE_OBJECT,
    _WHOLE_STATED,
    _WHOLE_WORD,
    _WITH_ATTACHED,
)

#: A numbered or lettered list entry that is a document's code alone, with its title at most
#: ("i. G001", "iii. S201 - Framing Plan", "b) Section 07 54 23"): an entry of the list its
#: lead-in, the entry before it under the same label scheme, instructs ("a. The sheets listed
#: here have been revised and are attached:").
#: (The runs of spaces are possessive: a long run was split every way between them before the
#: match failed, cubic in the run; audit B, finding 5.)
_LISTED_CODE = re.compile(r"\s*(?:[ivxl]{1,5}|[a-z]|\d{1,2})[.)]\s+(?:(?:sheet|drawing|section)\s+)?"
                          r"(?:[A-Z]{1,3}-?\d{1,4}[A-Z]?|\d{2}\s?\d{2}\s?\d{2})(?:\s*+[-–,]?\s*+[^\n:;]{0,60})?\s*",
                          re.IGNORECASE)

#: A lettered item of a clause, named before the clause ("Item c) of Section 4.3") or right after
#: it ("Section 4.3 c)"): statements of work letter the items a clause lists.
_ITEM_OF_CLAUSE = re.compile(r"\bitem\s+\(?([a-z])\)\s+of\s+(?:sub-?)?(?:sections?|articles?|clauses?)\s+(\d{1,3}(?:\.\d{1,3})+)"
                             r"|\b(?:sub-?)?(?:sections?|articles?|clauses?)\s+(\d{1,3}(?:\.\d{1,3})+)\s+\(?([a-z])\)",
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

#: A provision that words taken out are moved to ("..., the requirement is moved to Article 2.1",
#: "relocated to Paragraph 3.2.B"): it gains them; a place, not what the verb takes out.
_MOVED_TO = re.compile(r"\b(?:moved|relocated|transferred)\s+to\b", re.IGNORECASE)

#: An item labelled by a deep paragraph number ("203.3.5 ROCK EXCAVATION. Delete ...").
#: An article's number and its title as a sentence opening an item ("3.4 Field Quality Control. ").
_TITLED_ARTICLE = re.compile(r"\s*(\d{1,2}\.\d{1,3})\s+((?-i:[A-Z])[\w,'’&/ -]{1,60})\.\s+")

_PATH_LABEL = re.compile(r"\s*(\d{3,4}(?:\.\d{1,3})+|\d{1,2}(?:\.\d{1,3}){2,})\s")

#: An instruction ending "to read:", its new text after it.
_READ_ENDS = re.compile(r"\bto\s+read\s*:?\s*$", re.IGNORECASE)

#: Between an item's label and a verb that opens its instruction: nothing, or a bullet's mark.
_VERB_OPENS = re.compile(r"[\s*_]*")

#: A verb in its bare form, as an imperative is written ("Add", "DELETE"), not a participle or a
#: noun opening a caption ("Revised Drawings", "Changes to Drawings", "MODIFYING:").
_IMPERATIVE_FORM = re.compile(r"[A-Za-z]+(?<![Ee][Dd])(?<![Ii][Nn][Gg])(?<![Ss])")


#: A clause's caption: its word, its number and its title, nothing else ("Clause 5.17 CLAIMS").
_CAPTION = re.compile(r"\W*(?:sub-?)?(?:clauses?|articles?)\s+(\d{1,2}\.\d{1,3})(?![\d.])[ \t]+[^\n.;:]{0,80}\s*", re.IGNORECASE)


#: A provision's tag on a line of its own between its caption and its instruction: the edition of
#: the owner's special provision it comes from ("(PUD December 2026)", "(January 2, 2024 APWA GSP)",
#: "(******)"): agencies' general special provisions carry one under every caption.
_PROVISION_TAG = re.compile(r"[ \t*_]*\((?:[^()\n]{0,40}\b(?:19|20)\d{2}\b[^()\n]{0,40}|\*{3,})\)[ \t*_]*")

#: A caption of a clause by its number and title alone ("7.12 Protection of Property", "102.4.3 Lane
#: Closures"): agencies' provisions are numbered so, one document's clauses, no word before the number.
_NUMBERED_CAPTION = re.compile(r"[ \t*_]*(\d{1,3}(?:\.\d{1,3}){1,2})[ \t]+(?-i:[A-Z])[^\n.;:]{0,80}[ \t*_]*")


def _tagged_caption(item: Item, items: Sequence[Item], vocabularies: list) -> str | None:
    """The clause number of a caption over ``item`` with a provision's tag between them: the item
    before it (the tag) and the one before that (the caption, no verb) under the same heading, or
    the tag first under a heading that is the caption; None otherwise."""
    index = _positions(items).get(item.path)
    if not index:
        return None
    tag = items[index - 1]
    if tag.parent != item.parent or tag.heading_context != item.heading_context or not _PROVISION_TAG.fullmatch(tag.text):
        return None
    caption = items[index - 2] if index >= 2 else None
    if caption is not None and caption.parent == item.parent and caption.heading_context == item.heading_context:
        line = caption.text
    else:
        line = item.heading_context.strip().splitlines()[-1] if item.heading_context.strip() else ""
    numbered = _NUMBERED_CAPTION.fullmatch(line)
    if numbered is None or read_action(line, vocabularies).action is not None:
        return None
    return numbered.group(1)


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




#: A document named only as the one named just before ("of the same Section", "on the same sheet").
_SAME_DOCUMENT = re.compile(r"\b(?:the\s+)?same\s+(section|specification|sheet|drawing|chapter)\b", re.IGNORECASE)

_NAMED_DOCUMENT = {
    "section": re.compile(r"\bSection\s+\d{2}\s?\d{2}\s?\d{2}(?:\.\d{2})?(?![\d.])", re.IGNORECASE),
    "sheet": re.compile(r"\b(?:Sheet|Drawing)\s+(?:No\.\s*)?[A-Z]{1,3}-?\d{1,4}[A-Z]?\b", re.IGNORECASE),
    # ("Clause 3.5 of the same Chapter": a chapter of bidding documents numbered by chapter and clause)
    "chapter": re.compile(r"\bChapter\s+\d{1,3}[A-Z]?(?![\w.])", re.IGNORECASE),
}


def _same_document(item: Item, items: Sequence[Item]) -> str | None:
    """For an item naming its document only as "the same Section" (or sheet), the section (or
    sheet) the nearest item before it under the same heading names, written as it was: owners
    list several changes of one section as bullets, naming it in the first only."""
    same = _SAME_DOCUMENT.search(item.text)
    index = _positions(items).get(item.path)
    if same is None or index is None:
        return None
    word = same.group(1).lower()
    kind = "section" if word in ("section", "specification") else "chapter" if word == "chapter" else "sheet"
    if _NAMED_DOCUMENT[kind].search(item.text):
        return None
    for before in reversed(items[max(0, index - 6):index]):
        if before.heading_context != item.heading_context:
            return None
        named = _NAMED_DOCUMENT[kind].findall(before.text)
        if len(set(named)) == 1:
            return named[0]
        if named:
            return None  # two documents before it: which is "the same" is not read
    return None


def _lead_document(heading_context: str, corpus: Corpus, notations: Mapping[str, Sequence[re.Pattern[str]]],
                   vocabularies: list) -> str | None:
    """The nearest lead-in line over an item (ending with a colon, its verb amending) that names one
    whole document of the project by number or designation and nothing else it resolves (no part, no
    second document); None where a line nearer the item names a document, or none does so. (A line
    replacing the document whole, "Replace: Drawing M-301 with ... The following is a summary of
    changes:", heads a description of what was issued anew, not changes of its own.)"""
    for line in reversed([line for line in heading_context.splitlines() if line.strip()]):
        found = [r for r in find_references(line, corpus, mask=_quoted_spans(line), notations=notations, titles=False)
                 if r.target is not None or r.candidates]
        if any(r.target is None or r.target.path is None for r in found):
            return line if line.rstrip().endswith(":") and read_action(
                line, vocabularies, mask=_quoted_spans(line)).action == "amend" and all(
                r.target is not None and r.target.path is None and r.by_number and not r.cited for r in found) and len(
                {r.target.doc for r in found if r.target is not None}) == 1 else None
    return None


def _addendum_documents(items: Sequence[Item], corpus: Corpus,
                        notations: Mapping[str, Sequence[re.Pattern[str]]]) -> set[str]:
    """The documents of the project the addendum's items name anywhere (by number, code or outline,
    cited or changed); where they name none so, those they name by a title that clears
    ``TITLE_CUTOFF`` ahead of every other title ('The following changes are made to the "Technical
    Specifications for Tide Gauge Stations":'): a title alone never settles a target here, only which
    document the addendum is about (``_in_named_holder``)."""
    numbered = _numbered_documents(items, corpus, notations)
    if numbered:
        return numbered
    return {r.target.doc for item in items
            for r in find_references(item.text, corpus, mask=_quoted_spans(item.text), notations=notations)
            if r.target is not None and r.target.path is None and r.resolved_by == "title" and (r.score or 0) >= TITLE_CUTOFF}


def _numbered_documents(items: Sequence[Item], corpus: Corpus,
                        notations: Mapping[str, Sequence[re.Pattern[str]]]) -> set[str]:
    """The documents of the project the addendum's items name by number or code (cited or changed)."""
    return {r.target.doc for item in items
            for r in find_references(item.text, corpus, mask=_quoted_spans(item.text), notations=notations, titles=False)
            if r.target is not None and r.by_number}


def _names_document(items: Sequence[Item], corpus: Corpus, notations: Mapping[str, Sequence[re.Pattern[str]]],
                    doc: str) -> bool:
    """Whether an item of the addendum names ``doc``, or a part of it, by number, code or outline, or by
    a title clearing ``TITLE_CUTOFF``, each read beside what the item names by number too ("set out in
    Exhibit C, Statement of Work, and in Section 01 10 00": the exhibit read with the section masked)."""
    for item in items:
        mask = list(_quoted_spans(item.text))
        numbered = find_references(item.text, corpus, mask=mask, notations=notations, titles=False)
        if any(r.target is not None and r.target.doc == doc for r in numbered):
            return True
        mask += [r.span for r in numbered if r.target is not None or r.candidates]
        if any(r.target is not None and r.target.doc == doc and (r.resolved_by != "title" or (r.score or 0) >= TITLE_CUTOFF)
               for r in find_references(item.text, corpus, mask=mask, notations=notations)):
            return True
    return False


def _titled_nearly(items: Sequence[Item], corpus: Corpus, doc: str) -> bool:
    """Whether a heading line over the addendum's items, or one of its unnumbered paragraphs (its lead-in:
    "The Particular Conditions ... are amended as follows."), names ``doc`` by a title that comes close: every
    word the line writes of a title is in ``doc``'s (rapidfuzz ``token_set_ratio`` clearing
    ``TITLE_CUTOFF``) and that title leads every other document's in force by ``TITLE_MARGIN``
    ("AMENDMENT No. 1 TO THE SPECIAL CONDITIONS OF CONTRACT - OTHER CONDITIONS OF CONTRACT (SCHEDULE TWO)"
    for "Special Conditions of Contract Other Conditions (Schedule Two) Seawall Path Contract"). A title so
    written never places a target by itself; it only says which document an addendum naming none by
    number is about (``_in_named_holder``). Each distinct line is compared once, through the first pass
    ``_titles`` makes (``_near_titles``, its answers kept): no pass over any document."""
    lines = dict.fromkeys(" ".join(line.split()) for item in items for line in (
        item.heading_context + ("\n" + item.text if item.kind == "paragraph" and not _OWN_NUMBER.match(item.text) else "")
    ).splitlines())
    return any(_near_title_of(line, corpus) == doc for line in lines)


def _near_title_of(line: str, corpus: Corpus) -> str | None:
    """The document whose title ``line`` comes close to (``_titled_nearly``): the best of the first pass
    ``_titles`` makes (``_near_titles``: rapidfuzz ``token_set_ratio``, its answers kept), clearing
    ``TITLE_CUTOFF`` and leading every other document in force by ``TITLE_MARGIN``; None otherwise."""
    line = " ".join(line.split())
    if len(line.split()) < 2:
        return None
    since, as_of = corpus.directory.since, corpus.as_of
    near = [(score, name) for _, score, name in _near_titles(line, corpus.directory.titles_of(corpus.target_kinds))
            if as_of is None or name not in since or since[name] < as_of]
    if near and near[0][0] >= TITLE_CUTOFF and (len(near) == 1 or near[0][0] - near[1][0] >= TITLE_MARGIN):
        return near[0][1]
    return None


def _heading_title_of(item: Item, corpus: Corpus) -> str | None:
    """The document the innermost line of ``item``'s heading that comes close to a title names
    (``_near_title_of``): "1. Section VIII - Conditions of Particular Application (Part II of the Conditions of
    Contract)" over "Sub-Clause 8.7 Delay Damages: delete ...". None where no heading line does."""
    for line in reversed(item.heading_context.splitlines()):
        doc = _near_title_of(line, corpus)
        if doc is not None:
            return doc
    return None




def _heading_designates(item: Item, corpus: Corpus, notations: Mapping[str, Sequence[re.Pattern[str]]], doc: str) -> bool:
    """Whether the innermost heading line over ``item`` designates ``doc`` by number, alone or among the several
    documents that designation fits ("(c) Technical Specifications (Volume 2, Section 6)" where three documents
    are "Section 6"): with the clause's number and its own title agreeing on that one document
    (``_clause_title_holder``), the heading, the number and the title say which (round 46). Only the one line
    next above the item; a heading naming another document, or none, never does."""
    lines = [line for line in item.heading_context.splitlines() if line.strip()]
    if not lines:
        return False
    return any((r.target is not None and r.target.path is None and r.target.doc == doc)
               or (r.target is None and any(c.doc == doc and c.path is None for c in r.candidates))
               for r in find_references(lines[-1], corpus, mask=_quoted_spans(lines[-1]), notations=notations, titles=False)
               if r.kind == "section")


def _title_run_of(item: Item, reference: Reference, corpus: Corpus, target: Locator, *, heading: bool = True) -> bool:
    """Whether the item names ``target``'s document by a run of its title's words: in the item's own line
    before the clause it names ("2. Document 3) Scope of Work, clause 3.1.3 Duration: ..."), or in the
    innermost heading line over it ("2. Section VI: Specifications, Part A - Scope of Work and
    Specifications for the Parking Lot Paving, is amended as follows:" over "(b) Clause 2.2 Asphalt:
    ..."), a run between commas, colons, brackets or dashes with two or more words that say which
    document (``_TITLE_FILLER`` aside), every one of them in that document's title and not all of them
    in the title of any other document of the project holding a clause so numbered (round 40;
    ``_title_runs``). Owners of a numbered suite of tender documents name each by its short title; the
    clause's number alone never settles which. Only the holders of the clause are compared: no pass over
    the corpus. The item's own line alone where ``heading`` is false."""
    if target.path is None:
        return False
    return any(fits == [target.doc] for fits in _title_runs(item, reference, corpus, target.path, heading=heading))


#: A heading naming a part of one document by its number and its title and nothing else ("Section 2 -
#: Materials", "PART 3: EXECUTION"): the part's number (1) and title (2).
_PART_HEADING = re.compile(r"[ \t*_#]*(?:section|part)[ \t]+(\d{1,2})\.?[ \t]*[-–—:][ \t]*((?-i:[A-Z])[\w,'’&/ ]{0,60}?)[ \t*_]*",
                           re.IGNORECASE)

#: An item opening (after its own number) with a clause's number and its title, then a dash, colon or full stop
#: ("3. 2.2 Asphalt - delete ...", "6. 3.3 Paving: the thickness is changed ..."): the clause (1), its part
#: (2) and its title (3).
_CLAUSE_TITLED = re.compile(r"[ \t*_]*(?:\d{1,3}[.)][ \t]+)?((\d{1,2})\.\d{1,3})[ \t]+((?-i:[A-Z])[\w'’&/ -]{0,60}?)[ \t]*"
                            r"(?:[-–—]|:|\.)[ \t]")


def _same_words(written: str, name: str) -> bool:
    """Whether ``written`` is ``name``'s first sentence, word for word (letter case and punctuation aside)."""
    first = re.split(r"\.\s", name, maxsplit=1)[0]
    return bool(written.strip()) and re.findall(r"\w+", written.casefold()) == re.findall(r"\w+", first.casefold())


def _part_heading(item: Item) -> re.Match[str] | None:
    """The innermost heading line over ``item`` where it names a part by number and title (``_PART_HEADING``)."""
    lines = [line for line in item.heading_context.splitlines() if line.strip()]
    return _PART_HEADING.fullmatch(lines[-1]) if lines else None


def _titled_part(doc: str, part: re.Match[str], corpus: Corpus) -> bool:
    """Whether ``doc``'s outline has the part a heading names (``_PART_HEADING``) under that very title."""
    return corpus.names is not None and _same_words(part.group(2), corpus.names(doc).get(part.group(1), ""))


def _next_article(reference: Reference, corpus: Corpus) -> bool:
    """Whether a paragraph added to a whole document is the next article of a part the document
    numbers ("ADD ARTICLE 2.3 TO PART 2" where 2.1 and 2.2 are there, 2.3 not): it goes after the
    last of them, so where it goes is settled, and the document changes in part."""
    written = re.search(r"(?<![\d.])(\d{1,2})\.(\d{1,3})(?![\d.])", reference.written)
    if written is None or reference.joins is None or int(written.group(2)) < 2:
        return False
    part, number = int(written.group(1)), int(written.group(2))
    keys = corpus.outline_keys(reference.joins.doc)
    return f"{part}.{number - 1}" in keys and f"{part}.{number}" not in keys and f"{part}.{number + 1}" not in keys


def _added_under_own_label(text: str, reference: Reference, action: Action) -> bool:
    """Whether an adding verb before a paragraph the document lacks gives that paragraph whole, under
    its own letter, right after the reference ("Add: Section 32 12 16, 2.1 B: B. Base course: ..."):
    the paragraph is new, its article gains it (a verb-first owner puts the verb as a margin label,
    too far before the reference for the words "add" or "new" to stand beside it)."""
    letter = re.search(r"(?<![\w])((?-i:[A-Z]))$", reference.written)
    if letter is None or action.span is None or action.span[1] > reference.span[0] or not _ADDING.match(action.words):
        return False
    return re.match(rf"[ \t]*:[ \t]*[*_\"“]*{letter.group(1)}[.)][ \t]+\S", text[reference.span[1]:reference.span[1] + 12]) is not None


#: The pack's ``as_follows`` phrase between the paragraph an adding verb names and its new text under its own letter.
_FOLLOWS_LABELLED = r"[ \t]*,?[ \t]*(?:{words})[ \t]*:[ \t]*[*_\"“]*(?P<letter>(?-i:[A-Z]))[.)][ \t]+\S"


def _added_as_follows(text: str, reference: Reference, action: Action, vocabularies: list) -> bool:
    """Whether the verb, one of the pack's ``insertions`` words, adds a paragraph the document lacks, named with the
    section and its title between them and given whole after the pack's ``as_follows`` under its own letter ("ADD
    Section 23 21 23, Hydronic Pumps, Paragraph 3.1.C, as follows: "C. Align ...""): the verb too far before the
    paragraph for ``insertions`` to be read beside it; the article gains the paragraph, as "Add: ..., 2.1 B: B. ..."
    gives it (``_added_under_own_label``)."""
    letter = re.search(r"(?<![\w])((?-i:[A-Z]))$", reference.written)
    if letter is None or action.span is None or action.span[1] > reference.span[0]:
        return False
    if worded(r"(?:{words})", vocabularies, "insertions").fullmatch(action.words.split(" … ")[0].strip()) is None:
        return False
    follows = worded(_FOLLOWS_LABELLED, vocabularies, "as_follows").match(text, reference.span[1])
    return follows is not None and follows.group("letter") == letter.group(1)


def _added_to_part_before(text: str, reference: Reference, action: Action, named: Sequence[Reference],
                          vocabularies: list) -> bool:
    """Whether the verb opening the item, one of the pack's ``insertions`` words, adds the paragraph the document lacks
    to the part named right before it, the one it joins ("Papildyti Techninės specifikacijos 4 skyrių 4.4 punktu:
    ...", supplement chapter 4 of the technical specification with point 4.4; "Add to Chapter 4 Clause 4.4: ..."):
    the verb stands too far before the paragraph, past the document's title and the part, for ``insertions`` to be
    read beside it; the part gains the paragraph, as where the verb follows the part ("4 skyrių papildyti 4.4
    punktu", held-out-67 ADD-67-04:46)."""
    if action.span is None or reference.joins is None or reference.joins.path is None or action.span[0] >= reference.span[0]:
        return False
    if worded(r"(?:{words})", vocabularies, "insertions").fullmatch(action.words.split(" … ")[0].strip()) is None:
        return False
    return any(other.target == reference.joins and action.span[0] < other.span[0] and other.span[1] <= reference.span[0]
               and re.fullmatch(r"[ \t,]*", text[other.span[1]:reference.span[0]]) is not None for other in named)


def _attachments_heading(item: Item) -> bool:
    """Whether the heading right over ``item`` heads the addendum's attachments ("ATTACHMENTS:",
    "Enclosures"): an attachment named in brackets inside it ("This amendment transmits changes and
    the responses to questions (Attachment A). See below:", "AMENDMENT NO. 3 TO LEASE AGREEMENT
    (EXHIBIT G)") says what else comes or what is amended; it makes no list of attachments."""
    line = item.heading_context.splitlines()[-1] if item.heading_context else ""
    return _ATTACHMENTS.search(re.sub(r"\([^()\n]*\)", " ", line)) is not None


def _status_cell(item: Item, action: Action) -> bool:
    """Whether the verb opens a cell of a register row ("S-101 | Roof Framing Plan | B |
    Superseded; use revision B, attached", "| Deleted"): drawing and specification registers give
    each row's status so, said of the row's document whole, not of a part of it."""
    return bool(item.cells) and action.span is not None and re.search(
        r"\|[ \t*_]*$", item.text[:action.span[0]]) is not None


class _One:
    """One instruction being read: what the steps read so far (the item, perhaps the lead-in
    over its row; the verb; the context above it; its references; the targets resolved and
    those left open), and the steps in the order they run."""

    def __init__(self, item: Item, corpus: Corpus, vocabularies: list,
                 notations: Mapping[str, Sequence[re.Pattern[str]]], skip: Mapping[str, str], rule: str,
                 items: Sequence[Item], layouts: Sequence[re.Pattern[str]]) -> None:
        self.item, self.corpus, self.vocabularies, self.notations = item, corpus, vocabularies, notations
        self.skip, self.rule, self.items, self.layouts = skip, rule, items, layouts
        # (the pack's words saying a paragraph is new: where a clause is read as added under a new number)
        self.insertions = words_of(vocabularies, "insertions")
        self.table_lead: Item | None = None
        self.start = 0
        self.mask: list[tuple[int, int]] = []
        self.action = Action(None, "")
        self.context = ""
        self.lead: Action | None = None
        self.lead_line = ""
        self.cells: list[str] = []
        self.references: list[Reference] = []
        self.from_lead = False
        self.answered = False
        self.named: list[Reference] = []
        self.resolved: list[tuple[Locator, Reference]] = []
        self.open_refs: list[Reference] = []
        self.absent: list[Reference] = []
        self.under_attachments = False
        self.reissued = False
        self.whole_object: re.Match[str] | None = None

    def read(self) -> _Outcome:
        """The outcome the first step to settle one returns (the last step always does)."""
        for step in (self._verb, self._references, self._entry, self._unchanging, self._unplaceable,
                     self._heading_named, self._quiet_kinds, self._resolve, self._paged, self._reissued_holder,
                     self._revision_marks, self._attached_successor, self._restated, self._as_follows,
                     self._old_then_new, self._row_text, self._gate, self._proposal):
            outcome = step()
            if outcome is not None:
                return self._listed_lacking(outcome)
        raise AssertionError("the last step of a reading settles it")

    def _listed_lacking(self, outcome: _Outcome) -> _Outcome:
        """``outcome``, where what it places is proposed or applied and a paragraph named with sections listed
        together is lacking from one of them ("Sections 03 30 00 and 09 91 23, Paragraph 2.2.C: Delete." where
        09 91 23 has no 2.2.C): that section's half said beside it (``also``, reported as the one-section item
        is), never only in a proposal's why (audit 68 C F8)."""
        lacking = [str(r.why) for r in self.open_refs if r.listed and r.target is None and r.why]
        if outcome.kind not in ("applied", "proposed") or not lacking:
            return outcome
        return replace(outcome, also=list(dict.fromkeys([*outcome.also, *lacking])))

    def _verb(self) -> _Outcome | None:
        """The verb: the lead-in of a row, the mask of quoted text, the context and lead-in above it."""
        self.table_lead = _table_lead(self.item, self.items, self.vocabularies, self.layouts) if self.item.kind == "table_row" else None
        if self.table_lead is not None:  # a row with no verb of its own, under a paragraph instructing the table
            self.item = self.table_lead
        self.start, self.mask = _instruction_mask(self.item, self.layouts)
        # ("TENDER No. GIASC 202814 - ...": the tender's number is no section of the project)
        self.mask = [*self.mask, *procurement_ids(self.item.text, self.vocabularies)]
        pair = _OLD_THEN_NEW.search(self.item.text)
        if pair is not None and _NOUN_LABELLED.match(self.item.text, pair.end("old")):
            # "Original text: ..." then "Amended text: ...": the text as it stood and the new text's label
            # are no instruction (the label's "Amended" is no verb); the new text may be one ("Drawing
            # No. D-101, Revision R1, enclosed, replaces Revision R0"), or the words themselves (round 43)
            self.mask = [*self.mask, (pair.start("old"), pair.start("new"))]
        # a bidder's question in its column: asked, not instructed (its verbs are never read; what it names
        # is still weighed against what the answer changes)
        asked = _asked_cells(self.item) if self.item.cells else []
        # (a row giving the words as they stood and as they now stand says what it does itself, whatever
        # the lead-in over the table: "the document is changed by the items below")
        table = _before_after(self.item, self.vocabularies) if self.item.cells else None
        if table is not None:  # the old and the new words are quoted text, not instructions
            self.mask = [*self.mask, *table[1]]
            self.action = table[0]
        else:
            self.action = read_action(self.item.text, self.vocabularies,
                                      mask=[*self.mask, *asked, *_asked(self.item.text, self.mask)])
            if self.action.action is None and not self.item.cells and self.item.answer is None and self.item.kind in ("section", "numbered"):
                self.start, self.mask, self.action = _caption_then_instruction(self.item.text, self.start, self.mask, self.action, self.vocabularies)
        while ((self.item.kind in ("question", "answer") or self.item.answer is not None) and self.action.changes
               and _describes_only(self.item.text, self.action)):
            # "A1: Yes; Sheet D-101 shows the wall removed ...": a participle after the thing a document
            # shows tells what it shows; it is no verb of the answer (another may be: read on without it)
            first = self.action.span[0] + len(self.action.words.split(" … ")[0])  # type: ignore[index]
            self.mask = [*self.mask, (self.action.span[0], first)]  # type: ignore[index]
            self.action = read_action(self.item.text, self.vocabularies,
                                      mask=[*self.mask, *_asked(self.item.text, self.mask)])
        if _closes_quotation(self.item, self.items):
            return _Outcome("quiet", self.rule, self.action)  # the rest of the new text the item before it opened
        if self.item.kind == "paragraph" and not self.action.changes and _labels_next(self.item, self.items):
            return _Outcome("quiet", self.rule, self.action)  # a clause's number and title over the instruction that changes it
        self.context, self.lead, self.lead_line = _context(self.item, self.vocabularies)
        subject = _asked_subject(self.item, self.start, self.corpus, self.notations) if self.action.changes else None
        if subject is not None:  # the document the question asks about heads an answer that changes something
            self.context = f"{self.context}\n{subject}" if self.context.strip() else subject
        same = _same_document(self.item, self.items) if self.action.changes else None
        if same is not None:  # "Item 3.1.A of the same Section": the section the item before it names
            self.context = f"{self.context}\n{same}" if self.context.strip() else same
        if self.lead is None and (self.item.kind == "paragraph" or self.item.kind == "section" and _LISTED_CODE.fullmatch(self.item.text)):
            self.lead, self.lead_line = _paragraph_lead(self.item, self.items, self.vocabularies)
        lead_in = _lead_document(self.item.heading_context, self.corpus, self.notations, self.vocabularies) \
            if self.action.changes else None
        if lead_in is not None:
            # "7. The following changes are made to Exhibit B, Statement of Work:" over "b. The last sentence
            # of Section 6.2 is revised ...": the lead-in names the one document its entries change, nearer
            # than the addendum's title; a heading of the entries too
            self.context = f"{self.context}\n{lead_in}" if self.context.strip() else lead_in
        self.cells = [cell for _, cell in self.item.cells]

    def _references(self) -> _Outcome | None:
        """The references, read up to the end of the clause the verb is in."""
        # the instruction's clause ends with the sentence its verb is in: what a later sentence
        # names explains it ("...; toilet rooms now use Hardware Set No. 2"), it is not changed by it
        clause = _CLAUSE_END.search(_read_text(self.item.text, self.mask), self.action.span[1]) if self.action.span is not None else None
        while clause is not None and _IMPERATIVE.match(_read_text(self.item.text, self.mask), clause.end()):
            # "... the plaque is deleted; remove Article 2.2 in its entirety": the next clause instructs too
            clause = _CLAUSE_END.search(_read_text(self.item.text, self.mask), clause.end())
        described = describes(_read_text(self.item.text, self.mask), self.action.span[1]) \
            if self.action.action == "replace" and self.action.span is not None else None
        if (described is not None and (clause is None or described.start() < clause.start())
                and not _PAGES.search(_read_text(self.item.text, self.mask), 0, described.start())):
            # "replace it with the attached revised Section ..., which now includes the following changes:
            # Article 2.3 ...": the articles named describe the document issued whole, they are no targets
            # (where pages are replaced, the article named is where the section changes: kept)
            clause = described
        restating = re.compile(r"\s*:").match(_read_text(self.item.text, self.mask), self.action.span[1] - self.action.words.endswith(":")) \
            if self.action.action == "replace" and self.action.span is not None and re.search(r"\bread:?$", self.action.words, re.I) else None
        if restating is not None and (clause is None or restating.start() < clause.start()):
            # "Index of Drawings should read: C-101 SITE PLAN, C-102 ...": what follows "read:" is the
            # new text, unquoted; the sheets it lists are words of it, not targets
            clause = restating
        # a title alone is compared only for an item whose verb changes something (it can only propose)
        self.references = find_references(self.item.text, self.corpus, mask=self.mask, context=self.context, notations=self.notations, cells=self.cells,
                                     clause_end=clause.start() if clause is not None else None,
                                     titles=self.action.changes or self.lead is not None or bool(self.cells)
                                     or titles_a_clause(_read_text(self.item.text[:self.start + 200], self.mask)))
        self.references = _opening_places(self.item.text, self.references, self.action)
        self.references = designated_sheet(_read_text(self.item.text, self.mask), self.references, self.action)
        self.references = self._reasons_cited(clause.start() if clause is not None else None)
        self.references = self._excepted_first()
        self.references = self._unchanged_cited()
        if clause is not None:
            self.mask = [*self.mask, (clause.start(), len(self.item.text))]
        label = _PATH_LABEL.match(self.item.text)
        if label is None and self.action.changes and self.action.span is not None:
            # "2.1 Conductors. Delete the text and substitute the following:": an article's number and
            # its title as a sentence, then the instruction on it (owners restating a section's
            # articles one by one under the section's heading); a number alone is an outline label only
            # when its title and the verb follow it so
            titled = _TITLED_ARTICLE.match(self.item.text)
            label = titled if titled is not None and titled.end() == self.action.span[0] and self.context and _title_agrees(
                titled, self.context, self.corpus, self.notations) else None
        if label is not None and self._names_its_clause(label.group(1)):
            label = None
        if label is not None and self.context and not any(
                r.kind in ("section", "sheet") and not r.cited for r in self.references if not r.from_heading):
            # "203.3.12 COMPACTION. Delete paragraph (c)": the item is numbered by the paragraph it
            # changes, in the section its heading names; read it as if the heading named that paragraph
            lines = self.context.splitlines()
            numbered = "\n".join([*lines[:-1], f"{lines[-1]} Paragraph {label.group(1)}"])
            if heading_document(numbered, self.corpus, self.notations) is not None:
                self.references = find_references(self.item.text, self.corpus, mask=self.mask, context=numbered, notations=self.notations,
                                             cells=self.cells, clause_end=clause.start() if clause is not None else None,
                                             titles=False)
            elif self.action.changes and any(r.target is not None for r in self.references):
                return _Outcome("proposed", self.rule, self.action, [(r.target, r) for r in self.references if r.target is not None][:1],
                                why=f'numbered "{label.group(1)}", a paragraph no reference placed')

    def _names_its_clause(self, label: str) -> bool:
        """Whether an item numbered like a paragraph ("1.2.2 ...") names in its own words the clause it
        changes, by number, in a document it names by number or exact title ("1.2.2 Civil specification,
        article 2.4: replace ..."): the number is then the addendum's own item label, not a paragraph
        of the document. A clause under the label ("203.3.12 COMPACTION. Delete paragraph 203.3.12(c)")
        or one only cited or read from the heading leaves the label a paragraph."""
        for ref in self.references:
            if ref.from_heading or ref.cited or ref.target is None or not ref.target.path or not ref.by_number:
                continue
            path = ref.target.path
            if not re.fullmatch(r"\d+(?:\.\d+)+", path) or not re.search(re.escape(path), ref.written):
                continue
            if path == label or path.startswith(label + ".") or label.startswith(path + "."):
                continue
            return True
        return False

    def _reasons_cited(self, clause_end: int | None) -> list[Reference]:
        """The references, those in the reason the instruction gives after what it names cited
        ("Delete Article 2.2, as it duplicates Article 2.1", "Revise 2.2.A to match 2.1"): the
        reason opens with one of the pack's ``reasons`` after the verb, once the instruction has
        named something, and runs to the end of the verb's clause or the next instruction. What it
        names explains the change; it is never a target. A provision the text is moved to ("...,
        the requirement is moved to Article 2.1") gains it: no deletion of it, and the item is for
        a person to confirm. Read once per item, only after its verb."""
        if not self.action.changes or self.action.span is None:
            return self.references
        read = _read_text(self.item.text, self.mask)
        end = len(read) if clause_end is None else clause_end
        opened = reasons_opened(read, [p for vocab in self.vocabularies for p in vocab.reasons], self.action.span[1], end)[:1]
        starts = [m.start() for m in opened]
        moved = _MOVED_TO.search(read, self.action.span[1], end)
        if moved is not None:
            starts.append(moved.start())
        if not starts:
            return self.references
        start = min(starts)
        if not any(r.span[0] < start and not r.from_heading and not r.cited and (r.target or r.candidates or r.why)
                   for r in self.references):
            return self.references  # the reason words come before anything the instruction names: no reason
        follows = _IMPERATIVE.search(read, start, end)  # "...; since 2.1 covers it, and delete Article 2.3"
        stop = follows.start() if follows is not None else end
        explained = [r for r in self.references if start <= r.span[0] < stop and not r.from_heading and not r.cited]
        if (not explained and self.action.action == "delete" and self.action.ambiguous is None and opened
                and opened[0].start() == start and opened[0].groupdict().get("exception") is not None):
            # "Delete Paragraph 2.1.A except as noted": an exception after the verb that names nothing leaves
            # what the deletion takes unsaid, as one before it does (``_excepted_first``): for a person
            self.action = replace(self.action, ambiguous=(
                f"makes an exception (\"{' '.join(opened[0].group(0).split())}\") that names no provision: what the "
                "deletion takes, and what stays, is for a person to confirm"))
        if not explained:
            return self.references
        if moved is not None and moved.start() == start and self.action.ambiguous is None:
            where = ", ".join(r.written for r in explained if not r.bound)
            self.action = replace(self.action, ambiguous=(
                f"moves what it takes out to {where}, which gains it: what each keeps is for a person to confirm"))
        references = [replace(r, cited=True) if r in explained else r for r in self.references]
        own = [r for r in references if not r.from_heading and not r.cited and r.target is not None]
        # a document a paragraph named only in the reason took ("Section 03 30 00 is deleted, except
        # Paragraph 2.4.A"): with that paragraph cited, the document is again what the instruction names
        references = [replace(r, bound=False) if r.bound and r.document_level and r in own and not any(
            o.kind not in ("section", "sheet", "title") and o.target.doc == r.target.doc for o in own) else r
            for r in references]
        named = [r for r in references if r.span[0] < start and r.target is not None and not r.bound and not r.cited
                 and not r.from_heading]
        kept = [r for r in explained if r.target is not None and not r.bound
                and any(_holds(n.target, r.target) for n in named)]
        if kept and self.action.ambiguous is None:
            # "Paragraph 2.1 is deleted, except Paragraph 2.1.A", "delete Article 2.2 other than 2.2.A": what
            # the words after the verb name lies inside what the instruction changes, so that change is not
            # whole (an excepted part stays); how much of it goes is for a person to confirm
            words = opened[0].group(0) if opened and opened[0].start() == start else read[start:start + 20].split()[0]
            self.action = replace(self.action, ambiguous=(
                f"names {', '.join(r.written for r in kept)} inside what it changes, after \"{words}\": the change "
                "is not to the whole of it, and what stays is for a person to confirm"))
        return references

    def _excepted_first(self) -> list[Reference]:
        """The references, those of an exception written before the verb cited ("With the exception of
        Paragraph 2.1.C, delete Paragraphs 2.1.B through 2.1.D": 2.1.C stays). The exception opens with
        one of the pack's ``reasons`` whose regex holds the group ``exception``, in the verb's sentence,
        and runs to the next comma, colon or semicolon (or the verb). One that names nothing ("Except as
        noted, delete the paragraph") leaves what a deletion takes unsaid: for a person to confirm (a
        rewording "except where the context requires otherwise" changes words as it says); one naming a
        part of what the instruction names does too (as after the verb, ``_reasons_cited``)."""
        if not self.action.changes or self.action.span is None:
            return self.references
        read = _read_text(self.item.text, self.mask)
        verb = self.action.span[0]
        opening = max(read.rfind(". ", 0, verb), read.rfind("\n", 0, verb), read.rfind(";", 0, verb)) + 1
        exceptions = [m for m in reasons_opened(read, [p for vocab in self.vocabularies for p in vocab.reasons], opening, verb)
                      if m.groupdict().get("exception") is not None]
        if not exceptions:
            return self.references
        found = exceptions[-1]
        stop = re.compile(r"[,:;]").search(read, found.end(), verb)
        end = stop.start() if stop is not None else verb
        excepted = [r for r in self.references if found.start() <= r.span[0] < end and not r.from_heading]
        references = [replace(r, cited=True) if r in excepted else r for r in self.references]
        named = [r for r in references if r.target is not None and not r.cited and not r.bound]
        kept = [r for r in excepted if r.target is not None and not r.document_level
                and any(_holds(n.target, r.target) and n.target != r.target for n in named)]
        if self.action.ambiguous is None and (not excepted and self.action.action == "delete" or kept):
            what = (f"names {', '.join(r.written for r in kept)} inside what it changes" if kept
                    else "names no provision")
            self.action = replace(self.action, ambiguous=(
                f"opens with an exception (\"{' '.join(found.group(0).split())}\") that {what}: what the change "
                "takes, and what stays, is for a person to confirm"))
        return references

    def _unchanged_cited(self) -> list[Reference]:
        """The references, those named only in a clause saying its own provision is unchanged cited
        (``unchanged_clauses``: "el numeral 2.1.A queda sin cambios y el numeral 2.5.D se elimina",
        "Paragraph 2.1.A: no change, and Paragraph 2.5.D is deleted"): that provision is never what the
        item's change takes; the change is the other clause's (issue 23, audit 64)."""
        if not self.action.changes:
            return self.references
        clauses = unchanged_clauses(_read_text(self.item.text, self.mask), self.vocabularies,
                                    quotations_closing(self.item.text, self.mask))
        return [replace(r, cited=True) if not r.from_heading and any(a <= r.span[0] < b for a, b in clauses) else r
                for r in self.references]

    def _entry(self) -> _Outcome | None:
        """A note under an instruction, new text a lead-in brings, an entry of a list under a lead-in."""
        if (note := _NOTE_LABEL.match(self.item.text, self.start)) is not None and not any(
                not r.from_heading for r in self.references) and not (
                self.action.span is not None and _IMPERATIVE_FORM.fullmatch(self.action.words.split()[0])
                and _VERB_OPENS.fullmatch(self.item.text, note.end(), self.action.span[0])) and _under_instruction(
                self.item, self.items, self.vocabularies):
            # "1. Replace this Specification in full with the version attached." then "a. Note: the new
            # version differs only in the alarms added ...": a note under the instruction tells what the
            # change holds; it instructs nothing of its own (what it names is its parent's). A note
            # opening with an imperative of its own ("a. Note: delete the second sentence") is read
            return _Outcome("quiet", self.rule, self.action)
        self.from_lead = self.table_lead is not None
        if self.from_lead:
            self.lead_line = self.item.text
        added = _added_by_label(self.item, self.action, self.mask, self.references, self.rule, self.corpus, self.lead, self.lead_line)
        if added is not None:
            return added
        if (self.lead is not None and _BRINGS_TEXT.search(self.lead_line) and not any(not r.from_heading for r in self.references)
                and (self.action.action is None or (self.action.span is not None and self.action.span[0] > _NEW_TEXT_LABEL.match(
                    self.item.text).end() + 1 and _brought_text(self.item.text, self.lead_line, self.context, self.corpus, self.notations)))):
            # "Paragraph 3.2.A - Replace the whole paragraph with the following:" then "A. Flush the
            # system ...": the new words the instruction above brings, however long; it carries them
            # (a change word inside them, "A. Height: 6 inches in the changing rooms", is a word of
            # the new text, not a verb: the new text opens with its label, not with an imperative)
            return _Outcome("quiet", self.rule, self.action)
        if self.action.action is None and self.lead is not None and len(" ".join(self.item.text.split())) <= _ENTRY_LIMIT:
            self.action = self.lead  # a list entry under a lead-in instruction ("The following sheets are reissued:")
            self.from_lead = True
            if not any(not r.from_heading for r in self.references):
                # it names nothing of its own: the new words its lead-in brings ("DELETE subparagraph 2.1A and
                # SUBSTITUTE:" then "A. Extruded ..."), which the lead-in itself carries; no list entry
                return _Outcome("quiet", self.rule, self.action)
            if (_ENTRY_WHOLE.search(_read_text(self.item.text, self.mask)) and self.action.action in ("replace", "amend")
                    and not re.match(r"(?:add|insert|new)", self.action.words, re.IGNORECASE)):  # (a list of added ones: new)
                # "The Sections below have changed:" then "Section 11 19 00 Title (entire section reprinted)":
                # the entry's own words say the whole of it is issued again, whatever its lead-in's verb
                self.action = Action("replace", self.action.words, self.action.span, self.action.attachment, self.action.ambiguous)
                self.lead_line = f"{self.lead_line} {_ENTRY_WHOLE.search(_read_text(self.item.text, self.mask)).group(0)}"
            elif self.action.action == "replace" and ((_PAGE_WORD.search(self.lead_line) and not _WHOLE_WORD.search(self.lead_line))
                                                 or _PAGE_NUMBER.search(_read_text(self.item.text, self.mask))):
                # "Take out each page listed and put in the attached page": pages of it, not the whole
                self.action = Action("amend", self.action.words, self.action.span, self.action.attachment, self.action.ambiguous)
            if _MARKED_NEW.search(_read_text(self.item.text, self.mask)):
                return _Outcome("quiet", self.rule, self.action)  # "Appendix C ... (new)": an added document supersedes nothing
            if (self.action.action == "amend" and self.action.ambiguous is None and self.table_lead is None
                    and all(_CAPTION_CHANGE.fullmatch(w.strip()) for w in self.action.words.split(" … "))
                    and not _OWN_EXTENT.search(_read_text(self.item.text, _instruction_mask(self.item, self.layouts)[1]))):
                # "CHANGES TO THE SPECIFICATIONS:" then "Section 09 91 00, Paragraph 2.1.B": the item has no
                # verb of its own and its heading only says changes follow; what of it changes, and how
                # (in part, restated whole, taken out), its own words do not say
                own = [r for r in self.references if not r.from_heading]
                anew = bool(own) and all(r.kind in ("section", "sheet") and r.target is not None and r.target.path is None
                                         for r in own) and _ATTACHED_LEAD.search(self.lead_line) is not None
                # (the best guess where the heading lists attachments, "Revised Attachments:", and the entry
                # names whole documents: each issued anew, the attached one its successor, as applied edges
                # have it; still for a person to confirm)
                self.action = Action("replace" if anew else "amend", self.action.words, self.action.span, self.action.attachment or anew,
                                ambiguous=(
                    f'takes its verb from the heading above it ("{" ".join(self.lead_line.split())}"), which says only '
                    "that something changes: what of it changes, and how, is for a person to confirm"))

    def _unchanging(self) -> _Outcome | None:
        """Pointers, no-change words, answers that explain, marked words, the subject a question asks of."""
        if self.action.action is None and not self.item.cells and _POINTER.search(_read_text(self.item.text, self.mask), self.start):
            return _Outcome("quiet", self.rule, self.action)  # it points at what it names: "Refer to the paragraph for ..."
        if self.action.action == "no_change":
            if self.action.ambiguous and any(r.target is not None for r in self.references):
                return _Outcome("not_understood", self.rule, self.action, why=_NO_CHANGE)
            return _Outcome("quiet", self.rule, self.action)
        self.answered = self.item.kind in ("question", "answer") or self.item.answer is not None
        if self.answered and not self.action.changes:
            read = _read_text(self.item.text, self.mask)
            if _GRANTS.search(read) and not _RESTATES.search(read):
                # an answer that permits or conditions what a section requires changes it: for review
                named_any = _distinct([(r.target, r) for r in self.references if r.target is not None and not r.bound])
                if named_any:
                    return _Outcome("proposed", self.rule, self.action, named_any,
                                    why="an answer that permits or conditions what it names: a change for a person "
                                        "to confirm")
        self.named = [r for r in self.references if not r.bound and not r.cited]
        marked = _marked_change(self.item.text, self.named, self.rule, _marks_stated(self.items)) if self.action.action is None and not self.item.cells and not any(
            _division(r) in self.skip for r in self.named if r.kind in ("section", "paragraph", "name")) else None
        if marked is not None:
            return marked
        if self.answered and self.action.changes and not self.named and self.start > 0:
            # "Question: Section 3 - 3.20 Flooding ... Answer: ... is withdrawn from the contract": the
            # answer changes what the question names; for a person to confirm
            asked = [r for r in find_references(self.item.text[:self.start], self.corpus, mask=_quoted_spans(self.item.text[:self.start]),
                                                notations=self.notations, titles=False)
                     if r.target is not None and not r.bound and not r.cited]
            if asked:
                return _Outcome("proposed", self.rule, self.action, _distinct([(r.target, r) for r in asked]),
                                why="the answer changes what the question names: for a person to confirm")
            clauses = list(clause_alone(self.corpus).finditer(self.item.text[:self.start]))
            if len({c.group("number") for c in clauses}) == 1 and _MENTION.search(
                    _read_text(self.item.text, self.mask), self.start) is None and len(
                    holders := _clause_holders(clauses[0].group("number"), self.item, self.items, self.corpus)) == 1:
                # "Q. Section 3.4 asks for 99.5 percent ... R. The availability target is raised to 99.8
                # percent": a statement of work numbers its clauses as sections of no document the
                # question names; the clause, in the one document of the project holding it, for a
                # person to confirm
                clause = clauses[0]
                target = Locator(doc=holders[0], path=clause.group(1))
                reference = Reference("paragraph", clause.group(0), clause.span(), target, resolved_by="outline")
                return self._in_named_holder(target, reference, _Outcome("proposed", self.rule, self.action, [(target, reference)], why=(
                    f"the answer changes what the question names ({' '.join(clause.group(0).split())}, of no "
                    f"named document): {holders[0]} is the one document of the project holding it")))

    def _in_named_holder(self, target: Locator, reference: Reference, proposal: _Outcome) -> _Outcome:
        """A clause of no document the item names ("R. Section 3.3 is revised to read: ..."), held by the
        one document of the project that holds it: applied where the addendum itself names that document
        and no other of the project ("The requirements are set out in Exhibit B, Statement of Work") and
        the reading passes the gate as any named provision does. Applied too where that document alone of
        the project holds the clause, the addendum names two or more clauses it alone holds
        (``_sole_holder_of_several``: "Clause 5.17 ...", "Delete the whole of Clause 8.7."), and it names
        other documents of the project (it is about the project's documents) but never that one (it sets
        no other document beside it as where its clauses are): unless the clause is named only as the
        place new text goes ("inserted after clause 5.12.1"), or is restated "to read:" in words that do
        not say whether they are all of it, and only as the proposal read it (the same target and action).
        An addendum naming no document of the project by number names that one well enough where a heading
        or unnumbered paragraph of it comes close to its title and to no other (``_titled_nearly``, round
        38), or where the item's own line before the clause writes a run of that document's title words that
        fits no other holder's (``_title_run_of``: "Bestek deel 3, paragraaf 21.2 komt te luiden: ..." where
        the addendum names other clauses that document alone holds too, round 72). Applied as well, on the same terms, where the item's own heading comes close to that document's
        title ahead of every other (``_heading_title_of``: "1. Section VIII - Conditions of Particular
        Application (Part II ...)" over "Sub-Clause 8.7 Delay Damages: delete ..."), however many documents
        hold a clause so numbered: the heading says which document, the clause that it holds it (round 38).
        Applied too where the addendum names other documents of the project by number and the item's own
        line before the clause, or its heading line, writes a run of that document's title words that fits
        no other holder's title (``_title_run_of``: "Document 3) Scope of Work, clause 3.1.3 ..." in a suite
        whose other documents are named by number, round 40); an addendum naming no document by number
        leaves such a clause proposed (round 38: "Works Statement, Section 1, item 1.2"). Applied too where
        the clause opens its sentence with its own title after its number and that number so titled is one
        document's alone (``_clause_title_holder``: "Yes. Clause 2.2.2 Roof Fixings is amended to read: ..."
        where other documents' 2.2.2 are titled otherwise), in an addendum naming documents of the project
        by number and naming that one too (round 41): number and title agreeing leave no document the
        project lacks to be meant, as a number alone does.
        Which documents hold the clause is judged as ``_in_one_holder`` judged it, the items beside it
        narrowing them (``_clause_holders`` with the addendum's items, round 39).
        An addendum naming no document of the project, or naming that one with others, leaves it proposed.
        Else ``proposal``, for a person."""
        if self.action.ambiguous is not None:
            return proposal
        documents = _addendum_documents(self.items, self.corpus, self.notations)
        named = documents == {target.doc}
        read = _read_text(self.item.text, self.mask)
        if not named and not (
                target.path is not None
                and ((_clause_holders(target.path, self.item, self.items, self.corpus) == [target.doc]
                      and _sole_holder_of_several(target.doc, self.items, self.corpus)
                      and ((documents and not _names_document(self.items, self.corpus, self.notations, target.doc))
                           or (not documents and (_titled_nearly(self.items, self.corpus, target.doc)
                                                  or _title_run_of(self.item, reference, self.corpus, target, heading=False)))))
                     or _heading_title_of(self.item, self.corpus) == target.doc
                     or (documents and _title_run_of(self.item, reference, self.corpus, target))
                     or (documents and _clause_holders(target.path, self.item, self.items, self.corpus) == [target.doc]
                         and not _names_document(self.items, self.corpus, self.notations, target.doc)
                         and _named_by_its_word(self.item, reference, self.corpus, target.doc))
                     or (self._words_name(reference, target)
                         and _clause_title_holder(self.item, reference, self.corpus, target.path) == target.doc
                         and _names_document(self.items, self.corpus, self.notations, target.doc)
                         and _numbered_documents(self.items, self.corpus, self.notations))
                     or (self._words_name(reference, target)
                         and _clause_title_holder(self.item, reference, self.corpus, target.path) == target.doc
                         and _heading_designates(self.item, self.corpus, self.notations, target.doc))
                     or (_clause_holders(target.path, self.item, self.items, self.corpus) == [target.doc]
                         and _document_number_of(self.item, self.corpus) == target.doc)
                     or self._placed_alone(reference, target))
                and not (self.action.action == "amend" and _READ_ENDS.search(read))
                and not _PLACE_BEFORE.search(read, max(0, reference.span[0] - 60), reference.span[0])):
            return proposal
        action = self.action
        self.resolved, self.open_refs, self.absent = [(target, reference)], [], []
        outcome = self._gate()
        if outcome is not None and outcome.kind == "applied" and (
                named or (outcome.action.action, [t for t, _ in outcome.targets]) == (proposal.action.action, [target])):
            return outcome
        self.action = action
        return proposal

    def _placed_alone(self, reference: Reference, target: Locator) -> bool:
        """Whether ``target``'s document is the one holder of its clause that the addendum's other items changed
        a clause of, applied on their own words (``Corpus.placed``): "numeral 1.2 del Pliego de Condiciones
        Particulares" applied, then "Se elimina el numeral 4.2." of no named document, several documents of the
        project holding a 4.2 and the likeliest of them that pliego (round 73). The addendum has shown which
        document it changes; a clause it names bare is that one's where no other document it changed holds one
        so numbered. Never one of a division the rule skips, and never against the item's own words: a run of them
        titling another holder too ("Scope of Work, clause 2.1.2" where two holders are so titled: round 40), or a
        title written after the number that the clause does not bear ("Clause 2.2.2 Screws" for "2.2.2 Fasteners":
        round 41) leaves it as those rounds left it."""
        placed = self.corpus.placed
        if not (target.path is not None and target.doc in placed and self._words_name(reference, target)
                and [doc for doc in _path_holders(target.path, self.corpus) if doc in placed] == [target.doc]):
            return False
        line = self.item.text[:reference.span[0]].rsplit("\n", 1)[-1] if not reference.from_heading else ""
        if _DOCUMENT_NUMBER.search(line) and _document_number_of(self.item, self.corpus) != target.doc:
            return False  # "As concerns the BILL OF QUANTITIES (Document No. 8), item 4.3": another document's
        if any(fits and fits != [target.doc] for fits in _title_runs(self.item, reference, self.corpus, target.path,
                                                                      heading=False)):
            return False
        titled = (re.match(r"[ \t]+((?-i:[A-Z])[^\W\d_]+)", self.item.text[reference.span[1]:])
                  if not reference.from_heading and 0 <= reference.span[1] <= len(self.item.text) else None)
        own = self.corpus.names(target.doc).get(target.path, "") if self.corpus.names is not None else ""
        return titled is None or titled.group(1).casefold() in re.findall(r"\w+", re.split(r"\.\s", own, maxsplit=1)[0].casefold())

    def _designated_and_titled(self, held: tuple[Locator, Reference]) -> _Outcome | None:
        """The clause in the one document a designation fitting several holds ("Conditions of Contract Part II -
        Conditions of Particular Application, Sub-Clause 14.3" where two documents are "Part II" and one of
        them holds a 14.3), applied as any placed provision is where a run of the item's own words (two or
        more that say which document) titles that document and no other document of the project holding a
        clause so numbered is titled with a run the item writes (``_titled_too`` found none): the designation,
        the clause and the title agree on one document, in an addendum naming documents of the project by
        number (round 45). Else None (proposed, as before)."""
        target, reference = held
        if (target.path is None or self.action.ambiguous is not None or not self._words_name(reference, target)
                or not any(fits == [target.doc] for fits in _title_runs(self.item, reference, self.corpus, target.path))
                # (an addendum naming no document of the project by number may be about documents it lacks: as
                # ``_in_named_holder`` leaves a clause placed by title words alone, round 40)
                or not _numbered_documents(self.items, self.corpus, self.notations)):
            return None
        kept = self.action, self.resolved, self.open_refs, self.absent
        placed = replace(reference, target=target, candidates=(), resolved_by="outline", why=None)
        self.resolved, self.open_refs, self.absent = [(target, placed)], [], []
        outcome = self._gate()
        if outcome is not None and outcome.kind == "applied" and [t for t, _ in outcome.targets] == [target]:
            return outcome
        self.action, self.resolved, self.open_refs, self.absent = kept
        return None

    def _words_name(self, reference: Reference, target: Locator) -> bool:
        """Whether a clause of no named document may be placed in ``target``'s document by the words the
        item writes of it (a run of its title, the clause's own title: round 41): never one of a division
        the rule skips ("In the INSTRUCTIONS TO BIDDERS, Article 1.1, ...": Division 00's, not read as a
        change the pack applies; proposed, as before)."""
        return _division(replace(reference, target=target)) not in self.skip

    def _held_named(self, held: _Outcome | None) -> _Outcome | None:
        """A clause ``_in_one_holder`` proposed in the one document of the project holding it, applied
        as ``_in_named_holder`` applies one (where the addendum names that document and no other, or
        names several clauses that document alone holds); one several documents hold, proposed in the one
        its words name, so only where the item's heading names that one by a title that comes close
        (``_heading_title_of``), a run of the item's own words before the clause is that one's title
        alone (``_title_run_of``), or the clause's own title after its number is that one's alone
        (``_clause_title_holder``; both round 41)."""
        if held is None or held.kind != "proposed" or len(held.targets) != 1:
            return held
        target, reference = held.targets[0]
        if target.path is None or (len(_titled_clause_holders(target.path, self.item, self.items, self.corpus, reference)
                                       if self._words_name(reference, target)
                                       else _clause_holders(target.path, self.item, self.items, self.corpus)) != 1
                                   and not self._placed_alone(reference, target)
                                   and _heading_title_of(self.item, self.corpus) != target.doc
                                   and not (self._words_name(reference, target)
                                            and _title_run_of(self.item, reference, self.corpus, target, heading=False))
                                   and not (self._words_name(reference, target)
                                            and _clause_title_holder(self.item, reference, self.corpus, target.path) == target.doc)):
            # (several hold it: applied only where its heading names the one proposed by title, a run of
            # the item's own words titles it alone, or the clause's own title written after its number is
            # that one's alone, round 41; ``_in_named_holder`` then asks the addendum to name documents
            # by number, as round 40 did)
            return held
        before = self.action
        self.action = held.action
        outcome = self._in_named_holder(target, replace(reference, resolved_by=reference.resolved_by or "outline"), held)
        if outcome is held:
            self.action = before
        return outcome

    def _part_clause(self) -> _Outcome | None:
        """An item opening with a clause's number and title under a heading naming the clause's part by
        number and title ("Section 2 - Materials" over "3. 2.2 Asphalt - delete in its entirety and
        substitute: ..."): the clause, in the one document of the project whose outline has that part
        under that title and that clause under that title, read as any placed provision is (the gate
        settles applied); None where no one document agrees on all four (round 39)."""
        part = _part_heading(self.item)
        clause = _CLAUSE_TITLED.match(self.item.text) if part is not None and self.action.span is not None else None
        if clause is None or clause.group(2) != part.group(1) or clause.end() > self.action.span[0]:
            return None
        holders = [doc for doc in _clause_holders(clause.group(1), self.item, (), self.corpus)
                   if _titled_part(doc, part, self.corpus) and _same_words(clause.group(3), self.corpus.names(doc).get(clause.group(1), ""))]
        if len(holders) != 1:
            return None
        target = Locator(doc=holders[0], path=clause.group(1))
        if self.action.action in ("replace", "delete") and _ORDINAL_PART.search(_read_text(self.item.text, self.mask)):
            self.action = Action("amend", self.action.words, self.action.span, self.action.attachment, self.action.ambiguous)
        reference = Reference("paragraph", clause.group(1), clause.span(1), target, resolved_by="outline")
        proposal = _Outcome("proposed", self.rule, self.action, [(target, reference)], why=(
            f"numbered {clause.group(1)} {clause.group(3)} under {' '.join(part.group(0).split())}: {holders[0]} is the one "
            "document of the project with that part and that clause so titled, for a person to confirm"))
        action = self.action
        self.resolved, self.open_refs, self.absent = [(target, reference)], [], []
        outcome = self._gate()
        if outcome is not None and outcome.kind == "applied" and [t for t, _ in outcome.targets] == [target]:
            return outcome
        self.action = action
        return proposal

    def _lettered_item(self, clause: Locator) -> Locator:
        """The lettered item of ``clause`` the item names, where the document's outline holds it
        ("Item c) of Section 4.3 now reads: "c) ..."", "(refer to Section 4.3 c))"); else the clause."""
        lettered = {f"{clause.path}.{(m.group(1) or m.group(4)).lower()}"
                    for m in _ITEM_OF_CLAUSE.finditer(_read_text(self.item.text, self.mask))
                    if (m.group(2) or m.group(3)) == clause.path}
        if len(lettered) == 1 and (path := lettered.pop()) in self.corpus.path_set(clause.doc):
            return Locator(doc=clause.doc, path=path)
        return clause

    def _unplaceable(self) -> _Outcome | None:
        """A change naming nothing a notation of the pack places."""
        if not self.named and not self.references and (self.action.changes or self.item.cells) and not _preamble(self.item):
            # a change that names something no notation of the pack reads ("Section 4A", "Schedule-D,
            # 2.3"): reported, never passed over
            mentions = list(_MENTION.finditer(_read_text(self.item.text, self.mask)))
            mention = mentions[0] if mentions else None
            clause = clause_alone(self.corpus).fullmatch(" ".join(mention.group(0).split())) if mention is not None else None
            if clause is None and mention is not None and mention.start() > self.start:
                # ("No. Item 6.1 is amended to read: ..." answering a bidder: a dotted item the words name
                # past the item's own opening is a document's, as a clause so named is, never the
                # addendum's own numbering)
                clause = _ITEM_DOTTED.fullmatch(" ".join(mention.group(0).split()))
            inner = clause_alone(self.corpus).fullmatch(" ".join(mentions[-1].group(0).split())) if len(mentions) > 1 else None
            if clause is None and inner is not None and all(
                    inner.group("number").startswith(m.group(0).split()[-1] + ".") for m in mentions[:-1]):
                # "Under Section 3, Reporting, Section 3.1, the last sentence ...": the part, then the clause
                # of it that changes
                mention, clause = mentions[-1], inner
            if clause is not None and self.action.changes:
                # "Section 5.17 - Page 38 - Delete ...": a clause of a document the item does not name
                holders = _clause_holders(clause.group("number"), self.item, self.items, self.corpus)
                if len(holders) == 1:
                    target = Locator(doc=holders[0], path=clause.group("number"))
                    target = self._lettered_item(target)
                    if self.action.action in ("replace", "delete") and _ORDINAL_PART.search(_read_text(self.item.text, self.mask)):
                        self.action = Action("amend", self.action.words, self.action.span, self.action.attachment, self.action.ambiguous)
                    reference = Reference("paragraph", mention.group(0), mention.span(), target, resolved_by="outline")
                    return self._in_named_holder(target, reference, _Outcome("proposed", self.rule, self.action, [(target, reference)], why=(
                        f"names {' '.join(mention.group(0).split())} of no named document: {holders[0]} is the one "
                        "document of the project holding it (and the clauses the items beside it name)")))
                likely = _likely_holders(clause.group("number"), self.item, self.items, self.corpus) if len(holders) > 1 else []
                if likely:
                    # several documents hold it: those the words and headings make likeliest, each for a person
                    if self.action.action in ("replace", "delete") and _ORDINAL_PART.search(_read_text(self.item.text, self.mask)):
                        self.action = Action("amend", self.action.words, self.action.span, self.action.attachment, self.action.ambiguous)
                    found = [(Locator(doc=doc, path=clause.group("number")), Reference(
                        "paragraph", mention.group(0), mention.span(), Locator(doc=doc, path=clause.group("number")), resolved_by="outline"))
                        for doc in likely]
                    return _Outcome("proposed", self.rule, self.action, found, why=(
                        f"names {' '.join(mention.group(0).split())} of no named document, which {len(holders)} documents "
                        f"hold: {', '.join(likely)} the likeliest; which is meant is for a person to confirm"))
            if mention is not None:
                return _Outcome("not_understood", self.rule, self.action,
                                why=f'names "{" ".join(mention.group(0).split())}", which no reference notation of the '
                                    "pack places")
        if (not self.named and self.action.changes and self.action.ambiguous is None and self.action.span is not None
                and all(r.target is None and not r.candidates for r in self.references)
                and _VERB_OPENS.fullmatch(_read_text(self.item.text, self.mask), self.start, self.action.span[0])
                and _IMPERATIVE_FORM.fullmatch(self.action.words.split()[0])
                and not _read_text(self.item.text, self.mask).rstrip().endswith(":") and not _preamble(self.item)
                and (not self.context.strip() or heading_document(self.context, self.corpus, self.notations) is None)):
            # "Add Alternate No. 3 - Kayak Rack to the list of alternates": an imperative opening the
            # item, under no heading naming what it changes, and naming nothing the project holds:
            # it changes something no reading can place; said, never passed over
            quoted = _quoted_names(self.item.text, _quoted_spans(self.item.text), self.corpus, self.notations)
            if quoted:
                # 'Delete the original and replace with the updated "SECTION 07 54 23 - ROOFING" (attached)':
                # the document is named only inside the quotation marks, by its number: for a person to confirm
                return _Outcome("proposed", self.rule, _named_action(self.action, self.item.text, _quoted_spans(self.item.text),
                                                                     quoted[0][0]), quoted, why=str(quoted[0][1].why))
            return _Outcome("not_understood", self.rule, self.action,
                            why=f'opens with a change verb ({self.action.words}) but names no section, sheet or '
                                "provision the project holds, and no heading above it does")

    def _heading_named(self) -> _Outcome | None:
        """An item naming nothing of its own: what its heading or caption names."""
        if not self.named:
            heading = self.context.strip().splitlines()[-1] if self.context.strip() else ""
            mentions = list(_MENTION.finditer(heading)) if (
                not self.references and self.action.changes and self.action.ambiguous is None and not self.item.cells and self.table_lead is None
                and not _preamble(self.item)) else []
            mention = mentions[-1] if mentions else None  # the last is the part: "Section ..., clause 3.2"
            numbered = _TITLED_ARTICLE.match(self.item.text) if mention is not None and self.action.span is not None else None
            if (numbered is not None and numbered.end() == self.action.span[0]
                    and re.fullmatch(r"(?i:sections?)\s+(\d{1,2})\.?", " ".join(mention.group(0).split()))
                    and numbered.group(1).split(".")[0] == re.search(r"\d+", mention.group(0)).group(0)
                    and len(holders := _clause_holders(numbered.group(1), self.item, self.items, self.corpus)) == 1):
                # "Section 5. - CONTROL OF WORK" over "5.17 Claims. Delete the second paragraph and ...": an
                # agency's general provisions, numbered by section within one document; the clause its
                # number gives, in the one document of the project holding it, for a person to confirm
                target = Locator(doc=holders[0], path=numbered.group(1))
                if self.action.action in ("replace", "delete") and _ORDINAL_PART.search(_read_text(self.item.text, self.mask)):
                    self.action = Action("amend", self.action.words, self.action.span, self.action.attachment, self.action.ambiguous)
                reference = Reference("paragraph", numbered.group(1), numbered.span(1), target, resolved_by="outline")
                return _Outcome("proposed", self.rule, self.action, [(target, reference)], why=(
                    f"numbered {numbered.group(1)} under {' '.join(mention.group(0).split())}, which no reference "
                    f"notation places: {holders[0]} is the one document of the project holding that clause"))
            part = re.fullmatch(r"(?i:clauses?|articles?|sub-?sections?)\s+(\d{1,2}\.\d{1,3})", " ".join(
                mention.group(0).split())) if mention is not None and self.action.ambiguous is None and re.fullmatch(
                r"\s*(?:[-–—,:]?\s*[\"“][^\"”\n]*[\"”])?\s*[.:]?\s*", heading[mention.end():]) else None
            # (only a clause the heading ends with: "clause 3.1, item .2" names a part of it, reported)
            if part is not None:
                # 'Volume A, part "Conditions ...", clause 3.4 "Changes"' over "Update the clause to read:"
                reference = Reference("paragraph", part.group(0), (0, 0), None, from_heading=True)
                held = self._held_named(_in_one_holder(self.item, self.items, self.corpus, part.group(1), self.action, self.mask, self.rule, reference,
                                      f'its heading names {part.group(0)} of no document a reference places', insertions=self.insertions))
                if held is not None:
                    return held
            if (self.action.changes and self.action.span is not None and not self.references
                    and (number := _tagged_caption(self.item, self.items, self.vocabularies)) is not None):
                # "7.12 Protection of Property" / "(PUD December 2026)" / "Revise the third paragraph to
                # read:": an agency's special provision amending a clause of its standard specifications,
                # captioned by the clause's number alone; the clause, in the one document holding it,
                # for a person to confirm (an ordinal part of it, "the first paragraph", is a change in part)
                if self.action.action in ("replace", "delete") and _ORDINAL_PART.search(_read_text(self.item.text, self.mask)):
                    self.action = Action("amend", self.action.words, self.action.span, self.action.attachment,
                                         self.action.ambiguous)
                reference = Reference("paragraph", number, (0, 0), None, from_heading=True)
                held = self._held_named(_in_one_holder(self.item, self.items, self.corpus, number, self.action, self.mask, self.rule,
                                      reference, f"its caption names clause {number} of no document a reference places", insertions=self.insertions))
                if held is not None:
                    return held
                return _Outcome("not_understood", self.rule, self.action,
                                why=f"its caption names clause {number}, which no one document of the project holds")
            if mention is not None and (caption := _caption_before(self.item, self.items, self.vocabularies)) is not None:
                # "Clause 5.17 CLAIMS" on a line of its own, then "Replace the second paragraph with the
                # following:": owners caption each changed clause and put the instruction under it; the
                # clause the caption names, in the one document holding it, for a person to confirm
                reference = Reference("paragraph", caption.group(0), (0, 0), None, from_heading=True)
                held = self._held_named(_in_one_holder(self.item, self.items, self.corpus, caption.group(1), self.action, self.mask, self.rule, reference,
                                      f"its caption line names {caption.group(0)} of no document a reference places", insertions=self.insertions))
                if held is not None:
                    return held
            if mention is not None and (placed := self._part_clause()) is not None:
                return placed
            if mention is not None:
                # "Reference: Section ..., clause 3.2, item .2" over "The item reads as follows: ... The
                # correct statement is: ...": a change of what its heading names, which nothing placed;
                # said, never passed over
                return _Outcome("not_understood", self.rule, self.action,
                                why=f'changes what its heading names ("{" ".join(mention.group(0).split())}"), which no '
                                    "reference notation of the pack places")
            return _Outcome("quiet" if self.references else "nothing", self.rule, self.action)  # it only cites what it names

    def _quiet_kinds(self) -> _Outcome | None:
        """Preambles, attachment lists, answers, skipped divisions, headings, article subheadings."""
        if _preamble(self.item) and not self.action.changes and not any(
                r.kind == "paragraph" and r.target is None and r.joins is not None and r.joins.path is not None
                and _inserts(self.item.text, r, self.vocabularies) for r in self.named):
            # the addendum's preamble: it describes, it instructs nothing (but "Section 33 11 00, Article 2.2,
            # new paragraph B: **B. ...**" under the addendum's title alone gives a paragraph an article of
            # the project gains: an entry, read on)
            return _Outcome("quiet", self.rule, self.action)
        self.under_attachments = _attachments_heading(self.item) or _attachment_line(self.item) \
            or _attachments_lead(self.item, self.vocabularies)
        if not self.action.changes and (self.under_attachments or self.item.kind in ("question", "answer") or self.item.answer is not None
                                   or _in_question(self.item)):
            return _Outcome("quiet", self.rule, self.action)  # an answer that only explains; an attachment listed
        # Division 00 and the like: counted, not listed
        divisions = [_division(r) for r in self.named if r.kind in ("section", "paragraph", "name")
                     and (r.target is not None or r.kind == "section" or r.joins is not None)]
        if divisions and all(d in self.skip for d in divisions) and all(r.kind in ("section", "paragraph", "name")
                                                                 for r in self.named):
            return _Outcome("skipped", self.skip[divisions[0]] if divisions[0] else self.rule, self.action)
        if self.item.kind == "heading" and not self.action.changes:
            return _Outcome("quiet", self.rule, self.action)  # it heads the items that carry the changes
        if (self.action.action is None and self.lead is None and _ARTICLE_SUBHEADING.fullmatch(self.item.text)
                and (index := _positions(self.items).get(self.item.path)) is not None and index + 1 < len(self.items)
                and self.items[index + 1].heading_context == self.item.heading_context):
            # "2.1 LUMINAIRES." between a section's heading and the instructions after it: an article
            # subheading, placing what follows; it changes nothing of its own
            return _Outcome("quiet", self.rule, self.action)

    def _resolve(self) -> _Outcome | None:
        """The targets: resolved, joined, open."""
        self.resolved: list[tuple[Locator, Reference]] = []
        self.open_refs: list[Reference] = []
        for reference in self.named:
            if reference.target is not None:
                self.resolved.append((reference.target, reference))
            elif (reference.joins is not None and self.action.action == "amend" and reference.kind == "paragraph"
                  and (any(_inserts(self.item.text, other, self.vocabularies) for other in self.named if other.written == reference.written)
                       or _added_under_own_label(self.item.text, reference, self.action)
                       or _added_as_follows(self.item.text, reference, self.action, self.vocabularies)
                       or _added_to_part_before(self.item.text, reference, self.action, self.named, self.vocabularies))):
                # an insertion amends what it joins; one joining only the whole document is for a person
                # (named twice, "| GC 11.4 (page 7) | New GC 11.4 added: ... |": the one said to be new is both)
                self.resolved.append((reference.joins, reference))
                if reference.joins.path is None and not _next_article(reference, self.corpus):
                    self.action = Action(self.action.action, self.action.words, self.action.span, self.action.attachment, ambiguous=(
                        f"adds {reference.written}, which joins no paragraph of {reference.joins.doc}: where it goes "
                        "is for a person to confirm"))
            elif (reference.joins is not None and self.action.action is None and reference.kind == "paragraph"
                  and reference.joins.path is not None and _inserts(self.item.text, reference, self.vocabularies)):
                # "Section 33 11 00, Article 2.2, new paragraph B: **B. Tapping sleeves ...**": a paragraph named
                # new, no verb of the pack; what it joins gains it, for a person to confirm
                self.resolved.append((reference.joins, reference))
                self.action = Action("amend", "new", ambiguous=(
                    f"adds {reference.written} to {reference.joins.format()} with no verb of the pack: for a person to confirm"))
            elif (reference.joins is not None and reference.kind == "paragraph" and self.action.changes
                  and reference.joins.path is not None and self.corpus.is_leaf(reference.joins)):
                # a subparagraph the outline does not split out ("Article 1.3, paragraph .2"): a change within it
                self.resolved.append((reference.joins, reference))
                if self.action.action in ("replace", "delete"):
                    self.action = Action("amend", self.action.words, self.action.span, self.action.attachment, self.action.ambiguous)
            elif reference.joins is not None and reference.kind == "callout" and self.action.changes:
                # a note or detail the sheet does not hold changes the sheet in part: one the item adds
                # ("Sheet C-103: add General Note 2 reading ...") is applied so; one it changes or
                # deletes that the sheet lacks may be a callout its outline missed: for a person
                self.resolved.append((reference.joins, reference))
                if self.action.action != "amend" or not _inserts(self.item.text, reference, self.vocabularies):
                    self.action = Action("amend", self.action.words, self.action.span, self.action.attachment, ambiguous=(
                        f"names {reference.written} on {reference.joins.doc}, which holds no such callout: "
                        "a change to the sheet for a person to confirm"))
            elif reference.candidates or reference.why:
                self.open_refs.append(reference)
        self.resolved, self.action = _callout_of_each(self.item.text, self.mask, self.resolved, self.action, self.corpus)
        self.absent = [r for r in self.open_refs if r.kind == "sheet" and not r.candidates and r.joins is None
                  and r.why and r.why.endswith(NOT_HELD)]
        if self.absent and any(r.kind == "sheet" for _, r in self.resolved):  # one sheet of a list missing: said, not blocking
            self.open_refs = [r for r in self.open_refs if r not in self.absent]
        # a designation whose title written after it is not its document's ("Amendment to Section IX Drawings: Sheet
        # C-07 ..." where the project's one Section IX is a specification) names a part the project does not hold,
        # as where no document is designated so: sheets named by their own numbers under it are placed alone
        if self.resolved and all(r.kind in ("sheet", "callout") for _, r in self.resolved):
            self.open_refs = [r for r in self.open_refs if not (
                r.kind == "section" and r.target is None and not r.candidates and r.why and UNFIT_TITLE in r.why)]
        # a paragraph or callout the target lacks is what the item names, not the article or sheet around it
        lacking = [r.joins for r in self.open_refs if r.joins is not None]
        self.resolved = [(t, r) for t, r in self.resolved if not any(
            t.doc == j.doc and (t.path is None or t.path == j.path or (j.path or "").startswith(t.path + "."))
            for j in lacking)]
        joined = [(t, r) for t, r in self.resolved if r.target is None and r.kind == "paragraph" and t.path is not None]
        self.resolved = _distinct(self.resolved)
        if (self.action.action is None and not self.answered and not self.item.cells and self.lead is None and not self.open_refs
                and (anew := _captioned_value(_read_text(self.item.text, self.mask), self.start, self.resolved)) is not None):
            self.action = Action("amend", anew.group("verb"), anew.span("verb"))
        # "paragraph 3.1, revise subparagraph A and add subparagraph C": the paragraph added joins the
        # article and the one revised is inside it; two changes, each kept (never one swallowing the other)
        # (a paragraph named as where the new ones go, "after sub-clause B", is a place, not a change)
        read = _read_text(self.item.text, self.mask)
        beside = [(t, r) for t, r in joined if t not in {x for x, _ in self.resolved}
                  and any(x.doc == t.doc and (x.path or "").startswith(t.path + ".") and o is not r
                          and not (_ADDING.search(self.action.words or "")
                                   and _PLACE_BEFORE.search(read, max(0, o.span[0] - 60), o.span[0]))
                          for x, o in self.resolved)]
        if beside and self.action.changes:
            self.resolved += beside
            if self.action.ambiguous is None:  # which verb takes which paragraph, and how far, is a reading of the words
                self.action = Action(self.action.action, self.action.words, self.action.span, self.action.attachment, ambiguous=(
                    f"changes a paragraph and adds {beside[0][1].written} beside it: what each verb does to which "
                    "is for a person to confirm"))
        self.whole_object = _WHOLE_OBJECT.search(_read_text(self.item.text, self.mask)) if self.action.action == "replace" else None
        if self.whole_object is not None and self.resolved and not self.open_refs and len({t.doc for t, _ in self.resolved}) == 1:
            # "Sheet revised. Detail 2 ... increased. Pull and replace the whole sheet": the words name
            # the whole document as what is replaced; the part named beside it says what changed in it
            kind = "section" if self.whole_object.group("kind").lower().startswith(("section", "spec")) else "sheet"
            holder = next((r for r in self.references if r.kind == kind and r.target is not None and r.target.path is None
                           and r.target.doc == self.resolved[0][0].doc), None)
            if holder is None:
                self.whole_object = None
            else:
                self.resolved = [(holder.target, replace(holder, bound=False))]  # type: ignore[list-item]
        self.resolved = self._in_verb_clause()
        if not self.resolved and not self.open_refs:
            return _Outcome("nothing", self.rule, self.action)

    def _in_verb_clause(self) -> list[tuple[Locator, Reference]]:
        """Of a table row's targets, those its verb's own clause names, where it names one and the rest
        stand only in other cells ("| Note 2 on Drawing C-105 repeats ... of Section 35 31 00. Which one
        applies? | Note 2 on Drawing C-105 is deleted. |", "| Drawing C-105, Detail 1, Section 35 31 00
        | ... | Detail 1 of Drawing C-105 is modified to show ... |"): the question or the row's reference
        cell says what the row is about, the answer's clause what it changes. Else all of them."""
        if not self.item.cells or len(self.resolved) < 2 or not self.action.changes or self.action.span is None or self.open_refs:
            return self.resolved
        read = _read_text(self.item.text, self.mask)
        verb = self.action.span[0]
        cell = (read.rfind("|", 0, verb), read.find("|", verb) if read.find("|", verb) >= 0 else len(read))
        opened = max(cell[0], *(read.rfind(mark, cell[0], verb) for mark in (". ", "; ", "? ")))
        closed = min([cell[1], *(at for mark in (". ", "; ", "? ") if (at := read.find(mark, self.action.span[1], cell[1])) >= 0)])
        # (a target named in two cells is kept once, by its first mention: every mention is weighed here)
        own = {r.target for r in self.named if r.target is not None and opened < r.span[0] < closed}
        if not own or not own <= {t for t, _ in self.resolved} or any(
                r.target not in own and cell[0] < r.span[0] < cell[1] for r in self.named if r.target is not None):
            return self.resolved
        return [(t, r) for t, r in self.resolved if t in own]

    def _paged(self) -> _Outcome | None:
        """Pages replaced."""
        sections = _distinct([(r.target, r) for r in self.references if r.kind in ("section", "title")
                              and r.target is not None and not r.cited and not r.from_heading])
        if (self.action.changes and len(sections) == 1 and all(t.doc == sections[0][0].doc for t, _ in self.resolved)
                and _PAGES.search(_read_text(self.item.text, self.mask)) and not _WHOLE_DOCUMENT.search(_read_text(self.item.text, self.mask))
                and not _page_locates(_read_text(self.item.text, self.mask), self.action, self.references)
                and all(r.kind == "paragraph" and r.joins is not None and r.joins.doc == sections[0][0].doc
                        for r in self.open_refs)):  # pages replaced; an article they add is no target of its own
            paged = _pages(self.action, sections, self.references, self.rule, _read_text(self.item.text, self.mask))
            if self.under_attachments and paged.kind == "applied":
                # "Revised page 04 20 00-3" in the list of attachments: it lists what is attached; the
                # change is the item that makes it, applied only where no other item does
                return replace(paged, kind="proposed", listed=True, why=_LISTED)
            return paged

    def _reissued_holder(self) -> _Outcome | None:
        """A part whose holder is attached anew."""
        self.reissued = self.whole_object is not None  # the item says the whole document is issued anew with the addendum
        if (len(self.resolved) == 1 and self.resolved[0][0].path is not None and not self.open_refs and self.action.action in ("replace", "amend")
                and self.action.ambiguous is None and (holder := _reissued_holder(self.item, self.layouts, self.corpus, self.notations,
                                                                             self.resolved[0][0].doc)) is not None):
            # "Revised Keynote 1 to call for a roof hatch. See attached revised drawing sheet A-103.": the
            # sheet holding the part changed is itself attached anew; the reissued sheet takes the whole
            # old one's place, the part's change being one of what it carries
            own = [r for r in self.references if r.target == Locator(doc=self.resolved[0][0].doc) and not r.cited]
            self.resolved = [(Locator(doc=self.resolved[0][0].doc), own[0] if own else holder)]
            self.action = Action("replace", self.action.words, self.action.span, True)
            self.reissued = True

    def _revision_marks(self) -> _Outcome | None:
        """Revision marks: revised, reissued, revised and attached."""
        if self.under_attachments and self.action.action == "amend" and self.action.words and all(
                _STATUS.fullmatch(w.strip()) for w in self.action.words.split(" … ")) and self.action.span is not None \
                and _MARK_ENDS.match(_read_text(self.item.text, self.mask), self.action.span[1]):
            # "Sheet A-501, Detail 5 (revised)" listed among the attachments: the attached one replaces it
            # (the word a mark of the line, not a verb with words after it: '"95 percent" is revised to
            # "98 percent"' under such a heading changes part of what it names)
            self.action = Action("replace", self.action.words, self.action.span, True)
            # a whole section or sheet listed so is the document attached anew ('Section 09 65 13
            # "Resilient Base," revised.' under "The following Sections are attached:")
            self.reissued = bool(self.resolved) and all(t.path is None for t, _ in self.resolved)
        elif (self.under_attachments and self.action.action == "amend" and self.action.ambiguous is None and self.action.span is not None
              and _STATUS.fullmatch(self.action.words.strip()) and self.resolved and not self.open_refs
              and all(t.path is None and r.kind in ("section", "sheet") for t, r in self.resolved)
              and _ENTRY_OPENS.fullmatch(_read_text(self.item.text, self.mask), self.start, self.action.span[0])
              and _DOCUMENT_KIND_NEXT.match(_read_text(self.item.text, self.mask), self.action.span[1])):
            # "A3. Revised Drawing Sheet 7 - M-201" in the list of attachments: the revised document is
            # what is attached, whole, and it takes the old one's place (the word qualifies the document,
            # it says nothing is changed in part)
            self.action = Action("replace", self.action.words, self.action.span, True)
            self.reissued = True
        elif (self.action.action in ("amend", "replace") and self.action.ambiguous is None and self.action.words and self.resolved
              and all(t.path is None and r.kind == "sheet" and not r.from_heading for t, r in self.resolved)
              and all(_REVISION_WORD.fullmatch(w.strip()) for w in self.action.words.split(" … "))
              and _REVISED_SEE_ATTACHED.match(self.item.text, max(r.span[1] for _, r in self.resolved))):
            # "2-8 Sheets FP-102 and FP-103: REVISED; see attached.": sheets marked revised, the revision
            # issued with the addendum and nothing else said, are each reissued whole (round 44)
            self.action = Action("replace", self.action.words, self.action.span, True)
            self.reissued = True
        elif (self.action.action == "amend" and self.action.ambiguous is None and self.action.words and self.resolved
              and all(t.path is None for t, _ in self.resolved)
              and all(_REVISION_WORD.fullmatch(w.strip()) for w in self.action.words.split(" … "))
              and _revised_attached(self.item, self.items, self.mask, self.resolved)):
            # "Revises Plan Sheets E-301 and E-601 (Attached to this Addendum)", a row "C-102 | Revised
            # spot grades" under "Each revised Drawing listed is attached": the sheet revised is issued
            # anew with the addendum, and the attached one replaces it whole
            self.action = Action("replace", self.action.words, self.action.span, True)
            self.reissued = True
        elif (self.action.action == "amend" and self.action.ambiguous is None and self.action.words and self.resolved and not self.from_lead
              and self.lead is not None and self.lead.action == "replace" and _REISSUED.search(self.lead_line)
              and all(t.path is None and r.kind in ("section", "sheet") for t, r in self.resolved)):
            # "SPECIFICATIONS REISSUED:" then "Section 22 13 16, Title (pages ...). The specification has
            # been revised to require ...": the heading says each document listed is issued again whole;
            # the entry's own verb ("revised to require", "updated to add") tells what changed in it,
            # not how much of it is issued (a part it names, "add paragraph 2.1.C", is read as before)
            self.action = Action("replace", self.action.words, self.action.span, True)
            self.reissued = True
        elif (self.action.action == "amend" and self.action.ambiguous is None and self.resolved and not self.from_lead and not self.open_refs
              and all(t.path is None and r.kind in ("section", "sheet") for t, r in self.resolved)
              and (note := REVISION_NOTE.match(_read_text(self.item.text, self.mask), _ENTRY_OPENS.match(
                  _read_text(self.item.text, self.mask), self.start).end())) is not None):
            # "4.01 SECTION 06 10 00 - ROUGH CARPENTRY" over "A. Revised to require treated blocking ...": a
            # note of what the revision of the whole document does, not the new words (owners listing the
            # sections and sheets an addendum reissues each with such a note); the document is issued anew
            # and takes the old one's place: applied where the addendum itself says the documents it so
            # lists are reissued whole, else the same reading proposed for a person to confirm
            self.action = Action("replace", note.group(0), note.span(), True, ambiguous=None if _reissue_declared(
                self.items, self.item) else (f'a note of what was revised in the whole document ("{note.group(0)} ..."): '
                                   "whether it is issued anew (read so) or changed in part is for a person to confirm"))
            self.reissued = True
        elif (self.action.action == "amend" and self.action.ambiguous is None and self.action.words and self.resolved
              and not self.from_lead and self.action.span is not None
              and all(t.path is None and r.kind == "sheet" and not r.from_heading for t, r in self.resolved)
              and all(_REVISION_WORD.fullmatch(w.strip()) for w in self.action.words.split(" … "))
              and _COPIES_COME.match(self.item.text, self.action.span[1])):
            # "Plan Sheets E-102 and T-101 are revised; replacement sheets come with this addendum.": the
            # sheets revised, and the next clause says their new copies are issued with the addendum;
            # sheets are issued anew, never edited in place: each is replaced whole (round 71; the clause
            # is read in the item's own words, the mask having set it aside as what explains the verb)
            self.action = Action("replace", self.action.words, self.action.span, True)
            self.reissued = True
        elif (self.action.action == "amend" and self.action.ambiguous is None and self.action.words and self.resolved and not self.from_lead
              and all(t.path is None for t, _ in self.resolved)
              and all(_BARE_REVISION.fullmatch(w.strip()) for w in self.action.words.split(" … "))
              and self.action.span is not None and _MARK_ENDS.match(_read_text(self.item.text, self.mask), self.action.span[1])):
            # "Sheet A-101 is revised.", "SECTION 08 71 00 DOOR HARDWARE - REVISED": a whole document
            # said to be revised, and nothing of how: reissued whole or changed in part is a guess
            self.action = Action("amend", self.action.words, self.action.span, self.action.attachment, ambiguous=(
                f'says only "{self.action.words}" of the whole document: whether it is issued anew or changed in part '
                "is for a person to confirm"))
        elif (self.action.action == "amend" and self.action.ambiguous is None and self.action.words and self.resolved and not self.from_lead
              and not self.under_attachments and not self.action.attachment
              and all(_BARE_REVISION.fullmatch(w.strip()) for w in self.action.words.split(" … "))
              and self.action.span is not None and re.match(r"[\s)\]*_]*(?:[.;]|$)", _read_text(self.item.text, self.mask)[self.action.span[1]:])):
            # "Paragraph 2.1.B is revised." and nothing more: not what it now says, nor which part
            whole = self._status_beside_text()
            self.action = Action("replace" if whole else "amend", self.action.words, self.action.span, self.action.attachment, ambiguous=(
                f'says only "{self.action.words}" in its status column, beside complete text in another: whether that '
                "text restates the paragraph whole (read so) or describes the change is for a person to confirm" if whole else
                f'says only "{self.action.words}": what of it changes, and how, is for a person to confirm'))

    def _status_beside_text(self) -> bool:
        """Whether a change table's row says "Revised" in a status column of its own and gives, in
        another cell, complete text of its own (a sentence or more, no verb of the pack in it) for
        the one paragraph it names: bid addenda listing revised clauses in "Item Description |
        Reference | Remarks" tables. Whether that text is the paragraph as it now reads or a
        description of the change, the row's words never settle: read as a whole replacement only
        for a proposal (the caller keeps it ambiguous)."""
        if not _status_cell(self.item, self.action) or len(self.resolved) != 1 or self.resolved[0][0].path is None:
            return False
        written = self.resolved[0][1].written
        return any(len(cell.split()) >= 6 and re.search(r"[.!?][\"”]?\s*$", cell) and written not in cell
                   and read_action(cell, self.vocabularies).action is None for _, cell in self.item.cells)

    def _attached_successor(self) -> _Outcome | None:
        """A revision of a document, the attached successor, an ordinal part."""
        if (self.action.changes and self.action.ambiguous is None and self.resolved and not self.open_refs and not self.reissued
                and all(t.path is None and r.kind in ("section", "sheet") for t, r in self.resolved)
                and _REVISION_OF.match(self.item.text)):
            # "Revision A of Section 23 21 13 Hydronic Piping, which deletes the air vents ...", "Rev. 2
            # of Sheets E-101 and E-102, superseding those sheets": a list of what the addendum issues,
            # each document given under a new revision mark, whole (pages of one are "Revision A of
            # pages ...", read as pages); a relative clause after it tells what changed in it
            self.action = Action("replace", self.action.words, self.action.span, True)
            self.reissued = True
        if (self.action.action == "amend" and self.action.ambiguous is None and self.action.span is not None and len(self.resolved) == 1
                and self.resolved[0][0].path is not None and " … " not in self.action.words
                and _REPLACE_VERB.fullmatch(self.action.words.strip()) and any(
                    r.target == self.resolved[0][0] and r.span[0] > self.action.span[1] and not r.from_heading
                    and _WITH_ATTACHED.search(_read_text(self.item.text, self.mask)[self.action.span[1]:r.span[0]]) for r in self.references)):
            # "replace the boiler schematic with the attached Detail 2/M-301": what it replaces is
            # described by its content, and the successor attached bears the target's own number, so
            # the attached one takes the whole target's place (owners reissue a detail or note whole)
            self.action = Action("replace", self.action.words, self.action.span, True)
        elif (self.action.action == "replace" and self.action.span is not None and self.resolved and not self.open_refs
              and all(t.path is None for t, _ in self.resolved) and len({t for t, _ in self.resolved}) == 1 and any(
                  r.target == self.resolved[0][0] and r.span[0] > self.action.span[1]
                  and _WITH_ATTACHED.search(_read_text(self.item.text, self.mask)[self.action.span[1]:r.span[0]])
                  for r in self.references)):
            # "Drawing C-106 stands replaced by the enclosed Drawing C-106, Rev. 1": the successor is the
            # document itself, issued anew with the addendum; what else the row's other cells name
            # (the question's "details") is not what goes
            self.reissued = True
        if self.action.action in ("replace", "delete") and _ORDINAL_PART.search(_read_text(self.item.text, self.mask)):
            # "Paragraph 2.5.D, second sentence: Delete", "fourth paragraph: deleted": part of the target
            self.action = Action("amend", self.action.words, self.action.span, self.action.attachment, self.action.ambiguous)

    def _restated(self) -> _Outcome | None:
        """Text restated under its heading; a deletion with the new text put in."""
        restated = _LABEL.match(self.item.text, _LEAD.match(self.item.text).end())  # type: ignore[union-attr]
        if (self.action.action is None and len(self.resolved) == 1 and self.resolved[0][1].from_heading and self.resolved[0][0].path
                and restated is not None and restated.group(0).strip(" .()*_").lstrip("0").lower()
                == self.resolved[0][0].path.rsplit(".", 1)[-1].lstrip("0").lower()):
            # "3.02.C - Mortar Bedding" then "C. Tool exposed joints ...": the paragraph written anew
            # (applied where the addendum says each clause it restates takes the place of its own)
            self.action = Action("replace", "restated under its heading", ambiguous=None if _restatement_stated(self.items) else (
                "restates the paragraph its heading names, with no verb: for a person to confirm"))
        elif (self.action.action is None and len(self.resolved) == 1 and self.resolved[0][1].from_heading
              and re.fullmatch(r"\d{1,2}\.\d{1,3}", self.resolved[0][0].path or "") and restated is not None
              and re.fullmatch(r"[A-Z]", letter := restated.group(0).strip(" .()*_"))
              and self.corpus.exists(Locator(doc=self.resolved[0][0].doc, path=f"{self.resolved[0][0].path}.{letter}"))):
            # "SECTION 11 19 00 - 2.1 DOORS" then "A. ...", "B. ...": the article's paragraphs written
            # anew under it, with no verb (a letter it lacks is one added: read in part, as before)
            self.action = Action("replace", "restated under its heading", ambiguous=None if _restatement_stated(self.items) else (
                "restates the paragraphs of the article its heading names, with no verb: for a person to confirm"))
        if (self.action.action == "delete" and self.action.ambiguous is not None and self.action.span is not None and len(self.resolved) == 1
                and self.resolved[0][0].path is not None and not self.open_refs and not self.from_lead
                and (brings := _INSERTS_FOLLOWING.search(_read_text(self.item.text, self.mask).rstrip())) is not None):
            # "Delete Paragraph 2.1.A and insert the following:" then "A. ...": what is taken out has the
            # new text put in its place when that text opens with the target's own label (the whole of
            # it written anew); with other text, which verb governs stays for a person
            after = self.item.text[brings.end():].strip()
            index = _positions(self.items).get(self.item.path)
            if not after and index is not None and index + 1 < len(self.items):
                after = self.items[index + 1].text
            if _opens_with_own_label(after, self.resolved[0][0]):
                self.action = Action("replace", self.action.words, self.action.span, self.action.attachment)

    def _joined_part(self) -> bool:
        """Whether the one provision resolved is where a part the item names, which the outline does not hold, joins
        ("Section 10-1.01, ..., the third paragraph is revised as follows:" read at section 10; "Paragraph 2.1.B,
        revise as follows:" at 2.1): whatever the new text restates of that part, the provision changes in part."""
        target, reference = self.resolved[0]
        return reference.target is None and reference.joins == target and reference.kind == "paragraph"

    def _as_follows(self) -> _Outcome | None:
        """"revise as follows" with no scope said."""
        if (self.action.action == "amend" and self.action.ambiguous is None and self.action.span is not None and len(self.resolved) == 1
                and self.resolved[0][0].path is not None and not self.open_refs and not self.from_lead and not self.under_attachments
                and all(_BARE_REVISION.fullmatch(w.strip()) for w in self.action.words.split(" … "))
                and (bare := _as_follows_at(_read_text(self.item.text, [*self.mask, self.resolved[0][1].span]),
                                            self.action.span[1], self.resolved[0][1].span)) is not None):
            # "Paragraph 2.2.B, revise as follows:" with nothing said of how: the new text settles it
            # only when it opens with the target's own label ("B. Workshop walls: ...", "KEYNOTE 3:
            # ..."): the whole written anew; otherwise whether it restates or changes part is a guess
            # (a requirement run on after the colon, "Article 3.1 is revised: use PVC-coated conduit
            # in the wash bay", is a change in part, read as before)
            after = self.item.text[bare.end():].strip()
            index = _positions(self.items).get(self.item.path)
            run_on = bool(after) and "\n" not in self.item.text[bare.end():].lstrip(" \t")[:1]
            if not after and index is not None and index + 1 < len(self.items):
                after = self.items[index + 1].text
                if _MENTION.search(after) and read_action(after, self.vocabularies, mask=_quoted_spans(after)).changes:
                    after = ""  # the next instruction, not new text ("D. Section 10 14 00, delete ...")
            if _opens_with_own_label(after, self.resolved[0][0]):
                self.action = Action("replace", self.action.words, self.action.span, self.action.attachment)
            elif _REDLINED.search(after):
                # "Note 1 has been revised as follows: POLES AT ~~120-FOOT~~ ***100-FOOT*** SPACING.": text
                # with the words taken out struck and the words put in marked, the owners' redline; it
                # most often restates the whole provision with its changes shown, but without its own
                # label the words do not settle whether all of it or a part is written out
                why = (f'"{self.action.words} as follows" brings marked-up text (struck and added words) that does not open '
                       f"with the label of {self.resolved[0][0].format()}: whether it restates all of it is for a person "
                       "to confirm")
                return _Outcome("proposed", self.rule, Action("replace", self.action.words, self.action.span, self.action.attachment,
                                                         ambiguous=why), self.resolved, why=why)
            elif self._joined_part():
                pass  # ("Section 10-1.01, ... is revised as follows:" where the outline holds section 10 whole: in part)
            elif not run_on or after.startswith(("\"", "“")):
                # (a quotation run on after the colon is new text too, whole or a part: not a requirement
                # run on, 'Clause 2.1.B stands modified as: "Provide ..."')
                self.action = Action("amend", self.action.words, self.action.span, self.action.attachment, ambiguous=(
                    f'"{self.action.words} as follows" says no scope: whether the text after it restates all of '
                    f"{self.resolved[0][0].format()} or changes part of it is for a person to confirm"))
        elif (self.action.action == "amend" and self.action.ambiguous is None and " … " in self.action.words
              and any(_BARE_REVISION.fullmatch(w.strip()) for w in self.action.words.split(" … "))
              and re.search(r"\bas\s+follows\s*:\s*$", _read_text(self.item.text, self.mask), re.IGNORECASE)):
            # "paragraph 3.1, revise subparagraph A and add subparagraph C as follows:": two changes,
            # one a bare revision, their new texts after it; which text restates what is for a person
            index = _positions(self.items).get(self.item.path)
            restates = (len(self.resolved) == 1 and self.resolved[0][0].path is not None and index is not None
                        and index + 1 < len(self.items) and _opens_with_own_label(self.items[index + 1].text, self.resolved[0][0]))
            self.action = Action("replace" if restates else "amend", self.action.words, self.action.span, self.action.attachment, ambiguous=(
                f'"{self.action.words} as follows": several changes with their new text after them, one saying no '
                "scope: what each changes, and how, is for a person to confirm"))

    def _old_then_new(self) -> _Outcome | None:
        """Old and new text; places beside; bare deletions."""
        if (not self.open_refs and (read_as := _read_as_whole(self.item.text, self.mask, self.action, self.resolved,
                                                                     self.references)) is not None):
            # 'Clause 2.2 B of Section ... will be read as "<a statement>"': the clause given anew whole
            self.action = read_as
        old_new = _OLD_THEN_NEW.search(self.item.text)
        if (old_new is not None and self.action.action is not None and self.action.span is not None
                and self.action.span[0] < old_new.start() and _FIELD_LABELS.fullmatch(self.item.text[:old_new.start()])):
            # "Section number: II.2.4" / "Place of text to be modified: ..." / "Instead of:" / "Read:": the
            # official-journal corrigendum's fields; a verb inside a field's caption ("to be modified")
            # names the field, and the old and new texts under their labels say what changes
            self.action = Action(None)
        if (self.action.action == "amend" and (self.action.ambiguous is None or "as follows" in self.action.ambiguous)
                and old_new is not None and self.action.span is not None
                and self.action.span[1] <= old_new.start() and _ONLY_REVISED.fullmatch(self.action.words)
                and _AS_BELOW.fullmatch(self.item.text, self.action.span[1], old_new.start())):
            # "Section 35 31 00, 2.1.B is amended as per below:" then "Original: ..." / "Amended: ...":
            # the verb only says a change follows; the pair under it says what the change is
            self.action = Action(None)
        if (self.action.action is None and len(self.resolved) == 1 and self.resolved[0][0].path is not None and not self.open_refs
                and old_new is not None):
            # tender corrigenda quote the old text and the new under their labels ("Instead of:" ...
            # "Read:" ...): the new text opening with the target's own label, as the old one does, is
            # the whole of it written anew; a quoted phrase for a quoted phrase changes part of it;
            # anything else is for a person to confirm
            old, new = old_new.group("old").strip(), old_new.group("new").strip()
            if _STRUCK_WHOLE.fullmatch(new) or _LABEL_THEN_DELETED(new, self.resolved[0][0]):
                # 'Read: Paragraph deleted.', 'Read: (Deleted)', 'It shall say: "4.3.2 (Deleted.) ..."': nothing
                # in its place
                self.action = Action("delete", "instead of … read")
            elif _opens_with_own_label(new, self.resolved[0][0]) and _opens_with_own_label(old, self.resolved[0][0]):
                self.action = Action("replace", "instead of … read")
            elif _QUOTED_ONLY.fullmatch(old) and _QUOTED_ONLY.fullmatch(new.split("\n\n")[0].strip()):
                self.action = Action("amend", "instead of … read")
            elif _ELLIPSIS_OPENS.match(old) and _ELLIPSIS_OPENS.match(new):
                # ('Original text: "... not less than 95 percent ..." Amended text: "... not less than 100 percent
                # ..."': both opening with an ellipsis, words from inside the provision given anew, the rest of it
                # kept, as a table's old and new cells or a corrigendum's former and new text read: in part)
                self.action = Action("amend", "instead of … read")
            else:
                self.action = _pair_unsure(old, new, self.resolved[0][0].format())
        if (self.resolved and not self.open_refs and self.action.action == "amend" and self.action.span is not None
                and _ADDING.search(self.action.words)
                and (beside_of := _placed_beside(_read_text(self.item.text, self.mask), self.resolved, self.corpus, self.item.text)) is not None):
            # "The following paragraph is to be added to Section ..., after paragraph 2.1.A but before
            # Article 2.2:", "insert between paragraphs C and D": the provisions after, before or
            # between which new text goes say where it goes; they are places, not what it changes
            self.resolved, doubt = beside_of
            if doubt is not None:
                return _Outcome("proposed", self.rule, Action("amend", self.action.words, self.action.span, self.action.attachment,
                                                         ambiguous=doubt), self.resolved, why=doubt)
        if (len(self.resolved) == 1 and self.resolved[0][0].path is not None and not self.open_refs and self.action.action == "amend"
                and self.action.ambiguous is None and _bare_deletion(self.item.text, self.mask, self.action, self.vocabularies)):
            # "Article 2.2.B Delete the gravel bedding requirement." and nothing more: a paragraph is
            # often one requirement, so the thing described may be all of it or a part; the words do not say
            why = (f'deletes "{_bare_deletion(self.item.text, self.mask, self.action, self.vocabularies)}" from {self.resolved[0][0].format()} '
                   "and says nothing of what remains: whether that is all of it or a part is for a person to confirm")
            self.action = Action("amend", self.action.words, self.action.span, self.action.attachment, ambiguous=why)

    def _row_text(self) -> _Outcome | None:
        """A row of a table of changes with no verb of its own, under a lead-in saying only that
        changes are brought ("Below changes are brought to the document"), naming one provision in
        one cell and giving text in its last: the text is the provision's, anew. Where it opens
        with the provision's own label ("b) Petrol hose: ..." for "Clause 3.2.2 b)"), the provision
        is written whole: replaced. Else whether the text is the whole of it or a part the row does
        not say: a replacement for a person to confirm, never a change in part applied."""
        if (self.table_lead is None or not self.from_lead or len(self.resolved) != 1 or self.open_refs
                or self.action.action != "amend" or self.action.ambiguous is not None or len(self.item.cells) < 2
                or not all(_CAPTION_CHANGE.fullmatch(w.strip()) for w in self.action.words.split(" … "))):
            return None
        target, reference = self.resolved[0]
        text = self.item.cells[-1][1].strip()
        if (target.path is None or len(text.split()) < 4 or reference.written in text or _quoted_spans(text)
                or _CHANGE_WORD.search(text) or read_action(text, self.vocabularies).action is not None):
            return None  # (words swapped, 'Use "X" in place of "Y"', or a verb in the text: read as before)
        target = self._lettered_item(target)
        if _opens_with_own_label(text, target):
            self.resolved = [(target, reference)]
            self.action = Action("replace", self.action.words, self.action.span, self.action.attachment)
            return None
        self.action = Action("replace", self.action.words, self.action.span, self.action.attachment, ambiguous=(
            f"gives text for {target.format()} with no verb of its own, under a lead-in saying only that changes "
            "are brought: whether it is the whole of it is for a person to confirm"))
        self.resolved = [(target, reference)]
        return None

    def _gate(self) -> _Outcome | None:
        """One certain reading applies."""
        if (self.resolved and not self.open_refs and self.action.action == "amend" and self.action.ambiguous is None
                and all(t.path is not None for t, _ in self.resolved) and not _quoted_spans(self.item.text)
                and (posted := _POSTED_ELSEWHERE.search(self.item.text)) is not None):
            # "the details of the Paragraphs no: 2.1 B, 3.1 A and 3.1 B of Section ... are amended. The
            # amended details are posted on the tender page": each provision named is given anew
            # somewhere the item only points to; replaced by that text, for a person to confirm
            why = (f'says "{" ".join(posted.group(0).split())}": the amended text is not in the item; each '
                   "provision it names replaced by that text is for a person to confirm")
            return _Outcome("proposed", self.rule, Action("replace", self.action.words, self.action.span,
                                                          self.action.attachment, ambiguous=why), self.resolved, why=why)
        if self.resolved and not self.open_refs and self.action.changes and self.action.ambiguous is None:
            whole = all(t.path is None for t, _ in self.resolved)
            doubt = None
            said = self.action  # (the verb as written, before any doubt makes it a change in part)
            if self.action.action in ("replace", "delete"):
                doubt = _part_doubt(self.item.text, self.mask) if not whole else None if self.reissued or _REISSUED.search(
                    _read_text(self.item.text, self.mask)) else _whole_doubt(
                    self.item.text, self.mask, self.action, self.resolved, self.corpus,
                    worded(_EVERY_PAGE_MARKED, self.vocabularies, "page_marks"))
                if (self.action.action == "delete" and not whole
                        and _struck_from(self.item.text, self.mask, self.action, [r for _, r in self.resolved])):
                    # "Remove: From Section 22 42 00, 2.2.B:" and the words to take out below it: the
                    # provision after "from" is where words go, never what goes (a change in part)
                    self.action = Action("amend", self.action.words, self.action.span, self.action.attachment)
                    doubt = None
                if doubt is not None and self.action.action == "delete" and _words_struck(self.item.text, self.mask):
                    # 'Remove: From 2.2.B: the words "X"', 'Delete from Note 2 the phrase "X"': what goes is
                    # the words quoted, settled by the words themselves: the provision changes in part
                    self.action = Action("amend", self.action.words, self.action.span, self.action.attachment)
                    doubt = None
                if self.from_lead:  # the lead-in says what goes: "replacing the sections listed below with the attached ones"
                    if whole and doubt is None and not worded(_WHOLE, self.vocabularies, "whole_words").search(self.lead_line):
                        doubt = "its lead-in does not say the whole of what it lists goes"
                elif whole and doubt is None and not self.reissued and not _whole_said(
                        self.item.text, self.mask, self.action, self.resolved, self.vocabularies, self.corpus):
                    if _has_object(self.item.text, self.mask, self.action):  # "Delete the two pole-mounted luminaires": something on it
                        self.action = Action("amend", self.action.words, self.action.span, self.action.attachment)
                    elif not ((len(self.resolved) == 1 or (self.action.attachment and len({r.kind for _, r in self.resolved}) == 1))
                              and _status_cell(self.item, self.action)):
                        # (a row's status said of each document its cell lists, the attached issue in their
                        # place: "| Drawings | C-104, S-101 | Superseded; replaced by the attached sheets |", round 56)
                        doubt = "its verb takes no object of its own: whether the whole of it goes is not certain"
                if (whole and doubt is None and self.action.action == "replace" and not self.reissued and not self.from_lead
                        and not self.under_attachments and not worded(_SUCCESSOR_SAID, self.vocabularies, "successor_words").search(
                            _read_text(self.item.text, self.mask))
                        and not (self.item.cells and self.action.attachment)):
                    # "REPLACE Section 01 33 00." and nothing of what replaces it: a whole replacement
                    # is the likely reading, but what is in force after it the words do not say
                    why = "it replaces the whole of it but says nothing of what replaces it: for a person to confirm"
                    return _Outcome("proposed", self.rule, Action("replace", self.action.words, self.action.span, self.action.attachment,
                                                             ambiguous=why), self.resolved, why=why)
            if doubt is not None:
                self.action = Action("amend", self.action.words, self.action.span, self.action.attachment, ambiguous=doubt)
            elif whole and self.action.action == "amend" and len(self.resolved) == 1 and (
                    part := _named_part(self.item.text, self.mask, self.resolved[0][0], self.corpus)) is not None:
                if part:  # "Drawing Index: Add sheet ...": the sheet's own "sheet-index"
                    target, reference = self.resolved[0]
                    return _Outcome("applied", self.rule, self.action, [(Locator(doc=target.doc, path=part), reference)])
                self.action = Action("amend", self.action.words, self.action.span, self.action.attachment,
                                ambiguous="names more than one part of the sheet by name: which it changes is not certain")
            elif (all(r.by_number or r.joins is not None or self._titled_and_held(r) for _, r in self.resolved)
                  and (len(self.resolved) == 1 or self.action.action in ("replace", "delete") or _one_list(self.resolved))):
                placed = _LISTED if self.under_attachments else _placed(self.item, self.start, self.action, self.resolved, self.mask, self.references,
                                                                    own_issue(self.items)) \
                    if not self.from_lead else ("a paragraph of the addendum's preamble, under no heading: not read as an "
                                           "instruction" if _preamble(self.item) else None)
                if placed is None:
                    return _Outcome("applied", self.rule, self.action, self.resolved, also=[str(r.why) for r in self.absent])
                self.action = Action(self.action.action, self.action.words, self.action.span, self.action.attachment, ambiguous=placed)
                part = _loose_part(placed, self.resolved, self.corpus)
                if part is not None:
                    # 'ITEM NO. 4: Section 26 56 00 ...' over 'Replace "4000 K" with "3000 K" in Section 2.1A.': a
                    # paragraph written in a way no notation reads, which the one document named holds: the
                    # best guess a person confirms is that paragraph, not the whole document
                    action = self.action
                    if said.action == "replace" and any(_opens_with_own_label(self.item.text[a:b], part[0])
                                                        for a, b in _quoted_spans(self.item.text)):
                        # 'Delete 2.2.3, Sample Collection and replace with: "2.2.3 ..."': the new text
                        # under the paragraph's own label is the whole of it, given anew
                        if placed.startswith(f'writes "{part[0].path}",'):
                            # the number written is that very path and the new text opens with it: two
                            # witnesses of one paragraph of the one document named, replaced whole
                            return _Outcome("applied", self.rule, Action("replace", said.words, said.span, said.attachment),
                                            [part])
                        action = Action("replace", said.words, said.span, said.attachment, ambiguous=placed)
                    return _Outcome("proposed", self.rule, action, [part], why=f"{placed}; {part[0].doc} holds it as {part[0].path}")
                if placed is _LISTED:
                    return _Outcome("proposed", self.rule, self.action, self.resolved, why=_why(self.action, self.resolved, self.open_refs), listed=True)

    def _titled_and_held(self, reference: Reference) -> bool:
        """Whether a clause of a document named by a title that only comes close ("Paragraph 2.1 of the
        Interim Agreement") is placed as surely as by the document's number: the title clears
        ``TITLE_CUTOFF`` (or, shortened before the clause's word, is words of that one title alone,
        "Particular Specification Clause 1.2": no score), that document alone of the project holds the clause, and the addendum names two
        or more clauses that it alone holds (``_sole_holder_of_several``), or the addendum's heading or
        unnumbered paragraphs come close to that document's title ahead of every other's (``_titled_nearly``)
        and its items name two or more clauses that document holds (``_holds_several_named``)."""
        target = reference.target
        return (reference.resolved_by == "title" and target is not None and target.path is not None
                and ((reference.score or 0) >= TITLE_CUTOFF or reference.score is None)
                and ((_clause_holders(target.path, self.item, (), self.corpus) == [target.doc]
                      and _sole_holder_of_several(target.doc, self.items, self.corpus))
                     # (or the addendum's own heading comes close to that document's title and no other's, and
                     # its items name two or more clauses that document holds: "ADDENDUM NO. 1 TO INTERIM AGREEMENT
                     # FOR ARCHITECTURAL SERVICES ..." over "Paragraph 2.1 of the Interim Agreement is hereby
                     # amended to read", "Paragraphs 2.2 and 3.3 ... are hereby deleted", round 45; one clause
                     # alone still proposes, as round 36 has it)
                     or (_holds_several_named(target.doc, self.items, self.corpus)
                         and _titled_nearly(self.items, self.corpus, target.doc))))

    def _placed_only(self, targets: list[tuple[Locator, Reference]], *, held: bool = False) -> list[tuple[Locator, Reference]]:
        """``targets``, where the item has no verb and names a clause only as where new text goes ("| 9 |
        Chapter 4, after Clause 4.3.2 | 4.3.3 Cable Markers. ... |"), read as what holds it: the clause is
        a place, not what changes (as for an addition, ``_placed_beside``); so too, for a clause of no
        document placed in the one document holding it (``held``), where its verb adds ("The following
        clause is inserted after clause 5.12.1:")."""
        if self.action.action is not None and not (held and self.action.action == "amend" and _ADDING.search(self.action.words)):
            return targets
        beside = _placed_beside(_read_text(self.item.text, self.mask), targets, self.corpus, self.item.text)
        return targets if beside is None else beside[0]

    def _column_deletes(self, targets: list[tuple[Locator, Reference]]) -> _Outcome | None:
        """A verbless row in a column whose header deletes ("| 7 | Chapter 3, Clause 3.6 | Spill Response
        (...) |" under "Condition Deleted"): the column's word says what each row does to what it names;
        proposed, deleted (None for any other row)."""
        column = self.item.cells[-1][0].strip() if self.item.cells and self.action.action is None else ""
        if not column or read_action(column, self.vocabularies).action != "delete":
            return None
        return _Outcome("proposed", self.rule, Action("delete", column), targets,
                        why=f'its column "{column}" says what the row does: deleted, for a person to confirm')

    def _proposal(self) -> _Outcome | None:
        """Else proposed, or reported."""
        if self.resolved and self.action.action == "amend" and len(self.resolved) == 1 and self.resolved[0][0].path is None:
            headed = _headed_parts(self.item.text, self.mask, self.resolved[0], self.corpus)
            if headed:  # "to revise the MATERIALS and CONSTRUCTION sections": its articles by their headings
                return _Outcome("proposed", self.rule, self.action, headed, why="; ".join([
                    _why(self.action, self.resolved, self.open_refs), "the articles are named by their headings: for a person to confirm"]))
        sketch = next((r for r in self.references if r.resolved_by == "sketch"), None)
        if self.resolved and sketch is not None and self.action.action is None:
            governed = (self.lead is not None and self.lead.changes) or any(
                read_action(line, self.vocabularies, mask=_quoted_spans(line)).changes
                for line in self.item.heading_context.splitlines() if line.strip())
            if not governed:
                # ("... in addition to the following documents:" then "B. SKETCHES", "MSK-301 - ...": a
                # sketch listed with no word of change over it; the items that change the sheet say so)
                return _Outcome("quiet", self.rule, self.action)
            # an addendum sketch ("ADM-301 - Mechanical Details, Detail 2"): it draws a detail it names
            # anew (replaced whole), else part of the sheet its number is taken from; never applied
            why = (f"{sketch.written} is an addendum sketch of {sketch.target.doc if sketch.target else 'a sheet'}: "
                   "what of the sheet it draws anew is for a person to confirm")
            actions = {t.format(): Action("replace", sketch.written, ambiguous=why) if (t.path or "").startswith("detail-")
                       else Action("amend", sketch.written, ambiguous=why) for t, _ in self.resolved}
            return _Outcome("proposed", self.rule, Action("amend", sketch.written, ambiguous=why), self.resolved, why=why,
                            actions=actions)
        if self.resolved:
            if self.action.action in ("replace", "delete") and not re.match(r"(?:add|insert|new)", self.action.words, re.IGNORECASE):
                # (a document of the list held only from a later date is replaced or deleted with the others:
                # an earlier issue was in force, proposed beside them)
                self.resolved = _distinct([*self.resolved, *((r.later, r) for r in self.open_refs if r.later is not None)])
            whole = _WHOLE_STATED.search(self.item.text, max(self.start, self.item.answer or 0))
            if self.action.action is None and len(self.resolved) == 1 and whole is not None:
                # "Clause 4.2.1 ... contains a technical error; it should only state: "4.2.1 ..."": the
                # provision's whole text given anew, no verb of the pack: replaced, for a person to confirm
                self.action = Action("replace", " ".join(whole.group(0).rstrip(' :"“').split()), whole.span())
                return _Outcome("proposed", self.rule, self.action, self.resolved,
                                why="its whole new text is given with no verb of the pack: for a person to confirm")
            if (self.action.action is None and len(self.resolved) == 1 and self.resolved[0][0].path is not None
                    and self.corpus.is_leaf(self.resolved[0][0])
                    and _RESTATED.fullmatch(self.item.text, self.resolved[0][1].span[1]) is not None):
                # "Section 23 07 13 Duct Insulation, paragraph 2.1.A: Flexible glass-fibre blanket, 2 inches thick,
                # ...": a paragraph captioned, then a whole sentence of its own kind and no verb of the pack: the
                # paragraph's text given anew (Canadian provincial addenda), replaced, for a person to confirm
                self.action = Action("replace", "caption: new text")
                return _Outcome("proposed", self.rule, self.action, self.resolved,
                                why="the paragraph's text is given anew after its caption, with no verb of the pack: "
                                    "replaced whole, for a person to confirm")
            if (self.action.action is None and len(self.resolved) == 1 and self.resolved[0][0].path is not None
                    and _new_text_action(self.item.text[self.resolved[0][1].span[1]:].lstrip(" \t:,-"), None,
                                         False).action == "delete"):
                # "Section 33 11 00, paragraph 3.1 A: ~~Disinfect mains ...~~": the paragraph's words all struck
                # through, nothing in bold: deleted (the silent net's reading of marked text, proposed)
                return _Outcome("proposed", self.rule, Action("delete", "struck through whole"), self.resolved,
                                why="its words are all struck through, none added: deleted, for a person to confirm")
            within = (_new_clause_within(self.item.text, self.resolved[0][0].doc, self.corpus, self.insertions)
                      if self.action.action == "amend" and len(self.resolved) == 1 and self.resolved[0][0].path is None else None)
            if within is not None and within[1].path is not None:
                # (a new clause named in a document placed whole changes the clause it joins, in part)
                self.resolved = [(within[1], self.resolved[0][1])]
                return _Outcome("proposed", self.rule, self.action, self.resolved, why="; ".join([
                    _why(self.action, self.resolved, [*self.open_refs, *self.absent]),
                    f"adds clause {within[0]} as new, after the one before it: {within[1].format()} changed in part, "
                    "for a person to confirm"]))
            self.resolved = self._placed_only(self.resolved)
            deleted = self._column_deletes(self.resolved)
            if deleted is not None:
                return deleted
            return _Outcome("proposed", self.rule, self.action, self.resolved, why=_why(self.action, self.resolved, [*self.open_refs, *self.absent]))
        candidates = [(c, r) for r in self.open_refs for c in r.candidates]
        if candidates and (self.action.changes or self.action.action is None):
            home = _new_clause_home(self.open_refs, self.item, self.items, self.action, self.corpus, self.insertions)
            if home:  # "New Clause 6.6 Training is added to Section 6", three documents being Section 6
                docs = ", ".join(dict.fromkeys(t.doc for t, _ in home))
                return _Outcome("proposed", self.rule, self.action, home, why="; ".join([
                    _why(self.action, [], self.open_refs), f"adds {home[0][1].written} as new: of those, only {docs} "
                    f"{'has' if len(home) == 1 else 'have'} none of that number yet and hold{'s' if len(home) == 1 else ''} "
                    "the one before it: changed in part, for a person to confirm"]))
            held = _holding_clause(self.open_refs, self.corpus)
            if held:  # "Section VIII, ... | Sub-Clause 4.2, ...": of the documents the designation fits, the one holding 4.2
                titled = _titled_too(held, self.item, self.corpus)
                if not titled and len(held) == 1 and (applied := self._designated_and_titled(held[0])) is not None:
                    return applied
                return _Outcome("proposed", self.rule, self.action, [*held, *titled], why="; ".join([
                    _why(self.action, [], self.open_refs), f"of those, only {held[0][0].doc} holds {held[0][1].written}",
                    *([f"{', '.join(t.doc for t, _ in titled)} hold{'s' if len(titled) == 1 else ''} it too, titled with "
                       "words the item writes"] if titled else []), "for a person to confirm"]))
            titled = _titled_holders(self.open_refs, self.item, self.corpus, self.items)
            if titled:  # "Section VIII, Particular Conditions, Sub-Clause 14.9": no document the designation fits
                # holds 14.9 (or several do); the documents holding it titled with a run the item writes are meant
                return _Outcome("proposed", self.rule, self.action, titled, why="; ".join([
                    _why(self.action, [], self.open_refs),
                    f"{', '.join(dict.fromkeys(t.format() for t, _ in titled))}: held by a document titled with words the item "
                    "writes", "for a person to confirm"]))
            in_each = _clause_in_each(self.open_refs, self.corpus)
            if in_each:
                # "Section 03 30 00, Paragraph 2.1.B: Delete ..." where two documents are Section 03 30 00: the
                # paragraph in each that holds it, never the whole of either (audit 53: accepting the whole
                # document as offered superseded all of it)
                return _Outcome("proposed", self.rule, self.action, in_each, why="; ".join([
                    _why(self.action, [], self.open_refs), f"{len(in_each)} documents hold {in_each[0][1].written}: "
                    "which is meant is for a person to confirm"]))
            joining = [(within[1], r) for c, r in _distinct(candidates) if c.path is None and self.action.action == "amend"
                       and (within := _new_clause_within(self.item.text, c.doc, self.corpus, self.insertions)) is not None]
            if joining:
                # ("Section 6: add new Article 6.5.2 as follows", three documents being Section 6): the documents
                # that can take it as new, each changed in part where it joins, any other left out
                return _Outcome("proposed", self.rule, self.action, joining, why="; ".join([
                    _why(self.action, [], self.open_refs), f"adds a clause as new: {', '.join(t.format() for t, _ in joining)} "
                    f"hold{'s' if len(joining) == 1 else ''} the one before it and none of its number, changed in part; "
                    "for a person to confirm"]))
            return _Outcome("proposed", self.rule, self.action, _distinct(candidates), why=_why(self.action, [], self.open_refs))
        written = sorted(self.open_refs, key=lambda r: r.span)
        self._loose = dict(zip(map(id, written), loose_paths(written), strict=True))
        loose = {self._loose[id(r)] for r in self.open_refs if r.kind == "paragraph" and r.target is None and not r.candidates
                 and str(r.why).endswith("but no section it belongs to")}
        # (a row of an old-and-new table, no verb at all, changes what it names as any row does: "GP Section 8,
        # Clause 8.1, second sentence | <old> | <new>", for a person to confirm)
        pair = _OLD_THEN_NEW.search(self.item.text) if self.action.action is None and not self.item.cells else None
        if pair is not None and len(loose) == 1:
            # ("Reference: ..., GCC Sub-Clause 20.1" / "Original text: ..." / "Amended text: ...": the old and
            # the new text change the clause named, in the document holding it, for a person to confirm:
            # round 43)
            self.action = _pair_unsure(pair.group("old").strip(), pair.group("new").strip(), f"Clause {next(iter(loose))}")
        if (self.action.changes or (self.action.action is None and self.item.cells) or (
                pair is not None and self.action.changes)) and (self.action.ambiguous is None or pair is not None) and len(loose) == 1 and all(
                r.kind == "paragraph" and r.target is None and not r.candidates and self._loose[id(r)] in loose
                for r in self.open_refs):
            # (the clause named twice, "Substitute the whole of Clause 5.17 with the new Clause 5.17 as
            # follows:", is one clause)
            # 'Volume A2, section "General Provisions", clause 8.1 "Subcontracting"': a clause of a
            # document named by a title no reference reads
            held = self._held_one(next(iter(loose)), self.open_refs[0])
            if held is not None:
                return held
        if (len(loose) > 1 and self.action.changes and self.action.ambiguous is None and pair is None
                and (each := self._held_each(loose)) is not None):
            # "Se eliminan los numerales 3.1 y 3.2.", "Les articles 1.1 et 1.2 sont supprimés.": each clause of
            # the list of no named document, placed as the one clause alone is (audit 67 C F6)
            return each
        if (chaptered := self._after_in_chapter(loose)) is not None:
            return chaptered
        elsewhere = _held_elsewhere(self.open_refs, self.item, self.items, self.corpus) if self.action.changes else []
        if elsewhere:
            return _Outcome("proposed", self.rule, self.action, elsewhere, why="; ".join(
                [_why(self.action, [], self.open_refs), "another document of the project holds it: which is meant is for a person to confirm"]))
        later = _later_issue(self.open_refs, self.action, self.corpus)
        if later:
            return _later_outcome(later, self.action, self.rule, self.open_refs)
        reasons = [r.why for r in self.open_refs if r.why]
        for path in sorted(loose):
            # ("Licitación N° 14/2027" heading the addendum, the project's pliego of N° 9/2027 holding 4.2: why no
            # document was found holding it is said, audit 66)
            if others := _other_tender_holders(path, self.corpus):
                reasons.append(f"{', '.join(others)} hold{'s' if len(others) == 1 else ''} {path}, but of another tender "
                               "than the one this addendum names by number")
        return _Outcome("not_understood", self.rule, self.action, why="; ".join(dict.fromkeys(reasons)) or None)

    def _held_one(self, path: str, reference: Reference) -> _Outcome | None:
        """Clause ``path`` of no named document, which ``reference`` names: applied or proposed in the
        document of the project holding it (``_in_one_holder``, then ``_held_named``); None where none or
        several do and the words settle none."""
        if re.fullmatch(r"\d{1,3}", path):
            # ("Na epígrafe da cláusula 3.ª, onde se lê ...", "A cláusula 6.ª é substituída pela seguinte": a clause
            # by its whole number and its ordinal's sign, of no named document): proposed in the one document its
            # words name among the many holding a whole number, never applied (a whole number is too common)
            held = (_in_one_holder(self.item, self.items, self.corpus, path, self.action, self.mask, self.rule,
                                   reference, str(reference.why), whole=True, insertions=self.insertions) if ORDINAL_SIGN.search(reference.written) else None)
        elif (self.action.action == "amend" and ORDINAL_SIGN.search(reference.written)
              and not set(holding := _path_holders(path, self.corpus)) & self.corpus.placed
              and (homes := new_clause_homes(self.corpus, path, self.item, self.items,
                                             sorted(self.corpus.placed) if holding else None))):
            # ("À cláusula 5.ª é aditado o n.º 3": the point of a clause by its ordinal that no document holds yet, or none
            # of those the addendum's other items changed, added to it): the documents lacking it that hold the point
            # before it (of those the other items changed, where another document holds one of that number), each
            # changed in part, for a person to pick
            targets = [(joins, replace(reference, target=joins)) for joins in (new_clause_joins(self.corpus, doc, path)
                                                                               for doc in homes)]
            return _Outcome("proposed", self.rule, self.action, targets, why=(
                f"{reference.why}: adds {path} as new; {', '.join(homes)} hold{'s' if len(homes) == 1 else ''} the one "
                "before it and none of that number: changed in part, for a person to confirm"))
        else:
            held = self._held_named(_in_one_holder(self.item, self.items, self.corpus, path, self.action, self.mask, self.rule,
                                                   reference, str(reference.why), insertions=self.insertions))
        if held is None or held.kind != "proposed":
            return held
        return self._column_deletes(held.targets) or replace(held, targets=self._placed_only(held.targets, held=True))

    def _held_each(self, loose: set[str]) -> _Outcome | None:
        """Several clauses of no named document listed in one item ("Se eliminan los numerales 3.1 y 3.2."):
        each placed as ``_held_one`` places it alone. Applied where each alone is applied; proposed, all of
        them, where any alone is only proposed (never applied beyond what one would be); None where any is
        placed nowhere, so the item is reported as before, each clause said."""
        kept = self.action, self.resolved, self.open_refs, self.absent
        order = {self._loose[id(r)]: r for r in reversed(kept[2])}
        outcomes = []
        for path in sorted(loose, key=lambda p: order[p].span):
            self.action, self.resolved, self.open_refs, self.absent = kept
            held = self._held_one(path, order[path])
            if held is None or held.kind not in ("applied", "proposed") or not held.targets:
                outcomes = []
                break
            outcomes.append(held)
        self.action, self.resolved, self.open_refs, self.absent = kept
        if not outcomes:
            return None
        targets = _distinct([t for o in outcomes for t in o.targets])
        actions = {t.format(): o.actions.get(t.format(), o.action) for o in outcomes for t, _ in o.targets}
        kind = "applied" if all(o.kind == "applied" for o in outcomes) else "proposed"
        same = len({(a.action, a.words) for a in actions.values()}) == 1
        return _Outcome(kind, self.rule, outcomes[0].action, targets, why="; ".join(dict.fromkeys(o.why for o in outcomes if o.why)) or None,
                        actions={} if same else actions)

    def _after_in_chapter(self, loose: set[str]) -> _Outcome | None:
        """A new paragraph placed after one of the same chapter ("hoofdstuk 25: na paragraaf 25.2 wordt een nieuwe
        paragraaf toegevoegd", "Titel 04: Nach OZ 04.02 wird folgende Position eingefügt"): the chapter changes in
        part, in the one document holding the paragraph it follows, for a person to confirm (None otherwise)."""
        chapters = [p for p in loose if re.fullmatch(r"\d{1,3}", p)]
        if self.action.action != "amend" or len(loose) not in (2, 3) or len(chapters) != 1:
            return None
        chapter = chapters[0]
        others = sorted((p for p in loose if p != chapter), key=lambda p: [int(n) for n in p.split(".")] if re.fullmatch(
            r"\d{1,3}(?:\.\d{1,3})*", p) else [])
        if any(o.split(".")[0] != chapter or not re.fullmatch(r"\d{1,3}\.\d{1,3}", o) for o in others):
            return None
        place = others[0]
        if len(others) == 2 and int(others[1].split(".")[1]) != int(place.split(".")[1]) + 1:
            # (the new paragraph's own number beside the one it follows is the next after it: "capitolo 6: dopo il punto 6.2
            # è inserito il seguente punto 6.3"; two others are two places, not read here)
            return None
        after = next((r for r in self.open_refs if self._loose[id(r)] == place), None)
        if len(others) == 2 and (after is None or not _AFTER_PLACE.search(self.item.text, max(0, after.span[0] - 16), after.span[0])):
            return None  # (the number after the place is the new one's only where the place is said to be "after" it)
        if after is not None and worded(_NEW_PLACE, self.vocabularies, "new_adjectives").search(
                self.item.text, max(0, after.span[0] - 24), after.span[0]):
            # "Adicionar al numeral 4 del Anexo Técnico un nuevo numeral 4.3": the chapter named with the new
            # paragraph numbered in it, read as the new paragraph alone is ("Add new Clause 4.3")
            return _in_one_holder(self.item, self.items, self.corpus, place, self.action, self.mask, self.rule, after,
                                  str(after.why), insertions=self.insertions)
        if after is not None and not _AFTER_PLACE.search(self.item.text, max(0, after.span[0] - 16), after.span[0]):
            # "Se adiciona al capítulo 5 del Anexo Técnico el numeral 5.4", "Fica incluído no item 6 ... o subitem
            # 6.3": the chapter named with a paragraph numbered in it, no word saying it is new; where the item's
            # words and headings name one document holding the paragraph before it (5.3) and none of that number,
            # the paragraph is new there and its chapter changes in part, for a person to confirm (round 85). A
            # document already holding 5.4 is never taken: the item then changes that one, reported as before.
            head, _, last = place.rpartition(".")
            before = f"{head}.{int(last) - 1}" if int(last) > 1 else None
            named = _likely_holders(before, self.item, self.items, self.corpus) if before is not None else []
            if len(named) != 1 or not next_free(self.corpus, named[0], place):
                return None
            joins = new_clause_joins(self.corpus, named[0], place)
            return _Outcome("proposed", self.rule, self.action, [(joins, replace(after, target=joins))], why=(
                f"names {after.written} in chapter {chapter}, which {named[0]} lacks and holds the one before it: a new "
                f"paragraph, {joins.format()} changed in part, for a person to confirm"))
        if after is None:
            return None
        held = _in_one_holder(self.item, self.items, self.corpus, place, self.action, self.mask, self.rule, after,
                              str(after.why), insertions=self.insertions)
        docs = {t.doc for t, _ in held.targets} if held is not None and held.kind == "proposed" else set()
        if len(docs) != 1:
            return None
        doc = docs.pop()
        parent = place_path(self.corpus, doc, chapter)[0]
        if len(parent) != 1:
            return None
        joins = Locator(doc=doc, path=parent[0])
        return _Outcome("proposed", self.rule, self.action, [(joins, replace(after, target=joins))], why=(
            f"names {after.written} as the place of a new paragraph in chapter {chapter}: {doc} is the one document "
            f"holding it, {joins.format()} changed in part, for a person to confirm"))


#: What follows a paragraph's caption when it is the paragraph's text given anew: the colon, then one sentence
#: of eight words or more opening with a capital, no quotation in it, ending the item ("paragraph 2.1.A: Flexible
#: glass-fibre blanket, 2 inches thick, ... ducts."); not where marks show the words changed (struck through, in bold
#: or italics: "~~120 gpm~~ **150 gpm**", a change in part the marked-change reading settles).
_RESTATED = re.compile(r"[ \t]*:[ \t]*(?-i:[A-Z])[^\"“”«»\n:;?*~_]*?(?:[ \t]+[^\s\"“”«»:;?*~_]+){7,}[.][ \t]*\n?[ \t]*")

#: The word saying the paragraph numbered after it is new ("un nuevo numeral 4.3"), the word for its kind between: the
#: pack's ``new_adjectives``.
_NEW_PLACE = r"\b(?:{words})\s+(?:[^\W\d_]+\s+)?$"

#: The word placing a new paragraph after an existing one, right before that one's number ("na paragraaf 25.2",
#: "Nach OZ 04.02", "after clause 3.1", Italian "dopo il punto 6.2").
_AFTER_PLACE = re.compile(r"(?i)(?:\b(?:na|nach|after|following|dopo(?:\s+(?:il|lo|la|i|gli|le))?)\s+|\bdopo\s+l['’])$")

#: New text saying only that the provision goes ("Paragraph deleted.", "(Deleted)", "Clause
#: omitted"): corrigenda that give the old text and the new write a deletion so.
#: A bare change verb, which says that a provision changes but not how ("is amended", "revise").
_ONLY_REVISED = re.compile(r"(?:amend|revise|modifie|modify|change|correct)(?:s|d|ed)?", re.IGNORECASE)
#: The words that send the reader to what follows the verb ("as per below:", "as follows:").
_AS_BELOW = re.compile(r"[^\n]*?\b(?:as\s+(?:per\s+)?(?:below|follows)|as\s+shown\s+below)\s*:?\s*", re.IGNORECASE)

_STRUCK_WHOLE = re.compile(r"[\s*_(\[]*(?:(?:the\s+)?(?:sub-?)?(?:paragraph|clause|article|note|keynote|detail|text|item)\s+)?"
                           r"(?:deleted|omitted|removed|withdrawn)[\s.*_)\]]*", re.IGNORECASE)

#: Lines of captioned fields before the old text, each "Label: value" ("Section number: II.2.4",
#: "Place of text to be modified: Tender documents, Section ..., paragraph 2.1.A"): the official
#: journal's corrigendum form, and owners' tables of corrections set out as fields.
_FIELD_LABELS = re.compile(r"(?:[ \t*_]*[A-Z][\w ()/-]{0,60}:[^\n]*(?:\n|$))+")


def _pair_unsure(old: str, new: str, target: str) -> Action:
    """An old and a new text of a provision neither restating its label nor quoting a phrase: for a person
    to confirm. Both written out as sentences, neither a quoted phrase ("Original text: Wet cure the slabs
    for seven days." / "Amended text: Wet cure the slabs for ten days."), the provision is likeliest given
    whole as it stood and as it stands, so proposed replaced whole (round 43); else changed in part."""
    why = f"gives the old and the new text of {target}: whether it restates all of it is for a person to confirm"
    whole = all(_SENTENCES.fullmatch(text) for text in (old, new))  # (linear: no quotation, no nesting)
    return Action("replace" if whole else "amend", "instead of … read", ambiguous=why)


#: Text written out as sentences, unquoted, each ending with its full stop.
#: (a capital first, five words at least: "Type S." for "Type N." or "two panels." is a phrase, a part)
_SENTENCES = re.compile(r"[ \t*_]*[A-Z][^\s\"“”]*(?:\s+[^\s\"“”]+){4,}[.!]", re.DOTALL)


#: The new text's label naming its noun ("Amended text:", "Revised wording:"): a label, never a verb.
_NOUN_LABELLED = re.compile(r"\s*[ \t*_]*(?:Amended|Revised)\s+(?:text|wording)[ \t*_]*:", re.IGNORECASE)


def _LABEL_THEN_DELETED(new: str, target: Locator) -> bool:
    """Whether new text is the target's own number with only a deletion mark after it, whatever reason
    follows the mark ('"4.3.2 (Deleted.) The counter is supplied by the owner."', '"4.3.2 Deleted."'):
    owners keep a deleted clause's number in its place so the numbering holds (round 42)."""
    path = target.path or ""
    if not re.search(r"\d", path):
        return False
    head = new.lstrip(" \t\n*_\"“'‘")
    return re.match(rf"{re.escape(path)}(?![\w.])[ \t]*[(\[]?[ \t]*(?:deleted|omitted|removed|withdrawn)[ \t]*\.?[ \t]*[)\]]?"
                    r"(?:[ \t]*[.;:\"”]|\s*$|[ \t]+(?=[A-Z]))", head, re.IGNORECASE) is not None


#: The clause number a paragraph reference ends with ("Sub-Clause 1.1.3.3", "Clause 3.3 A").
_ENDING_CLAUSE = re.compile(r"(\d{1,3}(?:\.\d{1,3})+(?:[ .]?[A-Za-z])?)\s*$")


def _holds(outer: Locator, inner: Locator) -> bool:
    """Whether ``inner`` is ``outer`` or lies inside it (the same document; ``outer`` the whole of it,
    or an outline path ``inner``'s path runs under)."""
    if outer.doc != inner.doc:
        return False
    if outer.path is None:
        return True
    return inner.path is not None and (inner.path == outer.path or inner.path.startswith(f"{outer.path}."))


def _holds_several_named(doc: str, items: Sequence[Item], corpus: Corpus) -> bool:
    """Whether the addendum's items name, by their word and number ("Paragraph 2.1", "Paragraphs 2.2 and 3.3"),
    two or more clauses that ``doc`` holds (others may hold them too)."""
    held = corpus.path_set(doc)
    named = {m.group(1) for item in items for m in _CLAUSE_NAMED.finditer(_read_text(item.text, _quoted_spans(item.text)))}
    named |= {m.group(1) for item in items for m in _AND_CLAUSE.finditer(_read_text(item.text, _quoted_spans(item.text)))}
    return len(named & set(held)) >= 2


#: A clause joined to one named before it by "and" or a comma ("Paragraphs 2.2 and 3.3").
_AND_CLAUSE = re.compile(r"\b(?:sub-?)?(?:paragraphs|clauses|articles|sections)\s+\d{1,3}(?:\.\d{1,3})+(?:\s*(?:,|and|&)\s*"
                         r"(\d{1,3}(?:\.\d{1,3})+))", re.IGNORECASE)


def _holding_clause(open_refs: Sequence[Reference], corpus: Corpus) -> list[tuple[Locator, Reference]]:
    """For a clause named in a document the item's designation leaves open between several (each
    a candidate of the clause's reference: "Section VIII" of both the contract data and the special
    conditions), the clause in the one candidate whose outline holds that number; empty where none
    or several do, or the item names no clause so. One ``place_path`` per candidate."""
    found: list[tuple[Locator, Reference]] = []
    for reference in open_refs:
        number = _ENDING_CLAUSE.search(reference.written) if reference.kind == "paragraph" else None
        if number is None or not reference.candidates or any(c.path is not None for c in reference.candidates):
            continue
        holding = [(doc, paths[0]) for doc in dict.fromkeys(c.doc for c in reference.candidates)
                   if len(paths := place_path(corpus, doc, number.group(1))[0]) == 1]
        if len(holding) != 1:
            return []
        found.append((Locator(doc=holding[0][0], path=holding[0][1]), reference))
    return _distinct(found)


def _new_clause_home(open_refs: Sequence[Reference], item: Item, items: Sequence[Item], action: Action,
                     corpus: Corpus, insertions: str) -> list[tuple[Locator, Reference]]:
    """For a clause an item adds as new ("New Clause 6.6 ... is added to Section 6") in a document its designation
    leaves open between several, the one candidate where a new clause of that number goes (``next_free``; where
    several, those ``new_clause_homes`` keeps, each for a person to pick), changed in part: in the clause it joins
    where the candidate holds that one, else as a whole. A candidate already
    holding a 6.6 is not where a new one goes (that would be a renumbering, which the item does not say). Empty
    where none or several fit."""
    if action.action != "amend":
        return []
    found: list[tuple[Locator, Reference]] = []
    for reference in open_refs:
        number = _ENDING_CLAUSE.search(reference.written) if reference.kind == "paragraph" else None
        if number is None or not reference.candidates or any(c.path is not None for c in reference.candidates):
            continue
        path = number.group(1)
        if not names_new_clause(item.text, path, insertions, held=True, nouns=corpus.new_clause_nouns):
            continue
        # (several candidates lacking it and holding the one before: the one the item's words name, else each of
        # them for a person to pick; never a candidate holding a clause of that number, round 81)
        fits = new_clause_homes(corpus, path, item, items, [c.doc for c in reference.candidates])
        if not fits:
            # (none of the documents the designation fits takes it, "Works Requirements, Section 5: insert new
            # Clause 5.3" where the documents numbered Section 5 are other tenders': those holding the clause
            # before it whose titles have every word of a run the item writes, round 101)
            head, _, last = path.rpartition(".")
            titled = sorted({doc for run in _title_runs(item, reference, corpus, f"{head}.{int(last) - 1}") for doc in run}
                            ) if head and last.isdigit() and int(last) > 1 else []
            fits = new_clause_homes(corpus, path, item, items, titled) if titled else []
        if not fits:
            return []
        found += [(new_clause_joins(corpus, doc, path), reference) for doc in fits]
    return _distinct(found)


def _new_clause_within(text: str, doc: str, corpus: Corpus, insertions: str) -> tuple[str, Locator] | None:
    """Where an item placed in a whole document adds one clause as new there ("Particular Specification
    Section 2, Earthworks: add the following new Clause 2.3 after Clause 2.2"), that clause's number and what
    it joins (``new_clause_joins``); None where it adds none, or several, or one the document cannot take as
    new (``next_free``)."""
    numbers = [n for n in dict.fromkeys(re.findall(r"(?<![\w.])\d{1,3}(?:\.\d{1,3})+(?![\w.])", text))
               if names_new_clause(text, n, insertions, held=True, nouns=corpus.new_clause_nouns) and next_free(corpus, doc, n)]
    return (numbers[0], new_clause_joins(corpus, doc, numbers[0])) if len(numbers) == 1 else None


def _clause_in_each(open_refs: Sequence[Reference], corpus: Corpus) -> list[tuple[Locator, Reference]]:
    """For a clause named in a document the item leaves open between several, the clause in every candidate
    whose outline holds it (``_holding_clause`` when one alone does); empty where the item names no clause so."""
    found: list[tuple[Locator, Reference]] = []
    for reference in open_refs:
        number = _ENDING_CLAUSE.search(reference.written) if reference.kind == "paragraph" else None
        if number is None or not reference.candidates or any(c.path is not None for c in reference.candidates):
            continue
        found += [(Locator(doc=doc, path=paths[0]), reference) for doc in dict.fromkeys(c.doc for c in reference.candidates)
                  if len(paths := place_path(corpus, doc, number.group(1))[0]) == 1]
    return _distinct(found)


#: A sheet's status set right after it, then only the pointer to the sheet issued with the addendum
#: ("Sheets FP-102 and FP-103: REVISED; see attached."), never a sketch or detail of it.
#: The clause right after "... are revised" saying the sheets' new copies come with the addendum
#: ("; replacement sheets come with this addendum", ". Copies of the revised drawings are attached
#: herewith", "; revised sheets are enclosed").
_COPIES_COME = re.compile(r"[ \t]*[;.,][ \t]*(?:and[ \t]+)?(?:(?:half-sized[ \t]+|full-sized[ \t]+)?copies[ \t]+of[ \t]+the[ \t]+"
                          r"revised[ \t]+(?:sheets|drawings)|(?:the[ \t]+)?(?:replacement|revised)[ \t]+(?:sheets|drawings))[ \t]+"
                          r"(?:are[ \t]+(?:attached|enclosed|included|issued)(?:[ \t]+(?:herewith|with[ \t]+this[ \t]+addendum))?"
                          r"|come[ \t]+with[ \t]+this[ \t]+addendum|accompany[ \t]+this[ \t]+addendum)\b", re.IGNORECASE)
_REVISED_SEE_ATTACHED = re.compile(r"[ \t]*[:,\-–—][ \t]*(?:REVISED|REISSUED)[ \t]*[;,.\-–—][ \t]*(?:see[ \t]+)?"
                                   r"(?:the[ \t]+)?(?:attached|enclosed)(?:[ \t]+(?:sheets?|drawings?|revisions?))?[ \t]*\.?[ \t]*$",
                                   re.IGNORECASE)
#: The item's own words before a clause that are one word naming its document ("A2. Specification clause
#: 3.4.1 Decking: ...", "Specifications, Clause 2.1"): its label at most before the word.
_ONE_WORD_BEFORE = re.compile(r"[ \t*_]*(?:\(?[A-Z]?\d{1,3}[.)]+[ \t]*)?(?:the[ \t]+)?([A-Za-z]{4,})[ \t]*,?[ \t]*", re.IGNORECASE)


def _named_by_its_word(item: Item, reference: Reference, corpus: Corpus, doc: str) -> bool:
    """Whether the item names the one document of the project holding its clause (the addendum's items
    narrowing the holders) by a word of that document's title alone, the item's own words before the
    clause ("Specification clause 3.4.1 Decking" where the one holder is "3.0 Specifications, Creek
    Footbridge ..."): the word agrees with the holder the numbers found (round 44)."""
    if reference.from_heading or not 0 < reference.span[0] <= len(item.text) or doc not in corpus.directory.titles:
        return False
    line = item.text[:reference.span[0]].rsplit("\n", 1)[-1]
    word = _ONE_WORD_BEFORE.fullmatch(line)
    if word is None or word.group(1).lower() in _TITLE_FILLER:
        return False
    stem = word.group(1).lower().rstrip("s")
    return any(w.rstrip("s") == stem for w in re.findall(r"[a-z]{4,}", corpus.directory.titles[doc][1].lower()))


def _titled_holders(open_refs: Sequence[Reference], item: Item, corpus: Corpus,
                    items: Sequence[Item] = ()) -> list[tuple[Locator, Reference]]:
    """For a clause named in a document the item's designation leaves open, where no one candidate holds
    it ("Section VIII, Particular Conditions, Sub-Clause 14.9": neither document numbered Section VIII
    holds a 14.9; "Technical Specification Section 6, Clause 6.3.1": two of the three Sections 6 do), the
    clause in the documents holding it whose titles have every word of a run the item writes (round 44);
    at most ``_HOLDERS_PROPOSED``, none where more would be. Where more are so titled, those of them the
    addendum's ``items`` beside it narrow them to (``_clause_holders`` among them: "Works Requirements,
    Section 4: replace Clause 4.2" beside "Works Requirements, Section 1, Clause 1.2: delete ...", several
    tenders' Works Requirements holding a 4.2, one of them a 1.2 too; round 101). Proposals only."""
    found: list[tuple[Locator, Reference]] = []
    for reference in open_refs:
        number = _ENDING_CLAUSE.search(reference.written) if reference.kind == "paragraph" else None
        if number is None or not reference.candidates or any(c.path is not None for c in reference.candidates):
            continue
        docs = {doc for fits in _title_runs(item, reference, corpus, number.group(1)) for doc in fits}
        if len(docs) > _HOLDERS_PROPOSED and items:
            docs = set(_clause_holders(number.group(1), item, items, corpus, among=docs)) or docs
        for doc in sorted(docs):
            paths = place_path(corpus, doc, number.group(1))[0]
            if len(paths) == 1:
                target = Locator(doc=doc, path=paths[0])
                found.append((target, replace(reference, target=target)))
    found = _distinct(found)
    return found if len(found) <= _HOLDERS_PROPOSED else []


def _titled_too(held: Sequence[tuple[Locator, Reference]], item: Item, corpus: Corpus) -> list[tuple[Locator, Reference]]:
    """Beside the clause ``_holding_clause`` found in the one document a designation fits, the same clause
    in the other documents of the project holding it whose titles have every word of a run the item
    writes ("Section VIII, Particular Conditions of Contract, PCC Sub-Clause 14.3": "Section VIII" fits
    the contract data, which holds a 14.3; the conditions of particular application hold one too, and
    their title has "particular", "conditions" and "contract"): the designation's numbering may be the
    owner's own, so each is proposed, for a person to pick (round 41); at most ``_HOLDERS_PROPOSED`` in
    all, none where more would be. Proposals only."""
    found: list[tuple[Locator, Reference]] = []
    for target, reference in held:
        if target.path is None:
            continue
        docs = {doc for fits in _title_runs(item, reference, corpus, target.path) for doc in fits} - {t.doc for t, _ in held}
        found += [(Locator(doc=doc, path=target.path), replace(reference, target=Locator(doc=doc, path=target.path)))
                  for doc in sorted(docs)]
    return found if len(held) + len(found) <= _HOLDERS_PROPOSED else []


def _as_follows_at(read: str, verb_end: int, target: tuple[int, int]) -> re.Match[str] | None:
    """The colon bringing new text right after the verb ("REVISE as follows:"), or right after
    the target the verb names where only its place stands between ("REVISE Sheet C-106, Note 1
    as follows:", "REVISE Page 01 10 00-2, Section 1.3.B as follows:": the sheet or the page
    holding the target is named with it, between verb and colon)."""
    bare = _AS_FOLLOWS.match(read, verb_end)
    if bare is not None or target[0] < verb_end:
        return bare
    if not _WHERE_RUN.fullmatch(read, verb_end, target[0]):
        return None
    return _AS_FOLLOWS.match(read, target[1])


def _read_one(item: Item, corpus: Corpus, vocabularies: list, notations: Mapping[str, Sequence[re.Pattern[str]]],
              skip: Mapping[str, str], rule: str, items: Sequence[Item],
              layouts: Sequence[re.Pattern[str]] = ()) -> _Outcome:
    """The outcome of one instruction: applied only when exactly one reading is certain; else
    proposed, or reported as not understood; quiet where it instructs nothing."""
    return _One(item, corpus, vocabularies, notations, skip, rule, items, layouts).read()
