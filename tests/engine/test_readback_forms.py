"""The read-back's shortcuts (a binary's filler read as one boundary, ASCII text neither case-
folded nor normalised) find what the full normalisation finds: every form a copy is planted in
by the erase tests, and the binaries around them, read to fixed findings taken from the reader
before the shortcuts (``ontology/readback.py`` at 5a04d3b)."""

from __future__ import annotations

import bz2
import gzip
import html
import lzma
import zipfile
import zlib
from pathlib import Path

from inforce.ontology.readback import WordRuns, read_back, runs_of, words_of

TEXT = ("The contractor's surveyor stakes the KX-4471 footing lines before any excavation begins, "
        "and the owner's engineer signs them within 2 days.")
OTHER = "Nothing of the erased paragraph stands in this file at all, only other words about fences."


def _pdf(text: str) -> bytes:
    content = zlib.compress(b"BT /F1 12 Tf 72 712 Td (" + text.encode().replace(b"'", b"\\047") + b") Tj ET")
    return (b"%PDF-1.4\n1 0 obj<</Length " + str(len(content)).encode() + b"/Filter/FlateDecode>>stream\n"
            + content + b"\nendstream\nendobj\n%%EOF\n")


def _docx(first: str, second: str) -> bytes:
    import io
    document = ("<w:document><w:body><w:p><w:r><w:t>" + html.escape(first) + "</w:t></w:r><w:r><w:rPr><w:b/>"
                "</w:rPr><w:t>" + html.escape(second) + "</w:t></w:r></w:p></w:body></w:document>")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", document)
    return buffer.getvalue()


def _graph_like(text: str) -> bytes:
    """A store's file as Kuzu writes one: pages of NULs and little-endian numbers, strings in
    UTF-8 between them, undecodable bytes."""
    filler = b"".join(n.to_bytes(8, "little") for n in range(4000)) + b"\0" * 9000 + bytes(range(128, 256)) * 20
    return filler + text.encode() + b"\0\0\0\x07\0\0\0" + filler


def _forms(text: str) -> dict[str, bytes]:
    quoted = text.replace("'", "=E2=80=99").replace("footing", "foot=\ning")
    return {
        "plain.txt": text.encode(),
        "word.docx": _docx(text[:37], text[37:]),
        "report.html": f"<html><body><p>{html.escape(text)}</p></body></html>".encode(),
        "notepad.txt": text.replace(" the ", "\r\n    the ").encode("utf-16"),
        "wide-le.txt": text.encode("utf-16-le"),
        "wide-be.txt": text.encode("utf-16-be"),
        "wide32.txt": text.encode("utf-32-be"),
        "copy.rtf": b"{\\rtf1\\ansi " + text.replace("'", "\\'92").replace("KX", "{\\b KX}").encode() + b"\\par}",
        "copy.txt.gz": gzip.compress(text.encode()),
        "copy.txt.bz2": bz2.compress(text.encode()),
        "copy.txt.xz": lzma.compress(text.encode()),
        "copy.zip": _zip({"inner/copy.txt": text.encode(), "inner/copy.gz": gzip.compress(text.encode())}),
        "copy.pdf": _pdf(text),
        "mail.eml": quoted.encode(),
        "link.txt": b"https://example.org/?q=" + text.replace(" ", "%20").replace("'", "%27").encode(),
        "pasted.txt": text.replace(" ", "\u00a0").replace("excavation", "exca\u00advation").encode(),
        "escaped.json": ('{"t": "' + text.replace("The ", "The\\u2009").replace("'", "\\u2019") + '"}').encode(),
        ".hidden/copy.txt": text.encode(),
        "graph.kuzu": _graph_like(text),
        "graph-wide.kuzu": _graph_like("x") + text.encode("utf-16-le") + _graph_like("y"),
        # a word cut by a binary's filler is two words: "excav" and "ation"
        "graph-cut.kuzu": _graph_like(text.replace("excavation", "excav\0\x01\x02\x03ation")),
    }


def _zip(members: dict[str, bytes]) -> bytes:
    import io
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


_BINARY = "binary, read only as raw bytes (an image or another format it does not decode)"
#: What the reader before the shortcuts found in each file: (holds the whole-text runs, holds the
#: one distinctive word "excavation"), for the copy and for the same form holding OTHER.
EXPECTED = {
    'copy/.hidden/copy.txt': (True, True, ()),
    'copy/copy.pdf': (True, True, ()),
    'copy/copy.rtf': (True, True, ()),
    'copy/copy.txt.bz2': (True, True, ()),
    'copy/copy.txt.gz': (True, True, ()),
    'copy/copy.txt.xz': (True, True, ()),
    'copy/copy.zip': (True, True, ()),
    'copy/escaped.json': (True, True, ()),
    'copy/graph-cut.kuzu': (True, False, ()),
    'copy/graph-wide.kuzu': (True, True, ()),
    'copy/graph.kuzu': (True, True, ()),
    'copy/link.txt': (True, True, ()),
    'copy/mail.eml': (True, True, ()),
    'copy/notepad.txt': (True, True, ()),
    'copy/pasted.txt': (True, True, ()),
    'copy/plain.txt': (True, True, ()),
    'copy/report.html': (True, True, ()),
    'copy/wide-be.txt': (True, True, ()),
    'copy/wide-le.txt': (True, True, ()),
    'copy/wide32.txt': (True, True, ()),
    'copy/word.docx': (True, True, ()),
    'other/.hidden/copy.txt': (False, False, ()),
    'other/copy.pdf': (False, False, ()),
    'other/copy.rtf': (False, False, ()),
    'other/copy.txt.bz2': (False, False, ()),
    'other/copy.txt.gz': (False, False, ()),
    'other/copy.txt.xz': (False, False, ()),
    'other/copy.zip': (False, False, ()),
    'other/escaped.json': (False, False, ()),
    'other/graph-cut.kuzu': (False, False, (_BINARY,)),
    'other/graph-wide.kuzu': (False, False, (_BINARY,)),
    'other/graph.kuzu': (False, False, (_BINARY,)),
    'other/link.txt': (False, False, ()),
    'other/mail.eml': (False, False, ()),
    'other/notepad.txt': (False, False, ()),
    'other/pasted.txt': (False, False, ()),
    'other/plain.txt': (False, False, ()),
    'other/report.html': (False, False, ()),
    'other/wide-be.txt': (False, False, ()),
    'other/wide-le.txt': (False, False, ()),
    'other/wide32.txt': (False, False, ()),
    'other/word.docx': (False, False, ()),
}


def _plant(root: Path) -> list[Path]:
    paths = []
    for folder, text in (("copy", TEXT), ("other", OTHER)):
        for name, data in _forms(text).items():
            path = root / folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            paths.append(path)
    return paths


def _findings(root: Path) -> dict[str, tuple[bool, bool, tuple[str, ...]]]:
    whole = WordRuns(runs_of(TEXT))
    word = WordRuns([("excavation",)])
    found = {}
    for path in _plant(root):
        by_runs, by_word = read_back(path, whole), read_back(path, word)
        found[path.relative_to(root).as_posix()] = (by_runs.holds, by_word.holds, by_runs.unread)
    return found


def test_every_planted_form_reads_to_the_findings_before_the_shortcuts(tmp_path: Path) -> None:
    assert _findings(tmp_path) == EXPECTED


def test_a_run_of_filler_is_one_boundary_and_ascii_reads_as_folded() -> None:
    assert words_of("own\0\0\x01\ufffd\ufffder") == words_of("own\0er") == ["own", "er"]
    assert words_of("&amp\0\0\0;x") == words_of("&amp\0;x") == ["x"]
    assert words_of("e\0\0\u0301") == ["e"]  # the accent after the filler is no letter of "e"
    assert words_of("STRASSE Straße ﬁre") == ["strasse", "strasse", "fire"]
    assert words_of("KX-4471 Owner's") == ["kx", "4471", "owner", "s"]
