"""Natural-language-inference backends: a local pair classifier, never the hub.

The model folder is a transformers sequence-classification checkpoint (``TransformersNLI``)
or a folder saved by sentence-transformers as a CrossEncoder (``CrossEncoderNLI``);
``load_nli`` picks the loader from the folder's files. The label order is read from the
model's own ``config.json`` ``id2label`` — NLI checkpoints disagree on it — and the logits
are turned into probabilities here, with a softmax, whatever activation the folder saved.
A folder that cannot serve as an NLI model raises ``ModelUnavailableError`` naming it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from inforce.engine import EntailmentScores
from inforce.ontology import ModelChoice, ModelUnavailableError

from ._pairs import Layout, PairLogits, folder_layout, open_pair_model, softmax

__all__ = ["CrossEncoderNLI", "TransformersNLI", "load_nli", "nli_label_positions"]

_CANONICAL = {"entailment": "entailment", "entail": "entailment", "neutral": "neutral",
              "contradiction": "contradiction", "contradict": "contradiction"}
_LABELS = ("entailment", "neutral", "contradiction")


def nli_label_positions(id2label: dict[int, str], num_labels: int, folder: Path) -> dict[str, int]:
    """Map entailment/neutral/contradiction to the model's output positions, from its config."""
    positions: dict[str, int] = {}
    for index, label in sorted(id2label.items()):
        canonical = _CANONICAL.get(str(label).strip().lower())
        if canonical is None:
            continue
        if canonical in positions:
            raise ModelUnavailableError(
                f"{folder / 'config.json'}: id2label {dict(id2label)} names {canonical} twice"
            )
        positions[canonical] = int(index)
    missing = [label for label in _LABELS if label not in positions]
    if missing:
        raise ModelUnavailableError(
            f"{folder / 'config.json'}: id2label {dict(id2label)} does not name {', '.join(missing)}; "
            "an NLI model labels its outputs entailment, neutral and contradiction"
        )
    outside = {label: index for label, index in positions.items() if not 0 <= index < num_labels}
    if outside:
        raise ModelUnavailableError(
            f"{folder / 'config.json'}: id2label puts {outside} outside the model's {num_labels} outputs"
        )
    return positions


class _PairNLI:
    """The ``EntailmentModel`` port on a loaded pair classifier: softmax over its NLI labels."""

    _layout: Layout

    def __init__(self, model_dir: str | Path, *, batch_size: int = 16, max_length: int = 512) -> None:
        self.model_dir = Path(model_dir)
        self._pairs: PairLogits = open_pair_model(
            self.model_dir, role="NLI", batch_size=batch_size, max_length=max_length, layout=self._layout
        )
        self.positions = nli_label_positions(self._pairs.id2label, self._pairs.num_labels, self.model_dir)
        self.name = f"nli:{self.model_dir.resolve().name}"
        self.batch_size = batch_size
        self.max_length = max_length

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as what loads it (its folder, absolute, and options), never its weights: a Ray
        worker that is sent it loads the model from the folder (``engine.sweep``: once per worker)."""
        return _reloaded, (type(self), str(self.model_dir.absolute()), self.batch_size, self.max_length)

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[EntailmentScores]:
        """Entailment, neutral and contradiction probabilities for each (premise, hypothesis)."""
        results: list[EntailmentScores] = []
        for row in self._pairs.logits(pairs):
            probabilities = softmax(row)
            results.append(
                EntailmentScores(
                    entailment=probabilities[self.positions["entailment"]],
                    neutral=probabilities[self.positions["neutral"]],
                    contradiction=probabilities[self.positions["contradiction"]],
                )
            )
        return results


def _reloaded(kind: type[_PairNLI], folder: str, batch_size: int, max_length: int) -> _PairNLI:
    return kind(folder, batch_size=batch_size, max_length=max_length)


class TransformersNLI(_PairNLI):
    """An NLI checkpoint loaded from a local folder with transformers, run on the CPU."""

    _layout: Layout = "transformers"


class CrossEncoderNLI(_PairNLI):
    """An NLI model saved by sentence-transformers as a CrossEncoder, run on the CPU."""

    _layout: Layout = "cross-encoder"


def load_nli(
    model: ModelChoice | str | Path | None, *, root: str | Path | None = None
) -> TransformersNLI | CrossEncoderNLI | None:
    """The configured NLI model, or None when none is configured (mechanical checks only).

    A ``ModelChoice`` or relative path is resolved against ``root`` (the project) when given.
    The loader is the one the folder's files call for: a CrossEncoder when sentence-transformers
    saved it as one, transformers otherwise.
    """
    if model is None:
        return None
    folder = Path(model.path if isinstance(model, ModelChoice) else model)
    if root is not None and not folder.is_absolute():
        folder = Path(root) / folder
    if folder_layout(folder, "NLI") == "cross-encoder":
        return CrossEncoderNLI(folder)
    return TransformersNLI(folder)
