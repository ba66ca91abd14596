"""Issue 23, low findings at ingest: what is no regular file (a named pipe, a socket, a symlink
leading nowhere) is named at ingest with why and never opened — a pipe would block the read."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

SPEC = """\
---
id: SPEC-1
kind: specification
title: Concrete
revision: "0"
seq: 0
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
---
SECTION 03 30 00 - CONCRETE

2.1 MIXTURES

A. Water-cement ratio: 0.45.
"""


def _project(root: Path) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: lows\nfacets: []\nrules: []\n", encoding="utf-8")
    (root / "documents" / "spec-1.md").write_text(SPEC, encoding="utf-8")
    return root


_MAIN = "from inforce.adapters.cli import main; main()"


def _ingest(project: Path) -> subprocess.CompletedProcess[str]:
    # a child process with a deadline: a read that blocks on a pipe fails the test, never hangs it
    return subprocess.run([sys.executable, "-c", _MAIN, "ingest", str(project)], capture_output=True,
                          text=True, timeout=120, cwd=project)


def _said(done: subprocess.CompletedProcess[str]) -> str:
    return " ".join(done.stderr.split())


def test_a_pipe_a_socket_and_a_dangling_link_under_documents_are_named_not_read(tmp_path: Path):
    project = _project(tmp_path / "p")
    documents = project / "documents"
    os.mkfifo(documents / "pipe.md")
    os.symlink("nowhere.md", documents / "dangling.md")
    held = socket.socket(socket.AF_UNIX)
    here = Path.cwd()
    os.chdir(documents)  # a socket's path is short; bound by its name in its folder
    try:
        held.bind("sock.md")
    finally:
        os.chdir(here)
    try:
        done = _ingest(project)
    finally:
        held.close()
    assert done.returncode == 0, done.stderr
    for name in ("pipe.md", "dangling.md", "sock.md"):
        assert f"documents/{name}: not a regular file" in _said(done), done.stderr
    assert "1 added" in done.stdout + done.stderr  # the real one is read


def test_a_sidecar_that_is_a_pipe_fails_the_ingest_at_the_sidecar(tmp_path: Path):
    project = _project(tmp_path / "p")
    (project / "documents" / "sched.csv").write_text("mark,size\nF1,600\n", encoding="utf-8")
    os.mkfifo(project / "documents" / "sched.csv.yaml")
    done = _ingest(project)
    assert done.returncode == 2, done.stderr
    assert "documents/sched.csv.yaml: a sidecar that is not a regular file" in _said(done)


def test_a_manifest_that_is_a_pipe_is_refused_not_read(tmp_path: Path):
    project = _project(tmp_path / "p")
    (project / "inforce.yaml").unlink()
    os.mkfifo(project / "inforce.yaml")
    done = _ingest(project)
    assert done.returncode == 2, done.stderr
    assert "inforce.yaml: not a regular file" in _said(done)


# -- a refused ingest's hint names only revisions the asker may read --------------------------

_REVISION = """\
---
id: SPEC-9
kind: specification
title: Concrete
revision: "{label}"
seq: {seq}
effective: {{from: 2026-03-{day}}}
recorded: 2026-03-{day}T09:00:00Z
{access}---
SECTION 03 30 00 - CONCRETE

2.1 MIXTURES

A. Water-cement ratio: 0.45.
"""

_ADDENDUM = """\
---
id: ADD-9
kind: addendum
title: Addendum 9
issued: 2026-04-10
effective: {from: 2026-04-10}
recorded: 2026-04-10T12:00:00Z
supersedes:
  - target: SPEC-9@R9#2.1.A
    scope: full
    effective: 2026-04-10
    by: ADD-9#1.1
---
ADDENDUM NO. 9

1.1 Section 03 30 00, Paragraph 2.1.A: Revise to read 0.40.
"""


def test_a_refused_ingest_s_hint_names_only_revisions_the_asker_may_read(tmp_path: Path):
    """The addendum (public) names a revision of SPEC-9 that does not exist: the problem is at a
    file everyone may read, and its hint lists SPEC-9's revisions — to an asker outside `legal`,
    never the label of the revision only `legal` may read."""
    from inforce.engine import Project
    from inforce.ontology import InputErrors

    project = _project(tmp_path / "p")
    documents = project / "documents"
    documents.joinpath("spec-9-r0.md").write_text(_REVISION.format(label="R0-open", seq=0, day="02", access=""))
    documents.joinpath("spec-9-r1.md").write_text(
        _REVISION.format(label="R1-sealed", seq=1, day="10", access="access: [legal]\n"))
    documents.joinpath("add-9.md").write_text(_ADDENDUM)

    def hint(groups: list[str] | None) -> str:
        try:  # the asker's groups: the problems as shown to them (``withhold_problems``)
            Project.ingest(project, groups=groups)
        except InputErrors as failed:
            problems = failed
        else:
            raise AssertionError("the ingest was not refused")
        (problem,) = [p for p in problems.exceptions if p.file == "documents/add-9.md"]
        assert "SPEC-9@R9#2.1.A is not in the corpus" in problem.message
        return problem.hint or ""

    assert hint(["other"]) == "SPEC-9 has revisions R0-open"
    assert hint(["legal"]) == "SPEC-9 has revisions R0-open, R1-sealed"
    assert hint(None) == "SPEC-9 has revisions R0-open, R1-sealed"  # the operator (no groups) reads all
    documents.joinpath("spec-9-r0.md").unlink()  # only the sealed revision: said as an absent document is
    assert "R1-sealed" not in hint(["other"]) and "SPEC-9" in hint(["other"])
