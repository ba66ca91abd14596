"""The addenda reader's word lists are the pack's (issue 21): ``answers``, ``questions``,
``successor_words``, ``whole_words``, ``old_text_columns``, ``new_text_columns`` and
``clarifications`` are checked as ``reasons`` are: a regex that does not compile, or that can
backtrack without end, or that matches empty text is refused at load with its file, line and
field; a pack that leaves a list out reads none of its words."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.rules import read_pack
from inforce.rules.patterns import WORD_LISTS

PACK = ("schema_version: 1\nrules:\n  - id: SS-S001\n    slug: s\n    kind: supersession\n"
        "    description: d\n    source: s\n    verbs: {delete: [delete]}\n")


def _problems(tmp_path: Path, key: str, regex: str):
    pack = tmp_path / "s.yaml"
    pack.write_text(PACK + f"    {key}:\n      - pattern: antwoord\n      - regex: '{regex}'\n")
    loaded, problems = read_pack(pack)
    assert loaded is None
    return problems


@pytest.mark.parametrize("key", WORD_LISTS)
def test_a_regex_that_does_not_compile_names_file_line_and_field(tmp_path, key):
    problems = _problems(tmp_path, key, "(?:antwoord")
    assert [(Path(p.file).name, p.line, p.field) for p in problems] == [("s.yaml", 11, f"rules.0.{key}.1.regex")]
    assert "does not compile" in str(problems[0])


def test_the_backtracking_check_applies_to_the_word_lists(tmp_path):
    problems = _problems(tmp_path, "old_text_columns", r"(?:\w+\s?)+kolom")
    assert [(p.line, p.field) for p in problems] == [(11, "rules.0.old_text_columns.1.regex")]
    assert "unbounded repetition" in str(problems[0])


def test_a_word_that_matches_empty_text_is_refused(tmp_path):
    problems = _problems(tmp_path, "clarifications", "(?:toelichting)?")
    assert [(p.code, p.field) for p in problems] == [("RP014", "rules.0.clarifications.1.regex")]
    assert "every item would be read as a clarification" in str(problems[0])


def test_a_pack_without_the_lists_loads_with_none(tmp_path):
    pack = tmp_path / "s.yaml"
    pack.write_text(PACK)
    loaded, problems = read_pack(pack)
    assert problems == [] and loaded is not None
    rule = loaded.pack.rules[0]
    assert all(getattr(rule, key) == () for key in WORD_LISTS)


def test_an_empty_cell_word_that_matches_empty_text_is_refused(tmp_path):
    # (a cell of dashes or brackets alone is empty with no word: a word that is nothing would read every cell so)
    problems = _problems(tmp_path, "empty_cells", "(?:nichts)?")
    assert [(Path(p.file).name, p.line, p.code, p.field) for p in problems] == [
        ("s.yaml", 11, "RP014", "rules.0.empty_cells.1.regex")]
    assert "every table cell would be read as holding no text" in str(problems[0])


def test_an_empty_cell_word_given_as_a_mapping_is_refused_at_its_line(tmp_path):
    pack = tmp_path / "s.yaml"
    pack.write_text(PACK + "    empty_cells:\n      - {regex: 'néant', words: [aucun]}\n")
    loaded, problems = read_pack(pack)
    assert loaded is None
    assert [(Path(p.file).name, p.line) for p in problems] == [("s.yaml", 10)]
    assert "empty_cells" in (problems[0].field or "")
