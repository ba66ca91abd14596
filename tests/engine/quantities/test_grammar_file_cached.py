"""The grammar file's body is exported once per process for each thing it depends on
(``engine/quantities/grammar_file.py``): another unit spelling is another body, never the one
kept for the first; spaCy's version is looked up once."""

from __future__ import annotations

import json
from pathlib import Path

from inforce.engine.quantities import grammar_file
from inforce.engine.quantities._lite import export_tables
from inforce.engine.quantities.extract import _pipeline
from inforce.engine.quantities.units import unit_table


def _fresh(table) -> bytes:  # type: ignore[no-untyped-def]
    return json.dumps(export_tables(_pipeline(table)).to_json(), separators=(",", ":")).encode("utf-8")


def test_a_body_kept_is_served_only_for_the_same_inputs() -> None:
    plain, spelled = unit_table(), unit_table({"wdg units": "mm"})  # a spelling of two words: a phrase
    plain_key, spelled_key = grammar_file.grammar_key(plain), grammar_file.grammar_key(spelled)
    assert plain_key and spelled_key and plain_key != spelled_key
    first = grammar_file._body(plain, plain_key)
    assert first == _fresh(plain)
    assert grammar_file._body(plain, plain_key) is first  # kept: not exported again
    other = grammar_file._body(spelled, spelled_key)
    assert other != first and other == _fresh(spelled)  # a changed input: its own body, not the kept one
    assert b"wdg units" in other and b"wdg units" not in first
    # the same spellings in another table object: the same key, the same body
    assert grammar_file.grammar_key(unit_table({"wdg units": "mm"})) == spelled_key


def test_a_changed_grammar_source_changes_the_key(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The key hashes the grammar's source as it is on disk, read each time: a body kept under
    the old key is never found under the new one."""
    here = Path(grammar_file.__file__).parent
    for name in grammar_file._SOURCES:
        (tmp_path / name).write_bytes((here / name).read_bytes())
    (tmp_path / "grammar_file.py").write_bytes(b"")
    monkeypatch.setattr(grammar_file, "__file__", str(tmp_path / "grammar_file.py"))
    table = unit_table()
    before = grammar_file.grammar_key(table)
    (tmp_path / "_lexicon.py").write_bytes((tmp_path / "_lexicon.py").read_bytes() + b"\n# edited\n")
    assert grammar_file.grammar_key(table) != before


def test_spacys_version_is_looked_up_once(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import importlib.metadata

    grammar_file._spacy_version.cache_clear()
    asked: list[str] = []
    real = importlib.metadata.version

    def counted(name: str) -> str:
        asked.append(name)
        return real(name)

    monkeypatch.setattr(importlib.metadata, "version", counted)
    try:
        keys = {grammar_file.grammar_key(unit_table()) for _ in range(3)}
    finally:
        grammar_file._spacy_version.cache_clear()
    assert len(keys) == 1 and None not in keys
    assert asked == ["spacy"]
