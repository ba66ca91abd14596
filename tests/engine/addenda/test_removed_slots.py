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
