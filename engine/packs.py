"""Loading the rule packs an answer is decided under: the ingested ones, or others named.

An answer is stamped with the index build id, which names the packs' content at ingest; a pack
edited since would decide with rules the id does not name, so it is refused, never used.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from inforce.ontology import InforceError, InputError, Manifest, StoreError

if TYPE_CHECKING:
    from inforce.rules import RuleSet

__all__ = ["configuration_changes", "edited_packs", "rules_as_ingested", "with_precedence_packs"]


def rules_as_ingested(manifest: Manifest, root: Path, hashes: Mapping[str, str], build_id: str) -> RuleSet:
    """The manifest's rule packs, compiled — exactly as ingested (``hashes``), or not at all.

    StoreError naming the packs edited since ingest (re-ingest); InputErrors if a pack does not load.
    """
    from inforce.rules import compile_manifest

    # Packs whose content is what ingest linted need no second lint (its unit checks build
    # pint's registry: a third of opening a project); any other content is linted.
    rules = compile_manifest(manifest, root, lint=not hashes)
    if hashes:
        edited = edited_packs(hashes, {loaded.name: loaded.content_hash for loaded in rules.packs})
        if edited:
            raise StoreError(
                f"{root}: rule packs edited since ingest ({', '.join(edited)}); answers "
                f"would not be those of index build {build_id}. Run: inforce ingest {root}"
            )
    return rules


def with_precedence_packs(
    rules: RuleSet, manifest: Manifest, root: Path, packs: Sequence[str], params: Mapping[str, str]
) -> RuleSet:
    """``rules`` with ``packs`` deciding precedence instead; ``params`` merged over those the
    manifest gives a pack it lists. InputError when one does not load or holds no precedence rule."""
    from inforce.rules import load_pack

    repeated = sorted({name for name in packs if list(packs).count(name) > 1})
    if repeated:  # the one pack deciding twice says nothing more; a typo of another is likelier
        raise InputError(f"{', '.join(repeated)} named twice", field="pack", hint="name each pack once")
    listed = {ref.name: dict(ref.params) for ref in manifest.rules}
    loaded = [
        load_pack(name, root=root, params={**listed.get(name, {}), **params} or None, facets=rules.facets,
                  params_sent=True)  # the manifest's own were checked at ingest: a problem is of those sent
        for name in packs
    ]
    for name, pack in zip(packs, loaded, strict=True):
        if not any(rule.kind == "precedence" for rule in pack.pack.rules):
            kinds = ", ".join(sorted({rule.kind for rule in pack.pack.rules})) or "no rules"
            raise InputError(f"{name} is not a precedence pack (its rules: {kinds})", field="pack",
                             hint="name a pack of precedence rules, e.g. precedence/aia-style, "
                             "precedence/far-52-236-21 or precedence/none")
    return rules.with_precedence(loaded)


def configuration_changes(
    ingested: Manifest, hashes: Mapping[str, str], manifest: Manifest | None, root: Path
) -> tuple[str, ...]:
    """The manifest and packs edited since the graph was built (``manifest``: as it reads now)."""
    if manifest is None:
        return ()
    from inforce.rules import compile_manifest

    changed: list[str] = []
    if manifest != ingested:
        changed.append("inforce.yaml")
    try:
        now = {loaded.name: loaded.content_hash for loaded in compile_manifest(manifest, root).packs}
    except InforceError as problem:
        return (*changed, f"rule packs no longer load: {problem}")
    changed += edited_packs(hashes, now)
    return tuple(dict.fromkeys(changed))


def edited_packs(then: Mapping[str, str], now: Mapping[str, str]) -> list[str]:
    """Packs (by name) added, removed or changed between two ``name -> content hash`` maps."""
    return sorted(name for name in then.keys() | now.keys() if then.get(name) != now.get(name))
