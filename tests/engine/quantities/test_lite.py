"""The quantity grammar read without spaCy (``engine/quantities/_lite.py``) is held to the spaCy
pipeline it stands in for: the same tokens (offset, length, trailing space), the same phrase
matches and the same mentions, over the hand-labelled quantity fixture (the texts
``bench/quantity_eval.py`` scores), the example projects' documents and seeded random text
made of the characters the tokenizer's rules are about. Then the build's file
(``grammar_file``): written at ingest, read by a cold ``check`` without importing spaCy to the
same verdict, and never trusted when it does not check.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from inforce.engine.quantities._grammar import _PHRASES, SOURCE
from inforce.engine.quantities._lite import GrammarTables, LiteWindows, export_tables, match_phrases
from inforce.engine.quantities.extract import QuantityExtractor, text_windows
from inforce.engine.quantities.units import unit_table

from bench_scripts import load

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"
qe = load("quantity_eval")


@pytest.fixture(scope="module")
def pipeline():
    """(the spaCy extractor, the one reading with its exported tables, the tables)."""
    table = unit_table()
    full = QuantityExtractor(units=table, cache_size=0)
    tables = export_tables(full.nlp)
    return full, QuantityExtractor(units=table, cache_size=0, grammar=tables), tables


def _fixture_texts() -> list[str]:
    fixture = qe.load_fixture(qe.FIXTURE_DIR, qe.SHARED_DATA)
    return [snippet.text for snippet in fixture.snippets]


def _example_paragraphs() -> list[str]:
    """Each distinct paragraph once, in the order first met: the examples repeat many (a
    revision beside the one before it), and a text is read the same wherever it stands."""
    found = []
    for path in sorted(EXAMPLES.glob("*/documents/**/*")):
        if path.is_file() and path.suffix in (".md", ".txt", ".yaml", ".json", ".xml", ".html", ".csv"):
            found.extend(part for part in path.read_text(errors="replace").split("\n\n") if part.strip())
    return list(dict.fromkeys(found))


#: Characters and pieces the tokenizer's rules are about: affixes, infixes, special cases
#: (contractions, abbreviations, emoticons), URLs, units glued to numbers, blanks of every kind.
_PIECES = [*"aAbBxXzZ0159 .,;:!?'\"()[]{}<>-–—_/\\|+*=#@$€£%&^~`°″′“”‘’…\n\t\u00a0\u2009", "  ",
           "mm", "psi", "ft", "in.", "U.S.", "e.g.", "a.m.", "ain't", "don't", "O.C.", "no.", "Sept.",
           "1/2", "3'-6\"", "http://", "www.", ".com", "@x.org", ":)", "(:", "<3", "'s", "n't", "°F", "±",
           "+/-", "≥", "10am", "Mt.", "vs.", "'em", "c'mon", "1st", "$5M", "2-3", ":-)", "=)", "o.O", "’’",
           "½", "¾", "7½-", "-year", " and a half ", "half a ", "a decade"]


def _random_texts(count: int, seed: int) -> Iterator[str]:
    rnd = random.Random(seed)
    for _ in range(count):
        yield "".join(rnd.choice(_PIECES) for _ in range(rnd.randint(1, 24)))


def _pieces_of(text: str) -> Iterator[tuple[str, bool]]:
    """The text whole, then each window the extractor reads (as it reads it)."""
    yield text, True
    for start, end in text_windows(text):
        line_start = text.rfind("\n", 0, start) + 1
        yield text[start:end], not text[line_start:start].strip()


def _differences(full: QuantityExtractor, lite: LiteWindows, texts: list[str]) -> list[str]:
    """Each window where the lite reading's tokens, phrases or assembled items differ."""
    from spacy.attrs import IDX, LENGTH, SPACY

    nlp = full.nlp
    components = [component for _, component in nlp.pipeline]
    differ = []
    for text in texts:
        for window, leading_blank in _pieces_of(text):
            doc = nlp.make_doc(window)
            expected = doc.to_array([IDX, LENGTH, SPACY]).tolist() if len(doc) else []
            rows = [list(row) for row in lite.tokenizer.tokens(window)]
            if rows != expected:
                differ.append(f"tokens of {window!r}: {[t.text for t in doc]} != "
                              f"{[window[a:a + n] for a, n, _ in rows]}")
                continue
            doc.user_data[SOURCE] = (window, leading_blank)
            for component in components:
                doc = component(doc)
            lowers = [window[a:a + n].lower() for a, n, _ in rows]
            if sorted(set(match_phrases(lowers, lite._by_first))) != sorted(set(doc.user_data[_PHRASES])):
                differ.append(f"phrases of {window!r}")
            elif lite(window, leading_blank) != full._read(window, leading_blank):
                differ.append(f"items read in {window!r}")
    return differ


def test_the_tables_read_back_from_their_json_are_the_same(pipeline) -> None:
    _, _, tables = pipeline
    assert GrammarTables.from_json(json.loads(json.dumps(tables.to_json()))) == tables
    assert tables.specials and tables.merges and tables.phrases["UNIT"] and tables.stop
    with pytest.raises(ValueError, match="format"):
        GrammarTables.from_json({**tables.to_json(), "format": 0})
    with pytest.raises(ValueError):
        GrammarTables.from_json({key: value for key, value in tables.to_json().items() if key != "specials"})


@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_the_fixture_is_read_as_the_pipeline_reads_it(pipeline) -> None:
    full, lite, tables = pipeline
    texts = _fixture_texts()
    assert len(texts) >= 100
    assert _differences(full, LiteWindows(tables, full.units), texts) == []
    for text in texts:  # the typed mentions, subjects and warnings included
        assert lite.extract(text) == full.extract(text), text


@pytest.mark.slow  # over a second and a half; the full suite runs it
def test_the_example_documents_are_read_as_the_pipeline_reads_them(pipeline) -> None:
    full, lite, tables = pipeline
    paragraphs = _example_paragraphs()
    assert len(paragraphs) >= 50
    assert _differences(full, LiteWindows(tables, full.units), paragraphs) == []
    for text in paragraphs:
        assert lite.extract(text) == full.extract(text), text


@pytest.mark.slow  # over a second and a half; the full suite runs it
def test_random_text_is_tokenized_as_the_pipeline_tokenizes_it(pipeline) -> None:
    full, _, tables = pipeline
    assert _differences(full, LiteWindows(tables, full.units), list(_random_texts(3000, seed=20))) == []


def test_the_comparison_sees_a_rule_left_out(pipeline) -> None:
    """The tests above can fail: tables short of one special case, or of a unit phrase, read
    differently, and the comparison says where."""
    full, _, tables = pipeline
    no_contraction = replace(tables, specials={k: v for k, v in tables.specials.items() if k != "don't"})
    assert _differences(full, LiteWindows(no_contraction, full.units), ["I don't know."])
    units = tuple(p for p in tables.phrases["UNIT"] if p != ("calendar", "days"))
    no_phrase = replace(tables, phrases={**tables.phrases, "UNIT": units})
    assert _differences(full, LiteWindows(no_phrase, full.units), ["Due within 21 calendar days."])


# ---- the build's file ----------------------------------------------------------------------------


def _own_copy(ingested_example, name: str, tmp_path: Path) -> Path:
    root = tmp_path / name
    shutil.copytree(ingested_example(name), root)
    return root


def _cold_checks(
    root: Path, answers: list[Path], *, unlink: Path | None = None,
) -> list[tuple[dict, bool, bool]]:
    """``inforce check`` of each answer in turn, in one fresh interpreter: each verdict, whether
    spaCy had been imported by the end of that check, and whether ``unlink`` existed after it.
    With ``unlink``, that file is removed before each check (so each one finds the tables gone)."""
    script = (
        "import json, os, sys\n"
        "from inforce.adapters.cli import main\n"
        f"answers = {[str(a) for a in answers]!r}\n"
        f"unlink = {str(unlink) if unlink else None!r}\n"
        "for answer in answers:\n"
        "    if unlink and os.path.exists(unlink):\n"
        "        os.unlink(unlink)\n"
        f"    sys.argv = ['inforce', 'check', {str(root)!r}, '--answer', answer, '--format', 'json']\n"
        "    try:\n"
        "        main()\n"
        "    except SystemExit:\n"
        "        pass\n"
        "    sys.stdout.write('\\n\\x1eSPACY ' + str('spacy' in sys.modules)"
        " + ' ' + str(bool(unlink) and os.path.exists(unlink)) + '\\n')\n"
        "    sys.stdout.flush()\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    chunks = run.stdout.split("\x1eSPACY ")
    assert len(chunks) == len(answers) + 1, run.stderr[-2000:]
    results = []
    for i in range(len(answers)):
        body = chunks[i] if i == 0 else chunks[i].split("\n", 1)[1]
        verdict = json.loads(body)
        verdict["audit"].pop("decided_at")  # the clock, not the answer
        spacy, exists = chunks[i + 1].split("\n", 1)[0].split()
        results.append((verdict, spacy == "True", exists == "True"))
    return results


def _cold_check(root: Path, answer: Path) -> tuple[dict, bool]:
    """``inforce check`` in a fresh interpreter: its verdict, and whether it imported spaCy."""
    [(verdict, spacy, _)] = _cold_checks(root, [answer])
    return verdict, spacy


def _grammar_files(root: Path) -> list[Path]:
    return sorted((root / ".inforce").glob("grammar-*.bin"))


@pytest.mark.slow
def test_ingest_writes_the_tables_and_a_cold_check_reads_them_to_the_same_verdict(
    ingested_example, tmp_path: Path, pipeline,
) -> None:
    from inforce.engine import Project
    from inforce.engine.quantities.grammar_file import open_grammar

    root = _own_copy(ingested_example, "label-dosing", tmp_path)
    [written] = _grammar_files(root)
    with Project.open(root) as project:
        assert written.name == f"grammar-{project.snapshot.build_id}.bin"
        assert open_grammar(project.snapshot.store, unit_table()) == pipeline[2]
        assert project.snapshot.quantity_extractor().reads_without_spacy
    answers = sorted((root / "answers").glob("*.json"))
    # one cold process checks every answer in turn: if spaCy was not imported by the end, no
    # check imported it
    verdicts = {}
    for answer, (verdict, spacy, _) in zip(answers, _cold_checks(root, answers), strict=True):
        assert not spacy, f"{answer.name}: a cold check imported spaCy with the tables beside the build"
        verdicts[answer.name] = verdict
    read = {name for name, v in verdicts.items() if any(c.get("quantities") for c in v["claims"])}
    assert len(read) >= 2  # numbers were read
    # without the file: the spaCy pipeline reads, to the same verdicts, and writes the file again
    # (each check finds it removed; the first fresh-process case is the next test's)
    again = _cold_checks(root, answers, unlink=written)
    for answer, (verdict, spacy, rewritten) in zip(answers, again, strict=True):
        assert verdict == verdicts[answer.name], answer.name
        if answer.name in read:
            assert spacy and rewritten, answer.name


@pytest.mark.slow
def test_a_file_that_does_not_check_is_not_trusted(ingested_example, tmp_path: Path) -> None:
    from inforce.engine import Project
    from inforce.engine.quantities import grammar_file

    root = _own_copy(ingested_example, "label-dosing", tmp_path)
    answer = root / "answers" / "s2-weight-band-ok.json"
    expected, _ = _cold_check(root, answer)
    [written] = _grammar_files(root)
    good = written.read_bytes()
    header_end = good.index(b"}") + 1
    with Project.open(root) as project:
        store = project.snapshot.store
        assert grammar_file.open_grammar(store, unit_table()) is not None
        # tables for other unit spellings, a damaged body, another build's id: none is read
        assert grammar_file.open_grammar(store, unit_table({"WDG": "mm"})) is None
        written.write_bytes(good[:header_end] + good[header_end:].replace(b'"specials"', b'"specialz"'))
        assert grammar_file.open_grammar(store, unit_table()) is None
        written.write_bytes(good.replace(store.build_id().encode(), b"0" * len(store.build_id())))
        assert grammar_file.open_grammar(store, unit_table()) is None
    verdict, spacy = _cold_check(root, answer)
    assert verdict == expected and spacy  # read with the pipeline instead...
    assert written.read_bytes() == good  # ...which wrote the file again


_DELTA = (
    "import sys\n"
    "from inforce.adapters.cli import main\n"
    "sys.argv = ['inforce', 'ingest', sys.argv[1]]\n"
    "try:\n"
    "    main()\n"
    "except SystemExit as done:\n"
    "    assert done.code in (0, None), done.code\n"
    "print('SPACY', 'spacy' in sys.modules)\n"
)


def _delta(root: Path, name: str) -> bool:
    """A document added and the project ingested in a fresh process: whether spaCy was imported."""
    (root / "documents" / name).write_text(
        "---\nid: NOTE-9\nkind: other\ntitle: A note\nrevision: \"0\"\nseq: 1\nissued: 2026-01-01\n"
        "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T12:00:00Z\n---\n"
        "1 GENERAL\n\n1.1 The adult dose is 250 mg twice daily.\n")
    ran = subprocess.run([sys.executable, "-c", _DELTA, str(root)], capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stderr[-2000:]
    return "SPACY True" in ran.stdout


def test_a_delta_reads_with_the_live_builds_tables_and_takes_them_for_its_own(
    ingested_example, tmp_path: Path, pipeline,
) -> None:
    # a delta neither imports spaCy nor builds its pipeline (~0.8 s): its documents are read with the live
    # build's tables, and its own build's file takes their body from that build's (the same key: the same body)
    from inforce.engine import Project
    from inforce.engine.quantities.grammar_file import open_grammar

    root = _own_copy(ingested_example, "label-dosing", tmp_path)
    [before] = _grammar_files(root)
    assert not _delta(root, "note-9.md")
    [after] = _grammar_files(root)
    assert after != before
    with Project.open(root) as project:
        assert open_grammar(project.snapshot.store, unit_table()) == pipeline[2]
        facts = project.facts(None, dt.date(2026, 6, 1)).facts
        assert any(fact.resolved.doc == "NOTE-9" and fact.normalized is not None for fact in facts)


def test_an_earlier_builds_tables_that_do_not_read_are_not_taken(ingested_example, tmp_path: Path, pipeline) -> None:
    # the live build's file framed again over a body that is no tables: read with the pipeline, exported afresh
    from inforce.engine import Project
    from inforce.engine.quantities.grammar_file import _MAGIC, open_grammar
    from inforce.engine.store import frame, read_framed

    root = _own_copy(ingested_example, "label-dosing", tmp_path)
    [live] = _grammar_files(root)
    mapped, header, start = read_framed(live, _MAGIC)
    with mapped:
        body = b'{"format":0}' + b" " * (len(mapped) - start - 12)
    del header["sha256"]
    live.write_bytes(frame(_MAGIC, header, [body], align=1))
    assert _delta(root, "note-9.md")  # the pipeline read the new document
    with Project.open(root) as project:
        assert open_grammar(project.snapshot.store, unit_table()) == pipeline[2]
