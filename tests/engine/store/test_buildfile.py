"""The framing every per-build file shares (``engine.store._buildfile``): what is written reads
back, and anything that is not a whole frame of the asked kind reads as absent."""

from __future__ import annotations

import hashlib
import json
import struct

import pytest

from inforce.engine.store import (
    GraphStore,
    build_file,
    frame,
    framed_parts,
    read_framed,
    read_payload,
    remove_other_builds,
)

from store_factory import MANIFEST, make_document

MAGIC = b"INFTST\n"
HEADER = {"format": 1, "build_id": "00ff", "keys": ["a", "é"], "nested": {"n": [1, 2]}}
PAYLOAD = b"\x01\x02\x03\x04\x05\x06\x07\x08payload"


def _write(tmp_path, data: bytes):
    path = tmp_path / "kind-00ff.bin"
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(("align", "compact"), [(8, False), (8, True), (1, False)])
def test_a_frame_reads_back(tmp_path, align, compact):
    written = frame(MAGIC, HEADER, [PAYLOAD[:3], PAYLOAD[3:]], align=align, compact=compact)
    path = _write(tmp_path, written)
    read = read_framed(path, MAGIC)
    assert read is not None
    mapped, header, start = read
    with mapped:
        digest = header.pop("sha256")
        assert header == HEADER
        assert start == len(written) - len(PAYLOAD) and start % align == 0
        assert mapped[start:] == PAYLOAD
    # the digest is of the whole file, its own 64 characters read as zeros
    assert hashlib.sha256(written.replace(digest.encode(), b"0" * 64)).hexdigest() == digest


def test_a_frame_written_in_parts_reads_back_as_the_frame_joined(tmp_path):
    # the large per-build files are written part by part (their body never copied into one bytes)
    from inforce.ontology.files import write_atomically

    body = [PAYLOAD[:3], memoryview(PAYLOAD)[3:]]
    parts = framed_parts(MAGIC, HEADER, body)
    assert parts[1:] == body and b"".join(parts) == frame(MAGIC, HEADER, body)
    path = tmp_path / "kind-00ff.bin"
    write_atomically(path, parts)
    read = read_framed(path, MAGIC)
    assert read is not None
    with read[0] as mapped:
        assert mapped[read[2]:] == PAYLOAD


@pytest.mark.parametrize(("old", "new"), [
    (b"payload", b"paYload"),  # the payload
    (b'"n": [1, 2]', b'"n": [1, 3]'),  # a header field no reader checks by value
    (b'"body_bytes": 15}', b'"body_bytes":15 }'),  # the header's spacing
])
def test_a_file_edited_to_the_same_length_reads_as_absent(tmp_path, old, new):
    """The header's digest is of the whole file: a byte changed in place (the length, the
    format and the build id all as written) and the file is refused by both readers."""
    written = frame(MAGIC, {**HEADER, "body_bytes": len(PAYLOAD)}, [PAYLOAD], align=1)
    path = _write(tmp_path, written)
    assert read_payload(path, MAGIC, format=1, build_id="00ff") is not None
    edited = written.replace(old, new)
    assert edited != written and len(edited) == len(written)
    _write(tmp_path, edited)
    assert read_framed(path, MAGIC) is None
    assert read_payload(path, MAGIC, format=1, build_id="00ff") is None


def test_a_digest_not_opening_the_header_reads_as_absent(tmp_path):
    """The digest must open the header: one added as a later field is not the file's."""
    written = frame(MAGIC, HEADER, [PAYLOAD], align=1)
    digest = json.loads(written[len(MAGIC) + 4:-len(PAYLOAD)])["sha256"]
    moved = json.dumps({**HEADER, "sha256": digest}, separators=(",", ":")).encode()
    assert read_framed(_write(tmp_path, MAGIC + struct.pack("<I", len(moved)) + moved + PAYLOAD), MAGIC) is None


def test_a_frame_without_its_digest_reads_as_absent(tmp_path):
    """A file framed before the digest (or with it removed) is refused: it is read again."""
    header = json.dumps({**HEADER, "body_bytes": len(PAYLOAD)}).encode()
    path = _write(tmp_path, MAGIC + struct.pack("<I", len(header)) + header + PAYLOAD)
    assert read_framed(path, MAGIC) is None
    assert read_payload(path, MAGIC, format=1, build_id="00ff") is None


def test_the_layout_is_magic_length_header():
    """The layout files already written hold: u32 little-endian length, then the JSON header
    padded with spaces to the alignment."""
    zeros = "0" * 64
    framed = frame(MAGIC, {"a": 1})
    (length,) = struct.unpack_from("<I", framed, len(MAGIC))
    assert framed[:len(MAGIC)] == MAGIC
    unset = MAGIC + struct.pack("<I", length) + f'{{"sha256": "{zeros}", "a": 1}}'.encode().ljust(length)
    digest = hashlib.sha256(unset).hexdigest()
    assert framed == unset.replace(zeros.encode(), digest.encode())
    assert len(framed) % 8 == 0
    compact = f'{{"sha256":"{zeros}","a":1}}'.encode()
    unset = MAGIC + struct.pack("<I", len(compact)) + compact + b"xy"
    assert frame(MAGIC, {"a": 1}, [b"x", b"y"], align=1, compact=True) == unset.replace(
        zeros.encode(), hashlib.sha256(unset).hexdigest().encode())


def test_an_absent_or_empty_file_reads_as_absent(tmp_path):
    assert read_framed(tmp_path / "missing.bin", MAGIC) is None
    assert read_framed(_write(tmp_path, b""), MAGIC) is None


def test_another_kind_reads_as_absent(tmp_path):
    path = _write(tmp_path, frame(b"INFOTH\n", HEADER, [PAYLOAD]))
    assert read_framed(path, MAGIC) is None


@pytest.mark.parametrize("cut", [3, len(MAGIC) + 2, len(MAGIC) + 4, len(MAGIC) + 10])
def test_a_truncated_frame_reads_as_absent(tmp_path, cut):
    path = _write(tmp_path, frame(MAGIC, HEADER)[:cut])
    assert read_framed(path, MAGIC) is None


@pytest.mark.parametrize("header", [b"{not json", b"\xff\xfe\x00", b"[1, 2]", b"42"])
def test_a_garbage_header_reads_as_absent(tmp_path, header):
    path = _write(tmp_path, MAGIC + struct.pack("<I", len(header)) + header + PAYLOAD)
    assert read_framed(path, MAGIC) is None


def test_a_length_past_the_end_reads_as_absent(tmp_path):
    header = json.dumps(HEADER).encode()
    path = _write(tmp_path, MAGIC + struct.pack("<I", len(header) + 100) + header)
    assert read_framed(path, MAGIC) is None


def test_other_builds_files_are_removed(tmp_path):
    names = ["texts-aa.bin", "texts-bb.bin", "search-aa.bin", "search-bb.bin", "facts-bb.bin",
             "texts-aa.bin.tmp", "notes.txt", "graph.kuzu"]
    for name in names:
        (tmp_path / name).write_bytes(b"x")

    remove_other_builds(tmp_path, "aa", "texts")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(set(names) - {"texts-bb.bin"})

    remove_other_builds(tmp_path, "aa")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["texts-aa.bin", "search-aa.bin", "texts-aa.bin.tmp", "notes.txt", "graph.kuzu"])

    remove_other_builds(tmp_path, None)  # no live build: every per-build file goes
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph.kuzu", "notes.txt", "texts-aa.bin.tmp"]

    remove_other_builds(tmp_path / "absent", "aa")  # no folder yet: nothing to do


def test_a_build_file_is_named_by_kind_and_build(tmp_path):
    with GraphStore.open(tmp_path, read_only=False) as store:
        assert build_file(store, "texts") is None  # before the first ingest
        assert read_framed(None, MAGIC) is None
        with store.begin_ingest(MANIFEST, "texts") as tx:
            tx.add(make_document("D", "1"))
            tx.commit()
        live = store.build_id()
        assert live and build_file(store, "search") == store.layout.home / f"search-{live}.bin"
