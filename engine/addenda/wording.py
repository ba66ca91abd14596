"""The words the reading of one item looks for (issue 21), beside the pack's verbs: what says a
document is issued anew or revised without saying how, what says the whole of it or pages of it,
what marks a list's entry (new, reprinted, revised), what an answer grants or restates, how an
addendum marks its redline, and how an entry gives a value anew in the owner's words. Each table
says, in a comment, the form owners write it in."""

from __future__ import annotations

import re

from inforce.rules.patterns import UNSPACED_LETTER

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
#: ("Instead of:" ... "Read:" ...; "For:" ... "Read:" ...), the new text to the item's end. Owners'
#: amendment lists write the same pair as "Original:" ... "Amended:" (or "Existing:" ... "Revised:"),
#: each label opening its line.
#: Spanish-speaking owners write the pair "Where it says:" ... "It shall say:" ("donde dice / debe decir",
#: round 42), the same corrigendum in other words.
_OLD_THEN_NEW = re.compile(r"(?:^|\n)[ \t*_]*(?:Instead\s+of|In\s+place\s+of|For|(?:Original|Existing)(?:\s+(?:text|wording))?|Where\s+it\s+(?:says|reads|states))"
                           r"[ \t*_]*:(?P<old>.+?)"
                           r"(?:^|\n|(?<=[.\"”])[ \t]+)[ \t*_]*(?:Read|(?:Amended|Revised)(?:\s+(?:text|wording))?|It\s+(?:shall|should|must|will|is\s+to)\s+(?:say|read|state))"
                           r"[ \t*_]*:(?P<new>.+)\Z",
                           re.IGNORECASE | re.DOTALL | re.MULTILINE)

#: A text that is one quotation and nothing else ('"under paving"').
_QUOTED_ONLY = re.compile(r"[\"“][^\"”\n]+[\"”]\.?")

#: A replace verb, and what brings its successor just before the successor's number ("... with the
#: attached revised", "by the enclosed"): the successor named is attached whole.
_REPLACE_VERB = re.compile(r"replace[sd]?|substitute[sd]?", re.IGNORECASE)

_WITH_ATTACHED = re.compile(r"\b(?:with|by)\s+(?:the\s+|this\s+)?(?:(?:attached|enclosed|accompanying|new|revised|"
                            r"re-?issued)[\s,]+)+(?:(?:sheets?|drawings?|details?|notes?|keynotes?|callouts?)\s+)?$",
                            re.IGNORECASE)

#: Where the words saying what replaces a document stand (the pack's ``successor_words``: the new
#: one named, attached, issued, the like-numbered): whole words anywhere in the item's instruction.
#: (a word of a script written without spaces, "差替図を添付する", touches the words beside it: round 75)
_SUCCESSOR_SAID = rf"(?:\b|(?<={UNSPACED_LETTER}))(?:{{words}})(?:\b|(?={UNSPACED_LETTER}))"

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

#: What may stand between a bare revision verb and its target besides the target: where the
#: target is ("Page 01 10 00-2, Section", "Sheet C-106, Note"), numbers and all. Water-supply,
#: county and state owners lead with the verb in capitals and cite the place before the part
#: ("REVISE Sheet C-106, Note 1 as follows:"); anything else (a sentence, words of the text) says
#: which part of the target changes.
_WHERE_RUN = re.compile(r"(?:[\s,]+|\b(?:pages?|sheets?|drawings?|dwgs?\.?|sections?|(?:sub-?)?paragraphs?|articles?|"
                        r"clauses?|items?|(?:general\s+|sheet\s+)?notes?|keynotes?|details?|no\.)(?!\w)|"
                        r"\b[A-Z]{1,3}-?\d{1,4}(?:\.\d{1,3})?[A-Z]?\b|\b\d[\d.\-]*[A-Z]?\b)*", re.IGNORECASE)

#: An item that is nothing but a bare revision verb, where its target is, and a colon bringing
#: the new text below ("REVISE Sheet C-106, Note 1 as follows:", "b. Modify Page 3, Paragraph
#: 2.02.B as follows:").
_REVISE_WHERE_AS_FOLLOWS = re.compile(
    r"[\s*_]*(?:[A-Za-z0-9]{1,3}[.)][ \t]+)?(?:revise|modify|correct|update)[ \t]+(?P<where>[^:\n]*?)[ \t,]*"
    r"as[ \t]+follows[ \t]*:[\s*_]*", re.IGNORECASE)

#: Words saying the whole sheet or section is issued anew: what else they name is in the reissue.
_REISSUED = re.compile(r"\b(?:re-?issued|replace\s+the\s+(?:bid[- ]set|original|bid[- ]issue)\s+(?:sheets?|drawings?|sections?)|"
                       r"in\s+(?:its|their)\s+entirety|(?:re-?)?issued\s+(?:complete|in\s+full))\b", re.IGNORECASE)

_STATUS = re.compile(r"revised|re-?issued|updated|corrected", re.IGNORECASE)

#: A sentence of the addendum saying that each document it lists (or marks revised) is issued anew
#: whole ("Each section and sheet below marked REVISED is reissued in its entirety", "The sections
#: listed below are reissued in their entirety").
_REISSUE_DECLARED = re.compile(
    r"\b(?:each|every|all|the)\s+(?:(?:specification|drawing|project\s+manual)\s+)?(?:sections?|sheets?|drawings?|documents?)\b"
    r"[^.;:]{0,120}?\b(?:is|are)\s+(?:hereby\s+)?re-?issued\s+(?:in\s+(?:its|their)\s+entirety|whole|complete|in\s+full)\b",
    re.IGNORECASE)

#: A document's kind right after a status word that qualifies it ("Revised Specifications Section",
#: "Revised Drawing Sheet", "Reissued Sheet").
_DOCUMENT_KIND_NEXT = re.compile(r"\s+(?:(?:technical\s+)?spec(?:ification)?s?\.?\s+|drawing\s+|plan\s+)?"
                                 r"(?:sections?|sheets?|drawings?)\b", re.IGNORECASE)

#: What may stand before the first word of a list's entry: its label ("A2.", "3)", "(b)").
_ENTRY_OPENS = re.compile(r"[\s*_]*(?:\(?[A-Za-z]{0,2}\d{0,3}[.)]\s*)?")

#: What may follow a status word that marks a line of a list ("(revised)", ", revised.", "- revised;").
_MARK_ENDS = re.compile(r"[\s)\]*_]*(?:[.,;:]|$)")

#: An entry opening with a document under its new revision mark ("Revision A of Section ...",
#: "Rev. 2 of Sheets E-101 and E-102", "2. Revision B of Drawing C-101").
_REVISION_OF = re.compile(r"\s*(?:\(?[A-Za-z0-9]{1,3}[.)]\s+)?(?:revision|rev\.?)\s+(?:no\.?\s*)?[A-Z0-9]{1,3}\s+of\s+"
                          r"(?:the\s+)?(?:specification\s+)?(?:sections?|sheets?|drawings?)\s", re.IGNORECASE)

#: A page by its number ("page 2 of 4", "page 3"), not a count of pages ("(6 PAGES)").
_PAGE_NUMBER = re.compile(r"\bpages?\s+\d", re.IGNORECASE)

_WHOLE_WORD = re.compile(r"\b(?:sections?|sheets?|drawings?|documents?)\b", re.IGNORECASE)

#: A list entry's own words saying the whole document is printed again ("(entire section
#: reprinted)", "(complete sheet reissued)", "(reprinted in full)"): owners who list what changed
#: mark each entry with how much of it is issued, whole or by pages.
_ENTRY_WHOLE = re.compile(
    r"\b(?:entire|complete|whole)\s+(?:sections?|sheets?|drawings?|documents?|specifications?)\s+"
    r"(?:is\s+|are\s+|has\s+been\s+|have\s+been\s+)?(?:re-?printed|re-?issued)\b"
    r"|\b(?:re-?printed|re-?issued)\s+(?:in\s+(?:its|their)\s+entirety|in\s+full|complete)\b", re.IGNORECASE)

#: A list entry marked as a document the addendum adds ("... (new)", "[added]").
_MARKED_NEW = re.compile(r"[(\[]\s*(?:new|added|new\s+(?:sheet|section|drawing|document))\s*[)\]]", re.IGNORECASE)

#: Words saying what is changed is the whole of the document ("the whole of that section"; "Withdraw
#: the whole of Section 09 91 00 and substitute Section 09 91 00 (Add.01)").
_WHOLE_OF = re.compile(r"\b(?:the\s+)?(?:whole|entirety|all)\s+of\s+(?:that|this|the)\s+(?:section|sheet|drawing|document|"
                       r"specification)\b|\bthe\s+(?:whole|entirety)\s+of\s+(?:section|sheet|drawing|specification)\b",
                       re.IGNORECASE)
#: Words saying the section or sheet itself is issued whole, whatever pages it is printed on
#: ("pages 1-3 (section included in its entirety)").
#: ("Pages 52-53 (the whole of that section) are replaced": the pages said to be the whole document)
_WHOLE_DOCUMENT = re.compile(r"\b(?:sections?|sheets?|drawings?|documents?)\s+(?:[\w-]+\s+){0,2}in\s+(?:its|their)\s+entirety\b|"
                             + _WHOLE_OF.pattern, re.IGNORECASE)

#: A verb that says a document is revised, without saying how ("Revises", "revised", "updated").
_REVISION_WORD = re.compile(r"revis(?:e|es|ed|ing)|updated?|re-?issued|corrected", re.IGNORECASE)

#: Words of an answer that grant or condition something ("Pumping is permitted, provided ...").
_GRANTS = re.compile(r"\b(?:(?:is|are|will\s+be)\s+(?:permitted|acceptable|allowed|accepted)|may\s+be\s+used|"
                     r"in\s+lieu\s+of|provided\s+(?:that|the)|approved\s+as\s+an?\s+(?:equal|substitut))", re.IGNORECASE)

#: Words of an answer restating what the documents already say.
_RESTATES = re.compile(r"\b(?:as\s+(?:specified|indicated|shown|scheduled|required)|remains?\s+(?:as|unchanged)|"
                       r"no\s+change)\b", re.IGNORECASE)

_ATTACHMENTS = re.compile(r"\b(?:attachments?|enclosures?|exhibits?|appendix|appendices)\b", re.IGNORECASE)

#: An adding verb: what it brings is new text put somewhere.
_ADDING = re.compile(r"\b(?:add|insert|append|place|put)", re.IGNORECASE)

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

#: An ordinal part of a provision named before or after the verb ("second sentence", "fourth paragraph").
_ORDINAL_PART = re.compile(r"\b(?:first|second|third|fourth|fifth|sixth|last|\d{1,2}(?:st|nd|rd|th))\s+(?:sentence|line|bullet|item|paragraph|"
                           r"subparagraph|row|column)\b"
                           # (round 59) in Spanish, Portuguese and French: "se suprime la segunda oración", "a última
                           # frase", "la deuxième phrase" - a sentence or line of the provision, never all of it
                           r"|\b(?:primer[oa]?|segund[oa]|tercer[oa]?|cuart[oa]|quint[oa]|últim[oa]|primeira|terceira|quarta|"
                           r"premi[eè]re?|deuxi[eè]me|seconde?|troisi[eè]me|quatri[eè]me|derni[eè]re?)\s+"
                           r"(?:oraci[óo]n|frase|l[íi]nea|linha|renglón|phrase|ligne)\b", re.IGNORECASE)

#: After an entry's caption (its provision and a colon), one sentence giving a value anew in the
#: owner's words: "the lap becomes 36 inches", "the slab goes from 5 inches to 6 inches", "the rating
#: is changed from 20 to 45 minutes", "the sleeves are to be 4-inch rather than the size shown", "the
#: posts are to be spaced at 8 feet, not the spacing given".
_VALUE_ANEW = re.compile(
    r"[ \t*_]*[A-Za-z][^.;:!?\"“\n]{0,120}?\s(?P<verb>becomes?|(?:goes|go|is\s+changed|are\s+changed|changes?)"
    r"\s+from\s+[^.;:!?\n]{1,60}?\sto|(?:is|are)\s+to\s+be\s+[^.;:!?\n]{1,80}?(?:\s+rather\s+than|,\s+not)\s)"
    r"[^.;:!?\n]{1,100}(?:[.;]\s*)?", re.IGNORECASE)

#: Words struck through (``~~old~~``) and words in bold (``**new**``) in the text an item quotes.
_STRUCK = re.compile(r"~~(.+?)~~", re.DOTALL)

_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)

_FRAGMENT = re.compile(r"^\s*[\"“]?\s*(?:\.\.\.|…)")

#: Words for struck-through text in an addendum's statement of its marks ("shown struck through",
#: "strikethrough", "struck out", "lined out", "crossed out").
_STRIKE_WORDS = r"(?:struck|strike|stricken|strike-?through|strikethrough|strike-?out|strikeout|lined\s+(?:out|through)|crossed\s+out)"

#: An addendum's own legend for its redline: the words taken out are struck through and the words
#: put in are in bold, said in one paragraph ("Deleted text is shown struck through; added text is
#: shown in bold.", "Deletions are struck out and additions set in bold italics."). Owners who
#: quote provisions with their changes marked state the convention once, near the top.
_LEGEND_TAKEN_OUT = re.compile(rf"\b(?:delet\w*|remov\w*|omit\w*|taken\s+out)\b[^.;\n]{{0,60}}?\b{_STRIKE_WORDS}\b|"
                               rf"\b{_STRIKE_WORDS}\b[^.;\n]{{0,40}}?\b(?:delet\w*|remov\w*|omi\w*|taken\s+out)", re.IGNORECASE)

#: (Or the changes said to be in bold, the words put in: "Changes shown in ***bold italic text***",
#: "Changes made to the original document are in **bold print**", "Changes ... are bolded", round 73.)
_LEGEND_PUT_IN = re.compile(r"\b(?:add\w*|new|insert\w*|changes)\b[^.;\n]{0,60}?\bbold(?:ed)?\b|"
                            r"\bbold(?:ed)?\b[^.;\n]{0,40}?\b(?:add\w*|new|insert\w*|changes)\b", re.IGNORECASE)

#: An addendum's own word that each clause it prints stands, whole, in the place of the clause of
#: its number ("Each restated clause takes the place of the clause of the same number in the bid
#: documents", "A clause printed here takes the place of the clause with the same number"), round 73.
_LEGEND_RESTATED = re.compile(r"\b(?:clauses?|paragraphs?|articles?|provisions?)\b[^.;\n]{0,60}?\b(?:takes?\s+the\s+place\s+of|"
                              r"replaces?|supersedes?),?\s+(?:the\s+)?(?:clauses?|paragraphs?|articles?|provisions?)\s+"
                              r"(?:of|with|bearing|carrying)\s+the\s+same\s+number", re.IGNORECASE)

#: A list of sheets, then a callout said to be on each of them ("Sheets A-201 and A-301: Note 1 on
#: each sheet is deleted", "Note 4 of both drawings").
_ON_EACH = re.compile(r"\b(?:on|of|in|from)\s+(?:each|both|every|all)\s+(?:of\s+(?:the\s+|these\s+|those\s+)?)?"
                      r"(?:(?:the\s+)?(?:sheets?|drawings?|dwgs?\.?)|them)\b|\beach\s+(?:sheet|drawing)\b", re.IGNORECASE)

_LIST_JOIN = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+|&\s*)")

#: An entry labelled a note ("a. Note: ...", "NOTE - ..."): it tells about what the item above it does.
_NOTE_LABEL = re.compile(r"[\s*_]*(?:notes?|n\.\s?b\.|remarks?)[\s*_]*[:\-–—][\s*_]*", re.IGNORECASE)

#: A heading that lists what the addendum attaches ("Revised Attachments:", "Enclosures:", "Reissued:").
_ATTACHED_LEAD = re.compile(r"\b(?:attach(?:ed|ments?)|enclos(?:ed|ures?)|re-?issued)\b", re.IGNORECASE)


#: New text given whole without a verb of the pack ("it should only state: "...""), a quotation after it.
_WHOLE_STATED = re.compile(r"\b(?:should|shall|must)\s+only\s+(?:state|read|say)\s*:?\s*[\"“]", re.IGNORECASE)


#: The label over the text as it stood, at the end of its item ("The former text:", "Old text:",
#: "Existing wording:"): tender corrigenda print the place, the old text and the new one under labels.
_FORMER_LABEL = re.compile(r"(?:^|\n)[ \t*_]*(?:the\s+)?(?:former|old|original|existing|present)\s+"
                           r"(?:text|wording)[ \t*_]*:[ \t*_]*\Z", re.IGNORECASE)

#: The label over the new text, opening its item ("Shall read as new text:", "New text:", "Shall now
#: read as follows:"), the new text after it.
_NEW_TEXT_LABEL = re.compile(r"[ \t*_]*(?:(?:shall|should|will|is\s+to)\s+(?:now\s+)?read\s+as\s+(?:the\s+)?new\s+"
                             r"(?:text|wording)|new\s+(?:text|wording))[ \t*_]*:\s*", re.IGNORECASE)


#: The amended text said to be published somewhere else, not given in the item ("The amended details
#: are posted on the Harbour Board's tender page"): what replaces what it names is not in the item.
_POSTED_ELSEWHERE = re.compile(
    r"\b(?:amended|revised|new|corrected|updated|modified)\s+(?:details|text|texts|wording|versions?|provisions?|"
    r"paragraphs?|clauses?|pages?)\s+(?:are|is|have\s+been|has\s+been|will\s+be|shall\s+be)\s+(?:now\s+)?"
    r"(?:posted|published|uploaded|available|placed|hosted|displayed)\b", re.IGNORECASE)

#: New or old text opening with an ellipsis: the last words of a provision, not all of it.
_ELLIPSIS_OPENS = re.compile(r"[\s\"“'‘]*(?:\.{3}|…)")
