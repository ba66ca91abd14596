"""RFI drafts of a sweep written one file per escalation, for the design team's RFI log."""

from __future__ import annotations

import contextlib
from pathlib import Path

from inforce.ontology import Finding, SweepReport
from inforce.ontology.files import Together, is_file_name, written_together

__all__ = ["drafted", "rfi_filename", "stale_drafts", "write_rfis"]


def rfi_filename(finding_id: str) -> str:
    """The file an escalation's RFI draft is written to: ``RFI-<finding id>.md``."""
    if not is_file_name(finding_id):  # part of a file name: never another folder or a hidden file
        raise ValueError(f"finding id {finding_id!r} cannot name a file: letters, digits, '.', '_' and '-' only")
    return f"RFI-{finding_id}.md"


def write_rfis(report: SweepReport, directory: Path, together: Together | None = None) -> list[Path]:
    """Write the RFI draft of each escalated finding to ``directory/RFI-<finding id>.md``.

    Only findings resolved ``escalate`` that carry an RFI draft get a file; its content is the
    draft exactly as the report holds it (UTF-8, line endings untouched). The drafts are written
    all or none (``files.written_together``): into ``together`` when given, with the other
    outputs of the same run (the sweep's ``-o`` report), else on their own. The directory is
    created if missing, and removed again if the drafts are not all written.

    Files already in the directory are left alone, including ``RFI-*.md`` files of findings
    this report no longer holds (stale drafts of an earlier run): they may have been edited or
    sent, and are the user's. A draft of the same finding is replaced whole, and only once every
    output was written; until then, and if any fails, it holds what it held.

    Returns the paths written, sorted.
    """
    escalations = drafted(report)
    names = {f.id: rfi_filename(f.id) for f in escalations}  # every id checked before writing
    with contextlib.nullcontext(together) if together is not None else written_together() as group:
        group.folder(directory)
        for finding in escalations:
            group.add(directory / names[finding.id], finding.rfi or "")
    return sorted(directory / name for name in names.values())


def stale_drafts(report: SweepReport, directory: Path) -> list[Path]:
    """The drafts already in ``directory`` (files named as ``rfi_filename`` names one) of findings
    ``report`` holds no draft of: an earlier run's, of findings no longer found (or not shown to
    this asker). ``write_rfis`` leaves them, as they may have been edited or sent; the caller
    names them, so that none is read as current. Sorted; none when the folder is not there."""
    if not directory.is_dir():
        return []
    current = {rfi_filename(finding.id) for finding in drafted(report)}
    return sorted(path for path in directory.iterdir()
                  if path.name.startswith("RFI-") and path.name.endswith(".md") and path.name not in current
                  and is_file_name(path.name[len("RFI-"):-len(".md")]) and path.is_file())


def drafted(report: SweepReport) -> list[Finding]:
    """The findings that get a draft: escalated, with an RFI (the files ``write_rfis`` writes,
    the drafts the service's sweeps page shows)."""
    return [f for f in report.findings if f.resolution == "escalate" and f.rfi]
