"""Document text inside the Markdown the engine drafts (RFI drafts): data, never markup.

An RFI draft is Markdown a person opens in a viewer; a clause that reads ``<script>``,
``[click](javascript:...)``, ``# heading`` or ``| a | b |`` must show as those characters.
Every character Markdown gives meaning to is escaped (``<`` as ``&lt;``, an entity's ``&``,
the rest with a backslash), a line that would start a block is escaped at its start, and bidi
and other control characters are written out (``\\u202e``) so they cannot reorder what the
reader sees. The sweep's Markdown report escapes document text with the same functions.
"""

from __future__ import annotations

import re

__all__ = ["BIDI_CONTROLS", "inline", "line", "no_html", "quoted", "visible"]

#: Bidirectional marks, embeddings, overrides and isolates: written out wherever document text
#: is shown (reports, RFI drafts), since obeyed they reorder what the reader sees.
BIDI_CONTROLS: tuple[int, ...] = (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))

# punctuation that opens links, emphasis, code, tables or strikethrough anywhere in a line
_INLINE = re.compile(r"([\\`*_\[\]|~])")
# "&amp;" and "&#60;" would be read as entities: the ampersand itself is escaped
_ENTITY = re.compile(r"&(?=#?[0-9A-Za-z]+;)")
# what a line may not start with: headings, quotes, list markers, setext underlines
_LINE_START = re.compile(r"^([#>+=-]|\d+[.)])")
_CONTROLS = {c: f"\\u{c:04x}" for c in (*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0), *BIDI_CONTROLS)
             if c not in (0x09, 0x0A)}


def visible(text: str) -> str:
    """Control and bidi characters as ``\\uXXXX`` text; tabs and newlines are kept."""
    return text.translate(_CONTROLS)


def _escape_start(match: re.Match[str]) -> str:
    marker = match.group(1)
    if marker[0].isdigit():  # "3.12" at the start of a line would be an ordered list
        return marker[:-1] + "\\" + marker[-1]
    return "\\" + marker


def no_html(text: str) -> str:
    """Markdown that stays Markdown (an RFI draft) with no raw HTML or entity in it."""
    return _ENTITY.sub("&amp;", text).replace("<", "&lt;")


def inline(text: str) -> str:
    """Document text set inside a line (a title, a label): no markup it holds takes effect."""
    text = _ENTITY.sub("&amp;", " ".join(text.split()))
    return visible(_INLINE.sub(r"\\\1", text).replace("<", "&lt;"))


def line(text: str) -> str:
    """Document text as a line of its own: ``inline``, and no block marker at its start."""
    text = " ".join(text.replace("\r", "\n").split("\n")).strip()
    text = _INLINE.sub(r"\\\1", _ENTITY.sub("&amp;", text)).replace("<", "&lt;")
    return visible(_LINE_START.sub(_escape_start, text))


def quoted(text: str) -> list[str]:
    """Document text as blockquote lines (``> ...``), each inert."""
    return [f"> {escaped}" if escaped else ">" for escaped in map(line, text.strip().splitlines() or [""])]
