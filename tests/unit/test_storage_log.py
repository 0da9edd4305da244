"""Unit tests for the partition Log (strom.storage.log and its helpers)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.errors import CorruptRecordError, MessageTooLargeError
from strom.protocol.records import (
    CompressionType,
    RecordBatchBuilder,
    decode_batches,
    iter_batches,
    parse_batch_header,
)
from strom.storage import (
    EARLIEST_TIMESTAMP,
    LATEST_TIMESTAMP,
    MAX_TIMESTAMP,
    Log,
    LogConfig,
    OffsetOutOfRangeError,
    RecordBatchTooLargeError,
    UnexpectedAppendOffsetError,
)

pytestmark = pytest.mark.unit


class Clock:
    def __init__(self, now: int = 1_000_000) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now


def make_batch(
    count: int,
    ts: int = 1000,
    *,
    value: bytes = b"x" * 30,
    compression: CompressionType = CompressionType.NONE,
    ts_step: int = 1,
) -> bytearray:
    b = RecordBatchBuilder(compression=compression)
    for i in range(count):
        b.append(value + str(i).encode(), key=b"k%d" % i, timestamp=ts + i * ts_step)
    return bytearray(b.build())


def small_config(**kw: object) -> LogConfig:
    base: dict[str, object] = {
        "segment_bytes": 2000,
        "index_interval_bytes": 256,
        "file_delete_delay_ms": 0,
    }
    base.update(kw)
    return LogConfig(**base)  # type: ignore[arg-type]


def open_log(tmp_path: Path, config: LogConfig | None = None, clock: Clock | None = None) -> Log:
    return Log.open(tmp_path / "topic-a-0", config or small_config(), clock_ms=clock or Clock())


def read_all(log: Log, start: int, max_offset: int | None = None) -> list[tuple[int, bytes | None]]:
    out: list[tuple[int, bytes | None]] = []
    offset = start
    while True:
        info = log.read(offset, 100_000, max_offset=max_offset)
        if info.size == 0:
            return out
        for batch in decode_batches(bytes(info.records)):
            for rec in batch:
                if rec.offset >= offset:
                    out.append((rec.offset, rec.value))
            offset = batch.header.next_offset


def test_append_assigns_offsets_and_stamps_epoch(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    buf = make_batch(3) + make_batch(2)
    info = log.append_as_leader(buf, leader_epoch=7)
    assert (info.first_offset, info.last_offset) == (0, 4)
    assert info.batch_count == 2 and info.records_count == 5 and info.log_append_time == -1
    # stamped in place
    headers = [h for _, h in iter_batches(buf)]
    assert [h.base_offset for h in headers] == [0, 3]
    assert {h.partition_leader_epoch for h in headers} == {7}
    assert log.log_end_offset == 5
    info = log.append_as_leader(make_batch(1), leader_epoch=7)
    assert info.first_offset == 5
    assert log.leader_epoch_cache.entries == [(7, 0)]


def test_round_trip_across_many_segment_rolls(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    expected: list[tuple[int, bytes | None]] = []
    for i in range(200):
        n = 1 + i % 4
        buf = make_batch(n, value=b"value-%d-" % i)
        info = log.append_as_leader(buf, 0)
        expected.extend((info.first_offset + j, b"value-%d-%d" % (i, j)) for j in range(n))
    assert len(log.segments) > 10
    assert log.log_end_offset == len(expected)
    assert read_all(log, 0) == expected
    assert read_all(log, 101) == expected[101:]
    # segments are contiguous and named by base offset
    for a, b in zip(log.segments, log.segments[1:], strict=False):
        assert a.next_offset == b.base_offset
        assert a.log_path.name == f"{a.base_offset:020d}.log"


def test_read_mid_batch_returns_containing_batch(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    for _ in range(10):
        log.append_as_leader(make_batch(5), 0)
    info = log.read(23, 1)
    batches = decode_batches(bytes(info.records))
    assert batches[0].header.base_offset == 20
    assert info.slices and info.slices[0].position == info.position


def test_read_bounds_and_out_of_range(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    for _ in range(10):
        log.append_as_leader(make_batch(5), 0)
    assert log.read(50, 1000).size == 0  # at LEO: empty, not an error
    with pytest.raises(OffsetOutOfRangeError):
        log.read(51, 1000)
    with pytest.raises(OffsetOutOfRangeError):
        log.read(-1, 1000)
    # max_offset (e.g. the high watermark) is an exclusive bound at a batch boundary
    assert read_all(log, 0, max_offset=20)[-1][0] == 19
    assert log.read(20, 1000, max_offset=20).size == 0
    assert read_all(log, 7, max_offset=35)[-1][0] == 34


def test_list_offsets_special_and_by_timestamp(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    assert log.fetch_offset_by_timestamp(MAX_TIMESTAMP) is None
    assert log.fetch_offset_by_timestamp(1000) is None
    for i in range(30):  # timestamps 10_000 + 100 i + j
        log.append_as_leader(make_batch(3, ts=10_000 + 100 * i), leader_epoch=i // 10)
    # a later batch with an out-of-order (smaller) timestamp
    log.append_as_leader(make_batch(2, ts=5_000), leader_epoch=3)
    latest = log.fetch_offset_by_timestamp(LATEST_TIMESTAMP)
    assert latest is not None and (latest.timestamp, latest.offset) == (-1, 92)
    assert latest.leader_epoch == 3
    earliest = log.fetch_offset_by_timestamp(EARLIEST_TIMESTAMP)
    assert earliest is not None and (earliest.offset, earliest.leader_epoch) == (0, 0)
    mx = log.fetch_offset_by_timestamp(MAX_TIMESTAMP)
    assert mx is not None and (mx.timestamp, mx.offset, mx.leader_epoch) == (12_902, 89, 2)
    hit = log.fetch_offset_by_timestamp(11_501)
    assert hit is not None and (hit.timestamp, hit.offset, hit.leader_epoch) == (11_501, 46, 1)
    hit = log.fetch_offset_by_timestamp(11_503)
    assert hit is not None and (hit.timestamp, hit.offset) == (11_600, 48)
    hit = log.fetch_offset_by_timestamp(0)
    assert hit is not None and hit.offset == 0
    assert log.fetch_offset_by_timestamp(20_000) is None


def test_retention_by_time_never_deletes_active_segment(tmp_path: Path) -> None:
    clock = Clock()
    log = open_log(tmp_path, small_config(retention_ms=10_000), clock)
    for i in range(60):
        log.append_as_leader(make_batch(4, ts=100_000 + i), 0)
    log.high_watermark = log.log_end_offset
    n_segments = len(log.segments)
    assert n_segments > 3
    assert log.delete_old_segments(now_ms=100_000 + 5_000) == 0
    deleted = log.delete_old_segments(now_ms=10**9)  # everything is old
    assert deleted == n_segments - 1
    assert len(log.segments) == 1
    assert log.log_start_offset == log.active_segment.base_offset
    assert read_all(log, log.log_start_offset)[-1][0] == 239
    with pytest.raises(OffsetOutOfRangeError):
        log.read(0, 100)


def test_retention_respects_high_watermark(tmp_path: Path) -> None:
    log = open_log(tmp_path, small_config(retention_ms=1))
    for _ in range(60):
        log.append_as_leader(make_batch(4, ts=1), 0)
    log.high_watermark = 0
    assert log.delete_old_segments(now_ms=10**9) == 0
    log.high_watermark = log.segments[2].base_offset
    assert log.delete_old_segments(now_ms=10**9) == 2


def test_retention_by_bytes(tmp_path: Path) -> None:
    log = open_log(tmp_path, small_config(retention_ms=-1))
    for _ in range(60):
        log.append_as_leader(make_batch(4), 0)
    log.high_watermark = log.log_end_offset
    seg_size = log.segments[0].size
    total = log.size_in_bytes
    limit = total - 2 * seg_size - 1
    log.config = small_config(retention_ms=-1, retention_bytes=limit)
    assert log.delete_old_segments(now_ms=0) == 2
    assert log.size_in_bytes >= limit
    assert log.delete_old_segments(now_ms=0) == 0
    log.config = small_config(retention_ms=-1, retention_bytes=0)
    log.delete_old_segments(now_ms=0)
    assert len(log.segments) == 1  # the active segment stays
    log.config = small_config(retention_ms=-1, retention_bytes=0, cleanup_policy=("compact",))
    log.roll()
    assert log.delete_old_segments(now_ms=0) == 0  # compact-only: no size/time retention


def test_delete_records_moves_start_and_deletes_segments(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    for _ in range(60):
        log.append_as_leader(make_batch(4), 0)
    log.high_watermark = 200
    with pytest.raises(OffsetOutOfRangeError):
        log.delete_records_before(201)
    before = len(log.segments)
    assert log.delete_records_before(101) == 101
    assert log.log_start_offset == 101
    assert len(log.segments) < before
    assert log.segments[0].base_offset <= 101 < log.segments[0].next_offset
    with pytest.raises(OffsetOutOfRangeError):
        log.read(100, 100)
    assert read_all(log, 101)[0][0] == 101
    earliest = log.fetch_offset_by_timestamp(EARLIEST_TIMESTAMP)
    assert earliest is not None and earliest.offset == 101
    assert log.delete_records_before(50) == 101  # never moves backwards


def test_deferred_file_deletion(tmp_path: Path) -> None:
    clock = Clock()
    log = open_log(tmp_path, small_config(file_delete_delay_ms=60_000), clock)
    for _ in range(30):
        log.append_as_leader(make_batch(4), 0)
    log.high_watermark = log.log_end_offset
    info = log.read(0, 100)
    log.delete_records_before(100)
    deleted_files = [p for p in log.directory.iterdir() if p.name.endswith(".deleted")]
    assert deleted_files
    assert decode_batches(bytes(info.records))  # still readable
    log.delete_old_segments(now_ms=clock.now + 59_000)
    assert any(p.name.endswith(".deleted") for p in log.directory.iterdir())
    log.delete_old_segments(now_ms=clock.now + 60_000)
    assert not any(p.name.endswith(".deleted") for p in log.directory.iterdir())


def test_truncate_to_and_leader_epochs(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    for epoch in range(4):
        for _ in range(10):
            log.append_as_leader(make_batch(2), leader_epoch=epoch)
    assert log.leader_epoch_cache.entries == [(0, 0), (1, 20), (2, 40), (3, 60)]
    assert log.end_offset_for_epoch(1) == (1, 40)
    assert log.end_offset_for_epoch(3) == (3, 80)
    log.high_watermark = 80
    assert log.truncate_to(50)
    assert log.log_end_offset == 50 and log.high_watermark == 50
    assert log.leader_epoch_cache.entries == [(0, 0), (1, 20), (2, 40)]
    assert log.end_offset_for_epoch(2) == (2, 50)
    assert read_all(log, 0)[-1][0] == 49
    assert not log.truncate_to(60)
    info = log.append_as_leader(make_batch(1), leader_epoch=5)
    assert info.first_offset == 50
    assert log.leader_epoch_cache.entries[-1] == (5, 50)


def test_truncate_fully_and_start_at(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    for _ in range(30):
        log.append_as_leader(make_batch(4), 1)
    log.truncate_fully_and_start_at(1000)
    assert log.log_start_offset == log.log_end_offset == log.high_watermark == 1000
    assert [s.base_offset for s in log.segments] == [1000]
    assert log.leader_epoch_cache.entries == []
    assert log.append_as_leader(make_batch(1), 2).first_offset == 1000
    assert log.truncate_to(500)  # below the first segment: start afresh there
    assert log.log_end_offset == 500


def test_follower_append(tmp_path: Path) -> None:
    leader = Log.open(tmp_path / "l-0", small_config(), clock_ms=Clock())
    follower = Log.open(tmp_path / "f-0", small_config(), clock_ms=Clock())
    for epoch in (0, 0, 1):
        leader.append_as_leader(make_batch(3), epoch)
    data = bytes(leader.read(0, 100_000).records)
    info = follower.append_as_follower(data)
    assert (info.first_offset, info.last_offset) == (0, 8)
    assert follower.leader_epoch_cache.entries == [(0, 0), (1, 6)]
    with pytest.raises(UnexpectedAppendOffsetError):
        follower.append_as_follower(data)
    corrupt = bytearray(leader.read(6, 100_000).records)
    corrupt[-1] ^= 0xFF
    with pytest.raises(CorruptRecordError):
        follower.append_as_follower(corrupt)


def test_follower_append_of_a_view_into_a_larger_frame(tmp_path: Path) -> None:
    """A follower appends the records field of a fetch response as a view of the frame (no
    copy): the bytes written are exactly the view's, and a flipped bit in the frame under the
    view is refused whole, with nothing written."""
    leader = Log.open(tmp_path / "l-0", small_config(), clock_ms=Clock())
    follower = Log.open(tmp_path / "f-0", small_config(), clock_ms=Clock())
    for epoch in (0, 1):
        leader.append_as_leader(make_batch(3), epoch)
    records = bytes(leader.read(0, 100_000).records)
    frame = b"\x00" * 17 + records + b"\xff" * 9  # the response around the records field
    view = memoryview(frame)[17 : 17 + len(records)]
    corrupt = bytearray(frame)
    corrupt[17 + len(records) - 2] ^= 0x10  # the last record of the second batch
    with pytest.raises(CorruptRecordError):
        follower.append_as_follower(memoryview(corrupt)[17 : 17 + len(records)])
    assert follower.log_end_offset == 0
    assert follower.segments[0].size == 0
    info = follower.append_as_follower(view)
    assert (info.first_offset, info.last_offset, info.valid_bytes) == (0, 5, len(records))
    assert bytes(follower.read(0, 100_000).records) == records
    assert follower.leader_epoch_cache.entries == [(0, 0), (1, 3)]


def test_append_size_limits(tmp_path: Path) -> None:
    log = open_log(tmp_path, small_config(max_message_bytes=300))
    with pytest.raises(MessageTooLargeError):
        log.append_as_leader(make_batch(20), 0)
    with pytest.raises(RecordBatchTooLargeError):
        log.append_as_leader(make_batch(100), 0)
    with pytest.raises(CorruptRecordError):
        log.append_as_leader(make_batch(2)[:-3], 0)
    assert log.log_end_offset == 0


def test_segment_ms_roll_uses_first_batch_timestamp(tmp_path: Path) -> None:
    log = open_log(tmp_path, small_config(segment_bytes=10**6, segment_ms=1000))
    log.append_as_leader(make_batch(1, ts=5000), 0)
    log.append_as_leader(make_batch(1, ts=5900), 0)
    assert len(log.segments) == 1
    info = log.append_as_leader(make_batch(1, ts=6001), 0)
    assert info.rolled and len(log.segments) == 2
    assert log.active_segment.base_offset == 2


def test_flush_policy_and_recovery_point(tmp_path: Path) -> None:
    clock = Clock()
    log = open_log(tmp_path, small_config(flush_messages=10, segment_bytes=10**6), clock)
    log.append_as_leader(make_batch(5), 0)
    assert not log.needs_flush()
    log.append_as_leader(make_batch(5), 0)
    assert log.needs_flush()
    log.flush()
    assert log.recovery_point == 10 and not log.needs_flush()
    log.config = small_config(flush_ms=100, segment_bytes=10**6)
    log.append_as_leader(make_batch(1), 0)
    assert not log.needs_flush(clock.now + 50)
    assert log.needs_flush(clock.now + 100)
    log.flush(up_to_offset=5)  # already flushed past 5: no change
    assert log.recovery_point == 10


def test_roll_asks_for_flush(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    while len(log.segments) == 1:
        log.append_as_leader(make_batch(4), 0)
    assert log.needs_flush()
    log.flush(log.active_segment.base_offset)
    assert log.recovery_point == log.active_segment.base_offset


def test_log_append_time_batches_are_reported(tmp_path: Path) -> None:
    from strom.protocol.records import stamp_log_append_time

    log = open_log(tmp_path, small_config(message_timestamp_type="LogAppendTime"))
    buf = make_batch(3, ts=1)
    stamp_log_append_time(buf, 0, 123_456)  # what the broker's validator does
    info = log.append_as_leader(buf, 0)
    assert info.log_append_time == 123_456
    assert parse_batch_header(bytes(log.read(0, 1000).records)).max_timestamp == 123_456


def test_reopen_after_close_keeps_everything(tmp_path: Path) -> None:
    clock = Clock()
    log = open_log(tmp_path, clock=clock)
    for i in range(50):
        log.append_as_leader(make_batch(3, ts=1000 + i), i // 20)
    expected = read_all(log, 0)
    log.flush()
    log.close()
    again = Log.open(
        tmp_path / "topic-a-0",
        small_config(),
        recovery_point=150,
        had_clean_shutdown=True,
        clock_ms=clock,
    )
    assert again.log_end_offset == 150 and again.segments_recovered == 0
    assert read_all(again, 0) == expected
    assert again.leader_epoch_cache.entries == [(0, 0), (1, 60), (2, 120)]
    assert os.path.exists(tmp_path / "topic-a-0" / "leader-epoch-checkpoint")


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    sizes=st.lists(st.integers(min_value=1, max_value=12), min_size=1, max_size=60),
    segment_bytes=st.integers(min_value=600, max_value=3000),
    interval=st.integers(min_value=0, max_value=700),
    data=st.data(),
)
def test_log_matches_model(
    tmp_path_factory: pytest.TempPathFactory,
    sizes: list[int],
    segment_bytes: int,
    interval: int,
    data: st.DataObject,
) -> None:
    """Random appends with jumping timestamps; every offset and timestamp lookup is checked
    against a brute-force model, before and after a (clean and unclean) reopen."""
    path = tmp_path_factory.mktemp("model") / "m-0"
    config = small_config(segment_bytes=segment_bytes, index_interval_bytes=interval)
    log = Log.open(path, config, clock_ms=Clock())
    records: list[tuple[int, int]] = []  # (offset, timestamp)
    batch_of: dict[int, int] = {}  # offset -> base offset of its batch
    for i, n in enumerate(sizes):
        ts = data.draw(st.integers(min_value=0, max_value=5000), label=f"ts{i}")
        info = log.append_as_leader(make_batch(n, ts=ts, ts_step=3), 0)
        for j in range(n):
            records.append((info.first_offset + j, ts + 3 * j))
            batch_of[info.first_offset + j] = info.first_offset
    log.high_watermark = log.log_end_offset

    def check(lg: Log) -> None:
        assert lg.log_end_offset == len(records)
        for offset, _ in records:
            first = decode_batches(bytes(lg.read(offset, 1).records))[0]
            assert first.header.base_offset == batch_of[offset]
        for target in {0, 1, 2500, 5000, 10_000, *(t for _, t in records[::7])}:
            want = next(((t, o) for o, t in records if t >= target), None)
            got = lg.fetch_offset_by_timestamp(target)
            assert (None if got is None else (got.timestamp, got.offset)) == want
        mx = lg.fetch_offset_by_timestamp(MAX_TIMESTAMP)
        best = max(t for _, t in records)
        assert mx is not None
        assert (mx.timestamp, mx.offset) == (best, next(o for o, t in records if t == best))

    check(log)
    log.flush()
    log.close()
    clean = Log.open(path, config, recovery_point=len(records), had_clean_shutdown=True)
    check(clean)
    clean.close()
    unclean = Log.open(path, config)
    check(unclean)
    unclean.close()


def test_flush_in_worker_thread_while_appending(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    log = open_log(tmp_path, small_config(segment_bytes=1500))
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = []
        for i in range(300):
            log.append_as_leader(make_batch(2), 0)
            if i % 7 == 0:
                futures.append(pool.submit(log.flush))
            if i == 150:
                log.high_watermark = log.log_end_offset
                log.truncate_to(200)
        for f in futures:
            f.result()
    assert log.recovery_point <= log.log_end_offset
    log.flush()
    assert log.recovery_point == log.log_end_offset
    assert not log.needs_flush()
    assert read_all(log, 0)[-1][0] == log.log_end_offset - 1


@given(
    counts=st.lists(st.integers(min_value=1, max_value=5), min_size=1, max_size=4),
    next_offset=st.integers(min_value=0, max_value=2**40),
    epoch=st.integers(min_value=0, max_value=2**31 - 1),
)
@settings(max_examples=50, deadline=None)
def test_assign_offsets_leaves_the_headers_describing_the_stamped_bytes(
    counts: list[int], next_offset: int, epoch: int
) -> None:
    """The leader's headers are stamped in place with the bytes (no copy per append): after
    assign_offsets each is the header parsed from the stamped buffer, offsets consecutive."""
    from strom.storage.log_append import assign_offsets, check_batches

    buf = bytearray(b"".join(make_batch(n) for n in counts))
    headers = check_batches(buf, LogConfig(), leader=True, partition="t-0")
    stamped = assign_offsets(buf, headers, next_offset, epoch)
    assert [(pos, parse_batch_header(buf, pos)) for pos, _ in stamped] == stamped
    assert [h.base_offset for _, h in stamped] == [
        next_offset + sum(counts[:i]) for i in range(len(counts))
    ]
    assert {h.partition_leader_epoch for _, h in stamped} == {epoch}


def test_advance_high_watermark_moves_only_upwards_and_says_so(tmp_path: Path) -> None:
    """The leader's high-watermark moves (ReplicaTracking): True only when it moved, never
    backwards, never past the log end offset; to the end as the general move would."""
    log = open_log(tmp_path)
    assert not log.advance_high_watermark_to_end()  # empty: already at the end
    log.append_as_leader(make_batch(3), 0)
    assert log.advance_high_watermark_to_end()
    assert log.high_watermark == log.log_end_offset == 3
    assert not log.advance_high_watermark_to_end()  # nothing new: not moved
    log.append_as_leader(make_batch(2), 0)
    assert not log.advance_high_watermark(2)  # below: never backwards
    assert log.advance_high_watermark(99)  # above the end: clamped to it
    assert log.high_watermark == 5
    assert not log.advance_high_watermark(5)
    log.close()
