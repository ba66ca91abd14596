"""Audit 83 A F2: a document declaring no access (no ``access``, no ``public: true``) whose
METADATA title is itself a marking naming a group the project uses (``title: Owners only``,
``title: "ZZMERGER PROJECT FALCON - OWNERS ONLY"``) — in Markdown front matter, a Word file's
sidecar or a register row — was ingested with exit 0 and no warning, and served to every asker
as a public title, where the same words as the document's heading were refused by the opening
rule. The metadata title is the document's first marking place: judged as the opening's first
line by the one rule (``opening.judge_title``), with the access the same metadata declares, an
error at the title's line, field ``title``; the file's access then unknown, so the problem is
counted, never quoted, to an asker with groups. ``lag`` reads metadata by the same checks."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

MARK = "ZZMERGER PROJECT FALCON - OWNERS ONLY"
GROUP = ("---\nid: GRP-1\nkind: specification\ntitle: G\naccess: [owners]\nissued: 2026-01-01\n"
         "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n---\n1 G\n\n1.1 g.\n")
BODY = "1 GENERAL\n\n1.1 Text here.\n"
COLUMNS = "file,id,revision,seq,kind,title,issued,effective_from,effective_until,recorded,changed,access,public\n"


def _meta(title: str, extra: str = "") -> str:
    return (f'id: ZZS-1\nkind: specification\ntitle: "{title}"\n{extra}issued: 2026-01-01\n'
            "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n")


def _project(root: Path, source: str, title: str, extra: str = "") -> tuple[Path, str, int]:
    """A project using group ``owners`` with document ZZS-1 titled ``title`` in ``source``; the
    file and line where its title is written."""
    docs = root / "documents"
    docs.mkdir(parents=True)
    manifest = "project: f2\nfacets: []\nrules:\n  - stock: precedence/none\n"
    (docs / "grp.md").write_text(GROUP, encoding="utf-8")
    if source == "front-matter":
        (root / "inforce.yaml").write_text(manifest, encoding="utf-8")
        (docs / "zz.md").write_text(f"---\n{_meta(title, extra)}---\n{BODY}", encoding="utf-8")
        return root, "documents/zz.md", 4
    if source == "word-sidecar":
        (root / "inforce.yaml").write_text(manifest, encoding="utf-8")
        word = docx.Document()
        for line in BODY.split("\n\n"):
            word.add_paragraph(line.strip())
        word.save(str(docs / "zz.docx"))
        (docs / "zz.docx.yaml").write_text(_meta(title, extra), encoding="utf-8")
        return root, "documents/zz.docx.yaml", 3
    (root / "inforce.yaml").write_text(manifest + "registry: register.csv\n", encoding="utf-8")
    (docs / "zz.md").write_text(BODY, encoding="utf-8")
    access = "owners" if "access" in extra else ""
    public = "true" if "public" in extra else ""
    (root / "register.csv").write_text(
        COLUMNS + f'documents/zz.md,ZZS-1,0,0,specification,"{title}",2026-01-01,2026-01-01,,'
        f"2026-01-01T00:00:00Z,,{access},{public}\n", encoding="utf-8")
    return root, "register.csv", 2


SOURCES = ["front-matter", "word-sidecar", "register"]


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("title", [MARK, "Owners only", "For owners' eyes only"])
def test_a_marking_title_is_refused_at_its_line_and_field(tmp_path: Path, source: str, title: str) -> None:
    root, file, line = _project(tmp_path / "p", source, title)
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    assert f"{file}:{line}" in done.output and "title: " in done.output, done.output
    assert "owners" in done.output.casefold(), done.output


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("groups", ["nobody", "owners"])
def test_a_marking_title_is_counted_never_quoted_to_an_asker_with_groups(tmp_path: Path, source: str,
                                                                        groups: str) -> None:
    root, file, _ = _project(tmp_path / "p", source, MARK)
    done = CliRunner().invoke(app, ["ingest", str(root), "--groups", groups])
    assert done.exit_code == 2, done.output
    assert "ZZMERGER" not in done.output, done.output
    if source == "register":  # a row whose access does not read: its place told, its words withheld
        assert "register.csv:2" in done.output and "withheld" in done.output, done.output
    else:
        assert file not in done.output, done.output
        assert "1 more problem withheld (access)" in done.output, done.output


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("extra", ["access: [owners]\n", "public: true\n"])
def test_a_declared_document_keeps_a_title_naming_its_group(tmp_path: Path, source: str, extra: str) -> None:
    """As the opening rule treats a heading: a document declaring access with a title naming
    only its own groups, or declared public with a title that only mentions a group, is fine."""
    title = "Owners only" if "access" in extra else "Owners' manual for pumps"
    root, _, _ = _project(tmp_path / "p", source, title, extra)
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output


def _verdict(root: Path) -> int:
    return CliRunner().invoke(app, ["ingest", str(root)]).exit_code


@pytest.mark.parametrize("title", ["Owners' manual for pumps", "Owner's manual", "Pump manual for owners",
                                   "Owners only", "Maintenance manual", "Confidential", "Access: owners"])
@pytest.mark.parametrize("extra", ["", "access: [owners]\n", "public: true\n"])
def test_the_title_follows_the_heading_verdict(tmp_path: Path, title: str, extra: str) -> None:
    """The title is the opening's first line: refused exactly where the same words as the
    document's heading are (one rule, no second copy of it)."""
    as_title, _, _ = _project(tmp_path / "t", "front-matter", title, extra)
    as_heading = tmp_path / "h"
    _project(as_heading, "front-matter", "Plain", extra)
    zz = as_heading / "documents" / "zz.md"
    text = zz.read_text(encoding="utf-8")
    zz.write_text(text.replace(f"---\n{BODY}", f"---\n# {title}\n\n{BODY}"), encoding="utf-8")
    assert _verdict(as_heading) in (0, 2)
    assert _verdict(as_title) == _verdict(as_heading), title


def test_an_ordinary_title_of_an_undeclared_document_naming_a_group_is_refused(tmp_path: Path) -> None:
    """``Owners' manual for pumps`` in a document declaring no access: its heading is refused
    (the marking places' rule: a group named there, whatever the words), so its title is too."""
    root, file, line = _project(tmp_path / "p", "front-matter", "Owners' manual for pumps")
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2 and f"{file}:{line}" in done.output, done.output


@pytest.mark.parametrize("source", ["front-matter", "word-sidecar"])
def test_lag_judges_a_pending_marking_title_as_ingest_does(tmp_path: Path, source: str) -> None:
    """(A file the register describes that does not read is listed by its row alone, readable by
    no group, as one with a marking heading is: ``registry._rows_read``.)"""
    root, file, _ = _project(tmp_path / "p", source, "Plain")
    assert CliRunner().invoke(app, ["ingest", str(root)]).exit_code == 0
    path = root / file
    path.write_text(path.read_text(encoding="utf-8").replace("Plain", MARK), encoding="utf-8")
    for asked in ([], ["--groups", "nobody"]):
        done = CliRunner().invoke(app, ["lag", str(root), *asked])
        assert done.exit_code == 2, done.output  # refused as ingest refuses it, not listed as pending
        assert "ZZMERGER" not in done.output, done.output
