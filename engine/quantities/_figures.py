"""What a note's own words make of the figures read in it, each read alone first.

The grammar reads a figure from the words beside it; some notes say more about their figures
than those words do, and :func:`read_by_note` applies what they say, in this order:

1. **A drawing's scale** is no figure: ``SCALE: 1/4" = 1'-0"`` (an inch or less of drawing equal
   to a foot written ``1'-0"``) states a ratio of the sheet, not two lengths.
2. **A bare cover in a metric note** is millimetres: a whole number written right before COVER
   or CLR. (``40 COVER``, ``75 CLR.``) in a note whose other signs are metric (a length in mm or
   m, a bar or mesh such as ``15M``, ``N12``, ``SL92``, MPa): drawings in millimetres leave the
   unit off.
3. **Pounds in a note about loads** are a force: a wheel load of 40,000 LB, an uplift of 6,420
   LBS, a lateral soil pressure of 50 PCF (pounds-force per cubic foot); a pound in a clause that
   names no load stays a mass (a shipping weight).

Each works on the items as read (``(item, window start)`` pairs), for the spaCy pipeline and the
reading without it alike.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ._tokens import Found
from .units import UnitTable

__all__ = ["read_by_note"]

#: Words that make a pound in their clause a force (and a pound per cubic foot a pressure's rate).
_LOAD_WORDS = re.compile(r"\b(?:loads?|loading|uplift|reactions?|forces?|barriers?|wheels?|axles?|surcharge|"
                         r"pressure|thrust|tension|shear|capacity|impact|passive|active)\b", re.IGNORECASE)
_AS_FORCE = {"pound": "lbf", "pcf": "lbf/ft**3"}
#: A cover written right after a bare figure (``40 COVER``, ``75 CLR.``), and the signs of a
#: note in millimetres: a length in mm or m, a metric bar or mesh (``15M``, ``N12``, ``SL92``), MPa.
_BARE_COVER = re.compile(r"[^\S\n]*(?:cover|clr\b\.?|clear\b)", re.IGNORECASE)
#: The cover's word alone, which ``read_by_note`` searches the whole note for: a leading run of
#: spaces searched from every position would rescan the run (quadratic in it; audit B, finding 5).
_COVER_WORD = re.compile(r"cover|clr\b\.?|clear\b", re.IGNORECASE)
_METRIC_NOTE = re.compile(r"\d\s*(?:mm|m)\b|\b\d{2}M\b|\b(?:N|SL|RL)\d{2,3}\b|\bMPa\b")
#: What joins a drawing scale's two sides.
_SCALE_EQUALS = re.compile(r"\s*=\s*")

Items = list[tuple[Found, int]]


def read_by_note(found: Items, text: str, units: UnitTable) -> Items:
    """The items of ``text`` with what its notes say of them applied (the module docstring)."""
    if "=" in text:
        found = _without_drawing_scales(found, text)
    if _COVER_WORD.search(text) is not None and _METRIC_NOTE.search(text) is not None:
        found = _metric_covers(found, text, units)
    if _LOAD_WORDS.search(text) is not None:
        found = _as_forces(found, text, units)
    return found


def _without_drawing_scales(found: Items, text: str) -> Items:
    """The items less each drawing scale's two."""
    dropped: set[int] = set()
    for n in range(len(found) - 1):
        (a, a_shift), (b, b_shift) = found[n], found[n + 1]
        if (a.resolved is not None and b.resolved is not None and a.resolved.expression == "inch"
                and b.resolved.expression == "foot" and b.value == 1 and a.value is not None and 0 < a.value <= 3
                and text[b.start + b_shift : b.end + b_shift].replace("’", "'").startswith("1'-0")
                and _SCALE_EQUALS.fullmatch(text, a.end + a_shift, b.start + b_shift)):
            dropped.update((n, n + 1))
    return [pair for n, pair in enumerate(found) if n not in dropped] if dropped else found


def _metric_covers(found: Items, text: str, units: UnitTable) -> Items:
    """Each bare whole number of a cover's size written right before COVER or CLR., read in mm."""
    millimetre = units.resolve("mm")
    out = []
    for item, shift in found:
        if (item.resolved is None and not item.warnings and item.value is not None and item.upper is None
                and float(item.value).is_integer() and 10 <= item.value <= 150
                and _BARE_COVER.match(text, item.end + shift) is not None):
            item = item.in_context(millimetre, 1.0)
        out.append((item, shift))
    return out


def _as_forces(found: Items, text: str, units: UnitTable) -> Items:
    """Each pound (or pound per cubic foot) after a load word in its clause, read as a force."""
    out = []
    for item, shift in found:
        force = _AS_FORCE.get(item.resolved.expression) if item.resolved is not None else None
        start = item.start + shift
        if force is not None and item.resolved is not None:
            clause_start = max(text.rfind(mark, 0, start) for mark in (";", "\n", ". ")) + 1
            if _LOAD_WORDS.search(text, clause_start, start) is not None:
                item = replace(item, resolved=replace(units.resolve(force), written=item.resolved.written))
        out.append((item, shift))
    return out
