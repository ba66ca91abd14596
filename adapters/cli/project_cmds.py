"""Project commands: init, ingest, show, stats, embed."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from inforce.engine.project import Project
from inforce.ontology import Locator, NotFoundError, Supersedes

from ._common import (
    FormatOption,
    OutputFormat,
    ProjectArg,
    emit_json,
    err,
    handle_errors,
    out,
    refuse_unreadable,
)
from ._options import GroupsOption, parse_groups

__all__ = ["register"]


@handle_errors
def init(
    folder: Annotated[Path, typer.Argument(help="folder for the new project (created if missing)")],
    format: FormatOption = OutputFormat.text,
) -> None:
    """Scaffold a new project: a commented manifest and one example document."""
    from ._scaffold import scaffold_project

    written = scaffold_project(folder, today=dt.date.today().isoformat())
    if format is OutputFormat.json:
        emit_json({"project": str(folder), "created": [str(p) for p in written]})
        return
    for path in written:
        err.print(f"created {path}")
    err.print(f"next: inforce ingest {folder}")


@handle_errors
def ingest(project: ProjectArg, format: FormatOption = OutputFormat.text) -> None:
    """Parse the project's documents and load them into its graph, all or nothing."""
    from inforce.adapters.ingest.pipeline import ingest_project

    with Progress(
        TextColumn("parsing"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.description}"),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as bar:
        task = bar.add_task("", total=None)

        def progress(done: int, total: int, name: str) -> None:
            bar.update(task, completed=done, total=total, description=name)

        result = ingest_project(project, progress=progress)

    for warning in result.warnings:
        err.print(f"warning: {warning}", markup=False)
    summary = {
        "project": result.project,
        "index_build": result.build_id,
        "added": result.added,
        "replaced": result.replaced,
        "removed": result.removed,
        "unchanged": result.unchanged,
        "provisions": result.provisions,
        "derived_edges": result.derived_edges,
        "seconds": round(result.seconds, 3),
        "graph_replaced": result.swapped,
    }
    if format is OutputFormat.json:
        emit_json(summary)
        return
    if not result.swapped:
        err.print(f"{result.project}: up to date ({result.unchanged} documents unchanged)")
        return
    err.print(
        f"{result.project}: {len(result.added)} added, {len(result.replaced)} replaced, "
        f"{len(result.removed)} removed, {result.unchanged} unchanged; "
        f"{result.provisions} provisions in {result.seconds:.2f} s "
        f"({result.provisions_per_second:,.0f}/s); index build {result.build_id}"
    )


@handle_errors
def show(
    project: ProjectArg,
    locator: Annotated[str, typer.Argument(help="DOC-ID[@REV]#path, e.g. SPEC-033000#2.1.A")],
    groups: GroupsOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Print a provision with its document, revision history and supersession edges."""
    wanted = Locator.parse(locator)
    with Project.open(project) as opened:
        refuse_unreadable(opened.store.documents(), [wanted.doc], parse_groups(groups), str(wanted), format)
        view = _provision_view(opened, wanted)
    if format is OutputFormat.json:
        emit_json(view)
        return
    doc = view["document"]
    out.print(f"[bold]{view['locator']}[/]  {doc['kind']} · {doc['title']}", markup=True)
    out.print(
        f"revision {doc['revision']} (seq {doc['seq']}) · effective {doc['effective']} · "
        f"recorded {doc['recorded']} · source {doc['source']}",
        markup=False,
    )
    out.print()
    out.print(view["text"], markup=False)
    out.print()
    history = Table(title="revisions", show_edge=False)
    for column in ("revision", "seq", "effective", "recorded", "changed this provision"):
        history.add_column(column)
    for rev in view["revisions"]:
        history.add_row(rev["revision"], str(rev["seq"]), rev["effective"], rev["recorded"],
                        "yes" if rev["changed"] else "no")
    out.print(history)
    if view["edges"]:
        edges = Table(title="supersession edges", show_edge=False)
        for column in ("source", "target", "scope", "effective", "by", "origin"):
            edges.add_column(column)
        for edge in view["edges"]:
            edges.add_row(edge["source"], edge["target"], edge["scope"], edge["effective"],
                          edge["by"] or "", edge["origin"])
        out.print(edges)


def _provision_view(project: Project, wanted: Locator) -> dict[str, Any]:
    """Resolve the locator to one stored provision (the latest recorded revision when unpinned)."""
    store = project.store
    revisions = sorted(
        (r for r in store.revisions() if r.document == wanted.doc),
        key=lambda r: (r.effective.from_, r.seq),
    )
    if not revisions:
        raise NotFoundError(f"no document {wanted.doc} in {project.root}")
    rev = wanted.rev or revisions[-1].label
    if wanted.path is None:
        document = store.document(f"{wanted.doc}@{rev}")
        text, kind = document.text_layer, "document"
    else:
        document, provision = store.provision(wanted.pinned(rev))
        text, kind = provision.text, provision.kind
    path = wanted.path

    def changed(changed_paths: tuple[str, ...] | None) -> bool:
        if changed_paths is None or path is None:
            return True
        return any(path == c or path.startswith(c + ".") for c in changed_paths)

    edges = [e for e in store.supersedes() if _touches(e, wanted)]
    return {
        "locator": str(wanted.pinned(rev)),
        "kind": kind,
        "text": text,
        "document": {
            "id": document.id,
            "kind": document.kind,
            "title": document.title,
            "revision": document.revision,
            "seq": document.seq,
            "effective": _interval(document.effective.from_, document.effective.until),
            "recorded": _utc(document.recorded),
            "source": document.source.file,
            "access": list(document.access) if document.access is not None else None,
            "applies_to": {k: list(v) for k, v in document.applies_to.items()},
        },
        "revisions": [
            {
                "revision": r.label,
                "seq": r.seq,
                "effective": _interval(r.effective.from_, r.effective.until),
                "recorded": _utc(r.recorded),
                "changed": changed(r.changed),
            }
            for r in revisions
        ],
        "edges": [
            {
                "source": str(e.source),
                "target": str(e.target),
                "scope": e.scope,
                "effective": e.effective.isoformat(),
                "by": str(e.by) if e.by else None,
                "origin": e.origin,
            }
            for e in edges
        ],
        "index_build": project.build_id,
    }


def _touches(edge: Supersedes, wanted: Locator) -> bool:
    """Whether a supersedes edge replaces, or is carried by, the provision (or document) asked about."""

    def related(locator: Locator | None) -> bool:
        if locator is None or locator.doc != wanted.doc:
            return False
        if locator.path is None or wanted.path is None:
            return True
        return wanted.path == locator.path or wanted.path.startswith(locator.path + ".") or (
            locator.path.startswith(wanted.path + ".")
        )

    if related(edge.target) or related(edge.by):
        return True
    return wanted.path is None and edge.source.doc == wanted.doc


def _utc(moment: dt.datetime) -> str:
    """A recorded time as the corpus writes it: ISO 8601 with Z."""
    return moment.isoformat().replace("+00:00", "Z")


def _interval(start: dt.date, until: dt.date | None) -> str:
    return f"{start.isoformat()} .. {until.isoformat() if until else 'open'}"


@handle_errors
def stats(project: ProjectArg, format: FormatOption = OutputFormat.text) -> None:
    """Count what the project's graph holds."""
    with Project.open(project) as opened:
        counts = opened.store.stats()
        figures = counts.model_dump() if hasattr(counts, "model_dump") else dict(vars(counts))
        figures["index_build"] = opened.build_id
        figures["project"] = opened.manifest.project
    if format is OutputFormat.json:
        emit_json(figures)
        return
    table = Table(title=f"{figures['project']}", show_edge=False, show_header=False)
    for key, value in figures.items():
        if key != "project":
            table.add_row(key.replace("_", " "), f"{value:,}" if isinstance(value, int) else str(value))
    out.print(table)


@handle_errors
def embed(
    project: ProjectArg,
    batch_size: Annotated[int, typer.Option(help="passages per model call")] = 64,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Embed provision text for vector search (resumable; cached by a hash of the text)."""
    from inforce.adapters.models.minilm import MiniLMEmbedder
    from inforce.engine.embedding import embed_project

    embedder = MiniLMEmbedder()
    report = embed_project(project, embedder, batch_size=batch_size)
    figures = report.model_dump() if hasattr(report, "model_dump") else dict(vars(report))
    if format is OutputFormat.json:
        emit_json(figures)
        return
    err.print(", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in figures.items()))


def register(app: typer.Typer) -> None:
    """Add the project commands to ``app``."""
    app.command()(init)
    app.command()(ingest)
    app.command()(show)
    app.command()(stats)
    app.command()(embed)
