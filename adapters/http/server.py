"""Running the application: uvicorn on one address, its access log on standard error."""

from __future__ import annotations

from typing import Any

import uvicorn

__all__ = ["run"]


def run(app: Any, *, host: str, port: int) -> None:
    """Serve ``app`` until interrupted (SIGINT or SIGTERM: requests in flight are finished)."""
    uvicorn.run(app, host=host, port=port, log_level="info", server_header=False)
