"""Audit 81 A F3: a document whose front matter reads but whose body fails at parse (a heading
nested 17 levels deep) had its access taken as unknown, so its problem was withheld from every
asker with groups — its own group, and everyone for a public file — and no admin over HTTP could
learn which file stops the ingest. Its access is what its metadata declares, as for a file whose
other metadata fields fail; a problem in an access line still leaves it unknown (fail closed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

FRONT = ("---\nid: DEEP-1\nkind: specification\ntitle: Deep\n{access}issued: 2026-01-01\n"
         "effective: {{from: 2026-01-01}}\nrecorded: 2026-01-01T00:00:00Z\n---\n")


def _project(root: Path, access: str) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: deep\n", encoding="utf-8")
    (root / "documents" / "plain.md").write_text(
        FRONT.format(access="").replace("DEEP-1", "PLAIN-1") + "1 GENERAL\n\n1.1 Kept.\n", encoding="utf-8")
    body = "\n\n".join(f"{'.'.join(['1'] * depth)} Level {depth}" for depth in range(1, 19))
    (root / "documents" / "deep.md").write_text(FRONT.format(access=access) + body + "\n", encoding="utf-8")
    return root


@pytest.mark.parametrize(("access", "groups", "told"), [
    ("access: [owners]\n", "owners", True), ("access: [owners]\n", "others", False),
    ("", "others", True), ("", "owners", True),
])
def test_a_body_problem_is_told_to_who_may_read_the_file(tmp_path: Path, access: str, groups: str, told: bool) -> None:
    root = _project(tmp_path / "p", access)
    done = CliRunner().invoke(app, ["ingest", str(root), "--groups", groups])
    assert done.exit_code == 2, done.output
    named = "documents/deep.md:" in done.output and "nested 17 levels deep" in done.output
    assert named is told, done.output
    assert ("withheld (access)" in done.output) is not told, done.output
