"""Audit 78 B F3, F4: what standard output cannot take.

F3: under a file-size limit (``ulimit -f``) Python's buffered standard output took a write cut
short as done, so ``show -f json`` left a JSON document cut at the limit and exited 0 (``sweep``
exited 1, its findings' code), nothing said. The answer is written to the descriptor with every
count checked: the rest's write fails with EFBIG, said as a full disk is, exit 2. F4: ``--help``
and ``--version`` to a full disk ended in a traceback and exit 1; they say it in one line, exit 2.
Run as processes: the descriptor and the limit are what is tested.
"""

from __future__ import annotations

import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

INFORCE = str(Path(sys.executable).with_name("inforce"))


def _limited(kilobytes: int):
    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # as a shell with ulimit -f leaves it for Python
        resource.setrlimit(resource.RLIMIT_FSIZE, (kilobytes * 1024, kilobytes * 1024))
    return limit


def test_an_answer_cut_by_the_file_size_limit_is_said_and_exits_2(tmp_path: Path) -> None:
    whole = subprocess.run([INFORCE, "rules", "schema"], capture_output=True, timeout=120)
    assert whole.returncode == 0 and len(whole.stdout) > 16 * 1024, whole.stderr
    out = tmp_path / "schema.json"
    with out.open("wb") as sink:
        cut = subprocess.run([INFORCE, "rules", "schema"], stdout=sink, stderr=subprocess.PIPE, timeout=120,
                             preexec_fn=_limited(8))
    said = cut.stderr.decode()
    assert cut.returncode == 2, said
    assert "cannot write: the file is too large for the file-size limit (ulimit -f)" in said, said
    assert out.stat().st_size < len(whole.stdout)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["show", "--help"], ["rules", "--help"]])
def test_help_and_version_to_a_full_disk_are_said_in_one_line(argv: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run([INFORCE, *argv], stdout=full, stderr=subprocess.PIPE, timeout=120)
    said = done.stderr.decode()
    assert done.returncode == 2, said
    assert "cannot write: the disk is full" in said and "Traceback" not in said, said
