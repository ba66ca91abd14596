"""The title-alone net (issues 21 and 23): a part named by whatever noun an owner puts before
"headed", "titled", "called" ... and a title in quotation marks ('the amendment headed "X"', 'the
rider called "Y"'), placed among the documents the addendum changes elsewhere, else reported; and
the titles of those documents keyed once a reading, so that many such items cost items + titles,
not items x titles."""

from __future__ import annotations

import time

from addenda_reading import applied, proposed, read_project, start_project
from corpus_writer import write_doc

SCHEDULE = ("SCHEDULE OF AMENDMENTS TO THE STANDARD CONDITIONS\n\n"
            "1.1 Payment Dates. Claims are paid on the 20th of the month after they are made.\n\n"
            "1.2 Site Manager. The Site Manager is the Trust's Facilities Lead.\n\n"
            "1.3 Working Hours. Work on site runs 8:00 am to 5:00 pm on weekdays.\n\n"
            "1.4 Existing Buildings. The Trust insures the existing pavilion and its fittings.\n")


def _schedule_project(root, addendum: str) -> None:
    start_project(root, "title-net-39")
    write_doc(root, "SPEC-SCH", "2026-01-05", SCHEDULE)
    write_doc(root, "ADD-01", "2026-02-02", addendum)


def test_an_amendment_headed_by_its_title_is_proposed_in_the_document_changed_elsewhere(tmp_path, rules):
    _schedule_project(tmp_path, "ADDENDUM NO. 4\n\nAMENDMENTS TO THE SCHEDULE\n\n"
                      "1. Clause 1.1: replace \"20th\" with \"15th\".\n\n"
                      "2. The rider headed \"Site Manager\" is deleted; the Site Manager will be named at award.\n")
    reading = read_project(tmp_path, rules)
    # "rider headed": no noun of round 38's list (before: passed over in silence)
    assert ("SPEC-SCH#1.2", "full", False) in proposed(reading)
    assert not [n for n in reading.not_understood if "Site Manager" in (n.words or "")]


def test_an_amendment_titled_and_replaced_is_proposed_replaced(tmp_path, rules):
    _schedule_project(tmp_path, "ADDENDUM NO. 4\n\nAMENDMENTS TO THE SCHEDULE\n\n"
                      "1. Clause 1.3: replace \"5:00 pm\" with \"6:00 pm\".\n\n"
                      "2. The amendment titled \"Existing Buildings\" is replaced with: \"1.4 Existing Buildings. "
                      "The Contractor insures the pavilion while it holds the site.\"\n")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-SCH#1.4", "full", True) in proposed(reading)
    assert not applied(reading) - {("SPEC-SCH#1.3", "partial", True)}


def test_a_title_no_document_changed_elsewhere_carries_is_reported_naming_it(tmp_path, rules):
    _schedule_project(tmp_path, "ADDENDUM NO. 4\n\nAMENDMENTS TO THE SCHEDULE\n\n"
                      "1. Clause 1.1: replace \"20th\" with \"15th\".\n\n"
                      "2. The provision called \"Retention Money\" is deleted.\n")
    reading = read_project(tmp_path, rules)
    assert not any(t.endswith(("#1.2", "#1.3", "#1.4")) for t, _, _ in proposed(reading))
    reasons = [n.reason or "" for n in reading.not_understood]
    assert any('provision called "Retention Money"' in r and "no provision" in r for r in reasons), reasons


def test_a_title_that_only_places_something_new_or_is_said_of_a_thing_names_no_part(tmp_path, rules):
    _schedule_project(tmp_path, "ADDENDUM NO. 4\n\nAMENDMENTS TO THE SCHEDULE\n\n"
                      "1. Clause 1.1: replace \"20th\" with \"15th\".\n\n"
                      "2. A new clause is added after the amendment headed \"Working Hours\": \"1.3A Noise. Quiet "
                      "work only before 9:00 am.\"\n")
    reading = read_project(tmp_path, rules)
    # the title places the new clause; the clause so titled does not change
    assert not any(t.endswith("#1.3") for t, _, _ in proposed(reading) | applied(reading))


def _topic(n: int) -> str:
    """A title of words alone for ``n`` (a run-in title holds no figures): 12 → "Topic Bc"."""
    return "Topic " + "".join("abcdefghij"[int(d)] for d in str(n)).capitalize()


def _titled_reading(tmp_path, rules, count: int) -> float:
    start_project(tmp_path, "title-net-linear")
    write_doc(tmp_path, "SPEC-BIG", "2026-01-05", "BIG SCHEDULE\n\n" + "".join(
        f"1.{n} {_topic(n)}. The works of part {n} are as drawn.\n\n" for n in range(1, count + 1)))
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 9\n\nAMENDMENTS\n\n"
              "1. Clause 1.1: replace \"drawn\" with \"shown\".\n\n" + "".join(
                  f"{n}. The clause headed \"{_topic(n)}\" is deleted.\n\n" for n in range(2, count + 1)))
    started = time.perf_counter()
    reading = read_project(tmp_path, rules)
    spent = time.perf_counter() - started
    assert {p.target.path for p in reading.proposed} == {f"1.{n}" for n in range(1, count + 1)}
    return spent


def test_items_naming_parts_by_title_are_read_in_linear_time(tmp_path, rules):
    """Issue 23 (AUDIT-Z2): each such item re-keyed every title of every document changed elsewhere."""
    _titled_reading(tmp_path / "warm", rules, 10)  # the pack's patterns compiled, the modules loaded
    small = _titled_reading(tmp_path / "small", rules, 150)
    large = _titled_reading(tmp_path / "large", rules, 600)
    print(f"title net: {small:.2f} s for 150, {large:.2f} s for 600")
    # keyed for each item, about 16x (0.6 s, then 9 s); linear, about 4x: a margin for a shared machine
    assert large < 4 * small * 2 + 0.5, (small, large)
