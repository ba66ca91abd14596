"""Dates as inforce reads them from text: the one strict reading, for every layer.

A date is written ``YYYY-MM-DD`` and nothing else. ``20260501``, ``2026-5-1`` and
``2026/05/01`` are refused rather than guessed at (``date.fromisoformat`` accepts the first,
and a datetime parser would read it as the start of that day). A datetime on the
transaction-time clock is ``YYYY-MM-DDTHH:MM:SS`` with an offset or ``Z`` (UTC when none),
and a date given for a datetime means the end of that day, UTC.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from .errors import InputError

__all__ = [
    "DATE_HINT",
    "end_of_day_utc",
    "is_iso_date",
    "microseconds",
    "month_after",
    "offset_problem",
    "parse_date",
    "parse_datetime_utc",
    "shift_date",
    "shift_date_within",
    "utc_text",
]

#: What every "not a date" error suggests.
DATE_HINT = "write dates as YYYY-MM-DD, e.g. 2026-05-01"

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_ISO_DATETIME_START = re.compile(r"\d{4}-\d{2}-\d{2}[T ]")
#: a time's UTC offset as ISO 8601 writes it (``+05:30``, ``-0800``), at the end of its text
_OFFSET = re.compile(r"[+-](\d{2}):?(\d{2})(?::?\d{2}(?:\.\d+)?)?$")
#: the digits after a datetime's second, if any (``.999999999`` in ``12:00:00.999999999Z``)
_FRACTION = re.compile(r"\d{2}:\d{2}:\d{2}[.,](\d+)")


def microseconds(fraction: str) -> int:
    """The digits after a time's second as microseconds: a moment is kept to the microsecond,
    so a finer one (``.999999999``, nanoseconds) is refused (ValueError), never cut short
    to another moment (audit 69 B L2). Every reader of a datetime asks this."""
    if len(fraction) > 6:
        raise ValueError(f"{len(fraction)} digits after the second ({fraction}); a time is read to the microsecond, "
                         "6 digits at most")
    return int(fraction.ljust(6, "0") or "0")


def is_iso_date(text: str) -> bool:
    """Whether ``text`` (surrounding blanks ignored) has the shape ``YYYY-MM-DD``; whether it
    names a real day is :func:`parse_date`'s question."""
    return _ISO_DATE.fullmatch(text.strip()) is not None


def parse_date(
    value: Any,
    *,
    field: str | None = None,
    file: str | Path | None = None,
    line: int | None = None,
    col: int | None = None,
) -> dt.date:
    """``value`` as a date: a date (a datetime's day), or text ``YYYY-MM-DD`` naming a real day.

    Anything else is an InputError pointing at where the value was written (``file``,
    ``line``, ``col``, ``field``, as far as the caller knows them).
    """
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str) and is_iso_date(value):
        try:
            return dt.date.fromisoformat(value.strip())
        except ValueError:  # 2026-02-30: the right shape, no such day
            pass
    raise InputError(f"not a date: {value!r}", field=field, file=file, line=line, col=col, hint=DATE_HINT)


def shift_date(day: dt.date, days: int) -> dt.date | None:
    """The day ``days`` calendar days after ``day`` (before it, when negative), or None when
    that day is not on the calendar: before 0001-01-01 or after 9999-12-31. Every step from a
    date a user wrote (front matter, a register, a declared edge, a pack's ``add.days``, a
    query) goes through here, so the calendar's ends are an answer ("no such day"), never
    Python's OverflowError (audit 80 B F3, F4)."""
    try:
        return day + dt.timedelta(days=days)
    except OverflowError:
        return None


def offset_problem(zone: str, hours: int, minutes: int) -> str | None:
    """Why a UTC offset as written (``zone``, ``+25:00``) is none, in the words every date reader
    uses (Python's, "offset must be a timedelta strictly between ...", say it in code); None when
    it is one."""
    if hours > 23 or minutes > 59:
        return f"the UTC offset {zone} is out of range (from -23:59 to +23:59)"
    return None


def shift_date_within(day: dt.date, days: int) -> dt.date:
    """:func:`shift_date`, held at the calendar's ends (0001-01-01, 9999-12-31): for a margin
    drawn around dates, where the end of the calendar is as far as a picture can reach."""
    moved = shift_date(day, days)
    if moved is not None:
        return moved
    return dt.date.min if days < 0 else dt.date.max


def month_after(day: dt.date) -> dt.date | None:
    """The first day of the month after ``day``'s, or None after December 9999."""
    if day.month < 12:
        return dt.date(day.year, day.month + 1, 1)
    return dt.date(day.year + 1, 1, 1) if day.year < dt.MAXYEAR else None


def end_of_day_utc(day: dt.date) -> dt.datetime:
    """A date given for a datetime means the end of that day, UTC (corpus-format.md)."""
    return dt.datetime.combine(day, dt.time(23, 59, 59, 999999), tzinfo=dt.UTC)


def parse_datetime_utc(value: Any) -> dt.datetime:
    """A datetime on the transaction-time clock, always timezone-aware UTC.

    Raises ValueError for what is not one, including an instant whose UTC form falls outside
    years 1-9999 (``0001-01-01T00:00:00+05:00``): callers turn ValueError into an input error.
    """
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            return value.replace(tzinfo=dt.UTC)
        try:
            return value.astimezone(dt.UTC)
        except OverflowError:
            raise ValueError(f"{value.isoformat()} is outside years 0001-9999 once converted to UTC") from None
    if isinstance(value, dt.date):
        return end_of_day_utc(value)
    if isinstance(value, str):
        text = value.strip()
        if is_iso_date(text):
            return end_of_day_utc(parse_date(text))
        if not _ISO_DATETIME_START.match(text):
            # ``20260410`` would parse as the start of that day, not its end: refuse it
            raise ValueError(f"not a date (YYYY-MM-DD) or datetime (YYYY-MM-DDTHH:MM:SSZ): {value!r}")
        offset = _OFFSET.search(text[10:])
        if offset is not None and (problem := offset_problem(offset[0], int(offset[1]), int(offset[2]))):
            raise ValueError(f"{value!r}: {problem}")
        fraction = _FRACTION.search(text)
        if fraction is not None:
            microseconds(fraction.group(1))
        try:
            parsed = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:  # Python's words ("Invalid isoformat string") are not the product's
            raise ValueError(f"not a datetime (YYYY-MM-DDTHH:MM:SSZ, or an offset for Z): {value!r}") from None
        return parse_datetime_utc(parsed)
    raise ValueError(f"not a date or datetime: {value!r}")


def utc_text(moment: dt.datetime) -> str:
    """A moment as files and messages write it: UTC to the second, ``Z`` for the zone
    (``2026-05-01T09:30:00Z``)."""
    return moment.astimezone(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
