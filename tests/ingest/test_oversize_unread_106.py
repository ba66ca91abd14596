"""Audit 106 B F1: a Markdown or drawing file past the 64 MiB input limit was read whole — by the
pass looking for abbreviation legends, before the limit refused it with the words "not read" — so a
sparse 3 GiB file cost 15 s and 6.4 GB to be refused. Every file is read there as everywhere
(``ontology.files.read_bounded``): refused by its size before a byte of it is read."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

#: a child that runs the ingest and prints the ingest's exit code and peak memory (KiB), its only child
_MEASURE = ("import resource, subprocess, sys\n"
            "command = 'import sys; from inforce._console import main; sys.argv = [\"inforce\", \"ingest\", sys.argv[1]]; main()'\n"
            "done = subprocess.run([sys.executable, '-c', command, sys.argv[1]], capture_output=True, text=True)\n"
            "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
            "print(done.stdout + done.stderr)\n")

DOC = ("---\nid: D-1\nrevision: A\nkind: policy\ntitle: Doc\nissued: 2026-01-05\nrecorded: 2026-01-05T09:00:00Z\n"
       "effective: {from: 2026-01-10}\n---\n# 1 SCOPE\n\n1.1 Text.\n")


@pytest.mark.parametrize("name", ["big.md", "big.drawing.yaml"])
def test_a_file_past_the_input_limit_is_refused_unread(tmp_path: Path, name: str) -> None:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: m\nfacets: []\n", encoding="utf-8")
    (root / "documents" / "ok.md").write_text(DOC, encoding="utf-8")
    with open(root / "documents" / name, "wb") as big:
        big.truncate(1024 ** 3)  # sparse: a GiB of zeros on no disk
    done = subprocess.run([sys.executable, "-c", _MEASURE, str(root)], capture_output=True, text=True, timeout=300)
    first, _, output = done.stdout.partition("\n")
    code, peak_kib = (int(word) for word in first.split())
    assert code == 2, output
    assert f"documents/{name}: the file is 1,073,741,824 bytes, over the limit" in output and "not read" in output
    # (read whole before: about twice the file, 2.2 GB; unread, an ingest's own few hundred MB)
    assert peak_kib < 600 * 1024, (peak_kib, output)
