"""Issue 23, audit 76 B F6: drawing legends cost milliseconds an abbreviation, more for each sheet.

Six sheets, each with a legend of 2,000 abbreviations of one word (within the sheet's bound),
took 84 s and 814 MB to ingest. Each abbreviation was an alternative of its own in the pattern
that finds the word (with its own look-arounds: ``(?<![A-Za-z0-9])(?<![A-Za-z]-)D1X1(?:\\.|...)``),
written into every pattern of a phrase holding the word and compiled there, and tried one after
another wherever a word starts. A run of abbreviations that share their look-arounds is now one
prefix tree of their stems: the same matches, found in the same order (the longer first),
compiled in microseconds an abbreviation.
"""

from __future__ import annotations

import time

from inforce.rules.subjects import _alternatives, _phrase_of, _read
from tests.support.phrase_oracle import found_by_oracle


def _legend(prefix: str, n: int) -> dict[tuple[str, ...], tuple[str, ...]]:
    folded = [f"{prefix}x{i}." for i in range(n)]
    return {("clear",): tuple(sorted(folded, key=lambda a: -len(a)))}


def test_a_large_legend_compiles_in_time_linear_in_its_size():
    phrases = ["clear cover", "clear", "concrete cover", "clear distance"]
    spent = []
    for n, prefixes in ((3_000, ("da", "dc")), (12_000, ("db", "dd"))):  # new abbreviations each time: re caches patterns
        times = []  # the least of two: a collection of a loaded test worker's garbage lands in one
        for prefix in prefixes:
            start = time.process_time()
            pattern = _alternatives(phrases, _legend(prefix, n))
            times.append(time.process_time() - start)
            found = pattern.search(_read(f"{prefix.upper()}X{n - 1}. COVER 2 IN."))
            assert found.group(0) == f"{prefix}x{n - 1}. cover"
        spent.append(min(times))
    # was about 15 s of CPU for 12,000 (4 phrases hold the word)
    assert spent[1] < 4.0, spent
    assert spent[1] < 8 * max(spent[0], 0.05), spent  # 4 times the entries, about 4 times the time


def test_the_tree_finds_what_the_alternatives_found():
    shortened = {
        ("clear",): ("clr.", "cl.", "c."),
        ("concrete",): ("concr.", "conc.", "conc", "con.", "c'c", "#c"),
        ("reinforcing", "steel"): ("reinf. stl.", "r.s."),
        ("steel",): ("stl.", "st", "s."),
    }
    shortened = {key: tuple(sorted(values, key=lambda a: -len(a))) for key, values in shortened.items()}
    phrases = ["clear cover", "concrete cover", "reinforcing steel", "steel", "clear", "concrete"]
    text = (
        "CLR. COVER 2 IN. CL.COVER; C. COVER, CONCR. COVER CONC COVER CON. cover C’C COVER #C COVER "
        "REINF. STL. and R.S. and STL. ST S. STEEL-TROWELLED GROUND-CLEAR CONCRETE COVER CONCRETES "
        "CLRS CL C CONC.COVER concrete clear"
    )
    found = [(_phrase_of(m), m.span()) for m in _alternatives(phrases, shortened).finditer(_read(text))]
    assert found == found_by_oracle(phrases, shortened, text)
    assert len(found) > 15
