"""One log segment: a ``.log`` file of record batches plus its offset and time indexes.

Owns: appending whole batches to the segment file, keeping the two sparse indexes in step,
validating and rebuilding the segment after a crash (:meth:`LogSegment.recover`), the roll
decision, truncation, fsync and deletion. Locating batches by offset or timestamp and slicing
the file for reads is inherited from :class:`~strom.storage.segment_reader.SegmentReader`.

On-disk format: ``<20-digit base offset>.log`` holds Kafka RecordBatch v2 batches back to back,
byte for byte as they travel on the wire (layout in :mod:`strom.protocol.records.header`)::

    position 0                      P1                          P2
    +-----------------------------+---------------------------+-------
    | batch: base_offset=B  ...   | batch: base_offset=B+n ... | ...
    | [8 base_offset][4 length]   |                           |
    | [49 header rest][records]   |                           |
    +-----------------------------+---------------------------+-------

next to ``<base>.index`` (:mod:`.offset_index`), ``<base>.timeindex`` (:mod:`.time_index`) and
``<base>.txnindex`` (:mod:`.txn_index`: the aborted transactions whose ABORT marker is in this
segment; maintained by the log, truncated, renamed and deleted with the segment).
An index entry is added before a batch once more than ``index.interval.bytes`` have been
appended since the previous entry (never for the first batch, as in Kafka).

Invariants:
- Batches are complete, CRC-valid (checked on recovery), and their offsets strictly increase;
  every offset is in ``[base_offset, base_offset + 2**31 - 1]`` (relative offsets fit int32).
- ``size`` is the file length; ``next_offset`` is the offset after the last batch (the base
  offset when empty); ``max_timestamp`` / ``offset_of_max_timestamp`` cover every batch.
- Reads return whole batches from the start of the batch *containing* the requested offset.

A write that fails part-way (a full disk writes what fits, then raises ENOSPC; or an index entry
cannot be written) is undone back to where the append began before the error propagates: the
file never keeps a torn tail that a later append could follow (the caller takes the log
directory offline, :mod:`.log_dir_failure`).

Thread-safety: the broker's asyncio thread does everything except :meth:`flush`, which may run
in a worker thread concurrently with appends (fsync and ``write`` on the same descriptor are
safe together). A :class:`FileSlice` stays readable after its segment is renamed or deleted
until the segment is closed, which :class:`~strom.storage.log.Log` delays by
``file.delete.delay.ms``.
"""

from __future__ import annotations

import errno
import logging
import os
from collections.abc import Sequence
from io import FileIO
from pathlib import Path

from strom.errors import KafkaError
from strom.protocol.records import BATCH_HEADER_SIZE, LOG_OVERHEAD, BatchHeader, parse_batch_header
from strom.storage import faults
from strom.storage.errors import CorruptIndexError, KafkaStorageError
from strom.storage.file_records import RecoveryScan, pread_exact, resync
from strom.storage.names import (
    DELETED_SUFFIX,
    INDEX_SUFFIX,
    LOG_SUFFIX,
    TIME_INDEX_SUFFIX,
    TXN_INDEX_SUFFIX,
    segment_file_name,
)
from strom.storage.offset_index import INT32_MAX, OffsetIndex
from strom.storage.segment_reader import SegmentReader
from strom.storage.time_index import TimeIndex
from strom.storage.txn_index import TransactionIndex

logger = logging.getLogger("strom.storage")

_UNLOADED = -2


class LogSegment(SegmentReader):
    """A ``.log`` file with its ``.index`` and ``.timeindex``; see the module docstring."""

    def __init__(
        self,
        directory: Path,
        base_offset: int,
        *,
        index_interval_bytes: int = 4096,
        max_index_size: int = 10 * 1024 * 1024,
        now_ms: int = 0,
        file_suffix: str = "",
    ) -> None:
        self.directory = directory
        self.base_offset = base_offset
        self.index_interval_bytes = index_interval_bytes
        self.log_path = directory / segment_file_name(base_offset, LOG_SUFFIX + file_suffix)
        self.offset_index = OffsetIndex(
            directory / segment_file_name(base_offset, INDEX_SUFFIX + file_suffix),
            base_offset,
            max_index_size,
        )
        self.time_index = TimeIndex(
            directory / segment_file_name(base_offset, TIME_INDEX_SUFFIX + file_suffix),
            base_offset,
            max_index_size,
        )
        self.txn_index = TransactionIndex(
            directory / segment_file_name(base_offset, TXN_INDEX_SUFFIX + file_suffix)
        )
        self.file = FileIO(self.log_path, "a+")
        self._size = os.fstat(self.file.fileno()).st_size
        self._next_offset = base_offset
        self._max_ts = -1
        self._offset_of_max_ts = base_offset
        self._bytes_since_last_index_entry = 0
        self._rolling_ts = _UNLOADED
        self._log_dirty = False
        self.created_ms = now_ms
        self.closed = False
        # closed segments that failed validation: (first offset, next valid offset or None
        # for the segment's end, problem); the log never serves these
        self.invalid_ranges: list[tuple[int, int | None, str]] = []

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def create(cls, directory: Path, base_offset: int, **kwargs: int) -> LogSegment:
        """A new empty segment (stale index files of the same name are emptied)."""
        return cls.create_with_suffix(directory, base_offset, "", **kwargs)

    @classmethod
    def create_with_suffix(
        cls, directory: Path, base_offset: int, file_suffix: str, **kwargs: int
    ) -> LogSegment:
        """:meth:`create` with ``file_suffix`` (e.g. ``.cleaned``) after all three names."""
        seg = cls(directory, base_offset, file_suffix=file_suffix, **kwargs)
        if seg._size:
            seg.file.close()
            raise KafkaStorageError(f"segment {seg.log_path} already exists and is not empty")
        seg.offset_index.reset()
        seg.time_index.reset()
        seg.txn_index.reset()
        return seg

    @classmethod
    def open(
        cls,
        directory: Path,
        base_offset: int,
        *,
        recover: bool = False,
        max_message_size: int | None = None,
        truncate_invalid: bool = True,
        **kwargs: int,
    ) -> tuple[LogSegment, int]:
        """Open an existing segment; returns it with the number of bytes recovery truncated.

        With ``recover`` every batch is re-validated and both indexes rebuilt. Without it the
        indexes are trusted if present and sane, else rebuilt (which also validates the data).
        With ``recover`` the ``.txnindex`` is marked stale (the log rebuilds it: markers past
        the recovery point may lack their entry); otherwise it is only cut at the end.
        ``truncate_invalid=False`` (a closed segment): see :meth:`recover`.
        """
        seg = cls(directory, base_offset, file_suffix="", **kwargs)
        if not recover:
            problem = seg._index_problem()
            if problem is None and seg._load_tail():
                return seg, 0
            logger.warning(
                "rebuilding indexes of segment %s: %s",
                seg.log_path,
                problem or "log tail inconsistent with index",
            )
        else:
            seg.txn_index.stale = True
        truncated = seg.recover(max_message_size, truncate_invalid=truncate_invalid)
        seg.txn_index.truncate_to(seg.next_offset)
        return seg, truncated

    def _index_problem(self) -> str | None:
        if not self.offset_index.existed or not self.time_index.existed:
            return "index file missing"
        try:
            self.offset_index.sanity_check(self._size)
            self.time_index.sanity_check()
        except CorruptIndexError as exc:
            return str(exc)
        return None

    def _load_tail(self) -> bool:
        """Derive next offset and max timestamp from the indexes plus a scan of the tail.

        Returns False if the tail does not end exactly at the end of the file (the caller then
        rebuilds the segment).
        """
        ts, off = self.time_index.last_entry
        pos = self.offset_index.last_position
        end = pos
        next_offset = self.base_offset
        try:
            for p, hdr in self.iter_headers(pos):
                end = p + hdr.size_in_bytes
                next_offset = hdr.next_offset
                if hdr.max_timestamp > ts:
                    ts, off = hdr.max_timestamp, hdr.last_offset
        except KafkaError:
            return False
        if end != self._size or (self.offset_index.entries and next_offset == self.base_offset):
            return False
        self._next_offset = next_offset
        self._max_ts, self._offset_of_max_ts = ts, off
        self._bytes_since_last_index_entry = 0
        return True

    # -- properties ----------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self._size

    @property
    def next_offset(self) -> int:
        return self._next_offset

    @property
    def max_timestamp(self) -> int:
        """Largest batch max timestamp in the segment, -1 if none."""
        return self._max_ts

    @property
    def offset_of_max_timestamp(self) -> int:
        """Last offset of the batch where :attr:`max_timestamp` was first seen."""
        return self._offset_of_max_ts

    @property
    def largest_timestamp(self) -> int:
        """Kafka's ``largestTimestamp``: the max timestamp, or the file mtime if there is none."""
        if self._max_ts >= 0:
            return self._max_ts
        return os.fstat(self.file.fileno()).st_mtime_ns // 1_000_000

    @property
    def rolling_based_timestamp(self) -> int | None:
        """Max timestamp of the first batch (what ``segment.ms`` is measured from), or None."""
        if self._rolling_ts == _UNLOADED:
            if self._size < BATCH_HEADER_SIZE:
                return None
            head = pread_exact(self.file.fileno(), BATCH_HEADER_SIZE, 0)
            self._rolling_ts = parse_batch_header(head).max_timestamp
        return self._rolling_ts if self._rolling_ts != _UNLOADED else None

    # -- writes --------------------------------------------------------------------------------
    def should_roll(
        self,
        segment_bytes: int,
        segment_ms: int,
        records_size: int,
        max_timestamp: int,
        max_offset: int,
        now_ms: int,
    ) -> bool:
        """Kafka's roll rule: size, ``segment.ms`` age, a full index, or an offset too far.
        (Positional or keyword: the log calls it positionally once per append.)"""
        if not 0 <= max_offset - self.base_offset <= INT32_MAX:  # can_convert_to_relative_offset
            return True
        if self._size == 0:
            return False
        rts: int | None = self._rolling_ts
        if rts == _UNLOADED:
            rts = self.rolling_based_timestamp  # reads the first batch's header once
        waited = max_timestamp - rts if rts is not None and rts >= 0 else now_ms - self.created_ms
        return (
            self._size > segment_bytes - records_size
            or waited > segment_ms
            or self.offset_index.is_full()
            or self.time_index.is_full()
        )

    def can_convert_to_relative_offset(self, offset: int) -> bool:
        return 0 <= offset - self.base_offset <= INT32_MAX

    def append(
        self, data: bytes | bytearray | memoryview, headers: Sequence[tuple[int, BatchHeader]]
    ) -> None:
        """Append ``data``: whole batches whose ``(position within data, header)`` are given."""
        if not headers:
            return
        first, last = headers[0][1], headers[-1][1]
        if first.base_offset < self._next_offset and self._size:
            raise ValueError(
                f"append at offset {first.base_offset} below next offset "
                f"{self._next_offset} of segment {self.log_path}"
            )
        base = self.base_offset  # (can_convert_to_relative_offset of both ends, inlined)
        if not (
            0 <= first.base_offset - base <= INT32_MAX
            and 0 <= last.base_offset + last.last_offset_delta - base <= INT32_MAX
        ):
            raise ValueError(
                f"offsets {first.base_offset}..{last.last_offset} do not fit segment "
                f"{self.base_offset}"
            )
        base_pos = self._size
        view = data  # a view of the rest is made only after a short write
        self._log_dirty = True
        try:
            while True:
                n = (
                    faults.write("append", self.file, memoryview(view), self.log_path)
                    if faults.ENABLED
                    else self.file.write(view)
                )
                if n == len(view):
                    break
                if not n:
                    raise OSError(errno.EIO, f"short write to {self.log_path}")
                view = memoryview(view)[n:]
            if base_pos == 0:
                self._rolling_ts = first.max_timestamp
            interval = self.index_interval_bytes
            for rel_pos, hdr in headers:
                if hdr.max_timestamp > self._max_ts:  # (hdr.last_offset, without its property)
                    self._max_ts = hdr.max_timestamp
                    self._offset_of_max_ts = hdr.base_offset + hdr.last_offset_delta
                if self._bytes_since_last_index_entry > interval:
                    self._maybe_index(hdr, base_pos + rel_pos)
                self._bytes_since_last_index_entry += hdr.batch_length + LOG_OVERHEAD
        except OSError:
            self._undo_append(base_pos, first.base_offset)
            raise
        self._size = base_pos + len(data)
        self._next_offset = last.base_offset + last.last_offset_delta + 1  # last.next_offset

    def _undo_append(self, position: int, first_offset: int) -> None:
        """A write failed part-way (ENOSPC, EIO; of the log or of an index entry): cut the
        ``.log`` back to ``position`` and the indexes below ``first_offset``, so nothing of the
        failed append stays and no later append can follow a torn batch. If even that fails,
        the log directory goes offline anyway (the caller raises) and recovery cuts the torn
        batch at the next start."""
        try:
            os.ftruncate(self.file.fileno(), position)
            self.offset_index.truncate_to(first_offset)
            self.time_index.truncate_to(first_offset)
        except OSError as exc:
            logger.error("could not undo the failed append to %s at %d: %s", self.log_path,
                         position, exc)  # fmt: skip

    def _maybe_index(self, hdr: BatchHeader, position: int) -> None:
        if self._bytes_since_last_index_entry > self.index_interval_bytes:
            if not self.offset_index.is_full():
                self.offset_index.append(hdr.last_offset, position)
            if not self.time_index.is_full():
                self.time_index.maybe_append(self._max_ts, self._offset_of_max_ts)
            self._bytes_since_last_index_entry = 0

    def recover(self, max_message_size: int | None = None, *, truncate_invalid: bool = True) -> int:
        """Re-validate every batch, rebuild both indexes, truncate at the first bad batch.

        A batch is bad if its header does not parse (magic, length), it is torn (runs past the
        end of the file), its offsets do not follow the previous batch or do not fit this
        segment, it is larger than ``max_message_size`` (if given), or its CRC does not match.
        Returns the number of bytes truncated. A bad batch followed by a valid one (found by
        trusting its length field) is damage, not a torn write: it is skipped, the batches after
        it kept, and listed in :attr:`invalid_ranges` (the log marks them corrupt). Only an
        invalid tail -- nothing valid after it -- is truncated; with ``truncate_invalid=False``
        (a closed segment) not even that: the segment ends logically before it.
        """
        self.offset_index.reset()
        self.time_index.reset()
        fd = self.file.fileno()
        file_size = os.fstat(fd).st_size
        self._size, self._next_offset = file_size, self.base_offset
        self._max_ts, self._offset_of_max_ts = -1, self.base_offset
        self._bytes_since_last_index_entry = 0
        self._rolling_ts = _UNLOADED
        self.invalid_ranges = []
        scan = RecoveryScan(fd, self.base_offset, file_size, max_message_size)
        self._index_valid(scan)
        while scan.problem is not None:
            # valid batches after a bad one: damage, not a torn tail -- skip it, keep the rest
            resumed = resync(fd, self.base_offset, scan.valid_bytes, file_size, scan.next_offset)
            if resumed is None:
                break
            at, hdr = resumed
            self.invalid_ranges.append((scan.next_offset, hdr.base_offset, scan.problem))
            logger.error(
                "found invalid batch at position %d of segment %s (%s); offsets %d to %d are "
                "not served", scan.valid_bytes, self.log_path, scan.problem, scan.next_offset,
                hdr.base_offset,
            )  # fmt: skip
            scan = RecoveryScan(
                fd, self.base_offset, file_size, max_message_size, at, hdr.base_offset
            )
            self._index_valid(scan)
        pos = scan.valid_bytes
        truncated = file_size - pos
        if truncated and not truncate_invalid:
            self.invalid_ranges.append((scan.next_offset, None, scan.problem or "invalid batch"))
            logger.error(
                "found invalid batch at position %d of closed segment %s (%s); offsets from %d "
                "to the segment's end are not served", pos, self.log_path, scan.problem,
                scan.next_offset,
            )  # fmt: skip
            self._size = pos
            truncated = 0
        elif truncated:
            logger.warning(
                "found invalid batch at position %d of segment %s (%s); truncating %d bytes",
                pos,
                self.log_path,
                scan.problem,
                truncated,
            )
            os.ftruncate(fd, pos)
            self._size = pos
            self._log_dirty = True
        self._append_final_time_entry()
        return truncated

    def _index_valid(self, scan: RecoveryScan) -> None:
        """Index the batches ``scan`` yields (the valid ones) and track the segment's end."""
        for pos, hdr in scan:
            if pos == 0:
                self._rolling_ts = hdr.max_timestamp
            if hdr.max_timestamp > self._max_ts:
                self._max_ts, self._offset_of_max_ts = hdr.max_timestamp, hdr.last_offset
            self._maybe_index(hdr, pos)
            self._bytes_since_last_index_entry += hdr.size_in_bytes
            self._next_offset = hdr.next_offset

    def truncate_to(self, offset: int, now_ms: int | None = None) -> int:
        """Remove the batch containing ``offset`` and everything after, and any invalid batch
        before it (:meth:`valid_position`); returns bytes removed."""
        pos = self.valid_position(offset)
        file_size = os.fstat(self.file.fileno()).st_size
        if pos >= file_size:
            return 0
        self.invalid_ranges = []
        self.offset_index.truncate_to(offset)
        self.time_index.truncate_to(offset)
        self.txn_index.truncate_to(offset)
        removed = file_size - pos
        os.ftruncate(self.file.fileno(), pos)
        self._size = pos
        self._log_dirty = True
        if pos == 0:
            self._rolling_ts = _UNLOADED
            if now_ms is not None:
                self.created_ms = now_ms
        if not self._load_tail():
            self.recover()
        return removed

    def _append_final_time_entry(self) -> bool:
        """Make the time index's last entry the segment's max timestamp (Kafka does this on
        roll, close and recovery so the last entry is exact)."""
        ts, offset = self.time_index.last_entry
        if self._max_ts <= ts or self._offset_of_max_ts < offset:
            return False
        return self.time_index.maybe_append(
            self._max_ts, self._offset_of_max_ts, skip_full_check=True
        )

    def on_become_inactive(self) -> None:
        """Called on roll: write the final time index entry and release index descriptors."""
        self._append_final_time_entry()
        self.offset_index.close_handle()
        self.time_index.close_handle()

    def flush(self) -> None:
        """fsync the log file and the indexes (may run in a worker thread)."""
        if self._log_dirty:
            self._log_dirty = False
            try:
                faults.check("flush", self.log_path)
                os.fsync(self.file.fileno())
            except ValueError:
                return  # closed by deletion meanwhile
        self.offset_index.flush()
        self.time_index.flush()
        self.txn_index.flush()

    def close(self) -> None:
        """Write the final time index entry and close every file (no fsync of the log)."""
        if self.closed:
            return
        self.closed = True
        if self._append_final_time_entry() and not self._log_dirty:
            self.time_index.flush()  # keep a flushed segment fully durable
        self.offset_index.close()
        self.time_index.close()
        self.file.close()

    def rename_to_deleted(self) -> None:
        """Add the ``.deleted`` suffix to all files (descriptors stay valid)."""
        self.change_file_suffix("", DELETED_SUFFIX)

    def change_file_suffix(self, old: str, new: str) -> None:
        """Rename all files from ``<name><old>`` to ``<name><new>`` (the log file
        first; descriptors stay valid). Used by the log cleaner's ``.cleaned`` -> ``.swap``
        -> ``.log`` steps."""

        def renamed(path: Path) -> Path:
            if old and not path.name.endswith(old):
                raise ValueError(f"{path} does not end with {old}")
            stem = path.name[: len(path.name) - len(old)] if old else path.name
            return path.with_name(stem + new)

        new_log = renamed(self.log_path)
        faults.check("rename", self.log_path)
        os.replace(self.log_path, new_log)
        self.log_path = new_log
        for index in (self.offset_index, self.time_index):
            index.rename(renamed(index.path))
        self.txn_index.rename(renamed(self.txn_index.path))

    def delete(self) -> None:
        """Close and remove all files of the segment."""
        self.close()
        self.log_path.unlink(missing_ok=True)
        self.offset_index.delete()
        self.time_index.delete()
        self.txn_index.delete()

    def __repr__(self) -> str:
        return f"LogSegment({self.log_path}, size={self._size}, next_offset={self._next_offset})"
