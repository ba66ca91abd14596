"""Audit LL (issue 23, three mediums): ``precedence`` and ``rules impact`` on the HH-01 project.

SPEC-X's public revision A holds 2.1.A at 0.45, amended to 0.42 by the public ADD-01#1.1; its
revision B for ``legal`` decides from 2026-06-01 (``_hh01_project`` of test_access_matrix.py,
"later"), holding 2.1.A at 0.45 or 0.50, or not at all. Added here: the public SPEC-Y, whose
2.1.A says 0.40 (issued before SPEC-X), the AIA-style precedence pack, and two edited packs for
``rules impact`` (the precedence pack without its latest-issued tie-breaker; the CSI addenda
pack without its ``{target}: Revise`` reading). An "A day" (2026-05-01) is decided by A, a
"B day" (2026-07-01) by B.

- LL-03: ``precedence SPEC-Y#2.1.A ADD-01#1.1`` on a B day refused the public asker when B held
  2.1.A (the item superseded, its successor withheld) and answered when it did not (the item in
  force): the amending side skipped the standing rule the other commands follow.
- LL-01: ``rules impact`` swept as everyone, so its precedence counts held decisions the asker's
  own sweep never shows them.
- LL-02: ``rules impact`` judged SPEC-X withheld whole on an A day (``may_read`` of every
  revision), though A, public, decides it.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_access_matrix import _HH01_A_DAY, _HH01_B_DAYS, _KK_B_WORDS, _hh01_project
from tests.support.in_process import inforce

A_DAY, B_DAY = _HH01_A_DAY, _HH01_B_DAYS["later"]
_MANIFEST = ("project: hh01\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n"
             '  - stock: precedence/aia-style\n    params: {source: "Agreement Article 1.2"}\n')
_TIES = "tie_breakers: [larger_scale, latest_issued]"
_PACKS = "impact"  # the edited packs' folder, beside the projects (``_edited_packs``)
_REVISE = '      - pattern: "{target}: Revise"\n        scope: partial\n        targets: [paragraph, callout]\n'


def _ll_project(variant: str, b_words: str | None) -> Callable[[Path], None]:
    """The HH-01 project ``variant`` (B's 2.1.A reading ``b_words``), with SPEC-Y and the
    precedence pack, ingested again."""
    def build(root: Path) -> None:
        _hh01_project(variant, b_words)(root)
        (root / "inforce.yaml").write_text(_MANIFEST)
        (root / "documents" / "spec-y.md").write_text(
            "---\nid: SPEC-Y\nkind: specification\ntitle: Section 03 31 00 Structural Concrete\n"
            "issued: 2026-02-15\neffective: {from: 2026-02-15}\nrecorded: 2026-02-15T09:00:00Z\n---\n"
            "SECTION 03 31 00\n\nPART 2 - PRODUCTS\n\n2.1 CONCRETE MIXTURES\n\n"
            "A. Maximum water-cement ratio: the water-cement ratio shall not exceed 0.40.\n")
        done = _cli("ingest", root)
        assert done.returncode == 0, done.stderr
    return build


def _edited_packs(folder: Path) -> None:
    """The two edited packs, written once beside the projects: one file, impacted on each of
    them, as an owner tries one edit on every project (the new side's pack tests, which read no
    project, are then replayed once per process, not once per project: ``packtests._ANSWERED``)."""
    from inforce.rules.loader import STOCK_ROOT

    folder.mkdir()
    aia = (STOCK_ROOT / "precedence" / "aia-style.yaml").read_text("utf-8")
    csi = (STOCK_ROOT / "supersession" / "csi-addenda.yaml").read_text("utf-8")
    assert _TIES in aia and _REVISE in csi
    (folder / "aia-no-ties.yaml").write_text(aia.replace(_TIES, "tie_breakers: [larger_scale]"))
    (folder / "csi-no-revise.yaml").write_text(csi.replace(_REVISE, ""))


_cli = inforce  # in this process


def _json(done: subprocess.CompletedProcess[str]) -> Any:
    found = json.loads(done.stdout)
    return {k: v for k, v in found.items() if k != "index_build"} if isinstance(found, dict) else found


@pytest.fixture(scope="module")
def projects(tmp_path_factory: pytest.TempPathFactory, built_once) -> dict[str, Path]:
    """The project with B holding 2.1.A at 0.45, at 0.50, or not at all; and with no B ("none")."""
    root = tmp_path_factory.mktemp("ll")
    found = {name: built_once.copy(f"access-ll/later-{name}", _ll_project("later", words), root / name)
             for name, words in _KK_B_WORDS.items()}
    found["none"] = built_once.copy("access-ll/none", _ll_project("none", None), root / "none")
    _edited_packs(root / _PACKS)
    return found


# ---- LL-03: precedence with an amending item on a day a restricted revision decides its target ----

_PAIRS = (("SPEC-Y#2.1.A", "ADD-01#1.1"), ("ADD-01@0#1.1", "SPEC-Y#2.1.A"))


def _precedence(project: Path, day: str, groups: str | None = None) -> dict[str, Any]:
    reads: dict[str, Any] = {}
    for a, b in _PAIRS:
        done = _cli("precedence", project, a, b, "--valid-at", day, "--format", "json", groups=groups)
        reads[f"{a} {b}"] = {"exit": done.returncode, "said": _json(done)}
    return reads


def test_precedence_of_an_amending_item_is_refused_alike_whatever_the_restricted_revision_holds(
    projects: dict[str, Path],
) -> None:
    """LL-03: on a B day, the public asker's ``precedence SPEC-Y#2.1.A ADD-01#1.1`` was refused
    when B held 2.1.A and escalated (answered) when it did not. Now both sides go through the
    standing rule (``asof.answer.standing_out_of_sight``, ``Snapshot._gate_standing``): refused
    alike, resting on SPEC-X, whether B holds 2.1.A at 0.45, at 0.50 or not at all; on an A day it
    is answered; the group ``legal`` is answered on the B day."""
    found = {name: _precedence(projects[name], B_DAY) for name in _KK_B_WORDS}
    assert found["045"] == found["050"] == found["gone"], "precedence tells whether B holds 2.1.A"
    for read in found["gone"].values():
        assert read["exit"] == 1 and read["said"]["reason"] == "access_restricted"
        assert "SPEC-X" in read["said"]["detail"]
    said = json.dumps(found)
    assert "ZZSECRETB" not in said and "SPEC-X@B" not in said and "0.5" not in said
    for name in ("045", "gone"):
        asked = _precedence(projects[name], A_DAY)  # A decides SPEC-X: the item's standing is theirs
        assert {read["said"]["resolution"] for read in asked.values()} == {"resolved_by_precedence"}
        grouped = _precedence(projects[name], B_DAY, "legal")
        assert all("resolution" in read["said"] for read in grouped.values()), grouped


# ---- LL-01: rules impact counts the asker's own sweep --------------------------------------------


def _impact(project: Path, pack: str, days: tuple[str, ...], groups: str | None = None) -> tuple[int, dict[str, Any]]:
    dates = [arg for day in days for arg in ("--valid-at", day)]
    done = _cli("rules", "impact", project, "--pack", project.parent / _PACKS / pack, *dates, "--format", "json",
                groups=groups)
    assert done.returncode in (0, 1), done.stderr
    return done.returncode, _json(done)


def _source(report: dict[str, Any], name: str) -> dict[str, Any]:
    return next(s for s in report["sources"] if s["source"] == name)


def _swept(project: Path, day: str, groups: str | None = None) -> list[dict[str, Any]]:
    done = _cli("sweep", project, "--valid-at", day, "--fail-on", "none", "--format", "json", groups=groups)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["findings"]


def test_rules_impact_counts_the_precedence_decisions_the_askers_own_sweep_shows(projects: dict[str, Path]) -> None:
    """LL-01: the precedence source swept as everyone, so on a B day the public asker was told
    "1 of 1 decision(s) changed, 1 of them withheld" — a decision about B their own sweep never
    shows. Now it sweeps as the asker: its counts are those of the asker's sweep (none on a B day,
    one on an A day), the same whatever B holds, and those of a ``legal`` asker differ on a B day
    (B's 2.1.A against SPEC-Y's: decided by the latest-issued tie-breaker, escalated without it)."""
    project = projects["045"]  # (the public reports of the three variants are equal: below)
    # the 045 project's B-day reports (public, legal) are read again below: each run once
    on_045 = {(day, groups): _impact(project, "aia-no-ties.yaml", (day,), groups)
              for day in (A_DAY, B_DAY) for groups in (None, "legal")}
    for (day, groups), (_, report) in on_045.items():
        source = _source(report, "precedence")
        assert source["decisions"] == len(_swept(project, day, groups)), (day, groups)
        assert source["withheld"] == 0
        assert not [c for c in report["changes"] if c["withheld"]]
    public = {name: on_045[B_DAY, None] if name == "045" else _impact(projects[name], "aia-no-ties.yaml", (B_DAY,))
              for name in _KK_B_WORDS}
    assert public["045"] == public["050"] == public["gone"]
    code, report = public["045"]
    assert (_source(report, "precedence")["decisions"], _source(report, "precedence")["changed"]) == (0, 0)
    assert "SPEC-X" in _source(report, "precedence")["note"]  # named by id, as the sweep's withheld
    assert "ZZSECRETB" not in json.dumps(report) and "SPEC-X#" not in json.dumps(report)
    _, grouped = on_045[B_DAY, "legal"]
    assert (_source(grouped, "precedence")["decisions"], _source(grouped, "precedence")["changed"]) == (1, 1)
    (change,) = [c for c in grouped["changes"] if c["source"] == "precedence"]
    assert "SPEC-X#2.1.A" in change["subject"] and "escalated" in change["after"]


# ---- LL-02: rules impact judges a document by the revision that decides the day ---------------------


def test_rules_impact_shows_a_change_about_a_public_revision_on_a_day_it_decides(projects: dict[str, Path]) -> None:
    """LL-02: a changed reading of ADD-01#1.1 (partial → whole) changes the edge to SPEC-X#2.1.A
    and what ``asof`` answers for it on an A day; both were listed "SPEC-X: withheld (access)" to
    the public asker, since SPEC-X has a restricted revision (judged per document). Now each is
    judged by ``Snapshot.target_readable`` (undated for the edge, on the day for ``asof``): on an A
    day the public asker is shown both whole, as on the project with no restricted revision; on a
    B day ``asof`` refuses SPEC-X#2.1.A to them, so that day is no decision of theirs."""
    _, plain = _impact(projects["none"], "csi-no-revise.yaml", (A_DAY,))
    _, mixed = _impact(projects["045"], "csi-no-revise.yaml", (A_DAY,))
    shown = [c for c in mixed["changes"] if c["source"] in ("supersession", "asof")]
    assert {c["source"] for c in shown} == {"supersession", "asof"} and not [c for c in shown if c["withheld"]]
    assert shown == [c for c in plain["changes"] if c["source"] in ("supersession", "asof")]
    (asof,) = [c for c in shown if c["source"] == "asof"]
    assert asof["subject"] == f"SPEC-X#2.1.A as of {A_DAY}" and "amended by ADD-01#1.1" in asof["before"]
    for name in ("supersession", "asof"):
        assert _source(mixed, name) == _source(plain, name)
    public = {name: _impact(projects[name], "csi-no-revise.yaml", (A_DAY, B_DAY)) for name in _KK_B_WORDS}
    assert public["045"] == public["050"] == public["gone"]
    assert _source(public["045"][1], "asof")["decisions"] == 1  # the B day is refused to them
    _, grouped = _impact(projects["045"], "csi-no-revise.yaml", (A_DAY, B_DAY), "legal")
    assert _source(grouped, "asof")["decisions"] == 2
