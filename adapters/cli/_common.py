"""What every command shares: the output format, printing, and turning errors into exit codes."""

from __future__ import annotations

import enum
import inspect
import json
import os
import sys
from collections.abc import Callable
from contextvars import ContextVar
from functools import wraps
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from pydantic import BaseModel
from rich.console import Console

from inforce.ontology import (
    AccessRestrictedError,
    InforceError,
    InputError,
    InputErrors,
    NotFoundError,
    Refusal,
)

__all__ = [
    "EXIT_FINDING",
    "EXIT_INPUT",
    "EXIT_OK",
    "FormatOption",
    "OutputFormat",
    "ProjectArg",
    "emit_json",
    "err",
    "handle_errors",
    "out",
]

EXIT_OK, EXIT_FINDING, EXIT_INPUT = 0, 1, 2

#: Messages, warnings and progress go to standard error; machine-readable output to standard out.
err = Console(stderr=True, highlight=False, soft_wrap=True)
out = Console(highlight=False, soft_wrap=True)


class OutputFormat(enum.StrEnum):
    text = "text"
    json = "json"


FormatOption = Annotated[
    OutputFormat, typer.Option("--format", "-f", help="text for people, json for programs")
]
ProjectArg = Annotated[
    Path, typer.Argument(help="the project folder (holds inforce.yaml)", show_default=False)
]


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


#: The file named by the running command's ``-o``; None means standard output.
_output_file: ContextVar[Path | None] = ContextVar("inforce_output_file", default=None)


def emit_json(value: BaseModel | dict[str, Any]) -> None:
    """Write one JSON document to standard output, or to the file named by ``-o``.

    Every command's output is a model's dump; a plain mapping is only a JSON Schema
    (``rules schema``), which is JSON already.

    Never mixed with messages, which go to standard error. The file is written whole
    (a temporary file renamed into place), so a reader never sees half a document.
    """
    text = json.dumps(_plain(value), indent=2, ensure_ascii=False, default=str) + "\n"
    target = _output_file.get()
    if target is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    partial = target.with_name(f".{target.name}.partial")
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, target)
    except OSError as problem:
        raise InputError(f"cannot write the output: {problem.strerror}", file=target, field="-o") from None


F = TypeVar("F", bound=Callable[..., Any])


_OUTPUT_PARAMETER = inspect.Parameter(
    "output",
    inspect.Parameter.KEYWORD_ONLY,
    default=None,
    annotation=Annotated[
        Path | None,
        typer.Option("--output", "-o", help="write the JSON to this file instead of standard output",
                     show_default=False, dir_okay=False),
    ],
)


def handle_errors(func: F) -> F:
    """Make ``func`` a command: ``-o FILE`` for its JSON, and ``Type: message`` + exit 2 for
    inforce's errors (nothing else is caught)."""

    @wraps(func)
    def wrapper(*args: Any, output: Path | None = None, **kwargs: Any) -> Any:
        token = _output_file.set(output)
        try:
            return func(*args, **kwargs)
        except AccessRestrictedError as refused:
            # A refusal is an answer (exit 1), not an input error; nothing of the document shows.
            if kwargs.get("format") == OutputFormat.json:
                emit_json(Refusal(reason="access_restricted", locator=refused.asked,
                                  detail="the asker's groups may not read it"))
            err.print(f"{refused}; pass --groups with a group that may", markup=False)
            raise typer.Exit(EXIT_FINDING) from None
        except InputErrors as group:
            err.print(f"[bold red]{type(group).__name__}[/]: {group.message}", markup=True)
            for problem in group.exceptions:
                err.print(str(problem), markup=False)
            raise typer.Exit(EXIT_INPUT) from None
        except (InputError, NotFoundError) as problem:
            err.print(f"[bold red]{type(problem).__name__}[/]: ", markup=True, end="")
            err.print(str(problem), markup=False)
            raise typer.Exit(EXIT_INPUT) from None
        except InforceError as problem:
            err.print(f"[bold red]{type(problem).__name__}[/]: ", markup=True, end="")
            err.print(str(problem), markup=False)
            raise typer.Exit(EXIT_INPUT) from None
        finally:
            _output_file.reset(token)

    signature = inspect.signature(func, eval_str=True)
    wrapper.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*signature.parameters.values(), _OUTPUT_PARAMETER]
    )
    return wrapper  # type: ignore[return-value]
