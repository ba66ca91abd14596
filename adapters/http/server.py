"""Running the application: uvicorn on one address, its access log on standard error."""

from __future__ import annotations

from typing import Any

import uvicorn

__all__ = ["run"]


#: Connections served at once; past it a new one is answered 503 at once
MAX_CONNECTIONS = 1000
#: The largest header block (bytes) a client may send
MAX_HEADER_BYTES = 64 * 1024


def run(app: Any, *, host: str, port: int) -> None:
    """Serve ``app`` until interrupted (SIGINT or SIGTERM: requests in flight are finished).

    Bounded: ``MAX_CONNECTIONS`` connections at once, a header block of ``MAX_HEADER_BYTES``,
    an idle kept-alive connection closed after 5 s (a body's own deadline is the application's,
    ``Limits``). uvicorn sets no deadline on a header block sent slowly: put the service behind a
    reverse proxy that does."""
    uvicorn.run(app, host=host, port=port, log_level="info", server_header=False,
                limit_concurrency=MAX_CONNECTIONS, h11_max_incomplete_event_size=MAX_HEADER_BYTES,
                timeout_keep_alive=5)
