"""Round 101: an item reported as one clause of no named document is read again knowing the documents the
addendum's other items change, the reading's own English label for the clause ("Point 3.3") beside the owner's
("Bod 3.3") being the same clause, never two."""

from inforce.engine.addenda.reading import _NO_SECTION


def test_the_same_number_under_the_readings_own_label_is_one_clause() -> None:
    assert _NO_SECTION.fullmatch("names pasal 4.7, but no section it belongs to; names Article 4.7, but no section "
                                 "it belongs to; names Pasal 4.7, but no section it belongs to")
    assert _NO_SECTION.fullmatch("names kohta 2.6, but no section it belongs to; names Point 2.6, but no section it "
                                 "belongs to")


def test_two_numbers_are_two_clauses() -> None:
    assert not _NO_SECTION.fullmatch("names kohta 2.6, but no section it belongs to; names Point 2.7, but no section "
                                     "it belongs to")
    assert not _NO_SECTION.fullmatch("names items 4.1 y 4.3, but no section it belongs to")
