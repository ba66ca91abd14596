"""An addendum item that names a section only restricted revisions hold is read twice (``engine.
addenda.view``): against what its readers share it names nothing ("Section 03 30 00 is no document
of kind specification"), against every revision it is a proposal. An asker who may read those
revisions is shown the proposal in its place — and, since audit 106 A F2, not the warning beside
it, which sent an owner looking for a section that is there. An asker who may not read them is
told the warning (to them the section does not exist) and never the proposal."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from inforce.engine import Project

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "riverside-library"
RESTRICTED = ("addendum-01.md", "spec-014500.md", "spec-033000.md")


def _restricted_copy(tmp_path: Path) -> Path:
    root = tmp_path / "p"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns(".inforce"))
    for name in RESTRICTED:
        path = root / "documents" / name
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("\nid: ", "\naccess: [owners]\nid: ", 1), encoding="utf-8")
    return root


def _told(result) -> tuple[list[str], list[str]]:  # type: ignore[no-untyped-def]
    warnings = [str(w) for w in result.warnings if "is no document of kind" in str(w)]
    proposals = [f"{p.item.format()} -> {p.target.format()}" for p in result.proposed
                 if p.item.doc == "ADD-02" and p.target.doc in ("SPEC-033000", "SPEC-014500")]
    return warnings, proposals


@pytest.mark.parametrize("groups", [None, ("owners",)])
def test_an_asker_shown_the_proposal_is_not_told_the_section_is_missing(tmp_path: Path,
                                                                       groups: tuple[str, ...] | None) -> None:
    result = Project.ingest(_restricted_copy(tmp_path), derived=True, groups=groups)
    warnings, proposals = _told(result)
    assert "ADD-02#1.2 -> SPEC-033000#2.5.C" in proposals
    assert "ADD-02#1.6 -> SPEC-014500#1.6.A" in proposals
    assert warnings == []


def test_an_asker_outside_the_group_is_told_the_section_is_missing_and_no_proposal(tmp_path: Path) -> None:
    result = Project.ingest(_restricted_copy(tmp_path), derived=True, groups=("outsider",))
    warnings, proposals = _told(result)
    assert proposals == []
    assert any("ADD-02#1.2: Section 03 30 00 is no document of kind" in w for w in warnings), warnings
    assert any("ADD-02#1.6: Section 01 45 00 is no document of kind" in w for w in warnings), warnings
