"""Audit 43: every option that writes a file goes through the one output check
(``_common.outside_project_files``), which asks the front which paths are the project's own
(``Project.own_path_at``): its store, its documents folder, its manifest, its review and erasure
records, the register and pack files its manifest names. ``--decision-log`` appended to the
store's pointer (M3); ``-o`` replaced the manifest, ``rules new`` wrote a pack into documents/
(M4). Also: a duplicate key in an answer file is named by the answer's field and line, never a
flag; a review's note has a documented cap."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inforce.ontology.ingest import REVIEW_NOTE_MAX
from tests.cli.test_outputs_outside_documents import _project, _run
from tests.support.review_project import write_review_project

from project_copies import ingested_copy


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The riverside example ingested once for the run (the one the earlier output checks use), a copy."""
    return _project(tmp_path)


def _state(root: Path) -> dict[str, bytes]:
    """Every file of the project (store included), by its path: what a refused command leaves as it was."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_a_decision_log_inside_the_project_is_refused_and_nothing_is_written(project: Path) -> None:
    before = _state(project)
    pointer = project / ".inforce" / "CURRENT"
    for log, says in [(pointer, "is inside the project's store (.inforce)"),
                      (project / "documents" / "log.md", "is inside the project's documents folder"),
                      (project / "inforce.yaml", "is the project's manifest (inforce.yaml)"),
                      (project / "reviews.yaml", "is the project's review record (reviews.yaml)")]:
        for args in (("eligible", project, "--valid-at", "2026-05-01"),
                     ("precedence", project, "SPEC-033000#2.1.A", "ADD-01#2.1", "--valid-at", "2026-05-01")):
            refused = _run(*args, "--decision-log", log, code=2)
            assert f"--decision-log: {log} {says}" in " ".join(refused.output.split()), refused.output
    assert _state(project) == before
    _run("stats", project)  # the project still opens
    beside = project.parent / "decisions.jsonl"
    _run("eligible", project, "--valid-at", "2026-05-01", "--decision-log", beside)
    assert json.loads(beside.read_text().splitlines()[0])["endpoint"] == "eligible"


def test_o_never_replaces_a_file_the_project_reads(project: Path) -> None:
    (project / "rules").mkdir()
    _run("rules", "new", project / "rules" / "local.yaml")
    manifest = project / "inforce.yaml"
    # a register and a pack file the manifest names (the check reads the manifest as it is now)
    manifest.write_text(manifest.read_text().replace("rules:\n", "rules:\n  - path: rules/local.yaml\n")
                        + "registry: register.csv\n")
    before = _state(project)
    for target, says in [("inforce.yaml", "is the project's manifest (inforce.yaml)"),
                         ("reviews.yaml", "is the project's review record (reviews.yaml)"),
                         ("erasures.yaml", "is the project's erasure record (erasures.yaml)"),
                         ("register.csv", "is the project's register (register.csv)"),
                         ("rules/local.yaml", "is a rule pack the manifest lists (rules/local.yaml)"),
                         ("documents/stats.txt", "is inside the project's documents folder"),
                         (".inforce/stats.txt", "is inside the project's store (.inforce)")]:
        refused = _run("stats", project, "-o", project / target, code=2)
        assert f"-o: {project / target} {says}" in " ".join(refused.output.split()), refused.output
    assert _state(project) == before
    _run("stats", project, "-o", project / "stats.txt")  # beside them: written
    assert (project / "stats.txt").read_text()


def test_writers_without_a_project_stay_out_of_any_project_holding_their_path(project: Path) -> None:
    before = _state(project)
    for path, args, option in [
        (project / "documents" / "x.yaml", ("rules", "new"), "PATH"),
        (project / ".inforce" / "x.yaml", ("rules", "new"), "PATH"),
        (project / "reviews.yaml", ("rules", "new"), "PATH"),
        (project / "documents" / "rules", ("rules", "doc", "--write"), "--write"),
        (project / "documents" / "keys.yaml", ("serve", "--add-key", "ana", "--keys"), "--keys"),
        (project / "inforce.yaml", ("rules", "schema", "-o"), "-o"),
    ]:
        refused = _run(*args, path, code=2)
        assert f"{option}: {path} is" in " ".join(refused.output.split()), refused.output
    assert _state(project) == before
    refused = _run("serve", project, "--keys", project.parent / "keys.yaml", "--decision-log",
                   project / ".inforce" / "CURRENT", code=2)
    assert "--decision-log:" in refused.output and "store" in refused.output
    assert _state(project) == before
    (project / "rules").mkdir()
    made = _run("rules", "new", project / "rules" / "x.yaml")  # a pack beside documents/: written
    assert "created" in made.output and (project / "rules" / "rule-pack.schema.json").is_file()


def test_a_key_written_twice_in_an_answer_is_named_by_the_answers_field_and_line(project: Path) -> None:
    answer = project.parent / "twice.json"
    answer.write_text('{"question": "q",\n "context": {"valid_at": "2026-05-01",\n'
                      '  "valid_at": "2026-05-02", "groups": []},\n "claims": []}\n')
    refused = _run("check", project, "--answer", answer, code=2)
    assert f"{answer}:3: context.valid_at: the key 'valid_at' appears twice" in refused.output, refused.output
    assert "--valid-at" not in refused.output


def test_a_review_note_past_its_cap_is_refused_naming_the_option(tmp_path: Path) -> None:
    root = ingested_copy("review-project", lambda r: _run("ingest", write_review_project(r)), tmp_path / "p")
    assert f"at most {REVIEW_NOTE_MAX:,}" in " ".join(_run("review", "--help").output.split())
    reviews = root / "reviews.yaml"
    refused = _run("review", root, "accept", "ADD-04#1.2", "--by", "M. Okafor", "--note",
                   "x" * (REVIEW_NOTE_MAX + 1), code=2)
    assert f"--note: {REVIEW_NOTE_MAX + 1:,} characters" in refused.output, refused.output
    assert not reviews.exists()
    _run("review", root, "accept", "ADD-04#1.2", "--by", "M. Okafor", "--note", "x" * REVIEW_NOTE_MAX)
    assert "x" * REVIEW_NOTE_MAX in reviews.read_text()
