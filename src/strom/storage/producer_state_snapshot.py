"""Producer state snapshot files: ``<20-digit offset>.snapshot`` in a partition directory.

Owns: the byte format of a snapshot, writing one atomically, reading and verifying one, and
listing/deleting the snapshots of a directory. What goes into a snapshot and when one is taken
is decided by :mod:`.producer_state`.

A snapshot named ``N.snapshot`` holds the producer state of the partition as it was after every
batch below offset ``N`` had been applied (``N`` is the "map end offset": the log end offset at a
segment roll or a clean shutdown).

On-disk format, version 1 (all integers big-endian, signed unless noted)::

    offset  size
    0       4    magic  b"STPS"
    4       2    version (unsigned) = 1
    6       4    CRC-32C (unsigned) of every byte from offset 10 to the end of the file
    10      8    snapshot offset N (must equal the number in the file name)
    18      4    entry count E (unsigned)
    22      ...  E entries, each:
                   8  producer id
                   2  producer epoch
                   4  coordinator epoch (-1: none)
                   8  last timestamp (max timestamp of the producer's last batch, ms)
                   8  first offset of the producer's open transaction (-1: none)
                   1  batch count B (unsigned, 0..5)
                   B x 32 bytes, oldest first:
                     4 first sequence, 4 last sequence, 8 first offset, 8 last offset,
                     8 max timestamp of the batch

Invariants: a snapshot on disk is complete or absent -- it is written to ``<name>.tmp``, fsynced
and renamed into place, then the directory is fsynced (a leftover ``.tmp`` is removed by
:func:`~strom.storage.log_loader.clean_temp_files`). A file that fails any check (magic,
version, CRC, length, offset) raises :class:`CorruptSnapshotError`; the caller ignores it and
rebuilds from an older snapshot or the log.

Thread-safety: plain functions; the caller serialises writers of one directory.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from crc32c import crc32c

from strom.storage.checkpoint import fsync_dir
from strom.storage.names import SNAPSHOT_SUFFIX, TMP_SUFFIX, parse_segment_file_name

MAGIC = b"STPS"
VERSION = 1
MAX_BATCHES = 5

_HEAD = struct.Struct(">4sHI")  # magic, version, crc
_BODY_HEAD = struct.Struct(">qI")  # snapshot offset, entry count
_ENTRY = struct.Struct(">qhiqqB")
_BATCH = struct.Struct(">iiqqq")


class CorruptSnapshotError(Exception):
    """A snapshot file is unreadable; it is skipped (state is rebuilt from the log)."""


@dataclass(frozen=True, slots=True)
class SnapshotBatch:
    """One cached batch of a producer: its sequence range, offsets and max timestamp."""

    first_seq: int
    last_seq: int
    first_offset: int
    last_offset: int
    timestamp: int


@dataclass(frozen=True, slots=True)
class SnapshotEntry:
    """One producer as stored in a snapshot."""

    producer_id: int
    producer_epoch: int
    coordinator_epoch: int
    last_timestamp: int
    current_txn_first_offset: int
    batches: tuple[SnapshotBatch, ...]


def snapshot_file_name(offset: int) -> str:
    return f"{offset:020d}{SNAPSHOT_SUFFIX}"


def list_snapshots(directory: Path) -> list[tuple[int, Path]]:
    """``(offset, path)`` of every snapshot file in ``directory``, by ascending offset."""
    out: list[tuple[int, Path]] = []
    try:
        names = os.listdir(directory)
    except FileNotFoundError:
        return out
    for name in names:
        parsed = parse_segment_file_name(name)
        if parsed is not None and parsed[1] == SNAPSHOT_SUFFIX and not parsed[2]:
            out.append((parsed[0], directory / name))
    out.sort()
    return out


def encode_snapshot(offset: int, entries: Iterable[SnapshotEntry]) -> bytes:
    """The bytes of a version-1 snapshot (see the module docstring)."""
    items = list(entries)
    body = bytearray(_BODY_HEAD.pack(offset, len(items)))
    for e in items:
        if len(e.batches) > MAX_BATCHES:
            raise ValueError(f"producer {e.producer_id} has {len(e.batches)} cached batches")
        body += _ENTRY.pack(
            e.producer_id,
            e.producer_epoch,
            e.coordinator_epoch,
            e.last_timestamp,
            e.current_txn_first_offset,
            len(e.batches),
        )
        for b in e.batches:
            body += _BATCH.pack(b.first_seq, b.last_seq, b.first_offset, b.last_offset, b.timestamp)
    return _HEAD.pack(MAGIC, VERSION, crc32c(bytes(body))) + bytes(body)


def decode_snapshot(data: bytes, expected_offset: int | None = None) -> list[SnapshotEntry]:
    """Parse and verify a snapshot; raise CorruptSnapshotError on any problem."""
    if len(data) < _HEAD.size + _BODY_HEAD.size:
        raise CorruptSnapshotError(f"snapshot too short ({len(data)} bytes)")
    magic, version, crc = _HEAD.unpack_from(data, 0)
    if magic != MAGIC:
        raise CorruptSnapshotError(f"bad magic {magic!r}")
    if version != VERSION:
        raise CorruptSnapshotError(f"unsupported snapshot version {version}")
    body = memoryview(data)[_HEAD.size :]
    if crc32c(body) != crc:
        raise CorruptSnapshotError("snapshot CRC mismatch")
    offset, count = _BODY_HEAD.unpack_from(body, 0)
    if expected_offset is not None and offset != expected_offset:
        raise CorruptSnapshotError(f"snapshot holds offset {offset}, name says {expected_offset}")
    pos = _BODY_HEAD.size
    entries: list[SnapshotEntry] = []
    try:
        for _ in range(count):
            pid, epoch, coord, last_ts, txn_first, n = _ENTRY.unpack_from(body, pos)
            pos += _ENTRY.size
            if n > MAX_BATCHES:
                raise CorruptSnapshotError(f"producer {pid} has {n} cached batches")
            batches = []
            for _ in range(n):
                batches.append(SnapshotBatch(*_BATCH.unpack_from(body, pos)))
                pos += _BATCH.size
            entries.append(SnapshotEntry(pid, epoch, coord, last_ts, txn_first, tuple(batches)))
    except struct.error as exc:
        raise CorruptSnapshotError(f"truncated snapshot: {exc}") from None
    if pos != len(body):
        raise CorruptSnapshotError(f"{len(body) - pos} trailing bytes after the last entry")
    return entries


def write_snapshot(directory: Path, offset: int, entries: Iterable[SnapshotEntry]) -> Path:
    """Write ``<offset>.snapshot`` atomically and durably; returns its path."""
    path = directory / snapshot_file_name(offset)
    tmp = path.with_name(path.name + TMP_SUFFIX)
    data = encode_snapshot(offset, entries)
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    fsync_dir(directory)
    return path


def read_snapshot(path: Path, offset: int) -> list[SnapshotEntry]:
    """Read and verify the snapshot at ``path`` (named for ``offset``)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CorruptSnapshotError(f"cannot read {path}: {exc}") from None
    return decode_snapshot(data, offset)
