"""A cross-encoder reranker from a local folder: the ``Reranker`` port, never the hub.

The folder is a sentence-transformers CrossEncoder or a transformers sequence-classification
checkpoint with one output (a relevance logit, scored through a sigmoid), or a three-label NLI
model (scored by the probability that the passage entails the question). Either way a score
lies in [0, 1] and higher is more relevant; the reranker only reorders candidates.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from inforce.ontology import ModelUnavailableError

from ._pairs import PairLogits, open_pair_model, sigmoid, softmax
from .nli import nli_label_positions

__all__ = ["CrossEncoderReranker"]


class CrossEncoderReranker:
    """Scores (question, passage) pairs with a local cross-encoder, run on the CPU."""

    def __init__(self, model_dir: str | Path, *, batch_size: int = 32, max_length: int = 512) -> None:
        self.model_dir = Path(model_dir)
        self._pairs: PairLogits = open_pair_model(
            self.model_dir, role="reranking", batch_size=batch_size, max_length=max_length
        )
        self.name = f"rerank:{self.model_dir.resolve().name}"
        #: None for a one-output relevance model; else the NLI label positions
        self.positions: dict[str, int] | None = None
        if self._pairs.num_labels != 1:
            try:
                self.positions = nli_label_positions(self._pairs.id2label, self._pairs.num_labels, self.model_dir)
            except ModelUnavailableError:
                raise ModelUnavailableError(
                    f"{self.model_dir / 'config.json'}: {self._pairs.num_labels} outputs labelled "
                    f"{self._pairs.id2label} (id2label); a reranker has one output (a relevance score) "
                    "or the three NLI labels entailment, neutral and contradiction"
                ) from None

    def score(self, question: str, passages: Sequence[str]) -> list[float]:
        """One relevance score in [0, 1] for each passage, in the order given."""
        if not passages:
            return []
        if self.positions is None:
            rows = self._pairs.logits([(question, passage) for passage in passages])
            return [sigmoid(row[0]) for row in rows]
        # As NLI: does the passage (premise) support the question (hypothesis)?
        rows = self._pairs.logits([(passage, question) for passage in passages])
        entailment = self.positions["entailment"]
        return [softmax(row)[entailment] for row in rows]
