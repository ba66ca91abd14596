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
   (:func:`groups_in_use`, gathered by the ingest from the register's, front matter's and sidecars'
   parsed ``access`` lists before any body is read: ``documents.groups_named``), each compared
   with a line's words in one normal form (:func:`normal_name`: width and case folded, every
   separator out, so 'Site Admins' names ``site_admins`` and 'QA Leads' ``qa-leads``; singular or
   plural). An opening line, or a run of its cells (a cell also from its last clause, ``Rev A,
   Access``), is a restriction when it names a group in use and every other word in it is
   restriction vocabulary (``RESTRICTION_VOCABULARY``: keys, words that restrict, words that join
   them; a bracketed note or a ``#`` comment judged with it and without it), with a key before the
   group's name or a restricting word anywhere: ``OWNERS ONLY``, ``Restricted to owners``,
   ``Visibility: Owners``, ``access: [owners]  # board only``, ``SOP-002 · Rev A · Access: owners``.
   A line naming a group among other words is text (``Access: Contractors sign in at gate 3``,
   ``Owners shall approve …``), with a warning where a key or restricting word is in it and the
   line is a dozen words at most (a project naming no group yet is warned of ``Access:
   restricted to owners``: :func:`_may_name_groups`).
   Whatever the project's groups (none yet, too), access written as front matter writes it is
   one as well (:func:`_front_matter_shaped`: lower-case group names, :func:`group_names`, or a
   flow list, a YAML comment after it or not). A line naming no group of the project is text
   (``Access: Roof``, ``| Access | Location | Size |``). A key or restricting word alone on its
   line (a definition list, an HTML cell a line, ``RESTRICTED TO:``) takes the next line's cells
   as its value. A line is parted at ``·``, ``•`` and ``;`` too, so a field in the middle of a
   one-line header is a cell of its own.
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
from typing import NamedTuple

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
    "RESTRICTION_VOCABULARY",
    "cells",
    "declaration",
    "folded_groups",
    "group_names",
    "groups_in_use",
    "invisible",
    "is_access_key",
    "normal_name",
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
    return list(_cells(line, spaced))


@functools.lru_cache(maxsize=8192)
def _cells(line: str, spaced: bool) -> tuple[str, ...]:
    """:func:`cells`, kept per line: every document of a set opens with the same few lines."""
    text = _plain(line)
    meta = _META.search(text)
    if meta is not None:
        content = _META_CONTENT.search(meta.group(0))
        return ("access", content.group(1) if content else "")
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
    return tuple(found)


@functools.lru_cache(maxsize=8192)
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


def declaration(found: list[str], groups: Iterable[str] = frozenset()) -> tuple[str, str] | None:
    """The ``(key, value)`` of the first access declaration among ``found`` cells (module
    docstring, 3.): a run of cells that is a restriction naming one of ``groups`` (the project's;
    compared in :func:`normal_name`'s form), as its first cell and the rest; or, whatever the
    project's groups, an access key followed by a cell written as front matter writes access
    (:func:`_front_matter_shaped`). None where there is none."""
    folded = _normal_groups(groups)
    if folded:
        said = _restriction(found, folded)
        if said is not None:
            return said
    for index, key in enumerate(found[:-1]):
        value = found[index + 1]
        if (is_access_key(key) or is_access_key(_last_clause(key))) and _front_matter_shaped(key, value):
            return key, value
    return None


def _normal_groups(groups: Iterable[str]) -> frozenset[str]:
    """``groups`` in :func:`normal_name`'s form (the form is its own normal form: a set already
    folded comes back the same)."""
    return _folded_set(frozenset(groups))


@functools.lru_cache(maxsize=64)
def _folded_set(groups: frozenset[str]) -> frozenset[str]:
    return folded_groups(groups)


_WORD = re.compile(r"\w[\w.\-]*")
_COMMENT = re.compile(r"\s#.*$")


_CLAUSE_END = re.compile(r"[,./]\s")


def _last_clause(cell: str) -> str:
    """What follows the last ``, ``, ``. `` or ``/ `` of a cell (``Rev A, Access``: ``Access``)."""
    return _CLAUSE_END.split(cell)[-1].strip(_QUOTES + _BRACKETS + " ")


#: The words a restriction is written with, besides the names of the project's groups: an opening
#: line (or a run of its cells) that names a group in use and says nothing but these is access
#: written as text (module docstring, 3.). One table, by what each word does in such a line:
#: ``key`` names the field that says who may read (``Visibility: Owners``), ``mark`` restricts
#: (``OWNERS ONLY``, ``Restricted to owners``); a restriction needs one of them (a key before the
#: first group name, or a mark anywhere), so a line naming a group and nothing else (a title
#: ``Maintenance``, ``Maintenance Access``) is text. ``fill`` words only join the others. Every other
#: word (``sign``, ``gate``, ``via``, ``roof``, ``shall``, a number) makes the line the document's
#: own text; with a key or mark in it, the line is kept with a warning.
RESTRICTION_VOCABULARY: dict[str, tuple[str, str]] = {
    # the metadata's own key and the names the metadata checks tell to write it so (ACCESS_KEYS)
    "access": ("key", "the metadata's key"),
    "acl": ("key", "an access control list, the name the metadata checks point to"),
    "readers": ("key", "who may read, the name the metadata checks point to"),
    "reader": ("key", "the same, singular"),
    "groups": ("key", "the access groups themselves (``Groups: Board``)"),
    # keys a document-control block gives the field (audit 23n A1)
    "visibility": ("key", "who may see the document"),
    "permission": ("key", "who is permitted to read"),
    "permissions": ("key", "the same, plural"),
    "classification": ("key", "a security classification naming the readers"),
    "audience": ("key", "who the document is for"),
    "distribution": ("key", "who the document is given to"),
    "circulation": ("key", "the same, in document control's word"),
    "clearance": ("key", "who is cleared to read"),
    "security": ("key", "a security field (``Security: Owners only``)"),
    "readable": ("key", "``Readable by: Owners``"),
    "accessible": ("key", "``Accessible to: Owners``"),
    # words that restrict
    "only": ("mark", "``OWNERS ONLY``"),
    "restricted": ("mark", "``Restricted to owners``"),
    "restriction": ("mark", "the same, as a noun"),
    "limited": ("mark", "``Limited to the board``"),
    "confidential": ("mark", "a marking that withholds the text"),
    "internal": ("mark", "the same (``Internal: owners``)"),
    "private": ("mark", "the same"),
    "strictly": ("mark", "``strictly owners``"),
    "exclusively": ("mark", "the same"),
    "solely": ("mark", "the same"),
    # words that join the others, saying nothing more
    "to": ("fill", "``restricted to``, ``accessible to``"),
    "for": ("fill", "``For the Board only``"),
    "by": ("fill", "``Readable by``"),
    "the": ("fill", "an article before a group (``the owners group``)"),
    "a": ("fill", "an article"),
    "is": ("fill", "``Access is restricted to …``"),
    "are": ("fill", "the same, plural"),
    "this": ("fill", "``this document``"),
    "document": ("fill", "``Access to this document …``, ``Document access``"),
    "group": ("fill", "``the owners group``"),
    "team": ("fill", "``the board team``"),
    "teams": ("fill", "the same, plural"),
    "members": ("fill", "``Board members only``"),
    "member": ("fill", "the same, singular"),
    "level": ("fill", "``Access level``"),
    "rights": ("fill", "``Access rights``"),
    "control": ("fill", "``Access control list``"),
    "list": ("fill", "the same"),
    "granted": ("fill", "``Access granted to``"),
    "use": ("fill", "``For internal use by owners``"),
    "who": ("fill", "``Who may read: Owners``, ``Who has access``"),
    "may": ("fill", "the same"),
    "can": ("fill", "the same"),
    "read": ("key", "``Who may read: Owners``, ``Read: owners``"),
    "has": ("fill", "the same"),
    "see": ("fill", "a pointer to where access is kept (``owners, see register``)"),
    "register": ("fill", "the same"),
    # list connectors (',', '/', '&' part no words: they are never words here)
    "and": ("fill", "a list connector (``owners and qa``)"),
    "or": ("fill", "the same (``owners or qa``)"),
}
#: A bracketed note or a YAML comment in a line (``owners (restricted)``, ``[owners]  # board``):
#: the line is judged with it and without it.
_NOTE = re.compile(r"\([^()]*\)|\{[^{}]*\}|(?:^|\s)#.*$")
_POSSESSIVE = re.compile(r"['\u2019]s\b")
_TOKEN = re.compile(r"[^\W_]+")
#: The most words one group name is written in (``O w n e r s`` is six).
_NAME_WORDS = 6


def normal_name(text: str) -> str:
    """A group name, or words that may write one, in the one form they are compared in (audit 23n
    A2): NFKC (width folded), casefolded, every separator taken out ('_', '-', '.', spaces and any
    other character that is no letter or digit), so 'Site Admins', 'Site-Admins', 'SiteAdmins' and
    'site_admins' are one name, and 'QA Leads' is 'qa-leads'."""
    return "".join(_TOKEN.findall(unicodedata.normalize("NFKC", text).casefold()))


def folded_groups(groups: Iterable[str]) -> frozenset[str]:
    """``groups`` as the rule compares them (:func:`normal_name`); a name of fewer than two
    letters or digits is left out (it would be every article 'a')."""
    return frozenset(name for name in map(normal_name, groups) if len(name) > 1)


def _is_group(run: str, groups: frozenset[str]) -> bool:
    """Whether the words ``run`` (normal form) write a group of ``groups``, singular or plural
    (``Owner`` for ``owners``)."""
    return run in groups or (len(run) > 2 and (run + "s" in groups or (run.endswith("s") and run[:-1] in groups)))


class _Reading(NamedTuple):
    """What the words of a text are, for the rule (module docstring, 3.)."""

    named: bool  # it names a group of the project
    marked: bool  # a restricting word ('only', 'restricted') anywhere
    keyed: bool  # a key before the first group name (or anywhere, where it names none)
    said: bool  # a key or restricting word anywhere
    other: bool  # a word outside the vocabulary


@functools.lru_cache(maxsize=16384)
def _reading(text: str, groups: frozenset[str]) -> _Reading:
    """What the words of ``text`` are (:class:`_Reading`), group names matched first (a run of up
    to ``_NAME_WORDS`` words in :func:`normal_name`'s form)."""
    tokens = _TOKEN.findall(_POSSESSIVE.sub("", unicodedata.normalize("NFKC", text).casefold()))
    named = marked = keyed = other = False
    index = 0
    while index < len(tokens):
        for size in range(min(_NAME_WORDS, len(tokens) - index), 0, -1):
            if _is_group("".join(tokens[index:index + size]), groups):
                named = True
                index += size
                break
        else:
            token = tokens[index]
            kind = RESTRICTION_VOCABULARY.get(token, ("key", "") if is_access_key(token) else ("", ""))[0]
            if kind == "mark":
                marked = True
            elif kind == "key":
                keyed = keyed or not named
            elif not kind:
                other = True
            index += 1
    said = marked or keyed or any(RESTRICTION_VOCABULARY.get(token, ("",))[0] == "key" or is_access_key(token)
                                  for token in tokens)
    return _Reading(named, marked, keyed, said, other)


def _cell_reading(cell: str, groups: frozenset[str]) -> _Reading:
    """:func:`_reading` of one cell, with its bracketed notes and comments or, where they hold a
    word outside the vocabulary, without them (``owners (see the plan)``)."""
    reading = _reading(cell, groups)
    return _reading(_NOTE.sub(" ", cell), groups) if reading.other else reading


#: The most words a line warned of as maybe access holds (``title_like``'s dozen): a longer line
#: is prose (a paragraph naming a team and its audience), neither refused nor warned of.
_WARNED_WORDS = 12


def _may_restrict(text: str, groups: frozenset[str]) -> bool:
    """Whether ``text``, a dozen words at most, names a group of ``groups`` beside a key or
    mark, other words with them: kept as text, and warned of (it may be access)."""
    if len(_TOKEN.findall(text)) > _WARNED_WORDS:
        return False
    reading = _reading(text, groups)
    return reading.named and reading.said


def _restriction(found: list[str], groups: frozenset[str]) -> tuple[str, str] | None:
    """The first run of ``found`` cells that is a restriction (module docstring, 3.), as (its first
    cell, the rest), the first cell also read from its last clause (``Rev A, Access``): a run names
    a group of ``groups``, has a key before the first group name or a restricting word, and no
    word outside the vocabulary."""
    readings = [_cell_reading(cell, groups) for cell in found]
    if not any(reading[0] for reading in readings):
        return None  # names no group: the common line, judged at once
    for start in range(len(found)):
        for first in dict.fromkeys((found[start], _last_clause(found[start]))):
            if not first:
                continue
            named = restricts = False
            for end, reading in enumerate([_cell_reading(first, groups), *readings[start + 1:]], start + 1):
                if reading.other:
                    break
                restricts = restricts or reading.marked or (reading.keyed and not named)
                named = named or reading.named
                if named and restricts:
                    return first, " | ".join(found[start + 1:end])
    return None


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
            if self._carries(found):
                self._key = " ".join(found)
            elif self.groups and _may_restrict(" | ".join(found if key is None else [key, *found]), self.groups):
                self.notes.append(InputError(
                    f"{echoed(visible(line))}{where} names an access group of the project beside an access word, "
                    "with other words: read as the document's text, but it may be access: declare it in the front "
                    "matter, the sidecar or the register",
                    file=self.file, line=line_no, field="access",
                    hint="if it says who may read the document, write that in the front matter, the sidecar or the "
                         "register (and take the line out of the text); if it is the document's own text, keep it"))
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

    def _carries(self, found: list[str]) -> bool:
        """Whether a line is a key alone (``## Access``) or, in a project naming groups, only
        restriction words with a key or restricting word and no group (``RESTRICTED TO:``): the
        next line's cells are its value."""
        if len(found) == 1 and is_access_key(found[0]):
            return True
        if not self.groups:
            return False
        reading = _reading(" | ".join(found), self.groups)
        return reading.said and not reading.named and not reading.other


def title_like(line: str) -> bool:
    """Whether an opening line is a title (no sentence end, a dozen words at most), which does
    not end the opening as body text does."""
    shown = visible(line).rstrip(_MARKUP)
    return bool(shown) and shown[-1] not in ".;:!?" and len(shown.split()) <= 12
