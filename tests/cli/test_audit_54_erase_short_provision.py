"""Audit 54 (9, high): a provision too short for the record to keep a fingerprint of
("B. Vault code 58213.") was found in two notes by the first ``erase``; after one note was
removed, the second run read back only for the runs the record kept, none of them this
provision's, printed "none holds the erased text" and exited 0 while the other note still held
it. Now the record names such provisions by locator (``Erasure.read_back_not_kept``), and a run
again says they were not looked for and exits 1, never confirming what it did not look for.

The record's hashes are salted and slow (``RunHashes``) and keep no run short or plain enough
to list: the test holds that the short provision's words leave no hash an unsalted guess would
match. The CLI in this process (``tests/support/in_process``) on a real ingested project."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from erase_read_back import erase_doc

from inforce.engine import Project
from inforce.engine.erasures import read_erasures
from inforce.ontology.readback import RunHashes, words_of
from tests.support.corpus_writer import FRONT_MATTER

LONG = "Provide vault hardware as scheduled on the drawings for every secure room."
SHORT = "Vault code 58213."


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit54") / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: v\nfacets: []\nrules: []\n")
    front = FRONT_MATTER.format(id="SPEC-1", kind="specification", title="Section SPEC-1", day="2026-01-01", extra="")
    (root / "documents" / "spec-1.md").write_text(front + f"1.1 ITEMS\n\nA. {LONG}\n\nB. {SHORT}\n")
    Project.ingest(root)
    return root


def _erase(root: Path) -> tuple[int, str]:
    return erase_doc(root, "SPEC-1")


def test_erasing_again_names_a_short_provision_it_cannot_look_for_and_exits_1(ingested: Path, tmp_path: Path) -> None:
    root = shutil.copytree(ingested, tmp_path / "project")
    (root / "notes").mkdir()
    for name in ("a.txt", "b.txt"):
        (root / "notes" / name).write_text(f"{SHORT}\n")
    code, output = _erase(root)
    assert code == 1 and "notes/a.txt" in output and "notes/b.txt" in output, output
    assert "SPEC-1@A#1.1.B" in output  # the first run says a later one cannot look for it

    (root / "notes" / "a.txt").unlink()
    code, output = _erase(root)
    assert code == 1, output  # notes/b.txt still holds it: never confirmed
    assert "read back again" in output and "not looked for" in output and "SPEC-1@A#1.1.B" in output
    assert "none holds the erased text\n" not in output

    (entry,) = read_erasures(root)
    assert entry.read_back_not_kept == ("SPEC-1@A#1.1.B",) and len(entry.read_back_salt) == 32
    # salted: the long provision's runs do not match an unsalted hash of the same words
    kept = RunHashes.decode(entry.read_back_runs, salt=bytes.fromhex(entry.read_back_salt))
    assert kept.found(words_of(LONG)) and not RunHashes.decode(entry.read_back_runs).found(words_of(LONG))
    # no run of the short provision is kept, salted or not
    assert not kept.found(words_of(f"B. {SHORT}"))


def test_an_old_record_without_salt_still_reads_back_and_says_so(ingested: Path, tmp_path: Path) -> None:
    """A record kept before salts were (unsalted BLAKE2b runs) reads back as it did, and says its form."""
    root = shutil.copytree(ingested, tmp_path / "project")
    assert _erase(root)[0] == 0  # the first run looked for everything and found nothing
    record = root / "erasures.yaml"
    (entry,) = read_erasures(root)
    old = RunHashes.of([tuple(words_of(LONG))]).encoded  # the old form: unsalted, all runs of 5+ words
    text = record.read_text().replace(entry.read_back_runs, old)
    text = "".join(f"{line}\n" for line in text.splitlines()
                   if not line.strip().startswith(("read_back_salt:", "read_back_not_kept:")))
    record.write_text(text)
    (root / "notes").mkdir()
    (root / "notes" / "c.txt").write_text(f"A. {LONG}\n")
    code, output = _erase(root)
    assert code == 1 and "notes/c.txt" in output and "kept in the old form" in output, output
    (root / "notes" / "c.txt").unlink()
    code, output = _erase(root)
    assert code == 0 and "none holds the erased text" in output, output
