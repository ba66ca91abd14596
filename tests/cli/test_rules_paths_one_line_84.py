"""Issue 23, audit 84 B F3: ``rules check PATH`` closed with "N problems in PATH", the typed path
written raw, so a pack named ``bad\\nFORGED: 0 problems`` forged a line, and ESC in a name reached
the terminal (its problem lines wrote it out). Every line of a ``rules`` command naming a path is
set on one line (``terminal_line``), as every message is."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app

NAME = "a\nFORGED: 0 problems\x1b[31mX"
SHOWN = "a\\nFORGED: 0 problems\\x1b[31mX"

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
    done = CliRunner().invoke(app, list(args))
    assert done.exit_code == code, done.output
    return done.output


def _one_line(said: str) -> None:
    assert "\x1b" not in said, said
    assert not [line for line in said.splitlines() if line.startswith("FORGED")], said
    assert SHOWN in said, said


def test_the_summary_of_rules_check_names_a_bad_pack_on_one_line(tmp_path: Path) -> None:
    pack = tmp_path / NAME
    pack.write_text("kind: eligibility\nrules: 7\n")
    said = _run(2, "rules", "check", str(pack))
    _one_line(said)
    assert f"problems in {tmp_path}/{SHOWN}" in said


def test_the_summary_of_rules_check_names_a_good_pack_on_one_line(tmp_path: Path) -> None:
    pack = tmp_path / f"{NAME}.yaml"
    _run(0, "rules", "new", str(pack))
    said = _run(0, "rules", "check", str(pack))
    _one_line(said)
    assert said.splitlines()[-1] == f"0 problems in {tmp_path}/{SHOWN}.yaml"


def test_rules_fmt_names_the_pack_it_would_reformat_on_one_line(tmp_path: Path) -> None:
    (tmp_path / f"{NAME}.yaml").write_text(UNORDERED)
    said = _run(1, "rules", "fmt", "--check", str(tmp_path))
    _one_line(said)
    assert "would reformat" in said


def test_rules_doc_names_the_folder_it_wrote_on_one_line(tmp_path: Path) -> None:
    _one_line(_run(0, "rules", "doc", "--write", str(tmp_path / NAME)))
