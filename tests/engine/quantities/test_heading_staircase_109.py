"""What the list headings over a figure may cost, however deep they run (audit 109 B F1, issue 23).

A figure is read under the list headings over it (what they are stated for, the subject the
nearest carries), and each of those under the headings over it. A staircase of ~220 ever-deeper
headings (one space a level fits so many in a heading's 240 characters) made every figure under
it read every heading's note again, ~16 ms a figure: 4,000 figures in 65 KB took 66 s to ingest,
where 2.6 s without the headings. A figure now reads the nearest ``HEADINGS_READ`` headings over
it (real lists nest under ten levels), and what each heading's note says is read once a text.
"""

from __future__ import annotations

import time
from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine.quantities import extract_quantities
from inforce.engine.quantities._notes import HEADINGS_READ

FRONT = ("---\nid: M-1\nkind: specification\ntitle: Figures\nissued: 2026-01-01\neffective: {from: 2026-01-01}\n"
         "recorded: 2026-01-01T09:00:00Z\n---\n")


def _staircase(levels: int) -> str:
    """A cover heading, ``levels`` ever-deeper headings under it, and one item of a cover."""
    steps = "".join(" " * (level + 1) + f"a. LEVEL {level}:\n" for level in range(levels))
    return "CONC. COVER TO REINF. (MIN.):\n" + steps + " " * (levels + 1) + 'a. FTGS. 3"\n'


def _subjects(text: str) -> list[tuple[str, str | None]]:
    return [(mention.text, mention.subject) for mention in extract_quantities(text).mentions]


def test_the_farthest_heading_a_figure_reads_carries_its_subject() -> None:
    assert _subjects(_staircase(HEADINGS_READ - 1)) == [('3"', "concrete.cover")]


def test_a_heading_past_those_a_figure_reads_carries_nothing() -> None:
    assert _subjects(_staircase(HEADINGS_READ)) == [('3"', None)]


def test_figures_under_a_staircase_of_headings_cost_seconds(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nfacets: []\nrules: []\n")
    depth = 220  # each heading line under 240 characters
    steps = "".join(" " * level + f"a. CONCRETE {level} psi:\n" for level in range(depth))
    items = "".join(" " * depth + "a. " + " ".join(f"{n} psi," for n in range(500)) + "\n" for _ in range(4))
    (root / "documents" / "t.md").write_text(FRONT + "PODIUM NOTES\n\n" + steps + items)
    started = time.perf_counter()
    result = CliRunner().invoke(app, ["ingest", str(root)])
    seconds = time.perf_counter() - started
    assert result.exit_code == 0, result.output[-2000:]
    # every figure read: the headings' 220 and the items' 2,000 (psi below any subject's range)
    assert "quantities bound to no subject: 2,220 (pressure 2,220)" in result.output, result.output[-2000:]
    assert seconds < 12, seconds  # 35 s on two shared cores when every figure read every heading's note
