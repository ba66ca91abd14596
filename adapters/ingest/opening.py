"""What a document's opening may not say: the one rule, for every format a reader turns into a
text layer (Markdown, Word and its page headers and footers, PDF, lag's read of a file's first
bytes), that access written as text is an error, never body text.

A document's access is metadata: the front matter on line 1 (Markdown), the sidecar (PDF, Word,
CSV) or the register. Access written in the document's opening was meant as that metadata; read
as text it would be lost and the document read public. The rule is one normalising function
applied to every opening line, whatever its shape, rather than a list of shapes:

1. **The opening** (``parse_outline`` keeps it) is the text before the first numbered provision,
   and past it, while no provision has had text of its own: a title line, a CSI
   ``SECTION 03 30 00 - CONCRETE``, ``PART 1 - GENERAL``, an article heading with no text and a
   short line with no sentence end do not end it; a line of body text (a sentence) or a
   paragraph (``A. The …``) does. Past the first numbered provision it reaches no further than
   ``OPENING_LINES`` lines and ``OPENING_CHARACTERS`` characters into the text.
2. **Cells** (:func:`cells`): a line is rendered to cells the same way for every format: split
   at ``|``, tabs, HTML cell and block tags (``<td>``, ``<th>``, ``<div>``, ``<p>``, ``<br>``…),
   a comment's ``<!--``/``-->``, the first ``:``, ``=`` or ``->`` of a cell and (``spaced``: a PDF's
   layout) runs of two spaces or more; markup is taken out (emphasis, headings, quotes, bullets,
   link brackets, backslash escapes, HTML entities) and leading cells that are only a row number
   or a bullet are dropped. A Word table is rendered a pipe row, its nested tables' cells parted
   by tabs; a PDF table's rows come as cells from its table reader.
3. **A declaration** (:func:`declaration`) is decided by **the groups the project uses**
   (:func:`groups_in_use`, gathered by the ingest from the register, front matter and sidecars
   before any body is read: ``documents.groups_named``): an access key (``ACCESS_KEYS``, in any
   case, width or markup; or a short cell holding one, ``Access level``, ``Rev A, Access``,
   ``Classification Access``) followed by text naming one of those groups as a whole word, in any
   dress (``access: [owners]  # board only``, ``Access: restricted to owners``, ``owners/qa``).
   Whatever the project's groups (none yet, too), access written as front matter writes it is
   one as well (:func:`_front_matter_shaped`: lower-case group names, :func:`group_names`, or a
   flow list, a YAML comment after it or not). A key followed by words naming no group of the
   project is text (``Access: Roof``, ``| Access | Location | Size |``, ``Access: the
   contractor shall …``). A key alone on its line (a definition list, an HTML cell a line) takes
   the next line's cells as its value. A line is parted at ``·``, ``•`` and ``;`` too, so a field
   in the middle of a one-line header is a cell of its own.
4. Every reader applies :class:`Opening` to its opening lines; a table in the text before the
   first provision is also judged by column (a column headed ``access`` is ``access: <cell>``).

Past the opening one shape is still refused: an access declaration right under a line of dashes
(``FENCE_SHAPED``), front matter written after the text, where it is no front matter.

The invisible characters trimmed from a line before it is judged (``visible``) are the same ones
the Markdown front-matter checks trim, so the two rules see one line the same way.
"""

from __future__ import annotations

import functools
import html
import re
import unicodedata
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from inforce.ontology import InputError
from inforce.ontology.scalars import draws_nothing, group_name
from inforce.ontology.text import echoed

from .yamlnodes import misspelt_key

__all__ = [
    "ACCESS_KEYS",
    "FENCE_SHAPED",
    "OPENING_CHARACTERS",
    "OPENING_LINES",
    "Opening",
    "cells",
    "declaration",
    "group_names",
    "groups_in_use",
    "invisible",
    "is_access_key",
    "title_like",
    "visible",
]

#: How far past the first numbered provision the opening may reach (lines of the text layer,
#: characters of it), while no provision has had text of its own.
OPENING_LINES = 64
OPENING_CHARACTERS = 8 * 1024
#: The keys a declaration is made with: the metadata's own ``access`` and the names the metadata
#: checks tell to write it so (``readers``, ``acl``, ``groups``); compared as ``misspelt_key``
#: compares keys (case, width, markup set aside; ``access`` also one letter off).
ACCESS_KEYS = ("access", "access groups", "groups", "acl", "readers", "reader")
_NEAR_KEYS = frozenset({"access", "access groups"})
#: The most group names a declaration lists.
_MOST_NAMES = 8

#: Dashes a word processor or keyboard may type for '-' (hyphens, figure/en/em dashes, minus signs,
#: small and fullwidth hyphen-minus), and what a line of them or of '+' (TOML's fence) reads as: a
#: front-matter fence, meant or misplaced.
_DASHES = "\\-\u2010-\u2015\u2212\uFF0D\uFE58\uFE63\u2E3A\u2E3B"
FENCE_SHAPED = re.compile(rf"[{_DASHES}]{{3,}}|\+{{3,}}")

_META = re.compile(r"<meta\b[^>]*\bname\s*=\s*[\"']?access\b[^>]*>", re.IGNORECASE)
_META_CONTENT = re.compile(r"\bcontent\s*=\s*[\"']?([^\"'>]*)", re.IGNORECASE)
#: Tags that part nothing (inline markup): taken out; every other tag parts cells.
_INLINE_TAGS = frozenset({"a", "b", "i", "u", "em", "strong", "span", "code", "kbd", "samp", "small",
                          "mark", "sup", "sub", "font", "abbr", "s", "del", "ins", "tt", "var"})
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)\b[^<>]*>|<!--|-->")
_LINK = re.compile(r"!?\[([^\[\]]*)\]\([^()]*\)")
_ESCAPE = re.compile(r"\\(.)")
_PARTS = re.compile(r"[|\t;\u00b7\u2022]| [-\u2013\u2014] ")
_SPACED = re.compile(r" {2,}")
_KEY_END = re.compile(r"->|[:=\u2192]")
#: Markup around a cell: emphasis, code, headings, quotes, bullets, list and fence marks.
_MARKUP = " *_`#>~-+•·◦▪‣●○■□"
#: A cell that is only a row number or a bullet (``1``, ``2.``, ``(a)``, ``iv)``).
_ROW_NUMBER = re.compile(r"\(?(?:\d{1,4}|[A-Za-z]|[ivx]{1,4}|[IVX]{1,4})[.)]?")
#: A list item's number or letter before a cell's words (``1. Access``, ``(a) Access``).
_LIST_MARK = re.compile(r"^\(?(?:\d{1,3}|[A-Za-z]|[ivx]{1,4}|[IVX]{1,4})[.)]\s+")
_NAME = re.compile(r"\w[\w.\-]*")
_NAME_PARTS = re.compile(r"[,;&\s]+")
#: Words between or after group names that say nothing more (``owners and qa``, ``owners only``).
_FILLERS = frozenset({"and", "only"})
_OPEN_CLOSE = "[({"
_BRACKETS = "[](){}"
_QUOTES = "\"'`“”‘’«»"
#: Words that make a value a phrase of the document's own and no list of groups: function words
#: and the things access is commonly given to in a specification (``Access: doors and panels``).
_PHRASE_WORDS = frozenset("""
a an the or nor but of to for by with from in into on onto at as via per than then not no
only all any each every either both is are was were be been being shall will must may should
can could would do does this that these those it its their his her our your who which what
when where how see refer according under over through upon between without within during
door doors panel panels hatch hatches floor floors flooring road roads ladder ladders way ways
opening openings point points stair stairs corridor corridors card cards reader key keys keypad
badge badges fob fobs code codes pin lock locks locked public open free none unrestricted everyone
anyone staff visitors
""".split())
_HINT = ("write it there (and take the line out of the text), or reword the line if it is the "
         "document's own text")


@functools.lru_cache(maxsize=4096)
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


def _plain(line: str) -> str:
    """``line`` NFKC-normalised (fullwidth ``：`` is ``:``), every space a plain one, the
    characters that draw nothing taken out (a tab kept: it parts cells)."""
    kept = []
    for char in unicodedata.normalize("NFKC", line):
        if char == "\t":
            kept.append(char)
        elif unicodedata.category(char) == "Zs" or char == "\u2800":
            kept.append(" ")
        elif not invisible(char):
            kept.append(char)
    return "".join(kept)


def _tag(match: re.Match[str]) -> str:
    name = match.group(2)
    if name is not None and not match.group(1) and name.lower() in ACCESS_KEYS:
        return "|access|"  # an element named for the key (``<access>owners</access>``)
    return "" if name is not None and name.lower() in _INLINE_TAGS else "|"


def _clean(cell: str) -> str:
    return _LIST_MARK.sub("", cell.strip(_MARKUP + "\t")).strip(_MARKUP)


def cells(line: str, *, spaced: bool = False) -> list[str]:
    """The cells ``line`` renders to (module docstring, 2.), blank ones left out; ``spaced``
    (a PDF's text layer) also parts at runs of two spaces or more."""
    text = _plain(line)
    meta = _META.search(text)
    if meta is not None:
        content = _META_CONTENT.search(meta.group(0))
        return ["access", content.group(1) if content else ""]
    text = html.unescape(_TAG.sub(_tag, text))
    text = _ESCAPE.sub(r"\1", _LINK.sub(r"\1", text))
    found: list[str] = []
    for part in _PARTS.split(text):
        for piece in _SPACED.split(part) if spaced else (part,):
            key_end = _KEY_END.search(piece)
            halves = (piece[: key_end.start()], piece[key_end.end():]) if key_end else (piece,)
            found += [cell for cell in map(_clean, halves) if cell]
    while len(found) > 1 and _ROW_NUMBER.fullmatch(found[0]):
        found.pop(0)
    return found


def is_access_key(cell: str) -> bool:
    """Whether ``cell`` is an access key (``ACCESS_KEYS``, module docstring)."""
    key = cell.strip(_QUOTES + _BRACKETS)
    if not key or len(key) > 20:
        return False
    meant = misspelt_key(key, ACCESS_KEYS)
    return meant is not None and (meant in _NEAR_KEYS or _folded(key) == _folded(meant))


def _folded(text: str) -> str:
    return "".join(char for char in unicodedata.normalize("NFKC", text).casefold() if char.isalnum())


def group_names(value: str) -> tuple[str, ...] | None:
    """The group names ``value`` lists (module docstring, 3.), or None where it reads as no such
    list (a sentence, a phrase, a number, more than eight words). ``[]`` lists none: ``()``."""
    text = value.strip()
    bracketed = bool(text) and text[0] in _OPEN_CLOSE
    text = text.strip(_BRACKETS + _QUOTES + " ,")
    if not text:
        return () if bracketed else None
    names = [part.strip(_QUOTES) for part in _NAME_PARTS.split(text) if part.strip(_QUOTES)]
    names = [name for name in names if name.casefold() not in _FILLERS] if len(names) > 1 else names
    if not names or len(names) > _MOST_NAMES:
        return None
    for name in names:
        if (not _NAME.fullmatch(name) or name.casefold() in _PHRASE_WORDS
                or not any(char.isalpha() for char in name)):
            return None
        try:
            group_name(name)
        except ValueError:
            return None
    return tuple(names)


def declaration(found: list[str], groups: frozenset[str] = frozenset()) -> tuple[str, str] | None:
    """The ``(key, value)`` of the first access declaration among ``found`` cells (module
    docstring, 3.): an access key (a cell, or the last word of one: ``Rev A, Access``,
    ``Classification Access``) followed by cells that name a group of ``groups`` (the project's,
    casefolded) as a whole word, in any dress; or, whatever the project's groups, an ``access``
    cell written as front matter writes it (:func:`_front_matter_shaped`). None where there is none."""
    for index, key in enumerate(found[:-1]):
        value = found[index + 1]
        exact = is_access_key(key) or is_access_key(_last_clause(key))
        if not (exact or _key_among_words(key)):
            continue
        if groups and _names_group(" ".join(found[index + 1:]), groups):
            return key, value
        if exact and _front_matter_shaped(key, value):
            return key, value
    return None


_WORD = re.compile(r"\w[\w.\-]*")
_COMMENT = re.compile(r"\s#.*$")


_CLAUSE_END = re.compile(r"[,./]\s")
_KEY_WORDS = 4


def _last_clause(cell: str) -> str:
    """What follows the last ``, ``, ``. `` or ``/ `` of a cell (``Rev A, Access``: ``Access``)."""
    return _CLAUSE_END.split(cell)[-1].strip(_QUOTES + _BRACKETS + " ")


def _key_among_words(cell: str) -> bool:
    """Whether a short cell holds an access key among its words (``Access level``, ``Access
    rights``, ``Classification Access``): a key enough where the value names a project's group."""
    words = re.findall(r"[^\W_]+", cell)
    return 0 < len(words) <= _KEY_WORDS and any(is_access_key(word) for word in words)


def _names_group(value: str, groups: frozenset[str]) -> bool:
    """Whether ``value`` names one of ``groups`` as a whole word (``owners`` in ``[owners]``,
    ``restricted to owners``, ``owners/qa``; not in ``owner`` or ``co-owners``)."""
    for word in _WORD.findall(unicodedata.normalize("NFKC", value)):
        word = word.rstrip(".-").casefold()
        if word in groups or any(part in groups for part in word.split(".")):
            return True
    return False


def _front_matter_shaped(key: str, value: str) -> bool:
    """Whether ``key: value`` reads as access written as front matter writes it, which is an
    error in any project (one naming no group yet too): a list of group names in lower case
    (``access: owners``, ``Access: owners, qa``) or as a YAML flow list (``access: [Owners]``), a
    YAML comment after it or not. ``Access: Roof``, ``Access: Scaffold`` or ``Access: Internal
    use only`` is no such line: text, unless it names a group the project uses."""
    value = _COMMENT.sub("", value).strip()
    names = group_names(value)
    if names is None:
        return False
    return value[:1] in _OPEN_CLOSE or all(name == name.lower() for name in names)


#: The most words a value is read as possibly naming groups (a longer one is a sentence).
_NOTED_WORDS = 6


def _may_name_groups(found: list[str]) -> bool:
    """Whether an access key among ``found`` is followed by a short value holding a lower-case
    word that could be a group's name (``restricted to owners``, ``owners/qa``): what a project
    naming no group yet is warned of (no error: its groups are not known)."""
    for index, key in enumerate(found[:-1]):
        if not is_access_key(key):
            continue
        value = _COMMENT.sub("", " ".join(found[index + 1:])).strip()
        words = _WORD.findall(value)
        if not words or len(words) > _NOTED_WORDS or value.endswith((".", "!", "?")):
            continue
        if any(word == word.lower() and word[0].isalpha() and len(word) > 1 and word not in _PHRASE_WORDS
               for word in (word.rstrip(".-") for word in words)):
            return True
    return False


#: The access groups the project uses (casefolded), as the ingest of a project gathered them
#: (register, front matter, sidecars) before reading documents' bodies: the one rule decides by
#: them. Empty outside an ingest (a file parsed alone): only front-matter-shaped lines are refused.
_GROUPS: ContextVar[frozenset[str]] = ContextVar("inforce_opening_groups", default=frozenset())


def folded_groups(groups: Iterable[str]) -> frozenset[str]:
    """``groups`` as the rule compares them: NFKC, casefolded."""
    return frozenset(unicodedata.normalize("NFKC", name).casefold() for name in groups if name)


@contextmanager
def groups_in_use(groups: Iterable[str]) -> Iterator[None]:
    """While held, every :class:`Opening` made in this context decides by ``groups``."""
    token = _GROUPS.set(folded_groups(groups))
    try:
        yield
    finally:
        _GROUPS.reset(token)


class Opening:
    """Judges the lines of one document's opening, in order, by the one rule (module
    docstring): ``judge`` gives the error for a line that declares access, else None. A key
    alone on its line is remembered and takes the next line's cells as its value."""

    def __init__(self, file: str, *, spaced: bool = False, groups: Iterable[str] | None = None) -> None:
        self.file = file
        self.spaced = spaced
        self.groups = _GROUPS.get() if groups is None else folded_groups(groups)
        #: Warnings: lines kept as text that may be access, in a project naming no group yet.
        self.notes: list[InputError] = []
        self._key: str | None = None

    def judge(self, line: str, *, line_no: int | None, where: str = "",
              found: list[str] | None = None) -> InputError | None:
        """The error for ``line`` (its ``cells`` unless ``found`` gives them) when it declares
        access; ``where`` is added to the message after the line (a PDF's page, a table's row,
        a Word file's page header); ``line_no`` None where the line has no line of the file."""
        found = cells(line, spaced=self.spaced) if found is None else found
        if not found:
            return None
        key, self._key = self._key, None
        said = declaration(found, self.groups) or (
            declaration([key, *found], self.groups) if key is not None else None)
        if said is None:
            if len(found) == 1 and is_access_key(found[0]):
                self._key = found[0]
            elif not self.groups and _may_name_groups(found):
                self.notes.append(InputError(
                    f"{echoed(visible(line))}{where} may be access written as text: the project names no "
                    "access group yet, so it is read as the document's text",
                    file=self.file, line=line_no, field="access",
                    hint="if it says who may read the document, write it in the front matter, the sidecar or "
                         "the register (and take the line out of the text)"))
            return None
        return InputError(
            f"{echoed(visible(line))}{where} reads as access metadata: a document's access is written in "
            "its front matter from the very first line (Markdown), its sidecar or the register, never "
            "in its text",
            file=self.file, line=line_no, field="access", hint=_HINT)


def title_like(line: str) -> bool:
    """Whether an opening line is a title (no sentence end, a dozen words at most), which does
    not end the opening as body text does."""
    shown = visible(line).rstrip(_MARKUP)
    return bool(shown) and shown[-1] not in ".;:!?" and len(shown.split()) <= 12
