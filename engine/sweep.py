"""The conflict sweep: every disagreement among a project's in-force provisions on a date,
decided by the rules or escalated to a person.

Comparing every pair of provisions is quadratic and mostly noise, so candidate pairs come
from blocking keys, each a reason two provisions could disagree at all:

- **quantity subject**: two in-force statements of one subject (``engine.quantities``)
  whose documents can apply together (their applicability shares a value on every facet
  both constrain). Statements with the same value are compared once, as a class.
- **supersession**: a replaced provision and its replacement (``--include-superseded``).
- **cross-reference**: the qualifier links found at ingest: a reference to a path its
  document does not have, or to one an addendum replaced on the date.
- **embedding** neighbours (stored vectors) and **NLI** contradiction: similarity only
  *proposes*; a pair becomes a finding only when the NLI model reads a contradiction. With
  no model the proposals are counted, never reported.

Every pair the rules confirm is then adjudicated: a superseded side is not a conflict
(left out, or ``resolved_by_supersession``); otherwise the project's precedence
(``Project.precedence``, the one place) decides it, or it is escalated with an RFI draft.
What the asker may not read is never compared and never quoted (``Project.facts`` and the
access gate withhold it). The report holds nothing that depends on how it was computed:
the same input gives the same findings in the same order, whatever ``workers``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import multiprocessing
import threading
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from inforce.ontology import (
    AccessRestrictedError,
    Finding,
    FindingProvision,
    Locator,
    NotFoundError,
    SourceRun,
    SweepReport,
    SweepSummary,
)

from .facts import Fact
from .mdtext import inline, quoted
from .precedence import provision_label, withheld_rfi

if TYPE_CHECKING:
    from inforce.ontology import FindingKind

    from .project import Project

__all__ = ["NEIGHBOURS", "SIMILARITY", "Progress", "against_baseline", "failing", "finding_id", "sweep"]

#: Embedding neighbours proposed per provision, and the cosine similarity they must reach.
NEIGHBOURS = 3
SIMILARITY = 0.75  # MiniLM puts a sentence and its negation near 0.8
#: Above this many provisions in one applicability block the exact neighbour search is not
#: run (it is quadratic in the block); the summary says so.
MAX_EMBEDDING_BLOCK = 60_000

#: ``progress(stage, done, total)``: called as each stage advances (a CLI draws a bar).
Progress = Callable[[str, int, int], None]

_ORDER: dict[str, int] = {"escalate": 0, "resolved_by_precedence": 1, "resolved_by_supersession": 2}


# ---- what is compared ---------------------------------------------------------------------------


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


def _doc_of(fact: Fact) -> str:
    return fact.resolved.doc


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
    from .quantities import compare

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


# ---- work shared with forked workers ------------------------------------------------------------

@dataclass(frozen=True)
class _Job:
    """What comparing one subject needs: the project (its indexes already built), the date,
    the asker, and the blocking keys. A forked worker reads it from memory, never the graph."""

    project: Project
    valid_at: dt.date
    known_at: dt.datetime | None
    groups: tuple[str, ...]
    signatures: Mapping[str, Signature]
    vocabulary: Any
    links: Mapping[str, Sequence[tuple[str, str]]]

    def __call__(self, subject: str) -> _SubjectResult:
        facts = self.project.facts(subject, self.valid_at, self.known_at, groups=self.groups)
        result = _compare_subject(subject, facts.facts, self.signatures, self.vocabulary, self.links)
        result.withheld.update(facts.withheld)
        return result


#: The job a forked pool runs, set only while one runs (one at a time: ``_FORKING``); a pool
#: inherits it at fork instead of pickling the project.
_FORKED_JOB: _Job | None = None
_FORKING = threading.Lock()


def _forked(subject: str) -> _SubjectResult:
    assert _FORKED_JOB is not None
    return _FORKED_JOB(subject)


def _run_subjects(job: _Job, subjects: Sequence[str], workers: int, progress: Progress | None) -> list[_SubjectResult]:
    global _FORKED_JOB
    results: list[_SubjectResult] = []
    if workers <= 1 or len(subjects) < 2:
        for n, subject in enumerate(subjects, 1):
            results.append(job(subject))
            if progress:
                progress("quantities", n, len(subjects))
        return results
    # fork: the workers inherit the opened project's indexes; each returns plain results
    with _FORKING:
        _FORKED_JOB = job
        try:
            with multiprocessing.get_context("fork").Pool(min(workers, len(subjects))) as pool:
                for n, result in enumerate(pool.imap_unordered(_forked, subjects), 1):
                    results.append(result)
                    if progress:
                        progress("quantities", n, len(subjects))
        finally:
            _FORKED_JOB = None
    return sorted(results, key=lambda r: r.subject)


# ---- the sweep ----------------------------------------------------------------------------------


@dataclass
class _Run:
    project: Project
    valid_at: dt.date
    known_at: dt.datetime | None
    groups: tuple[str, ...]
    packs: tuple[str, ...]
    params: Mapping[str, str]
    include_superseded: bool
    findings: dict[str, Finding] = field(default_factory=dict)
    sources: dict[str, SourceRun] = field(default_factory=dict)
    withheld: set[str] = field(default_factory=set)
    superseded_left_out: int = 0
    unconfirmed: int = 0
    labels: dict[str, str] = field(default_factory=dict)
    documents: dict[str, Any] = field(default_factory=dict)  # revision uid → its Document, as read

    def readable(self, locator: Locator) -> bool:
        return self.project.may_read(locator, self.groups)

    def label(self, pinned: Locator) -> str:
        """How an RFI names a provision version (``DOC@REV#path``) or a document (``DOC@REV``)."""
        key = pinned.format()
        found = self.labels.get(key)
        if found is None:
            uid = f"{pinned.doc}@{pinned.rev}"
            try:
                if pinned.path is None:
                    document = self.documents.get(uid) or self.project.store.document(uid)
                    found = provision_label(document, None)
                else:
                    document, provision = self.project.store.provision(pinned)
                    self.documents.setdefault(uid, document)
                    found = provision_label(document, provision)
            except NotFoundError:
                found = pinned.unpinned().format()
            self.labels[key] = found
        return found

    def add(self, finding: Finding) -> None:
        self.findings.setdefault(finding.id, finding)


def finding_id(kind: str, subject: str | None, locators: Iterable[Locator]) -> str:
    """A stable id: the kind, the subject and the provisions (unpinned, in order), hashed, so
    runs can be compared (a new revision that changes nothing keeps the id)."""
    names = sorted(locator.unpinned().format() for locator in locators)
    return hashlib.sha256("\x1f".join([kind, subject or "", *names]).encode()).hexdigest()[:16]


def sweep(
    project: Project,
    valid_at: dt.date,
    known_at: dt.datetime | None = None,
    *,
    groups: Iterable[str] = (),
    packs: Sequence[str] = (),
    params: Mapping[str, str] | None = None,
    include_superseded: bool = False,
    workers: int = 1,
    progress: Progress | None = None,
) -> SweepReport:
    """Every conflict among the in-force provisions on ``valid_at`` (as recorded by
    ``known_at``) that ``groups`` may read, each resolved by the rules or escalated.
    ``packs`` decide precedence instead of the project's own rules (``Project.precedence``)."""
    run = _Run(project, valid_at, known_at, tuple(groups), tuple(packs), dict(params or {}), include_superseded)
    if packs:
        project.precedence_rules(run.packs, run.params)  # a pack that does not load fails before the work
    statements, in_force = _quantities(run, workers, progress)
    _supersession(run, progress)
    _references(run, progress)
    _neighbours(run, in_force, progress)
    counts = project.store.provision_counts()
    provisions = sum(counts.get(uid, 0) for uid in in_force)
    findings = sorted(run.findings.values(), key=_sort_key)
    by_kind: dict[str, int] = defaultdict(int)
    by_resolution: dict[str, int] = defaultdict(int)
    for finding in findings:
        by_kind[finding.kind] += 1
        by_resolution[finding.resolution] += 1
    order = ("quantity_subject", "supersession", "cross_reference", "embedding", "nli")
    summary = SweepSummary(
        provisions=provisions, statements=statements, all_pairs=provisions * (provisions - 1) // 2,
        pairs_examined=sum(s.pairs for s in run.sources.values()),
        sources=tuple(run.sources[name] for name in order if name in run.sources),
        unconfirmed=run.unconfirmed, by_kind=dict(sorted(by_kind.items())),
        by_resolution=dict(sorted(by_resolution.items())), superseded_left_out=run.superseded_left_out,
        withheld=tuple(sorted(run.withheld)),
    )
    return SweepReport(
        as_of=valid_at, known_at=known_at, findings=tuple(findings), project=project.manifest.project,
        index_build=project.build_id, packs=run.packs or project.precedence_pack_names(), summary=summary,
    )


def _sort_key(finding: Finding) -> tuple[Any, ...]:
    return (_ORDER[finding.resolution], finding.kind, finding.subject or "",
            tuple(p.locator.format() for p in finding.provisions), finding.id)


# ---- quantity subjects --------------------------------------------------------------------------


def _quantities(run: _Run, workers: int, progress: Progress | None) -> tuple[int, list[str]]:
    """Compare every subject's in-force statements; returns (statements, in-force revisions)."""
    project = run.project
    in_force = project.eligibility.in_force_revisions(run.valid_at, run.known_at, run.groups)
    signatures = {record.uid: _signature(record.applies_to) for record in project.eligibility.records}
    subjects = project.subjects_with_facts()
    if subjects:  # built here, before any fork: the workers inherit them
        project.facts(subjects[0], run.valid_at, run.known_at, groups=run.groups)
    links: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for _, link, _ in project.all_qualifiers():
        if link.resolved and link.provision.path and link.qualifier.path:
            links[link.provision.doc].append((link.provision.path, link.qualifier.path))
    job = _Job(project, run.valid_at, run.known_at, run.groups, signatures, project.subject_vocabulary(), dict(links))
    results = _run_subjects(job, subjects, workers, progress)
    statements = pairs = per_case = 0
    for result in results:
        statements += result.statements
        pairs += result.pairs
        per_case += result.per_case
        run.withheld.update(result.withheld)
        for conflict in result.conflicts:
            _adjudicate(run, conflict)
    note = (f"{per_case:,} table row(s) not compared: their table states the value row by row (each row a case)"
            if per_case else "")
    run.sources["quantity_subject"] = SourceRun(source="quantity_subject", ran=True, pairs=pairs, note=note)
    return statements, in_force


def _side(fact: Fact) -> Locator:
    """The provision precedence weighs: a replacing provision stands as the one it replaced
    ("03 30 00 §2.1.A as amended by Addendum 2 §1.3" is the specification)."""
    return fact.replaces[0].unpinned() if fact.replaces else fact.locator


def _provision(run: _Run, fact: Fact, label: str | None = None) -> FindingProvision:
    return FindingProvision(
        locator=fact.locator, text=run.project.store.provision_text(fact.resolved)[0], quantity=fact.text,
        replaces=fact.replaces[0].unpinned() if fact.replaces else None,
        label=label or run.label(fact.resolved), resolved=fact.resolved, kind=fact.kind,
    )


def _kind(a: Fact, b: Fact) -> FindingKind:
    return "table_mismatch" if "table_row" in (a.kind, b.kind) else "quantity_conflict"


def _adjudicate(run: _Run, conflict: _Conflict) -> None:
    a, b = sorted((conflict.a, conflict.b), key=lambda f: f.locator.format())
    kind = _kind(a, b)
    scope = "within_document" if a.locator.doc == b.locator.doc else "across_documents"
    ident = finding_id(kind, conflict.subject, (a.locator, b.locator))
    if ident in run.findings:
        return
    try:
        decided = run.project.precedence(_side(a), _side(b), run.valid_at, run.known_at, packs=run.packs,
                                         params=run.params, groups=run.groups)
    except AccessRestrictedError as refused:
        run.withheld.update(refused.depends_on)
        run.add(Finding(
            id=ident, kind=kind, scope=scope, subject=conflict.subject,
            provisions=(_provision(run, a), _provision(run, b)), resolution="escalate",
            rfi=withheld_rfi(a.locator, b.locator, refused, valid_at=run.valid_at, project=run.project.manifest.project), explanation=conflict.explanation,
            sources=("quantity_subject",),
        ))
        return
    labels = {side.locator: side.label for side in decided.provisions}
    winner = None
    if decided.winner is not None:
        winner = a.locator if decided.winner == _side(a).format() else b.locator
    run.add(Finding(
        id=ident, kind=kind, scope=scope, subject=conflict.subject,
        provisions=(_provision(run, a, labels.get(_side(a).format())), _provision(run, b, labels.get(_side(b).format()))),
        resolution=decided.resolution, rule=decided.rule, clause=decided.clause, rfi=decided.rfi,
        explanation=f"{conflict.explanation}. {decided.explanation}".strip(), winner=winner,
        sources=("quantity_subject",),
    ))


# ---- supersession -------------------------------------------------------------------------------


def _supersession(run: _Run, progress: Progress | None) -> None:
    """A replaced provision against its replacement: never a conflict (the replacement is in
    force); reported as ``resolved_by_supersession`` with ``include_superseded``, else counted."""
    from .quantities import compare

    project, index = run.project, run.project.index
    vocabulary = project.subject_vocabulary()
    pairs = 0
    edges = [edge for edge in index.supersession.edges
             if edge.by is not None and edge.successor and edge.target.path is not None]
    for n, edge in enumerate(edges, 1):
        if progress:
            progress("supersession", n, len(edges))
        try:
            answer = index.answer(edge.target, run.valid_at, run.known_at, with_text=False)
        except NotFoundError:
            continue
        if answer.reason != "superseded" or edge.by is None or edge.by.unpinned() not in {s.unpinned() for s in answer.successors}:
            continue
        version = next((step.locator for step in answer.chain if step.kind == "version"), None)
        by = index.version(edge.by.doc, edge.by.path, run.valid_at, run.known_at)
        if version is None or by is None:
            continue
        replaced, replacing = version, Locator.parse(by)
        if not (run.readable(replaced) and run.readable(replacing)):
            run.withheld.update(x.doc for x in (replaced, replacing) if not run.readable(x))
            continue
        old, new = project.statements_of(replaced), project.statements_of(replacing)
        for a in old:
            for b in new:
                if a.subject != b.subject:
                    continue
                pairs += 1
                compared = compare(a.as_quantity(), b.as_quantity(), vocabulary=vocabulary)
                if compared.outcome != "conflict":
                    continue
                if not run.include_superseded:
                    run.superseded_left_out += 1
                    continue
                _superseded_finding(run, edge, a, b, compared.explanation)
    run.sources["supersession"] = SourceRun(source="supersession", ran=True, pairs=pairs)


def _superseded_finding(run: _Run, edge: Any, old: Fact, new: Fact, explanation: str) -> None:
    kind = _kind(old, new)
    ident = finding_id(kind, old.subject, (old.locator, new.locator))
    replaced_label = run.label(old.resolved)
    by_label = run.label(new.resolved)
    origin = "declared by the addendum" if edge.origin == "declared" else f"derived by rule {edge.origin.removeprefix('rule:')}"
    run.add(Finding(
        id=ident, kind=kind, scope="within_document" if old.locator.doc == new.locator.doc else "across_documents",
        subject=old.subject,
        provisions=(_provision(run, old, replaced_label),
                    _provision(run, new, f"{replaced_label} as amended by {by_label}").model_copy(
                        update={"replaces": old.locator})),
        resolution="resolved_by_supersession",
        rule=None if edge.origin == "declared" else edge.origin.removeprefix("rule:"), clause=by_label,
        explanation=(f"{explanation}; {old.locator.format()} was replaced on {edge.effective.isoformat()} by "
                     f"{new.locator.format()} ({origin}): the replacement is in force"),
        winner=new.locator, sources=("supersession",),
    ))


# ---- cross-references ---------------------------------------------------------------------------


def _references(run: _Run, progress: Progress | None) -> None:
    """References (the qualifier links stored at ingest) to a path their document does not have,
    or to one replaced on the date."""
    project, index = run.project, run.project.index
    links = project.all_qualifiers()
    examined = 0
    for n, (uid, link, _severity) in enumerate(links, 1):
        if progress and (n % 500 == 0 or n == len(links)):
            progress("references", n, len(links))
        source = Locator(doc=link.provision.doc, rev=uid.partition("@")[2], path=link.provision.path)
        if index.version(source.doc, source.path, run.valid_at, run.known_at) != source.format():
            continue  # not the provision's in-force version on the date
        if not run.readable(source):
            run.withheld.add(source.doc)
            continue
        examined += 1
        if not link.resolved:
            _broken(run, source, link)
            continue
        target = Locator(doc=source.doc, path=link.qualifier.path)
        try:
            answer = index.answer(target, run.valid_at, run.known_at, with_text=False)
        except NotFoundError:
            continue
        if answer.reason == "superseded" and answer.successors:
            version = next((step.locator for step in answer.chain if step.kind == "version"), None)
            _superseded_reference(run, source, link, target, version, answer.successors)
    run.sources["cross_reference"] = SourceRun(source="cross_reference", ran=True, pairs=examined)


def _reference_provision(run: _Run, pinned: Locator, label: str | None = None,
                         replaces: Locator | None = None, kind: str | None = None) -> FindingProvision:
    """A side read from the graph by its pinned version (not from a stored quantity)."""
    return FindingProvision(
        locator=pinned.unpinned(), text=run.project.store.provision_text(pinned)[0],
        label=label or run.label(pinned), resolved=pinned, kind=kind, replaces=replaces,
    )


def _broken(run: _Run, source: Locator, link: Any) -> None:
    label = run.label(source)
    document = run.label(Locator(doc=source.doc, rev=source.rev))
    ident = finding_id("broken_reference", None, (source, link.qualifier))
    target = link.qualifier.path
    shown, ref, named = inline(label), inline(target or ""), inline(document)
    rfi = "\n".join([
        f"# Request for information: {shown} refers to {ref}, which does not exist", "",
        f"Project: {inline(run.project.manifest.project)}  ", f"Documents in force on: {run.valid_at.isoformat()}", "",
        "## Provision", "", f"**{shown}** — `{source.unpinned().format()}`", "",
        *quoted(run.project.store.provision_text(source)[0]), "",
        "## Reference", "",
        f"The words \u201c{inline(link.words)}\u201d name {ref}; {named} has no provision {ref} "
        f"(qualifier rule {link.rule}).", "",
        "## Question", "",
        f"Which provision does {shown} mean? Please correct the reference by addendum or written "
        "interpretation before the affected work proceeds.",
    ]) + "\n"
    run.add(Finding(
        id=ident, kind="broken_reference", scope="within_document", provisions=(_reference_provision(run, source, label, kind="reference"),),
        resolution="escalate", rule=link.rule, rfi=rfi, sources=("cross_reference",),
        explanation=f"\u201c{link.words}\u201d: {document} has no {target}",
    ))


def _superseded_reference(
    run: _Run, source: Locator, link: Any, target: Locator, version: Locator | None, successors: Sequence[Locator],
) -> None:
    index = run.project.index
    readable = []
    for successor in successors:
        pinned = index.version(successor.doc, successor.path, run.valid_at, run.known_at)
        if pinned is None:
            continue
        if not run.readable(Locator.parse(pinned)):
            run.withheld.add(successor.doc)
            continue
        readable.append(Locator.parse(pinned))
    if not readable:
        return
    target_label = run.label(version) if version is not None else target.format()
    sides = [_reference_provision(run, source, kind="reference")]
    names = []
    for pinned in readable:
        label = f"{target_label} as amended by {run.label(pinned)}"
        names.append(label)
        sides.append(_reference_provision(run, pinned, label, replaces=target))
    edge = next((e for e in index.supersession.edges
                 if e.target.unpinned() == target and e.by is not None and e.by.unpinned() == readable[0].unpinned()), None)
    rule = None if edge is None or edge.origin == "declared" else edge.origin.removeprefix("rule:")
    run.add(Finding(
        id=finding_id("superseded_reference", None, (source, target)), kind="superseded_reference",
        scope="within_document" if all(p.doc == source.doc for p in readable) else "across_documents",
        provisions=tuple(sides), resolution="resolved_by_supersession", rule=rule, clause=run.label(readable[0]),
        explanation=(f"\u201c{link.words}\u201d names {target.format()}, replaced as of "
                     f"{run.valid_at.isoformat()}: read it as {' and '.join(names)}"),
        winner=readable[0].unpinned(), sources=("cross_reference",),
    ))


# ---- embedding neighbours and NLI ---------------------------------------------------------------


def _neighbours(run: _Run, in_force: Sequence[str], progress: Progress | None) -> None:
    """Near-duplicate provisions that may contradict each other: proposed by stored vectors,
    confirmed only by the NLI model (a contradiction at or above its threshold)."""
    project = run.project
    vectors = project.store.provision_vectors()
    if vectors is None:
        run.sources["embedding"] = SourceRun(source="embedding", ran=False,
                                             note="no embeddings stored (run: inforce embed PROJECT)")
        run.sources["nli"] = SourceRun(source="nli", ran=False, note="nothing to read: no embedding proposals")
        return
    proposals, skipped = _proposals(run, vectors, set(in_force), progress)
    note = f"{skipped} provisions in blocks over {MAX_EMBEDDING_BLOCK:,} not searched" if skipped else ""
    run.sources["embedding"] = SourceRun(source="embedding", ran=True, pairs=len(proposals), note=note)
    if project.nli is None:
        run.unconfirmed += len(proposals)
        run.sources["nli"] = SourceRun(source="nli", ran=False,
                                       note="no NLI model configured (models: nli in inforce.yaml)")
        return
    threshold = project.nli_threshold
    confirmed = 0
    batch = 32
    for start in range(0, len(proposals), batch):
        part = proposals[start:start + batch]
        texts = [(project.store.provision_text(a)[0], project.store.provision_text(b)[0]) for a, b, _ in part]
        forward = project.nli.score(texts)
        backward = project.nli.score([(t2, t1) for t1, t2 in texts])
        for (a, b, similarity), one, two in zip(part, forward, backward, strict=True):
            contradiction = max(one.contradiction, two.contradiction)
            if contradiction < threshold:
                run.unconfirmed += 1
                continue
            confirmed += 1
            _contradiction(run, a, b, similarity, contradiction, project.nli.name)
        if progress:
            progress("nli", min(start + batch, len(proposals)), len(proposals))
    run.sources["nli"] = SourceRun(source="nli", ran=True, pairs=len(proposals),
                                   note=f"{confirmed} contradiction(s) at or above {threshold:g}")


def _proposals(
    run: _Run, vectors: Any, in_force: set[str], progress: Progress | None,
) -> tuple[list[tuple[Locator, Locator, float]], int]:
    """(a, b, cosine) for each provision's nearest in-force neighbours of another text, within
    documents that apply together; and how many provisions were too many to search."""
    import numpy as np

    uids, paths, matrix, text_of = vectors
    project = run.project
    signatures = {record.uid: _signature(record.applies_to) for record in project.eligibility.records}
    superseded = _superseded_paths(run)
    # leaves only: a section's text holds its children's, so a container is its children's
    # near-duplicate (and would crowd the real neighbours out of the top k)
    parents: dict[str, set[str]] = {}
    for uid, outline in project.store.provision_paths().items():
        if uid in in_force:
            parents[uid] = {parent for parent in outline.values() if parent is not None}
    rows = [i for i, uid in enumerate(uids)
            if uid in in_force and paths[i] not in parents.get(uid, ()) and (uid.partition("@")[0], paths[i]) not in superseded]
    by_signature: dict[Signature, list[int]] = defaultdict(list)
    for i in rows:
        by_signature[signatures.get(uids[i], frozenset())].append(i)
    keys = sorted(by_signature, key=lambda s: sorted((f, sorted(v)) for f, v in s))
    proposals: dict[tuple[str, str], tuple[Locator, Locator, float]] = {}
    skipped = 0
    blocks = _compatible_pairs(keys)
    for n, (i, j) in enumerate(blocks, 1):
        if progress and (n % 200 == 0 or n == len(blocks)):
            progress("embedding", n, len(blocks))
        left = by_signature[keys[i]]
        right = left if i == j else by_signature[keys[j]]
        if len(left) + (0 if i == j else len(right)) > MAX_EMBEDDING_BLOCK:
            skipped += len(left) + (0 if i == j else len(right))
            continue
        a_rows, b_rows = np.asarray(left), np.asarray(right)
        for start in range(0, len(a_rows), 1024):
            chunk = a_rows[start:start + 1024]
            scores = matrix[text_of[chunk]] @ matrix[text_of[b_rows]].T
            same_text = text_of[chunk][:, None] == text_of[b_rows][None, :]
            scores[same_text] = -1.0  # the same words are not a contradiction
            k = min(NEIGHBOURS, len(b_rows))
            top = np.argpartition(-scores, k - 1, axis=1)[:, :k]
            for r, row in enumerate(chunk.tolist()):
                for c in top[r].tolist():
                    score = float(scores[r, c])
                    if score < SIMILARITY:
                        continue
                    other = int(b_rows[c])
                    a = Locator.parse(f"{uids[row]}#{paths[row]}")
                    b = Locator.parse(f"{uids[other]}#{paths[other]}")
                    key = tuple(sorted((a.format(), b.format())))
                    proposals.setdefault(key, (a, b, score) if a.format() < b.format() else (b, a, score))  # type: ignore[arg-type]
    return [proposals[key] for key in sorted(proposals)], skipped


def _superseded_paths(run: _Run) -> set[tuple[str, str]]:
    found = set()
    for edge in run.project.index.supersession.edges:
        if edge.target.path is None:
            continue
        try:
            answer = run.project.index.answer(edge.target, run.valid_at, run.known_at, with_text=False)
        except NotFoundError:
            continue
        if answer.reason == "superseded":
            found.add((edge.target.doc, edge.target.path))
    return found


def _contradiction(run: _Run, a: Locator, b: Locator, similarity: float, contradiction: float, model: str) -> None:
    ident = finding_id("contradiction", None, (a, b))
    scope = "within_document" if a.doc == b.doc else "across_documents"
    sides = (_reference_provision(run, a), _reference_provision(run, b))
    why = f"{model} reads a contradiction (p = {contradiction:.2f}; cosine {similarity:.2f})"
    try:
        decided = run.project.precedence(a.unpinned(), b.unpinned(), run.valid_at, run.known_at, packs=run.packs,
                                         params=run.params, groups=run.groups)
    except AccessRestrictedError as refused:
        run.add(Finding(id=ident, kind="contradiction", scope=scope, provisions=sides, resolution="escalate",
                        rfi=withheld_rfi(a, b, refused, valid_at=run.valid_at, project=run.project.manifest.project), explanation=why, sources=("embedding", "nli")))
        return
    run.add(Finding(
        id=ident, kind="contradiction", scope=scope, provisions=sides, resolution=decided.resolution,
        rule=decided.rule, clause=decided.clause, rfi=decided.rfi, explanation=f"{why}. {decided.explanation}",
        winner=Locator.parse(decided.winner) if decided.winner else None, sources=("embedding", "nli"),
    ))


# ---- against a baseline; what fails a pipeline --------------------------------------------------


def against_baseline(
    report: SweepReport, baseline: Sequence[tuple[str, str, tuple[str, ...], str | None]], name: str,
) -> SweepReport:
    """The report with each finding marked against ``baseline`` (the (id, kind, locators,
    resolution) of an earlier run's findings): ``new``, ``unchanged``, or ``changed`` when the
    same provisions are now resolved otherwise (newly escalated, say); and the baseline's
    findings this run no longer reports as ``gone``."""
    from inforce.ontology import GoneFinding

    before = {ident: (kind, locators, resolution) for ident, kind, locators, resolution in baseline}
    now = {finding.id for finding in report.findings}

    def state(finding: Finding) -> str:
        if finding.id not in before:
            return "new"
        then = before[finding.id][2]
        return "unchanged" if then is None or then == finding.resolution else "changed"

    findings = tuple(finding.model_copy(update={"baseline": state(finding)}) for finding in report.findings)
    gone = tuple(
        GoneFinding(id=ident, kind=kind, locators=locators)  # type: ignore[arg-type]
        for ident, (kind, locators, _) in sorted(before.items()) if ident not in now
    )
    return report.model_copy(update={"findings": findings, "gone": gone, "baseline": name})


def failing(report: SweepReport, fail_on: str) -> list[Finding]:
    """The findings that fail a pipeline under ``fail_on`` (``escalate``: escalations; ``any``:
    every finding; ``none``: none). Against a baseline only new and changed findings count."""
    if fail_on == "none":
        return []
    found = [f for f in report.findings if report.baseline is None or f.baseline in ("new", "changed")]
    return found if fail_on == "any" else [f for f in found if f.resolution == "escalate"]
