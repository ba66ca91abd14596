"""Erasure through the service (issue 24, audit H2/H3): what the server holds outside the
project's files goes with the erased text.

A sweep's report kept in memory from before the erasure is gone (410), and a check's audit
record still queued in the recorder when the erasure runs is written before the erasure looks
for records (or redacted as it is written): after ``POST .../erase`` no file of the project
holds the erased words.
"""

from __future__ import annotations

import json
import secrets
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from inforce.adapters.http import Service, Warm
from inforce.engine import Project

KEPT = """---
id: SPEC-200
kind: specification
title: Section 09 90 00 Painting
revision: "0"
seq: 1
issued: 2026-03-02
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
---
# SECTION 09 90 00 - PAINTING

1.1 SUMMARY

A. Apply two finish coats over one primer coat on every gypsum board surface.
"""


def _erased(marker: str) -> str:
    return f"""---
id: SPEC-100
kind: specification
title: Section 03 30 00 Cast-in-Place Concrete
revision: "0"
seq: 1
issued: 2026-03-02
effective: {{from: 2026-03-02}}
recorded: 2026-03-02T09:00:00Z
---
# SECTION 03 30 00 - CAST-IN-PLACE CONCRETE

2.1 CONCRETE MIXTURES

A. Compressive strength at 28 days: not less than 4,000 psi.

C. The {marker} admixture is not permitted in slabs on grade.
"""


def _holds(content: bytes, forms: set[bytes]) -> bool:
    return any(form in content for form in forms)


def _holders(root: Path, marker: str) -> list[str]:
    forms = {form.encode(code) for form in (marker, marker.lower(), marker.upper())
             for code in ("utf-8", "utf-16-le", "utf-16-be")}
    return sorted(str(p.relative_to(root)) for p in root.rglob("*")
                  if p.is_file() and _holds(p.read_bytes(), forms))  # each file read once, not once a form


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The project ingested once; each test erases in its own copy (``erasable``)."""
    marker = "Qx" + secrets.token_hex(6) + "Zr"
    root = tmp_path_factory.mktemp("erasable") / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: erase-served\nfacets: []\nrules: []\n")
    (root / "documents" / "spec-200.md").write_text(KEPT)
    (root / "documents" / "spec-100.md").write_text(_erased(marker))
    Project.ingest(root)
    return root, marker


@pytest.fixture
def erasable(ingested: tuple[Path, str], tmp_path: Path, serve: Any, http_keys: Any) -> tuple[Any, Path, str, str]:
    built, marker = ingested
    root = shutil.copytree(built, tmp_path / "project")
    server = serve(Service({"p": Warm.open("p", root)}, http_keys, time_limit=120))
    return server, root, marker, "/v1/projects/p"


def _erase(client: httpx.Client, base: str, bearer: Any) -> dict[str, Any]:
    erased = client.post(f"{base}/erase", json={"document": "SPEC-100", "confirm": "SPEC-100"},
                         headers=bearer("admin"))
    assert erased.status_code == 200, erased.text
    return erased.json()  # type: ignore[no-any-return]


@pytest.mark.slow
def test_a_sweep_report_from_before_an_erasure_is_gone(erasable: Any, bearer: Any) -> None:
    server, root, marker, base = erasable
    with httpx.Client(base_url=server.url, timeout=120) as client:
        job = client.post(f"{base}/sweeps", json={"valid_at": "2026-05-01"}, headers=bearer("owner")).json()
        deadline = time.monotonic() + 60
        while job["state"] == "running":
            assert time.monotonic() < deadline, "the sweep did not end in 60 s"
            time.sleep(0.1)
            job = client.get(f"{base}/sweeps/{job['id']}", headers=bearer("owner")).json()
        assert job["state"] == "done"
        assert client.get(f"{base}/sweeps/{job['id']}", params={"format": "md"},
                          headers=bearer("owner")).status_code == 200
        result = _erase(client, base, bearer)
        for fmt in ("json", "md", "html", "sarif"):
            gone = client.get(f"{base}/sweeps/{job['id']}", params={"format": fmt}, headers=bearer("owner"))
            assert gone.status_code == 410, gone.text
            assert result["erasure"]["id"] not in gone.json()["detail"] and marker not in gone.text  # Audit 34 AA-06
        status = client.get(f"{base}/sweeps/{job['id']}", headers=bearer("owner")).json()
        assert status["state"] == "erased" and status["findings"] is None
        # a sweep begun after the erasure is on the new graph, and kept
        later = client.post(f"{base}/sweeps", json={"valid_at": "2026-05-01"}, headers=bearer("owner")).json()
        assert later["index_build"] == result["index_build"]
        # erasing it again (done already) drops nothing of the new build
        assert _erase(client, base, bearer)["already_done"] is True
        assert client.get(f"{base}/sweeps/{later['id']}", headers=bearer("owner")).json()["state"] != "erased"


@pytest.mark.slow
def test_an_audit_record_queued_during_an_erasure_keeps_no_erased_text(erasable: Any, bearer: Any) -> None:
    """The recorder is held back (a write queued before the check waits) until the erasure
    flushes it — or, should the erasure not, until the erasure is recorded done: either way the
    check's record is written while the erasure runs, and must not keep the marker."""
    server, root, marker, base = erasable
    service = server.service
    release = threading.Event()
    flush = service.flush

    def flushed() -> None:  # the erasure asks the recorder to write what it holds: let it
        release.set()
        flush()

    service.flush = flushed

    def watch() -> None:  # without that, the recorder goes on once the erasure is done
        deadline = time.monotonic() + 120
        while not release.is_set() and time.monotonic() < deadline:
            erasures = root / "erasures.yaml"
            if erasures.is_file() and 'state: "done"' in erasures.read_text():
                break
            time.sleep(0.005)
        release.set()

    service.record(lambda: release.wait(120))
    answer = {"question": "Which admixture is barred?", "context": {"valid_at": "2026-05-01"},
              "claims": [{"text": f"The {marker} admixture is not permitted in slabs on grade.",
                          "citations": [{"locator": "SPEC-100#2.1.C",
                                         "quote": f"The {marker} admixture is not permitted"}]}]}
    with httpx.Client(base_url=server.url, timeout=120) as client:
        checked = client.post(f"{base}/check", json=answer, headers=bearer("owner"))
        assert checked.status_code == 200, checked.text
        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        result = _erase(client, base, bearer)
    watcher.join(130)
    service.flush = flush
    service.flush()
    records = list((root / ".inforce" / "audit").glob("*.json"))
    assert len(records) == 1 and '"erased"' in records[0].read_text()
    assert result["remaining"] == []
    assert _holders(root, marker) == []


@pytest.mark.slow
def test_an_erasures_409_names_no_file_the_key_may_not_read(
    tmp_path: Path, serve: Any, http_keys: Any, bearer: Any,
) -> None:
    """Audit A4: the read-back finds the erased words in a document of a group the admin key
    lacks (a memo quoting them): that file is counted in ``withheld``, never named — neither
    in ``detail`` nor in ``result.remaining`` — nor is its document; a copy the key may read is
    named as before."""
    marker = "Qx" + secrets.token_hex(6) + "Zr"
    root = tmp_path / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: erase-served\nfacets: []\nrules: []\n")
    (root / "documents" / "spec-200.md").write_text(KEPT)
    (root / "documents" / "spec-100.md").write_text(_erased(marker))
    erased = _erased(marker)
    memo = erased.replace("id: SPEC-100", "id: SEC-9").replace(  # the erased words, quoted whole
        "title: Section 03 30 00 Cast-in-Place Concrete", "title: Directors memo\naccess: [directors]")
    (root / "documents" / "zz-merger-plan.md").write_text(memo)
    (root / "notes").mkdir()
    (root / "notes" / "copy.txt").write_text(erased.split("2.1 CONCRETE MIXTURES\n\n", 1)[1])
    Project.ingest(root)
    server = serve(Service({"p": Warm.open("p", root)}, http_keys, time_limit=120))
    with httpx.Client(base_url=server.url, timeout=120) as client:
        answered = client.post("/v1/projects/p/erase", json={"document": "SPEC-100", "confirm": "SPEC-100"},
                               headers=bearer("admin"))  # owner-team, not directors
    assert answered.status_code == 409, answered.text
    body = answered.json()
    assert "zz-merger-plan" not in answered.text and "SEC-9" not in answered.text, answered.text
    assert "notes/copy.txt" in body["result"]["remaining"] and body["result"]["withheld"] == 1
    found = len(body["result"]["remaining"]) + 1
    assert f"still found in {found} file(s)" in body["detail"] and "1 the key's groups may not read" in body["detail"]
    assert (root / "documents" / "zz-merger-plan.md").is_file()  # it is not the erasure's to delete


@pytest.mark.slow
def test_an_erasure_whose_text_is_still_found_afterwards_is_409_with_its_result(erasable: Any, bearer: Any) -> None:
    """Audit L16: a client reading the status must not take the folder for clean: 200 only when
    the read-back found the erased text nowhere; else 409, the erasure's result under ``result``
    (recorded and done as far as it goes; erase again once the copy is gone: 200)."""
    server, root, marker, base = erasable
    (root / "notes").mkdir()
    (root / "notes" / "copy.txt").write_text(f"C. The {marker} admixture is not permitted in slabs on grade.\n")
    with httpx.Client(base_url=server.url, timeout=120) as client:
        refused = client.post(f"{base}/erase", json={"document": "SPEC-100", "confirm": "SPEC-100"},
                              headers=bearer("admin"))
        assert refused.status_code == 409, refused.text
        body = refused.json()
        assert body["result"]["remaining"] == ["notes/copy.txt"]
        assert body["result"]["erasure"]["state"] == "done"
        assert "notes/copy.txt" in body["detail"] and "SPEC-100" in body["detail"]
        server.service.flush()
        line = json.loads((root / ".inforce" / "decisions.jsonl").read_text().splitlines()[-1])
        assert line["endpoint"] == "erase" and line["status"] == 409
        (root / "notes" / "copy.txt").unlink()
        again = _erase(client, base, bearer)
        assert again["remaining"] == []


@pytest.mark.slow
def test_erasing_again_after_removing_one_of_two_copies_is_409_naming_the_other(erasable: Any, bearer: Any) -> None:
    """Audit 53 (5): the second POST, after one of the two copies the first named was removed, had
    answered 200 with ``remaining`` [] and ``files_checked`` 0 (nothing read back) while the other
    copy still held the text. The erasure done before is read back again, from the hashes of its
    runs of words its record keeps: 409 naming the copy left, 200 once none is."""
    server, root, marker, base = erasable
    (root / "notes").mkdir()
    for name in ("a.txt", "b.txt"):
        (root / "notes" / name).write_text(f"C. The {marker} admixture is not permitted in slabs on grade.\n")
    with httpx.Client(base_url=server.url, timeout=120) as client:
        def erase() -> httpx.Response:
            return client.post(f"{base}/erase", json={"document": "SPEC-100", "confirm": "SPEC-100"},
                               headers=bearer("admin"))

        first = erase()
        assert first.status_code == 409, first.text
        assert first.json()["result"]["remaining"] == ["notes/a.txt", "notes/b.txt"]
        (root / "notes" / "a.txt").unlink()
        second = erase()
        assert second.status_code == 409, second.text
        result = second.json()["result"]
        assert result["already_done"] and result["remaining"] == ["notes/b.txt"] and result["files_checked"] > 0
        assert "notes/b.txt" in second.json()["detail"]
        (root / "notes" / "b.txt").unlink()
        third = erase()
        assert third.status_code == 200, third.text
        assert third.json()["remaining"] == [] and third.json()["files_checked"] > 0
    assert _holders(root, marker) == []  # the record keeps hashes of the runs, never the words


@pytest.mark.slow
def test_an_erasure_through_the_service_deletes_a_schedules_sidecar(tmp_path: Path, serve: Any, http_keys: Any,
                                                                    bearer: Any) -> None:
    """Audit 37 II-01 (medium): ``POST .../erase`` of a CSV schedule deleted the CSV and left
    its sidecar, which holds the title, id, dates and access: 409 blaming a file the key may not
    read (here), or, with thousands of rows crowding the title out of the read-back's probes,
    200 and "nothing found" while the title stayed on disk. The sidecar goes with its file, and
    the service answers 200 with both named."""
    root = tmp_path / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: erase-served\nfacets: []\nrules: []\n")
    (root / "documents" / "spec-200.md").write_text(KEPT)
    (root / "documents" / "sk.csv").write_text("Mark,Width (in),Note\n" + "".join(
        f"F{n},{24 + n % 7},Footing {n} is cast against undisturbed soil of the yard\n" for n in range(1, 61)))
    (root / "documents" / "sk.csv.yaml").write_text(
        "id: SCH-SK\nkind: schedule\ntitle: Zzsidecartitle Footing Schedule Of The Yard\n"
        "effective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n")
    Project.ingest(root)
    server = serve(Service({"p": Warm.open("p", root)}, http_keys, time_limit=120))
    with httpx.Client(base_url=server.url, timeout=120) as client:
        erased = client.post("/v1/projects/p/erase", json={"document": "SCH-SK", "confirm": "SCH-SK"},
                             headers=bearer("admin"))
    assert erased.status_code == 200, erased.text
    assert erased.json()["files_removed"] == ["documents/sk.csv", "documents/sk.csv.yaml"]
    assert erased.json()["remaining"] == []
    assert not (root / "documents" / "sk.csv.yaml").exists() and _holders(root, "Zzsidecartitle") == []


_REGISTER_HEADER = "file,id,revision,seq,kind,title,issued,effective_from,recorded"
_REGISTER_DATES = "2026-03-02,2026-03-02,2026-03-02T09:00:00Z"


def _registered(root: Path, registry: str) -> None:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(f"project: erase-served\nfacets: []\nrules: []\nregistry: {registry}\n")
    (root / "documents" / "spec-200.md").write_text(KEPT)
    (root / "documents" / "gone.md").write_text("1.1 SUMMARY\n\nA. The membrane is laid in two plies over the deck.\n")


@pytest.mark.slow
def test_an_erasure_through_the_service_removes_the_register_row(tmp_path: Path, serve: Any, http_keys: Any,
                                                                 bearer: Any) -> None:
    """A document a CSV register row describes: ``POST .../erase`` left the row (its title, id,
    dates, access), answered 409 for the title it found there, and the register then named a
    file gone (every ingest after failed). The row goes, every other byte of the register kept;
    200, the row named, and the project ingests."""
    root = tmp_path / "project"
    _registered(root, "register.csv")
    kept_row = f'"documents/spec-200.md",SPEC-200,0,1,specification,"Painting, 09 90 00",{_REGISTER_DATES}\r\n'
    register = root / "register.csv"
    register.write_bytes((f"{_REGISTER_HEADER}\r\n{kept_row}"
                          f"documents/gone.md,SPEC-W,0,1,specification,Zzregtitle Roofing,{_REGISTER_DATES}\r\n").encode())
    (root / "documents" / "spec-200.md").write_text(KEPT.split("---\n", 2)[2])  # the register is its metadata
    Project.ingest(root)
    server = serve(Service({"p": Warm.open("p", root)}, http_keys, time_limit=120))
    with httpx.Client(base_url=server.url, timeout=120) as client:
        erased = client.post("/v1/projects/p/erase", json={"document": "SPEC-W", "confirm": "SPEC-W"},
                             headers=bearer("admin"))
    assert erased.status_code == 200, erased.text
    assert erased.json()["register_rows_removed"] == ["register.csv:3"] and erased.json()["remaining"] == []
    assert register.read_bytes() == f"{_REGISTER_HEADER}\r\n{kept_row}".encode()
    assert _holders(root, "Zzregtitle") == []
    Project.ingest(root)


@pytest.mark.slow
def test_an_erasure_through_the_service_refuses_a_workbook_registers_row(tmp_path: Path, serve: Any,
                                                                         http_keys: Any, bearer: Any) -> None:
    """A document an XLSX register row describes: the workbook is not rewritten, so the erasure
    is refused before anything changes, naming the register, the row and what to do."""
    from openpyxl import Workbook

    root = tmp_path / "project"
    _registered(root, "register.xlsx")
    book = Workbook()
    for row in (_REGISTER_HEADER.split(","),
                ["documents/gone.md", "SPEC-W", "0", "1", "specification", "Zzregtitle Roofing",
                 *_REGISTER_DATES.split(",")]):
        book.active.append(row)
    book.save(root / "register.xlsx")
    Project.ingest(root)
    log = root / ".inforce" / "decisions.jsonl"  # the refusal's own line is written there, before its answer

    def files() -> dict[Path, bytes]:
        return {p: p.read_bytes() for p in root.rglob("*") if p.is_file() and p != log}

    before = files()
    server = serve(Service({"p": Warm.open("p", root)}, http_keys, time_limit=120))
    with httpx.Client(base_url=server.url, timeout=120) as client:
        refused = client.post("/v1/projects/p/erase", json={"document": "SPEC-W", "confirm": "SPEC-W"},
                              headers=bearer("admin"))
    assert refused.status_code in (400, 422), refused.text
    said = json.dumps(refused.json())
    assert "register.xlsx" in said and "remove row 2 from register.xlsx" in said and "documents/gone.md" in said
    assert files() == before
    assert json.loads(log.read_text().splitlines()[-1])["endpoint"] == "erase"
    Project.ingest(root)


def test_erasing_again_is_409_naming_a_short_provision_it_could_not_look_for(tmp_path: Path, serve: Any,
                                                                              http_keys: Any, bearer: Any) -> None:
    """Audit 54 (9): the second POST, after one of two notes holding a provision too short to keep
    a fingerprint of ("B. Vault code 58213.") was removed, answered 200 ("none holds it") while the
    other note held it: the record kept no run of it. Now 409, the provision named by locator, and
    the note still holding it named as remaining."""
    root = tmp_path / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: erase-served\nfacets: []\nrules: []\n")
    (root / "documents" / "spec-100.md").write_text(KEPT.replace("SPEC-200", "SPEC-100") + "\nB. Vault code 58213.\n")
    Project.ingest(root)
    (root / "notes").mkdir()
    for name in ("a.txt", "b.txt"):
        (root / "notes" / name).write_text("Vault code 58213.\n")
    server = serve(Service({"p": Warm.open("p", root)}, http_keys, time_limit=120))
    with httpx.Client(base_url=server.url, timeout=120) as client:
        def erase() -> httpx.Response:
            return client.post("/v1/projects/p/erase", json={"document": "SPEC-100", "confirm": "SPEC-100"},
                               headers=bearer("admin"))

        first = erase()
        assert first.status_code == 409 and first.json()["result"]["remaining"] == ["notes/a.txt", "notes/b.txt"]
        (root / "notes" / "a.txt").unlink()
        second = erase()
    assert second.status_code == 409, second.text
    result = second.json()["result"]
    # (audit 57: the note the first run found, unchanged since, is named again by its hash: still remaining)
    assert result["already_done"] and result["remaining"] == ["notes/b.txt"]
    assert result["not_looked_for"] == ["SPEC-100@0#1.1.B"]
    assert "not looked for" in second.json()["detail"] and "SPEC-100@0#1.1.B" in second.json()["detail"]


@pytest.mark.slow
def test_a_replayed_record_is_told_erased_only_when_erasures_yaml_holds_its_erasure(erasable: Any, bearer: Any) -> None:
    """Audit 74 B F3 over the service (the CLI's test: tests/cli/test_cli_erase.py): an
    ``erased`` key added to a record no erasure touched had made ``POST .../replay`` answer 200,
    "not recomputed: the decision rested on ..." whatever it held (an erasure that never was, a
    person's name, ``true``). It is 422 at the field now, quoting none of it; the record a real
    erasure rewrote replays as before, and its ``erased`` on a record it did not rewrite is 422."""
    server, root, marker, base = erasable
    answer = {"context": {"valid_at": "2026-05-01"},
              "claims": [{"text": f"The {marker} admixture is not permitted in slabs on grade.",
                          "citations": [{"locator": "SPEC-100#2.1.C",
                                         "quote": f"The {marker} admixture is not permitted"}]}]}
    made_up = {"erasure": "ERASE-0123456789ab", "document": "SPEC-100", "revisions": ["0"], "scope": "document",
               "by": "J. Rivera", "at": "2026-01-01T00:00:00Z", "sha256_before": "0" * 64}
    with httpx.Client(base_url=server.url, timeout=120) as client:
        def replay(stored: dict[str, Any], erased: Any) -> httpx.Response:
            return client.post(f"{base}/replay", json={**stored, "erased": erased}, headers=bearer("owner"))

        assert client.post(f"{base}/check", json=answer, headers=bearer("owner")).status_code == 200
        server.service.flush()
        (written,) = (root / ".inforce" / "audit").glob("*.json")
        untouched = json.loads(written.read_text())
        assert client.post(f"{base}/replay", json=untouched, headers=bearer("owner")).json()["same"] is True
        for erased, loc, said in (
            (made_up, ["body", "erased", "erasure"], "erasure ERASE-0123456789ab, which erasures.yaml does not hold"),
            (True, ["body", "erased"], "not an object"),
            ({**made_up, "by": "x" * 100_000}, ["body", "erased", "by"], "at most 200 characters"),
        ):
            refused = replay(untouched, erased)
            assert refused.status_code == 422, refused.text
            (problem,) = refused.json()["detail"]
            assert problem["loc"] == loc and said in problem["msg"], problem
            assert "J. Rivera" not in refused.text and len(refused.text) < 2_000

        _erase(client, base, bearer)
        server.service.flush()
        (rewritten,) = (root / ".inforce" / "audit").glob("*.json")
        stored = json.loads(rewritten.read_text())
        replayed = client.post(f"{base}/replay", json=stored, headers=bearer("owner"))
        assert replayed.status_code == 200, replayed.text
        assert replayed.json()["same"] is False and replayed.json()["differences"][0].startswith(
            f"not recomputed: the decision rested on SPEC-100 erased by admin at {stored['erased']['at']} "
            f"({stored['erased']['erasure']}, erasures.yaml)")
        copied = replay(untouched, stored["erased"])  # the real erasure's, on a record it did not rewrite
        assert copied.status_code == 422 and copied.json()["detail"][0]["loc"] == ["body", "answer", "claims", 0, "text"], \
            copied.text
        assert marker not in copied.text
