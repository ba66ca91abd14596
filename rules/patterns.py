"""Wording patterns: supersession derivation and qualifier cross-references.

A policy owner writes a pattern as the words of the document with placeholders:

    Section {section}, Paragraph {paragraph}: Delete {text} and substitute

``{section}`` is a CSI MasterFormat number (``03 30 00``, a quoted title after it allowed),
``{paragraph}`` and ``{ref}`` a section path as the document numbers it (``2.1.A``, ``9.1``,
``447.21(a)(1)``), ``{text}`` any words. Spaces match any run of whitespace, a comma may be
left out, and letter case is ignored. Whoever needs more writes ``regex:`` with the same
names as named groups.

A supersession rule also lists, under ``no_change``, the words by which an item says it
changes nothing ("Answer: REJECTED.", "No change is made"); they are whole words written
the same way, or ``regex:``, and need no placeholder.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from .base import RULE_CONFIG, RuleBase

__all__ = [
    "PLACEHOLDERS",
    "PatternError",
    "QualifierRule",
    "SupersessionPattern",
    "SupersessionRule",
    "WordingPattern",
    "compile_phrase",
    "compile_wording",
    "normalize_path",
    "normalize_section_number",
]

_PATH = r"(?:\d+[A-Za-z]?|[A-Z](?=\.\d))(?:\.[0-9A-Za-z]+)*(?:\([0-9A-Za-z]{1,4}\))*"
PLACEHOLDERS: dict[str, str] = {
    "section": r"\d{2}\s?\d{2}\s?\d{2}(?:\.\d{2})?",
    "paragraph": _PATH,
    "ref": _PATH,
    "text": r".*?",
}
#: A section's quoted title after its number (``Section 00 21 13 "Instructions to Bidders,"``).
_SECTION_TITLE = r'(?:\s*["“][^"”\n]{0,160}["”])?'
#: Words a cross-reference may put before the number it names ("in Section 9.1", "in § 9.1").
_REF_PREFIX = r"(?:§\s*|(?:sections?|paragraphs?|articles?|clauses?)\s+)?"
_PLACEHOLDER_RE = re.compile(r"\{([a-z_]+)\}")


class PatternError(ValueError):
    """A pattern that does not compile, or lacks a placeholder its rule needs."""


class WordingPattern(BaseModel):
    """Exactly one of ``pattern`` (words with placeholders) or ``regex`` (named groups)."""

    model_config = RULE_CONFIG

    pattern: str | None = None
    regex: str | None = None

    @model_validator(mode="after")
    def _one_form(self) -> WordingPattern:
        if (self.pattern is None) == (self.regex is None):
            raise ValueError("write exactly one of `pattern` or `regex`")
        return self

    @property
    def written(self) -> str:
        return self.pattern if self.pattern is not None else str(self.regex)


class SupersessionPattern(WordingPattern):
    """Wording that replaces a provision, and whether the replacement is whole or partial."""

    scope: Literal["full", "partial"]
    target: Literal["paragraph", "section"] = Field(
        default="paragraph",
        description="paragraph: the {paragraph} of the section; section: the whole section (its document), "
        "the pattern then needs no {paragraph}",
    )
    successor: Literal["item", "none"] = Field(
        default="item",
        description="item: the item carries what replaces the target; none: nothing does (\"delete ... in its "
        "entirety\"), the target simply stops applying",
    )


class SupersessionRule(RuleBase):
    """Turns addendum and change-order wording into supersedes edges (origin ``rule:<id>``).

    A pattern is read only as an item's own instruction: at the start of the item's own text
    (its label aside), within its first paragraph, outside quotation marks, and never in an
    item whose words (outside quotation marks) include one of ``no_change``.

    The section number is resolved to the document that carries it — by ``target_document``
    (a template such as ``SPEC-{section}``, the six digits of the number) when given, else by
    looking for a document of ``target_kinds`` whose id, title or a section number carries it.
    """

    kind: Literal["supersession"]
    document_kinds: tuple[str, ...] = ("addendum", "change_order")
    target_kinds: tuple[str, ...] = ("specification",)
    target_document: str | None = None
    patterns: tuple[SupersessionPattern, ...] = Field(min_length=1)
    no_change: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words by which an item says it changes nothing (a rejected request, 'No change is "
        "made'): an item holding any of them outside quotation marks derives no edge",
    )
    headings: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words of a heading that names the section its sub-items change (\"A. Section 034100 "
        "\\\"PRECAST STRUCTURAL CONCRETE\\\"\", then \"1. Paragraph 2.1.B: Delete ...\"): each needs "
        "{section} (or a regex group 'section'); a pattern without {section} takes it from the nearest "
        "enclosing item whose instruction is such a heading, and derives nothing outside one",
    )
    mentions: tuple[WordingPattern, ...] = Field(
        default=(),
        description="words by which an item names what it would change (a section, paragraph, sheet or "
        "callout): an item whose instruction (its first paragraph) holds one outside quotation marks, "
        "that derives no edge and does not say it changes nothing, is reported by ingest as not "
        "understood, for review",
    )


class QualifierRule(RuleBase):
    """Cross-references that qualify a provision ("except as provided in 9.1", "subject to Section 4").

    Each match links the provision holding the words to the provision they name, so a claim
    that cites the rule without its qualifier can be flagged.
    """

    kind: Literal["qualifier"]
    document_kinds: tuple[str, ...] | None = None
    patterns: tuple[WordingPattern, ...] = Field(min_length=1)
    #: what ``check`` makes of a claim citing the provision without its qualifier:
    #: ``failure`` (the claim is ``missing_qualifier``) or ``warning`` (it passes, with a warning)
    severity: Literal["failure", "warning"] = "failure"


def compile_wording(pattern: WordingPattern, required: tuple[str, ...]) -> re.Pattern[str]:
    """The regular expression a pattern stands for; PatternError when it cannot serve its rule."""
    if pattern.regex is not None:
        try:
            compiled = re.compile(pattern.regex, re.IGNORECASE | re.DOTALL)
        except re.error as problem:
            raise PatternError(f"regex does not compile: {problem}") from None
        names = set(compiled.groupindex)
    else:
        parts: list[str] = []
        names = set()
        position = 0
        text = pattern.written
        for match in _PLACEHOLDER_RE.finditer(text):
            parts.append(_literal(text[position : match.start()]))
            name = match.group(1)
            if name not in PLACEHOLDERS:
                known = ", ".join("{" + p + "}" for p in PLACEHOLDERS)
                raise PatternError(f"unknown placeholder {{{name}}} (known: {known})")
            if name in names and name != "text":
                raise PatternError(f"placeholder {{{name}}} appears twice")
            group = f"(?P<{name}>{PLACEHOLDERS[name]})" if name != "text" else PLACEHOLDERS[name]
            if name == "ref":
                group = _REF_PREFIX + group
            elif name == "section":
                group += _SECTION_TITLE
            parts.append(group)
            names.add(name)
            position = match.end()
        parts.append(_literal(text[position:]))
        compiled = re.compile("".join(parts), re.IGNORECASE | re.DOTALL)
    missing = [name for name in required if name not in names]
    if missing:
        raise PatternError(
            "pattern lacks " + ", ".join("{" + m + "}" for m in missing) + " so it can never link anything"
        )
    return compiled


def compile_phrase(pattern: WordingPattern) -> re.Pattern[str]:
    """The regular expression of a ``no_change`` phrase: words match whole words only
    ("rejected" is not read in "unrejected"); a ``regex`` is taken as written."""
    compiled = compile_wording(pattern, ())
    if pattern.regex is not None:
        return compiled
    return re.compile(rf"(?<!\w)(?:{compiled.pattern})(?!\w)", compiled.flags)


def _literal(text: str) -> str:
    """Literal words: any run of whitespace matches any other, and a comma may be left out
    (a quoted title often swallows it: ``"Instructions to Bidders," Paragraph``)."""
    if not text.strip():
        return r"\s*" if text else ""
    words = (re.escape(word).replace(",", ",?") for word in re.split(r"\s+", text))
    return r"\s+".join(words)


def normalize_section_number(text: str) -> str:
    """``03 30 00`` → ``033000``: the digits of a CSI MasterFormat number."""
    return re.sub(r"\s+", "", text)


def normalize_path(text: str) -> str:
    """``447.21(a)(1)`` → ``447.21.a.1``; ``2.1.A`` stays: a path as locators write it."""
    head, _, tail = text.partition("(")
    parts = [head.rstrip(".")]
    if tail:
        parts.extend(re.findall(r"\(([0-9A-Za-z]+)\)", "(" + tail))
    return ".".join(p for p in parts if p)
