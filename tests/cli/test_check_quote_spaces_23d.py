"""``check`` of quotes made of long runs of spaces (audit D, finding 3): a quote was split on its
ellipses by a pattern taking the spaces around them, which rescanned a run of spaces from each of
its positions; a quote at the length cap took 0.66 s, 200 of them in one answer minutes. The
time grows with the quotes' length, not with its square."""

from __future__ import annotations

import json
import time
from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()

_SPEC = """---
id: SPEC-01
kind: specification
title: Concrete
revision: "0"
issued: 2026-01-01
effective: {from: 2026-01-01}
recorded: 2026-01-01T09:00:00Z
---
1 GENERAL

1.1 Slump: 4 inches maximum.
"""


def _check(root: Path, length: int) -> tuple[float, int, dict]:
    quote = " " * (length - 1) + "x"
    answer = {"question": "q", "context": {"valid_at": "2026-03-01"},
              "claims": [{"text": "Slump is 4 inches maximum.",
                          "citations": [{"locator": "SPEC-01#1.1", "quote": quote} for _ in range(20)]}]}
    path = root / f"answer-{length}.json"
    path.write_text(json.dumps(answer))
    started = time.perf_counter()
    done = runner.invoke(app, ["check", str(root), "--answer", str(path), "-f", "json"])
    return time.perf_counter() - started, done.exit_code, json.loads(done.output)


def test_quotes_of_long_runs_of_spaces_are_checked_in_linear_time(tmp_path):
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: spaces\nfacets: []\nrules: []\n")
    (root / "documents" / "spec.md").write_text(_SPEC)
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    _check(root, 100)  # loads what every check needs
    short, short_code, short_verdict = _check(root, 5_000)
    long, long_code, long_verdict = _check(root, 10_000)
    # the same verdict either way: a quote of one letter quotes nothing
    assert short_code == long_code == 1
    assert [c["status"] for c in short_verdict["claims"]] == [c["status"] for c in long_verdict["claims"]]
    assert short_verdict["claims"][0]["status"] != "supported"
    assert long < 2.5 * short + 1.0, (short, long)
