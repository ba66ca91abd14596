"""Audit 76 A: names read from the file system, hostile.

F1, F3, F4 — a file or folder name that is not UTF-8 (byte 0xff, or 0x9b, the 8-bit CSI) reached
the staging file, JSON and the portfolio summary as Python's lone surrogates, which none can
encode: ``ingest`` and ``lag -f json`` ended in exit 70, ``erase -f json`` too after the erasure
was done, ``sweep-all FOLDER`` with no report of any project. Such a name is now what
``ontology.files`` says it is: a document file so named is an input error naming it with those
bytes written out (``documents/bad\\xffZ.md``), the file not read; the erasure's read-back names
one so (``copy\\xfe.txt``) in every format; a portfolio's project folder so named is listed as
failed and the others are swept.

F2 — a file name's line break was printed raw by ``lag`` and ``ingest`` (ESC beside it was
written ``\\x1b``), forging lines of the operator's report: every name is printed by
``text.terminal_line``, on its one line (``\\n``).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from inforce.ontology import InputErrors

runner = CliRunner()

MANIFEST = "project: {name}\nfacets: []\nrules:\n  - stock: precedence/none\n"
DOCUMENT = ("---\nid: {id}\nkind: specification\ntitle: Concrete\nissued: 2026-01-01\n"
            "effective: {{from: 2026-01-01}}\nrecorded: 2026-01-01T00:00:00Z\n{access}---\n3 EXECUTION\n\n"
            "3.1 Concrete compressive strength at 28 days: not less than {psi} psi.\n")
#: a name that forges a line of ``lag``'s report, with ESC beside it (written ``\x1b`` before the fix too)
FORGING = "x.md\n  current: the graph holds all recorded revisions \x1b[31m"


def _invoke(*args: str | Path) -> tuple[int, str]:
    done = runner.invoke(app, [str(a) for a in args])
    return done.exit_code, done.output


def _project(root: Path, name: str = "names") -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST.format(name=name))
    (root / "documents" / "spec-1.md").write_text(DOCUMENT.format(id="SPEC-1", access="", psi="4,000"))
    return root


def _write(folder: Path, name: bytes, text: str) -> Path:
    """A file named by ``name``'s bytes, as any tool may put one there."""
    path = os.path.join(os.fsencode(folder), name)
    with open(path, "wb") as out:
        out.write(text.encode())
    return Path(os.fsdecode(path))


@pytest.mark.parametrize("byte", [b"\xff", b"\x9b"])
def test_a_document_named_by_bytes_that_are_not_utf8_is_an_input_error_naming_it(tmp_path: Path, byte: bytes) -> None:
    root = _project(tmp_path / "p")
    _write(root / "documents", b"bad" + byte + b"Z.md", DOCUMENT.format(id="SPEC-9", access="", psi="5,000"))
    code, said = _invoke("ingest", root)
    shown = f"documents/bad\\x{byte[0]:02x}Z.md"
    assert code == 2, said
    assert f"{shown}: the file name is not UTF-8: not read" in said and "internal error" not in said, said
    assert "rename the file" in said
    # lag, as the operator (every problem) and as any asker (the file's access unread: counted)
    with pytest.raises(InputErrors) as refused:
        Project.lag(root, groups=None)
    assert [problem.file for problem in refused.value.exceptions] == [shown]
    for format in ("json", "text"):
        code, said = _invoke("lag", root, "--format", format)
        assert code == 2 and "internal error" not in said and "1 more problem withheld" in said, said


def test_lag_answers_json_once_the_file_is_renamed(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    assert _invoke("ingest", root)[0] == 0
    bad = _write(root / "documents", b"bad\xffZ.md", DOCUMENT.format(id="SPEC-9", access="", psi="5,000"))
    assert _invoke("lag", root, "--format", "json")[0] == 2
    bad.rename(root / "documents" / "bad.md")
    code, said = _invoke("lag", root, "--format", "json")
    assert code == 1 and json.loads(said)["pending"][0]["source"] == "documents/bad.md", said


def test_a_folder_under_documents_so_named_is_named_once_not_what_it_holds(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    folder = Path(os.fsdecode(os.path.join(os.fsencode(root / "documents"), b"sub\xfe")))
    folder.mkdir()
    (folder / "a.md").write_text(DOCUMENT.format(id="SPEC-8", access="", psi="5,000"))
    (folder / "b.md").write_text(DOCUMENT.format(id="SPEC-7", access="", psi="5,000"))
    with pytest.raises(InputErrors) as refused:
        Project.ingest(root)
    assert [(p.file, p.message) for p in refused.value.exceptions] == [
        ("documents/sub\\xfe", "the folder name is not UTF-8: not read")]


def test_a_link_to_a_file_so_named_is_refused_at_the_link(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    target = _write(root, b"elsewhere\xff.md", DOCUMENT.format(id="SPEC-9", access="", psi="5,000"))
    (root / "documents" / "linked.md").symlink_to(target)
    with pytest.raises(InputErrors) as refused:
        Project.ingest(root)
    problem, = refused.value.exceptions
    assert problem.file == "documents/linked.md" and "elsewhere\\xff.md" in problem.message, problem


@pytest.fixture(scope="module")
def forged(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = _project(tmp_path_factory.mktemp("f2") / "p")
    (root / "documents" / f"{FORGING}.md").write_text(DOCUMENT.format(id="SPEC-9", access="", psi="5,000"))
    return root


def test_lag_prints_a_file_name_on_its_one_line(forged: Path) -> None:
    code, said = _invoke("lag", forged)
    assert code == 1, said
    assert "documents/x.md\\n  current: the graph holds all recorded revisions \\x1b[31m.md" in said, said
    assert not any(line.startswith("  current:") for line in said.splitlines()), said


def test_ingest_prints_a_file_name_on_its_one_line(forged: Path) -> None:
    code, said = _invoke("ingest", forged)
    assert code == 0, said
    # the quantities bound to no subject are listed at their file and line
    assert "documents/x.md\\n  current: the graph holds all recorded revisions \\x1b[31m.md:11" in said, said
    assert not any(line.startswith("  current:") for line in said.splitlines()), said


def test_an_error_at_a_file_prints_its_name_on_its_one_line(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    (root / "documents" / "b\n  forged line.md").write_text("---\nid: SPEC-9\nbogus: 1\n---\n3.1 Text.\n")
    for command in ("ingest", "lag"):
        code, said = _invoke(command, root)
        assert code == 2, said
        assert "documents/b\\n  forged line.md:2:1" in said, said
        assert not any(line.startswith("  forged line") for line in said.splitlines()), said


@pytest.fixture(scope="module")
def erasable(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = _project(tmp_path_factory.mktemp("f3") / "p")
    (root / "documents" / "secret.md").write_text(DOCUMENT.format(id="SECRET-1", access="", psi="6,123"))
    assert _invoke("ingest", root)[0] == 0
    return root


@pytest.mark.parametrize("format", ["json", "text"])
def test_erase_names_a_copy_so_named_in_every_format_after_erasing(
    erasable: Path, tmp_path: Path, format: str
) -> None:
    root = shutil.copytree(erasable, tmp_path / "p", symlinks=True)  # the graph and all, as built once
    _write(root, b"copy\xfe.txt", "3.1 Concrete compressive strength at 28 days: not less than 6,123 psi.\n")
    code, said = _invoke("erase", root, "SECRET-1", "--by", "audit", "--confirm", "SECRET-1", "--format", format)
    assert code == 1 and "internal error" not in said, said
    assert not (root / "documents" / "secret.md").exists()
    if format == "json":
        assert json.loads(said)["remaining"] == ["copy\\xfe.txt"]
    else:
        assert "copy\\xfe.txt" in said and "\\udcfe" not in said, said


def test_sweep_all_lists_a_project_folder_so_named_as_failed_and_sweeps_the_others(tmp_path: Path) -> None:
    folder = tmp_path / "portfolio"
    good = _project(folder / "good", name="good")
    odd = _project(Path(os.fsdecode(os.path.join(os.fsencode(folder), b"ok\xff"))), name="odd")
    assert _invoke("ingest", good)[0] == 0
    assert (odd / "inforce.yaml").is_file()  # a project (the graph store cannot open one under that name)
    out = tmp_path / "out"
    code, said = _invoke("sweep-all", folder, "--valid-at", "2026-02-01", "--out", out)
    assert code == 5 and "internal error" not in said, said
    summary = json.loads((out / "summary.json").read_text())
    swept, failed = summary["projects"]  # by folder name
    assert (failed["project"], failed["folder"]) == ("ok\\xff", "ok\\xff")
    assert "the folder name is not UTF-8" in failed["error"]["message"]
    assert swept["project"] == "good" and swept["error"] is None
    assert sorted(p.name for p in out.iterdir()) == ["good.json", "summary.json"]
