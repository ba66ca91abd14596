"""The words an amending instruction takes out: the removed slot of "Delete "4 inches"",
"replace "7 years" by "3 years"", "change X to Y", "X is changed to Y", "revise ... from X to
Y", "substitute Y for X", "for X substitute Y", "insert Y in place of X", "Y instead of X",
"for X read Y", "for X there shall be substituted Y", ""X" is deleted", and the forms with no
verb of the rules: "X becomes Y", "X → Y", ""7 years" to "3 years"" (two quoted figures), "was
X; it is now Y", "(formerly X)" and a change table's Was/Old column.

The verbs are the supersession rules' own (``actions``: the one verb list), and what is
quoted is ``derivation``'s reading of quotation marks; this module only says which side of the
verb holds the old words, by the connectives around it ("to", "by", "with", "for", "from",
"as", "instead of"). Used where an amending item's figures are compared as what it states
(``engine.amendments``): the figure it deletes or replaces is not one of them.

Every search is bounded to a window around the verb and quotations are found by bisection, so
reading an item is linear in its length (an item of many thousand changes reads in a blink).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence

from ..derivation import _quoted_spans
from ..quantities.modifiers import changed_figures
from .actions import Vocabulary, _matches

__all__ = ["change_spans", "inserted_spans", "removed_spans"]

#: Words between a verb and the quotation it acts on ("Delete the words "4 inches"").
_FILLER = re.compile(r"[\s,:]*(?:the\s+(?:words?|figures?|values?|numbers?|text|phrase|term|dimension)\s*,?\s*)?",
                     re.IGNORECASE)
#: After old words, the connective that leads to the new ones ("X by Y", "X to Y", "X as Y").
_TO_NEW = re.compile(r"\s*+,?\s*+(?:to(?:\s++read)?|by|with|into|as|and\s++(?:substitute|replace|insert|add))\b",
                     re.IGNORECASE)
#: Before a passive verb, the words that join it to its subject ("X is changed to", "X shall read").
_PASSIVE = re.compile(r"(?:\b(?:is|are|was|were|be|been|shall|should|will|must|has|have)\s+)*$", re.IGNORECASE)
#: A verb phrase that ends on the connective before the old words ("Y instead of X").
_OLD_AFTER = re.compile(r"\b(?:instead\s+of|in\s+lieu\s+of|in\s+place\s+of)$", re.IGNORECASE)
#: After the new words, the connective before the old ones ("insert "Y" in place of "X"").
_IN_PLACE = re.compile(r"\s*+,?\s*+(?:instead\s++of|in\s++lieu\s++of|in\s++place\s++of)\s+", re.IGNORECASE)
#: A passive verb that puts words in: the words before it are the new ones ("Y" is inserted).
_PUTS_IN = re.compile(r"\b(?:insert|add|substitut|put)", re.IGNORECASE)
#: "for X" right before a verb of putting in ("for "7 years" substitute "3 years"").
_FOR_BEFORE = re.compile(r"\bfor\s+(?:the\s+(?:words?|figures?)\s+)?$", re.IGNORECASE)
_FOR_UNQUOTED = re.compile(r"\bfor\s+((?:[$£€]\s?)?\d[^,;:.\"“”]{0,60}?|[^,;:.\"“”]{0,60}?\d[^,;:.\"“”]{0,40}?)\s*,?\s*$",
                           re.IGNORECASE)
_THERE_SHALL_BE = re.compile(r"(?:\bthere\s+)?\b(?:shall|is|are|will|must|should)\s+be\s+$", re.IGNORECASE)
#: "for 7 years read 3 years": the verb phrase holds the old words.
_FOR_READ = re.compile(r"for\s+(.+?)\s*,?\s+read\b", re.IGNORECASE | re.DOTALL)
#: Where unquoted old words end.
_UNQUOTED_END = re.compile(r"\s+(?:to|by|with|as|and|for|in\s+place|instead|in\s+lieu)\b|,(?!\d)|[;:]|\.(?:\s|$)|$",
                           re.IGNORECASE)
_FROM = re.compile(r"\bfrom\s+", re.IGNORECASE)
_FOR = re.compile(r"\s*for\s+", re.IGNORECASE)
_CLAUSE_START = re.compile(r"[.;:!?](?=\s)|^", re.MULTILINE)
_SENTENCE = re.compile(r"[.;!?](?:\s|$)")
#: A pronoun standing for the old words ("it is now 3 years"): not the words themselves.
_PRONOUN = re.compile(r"\s*(?:it|they|this|these|that|those|which|the\s+same)\s*", re.IGNORECASE)
_UNQUOTED_MAX = 80
#: How far past a verb its sentence is looked for (a change list of thousands of entries joined
#: by commas is one sentence: its end is not searched for from every verb).
_REACH = 600

# ---- forms with no verb of the rules ----
#: "X becomes Y", "X → Y": the old words end right before (the spaces before it are walked back
#: over, never matched: a leading run searched from every position is quadratic in it, audit B).
_BECOMES = re.compile(r"(?:\b(?:becomes|shall\s+become|will\s+become|is\s+to\s+become|is\s+now|are\s+now)\b|→|⟶|⇒|->|=>)",
                      re.IGNORECASE)
#: A figure as its words end before a connective ("retention 7 years → 3 years").
_FIGURE_BEFORE = re.compile(r"(?:[$£€]\s?)?\d[\d,./]*(?:[ \t-]*(?:%|[^\W\d_][\w.]*)){0,2}\s*$")
_QUOTE_TO = re.compile(r"(?<=[\"”’'])\s+to\s+(?=[\"“‘'])", re.IGNORECASE)
_DIGIT = re.compile(r"\d")
_FORMERLY = re.compile(r"\(\s*(?:formerly|previously|originally|was|old)\b\s*:?\s*([^()\n]{1,80}?)\s*\)", re.IGNORECASE)
_WAS_NOW = re.compile(r"\bwas\s+([^;,.\n|]{0,60}?\w[^;,.\n|]{0,40}?)\s*[;,.]?\s*(?:and\s+|but\s+)?(?:it\s+|this\s+|that\s+)?(?:is\s+)?now\b",
                      re.IGNORECASE)
_OLD_COLUMN = re.compile(r"(?:was|old|from|existing|previous(?:ly)?|formerly|former|original|delete[d]?|before|"
                         r"current)(?:\s+(?:text|value|figure|requirement|words?|reads?))?:?", re.IGNORECASE)
_NEW_COLUMN = re.compile(r"(?:now|new|to|revised|replacement|substitute[d]?|insert(?:ed)?|amended|after|proposed|"
                         r"change[d]?\s+to|revise[d]?\s+to)(?:\s+(?:text|value|figure|requirement|words?|reads?))?:?",
                         re.IGNORECASE)
_RULE_ROW = re.compile(r"\|?\s*:?-{2,}")


class _Quotes:
    """A text's quotations (in order, never overlapping), found by bisection."""

    def __init__(self, spans: Sequence[tuple[int, int]]) -> None:
        self.spans = list(spans)
        self.starts = [a for a, _ in self.spans]
        self.ends = [b for _, b in self.spans]
        self.opening = {a: (a, b) for a, b in self.spans}
        self.closing = {b: (a, b) for a, b in self.spans}

    def holds(self, at: int) -> bool:
        index = bisect_right(self.starts, at) - 1
        return index >= 0 and self.spans[index][0] <= at < self.spans[index][1]

    def between(self, low: int, high: int, *, strict: bool) -> list[tuple[int, int]]:
        """The quotations inside ``low``-``high`` (``strict``: not touching either end)."""
        first = bisect_right(self.starts, low) if strict else bisect_left(self.starts, low)
        last = bisect_left(self.ends, high) if strict else bisect_right(self.ends, high)
        return self.spans[first:last] if last > first else []


def removed_spans(text: str, vocabularies: Iterable[Vocabulary]) -> tuple[tuple[int, int], ...]:
    """The spans of ``text`` an amending instruction in it takes out (the old words of each
    change it reads), in order; none when it reads no change."""
    phrases: dict[str, list[re.Pattern[str]]] = {"replace": [], "amend": [], "delete": []}
    for vocab in vocabularies:
        for action, patterns in vocab.phrases.items():
            phrases[action].extend(patterns)
    quotes = _Quotes(_quoted_spans(text))
    found: list[tuple[int, int]] = []
    for start, end, action, words in _matches(text, phrases):
        if quotes.holds(start):
            continue  # a verb inside quoted words is part of the words
        found += _slots(text, quotes, start, end, action, " ".join(words.lower().split()))
    found += _unverbed(text, quotes)
    found += _table_columns(text)
    return tuple(sorted({s for s in found if s[1] > s[0]}))


def _slots(text: str, quotes: _Quotes, start: int, end: int, action: str, words: str) -> list[tuple[int, int]]:
    limit = _SENTENCE.search(text, end, min(len(text), end + _REACH))
    stop = limit.start() if limit else min(len(text), end + _REACH)
    inside = quotes.between(start, end, strict=True)
    if inside:  # "for "X" read", "read "X" as", "the words "X" should read": the verb's own gap holds them
        return inside
    if action != "delete" and (read := _FOR_READ.match(text, start, end)) is not None:  # for 7 years read 3 years
        return [read.span(1)]
    if _OLD_AFTER.search(words):  # "6 hours instead of 4"
        return [_after(text, quotes, end, stop)]
    if words.endswith(" from"):  # "increase the allowance from X to Y": the verb phrase ends on "from"
        old = _after(text, quotes, end, stop)
        return [old] if re.match(r"\s*to\b", text[old[1]:old[1] + 8], re.IGNORECASE) else []
    at = _FILLER.match(text, end).end()  # type: ignore[union-attr]
    after = quotes.opening.get(at)
    slots: list[tuple[int, int]] = []
    prior = _for_before(text, quotes, start) if action != "delete" else None
    if prior is not None:  # for "X" substitute "Y"; for 7 years insert 3 years
        slots.append(prior)
    elif after is not None:
        for_old = _FOR.match(text, after[1])
        placed = _IN_PLACE.match(text, after[1])
        if action != "delete" and placed is not None:  # insert "Y" in place of "X"
            slots.append(_after(text, quotes, placed.end(), stop))
        elif action == "replace" and for_old is not None:  # substitute "Y" for "X"
            slots.append(_after(text, quotes, for_old.end(), stop))
        elif action == "delete" or _TO_NEW.match(text, after[1]):
            slots.append(after)  # Delete "X"; replace "X" by "Y"; change "X" to "Y"
    elif action != "delete" and (placed := _IN_PLACE.search(text, at, min(stop, at + _UNQUOTED_MAX))):
        slots.append(_after(text, quotes, placed.end(), stop))  # insert 3 years in place of 7 years
    elif action != "delete" and (came := _FROM.search(text, end, stop)) is not None:
        old = _after(text, quotes, came.end(), stop)  # revise ... from X to Y
        if re.match(r"\s*to\b", text[old[1]:old[1] + 8], re.IGNORECASE):
            slots.append(old)
    elif _TO_NEW.search(text, at, min(stop, at + _UNQUOTED_MAX + 20)) and not words.startswith("is "):
        # change 7 years to 3 years; delete 4 inches and substitute 6 inches (unquoted words after
        # a delete verb only before the words that put others in: "Remove forms after 7 days" is no change)
        old = _after(text, quotes, at, stop)
        if old[1] > old[0] and _TO_NEW.match(text, old[1]):
            slots.append(old)
    auxiliary = words.startswith(("is ", "are ")) or bool(_PASSIVE.search(text, max(0, start - 40), start).group(0))
    if not slots and auxiliary and _PUTS_IN.match(words.split()[-1]):
        return []  # "Y" is inserted: the words before the verb come in
    if not slots and (auxiliary or action != "delete" and (_TO_NEW.match(text, end) or words.endswith((" to", " as")))):
        # "X" is changed to "Y"; "X" changed to "Y"; "X" is deleted; the allowance of $4,000 is
        # increased to $5,500 (unquoted old words only with "is", "shall be" and the like: "1 CHANGE
        # TO SOP-001" is a heading)
        before = _before(text, quotes, start, unquoted=auxiliary)
        if before is not None:
            slots.append(before)
    return slots


def _for_before(text: str, quotes: _Quotes, verb: int) -> tuple[int, int] | None:
    """The old words of "for X <verb> Y": "for" and the words right before the verb."""
    at = verb
    passive = _THERE_SHALL_BE.search(text, max(0, verb - 30), verb)
    if passive is not None:  # for "X" there shall be substituted "Y"
        at = passive.start()
    while at > 0 and text[at - 1] in " \t,":
        at -= 1
    found = quotes.closing.get(at)
    if found is not None:
        return found if _FOR_BEFORE.search(text, max(0, found[0] - 30), found[0]) else None
    bare = _FOR_UNQUOTED.search(text, max(0, at - _UNQUOTED_MAX), at)
    return bare.span(1) if bare is not None else None


def _after(text: str, quotes: _Quotes, at: int, stop: int) -> tuple[int, int]:
    """The old words starting at ``at``: the quotation there, else the words up to a connective."""
    while at < len(text) and text[at].isspace():
        at += 1
    found = quotes.opening.get(at)
    if found is not None:
        return found
    end = _UNQUOTED_END.search(text, at, min(stop, at + _UNQUOTED_MAX) if stop > at else at)
    return (at, end.start() if end else min(stop, at + _UNQUOTED_MAX))


def _before(text: str, quotes: _Quotes, verb: int, *, unquoted: bool) -> tuple[int, int] | None:
    """The old words before a passive verb: the last quotation in its clause, else the clause."""
    passive = _PASSIVE.search(text, max(0, verb - 40), verb)
    head = passive.start() if passive else verb
    floor = max(0, head - _UNQUOTED_MAX)
    clause = max((m.end() for m in _CLAUSE_START.finditer(text, floor, head)), default=floor)
    inside = quotes.between(clause, head, strict=False)
    if inside:
        return inside[-1]
    if _PRONOUN.fullmatch(text, clause, head):
        return None  # "it is now 3 years": the old words are elsewhere (``_unverbed``)
    return (clause, head) if unquoted and head > clause else None


def _unverbed(text: str, quotes: _Quotes) -> list[tuple[int, int]]:
    """Old words that no verb of the rules marks: "X becomes Y", "X → Y", "was X; it is now
    Y", "(formerly X)"."""
    found: list[tuple[int, int]] = []
    for link in _BECOMES.finditer(text):
        at = link.start()
        while at > 0 and text[at - 1].isspace():
            at -= 1
        quoted = quotes.closing.get(at)
        if quoted is not None:
            found.append(quoted)
        elif not quotes.holds(at) and (
                figure := _FIGURE_BEFORE.search(text, max(0, at - 40), at)) is not None:
            found.append((figure.start(), at))
    for link in _QUOTE_TO.finditer(text):  # shorten "7 years" to "3 years": a figure to a figure
        old = quotes.closing.get(link.start())
        new = quotes.opening.get(link.end())
        if old is not None and new is not None and _DIGIT.search(text, *old) and _DIGIT.search(text, *new):
            found.append(old)
    found += [m.span(1) for m in _FORMERLY.finditer(text)]
    found += [m.span(1) for m in _WAS_NOW.finditer(text)]
    return found


def _table_columns(text: str) -> list[tuple[int, int]]:
    """The cells under a change table's Was/Old column (a header row that has both a Was and a
    Now column): what the table takes out."""
    found: list[tuple[int, int]] = []
    column: int | None = None
    at = 0
    for line in text.splitlines(keepends=True):
        start, at = at, at + len(line)
        row = line.strip()
        if not row.startswith("|"):
            column = None
            continue
        cells = _cells(line, start)
        if column is None:
            names = [text[a:b].strip().strip("*_ ") for a, b in cells]
            olds = [n for n, name in enumerate(names) if _OLD_COLUMN.fullmatch(name)]
            if olds and any(_NEW_COLUMN.fullmatch(name) for name in names):
                column = olds[0]
            continue
        if _RULE_ROW.match(row):
            continue
        if column < len(cells):
            found.append(cells[column])
    return found


def _cells(line: str, offset: int) -> list[tuple[int, int]]:
    """The spans of a pipe-table row's cells (trimmed), in the text's positions."""
    spans: list[tuple[int, int]] = []
    bars = [n for n, char in enumerate(line) if char == "|" and (n == 0 or line[n - 1] != "\\")]
    for left, right in zip(bars, bars[1:], strict=False):
        a, b = left + 1, right
        while a < b and line[a].isspace():
            a += 1
        while b > a and line[b - 1].isspace():
            b -= 1
        spans.append((offset + a, offset + b))
    return spans


# ---- a change stated relative to the old figure ------------------------------------------------

_NUMBER_WORD = (r"(?:[$€£¥]?\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty"
                r"|fifty|sixty|hundred|half|a\s+(?:half|quarter|third|further|dozen)|an?\s+(?:additional|extra))\b)")
#: A verb of change, then (in the same clause, a bounded window) "by" and a figure: the figure
#: is the difference ("extend the retention period by 3 years", "increase the slump by 2 inches").
_BY_AMOUNT = re.compile(rf"\b(?:increas|extend|reduc|decreas|lengthen|shorten|rais|lower|cut|prolong|curtail|"
                        rf"diminish|augment|adjust)\w*\b[^.;:\n]{{0,120}}?\bby\s+(?:a\s+further\s+|an\s+additional\s+|"
                        rf"an\s+extra\s+)?(?={_NUMBER_WORD})", re.IGNORECASE)
#: "a further 3 years", "an additional 3 years", "another 3 years": a figure added to the old one.
_FURTHER = re.compile(rf"\b(?:a\s+further|an\s+additional|an\s+extra|another)\s+(?:period\s+of\s+)?(?={_NUMBER_WORD})",
                      re.IGNORECASE)
#: A figure multiplied ("is halved", "double the retention period"): no figure of its sentence
#: is the new value.
_MULTIPLIED = re.compile(r"\b(?:halved|halve|halving|doubled|doubling|tripled|trebled|quadrupled"
                         r"|(?:double|triple|treble|halve)(?=\s+(?:the|its|their|this|that)\b))\b", re.IGNORECASE)
#: The figure after the connective: a number then up to three words ("3 years", "two and a half years").
_AMOUNT = re.compile(r"\S+(?:[ \t]+(?!(?:to|from|and|or|in|on|at|for|with|per|over|after|before|until"
                     r"|than)\b)[^\s;,]+){0,2}", re.IGNORECASE)
#: "to" before a figure between the verb and "by": the clause states its new figure.
_TO_FIGURE = re.compile(r"\bto\s+(?:\d|an?\b|one|two|three|four|five|six|seven|eight|nine|ten)", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.;\n](?=\s|$)")


def change_spans(text: str) -> tuple[tuple[int, int], ...]:
    """The spans of ``text`` whose figures are a change of an old figure, not a value: the
    amount after "by" following a verb of change ("extend ... by 3 years"), after "a further" or
    "an additional" ("a further 3 years"), a figure read with a change word of the figure-modifier
    vocabulary (``quantities.modifiers``: "increased 3 years", "3 years longer", "an extension of
    3 years", "a 3-year extension", "goes up by", "plus 3 years", "3 years are added"), and every
    figure of a sentence that multiplies one ("the retention period of 7 years is halved", "is
    multiplied by 2", "cut ... in half"). Each search is bounded or runs once over the text
    (linear)."""
    spans: list[tuple[int, int]] = []
    for match in _BY_AMOUNT.finditer(text):
        amount = _AMOUNT.match(text, match.end())
        if amount is None or _TO_FIGURE.search(match[0]) is not None:
            continue  # "raise the cover to 50 mm by 1 January": the new figure is stated
        spans.append((match.start(), _trimmed(text, amount.end())))  # "... of 4 inches by 2 inches": both
    for match in _FURTHER.finditer(text):
        amount = _AMOUNT.match(text, match.end())
        if amount is not None:
            spans.append((match.end(), _trimmed(text, amount.end())))
    ends = [m.end() for m in _SENTENCE_END.finditer(text)]
    multiplied = [m.span() for m in _MULTIPLIED.finditer(text)]
    for start, end, said in changed_figures(text):  # the figure-modifier vocabulary (``quantities.modifiers``)
        if any(m.family == "multiplier" for m in said):
            multiplied.append((start, end))  # "multiplied by 2", "cut ... in half": the sentence
        elif not any(a < end and start < b for a, b in spans):
            # "increased 3 years", "3 years longer", "an extension of 3 years", "plus 3 years"
            spans.append((min(start, *(m.start for m in said)), max(end, *(m.end for m in said))))
    for match_start, _ in multiplied:
        before = bisect_left(ends, match_start)
        start = ends[before - 1] if before > 0 else 0
        end = ends[before] if before < len(ends) else len(text)
        spans.append((start, end))
    return tuple(sorted(set(spans)))


def _trimmed(text: str, end: int) -> int:
    """``end`` moved back over the stops and commas that end a sentence or clause."""
    while end > 0 and text[end - 1] in ".;,:)":
        end -= 1
    return end



#: After unquoted old words, the connective to the new ones ("change 3,000 psi to 4,000 psi").
_TO_UNQUOTED = re.compile(r"\s*+,?\s*+(?:to(?:\s++read)?|with|into|as)\s++(?=[^\W_]|[$£€])", re.IGNORECASE)


def inserted_spans(text: str, removed: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The spans of the words an amending instruction puts in (``removed``: the old words,
    ``removed_spans``): each quotation holding none of the old words, and after unquoted old
    words the words following "to", "with", "into" or "as" up to the clause's end ("revise the
    strength from 3,000 psi to 4,000 psi"). The quotation marks are left out of each span."""
    quotes = _Quotes(_quoted_spans(text))
    found = [_unmarked(text, a, b) for a, b in quotes.spans if not any(x < b and a < y for x, y in removed)]
    for a, b in removed:
        if quotes.holds(a) or (a and quotes.holds(a - 1)):
            continue  # quoted old words: their new words are quoted too
        to = _TO_UNQUOTED.match(text, b)
        if to is None or quotes.holds(to.end()):
            continue
        end = _UNQUOTED_END.search(text, to.end() + 1, min(len(text), to.end() + _UNQUOTED_MAX))
        found.append((to.end(), _trimmed(text, end.start() if end is not None else min(len(text), to.end() + _UNQUOTED_MAX))))
    return tuple(sorted({(a, b) for a, b in found if b > a}))


def _unmarked(text: str, start: int, end: int) -> tuple[int, int]:
    """A quotation's words without its marks and the spaces inside them."""
    while start < end and (text[start] in _MARKS or text[start].isspace()):
        start += 1
    while end > start and (text[end - 1] in _MARKS or text[end - 1].isspace()):
        end -= 1
    return start, end


_MARKS = "\"'“”‘’«»„"
