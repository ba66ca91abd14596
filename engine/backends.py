"""The model backends a project is opened with: they propose, the rules decide.

``ModelBackends`` is given to ``Project.open`` once and never changed after; the engine's
work that uses a model (resolve, check, sweep, replay) takes it beside the snapshot. Each
backend is optional: None means that proposal is not made, and each result says which ran.
The ports themselves are small protocols the adapters implement: ``Embedder``
(``engine.embedding``), ``EntailmentModel`` (``engine.entailment``) and ``Reranker`` (here).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .embedding import Embedder
    from .entailment import EntailmentModel

__all__ = ["DEFAULT_NLI_THRESHOLD", "ModelBackends", "Reranker"]

#: A question that may use a model backend, and the backends by name.
Question = Literal["check", "resolve", "sweep", "replay"]
BackendName = Literal["embedder", "nli", "reranker"]

#: the probability at which an NLI proposal counts when neither the caller nor ``models.nli`` says
DEFAULT_NLI_THRESHOLD = 0.5


@runtime_checkable
class Reranker(Protocol):
    """Scores (question, passage) pairs; higher is more relevant. Reorders, never removes."""

    name: str

    def score(self, question: str, passages: Sequence[str]) -> list[float]: ...


@dataclass(frozen=True)
class ModelBackends:
    """The backends a project answers with; None where one is off or not asked for."""

    embedder: Embedder | None = None
    nli: EntailmentModel | None = None
    reranker: Reranker | None = None
    #: the probability at which an NLI proposal counts; None: ``models.nli.threshold`` of the
    #: manifest, else ``DEFAULT_NLI_THRESHOLD``
    nli_threshold: float | None = None

    @staticmethod
    def needed_for(question: Question, *, tier: str | None = None,
                   record: Mapping[str, Any] | None = None) -> frozenset[BackendName]:
        """Which backends a question uses, so an adapter loads those and no others: ``resolve``
        ranks with the embedder and the reranker; ``sweep`` confirms with the NLI model; ``check``
        reads entailment on the high ``tier`` only; ``replay`` as the stored ``record`` was decided."""
        if question == "replay":
            from inforce.ontology.decisions import check_record

            audit = check_record(record)[1].audit if record is not None else None
            tier = audit.tier if audit is not None else None
        needs: dict[str, frozenset[BackendName]] = {
            "resolve": frozenset({"embedder", "reranker"}),
            "sweep": frozenset({"nli"}),
            "check": frozenset({"nli"}) if tier == "high" else frozenset(),
            "replay": frozenset({"nli"}) if tier == "high" else frozenset(),
        }
        return needs[question]
