"""A sweep report as SARIF 2.1.0, for pipelines and code-review tools that track findings.

One run, one rule per finding kind that occurs, one result per finding and one per finding
of the baseline that is gone (``baselineState: "absent"``, SARIF's idiom for it).

Findings point at provisions of the document graph, not at lines of files, so results carry
**logical** locations only: ``name`` and ``fullyQualifiedName`` are the provision's locator
(``ADD-02#1.3``), ``kind`` is ``"element"``. Of SARIF's standard kinds, ``element`` (a node of
a structured document's tree, used for XML/HTML) is the nearest to a section, table row or
callout of a contract document; ``module``/``namespace``/``member`` name units of program
code and would tell a viewer the wrong thing. Tools that need a ``physicalLocation`` (GitHub
code scanning does) cannot place these results on a file: the ``Finding`` does not hold the
source file's path, and a guessed one would be wrong.

The first provision is the result's location; the others are ``relatedLocations``. SARIF
keeps several ``locations`` for a problem that must be fixed at *each* of them, and a
conflict is settled by changing either side, so the second side is related, not co-located.

Document text is data: it passes through as JSON text unchanged. Only in the bytes of the
file are control and bidirectional characters written as ``\\u202e`` escapes (the one list
every writer escapes, ``ontology.text``), so that an editor showing the SARIF file cannot be
made to display it reordered; parsed, the text is the same.
"""

from __future__ import annotations

import importlib.metadata
import json
from collections.abc import Iterable
from typing import Any, get_args

from inforce.ontology import Finding, FindingKind, GoneFinding, SweepReport
from inforce.ontology.text import json_text, sarif_message

__all__ = ["SARIF_SCHEMA", "render_sarif"]

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"

#: The fingerprint review tools match results across runs by; versioned, as SARIF asks.
FINGERPRINT = "inforceFindingId/v1"

# Resolved findings are kept in the log at "note": the rules settled them (a precedence
# clause or a supersession decides which provision governs), so nobody has to act, but a
# reviewer can still see what was settled and by which rule. Only escalations are errors.
_LEVEL = {
    "escalate": "error",
    "resolved_by_precedence": "note",
    "resolved_by_supersession": "note",
}

# (name, short description, full description) for each finding kind; a test checks that
# every kind of the vocabulary has one.
_RULES: dict[str, tuple[str, str, str]] = {
    "quantity_conflict": (
        "QuantityConflict",
        "Two provisions in force state different quantities for one subject.",
        "Two provisions in force on the as-of date state a quantity for the same subject "
        "(a concrete strength, a cover, a spacing) and the values differ by more than the "
        "tolerance. Unless an order of precedence or a supersession decides which governs, "
        "the question goes to the design team as a request for information.",
    ),
    "contradiction": (
        "Contradiction",
        "Two provisions in force contradict each other.",
        "Two provisions in force on the as-of date require things that cannot both be done. "
        "Unless an order of precedence or a supersession decides which governs, the question "
        "goes to the design team as a request for information.",
    ),
    "superseded_reference": (
        "SupersededReference",
        "A provision refers to a provision that has been superseded.",
        "A provision in force refers to another provision by number, and that provision was "
        "replaced by a later document (an addendum, a bulletin). The reference may mean the "
        "replacement or the words it replaced.",
    ),
    "broken_reference": (
        "BrokenReference",
        "A provision refers to a provision that does not exist.",
        "A provision in force refers to another provision by number, and no provision with "
        "that number is in force on the as-of date.",
    ),
    "table_mismatch": (
        "TableMismatch",
        "A table row disagrees with a provision in force.",
        "A row of a schedule or table states a value for a subject that a provision in force "
        "states differently.",
    ),
    "unapplied_item": (
        "UnappliedAddendumItem",
        "An addendum item would change a provision, but nobody has reviewed it.",
        "An item of an addendum names a provision it would change, yet no rule of the pack read "
        "it with certainty, so the change was only proposed. Until a reviewer accepts it (then "
        "the next ingest applies it) or rejects it in reviews.yaml, answers read the provision "
        "as if the item did not exist.",
    ),
}

def _tool_version() -> str:
    try:
        return importlib.metadata.version("inforce")
    except importlib.metadata.PackageNotFoundError:
        return "0"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _rule(kind: str) -> dict[str, Any]:
    name, short, full = _RULES[kind]
    return {
        "id": kind,
        "name": name,
        "shortDescription": sarif_message(short),
        "fullDescription": sarif_message(full),
        # an unresolved finding of any kind is an escalation; each result states its own level
        "defaultConfiguration": {"level": "error"},
    }


def _rules(kinds: Iterable[str]) -> list[dict[str, Any]]:
    present = set(kinds)
    # the vocabulary's order, so the rule indexes do not depend on which finding came first
    return [_rule(kind) for kind in get_args(FindingKind) if kind in present]


def _logical(locator: str) -> dict[str, Any]:
    return {"logicalLocations": [{"name": locator, "fullyQualifiedName": locator, "kind": "element"}]}


def _compact(values: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in values.items() if value is not None and value != ()}


def _location(finding: Finding, index: int) -> dict[str, Any]:
    side = finding.provisions[index]
    locator = str(side.locator)
    location: dict[str, Any] = {"id": index, **_logical(locator)}
    location["message"] = sarif_message(_one_line(side.label or locator))
    location["properties"] = _compact({
        "label": side.label,
        "text": side.text,
        "quantity": side.quantity,
        "condition": list(side.condition) if side.condition else None,
        "replaces": str(side.replaces) if side.replaces else None,
        "resolved": str(side.resolved) if side.resolved else None,
        "provisionKind": side.kind,
    })
    return location


def _label(finding: Finding, index: int) -> str:
    side = finding.provisions[index]
    return _one_line(side.label or str(side.locator))


#: Provisions a result's message names (a grouped finding holds hundreds: all are its locations).
NAMED = 3


def _message(finding: Finding) -> str:
    labels = [_label(finding, i) for i in range(len(finding.provisions))]
    if not labels:
        head = finding.kind.replace("_", " ")
    elif finding.kind == "broken_reference":
        head = f"{labels[0]} refers to a provision that does not exist"
    elif finding.kind == "unapplied_item" and len(labels) > 1:
        head = f"{labels[0]} would change {labels[1]}, but is not applied"
    elif finding.kind == "superseded_reference" and len(labels) > 1:
        head = f"{labels[0]} refers to a superseded provision, now {labels[1]}"
    elif len(labels) == 1:
        head = f"{finding.kind.replace('_', ' ')} in {labels[0]}"
    else:
        both = ", ".join(labels[:-1]) + f" and {labels[-1]}"
        if len(labels) > NAMED:  # a grouped finding: every provision is a related location
            both = ", ".join(labels[:NAMED]) + f" and {len(labels) - NAMED:,} more provisions"
        verb = {"quantity_conflict": "state different quantities", "contradiction": "contradict each other"}
        head = f"{both} {verb.get(finding.kind, 'disagree')}"
    if finding.resolution == "escalate":
        outcome = "escalated"
    else:
        how = finding.resolution.removeprefix("resolved_by_")
        under = ", ".join(part for part in (finding.rule, finding.clause) if part)
        outcome = f"resolved by {how}" + (f" ({under})" if under else "")
        if finding.winner is not None:
            outcome += f"; {finding.winner} governs"
    text = f"{head} — {outcome}"
    if finding.explanation:
        text += f": {_one_line(finding.explanation)}"
    return text


def _result(finding: Finding, rule_index: dict[str, int]) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": finding.kind,
        "ruleIndex": rule_index[finding.kind],
        "level": _LEVEL[finding.resolution],
        "message": sarif_message(_message(finding)),
    }
    if finding.provisions:
        result["locations"] = [_location(finding, 0)]
    if len(finding.provisions) > 1:
        result["relatedLocations"] = [_location(finding, i) for i in range(1, len(finding.provisions))]
    result["partialFingerprints"] = {FINGERPRINT: finding.id}
    if finding.baseline is not None:
        # "new" and "unchanged" are SARIF's words too; a finding resolved otherwise is "updated"
        result["baselineState"] = "updated" if finding.baseline == "changed" else finding.baseline
    result["properties"] = _compact({
        "findingId": finding.id,
        "subject": finding.subject,
        "scope": finding.scope,
        "resolution": finding.resolution,
        "rule": finding.rule,
        "clause": finding.clause,
        "winner": str(finding.winner) if finding.winner else None,
        "sources": list(finding.sources),
        "explanation": finding.explanation or None,
        "rfi": finding.rfi,
    })
    return result


def _gone_result(gone: GoneFinding, rule_index: dict[str, int]) -> dict[str, Any]:
    where = ", ".join(gone.locators) or "no provision"
    result: dict[str, Any] = {
        "ruleId": gone.kind,
        "ruleIndex": rule_index[gone.kind],
        # the finding is no longer reported: nothing to act on, kept so a viewer closes it
        "level": "none",
        "message": sarif_message(f"{gone.kind.replace('_', ' ')} {gone.id} of the baseline is no longer reported ({_one_line(where)})"),
    }
    if gone.locators:
        result["locations"] = [_logical(gone.locators[0])]
    if len(gone.locators) > 1:
        result["relatedLocations"] = [{"id": i, **_logical(loc)} for i, loc in enumerate(gone.locators) if i]
    result["partialFingerprints"] = {FINGERPRINT: gone.id}
    result["baselineState"] = "absent"
    result["properties"] = {"findingId": gone.id}
    return result


def _run_properties(report: SweepReport) -> dict[str, Any]:
    summary = report.summary
    return _compact({
        "asOf": report.as_of.isoformat(),
        "knownAt": report.known_at.isoformat() if report.known_at else None,
        "project": report.project,
        "indexBuild": report.index_build,
        "packs": list(report.packs),
        "baseline": report.baseline,
        # findings of the baseline not compared (access: SweepReport.baseline_withheld)
        "baselineWithheld": report.baseline_withheld or None,
        "summary": summary.model_dump(mode="json"),
    })


def render_sarif(report: SweepReport) -> str:
    """The report as one SARIF 2.1.0 log; the same report gives the same text."""
    rules = _rules([f.kind for f in report.findings] + [g.kind for g in report.gone])
    rule_index = {rule["id"]: i for i, rule in enumerate(rules)}
    results = [_result(f, rule_index) for f in report.findings]
    results += [_gone_result(g, rule_index) for g in report.gone]
    run: dict[str, Any] = {
        "tool": {"driver": {"name": "inforce", "version": _tool_version(), "rules": rules}},
        "automationDetails": {
            "description": sarif_message(
                f"inforce sweep of {report.project or 'the project'}, documents in force on {report.as_of.isoformat()}"),
        },
        "results": results,
        "properties": _run_properties(report),
    }
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}
    return json_text(json.dumps(log, indent=2, ensure_ascii=False)) + "\n"
