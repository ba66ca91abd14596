"""In force as of when: the one in-force timeline, section versions, supersession, answers.

Modules, each deciding one thing (imports point down this list):

- ``timeline`` — which revision of a document is in force on a day, as known at a moment
  (``in_force_position``): the only place that decides it.
- ``revisions`` — one document's revisions as arrays, and where a section stands (``locate``).
- ``supersession`` — which supersedes edges apply to a provision on a day, and its successors.
- ``view`` — ``AsOfView``, what the answer builders read of an index (a protocol, so they need not import it).
- ``consolidate`` — the text of an in-force section whose descendants were replaced or
  amended: each replacement in place of the old wording, marked with its locator.
- ``answer``, ``history``, ``freshness`` — build the typed results (``inforce.ontology.answers``) from those.
- ``index`` — ``AsOfIndex``, the in-process index a project opens, tying them together.
"""

from .index import AsOfIndex
from .supersession import EdgeHit, SupersessionIndex
from .timeline import in_force_position, in_force_segments, known_timestamp
from .view import AsOfView, ProvisionTexts

__all__ = [
    "AsOfIndex",
    "AsOfView",
    "EdgeHit",
    "ProvisionTexts",
    "SupersessionIndex",
    "in_force_position",
    "in_force_segments",
    "known_timestamp",
]
