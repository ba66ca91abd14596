"""What a zip archive inforce opens (a Word document, an XLSX workbook ingest reads; any zip or
gzip the erasure's read-back reads, ``ontology.readback``) may unpack to: one
rule for every such archive, so a zip bomb is refused by the same limits whatever it is
named.

Each member is judged by the sizes its entry declares, before a byte is unpacked (Python's
``zipfile`` never unpacks a member past its declared size): more than :data:`MAX_MEMBER`, or
more than a MiB at over :data:`MAX_RATIO` times its stored size, is refused. An archive that
holds two members of one name (:func:`duplicate_problem`) is refused whole: readers differ on
which of them they read (Python's ``zipfile`` the last, others the first; Word refuses the file),
so the text a reviewer sees and the text read here could differ.
"""

from __future__ import annotations

import zipfile

__all__ = ["MAX_MEMBER", "MAX_RATIO", "duplicate_problem", "unpack_problem"]

#: The most one member may unpack to: a specification's body or a register's sheet is a few
#: MB, a zip bomb is not.
MAX_MEMBER = 64 * 1024 * 1024
#: How many times its stored size a member may unpack to: office XML compresses some 10-30
#: times; a member a thousand times its size is a zip bomb, not a document.
MAX_RATIO = 200
#: Below this a member is never too compressed: a small, regular part may compress far.
_RATIO_FLOOR = 1024 * 1024


def unpack_problem(info: zipfile.ZipInfo) -> str | None:
    """Why the member ``info`` is not unpacked (its size or its ratio), or None."""
    if info.file_size > MAX_MEMBER:
        return f"{info.filename} unpacks to more than {MAX_MEMBER // 2**20} MiB"
    if info.file_size > _RATIO_FLOOR and info.file_size > MAX_RATIO * max(info.compress_size, 1):
        return (f"{info.filename} unpacks to {info.file_size // max(info.compress_size, 1)} times its stored size "
                "(a zip bomb?)")
    return None


def duplicate_problem(archive: zipfile.ZipFile) -> str | None:
    """Why ``archive`` is not read because it holds two members of one name (the first such
    name; names compared without case, as an Office package's part names are), or None."""
    seen: dict[str, str] = {}
    for info in archive.infolist():
        key = info.filename.casefold()
        if key in seen:
            same = ("twice" if seen[key] == info.filename
                    else f"twice, as {seen[key]} and {info.filename}")
            return (f"it holds {seen[key]} {same} (which one a reader takes differs; "
                    "Word refuses such a file as damaged)")
        seen[key] = info.filename
    return None
