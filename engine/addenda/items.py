"""Addendum items: every instruction of an addendum as a provision with a locator.

The outline parser (``adapters/ingest/outline.py``) makes a provision of each numbered
paragraph and each table row; real addenda hold more instructions than that: "Item No. 3"
blocks with lettered sub-items, question-and-answer pairs, numbering that starts again under
each sub-heading, unnumbered lines under a heading ("CHANGES TO THE DRAWINGS"), bullets, an
owner's own item numbers ("AD1-A02"). :func:`itemize` adds a provision (a ``Section``) for
each of them; :func:`addendum_items` is the view the readers of an addendum take of its
items (own words, enclosing headings, the answer of a question).

One pass over the lines (``_Reader``) keeps a stack of open blocks, the outline's provisions
among them. Each line is read from its own words: a line one of the rules' ``layouts`` opens
("Item [No.|Number] {label}", "Q{label}"), a bullet, a label ("1.", "(a)", "AD1-A02"), a
heading (in capitals or in bold, or a short title ending in a colon, with something under
it), or plain words. Where a block ends is decided by rank (``_HEADING`` ... ``_ROW``): a
heading closes what is under the previous heading, an Item block the previous item and its
sub-items, a label its sibling of the same style, and a paragraph, bullet or label the open
leaves, unless the open one ends in a colon ("Revise Section 08 71 00 as follows:") or the
new one is indented under it, which makes it a sub-item. Plain words continue the open
block, or open a paragraph of their own under a heading (after a blank line, or when each
line ends a sentence). Every decision depends on a line's words and the open blocks only,
so the same pass over an itemized document finds the same blocks, each now a provision: the
view and the items agree, and itemizing twice changes nothing.

The outline's provisions keep their paths. One the outline ran on over the start of a block
it does not hold ("b." running on over "Item No. 2" and the headings after it) is cut where
that block starts; one ending in a colon whose list the outline set at the top ("... listed
below:", then "1. ...") runs on over its list; and one whose parent was none, was cut before
it, or is above a new block that holds it takes that block as its parent: so each word is in
one provision's own words.

A paragraph after an item is more of it (the new text it introduces, a quotation, words
naming nothing) unless it is an instruction of its own: it names a section or a sheet and
has a change verb of the rules' ``verbs`` outside quotes ("In addition, Section 03 20 00,
Paragraph 2.2.B: Delete the paragraph."); then it is an item (``p-N``) under the item's
parent, and the item ends before it. A paragraph naming only a paragraph ("Delete Paragraph
2.1.C.") stays in the item whose section it needs. An item of a layout ("Item No. 3") closes
the previous one of its layout and all under it, even what the outline made a title there;
its words followed by a lowercase word ("Item No. 1.a of this Addendum is withdrawn") mention
an item and open none. A label has any number of digits ("1000." after "999."; a number of
four digits or more opens an item only after its predecessor, so a year starting a line does
not). A fenced code block (``````` or ``~~~``) is quoted text: no item, and no item's own words.
Indented blocks are not read as code: owners indent sub-items ("\ta.\t...") after blank lines.
Lines are judged without a CRLF file's carriage return.

Paths come from the item's own numbering where that is unique: ``item-3``, ``q-2``,
``item-3.a``, ``changes-to-the-drawings.1`` (a numbering that restarts under a heading), or
the bare number where its siblings' paths are theirs (``8`` between the outline's ``7`` and
``9``); otherwise ``p-N`` in document order. A heading's path is its words, as the outline
names a Markdown heading. The label grammar is ``ontology/numbering``'s, shared with the
outline reader.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from inforce.engine.derivation import attachment_names
from inforce.ontology import CharSpan, Document, Locator, Provision, Section
from inforce.ontology.numbering import (
    BOLD,
    BULLET,
    FENCE,
    LOWER,
    ROMAN_ANY,
    ROMAN_LOWER,
    ROMAN_UPPER,
    UPPER,
    FreeNames,
    lines_and_starts,
    number,
    slugify,
)
from inforce.ontology.scalars import PATH_SEGMENT
from inforce.rules import RuleSet, SupersessionRule, compile_layout, ordinal_number
from inforce.rules.patterns import SHEET_NUMBER

from .actions import vocabulary, words_of

__all__ = ["GAP_CAP", "Item", "addendum_items", "bounded_gaps", "itemize", "reads_items"]

#: Ranks of blocks: a smaller rank holds a larger one. Markdown headings keep their level (1-6).
_HEADING = 7.0  # a line in capitals or in bold heading what follows
_CONTAINER = 7.5  # an outline section (CSI "SECTION 09 91 23", "2.1 PRODUCTS")
_TITLE = 8.0  # a labelled line reading as a title ("A. Section 034100 "PRECAST ...""; "D. DRAWINGS")
_ITEM = 9.0  # a block a layout opens ("Item No. 3 - ...", "Q4.")
_MINOR = 8.5  # a short title ending in a colon ("Sheet A-101:", "Changes to the Drawings:")
#: a line heading the instructions right below it, inside an item block too ("Specification 26 05 43
#: - Title" over "Paragraph 2.1.A - Replace ...", "Make the following changes to the PLAN ...:")
_SUBHEAD = 9.25
_LEAF = 10.0  # a labelled instruction; anything at or above this rank is a leaf
_ANSWER_RANK = 10.5
_LINE = 11.0  # a paragraph or a bullet
_ROW = 12.0

# possessive: the spaces before and after an optional bold mark cannot trade characters, so a
# line of spaces is passed over once, not once per way of splitting it (a search from every
# position over 1,000 spaces had taken 12 s)
_LEAD = rf"[ \t]*+(?:{BOLD}[ \t]*+)?"
_BULLET = BULLET
#: A label opening a line (the grammar is ``ontology/numbering``'s; no limit on its digits:
#: "1000." after "999." is an item, see ``_Reader._fits``).
_LETTER = f"{UPPER}|{LOWER}"
_NUMBERED = re.compile(
    rf"([ \t]*+)(?:{BOLD}[ \t]*+)?"
    rf"(?P<marker>\((?P<p>{number()}|{_LETTER}|{ROMAN_ANY})\)|(?P<d>{number()}|{_LETTER}|{ROMAN_LOWER}|{ROMAN_UPPER})[.)]"
    # Canadian specifications and their addenda number by a point before the digit (".1", ".2"),
    # captions and the instructions under them alike
    rf"|\.(?P<q>\d{{1,3}})(?![\d.]))"
    rf"{BOLD}?(?=[ \t]+\S)"
)
#: An owner's own item number opening a line: letters and digits with dashes or points
#: ("AD1-A02", "NIB-7.", "SP-12"), then a capitalised word.
_CUSTOM = re.compile(
    r"([ \t]*+)(?:\*\*|__)?(?P<marker>(?=[A-Z0-9.-]*\d)[A-Z][A-Z0-9]*(?:[-.][A-Z0-9]+)+\.?)(?:\*\*|__)?"
    r"(?=[ \t]+[\"“(]?[A-Z])"
)
#: A decimal number heading a section the addendum changes: "2.1 05 12 00 - Structural Steel",
#: "3.2 SECTION 09 91 23 PAINTING" (owners number their changes by part and entry, then name the
#: section): a heading over the lettered instructions below it, not words of the one above.
_NUMBERED_SECTION = re.compile(
    r"([ \t]*+)(?:\*\*|__)?(?P<marker>\d{1,2}\.\d{1,2})\.?(?:\*\*|__)?[ \t]++"
    r"(?=(?:(?i:section)[ \t]+)?\d{2}[ \t]?\d{2}[ \t]?\d{2}(?:\.\d{2})?(?![\d.])[^.;?!\n]*$)"
)
#: More of a layout's label after its first part: "-1" of "Item II-1", ".2" of "Item 3.2".
_LABEL_MORE = re.compile(r"(?:[-.][0-9A-Za-z]{1,4})+(?=[ \t.:)–—*_]|$)")
#: A committee's resolution answering a query ("BAC Resolution:", "Committee's resolution:"): its
#: initials or its word before it, and the colon; "Resolution" alone may be a camera's.
_RESOLUTION = r"(?:(?-i:[A-Z]{2,8})[ \t]+|committee['’]?s?[ \t]+)resolution[ \t]*:"
#: The English answer and question words are the reader's own (they take a number: "Answer 3:",
#: "Q2."); an owner's word in its own language comes from the pack (``answers``, ``questions``:
#: "Risposta:", "Odpowiedź Zamawiającego:", "Domanda"), read in the same places, see ``_wording``.
#: (An answer's word before a colon, full stop or dash; a question's word alone, as a whole word.)
_OWN_ANSWER = r"|(?:{answers})[ \t]*+[:.–-]"
#: An answer opening a line: "A.", "A1:", "Answer:", "RESPONSE -", "Owner's response:".
_ANSWER = (
    _LEAD + r"(?:(?-i:A)[ \t]*+\d{0,3}[ \t]*+(?:[.:)]|[–-](?=[ \t]))"
    r"|(?:(?:owner|architect|engineer|designer|district|city|county|department)['’]?s?[ \t]+)?"
    r"(?:answer|response|reply|resp\.|ans\.)(?![\w])[ \t]*+\d{0,3}[ \t]*+[.:)–-]?"
    # an owner's answer in its own language, with the answerer's word after it or not ("Risposta:",
    # "Odpowiedź Zamawiającego:", "Odpověď:")
    "{own_answer}"
    # ("BAC Resolution: ...": a bids and awards committee answers each query by its resolution)
    rf"|{_RESOLUTION})"
)
#: An answer inside a line, after the question ("... at bid time? Response: ...").
_INLINE_ANSWER = (
    r"(?<![\w])(?:(?:(?:owner|architect|engineer)['’]?s?[ \t]+)?(?:answer|response|reply)[ \t]*(?:#[ \t]*)?\d{0,3}"
    "{own_answer})[ \t]*[:.–-][ \t]"
)
#: A question opening a line: "Q:", "Q3.", "Question 2:", "QUESTION -", "RFI 12:", "Query:".
_QUESTION = (
    _LEAD + r"(?:(?-i:Q)[ \t]*+\d{0,3}[ \t]*+(?:[.:)]|[–-](?=[ \t]))|(?:bidder['’]?s?[ \t]+)?(?:question|query|inquiry|rfi)(?![\w])"
    "{own_question})"
)
#: A question word that is also a paragraph's label ("Q." in a list lettered up to Q is rare;
#: "Question 2." with its number is a layout's).
_NUMBERED_QUESTION = re.compile(_LEAD + r"\((?:q|Q)\)")
#: An answer labelled by a word ("Response:", "District response:", "Answer 3:"), not by a bare "A.".
_WORDED_ANSWER = (_LEAD + r"(?:(?:owner|architect|engineer|designer|district|city|county|department)['’]?s?"
                  r"[ \t]+)?(?:answer|response|reply)[ \t]*+\d{0,3}[ \t]*+[.:–-]" rf"|{_LEAD}{_RESOLUTION}"
                  "{own_worded}")


@dataclass(frozen=True)
class _Wording:
    """The answer and question openers, with the words of the rules reading the document."""

    answer: re.Pattern[str]
    inline_answer: re.Pattern[str]
    worded_answer: re.Pattern[str]
    question: re.Pattern[str]


@functools.lru_cache(maxsize=64)
def _compiled_wording(answers: str, questions: str) -> _Wording:
    """The openers with the pack's ``answers`` and ``questions`` (alternations; "" reads none)."""
    own = _OWN_ANSWER.replace("{answers}", answers) if answers else ""
    return _Wording(
        re.compile(_ANSWER.replace("{own_answer}", own), re.IGNORECASE),
        re.compile(_INLINE_ANSWER.replace("{own_answer}", f"|(?:{answers})" if answers else ""), re.IGNORECASE),
        re.compile(_WORDED_ANSWER.replace("{own_worded}", f"|{_LEAD}{own[1:]}" if answers else ""), re.IGNORECASE),
        re.compile(_QUESTION.replace("{own_question}", rf"|(?:{questions})(?![\w])" if questions else ""), re.IGNORECASE),
    )


#: A line that only rules off what is above it ("--", "* * *", "____"), a break between entries.
_RULE_LINE = re.compile(r"[ \t]*+(?:[-–—*_=~][ \t]*+){2,}")
_ENDS_SENTENCE = re.compile(r"[.!?][\"'”’)\]*_~]*$")  # (struck-through words may close it: "...service.~~")
_STARTS_SENTENCE = re.compile(r"[\"“(]?[A-Z0-9]")
_BOLD_LINE = re.compile(r"(\*\*|__)(?=\S)(?P<inner>.+?)(?<=\S)\1[ \t]*:?")
_MD = re.compile(r"[ \t]{0,3}(#{1,6})(?:[ \t]|$)")
_FENCE = FENCE
#: A line opening with a number or a label: a colon there ends an instruction's lead, not a title.
_LABELLED = re.compile(_LEAD + r"(?:\d|\(?[A-Za-z0-9]{1,4}[.)][ \t])")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_PATH = re.compile(rf"{PATH_SEGMENT}(?:\.{PATH_SEGMENT})*")
_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r]*\n")
#: A whole document named in a paragraph: a section by number ("Section 03 20 00", "03 20 00",
#: "Section 03200") or a sheet by its word and number ("Sheet C-201", "Drawing A101").
_NAMES_DOCUMENT = re.compile(
    r"(?<![\d.])\d{2} \d{2} \d{2}(?![\d])"
    r"|\b(?:Sections?|Spec(?:ification)?s?\.?)\s+(?:No\.?\s*)?\d{2}\s?\d{2}\s?\d{1,2}(?!\d)"
    rf"|\b(?:Drawing\s+Sheets?|Sheets?|Drawings?|Dwgs?\.?)\s+(?:Nos?\.?\s*)?(?-i:{SHEET_NUMBER})",
    re.IGNORECASE)
#: Words joining a paragraph to the item before it ("In addition,", "Also").
#: An owner's item number opening a paragraph ("Item AD1-3 ", "Item No. 4: ", "Item 2.1 - ").
_ITEM_NUMBER = re.compile(r"^Item[ \t]+(?:No\.?[ \t]*|#[ \t]*)?[A-Z0-9][\w.-]{0,10}[ \t]*[:.)\-–—]?[ \t]+", re.IGNORECASE)
_CONNECTIVE = re.compile(
    r"^(?:(?:in\s+addition|additionally|also|further(?:more)?|likewise|similarly|and|then)\b[\s,;:-]*)+",
    re.IGNORECASE)
#: A paragraph opening with what it changes ("Section 03 20 00, ...", "Sheet C-201: ...", and, as
#: owners cite a provision by the section sign, "§3.2.A of Section 23 21 13 - ...": the part first).
_OPENS_WITH_TARGET = re.compile(
    r"(?:§{1,2}\s*\d{1,3}(?:\.\w{1,3}){0,3}\s+(?:of|in)\s+)?"
    r"(?:(?:the\s+)?(?:attached|enclosed|accompanying|revised)\s+[\"“‘]?)?(?:Spec(?:ification)?s?\.?\s+)?(?:Sections?|Sheets?|Drawings?|Dwgs?\.?|\d{2} ?\d{2} ?\d{2}(?!\d))", re.IGNORECASE)
#: A lead-in paragraph introducing a list of documents or pages ("each page listed ...:", "the
#: sections listed below:", "the following sheets:").
#: A line giving one action of an item whose caption names the document ("Item #6: Section 05 12 00
#: ..." then "Action: ..." lines): university and state construction funds write one such line for
#: each change, the second and later ones each an instruction of its own under the caption.
#: A change verb set as a margin label at a line's start ("Replace: ...", "Revise: ...", "Add: ...").
_VERB_LABEL_LINE = re.compile(r"[*_]*[A-Z][a-z]{2,11}[*_]*:[ \t]")
#: A section's number alone, with the word that names it ("Section 01 10 00", "SECTION 07210").
_BARE_SECTION = re.compile(r"(?:spec(?:ification)?\s+)?section\s+(?:\d{2}\s?\d{2}\s?\d{2}|\d{5})", re.IGNORECASE)
#: A paragraph's number, then a capitalised word (the instruction's verb): "2.2.A Amend paragraph 2.2.A ...".
_NUMBER_THEN_VERB = re.compile(r"[*_]*\d{1,2}(?:\.\d{1,3}){1,2}(?:\.[A-Z])?[*_]*[ \t]+(?-i:[A-Z][a-z]+)\b")
_ACTION_LINE = re.compile(r"[ \t*_]*+(?:Action|Change)[ \t*_]*+:", re.IGNORECASE)
#: The labels of a corrigendum's old and new texts ("Instead of:" ... "Read:" ...): tender corrigenda
#: of public works ministries (World Bank and Commonwealth forms) quote both in full under the point.
#: ("Where it says:" ... "It shall say:" ...: Spanish-speaking owners' corrigenda, "donde dice / debe decir",
#: round 42)
#: ("Original text:" ... "Amended text:" ...: development-bank bidding documents' amendment blocks name the
#: label's noun, round 43)
_OLD_NEW_LABEL = re.compile(r"[ \t*_]*+(?:Instead\s+of|In\s+place\s+of|For|Read|(?:Original|Existing|Amended|Revised)(?:\s+(?:text|wording))?|"
                            r"Where\s+it\s+(?:says|reads|states)|It\s+(?:shall|should|must|will|is\s+to)\s+(?:say|read|state))"
                            r"[ \t*_]*+:", re.IGNORECASE)
#: The old text's labels, and the new text's that count only after one of them ("Original:" ...
#: "Amended:" ..., owners' amendment lists; "Revised:" alone is a verb set as a label).
_OLD_LABEL = re.compile(r"[ \t*_]*+(?:Instead\s+of|In\s+place\s+of|For|(?:Original|Existing)(?:\s+(?:text|wording))?|Where\s+it\s+(?:says|reads|states))[ \t*_]*+:",
                        re.IGNORECASE)
_PAIRED_NEW_LABEL = re.compile(r"[ \t*_]*+(?:Amended|Revised)(?:\s+(?:text|wording))?[ \t*_]*+:", re.IGNORECASE)
_LIST_LEAD = re.compile(r"\b(?:listed|(?:following|these)\s+(?:sections?|sheets?|drawings?|pages?|documents?))\b[^:\n]*:[\s*_]*$",
                        re.IGNORECASE)
#: A lead-in saying a whole document is changed by what follows ("SECTION 102 ... is amended as follows:").
_DOCUMENT_LEAD = re.compile(r"\b(?:is|are)\s+(?:hereby\s+)?(?:amended|changed|modified|revised|supplemented|corrected)\s+"
                            r"(?:as\s+follows|by\s+the\s+following(?:\s+changes)?)\s*:[\s*_]*$", re.IGNORECASE)
#: A one-line lead-in to the instructions on the lines right below it ("Make the following
#: changes to the PLAN for ...:", "The following revisions are made to the Special Provisions:").
_FOLLOWING_LEAD = re.compile(r"\b(?:following|below)\b[^:\n]{0,160}:[\s*_]*$", re.IGNORECASE)
#: A line naming a section or a sheet by number and a title, nothing more ("Specification 26 05 43 -
#: Underground Ducts", "Sheet M-101 - Roof Plan", "Sheet C-210, Grading Plan", "Drawing C-210 (Grading
#: Plan)"): no full stop, colon or semicolon in the title.
#: A lead-in's end sending the reader to what follows ("... are amended as follows:", "the following:").
_FOLLOWING_OR_AS_FOLLOWS = re.compile(r"\b(?:as\s+follows|following|below)\s*:[\s*_]*$", re.IGNORECASE)
#: One class of the contract documents named whole, no number ("the Plans", "the Drawings", "the
#: Specifications", "the Project Manual", "the Special Provisions").
_DOCUMENT_CLASS = re.compile(r"\bthe\s+(?:contract\s+|technical\s+|special\s+)?(?:plans|drawings|specifications|"
                             r"project\s+manual|provisions)\b", re.IGNORECASE)

#: A line opening with a paragraph or article by its path, a word for it before ("Section 3.1.A
#: Change ...", "Paragraph 2.2.B: ...", "Article 1.4 ..."), never a document's number.
_PATH_FIRST = re.compile(r"[ \t*_]*+(?:(?:Section|Paragraph|Para\.|Article|Subparagraph|Clause)[ \t]+)?"
                         r"\d{1,2}\.\d{1,3}(?:\.[0-9A-Za-z]{1,3})*(?![\w.]|\.\w)[ \t:,-]", re.IGNORECASE)

#: A subject title ending in the reference it is about, in parentheses: "Slab Edge Insulation (07 21
#: 00, 2.1.A)", "Hydrant Lead (Sheet C-104, Detail 3)", "Roof Drains (Section 22 14 26)": a few words in
#: title case, then a section number or a sheet named by its word and number, nothing after.
_CITED_TITLE = re.compile(
    r"(?-i:[A-Z])[\w'’&/,-]*(?:[ \t]+[\w'’&/,-]+){0,9}[ \t]*\((?:new[ \t]+)?"
    rf"(?:(?:Spec(?:ification)?\s+)?(?:Section\s+)?\d{{2}} ?\d{{2}} ?\d{{2}}|(?:Sheet|Drawing|Dwg\.?)\s+(?-i:{SHEET_NUMBER}))"
    r"(?:[ \t]*,[ \t]*[\w .,-]{1,30})?\)", re.IGNORECASE)

_DOCUMENT_LINE = re.compile(
    r"[*_]*(?:(?P<section>(?:Spec(?:ification)?s?\.?|(?:Spec(?:ification)?\s+)?Section)\s+(?:No\.?\s*)?"
    rf"\d{{2}} ?\d{{2}} ?\d{{2}}(?:\.\d{{2}})?)|(?:Sheet|Drawing)(?:\s+No\.?)?\s+(?-i:{SHEET_NUMBER}))"
    r"(?:[ \t]*[-–—:][ \t]*|,[ \t]*|[ \t]+)[(\"“]?(?-i:[A-Z])[^.:;\n]{1,100}?[)\"”]?[*_]*", re.IGNORECASE)
#: The opening of a paragraph naming a part of a section or of a sheet by its number.
_SECTION_PART = re.compile(r"[ \t*_]*+(?:sub-?)?(?:paragraphs?|articles?|clauses?|subsections?|parts?)\s+\d", re.IGNORECASE)
_SHEET_PART = re.compile(r"[ \t*_]*+(?:general\s+|sheet\s+)?(?:notes?|keynotes?|details?|callouts?)\s+(?:no\.?\s*)?\d",
                         re.IGNORECASE)
#: A part of a section named by its word and number ("Paragraph 2.2.A", "Subparagraph 3.1.B.2").
_PART_NUMBER = re.compile(r"\b(?:sub-?)?(?:paragraphs?|articles?|clauses?|subsections?)\s+\d", re.IGNORECASE)
_PART_WORD = re.compile(r"\b(?:sub-?)?(?:paragraphs?|articles?|clauses?|subsections?)\b", re.IGNORECASE)
#: A part named by its word and label in a line of capitals: a number, a paragraph's letter
#: ("PARAGRAPHS D AND E", "SUBPARAGRAPH C") or a callout's number ("NOTE 1", "KEYNOTE 2"):
#: addenda typed in capitals name the part an instruction changes any of these ways.
_PART_NAMED = re.compile(r"\b(?:(?:sub-?)?(?:paragraphs?|articles?|clauses?|subsections?)\s+(?:\d|[A-Z]\b)|"
                         r"(?:general\s+|sheet\s+|plan\s+)?(?:notes?|keynotes?|details?|callouts?)\s+(?:no\.?\s*)?\d)",
                         re.IGNORECASE)
#: A clause's number and its heading in capitals, then the directive on the same line ("1.04
#: SAMPLES - DELETE clause 1.04.C.", "2.3 FINISHES: REPLACE ..."): exception clauses carry the
#: number and heading of the clause they change, the directive after them.
_CAPTIONED_CLAUSE = re.compile(r"\d{1,2}\.\d{1,3}\.?[ \t]+(?-i:[A-Z][A-Z0-9 ,&/'()]{1,60}?)[ \t]*(?:[:–—]|\s-\s)")
#: A heading naming a part of a section by its number: "ARTICLE 2.1 - BLOCK", "PART 2 - PRODUCTS",
#: "2.3 MORTAR", "PARAGRAPH 3.2.A".
_PART_HEADING = re.compile(r"[ \t*_]*+(?:(?:sub-?)?(?:articles?|paragraphs?|parts?|clauses?)[ \t]+\d|\d{1,2}\.\d{1,3}\.?[ \t]+[A-Z])",
                           re.IGNORECASE)
#: A paragraph opening with a part of a document and its number ("SUBARTICLE 102-4.3 ...", "Article 3.2 ...").
_OPENS_WITH_PART = re.compile(r"[ \t*_]*+(?:sub-?)?(?:articles?|paragraphs?|subsections?|clauses?|sections?|sheets?|"
                              r"drawings?)\s+\d", re.IGNORECASE)
#: Words ending an item's instruction that introduce what follows as its new text.
_INTRODUCES = re.compile(
    r"\b(?:follows?|following|below|to\s+read|read(?:s)?\s+as|substitute|insert|add)[\s\W]*$", re.IGNORECASE)
#: Quoted words, which an instruction quotes and does not instruct.
_QUOTED = re.compile(r"\"[^\"\n]*\"|“[^”\n]*”|‘[^’\n]*’")
#: The plural nouns an owner names changes by ("changes", "corrections", ...).
_CHANGE_NOUNS = r"(?:changes|revisions|modifications|corrections|amendments|clarifications)"
#: A title naming the changes to a class of the documents by a plural noun ("Changes to the Drawings",
#: "Revisions to the Specifications"): no verb in the imperative, whatever a verb pattern reads in it.
_CHANGES_TO = re.compile(rf"[ \t*_]*+{_CHANGE_NOUNS}\s+(?:to|in)\b", re.IGNORECASE)
#: A line saying a document changes by those nouns, with no verb of the pack ("The following corrections are
#: made to Section 03 30 00:").
_NAMES_CHANGES = re.compile(rf"\b{_CHANGE_NOUNS}\b", re.IGNORECASE)
#: A part of the bidding documents by its designation and title ("Section VII. Technical Specifications",
#: "Part 3 - Conditions of Contract"): the title (1), in title case, no closing stop.
#: A line opening with an article or clause and its whole number, in the words of the languages the pack reads
#: ("Artículo N° 3 ...", "ARTÍCULO 2º ...", "Cláusula 6.ª ...", "Article 4 ..."), up to 120 characters (a
#: dotted one, "Clause 4.12 FINAL CLEANING", is a clause's caption, read as such).
_ARTICLE_ALONE = re.compile(r"(?:art[íi]culo|article|cl[áa]usula|clause)\s+(?:n\.?\s?[º°o]\.?\s*)?\d{1,3}"
                            r"(?:\s?[º°ª]|\.ª)?(?![\w.]*\d)[^\n]{0,100}", re.IGNORECASE)
#: The kinds of the pack's ``designations`` whose word may open such a line (its words the pack's:
#: "Section", "Part", "Volume", "Chapter", "Sección" ...); an annex or a schedule is a document, not a
#: part of the bidding documents heading the changes to it.
_DESIGNATION_LINE_KINDS = ("section", "part", "volume", "chapter")
_DESIGNATION_LINE = (r"(?:{words})\s+(?:[IVX]{1,5}|\d{1,2})\s*[.:\-–—]\s+"
                     r"((?-i:[A-Z])[\w'’&/,-]*(?:\s+[\w'’&/,()-]+){0,10})")
#: The reader's own words for a bidder's question (English); a layout whose last word before its
#: label is one of them, or one of the pack's ``questions`` (the owners' languages: "Frage",
#: "Vprašanje", "Otázka"), makes its items questions (their answers follow). One list of the
#: owners' words serves both a line's opener and a layout's, so they cannot disagree.
_READER_QUESTIONS = frozenset({"q", "question", "questions", "query", "queries", "rfi", "inquiry", "bidder"})
#: A layout's word, in any script ("Vprašanje", "Fråga": a letter, then letters, digits, apostrophes, hyphens).
_LAYOUT_WORD = re.compile(r"[^\W\d_][\w'’-]*")


@dataclass(frozen=True)
class Item:
    """One item of an addendum, as its readers take it.

    ``text`` is the item's own words (its sub-items' words taken out, a paragraph break in
    their place; its label kept); ``offset`` where it starts in the text layer;
    ``heading_context`` the first paragraph of each enclosing block (outermost first, one a
    line), which names the section or sheet its words change; ``answer`` where, in
    ``text``, the answer of a question starts (the question's words before it are asked,
    not instructed); ``cells`` a table row's (header, cell) pairs.

    ``instruction``, where an owner's numbered change ran into a question and its answer below it (a
    paragraph of its own that asks nothing, then the question's paragraph; no heading and no question
    word to part them): where that change's words end, for the nets to read apart from the answer.

    ``kind``: ``section`` (a numbered paragraph), ``heading`` (a title with items under it),
    ``item`` (a block a layout opens), ``question``, ``answer`` (an outline paragraph
    answering the question it sits under), ``bullet``, ``paragraph``, ``table_row``.
    """

    locator: Locator
    path: str
    parent: str | None
    kind: str
    text: str
    offset: int
    heading_context: str = ""
    answer: int | None = None
    cells: tuple[tuple[str, str], ...] = ()
    instruction: int | None = None


# -- the rules' layouts -----------------------------------------------------------------


def _supersession(rules: RuleSet | Sequence[SupersessionRule]) -> list[SupersessionRule]:
    return list(rules.supersession) if isinstance(rules, RuleSet) else list(rules)


def reads_items(document: Document, rules: RuleSet | Sequence[SupersessionRule]) -> bool:
    """Whether a supersession rule reads documents of ``document``'s kind (an addendum)."""
    return any(document.kind in rule.document_kinds for rule in _supersession(rules))


@dataclass(frozen=True)
class _Layout:
    pattern: re.Pattern[str]
    prefix: str  # the path's word: "item", "q"
    question: bool
    ordinal: bool = False  # numbered by an ordinal word ("{ordinal}"), its number the label




def _layouts(document: Document, rules: RuleSet | Sequence[SupersessionRule]) -> tuple[_Layout, ...]:
    written: list[str] = []
    for rule in _supersession(rules):
        if document.kind in rule.document_kinds:
            written += [text for text in getattr(rule, "layouts", ()) if text not in written]
    vocabularies = [vocabulary(rule) for rule in _supersession(rules)
                    if document.kind in rule.document_kinds and isinstance(rule, SupersessionRule)]
    compiled = _compiled_layouts(tuple(written), words_of(vocabularies, "questions"))
    return compiled + tuple(_Layout(pattern, _slug(head), False) for head, pattern in act_articles(document, written))


#: A layout whose words come before its ordinal ("Article {ordinal}"): the words (1) an act numbering its articles
#: opens the first with, by its ordinal ("Article premier :", "Artículo primero.-").
_ORDINAL_AFTER_WORDS = re.compile(r"([^\W\d_][\w'’-]*)[ \t]*\{ordinal\}[ \t]*$")


def act_articles(document: Document, written: Sequence[str]) -> list[tuple[str, re.Pattern[str]]]:
    """The articles ``document`` numbers its own items by, drafted as an act (a decision's "DÉCIDE :" then "Article
    premier :", "Article 2 :" ...): for each of the pack's layouts ``written`` whose words come before its ordinal
    ("Article {ordinal}") and that opens a line of the document with the first ordinal, that word and a whole
    number after it ("Article 4 :"), as (the word, its pattern). An act's "Article 4" is its own item, no article
    4 of another document (round 96); a dotted number ("Article 3.1 :") is never the act's own. Only on addenda
    whose text holds such a first article: every other document reads as it did."""
    found: list[tuple[str, re.Pattern[str]]] = []
    text = document.text_layer
    for layout in written:
        head = _ORDINAL_AFTER_WORDS.fullmatch(layout)
        if head is None or head.group(1).casefold() not in text.casefold():
            continue
        first = compile_layout(layout)
        if not any(ordinal_number(m.group("label")) == 1 for line in text.splitlines()
                   if (m := first.match(re.sub(r"^[ \t*_]+", "", line))) is not None):
            continue
        found.append((head.group(1), _act_article(head.group(1))))
    return found


@functools.lru_cache(maxsize=16)
def _act_article(word: str) -> re.Pattern[str]:
    """An act's article by its whole number after ``word`` ("Article 4 :", "Article 10."), a colon, dot or dash
    after it (``act_articles``)."""
    return re.compile(rf"{re.escape(word)}[ \t]+(?P<label>\d{{1,2}})(?=[ \t]*(?:\*\*|__)?[ \t]*[:.\u2013\u2014-](?!\d))",
                      re.IGNORECASE)


@functools.lru_cache(maxsize=64)
def _compiled_layouts(written: tuple[str, ...], questions: str) -> tuple[_Layout, ...]:
    asks = re.compile(f"(?:{questions})", re.IGNORECASE) if questions else None
    layouts = []
    for text in written:
        ordinal = "{ordinal}" in text
        words = re.sub(r"\[[^\]]*\]", " ", text.partition("{ordinal}" if ordinal else "{label}")[0])
        first = (_LAYOUT_WORD.findall(words) or ["item"])[-1].lower()  # "Addendum Item {label}": item
        question = first in _READER_QUESTIONS or (asks is not None and asks.fullmatch(first) is not None)
        prefix = "q" if first in {"q", "question", "questions", "query", "queries"} else _slug(first)
        layouts.append(_Layout(compile_layout(text), prefix, question, ordinal))
    return tuple(layouts)


def _designation_line(document: Document, rules: RuleSet | Sequence[SupersessionRule]) -> re.Pattern[str]:
    """A part of the bidding documents by its designation and title (``_DESIGNATION_LINE``), its word one of
    the ``designations`` of ``_DESIGNATION_LINE_KINDS`` of the rules reading ``document``; nothing where none."""
    words = [word for rule in _supersession(rules) if document.kind in rule.document_kinds
             for kind in _DESIGNATION_LINE_KINDS for word in getattr(rule, "designations", {}).get(kind, ())]
    return _compiled_designation_line(tuple(dict.fromkeys(words)))


@functools.lru_cache(maxsize=64)
def _compiled_designation_line(words: tuple[str, ...]) -> re.Pattern[str]:
    if not words:
        return re.compile(r"(?!)")
    # (the longest first, a word read whole; one of one or two letters, "Ch", only in the letter case written)
    alternation = "|".join(f"(?-i:{re.escape(w)})" if len(w.rstrip(".")) <= 2 else re.escape(w)
                           for w in sorted(words, key=lambda w: (-len(w), w)))
    return re.compile(_DESIGNATION_LINE.replace("{words}", alternation), re.IGNORECASE)


def _verbs(document: Document, rules: RuleSet | Sequence[SupersessionRule]) -> tuple[re.Pattern[str], ...]:
    """The change verbs (replace, amend, delete) of the rules reading ``document``."""
    found: list[re.Pattern[str]] = []
    for rule in _supersession(rules):
        if document.kind in rule.document_kinds and getattr(rule, "verbs", None):
            phrases = vocabulary(rule).phrases
            found += [pattern for action in ("replace", "amend", "delete") for pattern in phrases.get(action, ())]
    return tuple(found)


def _wording(document: Document, rules: RuleSet | Sequence[SupersessionRule]) -> _Wording:
    """The answer and question openers with the ``answers`` and ``questions`` of the rules reading ``document``."""
    vocabularies = [vocabulary(rule) for rule in _supersession(rules)
                    if document.kind in rule.document_kinds and isinstance(rule, SupersessionRule)]
    return _compiled_wording(words_of(vocabularies, "answers"), words_of(vocabularies, "questions"))


# -- reading a line ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Line:
    """What a line opens by its start alone: ``cls`` is ``md`` (a Markdown heading, its level
    in ``label``), ``layout``, ``question``, ``bullet`` or ``numbered`` (a label: ``1.``,
    ``(a)``, ``iv.``, an owner's own ``AD1-A02``)."""

    cls: str
    indent: int = 0
    label: str | None = None
    marker: str | None = None
    title: str = ""
    style: str = ""
    layout: _Layout | None = None


def _opener(line: str, layouts: Sequence[_Layout], question: re.Pattern[str]) -> _Line | None:
    """What the line opens when its start says so (a Markdown heading, a layout, a question, a
    bullet, a label), without looking around it; None for plain words and headings."""
    md = _MD.match(line)
    if md is not None:
        return _Line("md", label=str(len(md.group(1))), title=_clean(line[md.end():]))
    stripped = line.lstrip(" \t")
    indent = len(line) - len(stripped)
    body = re.sub(r"^(?:\*\*|__)[ \t]*", "", stripped)
    for layout in layouts:
        match = layout.pattern.match(body)
        if match is not None and layout.ordinal:  # "FIRST CLAUSE: ...", "PRIMERO: ...": its ordinal's number is its label
            named = _WORD.findall(body[match.end("label"):match.end()])  # the path's word: "clause", else the layout's
            return _Line("layout", indent, label=str(ordinal_number(match.group("label"))),
                         marker=body[:match.end()].strip(" *_"), title=_after_marker(body[match.end():]),
                         layout=replace(layout, prefix=_slug(named[0]) if named else layout.prefix))
        if match is not None and _label_fits(body, match):
            end = match.end()
            more = _LABEL_MORE.match(body, end)  # "Item II-1", "Item No. 3-A": the owner's whole number
            if more is not None:
                end = more.end()
            if not _opens_at(body, end) or re.match(r"[ \t]+[a-z]", body[end:]):
                continue  # "Quality", "Item No. 1.a of this Addendum is withdrawn": a mention
            label = body[match.start("label"):end]
            return _Line("layout", indent, label=label, marker=body[:end].strip(" *_"),
                         title=_after_marker(body[end:]), layout=layout)
    if question.match(line) and not _NUMBERED_QUESTION.match(line):
        return _Line("question", indent, title=_clean(line))
    bullet = _BULLET.match(line)
    if bullet is not None:
        return _Line("bullet", len(bullet.group(1).expandtabs()), marker=bullet.group(2),
                     title=_clean(line[bullet.end():]))
    numbered_section = _NUMBERED_SECTION.match(line)
    if numbered_section is not None:
        marker = numbered_section.group("marker")
        return _Line("numbered", len(numbered_section.group(1).expandtabs()), label=marker, marker=marker,
                     title=_clean(line[numbered_section.end():]), style="decimal")
    custom = _CUSTOM.match(line)
    if custom is not None and not _codes_only(line):  # "C-102  S-202": a list of sheets, no label and title
        marker = custom.group("marker")
        return _Line("numbered", len(custom.group(1).expandtabs()), label=marker.rstrip("."), marker=marker,
                     title=_after_marker(line[custom.end():]), style="custom")
    numbered = _NUMBERED.match(line)
    if numbered is not None:
        label = numbered.group("p") or numbered.group("d") or numbered.group("q")
        return _Line("numbered", len(numbered.group(1).expandtabs()), label=label, marker=numbered.group("marker"),
                     title=_after_marker(line[numbered.end():]), style=_style(numbered.group("marker")))
    return None


def _opens_at(text: str, end: int) -> bool:
    """A layout's label ends at a separator, a space or the line's end ("Q1." yes, "Quality" no)."""
    rest = text[end:]
    return not rest or rest[0] in " \t.):–—-*_" or rest.startswith("**")


def _label_fits(text: str, match: re.Match[str]) -> bool:
    """A letter label is one letter or a roman numeral standing apart from the words before
    it, and what follows it is no lowercase word ("Item A - Section ...", "Item iv"; not
    "QUESTIONS", "Q. Is the roof ...", "Q. I think ...")."""
    label = match.group("label")
    if label[0].isdigit():
        return True
    start = match.start("label")
    if start and text[start - 1].isalpha():
        return False
    if len(label) > 1 and not re.fullmatch(r"[ivx]+|[IVX]+", label):
        return False
    following = re.match(r"[ \t.:)–—*_-]*([A-Za-z]?)", text[match.end():])
    return not (following and following.group(1).islower())


def _style(marker: str) -> str:
    if marker.startswith("."):
        return "point"
    # (the point or bracket after the label is no part of it: "1." is numbered, "i." and "a." lettered,
    # so a roman sub-list under "1. Section ...:" is a list of its own, not the numbered one's next)
    core = marker.strip("().")
    kind = "num" if core.isdigit() else "upper" if core.isupper() else "lower"
    return ("paren-" if marker.startswith("(") else "") + kind + ("-close" if marker.endswith(")") and
                                                                  not marker.startswith("(") else "")


def _after_marker(text: str) -> str:
    return _clean(re.sub(r"^[ \t]*(?:\*\*|__)?[ \t]*(?:[-–—:.][ \t]*)?", "", text))


#: A Markdown heading's closing hashes, and a title's closing quotes, brackets and emphasis: each
#: run matched only from its first character (a run of spaces mid-text was otherwise rescanned
#: from every position of it, quadratic in it; audit B, finding 5).
_CLOSING_HASHES = re.compile(r"(?<![ \t])[ \t]+#+[ \t]*$")
_TRAILING_MARKS = re.compile(r"(?<![\"'”’)\]*_ \t])[\"'”’)\]*_ \t]+$")


def _clean(text: str) -> str:
    text = text.strip()
    for mark in ("**", "__"):
        text = text.removeprefix(mark).removesuffix(mark).strip()
    return _CLOSING_HASHES.sub("", text).strip()


def _heading_line(line: str) -> str | None:
    """``major`` for a line in bold or in capitals, ``minor`` for a short title ending in a
    colon; None for any other (whether it heads anything is the caller's to see)."""
    text = line.strip()
    if not text or len(text) > 120 or text[0] in "|\"“'‘#>":
        return None
    bold = _BOLD_LINE.fullmatch(text)
    if bold is not None:
        return "major" if _WORD.search(bold.group("inner")) else None
    # (a mixed-case aside in brackets leaves a line in capitals a heading: "SECTION - TECHNICAL
    # SPECIFICATIONS (Section IV)", "SECTION - BIDDING DATA (Document 00 21 13), SCHEDULE", round 42)
    letters = [c for c in re.sub(r"\([^()\n]{1,60}\)", " ", text) if c.isalpha()]
    words = _WORD.findall(text)
    if _codes_only(text):
        return None  # a line of sheet or section numbers lists them; it heads nothing
    if (len(letters) >= 3 and not any(c.islower() for c in letters) and not text.endswith((".", "?", ";", ","))
            and (len(words) <= 14 or text.endswith(":"))):
        # (a long line in capitals ending in a colon leads what follows: "THE CONTRACT DOCUMENTS
        # FOR THE ABOVE PROJECT ARE FURTHER MODIFIED AS FOLLOWS:" opens a part of the addendum)
        return "major"
    if text.endswith(":") and len(text) <= 60 and words and len(words) <= 8 and not _LABELLED.match(text):
        long_words = [w for w in words if len(w) > 3]
        if long_words and all(w[0].isupper() for w in long_words):
            return "minor"
    return None


def _codes_only(line: str) -> bool:
    """Whether a line is only numbers of sheets or sections, two or more ("C-102  S-202  G-001",
    "A-101, A-102"): owners list what a lead-in acts on that way; such a line is no title."""
    tokens = [token for token in re.split(r"[\s,;]+", line.strip()) if token and token.lower() not in ("and", "&")]
    return len(tokens) >= 2 and all(any(c.isdigit() for c in token) for token in tokens)


def _first_label(line: str) -> bool:
    """Whether ``line`` opens with the first label of a list ("1.", "a)", "(A)")."""
    opener = _NUMBERED.match(line)
    return opener is not None and _label_value(opener.group("p") or opener.group("d") or opener.group("q"), _style(opener.group("marker"))) == 1


def _label_value(label: str | None, style: str) -> int | None:
    """A label's place in its list: ``3`` → 3, ``c`` → 3; None for an owner's own number."""
    if not label or style == "custom":
        return None
    if label.isdigit():
        return int(label)
    if len(label) == 1 and label.isalpha():
        return ord(label.lower()) - 96
    return None


def _heading_like(title: str) -> bool:
    """A line that reads as a title, not a sentence: short, no closing stop, colon or comma."""
    text = _TRAILING_MARKS.sub("", title)
    return 0 < len(text) <= 100 and not text.endswith((".", ":", ";", "?", "!", ","))


# -- the pass ---------------------------------------------------------------------------


@dataclass(eq=False)
class _Node:
    start: int
    rank: float
    kind: str  # heading | item | question | answer | bullet | paragraph | section | table_row
    indent: int = 0
    provision: Provision | None = None
    label: str | None = None
    style: str = ""  # a label's numbering style ("num", "upper", "paren-lower", ...)
    prefix: str | None = None  # a layout's path word
    marker: str | None = None
    title: str = ""
    heading_like: bool = False
    parent: _Node | None = None
    last: str = ""  # the last line of its own words
    asked: bool = False  # a question mark in its own words
    held: bool = False  # an outline provision kept open past its span for the list it introduces
    answered: bool = False  # a question whose answer has begun
    end: int = -1
    depth: int = 0
    children: list[_Node] = field(default_factory=list)
    path: str = ""

    def adopts(self, line: _Line | None) -> bool:
        """Whether a sub-item may open under this block: after a colon, or indented under it."""
        if self.kind in ("question", "answer", "table_row"):
            return False
        if _colon(self.last):
            return True
        return (line is not None and line.cls in ("bullet", "numbered") and line.indent > self.indent
                and self.kind in ("bullet", "paragraph", "section"))

    def words(self, line: str) -> None:
        self.last = line.strip()
        self.asked = self.asked or "?" in line


def _same_opening(line: str, other: str) -> bool:
    """Whether ``line`` opens with the same four words or more as ``other`` (a question's lead-in
    sentence written again before each question: the next one)."""
    words = re.findall(r"\w+", line.casefold())[:4]
    return len(words) == 4 and words == re.findall(r"\w+", other.casefold())[:4]


def _colon(line: str) -> bool:
    return line.rstrip(" \t*_").endswith(":")


class _Reader:
    """One pass over a document's lines: the blocks, in document order (see the module's
    docstring). ``read`` over an itemized document finds the blocks ``itemize`` added, each
    now a provision: every decision depends on the line's words and the open blocks only."""

    def __init__(self, document: Document, layouts: Sequence[_Layout], wording: _Wording,
                 verbs: Sequence[re.Pattern[str]] = (), designation_line: re.Pattern[str] | None = None) -> None:
        self.document = document
        self.designation_line = designation_line if designation_line is not None else re.compile(r"(?!)")
        self.text = document.text_layer
        self.layouts = layouts
        self.wording = wording
        self.verbs = verbs
        self.literals: list[tuple[int, int]] = []  # where each fenced code block starts and ends
        self.markdown = document.source.format == "markdown"
        self.listed_lines: set[int] = set()  # lines read as entries of a list under a caption
        self.stack: list[_Node] = []
        self.nodes: list[_Node] = []
        self.lines: list[str] = []
        self.at = 0  # where the line being read starts
        self.parents = {p.path: p.parent for p in document.provisions}
        self.resume: _Node | None = None  # the lead-in an instruction after its new text closes back to
        self.old_new: _Node | None = None  # an item whose "Instead of:" / "Read:" texts are being read
        self.old_new_taken = False  # some of that text read already (a blank line after it ends it)

    def read(self) -> list[_Node]:
        text = self.text
        lines, offsets = lines_and_starts(text)
        # a CRLF file's lines are judged without their carriage return (offsets keep it)
        self.lines = lines = [line[:-1] if line.endswith("\r") else line for line in lines]
        starts: dict[int, list[Provision]] = {}
        for provision in self.document.provisions:
            index = bisect.bisect_right(offsets, provision.span.start) - 1
            starts.setdefault(max(index, 0), []).append(provision)
        blank = True
        fence: str | None = None
        for index, line in enumerate(lines):
            self.at = offsets[index]
            if not line.strip() or line.strip() == "\f":
                blank = True
                continue
            here = starts.get(index)
            self._close_ended(self.at, here[0] if here else None, line)
            if here:
                for number, provision in enumerate(here):
                    self._existing(provision, index, line, nested=number > 0)
                blank = False
                continue
            if self.markdown:
                mark = _FENCE.match(line)
                if mark is not None or fence is not None:  # a code block: no item, no instruction
                    if mark is not None:
                        if fence is None:
                            self.literals.append((self.at, len(text)))
                        elif fence == mark.group(1):
                            self.literals[-1] = (self.literals[-1][0], offsets[index] + len(lines[index]))
                        fence = None if fence == mark.group(1) else (fence or mark.group(1))
                    blank = True
                    continue
            self._line(index, line, blank)
            blank = False
        self.at = len(text)
        self._close(0, len(text))
        return self.nodes

    # -- lines that start a provision -------------------------------------------------

    def _existing(self, provision: Provision, index: int, line: str, *, nested: bool) -> None:
        if provision.kind != "section" or nested:
            row = provision.kind == "table_row"
            node = _Node(provision.span.start, _ROW if row else _LEAF, "table_row" if row else "section",
                         provision=provision)
            if not nested:
                self._pop_leaves(None, guard=provision)
            self._push(node)
            return
        self._open(self._node_for(index, line, existing=provision), guard=provision)

    def _node_for(self, index: int, line: str, *, existing: Provision | None) -> _Node:
        """The block ``line`` opens (it starts a provision, or the caller decided it opens one)."""
        start = existing.span.start if existing is not None else self.at
        top = self.stack[-1] if self.stack else None
        if existing is not None and top is not None and self.wording.answer.match(line) and self._answers(top):
            top.kind = "question"
            return _Node(start, _ANSWER_RANK, "answer", provision=existing, title=_clean(line))
        opener = _opener(line, self.layouts, self.wording.question)
        if existing is None:
            opener = self._fits(opener)
        if opener is not None and opener.cls == "md":
            return _Node(start, float(opener.label or 1), "section", provision=existing, title=opener.title,
                         heading_like=True)
        if opener is not None and opener.cls == "layout":
            assert opener.layout is not None
            return _Node(start, _ITEM, "question" if opener.layout.question else "item", opener.indent,
                         provision=existing, label=opener.label, prefix=opener.layout.prefix, marker=opener.marker,
                         title=opener.title, heading_like=_heading_like(opener.title) and self._alone(index))
        if opener is not None and opener.cls == "question":
            return _Node(start, _LINE, "question", opener.indent, provision=existing, title=opener.title)
        if opener is not None and opener.cls == "bullet":
            kind = "question" if self.wording.question.match(opener.title) else "bullet"
            return _Node(start, _LINE, kind, opener.indent, provision=existing, marker=opener.marker,
                         title=opener.title)
        if opener is not None and opener.cls == "numbered":
            # ("II. Changes to the Specifications:", "I. Clarifications:": a numbered caption in title
            # case ending with its colon heads the paragraphs below it, each an instruction of its own)
            titled = (_heading_like(opener.title) or _heading_line(opener.title) == "minor") and self._alone(index)
            kind = "question" if self.wording.question.match(opener.title) else "section"
            return _Node(start, _TITLE if titled else _LEAF, kind, opener.indent, provision=existing,
                         label=opener.label, style=opener.style, marker=opener.marker, title=opener.title,
                         heading_like=titled)
        heading = self._heading_at(index)
        if heading is not None:
            return _Node(start, _MINOR if heading == "minor" else _SUBHEAD if heading == "sub" else _HEADING, "heading",
                         provision=existing,
                         title=_clean(line), heading_like=True)
        number = getattr(existing, "number", None) if existing is not None else None
        if (number and top is not None and top.kind == "item" and not top.children and _NAMES_DOCUMENT.search(top.title)
                and any(verb.search(line) for verb in self.verbs)):
            # "Item No. 4 - Section 26 05 43 Ducts" then "Article 2.2 HANDHOLES is deleted and replaced with the
            # following:": the article the item's caption names the section of, an instruction inside the item
            # (its own outline number made it a section of its own), heading the new text below it
            return _Node(start, _SUBHEAD, "section", provision=existing, title=getattr(existing, "heading", "") or "")
        if number:  # an outline section this reader has no word for ("2.1 PRODUCTS")
            title = getattr(existing, "heading", "") or ""
            if self._listed_under_caption(index):
                self.listed_lines.add(index)
                # "A. SPECIFICATIONS" then "Section 22 11 16 - Domestic Water Piping", "Section 26 05 19
                # - ...", one a line: an enclosure list under its caption, each line one entry (read
                # under the lead-in above the list), never a section heading over the lines after it
                return _Node(start, _LEAF, "section", provision=existing, title=title)
            # ("Section 01 10 00" alone on its line, then the sentences that change it: airport and
            # port authorities' addenda head each section so; each sentence is an item under it)
            return _Node(start, _CONTAINER, "section", provision=existing, title=title,
                         heading_like=(_heading_like(title) or _BARE_SECTION.fullmatch(line.strip(" \t*_#")) is not None)
                         and self._alone(index))
        kind = "question" if self.wording.question.match(line) else "paragraph"
        return _Node(start, _LINE, kind, len(line) - len(line.lstrip(" \t")), provision=existing,
                     title=_clean(line))

    # -- lines that start none ----------------------------------------------------------

    def _line(self, index: int, line: str, blank: bool) -> None:
        stripped = line.lstrip(" \t")
        indent = len(line) - len(stripped)
        if stripped.startswith("|"):  # a table's header or delimiter row (its rows are provisions)
            self._pop_leaves(None)
            return
        top = self.stack[-1] if self.stack else None
        if top is not None and top.kind == "table_row" and top.provision is not None and top.provision.span.end > self.at:
            self._continue(line)  # a row over several lines (a PDF's table)
            return
        if top is not None and top.kind == "question":
            if self.wording.answer.match(line):
                top.answered = True
                self._continue(line)
                return
            if not self._breaks_question(index, line, blank, top):
                self._continue(line)
                return
            self._close(len(self.stack) - 1, self.at)
        elif top is not None and self.wording.answer.match(line) and (self._answers(top) or (
                # "... Please advise." then "Response: ...": a request answered is a question, "?" or not
                top.kind == "paragraph" and self.wording.worded_answer.match(line) and not _colon(top.last))):
            top.kind = "question"
            top.answered = True
            self._continue(line)
            return
        top = self.stack[-1] if self.stack else None
        if top is not None and not blank and top.kind == "heading" and _heading_line(line) == "major":
            self._continue(line)  # the second line of a heading ("CITY OF ...", "ADDENDUM NO. 2")
            return
        opener = self._fits(_opener(line, self.layouts, self.wording.question))
        if (top is not None and blank and opener is None and top.kind != "heading" and _VERB_LABEL_LINE.match(stripped)
                and any(verb.match(stripped.strip(" \t*_")) for verb in self.verbs)):
            caption = next((node for node in self.stack if node.kind == "paragraph"
                            and _VERB_LABEL_LINE.match(self.text[node.start:].lstrip(" \t"))), None)
            if caption is not None and caption is not top:
                # "Replace: <sheet> with <sheet> ... summary of changes:" then "(a) ...", "(b) ...", then
                # "Add: ..." after a blank line: owners who set each instruction's verb as a margin label
                # open every instruction so; the list under the one before ends there
                self._close(self.stack.index(caption), self.at)
                self._open(self._node_for(index, line, existing=None))
                return
        if (top is not None and blank and opener is None and top.kind == "bullet" and indent <= top.indent
                and _NUMBER_THEN_VERB.match(stripped) and any(verb.search(stripped) for verb in self.verbs)
                and top.parent is not None and top.parent in self.stack and top.parent.kind != "heading"):
            # "2.1 Add the following to the list:" then "- D. ...", then "2.2.A Amend paragraph 2.2.A ...":
            # architects' addenda put the paragraph's number first, then its instruction; a line so
            # opened after the list is the next instruction, a sibling of the one that brought the list
            self._close(self.stack.index(top.parent), self.at)
            self._open(self._node_for(index, line, existing=None))
            return
        if (top is not None and blank and opener is None and top.kind == "paragraph"
                and _LIST_LEAD.search(top.last) and _NAMES_DOCUMENT.search(_QUOTED.sub(" ", line))
                and len(line.strip()) <= 160 and not any(verb.search(line) for verb in self.verbs)):
            # "Take out each page listed and put in the attached page:" then "Section 08 71 00 ...,
            # page 3 of 5": the entries of its list, each an item of its own
            self._close(self.stack.index(top), self.at)
            self._open(self._node_for(index, line, existing=None))
            return
        if (top is not None and blank and opener is None and _DOCUMENT_LEAD.search(top.last)
                and not _PART_WORD.search(top.last) and _OPENS_WITH_PART.match(line)
                and any(verb.search(line) for verb in self.verbs)):
            # "SECTION 102 ... is amended as follows:" then "SUBARTICLE 102-4.3 is deleted ...": the
            # lead-in names the document; each paragraph after it is an instruction of its own
            self._close(self.stack.index(top), self.at)
            self._open(self._node_for(index, line, existing=None))
            return
        if (self.old_new is not None and self.old_new in self.stack and not (blank and self.old_new_taken)
                and (opener is None or opener.cls not in ("layout", "md"))):
            self._close(self.stack.index(self.old_new) + 1, self.at)
            self._continue(line)  # the old or the new text under its label: words of the item
            self.old_new_taken = True
            return
        label = _OLD_NEW_LABEL.match(line)
        if label is not None and _PAIRED_NEW_LABEL.match(line) and not (top is not None and any(
                _OLD_LABEL.match(earlier) for earlier in self.text[top.start:self.at].splitlines())):
            label = None  # "Revised: Section ...": a verb set as a label, no pair's new text
        if self.old_new is not None and self.old_new in self.stack and blank and self.old_new.kind == "paragraph":
            # (a paragraph captioning its old and new texts ends with them: what follows a blank line is
            # the next item, or a heading, never words under the paragraph)
            self._close(self.stack.index(self.old_new), self.at)
            self.old_new = None
            top = self.stack[-1] if self.stack else None
        if (self.old_new is not None and self.old_new in self.stack and blank and opener is None and label is None
                and self._heading_at(index) is None):
            # the quoted text ends and words of the item's own follow ("... Article 3.2 ... are therefore
            # null and void"): an instruction of its own under the item
            self._close(self.stack.index(self.old_new) + 1, self.at)
            self.old_new = None
            self._open(_Node(self.at, _LINE, "paragraph", indent, title=_clean(line)))
            return
        self.old_new = None
        if (top is not None and label is not None and top.kind == "paragraph" and (not blank or _PAIRED_NEW_LABEL.match(line))
                and re.match(r"[ \t*_]*(?:read|amended|revised|it\s+(?:shall|should|must|will|is\s+to)\s+(?:say|read|state))\b",
                             line, re.IGNORECASE)
                and any(_OLD_NEW_LABEL.match(earlier) for earlier in self.text[top.start:self.at].splitlines())):
            # "Place of text to be modified: ..." / "Instead of: ..." / "Read: ...", one field a line
            # (the official journal's corrigendum form): the new text under its label is the same
            # block's, as under an item's caption
            self._continue(line)
            return
        if top is not None and label is not None and (top.kind == "item" or (
                top.kind == "paragraph" and not blank and _OLD_LABEL.match(line) and not _colon(top.last)
                and not any(_OLD_NEW_LABEL.match(earlier) for earlier in self.text[top.start:self.at].splitlines()))):
            # ("Clause 4.2.3 Ceilings" then "WHERE IT SAYS:" and "IT SHALL SAY:" on the lines right under it:
            # the paragraph naming the clause is the item's caption as a layout's label is, round 42)
            # "Point No 2: Section ..., Clause 2.1.B" then "Instead of:" (the old text) and "Read:" (the
            # new): both texts are the item's own words, never items or headings of their own
            top.heading_like = False
            self._continue(line)
            if not line[label.end():].strip(" \t*_"):
                self.old_new, self.old_new_taken = top, False  # the text follows on the next lines
            return
        caption = top.parent if top is not None and top.kind == "paragraph" and _ACTION_LINE.match(top.title) else top
        if (caption is not None and not blank and opener is None and caption.kind == "item" and _ACTION_LINE.match(line)
                and any(_ACTION_LINE.match(earlier) for earlier in self.text[caption.start:self.at].splitlines()[1:])):
            # a second (third, ...) "Action:" line under one caption: an instruction of its own, in the
            # caption's document
            self._close(self.stack.index(caption) + 1, self.at)
            self._open(_Node(self.at, _LINE, "paragraph", indent, title=_clean(line)))
            return
        if (top is not None and blank and opener is None and top.rank >= _LEAF and not _colon(top.last)
                and (heading := self._class_lead(index)) is not None):
            # "SECTION 12 93 00 - ..." then "(I) Amend 2.2.A ..." then "Amend the Plans as follows:": a
            # lead-in over the changes to another class of the documents ends the last item and the
            # section heading it sat under (owners list the specifications' changes, then the plans')
            self._close(heading, self.at)
            self._open(self._node_for(index, line, existing=None))
            return
        if (top is not None and top.rank >= _LEAF and _colon(top.last) and (opener is None or opener.cls == "md")
                and not self._document_heading_after_lead(index, top) and not (blank and self._notice_before(index, top))):
            self._continue(line)  # the words an instruction introduces ("... to read as follows:")
            return
        if opener is not None or self._heading_at(index) is not None:
            self._open(self._node_for(index, line, existing=None))
            return
        # plain words: more of the open block, or a paragraph of their own
        if top is None:
            self._open(self._node_for(index, line, existing=None))
            return
        if (blank and not top.heading_like and ((top.kind == "section" and top.rank >= _LEAF) or top.kind == "item"
                                                # an outline section whose own line is an instruction, a
                                                # sentence ("Section 23 21 13 - Piping: paragraph 2.2.B is
                                                # deleted ..."), heads nothing: the next instruction is its own
                                                or (top.kind == "section" and top.rank == _CONTAINER
                                                    and _ENDS_SENTENCE.search(top.last)))
                and self._instructs(index, top)):
            lead = self.resume if self.resume in self.stack else top  # (after new text: back to what brought it)
            self._close(self.stack.index(lead), self.at)  # an instruction of its own after an item
            self._open(self._node_for(index, line, existing=None))
            return
        if top.rank < _LEAF:
            if top.heading_like:
                self._open(self._node_for(index, line, existing=None))
            else:
                self._continue(line)
            return
        if not blank:
            if (top.kind in ("paragraph", "bullet") and _ENDS_SENTENCE.search(top.last)
                    and _STARTS_SENTENCE.match(stripped) and indent <= top.indent
                    and self._holds_paragraphs(self._below_leaves())):
                self._open(self._node_for(index, line, existing=None))
            else:
                self._continue(line)
            return
        if top.kind not in ("paragraph", "bullet") or indent > top.indent + 1:
            self._continue(line)
            return
        below = self._below_leaves()
        if below is not None and below.rank >= _LEAF:
            self._close(self.stack.index(below) + 1, self.at)
            self._continue(line)  # more words of the instruction the bullets sit in
            return
        if not self._holds_paragraphs(below):
            self._continue(line)
            return
        self._open(self._node_for(index, line, existing=None))

    def _paragraph_from(self, index: int) -> str:
        """The lines from ``index`` to the first blank one, joined with spaces."""
        words = []
        for line in self.lines[index:]:
            if not line.strip():
                break
            words.append(line)
        return " ".join(words)

    def _instructs(self, index: int, item: _Node) -> bool:
        """Whether the paragraph at line ``index``, after ``item``, is an instruction of its
        own: it names a section or a sheet and has a change verb of its own (outside quotes),
        and is not what the item introduces ("... substitute the following"), a quotation or
        a line indented under the item."""
        self.resume = None
        first = self.lines[index]
        if first.lstrip(" \t*_")[:1] in "\"“‘'" or _INTRODUCES.search(item.last.rstrip(" \t*_")):
            return False
        if len(first) - len(first.lstrip(" \t")) > item.indent + 1:
            return False
        joined = self._paragraph_from(index)
        named = attachment_names(joined)  # 'The attached "Section 31 23 16 - ..." replaces ...': a name
        text = _QUOTED.sub(lambda m: m.group(0) if m.span() in named else " ", joined)
        if not _NAMES_DOCUMENT.search(text):
            return self._after_new_text(text, item)
        # the verb instructs: it opens the paragraph ("Also revise Sheet C-201 ..."), follows a
        # lead naming the target ("Section 03 20 00, Paragraph 2.2.B: Delete ..."), or the
        # paragraph opens with the target; not a verb telling of another item's change
        # ("Coordinate with Sheet C-201, which is revised by Item 2.1.")
        body = _CONNECTIVE.sub("", text.lstrip(" \t*_"))
        # (an owner's own item number before it, "Item AD1-3 Section 01 21 00 ...", "Item 4: Sheet ...",
        # is a label, whatever the pack's layouts read: the paragraph opens with what follows it)
        body = _ITEM_NUMBER.sub("", body)
        leads = [body] + [part.lstrip() for part in re.split(r"[:–—]", body)[1:]]
        if any(verb.match(lead) for lead in leads for verb in self.verbs):
            return True
        return bool(_OPENS_WITH_TARGET.match(body)) and any(verb.search(body) for verb in self.verbs)

    def _after_new_text(self, text: str, item: _Node) -> bool:
        """Whether ``text``, a paragraph after ``item`` naming no section or sheet, is the next
        instruction under the same heading: ``item`` is the new text a lead-in introduced ("Delete
        Paragraph 2.1.B and replace with the following:" then "B. ..."), and the paragraph opens
        with a change verb and names a part by its number or introduces words of its own ("Add the
        following to Paragraph 2.2.A:", "Add the following subparagraph:"). The plainest CSI
        addendum lists a section's changes so under its "SECTION nn nn nn - TITLE" heading, each
        unnumbered, each new text lettered as in the section itself."""
        lead = item.parent
        while lead is not None and lead.style and not (
                _colon(lead.last) and _INTRODUCES.search(lead.last.rstrip(" \t*_"))):
            # new text of several levels ("2.2 CURING" then "A. ...", "B. ..." then "1. ..."): up to
            # what brought it
            lead = lead.parent
        if lead is None:
            return False
        body = _CONNECTIVE.sub("", text.lstrip(" \t*_"))
        named = _SECTION_PART.match(body) or _SHEET_PART.match(body) or _CAPTIONED_CLAUSE.match(body)
        after = re.split(r"[:–—,]|\s-\s", body, maxsplit=1)[1].lstrip(" \t*_") if named and re.search(
            r"[:–—,]|\s-\s", body) else ""
        # the verb opens it ("Add the following to Paragraph 2.2.A:"), or follows the part it names
        # ("Paragraph 2.1.C: Delete in its entirety.")
        if not any(verb.match(body) or (after and verb.match(after)) for verb in self.verbs):
            return False
        if lead.rank < _LEAF and lead.heading_like:
            # the new text sits straight under the heading (its lead-in closed by a numbered title,
            # "2.2 CURING"): only an instruction naming a part by number is the next one
            return bool(_PART_NAMED.search(body) or named)
        if lead.rank < _LEAF or not _colon(lead.last) or not _INTRODUCES.search(lead.last.rstrip(" \t*_")):
            return False
        if _PART_NUMBER.search(body) or named or _FOLLOWING_LEAD.search(body):
            self.resume = lead
            return True
        return False

    def _fits(self, opener: _Line | None) -> _Line | None:
        """``opener``, or None for a number of four digits or more that does not follow its
        predecessor ("1000." after "999." opens an item; "2026." alone is a year)."""
        if opener is None or opener.cls != "numbered" or not opener.label or not opener.label.isdigit():
            return opener
        value = int(opener.label)
        if value < 1000:
            return opener
        for node in reversed(self.stack):
            last = node.children[-1] if node.children else None
            for candidate in (node, last):
                if (candidate is not None and candidate.style == opener.style
                        and _label_value(candidate.label, candidate.style) == value - 1):
                    return opener
        return None

    def _below_leaves(self) -> _Node | None:
        """The block under the open paragraphs and bullets."""
        position = len(self.stack)
        while position and self.stack[position - 1].kind in ("paragraph", "bullet"):
            position -= 1
        return self.stack[position - 1] if position else None

    @staticmethod
    def _holds_paragraphs(node: _Node | None) -> bool:
        return node is None or (node.heading_like and node.rank < _LEAF)

    def _answers(self, node: _Node) -> bool:
        """Whether an answer may follow ``node``: a question, or words asking one."""
        return node.kind == "question" or (
            node.kind in ("paragraph", "bullet", "section", "item") and (node.asked or bool(self.wording.question.match(node.title))))

    def _breaks_question(self, index: int, line: str, blank: bool, question: _Node) -> bool:
        """Whether a line ends the open question: a layout, a heading, or a new question
        (after a blank line, or once the open one is answered)."""
        opener = _opener(line, self.layouts, self.wording.question)
        if opener is not None and opener.cls in ("layout", "md"):
            return True
        if self._heading_at(index) is not None:
            return True
        if opener is not None and opener.cls == "bullet" and self.wording.question.match(opener.title):
            return blank or question.answered  # "- QUESTION 2: ...": the next question of a bulleted list
        if (question.answered and blank and opener is not None and opener.cls == "numbered" and opener.label == "1"
                and not _colon(question.last) and not self.wording.question.match(opener.title)):
            # "5. Question: ... Answer: ..." then, after a caption, "1. Section 07 54 23 ...: Revise to read
            # ...": a list numbered anew after an answered question is the next part of the addendum,
            # never more of the answer (an answer bringing a list ends with its colon)
            return True
        if question.answered and (_RULE_LINE.fullmatch(line) or (blank and (
                self._asks_next(index) or _same_opening(line, question.title)))):
            # "--" between answered questions; or a question opened by a sentence of its own ("The
            # following question was received from a bidder: ... ?") with its answer next: districts
            # and cities write each question so, none labelled
            return True
        return (blank or question.answered) and bool(self.wording.question.match(line))

    def _asks_next(self, index: int) -> bool:
        """Whether the paragraph at line ``index`` asks a question ("?" in its own words) and
        the paragraph after it opens with an answer's label."""
        lines = self.lines
        after = index
        asked = False
        while after < len(lines) and lines[after].strip():
            asked = asked or "?" in lines[after]
            if after > index and self.wording.answer.match(lines[after]):
                return asked
            after += 1
        while after < len(lines) and not lines[after].strip():
            after += 1
        return asked and after < len(lines) and bool(self.wording.answer.match(lines[after]))

    def _heading_at(self, index: int) -> str | None:
        """``major``/``minor`` when line ``index`` is a heading with something under it."""
        lines = self.lines
        kind = _heading_line(lines[index])
        if kind is None and (self._leads_lines(index) or self._names_parts_below(index) or self._heads_bullets(index)):
            kind = "sub"
        if kind is None and (self._titled_alone(index) or self._designation_alone(index) or self._article_alone(index)):
            kind = "minor"
        if kind is None and self._cites_below(index):
            kind = "sub"
        if kind is None and self._leads_parts(index):
            kind = "sub"
        if kind is None:
            return None
        if kind == "major" and self._instruction_line(lines[index]):
            return None
        top = self.stack[-1] if self.stack else None
        if kind == "minor" and top is not None and top.kind == "item" and not top.children and len(
                _WORD.findall(lines[index])) <= 2 and any(verb.match(lines[index].strip(" \t*_")) for verb in self.verbs):
            # "Item No. 3 - Specification Section 12 93 00 - Title" then "Replace:" (or "Delete:",
            # "Revise:") then the new text: cities caption each item by what it changes and put its
            # verb on a line alone; the verb heads the item's own words ("Clarification:" is no verb:
            # it closes the item as before, so nothing under it inherits the caption's section)
            kind = "sub"
        if top is not None and top.rank >= _LEAF and _colon(top.last) and not self._document_heading_after_lead(index, top):
            return None  # the words an instruction introduces
        after = index + 1
        if kind == "major":
            while after < len(lines) and lines[after].strip() and _heading_line(lines[after]) == "major":
                after += 1  # a block of heading lines ("CITY OF ...", "ADDENDUM NO. 2")
        while after < len(lines) and not lines[after].strip():
            after += 1
        if after >= len(lines):
            return None
        following = lines[after]
        if _MD.match(following) or following.strip() == "\f" or (
                _heading_line(following) == "major" and _opener(following, self.layouts, self.wording.question) is None
                and not self._instruction_line(following)  # (an instruction in capitals is under it)
                and not (kind == "major" and len(_WORD.findall(lines[index])) > 14 and lines[index].rstrip(" *_").endswith(":"))
                # (a document's heading right over an article's, "ARTICLE 2.1 - BLOCK": it heads that)
                and not (_NAMES_DOCUMENT.search(lines[index]) and _PART_HEADING.match(following)
                         and not _NAMES_DOCUMENT.search(following))):
            return None  # nothing under it: a line of its own (a title block's, "END OF ADDENDUM")
        return kind

    def _instruction_line(self, line: str) -> bool:
        """Whether a line in capitals (or bold) is an instruction, not a title: it opens with a
        change verb and names a part by its word and number ("ADD NEW SENTENCE AT THE END OF
        PARAGRAPH 2.1.A TO READ:", "REPLACE ARTICLE 3.2 IN ITS ENTIRETY WITH THE FOLLOWING:").
        City and county engineers type a whole addendum in capitals, each instruction under the
        section heading and the article subheading it changes; read as a heading, it would close
        the section heading above it. A verb alone ("REPLACE:") still heads its group."""
        text = _clean(line).lstrip(" \t*_")
        return bool(_PART_NAMED.search(text)) and any(verb.match(text) for verb in self.verbs)

    def _leads_lines(self, index: int) -> bool:
        """Whether line ``index`` is a one-line lead-in heading the instructions on the lines right
        below it ("Make the following changes to the PLAN for ...:" then "Replace SHEET C-103 with
        ..." on the next line): state DOT letting addenda group their instructions so, by the part
        of the proposal each changes, with no blank line between."""
        lines = self.lines
        line = lines[index]
        if (len(line.strip()) > 200 or not _FOLLOWING_LEAD.search(line) or index + 1 >= len(lines)
                or (index > 0 and lines[index - 1].strip())):
            return False
        following = lines[index + 1].strip().lstrip("*_ ")
        return bool(following) and _opener(lines[index + 1], self.layouts, self.wording.question) is None and any(
            verb.match(following) for verb in self.verbs)

    def _heads_bullets(self, index: int) -> bool:
        """Whether line ``index`` is a caption naming sections or sheets, with no verb, and bullets
        right below it, no blank line between ("Sheet G-001 (Cover Sheet)" then "o Replace in full;
        ..."; "Sheets A-102 thru A-104" then "- Replace with the attached sheets"): owners who write
        in a word processor caption each document's changes so, the bullets its instructions."""
        lines = self.lines
        line = lines[index].strip(" \t*_")
        if (not line or len(line) > 100 or index + 1 >= len(lines) or (index > 0 and lines[index - 1].strip())
                or not _NAMES_DOCUMENT.search(line) or line.endswith((".", ":", ";"))
                or _opener(lines[index], self.layouts, self.wording.question) is not None or any(verb.search(line) for verb in self.verbs)):
            return False
        below = _opener(lines[index + 1], self.layouts, self.wording.question)
        return below is not None and below.cls == "bullet"

    def _names_parts_below(self, index: int) -> bool:
        """Whether line ``index`` names a section or sheet by number and title alone, and the next
        paragraph opens with a part of it ("Specification 26 05 43 - Underground Ducts" then
        "Paragraph 2.1.A - Replace ..."; "Sheet M-101 - Roof Plan" then "Note 3: ..."): engineers
        head the changes to each document with its number and title in plain words."""
        lines = self.lines
        line = lines[index]
        named = _DOCUMENT_LINE.fullmatch(line.strip())
        if named is None or any(verb.search(line) for verb in self.verbs):
            return False  # (a line with a change verb instructs: "Section 09 91 00 Painting is revised")
        after = index + 1
        while after < len(lines) and not lines[after].strip():
            after += 1
        if after >= len(lines):
            return False
        opener = _opener(lines[after], self.layouts, self.wording.question)
        if opener is not None and opener.cls not in ("numbered", "bullet"):
            return False
        if opener is not None and opener.cls == "numbered" and self._next_caption(opener):
            return False  # ("A. SPECIFICATIONS" over the list, then "B. SKETCHES": the addendum's next group)
        part = _SECTION_PART if named.group("section") else _SHEET_PART
        if (_SHEET_PART.search(line[named.start():]) or _PART_NUMBER.search(line)) and _VERB_LABEL_LINE.match(
                lines[after].lstrip(" \t")) and any(verb.match(lines[after].strip(" \t*_")) for verb in self.verbs):
            # the line names the part itself ("Sheet E-102, Note 1") and a verb set as a margin label
            # opens the paragraph below ("Delete: ...", "Insert: ..."): public owners' exhibit amendments
            # put each part's old and new words under a line naming it; the line heads them
            return True
        # its instructions under it, numbered or not ("Sheet C-210, Grading Plan" then "1. Delete Note
        # 4 ...", "Revise paragraph 2.1.B to read ...", "1. Page 2, paragraph 2.1.B, ..."): each opens
        # with a part of it, or names one and has a verb
        body = (opener.title if opener is not None else lines[after]).lstrip(" \t*_")
        found = _PART_NUMBER.search(body) if named.group("section") else _SHEET_PART.search(" " + body)
        return part.match(body) is not None or (found is not None and any(verb.search(body) for verb in self.verbs))

    def _listed_under_caption(self, index: int) -> bool:
        """Whether line ``index``, a document named by number and title alone, is an entry of a
        list under a labelled caption ("A. SPECIFICATIONS", "B. DRAWINGS"): the caption is open,
        and the entry before it was one, or the next paragraph is another entry, the next caption
        or a heading - never a part of the document named (that line heads its parts)."""
        lines = self.lines
        if _DOCUMENT_LINE.fullmatch(lines[index].strip()) is None:
            return False
        before = index - 1
        while before >= 0 and not lines[before].strip():
            before -= 1
        if before in self.listed_lines:
            return not self._names_parts_below(index)
        caption = _opener(lines[before], self.layouts, self.wording.question) if before >= 0 else None
        if caption is None or caption.cls != "numbered" or _label_value(caption.label, caption.style) is None \
                or not _heading_like(caption.title) or _heading_line(caption.title) != "major":
            return False
        after = index + 1
        while after < len(lines) and not lines[after].strip():
            after += 1
        if after >= len(lines):
            return True
        following = lines[after]
        opener = _opener(following, self.layouts, self.wording.question)
        return (_DOCUMENT_LINE.fullmatch(following.strip()) is not None
                or (opener is not None and opener.cls == "numbered" and self._next_caption(opener))
                or _heading_line(following) == "major")

    def _next_caption(self, opener: _Line) -> bool:
        """Whether the labelled line ``opener`` is the next caption of a list of captions open
        above it ("B. SKETCHES" after "A. SPECIFICATIONS" and the sections listed under it): owners
        group an addendum's parts under lettered or numbered captions; the next one closes the
        group, it is no paragraph of the last document listed."""
        value = _label_value(opener.label, opener.style)
        return value is not None and value > 1 and _heading_like(opener.title) and any(
            node.heading_like and node.style == opener.style and _label_value(node.label, node.style) == value - 1
            for node in self.stack)

    def _titled_alone(self, index: int) -> bool:
        """Whether line ``index`` is a short title in title case standing as a paragraph of its own,
        right after an answer ("Plan Revisions", "Specification Changes" after the last answer): owners
        whose word processor drops the heading style leave the heading as a plain line; read as a
        paragraph, it and all below would run on into the answer above it. No number, no closing
        stop, no verb opening it."""
        lines = self.lines
        line = lines[index].strip()
        words = _WORD.findall(line)
        before = index - 1
        while before >= 0 and not lines[before].strip():
            before -= 1
        while before > 0 and lines[before - 1].strip():
            before -= 1  # the first line of the paragraph before it
        answered = before >= 0 and any(self.wording.answer.match(lines[i]) for i in range(before, index) if lines[i].strip())
        # ("Q4. Where ...?" with "A. ..." on the next line of the same paragraph: the answer is in the paragraph
        # too; and after an instruction ending its sentence, a title over the next document's instructions, round 45)
        if not answered and before >= 0 and _ENDS_SENTENCE.search(lines[index - 2].rstrip() if index >= 2 else ""):
            answered = self._instruction_below(index)
        if (before < 0 or not answered or not 1 <= len(words) <= 6 or any(c.isdigit() for c in line)
                or not re.fullmatch(r"[A-Za-z][A-Za-z'’ &/-]*", line)
                or not all(w[0].isupper() for w in words if len(w) > 3) or not any(len(w) > 3 for w in words)
                or (index > 0 and lines[index - 1].strip()) or (index + 1 < len(lines) and lines[index + 1].strip())
                or (any(verb.match(line) for verb in self.verbs) and not _CHANGES_TO.match(line))):
            return False
        return any(lines[i].strip() for i in range(index + 1, len(lines)))

    def _designation_alone(self, index: int) -> bool:
        """Whether line ``index`` is a part of the bidding documents named by its designation and title alone,
        a paragraph of its own with paragraphs under it ("Section VII. Technical Specifications", "Part 3 -
        Conditions of Contract", "Section II. Bid Data Sheet (Document 00 21 13)"): development-bank bidding
        documents' amendments head the changes to each part so, in plain type (round 45). No verb."""
        lines = self.lines
        line = lines[index].strip(" \t*_")
        designated = self.designation_line.fullmatch(line)
        if (designated is None or (index > 0 and lines[index - 1].strip())
                or (index + 1 < len(lines) and lines[index + 1].strip())
                or any(verb.search(designated.group(1)) for verb in self.verbs)):
            return False
        return any(lines[i].strip() for i in range(index + 1, len(lines)))

    def _article_alone(self, index: int) -> bool:
        """Whether line ``index`` names an article or clause by its number alone (its document's name or
        initials, its title, an inciso of it beside: 'Artículo N° 3 de las ETP "Excavación de zanjas",
        inciso 2', "Clause 4.2 Formwork"), a paragraph of its own with no verb and no closing stop, with
        paragraphs under it: owners' circulars head each change so and write what changes below it
        ("Donde dice: ..." then "Quedará redactado: ..."); the line names where, the paragraphs what."""
        lines = self.lines
        line = lines[index].strip(" \t*_")
        if (_ARTICLE_ALONE.fullmatch(line) is None or line.endswith((".", ";", ":", "?"))
                or (index > 0 and lines[index - 1].strip()) or (index + 1 < len(lines) and lines[index + 1].strip())
                or any(verb.search(_QUOTED.sub(" ", line)) for verb in self.verbs)):
            return False
        return any(lines[i].strip() for i in range(index + 1, len(lines)))

    def _instruction_below(self, index: int) -> bool:
        """Whether the paragraph after the blank line below line ``index`` opens with a section or a sheet
        it changes and has a change verb ("Sheet L-101 Planting Plan, Keynote 1: revised to read ...",
        "Section 03300 - Concrete: Paragraph 2.02.B is deleted ...")."""
        lines = self.lines
        after = index + 1
        while after < len(lines) and not lines[after].strip():
            after += 1
        if after >= len(lines) or after == index + 1:
            return False
        body = _QUOTED.sub(" ", lines[after].strip(" \t*_"))
        return bool(_OPENS_WITH_TARGET.match(body)) and _NAMES_DOCUMENT.match(body) is not None and any(
            verb.search(body) for verb in self.verbs)

    def _class_lead(self, index: int) -> int | None:
        """Where the open document heading is (the first one in the stack) when line ``index`` is a
        paragraph of one line leading in the changes to a class of the documents, naming none by
        number ("Amend the Plans as follows:", "Make the following changes to the Drawings:"); None
        otherwise."""
        lines = self.lines
        line = lines[index].strip(" \t*_")
        if (len(line) > 120 or not line.endswith(":") or (index + 1 < len(lines) and lines[index + 1].strip())
                or not _DOCUMENT_CLASS.search(line) or _NAMES_DOCUMENT.search(line) or _PART_WORD.search(line)
                or not (_FOLLOWING_LEAD.search(line) or re.search(r"\bas\s+follows\s*:$", line, re.IGNORECASE))):
            return None
        return next((position for position, node in enumerate(self.stack) if node.kind == "heading"
                     and _NAMES_DOCUMENT.search(node.title)), None)

    def _document_heading_after_lead(self, index: int, top: _Node) -> bool:
        """Whether line ``index`` is a heading in capitals naming a document by number, right after
        a lead-in that names none ("The Drawings are amended as follows:" then "DRAWING G-001 COVER
        SHEET AND DRAWING INDEX" then "Note 2 shall be edited ..."): the heading of the changes below
        it, not the words the lead-in introduces."""
        line = self.lines[index]
        return (_heading_line(line) == "major" and _NAMES_DOCUMENT.search(line) is not None
                and not _NAMES_DOCUMENT.search(top.last) and _FOLLOWING_OR_AS_FOLLOWS.search(top.last) is not None
                and top.kind == "paragraph" and index + 1 < len(self.lines) and not self.lines[index + 1].strip()
                and index > 0 and not self.lines[index - 1].strip())

    def _notice_before(self, index: int, top: _Node) -> bool:
        """Whether ``top``, a paragraph ending in a colon, is a notice over the changes listed after it,
        not the lead of new words, and the paragraph at line ``index`` the first of them: the notice is
        a sentence of its own that names no part by a number, holds no change verb and ends with no
        word introducing text ("Torna-se público que as peças do procedimento saíram com as seguintes
        inexactidões, que assim se rectificam:"), and the paragraph under it names a part by a number
        and says what changes with a verb of its own. The next paragraph of the list is an item of its
        own as it always was; so is the first (it was read into the notice, at the notice's line)."""
        lead = self.text[top.start:self.at]
        if (len(lead.split()) < 12 or "\n\n" in lead.strip() or re.search(r"\d", lead) or _INTRODUCES.search(top.last.rstrip(" \t*_"))
                or any(verb.search(lead) for verb in self.verbs)):
            return False
        body = _QUOTED.sub(" ", self._paragraph_from(index))
        return bool(re.search(r"\d", body)) and any(verb.search(body) for verb in self.verbs)

    def _leads_parts(self, index: int) -> bool:
        """Whether line ``index`` names a document and says it changes, ending in a colon, and the
        paragraph below opens with a part of it by its path ("Section 21 13 13 Sprinklers has been
        revised to:" then "Section 3.1.A Change the words ..." and "Section 2.2.A Delete this
        paragraph"): owners write a section's changes as one line per paragraph under such a line,
        each paragraph's path after the word Section; the line heads them all, not the first alone.
        A notice saying so by a noun ("The following corrections are made to Section 03 30 00:" then
        "Paragraph 2.2.C: Delete.") heads them as well: the section it names is their heading context,
        as a section's heading line is (audit 69 C F7), never the whole section changed by new words."""
        lines = self.lines
        line = lines[index].strip(" \t*_")
        if (not line.endswith(":") or len(line) > 160 or (index > 0 and lines[index - 1].strip())
                or _NAMES_DOCUMENT.search(line) is None or _opener(lines[index], self.layouts, self.wording.question) is not None
                or not (any(verb.search(line) for verb in self.verbs) or _NAMES_CHANGES.search(line))):
            return False
        after = index + 1
        while after < len(lines) and not lines[after].strip():
            after += 1
        return after < len(lines) and _PATH_FIRST.match(lines[after]) is not None

    def _cites_below(self, index: int) -> bool:
        """Whether line ``index`` is a subject title citing what it is about in parentheses at its
        end ("Slab Edge Insulation (07 21 00, 2.1.A)", "Hydrant Lead (Sheet C-104, Detail 3)"), a
        paragraph of its own with no verb, a paragraph below it: owners who write an addendum as
        "interpretations and changes" caption each one so, the instruction in the lines under it
        (the parenthesised reference is their heading context, as a section heading's number is)."""
        lines = self.lines
        line = lines[index].strip(" \t*_")
        cited = _CITED_TITLE.fullmatch(line)
        if (cited is None or (index > 0 and lines[index - 1].strip())
                or (index + 1 < len(lines) and lines[index + 1].strip())
                or any(verb.match(line) for verb in self.verbs)):
            return False
        after = index + 1
        while after < len(lines) and not lines[after].strip():
            after += 1
        return after < len(lines) and _opener(lines[after], self.layouts, self.wording.question) is None and \
            _CITED_TITLE.fullmatch(lines[after].strip(" \t*_")) is None

    def _alone(self, index: int) -> bool:
        """Whether line ``index`` is its paragraph's only line."""
        after = index + 1
        if after >= len(self.lines) or not self.lines[after].strip():
            return True
        following = self.lines[after]
        return _opener(following, self.layouts, self.wording.question) is not None or _heading_line(following) is not None

    # -- the stack ----------------------------------------------------------------------

    def _open(self, node: _Node, guard: Provision | None = None) -> None:
        rank = node.rank
        stack = self.stack
        if node.kind == "answer":
            keep = len(stack)
            while keep and stack[keep - 1].kind != "question":
                keep -= 1
            self._close(keep, node.start, guard)
        elif node.kind == "heading" and rank == _HEADING:
            majors = [i for i, n in enumerate(stack) if n.kind == "heading" and n.rank == _HEADING]
            keep = len(stack)
            documents = [i for i in majors if _NAMES_DOCUMENT.search(stack[i].title)
                         and not _PART_HEADING.match(stack[i].title)]
            if documents and _PART_HEADING.match(node.title) and not _NAMES_DOCUMENT.search(node.title):
                # "ARTICLE 2.1 - BLOCK" under "SECTION 04 22 00 - MASONRY", both in capitals: the
                # article's heading sits in the section's, closing only what is under that
                keep = documents[-1] + 1
            elif majors:
                keep = majors[0]
            else:
                while keep and stack[keep - 1].rank >= _CONTAINER and stack[keep - 1].rank != _TITLE:
                    keep -= 1
            self._close(keep, node.start, guard)
        elif rank < _LEAF and not node.style:  # Markdown headings, containers, items, minor headings
            keep = len(stack)
            while keep and (stack[keep - 1].rank >= rank or (
                    # (a title line over the next instructions closes an outline section whose own line was
                    # an instruction, a sentence: it heads nothing, round 45)
                    node.kind == "heading" and rank == _MINOR and stack[keep - 1].kind == "section"
                    and stack[keep - 1].rank == _CONTAINER and not stack[keep - 1].heading_like
                    and _ENDS_SENTENCE.search(stack[keep - 1].last))):
                keep -= 1
            same = self._same_layout(node)
            if same is not None:  # "Item No. 3" closes "Item No. 2" and all under it, titles too
                keep = min(keep, same)
            self._close(keep, node.start, guard)
        elif node.style:  # a label closes back to its sibling (same style), else the open leaves
            sibling = self._sibling(node)
            if sibling is not None:
                self._close(sibling, node.start, guard)
            else:
                self._pop_leaves(_Line("numbered", node.indent), guard)
        else:
            self._pop_leaves(_Line("bullet", node.indent) if node.kind == "bullet" else None, guard)
        self._push(node)

    def _same_layout(self, node: _Node) -> int | None:
        """Where the open block of ``node``'s layout is (its previous item), unless ``node``'s
        label extends that one's ("Item 1.2" under "Item 1")."""
        if node.prefix is None or not node.label:
            return None
        for position in range(len(self.stack) - 1, -1, -1):
            open_node = self.stack[position]
            if open_node.prefix == node.prefix and open_node.label:
                if node.label.startswith((open_node.label + ".", open_node.label + "-")):
                    return None
                return position
        return None

    def _sibling(self, node: _Node) -> int | None:
        """Where the label ``node`` opens closes back to: the open label of its style it
        follows ("2." after "1."), else, unless it opens a list ("1.", "a."), the innermost
        of its style; none past a heading, a container or an item block."""
        value = _label_value(node.label, node.style)
        same = None
        for position in range(len(self.stack) - 1, -1, -1):
            open_node = self.stack[position]
            # (its list's last one, closed, may have other lists after it: "D. ..." then "1. Section ...:"
            # set beside it by the outline, then "E. ...")
            last = next((child for child in reversed(open_node.children) if child.style == node.style), None)
            if (last is not None and last.end >= 0 and last.style == node.style and value is not None
                    and _label_value(last.label, last.style) == value - 1):
                return position + 1  # the next of a list whose last one is closed already
            if open_node.rank < _TITLE or (not open_node.style and open_node.rank < _LEAF):
                break
            if open_node.style != node.style:
                continue
            if value is not None and _label_value(open_node.label, open_node.style) == value - 1:
                if open_node.heading_like == node.heading_like or not any(
                        other.style == node.style and other.heading_like == node.heading_like
                        and _label_value(other.label, other.style) == value - 1 for other in self.stack[:position]):
                    return position
                continue  # ".2 Section ..." after ".1 Paragraph ..." under ".1 Section ...": the caption's sibling
            if same is None:
                same = position
        return None if value == 1 else same

    def _pop_leaves(self, line: _Line | None, guard: Provision | None = None) -> None:
        keep = len(self.stack)
        while keep and self.stack[keep - 1].rank >= _LEAF and not self.stack[keep - 1].adopts(line):
            keep -= 1
        self._close(keep, self.at, guard)

    def _push(self, node: _Node) -> None:
        parent = self.stack[-1] if self.stack else None
        node.parent = parent
        if parent is not None:
            parent.children.append(node)
            node.depth = parent.depth + 1
        if node.provision is not None and isinstance(node.provision, Section):
            node.depth = node.provision.depth
        end = self.text.find("\n", node.start)
        node.words(self.text[node.start:end if end >= 0 else len(self.text)])
        self.stack.append(node)
        self.nodes.append(node)

    def _continue(self, line: str) -> None:
        if self.stack:
            self.stack[-1].words(line)

    def _close_ended(self, offset: int, starting: Provision | None, line: str) -> None:
        """Close the provisions that end before ``offset``, and what is open in them; but keep
        open one the provision starting here sits in (its parent, as the outline or a
        previous pass said), or whose last words end in a colon when the outline set the
        first of the list it introduces at the top ("... listed below:", then "1. ...")."""
        ancestors = self._ancestors(starting) if starting is not None else set()
        lead = self._indented_lead(line)
        for position, node in enumerate(self.stack):
            if node.provision is None or node.held or node.provision.span.end > offset:
                continue
            if lead is not None and position <= lead:
                # "2. Reference Section 07 54 23 - ..." then "   1. Paragraph 1.6.A: ...", "   2. Paragraph
                # 2.1.A: ...": the outline, reading the indented list's numbers as its own, ended the
                # lead-in before "2."; a line indented under an open label stays in it, for this line
                # only (the next line at its margin closes it)
                continue
            if node.provision.path in ancestors or (
                    starting is not None and starting.parent is None and _colon(node.last) and _first_label(line)):
                node.held = True
                continue
            self._close(position, offset)
            return

    def _indented_lead(self, line: str) -> int | None:
        """Where, in the stack, the innermost open label is that ``line`` is indented under
        ("   2. Paragraph 2.1.A: ..." under "2. Reference Section 07 54 23 - ..."); None for a line
        at the margin, or indented under no label."""
        indent = len(line) - len(line.lstrip(" \t"))
        if not indent:
            return None
        for position in range(len(self.stack) - 1, -1, -1):
            node = self.stack[position]
            if node.style and node.indent < indent:
                return position
        return None

    def _close(self, keep: int, at: int, guard: Provision | None = None) -> None:
        """Close the blocks above ``keep``, each ending before ``at`` (trailing space left
        out); never an ancestor of the provision ``guard`` (the outline placed it there)."""
        if guard is not None:
            ancestors = self._ancestors(guard)
            for position in range(keep, len(self.stack)):
                node = self.stack[position]
                if node.provision is not None and node.provision.path in ancestors:
                    keep = position + 1
        while len(self.stack) > keep:
            self._pop(at)

    def _ancestors(self, provision: Provision) -> set[str]:
        found: set[str] = set()
        parent = provision.parent
        while parent is not None and parent not in found:
            found.add(parent)
            parent = self.parents.get(parent)
        return found

    def _pop(self, at: int) -> None:
        node = self.stack.pop()
        end = at
        if node.provision is not None and not node.held:
            end = min(end, node.provision.span.end)
        text = self.text
        while end > node.start and text[end - 1].isspace():
            end -= 1
        node.end = max(end, node.start)


def _read(document: Document, rules: RuleSet | Sequence[SupersessionRule]) -> list[_Node]:
    return _reader(document, rules).nodes


def _reader(document: Document, rules: RuleSet | Sequence[SupersessionRule]) -> _Reader:
    """The pass over ``document``, read: its ``nodes`` and the ``literals`` (code blocks) it skipped."""
    reader = _Reader(document, _layouts(document, rules), _wording(document, rules), _verbs(document, rules),
                     _designation_line(document, rules))
    reader.read()
    return reader


# -- itemize ----------------------------------------------------------------------------


def itemize(document: Document, rules: RuleSet | Sequence[SupersessionRule]) -> Document:
    """``document`` with a provision for every item the outline did not make one of.

    Only a document whose kind a supersession rule reads (an addendum, a change order) is
    read; any other comes back as it is, as does an addendum whose items are all provisions
    already. The outline's provisions keep their paths; one the outline ran on over the
    start of a heading or an item block it does not hold ("b. ..." running on over "Item
    No. 2" and the headings after it) ends where that block starts (its span and text cut
    there), one whose list the outline set apart ("... listed below:", then "1. ...") runs
    on over it, and each takes as its parent the block it sits in, so every word is read once.
    """
    if not document.text_layer or not reads_items(document, rules):
        return document
    nodes = _read(document, rules)
    new = [node for node in nodes if node.provision is None]
    _assign_paths(document, nodes, new)
    pages = _page_starts(document)
    layer = document.text_layer
    changed = bool(new)
    cut = {node.provision.path: node.end for node in nodes if node.provision is not None
           and node.provision.kind == "section" and node.end < node.provision.span.end}
    ordered: list[tuple[int, int, int, Provision]] = []
    for order, node in enumerate(nodes):
        parent = node.parent.path if node.parent is not None else None
        provision = node.provision
        if provision is None:
            made: Provision = Section(
                path=node.path, number=node.marker if node.label else None,
                heading=node.title if node.kind not in ("paragraph", "bullet") else "",
                parent=parent, depth=node.depth, span=_span(node.start, node.end, pages), text=layer[node.start:node.end],
            )
        else:
            update: dict[str, object] = {}
            if provision.parent != parent and _moves(provision, node, cut):
                update["parent"] = parent
            if provision.kind == "section" and node.end != provision.span.end:  # cut, or a list it holds
                update["span"] = _span(provision.span.start, node.end, pages)
                update["text"] = layer[provision.span.start:node.end]
            made = provision.model_copy(update=update) if update else provision
            changed = changed or bool(update)
        ordered.append((made.span.start, -made.span.end, order, made))
    if not changed:
        return document
    ordered.sort(key=lambda entry: (entry[0], entry[1], entry[2]))
    return document.model_copy(update={"provisions": tuple(entry[3] for entry in ordered)})


def _moves(provision: Provision, node: _Node, cut: dict[str, int]) -> bool:
    """Whether an outline provision takes the block it sits in as its parent: it had none,
    its parent was cut before it, or a new block stands between them."""
    stored = provision.parent
    if stored is None:
        return node.parent is not None
    if stored in cut and provision.span.start >= cut[stored]:
        return True
    return node.parent is not None and stored in _chain(node.parent)


def _chain(node: _Node) -> set[str]:
    """The paths of ``node`` and its ancestors."""
    found = set()
    current: _Node | None = node
    while current is not None:
        found.add(current.path)
        current = current.parent
    return found


def _span(start: int, end: int, pages: list[int] | None) -> CharSpan:
    if pages is None:
        return CharSpan(start=start, end=end)
    return CharSpan(start=start, end=end, page_start=bisect.bisect_right(pages, start),
                    page_end=bisect.bisect_right(pages, max(start, end - 1)))


def _page_starts(document: Document) -> list[int] | None:
    """Where each page starts in a PDF's text layer (pages are parted by a form feed)."""
    if document.source.format != "pdf":
        return None
    starts = [0]
    text = document.text_layer
    position = text.find("\f")
    while position >= 0:
        starts.append(position + 1)
        position = text.find("\f", position + 1)
    return starts


def _assign_paths(document: Document, nodes: list[_Node], new: list[_Node]) -> None:
    taken = {provision.path for provision in document.provisions}
    free_path = FreeNames(taken)  # a repeated heading's suffix (``notes-2``)
    for node in nodes:
        if node.provision is not None:
            node.path = node.provision.path
    counts: dict[str, int] = {}
    for node in new:
        if node.prefix and node.label:
            key = f"{node.prefix}-{_segment(node.label)}"
            counts[key] = counts.get(key, 0) + 1
    paragraph = 0
    top = [node for node in nodes if node.parent is None]
    alone: dict[tuple[int, str], bool] = {}

    def next_paragraph() -> str:
        nonlocal paragraph
        paragraph += 1
        while f"p-{paragraph}" in taken:
            paragraph += 1
        return f"p-{paragraph}"

    for node in new:
        parent = node.parent.path if node.parent is not None else None
        path: str | None = None
        if node.kind == "heading":
            base = _slug(node.title)
            base = f"{parent}.{base}" if parent else base
            path = free_path(base)
        elif node.prefix and node.label:
            segment = f"{node.prefix}-{_segment(node.label)}"
            if counts.get(segment) == 1 and segment not in taken:
                path = segment
            elif parent and f"{parent}.{segment}" not in taken:
                path = f"{parent}.{segment}"
        elif node.label and node.style and node.style != "custom":
            segment = _segment(node.label)
            candidate = f"{parent}.{segment}" if parent else segment
            if segment not in taken and _numbered_alone(node, top, alone):
                path = segment  # its siblings' paths are their numbers ("7", "9"): so is its own
            elif candidate not in taken:
                path = candidate
        if path is None or not _PATH.fullmatch(path):
            path = next_paragraph()
        taken.add(path)
        node.path = path


def _numbered_alone(node: _Node, top: list[_Node], seen: dict[tuple[int, str], bool]) -> bool:
    """Whether a sibling of ``node`` in its numbering style is an outline provision whose path
    is its number alone (the outline's decimal items: ``7``, ``9``, ``999``); ``seen`` keeps
    the answer per parent and style."""
    key = (id(node.parent), node.style)
    if key not in seen:
        siblings = node.parent.children if node.parent is not None else top
        seen[key] = any(sibling.provision is not None and sibling.style == node.style and sibling.label
                        and sibling.provision.path == _segment(sibling.label) for sibling in siblings)
    return seen[key]


def _segment(label: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", label).strip("-") or "x"


def _slug(text: str) -> str:
    """A path segment from a heading's words: ``CHANGES TO THE DRAWINGS`` → ``changes-to-the-drawings``."""
    return slugify(text, "heading")


# -- the view ---------------------------------------------------------------------------


def addendum_items(document: Document, rules: RuleSet | Sequence[SupersessionRule]) -> list[Item]:
    """Every item of ``document`` (itemized first when it is not yet), in document order;
    none for a document no supersession rule reads.

    The blocks are those :func:`itemize` reads, so an item's own words, its enclosing
    headings and its kind are the same whether the document comes from the parser or from
    the graph.
    """
    if not reads_items(document, rules):
        return []
    document = itemize(document, rules)
    reader = _reader(document, rules)
    wording = reader.wording
    nodes = reader.nodes
    layer = document.text_layer
    own: dict[int, str] = {}
    items: list[Item] = []
    for node in nodes:
        own[id(node)] = (_own_words(layer, node, reader.literals) if layer
                         else (node.provision.text if node.provision else ""))
    for node in nodes:
        provision = node.provision
        assert provision is not None
        text = own[id(node)]
        kind = node.kind
        cells: tuple[tuple[str, str], ...] = ()
        if provision.kind == "table_row":
            text = provision.text
            cells = tuple(zip(provision.header, provision.cells, strict=False))
        answer = _answer_in(text, kind == "question" or wording.question.match(_unlabelled(text)) is not None, wording)
        instruction = None
        if answer is not None and kind in ("section", "paragraph", "bullet", "item"):
            if kind in ("section", "item"):
                instruction = _instruction_ahead(text, answer, wording)
            kind = "question"
        if node.children and node.heading_like and kind not in ("question", "table_row"):
            kind = "heading"
        elif kind == "heading" and not node.children:
            kind = "paragraph"
        context = []
        parent = node.parent
        while parent is not None:
            context.append(_first_paragraph(own[id(parent)]))
            parent = parent.parent
        items.append(Item(
            locator=Locator.of_parts(document.id, None, provision.path), path=provision.path,
            parent=provision.parent, kind=kind, text=text, offset=provision.span.start,
            heading_context="\n".join(reversed(context)), answer=answer, cells=cells, instruction=instruction,
        ))
    return items


def _instruction_ahead(text: str, answer: int, wording: _Wording) -> int | None:
    """Where the owner's own change ends in a numbered item whose words an answer was found in: its
    first paragraph, where that asks nothing ("?" or a question's word) and a paragraph of the
    question follows it before the answer ("4) ..., numeral 3.2: se suprime la segunda oración." then
    "A bidder asks ... RESPONSE: ..."); None where the item is a question from its first words."""
    found = _PARAGRAPH_BREAK.search(text)
    if found is None or found.end() >= answer:
        return None
    lead = text[:found.start()]
    if "?" in lead or wording.question.match(_unlabelled(lead)) or wording.inline_answer.search(lead):
        return None
    return found.start()


def _own_words(layer: str, node: _Node, literals: Sequence[tuple[int, int]] = ()) -> str:
    """The block's words less its sub-blocks' and the code blocks in it, a paragraph break in
    the place of each (a sub-block past its end, in a list it introduced, takes nothing out)."""
    pieces = []
    position = node.start
    cuts = sorted([(child.start, child.end) for child in node.children]
                  + [(start, end) for start, end in literals if node.start <= start < node.end])
    for start, end in cuts:
        if start < position or start >= node.end:
            continue
        pieces.append(layer[position:start].rstrip())
        pieces.append("\n\n")
        position = max(position, min(end, node.end))
    pieces.append(layer[position:node.end])
    text = "".join(pieces).rstrip()
    if any(child.kind == "table_row" for child in node.children):  # the header rows of its tables
        text = "\n".join(line for line in text.split("\n") if not line.lstrip().startswith("|")).rstrip()
    return text


def _first_paragraph(text: str) -> str:
    text = text.strip()
    found = _PARAGRAPH_BREAK.search(text)
    return text[: found.start()] if found else text


def _unlabelled(text: str) -> str:
    return re.sub(r"^[ \t]*(?:#{1,6}[ \t]+)?(?:[-*+•][ \t]+)?(?:\(?[0-9A-Za-z]{1,4}[.)][ \t]+)?", "", text)


#: A sentence that asks: it opens with an auxiliary or a question word ("Is ...", "Who provides ...").
_ASKS = re.compile(r"[ \t*_]*+(?:is|are|was|were|does|do|did|can|could|may|might|will|would|shall|should|must|has|have|"
                   r"who|what|which|where|when|why|how)\s", re.IGNORECASE)


#: The rest of a question's line after its question mark that is still the asker's: a short sentence
#: or two with no figure, quotation or colon ("The drawings show none.", "Please confirm.").
_QUESTION_TAIL = re.compile(r"[^\d\"“”:\n]{1,120}?[.!?][ \t*_]*")


def _answer_in(text: str, asked: bool, wording: _Wording) -> int | None:
    """Where the answer starts in a question's words: a line opening with an answer marker,
    else an "Answer:"/"Response:" after the words asked ("Substitution Request: ...
    Response: ...")."""
    position = text.find("\n") + 1 if "\n" in text else len(text)
    while position < len(text):
        end = text.find("\n", position)
        end = len(text) if end < 0 else end
        line = text[position:end]
        if line.strip() and wording.answer.match(line):
            return position + len(line) - len(line.lstrip())
        position = end + 1
    mark = text.find("?")
    found = wording.inline_answer.search(text, max(mark, 1))
    if found is None and mark > 0 and "\n" not in text[:mark] and _ASKS.match(_unlabelled(text)):
        # "2. Is treated plywood required in every room? Paragraph 2.3.A is revised to read ...": owners
        # answer a numbered question right after its question mark, with no "Answer:" of their own
        after = re.compile(r"\S").search(text, mark + 1)
        newline = text.find("\n", mark)
        if (after is not None and 0 < newline and after.start() < newline
                and _QUESTION_TAIL.fullmatch(text, after.start(), newline) and text[newline:].strip()):
            # "8. Is the paving in Section 32 12 16 part of this bid? The plans show none." then the
            # answer's own paragraph: a sentence of the asker's after the question mark (no figure, no
            # quotation, no colon leading new words) still belongs to the question, as "Please advise."
            after = re.compile(r"\S").search(text, newline)
        if after is not None:
            return after.start()
    if found is None and not asked:
        return None
    return found.start() if found else None



# -- the reader's view of long gaps ------------------------------------------------------

#: The longest run of horizontal whitespace the reader reads. A run says "a gap" and nothing
#: more, however long; a run of tens of thousands of spaces (a padded export, a blank form
#: field) read whole would let every pattern that allows a gap rescan it from each of its
#: positions (issue 23). A plain-text table's column gap stays a gap (32 spaces is still two
#: or more), and a line's lines stay where they are (no line break is in a run).
GAP_CAP = 32
#: Horizontal whitespace (spaces, tabs, NBSP and the other Unicode space separators): every
#: ``\s`` but the characters ``str.splitlines`` parts lines at; a run longer than ``GAP_CAP``.
_LONG_GAP = re.compile(rf"[^\S\n\r\v\f\x1c-\x1e\x85\u2028\u2029]{{{GAP_CAP + 1},}}")


def bounded_gaps(document: Document) -> Document:
    """``document`` as the addenda reader reads it: each run of horizontal whitespace longer
    than ``GAP_CAP`` cut to its first ``GAP_CAP`` characters, in the text layer and in each
    provision's words, and each provision's span moved to match (the same document when no
    run is that long). For reading only: the stored document is not changed. Lines, paths and
    the order of things are as they were, so a reading's locators (file, line, path) are the
    stored document's; the words a report quotes from an item (``outcome._words``) part words
    at any run with one space, so they read the same too."""
    layer = document.text_layer
    runs = [(found.start(), found.end()) for found in _LONG_GAP.finditer(layer)]
    if not runs and not any(_LONG_GAP.search(provision.text) for provision in document.provisions):
        return document
    starts = [start for start, _ in runs]
    removed = [0]
    for start, end in runs:
        removed.append(removed[-1] + end - start - GAP_CAP)

    def moved(offset: int) -> int:
        index = bisect.bisect_right(starts, offset)
        if index and offset < runs[index - 1][1]:
            start = runs[index - 1][0]
            return start - removed[index - 1] + min(offset - start, GAP_CAP)
        return offset - removed[index]

    def span(old: CharSpan) -> CharSpan:
        return old.model_copy(update={"start": moved(old.start), "end": moved(old.end)})

    provisions = []
    for provision in document.provisions:
        update: dict[str, object] = {"span": span(provision.span), "text": _bounded(provision.text)}
        if isinstance(provision, Section):
            update["heading"] = _bounded(provision.heading)
        elif provision.kind == "table_row":
            update["header_span"] = span(provision.header_span)
            update["cells"] = tuple(_bounded(cell) for cell in provision.cells)
            update["header"] = tuple(_bounded(cell) for cell in provision.header)
        provisions.append(provision.model_copy(update=update))
    return document.model_copy(update={"text_layer": _bounded(layer), "provisions": tuple(provisions)})


def _bounded(text: str) -> str:
    return _LONG_GAP.sub(lambda found: found.group(0)[:GAP_CAP], text)
