"""A pack's reference notation reads a label whole or not at all (round 58): the French "article {article}"
the stock pack gained read "Article 5.1" out of a table row's "Article 5.1.1" and "Article 2.3" out of
"Article 2.3.B", and the reader then changed the article instead of its clause."""

from __future__ import annotations

from inforce.rules import compile_notation


def test_a_notation_never_reads_the_front_of_a_longer_dotted_label() -> None:
    article = compile_notation("paragraph", "article {article}")
    assert article.search("Exhibit B, Article 5.1.1 is revised") is None
    assert article.search("Article 2.3.B: delete") is None
    assert article.search("CCTP, article 5.2 : supprimé") is not None  # the whole label still reads
    assert article.search("CCTP, article 6 : l'article est remplacé.").group("article") == "6"
    assert article.search("see article 4.").group("article") == "4"  # a sentence's stop is no label's dot


def test_a_notation_with_the_dot_in_its_own_words_still_reads_its_letter() -> None:
    item = compile_notation("paragraph", "Item {article}.{letter}")
    found = item.search("Item 2.1.B of Section 09 91 00")
    assert found is not None and found.group("letter") == "B"


def test_a_notation_and_a_layout_are_compiled_once_for_lint_and_readers() -> None:
    """Speed (issue 21's ingest cost): the pack's lint and each addendum's readers ask for the same
    notations and layouts; each is compiled once per process (a counter, not a timing), and a
    notation that cannot serve is refused every time it is asked for."""
    import pytest

    from inforce.rules import compile_layout
    from inforce.rules.patterns import PatternError

    compile_notation.cache_clear()
    compile_layout.cache_clear()
    for _ in range(3):
        assert compile_notation("paragraph", "Artikel {article}") is compile_notation("paragraph", "Artikel {article}")
        assert compile_layout("Punkt {label}").match("Punkt 3") is not None
    assert compile_notation.cache_info().misses == 1
    assert compile_layout.cache_info().misses == 1
    for _ in range(2):
        with pytest.raises(PatternError):
            compile_notation("paragraph", "Artikel {nothing}")
