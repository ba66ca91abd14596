"""The Akoma Ntoso sample read with no figure left unbound (issue 22's leftovers, FIX-22).

``../shared/data/akoma-ntoso-more`` (El Salvador's decree pair and the German Vereinsgesetz
pair, copied into a temporary project at test time; skipped where ../shared is absent) had 7
quantities bound to no subject after the last round: each was a label read as a number — an
article after a list join glued to the one before it, a gazette's page, and five sections of a
lettered ``§§`` list. None is a quantity, so none is counted now."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from inforce.engine import Project

MORE = Path(__file__).resolve().parents[3] / "shared" / "data" / "akoma-ntoso-more"


@pytest.mark.skipif(not MORE.is_dir(), reason="../shared/data/akoma-ntoso-more is absent")
def test_the_sample_acts_leave_no_label_counted_as_an_unbound_figure(tmp_path: Path) -> None:
    root = tmp_path / "akn"
    (root / "documents").mkdir(parents=True)
    for act in sorted(MORE.glob("*.xml")):
        shutil.copy(act, root / "documents" / act.name)
    (root / "inforce.yaml").write_text("project: akn-more\n", encoding="utf-8")
    Project.ingest(root)
    with Project.open(root) as opened:
        stats = opened.stats()
    assert stats.unbound_quantities == 0, stats.unbound_by_dimension
