"""Local sentence-pair classifiers (NLI, reranking), loaded offline from either file layout.

Two layouts hold the same kind of model:

- a transformers checkpoint: ``config.json`` (architectures ``*ForSequenceClassification``,
  ``id2label``), weights and tokenizer files. sentence-transformers before v6 saved a
  CrossEncoder this way too;
- a sentence-transformers CrossEncoder folder: the same files plus ``modules.json`` and
  ``config_sentence_transformers.json`` whose ``model_type`` is ``CrossEncoder``.

Both give raw logits here; a CrossEncoder's saved activation (often a sigmoid) is replaced
by the identity, so what the logits mean (a softmax over NLI labels, a relevance score) is
decided in one place, by the caller. Nothing is fetched: the hub is switched off before
transformers is imported and every load is ``local_files_only``. A folder that cannot be
loaded raises ``ModelUnavailableError`` naming the folder and what is wrong with it.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, Protocol

from inforce.ontology import ModelUnavailableError

__all__ = ["INSTALL_HINT", "PairLogits", "folder_layout", "open_pair_model", "sigmoid", "softmax"]

INSTALL_HINT = "pip install torch==2.13.0 'inforce[ml]'"

Layout = Literal["transformers", "cross-encoder"]
_ST_CONFIG = "config_sentence_transformers.json"


class PairLogits(Protocol):
    """A loaded pair classifier: one row of ``num_labels`` logits for each (text, text) pair."""

    folder: Path
    layout: Layout
    num_labels: int
    id2label: dict[int, str]

    def logits(self, pairs: Sequence[tuple[str, str]]) -> list[list[float]]: ...


def softmax(row: Sequence[float]) -> list[float]:
    """Probabilities from one row of logits (shifted by the largest, so none overflows)."""
    top = max(row)
    exps = [math.exp(value - top) for value in row]
    total = sum(exps)
    return [value / total for value in exps]


def sigmoid(logit: float) -> float:
    """A single logit as a probability, without overflow for large negative logits."""
    if logit >= 0:
        return 1.0 / (1.0 + math.exp(-logit))
    shifted = math.exp(logit)
    return shifted / (1.0 + shifted)


def _read_json(path: Path) -> dict[str, Any]:
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as problem:
        raise ModelUnavailableError(f"{path}: cannot be read as JSON ({problem})") from None
    if not isinstance(value, dict):
        raise ModelUnavailableError(f"{path}: expected a JSON object")
    return value


def folder_layout(folder: Path, role: str) -> Layout:
    """Which loader the folder's files call for; a folder that holds no pair classifier is refused."""
    if not folder.is_dir():
        raise ModelUnavailableError(f"{folder}: no such model folder")
    if not (folder / "config.json").is_file():
        raise ModelUnavailableError(
            f"{folder}: not a model folder (config.json missing); a {role} model is a local "
            "transformers sequence-classification checkpoint or a sentence-transformers CrossEncoder"
        )
    if (folder / _ST_CONFIG).is_file():
        model_type = _read_json(folder / _ST_CONFIG).get("model_type")
        if model_type == "CrossEncoder":
            return "cross-encoder"
        raise ModelUnavailableError(
            f"{folder}: a sentence-transformers {model_type or 'SentenceTransformer'} (an embedding model, "
            f"{_ST_CONFIG} says), not a cross-encoder; a {role} model scores a pair of texts together"
        )
    architectures = _read_json(folder / "config.json").get("architectures") or []
    if architectures and not any(str(name).endswith("ForSequenceClassification") for name in architectures):
        raise ModelUnavailableError(
            f"{folder / 'config.json'}: architectures {architectures} is not a sequence-classification model; "
            f"a {role} model is a *ForSequenceClassification checkpoint or a sentence-transformers CrossEncoder"
        )
    return "transformers"


def _require_ml(role: str, layout: Layout) -> None:
    """Import torch and transformers (and sentence-transformers for a CrossEncoder), offline."""
    # Read once, when huggingface_hub and transformers are first imported.
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    needs = "torch, transformers and sentence-transformers" if layout == "cross-encoder" else "torch and transformers"
    try:
        import torch  # noqa: F401
        import transformers  # noqa: F401
        from transformers.utils import logging as transformers_logging

        if layout == "cross-encoder":
            import sentence_transformers  # noqa: F401
    except ImportError as missing:
        raise ModelUnavailableError(
            f"{role} needs {needs} ({missing.name} is not installed); {INSTALL_HINT}"
        ) from None
    # Progress bars belong to the CLI (standard error, when asked), not to model loading.
    transformers_logging.disable_progress_bar()


def _why(problem: Exception) -> str:
    """What a loader said, on one line: a corrupt or truncated weights file raises its reader's
    own error (safetensors' ``SafetensorError``, torch's unpickling or size errors), not OSError."""
    said = " ".join(str(problem).split()) or type(problem).__name__
    return said if isinstance(problem, OSError | ValueError | KeyError) else f"{type(problem).__name__}: {said}"


class _TransformersPairs:
    """A ``*ForSequenceClassification`` checkpoint run with transformers on the CPU."""

    layout: Layout = "transformers"

    def __init__(self, folder: Path, *, batch_size: int, max_length: int) -> None:
        import torch
        from transformers import AutoModelForSequenceClassification, AutoTokenizer

        self.folder = folder
        self.batch_size = batch_size
        self.max_length = max_length
        self._torch = torch
        try:
            self._tokenizer = AutoTokenizer.from_pretrained(folder, local_files_only=True)
            self._model, loading = AutoModelForSequenceClassification.from_pretrained(
                folder, local_files_only=True, output_loading_info=True
            )
        except MemoryError:
            raise
        except Exception as problem:  # corrupt weights raise their reader's own kinds
            raise ModelUnavailableError(f"{folder}: cannot load the model ({_why(problem)})") from None
        missing = sorted(loading.get("missing_keys") or ())
        if missing:
            # transformers fills them with random numbers and carries on; its scores would be noise.
            raise ModelUnavailableError(
                f"{folder}: the weights lack {', '.join(missing)} (they would be random, so would the scores)"
            )
        self._model.eval()
        self.num_labels = int(self._model.config.num_labels)
        self.id2label = {int(index): str(label) for index, label in self._model.config.id2label.items()}

    def logits(self, pairs: Sequence[tuple[str, str]]) -> list[list[float]]:
        torch = self._torch
        rows: list[list[float]] = []
        for start in range(0, len(pairs), self.batch_size):
            batch = pairs[start : start + self.batch_size]
            encoded = self._tokenizer(
                [first for first, _ in batch],
                [second for _, second in batch],
                padding=True,
                truncation=True,
                max_length=self.max_length,
                return_tensors="pt",
            )
            with torch.inference_mode():
                rows += self._model(**encoded).logits.float().tolist()
        return rows


class _CrossEncoderPairs:
    """A folder saved by sentence-transformers as a CrossEncoder, run on the CPU."""

    layout: Layout = "cross-encoder"

    def __init__(self, folder: Path, *, batch_size: int, max_length: int) -> None:
        import torch
        from sentence_transformers import CrossEncoder

        self.folder = folder
        self.batch_size = batch_size
        self._identity = torch.nn.Identity()
        try:
            self._model = CrossEncoder(str(folder), device="cpu", local_files_only=True)
        except MemoryError:
            raise
        except Exception as problem:  # corrupt weights raise their reader's own kinds
            raise ModelUnavailableError(f"{folder}: cannot load the CrossEncoder ({_why(problem)})") from None
        if self._model.max_seq_length is None or self._model.max_seq_length > max_length:
            self._model.max_seq_length = max_length
        self.num_labels = int(self._model.num_labels)
        config = self._model.model.config if self._model.model is not None else None
        labels = getattr(config, "id2label", None) or {}
        self.id2label = {int(index): str(label) for index, label in labels.items()}

    def logits(self, pairs: Sequence[tuple[str, str]]) -> list[list[float]]:
        if not pairs:
            return []
        scores = self._model.predict(
            [list(pair) for pair in pairs],
            batch_size=self.batch_size,
            activation_fn=self._identity,
            apply_softmax=False,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return scores.reshape(len(pairs), -1).astype("float64").tolist()


def open_pair_model(folder: str | Path, *, role: str, batch_size: int = 16, max_length: int = 512,
                    layout: Layout | None = None) -> PairLogits:
    """Load the pair classifier in ``folder`` with the loader its files call for (or ``layout``)."""
    folder = Path(folder)
    found = folder_layout(folder, role)
    chosen = layout or found
    _require_ml(role, chosen)
    loader = _CrossEncoderPairs if chosen == "cross-encoder" else _TransformersPairs
    return loader(folder, batch_size=batch_size, max_length=max_length)
