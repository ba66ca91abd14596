"""Deciding which documents may answer a case — before anything is ranked.

The index is built once when a project opens: per facet value, per access group and per
document kind a boolean array over the revisions, and each revision's in-force window (its
effective interval cut short by the next revision of the same document). A case is then a
handful of vectorised ANDs and ORs, and the result restricts the candidate search itself
(``search_eligible``), so a truncated top-k is never filtered afterwards.

Outcomes are kept distinct: ``eligible``; ``clarification_request`` naming the attributes a
rule needs; ``refusal`` with ``no_eligible_document`` (nothing matches the facets),
``no_coverage_for_date`` (facets match, nothing covers the date) or ``access_restricted``
(something matches and covers the date, but the asker may read none of it; or a matching
document's revision that speaks for it on the date, in force or lapsed, is one the asker may not
read, so that no date tells when such a revision begins or ends).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from inforce.ontology import (
    ApplicabilityDate,
    Context,
    Document,
    EligibilityResult,
    Exclusion,
    InputError,
    Locator,
    RefusalReason,
    StoreError,
    Supersedes,
    TraceStep,
)
from inforce.rules import EligibilityRule, RuleSet

from .access import AccessGate
from .asof.index import AsOfIndex
from .asof.supersession import known_from
from .asof.timeline import (
    OPEN,
    RESUME_PREVIOUS,
    deciding_position,
    in_force_segments,
    registry_order,
)
from .calculations import as_date, case_text, evaluate_calculations, facet_keys

__all__ = [
    "DocumentSupersession",
    "EligibilityIndex",
    "EligibilityRecord",
    "RefusalReason",
    "default_rule",
    "rank_eligible",
    "search_eligible",
]


#: Per-document exclusions shown by default; every exclusion is still counted.
DEFAULT_EXCLUSIONS = 50


@dataclass(frozen=True, slots=True)
class DocumentSupersession:
    """A full supersession of a whole document (or of one revision of it, ``revision``):
    from ``effective``, once the declaring revision was recorded (``known_from``, a timestamp)."""

    document: str
    revision: str | None
    effective: dt.date
    known_from: float


def _registry_key(record: EligibilityRecord) -> tuple[object, ...]:
    recorded = record.recorded or dt.datetime.min.replace(tzinfo=dt.UTC)
    # the uid is DOC@LABEL: within one document it orders as the label does
    return (record.document, *registry_order(record.effective_from, record.seq, recorded, record.uid))


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
    on_lapse: str = "lapse"

    @classmethod
    def from_document(cls, document: Document) -> EligibilityRecord:
        return cls(
            uid=document.uid, document=document.id, kind=document.kind,
            effective_from=document.effective.from_, effective_until=document.effective.until,
            applies_to=document.applies_to, access=document.access, seq=document.seq,
            recorded=document.recorded, on_lapse=document.on_lapse,
        )

    @property
    def label(self) -> str:
        return self.uid.rpartition("@")[2]


def _revision_row(record: EligibilityRecord) -> tuple[object, ...]:
    """A record as the row ``AsOfIndex.from_rows`` reads (no text, no outline: whole documents only)."""
    recorded = record.recorded or dt.datetime.min.replace(tzinfo=dt.UTC)
    return (record.document, record.label, record.seq, None, record.effective_from, record.effective_until,
            recorded, None, record.on_lapse, record.access)


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

    def __init__(
        self, records: Sequence[EligibilityRecord], rules: RuleSet, edges: Iterable[Supersedes] = (),
    ) -> None:
        """``edges``: the project's supersedes edges; a full one on a whole document takes it
        out of force from the edge's date, for as long as as-of says it applies
        (``AsOfIndex.ended_by``)."""
        self.rules = rules
        self.records = tuple(sorted(records, key=_registry_key))
        self._uids = np.array([r.uid for r in self.records], dtype=object)
        self._documents = np.array([r.document for r in self.records], dtype=object)
        n = len(self.records)
        self._none = np.zeros(n, dtype=bool)
        self._index = np.arange(n, dtype=np.int64)
        # Each document's rows are contiguous (sorted by document first): [start, end).
        starts = [i for i in range(n) if i == 0 or self.records[i].document != self.records[i - 1].document]
        self._doc_starts = np.array(starts, dtype=np.int64)
        self._doc_names = [self.records[i].document for i in starts]
        sizes = self._doc_sizes = np.diff(np.append(self._doc_starts, n))
        self._doc_of_row = np.repeat(np.arange(len(starts), dtype=np.int64), sizes)
        # Documents with several revisions, and their rows laid end to end, for ``_speakers``.
        self._multi_docs = np.flatnonzero(sizes > 1)
        multi_sizes = sizes[self._multi_docs]
        self._multi_rows = (
            np.concatenate([np.arange(self._doc_starts[d], self._doc_starts[d] + sizes[d]) for d in self._multi_docs])
            if len(self._multi_docs) else np.zeros(0, dtype=np.int64)
        )
        self._multi_starts = np.concatenate([[0], np.cumsum(multi_sizes)[:-1]]).astype(np.int64) if len(
            multi_sizes) else np.zeros(0, dtype=np.int64)
        self._from = np.array([r.effective_from.toordinal() for r in self.records], dtype=np.int64)
        self._until = np.array(
            [r.effective_until.toordinal() if r.effective_until else OPEN for r in self.records], dtype=np.int64
        )
        self._recorded = np.array(
            [r.recorded.timestamp() if r.recorded is not None else -np.inf for r in self.records], dtype=float
        )
        self._resumes = np.array([r.on_lapse == RESUME_PREVIOUS for r in self.records], dtype=bool)
        self._segments = self._timeline(range(len(starts)), float("inf"))
        self._row_windows = self._lay_out_by_row(self._segments)
        self._replacements(edges)
        self._known_cache: tuple[float, tuple[np.ndarray, np.ndarray, np.ndarray]] | None = None
        self._exclusion_cache: dict[tuple[int, tuple[str, ...]], Exclusion] = {}
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
                    for key in facet_keys(value):
                        has.setdefault(key, []).append(i)
                if len(values) == 1:
                    for key in facet_keys(values[0]):
                        only.setdefault(key, []).append(i)
            self._has[facet] = {v: self._mask(ix) for v, ix in has.items()}
            self._only[facet] = {v: self._mask(ix) for v, ix in only.items()}
            self._unspecified[facet] = unspecified
        self.gate = AccessGate([(r.uid, r.document, r.access) for r in self.records])

    @classmethod
    def from_documents(cls, documents: Iterable[Document], rules: RuleSet) -> EligibilityIndex:
        documents = list(documents)
        edges = [edge for document in documents for edge in document.supersedes]
        return cls([EligibilityRecord.from_document(d) for d in documents], rules, edges)

    def _mask(self, indexes: list[int]) -> np.ndarray:
        mask = np.zeros(len(self.records), dtype=bool)
        mask[indexes] = True
        return mask

    def _facet_names(self) -> list[str]:
        names = dict.fromkeys(self.rules.facets)
        for rule in self.rules.eligibility:
            names.update(dict.fromkeys(rule.facets))
        return list(names)

    def _timeline(self, documents: Iterable[int], known_ts: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The in-force windows ``(start, end, row)`` of the given documents (positions in
        ``_doc_starts``), as ``timeline.in_force_segments`` draws them: the same function
        as-of asks, so eligibility and as-of cannot disagree about a document and a date.

        A document with one revision has, by that function, one window — ``[from, until)``
        once recorded — drawn here for all such documents at once; the others are asked
        document by document. (``tests/engine/asof/test_in_force_agreement.py`` covers both kinds.)"""
        chosen = np.fromiter(documents, dtype=np.int64)
        single = self._doc_starts[chosen[self._doc_sizes[chosen] == 1]]
        single = single[(self._recorded[single] <= known_ts) & (self._from[single] < self._until[single])]
        starts, ends, rows = [self._from[single]], [self._until[single]], [single]
        more_starts, more_ends, more_rows = [], [], []
        bounds = [*self._doc_starts.tolist(), len(self.records)]
        for d in chosen[self._doc_sizes[chosen] > 1].tolist():
            first, last = bounds[d], bounds[d + 1]
            chunk = self.records[first:last]
            froms = [r.effective_from.toordinal() for r in chunk]
            untils = [r.effective_until.toordinal() if r.effective_until else OPEN for r in chunk]
            recorded = self._recorded[first:last].tolist()
            resumes = [r.on_lapse == RESUME_PREVIOUS for r in chunk]
            for start, end, position in in_force_segments(froms, untils, recorded, resumes, known_ts):
                more_starts.append(start)
                more_ends.append(end)
                more_rows.append(first + position)
        return (
            np.concatenate([*starts, np.array(more_starts, dtype=np.int64)]),
            np.concatenate([*ends, np.array(more_ends, dtype=np.int64)]),
            np.concatenate([*rows, np.array(more_rows, dtype=np.int64)]),
        )

    def _segments_known(self, known_at: dt.datetime | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The windows as known at ``known_at``: only documents with a revision recorded
        later are redrawn (usually few); the last answer is kept for repeated questions."""
        if known_at is None:
            return self._segments
        known_ts = known_at.timestamp()
        if self._known_cache is not None and self._known_cache[0] == known_ts:
            return self._known_cache[1]
        late_rows = np.nonzero(self._recorded > known_ts)[0]
        if not len(late_rows):
            segments = self._segments
        else:
            late_docs = np.unique(np.searchsorted(self._doc_starts, late_rows, side="right") - 1)
            redrawn = self._timeline(late_docs.tolist(), known_ts)
            keep = ~np.isin(np.searchsorted(self._doc_starts, self._segments[2], side="right") - 1, late_docs)
            segments = tuple(np.concatenate([old[keep], new]) for old, new in zip(self._segments, redrawn, strict=True))  # type: ignore[assignment]
        self._known_cache = (known_ts, segments)
        return segments

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
        """Revisions the asker may read (``AccessGate``: the one place access is decided)."""
        return self.gate.readable(groups)

    def _known_from(self, doc: str, rev: str | None, bounds: list[int]) -> float:
        """When the revision declaring an edge was recorded (as ``AsOfIndex.recorded_of``:
        that revision, else the document's first recording; -inf for a document not held)."""
        k = self._position.get(doc)
        if k is None:
            return float("-inf")
        rows = range(bounds[k], bounds[k + 1])
        for i in rows:
            if self.records[i].label == rev:
                return float(self._recorded[i])
        return float(self._recorded[bounds[k]:bounds[k + 1]].min())

    def _replacements(self, supersedes: Iterable[Supersedes]) -> None:
        supersedes = list(supersedes)
        bounds = [*self._doc_starts.tolist(), len(self.records)]
        position = self._position = {name: k for k, name in enumerate(self._doc_names)}
        # A whole document that is the ``by`` of edges (an amending document) is out of force while
        # ``AsOfIndex.spent`` says a reissue of what it changed overrode it: asked of the same kind
        # of index. Eligibility holds no outlines, so only a document whose edges all aim at whole
        # documents is decided here (a section's reissue is the as-of index's to see).
        made = [e for e in supersedes if e.by is not None and e.by.path is None and e.by.doc in position]
        sectioned = {e.by.doc for e in made if e.target.path is not None}  # type: ignore[union-attr]
        made = [e for e in made if e.by.doc not in sectioned]  # type: ignore[union-attr]
        self._amending = sorted({e.by.doc for e in made})  # type: ignore[union-attr]
        self._bounds = bounds
        whole = [e for e in supersedes if e.scope == "full" and e.target.path is None and e.target.doc in position]
        edges = [
            DocumentSupersession(e.target.doc, e.target.rev, e.effective,
                                 known_from(e, self._known_from(e.source.doc, e.source.rev, bounds)))
            for e in whole
        ]
        first, last, effective, known, row = [], [], [], [], []
        kept: list[Supersedes] = []
        for edge, declared in zip(edges, whole, strict=True):
            k = position.get(edge.document)
            if k is None:
                continue
            pinned = -1
            if edge.revision is not None:
                pinned = next((i for i in range(bounds[k], bounds[k + 1]) if self.records[i].label == edge.revision), -2)
                if pinned == -2:
                    continue
            kept.append(declared)
            first.append(bounds[k])
            last.append(bounds[k + 1])
            effective.append(edge.effective.toordinal())
            known.append(edge.known_from)
            row.append(pinned)
        self._edge_first = np.array(first, dtype=np.int64)
        self._edge_last = np.array(last, dtype=np.int64)
        self._edge_effective = np.array(effective, dtype=np.int64)
        self._edge_known = np.array(known, dtype=float)
        self._edge_row = np.array(row, dtype=np.int64)
        self._edges = kept
        # Whether an edge still applies on a day (its declaring revision not reissued, its target
        # not reissued since) is as-of's rule: asked of an as-of index over the few documents
        # the edges touch, so the two cannot disagree.
        ruled = kept + [e for e in made if e not in kept]
        touched = sorted({e.target.doc for e in ruled if e.target.doc in position}
                         | {e.source.doc for e in ruled if e.source.doc in position})
        self._edge_rule = AsOfIndex.from_rows(
            [_revision_row(r) for doc in touched for r in self.records[bounds[position[doc]]:bounds[position[doc] + 1]]],
            ruled,
        )

    def in_force_revisions(self, day: dt.date, known_at: dt.datetime | None, groups: Iterable[str]) -> list[str]:
        """The revisions (uids) in force on ``day`` that ``groups`` may read, whatever the case's
        facets: what a search ranks when eligibility is not applied (a comparison baseline)."""
        mask = self._period(day, known_at) & ~self._superseded(day, known_at) & self._access(groups)
        return self._uids[mask].tolist()  # type: ignore[no-any-return]

    def _superseded(self, day: dt.date, known_at: dt.datetime | None) -> np.ndarray:
        """Revisions a full supersession of their whole document replaces on ``day``: every
        revision of the document, or (an edge pinned to a revision) only that one; an edge
        counts while ``AsOfIndex.ended_by`` says it applies (edges are few: one call each). And
        every revision of an amending document (the ``by`` of edges, as a whole) that
        ``AsOfIndex.spent`` says a reissue of what it changed overrode."""
        superseded = self._none.copy()
        if not len(self._edge_first) and not self._amending:
            return superseded
        ordinal = day.toordinal()
        known_ts = float("inf") if known_at is None else known_at.timestamp()
        for doc in self._amending:
            if self._edge_rule.spent(doc, None, ordinal, known_ts) is not None:
                k = self._position[doc]
                superseded[self._bounds[k]:self._bounds[k + 1]] = True
        active = (self._edge_effective <= ordinal) & (self._edge_known <= known_ts)
        for i in np.flatnonzero(active).tolist():
            if self._edge_rule.ended_by(self._edges[i], ordinal, known_ts) is not None:
                active[i] = False
        whole = active & (self._edge_row < 0)
        if whole.any():
            cover = np.zeros(len(self.records) + 1, dtype=np.int64)
            np.add.at(cover, self._edge_first[whole], 1)
            np.add.at(cover, self._edge_last[whole], -1)
            superseded |= np.cumsum(cover[:-1]) > 0
        superseded[self._edge_row[active & (self._edge_row >= 0)]] = True
        return superseded

    def _period(self, day: dt.date, known_at: dt.datetime | None) -> np.ndarray:
        """The revisions in force on ``day`` as known at ``known_at`` (one per document at most),
        before supersession of whole documents (``_superseded``)."""
        ordinal = day.toordinal()
        if known_at is None:
            # Each revision's first window laid out by row: one comparison, no scatter; the
            # rare further windows (a revision resumed after a temporary one) added after.
            row_start, row_end, extra = self._row_windows
            period = (row_start <= ordinal) & (ordinal < row_end)
            start, end, rows = extra
        else:
            period = self._none.copy()
            start, end, rows = self._segments_known(known_at)
        if len(rows):
            period[rows[(start <= ordinal) & (ordinal < end)]] = True
        return period

    def _lay_out_by_row(
        self, segments: tuple[np.ndarray, np.ndarray, np.ndarray]
    ) -> tuple[np.ndarray, np.ndarray, tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """The windows as ``(start per row, end per row, further windows)``; a row without a
        window gets an empty one."""
        start, end, rows = segments
        n = len(self.records)
        row_start = np.full(n, OPEN, dtype=np.int64)
        row_end = np.full(n, OPEN, dtype=np.int64)
        first = np.ones(len(rows), dtype=bool)
        if len(rows):
            order = np.argsort(rows, kind="stable")
            sorted_rows = rows[order]
            repeat = np.zeros(len(rows), dtype=bool)
            repeat[1:] = sorted_rows[1:] == sorted_rows[:-1]
            first[order[repeat]] = False
        row_start[rows[first]] = start[first]
        row_end[rows[first]] = end[first]
        return row_start, row_end, (start[~first], end[~first], rows[~first])

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
    def evaluate(
        self,
        context: Context,
        *,
        exclusions: int | None = DEFAULT_EXCLUSIONS,
        documents: Collection[str] = (),
        explain: bool = False,
    ) -> EligibilityResult:
        """The eligibility decision for a case: outcome, exclusions, calculations, and (``explain``) the trace.

        Exclusions are counted for every document (``excluded_total``, ``excluded_by_reason``);
        per-document detail is built for the first ``exclusions`` of them by id (None: all)
        and for every document named in ``documents``, so a case over 100k documents costs
        array work, not 100k records. ``explain`` adds the trace ``rules explain`` prints,
        with every exclusion.
        """
        if explain:
            exclusions = None
        attributes = dict(context.attributes)
        rules = self._rules(attributes)
        trace = [self._step(rule, _describe(rule)) for rule in rules] if explain else []
        missing = [
            name for rule in rules for name in rule.required_attributes() if attributes.get(name) is None
        ]
        if missing:
            missing = list(dict.fromkeys(missing))
            asking = [r.id for r in rules if set(r.required_attributes()) & set(missing)]
            if explain:
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
        superseded = self._superseded(day, context.known_at)
        in_force = period & ~superseded
        readable = self._access(context.groups)
        eligible = facet_ok & in_force & readable
        doc_eligible = np.zeros(len(self._doc_names), dtype=bool)
        doc_eligible[self._doc_of_row[eligible]] = True
        names = self._doc_names
        eligible_documents = [names[d] for d in np.flatnonzero(doc_eligible).tolist()]  # rows are by id
        speaker = self._speakers(period, day, context.known_at)
        excluded, total, by_reason = self._exclusions(doc_eligible, failures, period, superseded, readable, speaker,
                                                      limit=exclusions, named=documents)
        if explain:
            for exclusion, row in excluded:
                trace.append(TraceStep(rule="-", source="", effect=(
                    f"{exclusion.document} excluded: " + self._why(exclusion, row, attributes, readable))))
            for document in eligible_documents:
                trace.append(TraceStep(rule="-", source="", effect=f"{document} eligible"))
        shown = tuple(exclusion for exclusion, _ in excluded)
        fired = [rule.id for rule in rules]
        if not eligible_documents:
            # a document whose speaking revision the asker may not read refuses for access on
            # every date, in force or not, so no date tells when that revision begins or ends
            # (``engine.access``, rule 2: the revision that decides the day, as ``asof`` gates it)
            withheld = facet_ok[speaker] & ~readable[speaker]
            reason: RefusalReason = (
                "no_eligible_document" if not facet_ok.any()
                else "no_coverage_for_date" if not (facet_ok & in_force).any() and not withheld.any()
                else "access_restricted"
            )
            if explain:
                trace.append(TraceStep(rule="-", source="", effect=f"refusal: {reason}"))
            return EligibilityResult(
                outcome="refusal", reason=reason, applicability_date=applicability,
                excluded=shown, excluded_total=total, excluded_by_reason=by_reason,
                rules_fired=tuple(fired), trace=tuple(trace),
            )
        calculated = evaluate_calculations(self.rules.calculations, attributes, day, eligible_documents)
        if explain:
            for calculation in calculated.calculations:
                condition = "" if calculation.status == "definite" else (
                    " — conditional on " + ", ".join(calculation.unknown) + " (unknown)")
                trace.append(self._step_id(calculation.rule, (
                    f"{calculation.output} = {calculation.result} ({calculation.detail}){condition}")))
            for unmatched in calculated.unmatched:
                trace.append(self._step_id(unmatched.rules[0], f"{unmatched}: clarification requested"))
            if calculated.clarify:
                trace.append(TraceStep(rule="-", source="", effect=(
                    "a calculation needs " + ", ".join(calculated.clarify) + ": clarification requested")))
        fired += calculated.rules_fired
        # Built from values this method made and typed itself: no validation pass over the
        # (possibly thousands of) eligible revisions on the hot path.
        return EligibilityResult.model_construct(
            outcome="clarification_request" if calculated.clarify else "eligible",
            applicability_date=applicability,
            eligible=tuple(eligible_documents), excluded=shown, excluded_total=total,
            excluded_by_reason=by_reason,
            missing_attributes=tuple(calculated.clarify), unmatched_values=tuple(calculated.unmatched),
            calculations=tuple(calculated.calculations), rules_fired=tuple(fired),
            conditional_on=calculated.conditional_on,
            eligible_revisions=tuple(self._uids[eligible].tolist()), trace=tuple(trace), reason=None,
        )

    def _applicability(self, rules, attributes, valid_at: dt.date | None) -> ApplicabilityDate:
        for rule in rules:
            if rule.applicability_date is not None:
                name = rule.applicability_date.attribute
                return ApplicabilityDate(attribute=name, value=as_date(attributes[name], name))
        if valid_at is None:
            raise InputError(
                "this question needs a date: no rule pack names the case attribute that supplies it",
                field="valid_at", reason="required", hint="give it as YYYY-MM-DD (today is never assumed)",
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

    def _exclusions(
        self, doc_eligible: np.ndarray, failures: Sequence[tuple[str, np.ndarray]], period: np.ndarray,
        superseded: np.ndarray, readable: np.ndarray, speaker: np.ndarray, *, limit: int | None,
        named: Collection[str] = (),
    ) -> tuple[list[tuple[Exclusion, int]], int, dict[str, int]]:
        """The documents with no eligible revision: the first ``limit`` (by id) and the
        ``named`` ones in detail, with each separate reason; the total; counts per reason.

        ``speaker``: per document, the revision that speaks for it on the date (``_speakers``).
        Vectorised per document.
        """
        n = len(self.records)
        if n == 0:
            return [], 0, {}
        out_docs = np.flatnonzero(~doc_eligible)
        out_speakers = speaker[out_docs]
        # Counted in row space (one speaking row per excluded document), so a case over 100k
        # documents costs a few array passes, whatever the number excluded.
        speaking = np.zeros(n, dtype=bool)
        speaking[out_speakers] = True
        # A document the asker may not read is excluded for access alone: its facets and dates
        # are its content, and stating them would let a caller probe them case by case.
        visible = speaking & readable
        reasons: dict[str, np.ndarray] = {}
        for facet, fails in failures:
            reasons[facet] = reasons[facet] | fails if facet in reasons else fails
        reasons["period"] = ~period
        reasons["superseded"] = superseded
        by_reason = {name: int(np.count_nonzero(mask & visible)) for name, mask in reasons.items()}
        by_reason["access"] = int(np.count_nonzero(speaking & ~readable))
        by_reason = {name: count for name, count in by_reason.items() if count}
        picked = list(range(len(out_docs) if limit is None else min(max(limit, 0), len(out_docs))))
        if named:
            wanted = set(named)
            seen = set(picked)
            picked += [k for k in range(len(out_docs)) if self._doc_names[out_docs[k]] in wanted and k not in seen]
        detailed = []
        for k in picked:
            row = int(out_speakers[k])
            if readable[row]:
                why = tuple(name for name, mask in reasons.items() if mask[row])
            else:
                why = ("access",)
            detailed.append((self._exclusion(int(out_docs[k]), why), row))
        return detailed, len(out_docs), by_reason

    def _exclusion(self, doc: int, reasons: tuple[str, ...]) -> Exclusion:
        """One document's exclusion, made once per (document, reasons) and shared after: the
        same cases come back, and an immutable record can be handed out again."""
        key = (doc, reasons)
        made = self._exclusion_cache.get(key)
        if made is None:
            if len(self._exclusion_cache) > 100_000:
                self._exclusion_cache.clear()
            made = self._exclusion_cache[key] = Exclusion(document=self._doc_names[doc], reasons=reasons)
        return made

    def _speakers(self, period: np.ndarray, day: dt.date, known_at: dt.datetime | None) -> np.ndarray:
        """Per document, the row of the revision whose dates decide what of it is in force on
        ``day`` as known at ``known_at``: ``timeline.deciding_position``, the rule as-of and the
        access gate ask (``engine.access``, rule 2), so every command hears the same revision
        speak. A document with no revision known then gets its first row (it is in force
        nowhere; the row only carries its exclusion).

        The rule is asked document by document only where its walk could go past the latest
        revision begun: none in force, and that revision hands back on lapse or one of the
        document's revisions was recorded after ``known_at`` (rare). Elsewhere its answer is read
        off arrays: the revision in force (``period``, drawn by the same rule), else the latest
        begun (its lapse left the day uncovered), else the first to begin
        (``tests/engine/test_speaker_one_rule_23.py`` proves the two equal)."""
        speaker = self._doc_starts.copy()
        rows = self._multi_rows
        if not len(rows):
            return speaker
        n, ordinal, starts = len(self.records), day.toordinal(), self._multi_starts
        firsts = self._doc_starts[self._multi_docs]
        in_force = np.minimum.reduceat(np.where(period[rows], rows, n), starts)
        last_begun = np.maximum.reduceat(np.where(self._from[rows] <= ordinal, rows, -1), starts)
        chosen = np.where(in_force < n, in_force, np.where(last_begun >= 0, last_begun, firsts))
        walk = (in_force == n) & (last_begun >= 0) & self._resumes[np.maximum(last_begun, 0)]
        known_ts = float("inf") if known_at is None else known_at.timestamp()
        if known_at is not None:
            walk |= (in_force == n) & np.logical_or.reduceat(self._recorded[rows] > known_ts, starts)
        if walk.any():
            sizes = self._doc_sizes[self._multi_docs]
            for m in np.flatnonzero(walk).tolist():
                first = int(firsts[m])
                last = first + int(sizes[m])
                position = deciding_position(
                    self._from[first:last].tolist(), self._until[first:last].tolist(),
                    self._recorded[first:last].tolist(), self._resumes[first:last].tolist(), ordinal, known_ts)
                chosen[m] = first + position if position >= 0 else first
        speaker[self._multi_docs] = chosen
        return speaker

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
