"""Audit 50: erase's read-back missed two kinds of copy of the erased text. A copy of a numbered
provision taken without its number ("The confidential vault …" where the text is "1.1 The
confidential vault …") was looked for only with the number glued on; a UTF-16 copy (Notepad's,
with a BOM, or big-endian without one) wrapped or indented at other places was missed, as a run
of blanks was matched in UTF-8 only. Now both are named and erase exits 1, while a short body
("Windows are painted blue.") or one another live document holds under its own number names
nothing. And a format character in a file name (a zero-width space) is written out, not printed.
Through the real CLI, on real files; ``read_back`` and ``terminal_line`` on their own too."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from erase_read_back import erase_sec1

from inforce.adapters.cli import app
from tests.cli.test_cli_erase import runner

SECRET = "The confidential vault combination is held by Margaretha Quillfeather."
SHORT = "Windows are painted blue."  # four words: looked for only as "1.2 Windows are painted blue."
SHARED = "Every door in the building is painted a dark green."  # PUB-1 holds it as 2.4


def _document(doc: str, title: str, body: str) -> str:
    return (f"---\nid: {doc}\nkind: specification\ntitle: {title}\nissued: 2026-01-01\n"
            f"effective: {{from: 2026-01-01}}\nrecorded: 2026-01-01T00:00:00Z\n---\n1 GENERAL\n\n{body}")


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit50") / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: q\nfacets: []\nrules: []\n")
    (root / "documents" / "sec-1.md").write_text(_document(
        "SEC-1", "T", f"1.1 {SECRET}\n\n1.2 {SHORT}\n\n1.3 {SHARED}\n"))
    (root / "documents" / "pub-1.md").write_text(_document("PUB-1", "P", f"2.4 {SHARED}\n"))
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root


@pytest.fixture
def project(ingested: Path, tmp_path: Path) -> Path:
    return shutil.copytree(ingested, tmp_path / "project")


def test_a_short_body_or_one_a_live_document_holds_is_no_trace(project: Path) -> None:
    (project / "colours.txt").write_text(f"Notes: {SHORT}\n{SHARED}\n")
    said = erase_sec1(project, code=0)
    assert "none holds the erased text" in said, said


def test_a_copy_without_the_paragraph_number_is_found(project: Path) -> None:
    (project / "colours.txt").write_text(f"Notes: {SHORT}\n{SHARED}\n")
    (project / "copy.txt").write_text(f"Notes: {SECRET}\n")
    said = erase_sec1(project, code=1)
    named = [line.strip() for line in said.splitlines()]
    assert "copy.txt" in named, said
    # the body PUB-1 holds under its own number, and the four words, are not taken for the text
    assert "colours.txt" not in said and "pub-1.md" not in said, said


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])  # BOM and little-endian, as Notepad writes
def test_a_utf16_copy_wrapped_and_indented_elsewhere_is_found(project: Path, encoding: str) -> None:
    wrapped = "1.1 The confidential vault\r\n    combination is held by\r\n\t\tMargaretha   Quillfeather."
    (project / "notes").mkdir()
    (project / "notes" / "copy.txt").write_bytes(wrapped.encode(encoding))
    said = erase_sec1(project, code=1)
    assert "notes/copy.txt" in said, said


def test_a_format_character_in_a_file_name_is_written_out(project: Path) -> None:
    (project / "co\u200bpy\u2060.txt").write_text(SECRET)
    said = erase_sec1(project, code=1)
    assert "co\\u200bpy\\u2060.txt" in said and "\u200b" not in said and "\u2060" not in said, said


def test_terminal_line_writes_out_every_format_character() -> None:
    from inforce.ontology.text import terminal_line

    assert terminal_line("a\u200bb\u00ad\ufeffc\U000e0041\u202e\u2028") == \
        "a\\u200bb\\u00ad\\ufeffc\\U000e0041\\u202e\\u2028"
    assert terminal_line("Façade — naïve 1.1") == "Façade — naïve 1.1"


def test_read_back_finds_a_utf16_copy_wrapped_at_other_places(tmp_path: Path) -> None:
    from inforce.ontology.readback import WordRuns, read_back, runs_of

    runs = WordRuns(runs_of("the owner pays the contractor"))
    copy = tmp_path / "copy.txt"
    for encoding in ("utf-16", "utf-16-le", "utf-16-be", "utf-8"):
        copy.write_bytes("Minutes: The owner\r\n    pays the\tcontractor.".encode(encoding))
        assert read_back(copy, runs).holds, encoding
        copy.write_bytes("The owner pays the contract".encode(encoding))
        assert not read_back(copy, runs).holds, encoding


def test_read_back_finds_a_wrapped_copy_cut_by_the_pieces_boundary(tmp_path: Path) -> None:
    """A copy whose blank runs made it longer than the overlap of two pieces, cut by the
    boundary, had been missed."""
    from inforce.ontology.readback import _PIECE, WordRuns, read_back, runs_of

    text = "the owner pays the contractor"
    wrapped = ("\r\n" + " " * 40).join(text.split()).encode("utf-16-le")  # 4 runs of 42 blanks
    path = tmp_path / "big.txt"
    with open(path, "wb") as out:
        out.truncate(_PIECE - len(wrapped) // 2)
        out.seek(_PIECE - len(wrapped) // 2)
        out.write(wrapped)
    assert read_back(path, WordRuns(runs_of(text))).holds
