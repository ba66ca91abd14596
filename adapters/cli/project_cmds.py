"""Project commands: init, ingest, show, stats, embed."""

from __future__ import annotations

import datetime as dt
import enum
import functools
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from inforce.engine import Project
from inforce.ontology import AddendaReadings, UnboundReport
from inforce.ontology.scalars import sent_locator
from inforce.ontology.text import file_line, terminal_line

from ._common import (
    FormatOption,
    OutputFormat,
    ProjectArg,
    answered,
    emit_json,
    err,
    handle_errors,
    origin_text,
    out,
    outside_project_files,
    path_argument,
    utf8_path,
    visible,
)
from ._options import GroupsOption, parse_groups
from .review_cmds import decision_counts, proposal_line, review_notes

__all__ = ["register"]


@handle_errors
def init(
    folder: Annotated[Path, typer.Argument(help="folder for the new project (created if missing)",
                                           parser=path_argument, callback=utf8_path)],
    format: FormatOption = OutputFormat.text,
) -> None:
    """Scaffold a new project: a commented manifest and one example document."""
    from ._scaffold import Scaffolded, scaffold_project

    # the one check every writing option goes through: a project made inside another's documents
    # folder or store would be read as its documents, or break its store (audit 46 L1)
    outside_project_files(folder, "FOLDER", None)  # no project: any holding it
    written = scaffold_project(folder, today=dt.date.today().isoformat())
    if format is OutputFormat.json:
        emit_json(Scaffolded(project=str(folder), created=[str(p) for p in written]))
        return
    for path in written:
        err.print(f"created {terminal_line(str(path))}")
    err.print(f"next: inforce ingest {terminal_line(str(folder))}")


@handle_errors
def ingest(
    project: ProjectArg,
    derived: Annotated[bool, typer.Option(
        "--derived", help="list what the project's addenda say as the graph is now (whether or not this "
        "ingest read them again): each supersedes edge applied (the item, what it replaces, the rule and the "
        "words it read), each edge proposed for review with its evidence, the items not understood, and the "
        "items each rule's skip list left alone",
    )] = False,
    groups: GroupsOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Parse the project's documents and load them into its graph, all or nothing.

    Prints how many supersedes edges the rule packs derived from addendum wording in this
    ingest (only changed documents are parsed, so a re-ingest with nothing changed derives
    none), and on standard error each edge an addendum only proposes (inforce review lists
    and decides them); --derived lists the project's applied, proposed and not-understood
    items as they stand (in JSON: ``derived``, ``proposed``, ``not_understood``, and
    ``readings`` with the review file's decisions). What names a document --groups may not
    read is left out, the document named, and a failed ingest's problems in files --groups may
    not read are counted, not quoted; without --groups, everything is shown (whoever runs it
    holds the files).
    """
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

        # without --groups, whoever holds the files (an operator): every problem and listing whole
        result = Project.ingest(project, progress=progress, derived=derived,
                                groups=parse_groups(groups) if groups is not None else None,
                                embedder=_proposal_embedder(project))

    for line in warning_lines(result.warnings):
        err.print(visible(line), markup=False)  # a file's name is the file's author's
    for missed in result.not_understood:  # never silent: document control reviews each
        where = file_line(missed.file, missed.line)
        why = missed.reason or f"names what it would change, but no wording of rule {missed.rule} reads it"
        err.print(visible(f"not understood: {where}: {missed.item} {why}; review it by hand"), markup=False)
    for proposal in result.proposed:  # never applied by itself: a person accepts or rejects it
        err.print(f"proposed: {proposal_line(proposal)}", markup=False)
    if result.proposed:
        err.print(f"{len(result.proposed)} proposed edge(s): inforce review {project} lists them; "
                  "accept or reject each", markup=False)
    readings = result.readings
    if format is OutputFormat.json:
        emit_json(result.summary())
        return
    edges = f"{result.derived_edges} supersedes {'edge' if result.derived_edges == 1 else 'edges'} derived"
    if result.not_understood:
        edges += f", {len(result.not_understood)} addendum item(s) not understood (--derived lists their words)"
    if not result.swapped:
        err.print(f"{terminal_line(result.project)}: up to date ({result.unchanged} documents unchanged); "
                  f"{edges} in this ingest", markup=False)
        if readings is not None:
            _print_readings(readings)
        return
    err.print(
        f"{terminal_line(result.project)}: {len(result.added)} added, {len(result.replaced)} replaced, "
        f"{len(result.removed)} removed, {result.unchanged} unchanged; "
        f"{result.provisions} provisions in {result.seconds:.2f} s "
        f"({result.provisions_per_second:,.0f}/s); {edges}; index build {result.build_id}",
        markup=False,
    )
    for table in result.quarantined:
        pages = f"page {table.page}" if table.page_end is None else f"pages {table.page}-{table.page_end}"
        err.print(f"quarantined: {terminal_line(table.file)} table {table.table} on {pages}: {table.extracted_rows} rows "
                  f"extracted, {table.text_rows} in the text layer; not indexed, confirm it by hand",
                  markup=False)
    _print_unbound(result.unbound)
    if readings is not None:
        _print_readings(readings)


#: How many warnings of one kind about one file an ingest prints; the rest are counted.
WARNINGS_SHOWN = 20
#: What varies between warnings of one kind: a quoted name, a word with a digit (an id, a line,
#: a date, a path).
_VARYING = re.compile(r"'[^']*'|\"[^\"]*\"|\S*\d\S*")


def warning_lines(warnings: Sequence[object]) -> list[str]:
    """The ``warning:`` lines an ingest prints: the first ``WARNINGS_SHOWN`` of each kind (its
    wording, names and numbers aside) about each file, in order, and then for each kind with
    more a line counting them (an act declaring 20,000 modifications of one kind warns of the
    kind, not 20,000 times)."""
    lines: list[str] = []
    counts: dict[tuple[str | None, str], int] = {}
    first: dict[tuple[str | None, str], str] = {}
    for warning in warnings:
        message = str(getattr(warning, "message", warning))
        key = (getattr(warning, "file", None), _VARYING.sub("#", message))
        counts[key] = counts.get(key, 0) + 1
        first.setdefault(key, message)
        if counts[key] <= WARNINGS_SHOWN:
            lines.append(f"warning: {warning}")
    for (file, kind), count in counts.items():
        if count > WARNINGS_SHOWN:
            lines.append(f"warning: ... and {count - WARNINGS_SHOWN:,} more of this kind"
                         f"{f' in {terminal_line(file)}' if file else ''} (the first {WARNINGS_SHOWN} are above; the first "
                         f"of them: {first[(file, kind)]})")
    return lines


def _print_unbound(unbound: UnboundReport) -> None:
    """The quantities this ingest read that no subject bound: counted by dimension (those the
    vocabulary has subjects for first), the first listed at their file and line."""
    if not unbound.total:
        return
    known = set(unbound.vocabulary_dimensions)
    counted = [(name, count) for name, count in unbound.by_dimension.items()]
    told = ", ".join(f"{name} {count:,}" for name, count in counted if name in known)
    others = ", ".join(f"{name} {count:,}" for name, count in counted if name not in known)
    if others:
        told = f"{told}; no subject has: {others}" if told else f"no subject has: {others}"
    err.print(f"quantities bound to no subject: {unbound.total:,} ({told})", markup=False)
    for item in unbound.items:
        file = terminal_line(item.file)
        where = f"{file}:{item.line}" if item.line is not None else f"{file} ({item.locator})"
        err.print(visible(f"  {where}  {terminal_line(item.text)}  ({terminal_line(item.context)})"), markup=False)
    if unbound.more:
        err.print(f"  ... and {unbound.more:,} more (inforce stats counts them; --format json lists the first "
                  f"{len(unbound.items)} with their locators)", markup=False)
    if unbound.withheld:
        err.print(f"withheld: unbound quantities of {', '.join(unbound.withheld)} (access)", markup=False)


def _print_readings(readings: AddendaReadings) -> None:
    """``ingest --derived``: the project's addenda as they stand, document wording printed as
    data (a person reviews exactly the words read)."""
    out.print(f"applied ({len(readings.applied)}):", markup=False)
    for edge in readings.applied:
        removed = "" if edge.successor else ", no successor"
        out.print(f'  {edge.by} → {edge.target} ({edge.scope}{removed}) {edge.rule}: "{edge.words}"', markup=False)
    out.print(f"proposed, waiting for review ({len(readings.proposed)}):", markup=False)
    for proposal in readings.proposed:
        out.print(f"  {proposal_line(proposal)}", markup=False)
        out.print(f'    "{proposal.words}"', markup=False)
    out.print(f"not understood ({len(readings.not_understood)}):", markup=False)
    for missed in readings.not_understood:
        where = file_line(missed.file, missed.line)
        why = f"; {missed.reason}" if missed.reason else ""
        out.print(f'  {missed.item} ({missed.rule}, {where}{why}): "{missed.words}"', markup=False)
    skipped = ", ".join(f"{rule}: {count}" for rule, count in sorted(readings.skipped.items())) or "none"
    out.print(f"skipped by a rule's skip list: {skipped}", markup=False)
    decisions = decision_counts(readings)
    out.print(f"reviewed in reviews.yaml: {decisions}", markup=False)
    for line in review_notes(readings):
        out.print(line, markup=False)
    if readings.withheld:
        out.print(f"withheld: items and edges of {', '.join(readings.withheld)} (access)", markup=False)


@handle_errors
def show(
    project: ProjectArg,
    locator: Annotated[str, typer.Argument(help="DOC-ID[@REV]#path, e.g. SPEC-033000#2.1.A")],
    groups: GroupsOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Print a provision with its document, revision history and supersession edges."""
    with Project.open(project) as opened:
        view = answered(opened.show(sent_locator(locator), groups=parse_groups(groups)))
    if format is OutputFormat.json:
        emit_json(view)
        return
    doc = view.document
    out.print(Text.assemble((view.locator, "bold"), f"  {doc.kind} · {terminal_line(doc.title)}"))
    out.print(
        f"revision {doc.revision} (seq {doc.seq}) · effective {doc.effective} · "
        f"recorded {doc.recorded} · source {terminal_line(str(doc.source))}",
        markup=False,
    )
    out.print()
    out.print(view.erased.said(f"erased: {view.locator}") if view.erased is not None else view.text, markup=False)
    out.print()
    history = Table(title="revisions", show_edge=False)
    for column in ("revision", "seq", "effective", "recorded", "changed this provision"):
        history.add_column(column)
    for rev in view.revisions:
        history.add_row(*(Text(cell) for cell in (rev.revision, str(rev.seq), rev.effective, rev.recorded,
                                                  ("yes" if rev.changed else "no")
                                                  + (f" (erased on {rev.erased.at.date().isoformat()})"
                                                     if rev.erased is not None else ""))))
    out.print(history)
    if view.edges:
        edges = Table(title="supersession edges", show_edge=False)
        for column in ("source", "target", "scope", "effective", "by", "origin"):
            edges.add_column(column)
        for edge in view.edges:
            by = edge.by or "" if edge.successor else f"{edge.by or edge.source} (deletes; no successor)"
            edges.add_row(*(Text(cell) for cell in (edge.source, edge.target, edge.scope, edge.effective,
                                                    by, origin_text(edge.origin, edge.review))))
        out.print(edges)
    if view.withheld:
        out.print(f"withheld (access): revisions, edges and sections of {', '.join(view.withheld)}", markup=False)


@handle_errors
def stats(project: ProjectArg, groups: GroupsOption = None, format: FormatOption = OutputFormat.text) -> None:
    """Count what the project's graph holds that the asker may read."""
    with Project.open(project) as opened:
        counts = opened.stats(groups=parse_groups(groups))
    if format is OutputFormat.json:
        emit_json(counts)
        return
    table = Table(title=Text(terminal_line(counts.project)), show_edge=False, show_header=False)
    for key, value in counts.model_dump().items():
        if key == "unbound_by_dimension":
            value = ", ".join(f"{name} {count:,}" for name, count in value.items()) or "none"
        if key != "project":
            shown = "not told (access)" if value is None and key == "db_bytes" else (
                f"{value:,}" if isinstance(value, int) else str(value))
            table.add_row(key.replace("_", " "), Text(shown))
    out.print(table)


class EmbedExecutor(enum.StrEnum):
    local = "local"
    ray = "ray"


@handle_errors
def embed(
    project: ProjectArg,
    batch_size: Annotated[int, typer.Option(help="passages per model call (and per Ray task)", min=1)] = 64,
    format: FormatOption = OutputFormat.text,
    executor: Annotated[EmbedExecutor, typer.Option(
        "--executor", help="local (this process), or ray: batches as Ray tasks on a Ray started here with "
        "--workers CPUs, or on the cluster at --ray-address (needs pip install 'inforce[ray]')")] = EmbedExecutor.local,
    workers: Annotated[int, typer.Option(
        "--workers", min=1, max=64, help="with --executor ray: batches embedded at once, each worker loading "
        "the model once; the vectors are the same whatever the number")] = 1,
    ray_address: Annotated[str | None, typer.Option(
        "--ray-address", help="HOST:PORT of a running Ray cluster's head (with --executor ray); the model "
        "must be installed on its nodes", show_default=False)] = None,
) -> None:
    """Embed provision text for vector search (resumable; cached by a hash of the text).

    The model is ``models: embedding:`` of inforce.yaml (the packaged all-MiniLM-L6-v2 unless
    it says ``none``). With --executor ray the same batches are embedded by Ray's workers and
    cached here as each comes back: a rerun after a failure embeds only what is missing.
    """
    from inforce.adapters.ingest import load_manifest
    from inforce.ontology import InputError, ModelUnavailableError

    models = load_manifest(project).models
    if models.embedding is None:
        raise ModelUnavailableError(f"{project}/inforce.yaml says models: embedding: none; nothing to embed with")
    load = functools.partial(_bulk_embedder, project.absolute(), models)
    if executor is EmbedExecutor.local:
        if workers != 1 or ray_address is not None:
            raise InputError(f"{'--workers' if workers != 1 else '--ray-address'} is for --executor ray",
                             field="executor", hint="add --executor ray")
        report = Project.embed(project, load(), batch_size=batch_size)
    else:
        err.print(f"ray: joining the cluster at {ray_address}" if ray_address else
                  f"ray: starting Ray on this machine with {workers} CPU(s)", markup=False)
        report = Project.embed(project, None, batch_size=batch_size, executor="ray", workers=workers,
                               ray_address=ray_address, load=load)
    if format is OutputFormat.json:
        emit_json(report)
        return
    err.print(", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in report.model_dump().items()))


def _bulk_embedder(project: Path, models):  # noqa: ANN001, ANN202 - Models, -> Embedder
    """The embedder ``inforce embed`` uses (the bulk, torch form of ``models: embedding:``): the
    one loader, called here for the local executor and once in each Ray worker for ``ray``."""
    from inforce.adapters.models import load_backends

    embedder = load_backends(project, models.model_copy(update={"embedding_configured": True}),
                             embedding=True, nli=False, rerank=False, bulk=True).embedder
    assert embedder is not None
    return embedder


def _proposal_embedder(project: Path):  # noqa: ANN202 - a loader, Callable[[], Embedder | None]
    """What loads the embedder inforce.yaml names (``models: embedding:``, written there), for
    the similarity shown with each proposal; called only when an addendum proposes an edge.
    None when inforce.yaml names none: ingest then loads no model."""
    from inforce.adapters.ingest import load_manifest_with_warnings
    from inforce.ontology import InputError, InputErrors

    try:  # its warnings are the ingest's to print
        models = load_manifest_with_warnings(project)[0].models
    except (InputError, InputErrors, OSError):
        return None  # the ingest itself reports what is wrong with inforce.yaml
    if models.embedding is None or not models.embedding_configured:
        return None

    def load():  # noqa: ANN202
        from inforce.adapters.models import load_backends

        return load_backends(project, models, embedding=True, nli=False, rerank=False).embedder

    return load


def register(app: typer.Typer) -> None:
    """Add the project commands to ``app``."""
    app.command()(init)
    app.command()(ingest)
    app.command()(show)
    app.command()(stats)
    app.command()(embed)
