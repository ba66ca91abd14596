"""In force as of when: the one in-force timeline, section versions, supersession, answers.

Modules, each deciding one thing (imports point down this list):

- ``timeline`` — which revision of a document is in force on a day, as known at a moment
  (``in_force_position``): the only place that decides it.
- ``revisions`` — one document's revisions as arrays, and where a section stands (``locate``).
- ``supersession`` — which supersedes edges apply to a provision on a day, and its successors.
- ``consolidate`` — the text of an in-force section whose descendants were replaced or
  amended: each replacement in place of the old wording, marked with its locator.
- ``answer``, ``history``, ``freshness`` — the typed results built from those.
- ``index`` — ``AsOfIndex``, the in-process index a project opens, tying them together.
"""

from .answer import AsOfAnswer, AsOfReason, ChainStep
from .freshness import DedupResult, DroppedCandidate, FreshnessResult, Replacement, StaleCitation
from .history import History, HistoryEntry
from .index import AsOfIndex, ProvisionTexts
from .supersession import EdgeHit, SupersessionIndex
from .timeline import in_force_position, in_force_segments, known_timestamp

__all__ = [
    "AsOfAnswer",
    "AsOfIndex",
    "AsOfReason",
    "ChainStep",
    "DedupResult",
    "DroppedCandidate",
    "EdgeHit",
    "FreshnessResult",
    "History",
    "HistoryEntry",
    "ProvisionTexts",
    "Replacement",
    "StaleCitation",
    "SupersessionIndex",
    "in_force_position",
    "in_force_segments",
    "known_timestamp",
]
