"""``inforce erase``: asks for the document id twice, then erases and says where from; the
erased document is then not found, naming the erasure, and a replayed record says it was erased."""

from __future__ import annotations

import json
import secrets
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()

MANIFEST = "project: erase-cli\nfacets: []\nrules: []\n"


def _document(doc: str, marker: str) -> str:
    return f"""---
id: {doc}
kind: specification
title: Section {doc}
revision: "0"
seq: 1
issued: 2026-03-02
effective: {{from: 2026-03-02}}
recorded: 2026-03-02T09:00:00Z
---
1.1 SUMMARY

A. The {marker} coating is applied in two coats over a primer on every surface.
"""


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The project ingested once; each test erases in its own copy (``project``)."""
    marker = "Qx" + secrets.token_hex(6) + "Zr"
    root = tmp_path_factory.mktemp("erasable") / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "gone.md").write_text(_document("SPEC-1", marker))
    (root / "documents" / "kept.md").write_text(_document("SPEC-2", "plain"))
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root, marker


@pytest.fixture
def project(ingested: tuple[Path, str], tmp_path: Path) -> tuple[Path, str]:
    built, marker = ingested
    return shutil.copytree(built, tmp_path / "project"), marker


@pytest.mark.slow
def test_erase_asks_for_the_id_again_then_erases(project: tuple[Path, str], tmp_path: Path) -> None:
    root, marker = project
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps({"context": {"valid_at": "2026-05-01"}, "claims": [
        {"text": f"The {marker} coating is applied in two coats over a primer.",
         "citations": [{"locator": "SPEC-1#1.1.A", "quote": f"The {marker} coating is applied in two coats"}]}]}))
    audit = tmp_path / "audit"
    checked = runner.invoke(app, ["check", str(root), "--answer", str(answer), "--audit-dir", str(audit)])
    assert checked.exit_code == 0, checked.output

    unconfirmed = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper"])
    assert unconfirmed.exit_code == 2 and "--confirm SPEC-1" in unconfirmed.output
    wrong = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-2"])
    assert wrong.exit_code == 2
    nobody = runner.invoke(app, ["erase", str(root), "SPEC-1", "--confirm", "SPEC-1"])
    assert nobody.exit_code == 2 and "--by" in nobody.output
    assert (root / "documents" / "gone.md").exists() and not (root / "erasures.yaml").exists()

    erased = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1",
                                 "--audit-dir", str(audit), "--format", "json"])
    assert erased.exit_code == 0, erased.output
    found = json.loads(erased.stdout)
    assert found["erasure"]["document"] == "SPEC-1" and found["erasure"]["state"] == "done"
    assert found["files_removed"] == ["documents/gone.md"] and found["remaining"] == []
    assert marker not in erased.stdout and not (root / "documents" / "gone.md").exists()

    shown = runner.invoke(app, ["show", str(root), "SPEC-1#1.1.A"])
    # its tombstone (issue 23): shown by ids and dates, said erased, without a word of its text
    assert shown.exit_code == 0 and "by R. Keeper: its text is not kept" in shown.output
    assert marker not in shown.output
    assert runner.invoke(app, ["show", str(root), "SPEC-2#1.1.A"]).exit_code == 0

    (record,) = audit.glob("*.json")
    assert marker not in record.read_text()
    replayed = runner.invoke(app, ["replay", str(root), str(record)])
    assert replayed.exit_code == 1, replayed.output
    assert "not recomputed" in replayed.stdout and "SPEC-1 erased by R. Keeper" in replayed.stdout

    again = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"])
    assert again.exit_code == 0 and "read back again" in again.stdout and "none holds the erased text" in again.stdout

    text = runner.invoke(app, ["erase", str(root), "SPEC-2", "--by", "R. Keeper", "--confirm", "SPEC-2"])
    assert text.exit_code == 0, text.output
    assert "erased: SPEC-2 (" in text.stdout and "source file deleted: documents/kept.md" in text.stdout
    assert "none holds the erased text" in text.stdout


def test_erase_refuses_before_anything_is_ingested(tmp_path: Path) -> None:
    root = tmp_path / "empty"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    refused = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"])
    assert refused.exit_code == 3, refused.output


@pytest.mark.slow
def test_an_erasure_killed_after_the_swap_is_finished_by_running_it_again(project: tuple[Path, str],
                                                                          tmp_path: Path) -> None:
    """Killed once its new graph is live but before the rest is done: every ingest refuses,
    naming the erasure; running it again finishes it and no byte of the text is left."""
    import os
    import signal
    import subprocess
    import sys
    import time

    root, marker = project
    reached = tmp_path / "reached"
    env = {**os.environ, "INFORCE_STORE_PAUSE": "swapped:60", "INFORCE_STORE_PAUSE_MARKER": str(reached)}
    command = [sys.executable, "-c", "from inforce.adapters.cli import main; main()", "erase", str(root), "SPEC-1", "--by", "R. Keeper",
               "--confirm", "SPEC-1"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not reached.exists() and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.05)
        assert reached.exists(), "the erasure never reached its swap"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    assert '"pending"' in (root / "erasures.yaml").read_text()
    refused = runner.invoke(app, ["ingest", str(root)])
    assert refused.exit_code == 2 and "did not finish" in refused.output

    finished = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"])
    assert finished.exit_code == 0, finished.output
    assert '"done"' in (root / "erasures.yaml").read_text()
    held = [p for p in root.rglob("*") if p.is_file() and marker.encode() in p.read_bytes()]
    assert held == []
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0


@pytest.mark.slow
def test_an_erasure_killed_after_its_swap_reads_back_for_what_it_recorded_pending(project: tuple[Path, str],
                                                                                    tmp_path: Path) -> None:
    """Audit 63 F04: killed once its rebuild was live (the graph no longer holding the erased
    text), the run finishing it had nothing to look for, read nothing back and exited 0 while a
    README quoting the erased paragraph stayed. The pending record keeps the salted hashes of
    the runs to look for, so the finishing run, and every later one, names the README: exit 1."""
    root, marker = project
    quote = f"The {marker} coating is applied in two coats over a primer on every surface."
    (root / "README.md").write_text(f"# Project\n\nFrom the spec: {quote}\n")
    argv = _erase_killed_in_its_rebuild(root, tmp_path, at="swapped")
    assert 'state: "pending"' in (root / "erasures.yaml").read_text()

    for _ in range(2):  # the run finishing it, then one on the erasure done
        finished = runner.invoke(app, [*argv, "--format", "json"])
        assert finished.exit_code == 1, finished.output
        result = json.loads(finished.stdout)
        assert result["erasure"]["state"] == "done" and "README.md" in result["remaining"]
    assert marker in (root / "README.md").read_text()


@pytest.mark.slow
def test_an_erasure_cut_short_after_its_file_went_says_the_file_is_gone(project: tuple[Path, str]) -> None:
    """Audit A7: an erasure cut short once it had deleted the source file (its entry still
    pending) is finished by running it again, which says the file is already gone — never
    that it was not deleted, which would send the operator looking for text that is not there
    — and reads back for the runs its record kept (the graph no longer holds the text)."""
    root, marker = project
    argv = ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"]
    assert runner.invoke(app, argv).exit_code == 0
    erasures = root / "erasures.yaml"
    assert not (root / "documents" / "gone.md").exists() and 'state: "done"' in erasures.read_text()
    erasures.write_text(erasures.read_text().replace('state: "done"', 'state: "pending"'))  # as if cut short

    finished = runner.invoke(app, [*argv, "--format", "json"])
    assert finished.exit_code == 0, finished.output
    result = json.loads(finished.stdout)
    assert result["files_gone"] == ["documents/gone.md"] and result["files_kept"] == []
    assert result["files_removed"] == [] and result["erasure"]["state"] == "done"
    erasures.write_text(erasures.read_text().replace('state: "done"', 'state: "pending"'))
    text = runner.invoke(app, argv)
    assert text.exit_code == 0, text.output
    assert "not deleted" not in text.output and "source file already gone: documents/gone.md" in text.stdout
    assert "none holds the erased text" in text.stdout and marker not in text.output


def test_a_name_over_two_lines_or_drawn_as_nothing_erases_nothing(project: tuple[Path, str]) -> None:
    """Audit 34 BB-04 (low): `erase --by $'a\\nb'` was recorded and printed over two lines, where
    `review --by` refuses a break. Who erases is one line of visible text, by the one rule the
    review file's names follow (``scalars.person_name``); nothing is erased or recorded."""
    root, _ = project
    for name, said in (("R.\nKeeper", "holds a line break"), ("R.\u200bKeeper", "cannot be seen (U+200B)"),
                       ("R" * 5000, "5,000 characters: who erases is named in at most 200")):  # audit 72 B F8
        refused = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", name, "--confirm", "SPEC-1"])
        assert refused.exit_code == 2 and "--by" in refused.output and said in refused.output, refused.output
    assert (root / "documents" / "gone.md").exists() and not (root / "erasures.yaml").exists()


def test_an_audit_folder_that_is_a_file_is_said_to_be_no_folder(project: tuple[Path, str]) -> None:
    """Audit 77 B L3: `erase --audit-dir FILE` said "no such folder" of a path that exists (a file),
    where `--rfi-dir` says it is not a folder; the CLI and the library say what the path is."""
    from inforce.engine import Project
    from inforce.ontology import InputError

    root, _ = project
    a_file, missing = root / "inforce.yaml", root / "no-such-folder"
    for given, said in ((a_file, "not a folder"), (missing, "no such folder")):
        refused = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "me", "--confirm", "SPEC-1",
                                      "--audit-dir", str(given)])
        assert refused.exit_code == 2 and f"{given}: {said}" in refused.output, refused.output
        with Project.open(root) as opened, pytest.raises(InputError) as raised:
            opened.erase("SPEC-1", by="me", audit_dirs=(given,))
        assert f"{given}: {said}" in str(raised.value)
    assert (root / "documents" / "gone.md").exists() and not (root / "erasures.yaml").exists()


def test_a_locator_given_as_the_document_is_an_input_error_naming_revision(project: tuple[Path, str]) -> None:
    """Audit 71 A F1: `erase P SPEC-1@0` and `SPEC-1#1.1.A` answered "the graph holds no
    document SPEC-1@0" (NotFound) on a project holding SPEC-1, which reads as a document already
    gone. The document's field takes an id alone: a revision is given apart (--revision), and a
    section is not erased alone (``engine.erase.erased_parts``, every caller's rule)."""
    root, _ = project
    for document, said in (("SPEC-1@0", "revision 0 given apart (the command's revision option"),
                           ("SPEC-1#1.1.A", "names a section"), ("SPEC-1@0#1.1.A", "revision 0 given apart")):
        refused = runner.invoke(app, ["erase", str(root), document, "--by", "me", "--confirm", document])
        assert refused.exit_code == 2 and refused.output.startswith("InputError: document:"), refused.output
        assert said in refused.output and "erase SPEC-1" in refused.output and "no document" not in refused.output
    refused = runner.invoke(app, ["erase", str(root), "SPEC-1", "--revision", "../0", "--by", "me", "--confirm", "SPEC-1"])
    assert refused.exit_code == 2 and "revision: not a revision label: '../0'" in refused.output, refused.output
    assert (root / "documents" / "gone.md").exists() and not (root / "erasures.yaml").exists()


def _with_sidecars(root: Path, rows: int) -> None:
    """A project of a Markdown specification, a CSV schedule and a Word file, the last two
    described by sidecars whose titles are written nowhere else."""
    import docx

    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "kept.md").write_text(_document("SPEC-2", "plain"))
    (root / "documents" / "sk.csv").write_text("Mark,Width (in),Note\n" + "".join(
        f"F{n},{24 + n % 7},Footing row {n} of the yard\n" for n in range(1, rows + 1)))
    (root / "documents" / "sk.csv.yaml").write_text(
        "id: SCH-SK\nkind: schedule\ntitle: Zzsidecartitle Footings\neffective: {from: 2026-03-02}\n"
        "recorded: 2026-03-02T09:00:00Z\n")
    word = docx.Document()
    word.add_paragraph("1.1 SCOPE")
    word.add_paragraph("A. The membrane is laid in two plies over the deck.")
    word.save(str(root / "documents" / "wp.docx"))
    (root / "documents" / "wp.docx.yaml").write_text(
        'id: SPEC-W\nkind: specification\ntitle: Zzwordtitle Roofing\nrevision: "0"\nseq: 1\nissued: 2026-03-02\n'
        "effective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output


@pytest.mark.slow
def test_an_erasure_deletes_the_sidecar_with_its_file(tmp_path: Path) -> None:
    """Audit 37 II-01 (medium): erase deleted a CSV's or Word file's source but left its
    sidecar (title, id, dates, access): the read-back then blamed "another document" (exit 1),
    and every ingest after failed on a sidecar without its file. Both go, the sidecar named as
    metadata; the erasure exits 0 and the project ingests again."""
    root = tmp_path / "project"
    _with_sidecars(root, 3)
    for doc, files in (("SCH-SK", ["documents/sk.csv", "documents/sk.csv.yaml"]),
                       ("SPEC-W", ["documents/wp.docx", "documents/wp.docx.yaml"])):
        erased = runner.invoke(app, ["erase", str(root), doc, "--by", "R. Keeper", "--confirm", doc,
                                     "--format", "json"])
        assert erased.exit_code == 0, erased.output
        result = json.loads(erased.stdout)
        assert result["files_removed"] == files and result["remaining"] == []
        (source,) = result["erasure"]["sources"]
        assert [m["file"] for m in source["metadata"]] == files[1:] and len(source["metadata"][0]["file_sha256"]) == 64
        assert not any((root / file).exists() for file in files)
    assert [p for p in root.rglob("*") if p.is_file() and (b"Zzsidecartitle" in p.read_bytes()
                                                           or b"Zzwordtitle" in p.read_bytes())] == []
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0


@pytest.mark.slow
def test_an_erasure_cut_short_between_a_file_and_its_sidecar_is_finished(tmp_path: Path) -> None:
    """Cut short once it had deleted the CSV but not yet its sidecar (its entry still pending):
    running it again deletes the sidecar before its rebuild (which would refuse a sidecar without
    its CSV), finishes, and says so; a sidecar edited since stays, and is reported."""
    root = tmp_path / "project"
    _with_sidecars(root, 3)
    sidecar = root / "documents" / "sk.csv.yaml"
    kept = sidecar.read_bytes()
    argv = ["erase", str(root), "SCH-SK", "--by", "R. Keeper", "--confirm", "SCH-SK"]
    assert runner.invoke(app, argv).exit_code == 0
    erasures = root / "erasures.yaml"
    sidecar.write_bytes(kept)  # as if cut short between the two deletes
    erasures.write_text(erasures.read_text().replace('state: "done"', 'state: "pending"'))
    finished = runner.invoke(app, [*argv, "--format", "json"])
    assert finished.exit_code == 0, finished.output
    result = json.loads(finished.stdout)
    assert result["files_removed"] == ["documents/sk.csv.yaml"] and result["files_gone"] == ["documents/sk.csv"]
    assert not sidecar.exists() and 'state: "done"' in erasures.read_text()

    sidecar.write_bytes(kept + b"# edited since\n")  # not the bytes erased: never deleted, always reported
    erasures.write_text(erasures.read_text().replace('state: "done"', 'state: "pending"'))
    text = runner.invoke(app, argv)
    assert text.exit_code != 0 and sidecar.exists()
    assert "documents/sk.csv.yaml" in text.output


@pytest.mark.slow
def test_an_erasure_killed_mid_rebuild_keeps_the_review_decisions_on_other_documents(tmp_path: Path) -> None:
    """Audit 37 FF-02: an erasure killed (SIGKILL) during its graph rebuild, once the review
    file had been written again without the entries on the erased document, was said to lose
    review decisions. Running it again finishes it: the decision on the erased document stays
    gone (its note may quote the erased words), the decision on a document not erased is kept
    in reviews.yaml and in the graph, and the next ingest reads the file."""
    root = tmp_path / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "gone.md").write_text(_document("SPEC-1", "Qxgone"))
    (root / "documents" / "kept.md").write_text(_document("SPEC-2", "plain"))
    (root / "documents" / "add.md").write_text(
        '---\nid: ADD-1\nkind: addendum\ntitle: Addendum 1\nrevision: "0"\nseq: 1\nissued: 2026-04-01\n'
        "effective: {from: 2026-04-01}\nrecorded: 2026-04-01T09:00:00Z\n---\n"
        "1.1 Coordinate the coating of exposed surfaces with the finishes schedule.\n")
    (root / "reviews.yaml").write_text(
        "- item: ADD-1#1.1\n  target: SPEC-1#1.1.A\n  scope: full\n  decision: reject\n  by: R. Viewer\n"
        "  at: 2026-04-02T09:00:00Z\n  note: not the Qxgone coating\n"
        "- item: ADD-1#1.1\n  target: SPEC-2#1.1.A\n  scope: partial\n  decision: reject\n  by: R. Viewer\n"
        "  at: 2026-04-02T09:05:00Z\n  note: two coats stay\n")
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    argv = _erase_killed_in_its_rebuild(root, tmp_path)
    assert '"pending"' in (root / "erasures.yaml").read_text() and (root / "documents" / "gone.md").exists()
    assert "SPEC-2#1.1.A" in (root / "reviews.yaml").read_text()

    finished = runner.invoke(app, argv)
    assert finished.exit_code == 0, finished.output
    reviews = (root / "reviews.yaml").read_text()
    assert "SPEC-2#1.1.A" in reviews and "two coats stay" in reviews and "SPEC-1#" not in reviews
    from inforce.engine import Project

    with Project.open(root) as opened:
        assert [(r.target.format(), r.note) for r in opened.readings().reviewed] == [("SPEC-2#1.1.A", "two coats stay")]
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0


_ROW_HEADER = "file,id,revision,seq,kind,title,issued,effective_from,recorded"
_DATES = "2026-03-02,2026-03-02,2026-03-02T09:00:00Z"
_BODY = "1.1 SUMMARY\n\nA. The {} coating is applied in two coats over a primer on every surface.\n"


def _registered(root: Path, registry: str) -> None:
    """A project whose two Markdown files carry no front matter: the register (``registry``)
    describes them, SPEC-1's row holding a title written nowhere else."""
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST + f"registry: {registry}\n")
    (root / "documents" / "gone.md").write_text(_BODY.format("Qxgone"))
    (root / "documents" / "kept.md").write_text(_BODY.format("plain"))


#: A CSV register as document control writes one: a BOM, CRLF line ends, a quoted cell holding a
#: comma, a row of a revision not ingested yet for the erased document and one for another, and
#: no line end after its last row.
_CSV = ("\ufeff" + _ROW_HEADER + "\r\n"
        f'"documents/kept.md",SPEC-2,0,1,specification,"Kept, plain section",{_DATES}\r\n'
        f"documents/gone.md,SPEC-1,0,1,specification,Zzregtitle Coatings,{_DATES}\r\n"
        f",SPEC-1,1,2,specification,Zzregtitle Coatings rev 1,{_DATES}\r\n"
        f",SPEC-3,0,1,specification,Later one,{_DATES}")
_CSV_AFTER = ("\ufeff" + _ROW_HEADER + "\r\n"
              f'"documents/kept.md",SPEC-2,0,1,specification,"Kept, plain section",{_DATES}\r\n'
              f",SPEC-3,0,1,specification,Later one,{_DATES}")


def _titled(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file() and b"Zzregtitle" in p.read_bytes()]


@pytest.fixture(scope="module")
def _csv_registered_ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``_registered`` with the ``_CSV`` register, ingested once for the module."""
    root = tmp_path_factory.mktemp("csv-registered") / "project"
    _registered(root, "register.csv")
    (root / "register.csv").write_bytes(_CSV.encode())
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root


@pytest.fixture
def csv_registered(_csv_registered_ingested: Path, tmp_path: Path) -> Path:
    """A copy of the ingested ``_CSV`` project of the module (every file, graph included): the
    tests that erase in it would each build and ingest the same two files and register."""
    return shutil.copytree(_csv_registered_ingested, tmp_path / "project")


@pytest.mark.slow
def test_an_erasure_removes_the_documents_register_rows(csv_registered: Path, tmp_path: Path) -> None:
    """Audit 37 (after II-01): a document described by a CSV register row was erased but its
    row (title, id, dates, access) stayed: the read-back found the title (exit 1), and the
    register then named a file gone, so every ingest after failed. The rows describing it (and,
    erasing the document, those of revisions of it not ingested) go, every other byte of the
    register as it was, recorded with its hash before and after; exit 0, and the project ingests."""
    root = csv_registered  # at tmp_path / "project"
    register = root / "register.csv"
    erased = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1",
                                 "--format", "json"])
    assert erased.exit_code == 0, erased.output
    result = json.loads(erased.stdout)
    assert result["register_rows_removed"] == ["register.csv:3", "register.csv:4"] and result["remaining"] == []
    assert result["files_removed"] == ["documents/gone.md"]
    assert register.read_bytes() == _CSV_AFTER.encode()
    recorded = result["erasure"]["register_rows"]
    import hashlib
    assert recorded == {"file": "register.csv", "lines": [3, 4],
                        "file_sha256": hashlib.sha256(_CSV.encode()).hexdigest(),
                        "sha256_after": hashlib.sha256(_CSV_AFTER.encode()).hexdigest()}
    assert _titled(root) == []
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    text = runner.invoke(app, ["erase", str(tmp_path / "project"), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"])
    assert text.exit_code == 0 and "read back again" in text.output


@pytest.mark.slow
@pytest.mark.parametrize("end", ["\r\n", "\r"])
def test_an_erasure_takes_out_the_row_the_ingest_read_whatever_the_line_ends(tmp_path: Path, end: str) -> None:
    """Audit JJ-01 (high): a CRLF register whose quoted cell held a bare CR was numbered one way
    by the ingest and another by the rewrite: erasing SPEC-1 removed ANOTHER document's row and
    kept its own. JJ-02: a CR-only register ("CSV (Macintosh)") ingested but could not be
    rewritten. The row taken out is the one the ingest read; every other byte (CR line ends
    included) stays; exit 0 and the project ingests."""
    root = tmp_path / "project"
    _registered(root, "register.csv")
    (root / "documents" / "b.md").write_text(_BODY.format("brick"))
    kept = f'documents/kept.md,SPEC-2,0,1,specification,"Kept\r09 90 00",{_DATES}{end}'
    other = f"documents/b.md,SPEC-B,0,1,specification,Bricks KEEPME,{_DATES}{end}"
    register = root / "register.csv"
    register.write_bytes((_ROW_HEADER + end + kept + f"documents/gone.md,SPEC-1,0,1,specification,Zzregtitle,{_DATES}{end}"
                          + other).encode())
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    erased = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1",
                                 "--format", "json"])
    assert erased.exit_code == 0, erased.output
    assert json.loads(erased.stdout)["register_rows_removed"] == ["register.csv:4"]
    assert register.read_bytes() == (_ROW_HEADER + end + kept + other).encode() and _titled(root) == []
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0


@pytest.mark.slow
def test_an_erasure_of_the_registers_last_row_leaves_its_header(tmp_path: Path) -> None:
    """The register's one row erased: its header stays, which reads as a register of no rows."""
    root = tmp_path / "project"
    _registered(root, "register.csv")
    (root / "documents" / "kept.md").write_text("---\nid: SPEC-2\nkind: specification\ntitle: Kept\nrevision: \"0\"\n"
                                                "seq: 1\nissued: 2026-03-02\neffective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n---\n"
                                                + _BODY.format("plain"))
    (root / "register.csv").write_text(f"{_ROW_HEADER}\ndocuments/gone.md,SPEC-1,0,1,specification,Zzregtitle,{_DATES}\n")
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    erased = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"])
    assert erased.exit_code == 0, erased.output
    assert (root / "register.csv").read_text() == _ROW_HEADER + "\n" and _titled(root) == []
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0


@pytest.mark.slow
def test_an_erasure_cut_short_before_the_register_row_went_is_finished(csv_registered: Path) -> None:
    """Cut short once it had deleted the file but not yet rewritten the register (the entry
    pending, the row naming a file gone, which the rebuild refuses): run again, the row is taken
    out first, and the erasure finishes; cut short after, the register is already as recorded
    and is left. A register edited since the erasure began is never written over: the rerun
    refuses, naming its row, until a person takes the row out."""
    root = csv_registered
    register = root / "register.csv"
    argv = ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1", "--format", "json"]
    assert runner.invoke(app, argv).exit_code == 0
    erasures = root / "erasures.yaml"

    def pending() -> None:
        erasures.write_text(erasures.read_text().replace('state: "done"', 'state: "pending"'))

    register.write_bytes(_CSV.encode())  # as if cut short between the file and the register
    pending()
    finished = runner.invoke(app, argv)
    assert finished.exit_code == 0, finished.output
    result = json.loads(finished.stdout)
    assert result["files_gone"] == ["documents/gone.md"] and result["register_rows_removed"] == [
        "register.csv:3", "register.csv:4"]
    assert register.read_bytes() == _CSV_AFTER.encode() and 'state: "done"' in erasures.read_text()

    pending()  # cut short after the register was rewritten: nothing more to take out
    again = runner.invoke(app, argv)
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["register_rows_removed"] == [] and register.read_bytes() == _CSV_AFTER.encode()

    edited = _CSV + f"\r\ndocuments/other.md,SPEC-9,0,1,specification,Added since,{_DATES}"
    register.write_bytes(edited.encode())  # the row back, and a row added since: not the bytes recorded
    pending()
    refused = runner.invoke(app, argv[:-2])
    assert refused.exit_code == 2 and "register.csv:3" in refused.output, refused.output
    assert register.read_bytes() == edited.encode() and '"pending"' in erasures.read_text()
    register.write_bytes(_CSV_AFTER.encode())  # taken out by hand: the rerun finishes
    assert runner.invoke(app, argv[:-2]).exit_code == 0 and 'state: "done"' in erasures.read_text()
    assert _titled(root) == [] and runner.invoke(app, ["ingest", str(root)]).exit_code == 0


@pytest.mark.slow
def test_an_erasure_killed_mid_rebuild_still_removes_the_register_row(csv_registered: Path, tmp_path: Path) -> None:
    """Killed (SIGKILL) during its rebuild, before any file was deleted: run again, the erasure
    finishes from its record and takes the row out of the register."""
    root = csv_registered
    argv = _erase_killed_in_its_rebuild(root, tmp_path)
    assert '"pending"' in (root / "erasures.yaml").read_text() and (root / "register.csv").read_bytes() == _CSV.encode()
    finished = runner.invoke(app, argv)
    assert finished.exit_code == 0, finished.output
    assert "register row removed: register.csv:3" in finished.output
    assert (root / "register.csv").read_bytes() == _CSV_AFTER.encode() and _titled(root) == []
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0


@pytest.mark.slow
def test_an_erasure_described_by_a_workbook_register_is_refused_before_anything(tmp_path: Path) -> None:
    """A workbook register is not rewritten: erasing a document one of its rows describes is
    refused before anything changes (exit 2), naming the register, the row and what to do; done
    (the file deleted, the row taken out), the erasure runs and the project ingests."""
    from openpyxl import Workbook

    root = tmp_path / "project"
    _registered(root, "register.xlsx")

    def save(*rows: list[str]) -> None:
        book = Workbook()
        for row in (_ROW_HEADER.split(","), *rows):
            book.active.append(row)
        book.save(root / "register.xlsx")

    dates = _DATES.split(",")
    kept = ["documents/kept.md", "SPEC-2", "0", "1", "specification", "Kept section", *dates]
    save(kept, ["documents/gone.md", "SPEC-1", "0", "1", "specification", "Zzregtitle Coatings", *dates])
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    argv = ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"]
    refused = runner.invoke(app, argv)
    assert refused.exit_code == 2, refused.output
    said = " ".join(refused.output.split())
    assert "register.xlsx:3" in said and "remove row 3 from register.xlsx" in said and "delete documents/gone.md" in said
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0

    (root / "documents" / "gone.md").unlink()  # as the message says
    save(kept)
    done = runner.invoke(app, argv)
    assert done.exit_code == 0, done.output
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0


_SIDECAR = ("id: SCH-SK\nkind: schedule\ntitle: Zzsidecartitle Footings\neffective: {from: 2026-03-02}\n"
            "recorded: 2026-03-02T09:00:00Z\n")


def _linked(root: Path, linked: str) -> None:
    """A project of a Markdown specification and a CSV schedule whose sidecar (``linked`` =
    "sidecar") or whose CSV itself ("source") is a symlink to a file in meta/."""
    (root / "documents").mkdir(parents=True)
    (root / "meta").mkdir()
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "kept.md").write_text(_document("SPEC-2", "plain"))
    schedule = "Mark,Width (in),Note\n" + "".join(f"F{n},{24 + n % 7},Footing row {n} of the yard\n" for n in range(1, 81))
    if linked == "sidecar":
        (root / "documents" / "sk.csv").write_text(schedule)
        (root / "meta" / "sk.csv.yaml").write_text(_SIDECAR)
        (root / "documents" / "sk.csv.yaml").symlink_to("../meta/sk.csv.yaml")
    else:
        (root / "meta" / "sk.csv").write_text(schedule)
        (root / "documents" / "sk.csv").symlink_to("../meta/sk.csv")
        (root / "documents" / "sk.csv.yaml").write_text(_SIDECAR)
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output


@pytest.mark.slow
@pytest.mark.parametrize("linked", ["sidecar", "source"])
def test_an_erasure_deletes_a_symlink_inside_the_project_and_what_it_leads_to(tmp_path: Path, linked: str) -> None:
    """Audit JJ-03 (high) / JJ-04: a sidecar that is a symlink inside the project lost only the
    link (its target kept id, title, dates, access; exit 0 "none holds the erased text"); a
    source that is one left the sidecar beside the link and the link dangling (every ingest
    after failed). Both ends of such a link go, recorded hashed as metadata of the source;
    exit 0, nothing of it left, and the project ingests."""
    root = tmp_path / "project"
    _linked(root, linked)
    erased = runner.invoke(app, ["erase", str(root), "SCH-SK", "--by", "R. Keeper", "--confirm", "SCH-SK",
                                 "--format", "json"])
    assert erased.exit_code == 0, erased.output
    result = json.loads(erased.stdout)
    assert result["remaining"] == []
    (source,) = result["erasure"]["sources"]
    recorded = [m["file"] for m in source["metadata"]]
    if linked == "sidecar":
        assert recorded == ["documents/sk.csv.yaml", "meta/sk.csv.yaml"]
    else:
        assert source["file"] == "meta/sk.csv" and recorded == ["documents/sk.csv", "documents/sk.csv.yaml"]
    for name in ("documents/sk.csv", "documents/sk.csv.yaml", "meta/sk.csv", "meta/sk.csv.yaml"):
        assert not (root / name).exists() and not (root / name).is_symlink(), name
    assert [p for p in root.rglob("*") if p.is_file() and b"Zzsidecartitle" in p.read_bytes()] == []
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0


def test_an_erasure_whose_link_leads_to_another_documents_file_is_refused(tmp_path: Path) -> None:
    """The rule's other half (``engine.erase._refuse_shared_links``): a file the erasure would
    delete through a link that is also another document's source or sidecar is refused before
    anything changes, naming it and what to do."""
    from inforce.engine.erase import _refuse_shared_links
    from inforce.ontology import InputError
    from inforce.ontology.erasure import ErasedFile

    root = tmp_path / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "a.csv").write_text("Mark,Note\nF1,one\n")
    (root / "documents" / "a.csv.yaml").write_text(_SIDECAR)
    (root / "documents" / "b.csv").write_text("Mark,Note\nF1,two\n")
    (root / "documents" / "b.csv.yaml").symlink_to("a.csv.yaml")
    theirs = {"documents/b.csv": (ErasedFile(file="documents/b.csv.yaml", file_sha256=""),
                                  ErasedFile(file="documents/a.csv.yaml", file_sha256=""))}
    with pytest.raises(InputError, match="also another document's file or sidecar") as refused:
        _refuse_shared_links(root, None, "SCH-B", theirs, {"documents/a.csv"})
    assert refused.value.file == "documents/a.csv.yaml" and "nothing was erased" in refused.value.message
    _refuse_shared_links(root, None, "SCH-B", theirs, set())  # no other document: allowed


@pytest.mark.slow
def test_erasing_a_document_deletes_its_revisions_not_ingested_yet(tmp_path: Path) -> None:
    """Audit JJ-05: erasing a whole document ("every revision, also one issued later") left the
    file of a revision added since the last ingest (its text) and its register row (its title),
    exit 0 "none holds the erased text". Such a revision (a file the register, a sidecar or front
    matter gives the document's id) is erased with the others: its file recorded hashed as a
    source and deleted, its row taken out; exit 0 and the project ingests."""
    root = tmp_path / "project"
    _registered(root, "register.csv")
    register = root / "register.csv"
    register.write_text(f"{_ROW_HEADER}\ndocuments/kept.md,SPEC-2,0,1,specification,Kept,{_DATES}\n"
                        f"documents/gone.md,SPEC-1,0,1,specification,Zzregtitle,{_DATES}\n")
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    (root / "documents" / "gone-r1.md").write_text(_BODY.format("Zzrevone"))
    with register.open("a") as rows:
        rows.write(f"documents/gone-r1.md,SPEC-1,1,2,specification,Zzregtitle rev 1,{_DATES}\n")
    erased = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1",
                                 "--format", "json"])
    assert erased.exit_code == 0, erased.output
    result = json.loads(erased.stdout)
    assert result["files_removed"] == ["documents/gone.md", "documents/gone-r1.md"] and result["remaining"] == []
    assert result["register_rows_removed"] == ["register.csv:3", "register.csv:4"]
    sources = result["erasure"]["sources"]
    assert [(s["revision"], s["file"]) for s in sources] == [("0", "documents/gone.md"), ("1", "documents/gone-r1.md")]
    assert all(len(s["file_sha256"]) == 64 and s["content_hash"] for s in sources)
    assert [p for p in root.rglob("*") if p.is_file() and (b"Zzrevone" in p.read_bytes()
                                                           or b"Zzregtitle" in p.read_bytes())] == []
    assert register.read_text() == f"{_ROW_HEADER}\ndocuments/kept.md,SPEC-2,0,1,specification,Kept,{_DATES}\n"
    again = runner.invoke(app, ["ingest", str(root)])
    assert again.exit_code == 0 and "erased" not in again.output, again.output


def _erase_killed_in_its_rebuild(root: Path, tmp_path: Path, at: str = "loaded") -> list[str]:
    """``inforce erase ROOT SPEC-1`` in a child process, SIGKILLed once its rebuild has loaded
    the graph (or reached the store's test pause ``at``: ``swapped``, the new graph live); the
    command's arguments, to run it again."""
    import os
    import signal
    import subprocess
    import sys
    import time

    reached = tmp_path / "reached"
    env = {**os.environ, "INFORCE_STORE_PAUSE": f"{at}:60", "INFORCE_STORE_PAUSE_MARKER": str(reached)}
    argv = ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"]
    process = subprocess.Popen([sys.executable, "-c", "from inforce.adapters.cli import main; main()", *argv],
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not reached.exists() and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.05)
        assert reached.exists(), "the erasure never reached its rebuild"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    return argv


def _replayed_with(record: Path, erased: object, into: Path) -> Path:
    """``record`` with ``erased`` put in as its ``erased`` key (outside its ``sha256``: the file
    reads as a record), written to ``into``."""
    stored = json.loads(record.read_text())
    stored["erased"] = erased
    into.write_text(json.dumps(stored, indent=2, sort_keys=True))
    return into


@pytest.mark.slow
def test_a_record_replays_as_erased_only_when_erasures_yaml_holds_the_erasure_that_rewrote_it(
    project: tuple[Path, str], tmp_path: Path,
) -> None:
    """Audit 74 B F3: ``erased`` is the one key a record may hold outside its hash. Added by hand
    to a record no erasure touched, any value had stopped its replay and been told as an
    erasure (exit 1): a made-up erasure, document, person and time, ``true`` ("the decision
    rested on erased"), a 5 MB name printed twice. It is now read as an erasure writes it and
    matched with erasures.yaml, else exit 2 naming the record and the field; a record a real
    erasure rewrote replays as before, and that erasure's ``erased`` copied onto another record
    (or edited) is refused too."""
    root, marker = project
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps({"context": {"valid_at": "2026-05-01"}, "claims": [
        {"text": f"The {marker} coating is applied in two coats over a primer.",
         "citations": [{"locator": "SPEC-1#1.1.A", "quote": f"The {marker} coating is applied in two coats"}]}]}))
    audit = tmp_path / "audit"
    assert runner.invoke(app, ["check", str(root), "--answer", str(answer), "--audit-dir", str(audit)]).exit_code == 0
    (untouched,) = audit.glob("*.json")
    kept = untouched.read_bytes()
    assert runner.invoke(app, ["replay", str(root), str(untouched)]).exit_code == 0  # same verdict

    made_up = {"erasure": "ERASE-0123456789ab", "document": "SPEC-1", "revisions": ["0"], "scope": "document",
               "by": "J. Rivera", "at": "2026-01-01T00:00:00Z", "sha256_before": "0" * 64}
    forged = {
        "made_up": (made_up, "erased.erasure", "erasure ERASE-0123456789ab, which erasures.yaml does not hold"),
        "not_an_id": ({**made_up, "erasure": "E-0099"}, "erased.erasure", "ERASE-"),
        "true": (True, "erased", "not an object"),
        "null": (None, "erased", "not an object"),
        "huge_name": ({**made_up, "by": "x" * 5_000_000}, "erased.by", "at most 200 characters"),
        "huge_time": ({**made_up, "at": "2" * 100_000}, "erased.at", "not a time"),
        "other_keys": ({"a": [1, 2]}, "erased.", "erasure, document, revisions, scope, by, at, sha256_before"),
    }
    for name, (erased, field, said) in forged.items():
        path = _replayed_with(untouched, erased, tmp_path / f"{name}.json")
        replayed = runner.invoke(app, ["replay", str(root), str(path)])
        assert replayed.exit_code == 2, (name, replayed.output)
        assert f"{path}: {field}" in replayed.output and said in replayed.output, (name, replayed.output)
        assert "not recomputed" not in replayed.output and "J. Rivera" not in replayed.output
        assert len(replayed.output) < 2_000, name

    erased = runner.invoke(app, ["erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1",
                                 "--audit-dir", str(audit), "--format", "json"])
    assert erased.exit_code == 0, erased.output
    erasure = json.loads(erased.stdout)["erasure"]
    (rewritten,) = audit.glob("*.json")
    replayed = runner.invoke(app, ["replay", str(root), str(rewritten)])
    assert replayed.exit_code == 1, replayed.output
    assert f"not recomputed: the decision rested on SPEC-1 erased by R. Keeper at {erasure['at']} ({erasure['id']}, " \
           "erasures.yaml)" in replayed.stdout

    real = json.loads(rewritten.read_text())["erased"]
    before = tmp_path / "before.json"
    before.write_bytes(kept)
    for name, (record, erased_now, field) in {
        "copied_onto_a_record_it_did_not_rewrite": (before, real, "answer.claims.0.text"),
        "another_name": (rewritten, {**real, "by": "J. Rivera"}, "erased.by"),
        "another_document": (rewritten, {**real, "document": "SPEC-2"}, "erased.document"),
        "another_time": (rewritten, {**real, "at": "2026-01-01T00:00:00Z"}, "erased.at"),
    }.items():
        path = _replayed_with(record, erased_now, tmp_path / f"{name}.json")
        replayed = runner.invoke(app, ["replay", str(root), str(path)])
        assert replayed.exit_code == 2 and f"{path}: {field}: " in replayed.output, (name, replayed.output)
        assert "not recomputed" not in replayed.output, name
