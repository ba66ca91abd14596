"""An ``erasures.yaml`` entry lists the revisions its erasure deleted, and one of a whole document lists
every revision that was there (audit 86 A F2: an entry erasing revision 1, edited to list revision 0, or
0 and 1, or to erase the whole document, was taken with a warning, and ingest then kept the public
revision 0 out of the graph, "erased by" the entry's author, no tombstone, its file still there). Each
edit is an input error at the entry; a revision of the document recorded after the erasure is still
kept out by an erasure of the whole document."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

_HEAD = ("---\nid: SPEC-1\nkind: specification\ntitle: Concrete\nrevision: \"{rev}\"\nissued: {day}\n"
         "effective: {{from: {day}}}\nrecorded: {day}T00:00:00Z\n---\n")


@pytest.fixture(scope="module")
def erased(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("er86") / "p"
    docs = root / "documents"
    docs.mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: er86\nfacets: []\nrules:\n  - stock: precedence/none\n", encoding="utf-8")
    (docs / "spec-1.md").write_text(_HEAD.format(rev="0", day="2026-01-01") + "3 EXECUTION\n\n3.1 Cure for 7 days.\n",
                                    encoding="utf-8")
    (docs / "spec-1-r1.md").write_text(_HEAD.format(rev="1", day="2026-03-01") + "3 EXECUTION\n\n3.1 Cure for 9 days.\n",
                                       encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    done = runner.invoke(app, ["erase", str(root), "SPEC-1", "--revision", "1", "--by", "J R", "--confirm", "SPEC-1"])
    assert done.exit_code in (0, 1), done.output
    return root


@pytest.mark.parametrize(("old", "new", "said"), [
    ('revisions: ["1"]', 'revisions: ["0"]', "it lists revisions '0', but the files it erased are of revisions '1'"),
    ('revisions: ["1"]', 'revisions: ["0", "1"]', "it lists revisions '0', '1', but the files it erased"),
    ('scope: "revision"', 'scope: "document"', "revision 0, recorded before it (2026-01-01T00:00:00Z), is not among them"),
], ids=["another revision", "one more revision", "the whole document"])
def test_an_entry_listing_more_than_its_erasure_deleted_is_refused_at_its_line(
        erased: Path, tmp_path: Path, old: str, new: str, said: str) -> None:
    root = Path(shutil.copytree(erased, tmp_path / "p", symlinks=True))
    record = root / "erasures.yaml"
    text = record.read_text(encoding="utf-8")
    assert old in text, text
    record.write_text(text.replace(old, new, 1), encoding="utf-8")
    with (root / "documents" / "spec-1.md").open("a", encoding="utf-8") as file:
        file.write("\n3.2 Protect from frost.\n")  # the public revision read again
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    assert "erasures.yaml:" in done.output and said in done.output, done.output
    shown = CliRunner().invoke(app, ["show", str(root), "SPEC-1@0"])
    assert shown.exit_code == 0 and "Cure for 7 days" in shown.output, shown.output  # kept as it was


def test_a_later_revision_of_a_document_erased_whole_is_still_kept_out(erased: Path, tmp_path: Path) -> None:
    root = Path(shutil.copytree(erased, tmp_path / "p", symlinks=True))
    runner = CliRunner()
    done = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "J R", "--confirm", "SPEC-1"])
    assert done.exit_code in (0, 1), done.output
    (root / "documents" / "spec-1-r2.md").write_text(
        _HEAD.format(rev="2", day="2099-01-01") + "3 EXECUTION\n\n3.1 Cure for 11 days.\n", encoding="utf-8")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    assert "SPEC-1@2 was erased by J R" in done.output, done.output
