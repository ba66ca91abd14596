"""Who is asking: the keys file, and a bearer key turned into a caller.

The keys file is YAML, a list of callers::

    - name: dms-prod
      key_sha256: 9f86d081...   # the sha256 of the key, in hex; never the key
      groups: [owner-team]
      admin: true               # may ingest and erase (and decide proposals: Caller.may)
      reviewer: false           # may accept or reject proposals
    - name: gateway
      key_sha256: 3a7bd3e2...
      proxy: true               # a trusted reverse proxy: names the user in a header
    - name: jdoe                # a user known only through the proxy: no key of their own
      groups: [qa]
    - name: ops                 # an admin the proxy may name: only because the entry says so
      groups: [qa]
      admin: true
      via: [gateway]
      projects: [riverside-library]   # the projects this entry may ask about (default: all)

A caller's groups come from this file alone, never from a request. With ``inforce serve
--identity-header X-User``, a request made with a proxy's key names its user in that header,
and the user's entry decides; the header from any other key is refused. A proxy may name an
entry with no key of its own that is neither admin nor reviewer; any other entry (one with its
own key, an admin, a reviewer) only when its ``via`` lists that proxy. ``projects`` scopes an
entry (and a proxy's users: both must allow it) to the projects named. A key is compared by its
hash, in constant time against every entry (the time taken says nothing of which entry came
close). ``add_key`` makes a new key, returns it once and appends only its hash.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from inforce.ontology import InputError, InputErrors
from inforce.ontology.files import read_bounded_text, write_atomically
from inforce.ontology.scalars import group_name
from inforce.ontology.text import yaml_quoted
from inforce.ontology.yamltext import MarkedList, MarkedMap, load_marked

__all__ = ["Caller", "Keys", "add_key", "hash_key", "read_keys"]

_HEX = re.compile(r"[0-9a-f]{64}")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.@-]{0,99}")
_FIELDS = {"name", "key_sha256", "groups", "admin", "reviewer", "proxy", "via", "projects"}


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
    #: the proxies that may name this entry though it has a key or a right of its own (``via:``)
    proxies: tuple[str, ...] = ()
    #: the projects this caller may ask about (None: every project served)
    projects: tuple[str, ...] | None = None

    def serves(self, project: str) -> bool:
        """Whether this caller may ask about ``project`` (its name as clients give it)."""
        return self.projects is None or project in self.projects

    def may(self, right: Literal["admin", "reviewer"]) -> bool:
        """Whether this caller holds ``right``: ``admin`` (ingest, erase) as the keys file grants
        it; ``reviewer`` (deciding a proposal) granted by ``reviewer: true`` or implied by
        ``admin: true`` (an admin may rewrite the project anyway). The one place the service's
        routes and its pages ask."""
        if right == "admin":
            return self.admin
        return self.reviewer or self.admin


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class Keys:
    """The callers of one keys file, looked up by a presented key."""

    def __init__(self, callers: list[tuple[str | None, Caller]]) -> None:
        self._callers = [(bytes.fromhex(digest), caller) for digest, caller in callers if digest is not None]
        self._users = {caller.name: caller for _, caller in callers if not caller.proxy}
        self._keyed = {caller.name for digest, caller in callers if digest is not None}

    def __len__(self) -> int:
        return len(self._callers)

    @property
    def proxies(self) -> bool:
        """Whether any key is a trusted reverse proxy's (``proxy: true``)."""
        return any(caller.proxy for _, caller in self._callers)

    def named(self, name: str, proxy: str | None = None) -> Caller | None:
        """The user entry called ``name`` that the proxy ``proxy`` may name; None for a proxy, an
        unknown name, or an entry the proxy may not name (one with its own key, an admin or a
        reviewer, unless its ``via`` lists the proxy)."""
        user = self._users.get(name)
        if user is None:
            return None
        if proxy is not None and proxy in user.proxies:
            return user
        if user.name in self._keyed or user.admin or user.reviewer:
            return None
        return user

    def caller(self, key: str) -> Caller | None:
        """The caller whose key this is, or None. Every entry is compared, found or not."""
        presented = hashlib.sha256(key.encode("utf-8", "surrogatepass")).digest()
        found: Caller | None = None
        for digest, caller in self._callers:
            if hmac.compare_digest(presented, digest) and found is None:
                found = caller
        return found


def read_keys(path: str | Path) -> Keys:
    """The keys file at ``path``: InputErrors naming its file, line and field for every problem;
    an InputError when it holds no key (empty, ``[]``, users a proxy names only): a server
    started on it would refuse every caller, silently (audit 66 B L4)."""
    path = Path(path)
    text = _keys_text(path)
    data = load_marked(text, file=str(path))
    callers, problems = _callers(data, str(path))
    if problems:
        raise InputErrors(f"{path}: the keys file does not read", problems)
    keys = Keys(callers)
    if not len(keys):
        raise InputError("the keys file holds no key: no one could call the server", file=path, field="--keys",
                         hint="add one: inforce serve --add-key NAME --groups GROUPS --keys FILE")
    return keys


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
        else:  # read as an access list's names are (``group_name``): a look-alike is its plain name
            try:
                groups = [group_name(g.strip()) for g in groups]
            except ValueError as problem:
                bad("groups", str(problem))
                groups = []
        lists: dict[str, tuple[str, ...] | None] = {}
        for field in ("via", "projects"):
            value = entry.get(field)
            fits = _NAME.fullmatch if field == "via" else str.strip
            if field in entry and (not isinstance(value, list)
                                   or not all(isinstance(v, str) and fits(v) for v in value)):
                bad(field, f"a list of {'key entry' if field == 'via' else 'project'} names, not {value!r}")
                value = []
            lists[field] = tuple(value) if isinstance(value, list) else None
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
            found.append((digest, Caller(name=name, groups=tuple(g.strip() for g in groups), **flags,
                                         proxies=lists["via"] or (), projects=lists["projects"])))
    return found, problems


#: The most a keys file may hold (a few hundred bytes an entry): past it, not read.
KEYS_MAX_BYTES = 16 * 1024 * 1024


def _keys_text(path: Path) -> str:
    """The keys file's text, read to at most ``KEYS_MAX_BYTES``; a device (``/dev/zero``,
    ``/dev/null``) or a pipe is refused unread; an InputError naming it when it cannot be read."""
    try:
        return read_bounded_text(path, what="the keys file", field="--keys", limit=KEYS_MAX_BYTES, regular=True)
    except (OSError, UnicodeDecodeError) as problem:
        raise InputError(f"cannot read the keys file: {getattr(problem, 'strerror', None) or problem}",
                         file=path, field="--keys") from None


def add_key(path: str | Path, name: str, groups: tuple[str, ...], *, admin: bool = False,
            reviewer: bool = False, proxy: bool = False) -> str:
    """Make a new key for ``name``, append its hash to the keys file (created if missing, readable
    by its owner alone; the file replaced atomically, the entries already there kept as written)
    and return the key: the only time it is shown. When the file is written so that an entry
    appended at its end would not read (a flow list ``[...]``, entries indented, a ``...`` end
    marker), it is written anew in block form from what it holds, its leading comments kept."""
    path = Path(path)
    existing = _keys_text(path) if path.exists() else ""
    callers: list[tuple[str | None, Caller]] = []
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
    text = existing + entry
    if not _reads_with(text, str(path), len(callers) + 1):
        text = _block_form(existing, str(path)) + entry
        if not _reads_with(text, str(path), len(callers) + 1):  # never write a file the server cannot read
            raise InputError(f"{path}: the keys file cannot take a new entry as written; write it as a block list",
                             file=path, field="--add-key")
    if not path.exists():
        with contextlib.suppress(FileExistsError):
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    write_atomically(path, text)
    return key


def _reads_with(text: str, file: str, entries: int) -> bool:
    """Whether ``text`` reads as a keys file of ``entries`` entries, without a problem."""
    try:
        callers, problems = _callers(load_marked(text, file=file), file)
    except (InputError, InputErrors):
        return False
    return not problems and len(callers) == entries


def _block_form(existing: str, file: str) -> str:
    """The keys file's entries written anew as a block list, one field a line, its leading
    comment lines kept (comments elsewhere cannot be placed again and are dropped)."""
    lines = existing.splitlines()
    kept = []
    for line in lines:
        if not line.strip().startswith("#"):
            break
        kept.append(line + "\n")
    data = load_marked(existing, file=file)
    out = ["".join(kept)]
    for entry in data or ():
        first = True
        for field, value in entry.items():
            if isinstance(value, bool):
                written = "true" if value else "false"
            elif isinstance(value, list):
                written = "[" + ", ".join(yaml_quoted(str(v)) for v in value) + "]"
            else:
                written = yaml_quoted(str(value))
            out.append(f"{'- ' if first else '  '}{field}: {written}\n")
            first = False
    return "".join(out)
