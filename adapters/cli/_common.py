"""What every command shares: the output format, printing, and turning errors into exit codes."""

from __future__ import annotations

import enum
import json
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from pydantic import BaseModel
from rich.console import Console

from inforce.ontology import InforceError, InputError, InputErrors, NotFoundError

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


def emit_json(value: Any) -> None:
    """Write one JSON document to standard output (never mixed with messages)."""
    sys.stdout.write(json.dumps(_plain(value), indent=2, ensure_ascii=False, default=str))
    sys.stdout.write("\n")
    sys.stdout.flush()


F = TypeVar("F", bound=Callable[..., Any])


def handle_errors(func: F) -> F:
    """Print ``Type: message`` for inforce's errors and exit 2; nothing else is caught."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
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

    return wrapper  # type: ignore[return-value]
