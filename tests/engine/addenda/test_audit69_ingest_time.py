"""Issue 23, audit 69 B F02: an addendum of one long quoted line, or of many short items, took
tens of seconds to ingest (a 2 MB line or 10,000 items over five minutes). The growth was linear,
the constant was not: each of a vocabulary's hundreds of phrases and no-change wordings scanned
every position of every item read, several times over. A pattern now scans only an item holding
one of the words it needs (``rules.patterns.required_words``).

Times are CPU seconds of this process, the least of a few runs taken in turn after one garbage
collection (the machine is shared). The long-line test checks the growth (n and 4n: about 4 when linear)
and the constant: reading the item must cost less than one scan of it by each of the vocabulary's
patterns, which is what one of its several readings cost before. The many-items test ingests
an addendum of n and of 4n short items through ``Project.ingest``, as a user does: the time
grew faster than the items (each item's edges, siblings, line and offset found by a scan of the
whole addendum; the heading over them left a run of blank lines as long as the addendum, which a
pack pattern reading white space twice over took quadratic time to pass over; each note with no
verb had every item scanned for a stated convention of struck and bold words)."""

from __future__ import annotations

import gc
import itertools
import re
import time
from collections.abc import Callable
from pathlib import Path

from inforce.engine.addenda.actions import vocabulary
from inforce.engine.project import Project
from inforce.rules.patterns import finds, lowered, required_words

from addenda_reading import read_project, start_project
from corpus_writer import write_doc

CONCRETE = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n2 PRODUCTS\n\n2.1 MIXES\n\nA. Strength 4,000 psi.\n\n"
            "B. Ratio 0.45.\n\nC. Slump 4 inches.\n\n2.2 CURING\n\nA. Wet cure seven days.\n")
_FOLDERS = itertools.count()


def _long_line(words: int) -> str:
    return f"ADDENDUM NO. 1\n\n1. Section 03 30 00, Paragraph 2.1.A: Revise to read \"{'strength ' * words}\"\n"


def _cpu_each(calls: list[Callable[[], object]], runs: int = 2) -> list[float]:
    """The least CPU time of each call, runs taken in turn after one collection (gc held off)."""
    best = [float("inf")] * len(calls)
    gc.collect()
    for _ in range(runs):
        for n, call in enumerate(calls):
            gc.disable()
            try:
                start = time.process_time()
                call()
                best[n] = min(best[n], time.process_time() - start)
            finally:
                gc.enable()
    return best


def _reader(tmp_path: Path, rules, addendum: str) -> Callable[[], object]:
    def read():
        root = tmp_path / f"p{next(_FOLDERS)}"
        start_project(root, "timing")
        write_doc(root, "SPEC-033000", "2026-01-05", CONCRETE)
        write_doc(root, "ADD-01", "2026-02-02", addendum)
        return read_project(root, rules)
    return read


def _one_scan_each(rules, text: str) -> Callable[[], object]:
    """One ``finditer`` pass over ``text`` by each phrase and no-change wording of the rules."""
    patterns = [pattern for rule in rules.supersession for vocab in (vocabulary(rule),)
                for listed in (*vocab.phrases.values(), vocab.no_change) for pattern in listed]
    assert len(patterns) > 100
    return lambda: [m for pattern in patterns for m in pattern.finditer(text)]


def _check(tmp_path, rules, small: str, large: str) -> None:
    _reader(tmp_path, rules, small)()  # warm-up: compiled patterns, imports
    small_t, large_t, scan_t = _cpu_each([_reader(tmp_path, rules, small), _reader(tmp_path, rules, large),
                                          _one_scan_each(rules, large)])
    assert large_t < 6.0 * small_t + 0.05, (small_t, large_t)
    assert large_t < scan_t, (large_t, scan_t)


def test_a_long_quoted_line_reads_in_linear_time_with_a_small_constant(tmp_path, rules):
    _check(tmp_path, rules, _long_line(1500), _long_line(6000))


def test_a_pattern_skips_a_text_only_when_the_text_lacks_every_word_it_needs():
    """The gate is a necessary condition: what it skips, ``finditer`` finds nothing in."""
    pattern = re.compile(r"(?<!\w)(?:(?:(?:se)\s+)?(?:modifica(?:s|d)?|modificaing)\s+(?:queda|quedan))(?!\w)",
                         re.IGNORECASE)
    assert required_words(pattern) == ("modifica",)
    for text in ("El numeral SE MODIFICA QUEDA así", "nothing here", "modificado", "MODIFICAS quedan"):
        assert [m.span() for m in finds(pattern, text, lowered(text))] == [m.span() for m in pattern.finditer(text)]
    # a letter re.IGNORECASE reads as an ASCII one ("ſ" as "s") makes the lower case no sure test
    text = "ſe modifica queda"
    assert lowered(text) is None and [m.span() for m in finds(pattern, text, lowered(text))] == [(0, 17)]
    assert required_words(re.compile(r"\w+\s+\d")) is None


def _many_items(n: int) -> str:
    """n items, every other one a change of one of four paragraphs (each revised again and again:
    chains of n/8 successors), the others notes with no verb."""
    paragraphs = ("2.1.A", "2.1.B", "2.1.C", "2.2.A")
    return "ADDENDUM NO. 1\n\n1 CHANGES TO THE SPECIFICATIONS\n\n" + "".join(
        (f'1.{k} Section 03 30 00, Paragraph {paragraphs[k // 2 % 4]}: Revise the paragraph in its entirety to read: '
         f'"Strength {k} psi."\n\n') if k % 2 else f"1.{k} Note {k}: the Contractor shall coordinate.\n\n"
        for k in range(1, n + 1))


def _ingester(tmp_path: Path, addendum: str) -> Callable[[], object]:
    def ingest():
        root = tmp_path / f"p{next(_FOLDERS)}"
        start_project(root, "timing")
        write_doc(root, "SPEC-033000", "2026-01-05", CONCRETE)
        write_doc(root, "ADD-01", "2026-02-02", addendum)
        result = Project.ingest(root, derived=True)
        assert len(result.derived) == addendum.count("Revise the paragraph"), len(result.derived)
        return result
    return ingest


def test_an_addendum_of_many_items_ingests_in_linear_time(tmp_path):
    _ingester(tmp_path, _many_items(10))()  # warm-up: the pack, the quantity pipeline, the graph's library
    small_t, large_t = _cpu_each([_ingester(tmp_path, _many_items(500)), _ingester(tmp_path, _many_items(2000))],
                                 runs=1)
    assert large_t < 5.0 * small_t, (small_t, large_t)


def test_a_word_not_in_ascii_gates_a_pattern_as_an_ascii_one_does():
    """Round 74 put Cyrillic and Slovak phrases in the pack: a pattern whose words were not ASCII
    needed no word, so each scanned every item (the long-line reading above grew past one scan
    of each pattern). Such words gate too, leaving out the letters ``re.IGNORECASE`` matches by
    more than their lower case ("в" and "ᲀ", "σ" and "ς"); the gate stays a necessary condition."""
    pattern = re.compile(r"(?<!\w)(?:викласти\s+в\s+такій\s+редакції)(?!\w)", re.IGNORECASE)
    assert required_words(pattern) and all(not set(word) & set("вдостъ") for word in required_words(pattern))
    assert required_words(re.compile(r"sa\s+vypúšťa", re.IGNORECASE)) == ("vypúšťa",)
    for text in ("Пункт 1.2 ВИКЛАСТИ В ТАКІЙ РЕДАКЦІЇ:", "пункт 1.2 викласти ᲀ такій редакції", "nothing", "Пункт 1.3"):
        assert [m.span() for m in finds(pattern, text, lowered(text))] == [m.span() for m in pattern.finditer(text)]
    sigma = re.compile(r"ΟΔΟΣ\s+ΚΛΕΙΣΤΗ", re.IGNORECASE)  # Σ folds with σ and ς, which lower() may not give back
    for text in ("οδος κλειστη", "οδοσ κλειστη", "ΟΔΟΣ ΚΛΕΙΣΤΗ"):
        assert [m.span() for m in finds(sigma, text, lowered(text))] == [m.span() for m in sigma.finditer(text)], text
