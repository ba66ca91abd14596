"""Deciding which of two in-force provisions governs when they disagree — or escalating.

Only a rule that cites the clause establishing it may pick a winner. When no rule decides
(the contract has no order, the clause sends the question to a person, or nothing orders
these documents), the answer is ``escalate`` with a Markdown RFI draft citing both
provisions by section and sheet number (drafted by ``engine.rfi``, the one home of RFIs).
"""

from __future__ import annotations

import datetime as dt
import fnmatch
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

from inforce.ontology import (
    Document,
    InputError,
    Locator,
    NotFoundError,
    Provision,
)
from inforce.ontology.answers import PrecedenceResult, PrecedenceSide
from inforce.rules import PrecedenceRule

from .rfi import RfiProvision, disagreement

if TYPE_CHECKING:
    from .asof import AsOfIndex

__all__ = [
    "ProvisionInForce",
    "ProvisionSource",
    "check_pack_params",
    "parse_scale",
    "provision_in_force",
    "provision_label",
    "require_date",
    "rfi_provision",
    "resolve_precedence",
]

_INCHES = r"(\d+(?:\s+\d+/\d+|\s*-\s*\d+/\d+)?|\d+/\d+|\d*\.\d+)"
_ARCH_SCALE = re.compile(
    rf"^\s*{_INCHES}\s*(?:\"|''|in\.?|inch(?:es)?)\s*=\s*(\d+)\s*(?:'|ft\.?|feet|foot)\s*(?:-?\s*(\d+)\s*(?:\"|in\.?))?\s*$",
    re.IGNORECASE,
)
_ENG_SCALE = re.compile(r"^\s*1\s*(?:\"|in\.?|inch)\s*=\s*(\d+(?:\.\d+)?)\s*(?:'|ft\.?|feet)\s*$", re.IGNORECASE)
_RATIO = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$")
_CSI = re.compile(r"(?<!\d)(\d{2})\s?(\d{2})\s?(\d{2})(?!\d)")


def _inches(text: str) -> Fraction:
    text = text.strip().replace("-", " ")
    total = Fraction(0)
    for part in text.split():
        total += Fraction(part)
    return total


def parse_scale(text: str | None) -> Fraction | None:
    """A drawing scale as a ratio of drawing to reality: ``1/8" = 1'-0"`` → 1/96, ``1:50`` → 1/50.

    None for a scale that is not stated or not to scale (``NTS``, ``AS NOTED``).
    """
    if not text:
        return None
    match = _ARCH_SCALE.match(text)
    if match:
        paper = _inches(match.group(1))
        real = int(match.group(2)) * 12 + int(match.group(3) or 0)
        return paper / real if real and paper else None
    match = _ENG_SCALE.match(text)
    if match:
        return Fraction(1) / (Fraction(match.group(1)) * 12)
    match = _RATIO.match(text)
    if match:
        return Fraction(match.group(1)) / Fraction(match.group(2))
    return None


class ProvisionSource(Protocol):
    """What precedence reads of the store (``engine.store.GraphStore`` provides it)."""

    def provision(self, locator: Locator) -> tuple[Document, Provision]: ...


@dataclass(frozen=True)
class ProvisionInForce:
    """A provision as it stands on the date: its document, and what replaced or amended it."""

    locator: Locator
    document: Document
    provision: Provision | None
    replaced_by: tuple[Locator, ...] = ()
    amended_by: tuple[Locator, ...] = ()
    replaces: tuple[Locator, ...] = ()
    in_force_text: str | None = None
    replacement_labels: tuple[str, ...] = ()
    replaced_labels: tuple[str, ...] = ()  # how the sections it replaced are named
    #: for a provision amended in part: (label, words) of each amender in force, since its own
    #: words are those before the change ('Revise "3,000 psi" to read "4,000 psi"')
    amender_words: tuple[tuple[str, str], ...] = ()


def provision_in_force(
    source: ProvisionSource,
    index: AsOfIndex,
    locator: Locator,
    valid_at: dt.date,
    known_at: dt.datetime | None = None,
) -> ProvisionInForce:
    """A provision as of ``valid_at`` (known by ``known_at``), as the as-of index answers it.

    A specification paragraph replaced by an addendum item is still "the specification, as
    amended by the addendum": it keeps its place in an order of precedence, with the
    addendum's text. A provision with nothing in force on the date cannot govern anything:
    NotFoundError, saying why — a superseded one whose replacements are all out of force (the
    addendum lapsed) included: the replaced text does not come back, and nothing replaces it.
    """
    answer = index.answer(locator, valid_at, known_at)
    superseded = answer.reason == "superseded"
    if not answer.in_force and (not superseded or not answer.successors):
        raise NotFoundError(
            f"{locator} is not in force on {valid_at.isoformat()}: {answer.detail}",
            hint=f"the as-of answer for {locator} on {valid_at.isoformat()} says why",
        )
    version = next(step.locator for step in answer.chain if step.kind == "version")
    document, provision = source.provision(version)
    replaced_by = answer.successors if superseded else ()
    me = locator.unpinned().format()
    replaces = tuple(
        edge.target for edge in index.supersession.edges
        if edge.by is not None and edge.successor and edge.by.unpinned().format() == me and edge.effective <= valid_at
    )
    labels = []
    amender_words = []
    for successor in (*replaced_by, *answer.amended_by):
        pinned = index.version(successor.doc, successor.path, valid_at, known_at) if successor.rev is None else str(successor)
        try:
            if pinned is None or successor.path is None:
                raise NotFoundError(str(successor))
            successor_document, successor_provision = source.provision(Locator.parse(pinned))
        except NotFoundError:
            labels.append(successor.format())
            continue
        labels.append(provision_label(successor_document, successor_provision))
        if successor in answer.amended_by and successor_provision is not None and successor_provision.text:
            amender_words.append((labels[-1], successor_provision.text))
    replaced_labels = []
    for target in replaces:
        try:
            then = index.answer(target, valid_at, known_at, with_text=False)
            pinned = next(step.locator for step in then.chain if step.kind == "version")
            replaced_labels.append(provision_label(*source.provision(pinned)))
        except (NotFoundError, StopIteration):
            replaced_labels.append(target.format())
    return ProvisionInForce(
        locator, document, provision, tuple(replaced_by), tuple(answer.amended_by), replaces,
        answer.text, tuple(labels), tuple(replaced_labels), tuple(amender_words),
    )


def require_date(valid_at: dt.date | None) -> dt.date:
    """The date a precedence question (or a sweep) reads the documents as of: it must be given,
    since inforce never assumes today."""
    if valid_at is None:
        raise InputError("the date the documents are read as of", field="valid_at", reason="required",
                         hint="give it as YYYY-MM-DD (today is never assumed)")
    return valid_at


def check_pack_params(packs: Sequence[str], params: Mapping[str, str] | None) -> None:
    """Parameters are for the packs a question names instead of the project's: given without
    any, they would set nothing (the manifest's packs take theirs from inforce.yaml)."""
    if params and not packs:
        raise InputError("parameters are for the precedence packs named instead of the project's, and "
                         "none is named", field="params",
                         hint="name a pack, or edit the params of the project's packs in inforce.yaml")


def csi_number(document: Document) -> str | None:
    """``03 30 00`` from a specification's title or id, when it carries a CSI section number."""
    for text in (document.title, document.id):
        match = _CSI.search(text or "")
        if match:
            return " ".join(match.groups())
    return None


def _one_line(text: str) -> str:
    """A title as the RFI draft writes it: one line (a title with line breaks cannot start a
    heading of its own in the draft: document text is data)."""
    return " ".join(text.split())


def provision_label(document: Document, provision: Provision | None) -> str:
    """How an RFI names a provision: ``Section 03 30 00 §2.1.A``, ``Sheet S-101 callout-3 (detail 3/S-501)``."""
    path = provision.path if provision is not None else None
    if document.kind == "drawing":
        label = f"Sheet {_one_line(document.sheet or '') or document.id}"
        if path:
            label += f" {path}"
        detail = getattr(provision, "detail", None)
        return label + (f" (detail {detail})" if detail else "")
    number = csi_number(document) if document.kind == "specification" else None
    name = f"Section {number}" if number else (_one_line(document.title) or document.id)
    return f"{name} §{path}" if path else name


def _level(rule: PrecedenceRule, document: Document) -> int | None:
    for index, level in enumerate(rule.levels):
        if document.kind in level.kinds or any(fnmatch.fnmatchcase(document.id, g) for g in level.documents):
            return index
    return None


def _scale_of(side: ProvisionInForce) -> str | None:
    return getattr(side.provision, "scale", None) or side.document.scale


def _issued(side: ProvisionInForce) -> dt.date:
    return side.document.issued or side.document.effective.from_


def _tie_break(rule: PrecedenceRule, a: ProvisionInForce, b: ProvisionInForce) -> tuple[int, str] | None:
    """(0 for a, 1 for b, why) from the first tie-breaker that tells them apart."""
    for breaker in rule.tie_breakers:
        if breaker == "larger_scale":
            scale_a, scale_b = parse_scale(_scale_of(a)), parse_scale(_scale_of(b))
            if scale_a is not None and scale_b is not None and scale_a != scale_b:
                winner = 0 if scale_a > scale_b else 1
                return winner, f"the larger scale ({_scale_of((a, b)[winner])}) governs the smaller"
        elif breaker == "latest_issued" and _issued(a) != _issued(b):
            winner = 0 if _issued(a) > _issued(b) else 1
            return winner, f"the later issued document ({_issued((a, b)[winner]).isoformat()}) governs"
    return None


def _side(item: ProvisionInForce, rule: PrecedenceRule | None) -> PrecedenceSide:
    level = _level(rule, item.document) if rule is not None and rule.order == "ranked" else None
    return PrecedenceSide(
        locator=item.locator.format(), label=_full_label(item), kind=item.document.kind,
        level=rule.levels[level].name if rule is not None and level is not None else None,
        issued=item.document.issued, scale=_scale_of(item),
        as_amended_by=tuple(x.format() for x in item.replaced_by + item.amended_by),
    )


def _full_label(item: ProvisionInForce) -> str:
    """"Section 03 30 00 §2.1.A as amended by Addendum No. 2 §1.3", whichever of the two was asked."""
    label = provision_label(item.document, item.provision)
    if item.replaced_labels and not item.replacement_labels:
        return " and ".join(item.replaced_labels) + " as amended by " + label
    if item.replacement_labels:
        label += " as amended by " + " and ".join(item.replacement_labels)
    return label


def resolve_precedence(
    a: ProvisionInForce, b: ProvisionInForce, rules: Sequence[PrecedenceRule], *, valid_at: dt.date,
    project: str = "",
) -> PrecedenceResult:
    """Which provision governs under the first rule that orders both, or an escalation.

    A rule with ``order: none`` escalates at once; a ranked rule decides by level, then by
    its tie-breakers, and escalates under its own clause when they do not decide; a pair no
    rule orders is escalated with the statement that the contract has no order for it.
    """
    for rule in rules:
        if rule.status == "removed":
            continue
        if rule.order == "none":
            statement = f"The contract states no order of precedence (rule {rule.id}, source: {rule.source}); inforce does not choose between them."
            return _escalate(a, b, rule, None, statement, valid_at, project)
        level_a, level_b = _level(rule, a.document), _level(rule, b.document)
        if level_a is None or level_b is None:
            continue
        sides = (_side(a, rule), _side(b, rule))
        if level_a != level_b:
            winner = a if level_a < level_b else b
            why = (f"{rule.levels[min(level_a, level_b)].name} govern {rule.levels[max(level_a, level_b)].name} "
                   f"under {rule.source} ({rule.id})")
            return PrecedenceResult(
                resolution="resolved_by_precedence", winner=winner.locator.format(), rule=rule.id,
                clause=rule.source, explanation=f"{_full_label(winner)} governs: {why}.", provisions=sides,
            )
        broken = _tie_break(rule, a, b)
        if broken is not None:
            winner = (a, b)[broken[0]]
            return PrecedenceResult(
                resolution="resolved_by_precedence", winner=winner.locator.format(), rule=rule.id,
                clause=rule.source, provisions=sides,
                explanation=f"{_full_label(winner)} governs: both are {rule.levels[level_a].name}; {broken[1]} under {rule.source} ({rule.id}).",
            )
        statement = (f"Both provisions are {rule.levels[level_a].name} under {rule.source} (rule {rule.id}), "
                     "which does not order them against each other.")
        if rule.escalation:
            statement += f" The clause provides: {rule.escalation.strip()}"
        return _escalate(a, b, rule, rule.source, statement, valid_at, project)
    statement = (f"No precedence rule of this project orders {_a(a.document.kind)} against {_a(b.document.kind)}; "
                 "the contract states no order for these documents, so inforce does not choose between them.")
    return _escalate(a, b, None, None, statement, valid_at, project)


def _a(kind: str) -> str:
    """"an addendum", "a drawing"."""
    words = kind.replace("_", " ")
    return f"an {words}" if words[:1] in "aeiou" else f"a {words}"


def _escalate(
    a: ProvisionInForce, b: ProvisionInForce, rule: PrecedenceRule | None, clause: str | None,
    statement: str, valid_at: dt.date, project: str,
) -> PrecedenceResult:
    return PrecedenceResult(
        resolution="escalate", rule=rule.id if rule is not None else None, clause=clause,
        rfi=disagreement(rfi_provision(a), rfi_provision(b), statement=statement, valid_at=valid_at, project=project),
        explanation=statement, provisions=(_side(a, rule), _side(b, rule)),
    )


def rfi_provision(side: ProvisionInForce) -> RfiProvision:
    """A side of a disagreement as an RFI draft names and quotes it (``engine.rfi``)."""
    text = side.in_force_text
    if side.amender_words:  # its words are those before the change: the change is quoted too
        text = "\n\n".join([text or "", *(f"{label}: {words}" for label, words in side.amender_words)]).strip()
    return RfiProvision(label=_full_label(side), locator=side.locator, text=text, description=_describe(side))


def _describe(side: ProvisionInForce) -> tuple[str, ...]:
    """What an RFI says of a side's document: kind, title, sheet, scale, issue date."""
    document = side.document
    parts: list[str] = [document.kind.replace("_", " ")]
    if document.title:
        parts.append(f'"{document.title}"')
    if document.kind == "drawing" and document.sheet:
        parts.append(f"sheet {document.sheet}")
    scale = _scale_of(side)
    if scale:
        parts.append(f"scale {scale}")
    parts.append(f"issued {_issued(side).isoformat()}")
    return tuple(parts)
