"""Issue 23 over HTTP: ``POST /v1/projects/P/ingest`` reads the project's documents as the CLI's
ingest does, under the manifest's ``undeclared_access``. A group list restricts a document that
declares nothing (``show``/``asof`` refuse a key outside the group, serve one in it), and a failed
ingest's problems in such a file are the group's to read; ``refuse`` fails the ingest, the graph
as it was. The service runs for real (uvicorn on a loopback port), the graph is Kuzu."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
import undeclared_projects as projects
from undeclared_projects import GROUP, MARK

from inforce.adapters.http import Service, Warm, hash_key, read_keys
from inforce.engine import Project

#: two admins (who may ingest), one outside the group and one in it
_KEYS = {"outadmin": ("ifk-ua-outadmin", "[]"), "boss": ("ifk-ua-boss", f"[{GROUP}]")}


def _serve(tmp_path: Path, root: Path, serve: Any) -> str:
    keys = tmp_path / "keys.yaml"
    keys.write_text("".join(f"- name: {who}\n  key_sha256: {hash_key(key)}\n  groups: {groups}\n  admin: true\n"
                            for who, (key, groups) in _KEYS.items()))
    return serve(Service({"ua": Warm.open("ua", root)}, read_keys(keys))).url


def _as(who: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {_KEYS[who][0]}"}


def _set_rule(root: Path, rule: str) -> None:
    manifest = root / "inforce.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + f"undeclared_access: {rule}\n", encoding="utf-8")


def test_the_service_ingest_applies_the_key(tmp_path: Path, serve: Any) -> None:
    root = tmp_path / "ua"
    written = projects.write(root, "markdown", rule=None)
    Project.ingest(root)  # public, as without the key
    url = _serve(tmp_path, root, serve)
    show = f"/v1/projects/ua/show?locator={quote(written.locator)}"
    asof = f"/v1/projects/ua/asof?locator={quote(written.locator)}&valid_at=2026-04-01"
    with httpx.Client(base_url=url, timeout=120) as client:
        assert MARK in client.get(show, headers=_as("outadmin")).text
        _set_rule(root, f"[{GROUP}]")
        done = client.post("/v1/projects/ua/ingest", headers=_as("boss"))
        assert done.status_code == 200, done.text
        for asked in (show, asof):
            refused = client.get(asked, headers=_as("outadmin"))
            assert refused.json()["reason"] == "access_restricted" and MARK not in refused.text, refused.text
            served = client.get(asked, headers=_as("boss"))
            assert served.status_code == 200 and MARK in served.text, served.text
        # refuse: the ingest fails, its problem withheld from every key (the file's access is unsaid), the graph kept
        manifest = root / "inforce.yaml"
        manifest.write_text(manifest.read_text(encoding="utf-8").replace(f"[{GROUP}]", "refuse"), encoding="utf-8")
        for who in _KEYS:
            failed = client.post("/v1/projects/ua/ingest", headers=_as(who))
            assert failed.status_code == 422 and "withheld (access)" in failed.text, failed.text
            assert MARK not in failed.text and "a.md" not in failed.text, failed.text
        assert client.get(show, headers=_as("outadmin")).json()["reason"] == "access_restricted"
        assert MARK in client.get(show, headers=_as("boss")).text


@pytest.mark.parametrize("form", ["markdown", "akn"])
def test_a_failed_ingests_problem_in_a_file_the_list_restricts_is_the_groups_to_read(
    tmp_path: Path, serve: Any, form: str,
) -> None:
    """A file declaring nothing, which fails for another reason (a ``changed`` section it lacks;
    an act that is not well-formed XML): its access is the list's, so its problem is quoted to the
    group and counted, never quoted, to a key outside it."""
    root = tmp_path / "ua"
    written = projects.write(root, form, rule=f"[{GROUP}]")
    Project.ingest(root)
    url = _serve(tmp_path, root, serve)
    source = root / written.file
    text = source.read_text(encoding="utf-8")
    if form == "markdown":
        source.write_text(text.replace("---\nid:", "---\nchanged: ['9.9']\nid:", 1), encoding="utf-8")
    else:
        source.write_text(text.replace("</act></akomaNtoso>", "</akomaNtoso>"), encoding="utf-8")
    with httpx.Client(base_url=url, timeout=120) as client:
        failed = client.post("/v1/projects/ua/ingest", headers=_as("boss"))
        assert failed.status_code == 422 and written.file in failed.text, failed.text
        failed = client.post("/v1/projects/ua/ingest", headers=_as("outadmin"))
        assert failed.status_code == 422 and "withheld (access)" in failed.text, failed.text
        assert written.file not in failed.text, failed.text
