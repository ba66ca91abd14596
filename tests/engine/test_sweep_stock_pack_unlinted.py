"""A sweep of a project whose addenda declare their edges (no supersession pack in the manifest)
reads the amending words with the stock addenda pack's verbs — and does not lint that pack again:
a stock pack ships linted (``tests/rules/test_rules_lint.py`` lints every one), and linting it
cost each sweep about two seconds of regular-expression checks (a portfolio pays it per project)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.rules import loader

from bench_scripts import load

generate_planted = load("generate_project").generate_planted


def test_a_sweep_reads_the_stock_addenda_verbs_without_linting_them(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "campus"
    generate_planted(root, 10)
    listed = [line for line in (root / "inforce.yaml").read_text(encoding="utf-8").splitlines() if "stock:" in line]
    assert listed and not [line for line in listed if "supersession/" in line]
    Project.ingest(root)
    linted: list[str] = []

    def recording(source, *args, **kwargs):  # type: ignore[no-untyped-def]
        linted.append(source.name)
        return []

    loader._read_cached.cache_clear()  # a pack read (and linted) earlier in this process is read again
    monkeypatch.setattr(loader, "lint_pack", recording)
    report = Project.open(root).sweep(dt.date(2026, 6, 1))
    assert report.findings  # the planted conflicts are found: the sweep ran to the end
    assert report.summary.by_kind.get("quantity_conflict", 0) > 0
    assert not [name for name in linted if "csi-addenda" in name], linted
