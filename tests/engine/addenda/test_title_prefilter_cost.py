"""The first pass of reading a title an addendum writes (issue 21's ingest cost): rapidfuzz's
answer exactly, with the project's titles processed once and not once per phrase of every
addendum (a cost that grows with addenda times documents and no output shows)."""

from __future__ import annotations

import rapidfuzz.utils
from rapidfuzz import fuzz, process

from inforce.engine.addenda import references
from inforce.engine.addenda.references import TITLE_PREFILTER, _near_titles
from inforce.engine.derivation import TargetDirectory

_WORDS = ("Concrete", "Forming", "Cast-in-Place", "Masonry", "Unit", "Steel", "Decking", "Roofing",
          "Membrane", "Painting", "Interior", "Exterior", "Doors", "Frames", "Glazing", "Sealants")


def _directory(count: int) -> TargetDirectory:
    directory = TargetDirectory()
    for i in range(count):
        words = [_WORDS[(i * 7 + k * 3) % len(_WORDS)] for k in range(2 + i % 3)]
        directory.add_entry(f"SPEC-{i:06d}", "specification", f"SECTION {i:06d} - {' '.join(words)}")
    return directory


_PHRASES = ("CAST-IN-PLACE CONCRETE", "Interior Painting", "Steel Decking section", "Doors and Frames",
            "CHANGES TO THE SPECIFICATIONS", "Concrete", "Roofing Membrane", "masonry unit")


def test_the_first_pass_is_rapidfuzz_answer() -> None:
    choices = _directory(300).titles_of(["specification"])
    for phrase in _PHRASES:
        expected = process.extract(phrase, choices, scorer=fuzz.token_set_ratio,
                                   processor=rapidfuzz.utils.default_process, limit=8, score_cutoff=TITLE_PREFILTER)
        assert _near_titles(phrase, choices) == [tuple(found) for found in expected]
        assert _near_titles(phrase, choices) == [tuple(found) for found in expected]  # asked again: the same


def test_titles_are_processed_once_per_directory_state(monkeypatch) -> None:
    real = rapidfuzz.utils.default_process
    calls: list[str] = []

    def counted(text: str, *args: object, **kwargs: object) -> str:
        calls.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(rapidfuzz.utils, "default_process", counted)
    monkeypatch.setattr(references, "_NEAR", None)
    directory = _directory(400)
    kinds = ["specification"]
    assert directory.titles_of(kinds) is directory.titles_of(kinds)  # one mapping while no document is added
    for _ in range(25):  # 25 addenda writing the same headings
        for phrase in _PHRASES:
            _near_titles(phrase, directory.titles_of(kinds))
    # each title once, each phrase once per time asked: not 400 titles for each of the 200 phrases
    assert len(calls) <= 400 + 25 * len(_PHRASES)
    # a document added: its title is new, and found
    directory.add_entry("SPEC-999999", "specification", "SECTION 999999 - Bird Control Netting")
    calls.clear()
    near = _near_titles("Bird Control Netting", directory.titles_of(kinds))
    assert near and near[0][2] == "SPEC-999999" and near[0][1] == 100.0
    assert len(calls) == 401 + 1
