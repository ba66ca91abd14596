"""Commands of this group are registered on the main app by ``register``."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this group's commands to ``app``."""
