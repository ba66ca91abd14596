"""Conditions: the words that say what a stated figure holds under (issue 22).

"The recommended dose is 250 mg; it may be increased to 500 mg" states two doses, each under
its own condition. A pack's ``conditions:`` section is the closed vocabulary the quantity
reader (``engine.quantities.conditions``) finds them with: a list of *facets*, each with its
*terms* and the words that state each term::

    conditions:
      - facet: regimen
        terms:
          recommended: [recommended, usual, usually, "standard dos*"]
          increased: ["may [then] [be] increased", "increased to", "titrat* [up] to"]
      - facet: population
        after_figure_needs: [for, in, to]   # "500 mg for adults", not "250 mg (adult dose)"
        before_figure: clause               # "In adults ..., the dose may be increased to 500 mg"
        terms:
          adult: [adult, adults]

How a word (or phrase) is found: whole words, any letter case, any run of spaces between
words; ``[a|b]`` words that may be left out (one of the choices, or none); a word ending in
``*`` reads any ending (``titrat*``: titrate, titrated, titration); a word joined by a hyphen
to the next one is not read (*child* is not read in *child-resistant*). The facets' order is
the order a figure's condition lists its terms.

``weight`` is a facet of another kind: its terms are not listed but read from a figure, a
*weight band*. Its ``band_after`` words say a mass written after them describes the patients
(``weight 30-40 kg``): that band is the condition of the other figures of its clause, and
itself no figure of any subject (a dose stated for patients of 33 to 47 kg is no dose of
33 to 47 kg)::

      - facet: weight
        band_after: ["weigh*", "body weight", patients, children]

Between a band word and its mass may stand words of comparison only (*of*, *under*, *less
than*, *at least*, *between*, ``≥``, an opening bracket). A pack that declares no ``weight``
facet reads the stock pack's band words.

A pack that declares no ``conditions:`` leaves the stock ones (``subjects/default``) in force;
``conditions: []`` declares that none are read.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, model_validator

from inforce.ontology.scalars import YamlModel

from .base import RULE_CONFIG

__all__ = ["WEIGHT_FACET", "ConditionFacet", "ConditionWordError", "compile_condition_word", "condition_word_stems"]

#: The facet the reader makes itself (a weight band: ``weight 30-40 kg``); a pack may not declare it.
WEIGHT_FACET = "weight"


class ConditionWordError(ValueError):
    """A condition word that cannot be read (an unclosed bracket, a ``*`` inside a word)."""


class ConditionFacet(YamlModel):
    """One facet of a condition (``regimen``, ``population``): its terms, each with the words
    that state it, and where the reader looks for them."""

    model_config = RULE_CONFIG

    facet: str = Field(pattern=r"^[a-z][a-z0-9_]*$", description="the facet's name, e.g. regimen")
    terms: dict[str, tuple[str, ...]] = Field(
        default_factory=dict, description="each term (e.g. recommended) → the words or phrases that state it "
        "(none for 'weight', whose terms are its bands)",
    )
    band_after: tuple[str, ...] = Field(
        default=(), description="'weight' only: the words after which a mass is a weight band of the "
        "patients ('weigh*', 'patients'): the condition of the clause's other figures, itself no subject's",
    )
    after_figure_needs: tuple[str, ...] = Field(
        default=(), description="a term written after its figure is read only when one of these words "
        "opens it (at most one word between): 'for', 'in' read '500 mg for adults'; empty: any",
    )
    before_figure: Literal["nearest", "clause"] = Field(
        default="nearest", description="'nearest': a term before the figure is read back to the figure "
        "before it; 'clause': failing that, anywhere before the figure in its clause (a population "
        "opening the sentence)",
    )

    @model_validator(mode="after")
    def _bands_are_weights(self) -> ConditionFacet:
        if self.facet == WEIGHT_FACET and (self.terms or not self.band_after):
            raise ValueError("'weight' lists no terms (its terms are the bands read): it gives `band_after`, "
                             "the words after which a mass is a weight band")
        if self.facet != WEIGHT_FACET and self.band_after:
            raise ValueError(f"`band_after` belongs to the 'weight' facet only, not {self.facet!r}")
        return self


def compile_condition_word(written: str) -> str:
    """The regular expression (no flags) of one condition word or phrase, as the module
    docstring says it is found; ConditionWordError when it cannot be read."""
    pieces = _pieces(written)
    out, opened = "", False  # opened: a required word is written (a gap goes before what follows)
    for piece in pieces:
        if piece.startswith("["):
            choices = [choice.strip() for choice in piece[1:-1].split("|")]
            if not all(choices):
                raise ConditionWordError(f"{written!r}: an empty choice in {piece}")
            group = "|".join(_words(choice, written) for choice in choices)
            out += f"(?:\\s+(?:{group}))?" if opened else f"(?:(?:{group})\\s+)?"
        else:
            out += (r"\s+" if opened else "") + _words(piece, written)
            opened = True
    return rf"\b(?:{out})\b(?!-)"


def condition_word_stems(written: str) -> tuple[str, ...]:
    """The words a text holds wherever ``written`` is found in it (as
    :func:`compile_condition_word` reads it): each word that may not be left out, in lower
    case, a word ending in ``*`` as its stem; ConditionWordError when it cannot be read. A
    text whose lower case lacks one of them does not hold the word (a cheap test before the
    pattern: ``engine.quantities.conditions``)."""
    compile_condition_word(written)  # what does not read has no words either (the same error)
    return tuple(piece.removesuffix("*").lower() for piece in _pieces(written) if not piece.startswith("["))


def _pieces(written: str) -> list[str]:
    """``written`` cut into its words and its bracketed choices (``[a|b]``), checked."""
    tokens = written.split()
    text = " ".join(tokens)
    if not text:
        raise ConditionWordError("a condition word is empty")
    if text.count("[") != text.count("]"):
        raise ConditionWordError(f"{written!r}: a '[' without its ']' (or the other way)")
    pieces = re.findall(r"\[[^\[\]]*\]|[^\s\[\]]+", text)
    if "".join(pieces).replace(" ", "") != text.replace(" ", "") or any("[" in p[1:] for p in pieces):
        raise ConditionWordError(f"{written!r}: brackets inside brackets cannot be read")
    if all(piece.startswith("[") for piece in pieces):
        raise ConditionWordError(f"{written!r}: every word is optional, so it matches empty text")
    return pieces


def _words(phrase: str, written: str) -> str:
    """Words joined by runs of spaces; a trailing ``*`` on a word reads any ending."""
    parts = []
    for word in phrase.split():
        stem, star = (word[:-1], True) if word.endswith("*") else (word, False)
        if not stem or "*" in stem:
            raise ConditionWordError(f"{written!r}: '*' ends a word (titrat*), it cannot stand alone or inside one")
        parts.append(re.escape(stem) + (r"\w*" if star else ""))
    return r"\s+".join(parts)
