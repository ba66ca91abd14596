"""An Office file's parts as a test edits them: read every member of the zip (``zip_members``, in
its order), change or add some, write them back (``write_zip``) — how a test puts into a Word file
or a workbook what python-docx and openpyxl cannot write."""

from __future__ import annotations

import zipfile
from collections.abc import Mapping
from pathlib import Path


def zip_members(path: Path) -> dict[str, bytes]:
    """Every member of the zip at ``path``, by name, in the archive's order."""
    with zipfile.ZipFile(path) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def write_zip(path: Path, members: Mapping[str, bytes | str]) -> Path:
    """``path`` written anew as a zip of ``members`` (text written as UTF-8), in their order."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path
