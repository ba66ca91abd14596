"""What a rule-pack change would change (``inforce rules impact``, issue 25): the decisions
that come out differently under the new pack, each with both outcomes and the rule behind it.
The engine computes it (``engine.impact``); the JSON is documented in docs/formats.md."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .context import Context

__all__ = ["IMPACT_SOURCES", "ImpactChange", "ImpactReport", "ImpactSource", "ImpactUnreplayed", "RuleChange",
           "RuleDecision", "RulePlace"]

_MODEL = ConfigDict(frozen=True, extra="forbid")

#: The sources of decisions, in the order a report lists them: eligibility (and calculations)
#: for the cases, the example answers' contexts and the pack's eligibility tests; the pack's
#: other tests; supersession edges and proposals; what ``asof`` answers for the targets whose
#: edges changed; the sweep's decisions (precedence); the stored quantities' subject bindings
#: under a changed vocabulary (subjects).
ImpactSourceName = Literal["eligibility", "tests", "supersession", "asof", "precedence", "subjects"]
IMPACT_SOURCES: tuple[ImpactSourceName, ...] = ("eligibility", "tests", "supersession", "asof", "precedence",
                                                "subjects")


class RulePlace(BaseModel):
    """A rule by id and the clause it is written in: its pack file and line."""

    model_config = _MODEL

    id: str
    file: str
    line: int | None = None

    def __str__(self) -> str:
        return f"{self.id} ({self.file}:{self.line})" if self.line else f"{self.id} ({self.file})"


class RuleChange(BaseModel):
    """One rule of the pack added, removed, modified or moved (same rule, another place in the
    pack's order) by the change; ``place``: where it is written (in the new pack; the old one
    for a rule removed)."""

    model_config = _MODEL

    id: str
    change: Literal["added", "removed", "modified", "moved"]
    kind: str
    place: RulePlace


class ImpactChange(BaseModel):
    """One decision that comes out differently: what was decided (``subject``), where the
    question comes from (``origin``), the outcome under the old pack and the new one (None:
    no such decision on that side: an edge or finding added or removed) and the rules behind it.

    ``withheld``: the documents the decision involves that the asker may not read (access),
    named by id alone; the change is then shown as the sweep shows a withheld document: its
    ``subject`` is those ids, ``before`` and ``after`` are None and ``origin`` is the asker's own
    input (a cases or log line, a date), never a document's file and line."""

    model_config = _MODEL

    source: ImpactSourceName
    origin: str
    subject: str
    change: Literal["changed", "added", "removed"]
    before: str | None
    after: str | None
    rules: tuple[RulePlace, ...] = ()
    withheld: tuple[str, ...] = ()


class ImpactSource(BaseModel):
    """One source of decisions: how many were recomputed and how many changed, of those the asker
    is shown (``withheld``: 0, kept for compatibility — a decision involving a document the asker
    may not read is neither listed nor counted, and the report's ``withheld`` names those documents);
    ``unreplayed``: the questions of this source that are no decision to compare (listed in the
    report's ``unreplayed``); ``note`` says what was not recomputed and why."""

    model_config = _MODEL

    source: ImpactSourceName
    decisions: int
    changed: int
    withheld: int = 0
    unreplayed: int = 0
    note: str = ""


class ImpactUnreplayed(BaseModel):
    """A question that was not compared, and why: a case that is an input error under both
    packs, a logged decision of another project or decided under other packs or rules, a torn
    log line, pack tests that do not run. Counted apart from the decisions, never as unchanged."""

    model_config = _MODEL

    source: ImpactSourceName
    origin: str
    subject: str
    reason: str


class ImpactReport(BaseModel):
    """``inforce rules impact``: the pack replaced, the old and the new file, the dates of
    interest, the rules the change touches, every decision that changes (in the order of
    ``SOURCES``) and every question not compared (``unreplayed``). Every decision is computed
    over the whole project; ``groups`` are the asker's, and a change involving a document they
    may not read is shown withheld (``ImpactChange.withheld``)."""

    model_config = _MODEL

    project: str
    index_build: str
    pack: str
    new: str
    old: str
    valid_at: tuple[dt.date, ...]
    rules_changed: tuple[RuleChange, ...]
    sources: tuple[ImpactSource, ...]
    changes: tuple[ImpactChange, ...]
    unreplayed: tuple[ImpactUnreplayed, ...] = ()
    groups: tuple[str, ...] = ()
    #: the documents the asker may not read, in full or in part (by id; the access gate's alone, as
    #: the sweep's ``summary.withheld``, and the pack tests' corpus's): no decision involving them is
    #: listed or counted in any source, whatever the packs say of them (audit 112a F1)
    withheld: tuple[str, ...] = ()

    @property
    def changed(self) -> bool:
        """Whether any decision comes out differently (``impact`` exits 1)."""
        return bool(self.changes)


class RuleDecision(BaseModel):
    """An eligibility or precedence decision as a decision log keeps it, in the form ``rules
    impact --decisions`` replays: the case (``context``), the outcome and the rules behind it
    (for precedence the two provisions, the winner, the packs and params asked for) — ids, dates
    and attribute values, never a document's text (an RFI draft is not kept). The log's line
    adds when, who, which project and index build (docs/formats.md, "The decision log")."""

    model_config = _MODEL

    endpoint: Literal["eligible", "precedence"]
    context: Context
    outcome: str
    rules: tuple[str, ...] = ()
    a: str | None = None
    b: str | None = None
    winner: str | None = None
    packs: tuple[str, ...] = ()
    params: dict[str, str] = Field(default_factory=dict)

    @classmethod
    def eligibility(cls, context: Context, contract: Mapping[str, Any]) -> RuleDecision:
        """An eligibility decision from its answer (the contract's JSON, ``.contract()``)."""
        rules = [*contract.get("rules_fired", ()), *(c.get("rule") for c in contract.get("calculations", ()))]
        return cls(endpoint="eligible", context=context, outcome=str(contract.get("outcome", "answer")),
                   rules=tuple(dict.fromkeys(str(rule) for rule in rules if rule)))

    @classmethod
    def precedence(cls, a: str, b: str, context: Context, result: Any, *, packs: Sequence[str] = (),
                   params: Mapping[str, str] | None = None) -> RuleDecision:
        """A precedence decision from its answer (a ``PrecedenceResult``, or a ``Refusal``)."""
        resolution = getattr(result, "resolution", None)
        outcome = resolution if isinstance(resolution, str) else f"refusal:{getattr(result, 'reason', 'refused')}"
        rule = getattr(result, "rule", None)
        return cls(endpoint="precedence", context=context, outcome=outcome, rules=(rule,) if rule else (),
                   a=a, b=b, winner=getattr(result, "winner", None), packs=tuple(packs), params=dict(params or {}))

    def fields(self) -> dict[str, Any]:
        """The keys a decision-log line holds for it (``endpoint`` and ``outcome`` included)."""
        return self.model_dump(mode="json", exclude_none=True, exclude_defaults=True) | {
            "endpoint": self.endpoint, "outcome": self.outcome, "context": self.context.model_dump(
                mode="json", exclude_defaults=True)}
