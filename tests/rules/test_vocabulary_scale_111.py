"""Issue 23, audit 111 B F2: a vocabulary of thousands of subjects held an ingest minutes.

8,000 subjects of 10 synonyms each (a 3 MB pack that ``rules check`` passed) held an ingest of
the riverside example 157 s at 4.2 GB. The phrases were one alternation under ``re.IGNORECASE``,
each alternative starting with its own look-behinds: compiling the flag's character classes
again for every word of every phrase took some 96 s, and matching tried all 80,000 alternatives
at every word (about a second a word). The patterns are now compiled without the flag for text
folded as the flag compares it (``case_folded``), the phrases whose first word is written only
as itself form one prefix tree, and the tests between two plain words are one ``\\s+``: the
same phrases found at the same places (checked against the pattern as first written), compiled
in seconds and matched in microseconds a word.
"""

from __future__ import annotations

import random
import re
import sys
import time

import pytest

from inforce.rules import subjects
from inforce.rules.patterns import case_folded
from inforce.rules.subjects import _alternatives, _fold, _phrase_of, _read
from tests.support.phrase_oracle import found_by_oracle

#: Every character (no lone surrogates), once each.
EVERY = "".join(chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code <= 0xDFFF)


def _at(pattern: str, text: str, flags: int = 0) -> list[int]:
    return [match.start() for match in re.finditer(pattern, text, flags)]


def test_case_folding_keeps_every_character_in_its_place():
    assert len(case_folded(EVERY)) == len(EVERY)
    assert case_folded("ſteel \u212aelvin \u0130NCH") == "steel kelvin inch"


@pytest.mark.parametrize("written, read", [("[A-Za-z0-9]", "[a-z0-9]"), ("[A-Za-z]", "[a-z]")])
def test_a_letter_class_under_ignorecase_is_the_lower_case_class_in_the_folded_text(written: str, read: str):
    # the four letters re.IGNORECASE reads as ASCII ones (İ ı ſ K) among them
    assert _at(written, EVERY, re.IGNORECASE) == _at(read, case_folded(EVERY))


def test_spaces_hyphens_periods_and_apostrophes_stand_where_they_stood():
    folded = _read(EVERY)
    assert _at(r"\s", folded) == _at(r"\s", EVERY)
    for mark in "-.":
        assert _at(re.escape(mark), folded) == _at(re.escape(mark), EVERY)
    assert _at("'", folded) == _at("['’′`]", EVERY)


@pytest.mark.parametrize("letter", list("aiksAIKSzZ") + list("\u0130\u0131\u017f\u212aµμßéÉσςΣθϑβϐвᲀ"))
def test_a_letter_matches_under_ignorecase_exactly_where_it_folds_alike(letter: str):
    folded = case_folded(EVERY)
    assert _at(re.escape(letter), EVERY, re.IGNORECASE) == _at(re.escape(case_folded(letter)), folded)


_LETTERS = list("abcsikIKS0-.'’′` ") + ["ſ", "\u212a", "\u0130", "ı", "\n", "  ", "é", "σ", "ς", "Σ", "ß"]


def _word(rng: random.Random) -> str:
    return "".join(rng.choice(_LETTERS[:12] + list("aest")) for _ in range(rng.randint(1, 4))).strip() or "a"


@pytest.mark.parametrize("tree_ways", [16, 0])  # 0: a phrase with an abbreviated first word in the second pattern
@pytest.mark.parametrize("seed", range(4))
def test_the_phrases_are_found_where_the_pattern_as_first_written_found_them(seed: int, tree_ways: int, monkeypatch):
    monkeypatch.setattr(subjects, "_TREE_WAYS", tree_ways)
    rng = random.Random(seed)
    compared = found = 0
    for _ in range(60):
        phrases = [p for p in dict.fromkeys(" ".join(_word(rng) for _ in range(rng.randint(1, 3)))
                                            for _ in range(rng.randint(1, 40))) if _fold(p)]
        phrases.sort(key=lambda p: -len(p))
        shortened: dict[tuple[str, ...], list[str]] = {}
        for _ in range(rng.randint(0, 8)):  # some runs of words abbreviated, first words among them
            words = tuple(_fold(rng.choice(phrases)).split())
            k = rng.randint(1, len(words))
            i = rng.randint(0, len(words) - k)
            abbreviation = _fold(_word(rng) + rng.choice(["", "."]))
            if abbreviation and abbreviation != " ".join(words[i : i + k]):
                shortened.setdefault(words[i : i + k], []).append(abbreviation)
        table = {key: tuple(sorted(set(v), key=lambda a: -len(a))) for key, v in shortened.items()}
        pattern = _alternatives(phrases, table)
        for _ in range(20):
            pieces = _LETTERS + [rng.choice(phrases)] * 3 + [
                rng.choice(phrases).replace(" ", rng.choice(["", "  ", "\n", " - ", "-", ". ", "."]))] * 3
            text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 25)))
            text = text.upper() if rng.random() < 0.5 else text
            expected = found_by_oracle(phrases, table, text)
            assert [(_phrase_of(m), m.span()) for m in pattern.finditer(_read(text))] == expected, (phrases, table, text)
            compared += 1
            found += len(expected)
    assert compared == 1200 and found > 500  # the texts hold what is looked for


def _vocabulary(subjects: int, synonyms: int) -> list[str]:
    """Phrases of one and two words from a small stock of words (shared first words, as a real
    vocabulary's are), longest first as the vocabulary orders them."""
    rng = random.Random(111)
    stock = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(3, 9))) for _ in range(3_000)]
    phrases = {f"{rng.choice(stock)} {rng.choice(stock)}" if n % 2 else rng.choice(stock) + f" q{n}"
               for n in range(subjects * synonyms)}
    return sorted(phrases, key=lambda p: -len(p))


def test_twenty_thousand_synonyms_compile_in_seconds_and_match_in_microseconds_a_word():
    phrases = _vocabulary(2_000, 10)
    started = time.process_time()
    pattern = _alternatives(phrases, {})
    compiled = time.process_time() - started
    text = " ".join(phrases[i * 37 % len(phrases)].split()[0] for i in range(5_000))  # 5,000 first words
    text += " " + phrases[0].upper() + ". " + phrases[1]
    started = time.process_time()
    found = [(_phrase_of(m), m.span()) for m in pattern.finditer(_read(text))]
    matched = time.process_time() - started
    assert found[-2:] == [(0, (len(text) - len(phrases[0]) - 2 - len(phrases[1]), len(text) - len(phrases[1]) - 2)),
                          (1, (len(text) - len(phrases[1]), len(text)))]
    # were about 25 s to compile and some 0.25 s a word (20 minutes for these 5,000 words)
    assert compiled < 12.0, compiled
    assert matched < 1.0, matched


def test_phrases_whose_first_words_are_abbreviated_stay_in_the_tree():
    # audit 112 B F1: each such phrase had been an alternative of its own, splitting the tree where
    # it stood (8,000 subjects of 10 synonyms with an abbreviation of each first word: 46 s, 2.3 GB)
    phrases = _vocabulary(1_000, 10)
    shortened = {(word,): (word[:3] + ".",) for word in {p.split()[0] for p in phrases}}
    started = time.process_time()
    finder = _alternatives(phrases, shortened)
    compiled = time.process_time() - started
    assert finder.rest is None  # every phrase in the tree
    words = [phrases[i * 37 % len(phrases)].split()[0] for i in range(3_000)]
    text = " ".join(word[:3].upper() + "." if i % 2 else word for i, word in enumerate(words))
    first, second = next(p for p in phrases if not p.split()[1].startswith("q")).split()
    text += f" {first[:3].upper()}.  {second.upper()}"  # a phrase written with its first word abbreviated
    started = time.process_time()
    found = list(finder.finditer(_read(text)))
    matched = time.process_time() - started
    last = found[-1]
    assert last.end() == len(text) and last.group(0) == f"{first[:3]}.  {second}"
    assert phrases[_phrase_of(last)].split()[1] == second and phrases[_phrase_of(last)].startswith(first[:3])
    assert compiled < 12.0, compiled
    assert matched < 1.0, matched


def test_a_pattern_with_no_match_left_is_not_searched_again_after_each_match(monkeypatch):
    # audit 115 B F2: with both patterns, the one that had found nothing was searched again from each
    # match's end of the other, rescanning the text: 20,000 matches 31.7 s, four times per doubling
    monkeypatch.setattr(subjects, "_TREE_WAYS", 0)  # "concrete strength", abbreviated, in the second pattern
    finder = _alternatives(["concrete strength", "slab"], {("concrete",): ("cq.",)})
    assert finder.tree is not None and finder.rest is not None
    text = "CQ. STRENGTH, " + "slab, " * 20_000  # the second pattern's one match first: none left after it
    started = time.process_time()
    found = [(_phrase_of(m), m.end()) for m in finder.finditer(_read(text))]
    spent = time.process_time() - started
    assert len(found) == 20_001 and found[0] == (0, len("CQ. STRENGTH")) and found[-1][0] == 1
    assert spent < 1.0, spent


@pytest.mark.parametrize("first, mark, written", [("the", "", "THE"), ("the", "'", "THE  ’"), ("the.", "", "THE.")])
def test_the_words_after_a_shared_first_word_are_read_in_the_tree_too(first: str, mark: str, written: str):
    # audit 114 B F1: 100,000 synonyms "the ..." were one flat list after "the", every one tried
    # wherever "the" stood (a 395 KB text: 50 s); audit 115 B F1: a second word led by an
    # apostrophe, or a first word written with its period, ended the tree there again (81 s). The
    # words after the first are paths of the tree.
    rng = random.Random(114)
    words = sorted({"".join(rng.choice("abcdefghij") for _ in range(6)) for _ in range(20_000)})
    phrases = sorted((f"{first} {mark}{word}" for word in words), key=lambda p: -len(p))
    finder = _alternatives(phrases, {})
    text = " ".join([f"{first} zzz"] * 20_000) + f" {written}{'' if mark else ' '}{words[7].upper()}"
    started = time.process_time()
    found = [(phrases[_phrase_of(m)], m.end()) for m in finder.finditer(_read(text))]
    spent = time.process_time() - started
    assert found == [(f"{first} {mark}{words[7]}", len(text))]
    assert spent < 1.0, spent  # was some 20 s: 20,000 phrases tried at each of 20,000 "the"


@pytest.mark.parametrize("written", ["BG.", "big", "BG"])
def test_the_words_after_an_abbreviated_second_word_are_read_in_the_tree_too(written: str):
    # audit 115 B F1's last shape: a second word written in more ways than one ("big", or "bg." for it)
    # left the phrases after a shared first word one flat list, every one tried wherever "the" stood
    # (20,000 phrases: 2.6 ms at each; 19 s over 4,000 "the"). Each way of the second word is a path now.
    rng = random.Random(115)
    words = sorted({"".join(rng.choice("abcdefghij") for _ in range(6)) for _ in range(20_000)})
    phrases = sorted((f"the big {word}" for word in words), key=lambda p: -len(p))
    finder = _alternatives(phrases, {("big",): ("bg.",)})
    assert finder.rest is None
    text = " ".join(["the bg. zzz the big zzz"] * 5_000) + f" THE {written} {words[7].upper()}"
    started = time.process_time()
    found = [(phrases[_phrase_of(m)], m.end()) for m in finder.finditer(_read(text))]
    spent = time.process_time() - started
    assert found == [(f"the big {words[7]}", len(text))]
    assert spent < 1.0, spent  # was some 25 s: 20,000 phrases tried after each "the"


_SEVENTEEN = tuple(f"t{letter}." for letter in "abcdefghijklmnopq")  # past the 16 ways of the tree


_OTHER_SEVENTEEN = tuple(f"h{letter}." for letter in "abcdefghijklmnopq")


@pytest.mark.parametrize("shape", ["first", "second", "marked", "interleaved", "interleaved second", "colliding",
                                   "interleaved after many"])
def test_a_word_written_in_more_ways_than_the_tree_takes_is_one_atom_the_phrases_share(shape: str):
    # audit 116 B F1: phrases whose first word is written in 17 ways were one flat alternation, tried
    # at every word a letter of any phrase starts (6,106 "the xxxx": a 300 KB specification 88 s); a
    # second word in 17 ways had the rest written whole after "the" (38 s). The ways are one atom the
    # phrases share, the tree going on after it; the second pattern's guard is its own phrases' letters.
    # Audit 117 B: a next word led by a mark ("the 'xxxx", 56 s) and the phrases of two such first
    # words in turn ("the xxxx", "tha xxxx": past 120 s) had still shared nothing.
    rng = random.Random(116)
    words = sorted({"".join(rng.choice("abcdefghij") for _ in range(6)) for _ in range(6_000)})
    shortened = {("the",): _SEVENTEEN}
    if shape == "second":
        phrases = [f"the big {word}" for word in words]
        shortened = {("big",): _SEVENTEEN}
        written, wanted = f"THE TG. {words[7].upper()}", f"the big {words[7]}"
    elif shape == "marked":
        phrases = [f"the '{word}" for word in words]
        written, wanted = f"TG. '{words[7].upper()}", f"the '{words[7]}"
    elif shape == "interleaved second":  # after "the": two such words in turn, and plain words led by their letter
        phrases = [f"the {('big', 'bog', 'bag')[n % 3]} {word}" for n, word in enumerate(words)]
        shortened = {("big",): tuple(f"b{letter}." for letter in "cdefghijklmnopqrs"),
                     ("bog",): tuple(f"o{letter}." for letter in "abcdefghijklmnopq")}
        written, wanted = f"THE OG. {words[7].upper()}", f"the bog {words[7]}"
    elif shape == "colliding":  # two ways that match at one place: "ta" and "ta.", "the." beside "the" (118 B F1)
        phrases = [f"the {word}" for word in words]
        shortened = {("the",): (*_SEVENTEEN, "ta", "the.")}
        written, wanted = f"TA {words[7].upper()}", f"the {words[7]}"
    elif shape == "interleaved after many":  # "the big x", "the bog y" in turn, "the" of 17 ways too (118 B F2)
        phrases = [f"the {('big', 'bog')[n % 2]} {word}" for n, word in enumerate(words)]
        shortened = {("the",): _SEVENTEEN, ("big",): tuple(f"b{letter}." for letter in "cdefghijklmnopqrs"),
                     ("bog",): tuple(f"o{letter}." for letter in "abcdefghijklmnopq")}
        written, wanted = f"TG. OG. {words[7].upper()}", f"the bog {words[7]}"
    elif shape == "interleaved":
        phrases = [f"{('the', 'tha')[n % 2]} {word}" for n, word in enumerate(words)]
        shortened = {("the",): _SEVENTEEN, ("tha",): _OTHER_SEVENTEEN}
        written, wanted = f"HG. {words[7].upper()}", f"tha {words[7]}"
    else:
        phrases = [f"the {word}" for word in words]
        written, wanted = f"TG. {words[7].upper()}", f"the {words[7]}"
    phrases = [*sorted(phrases, key=lambda p: -len(p)), "slab"]
    finder = _alternatives(phrases, shortened)
    assert finder.whole is None and (finder.rest is None) == shape.endswith("second")  # "the" alone: the tree's
    if not shape.endswith("second"):
        assert "(?=[" + ("ht" if shape == "interleaved" else "t") + "])" in finder.rest.pattern  # "slab" is the tree's
    text = " ".join(["the tg. zzz the big zzz tha hg. zzz to that slab"] * 4_000) + " " + written
    started = time.process_time()
    found = [(phrases[_phrase_of(m)], m.end()) for m in finder.finditer(_read(text))]
    spent = time.process_time() - started
    assert found[-1] == (wanted, len(text)) and {phrase for phrase, _ in found} <= {wanted, "slab"}, found[-3:]
    assert spent < 1.0, spent  # was some 8 s and more: 6,000 phrases tried at each "the" (and "to", "that")
