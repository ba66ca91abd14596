"""Audit 44 L2: an erasure killed while its entry in ``erasures.yaml`` read ``pending`` left
``show``, ``resolve`` and ``sweep`` serving the document's full text, exit 0; only an ingest
refused. The owner asked for the text to go: until the erasure is run again, opening the project
to answer is refused at the entry's line, naming the command that finishes it."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from inforce.ontology import InputError
from tests.support.erasure_cases import hold_erase_lock, leave_erasure_pending

runner = CliRunner()

_SPEC = ("---\nid: SPEC-1\nkind: specification\ntitle: Concrete\neffective: {from: 2026-01-01}\n"
         "recorded: 2026-01-01T00:00:00Z\n---\n# 1 General\n## 1.1 Scope\nA. Concrete shall be 4,000 psi "
         "with zzerasedword aggregate.\n")


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """SPEC-1 ingested, then its erasure cut short: ``erasures.yaml`` says pending."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: a44\n")
    (root / "documents" / "spec-1.md").write_text(_SPEC)
    Project.ingest(root)
    leave_erasure_pending(root, "SPEC-1", monkeypatch)
    assert 'state: "pending"' in (root / "erasures.yaml").read_text()
    return root


def test_show_is_refused_at_the_pending_entry_and_a_rerun_finishes(project: Path) -> None:
    shown = runner.invoke(app, ["show", str(project), "SPEC-1#1.1.A"])
    assert shown.exit_code == 2, shown.output
    assert "zzerasedword" not in shown.output
    assert "erasures.yaml" in shown.output and "did not finish" in shown.output
    assert "erase SPEC-1 again to finish it" in " ".join(shown.output.split())

    erased = runner.invoke(app, ["erase", str(project), "SPEC-1", "--by", "aud", "--confirm", "SPEC-1"])
    assert erased.exit_code == 0, erased.output
    assert 'state: "pending"' not in (project / "erasures.yaml").read_text()
    gone = runner.invoke(app, ["show", str(project), "SPEC-1#1.1.A"])
    # finished, the revision is its tombstone (issue 23): shown erased, without a word of its text
    assert gone.exit_code == 0 and "its text is not kept" in gone.output and "zzerasedword" not in gone.output


def test_the_front_refuses_to_open_and_names_the_line(project: Path) -> None:
    with pytest.raises(InputError) as refused:
        Project.open(project)
    assert refused.value.file == "erasures.yaml" and refused.value.line is not None
    assert refused.value.field == "erasures[0].state"
    Project.open(project, finishing=True).close()  # what runs the erasure again, and lag


def test_an_erasure_running_now_is_not_refused(project: Path) -> None:
    """Pending while the erasure still runs is its normal course: reads go on until its swap."""
    holder = hold_erase_lock(project)
    try:
        Project.open(project).close()
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.flush()
        holder.wait(timeout=30)


def test_embed_is_refused_while_an_erasure_is_pending(project: Path) -> None:
    """Audit 45 M2: ``embed`` ran through a pending erasure, giving the erased text to the model
    and writing a new generation of the store; it is refused like every reading command."""
    before = sorted(p.name for p in (project / ".inforce").iterdir())
    embedded = runner.invoke(app, ["embed", str(project)])
    assert embedded.exit_code == 2, embedded.output
    assert "erasures.yaml" in embedded.output and "did not finish" in embedded.output
    assert sorted(p.name for p in (project / ".inforce").iterdir()) == before


def test_a_restricted_revisions_unfinished_erasure_is_refused_without_its_words(tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Audit 74 A F2: the refusal goes to every asker of the project (opening it knows no asker),
    and it named the erased document, who erased it and when - for a revision only ``owners``
    could read, told to an asker of no group, where ``lag`` withholds the same entry. An erasure
    recorded with access is now told by its place in the record alone; the operator reads it there."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: a74\n")
    (root / "documents" / "secret-9.md").write_text(_SPEC.replace("SPEC-1", "SECRET-9").replace(
        "title: Concrete\n", "title: Concrete\naccess: [owners]\n"))
    Project.ingest(root)
    leave_erasure_pending(root, "SECRET-9", monkeypatch)
    record = (root / "erasures.yaml").read_text()
    assert 'state: "pending"' in record and "owners" in record
    for groups in ([], ["--groups", "nobody"]):
        shown = runner.invoke(app, ["stats", str(root), *groups])
        assert shown.exit_code == 2, shown.output
        said = " ".join(shown.output.split())
        assert "erasures.yaml" in said and "did not finish" in said and "erasures[0].state" in said
        assert "SECRET-9" not in said and "ERASE-" not in said, said
