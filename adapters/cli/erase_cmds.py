"""``inforce erase``: a document's text removed from everything the project keeps."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from inforce.engine import Project
from inforce.ontology import InputError
from inforce.ontology.erasure import ERASURES_FILE, ErasureResult
from inforce.ontology.text import terminal_line as one_line

from ._common import (
    EXIT_FINDING,
    FormatOption,
    OutputFormat,
    ProjectArg,
    answered,
    emit_json,
    err,
    handle_errors,
    option_text,
    out,
    path_argument,
)

__all__ = ["register"]

# each line of the report is written with its controls and line breaks shown (``one_line``): a file
# name holding a line break cannot start a line of its own ("read back ...: none holds ...", audit 48 L1)


@handle_errors
def erase(
    project: ProjectArg,
    document: Annotated[str, typer.Argument(help="the document id, e.g. SPEC-033000", show_default=False)],
    revision: Annotated[str | None, typer.Option(
        "--revision", help="erase only this revision (default: every revision, and any issued later)",
        show_default=False)] = None,
    by: Annotated[str | None, typer.Option("--by", help="who erases (recorded with the erasure)",
                                           show_default=False)] = None,
    confirm: Annotated[str | None, typer.Option(
        "--confirm", help="the document id again: erasing cannot be undone", show_default=False)] = None,
    audit_dir: Annotated[list[Path] | None, typer.Option(
        "--audit-dir", help="a folder of audit records (check --audit-dir) to rewrite where they cite the "
        "document (repeat it); records inside the project are found by name", show_default=False, parser=path_argument)] = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Remove a document's text from the graph, every older generation, the vectors and their
    cache, the search indexes, its source file under documents/ (and its sidecar) and the audit records that cite
    it (rewritten to ids and hashes), and record who and when in erasures.yaml: an ingest reads
    it again only once that entry is removed. Running it again finishes an erasure cut short,
    and on one done reads the project back again (after a copy it named was removed).

      inforce erase PROJECT SPEC-033000 --by "J. Rivera" --confirm SPEC-033000

    Exit 0 when no erased text was found afterwards; 1 when some was (another document quoting it),
    or, run again, when part of it could not be looked for (provisions too short to keep a
    fingerprint of: named, to check by hand).
    """
    by = option_text(by, "--by")
    if not by:
        raise InputError("say who erases (recorded with the erasure)", field="--by", reason="required")
    if confirm != document:
        raise InputError(f"erasing cannot be undone: repeat the document id, --confirm {document}",
                         field="--confirm", reason="required" if confirm is None else None)
    with Project.open(project, finishing=True) as opened:  # running it again finishes a cut-short one
        result = answered(opened.erase(document, revision, by=by, audit_dirs=tuple(audit_dir or ())))
    if format is OutputFormat.json:
        emit_json(result)
    else:
        _print(result)
    if not result.confirmed:
        raise typer.Exit(EXIT_FINDING)


def _print(result: ErasureResult) -> None:
    erasure = result.erasure
    which = f"revision {', '.join(erasure.revisions)} of " if erasure.scope == "revision" else ""
    if result.already_done:  # the graph part was done before; this run read the project back again
        out.print(one_line(f"{which}{erasure.document} was erased by {erasure.by} at {erasure.model_dump(mode='json')['at']} ({erasure.id}); "
                          "read back again"))
        _print_read_back(result)
        return
    if result.cache_dropped:
        err.print(one_line(f"warning: the embedding cache .inforce/{result.cache_dropped[0]} did not read (not the cache's "
                          f"SQLite, no vectors table, or a vector of the wrong length): deleted ({', '.join(result.cache_dropped)}), as no "
                          "vector of the erased text could be taken out of it alone; inforce embed rebuilds it"))
    out.print(one_line(f"erased: {which}{erasure.document} ({erasure.provisions} provisions, revisions "
                      f"{', '.join(erasure.revisions)}) by {erasure.by}; recorded as {erasure.id} in {ERASURES_FILE}"))
    metadata = {extra.file for source in erasure.sources for extra in source.metadata}
    register = erasure.register_rows.file if erasure.register_rows is not None else None

    def what(file: str) -> str:
        return "register" if file == register else "metadata file" if file in metadata else "source file"

    for file in result.files_removed:
        out.print(one_line(f"  {what(file)} deleted: {file}" + (
            " (changed since it was ingested: its text the graph never held is deleted with it)"
            if file in result.files_changed else "")))
    for row in result.register_rows_removed:
        out.print(one_line(f"  register row removed: {row}"))
    for file in result.files_gone:
        out.print(one_line(f"  {what(file)} already gone: {file}"))
    for file in result.files_kept:
        if file == register:
            err.print(one_line(f"  register not rewritten (changed since the erasure began, or a file it describes "
                              f"was kept): {file} still holds the row of {erasure.document}; remove it"))
            continue
        err.print(one_line(f"  {what(file)} not deleted (changed since it was ingested): {file}; an ingest skips it "
                          f"while {erasure.id} stands"))
    out.print(f"  graph rebuilt without it: index build {erasure.index_build_before} -> {result.index_build}; "
              f"{len(result.store_files_removed)} old store file(s) removed, {result.vectors_removed} cached "
              "vector(s) removed", markup=False)
    for old, new in result.audit_records:
        out.print(one_line(f"  audit record rewritten to ids and hashes: {old} -> {new}"))
    _print_read_back(result)


def _print_read_back(result: ErasureResult) -> None:
    erasure = result.erasure
    if result.already_done and erasure.read_back_runs and not erasure.read_back_salt:
        out.print("  the record's hashes are kept in the old form (unsalted, before erasures salted them)", markup=False)
    if result.not_looked_for:
        err.print(one_line(
            f"not looked for: {len(result.not_looked_for)} erased provision(s) too short to keep a fingerprint of, "
            f"so no file is confirmed free of them; check these by hand: {', '.join(result.not_looked_for)}"))
    elif not result.already_done and erasure.read_back_not_kept:
        out.print(one_line(
            f"  looked for now, but too short to keep a fingerprint of: {', '.join(erasure.read_back_not_kept)}; "
            "running erase again cannot look for these (remove every copy this run names before running it again)"))
    if result.found:
        err.print(f"erased text still found in {result.found} file(s) (a kept revision or another document may hold it), or "
                  "not read back where said:", markup=False)
        for file in result.remaining:
            err.print(one_line(f"  {file}"))
        if result.withheld:
            err.print(f"  {result.withheld} file(s) withheld (not readable to the asker)", markup=False)
    elif result.files_checked and result.not_looked_for:
        out.print(f"  read back {result.files_checked} file(s): none holds the erased text looked for", markup=False)
    elif result.files_checked:
        out.print(f"  read back {result.files_checked} file(s): none holds the erased text", markup=False)
    elif result.already_done:
        out.print("  not read back: the record keeps nothing of the erased text to look for (recorded before "
                  "erasures kept the hashes of its runs of words, or no part of it was long enough to find alone); "
                  "the erased files and register rows are gone", markup=False)
    else:
        out.print("  not read back: none of the erased text was at hand to look for (the graph no longer held it "
                  "when this run began, or no part of it is long enough to find alone)", markup=False)


def register(app: typer.Typer) -> None:
    """Add this group's commands to ``app``."""
    app.command("erase")(erase)
