"""Claim quantities: every quantity a claim states must be stated by what it cites.

A claim quantity is *matched* by a cited one when, after unit conversion, they are the same
(``0.25 g`` is ``250 mg``), or when the claim rounds the source to the claim's own written
precision: the difference is less than half a unit of the claim's last written digit (a source
exactly half-way between two claim values supports neither) **and** at most 5% of the source (``$1.6 billion`` for ``$1,577 million``: 1.6 is 1,577 million rounded to
the nearest 0.1 billion; ``$2 billion`` is not — 27% — and ``0.3 g`` is not ``250 mg``). A claim
more precise than its source is not matched (``1,577 million`` does not follow from ``$1.6
billion``). Two quantities bound to the same subject also match within the subject's
tolerance (a soft conversion: ``50 mm`` for ``2 in``). A claim's figure in another unit than the
cited one's, not matched so, but within the cited figure's own last written digit or the
customary ~2% of a soft conversion (``217 psi`` for ``1.5 MPa``, ``420 MPa`` for ``60 ksi``), is
matched with a doubt: a person decides (an escalation), never a refusal (audit 65). So is a
figure the cited text gives one of several places, where the claim's place is not read as its.

Beyond the value:

- a number without a unit in the claim where the source states it with one is
  ``unit_missing`` (``250`` for ``250 mg``): unit-less numbers match only unit-less numbers;
- dimensions must agree (never a false match across dimensions or currencies);
- quantities bound to different subjects do not match (``250 mg`` as the maximum single dose
  is not supported by ``250 mg`` as the recommended dose);
- a frequency stated on both sides must agree (``250 mg once daily`` is not ``250 mg twice
  daily``); a frequency the source does not state with the amount is not required;
- a tolerance in a claim (``4 in ± 1/4 in``) is supported by a range whose ends it rounds
  **and** whose width its spread gives, by the same rule (``± 1/4 in`` is not ``± 1/8 in``);
- a minimum is not supported by a maximum (and the reverse); a plain value in a claim is
  supported by a bound of the same value, and by a range it lies within;
- a condition stated on both sides must agree facet by facet (``conditions``: ``500 mg`` as
  the recommended dose is not supported by ``500 mg`` that the dose *may be increased to*,
  nor an adult dose by a pediatric one, nor a band of 30-40 kg by one of 20-30 kg); a
  condition the claim does not state is not required. Among the cited figures of the claim's
  subject agreeing with its condition, only those stating it most closely support it
  (``conditions.governs``): one stating more of the claim's terms governs one stating fewer
  (``3" CLR.`` for walls cast against earth governs the typical ``2" CLR.``; the recommended
  dose for elderly patients governs the recommended dose), and one stating fewer terms the
  claim does not state governs one stating more (a claim stating no condition is supported by
  the general figure, not the elderly one, where both are cited; the elderly one alone still
  supports it). A governed figure does not support the claim (``condition_differs``, naming
  the governing figure).

Three readings of a financial statement's cells (``cited`` figures on a table line):

- a bracketed figure is read by its magnitude when the claim says the sign in words
  ("declined 0.6%" against ``(0.6)%``), or when the figure is an outflow: its row names a
  payment or purchase ("Purchases of property, plant and equipment ... (1,577)"), or the claim
  names one ("capital expenditure was $1,577 million"); a bracketed loss is not an income;
- a percent claim is matched by a cell read without ``%`` (bare, or after a ``$`` the text
  layer put before it) as the number written, when a percent column's header (``% to Sales``,
  ``Percent``, ``% Change``) or a cell written with ``%`` stands above it in the same text
  (which cells sit under that header a text layer does not say), and its row label shares a
  word with the claim ("Net earnings were 20.1% of sales" and the row "Net earnings"): a
  reading this weak must at least be of the row the claim is about.

Any unmatched quantity makes the check ``unsupported_quantity`` (ontology ``ClaimStatus``),
and each comes back with the closest cited quantity and why it did not match.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from inforce.ontology import CharSpan
from inforce.ontology.text import whole_number

from ._lexicon import NOT_CLOCK_MINUTES
from ._models import (
    ClaimQuantityCheck,
    MatchedClaimQuantity,
    QuantityMention,
    QuantityWarning,
    UnmatchedClaimQuantity,
)
from ._statements import Period, cell_periods, claim_periods, period_of_claim_figure
from .compare import DEFAULT_TOLERANCE, approximate_relative, format_value
from .conditions import (
    APPROXIMATE,
    ELEMENT_FACET,
    condition_conflict,
    element_named,
    excluded_named,
    governs,
    other_clause_condition,
    term_facets,
)
from .designations import (
    BEING,
    LOCATOR_WORDS,
    PLACE_BY,
    date_spans,
    place_after,
    place_words,
    several_places,
)
from .units import convert, convert_difference, day_kind
from .unread import word_value

if TYPE_CHECKING:
    from inforce.rules import SubjectVocabulary

    from .extract import QuantityExtractor

__all__ = ["MAX_ROUNDING", "check_claim_quantities", "states_count"]

#: The largest relative change a claim's rounding may make to its source.
MAX_ROUNDING = 0.05


def check_claim_quantities(
    claim_text: str, cited_texts: Sequence[str], vocabulary: SubjectVocabulary | None = None, *,
    cited_contexts: Sequence[str | None] | None = None, extractor: QuantityExtractor | None = None,
    cited_headings: Sequence[Sequence[str]] | None = None,
) -> ClaimQuantityCheck:
    """Whether every quantity in ``claim_text`` is stated by one of ``cited_texts``.

    ``cited_contexts`` gives each cited text its context (a table row's header), in order;
    ``cited_headings`` each cited text's list headings (``facts.list_headings``: a notes item's
    subject named only in the heading over it), read as ingest reads them (``extract_under``);
    ``vocabulary`` binds subjects on both sides (the stock subjects when None).
    """
    from .extract import default_extractor

    extractor = extractor or default_extractor(vocabulary)
    claim = extractor.extract(claim_text)
    sources: list[tuple[int, QuantityMention]] = []
    periods: dict[tuple[int, int, int], Period] = {}  # a cited figure's statement column period
    rows: dict[int, tuple[dict[tuple[int, int], str], dict[str, set[str]]]] = {}  # each cited text's row labels
    items: dict[int, dict[tuple[int, int], set[str]]] = {}  # the line items each cited figure's own words name
    percent_cells: list[tuple[int, QuantityMention]] = []
    claim_words = _content_words(claim_text)
    named = claim_periods(claim_text)  # the periods the claim names ("in 2025", "fiscal 2024", "Q3 2025")
    warnings: list[QuantityWarning] = list(claim.warnings)
    for index, text in enumerate(cited_texts):
        context = cited_contexts[index] if cited_contexts is not None and index < len(cited_contexts) else None
        headings = cited_headings[index] if cited_headings is not None and index < len(cited_headings) else ()
        found = extractor.extract(text, context=context)
        if headings and context is None:
            found = extractor.extract_under(text, tuple(headings), alone=found)
        sources.extend((index, mention) for mention in found.mentions)
        sources.extend((index, mention) for mention in _heading_ages(extractor, headings, len(text)))
        rows[index] = _row_labels(text, found.mentions)
        items[index] = _items_stated(text, found.mentions)
        warnings.extend(found.warnings)
        if named:
            spans = [(m.span.start, m.span.end) for m in found.mentions if m.span.end <= len(text)]
            for (start, end), period in zip(spans, cell_periods(text, spans), strict=True):
                if period is not None:
                    periods[(index, start, end)] = period
        if any(mention.unit_expression == "percent" for mention in claim.mentions):
            percent_cells.extend((index, cell) for cell, label in _percent_cells(found.mentions, text)
                                 if claim_words & _content_words(label))
    vocabulary = extractor.vocabulary
    matched: list[MatchedClaimQuantity] = []
    unmatched: list[UnmatchedClaimQuantity] = []
    weights = {term for mention in claim.mentions for term in mention.condition if term.startswith("weight ")}
    starts = sorted(mention.span.start for mention in claim.mentions)
    spans = [(mention.span.start, mention.span.end) for mention in claim.mentions]
    claim_counts = _counts(claim_text)
    for mine in claim_counts:  # a count in words the extractor read no figure of ("two coats"), no bound before it
        if not any(start <= mine[0] < end for start, end in spans) and not _BOUND_BEFORE.search(claim_text[max(0, mine[0] - 40):mine[0]]):
            counted = _counted(mine, claim_text, cited_texts)
            (matched if isinstance(counted, MatchedClaimQuantity) else unmatched).extend([counted] if counted else [])
    for mention in claim.mentions:
        if _patient_weight(mention, weights):
            continue  # "a child weighing 30 kg": the patient's weight, the condition of the dose, no claim of its own
        if mention.notation == "unread":
            continue  # "7e3 psi": not read, so compared with nothing; the unread-figure net names it (an escalation)
        bare = mention.unit_expression is None and mention.value is not None and mention.bound == "exact"
        mine = next((c for c in claim_counts if c[0] == mention.span.start), None) if bare else None
        counted = _counted(mine, claim_text, cited_texts) if mine is not None else None
        if isinstance(counted, MatchedClaimQuantity):
            matched.append(counted.model_copy(update={"claim": mention}))
            continue
        if counted is not None:
            unmatched.append(counted.model_copy(update={"claim": mention}))
            continue
        later = [start for start in starts if start >= mention.span.end]
        period = period_of_claim_figure(named, mention.span.start, mention.span.end,
                                        later[0] if later else None) if named else None
        outcome = _match(mention, sources, vocabulary, claim_text, cited_texts,
                         percent_cells if mention.unit_expression == "percent" else (),
                         period=period, periods=periods, rows=rows,
                         words=_figure_words(claim_text, mention.span.start, mention.span.end, spans),
                         items=items, said=_items_said(claim_text, mention.span.start, spans, claim=True),
                         also=[other for other in claim.mentions if other is not mention and other.value is not None])
        if isinstance(outcome, MatchedClaimQuantity):
            matched.append(outcome)
        else:
            unmatched.append(outcome)
    return ClaimQuantityCheck(
        status="unsupported_quantity" if unmatched else "ok",
        matched=tuple(matched), unmatched=tuple(unmatched), warnings=tuple(warnings),
    )


#: A count and the thing it counts: a number in digits or words ("3", "three", "twenty-one"; "two (2)"
#: once its doubled half is blanked), the word after it, and the word after an "of" that follows
#: ("coats of sealer"). The extractor reads a number in words only before a unit, and a bare number
#: as a figure of no unit, so a count of things is compared here (audits 58-Q, 59).
_COUNT = re.compile(r"(?<![\w.,/-])" + NOT_CLOCK_MINUTES + r"(?P<count>\d+|[^\W\d_]+(?:-[^\W\d_]+)?)"
                    r"(?=\s+(?P<noun>[^\W\d_]+)(?:\s+of\s+(?P<of>[^\W\d_]+))?)")
#: Words after a number that are no thing counted ("one of the coats", "two or three coats").
_NOT_COUNTED = frozenset({"of", "or", "and", "to", "the", "a", "an", "more", "less", "times", "per", "by", "in",
                          "on", "at", "for", "than", "each", "other", "another"})

#: Words before a count that bound it ("at least two coats"): compared by no exact count.
_BOUND_BEFORE = re.compile(r"\b(?i:least|most|than|up\s+to|minimum|maximum|min|max|over|under|about|approximately)\W*$")

#: Words after which a number names rather than counts (``designations.LOCATOR_WORDS`` and the
#: words of a designation: "No. 2 AWG", "Type 2 boxes", "Level 3 slabs").
_NAMING = frozenset(word.rstrip(".") for word in LOCATOR_WORDS) | {
    "no", "nos", "number", "#", "type", "types", "grade", "class", "schedule", "size", "model", "style", "series",
    "level", "levels", "floor", "floors", "storey", "story", "tower", "block", "phase", "wing", "unit", "units"}
_WORD_BEFORE = re.compile(r"(\S+)\s*$")


def states_count(text: str) -> bool:
    """Whether ``text`` counts a thing in words or digits (``two coats``): a claim without a figure
    the extractor reads is still compared then."""
    return bool(_counts(text))


def _counts(text: str) -> list[tuple[int, int, float, str, str | None]]:
    """Each count ``text`` states: (start, end of the counted word, value, the counted word in the
    singular, lower case, the word after its "of" or None)."""
    found = []
    dated = date_spans(text)
    for match in _COUNT.finditer(text):
        count, noun = match["count"], match["noun"].lower()
        value = float(count) if whole_number(count) is not None else word_value(count)
        if value is None or noun in _NOT_COUNTED or word_value(noun) is not None:
            continue
        if any(start <= match.start() < end for start, end in dated):
            continue  # "13 March", "March 15, 2027 is": a date's day or year, compared as a date (``designations``)
        before = _WORD_BEFORE.search(text[max(0, match.start() - 40):match.start()])
        if before is not None and before[1].lower().rstrip(".") in _NAMING:
            continue  # "No. 2 AWG", "Section 3 coatings", "Type 2 boxes": a number that names
        noun = noun[:-3] + "y" if noun.endswith("ies") else noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun
        found.append((match.start(), match.end("noun"), value, noun, match["of"].lower() if match["of"] else None))
    return found


def _counted(mine: tuple[int, int, float, str, str | None], claim_text: str,
             cited_texts: Sequence[str]) -> MatchedClaimQuantity | UnmatchedClaimQuantity | None:
    """A claim's count of a thing (:func:`_counts`: ``3 coats``, ``two coats``) compared with the
    cited counts of the same thing (the same word, singular or plural, and the same word after
    "of" where both say one): matched by one of its value, refused where every one differs; None
    where no cited text counts that thing."""
    same = [(index, found) for index, text in enumerate(cited_texts) for found in _counts(text)
            if found[3] == mine[3] and (found[4] is None or mine[4] is None or found[4] == mine[4])]
    if not same:
        return None

    def figure(text: str, found: tuple[int, int, float, str, str | None]) -> QuantityMention:
        return QuantityMention(text=text[found[0]:found[1]], span=CharSpan(start=found[0], end=found[1]),
                               value=found[2], precision=1.0)

    stated = figure(claim_text, mine)
    other_days: tuple[int, QuantityMention, tuple[str, str]] | None = None
    for index, found in same:
        if found[2] == mine[2]:
            source = figure(cited_texts[index], found)
            kinds = _days_differ(stated, source, claim_text, cited_texts[index])
            if kinds is None:
                return MatchedClaimQuantity(claim=stated, source=source, source_index=index, rule="equal")
            other_days = other_days or (index, source, kinds)  # "180 dias úteis" against "180 dias corridos"
    if other_days is not None:
        index, source, kinds = other_days
        return UnmatchedClaimQuantity(claim=stated, reason="not_comparable", closest=source, closest_index=index,
                                      explanation=f"{stated.text!r} counts {kinds[0]} days; the cited "
                                                  f"{source.text!r} counts {kinds[1]} days")
    index, found = same[0]
    closest = figure(cited_texts[index], found)
    return UnmatchedClaimQuantity(claim=stated, reason="value_differs", closest=closest, closest_index=index,
                                  explanation=f"{stated.text!r} is not the cited {closest.text!r}")


_REASON_ORDER = ("not_comparable", "condition_differs", "frequency_differs", "bound_differs", "subject_differs", "value_differs")


def _match(
    claim: QuantityMention, sources: list[tuple[int, QuantityMention]], vocabulary: SubjectVocabulary,
    claim_text: str = "", cited_texts: Sequence[str] = (),
    percent_cells: Sequence[tuple[int, QuantityMention]] = (), *, period: Period | None = None,
    periods: dict[tuple[int, int, int], Period] | None = None,
    rows: dict[int, tuple[dict[tuple[int, int], str], dict[str, set[str]]]] | None = None,
    words: tuple[set[str], set[str]] | None = None,
    items: dict[int, dict[tuple[int, int], set[str]]] | None = None, said: set[str] | None = None,
    also: Sequence[QuantityMention] = (),
) -> MatchedClaimQuantity | UnmatchedClaimQuantity:
    if claim.value is None:
        return UnmatchedClaimQuantity(
            claim=claim, reason="malformed_number",
            explanation=f"{claim.text!r} is not a number as written; it cannot be checked")
    if not sources:
        return UnmatchedClaimQuantity(
            claim=claim, reason="no_quantity_in_source",
            explanation=f"{claim.text!r}: the cited text states no quantity")
    comparable = [(index, source) for index, source in sources
                  if source.value is not None and _key(source) == _key(claim)]
    comparable.extend(percent_cells)
    # a claim naming its period is compared with the figures of that period only; a figure of
    # another period (a statement's other column) that states its value says so
    other_period: list[tuple[int, QuantityMention, Period]] = []
    if period is not None and periods:
        kept = []
        for index, source in comparable:
            of = periods.get((index, source.span.start, source.span.end))
            if of is not None and not period.agrees(of):
                other_period.append((index, source, of))
            else:
                kept.append((index, source))
        comparable = kept
    failures: list[tuple[str, float, int, QuantityMention]] = []
    claim_or_why = _element_claimed(claim, comparable, claim_text)
    if isinstance(claim_or_why, UnmatchedClaimQuantity):
        return claim_or_why
    claim = claim_or_why
    governing = _governing(claim, comparable, vocabulary)
    if claim.bound == "range" and claim.nominal is None:
        comparable = [*comparable, *_bound_pairs(comparable, cited_texts)]
    governed: list[tuple[QuantityMention, int, QuantityMention]] = []
    another_row: list[tuple[int, QuantityMention, str, str]] = []  # (index, figure, its row, the row the claim names)
    another_item: list[tuple[int, QuantityMention, set[str]]] = []  # (index, figure, the line items its words name)
    doubtful: list[MatchedClaimQuantity] = []  # matched, but a person decides (``MatchedClaimQuantity.doubt``)
    for index, source in comparable:
        cited = cited_texts[index] if index < len(cited_texts) else ""
        rule, why, distance = _supports(claim, source, vocabulary, claim_text, cited)
        if rule is not None and rows and words is not None and index in rows:
            own = rows[index][0].get((source.span.start, source.span.end))
            named = _row_named(own, rows[index][1], words)
            if own is not None and named is not None:
                another_row.append((index, source, own, named))  # the figure of another row than the claim's
                continue
        stated = items.get(index, {}).get((source.span.start, source.span.end)) if items and said else None
        if rule is not None and stated and said is not None and _of_another_item(stated, said, items.get(index, {})):
            another_item.append((index, source, stated))  # "sales growth of 4.0%" for a claim about EPS
            continue
        if rule is not None and id(source) in governing:
            governed.append((source, *governing[id(source)]))  # a more specific figure governs for the claim
            continue
        if rule is not None:
            celled = bool(rows) and index in rows and (source.span.start, source.span.end) in rows[index][0]  # type: ignore[operator]
            doubt = _soft_said(claim, source) if rule == "soft" else None if celled else _unplaced(
                claim, source, [other for i, other in comparable if i == index and other is not source
                                and not any(_key(mine) == _key(other) and _supports(
                                    mine, other, vocabulary, claim_text, cited)[0] for mine in also)],
                items.get(index, {}) if items else {}, said, vocabulary, claim_text, cited)
            doubt = doubt or other_clause_condition(claim_text, (claim.span.start, claim.span.end), cited,
                                                    (source.span.start, source.span.end))
            found = MatchedClaimQuantity(claim=claim, source=source, source_index=index,
                                         rule="rounded" if rule == "soft" else rule, doubt=doubt)  # type: ignore[arg-type]
            if doubt is None:
                return found
            doubtful.append(found)  # a person decides, unless another cited figure states it plainly
            continue
        failures.append((why, distance, index, source))
    if other_period:
        wrong_year = _of_another_period(claim, period, other_period, comparable, periods or {}, vocabulary,
                                        claim_text, cited_texts)
        if wrong_year is not None:
            return wrong_year
    if another_row:
        index, source, own, named = another_row[0]
        labels = rows[index][0] if rows and index in rows else {}
        beside = [s for i, s in comparable if i == index and labels.get((s.span.start, s.span.end)) == named]
        said = f"; the {named!r} row states {beside[0].text!r}" if beside else ""
        return UnmatchedClaimQuantity(
            claim=claim, reason="condition_differs", closest=source, closest_index=index,
            explanation=(f"{claim.text!r} is said of {named!r}; the cited {source.text!r} is the figure of the "
                         f"{own!r} row{said}"))
    if another_item and said:
        index, source, stated = another_item[0]
        return UnmatchedClaimQuantity(
            claim=claim, reason="condition_differs", closest=source, closest_index=index,
            explanation=(f"{claim.text!r} is said of {_listed(said)}; the cited {source.text!r} is stated for "
                         f"{_listed(stated)}"))
    if governed:
        other, index, source = governed[0]
        return UnmatchedClaimQuantity(
            claim=claim, reason="condition_differs", closest=source, closest_index=index,
            explanation=(f"{claim.text!r} is stated {_as(claim.condition)}; the cited {source.text!r}, stated "
                         f"{_as(source.condition)}, governs it, not {other.text!r}, stated {_as(other.condition)}"))
    if doubtful:
        return doubtful[0]
    if failures:
        failures.sort(key=lambda item: (item[1], _REASON_ORDER.index(item[0])))
        why, _, index, source = failures[0]
        return UnmatchedClaimQuantity(
            claim=claim, reason=why, closest=source, closest_index=index,  # type: ignore[arg-type]
            explanation=_explain(why, claim, source, vocabulary, claim_text,
                                 cited_texts[index] if index < len(cited_texts) else ""))
    # nothing of the same dimension: say why in the terms of the nearest number
    same_number = [(index, source) for index, source in sources
                   if source.value is not None and math.isclose(source.value, claim.value, rel_tol=1e-9)]
    if claim.unit_expression is None:
        with_unit = [(index, source) for index, source in same_number if source.unit_expression is not None]
        if with_unit:
            index, source = with_unit[0]
            return UnmatchedClaimQuantity(
                claim=claim, reason="unit_missing", closest=source, closest_index=index,
                explanation=(f"{claim.text!r} has no unit; the source states {source.text!r}"))
    elif same_number:
        bare = [(index, source) for index, source in same_number if source.unit_expression is None]
        if bare:
            index, source = bare[0]
            return UnmatchedClaimQuantity(
                claim=claim, reason="no_unit_in_source", closest=source, closest_index=index,
                explanation=f"{claim.text!r} states a unit; the source's {source.text!r} has none")
    numbered = [(index, source) for index, source in sources if source.value is not None]
    if not numbered:
        return UnmatchedClaimQuantity(
            claim=claim, reason="no_quantity_in_source",
            explanation=f"{claim.text!r}: the cited text states no quantity that could be read")
    index, source = min(numbered, key=lambda item: abs(item[1].value - claim.value))  # type: ignore[operator]
    if (claim.dimension or "").startswith("[currency") and (source.dimension or "").startswith("[currency") \
            and claim.unit_expression and source.unit_expression and claim.unit_expression != source.unit_expression \
            and math.isclose(source.value, claim.value, rel_tol=1e-9):  # type: ignore[arg-type]
        return UnmatchedClaimQuantity(
            claim=claim, reason="not_comparable", closest=source, closest_index=index,
            explanation=(f"{claim.text!r} is an amount in {claim.unit_expression}; the cited {source.text!r} "
                         f"is in {source.unit_expression}"))
    return UnmatchedClaimQuantity(
        claim=claim, reason="not_comparable", closest=source, closest_index=index,
        explanation=f"{claim.text!r}: no cited quantity measures the same thing (nearest {source.text!r})")


#: What may stand between a minimum and a maximum stated as one range ("not less than 4 percent
#: nor more than 7 percent", "minimum 4 percent, maximum 7 percent").
_PAIR_JOIN = re.compile(r"\s*[,;]?\s*(?:(?:nor|and|but|or)\s+)?", re.IGNORECASE)


def _bound_pairs(comparable: Sequence[tuple[int, QuantityMention]], cited_texts: Sequence[str]) -> list[
        tuple[int, QuantityMention]]:
    """A minimum and a maximum stated one after the other in a cited text, of the same subject
    and condition, read as the range between them: a claimed range (``4 to 7 percent``) is
    supported by "not less than 4 percent nor more than 7 percent" as by "4 to 7 percent"
    (audit 53). Only a range claim asks for them; each bound stays its own figure otherwise."""
    pairs: list[tuple[int, QuantityMention]] = []
    for (index, first), (next_index, second) in zip(comparable, comparable[1:], strict=False):
        if index != next_index or {first.bound, second.bound} != {"min", "max"} \
                or first.subject != second.subject or first.condition != second.condition \
                or first.unit_expression is None or second.unit_expression is None:
            continue
        text = cited_texts[index] if index < len(cited_texts) else ""
        if second.span.end > len(text) or _PAIR_JOIN.fullmatch(text, first.span.end, second.span.start) is None:
            continue
        low, high = (first, second) if first.bound == "min" else (second, first)
        high_value = convert(high.value, high.unit_expression, low.unit_expression)  # type: ignore[arg-type]
        if low.value is None or high_value < low.value:
            continue
        pairs.append((index, low.model_copy(update={
            "text": text[first.span.start : second.span.end], "upper": high_value, "bound": "range",
            "span": first.span.model_copy(update={"end": second.span.end}), "precision": min(
                low.precision or 0.0, high.precision or 0.0) or None})))
    return pairs


def _heading_ages(extractor: QuantityExtractor, headings: Sequence[str], after: int) -> list[QuantityMention]:
    """The ages the cited provision's list headings state (``CONCRETE - DESIGN STRENGTH AT 28
    DAYS:`` over ``B. PIERS 4000 PSI``): figures of time bound to no subject, so a claim's "4000
    psi at 28 days" citing the item finds its age where the item's reader finds it. Their spans
    are placed past the cited text (``after``): they are not in its words."""
    from inforce.ontology import CharSpan

    ages: list[QuantityMention] = []
    for heading in headings:
        for mention in extractor.extract(heading).mentions:
            if mention.subject is None and mention.value is not None and mention.dimension == "[time]":
                span = CharSpan(start=after + 1 + mention.span.start, end=after + 1 + mention.span.end)
                ages.append(mention.model_copy(update={"span": span}))
        after += len(heading) + 1
    return ages


def _of_another_period(
    claim: QuantityMention, period: Period | None, other_period: Sequence[tuple[int, QuantityMention, Period]],
    comparable: Sequence[tuple[int, QuantityMention]], periods: dict[tuple[int, int, int], Period],
    vocabulary: SubjectVocabulary, claim_text: str, cited_texts: Sequence[str],
) -> UnmatchedClaimQuantity | None:
    """The claim's figure stated by a cited figure of another period than the one the claim
    names ("€2,655.1 million in 2025" where 2,655.1 is the 2024 column): ``condition_differs``,
    naming both periods and the figure the claim's period states on the same row, if any."""
    if period is None:
        return None
    for index, source, of in other_period:
        cited = cited_texts[index] if index < len(cited_texts) else ""
        if _supports(claim, source, vocabulary, claim_text, cited)[0] is None:
            continue
        row = _row_of(cited, source)
        beside = [s for i, s in comparable if i == index and (i, s.span.start, s.span.end) in periods
                  and period.agrees(periods[(i, s.span.start, s.span.end)]) and _row_of(cited, s) == row]
        said = (f"the {period.written} figure is {beside[0].text!r}" if beside
                else f"the cited text states no {period.written} figure beside it")
        return UnmatchedClaimQuantity(
            claim=claim, reason="condition_differs", closest=source, closest_index=index,
            explanation=f"{claim.text!r} is the {of.written} figure ({source.text!r}); {said}")
    return None


def _row_of(text: str, mention: QuantityMention) -> str | None:
    """The row label a cited statement figure stands on (its line's words, or the nearest line
    above with words where a text layer writes a cell a line)."""
    from .extract import row_label

    if mention.span.end > len(text):
        return None
    at = max(mention.span.start, mention.span.end - 1)
    start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
    if re.search(r"[A-Za-z]{2,}", text[start : len(text) if end < 0 else end]):
        return f"line {text.count(chr(10), 0, at)}"
    label = row_label(text, mention.span.start, mention.span.end)
    return " ".join(label.split()) if label else None


#: A Markdown table row's line (``| Drafts | 7 years |``), and its separator line (``|---|:--|``).
_PIPE_ROW = re.compile(r"^[^\S\n]*\|")
_PIPE_SEPARATOR = re.compile(r"^[^\S\n]*\|?[^\S\n]*:?-{2,}:?[^\S\n]*(?:\|[^\S\n]*:?-{2,}:?[^\S\n]*)*\|?[^\S\n]*$")
#: Words that tie no claim to a row: a scale, a currency, a period (first five letters, as
#: ``_content_words`` keeps them).
_NOT_ROW_WORDS = frozenset({"milli", "billi", "thous", "dolla", "euros", "fisca", "quart", "month", "perio", "ended"})
#: Where a claim's clause ends: a stop, semicolon or colon before a space, or a line's end.
_CLAUSE_CUT = re.compile(r"[.;:!?](?=\s|$)|\n")


def _cell_row(text: str, start: int, end: int) -> str | None:
    """The label of the table row the cited figure at ``text[start:end]`` stands on: a Markdown
    row's cells with words before the figure's (``| Drafts | 7 years |``: ``Drafts``), else a
    statement's row label (``row_label``: its line's words, or the nearest line above with words
    where a text layer writes a cell a line); None for a figure on no table row."""
    from .extract import row_label

    if end > len(text):
        return None
    line_start = text.rfind("\n", 0, start) + 1
    if _PIPE_ROW.match(text[line_start:start]):
        cells = [cell.strip() for cell in text[line_start:start].split("|")[:-1]]
        if len(cells) > 2 and not cells[1]:  # a merged label: the row above's first cell goes on (audit 68)
            cells[1] = _label_above(text, line_start)
        return " ".join(cell for cell in cells if re.search(r"[A-Za-z]{2,}", cell)) or None
    label = row_label(text, start, end)
    return " ".join(label.split()) or None if label else None


def _label_above(text: str, line_start: int) -> str:
    """The first cell of the nearest Markdown row above ``line_start`` that writes one: a row
    whose first cell is blank continues the label of the row above (a merged cell, "| Footings |
    Cover | 75 mm |" then "|  | Concrete | 25 MPa |"); "" where none is above in the table."""
    for line in reversed(text[:line_start].split("\n")[:-1]):
        if not _PIPE_ROW.match(line) or _PIPE_SEPARATOR.match(line):
            return ""
        first = line.strip().strip("|").split("|")[0].strip()
        if first:
            return first
    return ""


def _row_labels(
    text: str, mentions: Sequence[QuantityMention],
) -> tuple[dict[tuple[int, int], str], dict[str, set[str]]]:
    """Each cited figure's row label in ``text`` by its span, and every row label of the text's
    tables (a Markdown row's first cell with words, its header row left out, though no figure
    of that row is read) with its words."""
    own: dict[tuple[int, int], str] = {}
    for mention in mentions:
        label = _cell_row(text, mention.span.start, mention.span.end)
        if label:
            own[(mention.span.start, mention.span.end)] = label
    labels = set(own.values())
    if "|" in text:
        lines = text.split("\n")
        for number, line in enumerate(lines):
            if not _PIPE_ROW.match(line) or _PIPE_SEPARATOR.match(line) \
                    or (number + 1 < len(lines) and _PIPE_SEPARATOR.match(lines[number + 1])):
                continue  # not a row, a separator, or the header above one
            first = line.strip().strip("|").split("|")[0].strip()
            if re.search(r"[A-Za-z]{2,}", first) and not re.search(r"\d", first):
                labels.add(first)
    return own, {label: _row_words(label) for label in labels}


def _row_words(text: str) -> set[str]:
    return _content_words(text) - _NOT_ROW_WORDS


def _figure_words(text: str, start: int, end: int, spans: Sequence[tuple[int, int]]) -> tuple[set[str], set[str]]:
    """The words a claim states its figure at ``text[start:end]`` with, in its clause: those
    before it, back to the figure before ("Revenue was $8,410 million"), and those after it to
    the clause's end ("7 years for drafts"), none where another figure follows in the clause
    (they are that figure's: "3.0% vs international sales decline of 0.6%"); a heading before a
    colon is the clause's too ("Footings: cover 40 mm.", "Column steel: Grade 420.")."""
    cuts = [(match.start(), match.end()) for match in _CLAUSE_CUT.finditer(text)]
    figures = [other_end for other_start, other_end in spans if other_end <= start]
    opening = max([cut_end for cut_start, cut_end in cuts if cut_end <= start] + figures + [0])
    if opening > 0 and text[opening - 1] == ":" and opening not in figures:
        # the heading before the colon is the figure's place ("Footings: cover 40 mm.", audit 67)
        opening = max([cut_end for cut_start, cut_end in cuts if cut_end < opening] + figures + [0])
    closing = min([cut_start for cut_start, _ in cuts if cut_start >= end] + [len(text)])
    if any(end <= other_start < closing for other_start, _ in spans):
        closing = end
    return _row_words(text[opening:start]), _row_words(text[end:closing])


def _row_named(own: str | None, labels: dict[str, set[str]], words: tuple[set[str], set[str]]) -> str | None:
    """The row label, other than the cited figure's own row ``own``, that the claim states its
    figure for (``words``: the claim's words before and after it, the ones before first where
    they name any row): one naming more of the claim's words than ``own`` does ("Superseded
    revisions ... 7 years" where 7 years is the ``Drafts`` row's; "Cost of sales ... $8,410
    million" where 8,410 is ``Revenue``'s). A figure read from a row is stated for that row."""
    if own is None or len(labels) < 2:
        return None
    for said in words:
        if not said:
            continue
        shared = {label: these & said for label, these in labels.items() if these & said}
        if not shared:
            continue
        mine = labels.get(own, _row_words(own)) & said
        named = [label for label, these in shared.items() if label != own and these > mine]
        return max(named, key=lambda label: len(shared[label])) if named else None
    return None


#: The line items a statement's words state figures for, each with the words that name it; the
#: first found are taken out of the words before the next are looked for ("earnings per share"
#: is EPS, not earnings). Only a claim and a cited figure naming items and none in common differ.
_LINE_ITEMS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((name, re.compile(words, re.IGNORECASE)) for name, words in (
    ("earnings per share", r"\b(?:earnings\s+per\s+(?:diluted\s+|basic\s+)?share|(?:diluted\s+|basic\s+)?eps|per\s+share)\b"),
    ("capital expenditure", r"\b(?:capex|capital\s+expenditures?|capital\s+spending)\b"),
    ("sales", r"\b(?:sales|revenues?|turnover)\b"),
    ("income", r"\b(?:income|earnings|profits?|ebitda|ebit)\b"),
    ("cash flow", r"\bcash\b"),
    ("dividends", r"\bdividends?\b"),
    ("debt", r"\b(?:debt|borrowings?)\b"),
    ("margin", r"\bmargins?\b"),
))
#: A part of a building named by its number or letter ("Level 2", "Floor 3", "Building B"), or
#: several in the plural ("Levels 2 and 3", "Floors 1 to 3", "Buildings A, B and C"): the items a
#: figure after them is stated for, so two floors of one paragraph keep their own figures (audit
#: 58-Q: "Level 2 slab 150 mm; Level 3 slab 200 mm" never supports a Level 2 slab of 200 mm; audit
#: 59: nor "Levels 2 and 3: 150 mm slab; Level 4: 200 mm slab" a Level 4 slab of 150 mm).
_PLACE_NAME = r"(?i:level|floor|stor(?:e?y|(?=ies))|building|wing|tower|block|phase)"
_PLACE_MARK = r"\d+[A-Za-z]?|[A-Z]\d*"
_PLACE_ITEM = re.compile(
    rf"\b(?P<name>{_PLACE_NAME})(?:\s+(?P<one>{_PLACE_MARK})"
    rf"|(?i:s|ies|eys)\s+(?P<many>(?:{_PLACE_MARK})(?:(?:\s*,\s*|\s*&\s*|\s+(?i:and|to|through|thru)\s+|[-\u2013])"
    rf"(?:{_PLACE_MARK}))*))\b")
_PLACE_LINK = re.compile(r"\s*,\s*|\s*&\s*|\s+(?i:and|to|through|thru)\s+|[-\u2013]")
#: A range of places longer than this is read as its two ends only.
_PLACE_RANGE = 50


def _places(match: re.Match[str]) -> list[str]:
    """The parts of a building a :data:`_PLACE_ITEM` match names, each as "level 2"; a range
    ("Floors 1 to 3", "Buildings A through C") names every part in it."""
    name = match["name"].lower()
    name = "story" if name == "stor" else name
    if match["one"] is not None:
        return [f"{name} {match['one'].upper()}"]
    marks = _PLACE_LINK.split(match["many"])
    links = [link.strip().lower() for link in _PLACE_LINK.findall(match["many"])]
    found = [marks[0].upper()]
    for link, mark in zip(links, marks[1:], strict=True):
        low, high = found[-1], mark.upper()
        first, last = whole_number(low), whole_number(high)
        if link not in ("", ",", "&", "and") and first is not None and last is not None and 0 < last - first <= _PLACE_RANGE:
            found.extend(str(n) for n in range(first + 1, last))
        elif link not in ("", ",", "&", "and") and len(low) == len(high) == 1 and low.isalpha() and high.isalpha() \
                and 0 < ord(high) - ord(low) <= _PLACE_RANGE:
            found.extend(chr(n) for n in range(ord(low) + 1, ord(high)))
        found.append(high)
    return [f"{name} {mark}" for mark in found]


#: Where a statement's words for a figure begin: a sentence's end, a blank line, a rule line.
_ITEM_CUT = re.compile(r"[.;!?](?=\s)|\n[^\S\n]*\n|_{3,}|\|")


def _generic(item: str) -> bool:
    """Whether ``item`` is a place named by its words (``designations.place_words``), not a line item or a numbered place."""
    return item.startswith("'")


def _line_items(words: str) -> set[str]:
    found: set[str] = set()
    for name, pattern in _LINE_ITEMS:
        if pattern.search(words):
            found.add(name)
            words = pattern.sub(" ", words)
    found.update(place for match in _PLACE_ITEM.finditer(words) for place in _places(match))
    return found


def _items_stated(text: str, mentions: Sequence[QuantityMention]) -> dict[tuple[int, int], set[str]]:
    """The line items each cited figure's own words name: those before it back to the figure
    before or the sentence's start ("sales growth excluding COVID-19 Vaccine of 4.0%"); a figure
    whose words name none ("adjusted EPS of $10.15 increasing by 3.6%": "increasing by") is left
    out."""
    found: dict[tuple[int, int], set[str]] = {}
    spans = [(m.span.start, m.span.end) for m in mentions if m.span.end <= len(text)]
    places = [match.span() for match in _PLACE_ITEM.finditer(text)]
    for start, end in spans:
        named = _items_said(text, start, spans, places)
        if named:
            found[(start, end)] = named
    return found


#: A statement's subject before its verb of being and the figure ("Interior walls shall be 5/8
#: in.", "El recubrimiento será de 5 cm", "Le béton sera de 25 MPa"), a bound or "de"/"of" between
#: verb and figure allowed: in a claim, the place of that figure as a heading before a colon is
#: (audit 64).
_SUBJECT = re.compile(
    rf"^(?P<words>.*?[^\W\d_].*?)\s+(?i:{BEING})"
    r"(?:\s+(?i:at\s+least|not\s+less\s+than|no\s+less\s+than|not\s+more\s+than|a\s+(?:minimum|maximum)\s+of"
    r"|de|of|d['\u2019]))?\s*$", re.DOTALL)


def _items_said(text: str, start: int, spans: Sequence[tuple[int, int]],
                places: Sequence[tuple[int, int]] | None = None, *, claim: bool = False) -> set[str]:
    """The line items a statement names for its figure at ``start``: in its words back to the
    figure before or its sentence's start; the numbers of the places it names ("Levels 2 and 3")
    are no figure before it. ``places``: the spans of the text's places, where read already.
    ``claim``: the statement is a claim's, whose subject before "shall be" names its figure's
    place too (:data:`_SUBJECT`); a cited text's subject often names the whole of a paragraph
    whose figures each name their own place, so it is not read there."""
    places = [match.span() for match in _PLACE_ITEM.finditer(text)] if places is None else places
    figures = [(begin, end) for begin, end in spans
               if not any(low <= begin and end <= high for low, high in places)]
    before = max([end for _, end in figures if end <= start] + [0])
    cuts = [m.end() for m in _ITEM_CUT.finditer(text, before, start)]
    words = text[max(cuts + [before]) : start]
    found = _line_items(words)
    # a place in words: its heading before a colon right before the figure, a place preposition
    # right after the figure, or one before it where no figure of its statement comes first (the
    # words between two figures name the first one's place: "5 cm en fundaciones y de 2,5 cm");
    # in a claim, its subject before "shall be" and the figure ("Interior walls shall be 5/8 in.");
    # a place named by its number is read above, its name no place in words ("The Level 4 slab is")
    words = _PLACE_ITEM.sub(" ", words)
    heading = re.search(r"^(?P<words>[^:]*):\s*$", words)
    if heading is not None:
        found |= place_words(heading["words"])
    elif before == 0 or cuts:
        found |= {item for match in PLACE_BY.finditer(words) for item in place_words(match["place"])}
        subject = _SUBJECT.match(words) if claim else None
        if subject is not None:
            found |= place_words(subject["words"])
    end = next((end for begin, end in spans if begin == start), start)
    after = place_after(text, end)
    if after is not None and not _ITEM_CUT.search(text, end, after[0]):
        found |= after[1]
    return found


def _of_another_item(stated: set[str], said: set[str], cited: dict[tuple[int, int], set[str]]) -> bool:
    """Whether a cited figure stated for ``stated`` is of another item than the claim's ``said``:
    none in common. A place the claim names in words counts only where the cited text states
    another of its figures for it ("Slabs: 3,000 psi" against "Footings: 3,000 psi; slabs:
    4,000 psi"); a heading word it does not place ("Concrete strength: 3,000 psi") names no item."""
    elsewhere = set().union(*cited.values()) if cited else set()
    named = {item for item in said if not _generic(item) or item in elsewhere}
    return bool(named) and stated.isdisjoint(named)


def _unplaced(claim: QuantityMention, source: QuantityMention, beside: Sequence[QuantityMention],
              placed: dict[tuple[int, int], set[str]], said: set[str] | None, vocabulary: SubjectVocabulary,
              claim_text: str, cited_text: str) -> str | None:
    """Why a person decides which place a claim's figure is of, or None: where the cited text
    states other values of the figure's kind beside it (the same dimension, subject, bound and
    condition: "Footings shall be 3,000 psi concrete, slabs 4,000 psi and columns 5,000 psi"),
    and a place is named in words on either side, the claim's figure is that cited figure only
    where the claim's place is read as its place (``designations.place_words`` on both sides);
    a form of place the reading does not know, on either side, is never an answer (audit 65).
    A table row's cell is not asked: its row is its place (:func:`_row_named` decides it).
    ``beside``: the other figures of the same cited text the claim does not state too ("42 in by
    80 in" states both); ``placed``: their places (and the source's), as :func:`_items_stated`
    reads them; ``said``: the claim's places and items, any of which the source's may be."""
    others = [other for other in beside if other.subject == source.subject and other.bound == source.bound
              and _placeless(other.condition, claim) == _placeless(source.condition, claim)
              and _supports(claim, other, vocabulary, claim_text, cited_text)[0] is None]
    if not others:
        return None
    mine = {item for item in said or () if _generic(item)}
    own = placed.get((source.span.start, source.span.end), set())
    theirs = [placed.get((other.span.start, other.span.end), set()) for other in others]
    if not mine and not any(_generic(item) for stated in (own, *theirs) for item in stated):
        return None  # no place in words on either side: the figures are not each a place's
    if set(said or ()) & own:
        return None
    return several_places(source.text, [other.text for other in others])


def _placeless(condition: Sequence[str], claim: QuantityMention) -> tuple[str, ...]:
    """A cited figure's condition as :func:`_unplaced` compares it with its neighbours': without
    its ``element`` term where the claim names no element (``Footings: 3,000 psi; slabs: 4,000
    psi`` states one figure of two places, each its own element), as it is where the claim names one."""
    if any(term.startswith(ELEMENT_FACET + " ") for term in claim.condition):
        return tuple(condition)
    return tuple(term for term in condition if not term.startswith(ELEMENT_FACET + " "))


def _soft_said(claim: QuantityMention, source: QuantityMention) -> str:
    """The doubt of a soft-converted figure (:func:`_soft`), both figures in the cited unit."""
    value = convert(claim.value, claim.unit_expression, source.unit_expression)  # type: ignore[arg-type]
    upper = convert(claim.upper, claim.unit_expression, source.unit_expression) \
        if claim.upper is not None else None  # type: ignore[arg-type]
    shown = format_value(value) + (f" to {format_value(upper)}" if upper is not None else "")
    return (f"{claim.text!r} (= {shown} {source.unit or ''}) is a soft-converted figure of the cited "
            f"{source.text!r}, neither the same value nor another: a person decides")


def _listed(items: set[str]) -> str:
    return " and ".join(sorted(items))


def _patient_weight(mention: QuantityMention, weights: set[str]) -> bool:
    """Whether a claim's unbound mass is the patient weight its other figures are stated for
    (``weight 30 kg`` in their condition)."""
    from .conditions import weight_band

    n = mention.normalized
    if mention.subject is not None or n is None or n.unit != "milligram" or mention.bound != "exact" or not weights:
        return False
    return weight_band(n.value / 1e6, None, "exact") in weights


def _element_claimed(
    claim: QuantityMention, comparable: Sequence[tuple[int, QuantityMention]], claim_text: str,
) -> QuantityMention | UnmatchedClaimQuantity:
    """The claim's figure stated for the element its words name, where the cited figures of its
    subject carry elements (a notes list's ``a. PILE CAPS, BOTTOM: 3"`` / ``b. PIERS: 2 1/2"``):
    "Piers need 3 inches" is a claim about the piers' figure, so the pile caps' figure does not
    support it. A claim naming none of several cited elements whose figures differ is refused,
    naming them: which element it means is the reader's question, not the checker's guess."""
    if any(term.startswith(ELEMENT_FACET + " ") for term in claim.condition):
        return claim
    stated = [(index, source) for index, source in comparable
              if source.subject is not None and claim.subject in (None, source.subject)]
    elements = [term for _, source in stated for term in source.condition if term.startswith(ELEMENT_FACET + " ")]
    if not elements:
        return claim
    excluded = excluded_named(elements, claim_text)  # "Pump pads ..." against "All elements except pump pads:"
    if excluded:
        return claim.model_copy(update={"condition": (*claim.condition, excluded[0])})
    named = element_named(elements, claim_text)
    if named:
        return claim.model_copy(update={"condition": (*claim.condition, named[0])})
    by_element: dict[str, list[tuple[int, QuantityMention]]] = {}
    for index, source in stated:
        for term in source.condition:
            if term.startswith(ELEMENT_FACET + " "):
                by_element.setdefault(term, []).append((index, source))
    if len(by_element) < 2 or len({(s.bound, s.value, s.upper, s.unit) for group in by_element.values()
                                   for _, s in group}) < 2:
        return claim
    if len({index for group in by_element.values() for index, _ in group}) == 1:
        # one cited provision states the figure for several elements ("Footings: 3,000 psi; slabs:
        # 4,000 psi"): which one a claim naming none means is a person's question, as for any place
        # of one provision (``_unplaced``, audit 65), never a refusal of its own words restated
        return claim
    shown = "; ".join(f"{group[0][1].text!r} for {term[len(ELEMENT_FACET) + 1:]}" for term, group in by_element.items())
    index, source = next(iter(by_element.values()))[0]
    return UnmatchedClaimQuantity(
        claim=claim, reason="condition_differs", closest=source, closest_index=index,
        explanation=(f"{claim.text!r}: the cited figures are stated for different elements ({shown}) and the "
                     "claim names none of them; say which element it is about"))


def _governing(
    claim: QuantityMention, comparable: Sequence[tuple[int, QuantityMention]], vocabulary: SubjectVocabulary,
) -> dict[int, tuple[int, QuantityMention]]:
    """The cited figures a more specific one governs for the claim (``conditions.governs``),
    by id → (index, the governing figure): among the figures of one subject agreeing with the
    claim's condition on every facet both state, only the ones stating the claim's condition
    most closely support it ("In elderly patients, the recommended dose" is not supported by
    the recommended dose where the elderly one is cited; a claim stating no condition not by the
    elderly dose where a dose stated under none is cited)."""
    facets = term_facets(vocabulary)
    conflicts: dict[tuple[str, ...], bool] = {}  # by the cited figure's condition: a table's rows share a few
    for _, source in comparable:
        condition = tuple(source.condition)
        if condition not in conflicts:
            conflicts[condition] = condition_conflict(claim.condition, condition, facets) is not None
    agreeing = [(index, source) for index, source in comparable
                if source.subject is not None and claim.subject in (None, source.subject)
                and not conflicts[tuple(source.condition)]]
    # governs reads conditions alone (and no condition governs itself): the first figure of each
    # (subject, condition) stands for all of them, so a long table of one condition costs one pass
    first: dict[tuple[str | None, tuple[str, ...]], tuple[int, int, QuantityMention]] = {}
    for position, (index, source) in enumerate(agreeing):
        first.setdefault((source.subject, tuple(source.condition)), (position, index, source))
    decided: dict[tuple[str | None, tuple[str, ...]], tuple[int, QuantityMention] | None] = {}
    found: dict[int, tuple[int, QuantityMention]] = {}
    for _, source in agreeing:
        key = (source.subject, tuple(source.condition))
        if key not in decided:
            ruling = [(position, index, other) for (subject, condition), (position, index, other) in first.items()
                      if subject == source.subject and condition != key[1]
                      and governs(condition, key[1], claim.condition, facets)]
            decided[key] = min(ruling, key=lambda item: item[0])[1:] if ruling else None
        if decided[key] is not None:
            found[id(source)] = decided[key]  # type: ignore[assignment]
    return found


def _as(condition: Sequence[str]) -> str:
    return f"as {', '.join(condition)}" if condition else "under no condition"


def _key(mention: QuantityMention) -> str | None:
    if mention.unit_expression is None:
        return None
    if mention.unit_expression == "percent" or (mention.unit_expression == "dimensionless" and mention.unit == "ratio"):
        return "percent"  # a slope's ratio (1:12, 1 in 12) is the percent it gives (8.33 %: audit 55)
    return mention.dimension


def _supports(
    claim: QuantityMention, source: QuantityMention, vocabulary: SubjectVocabulary, claim_text: str = "",
    cited_text: str = "",
) -> tuple[str | None, str, float]:
    """(``equal``/``rounded``/None, why not, how far apart) for one claim quantity and one cited one."""
    source = _unbracketed(claim, source, claim_text, cited_text)
    claim_lo, claim_hi = _ends(claim, source)
    distance = _relative(claim_lo, source.value)  # type: ignore[arg-type]
    if claim.subject and source.subject and claim.subject != source.subject:
        return None, "subject_differs", distance
    if _days_differ(claim, source, claim_text, cited_text) is not None:
        return None, "not_comparable", distance
    if claim.condition and condition_conflict(claim.condition, source.condition, term_facets(vocabulary)) is not None:
        # compared only where the values agree: a value that differs says more
        if _supports(claim.model_copy(update={"condition": ()}), source, vocabulary, claim_text,
                     cited_text)[0] is not None:
            return None, "condition_differs", distance
    if claim.per_day is not None and source.per_day is not None and not math.isclose(claim.per_day, source.per_day):
        return None, "frequency_differs", distance
    ours = _written_bound(claim, claim_text)  # a minimum the claim's words state is not the cited maximum
    if ours is not None and (theirs := _written_bound(source, cited_text) or source.bound) in ("min", "max") \
            and theirs != ours:
        return None, "bound_differs", distance
    tolerance = None
    rule = vocabulary.get(claim.subject) if claim.subject and claim.subject == source.subject else None
    if rule is not None:
        tolerance = rule.tolerance.relative
    # "about 4 inches": the same value as 4-1/4 inches, as the sweep compares it (after rounding is tried)
    loose = approximate_relative(rule.tolerance if rule is not None else None) if APPROXIMATE in (
        *claim.condition, *source.condition) else None
    precision = claim.precision or 0.0
    if precision and claim.unit_expression and source.unit_expression \
            and claim.unit_expression != source.unit_expression:
        precision = abs(convert_difference(precision, claim.unit_expression, source.unit_expression))
    if claim.bound == "range":
        if source.bound != "range" or source.upper is None:
            return None, "value_differs", distance
        pairs = [(claim_lo, source.value), (claim_hi, source.upper)]
    elif source.bound == "range" and source.upper is not None:
        low, high = sorted((source.value, source.upper))  # type: ignore[type-var]
        widest = loose or tolerance
        if _same(claim_lo, source.value, 0.0, widest)[0] or _same(claim_lo, source.upper, 0.0, widest)[0]:
            return "equal", "", 0.0
        if low <= claim_lo <= high:
            return "equal", "", 0.0
        return None, "value_differs", distance
    else:
        pairs = [(claim_lo, source.value)]
    rules = [_same(c, s, precision, tolerance) for c, s in pairs]  # type: ignore[arg-type]
    if loose is not None:
        rules = [found if found[0] else _same(c, s, 0.0, loose) for found, (c, s) in zip(rules, pairs, strict=True)]  # type: ignore[arg-type]
    if claim.bound == "range" and claim.nominal is not None:
        # a tolerance claimed: its spread is a figure of its own, compared as one (audit 52);
        # the ends alone let "4 in ± 1/4 in" round "4 in ± 1/8 in" (3.75 is 3.875 to the quarter
        # inch, at half a place), as the 5% allowance is of an end, never of the spread
        rules.append(_same(abs(claim_hi - claim_lo), abs(source.upper - source.value),  # type: ignore[operator]
                           2 * precision, tolerance))
    if all(ok for ok, _ in rules):
        return ("rounded" if any(how == "rounded" for _, how in rules) else "equal"), "", distance
    if claim.unit_expression and source.unit_expression and claim.unit_expression != source.unit_expression \
            and claim.nominal is None and all(_soft(c, s, source.precision) for c, s in pairs):  # type: ignore[arg-type]
        return "soft", "", distance  # "420 MPa" for "60 ksi": neither the same figure nor another one
    return None, "value_differs", distance


def _days_differ(claim: QuantityMention, source: QuantityMention, claim_text: str,
                 cited_text: str) -> tuple[str, str] | None:
    """The kinds of day a claim figure and a cited one count, where both name one and they differ
    ("180 working days", "180 calendar days"): a working day is no calendar day. A figure naming no
    kind ("30 days") is compared by its value alone."""
    ours = day_kind(claim_text, claim.span.start, claim.span.end) if claim.span is not None else None
    theirs = day_kind(cited_text, source.span.start, source.span.end) if source.span is not None else None
    return (ours, theirs) if ours is not None and theirs is not None and ours != theirs else None


def _written_bound(mention: QuantityMention, text: str) -> str | None:
    """The bound (``min``, ``max``) a figure's own words give it: the bound phrase the extractor
    read ("shall not exceed 4,000 psi", "25 MPa como mínimo"), else the one sense of the bound
    word naming the quantity it is the value of ("Maximum aggregate size: 3/4 inch", "la
    resistencia mínima ... 25 MPa": ``modifiers.named_bounds``, audit 60); None where its words
    say neither (a subject's usual bound is no word of it)."""
    from .modifiers import named_bounds

    if mention.bound_from == "text" and mention.bound in ("min", "max"):
        return mention.bound
    if mention.span is None or not text or mention.span.end > len(text):
        return None
    named = named_bounds(text, mention.span.start, mention.span.end)
    return next(iter(named)) if len(named) == 1 else None


#: Words by which a claim states a decrease; with one (and no word of increase) the claim's
#: unsigned number is the magnitude of a negative ("declined 0.6%" against "(0.6)%").
_DECREASE = re.compile(r"\b(?:fell|fall(?:s|ing)?|declin\w*|decreas\w*|dropp?\w*|shr[aiu]nk\w*|down|lower\w*|"
                       r"reduc\w*|contract(?:ed|ion)|loss(?:es)?)\b", re.IGNORECASE)
_INCREASE = re.compile(r"\b(?:rose|rise\w*|increas\w*|gr[eo]w\w*|up|higher|gain\w*|improv\w*|profit\w*)\b",
                       re.IGNORECASE)


#: Words that make a figure an outflow, in a statement's row label or in the claim: what was
#: paid, bought, spent or returned to shareholders.
_OUTFLOW = re.compile(r"\b(?:purchas\w*|payments?|paid|repurchas\w*|buybacks?|acquisitions?|expenditures?|capex|"
                      r"spen[dt]\w*|outflows?|used\s+(?:in|for)|repayments?|dividends|additions\s+to|"
                      r"invest(?:ed|ments?\s+in))\b", re.IGNORECASE)


def _unbracketed(
    claim: QuantityMention, source: QuantityMention, claim_text: str, cited_text: str = "",
) -> QuantityMention:
    """An accounting negative, ``(0.6)%``, read by its magnitude when the claim says the sign in
    words: "declined 0.6%", "shrunk by 0.9%", or when it is an outflow: its row label names a
    payment or a purchase ("Purchases of property, plant and equipment (1,577)"), or the claim
    does near its number ("capital expenditure was $1,577 million"). Otherwise the comparison
    stays signed (a bracketed loss is not an income of the same amount), and a word of
    increase never matches a bracketed decrease."""
    if claim.value is None or claim.value <= 0 or source.value is None or source.value >= 0:
        return source
    if not source.text.lstrip().startswith("("):
        return source
    direction = _direction(claim_text, claim.span.start, claim.span.end)
    if direction != "decrease" and not (direction is None and _outflow(claim, source, claim_text, cited_text)):
        return source
    upper = -source.upper if source.upper is not None else None
    return source.model_copy(update={"value": -source.value, "upper": upper})


def _outflow(claim: QuantityMention, source: QuantityMention, claim_text: str, cited_text: str) -> bool:
    """Whether a bracketed cited figure is an outflow: its row label names one, or the claim's
    clause does before its number."""
    from .extract import row_label

    if cited_text and source.span.end <= len(cited_text):
        label = row_label(cited_text, source.span.start, source.span.end)
        if label and _OUTFLOW.search(label):
            return True
    clause_start = max(claim_text.rfind(".", 0, claim.span.start), claim_text.rfind(";", 0, claim.span.start)) + 1
    return _OUTFLOW.search(claim_text, clause_start, claim.span.start) is not None


#: A percent column's header on a line of its own: "% to Sales", "Percent", "% Change".
_PERCENT_HEADER = re.compile(r"^[^\S\n]*(?:%|percent(?:age)?)(?:[^\S\n]+(?:to|of|change|chg\.?)\b[^\n]{0,30})?[^\S\n]*$",
                             re.IGNORECASE | re.MULTILINE)
_WRITTEN_NUMBER = re.compile(r"\d[\d,]*(?:\.(\d+))?|\.(\d+)")


#: Words too common in row labels and claims to tie one to the other.
_COMMON = frozenset({"the", "and", "for", "from", "with", "its", "was", "were", "net", "total", "other",
                     "year", "years", "ended", "percent", "change", "than"})


def _content_words(text: str) -> set[str]:
    """The words of ``text`` that can tie a claim to a row label, cut to their first five
    letters (``earnings``/``earning``, ``consumer``/``consumers``)."""
    return {word[:5] for word in re.findall(r"[a-z]{3,}", text.lower()) if word not in _COMMON}


def _percent_cells(mentions: Sequence[QuantityMention], text: str) -> list[tuple[QuantityMention, str]]:
    """Table cells read without ``%`` under a percent column, as percents of the number written.

    A cell qualifies when it stands on a table line, is bare (or money: the text layer of a
    statement may put an amount's ``$`` before the percent cell beside it), and a percent
    header line or a cell written with ``%`` on a table line stands above it in ``text``; each
    with its row label."""
    from .extract import row_label

    first = min([match.start() for match in _PERCENT_HEADER.finditer(text)]
                + [m.span.start for m in mentions if m.unit_expression == "percent"
                   and m.span.end <= len(text) and row_label(text, m.span.start, m.span.end) is not None],
                default=None)
    if first is None:
        return []
    cells = []
    for mention in mentions:
        if mention.span.start <= first or mention.value is None or mention.span.end > len(text) or mention.upper is not None:
            continue
        if not (mention.unit_expression is None or mention.notation == "money"):
            continue
        label = row_label(text, mention.span.start, mention.span.end)
        if label is None:
            continue
        written = _WRITTEN_NUMBER.search(mention.text)
        if written is None:
            continue
        value = float(written.group(0).replace(",", ""))
        if mention.value < 0:
            value = -value
        decimals = written.group(1) or written.group(2) or ""
        cells.append((mention.model_copy(update={
            "value": value, "unit": "%", "unit_expression": "percent", "dimension": "dimensionless",
            "notation": "percent", "precision": 10.0 ** -len(decimals), "unit_from": "context",
            "normalized": None, "scale": None,
        }), label))
    return cells


def _direction(text: str, start: int, end: int, reach: int = 60) -> str | None:
    """The direction word nearest to the number at ``text[start:end]`` (within ``reach``
    characters): "US sales increased 3.0% vs international sales decline of 0.6%" — the 0.6%
    is the decline."""
    found: list[tuple[int, str]] = []
    for pattern, name in ((_DECREASE, "decrease"), (_INCREASE, "increase")):
        for match in pattern.finditer(text, max(0, start - reach), min(len(text), end + reach)):
            gap = start - match.end() if match.end() <= start else match.start() - end
            if gap >= 0:
                found.append((gap, name))
    return min(found)[1] if found else None


def _ends(claim: QuantityMention, source: QuantityMention) -> tuple[float, float]:
    """The claim's value(s) in the source's unit as written."""
    lo, hi = claim.value, claim.upper if claim.upper is not None else claim.value
    if claim.unit_expression and source.unit_expression and claim.unit_expression != source.unit_expression:
        lo = convert(lo, claim.unit_expression, source.unit_expression)  # type: ignore[arg-type]
        hi = convert(hi, claim.unit_expression, source.unit_expression)  # type: ignore[arg-type]
    return lo, hi  # type: ignore[return-value]


def _same(claim: float, source: float, precision: float, tolerance: float | None) -> tuple[bool, str]:
    """Equal, within the subject's tolerance, or the claim rounding the source.

    Everything is in the source's unit, ``precision`` (the place of the claim's last written
    digit) included. A source exactly half a place from the claim lies as near the claim as the
    claim's neighbour a place away, so which way the claim's author rounded cannot be told and the
    tie supports neither: 36.5 in is neither 3'-0" (audit 53) nor 3'-1" (audit 54), as 2.5 mm is
    not 3 mm and 12.5 mm is not 1.3 cm.
    """
    if math.isclose(claim, source, rel_tol=1e-9, abs_tol=1e-12):
        return True, "equal"
    if tolerance and abs(claim - source) <= tolerance * max(abs(claim), abs(source)):
        return True, "equal"
    if precision and abs(claim - source) < precision / 2 * (1 - 1e-9) \
            and abs(claim - source) <= MAX_ROUNDING * abs(source):
        return True, "rounded"
    return False, ""


def _soft(claim: float, source: float, precision: float | None) -> bool:
    """Whether a claim's figure in another unit than the cited one's is a soft conversion of it
    (everything in the source's unit): no further from it than the source's own last written
    digit allows (1.5 MPa is 1.45 to 1.55 MPa, so 217 psi = 1.496 MPa; never beyond
    :data:`MAX_ROUNDING`), or than the customary soft conversion between unit systems
    (``compare.DEFAULT_TOLERANCE``: 420 MPa for 60 ksi = 413.7 MPa, 90 kN for 20 kip = 88.96
    kN). Which of the two figures a document means is a person's call: neither matched nor refused."""
    off = abs(claim - source)
    if off <= (DEFAULT_TOLERANCE.relative or 0.0) * max(abs(claim), abs(source)):
        return True
    return bool(precision) and off <= precision / 2 and off <= MAX_ROUNDING * abs(source)  # type: ignore[operator]


def _relative(a: float, b: float) -> float:
    scale = max(abs(a), abs(b))
    return abs(a - b) / scale if scale else 0.0


def _explain(why: str, claim: QuantityMention, source: QuantityMention, vocabulary: SubjectVocabulary,
             claim_text: str = "", cited_text: str = "") -> str:
    if why == "condition_differs":
        ours, theirs = condition_conflict(claim.condition, source.condition, term_facets(vocabulary))  # type: ignore[misc]
        return (f"{claim.text!r} is stated as {ours}; the source's {source.text!r} is stated as {theirs}")
    if why == "frequency_differs":
        return f"{claim.text!r} is given {claim.frequency}; the source says {source.text!r}"
    if why == "bound_differs":
        ours = _written_bound(claim, claim_text) or claim.bound
        return (f"{claim.text!r} states a {ours}imum; the source's {source.text!r} is a "
                f"{_written_bound(source, cited_text) or source.bound}imum")
    if why == "not_comparable" and (kinds := _days_differ(claim, source, claim_text, cited_text)) is not None:
        return f"{claim.text!r} counts {kinds[0]} days; the source's {source.text!r} counts {kinds[1]} days"
    if why == "subject_differs":
        return (f"{claim.text!r} is about {claim.subject}; the source's {source.text!r} is about "
                f"{source.subject}")
    converted = ""
    if claim.unit_expression and source.unit_expression and claim.unit_expression != source.unit_expression:
        value = convert(claim.value, claim.unit_expression, source.unit_expression)  # type: ignore[arg-type]
        converted = f" (= {format_value(value)} {source.unit or ''})"
        if claim.bound == "range" and claim.upper is not None:  # both ends, never one alone (audit 53)
            upper = convert(claim.upper, claim.unit_expression, source.unit_expression)
            if claim.nominal is not None:  # ± 6 mm: the nominal and its spread, not the low end
                nominal = convert(claim.nominal, claim.unit_expression, source.unit_expression)
                converted = f" (= {format_value(nominal)} ± {format_value((upper - value) / 2)} {source.unit or ''})"
            elif math.isclose(value, -upper):  # ±6 mm alone: a spread each way
                converted = f" (= ± {format_value(upper)} {source.unit or ''})"
            else:
                converted = f" (= {format_value(value)} to {format_value(upper)} {source.unit or ''})"
    return f"{claim.text!r}{converted} is not {source.text!r}"
