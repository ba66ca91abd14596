"""The instruction's frame (audit 56): an applied edge's verb must stand as this addendum's
instruction, not inside a condition, a permission, advice, a forecast, a report or a limit to a
part of the work.

An edge is applied only when, in the item's own words (quotations aside):

1. its verb is a word of its own (a form of it: "Revised" for "Revise"), never read out of
   another word ("Add" out of "Addendum");
2. the verb stands in an instruction's frame: it opens its sentence ("Delete ..."), or follows
   the target's name and its colon or a phrase closed by a comma ("Paragraph 2.1.C: Delete ...",
   "In Paragraph 2.1.C, delete ..."), or only names of provisions stand before it, or it is the
   main verb of a present passive or "shall read" statement ("Paragraph 2.1.C is deleted", "...
   shall read:") - the pack's ``passives`` list;
3. its instruction (its sentence up to the colon that brings new text) holds no clause opened by
   a conditional, temporal or concessive conjunction (the pack's ``conditions``: "Unless ...",
   "When Alternate 1 is accepted", "En caso de que ..."), no modal or advisory word before the
   verb (``modals``: "may", "recommends", "It is proposed to", "is expected to"), no limit to a
   part of the work by its name or number (``parts_of_work`` after a preposition: "For Lot 2",
   "in Bid Package B") unless the target's document is that part or the words name the target;
4. the verb is no participle of a report: of an earlier issue's change ("deleted by Addendum
   No. 1") or of a state ("remains deleted": ``reports``).

An edge failing any of these is proposed with the reason, never dropped. A pack listing none of
``passives``, ``conditions``, ``modals``, ``parts_of_work`` and ``reports`` reads no frame: its
edges pass as read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from inforce.ontology import DerivedEdge, Document
from inforce.rules.patterns import unspaced

from ..derivation import _quoted_spans
from .actions import worded, words_of
from .context import _read_text
from .extent import ABBREVIATION_POINT
from .items import Item
from .references import Corpus, find_references

__all__ = ["FRAME_LISTS", "outside_frame"]

#: Whether a verb after words that are no names, passive or comma is proposed (step 2 alone). Off: on
#: the real addenda sets it took 6.5% of the applied edges (correct ones) to proposals; the negative
#: checks (conditions, modals, parts of the work, reports, a word of its own) stay on.
_STRICT_FRAME = False

#: The pack's word lists the frame reads.
FRAME_LISTS = ("conditions", "modals", "passives", "parts_of_work", "reports")

#: Where a sentence (or a table cell, or a line) ends.
#: (never at an abbreviation's point before a number or a revision's letter: "Should ..., Drawing C-204 Rev. B
#: will be withdrawn" is one sentence, its condition the verb's)
_SENTENCE_END = re.compile(rf"[.;!?](?!{ABBREVIATION_POINT})[\"”’)]?(?=\s+[\"“(¿¡]?[A-ZÀ-Ý])|[\n|]")
#: What a verb may take after its own letters and still be a form of it ("Revise" → "Revised").
_ENDING = re.compile(r"(?:e?s|e?d|ing)?(?!\w)", re.IGNORECASE)
#: An item's own label opening its words ("1.1", "2.", "A.", "(b)").
_LABEL = re.compile(r"\W*(?:(?:\d+(?:\.\w+)*\.?|[A-Za-z][.)]|\(\w{1,4}\))\s+)?")
#: A word that only joins the names of provisions ("Note 3 on Sheet A-101", "Section 03 30 00, Part 2").
_JOINING = re.compile(r"(?i:the|of|on|in|at|to|and|&|no\.?|nos\.?|nr\.?|n[º°]|#|del?|la|el|des?|du|der|die|das|"
                      r"sections?|sheets?|drawings?|paragraphs?|subparagraphs?|articles?|clauses?|notes?|keynotes?|"
                      r"details?|callouts?|items?|pages?|parts?|numerals?|literal|inciso|p[áa]rrafo|art[íi]culo|"
                      r"spec(?:ification)?s?|divisions?|titled?)"
                      r"|[\d\W]+|\(?\d[\w.()-]*|(?-i:[A-Z][\w.’'-]*)")
#: A participle's report of an issue's change, the issue named with its number ("deleted by Addendum No. 1").
_BY_ISSUE = re.compile(r"\s+(?:by|in|under|per|through|with)\s+(?:the\s+)?(?:Addendum|Addenda|Bulletin|Amendment|"
                       r"Change\s+Order|Corrigendum|Circular|Adenda|Enmienda|Nachtrag|Avenant)\s+"
                       r"(?:No\.?\s*|Nr\.?\s*|N[º°]\.?\s*|#\s*)?(?P<number>\w+)", re.IGNORECASE)
#: A past tense's auxiliary right before the verb, or before a verb joined to it ("was withdrawn and replaced"):
#: an account, whose issue (a number not the addendum's own) may be named after the verb's object.
_PAST_ACCOUNT = re.compile(r"(?<!\w)(?:was|were|had\s+been|has\s+been|have\s+been)\s+(?:[\w-]+,?\s+(?:and|or|&)\s+)?$",
                          re.IGNORECASE)
#: After the verb, the words that bring what the provision now says ("revised to allow ...", "amended
#: to require ...", "... as follows"): what follows them is the provision's, not the instruction's.
_NEW_WORDS = re.compile(r"(?<!\w)(?:(?:so\s+as\s+)?to\s+(?:read|allow|permit|require|state|say|include|provide|"
                        r"specify|indicate|show|clarify|accept|exclude|limit)|as\s+follows)(?!\w)", re.IGNORECASE)
#: The number an addendum gives itself in its title ("Addendum No. 3").
_OWN_NUMBER = re.compile(r"\b(?:No\.?|Nr\.?|N[º°]\.?|Number|#)\s*(\w+)", re.IGNORECASE)


def _lists(vocabularies: Sequence[Any]) -> Mapping[str, str]:
    return {key: words_of(vocabularies, key) for key in FRAME_LISTS}


def _verb_span(read: str, words: str) -> tuple[tuple[int, int] | None, bool]:
    """Where the edge's verb words stand in ``read`` (first piece to last, spaces as any run of
    them), and whether they stand only inside longer words (read out of another word)."""
    pieces = [p.split() for p in words.split(" … ") if p.strip()]
    if not pieces or not pieces[0]:
        return None, False
    first_words = r"\s+".join(re.escape(w) for w in pieces[0])
    last_words = r"\s+".join(re.escape(w) for w in pieces[-1])
    inside = False
    # (a word of a script written without spaces touches the words beside it: "4.1 は削除する")
    opens = "" if unspaced(pieces[0][0][:1]) else r"(?<!\w)"
    reopens = "" if unspaced(pieces[-1][0][:1]) else r"(?<!\w)"
    closes_unspaced = unspaced(pieces[-1][-1][-1:])
    for first in re.finditer(rf"{opens}{first_words}", read, re.IGNORECASE):
        last = first if len(pieces) == 1 else re.compile(rf"{reopens}{last_words}", re.IGNORECASE).search(
            read, first.end())
        if last is None:
            continue
        if closes_unspaced:
            return (first.start(), last.end()), False
        if last.group(0)[-1:].isalnum() and _ENDING.match(read, last.end()) is None:
            inside = True  # ("Add" in "Addendum"): look further for the word of its own
            continue
        return (first.start(), last.end() + (_ENDING.match(read, last.end()).end() - last.end()
                                             if last.group(0)[-1:].isalnum() else 0)), False
    return None, inside


def _bounds(read: str, at: int) -> tuple[int, int]:
    """The sentence (or cell, or line) holding ``at``."""
    start = 0
    for m in _SENTENCE_END.finditer(read):
        if m.end() > at:
            break
        start = m.end()
    end = _SENTENCE_END.search(read, at)
    return start, end.start() if end is not None else len(read)


def _names_only(words: str, corpus: Corpus, notations: Mapping[str, Sequence[re.Pattern[str]]] | None) -> bool:
    """Whether ``words`` are only names of provisions and the words joining them."""
    found = find_references(words, corpus, notations=notations, titles=False)
    rest = _read_text(words, [r.span for r in found])
    return all(_JOINING.fullmatch(token) for token in rest.split())


def outside_frame(edge: DerivedEdge, item: Item, corpus: Corpus, vocabularies: Sequence[Any], document: Document,
                  notations: Mapping[str, Sequence[re.Pattern[str]]] | None = None) -> str | None:
    """Why ``edge``'s verb does not stand as this addendum's instruction in ``item`` (see the
    module's doc); None where it does, where the pack reads no frame, or where the verb's words
    are not the item's own (a heading's or a lead-in's, or words a reading put together)."""
    lists = _lists(vocabularies)
    if not any(lists.values()):
        return None
    text = item.text
    # (quotations aside, and the question of a question and answer: what it asks is never instructed)
    read = _read_text(text, [*_quoted_spans(text), *([(0, item.answer)] if item.answer else [])])
    span, inside = _verb_span(read, edge.words)
    if span is None:
        if inside:
            return (f'its verb "{edge.words.split()[-1]}" is read out of a longer word, not a word of its own: '
                    "whether it changes anything is for a person to confirm")
        return None
    # for the words of a pattern ("Section 03 30 00, Paragraph 2.1.C: Delete"), the verb is their last word
    verb_start = span[0]
    head_colon = max((i for i in range(span[0], span[1]) if read[i] in ":,"
                      and re.search(r"\w", read[i + 1:span[1]])), default=-1)
    if head_colon >= 0 and " … " not in edge.words:
        verb_start = head_colon + 1
        while verb_start < span[1] and read[verb_start].isspace():
            verb_start += 1
    start, end = _bounds(read, verb_start)
    # the instruction ends at the colon bringing its new text (what follows is the provision's words)
    colon = read.find(":", max(span[0], span[1] - 1), end)
    instruction_end = colon if colon >= 0 else end
    # ... or at the words bringing what the provision now says ("is revised to allow placement from a
    # floating plant, provided the stone is set from the toe": the proviso is the new requirement's)
    if (brings := _NEW_WORDS.search(read, span[1], instruction_end)) is not None:
        instruction_end = brings.start()
    # what stands before the verb in its clause: after the target's name and its colon or dash
    # (a parenthesis opens a clause of its own: "07210 - Insulation (section included in its entirety)")
    head = max(read.rfind(":", start, verb_start), read.rfind(" - ", start, verb_start),
               read.rfind(" – ", start, verb_start), read.rfind(" — ", start, verb_start),
               read.rfind("(", start, verb_start))
    pre_start = head + 1 if head >= start else start
    if pre_start == start:
        label = _LABEL.match(read, start)
        pre_start = label.end() if label is not None else start
    pre = read[pre_start:verb_start]
    verb = " ".join(read[verb_start:span[1]].split())
    clause = read[start:verb_start] + " " * (span[1] - verb_start) + read[span[1]:instruction_end]
    # (4) a participle reporting a change: an earlier issue's, or a state
    # (a past tense's account names the issue further on: "Drawing C-204 was withdrawn and replaced by Drawing
    # C-204 Rev. B in Addendum No. 1", "... was withdrawn from this Contract by Addendum No. 1"; audit 69 C F8)
    by = _BY_ISSUE.match(read, span[1]) if re.search(r"(?:ed|en|uck)$", verb, re.IGNORECASE) else None
    if by is None and _PAST_ACCOUNT.search(read, start, verb_start) is not None:
        by = _BY_ISSUE.search(read, span[1], instruction_end)
    if by is not None:
        own = _OWN_NUMBER.search(document.title or "")
        if own is None or own.group(1).lower() != by.group("number").lower():
            return (f'"{verb}{by.group(0)}" reports a change another issue made, not one this item makes: '
                    "for a person to confirm")
    if lists["reports"] and (said := worded(r"(?<!\w)(?:{words})\s+$", vocabularies, "reports").search(
            read, start, verb_start)) is not None:
        return (f'"{" ".join(said.group(0).split())} {verb}" reports a state, not a change this item makes: '
                "for a person to confirm")
    # (3) a condition, a modal or advisory frame, a part of the work
    if lists["conditions"] and (cond := worded(r"(?<!\w)(?:{words})(?!\w)", vocabularies, "conditions").search(
            clause)) is not None:
        return (f'its instruction holds a clause opened by "{" ".join(cond.group(0).split())}": the change waits on '
                "it, for a person to confirm")
    # (a modal word stands before the verb, but may look on at it and at the rest of its instruction: "will" before
    # an active verb, "will revise", is a forecast, where "will be read as" is a corrigendum's own instruction)
    if lists["modals"] and (modal := next((m for m in worded(r"(?<!\w)(?:{words})(?!\w)", vocabularies, "modals")
                                           .finditer(read, start, max(instruction_end, span[1]))
                                           if m.end() <= verb_start), None)) is not None:
        return (f'"{" ".join(modal.group(0).split())}" stands before its verb "{verb}": a permission, advice or '
                "forecast, not an instruction; for a person to confirm")
    if lists["parts_of_work"]:
        limiter = worded(r"(?<!\w)(?:{words})\s+(?:No\.?\s*|Nr\.?\s*|n[º°o]\.?\s*|#\s*)?"
                         r"(?:\d+[A-Za-z]?|(?-i:[A-Z]|[IVX]+))(?!\w)", vocabularies, "parts_of_work")
        for limit in limiter.finditer(clause):
            if _names_target(limit, clause, edge, corpus, notations):
                continue
            return (f'"{" ".join(limit.group(0).split())}" limits the change to a part of the work that '
                    f"{edge.target.doc} is not: for a person to confirm")
    # (2) the verb opens its clause, follows a phrase closed by a comma, only names of provisions,
    # or a passive's auxiliary
    tail = pre.strip()
    # (a verb joined to the one before it, "is withdrawn and reissued": the frame is the first one's)
    tail = re.sub(r"(?<=\w)\s+[\w-]+(?:\s*,)?\s+(?:and|or|&|y|et|und|en|och|og|e)$", "", tail, flags=re.IGNORECASE)
    if not tail or re.search(r"[,:;\-–—(]$", tail) or not re.search(r"\w", tail):
        return None
    if re.search(r"[\"”’'»]\s*$", text[pre_start:verb_start]):
        return None  # (quoted words right before it: its subject, 'where it says "X", read "Y"')
    passive = worded(r"(?<!\w)(?:{words})$", vocabularies, "passives")
    if lists["passives"] and (passive.search(tail) or worded(r"^(?:{words})(?!\w)", vocabularies, "passives").match(
            verb)):
        return None
    if not _STRICT_FRAME or _names_only(tail, corpus, notations):
        return None
    return (f'its verb "{verb}" neither opens its sentence nor follows the name of what it changes ("{tail[-60:]}" '
            "stands before it): not an instruction's frame, for a person to confirm")


def _names_target(limit: re.Match[str], clause: str, edge: DerivedEdge, corpus: Corpus,
                  notations: Mapping[str, Sequence[re.Pattern[str]]] | None) -> bool:
    """Whether a part of the work named in ``clause`` is the target's document (its title holds
    it) or is the name of a provision (a reference read over it: "Alternate No. 2")."""
    named = _plain(" ".join(limit.group(0).split()[1:]))
    named = re.sub(r"^(?:the|el|la|le|l’|l'|den|das) ", "", named)
    own = [corpus.directory.titles.get(edge.target.doc, ("", ""))[1]]
    if edge.target.path is not None and corpus.names is not None:
        own.append(corpus.names(edge.target.doc).get(edge.target.path, ""))
    if named and any(re.search(rf"(?<!\w){re.escape(named)}(?!\w)", _plain(words)) for words in own):
        return True
    return any(r.span[0] < limit.end() and limit.start() < r.span[1]
               for r in find_references(clause, corpus, notations=notations, titles=False)
               if r.target is not None and r.target.path is not None)


def _plain(words: str) -> str:
    """Words cased and spaced alike, a number's sign left out ("Alternate No. 2" → "alternate 2")."""
    return " ".join(re.sub(r"(?i)\b(?:no|nr|n[º°o])\.?\s*(?=\d)|#\s*", "", words).casefold().split())
