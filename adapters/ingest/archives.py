"""The unpack limits of a zip archive ingest opens: ``ontology.archives`` holds the one rule
(the erasure's read-back, in the ontology, reads archives by it too)."""

from __future__ import annotations

from inforce.ontology.archives import MAX_MEMBER, MAX_RATIO, unpack_problem

__all__ = ["MAX_MEMBER", "MAX_RATIO", "unpack_problem"]
