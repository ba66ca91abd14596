"""``inforce serve``: the warm engine over HTTP (the optional ``serve`` extra: FastAPI, uvicorn).

Only this package imports fastapi; the CLI works without it. ``create_app`` builds the
application around a ``Service`` (the projects served, held warm; the keys file; the decision
log); ``serve`` runs it with uvicorn.
"""

from __future__ import annotations

from .app import DEFAULT_TIME_LIMIT, Service, create_app
from .decisions import DecisionLog
from .keys import Caller, Keys, add_key, hash_key, read_keys
from .server import run
from .warm import Warm

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "Caller",
    "DecisionLog",
    "Keys",
    "Service",
    "Warm",
    "add_key",
    "create_app",
    "hash_key",
    "read_keys",
    "run",
]
