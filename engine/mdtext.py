"""Document text inside the Markdown the engine drafts (RFI drafts): data, never markup.

An RFI draft is Markdown a person opens in a viewer; a clause that reads ``<script>``,
``[click](javascript:...)``, ``# heading`` or ``| a | b |`` must show as those characters.
Every character Markdown gives meaning to is backslash-escaped, a line that would start a
block is escaped at its start, and bidi and other control characters are written out
(``\\u202e``) so they cannot reorder what the reader sees.
"""

from __future__ import annotations

import re

__all__ = ["inline", "quoted"]

_ACTIVE = re.compile(r"([\\`*_\[\]<>|~&])")  # inline markup; "(" and ")" act only after "]"
_LINE_START = re.compile(r"^([-+=#]|\d+[.)])")  # what opens a block at a line's start
_CONTROLS = {c: f"\\u{c:04x}" for c in (*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0),
                                        0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
             if c not in (0x0A,)}


def _visible(text: str) -> str:
    return text.translate(_CONTROLS)


def _escape_start(match: re.Match[str]) -> str:
    marker = match.group(1)
    return "\\" + marker if len(marker) == 1 else marker[:-1] + "\\" + marker[-1]


def inline(text: str) -> str:
    """One line of document text (a title, a label) as inert Markdown, set inside a line (never
    at its start, where a block marker would need escaping too)."""
    return _ACTIVE.sub(r"\\\1", _visible(" ".join(text.split())))


def quoted(text: str) -> list[str]:
    """Document text as blockquote lines (``> ...``), each inert."""
    lines = []
    for line in text.strip().splitlines() or [""]:
        escaped = _ACTIVE.sub(r"\\\1", _visible(line.strip()))
        escaped = _LINE_START.sub(_escape_start, escaped)
        lines.append(f"> {escaped}" if escaped else ">")
    return lines
