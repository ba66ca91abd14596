"""A provision's own label is no figure: the number the outline read it by is blanked before reading.

A section's words open with its label as written (``4.3``, ``2.1.A``, ``A.``, ``(a)``,
``Article 5``, ``PART 2``, ``1.04``), and a label before a unit word reads as a measure:
``4.3 Days of grace are allowed ...`` would state a grace period of 4.3 days, and a heading
``6.1 Years of Service`` a service of 6.1 years. The outline has already decided those digits
number the provision (``Section.number``), so they are never a quantity of it: every reading
of a provision's words for its figures (at ingest, ``facts.read_quantities`` and its list
headings; in ``check``, the cited words) first blanks the labels it holds with
:func:`unlabelled`. A figure that opens a sentence and is no label stays one (``4 days are
allowed`` in a provision labelled ``1.2`` is read as 4 days).

A list item's marker (``A.``, ``1.``, ``(a)``, ``1)``, ``4.3.``) is left as written: the reader
reads it as the marker it is, never as a figure, and it is what tells the reader the words
after it are an item's (``A. PILE CAPS 5000 PSI`` under ``CONCRETE - DESIGN STRENGTH AT 28
DAYS:`` states the strength of pile caps: ``conditions.element_of``). Blanking turns the
label's characters into spaces, so every span read in the result is the same span in the
words as written.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from .conditions import is_item_marker

__all__ = ["unlabelled"]

#: What may stand before a label on its line: indentation and the markup a heading is
#: written with (``## 4.3 Days of Grace``, ``**4.4 Hours of Work**``, ``> 2.1``).
_BEFORE = r"(?:^|(?<=\n))[ \t#*_>|`~]*"
#: What may not follow a label: more of a word or of a number (``4.3`` is not the label of
#: ``4.31`` nor of ``4.3.1``).
_AFTER = r"(?![\w]|[.,]\d)"


def unlabelled(text: str, labels: Iterable[str | None]) -> str:
    """``text`` with each of ``labels`` blanked where it opens a line, in order: the provision's
    own label (the number the outline read, as written), then its subsections' in document
    order, each looked for after the one before; a list item's marker is left as written. A label not found (a consolidated text that
    no longer holds the subsection) is passed over; every character of one found becomes a
    space, so the text keeps its length and its offsets."""
    at = 0
    cut: list[tuple[int, int]] = []
    for label in labels:
        pattern = _label_pattern((label or "").strip())
        if pattern is None:
            continue  # none, or a list item's marker: read as one, and no figure
        found = pattern.search(text, at)
        if found is None:
            continue
        cut.append(found.span(1))
        at = found.end(1)
    if not cut:
        return text
    pieces: list[str] = []
    last = 0
    for start, end in cut:
        pieces += [text[last:start], " " * (end - start)]
        last = end
    pieces.append(text[last:])
    return "".join(pieces)


@functools.lru_cache(maxsize=4096)
def _label_pattern(label: str) -> re.Pattern[str] | None:
    """The pattern finding ``label`` where it opens a line; None for no label or a list item's
    marker. Made once per label: every provision of every document is blanked (its words and
    its list headings' at ingest), a corpus's labels repeat (``1.1.A`` in each specification),
    and ``re``'s own cache (512 patterns, shared with the pack's wordings) does not keep them:
    compiling them again was a sixtieth of a 5,000-specification ingest."""
    if not label or is_item_marker(label):
        return None
    return re.compile(_BEFORE + "(" + re.escape(label) + ")" + _AFTER)
