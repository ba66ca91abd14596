"""The entailment port: a model that proposes whether a passage supports a claim.

An entailment model only *proposes*; rules accept or escalate. When no model is configured
the engine runs without one (the low tier: mechanical checks only) and says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

__all__ = ["EntailmentModel", "EntailmentScores"]


@dataclass(frozen=True)
class EntailmentScores:
    """Probabilities (summing to 1) that the premise entails, is neutral to, or contradicts the hypothesis."""

    entailment: float
    neutral: float
    contradiction: float

    @property
    def label(self) -> str:
        scores = {"entailment": self.entailment, "neutral": self.neutral, "contradiction": self.contradiction}
        return max(scores, key=scores.__getitem__)


@runtime_checkable
class EntailmentModel(Protocol):
    """Scores (premise, hypothesis) pairs."""

    name: str

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[EntailmentScores]: ...
