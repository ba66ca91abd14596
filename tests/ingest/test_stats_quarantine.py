"""``stats`` counts what ingest indexed and what it held back: table rows and quarantined tables."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inforce.adapters.cli import app

from .test_pdf_tables import SIDECAR, _ingest, _label, _over_a_page_break, _project, runner

pytestmark = pytest.mark.slow


def _stats(root: Path) -> dict:
    result = runner.invoke(app, ["stats", str(root), "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_stats_counts_a_quarantined_table_and_none_of_its_rows(tmp_path: Path) -> None:
    root = _project(tmp_path)
    _over_a_page_break(root / "documents" / "label.pdf", second_page_ruled=False)
    (root / "documents" / "label.pdf.yaml").write_text(SIDECAR)
    assert _ingest(root).exit_code == 0
    stats = _stats(root)
    assert stats["quarantined_tables"] == 1 and stats["table_rows"] == 0


def test_stats_counts_a_clean_tables_rows(tmp_path: Path) -> None:
    root = _project(tmp_path)
    _label(root / "documents" / "label.pdf")
    (root / "documents" / "label.pdf.yaml").write_text(SIDECAR)
    assert _ingest(root).exit_code == 0
    stats = _stats(root)
    assert stats["quarantined_tables"] == 0 and stats["table_rows"] > 0
