"""``inforce`` run as a user runs it, in a child process whose files are limited in size
(``ulimit -f``): how the tests make a full disk without a small file system."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

INFORCE = Path(sys.executable).parent / "inforce"  # the console script


def run_limited(*args: str | Path, limit: int | None = None,
                cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``inforce ARGS`` in a child process, its files limited to ``limit`` bytes (a full disk)."""
    def limited() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    environment = os.environ | {"PYTHONDONTWRITEBYTECODE": "1"}  # never a cut .pyc in the tree
    return subprocess.run([str(INFORCE), *map(str, args)], capture_output=True, text=True, timeout=300,
                          check=False, cwd=cwd, env=environment, preexec_fn=limited)
