"""The words an amending instruction takes out: the removed slot of "Delete "4 inches"",
"replace "7 years" by "3 years"", "change X to Y", "X is changed to Y", "revise ... from X to
Y", "substitute Y for X", "Y instead of X", "for X read Y".

The verbs are the supersession rules' own (``actions``: the one verb list), and what is
quoted is ``derivation``'s reading of quotation marks; this module only says which side of the
verb holds the old words, by the connectives around it ("to", "by", "with", "for", "from",
"as", "instead of"). Used where an amending item's figures are compared as what it states
(``engine.amendments``): the figure it deletes or replaces is not one of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..derivation import _quoted_spans
from .actions import Vocabulary, _matches

__all__ = ["removed_spans"]

#: Words between a verb and the quotation it acts on ("Delete the words "4 inches"").
_FILLER = re.compile(r"[\s,:]*(?:the\s+(?:words?|figures?|values?|numbers?|text|phrase|term|dimension)\s*,?\s*)?",
                     re.IGNORECASE)
#: After old words, the connective that leads to the new ones ("X by Y", "X to Y", "X as Y").
_TO_NEW = re.compile(r"\s*,?\s*(?:to(?:\s+read)?|by|with|into|as|and\s+(?:substitute|replace|insert|add))\b",
                     re.IGNORECASE)
#: Before a passive verb, the words that join it to its subject ("X is changed to", "X shall read").
_PASSIVE = re.compile(r"(?:\b(?:is|are|was|were|be|been|shall|should|will|must|has|have)\s+)*$", re.IGNORECASE)
#: A verb phrase that ends on the connective before the old words ("Y instead of X").
_OLD_AFTER = re.compile(r"\b(?:instead\s+of|in\s+lieu\s+of|in\s+place\s+of)$", re.IGNORECASE)
#: Where unquoted old words end.
_UNQUOTED_END = re.compile(r"\s+(?:to|by|with|as|and|for)\b|,(?!\d)|[;:]|\.(?:\s|$)|$", re.IGNORECASE)
_FROM = re.compile(r"\bfrom\s+", re.IGNORECASE)
_FOR = re.compile(r"\s*for\s+", re.IGNORECASE)
_CLAUSE_START = re.compile(r"[.;:!?](?=\s)|^", re.MULTILINE)
_SENTENCE = re.compile(r"[.;!?](?:\s|$)")
_UNQUOTED_MAX = 80


def removed_spans(text: str, vocabularies: Iterable[Vocabulary]) -> tuple[tuple[int, int], ...]:
    """The spans of ``text`` an amending instruction in it takes out (the old words of each
    change it reads), in order; none when it reads no change verb."""
    phrases: dict[str, list[re.Pattern[str]]] = {"replace": [], "amend": [], "delete": []}
    for vocab in vocabularies:
        for action, patterns in vocab.phrases.items():
            phrases[action].extend(patterns)
    quoted = _quoted_spans(text)
    found: list[tuple[int, int]] = []
    for start, end, action, words in _matches(text, phrases):
        if any(a <= start < b for a, b in quoted):
            continue  # a verb inside quoted words is part of the words
        found += _slots(text, quoted, start, end, action, " ".join(words.lower().split()))
    return tuple(sorted(set(found)))


def _slots(text: str, quoted: Sequence[tuple[int, int]], start: int, end: int, action: str,
           words: str) -> list[tuple[int, int]]:
    limit = _SENTENCE.search(text, end)
    stop = limit.start() if limit else len(text)
    inside = [(a, b) for a, b in quoted if start < a and b < end]
    if inside:  # "for "X" read", "read "X" as", "the words "X" should read": the verb's own gap holds them
        return inside
    if _OLD_AFTER.search(words):  # "6 hours instead of 4"
        return [_after(text, quoted, end, stop)]
    if words.endswith(" from"):  # "increase the allowance from X to Y": the verb phrase ends on "from"
        old = _after(text, quoted, end, stop)
        return [old] if re.match(r"\s*to\b", text[old[1]:], re.IGNORECASE) else []
    at = _FILLER.match(text, end).end()  # type: ignore[union-attr]
    after = _quote_at(quoted, at)
    slots: list[tuple[int, int]] = []
    if after is not None:
        for_old = _FOR.match(text, after[1])
        if action == "replace" and for_old is not None:  # substitute "Y" for "X"
            slots.append(_after(text, quoted, for_old.end(), stop))
        elif action == "delete" or _TO_NEW.match(text, after[1]):
            slots.append(after)  # Delete "X"; replace "X" by "Y"; change "X" to "Y"
    elif action != "delete" and (came := _FROM.search(text, end, stop)) is not None:
        old = _after(text, quoted, came.end(), stop)  # revise ... from X to Y
        if re.match(r"\s*to\b", text[old[1]:], re.IGNORECASE):
            slots.append(old)
    elif _TO_NEW.search(text[at:stop]) and not words.startswith("is "):
        # change 7 years to 3 years; delete 4 inches and substitute 6 inches (unquoted words after
        # a delete verb only before the words that put others in: "Remove forms after 7 days" is no change)
        old = _after(text, quoted, at, stop)
        if old[1] > old[0] and _TO_NEW.match(text, old[1]):
            slots.append(old)
    auxiliary = words.startswith(("is ", "are ")) or bool(_PASSIVE.search(text, max(0, start - 40), start).group(0))
    if not slots and action != "delete" and (auxiliary or _TO_NEW.match(text, end) or words.endswith((" to", " as"))):
        # "X" is changed to "Y"; "X" changed to "Y"; the allowance of $4,000 is increased to $5,500
        # (unquoted old words only with "is", "shall be" and the like: "1 CHANGE TO SOP-001" is a heading)
        before = _before(text, quoted, start, unquoted=auxiliary)
        if before is not None:
            slots.append(before)
    return [s for s in slots if s[1] > s[0]]


def _quote_at(quoted: Sequence[tuple[int, int]], at: int) -> tuple[int, int] | None:
    return next(((a, b) for a, b in quoted if a == at), None)


def _after(text: str, quoted: Sequence[tuple[int, int]], at: int, stop: int) -> tuple[int, int]:
    """The old words starting at ``at``: the quotation there, else the words up to a connective."""
    while at < len(text) and text[at].isspace():
        at += 1
    found = _quote_at(quoted, at)
    if found is not None:
        return found
    end = _UNQUOTED_END.search(text, at, min(stop, at + _UNQUOTED_MAX) if stop > at else at)
    return (at, end.start() if end else min(stop, at + _UNQUOTED_MAX))


def _before(text: str, quoted: Sequence[tuple[int, int]], verb: int, *, unquoted: bool) -> tuple[int, int] | None:
    """The old words before a passive verb: the last quotation in its clause, else the clause."""
    passive = _PASSIVE.search(text, max(0, verb - 40), verb)
    head = passive.start() if passive else verb
    floor = max(0, head - _UNQUOTED_MAX)
    clause = max((m.end() for m in _CLAUSE_START.finditer(text, floor, head)), default=floor)
    inside = [(a, b) for a, b in quoted if clause <= a and b <= head]
    if inside:
        return inside[-1]
    return (clause, head) if unquoted and head > clause else None
