"""Audit 71 B F6: ``sweep --baseline`` took a key no sweep report has (``reviewed_by`` at the top,
in a finding, in a provision) and ``NaN`` without a word: the edited file was compared as if it
were a sweep's report. Each is now an input error naming the file, the line and the key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inforce.adapters.report import baseline
from inforce.ontology import InputError

from sweep_samples import sample_report


def _written(path: Path, data: dict) -> Path:
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def _report() -> dict:
    return json.loads(sample_report().model_dump_json())


def test_a_sweeps_own_report_is_read(tmp_path: Path) -> None:
    findings, run = baseline.read_baseline_run(_written(tmp_path / "b.json", _report()))
    assert len(findings) == len(sample_report().findings) and set(run) == {"project", "as_of", "known_at"}


@pytest.mark.parametrize(("where", "field"), [
    ((), "reviewed_by"),
    (("findings", 1), "findings[1].reviewed_by"),
    (("findings", 1, "provisions", 0), "findings[1].provisions[0].reviewed_by"),
])
def test_a_key_no_sweep_report_has_is_refused_at_its_line(tmp_path: Path, where: tuple, field: str) -> None:
    data = _report()
    entry = data
    for step in where:
        entry = entry[step]
    entry["reviewed_by"] = "J. Rivera"
    path = _written(tmp_path / "b.json", data)
    with pytest.raises(InputError) as raised:
        baseline.read_baseline_run(path)
    assert raised.value.file == str(path) and raised.value.field == field, raised.value
    assert "reviewed_by" in raised.value.message and raised.value.line is not None


def test_nan_is_refused_at_its_line(tmp_path: Path) -> None:
    path = _written(tmp_path / "b.json", _report())
    text = path.read_text().replace('"findings":', '"score": NaN,\n "findings":', 1)
    path.write_text(text)
    with pytest.raises(InputError) as raised:
        baseline.read_baseline_run(path)
    assert "NaN (JSON has no such number)" in raised.value.message, raised.value
    assert raised.value.line == text[:text.index("NaN")].count("\n") + 1
