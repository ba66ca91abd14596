"""The fourth hostile audit of issue 23 (G1, G2): a facet value written ``Yes``/``TRUE`` is the
true it says, and a front-matter opening written any way but ``---`` alone is an error, never
body text that loses its ``access``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()

FRONT = """---
id: {id}
kind: sop
title: {id} procedure
issued: 2026-01-05
effective: {{from: 2026-01-05}}
recorded: 2026-01-05T09:00:00Z
applies_to: {{pilot: [{value}]}}
---
1 SCOPE

1.1 Records are kept.
"""


def _project(root: Path, values: dict[str, str]) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: flags\nfacets: [pilot]\n", encoding="utf-8")
    for doc, value in values.items():
        (root / "documents" / f"{doc.lower()}.md").write_text(FRONT.format(id=doc, value=value), encoding="utf-8")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root


def _eligible(root: Path, value: str) -> set[str]:
    done = runner.invoke(app, ["eligible", str(root), "-c", f"pilot={value}", "--valid-at", "2026-02-01",
                               "--format", "json"])
    assert done.exit_code == 0, done.output
    return set(json.loads(done.stdout)["eligible"])


def test_a_facet_value_written_yes_or_true_in_any_case_is_the_true_a_case_asks_for(tmp_path: Path):
    """G1: ``-c pilot=yes`` was read as true and compared as the text 'true', so documents saying
    ``Yes`` or ``TRUE`` (a spreadsheet's boolean cell) were excluded for the very value they name."""
    root = _project(tmp_path / "p", {"SOP-1": "'Yes'", "SOP-2": "'TRUE'", "SOP-3": "'no'", "SOP-4": "'true'"})
    for asked in ("yes", "true", "True", "YES"):
        assert _eligible(root, asked) == {"SOP-1", "SOP-2", "SOP-4"}, asked
    assert _eligible(root, "no") == {"SOP-3"}


def test_a_front_matter_opening_not_written_as_three_dashes_alone_is_an_error_at_line_1(tmp_path: Path):
    """G2: with a register row for the file, '--- # note' (or '----', an indented '---', a
    '%YAML' directive) made the block body text: its access was lost and the document public."""
    for opening in ("--- # confidential", "----", " ---", "%YAML 1.2"):
        root = tmp_path / opening.strip().replace(" ", "_").replace("%", "pct").replace("#", "h")
        (root / "documents").mkdir(parents=True)
        (root / "inforce.yaml").write_text("project: reg\nfacets: []\nregistry: register.csv\n", encoding="utf-8")
        (root / "register.csv").write_text(
            "file,id,revision,seq,kind,title,issued,effective_from,recorded\n"
            "documents/sop-1.md,SOP-1,0,1,sop,Retention,2026-01-05,2026-01-10,2026-01-05T09:00:00Z\n",
            encoding="utf-8")
        (root / "documents" / "sop-1.md").write_text(
            f"{opening}\naccess: [owners]\n---\n1 SCOPE\n\n1.1 ZZSECRET records are kept.\n", encoding="utf-8")
        done = runner.invoke(app, ["ingest", str(root)])
        assert done.exit_code == 2, (opening, done.output)
        assert "documents/sop-1.md:1" in done.output and "front matter" in done.output, done.output


def test_an_unknown_key_that_speaks_of_access_is_an_error_not_ignored(tmp_path: Path):
    """G3: 'access_groups:' (or acl, permissions, visibility) was ignored with a warning and the
    document ingested public; since the fifth audit (H2) every unknown key is an error, one that
    looks like access saying how access is written."""
    for key in ("access_groups", "acl", "permissions", "visibility", "Restricted"):
        root = tmp_path / key
        (root / "documents").mkdir(parents=True)
        (root / "inforce.yaml").write_text("project: keys\nfacets: []\n", encoding="utf-8")
        text = FRONT.format(id="SOP-1", value="x").replace("applies_to: {pilot: [x]}\n", f"{key}: [owners]\n")
        (root / "documents" / "sop-1.md").write_text(text, encoding="utf-8")
        done = runner.invoke(app, ["ingest", str(root)])
        assert done.exit_code == 2 and f"unknown key '{key}'" in done.output, (key, done.output)
    root = tmp_path / "author"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: keys\nfacets: []\n", encoding="utf-8")
    text = FRONT.format(id="SOP-1", value="x").replace("applies_to: {pilot: [x]}\n", "author: J. Doe\n")
    (root / "documents" / "sop-1.md").write_text(text, encoding="utf-8")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2 and "unknown key 'author'" in done.output, done.output
    assert "who may read" not in done.output, done.output


def test_an_access_key_written_with_no_value_is_an_error_not_a_public_document(tmp_path: Path):
    """The fifth audit of issue 23 (H1): 'access:' (or ~, null) read as no key at all, and the
    document was public; leaving the key out is how a document is made public."""
    for value in ("", " ~", " null"):
        root = tmp_path / f"v{len(value)}{value.strip() or 'empty'}"
        (root / "documents").mkdir(parents=True)
        (root / "inforce.yaml").write_text("project: keys\nfacets: []\n", encoding="utf-8")
        text = FRONT.format(id="SOP-1", value="x").replace("applies_to: {pilot: [x]}\n", f"access:{value}\n")
        (root / "documents" / "sop-1.md").write_text(text, encoding="utf-8")
        done = runner.invoke(app, ["ingest", str(root)])
        assert done.exit_code == 2 and "access has no value" in done.output, (value, done.output)
