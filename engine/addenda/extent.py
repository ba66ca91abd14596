"""How much of what an item names it changes (issue 21): whether a replace or delete takes a
whole section or sheet or part of it, where an addition goes (the provisions it is placed beside
are places, not what it changes), new text brought under a label, pages of a document. Whether
the item's words place its target where an instruction's are is ``placing``'s."""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from inforce.ontology import Locator
from inforce.rules.patterns import UNSPACED_LETTER

from ..derivation import _quoted_spans
from .actions import _ENDS_FOLLOWING, _NOTHING, Action, Vocabulary, read_action, worded
from .context import _BREAK, _instruction_mask, _positions, _read_text, _row_text
from .items import Item, _codes_only
from .outcome import _Outcome
from .references import (
    SECOND_INSTRUCTION,
    Corpus,
    Reference,
    _other_tender_documents,
    find_references,
    place_path,
)
from .wording import _WHOLE_OF

#: The label new text opens with, as the provision it restates or adds is labelled ("A.", "2.2.B",
#: "(3)"); group 1 is the label (empty when there is none).
_NEW_TEXT_LABEL = re.compile(r"\s*[*_]*((?:\d{1,2}(?:\.\d{1,3})+(?:\.[A-Z])?|[A-Z]|\d{1,2})[.)]|\((?:[A-Za-z]|\d{1,2})\))?"
                             r"[*_]*\s*")

#: Right after the point of an abbreviation owners write before a number ("Drawing No. P-101", "Dwg. 4",
#: "Cl. 2.2 A", the Bulgarian point "т. 2.3") or of "Rev." before a revision's letter ("replaced by Drawing E-301 Rev. A enclosed"): no
#: end of a clause or a sentence (the frame's sentences end by it too; audit 69 C F1: "Should ..., Drawing
#: C-204 Rev. B will be withdrawn" lost its condition to a sentence ended at "Rev.")
ABBREVIATION_POINT = (r"(?:(?<=[\s(](?i:no)\.)|(?<=[\s(](?i:nos|dwg|sht|rev|art|sec|fig|ref|cls)\.)|(?<=[\s(](?i:cl)\.)|"
                      r"(?<=[\s(](?i:para|sect)\.)|(?<=[\s(](?i:т)\.))\s+\(?[A-Z]{0,4}[-.]?\d|(?<=[\s(](?i:rev)\.)\s+[A-Z](?![\w'’])")
_CLAUSE_END = re.compile(rf"[.;](?=\s|$)(?!{ABBREVIATION_POINT})")

#: A clause opening on the place its verb changes, the verb right after it ("Under 2.3.A, change ...",
#: "In Paragraph 3.1.B: delete ...", "Sheet S-2: at Note 4, add ..."): owners name the provision first,
#: then instruct; the preposition places the change, it does not cite (as "work under Section 01 10 00" does)
_PLACE_OPENING = re.compile(r"(?:^|[.:;]\s+|\n\s*)(?:\(?[A-Za-z0-9]{1,3}[.)]\s+)?(?:under|in|at|within)\s+$",
                            re.IGNORECASE)

_PLACE_TO_VERB = re.compile(r"\s*[,:\-–—]\s*")

#: A note of what a revision does, opening an entry: a participle of revision, then "to" and the verb
#: of what it does ("Revised to require ...", "Updated to add ..."); "revised to read" brings new
#: words instead, and is no such note.
REVISION_NOTE = re.compile(r"(?:revised|updated|modified|amended|changed)\s+to\s+(?!read\b|include\s*:|say\b|state\b)"
                           r"[a-z]+\b", re.IGNORECASE)

#: A note saying a document was taken out, opening an entry under its heading ("Deleted from the
#: Project Manual.", "Deleted in its entirety.", "Withdrawn.").
_DELETED_NOTE = re.compile(r"(?:deleted|removed|withdrawn|omitted)(?=\s*[.;]|\s+in\s+(?:its|their)\s+entirety|\s+from\s+the\s+"
                           r"(?:project\s+manual|contract(?:\s+documents)?|specifications?|drawings?|drawing\s+set|bid(?:ding)?\s+"
                           r"documents|project|work)\b)", re.IGNORECASE)


def _opening_places(text: str, references: list[Reference], action: Action) -> list[Reference]:
    """``references`` with a cited provision that opens its clause as the place the verb right
    after it changes read as named (``_PLACE_OPENING``), and a provision that heads the item as
    where it is, when the verb names another after it, read as cited (``place_before_object``)."""
    if action.span is None or not action.changes:
        return references
    references = [replace(r, cited=False) if r.cited and r.kind in ("paragraph", "callout") and r.target is not None
                  and r.span[1] <= action.span[0] and _PLACE_TO_VERB.fullmatch(text, r.span[1], action.span[0])
                  and _PLACE_OPENING.search(text[:r.span[0]]) else r for r in references]
    return place_before_object(text, references, action)


#: Between a designated document's run of words and the sheet (or a callout of it) the run goes on to name
#: before the verb: its title and the part it is filed under, commas, dashes and a colon ("Annex 1 - Lot 1,
#: Drawings: drawing"); no end of a clause, no second thing listed.
_RUN_TO_SHEET = re.compile(r"(?:(?![.;!?](?:\s|$)|&|\b(?:and|or)\b)[^\n]){0,60}", re.IGNORECASE)


def designated_sheet(text: str, references: list[Reference], action: Action) -> list[Reference]:
    """``references`` with a designated document bound (it names where, not what) where its run of words,
    before the verb, goes on to name a sheet or a callout of one: "Annex 1 - Lot 1, Drawings: drawing
    L1-BR-02 ... is replaced by ...", "Part 4, Drawings: Note 2 on Sheet C-7 is deleted". The designation
    says which part of the bidding documents holds the drawing; the drawing, the later and more specific
    place, is what changes, never the designated document replaced whole beside it (round 77)."""
    if action.span is None or not action.changes:
        return references
    verb = action.span[0]
    ordered = sorted((r for r in references if not r.from_heading), key=lambda r: r.span)
    bound: set[int] = set()
    for index, reference in enumerate(ordered):
        if (reference.kind != "section" or reference.resolved_by != "designation" or reference.bound
                or reference.cited or reference.span[1] > verb or not (reference.target or reference.candidates)):
            continue
        after = next((r for r in ordered[index + 1:] if r.span[0] >= reference.span[1]), None)
        if (after is not None and after.kind in ("sheet", "callout") and after.target is not None and not after.cited
                and after.span[1] <= verb and _RUN_TO_SHEET.fullmatch(text, reference.span[1], after.span[0])):
            bound.add(id(reference))
    return [replace(r, bound=True) if id(r) in bound else r for r in references] if bound else references


def place_before_object(text: str, references: list[Reference], action: Action) -> list[Reference]:
    """``references``, a paragraph heading the item before a colon read as cited where the verb after
    the colon names another paragraph of the same document that neither holds nor lies in it:
    "Section 03 30 00, Paragraph 2.1.E: Delete Paragraph 2.1.F.", "..., Paragraph 2.1.E: Revise
    Paragraph 2.1.F to read ...": the first says where the item is, the one the verb names is what
    changes, whatever the verb ("Paragraph 2.1.E: delete Subparagraph 1" deletes in 2.1.E). The
    verb is the word after the colon where the action's words run from the heading on ("{target}:
    Revise"). The one decision for the step reading and for a pattern's edge (audit 51, round 52)."""
    if action.span is None or not action.changes:
        return references
    start = action.span[0]
    cut = action.words.rfind(": ")
    if cut >= 0:
        start += cut + 2
    verb = re.match(r"\S+", text[start:])
    if verb is None:
        return references
    verb_end = start + verb.end()
    close = _CLAUSE_END.search(text, verb_end)  # (in the verb's own clause: a later sentence explains)
    end = close.start() if close is not None else len(text)
    # (nor a second instruction joined by "and", which names its own provision: 'Paragraph 2.1.C: change "4
    # inches" to "5 inches" and delete Paragraph 2.1.B' changes 2.1.C and deletes 2.1.B, audit 60)
    second = SECOND_INSTRUCTION.search(text, verb_end, end)
    end = second.start() if second is not None else end
    objects = [r for r in references if r.kind == "paragraph" and r.target is not None and r.target.path is not None
               and not r.cited and verb_end <= r.span[0] < end]
    return [replace(r, cited=True) if r.kind == "paragraph" and r.target is not None and r.target.path is not None
            and not r.cited and not r.from_heading and r.span[1] <= start
            and _PLACE_COLON.fullmatch(text, r.span[1], start)
            and any(o.target.doc == r.target.doc and not _within(o.target.path, r.target.path)
                    and not _within(r.target.path, o.target.path) for o in objects) else r for r in references]


#: A colon (or dash) between a paragraph opening the item and the verb right after it.
_PLACE_COLON = re.compile(r"\s*[:\-–—]\s*")


def _within(path: str, holder: str) -> bool:
    """Whether outline ``path`` is ``holder`` or lies under it."""
    return path == holder or path.startswith(f"{holder}.")


#: What a deletion takes when it describes a thing ("the gravel bedding requirement", "all
#: references to primer") and its sentence, and the item, end there: nothing quoted, no part word.
_DESCRIBED_OBJECT = re.compile(r"\s+((?:the|all|any)\s+[^.;:\"“‘\n]{1,80}?)\s*[.]?\s*$", re.IGNORECASE)


def _bare_deletion(text: str, mask: Sequence[tuple[int, int]], action: Action, vocabularies: list) -> str:
    """The thing a lone delete verb describes as its object, when the item says nothing after it
    (no successor, no reason, no quoted words, no part of the provision named); "" otherwise."""
    if action.span is None or " … " in action.words:
        return ""
    if read_action(action.words, vocabularies).action != "delete":
        return ""  # (the verb alone, read by the pack: a delete verb, aimed at a thing described)
    if any(s >= action.span[1] for s, _ in _quoted_spans(text)) or _BREAK.search(text, action.span[1]):
        return ""  # (quoted words, or new text, after it)
    described = _DESCRIBED_OBJECT.fullmatch(text, action.span[1])
    if described is None or _PART_WORDS.search(described.group(1)):
        return ""
    return " ".join(described.group(1).split())


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
    head = text.lstrip(" \t\n*_\"“'‘>-•«\u00a0")
    if re.fullmatch(r"[a-z]+-\d+\w*", path):  # a callout: "keynote-3", "note-2", "detail-4"
        kind, number = path.rsplit("-", 1)
        return re.match(rf"(?:(?:general\s+|plan\s+|sheet\s+)?{kind}s?\s*(?:no\.?\s*|#\s*)?)?0*{re.escape(number)}"
                        r"\s*[.:)\-–—]\s*\S", head, re.IGNORECASE) is not None
    full = re.match(rf"{re.escape(path)}(?![\w.])", head)
    if full is not None:
        return True
    if path.isdigit() and re.match(rf"(?:sections?|articles?|parts?)[ \t]+0*{path}(?![\w.])", head, re.IGNORECASE):
        return True  # "SECTION 6 - SUPPORT AND MAINTENANCE" for a document's part 6, its word before its number
    last = path.rsplit(".", 1)[-1]
    return last.isalpha() and re.match(rf"\(?{re.escape(last)}[.)]\s+\S", head) is not None


#: The quotation right after a verb, a colon between or none ('est modifié comme suit : « 1.2 ... »').
_BRINGS_QUOTED = re.compile(r"[ \t]*:?[ \t]*(?=[\"“«])")


def given_whole(action: Action, text: str, target: Locator, vocabularies: Sequence[Vocabulary]) -> Action:
    """The action of a change proposed in ``target`` read whole: an amend verb whose own words end with the pack's
    ``as_follows`` phrase ("est modifié comme suit", "se enmienda y debe decir") and bring a quotation opening with
    the provision's own number ('« 1.2 ... »', '"4.2 ..."') gives it anew, as "is amended to read:" does (round 103);
    otherwise ``action`` as read. The one decision for every path proposing a provision named by its number."""
    if (action.action == "amend" and action.span is not None and target.path is not None
            and worded(_ENDS_FOLLOWING, vocabularies, "as_follows").search(action.words.split(" … ")[0])
            and (brought := _BRINGS_QUOTED.match(text, action.span[1])) is not None
            and _opens_with_own_label(text[brought.end():], target)):
        return Action("replace", action.words, action.span, action.attachment)
    return action


#: Pages of a section, replaced or deleted ("pages 41 and 42, revised", "Two (2) pages", "the pages of the bid set").
_PAGES = re.compile(r"(?<!addendum\s)(?<!\()\b(?:pages?\s+(?:nos?\.?\s*)?(?:\d|[ivxl]+\b)(?!\d*\s+of\s+\d)|pp\.\s*\d|"
                    r"(?:the|same)\s+pages?\s+(?:of|in)\b)", re.IGNORECASE)

_PAGE_WORD = re.compile(r"\bpages?\b", re.IGNORECASE)

#: A page named by number, the first of a list or range: "pages 1-2", "pages 1 and 2", "page
#: 12 21 13-3" (the page 3, after the section's own number), "pages 04 20 00-1 through ..."
#: (``more``: a range or list follows); not "page 2 of 4" (said whole or not by its count).
_FIRST_PAGE = re.compile(r"\bpages?\s+(?:nos?\.?\s*)?(?:\d{2}\s?\d{2}\s?\d{2}(?:\.\d{1,2})?\s?[-/]\s?)?"
                         r"(?P<page>\d{1,3})\b(?![/.]\d|\s*of\s+\d)"
                         r"(?P<more>\s*(?:[-–]\s*\d|(?:through|thru|to)\s|(?:and|,|&)\s*(?:\d|pages?\b)))?", re.IGNORECASE)

#: A page numbered with a letter after its number ("page 2A", "pages 1, 2 and 2A"): one inserted.
_INSERTED_PAGE = re.compile(r"\bpages?\s+(?:nos?\.?\s*)?(?:\d{1,3}\s*(?:,|and|&)\s*)*\d{1,3}[A-Za-z]\b", re.IGNORECASE)

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
    is then followed by a paragraph named before the verb, and the verb's object is no page.
    Or the verb first, then each page and the paragraph on it, one after the other ("REVISE Page
    01 10 00-2, Section 1.3.B as follows:", "DELETE Page 3, Paragraph 2.2.B, in its entirety, and
    ADD the attached Page 3A in its place": water-supply and county owners cite so); a page
    brought new ("the attached Page 3A") is the successor, and locates nothing."""
    if action.span is None:
        return False
    cited = list(_PAGE_CITED.finditer(read))
    old = [page for page in cited if not _NEW_PAGE_BEFORE.search(read, max(0, page.start() - 30), page.start())]
    if old and all(page.start() > action.span[0] for page in cited) and all(any(
            r.kind == "paragraph" and not r.from_heading and r.target is not None
            and _PAGE_TO_PART.fullmatch(read[page.end():r.span[0]]) for r in references) for page in old):
        return True
    if _PAGE_WORD.search(read, action.span[0]):
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


#: Between a page and the paragraph on it: a comma, and perhaps the paragraph's word ("Page 2,
#: Section 1.3.B": these owners call an article or paragraph a section).
_PAGE_TO_PART = re.compile(r"[\s,;]*(?:(?:sub-?)?(?:sections?|paragraphs?|paras?\.?|articles?|clauses?|items?)\s*)?",
                           re.IGNORECASE)


def _part_then_page(read: str, action: Action, references: Sequence[Reference]) -> bool:
    """Whether each page an item names follows a part it names, only its title between, and comes
    before the verb ("Article 1.03, Shop Drawings, page 1 of the Section is hereby replaced with the
    following:"): the page says where the part is; the verb's subject is the part."""
    # (a page said to be the new one, "by 4.2 on revised page 4", is where the successor is printed)
    found = list(_PAGES.finditer(read))
    pages = [page for page in found if not _NEW_PAGE_BEFORE.search(read, max(0, page.start() - 30), page.start())]
    return action.span is not None and bool(found) and all(page.end() <= action.span[0] and any(
        r.kind == "paragraph" and not r.from_heading and r.target is not None and r.span[1] <= page.start()
        and _PART_TO_PAGE.fullmatch(read[r.span[1]:page.start()]) for r in references) for page in pages)


#: Between a part and the page it is on: its title, set off by commas ("Article 1.03, Shop Drawings, page 1").
#: ("| Article 4.2 (page 4) | Replaced in its entirety ... |": the page in brackets after the part)
_PART_TO_PAGE = re.compile(r"[ \t]*+,?[ \t]*+(?:(?-i:[A-Z])[\w'’&/-]*+(?:[ \t]++[\w'’&/-]++){0,7}?[ \t]*+,[ \t]*+)?(?:on[ \t]++|\()?")

#: A page cited by its number whole ("Page 01 10 00-2", "page 3A", "Page 12").
_PAGE_CITED = re.compile(r"\bpages?\s+(?:nos?\.?\s*)?(?:\d{2}\s?\d{2}\s?\d{2}(?:\.\d{1,2})?\s?[-/]\s?)?\d{1,3}[A-Za-z]?\b",
                         re.IGNORECASE)

#: Words before a page saying it is the new one brought ("the attached Page 3A", "revised page 2").
_NEW_PAGE_BEFORE = re.compile(r"\b(?:attached|enclosed|included|revised|new|replacement)\s+(?:pages?\s*)?$", re.IGNORECASE)


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
        if action.action == "replace" and _part_then_page(read, action, references):
            return _Outcome("applied", rule, action, parts)  # the part replaced; its page only says where it is
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
        if numbers and min(numbers) == 1 and action.action == "replace" and _whole_successor(read, doc):
            # "Pages 26 05 43-1 through -2: remove and replace with the attached Section 26 05 43
            # (Addendum No. 1)": the pages from the first go and the section itself, under its own
            # number and no page, comes in their place: the section is issued anew, whole
            return _Outcome("applied", rule, Action("replace", action.words, action.span, True), resolved)
        if numbers and min(numbers) == 1 and (len(set(numbers)) > 1 or any(m.group("more") for m in first)):
            whole = Action("replace", action.words, action.span, action.attachment)
            return _Outcome("proposed", rule, whole, resolved, why=(
                "its pages from the first are replaced: whether they are all of it (the section reissued "
                "whole) is for a person to confirm"))
        return _Outcome("proposed", rule, amend, resolved,
                        why="its pages are replaced: whether they are all of it is for a person to confirm")
    return _Outcome("proposed", rule, amend, parts or resolved,
                    why="its pages are replaced: the section changes in part, where is for a person to confirm")


#: The successor said to be a whole section under its number, no page after it ("replace with the
#: attached Section 26 05 43 (Addendum No. 1)", "with the enclosed revised Section 260543.").
_WHOLE_SUCCESSOR = re.compile(r"\b(?:with|by)\s+the\s+(?:attached|enclosed|included)\s+(?:revised\s+)?sections?\s+"
                              r"(?P<number>\d{2}\s?\d{2}\s?\d{2})(?![\d-])(?![^.;\n]{0,40}\bpages?\b)", re.IGNORECASE)


def _whole_successor(read: str, doc: str) -> bool:
    """Whether the words bring document ``doc`` itself, whole, as the successor."""
    whole = _WHOLE_SUCCESSOR.search(read)
    return whole is not None and re.sub(r"\D", "", whole.group("number")) == re.sub(r"\D", "", doc.rsplit("-", 1)[-1])

#: Where the words saying an instruction takes the whole section or sheet stand (the pack's
#: ``whole_words``: "in its entirety", "this Section", the revised sheet "attached", "like-numbered"):
#: whole words anywhere in the instruction.
#: (a word of a script written without spaces, "差替図を添付する", touches the words beside it: round 75)
_WHOLE = rf"(?:\b|(?<={UNSPACED_LETTER}))(?:{{words}})(?:\b|(?={UNSPACED_LETTER}))"

#: A clause named by a dotted number and a word, with no document ("Section 5.17", "Article 8.1"): one of the pack's
#: ``clause_alone_nouns``, "sub-" before it or none; the number the group ``number``.
_CLAUSE_ALONE = r"(?:sub-?)?(?:{words})\s+(?P<number>\d{1,3}(?:\.\d{1,3})+)"


@functools.lru_cache(maxsize=16)
def _clause_alone_pattern(words: str) -> re.Pattern[str]:
    return re.compile(_CLAUSE_ALONE.replace("{words}", words), re.IGNORECASE) if words else _NOTHING


def clause_alone(corpus: Corpus) -> re.Pattern[str]:
    """``_CLAUSE_ALONE`` with the pack's ``clause_alone_nouns`` the corpus carries, compiled once per list (matching
    nothing where no rule lists any)."""
    return _clause_alone_pattern(corpus.clause_alone_nouns)

#: A provision named as an item by a dotted number ("Item 6.1"), which an addendum's own numbering
#: also is where it opens an item: read as ``_CLAUSE_ALONE`` is only past the item's own opening.
_ITEM_DOTTED = re.compile(r"items?\s+(?P<number>\d{1,3}(?:\.\d{1,3})+)", re.IGNORECASE)


#: A table column naming the document a row is about ("Sec", "Section", "Document", "Part", "Vol").
_DOCUMENT_COLUMN = re.compile(r"(?i)\b(?:sec(?:tion)?|doc(?:ument)?|part|vol(?:ume)?|chapter)\b")


def _path_holders(path: str, corpus: Corpus) -> list[str]:
    """The documents of the project (of the kinds an addendum changes) whose outline holds ``path``, sorted."""
    return sorted(doc for doc, (kind, _) in corpus.directory.titles.items()
                  if kind in corpus.target_kinds and path in corpus.path_set(doc))


def _of_other_tenders(docs: Sequence[str], corpus: Corpus) -> bool:
    """Whether ``docs``, the documents holding a clause, are all of another tender than the one the addendum names
    by its identifier (``_other_tender_documents``): none of them holds the addendum's clause, its own tender's
    document being one the project lacks or the asker may not see (audit 60's F1); a report says so (audit 66)."""
    return bool(docs) and set(docs) <= corpus.once("other-tender-documents", _other_tender_documents)


def _other_tender_holders(path: str, corpus: Corpus) -> list[str]:
    """The documents of the project holding ``path`` where each is of another tender (``_of_other_tenders``), for
    a report to name; [] where none holds it or one is of the addendum's own tender."""
    docs = _path_holders(path, corpus)
    return docs if _of_other_tenders(docs, corpus) else []


def _clause_holders(path: str, item: Item, items: Sequence[Item], corpus: Corpus,
                    among: Collection[str] | None = None) -> list[str]:
    """The documents of the project whose outline holds ``path``; where several do, those that
    also hold every clause the items beside it (under the same heading; for a table row, the rows
    of its table naming the same document in its columns that name one) name the same way.
    ``among``: only those documents are looked at (the ones the item's own words title)."""
    docs = _path_holders(path, corpus)
    if among is not None:
        docs = [doc for doc in docs if doc in among]
    if _of_other_tenders(docs, corpus):
        return []
    if len(docs) <= 1:
        return docs
    # (a row's neighbours are the rows of its own table: a caption line between two tables may name
    # another document, "Chapter 3" over one and "Chapter 4" over the next)
    table = item.path.rsplit(".row-", 1)[0] + ".row-" if item.cells and ".row-" in item.path else None
    # (and where the table has columns naming the document a row is about, "| Vol | Sec |", only the rows
    # naming the same one: "PCC" rows cite the Particular Conditions' clauses, "BDS" rows the data sheet's)
    naming = [(h, v) for h, v in item.cells if _DOCUMENT_COLUMN.search(h) and v.strip()] if table is not None else []
    for other in items:
        if other is item or other.parent != item.parent or other.heading_context != item.heading_context:
            continue
        if table is not None and other.cells and not other.path.startswith(table):
            continue
        if naming and other.cells and not all(cell in other.cells for cell in naming):
            continue
        # (a row as its readers read it: "| 5 | 4.2.1 |" under a "Clause" column names Article 4.2.1)
        for match in clause_alone(corpus).finditer(_row_text(other.cells) if other.cells else other.text):
            keep = [doc for doc in docs if match.group("number") in corpus.path_set(doc)]
            if keep:
                docs = keep
    return docs


#: A clause named by its number after the word for its kind ("Clause 5.12.1", "paragraph 3.1.1",
#: "Article 4.4"): what ``_sole_holder_of_several`` counts.
_CLAUSE_NAMED = re.compile(r"\b(?:sub-?)?(?:sections?|articles?|clauses?|paragraphs?|subsections?)\s+"
                           r"(\d{1,3}(?:\.\d{1,3})+)(?![\d.]*\d)", re.IGNORECASE)


def _sole_holder_of_several(doc: str, items: Sequence[Item], corpus: Corpus) -> bool:
    """Whether the addendum's items name, by number, two or more clauses that ``doc`` holds and no
    other document of the project does ("Clause 5.10.1 is amended ...", "Clause 6.6.1 is revoked.").
    One clause so held may belong to a document the project lacks; several agreeing on the one
    document that holds them all say it is the document the addendum changes."""
    if not items:
        return False
    named = {m.group(1) for item in items
             for m in _CLAUSE_NAMED.finditer(_read_text(item.text, _quoted_spans(item.text)))}
    held = set()
    for path in sorted(named):
        if path in corpus.path_set(doc) and _clause_holders(path, items[0], (), corpus) == [doc]:
            held.add(path)
            if len(held) >= 2:
                return True
    return False


#: The most documents a clause number of no named document is proposed in, one edge each.
_HOLDERS_PROPOSED = 3

#: Words of a document's title that say nothing of which document it is (and the prepositions an item writes
#: before a title it names: Portuguese joins "em" and "de" to the article, "Nas cláusulas técnicas especiais, o n.º
#: 1.1 ...", "No capítulo 4 das cláusulas ...": the run is the title's words all the same).
_TITLE_FILLER = {"section", "document", "exhibit", "chapter", "volume", "part", "the", "of", "for", "and", "to",
                 "in", "on", "a", "an", "with", "during", "by", "del", "los", "las", "por", "para", "des", "une",
                 "dans", "pour", "sur", "na", "nas", "no", "nos", "da", "das", "do", "dos"}


def _likely_holders(path: str, item: Item, items: Sequence[Item], corpus: Corpus) -> list[str]:
    """The documents of the project most likely to hold clause ``path`` that an item names in no
    document (or in one that lacks it), best first, at most ``_HOLDERS_PROPOSED``: those
    ``_clause_holders`` keeps, ranked by how much of each one's title (each word weighed by how
    few titles carry it) and of its clause's own title the item's words and its headings repeat.
    One where it alone is named so; none where more than the cap hold it and the words name none of
    them. For proposals only: a person picks."""
    holders = _clause_holders(path, item, items, corpus)
    if len(holders) <= 1:
        return holders
    said = set(re.findall(r"[^\W\d_]{3,}", f"{item.text}\n{item.heading_context}".lower()))
    counts: dict[str, int] = {}
    for _, title in corpus.directory.titles.values():
        for word in set(re.findall(r"[^\W\d_]{3,}", title.lower())) - _TITLE_FILLER:
            counts[word] = counts.get(word, 0) + 1

    def score(doc: str, titled: set[str] | None = None) -> float:
        """``titled``: more words that may name a title (never a clause's own title: that stays the item's)."""
        title = set(re.findall(r"[^\W\d_]{3,}", corpus.directory.titles[doc][1].lower())) - _TITLE_FILLER
        own = corpus.names(doc).get(path, "") if corpus.names is not None else ""
        clause = set(re.findall(r"[^\W\d_]{4,}", own.lower())) - _TITLE_FILLER
        return sum(1 / counts.get(w, 1) for w in title & (said | (titled or set()))) + (2.0 if clause and clause <= said else 0.0)

    ranked = sorted(((score(doc), doc) for doc in holders), key=lambda pair: (-pair[0], pair[1]))
    if not (ranked[0][0] > 0 and ranked[0][0] >= 2 * ranked[1][0] + 0.5) and items and items[0] is not item:
        # the item and its headings name none of them, or several alike: the addendum's opening line may ("Clarification
        # Notice No. 1 for Request for Proposals "Harbour Water Quality Monitoring Services"" over a table
        # of answers naming bare paragraph numbers), or the lead paragraph after its letterhead lines ("It
        # amends the Supplementary Conditions to CCDC 2 ..."); its first 600 characters across its first
        # items, read once per such item
        opening, size = [], 0
        for first in items[:8]:
            if first is item or size >= 600:
                break
            opening.append(first.text[:600 - size])
            size += len(opening[-1]) + 1
        words = set(re.findall(r"[^\W\d_]{3,}", "\n".join(opening).lower()))
        if ranked[0][0] == 0:
            said = words
            ranked = sorted(((score(doc), doc) for doc in holders), key=lambda pair: (-pair[0], pair[1]))
        else:
            # several alike by the item's words ("Na cláusula 4.ª, o n.º 2 ..." under a notice): the title the
            # opening names too ("No caderno de encargos, parte II, ..." the first correction) settles which,
            # where it makes one stand out; else the ranking stands as the item's words made it
            opened = sorted(((score(doc, words), doc) for doc in holders), key=lambda pair: (-pair[0], pair[1]))
            if opened[0][0] >= 2 * opened[1][0] + 0.5:
                return [opened[0][1]]
    if ranked[0][0] > 0 and ranked[0][0] >= 2 * ranked[1][0] + 0.5:
        return [ranked[0][1]]
    named = [doc for value, doc in ranked if value > 0]
    if len(holders) <= _HOLDERS_PROPOSED:
        return [doc for _, doc in ranked]
    return named[:_HOLDERS_PROPOSED]


#: The paragraph a document named with it lacks, as ``references`` says so ("names Clause 4.2.1 of
#: SPEC-X, which has no paragraph 4.2.1"): the document (1) and the path (2).
_LACKED = re.compile(r" of (\S+), which has no paragraph (\S+)$")


def _held_elsewhere(unread: Sequence[Reference], item: Item, items: Sequence[Item], corpus: Corpus) -> list[tuple[Locator, Reference]]:
    """For an item whose every unresolved reference is a paragraph the document read with it lacks
    ("Employer's Requirements Chapter 4 Clause 4.2.1: ..." read in the section a heading names): each
    in the documents of the project most likely holding it instead (``_likely_holders``), for a
    person to confirm; [] where any is otherwise unresolved or nothing else holds it."""
    lacked = [(m.group(2), m.group(1), r) for r in unread if r.kind == "paragraph" and (r.joins is None or r.joins.path is None)
              and (m := _LACKED.search(r.why or "")) is not None]
    if not items or not lacked or len(lacked) != len(unread):
        return []
    return _distinct([(Locator(doc=doc, path=path), reference) for path, lacking, reference in lacked
                      for doc in _likely_holders(path, item, items, corpus) if doc != lacking])


#: Words naming part of a section or sheet the item did not resolve ("keynote 2.1", "the second
#: sentence", "the title block", "the schedule"): a whole-document instruction with them is in doubt.
_SUB_PART = re.compile(
    r"\b(?:key\s*notes?|notes?|details?|callouts?|paragraphs?|subparagraphs?|articles?|sentences?|words?|"
    r"title\s+block|schedules?|tables?|dimensions?|tags?|legend|items?|lines?|(?<!\d\s)(?<!\d)pages?)\b"
    # the short forms owners write for a paragraph or clause ("Par. 1.1 A", "Para 2.3", "Cl. 4.2")
    r"|\b(?:paras?|par|cl)\.?(?=\s*\d)|\b(?:clauses?|sub-?sections?)\b",
    re.IGNORECASE)

#: The names owners give the notice an addendum is ("attached to this Clarification Note", "marked
#: "Clarification Note 2"", "per Explanatory Note No. 1"): the addendum itself, never a note of the
#: section or sheet it changes.
_NOTICE_NAME = re.compile(
    r"\b(?:clarification|explanatory|information|amendment|addendum|tender|bid|bidding)\s+notes?\b"
    r"(?:\s+(?:No\.?\s*)?\d+\b)?", re.IGNORECASE)

#: How each page of the new text is marked ("substitute the attached conformed section, each page
#: marked "...-0002"", "every page stamped Addendum No. 2"): every page of the substitute, the whole
#: of it, never one page of the section or sheet it replaces. The pack's ``page_marks``, as whole words.
_EVERY_PAGE_MARKED = r"\b(?:{words})\b"

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
#: owners locate an addition by its neighbours ("below paragraph B", "above Note 4" too, as a page
#: reads); a neighbour is a place, never what the addition changes.
#: (Not "after the last sentence of paragraph 2.1.A": a place inside the paragraph, which it changes.)
_PLACE_BEFORE = re.compile(
    # ("the following subparagraph 3.4B": an adjective before what is added, not a place)
    rf"\b(?<!the\s)(?:(?:immediately|directly|just)\s+)?(?:after|before|following|preceding|ahead\s+of|between|below|above)"
    rf"\s+(?:the\s+)?"
    rf"(?:existing\s+)?{_PLACE_KIND}?\s*$|\bbetween\s+(?:the\s+)?(?:existing\s+)?{_PLACE_KIND}?\s*[\w.]{{1,12}}\s+"
    rf"(?:and|&)\s+{_PLACE_KIND}?\s*$", re.IGNORECASE)

_PLACE_UPPER = re.compile(rf"\b(?:before|preceding|ahead\s+of|above|and|&)\s+(?:the\s+)?(?:existing\s+)?{_PLACE_KIND}?\s*$",
                          re.IGNORECASE)


#: The number the new text after a placing reference opens with, in its quotes ("... is added: "57.3 Timber ...").
_SIBLING_LABEL = re.compile(r"[^\"“\n]{0,80}?[\"“]\s*(\d{1,3})\.(\d{1,3})\s")


def _placed_beside(read: str, resolved: Sequence[tuple[Locator, Reference]], corpus: Corpus | None = None,
                   text: str | None = None) -> tuple[list[tuple[Locator, Reference]], str | None] | None:
    """What an addition changes when it names provisions as the places its new text goes beside
    (None when it names none so): the other provisions it names, where it names any; else what
    holds the neighbours, when the words settle it (the article holding the paragraphs it follows
    or precedes, an article named as its upper bound only closing the place; the sheet holding
    the notes); else the document, proposed, with why (given ``corpus``, also where the outline holds
    no group above the neighbour: "inserted after clause 5.12.1" where no clause 5.12 is numbered)."""
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
            parent = path.rsplit(".", 1)[0]
            held = corpus is None or parent in corpus.path_set(target.doc)
            holders.add(Locator(doc=target.doc, path=parent) if held else None)  # (no such group: the document, proposed)
        elif (path.count(".") == 1 and text is not None and corpus is not None
              and (label := _SIBLING_LABEL.match(text, reference.span[1])) is not None
              and label.group(1) == path.split(".")[0] and label.group(2) != path.split(".")[1]
              and label.group(1) in corpus.path_set(target.doc)):
            # "after art. 57.2 the following paragraph is added: "57.3 ..."": the new text, numbered in the
            # same article as its neighbour, is the article's; the article changes in part
            holders.add(Locator(doc=target.doc, path=label.group(1)))
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




#: A sheet's place in its series at the end of its title ("Pipe Culvert Details (1 of 2)").
_SHEET_COUNT = re.compile(r"\s*\(\s*(?:sheet\s+)?\d{1,2}\s+of\s+\d{1,2}\s*\)\s*$", re.IGNORECASE)


#: A lead caption naming the item's topic in words, before its colon, with no number and nothing quoted
#: ("Withdrawal of the ramp lighting details: ... removing Drawing E-501"): three words or more, so a
#: label alone ("Detail:", "Keynotes:") is not taken for one.
_CAPTION_VERB = re.compile(r"\b(?:is|are|was|were|be|been|reads?|shall|will|should|must|has|have|had|does|do)\b",
                           re.IGNORECASE)
_TOPIC_CAPTION = re.compile(r"\A\s*(?:\(?[0-9A-Za-z]{1,3}[.)]\s+)?(?P<caption>[A-Za-z][A-Za-z'’,-]*(?:\s+[A-Za-z'’,-]+){2,11}):\s")


def _topic_caption(text: str, resolved: Sequence[tuple[Locator, Reference]]) -> list[tuple[int, int]]:
    """The span of the item's lead caption when it names a topic and no reference of the item is in it
    (see ``_TOPIC_CAPTION``): a part word there ("details", "schedules") says what the item is about,
    not a part of the document its verb takes, and casts no doubt on the whole."""
    m = _TOPIC_CAPTION.match(text)
    if m is None or _CAPTION_VERB.search(m.group("caption")) is not None:
        return []  # ("The detail reads as follows: ...": a sentence about a part, no caption)
    own = [r for _, r in resolved if not r.from_heading and r.span[1] > r.span[0]]
    if not own or any(r.span[0] < m.end() for r in own):
        return []  # (the document named in the caption, or nowhere after it: the caption may be the part)
    return [m.span("caption")]


def _whole_doubt(text: str, mask: Sequence[tuple[int, int]], action: Action,
                 resolved: Sequence[tuple[Locator, Reference]], corpus: Corpus | None = None,
                 page_marked: re.Pattern[str] = _NOTHING) -> str | None:
    """Why replacing or deleting a whole section or sheet is in doubt: its words name a part
    of it no reference placed ("Delete keynote 2.1"). ``page_marked``: how each page of the new text
    is marked (``_EVERY_PAGE_MARKED`` with the pack's ``page_marks``)."""
    # the words naming the target itself ("Item P-610", "Sheet A-201", and its own title written
    # after its number: "drawing E-501 LIGHTING DETAILS") are not a part of it
    spans = [(max(0, r.span[0] - 14), r.span[1]) for _, r in resolved if r.span[1] > r.span[0]]
    for target, reference in resolved:
        entry = corpus.directory.titles.get(target.doc) if corpus is not None else None
        title = " ".join(entry[1].split()).casefold() if entry and entry[1] else ""
        after = _TITLE_GAP.match(text, reference.span[1])
        # (a sheet of a series titled with its count, "Pipe Culvert Details (1 of 2)": a range of the series is
        # written with the title they share, "Sheets RS2-C-12 to RS2-C-13 Pipe Culvert Details")
        for held in dict.fromkeys((title, _SHEET_COUNT.sub("", title))):
            if held and after is not None and " ".join(text[after.end():after.end() + len(held) + 8].split()).casefold(
                    ).startswith(held):
                spans.append((after.end(), after.end() + len(held)))
                break
    read = _read_text(text, mask)
    for _, reference in resolved:
        thing = _THING_BRACKETED.search(read, max(0, reference.span[0] - 70), reference.span[0])
        if (thing is not None and not _DOCUMENT_WORDS.search(thing.group("thing")) and action.span is not None
                and action.span[0] >= reference.span[1] and not _PACKAGE_BEFORE.search(read, thing.start(), reference.span[0])):
            # "The bench (Sheet C-101) is withdrawn from the contract", "The bench on Sheet C-101 is deleted
            # from the contract": a thing shown on the document, the document where it is; what goes is
            # the thing, not the whole document
            return (f'names "{" ".join(thing.group("thing").split())}", a thing {reference.written} shows, as what the verb '
                    "takes: the whole of it is not certain")
    spans += [m.span() for m in _NOTICE_NAME.finditer(text)]  # the addendum's own name is no part of its target
    spans += _topic_caption(text, resolved)  # (a lead caption naming the item's topic)
    spans += [m.span() for m in page_marked.finditer(text)]  # how the new pages are marked, all of them
    part = _SUB_PART.search(_read_text(text, [*mask, *spans]))
    if part is not None and _WHOLE_OF.search(_read_text(text, mask)) is None:
        # ("Schedule of Requirements ..., Section 23 31 13, Pages 52-53 (the whole of that section) are
        # replaced": words saying the whole of the document settle it, whatever part of the tender
        # the document sits in)
        return f'names "{part.group(0)}" of the document, which no reference placed: the whole of it is not certain'
    return None


def _whole_said(text: str, mask: Sequence[tuple[int, int]], action: Action,
                resolved: Sequence[tuple[Locator, Reference]], vocabularies: Sequence[Vocabulary],
                corpus: Corpus | None = None) -> bool:
    """Whether a replace or delete takes the whole section or sheet: its words say so ("in
    its entirety", "the revised sheet", "attached"), or the verb's object is the reference
    itself ("Delete Sheet A-501.", "Replace Section 07 21 00 with ...")."""
    read = _read_text(text, mask)
    said = [m.group(0) for m in worded(_WHOLE, vocabularies, "whole_words").finditer(read)]
    if any(not _FROM_THE_SET.fullmatch(words) for words in said) or _WHOLE_OF.search(read):
        return True  # (or "Withdraw the whole of Section 09 91 00 and substitute ...")
    if action.span is None:
        return False
    verb_end = action.span[0] + len(action.words.split(" … ")[0])
    if said and _NO_OBJECT.match(read, verb_end):
        # "Section 12 93 00 is deleted from the contract", "Sheet C-106, Water Service Details, deleted from the
        # Plans": what goes is taken out of the set, the verb's subject whole ("Remove the bench on Sheet C-101
        # from the contract" takes out a thing: its verb has an object of its own)
        return True
    own = sorted((r for _, r in resolved if not r.from_heading), key=lambda r: r.span)
    # ("Drawing No. EZA-SL-02 (Internal Road Lighting Layout, Sector B) is replaced by ...": the document's own
    # title in brackets after its number, as the project holds it, is part of its name, not a thing shown on it)
    named_end = _own_title_end(read, own[-1], [t for t, r in resolved if r is own[-1]], corpus) if own else 0
    if own and named_end <= action.span[0] and _PASSIVE_GAP.fullmatch(read[named_end:action.span[0]]):
        # "Sheets E-201 and E-301 are removed from the plan set", "Section 12 93 00 is hereby
        # deleted": the documents named are the passive verb's subject, the whole of each is what
        # goes; only when the sentence opens with them (not "The bench on Sheet L-101 is removed")
        opened = max(read.rfind(". ", 0, own[0].span[0]), read.rfind(": ", 0, own[0].span[0]),
                     read.rfind("\n", 0, own[0].span[0]))
        between = [read[a.span[1]:b.span[0]] for a, b in zip(own, own[1:], strict=False)]
        if (_REF_WORDS.fullmatch(re.sub(r"^\s*(?:[A-Za-z0-9]{1,3}[.)]\s+)?", "", read[opened + 1:own[0].span[0]]))
                and all(_LIST_GAP.fullmatch(gap) for gap in between)):
            return True
    if (len(own) == 1 and _PACKAGE_BEFORE.search(read, max(0, own[0].span[0] - 60), own[0].span[0])
            and (closed := _TITLE_CLOSE.match(read, own[0].span[1])) is not None
            and _PASSIVE_GAP.fullmatch(read[closed.end():action.span[0]])):
        # "The site furnishings package (Section 12 93 00 Site Furnishings) is stepped down from this
        # tender": a package of the work, the one document in brackets, is the passive verb's subject
        return True
    # (the document named again right after the verb, its first mention in a caption line above:
    # "7. Refer Drawing No. S-201 (Foundation Plan)." / "Replace Drawing No. S-201 with ...")
    again = [at for r in own if r.written and (at := read.find(r.written, verb_end)) >= 0]
    return any(0 <= r.span[0] - verb_end <= 14 or (r.span[0] >= verb_end and _REF_WORDS.fullmatch(read[verb_end:r.span[0]]))
               for r in own) or any(_REF_WORDS.fullmatch(read[verb_end:at]) for at in again)


#: A document's title in brackets right after its number ("EZA-SL-02 (Internal Road Lighting Layout, Sector B)").
_BRACKETED_TITLE = re.compile(r"\s*\(([^()\n]{1,120})\)")


def _own_title_end(read: str, reference: Reference, targets: Sequence[Locator], corpus: Corpus | None) -> int:
    """Where the name of the document ``reference`` places ends: after its title in brackets, where the
    brackets open with the title the project holds for it (a whole document, one only), else at the reference."""
    if corpus is None or len(targets) != 1 or targets[0].path is not None:
        return reference.span[1]
    bracket = _BRACKETED_TITLE.match(read, reference.span[1])
    entry = corpus.directory.titles.get(targets[0].doc)
    title = " ".join(entry[1].split()).casefold() if entry and entry[1] else ""
    if bracket is None or len(title) < 4 or not " ".join(bracket.group(1).split()).casefold().startswith(title):
        return reference.span[1]
    return bracket.end()


#: A thing opening its sentence with a document in brackets after it ("The bench (Sheet C-101) ...").
#: ("The bench on Sheet C-101 is deleted from the contract": the same, the document after "on", "in", "shown on")
_THING_BRACKETED = re.compile(r"(?:^|[.:;]\s+|\n)[\W\d]{0,6}(?:the|a|an|all|each)\s+(?P<thing>[\w'’ ,-]{1,50}?)"
                              r"(?:\s*\(\s*|\s+(?:(?:as\s+)?shown\s+)?(?:on|in|at)\s+(?:the\s+)?)"
                              r"(?:spec(?:ification)?\s+)?(?:sections?|sheets?|drawings?|dwg\.?)?\s*$", re.IGNORECASE)
#: Words naming a document or a package of the work, not a thing shown in one.
_DOCUMENT_WORDS = re.compile(r"\b(?:sections?|sheets?|drawings?|specifications?|plans?|pages?|documents?|package|lot|scope|work|"
                             r"whole|entire|entirety)\b", re.IGNORECASE)

#: A package of the work named by the one document in brackets after it ("The site furnishings package
#: (Section 12 93 00 ...", "Lot 3 (Sheet L-101 ..."): what the package is, not a thing shown in it.
_PACKAGE_BEFORE = re.compile(r"(?:^|[.:;]\s+|\n)[\W\d]{0,6}(?:the\s+)?[\w'’ -]{0,40}?\b(?:package|lot(?:\s+(?:no\.?\s*)?\d+)?|"
                             r"work\s+of|scope\s+of\s+work)\s*\(\s*(?:spec(?:ification)?\s+)?(?:section|sheet|drawing)?\s*$",
                             re.IGNORECASE)
#: The rest of the brackets after the document named in them: its title, then the closing bracket.
_TITLE_CLOSE = re.compile(r"[^()\n]{0,80}\)")


#: Taken out of the set of documents ("from the contract", "from the Plans"): the whole of what goes,
#: when the verb has no object of its own.
_FROM_THE_SET = re.compile(r"from\s+(?:the|this)\s+\S.*", re.IGNORECASE | re.DOTALL)

#: Between the documents a sentence names as its subject and its passive verb ("... are", "... is hereby").
_PASSIVE_GAP = re.compile(r"[\s,]*(?:is|are|shall\s+be|will\s+be|has\s+been|have\s+been)(?:\s+hereby)?\s+", re.IGNORECASE)

#: Between two documents of one list ("E-201 and E-301", "A-101, A-102 & A-103").
_LIST_GAP = re.compile(r"[\s,]*(?:(?:and|&)\s*)?(?:(?:Sheets?|Drawings?|Sections?)\s+)?", re.IGNORECASE)

#: ("Drawing No. M-201 (HVAC Schedules)": its title in brackets; "| S-202 | Pile Caps and Details |": in
#: the register row's next cell)
_TITLE_GAP = re.compile(r"[\s,:–—(|-]*[\"“]?")

_NO_OBJECT = re.compile(r"\s*(?:$|[,.;:)]|(?:for|with|by|in|to|as|and|or|from|at|on|per)\b)", re.IGNORECASE)

#: What may come before a reference at the start of a sentence that is only a heading
#: ("SECTION D-751 - MANHOLES. Delete in its entirety, ...").
_REF_WORDS = re.compile(r"[\W_]*(?:(?:Spec(?:ification)?s?|Technical|Sections?|Sheets?|Drawings?|Dwg|Plan|Page|Item|"
                        r"Articles?|Paragraphs?|Special|Provisions?|No|Number|Contract)[\W_]*)*", re.IGNORECASE)

#: Words aiming an instruction at part of a paragraph ("Paragraph 2.5.D, second sentence: Delete"); an ordinal before a
#: figure is a quantity of the work, never a part of the paragraph ("0.60 m beyond the first 1,900 m", round 103).
_PART_WORDS = re.compile(r"\b(?:sentences?|words?|phrases?|the\s+(?:first|second|third|fourth|last)\s+(?!\d)\w+|"
                         r"(?:first|second|third|fourth|last)\s+(?:sentence|line|bullet|item))\b", re.IGNORECASE)


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


#: A verb alone on its line, heading the words below it ("Replace:", "Delete:", "Revise:").
_VERB_ALONE = re.compile(r"[*_]*[A-Za-z]+[*_]*\s*:[*_]*")
