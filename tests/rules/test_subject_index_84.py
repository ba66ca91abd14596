"""Issue 23, audit 84 B F5: a vocabulary pack cost time quadratic in its subjects.

``rules/lint.py``'s subject check compared each subject's synonyms with every earlier subject's,
building both lowered sets for each pair: 9,999 subjects of 2 synonyms took 109 s in
``rules check`` (and in every command that loads the packs). Each subject and each synonym now
looks up the first earlier rule that defines or binds it: the same findings, in the same order
and words, for a pack whose collisions are pairs; where three subjects share a word, the third
is told of the first, the one that binds it (it was told of each earlier one, the second too,
which never binds it).
"""

from __future__ import annotations

import time
from pathlib import Path

from inforce.rules import check_target

HEAD = "schema_version: 1\nrules:\n"


def subject(rule_id: str, name: str, synonyms: list[str], extra: str = "") -> str:
    quoted = ", ".join(f'"{s}"' for s in synonyms)
    return (f"  - id: {rule_id}\n    slug: {rule_id.lower()}\n    kind: subject\n    subject: {name}\n"
            f"    description: d\n    source: s\n    synonyms: [{quoted}]\n    unit: psi\n    bound: min\n{extra}")


def found(path: Path) -> list[tuple[int | None, int | None, str | None, str, str | None]]:
    return [(p.line, p.col, p.code, p.message, p.hint) for p in check_target(path)]


def test_collisions_are_named_as_before_in_the_same_order(tmp_path):
    pack = tmp_path / "vocabulary.yaml"
    pack.write_text(HEAD
                    + subject("VOC-V001", "t.a", ["alpha", "shared one", "Beta"])
                    + subject("VOC-V002", "t.b", ["beta", "gamma", "gamma"])  # twice in one subject: not shadowed
                    + subject("VOC-V003", "t.a", ["GAMMA", "Shared One", "delta", "ALPHA"])
                    + subject("VOC-V004", "t.d", ["epsilon"], "    status: removed\n")  # binds nothing
                    + subject("VOC-V005", "t.e", ["epsilon", "delta"]))
    longer = "use a longer phrase that names this subject only"
    # the findings of the pairwise comparison (inforce before this change), word for word
    assert found(pack) == [
        (18, 16, "RP009", "synonym 'beta' already binds 't.a' (VOC-V001), so it never binds 't.b'", longer),
        (24, 14, "RP006", "subject 't.a' is defined twice", "rule #1 (VOC-V001) defines it first"),
        (27, 16, "RP009", "synonym 'GAMMA' already binds 't.b' (VOC-V002), so it never binds 't.a'", longer),
        (27, 25, "RP009", "synonym 'Shared One' already binds 't.a' (VOC-V001), so it never binds 't.a'", longer),
        (27, 48, "RP009", "synonym 'ALPHA' already binds 't.a' (VOC-V001), so it never binds 't.a'", longer),
        (46, 27, "RP009", "synonym 'delta' already binds 't.a' (VOC-V003), so it never binds 't.e'", longer),
    ]


def test_a_word_of_three_subjects_is_told_of_the_first_that_binds_it(tmp_path):
    pack = tmp_path / "vocabulary.yaml"
    pack.write_text(HEAD + subject("VOC-V001", "t.a", ["slump"]) + subject("VOC-V002", "t.b", ["Slump"])
                    + subject("VOC-V003", "t.c", ["SLUMP"]) + subject("VOC-V004", "t.a", ["other"])
                    + subject("VOC-V005", "t.a", ["more"]))
    assert [(line, code, message) for line, _, code, message, _ in found(pack)] == [
        (18, "RP009", "synonym 'Slump' already binds 't.a' (VOC-V001), so it never binds 't.b'"),
        (27, "RP009", "synonym 'SLUMP' already binds 't.a' (VOC-V001), so it never binds 't.c'"),
        (33, "RP006", "subject 't.a' is defined twice"),
        (42, "RP006", "subject 't.a' is defined twice"),
    ]
    assert [hint for *_, hint in found(pack)][2:] == ["rule #1 (VOC-V001) defines it first"] * 2


def test_ten_thousand_subjects_are_checked_in_seconds(tmp_path):
    pack = tmp_path / "vocabulary.yaml"
    pack.write_text(HEAD + "".join(subject(f"VOC-V{i:04d}", f"t.s{i}", [f"w{i} s0", f"w{i} s1"])
                                   for i in range(10_000)))
    started = time.process_time()
    assert found(pack) == []
    spent = time.process_time() - started
    # was about 109 s (quadratic); about 1 s now
    assert spent < 10, f"10,000 subjects took {spent:.1f} s of CPU"
