"""Nothing under documents/ is skipped silently, and nothing unreadable answers as in force.

Through the real CLI: a scanned PDF is left out and named on every ingest (and as-of does
not know it), a file of a kind inforce does not read is named, a symlink inside the project
is one document that a re-ingest leaves alone, and a damaged graph is rebuilt with a word.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

from .test_ingest_hostile import SIDECAR, _pdf
from corpus_writer import write_doc

runner = CliRunner()


def _project(root: Path) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: skipped\n")
    write_doc(root, "SPEC", "2026-01-01", "2 PRODUCTS\n\n2.1 MIXES\n\nA. Strength 4,000 psi.\n")
    return root


def _ingest(root: Path) -> tuple[int, str, dict]:
    result = runner.invoke(app, ["ingest", str(root), "--format", "json"])
    return result.exit_code, result.stderr, json.loads(result.stdout) if result.stdout.strip() else {}


@pytest.mark.slow
def test_a_scanned_pdf_is_named_on_every_ingest_and_never_answers(tmp_path: Path) -> None:
    root = _project(tmp_path)
    _pdf(root / "documents" / "A-201.pdf", image=True)
    (root / "documents" / "A-201.pdf.yaml").write_text(SIDECAR)
    code, said, summary = _ingest(root)
    assert code == 0 and "documents/A-201.pdf" in said and "no text layer" in said
    assert summary["skipped"] == ["documents/A-201.pdf"] and summary["added"] == ["SPEC@0"]
    asked = runner.invoke(app, ["asof", str(root), "A-201", "--valid-at", "2026-05-01"])
    assert asked.exit_code == 2 and "in_force" not in asked.stdout  # not known, so never "in force"
    again, said_again, second = _ingest(root)
    assert again == 0 and "documents/A-201.pdf" in said_again  # named again, not forgotten
    assert second["graph_replaced"] is False  # and nothing else to do: the graph stays


@pytest.mark.slow
def test_a_file_of_a_kind_inforce_does_not_read_is_named(tmp_path: Path) -> None:
    root = _project(tmp_path)
    (root / "documents" / "notes.txt").write_text("2.1.A is wrong, see RFI 7\n")
    (root / "documents" / ".hidden.md").write_text("editor swap file\n")
    (root / "documents" / ".old").mkdir()
    (root / "documents" / ".old" / "spec-1.md").write_text("an earlier copy\n")
    code, said, summary = _ingest(root)
    assert code == 0 and "documents/notes.txt: not read" in said
    # hidden files and folders are not read, and named (ninth audit M3: they were skipped silently);
    # a hidden folder is named once, not what it holds
    assert summary["skipped"] == ["documents/.hidden.md", "documents/.old", "documents/notes.txt"]
    assert "documents/.hidden.md: hidden" in said and "documents/.old: hidden" in said and "spec-1.md" not in said
    assert "symlinked" not in said


def test_a_symlink_inside_the_project_is_one_document_a_reingest_leaves_alone(tmp_path: Path) -> None:
    root = _project(tmp_path)
    os.symlink("spec.md", root / "documents" / "current-spec.md")
    code, _, first = _ingest(root)
    assert code == 0 and first["added"] == ["SPEC@0"]
    code, _, second = _ingest(root)
    assert code == 0 and second["graph_replaced"] is False and second["added"] == second["removed"] == []


@pytest.mark.slow
def test_ingest_says_it_rebuilt_a_damaged_graph(tmp_path: Path) -> None:
    root = _project(tmp_path)
    assert _ingest(root)[0] == 0
    (pointer,) = [p for p in (root / ".inforce").iterdir() if p.name.startswith("graph-")]
    with open(pointer, "r+b") as graph:
        graph.seek(4096)
        graph.write(os.urandom(64 * 1024))
    assert runner.invoke(app, ["stats", str(root)]).exit_code == 3
    code, said, summary = _ingest(root)
    assert code == 0 and "rebuilding the graph from the documents" in said
    assert summary["graph_replaced"] is True
    assert runner.invoke(app, ["stats", str(root)]).exit_code == 0


@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_text_that_looks_like_a_date_is_stored_as_text(tmp_path: Path) -> None:
    """Found by the CLI fuzzer: Kuzu's JSON loader read an id "2025-02-29" as a DATE and failed
    (exit 3 on a good document). Both the bulk load and the small-delta load are covered."""
    root = tmp_path
    (root / "documents").mkdir()
    (root / "inforce.yaml").write_text("project: dates\n")
    write_doc(root, "2025-02-29", "2026-01-01", "1 SCOPE\n\n1.1 Text.\n")
    assert _ingest(root)[0] == 0
    for day in range(1, 29):  # a second, small ingest: the LOAD ... CREATE path into a table with rows
        write_doc(root, f"2025-03-{day:02d}", "2026-01-01", "1 SCOPE\n\n1.1 Text.\n")
    code, said, summary = _ingest(root)
    assert code == 0, said
    shown = runner.invoke(app, ["asof", str(root), "2025-02-29#1.1", "--valid-at", "2026-02-01", "--format", "json"])
    assert shown.exit_code == 0 and json.loads(shown.stdout)["resolved"] == "2025-02-29@0#1.1"


def test_a_facet_the_manifest_does_not_declare_is_an_input_error(tmp_path: Path) -> None:
    """``markte: [UK]`` is read by no rule: the handbook would apply to every market."""
    root = _project(tmp_path)
    (root / "inforce.yaml").write_text("project: skipped\nfacets: [market]\n")
    path = root / "documents" / "spec.md"
    path.write_text(path.read_text().replace("kind: specification\n", "kind: specification\napplies_to: {markte: [UK]}\n"))
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 2
    assert "documents/spec.md" in result.output and "applies_to.markte" in result.output
    assert "facets: market" in result.output
    assert not (root / ".inforce").exists() or runner.invoke(app, ["stats", str(root)]).exit_code == 3


@pytest.mark.slow
def test_text_changed_outside_changed_is_named_at_ingest(tmp_path: Path) -> None:
    """Rev 1 says ``changed: ["1"]`` but also edits 2.1: answers follow ``changed`` (2.1 from
    rev 0), so ingest names the difference instead of leaving two answers to disagree."""
    root = tmp_path
    (root / "documents").mkdir()
    (root / "inforce.yaml").write_text("project: changed\n")
    body = "1 SCOPE\n\n1.1 Scope {scope}.\n\n2 PRODUCTS\n\n2.1 Ratio {ratio}.\n"
    write_doc(root, "A", "2026-01-01", body.format(scope="one", ratio="0.45"))
    write_doc(root, "A-R1", "2026-03-01", body.format(scope="two", ratio="0.40"))
    first = root / "documents" / "a.md"  # a revised document labels every revision (audit 67 B F02)
    first.write_text(first.read_text().replace("id: A\n", 'id: A\nrevision: "0"\n'))
    later = root / "documents" / "a-r1.md"
    later.write_text(later.read_text().replace("id: A-R1", 'id: A\nrevision: "1"\nseq: 1\nchanged: ["1"]'))
    code, said, _ = _ingest(root)
    assert code == 0
    assert "documents/a-r1.md" in said and "changed: the text of 2.1 differs from revision 0" in said
    # a revision that lists what it changed is not named
    later.write_text(later.read_text().replace('changed: ["1"]', 'changed: ["1", "2.1"]'))
    code, said, _ = _ingest(root)
    assert code == 0 and "differs from revision" not in said


@pytest.mark.parametrize("name", ["spec.md.yaml", "spec.md.yml", "act.xml.yaml", "plan.pdf.yml", "spec.yaml",
                                  "plan.drawing.yml", "spec.md.json", "SPEC.MD.YAML",
                                  # audit 23g L5: a trailing space (a copy-paste), hidden, JSON with comments
                                  "spec.md.yaml ", ".spec.md.yaml", "spec.md.jsonc", ".plan.pdf.yaml"])
def test_a_yaml_file_that_is_no_sidecar_inforce_reads_fails_the_ingest_at_that_file(tmp_path: Path, name: str) -> None:
    """Audit 23f J1: ``spec.md.yaml`` holding ``access: [owners]`` was only "not read" and the
    document stayed public. Now any such file is an error naming it and where the metadata goes."""
    root = _project(tmp_path)
    (root / "documents" / name).write_text("access: [owners]\n")
    code, said, summary = _ingest(root)
    assert code == 2 and f"documents/{name}" in said and summary == {}
    assert not (root / ".inforce").exists() or not list((root / ".inforce").glob("graph-*"))
    if ".md." in name.lower():
        assert "front matter" in said
    if name.startswith("act"):
        assert "register" in said


def test_a_file_that_holds_no_metadata_stays_a_report(tmp_path: Path) -> None:
    root = _project(tmp_path)
    (root / "documents" / "README").write_text("how these files are kept\n")
    (root / "documents" / "photo.png").write_bytes(b"\x89PNG\r\n")
    (root / "documents" / "figures.json").write_text("[1, 2]\n")
    code, said, summary = _ingest(root)
    assert code == 0 and summary["skipped"] == ["documents/README", "documents/figures.json", "documents/photo.png"]
    (root / "documents" / ".notes.yaml").write_text("access: [owners]\n")  # hidden, named as nobody's metadata
    code, _, summary = _ingest(root)
    assert code == 0


@pytest.mark.parametrize("name", ["sop-002.md.yaml.", "sop-002.md.yaml..", "sop-002.md.y\u0430ml",
                                  "sop-002.md.\uff59aml", "sop-002.md.yaml\u200b", "sop-002.md.yaml~",
                                  "sop-002.md.ya ml"])
def test_a_name_made_to_look_like_a_sidecar_is_refused_as_the_sidecar_is(tmp_path: Path, name: str) -> None:
    """Audit 23h N5: a trailing dot (what Windows shows without it), a Cyrillic 'а', a fullwidth
    'ｙ', a zero-width space, a tilde or a space inside were only "not read" and the document
    stayed public; read as a person reads the name, each is the J1 error."""
    root = _project(tmp_path)
    (root / "documents" / name).write_text("access: [owners]\n")
    code, said, summary = _ingest(root)
    assert code == 2 and "front matter" in said and summary == {}
