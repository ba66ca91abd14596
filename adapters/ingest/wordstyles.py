"""Word's styles, list numbering and symbols, as :mod:`.docx` reads a document with them.

- :class:`Styles`: each paragraph or character style's heading level, the list numbering it
  gives and whether it hides its text, each read through ``basedOn`` chains (cut at a cycle,
  and at :data:`_MAX_CHAIN` styles);
- :class:`Numbering`: Word's list counters, advanced paragraph by paragraph, and the number
  printed at each (``lvlText`` with each ``%N`` the count of level N in its format; one
  longer than any Word prints is a :class:`LabelError`);
- :func:`hides_text`: whether run properties hide their text;
- :func:`symbol`: the character a ``w:sym`` draws.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from lxml import etree

__all__ = ["LabelError", "Names", "Numbering", "Styles", "hides_text", "number", "symbol"]

#: The largest number a Word list counter reaches (Word's own limit on a level's start).
_MAX_COUNT = 32767
#: The most ``%N`` a level's ``lvlText`` may hold: Word takes at most nine, one per level.
_MAX_PLACEHOLDERS = 9
#: The longest list number printed, in characters. Word keeps a level's text, its ``%N``
#: written out, to 31 characters; twice that leaves room for what other writers make, and a
#: longer one (a letter count past 1,600, a ``lvlText`` of hundreds of ``%1``: megabytes of
#: text from a few kilobytes of XML) is refused before it is written, never built.
_MAX_LABEL = 64
#: The most styles a ``basedOn`` chain is followed through (a cycle is cut before).
_MAX_CHAIN = 64
_PLACEHOLDER = re.compile(r"%([1-9])")
#: The Word number formats (``w:numFmt``) :func:`_format` writes as Word prints them; any other
#: (``chineseCounting``, ``ordinalText``, ``cardinalText``, ``ganada``...) is written in digits,
#: and said (``Numbering.unrendered``: audit MM4-6).
RENDERED_FORMATS = frozenset({"decimal", "upperLetter", "lowerLetter", "upperRoman", "lowerRoman", "decimalZero",
                              "none", "bullet"})
_HEADING_STYLE = re.compile(r"heading ([1-6])", re.IGNORECASE)
_CONTENTS_STYLE = re.compile(r"toc (?:[1-9]|heading)", re.IGNORECASE)
_ROMAN = tuple(
    zip(
        (1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1),
        "m cm d cd c xc l xl x ix v iv i".split(),
        strict=True,
    )
)


class LabelError(ValueError):
    """A list number longer than any Word prints (:data:`_MAX_LABEL`, :data:`_MAX_PLACEHOLDERS`):
    the message says which and, from :meth:`Numbering.label`, its numbering definition."""


class Names:
    """Qualified names in the document's WordprocessingML namespace (transitional or strict)."""

    def __init__(self, namespace: str) -> None:
        self.namespace = namespace

    def __call__(self, name: str) -> str:
        return f"{{{self.namespace}}}{name}"

    def local(self, element: etree._Element) -> str | None:
        """The element's name when it is in this namespace, else None (comments included)."""
        tag = element.tag
        if not isinstance(tag, str) or not tag.startswith("{" + self.namespace + "}"):
            return None
        return tag[len(self.namespace) + 2 :]

    def value(self, element: etree._Element | None, child: str) -> str | None:
        """The ``w:val`` of ``element``'s child ``child``."""
        if element is None:
            return None
        found = element.find(self(child))
        return None if found is None else found.get(self("val"))


def number(text: str | None) -> int | None:
    """The integer an attribute writes (``w:val="3"``), or None."""
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


def hides_text(properties: etree._Element | None, w: Names) -> bool | None:
    """Whether run properties (``w:rPr``) hide their text: True or False where they say
    (``w:vanish``, ``w:specVanish``; ``w:val="0"``/``false``/``off`` shows it), else None."""
    if properties is None:
        return None
    said: bool | None = None
    for name in ("specVanish", "vanish"):
        found = properties.find(w(name))
        if found is not None:
            on = found.get(w("val")) not in ("0", "false", "off")
            if on:
                return True
            said = False
    return said


class Styles:
    """Paragraph and character styles: the heading level, the numbering and whether text in
    them is hidden, each through ``basedOn`` (a chain cut at a cycle or :data:`_MAX_CHAIN`)."""

    def __init__(self, root: etree._Element | None, w: Names) -> None:
        self.based_on: dict[str, str] = {}
        self.names: dict[str, str] = {}
        self.numbering: dict[str, tuple[str | None, int | None]] = {}
        self.default: str | None = None
        #: ``w:vanish`` as each style's own run properties say it (styles that say nothing left out)
        self.vanish: dict[str, bool] = {}
        #: whether text is hidden by the document's defaults (``w:docDefaults``)
        self.hidden_by_default = False
        self._hides: dict[str | None, bool | None] = {}
        if root is not None:
            defaults = root.find(f"{w('docDefaults')}/{w('rPrDefault')}/{w('rPr')}")
            self.hidden_by_default = bool(hides_text(defaults, w))
        for style in root.iter(w("style")) if root is not None else ():
            style_id = style.get(w("styleId"))
            if style_id is None:
                continue
            self.names[style_id] = w.value(style, "name") or ""
            parent = w.value(style, "basedOn")
            if parent:
                self.based_on[style_id] = parent
            hidden = hides_text(style.find(w("rPr")), w)
            if hidden is not None:
                self.vanish[style_id] = hidden
            properties = style.find(w("pPr"))
            numbering = properties.find(w("numPr")) if properties is not None else None
            if numbering is not None:
                self.numbering[style_id] = (
                    w.value(numbering, "numId"),
                    number(w.value(numbering, "ilvl")),
                )
            if style.get(w("type")) == "paragraph" and style.get(w("default")) in ("1", "true"):
                self.default = style_id

    def chain(self, style_id: str | None) -> Iterator[str]:
        """The style and the ones it is based on, nearest first (a cycle is cut, and so is a
        chain past :data:`_MAX_CHAIN` styles: Word's own are a few deep)."""
        seen: set[str] = set()
        while style_id is not None and style_id not in seen and len(seen) < _MAX_CHAIN:
            seen.add(style_id)
            yield style_id
            style_id = self.based_on.get(style_id)

    def hides(self, style_id: str | None) -> bool | None:
        """Whether the style (or the nearest it is based on that says) hides its text; None
        where none of them says."""
        if style_id not in self._hides:
            self._hides[style_id] = next(
                (self.vanish[s] for s in self.chain(style_id) if s in self.vanish), None
            )
        return self._hides[style_id]

    def heading_level(self, style_id: str | None) -> int | None:
        for ancestor in self.chain(style_id):
            match = _HEADING_STYLE.fullmatch(self.names.get(ancestor, ""))
            if match is not None:
                return int(match[1])
        return None

    def is_contents(self, style_id: str | None) -> bool:
        """A table of contents' title or entry (``TOC Heading``, ``TOC 1``…): it repeats the
        headings, it is not one of them."""
        return any(_CONTENTS_STYLE.fullmatch(self.names.get(s, "")) for s in self.chain(style_id))

    def numbering_of(self, style_id: str | None) -> tuple[str | None, int | None]:
        for ancestor in self.chain(style_id):
            if ancestor in self.numbering and self.numbering[ancestor][0] is not None:
                return self.numbering[ancestor]
        return None, None


@dataclass(frozen=True, slots=True)
class _Level:
    """One level of a list: its number format, its text (``%1.%2``), start and restart."""

    format: str
    text: str
    start: int
    #: Reset when a level above this index is used (Word's ``lvlRestart``; None: the level before).
    restart: int | None
    legal: bool
    style: str | None

    @classmethod
    def read(cls, level: etree._Element, w: Names) -> _Level:
        legal = level.find(w("isLgl"))
        return cls(
            format=w.value(level, "numFmt") or "decimal",
            text=w.value(level, "lvlText") or "",
            start=number(w.value(level, "start")) or 0,
            restart=number(w.value(level, "lvlRestart")),
            legal=legal is not None and legal.get(w("val")) not in ("0", "false"),
            style=w.value(level, "pStyle"),
        )

    def label(self, counts: dict[int, int], levels: dict[int, _Level]) -> str:
        """The number as printed: ``lvlText`` with each ``%N`` the count of level N; a
        LabelError where it would be past :data:`_MAX_PLACEHOLDERS` or :data:`_MAX_LABEL`."""
        if self.format == "bullet":
            return "-"  # a bullet's glyph is a symbol-font character: Markdown writes "-"
        placeholders = len(_PLACEHOLDER.findall(self.text))
        if placeholders > _MAX_PLACEHOLDERS:
            raise LabelError(
                f"its list number's text (lvlText) holds {placeholders:,} level numbers (%N), "
                f"more than the {_MAX_PLACEHOLDERS} Word takes"
            )

        def count(match: re.Match[str]) -> str:
            index = int(match[1]) - 1
            level = levels.get(index)
            start = level.start if level is not None else 1
            # A level not used yet shows one before its start, as Word prints "0.1".
            value = counts.get(index, start - 1)
            return _format(
                value, "decimal" if self.legal else (level.format if level else "decimal")
            )

        label = _PLACEHOLDER.sub(count, self.text).strip()
        if len(label) > _MAX_LABEL:
            raise LabelError(
                f"its list number is {len(label):,} characters long, more than the {_MAX_LABEL} "
                "a list number is read to (Word prints at most 31)"
            )
        return label


def _format(value: int, format: str) -> str:
    """``value`` written in a Word number format (letters repeat after Z: ``AA``, ``BB``);
    past Word's own limit (32767) the number is written in digits, and letters past
    :data:`_MAX_LABEL` are a LabelError, never a kilobyte of ``Z``."""
    if format == "none":
        return ""
    if value > _MAX_COUNT:
        return str(value)
    if format in ("upperLetter", "lowerLetter") and value > 0:
        repeat = (value - 1) // 26 + 1
        if repeat > _MAX_LABEL:  # counted before it is written: 32767 is 1,261 letters
            raise LabelError(
                f"its list number, {value:,} in letters, is {repeat:,} letters long, more than "
                f"the {_MAX_LABEL} characters a list number is read to (Word prints at most 31)"
            )
        letters = chr(ord("A") + (value - 1) % 26) * repeat
        return letters if format == "upperLetter" else letters.lower()
    if format in ("upperRoman", "lowerRoman") and value > 0:
        roman = ""
        for amount, numeral in _ROMAN:
            while value >= amount:
                roman, value = roman + numeral, value - amount
        return roman.upper() if format == "upperRoman" else roman
    if format == "decimalZero":
        return f"{value:02d}"
    return str(value)


class Numbering:
    """Word's list counters, advanced paragraph by paragraph as Word prints them.

    Lists that share an abstract definition share its counters (Word continues the numbering
    across them); a list with a ``startOverride`` restarts its levels where it is first used.
    """

    def __init__(self, root: etree._Element | None, styles: Styles, w: Names) -> None:
        self.w = w
        self.styles = styles
        self.abstracts: dict[str, etree._Element] = {}
        self.lists: dict[str, etree._Element] = {}
        for element in root if root is not None else ():
            name = w.local(element)
            if name == "abstractNum" and element.get(w("abstractNumId")) is not None:
                self.abstracts[str(element.get(w("abstractNumId")))] = element
            elif name == "num" and element.get(w("numId")) is not None:
                self.lists[str(element.get(w("numId")))] = element
        self.counts: dict[str, dict[int, int]] = {}
        self.started: set[str] = set()
        self.found: dict[str, tuple[str, dict[int, _Level], dict[int, int]] | None] = {}
        #: The number formats of the last label written in digits though Word prints them
        #: otherwise (not in RENDERED_FORMATS); the reader takes them after each label.
        self.unrendered: list[str] = []

    def fresh(self) -> Numbering:
        """The same definitions with every counter at its start: a page header's lists count
        apart from the body's, and the definitions are read once for all the parts."""
        copy = object.__new__(Numbering)
        copy.w, copy.styles, copy.abstracts, copy.lists = self.w, self.styles, self.abstracts, self.lists
        copy.counts, copy.started, copy.found, copy.unrendered = {}, set(), {}, []
        return copy

    def label(self, list_id: str, level_index: int | None, style_id: str | None) -> str:
        """Advance the list's counter at the level and give the number printed there."""
        if list_id not in self.found:
            self.found[list_id] = self._levels(list_id)
        found = self.found[list_id]
        if found is None:
            return ""
        abstract_id, levels, starts = found
        if level_index is None:  # a style linked to a level (w:pStyle in the level) says which
            level_index = next((i for i, level in levels.items() if level.style == style_id), 0)
        level = levels.get(level_index)
        if level is None:
            return ""
        counts = self.counts.setdefault(abstract_id, {})
        if list_id not in self.started:
            self.started.add(list_id)
            for index, start in starts.items():
                counts[index] = start - 1
        counts[level_index] = counts.get(level_index, level.start - 1) + 1
        for deeper in [index for index in counts if index > level_index]:
            rule = levels[deeper].restart if deeper in levels else None
            if level_index < (deeper if rule is None else rule):
                del counts[deeper]
        try:
            label = level.label(counts, levels)
        except LabelError as exc:
            raise LabelError(
                f"{exc} (numbering.xml: abstractNum {abstract_id}, level {level_index})"
            ) from None
        if level.format != "bullet" and not level.legal:
            for placeholder in _PLACEHOLDER.findall(level.text):
                shown = levels.get(int(placeholder) - 1)
                if shown is not None and shown.format not in RENDERED_FORMATS:
                    self.unrendered.append(shown.format)
        return label

    def _levels(
        self, list_id: str, depth: int = 0
    ) -> tuple[str, dict[int, _Level], dict[int, int]] | None:
        """The list's abstract definition id, its levels (overrides applied), its start overrides."""
        w = self.w
        instance = self.lists.get(list_id)
        abstract_id = w.value(instance, "abstractNumId")
        abstract = self.abstracts.get(abstract_id or "")
        if instance is None or abstract_id is None or abstract is None or depth > 3:
            return None
        link = w.value(abstract, "numStyleLink")  # the levels live in a numbering style's list
        if link is not None:
            linked_list, _ = self.styles.numbering_of(link)
            linked = self._levels(linked_list, depth + 1) if linked_list else None
            if linked is None:
                return None
            abstract_id, levels, _ = linked
        else:
            levels = {
                number(level.get(w("ilvl"))) or 0: _Level.read(level, w)
                for level in abstract.iter(w("lvl"))
            }
        starts: dict[int, int] = {}
        for override in instance.iter(w("lvlOverride")):
            index = number(override.get(w("ilvl"))) or 0
            start = number(w.value(override, "startOverride"))
            if start is not None:
                starts[index] = start
            replaced = override.find(w("lvl"))
            if replaced is not None:
                levels = {**levels, index: _Level.read(replaced, w)}
        return abstract_id, levels, starts


def symbol(font: str, code: str) -> str | None:
    """The character a ``w:sym`` draws: in the Symbol font, its character by Symbol's own
    encoding (Word writes its codes from ``F020``, Symbol's ``20`` moved into Unicode's private
    use area); in another font, the Unicode character of that code; None for a code in a symbol
    font's private use area (Wingdings' check boxes and arrows) or a code that is no number."""
    try:
        value = int(code, 16)
    except ValueError:
        return None
    if font.strip().lower() == "symbol":
        return _SYMBOL_FONT.get(value - 0xF000 if 0xF000 <= value <= 0xF0FF else value)
    if value < 0x20 or 0xD800 <= value <= 0xF8FF or value > 0x10FFFF:
        return None  # a control character, a surrogate, the private use area
    return chr(value)


def _symbol_font() -> dict[int, str]:
    """The Symbol font's codes that are read: its ASCII digits and punctuation, its Greek
    letters (where ASCII has Latin ones) and the mathematical signs a specification writes."""
    table = {code: chr(code) for code in range(0x20, 0x7F) if not chr(code).isalpha() and code != 0x60}
    table.update(zip(range(0x41, 0x5B), "ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ", strict=True))
    table.update(zip(range(0x61, 0x7B), "αβχδεφγηιϕκλμνοπθρστυϖωξψζ", strict=True))
    signs = {
        0x22: "∀", 0x24: "∃", 0x27: "∋", 0x2A: "∗", 0x2D: "−", 0x40: "≅", 0x5C: "∴", 0x5E: "⊥",
        0xA2: "′", 0xA3: "≤", 0xA5: "∞", 0xAB: "↔", 0xAC: "←", 0xAD: "↑", 0xAE: "→", 0xAF: "↓",
        0xB0: "°", 0xB1: "±", 0xB2: "″", 0xB3: "≥", 0xB4: "×", 0xB5: "∝", 0xB6: "∂", 0xB7: "•",
        0xB8: "÷", 0xB9: "≠", 0xBA: "≡", 0xBB: "≈", 0xBC: "…", 0xC6: "∅", 0xC7: "∩", 0xC8: "∪",
        0xD6: "√", 0xD7: "⋅", 0xE5: "∑", 0xF2: "∫",
    }  # fmt: skip
    table.update(signs)
    return table


_SYMBOL_FONT = _symbol_font()
