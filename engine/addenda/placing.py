"""Whether an item's words place its target where an instruction's are (issue 21): the verb's
object is what the item names (or what its heading names), the item names its target before or
after the verb in the ways owners write it, the reference is no citation in a sentence of prose;
else why not, and the edge is proposed (``_placed``). Also the doubts of a change in part (words
struck, a part named by its words) and how the targets an item names are told apart
(``_distinct``, ``_division``, ``_why``)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from inforce.ontology import Locator

from .actions import Action
from .context import _BREAK, _NUMBER_AFTER_INITIALS, _OWN_NUMBER, _preamble, _read_text
from .extent import _CLAUSE_END, _DELETED_NOTE, _NO_OBJECT, _PART_WORDS, _REF_WORDS, REVISION_NOTE
from .items import Item, _codes_only
from .references import Reference
from .wording import _BARE_REVISION, _OLD_THEN_NEW


def _has_object(text: str, mask: Sequence[tuple[int, int]], action: Action) -> bool:
    """Whether the first verb read is followed by an object of its own ("Delete the two
    luminaires"), not by a preposition or the end of a clause ("revised, to be substituted
    for the same sheet", "is replaced.")."""
    if action.span is None:
        return False
    read = _read_text(text, mask)
    end = action.span[0] + len(action.words.split(" … ")[0])
    return _NO_OBJECT.match(read, end) is None


#: How far into its instruction an item may name its target and still be read as changing it
#: ("Section 03 30 00, Paragraph 2.1.A: ...", "Delete Sheet A-501"); a target named further on,
#: after the verb, is proposed ("This Addendum consists of ... the revised Bid Form and Sheet A-602").
_TARGET_REACH = 90

#: An item opening with the old words under their label, quoted, and nothing else before its verb ("Donde dice:
#: "..." .", "Onde se lê "..."", "Where it says "..."": a quotation masked to blanks).
_OLD_WORDS_FIRST = re.compile(r"[\s*_]*(?:donde\s+dice|onde\s+se\s+l[êe]|where\s+it\s+(?:says|reads))\s*:?[\s\"“”']*[.;,]?\s*",
                              re.IGNORECASE)
#: How far into an item that names no target of its own its verb may sit (an instruction starts
#: with it: "DELETE Paragraph C", "Add the following sentence"; a narrative does not).
_VERB_REACH = 40

#: An earlier addendum named: the item changes what that addendum said, not what its heading names.
_EARLIER = re.compile(r"\b(?P<kind>Addendum|Bulletin|Amendment)\s+(?:No\.?\s*|#\s*)?(?P<number>\d+)", re.IGNORECASE)

#: An item opening with the addendum's own caption ("ADDENDUM NO. 2 TO THE CONTRACT DOCUMENTS ...",
#: "ADDENDUM NO: 02 - Building Envelope BP"): its kind and number are the issue's own.
_OWN_CAPTION = re.compile(r"[\W_]*(?P<kind>Addendum|Bulletin|Amendment)\s+(?:No\.?|Number|#)?\s*[:.]?\s*(?P<number>\d+)\b",
                          re.IGNORECASE)


def own_issue(items: Sequence[Item]) -> tuple[str, int] | None:
    """The kind and number of the addendum ``items`` are of, as the first item opening with its
    caption gives them (``_OWN_CAPTION``); None where no item opens so."""
    for item in items:
        if (caption := _OWN_CAPTION.match(item.text)) is not None:
            return caption.group("kind").lower(), int(caption.group("number"))
    return None

#: The object of a delete or replace verb that is the target itself.
_TARGET_OBJECT = re.compile(
    # ("Replace this Specification in full with ...": the document's kind word as owners write it)
    r"^\s*(?:(?:the|this|that|said|entire)\s+)*(?:(?:sub-?)?paragraph|article|section|sheet|drawing|note|keynote|specification|"
    r"detail|callout|(?:sub-?)?clause|provision|sub-?section|item|in\s+(?:its|their)\s+entirety|"
    # "Delete the text and substitute the following:" (the wording of what its heading numbers, no words quoted)
    r"(?:text|wording)(?!\s*[\"“'‘]))\b", re.IGNORECASE)

#: Before "read as": every mention of some words throughout the document, an opening proviso aside
#: ("Unless stated otherwise, every reference in this Section to "the Engineer" shall be ").
_EVERY_REFERENCE = re.compile(
    r"\s*(?:(?:unless|except)\b[^,.;:]{0,60},\s*)?(?:every|each|all|any)\s+(?:references?|mentions?)\s+"
    r"(?:(?:in|of|throughout)\s+(?:this|the)\s+(?:section|specification|document)\s+)?to\s+[^.;:]{1,80}?\s*"
    r"(?:shall|is\s+to|are\s+to|should)\s+be\s*", re.IGNORECASE)

#: A verb's object that takes in every document its heading names, then what replaces them
#: ("Replace both sheets with the attached sheets", "Replace each of these sections by the
#: enclosed ones"): the documents the heading lists, each replaced whole.
_EVERY_ONE_NAMED = re.compile(
    r"\s*(?:both(?:\s+of\s+(?:them|these|the))?|all(?:\s+(?:of\s+)?(?:them|these|those|the))?|each(?:\s+of\s+(?:them|these|the))?|"
    r"these|those|the\s+(?:two|three|four))\s+(?:sheets|drawings|sections)\s+(?:in\s+(?:full|their\s+entirety),?\s+)?"
    r"(?:with|by)\s+(?:the\s+)?(?:attached|enclosed|accompanying|revised|new)\b", re.IGNORECASE)

#: A verb's successor named right after it, its object left out: a whole document of a kind
#: attached ("Replace with the attached revised sheets", "Replace by the enclosed section").
#: ("Replace in full with the sheets attached to this addendum": the extent first, "attached" after the kind)
_ATTACHED_WHOLE = re.compile(
    r"^\s*(?:in\s+(?:full|(?:its|their)\s+entirety),?\s+)?(?:with|by)\s+(?:the\s+)?"
    r"(?:(?P<before>attached|enclosed|accompanying)\s+)?(?:(?:revised|new|reissued|updated)\s+)*"
    r"(?P<kind>sheets?|drawings?|sections?|specifications?)\b(?(before)|\s+(?:attached|enclosed)\b)", re.IGNORECASE)

#: The whole document, by its kind alone, as the subject of a passive verb under a heading naming
#: it ("A. Specification issued complete.", "This Section is deleted."): the heading's document.
_DOCUMENT_SUBJECT = re.compile(
    r"\s*(?:[A-Za-z0-9]{1,3}[.)]\s+)?(?:(?:the|this|that|said|entire)\s+)*(?:specification|section|sheet|drawing)\s+"
    r"(?:(?:is|are|has|have|been|hereby)\s+)*", re.IGNORECASE)

#: An item opening with a part of a document as the subject of its sentence ("The clause reads
#: as follows: ...", "This item is withdrawn from the contract"): the part its heading names.
_PART_SUBJECT_OPENS = re.compile(
    r"\s*(?:the|this|that|said)\s+(?:paragraph|subparagraph|article|clause|sub-?clause|item|note|keynote|detail|"
    r"callout|provision)\s+(?:reads|is|are|shall|has)\b", re.IGNORECASE)

#: What stands between "reads" and the verb of an erratum: "as follows:", the old words quoted
#: (blanked in the text read), and the subject of the correction ("The correct statement is:").
_QUOTED_OLD = re.compile(r"\s+as\s+follows\s*:\s*[\s.]*(?:the\s+)?", re.IGNORECASE)

#: What looks like a paragraph or article number no reference placed ("2.01 C", "152-3.2", "608.02").
#: Not the day and month of a date whose year follows ("dated 03.11.2028": a run of numbers going on
#: past three digits is a date, never a paragraph).
_LOOSE_PATH = re.compile(r"(?<![\w.$/-])\d{1,3}(?:[.-]\d{1,3})+(?:\s?[A-Z](?![\w]))?(?![\w/-]|\.\d)"
                         # ("revised to show 1.5 m shoulders", "0.5 mm sheets": a quantity and its unit's symbol)
                         r"(?![ \t]?(?:mm|cm|m|km|m2|m3|m²|m³|kg|kN|MPa|kPa|ha|l|kW|kVA|psi|ft)(?![\w.]|\.\w))")

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
#: item with what it changes, then instruct in the next sentence. A comma may set the words
#: apart ("Item #4: Contract Plan Set, Sheet C-201, Note 3; Change ..."): the set the document
#: belongs to, named as a caption before it.
_TITLE_WORDS = re.compile(r"(?-i:[\s*_]*(?!(?:See|Refer|Per|Note|As|Also|Under|In|The|This|These|That|A|An)\b)"
                          r"(?:[A-Z][\w&/'-]*,?[ \t]+){1,6})")  # (a pointer or prose opener is no title)

#: A paragraph opening with its own item label ("Item AD3-3 Section 22 11 16 ...: Replace ...",
#: "Change No. 4: ..."): an item of the addendum's list, wherever it sits, not preamble.
_ITEM_LABEL = re.compile(r"[ \t*_]*(?:item|change|revision)\s+(?:no\.?\s*|number\s+|#\s*)?(?=[\w.-]*\d)"
                         r"[A-Z0-9]+(?:[.-][A-Z0-9]+)*\b[ \t]*[:.)\-–—]?[ \t]+(?-i:(?=[A-Z]))", re.IGNORECASE)

#: The dotted number of an entry opening it after the word naming the addendum's entries ("Amendment 2.8 - Section F
#: ...", "Change 3.1: ..."), set off by a dash or colon: the entry's own number, no paragraph (round 75).
_CAPTIONED_NUMBER = re.compile(r"[ \t*_]*(?:amendment|change|revision|correction|modification)[ \t]+(?:no\.?[ \t]*)?"
                               r"(\d{1,3}(?:\.\d{1,3})+)[ \t]*[:\-–—][ \t]+(?-i:(?=[A-Z]))", re.IGNORECASE)

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


#: The subject of a value read anew, up to its verb: a thing's name and "shall be" ("The wearing
#: course of the parking bays shall be"), within one sentence, nothing quoted.
_SUBJECT_TO_BE = re.compile(r"\s*(?:the|each|all)\s+[^.;:!?\"“”\n]{1,160}?\s(?:shall|is\s+to|are\s+to|should)\s+be\s+",
                            re.IGNORECASE)

#: "read as 3 inches in lieu of 2 inches": the new value, then the old after "in lieu of" / "instead
#: of", in the same sentence.
_OLD_VALUE_AFTER = re.compile(r"read\s+as\s+\S[^.;:!?\n]{0,60}?\s(?:in\s+lieu\s+of|instead\s+of)\s+\S", re.IGNORECASE)

#: What opens a query table's reference cell before the section it names: its page, if any.
_ROW_REFERENCE = re.compile(r"[ \t*_]*(?:page\s+(?:no\.?\s*)?\d{1,4}\s*[,;:]?\s*)?(?:(?:spec\w*\s+)?section\s+)?"
                            r"(?:\d{2}\s?\d{2}\s?\d{2}(?:\.\d{1,2})?\s*[,;]?\s*)?", re.IGNORECASE)

#: Between a document's number and the verb of the entry it opens: its title, then a colon.
_CAPTION_THEN_VERB = re.compile(r"[^:.;\n\"“]{0,80}:[ \t*_]*")


def _opens_with_document_caption(read: str, start: int, resolved: Sequence[tuple[Locator, Reference]],
                                 action: Action) -> bool:
    """Whether a paragraph opens with the one document it changes, by number, then its title, a
    colon and at once the verb ("Sheet A-201 Exterior Elevations: revised in its entirety; ..."):
    owners caption each change with the document it changes, however the addendum sets the
    entries out (under a heading or none); preamble prose opens otherwise."""
    own = [r for t, r in resolved if not r.from_heading and r.by_number]
    if len(own) != 1 or len(resolved) != 1 or action.span is None or _SPEAKS_OF_BELOW.search(read):
        return False
    reference = own[0]
    return (re.fullmatch(r"[ \t*_]*(?:(?:sections?|sheets?|drawings?)[ \t]*(?:no\.?[ \t]*)?)?", read[start:reference.span[0]],
                         re.IGNORECASE) is not None
            and _CAPTION_THEN_VERB.fullmatch(read[reference.span[1]:action.span[0]]) is not None)


#: A field naming the place ("REFERENCE: Page 22, Attachment 1, Statement of Work, Section 2.2.2, Frequency") over a
#: field giving the change ("UPDATE: ...", "CHANGE: ..."): state procurement offices' addenda to requests for
#: proposals set each change so, wherever it stands (round 45).
_REFERENCE_THEN_UPDATE = re.compile(r"[ \t*_]*+(?:reference|ref\.)[ \t*_]*:[^\n]+\n[ \t*_]*+(?:update|change|revision|amendment|"
                                    r"correction)[ \t*_]*:", re.IGNORECASE)


#: A sentence that only says what it named is revised ("Sheet C-4 is revised.", "Section 84 has been revised."):
#: what is left of it after the names, at most two words before the bare revision's verb.
_SAID_REVISED = re.compile(rf"[\s,]*(?:[^\W\d_]+\s+){{0,2}}?(?:{_BARE_REVISION.pattern})\s*", re.IGNORECASE)


def _revised_then_replaced(read: str, last: int, end: int, action: Action, own_refs: Sequence[Reference]) -> bool:
    """Whether the sentence naming the target only says it is revised, and the next sentence, naming nothing
    itself, replaces ("Project Plan Sheet C-4 is revised. A print of the revised sheet is attached to take the
    place of the sheet of the same number."): the later verb says how the one thing named is revised; its
    target is settled."""
    return (action.action == "replace" and _SAID_REVISED.fullmatch(read, last, end) is not None
            and not any(r.span[0] >= end for r in own_refs))


def _placed(item: Item, start: int, action: Action, resolved: Sequence[tuple[Locator, Reference]],
            mask: Sequence[tuple[int, int]] = (), references: Sequence[Reference] = (),
            own: tuple[str, int] | None = None) -> str | None:
    """Why an instruction that reads unambiguously is still proposed: it sits in the
    addendum's preamble (a paragraph under no heading); it names its target far from where
    the instruction starts and after its verb; it deletes or replaces what only its heading
    names without saying the target is what goes; it names an earlier addendum (not ``own``, the
    issue's own kind and number: "the attached Sheet C-201, marked Addendum No. 2" in Addendum No. 2
    is this issue's sheet); or it writes
    a number that looks like a paragraph no reference placed, while naming a whole document."""
    read = _read_text(item.text, mask)
    # (a block quoting the old text and the new under their labels, "Instead of: ..." / "Read: ...",
    # instructs wherever it stands: official-journal corrigenda set them under numbered fields)
    if (_preamble(item) and not _ITEM_LABEL.match(item.text) and not _opens_with_paragraph(read, start, resolved)
            and not _opens_with_document_caption(read, start, resolved, action) and not _OLD_THEN_NEW.search(item.text)
            and not _REFERENCE_THEN_UPDATE.match(item.text)):
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
            if item.cells:
                # (a table row's cell is a clause of its own: "Drawing P-1, Note 1; Drawing P-2, Note 1"
                # in the reference cell is one list, its semicolon no clause of the change cell's verb)
                clause_open = max(clause_open, read.rfind("|", 0, action.span[0]))
            again = {r.target for r in own_refs if r.target is not None and clause_open < r.span[0] < action.span[0]}
            renamed = clause_open >= ends.start() and all(t in again or any(
                t.doc == a.doc and (t.path is None or (a.path or "").startswith(t.path + ".")) for a in again)
                for t, _ in resolved)
            if item.cells and not renamed:
                # a question-log row: the question's cell names what is asked about, the revisions
                # cell names the target again and then says the change ("Section ..., Paragraph
                # 2.2.A: change ..."): the cell the verb is in settles the target, as its own sentence
                cell_open = read.rfind("|", 0, action.span[0])
                in_cell = {r.target for r in own_refs if r.target is not None and cell_open < r.span[0] < action.span[0]}
                # (the first reference's cell ends its clause: "| Chapter 4 | Cl. 4.2.2 | ... | Yes. Cl. 4.2.2
                # is amended to add ...": the reply's cell opens after it, whatever sentence the reply begins with)
                bar = read.find("|", first)
                row_ends = min(ends.start(), bar) if bar >= 0 else ends.start()
                renamed = cell_open >= row_ends and bool(in_cell) and all(t in in_cell or any(
                    t.doc == a.doc and (t.path is None or (a.path or "").startswith(t.path + ".")) for a in in_cell)
                    for t, _ in resolved)
                # a pre-bid query table: the row's reference cell opens with the one provision asked
                # about ("Page No. 55, Section ..., clause 2.1 A: ..."), and the decision cell opens with
                # its imperative ("Replace "X" with "Y"."): the row's reference settles the target
                captioned = {r.target for r in own_refs if r.target is not None
                             and _ROW_REFERENCE.fullmatch(read, read.rfind("|", 0, r.span[0]) + 1, r.span[0])}
                renamed = renamed or (
                    cell_open >= ends.start() and not read[cell_open + 1:action.span[0]].strip(" \t*_")
                    and len({t for t, _ in resolved}) == 1 and resolved[0][0] in captioned
                    and all(r.target == resolved[0][0] or r.target is None for r in own_refs
                            if read.rfind("|", 0, r.span[0]) != read.rfind("|", 0, first)))
            if item.cells and not renamed:
                # a register of amended documents: the row's document cell is a caption (the document's
                # volume, number and title, no sentence, no question) and the cell the verb is in names
                # nothing ("| Volume 4, Drawing M-201 Schedules | Revision A issued; supersedes Revision
                # 0. |"): the row is said of its document, as its columns say
                cell_open = read.rfind("|", 0, action.span[0])
                holders = {read.rfind("|", 0, r.span[0]) for r in own_refs}
                if len(holders) == 1 and next(iter(holders)) < cell_open and not any(
                        cell_open < r.span[0] for r in own_refs):
                    head = next(iter(holders))
                    caption = read[head + 1:read.find("|", head + 1) if read.find("|", head + 1) > 0 else len(read)]
                    renamed = (len(caption.strip()) <= 120 and "?" not in caption and not re.search(r"[.;:]\s", caption)
                               and all(r.target is not None for r in own_refs))
            if not renamed and not item.cells and not read[clause_open + 1:action.span[0]].strip(" \t*_-–•"):
                # "... Please confirm the layout. Delete Note 2 on Sheet T-101.": an imperative opening
                # its own sentence and naming right after it every target read: what the sentence
                # before it names (a question's prose) does not unsettle it
                close = _CLAUSE_END.search(read, action.span[1])
                after = {r.target for r in own_refs if r.target is not None
                         and action.span[1] <= r.span[0] < (close.start() if close else len(read))}
                renamed = bool(after) and all(t in after for t, _ in resolved)
            if again and clause_open >= ends.start() and not renamed:
                # "Section 03 30 00, 2.1.C: (a request). Granted; the ratio in 2.1.B is revised": the
                # verb's clause names one provision, an earlier sentence another
                return ("its verb's clause names one provision and an earlier sentence another: which the "
                        "verb changes is not certain")
            if (not _REF_WORDS.fullmatch(read[opened + 1:first]) and not titled and not referred and not renamed
                    and not _revised_then_replaced(read, last, ends.start(), action, own_refs)):
                return ("it names its target in a sentence of prose and its verb in a later one: "
                        "which the verb changes is not certain")
    inherited = all(r.from_heading for _, r in resolved)
    if inherited and len({t for t, _ in resolved}) > 1 and not (
            action.action == "replace" and action.span is not None
            and (_ATTACHED_WHOLE.match(read[action.span[0] + len(action.words.split(" … ")[0]):])
                 or (_EVERY_ONE_NAMED.match(read[action.span[0] + len(action.words.split(" … ")[0]):])
                     and all(t.path is None for t, _ in resolved)))):
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
        elif _EVERY_ONE_NAMED.match(after) and all(t.path is None for t, _ in resolved):
            pass  # "Replace both sheets with the attached sheets": each document the heading names, whole
        elif (all(t.path is None and r.kind in ("section", "sheet") for t, r in resolved)
              and re.fullmatch(r"[\s*_]*(?:\(?[A-Za-z]{0,2}\d{0,3}[.)]\s*)?", read[start:action.span[0]])
              and (REVISION_NOTE.match(read, action.span[0]) or _DELETED_NOTE.match(read, action.span[0]))):
            # "4.06 SECTION 12 93 00 - SITE FURNISHINGS" over "A. Deleted from the Project Manual.", "A.
            # Revised to require ...": a note under the document's own heading, opening with what befell
            # it; its subject is that document, whole
            pass
        elif (all(t.path is not None for t, _ in resolved) and not read[start:action.span[0]].strip(" \t*_-–•")
              and action.span[1] > action.span[0] and re.match(r"[ \t]*:", read[action.span[1]:])
              and len(action.words.split(" … ")) == 1 and " " in action.words):
            # 'Artículo N° 3 ..., inciso 2' over 'Quedará redactado de la siguiente manera: "..."': a phrase with no
            # object opening the item and closed by the colon before the new text has the provision its heading
            # names for its subject, as a note under a document's heading has the document (round 56)
            pass
        elif not _TARGET_OBJECT.match(after) and not _DOCUMENT_SUBJECT.fullmatch(read[start:action.span[0]]) and not (
                # "Not used. This section is deleted ...": the verb's own sentence has the heading's
                # document for its subject, whatever sentence went before it
                (said := max(read.rfind(". ", start, action.span[0]), read.rfind("; ", start, action.span[0]))) > start
                and _DOCUMENT_SUBJECT.fullmatch(read[said + 1:action.span[0]])
                and all(t.path is None and r.kind in ("section", "sheet") for t, r in resolved)) and not (
                # "Reference: Section ..., clause 2.02.B" then "The clause reads as follows: "..." The
                # correct statement is: "..."", "This clause is withdrawn from the contract": the item
                # opens with the part its heading names as its subject (an erratum's form)
                _PART_SUBJECT_OPENS.match(read, start)
                and all(t.path is not None and r.kind in ("paragraph", "callout") for t, r in resolved)):
            return "its verb's object is not what its heading names: which it changes is not certain"
    if inherited and action.span is not None and action.span[0] - start > _VERB_REACH and not (
            # 'Donde dice: "en cámaras de mampostería". Quedará redactado: "..."': the old words, quoted after
            # their label, are all that stands before the verb (round 56)
            _OLD_WORDS_FIRST.fullmatch(read, start, action.span[0]) is not None) and not (
            # "The clause reads as follows: "(the words as published)". The correct statement is:
            # ...": the quotation of the old words stands between the subject and the verb
            (opens := _PART_SUBJECT_OPENS.match(read, start)) is not None and opens.group(0).lower().endswith("reads")
            and action.action == "replace" and _QUOTED_OLD.fullmatch(read, opens.end(), action.span[0])
            and all(t.path is not None and r.kind in ("paragraph", "callout") for t, r in resolved)) and not (
            # "Reference: Drawing No. ..., Detail 2" then "The wearing course of the parking bays shall be
            # read as 3 inches in lieu of 2 inches.": an erratum corrects a value of the one part its
            # reference line names, the old value said after the new; however long the thing's name
            # before "shall be read as", the sentence opens the item and changes nothing else
            action.action == "amend" and len(resolved) == 1 and resolved[0][0].path is not None
            and resolved[0][1].kind in ("paragraph", "callout")
            and re.fullmatch(r"read\s+as(?:\s+…\s+(?:in\s+lieu\s+of|instead\s+of))?", action.words.strip(),
                             re.IGNORECASE) is not None
            and _SUBJECT_TO_BE.fullmatch(read, start, action.span[0]) is not None
            and _OLD_VALUE_AFTER.match(read, action.span[0]) is not None) and not (
            # 'Unless stated otherwise, every reference in this Section to "X" shall be read as "Y"'
            # under the section's heading: a word changed throughout the one document the heading names
            action.action == "amend" and len(resolved) == 1 and resolved[0][0].path is None
            and resolved[0][1].kind == "section" and _EVERY_REFERENCE.fullmatch(read, start, action.span[0]) is not None):
        return "it inherits its target from its heading but its verb is not where an instruction's is"
    if inherited and any((m.group("kind").lower(), int(m.group("number"))) != own for m in _EARLIER.finditer(read)):
        return "it names an earlier addendum: what it changes may be that addendum's item"
    if any(t.path is None for t, _ in resolved):
        spans = [r.span for _, r in resolved if not r.from_heading]
        own = _OWN_NUMBER.match(item.text)
        if own is not None:  # "12.3.1) Drawing A-101: ...": the item's own number
            spans.append(own.span())
        captioned = _CAPTIONED_NUMBER.match(item.text)
        if captioned is not None and not any(s < captioned.end(1) and captioned.start(1) < e for s, e in
                                             (r.span for r in references)):
            spans.append(captioned.span(1))  # "Amendment 2.8 - Section F Bid Drawings: Drawing C-105 ...": its own number
        initials = _NUMBER_AFTER_INITIALS.match(item.text)
        if initials is not None and not any(s < initials.end(1) and initials.start() < e for s, e in
                                            (r.span for r in references)):
            spans.append(initials.span(1))  # "NTT 2.5 Drawing A-102 ...": initials no reference read, then its number
        for loose in _LOOSE_PATH.finditer(read):
            inside = any(s <= loose.start() < e for s, e in spans)
            # ("| After 2.2 | New clause added | Add a new clause 2.3 ...": a number the new one goes
            # after or before is where, never what changes)
            beside = re.search(r"\b(?:after|before|following|preceding)\s+(?:clause\s+|article\s+)?$",
                               read[max(0, loose.start() - 20):loose.start()], re.IGNORECASE)
            if not inside and beside is None and not re.fullmatch(r"\d{1,3}-\d{1,3}", loose.group(0)):
                return f'writes "{loose.group(0)}", which may be a paragraph no reference placed'
    own = [r for _, r in resolved if not r.from_heading]
    if own and action.span is not None:
        # (a target named in two parts, its article first and its letter after the verb, "| 1.1 |
        # Submittals | Add "..." at the end of sub-clause B.", is named where its article is)
        first = min([r.span[0] for r in own] + [
            r.span[0] for r in references if r.target is not None and r.target.path and not r.from_heading
            and any(t.doc == r.target.doc and (t.path or "").startswith(r.target.path + ".") for t, _ in resolved)])
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
        if not listed and first > action.span[0] and first - action.span[0] <= _TARGET_REACH:
            # "... Please confirm the layout. Delete Note 2 on Sheet T-101.": an imperative opening its own
            # sentence, its target right after it in the same clause, however far into the item
            opened = max(read.rfind(". ", 0, action.span[0]), read.rfind(": ", 0, action.span[0]),
                         read.rfind("; ", 0, action.span[0]), read.rfind("\n", 0, action.span[0]))
            listed = (opened >= start and not read[opened + 1:action.span[0]].strip(" \t*_-–•")
                      and _CLAUSE_END.search(read, action.span[1], first) is None)
        if first > action.span[0] and first - start > _TARGET_REACH and not listed:  # (a list below its lead-in)
            return "the target is named far into the item, after its verb: which the verb changes is not certain"
    return None


#: Between an amending verb and the provision it puts something into ("added to the", "inserted in").
_DESTINATION = re.compile(r"\s+(?:to|into|in)\s+(?:the\s+)?(?=\S|\s*$)", re.IGNORECASE)


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


#: "From" right after a deletion's verb ("Remove: From ...", "Delete from ..."), and what may stand
#: between it and the provision it names: the document's number and kind words, commas.
_FROM_AFTER_VERB = re.compile(r"\s*+:?\s*+from\s+", re.IGNORECASE)
_PLACE_WORDS = re.compile(r"(?:[\s,.\-\u2013]|\d|[A-Z]{1,3}-?(?=\d)|(?:the|of|section|specification|spec|drawing|sheet|"
                          r"paragraph|subparagraph|article|clause|part|note|keynote|detail|page)\b)*", re.IGNORECASE)


def _struck_from(text: str, mask: Sequence[tuple[int, int]], action: Action, references: Sequence[Reference]) -> bool:
    """Whether a deletion says where words go rather than what goes: its verb is followed by
    "from" and the provision it names, which ends the line with a colon ("Remove: From Section
    22 42 00, 2.2.B:", the words taken out set below it). Owners' verb-label addenda write a
    removal of words so; "Delete from Section 22 42 00 paragraph 2.2.B." (no colon after the
    provision: the paragraph is the object) is not this form."""
    if action.span is None or not references:
        return False
    read = _read_text(text, mask)
    after = _FROM_AFTER_VERB.match(read, action.span[1])
    if after is None:
        return False
    first = min(r.span[0] for r in references)
    last = max(r.span[1] for r in references)
    if first < after.end() or _PLACE_WORDS.fullmatch(read, after.end(), first) is None:
        return False
    return re.fullmatch(r"\s*:\s*", text[last:].split("\n", 1)[0]) is not None


def _division(reference: Reference) -> str:
    """The CSI division a section reference names (its number's first two digits), or ""."""
    # (a paragraph its section does not hold is still of that section: "Section 1.4.B" under a
    # Division 00 section's line is that division's, however its path reads)
    placed = reference.target if reference.target is not None else reference.joins
    if placed is not None:
        digits = re.search(r"(\d{2})\s?\d{2}\s?\d{2}", placed.doc)
        if digits:
            return digits.group(1)
    digits = re.search(r"\b(\d{2})\s?\d{2}\s?\d{2}\b|\b(\d{2})\d{3}\b", reference.written)
    return (digits.group(1) or digits.group(2)) if digits else ""


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
