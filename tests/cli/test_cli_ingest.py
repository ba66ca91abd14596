"""`inforce init|ingest|show|stats` end to end, and every bad input leaving the graph as it was."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from inforce.ontology import Locator
from inforce.ontology.scalars import written_visibly

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)


def graph_state(project: Path) -> dict:
    """Everything a user could read back from the graph: counts, build id, documents, edges."""
    with Project.open(project) as opened:
        store = opened.snapshot.store
        stats = store.stats()
        figures = stats.model_dump() if hasattr(stats, "model_dump") else dict(vars(stats))
        figures.pop("db_bytes", None)
        documents = sorted(store.document(meta.uid).model_dump_json() for meta in store.documents())
        edges = sorted(edge.model_dump_json() for edge in store.supersedes())
        return {"stats": figures, "build": store.build_id(), "documents": documents, "edges": edges}


@pytest.mark.parametrize(
    "name", ["riverside-library", "sop-retention", "label-dosing", "followup-handbooks"]
)
@pytest.mark.slow
def test_every_example_ingests_and_every_provision_shows(name, ingested_example):
    """The run's one ingest of each example (``Project.ingest``, as ``inforce ingest`` runs it;
    it raises if the ingest fails), read only: every provision shows its own text."""
    project = ingested_example(name)  # read only
    with Project.open(project) as opened:
        documents = opened.snapshot.store.documents()
        assert documents
        shown = 0
        for meta in documents:
            document = opened.snapshot.store.document(meta.uid)
            assert document.provisions, f"{meta.uid} has no provisions"
            for provision in document.provisions:
                view = opened.show(document.provision_locator(provision.path), groups=document.access or ())
                assert view.text == provision.text
                shown += 1
    assert shown > 20
    last = f"{document.uid}#{document.provisions[-1].path}"
    done = invoke("show", project, last, "--format", "json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["text"] == document.provisions[-1].text


def test_show_prints_the_provision_its_revisions_and_edges(ingested_example):
    project = ingested_example("riverside-library")  # read only
    done = invoke("show", project, "SPEC-033000#2.1.A", "--format", "json")
    assert done.exit_code == 0, done.stderr
    view = json.loads(done.stdout)
    assert view["locator"] == "SPEC-033000@0#2.1.A"
    assert view["text"] == "A. Compressive strength at 28 days: not less than 4,000 psi."
    assert view["document"]["kind"] == "specification"
    assert [r["revision"] for r in view["revisions"]] == ["0"]
    edge = next(e for e in view["edges"] if e["origin"] == "declared")
    assert (edge["source"], edge["scope"], edge["by"]) == ("ADD-02@0", "full", "ADD-02#1.3")
    text = invoke("show", project, "SPEC-033000#2.1.A")
    assert "not less than 4,000 psi" in text.stdout and "ADD-02" in text.stdout


def test_show_of_a_missing_provision_names_it(ingested_example):
    project = ingested_example("sop-retention")  # read only
    done = invoke("show", project, "SOP-114@D#7.4.2")
    assert done.exit_code == 2
    assert "7.4.2" in done.stderr


def test_stats_counts_what_was_ingested(ingested_example):
    project = ingested_example("sop-retention")  # read only
    done = invoke("stats", project, "--format", "json")
    figures = json.loads(done.stdout)
    assert figures["revisions"] == len(list((project / "documents").rglob("*.md")))
    assert figures["project"] == "sop-retention" and figures["index_build"]


@pytest.mark.slow
def test_reingest_skips_unchanged_files_and_replaces_changed_ones(tmp_path, ingested_example):
    project = ingested_example.copy("sop-retention", tmp_path / "sop-retention")  # the run's one ingest
    again = json.loads(invoke("ingest", project, "--format", "json").stdout)
    assert again["graph_replaced"] is False and again["added"] == [] and again["unchanged"] > 0

    rev_d = project / "documents" / "sop-114-rev-d.md"
    rev_d.write_text(rev_d.read_text().replace("7 years", "8 years"))
    changed = json.loads(invoke("ingest", project, "--format", "json").stdout)
    assert changed["replaced"] == ["SOP-114@D"] and changed["added"] == []
    with Project.open(project) as opened:
        _, provision = opened.snapshot.store.provision(Locator.parse("SOP-114@D#5.2"))
        assert "8 years" in provision.text

    rev_d.unlink()
    removed = json.loads(invoke("ingest", project, "--format", "json").stdout)
    assert removed["removed"] == ["SOP-114@D"]


def test_init_scaffolds_a_project_that_ingests(tmp_path):
    project = tmp_path / "new-project"
    done = invoke("init", project)
    assert done.exit_code == 0, done.output
    assert "facets" in (project / "inforce.yaml").read_text()
    assert invoke("ingest", project).exit_code == 0
    shown = invoke("show", project, "SOP-001#2.2", "--format", "json")
    assert "7 years" in json.loads(shown.stdout)["text"]
    assert invoke("init", project).exit_code == 2  # never overwrites a project


FRONT = """---
id: {id}
kind: {kind}
title: Test
revision: "{rev}"
seq: {seq}
issued: 2025-01-01
effective: {{from: {start}{until}}}
recorded: 2025-01-01T09:00:00Z
{extra}---
1 PURPOSE

1.1 A test paragraph.
"""


def _doc(**fields: str) -> str:
    values = {"id": "T-1", "kind": "sop", "rev": "A", "seq": "1", "start": "2025-01-01", "until": "", "extra": ""}
    values.update(fields)
    return FRONT.format(**values)


BAD_INPUTS = {
    "malformed front matter": ("bad.md", "---\nid: T-1\nkind: sop\n1 PURPOSE\n", 1, "front matter"),
    "malformed yaml": ("bad.md", _doc(extra="access: [qa\n"), 10, ""),
    "unknown kind": ("bad.md", _doc(kind="memo"), 3, "kind"),
    "invalid date": ("bad.md", _doc(start="2025-02-30"), 8, "date"),
    "until before from": ("bad.md", _doc(until=", until: 2024-06-01"), 8, "until"),
    "unparsable locator": (
        "bad.md",
        _doc(extra="supersedes:\n  - target: 'SOP 114#5'\n    scope: full\n"),
        11,
        "locator",
    ),
    "supersedes target missing": (
        "bad.md",
        _doc(extra="supersedes:\n  - target: NOPE-9#1.1\n    scope: full\n"),
        11,
        "NOPE-9",
    ),
    "duplicate id and revision": ("dup.md", _doc(id="SOP-114", rev="C", seq="9"), None, "SOP-114"),
    "same effective date without distinct seq": (
        "same.md",
        _doc(id="SOP-114", rev="C2", seq="2", start="2024-06-01"),
        None,
        "seq",
    ),
    "missing sidecar": ("scan.pdf", "%PDF-1.4\n", None, "sidecar"),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
@pytest.mark.slow
def test_bad_input_is_a_file_line_error_and_leaves_the_graph_unchanged(case, tmp_path, ingested_example):
    # the run's one ingest of the example; each case adds its file to its own copy
    project = ingested_example.copy("sop-retention", tmp_path / "sop-retention")
    before = graph_state(project)
    name, content, line, words = BAD_INPUTS[case]
    (project / "documents" / name).write_text(content)

    done = invoke("ingest", project)

    assert done.exit_code == 2, done.output
    where = f"documents/{name}:{line}:" if line is not None else f"documents/{name}"
    assert where in done.stderr, done.stderr
    assert words.lower() in done.stderr.lower(), done.stderr
    assert graph_state(project) == before


@pytest.mark.slow
def test_a_failure_part_way_through_ingest_leaves_the_previous_graph(tmp_path, monkeypatch, ingested_example):
    import inforce.adapters.ingest.pipeline as pipeline
    import inforce.adapters.ingest.reader as reader

    project = ingested_example.copy("riverside-library", tmp_path / "riverside-library")  # the run's one ingest
    before = graph_state(project)
    for path in (project / "documents").glob("*.md"):
        path.write_text(path.read_text() + "\n")  # every file changed: all are re-parsed
    real = reader.parse_document_with_warnings
    calls = {"n": 0}

    def fail_on_the_third(path, root, **options):
        calls["n"] += 1
        if calls["n"] == 3:
            raise OSError(f"disk read failed on {path.name}")
        return real(path, root, **options)

    monkeypatch.setattr(reader, "parse_document_with_warnings", fail_on_the_third)
    with pytest.raises(OSError, match="disk read failed"):
        pipeline.ingest_project(project)
    assert calls["n"] == 3
    assert graph_state(project) == before
    monkeypatch.undo()
    assert invoke("ingest", project).exit_code == 0


def test_json_goes_to_the_file_named_by_dash_o_and_never_half_written(tmp_path, ingested_example):
    project = ingested_example("sop-retention")  # read only: the output goes to tmp_path
    target = tmp_path / "stats.json"
    done = invoke("stats", project, "--format", "json", "-o", target)
    assert done.exit_code == 0 and done.stdout == ""
    assert json.loads(target.read_text())["project"] == "sop-retention"
    assert not list(tmp_path.glob(".stats.json.partial"))
    missing = invoke("stats", project, "--format", "json", "-o", tmp_path / "no" / "such" / "x.json")
    assert missing.exit_code == 2 and "-o" in missing.stderr


def test_an_error_without_a_file_is_not_given_a_fake_location(ingested_example):
    project = ingested_example("sop-retention")  # read only
    done = invoke("show", project, "not a locator")
    assert done.exit_code == 2
    assert "cannot parse locator" in done.stderr and "<input>" not in done.stderr


def test_a_line_break_in_the_project_name_is_refused_at_its_line(tmp_path: Path) -> None:
    """Issue 23: ``project: "river\\nforged"`` made ingest's summary two lines, the second one
    the manifest's words. Since audit 51 a project name holding a character that cannot be seen
    (a line break, like U+202E) is an input error at the manifest's line, as a group name is;
    nothing is built."""
    project = tmp_path / "named"
    (project / "documents").mkdir(parents=True)
    (project / "inforce.yaml").write_text('project: "river\\nforged: 0 added, nothing to see"\n')
    shutil.copy(EXAMPLES / "riverside-library" / "documents" / "spec-014500.md", project / "documents")
    done = invoke("ingest", project)
    assert done.exit_code == 2, done.output
    assert not any(line.startswith("forged") for line in done.output.splitlines()), done.output
    assert "inforce.yaml:1:10: project:" in done.output and "U+000A" in done.output
    assert not (project / ".inforce").exists() or not any((project / ".inforce").glob("build-*"))


@pytest.mark.parametrize("name", ["null", "true", "#x", 'we"ird: [x', "a\nb: 1", "bad\x1bname", "\u202eevil", "a\\b"])
def test_init_writes_any_folder_name_so_that_its_next_step_reads_it(tmp_path, name):
    """``init NAME`` wrote the name as plain YAML: ``null``, ``#x`` or a line break made a
    manifest ``ingest`` refused (a line break could add keys), and ESC was printed raw."""
    project = tmp_path / name
    done = invoke("init", project)
    assert done.exit_code == 0, done.output
    assert "\x1b" not in done.stderr and "\u202e" not in done.stderr and "\nb: 1" not in done.stderr
    assert invoke("ingest", project).exit_code == 0
    with Project.open(project) as opened:  # a character a name may not hold is written out as its code
        assert opened.snapshot.manifest.project == written_visibly(name)
        assert ("\n" in name) == ("U+000A" in opened.snapshot.manifest.project)
        assert "\\" not in opened.snapshot.manifest.project  # a path separator too (one segment of a path)
