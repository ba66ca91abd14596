"""Inputs that were read in time quadratic in their size (issue 23, audit P), read in linear time
with the same result.

- A callout legend line with a long run of spaces (``CONC = concrete`` then 20,000 spaces):
  the entry's words were matched lazily against ``\\s*$``, retrying the run to its end from each
  space (``engine/quantities/legend.py``).
- A section path repeated thousands of times (``## Notes``, an act whose sections all say
  ``eId="sec_1"``): each repeat counted its suffix up from 2 (``ontology.numbering.FreeNames``
  now keeps each base's last suffix). The suffixes given are the ones given before: a section's
  locator is a contract, so the numbering is checked against the loop it replaces.

Times are CPU seconds of this process (the machine is shared), the best of a few runs; a
linear-time check reads n and 4n repeats, runs of the two taken in turn (a change in the
machine's load falls on both): linear time is a ratio of about 4, the count from 2 it replaces
about 12 at these sizes, quadratic 16.
"""

from __future__ import annotations

import gc
import json
import random
import time
from collections.abc import Callable
from pathlib import Path

from inforce.adapters.ingest import parse_document_with_warnings, parse_outline
from inforce.engine.quantities.legend import abbreviation_legend
from inforce.ontology.numbering import FreeNames

_DRAWING = {"id": "DWG-G-001", "kind": "drawing", "sheet": "G-001", "title": "General", "revision": "0",
            "seq": 1, "issued": "2026-03-02", "effective": {"from": "2026-03-02"},
            "recorded": "2026-03-02T09:00:00Z"}
_FRONT = ("---\nid: D-1\nkind: policy\ntitle: Repeats\nissued: 2026-01-01\neffective: {from: 2026-01-01}\n"
          "recorded: 2026-01-01T00:00:00Z\n---\n\n")
_AKN = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
_WORK = "/akn/xx/act/2021-02-01/4"


def _cpu(call: Callable[[], object], runs: int = 5) -> tuple[float, object]:
    """The least CPU time of ``runs`` calls, and what the last one returned (the garbage
    collector held off while one runs: its passes over every object alive are not the reader's).
    One collection before the runs, not one per run: in a test worker that has run hundreds of
    tests a full collection takes about a second, and it is no part of what is measured."""
    best, result = float("inf"), None
    gc.collect()
    for _ in range(runs):
        result = None
        gc.disable()
        try:
            start = time.process_time()
            result = call()
            best = min(best, time.process_time() - start)
        finally:
            gc.enable()
    return best, result


def _cpu_each(calls: list[Callable[[], object]], runs: int = 3) -> list[tuple[float, object]]:
    """``_cpu`` of each call, their runs taken in turn after one collection; for each, the least
    CPU time and what its last run returned."""
    best, results = [float("inf")] * len(calls), [None] * len(calls)
    gc.collect()
    for _ in range(runs):
        for n, call in enumerate(calls):
            results[n] = None
            gc.disable()
            try:
                start = time.process_time()
                results[n] = call()
                best[n] = min(best[n], time.process_time() - start)
            finally:
                gc.enable()
    return list(zip(best, results, strict=True))


def _parse(root: Path, name: str, text: str):
    (root / "documents").mkdir(exist_ok=True)
    path = root / "documents" / name
    path.write_text(text, encoding="utf-8")
    return parse_document_with_warnings(path, root)


def _act(sections: list[str]) -> str:
    """An Akoma Ntoso act with one chapter holding a section per eId in ``sections``."""
    body = "".join(f'<section eId="{eid}"><num>1.</num>text {n}</section>\n' for n, eid in enumerate(sections))
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<akomaNtoso xmlns="{_AKN}"><act name="act"><meta><identification source="#d">
<FRBRWork><FRBRthis value="{_WORK}/!main"/><FRBRuri value="{_WORK}"/>
<FRBRdate date="2021-02-01" name="Generation"/><FRBRauthor href="#a"/><FRBRcountry value="xx"/><FRBRnumber value="4"/></FRBRWork>
<FRBRExpression><FRBRthis value="{_WORK}/eng@2021-03-01/!main"/><FRBRuri value="{_WORK}/eng@2021-03-01"/>
<FRBRdate date="2021-03-01" name="Generation"/><FRBRauthor href="#a"/><FRBRlanguage language="eng"/></FRBRExpression>
<FRBRManifestation><FRBRthis value="{_WORK}/eng@2021-03-01/!main.xml"/><FRBRuri value="{_WORK}/eng@2021-03-01.akn"/>
<FRBRdate date="2021-03-02" name="Markup"/><FRBRauthor href="#d"/></FRBRManifestation></identification></meta>
<body><chapter eId="chp_1"><num>1</num>{body}</chapter></body></act></akomaNtoso>
"""


def _notes(count: int) -> str:
    return _FRONT + "".join(f"## Notes\n\nline {n}\n\n" for n in range(count))


# -- a legend line with a long run of spaces ------------------------------------------------------


def test_a_legend_line_with_a_long_run_of_spaces_is_read_at_once_with_the_same_entry(tmp_path):
    spaces = " " * 20_000
    text = f"ABBREVIATIONS\nCONC = concrete{spaces}\nCLR = clear{spaces}mix\nTYP ={spaces}1"
    document, _ = _parse(tmp_path, "G-001.drawing.yaml", json.dumps({**_DRAWING, "callouts": [
        {"id": "callout-1", "text": text}]}))
    seconds, entries = _cpu(lambda: abbreviation_legend(document), runs=1)
    # the words run to the line's end, trailing space left out, inner space folded; a line whose
    # words do not start with a letter is no entry
    assert entries == [("CONC", "concrete"), ("CLR", "clear mix")]
    assert seconds < 0.5, f"{seconds:.2f} s of CPU for 60,000 spaces of legend"


# -- repeated section paths ---------------------------------------------------------------------


def _old_numbering(taken: set[str], base: str) -> str:
    """The loop FreeNames replaces: ``base``, else ``base-2``, ``base-3``, ... counted from 2."""
    path, suffix = base, 1
    while path in taken:
        suffix += 1
        path = f"{base}-{suffix}"
    return path


def test_free_names_give_the_names_the_old_numbering_gave():
    rng = random.Random(23)
    bases = ["notes", "notes-2", "notes-3", "1", "1-2", "a.b", "a.b-2-2"]
    taken_old: set[str] = set()
    taken_new: set[str] = set()
    free = FreeNames(taken_new)
    for _ in range(3_000):
        base = rng.choice(bases)
        if rng.random() < 0.1:  # a name taken by other means (a literal "Notes 4", a numbered 1-2)
            extra = f"{base}-{rng.randint(2, 40)}"
            taken_old.add(extra)
            taken_new.add(extra)
            continue
        given = free(base)
        assert given == _old_numbering(taken_old, base)
        if rng.random() < 0.9:  # a reader may not record what it was given (a path refused)
            taken_old.add(given)
            taken_new.add(given)


def test_repeated_markdown_headings_keep_their_locators(tmp_path):
    text = _FRONT + "".join(f"## {title}\n\nline {n}\n\n" for n, title in enumerate(
        ["Notes", "Notes 3", "Notes", "Notes", "Notes", "Notes 5", "Notes"]))
    document, _ = _parse(tmp_path, "d.md", text)
    # notes-3 and notes-5 taken by their own headings first: a repeat skips them
    assert [p.path for p in document.provisions] == [
        "notes", "notes-3", "notes-2", "notes-4", "notes-5", "notes-5-2", "notes-6"]


def test_repeated_numbered_headings_keep_their_locators_and_warn():
    result = parse_outline("1 SCOPE\n\n" + "".join(f"## 1.1 One\n\nline {n}\n\n" for n in range(4)), file="d.md")
    assert [p.path for p in result.provisions] == ["1", "1.1", "1.1-2", "1.1-3", "1.1-4"]
    assert [w.message.rsplit("this one is ", 1)[1] for w in result.warnings] == ["'1.1-2'", "'1.1-3'", "'1.1-4'"]


def test_repeated_akn_eids_keep_their_locators_and_warn(tmp_path):
    document, warnings = _parse(tmp_path, "act.xml", _act(["sec_1", "sec_1", "sec_1-3", "sec_1"]))
    assert [p.path for p in document.provisions] == ["chapter-1", "1", "1-2", "1-3", "1-4"]
    again = [w.message for w in warnings if "appears again" in w.message]
    assert [m.rsplit("this one is ", 1)[1] for m in again] == ["'1-2'", "'1-4'"]


def test_thousands_of_repeated_markdown_headings_are_read_in_linear_time(tmp_path):
    (small, (document, _)), (large, (more, _)) = _cpu_each([lambda: _parse(tmp_path, "d.md", _notes(1_000)),
                                                            lambda: _parse(tmp_path, "d.md", _notes(4_000))])
    assert document.provisions[-1].path == "notes-1000"
    assert more.provisions[-1].path == "notes-4000"
    assert large / small < 8, f"1,000 repeats {small:.3f} s, 4,000 repeats {large:.3f} s of CPU"


def test_thousands_of_repeated_akn_eids_are_read_in_linear_time(tmp_path):
    (small, (document, _)), (large, (more, _)) = _cpu_each([
        lambda: _parse(tmp_path, "act.xml", _act(["sec_1"] * 1_000)),
        lambda: _parse(tmp_path, "act.xml", _act(["sec_1"] * 4_000))])
    assert document.provisions[-1].path == "1-1000"
    assert more.provisions[-1].path == "1-4000"
    assert large / small < 8, f"1,000 repeats {small:.3f} s, 4,000 repeats {large:.3f} s of CPU"


# -- the same shape in a rule pack's plausible range ---------------------------------------------


def test_a_plausible_range_end_with_a_long_run_of_spaces_is_read_at_once():
    from inforce.engine.quantities.subjects import _quantity

    assert _quantity(" 2000 psi \t") == (2000.0, "psi")
    assert _quantity("12 %") == (12.0, "percent") and _quantity("0.7  ") == (0.7, None)
    seconds, read = _cpu(lambda: _quantity("1 psi" + " " * 20_000 + "x"), runs=1)
    assert read == (1.0, "psi" + " " * 20_000 + "x")  # not a unit: pint refuses it, where it is used
    assert seconds < 0.5, f"{seconds:.2f} s of CPU for 20,000 spaces in a range end"
