"""Audit records an erasure rewrote: how a record is redacted, and how ``replay`` reads one.

An erasure rewrites every audit record citing what it erased (``engine.erase``, step 5):
each text the record holds becomes a keyed mark (``redact_record``) and the record gets an
``erased`` object naming the erasure. That object is the one key a record may hold outside its
own ``sha256``, so ``replay`` believes it only once it is shown true (``record_erasure``):

1. it reads as an erasure writes it (``ontology.erasure.RecordErasure``: an erasure's id, a
   document id, revision labels, a scope, a name and a time, each bounded);
2. the project's ``erasures.yaml`` holds that erasure (one the asker is told of,
   ``Erasure.told_to``), and it erased what the record says, by whom and when it says;
3. the record is one it rewrote: it cites what the erasure erased (as step 5 chose the records
   to rewrite) and holds no text where the erasure leaves marks (``_TEXTS``).

Otherwise the record is refused, naming the field (``InputError``: exit 2, 422): before this,
``"erased": true`` added to any record stopped its replay and was told as an erasure (audit 74
B F3). The CLI and the service both replay through ``Project.replay``, which asks here.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from inforce.ontology import InputError, utc_text
from inforce.ontology.decisions import RECORD_FORMAT, Replay, check_record, content_hash
from inforce.ontology.erasure import ERASURES_FILE, Erasure, RecordErasure

from .erasures import read_erasures

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .snapshot import Snapshot

__all__ = ["record_erasure", "redact_record", "replay_erased"]

#: A text as an erasure leaves it (``_hashed``); ``sha256`` alone in records rewritten before
#: the marks were keyed (issue 24's first erasures).
_MARK = re.compile(r"\[erased (?:hmac-)?sha256:[0-9a-f]{64}\]")
#: The longest part of a field name an error repeats from a record (a key is anything JSON holds).
_FIELD_PART_MAX = 64


def _cites(value: Any, entry: Erasure, resolved: Mapping[str, set[str | None]] | None = None) -> bool:
    """Whether any locator (or key) in ``value`` names a revision ``entry`` erased. An unpinned
    locator of the document counts (it may have resolved to one) unless ``resolved`` (a record's
    ``_resolutions``) says what it resolved to each time it was checked: then those count."""
    if isinstance(value, Mapping):
        return any(_cites(k, entry, resolved) or _cites(v, entry, resolved) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(_cites(v, entry, resolved) for v in value)
    if not isinstance(value, str):
        return False
    doc = entry.document
    if value == doc or value.startswith(doc + "#"):
        pinned = (resolved or {}).get(value)
        if entry.scope == "revision" and pinned and None not in pinned:
            return any(_cites(each, entry) for each in pinned)
        return True
    if value.startswith(doc + "@"):
        label = value[len(doc) + 1:].split("#", 1)[0]
        return entry.scope == "document" or label in entry.revisions
    return False


def _resolutions(verdict: Any) -> dict[str, set[str | None]]:
    """What each locator a record's verdict checked resolved to (``CitationCheck.resolved``, the
    pinned version it was read from; None where it resolved to none): by the locator as cited."""
    found: dict[str, set[str | None]] = {}
    claims = verdict.get("claims") if isinstance(verdict, Mapping) else None
    for claim in claims if isinstance(claims, list) else ():
        citations = claim.get("citations") if isinstance(claim, Mapping) else None
        for citation in citations if isinstance(citations, list) else ():
            if isinstance(citation, Mapping) and isinstance(citation.get("locator"), str):
                pinned = citation.get("resolved")
                found.setdefault(citation["locator"], set()).add(pinned if isinstance(pinned, str) else None)
    return found


def _hashed(text: str | None, key: bytes) -> str | None:
    """What an erased record keeps of a text: a mark keyed with the erasure's secret, which is
    kept nowhere. The same text gets the same mark within one erasure (a record still shows
    which of its quotes were the same), and no mark can be confirmed by hashing a guess: an
    unkeyed hash of a short text ("not less than 5,000 psi") is recovered by hashing the few
    hundred texts it could be."""
    if text is None:
        return None
    return f"[erased hmac-sha256:{hmac.new(key, text.encode('utf-8'), hashlib.sha256).hexdigest()}]"


def _texts(answer: Any, verdict: Any) -> Iterator[tuple[str, Any, str | int, bool]]:
    """Every text of a record an erasure replaces with its mark, the one list ``redact_record``
    rewrites and ``record_erasure`` checks: (where, what holds it, its key there, whether it is
    marked even when empty — otherwise left as it is, a detail left ``""``)."""
    yield "answer.question", answer, "question", True
    for i, claim in enumerate(answer.get("claims", [])):
        yield f"answer.claims.{i}.text", claim, "text", True
        for j, citation in enumerate(claim.get("citations", [])):
            yield f"answer.claims.{i}.citations.{j}.quote", citation, "quote", True
    for i, claim in enumerate(verdict.get("claims", [])):
        yield f"verdict.claims.{i}.text", claim, "text", True
        yield f"verdict.claims.{i}.detail", claim, "detail", False
        for k in range(len(claim.get("warnings", []))):
            yield f"verdict.claims.{i}.warnings.{k}", claim["warnings"], k, True
        for j, citation in enumerate(claim.get("citations", [])):
            yield f"verdict.claims.{i}.citations.{j}.quote", citation, "quote", True
            yield f"verdict.claims.{i}.citations.{j}.detail", citation, "detail", False
            yield f"verdict.claims.{i}.citations.{j}.closest", citation, "closest", True
    yield "verdict.rfi", verdict, "rfi", False
    audit = verdict.get("audit")
    if isinstance(audit, dict):
        yield "verdict.audit.question", audit, "question", True
        for i, edge in enumerate(audit.get("reviewed_edges", [])):
            review = edge.get("review") or {}
            yield f"verdict.audit.reviewed_edges.{i}.review.note", review, "note", False


def _cites_erased(stored: Mapping[str, Any], entry: Erasure) -> bool:
    """Whether audit record ``stored`` cites a revision ``entry`` erased (what step 5 rewrites)."""
    answer, verdict = stored.get("answer"), stored.get("verdict")
    audit = verdict.get("audit") if isinstance(verdict, Mapping) else None
    evidence = [answer, {k: v for k, v in verdict.items() if k != "audit"} if isinstance(verdict, Mapping) else None]
    if isinstance(audit, Mapping):
        # ``revisions`` lists the revisions the graph held of each document the decision rested
        # on, not which it read: it names a document erased whole, never one revision of it
        shown = ("passages", "qualifiers", "reviewed_edges") if entry.scope == "revision" \
            else ("passages", "qualifiers", "revisions", "reviewed_edges")
        evidence.append({k: audit.get(k) for k in shown})
    return _cites(evidence, entry, _resolutions(verdict))


def redact_record(stored: Mapping[str, Any], entry: Erasure, key: bytes | None = None) -> dict[str, Any] | None:
    """``stored`` (an audit record) with every text it holds replaced by a mark keyed with
    ``key`` (``_hashed``; a fresh secret when None, kept nowhere), or None when it cites
    nothing ``entry`` erased. Ids, locators, dates, statuses and hashes are kept; the
    record names the erasure and the hash of its content before (``erased``)."""
    if not _cites_erased(stored, entry):
        return None
    key = key if key is not None else secrets.token_bytes(32)
    answer = json.loads(json.dumps(stored.get("answer")))
    verdict = json.loads(json.dumps(stored.get("verdict")))
    for _, holder, name, always in list(_texts(answer, verdict)):
        if always or holder.get(name):
            holder[name] = _hashed(holder[name] if isinstance(holder, list) else holder.get(name), key)
        elif name == "detail":
            holder[name] = ""
    for claim in verdict.get("claims", []):
        claim["quantities"] = None
    if isinstance(verdict.get("audit"), dict):
        verdict["audit"]["calculations"] = []
    redacted: dict[str, Any] = {"format": RECORD_FORMAT, "answer": answer, "verdict": verdict}
    check_record({**redacted, "sha256": content_hash(redacted)})  # still a record replay reads
    redacted["sha256"] = content_hash(redacted)
    redacted["erased"] = {"erasure": entry.id, "document": entry.document, "revisions": list(entry.revisions),
                          "scope": entry.scope, "by": entry.by, "at": utc_text(entry.at),
                          "sha256_before": str(stored.get("sha256", ""))}
    return redacted


def record_erasure(root: str | Path, stored: Mapping[str, Any], *,
                   groups: Iterable[str] | None = None) -> RecordErasure | None:
    """The erasure that rewrote audit record ``stored``, as its ``erased`` object names it and
    the project at ``root`` holds it (the steps of the module docstring); None for a record
    holding no ``erased``. ``stored`` is a record ``check_record`` reads. InputError at the
    field otherwise (``erased``, ``erased.erasure``, ``erased.by``, ``answer.question``...),
    never quoting more of the record than the bounded fields it checked. ``groups``: the
    asker's (None: an operator, told of every erasure); an erasure they are not told of is, to
    them, not held."""
    if "erased" not in stored:
        return None
    try:
        said = RecordErasure.model_validate(stored["erased"])
    except ValidationError as invalid:
        first = invalid.errors()[0]
        where = ".".join(("erased", *(str(part)[:_FIELD_PART_MAX] for part in first["loc"])))
        message = "not an object" if first["type"] == "model_type" else first["msg"]
        raise InputError(f"{message} (an erasure writes {', '.join(RecordErasure.model_fields)} here)", field=where, hint="replay the record as it was written: a record no erasure rewrote holds no "
                                           "erased") from None
    entry = next((e for e in read_erasures(Path(root)) if e.id == said.erasure
                  and (groups is None or e.told_to(groups))), None)
    if entry is None:
        raise InputError(f"this record says it was rewritten by erasure {said.erasure}, which {ERASURES_FILE} does "
                         "not hold", field="erased.erasure",
                         hint="replay the record as it was written; a record an erasure rewrote replays only while "
                              f"its entry stands in {ERASURES_FILE}")
    for name, then, now in (("document", said.document, entry.document), ("scope", said.scope, entry.scope),
                            ("revisions", ", ".join(said.revisions), ", ".join(entry.revisions)),
                            ("by", said.by, entry.by), ("at", utc_text(said.at), utc_text(entry.at))):
        if then != now:
            raise InputError(f"this record says erasure {said.erasure} has {name} {then!r}; {ERASURES_FILE} "
                             f"says {now!r}", field=f"erased.{name}", hint="replay the record as it was written")
    if not _cites_erased(stored, entry):
        raise InputError(f"this record says erasure {said.erasure} rewrote it, but it cites nothing that erasure "
                         f"erased ({entry.document})", field="erased.document",
                         hint="replay the record as it was written")
    for where, holder, name, _ in _texts(stored["answer"], stored["verdict"]):
        text = holder[name] if isinstance(holder, list) else holder.get(name)
        if text and not (isinstance(text, str) and _MARK.fullmatch(text)):
            raise InputError(f"this record says erasure {said.erasure} rewrote it, but it holds text where the "
                             "erasure leaves a mark ([erased hmac-sha256:...]) of every text it rewrites",
                             field=where, hint="replay the record as it was written")
    return said


def replay_erased(snapshot: Snapshot, root: str | Path, stored: Mapping[str, Any], *,
                  groups: Iterable[str] | None = None) -> Replay | None:
    """The replay of a record an erasure rewrote (``record_erasure``: InputError for one that
    only says so): never recomputed (the words it judged are gone); it says what was erased,
    and which build it was decided on and which answers now. None for a record no erasure
    names, to be recomputed."""
    if "erased" not in stored:
        return None
    _, verdict = check_record(stored)
    said = record_erasure(root, stored, groups=groups)
    assert said is not None  # it holds ``erased``
    note = said.said()
    changes = [note]
    if verdict.audit is not None and verdict.audit.index_build != snapshot.build_id:
        changes.append(f"index build {verdict.audit.index_build} then, {snapshot.build_id} now")
    return Replay(same=False, stored=verdict, now=verdict,
                  differences=(f"not recomputed: the decision rested on {note}",), changes=tuple(changes))
