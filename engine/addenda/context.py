"""What an addendum item inherits from around it (issue 21): the items of a document, the
heading lines it sits under and the lead-in instruction above it (a line ending with a colon
whose verb governs the list below), a table row's lead, and where its own instruction starts
(its label, a question's asked part, quoted words and new text are not read)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from inforce.ontology import Document, NotUnderstoodItem
from inforce.rules import SupersessionRule, compile_notation
from inforce.rules.patterns import SHEET_NUMBER

from ..derivation import _LABEL, _LEAD, _quoted_spans, attachment_names
from .actions import Action, Vocabulary, read_action, worded, words_of
from .items import Item, _codes_only, addendum_items
from .outcome import _words
from .references import Corpus, Reference, find_references
from .wording import _ELLIPSIS_OPENS, _OLD_THEN_NEW

#: Where an answer starts in a question-and-answer item, when the item does not say.
_QUESTION = re.compile(r"^\s*(?:\*\*)?(?:Q(?:uestion)?\s*(?:No\.?\s*)?\d*\s*[.:)\-–]|\(Q\)"
                       r"|(?:domanda|quesito|pytanie|dotaz|fråga|kysymys|pergunta)\s*(?:(?:n|nr|č|nº|n\.º)\.?\s*)?\d*\s*[.:)\-–])", re.IGNORECASE)

_ANSWER = re.compile(r"(?:^|\n|\s)(?:\*\*)?(?:A(?:nswer)?|Response|Reply|R"
                     # (an owner's answer in Italian, Polish or Czech: "Risposta:", "Odpowiedź Zamawiającego:")
                     r"|(?:Risposta|Odpowied[zź]|Odpov[eě][dď]|Svar|Vastaus|Resposta)(?:[ \t]+(?:Zamawiaj\w*|zadavatele))?)"
                     r"\s*(?:\d+\s*)?[.:)\-–](?:\*\*)?\s",
                     re.IGNORECASE)

#: The label an answer opens with ("Answer #2:", "RFI Response 3 -"), read as no reference.
_ANSWER_MARK = re.compile(r"[ \t*_]*(?:(?:rfi|owner['’]?s?|architect['’]?s?|engineer['’]?s?)[ \t]+)?"
                          r"(?:answer|response|reply|risposta|odpowied[zź]|odpov[eě][dď]|svar|vastaus|resposta)(?:[ \t]+(?:zamawiaj\w*|zadavatele))?"
                          r"[ \t]*(?:#[ \t]*)?\d{0,3}[ \t]*[:.)\-–][ \t*_]*", re.IGNORECASE)

#: How long an item may be and still be only a list entry (a sheet and its title) under a
#: lead-in instruction ("The following sheets are revised and reissued:").
_ENTRY_LIMIT = 160


#: A list entry that is a section's or sheet's number and title alone, unlabelled ("SECTION 07 54 23 -
#: ROOFING", "Sheet C-104, Utility Plan"): listed under a lead-in ("REISSUED SECTIONS:"), it heads nothing.
_DOCUMENT_ENTRY = re.compile(r"\s*[*_]*(?:(?:spec(?:ification)?\s+)?section\s+\d{2}\s?\d{2}\s?\d{2}|(?:sheet|drawing)\s+"
                             r"[A-Z]{1,3}-?\d{1,4}[A-Z]?)(?:\s*[-–—,]\s*[^\n.:;]{1,80})?[*_]*\s*", re.IGNORECASE)


def _items_of(document: Document, rules: Sequence[SupersessionRule]) -> list[Item]:
    """The document's items (``engine.addenda.items``), a table row read as its cells' words;
    an item right after a clause label line (``_CLAUSE_LABEL``) under the same heading inherits
    that line as its innermost heading."""
    items = [replace(item, text=_row_text(item.cells), answer=None) if item.cells else item
             for item in addendum_items(document, list(rules))]
    for index in range(1, len(items)):
        label, item = items[index - 1], items[index]
        if (label.kind == "paragraph" and item.kind == "paragraph" and label.heading_context
                and label.heading_context == item.heading_context and _CLAUSE_LABEL.fullmatch(label.text)
                and (_OWN_OBJECT_WORD.search(item.text) or not _OUTLINE_NUMBER.search(_unquoted(item.text)))):
            items[index] = replace(item, heading_context=f"{item.heading_context}\n{label.text.strip()}")
    return items


def _unquoted(text: str) -> str:
    """``text`` with its quoted words blanked out."""
    for start, end in _quoted_spans(text):
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _labels_next(item: Item, items: Sequence[Item]) -> bool:
    """Whether ``item`` is a clause label line the item after it inherits as its heading."""
    index = _positions(items).get(item.path)
    return (index is not None and index + 1 < len(items) and bool(_CLAUSE_LABEL.fullmatch(item.text))
            and items[index + 1].heading_context == f"{item.heading_context}\n{item.text.strip()}")


#: A paragraph that is a clause's full number and its quoted title alone ('2.3.B "Anchor bolts"'):
#: owners amending clause by clause put it over the instruction, which then speaks of "this
#: paragraph" or "this clause"; the instruction's object is the clause the line numbers.
_CLAUSE_LABEL = re.compile(r"[ \t]*[*_]*\d{1,2}\.\d{1,3}(?:\.[A-Z])?\.?[ \t]+[\"\u201c][A-Z][^\"\u201d\n]{0,80}[\"\u201d][*_]*[ \t]*")

#: An outline number ("2.3", "1.4.B") an item names of its own, outside quoted words.
_OUTLINE_NUMBER = re.compile(r"(?<![\w.])\d{1,3}\.\d{1,3}(?![\d])")

#: An instruction whose object is the clause over it ("Delete this paragraph", "after the last
#: sentence of this sub-clause").
_OWN_OBJECT_WORD = re.compile(r"\bthis\s+(?:sub-?)?(?:paragraph|clause|article|section|item)\b", re.IGNORECASE)


_ROLE_SECTION = re.compile(r"\b(?:section|spec(?:ification)?s?|provision|sp)\b", re.IGNORECASE)

_ROLE_PATH = re.compile(r"\b(?:article|paragraph|para|clause|subsection|sub-section|subparagraph)\b", re.IGNORECASE)

_ROLE_SHEET = re.compile(r"\b(?:sheets?|drawings?|dwgs?|plan\s+sheets?)\b", re.IGNORECASE)


#: The page a cell's number is printed on, written after it in brackets ("3.2.2 (page 2)", "4.1 (p. 7)").
_PAGE_AFTER = re.compile(r"[ \t]*\((?:pages?|pgs?\.?|pp?\.)[ \t]*[\w-]{1,8}\)$", re.IGNORECASE)


#: A cell holding a clause's number then its title and nothing else ("3.6 Spill Response", "4.2.1 Number and
#: Rating"): no sentence, no question; not "3.1 B", the lettered paragraph of a clause.
_NUMBER_THEN_TITLE = re.compile(r"(\d{1,3}(?:\.\d{1,3})+)[ \t]+([A-Z][A-Za-z][\w/&'-]*(?:[ \t]+[\w/&'-]+){0,6})")


def _row_text(cells: Sequence[tuple[str, str]]) -> str:
    """A table row as its readers read it: its cells in order, the header left out (a header
    "Description of Change" is not an instruction), a cell under a "Section", "Article" or
    "Sheet" column given that word when it holds a bare number ("| 07 92 00 | ... | 2.1 |")."""
    out = []
    for header, cell in cells:
        value = cell.strip()
        # ("Section (page) | 3.2.2 (page 2)": the page the number is printed on, after it, is no part of it)
        paged = _PAGE_AFTER.search(value) if value.endswith(")") else None
        page = value[paged.start():] if paged is not None else ""
        value = value[:paged.start()] if paged is not None else value
        if re.fullmatch(r"\d{2}\s?\d{2}\s?\d{2}(?:\.\d{2})?|\d{5}", value) and _ROLE_SECTION.search(header):
            value = "Section " + value
        elif re.fullmatch(r"\d{1,3}(?:\.[0-9A-Za-z]{1,3})+(?:\s*\(?new\)?)?", value, re.IGNORECASE) and (
                _ROLE_PATH.search(header) or _ROLE_SECTION.search(header)):
            new = re.search(r"\s*\(?new\)?$", value, re.IGNORECASE)  # "Clause ref. | 4.3.3 (new)"
            # an agency's "Section(s) | 10.5" is a clause
            value = f"new Article {value[:new.start()]}" if new else "Article " + value
        elif (titled := _NUMBER_THEN_TITLE.fullmatch(value)) is not None and _ROLE_PATH.search(header):
            # "Clause Reference | 3.6 Spill Response": the clause's number then its title, as its document prints it
            value = f"Article {titled.group(1)} {titled.group(2)}"
        elif re.fullmatch(r"\d{1,3}(?:\.\d{1,3})+(?:\s*(?:,|and|&)\s*\d{1,3}(?:\.\d{1,3})+)+", value) and (
                _ROLE_PATH.search(header) or _ROLE_SECTION.search(header)):
            value = "Articles " + value  # "29.1 and 29.2"
        elif re.fullmatch(r"[A-Z]{1,3}-?\d{1,4}(?:\.\d{1,3})?[A-Z]?", value) and _ROLE_SHEET.search(header):
            value = "Sheet " + value
        elif re.match(r"[A-Z]{1,3}-?\d{1,4}\b", value) and _ROLE_SHEET.search(header):
            value = "Sheets " + value  # "S-101 thru S-103", "A-101, A-102"
        elif re.fullmatch(r"[A-Z]{1,2}\d{1,3}(?:\.\d{1,3})+", value) and _ROLE_PATH.search(header):
            # a revision register's "Clause | A6.1": a clause numbered after its section's letter, as
            # "Clause A6.1" written in a sentence is read
            value = "Clause " + value
        out.append(value + page)
    return " | ".join(out)


#: The columns of a table of changes that give a provision as it stood and as it now stands
#: ("Current Provision | Revised Provision", "Description in previous document | ... in revised
#: document", "Existing | Amended", "For | Read", "Initial Provision | Provision after Amendment"):
#: each row replaces what it cites. Owners word these headers many ways; what they share is a word
#: of the text as it stood (the pack's ``old_text_columns``) against one of the text as it stands
#: (``new_text_columns``), either searched anywhere in the header.
_COLUMN = "{words}"

#: The same columns headed by the verb that takes the words out or puts them in ("Delete | Substitute",
#: "Deleted Text | Added Text", "Change From | Change To", "Omit | Insert"): tender addenda that tabulate
#: a corrigendum so give each row's old and new words whole, as "Existing | Amended" does. Only over
#: words (three or more in a cell): "| Delete | Add |" over sheet numbers lists documents.
_VERB_BEFORE = re.compile(r"\W*(?:(?:delete[ds]?|omit(?:ted)?|remove[ds]?|strike|change\s+from|from)(?:\s+(?:the\s+)?(?:text|words?|wording))?|"
                          r"(?:text|words?|wording)\s+(?:deleted|omitted|removed))\W*", re.IGNORECASE)
_VERB_AFTER = re.compile(r"\W*(?:(?:substitute|insert(?:ed)?|add(?:ed)?|replace\s+with|change\s+to|to)(?:\s+(?:the\s+)?(?:text|words?|wording))?|"
                         r"(?:text|words?|wording)\s+(?:added|inserted|substituted))\W*", re.IGNORECASE)
_WORD_IN_CELL = re.compile(r"\b[A-Za-z]{2,}\b")

#: The addendum named in a column's header ("As amended in the Addendum No. 3"): its number is no
#: column of numbers.
_ISSUE_NAMED = re.compile(r"\b(?:addendum|amendment|corrigendum|bulletin)\s+(?:no\.?|number|#)\s*\w+", re.IGNORECASE)

#: The change a column's header places its text before or after ("Wording after revision"): no
#: column of revision numbers.
_WHEN_NAMED = re.compile(r"\b(?:after|before)\s+(?:the\s+)?(?:amendment|revision|correction|change)\b", re.IGNORECASE)

#: A column of dates, numbers or pages is no provision's words ("Original Date | Revised Date").
_NOT_WORDS = re.compile(r"\b(?:dates?|pages?|nos?\.?|numbers?|rev(?:ision)?s?)\b", re.IGNORECASE)

#: The marks around a cell's words that say nothing of it ("[Deleted]", "- Nil -", "(none)"); a cell of
#: them alone ("-", "—") holds no text.
_CELL_MARKS = r"[\s\-–—.\[\]()]*"


@functools.lru_cache(maxsize=64)
def _empty_pattern(words: str) -> re.Pattern[str]:
    return re.compile(f"{_CELL_MARKS}(?:{words})?{_CELL_MARKS}" if words else _CELL_MARKS, re.IGNORECASE)


def _empty_cell(vocabularies: Sequence[Vocabulary]) -> re.Pattern[str]:
    """A cell saying a provision is no longer there ("-", "Nil", "Néant"), or, in the old column, that
    there was none ("Not provided.", "No aplica"): the pack's ``empty_cells`` words, read as the whole
    cell, in the marks around them."""
    return _empty_pattern(words_of(vocabularies, "empty_cells"))


#: Where a paragraph named is said to be new: the pack's ``insertions`` words ("new", "add",
#: "insert", "supplemented with", "se incorpora", "doda") within 40 characters before it, and
#: nothing but up to 30 characters of its own words between them (the verb may be a margin label
#: set off by its colon: "Add: 3.1.B Insulate ...", "Insert: 2.4 ...").
_INSERTION = r"\b(?:{words})\b:?[^.;:\n]{{0,30}}$"


@functools.lru_cache(maxsize=64)
def _insertion_pattern(words: str) -> re.Pattern[str]:
    return re.compile(_INSERTION.format(words=words), re.IGNORECASE) if words else re.compile(r"(?!)")


def _inserts(text: str, reference: Reference, vocabularies: Sequence[Vocabulary]) -> bool:
    """Whether the item adds the paragraph it names ("Add new Paragraph 2.1.D", "4.3.3 (new)",
    "Insert Article 3.5"), rather than changing one the target lacks ("Paragraph 9.9.Z: Revise")."""
    start, end = reference.span
    if re.match(r"new\s", reference.written, re.IGNORECASE):
        return True  # "Article 3.1 gets a new paragraph B": the paragraph named new is added
    insertion = _insertion_pattern(words_of(vocabularies, "insertions"))
    return bool(insertion.search(text, max(0, start - 40), start)) or bool(
        re.match(r"\s*\(?(?:new|added|inserted)\b", text[end:end + 12], re.IGNORECASE)) or bool(_ADDED_AFTER.match(text, end)) or (
        "|" in text and bool(_ADDED_CELL.search(text)))


#: A table row whose status column says the row is added ("| ... | Section 09 91 00, 2.2 C | Added |",
#: "| New |"): owners' change tables keep the verb in a remarks or action column of its own, one
#: word (with a note after a comma at most: "Added, new drawing attached").
_ADDED_CELL = re.compile(r"(?:^|\|)[ \t]*(?:added|new|inserted)(?:[ \t]*[,;][^|\n]*)?[ \t.]*(?:\||$)", re.IGNORECASE)


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
_CLARIFICATION = r"[ \t*_]*\b(?:{words})[ \t*_]*[:\-–—]"


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
    if any(worded(_CLARIFICATION, vocabularies, "clarifications").match(cell) for _, cell in item.cells):
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


#: A column header opening with the new text's word, whatever it says of the old after it ("New Clauses
#: replacing existing Clauses", "Revised text in place of the original"): the column of the text as it stands.
_AFTER_OPENS = re.compile(r"[\W_]*(?:new|revised|amended|modified|corrected|substituted)\b", re.IGNORECASE)


def _old_and_new_columns(item: Item, vocabularies: Sequence[Vocabulary]) -> tuple[tuple[str, int, int], tuple[str, int, int]] | None:
    """The cell under a table's column of the text as it stood and the one under its column of the
    text as it stands (each as header, start, end in the row's text), read by the headers alone;
    None where the row's table has not exactly one of each."""
    spans = _cell_spans(item.cells)
    if len(spans) != len(item.cells):
        return None
    was = worded(_COLUMN, vocabularies, "old_text_columns")
    stands = worded(_COLUMN, vocabularies, "new_text_columns")
    before = [s for s in spans if (was.search(s[0]) or _VERB_BEFORE.fullmatch(s[0]))
              and not (stands.search(s[0]) or _VERB_AFTER.fullmatch(s[0]) or _AFTER_OPENS.match(s[0]))
              and not _NOT_WORDS.search(_ISSUE_NAMED.sub("", _WHEN_NAMED.sub("", s[0])))]
    after = [s for s in spans if (stands.search(s[0]) or _VERB_AFTER.fullmatch(s[0]) or _AFTER_OPENS.match(s[0]))
             and not ((was.search(s[0]) or _VERB_BEFORE.fullmatch(s[0])) and not _AFTER_OPENS.match(s[0]))
             and not _NOT_WORDS.search(_ISSUE_NAMED.sub("", _WHEN_NAMED.sub("", s[0])))]
    if len(before) != 1 or len(after) != 1:
        return None
    if (_VERB_BEFORE.fullmatch(before[0][0]) or _VERB_AFTER.fullmatch(after[0][0])) and not any(
            len(_WORD_IN_CELL.findall(item.text[start:end])) >= 3 for _, start, end in (before[0], after[0])):
        return None  # ("| Delete | Add |" over sheet numbers: a list of documents, no words put for words)
    return before[0], after[0]


#: A column of a question-and-answer table holding what a bidder asked ("Clarification requested",
#: "Query from Bidder", "Points raised by Contractor", "Issues/Questions"), beside one holding the owner's
#: answer ("Response", "Reply", "Clarification by the Board"): its verbs are asked, never an instruction
#: (as in a sentence ending in a question mark: "Please confirm Note 1 is deleted."); a column that also
#: places ("Clause / query of the bidder") is read as before. What a bidder suggests in its own column
#: ("Suggested Text / Justifications from Bidders": "Add two pedestals.") is asked as well: the owner's
#: answer beside it says what is done.
_ASKED_COLUMN = re.compile(r"\b(?:quer(?:y|ies)|questions?|inquir(?:y|ies)|clarifications?\s+(?:requested|sought)|"
                           r"points?\s+raised|issues?\s+raised|suggest(?:ed|ions?)|"
                           r"(?:from|by|of)\s+(?:the\s+)?(?:bidders?|tenderers?))\b", re.IGNORECASE)
_ANSWER_COLUMN = re.compile(r"\b(?:respon(?:se|ses)|repl(?:y|ies)|answers?|decisions?|clarifications?\s+(?:by|from|given|provided))\b|"
                            r"^\W*clarifications?\W*$", re.IGNORECASE)
_PLACE_COLUMN = re.compile(r"\b(?:clauses?|sections?|sheets?|drawings?|documents?|pages?|references?|paragraphs?|volumes?)\b",
                           re.IGNORECASE)


def _asked_cells(item: Item) -> list[tuple[int, int]]:
    """The spans of a table row's cells under a column of bidders' questions, in a table that has a
    column of answers beside it (see ``_ASKED_COLUMN``); [] for any other row."""
    spans = _cell_spans(item.cells)
    if len(spans) != len(item.cells) or not any(
            _ANSWER_COLUMN.search(header) and not _ASKED_COLUMN.search(header) for header, _, _ in spans):
        return []
    return [(start, end) for header, start, end in spans if _ASKED_COLUMN.search(header)
            and not _ANSWER_COLUMN.search(header) and not _PLACE_COLUMN.search(header)]


def _added_in_table(item: Item, vocabularies: Sequence[Vocabulary]) -> bool:
    """Whether a row of an old-and-new table gives nothing as it stood and words as it stands
    ("Not provided. | C. Roof edge ..."): what it cites gains the new words, in part."""
    columns = _old_and_new_columns(item, vocabularies) if item.cells else None
    if columns is None:
        return False
    (_, b_start, b_end), (_, a_start, a_end) = columns
    empty = _empty_cell(vocabularies)
    return bool(empty.fullmatch(item.text[b_start:b_end])) and not empty.fullmatch(item.text[a_start:a_end])


def _figure_in_table(item: Item, vocabularies: Sequence[Vocabulary]) -> bool:
    """Whether a row of an old-and-new table gives the same words around a new figure
    ("400 A | 600 A"): a value of what it cites given anew, in part (see ``_figure_anew``)."""
    columns = _old_and_new_columns(item, vocabularies) if item.cells else None
    if columns is None:
        return False
    (_, b_start, b_end), (_, a_start, a_end) = columns
    return _figure_anew(item.text[b_start:b_end], item.text[a_start:a_end], vocabularies)


#: A procurement's identifier after the pack's ``procurement_ids`` word ("Tender No. GIASC 202814", "Contract
#: No. MALF/RPIDP/W3/02/2028", "Ref. PR-44"): a code holding a figure, an upper-case prefix before a number
#: ("GIASC 202814") read with it; a word ("Ref. Section-VII", "Ref. Article 5") is none.
_PROCUREMENT_ID = (r"(?<!\w)(?:{words})[ \t]*[:#]?[ \t]*"
                   r"(?-i:(?:[A-Z]{2,}[A-Z0-9/.\-]*[ \t]+(?=\d{3,}\b))?(?=[\w/.\-]*\d)[A-Z0-9][\w/.\-]*\w)")


def procurement_ids(text: str, vocabularies: Sequence[Vocabulary]) -> list[tuple[int, int]]:
    """The spans of the procurement identifiers ``text`` names by the pack's ``procurement_ids`` words, each
    with its word: the tender's or contract's number, never a reference to a section, paragraph or sheet."""
    return [m.span() for m in worded(_PROCUREMENT_ID, vocabularies, "procurement_ids").finditer(text)]


#: A sheet's revision mark ("B", "1", "Rev. C", "P2", "Revisión 1"; a lower-case letter, French "indice b"),
#: its mark alone in the group.
_MARK = r"[ \t*_]*(?:(?i:rev(?:ision|isi[óo]n)?\.?)[ \t]*)?([0-9A-Z]{1,3}|[a-z])[ \t*_]*"
#: A cell that is a revision mark alone, no words of the sheet.
_MARK_ONLY = re.compile(_MARK)
#: A new cell opening with a revision mark, the rest bracketed ("A (no change)", "B (Add.01)").
_MARK_OPENS = re.compile(_MARK + r"(?:\(.*\)[ \t.]*)?$")


def _revision_row(item: Item, vocabularies: list) -> tuple[Action, list[tuple[int, int]]] | None:
    """A row of a drawing register giving a sheet's revision before and now (the pack's
    ``old_revision_columns`` / ``new_revision_columns`` headers): another revision mark alone is the
    sheet issued anew, replaced whole by the addendum's; the same mark, or a new cell saying no change,
    changes nothing. None for any other row (a new sheet, "- | A (new drawing)", reads as before)."""
    spans = _cell_spans(item.cells)
    if len(spans) != len(item.cells):
        return None
    was = worded(_COLUMN, vocabularies, "old_revision_columns")
    now = worded(_COLUMN, vocabularies, "new_revision_columns")
    before = [s for s in spans if was.search(s[0]) and not now.search(s[0])]
    after = [s for s in spans if now.search(s[0]) and not was.search(s[0])]
    if len(before) != 1 or len(after) != 1:
        return None
    (b_head, b_start, b_end), (a_head, a_start, a_end) = before[0], after[0]
    old, new = item.text[b_start:b_end].strip(), item.text[a_start:a_end].strip()
    was_mark = _MARK_ONLY.fullmatch(old)
    if was_mark is None or _empty_cell(vocabularies).fullmatch(old):
        return None  # ("- | A (new drawing)", "NIL | A": no sheet was issued before; a new one adds, it replaces none)
    same = _MARK_OPENS.match(new)
    if read_action(new, vocabularies).action == "no_change" or (same is not None and same.group(1) == was_mark.group(1)):
        # ("A | A (no change)", "B | B": the sheet stays at its revision)
        return Action("no_change", " ".join(new.split()), (a_start, a_end)), [(b_start, b_end)]
    if not _MARK_ONLY.fullmatch(new):
        return None
    words = f"{' '.join(b_head.lower().split())} {old} → {' '.join(a_head.lower().split())} {new}"
    return Action("replace", words, (a_start, a_end), attachment=True), [(b_start, b_end), (a_start, a_end)]


def _before_after(item: Item, vocabularies: list) -> tuple[Action, list[tuple[int, int]]] | None:
    """A row of a table giving a provision as it stood and as it now stands: what it does (the
    new words replace the old, whole; none left: deleted; none before, a new figure or a phrase for a
    phrase: in part) and the spans of
    the two cells, which are not read as instructions; a drawing register's row of revisions says it
    too (``_revision_row``). None for any other row."""
    revised = _revision_row(item, vocabularies)
    if revised is not None:
        return revised
    columns = _old_and_new_columns(item, vocabularies)
    if columns is None:
        return None
    (b_head, b_start, b_end), (a_head, a_start, a_end) = columns
    old, new = item.text[b_start:b_end], item.text[a_start:a_end]
    words = f"{' '.join(b_head.lower().split())} → {' '.join(a_head.lower().split())}"
    if _VERB_BEFORE.fullmatch(b_head) or _VERB_AFTER.fullmatch(a_head):
        # "Delete | Substitute": words taken out and words put in, as 'Delete "X" and substitute "Y"'
        # reads (a change in part); new text opening with a provision's own label ("B. ...") is the
        # provision given whole
        whole = re.match(r"\s*(?:[A-Z]|\d{1,2}(?:\.\d{1,3})*)[.)]\s+\S", new) is not None
        return Action("replace" if whole else "amend", words, (a_start, a_end)), [(b_start, b_end), (a_start, a_end)]
    place = item.text[:min(b_start, a_start)] + " " + item.text[max(b_end, a_end):]
    if _TITLE_ONLY.search(place):
        # "| Especificación particular 6 (título) | "6 SEÑALAMIENTO" | "6 SEÑALAMIENTO Y PROTECCIÓN DE OBRA" |":
        # the place cell says only the provision's title is given anew; its text stays (round 58)
        action = Action("amend", words, (a_start, a_end))
    elif _empty_cell(vocabularies).fullmatch(new) or (len(new.split()) <= 4 and read_action(new, vocabularies).action == "delete"):
        action = Action("delete", " ".join(new.split()) or words, (a_start, a_end))
    elif (gone := _GONE_OPENS.match(_own_number_dropped(new, place))) is not None:
        # "Deleted. No advance payment will be made under this Contract.": the new cell's first sentence
        # is its deleting word alone; what follows says why, nothing is put in the provision's place
        # (a part named after it, "Deleted: the second sentence.", is no sentence of its own: read as before)
        action = Action("delete", " ".join(gone.group(0).split()), (a_start, a_end))
    elif (gone := _first_clause_deletes(_own_number_dropped(new, place), vocabularies)) is not None:
        # ("Article supprimé ; les plafonds existants sont conservés.": the same, its deleting words the
        # pack's in the owner's language)
        action = Action("delete", gone, (a_start, a_end))
    elif _instructs_in_part(new, vocabularies):
        # "As printed. | Add at the end: "and one relay test lead set".": the new cell is an instruction
        # opening with its verb, not the provision's words, and it changes part of the provision (round 45)
        action = Action("amend", words, (a_start, a_end))
    elif _empty_cell(vocabularies).fullmatch(old) or (_ELLIPSIS_OPENS.match(old) and _ELLIPSIS_OPENS.match(new)):
        # (both cells opening with an ellipsis, "...no higher than 48 inches above the floor.": the last
        # words of the provision given anew, the rest of it kept: a change in part)
        action = Action("amend", words, (a_start, a_end))
    elif _REST_KEPT.search(new):
        # '"DR 18" | Amend to read "DR 14". The remainder of the clause is unchanged.': the new cell says the
        # rest of the provision stays as it is: the words given anew are part of it (round 47)
        action = Action("amend", words, (a_start, a_end))
    elif _figure_anew(old, new, vocabularies) or _phrase_for_phrase(old, new, vocabularies):
        # "150 kW standby rating | 200 kW standby rating", "400 A | 600 A": a value of the provision
        # given anew in the words around it, not the provision restated: a change in part; so too any
        # phrase for a phrase ("open transition | closed transition"): the old words only part of the
        # provision's (a cell saying what is done instead, "Replaced by Revision A", reads as it says)
        action = Action("amend", words, (a_start, a_end))
    else:
        # ("Revision 0 | Revision 1 attached, replacing Revision 0 in full.": the new cell says the attached
        # issue takes its place, round 45; in the owner's language as the pack's whole_words say it, "Revisi 1,
        # terlampir", round 80)
        action = Action("replace", words, (a_start, a_end), attachment=_ATTACHED_IN_CELL.search(new) is not None
                        or worded(r"(?<!\w)(?:{words})(?!\w)", vocabularies, "whole_words").search(new) is not None)
    return action, [(b_start, b_end), (a_start, a_end)]


#: A place cell naming a provision's title alone, in the languages the pack reads ("Article 6 (title)", "6
#: (título)", "article 4 (titre)", "heading of 2.1", "título de la especificación 6").
_TITLE_ONLY = re.compile(r"\(\s*(?:title|heading|t[íi]tulo|titre|intitul[ée])\s*\)|\b(?:title|heading|t[íi]tulo|titre)\s+(?:of|de|del|de\s+la|du)\b",
                         re.IGNORECASE)
#: A new cell saying the rest of the provision stays as it is ("The remainder of the clause is unchanged.",
#: "the rest of the paragraph remains as written", "balance unchanged", "otherwise unchanged").
_REST_KEPT = re.compile(r"\b(?:(?:the\s+)?(?:remainder|rest|balance)\b(?:\s+of\s+(?:the\s+)?[\w-]+)?\s+(?:(?:is|are)\s+|remains?\s+|stays?\s+)?"
                        r"(?:unchanged|unaltered|unamended|as\s+(?:is|before|written|printed|issued|stated))|otherwise\s+unchanged)\b",
                        re.IGNORECASE)


#: A new cell saying an attachment is what now stands ("Revision 1 attached", "enclosed herewith").
_ATTACHED_IN_CELL = re.compile(r"\b(?:attached|enclosed|herewith|accompanying)\b", re.IGNORECASE)


#: A new cell whose first sentence is its deleting word alone ("Deleted. No advance payment will be made.",
#: "Omitted; see Sub-Clause 14.3."): the provision goes, the rest of the cell says why.
_GONE_OPENS = re.compile(r"[ \t*_]*(?:(?:the\s+)?(?:sub-?)?(?:clause|paragraph|provision|article|item|note|text)\s+(?:is\s+)?)?"
                         r"(?:deleted|omitted|removed|withdrawn)[ \t*_]*[.;](?=\s|$)", re.IGNORECASE)


#: A provision's number opening a new cell after its word ("Clause 3.4 is deleted.", "Article C3.4.3 supprimé ;"):
#: its kind word (one word, any language; group 1), then the number (group 2).
_CELL_OPENS_NUMBERED = re.compile(r"[ \t*_]*([A-Za-zÀ-ÿ-]{2,}\.?)[ \t]+((?:[A-Z]{1,2})?\d{1,4}(?:\.[0-9A-Za-z]{1,3})*)(?=[ \t])")


def _own_number_dropped(cell: str, place: str) -> str:
    """A new cell with the number of the provision it opens by dropped where that number is the one the row's
    place cells cite ("| Clause 3.4 | Whole clause | Clause 3.4 is deleted. ... |" reads as "Clause is deleted.
    ..."): the cell names what the row changes, no other provision. Only the same word and number as the place
    writes them; a number the place does not cite (a clause of it, "Clause 3.4.1 is deleted", or the row's own
    serial number) is kept, and the cell read as before."""
    opened = _CELL_OPENS_NUMBERED.match(cell)
    if opened is None or not re.search(rf"(?<![\w-]){re.escape(opened.group(1))}[ \t]+{re.escape(opened.group(2))}(?![\w]|\.\w)",
                                       place, re.IGNORECASE):
        return cell
    return cell[:opened.start(2)].rstrip() + cell[opened.end(2):]


#: A new cell's first clause: up to its first full stop or semicolon followed by a space.
_FIRST_CLAUSE = re.compile(r"\s*([^.;]*?)\s*[.;](?=\s|$)")


def _first_clause_deletes(cell: str, vocabularies: list) -> str | None:
    """The first clause of a table's new cell where it is a deleting word of the pack, with at most the
    word naming the provision ("Article supprimé ; ...", "Numeral eliminado. ..."): what follows says why or
    what stays; nothing is put in the provision's place. None for any other cell."""
    first = _FIRST_CLAUSE.match(cell)
    if first is None or not 1 <= len(first.group(1).split()) <= 3 or first.end() >= len(cell.rstrip()):
        return None
    return " ".join(first.group(1).split()) if read_action(first.group(1), vocabularies).action == "delete" else None


def _instructs_in_part(cell: str, vocabularies: list) -> bool:
    """Whether a table's new cell opens with a verb in the imperative that changes part of what the row
    names ("Add at the end: ...", "Insert after the first sentence: ...", "Delete the second sentence.")."""
    action = read_action(cell, vocabularies)
    verb = cell[action.span[0]:].split(None, 1)[0] if action.span is not None else ""
    # (an imperative: "Revised text at Annexure I" says what was done and where, no instruction)
    return (action.action == "amend" and action.span is not None and not cell[:action.span[0]].strip(" \t*_\n")
            and verb[:1].isupper() and not verb.lower().endswith(("ed", "ing")))


#: A figure in a cell ("150", "1,20,000", "0.5").
_FIGURE = re.compile(r"\d[\d,.]*")


def _figure_anew(old: str, new: str, vocabularies: Sequence[Vocabulary]) -> bool:
    """Whether the old and new cells of a row are the same words around different figures and
    neither is a provision written out (no label opening it, no sentence ending it): a value given
    anew ("sized for 24 hours of operation" → "... 48 hours ...")."""
    old, new = " ".join(old.split()), " ".join(new.split())
    if not _FIGURE.search(old) or _FIGURE.sub("#", old).casefold() != _FIGURE.sub("#", new).casefold() or old == new:
        return False
    # (nor a revision mark given anew, "Revision 0 | Revision 1": the sheet's new issue, no value of it; round 80)
    revision = worded(_REVISION_CELL, vocabularies, "revision_marks")
    return not any(_written_out(cell) or revision.fullmatch(cell) for cell in (old, new))


def _written_out(cell: str) -> bool:
    """Whether a cell's words are a provision written out: a label opening them ("B. ...", "2.1 ...")
    or a sentence ending them."""
    return bool(re.match(r"(?:[A-Z]|\d{1,2}(?:\.\d{1,3})*)[.)]\s+\S", cell) or re.search(r"[.!?][\"”]?$", cell)
                or _QUOTED_WRITTEN_OUT.fullmatch(cell))


#: A provision written out within quotation marks, its own dotted label opening it and a sentence ending
#: it ("« 3.2 Les gouttières seront en PVC. »", '"2.3 Prueba de estanqueidad: ... minutos."').
_QUOTED_WRITTEN_OUT = re.compile(r"[«\"“]\s*\d{1,2}(?:\.\d{1,3})+\s+[^\W\d_].*[.!?]\s*[»\"”]", re.DOTALL)


#: A cell naming a document's revision, not words of a provision ("Revision 0", "Rev. B", "R1"; round 80): the pack's
#: ``revision_marks`` word, then the revision's number or letter, read as the whole cell.
_REVISION_CELL = r"(?:{words})[ \t]*[0-9A-Z]{1,3}"


def _phrase_anew(old: str, new: str, vocabularies: Sequence[Vocabulary]) -> bool:
    """Whether the old and new cells of a row are each a phrase, neither a provision written out nor
    a revision mark, and differ ("open transition" → "closed transition", "Six pedestals" → "Eight
    pedestals"): words of what the row cites given anew, the old words only part of it (in part)."""
    old, new = " ".join(old.split()), " ".join(new.split())
    if old.casefold() == new.casefold() or not (_WORD_IN_CELL.search(old) and _WORD_IN_CELL.search(new)):
        return False
    revision = worded(_REVISION_CELL, vocabularies, "revision_marks")
    return not any(_written_out(cell) or revision.fullmatch(cell) for cell in (old, new))


def _phrase_for_phrase(old: str, new: str, vocabularies: list) -> bool:
    """Whether a row's old and new cells are a phrase for a phrase (``_phrase_anew``), the new cell
    no instruction of its own ("Replaced by Revision A", "Revised text at Annexure I" say what is done)."""
    return _phrase_anew(old, new, vocabularies) and read_action(new, vocabularies).action is None


def _phrase_in_table(item: Item, vocabularies: list) -> bool:
    """Whether a row of an old-and-new table gives a phrase for a phrase (``_phrase_for_phrase``): a
    part of what it cites given anew, in part."""
    columns = _old_and_new_columns(item, vocabularies) if item.cells else None
    if columns is None:
        return False
    (_, b_start, b_end), (_, a_start, a_end) = columns
    return _phrase_for_phrase(item.text[b_start:b_end], item.text[a_start:a_end], vocabularies)


def _notations(rule: SupersessionRule) -> dict[str, tuple[re.Pattern[str], ...]]:
    return {kind: tuple(compile_notation(kind, n) for n in notations) for kind, notations in rule.references.items()}


_NOTATIONS: dict[int, tuple[SupersessionRule, dict[str, tuple[re.Pattern[str], ...]]]] = {}


def _notations_of(rule: SupersessionRule) -> dict[str, tuple[re.Pattern[str], ...]]:
    held = _NOTATIONS.get(id(rule))
    if held is None or held[0] is not rule:
        held = _NOTATIONS[id(rule)] = (rule, _notations(rule))
    return held[1]


#: A paragraph's own path, lettered, then a dash, opening a line the outline did not number
#: ("2.1.B - Wall packs are deleted ..." under a section's heading): the owner names the paragraph
#: its words change, it is no label of the addendum's own (round 71)
_PATH_CAPTION = re.compile(r"\d{1,2}\.\d{1,3}(?:\.[0-9A-Za-z]{1,3})*\.[A-Za-z][ \t]+[-–—][ \t]")


def _instruction_mask(item: Item, layouts: Sequence[re.Pattern[str]] = ()) -> tuple[int, list[tuple[int, int]]]:
    """Where the item's own instruction starts (its label aside; for a question and answer,
    where the answer starts), and the spans not read: its label, what it quotes, the question,
    and what follows the instruction's first paragraph (the new text an instruction brings:
    "Revise to read:" then the paragraph as revised)."""
    text = item.text
    start = lead = _LEAD.match(text).end()  # type: ignore[union-attr]
    label = _LABEL.match(text, start)
    if label is not None and label.end() > start and not (item.kind == "paragraph" and _PATH_CAPTION.match(text, start)):
        start = label.end()
    for layout in layouts:  # "Item No. 2:", "AD1-A01": the label a layout of the pack opens the item with
        opened = layout.match(text, start)
        if opened is not None and not re.match(r"[-–.]?\d", text[opened.end():opened.end() + 2]) and not (
                re.fullmatch(r"[A-Za-z]{2}", opened.group("label"))
                and not re.match(r"[.):\-–—]", text[opened.end():opened.end() + 1])) and not (
                re.match(r"(?:\.[A-Za-z](?!\w))?[ \t]+(?:of|in|to)\b", text[opened.end():])):
            # ("Item P-610 ..." is an agency's item number, not a layout's label "Item P"; in
            # "Change: In Section 03 30 00 ..." the verb is a margin label and "In" a word, no label;
            # "Item 2.1.B of Section ..." names a paragraph, as the itemizer reads such a line)
            start = _AFTER_LABEL.match(text, opened.end()).end()  # type: ignore[union-attr]
            break
    if start == lead and (own := _OWN_LABEL.match(text, start)) is not None:
        # "C-1 Sheet EL-201 ...: Replace ...", "B-4 Section 26 51 19, ...", "A2-09 Feuillet A-102 ...": an
        # owner's own item number (the items reader's custom label) right before the sheet or section the
        # item names is its label, never a sheet of the project numbered alike (held-out-76)
        start = own.end("label")
    named = attachment_names(text)  # 'the attached "Section 31 23 16 - Earthwork"': a name, read
    mask = [(0, start), *(q for q in _quoted_spans(text) if q not in named), *(m.span() for m in _CODE.finditer(text))]
    answer = item.answer
    if answer is None and (item.kind == "question" or _QUESTION.match(text, start) or _QUESTION.match(text, lead)):
        found = _ANSWER.search(text, start + 2)
        answer = found.end() if found else len(text)
    if answer is None and (asked := _BREAK.search(text, start)) is not None and text[start:asked.start()].rstrip(
            " \t*_").endswith("?") and text[asked.end():].strip():
        # "3. Under Clause 2.4 ..., may a larger panel be offered?" then, a paragraph below with no
        # label, "Yes. Clause 2.4 is revised to read: ...": the bidder's question, answered below it
        answer = asked.end()
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
    # a sentence saying another provision stays as it is ("Paragraph 2.1.D is unchanged and remains in force."):
    # what it names is no target of the item, the item's change is read from the rest (audit 53)
    mask += kept_sentences(text, start)
    return start, mask


def kept_sentences(text: str, start: int = 0) -> list[tuple[int, int]]:
    """Where ``text`` says, after its change, that a provision stays as it is ("Paragraph 2.1.D is unchanged
    and remains in force."): spans no reading takes a target from."""
    return [m.span() for m in _KEPT_SENTENCE.finditer(text, start)]


_BREAK = re.compile(r"\n[ \t\r]*\n")
#: A sentence of an item saying a provision it names stays unchanged (after the item's own change).
_KEPT_SENTENCE = re.compile(r"(?<=[.;\"”’)])[ \t]+(?:[^.;:\n]|[.:](?=\S)){3,120}?\b(?:is|are|remains?)\s+unchanged\b"
                            r"(?:[^.;:\n]|[.:](?=\S)){0,60}[.;]", re.IGNORECASE)


def _caption_then_instruction(text: str, start: int, mask: list[tuple[int, int]], action: Action,
                              vocabularies: list) -> tuple[int, list[tuple[int, int]], Action]:
    """An entry whose first paragraph only names the place ("4. Volume B, Section ..., clause 2.2
    A "Title"") and whose second opens with the instruction ("Update to read: "A. ...""): owners
    numbering their changes give each a caption line, then the change under it. The second
    paragraph is the instruction (what follows it, the new text it brings, is not read); any
    other entry is read as it was."""
    first = _BREAK.search(text, start)
    if first is None or len(" ".join(text[start:first.start()].split())) > _ENTRY_LIMIT \
            or text[:first.start()].rstrip().endswith((":", ".")):
        return start, mask, action
    second = _BREAK.search(text, first.end())
    end = second.start() if second is not None else len(text)
    opened = [(a, b) for a, b in mask if (a, b) != (first.start(), len(text))]
    if len(opened) == len(mask):
        return start, mask, action
    opened.append((end, len(text)))
    read = read_action(text, vocabularies, mask=[*opened, *_asked(text, opened)])
    if not read.changes or read.span is None or not re.fullmatch(r"[\s*_]*", text[first.end():read.span[0]]):
        return start, mask, action
    return start, opened, read


#: Code, fenced or inline: quoted text (a YAML block, a command), never an instruction.
_CODE = re.compile(r"```.*?(?:```|\Z)|~~~.*?(?:~~~|\Z)|`[^`\n]+`", re.DOTALL)


_AFTER_LABEL = re.compile(r"[\s.:)\-–—]*")
#: An owner's own item number (letters and digits with dashes or points, as ``items._CUSTOM`` reads it:
#: "C-1", "A2-09", "D2.01", "SN2-04") opening an item, then one or two capitalised words and a sheet's or
#: a section's number ("Sheet EL-201", "Plan TS-02", "Drawing Sheet A-101", "Section 26 51 19", "Section
#: 12-1.02"): the number before the document's own is the item's label. A sheet opening an item is followed
#: by its title or instruction, never at once by another document's number; a list ("A-101 and A-102",
#: "A-101, A-102") has a lowercase word or a comma between, no capitalised one.
_OWN_LABEL = re.compile(
    r"(?:\*\*|__)?(?P<label>(?=[A-Z0-9.-]*\d)[A-Z][A-Z0-9]*(?:[-.][A-Z0-9]+)+)\.?(?:\*\*|__)?[ \t]+"
    r"(?:(?-i:[A-Z][A-Za-zÀ-ÿ]*)\.?[ \t]+){1,2}(?:(?i:nos?|n[°º])\.?[ \t]*)?"
    rf"(?:(?-i:{SHEET_NUMBER})|\d{{2}}[ \t]?\d{{2}}[ \t]?\d{{2}}(?!\d)|\d{{1,3}}-\d{{1,2}}\.\d{{1,3}}\b)")


def _asked(text: str, mask: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The sentences of ``text`` that ask (end with a question mark, outside what ``mask`` hides):
    bidders' questions are numbered as the instructions are and answered in a lettered line below
    ("2. Note 4 calls for steel duct. May galvanized be substituted?" then "a. No."); a verb in what
    a sentence asks instructs nothing."""
    asked: list[tuple[int, int]] = []
    for mark in re.finditer(r"\?", text):
        if any(s <= mark.start() < e for s, e in mask):
            continue
        before = text[:mark.start()]
        start = max(before.rfind(". "), before.rfind("? "), before.rfind("! "), before.rfind("\n"), before.rfind(": "))
        asked.append((start + 1, mark.end()))
    return asked


def _asked_subject(item: Item, start: int, corpus: Corpus,
                   notations: Mapping[str, Sequence[re.Pattern[str]]]) -> str | None:
    """The one section or sheet the question of a question-and-answer item names, written as a
    heading line ("SECTION 22 40 00"), for its answer to place the parts it names in; None when the
    item asks nothing or its question names none or several. Owners answering bidders' inquiries
    group them by document ("Inquiry: 22 40 00 Plumbing Fixtures, 2.3.A ...") and answer with the
    part alone ("Response: Requirement 2.3.A is revised to read ..."): what the question is about is
    where the answer's part is, as a heading above the item would say (the answer's own document,
    where it names one, is nearer and wins)."""
    if start <= 0 or not (item.kind in ("question", "answer") or item.answer is not None):
        return None
    answer = item.text[start:]
    lacking = {r.kind for r in find_references(answer, corpus, mask=_quoted_spans(answer), notations=notations, titles=False)
               if r.kind in ("paragraph", "callout") and r.target is None and not r.candidates and r.why
               and "belongs to" in r.why}
    if not lacking:
        return None  # (only a part the answer names with no document of its own takes the question's)
    asked = item.text[:start]
    found = [r for r in find_references(asked, corpus, mask=_quoted_spans(asked), notations=notations, titles=False)
             if r.target is not None and r.by_number and not r.cited]
    if len(lacking) == 1 and {"section", "sheet"} <= {r.kind for r in found}:
        # a question naming a section and a sheet ("Section 26 56 00, paragraph 2.2.A gives X, drawing E-102
        # shows Y"): a paragraph the answer names is the section's, a note or detail the sheet's
        found = [r for r in found if (r.kind != "sheet") == (lacking == {"paragraph"})]
    docs = {r.target.doc for r in found if r.target is not None}
    if len(docs) != 1:
        return None
    doc = next(iter(docs))
    kinds = {r.kind for r in found if r.target is not None and r.target.doc == doc and r.kind in ("section", "sheet")}
    if kinds == {"section"}:
        number = re.search(r"\d{2}\s?\d{2}\s?\d{2}(?:\.\d{2})?", next(
            r.written for r in found if r.kind == "section"))
        return f"SECTION {number.group(0)}" if number is not None else None
    if kinds == {"sheet"}:
        return f"SHEET {next(r.written for r in found if r.kind == 'sheet').split()[-1]}"
    return None


def _in_question(item: Item) -> bool:
    """Whether ``item`` is a question written as a numbered entry, its words ending asking ("2. ...
    May galvanized be used?", its answer lettered below it: "a. No. Steel is required as shown.")."""
    return item.text.rstrip().endswith("?")


def _closes_quotation(item: Item, items: Sequence[Item]) -> bool:
    """Whether ``item`` is the rest of a quotation the item right before it left open: that item's
    last line opens a quotation and holds no other mark, this item holds one mark, closing it at its
    end ("Article 2.2 is deleted and replaced with the following:" and '"2.2 HANDHOLES' then
    'A. Polymer handholes ..."'): the itemizer split the new text at its own paragraph label; it is
    words of the new text, no instruction. (Inch marks, 6", are why both ends are asked for.)"""
    index = _positions(items).get(item.path)
    if not index:
        return False
    last = items[index - 1].text.rstrip().rsplit("\n", 1)[-1].strip()
    marks = '"“”'
    return (last[:1] in ('"', "“") and sum(last.count(m) for m in marks) == 1
            and sum(item.text.count(m) for m in marks) == 1 and item.text.rstrip()[-1:] in ('"', "”"))


def _names_own(item: Item, reason: str) -> bool:
    """Whether ``item``'s own words name the section a skip ``reason`` gives ("Section 00 91 13 is
    in Division 00, ..."), rather than the item inheriting it from a heading above."""
    said = re.match(r"Section (.+?) is in Division ", reason)
    digits = re.sub(r"\D", "", said.group(1)) if said is not None else ""
    return not digits or re.search(r"(?<!\d)" + r"[\s.-]?".join(digits) + r"(?!\d)", item.text) is not None


def _missed(item: Item, rule: str, file: str, line_of: Callable[[int], int | None],
            why: str | None) -> NotUnderstoodItem:
    start, _ = _instruction_mask(item)
    return NotUnderstoodItem(item=item.locator, file=file, line=line_of(item.offset), rule=rule,
                             words=missed_words(item.text), reason=why)


def missed_words(text: str) -> str:
    """An item's words as a not-understood entry lists them (``reviews.withhold`` lists an item
    whose target the asker may not know of with the same words)."""
    return _words(text[_LEAD.match(text).end():])  # type: ignore[union-attr]


#: Where one sentence of an item may end and another instruction begin (outside quotations).
_SENTENCE = re.compile(r"[.;][\"”’]?(?=\s+[A-Z(])")


#: The end of an instruction that brings new words below it ("... with the following:", "... to read:").
_BRINGS_TEXT = re.compile(r"\b(?:the\s+following|as\s+follows|to\s+read(?:\s+as\s+follows)?|read\s+as)\s*:\s*$",
                          re.IGNORECASE)


#: Words naming a provision or a sheet by some identifier, whatever the notation: what a change
#: names when no reference of the pack placed it.
_MENTION = re.compile(
    r"\b(?:sections?|sub-?sections?|sheets?|drawings?|paragraphs?|articles?|clauses?|schedules?|specifications?|"
    r"details?|notes?|keynotes?|items?|parts?|provisions?|annex(?:ure)?s?|appendix)\s*[-–#]?\s*"
    r"(?:(?<=[\s#–-])(?-i:[A-Z])(?![A-Za-z])|(?=[\w.()-]*\d)[A-Z0-9][\w.()-]{0,12})", re.IGNORECASE)


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


#: A list of the addendum's attachments run on in its paragraph, up to the word read ("... and the following
#: attachments: FORM OF PROPOSAL (REVISED) - ...; 23 09 93 ..."): the colon opens the list, no sentence ends in
#: it; a word of change in it marks an attachment, the items below carry the changes (round 77).
_IN_ATTACHMENT_LIST = re.compile(r"\b(?:attachments?|enclosures?)[ \t]*:(?:(?![.!?](?:\s|$))[^:\n])*$", re.IGNORECASE)


def _attachments_lead(item: Item, vocabularies: list) -> bool:
    """Whether the item is an entry under a lead-in that only says the documents it lists are attached."""
    lines = item.heading_context.splitlines() if item.heading_context else []
    if not lines or _LISTS_ATTACHED.search(lines[-1]) is None:
        return False
    return read_action(lines[-1], vocabularies).action is None


_PART_NAMED = re.compile(r"\b(?:articles?|paragraphs?|clauses?|subparagraphs?|details?|notes?|keynotes?|callouts?)\b",
                         re.IGNORECASE)


def _read_text(text: str, mask: Sequence[tuple[int, int]]) -> str:
    chars = list(text)
    for start, end in mask:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


#: A heading that is only the document's own title ("ADDENDUM NO. 2"): what sits under it alone is preamble.
_TITLE_LINE = re.compile(r"^\W*(?:addendum|addenda|bulletin|amendment|change\s+order|field\s+order)\b(?:\s+(?:no\.?|number|#))?"
                         r"\s*[\w.-]*+\W*+$", re.IGNORECASE)  # possessive: a run of dots read once (issue 23)


def _preamble(item: Item) -> bool:
    """Whether an item is a paragraph of the addendum's preamble: under no heading but the
    document's own title. (A paragraph giving a provision's text as it stood and as it now stands,
    each under its label, "Amendment 2" / "Reference: ..." / "Original text: ..." / "Amended text: ...",
    is a change, never preamble: round 43.)"""
    return item.kind == "paragraph" and not _OWN_NUMBER.match(item.text) and not _OLD_THEN_NEW.search(item.text) and all(
        _TITLE_LINE.match(line) for line in item.heading_context.splitlines() if line.strip())


#: A paragraph opening with its own number ("12.3.1) Drawing A-101: ..."): an item of a list, not preamble.
#: ("(3)Deleted - Section ...": state letting letters count their changes in parentheses, set close)
#: ("10.) Section 34 41 13 ...": enquiry services number each response with a dot and a bracket, round 42)
_OWN_NUMBER = re.compile(r"[ \t*_]*\d{1,3}(?:\.\d{1,3})+[.)]?[ \t]+(?=[A-Z])|[ \t*_]*\d{1,3}\.?\)[ \t]+(?=[A-Z])"
                         r"|[ \t*_]*\(\d{1,3}\)[ \t]*(?=[A-Z])")

#: A number after initials opening a paragraph ("NTT 2.5 Drawing A-102 Rev 0 is superseded ...": a
#: notice to tenderers numbering its items under its initials, round 71). Not an own number for every
#: use (``_OWN_NUMBER``): "GC 3.2 INSURANCE" and "ITB 19.1 The Bid ..." open with a provision of
#: another document; only where no reference read the initials is the number the item's own.
_NUMBER_AFTER_INITIALS = re.compile(r"[ \t*_]*[A-Z]{2,5}[ \t]+(\d{1,3}(?:\.\d{1,3})+)[.)]?[ \t]+(?=[A-Z])")


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
    leads = [_lead_in(line, vocabularies) for line in [*lines, item.text]]
    for index, line in enumerate(lines):
        action = read_action(line, vocabularies, mask=_quoted_spans(line))
        if index and leads[index - 1] and leads[index + 1] and not action.changes \
                and len(" ".join(line.split())) <= _ENTRY_LIMIT:
            # "Replace the following sections in their entirety:" "1. ..." "2. 10 14 00 - Signage",
            # then "Revise the following:": owners write one lead-in after another, each over its
            # own list; the last entry of the list above is no heading of the next lead-in (nor of
            # its entries, which name what they change themselves or are left for a person)
            continue
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
            if _DOCUMENT_REVISED.fullmatch(line.strip(" \t*_")) and _PATH_OPENS.match(item.text):
                # "Section 21 13 13 Sprinklers has been revised to:" over "Section 3.1.A Change ...":
                # a document said to change, then its paragraphs one a line, each by its path; the
                # line names the document the paths are in, as a heading does
                kept.append(line)
            continue
        kept.append(line)
    return "\n".join(kept), lead, lead_line


#: A line naming a section by number, its title, and a bare change verb ending in a colon ("Section 21
#: 13 13 Sprinklers has been revised to:", "Section 09 91 00 - Painting is amended as follows:").
_DOCUMENT_REVISED = re.compile(
    r"(?:(?:Spec(?:ification)?\s+)?Section\s+)?\d{2}\s?\d{2}\s?\d{2}[^:\n]{0,100}?\b(?:is|are|has\s+been|have\s+been)\s+"
    r"(?:revised|amended|changed|modified|updated)\s*(?:to|as\s+follows|as\s+below|in\s+the\s+following\s+ways?)?\s*:",
    re.IGNORECASE)
#: An item opening with a paragraph or article by its path ("Section 3.1.A Change ...", "Paragraph 2.2.B: ...").
_PATH_OPENS = re.compile(r"[ \t*_]*(?:(?:Section|Paragraph|Para\.|Article|Subparagraph|Clause)[ \t]+)?"
                         r"\d{1,2}\.\d{1,3}(?:\.[0-9A-Za-z]{1,3})*(?![\w.]|\.\w)[ \t:,-]", re.IGNORECASE)


def _lead_in(text: str, vocabularies: list) -> bool:
    """Whether ``text`` is a lead-in: one paragraph ending with a colon whose verb changes
    what the list below it names ("Revise the following:")."""
    text = text.strip()
    return ("\n" not in text and text.endswith(":") and len(" ".join(text.split())) <= _ENTRY_LIMIT
            and read_action(text, vocabularies, mask=_quoted_spans(text)).changes)


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
        if opened is not None and any(b[:1] in "\"“" for b in blocks[opened + 1:]):
            # the colon brought the lead's own new text, quoted ("Replace Sub-Clause 4.3 with the
            # following:" then the quoted clause): an instruction complete in itself, heading no list
            return None, ""
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


def _own_subject(after: Item, item: Item, vocabularies: list) -> bool:
    """Whether the item after a deletion names a subject of its own before its verb, one the
    deletion does not name ("5. ... clause 3.4 A is deleted." then "6. Section 6 - The Schedules:
    the Schedule of Prices is withdrawn and the attached one substituted"): it substitutes its
    own subject, not what was deleted."""
    action = read_action(after.text, vocabularies, mask=_quoted_spans(after.text))
    before = after.text[:action.span[0]] if action.span is not None else after.text
    mention = _MENTION.search(before)
    if mention is None and action.span is not None:
        # "D. Replace Attachment 3, Price Schedule, in its entirety and replace with the attached ...": the
        # verb first, then the subject it substitutes, as its object
        object_ = _VERB_OBJECT.match(after.text, action.span[0] + len(action.words.split(" … ")[0]))
        return object_ is not None and " ".join(object_.group(1).split()).lower() not in " ".join(item.text.split()).lower()
    return mention is not None and " ".join(mention.group(0).split()).lower() not in " ".join(item.text.split()).lower()


#: The document a verb opening an item takes as its object ("Replace Attachment 3", "Delete the Exhibit C"): group 1.
_VERB_OBJECT = re.compile(r"[ \t]+(?:the[ \t]+)?((?:attachments?|exhibits?|schedules?|sections?|sheets?|drawings?|appendix|"
                          r"annex(?:ure)?s?|forms?)[ \t]*[-–#]?[ \t]*(?:no\.?[ \t]*)?(?:(?=[\w.-]*\d)[A-Z0-9][\w.-]{0,12}|"
                          r"(?-i:[A-Z])(?![A-Za-z])))", re.IGNORECASE)
