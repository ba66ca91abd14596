"""What an addendum item does to what it names (issue 21): replace, amend, delete, or nothing.

The action is read from the pack's verb vocabulary (a supersession rule's ``verbs``; its
``no_change`` phrases count as ``verbs.no_change``), in the item's own instruction only: the
spans a caller masks (quotations, the question of a question-and-answer pair) are not read,
so a quoted request or a question cannot steer what is in force.

- replace: the target replaced whole; the item (or the attachment it names) succeeds it;
- amend: the target changed in part (add, insert, revise, change X to Y, revise ... to include);
  a replace or delete verb aimed at words in the target ("Delete "0.45" and substitute",
  "Delete the second sentence") is an amendment too;
- delete: the target removed whole, nothing in its place;
- no_change: the item says nothing changes (a rejected request, "no change"); such words in the
  reason a change verb gives after what it names ("Delete Article 2.2 as it repeats Article
  2.1", the pack's ``reasons``) are the reason, not the item's action.

Several actions read in one instruction are settled only where the words say how ("Delete
... and substitute" replaces); otherwise the action is marked ``ambiguous`` with why, which
makes the item a proposal, never an applied edge.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from inforce.rules import SupersessionRule, compile_verb
from inforce.rules.patterns import WORD_LISTS, WordingPattern, candidates, compile_phrase, lowered

__all__ = ["Action", "Vocabulary", "describes", "quotations_closing", "read_action", "reasons_opened", "said_unchanged",
           "unchanged_clauses", "vocabulary", "worded", "words_of"]

ActionName = Literal["replace", "amend", "delete", "no_change"]

#: Words after a replace or delete verb that aim it at part of the target: quoted words, a
#: sentence, a word or phrase, a value ("Delete "Type 1"", "Delete the second sentence"), a
#: list item by its count ("Delete items 3 and 4"); an item by a dotted label is a paragraph named
#: as owners number them ("Delete Item 3.1.C": the paragraph itself, not part of it). "The same number",
#: "the same drawing numbers" name the documents again, not a number on them ("replaced by Revision 1
#: of the same drawing numbers", round 40).
_PART = re.compile(
    r"(?:\s+(?:the\s+)?(?:words?|text|phrase|value|number|figure|dimension)?\s*[\"“‘«„]|"
    r"[^.;:\n]{0,40}?\b(?:sentences?|words?|phrases?|lines?|the\s+reference|references?\s+to|"
    r"values?|dimensions?|(?<!same\s)(?<!same\sdrawing\s)(?<!same\ssheet\s)(?<!same\ssection\s)numbers?|dates?|amounts?|text\s+that|the\s+(?:first|second|third|last|fourth)\b|"
    r"in\s+part|requirements?\s+for|items?\s+\d+(?!\.\w)|bullet)\b)", re.IGNORECASE)
#: The object of a replace or delete verb that is a provision named by its kind and number, its
#: words quoted after it to show which it is ('Eliminate General Note 1 "DIMENSIONS ARE TO FACE OF
#: STUD"', 'Delete Keynote 4 "SEE SCHEDULE"'): the provision itself, whatever words the quotation
#: holds (owners quote a note whole to identify it; a part is named as words, 'the words "X"').
_NAMED_QUOTED = re.compile(
    r"\s+(?:the\s+)?(?:(?:general|plan|sheet|drawing|construction|demolition|key)\s+)?"
    r"(?:notes?|keynotes?|callouts?|details?|paragraphs?|sub-?paragraphs?|articles?|items?)\s+(?:no\.?\s*|#\s*)?"
    r"(?=[\w.-]*\d)[\w.-]+?[.,:]?\s*[\"“]", re.IGNORECASE)
#: The auxiliaries before a passive verb whose subject the readers below look at (English, French, Spanish and
#: Italian: "are replaced", "sont remplacés", "son sustituidas", "sono sostituite"), one list for all of them.
_AUXILIARIES = r"(?:is|are|est|sont|es|son|è|sono)"
#: Words before a passive replace or delete verb that make words of the target its subject ("The
#: words "Schedule 40" are replaced by ...", "the figure "12" is deleted"): a change in part. "The
#: text of Paragraph 2.1.A is replaced" names the whole paragraph's text, and is not one. (French and Spanish
#: owners write the same: "les mots « RAL 7016 » sont remplacés par ...", "la palabra "X" es sustituida",
#: round 58; and Italian ones, "le parole "C35/45" sono sostituite dalle seguenti", round 103)
_PART_SUBJECT = re.compile(
    r"\b(?:words?|phrases?|figures?|values?|sentences?|dimensions?|text|mots?|termes?|expressions?|chiffres?|"
    r"palabras?|frases?|cifras?|parol[ae])\b(?!\s+(?:of|de|du|des|del)\b)[^.;:]{0,120}?"
    rf"\b{_AUXILIARIES}\s+(?:hereby\s+)?$", re.IGNORECASE)
#: The same subject before the auxiliaries of the rule's ``passives`` ("In Section 3.1 the words "X" shall be
#: replaced by "Y"", round 74): a change in part, whatever auxiliary the owner's language puts before the verb.
_PART_SUBJECT_PASSIVE = _PART_SUBJECT.pattern.replace(rf"{_AUXILIARIES}\s+(?:hereby\s+)?$", r"(?:{words})\s+$")
assert _PART_SUBJECT_PASSIVE != _PART_SUBJECT.pattern
#: A quotation standing alone as the subject of a passive replace or delete verb, opening its clause ('point 2.3:
#: "C25/30" is replaced by "C30/37"', '(... ; "two coats" is deleted)'): words of the target, a change in part, as
#: 'the words "X" are replaced' is (round 77). Read on the text as written, its quotations not blanked.
_QUOTED_SUBJECT = re.compile(r"(?:^|[:;(]|[.!?][ \t])[ \t]*[\"“«»„][^\"“”«»„\n]{1,120}[\"”»«][ \t]+"
                             rf"{_AUXILIARIES}[ \t]+(?:hereby[ \t]+)?$", re.IGNORECASE)
#: The auxiliary a pack's passive phrase opens with ("sont remplacés par", "est remplacé par", "sono sostituite"): the
#: subject before it is read up to and with it, as before an English verb the pack lists without one.
_PHRASE_AUXILIARY = re.compile(r"(?:est|sont|es|son|è|sono)\s+", re.IGNORECASE)


def _auxiliary_length(words: str) -> int:
    """How many characters of a matched phrase's ``words`` its opening auxiliary takes (0 where none)."""
    opening = _PHRASE_AUXILIARY.match(words)
    return opening.end() if opening is not None else 0


#: Words inside a matched phrase that aim it at part of the target ("revise the second sentence to read").
_PART_INSIDE = re.compile(r"\b(?:sentences?|words?|phrases?|lines?|the\s+(?:first|second|third|last|fourth)|in\s+part)\b",
                          re.IGNORECASE)
#: The end of a phrase that brings the target's new text ("to read", "now reads", "as follows"):
#: what is quoted after it is the new text, not words of the target.
#: ("should be read as:": the colon brings the whole new text, as "should read:" does; "shall remain
#: thus:", the Latin-American owner's "shall read"; any phrase of the pack ending in its colon, "delete
#: and insert:", brings it the same way)
_NEW_TEXT = re.compile(r"(?:(?:reads?|follows|following|with|thus)\s*:?|\bread\s+as\s*:|\bis\s*:|:)\s*$", re.IGNORECASE)
#: The object of a replace or delete verb that is a thing shown or specified, not the target
#: itself ("Delete the sheet-metal flashing", "Remove the two bollards"): a change within it.
#: (a provision named with a word pointing back at it is the provision itself: "Replace the quoted
#: Clause 2.1" then the old clause and the new one, "Delete the aforesaid Article 3.2"; "é eliminada a
#: alínea B do artigo 2.1": the Portuguese article "a" before an alínea or inciso named, the part itself, audit 57;
#: a note so, "é eliminada a nota 3", round 103)
_THING = re.compile(
    r"\s+(?:the|a|an|all|any|both|two|three|four|\d+)\s+(?!(?:existing\s+|entire\s+|whole\s+|complete\s+|said\s+|quoted\s+|cited\s+|aforesaid\s+|above-?mentioned\s+)?(?:paragraphs?|"
    r"sub-?paragraphs?|sub-?sections?|sub-?clauses?|sub-?articles?|"  # "Delete the Sub-section 3.2 A": the part itself
    r"subparagraphs?|articles?|sections?|sheets?|drawings?|notes?|keynotes?|details?|callouts?|clauses?|items?|provisions?|"
    r"pages?|tables?|schedules?|text|words?|sentences?|lines?|references?|following|same|bid|tender|original|revised|attached|"
    # ("replace the whole chapter with the attached Chapter 4": an owner's chapter is the document itself, round 71)
    r"enclosed|entirety|specifications?|subsections?|requirements?|chapters?|(?:previous|prior|earlier|former)\s+(?:versions?|issues?|editions?|one)|"
    # ("each one takes the place of the document that has the same number": the document itself)
    # ("... reissued at revision 1 and supersede the tender issue": the issue a bid or a tender was made on, whole)
    # ("Delete the whole of Clause 8.7", "Substitute the whole of Clause 5.17 with ...": the clause itself,
    # as Commonwealth conditions of contract word it)
    # ("Na peça desenhada DR-01, é eliminada a nota 3": the Portuguese article "a" before a note, the note itself)
    r"versions?|documents?|whole\s+of|al[ií]n[ée]as?|incisos?|notas?)(?![\w-]))[a-z]", re.IGNORECASE)
#: A thing by its size, then its name ('Delete 5 3/4" Hollow Metal Frames', "remove the 6 inch drain"): a thing
#: on the target, never the target itself.
_SIZED_THING = re.compile(r"\s+(?:the\s+)?\d+(?:[ -]\d+/\d+|\.\d+)?(?:[\"”]|[ \t-]*(?:inch(?:es)?|in\.|mm|cm|ft|feet)\b)[ \t]*[a-z]",
                          re.IGNORECASE)
#: A delete verb taking a thing out of a provision numbered after "from" ("The bypass feature is
#: deleted from Cl. 2.1 B"): with a thing described as its subject (``_THING``, before the verb),
#: the provision loses part of its words, it is not itself deleted.
_REMOVED_FROM = re.compile(r"\s+from\s+(?:the\s+)?(?:sub-?)?(?:paragraphs?|paras?|clauses?|cl|articles?|notes?|keynotes?|"
                           r"details?|callouts?|items?|points?|pt|sections?)\.?\s*(?:no\.?\s*)?\d", re.IGNORECASE)
#: ... or out of anything else it sits in ("The receipt printers are deleted from the two workstations in the
#: office"): a thing described as the passive verb's subject, taken from where it stands, is part of what the
#: item names, not the whole of it (the subject may follow a sub-answer's letter: "b) The receipt printers").
#: (never out of the work or the documents as a whole: "the curbs are deleted from the work; delete the
#: paragraph" takes the provision out with them)
_TAKEN_FROM = re.compile(r"\s+from\s+(?!(?:the|this|these)\s+(?:work|job|contract|project|scope|bid|tender|rfp|plans|drawings|"
                         r"documents|specifications?|set|addendum)\b)(?:the|a|an|all|both|each|every|two|three|four|\d+)\s+\w",
                         re.IGNORECASE)
_SUBJECT_BEFORE = re.compile(r"(?:^|[.;:!?]\s+)(?:\(?[a-z\d]{1,2}\)\s+)?(\w[^.;:!?\d\"“]{0,100}?)\s+(?:is|are)\s+(?:hereby\s+)?$")
#: A verb phrase ending with the kind of provision it takes ("strike the note"): the number after it
#: is the provision's own ("Strike Note 2"), no count of things shown on it.
_NAMES_PROVISION = re.compile(r"\b(?:sub-?paragraphs?|paragraphs?|articles?|clauses?|notes?|keynotes?|details?|callouts?)$",
                              re.IGNORECASE)
#: A quotation inside a phrase: the words it changes ("revise "4,000 PSI" to read "4,500 PSI"").
#: "The clause reads as follows: "..."": an erratum quoting the words as they were published
#: (the correct ones come after, "The correct statement is: ..."); the old words are quoted, no
#: value is read anew ('Read "350 mm" as "300 mm"' is: words stand between "read" and "as")
_QUOTES_AS_PUBLISHED = re.compile(r"reads?\s+as$", re.IGNORECASE)
_FOLLOWS = re.compile(r"\s+follows\b", re.IGNORECASE)
_QUOTE_MARK = re.compile(r"[\"“‘«„]")  # (French and German quotations open with « and „)
#: Quoted words right after a verb, then the quoted words they are put in place of ('to read "DR 17"
#: instead of "DR 11"'): a change of words. (One quotation of bounded length, read at one place.)
_SWAPPED = re.compile(r"\s*[\"“][^\"”\n]{1,200}[\"”]\s*,?\s*(?:instead\s+of|in\s+(?:lieu|place)\s+of)\s*[\"“]",
                      re.IGNORECASE)
#: Quoted words, then "to read" (or "is to read", "to be read as"), then quoted words: the old words of a
#: provision and the new ones put in their place ('"200 psi" to read "225 psi"'). One quotation of bounded
#: length, closed before the phrase and another opened right after it.
_QUOTED_TO_READ = re.compile(r"[\"“«][^\"”»\n]{1,120}[\"”»]\s*,?\s*((?:(?:is|are)\s+)?to\s+(?:be\s+)?read(?:\s+as)?)\s*:?\s*[\"“«]",
                             re.IGNORECASE)
#: Words before a verb that deny it ("does not change", "will not be revised", "no ... deleted").
_DENIED = re.compile(r"\b(?:not|no|never|without|nor|neither)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
#: The name of a document issued anew, set off by a comma before a participle ("a new Section 09 91 00,
#: adding a urethane system ..., is attached hereto and substituted therefor"): the participle says what
#: the new issue holds; it is no verb of the instruction.
_NEW_ISSUE_BEFORE = re.compile(r"\b(?:new|attached|enclosed|revised|reissued)\s+(?:spec(?:ification)?\s+)?"
                               r"(?:sections?|sheets?|drawings?|pages?)\s+[\w .-]{1,40}?,\s*$", re.IGNORECASE)
#: A verb in the future passive with the party that will do it after it ("The mooring bollards will be
#: removed by the Owner before ...", "will be relocated by others"): who does a piece of the work, said
#: beside an instruction; it changes no document.
_WILL_BE = re.compile(r"\bwill\s+(?:\w+\s+)?be\s+$", re.IGNORECASE)
_BY_PARTY = re.compile(r"\s+by\s+(?:the\s+)?(?:owner|contractor|others|city|county|district|state|port|authority|board|"
                       r"utility|utilities|tenant|department|university|college)\b", re.IGNORECASE)
#: Words before a participle that make it an adjective ("the revised Section", "a deleted note").
#: (a capital "A" after a word or a dotted number is a paragraph's letter, not the article: "Article A
#: Add at the end", "Paragraph 2.1.A Add the following"; "A revised sheet ..." opens a sentence)
_ADJECTIVE = re.compile(r"\b(?:the|(?-i:a|(?<!\w\s)(?<![\w.])A)|an|this|these|those|each|its|their|any|all|as)\s+$",
                        re.IGNORECASE)
#: A point and a number right after a verb's word: an abbreviation numbered, not a verb ("revision A (Add.01)",
#: "page 3 (Add. 2)": the addendum that issued it).
_NUMBERED_AFTER = re.compile(r"\.[ \t]?\d")
#: A verb's word as a noun: a determiner before it and "of" or "in" after it ("markers at every
#: change of direction", "a change in level", "a void in the slab"): a thing described, no instruction.
_DETERMINER = re.compile(r"\b(?:every|each|any|a|an|the|one)\s+$", re.IGNORECASE)
_NOUN_AFTER = re.compile(r"\s+(?:of|in)\s", re.IGNORECASE)
#: A linking verb before "correct" that makes it an adjective, not the verb ("The air balance is
#: correct.", "both figures are correct", "which is the correct one" reads "the" above); "is
#: corrected" and "is correct to read" stay verbs.
_PREDICATE = re.compile(r"\b(?:is|are|was|were|be|been|seems?|remains?)\s+(?:\w+ly\s+|both\s+|all\s+)?$", re.IGNORECASE)
#: A part of the addendum cited by its title in a pointer ("Response: Refer to Changes to Project
#: Manual AD4.12", "See Revisions to the Drawings, item 3"): owners answer a question by pointing
#: at the change item that makes the change; the title's noun is no verb of the pointer's own.
_POINTED_AT = re.compile(r"\b(?:refer\s+to|see|per|under|in)\s+(?:the\s+)?$", re.IGNORECASE)
_PART_TITLE = re.compile(r"(?:changes|revisions|modifications|amendments|corrections|additions|deletions)\s+"
                         r"(?:to|in)\s+(?:the\s+)?(?:project\s+manual|drawings|plans|specifications|"
                         r"contract\s+documents|bidding\s+documents|bid\s+documents|documents)\b", re.IGNORECASE)
#: A participle that states what a replacement is ("revised") rather than an action of its own.
_STATUS = re.compile(r"(?:revised|re-?issued|updated|corrected|modified|se\s+modifica)(?:,?\s+and\s+(?:revised|re-?issued|updated|corrected))?",
                     re.IGNORECASE)
#: The first word of an instruction set off by a colon, as owners label a change by its verb in
#: the margin ("Revise: ...", "Delete: 2.1.B", "Add: 3.1.B ..."); the colon is the label's, the
#: sentence runs on after it (a word that is no verb reads no phrase, so nothing changes for it).
_VERB_LABEL = re.compile(r"[\W\d_]{0,12}?(?<![\w-])[A-Za-z]{3,12}:(?=[ \t])")
#: The colon after a word opening a line, setting it off as a label ("UPDATE: ...").
_LINE_LABEL = re.compile(r"[*_]{0,2}:(?=[ \t])")
#: The rest of a provision as the subject of a phrase saying nothing changes ("the remainder of the
#: paragraph remains unchanged", "the rest of the note is unchanged").
_REMAINDER = re.compile(r"\b(?:the\s+)?(?:rest|remainder|balance|"
                        # the document's other provisions, in an owner's closing line ("The other provisions of
                        # the terms of reference remain unchanged") read with the item it follows
                        r"(?:all\s+)?other\s+(?:provisions|clauses|terms|conditions|requirements|parts|items)|"
                        # the same in Spanish, Portuguese and French ("Las demás cláusulas se mantienen sin cambios", "As demais
                        # cláusulas permanecem inalteradas", "Les autres articles restent inchangés")
                        r"(?:l[oa]s|[oa]s|les)\s+(?:dem[aá]s|demais|restantes|autres)\s+\w+|"
                        # ... and the rest of the one provision in each ("el resto del numeral se mantiene sin cambios",
                        # "o restante do item permanece inalterado", "le reste de l'article", "il resto dell'articolo"; audit 69 C F4)
                        r"(?:el|le|il|o)\s+rest[oe]|(?:o|lo)\s+restante|lo\s+dem[aá]s|"
                        # Slovak and Czech ("ostatný text bodu sa nemení", "ostatní text bodu se nemění", "zvyšok bodu")
                        r"ostatn[ýéáíi]|zvyšok|zbytek|"
                        # Slovenian ("Ostale določbe dokumentacije ostanejo nespremenjene", "ostalo besedilo točke", round 77)
                        r"ostal[aeio]|"
                        # Turkish ("maddenin diğer hükümleri değiştirilmemiştir": the article's other provisions, round 75)
                        r"diğer\s+hükümler(?:i)?)\b"
                        # (what it is the rest of named by its number, "the rest of point 6.1": a dot inside a number
                        # is no sentence's end)
                        r"(?:(?:\s+(?:of|de|do|da|dos|das|del|du|des|della|dello)|\s+d(?:ell)?[’'])\s*(?:[^.;:]|\.(?=\w)){0,60}?)?\s+(?:\w+\s+){0,2}$",
                        re.IGNORECASE)
#: The same subject after its phrase, where the verb comes first ("Permanecem inalteradas as demais
#: cláusulas e condições do edital.", "Remain unchanged all other terms"): an owner's closing line
#: read with the item before it speaks for the document's other provisions, not for that item.
_REMAINDER_AFTER = re.compile(r"\s+(?:(?:l[oa]s|[oa]s|les|the)\s+)?(?:all\s+)?(?:dem[aá]s|demais|restantes|autres|other|remaining)\b",
                              re.IGNORECASE)
#: Other properties of the provision, named after the change and a semicolon as the subject of a
#: no-change phrase ("the thickness is changed from X to Y; colour and reinforcement remain as
#: specified"): the rest of the provision, by its parts' names, stays; the change is in part.
_OTHER_PARTS = re.compile(r";\s*(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?(?:\s*,\s*(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?)*"
                          r"\s*,?\s+and\s+(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+$", re.IGNORECASE)
#: The kinds of provision an item changes by its number, in the owners' languages: named as the subject of a
#: clause saying it stays (``_REST_KEPT``), or as the object of a verb (``_OBJECT_PROVISION``). No document's
#: kind (a section, a sheet): the rest of a section stays beside a paragraph deleted whole.
_KIND = (r"(?:sub-?paragraphs?|paragraphs?|sub-?clauses?|clauses?|articles?|notes?|keynotes?|details?|callouts?|items?|"
         r"itens|numeral(?:es)?|incisos?|literal(?:es)?|p[áa]rrafos?|art[íi]culos?|apartados?|puntos?|artigos?|"
         r"al[íi]neas?|par[áa]grafos?|paragraphes?|al[ié]n[ée]as?|articol[oi]|comm[ai]|cl[áa]usulas?|clausol[ae]|provisions?)(?![\w-])")
#: A clause after a replace or delete verb saying the provision itself, or the rest of it, stays ("...; the
#: remainder of the paragraph remains", "Eliminar las canaletas de aluminio; el numeral se mantiene", "o item se
#: mantém", "le reste de l'article est inchangé", "il resto invariato"): what the verb takes out or puts in is
#: part of the provision, whose number stands for it whole (audit 69 C F4: a full deletion). The subject is the
#: rest alone, the rest of a provision of a kind named (``_KIND``), or that kind with no number: "Paragraph 2.1.C
#: remains" and "the rest of the Section remains" speak for another provision or the document.
_REST_KEPT = re.compile(
    r"(?:[;,.(]|\b(?:and|but|y|pero|e|mas|et|mais|ma)\b)\s*(?:"
    r"(?:the\s+)?(?:rest|remainder|balance)(?:\s+of\s+(?:the|this|that)\s+" + _KIND + r")?|"
    r"(?:el\s+resto|lo\s+restante|lo\s+dem[aá]s)(?:\s+del?\s+(?:la\s+|las\s+|los\s+)?" + _KIND + r")?|"
    r"o\s+(?:resto|restante)(?:\s+d[oa]s?\s+" + _KIND + r")?|"
    r"le\s+reste(?:\s+(?:de\s+l[’']\s*|de\s+la\s+|du\s+|des\s+)" + _KIND + r")?|"
    r"il\s+resto(?:\s+(?:dell[’']\s*|del\s+|della\s+|dello\s+)" + _KIND + r")?|"
    r"(?:the|this|said|el|este|dicho|la|esta|dicha|[oa]|l[’']\s*|le|cet|cette|lo|questo|questa)\s*" + _KIND + r")\s+"
    r"(?:remains?|stays?|stands?|(?:is|are)\s+(?:otherwise\s+)?(?:unchanged|unaltered|retained|kept|maintained)|"
    r"se\s+mantienen?|se\s+conservan?|permanecen?|quedan?\s+(?:igual|vigentes?|sin\s+cambios)|sin\s+cambios|"
    r"se\s+mant[éêe]m|mant[éêe]m-se|ficam?\s+inalterad[oa]s?|inalterad[oa]s?|"
    r"(?:est|sont)\s+(?:inchang[ée]e?s?|maintenue?s?|conserv[ée]e?s?)|reste|demeure|inchang[ée]e?s?|"
    r"(?:(?:rimane|resta|è)\s+)?(?:invariat[oa]|immutat[oa]|inalterat[oa])|rimane|resta)(?!\w)",
    re.IGNORECASE)
#: What a replace or delete verb takes that is the provision itself, or a document: nothing after the verb
#: ("Eliminar."), a provision or document of a kind named or its number ("Delete Paragraph 2.1.B", "Eliminar
#: el numeral 2.1.B"), or the whole said ("in its entirety").
_OBJECT_PROVISION = re.compile(
    r"\s*(?:[.;:,)]|$)|\s+(?:(?:the|this|that|said|el|la|los|las|le|les|l[’']|[oa]s?|il|lo)\s*)?(?:" + _KIND + r"|"
    r"sections?|secci[óo]n(?:es)?|se[cç][çc][ãa]o|sezione|sheets?|drawings?|planos?|pages?|documents?|"
    r"specifications?)|\s+(?:\d|in\s+(?:its|their)\s+entirety|in\s+full|en\s+su\s+totalidad|en\s+totalit[ée]|"
    r"na\s+[íi]ntegra|integralmente)", re.IGNORECASE)
#: A verb phrase of the pack ending with the kind of provision it takes ("eliminar el numeral"): the provision itself.
_KIND_LAST = re.compile(r"\b" + _KIND + r"\s*$", re.IGNORECASE)


def _line_end(text: str, pos: int) -> int:
    """Where the line holding ``pos`` ends: a clause saying the provision stays speaks for the instruction on its line."""
    end = text.find("\n", pos)
    return len(text) if end < 0 else end


#: Where one sentence of an item ends and the next begins.
_SENTENCE_END = re.compile(r"[.!?][~*_]*(?=\s+[A-Z\"“(])|;\s")  # (a sentence may end inside struck or marked words)
#: A relative clause describing what a replacement holds ("..., which now includes the following
#: change:", "which shows the revised detail"): owners summarise the reissued document's changes.
#: The clause is found by its word (see :func:`describes`, which adds the comma and spaces before
#: it): a pattern opening on ``,?\s*`` would rescan a blanked quote's run of spaces from each of
#: its positions, in time growing with the square of the quote.
_DESCRIBING = re.compile(r"\b(?:which|that)\s++(?:now\s++)?(?:includes?|contains?|shows?|reflects?|incorporates?|"
                         # what the new one does, said of it in a relative clause ("replace Detail 2 with the
                         # attached detail, which adds a drain"): a description of the successor, no verb of the item
                         r"adds?|revises?|changes?|corrects?|updates?|relocates?|"
                         # ("... replaced by the attached Drawing C-4 Revision 1, which carries the wall to
                         # the ramp and adds a toe detail": what the new issue carries, said of it)
                         r"carr(?:y|ies)|extends?|provides?|gives?|moves?|lists?)\b",
                         re.IGNORECASE)


#: The same clause with the comma and the spaces before it, matched only where :func:`describes` found it.
_DESCRIBED_AT = re.compile(r",?\s*" + _DESCRIBING.pattern, re.IGNORECASE)


def describes(text: str, pos: int = 0) -> re.Match[str] | None:
    """The first relative clause describing a replacement (:data:`_DESCRIBING`) at or after
    ``pos``, taken with the spaces and the one comma before it ("..., which now includes"), as
    ``re.search`` of ``,?\\s*`` and the clause would find it; ``None`` where there is none. One
    pass over ``text``: the spaces are walked back from the clause's word once."""
    found = _DESCRIBING.search(text, pos)
    if found is None:
        return None
    start = found.start()
    while start > pos and text[start - 1].isspace():
        start -= 1
    if start > pos and text[start - 1] == ",":
        start -= 1
    return _DESCRIBED_AT.match(text, start)


#: A change verb that ends its sentence with nothing of what or how ("... has been substantially
#: modified.", "revised as noted."): a status, no instruction.
_STATUS_ALONE = re.compile(r"(?:revised|modified|changed|amended|updated|corrected)(?:\s+as\s+noted)?\s*[.!]",
                           re.IGNORECASE)
#: Between a change verb and the verb of its infinitive ("modified to remove").
_TO_NEXT = re.compile(r"\s+to\s+")
#: Between a change verb and the gerund saying how ("amended by removing Drawing E-501", "revised by
#: deleting the second sentence"): the gerund's verb is the action, the first only says a change.
_BY_NEXT = re.compile(r"\s+by\s+")
#: Words by which an item says what replaces the target is attached or issued with it.
_ATTACHED = re.compile(
    r"\b(?:attached|enclosed|accompanying|herewith|included\s+with\s+this|issued\s+with\s+this|"
    r"reissued|re-issued|appended|bound\s+herein|as\s+revised)\b", re.IGNORECASE)


class Vocabulary:
    """A rule's verbs, compiled: each action's phrases, and the phrases saying nothing changes.
    Each part is compiled when it is first read: an answer that reads only what an amending
    item takes out (``facts``, ``asof``) needs the rule's change verbs, not its word lists and
    reasons (compiling them all was 1.5 s of a cold ``facts``; issue 26)."""

    def __init__(self, rule: SupersessionRule) -> None:
        self._rule = rule
        self.rule = rule.id
        #: the rule's ``propose_partial_on_documents``: a change in part of a whole document, no part named, is proposed
        self.propose_partial_on_documents = rule.propose_partial_on_documents

    @functools.cached_property
    def phrases(self) -> Mapping[str, tuple[re.Pattern[str], ...]]:
        verbs = self._rule.verbs
        return {action: tuple(compile_verb(p) for p in verbs.get(action, ()))  # type: ignore[call-overload]
                for action in ("replace", "amend", "delete")}

    @functools.cached_property
    def no_change(self) -> tuple[re.Pattern[str], ...]:
        return tuple(compile_phrase(p) for p in self._rule.no_change) + tuple(
            compile_verb(p) for p in self._rule.verbs.get("no_change", ()))  # type: ignore[call-overload]

    @functools.cached_property
    def without_no_change(self) -> Vocabulary:
        """These verbs with no phrase saying nothing changes (what a verb would do, held back or not)."""
        other = Vocabulary(self._rule)
        other.__dict__["phrases"] = self.phrases
        other.__dict__["no_change"] = ()
        return other

    @functools.cached_property
    def reasons(self) -> tuple[re.Pattern[str], ...]:
        """The rule's ``reasons``: words opening the reason an item gives, after what its instruction names."""
        return tuple(compile_phrase(p) for p in self._rule.reasons)

    @functools.cached_property
    def words(self) -> Mapping[str, str]:
        """The rule's word lists (``answers``, ``whole_words`` ...; ``WORD_LISTS``), each as one alternation
        of its entries in the order written, to be read inside the layout the reader gives it."""
        return {key: _alternation(getattr(self._rule, key)) for key in WORD_LISTS}


def _alternation(entries: Sequence[WordingPattern]) -> str:
    """A word list as one alternation: a ``pattern`` reads whole words, a ``regex`` as written
    (compiled first, so a bad one fails here as it does in ``rules check``)."""
    parts = []
    for entry in entries:
        compiled = compile_phrase(entry)
        parts.append(f"(?:{entry.regex if entry.regex is not None else compiled.pattern})")
    return "|".join(parts)


def words_of(vocabularies: Sequence[Vocabulary], key: str) -> str:
    """The word list ``key`` of the rules reading an item, as one alternation ("" when none lists it)."""
    held = [vocab.words[key] for vocab in vocabularies if vocab.words.get(key)]
    return held[0] if len(held) == 1 else "|".join(held)


#: What a word list no rule holds reads: nothing.
_NOTHING = re.compile(r"(?!)")


@functools.lru_cache(maxsize=256)
def _laid_out(layout: str, words: str) -> re.Pattern[str]:
    return re.compile(layout.replace("{words}", words), re.IGNORECASE) if words else _NOTHING


def worded(layout: str, vocabularies: Sequence[Vocabulary], key: str) -> re.Pattern[str]:
    """The word list ``key`` of the rules reading an item read inside ``layout`` (a regex holding
    ``{words}`` once, letter case ignored): what the reader keeps of such a list is only the layout
    around the words. A pattern matching nothing when no rule lists any."""
    return _laid_out(layout, words_of(vocabularies, key))


_CACHE: dict[int, tuple[SupersessionRule, Vocabulary]] = {}


def vocabulary(rule: SupersessionRule) -> Vocabulary:
    """The rule's verbs compiled once per rule object (rules are immutable; the rule is kept
    with its vocabulary, so its id is not reused while cached)."""
    held = _CACHE.get(id(rule))
    if held is None or held[0] is not rule:
        if len(_CACHE) > 256:
            _CACHE.clear()
        held = _CACHE[id(rule)] = (rule, Vocabulary(rule))
    return held[1]


@dataclass(frozen=True)
class Action:
    """The action an item's instruction reads as: ``action`` (None: no verb read), what it
    does (``scope``, ``successor``), the ``words`` read, whether an attachment succeeds the
    target, and why it is not certain (``ambiguous``; None when it is)."""

    action: ActionName | None
    words: str = ""
    span: tuple[int, int] | None = None
    attachment: bool = False
    ambiguous: str | None = None

    @property
    def scope(self) -> Literal["full", "partial"]:
        return "partial" if self.action in ("amend", None) else "full"

    @property
    def successor(self) -> bool:
        return self.action != "delete"

    @property
    def changes(self) -> bool:
        return self.action in ("replace", "amend", "delete")


def _matches(text: str, phrases: Mapping[str, Sequence[re.Pattern[str]]]) -> list[tuple[int, int, str, str]]:
    """Every (start, end, action, words) a phrase reads, less any lying inside a longer one
    ("revise" inside "revise ... to read")."""
    lower = lowered(text)
    found = [(m.start(), m.end(), action, m.group(0))
             for action, patterns in phrases.items() for pattern in candidates(patterns, lower)
             for m in pattern.finditer(text)
             if not _DENIED.search(text, max(0, m.start() - 30), m.start())
             and not (m.group(0).lower().endswith(("ed", "d")) and " " not in m.group(0).strip()
                      and _ADJECTIVE.search(text, max(0, m.start() - 12), m.start()))
             and not (action == "amend" and _QUOTES_AS_PUBLISHED.match(m.group(0))
                      and _FOLLOWS.match(text, m.end()))
             and not (m.group(0).lower() == "correct" and _PREDICATE.search(text, max(0, m.start() - 30), m.start())
                      and not re.match(r"\s+to\b", text[m.end():]))
             and not (_POINTED_AT.search(text, max(0, m.start() - 30), m.start())
                      and _PART_TITLE.match(text, m.start()))
             and not (_WILL_BE.search(text, max(0, m.start() - 24), m.start()) and _BY_PARTY.match(text, m.end()))
             and not (m.group(0).lower().endswith("ing") and _NEW_ISSUE_BEFORE.search(text, max(0, m.start() - 70), m.start()))
             and not _NUMBERED_AFTER.match(text, m.end())
             and not (" " not in m.group(0).strip() and _NOUN_AFTER.match(text, m.end())
                      and _DETERMINER.search(text, max(0, m.start() - 8), m.start()))]
    found.sort(key=lambda f: (f[0], -(f[1] - f[0])))
    kept: list[tuple[int, int, str, str]] = []
    reach = -1  # the furthest end of those kept (they start no later than ``hit``: one comparison each)
    for hit in found:
        if hit[0] < reach:  # inside a longer phrase, or its words read twice
            continue
        kept.append(hit)
        reach = max(reach, hit[1])
    return kept


def reasons_opened(read: str, reasons: Iterable[re.Pattern[str]], start: int, end: int | None = None) -> list[re.Match[str]]:
    """Every place in ``read[start:end]`` where a reason opens (the pack's ``reasons`` words:
    "because", "as it duplicates", "it repeats"), in order."""
    stop = len(read) if end is None else end
    return sorted((m for pattern in reasons for m in pattern.finditer(read, start, stop)), key=lambda m: m.start())


#: A sentence's end before a capital (not ";": "Delete 2.2 A; it repeats 2.1 A" is one instruction and its reason).
_FULL_STOP = re.compile(r"[.!?](?=\s+[A-Z\"“(])")


def _in_reason(read: str, said: re.Match[str], reasons: Sequence[re.Pattern[str]], verb_end: int | None) -> bool:
    """Whether the no-change phrase ``said`` stands in the reason a change gives after what it
    names ("Delete Article 2.2 as it repeats Article 2.1": the repeating is why 2.2 goes; the
    deletion stands): a reason opens at it (or just before it), after the change verb, with
    words between them (what the instruction names), all in the verb's sentence."""
    if verb_end is None or said.start() < verb_end:
        return False
    return any(opened.start() <= said.start() and (said.start() <= opened.end() or not read[opened.end():said.start()].strip())
               and re.search(r"\w", read[verb_end:opened.start()]) is not None
               and _FULL_STOP.search(read, verb_end, opened.start()) is None
               for opened in reasons_opened(read, reasons, verb_end, said.end()))


#: A provision named by its word and number ("Paragraph 2.4.C", "el numeral 2.2", "l'article 2.1"): one of the pack's
#: ``provision_nouns``, one of its ``provision_articles`` before it (and the space after that) or none; the number the
#: group ``number``.
_PROVISION_NAMED = r"(?:(?:{articles})\s*)?\b(?:{nouns})\s+(?P<number>\d[\w.]*\w|\d)"


@functools.lru_cache(maxsize=64)
def _provision_pattern(nouns: str, articles: str) -> re.Pattern[str]:
    if not nouns:
        return _NOTHING
    layout = _PROVISION_NAMED if articles else _PROVISION_NAMED.replace("(?:(?:{articles})\\s*)?", "")
    return re.compile(layout.replace("{articles}", articles).replace("{nouns}", nouns), re.IGNORECASE)


def provision_named(vocabularies: Sequence[Vocabulary]) -> re.Pattern[str]:
    """The pattern of a provision named by its word and number (``_PROVISION_NAMED``) under the rules reading an item,
    compiled once per word lists; one matching nothing where no rule lists ``provision_nouns``."""
    return _provision_pattern(words_of(vocabularies, "provision_nouns"), words_of(vocabularies, "provision_articles"))


#: A clause of one sentence joined to the next by "and", "y", "e" or "et", or set against it by "but", "pero", "mais",
#: "mas" (audit 68: "Paragraph 2.2.A is deleted but Paragraph 2.2.B is retained"), "while", "whereas",
#: "mientras que", "alors que", "tandis que", where that one opens with a provision of its own, a preposition before it
#: or none ("O item 1.1 permanece inalterado e o item 2.2 fica suprimido", "se elimina el numeral 2.2 y el numeral 2.1
#: no se modifica", "l'article 2.1 n'est pas modifié et l'article 2.5 est supprimé", "El numeral 3.1 queda sin
#: cambios, mientras que en el numeral 3.2 donde dice ..."): a no-change clause ends or begins there, as at a
#: semicolon (audits 61, 64).
#: The pack's ``clause_joins`` (the words), a preposition of its ``clause_prepositions`` after them or none, then a
#: provision named by its noun and number as ``provision_named`` reads it (``provision_articles``, ``provision_nouns``).
_JOINED_CLAUSE = (r"\s+(?:{joins})\s*(?<=\s|[’'])(?:(?:{prepositions})\s+)?"
                  r"(?=(?:(?:{articles})\s*)?\b(?:{nouns})\s+\d)")


@functools.lru_cache(maxsize=64)
def _joined_pattern(joins: str, prepositions: str, articles: str, nouns: str) -> re.Pattern[str]:
    if not joins or not nouns:
        return _NOTHING
    layout = _JOINED_CLAUSE if prepositions else _JOINED_CLAUSE.replace("(?:(?:{prepositions})\\s+)?", "")
    layout = layout if articles else layout.replace("(?:(?:{articles})\\s*)?", "")
    return re.compile(layout.replace("{joins}", joins).replace("{prepositions}", prepositions)
                      .replace("{articles}", articles).replace("{nouns}", nouns), re.IGNORECASE)


def clause_joined(vocabularies: Sequence[Vocabulary]) -> re.Pattern[str]:
    """The pattern of a clause's join to the next one naming a provision (``_JOINED_CLAUSE``) under the rules reading
    an item, compiled once per word lists; one matching nothing where no rule lists ``clause_joins`` or
    ``provision_nouns``."""
    return _joined_pattern(words_of(vocabularies, "clause_joins"), words_of(vocabularies, "clause_prepositions"),
                           words_of(vocabularies, "provision_articles"), words_of(vocabularies, "provision_nouns"))


def quotations_closing(text: str, quoted: Iterable[tuple[int, int]]) -> set[int]:
    """Where a quotation closing on its own full stop ends the sentence it closes, a capital after it ('... to read:
    "A. ... pressure." Detail 1 ...', '... remplacé par : « 1.2 Le béton de propreté aura 10 cm. » L'article 2.1 n'est
    pas modifié.'): the end of each of ``quoted`` (spans of ``text``) so closing. The one rule for it: the item's
    sentences (``gate._sentences``) and a no-change clause's (``_own_clause``) both end there."""
    return {e for s, e in quoted if re.search(r"[.!?]\W{0,2}$", text[s:e]) and re.match(r"\s+[A-Z]", text[e:])}


#: Words linking a sentence to the one before it, which open it before its subject ("Asimismo, el numeral 3.1 se
#: mantiene sin modificaciones.", "Also, Paragraph 2.1.B is not modified.", "De plus, l'article 3.1 ..."): they never
#: hide that subject (issue 23, audit 65).
SENTENCE_LINKS = ("asimismo", "además", "también", "igualmente", "por otra parte", "por su parte",
                  "also", "further", "furthermore", "in addition", "likewise", "note that",
                  "de plus", "en outre", "par ailleurs", "de même",
                  "além disso", "também", "por outro lado")

#: What may open a clause before its subject: marks of emphasis, the item's own label ("1) El numeral 3.1 queda sin
#: cambios, mientras que ...", as the gate reads the item, its label unmasked), a word linking it to the sentence
#: before (``SENTENCE_LINKS``, with or without its comma).
_CLAUSE_LABEL = re.compile(r"[ \t\n*_]*(?:\(?(?:\d{1,3}|[a-z])\)[ \t]+)?(?:(?:"
                           + "|".join(r"\s+".join(map(re.escape, link.split())) for link in SENTENCE_LINKS)
                           + r")\b\s*,?\s*)?", re.IGNORECASE)


def _own_clause(read: str, said: re.Match[str], ends: Iterable[int] = (),
                named_at: re.Pattern[str] = _NOTHING, joined: re.Pattern[str] = _NOTHING) -> tuple[int, int] | None:
    """The clause the no-change phrase ``said`` stands in (a sentence, or a part of one set off by a semicolon or by
    "and", "y", "e", "et", "while", "mientras que", "alors que" ... before another provision: ``_JOINED_CLAUSE``), where it opens with a provision by its word
    and number (its subject; after a heading closed by a colon, "Especificaciones Técnicas: el numeral 2.1 no se
    modifica; ...", "Section 03 30 00: Paragraph 2.1.A: no change, and ...") that the item's other clauses never name,
    while they name one of their own ("Paragraph 2.4.B: delete "flat" and substitute "eggshell". Paragraph 2.4.C: no
    change.", "numeral 2.1: donde dice ... debe decir .... El numeral 2.2 no se modifica.", "O item 1.1 permanece
    inalterado e o item 2.2 fica suprimido"): it speaks for that provision only, not for the change the others make
    (audits 60, 61). Every provision its subject joins ("El numeral 2.1 y el numeral 2.2 no se modifican") is said
    unchanged. A sentence ends too at each of ``ends``, where a quotation closes it (``quotations_closing``: "...
    remplacé par : « 1.2 ... cm. » L'article 2.1 n'est pas modifié.", audit 64). None where the phrase speaks for the
    whole item. ``named_at``: a provision named by its word and number (``provision_named``); ``joined``: a clause's
    join to the next (``clause_joined``)."""
    start = max([0, *(m.end() for m in _SENTENCE_END.finditer(read, 0, said.start())),
                 *(at for at in ends if at <= said.start())])
    # (a clause joined before it by "and": only where what stands before the join is more than names of provisions,
    # "Paragraph 2.1 and Paragraph 2.2 remain unchanged" being one subject)
    for join in joined.finditer(read, start, said.start()):
        if re.search(r"\w", named_at.sub(" ", read[start:join.start()]).replace(" and ", " ")
                     .replace(" y ", " ").replace(" e ", " ").replace(" et ", " ")):
            start = join.end()
    # (from the phrase's start: one may end on its own stop, "Paragraph 2.1.A: no change; Paragraph 2.5.D is deleted")
    close = _SENTENCE_END.search(read, said.start())
    end = min([close.start() if close is not None else len(read), *(at for at in ends if at > said.end())])
    if (join := joined.search(read, said.end(), end)) is not None:
        end = join.start()
    rest = f"{read[:start]} {read[end:]}"
    # (the provision the clause opens with, its subject: not "this restates Article 2.1 and changes nothing"; or
    # after a colon setting off what heads it)
    opening = [_CLAUSE_LABEL.match(read, start, end).end()]
    opening += [colon + 1 + len(read[colon + 1:end]) - len(read[colon + 1:end].lstrip())
                for colon in (m.start() for m in re.finditer(":", read[:said.start()])) if colon >= opening[0]]
    subject = next((m for at in opening if (m := named_at.match(read, at)) is not None), None)
    named = ({m.group("number") for m in named_at.finditer(read, subject.start(), said.start())}
             if subject is not None else set())
    if (bool(named) and (start > 0 or end < len(read)) and named_at.search(rest) is not None
            and not any(re.search(rf"(?<![\w.]){re.escape(number)}(?!\w|\.\w)", rest) for number in named)):
        return start, end
    return None


def unchanged_clauses(read: str, vocabularies: Iterable[Vocabulary], ends: Iterable[int] = ()) -> list[tuple[int, int]]:
    """The clauses of ``read`` that say their own provision is unchanged, speaking for it alone (``_own_clause``: "el
    numeral 2.1.A queda sin cambios y el numeral 2.5.D se elimina"): what one names is never what the item's change
    takes (issue 23). ``ends``: where quotations close sentences (``quotations_closing``)."""
    ends, lower, vocabularies = tuple(ends), lowered(read), tuple(vocabularies)
    named_at, joined = provision_named(vocabularies), clause_joined(vocabularies)
    return [clause for vocab in vocabularies for pattern in candidates(vocab.no_change, lower)
            for said in pattern.finditer(read)
            if (clause := _own_clause(read, said, ends, named_at, joined)) is not None]


def said_unchanged(read: str, no_change: Sequence[re.Pattern[str]], *, changing: bool,
                   reasons: Sequence[re.Pattern[str]] = (), verb_end: int | None = None,
                   ends: Iterable[int] = (), named_at: re.Pattern[str] = _NOTHING,
                   joined: re.Pattern[str] = _NOTHING) -> re.Match[str] | None:
    """Where ``read`` says nothing changes (the first of the ``no_change`` phrases it holds).
    Beside a change verb (``changing``), a phrase whose subject is the rest of the provision
    ("Increase the allowance from $6,500 to $9,200. The rest of the paragraph remains
    unchanged.", "...; colour and reinforcement remain as specified") says the change is in part, not that nothing changes: it is passed over; so is
    one standing in the reason the change gives (the pack's ``reasons``, after the verb ending at
    ``verb_end`` and what it names: "Delete Article 2.2 as it repeats Article 2.1"); and one in a
    sentence of its own naming another provision, which it speaks for alone (``_own_clause``; ``ends``, where
    quotations close sentences: ``quotations_closing``; ``named_at``, a provision named by its word and number:
    ``provision_named``)."""
    ends, lower = tuple(ends), lowered(read)
    for pattern in candidates(no_change, lower):
        for said in pattern.finditer(read):
            if not (changing and (_REMAINDER.search(read, max(0, said.start() - 80), said.start())
                                  or _REMAINDER_AFTER.match(read, said.end())
                                  or _in_reason(read, said, reasons, verb_end)
                                  or _own_clause(read, said, ends, named_at, joined) is not None
                                  or (verb_end is not None and verb_end <= said.start()
                                      and _OTHER_PARTS.search(read, max(verb_end, said.start() - 80), said.start())))):
                return said
    return None


_MERGED: dict[tuple[int, ...], tuple[tuple[Vocabulary, ...], tuple[
    dict[str, list[re.Pattern[str]]], list[re.Pattern[str]], list[re.Pattern[str]], re.Pattern[str],
    re.Pattern[str]]]] = {}


def _merged(vocabularies: tuple[Vocabulary, ...]) -> tuple[
        dict[str, list[re.Pattern[str]]], list[re.Pattern[str]], list[re.Pattern[str]], re.Pattern[str],
        re.Pattern[str]]:
    """The vocabularies' phrases by action, no-change phrases, reasons, the pattern of a provision named by its
    word (``provision_named``) and of a clause's join to the next (``clause_joined``), each built once (and its words indexed once: ``candidates``) for all the lines read
    under them (issue 23)."""
    key = tuple(id(vocab) for vocab in vocabularies)
    held = _MERGED.get(key)
    if held is not None and all(a is b for a, b in zip(held[0], vocabularies, strict=True)):
        return held[1]
    if len(_MERGED) >= 64:
        _MERGED.clear()
    phrases: dict[str, list[re.Pattern[str]]] = {"replace": [], "amend": [], "delete": []}
    no_change: list[re.Pattern[str]] = []
    reasons: list[re.Pattern[str]] = []
    for vocab in vocabularies:
        for action, patterns in vocab.phrases.items():
            phrases[action].extend(patterns)
        no_change.extend(vocab.no_change)
        reasons.extend(vocab.reasons)
    named_at, joined = provision_named(vocabularies), clause_joined(vocabularies)
    _MERGED[key] = (vocabularies, (phrases, no_change, reasons, named_at, joined))
    return phrases, no_change, reasons, named_at, joined


#: A change verb's own words ending with the pack's ``as_follows`` phrase ("est modifié comme suit", "is amended as follows").
_ENDS_FOLLOWING = r"(?:{words})\s*:?\s*$"


def read_action(text: str, vocabularies: Iterable[Vocabulary] | Vocabulary, *,
                mask: Sequence[tuple[int, int]] = ()) -> Action:
    """The action ``text`` (its ``mask`` spans blanked) reads as under the vocabulary."""
    if isinstance(vocabularies, Vocabulary):
        vocabularies = (vocabularies,)
    chars = list(text)
    for start, end in mask:
        chars[start:end] = " " * (end - start)
    read = "".join(chars)
    label = _VERB_LABEL.match(read)
    if label is not None:
        # "Revise: 2.1.B to read: ...", "Remove: From 2.2.B: ...": the verb set as a margin label,
        # its colon only setting it off; read on past it as after a verb written in the sentence
        read = f"{read[:label.end() - 1]} {read[label.end():]}"
    vocabularies = tuple(vocabularies)
    phrases, no_change, reasons, named_at, joined = _merged(vocabularies)
    hits = _matches(read, phrases)
    # "was modified to remove Par. 1.1 A", "is revised to add a note": a change verb whose
    # infinitive names the change; the infinitive's verb is the action, the first only says a change
    hits = [hit for index, hit in enumerate(hits)
            if not (hit[2] == "amend" and index + 1 < len(hits) and _TO_NEXT.fullmatch(read, hit[1], hits[index + 1][0]))]
    hits = [hit for index, hit in enumerate(hits)
            if not (hit[2] == "amend" and index + 1 < len(hits) and hits[index + 1][3].lower().endswith("ing")
                    and _BY_NEXT.fullmatch(read, hit[1], hits[index + 1][0]))]
    if len(hits) > 1 and hits[0][2] == "amend" and (
            (label is not None and hits[0][1] <= label.end()) or _LINE_LABEL.match(read, hits[0][1]) and (
                not read[read.rfind("\n", 0, hits[0][0]) + 1:hits[0][0]].strip(" \t*_"))):
        # "Change: Section 05 50 00, paragraph 2.2.B is deleted.": a label saying what kind of entry
        # follows (a change, not a clarification); the sentence's own verb says what the change is
        # (opening the item or a line of it: "REFERENCE: Page 23, ... Section 2.4" / "UPDATE: Section
        # 2.4 is deleted in its entirety.")
        hits = hits[1:]
    quiet = said_unchanged(read, no_change, changing=bool(hits), reasons=reasons, verb_end=hits[0][1] if hits else None,
                           ends=quotations_closing(text, mask), named_at=named_at, joined=joined)
    attachment = bool(_ATTACHED.search(read))
    if quiet is not None:
        words = " ".join(quiet.group(0).split())
        if hits:
            return Action("no_change", words, quiet.span(), attachment,
                          ambiguous=f'reads "{" ".join(hits[0][3].split())}", but its own words say "{words}"')
        return Action("no_change", words, quiet.span())
    if not hits and (swap := _QUOTED_TO_READ.search(text)) is not None:
        # 'Clause 3.1 A: "200 psi" to read "225 psi".': the old words quoted, "to read", the new words quoted,
        # with no verb before them: a change of words, in part (round 58)
        return Action("amend", " ".join(swap.group(1).split()), swap.span(1), attachment)
    if not hits:
        return Action(None, attachment=attachment)
    # the instruction is the first sentence holding a verb; what follows explains it, unless it
    # replaces or deletes what the first sentence only amends ("Revised. The attached sheet takes
    # the place of the bid issue.")
    end = _SENTENCE_END.search(read, hits[0][1])
    if end is not None:
        later = {hit[2] for hit in hits if hit[0] >= end.end()}
        first_kinds = {hit[2] for hit in hits if hit[0] < end.end()}
        if first_kinds == {"delete"} and later & {"amend", "replace"} and _ATTACHED.search(read, end.end()):
            # "Delete sheets A-601 and E-201. Add the attached sheets A-601 and E-201": replaced
            words = " … ".join(dict.fromkeys(" ".join(h[3].split()) for h in hits))
            return Action("replace", words, (hits[0][0], hits[-1][1]), True)
        if (first_kinds == {"amend"} and later & {"replace", "delete"}
                and all(_STATUS_ALONE.fullmatch(read, hit[0], end.end()) for hit in hits if hit[0] < end.end())):
            # "This part has been substantially modified. In Section ..., paragraph .1 is deleted.":
            # the first sentence only says a change is coming, its verb the sentence's last word;
            # the next sentence says what the change is
            hits = [hit for hit in hits if hit[0] >= end.end()]
        elif not (first_kinds == {"amend"} and later & {"replace", "delete"}):
            hits = [hit for hit in hits if hit[0] < end.end()]
    described = describes(read, hits[0][1])
    if described is not None and any(h[2] == "replace" for h in hits if h[0] < described.start()):
        # "... replace it with the attached revised Drawing A-501, which now includes the following
        # change: ...": what follows the relative clause describes the replacement, it instructs nothing
        hits = [hit for hit in hits if hit[0] < described.start()]
    replaced_at = [h[1] for h in hits if h[2] == "replace"]
    if replaced_at and any(h[2] == "amend" for h in hits):
        # "Replace with the revised sheets issued with this Addendum (metal panel colour and floor-to-floor height
        # changed).": words in brackets after the replace verb say what the replacement changes, they instruct
        # nothing (round 46)
        asides = [m.span() for m in re.finditer(r"\([^()\n\"“”]{0,200}\)", read) if m.start() > replaced_at[0]]
        hits = [h for h in hits if not (h[2] == "amend" and any(a <= h[0] and h[1] <= b for a, b in asides))]
    if len(hits) > 1 and hits[0][2] == "amend" and worded(_ENDS_FOLLOWING, vocabularies, "as_follows").search(hits[0][3]):
        # "Le point 1.2 est modifié comme suit : « 1.2 ... » (Point 1.2 now reads: ...; the brand requirement removed)":
        # the first verb brings the new text after its own "as follows"; words in brackets after it say again what
        # changed, in another language or in brief, and instruct nothing (round 103)
        asides = [m.span() for m in re.finditer(r"\([^()\n\"“”«»]{0,300}\)", read) if m.start() > hits[0][1]]
        hits = [hits[0]] + [h for h in hits[1:] if not any(a <= h[0] and h[1] <= b for a, b in asides)]
    kinds = {hit[2] for hit in hits}
    first = hits[0]
    words = " … ".join(dict.fromkeys(" ".join(h[3].split()) for h in hits))
    span = (first[0], hits[-1][1])
    # a replace or delete verb aimed at words in the target changes it in part
    aimed_at_part = [h for h in hits if h[2] in ("replace", "delete")
                     and ((_PART.match(text, h[1]) and not _NEW_TEXT.search(h[3]) and not _NAMED_QUOTED.match(text, h[1]))
                          or _PART_INSIDE.search(h[3])
                          or (" " in h[3].strip() and _QUOTE_MARK.search(text, h[0], h[1]))
                          or ((_THING.match(read, h[1]) or _SIZED_THING.match(read, h[1])) and not _NAMES_PROVISION.search(h[3]))
                          or _PART_SUBJECT.search(read, max(0, h[0] - 160), h[0] + _auxiliary_length(h[3]))
                          or _QUOTED_SUBJECT.search(text, max(0, h[0] - 160), h[0] + _auxiliary_length(h[3]))
                          or worded(_PART_SUBJECT_PASSIVE, vocabularies, "passives").search(read, max(0, h[0] - 160), h[0])
                          or (_REST_KEPT.search(read, h[1], _line_end(read, h[1])) is not None
                              and not _OBJECT_PROVISION.match(read, h[1]) and _KIND_LAST.search(h[3]) is None)
                          or (h[2] == "delete" and (_REMOVED_FROM.match(read, h[1]) or _TAKEN_FROM.match(read, h[1])) is not None
                              and (subject := _SUBJECT_BEFORE.search(read[max(0, h[0] - 160):h[0]])) is not None
                              and _THING.match(" " + subject.group(1)) is not None))]
    if kinds == {"amend", "replace"} and any(h[2] == "replace" and _SWAPPED.match(text, h[1]) for h in hits):
        # 'Paragraph B has been edited to read "DR 17" instead of "DR 11"': the words given anew beside
        # the words they take the place of, both quoted: the provision changed in part
        return Action("amend", words, span, attachment)
    if kinds == {"delete"}:
        if aimed_at_part:
            return Action("amend", words, span, attachment)
        return Action("delete", words, span, attachment)
    if kinds == {"replace"} or kinds == {"delete", "replace"}:
        # "Delete the paragraph and substitute "A. ..."": what is taken out is the delete verb's
        # object; what follows the replace verb is the new text, not words of the target
        # ('Delete "0.45" and substitute "0.40"': the delete verb is aimed at part, so in part)
        if [h for h in aimed_at_part if h[2] == "delete" or kinds == {"replace"}]:
            return Action("amend", words, span, attachment)
        return Action("replace", words, span, attachment)
    if kinds == {"amend"}:
        if attachment and all(_STATUS.fullmatch(h[3].strip()) for h in hits):
            # "Detail 2 is revised by this addendum; see the attached revised detail": replaced by the attachment
            return Action("replace", words, span, attachment)
        return Action("amend", words, span, attachment)
    if "replace" in kinds and all(_STATUS.fullmatch(h[3].strip()) for h in hits if h[2] == "amend"):
        # ("Se modifica el ARTÍCULO 2º ..., que dice: "..." Reemplazándose por el siguiente texto: "...": the
        # Spanish "is modified" says a change is made, the replace verb what it is, round 56)
        # "revised, to be substituted", "replaced with the attached revised sheet": "revised" says
        # what the replacement is, not a second action
        return Action("replace", words, span, attachment)
    # replace or delete with amend: settled only when the replace or delete is aimed at part, or when,
    # as in the replace-and-delete reading above, the words a delete verb takes out are what the
    # replace verb brings new ones for ('Amend paragraph 5.1.2 by deleting the words "X" and replacing
    # them with "Y"': the paragraph amended in part)
    if aimed_at_part and (len(aimed_at_part) == len([h for h in hits if h[2] != "amend"]) or (
            kinds == {"amend", "delete", "replace"} and any(h[2] == "delete" for h in aimed_at_part))):
        return Action("amend", words, span, attachment)
    return Action(first[2], words, span, attachment,  # type: ignore[arg-type]
                  ambiguous=f"reads {' and '.join(sorted(kinds))} verbs ({words}): which one governs is not clear")
