"""An erasure cut short after its point of no return, as a kill would leave it (audits MM3-6, MM4-7)."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine import Project


def leave_erasure_pending(root: Path, document: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Erase ``document`` of ``root`` and stop it once the graph is swapped, before its vectors
    and sources go: ``erasures.yaml`` says pending, the source files are still there."""
    import inforce.engine.store.erase as store_erase

    def cut_short(*_: object) -> int:
        raise RuntimeError("killed after the swap")

    with monkeypatch.context() as patch:
        patch.setattr(store_erase, "forget_vectors", cut_short)
        with Project.open(root) as opened, pytest.raises(RuntimeError):
            opened.erase(document, by="aud")
