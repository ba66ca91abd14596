"""Which statements are compared, and comparing one subject's: the blocking keys (documents
that can apply together), value classes (one comparison per distinct requirement), rows that
state a case each, and exceptions carved out by cross-reference."""

from __future__ import annotations

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


@dataclass
class _SubjectResult:
    subject: str
    statements: int = 0
    pairs: int = 0
    per_case: int = 0  # rows of tables whose value varies by row: cases, not restatements
    conflicts: list[_Conflict] = field(default_factory=list)
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


def _compare_subject(
    subject: str, facts: Sequence[Fact], signatures: Mapping[str, Signature], vocabulary: Any,
    links: Mapping[str, Sequence[tuple[str, str]]] | None = None,
) -> _SubjectResult:
    """The conflicting statement pairs of one subject, among documents that apply together."""
    from ..quantities import compare

    per_case = _per_case_rows(facts)
    result = _SubjectResult(subject, statements=len(facts) - len(per_case), per_case=len(per_case))
    facts = [fact for i, fact in enumerate(facts) if i not in per_case]
    by_signature: dict[Signature, list[Fact]] = defaultdict(list)
    for fact in facts:
        by_signature[signatures.get(f"{fact.resolved.doc}@{fact.resolved.rev}", frozenset())].append(fact)
    keys = sorted(by_signature, key=lambda s: sorted((f, sorted(v)) for f, v in s))
    outcomes: dict[tuple[Any, Any], tuple[str, str]] = {}
    for i, j in _compatible_pairs(keys):
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
                found = outcomes.get((a_key, b_key))
                if found is None:
                    compared = compare(a_members[0].as_quantity(), b_members[0].as_quantity(), vocabulary=vocabulary)
                    found = outcomes[(a_key, b_key)] = (compared.outcome, compared.explanation)
                if found[0] != "conflict":
                    continue
                for a in a_members:
                    for b in b_members:
                        if a.locator == b.locator or (links and _qualified(a, b, links)):
                            continue
                        # the explanation quotes this pair's own words, not its classes' first members
                        why = compare(a.as_quantity(), b.as_quantity(), vocabulary=vocabulary).explanation
                        result.conflicts.append(_Conflict(subject, a, b, why))
    return result


def _classes(facts: Sequence[Fact]) -> dict[Any, list[Fact]]:
    classes: dict[Any, list[Fact]] = {}
    for fact in facts:
        key = _value_class(fact)
        if key is not None:
            classes.setdefault(key, []).append(fact)
    return classes
