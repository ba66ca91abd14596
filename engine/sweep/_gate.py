"""What a pipeline does with a report: each finding marked against an earlier run's
(``against_baseline``), which findings fail it (``failing``), both decided together with the
counts a summary shows by ``judge_sweep`` (adapters pass the options and render the outcome)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from typing import Any

from inforce.ontology import FailOn, Finding, InputError, SweepReport, parse_datetime_utc
from inforce.ontology.answers import SweepOutcome

_RESOLUTIONS = ("escalate", "resolved_by_precedence", "resolved_by_supersession")
#: where a locator's document id ends (an id holds neither mark)
_LOCATOR_DOC = re.compile(r"[@#]")


def against_baseline(
    report: SweepReport, baseline: Sequence[tuple[str, str, tuple[str, ...], str | None]], name: str,
) -> SweepReport:
    """The report with each finding marked against ``baseline`` (the (id, kind, locators,
    resolution) of an earlier run's findings): ``new``, ``unchanged``, or ``changed`` when the
    same provisions are now resolved otherwise (newly escalated, say); and the baseline's
    findings this run no longer reports as ``gone``.

    A finding of the baseline (one run with groups this asker lacks, say) with a provision of a
    document the run withheld (``summary.withheld``: the asker may not read it, so this run
    compared none of it) is neither gone nor compared: it is counted in ``baseline_withheld``,
    the same whether or not it still stands (else the label would tell). So is one with an
    amending item the run did not compare (``SweepReport._withheld_provisions``)."""
    from inforce.ontology import GoneFinding

    hidden = set(report.summary.withheld)
    # an amending item the run did not compare, its standing resting on a document withheld that
    # day (93b2cb3's rule, ``Snapshot.readable_on``): withheld too, never gone (audit KK-05)
    unseen = report._withheld_provisions
    before: dict[str, tuple[str, tuple[str, ...], str | None]] = {}
    withheld = 0
    for ident, kind, locators, resolution in baseline:
        if hidden and any(_LOCATOR_DOC.split(locator, maxsplit=1)[0] in hidden for locator in locators) \
                or unseen and any(_unpinned(locator) in unseen for locator in locators):
            withheld += 1
            continue
        before[ident] = (kind, locators, resolution)
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
    return report.model_copy(update={"findings": findings, "gone": gone, "baseline": name,
                                     "baseline_withheld": withheld})


def _unpinned(locator: str) -> str:
    """``DOC#path`` of a baseline's locator (``DOC@REV#path`` too); as written when it does not parse."""
    from inforce.ontology import Locator

    try:
        return Locator.parse(locator).unpinned().format()
    except (ValueError, InputError):
        return locator


def failing(report: SweepReport, fail_on: str) -> list[Finding]:
    """The findings that fail a pipeline under ``fail_on`` (``escalate``: escalations; ``any``:
    every finding; ``none``: none). Against a baseline only new and changed findings count."""
    if fail_on == "none":
        return []
    found = [f for f in report.findings if report.baseline is None or f.baseline in ("new", "changed")]
    return found if fail_on == "any" else [f for f in found if f.resolution == "escalate"]


#: A finding of an earlier run as a baseline holds it: (id, kind, locators, resolution).
BaselineFinding = tuple[str, str, tuple[str, ...], str | None]


def _same_run(report: SweepReport, stated: Mapping[str, Any], name: str) -> None:
    """InputError naming the baseline file and each thing that differs when the earlier run was
    a sweep of another project, as-of date or recorded-by moment (``stated``: the ``project``,
    ``as_of`` and ``known_at`` its report holds; one it does not hold is not compared): its
    findings would all read as new or gone, and the gate would judge nothing."""
    file = name or None
    differs = []
    project = stated.get("project")
    if "project" in stated and project != report.project:
        differs.append(f"project {project!r}, this run {report.project!r}")
    if "as_of" in stated:
        try:
            as_of = dt.date.fromisoformat(str(stated["as_of"]))
        except ValueError:
            raise InputError(f"as_of of the baseline is not a date: {stated['as_of']!r}", file=file,
                             field="as_of", hint="YYYY-MM-DD, as a sweep report writes it") from None
        if as_of != report.as_of:
            differs.append(f"as of {as_of.isoformat()}, this run {report.as_of.isoformat()}")
    if "known_at" in stated:
        try:
            known_at = None if stated["known_at"] is None else parse_datetime_utc(str(stated["known_at"]))
        except ValueError:
            raise InputError(f"known_at of the baseline is not a moment: {stated['known_at']!r}", file=file,
                             field="known_at", hint="an ISO 8601 UTC moment, as a sweep report writes it") from None
        if known_at != report.known_at:
            differs.append(f"known at {_moment(known_at)}, this run {_moment(report.known_at)}")
    if differs:
        raise InputError("the baseline is a sweep of another run: " + "; ".join(differs), file=file,
                         field="baseline", reason="conflict",
                         hint="pass the JSON an earlier sweep of this project on the same valid_at "
                              "and known_at wrote")


def _moment(value: dt.datetime | None) -> str:
    return "everything recorded" if value is None else value.isoformat().replace("+00:00", "Z")


def judge_sweep(
    report: SweepReport, fail_on: FailOn = "escalate", *,
    baseline: Sequence[BaselineFinding] | None = None, baseline_name: str = "",
    baseline_run: Mapping[str, Any] | None = None,
) -> SweepOutcome:
    """The report marked against ``baseline`` (an earlier run's findings, named ``baseline_name``)
    and what fails a pipeline under ``fail_on``: the one place a sweep's gate is decided.
    ``baseline_run`` is what the earlier report says it was a sweep of (its ``project``,
    ``as_of`` and ``known_at``): a baseline of another project, as-of date or recorded-by moment
    is an InputError naming the file and what differs."""
    if fail_on not in ("escalate", "any", "none"):
        raise InputError(f"unknown fail_on {fail_on!r}", field="fail_on", reason="unknown",
                         hint="escalate, any or none")
    if baseline is not None:
        if baseline_run is not None:
            _same_run(report, baseline_run, baseline_name)
        report = against_baseline(report, baseline, baseline_name)
    counts: dict[str, dict[str, int]] = {}
    for finding in report.findings:
        by_resolution = counts.setdefault(finding.kind, dict.fromkeys(_RESOLUTIONS, 0))
        by_resolution[finding.resolution] += 1
    marked = [f.baseline for f in report.findings] if report.baseline is not None else []
    return SweepOutcome(
        report=report, fail_on=fail_on, failing=tuple(f.id for f in failing(report, fail_on)),
        counts=dict(sorted(counts.items())), new=marked.count("new"), changed=marked.count("changed"),
        unchanged=marked.count("unchanged"), gone=len(report.gone), withheld=report.baseline_withheld,
    )
