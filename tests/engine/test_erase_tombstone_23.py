"""Erasing a revision keeps what was in force when (issue 23, audit 55): a tombstone.

An erasure removes text, never the dates a revision governed. Before the fix, erasing SOP-001's
revision B rebuilt the graph without it, so on a date B governed ``asof`` answered the older
revision A as in force and ``check`` took A's replaced words for right; erasing an addendum
brought back the clause it had replaced. Now the erased revision is put back as a tombstone
(ids, dates, access, paths, no text): the dated answers are what they were, said erased, and
the record and the graph hold no word of the erased text.
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.ontology import AccessRestrictedError, Answer, NotFoundError
from inforce.ontology.erasure import ERASURES_FILE

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "riverside-library"

MANIFEST = "project: tombstones\nfacets: []\nrules: []\n"

#: words only revision B holds (its 2.2), looked for in the record and the store afterwards
ERASED_WORDS = "kept in the quarkvault archive for nine years"


def _sop(label: str, seq: int, day: str, recorded: str, kept: str, access: str = "") -> str:
    return f"""---
id: SOP-001
kind: sop
title: Document Control
revision: "{label}"
seq: {seq}
issued: {day}
effective: {{from: {day}}}
recorded: {recorded}
{access}---
SOP-001 DOCUMENT CONTROL

1 PURPOSE

This procedure describes how controlled documents are issued, revised and withdrawn.

2 PROCEDURE

2.2 Superseded revisions are {kept} after withdrawal.
"""


def _project(root: Path, access: str = "") -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "a.md").write_text(_sop("A", 1, "2026-01-05", "2026-01-05T09:00:00Z",
                                                  "retained for seven years"))
    (root / "documents" / "b.md").write_text(_sop("B", 2, "2026-06-01", "2026-05-20T09:00:00Z", ERASED_WORDS,
                                                  access))
    Project.ingest(root)
    return root


def _claim(locator: str, quote: str, groups: tuple[str, ...] = ()) -> Answer:
    return Answer.model_validate({
        "question": "How long are superseded revisions kept?",
        "context": {"valid_at": "2026-08-01", "known_at": None, "groups": list(groups)},
        "claims": [{"text": f"Superseded revisions are {quote}.", "citations": [{"locator": locator, "quote": quote}]}],
    })


AFTER_B = dt.date(2026, 8, 1)


@pytest.mark.slow
def test_an_erased_revision_still_governs_its_dates_and_its_text_is_gone(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    with Project.open(root) as opened:
        before_old = opened.check(_claim("SOP-001#2.2", "retained for seven years"))
        result = opened.erase("SOP-001", "B", by="auditor")
        assert result.remaining == ()

        # asof: B is in force on its dates, erased; never A's replaced words
        answer = opened.asof("SOP-001#2.2", AFTER_B)
        assert answer.in_force and str(answer.resolved) == "SOP-001@B#2.2"
        assert answer.erased is not None and answer.erased.by == "auditor"
        assert answer.erased.erasure == result.erasure.id
        assert not answer.text
        # before B, A still answers, with its text
        earlier = opened.asof("SOP-001#2.2", dt.date(2026, 3, 1))
        assert str(earlier.resolved) == "SOP-001@A#2.2" and earlier.erased is None
        assert "seven years" in (earlier.text or "")

        # check: A's replaced words are stale, as before the erasure; B's are not held
        old = opened.check(_claim("SOP-001#2.2", "retained for seven years"))
        assert old.verdict == before_old.verdict == "refusal"
        assert old.claims[0].status == before_old.claims[0].status == "stale_revision"
        erased = opened.check(_claim("SOP-001@B#2.2", "kept in the quarkvault archive"))
        assert erased.verdict == "refusal" and erased.claims[0].status == "erased"
        assert "not kept" in erased.claims[0].detail

        # history and show list B by its ids and dates, erased; lag does not call it withdrawn
        versions = opened.history("SOP-001#2.2").versions
        assert [(str(v.locator), v.erased is not None) for v in versions] == [
            ("SOP-001@A#2.2", False), ("SOP-001@B#2.2", True)]
        shown = opened.show("SOP-001@B#2.2")
        assert shown.text == "" and shown.erased is not None
        assert [(r.revision, r.erased is not None) for r in shown.revisions] == [("A", False), ("B", True)]
    assert Project.lag(root).withdrawn == ()

    # every later ingest keeps the tombstone while the entry stands
    Project.ingest(root)
    with Project.open(root) as opened:
        assert opened.asof("SOP-001#2.2", AFTER_B).erased is not None

    # the record and the store hold no word of the erased text; the record keeps ids and dates
    record = (root / ERASURES_FILE).read_text()
    assert '"label": "B"' in record and '"2026-06-01"' in record and '"path": "2.2"' in record
    for word in ("quarkvault", "Document Control", "Superseded revisions", "withdrawn"):
        assert word.lower() not in record.lower()
    for stored in (root / ".inforce").rglob("*"):  # A keeps its own words; B's are nowhere
        if stored.is_file():
            assert b"quarkvault" not in stored.read_bytes().lower(), stored


@pytest.mark.slow
def test_erasing_an_addendum_keeps_the_clause_it_replaced_replaced(tmp_path: Path) -> None:
    """Riverside's ADD-02 replaced SPEC-033000 2.1.A (4,000 psi) with 5,000 psi on 2026-04-10:
    erased, it still did, and the 4,000 psi clause is not answered in force again."""
    root = tmp_path / "riverside"
    (root / "documents").mkdir(parents=True)
    for name in ("spec-033000.md", "addendum-02.md"):
        shutil.copy(EXAMPLES / "documents" / name, root / "documents" / name)
    (root / "inforce.yaml").write_text("project: riverside\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n")
    Project.ingest(root)
    with Project.open(root) as opened:
        result = opened.erase("ADD-02", by="auditor")
        assert result.remaining == ()
        answer = opened.asof("SPEC-033000#2.1.A", dt.date(2026, 5, 1))
        assert not answer.in_force and answer.reason == "superseded"
        assert str(answer.resolved) == "ADD-02@0#1.3" and answer.erased is not None
        assert "4,000" not in (answer.text or "") and "5,000" not in (answer.text or "")
        # before the addendum, the clause answers with its own words
        assert "4,000 psi" in (opened.asof("SPEC-033000#2.1.A", dt.date(2026, 3, 10)).text or "")


@pytest.mark.slow
def test_a_restricted_erased_revision_shows_an_outsider_what_it_did_before(tmp_path: Path) -> None:
    """B may be read by group qa only: an asker without it is answered exactly as before the
    erasure (the tombstone carries B's access), and is told nothing of the erasure."""
    root = _project(tmp_path / "p", access="access: [qa]\n")

    def seen() -> list[object]:
        with Project.open(root) as opened:
            told: list[object] = []
            for ask in (lambda: opened.asof("SOP-001#2.2", AFTER_B, groups=["staff"]),
                        lambda: opened.asof("SOP-001#2.2", dt.date(2026, 3, 1), groups=["staff"]),
                        lambda: opened.history("SOP-001#2.2", groups=["staff"]),
                        lambda: opened.show("SOP-001#2.2", groups=["staff"]),
                        lambda: opened.check(_claim("SOP-001#2.2", "retained for seven years", ("staff",)))):
                try:
                    found = ask()
                except (AccessRestrictedError, NotFoundError) as refused:
                    told.append((type(refused).__name__, str(refused)))
                    continue
                dumped = found.model_dump(mode="json", exclude={"index_build", "audit"})
                told.append(dumped)
            return told

    before = seen()
    with Project.open(root) as opened:
        opened.erase("SOP-001", "B", by="auditor")
    after = seen()
    assert after == before
    assert "ERASE-" not in repr(after) and "auditor" not in repr(after)
    with Project.open(root) as opened:  # the group is told
        assert opened.asof("SOP-001#2.2", AFTER_B, groups=["qa"]).erased is not None
