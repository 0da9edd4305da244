"""The aborted-transaction index of one segment: ``<20-digit base offset>.txnindex``.

Owns: the aborted transactions whose ABORT marker lies in one segment, in memory and on disk in
Kafka's ``TransactionIndex`` format, so Fetch with ``isolation_level=read_committed`` can return
the aborted transactions overlapping the fetched range without scanning the log.

On-disk format (Kafka's, byte for byte): a sequence of 34-byte entries, big-endian::

    offset size
    0      2    version (int16) = 0
    2      8    producer id
    10     8    first offset: the first offset the producer wrote in the transaction
    18     8    last offset: the offset of the ABORT marker
    26     8    last stable offset of the partition once the transaction was aborted (the
                first offset of the earliest other open transaction, else last offset + 1)

Every segment has the file, empty when it holds no ABORT marker (Kafka creates it lazily; an
empty file is valid for Kafka too). A *missing* file therefore means "unknown" (written by an
older Strom, or lost), as does a file whose length is not a multiple of 34 or holding an entry
of another version: the index is then :attr:`TransactionIndex.stale` and the log rebuilds it
from its batches (:meth:`~strom.storage.log_txn.LogTransactions.load_txn_indexes`).

Invariants: entries are ordered by last offset; the file holds exactly :attr:`entries`.
Durability: appends are written (not fsynced) at once and fsynced by :meth:`flush` with the
segment; segments past the recovery point have their index rebuilt after an unclean shutdown.

Thread-safety: appends, truncation and renames run on the broker's thread; :meth:`flush` may
run in a worker thread (it only fsyncs).
"""

from __future__ import annotations

import bisect
import logging
import os
import struct
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger("strom.storage")

ENTRY = struct.Struct(">hqqqq")
ENTRY_SIZE = ENTRY.size  # 34
VERSION = 0


@dataclass(frozen=True, slots=True)
class AbortedTxn:
    """One entry: the aborted transaction ``[first_offset, last_offset]`` of a producer."""

    producer_id: int
    first_offset: int
    last_offset: int
    last_stable_offset: int = -1

    def encode(self) -> bytes:
        return ENTRY.pack(
            VERSION, self.producer_id, self.first_offset, self.last_offset, self.last_stable_offset
        )


def decode_entries(data: bytes) -> list[AbortedTxn]:
    """Parse a whole ``.txnindex`` file; ValueError if it is not one."""
    if len(data) % ENTRY_SIZE:
        raise ValueError(f"length {len(data)} is not a multiple of {ENTRY_SIZE}")
    out: list[AbortedTxn] = []
    for version, pid, first, last, lso in ENTRY.iter_unpack(data):
        if version != VERSION:
            raise ValueError(f"unknown entry version {version}")
        if out and last < out[-1].last_offset:
            raise ValueError("entries are not ordered by last offset")
        out.append(AbortedTxn(pid, first, last, lso))
    return out


class TransactionIndex:
    """The ``.txnindex`` of one segment; see the module docstring."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.entries: list[AbortedTxn] = []
        self._lasts: list[int] = []
        self._dirty = False
        self.stale = False
        self.existed = path.exists()
        if not self.existed:
            self.stale = True
            return
        try:
            self._install(decode_entries(path.read_bytes()))
        except (ValueError, OSError) as exc:
            logger.warning("ignoring unreadable transaction index %s: %s", path, exc)
            self.stale = True

    def _install(self, entries: list[AbortedTxn]) -> None:
        self.entries = entries
        self._lasts = [e.last_offset for e in entries]

    def __len__(self) -> int:
        return len(self.entries)

    # -- writes --------------------------------------------------------------------------------
    def reset(self) -> None:
        """Empty the index and its file (creating it); it is no longer stale."""
        self._install([])
        with open(self.path, "wb"):
            pass
        self._dirty = True
        self.stale = False
        self.existed = True

    def append(self, entry: AbortedTxn) -> None:
        """Add an entry whose marker follows every entry already indexed."""
        if self._lasts and entry.last_offset <= self._lasts[-1]:
            raise ValueError(
                f"aborted transaction at {entry.last_offset} is not after the last indexed "
                f"marker {self._lasts[-1]} in {self.path}"
            )
        with open(self.path, "ab") as f:
            f.write(entry.encode())
        self.entries.append(entry)
        self._lasts.append(entry.last_offset)
        self._dirty = True

    def append_all(self, entries: Iterable[AbortedTxn]) -> None:
        for e in entries:
            self.append(e)

    def truncate_to(self, offset: int) -> None:
        """Forget entries whose marker is at or after ``offset``."""
        i = bisect.bisect_left(self._lasts, offset)
        if i == len(self._lasts):
            return
        del self.entries[i:]
        del self._lasts[i:]
        if self.path.exists():
            os.truncate(self.path, i * ENTRY_SIZE)
        self._dirty = True

    def flush(self) -> None:
        """fsync the file if it changed (may run in a worker thread)."""
        if not self._dirty:
            return
        self._dirty = False
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except FileNotFoundError:
            return  # renamed or deleted meanwhile
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def rename(self, new_path: Path) -> None:
        if self.path.exists():
            os.replace(self.path, new_path)
        self.path = new_path

    def delete(self) -> None:
        self.path.unlink(missing_ok=True)

    # -- reads ---------------------------------------------------------------------------------
    def collect(self, fetch_offset: int, upper: int) -> tuple[list[AbortedTxn], bool]:
        """Entries overlapping ``[fetch_offset, upper)`` (marker at or after ``fetch_offset``,
        first offset below ``upper``), and whether the search is complete: an entry whose last
        stable offset reaches ``upper`` proves no later marker can close a transaction begun
        below ``upper`` (Kafka's ``TxnIndexSearchResult.isComplete``)."""
        found = []
        for e in self.entries[bisect.bisect_left(self._lasts, fetch_offset) :]:
            if e.first_offset < upper:
                found.append(e)
            if e.last_stable_offset >= upper:
                return found, True
        return found, False
