"""Ctrl-C once work is committed: noted, never raised, until the outermost guard ends.

An ingest's or an erasure's new graph goes live in one swap; from there the command has done
its work, and stopping it while its old files are tidied or its summary is printed would tell
the caller it failed while the new graph answers (audits 93 B F1, 95 B F1). A guard turns Ctrl-C
into a note once ``hold`` is called, and until then raises ``KeyboardInterrupt`` as Python does.
Guards nest: an inner one (the store's commit) holds the outermost (the command line's, around
the whole command), so the note lasts until the answer is printed. Only the main thread takes
signals: in any other thread a guard does nothing.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType

__all__ = ["CommitGuard"]

#: The guards entered in the main thread, outermost first.
_entered: list[CommitGuard] = []


class CommitGuard:
    """``with CommitGuard() as guard: ...; guard.hold(); <work that must finish>``; then ``guard.take()``
    says (once) whether Ctrl-C came after ``hold``."""

    def __init__(self) -> None:
        self._noted = False
        self._holding = False
        self._previous: object = None
        self._installed = False
        self._outer: CommitGuard | None = None
        self._active = False

    def _owner(self) -> CommitGuard:
        return self._outer if self._outer is not None else self

    def hold(self) -> None:
        """From now on Ctrl-C is noted, not raised, until the outermost guard ends."""
        self._owner()._holding = True

    def take(self) -> bool:
        """Whether Ctrl-C came since ``hold`` (or the last ``take``); the note is then spent. An inner
        guard takes nothing: the note is the outermost's, said once when the whole command is done."""
        if self._outer is not None:
            return False
        noted, self._noted = self._noted, False
        return noted

    def _on_interrupt(self, signum: int, frame: FrameType | None) -> None:
        if self._holding:
            self._noted = True
        elif callable(self._previous):
            self._previous(signum, frame)
        elif self._previous != signal.SIG_IGN:
            raise KeyboardInterrupt

    def __enter__(self) -> CommitGuard:
        if threading.current_thread() is not threading.main_thread():
            return self
        self._active = True
        if _entered:
            self._outer = _entered[0]
        else:
            self._previous = signal.getsignal(signal.SIGINT)
            signal.signal(signal.SIGINT, self._on_interrupt)
            self._installed = True
        _entered.append(self)
        return self

    def __exit__(self, *exc: object) -> None:
        if not self._active:
            return
        _entered.remove(self)
        if self._installed:
            signal.signal(signal.SIGINT, self._previous)  # type: ignore[arg-type]
