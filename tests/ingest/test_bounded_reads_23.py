"""Issue 23, the twenty-first audit (HELPER FIX-G2).

1. Files the project holds are read as every project file is: a regular file, size-capped
   (``ontology.files.read_bounded`` with ``regular``). ``erasures.yaml``, the answers
   ``rules impact`` replays (``answers/*.json``), the records of a ``--decisions`` folder and a
   pack's ``NAME.test.yaml`` were read whole, whatever they were: a named pipe hung the command,
   a link to ``/dev/zero`` grew its memory by gigabytes.
2. A ``seq`` past the graph's 64-bit integers wrapped silently (2**63 stored as -2**63, so the
   older revision answered in force): an error at its line, in front matter and in a register.

Each read runs in a child process with a deadline, so a read that blocks fails the test
instead of hanging it.
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from inforce.adapters.ingest import parse_document_with_warnings
from inforce.adapters.ingest.register import read_register
from inforce.ontology import InputError, InputErrors

DEADLINE = 20.0
INFORCE = str(Path(sys.executable).parent / "inforce")  # the console script, as a user runs it
SPEC = ("---\nid: SPEC-1\nkind: specification\ntitle: A\nissued: 2026-01-01\neffective: {from: 2026-01-01}\n"
        "recorded: 2026-01-01T09:00:00Z\n---\n1.1 Slump: 4 inches maximum.\n")


def _child(queue: Any, call: Callable[..., Any], args: tuple[Any, ...]) -> None:
    try:
        call(*args)
    except InputError as problem:
        queue.put(("InputError", problem.file, str(problem)))
    except BaseException as problem:  # noqa: BLE001 - reported to the parent, which fails on it
        queue.put((type(problem).__name__, None, str(problem)))
    else:
        queue.put(("read", None, ""))


def _refused(call: Callable[..., Any], *args: Any) -> tuple[str | None, str]:
    """``call(*args)`` in a child process that must end within ``DEADLINE`` seconds with an
    InputError: its file and message."""
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_child, args=(queue, call, args))
    child.start()
    child.join(DEADLINE)
    if child.is_alive():
        child.kill()
        child.join()
        pytest.fail(f"the read did not end within {DEADLINE:g} s (it waits on a pipe, or reads without bound)")
    kind, file, message = queue.get(timeout=5)
    assert kind == "InputError", (kind, message)
    return file, message


def _pipe(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def _zero(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to("/dev/zero")
    return path


MAKERS = pytest.mark.parametrize("make", [_pipe, _zero], ids=["named-pipe", "link-to-dev-zero"])


def _read_erasures(root: Path) -> None:
    from inforce.engine.erasures import read_erasures

    read_erasures(root)


def _answers(root: Path) -> None:
    from inforce.engine.impact import _cases

    _cases(root)


def _decisions(folder: Path) -> None:
    from inforce.engine.impact import _Logged

    _Logged.read([folder])


def _test_file(path: Path) -> None:
    from inforce.rules.casefile import read_test_file

    read_test_file(path)


@MAKERS
def test_erasures_yaml_that_is_not_a_regular_file_is_refused_unread(tmp_path: Path, make):
    make(tmp_path / "erasures.yaml")
    file, message = _refused(_read_erasures, tmp_path)
    # a link out of the project (to /dev/zero) is refused as the review file's is (audit MM3-9)
    assert file == "erasures.yaml" and ("not a regular file" in message or "leads out of the project" in message)


@MAKERS
def test_an_answer_rules_impact_replays_that_is_not_a_regular_file_is_refused(tmp_path: Path, make):
    make(tmp_path / "answers" / "a.json")
    file, message = _refused(_answers, tmp_path)
    assert file == "answers/a.json" and "not a regular file" in message


@MAKERS
def test_a_record_in_a_decisions_folder_that_is_not_a_regular_file_is_refused(tmp_path: Path, make):
    record = make(tmp_path / "dec" / "r.json")
    file, message = _refused(_decisions, tmp_path / "dec")
    assert file == str(record) and "not a regular file" in message


@MAKERS
def test_a_pack_test_file_that_is_not_a_regular_file_is_refused(tmp_path: Path, make):
    tests = make(tmp_path / "rules" / "p.test.yaml")
    file, message = _refused(_test_file, tests)
    assert file == tests.as_posix() and "not a regular file" in message


def test_a_regular_erasures_file_over_the_limit_is_refused_by_its_size(tmp_path: Path, monkeypatch):
    from inforce.engine import erasures

    (tmp_path / "erasures.yaml").write_text("erasures: []\n" + "#" * 200 + "\n")
    assert erasures.read_erasures(tmp_path) == ()  # a regular file still reads
    real = erasures.read_bounded_text
    monkeypatch.setattr(erasures, "read_bounded_text", lambda *a, **k: real(*a, **{**k, "limit": 100}))
    with pytest.raises(InputError, match="over the limit") as caught:
        erasures.read_erasures(tmp_path)
    assert caught.value.file == "erasures.yaml"


def test_ingest_with_erasures_yaml_a_named_pipe_exits_2_naming_it(tmp_path: Path):
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: er\nfacets: []\nrules: []\n")
    (root / "documents" / "a.md").write_text(SPEC)
    _pipe(root / "erasures.yaml")
    try:
        result = subprocess.run([INFORCE, "ingest", str(root)], capture_output=True,
                                text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("ingest waited on erasures.yaml, a named pipe")
    assert result.returncode == 2, result.stderr
    assert "erasures.yaml" in result.stderr and "not a regular file" in result.stderr
    assert not (root / ".inforce").exists() or not any((root / ".inforce").rglob("*.kuzu*"))


# -- 2. integers past the graph's 64 bits ------------------------------------------------------


def _front_matter(tmp_path: Path, seq: int) -> Path:
    (tmp_path / "documents").mkdir(exist_ok=True)
    path = tmp_path / "documents" / "d.md"
    path.write_text(SPEC.replace("title: A\n", f"title: A\nrevision: A\nseq: {seq}\n"))
    return path


@pytest.mark.parametrize("seq", [2**63, -(2**63) - 1, 10**30])
def test_a_seq_past_64_bits_in_front_matter_is_an_error_at_its_line(tmp_path: Path, seq: int):
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(_front_matter(tmp_path, seq), tmp_path)
    [error] = [e for e in caught.value.exceptions if getattr(e, "field", None) == "seq"]
    assert (error.file, error.line) == ("documents/d.md", 6), error  # type: ignore[union-attr]
    assert str(seq) in error.message and "outside" in error.message  # type: ignore[union-attr]


@pytest.mark.parametrize("seq", [2**63 - 1, -(2**63)])
def test_a_seq_at_the_64_bit_bounds_is_read_as_written(tmp_path: Path, seq: int):
    document, _ = parse_document_with_warnings(_front_matter(tmp_path, seq), tmp_path)
    assert document.seq == seq


def test_a_register_seq_past_64_bits_is_an_error_at_its_row(tmp_path: Path):
    (tmp_path / "documents").mkdir()
    (tmp_path / "documents" / "a.md").write_text("1 SCOPE\n\n1.1 All records.\n")
    (tmp_path / "register.csv").write_text(
        "file,id,revision,seq,kind,title,effective_from,recorded\n"
        f"documents/a.md,A-1,0,{2**63},sop,Kept,2026-01-10,2026-01-05T09:00:00Z\n")
    register = read_register(tmp_path / "register.csv", "register.csv", root=tmp_path)
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(tmp_path / "documents" / "a.md", tmp_path, register=register)
    [error] = [e for e in caught.value.exceptions if getattr(e, "field", None) == "seq"]
    assert (error.file, error.line) == ("register.csv", 2) and "outside" in error.message  # type: ignore[union-attr]


# -- 3. the rest of the project's files (issue 23, the twenty-second audit; HELPER LOWS3) ------
# Each read below went through ``Path.read_bytes``/``read_text``: a named pipe put where the file
# was (after a check that it was a file, or with none) blocked the command, a link to
# /dev/zero filled its memory, a file past the limit was read whole. Each is now refused
# unread by ``read_bounded(..., regular=True)``, naming the file.


def _raise_first(found: tuple[Any, list[Any]]) -> None:
    if found[1]:
        raise found[1][0]


def _pack_read(path: Path) -> None:
    from inforce.rules.loader import _read_cached

    _raise_first(_read_cached("p", str(path), 0, 0, "{}", None, (None, None), False, False))


def _project_check(root: Path) -> None:
    from inforce.rules.loader import project_packs

    project_packs(root)  # what `rules check` and `rules fmt` read of a project


def _rules_written(path: Path) -> None:
    from inforce.engine.impact import _rules_written

    try:
        _rules_written(path)
    except InputErrors as errors:
        raise errors.exceptions[0] from None


def _document(path: Path) -> None:
    try:
        parse_document_with_warnings(path, path.parent.parent)
    except InputErrors as errors:
        raise errors.exceptions[0] from None


def _content_hash(path: Path) -> None:
    from inforce.adapters.ingest.documents import content_hash

    content_hash(path, path.parent.parent)


def _docx(path: Path) -> None:
    from inforce.adapters.ingest.docx import docx_text_layer

    docx_text_layer(path, file="documents/d.docx")


def _document_hash(root: Path) -> None:
    from inforce.engine.erase import _file_sha256

    _file_sha256(root, "documents/a.md")


@MAKERS
def test_a_rule_pack_that_is_not_a_regular_file_is_refused_unread(tmp_path: Path, make):
    pack = make(tmp_path / "rules" / "p.yaml")
    file, message = _refused(_pack_read, pack)
    assert file is not None and file.endswith("p.yaml") and "not a regular file" in message


@MAKERS
def test_a_manifest_rules_check_reads_that_is_not_a_regular_file_is_refused(tmp_path: Path, make):
    make(tmp_path / "inforce.yaml")
    file, message = _refused(_project_check, tmp_path)
    assert file is not None and file.endswith("inforce.yaml") and "not a regular file" in message


@MAKERS
def test_a_pack_rules_impact_reads_that_is_not_a_regular_file_is_refused(tmp_path: Path, make):
    pack = make(tmp_path / "rules" / "p.yaml")
    file, message = _refused(_rules_written, pack)
    assert file is not None and file.endswith("p.yaml") and "not a regular file" in message


@MAKERS
def test_a_markdown_document_body_that_is_not_a_regular_file_is_refused_unread(tmp_path: Path, make):
    document = make(tmp_path / "documents" / "a.md")
    for read in (_document, _content_hash):  # a link out of the project is named by its full path
        file, message = _refused(read, document)
        assert file is not None and file.endswith("documents/a.md") and "not a regular file" in message


@MAKERS
def test_a_word_document_that_is_not_a_regular_file_is_refused_unread(tmp_path: Path, make):
    file, message = _refused(_docx, make(tmp_path / "documents" / "d.docx"))
    assert file == "documents/d.docx" and "not a regular file" in message


@MAKERS
def test_a_document_an_erasure_hashes_that_is_not_a_regular_file_is_refused(tmp_path: Path, make):
    make(tmp_path / "documents" / "a.md")
    file, message = _refused(_document_hash, tmp_path)
    assert file == "documents/a.md" and "not a regular file" in message


def _capped(monkeypatch, module: Any, name: str, limit: int = 100) -> None:
    """``module.name`` (``read_bounded`` or ``read_bounded_text``) with a ``limit`` of 100 bytes."""
    real = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **k: real(*a, **{**k, "limit": limit}))


def test_a_manifest_over_the_limit_is_refused_naming_it(tmp_path: Path, monkeypatch):
    from inforce.adapters.ingest import manifest

    (tmp_path / "inforce.yaml").write_text("project: big\nfacets: []\nrules: []\n" + "#" * 200 + "\n")
    manifest.load_manifest_with_warnings(tmp_path)  # a regular file still reads
    _capped(monkeypatch, manifest, "read_bounded_text")
    with pytest.raises(InputErrors) as caught:
        manifest.load_manifest_with_warnings(tmp_path)
    [error] = caught.value.exceptions
    assert error.file == "inforce.yaml" and "over the limit" in str(error)  # type: ignore[union-attr]


def test_a_review_file_over_the_limit_is_refused_naming_it(tmp_path: Path, monkeypatch):
    from inforce.engine import reviews

    (tmp_path / "reviews.yaml").write_text("# decisions\n" + "#" * 200 + "\n")
    assert reviews.read_reviews(tmp_path) == ()  # a regular file still reads
    _capped(monkeypatch, reviews, "read_bounded")
    with pytest.raises(InputError, match="over the limit") as caught:
        reviews.read_reviews(tmp_path)
    assert caught.value.file == "reviews.yaml"


def test_a_document_over_the_limit_is_refused_naming_it(tmp_path: Path, monkeypatch):
    from inforce.adapters.ingest import parsing

    document = _front_matter(tmp_path, 1)
    parse_document_with_warnings(document, tmp_path)  # a regular file still reads
    _capped(monkeypatch, parsing, "read_bounded")
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(document, tmp_path)
    [error] = caught.value.exceptions
    assert error.file == "documents/d.md" and "over the limit" in str(error)  # type: ignore[union-attr]


@pytest.mark.parametrize("name", ["register.csv", "register.yaml"])
def test_a_register_over_the_limit_is_refused_naming_it(tmp_path: Path, monkeypatch, name: str):
    # a named pipe there was refused before (``read_register`` looks first); its size was not
    from inforce.adapters.ingest import register

    (tmp_path / "documents").mkdir()
    (tmp_path / "documents" / "a.md").write_text("1 SCOPE\n\n1.1 All records.\n")
    row = "documents/a.md,A-1,0,1,sop,Kept,2026-01-10,2026-01-05T09:00:00Z"
    if name.endswith(".csv"):
        text = "file,id,revision,seq,kind,title,effective_from,recorded\n" + "".join(
            row.replace("A-1", f"A-{n}").replace("a.md", f"a{n}.md") + "\n" for n in range(1, 6))
    else:
        text = "".join(f"- {{file: documents/a{n}.md, id: A-{n}, revision: '0', seq: 1, kind: sop, title: Kept, "
                       f"effective_from: 2026-01-10, recorded: '2026-01-05T09:00:00Z'}}\n" for n in range(1, 6))
    (tmp_path / name).write_text(text)
    assert len(text) > 200
    register.read_register(tmp_path / name, name, root=tmp_path)  # a regular file still reads
    # a CSV register is read as bytes (its records and line ends kept as written), a YAML one as text
    _capped(monkeypatch, register, "read_bounded" if name.endswith(".csv") else "read_bounded_text", limit=200)
    with pytest.raises(InputErrors) as caught:
        register.read_register(tmp_path / name, name, root=tmp_path)
    [error] = caught.value.exceptions
    assert error.file == name and "over the limit" in str(error)  # type: ignore[union-attr]
