"""The consumer's fetch buffer: fetched data waiting to be handed out, and the positions it moves.

Owns: the chunks of fetched data (one per partition and Fetch response), planned from the
batch headers when they arrive (control batches and, with read_committed, aborted transactions
are dropped there) and decoded one batch at a time when the application takes records, as
record objects (:meth:`FetchBuffer.take`), plain rows (:meth:`FetchBuffer.take_rows`) or numpy
columns (:meth:`FetchBuffer.take_columns`, the Arrow read path); and the advance of each
partition's position as records are taken. The :class:`~strom.client.fetcher.Fetcher` decides
what to fetch and adds the responses' data here; the consumer takes from here.

Invariants:
- A buffered chunk is returned only if its partition is still assigned and the position still
  equals the offset the chunk was fetched from (a seek or rebalance makes it stale).
- Positions advance past offset gaps (compacted topics, control batches, aborted records): after
  a chunk is consumed the position is the end of its last batch, not last record + 1.
- Every batch is CRC-checked when it is decoded, whichever take method decodes it; a batch that
  fails raises CorruptRecordError once the records before it have been handed out, and the
  position stays before it (until a seek past it).
- ``data_ready`` is set while chunks are buffered; every take sets the fetcher's ``wakeup``
  (taking makes room for the next prefetch).
"""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

from strom.client.gc_pause import no_gc_pause
from strom.client.subscription import SubscriptionState
from strom.client.types import (
    ConsumerRecord,
    RecordColumns,
    RecordRows,
    TopicPartition,
    make_consumer_record,
)
from strom.errors import KafkaError
from strom.protocol.records import iter_batches
from strom.protocol.records.bulk import Row, decode_rows
from strom.protocol.records.constants import CONTROL_FLAG_MASK, TIMESTAMP_TYPE_MASK

if TYPE_CHECKING:  # numpy is imported on the first columnar take only (CLI start-up)
    from strom.protocol.records.columns import Columns


@dataclass(slots=True)
class Segment:
    """A fetched batch not decoded yet: where it is and the position after it."""

    pos: int
    end_offset: int
    leader_epoch: int
    timestamp_type: int


Decoded: TypeAlias = "list[Row] | Columns"
"""The decoded rest of one batch: rows for record objects, columns for the Arrow read path."""


def _offset_at(decoded: Decoded, index: int) -> int:
    if isinstance(decoded, list):
        return decoded[index][0]
    return int(decoded.offsets[index])


@dataclass
class Chunk:
    """The fetched data of one partition, decoded one batch at a time as records are taken
    (``rows`` holds the decoded rest of the current batch from ``index`` on)."""

    tp: TopicPartition
    fetch_offset: int
    data: bytes | bytearray | memoryview
    segments: deque[Segment]
    next_offset: int
    rows: Decoded = field(default_factory=list)
    index: int = 0
    current: Segment | None = None

    def fill(self, columnar: bool = False) -> bool:
        """Decode batches until some rows are ready (as columns with ``columnar``); False when
        the chunk is used up. Raises CorruptRecordError (the chunk is left as it was) for a
        batch that fails its CRC or does not decode."""
        while self.index >= len(self.rows):
            if self.current is not None:
                self.fetch_offset = self.current.end_offset
                self.current = None
            if not self.segments:
                self.fetch_offset = self.next_offset
                return False
            seg = self.segments[0]
            decoded: Decoded
            if columnar:
                from strom.protocol.records.columns import decode_batch_columns

                decoded = decode_batch_columns(self.data, seg.pos)[1]
                start = int(decoded.offsets.searchsorted(self.fetch_offset))
            else:
                decoded = decode_rows(self.data, seg.pos)[1]
                start = 0
                while start < len(decoded) and decoded[start][0] < self.fetch_offset:
                    start += 1
            self.segments.popleft()
            self.rows, self.index, self.current = decoded, start, seg
        if columnar == isinstance(self.rows, list):  # the application switched take methods
            if isinstance(self.rows, list):
                from strom.protocol.records.columns import Columns

                self.rows = Columns.from_rows(self.rows[self.index :])
            else:
                self.rows = self.rows.slice(self.index, len(self.rows)).to_rows()
            self.index = 0
        return True


class FetchBuffer:
    """Fetched chunks in arrival order, handed out as records, rows or columns."""

    def __init__(self, subs: SubscriptionState, wakeup: asyncio.Event) -> None:
        self.subs = subs
        self.wakeup = wakeup  # the fetcher's: set when taking made room for more
        self.chunks: deque[Chunk] = deque()
        self.data_ready = asyncio.Event()
        self.chunks_received = 0

    def __len__(self) -> int:
        return len(self.chunks)

    def counts(self) -> dict[TopicPartition, int]:
        """How many chunks (valid or stale) are buffered, by partition."""
        out: dict[TopicPartition, int] = {}
        for c in self.chunks:
            out[c.tp] = out.get(c.tp, 0) + 1
        return out

    def next_fetch_offset(self, tp: TopicPartition) -> int | None:
        """Where the next fetch of ``tp`` starts: the end of its valid buffered chunks (a chain
        starting at the position), else the position; None without a position."""
        st = self.subs.assignment.get(tp)
        if st is None or st.position is None:
            return None
        expected = st.position
        for c in self.chunks:
            if c.tp == tp:
                if c.fetch_offset != expected:
                    break  # stale (a seek): take() drops it
                expected = c.next_offset
        return expected

    def add(
        self,
        tp: TopicPartition,
        data: bytes | bytearray | memoryview,
        fetch_offset: int,
        aborted: list[tuple[int, int]],
    ) -> bool:
        """Buffer the batches of ``data`` (a Fetch response's records for ``tp``, fetched from
        ``fetch_offset``; ``aborted`` are the response's aborted transactions as sorted
        ``(first_offset, producer_id)``, empty unless read_committed). False when nothing in
        it moves the position (all of it lies before ``fetch_offset``)."""
        chunk = self._plan(tp, data, fetch_offset, aborted)
        if chunk is None:
            return False
        self.chunks_received += 1
        self.chunks.append(chunk)
        self.data_ready.set()
        return True

    @staticmethod
    def _plan(
        tp: TopicPartition,
        data: bytes | bytearray | memoryview,
        fetch_offset: int,
        aborted: list[tuple[int, int]],
    ) -> Chunk | None:
        """Plan which batches of ``data`` to hand out (headers only: records are decoded when
        taken); skips control batches and, with read_committed, aborted ones."""
        segments: deque[Segment] = deque()
        next_offset = fetch_offset
        aborting: set[int] = set()
        for pos, header in iter_batches(data, strict=False):
            end = header.base_offset + header.last_offset_delta + 1
            if end <= fetch_offset:
                continue
            while aborted and aborted[0][0] <= end - 1:
                aborting.add(aborted.pop(0)[1])
            if header.attributes & CONTROL_FLAG_MASK:
                aborting.discard(header.producer_id)  # the abort marker ends the aborted run
                next_offset = end
                continue
            if header.producer_id in aborting and header.attributes & 0x10:
                next_offset = end
                continue
            ts_type = 1 if header.attributes & TIMESTAMP_TYPE_MASK else 0
            segments.append(Segment(pos, end, header.partition_leader_epoch, ts_type))
            next_offset = end
        if next_offset == fetch_offset:
            return None
        return Chunk(tp, fetch_offset, data, segments, next_offset)

    # ------------------------------------------------------------------ handing out records
    def take(self, max_records: int) -> dict[TopicPartition, list[ConsumerRecord]]:
        """Up to ``max_records`` buffered records, advancing positions. A batch that does not
        decode raises CorruptRecordError once the records before it have been handed out; the
        position stays before it (until a seek past it)."""
        with no_gc_pause():
            return self._records(max_records)

    def _records(self, max_records: int) -> dict[TopicPartition, list[ConsumerRecord]]:
        out: dict[TopicPartition, list[ConsumerRecord]] = {}
        for tp, rows, seg in self._take(max_records, columnar=False):
            assert isinstance(rows, list)
            topic, partition = tp
            ts_type, epoch = seg.timestamp_type, seg.leader_epoch
            taken = out.get(tp)
            if taken is None:
                taken = out[tp] = []
            taken.extend(
                [
                    make_consumer_record(topic, partition, o, t, ts_type, k, v, h, epoch)
                    for o, t, k, v, h in rows
                ]
            )
        return out

    def take_rows(self, max_records: int) -> dict[TopicPartition, list[RecordRows]]:
        """:meth:`take` as plain rows (no record objects), one :class:`RecordRows` per slice of
        a batch, for columnar consumers such as the Arrow read path."""
        out: dict[TopicPartition, list[RecordRows]] = {}
        with no_gc_pause():
            taken = self._take(max_records, columnar=False)
        for tp, rows, seg in taken:
            assert isinstance(rows, list)
            out.setdefault(tp, []).append(RecordRows(rows, seg.timestamp_type, seg.leader_epoch))
        return out

    def take_columns(self, max_records: int) -> dict[TopicPartition, list[RecordColumns]]:
        """:meth:`take` as numpy columns, one :class:`RecordColumns` per slice of a batch (the
        client's Arrow read path, :mod:`strom.client.arrow`). Same positions and errors."""
        out: dict[TopicPartition, list[RecordColumns]] = {}
        for tp, cols, seg in self._take(max_records, columnar=True):
            assert not isinstance(cols, list)
            out.setdefault(tp, []).append(RecordColumns(cols, seg.timestamp_type, seg.leader_epoch))
        return out

    def _take(
        self, max_records: int, columnar: bool
    ) -> list[tuple[TopicPartition, Decoded, Segment]]:
        """Up to ``max_records`` decoded rows (or columns) as slices of batches, advancing
        positions."""
        out: list[tuple[TopicPartition, Decoded, Segment]] = []
        count = 0
        while self.chunks and count < max_records:
            chunk = self.chunks[0]
            st = self.subs.assignment.get(chunk.tp)
            if st is None or st.position != chunk.fetch_offset or st.paused:
                self.chunks.popleft()
                continue
            try:
                more = chunk.fill(columnar)
            except KafkaError:
                st.position = chunk.fetch_offset  # past batches that held nothing to return
                if out:
                    break
                raise
            if not more:
                st.position = chunk.fetch_offset
                self.chunks.popleft()
                continue
            seg = chunk.current
            assert seg is not None
            rows, start = chunk.rows, chunk.index
            stop = min(len(rows), start + max_records - count)
            if start or stop < len(rows):
                part: Decoded = (
                    rows[start:stop] if isinstance(rows, list) else rows.slice(start, stop)
                )
            else:
                part = rows
            out.append((chunk.tp, part, seg))
            count += stop - start
            chunk.index = stop
            st.leader_epoch = seg.leader_epoch
            st.position = chunk.fetch_offset = (
                _offset_at(rows, stop) if stop < len(rows) else seg.end_offset
            )
            if stop >= len(rows):
                chunk.current = None
                chunk.rows, chunk.index = [], 0
        if not self.chunks:
            self.data_ready.clear()
        self.wakeup.set()
        return out
