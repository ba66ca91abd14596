"""Round 73 of issue 21: a provision's words marked as the addendum says it marks them (struck
through taken out, bold put in), given unquoted after the provision's caption and its colon. Each
test keeps a near form proposed too, so the reading stays no wider than its plain sense. In words
and numbers of our own."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc

SPEC = ("SECTION 33 14 00 - WATER DISTRIBUTION\n\n2 PRODUCTS\n\n2.1 PIPE\n\n"
        "A. Ductile iron pipe, pressure class 350, cement-mortar lined.\n\nB. Fittings of ductile iron, 250 psi.\n\n"
        "2.2 VALVES\n\nA. Gate valves, resilient wedge, 200 psi.\n\n3 EXECUTION\n\n3.1 INSTALLATION\n\n"
        "A. Flush each main before testing. Chlorinate before connection.\n\nB. Test each main at 150 psi for two hours.\n")
LEGEND = ("The Board issues this Addendum No. 1. Struck-through text (~~like this~~) is deleted from the "
          "original text and bold text (**like this**) is added to it.\n\n## Amendments to the Technical Specifications\n\n")
NO_LEGEND = ("The Board issues this Addendum No. 1. The following changes are made.\n\n"
             "## Amendments to the Technical Specifications\n\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "round-73-marks")
    write_doc(root, "SPEC-331400", "2027-01-05", SPEC)
    write_sheet(root, "P-301", body="DETAILS\n\nDetail 2: Floor sink, 12 inches square.\n")
    write_doc(root, "ADD-01", "2027-02-02", addendum)
    return read_project(root, rules)


def test_marked_words_after_a_caption_are_the_change_the_addendum_states(tmp_path, rules):
    reading = _read(tmp_path, rules, LEGEND + "Section 33 14 00, paragraph 2.1 A: Ductile iron pipe, pressure class ~~350~~ **250**, "
                    "cement-mortar lined.\n\n"
                    "Section 33 14 00, Article 2.2, new paragraph B: **B. Check valves, swing type, 200 psi.**\n")
    assert _applied(reading) == {("SPEC-331400#2.1.A", "partial", True), ("SPEC-331400#2.2", "partial", True)}, (
        _applied(reading), _proposed(reading), reading.not_understood)


def test_marked_words_restated_from_the_label_replace_the_paragraph(tmp_path, rules):
    reading = _read(tmp_path, rules, LEGEND + "Section 33 14 00, paragraph 3.1 B: B. Test each main at "
                    "~~150~~ **200** psi for two hours.\n\n"
                    "Section 33 14 00, paragraph 2.1 B: ~~B. Fittings of ductile iron, 250 psi.~~\n")
    assert _applied(reading) == {("SPEC-331400#3.1.B", "full", True), ("SPEC-331400#2.1.B", "full", False)}, (
        _applied(reading), _proposed(reading))


def test_words_all_struck_under_a_caption_without_the_label_stay_proposed(tmp_path, rules):
    # the paragraph's words, or only one sentence of them? Nothing says which
    reading = _read(tmp_path, rules, LEGEND + "Section 33 14 00, paragraph 3.1 A: ~~Chlorinate before connection.~~\n")
    assert not _applied(reading), _applied(reading)
    assert any(t == "SPEC-331400#3.1.A" for t, _, _ in _proposed(reading)), _proposed(reading)


def test_marked_words_without_a_stated_convention_stay_proposed(tmp_path, rules):
    reading = _read(tmp_path, rules, NO_LEGEND + "Section 33 14 00, paragraph 2.1 A: Ductile iron pipe, "
                    "pressure class ~~350~~ **250**, cement-mortar lined.\n")
    assert not _applied(reading), _applied(reading)
    assert any(t == "SPEC-331400#2.1.A" for t, _, _ in _proposed(reading)), _proposed(reading)


def test_a_caption_naming_a_paragraph_the_article_lacks_is_not_settled(tmp_path, rules):
    # "paragraph F" of an article with no F, not said to be new: the caption is not placed whole
    reading = _read(tmp_path, rules, LEGEND + "Section 33 14 00, Article 2.2, paragraph F: Gate valves, "
                    "~~200~~ **250** psi.\n")
    assert not any(t.startswith("SPEC-331400") for t, _, _ in _applied(reading)), _applied(reading)


BOLD_LEGEND = ("The Board issues this Addendum No. 1.\n\n"
               "## PART I - Modification of Specifications (Changes shown in ***bold italic text***)\n\n")


def test_words_put_in_under_a_legend_of_changes_in_bold_are_applied(tmp_path, rules):
    # the legend says only that the changes are in bold: an item bearing only bold words is read by it
    reading = _read(tmp_path, rules, BOLD_LEGEND + "S1.01 Section 33 14 00 Water Distribution, 2.2 A: Gate valves, "
                    "resilient wedge, 200 psi***, with stainless steel stems***.\n")
    assert _applied(reading) == {("SPEC-331400#2.2.A", "partial", True)}, (_applied(reading), _proposed(reading))


def test_struck_words_under_a_legend_of_bold_alone_stay_proposed(tmp_path, rules):
    # what the struck words mean the legend does not say
    reading = _read(tmp_path, rules, BOLD_LEGEND + "S1.01 Section 33 14 00 Water Distribution, 2.2 A: Gate valves, "
                    "resilient wedge, ~~200~~ ***250*** psi.\n")
    assert not _applied(reading), _applied(reading)
    assert any(t == "SPEC-331400#2.2.A" for t, _, _ in _proposed(reading)), _proposed(reading)
