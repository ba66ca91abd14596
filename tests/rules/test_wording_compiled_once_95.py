"""A pack's wordings are compiled once per process in the form the supersession reader reads
them by: lint checks a written wording without compiling it (``wording_source``), and the
reader compiles its whole-words form from the same source (ingest cost, issue 21)."""

from __future__ import annotations

import re

import pytest

from inforce.engine import derivation
from inforce.rules.patterns import (
    WORDING_FLAGS,
    PatternError,
    SupersessionPattern,
    compile_wording,
    wording_source,
)


def _counting(monkeypatch: pytest.MonkeyPatch, marker: str) -> list[str]:
    """Every pattern compiled from now on whose source holds ``marker``."""
    compiled: list[str] = []
    real = re.compile

    def compile(source, flags=0):  # noqa: A001 - stands in for re.compile
        if isinstance(source, str) and marker in source:
            compiled.append(source)
        return real(source, flags)

    monkeypatch.setattr(re, "compile", compile)
    return compiled


def test_a_written_wording_is_checked_without_compiling_and_read_in_one_compiled_form(monkeypatch):
    pattern = SupersessionPattern(pattern="Strike {paragraph} of {section} wordonce95", scope="full")
    needs = ("paragraph",)
    compiled = _counting(monkeypatch, "wordonce95")
    source = wording_source(pattern, needs)  # what lint asks: checked, nothing compiled
    assert compiled == []
    whole = derivation._whole_words_of(source, WORDING_FLAGS)
    assert whole.pattern.startswith(f"(?:{source})")
    assert len(compiled) == 1  # the reader's form alone
    # the same source and flags compile_wording compiles (what other readers search with)
    plain = compile_wording(pattern, needs)
    assert (plain.pattern, plain.flags) == (source, whole.flags)


def test_a_wording_checked_by_its_source_fails_as_compiling_it_does():
    lacking = SupersessionPattern(pattern="Strike wordonce95b", scope="full")
    with pytest.raises(PatternError) as checked:
        wording_source(lacking, ("paragraph",))
    with pytest.raises(PatternError) as compiled:
        compile_wording(lacking, ("paragraph",))
    assert str(checked.value) == str(compiled.value)
    bad = SupersessionPattern(regex="(?P<paragraph>a", scope="full")
    with pytest.raises(PatternError, match="regex does not compile"):
        wording_source(bad, ())
