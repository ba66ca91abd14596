"""The errors inforce raises, one hierarchy for every layer.

::

    InforceError
    ├── InputError (ValueError)          one problem in an input file: file:line:col, field
    ├── InputErrors (ExceptionGroup)      every problem found in one load, raised together
    ├── LocatorError (InputError)        a locator string that does not parse
    ├── NotFoundError (LookupError)      a locator or document that is not in the graph
    ├── AccessRestrictedError (PermissionError)  the asker's groups may not read a document
    ├── StoreError (RuntimeError)        the graph store failed
    │   └── GraphUnusableError           the project's graph cannot be used (exit 3)
    │       ├── NotIngestedError         (also a NotFoundError) nothing ingested yet
    │       ├── StoreLockedError         another process holds the database for writing
    │       └── GraphDamagedError        the graph file fails its check; re-ingest rebuilds it
    └── ModelUnavailableError (RuntimeError)  an optional model backend is not installed/configured

Each error carries structured fields and builds its message in ``__str__``; the CLI is the
only layer that catches them, prints ``Type: message`` and sets the exit code.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from .text import terminal_line

__all__ = [
    "AccessRestrictedError",
    "GraphDamagedError",
    "GraphUnusableError",
    "InforceError",
    "InputError",
    "InputErrors",
    "LocatorError",
    "ModelUnavailableError",
    "NotFoundError",
    "NotIngestedError",
    "StoreError",
    "StoreLockedError",
    "WorkerLostError",
    "nul_refused",
]

#: What is wrong with an input field, where a caller acts on it: ``required`` (not given),
#: ``conflict`` (given, and contradicted by another input), ``unknown`` (a name nothing reads),
#: ``marking`` (a field other than ``access`` reads as access, such as a metadata title naming an
#: access group: the file's access is unknown, its problems withheld from askers with groups).
InputReason = Literal["required", "conflict", "unknown", "changed", "padded", "marking"]


class InforceError(Exception):
    """Base of every error inforce raises on purpose."""


class InputError(InforceError, ValueError):
    """One problem in an input file, pointing at where it is.

    ``line`` and ``col`` are 1-based; either may be unknown. ``field`` names the offending
    field (``effective.until``, ``supersedes[0].target``, ``valid_at``) in domain terms, never
    as a command-line flag: an adapter renders the field its own way (the CLI as ``--valid-at``).
    ``reason`` says what is wrong with it when a caller must act on that (``"required"``: the
    field was not given at all; ``"changed"``: what it was decided on has changed since it was
    read — reload, then decide again; ``"padded"``: a value sent with spaces or line breaks
    around it, read as sent and never stripped), so nobody has to read it out of the message.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | Path | None = None,
        line: int | None = None,
        col: int | None = None,
        field: str | None = None,
        hint: str | None = None,
        code: str | None = None,
        reason: InputReason | None = None,
    ) -> None:
        self.message = message
        self.file = str(file) if file is not None else None
        self.line = line
        self.col = col
        self.field = field
        self.hint = hint
        self.code = code
        self.reason = reason
        super().__init__(message)

    @property
    def where(self) -> str:
        """``file:line:col``, the file's name on this one line as every name is printed
        (``text.terminal_line``: a line break in it cannot start a line of its own)."""
        parts = [terminal_line(self.file) if self.file else "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.col is not None:
                parts.append(str(self.col))
        return ":".join(parts)

    def __str__(self) -> str:
        # A command-line value has no file: the field (an option name) says where it is.
        text = f"{self.where}: " if self.file is not None or self.line is not None else ""
        if self.code:
            text += f"{self.code} "
        if self.field and self.reason == "required":
            text += f"{self.field} is required: "
        elif self.field:
            text += f"{self.field}: "
        # one line, whatever a name interpolated into the words holds (a path the user typed twice
        # in one message: audit 78 B L1): the one way a name is printed, ``text.terminal_line``
        text += terminal_line(self.message)
        if self.hint:
            text += f" (hint: {terminal_line(self.hint)})"
        return text


def nul_refused(file: str | None, line: int | None, field: str | None, col: int | None = None) -> InputError:
    """The one refusal of a text holding a NUL character, which the graph store cannot keep
    (Kuzu cuts a string at it): the store refuses a document's at commit, where it knows only
    the document's file; a reader that knows the line a text came from (a register's cell)
    refuses it there first, in the same words."""
    return InputError("text contains a NUL character", file=file, line=line, col=col, field=field,
                      hint="the graph store keeps text exactly and cannot hold NUL; remove it from the source")


class InputErrors(InforceError, ExceptionGroup):
    """Every input problem found in one load; nothing was changed."""

    def __new__(cls, message: str, errors: Sequence[InputError]) -> InputErrors:
        return super().__new__(cls, message, list(errors))

    def __init__(self, message: str, errors: Sequence[InputError]) -> None:
        super().__init__(message, list(errors))

    def derive(self, excs: Sequence[Exception]) -> InputErrors:  # keeps the type on split()
        return InputErrors(self.message, excs)  # type: ignore[arg-type]

    def __str__(self) -> str:
        lines = [f"{terminal_line(self.message)} ({len(self.exceptions)} problem{'s' if len(self.exceptions) != 1 else ''})"]
        lines += [f"  {e}" for e in self.exceptions]
        return "\n".join(lines)


class LocatorError(InputError):
    """A locator string that is not ``DOC-ID[@REV][#path]``."""


class NotFoundError(InforceError, LookupError):
    """A locator or document that the graph does not hold."""

    def __init__(self, what: str, *, hint: str | None = None) -> None:
        self.what = what
        self.hint = hint
        super().__init__(what)

    def __str__(self) -> str:
        return terminal_line(self.what) + (f" (hint: {terminal_line(self.hint)})" if self.hint else "")


class AccessRestrictedError(InforceError, PermissionError):
    """The asker's groups may not read a document the answer would show.

    A refusal, not a failure: the message names only what was asked, never anything of the
    hidden document (not its title, dates or sections).
    """

    reason = "access_restricted"

    def __init__(self, asked: str, *, depends_on: tuple[str, ...] = ()) -> None:
        self.asked = asked
        #: when the asked document is readable but the answer rests on others that are not: their ids
        self.depends_on = depends_on
        super().__init__(asked)

    @property
    def hidden_documents(self) -> tuple[str, ...]:
        """The ids of the documents the answer was refused for: those it rests on, else the one
        asked about (``DOC``, ``DOC@REV`` or ``DOC#path``: its id is what comes before ``@`` or ``#``)."""
        return self.depends_on or (self.asked.partition("#")[0].partition("@")[0],)

    @property
    def detail(self) -> str:
        if self.depends_on:
            return (f"the answer rests on {', '.join(self.depends_on)}, which the asker's groups may not read")
        return "the asker's groups may not read it"

    def __str__(self) -> str:
        if self.depends_on:
            return (f"{self.asked}: refusal (access_restricted): the answer rests on "
                    f"{', '.join(self.depends_on)}, which your groups may not read")
        return f"{self.asked}: refusal (access_restricted): your groups may not read it"


class StoreError(InforceError, RuntimeError):
    """The graph store failed; the previous graph is untouched."""


class GraphUnusableError(StoreError):
    """The project's graph cannot be used as it is: not ingested, locked by a writer, or damaged."""


class NotIngestedError(GraphUnusableError, NotFoundError):
    """The project has no graph yet."""

    def __init__(self, root: str | Path) -> None:
        self.root = str(root)
        NotFoundError.__init__(self, f"{root}: not ingested yet", hint=f"run: inforce ingest {root}")


class GraphDamagedError(GraphUnusableError):
    """The graph file does not match the checksum recorded when it was made live."""

    def __init__(self, path: str | Path, detail: str = "") -> None:
        self.path = str(path)
        self.detail = detail
        super().__init__(self.path)

    def __str__(self) -> str:
        text = f"{self.path}: the graph is damaged"
        text += f" ({self.detail})" if self.detail else ""
        return text + "; run inforce ingest to rebuild it from the documents"


class StoreLockedError(GraphUnusableError):
    """Another process holds the project's database for writing."""

    def __init__(self, path: str | Path, detail: str = "") -> None:
        self.path = str(path)
        self.detail = detail
        super().__init__(self.path)

    def __str__(self) -> str:
        text = f"{self.path} is locked by another inforce process; wait for it to finish"
        return text + (f" ({self.detail})" if self.detail else "")


class WorkerLostError(InforceError, RuntimeError):
    """Work sent to a worker (a Ray task) was lost: the worker process died each time the work
    was tried (killed, or out of memory). Nothing partial was written."""


class ModelUnavailableError(InforceError, RuntimeError):
    """An optional model backend is not installed or not configured."""
