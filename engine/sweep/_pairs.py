"""Which statements are compared, and comparing one subject's: the blocking keys (documents
that can apply together), value classes (one comparison per distinct requirement), rows that
state a case each, and exceptions carved out by cross-reference."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from inforce.ontology import Fact

Signature = frozenset[tuple[str, frozenset[str]]]


def _signature(applies_to: Mapping[str, Sequence[str]] | None) -> Signature:
    return frozenset((facet, frozenset(values)) for facet, values in (applies_to or {}).items())


def _apply_together(a: Signature, b: Signature) -> bool:
    """Whether two documents can apply to one case: every facet both constrain shares a value."""
    if a == b:
        return True
    left = dict(a)
    return all(facet not in left or left[facet] & values for facet, values in b)


def _compatible_pairs(signatures: Sequence[Signature]) -> list[tuple[int, int]]:
    """Pairs ``i <= j`` of signatures that can apply together, without comparing all of them:
    bucketed by the facet most of them constrain (one without it meets every bucket)."""
    count = len(signatures)
    if count <= 64:
        return [(i, j) for i in range(count) for j in range(i, count)
                if _apply_together(signatures[i], signatures[j])]
    facets: dict[str, int] = defaultdict(int)
    for signature in signatures:
        for facet, _ in signature:
            facets[facet] += 1
    pivot = max(sorted(facets), key=facets.__getitem__) if facets else None
    buckets: dict[str, list[int]] = defaultdict(list)
    anywhere: list[int] = []
    for i, signature in enumerate(signatures):
        values = dict(signature).get(pivot) if pivot is not None else None
        if values is None:
            anywhere.append(i)
        else:
            for value in values:
                buckets[value].append(i)
    pairs: set[tuple[int, int]] = {(i, i) for i in range(count)}
    for members in buckets.values():
        pairs.update((min(a, b), max(a, b)) for a in members for b in members if a != b)
    for i in anywhere:
        pairs.update((min(i, j), max(i, j)) for j in range(count) if j != i)
    return sorted(p for p in pairs if _apply_together(signatures[p[0]], signatures[p[1]]))


def _value_class(fact: Fact) -> tuple[Any, ...] | None:
    """Statements in one class state the same requirement (compared once for all)."""
    n, q = fact.normalized, fact.quantity
    if n is not None:
        return (q.bound, n.unit, n.value, n.upper, q.per_day, q.frequency)
    if q.unit is not None or q.value is None:
        return None  # a unit pint could not read, or no value: never comparable
    return (q.bound, None, q.value, q.upper, q.per_day, q.frequency)  # a bare number (w/cm 0.45)


@dataclass(frozen=True)
class _Conflict:
    """Two statements the rules read as disagreeing, before adjudication."""

    subject: str
    a: Fact
    b: Fact
    explanation: str
    #: compared across documents with the element terms left out (``_across_elements``): the
    #: elements the element side's document states this subject for, so that a general figure
    #: whose provision names another of them is left to that one (``_quantities``)
    siblings: tuple[str, ...] = ()
    #: ``a`` or ``b`` is the figure of a provision amended in part and this is the amending
    #: statement in its place (``_replaced``): the pair is none of precedence's (``_quantities``)
    replaced_by: Fact | None = None


@dataclass
class _SubjectResult:
    subject: str
    statements: int = 0
    pairs: int = 0
    per_case: int = 0  # rows of tables whose value varies by row: cases, not restatements
    conflicts: list[_Conflict] = field(default_factory=list)
    groups: list[_Group] = field(default_factory=list)
    superseded_left_out: int = 0  # statements of a group whose provision a statement of it amends
    withheld: set[str] = field(default_factory=set)


def _per_case_rows(facts: Sequence[Fact]) -> set[int]:
    """Indexes of the rows of tables that state this subject differently row by row (a dosing
    table by weight band): each row is a case of its own, not a restatement of one requirement,
    so they are compared with nothing. A column with one value in every row (a schedule's f'c)
    restates a requirement and is compared."""
    tables: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, fact in enumerate(facts):
        if fact.kind == "table_row" and fact.resolved.path and ".row-" in fact.resolved.path:
            tables[(f"{fact.resolved.doc}@{fact.resolved.rev}", fact.resolved.path.rsplit(".row-", 1)[0])].append(i)
    found: set[int] = set()
    for rows in tables.values():
        if len({_value_class(facts[i]) for i in rows}) > 1:
            found.update(rows)
    return found


def _qualified(a: Fact, b: Fact, links: Mapping[str, Sequence[tuple[str, str]]]) -> bool:
    """One provision qualifies the other ("except as provided in 9.1"): an exception carved out
    by cross-reference, not a conflict."""
    if a.locator.doc != b.locator.doc:
        return False

    def within(path: str | None, top: str) -> bool:
        return path is not None and (path == top or path.startswith(top + "."))

    return any((within(a.locator.path, p) and within(b.locator.path, q)) or (within(b.locator.path, p) and within(a.locator.path, q))
               for p, q in links.get(a.locator.doc, ()))


#: More distinct values than this among one subject's statements that can apply together, and
#: they are reported as one group (``_Group``) instead of one finding per pair: 9 values are 36
#: pairs, 300 are 44,850, which nobody reads. Every example project and test fixture states a
#: subject at most 5 ways (tests/fixtures/addenda, finance.amount), so each keeps its pairwise
#: findings.
GROUP_ABOVE = 8

#: A subject stated in few values but over and over is one group too (issue 23, audit L1): its
#: pairs grow with the square of the statements, not the values (84 paragraphs stating 7
#: slumps, 12 each, are 3,024 pairs). So when the statements of one subject, under one condition,
#: among documents that apply together, fall in two values or more (runs, merged as above) and
#: could make more than this many pairs per statement, they are one group whenever two values
#: conflict. Pairs of differing values are at most (n² - Σ run²) / 2 for n statements, so the pair
#: findings of a set left pairwise are at most 4 per statement (linear). One odd figure among many
#: restatements (riverside-library: ten f'c statements, one differs: 9 pairs) keeps its pairs, as
#: does every example project and test fixture.
GROUP_PAIRS_PER_STATEMENT = 4


@dataclass(frozen=True)
class _Group:
    """Statements of one subject, among documents linked by applicability, stating more than
    ``GROUP_ABOVE`` different values: one finding lists them all, lowest value first."""

    subject: str
    values: tuple[tuple[Fact, ...], ...]  # the statements of each distinct value, lowest first
    explanation: str


def _compare_subject(
    subject: str, facts: Sequence[Fact], signatures: Mapping[str, Signature], vocabulary: Any,
    links: Mapping[str, Sequence[tuple[str, str]]] | None = None,
) -> _SubjectResult:
    """The conflicting statement pairs of one subject, among documents that apply together; or,
    where more than ``GROUP_ABOVE`` values of it disagree, one group of them (never their pairs)."""
    per_case = _per_case_rows(facts)
    result = _SubjectResult(subject, statements=len(facts) - len(per_case), per_case=len(per_case))
    facts = [fact for i, fact in enumerate(facts) if i not in per_case]
    replaced = _replaced(facts)
    by_signature: dict[Signature, list[Fact]] = defaultdict(list)
    for fact in facts:
        by_signature[signatures.get(f"{fact.resolved.doc}@{fact.resolved.rev}", frozenset())].append(fact)
    keys = sorted(by_signature, key=lambda s: sorted((f, sorted(v)) for f, v in s))
    compatible = _compatible_pairs(keys)
    grouped = _grouped(result, keys, compatible, by_signature, vocabulary)
    if grouped:
        for key in keys:
            by_signature[key] = [fact for fact in by_signature[key] if id(fact) not in grouped]
    _pairwise(result, keys, compatible, by_signature, vocabulary, links, replaced)
    return result


def _replaced(facts: Sequence[Fact]) -> dict[int, Fact]:
    """The statements (by ``id``) of a provision amended in part whose figure an amending
    statement of the same subject, under the same condition, puts a figure in place of, each
    with that statement: 'Revise "4,500 psi" to read "5,000 psi"' leaves the paragraph's
    stored words, and its 4,500 psi, as they were (``facts`` marks it ``amended_by``), but the
    figure in force is the amendment's. Such a figure is compared with its amendment alone
    (supersession's question, ``_quantities._amended``), never with a third statement: the
    amendment's figure is, in its place. A figure the amendment states none for (another
    subject, another condition: the paragraph's walls where the item revised its footings)
    is still in force and compared. The one rule the pairs and the groups (``_grouped``) follow."""
    from ..quantities.conditions import compared_terms

    amending: dict[tuple[Any, ...], Fact] = {}
    for fact in facts:
        for target in fact.replaces:
            amending.setdefault((target.unpinned(), tuple(sorted(compared_terms(fact.condition or ())))), fact)
    if not amending:
        return {}
    found: dict[int, Fact] = {}
    for fact in facts:
        by = amending.get((fact.locator.unpinned(), tuple(sorted(compared_terms(fact.condition or ())))))
        if by is not None and by is not fact:
            found[id(fact)] = by
    return found


def _stale_pair(a: Fact, b: Fact, replaced: Mapping[int, Fact]) -> Fact | None:
    """The amending statement in force in place of ``a``'s or ``b``'s figure when the other is
    a third statement, not an amendment of that provision (``_replaced``); None otherwise."""
    for old, other in ((a, b), (b, a)):
        by = replaced.get(id(old))
        if by is not None and not any(r.unpinned() == old.locator.unpinned() for r in other.replaces):
            return by
    return None


def _pairwise(
    result: _SubjectResult, keys: Sequence[Signature], compatible: Sequence[tuple[int, int]],
    by_signature: Mapping[Signature, list[Fact]], vocabulary: Any, links: Mapping[str, Sequence[tuple[str, str]]] | None,
    replaced: Mapping[int, Fact] | None = None,
) -> None:
    """Each pair of statements of differing values whose documents apply together: one
    comparison per pair of value classes, one conflict per pair of statements. A pair of an
    amended provision's figure and a third statement (``_replaced``) is passed on marked, for
    supersession, whatever precedence would say."""
    from ..quantities import compare

    outcomes: dict[tuple[Any, Any], tuple[str, str]] = {}
    for i, j in compatible:
        left, right = by_signature[keys[i]], by_signature[keys[j]]
        result.pairs += len(left) * (len(left) - 1) // 2 if i == j else len(left) * len(right)
        left_classes = _classes(left)
        right_classes = left_classes if i == j else _classes(right)
        for a_key, a_members in left_classes.items():
            for b_key, b_members in right_classes.items():
                if i == j and repr(a_key) > repr(b_key):
                    continue  # each unordered pair of classes once
                if a_key == b_key:
                    continue  # the same requirement: equal by construction
                # a class's statements may be stated under different conditions, which the
                # comparison weighs: one comparison per pair of conditions
                for a_condition, a_stated in _by_condition(a_members).items():
                    for b_condition, b_stated in _by_condition(b_members).items():
                        key = (a_key, a_condition, b_key, b_condition)
                        found = outcomes.get(key)
                        if found is None:
                            compared = compare(a_stated[0].as_quantity(), b_stated[0].as_quantity(),
                                               vocabulary=vocabulary)
                            found = outcomes[key] = (compared.outcome, compared.explanation)
                        across = _across_elements(a_condition, b_condition)
                        if across is not None:
                            akey = (a_key, across[0], b_key, across[1])
                            if akey not in outcomes:
                                compared = compare(_under(a_stated[0], across[0]), _under(b_stated[0], across[1]),
                                                   vocabulary=vocabulary)
                                outcomes[akey] = (compared.outcome, compared.explanation)
                            if outcomes[akey][0] != "conflict":
                                across = None
                        if found[0] != "conflict" and across is None:
                            continue
                        for a in a_stated:
                            for b in b_stated:
                                if a.locator == b.locator or (links and _qualified(a, b, links)):
                                    continue
                                stale = _stale_pair(a, b, replaced) if replaced else None
                                if found[0] == "conflict":
                                    # the explanation quotes this pair's own words, not its classes' first members
                                    why = compare(a.as_quantity(), b.as_quantity(), vocabulary=vocabulary).explanation
                                elif across is not None and _document(a) != _document(b):
                                    why = compare(_under(a, across[0]), _under(b, across[1]),
                                                  vocabulary=vocabulary).explanation
                                    why += _element_note(a, b)
                                    siblings = _siblings(by_signature, a if a.condition else b)
                                    result.conflicts.append(_Conflict(result.subject, a, b, why, siblings, stale))
                                    continue
                                else:
                                    continue  # one document: its element's figure governs its general one
                                result.conflicts.append(_Conflict(result.subject, a, b, why, replaced_by=stale))


def _across_elements(
    a: tuple[str, ...], b: tuple[str, ...],
) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The two conditions as two documents' figures are compared when either names an element
    (``element footings``): within one document an element's figure governs its general one
    (a sheet's typical-unless-noted pattern), but across documents a drawing's footing figure
    against the specification's general or footing figure is a real question. So the element
    terms are left out of both (the other facets still weigh) — unless both name elements and
    they are different ones (``footings`` and ``slabs on grade``: different things, both hold).
    None when neither names an element, or the elements differ."""
    from ..quantities.conditions import ELEMENT_FACET, condition_conflict

    def element(term: str) -> bool:
        return term.startswith(ELEMENT_FACET + " ")

    ours, theirs = [t for t in a if element(t)], [t for t in b if element(t)]
    if not ours and not theirs:
        return None
    if ours and theirs and condition_conflict(ours, theirs) is not None:
        return None
    return tuple(t for t in a if not element(t)), tuple(t for t in b if not element(t))


def _siblings(by_signature: Mapping[Signature, list[Fact]], fact: Fact) -> tuple[str, ...]:
    """The element terms this subject is stated for in ``fact``'s document."""
    from ..quantities.conditions import ELEMENT_FACET

    doc = _document(fact)
    return tuple(sorted({term for facts in by_signature.values() for other in facts if _document(other) == doc
                         for term in (other.condition or ()) if term.startswith(ELEMENT_FACET + " ")}))


def _document(fact: Fact) -> str:
    """The document a statement speaks for: an addendum item replacing a provision speaks for
    the replaced provision's document (the specification as amended)."""
    return fact.replaces[0].doc if fact.replaces else fact.resolved.doc


def _under(fact: Fact, condition: tuple[str, ...]) -> Any:
    """The fact as a quantity stated under ``condition``."""
    return fact.as_quantity().model_copy(update={"condition": condition})


def _element_note(a: Fact, b: Fact) -> str:
    """What the finding says of the element(s) it compared across two documents."""
    from ..quantities.conditions import ELEMENT_FACET

    named = [f"{fact.locator.unpinned().format()} states it for {term[len(ELEMENT_FACET) + 1:]}"
             for fact in (a, b) for term in (fact.condition or ()) if term.startswith(ELEMENT_FACET + " ")]
    return (f" ({'; '.join(named)}: compared across documents, where a figure stated for an element "
            "meets the other document's general figure and its figure for that element)") if named else ""


def _by_condition(facts: Sequence[Fact]) -> dict[tuple[str, ...], list[Fact]]:
    """Statements by the condition they are stated under (none: ``()``), in order."""
    found: dict[tuple[str, ...], list[Fact]] = {}
    for fact in facts:
        found.setdefault(tuple(fact.condition or ()), []).append(fact)
    return found


def _grouped(
    result: _SubjectResult, keys: Sequence[Signature], compatible: Sequence[tuple[int, int]],
    by_signature: Mapping[Signature, list[Fact]], vocabulary: Any,
) -> set[int]:
    """The groups of this subject (added to ``result``) and the ids of the statements they hold.

    Documents are linked when they can apply together (``compatible``); in each linked set, the
    statements measured in one unit are sorted by value and runs of equal values (within the
    subject's tolerance: 4,000 psi and 27.6 MPa) merged, one comparison per neighbour; statements
    under one condition only (``compare`` weighs no others as one requirement). More than
    ``GROUP_ABOVE`` runs, or runs that pair more than ``GROUP_PAIRS_PER_STATEMENT`` times per
    statement (few values, stated over and over), make a group when any two runs conflict, which takes one more
    comparison at most: two runs of one kind of bound (two minimums) are not equal, so conflict;
    otherwise the interval that ends first against the one that starts last, which meet only when
    every pair does. The work is the sort, never the pairs."""
    from ..quantities import compare

    parent = list(range(len(keys)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in compatible:
        parent[root(i)] = root(j)
    linked: dict[tuple[int, Any], list[tuple[tuple[Any, ...], Fact]]] = defaultdict(list)
    for i, key in enumerate(keys):
        for fact in by_signature[key]:
            value = _value_class(fact)
            if value is not None:  # never comparable: left to the pairs, which skip it too
                # one group holds statements under one condition: others are not compared with them
                linked[(root(i), value[1], tuple(sorted(fact.condition or ())))].append((value, fact))
    held: set[int] = set()
    for (_, _unit, _condition), members in sorted(linked.items(), key=lambda item: (item[0][0], str(item[0][1:]))):
        classes: dict[tuple[Any, ...], list[Fact]] = defaultdict(list)
        for value, fact in members:
            classes[value].append(fact)
        if (len(classes) <= GROUP_ABOVE
                and _pairs_across(list(classes.values())) <= GROUP_PAIRS_PER_STATEMENT * len(members)):
            continue  # cheap: merging classes into runs only lowers both, so never a group
        members.sort(key=lambda m: (_order(m[0]), m[1].locator.format()))
        runs: list[list[tuple[tuple[Any, ...], Fact]]] = []
        for value, fact in members:
            if runs:
                anchor_value, anchor = runs[-1][0]
                if anchor_value == value:
                    runs[-1].append((value, fact))  # one class: equal by construction
                    continue
                result.pairs += 1  # each comparison made is a pair examined
                if compare(anchor.as_quantity(), fact.as_quantity(), vocabulary=vocabulary).outcome == "equal":
                    runs[-1].append((value, fact))
                    continue
            runs.append([(value, fact)])
        many_values = len(runs) > GROUP_ABOVE
        if not many_values and _pairs_across(runs) <= GROUP_PAIRS_PER_STATEMENT * len(members):
            continue
        result.pairs += 1
        if not _any_conflict(runs, vocabulary):
            continue
        # an addendum's statement and the one of the paragraph it amends: the amendment governs
        amended = _replaced([fact for _, fact in members])
        kept = [[(v, f) for v, f in run if id(f) not in amended] for run in runs]
        if not many_values and sum(1 for run in kept if run) < 2:
            continue  # one value in force once the amended figures are out: the pairs' question
        result.superseded_left_out += sum(len(run) for run in runs) - sum(len(run) for run in kept)
        values = tuple(tuple(f for _, f in run) for run in kept if run)
        low, high = values[0][0], values[-1][-1]
        count = sum(len(run) for run in values)
        bound = (f"more than {GROUP_ABOVE}" if many_values
                 else f"more than {GROUP_PAIRS_PER_STATEMENT} pairs of differing values per provision")
        result.groups.append(_Group(result.subject, values, (
            f"{count:,} provisions state {len(values):,} different values of {result.subject}, from "
            f"{low.text!r} to {high.text!r}: {bound}, so they are reported as one group, "
            "not pair by pair, and no order of precedence is weighed for it")))
        held.update(id(fact) for _, fact in members)
    return held


def _pairs_across(runs: Sequence[Sequence[Any]]) -> int:
    """How many pairs of statements of differing runs there are: (n² - Σ run²) / 2."""
    count = sum(len(run) for run in runs)
    return (count * count - sum(len(run) * len(run) for run in runs)) // 2


def _order(value: tuple[Any, ...]) -> tuple[Any, ...]:
    """How value classes sort: by kind of bound, then value, upper end, daily amount, frequency."""
    bound, unit, number, upper, per_day, frequency = value
    return (bound, str(unit), number, -math.inf if upper is None else upper,
            -math.inf if per_day is None else per_day, frequency or "")


def _any_conflict(runs: Sequence[Sequence[tuple[tuple[Any, ...], Fact]]], vocabulary: Any) -> bool:
    """Whether any two runs of differing values conflict (see ``_grouped``)."""
    from ..quantities import compare

    bounds = [run[0][0][0] for run in runs]
    if any(bounds.count(bound) > 1 for bound in set(bounds) if bound != "range"):
        return True

    def interval(value: tuple[Any, ...]) -> tuple[float, float]:
        bound, _, number, upper = value[:4]
        if bound == "min":
            return number, math.inf
        if bound == "max":
            return -math.inf, number
        return number, number if upper is None or bound != "range" else upper

    ends_first = min(runs, key=lambda run: interval(run[0][0])[1])
    starts_last = max(runs, key=lambda run: interval(run[0][0])[0])
    if ends_first is starts_last:
        return False
    return compare(ends_first[0][1].as_quantity(), starts_last[0][1].as_quantity(),
                   vocabulary=vocabulary).outcome == "conflict"


def _classes(facts: Sequence[Fact]) -> dict[Any, list[Fact]]:
    classes: dict[Any, list[Fact]] = {}
    for fact in facts:
        key = _value_class(fact)
        if key is not None:
            classes.setdefault(key, []).append(fact)
    return classes
