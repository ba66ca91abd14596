"""Audit 52 (two mediums in ``inforce ingest``).

A NUL character, which the graph store cannot hold, was refused with the file alone: the
refusal now names the line the first NUL stands on, in a Markdown body, a CSV schedule and a
drawing callout alike. A Markdown document numbering a section again (``2.1`` twice) read the
second heading and its paragraph into the first one's paragraph without a word: the repeated
number now gives a warning at its line, naming the number and the section that reads it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.ontology.errors import InputError, InputErrors

META = ("id: {id}\nkind: {kind}\ntitle: T\nissued: 2026-01-01\neffective: {{from: 2026-01-01}}\n"
        "recorded: 2026-01-01T00:00:00Z\n")


def _project(root: Path) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: audit52\nfacets: []\n")
    return root


def _refusal(root: Path) -> InputError:
    with pytest.raises((InputError, InputErrors)) as caught:
        Project.ingest(root)
    error = caught.value
    if isinstance(error, InputErrors):
        (error,) = [e for e in error.exceptions if "NUL" in str(e)]
    assert isinstance(error, InputError) and "NUL" in error.message, error
    return error


def test_a_nul_in_a_markdown_body_is_refused_at_its_line(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    body = "1 Hello\n\n2 Wor\x00ld\n"  # the NUL on the file's line 11 (eight lines of front matter)
    (root / "documents" / "a.md").write_text("---\n" + META.format(id="S-1", kind="other") + "---\n" + body)
    error = _refusal(root)
    assert (error.file, error.line) == ("documents/a.md", 11), str(error)


def test_a_nul_in_a_schedule_row_is_refused_at_its_line(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    (root / "documents" / "doors.csv.yaml").write_text(META.format(id="SCH-1", kind="schedule"))
    (root / "documents" / "doors.csv").write_text(
        "Door,Width,Height\n101,36 in,84 in\n102,36 in,84 in\n103,36 in,8\x004 in\n")
    error = _refusal(root)
    assert (error.file, error.line) == ("documents/doors.csv", 4), str(error)


def test_a_nul_in_a_drawing_callout_is_refused_at_the_line_of_its_text(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    (root / "documents" / "x.drawing.yaml").write_text(
        META.format(id="DWG-1", kind="drawing") + "sheet: S-1\ncallouts:\n  - id: c1\n    text: ok\n"
        "  - id: c2\n    text: \"A\\0B\"\n")  # YAML's escape: the NUL is in the value, on line 12
    error = _refusal(root)
    assert (error.file, error.line) == ("documents/x.drawing.yaml", 12), str(error)


SPEC = """---
id: SPEC-1
kind: specification
title: Dup
issued: 2026-01-01
effective: {from: 2026-01-01}
recorded: 2026-01-01T00:00:00Z
---
SECTION 03 30 00 - CONCRETE

2.1 MIXTURES

A. Compressive strength at 28 days: not less than 4,000 psi.

2.1 MIXTURES (AGAIN)

A. Compressive strength at 28 days: not less than 6,000 psi.

2.2 CURING

A. Keep moist for 7 days.
"""


def test_a_section_numbered_twice_is_reported_at_the_repeat(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    (root / "documents" / "a.md").write_text(SPEC)
    result = Project.ingest(root)
    again = [w for w in result.warnings if "numbered again" in str(w)]
    assert len(again) == 1, [str(w) for w in result.warnings]
    (warning,) = again
    assert (warning.file, warning.line) == ("documents/a.md", 15), str(warning)
    assert "2.1 is numbered again" in warning.message and "read as part of 2.1.A" in warning.message, str(warning)


def test_the_next_number_after_a_section_is_no_repeat(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    (root / "documents" / "a.md").write_text(SPEC.replace("2.1 MIXTURES (AGAIN)", "2.3 MIXTURES (AGAIN)")
                                              .replace("2.2 CURING", "2.4 CURING"))
    result = Project.ingest(root)
    assert not [w for w in result.warnings if "numbered again" in str(w)], [str(w) for w in result.warnings]
