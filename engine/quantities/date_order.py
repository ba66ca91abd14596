"""Dates written in digits whose day and month could be swapped: which day is meant is not read.

``03/04/2027`` is the 3rd of April where the day is written first and the 4th of March where the
month is; both numbers are 12 or less, so the digits alone do not say which (``13/04/2027`` can
only be the 13th of April, and ISO's ``2027-03-04`` always writes the month second). The date
comparison (``designations``) lets such a date agree with either reading, so that a claim
stating neither is refused; this module says where that leaves the claim undecided: a claim
stating the day in another form ("3 April 2027", "4 March 2027", "2027-03-04", or the digits
the other way round, "04/03/2027") holds for one reading and not the other, and a person
decides (an escalation, never an answer). A claim writing the same digits in the same order
(``03/04/2027``, ``3.4.2027``) states what the cited text states, and is answered. The same
holds the other way round: a claim writing such a date where the cited text names its month.

No project setting states a date order yet; where one is added, it is read here.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence

from .designations import _dates, _same_date

__all__ = ["unread_date_order"]

#: A date in digits with a slash, dot or dash, the day or month first and the year last (of four
#: digits or two: ``03/04/27``, audit 68).
_DIGIT_DATE = re.compile(r"(\d{1,2})([/.\-])(\d{1,2})\2(\d{4}|\d\d)")


def _digit_order(written: str) -> tuple[int, int, int] | None:
    """The numbers of a date written in digits (``03/04/2027`` → (3, 4, 2027)), in the order
    written; None for a date written otherwise (a month's name, ISO)."""
    match = _DIGIT_DATE.fullmatch(written)
    return (int(match[1]), int(match[3]), int(match[4])) if match else None


def _readings(written: str) -> str:
    """The two days a date in digits may be, the day-first reading first ("3 April or 4 March")."""
    one, other, _ = _digit_order(written) or (0, 0, 0)
    return f"{one} {calendar.month_name[other]} or {other} {calendar.month_name[one]}"


def unread_date_order(claim_text: str, cited_texts: Sequence[str]) -> list[tuple[str, str]]:
    """Each date of ``claim_text`` that agrees with a cited date only through a day-and-month
    order no text states, as (the claim's date as written, why a person decides), once each.
    A claim date that agrees with a cited date of one reading is read; one that agrees with
    none is the date comparison's to refuse."""
    cited = [date for text in cited_texts for date in _dates(text)]
    if not any(len(date[2]) > 1 for date in cited) and not any(len(date[2]) > 1 for date in _dates(claim_text)):
        return []
    found: dict[str, tuple[str, str]] = {}  # the claim's date in lower case → (as written, why)
    for _, _, readings, written, example in _dates(claim_text):
        stated = [other for other in cited if example or not other[4]]  # an example's date, as ``designations``
        agreeing = [other for other in stated if _same_date(readings, other[2])]
        if not agreeing:
            continue
        order = _digit_order(written)
        if order is not None and any(_digit_order(other[3]) == order for other in agreeing):
            continue  # the same digits in the same order: what the cited text states
        if any(len(other[2]) == 1 and len(readings) == 1 for other in agreeing):
            continue  # one day on both sides
        either = next((other for other in agreeing if len(other[2]) > 1), None)
        if either is not None:
            why = f"the cited date {either[3]} reads as {_readings(either[3])}; which is meant could not be read"
        else:
            why = (f"the claim's date {written} reads as {_readings(written)}; which is meant could not be read "
                   f"(the cited text states {agreeing[0][3]})")
        found.setdefault(written.lower(), (written, why))
    return list(found.values())
