"""Erasure (issue 24): a document's text gone from everything the project keeps.

A project holds a specification and a drawing whose text carries a random marker (in several
sections, a table and a drawing callout), embedded and indexed, with a check's audit record
citing the specification and the leftovers of two earlier generations on disk. After both are
erased, no byte of the project folder holds the marker (UTF-8, UTF-16, upper and lower case);
show and history name the erasure; the replay of the audit record says what was erased; the
other document still answers; putting the file back does not bring the text back.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import datetime as dt
import platform
import secrets
import shutil
from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.engine.embedding import HashingEmbedder
from inforce.ontology import Answer, InputError, InputErrors, NotFoundError, Refusal
from inforce.ontology.decisions import append_record, read_record
from inforce.ontology.erasure import ERASURES_FILE

MANIFEST = "project: erase-test\nfacets: []\nrules: []\n"

KEPT = """---
id: SPEC-200
kind: specification
title: Section 09 90 00 Painting
revision: "0"
seq: 1
issued: 2026-03-02
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
---
# SECTION 09 90 00 - PAINTING

## PART 1 - GENERAL

1.1 SUMMARY

A. Section includes surface preparation and the field application of paint systems.

B. Apply two finish coats over one primer coat on every gypsum board surface.
"""


def _erased_spec(marker: str, revision: str = "0", seq: int = 1) -> str:
    return f"""---
id: SPEC-100
kind: specification
title: Section 03 30 00 Cast-in-Place Concrete {marker}
revision: "{revision}"
seq: {seq}
issued: 2026-03-0{seq + 1}
effective: {{from: 2026-03-0{seq + 1}}}
recorded: 2026-03-0{seq + 1}T09:00:00Z
---
# SECTION 03 30 00 - CAST-IN-PLACE CONCRETE

## PART 2 - PRODUCTS

2.1 CONCRETE MIXTURES

A. Compressive strength at 28 days: not less than 4,000 psi, mixture {marker} approved.

B. Maximum water-cementitious materials ratio: 0.45 for the {marker} foundations.

C. The {marker} admixture is not permitted in slabs on grade.

2.2 SCHEDULE

| Mark | Strength | Note |
|------|----------|------|
| F1 | 4,000 psi | {marker} footing |
| F2 | 5,000 psi | plain footing |
"""


def _erased_drawing(marker: str) -> str:
    return f"""id: DWG-S-900
kind: drawing
sheet: S-900
title: Foundation Details
revision: "0"
seq: 1
issued: 2026-03-02
effective: {{from: 2026-03-02}}
recorded: 2026-03-02T09:00:00Z
callouts:
  - id: callout-1
    detail: 1/S-900
    text: "TYPICAL FOOTING, {marker} ANCHOR RODS W/ 12 IN EMBEDMENT."
  - id: callout-2
    detail: 2/S-900
    text: "FOUNDATION WALL 12 IN CONCRETE."
"""


def _holds(content: bytes, forms: set[bytes]) -> bool:
    return any(form in content for form in forms)


def _holders(root: Path, marker: str) -> list[str]:
    """Every file under ``root`` holding the marker in any form a careless copy might keep it."""
    forms = set()
    for text in (marker, marker.lower(), marker.upper()):
        forms |= {text.encode("utf-8"), text.encode("utf-16-le"), text.encode("utf-16-be")}
    return sorted(str(p.relative_to(root)) for p in root.rglob("*")
                  if p.is_file() and _holds(p.read_bytes(), forms))  # each file read once, not once a form


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """Three generations ingested (SPEC-100 rev 0, then rev 1 beside it, then the drawing and
    SPEC-200), embedded; two earlier generations' files copied back as a killed writer leaves
    them. The marker is in both SPEC-100 revisions and the drawing. Built once; each test
    erases in its own copy (``project``)."""
    marker = "Qx" + secrets.token_hex(6) + "Zr"
    tmp_path = tmp_path_factory.mktemp("erase")
    root = tmp_path / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "spec-100.md").write_text(_erased_spec(marker))
    Project.ingest(root)
    home = root / ".inforce"
    kept = tmp_path / "kept-generations"
    kept.mkdir()

    def keep() -> None:  # this generation as it is: a leftover to be removed
        for path in home.iterdir():
            if path.suffix in (".kuzu", ".bin"):
                shutil.copy(path, kept / path.name)

    keep()
    (root / "documents" / "spec-100-rev1.md").write_text(_erased_spec(marker, "1", 2))
    Project.ingest(root)
    keep()
    (root / "documents" / "S-900.drawing.yaml").write_text(_erased_drawing(marker))
    (root / "documents" / "spec-200.md").write_text(KEPT)
    Project.ingest(root)
    Project.embed(root, HashingEmbedder(16), batch_size=8)
    for path in kept.iterdir():
        if not (home / path.name).exists():
            shutil.copy(path, home / path.name)
    return root, marker


@pytest.fixture
def project(built: tuple[Path, str], tmp_path: Path) -> tuple[Path, str]:
    """A copy of the built project, leftover generations and all, for one test to erase in."""
    source, marker = built
    root = tmp_path / "project"
    shutil.copytree(source, root)
    return root, marker


@pytest.fixture(scope="module")
def two_built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """SPEC-200 and SPEC-100 (its text carrying the marker) ingested once, nothing else: each
    test that starts from them works in its own copy (``two``)."""
    marker = "Qx" + secrets.token_hex(6) + "Zr"
    root = tmp_path_factory.mktemp("erase-two") / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "spec-200.md").write_text(KEPT)
    (root / "documents" / "spec-100.md").write_text(_erased_spec(marker))
    Project.ingest(root)
    return root, marker


@pytest.fixture
def two(two_built: tuple[Path, str], tmp_path: Path) -> tuple[Path, str]:
    """A copy of ``two_built`` for one test to write in."""
    source, marker = two_built
    root = tmp_path / "project"
    shutil.copytree(source, root)
    return root, marker


def _record(root: Path, folder: Path, marker: str) -> Path:
    """A check's audit record citing SPEC-100 (its claim and quote carry the marker)."""
    answer = Answer.model_validate({
        "question": f"Which admixture is barred ({marker})?",
        "context": {"valid_at": "2026-05-01"},
        "claims": [{"text": f"The {marker} admixture is not permitted in slabs on grade.",
                    "citations": [{"locator": "SPEC-100#2.1.C", "quote": f"The {marker} admixture is not permitted"}]}],
    })
    with Project.open(root) as opened:
        verdict = opened.check(answer)
    return append_record(folder, answer, verdict)


@pytest.mark.slow
def test_no_byte_of_an_erased_document_remains_and_the_record_says_so(project: tuple[Path, str], tmp_path: Path) -> None:
    root, marker = project
    audit = root / "audit"  # inside the project: the grep below reads it too
    elsewhere = tmp_path / "audit-elsewhere"
    inside, outside = _record(root, audit, marker), _record(root, elsewhere, marker)
    served = _record(root, root / ".inforce" / "audit", marker)  # where the service keeps its records
    before = _holders(root, marker)
    assert any(name.startswith(".inforce/graph-") for name in before)
    assert any(name.startswith(".inforce/texts-") for name in before)
    assert len([n for n in before if n.startswith(".inforce/graph-")]) >= 3  # two earlier generations kept
    assert str(inside.relative_to(root)) in before
    with Project.open(root) as opened:
        assert opened.stats().embeddings > 0
        assert opened.stats().table_rows >= 2 and opened.stats().callouts >= 2
        result = opened.erase("SPEC-100", by="R. Keeper", audit_dirs=[elsewhere])
        drawing = opened.erase("DWG-S-900", by="R. Keeper")

        assert result.erasure.state == "done" and result.erasure.revisions == ("0", "1")
        assert sorted(result.files_removed) == ["documents/spec-100-rev1.md", "documents/spec-100.md"]
        assert result.vectors_removed > 0 and result.remaining == () and result.files_checked > 0
        assert drawing.files_removed == ("documents/S-900.drawing.yaml",)
        assert len(result.audit_records) == 3
        assert _holders(root, marker) == []
        assert _holders(elsewhere, marker) == []

        # show, history and asof of it: its tombstone, by ids and dates, said erased (issue 23:
        # an erasure removes the text, never what was in force when), and no word of the text
        erased_note = (result.erasure.id, "R. Keeper")
        shown_erased = opened.show("SPEC-100#2.1.C")
        assert shown_erased.text == "" and shown_erased.erased is not None
        assert (shown_erased.erased.erasure, shown_erased.erased.by) == erased_note
        assert all(rev.erased is not None for rev in shown_erased.revisions)
        versions = opened.history("SPEC-100#2.1").versions
        assert versions and all(v.erased is not None for v in versions if v.locator.doc == "SPEC-100")
        in_force = opened.asof("SPEC-100#2.1.A", dt.date(2026, 5, 1))
        assert in_force.erased is not None and (in_force.erased.erasure, in_force.erased.by) == erased_note
        assert not in_force.text
        # the other document still answers, and is still embedded
        shown = opened.show("SPEC-200#1.1.B")
        assert "two finish coats" in shown.text
        assert opened.stats().embeddings > 0  # the vectors of what is kept were put back

        # the rewritten records replay to what was erased, never recomputed
        (rewritten,) = [new for old, new in result.audit_records if old == inside.relative_to(root).as_posix()]
        assert str(outside) in [old for old, _ in result.audit_records]  # outside the project: as given
        stored = read_record(root / rewritten)
        assert stored["erased"]["erasure"] == result.erasure.id and stored["erased"]["document"] == "SPEC-100"
        assert stored["verdict"]["claims"][0]["citations"][0]["resolved"].startswith("SPEC-100@")
        replayed = opened.replay(stored)
        assert replayed.same is False
        assert any("erased by R. Keeper" in change and result.erasure.id in change for change in replayed.changes)
        assert replayed.differences[0].startswith("not recomputed")
    assert not inside.exists() and not outside.exists() and not served.exists()

    # erasures.yaml: ids and hashes only
    record = (root / ERASURES_FILE).read_text()
    assert marker not in record and "SPEC-100" in record and "state: \"done\"" in record

    # putting the file back does not bring the text back: the ingest says why it skipped it
    (root / "documents" / "spec-100.md").write_text(_erased_spec(marker))
    again = Project.ingest(root)
    assert any("SPEC-100" in str(w) and result.erasure.id in str(w) for w in again.warnings)
    assert "documents/spec-100.md" in again.skipped
    assert _holders(root / ".inforce", marker) == []
    # so does an edited copy under another name (the revision is what is erased)
    (root / "documents" / "spec-100.md").unlink()
    (root / "documents" / "copy.md").write_text(_erased_spec(marker).replace("plain footing", "plain"))
    again = Project.ingest(root)
    assert "documents/copy.md" in again.skipped
    assert _holders(root / ".inforce", marker) == []
    # a revision of the drawing issued later is also kept out: the whole document was erased
    (root / "documents" / "copy.md").unlink()

    # erasing it again: nothing left to do
    with Project.open(root) as opened:
        assert opened.erase("SPEC-100", by="R. Keeper").already_done


@pytest.mark.slow
def test_an_erasure_that_cannot_rebuild_changes_nothing(tmp_path: Path) -> None:
    """A rebuild that fails (a file added since the last ingest does not read) refuses the
    erasure, and the record is taken back. (An edge another document declares to the erased one
    no longer fails it: the erased revision's tombstone keeps the paths it targets, issue 23.)"""
    root = tmp_path / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "spec-200.md").write_text(KEPT)
    (root / "documents" / "add.md").write_text("""---
id: ADD-1
kind: addendum
title: Addendum 1
revision: "0"
seq: 1
issued: 2026-04-01
effective: {from: 2026-04-01}
recorded: 2026-04-01T09:00:00Z
supersedes:
  - target: SPEC-200#1.1.B
    scope: full
    effective: 2026-04-01
    by: ADD-1#1.1
---
1.1 Replace paragraph 1.1.B of Section 09 90 00 with: "Apply three finish coats."
""")
    Project.ingest(root)
    (root / "documents" / "broken.md").write_text("---\nid: [not, an, id]\n---\nno front matter that reads\n")
    with Project.open(root) as opened:
        build = opened.build_id
        with pytest.raises(InputErrors):
            opened.erase("SPEC-200", by="R. Keeper")
        assert not (root / ERASURES_FILE).exists()
        assert (root / "documents" / "spec-200.md").exists()
        assert opened.build_id == build and "two finish coats" in opened.show("SPEC-200#1.1.B").text


@pytest.mark.slow
def test_a_pending_erasure_stops_ingest_until_it_is_finished(project: tuple[Path, str]) -> None:
    """Cut short after its record was written (here: the record as a crash leaves it), an
    erasure keeps every ingest out until it is run again, which finishes it."""
    root, marker = project
    with Project.open(root) as opened:
        done = opened.erase("DWG-S-900", by="R. Keeper")
    pending = (root / ERASURES_FILE).read_text().replace('state: "done"', 'state: "pending"')
    (root / ERASURES_FILE).write_text(pending)
    with pytest.raises(InputErrors) as refused:  # an ingest's failure, the graph unchanged
        Project.ingest(root)
    assert any("did not finish" in str(problem) for problem in refused.value.exceptions)
    with Project.open(root, finishing=True) as opened:  # to run it again
        finished = opened.erase("DWG-S-900", by="R. Keeper")
    assert finished.erasure.id == done.erasure.id and finished.erasure.state == "done"
    Project.ingest(root)  # no longer refused


@pytest.mark.slow
def test_erasing_one_revision_keeps_the_others(project: tuple[Path, str]) -> None:
    root, marker = project
    with Project.open(root) as opened:
        result = opened.erase("SPEC-100", "0", by="R. Keeper")
        assert result.erasure.scope == "revision" and result.files_removed == ("documents/spec-100.md",)
        assert opened.show("SPEC-100@1#2.1.C").text
        erased = opened.show("SPEC-100@0#2.1.C")  # its tombstone (issue 23): no text, said erased
        assert erased.text == "" and erased.erased is not None


@pytest.mark.slow
def test_erase_refuses_without_who_or_for_an_unknown_document(project: tuple[Path, str]) -> None:
    root, _ = project
    with Project.open(root) as opened:
        with pytest.raises(InputError) as missing:
            opened.erase("SPEC-100", by=" ")
        assert missing.value.field == "by"
        with pytest.raises(NotFoundError, match="no document SPEC-999"):
            opened.erase("SPEC-999", by="R. Keeper")
        with pytest.raises(NotFoundError, match="revisions held: 0, 1"):
            opened.erase("SPEC-100", "7", by="R. Keeper")
    assert not (root / ERASURES_FILE).exists()


def test_a_bad_erasures_file_is_an_input_error_naming_it(tmp_path: Path) -> None:
    from inforce.engine.erasures import read_erasures

    (tmp_path / ERASURES_FILE).write_text("erasures:\n  - id: nope\n    document: X\n")
    with pytest.raises(InputError) as bad:
        read_erasures(tmp_path)
    assert bad.value.file == ERASURES_FILE and bad.value.field.startswith("erasures[0]")


def test_a_record_citing_nothing_erased_is_left_as_it_is() -> None:
    from inforce.engine.erase import redact_record
    from inforce.ontology.erasure import Erasure

    entry = Erasure(id="ERASE-0123456789ab", document="SPEC-100", scope="revision", revisions=("0",),
                    by="R. Keeper", at=dt.datetime(2026, 5, 1, tzinfo=dt.UTC))
    other = {"answer": {"claims": [{"text": "x", "citations": [{"locator": "SPEC-1000#1"}]}]},
             "verdict": {"verdict": "answer", "claims": [{"text": "x", "status": "ok",
                                                          "in_force": "SPEC-100@1#2.1"}]}}
    assert redact_record(other, entry) is None  # another document, and a revision not erased


@pytest.mark.slow
def test_erasing_the_only_document_leaves_an_empty_graph(tmp_path: Path) -> None:
    marker = "Qx" + secrets.token_hex(6) + "Zr"
    root = tmp_path / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "spec-100.md").write_text(_erased_spec(marker))
    Project.ingest(root)
    with Project.open(root) as opened:
        result = opened.erase("SPEC-100", by="R. Keeper")
        # what is left is its tombstone (issue 23): dates and paths, no text
        assert result.remaining == () and opened.stats().revisions == 1
        assert opened.show("SPEC-100#2.1.C").erased is not None
    assert _holders(root, marker) == []


@pytest.mark.slow
def test_only_those_who_could_read_it_are_told_it_was_erased(tmp_path: Path) -> None:
    root = tmp_path / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "spec-200.md").write_text(KEPT)
    restricted = _erased_spec("Qx" + secrets.token_hex(6) + "Zr").replace("seq: 1\n", "seq: 1\naccess: [legal]\n", 1)
    (root / "documents" / "spec-100.md").write_text(restricted)
    Project.ingest(root)
    with Project.open(root) as opened:
        opened.erase("SPEC-100", by="R. Keeper")
        # its tombstone carries its access (issue 23): shown erased to the group, to no one else
        told = opened.show("SPEC-100#2.1.C", groups=["legal"])
        assert told.erased is not None and told.erased.by == "R. Keeper"
        untold = opened.show("SPEC-100#2.1.C")  # refused as before the erasure, nothing said of it
        assert isinstance(untold, Refusal) and untold.reason == "access_restricted"
        assert "erase" not in repr(untold) and "R. Keeper" not in repr(untold)
        # erasing it again: the erasure told to an asker of the group, to no one else (audit A3)
        again = opened.erase("SPEC-100", by="admin", groups=["legal"])
        assert not isinstance(again, Refusal) and again.already_done and again.erasure.by == "R. Keeper"
        # to anyone else, refused as before the erasure (its tombstone keeps its access, issue 23)
        hidden = opened.erase("SPEC-100", by="admin", groups=[])
        assert isinstance(hidden, Refusal) and hidden.reason == "access_restricted"
        assert "erase" not in hidden.detail and "R. Keeper" not in repr(hidden)


def _cached(root: Path) -> set[str]:
    import sqlite3

    db = sqlite3.connect(root / ".inforce" / "embeddings.sqlite")
    try:
        return {row[0] for row in db.execute("SELECT hash FROM vectors")}
    finally:
        db.close()


def _live(root: Path) -> set[str]:
    from inforce.engine.store import GraphStore
    from inforce.engine.store.erase import live_text_hashes

    with GraphStore.open(root, read_only=True) as store:
        return live_text_hashes(store)


@pytest.mark.slow
def test_the_vectors_of_a_documents_earlier_texts_go_with_it(two: tuple[Path, str]) -> None:
    """A document edited in place (same revision label) leaves the vectors of its earlier texts
    in the cache, keyed by hashes the graph no longer names: its erasure removes them too."""
    root, _ = two
    edited = "Ed" + secrets.token_hex(6) + "Zr"
    Project.embed(root, HashingEmbedder(16), batch_size=8)
    first = _cached(root)
    (root / "documents" / "spec-100.md").write_text(_erased_spec(edited))
    Project.ingest(root)
    Project.embed(root, HashingEmbedder(16), batch_size=8)
    earlier = _cached(root) - _live(root)
    assert earlier and earlier <= first  # the pre-edit texts' vectors, named by no provision now
    with Project.open(root) as opened:
        result = opened.erase("SPEC-100", by="R. Keeper")
        assert opened.stats().embeddings > 0  # SPEC-200 keeps its vectors
    left = _cached(root)
    assert not left & earlier and left <= _live(root) and left
    assert result.vectors_removed >= len(earlier)


@pytest.mark.slow
def test_a_record_of_a_check_decided_before_an_erasure_written_after_it_is_redacted(
    two: tuple[Path, str], tmp_path: Path,
) -> None:
    """A check in flight on the old generation while the erasure ran: its record, written once
    the erasure is done, is redacted as it is written (``Project.keep_record``)."""
    root, marker = two
    answer = Answer.model_validate({
        "question": "Which admixture is barred?", "context": {"valid_at": "2026-05-01"},
        "claims": [{"text": f"The {marker} admixture is not permitted in slabs on grade.",
                    "citations": [{"locator": "SPEC-100#2.1.C", "quote": f"The {marker} admixture is not permitted"}]}],
    })
    with Project.open(root) as opened:
        verdict = opened.check(answer)
        result = opened.erase("SPEC-100", by="R. Keeper")
    kept = Project.keep_record(root, root / ".inforce" / "audit", answer, verdict)
    stored = read_record(kept)
    assert stored["erased"]["erasure"] == result.erasure.id
    assert _holders(root, marker) == []
    # a record citing nothing erased is written as it is
    other = Answer.model_validate({"question": "Coats?", "context": {"valid_at": "2026-05-01"},
                                   "claims": [{"text": "Two finish coats.", "citations": [{"locator": "SPEC-200#1.1.B"}]}]})
    with Project.open(root) as opened:
        plain = read_record(Project.keep_record(root, tmp_path / "audit", other, opened.check(other)))
    assert "erased" not in plain and plain["answer"]["claims"][0]["text"] == "Two finish coats."


@pytest.mark.slow
def test_the_read_back_finds_fragments_of_the_erased_text(two: tuple[Path, str]) -> None:
    """A quote of a few words, or one clause of a provision in another case, left in a file the
    erasure does not rewrite, is found by the read-back and reported (not only whole texts)."""
    root, marker = two
    (root / "notes").mkdir()
    (root / "notes" / "quote.txt").write_text(f"they said: the {marker} admixture\n")
    (root / "notes" / "clause.txt").write_text("ratio? MAXIMUM WATER-CEMENTITIOUS MATERIALS RATIO, as agreed\n")
    (root / "notes" / "unrelated.txt").write_text("Apply two finish coats over one primer coat.\n")
    with Project.open(root) as opened:
        result = opened.erase("SPEC-100", by="R. Keeper")
    assert sorted(result.remaining) == ["notes/clause.txt", "notes/quote.txt"]


@pytest.mark.slow
def test_review_decisions_on_an_erased_document_go_with_it(tmp_path: Path) -> None:
    """A review entry naming an erased item or target would stop the rebuild (it names nothing
    then), and its note may quote the erased words: the erasure removes it, keeps the others."""
    marker = "Qx" + secrets.token_hex(6) + "Zr"
    root = tmp_path / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "spec-200.md").write_text(KEPT)
    (root / "documents" / "spec-100.md").write_text(_erased_spec(marker))
    (root / "documents" / "add.md").write_text("""---
id: ADD-1
kind: addendum
title: Addendum 1
revision: "0"
seq: 1
issued: 2026-04-01
effective: {from: 2026-04-01}
recorded: 2026-04-01T09:00:00Z
---
1.1 Coordinate the painting of exposed concrete with the finishes schedule.
""")
    (root / "reviews.yaml").write_text(f"""# kept decisions
- item: ADD-1#1.1
  target: SPEC-100#2.1.C
  scope: full
  decision: reject
  by: R. Viewer
  at: 2026-04-02T09:00:00Z
  note: "not the {marker} admixture"
- item: ADD-1#1.1
  target: SPEC-200#1.1.B
  scope: partial
  decision: reject
  by: R. Viewer
  at: 2026-04-02T09:05:00Z
  note: two coats stay
""")
    Project.ingest(root)
    with Project.open(root) as opened:
        result = opened.erase("SPEC-100", by="R. Keeper")
        assert result.remaining == ()
        kept = opened.readings().reviewed
    assert [(r.target.format(), r.note) for r in kept] == [("SPEC-200#1.1.B", "two coats stay")]
    assert _holders(root, marker) == []


@pytest.mark.slow
def test_what_an_erasure_keeps_cannot_confirm_a_guess_of_the_text(two: tuple[Path, str]) -> None:
    """An unkeyed hash of a short quote is recovered by hashing guesses: the rewritten record's
    marks are keyed with a secret kept nowhere, and erasures.yaml keeps no hash of a provision."""
    import hashlib

    root, marker = two
    erased_hashes = _live(root)
    quote = f"The {marker} admixture is not permitted"
    written = _record(root, root / "audit", marker)
    with Project.open(root) as opened:
        result = opened.erase("SPEC-100", by="R. Keeper")
    erased_hashes -= _live(root)
    assert erased_hashes
    ((_, new),) = result.audit_records
    text = (root / new).read_text()
    stored = read_record(root / new)
    mark = stored["answer"]["claims"][0]["citations"][0]["quote"]
    assert mark.startswith("[erased hmac-sha256:")
    assert hashlib.sha256(quote.encode()).hexdigest() not in text  # a guess hashed plainly confirms nothing
    claim = stored["answer"]["claims"][0]["text"]
    assert stored["verdict"]["claims"][0]["text"] == claim  # the same text, the same mark
    record = (root / ERASURES_FILE).read_text()
    assert not any(h in record for h in erased_hashes)
    assert not written.exists()


def _block_is_filled() -> bool:
    """Whether a block the C allocator hands out now holds the fill (``store._heap``): 4 KiB, past
    the per-thread cache that hands blocks back untouched."""
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    block = libc.malloc(4096)
    try:
        return ctypes.string_at(block, 4096) == b"\xa5" * 4096  # the complement of the fill byte
    finally:
        libc.free(block)


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="the allocator fill is glibc's")
def test_an_erasure_fills_what_the_allocator_hands_out_from_then_on(two: tuple[Path, str]) -> None:
    """Kuzu writes bytes of the process's freed memory into pages it fills in part
    (tests/engine/store/test_heap.py shows it); the erased text read by the rebuild, or quoted by
    a check before, must not reach the new generation, so the erasure turns the fill on."""
    root, _ = two
    assert not _block_is_filled()
    with Project.open(root) as opened:
        opened.erase("SPEC-100", by="R. Keeper")
    assert _block_is_filled()
