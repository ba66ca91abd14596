"""Erasing a public revision whose words a restricted revision repeats (issue 23, audit K).

One project, erased once (``erased``): public revision 0 of SPEC-500 and revision 1, readable to
``vault`` only, which repeats most of revision 0's paragraphs. An asker holding no group erases
revision 0 (``Project.erase`` with ``groups``, as the service's admin key does). Three audit
records were kept before: one by a ``vault`` check pinned to revision 0, one by a check of no
group on revision 0, one by a ``vault`` check whose unpinned citation resolved to revision 1.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

import pytest

from inforce.engine import Project
from inforce.ontology import Answer
from inforce.ontology.decisions import append_record, read_record


def _revision(label: str, marker: str) -> str:
    restricted = label == "1"
    changed = (f"B. Shore posts under the {marker} gallery stay until day 21." if not restricted
               else "B. Shore posts stay in place until the slab reaches its design strength.")
    added = "\n1.9 GALLERY EMBEDS\n\nA. Anchor plates along the gallery edge shall be 5/8 inch thick.\n" \
        if restricted else ""
    return f"""---
id: SPEC-500
kind: specification
title: Section 03 15 00 Shoring of Gallery Slabs
revision: "{label}"
seq: {int(label) + 1}
issued: {"2027-02-01" if restricted else "2026-02-01"}
effective: {{from: {"2027-02-01" if restricted else "2026-02-01"}}}
recorded: {"2027-02-01" if restricted else "2026-02-01"}T09:00:00Z
{"access: [vault]" if restricted else ""}
---
# SECTION 03 15 00 - SHORING OF GALLERY SLABS

1.1 SHORING

A. Reshoring of each gallery slab shall carry two floors of wet concrete above it.

{changed}

1.2 STRIPPING

A. Forms under the gallery soffit come off only after the engineer of record agrees in writing.
{added}"""


def _kept(root: Path, groups: list[str], valid_at: str, locator: str, quote: str) -> Path:
    """A check's audit record, decided for ``groups``, kept where the service keeps its own."""
    answer = Answer.model_validate({
        "question": "How long do the shores stay?", "context": {"valid_at": valid_at, "groups": groups},
        "claims": [{"text": quote, "citations": [{"locator": locator, "quote": quote}]}],
    })
    with Project.open(root) as opened:
        verdict = opened.check(answer)
    return append_record(root / ".inforce" / "audit", answer, verdict)


@pytest.fixture(scope="module")
def erased(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    marker = "Gx" + secrets.token_hex(5) + "Kw"
    root = tmp_path_factory.mktemp("erase-access") / "project"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: erase-access\nfacets: []\nrules: []\n")
    (root / "documents" / "spec-500-r0.md").write_text(_revision("0", marker))
    (root / "documents" / "spec-500-r1.md").write_text(_revision("1", marker))
    Project.ingest(root)
    vault_on_0 = _kept(root, ["vault"], "2026-06-01", "SPEC-500@0#1.1.B", f"under the {marker} gallery")
    public_on_0 = _kept(root, [], "2026-06-01", "SPEC-500@0#1.1.A", "carry two floors of wet concrete")
    vault_on_1 = _kept(root, ["vault"], "2027-06-01", "SPEC-500#1.9.A", "gallery edge shall be 5/8 inch thick")
    resolved = read_record(vault_on_1)["verdict"]["claims"][0]["citations"][0]["resolved"]
    assert resolved == "SPEC-500@1#1.9.A"  # what the record decided on: revision 1
    vault_on_1_before = vault_on_1.read_text()
    with Project.open(root) as opened:
        result = opened.erase("SPEC-500", "0", by="admin without groups", groups=())
    return {"root": root, "marker": marker, "result": result, "vault_on_0": vault_on_0, "public_on_0": public_on_0,
            "vault_on_1": vault_on_1, "vault_on_1_before": vault_on_1_before}


def test_the_answer_names_only_records_the_asker_may_read_relative_to_the_project(erased: dict[str, Any]) -> None:
    root, result = erased["root"], erased["result"]
    public_old = erased["public_on_0"].relative_to(root).as_posix()
    # both records on revision 0 were rewritten, the vault key's too: it is withheld, counted
    audit = root / ".inforce" / "audit"
    rewritten = [json.loads(p.read_text()) for p in audit.glob("*.json") if '"erased"' in p.read_text()]
    assert sorted(r["answer"]["context"]["groups"] for r in rewritten) == [[], ["vault"]]
    ((old, new),) = result.audit_records
    assert old == public_old and new.startswith(".inforce/audit/") and (root / new).is_file()
    assert read_record(root / new)["answer"]["context"]["groups"] == []
    assert result.erasure.audit_records == (new,)
    assert result.audit_records_withheld == 1
    shown = result.model_dump_json()
    assert str(root) not in shown and str(root.resolve()) not in shown  # no server folder named
    assert erased["vault_on_0"].name not in shown  # nor the vault check's record (its verdict, its time)


def test_text_a_kept_revision_repeats_does_not_count_as_remaining(erased: dict[str, Any]) -> None:
    root, result = erased["root"], erased["result"]
    assert result.files_checked > 0
    assert result.remaining == () and result.withheld == 0 and result.found == 0
    assert result.erasure.state == "done"
    # what only revision 0 held is gone from every file (the read-back was not merely skipped)
    marker = erased["marker"].encode()
    assert not [p for p in root.rglob("*") if p.is_file() and marker.lower() in p.read_bytes().lower()]


def test_a_record_whose_citation_resolved_to_a_kept_revision_is_not_redacted(erased: dict[str, Any]) -> None:
    kept = erased["vault_on_1"]
    assert kept.is_file() and kept.read_text() == erased["vault_on_1_before"]
    assert "gallery edge shall be 5/8 inch thick" in kept.read_text()
