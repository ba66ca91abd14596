"""A run that finds many problems prints a bounded number of them and counts the rest (the third
hostile audit of issue 23, F11: a CSV register of 100,000 bad rows printed 100,003 lines)."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.cli._common import MAX_SHOWN_PROBLEMS

HEADER = "file,id,revision,seq,kind,title,issued,effective_from,recorded"


def test_a_register_of_many_bad_rows_prints_the_first_problems_and_counts_the_rest(tmp_path: Path):
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: reg\nfacets: []\nregistry: register.csv\n", encoding="utf-8")
    (root / "documents" / "sop-1.md").write_text("1 SCOPE\n\n1.1 All records are kept.\n", encoding="utf-8")
    bad = 3 * MAX_SHOWN_PROBLEMS
    rows = [f"documents/sop-{n}.md,SOP-{n},0,1,sop,T,2026-01-05,not-a-date,2026-01-05T09:00:00Z" for n in range(bad)]
    (root / "register.csv").write_text("\n".join([HEADER, *rows]) + "\n", encoding="utf-8")
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    lines = [line for line in done.output.splitlines() if "register.csv:" in line]
    assert MAX_SHOWN_PROBLEMS // 2 < len(lines) <= MAX_SHOWN_PROBLEMS
    (more,) = [line for line in done.output.splitlines() if "more problems" in line]
    hidden, total = _counts(more)
    assert total >= bad - 5 and hidden == total - MAX_SHOWN_PROBLEMS


def _counts(line: str) -> tuple[int, int]:
    hidden = re.search(r"and ([\d,]+) more", line)
    total = re.search(r"\(([\d,]+) in all\)", line)
    assert hidden and total, line
    return int(hidden.group(1).replace(",", "")), int(total.group(1).replace(",", ""))
