"""PDFs written object by object for the reader's hostile-input tests, and ``inforce ingest`` of a
project holding one of them in a child process held to a memory limit and a deadline (a bomb
that escapes the counts before pdfium loads a page fails the test instead of the machine)."""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

#: The child's address space: a refused PDF is refused well under it, before the graph (which
#: maps far more) is opened.
MEMORY_LIMIT = 1536 << 20

SIDECAR = (
    "id: BOMB-1\nkind: specification\ntitle: Bomb\nissued: 2026-01-01\n"
    "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T09:00:00Z\n"
)


def write_pdf(path: Path, bodies: list[bytes], version: bytes = b"1.7", *, trailer: bytes = b"") -> Path:
    """A PDF file of ``bodies`` as objects 1, 2, ... (1 the catalog) with its cross-reference
    table; ``trailer``: more keys of the trailer dictionary (an ``/Encrypt`` entry)."""
    path.write_bytes(pdf_bytes(bodies, version, trailer=trailer))
    return path


def text_pages_pdf(path: Path, pages: list[bytes], *, width: int = 612, height: int = 792) -> Path:
    """A PDF of one page per content stream of ``pages`` (each compressed), ``width`` x ``height``
    points, with Helvetica as ``/F1``: what a test's hand-made pages of text and rules need."""
    import zlib

    bodies = [b"<< /Type /Catalog /Pages 2 0 R >>", b"", b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    kids = []
    for content in pages:
        packed = zlib.compress(content)
        number = len(bodies) + 1
        bodies.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Resources << /Font << /F1 3 0 R >> >> "
                      b"/Contents %d 0 R >>" % (width, height, number + 1))
        bodies.append(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream")
        kids.append(b"%d 0 R" % number)
    bodies[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(kids), len(pages))
    return write_pdf(path, bodies)


def pdf_bytes(bodies: list[bytes], version: bytes = b"1.7", *, trailer: bytes = b"") -> bytes:
    """:func:`write_pdf`'s file, as bytes."""
    data, offsets = bytearray(b"%PDF-" + version + b"\n"), []
    for number, body in enumerate(bodies, 1):
        offsets.append(len(data))
        data += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    table = len(data)
    data += b"xref\n0 %d\n0000000000 65535 f \n" % (len(bodies) + 1)
    data += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    data += b"trailer\n<< /Root 1 0 R /Size %d %s>>\nstartxref\n%d\n%%%%EOF\n" % (len(bodies) + 1, trailer, table)
    return bytes(data)


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def ingest_one_pdf(tmp_path: Path, build: Callable[[Path], object], *, name: str = "bomb.pdf",
                   sidecar: str = SIDECAR, limited: bool = True) -> tuple[subprocess.CompletedProcess[str], float, Path]:
    """``inforce ingest`` of a project holding the one PDF ``build`` writes (named ``name``, with
    ``sidecar``), in a child held to 60 s and, ``limited``, to ``MEMORY_LIMIT``: the finished child,
    its seconds and the project's folder."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: bomb\nfacets: []\nrules: []\n")
    build(root / "documents" / name)
    (root / "documents" / f"{name}.yaml").write_text(sidecar)
    started = time.monotonic()
    child = subprocess.run([sys.executable, "-c", "import sys\nsys.argv[0] = 'inforce'\n"
                            "from inforce.adapters.cli import app\napp()", "ingest", str(root)],
                           capture_output=True, text=True, timeout=60, preexec_fn=_limited if limited else None)
    return child, time.monotonic() - started, root


def graph_stored(root: Path) -> bool:
    """Whether an ingest of ``root`` left a graph file."""
    return (root / ".inforce").exists() and any((root / ".inforce").rglob("*.kuzu*"))
