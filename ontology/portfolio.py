"""A portfolio sweep's results: many projects swept on one date (``inforce sweep-all``), each as
its own ``inforce sweep`` sweeps it, and the summary an owner's nightly run reads."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from .answers import SweepOutcome
from .vocabulary import FailOn

__all__ = ["Portfolio", "PortfolioEntry", "PortfolioError", "PortfolioProject", "PortfolioRun", "PortfolioSummary"]

_MODEL = ConfigDict(frozen=True, extra="forbid")


class PortfolioError(BaseModel):
    """Why a project of a portfolio was not swept: the error's type and message, as ``inforce
    sweep`` of that project alone would say it (``NotIngestedError``, ``InputErrors`` ...)."""

    model_config = _MODEL

    type: str
    message: str


class PortfolioEntry(BaseModel):
    """One project of a portfolio manifest: its name (the ``project:`` of its ``inforce.yaml``,
    which names its report), its folder as the manifest gives it, and where that folder is.
    ``problem``: why its ``inforce.yaml`` could not be read (it is then named by its folder, and
    listed as failed with this error, never swept)."""

    model_config = _MODEL

    name: str
    folder: str
    root: Path
    problem: PortfolioError | None = None


class Portfolio(BaseModel):
    """A portfolio manifest read: its projects in its order (a folder's: by folder name)."""

    model_config = _MODEL

    manifest: str
    projects: tuple[PortfolioEntry, ...]


class PortfolioProject(BaseModel):
    """One project's line of the summary: its findings by kind and resolution and whether they
    fail the gate (``--fail-on``), or the error that stopped its sweep."""

    model_config = _MODEL

    project: str
    folder: str
    findings: int = 0
    #: findings by kind, then by resolution (every resolution, zero or not), as ``SweepOutcome.counts``
    counts: dict[str, dict[str, int]] = {}
    failing: int = 0  # findings at or above ``fail_on``
    fails_gate: bool = False
    error: PortfolioError | None = None


class PortfolioSummary(BaseModel):
    """``summary.json``: every project in the manifest's order, and the totals over those swept."""

    model_config = _MODEL

    as_of: dt.date
    known_at: dt.datetime | None = None
    fail_on: FailOn
    projects: tuple[PortfolioProject, ...]
    swept: int = 0  # projects swept (their reports written)
    errors: int = 0  # projects not swept, each with its error
    failing_gate: int = 0  # projects with a finding at or above ``fail_on``
    findings: int = 0
    counts: dict[str, dict[str, int]] = {}

    @property
    def failed(self) -> bool:
        """Whether the portfolio fails the gate: a project's finding at or above ``fail_on``."""
        return self.failing_gate > 0


class PortfolioRun(BaseModel):
    """A portfolio sweep's result: the summary, and each swept project's judged sweep (None for
    one that failed), in the manifest's order."""

    model_config = _MODEL

    summary: PortfolioSummary
    outcomes: tuple[SweepOutcome | None, ...]
    #: each project's notes on model backends left off (as ``inforce sweep`` prints them)
    notes: tuple[tuple[str, ...], ...] = ()
