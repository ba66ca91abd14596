"""Checking an answer: each claim's citations, in order, stopping at the first failure.

1. the locator exists in some revision (a set lookup; no model) — else ``fabricated_locator``;
2. the quote is in the cited provision after whitespace, case and typography are normalised
   — else ``quote_not_found``, with the closest passage and its similarity (never accepted);
3. the cited version is in force on the date, known by ``known_at`` — else ``stale_revision``,
   naming what is in force instead, whatever the claim's figures: a figure is never compared
   with words that are not in force (it would read the old figure as what the clause says);
4. every quantity of the claim is stated by what it cites (pint) — else ``unsupported_quantity``;
5. the cited document may answer the case (the eligibility packs) — else ``ineligible_source``,
   with the exclusion reasons;
6. a cited provision qualified by another ("except as provided in 9.1") is cited with its
   qualifier — else ``missing_qualifier`` (or a warning, as the qualifier rule says);
7. on the high tier, an NLI model proposes whether the cited text entails the claim; the
   rules read its scores against the configured threshold: contradiction escalates, too
   little entailment is ``unsupported_citation``; a citation whose removal leaves the claim
   entailed is redundant (precision by ablation).

The verdict is ``answer`` only when every claim passes. Document text is only ever compared,
measured or quoted here: nothing in it is read as an instruction. What counts as the same words
is ``engine.quotes``'s; the RFI drafts are ``engine.rfi``'s; the audit record behind the verdict
is ``engine.audit_record``'s. The checks read one snapshot of the graph (``engine.snapshot``)
and the model backends the project was opened with.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from inforce.ontology import (
    AccessRestrictedError,
    Answer,
    AuditRecord,
    Citation,
    CitationCheck,
    ClaimResult,
    ClaimStatus,
    Context,
    EntailmentCheck,
    InputError,
    Locator,
    NotFoundError,
    ReasonCode,
    Tier,
    Verdict,
)
from inforce.ontology.verdict import CLAIM_MAX_QUANTITIES_SHOWN

from . import rfi
from .amendments import Amendment, amended_targets, amender_texts, amending, amendment, stated_words
from .audit_record import AUDIT_LIST_LIMIT, audit_record
from .backends import DEFAULT_NLI_THRESHOLD
from .quotes import closest_passage, linearise, quote_in

if TYPE_CHECKING:
    from inforce.ontology import EligibilityResult
    from inforce.ontology.views import DateChoice

    from .backends import ModelBackends
    from .entailment import EntailmentModel, EntailmentScores
    from .quantities import ClaimQuantityCheck
    from .snapshot import Snapshot

__all__ = ["check_answer"]


#: Check order: a claim reports the first of these its citations fail.
#: (a document the asker may not read stops at step 1 as ``ineligible_source``: nothing of it is looked at)
#: (a quote of words an addendum replaced stops at step 2 as ``stale_revision``; a version not in
#: force, at step 3, before any figure is compared)
_CITATION_ORDER: tuple[ClaimStatus, ...] = ("fabricated_locator", "ineligible_source", "quote_not_found",
                                            "erased", "stale_revision")
_AFTER_QUANTITIES: tuple[ClaimStatus, ...] = ("ineligible_source",)
#: Failures that leave a claim without valid support (refusal ``no_valid_citation``).
_NO_SUPPORT = {"fabricated_locator", "quote_not_found", "erased", "stale_revision", "ineligible_source",
               "unsupported_citation", "uncited"}

@dataclass
class _Cited:
    """One citation as the checks see it."""

    citation: Citation
    locator: Locator | None = None   # as cited
    resolved: Locator | None = None  # the pinned version checked
    text: str = ""
    status: ClaimStatus = "ok"
    detail: str = ""
    closest: str | None = None
    similarity: float | None = None
    in_force: Locator | None = None
    warnings: list[str] = field(default_factory=list)
    #: the words whose figures support a claim: ``text`` less what an amending provision takes out
    stated: str = ""
    #: the amendment in part of the cited provision on the date (``engine.amendments``), and its
    #: readable amenders' words: (locator, the words each states, the words each takes out)
    amendment: Amendment | None = None
    amenders: list[tuple[Locator, str, str]] = field(default_factory=list)
    #: the labels the outline read in the cited words (``_labels``), asked when its figures are
    #: first read (loading the cited revision costs; most claims state no figure)
    labelled: Callable[[], tuple[str, ...]] | None = None
    _figures: tuple[str, str] | None = None

    @property
    def figures(self) -> str:
        """The words whose figures support a claim, the labels in them blanked
        (``quantities.labels``: a section's number is no figure of it, as ingest reads it)."""
        words = self.stated or self.text
        if self.labelled is None or not words:
            return words
        if self._figures is None or self._figures[0] != words:
            from .quantities.labels import unlabelled

            self._figures = (words, unlabelled(words, self.labelled()))
        return self._figures[1]

    def result(self) -> CitationCheck:
        return CitationCheck(
            locator=self.locator, quote=self.citation.quote, resolved=self.resolved, status=self.status,
            detail=self.detail, closest=self.closest, similarity=self.similarity,
        )

    def fail(self, status: ClaimStatus, detail: str) -> None:
        if self.status == "ok":
            self.status, self.detail = status, detail


@dataclass
class _Case:
    """What every claim of one answer is checked against."""

    snapshot: Snapshot
    context: Context
    valid_at: dt.date
    known_at: dt.datetime | None
    groups: tuple[str, ...]
    eligibility: EligibilityResult
    tier: Tier
    nli: EntailmentModel | None
    threshold: float
    rules_fired: list[str] = field(default_factory=list)
    qualifiers: list[Locator] = field(default_factory=list)
    #: RFI drafts of cited in-force sources that disagree with no precedence rule to decide
    conflicts: list[str] = field(default_factory=list)
    #: When the check must stop (``time.monotonic()`` seconds; None: never): a service's time limit
    deadline: float | None = None
    #: Whether the asker knows of an edge (``Snapshot.edge_known``: ``target_held`` for its item): an
    #: edge to a section only revisions they may not read hold is not followed, so an item naming it is
    #: checked as one naming a section no revision holds (issue 23)
    known: Any = None
    #: Whether the project holds a section for the asker (``Snapshot.target_held``)
    held: Any = None


def check_answer(
    snapshot: Snapshot,
    backends: ModelBackends,
    answer: Answer,
    *,
    tier: Tier = "low",
    deadline: float | None = None,
) -> Verdict:
    """The verdict on ``answer`` with its audit record (see the module docstring for the checks).

    ``deadline`` (``time.monotonic()`` seconds): past it the check stops between claims,
    between a claim's citations and between its steps and raises ``TimeoutError``, so that a
    service's time limit ends the work it cuts short instead of leaving it running (a claim's
    quotes cost time in proportion to their length and the cited texts', its steps in proportion
    to its figures and the cited figures)."""
    if tier not in ("low", "high"):
        raise InputError(f"unknown tier {tier!r}", field="tier", reason="unknown",
                         hint="low (mechanical checks) or high (and entailment)")
    context = answer.context
    choice = _valid_at(snapshot, context)
    valid_at = choice.valid_at
    eligibility = snapshot.eligible(
        context.model_copy(update={"valid_at": context.valid_at or valid_at}),
        exclusions=AUDIT_LIST_LIMIT, documents=_cited_documents(snapshot, answer),
    )
    case = _Case(
        snapshot=snapshot, context=context, valid_at=valid_at, known_at=context.known_at,
        groups=tuple(context.groups), eligibility=eligibility, tier=tier, nli=backends.nli if tier == "high" else None,
        threshold=DEFAULT_NLI_THRESHOLD if backends.nli_threshold is None else backends.nli_threshold, rules_fired=list(eligibility.rules_fired),
        deadline=deadline, known=snapshot.edge_known(context.groups), held=snapshot.target_held(context.groups),
    )
    results = []
    for claim in answer.claims:
        _in_time(case)
        results.append(_check_claim(case, claim.text, claim.citations))
    return _verdict(case, answer, results, choice.source)


def _in_time(case: _Case) -> None:
    """``TimeoutError`` when the check is past its deadline (``check_answer``)."""
    if case.deadline is not None and time.monotonic() > case.deadline:
        raise TimeoutError("the check ran past its time limit and was stopped")


def _valid_at(snapshot: Snapshot, context: Context) -> DateChoice:
    """The date the answer is about (``Snapshot.choose_valid_at``), its errors naming the answer's
    own fields: ``context.valid_at``, ``context.attributes`` and ``context.attributes.NAME``."""
    try:
        return snapshot.choose_valid_at(context.valid_at, context.attributes)
    except InputError as problem:
        raise InputError(problem.message, field=_answer_field(problem.field), hint=problem.hint,
                         reason=problem.reason) from None


def _answer_field(field: str | None) -> str | None:
    """Where in an answer's context the domain field ``field`` of a date error is written."""
    if field is None:
        return None
    if field == "valid_at":
        return "context.valid_at"
    if field == "context":
        return "context.attributes"
    return f"context.attributes.{field}"  # the case attribute a rule takes the date from


def _cited_documents(snapshot: Snapshot, answer: Answer) -> list[str]:
    known = set(snapshot.index.documents())
    return sorted({c.locator.doc for claim in answer.claims for c in claim.citations
                   if c.locator is not None and c.locator.doc in known})


# ---- one claim ------------------------------------------------------------------------------


def _check_claim(case: _Case, text: str, citations: Sequence[Citation]) -> ClaimResult:
    if not citations:
        return ClaimResult(text=text, status="uncited", detail="the claim cites nothing")
    cited = [_Cited(citation=c, locator=c.locator) for c in citations]
    for item in cited:
        _in_time(case)  # each citation's quote is searched for in every revision it may be in
        _locate(case, item)
        if item.status == "ok" and item.resolved is not None:
            _place(case, item)
        item.labelled = functools.partial(_labels, case, item)
    for item in cited:
        _amended_in_part(case, item)
    for item in cited:
        _fresh(case, item)
    failed = _first(cited, _CITATION_ORDER)
    if failed is not None:
        return _claim(text, cited, failed)
    _in_time(case)
    quantities = _quantities(case, text, cited)
    _in_time(case)
    if quantities is not None and quantities["status"] != "ok":
        return _claim(text, cited, None, status="unsupported_quantity", detail=quantities["detail"],
                      quantities=quantities)
    refused, uncompared = _uncompared(case, text, cited)
    if refused:
        return _claim(text, cited, None, status="unsupported_quantity", detail=refused, quantities=quantities)
    for item in cited:
        _escalate_amended(case, item, quantities)
    for item in cited:
        if item.status == "ok":
            _eligible(case, item)
    failed = _first(cited, _AFTER_QUANTITIES)
    if failed is not None:
        return _claim(text, cited, failed, quantities=quantities)
    governed = _conflicts(case, text, cited)
    if governed is not None:
        return _claim(text, cited, None, status="unsupported_quantity", detail=governed, quantities=quantities)
    missing, warnings = _qualifiers(case, cited)
    if missing and any(severity == "failure" for _, severity in missing):
        names = ", ".join(q.format() for q, severity in missing if severity == "failure")
        return _claim(text, cited, None, status="missing_qualifier", quantities=quantities,
                      detail=f"cited without its qualifier {names}", missing=tuple(q for q, _ in missing),
                      warnings=warnings)
    if quantities is not None:
        warnings = [*warnings, *quantities.get("warnings", [])]
    unread = _unread_figures(case, text, cited, warnings)
    warnings = [*warnings, *unread, *_uncompared_named(case, text, uncompared, unread), *_date_order(case, text, cited)]
    return _entail(case, text, cited, quantities, tuple(q for q, _ in missing), warnings)


def _first(cited: Sequence[_Cited], order: Sequence[ClaimStatus]) -> _Cited | None:
    for status in order:
        for item in cited:
            if item.status == status:
                return item
    return None


def _claim(
    text: str, cited: Sequence[_Cited], failed: _Cited | None, *, status: ClaimStatus | None = None,
    detail: str = "", quantities: dict[str, Any] | None = None, missing: tuple[Locator, ...] = (),
    warnings: Sequence[str] = (), redundant: tuple[Locator, ...] = (), entailment: EntailmentCheck | None = None,
) -> ClaimResult:
    if failed is not None:
        status, detail = failed.status, failed.detail
    fresh = [item.in_force or item.resolved for item in cited if item.status == "ok"]
    in_force = failed.in_force if failed is not None and failed.in_force is not None else (fresh[0] if fresh else None)
    return ClaimResult(
        text=text, status=status or "ok", detail=detail, in_force=in_force, redundant_citations=redundant,
        citations=tuple(item.result() for item in cited), missing_qualifiers=missing,
        warnings=tuple(dict.fromkeys([*warnings, *(w for item in cited for w in item.warnings)])),
        quantities=quantities, entailment=entailment,
    )


# ---- steps 1 and 2: the locator exists, the quote is there ----------------------------------


def _locate(case: _Case, item: _Cited) -> None:
    snapshot = case.snapshot
    locator = item.locator
    if locator is None:
        _locate_quote(case, item)
        return
    entry = snapshot.index.entry(locator.doc)
    if entry is None:
        item.fail("fabricated_locator", f"no document {locator.doc} in the project")
        return
    try:
        # the access gate's rule (``engine.access``): the pinned revision, else the one in force on
        # the case's date; which revisions and sections a restricted one has is its content
        snapshot.gate_question(locator, case.groups, case.valid_at, case.known_at)
    except AccessRestrictedError:
        item.fail("ineligible_source", f"access_restricted: the asker may not read {locator.doc}")
        return
    except NotFoundError:
        pass  # held only by revisions the asker may not read: as fabricated, below
    if not snapshot.index.has(locator) or not _readable_versions(case, locator):
        if _put_in(case, item):
            return
        where = f"{locator.doc}@{locator.rev}" if locator.rev else locator.doc
        item.fail("fabricated_locator", f"no revision of {where} has {locator.path or 'this locator'}")
        return
    versions, current = _versions(case, locator)
    quote = item.citation.quote
    if not quote:
        item.resolved = versions[0]
        item.text = _shown_text(case, versions[0], current)
        _erased(case, item)
        return
    best: tuple[float, str] = (-1.0, "")
    for version in versions:
        text = _text_of(snapshot, version)
        shown = _shown_text(case, version, current, raw=text)
        if quote_in(quote, shown):
            item.resolved, item.text = version, shown
            return
        if shown is not text and quote_in(quote, text):
            item.resolved, item.text = version, shown
            replaced = f"; in force: {current.description}" if current is not None and current.description else ""
            item.fail("stale_revision", f"superseded: the quoted words of {version.format()} were replaced "
                      f"by {case.valid_at.isoformat()}{replaced}")
            return
        closest, similarity = closest_passage(quote, shown)
        if similarity > best[0]:
            best = (similarity, closest)
    item.resolved = versions[0]
    if _erased(case, item):
        return
    item.closest, item.similarity = best[1] or None, max(best[0], 0.0)
    item.fail("quote_not_found", f"the quote is not in {versions[0].format()} (closest passage "
                                 f"{item.similarity:.0%} similar; a paraphrase is not a quote)")


def _erased(case: _Case, item: _Cited) -> bool:
    """A citation resolved to an erased revision's tombstone (in force, or pinned) supports
    nothing: its text is not held (``erased``), whatever the quote. True when it is one."""
    note = case.snapshot.erased(item.resolved) if item.resolved is not None else None
    if note is None:
        return False
    item.fail("erased", f"erased: {note.said(item.resolved.format())}")  # type: ignore[union-attr]
    return True


def _put_in(case: _Case, item: _Cited) -> bool:
    """A cited paragraph no revision holds that an amendment in force on the case's date put in
    ("Section 03 30 00, Article 3.11: Add the following paragraph G: ..."): in the consolidated
    text of its nearest held ancestor on that date, so found — resolved to the amending provision
    that states it, whose words are checked, with a warning naming both. The amendment is the one
    ``engine.amendments.amendment`` finds for that ancestor (as ``asof`` shows it: "amended by"),
    the amender one the asker may read whose words name the paragraph ("paragraph G", "3.11.G")
    and hold the quote. True when so resolved; False leaves the locator fabricated. An ancestor
    only revisions the asker may not read hold is passed over as one no revision holds
    (``Snapshot.target_held``): which sections they hold is their content."""
    locator = item.locator
    if locator is None or locator.rev is not None or not locator.path or "." not in locator.path:
        return False  # a pinned revision holds what it held; nothing is put into it afterwards
    snapshot = case.snapshot
    parent = locator.path
    while "." in parent:
        parent = parent.rsplit(".", 1)[0]
        above = Locator(doc=locator.doc, path=parent)
        if snapshot.index.has(above) and case.held(above):
            break
    else:
        return False
    found = amendment(snapshot, above, case.valid_at, case.known_at, case.groups)
    if found is None or found.of is not None or not found.amended_by:
        return False
    label = locator.path.rsplit(".", 1)[1]
    names = re.compile(rf"(?<![\w.]){re.escape(label)}(?!\w)|(?<![\w.]){re.escape(locator.path)}(?!\w)")
    quote = item.citation.quote
    naming = [(amender, stated) for amender, stated, _taken in
              amender_texts(snapshot, found, case.valid_at, case.known_at, case.groups)
              if amender.doc not in found.withheld and names.search(stated)]
    if not naming:
        return False
    # the one whose words hold the quote, else the first (and the quote is not found in it)
    amender, stated = next(((a, w) for a, w in naming if not quote or quote_in(quote, w)), naming[0])
    answer = snapshot.asof(amender, case.valid_at, case.known_at, groups=case.groups)
    if not answer.in_force or answer.resolved is None:
        return False
    item.resolved, item.text = answer.resolved, answer.text or stated
    item.warnings.append(f"{locator.format()} is no paragraph of {locator.doc}'s own text: {amender.format()}, "
                         f"in force on {case.valid_at.isoformat()}, puts it into {above.format()}; its words "
                         f"are the ones checked")
    if quote and not quote_in(quote, item.text):
        closest, similarity = closest_passage(quote, item.text)
        item.closest, item.similarity = closest or None, max(similarity, 0.0)
        item.fail("quote_not_found", f"the quote is not in {answer.resolved.format()}, which puts "
                  f"{locator.format()} in (closest passage {item.similarity:.0%} similar)")
    return True


def _place(case: _Case, item: _Cited) -> None:
    """A citation's ``page`` and ``span`` against where the provision really is: a warning when
    they point elsewhere (the locator decides what is checked; a wrong page misleads a reader).
    A page of a document that has no pages (Markdown, a drawing, a CSV schedule, an Akoma Ntoso
    act) names a place that is nowhere: ``fabricated_locator``, as a locator no revision has."""
    citation, resolved = item.citation, item.resolved
    if resolved is None or resolved.path is None or (citation.page is None and citation.span is None):
        return
    place = case.snapshot.store.provision_place(resolved)
    if citation.span is not None:
        start, end = citation.span
        if end <= place["start"] or start >= place["end"]:
            item.warnings.append(f"span [{start}, {end}] is outside {resolved.format()} "
                                 f"[{place['start']}, {place['end']}]")
        elif start < place["start"] or end > place["end"]:  # the part outside cites nothing of it
            item.warnings.append(f"span [{start}, {end}] reaches outside {resolved.format()} "
                                 f"[{place['start']}, {place['end']}]")
    if citation.page is not None:
        if place["page"] is None and _paged(case, resolved):
            # a Word file has pages when printed, but where they break is not in the file: not checked
            item.warnings.append(f"page {citation.page}: where {resolved.doc}'s pages break is not known "
                                 f"(a Word file); the page is not checked")
        elif place["page"] is None:
            item.fail("fabricated_locator", f"page {citation.page}: {resolved.doc} has no pages, so no page "
                      f"{citation.page} holds {resolved.format()}")
        elif citation.page != place["page"]:
            item.warnings.append(f"page {citation.page}: {resolved.format()} starts on page {place['page']}")


def _paged(case: _Case, resolved: Locator) -> bool:
    """Whether the document of ``resolved`` has pages a reader can cite (a PDF, a Word file),
    known to inforce or not; Markdown, drawings, CSV schedules and Akoma Ntoso acts have none."""
    document, _ = case.snapshot.store.provision(resolved)
    return document.source.format in ("pdf", "docx")


def _versions(case: _Case, locator: Locator) -> tuple[list[Locator], Any]:
    """The pinned versions a citation may mean — itself when pinned; otherwise the in-force
    version first, then the others newest first (a quote from an older one pins it there) —
    and the as-of answer for the section on the case's date (None when it is not in force)."""
    snapshot = case.snapshot
    try:
        answer = snapshot.asof(locator.unpinned(), case.valid_at, case.known_at, groups=case.groups)
        current = answer if answer.in_force and answer.resolved is not None else None
    except AccessRestrictedError:  # a readable revision cited, the one in force not readable
        current = None
    if locator.rev is not None:
        return [locator], current
    found = _readable_versions(case, locator)
    found = list(dict.fromkeys(reversed(found)))
    if current is not None and current.resolved in found:
        found.remove(current.resolved)
        found.insert(0, current.resolved)
    return found or [locator], current


def _readable_versions(case: _Case, locator: Locator) -> list[Locator]:
    """The pinned versions of ``locator`` the asker may read (itself when pinned), oldest first.
    A revision that removed the section (history's ``removed`` entry) holds no version of it: a
    citation of a removed section resolves to the last version that held it, which the freshness
    gate (``_fresh``, asof's rule) then names ``stale_revision``, removed."""
    if locator.rev is not None:
        return [locator]
    snapshot = case.snapshot
    return [entry.locator for entry in snapshot.index.history(locator).versions
            if entry.locator.rev is not None and entry.kind != "removed"
            and snapshot.may_read(entry.locator, case.groups)]


def _text_of(snapshot: Snapshot, version: Locator) -> str:
    if version.path is None:
        return snapshot.store.document(f"{version.doc}@{version.rev}").text_layer
    return snapshot.store.provision_text(version)[0]


def _shown_text(case: _Case, version: Locator, current: Any, *, raw: str | None = None) -> str:
    """The words a citation is checked against: the version's own, or — for the in-force version
    of a section some of whose parts an addendum replaced — the consolidated in-force text, so a
    replaced paragraph's words never pass as in force through its parent."""
    text = raw if raw is not None else _text_of(case.snapshot, version)
    if current is not None and current.resolved == version and current.description and current.text:
        return current.text  # type: ignore[no-any-return]
    return text


def _locate_quote(case: _Case, item: _Cited) -> None:
    """A quote without a locator: the innermost provision the asker may read that has it,
    the in-force one first; full-text search proposes, the words decide."""
    snapshot = case.snapshot
    quote = item.citation.quote or ""
    readable = snapshot.readable_revisions(case.groups)
    hits = snapshot.store.search_text(quote, 50, readable, readable)  # ranked over what they may read (OO-3)
    containing: list[tuple[int, int, Locator, str]] = []
    best: tuple[float, str] = (-1.0, "")
    for locator, _ in hits:
        text = snapshot.store.provision_text(locator)[0]
        if quote_in(quote, text):
            # fresh as the gate judges it for this asker (``Snapshot.freshness_gate``: the one
            # rule, ``target_readable`` on the day), so which provision the words are placed in never
            # rests on what a revision they may not read holds (audit KK-02)
            fresh = snapshot.freshness_gate([locator], case.valid_at, case.known_at,
                                            groups=case.groups).outcome == "pass"
            if fresh:
                _, current = _versions(case, locator)
                fresh = quote_in(quote, _shown_text(case, locator, current, raw=text))
            containing.append((0 if fresh else 1, len(text), locator, text))
        else:
            closest, similarity = closest_passage(quote, text)
            if similarity > best[0]:
                best = (similarity, closest)
    if containing:
        containing.sort(key=lambda c: (c[0], c[1], c[2].format()))
        _, _, found, _ = containing[0]
        item.locator = found
        _locate(case, item)  # the words found it; the checks of a cited locator take it from here
        return
    item.closest, item.similarity = best[1] or None, max(best[0], 0.0)
    item.fail("quote_not_found", "no provision the asker may read has these words"
              + (f" (closest passage {item.similarity:.0%} similar)" if item.closest else ""))


# ---- step 4: quantities -----------------------------------------------------------------------


def _quantities(case: _Case, text: str, cited: Sequence[_Cited]) -> dict[str, Any] | None:
    from .quantities import check_claim_quantities, may_contain_quantity
    from .quantities.claims import states_count
    from .quantities.unread import plain_doubled

    if not may_contain_quantity(text) and not states_count(text):
        return None  # the claim states no quantity, no count: nothing to compare (and no pipeline to load)
    extractor = case.snapshot.quantity_extractor()
    text = plain_doubled(text)  # "seven (7) years" is one figure (same length: spans hold)
    # the cited words, then those of the amenders of a cited provision amended in part (the
    # figure the amendment gave, for the same subject, supports the claim as the stale one does not)
    amenders = list({loc: (loc, stated, taken, item) for item in cited for loc, stated, taken in item.amenders}.values())
    found = check_claim_quantities(text, [plain_doubled(item.figures) for item in cited]
                                   + [plain_doubled(a[1]) for a in amenders],
                                   extractor=extractor, cited_headings=[_headings(case, item) for item in cited])
    if not found.matched and not found.unmatched:
        return None
    _in_time(case)  # the figures are compared; what follows reads them again
    if found.unmatched:
        found = _unread_cited(case, text, cited, found)
    found, notes = _replaced(case, text, cited, amenders, found, extractor)
    notes += _both_stated(case, cited, found, extractor)
    found, changed = _changed(case, text, cited, amenders, found)
    notes += changed
    modified = _modified(case, text, cited, amenders, found, changed)
    notes += modified
    notes += _doubted(case, cited, amenders, found)
    # every quantity decides the status; at most CLAIM_MAX_QUANTITIES_SHOWN of each list are
    # written out, the totals beside them, so the result stays a small multiple of the claim
    shown = CLAIM_MAX_QUANTITIES_SHOWN
    unmatched = [f"{u.claim.text!r}: {u.reason} ({u.explanation})" for u in found.unmatched[:shown]]
    warnings = notes + [w.message for w in found.warnings if getattr(w, "message", None)]
    result: dict[str, Any] = {
        "status": found.status,
        "matched": [m.claim.text for m in found.matched[:shown]],
        "unmatched": [u.model_dump(mode="json") for u in found.unmatched[:shown]],
        "detail": "; ".join(unmatched) + _more(len(found.unmatched) - shown, "unmatched"),
        "warnings": warnings[:shown] + ([_more(len(warnings) - shown, "warnings").removeprefix("; ")]
                                        if len(warnings) > shown else []),
    }
    for key, total in (("matched", len(found.matched)), ("unmatched", len(found.unmatched))):
        if total > shown:
            result[f"{key}_total"] = total
    return result


def _doubted(case: _Case, cited: Sequence[_Cited], amenders: Sequence[tuple[Locator, str, str, _Cited]],
             found: Any) -> list[str]:
    """The claim figures matched where a person decides (``MatchedClaimQuantity.doubt``, the
    quantity check's one decision: another place's figure not ruled out, a soft conversion):
    each escalates naming why, never a plain answer."""
    notes: list[str] = []
    for matched in found.matched:
        if matched.doubt is None:
            continue
        index = matched.source_index
        loc = amenders[index - len(cited)][0] if index >= len(cited) else cited[index].resolved or cited[index].locator
        where = loc.unpinned().format() if loc is not None else "the cited provision"
        notes.append(f"{where}: {matched.doubt}")
        case.conflicts.append(f"{matched.claim.text!r} against {where}: {matched.doubt}; read {where} before "
                              "relying on this answer.")
    return notes


def _uncompared(case: _Case, text: str, cited: Sequence[_Cited]) -> tuple[str, list[Any]]:
    """The claim's digits no figure compared (``quantities.designations``, the one gate): the
    refusal's detail where a cited word of the same shape states other digits (``W8x35`` against
    ``W8x31``: ``value_differs``), and the words left to escalate (no cited word like them)."""
    from .quantities.designations import names_code, uncompared_digits
    from .quantities.unread import plain_doubled

    if not any(ch.isdigit() for ch in text) and not names_code(text):
        return "", []
    text = plain_doubled(text)
    compared = [(m.span.start, m.span.end) for m in case.snapshot.quantity_extractor().extract(text, bind=False).mentions]
    cited_texts = [item.figures for item in cited if item.status == "ok"] + [
        stated for item in cited if item.status == "ok" for _, stated, _ in item.amenders]
    places = [item.resolved.path for item in cited if item.status == "ok" and item.resolved is not None
              and item.resolved.path]
    found = uncompared_digits(text, compared, cited_texts, places)
    differ = [u for u in found if u.differs_from is not None]
    refused = "; ".join(f"{u.text!r}: value_differs ({u.text!r} is not the cited {u.differs_from!r}; a designation "
                        "compared as written)" for u in differ[:CLAIM_MAX_QUANTITIES_SHOWN])
    return refused + _more(len(differ) - CLAIM_MAX_QUANTITIES_SHOWN, "unmatched"), [
        u for u in found if u.differs_from is None]


def _uncompared_named(case: _Case, text: str, uncompared: Sequence[Any], unread: Sequence[str]) -> list[str]:
    """The escalation for the claim's words whose digits no figure compared and no cited word
    repeats (``_uncompared``), those the unread-figure net named already left out."""
    placed = [u for u in uncompared if u.why is not None]  # said, but of which of several places is not read
    for u in placed:
        case.conflicts.append(f"The claim {text[:120]!r} states {u.text!r}: {u.why}; read the cited provision "
                              "before relying on this answer.")
    named = [u.text for u in uncompared if u.why is None
             and not any(u.text in figure or figure in u.text for figure in unread)]
    if not named:
        return [f"designation's place not read: {u.why}" for u in placed]
    case.conflicts.append(f"The claim {text[:120]!r} states {', '.join(map(repr, named[:4]))}, which no figure compared "
                          "and the cited text does not state as written; read the cited provision before relying on "
                          "this answer.")
    return [f"designation's place not read: {u.why}" for u in placed] + [f"figure not compared: {word!r}" for word in named]


def _date_order(case: _Case, text: str, cited: Sequence[_Cited]) -> list[str]:
    """The escalation for the claim's dates that agree with a cited one only through a day-and-month
    order no text states (``quantities.designations.unread_date_order``: ``03/04/2027`` against "3 April 2027")."""
    from .quantities.designations import unread_date_order
    from .quantities.unread import plain_doubled

    if not any(ch.isdigit() for ch in text):
        return []
    cited_texts = [item.figures for item in cited if item.status == "ok"] + [
        stated for item in cited if item.status == "ok" for _, stated, _ in item.amenders]
    found = unread_date_order(plain_doubled(text), cited_texts)
    for written, why in found:
        case.conflicts.append(f"The claim {text[:120]!r} states {written!r}: {why}; read the cited provision "
                              "before relying on this answer.")
    return [f"date order not read: {why}" for _, why in found]


def _unread_cited(case: _Case, text: str, cited: Sequence[_Cited], found: ClaimQuantityCheck) -> ClaimQuantityCheck:
    """A claim's figure matched by nothing where a cited provision holds a figure the extractor
    did not read ("not less than 283K"): what that figure says is unknown, so the claim is not
    refused on it but escalated, the unread figure named (audit 49 L2). ``found`` as it is when
    every cited figure was read; else the same with its unmatched figures left to the person."""
    from .quantities import unread_figures
    from .quantities.unread import plain_doubled

    unread = [figure for item in cited if item.status == "ok" and item.figures
              for figure in unread_figures(plain_doubled(item.figures), case.snapshot.quantity_extractor)]
    if not unread:
        return found
    case.conflicts.append(
        f"The claim {text[:120]!r} states {', '.join(repr(u.claim.text) for u in found.unmatched[:4])}, which "
        f"no figure read in what it cites matches, and the cited text states a figure not read: "
        f"{', '.join(map(repr, unread[:4]))}; read the cited provision before relying on this answer.")
    return found.model_copy(update={"unmatched": (), "status": "ok"})


def _headings(case: _Case, item: _Cited) -> tuple[str, ...]:
    """The list headings over a cited provision, as facts read its figures under them
    (``facts.list_headings``: one decision): ``a. PILE CAPS, BOTTOM: 3"`` is a cover under
    ``MINIMUM PROTECTION OF REINFORCING (CLEAR)``. None for a table row or a quote alone."""
    from .facts import revision_list_headings

    resolved = item.resolved
    if resolved is None or resolved.path is None or resolved.rev is None or resolved.path.startswith("table-"):
        return ()
    uid = f"{resolved.doc}@{resolved.rev}"
    try:  # once per revision and build, not per citation (loading the document is the cost)
        headings = revision_list_headings(case.snapshot.build_id, uid, lambda: case.snapshot.store.document(uid))
    except NotFoundError:
        return ()
    return headings.get(resolved.path, ())


def _labels(case: _Case, item: _Cited) -> tuple[str, ...]:
    """The labels in a cited section's words as the outline read them, its own and its
    subsections' (``facts.section_labels``: blanked before its figures are read, as ingest
    blanks them). None for a table row, a callout or a quote alone."""
    from .facts import revision_labels

    resolved = item.resolved
    if resolved is None or resolved.path is None or resolved.rev is None or resolved.path.startswith("table-"):
        return ()
    uid = f"{resolved.doc}@{resolved.rev}"
    try:  # once per revision and build, with its list headings
        labels = revision_labels(case.snapshot.build_id, uid, lambda: case.snapshot.store.document(uid))
    except NotFoundError:
        return ()
    return labels.get(resolved.path, ())


def _replaced(
    case: _Case, text: str, cited: Sequence[_Cited], amenders: Sequence[tuple[Locator, str, str, _Cited]],
    found: Any, extractor: Any,
) -> tuple[Any, list[str]]:
    """``found`` with each claim figure matched only in the stale words of a provision amended in
    part, where an amender takes that very figure out, moved to unmatched (the figure the
    amender states instead named); and a note for each figure an amender's words supported."""
    from .quantities import UnmatchedClaimQuantity, check_claim_quantities

    if not amenders:
        return found, []
    notes: list[str] = []
    kept, moved = [], []
    checked: dict[int, tuple[Any, Any]] = {}
    for matched in found.matched:
        if matched.source_index >= len(cited):
            loc, _, _, item = amenders[matched.source_index - len(cited)]
            notes.append(f"{matched.claim.text!r} is stated by {loc.format()}, which amends "
                         f"{item.resolved.unpinned().format() if item.resolved else loc.format()} "
                         f"on {case.valid_at.isoformat()}")
            kept.append(matched)
            continue
        item = cited[matched.source_index]
        taking = [(n, a) for n, a in enumerate(amenders) if a[3] is item and a[2]]
        replaced = None
        for number, (loc, stated, taken, _) in taking:
            if number not in checked:  # once per amender, not once per matched figure (twelfth audit M-A)
                checked[number] = (check_claim_quantities(text, [taken], extractor=extractor),
                                   check_claim_quantities(text, [stated], extractor=extractor))
            out, now = checked[number]
            if not any(m.claim.span == matched.claim.span for m in out.matched):
                continue
            instead = next((u for u in now.unmatched if u.claim.span == matched.claim.span), None)
            states = f"; it states {instead.closest.text!r}" if instead is not None and instead.closest else ""
            of = item.amendment.of if item.amendment is not None else None
            where = (f"{of.format()} (as {item.resolved.unpinned().format()} put it in)"  # type: ignore[union-attr]
                     if of is not None else item.resolved.unpinned().format())  # type: ignore[union-attr]
            why = (f"{matched.claim.text!r} is taken out of {where} by "
                   f"{loc.format()} on {case.valid_at.isoformat()}{states}")
            replaced = (instead.model_copy(update={"explanation": why, "closest_index": len(cited) + number})
                        if instead is not None and instead.closest is not None else
                        UnmatchedClaimQuantity(claim=matched.claim, reason="value_differs", explanation=why))
            break
        if replaced is None:
            kept.append(matched)
        else:
            moved.append(replaced)
    if not moved:
        return found, notes
    unmatched = (*found.unmatched, *moved)
    return found.model_copy(update={"matched": tuple(kept), "unmatched": unmatched,
                                    "status": "unsupported_quantity"}), notes


def _both_stated(case: _Case, cited: Sequence[_Cited], found: Any, extractor: Any) -> list[str]:
    """An amending item that states two figures of one subject and unit ("for "7 years"
    substitute "3 years"" where the old side is not read) does not say which it puts in: a claim
    figure matched in it, with another figure of its subject there, escalates naming both (never
    a plain answer resting on what may be the figure it takes out); ``facts`` lists neither
    (``amendments._stated_both``: the one decision)."""
    notes: list[str] = []
    read: dict[int, Any] = {}
    for matched in found.matched:
        if matched.source_index >= len(cited):
            continue
        item = cited[matched.source_index]
        if item.resolved is None or not amending(case.snapshot, item.resolved, case.known):
            continue
        if matched.source_index not in read:
            read[matched.source_index] = extractor.extract(item.figures).mentions
        source = matched.source
        other = next((m for m in read[matched.source_index] if _another_figure(source, m)), None)
        if other is None:
            continue
        loc = item.resolved.unpinned().format()
        said = (f"{loc} amends another provision and states both {source.text!r} and {other.text!r}: "
                "which of them it puts in is not read")
        notes.append(said)
        case.conflicts.append(f"{said}; read {loc} before relying on {matched.claim.text!r}.")
    return notes


def _changed(case: _Case, text: str, cited: Sequence[_Cited], amenders: Sequence[tuple[Locator, str, str, _Cited]],
             found: Any) -> tuple[Any, list[str]]:
    """A claim figure matched in words that state a change of an old figure ("extend ... by 3
    years", "a further 3 years", "is halved") is not supported as a value by them, and one that
    differs from such a change (the "10 years" the change results in) is not refused by it: each
    escalates naming the change (the figure it results in is not read), unless the claim states
    its figure as a change too ("increased by 3 years")."""
    from .addenda.slots import change_spans
    from .quantities import MatchedClaimQuantity

    notes: list[str] = []
    claimed = change_spans(text)
    spans: dict[int, tuple[tuple[int, int], ...]] = {}

    def in_change(index: int, mention: Any) -> bool:
        if index not in spans:
            words = _own_words(cited, amenders, index)
            spans[index] = change_spans(words) if words else ()
        return mention is not None and mention.span is not None and _within(mention.span, spans[index])

    def note(index: int, source: Any, claim: Any) -> None:
        loc = amenders[index - len(cited)][0] if index >= len(cited) else cited[index].resolved or cited[index].locator
        where = loc.unpinned().format() if loc is not None else "the cited provision"
        said = f"{where} states a change of {source.text!r}, not a value: the figure it results in is not read"
        notes.append(said)
        case.conflicts.append(f"{said}; read it before relying on {claim.text!r}.")

    def unset(index: int, mention: Any) -> bool:
        from .quantities.modifiers import sets_value

        words = _own_words(cited, amenders, index)
        return (mention is not None and mention.span is not None and bool(words)
                and not sets_value(words, mention.span.start, mention.span.end, also=re.findall(r"[^\W\d_]+", text)))

    for matched in found.matched:
        if in_change(matched.source_index, matched.source) and not _within(matched.claim.span, claimed):
            note(matched.source_index, matched.source, matched.claim)
    kept, moved = [], []
    for unmatched in found.unmatched:
        index = unmatched.closest_index
        if (unmatched.reason == "value_differs" and index is not None and _amends(case, cited, index)
                and in_change(index, unmatched.closest) and not _within(unmatched.claim.span, claimed)):
            note(index, unmatched.closest, unmatched.claim)
            moved.append(MatchedClaimQuantity(claim=unmatched.claim, source=unmatched.closest, source_index=index,
                                              rule="equal"))
        elif (unmatched.reason == "value_differs" and index is not None and _amends(case, cited, index)
              and unset(index, unmatched.closest)):
            loc = amenders[index - len(cited)][0] if index >= len(cited) else cited[index].resolved
            where = loc.unpinned().format() if loc is not None else "the cited provision"
            said = (f"{where} states {unmatched.closest.text!r} in no value-setting form ('to read', 'is now', "
                    "'shall be', 'substitute', 'from ... to'): the value it puts in is not read")
            notes.append(f"figure's words differ: {said}")
            case.conflicts.append(f"{said}; read it before relying on {unmatched.claim.text!r}.")
            moved.append(MatchedClaimQuantity(claim=unmatched.claim, source=unmatched.closest, source_index=index,
                                              rule="equal"))
        else:
            kept.append(unmatched)
    if not moved:
        return found, notes
    return found.model_copy(update={"matched": (*found.matched, *moved), "unmatched": tuple(kept),
                                    "status": found.status if kept else "ok"}), notes


def _modified(case: _Case, text: str, cited: Sequence[_Cited],
              amenders: Sequence[tuple[Locator, str, str, _Cited]], found: Any, changed: Sequence[str] = ()) -> list[str]:
    """The one test of the words that modify a figure's meaning (``quantities.modifiers``): a
    claim figure whose own clause holds a bound, change, multiplier or negation word that the
    clause of the cited figure it matches does not hold ("under", "not", "doubled", "increased"
    before or after "7 years"), or the reverse (the cited figure is a bound, a change, a multiple
    or denied and the claim's is not), escalates naming the words: never a plain answer. A claim
    repeating the cited figure's own words ("at least 7 years" citing "at least 7 years";
    "increased 12%" citing "increased 12%") passes. A figure the change net (``_changed``)
    already named is not named twice."""
    from .quantities.modifiers import describe, differ, modifiers, sets_value

    notes: list[str] = []
    words: dict[int, str] = {}
    for matched in found.matched:
        _in_time(case)  # a long claim against a long table: each figure's words cost a pass over it
        claim, source, index = matched.claim, matched.source, matched.source_index
        if claim.span is None or source is None or source.span is None or any(
                f"states a change of {source.text!r}" in note for note in changed):
            continue
        if index not in words:
            words[index] = plain_doubled_words(_own_words(cited, amenders, index))
        if source.span.end > len(words[index]):
            continue  # a figure of the cited provision's heading (its age), not of its words
        theirs = modifiers(words[index], source.span.start, source.span.end)
        if any(m.after and "," in words[index][source.span.end:m.start] for m in theirs) and sets_value(
                words[index], source.span.start, source.span.end):  # "is 10 years, longer than before": a value
            theirs = tuple(m for m in theirs if not (m.after and "," in words[index][source.span.end:m.start]))
        ours = modifiers(text, claim.span.start, claim.span.end)
        written = source.bound if source.bound_from == "text" else "exact"  # not a subject's default reading
        if written == "range" and _an_age(text, claim):
            written = "exact"  # "a 9-year-old" under "Children 4 to 11 Years": a person's age lies in the cited band
        extra, missing = differ(ours, theirs, claim_bound=claim.bound, source_bound=written,
                                source_bound_words=source.bound_text) if (
            ours or theirs or written in ("min", "max", "range")) else ([], [])
        extra = [m for m in extra if not _multiple_as_written(m, source, words[index])]
        loc = amenders[index - len(cited)][0] if index >= len(cited) else cited[index].resolved or cited[index].locator
        where = loc.unpinned().format() if loc is not None else "the cited provision"
        if not extra and not missing:
            said = _amended_bound(case, claim, source, where, cited, amenders, index) or _unheld(
                case, text, claim, words[index], source, where, _stale_words(case, cited, amenders, index),
                _headings(case, cited[index]) if index < len(cited) else ())
            if said and not any(said.split(";")[0] in note for note in notes):
                notes.append(f"figure's words differ: {said}")
                case.conflicts.append(f"The figure {claim.text!r} is not stated as the cited one is: {said}; read "
                                      f"{where} before relying on this answer.")
            continue
        if extra:
            side = "after" if all(m.after for m in extra) else "before"
            said = f"the claim says {describe(extra)} {side} {claim.text!r}; {where} does not"
        elif all(m.sense == "range" for m in missing):  # "3 to 5 inches" where the claim states "5 inches" (audit 60)
            said = f"{where} states {source.text!r}, a range; the claim states the one figure {claim.text!r}"
        else:
            side = "after" if all(m.after for m in missing) else "before"
            said = f"{where} says {describe(missing)} {side} {source.text!r}; the claim does not"
        if any(said.split(";")[0] in note for note in notes):
            continue
        notes.append(f"figure's words differ: {said}")
        case.conflicts.append(f"The figure {claim.text!r} is not stated as the cited one is: {said}; read {where} "
                              "before relying on this answer.")
    return notes


#: The reporting entity a claim about a statement's figure names ("The company spent ...").
_ENTITY_WORDS = ("company", "group", "firm", "business", "we", "it", "its", "our")
#: Words naming an outflow ("spent", "capital expenditure", "paid"): a bracketed cash-flow
#: figure is one (``claims``' reading of an outflow).
_OUTFLOW_WORDS = re.compile(r"\b(?:spen[dt]\w*|expenditures?|capex|paid|pay(?:s|ments?)?|purchas\w*|bought|"
                            r"buy(?:s|backs?)?|repurchas\w*|invest\w*|outflows?|used)\b", re.IGNORECASE)


def _multiple_as_written(modifier: Any, source: Any, cited: str) -> bool:
    """Whether a claim's "times" after its figure is the cited figure's own glued multiplier
    ("1.4 times" for "1.4x", "11.5 times" for "11.5×"): the same words, not a modifier."""
    return modifier.words == "times" and modifier.after and _glued_multiple(source, cited)


def _glued_multiple(source: Any, cited: str) -> bool:
    """Whether the cited figure is written as a multiple with a glued ``x`` (``1.4x``, ``9.5×``)."""
    if source.span is None:
        return False
    glued = cited[source.span.end:source.span.end + 1] if source.span.end <= len(cited) else ""
    return source.text.rstrip()[-1:] in ("x", "X", "×") or glued in ("x", "X", "×")


#: Words that say a duration is a person's age ("a 12-year-old", "aged 12 years", "12 years of
#: age"): beside an age they change nothing the cited band says.
_AGE_WORDS = ("old", "aged", "age", "ages")


def _an_age(text: str, claim: Any) -> bool:
    """Whether the claim figure is a person's age, said as ages are (a duration with an age word
    of :data:`_AGE_WORDS` right beside it: "a 9-year-old", "aged 9 years", "9 years of age")."""
    if claim.dimension != "[time]" or claim.span is None:
        return False
    beside = text[max(0, claim.span.start - 8):claim.span.end + 10].lower()
    return any(re.search(rf"(?<![^\W\d_]){word}(?![^\W\d_])", beside) for word in _AGE_WORDS)


def _unheld(case: _Case, text: str, claim: Any, words: str, source: Any, where: str,
            amended: str | None, headings: Sequence[str] = ()) -> str | None:
    """The inverted test (``modifiers.unheld``): a word beside the claim figure that is not known
    to be harmless (neutral, its unit, its subject's words, or held by the cited clause; for an
    amending item, also by the provision it amends, ``amended``), a negation the cited sentence
    holds and the claim does not, a condition one side puts on its figure ("If the auditor so
    requests, ...", "... only when ...") that the other does not keep, or (in an amending item)
    a cited figure stated in no value-setting form: what is said of it, or None when all is held."""
    from .quantities._lexicon import APPROXIMATE_AFTER, APPROXIMATE_BEFORE
    from .quantities.conditions import APPROXIMATE
    from .quantities.extract import row_label
    from .quantities.modifiers import (
        conditions,
        sets_value,
        unconditioned,
        unheld,
        unheld_negation,
        unscoped,
    )

    claim_span, source_span = (claim.span.start, claim.span.end), (source.span.start, source.span.end)
    amends = amended is not None
    if amends and not sets_value(words, *source_span, also=re.findall(r"[^\W\d_]+", text)):
        return (f"{where} states {source.text!r} in no value-setting form ('to read', 'is now', 'shall be', "
                "'substitute', 'from ... to'): the value it puts in is not read")
    keys = {key for key in (claim.subject, source.subject) if key}
    allowed = [part for key in keys for part in re.split(r"[._\s-]+", key)]
    allowed += [word for rule in case.snapshot.quantity_extractor().vocabulary.subjects if rule.subject in keys
                for synonym in rule.synonyms for word in re.findall(r"[^\W\d_]+", synonym)]
    allowed += re.findall(r"[^\W\d_]+", " ".join((amended or "", *headings, *claim.condition, *source.condition)))
    # the words that make a figure approximate were read as such and compared so ("about 4 inches"):
    # harmless beside the claim's figure when either is approximate, but a cited figure's hedge that
    # the claim drops ("roughly 4 years" claimed as "4 years") is still said
    approximate = [*re.findall(r"[^\W\d_]+", " ".join((*APPROXIMATE_BEFORE, *APPROXIMATE_AFTER))),
                   *sorted({ch for word in (*APPROXIMATE_BEFORE, *APPROXIMATE_AFTER) for ch in word if not ch.isalnum()})]
    claim_hedges = APPROXIMATE in claim.condition
    either_hedges = claim_hedges or APPROXIMATE in source.condition
    if _glued_multiple(source, words):
        allowed += ["times", "x"]  # "1.4 times" for "1.4x"
    if claim.dimension == "[time]":
        allowed += _AGE_WORDS  # "a 12-year-old", "aged 12 years": an age said as ages are
    if source.span.end <= len(words) and row_label(words, source.span.start, source.span.end) is not None:
        # a statement's row: the claim names the reporting entity, and an outflow as spent or paid
        allowed += _ENTITY_WORDS
        if source.value is not None and source.value < 0 and source.text.lstrip().startswith("("):
            allowed += [m[0] for m in _OUTFLOW_WORDS.finditer(text)]
    dropped = unconditioned(words, source_span, text, claim_span)  # audit 23q P5: "If the auditor so requests, ..."
    if dropped:
        kept = "does not keep it" if conditions(text, *claim_span) else "states it unconditionally"
        return f"{where} states {source.text!r} only on a condition ({', '.join(map(repr, dropped))}); the claim {kept}"
    added = unconditioned(text, claim_span, words, source_span)
    if added:
        stated = "does not" if conditions(words, *source_span) else "states it unconditionally"
        return f"the claim puts a condition on {claim.text!r} ({', '.join(map(repr, added))}); {where} {stated}"
    extra = unheld(text, claim_span, words, source_span, [*allowed, *(approximate if either_hedges else ())])
    if extra:
        return f"the claim says {', '.join(map(repr, extra))} beside {claim.text!r}; {where} does not"
    label = row_label(words, *source_span) if source.span.end <= len(words) else None
    denied = unheld_negation(words, source_span, text, claim_span,
                             [*allowed, *re.findall(r"[^\W\d_]+", label or ""), *(approximate if claim_hedges else ())],
                             amending=amends)
    if denied:
        return f"{where} says {', '.join(map(repr, denied))} beside {source.text!r}; the claim does not"
    # audit 23r R1: a condition by its place ("In cases of litigation, ...", "In that case ..."), read last so
    # that a word beside the figure is named first ("The fee eroded, 3%, ...": 'eroded', not the opener)
    scoped = [] if amends else unscoped(words, source_span, text, claim_span)
    if scoped:
        kept = "does not keep it" if conditions(text, *claim_span) else "states it unconditionally"
        return f"{where} states {source.text!r} only on a condition ({', '.join(map(repr, scoped))}); the claim {kept}"
    return None


def _amended_bound(case: _Case, claim: Any, source: Any, where: str, cited: Sequence[_Cited],
                   amenders: Sequence[tuple[Locator, str, str, _Cited]], index: int) -> str | None:
    """A claim's written bound ("5,000 psi maximum") against an amending item's figure that
    states none ('Revise "4,500 psi" to read "5,000 psi"'): the bound is the amended provision's
    words' ("4,500 psi minimum": facts read the new figure there as a minimum, audit 23p P2).
    None when that provision states the claim's bound, or none; else what is said. A provision
    the asker may not read is never read for it: the claim escalates whatever it says (no
    answer tells what a restricted provision states)."""
    if claim.bound not in ("min", "max") or claim.bound_from != "text" or (
            source.bound in ("min", "max") and source.bound_from == "text") or not _amends(case, cited, index):
        return None
    targets: list[tuple[str, bool]] = []  # (the amended provision's words, may the asker read them)
    if index >= len(cited):
        targets.append((amenders[index - len(cited)][3].text, True))
    elif (resolved := cited[index].resolved) is not None:
        for target in amended_targets(case.snapshot, resolved, case.known):
            if target is None:
                continue
            try:
                targets.append((case.snapshot.store.provision_text(target)[0],
                                case.snapshot.may_read(target, case.groups)))
            except NotFoundError:
                continue
    if not targets:
        return None
    sense = {"min": "a minimum", "max": "a maximum"}
    if not all(readable for _, readable in targets):
        return (f"{where} states {source.text!r} with no bound and the claim states {sense[claim.bound]}: the bound of "
                "the provision it amends is not read")
    extractor = case.snapshot.quantity_extractor()
    stated = {m.bound for words, _ in targets for m in extractor.extract(words).mentions
              if m.dimension == claim.dimension and m.bound in ("min", "max") and m.bound_from == "text"}
    if not stated or stated == {claim.bound}:
        return None
    return (f"the claim states {sense[claim.bound]} ({claim.text!r}); the provision {where} amends states "
            f"{' and '.join(sense[b] for b in sorted(stated))} for its figure")


def _stale_words(case: _Case, cited: Sequence[_Cited], amenders: Sequence[tuple[Locator, str, str, _Cited]],
                 index: int) -> str | None:
    """None unless the words at ``index`` are an amending item's; then the words of what it
    amends (the stale provision's), which a claim may repeat ("retained ... after withdrawal"):
    only those of a version the asker may read, of a target they hold (``amended_targets``), so
    that no verdict turns on words only a restricted revision holds."""
    if index >= len(cited):
        return amenders[index - len(cited)][3].text
    if not _amends(case, cited, index):
        return None
    resolved = cited[index].resolved
    texts: list[str] = []
    for target in amended_targets(case.snapshot, resolved, case.known):  # type: ignore[arg-type]
        if target is None or not case.snapshot.may_read(target, case.groups):
            continue
        try:
            texts.append(case.snapshot.store.provision_text(target)[0])
        except NotFoundError:
            continue
    return " ".join(texts)


def plain_doubled_words(words: str) -> str:
    from .quantities.unread import plain_doubled

    return plain_doubled(words)


def _own_words(cited: Sequence[_Cited], amenders: Sequence[tuple[Locator, str, str, _Cited]], index: int) -> str:
    """The words around a cited figure as written (the figures' own positions: an amending
    item's words before what it takes out is blanked, so "goes up by" stays whole)."""
    if index >= len(cited):
        return amenders[index - len(cited)][1]
    item = cited[index]
    return item.text if len(item.text) == len(item.figures) else item.figures


def _amends(case: _Case, cited: Sequence[_Cited], index: int) -> bool:
    """Whether the words at ``index`` are an amending item's (an amender's, or a cited provision
    that is the ``by`` of an edge): only there may a figure that differs from a change be the
    figure the change results in (elsewhere it is refused as any differing figure is)."""
    if index >= len(cited):
        return True
    resolved = cited[index].resolved
    return resolved is not None and amending(case.snapshot, resolved, case.known)


def _within(span: Any, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether ``span`` (a CharSpan) reaches into one of ``spans``."""
    return span is not None and any(a < span.end and span.start < b for a, b in spans)


def _another_figure(source: Any, mention: Any) -> bool:
    """A figure of the same dimension and subject as ``source`` with another value."""
    if mention.dimension is None or mention.dimension != source.dimension or mention.normalized is None:
        return False
    if source.subject and mention.subject and source.subject != mention.subject:
        return False
    ours, theirs = source.normalized, mention.normalized
    return ours is None or (ours.value, ours.upper) != (theirs.value, theirs.upper)


def _more(count: int, what: str) -> str:
    """``; N more <what> not listed`` for a list cut at CLAIM_MAX_QUANTITIES_SHOWN; empty when none was cut."""
    return f"; {count:,} more {what} not listed (at most {CLAIM_MAX_QUANTITIES_SHOWN} shown)" if count > 0 else ""


def _unread_figures(case: _Case, text: str, cited: Sequence[_Cited], noted: Sequence[str] = ()) -> list[str]:
    """A figure the claim states that the extractor did not read (``a year and a half``; ``a
    dozen years`` beside a cited ``7 years``: a unit word of a dimension the cited figures have,
    with a count the number table does not hold) is compared with nothing: a warning naming it,
    and never a plain answer (an escalation)."""
    from .quantities import unread_figures
    from .quantities.unread import counts, doubled_differ, modified_figures, plain_doubled

    extractor = case.snapshot.quantity_extractor
    dimensions = {m.dimension for item in cited if item.status == "ok" and item.figures
                  for m in extractor().extract(item.figures, bind=False).mentions if m.dimension} if counts(
        text) else set()  # the cited figures are read only for a claim holding such a count
    figures = unread_figures(plain_doubled(text), extractor, dimensions)
    unread = [f"figure not read: {figure!r}" for figure in figures]
    # a read figure a word changes ("double the 7 years", "7 years less a day"), and a doubled
    # number whose words and digits differ ("eight (7) years": the words govern)
    unread += [f"figure modified: {figure!r}" for figure in modified_figures(
        text, lambda word: extractor().units.alias(word) is not None) if not any(figure in f or f in figure for f in figures)
        and not _named_differ(figure, noted)]
    unread += [f"the words and the figure differ: {doubled!r}" for doubled in doubled_differ(text)]
    if unread:
        case.conflicts.append(f"The claim {text[:120]!r} states {'; '.join(unread)}: it was not compared with what "
                              "it cites; read the cited provision before relying on this answer.")
    return unread


def _named_differ(figure: str, noted: Sequence[str]) -> bool:
    """Whether the modifier test (``_modified``) already named a figure ``figure`` holds."""
    import re

    return any(note.startswith("figure's words differ") and any(
        quoted and any(ch.isdigit() for ch in quoted) and quoted in figure
        for quoted in re.findall(r"'([^']*)'", note.partition(": ")[2])) for note in noted)


# ---- steps 3 and 5: in force, eligible ---------------------------------------------------------


def _fresh(case: _Case, item: _Cited) -> None:
    if item.status != "ok" or item.resolved is None:
        return
    found = case.snapshot.freshness_gate([item.resolved], case.valid_at, case.known_at, groups=case.groups)
    if found.outcome == "pass":
        return
    stale = found.stale[0]
    instead = [r.locator for r in stale.in_force]
    item.in_force = instead[0] if instead else None
    named = ", ".join(loc.format() for loc in instead)
    why = {
        "superseded": f"replaced: it no longer applies on {case.valid_at.isoformat()}",
        "stale_revision": f"not the version in force on {case.valid_at.isoformat()}",
        "not_yet_in_force": f"not yet in force on {case.valid_at.isoformat()}",
        "removed": f"removed by {case.valid_at.isoformat()}",
        "no_coverage_for_date": f"not in force on {case.valid_at.isoformat()}: no revision covers the date",
        "access_restricted": "withheld from the asker: it, or what its being in force rests on that day, is not theirs to read",
    }.get(stale.reason, stale.reason)
    if stale.reason == "not_yet_in_force" and case.known_at is not None:
        why += f" as recorded by {case.known_at.isoformat()}"
    status: ClaimStatus = "ineligible_source" if stale.reason == "access_restricted" else "stale_revision"
    item.fail(status, f"{stale.reason}: {item.resolved.format()} is {why}"
              + (f"; in force: {named}" if named else "; nothing replaces it"))


def _amended_in_part(case: _Case, item: _Cited) -> None:
    """What a cited provision's words state, and whether the version cited is in force but
    amended in part on the date (``engine.amendments``: the one decision ``facts`` follows too).

    An amending provision's own words hold the figure it takes out ('Delete "4 inches" and
    substitute "6 inches"'): that figure is not what it states, so it is blanked from the words
    the claim's figures are compared with. A provision amended in part keeps its words from before
    the amendment: a warning naming the amenders, whatever the claim states, and their words are
    compared too (``_quantities``); when the asker may not read an amender, the citation is
    ineligible (as ``precedence`` refuses what rests on a withheld document)."""
    if item.status != "ok" or item.resolved is None:
        return
    snapshot = case.snapshot
    item.stated, taken = stated_words(snapshot, item.resolved, item.text)
    if taken:
        item.warnings.append(f"{item.resolved.unpinned().format()} amends another provision: the words it takes "
                             f"out ({_cut(taken)}) are not what it states")
    found = amendment(snapshot, item.resolved, case.valid_at, case.known_at, case.groups)
    if found is None or found.resolved is not None and found.resolved != item.resolved:
        return  # not in force (``_fresh`` says why), or in force unamended
    unpinned = found.locator.format()
    if found.withheld:
        item.fail("ineligible_source", f"access_restricted: {unpinned} is amended in part on "
                  f"{case.valid_at.isoformat()} by a document the asker may not read "
                  f"({', '.join(found.withheld)}): what it says now cannot be checked")
        return
    item.amendment = found
    item.amenders = amender_texts(snapshot, found, case.valid_at, case.known_at, case.groups)
    amenders = ", ".join(loc.format() for loc in found.amended_by)
    item.warnings.append(_amended_words(found, case.valid_at, amenders))


def _amended_words(found: Amendment, valid_at: dt.date, amenders: str) -> str:
    if found.of is not None:  # an amending provision whose change a later one amends again
        return (f"{found.locator.format()} amends {found.of.format()}, which is amended again on "
                f"{valid_at.isoformat()} by {amenders}: the figures it puts in may be stale")
    return (f"{found.locator.format()} is amended in part on {valid_at.isoformat()} by {amenders}: "
            "its words are checked as they stood before the amendment")


def _cut(words: str, limit: int = 120) -> str:
    shown = " ".join(words.split())
    return shown if len(shown) <= limit else shown[: limit - 1].rstrip() + "…"


def _escalate_amended(case: _Case, item: _Cited, quantities: dict[str, Any] | None) -> None:
    """A claim citing a provision amended in part on the date is never a plain answer: it
    escalates naming the amendment to read."""
    found = item.amendment
    if item.status != "ok" or found is None:
        return
    amenders = ", ".join(loc.format() for loc in found.amended_by)
    checked = ("the claim's figures were compared with them and with the amendment's words"
               if quantities is not None and quantities.get("matched") else "the amendment may have changed them")
    case.conflicts.append(f"{_amended_words(found, case.valid_at, amenders)}; {checked}: "
                          f"read {amenders} before relying on this answer.")


def _eligible(case: _Case, item: _Cited) -> None:
    result = case.eligibility
    doc = (item.resolved or item.locator).doc if (item.resolved or item.locator) else None
    if doc is None or result.outcome != "eligible" or doc in result.eligible:
        if doc is not None and result.outcome == "refusal":
            item.fail("ineligible_source", f"{result.reason}: no document may answer this case")
        return
    reasons = next((e.reasons for e in result.excluded if e.document == doc), ())
    item.fail("ineligible_source", f"{doc} may not answer this case: excluded for "
              + (", ".join(reasons) if reasons else "its applicability"))


# ---- cited sources in force that disagree ------------------------------------------------------


def _conflicts(case: _Case, text: str, cited: Sequence[_Cited]) -> str | None:
    """A claim quantity one cited provision states and another cited provision in force states
    differently (the same subject, no equal or compatible value): the project's precedence
    decides which governs — the claim must then agree with it (else the detail returned here)
    — or, with no rule, the verdict escalates with the precedence RFI."""
    from .quantities import check_claim_quantities, compare, may_contain_quantity

    sources = [item for item in cited if item.status == "ok" and item.resolved is not None]
    if len(sources) < 2 or not may_contain_quantity(text):
        return None
    extractor = case.snapshot.quantity_extractor()
    found = check_claim_quantities(text, [item.figures for item in sources], extractor=extractor)
    stated = [_mentions(case, extractor, item) for item in sources]
    for matched in found.matched:
        subject = matched.claim.subject or matched.source.subject
        if subject is None:
            continue
        left = sources[matched.source_index]
        for index, right in enumerate(sources):
            if index == matched.source_index or right.resolved == left.resolved:
                continue
            same = [m for m in stated[index] if m.subject == subject and m.value is not None]
            if not same or any(compare(matched.source, m, vocabulary=extractor.vocabulary).outcome
                               in ("equal", "compatible") for m in same):
                continue
            governed = _decide(case, text, left, right, extractor)
            if governed is not None or case.conflicts:
                return governed
    return None


def _decide(case: _Case, text: str, left: _Cited, right: _Cited, extractor: Any) -> str | None:
    from .quantities import check_claim_quantities

    assert left.resolved is not None and right.resolved is not None
    try:
        decided = case.snapshot.precedence(left.resolved.unpinned(), right.resolved.unpinned(),
                                          case.valid_at, case.known_at, groups=case.groups)
    except AccessRestrictedError as refused:
        case.conflicts.append(rfi.withheld(left.resolved, right.resolved, refused.hidden_documents, valid_at=case.valid_at,
                                           project=case.snapshot.manifest.project))
        return None
    if decided.rule is not None:
        case.rules_fired.append(decided.rule)
    if decided.resolution == "escalate":
        case.conflicts.append(decided.rfi or "")
        return None
    winner = left if decided.winner == left.resolved.unpinned().format() else right
    if check_claim_quantities(text, [winner.figures], extractor=extractor).status == "ok":
        return None
    return (f"{left.resolved.format()} and {right.resolved.format()} disagree; {winner.resolved.format()} "
            f"governs ({decided.rule}, {decided.clause}) and does not state the claim's quantity")


def _mentions(case: _Case, extractor: Any, item: _Cited) -> Sequence[Any]:
    """The quantities of a cited provision as ingest reads them: a table row cell by cell,
    under its header (so "4,000 psi" in a strength column is bound to its subject)."""
    assert item.resolved is not None
    if item.resolved.path is not None and item.resolved.path.startswith("table-"):
        place = case.snapshot.store.provision_place(item.resolved)
        if place["kind"] == "TableRow" and place["cells"]:
            return extractor.extract_row(place["text"], place["cells"], place["header"]).mentions
    return extractor.extract(item.figures).mentions


# ---- step 6: qualifiers ------------------------------------------------------------------------


def _qualifiers(case: _Case, cited: Sequence[_Cited]) -> tuple[list[tuple[Locator, str]], list[str]]:
    """Qualifiers of the cited provisions that the claim does not cite, with each rule's severity."""
    snapshot = case.snapshot
    paths = {(item.resolved.doc, item.resolved.path) for item in cited if item.resolved is not None}
    missing: dict[Locator, str] = {}
    warnings: list[str] = []
    for item in cited:
        loc = item.resolved
        if loc is None or loc.path is None:
            continue
        for link, severity in snapshot.qualifiers_of(loc):
            if not _applies_to(link.provision.path, loc.path):
                continue
            case.rules_fired.append(link.rule)
            qualifier = link.qualifier
            if not link.resolved:
                warnings.append(f"{loc.format()} names {qualifier.path}, which {loc.doc} does not have "
                                f"({link.rule}: {link.words!r})")
                continue
            case.qualifiers.append(qualifier)
            if any(doc == qualifier.doc and _covers(path, qualifier.path) for doc, path in paths):
                continue
            if severity == "warning":
                warnings.append(f"{loc.format()} is qualified by {qualifier.format()} ({link.rule}: "
                                f"{link.words!r}), which the claim does not cite")
                missing.setdefault(qualifier, "warning")
            else:
                missing[qualifier] = "failure"
    return list(missing.items()), warnings


def _applies_to(link_path: str | None, cited: str) -> bool:
    """Words in the cited provision, in a part of it, or in a provision it is part of."""
    if link_path is None:
        return False
    return link_path == cited or link_path.startswith(cited + ".") or cited.startswith(link_path + ".")


def _covers(cited: str | None, qualifier: str | None) -> bool:
    if cited is None or qualifier is None:
        return cited == qualifier
    return qualifier == cited or qualifier.startswith(cited + ".") or cited.startswith(qualifier + ".")


# ---- step 7: entailment -----------------------------------------------------------------------


def _entail(
    case: _Case, text: str, cited: Sequence[_Cited], quantities: dict[str, Any] | None,
    missing: tuple[Locator, ...], warnings: Sequence[str],
) -> ClaimResult:
    if case.nli is None:
        return _claim(text, cited, None, quantities=quantities, missing=missing, warnings=warnings)
    premises = [linearise(item.text) for item in cited]
    pairs = [(" ".join(premises), text)]
    if len(premises) > 1:
        pairs += [(" ".join(p for j, p in enumerate(premises) if j != i), text) for i in range(len(premises))]
    scores = case.nli.score(pairs)
    whole = scores[0]
    check = _entailment_check(case, whole)
    if whole.contradiction >= case.threshold and whole.contradiction > whole.entailment:
        return _claim(text, cited, None, status="contradicted", quantities=quantities, missing=missing,
                      warnings=warnings, entailment=check,
                      detail=f"{case.nli.name} proposes the cited text contradicts the claim "
                      f"(p={whole.contradiction:.2f} >= {case.threshold:.2f}); a person decides")
    if whole.entailment < case.threshold:
        return _claim(text, cited, None, status="unsupported_citation", quantities=quantities, missing=missing,
                      warnings=warnings, entailment=check,
                      detail=f"the cited text does not entail the claim ({case.nli.name}: "
                      f"p={whole.entailment:.2f} < {case.threshold:.2f})")
    redundant = tuple(
        item.locator or item.resolved for item, alone in zip(cited, scores[1:], strict=False)
        if alone.entailment >= case.threshold and (item.locator or item.resolved) is not None
    )
    return _claim(text, cited, None, quantities=quantities, missing=missing, warnings=warnings,
                  redundant=redundant, entailment=check)  # type: ignore[arg-type]


def _entailment_check(case: _Case, scores: EntailmentScores) -> EntailmentCheck:
    assert case.nli is not None
    return EntailmentCheck(model=case.nli.name, entailment=round(scores.entailment, 4),
                           neutral=round(scores.neutral, 4), contradiction=round(scores.contradiction, 4),
                           threshold=case.threshold)


# ---- the verdict -----------------------------------------------------------------------------


def _verdict(case: _Case, answer: Answer, results: Sequence[ClaimResult], date_source: str) -> Verdict:
    eligibility = case.eligibility
    failures = [r for r in results if r.status != "ok"]
    reason: ReasonCode | None = None
    draft: str | None = None
    missing: tuple[str, ...] = ()
    if eligibility.outcome == "clarification_request":
        kind, reason, missing = "clarification_request", "missing_attribute", eligibility.missing_attributes
    elif any(r.status == "contradicted" for r in results):
        kind, reason = "escalation", "conflict"
        draft = rfi.contradicted_answer(_cited_claims(case, [r for r in results if r.status == "contradicted"],
                                                      with_text=True),
                                        valid_at=case.valid_at, project=case.snapshot.manifest.project)
    elif case.conflicts and not failures:
        kind, reason, draft = "escalation", "conflict", "\n".join(dict.fromkeys(case.conflicts))
    elif failures:
        kind, reason = "refusal", _refusal_reason(eligibility, failures)
    elif case.tier == "high" and case.nli is None:
        kind, reason = "escalation", "entailment_unverified"
        draft = rfi.entailment_unverified(_cited_claims(case, results, with_text=False), valid_at=case.valid_at,
                                          project=case.snapshot.manifest.project)
    else:
        kind = "answer"
    unmatched = tuple(str(u) for u in eligibility.unmatched_values) if kind == "clarification_request" else ()
    return Verdict(
        verdict=kind, reason=reason, claims=tuple(results), missing_attributes=missing, unmatched_values=unmatched,
        unstated_attributes=eligibility.unstated_attributes if kind == "clarification_request" else (),
        rfi=draft, audit=_audit(case, answer, results, date_source),
    )


def _refusal_reason(eligibility: EligibilityResult, failures: Sequence[ClaimResult]) -> ReasonCode:
    if eligibility.outcome == "refusal" and eligibility.reason is not None:
        return eligibility.reason
    if all(r.detail.startswith("access_restricted") for r in failures):
        return "access_restricted"
    if any(r.status in _NO_SUPPORT for r in failures):
        return "no_valid_citation"
    return "unsupported"


def _cited_claims(case: _Case, results: Sequence[ClaimResult], *, with_text: bool) -> list[rfi.CitedClaim]:
    """Claims as an RFI draft shows them: each cited version (with its words when quoted)."""
    store = case.snapshot.store
    return [rfi.CitedClaim(
        text=result.text, entailment=result.entailment,
        cited=tuple((check.resolved, store.provision_text(check.resolved)[0] if with_text else "")
                    for check in result.citations if check.resolved is not None),
    ) for result in results]


def _audit(case: _Case, answer: Answer, results: Sequence[ClaimResult], date_source: str) -> AuditRecord:
    return audit_record(
        case.snapshot, answer, results, context=case.context, valid_at=case.valid_at, known_at=case.known_at,
        groups=case.groups, eligibility=case.eligibility, tier=case.tier,
        nli=case.nli.name if case.nli is not None else None, qualifiers=case.qualifiers,
        rules_fired=case.rules_fired, valid_at_source=date_source,
    )
