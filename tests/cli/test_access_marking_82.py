"""Audit 82 A F2: a Word, PDF or CSV file declaring no access (its sidecar none) whose marking
place — a Word page header or first paragraph, a PDF's or CSV's opening — reads as access
metadata naming a group ("... - OWNERS ONLY") was refused with the marking line, and that line
was quoted to an asker outside the group (``ingest --groups nobody``, an admin without groups
over HTTP): the sidecar's access (none: public) was taken as the file's, where a Markdown file's
was unknown. A problem in what says a file's access leaves its access unknown for every reader
and command (``withhold_problems``): counted, never quoted, to an asker with groups; the operator
(an ingest without groups) is told it. ``lag`` reads by the same rule."""

from __future__ import annotations

import shutil
from pathlib import Path

import docx
import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

MARK = "ZZMERGER PROJECT FALCON - OWNERS ONLY"
SIDE = ("id: ZZS-1\nkind: specification\ntitle: Plain\nissued: 2026-01-01\neffective: {from: 2026-01-01}\n"
        "recorded: 2026-01-01T00:00:00Z\n")
GROUP = ("---\nid: GRP-1\nkind: specification\ntitle: G\naccess: [owners]\nissued: 2026-01-01\n"
         "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n---\n1 G\n\n1.1 g.\n")
BODY = ["1 GENERAL", "1.1 Text here."]


def _project(root: Path, where: str) -> Path:
    docs = root / "documents"
    docs.mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: f2\nfacets: []\nrules:\n  - stock: precedence/none\n", encoding="utf-8")
    (docs / "grp.md").write_text(GROUP, encoding="utf-8")
    if where == "markdown":
        (docs / "zz.md").write_text(f"---\n{SIDE}---\n{MARK}\n\n" + "\n\n".join(BODY) + "\n", encoding="utf-8")
        return root
    if where in ("header", "first-paragraph"):
        word = docx.Document()
        if where == "header":
            word.sections[0].header.paragraphs[0].text = MARK
        else:
            word.add_paragraph(MARK)
        for line in BODY:
            word.add_paragraph(line)
        name = "zz.docx"
        word.save(str(docs / name))
    elif where == "pdf":
        fpdf = pytest.importorskip("fpdf", reason="fpdf2 (the dev extra) draws the test PDFs")
        pdf = fpdf.FPDF()
        pdf.add_page()
        pdf.set_font("Helvetica", size=10)
        for line in [MARK, *BODY]:
            pdf.cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
        name = "zz.pdf"
        pdf.output(str(docs / name))
    else:
        name = "zz.csv"
        (docs / name).write_text(f'Mark,Note\nA,"{MARK}"\n', encoding="utf-8")
    (docs / f"{name}.yaml").write_text(SIDE, encoding="utf-8")
    return root


WHERE = ["header", "first-paragraph", "pdf", "csv", "markdown"]


@pytest.mark.parametrize("where", WHERE)
@pytest.mark.parametrize(("groups", "told"), [(None, True), ("nobody", False), ("owners", False)])
def test_a_marking_line_is_withheld_from_every_asker_with_groups(tmp_path: Path, where: str, groups: str | None,
                                                                 told: bool) -> None:
    root = _project(tmp_path / "p", where)
    done = CliRunner().invoke(app, ["ingest", str(root), *(["--groups", groups] if groups else [])])
    assert done.exit_code == 2, done.output
    assert ("ZZMERGER" in done.output) is told, done.output
    assert ("documents/zz." in done.output) is told, done.output
    assert ("1 more problem withheld (access)" in done.output) is not told, done.output


@pytest.mark.parametrize("where", WHERE)
def test_lag_withholds_the_marking_line_as_ingest_does(tmp_path: Path, where: str) -> None:
    root = _project(tmp_path / "p", where)
    held = tmp_path / "held"
    held.mkdir()
    for file in (root / "documents").glob("zz.*"):
        shutil.move(file, held / file.name)
    assert CliRunner().invoke(app, ["ingest", str(root)]).exit_code == 0
    for file in held.iterdir():
        shutil.move(file, root / "documents" / file.name)
    done = CliRunner().invoke(app, ["lag", str(root), "--groups", "nobody"])
    assert "ZZMERGER" not in done.output, done.output
