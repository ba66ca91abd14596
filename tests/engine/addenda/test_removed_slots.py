"""The words an amending instruction takes out (``engine.addenda.slots``): the old side of each
change, read by the stock pack's verbs and the connectives around them; ``check`` does not take
a figure there as one the item states (tenth audit H2')."""

from __future__ import annotations

import pytest

from inforce.engine.addenda.actions import vocabulary
from inforce.engine.addenda.slots import removed_spans
from inforce.rules import load_pack

_VERBS = [vocabulary(rule) for rule in load_pack("supersession/csi-addenda").pack.of_kind("supersession")]


@pytest.mark.parametrize(("words", "taken"), [
    ('Paragraph 2.1.B: Delete "4 inches" and substitute "6 inches".', ['"4 inches"']),
    ('In SOP-001 paragraph 2.2, replace "7 years" by "3 years": revisions are kept for 3 years.', ['"7 years"']),
    ('Replace the words "7 years" with "3 years".', ['"7 years"']),
    ('Substitute "6 inches" for "4 inches".', ['"4 inches"']),
    ("Change 7 years to 3 years.", ["7 years"]),
    ('"4 inches" is changed to "6 inches".', ['"4 inches"']),
    ("Revise paragraph 2.1.B from 4 inches to 6 inches.", ["4 inches"]),
    ("Increase the allowance from $6,500 to $9,200.", ["$6,500"]),
    ("In PS-010 paragraph 1.2, the test runs for 6 hours instead of 4.", ["4"]),
    ('For "4 inches" read "6 inches".', ['"4 inches"']),
    ('Read "350 mm" as "300 mm".', ['"350 mm"']),
    ("Delete 4 inches and substitute 6 inches.", ["4 inches"]),
])
def test_the_old_side_of_a_change_is_read(words: str, taken: list[str]) -> None:
    assert [words[a:b] for a, b in removed_spans(words, _VERBS)] == taken


@pytest.mark.parametrize("words", [
    'Revise Paragraph 2.2 to read: "Retain for 3 years."',  # the whole new text: nothing of it is taken out
    'Add paragraph 2.3: "Retain drafts for 2 years."',
    "Remove forms after 7 days.",                          # an instruction of the work, not a change of words
    "1 CHANGE TO SOP-001 2.2",                              # a heading
    "Superseded revisions are retained for 3 years after withdrawal.",
])
def test_words_that_take_nothing_out(words: str) -> None:
    assert removed_spans(words, _VERBS) == ()


@pytest.mark.parametrize(("words", "taken"), [
    ('In SOP-001 paragraph 2.2, for "7 years" substitute "3 years".', ['"7 years"']),
    ("For 7 years substitute 3 years.", ["7 years"]),
    ('Insert "3 years" in place of "7 years".', ['"7 years"']),
    ("Insert 3 years in place of 7 years.", ["7 years"]),
    ('"7 years" is deleted and "3 years" is inserted.', ['"7 years"']),
    ('"7 years" becomes "3 years".', ['"7 years"']),
    ("Retention 7 years → 3 years.", ["7 years"]),
    ("The retention period was 7 years; it is now 3 years.", ["7 years"]),
    ('Revise 2.2 to read: "retained for 3 years" (formerly 7 years).', ["7 years"]),
    ("For 7 years read 3 years.", ["7 years"]),
    ('2.2 shall read "3 years" in place of "7 years".', ['"7 years"']),
    ("| Paragraph | Was | Now |\n|---|---|---|\n| SOP-001 2.2 | 7 years | 3 years |", ["7 years"]),
    ('For the words "7 years" there shall be substituted the words "3 years".', ['"7 years"']),
    ('SOP-001 paragraph 2.2: shorten "7 years" to "3 years".', ['"7 years"']),
])
def test_other_wordings_of_a_change_are_read(words: str, taken: list[str]) -> None:
    """Eleventh audit F3 / twelfth H-A: the statute-book and change-table forms."""
    assert [words[a:b] for a, b in removed_spans(words, _VERBS)] == taken


@pytest.mark.parametrize("words", [
    '"Retain for 3 years" is inserted after paragraph 2.2.',  # the words before "is inserted" come in
    "| Item | Was | Now |\n|---|---|---|",                  # a header row alone
    'Apply "Primer A" to "Surface B".',                       # quoted words to quoted words, no figures
])
def test_wordings_that_take_nothing_out(words: str) -> None:
    assert removed_spans(words, _VERBS) == ()


def test_a_long_change_list_is_read_in_linear_time() -> None:
    """Eleventh audit F8: 16,000 "replace ... by ..." entries took 69 s a check (quadratic)."""
    import time

    def timed(count: int) -> float:
        words = "In SOP-001 paragraph 2.2, " + "".join(
            f'replace "{n} days" by "{n + 1} days", ' for n in range(count)) + 'replace "7 years" by "3 years".'
        started = time.perf_counter()
        assert len(removed_spans(words, _VERBS)) == count + 1
        return time.perf_counter() - started

    assert timed(8000) < 15.0  # was about 14 s for the whole check, growing fourfold per doubling
    small, large = timed(2000), timed(8000)
    assert large < 4 * small * 2.5  # near-linear (a generous margin for a shared machine)


@pytest.mark.parametrize(("words", "changed"), [
    ("In SOP-001 paragraph 2.2, extend the retention period by 3 years.", ["extend the retention period by 3 years"]),
    ("Increase the slump of 4 inches by 2 inches.", ["Increase the slump of 4 inches by 2 inches"]),
    ("Retain superseded revisions for a further 3 years.", ["3 years"]),
    ("The retention period of 7 years is halved. Keep logs 1 year.", ["The retention period of 7 years is halved."]),
    ("Raise the cover to 50 mm by 1 January 2027.", []),
    ("The period is extended by the Engineer.", []),
    ("Retain superseded revisions for 3 years.", []),
])
def test_a_change_stated_relative_to_the_old_figure_is_found(words: str, changed: list[str]) -> None:
    """Thirteenth audit N3: the amount of "extend ... by 3 years" was read as the new value."""
    from inforce.engine.addenda.slots import change_spans

    assert [words[a:b] for a, b in change_spans(words)] == changed


def test_change_spans_are_read_in_linear_time() -> None:
    """Four times the text takes about four times the CPU (a quadratic reading takes sixteen):
    measured as CPU and as a ratio, so a busy machine does not fail it."""
    import time

    from inforce.engine.addenda.slots import change_spans

    def cpu(n: int) -> float:
        started = time.process_time()
        change_spans("increase by the " * n + "halved. " * n + "a further 1 " * n)
        return time.process_time() - started

    small, large = cpu(500), cpu(2000)
    assert large < 8 * small + 0.1 and large < 3.0, (small, large)
