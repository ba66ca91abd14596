"""Reading one addendum of a small project on disk, as ingest reads it, for the tests of the
addenda reader (``engine.addenda``): the project's documents parsed by the format readers, the
targets looked up among them, and ``read_addendum`` run on the addendum. Each test module writes
the documents its forms need; this is the part they share."""

from __future__ import annotations

from pathlib import Path

import inforce.rules
from inforce.engine.addenda.reading import Lookup, Reading, read_addendum
from inforce.engine.derivation import TargetDirectory, outline_names
from inforce.rules import RuleSet, load_pack

from corpus_writer import write_doc

__all__ = ["addenda_rules", "applied", "proposed", "read_line", "read_project", "start_project", "write_sheet"]


def addenda_rules() -> RuleSet:
    """The stock addenda pack, as a project listing it reads it."""
    return RuleSet(packs=(load_pack("supersession/csi-addenda"),))


#: The stock addenda pack's file.
STOCK_ADDENDA = Path(inforce.rules.__file__).resolve().parent / "stock" / "supersession" / "csi-addenda.yaml"


def owner_pack(tmp_path: Path, old: str, new: str) -> RuleSet:
    """The stock addenda pack with ``old`` (lines of it) written as ``new``: an owner's own pack."""
    text = STOCK_ADDENDA.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / "owner.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return RuleSet(packs=(load_pack(path),))


def start_project(root: Path, name: str) -> Path:
    """An empty project folder whose manifest lists the stock addenda pack."""
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(f"project: {name}\nrules:\n  - stock: supersession/csi-addenda\n")
    return root


def write_sheet(root: Path, sheet: str, issued: str = "2026-01-05",
                body: str = "GENERAL NOTES\n\n1. Verify in field.\n") -> None:
    """A drawing sheet written as Markdown (id ``DWG-<sheet>``, its sheet number in front matter)."""
    write_doc(root, f"DWG-{sheet}", issued, f"SHEET {sheet}\n\n{body}", kind="drawing")
    path = root / "documents" / f"dwg-{sheet.lower()}.md"
    path.write_text(path.read_text().replace("kind: drawing", f"kind: drawing\nsheet: {sheet}"))


def read_project(root: Path, rules: RuleSet, addendum: str = "ADD-01") -> Reading:
    """What the reader makes of ``addendum`` among the project's documents."""
    from inforce.adapters.ingest.reader import FileReader

    with FileReader().open(root) as files:
        documents = {name: files.parse(name).document for name in files.discover()[0]}
    by_id = {d.id: d for d in documents.values()}
    lookup = Lookup(TargetDirectory.from_documents(by_id.values()),
                    has_target=lambda loc: loc.doc in by_id and (loc.path is None or any(
                        p.path == loc.path for p in by_id[loc.doc].provisions)),
                    names=lambda doc: outline_names(by_id[doc]),
                    paths=lambda doc: [p.path for p in by_id[doc].provisions] if doc in by_id else [])
    return read_addendum(by_id[addendum], rules, lookup, body_line=8)


def applied(reading: Reading) -> set[tuple[str, str, bool]]:
    """The applied edges as (target, scope, successor)."""
    return {(e.target.format(), e.scope, e.successor) for e in reading.applied}


def proposed(reading: Reading) -> set[tuple[str, str, bool]]:
    """The proposed edges as (target, scope, successor)."""
    return {(p.target.format(), p.scope, p.successor) for p in reading.proposed}


def read_line(root: Path, rules: RuleSet, name: str, line: str, *, spec: str, doc: str, title: str, head: str,
              issued: tuple[str, str]) -> tuple[set[tuple[str, str, bool]], set[tuple[str, str, bool]], str]:
    """A project ``name`` of one specification and one addendum (``head`` then ``line``), each issued on its day
    of ``issued``, read: its applied and proposed edges, and the reasons of what it reports, joined."""
    start_project(root, name)
    write_doc(root, doc, issued[0], spec, kind="specification", title=title)
    write_doc(root, "ADD-01", issued[1], head + line, kind="addendum", title="Addendum")
    reading = read_project(root, rules)
    reported = " ".join(n.reason or "" for n in reading.not_understood)
    return applied(reading), proposed(reading), reported
