"""Issue 23, audit 84 B F4: ``rules fmt PROJECT`` read the project's inforce.yaml as a rule pack
and refused it (RP003 schema_version missing, RP002 project: unknown key; exit 2), while
``rules check PROJECT`` said "0 problems" of the same folder. A project folder is now read by
both as ``rules check`` reads it (``rules.loader.project_packs``): the pack files its manifest
lists, checked as the project; a manifest is never laid out as a pack."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app

MANIFEST = "project: p\nfacets: [market]\nrules:\n  - path: rules/p.yaml\n  - stock: precedence/none\n"
UNORDERED = """\
title: Follow-up
schema_version: 1
rules:
  - kind: eligibility
    id: FUP-E001
    slug: by-market
    description: A handbook applies when it lists the order's market.
    source: Handbooks §2
    facets: {market: membership}
"""


def _run(code: int, *args: str) -> str:
    done = CliRunner().invoke(app, [str(a) for a in args])
    assert done.exit_code == code, done.output
    return done.output


def _project(root: Path, pack: str = UNORDERED) -> Path:
    (root / "rules").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "rules" / "p.yaml").write_text(pack)
    (root / "rules" / "unlisted.yaml").write_text("not: a pack\n")  # the manifest does not list it
    return root


def test_rules_fmt_lays_out_the_packs_a_project_lists_as_rules_check_reads_them(tmp_path: Path) -> None:
    project = _project(tmp_path / "proj")
    assert "0 problems in" in _run(0, "rules", "check", project)
    said = _run(1, "rules", "fmt", "--check", project)
    assert "would reformat" in said and "p.yaml" in said, said
    assert "inforce.yaml" not in said and "unlisted" not in said and "RP00" not in said, said
    _run(0, "rules", "fmt", project)
    assert (project / "rules" / "p.yaml").read_text().startswith("schema_version: 1\ntitle: Follow-up\n")
    assert (project / "inforce.yaml").read_text() == MANIFEST
    assert "1 left unchanged" in _run(0, "rules", "fmt", "--check", project)


def test_rules_fmt_refuses_a_project_with_the_problems_rules_check_finds(tmp_path: Path) -> None:
    project = _project(tmp_path / "proj", UNORDERED.replace("{market: membership}", "{region: membership}"))
    checked = _run(2, "rules", "check", project)
    formatted = _run(2, "rules", "fmt", project)
    assert "RP004" in checked and "RP004" in formatted, (checked, formatted)
    assert "inforce.yaml" not in formatted.replace("set it in inforce.yaml", ""), formatted
    assert (project / "rules" / "p.yaml").read_text().startswith("title:")  # nothing written


def test_a_folder_holding_a_project_never_lays_out_its_manifest(tmp_path: Path) -> None:
    project = _project(tmp_path / "proj")
    (project / "rules" / "unlisted.yaml").unlink()
    said = _run(1, "rules", "fmt", "--check", tmp_path)
    assert "inforce.yaml" not in said and "p.yaml" in said, said
