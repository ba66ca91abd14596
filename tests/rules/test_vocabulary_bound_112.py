"""Issue 23, audit 112 B: the words a subject vocabulary writes into its pattern are bounded.

F1: 8,000 subjects of 10 synonyms with an abbreviation of most words write some 550,000 words
(50 s to 3.5 minutes of compiling, 3 GB); F2: one synonym of 26 words whose words and pairs of
words are abbreviated writes a number of them growing as Fibonacci's (66 s, 4.7 GB; 30 words
would not finish). ``rules check`` and every command refuse a vocabulary past
``MAX_WRITTEN_WORDS`` at the rule that passes it, before compiling; a drawing legend that
would carry it past is not applied, with a warning at its file.
"""

from __future__ import annotations

from pathlib import Path

from inforce.rules import MAX_WRITTEN_WORDS
from inforce.rules.subjects import _fold, _sources, _words_written
from tests.support.in_process import inforce

_PAIRS = {("ab",): ("a.",), ("ab", "ab"): ("aa.",)}


def _long(n: int) -> str:
    return " ".join(["ab"] * n)


def test_the_count_follows_what_the_pattern_writes():
    # the pattern's length per word counted stays within a small factor while both grow as Fibonacci's
    ratios = []
    for n in range(4, 15, 2):
        tree, rest = _sources([_long(n)], _PAIRS)
        written = _words_written(tuple(_fold(_long(n)).split()), _PAIRS)
        ratios.append(len((tree or "") + (rest or "")) / written)
    assert max(ratios) < 2 * min(ratios), ratios
    assert _words_written(tuple(_long(26).split()), _PAIRS) > MAX_WRITTEN_WORDS
    assert _words_written(tuple(_long(26).split()), {}) == 26  # unabbreviated: each word once


PACK = """schema_version: 1
title: probe
rules:
  - id: XPRB-V001
    source: probe
    slug: long-phrase
    kind: subject
    subject: probe.long
    description: probe
    synonyms: ["{synonym}"]
    unit: psi
    bound: min
{abbreviations}"""

ABBREVIATIONS = """  - id: XPRB-V002
    source: probe
    slug: abbr
    kind: abbreviations
    description: probe
    words: {"A.": ab, "AA.": ab ab}
"""

NOTE = """# Notes

1.1 The ab strength shall be 4,000 psi.
"""


def _project(tmp_path: Path, abbreviations: str, legend: bool = False) -> Path:
    root = tmp_path / "project"
    (root / "documents").mkdir(parents=True)
    (root / "rules").mkdir()
    (root / "inforce.yaml").write_text("project: bound\nrules:\n  - path: rules/subj.yaml\n", encoding="utf-8")
    (root / "rules" / "subj.yaml").write_text(PACK.format(synonym=_long(26), abbreviations=abbreviations),
                                              encoding="utf-8")
    (root / "documents" / "SPEC-1.md").write_text(
        "---\nid: SPEC-1\nkind: specification\nrevision: '0'\ntitle: Notes\neffective: {from: 2026-03-02}\n"
        "recorded: 2026-03-02T09:00:00Z\n---\n" + NOTE, encoding="utf-8")
    if legend:
        (root / "documents" / "DWG-1.drawing.yaml").write_text(
            "id: DWG-1\nkind: drawing\nsheet: S-1\ntitle: Legend\neffective: {from: 2026-03-02}\n"
            "recorded: 2026-03-02T09:00:00Z\ncallouts:\n  - id: callout-1\n    text: \"SEE NOTES.\"\n"
            "abbreviations:\n  A.: ab\n  AA.: ab ab\n", encoding="utf-8")
    return root


def test_a_vocabulary_past_the_bound_is_refused_at_the_rule_by_rules_check_and_ingest(tmp_path: Path):
    root = _project(tmp_path, ABBREVIATIONS)
    checked = inforce("rules", "check", root)
    assert checked.returncode == 2
    assert "subj.yaml:4:" in checked.stdout + checked.stderr  # the first rule (line 4): it passes the bound
    assert "RP003" in checked.stdout + checked.stderr and f"{MAX_WRITTEN_WORDS:,}" in checked.stdout + checked.stderr
    ingested = inforce("ingest", root)
    assert ingested.returncode == 2
    assert not (root / ".inforce").exists() or not any((root / ".inforce").glob("*.kz*"))


def test_a_legend_that_would_pass_the_bound_is_not_applied_and_said(tmp_path: Path):
    root = _project(tmp_path, "", legend=True)
    assert inforce("rules", "check", root).returncode == 0  # the packs alone write 26 words
    ingested = inforce("ingest", root)
    assert ingested.returncode == 0, ingested.stderr
    said = ingested.stdout + ingested.stderr
    assert "abbreviation legends are not applied" in said and "DWG-1.drawing.yaml" in said
