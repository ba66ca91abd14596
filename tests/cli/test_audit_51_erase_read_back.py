"""Audit 51: erase's read-back said "none holds the erased text" while copies were left. It
looked for the sixteen longest texts and 64 fragments only (a copy of the fiftieth of a hundred
paragraphs was missed), and for their bytes as written: a copy in a Word file, HTML-escaped (as
``sweep --format html`` writes), with no-break spaces or soft hyphens (as Word pastes), in a
gzip or in UTF-32 was missed. Now every erased text is looked for by its runs of words, each
file read as words in any of those forms (``ontology.readback``); a run a live document holds
(shared boilerplate) names nothing, and an archive that cannot be read is named "not read back".
Through the real CLI on real files; ``read_back`` on its own for each form too."""

from __future__ import annotations

import gzip
import html
import random
import shutil
import zipfile
from pathlib import Path

import pytest
from erase_read_back import erase_sec1_lines

from inforce.adapters.cli import app
from tests.cli.test_cli_erase import runner

WORDS = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa "
         "quebec romeo sierra tango uniform victor whiskey xray yankee zulu").split()
SURVEY = "The Owner's surveyor stakes the Contractor's building corners within 28 days before excavation begins."
BOILERPLATE = "Comply with the requirements of the Contract Documents and the Building Code in force at bid time."


def _front(doc: str, title: str) -> str:
    return (f"---\nid: {doc}\nkind: specification\ntitle: {title}\nrevision: \"0\"\nseq: 1\nissued: 2026-01-01\n"
            "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n---\n")


def _paragraphs() -> list[str]:
    chance = random.Random(7)
    return ["The " + " ".join(chance.choice(WORDS) for _ in range(10)) + " shall be kept." for _ in range(100)]


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit51") / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: q\nfacets: []\nrules: []\n")
    body = "".join(f"1.{at} ITEM {at}\n\nA. {text}\n\n" for at, text in enumerate(_paragraphs(), start=1))
    body += f"1.101 SURVEY\n\nA. {SURVEY}\n\n1.102 CODES\n\nA. {BOILERPLATE}\n"
    (root / "documents" / "sec-1.md").write_text(_front("SEC-1", "Long Spec") + "SECTION 1 - GENERAL\n\n" + body)
    (root / "documents" / "pub-1.md").write_text(_front("PUB-1", "Public") + f"2.1 CODES\n\nB. {BOILERPLATE}\n")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root


@pytest.fixture
def project(ingested: Path, tmp_path: Path) -> Path:
    return shutil.copytree(ingested, tmp_path / "project")


def _docx(path: Path, first: str, second: str) -> None:
    """A Word file whose one paragraph is two runs: ``first`` and ``second`` (a word may be cut)."""
    document = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
                f'<w:p><w:r><w:t>Minutes</w:t></w:r></w:p><w:p><w:r><w:t xml:space="preserve">{html.escape(first)}'
                f'</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>{html.escape(second)}</w:t></w:r></w:p></w:body></w:document>')
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types/>')
        archive.writestr("word/document.xml", document)


def _forms(root: Path) -> dict[str, str]:
    """A copy of erased text in each form the audit found missed, by the file it is in."""
    fiftieth = _paragraphs()[49]
    (root / "notes").mkdir()
    (root / "notes" / "copy.txt").write_text(f"My note: A. {fiftieth}\n")
    _docx(root / "notes" / "old-spec.docx", SURVEY[:40], SURVEY[40:])  # cut inside "building"
    (root / "notes" / "finding.html").write_text(f"<html><body><blockquote>{html.escape(SURVEY)}</blockquote></body></html>")
    (root / "notes" / "pasted.txt").write_text(SURVEY.replace("28 days", "28\u00a0days").replace("A. ", "A.\u00a0"))
    (root / "notes" / "hyphened.txt").write_text(SURVEY.replace("excavation", "exca\u00advation")
                                                 .replace("surveyor", "sur\u00adveyor"))
    (root / "notes" / "copy.txt.gz").write_bytes(gzip.compress(SURVEY.encode()))
    (root / "notes" / "wide.txt").write_bytes(SURVEY.encode("utf-32"))
    return {"notes/copy.txt": "a plain copy of the 50th of 101 paragraphs", "notes/old-spec.docx": "a Word file",
            "notes/finding.html": "HTML-escaped", "notes/pasted.txt": "no-break spaces",
            "notes/hyphened.txt": "soft hyphens", "notes/copy.txt.gz": "gzip", "notes/wide.txt": "UTF-32"}


@pytest.mark.slow
def test_every_copy_form_the_audit_found_is_named(project: Path) -> None:
    forms = _forms(project)
    (project / "notes" / "codes.txt").write_text(f"From PUB-1: {BOILERPLATE}\n")
    named = erase_sec1_lines(project, code=1)
    assert [name for name in forms if name not in named] == [], named
    # the boilerplate PUB-1 holds too: neither PUB-1's file nor a note quoting it is named
    assert "notes/codes.txt" not in named and "documents/pub-1.md" not in named, named


@pytest.mark.slow
def test_boilerplate_a_live_document_holds_names_nothing(project: Path) -> None:
    (project / "codes.txt").write_text(f"Standard wording:\n{BOILERPLATE}\n")
    said = erase_sec1_lines(project, code=0)
    assert "none holds the erased text" in " ".join(said), said


@pytest.mark.slow
def test_a_damaged_word_file_is_named_not_read_back(project: Path) -> None:
    (project / "broken.docx").write_bytes(b"PK\x03\x04" + b"\x14\x00" * 40 + SURVEY.encode()[:10])
    said = erase_sec1_lines(project, code=1)
    assert any(line.startswith("broken.docx (not read back:") for line in said), said


# ---- the reader on its own: each form, and what is not the text --------------------------------


@pytest.mark.parametrize("form", ["html", "nbsp", "soft-hyphen", "gzip", "utf-32", "utf-32-be", "docx", "json",
                                  "utf-16-le"])
def test_read_back_reads_each_form_a_copy_is_kept_in(tmp_path: Path, form: str) -> None:
    from inforce.ontology.readback import WordRuns, read_back, runs_of

    runs = WordRuns(runs_of(SURVEY))
    path = tmp_path / "copy"
    writers = {
        "html": lambda: path.write_text(html.escape(SURVEY)),
        "nbsp": lambda: path.write_text(SURVEY.replace(" ", "\u00a0")),
        "soft-hyphen": lambda: path.write_text(SURVEY.replace("building", "build\u00ading")),
        "gzip": lambda: path.write_bytes(gzip.compress(SURVEY.encode())),
        "utf-32": lambda: path.write_bytes(SURVEY.encode("utf-32")),
        "utf-32-be": lambda: path.write_bytes(SURVEY.encode("utf-32-be")),  # no mark: its NULs say
        "docx": lambda: _docx(path, SURVEY[:40], SURVEY[40:]),
        "json": lambda: path.write_text('{"t": "' + SURVEY.replace("The ", "The\\u2009").replace("'", "\\u2019") + '"}'),
        "utf-16-le": lambda: path.write_bytes(SURVEY.encode("utf-16-le")),
    }
    writers[form]()
    assert read_back(path, runs).holds
    # the same form holding other words is not the text
    other = WordRuns(runs_of(SURVEY.replace("building", "fence")))
    assert not read_back(path, WordRuns(run for run in other if "fence" in run)).holds


def test_read_back_refuses_what_it_cannot_read(tmp_path: Path) -> None:
    """A damaged zip or gzip, and a member past the unpack limits, are an InputError naming
    why: the read-back names the file, never passes it over."""
    from inforce.ontology import InputError
    from inforce.ontology.readback import WordRuns, read_back, runs_of

    runs = WordRuns(runs_of(SURVEY))
    broken = tmp_path / "broken.docx"
    broken.write_bytes(b"PK\x03\x04" + b"\0" * 64)
    with pytest.raises(InputError, match="zip"):
        read_back(broken, runs)
    cut = tmp_path / "cut.gz"
    cut.write_bytes(gzip.compress(SURVEY.encode() * 100)[:60])
    with pytest.raises(InputError, match="gzip"):
        read_back(cut, runs)
    bomb = tmp_path / "bomb.zip"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("zeros.txt", b"\0" * (8 << 20))
    with pytest.raises(InputError, match="times its stored size"):
        read_back(bomb, runs)
