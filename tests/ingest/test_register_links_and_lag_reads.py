"""A register row whose file is a symlink is an error at its row, never a row that vanishes
(audit 23h, M1); a symlinked folder under documents/ is named; and ``lag`` reads only what
decides a pending file's access, never the whole file (M2)."""

from __future__ import annotations

import datetime as dt
import os
import time
from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.adapters.ingest.registry import registry_from_file
from inforce.engine import Project
from inforce.ontology import InputErrors

HEADER = "file,id,title,kind,revision,seq,issued,effective_from,recorded\n"
ROW_1 = "documents/sop-001.md,SOP-001,Open,sop,A,1,2026-12-01,2026-12-01,2026-12-01T09:00:00Z\n"
BODY = "1 PURPOSE\n\nThe text.\n"


def project(tmp_path: Path, rows: str) -> Path:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nregistry: register.csv\n")
    (root / "register.csv").write_text(HEADER + rows)
    (root / "documents" / "sop-001.md").write_text(BODY)
    return root


def test_a_register_row_whose_file_is_a_symlink_is_an_error_at_the_row(tmp_path):
    root = project(tmp_path, ROW_1 + "documents/link3.md,SOP-010,T,sop,R10,1,2026-12-02,2026-12-03,"
                   "2026-12-02T09:00:00Z\n")
    os.symlink("sop-001.md", root / "documents" / "link3.md")
    with pytest.raises(InputErrors) as raised:
        ingest_project(root)
    said = "\n".join(str(e) for e in raised.value.exceptions)
    assert "register.csv:3" in said and "documents/link3.md is a symlink (to documents/sop-001.md)" in said
    with pytest.raises(InputErrors):  # lag reads the register the same way: the row never vanishes
        registry_from_file(root / "register.csv", display="register.csv", root=root)


def test_a_row_whose_folder_is_a_symlink_is_an_error_too(tmp_path):
    root = project(tmp_path, ROW_1 + "documents/sub/x.md,SOP-011,T,sop,R1,1,2026-12-02,2026-12-03,"
                   "2026-12-02T09:00:00Z\n")
    (root / "real").mkdir()
    (root / "real" / "x.md").write_text(BODY)
    os.symlink("../real", root / "documents" / "sub")
    with pytest.raises(InputErrors) as raised:
        registry_from_file(root / "register.csv", display="register.csv", root=root)
    assert "documents/sub is a symlink (to real)" in str(raised.value.exceptions[0])


@pytest.mark.slow
def test_a_symlinked_folder_under_documents_is_named_not_skipped_silently(tmp_path):
    root = project(tmp_path, ROW_1)
    (root / "real").mkdir()
    os.symlink("../real", root / "documents" / "sub")
    result = ingest_project(root)
    assert "documents/sub" in result.skipped
    assert any("symlinked folder" in str(w) for w in result.warnings)


@pytest.mark.slow
def test_lag_reads_only_the_front_matter_of_a_large_pending_file(tmp_path):
    root = project(tmp_path, ROW_1)
    ingest_project(root)
    rows = (ROW_1 + "documents/big.md,SOP-040,T,sop,R40,1,2026-12-02,2026-12-03,2026-12-02T09:00:00Z\n"
            "documents/open.md,SOP-041,T,sop,R41,1,2026-12-02,2026-12-03,2026-12-02T09:00:00Z\n"
            "documents/unclosed.md,SOP-042,T,sop,R42,1,2026-12-02,2026-12-03,2026-12-02T09:00:00Z\n")
    (root / "register.csv").write_text(HEADER + rows)
    # past the first 64 KiB each body turns to bytes that are no UTF-8: a lag that read a file
    # whole would fail on it and withhold its row from everyone (whole files of 120 MB took 3 s
    # a call); one that reads only what decides access never meets them
    line = b"The text of an ordinary paragraph, long enough to fill the prefix quickly.\n"
    past = line * (80 * 1024 // len(line)) + b"\xff\xfe" * (512 * 1024)
    with (root / "documents" / "big.md").open("wb") as out:
        out.write(b"---\naccess: [owners]\n---\n1 PURPOSE\n\n" + past)
    with (root / "documents" / "open.md").open("wb") as out:
        out.write(b"1 PURPOSE\n\n" + past)  # public by its row
    with (root / "documents" / "unclosed.md").open("wb") as out:
        out.write(b"---\naccess: [owners]\n" + b"x: 1\n" * (1024 * 1024 // 5))  # never closed
    nobody = Project.lag(root, groups=())
    owners = Project.lag(root, groups=("owners",))
    assert [str(p.locator) for p in nobody.pending] == ["SOP-041@R41"]
    assert set(nobody.withheld) == {"SOP-040", "SOP-042"}
    assert [str(p.locator) for p in owners.pending] == ["SOP-040@R40", "SOP-041@R41"]
    assert owners.withheld == ("SOP-042",)  # its front matter does not close in the prefix: no reader


def test_before_any_ingest_a_pending_row_without_access_is_its_documents(tmp_path):
    """A row with no access of its own, beside a restricted file of the same document, is
    withheld from who may not read that file, as it is once the graph holds the file."""
    root = project(tmp_path, "documents/sop-002.md,SOP-002,S,sop,A,1,2026-12-01,2026-12-01,2026-12-01T09:00:00Z\n"
                   ",SOP-002,S,sop,B,2,2026-12-02,2026-12-03,2026-12-02T09:00:00Z\n")
    (root / "documents" / "sop-001.md").unlink()
    (root / "documents" / "sop-002.md").write_text("---\naccess: [owners]\n---\n" + BODY)
    nobody = Project.lag(root, groups=())
    assert nobody.pending == () and nobody.withheld == ("SOP-002",)
    owners = Project.lag(root, groups=("owners",))
    assert [str(p.locator) for p in owners.pending] == ["SOP-002@A", "SOP-002@B"]


def test_lag_with_groups_left_out_answers_as_an_asker_of_no_group(tmp_path):
    """Audit 73 A L1: ``Project.lag(root)`` with ``groups`` left out answered as the operator, a
    restricted pending revision named with its file, where every other question of the front
    (audit 72 A L2) and the CLI's ``lag`` without --groups answer as an asker of no group.
    The operator's whole report is asked for by ``groups=None``."""
    root = project(tmp_path, "documents/sop-002.md,SOP-002,S,sop,A,1,2026-12-01,2026-12-01,2026-12-01T09:00:00Z\n")
    (root / "documents" / "sop-001.md").unlink()
    (root / "documents" / "sop-002.md").write_text("---\naccess: [owners]\n---\n" + BODY)
    now = dt.datetime(2026, 12, 6, 12, 0, tzinfo=dt.UTC)
    left_out = Project.lag(root, now=now)
    assert left_out.pending == () and left_out.withheld == ("SOP-002",)
    assert left_out == Project.lag(root, now=now, groups=())
    assert [str(p.locator) for p in Project.lag(root, groups=None).pending] == ["SOP-002@A"]


def test_an_akoma_ntoso_file_past_the_input_bound_is_refused_by_its_size(tmp_path: Path) -> None:
    """Ninth audit M2: lag read a pending Akoma Ntoso act whole on every call (304 MB: 4.8 s,
    2.4 GB). Its size is checked before anything is read, as for every input, ingest and lag alike."""
    from inforce.adapters.ingest.documents import read_revision
    from inforce.ontology.files import MAX_INPUT_BYTES

    root = tmp_path / "laws"
    (root / "documents").mkdir(parents=True)
    big = root / "documents" / "act.xml"
    with big.open("wb") as out:
        out.truncate(MAX_INPUT_BYTES + 1)  # sparse: no memory or disk spent
    started = time.perf_counter()
    with pytest.raises(InputErrors) as refused:
        read_revision(big, root)
    assert "over the limit of 64 MiB" in str(refused.value.exceptions[0])
    assert time.perf_counter() - started < 1.0


def test_lag_names_a_pending_akoma_ntoso_file_past_the_bound_by_its_size(tmp_path: Path) -> None:
    """Tenth audit L1: a register row naming an act (whose metadata is the act's own) over the
    size limit was reported as a row missing its id, effective and recorded; the file's own
    problem is the row's, as ingest says it."""
    from inforce.ontology.files import MAX_INPUT_BYTES

    root = tmp_path / "laws"
    (root / "documents").mkdir(parents=True)
    (root / "register.csv").write_text("file,access\ndocuments/act.xml,owners\n")
    with (root / "documents" / "act.xml").open("wb") as out:
        out.truncate(MAX_INPUT_BYTES + 1)  # sparse: no memory or disk spent
    with pytest.raises(InputErrors) as refused:
        registry_from_file(root / "register.csv", display="register.csv", root=root)
    said = [str(error) for error in refused.value.exceptions]
    assert len(said) == 1 and said[0].startswith("documents/act.xml: ") and "over the limit of 64 MiB" in said[0]
