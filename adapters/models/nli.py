"""A natural-language-inference backend: a local sequence-classification model, never the hub.

The model folder holds a transformers checkpoint (``config.json`` with ``id2label``, weights,
tokenizer files). The label order is read from the model's own config — NLI checkpoints
disagree on it — and logits are turned into probabilities with a softmax.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from inforce.engine.entailment import EntailmentScores
from inforce.ontology import InputError, ModelUnavailableError

__all__ = ["TransformersNLI", "load_nli"]

_INSTALL_HINT = "pip install torch==2.13.0 'inforce[ml]'"
_CANONICAL = {"entailment": "entailment", "entail": "entailment", "neutral": "neutral",
              "contradiction": "contradiction", "contradict": "contradiction"}


def _label_index(id2label: dict[int, str], model_dir: Path) -> dict[str, int]:
    """Map entailment/neutral/contradiction to the model's output positions, from its config."""
    positions: dict[str, int] = {}
    for index, label in id2label.items():
        canonical = _CANONICAL.get(str(label).strip().lower())
        if canonical is not None:
            positions[canonical] = int(index)
    missing = {"entailment", "neutral", "contradiction"} - positions.keys()
    if missing:
        raise InputError(
            f"the model's id2label {dict(id2label)} does not name {', '.join(sorted(missing))}",
            file=model_dir / "config.json",
            field="id2label",
            hint="an NLI model labels its outputs entailment, neutral and contradiction",
        )
    return positions


class TransformersNLI:
    """An NLI model loaded from a local folder with transformers, run on the CPU."""

    def __init__(self, model_dir: str | Path, *, batch_size: int = 16, max_length: int = 512) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        try:
            import torch
            from transformers import AutoModelForSequenceClassification, AutoTokenizer
        except ImportError as missing:
            raise ModelUnavailableError(
                f"NLI needs torch and transformers ({missing.name} is not installed); {_INSTALL_HINT}"
            ) from None
        self.model_dir = Path(model_dir)
        if not (self.model_dir / "config.json").is_file():
            raise InputError("no NLI model here (config.json missing)", file=self.model_dir)
        self._torch = torch
        self.tokenizer = AutoTokenizer.from_pretrained(self.model_dir, local_files_only=True)
        self.model = AutoModelForSequenceClassification.from_pretrained(
            self.model_dir, local_files_only=True
        )
        self.model.eval()
        self.positions = _label_index(self.model.config.id2label, self.model_dir)
        self.name = f"nli:{self.model_dir.name}"
        self.batch_size = batch_size
        self.max_length = max_length

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[EntailmentScores]:
        """Entailment, neutral and contradiction probabilities for each (premise, hypothesis)."""
        results: list[EntailmentScores] = []
        torch = self._torch
        for start in range(0, len(pairs), self.batch_size):
            batch = pairs[start : start + self.batch_size]
            encoded = self.tokenizer(
                [premise for premise, _ in batch],
                [hypothesis for _, hypothesis in batch],
                padding=True,
                truncation=True,
                max_length=self.max_length,
                return_tensors="pt",
            )
            with torch.inference_mode():
                probabilities = torch.softmax(self.model(**encoded).logits, dim=-1)
            for row in probabilities.tolist():
                results.append(
                    EntailmentScores(
                        entailment=row[self.positions["entailment"]],
                        neutral=row[self.positions["neutral"]],
                        contradiction=row[self.positions["contradiction"]],
                    )
                )
        return results


def load_nli(model_dir: str | Path | None) -> TransformersNLI | None:
    """The configured NLI model, or None when none is configured (mechanical checks only)."""
    if model_dir is None:
        return None
    return TransformersNLI(model_dir)
