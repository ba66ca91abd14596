"""Issue 23, audit 114 A F1: ``rules impact --decisions`` told whether a restricted revision exists.

A document with a public revision 0 and a restricted revision 1 (``undeclared_access``): a logged
precedence question on ``DOC-2@1#1.1`` (it exists, restricted) was left out without a word, while
one on ``DOC-2@2#1.1`` (no such revision) was listed "not replayed" with its refusal — how many
restricted revisions a document has, one guess at a time, where ``precedence`` and ``show``
refuse both alike. A question on a document withheld from the asker in part that is an input
error under both packs is now left out as the gate leaves out the rest.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.in_process import inforce

_REPO = Path(__file__).resolve().parents[2]

_HEAD = ("---\nid: {id}\nkind: specification\ntitle: {title}\nrevision: \"{rev}\"\nseq: {seq}\nissued: {day}\n"
         "effective: {{from: {day}}}\nrecorded: {day}T09:00:00Z\n{public}---\nSECTION\n\n1.1 {text}\n")


def _project(root: Path) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "rules").mkdir()
    (root / "inforce.yaml").write_text("project: p1\nundeclared_access: [owners]\nrules:\n  - path: rules/prec.yaml\n"
                                       "    params: {source: \"Agreement Article 1.2\"}\n", encoding="utf-8")
    documents = [("pub.md", "PUB-1", "Public", "0", 1, "2026-03-02", True, "Concrete shall be at least 4,000 psi."),
                 ("d2r0.md", "DOC-2", "Vault", "0", 1, "2026-03-02", True, "The door rating shall be 5,000 psi."),
                 ("d2r1.md", "DOC-2", "Vault", "1", 2, "2026-04-02", False, "The blast rating shall be 7,500 psi.")]
    for name, doc, title, rev, seq, day, public, text in documents:
        (root / "documents" / name).write_text(_HEAD.format(id=doc, title=title, rev=rev, seq=seq, day=day, text=text,
                                                            public="public: true\n" if public else ""), encoding="utf-8")
    stock = (_REPO / "rules" / "stock" / "precedence" / "aia-style.yaml").read_text(encoding="utf-8")
    (root / "rules" / "prec.yaml").write_text(stock, encoding="utf-8")
    edited = stock.replace("tie_breakers: [larger_scale, latest_issued]", "tie_breakers: [latest_issued]")
    assert edited != stock
    (root.parent / "new.yaml").write_text(edited, encoding="utf-8")
    done = inforce("ingest", root)
    assert done.returncode == 0, done.stderr
    return root


def test_a_pinned_revision_restricted_or_absent_is_left_out_alike(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    outputs = []
    for rev in ("1", "2"):
        log = tmp_path / f"log{rev}.jsonl"
        log.write_text(json.dumps({
            "at": "2026-12-07T05:36:22Z", "endpoint": "precedence", "caller": "cli", "project": "p1", "index_build": "x",
            "outcome": "escalate", "context": {"valid_at": "2026-03-10", "groups": []}, "rules": ["INF-P001"],
            "a": f"DOC-2@{rev}#1.1", "b": "PUB-1#1.2"}) + "\n", encoding="utf-8")
        for fmt in ("text", "json"):
            done = inforce("rules", "impact", root, "--pack", tmp_path / "new.yaml", "--against", root / "rules" / "prec.yaml",
                           "--decisions", log, "--format", fmt, groups="outsider")
            outputs.append((fmt, done.returncode, done.stdout.replace(str(log), "LOG")))
    assert outputs[:2] == outputs[2:]
    assert "DOC-2@2" not in outputs[1][2] and json.loads(outputs[1][2])["unreplayed"] == []
