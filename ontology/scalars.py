"""Scalars shared by every model: locators, character spans, dates on both clocks."""

from __future__ import annotations

import datetime as dt
import functools
import re
import types
import unicodedata
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    GetJsonSchemaHandler,
    PlainSerializer,
    ValidationError,
    model_serializer,
    model_validator,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, InitErrorDetails, PydanticCustomError

from .dates import parse_datetime_utc
from .errors import LocatorError

__all__ = [
    "CharSpan",
    "DocumentId",
    "Locator",
    "PATH_SEGMENT",
    "UtcDateTime",
    "YamlModel",
    "blank_or_padded",
    "draws_nothing",
    "group_name",
    "is_document_id",
    "sent_locator",
    "trusted",
    "visible_name",
]

#: One segment of a section path: ``2``, ``A``, ``a``, ``iv``, ``part-2``, ``table-1``, ``row-3``.
PATH_SEGMENT = r"[A-Za-z0-9][A-Za-z0-9_\-]*"
_DOC_ID = r"[A-Za-z0-9][A-Za-z0-9_\-.]*"
_REV = r"[A-Za-z0-9][A-Za-z0-9_\-.]*"
_LOCATOR_RE = re.compile(
    rf"^(?P<doc>{_DOC_ID})(?:@(?P<rev>{_REV}))?(?:#(?P<path>{PATH_SEGMENT}(?:\.{PATH_SEGMENT})*))?\Z"
)
_DOC_ID_RE = re.compile(rf"^{_DOC_ID}\Z")

DocumentId = Annotated[str, Field(pattern=rf"^{_DOC_ID}$", min_length=1, max_length=200)]

_Model = TypeVar("_Model", bound=BaseModel)
_TEMPLATES: dict[type[BaseModel], dict[str, Any]] = {}
# the slots every pydantic model has beside its fields, set as validation sets them
_SET_FIELDS_SET = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_SET_EXTRA = BaseModel.__dict__["__pydantic_extra__"].__set__
_SET_PRIVATE = BaseModel.__dict__["__pydantic_private__"].__set__


def trusted(cls: type[_Model], values: dict[str, Any]) -> _Model:
    """A ``cls`` holding ``values`` exactly as given: no validator runs.

    For results the engine builds on a hot path (an as-of answer, its chain steps and pinned
    locators) out of values that were validated where they came in: a locator parsed, a
    revision label and date read from the index. Validating them again cost most of an
    answer's time. The object is the one ``cls(**values)`` makes from such values (same
    fields, same fields-set, equal and serialised alike); it is no shortcut for anything from
    outside, which goes through ``cls(...)``. ``values`` must hold every field without a
    default, in the form validation would leave it (a tuple for a tuple, an aware UTC
    datetime for a ``UtcDateTime``).
    """
    template = _TEMPLATES.get(cls)
    if template is None:
        if cls.__private_attributes__ or cls.model_config.get("extra") == "allow":
            raise TypeError(f"{cls.__name__} keeps private or extra attributes; build it with {cls.__name__}(...)")
        template = {}
        for name, info in cls.model_fields.items():
            if info.default_factory is not None:  # a fresh default per object: not shareable
                raise TypeError(f"{cls.__name__}.{name} has a default factory; build it with {cls.__name__}(...)")
            template[name] = None if info.is_required() else info.default
        _TEMPLATES[cls] = template
    fields = dict(template)  # the fields' order, as validation leaves it
    fields.update(values)
    made = object.__new__(cls)
    object.__setattr__(made, "__dict__", fields)
    _SET_FIELDS_SET(made, set(values))
    _SET_EXTRA(made, None)
    _SET_PRIVATE(made, None)
    return made


class Locator(BaseModel):
    """Where a provision lives: ``DOC-ID[@REV][#path]``.

    ``rev`` pins one revision; without it the locator means the document's provision in
    whatever revision is in force. ``path`` is absent for a whole document.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    doc: str
    rev: str | None = None
    path: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_string(cls, value: Any) -> Any:
        if isinstance(value, str):
            return cls._parts(value)
        return value

    @model_validator(mode="after")
    def _check_parts(self) -> Locator:
        text = self.format()
        if not _LOCATOR_RE.match(text) or self.doc.endswith("."):
            raise ValueError(f"invalid locator parts: {text!r}")
        return self

    @staticmethod
    def _parts(text: str) -> dict[str, str | None]:
        match = _LOCATOR_RE.match(text.strip())
        if match is None or match["doc"].endswith("."):
            raise LocatorError(
                f"cannot parse locator {text!r}",
                hint="expected DOC-ID[@REV][#path], e.g. SPEC-033000#2.1.A or SOP-114@D#5.2",
            )
        return match.groupdict()

    @classmethod
    def parse(cls, text: str) -> Locator:
        """Parse ``DOC-ID[@REV][#path]``; raises LocatorError with a hint when it does not."""
        if cls is Locator:
            return _parsed(text)
        return cls(**cls._parts(text))

    @classmethod
    def of_parts(cls, doc: str, rev: str | None = None, path: str | None = None) -> Locator:
        """The locator of parts already checked — another locator's, a revision label the
        index holds — built without validating them again (``trusted``). Parts from
        outside go through ``Locator(...)`` or ``parse``."""
        return trusted(cls, {"doc": doc, "rev": rev, "path": path})

    @model_serializer(mode="plain")
    def _to_string(self) -> str:
        return self.format()

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        """A locator as the contract writes it, a string (as read, its parts are taken too)."""
        written = {"type": "string", "description": "DOC-ID[@REV][#path], e.g. SPEC-033000#2.1.A"}
        if handler.mode == "serialization":
            return written
        return {"title": "Locator", "anyOf": [written, handler.resolve_ref_schema(handler(core_schema))]}

    def format(self) -> str:
        text = self.doc
        if self.rev is not None:
            text += f"@{self.rev}"
        if self.path is not None:
            text += f"#{self.path}"
        return text

    def __str__(self) -> str:
        return self.format()

    def unpinned(self) -> Locator:
        """The same provision without a revision: the in-force one, whichever that is."""
        return self if self.rev is None else Locator.of_parts(self.doc, None, self.path)

    def pinned(self, rev: str | None) -> Locator:
        return Locator(doc=self.doc, rev=rev, path=self.path)

    @property
    def segments(self) -> tuple[str, ...]:
        return tuple(self.path.split(".")) if self.path else ()


def _admits_bool(annotation: Any) -> bool:
    """Whether a field typed ``annotation`` may hold ``true``/``false``: it names ``bool`` or
    ``Any``, a Literal of a boolean, or a model (which checks its own fields)."""
    if annotation is bool or annotation is Any or isinstance(annotation, (str, TypeVar)):
        return True
    if isinstance(annotation, type):
        return issubclass(annotation, BaseModel)
    origin = get_origin(annotation)
    if origin is Literal:
        return any(isinstance(value, bool) for value in get_args(annotation))
    if origin is Annotated:
        return _admits_bool(get_args(annotation)[0])
    if origin in (Union, types.UnionType, tuple, list, dict, set, frozenset):
        return any(_admits_bool(arg) for arg in get_args(annotation) if arg is not Ellipsis)
    return True  # a type this check does not know: pydantic alone decides


def _holds_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return True
    if isinstance(value, dict):
        return any(_holds_bool(v) for v in value.values())
    return isinstance(value, (list, tuple)) and any(_holds_bool(v) for v in value)


class YamlModel(BaseModel):
    """The base of every model read from a file a person writes (a rule pack and its tests, the
    manifest): ``true``/``false`` is a yes/no, never the number 1 or 0. Pydantic reads a bool as
    an int (Python's ``True == 1``), so ``schema_version: true`` had been a pack of version 1 and
    ``coverage: true`` a 1 % bar; here a boolean where the field holds no boolean is refused at
    its key, for every field of every such model alike."""

    @model_validator(mode="before")
    @classmethod
    def _no_bool_as_number(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        wrong = [(name, value) for name, value in data.items() if _holds_bool(value)
                 and (field := _field(cls, name)) is not None and not _admits_bool(field.annotation)]
        if wrong:
            raise ValidationError.from_exception_data(cls.__name__, [
                InitErrorDetails(type=PydanticCustomError("bool_as_number", _BOOL_AS_NUMBER), loc=(name,), input=value)
                for name, value in wrong])
        return data


def _field(model: type[BaseModel], key: Any) -> Any:
    """The field a written key fills (by its name or its alias), or None."""
    for name, field in model.model_fields.items():
        if key in (name, field.alias):
            return field
    return None


#: What is said of ``true``/``false`` written where a number or a text is due.
_BOOL_AS_NUMBER = "true/false is a yes/no, not a number or a text here"


def sent_locator(text: str) -> Locator:
    """A locator as a caller sent it (an HTTP body's or query's, an answer's citation, a review's
    item or target, from the CLI or HTTP alike): read as sent, never stripped, so spaces or line
    breaks around it are a LocatorError with reason ``padded`` (the caller sent something other
    than they meant; audit 66 B F03), else ``Locator.parse``. A locator a document or a project
    file writes is read by ``Locator.parse``."""
    if text != text.strip():
        raise LocatorError(f"the locator {text!r} has spaces or line breaks around it", reason="padded",
                           hint="send the locator alone: it is read as sent, never stripped")
    return Locator.parse(text)


@functools.lru_cache(maxsize=8192)
def _parsed(text: str) -> Locator:
    """``Locator.parse``, once per text: a locator is immutable, so one object serves every
    question naming it (a service asked about the same provisions again and again); an
    unparsable text raises each time (an exception is never cached)."""
    return Locator(**Locator._parts(text))


class CharSpan(BaseModel):
    """Character offsets ``[start, end)`` into a document's text layer, with pages for PDFs."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    start: int = Field(ge=0)
    end: int = Field(ge=0)
    page_start: int | None = Field(default=None, ge=1)
    page_end: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _ordered(self) -> CharSpan:
        if self.end < self.start:
            raise ValueError(f"span end {self.end} is before start {self.start}")
        return self

    def slice(self, text: str) -> str:
        return text[self.start : self.end]


UtcDateTime = Annotated[
    dt.datetime,
    BeforeValidator(parse_datetime_utc),
    PlainSerializer(lambda v: v.isoformat().replace("+00:00", "Z"), return_type=str),
]


def is_document_id(text: str) -> bool:
    return bool(_DOC_ID_RE.match(text))


#: Unicode categories of characters a group name may not hold: format characters (zero-width
#: spaces and joiners, direction marks), controls, private-use and unassigned code points, and
#: line or paragraph separators. None of them can be told apart on a screen or typed as meant.
_INVISIBLE = frozenset({"Cf", "Cc", "Co", "Cn", "Zl", "Zp"})
#: Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties; ``unicodedata`` does not
#: carry the property), inclusive: what a renderer draws as nothing though its category is a
#: mark or a letter (U+034F combining grapheme joiner, variation selectors, Hangul fillers).
_DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)


def _ignorable(ch: str) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in _DEFAULT_IGNORABLE)


@functools.lru_cache(maxsize=8192)
def draws_nothing(ch: str) -> bool:
    """Whether ``ch`` is drawn as nothing and cannot be typed as meant: a format or control
    character, a private-use or unassigned code point, a line or paragraph separator, or a
    Default_Ignorable code point. The one table of them: group names refuse them, and a
    reader trimming a line takes them out (``adapters/ingest/opening.py``)."""
    return unicodedata.category(ch) in _INVISIBLE or _ignorable(ch) or ch == "\u2800"  # the braille blank


#: what ``str.splitlines`` breaks a line at
LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")


def _joins_letters(text: str, at: int) -> bool:
    """Whether ``text[at]`` is a zero-width non-joiner or joiner between two letters (or marks):
    part of how Persian, Sinhala or Devanagari spell a word ("محمد‌رضا", "ශ්‍රී"), not a hiding place."""
    if text[at] not in "\u200c\u200d" or at == 0 or at == len(text) - 1:
        return False
    return all(unicodedata.category(ch)[0] in "LM" for ch in (text[at - 1], text[at + 1]))


def one_line(text: str) -> str:
    """``text`` a person typed for one line of a record (a review's note): ValueError when it
    holds a line break, which the record's line would fold into a space without saying so, or a
    character drawn as nothing (``draws_nothing``, a tab aside: a zero-width space, a direction
    override that shows the words reversed), or combining marks alone."""
    if any(ch in LINE_BREAKS for ch in text):
        raise ValueError("holds a line break")
    hidden = sorted({ch for at, ch in enumerate(text) if ch != "\t" and draws_nothing(ch)
                     and not _joins_letters(text, at)})
    if hidden:
        raise ValueError("holds a character that cannot be seen (" + ", ".join(f"U+{ord(ch):04X}" for ch in hidden) + ")")
    if text.strip() and all(ch.isspace() or unicodedata.category(ch)[0] == "M" for ch in text):
        raise ValueError("holds marks alone, nothing to read")
    return text


def person_name(text: str) -> str:
    """Who decided or erased, as a record keeps it (a review's and an erasure's ``by``): one line
    (``one_line``) with no space but ' ' and the tab, holding a letter or a digit (a lone
    combining mark or a braille blank draws no name); runs of spaces and tabs read as one space.
    ValueError otherwise."""
    one_line(text)
    spaces = sorted({ch for ch in text if unicodedata.category(ch) == "Zs" and ch != " "})
    if spaces:
        raise ValueError("holds a character that cannot be seen (" + ", ".join(f"U+{ord(ch):04X}" for ch in spaces) + ")")
    if text.strip() and not any(unicodedata.category(ch)[0] in "LN" for ch in text):
        raise ValueError("holds no letter or digit")
    return " ".join(text.split())


def visible_name(text: str, what: str, *, nfkc: bool = False) -> str:
    """A name an asker types to match it exactly — a group's (``group_name``), a facet value
    (``applies_to``: a register cell, front matter, a sidecar), a ``--context`` value — ``text``
    (NFKC-normalised with ``nfkc``); ValueError for one holding an invisible character
    (``draws_nothing``: ``_INVISIBLE``, ``_DEFAULT_IGNORABLE``; or a space other than ' '), which
    no one can see or type as meant: a group nobody can name, a facet value no case matches
    (the document silently left out), or one that looks like another. ``what`` names it in the
    message ("the group name 'a\u200b' holds a character that cannot be seen (U+200B)")."""
    name = unicodedata.normalize("NFKC", text) if nfkc else text
    hidden = sorted({ch for ch in name if _unseen(ch)})
    if hidden:
        codes = ", ".join(f"U+{ord(ch):04X}" for ch in hidden)
        raise ValueError(f"the {what} {text!r} holds a character that cannot be seen ({codes})")
    return name


def blank_or_padded(text: str, what: str) -> str | None:
    """Why ``text`` is no name anyone types to match it (an empty one, or one with spaces around
    it, which every reader of a typed name trims), or None: the check before
    :func:`visible_name` wherever a project declares such a name (a list of them, a key)."""
    if not text.strip():
        return f"an empty {what}"
    if text != text.strip():
        return f"{what} {text!r} has spaces around it"
    return None


def _unseen(ch: str) -> bool:
    """A character ``visible_name`` refuses: one that draws nothing, or a space other than ' '."""
    return draws_nothing(ch) or (unicodedata.category(ch) == "Zs" and ch != " ")


def written_visibly(text: str) -> str:
    """``text`` with each character :func:`visible_name` refuses, and each path separator, written
    out as its code (``"aU+000Ab"``, ``"aU+005Cb"``): a name made from something the user did not
    type as a name (``init``'s folder name) that the name's readers then accept — a project's name
    is one segment of a path, so no ``/`` or ``\\`` (``manifest.project_name``), and the code has
    neither."""
    return "".join(f"U+{ord(ch):04X}" if _unseen(ch) or ch in "/\\" else ch for ch in text)


def group_name(text: str) -> str:
    """An access group's name as every reader of one takes it — an ``access`` list, ``--groups``,
    a keys file, an answer's ``context.groups``: the one home of the rule. NFKC-normalised, so a
    fullwidth ``ｏwners`` or a ligature is read as the plain letters the asker types; ValueError
    for a name holding an invisible character (``visible_name``), which would make a group
    nobody can name (a document no one may read) or one that looks like another."""
    return visible_name(text, "group name", nfkc=True)
