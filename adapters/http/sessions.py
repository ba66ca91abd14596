"""Who is signed in to the pages: a session id in an HTTP-only cookie, the caller kept here.

A person signs in on ``/`` with a key of the keys file; the server answers with a cookie holding
a fresh random session id (``secrets.token_urlsafe``), never the key, and keeps the caller the
key named against that id. The cookie is ``HttpOnly`` (no script reads it), ``SameSite=Strict``
(no other site's page sends it) and ``Secure`` over HTTPS. Each session also holds a CSRF token
that every form changing state (a review decision, a sweep started, signing out) must send
back: a second guard behind SameSite, for a browser that does not honour it.

Sessions live in memory, bounded: ``MAX_SESSIONS`` at once (the oldest dropped past it), each
for ``SESSION_SECONDS`` after its last use. A server restarted signs everyone out.

The sign-in form is guarded before any session exists (login CSRF, audit OO-2: another site's
form posting its own key to ``/`` signed a browser into the attacker's session): a signed
double submit. The sign-in page sets a short-lived pre-session cookie (``SIGN_IN_COOKIE``:
``HttpOnly``, ``SameSite=Strict``, ``SIGN_IN_SECONDS``) holding a random nonce and the time it
was made, and its form carries ``SignIns.token`` of it — an HMAC of the cookie under a key this
server draws at start — which ``SignIns.matches`` checks in constant time. Another site can
neither read the field nor have the Strict cookie sent, and a cookie planted by a sibling
host has no token it can know.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from .keys import Caller

__all__ = ["COOKIE", "MAX_SESSIONS", "SESSION_SECONDS", "SIGN_IN_COOKIE", "SIGN_IN_SECONDS", "Session", "Sessions",
           "SignIns"]

#: the cookie's name
COOKIE = "inforce_session"
#: seconds a session lasts after its last request
SESSION_SECONDS = 8 * 3600
#: sessions held at once; past it the least recently used is signed out
MAX_SESSIONS = 10_000
#: the pre-session cookie of the sign-in form, and how long a sign-in page's form may be sent
SIGN_IN_COOKIE = "inforce_sign_in"
SIGN_IN_SECONDS = 30 * 60


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


class SignIns:
    """The sign-in form's guard before a session exists (module docstring): a pre-session
    cookie value (``issue``), the form's token for it (``token``), and the check (``matches``)."""

    def __init__(self, *, seconds: float = SIGN_IN_SECONDS) -> None:
        self.seconds = seconds
        self._key = secrets.token_bytes(32)  # drawn at start: a restarted server asks again

    def issue(self, held: str | None = None) -> str:
        """The cookie the sign-in page sets: ``held`` (the browser's) while it is fresh — two
        tabs open on the page both sign in — else a new one: the time it is made and a nonce."""
        if held is not None and self._fresh(held, self.seconds / 2):  # half its time left at least
            return held
        return f"{int(time.time())}.{secrets.token_urlsafe(24)}"

    def token(self, cookie: str) -> str:
        """The form's token for ``cookie``: what only this server can make of it."""
        return hmac.new(self._key, cookie.encode(), hashlib.sha256).hexdigest()

    def matches(self, cookie: str | None, sent: str | None) -> bool:
        """Whether a sign-in form's ``sent`` token is this server's for the browser's pre-session
        ``cookie``, still fresh (compared in constant time)."""
        if not cookie or not sent or not self._fresh(cookie):
            return False
        return hmac.compare_digest(sent.encode(), self.token(cookie).encode())

    def _fresh(self, cookie: str, seconds: float | None = None) -> bool:
        made, dot, nonce = cookie.partition(".")
        if not dot or not made.isdigit() or len(made) > 12 or not 16 <= len(nonce) <= 64:
            return False
        return 0 <= time.time() - int(made) <= (self.seconds if seconds is None else seconds)
