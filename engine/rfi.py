"""Requests for information: the one place the engine drafts them.

An RFI is the Markdown a person receives when the rules cannot decide: two provisions in force
disagree and nothing orders them (precedence, the sweep, a checked answer citing both), the
order rests on a document the asker may not read, a reference names a provision that does not
exist, a model proposes that an answer contradicts its source, or an addendum item's change is
only proposed and waits for a reviewer. Every draft has the same frame — a heading saying what
is asked about, the project and the date the documents are read as of, the evidence, and the
question — and quotes document text only through the one Markdown
escaper (``ontology.text``): a clause that reads ``<script>`` or ``# heading`` shows as those
characters. Callers hand over what the draft names (labels, locators, words in force); nothing
here reads the graph.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from inforce.ontology import EntailmentCheck, Locator
from inforce.ontology.text import markdown_inline as inline
from inforce.ontology.text import markdown_quoted as quoted

__all__ = [
    "CitedClaim",
    "RfiProvision",
    "broken_reference",
    "broken_references",
    "contradicted_answer",
    "disagreement",
    "entailment_unverified",
    "many_values",
    "unapplied_item",
    "withheld",
]


@dataclass(frozen=True)
class RfiProvision:
    """A provision as a draft names it: its label (``Section 03 30 00 §2.1.A``), locator, its
    words in force, and what describes its document (kind, title, sheet, scale, issue date)."""

    label: str
    locator: Locator
    text: str | None = None
    description: tuple[str, ...] = ()


@dataclass(frozen=True)
class CitedClaim:
    """A claim of a checked answer as a draft shows it: its words, each cited version with its
    words, and what the entailment model proposed (when it ran)."""

    text: str
    cited: tuple[tuple[Locator, str], ...] = ()
    entailment: EntailmentCheck | None = None


def _frame(heading: str, project: str, valid_at: dt.date) -> list[str]:
    """The heading (already escaped), the project and the date: how every draft starts."""
    lines = [f"# {heading}", ""]
    if project:
        lines.append(f"Project: {inline(project)}  ")
    return [*lines, f"Documents in force on: {valid_at.isoformat()}", ""]


def _finish(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def disagreement(a: RfiProvision, b: RfiProvision, *, statement: str, valid_at: dt.date, project: str = "") -> str:
    """Two provisions in force disagree and no rule decides: both quoted, the order of
    precedence as it stands (``statement``, the engine's own words), and which governs."""
    label_a, label_b = inline(a.label), inline(b.label)
    lines = _frame(f"Request for information: {label_a} and {label_b} disagree", project, valid_at)
    lines += ["## Provisions", ""]
    for number, side in enumerate((a, b), 1):
        described = ", ".join(inline(part) for part in side.description)
        lines.append(f"{number}. **{inline(side.label)}** — `{side.locator.format()}`" + (f", {described}" if described else ""))
        lines.append("")
        lines += [f"   {line}" for line in quoted(side.text or "(no text)")]
        lines.append("")
    # the engine's words carry the rules' own (a clause's source, a level's name, a pack's parameter
    # from the manifest or a request): escaped as every other text of the draft (audit 75 A F1)
    lines += ["## Order of precedence", "", inline(statement), "", "## Question", "",
              f"Which requirement governs: {label_a} or {label_b}? Please state the requirement to be "
              "followed and confirm it in writing (by addendum, change order or written interpretation) "
              "before the affected work proceeds."]
    return _finish(lines)


#: How many provisions a draft of many values names under each value (the rest counted).
NAMED_PER_VALUE = 3


def many_values(
    subject: str, values: Sequence[tuple[str, Sequence[RfiProvision]]], *, valid_at: dt.date, project: str = "",
) -> str:
    """More provisions than a person can weigh pair by pair state one subject in many different
    ways: each distinct value (as first written, lowest first) with how many provisions state it
    and the first few of them by label and locator; nothing quoted but the values."""
    shown = inline(subject)
    total = sum(len(sides) for _, sides in values)
    lines = _frame(f"Request for information: {total:,} provisions state {len(values):,} different values of {shown}",
                   project, valid_at)
    lines += ["## Values stated", "",
              "| Value | Provisions | Stated in |", "|---|---:|---|"]
    for value, sides in values:
        named = ", ".join(f"{inline(side.label)} (`{side.locator.format()}`)" for side in sides[:NAMED_PER_VALUE])
        if len(sides) > NAMED_PER_VALUE:
            named += f" and {len(sides) - NAMED_PER_VALUE:,} more"
        lines.append(f"| {inline(value)} | {len(sides):,} | {named} |")  # inline escapes a | too
    lines += ["", "## Order of precedence", "",
              "Too many values disagree for the order of precedence to be weighed pair by pair; "
              "the report lists every provision with the value it states.", "",
              "## Question", "",
              f"Which value of {shown} governs, and where does each other value apply, if anywhere? "
              "Please state the requirement to be followed and confirm it in writing (by addendum, change "
              "order or written interpretation) before the affected work proceeds."]
    return _finish(lines)


def withheld(a: Locator, b: Locator, hidden: Sequence[str], *, valid_at: dt.date, project: str) -> str:
    """Which of two provisions governs rests on documents the asker may not read: both named by
    locator only, the hidden documents by their ids (``AccessRestrictedError.hidden_documents``;
    nothing of them is quoted). ``hidden`` empty is a caller's error: the draft would name none."""
    if not hidden:
        raise ValueError("rfi.withheld: name the documents the asker may not read (hidden_documents)")
    rests_on = inline(", ".join(hidden))
    lines = _frame(f"Request for information: {a.format()} and {b.format()} disagree", project, valid_at)
    lines += [f"Which of them governs rests on {rests_on}, which the asker may not read (access).", "",
              "## Question", "", f"Which requirement governs? Please ask someone who may read {rests_on}."]
    return _finish(lines)


def broken_reference(
    source: RfiProvision, *, document: str, target: str, words: str, rule: str, valid_at: dt.date, project: str,
) -> str:
    """A provision's words name a provision (``target``) that its document does not have."""
    shown, ref, named = inline(source.label), inline(target), inline(document)
    lines = _frame(f"Request for information: {shown} refers to {ref}, which does not exist", project, valid_at)
    lines += ["## Provision", "", f"**{shown}** — `{source.locator.unpinned().format()}`", "",
              *quoted(source.text or ""), "",
              "## Reference", "",
              f"The words \u201c{inline(words)}\u201d name {ref}; {named} has no provision {ref} "
              f"(qualifier rule {inline(rule)}).", "",
              "## Question", "",
              f"Which provision does {shown} mean? Please correct the reference by addendum or written "
              "interpretation before the affected work proceeds."]
    return _finish(lines)


def broken_references(
    source: RfiProvision, references: Sequence[tuple[str, str, str]], *, document: str, valid_at: dt.date,
    project: str,
) -> str:
    """One provision's words name many provisions (``references``: target, words, rule) that its
    document does not have: the provision quoted once, then each reference on a line."""
    shown, named = inline(source.label), inline(document)
    lines = _frame(f"Request for information: {shown} refers to {len(references):,} provisions that do not exist",
                   project, valid_at)
    lines += ["## Provision", "", f"**{shown}** — `{source.locator.unpinned().format()}`", "",
              *quoted(source.text or ""), "", "## References", "",
              f"{named} has none of these provisions:", ""]
    lines += [f"{number}. {inline(target)}: \u201c{inline(words)}\u201d (qualifier rule {inline(rule)})"
              for number, (target, words, rule) in enumerate(references, 1)]
    lines += ["", "## Question", "",
              f"Which provisions does {shown} mean? Please correct the references by addendum or written "
              "interpretation before the affected work proceeds."]
    return _finish(lines)


def contradicted_answer(claims: Sequence[CitedClaim], *, valid_at: dt.date, project: str) -> str:
    """A model proposes that a checked answer's claims contradict the text they cite."""
    lines = _frame("Request for information: an answer contradicted by its source", project, valid_at)
    for number, claim in enumerate(claims, 1):
        lines += [f"## Claim {number}", "", *quoted(claim.text), ""]
        for locator, text in claim.cited:
            lines += [f"Cited: `{locator.format()}`", "", *quoted(text), ""]
        if claim.entailment is not None:
            e = claim.entailment
            lines += [f"The entailment model {inline(e.model)} proposes a contradiction (p={e.contradiction:.2f}, "
                      f"threshold {e.threshold:.2f}). A model only proposes; no rule settles it.", ""]
    lines += ["## Question", "",
              "Is the claim as stated supported by the cited provisions in force on this date? If not, "
              "please state the correct requirement, citing the provision that establishes it."]
    return _finish(lines)


def entailment_unverified(claims: Sequence[CitedClaim], *, valid_at: dt.date, project: str) -> str:
    """The high tier passed every mechanical check, and no model could confirm entailment."""
    lines = _frame("Request for review: entailment not verified", project, valid_at)
    lines += ["The high tier asks a model to confirm that the cited text entails each claim, and no "
              "NLI model is configured (`models: nli:` in inforce.yaml). Every mechanical check passed "
              "(locators, quotes, quantities, freshness, eligibility, qualifiers).", "", "## Claims", ""]
    for number, claim in enumerate(claims, 1):
        cited = ", ".join(f"`{locator.format()}`" for locator, _ in claim.cited)
        lines.append(f"{number}. {inline(claim.text)} — cites {cited or 'nothing'}")
    lines += ["", "## Question", "", "Does the cited text support each claim as stated?"]
    return _finish(lines)


def unapplied_item(
    item: RfiProvision, target: RfiProvision, *, change: str, where: str, evidence: str, valid_at: dt.date,
    project: str,
) -> str:
    """An addendum item would change a provision, but only a proposal says so: no rule applied
    it and nobody has accepted or rejected it; answers read the target as if it did not exist."""
    shown, named = inline(item.label), inline(target.label)
    lines = _frame(f"Request for review: {shown} would {inline(change)} {named}, but is not applied", project,
                   valid_at)
    lines += ["## Addendum item", "", f"**{shown}** — `{item.locator.unpinned().format()}`, {inline(where)}", "",
              *quoted(item.text or ""), "",
              "## What it would change", "", f"**{named}** — `{target.locator.unpinned().format()}`", "",
              *quoted(target.text or ""), "",
              "## Why it is only proposed", "", inline(evidence), "",
              "## Question", "",
              f"Does {shown} {inline(change)} {named}? Until a reviewer accepts or rejects it in the project's "
              "reviews.yaml (`inforce review`), answers read the provision as the item had not been issued."]
    return _finish(lines)
