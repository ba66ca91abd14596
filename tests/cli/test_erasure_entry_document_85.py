"""An ``erasures.yaml`` entry names the document its erased revisions are of (audit 85 A F1: an
entry edited to name another document was taken with a warning, and ingest then kept a public
revision nobody erased out of the graph, "erased by" the entry's author; a ``document`` that is no
document id at all, ``../../etc/passwd``, was taken too). Either is an input error at the entry."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

_HEAD = "---\nid: {id}\nkind: specification\ntitle: {title}\nissued: 2026-01-01\neffective: {{from: 2026-01-01}}\n" \
        "recorded: 2026-01-01T00:00:00Z\n---\n"


@pytest.fixture(scope="module")
def erased(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("er85") / "p"
    docs = root / "documents"
    docs.mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: er85\nfacets: []\nrules:\n  - stock: precedence/none\n", encoding="utf-8")
    (docs / "keep.md").write_text(_HEAD.format(id="KEEP-1", title="Masonry") + "1 GENERAL\n\n1.1 Mortar type S.\n",
                                  encoding="utf-8")
    (docs / "gone.md").write_text(_HEAD.format(id="GONE-1", title="Old") + "1 GENERAL\n\n1.1 Withdrawn words here.\n",
                                  encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    done = runner.invoke(app, ["erase", str(root), "GONE-1", "--by", "J R", "--confirm", "GONE-1"])
    assert done.exit_code in (0, 1), done.output
    return root


@pytest.mark.parametrize(("named", "said"), [("KEEP-1", "not of KEEP-1"), ("../../etc/passwd", "erasures[0].document")])
def test_an_entry_naming_another_document_is_refused_at_its_line(erased: Path, tmp_path: Path, named: str,
                                                                   said: str) -> None:
    root = Path(shutil.copytree(erased, tmp_path / "p", symlinks=True))
    record = root / "erasures.yaml"
    text = record.read_text(encoding="utf-8")
    assert 'document: "GONE-1"' in text or "document: GONE-1" in text, text
    record.write_text(text.replace('document: "GONE-1"', f'document: "{named}"').replace(
        "document: GONE-1", f'document: "{named}"'), encoding="utf-8")
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    assert "erasures.yaml:" in done.output and said in done.output, done.output
    shown = CliRunner().invoke(app, ["show", str(root), "KEEP-1"])
    assert shown.exit_code == 0 and "Mortar type S" in shown.output, shown.output  # nothing kept out
