"""RFI drafts of a sweep written one file per escalation, for the design team's RFI log."""

from __future__ import annotations

import re
from pathlib import Path

from inforce.ontology import SweepReport
from inforce.ontology.files import write_atomically

__all__ = ["rfi_filename", "write_rfis"]

# a finding id becomes part of a file name: it may not name another folder or a hidden file
_SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def rfi_filename(finding_id: str) -> str:
    """The file an escalation's RFI draft is written to: ``RFI-<finding id>.md``."""
    if not _SAFE_ID.fullmatch(finding_id):
        raise ValueError(f"finding id {finding_id!r} cannot name a file: letters, digits, '.', '_' and '-' only")
    return f"RFI-{finding_id}.md"


def write_rfis(report: SweepReport, directory: Path) -> list[Path]:
    """Write the RFI draft of each escalated finding to ``directory/RFI-<finding id>.md``.

    Only findings resolved ``escalate`` that carry an RFI draft get a file; its content is the
    draft exactly as the report holds it (UTF-8, line endings untouched). Each file is written
    to a temporary file beside it and moved into place, so an existing draft is replaced whole.
    The directory is created if missing.

    Files already in the directory are left alone, including ``RFI-*.md`` files of findings
    this report no longer holds: they may have been edited or sent, and are the user's.

    Returns the paths written, sorted.
    """
    escalations = [f for f in report.findings if f.resolution == "escalate" and f.rfi]
    names = {f.id: rfi_filename(f.id) for f in escalations}  # every id checked before writing
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for finding in escalations:
        path = directory / names[finding.id]
        write_atomically(path, finding.rfi or "")
        written.append(path)
    return sorted(written)
