"""The portfolio the ``sweep-all`` test files sweep: two ingested examples, one never ingested and
one whose ``inforce.yaml`` does not parse (one home for it, local and Ray alike)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

__all__ = ["EXAMPLES", "GOOD", "build_portfolio"]

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: The examples swept whole (ingested once per run, copied in).
GOOD = ("riverside-library", "sop-retention")


def build_portfolio(ingested_example: Any, folder: Path) -> Path:
    """``folder`` filled with the four projects, returned."""
    for name in GOOD:
        ingested_example.copy(name, folder / name)
    shutil.copytree(EXAMPLES / "label-dosing", folder / "never-ingested", ignore=shutil.ignore_patterns(".inforce"))
    (folder / "broken").mkdir()
    (folder / "broken" / "inforce.yaml").write_text("project: [unclosed\n", encoding="utf-8")
    return folder
