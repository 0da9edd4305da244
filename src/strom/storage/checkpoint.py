"""Kafka's text checkpoint files, written atomically.

Owns: reading and writing the per-log-directory offset checkpoints
(``recovery-point-offset-checkpoint``, ``log-start-offset-checkpoint``,
``replication-offset-checkpoint``) and the generic versioned text format they share with the
per-partition ``leader-epoch-checkpoint`` (see :mod:`.leader_epoch`).

On-disk format (UTF-8 text, '\\n' line ends), identical to Kafka's ``CheckpointFile``::

    0                      <- format version
    3                      <- number of entries
    orders 0 1500          <- entry: fields separated by one space
    orders 1 1432             (offset checkpoints: topic partition offset;
    my-topic 0 0               leader epochs: epoch start_offset)

Invariants: a checkpoint on disk is always complete -- it is written to ``<name>.tmp``, flushed,
fsynced, renamed over the old file and the directory fsynced, so a crash leaves either the old or
the new content. A missing file reads as empty; a malformed one raises :class:`CheckpointError`.

Thread-safety: each call is self-contained; the broker calls from its asyncio thread or a worker
thread, but never two writers for the same file at once.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from strom.storage import faults
from strom.storage.errors import CheckpointError
from strom.storage.names import TMP_SUFFIX

CHECKPOINT_VERSION = 0


def fsync_dir(directory: Path) -> None:
    """fsync a directory so renames and new files in it are durable."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text``: temp file, flush, fsync, rename, fsync directory."""
    tmp = path.with_name(path.name + TMP_SUFFIX)
    faults.check("checkpoint", path)
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    fsync_dir(path.parent)


def write_entries(path: Path, entries: Sequence[Sequence[object]], version: int = 0) -> None:
    """Write a versioned checkpoint whose lines are ``entries`` joined by spaces."""
    lines = [str(version), str(len(entries))]
    lines.extend(" ".join(str(field) for field in entry) for entry in entries)
    write_atomically(path, "\n".join(lines) + "\n")


def read_entries(path: Path, fields: int, version: int = 0) -> list[list[str]]:
    """Read a versioned checkpoint; each entry has exactly ``fields`` space-separated fields."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        raise CheckpointError(f"cannot read checkpoint {path}: {exc}") from exc
    lines = text.splitlines()
    if len(lines) < 2:
        raise CheckpointError(f"malformed checkpoint {path}: missing version or count line")
    if lines[0].strip() != str(version):
        raise CheckpointError(f"unrecognized version {lines[0].strip()!r} of checkpoint {path}")
    try:
        count = int(lines[1].strip())
    except ValueError:
        raise CheckpointError(f"malformed entry count {lines[1]!r} in {path}") from None
    body = [line for line in lines[2:] if line.strip()]
    if count != len(body):
        raise CheckpointError(f"expected {count} entries in {path} but found {len(body)}")
    out: list[list[str]] = []
    for line in body:
        parts = line.split()
        if len(parts) != fields:
            raise CheckpointError(f"malformed line {line!r} in checkpoint {path}")
        out.append(parts)
    return out


class OffsetCheckpointFile:
    """A ``topic partition offset`` checkpoint at the root of a log directory."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def read(self) -> dict[tuple[str, int], int]:
        result: dict[tuple[str, int], int] = {}
        for topic, partition, offset in read_entries(self.path, 3, CHECKPOINT_VERSION):
            try:
                result[(topic, int(partition))] = int(offset)
            except ValueError:
                raise CheckpointError(
                    f"malformed entry {topic} {partition} {offset} in {self.path}"
                ) from None
        return result

    def write(self, offsets: Mapping[tuple[str, int], int]) -> None:
        entries = [(t, p, o) for (t, p), o in sorted(offsets.items())]
        write_entries(self.path, entries, CHECKPOINT_VERSION)
