"""Per-batch decisions of a cleaning pass and re-encoding of the batches it keeps.

Owns: :class:`TxnIndex` (which transactional batches belong to aborted transactions, found by
the cleaner's own header scan, which also tracks transactions still open), and
:class:`BatchFilter`, which decides for every batch of the segments being recopied what to
write (Kafka's ``MemoryRecords.filterTo`` with the ``LogCleaner`` record filter):

- a data record is kept only if its key's latest offset in the :class:`.offset_map.OffsetMap`
  is its own (or the key is not in the map, or the record lies beyond the map's end offset);
  keyless records are dropped (the produce path already rejects them);
- a tombstone (null value) that is kept sets the batch's *delete horizon* (attribute bit 6,
  base timestamp = now + ``delete.retention.ms``, Kafka 3.x / KIP-534); once a batch's horizon
  has passed, its tombstones are removed;
- records of aborted transactions are removed;
- a transaction marker is kept while any record of its transaction is still in the log; once its
  transaction is empty it gets a delete horizon and is removed after it;
- the last data batch of every producer known to the producer state is kept, as an empty
  header-only batch if nothing in it survives, so idempotent sequence checks stay valid after a
  reload (Kafka's ``RETAIN_EMPTY``).

A rebuilt batch keeps base offset, last offset delta, producer id/epoch, base sequence,
partition leader epoch, codec, timestamp type and transactional/control bits of the original;
records keep their offset deltas (compaction leaves gaps), so offsets never change. A batch
whose records all survive and that needs no new horizon is copied byte for byte. A batch that
fails its CRC aborts the cleaning (CORRUPT_MESSAGE): re-encoding it would give damaged records a
valid CRC.

Thread-safety: one instance per cleaning, used by one cleaner thread.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from strom.errors import CorruptRecordError
from strom.protocol.records import (
    BATCH_HEADER_SIZE,
    LOG_OVERHEAD,
    MAGIC,
    BatchHeader,
    Record,
    compress,
    decode_batch,
    parse_control_record,
    verify_crc,
)
from strom.protocol.records.constants import (
    COMPRESSION_CODEC_MASK,
    CRC_OFFSET,
    DELETE_HORIZON_FLAG_MASK,
    TIMESTAMP_TYPE_MASK,
)
from strom.protocol.records.header import HEADER_STRUCT, compute_crc
from strom.protocol.records.varint import write_varint
from strom.storage.cleaner.offset_map import OffsetMap

_U32_MAX = 0xFFFFFFFF


def read_marker(data: bytes) -> bool:
    """True for a COMMIT marker batch, False for ABORT."""
    batch = decode_batch(data, verify=False)
    if not batch.records:
        return True  # an emptied marker; treat as commit (no data to abort)
    return parse_control_record(batch.records[0])[0]


class TxnIndex:
    """Aborted transactions per producer: ``(first offset, marker offset)`` ranges."""

    def __init__(self) -> None:
        self.aborted: dict[int, list[tuple[int, int]]] = {}
        self.open: dict[int, int] = {}  # producer id -> first offset of its open transaction

    def observe(self, hdr: BatchHeader, read_batch: object = None) -> None:
        """Feed batches in offset order; ``read_batch()`` returns a control batch's bytes."""
        if not hdr.is_transactional or hdr.producer_id < 0:
            return
        pid = hdr.producer_id
        if not hdr.is_control:
            self.open.setdefault(pid, hdr.base_offset)
            return
        first = self.open.pop(pid, None)
        if first is None or not callable(read_batch):
            return
        if not read_marker(read_batch()):
            self.aborted.setdefault(pid, []).append((first, hdr.base_offset))

    def is_aborted(self, hdr: BatchHeader) -> bool:
        ranges = self.aborted.get(hdr.producer_id)
        if not ranges or not hdr.is_transactional or hdr.is_control:
            return False
        return any(first <= hdr.base_offset <= end for first, end in ranges)


@dataclass
class FilterStats:
    """Counters of one cleaning (logged and exposed as metrics)."""

    batches_read: int = 0
    records_read: int = 0
    bytes_read: int = 0
    batches_written: int = 0
    records_retained: int = 0
    bytes_written: int = 0
    tombstones_removed: int = 0
    aborted_removed: int = 0
    markers_removed: int = 0
    invalid_removed: int = 0

    @property
    def records_removed(self) -> int:
        return self.records_read - self.records_retained


@dataclass
class BatchFilter:
    """Decides what survives of each batch; see the module docstring."""

    offset_map: OffsetMap
    map_end_offset: int
    now_ms: int
    delete_retention_ms: int
    txns: TxnIndex
    last_batch_of_producer: Mapping[int, int]
    stats: FilterStats = field(default_factory=FilterStats)
    min_horizon_ms: int | None = None  # earliest delete horizon left in the cleaned log
    _txn_has_data: dict[int, bool] = field(default_factory=dict)

    def _note_horizon(self, horizon: int) -> None:
        if self.min_horizon_ms is None or horizon < self.min_horizon_ms:
            self.min_horizon_ms = horizon

    def filter(self, hdr: BatchHeader, data: bytes) -> bytes | None:
        """What to write for the batch ``data`` (None: drop it)."""
        st = self.stats
        st.batches_read += 1
        st.bytes_read += len(data)
        st.records_read += hdr.records_count
        if not verify_crc(data, 0, hdr):  # never launder a damaged batch with a fresh CRC
            raise CorruptRecordError(
                f"batch at offset {hdr.base_offset} fails its CRC; not cleaning over it"
            )
        keep_empty = (
            hdr.producer_id >= 0
            and not hdr.is_control
            and self.last_batch_of_producer.get(hdr.producer_id) == hdr.last_offset
        )
        if hdr.is_control:
            return self._filter_marker(hdr, data)
        if self.txns.is_aborted(hdr):
            st.aborted_removed += hdr.records_count
            if not keep_empty:
                return None
            self._txn_has_data[hdr.producer_id] = True  # keeps its marker: state replay
            return self._emit(encode_empty(hdr))
        horizon = hdr.base_timestamp if hdr.has_delete_horizon else None
        retain_deletes = horizon is None or self.now_ms < horizon
        kept: list[Record] = []
        tombstones = False
        records = decode_batch(data, verify=False).records if hdr.records_count else []
        for rec in records:
            if rec.offset >= self.map_end_offset:  # beyond this cleaning's dirty section
                kept.append(rec)
                continue
            if rec.key is None:
                st.invalid_removed += 1
                continue
            if rec.offset < self.offset_map.get(rec.key):
                continue
            if rec.value is None:
                if not retain_deletes:
                    st.tombstones_removed += 1
                    continue
                tombstones = True
            kept.append(rec)
        if hdr.is_transactional and (kept or keep_empty):
            self._txn_has_data[hdr.producer_id] = True
        if not kept:
            return self._emit(encode_empty(hdr)) if keep_empty else None
        if tombstones and horizon is None:
            horizon = self.now_ms + self.delete_retention_ms
            self._note_horizon(horizon)
            return self._emit(encode_batch(hdr, kept, horizon))
        if tombstones and horizon is not None:
            self._note_horizon(horizon)
        if len(kept) == len(records):
            return self._emit(data)
        return self._emit(encode_batch(hdr, kept, horizon if tombstones else None))

    def _filter_marker(self, hdr: BatchHeader, data: bytes) -> bytes | None:
        if self._txn_has_data.pop(hdr.producer_id, False):
            return self._emit(data)  # its transaction still has records in the log
        if not hdr.has_delete_horizon:
            horizon = self.now_ms + self.delete_retention_ms
            self._note_horizon(horizon)
            records = decode_batch(data, verify=False).records
            return self._emit(encode_batch(hdr, records, horizon))
        if self.now_ms < hdr.base_timestamp:
            self._note_horizon(hdr.base_timestamp)
            return self._emit(data)
        self.stats.markers_removed += 1
        return None

    def _emit(self, data: bytes) -> bytes:
        st = self.stats
        st.batches_written += 1
        st.bytes_written += len(data)
        st.records_retained += _records_count(data)
        return data


def _records_count(data: bytes) -> int:
    return int.from_bytes(data[BATCH_HEADER_SIZE - 4 : BATCH_HEADER_SIZE], "big", signed=True)


def _pack(
    hdr: BatchHeader,
    attributes: int,
    base_ts: int,
    max_ts: int,
    count: int,
    payload: bytes,
) -> bytes:
    out = bytearray(BATCH_HEADER_SIZE)
    out += payload
    HEADER_STRUCT.pack_into(
        out,
        0,
        hdr.base_offset,
        len(out) - LOG_OVERHEAD,
        hdr.partition_leader_epoch,
        MAGIC,
        0,
        attributes,
        hdr.last_offset_delta,
        base_ts,
        max_ts,
        hdr.producer_id,
        hdr.producer_epoch,
        hdr.base_sequence,
        count,
    )
    crc = compute_crc(out, 0, len(out)) & _U32_MAX
    out[CRC_OFFSET : CRC_OFFSET + 4] = crc.to_bytes(4, "big")
    return bytes(out)


def encode_empty(hdr: BatchHeader) -> bytes:
    """A header-only batch with the original offsets, producer fields and max timestamp."""
    attributes = hdr.attributes & ~(COMPRESSION_CODEC_MASK | DELETE_HORIZON_FLAG_MASK)
    return _pack(hdr, attributes, hdr.max_timestamp, hdr.max_timestamp, 0, b"")


def encode_batch(hdr: BatchHeader, records: Iterable[Record], horizon: int | None) -> bytes:
    """Rebuild ``hdr``'s batch holding ``records`` (offset deltas kept); with ``horizon`` the
    delete-horizon bit is set and the base timestamp is the horizon."""
    records = list(records)
    log_append_time = bool(hdr.attributes & TIMESTAMP_TYPE_MASK)
    if horizon is not None:
        base_ts = horizon
    else:
        base_ts = hdr.base_timestamp if log_append_time else records[0].timestamp
    body = bytearray()
    rec_buf = bytearray()
    max_ts = -1
    for rec in records:
        max_ts = max(max_ts, rec.timestamp)
        del rec_buf[:]
        rec_buf.append(rec.attributes & 0xFF)
        write_varint(rec_buf, rec.timestamp - base_ts)
        write_varint(rec_buf, rec.offset - hdr.base_offset)
        for blob in (rec.key, rec.value):
            if blob is None:
                rec_buf.append(1)
            else:
                write_varint(rec_buf, len(blob))
                rec_buf += blob
        write_varint(rec_buf, len(rec.headers))
        for hkey, hval in rec.headers:
            encoded = hkey.encode("utf-8")
            write_varint(rec_buf, len(encoded))
            rec_buf += encoded
            if hval is None:
                rec_buf.append(1)
            else:
                write_varint(rec_buf, len(hval))
                rec_buf += hval
        write_varint(body, len(rec_buf))
        body += rec_buf
    codec = hdr.attributes & COMPRESSION_CODEC_MASK
    payload = compress(codec, body) if codec else bytes(body)
    if log_append_time:
        max_ts = hdr.max_timestamp
    attributes = hdr.attributes & ~DELETE_HORIZON_FLAG_MASK
    if horizon is not None:
        attributes |= DELETE_HORIZON_FLAG_MASK
    return _pack(hdr, attributes, base_ts, max_ts, len(records), payload)
