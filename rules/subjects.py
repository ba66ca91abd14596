"""Subject rules: the vocabulary that binds a quantity to what it measures."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from inforce.ontology.units import dimension_of

from .base import RULE_CONFIG, RuleBase

__all__ = ["SubjectRule", "SubjectVocabulary", "Tolerance", "unit_dimension"]

class Tolerance(BaseModel):
    """How far two stated values may differ and still be the same requirement."""

    model_config = RULE_CONFIG

    relative: float | None = Field(default=None, ge=0, lt=1, description="e.g. 0.02 for 2%")
    absolute: str | None = Field(default=None, description="a quantity with its unit, e.g. '1 mm'")

    @model_validator(mode="after")
    def _something(self) -> Tolerance:
        if self.relative is None and self.absolute is None:
            raise ValueError("a tolerance gives `relative`, `absolute`, or both")
        return self


class SubjectRule(RuleBase):
    """A subject (``concrete.compressive_strength``): its words, its unit's dimension, its bound."""

    kind: Literal["subject"]
    subject: str = Field(pattern=r"^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$")
    synonyms: tuple[str, ...] = Field(min_length=1, description="words that name the subject")
    unit: str = Field(
        min_length=1,
        description="a reference unit whose dimension values must have (pint), or 'currency'",
    )
    bound: Literal["exact", "min", "max", "range"] = Field(
        default="exact", description="what a figure states when the text does not say"
    )
    tolerance: Tolerance = Field(default_factory=lambda: Tolerance(relative=0.01))


def unit_dimension(unit: str) -> str:
    """The dimension a unit measures (``psi`` → ``[mass] / [length] / [time] ** 2``); ValueError if unknown.

    Read as the engine reads it (``ontology.units``, one registry and one spelling of each
    dimension), so a unit the engine defines (``psf``, ``working_day``) passes lint, and
    ``currency`` (the rule packs' word for money) is ``[currency]``."""
    dimension = dimension_of(unit)
    if dimension is None:
        raise ValueError(f"pint does not know the unit {unit!r}")
    return dimension


@dataclass(frozen=True)
class SubjectVocabulary:
    """The active subjects, found in text by their synonyms (whole words, any letter case)."""

    subjects: tuple[SubjectRule, ...]

    def __post_init__(self) -> None:
        words: list[tuple[str, SubjectRule]] = [
            (synonym.lower(), rule) for rule in self.subjects for synonym in rule.synonyms
        ]
        words.sort(key=lambda pair: -len(pair[0]))  # the longest synonym wins an overlap
        object.__setattr__(self, "_words", words)
        alternatives = "|".join(_word_pattern(word) for word, _ in words)
        object.__setattr__(
            self, "_finder", re.compile(alternatives, re.IGNORECASE) if alternatives else None
        )

    def get(self, subject: str) -> SubjectRule | None:
        return next((rule for rule in self.subjects if rule.subject == subject), None)

    def find(self, text: str) -> list[tuple[SubjectRule, int, int]]:
        """Each subject named in ``text``, with the character span of the words naming it."""
        if self._finder is None:  # type: ignore[attr-defined]
            return []
        by_word = dict(self._words)  # type: ignore[attr-defined]
        found: list[tuple[SubjectRule, int, int]] = []
        for match in self._finder.finditer(text):  # type: ignore[attr-defined]
            key = re.sub(r"\s+", " ", match.group(0).lower())
            rule = by_word.get(key)
            if rule is not None:
                found.append((rule, match.start(), match.end()))
        return found

    def names(self) -> Iterable[str]:
        return (rule.subject for rule in self.subjects)


def _word_pattern(word: str) -> str:
    body = r"\s+".join(re.escape(part) for part in word.split())
    start = r"\b" if word[:1].isalnum() else ""
    end = r"\b" if word[-1:].isalnum() else ""
    return f"{start}{body}{end}"
