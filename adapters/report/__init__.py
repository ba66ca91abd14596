"""Report writers for a sweep: the contract's JSON, Markdown, one self-contained HTML page,
SARIF 2.1.0 for pipelines, and RFI drafts one file per escalation. They render a
``SweepReport`` and decide nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from inforce.ontology import PortfolioSummary, SweepReport
from inforce.ontology.text import json_text

__all__ = ["FORMATS", "Format", "render", "render_summary"]

Format = Literal["json", "md", "html", "sarif"]
FORMATS: tuple[Format, ...] = ("json", "md", "html", "sarif")


def _json(report: SweepReport) -> str:
    return json_text(report.model_dump_json(indent=2)) + "\n"  # every control character escaped


def _writer(fmt: Format) -> Callable[[SweepReport], str]:
    if fmt == "json":
        return _json
    if fmt == "md":
        from .markdown import render_markdown

        return render_markdown
    if fmt == "html":
        from .html import render_html

        return render_html
    if fmt == "sarif":
        from .sarif import render_sarif

        return render_sarif
    raise ValueError(f"unknown report format {fmt!r}: one of {', '.join(FORMATS)}")


def render(report: SweepReport, fmt: Format) -> str:
    """The report as text in ``fmt``; the same report gives the same text."""
    return _writer(fmt)(report)


def render_summary(summary: PortfolioSummary) -> str:
    """A portfolio sweep's summary as ``summary.json`` holds it (the CLI writes it, the service
    serves it: one text for both)."""
    return json_text(summary.model_dump_json(indent=2)) + "\n"
