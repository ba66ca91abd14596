"""Who is signed in to the pages: a session id in an HTTP-only cookie, the caller kept here.

A person signs in on ``/`` with a key of the keys file; the server answers with a cookie holding
a fresh random session id (``secrets.token_urlsafe``), never the key, and keeps the caller the
key named against that id. The cookie is ``HttpOnly`` (no script reads it), ``SameSite=Strict``
(no other site's page sends it) and ``Secure`` over HTTPS. Each session also holds a CSRF token
that every form changing state (a review decision, a sweep started, signing out) must send
back: a second guard behind SameSite, for a browser that does not honour it.

Sessions live in memory, bounded: ``MAX_SESSIONS`` at once (the oldest dropped past it), each
for ``SESSION_SECONDS`` after its last use. A server restarted signs everyone out.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from .keys import Caller

__all__ = ["COOKIE", "MAX_SESSIONS", "SESSION_SECONDS", "Session", "Sessions"]

#: the cookie's name
COOKIE = "inforce_session"
#: seconds a session lasts after its last request
SESSION_SECONDS = 8 * 3600
#: sessions held at once; past it the least recently used is signed out
MAX_SESSIONS = 10_000


@dataclass
class Session:
    """One signed-in person: the caller their key named, and the token their forms carry."""

    id: str
    caller: Caller
    csrf: str
    used: float = field(default_factory=time.monotonic)

    def csrf_matches(self, sent: str | None) -> bool:
        """Whether a form's token is this session's (compared in constant time)."""
        return sent is not None and hmac.compare_digest(sent.encode(), self.csrf.encode())


class Sessions:
    """The sessions of one server: made at sign-in, found by the cookie, ended at sign-out."""

    def __init__(self, *, seconds: float = SESSION_SECONDS, most: int = MAX_SESSIONS) -> None:
        self.seconds, self.most = seconds, most
        self._held: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()

    def start(self, caller: Caller) -> Session:
        """A new session for ``caller``, with a fresh id and CSRF token."""
        session = Session(id=secrets.token_urlsafe(32), caller=caller, csrf=secrets.token_urlsafe(32))
        with self._lock:
            self._held[session.id] = session
            while len(self._held) > self.most:
                self._held.popitem(last=False)
        return session

    def find(self, session_id: str | None) -> Session | None:
        """The live session of that id (None: none, or one that expired, which is dropped)."""
        if not session_id:
            return None
        now = time.monotonic()
        with self._lock:
            session = self._held.get(session_id)
            if session is None:
                return None
            if now - session.used > self.seconds:
                del self._held[session_id]
                return None
            session.used = now
            self._held.move_to_end(session_id)
            return session

    def end(self, session_id: str) -> None:
        """Sign the session out (nothing when it is not held)."""
        with self._lock:
            self._held.pop(session_id, None)
