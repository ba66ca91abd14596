"""Steps from a date a user wrote, at the calendar's ends (audit 80 B F3, F4): the one home,
``ontology.dates``, answers "no such day" (None) or holds at the end, never OverflowError; and
each place that steps from a user's date asks it."""

from __future__ import annotations

import datetime as dt

import pytest

from inforce.engine.calculations import add_days
from inforce.ontology import InputError
from inforce.ontology.dates import month_after, shift_date, shift_date_within
from inforce.rules.calculation import DayCount

FIRST, LAST = dt.date(1, 1, 1), dt.date(9999, 12, 31)


def test_the_day_before_the_first_day_and_after_the_last_are_none() -> None:
    assert shift_date(FIRST, -1) is None and shift_date(LAST, 1) is None
    assert shift_date(LAST, -(LAST - FIRST).days - 1) is None
    assert shift_date(dt.date(1, 1, 2), -1) == FIRST and shift_date(dt.date(9999, 12, 30), 1) == LAST
    assert shift_date(FIRST, 0) == FIRST and shift_date(dt.date(2026, 2, 27), 2) == dt.date(2026, 3, 1)


def test_a_margin_is_held_at_the_calendars_ends() -> None:
    assert shift_date_within(dt.date(1, 1, 5), -20) == FIRST
    assert shift_date_within(dt.date(9999, 11, 15), 60) == LAST
    assert shift_date_within(dt.date(2026, 5, 1), -20) == dt.date(2026, 4, 11)


def test_the_month_after_december_9999_is_none() -> None:
    assert month_after(dt.date(9999, 12, 31)) is None
    assert month_after(dt.date(9999, 11, 30)) == dt.date(9999, 12, 1)
    assert month_after(dt.date(2025, 12, 15)) == dt.date(2026, 1, 1)


@pytest.mark.parametrize("calendar", ["calendar", "business"])
def test_a_packs_add_days_past_the_last_day_is_an_input_error_naming_the_attribute(calendar: str) -> None:
    count = DayCount.model_validate({"days": 14, "calendar": calendar, "from": "dispatch_date"})
    with pytest.raises(InputError) as caught:
        add_days(dt.date(9999, 12, 20), count)
    assert caught.value.field == "dispatch_date" and "past the last date there is" in caught.value.message
    assert add_days(dt.date(9999, 12, 1), count) <= LAST  # short of the end: counted
