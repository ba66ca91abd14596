"""The engine: deciding what is in force, for whom, and which document governs.

One door: ``from inforce.engine import Project``. Adapters (the CLI, later HTTP) call the
front's methods and render the typed results; they import nothing else of the engine. What
is exported here is the front, its options, and the protocols adapters implement (readers,
model backends, the rule-test corpus loader); result and refusal types live in
``inforce.ontology``. What an adapter asks without an opened project is a class method of the
front too (``Project.ingest``, ``Project.test_rules``, ``Project.judge_sweep``). Nothing else
is public: ``tests/packaging`` holds the list to 20 names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from inforce._lazy import lazy_exports

if TYPE_CHECKING:
    from .backends import ModelBackends, Reranker
    from .eligibility import DEFAULT_EXCLUSIONS
    from .embedding import Embedder
    from .entailment import EntailmentModel, EntailmentScores
    from .ingest import DocumentReader, ParsedFile, ProjectFiles, RegisterAccess, RegisterRows
    from .packtests import CorpusLoader
    from .project import Project

#: Each exported name and the module defining it. Imported on first use (PEP 562), so a
#: process pays only for what it touches: ``from inforce.engine import Project`` loads the
#: front, not the sweep, the candidates or the ingest (issue 20: importing every engine
#: module eagerly was 0.9 s of a cold ``inforce check``).
_HOMES = {
    "ModelBackends": ".backends",
    "Reranker": ".backends",
    "DEFAULT_EXCLUSIONS": ".eligibility",
    "Embedder": ".embedding",
    "EntailmentModel": ".entailment",
    "EntailmentScores": ".entailment",
    "DocumentReader": ".ingest",
    "ParsedFile": ".ingest",
    "ProjectFiles": ".ingest",
    "RegisterAccess": ".ingest",
    "RegisterRows": ".ingest",
    "CorpusLoader": ".packtests",
    "Project": ".project",
}


__getattr__, __dir__ = lazy_exports(globals(), _HOMES)


__all__ = [
    # the front and its options
    "DEFAULT_EXCLUSIONS",
    "ModelBackends",
    "Project",
    # the protocols adapters implement
    "CorpusLoader",
    "DocumentReader",
    "Embedder",
    "EntailmentModel",
    "EntailmentScores",
    "ParsedFile",
    "ProjectFiles",
    "RegisterAccess",
    "RegisterRows",
    "Reranker",
]
