"""The action of an addendum item read from the pack's verbs (issue 21): only the item's own
instruction counts, a verb aimed at words is an amendment, and doubt is said, never settled."""

from __future__ import annotations

import pytest

from inforce.engine.addenda.actions import read_action, vocabulary
from inforce.rules import load_pack


@pytest.fixture(scope="module")
def verbs():
    return vocabulary(load_pack("supersession/csi-addenda").pack.rules[0])


@pytest.mark.parametrize(("text", "action", "scope", "successor"), [
    ("Paragraph 2.1.A: Delete the paragraph in its entirety.", "delete", "full", False),
    ("Section 07 21 00: Revised and reissued; attached.", "replace", "full", True),
    ("Paragraph 2.1.A: Revise to read as follows:", "replace", "full", True),
    ("Paragraph 2.1.A shall now read: 5,000 psi.", "replace", "full", True),
    ("Paragraph 2.1.A: Revise the list of tests to include maturity testing.", "amend", "partial", True),
    ("Article 3.11: Insert the following paragraph H.", "amend", "partial", True),
    ('Paragraph 2.1.A: Delete "4,000" and substitute "5,000".', "amend", "partial", True),
    ("Paragraph 2.1.A: Delete the second sentence.", "amend", "partial", True),
    ("Sheet A-101: Room 121 is renamed Teen Media Room.", "amend", "partial", True),
    ("Delete sheets A-601 and E-201. Add the attached sheets A-601 and E-201.", "replace", "full", True),
    # old words quoted inside the phrase: only those words change, whatever follows "to read"
    ('Callout 3: revise "4,000 PSI" to read "4,500 PSI".', "amend", "partial", True),
    ('Read "350 mm" as "300 mm".', "amend", "partial", True),
    # an item numbered like a paragraph is the paragraph; items of a list by their count are a part
    ("Page 7, Item 4.2.D - Delete Item 4.2.D.", "delete", "full", False),
    ("Delete items 2 and 5 of the list.", "amend", "partial", True),
    # words of the target as the subject of a passive verb: a change in part; the whole text: not
    ('The words "galvanized steel" are replaced by "stainless steel".', "amend", "partial", True),
    ("The text of Article 1.4 is replaced by the following:", "replace", "full", True),
    # a relative clause saying what the replacement now holds instructs nothing
    ("Remove existing Sheet M-301 and replace it with the attached revised Sheet M-301, which now shows "
     "the following change: the condensing unit is moved.", "replace", "full", True),
    # a part removed in one sentence, its replacement words in the next
    ("Remove all mention of Type X board. Replace with Type C board.", "amend", "partial", True),
    ('Article 1.4, paragraph B should read: "B. Submit samples."', "replace", "full", True),
])
def test_the_vocabulary_reads_each_action(verbs, text, action, scope, successor):
    read = read_action(text, verbs)
    assert (read.action, read.scope, read.successor, read.ambiguous) == (action, scope, successor, None)


def test_quoted_words_and_the_question_are_not_the_instruction(verbs):
    text = 'Question: may we "delete the paragraph"? Answer: see the Drawings.'
    assert read_action(text, verbs, mask=[(0, text.index("Answer"))]).action is None
    quoted = 'Paragraph 2.1.A: "Remove and replace damaged units."'
    assert read_action(quoted, verbs, mask=[(17, len(quoted))]).action is None


def test_a_verb_denied_or_used_as_an_adjective_is_not_read(verbs):
    assert read_action("This clarification does not change the Contract Price.", verbs).action is None
    assert read_action("The revised Bid Form is attached.", verbs).action is None


def test_an_item_saying_nothing_changes_reads_no_change_and_a_conflict_is_said(verbs):
    assert read_action("The product remains as specified.", verbs).action == "no_change"
    turned_down = read_action("Delete the paragraph and substitute 0.60. The request is not accepted.", verbs)
    assert turned_down.action == "no_change" and turned_down.ambiguous is not None


def test_verbs_of_two_actions_the_words_do_not_settle_are_ambiguous(verbs):
    read = read_action("Paragraph 2.2: Delete Paragraph C and add a new Paragraph C.", verbs)
    assert read.ambiguous is not None and "which one governs" in read.ambiguous


def test_code_is_quoted_text_not_an_instruction(verbs):
    from inforce.engine.addenda.context import _instruction_mask
    from inforce.engine.addenda.items import Item
    from inforce.ontology import Locator

    text = "Section 03 30 00, Paragraph 2.1.E `supersedes: [{target: SPEC-033000, scope: full}]`"
    item = Item(locator=Locator(doc="ADD-1", path="1"), path="1", parent=None, kind="section", text=text, offset=0)
    _, mask = _instruction_mask(item)
    assert read_action(text, verbs, mask=mask).action is None


@pytest.mark.parametrize(("text", "action"), [
    # the object names the document itself, not words inside it
    ("The enclosed Section 09 91 23, Painting, supersedes the Section of the same number issued for bids.", "replace"),
    ("Sheet C-301 revised and reissued, replacing the sheet of the same number.", "replace"),
    ("The attached Section 31 23 16 replaces the previous version.", "replace"),
    ("The enclosed sheet replaces the prior issue.", "replace"),
    # words inside the target stay a change in part
    ("Paragraph 2.1.A: Replace the current value with 5,000 psi.", "amend"),
    ("Paragraph 2.4.B: Replace the number of anchors with six.", "amend"),
])
def test_what_names_the_document_itself_is_no_part_of_it(verbs, text, action):
    assert read_action(text, verbs).action == action
