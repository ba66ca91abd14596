"""Audit MM2 of issue 23 (the 40th): locks through links, facet values no one can see, an
erasure cut short that wedged the project, and a review's ``by`` written by hand.

MM2-1 (medium): ``.inforce/erase.lock`` a symbolic link: the erase lock followed it, then
compared the link (``lstat``) with its target (``fstat``), never equal, and took the lock again
at once, for ever, at 100% CPU. Every lock now refuses a link (``take_lock``: ``O_NOFOLLOW``, no
way to ask otherwise): exit 3 naming the file, "it is a symbolic link"; and taking a lock whose
file keeps changing under it again is bounded (a few tries, a pause between, then a clear error).

MM2-2 (medium): ``.inforce/write.lock`` a link: the writer truncated the file it led to (outside
the project) and wrote its pid there. Refused now (exit 3), the file it leads to untouched.

MM2-3 (medium): ``.inforce`` itself a link to a store folder elsewhere (which every command
reads): the erasure took no lock at all, so two erasures ran at once. The erase lock is now
taken in the store folder the writer's lock is in (``StoreLayout``), through the link.

MM2-4 (medium): a facet value holding an invisible character (U+200B, NUL, BEL) was taken from
a register cell or front matter, and the document then silently never matched ``-c market=UK``.
Refused at its cell, file, line and field named, by the one rule group names follow
(``scalars.visible_name``); a ``--context`` value holding one is refused as well.

MM2-5 (medium): an erasure the rebuild refuses (another document declares a supersedes target in
it), killed after its pending entry was written and before anything was deleted: the ingest
refused the pending entry ("erase again to finish it") and erasing again failed on the rebuild,
keeping the entry, for ever. That run now withdraws the entry (nothing was erased; it says so).

MM2-6 (low): ``reviews.yaml`` written by hand took a ``by`` holding control characters that
``inforce review --by`` refuses; the reader now applies ``--by``'s rule (``person_name``).

And (cosmetic) an ``--rfi-dir`` holding an escape sequence was echoed raw.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from inforce.ontology.files import LockUnusable, take_lock
from tests.support.erasure_cases import hold_erase_lock
from tests.support.in_process import inforce

_SPEC = ("---\nid: SPEC-1\nkind: specification\ntitle: Concrete\neffective: {from: 2026-01-01}\n"
         "recorded: 2026-01-01T00:00:00Z\n---\n# 1 General\n## 1.1 Scope\nA. Concrete shall be 4,000 psi.\n")
_KEPT = ("---\nid: SPEC-2\nkind: specification\ntitle: Kept\neffective: {from: 2026-01-01}\n"
         "recorded: 2026-01-01T00:00:00Z\n---\n# 1 General\n## 1.1 Scope\nA. Steel shall be grade 60.\n")
#: declares a supersedes target in SPEC-1: a rebuild without SPEC-1 is refused
_ADDENDUM = ("---\nid: ADD-1\nkind: addendum\ntitle: Addendum 1\neffective: {from: 2026-02-01}\n"
             "recorded: 2026-02-01T00:00:00Z\nsupersedes:\n  - target: SPEC-1#1.1\n    scope: full\n---\n"
             "# 1 Changes\n## 1.1 Scope\nA. Concrete shall be 5,000 psi.\n")


_cli = inforce  # in this process; the lock holders and the killed erasure are processes of their own


def _project(root: Path, *documents: tuple[str, str], ingest: bool = True) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: mm2\nfacets: [market]\n")
    for name, text in documents:
        (root / "documents" / name).write_text(text)
    if ingest:
        done = _cli("ingest", root)
        assert done.returncode == 0, done.stderr
    return root


def _said(run: subprocess.CompletedProcess[str]) -> str:
    return " ".join(run.stderr.split())


# ---- MM2-1, MM2-2: no lock through a link ------------------------------------------------------


def test_take_lock_refuses_a_link_and_leaves_its_target_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "precious"
    target.write_text("precious data")
    for removed in (False, True):
        link = tmp_path / f"lock-{removed}"
        link.symlink_to(target)
        with pytest.raises(LockUnusable) as caught:
            take_lock(link, removed=removed)
        assert caught.value.link and caught.value.reason == "it is a symbolic link"
        assert link.is_symlink() and target.read_text() == "precious data"
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    with pytest.raises(LockUnusable, match="symbolic link"):
        take_lock(dangling)
    assert not (tmp_path / "nowhere").exists()  # nothing made where the link leads


def test_a_lock_whose_file_keeps_changing_is_refused_after_a_few_tries_not_spun_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file at the path is never the one locked (``_same_file`` false each time, as when
    something replaces it as fast as it is taken): a clear LockUnusable after a few tries with
    a pause between, never a loop that runs for ever."""
    from inforce.ontology import files

    tries = []
    monkeypatch.setattr(files, "_same_file", lambda fd, path: tries.append(fd) is not None)
    started = time.monotonic()
    with pytest.raises(LockUnusable, match="replaced or removed"):
        take_lock(tmp_path / "erase.lock", removed=True)
    assert 2 <= len(tries) <= 10 and time.monotonic() - started < 10
    assert not (tmp_path / "erase.lock").exists() or (tmp_path / "erase.lock").is_file()


def test_erase_with_its_lock_file_a_link_exits_3_at_once_naming_it(tmp_path: Path) -> None:
    root = _project(tmp_path / "p", ("spec-2.md", _KEPT))
    target = tmp_path / "target"
    target.write_text("")
    (root / ".inforce" / "erase.lock").symlink_to(target)
    started = time.monotonic()
    erased = _cli("erase", root, "SPEC-2", "--by", "R. Keeper", "--confirm", "SPEC-2")
    assert erased.returncode == 3, erased.stderr
    said = _said(erased)
    assert "erase.lock" in said and "it is a symbolic link" in said and "nothing was erased" in said, said
    assert time.monotonic() - started < 60
    assert (root / "documents" / "spec-2.md").is_file() and not (root / "erasures.yaml").exists()
    assert (root / ".inforce" / "erase.lock").is_symlink() and target.read_text() == ""


def test_ingest_with_the_write_lock_a_link_exits_3_and_never_writes_through_it(tmp_path: Path) -> None:
    root = _project(tmp_path / "p", ("spec-2.md", _KEPT))
    precious = tmp_path / "precious"
    precious.write_text("precious data")
    lock = root / ".inforce" / "write.lock"
    lock.unlink(missing_ok=True)
    lock.symlink_to(precious)
    with (root / "documents" / "spec-2.md").open("a") as more:
        more.write("B. A second paragraph.\n")
    ingested = _cli("ingest", root)
    assert ingested.returncode == 3, ingested.stderr
    said = _said(ingested)
    assert "write.lock" in said and "it is a symbolic link" in said, said
    assert precious.read_text() == "precious data"


# ---- MM2-3: the erase lock in a store folder kept elsewhere ------------------------------------


def test_the_erase_lock_is_taken_in_a_store_folder_reached_through_a_link(tmp_path: Path) -> None:
    """``.inforce`` a link to the store folder elsewhere: the erase lock is the file in that
    folder (where the writer's lock is), a second erasure is refused as locked (exit 3) while a
    real other process holds it, and the erasure runs once it is free."""
    root = _project(tmp_path / "p", ("spec-1.md", _SPEC), ("spec-2.md", _KEPT))
    store = tmp_path / "store"
    (root / ".inforce").rename(store)
    (root / ".inforce").symlink_to(store)
    holder = hold_erase_lock(root)
    try:
        assert (store / "erase.lock").is_file() and not (store / "erase.lock").is_symlink()
        second = _cli("erase", root, "SPEC-2", "--by", "R. Keeper", "--confirm", "SPEC-2")
        assert second.returncode == 3, second.stderr
        assert "locked" in _said(second) and "an erasure is running" in _said(second)
        assert (root / "documents" / "spec-2.md").is_file() and not (root / "erasures.yaml").exists()
        ingested = _cli("ingest", root)  # the writer's lock is not the erasure's: the ingest runs
        assert ingested.returncode == 0, ingested.stderr
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.close()
        assert holder.wait(timeout=60) == 0
    assert not (store / "erase.lock").exists()
    erased = _cli("erase", root, "SPEC-2", "--by", "R. Keeper", "--confirm", "SPEC-2")
    assert erased.returncode == 0, erased.stderr
    assert not (root / "documents" / "spec-2.md").exists() and not (store / "erase.lock").exists()
    assert (root / ".inforce").is_symlink()


# ---- MM2-4: facet values no one can see ---------------------------------------------------------

_REGISTER_HEAD = ("file,id,revision,seq,kind,title,issued,effective_from,effective_until,recorded,changed,access,"
                  "applies_to.market\n")


@pytest.mark.parametrize("hidden", ["\u200b", "\x07", "\u00a0", "\u202e"])
def test_a_facet_value_in_a_register_cell_holding_an_invisible_character_is_refused_at_its_cell(
        tmp_path: Path, hidden: str) -> None:
    root = _project(tmp_path / "p", ("a.csv", "item,qty\nslab,4000 psi\n"), ingest=False)
    (root / "inforce.yaml").write_text("project: mm2\nfacets: [market]\nregistry: register.csv\n")
    (root / "register.csv").write_text(_REGISTER_HEAD + "documents/a.csv,SCH-A,0,1,schedule,Alpha,2026-03-02,"
                                       f"2026-03-02,,2026-03-02T09:00:00Z,,,UK;I{hidden}E\n")
    ingested = _cli("ingest", root)
    assert ingested.returncode == 2, ingested.stderr
    said = _said(ingested)
    assert "register.csv:2" in said and "applies_to.market" in said, said
    assert "facet value" in said and "cannot be seen" in said and f"U+{ord(hidden):04X}" in said, said
    assert not (root / ".inforce" / "CURRENT").exists()


@pytest.mark.parametrize("written", ["\\u200b", "\\0", "\\a", "\\u2060"])
def test_a_facet_value_in_front_matter_or_a_sidecar_holding_an_invisible_character_is_refused(
        tmp_path: Path, written: str) -> None:
    front = ("---\nid: D1\nkind: policy\ntitle: T\neffective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n"
             f'applies_to: {{market: ["UK{written}"]}}\n---\n# 1 A\nText.\n')
    sidecar = ("id: S1\nkind: schedule\ntitle: S\neffective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n"
               f'applies_to:\n  market: [IE, "UK{written}"]\n')
    root = _project(tmp_path / "p", ("d.md", front), ("s.csv", "item,qty\nslab,4000 psi\n"), ("s.csv.yaml", sidecar),
                    ingest=False)
    ingested = _cli("ingest", root)
    assert ingested.returncode == 2, ingested.stderr
    said = _said(ingested)
    assert "documents/d.md:7" in said and "applies_to.market[0]" in said, said
    assert "documents/s.csv.yaml:7" in said and "applies_to.market[1]" in said, said
    # (a NUL is refused by the one NUL refusal every string the YAML reader takes goes through, audit 61's F02)
    refusal = "text contains a NUL character" if written == "\\0" else "holds a character that cannot be seen"
    assert said.count(refusal) == 2, said


def test_visible_facet_values_still_match_and_a_context_value_no_one_can_see_is_refused(tmp_path: Path) -> None:
    front = ("---\nid: D1\nkind: policy\ntitle: T\neffective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n"
             'applies_to: {market: ["UK", "Côte d\'Ivoire"]}\n---\n# 1 A\nText.\n')
    root = _project(tmp_path / "p", ("d.md", front))
    for value in ("UK", "Côte d'Ivoire"):
        asked = _cli("eligible", root, "-c", f"market={value}", "--valid-at", "2026-03-01", "--format", "json")
        assert asked.returncode == 0, asked.stderr
        assert "D1" in asked.stdout
    hidden = _cli("eligible", root, "-c", "market=UK\u200b", "--valid-at", "2026-03-01")
    assert hidden.returncode == 2, hidden.stderr
    said = _said(hidden)
    assert "--context" in said and "cannot be seen" in said and "U+200B" in said, said


# ---- MM2-5: an erasure cut short that the rebuild refuses --------------------------------------


def test_an_erasure_killed_before_deleting_that_the_rebuild_refuses_is_withdrawn_when_run_again(
        tmp_path: Path) -> None:
    root = _project(tmp_path / "p", ("spec-1.md", _SPEC), ("add-1.md", _ADDENDUM))
    # a file added since the last ingest that does not read: the rebuild refuses it (a declared
    # target in the erased revision no longer does: its tombstone keeps the path, issue 23)
    (root / "documents" / "broken.md").write_text("---\nid: [not, an, id]\n---\nno metadata that reads\n")
    # the first run: refused, saying why (the file), nothing recorded
    first = _cli("erase", root, "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1")
    assert first.returncode == 2, first.stderr
    assert "documents/broken.md" in _said(first), _said(first)
    assert not (root / "erasures.yaml").exists()
    # a run killed (SIGKILL) once its pending entry is written, before its rebuild
    killed = subprocess.run([sys.executable, "-c", textwrap.dedent("""
        import os, signal, sys
        import inforce.engine.ingest as ingest
        ingest.ingest = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)
        from inforce.adapters.cli import app
        sys.argv = ["inforce", *sys.argv[1:]]
        app()
    """), "erase", str(root), "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1"],
        capture_output=True, text=True, timeout=300, check=False)
    assert killed.returncode == -9, killed.stderr
    assert "pending" in (root / "erasures.yaml").read_text()
    wedged = _cli("ingest", root)
    assert wedged.returncode == 2 and "did not finish" in _said(wedged), wedged.stderr
    # run again: refused as the first run was, and withdrawn, saying so; the project usable again
    again = _cli("erase", root, "SPEC-1", "--by", "R. Keeper", "--confirm", "SPEC-1")
    assert again.returncode == 2, again.stderr
    said = _said(again)
    assert "nothing was erased" in said and "withdrawn" in said and "documents/broken.md" in said, said
    assert not (root / "erasures.yaml").exists() or "pending" not in (root / "erasures.yaml").read_text()
    assert (root / "documents" / "spec-1.md").read_text() == _SPEC
    (root / "documents" / "broken.md").unlink()
    ingested = _cli("ingest", root)
    assert ingested.returncode == 0, ingested.stderr
    shown = _cli("show", root, "SPEC-1#1.1")
    assert shown.returncode == 0 and "4,000 psi" in shown.stdout, shown.stderr


# ---- MM2-6: a review's by written by hand ------------------------------------------------------


@pytest.mark.parametrize("by", ['"Eve\\e[2J\\a"', '"Eve\\u200bAdams"', '"Eve\\nAdams"'])
def test_a_hand_written_review_by_follows_the_rule_review_by_follows(tmp_path: Path, by: str) -> None:
    root = _project(tmp_path / "p", ("spec-1.md", _SPEC), ("add-1.md", _ADDENDUM))
    (root / "reviews.yaml").write_text(
        "- item: ADD-1#1.1\n  target: SPEC-1#1.1\n  scope: full\n  decision: accept\n"
        f"  by: {by}\n  at: 2026-04-12T10:00:00Z\n")
    ingested = _cli("ingest", root)
    assert ingested.returncode == 2, ingested.stderr
    said = _said(ingested)
    assert "reviews.yaml:5" in said and "reviews[0].by" in said and "one line of visible text" in said, said


def test_a_hand_written_review_by_with_runs_of_spaces_still_reads(tmp_path: Path) -> None:
    from inforce.engine.reviews import read_reviews

    root = tmp_path / "p"
    root.mkdir()
    (root / "reviews.yaml").write_text(
        "- item: ADD-1#1.1\n  target: SPEC-1#1.1\n  scope: full\n  decision: accept\n"
        "  by: 'Eve   Adams'\n  at: 2026-04-12T10:00:00Z\n")
    (review,) = read_reviews(root)
    assert review.by == "Eve Adams"


# ---- the RFI folder's name echoed ---------------------------------------------------------------


def test_the_rfi_folder_is_echoed_terminal_safe(tmp_path: Path) -> None:
    from inforce.adapters.cli.sweep_cmds import _stale_note

    folder = tmp_path / "rfi\x1b[2Jdir"
    note = _stale_note([folder / "RFI-\x1b]0;x\x07.md"], folder)
    assert "\x1b" not in note and "\x07" not in note

