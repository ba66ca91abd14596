"""Precedence rules: which of two in-force documents governs when they disagree."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from inforce.ontology.scalars import YamlModel

from .base import RULE_CONFIG, RuleBase

__all__ = ["PrecedenceLevel", "PrecedenceRule", "TieBreaker"]

#: ``larger_scale``: within a level, a drawing (or detail) drawn at a larger scale governs one
#: drawn smaller; ``latest_issued``: within a level, the later issued document governs.
TieBreaker = Literal["larger_scale", "latest_issued"]


class PrecedenceLevel(YamlModel):
    """One rung of an order of precedence: the document kinds (or ids) that share it."""

    model_config = RULE_CONFIG

    name: str = Field(min_length=1)
    kinds: tuple[str, ...] = Field(default=(), description="document kinds on this level")
    documents: tuple[str, ...] = Field(
        default=(), description="document ids (shell patterns such as OFI-*) on this level"
    )
    description: str = ""


class PrecedenceRule(RuleBase):
    """An order of precedence, or the statement that the contract has none.

    ``order: ranked`` lists levels from the most to the least authoritative; a pair on
    different levels is decided by the level, a pair on one level by the tie-breakers in
    turn, and a pair nothing decides is escalated under this rule's clause. A pair with a
    document on no level is left to the next rule. ``order: none`` escalates every conflict.
    """

    kind: Literal["precedence"]
    order: Literal["ranked", "none"] = "ranked"
    levels: tuple[PrecedenceLevel, ...] = ()
    tie_breakers: tuple[TieBreaker, ...] = ()
    escalation: str | None = Field(
        default=None,
        description="what the clause says to do when it does not decide (quoted in the RFI draft)",
    )
