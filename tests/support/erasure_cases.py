"""An erasure cut short after its point of no return, as a kill would leave it (audits MM3-6, MM4-7)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
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


def hold_erase_lock(root: Path) -> subprocess.Popen[str]:
    """A real second process holding ``root``'s erasure lock until a line reaches its standard
    input; returned once it holds it."""
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys
            from pathlib import Path
            from inforce.engine.erasures import erase_running
            with erase_running(Path({str(root)!r})):
                print("held", flush=True)
                sys.stdin.readline()
        """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder
