"""The Embedder port, its in-memory implementation, and the model backend's import guard."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from inforce.engine.embedding import Embedder, HashingEmbedder


def test_hashing_embedder_is_an_embedder_with_normalised_vectors():
    embedder = HashingEmbedder(32)
    assert isinstance(embedder, Embedder)
    first, same, other = embedder.embed(["retain batch records", "Batch records: retain!", "concrete slab"])
    assert len(first) == 32
    assert abs(sum(x * x for x in first) - 1.0) < 1e-9
    dot = lambda a, b: sum(x * y for x, y in zip(a, b, strict=True))  # noqa: E731
    assert dot(first, same) > 0.99 > dot(first, other)


@pytest.mark.slow
@pytest.mark.parametrize(("missing", "module", "said"), [
    # the torch embedder without the ml extra
    ("sentence_transformers", "minilm", ("pip install torch==2.13.0 'inforce[ml]'", "sentence_transformers")),
    # the numpy question embedder without tokenizers
    ("tokenizers", "minilm_numpy", ("pip install 'inforce[ml]'", "tokenizers is not installed")),
])
def test_an_embedder_without_its_libraries_says_how_to_install(missing, module, said):
    script = textwrap.dedent(
        f"""
        import sys
        sys.modules["{missing}"] = None  # as if the ml extra were not installed
        from inforce.ontology import ModelUnavailableError
        try:
            import inforce.adapters.models.{module}
        except ModelUnavailableError as error:
            print(error)
            sys.exit(3)
        """
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 3, result.stderr
    for words in said:
        assert words in result.stdout


@pytest.mark.slow
def test_engine_never_imports_the_model_backend():
    script = "import sys, inforce.engine.embedding, inforce.engine.store; print('minilm' in str(sys.modules.keys()), 'torch' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.stdout.split() == ["False", "False"], result.stderr
