"""The one strict date reading (``ontology.dates``) and the one atomic write and inside-the-project
test (``ontology.files``), and that the layers' callers give the same answer through them."""

from __future__ import annotations

import datetime as dt
import io
import os
import stat
from pathlib import Path

import pytest

from inforce.adapters.cli._options import parse_date_option
from inforce.engine.calculations import as_date
from inforce.ontology import InputError, is_iso_date, parse_date, parse_datetime_utc
from inforce.ontology.files import create_atomically, is_inside, is_partial_write, write_atomically

NOT_DATES = ["20260501", "2026-5-1", "2026/05/01", "2026-02-30", "2026-13-01", "", "soon", 0, None]


def test_a_date_is_yyyy_mm_dd_naming_a_real_day() -> None:
    assert parse_date("2026-05-01") == parse_date(" 2026-05-01 ") == dt.date(2026, 5, 1)
    assert parse_date(dt.date(2026, 5, 1)) == dt.date(2026, 5, 1)
    assert parse_date(dt.datetime(2026, 5, 1, 9, 30)) == dt.date(2026, 5, 1)
    assert is_iso_date("2026-05-01") and not is_iso_date("20260501")


@pytest.mark.parametrize("value", NOT_DATES)
def test_anything_else_is_an_input_error_saying_where(value: object) -> None:
    with pytest.raises(InputError) as caught:
        parse_date(value, field="effective.from", file="documents/a.md", line=3, col=9)
    error = caught.value
    assert (error.field, error.file, error.line, error.col) == ("effective.from", "documents/a.md", 3, 9)
    assert "not a date" in error.message and "YYYY-MM-DD" in (error.hint or "")


@pytest.mark.parametrize("value", NOT_DATES[:5])
def test_the_cli_and_the_engine_refuse_the_same_dates_alike(value: str) -> None:
    with pytest.raises(InputError) as option:
        parse_date_option(value, "--valid-at")
    with pytest.raises(InputError) as attribute:
        as_date(value, "dispatch_date")
    assert option.value.field == "--valid-at" and attribute.value.field == "dispatch_date"
    assert (option.value.message, option.value.hint) == (attribute.value.message, attribute.value.hint)


def test_a_datetime_reads_a_date_as_the_end_of_that_day_and_refuses_a_compact_one() -> None:
    assert parse_datetime_utc("2026-03-10") == dt.datetime(2026, 3, 10, 23, 59, 59, 999999, tzinfo=dt.UTC)
    for compact in ("20260310", "2026-02-30"):
        with pytest.raises(ValueError):
            parse_datetime_utc(compact)


def test_an_atomic_write_replaces_the_whole_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "answer.txt"
    write_atomically(target, "first\n")
    assert target.read_text() == "first\n"
    os.chmod(target, 0o640)
    write_atomically(target, b"second\n")
    assert target.read_bytes() == b"second\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["answer.txt"]  # no temporary file is left


def test_an_atomic_write_of_parts_writes_them_one_after_another(tmp_path: Path) -> None:
    # a build's text store is written from runs of the file before it, viewed in its map: never joined first
    import array

    target = tmp_path / "parts.bin"
    numbers = array.array("q", [1, -2, 3])  # a view of 8-byte items: written as its bytes
    parts = [b"head", memoryview(b"xxbodyxx")[2:6], memoryview(numbers), b"", b"tail"]
    write_atomically(target, parts)
    assert target.read_bytes() == b"head" + b"body" + numbers.tobytes() + b"tail"
    assert [p.name for p in tmp_path.iterdir()] == ["parts.bin"]


def test_an_atomic_write_that_fails_leaves_the_old_file_and_no_partial(tmp_path: Path) -> None:
    target = tmp_path / "answer.txt"
    target.write_text("KEEP")
    with pytest.raises(TypeError):
        write_atomically(target, 12)  # type: ignore[arg-type]
    assert target.read_text() == "KEEP" and [p.name for p in tmp_path.iterdir()] == ["answer.txt"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write any file")
def test_a_read_only_file_is_not_replaced(tmp_path: Path) -> None:
    target = tmp_path / "answer.txt"
    target.write_text("KEEP")
    os.chmod(target, 0o444)
    with pytest.raises(PermissionError):
        write_atomically(target, "new")
    assert target.read_text() == "KEEP"


def test_a_partial_write_is_recognised_by_its_target() -> None:
    assert is_partial_write(".CURRENT.0a1b2c3d.partial", "CURRENT")
    assert not is_partial_write(".CURRENT.0a1b2c3d.partial", "CUR")
    assert not is_partial_write("CURRENT", "CURRENT")


def test_inside_the_project_follows_links_and_dotdot(tmp_path: Path) -> None:
    root, outside = tmp_path / "project", tmp_path / "elsewhere"
    (root / "documents").mkdir(parents=True)
    outside.mkdir()
    (outside / "secret.md").write_text("x")
    (root / "documents" / "out.md").symlink_to(outside / "secret.md")
    (root / "documents" / "in.md").symlink_to(root / "inforce.yaml")
    assert is_inside(root, root) and is_inside(root / "documents" / "in.md", root)
    assert is_inside(root / "packs" / "not-yet.yaml", root)  # a path that does not exist yet
    assert not is_inside(root / "documents" / "out.md", root)
    assert not is_inside(root / ".." / "elsewhere" / "secret.md", root)
    assert not is_inside(tmp_path / "project-other", root)  # a sibling sharing the name's start


def test_create_atomically_adds_a_whole_file_and_never_replaces_one(tmp_path: Path) -> None:
    target = tmp_path / "record.json"
    assert create_atomically(target, "first\n") is True
    assert create_atomically(target, "second\n") is False  # there already: left as it was
    assert target.read_text() == "first\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["record.json"]  # no temporary file left


def test_create_atomically_on_a_full_disk_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills at the first byte: each file opened for writing is created (as the kernel
    would) but written to /dev/full, whose writes fail with ENOSPC."""
    import errno

    real_open = os.open

    def opening(path, flags, mode=0o777, *, dir_fd=None):  # type: ignore[no-untyped-def]
        fd = real_open(path, flags, mode, dir_fd=dir_fd)
        if flags & os.O_WRONLY:
            full = real_open("/dev/full", os.O_WRONLY)
            os.dup2(full, fd)
            os.close(full)
        return fd

    monkeypatch.setattr(os, "open", opening)
    with pytest.raises(OSError) as caught:
        create_atomically(tmp_path / "record.json", "x" * 10_000)
    assert caught.value.errno == errno.ENOSPC
    assert list(tmp_path.iterdir()) == []


# -- the one bounded read of a file a command is handed ------------------------------------------


def test_a_file_over_the_limit_is_refused_by_its_size_naming_it(tmp_path: Path) -> None:
    from inforce.ontology.files import read_bounded

    path = tmp_path / "answer.json"
    path.write_bytes(b"x" * 10)
    assert read_bounded(path, what="the answer", limit=10) == b"x" * 10
    path.write_bytes(b"x" * 11)
    with pytest.raises(InputError) as caught:
        read_bounded(path, what="the answer", limit=10, field="--answer")
    assert (caught.value.file, caught.value.field) == (str(path), "--answer")
    assert caught.value.message.startswith("the answer is 11 bytes, over the limit of")


def test_a_stream_with_no_size_is_read_no_further_than_the_limit(tmp_path: Path) -> None:
    from inforce.ontology.files import read_bounded

    class Endless(io.RawIOBase):  # /dev/zero, a pipe that never ends: counts what is asked of it
        asked = 0

        def readable(self) -> bool:
            return True

        def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
            Endless.asked += len(buffer)
            buffer[:] = b"\0" * len(buffer)
            return len(buffer)

    with pytest.raises(InputError, match="over the limit"):
        read_bounded(io.BufferedReader(Endless()), what="the answer", file="-", limit=1000)
    assert Endless.asked < 1000 + io.DEFAULT_BUFFER_SIZE * 2
    assert read_bounded(io.BytesIO(b"{}"), what="the answer", file="-", limit=2) == b"{}"


def test_bounded_text_decodes_as_read_text_does(tmp_path: Path) -> None:
    from inforce.ontology.files import read_bounded_text

    path = tmp_path / "baseline.json"
    path.write_bytes("\ufeff{\r\n\"a\": \"é\"\r}".encode())
    assert read_bounded_text(path, what="the baseline", encoding="utf-8-sig") == path.read_text("utf-8-sig")
    path.write_bytes(b"\xff")
    with pytest.raises(UnicodeDecodeError):
        read_bounded_text(path, what="the baseline")


def test_read_back_reads_a_file_in_pieces_finding_a_run_across_two(tmp_path: Path) -> None:
    """``read_back`` (the erasure's read-back): a run of words split by the boundary of two
    pieces is found, one at the end of a large sparse file too, in either UTF-16 order; none is
    invented, and a file past ``limit`` is refused."""
    from inforce.ontology.readback import _PIECE, WordRuns, read_back, runs_of

    runs = WordRuns(runs_of("the primer coating is applied by brush"))
    split = tmp_path / "split.bin"
    split.write_bytes(b"x " * ((_PIECE - 15) // 2) + b"THE PRIMER COATING IS APPLIED BY BRUSH" + b" y" * 10)
    assert read_back(split, runs).holds
    sparse = tmp_path / "sparse.bin"
    with open(sparse, "wb") as out:
        out.truncate(3 * _PIECE)
        out.seek(3 * _PIECE)
        out.write("the primer coating is applied by brush".encode("utf-16-be"))
    assert read_back(sparse, runs).holds
    assert not read_back(split, WordRuns(runs_of("the primer coating is applied by roller"))).holds
    with pytest.raises(InputError):
        read_back(sparse, runs, limit=_PIECE)


def test_read_back_finds_a_copy_wrapped_at_other_places(tmp_path: Path) -> None:
    """Audit 49 M1: a paragraph pasted with its lines broken elsewhere (or indented) holds the
    same words; the erasure's read-back had looked for its exact bytes only."""
    from inforce.ontology.readback import WordRuns, read_back, runs_of

    runs = WordRuns(runs_of("the owner pays the contractor the sum agreed in the\nmediation held in the spring"))
    copy = tmp_path / "minutes.txt"
    copy.write_bytes(b"Minutes: The owner pays the contractor\r\n  the sum agreed in the mediation\theld in the spring.\n")
    assert read_back(copy, runs).holds
    # no eight words in a row of it: not the text
    copy.write_bytes(b"The owner pays the contractor a sum agreed in the meditation held in the spring.\n")
    assert not read_back(copy, runs).holds


def test_a_small_file_or_pipe_is_read_without_a_block_the_size_of_the_limit(tmp_path: Path) -> None:
    """``read_bounded`` asked its stream for the limit plus one byte (64 MiB) whatever the file's
    size; the allocator handed out a block that size for every read, and after an erasure fills
    each block it hands out (``engine/store/_heap.py``): 155 ms a 10 KB file. A regular file is
    now read by its size, a stream in pieces: the peak Python memory stays near what was read."""
    import tracemalloc

    from inforce.ontology.files import read_bounded

    small = tmp_path / "small.md"
    small.write_bytes(b"1.1 A paragraph.\n" * 600)
    tracemalloc.start()
    try:
        for source in (small, io.BytesIO(small.read_bytes())):
            tracemalloc.reset_peak()
            held = read_bounded(source, what="the file")
            assert held == small.read_bytes()
            assert tracemalloc.get_traced_memory()[1] < 2 * 1024 * 1024, source
    finally:
        tracemalloc.stop()
    piped = io.BytesIO(b"x" * (3 * 1024 * 1024 + 5))  # past one piece: read whole, all pieces
    assert read_bounded(piped, what="the stream") == b"x" * (3 * 1024 * 1024 + 5)
    with pytest.raises(InputError, match="over the limit"):
        read_bounded(io.BytesIO(b"x" * 4097), what="the stream", limit=4096)
    assert len(read_bounded(io.BytesIO(b"x" * 4096), what="the stream", limit=4096)) == 4096


def test_a_time_finer_than_a_microsecond_is_refused_by_both_readers_never_cut() -> None:
    """Audit 69 B L2: ``.999999999`` was cut to ``.999999``, a moment no one wrote."""
    from inforce.ontology.yamltext import load_marked

    with pytest.raises(ValueError, match="9 digits after the second"):
        parse_datetime_utc("2026-04-10T12:00:00.999999999Z")
    with pytest.raises(InputError, match="7 digits after the second") as caught:
        load_marked("a: 1\nat: 2026-04-10T12:00:00.1234567Z\n", file="reviews.yaml")
    assert caught.value.line == 2
    assert parse_datetime_utc("2026-04-10T12:00:00.5Z").microsecond == 500000
