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

Where glibc fills, most of the cost was the kernel's: Kuzu's JSON reader takes a block of 32 MiB
for every LOAD and COPY, larger than glibc ever serves from its heap, so each was mapped fresh,
every page of it faulted in by the fill and unmapped again when freed (a rebuild of a
three-document project: ~750,000 page faults, 6 s against 0.7 s without the fill). So while the
fill is on, no block is mapped on its own (``M_MMAP_MAX`` 0) and up to ``KEPT_FREE`` bytes freed
at the top of the heap stay there (``M_TRIM_THRESHOLD``): the next such block reuses pages
already in memory, filled all the same (the fill is applied to every block handed out, wherever
it comes from), and the same rebuild takes about half as long (2.5-4 s on two busy cores). The
price is memory: a process that erased keeps up to ``KEPT_FREE`` of freed heap instead of
handing it back to the system.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import platform
from collections.abc import Callable

__all__ = ["fill_allocations"]

_M_PERTURB = -6  # glibc's mallopt parameter numbers (malloc.h)
_M_MMAP_MAX = -4
_M_TRIM_THRESHOLD = -1
_FILL = 0x5A  # any non-zero byte: blocks handed out hold its complement, freed ones this

#: Freed heap a process keeps while the fill is on, rather than handing it back (module docstring).
KEPT_FREE = 256 << 20
#: glibc's own settings, put back when the fill is turned off: blocks mapped on their own, freed
#: heap over 128 KiB handed back.
_MMAP_MAX_DEFAULT = 65536
_TRIM_THRESHOLD_DEFAULT = 128 << 10


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
    global _heap_kept
    mallopt = _mallopt()
    if mallopt is None:
        return False
    settings = [(_M_PERTURB, _FILL if on else 0)]
    if on or _heap_kept:  # glibc's own heap settings untouched until a fill first changed them:
        # setting either stops glibc adapting its thresholds to the process for good
        settings += [(_M_MMAP_MAX, 0 if on else _MMAP_MAX_DEFAULT),
                     (_M_TRIM_THRESHOLD, KEPT_FREE if on else _TRIM_THRESHOLD_DEFAULT)]
        _heap_kept = on
    return all([mallopt(parameter, value) == 1 for parameter, value in settings])


_heap_kept = False  # whether fill_allocations(True) set the heap to keep large blocks
