"""Hand edits of ``erasures.yaml`` that would have an erasure act on another document (audit 89 A): a pending
entry whose source names a public document's file (its hash with it) had ``erase`` delete that file and the
document go from the graph (F1, high); two entries erasing one revision were both taken, each asker told
another erasure (F2). Each is an input error at its entry, nothing deleted. And a register that is a link in
a loop is said to be one, not "does not exist" (audit 89 B F1)."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

_HEAD = ("---\nid: {id}\nkind: specification\ntitle: {title}\nrevision: \"0\"\nissued: 2026-01-01\n"
         "effective: {{from: 2026-01-01}}\nrecorded: 2026-01-01T00:00:00Z\n---\n")


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("er89") / "p"
    docs = root / "documents"
    docs.mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: er89\nfacets: []\nrules:\n  - stock: precedence/none\n", encoding="utf-8")
    (docs / "spec-1.md").write_text(_HEAD.format(id="SPEC-1", title="Concrete") + "3 EXECUTION\n\n3.1 Cure for 7 days.\n",
                                    encoding="utf-8")
    (docs / "old-1.md").write_text(_HEAD.format(id="OLD-1", title="Withdrawn") + "1 GENERAL\n\n1.1 Old words.\n",
                                   encoding="utf-8")
    (docs / "old-1-r1.md").write_text(_HEAD.format(id="OLD-1", title="Withdrawn").replace('revision: "0"', 'revision: "1"')
                                      .replace("2026-01-01", "2026-03-01") + "1 GENERAL\n\n1.1 Newer words.\n", encoding="utf-8")
    assert CliRunner().invoke(app, ["ingest", str(root)]).exit_code == 0
    return root


def _entry(ident: str, document: str, file: str, sha: str, state: str = "pending", scope: str = "document") -> str:
    return (f'  - id: "{ident}"\n    document: "{document}"\n    scope: "{scope}"\n    revisions: ["0"]\n    by: "aud"\n'
            f'    at: "2026-06-01T00:00:00Z"\n    state: "{state}"\n    access: null\n'
            f'    sources: [{{"revision": "0", "file": "{file}", "file_sha256": "{sha}", "content_hash": "", "metadata": []}}]\n')


def test_a_pending_entry_naming_another_documents_file_deletes_nothing(ingested: Path, tmp_path: Path) -> None:
    root = Path(shutil.copytree(ingested, tmp_path / "p", symlinks=True))
    victim = root / "documents" / "spec-1.md"
    sha = hashlib.sha256(victim.read_bytes()).hexdigest()
    (root / "erasures.yaml").write_text("erasures:\n" + _entry("ERASE-aaaaaaaaaaaa", "OLD-1", "documents/spec-1.md", sha),
                                        encoding="utf-8")
    done = CliRunner().invoke(app, ["erase", str(root), "OLD-1", "--by", "aud", "--confirm", "OLD-1"])
    assert done.exit_code == 2, done.output
    assert "erasures.yaml:" in done.output and "erasures[0].sources[0].file" in done.output, done.output
    assert "a file of another document, not of OLD-1" in done.output and "SPEC-1" not in done.output, done.output
    assert victim.read_bytes() and (root / "documents" / "old-1.md").exists()  # nothing deleted


def test_a_pending_entry_naming_another_revisions_file_deletes_nothing(ingested: Path, tmp_path: Path) -> None:
    # audit 90 A F1: an entry erasing revision 0 named the same document's revision-1 file; finishing it deleted that
    # file, which nobody erased, and the next ingest dropped OLD-1@1
    root = Path(shutil.copytree(ingested, tmp_path / "p", symlinks=True))
    victim = root / "documents" / "old-1-r1.md"
    sha = hashlib.sha256(victim.read_bytes()).hexdigest()
    (root / "erasures.yaml").write_text(
        "erasures:\n" + _entry("ERASE-aaaaaaaaaaaa", "OLD-1", "documents/old-1-r1.md", sha, scope="revision"),
        encoding="utf-8")
    done = CliRunner().invoke(app, ["erase", str(root), "OLD-1", "--revision", "0", "--by", "aud", "--confirm", "OLD-1"])
    assert done.exit_code == 2, done.output
    assert "erasures[0].sources[0].file" in done.output and "does not list (0)" in done.output, done.output
    assert victim.exists() and (root / "documents" / "old-1.md").exists()  # nothing deleted


def test_two_entries_erasing_one_revision_are_refused_at_the_second(ingested: Path, tmp_path: Path) -> None:
    root = Path(shutil.copytree(ingested, tmp_path / "p", symlinks=True))
    sha = hashlib.sha256((root / "documents" / "old-1.md").read_bytes()).hexdigest()
    (root / "erasures.yaml").write_text(
        "erasures:\n" + _entry("ERASE-aaaaaaaaaaaa", "OLD-1", "documents/old-1.md", sha, "done", "revision")
        + _entry("ERASE-bbbbbbbbbbbb", "OLD-1", "documents/old-1.md", sha, "done", "revision"), encoding="utf-8")
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    assert "erasures[1].revisions" in done.output and "erasures[0] erased revision 0 of OLD-1 already" in done.output, \
        done.output


def test_a_register_that_is_a_link_in_a_loop_is_said_so(ingested: Path, tmp_path: Path) -> None:
    root = Path(shutil.copytree(ingested, tmp_path / "p", symlinks=True))
    os.symlink("register.csv", root / "register.csv")
    manifest = root / "inforce.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "registry: register.csv\n", encoding="utf-8")
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    assert "not a regular file (a symbolic link that loops)" in done.output and "does not exist" not in done.output, \
        done.output


def test_a_done_entry_added_by_hand_is_acted_on_by_the_next_incremental_ingest(ingested: Path, tmp_path: Path) -> None:
    # audit 90 A F2: the file unchanged, the ingest said "up to date" and served the text the entry calls erased
    # until a fresh build; now the covered revision is read again and kept out, as a fresh build keeps it out
    root = Path(shutil.copytree(ingested, tmp_path / "p", symlinks=True))
    sha = hashlib.sha256((root / "documents" / "old-1.md").read_bytes()).hexdigest()
    (root / "erasures.yaml").write_text(
        "erasures:\n" + _entry("ERASE-aaaaaaaaaaaa", "OLD-1", "documents/old-1.md", sha, "done", "revision"),
        encoding="utf-8")
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    assert "OLD-1@0 was erased by aud" in done.output and "1 removed" in done.output, done.output
    shown = CliRunner().invoke(app, ["show", str(root), "OLD-1@0#1.1"])
    assert shown.exit_code != 0 and "Old words" not in shown.output, shown.output
    again = CliRunner().invoke(app, ["show", str(root), "OLD-1@1#1.1"])
    assert again.exit_code == 0 and "Newer words" in again.output, again.output  # the other revision stays


def test_a_done_entry_naming_another_documents_file_is_refused_by_ingest(ingested: Path, tmp_path: Path) -> None:
    # audit 90 A F3: taken without a word (a later erase run then called the public file one still holding erased text)
    root = Path(shutil.copytree(ingested, tmp_path / "p", symlinks=True))
    sha = hashlib.sha256((root / "documents" / "spec-1.md").read_bytes()).hexdigest()
    (root / "erasures.yaml").write_text(
        "erasures:\n" + _entry("ERASE-aaaaaaaaaaaa", "OLD-1", "documents/spec-1.md", sha, "done", "revision"),
        encoding="utf-8")
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    assert "erasures[0].sources[0].file" in done.output and "a file of another document, not of OLD-1" in done.output
    assert "SPEC-1" not in done.output, done.output
    shown = CliRunner().invoke(app, ["show", str(root), "SPEC-1#3.1"])
    assert shown.exit_code == 0 and "Cure for 7 days" in shown.output, shown.output  # the graph unchanged
