"""A leader append through :class:`~strom.broker.partition.Partition` on a real log on disk.

The partition hands the log the batch headers its validation parsed, so the log does not parse
the buffer a second time: these tests pin what that reuse must keep. The segment size bound is
still enforced, a max timestamp the validator rewrites is the one stored (with a CRC that
matches) and indexed, and bytes the validator restamps (LogAppendTime) are parsed again.
"""

from __future__ import annotations

import struct
import uuid
from pathlib import Path

import pytest

from strom.broker.partition import Partition
from strom.protocol.records import (
    RecordBatchBuilder,
    parse_batch_header,
    verify_crc,
)
from strom.protocol.records.header import compute_crc
from strom.storage import MAX_TIMESTAMP, Log, LogConfig, RecordBatchTooLargeError

pytestmark = pytest.mark.unit

NOW = 1_000_000
_CRC_AT, _MAX_TIMESTAMP_AT = 17, 35


def _partition(tmp_path: Path, **config: object) -> Partition:
    cfg = LogConfig(segment_bytes=2000, file_delete_delay_ms=0, **config)  # type: ignore[arg-type]
    log = Log.open(tmp_path / "t-0", cfg, clock_ms=lambda: NOW)
    return Partition("t", 0, uuid.uuid4(), log, 1, [1])


def _batch(count: int, ts: int = 1000) -> bytearray:
    b = RecordBatchBuilder()
    for i in range(count):
        b.append(b"v" * 30, key=b"k%d" % i, timestamp=ts + i)
    return bytearray(b.build())


def test_batch_above_segment_bytes_is_refused_whole(tmp_path: Path) -> None:
    p = _partition(tmp_path)
    big = _batch(100)  # under max.message.bytes, over segment.bytes
    assert len(big) > 2000
    with pytest.raises(RecordBatchTooLargeError):
        p.append_as_leader(memoryview(big), 1)
    assert p.log.log_end_offset == 0
    assert p.append_as_leader(memoryview(_batch(3)), 1).base_offset == 0


def test_rewritten_max_timestamp_is_stored_with_its_crc_and_indexed(tmp_path: Path) -> None:
    p = _partition(tmp_path)
    p.append_as_leader(memoryview(_batch(2, ts=500)), 1)
    wrong = _batch(4, ts=1000)  # records at 1000..1003; the header claims 1001
    struct.pack_into(">q", wrong, _MAX_TIMESTAMP_AT, 1001)
    struct.pack_into(">I", wrong, _CRC_AT, compute_crc(wrong, 0, len(wrong)))
    result = p.append_as_leader(memoryview(wrong), 1)
    assert (result.base_offset, result.next_offset) == (2, 6)
    stored = bytearray(p.log.read(2, 100_000).records)
    header = parse_batch_header(stored)
    assert (header.base_offset, header.max_timestamp) == (2, 1003)
    assert verify_crc(stored, 0, header)
    found = p.log.fetch_offset_by_timestamp(MAX_TIMESTAMP)
    assert found is not None and (found.timestamp, found.offset) == (1003, 5)


def test_log_append_time_batches_are_parsed_again_after_restamping(tmp_path: Path) -> None:
    p = _partition(tmp_path, message_timestamp_type="LogAppendTime")
    p.append_as_leader(memoryview(_batch(3)), 1)
    result = p.append_as_leader(memoryview(_batch(2)), 1)
    assert (result.base_offset, result.next_offset, result.log_append_time) == (3, 5, NOW)
    stored = bytearray(p.log.read(3, 100_000).records)
    header = parse_batch_header(stored)
    assert (header.base_offset, header.max_timestamp) == (3, NOW)
    assert verify_crc(stored, 0, header)


def test_a_dynamic_config_change_takes_effect_on_the_next_append(tmp_path: Path) -> None:
    """The partition reads its log's config per append (not a copy taken once): a change set
    as the log manager sets it (``log.config = ...``) applies to the very next append --
    max.message.bytes, min.insync.replicas for acks=-1, and back."""
    import dataclasses

    from strom.errors import ErrorCode, MessageTooLargeError

    p = _partition(tmp_path)
    batch = _batch(3)
    assert p.append_as_leader(memoryview(batch), -1).error == ErrorCode.NONE
    cfg = p.log.config
    p.log.config = dataclasses.replace(cfg, max_message_bytes=len(batch) - 1)
    with pytest.raises(MessageTooLargeError):  # the replica manager answers its code
        p.append_as_leader(memoryview(_batch(3)), 1)
    p.log.config = dataclasses.replace(cfg, min_insync_replicas=2)
    assert p.append_as_leader(memoryview(_batch(3)), -1).error == ErrorCode.NOT_ENOUGH_REPLICAS
    assert p.append_as_leader(memoryview(_batch(3)), 1).error == ErrorCode.NONE
    p.log.config = cfg
    assert p.append_as_leader(memoryview(_batch(3)), -1).error == ErrorCode.NONE
    assert p.log.log_end_offset == 9
