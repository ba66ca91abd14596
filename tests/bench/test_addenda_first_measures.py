"""Every held-out part of the addenda-real set was measured once before any tuning on it, and
that first figure is kept (issue 21; the mission's "measure it once before tuning, and report
that first figure too").

A part is either not yet measured (its README paragraph says so, and no score of it is
recorded anywhere in ``bench/RESULTS.md``) or its first measure is recorded: a block
``addenda-real-PART-first`` in ``bench/RESULTS.md`` whose command scores that part alone, and
its report ``bench/results/addenda-real-PART-first.md``. A part scored in the all-parts table
without a first measure is the slip this catches: its first figure would be lost."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SET = ROOT / "tests" / "fixtures" / "addenda-real"
RESULTS = ROOT / "bench" / "RESULTS.md"

_BLOCK = re.compile(r"<!-- BEGIN (?P<name>[\w.-]+) .*?-->\n(?P<body>.*?)<!-- END (?P=name) -->", re.S)


@functools.cache
def _blocks() -> dict[str, str]:
    return {found["name"]: found["body"] for found in _BLOCK.finditer(RESULTS.read_text(encoding="utf-8"))}


def _parts() -> list[str]:
    return sorted(p.name for p in SET.iterdir() if p.is_dir() and p.name.startswith("held-out"))


def _paragraph(part: str) -> str:
    """The part's paragraph in the set's README (from its bullet to the next one)."""
    text = (SET / "README.md").read_text(encoding="utf-8")
    found = re.search(rf"^- `{re.escape(part)}/`.*?(?=^- `|^#|\Z)", text, re.S | re.M)
    if found is not None:
        return found.group(0)
    number = int(part.rsplit("-", 1)[1]) if part[-1].isdigit() else 1
    for bullet in re.finditer(r"^- `held-out-(\d+)/` to `held-out-(\d+)/`.*?(?=^- `|^#|\Z)", text, re.S | re.M):
        if int(bullet[1]) <= number <= int(bullet[2]):  # parts written one after another, one bullet
            return bullet.group(0)
    raise AssertionError(f"{part} has no paragraph in tests/fixtures/addenda-real/README.md")


def _scored_parts(body: str) -> set[str]:
    """The parts a results block's tables hold a row of."""
    return set(re.findall(r"^\| (held-out[\w-]*) \|", body, re.M))


@pytest.mark.parametrize("part", _parts())
def test_a_part_is_first_measured_alone_or_not_yet_scored(part: str) -> None:
    blocks = _blocks()
    first = blocks.get(f"addenda-real-{part}-first")
    if "not yet measured" in " ".join(_paragraph(part).split()):  # the words may wrap
        assert first is None, f"{part}: its README says not yet measured, but a first measure is recorded"
        scored_in = [name for name, body in blocks.items() if part in _scored_parts(body)]
        assert not scored_in, f"{part} is scored in {scored_in} before its first measure was recorded"
        return
    assert first is not None, f"{part}: no block addenda-real-{part}-first in bench/RESULTS.md"
    command = re.search(r"^Command: `(?P<command>[^`]*)`", first, re.M)
    assert command is not None, f"{part}: its first measure names no command"
    sets = re.findall(r"--set (\S+)", command["command"])
    assert [Path(s).name for s in sets] == [part], f"{part}: its first measure scored {sets}, not the part alone"
    assert "--all" not in command["command"]
    assert (ROOT / "bench" / "results" / f"addenda-real-{part}-first.md").is_file()


def test_every_part_scored_together_was_first_measured() -> None:
    blocks = _blocks()
    together = _scored_parts(blocks["addenda-real-all"])
    assert together, "the all-parts table lists no part"
    missing = sorted(part for part in together if f"addenda-real-{part}-first" not in blocks)
    assert not missing, f"scored together without a first measure: {missing}"
