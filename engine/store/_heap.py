"""Freed memory kept out of database files.

Kuzu writes pages whose unused bytes it never set: they hold whatever the C allocator handed it,
and the allocator hands out blocks the process used and freed before. Measured here (Kuzu
0.11.3, glibc): strings built and dropped by Python just before a write turned up hundreds of
times in the new database file. For an erasure this is a leak: the rebuild reads the erased
file only to leave it out, an open project may have checked a quote of it minutes before, and
either text can land in the new generation, which the erasure then finds on its read-back.

glibc fills every block it hands out (except ``calloc``'s, already zero) with one byte when its
``M_PERTURB`` option is set, so no earlier content can reach a write, whenever it was freed. It
costs CPU on every large allocation (an ingest of the riverside example took about 60% more, most
of it system time), so it is switched on only by an erasure, and stays on for the life of the
process: a service that erased and then ingests again must not write what it freed before.
Elsewhere (musl, macOS) there is no such switch; the erasure's read-back still reports any byte
found, so nothing is silent.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import platform
from collections.abc import Callable

__all__ = ["fill_allocations"]

_M_PERTURB = -6  # glibc's mallopt parameter number (malloc.h)
_FILL = 0x5A  # any non-zero byte: blocks handed out hold its complement, freed ones this


@functools.cache
def _mallopt() -> Callable[[int, int], int] | None:
    """glibc's ``mallopt``, or None elsewhere (another C library names no ``M_PERTURB``)."""
    if platform.libc_ver()[0] != "glibc":
        return None
    try:
        function = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").mallopt
    except (OSError, AttributeError):
        return None
    function.argtypes, function.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    return function


def fill_allocations(on: bool = True) -> bool:
    """From now on, fill every block the C allocator hands out (``on``), or stop (``on`` False:
    for tests that measure time after an erasure). True when the allocator took the setting,
    False where it offers none (not glibc)."""
    mallopt = _mallopt()
    return mallopt is not None and mallopt(_M_PERTURB, _FILL if on else 0) == 1
