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
   at ``|`` and every other character a reader sees as a column rule (:func:`column_rule`, decided
   from Unicode's names: ``¦ │ ┃ ║ ┆ ‖ ❘ ∣``, every box-drawing piece), tabs, HTML cell and block
   tags (``<td>``, ``<th>``, ``<div>``, ``<p>``, ``<br>``…), a comment's ``<!--``/``-->``, the
   first ``:``, ``=`` or ``->`` of a cell and (``spaced``: a PDF's layout) runs of two spaces or
   more; markup is taken out (emphasis, headings, quotes, bullets,
   link brackets, backslash escapes, HTML entities) and leading cells that are only a row number
   or a bullet are dropped. A Word table is rendered a pipe row, its nested tables' cells parted
   by tabs; a PDF table's rows come as cells from its table reader.
3. **A declaration** (:func:`declaration`) is decided by **the groups the project uses**
   (:func:`groups_in_use`, gathered by the ingest from the register's, front matter's and sidecars'
   parsed ``access`` lists before any body is read: ``documents.groups_named``), each compared
   with a line's words in one normal form (:func:`normal_name`: width and case folded, every
   separator out, so 'Site Admins' names ``site_admins`` and 'QA Leads' ``qa-leads``; singular or
   plural; ``&`` between letters kept, so ``Q&A`` is no ``qa``; a group named by a function word,
   ``FUNCTION_WORDS``, only in capitals or as a cell of its own: ``IT ONLY``, never ``It is …``;
   in a run that restricts, a word sharing a group's stem, :func:`_stem_named`, names it too:
   ``ТОЛЬКО ДЛЯ ВЛАДЕЛЬЦЕВ`` names ``владельцы``, audit 92 A F1).
   The test fails safe (audit 23o A3): **a run of an opening line that names a group in use beside
   a restricting word** (``RESTRICTION_VOCABULARY``, ``MARK_PHRASES``: keys such as ``access``,
   ``visibility``, ``audience``, ``read``, marks such as ``only``, ``restricted``, ``confidential``,
   phrases such as ``not public``, ``can see``) **is a restriction, whatever other words stand
   round them**: ``OWNERS ONLY``, ``CONFIDENTIAL: OWNERS ONLY. DO NOT COPY.``, ``Owners may read
   this document``, ``Sensitivity: Owners``, a long sentence restricting the document to owners.
   A run (:func:`_runs`) is a sentence across the line's cells, and a sentence of three words or
   fewer read with its neighbours too (``CONFIDENTIAL. OWNERS.``). A word the tables lack costs an
   edit of a line, never a public document. One closed exception: ``access`` alone beside a route
   word (``ROUTE_WORDS``: ``Access: Contractors sign in at gate 3``) is physical access, text
   with a warning (a dozen words at most). In a document that declares access
   (:func:`document_access`, :func:`declare_access`: the readers tell the rule what its metadata
   gives), a run naming only groups it declares agrees with it and is text; one naming another
   group is a restriction. A group named with no restricting word is text (``Owners shall approve
   …``), and so is a line naming no group (a project naming no group yet is warned of ``Access:
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
   A table read apart from the lines (a PDF's table reader, a CSV schedule, which is one table
   and no numbered provision, so all of it is its opening) is judged row by row by
   :func:`table_errors`. A text each of whose lines stands in a provision of its own (a drawing's
   callouts) is judged by :func:`judge_lines`: its opening is its first lines up to the first
   that is body text (rule 1: a provision with text of its own ends it).
5. **The marking places** of a document that declares nothing of its access (no ``access``, not
   ``public: true``; :func:`declare_access`), in a project using groups: its metadata ``title``
   (judged as the opening's first line, :func:`judge_title`), its opening, its last
   ``CLOSING_LINES`` lines of text (``outline``; a table or code block there stops them) and a
   Word file's page headers and footers. A line there naming a group of the project is an error
   at its line (:func:`marking_names`: the group as the project writes it, not another number or a
   possessive, so ``OWNER:`` does not name ``owners``), whatever its words and however many: a restricting word
   the tables lack (``TLP:RED``, ``REL TO``, ``alone``) or words padding a marking out to a
   sentence (``Do not pass this document to anyone outside the owners group``) cost a public
   document otherwise. A word sharing a group's stem (:func:`_stem_named`) names it there too, with no
   word beside it, in a run of ``_ALONE_WORDS`` words at most (:func:`_derived` bounds it: audit 94 A F1,
   ``TIK SAVININKAMS`` in a language whose words no table holds). The rule is by place, not by words,
   so it holds its bound: the opening is
   the title lines and the first line of body text at most (rule 1), the closing lines two. A
   document that only mentions a group there is declared public (``public: true`` in its front
   matter, sidecar or register row) and its lines are then read as text (rule 3 still refuses a
   restriction written there, where marking-shaped: :func:`_shape`, audit 97 A F2). A short run
   (``_SHORT_RUN`` words) whose restricting word stands as a marking's is refused there though it names
   no group the project writes (:func:`_unnamed_marking`, audit 97 A F1: ``CONFIDENTIAL — MGMT ONLY``).
6. Letter-spaced words are joined before any line is judged (:func:`_letters_joined`, audit 97 A F3),
   and a line that restricts ending in a joining word or sign is judged with the next line
   (``Opening._continues``, audit 97 A F4: ``RESTRICTED TO MANAGERS AND`` / ``OWNERS``).

Past the opening one shape is still refused: an access declaration right under a line of dashes
(``FENCE_SHAPED``), front matter written after the text, where it is no front matter.

The invisible characters trimmed from a line before it is judged (``visible``) are the same ones
the Markdown front-matter checks trim, so the two rules see one line the same way.
"""

from __future__ import annotations

import bisect
import functools
import html
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import NamedTuple

from inforce.ontology import InputError, TableRow
from inforce.ontology.scalars import draws_nothing, group_name
from inforce.ontology.text import echoed

from .yamlnodes import misspelt_key

__all__ = [
    "ACCESS_KEYS",
    "CLOSING_LINES",
    "FENCE_SHAPED",
    "OPENING_CHARACTERS",
    "OPENING_LINES",
    "Opening",
    "RESTRICTION_VOCABULARY",
    "cells",
    "column_rule",
    "declaration",
    "declare_access",
    "document_access",
    "folded_groups",
    "group_names",
    "groups_in_use",
    "invisible",
    "is_access_key",
    "judge_lines",
    "judge_title",
    "marking_names",
    "normal_name",
    "table_errors",
    "title_errors",
    "title_like",
    "visible",
]

#: How far past the first numbered provision the opening may reach (lines of the text layer,
#: characters of it), while no provision has had text of its own.
OPENING_LINES = 64
OPENING_CHARACTERS = 8 * 1024
#: The lines at a text's end judged as the opening is (a footer's marking, module docstring 5.):
#: non-blank lines, past the opening.
CLOSING_LINES = 2
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
#: A cell opening with an outline number and words ("1 GENERAL", "2.1 Pumps"): a heading or a clause of the
#: document, never the words a marking on the line above goes on with.
_NUMBERED_OPENING = re.compile(r"\d{1,3}(?:\.\d{1,3})*[.)]?\s+\S")
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


#: The words of a character's Unicode name that say it is drawn as a column rule (module docstring, 2.): a vertical
#: line or bar of any weight or form (``|``, ``¦``, ``‖``, ``❘``, ``⏐``, ``⎸``, the vertical presentation forms of a
#: dash ``︱``), and every piece of the box-drawing sets (``│ ┃ ║ ┆ ┊ ├ ┼ ─``, U+2500–U+257F and the legacy
#: computing block's), which a text table drawn by tabulate, psql or a PDF's or Word file's text export is made of.
_RULE_NAMES = ("VERTICAL LINE", "VERTICAL BAR", "VERTICAL BOX LINE", "BOX DRAWINGS", "BROKEN BAR",
               "LEFT ONE EIGHTH BLOCK", "RIGHT ONE EIGHTH BLOCK", "VERTICAL ONE EIGHTH BLOCK", "VERTICAL EM DASH",
               "VERTICAL EN DASH", "LIGHT VERTICAL")
#: The characters drawn as a vertical line whose names say nothing of it, which a converted or retyped table writes
#: for ``|``: the dental click ``ǀ``, Hebrew paseq ``׀``, ``∣`` (divides), ``∥`` (parallel to), the Kangxi radical
#: ``⼁``.
_RULE_LOOKALIKES = frozenset("\u01c0\u05c0\u2223\u2225\u2f01")


@functools.lru_cache(maxsize=4096)
def column_rule(char: str) -> bool:
    """Whether a reader sees ``char`` as a column rule, so that it parts a line into cells as ``|`` does (module
    docstring, 2.; audit 102 A F1: ``│ SPEC-01 │ MGMT ONLY │ 0 │`` was one cell, its marking never judged alone):
    its Unicode name says it is a vertical line or bar or a box-drawing piece (``_RULE_NAMES``), it is a look-alike
    whose name does not (``_RULE_LOOKALIKES``), or its compatibility form (NFKC) is one (``｜``, halfwidth ``￨``,
    fullwidth ``￤``). The one judgement of it: every reader's lines, tables' rows and metadata titles are parted
    by it (:func:`cells`). A character that draws nothing (:func:`invisible`'s table, ``draws_nothing``: the tag
    character named ``TAG VERTICAL LINE``) is none: it is taken out, as every such character is."""
    if char.isascii():
        return char == "|"
    if draws_nothing(char):
        return False
    if char in _RULE_LOOKALIKES:
        return True
    name = unicodedata.name(char, "")
    if any(words in name for words in _RULE_NAMES):
        return True
    folded = unicodedata.normalize("NFKC", char)
    return folded != char and len(folded) == 1 and column_rule(folded)


def _ruled(line: str) -> str:
    """``line`` with each column rule (:func:`column_rule`) written ``|``, before any other character is folded
    (NFKC makes the vertical dash ``︱`` a dash, which parts no cells unspaced). A combining one (``⃒``, a vertical
    line drawn over the character before it) is a rule only where it is drawn on no letter: at the line's start or
    after a space, a tab or another rule; over a letter it is a mark of that letter, taken out as every mark is
    (``OWN̍ERS`` reads ``OWNERS``)."""
    if line.isascii():
        return line
    kept: list[str] = []
    base = " "  # the character a combining one is drawn on: at the line's start, none
    for char in line:
        mark = unicodedata.category(char).startswith("M")
        if column_rule(char) and (not mark or base in " \t|" or unicodedata.category(base) == "Zs"):
            kept.append("|")
            base = "|"
        else:
            kept.append(char)
            base = base if mark else char
    return "".join(kept)


def _holds_rule(text: str) -> bool:
    """Whether ``text`` holds a column rule (:func:`column_rule`)."""
    return "|" in text if text.isascii() else any(map(column_rule, text))


def visible(line: str) -> str:
    """``line`` without the blank and invisible characters around it."""
    start, end = 0, len(line)
    while start < end and invisible(line[start]):
        start += 1
    while end > start and invisible(line[end - 1]):
        end -= 1
    return line[start:end]


def _plain(line: str) -> str:
    """``line`` with its column rules written ``|`` (:func:`_ruled`), NFKC-normalised (fullwidth ``：`` is ``:``),
    every space a plain one, the characters that draw nothing taken out (a tab kept: it parts cells)."""
    kept = []
    for char in unicodedata.normalize("NFKC", _ruled(line)):
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
    text = _TAG.sub(_tag, text)
    if "&" in text:  # an entity is read as the character it writes (``&boxv;`` a rule, ``&#xFF5C;`` a fullwidth bar)
        text = _plain(html.unescape(text))
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


def declaration(found: list[str], groups: Iterable[str] = frozenset(),
                declared: Iterable[str] | None = None, *, public: bool = False) -> tuple[str, str] | None:
    """The ``(key, value)`` of the first access declaration among ``found`` cells (module
    docstring, 3.): a run of cells that is a restriction naming one of ``groups`` (the project's;
    compared in :func:`normal_name`'s form), as its first cell and the rest; or, whatever the
    project's groups, an access key followed by a cell written as front matter writes access
    (:func:`_front_matter_shaped`). ``declared``: the groups the document's own metadata gives
    it, where it gives any (a run naming only them agrees with it: no declaration); ``public``: the
    metadata declares the document public (a run is a restriction only where marking-shaped:
    :func:`_shape`). None where there is none."""
    folded = _normal_groups(groups)
    if folded:
        said = _restriction(found, folded, None if declared is None else _normal_groups(declared), public=public)
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


#: The words that restrict, besides the names of the project's groups (module docstring, 3.): a
#: run of an opening line (a sentence, across its cells) naming a group in use beside any of them
#: is access written as text, whatever other words stand round them (audit 23o A3). The test is
#: inverted from the earlier one (a line refused only when every other word was known): a word
#: this table lacks can cost an edit of the line, never a public document. ``key`` marks name the
#: field that says who may read, ``mark`` marks restrict; both refuse alike.
RESTRICTION_VOCABULARY: dict[str, tuple[str, str]] = {
    # the metadata's own key and the names the metadata checks tell to write it so (ACCESS_KEYS)
    "access": ("key", "the metadata's key; beside a route word it is physical access (ROUTE_WORDS)"),
    # the same key and markings in the other languages a document-control block is written in
    **{word: ("key", "access, in French, Spanish, Italian, German, Dutch")
       for word in ("accès", "acces", "acceso", "accesso", "zugriff", "zugang", "toegang")},
    **{word: ("mark", "a marking, in French, Spanish, Italian, German, Dutch")
       for word in ("confidentiel", "confidencial", "riservato", "vertraulich", "vertrouwelijk", "restreint",
                    "réservé")},
    **{word: ("weak", "internal, in French, Spanish, Italian, German, Dutch")
       for word in ("interne", "interno", "intern")},
    "acl": ("key", "an access control list, the name the metadata checks point to"),
    "readers": ("key", "who may read, the name the metadata checks point to"),
    "reader": ("key", "the same, singular"),
    "groups": ("key", "the access groups themselves (``Groups: Board``)"),
    # keys a document-control block gives the field (audits 23n A1, 23o A3)
    "visibility": ("key", "who may see the document"),
    "permission": ("key", "who is permitted to read"),
    "permissions": ("key", "the same, plural"),
    "permitted": ("key", "the same, as a verb"),
    "classification": ("key", "a security classification naming the readers"),
    "classified": ("key", "the same, as a verb"),
    "sensitivity": ("key", "``Sensitivity: Owners``"),
    "handling": ("key", "a handling caveat (``Handling: Owners only``)"),
    "marking": ("key", "a protective marking"),
    "audience": ("key", "who the document is for"),
    "intended": ("key", "``Intended for owners``"),
    "distribution": ("key", "who the document is given to"),
    "circulation": ("key", "the same, in document control's word"),
    "clearance": ("key", "who is cleared to read"),
    "security": ("key", "a security field (``Security: Owners``)"),
    "readable": ("key", "``Readable by: Owners``"),
    "accessible": ("key", "``Accessible to: Owners``"),
    "read": ("key", "``Read: owners``, ``Owners: read``, ``Owners may read this document``"),
    "eyes": ("key", "``For owners' eyes only``"),
    # words that restrict: ``mark`` ones restrict wherever they stand as a marking's word (module docstring, 3.);
    # ``weak`` ones are ordinary adjectives of a title too (``Internal drainage``, ``Private road access``,
    # ``Limited liability``), a marking's word only as a cell of their own (``INTERNAL: OWNERS``), as a key is
    "only": ("mark", "``OWNERS ONLY``, ``For the board only``"),
    "restricted": ("mark", "``Restricted to owners``"),
    "restriction": ("mark", "the same, as a noun"),
    "restrict": ("mark", "the same, as a verb"),
    "limited": ("weak", "``Limited to the board``"),
    "confidential": ("mark", "a marking that withholds the text"),
    "secret": ("mark", "the same"),
    "sensitive": ("weak", "the same"),
    "internal": ("weak", "the same (``Internal: owners``)"),
    "private": ("weak", "the same"),
    "reserved": ("mark", "``Reserved for owners``"),
    "strictly": ("mark", "``strictly owners``"),
    "exclusively": ("mark", "the same"),
    "solely": ("mark", "the same"),
    # in scripts written without spaces, and Korean's particles: a word that restricts, right beside a
    # group's name in a run of letters, makes the run a marking (``業主のみ``, ``仅限業主``, ``소유자만``)
    **{word: ("mark", "only, limited to, exclusive, confidential, in Chinese, Japanese, Korean, Thai, Lao, "
                                 "Khmer and Myanmar")
       for word in ("のみ", "限定", "専用", "限り", "以外", "機密", "秘", "仅限", "限于", "专用", "机密", "僅限", "專用",
                    "만", "전용", "한정", "기밀", "เฉพาะ", "เท่านั้น", "ลับ", "ສະເພາະ", "ເທົ່ານັ້ນ", "តែ", "តែប៉ុណ្ណោះ",
                    "ផ្តាច់មុខ", "သာ", "သီးသန့်")},
    "内部": ("weak", "internal, in Chinese and Japanese"),
    # the languages that inflect a group's name after the word that restricts (audit 92 A F1: ``ТОЛЬКО ДЛЯ
    # ВЛАДЕЛЬЦЕВ`` for ``владельцы``): their marks, read with :func:`_stem_named`
    **{word: ("mark", "only, exclusively, confidential, secret, in Russian, Ukrainian, Bulgarian, Serbian, Polish, "
                      "Czech, Finnish, Hungarian, Turkish, Greek, Arabic, Persian and Hebrew")
       for word in ("только", "исключительно", "конфиденциально", "конфиденциальный", "конфиденциальная",
                    "конфиденциальное", "секретно", "секретный", "секретная", "секретное",
                    "тільки", "лише", "виключно", "конфіденційно", "конфіденційний", "таємно",
                    "само", "поверително", "поверљиво", "samo", "poverljivo", "povjerljivo",
                    "tylko", "wyłącznie", "poufne", "poufny", "poufna", "tajne",
                    "pouze", "výhradně", "důvěrné", "důvěrný", "tajné",
                    "vain", "ainoastaan", "luottamuksellinen", "salainen",
                    "csak", "kizárólag", "bizalmas", "titkos",
                    "sadece", "yalnızca", "gizli",
                    "μόνο", "αποκλειστικά", "εμπιστευτικό", "απόρρητο",
                    "فقط", "سري", "حصريا", "صرفا", "محرمانه", "בלבד", "רק", "סודי", "חסוי")},
    **{word: ("key", "access, in Russian, Ukrainian, Polish, Czech, Finnish, Hungarian, Turkish, Greek, Persian")
       for word in ("доступ", "dostęp", "přístup", "pääsy", "hozzáférés", "erişim", "πρόσβαση", "دسترسی")},
    # 'for', which those languages write before (or, Hungarian, after) a group's name in an oblique case:
    # no restriction on its own (``Руководство для заказчика`` is a guide's title, as ``Guide for owners``
    # is), but a word beside it sharing a group's stem names that group in a marking place
    # (:func:`marking_names`: ``ДЛЯ ЗАКАЗЧИКА`` as ``FOR OWNERS``)
    **{word: ("for", "for, in Russian, Ukrainian, Bulgarian, Serbian, Polish, Czech, Hungarian, Turkish, Greek, "
                     "Persian")
       for word in ("для", "за", "dla", "pro", "részére", "számára", "için", "για", "برای")},
    # the other official languages of the European Union, and the Nordic, Baltic and Balkan ones (audit 94 A
    # F1: ``NUR FÜR EIGENTÜMERN``, ``IBA PRE VLASTNÍKOV``, ``TIK SAVININKAMS``, ``ДСП: ВЛАДЕЛЬЦАМ`` were read as
    # text); their words that restrict, keys and words 'for'. A word that is a common English word (Portuguese
    # ``só``, Swedish ``bara``, Norwegian ``bare``) is left out: beside a group's name in a document declared
    # public it would refuse a title; a marking of those languages writes another word too (``somente``,
    # ``endast``, ``kun``), and in a document declaring no access the group's name alone is refused (5.)
    **{word: ("mark", "only, exclusively, confidential, secret, in German, Dutch, French, Spanish, Portuguese, "
                      "Italian, Romanian, Slovak, Slovenian, Croatian, Bosnian, Serbian and Montenegrin (Latin), "
                      "Macedonian, Albanian, Lithuanian, Latvian, Estonian, Swedish, Danish, Norwegian, Icelandic, "
                      "Maltese, Irish, Russian and Ukrainian")
       for word in ("nur", "ausschließlich", "ausschliesslich", "geheim", "streng",
                    "alleen", "uitsluitend",
                    "uniquement", "seulement", "exclusivement", "strictement",
                    "solo", "sólo", "solamente", "únicamente", "exclusivamente", "reservado", "reservada",
                    "restringido", "restringida", "secreto",
                    "apenas", "somente", "exclusivo", "restrito", "restrita", "sigiloso", "sigilosa",
                    "soltanto", "esclusivamente", "riservata", "confidenziale", "ristretto", "segreto",
                    "doar", "numai", "exclusiv", "confidențial", "confidentiala", "confidențială", "restricționat",
                    "iba", "len", "výhradne", "dôverné", "dôverný", "tajné",
                    "izključno", "zaupno", "tajno", "isključivo",
                    "исклучиво", "доверливо", "vetëm", "konfidencial", "sekret",
                    "tik", "tiktai", "išimtinai", "išskirtinai", "konfidencialu", "konfidencialus", "slapta",
                    "tikai", "vienīgi", "konfidenciāli", "konfidenciāls", "slepeni", "slepens",
                    "ainult", "üksnes", "konfidentsiaalne", "salajane",
                    "endast", "enbart", "uteslutande", "konfidentiell", "konfidentiellt", "hemlig", "hemligt",
                    "kun", "udelukkende", "utelukkende", "fortrolig", "fortroligt", "konfidentiel",
                    "konfidensiell", "hemmelig", "hemmeligt",
                    "aðeins", "eingöngu", "einungis", "trúnaðarmál", "trúnaður", "leynilegt",
                    "biss", "esklużivament", "kunfidenzjali", "sigriet", "amháin", "rúnda",
                    "строго", "дсп", "дск")},
    **{word: ("key", "access, distribution, intended for, in those languages")
       for word in ("acesso", "prístup", "dostop", "pristup", "пристап", "qasje", "prieiga",
                    "piekļuve", "juurdepääs", "åtkomst", "adgang", "tilgang", "aðgangur", "aċċess", "rochtain",
                    "verteiler", "skirta", "skirtas", "určené", "určeno", "namijenjeno", "namenjeno")},
    # (their words 'for' that are English words, read as English in a no-access document's closing lines, are
    # left out: ``for``, Swedish ``för`` and Albanian ``për`` as folded, ``per``, ``pour``, ``para``, Slovak
    # ``pre`` of ``pre-bid``; ``With the Owner's vendor, test each door for locking`` names no ``owners``)
    **{word: ("for", "for, in those languages")
       for word in ("für", "voor", "pentru", "za", "fyrir", "jaoks", "priekš", "għal")},
}
#: Words that join marks on a line carried to the next (``RESTRICTED TO:``, ``FOR USE BY:``).
_CARRIED_FILL = frozenset("""to for by the a of is are use not public need know may can see view open group groups
who has have rights level list control member members team teams""".split())
#: Restrictions written in more than one word (audit 23o A3), as tokens in a row.
MARK_PHRASES: tuple[tuple[str, ...], ...] = (
    ("not", "public"), ("non", "public"), ("need", "to", "know"), ("not", "for"),
    # Russian's and Ukrainian's 'for official use', besides their abbreviations ДСП, ДСК (audit 94 A F1)
    ("служебного", "пользования"), ("службового", "користування"),
    *((modal, verb) for modal in ("may", "can", "shall", "to") for verb in ("see", "view", "open")),
    # a distribution list (``Issued to: Owners``, ``Copies to: the Board``; ``Issued by`` is none)
    *((verb, "to") for verb in ("issued", "copy", "copies", "circulated", "distributed")),
)
#: Words of a route or a place, beside which ``access`` (the key alone: no other mark) is
#: physical access, a line kept as text with a warning (audit 23n M1: ``Access: Contractors sign
#: in at gate 3``). A closed list: a route word it lacks costs an edit of the line, not a leak.
ROUTE_WORDS = frozenset("""
via route routes gate gates door doors hatch hatches roof roofs ladder ladders stair stairs stairway
corridor corridors lift lifts ramp ramps entrance entrances entry exit exits road roads path paths
slipway scaffold scaffolding panel panels key keys lodge badge badges card cards walkway walkways
platform platforms manhole manholes shaft shafts dock docks yard yards parking vehicle vehicles
""".split())
#: Group names that are common function words (audit 23o M2): such a group is named only where
#: written as a name, in capitals (``IT ONLY``) or as a cell of its own (``Access: it``), never
#: by the word in a sentence (``It is for internal use only.``).
FUNCTION_WORDS = frozenset("""
a an the it its all any no none some each every this that these those he she we us they them you
i me my our your his her their one is are be do in on at to for of by or and not as if so up out
off over via per who what which may can will shall must only new old other others anyone everyone
""".split())
_POSSESSIVE = re.compile(r"['\u2019\u02bc]s\b")
#: A word of a name: letters and digits, and ``&`` between them, which is part of a name
#: (``Q&A`` is no ``qa``, ``R&D`` is ``r&d``) (audit 23o M2).
_TOKEN = re.compile(r"[^\W_]+(?:&[^\W_]+)*")


@functools.lru_cache(maxsize=1)
def _marked_token() -> re.Pattern[str]:
    """:data:`_TOKEN`, a word's marks (Unicode's M categories: a vowel sign of Devanagari or Thai, an
    accent not composed) kept inside it: the word pattern takes no mark as a letter, and parted
    ``मालिकों`` or ``เจ้าของ`` at each. Built on first use (the marks of the Basic Multilingual Plane,
    some 20 ms), by the one place that parts words (:func:`_words`)."""
    marks = [code for code in range(0x10000) if unicodedata.category(chr(code)).startswith("M")]
    spans: list[tuple[int, int]] = []
    for code in marks:
        if spans and spans[-1][1] == code - 1:
            spans[-1] = (spans[-1][0], code)
        else:
            spans.append((code, code))
    mark = "".join(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in spans)
    letter = rf"[^\W_][{mark}]*"
    return re.compile(rf"(?:{letter})+(?:&(?:{letter})+)*")


def _words(text: str) -> list[str]:
    """The words of ``text``, as the rule reads them (:func:`_marked_token`)."""
    return _marked_token().findall(text)
#: The most words one group name is written in (``O w n e r s`` is six).
_NAME_WORDS = 6
#: A sentence's end inside a cell: '.', '!' or '?' after a word of two letters or more (``Q.A.``
#: and ``No. 3`` end none) and before a space or the cell's end.
_SENTENCE_END = re.compile(r"(?<=[^\W\d_]{2})[.!?]+(?=\s|$)|(?<=\d)[.!?]+(?=\s+[^\W\d_])")
#: A sentence of this many words or fewer is read with its neighbours too (``CONFIDENTIAL.
#: OWNERS.``): a bare marking or name is no sentence of its own.
_SHORT_RUN = 3


def normal_name(text: str) -> str:
    """A group name, or words that may write one, in the one form they are compared in (audit 23n
    A2): :func:`_fold`ed (width, case and accents), every separator taken out ('_', '-', '.', spaces
    and any other character that is no letter or digit, but ``&`` between two: ``Q&A``), so 'Site
    Admins', 'Site-Admins', 'SiteAdmins' and 'site_admins' are one name, and 'QA Leads' is 'qa-leads'."""
    return "".join(_words(_fold(text)))


#: Letters a fold takes as their plain twin, which have no decomposition of their own (Turkish
#: dotless i, as ``MÜŞTERI`` writes it; Polish ł, French œ, Danish æ and ø, as capitals without them
#: write ``WLASCICIELE``, ``MAITRES D'OEUVRE``); Arabic's kashida, which stretches a word (``المـالكين``),
#: is no letter of it.
_PLAIN_TWINS = str.maketrans({"ı": "i", "ł": "l", "ŀ": "l", "đ": "d", "ð": "d", "ħ": "h", "ø": "o", "œ": "oe",
                              "æ": "ae", "þ": "th", "\u0640": None,
                              # Persian's keheh and yeh, and Arabic's alef maksura, as Arabic's kaf and yeh (audit
                              # 92 A F2: ``للمالکين`` names ``مالكين``)
                              "\u06a9": "\u0643", "\u06cc": "\u064a", "\u0649": "\u064a"})


@functools.lru_cache(maxsize=65536)
def _fold(text: str) -> str:
    """``text`` as names are compared: NFKC (width), casefolded, and its accents and other combining
    marks taken out (audit 86 A F1): a marking writes a group as its script's capitals do (Greek
    capitals drop their accents, ``ΙΔΙΟΚΤΗΤΕΣ``; French capitals often do, ``PROPRIETAIRES``; the
    Turkish capital İ folds to i and a dot), or with the marks a keyboard gives; all name the group.
    Two groups that differ only in their accents are one name here: a line naming either is read as
    naming it, which refuses more, never less."""
    return _unmarked(unicodedata.normalize("NFKC", text).casefold()).translate(_PLAIN_TWINS)


def _unmarked(text: str) -> str:
    """``text`` without the marks set over or under its letters (accents, Thai's and Lao's tone and
    vowel marks, Myanmar's: a nonspacing mark, which the cells of a line draw nothing of either,
    :func:`invisible`), each letter kept: the word a script writes with or without them. A vowel sign
    written beside its letter (a spacing mark: Devanagari's ि and ा) is part of the word, so ``माल`` is
    no ``मालिक``."""
    return unicodedata.normalize("NFC", "".join(
        char for char in unicodedata.normalize("NFKD", text)
        if not (unicodedata.combining(char) or unicodedata.category(char) == "Mn")))


#: The restricting words as the words of a line are compared with them (:func:`_fold`: ``réservé``
#: is met as ``reserve``, however the line writes its accents).
_MARK_WORDS: dict[str, tuple[str, str]] = {_fold(word): said for word, said in RESTRICTION_VOCABULARY.items()}


#: A run of letters of a script written without spaces between words (Han, kana, Thai, Lao, Khmer,
#: Myanmar; Korean spaces its words, its particles joined: ``_glued``): a group is named inside one where
#: it opens or ends the run, or a restricting word stands right beside it (``業主のみ``, ``仅限業主``,
#: ``เฉพาะเจ้าของเท่านั้น``), never inside another word (``企業主管会議`` names no ``業主``).
_UNSPACED = re.compile(r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
                       r"\uf900-\ufaff\u31f0-\u31ff]+")
#: Letters joined before a word in Arabic and Hebrew (a preposition, an article, a conjunction:
#: ``للمالكين``, ``לבעלים``): a word of those scripts is the group with at most ``_CLITICS_MOST`` of them
#: before it.
#: The restricting words of the scripts written without spaces (:data:`_MARK_WORDS`'s), for :func:`_named_within`.
_UNSPACED_MARKS = tuple(word for word in _MARK_WORDS if _UNSPACED.fullmatch(word))
_CLITICS = frozenset("وفبكلال" "והבכלמש")
_CLITICS_MOST = 3
_JOINED_SCRIPTS = re.compile(r"[\u0590-\u05ff\u0600-\u06ff]")


def _pieces(token: str) -> list[str]:
    """A token parted where a script written without spaces begins or ends (``owners限定`` is
    ``owners`` and ``限定``): the words of each script read as its own."""
    if not _UNSPACED.search(token):
        return [token]
    return [piece for piece in re.split(f"({_UNSPACED.pattern})", token) if piece]


def _named_within(token: str, groups: frozenset[str]) -> str | None:
    """A group ``token`` names where no word boundary parts it from other letters: anywhere inside a
    run of a script written without spaces, or after at most three joined letters in Arabic and
    Hebrew. None elsewhere (a Latin word holding a group's letters names none)."""
    if _UNSPACED.fullmatch(token):
        for group in sorted(groups):
            at = token.find(group)
            while at >= 0:
                before, after = token[:at], token[at + len(group):]
                if not before or not after or any(before.endswith(word) or after.startswith(word)
                                                   for word in _UNSPACED_MARKS):
                    return group
                at = token.find(group, at + 1)
        return None
    if _JOINED_SCRIPTS.match(token):
        for group in sorted(groups):
            head = token[:-len(group)] if token.endswith(group) else None
            if head and len(head) <= _CLITICS_MOST and set(head) <= _CLITICS:
                return group
            # ل before the article ال writes لل, the article's alef dropped: للمالكين is ل + المالكين
            if group.startswith("ال") and token.endswith(group[1:]):
                head = token[:-len(group) + 1]
                if head.endswith("ل") and len(head) <= _CLITICS_MOST and set(head) <= _CLITICS:
                    return group
    return None


def folded_groups(groups: Iterable[str]) -> frozenset[str]:
    """``groups`` as the rule compares them (:func:`normal_name`, and each name with an umlaut also
    as German writes it without one: :func:`_spellings`); a name of fewer than two letters or
    digits is left out (it would be every article 'a')."""
    return frozenset(form for name in groups for form in _spellings(name) if len(form) > 1)


#: German's spelling of a vowel with an umlaut where none can be typed (``EIGENTUEMER``).
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})


def _spellings(name: str) -> tuple[str, ...]:
    """The forms a group name is matched in: its :func:`normal_name`, and, where it holds an
    umlaut, the same with the umlaut written as German writes it without one (audit 86 A F1)."""
    plain = normal_name(name)
    spelt = normal_name(unicodedata.normalize("NFKC", name).casefold().translate(_UMLAUTS))
    return (plain,) if spelt == plain else (plain, spelt)


def _group_of(run: str, groups: frozenset[str]) -> str | None:
    """The group of ``groups`` the words ``run`` (normal form) write, singular or plural
    (``Owner`` for ``owners``), or None."""
    if run in groups:
        return run
    bare = _uninflected(run)
    if bare in groups:
        return bare
    if len(run) > 2:
        if run + "s" in groups:
            return run + "s"
        if run.endswith("s") and run[:-1] in groups:
            return run[:-1]
    return None


def _uninflected(run: str) -> str:
    """``run`` without the vowel signs ending it (``मालिको``, the oblique plural of ``मालिक``): an
    inflection a script writes in marks after the word, which names the group as the word does in
    any number (a Latin word ends in no mark: itself)."""
    return run.rstrip("".join(char for char in run[-3:] if unicodedata.category(char).startswith("M")))


class _Reading(NamedTuple):
    """What the words of a cell or a run are, for the rule (module docstring, 3.)."""

    named: frozenset[str]  # the groups of the project it names (normal form)
    marks: frozenset[str]  # the restricting words and phrases in it
    route: bool  # a route word (ROUTE_WORDS) outside the group names
    words: int  # its words
    stemmed: frozenset[str] = frozenset()  # the groups a word names by its stem alone (:func:`_stem_named`)
    fors: bool = False  # a word 'for' of a language that inflects a group after it (``для``, ``dla``)
    alone: frozenset[str] = frozenset()  # of ``stemmed``, those named with no word beside (:func:`_stem_named`)

    @property
    def marked(self) -> frozenset[str]:
        """The groups it names where it restricts: a group named by its stem alone counts only beside a
        word that restricts (audit 92 A F1)."""
        return self.named | self.stemmed if self.restricts else self.named

    @property
    def restricts(self) -> bool:
        """A mark that restricts: any but ``access`` (or a key one letter off) beside a route word."""
        return any(mark != "access" for mark in self.marks) or (bool(self.marks) and not self.route)


def _joined(readings: Iterable[_Reading]) -> _Reading:
    named: set[str] = set()
    marks: set[str] = set()
    stemmed: set[str] = set()
    alone: set[str] = set()
    route, words, fors = False, 0, False
    for reading in readings:
        named |= reading.named
        marks |= reading.marks
        stemmed |= reading.stemmed
        alone |= reading.alone
        route = route or reading.route
        fors = fors or reading.fors
        words += reading.words
    return _Reading(frozenset(named), frozenset(marks), route, words, frozenset(stemmed - named), fors,
                    frozenset(alone - named))


#: A word written letter by letter (``O-W-N-E-R-S``, ``R E S T R I C T E D``, ``O.W.N.E.R.S.``): single letters
#: parted by one space, dash or dot each (audit 97 A F3).
_LETTER_SPACED = re.compile(rf"(?<!\w)[^\W\d_](?:[ .{_DASHES}][^\W\d_](?!\w))+\.?")
_LETTER_GAPS = re.compile(rf"[ .{_DASHES}]")


def _letters_joined(text: str) -> str:
    """``text`` with each word written letter by letter (:data:`_LETTER_SPACED`) joined into the word it spells
    (``O-W-N-E-R-S O-N-L-Y`` is ``OWNERSONLY``, ``R E S T R I C T E D : O W N E R S`` is ``RESTRICTED : OWNERS``):
    the one place the rule reads spaced letters, so a document declared public and one declaring no access read
    them alike (audit 97 A F3)."""
    return _LETTER_SPACED.sub(lambda match: _LETTER_GAPS.sub("", match.group()), text)


@functools.lru_cache(maxsize=16384)
def _reading(text: str, groups: frozenset[str], *, exact: bool = False) -> _Reading:
    """What the words of one cell ``text`` are (:class:`_Reading`): group names matched first (a
    run of up to ``_NAME_WORDS`` words in :func:`normal_name`'s form, singular or plural unless
    ``exact``; a function-word name only in capitals or as the cell's one word), then marks,
    phrases and route words."""
    shown = _POSSESSIVE.sub("", _unmarked(unicodedata.normalize("NFKC", _letters_joined(text))))
    written = [piece for token in _words(shown) for piece in _pieces(token)]
    tokens = [_fold(token) for token in written]
    named: set[str] = set()
    marks: set[str] = set()
    stemmed: set[str] = set()
    alone: set[str] = set()
    fors = False
    rest: list[str] = []
    index = 0
    while index < len(tokens):
        for size in range(min(_NAME_WORDS, len(tokens) - index), 0, -1):
            run = "".join(tokens[index:index + size])
            group = (run if run in groups else _uninflected(run) if _uninflected(run) in groups else None) \
                if exact else _group_of(run, groups)
            if group is not None and (group not in FUNCTION_WORDS or (
                    size == 1 and (len(tokens) == 1 or (len(written[index]) > 1 and written[index].isupper())))):
                named.add(group)
                index += size
                break
        else:
            within = _named_within(tokens[index], groups)
            stem = (None if within is not None or tokens[index] in _MARK_WORDS or _glued(tokens[index], groups)
                    else _stem_named(tokens[index], groups))
            if within is not None and within not in FUNCTION_WORDS:
                named.add(within)
            elif stem is not None:
                stemmed.add(stem)
                lone = _stem_named(tokens[index], groups, alone=True)
                if lone is not None:
                    alone.add(lone)
            else:
                rest.append(tokens[index])
            index += 1
    for token in rest:
        if _MARK_WORDS.get(token, ("", ""))[0] == "for":
            fors = True
        elif token in _MARK_WORDS:
            marks.add(token)
        elif is_access_key(token):
            marks.add("access")
        else:
            glued = _glued(token, groups)  # 'OWNERSONLY', 'Owners<ZWSP>only'
            if glued is not None:
                named.add(glued[0])
                marks.add(glued[1])
    present = frozenset(rest)
    for phrase in MARK_PHRASES:
        size = len(phrase)
        if phrase[0] in present and any(tuple(rest[at:at + size]) == phrase for at in range(len(rest) - size + 1)):
            marks.add(" ".join(phrase))
    route = any(token in ROUTE_WORDS for token in rest)
    return _Reading(frozenset(named), frozenset(marks), route, len(tokens), frozenset(stemmed - named), fors,
                    frozenset(alone - named))


#: A group's name inflected (audit 92 A F1): Russian writes a group after ``ТОЛЬКО``/``ДЛЯ`` in an oblique
#: case (``ВЛАДЕЛЬЦЕВ``, ``владельцам`` for ``владельцы``), as do Ukrainian, Bulgarian, Serbian, Polish
#: (``WŁAŚCICIELI``), Czech (``VLASTNÍKY``), Finnish (``OMISTAJILLE``), Hungarian (``TULAJDONOSOKNAK``),
#: Turkish (``SAHİPLERE``) and Greek (``ΙΔΙΟΚΤΗΤΩΝ``); Persian adds a plural (``مالکان`` for ``مالک``). A word
#: of a run that restricts names a group whose *stem* it shares: the name less at most ``_NAME_ENDING_MOST``
#: letters at its end, at least ``_STEM_LEAST`` letters, the word that stem and at most ``_WORD_ENDING_MOST``
#: letters more, all of one script, compared after the folds (:func:`_fold`). No list of endings: a
#: word sharing a stem without a restricting word beside it names nothing in a document declared public or
#: declaring access (``Владельческий реестр``, ``Ownership transfer`` stay text; in a marking place of one
#: declaring no access it names the group: :func:`marking_names`, audit 94 A F1), and one beside it that is no
#: inflection (``Ownership restricted`` in a project with ``owners``) costs an edit of the line, never a public
#: document.
_STEM_LEAST = 4
_ARTICLE = re.compile("ال|ה")
_NAME_ENDING_MOST = 2
_WORD_ENDING_MOST = 4


@functools.lru_cache(maxsize=4096)
def _script(char: str) -> str:
    """The script a letter is of, as Unicode names it (``CYRILLIC``, ``LATIN``, ``ARABIC`` …)."""
    return unicodedata.name(char, "?").split(" ")[0]


#: A vowel written double (Dutch, Estonian and Finnish long vowels), read as one where stems are compared:
#: Dutch writes ``eigenaars`` and ``eigenaren`` for one group's plural (audit 94 A F1).
_DOUBLE_VOWEL = re.compile(r"([aeiouy])\1")


def _shares_stem(word: str, name: str) -> bool:
    """Whether ``word`` and the group's ``name`` (both folded) share a stem (:data:`_STEM_LEAST`)."""
    word, name = _DOUBLE_VOWEL.sub(r"\1", word), _DOUBLE_VOWEL.sub(r"\1", name)
    if word == name or len(word) < _STEM_LEAST:
        return False
    common = 0
    for mine, its in zip(word, name, strict=False):
        if mine != its:
            break
        common += 1
    if (common < _STEM_LEAST or len(name) - common > _NAME_ENDING_MOST
            or len(word) - common > _WORD_ENDING_MOST):
        return False
    script = _script(word[common - 1])
    return all((char.isalpha() or unicodedata.category(char).startswith("M")) and _script(char) == script
               for char in word + name[common:])


def _stem_named(token: str, groups: frozenset[str], *, alone: bool = False) -> str | None:
    """The group of ``groups`` whose stem the word ``token`` (folded) shares (the rule above), after at most
    ``_CLITICS_MOST`` joined letters in Arabic and Hebrew, and of a group written with its article (Arabic's
    ``ال``, Hebrew's ``ה``, which a preposition joined before the word takes in) its name without it too; None
    where it shares none (a script written without spaces, which :func:`_named_within` reads, shares none).
    ``alone``: a word that names the group with no word beside it in a marking place of a document declaring no
    access (:func:`marking_names`, audit 94 A F1), so one at least as long as the name (an inflection adds to a
    name or swaps its ending: ``EIGENTÜMERN``, ``VLASTNÍKOV``, ``PROPRIETARILOR``; a shorter word is another
    number or another word, ``OWNER``, ``Owned``) and not the name in another number (``owners`` for
    ``owner``: the exact rule's, audit 23q L3)."""
    if len(token) < _STEM_LEAST or _UNSPACED.search(token):
        return None
    words = [token]
    if _JOINED_SCRIPTS.match(token):
        words += [token[cut:] for cut in range(1, _CLITICS_MOST + 1) if set(token[:cut]) <= _CLITICS]
    for group in sorted(groups):
        if group in FUNCTION_WORDS:
            continue
        article = _ARTICLE.match(group)
        names = (group, group[article.end():]) if article else (group,)
        if any(_shares_stem(word, name) and not (alone and _derived(word, name)) for word in words for name in names):
            return group
    return None


def _derived(word: str, name: str) -> bool:
    """Whether ``word``, sharing the stem of a group's ``name`` (both folded), is read as another word than the name
    inflected, where it stands alone (:func:`_stem_named`'s ``alone``): shorter than the name (another number or
    another word: ``OWNER``, ``Owned``), the name in another number (``owners`` for ``owner``: the exact rule's,
    audit 23q L3), or, the name a plural in ``-s`` (English, French, Spanish, Portuguese, Dutch write theirs so, and
    inflect no case after it), a word not holding the whole name: ``Management``, ``Authority``, ``Engineering``,
    ``Ownership`` derive from the singular (``managers``, ``authors``, ``engineers``, ``owners``), while a case
    ending follows the plural whole (Turkish ``SAHİPLERE``, Hungarian ``TULAJDONOSOKNAK``)."""
    return (len(word) < len(name) or _group_of(word, frozenset({name})) is not None
            or (name.endswith("s") and not word.startswith(name)))


def _glued(token: str, groups: frozenset[str]) -> tuple[str, str] | None:
    """A group and a mark written as one word (``ownersonly``, ``onlyowners``), or None."""
    for group in groups:
        if len(token) > len(group) and group not in FUNCTION_WORDS:
            for rest in (token.removeprefix(group), token.removesuffix(group)):
                if rest != token and _MARK_WORDS.get(rest, ("", ""))[0] in ("mark", "weak"):
                    return group, rest
    return None


def _sentences(found: list[str]) -> list[tuple[str, ...]]:
    """The sentences of a line's cells, each the cells (or parts of cells) it spans: a cell
    boundary ends none, a sentence's end (``_SENTENCE_END``) inside a cell does."""
    sentences: list[tuple[str, ...]] = []
    current: list[str] = []
    for cell in found:
        parts = _SENTENCE_END.split(cell)
        for index, part in enumerate(parts):
            if index and current:
                sentences.append(tuple(current))
                current = []
            if part.strip():
                current.append(part.strip())
    if current:
        sentences.append(tuple(current))
    return sentences


def _runs(found: list[str], groups: frozenset[str], *,
          exact: bool = False) -> list[tuple[tuple[str, ...], _Reading]]:
    """The runs of a line's cells the rule reads (module docstring, 3.): each sentence, and a
    short sentence (``_SHORT_RUN`` words at most) with the one before it and the one after it
    (``exact``: read as :func:`_reading` reads with it)."""
    sentences = _sentences(found)
    readings = [_joined(_reading(part, groups, exact=exact) for part in sentence) for sentence in sentences]
    runs = list(zip(sentences, readings, strict=True))
    for index in range(len(sentences) - 1):
        if min(readings[index].words, readings[index + 1].words) <= _SHORT_RUN:
            runs.append((sentences[index] + sentences[index + 1], _joined(readings[index:index + 2])))
    return runs


#: The most words a line warned of as maybe access holds (``title_like``'s dozen): a longer line
#: is prose, neither refused nor warned of.
_WARNED_WORDS = 12


def _may_restrict(found: list[str], groups: frozenset[str], declared: frozenset[str] | None = None) -> bool:
    """Whether a run of ``found`` cells names a group of ``groups`` beside ``access`` read as
    physical access (a route word in it), a dozen words at most: kept as text, warned of (in a
    document declaring access, a run naming only its groups is not)."""
    return any(reading.named and reading.marks and not reading.restricts and reading.words <= _WARNED_WORDS
               and (declared is None or not reading.named <= declared)
               for _, reading in _runs(found, groups))


def _restriction(found: list[str], groups: frozenset[str],
                 declared: frozenset[str] | None = None, *, public: bool = False) -> tuple[str, str] | None:
    """The first run of ``found`` cells that is a restriction (module docstring, 3.), as (its first
    cell, the rest): it names a group of ``groups`` beside a restricting word, whatever else it
    says. In a document that declares access (``declared``, normal form), a run naming only groups
    it declares agrees with it and is text. In one declared public (``public``), a run is one only
    where its restricting word stands as a marking's (:func:`_shape`, audit 97 A F2): ``Managers'
    internal memo`` and ``Restricted parking for managers`` are titles there."""
    for run, reading in _runs(found, groups):
        if reading.marked and reading.restricts:
            if declared is not None and reading.marked <= declared:
                continue
            if public and not _shape(run, groups).stands:
                continue
            return run[0], " | ".join(run[1:])
    return None


#: The words that link a restricting word to the group it restricts to (``Limited to the board``).
_LINKING = frozenset({"to", "for", "by"})
#: The words 'for' ``RESTRICTION_VOCABULARY`` leaves out as English words (``per``, ``pour``, ``para``, ``pre``,
#: the folded ``för`` and ``për``): a marking's joining words to :func:`_shape` (``APENAS PARA PROPRIETÁRIOS``).
_FOR_LIKE = frozenset({"for", "per", "pour", "para", "pre"})


class _Shape(NamedTuple):
    """How the words of a run stand (:func:`_shape`)."""

    stands: bool  # a restricting word stands as a marking's word, not as a title's adjective
    other: bool  # a word that is no restricting word, no word joining them and no group's name (``MGMT``)
    strong: bool = False  # of them, a word that restricts (``mark``) or a phrase, no weak word nor key
    others: tuple[str, ...] = ()  # those other words, as written, each with the dot that ends it (``OWN.``)


def _shape(run: tuple[str, ...], groups: frozenset[str]) -> _Shape:
    """Whether a restricting word of the cells ``run`` stands as a marking writes it (audit 97 A F1, F2), and
    whether the run holds another word than restricting words, the words joining them and group names. A word
    that restricts (``mark``: ``only``, ``confidential``, ``restricted``, ``reserved``, ``nur``, ``только`` …, a
    phrase such as ``not public``, a group and a mark written as one word) stands unless a plain space parts it
    from an ordinary word right after it in its cell (one not followed by a group's name), which it then qualifies
    as a title's adjective does
    (``Confidential waste disposal``, ``Restricted parking for managers``, ``Owners only parking signage``);
    a weak word (``weak``: ``internal``, ``private``, ``limited``, ``sensitive``) stands only in a cell of
    restricting and joining words alone (``INTERNAL: OWNERS``) or before a word joining a group to it
    (``Limited to the board``), and a key (``access``, ``security``, ``distribution`` …) only in such a cell
    (``Sensitivity: Owners``): ``Managers' internal memo``, ``IT security policy``, ``Board room access
    control`` are titles."""
    stands = other = strong = False
    others: list[str] = []
    for cell in run:
        text = _POSSESSIVE.sub("", _unmarked(unicodedata.normalize("NFKC", _letters_joined(cell))))
        found = list(_marked_token().finditer(text))
        tokens = [_fold(match.group()) for match in found]
        kinds = [_kind(token, groups) for token in tokens]
        joins = [kind is None and _joins(token) for token, kind in zip(tokens, kinds, strict=True)]
        named = [kind is None and not join and _starts_group(tokens, at, groups)
                 for at, (kind, join) in enumerate(zip(kinds, joins, strict=True))]
        plain = all(kind is not None or join for kind, join in zip(kinds, joins, strict=True))
        for at, (kind, join, name) in enumerate(zip(kinds, joins, named, strict=True)):
            if kind is None and not join and not name:
                other = True
                others.append(found[at].group() + ("." if text[found[at].end():].startswith(".") else ""))
        if any(" " in mark for mark in _reading(cell, groups).marks):
            stands = strong = True  # a phrase: ``not public``, ``need to know``, ``copies to``
        for at, kind in enumerate(kinds):
            after = at + 1 < len(tokens)
            # an ordinary word right after it, not itself a word joining a group to it (Maltese ``GĦALL``, 'for the')
            ordinary_after = after and kinds[at + 1] is None and not joins[at + 1] and not named[at + 1] and not \
                text[found[at].end():found[at + 1].start()].strip() and not (at + 2 < len(tokens) and named[at + 2])
            if kind == "mark" and (not ordinary_after or plain):
                stands = strong = True
            elif (kind is not None and plain) or (
                    kind == "weak" and after and (tokens[at + 1] in _LINKING or kinds[at + 1] == "for")):
                stands = True
    return _Shape(stands, other, strong, tuple(others))


def _kind(token: str, groups: frozenset[str]) -> str | None:
    """What a word is to :func:`_shape`: ``mark``, ``weak`` (a weak mark or a key) or ``for`` (of
    ``RESTRICTION_VOCABULARY``; a group and a mark written as one word and a run of a script written without
    spaces holding a mark are ``mark``), or None."""
    said = _MARK_WORDS.get(token)
    if said is not None:
        return "weak" if said[0] == "key" else said[0]
    if is_access_key(token):
        return "weak"
    glued = _glued(token, groups)
    if glued is not None or (_UNSPACED.search(token) and any(mark in token for mark in _UNSPACED_MARKS)):
        return "mark" if glued is None or _MARK_WORDS[glued[1]][0] == "mark" else "weak"
    return None


def _joins(token: str) -> bool:
    """Whether a word only joins the words of a marking (``to``, ``for``, ``the``, ``and``, ``use``)."""
    return token in _CARRIED_FILL or token in FUNCTION_WORDS or token in _FILLERS or token in _FOR_LIKE


def _starts_group(tokens: list[str], at: int, groups: frozenset[str]) -> bool:
    """Whether a group's name (in up to ``_NAME_WORDS`` words, or a word sharing its stem) begins at ``at``."""
    return any(_group_of("".join(tokens[at:at + size]), groups) is not None
               for size in range(1, min(_NAME_WORDS, len(tokens) - at) + 1)) or \
        _stem_named(tokens[at], groups) is not None


#: The most words of a run in which a word sharing a group's stem names it with no word beside it (audit 94 A F1):
#: a marking's (``NUR FÜR EIGENTÜMERN``, ``VETËM PËR PRONARËT``), not a title's or a sentence's (``Financed by a
#: regional development bank`` names no ``finance``).
_ALONE_WORDS = 4


def _unnamed_marking(found: list[str], groups: frozenset[str], *, cell: bool = False) -> bool:
    """Whether a line of a marking place of a document declaring no access reads as a marking naming a group by a
    word the project does not write (audit 97 A F1: ``CONFIDENTIAL — MGMT ONLY``, ``RESTRICTED: OWN. & MGRS.``,
    ``FIN ONLY``): a run of ``_SHORT_RUN`` words at most, the bound of a bare marking, that restricts, whose
    word that restricts (``mark``, no key nor weak word: ``Access: permit``, ``| Document | Access |`` name no
    group and are text) stands as a marking's (:func:`_shape`: not a title's adjective, ``Confidential waste
    disposal``), beside a word of its own (the group, however abbreviated). A line opening with a small letter
    goes on with a sentence of the line before (``clarification only.``), which a marking never does.

    ``cell``: ``found`` is one cell of a line of several (with the line carried to it, if any), judged alone
    (audit 101 A F1: ``| SPEC-01 | MGMT ONLY | 0 |``, a run of four words as a line, is refused at its cell): there
    its other words must each be written as a marking writes a group (:func:`_written_as_marking`: ``MGMT``,
    ``OWN.``, ``Mgrs``, ``Fin``), so a row of a public table, ``| Adults only | 250 | daily |``, stays text."""
    first = next((char for char in " ".join(found) if char.isalpha()), "")
    if first.islower():
        return False
    for run, reading in _runs(found, groups, exact=True):
        if reading.words <= _SHORT_RUN and reading.restricts:
            shape = _shape(run, groups)
            if shape.strong and shape.other and (
                    not cell or all(_written_as_marking(word, groups) for word in shape.others)):
                return True
    return False


#: The vowels of the Latin script, a word's letters taken without their accents: a Latin word written with none of
#: them is an abbreviation (``MGMT``, ``Mgrs``, ``Mngrs``).
_VOWELS = frozenset("aeiouy")


def _written_as_marking(word: str, groups: frozenset[str]) -> bool:
    """Whether a word of a marking's cell (no restricting word, no group's name) is written as a marking writes the
    group it names (audit 101 A F1): in capitals (``MGMT``, ``FIN``), ending in a dot (``Own.``), in Latin letters
    and no vowel (``Mgmt``, ``Mngrs``), or the first three letters or more of a group's name (``Fin`` for
    ``finance``). An ordinary word of a table's cell (``Adults``, ``250``) is none of them."""
    letters = [char for char in word if char.isalpha()]
    if not letters:
        return False
    if len(letters) > 1 and word.isupper():
        return True
    if word.endswith("."):
        return True
    plain = _fold(word)
    if all("a" <= char <= "z" for char in plain) and not _VOWELS & set(plain):
        return True
    return len(plain) >= 3 and any(group.startswith(plain) and group != plain for group in groups)


def marking_names(found: list[str], groups: frozenset[str]) -> tuple[str, ...]:
    """The groups of ``groups`` (normal form) a line of a marking place names (module docstring,
    5.), sorted; empty where none. Its words are not read for what they say, nor counted: ``For
    owners alone``, ``TLP:RED - owners``, ``OWNERS`` alone and a sentence padded out round a
    group's name (audit 23p A4, issue 23) all name it. Since such a line needs no restricting word,
    a group is named only as the project writes it, never in another number or a possessive: a
    group ``owners`` is not named by a contract's ``OWNER:`` line nor by ``the Owner's vendor``
    (audit 23q L3), while ``Owner only`` is still a restriction by the rule of restricting words."""
    named = frozenset().union(*(_reading(cell, groups, exact=True).named for cell in found))
    runs = _runs(found, groups, exact=True)
    # a word sharing a group's stem names it in a run beside a word that restricts or a word 'for' (audit 92 A F1)
    stemmed = frozenset().union(*(reading.stemmed for _, reading in runs if reading.restricts or reading.fors))
    # and with no word beside it, in a run as short as a marking (audit 94 A F1: ``TIK SAVININKAMS``, ``ДСП:
    # ВЛАДЕЛЬЦАМ``, whatever word a language restricts with): :func:`_derived`, :data:`_ALONE_WORDS`
    alone = frozenset().union(*(reading.alone for _, reading in runs if reading.words <= _ALONE_WORDS))
    return tuple(sorted(named | stemmed | alone))



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
#: Each of those groups as the project writes it (normal form -> name), for an error's hint.
_WRITTEN: ContextVar[dict[str, str]] = ContextVar("inforce_opening_written", default={})  # noqa: B039


@contextmanager
def groups_in_use(groups: Iterable[str]) -> Iterator[None]:
    """While held, every :class:`Opening` made in this context decides by ``groups``."""
    names = sorted(groups)
    token = _GROUPS.set(folded_groups(names))
    written = _WRITTEN.set({form: name for name in reversed(names) for form in _spellings(name)})
    try:
        yield
    finally:
        _WRITTEN.reset(written)
        _GROUPS.reset(token)


class _Declared:
    """What one document being read declares of its access (``groups``: None, no access;
    ``public``: declared public in so many words, ``public: true``)."""

    __slots__ = ("groups", "public")

    def __init__(self) -> None:
        self.groups: frozenset[str] | None = None
        self.public = False


#: The document being read (a :func:`document_access` scope): the access groups its own metadata
#: (front matter, sidecar or register row) declares; None outside a scope (a file judged alone).
_DECLARED: ContextVar[_Declared | None] = ContextVar("inforce_opening_declared", default=None)


@contextmanager
def document_access() -> Iterator[None]:
    """A scope for reading one document: every :class:`Opening` made in it judges the opening by
    the access :func:`declare_access` tells (none until told: a run naming a group beside a
    mark is refused)."""
    token = _DECLARED.set(_Declared())
    try:
        yield
    finally:
        _DECLARED.reset(token)


def declare_access(groups: Iterable[str] | None, *, public: bool = False) -> None:
    """Tell the opening rule the access the document being read declares (its metadata's
    ``access`` list; None where it declares none; ``public``: its metadata declares it public,
    ``public: true``). Outside a :func:`document_access` scope it does nothing."""
    box = _DECLARED.get()
    if box is not None:
        box.groups = None if groups is None else frozenset(groups)
        box.public = public and groups is None


def judge_title(title: str, *, access: Iterable[str] | None, public: bool) -> tuple[list[str], list[str]]:
    """The problems (errors, warnings: each a message) of a document's metadata ``title`` (front
    matter, sidecar or register row), the first marking place of every reader (shown by ``show``,
    ``eligible``, ``search`` and the pages to every asker): judged as the first line of the
    document's opening by :class:`Opening`, with the access the same metadata declares
    (``access``; ``public``: ``public: true``). ``title: Owners only`` in a document declaring no
    access is refused as the heading ``# Owners only`` is (audit 83 A F2)."""
    errors, notes = title_errors(title, access=access, public=public)
    return [error.message for error in errors], [note.message for note in notes]


def title_errors(title: str, *, access: Iterable[str] | None,
                 public: bool) -> tuple[list[InputError], list[InputError]]:
    """:func:`judge_title`'s problems as the opening rule tells them, each with its hint (a document declared
    public is told the group its title reads as a marking for: audit 97 A F2)."""
    token = _DECLARED.set(_Declared())
    try:
        declare_access(access, public=public)
        judge = Opening("")
        error = judge.judge(title, line_no=None)
    finally:
        _DECLARED.reset(token)
    return ([error] if error is not None else []), list(judge.notes)


class Opening:
    """Judges the lines of one document's opening, in order, by the one rule (module
    docstring): ``judge`` gives the error for a line that declares access, else None. A key
    alone on its line is remembered and takes the next line's cells as its value."""

    def __init__(self, file: str, *, spaced: bool = False, groups: Iterable[str] | None = None) -> None:
        self.file = file
        self.spaced = spaced
        self.groups = _GROUPS.get() if groups is None else folded_groups(groups)
        box = _DECLARED.get()
        self.declared = None if box is None else box.groups
        #: the document declares nothing of its access, not even that it is public: a marking
        #: place's line naming a group is an error (module docstring, 5.)
        self.undeclared = self.declared is None and not (box is not None and box.public)
        #: the document is declared public (``public: true``): only a marking-shaped run is refused (:func:`_shape`)
        self.public = self.declared is None and box is not None and box.public
        #: Warnings: lines kept as text that may be access, in a project naming no group yet.
        self.notes: list[InputError] = []
        self._key: str | None = None

    def judge(self, line: str, *, line_no: int | None, where: str = "",
              found: list[str] | None = None, apart: bool = False) -> InputError | None:
        """The error for ``line`` (its ``cells`` unless ``found`` gives them) when it declares
        access; ``where`` is added to the message after the line (a PDF's page, a table's row,
        a Word file's page header); ``line_no`` None where the line has no line of the file.
        ``apart``: a line read beside the opening's lines (a table row's cell under a column headed
        ``access``, as ``access: <cell>``), judged alone: it neither takes the line carried to it nor
        carries itself, so the row after it is still judged with the row before (audit 100 A F3)."""
        if apart:
            kept, self._key = self._key, None
            try:
                return self.judge(line, line_no=line_no, where=where, found=found)
            finally:
                self._key = kept
        found = cells(line, spaced=self.spaced) if found is None else self._drawn_rows(found)
        if not found:
            return None
        key, self._key = self._key, None
        if key is not None and _NUMBERED_OPENING.match(found[0]):
            key = None  # a numbered heading or clause ("1 GENERAL", "1.1 ...") goes on from no marking above it
        said = declaration(found, self.groups, self.declared, public=self.public) or (
            declaration([key, *found], self.groups, self.declared, public=self.public) if key is not None else None)
        if said is None and self.undeclared and self.groups:
            named = marking_names(found if key is None else [key, *found], self.groups)
            if named:
                return self._names_a_group(line, line_no, where, named)
            if _unnamed_marking(found if key is None else [key, *found], self.groups) or len(found) > 1 and any(
                    _unnamed_marking(alone, self.groups, cell=True) for alone in self._cells_alone(found, key)):
                return self._names_no_group(line, line_no, where)
        if said is None:
            if self._carries(found) or self._continues(found):
                self._key = " ".join(found)
            elif (carried := self._carried_cell(found)) is not None:
                self._key = carried
            elif self.groups and _may_restrict(found if key is None else [key, *found], self.groups,
                                               None if self.declared is None else folded_groups(self.declared)):
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
        if self.public:
            group = self._written(said)
            return InputError(
                f"{echoed(visible(line))}{where} reads as access metadata, a marking for {echoed(group)}, in a document "
                "that declares public: true",
                file=self.file, line=line_no, field="access",
                hint=f"the document declares public: true, yet this line reads as a marking for {group}: reword the "
                     f"line, or declare access: [{group}]")
        return InputError(
            f"{echoed(visible(line))}{where} reads as access metadata: a document's access is written in "
            "its front matter from the very first line (Markdown), its sidecar or the register, never "
            "in its text",
            file=self.file, line=line_no, field="access", hint=_HINT)

    def _drawn_rows(self, found: list[str]) -> list[str]:
        """A reader's cells (a CSV record's, a PDF table's), each holding a column rule (:func:`column_rule`) read as
        the cells it draws, as a line holding it is (:func:`cells`): a CSV cell ``SPEC-01 │ MGMT ONLY │ 0`` is a row
        of three, its marking judged alone (audit 102 A F1). A cell holding none is kept as the reader gave it."""
        if not any(map(_holds_rule, found)):
            return found
        return [part for cell in found for part in (cells(cell, spaced=self.spaced) if _holds_rule(cell) else [cell])]

    def _written(self, said: tuple[str, str]) -> str:
        """The first group a refused run (``declaration``'s key and value) names, as the project writes it."""
        reading = _joined(_reading(cell, self.groups) for cell in (said[0], *said[1].split(" | ")))
        named = sorted(reading.marked) or ["?"]
        return _WRITTEN.get().get(named[0], named[0])

    def _names_no_group(self, line: str, line_no: int | None, where: str) -> InputError:
        return InputError(
            f"{echoed(visible(line))}{where} reads as an access marking (a restricting word in a line or cell of "
            f"{_SHORT_RUN} words or fewer) in a document that declares no access, though it names no group "
            "the project uses: read as text it would leave a restricted document public",
            file=self.file, line=line_no, field="access",
            hint="if the document is restricted, declare its groups in its front matter, sidecar or register "
                 "(access: [GROUP, ...]) and take the line out of the text; if the line is no marking, declare the "
                 "document public (public: true in its front matter, sidecar or register row)")

    def _names_a_group(self, line: str, line_no: int | None, where: str, named: tuple[str, ...]) -> InputError:
        group = _WRITTEN.get().get(named[0], named[0])  # as the project writes it ('support-uk', not 'supportuk')
        return InputError(
            f"{echoed(visible(line))}{where} names the access group {echoed(group)} in a document that declares "
            "no access: a marking read as text would leave a restricted document public",
            file=self.file, line=line_no, field="access",
            hint=f"if the document is restricted, declare it in its front matter, sidecar or register (access: "
                 f"[{group}]) and take the line out of the text; if the group is only mentioned, declare the "
                 "document public (public: true in its front matter, sidecar or register row)")

    def _continues(self, found: list[str]) -> bool:
        """Whether a line that restricts goes on on the next line (audit 97 A F4: ``RESTRICTED TO MANAGERS AND`` /
        ``OWNERS``): it ends in a word or sign joining names (``and``, ``or``, ``&``, ``,``, ``+``, ``/``) or in a
        word joining a restriction to its groups (``OWNERS, RESTRICTED TO``; not a key ending a heading,
        ``Revision Access``); the next line's cells are judged with it."""
        if not self.groups:
            return False
        reading = _joined(_reading(cell, self.groups) for cell in found)
        if not reading.restricts:
            return False
        text = _letters_joined(" ".join(found)).rstrip()
        words = _words(_fold(text))
        return text.endswith((",", "&", "+", "/")) or bool(words) and (
            words[-1] in ("and", "or") or words[-1] in _CARRIED_FILL)

    def _cells_alone(self, found: list[str], key: str | None) -> Iterator[list[str]]:
        """The cells of a line of several as the short-marking rule judges them one by one (audit 101 A F1): each
        cell, with the line carried to the line (``key``) too, and a cell a marking carries or continues from
        (``CONFIDENTIAL``, ``ONLY FOR``: ``_carries``, ``_continues``) with the cell after it (``| ONLY FOR | MGMT |
        x |``, and ``| SPEC-01 | CONFIDENTIAL - MGMT | 0 |``, whose dash parts two cells)."""
        for at, cell in enumerate(found):
            yield [cell]
            if key is not None:
                yield [key, cell]
            if at + 1 < len(found) and (self._carries([cell]) or self._continues([cell])):
                yield [cell, found[at + 1]]

    def _carried_cell(self, found: list[str]) -> str | None:
        """The first cell of a line of several that a marking's words go on from, on the next line (audit 101 A F1:
        a table's row ``| RESTRICTED TO | 250 | daily |`` over ``| MGMT | 200 | daily |``, or ``| CONFIDENTIAL |
        Dose | Frequency |`` over ``| FIN | 200 | daily |``): a cell that restricts as a marking does
        (:func:`_shape`'s strong word, no key alone: ``| Part | Access |`` carries nothing) and carries or continues
        (``_carries``, ``_continues``); None where there is none. The next line's cells are judged with it, each one
        too (``judge``)."""
        if len(found) < 2 or not self.groups:
            return None
        return next((cell for cell in found if (self._carries([cell]) or self._continues([cell]))
                     and _shape((cell,), self.groups).strong), None)

    def _carries(self, found: list[str]) -> bool:
        """Whether a line is a key alone (``## Access``) or, in a project naming groups, a few
        restriction words and words joining them, no group (``RESTRICTED TO:``, ``CONFIDENTIAL``):
        the next line's cells are its value."""
        if len(found) == 1 and is_access_key(found[0]):
            return True
        if not self.groups:
            return False
        reading = _joined(_reading(cell, self.groups) for cell in found)
        words = _words(_fold(_letters_joined(" ".join(found))))
        return (bool(reading.marks) and not reading.named and reading.words <= _SHORT_RUN
                and all(word in _MARK_WORDS or word in _CARRIED_FILL or is_access_key(word)
                        for word in words))


def title_like(line: str) -> bool:
    """Whether an opening line is a title (no sentence end, a dozen words at most), which does
    not end the opening as body text does."""
    shown = visible(line).rstrip(_MARKUP)
    return bool(shown) and shown[-1] not in ".;:!?" and len(shown.split()) <= 12


def table_errors(text: str, rows: list[TableRow], file: str, refused: set[int], *,
                 opening_end: int | None = None,
                 headers: Mapping[int, tuple[str, ...]] | None = None,
                 header: tuple[tuple[str, ...], int] | None = None) -> list[InputError]:
    """The errors for the rows of a table read apart from its text's lines (module docstring,
    4.: a PDF's table reader, a CSV schedule) that lie in the opening (before ``opening_end``, a
    text offset; None: all of them): each table's header row and each row judged as an opening
    line of cells, and a column headed ``access`` (past the first) as ``access: <cell>``.
    The header judged and read for its access column is the one as written — ``headers`` by
    table number (a PDF's), ``header`` with its line (a CSV schedule's, table 1, rows under it
    or none) — never the one rows repeat (``tables.row_header`` shortens a long one): access
    never depends on a length. ``refused`` holds the lines of ``text`` (1-based) already
    refused, and grows: a line is named once."""
    errors: list[InputError] = []
    written = dict(headers or {})
    ends = [match.start() for match in re.finditer("\n", text)] if rows else []

    def line_of(offset: int) -> int:
        return bisect.bisect_left(ends, offset) + 1

    def judged(error: InputError | None) -> bool:
        if error is None or error.line in refused:
            return error is not None
        refused.add(error.line or 0)
        errors.append(error)
        return True

    # one judge per table, its header row and rows in order, as a Markdown table's rows are judged as the opening's
    # lines (a record ending ``RESTRICTED TO`` is judged with the next, audit 100 A F3: ``Opening._continues``)
    judges: dict[int, Opening] = {}

    def judge_header(found: tuple[str, ...], line_no: int, table: int, page: str) -> None:
        judges[table] = Opening(file)
        judged(judges[table].judge(_row_line(found), line_no=line_no, where=f" (table {table}, header row{page})",
                                   found=list(found)))

    headed: set[int] = set()
    if header is not None:
        judge_header(*header, 1, "")
        written[1] = header[0]
        headed.add(1)
    for row in rows:
        if opening_end is not None and row.span.start >= opening_end:
            continue
        page = f", page {row.span.page_start}" if row.span.page_start is not None else ""
        if row.table not in headed:
            headed.add(row.table)
            judge_header(written[row.table], line_of(row.header_span.start), row.table, page)
        line_no = line_of(row.span.start)
        where = f" (table {row.table}, row {row.row}{page})"
        judge = judges[row.table]
        if judged(judge.judge(_row_line(row.cells), line_no=line_no, where=where, found=list(row.cells))):
            continue
        for key, cell in zip(written[row.table][1:], row.cells[1:], strict=False):
            if is_access_key(key) and judged(judge.judge(f"{key}: {cell}", line_no=line_no, where=where,
                                                         found=[key, cell], apart=True)):
                break
    return errors


def _row_line(found: tuple[str, ...]) -> str:
    """A row's cells as the line an error shows (``| a | b |``)."""
    return "| " + " | ".join(found) + " |"


def judge_lines(lines: list[tuple[str, int | None, str]], file: str) -> tuple[list[InputError], list[InputError]]:
    """The errors and warnings of a text whose every line stands in a provision of its own (a
    drawing's callouts, module docstring 4.), each line ``(text, file line, where)``: its opening
    (its lines while they are titles, :func:`title_like`, and the first line of body text, within
    ``OPENING_LINES`` lines and ``OPENING_CHARACTERS`` characters) judged by :class:`Opening`, in
    order. Such a text has no closing lines: a drawing's callouts are notes placed on its sheet,
    in no reading order that ends in a footer (an Akoma Ntoso act's, too, is judged by its
    opening parts alone)."""
    judge = Opening(file)
    errors: list[InputError] = []
    read = 0
    for count, (text, line_no, where) in enumerate(filter(lambda line: visible(line[0]), lines)):
        if count >= OPENING_LINES or read >= OPENING_CHARACTERS:
            break
        error = judge.judge(text, line_no=line_no, where=where)
        if error is not None:
            errors.append(error)
        read += len(text) + 1
        if not title_like(text):
            break  # the first line of body text ends the opening
    return errors, list(judge.notes)
