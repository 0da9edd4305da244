"""TEST-ONLY storage fault injection: real OSErrors raised at the real write and fsync sites.

Some disk failures cannot be produced on demand with a small tmpfs (ENOSPC can): EIO from a
dying disk, EROFS from a file system remounted read-only. The fault tests of ``tests/faults/``
arm them through this module. It is inert unless the environment variable
``STROM_TEST_STORAGE_FAULTS`` names a JSON file when the process starts; production brokers
never set it, and then every hook is one global boolean test.

The file maps an operation to a fault, for example::

    {"append": {"errno": "EIO", "match": "orders-0", "partial": true},
     "flush": {"errno": "EIO"}}

Operations (each hooked exactly where the real call is made, just before it):

- ``append``: the ``write`` of record batches to a segment's ``.log`` (:mod:`.segment`);
  ``partial`` writes the first half of the bytes for real before failing, as a full disk does;
- ``index``: the ``write`` of an offset/time index entry (:mod:`.index_base`);
- ``flush``: the ``fsync`` of a segment's ``.log`` (:mod:`.segment`);
- ``rename``: renaming a segment's files (retention's ``.deleted``, the cleaner's swap);
- ``checkpoint``: writing a checkpoint file (:mod:`.checkpoint`).

``match`` (optional) is a substring the file's path must contain. The file is re-read when its
modification time changes, so a test arms or disarms faults while the broker runs (write a new
file and rename it over the old one). Unknown errno names are ignored (the fault is not armed).

Invariants: with the variable unset nothing is read and nothing can fail here. Thread-safety:
hooks may run on any thread; the cached table is replaced atomically.
"""

from __future__ import annotations

import errno as errno_mod
import json
import logging
import os
from dataclasses import dataclass
from io import FileIO
from pathlib import Path

logger = logging.getLogger("strom.storage")

ENV_VAR = "STROM_TEST_STORAGE_FAULTS"
_PATH = os.environ.get(ENV_VAR) or None
ENABLED = _PATH is not None


@dataclass(frozen=True)
class Fault:
    errno: int
    match: str = ""
    partial: bool = False


_cache: tuple[float, dict[str, Fault]] = (-1.0, {})


def _table() -> dict[str, Fault]:
    global _cache
    assert _PATH is not None
    try:
        mtime = os.stat(_PATH).st_mtime
    except OSError:
        return {}
    if mtime == _cache[0]:
        return _cache[1]
    table: dict[str, Fault] = {}
    try:
        raw = json.loads(Path(_PATH).read_text())
        for op, spec in raw.items():
            code = getattr(errno_mod, str(spec.get("errno", "")), None)
            if isinstance(code, int):
                table[op] = Fault(code, str(spec.get("match", "")), bool(spec.get("partial")))
    except (OSError, ValueError, AttributeError):
        table = {}
    _cache = (mtime, table)
    return table


def armed(op: str, path: Path | str) -> Fault | None:
    """The fault armed for ``op`` on ``path``, if any (None whenever injection is off)."""
    if not ENABLED:
        return None
    fault = _table().get(op)
    if fault is None or fault.match not in str(path):
        return None
    return fault


def _error(fault: Fault, op: str, path: Path | str) -> OSError:
    logger.warning("injecting %s on %s of %s (test fault)", errno_mod.errorcode[fault.errno], op,
                   path)  # fmt: skip
    return OSError(fault.errno, os.strerror(fault.errno), str(path))


def check(op: str, path: Path | str) -> None:
    """Raise the OSError armed for ``op`` on ``path`` (no-op when injection is off)."""
    fault = armed(op, path)
    if fault is not None:
        raise _error(fault, op, path)


def write(op: str, file: FileIO, data: memoryview, path: Path | str) -> int | None:
    """``file.write(data)``, or the armed fault (after writing half of ``data`` if partial)."""
    fault = armed(op, path)
    if fault is not None:
        if fault.partial and len(data) > 1:
            file.write(data[: len(data) // 2])
        raise _error(fault, op, path)
    return file.write(data)
