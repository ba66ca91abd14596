"""Document text shown to a person: data, never instructions — the one home of its escaping.

Every writer that puts document text before a reader (the terminal, a Markdown report or RFI
draft, an HTML page, a SARIF file) escapes the same characters, listed once here in
:data:`CONTROL_CHARACTERS`: C0 controls but tab and newline, DEL, C1 controls, and the
bidirectional marks, embeddings, overrides and isolates. Obeyed, ESC starts a terminal's
colour, cursor, title and hyperlink sequences (a clause holding ``\\x1b[2J`` would clear the
screen), and a bidi control reorders what the reader sees (a clause could read backwards, or
hide words). Each is written out as its code instead, so the reader sees that it is there.

What differs between writers is only the form the code takes and the markup each must also
neutralise:

- :func:`terminal_text` — ``\\x1b`` (``\\u202e`` for bidi controls); a page break reads as a
  line break; :func:`terminal_line`, for a name set inside one line, writes line breaks and every
  other invisible format character (Unicode category Cf: a zero-width space) out too;
- :func:`html_text` — as the terminal writes it, then HTML-escaped (attribute-safe);
- :func:`json_text` — a JSON document's text (SARIF) with each control as a ``\\u`` escape in
  the file's bytes: parsed, the text is unchanged; :func:`yaml_quoted`, one value written into
  a YAML file inforce makes (``init``'s ``project:``), the same escapes inside a quoted scalar;
- ``markdown_*`` — ``\\u001b``, and every character Markdown gives meaning to escaped (``<`` as
  ``&lt;``, an entity's ``&``, the rest with a backslash); a line that would start a block is
  escaped at its start. A clause that reads ``<script>``, ``[click](javascript:...)``,
  ``# heading`` or ``| a | b |`` shows as those characters; an ``@name`` (a mention, which a
  pull-request comment would deliver as a notification) reads as written but mentions no one: a
  zero-width space (``&#8203;``) stands after its ``@``.
"""

from __future__ import annotations

import html
import json
import re
import sys
import unicodedata

__all__ = [
    "BIDI_CONTROLS",
    "CONTROL_CHARACTERS",
    "ECHO_MAX_CHARS",
    "ECHO_RUN_CHARS",
    "MESSAGE_MAX_CHARS",
    "echoed",
    "message_text",
    "html_text",
    "json_text",
    "markdown_inline",
    "markdown_line",
    "markdown_no_html",
    "markdown_quoted",
    "markdown_visible",
    "sarif_message",
    "terminal_line",
    "terminal_text",
    "whole_number",
    "yaml_quoted",
]

#: Bidirectional marks (U+061C, U+200E, U+200F), embeddings and overrides (U+202A–E) and
#: isolates (U+2066–9).
BIDI_CONTROLS: tuple[int, ...] = (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))

#: Every character written out wherever document text is shown. Tab and newline pass: they
#: lay text out and reorder nothing.
CONTROL_CHARACTERS: tuple[int, ...] = (
    *(c for c in range(0x00, 0x20) if c not in (0x09, 0x0A)),
    0x7F,
    *range(0x80, 0xA0),
    *BIDI_CONTROLS,
)

_BIDI = frozenset(BIDI_CONTROLS)
# YAML 1.1 readers break lines at U+2028/U+2029: escaped in a YAML scalar, so it stays one line
_LINE_SEPARATORS = {0x2028: "\\u2028", 0x2029: "\\u2029"}
# the terminal's (and the HTML page's) form: ``\x1b`` as Python and shells write a byte
_AS_BYTES: dict[int, str] = {c: f"\\u{c:04x}" if c in _BIDI else f"\\x{c:02x}" for c in CONTROL_CHARACTERS}
_AS_BYTES[0x0C] = "\n"  # a PDF's page break
# a name read from the file system whose bytes are not UTF-8 (Python's lone surrogates, which cannot
# be written to a terminal): each byte as ``\xff``, as ``ontology.files.name_text`` writes it
_AS_BYTES.update({c: f"\\x{c - 0xDC00:02x}" for c in range(0xDC80, 0xDD00)})
# Markdown's and JSON's form: ``\u001b``, which JSON also parses back to the character
_AS_CODES: dict[int, str] = {c: f"\\u{c:04x}" for c in CONTROL_CHARACTERS}

# punctuation that opens links, emphasis, code, tables or strikethrough anywhere in a line
_INLINE = re.compile(r"([\\`*_\[\]|~])")
# "&amp;" and "&#60;" would be read as entities: the ampersand itself is escaped
_ENTITY = re.compile(r"&(?=#?[0-9A-Za-z]+;)")
# what a line may not start with: headings, quotes, list markers, setext underlines
_LINE_START = re.compile(r"^([#>+=-]|\d+[.)])")
# an @mention (``@user``, ``@org/team``): one not inside a word (an e-mail address mentions no one)
_MENTION = re.compile(r"(?<![\w@])@(?=[A-Za-z0-9])")


def terminal_text(text: str) -> str:
    """``text`` as a terminal shows it: each control character written out (``\\x1b``), and
    each byte of a file's name that is not UTF-8 (``\\xff``)."""
    return text.translate(_AS_BYTES)


def terminal_line(text: str) -> str:
    """``text`` set inside one line of a message (a project's name, a file's: the one way a name
    is printed): ``terminal_text``, its line breaks written out (``\\n``, ``\\u2028``: a
    terminal or viewer may break a line at the Unicode separators too), so it cannot start a
    line of its own (audit 76 A F2: a file named so forged a line of ``lag``), and every other format
    character (Unicode category Cf: a zero-width space or joiner, a soft hyphen, a BOM, a tag
    character) written out as its code (``\\u200b``), so nothing in a name is invisible: two
    names that differ by one read differently (audit 50)."""
    line = terminal_text(text).replace("\n", "\\n").translate(_LINE_SEPARATORS)
    if line.isascii():
        return line
    return "".join(_format_code(c) if unicodedata.category(c) == "Cf" else c for c in line)


def file_line(file: str, line: int | None = None) -> str:
    """A place in a file as every message writes it, ``FILE:LINE`` (``FILE`` without a line), on
    its one line (``terminal_line``): a file's name is its author's, and one holding a line break
    forged lines of the review queue, ``show`` and ingest's proposals (audit 77 A F1)."""
    return terminal_line(f"{file}:{line}" if line else file)


def _format_code(character: str) -> str:
    code = ord(character)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def html_text(value: object) -> str:
    """``value`` as HTML text or an attribute value: controls written out, markup escaped."""
    text = str(value).replace("\r\n", "\n").replace("\r", "\n")
    return html.escape(text.translate(_AS_BYTES), quote=True)


def json_text(document: str) -> str:
    """A JSON document (SARIF) with every control character a ``\\uXXXX`` escape in its bytes,
    so an editor cannot be made to show it reordered; parsed, the text is the same.

    Only valid for JSON text: a control can appear there only inside a string, where the
    escape stands for the character itself (``json.dumps`` already escapes C0 controls).
    """
    # A 6 MB answer most often holds none. Text of ASCII alone can hold only the C0 controls and
    # DEL: a scan for each of them is four times as quick as one pass of the class's pattern (0.08
    # against 0.32 s over the 64 MB answer of 88,214 facts at the million, 8 December)
    if document.isascii():
        found = any(control in document for control in _ASCII_CONTROLS)
    else:
        found = _ANY_CONTROL.search(document) is not None
    return document.translate(_AS_CODES) if found else document


#: Any of ``CONTROL_CHARACTERS``: whether ``json_text`` has anything to write out.
_ANY_CONTROL = re.compile("[" + "".join(re.escape(chr(c)) for c in CONTROL_CHARACTERS) + "]")
#: Those of ``CONTROL_CHARACTERS`` that are ASCII (C0 but tab and newline, and DEL).
_ASCII_CONTROLS: tuple[str, ...] = tuple(chr(c) for c in CONTROL_CHARACTERS if c < 0x80)


#: The most digits ``int()`` reads from text (Python's limit; 0 means none).
_MOST_DIGITS = sys.get_int_max_str_digits() or sys.maxsize


def whole_number(text: str) -> int | None:
    """``text`` as a whole number where it is one written in decimal digits (``"12"``, ``"٣"``),
    else None: the one test before text is read as a number. ``str.isdigit()`` is also true of
    ``"²"``, ``"③"`` and other digits ``int()`` and ``float()`` refuse (a superscript in
    ``m²`` text crashed ``check``, audit 72 B F2), and ``int()`` refuses more digits than
    Python's limit (4,300): both are no number here."""
    if not text.isdecimal() or len(text) > _MOST_DIGITS:
        return None
    return int(text)


#: The most characters of a person's input an error message repeats (``echoed``).
ECHO_MAX_CHARS = 80


def echoed(text: str, limit: int = ECHO_MAX_CHARS) -> str:
    """``text`` (input a message repeats back: a subject, a name) as ``repr`` writes it, cut to
    ``limit`` characters with how long it was: the one home for echoing input, so an error never
    carries a 100 KB argument back whole."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text):,} characters)"


#: Longest run of a message without a space that is shown whole, and longest message: past
#: them, what the message holds is an argument or value echoed back, cut as ``echoed`` cuts it.
ECHO_RUN_CHARS = 300
MESSAGE_MAX_CHARS = 4000
_LONG_RUN = re.compile(rf"\S{{{ECHO_RUN_CHARS + 1},}}")


def message_text(message: str) -> str:
    """An error message as shown (CLI or HTTP): each run without a space longer than
    ``ECHO_RUN_CHARS`` (a CLI argument or query value it repeats) cut to ``ECHO_MAX_CHARS``
    with its length, and the whole cut at ``MESSAGE_MAX_CHARS``: the one cut for every error
    that echoes input, wherever the message was written."""
    cut = _LONG_RUN.sub(lambda run: f"{run.group()[:ECHO_MAX_CHARS]}… ({len(run.group()):,} characters)", message)
    if len(cut) > MESSAGE_MAX_CHARS:
        cut = f"{cut[:MESSAGE_MAX_CHARS]}… ({len(message):,} characters in all)"
    return cut


def yaml_quoted(text: str) -> str:
    """``text`` as a YAML double-quoted scalar that reads back as exactly ``text``: JSON's
    string escapes, which YAML 1.2 reads alike, and every control character a ``\\uXXXX``
    escape. Never a plain scalar, so ``null``, ``true``, ``#x`` or ``a: [b`` stay text and a
    line break cannot start a key of its own."""
    return json.dumps(text, ensure_ascii=False).translate(_AS_CODES).translate(_LINE_SEPARATORS)


def markdown_visible(text: str) -> str:
    """Control and bidi characters as ``\\uXXXX`` text; tabs and newlines are kept."""
    return text.translate(_AS_CODES)


def markdown_no_html(text: str) -> str:
    """Markdown that stays Markdown (an RFI draft) with no raw HTML in it.

    Only ``<`` is escaped: the draft's document text went through ``markdown_inline`` or
    ``markdown_quoted`` when it was drafted, so its ``&lt;`` and ``&amp;`` are that escaping's
    own (escaping them again would show ``&amp;lt;``), and an entity the engine's words hold
    cannot make a tag."""
    return text.replace("<", "&lt;")


def markdown_inline(text: str) -> str:
    """Document text set inside a line (a title, a label): no markup it holds takes effect."""
    text = _ENTITY.sub("&amp;", " ".join(text.split()))
    return _MENTION.sub("@&#8203;", markdown_visible(_INLINE.sub(r"\\\1", text).replace("<", "&lt;")))


def sarif_message(text: str) -> dict[str, str]:
    """A SARIF message object of ``text`` (SARIF 2.1.0 §3.11): SARIF reads "[text](target)" in any
    message's text as an embedded link, so document text that happens to look like one (a title, a
    project name, a subject) is escaped as SARIF asks and a viewer shows it as written; every
    message a SARIF log writes is made here."""
    if "](" in text:
        text = text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")
    return {"text": text}


def _escape_start(match: re.Match[str]) -> str:
    marker = match.group(1)
    if marker[0].isdigit():  # "3.12" at the start of a line would be an ordered list
        return marker[:-1] + "\\" + marker[-1]
    return "\\" + marker


def markdown_line(text: str) -> str:
    """Document text as a line of its own: ``markdown_inline``, and no block marker at its start."""
    text = " ".join(text.replace("\r", "\n").split("\n")).strip()
    text = _INLINE.sub(r"\\\1", _ENTITY.sub("&amp;", text)).replace("<", "&lt;")
    return _MENTION.sub("@&#8203;", markdown_visible(_LINE_START.sub(_escape_start, text)))


def markdown_quoted(text: str) -> list[str]:
    """Document text as blockquote lines (``> ...``), each inert."""
    lines = text.strip().splitlines() or [""]
    return [f"> {escaped}" if escaped else ">" for escaped in map(markdown_line, lines)]
