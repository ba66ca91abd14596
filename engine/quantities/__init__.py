"""Quantities: numbers with units found by rule, bound to subjects, compared with pint.

- ``extract`` — :class:`QuantityExtractor` finds :class:`QuantityMention` s in text (and
  table rows) with the grammar of ``_grammar``, a blank English spaCy pipeline with rule
  components (its reading in ``_reader``, on ``_tokens``); :func:`may_contain_quantity` is the
  pre-filter; :data:`EXTRACTOR_VERSION` goes into the index build id.
- ``units`` — the one pint registry, the spellings documents use (:func:`unit_table` adds a
  project's), canonical units per dimension.
- ``subjects`` — binding a mention to what it measures (the rule packs' subject vocabulary).
- ``conditions`` — the condition a figure is stated under (recommended or increased, adult or
  pediatric, a weight band, an exposure), read from its clause; claims compare it.
- ``unread`` — :func:`unread_figures`: number-like phrases before a unit the extractor did not
  read (a claim holding one is never a plain answer).
- ``compare`` — :func:`compare`: equal, compatible, conflict or not comparable, with tolerance.
- ``claims`` — :func:`check_claim_quantities`: every quantity of a claim matched by a cited one.
- ``labels`` — ``unlabelled``: a provision's own label (its number as the outline read it)
  blanked before its words are read, at ingest and in ``check``: a section's number is no figure.
- ``_lite`` and ``grammar_file`` — the pipeline's tokenizer and phrase matcher redone over
  tables exported from it, written beside each build: a cold ``check`` reads a claim's numbers
  without importing spaCy, to the same reading (held to the pipeline by tests).
"""

from ._models import (
    ClaimQuantityCheck,
    Comparison,
    ComparisonOutcome,
    Extraction,
    MatchedClaimQuantity,
    QuantityMention,
    QuantityWarning,
    SubjectBinding,
    UnmatchedClaimQuantity,
)
from .claims import check_claim_quantities
from .compare import DEFAULT_TOLERANCE, compare
from .extract import (
    EXTRACTOR_VERSION,
    QuantityExtractor,
    extract_quantities,
    may_contain_quantity,
    project_extractor,
)
from .subjects import SubjectBinder, default_vocabulary
from .units import UnitTable, UnknownUnitError, define_units, registry, unit_table
from .unread import unread_figures

__all__ = [
    "DEFAULT_TOLERANCE",
    "EXTRACTOR_VERSION",
    "ClaimQuantityCheck",
    "Comparison",
    "ComparisonOutcome",
    "Extraction",
    "MatchedClaimQuantity",
    "QuantityExtractor",
    "project_extractor",
    "QuantityMention",
    "QuantityWarning",
    "SubjectBinder",
    "SubjectBinding",
    "UnitTable",
    "UnknownUnitError",
    "UnmatchedClaimQuantity",
    "check_claim_quantities",
    "compare",
    "default_vocabulary",
    "define_units",
    "extract_quantities",
    "may_contain_quantity",
    "registry",
    "unit_table",
    "unread_figures",
]
