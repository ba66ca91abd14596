"""Deciding which documents may answer a case — before anything is ranked.

The index is built once when a project opens: per facet value, per access group and per
document kind a boolean array over the revisions, and each revision's in-force window (its
effective interval cut short by the next revision of the same document). A case is then a
handful of vectorised ANDs and ORs, and the result restricts the candidate search itself
(``search_eligible``), so a truncated top-k is never filtered afterwards.

Outcomes are kept distinct: ``eligible``; ``clarification_request`` naming the attributes a
rule needs; ``refusal`` with ``no_eligible_document`` (nothing matches the facets),
``no_coverage_for_date`` (facets match, nothing covers the date) or ``access_restricted``
(something matches and covers the date, but the asker may read none of it).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict

from inforce.ontology import Context, Document, Exclusion, InputError, Locator, StoreError
from inforce.rules import EligibilityRule, RuleSet

from .calculations import Calculation, as_date, case_text, evaluate_calculations

__all__ = [
    "ApplicabilityDate",
    "EligibilityIndex",
    "EligibilityRecord",
    "EligibilityResult",
    "RefusalReason",
    "TraceStep",
    "default_rule",
    "rank_eligible",
    "search_eligible",
]

RefusalReason = Literal["no_eligible_document", "access_restricted", "no_coverage_for_date"]
_OPEN = np.iinfo(np.int32).max


@dataclass(frozen=True, slots=True)
class EligibilityRecord:
    """What eligibility reads of one revision: never its text."""

    uid: str
    document: str
    kind: str
    effective_from: dt.date
    effective_until: dt.date | None = None
    applies_to: Mapping[str, tuple[str, ...]] | None = None
    access: tuple[str, ...] | None = None
    seq: int = 0
    recorded: dt.datetime | None = None

    @classmethod
    def from_document(cls, document: Document) -> EligibilityRecord:
        return cls(
            uid=document.uid, document=document.id, kind=document.kind,
            effective_from=document.effective.from_, effective_until=document.effective.until,
            applies_to=document.applies_to, access=document.access, seq=document.seq,
            recorded=document.recorded,
        )


class ApplicabilityDate(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    attribute: str
    value: dt.date | None


class TraceStep(BaseModel):
    """One line of ``rules explain``: a rule, where it is written, its source, what it did."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rule: str
    source: str
    origin: str = ""
    effect: str


class EligibilityResult(BaseModel):
    """The contract's "Eligibility" output, plus the eligible revisions and the trace."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    outcome: Literal["eligible", "clarification_request", "refusal"]
    reason: RefusalReason | None = None
    applicability_date: ApplicabilityDate | None = None
    eligible: tuple[str, ...] = ()
    excluded: tuple[Exclusion, ...] = ()
    missing_attributes: tuple[str, ...] = ()
    calculations: tuple[Calculation, ...] = ()
    rules_fired: tuple[str, ...] = ()
    conditional_on: tuple[str, ...] = ()
    eligible_revisions: tuple[str, ...] = ()
    trace: tuple[TraceStep, ...] = ()

    def contract(self) -> dict[str, Any]:
        """The JSON ``inforce eligible`` prints (the trace is ``rules explain``'s)."""
        return self.model_dump(mode="json", exclude={"trace"})


def default_rule(facets: Sequence[str]) -> EligibilityRule:
    """What applies when no pack has an eligibility rule: documents' own facets, dates, access."""
    return EligibilityRule(
        id="INF-E000", slug="documents-own-applicability", kind="eligibility",
        description="A document answers a case when its applies_to values include the case's, "
        "it is in force on the date and the asker may read it.",
        source="inforce default (no eligibility rule in the project's packs)",
        facets={name: "membership" for name in facets},
    )


class EligibilityIndex:
    """Boolean arrays over every revision, built once per project, evaluated per case."""

    def __init__(self, records: Sequence[EligibilityRecord], rules: RuleSet) -> None:
        self.rules = rules
        self.records = tuple(sorted(records, key=lambda r: (r.document, r.effective_from, r.seq)))
        self._uids = np.array([r.uid for r in self.records], dtype=object)
        self._documents = np.array([r.document for r in self.records], dtype=object)
        n = len(self.records)
        self._none = np.zeros(n, dtype=bool)
        self._start, self._end = self._windows(self.records)
        kinds = sorted({r.kind for r in self.records})
        kind_code = np.array([kinds.index(r.kind) for r in self.records], dtype=np.int16)
        self._kind = {kind: kind_code == i for i, kind in enumerate(kinds)}
        self._has: dict[str, dict[str, np.ndarray]] = {}
        self._only: dict[str, dict[str, np.ndarray]] = {}
        self._unspecified: dict[str, np.ndarray] = {}
        for facet in self._facet_names():
            has: dict[str, list[int]] = {}
            only: dict[str, list[int]] = {}
            unspecified = np.ones(n, dtype=bool)
            for i, record in enumerate(self.records):
                values = (record.applies_to or {}).get(facet)
                if values is None:
                    continue
                unspecified[i] = False
                for value in values:
                    has.setdefault(value, []).append(i)
                if len(values) == 1:
                    only.setdefault(values[0], []).append(i)
            self._has[facet] = {v: self._mask(ix) for v, ix in has.items()}
            self._only[facet] = {v: self._mask(ix) for v, ix in only.items()}
            self._unspecified[facet] = unspecified
        self._public = np.array([r.access is None for r in self.records], dtype=bool)
        groups: dict[str, list[int]] = {}
        for i, record in enumerate(self.records):
            for group in record.access or ():
                groups.setdefault(group, []).append(i)
        self._group = {g: self._mask(ix) for g, ix in groups.items()}

    @classmethod
    def from_documents(cls, documents: Iterable[Document], rules: RuleSet) -> EligibilityIndex:
        return cls([EligibilityRecord.from_document(d) for d in documents], rules)

    def _mask(self, indexes: list[int]) -> np.ndarray:
        mask = np.zeros(len(self.records), dtype=bool)
        mask[indexes] = True
        return mask

    def _facet_names(self) -> list[str]:
        names = dict.fromkeys(self.rules.facets)
        for rule in self.rules.eligibility:
            names.update(dict.fromkeys(rule.facets))
        return list(names)

    @staticmethod
    def _windows(records: Sequence[EligibilityRecord], known_at: dt.datetime | None = None):
        """Each revision's in-force days ``[start, end)``: its interval, cut by the next revision's start.

        Records are sorted by (document, effective from, seq), so a same-day tie leaves the
        lower seq an empty window. With ``known_at``, revisions recorded later do not exist.
        """
        n = len(records)
        start = np.empty(n, dtype=np.int32)
        end = np.empty(n, dtype=np.int32)
        following: dict[str, int] = {}
        for i in range(n - 1, -1, -1):
            record = records[i]
            known = known_at is None or record.recorded is None or record.recorded <= known_at
            start[i] = record.effective_from.toordinal() if known else _OPEN
            until = record.effective_until.toordinal() if record.effective_until else _OPEN
            end[i] = min(until, following.get(record.document, _OPEN)) if known else _OPEN
            if known:
                following[record.document] = int(start[i])
        return start, end

    # ---- the hot path ------------------------------------------------------------------
    def _rules(self, attributes: Mapping[str, Any]) -> list[EligibilityRule]:
        if self.rules.eligibility:
            return self.rules.eligibility
        # no rule: documents' own facets are honoured for the attributes the case states
        return [default_rule([f for f in self.rules.facets if attributes.get(f) is not None])]

    def _facet_failures(self, rules: Sequence[EligibilityRule], attributes: Mapping[str, Any]):
        """(facet, mask of revisions failing it) for every matched facet of every rule."""
        failures: list[tuple[str, np.ndarray]] = []
        for rule in rules:
            governed = None
            if rule.document_kinds is not None:
                governed = self._none.copy()
                for kind in rule.document_kinds:
                    governed |= self._kind.get(kind, self._none)
            for facet, match in rule.facets.items():
                if match == "any":
                    continue
                value = case_text(attributes[facet])
                table = self._has if match == "membership" else self._only
                ok = table.get(facet, {}).get(value, self._none) | self._unspecified.get(facet, ~self._none)
                fails = ~ok if governed is None else governed & ~ok
                failures.append((facet, fails))
        return failures

    def _access(self, groups: Iterable[str]) -> np.ndarray:
        """Revisions the asker may read: no access list, or one of the asker's groups on it."""
        readable = self._public.copy()
        for group in groups:
            mask = self._group.get(group)
            if mask is not None:
                readable |= mask
        return readable

    def _period(self, day: dt.date, known_at: dt.datetime | None) -> np.ndarray:
        start, end = (self._start, self._end) if known_at is None else self._windows(self.records, known_at)
        ordinal = day.toordinal()
        return (start <= ordinal) & (ordinal < end)

    def eligible_uids(
        self, attributes: Mapping[str, Any], groups: Iterable[str], day: dt.date,
        known_at: dt.datetime | None = None,
    ) -> list[str]:
        """The revisions eligible for a case whose attributes are all known (no reasons, no trace)."""
        rules = self._rules(attributes)
        eligible = self._period(day, known_at) & self._access(groups)
        for _, fails in self._facet_failures(rules, attributes):
            eligible &= ~fails
        return self._uids[eligible].tolist()

    # ---- the whole decision ------------------------------------------------------------
    def evaluate(self, context: Context) -> EligibilityResult:
        """The eligibility decision for a case: outcome, each exclusion's reasons, calculations, trace."""
        attributes = dict(context.attributes)
        rules = self._rules(attributes)
        trace = [self._step(rule, _describe(rule)) for rule in rules]
        missing = [
            name for rule in rules for name in rule.required_attributes() if attributes.get(name) is None
        ]
        if missing:
            missing = list(dict.fromkeys(missing))
            asking = [r.id for r in rules if set(r.required_attributes()) & set(missing)]
            trace.append(TraceStep(rule=asking[0], source=self._source(asking[0]), effect=(
                "the case does not state " + ", ".join(missing) + ": clarification requested")))
            return EligibilityResult(
                outcome="clarification_request", missing_attributes=tuple(missing),
                rules_fired=tuple(asking), trace=tuple(trace),
            )
        applicability = self._applicability(rules, attributes, context.valid_at)
        day = applicability.value
        assert day is not None
        failures = self._facet_failures(rules, attributes)
        facet_ok = ~self._none
        for _, fails in failures:
            facet_ok = facet_ok & ~fails
        period = self._period(day, context.known_at)
        readable = self._access(context.groups)
        eligible = facet_ok & period & readable
        documents = sorted(set(self._documents[eligible].tolist()))
        excluded_rows = self._exclusions(eligible, failures, period, readable, day)
        excluded = [exclusion for exclusion, _ in excluded_rows]
        for exclusion, row in excluded_rows:
            trace.append(TraceStep(rule="-", source="", effect=(
                f"{exclusion.document} excluded: " + self._why(exclusion, row, attributes, readable))))
        for document in documents:
            trace.append(TraceStep(rule="-", source="", effect=f"{document} eligible"))
        fired = [rule.id for rule in rules]
        if not documents:
            reason: RefusalReason = (
                "no_eligible_document" if not facet_ok.any()
                else "no_coverage_for_date" if not (facet_ok & period).any()
                else "access_restricted"
            )
            trace.append(TraceStep(rule="-", source="", effect=f"refusal: {reason}"))
            return EligibilityResult(
                outcome="refusal", reason=reason, applicability_date=applicability,
                excluded=tuple(excluded), rules_fired=tuple(fired), trace=tuple(trace),
            )
        calculated = evaluate_calculations(self.rules.calculations, attributes, day, documents)
        for calculation in calculated.calculations:
            condition = "" if calculation.status == "definite" else (
                " — conditional on " + ", ".join(calculation.unknown) + " (unknown)")
            trace.append(self._step_id(calculation.rule, (
                f"{calculation.output} = {calculation.result} ({calculation.detail}){condition}")))
        fired += calculated.rules_fired
        if calculated.clarify:
            trace.append(TraceStep(rule="-", source="", effect=(
                "a calculation needs " + ", ".join(calculated.clarify) + ": clarification requested")))
        return EligibilityResult(
            outcome="clarification_request" if calculated.clarify else "eligible",
            applicability_date=applicability,
            eligible=tuple(documents), excluded=tuple(excluded),
            missing_attributes=tuple(calculated.clarify),
            calculations=tuple(calculated.calculations), rules_fired=tuple(fired),
            conditional_on=calculated.conditional_on,
            eligible_revisions=tuple(self._uids[eligible].tolist()), trace=tuple(trace),
        )

    def _applicability(self, rules, attributes, valid_at: dt.date | None) -> ApplicabilityDate:
        for rule in rules:
            if rule.applicability_date is not None:
                name = rule.applicability_date.attribute
                return ApplicabilityDate(attribute=name, value=as_date(attributes[name], name))
        if valid_at is None:
            raise InputError(
                "this question needs a date: no rule pack names the case attribute that supplies it",
                field="valid_at", hint="pass --valid-at YYYY-MM-DD (today is never assumed)",
            )
        return ApplicabilityDate(attribute="valid_at", value=valid_at)

    def _why(self, exclusion: Exclusion, row: int, attributes: Mapping[str, Any], readable) -> str:
        """Each reason, with the document's own values when the asker may read it (never otherwise)."""
        if not readable[row]:
            return ", ".join(exclusion.reasons) + " (the asker may not read it: nothing more is shown)"
        record = self.records[row]
        parts = []
        for reason in exclusion.reasons:
            if reason == "period":
                until = record.effective_until.isoformat() if record.effective_until else "open"
                parts.append(f"period (in force {record.effective_from.isoformat()} until {until}, "
                             "or replaced by a later revision)")
            elif reason in (record.applies_to or {}):
                listed = ", ".join(record.applies_to[reason])  # type: ignore[index]
                parts.append(f"{reason} (applies to {listed}; the case is {case_text(attributes[reason])})")
            else:
                parts.append(reason)
        return "; ".join(parts)

    def _exclusions(self, eligible, failures, period, readable, day: dt.date) -> list[tuple[Exclusion, int]]:
        """Each document with no eligible revision, and every separate reason it is out."""
        by_document: dict[str, list[int]] = {}
        for i, document in enumerate(self._documents.tolist()):
            by_document.setdefault(document, []).append(i)
        excluded = []
        for document, rows in sorted(by_document.items()):
            if eligible[rows].any():
                continue
            # the revision in force on the date speaks for the document; else its last (or first)
            covering = [i for i in rows if period[i]]
            started = [i for i in rows if self.records[i].effective_from <= day]
            row = covering[0] if covering else (started[-1] if started else rows[0])
            reasons = [facet for facet, fails in failures if fails[row]]
            if not period[row]:
                reasons.append("period")
            if not readable[row]:
                reasons.append("access")
            excluded.append((Exclusion(document=document, reasons=tuple(dict.fromkeys(reasons))), row))
        return excluded

    def _source(self, rule_id: str) -> str:
        rule = next((r for r in self.rules.eligibility + self.rules.calculations if r.id == rule_id), None)
        return rule.source if rule is not None else ""

    def _step(self, rule: EligibilityRule, effect: str) -> TraceStep:
        origin = self.rules.origin(rule.id)
        return TraceStep(rule=rule.id, source=rule.source, origin=origin.format() if origin else "", effect=effect)

    def _step_id(self, rule_id: str, effect: str) -> TraceStep:
        origin = self.rules.origin(rule_id)
        return TraceStep(rule=rule_id, source=self._source(rule_id),
                         origin=origin.format() if origin else "", effect=effect)


def _describe(rule: EligibilityRule) -> str:
    parts = []
    if rule.document_kinds is not None:
        parts.append("governs " + ", ".join(rule.document_kinds))
    for facet, match in rule.facets.items():
        parts.append(f"{facet}: {match}")
    date = rule.applicability_date.attribute if rule.applicability_date else "valid_at"
    parts.append(f"applicability date from {date}")
    return "; ".join(parts)


#: A candidate search that applies the restriction inside the query (``store.search_text``):
#: called as ``search(query, k, documents=revision_uids)``, it returns (locator or uid, score).
SearchFn = Callable[..., Sequence[tuple[Any, float]]]


def rank_eligible(scores: Mapping[str, float], eligibility: EligibilityResult, k: int) -> list[tuple[str, float]]:
    """The ``k`` best-scored documents among the eligible ones — the only ones it ever ranks.

    ``scores`` may be keyed by document id or revision uid. The function takes the
    eligibility decision, not a list, so there is no way to rank first and filter after.
    """
    if eligibility.outcome != "eligible" or k <= 0:
        return []
    allowed = set(eligibility.eligible) | set(eligibility.eligible_revisions)
    pool = [(key, score) for key, score in scores.items() if key in allowed]
    return sorted(pool, key=lambda pair: (-pair[1], pair[0]))[:k]


def search_eligible(search: SearchFn, query: str, eligibility: EligibilityResult, k: int) -> list[tuple[Any, float]]:
    """Run a candidate search restricted to the eligible revisions inside the query itself.

    A backend that returns anything outside the restriction is a bug, raised as StoreError.
    """
    if eligibility.outcome != "eligible" or k <= 0:
        return []
    allowed = frozenset(eligibility.eligible_revisions)
    hits = list(search(query, k, documents=allowed))
    leaked = [str(hit) for hit, _ in hits if _revision_uid(hit) not in allowed]
    if leaked:
        raise StoreError(f"the search returned ineligible revisions {leaked[:3]}: restriction not applied")
    return hits[:k]


def _revision_uid(hit: Any) -> str:
    """``DOC@REV`` of a search hit: a pinned locator, or a revision uid as it is."""
    if isinstance(hit, Locator):
        return f"{hit.doc}@{hit.rev}"
    return str(hit)
