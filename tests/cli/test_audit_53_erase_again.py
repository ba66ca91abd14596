"""Audit 53 (4, high): ``erase`` exits 1 naming the files that still hold the erased text and
says to remove it and erase again; after one of two copies was removed, running it again said
"... nothing left to do" and exited 0 without reading anything back, while the other copy still
held the text. Now a run on an erasure already done reads the project back again, for the runs
of words whose hashes the record kept (``Erasure.read_back_runs``: never a word of the text),
and exits 1 while a copy is left, 0 once none is.

The CLI in this process (``tests/support/in_process``) on a real ingested project."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from erase_read_back import erase_doc

from inforce.engine import Project
from inforce.ontology.readback import RunHashes, WordRuns, read_back, runs_of
from tests.support.corpus_writer import FRONT_MATTER

SENTENCE = "The Qvorlak badge readers are mounted at forty-two inches above the finished floor of every vestibule."


def _front(doc: str) -> str:
    return FRONT_MATTER.format(id=doc, kind="specification", title=f"Section {doc}", day="2026-01-01", extra="")


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit53") / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: q\nfacets: []\nrules: []\n")
    (root / "documents" / "sec-1.md").write_text(_front("SEC-1") + f"1.1 READERS\n\nA. {SENTENCE}\n")
    (root / "documents" / "pub-1.md").write_text(_front("PUB-1") + "2.1 DOORS\n\nA. Doors are painted green.\n")
    Project.ingest(root)
    return root


def _erase(root: Path) -> tuple[int, str]:
    return erase_doc(root, "SEC-1")


def test_erasing_again_reads_back_again_until_no_copy_is_left(ingested: Path, tmp_path: Path) -> None:
    root = shutil.copytree(ingested, tmp_path / "project")
    (root / "notes").mkdir()
    for name in ("a.txt", "b.txt"):
        (root / "notes" / name).write_text(f"{SENTENCE}\n")
    code, output = _erase(root)
    assert code == 1 and "notes/a.txt" in output and "notes/b.txt" in output, output

    (root / "notes" / "a.txt").unlink()  # one copy removed, as the first run asked
    code, output = _erase(root)
    assert code == 1, output
    assert "read back again" in output and "notes/b.txt" in output and "notes/a.txt" not in output
    assert "nothing left to do" not in output

    (root / "notes" / "b.txt").unlink()
    code, output = _erase(root)
    assert code == 0, output
    assert "read back again" in output and "none holds the erased text" in output

    # what the record keeps for it is hashes: no word of the text is in erasures.yaml
    record = (root / "erasures.yaml").read_text()
    assert "read_back_runs" in record and "qvorlak" not in record.lower() and "vestibule" not in record.lower()


def test_an_erasure_recorded_without_runs_says_it_cannot_read_back(ingested: Path, tmp_path: Path) -> None:
    """A record from before the runs were kept has nothing to look for: said, never "none holds"."""
    root = shutil.copytree(ingested, tmp_path / "project")
    assert _erase(root)[0] == 0
    record = root / "erasures.yaml"
    lines = record.read_text().splitlines()
    record.write_text("".join(f"{line}\n" for line in lines if not line.strip().startswith("read_back_runs:")))
    code, output = _erase(root)
    assert code == 0, output
    assert "not read back: the record keeps nothing" in output and "none holds" not in output


def test_run_hashes_find_what_the_runs_find_and_read_back_from_their_encoding(tmp_path: Path) -> None:
    runs = WordRuns(runs_of(SENTENCE))
    kept = RunHashes.decode(RunHashes.of(runs).encoded)
    assert len(kept) == len(runs) and kept.longest == runs.longest
    copy = tmp_path / "copy.txt"
    copy.write_text("Memo: " + SENTENCE.upper().replace(" ", "\n  ") + " End.")
    other = tmp_path / "other.txt"
    other.write_text(SENTENCE.replace("forty-two", "forty-eight"))
    assert read_back(copy, runs).holds and read_back(copy, kept).holds
    # every run of eight words the sentence holds crosses "forty two" but the first two
    assert read_back(other, kept).holds == read_back(other, runs).holds
    assert not read_back(other, RunHashes.of(run for run in runs if "two" in run)).holds
    with pytest.raises(ValueError):
        RunHashes.decode("AAAA")  # three bytes: no whole run
