"""The lines an ingest stages for Kuzu's JSON reader (``engine.store._staging``): pydantic-core's
encoder writes them (``ontology.jsontext.compact_bytes``), faster; each line is the UTF-8 of what
Python's JSON encoder writes (``ensure_ascii=False``), or reads back the same where only a float's
spelling differs, and a string UTF-8 cannot hold is written escaped."""

from __future__ import annotations

import json
from pathlib import Path

from inforce.engine.store._staging import StagingArea

ROWS = [
    {"uid": "SPEC-1@B", "ord": 12, "text": "not less than 4,000 psi — “mix A” ≤ ½ µm m² °C", "words": ["a", "β"],
     "heading": None, "flag": True, "big": 2**70, "neg": -0.0},
    {"text": "line\nbreak\ttab \x00 nul \x1b esc \x9b csi \u2028 \u2029 \u200f rtl 🙂 \\ backslash \"quote\""},
    {"value": 4000.0, "small": 1e-05, "huge": 1e300, "third": 1 / 3, "list": [1.5, None, "x"], "empty": "", "none": []},
    {"value": float("nan"), "upper": float("inf"), "lower": float("-inf")},
]


def _python_line(row: dict) -> bytes:
    return json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode(row).encode()


def test_each_staged_line_reads_back_as_the_row_and_is_pythons_text_but_for_float_spelling(tmp_path: Path) -> None:
    staging = StagingArea(tmp_path / "staging")
    for row in ROWS:
        staging.write("Section", row)
    staging.close()
    path = staging.path("Section")
    assert path is not None
    lines = path.read_bytes().split(b"\n")
    assert lines[-1] == b"" and len(lines) == len(ROWS) + 1
    for row, line in zip(ROWS, lines, strict=False):
        back = json.loads(line.decode("utf-8"))
        assert json.dumps(back, sort_keys=True) == json.dumps(row, sort_keys=True)  # NaN, inf and -0.0 as well
    assert lines[0] == _python_line(ROWS[0]) and lines[1] == _python_line(ROWS[1])  # the same bytes
    assert "“mix A”".encode() in lines[0]  # UTF-8, not \\u escapes
    staging.discard()


def test_a_lone_surrogate_which_utf8_cannot_hold_is_written_escaped(tmp_path: Path) -> None:
    row = {"text": "half a pair \ud800 — “quoted”"}
    staging = StagingArea(tmp_path / "staging")
    staging.write("Section", row)
    staging.close()
    path = staging.path("Section")
    assert path is not None
    line = path.read_bytes()
    assert b"\\ud800" in line and line.isascii()  # json.dumps's escapes, every character
    assert json.loads(line) == row
    staging.discard()
