"""Options several command groups share, and turning their text into dates and case attributes."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Annotated, Any

import typer

from inforce.ontology import Context, InputError, is_iso_date, parse_date, parse_datetime_utc
from inforce.ontology.context import attribute_value
from inforce.ontology.scalars import blank_or_padded, group_name

__all__ = [
    "ContextOption",
    "GroupsOption",
    "KnownAtOption",
    "ValidAtOption",
    "build_context",
    "pack_paths",
    "parse_case_value",
    "parse_context_pairs",
    "parse_date_option",
    "parse_groups",
    "parse_known_at",
    "parse_names",
    "parse_valid_at",
]

ContextOption = Annotated[
    list[str] | None,
    typer.Option("--context", "-c", help="a case attribute k=v (repeat it); v may be true, false, "
                 "a date YYYY-MM-DD, or unknown", show_default=False),
]
GroupsOption = Annotated[
    str | None, typer.Option("--groups", help="the asker's access groups, comma-separated", show_default=False)
]
ValidAtOption = Annotated[
    str | None,
    typer.Option("--valid-at", help="the date the question is about (YYYY-MM-DD); never assumed",
                 show_default=False),
]
KnownAtOption = Annotated[
    str | None,
    typer.Option("--known-at", help="what document control had recorded by then; a date means the end of "
                 "that day, UTC", show_default=False),
]
_UNKNOWN = {"", "unknown", "null", "none", "?"}


def parse_names(value: str, option: str, what: str, *, hint: str) -> tuple[str, ...]:
    """A comma-separated option value (``--groups qa,owners``, ``--exclusions P1,P3``): its
    names in order — the command line's one reader of such a list. An InputError naming
    ``option`` for a name that is empty (``""``, ``a,,b``, ``qa,``) or has spaces around it (``"
    P1"``: ``blank_or_padded``, the rule for every declared name), or one given twice: a name
    no one means, read as nothing or as another, never passed over silently."""
    from ._common import option_text

    names = (option_text(value, option) or "").split(",")
    for name in names:
        if (problem := blank_or_padded(name, what)) is not None:
            raise InputError(f"{problem} in {value!r}", field=option, hint=hint)
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise InputError(f"{', '.join(repeated)} given twice in {value!r}", field=option, hint=hint)
    return tuple(names)


def parse_groups(groups: str | None) -> tuple[str, ...]:
    """``--groups a,b``: the asker's access groups (not given: none, only documents without
    ``access``), listed as ``parse_names`` reads a list, each read as an access list's names
    are (``group_name``)."""
    if groups is None:
        return ()
    hint = "name each group once, comma-separated (--groups qa,owners); leave --groups out for none"
    names = []
    for name in parse_names(groups, "--groups", "group name", hint=hint):
        try:
            names.append(group_name(name))
        except ValueError as problem:
            raise InputError(str(problem), field="--groups", hint="type the group's name as letters") from None
    return tuple(names)


def parse_date_option(value: str, option: str) -> dt.date:
    """A YYYY-MM-DD option value, or an InputError naming the option (``20260501`` is not one)."""
    return parse_date(value, field=option)


def parse_valid_at(value: str | None) -> dt.date | None:
    """``--valid-at`` as a date, None when not given (the engine then asks the rule packs)."""
    return None if value is None else parse_date_option(value, "--valid-at")


def parse_known_at(value: str | None) -> dt.datetime | None:
    """``--known-at``: a datetime, or a date meaning the end of that day, UTC."""
    if value is None:
        return None
    try:
        return parse_datetime_utc(value)
    except ValueError as problem:
        # the parser's own words say which: not a date at all, or one out of range in UTC
        raise InputError(str(problem), field="--known-at",
                         hint="YYYY-MM-DD (end of that day, UTC) or YYYY-MM-DDTHH:MM:SSZ") from None


def parse_case_value(text: str) -> Any:
    """A ``--context`` value: true/false, a date, unknown (None), or the text as written."""
    value = text.strip()
    if value.lower() in _UNKNOWN:
        return None
    if value.lower() in {"true", "yes"}:
        return True
    if value.lower() in {"false", "no"}:
        return False
    if is_iso_date(value):
        return parse_date_option(value, "--context")
    return value


def parse_context_pairs(pairs: list[str] | None) -> dict[str, str]:
    """``--context k=v`` pairs as written (values still text); an attribute given twice is an
    InputError rather than the last one silently winning."""
    attributes: dict[str, str] = {}
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise InputError(f"not k=v: {pair!r}", field="--context", hint="e.g. --context market=UK")
        if name.strip() in attributes:
            raise InputError(f"{name.strip()} is given twice", field="--context",
                             hint="give each case attribute once")
        try:  # the one rule of a case's values (``Context``'s): one no document's facet can hold is refused
            attributes[name.strip()] = str(attribute_value(name.strip(), value.strip()))
        except ValueError as problem:
            raise InputError(str(problem), field="--context", hint="type the value again, e.g. --context market=UK") from None
    return attributes


def build_context(pairs: list[str] | None, groups: str | None, valid_at: str | None, known_at: str | None) -> Context:
    """The case from ``--context k=v`` pairs, ``--groups``, ``--valid-at`` and ``--known-at``."""
    attributes = {name: parse_case_value(value) for name, value in parse_context_pairs(pairs).items()}
    return Context(
        valid_at=parse_date_option(valid_at, "--valid-at") if valid_at else None,
        known_at=parse_known_at(known_at),
        groups=parse_groups(groups),
        attributes=attributes,
    )


def pack_paths(packs: list[str] | None) -> tuple[str, ...]:
    """``--pack`` values: a stock name as given, a file named relative to where the command runs
    made absolute (the engine resolves a relative one against the project)."""
    return tuple(str(Path(p).resolve()) if Path(p).suffix in (".yaml", ".yml") and Path(p).is_file() else p
                 for p in packs or ())
