"""Who is asking: the keys file, and a bearer key turned into a caller.

The keys file is YAML, a list of callers::

    - name: dms-prod
      key_sha256: 9f86d081...   # the sha256 of the key, in hex; never the key
      groups: [owner-team]
      admin: true               # may ingest (and erase)
      reviewer: false           # may accept or reject proposals
    - name: gateway
      key_sha256: 3a7bd3e2...
      proxy: true               # a trusted reverse proxy: names the user in a header
    - name: jdoe                # a user known only through the proxy: no key of their own
      groups: [qa]

A caller's groups come from this file alone, never from a request. With ``inforce serve
--identity-header X-User``, a request made with a proxy's key names its user in that header,
and the user's entry decides; the header from any other key is refused. A key is compared by its
hash, in constant time against every entry (the time taken says nothing of which entry came
close). ``add_key`` makes a new key, returns it once and appends only its hash.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from inforce.ontology import InputError, InputErrors
from inforce.ontology.files import write_atomically
from inforce.ontology.yamltext import MarkedList, MarkedMap, load_marked

__all__ = ["Caller", "Keys", "add_key", "hash_key", "read_keys"]

_HEX = re.compile(r"[0-9a-f]{64}")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.@-]{0,99}")
_FIELDS = {"name", "key_sha256", "groups", "admin", "reviewer", "proxy"}


@dataclass(frozen=True)
class Caller:
    """An authenticated caller: the name the decision log records, and what the keys file grants."""

    name: str
    groups: tuple[str, ...]
    admin: bool = False
    reviewer: bool = False
    #: a trusted reverse proxy (its requests name their user in the identity header)
    proxy: bool = False
    #: the proxy this caller came through, when it did
    via: str | None = None


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class Keys:
    """The callers of one keys file, looked up by a presented key."""

    def __init__(self, callers: list[tuple[str | None, Caller]]) -> None:
        self._callers = [(bytes.fromhex(digest), caller) for digest, caller in callers if digest is not None]
        self._users = {caller.name: caller for _, caller in callers if not caller.proxy}

    def __len__(self) -> int:
        return len(self._callers)

    def named(self, name: str) -> Caller | None:
        """The user entry called ``name`` (a proxy's user); None for a proxy or an unknown name."""
        return self._users.get(name)

    def caller(self, key: str) -> Caller | None:
        """The caller whose key this is, or None. Every entry is compared, found or not."""
        presented = hashlib.sha256(key.encode("utf-8", "surrogatepass")).digest()
        found: Caller | None = None
        for digest, caller in self._callers:
            if hmac.compare_digest(presented, digest) and found is None:
                found = caller
        return found


def read_keys(path: str | Path) -> Keys:
    """The keys file at ``path``: InputErrors naming its file, line and field for every problem."""
    path = Path(path)
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as problem:
        raise InputError(f"cannot read the keys file: {getattr(problem, 'strerror', None) or problem}",
                         file=path, field="--keys") from None
    data = load_marked(text, file=str(path))
    callers, problems = _callers(data, str(path))
    if problems:
        raise InputErrors(f"{path}: the keys file does not read", problems)
    return Keys(callers)


def _callers(data: Any, file: str) -> tuple[list[tuple[str | None, Caller]], list[InputError]]:
    if data is None:
        return [], []
    if not isinstance(data, MarkedList):
        return [], [InputError("a keys file is a list of {name, key_sha256, groups}", file=file, line=1)]
    found: list[tuple[str | None, Caller]] = []
    problems: list[InputError] = []
    names: set[str] = set()
    hashes: set[str] = set()
    for index, entry in enumerate(data):
        line = data.item_at(index)[0]
        if not isinstance(entry, MarkedMap):
            problems.append(InputError("an entry is a mapping {name, key_sha256, groups}", file=file, line=line,
                                       field=f"[{index}]"))
            continue

        def bad(key: str, message: str, entry: MarkedMap = entry, index: int = index) -> None:
            where = entry.key_at(key)[0] if key in entry else entry.line
            problems.append(InputError(message, file=file, line=where, field=f"[{index}].{key}"))

        for key in entry:
            if key not in _FIELDS:
                bad(key, f"unknown field {key!r} (known: {', '.join(sorted(_FIELDS))})")
        name, digest, groups = entry.get("name"), entry.get("key_sha256"), entry.get("groups", [])
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            bad("name", f"a name is letters, digits, '_', '.', '@' or '-', not {name!r}")
        elif name in names:
            bad("name", f"{name!r} is named twice")
        if digest is None and "key_sha256" not in entry and not entry.get("proxy"):
            pass  # a user reached only through a proxy
        elif not isinstance(digest, str) or not _HEX.fullmatch(digest):
            bad("key_sha256", "the sha256 of the key: 64 lower-case hex digits (never the key itself)")
        elif digest in hashes:
            bad("key_sha256", "the same key hash appears twice")
        if not isinstance(groups, list) or not all(isinstance(g, str) and g.strip() for g in groups):
            bad("groups", "a list of group names")
            groups = []
        flags = {}
        for flag in ("admin", "reviewer", "proxy"):
            value = entry.get(flag, False)
            if not isinstance(value, bool):
                bad(flag, f"true or false, not {value!r}")
                value = False
            flags[flag] = value
        if isinstance(name, str) and (isinstance(digest, str) or digest is None):
            names.add(name)
            if digest is not None:
                hashes.add(digest)
            found.append((digest, Caller(name=name, groups=tuple(g.strip() for g in groups), **flags)))
    return found, problems


def add_key(path: str | Path, name: str, groups: tuple[str, ...], *, admin: bool = False,
            reviewer: bool = False, proxy: bool = False) -> str:
    """Make a new key for ``name``, append its hash to the keys file (created if missing; the
    file replaced atomically, the entries already there kept as written) and return the key:
    the only time it is shown."""
    path = Path(path)
    existing = path.read_text("utf-8") if path.exists() else ""
    if existing.strip():
        data = load_marked(existing, file=str(path))
        callers, problems = _callers(data, str(path))
        if problems:
            raise InputErrors(f"{path}: the keys file does not read", problems)
        if any(caller.name == name for _, caller in callers):
            raise InputError(f"{name!r} already has a key in {path}", field="--add-key",
                             hint="remove its entry first to replace its key")
    if not _NAME.fullmatch(name):
        raise InputError(f"a name is letters, digits, '_', '.', '@' or '-', not {name!r}", field="--add-key")
    if any(not _NAME.fullmatch(g) for g in groups):
        raise InputError(f"not group names: {', '.join(groups)}", field="--groups")
    key = "ifk_" + secrets.token_urlsafe(32)
    entry = (f"- name: {name}\n  key_sha256: {hash_key(key)}\n  groups: [{', '.join(groups)}]\n"
             + ("  admin: true\n" if admin else "") + ("  reviewer: true\n" if reviewer else "")
             + ("  proxy: true\n" if proxy else ""))
    if existing and not existing.endswith("\n"):
        existing += "\n"
    write_atomically(path, existing + entry)
    return key
