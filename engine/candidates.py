"""Candidates for a question: eligibility first, then full text and vectors, fused by rank.

Retrieval only proposes. The eligible, readable, in-force revisions are the restriction
*inside* each search (never a filter over a truncated top-k, DESIGN.md principle 1); the
two rankings are fused by reciprocal rank; every candidate is then collapsed to the
in-force version of its section (a replaced section answers with its replacement).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

__all__ = ["RRF_K", "Reranker"]

#: The constant of reciprocal rank fusion (Cormack et al. 2009): score = sum 1 / (RRF_K + rank).
RRF_K = 60


@runtime_checkable
class Reranker(Protocol):
    """Scores (question, passage) pairs; higher is more relevant. Reorders, never removes."""

    name: str

    def score(self, question: str, passages: Sequence[str]) -> list[float]: ...
