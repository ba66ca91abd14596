"""What a document's opening may not say: the one rule, for every format a reader turns into a
text layer (Markdown, Word, PDF), that access written as text is an error, never body text.

A document's access is metadata: the front matter on line 1 (Markdown), the sidecar (PDF, Word,
CSV) or the register. A line of the opening (the text before the first numbered provision) that
reads as an access declaration was meant as that metadata; read as text it would be lost and the
document read public. So ``parse_outline`` refuses it at its line (a Word file's paragraph), and
only there: inside a numbered provision "Access panels: ..." is a specification's own text. A
table in the opening (a document-control block, Markdown's or a Word table rendered as one) is
judged row by row: a row whose first cell is ``access`` reads as the declaration itself, and a
column headed ``access`` is judged as ``access: <cell>`` for each row. A Word file's page
headers and footers, no part of its text, are judged line by line by the same rule.

Past the opening one shape is still refused: an access declaration right under a line of dashes
(``FENCE_SHAPED``), front matter written after the text, where it is no front matter.

The invisible characters trimmed from a line before it is judged (``visible``) are the same ones
the Markdown front-matter checks trim, so the two rules see one line the same way.
"""

from __future__ import annotations

import re
import unicodedata

from inforce.ontology import InputError
from inforce.ontology.scalars import draws_nothing
from inforce.ontology.text import echoed

__all__ = ["FENCE_SHAPED", "access_declaration", "invisible", "visible"]

#: Dashes a word processor or keyboard may type for '-' (hyphens, figure/en/em dashes, minus signs,
#: small and fullwidth hyphen-minus), and what a line of them or of '+' (TOML's fence) reads as: a
#: front-matter fence, meant or misplaced.
_DASHES = "\\-\u2010-\u2015\u2212\uFF0D\uFE58\uFE63\u2E3A\u2E3B"
FENCE_SHAPED = re.compile(rf"[{_DASHES}]{{3,}}|\+{{3,}}")

#: ``access`` (any case, optionally quoted) then ':' or '=' (fullwidth too), after what may open
#: it in YAML, TOML, JSON, a comment, a heading, a list item or emphasis; or then '|': a table
#: row whose first cell is the key (``| Access | owners |``, a Word table's row rendered so,
#: with or without its ``|---|`` line); or an HTML meta tag named access. Matched against the
#: line with its invisible characters and spaces taken out.
_ACCESS_DECLARATION = re.compile(
    r"""(?:<!--|[{\[(#*_>\-+|])*["'`]?access["'`]?\*{0,2}[:=|\uff1a\uff1d]"""
    r"""|<meta.*name=["']?access(?:["'/>]|content=)""",
    re.IGNORECASE,
)
_HINT = ("write it there (and take the line out of the text), or reword the line if it is the "
         "document's own text")


def invisible(char: str) -> bool:
    """Whether ``char`` shows nothing on its own: what ``draws_nothing`` says (the one table of
    invisible characters), a space of any kind, a combining mark alone, the braille blank."""
    return draws_nothing(char) or unicodedata.category(char) in ("Zs", "Mn") or char == "\u2800"


def visible(line: str) -> str:
    """``line`` without the blank and invisible characters around it."""
    start, end = 0, len(line)
    while start < end and invisible(line[start]):
        start += 1
    while end > start and invisible(line[end - 1]):
        end -= 1
    return line[start:end]


def access_declaration(line: str, *, file: str, line_no: int | None, where: str = "") -> InputError | None:
    """The error for an opening line that reads as an access declaration; None for any other.

    ``where`` is added to the message after the line (a PDF's page, a table's row, a Word
    file's page header); ``line_no`` None where the line has no line of the file. The message names no
    "line N" of its own: a Word file's errors have each such mention moved to its paragraph."""
    squeezed = "".join(char for char in line if not invisible(char) and not char.isspace())
    if not _ACCESS_DECLARATION.match(unicodedata.normalize("NFKC", squeezed)):
        return None
    return InputError(
        f"{echoed(visible(line))}{where} reads as access metadata: a document's access is written in its "
        "front matter from the very first line (Markdown), its sidecar or the register, never in its text",
        file=file, line=line_no, field="access", hint=_HINT)
