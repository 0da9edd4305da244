"""Unit tests for one cleaning pass (strom.storage.cleaner.cleaning/batch_filter/swap)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from strom.errors import CorruptRecordError
from strom.protocol.records import (
    CompressionType,
    Record,
    RecordBatchBuilder,
    build_control_batch,
    decode_batches,
)
from strom.storage import Log, LogConfig
from strom.storage.cleaner import CLEANER_OFFSET_CHECKPOINT, CleanerConfig, LogCleaner
from strom.storage.cleaner.cleaning import CleaningResult
from strom.storage.cleaner.policy import cleanable_range

pytestmark = pytest.mark.unit


class Clock:
    def __init__(self, now: int = 10_000_000) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now


def compact_config(**kw: object) -> LogConfig:
    base: dict[str, object] = {
        "segment_bytes": 1500,
        "index_interval_bytes": 128,
        "file_delete_delay_ms": 0,
        "cleanup_policy": ("compact",),
        "min_cleanable_dirty_ratio": 0.01,
        "delete_retention_ms": 1000,
    }
    base.update(kw)
    return LogConfig(**base)  # type: ignore[arg-type]


def batch(
    items: Iterable[tuple[bytes, bytes | None]],
    ts: int = 1000,
    *,
    compression: CompressionType = CompressionType.NONE,
    producer_id: int = -1,
    producer_epoch: int = -1,
    base_sequence: int = -1,
    transactional: bool = False,
) -> bytearray:
    b = RecordBatchBuilder(
        compression=compression,
        producer_id=producer_id,
        producer_epoch=producer_epoch,
        base_sequence=base_sequence,
        is_transactional=transactional,
    )
    for i, (k, v) in enumerate(items):
        b.append(v, key=k, timestamp=ts + i)
    return bytearray(b.build())


def open_log(path: Path, clock: Clock, **kw: object) -> Log:
    return Log.open(path / "t-0", compact_config(**kw), clock_ms=clock)


def append(log: Log, data: bytearray) -> None:
    log.append_as_leader(data, leader_epoch=0)
    log.high_watermark = log.log_end_offset


def read_all(log: Log) -> list[Record]:
    out: list[Record] = []
    offset = log.log_start_offset
    while offset < log.log_end_offset:
        info = log.read(offset, 1 << 20)
        data = bytes(info.records)
        if not data:
            break
        for b in decode_batches(data):
            if not b.header.is_control:  # consumers never see markers
                out.extend(r for r in b.records if r.offset >= offset)
            offset = b.header.next_offset
    return out


def batch_headers(log: Log) -> list:  # type: ignore[type-arg]
    hdrs = []
    for seg in log.segments:
        hdrs.extend(h for _, h in seg.iter_headers())
    return hdrs


def cleaner_for(log: Log, clock: Clock, **kw: object) -> LogCleaner:
    cfg = CleanerConfig(threads=1, dedupe_buffer_size=int(kw.pop("buffer", 1 << 20)))  # type: ignore[call-overload]
    return LogCleaner(cfg, [log.directory.parent], lambda: {("t", 0): log}, clock_ms=clock)


def fill(log: Log, keys: int, rounds: int, per_batch: int = 5, tombstone_every: int = 0) -> dict:  # type: ignore[type-arg]
    """Write ``rounds`` values for each key; returns the expected latest value per key."""
    latest: dict[bytes, bytes | None] = {}
    items: list[tuple[bytes, bytes | None]] = []
    for r in range(rounds):
        for k in range(keys):
            key = b"key-%03d" % k
            value: bytes | None = b"v%d-%d" % (k, r)
            if tombstone_every and r == rounds - 1 and k % tombstone_every == 0:
                value = None
            items.append((key, value))
            latest[key] = value
    for i in range(0, len(items), per_batch):
        append(log, batch(items[i : i + per_batch]))
    log.roll()
    return latest


def clean(cleaner: LogCleaner) -> CleaningResult:
    result = cleaner.clean_once()
    assert result is not None
    return result


# -- compaction --
def test_keeps_exactly_the_latest_value_per_key_and_offsets_never_change(tmp_path: Path) -> None:
    clock = Clock()
    log = open_log(tmp_path, clock)
    latest = fill(log, keys=20, rounds=5)
    before = {r.offset: r for r in read_all(log)}
    size_before = log.size_in_bytes
    n_segments = len(log.segments)
    result = clean(cleaner_for(log, clock))
    records = read_all(log)
    assert {r.key: r.value for r in records} == latest
    assert len(records) == 20
    offsets = [r.offset for r in records]
    assert offsets == sorted(offsets) and len(set(offsets)) == len(offsets)
    for r in records:  # same offset, same record
        assert (before[r.offset].key, before[r.offset].value) == (r.key, r.value)
    assert log.size_in_bytes < size_before and len(log.segments) == n_segments
    assert result.stats.records_removed == 80
    assert log.log_end_offset == 100
    # reading from an offset inside a gap returns the next surviving record
    gap = next(o for o in range(100) if o not in set(offsets))
    first = decode_batches(bytes(log.read(gap, 1 << 20).records))[0]
    assert first.header.last_offset >= gap


def test_reopen_after_cleaning_and_checkpoint_round_trip(tmp_path: Path) -> None:
    clock = Clock()
    log = open_log(tmp_path, clock)
    latest = fill(log, keys=10, rounds=4)
    cleaner = cleaner_for(log, clock)
    result = clean(cleaner)
    assert result.end_offset == log.active_segment.base_offset
    text = (tmp_path / CLEANER_OFFSET_CHECKPOINT).read_text().splitlines()
    assert text == ["0", "1", f"t 0 {result.end_offset}"]
    log.flush()
    log.close()
    again = open_log(tmp_path, clock)
    assert {r.key: r.value for r in read_all(again)} == latest
    fresh = cleaner_for(again, clock)
    assert fresh.state.checkpoints() == {("t", 0): result.end_offset}
    assert fresh.clean_once() is None  # nothing dirty any more


def test_merges_small_segments_up_to_segment_bytes(tmp_path: Path) -> None:
    clock = Clock()
    log = open_log(tmp_path, clock, segment_bytes=600)
    fill(log, keys=30, rounds=3)
    cleaner = cleaner_for(log, clock)
    clean(cleaner)  # groups are formed from input sizes: no merge yet
    fill(log, keys=3, rounds=1)
    before = len(log.segments)
    clean(cleaner)  # the now small cleaned segments are merged
    assert len(log.segments) < before - 1
    for seg in log.segments:
        assert seg.size <= 600
    # fresh indexes: every segment's index agrees with its data
    for seg in log.segments[:-1]:
        for pos, hdr in seg.iter_headers():
            assert seg.translate_offset(hdr.base_offset) == (pos, hdr)


def test_compressed_batches_and_producer_fields_are_preserved(tmp_path: Path) -> None:
    clock = Clock()
    log = open_log(tmp_path, clock)
    seq = 0
    for r in range(4):
        items = [(b"k%d" % i, b"v%d-%d" % (i, r)) for i in range(5)]
        append(log, batch(items, compression=CompressionType.GZIP, producer_id=7,
                          producer_epoch=2, base_sequence=seq))  # fmt: skip
        seq += 5
    append(log, batch([(b"other", b"x")]))
    log.roll()
    originals = {h.base_offset: h for h in batch_headers(log)}
    clean(cleaner_for(log, clock))
    for h in batch_headers(log):
        o = originals[h.base_offset]
        assert (h.producer_id, h.producer_epoch, h.base_sequence, h.last_offset_delta) == (
            o.producer_id, o.producer_epoch, o.base_sequence, o.last_offset_delta)  # fmt: skip
        assert h.compression == o.compression
    assert {r.key: r.value for r in read_all(log)} == {
        **{b"k%d" % i: b"v%d-3" % i for i in range(5)}, b"other": b"x"}  # fmt: skip


def test_last_batch_of_each_producer_is_kept_even_if_empty(tmp_path: Path) -> None:
    clock = Clock()
    log = open_log(tmp_path, clock)
    append(log, batch([(b"a", b"1")], producer_id=5, producer_epoch=0, base_sequence=0))
    append(log, batch([(b"a", b"2")]))  # supersedes the producer's only record
    log.roll()
    clean(cleaner_for(log, clock))
    hdrs = batch_headers(log)
    assert [(h.producer_id, h.records_count, h.base_offset) for h in hdrs] == [
        (5, 0, 0),
        (-1, 1, 1),
    ]
    assert [(r.key, r.value) for r in read_all(log)] == [(b"a", b"2")]
    log.close()
    again = open_log(tmp_path, clock)
    assert again.producer_state.producers[5].last_seq == 0


# -- tombstones --
def test_tombstones_get_a_delete_horizon_then_disappear(tmp_path: Path) -> None:
    clock = Clock()
    log = open_log(tmp_path, clock, delete_retention_ms=5000)
    latest = fill(log, keys=10, rounds=3, tombstone_every=3)
    cleaner = cleaner_for(log, clock)
    clean(cleaner)
    records = read_all(log)
    assert {r.key: r.value for r in records} == latest
    tomb_batches = [h for h in batch_headers(log) if h.has_delete_horizon]
    assert tomb_batches and all(h.base_timestamp == clock.now + 5000 for h in tomb_batches)
    assert cleaner.state.horizons[("t", 0)] == clock.now + 5000
    assert cleaner.clean_once() is None  # horizon not reached, nothing dirty
    clock.now += 5001
    result = clean(cleaner)  # chosen because the horizon passed
    assert result.stats.tombstones_removed == 4
    assert {r.key: r.value for r in read_all(log)} == {
        k: v for k, v in latest.items() if v is not None}  # fmt: skip
    assert ("t", 0) not in cleaner.state.horizons


def test_tombstone_timestamps_survive_the_horizon_rewrite(tmp_path: Path) -> None:
    clock = Clock()
    log = open_log(tmp_path, clock)
    append(log, batch([(b"a", b"1"), (b"b", None), (b"c", b"3")], ts=5000))
    log.roll()
    clean(cleaner_for(log, clock))
    assert [(r.offset, r.timestamp, r.value) for r in read_all(log)] == [
        (0, 5000, b"1"), (1, 5001, None), (2, 5002, b"3")]  # fmt: skip


# -- transactions --
def _txn(log: Log, pid: int, items: list[tuple[bytes, bytes]], seq: int, commit: bool) -> None:
    append(log, batch(items, producer_id=pid, producer_epoch=0, base_sequence=seq,
                      transactional=True))  # fmt: skip
    marker = build_control_batch(producer_id=pid, producer_epoch=0, commit=commit,
                                 coordinator_epoch=0, timestamp=2000,
                                 base_offset=log.log_end_offset)  # fmt: skip
    log.append_as_follower(marker)  # as the coordinator's WriteTxnMarkers path would
    log.high_watermark = log.log_end_offset


def test_aborted_records_removed_committed_kept_and_markers_kept(tmp_path: Path) -> None:
    clock = Clock()
    log = open_log(tmp_path, clock)
    append(log, batch([(b"a", b"base"), (b"b", b"base")]))
    _txn(log, 11, [(b"a", b"committed")], 0, commit=True)
    _txn(log, 12, [(b"b", b"aborted")], 0, commit=False)
    append(log, batch([(b"z", b"tail")]))
    log.roll()
    result = clean(cleaner_for(log, clock))
    values = {r.key: r.value for r in read_all(log) if r.key in (b"a", b"b", b"z")}
    assert values == {b"a": b"committed", b"b": b"base", b"z": b"tail"}
    controls = [h for h in batch_headers(log) if h.is_control]
    assert len(controls) == 2  # markers are never dropped while data or horizon remain
    assert result.stats.aborted_removed == 1


def test_cleaner_never_passes_an_open_transaction_or_the_high_watermark(tmp_path: Path) -> None:
    clock = Clock()
    log = open_log(tmp_path, clock)
    fill(log, keys=5, rounds=2)
    open_at = log.log_end_offset
    append(log, batch([(b"x", b"1")], producer_id=3, producer_epoch=0, base_sequence=0,
                      transactional=True))  # fmt: skip
    log.roll()
    fill(log, keys=5, rounds=2)
    ltc = cleanable_range(("t", 0), log, None, clock.now)
    assert ltc.first_uncleanable_offset == open_at
    log.high_watermark = 3
    assert cleanable_range(("t", 0), log, None, clock.now).first_uncleanable_offset == 3


def test_marker_of_an_emptied_transaction_is_removed_after_its_horizon(tmp_path: Path) -> None:
    clock = Clock()
    log = open_log(tmp_path, clock, delete_retention_ms=100)
    _txn(log, 13, [(b"q", b"aborted")], 0, commit=False)
    _txn(log, 13, [(b"r", b"committed")], 1, commit=True)
    append(log, batch([(b"z", b"1")]))
    log.roll()
    cleaner = cleaner_for(log, clock)
    clean(cleaner)
    controls = [h for h in batch_headers(log) if h.is_control]
    assert [h.has_delete_horizon for h in controls] == [True, False]
    clock.now += 101
    result = clean(cleaner)
    assert result.stats.markers_removed == 1
    assert [h.base_offset for h in batch_headers(log) if h.is_control] == [3]
    assert {r.key: r.value for r in read_all(log)} == {b"r": b"committed", b"z": b"1"}


# -- crash safety --
class Crash(Exception):
    pass


@pytest.mark.parametrize(
    "step",
    ["rename_uncovered", "cleaned_to_swap", "rename_covered", "swap_to_log", "replace_in_memory"],
)
def test_crash_at_each_swap_step_leaves_old_or_new(tmp_path: Path, step: str) -> None:
    clock = Clock()
    log = open_log(tmp_path, clock, segment_bytes=900)
    latest = fill(log, keys=8, rounds=6)
    old = [(r.offset, r.key, r.value) for r in read_all(log)]
    cleaner = cleaner_for(log, clock)

    def fault(s: str) -> None:
        if s == step:
            raise Crash(s)

    cleaner.fault = fault
    with pytest.raises(Crash):
        cleaner.clean_once()
    # "crash": reopen from disk without a clean shutdown
    again = Log.open(tmp_path / "t-0", compact_config(segment_bytes=900), clock_ms=clock)
    again.high_watermark = again.log_end_offset
    got = [(r.offset, r.key, r.value) for r in read_all(again)]
    offsets = [o for o, _, _ in got]
    assert offsets == sorted(set(offsets))
    assert {k: v for _, k, v in got} == latest
    got_set, old_set = set(got), set(old)
    assert got_set <= old_set
    leftovers = [p.name for p in (tmp_path / "t-0").iterdir() if p.suffix in (".cleaned",
                 ".swap", ".deleted")]  # fmt: skip
    assert leftovers == []
    if step in ("cleaned_to_swap", "rename_uncovered"):
        # old segments of the first group (maybe minus wholly-removable ones) remain
        assert len(got) > len(latest)
    # a later cleaning finishes the job
    fresh = cleaner_for(again, clock)
    while fresh.clean_once() is not None:
        pass
    assert {r.key: r.value for r in read_all(again)} == latest
    assert len(read_all(again)) == len(latest)


# -- background threads --
def test_background_thread_cleans_and_stops(tmp_path: Path) -> None:
    clock = Clock()
    log = open_log(tmp_path, clock)
    latest = fill(log, keys=10, rounds=5)
    cfg = CleanerConfig(threads=2, dedupe_buffer_size=1 << 20, backoff_ms=20)
    cleaner = LogCleaner(cfg, [tmp_path], lambda: {("t", 0): log}, clock_ms=clock)
    cleaner.start()
    import time

    deadline = time.monotonic() + 10
    while cleaner.metrics["cleanings"] < 1 and time.monotonic() < deadline:
        time.sleep(0.02)
    cleaner.stop()
    assert not cleaner.running
    assert cleaner.metrics["cleanings"] >= 1 and cleaner.metrics["bytes_read"] > 0
    assert {r.key: r.value for r in read_all(log)} == latest


def test_a_batch_failing_its_crc_is_never_cleaned_into_a_valid_one(tmp_path: Path) -> None:
    """Re-encoding a damaged batch would give its records a fresh, valid CRC: the cleaning
    aborts instead, and the damaged batch stays detectable (the read check refuses it)."""
    clock = Clock()
    log = open_log(tmp_path, clock)
    fill(log, keys=20, rounds=5)
    seg = log.segments[0]
    pos, hdr = list(seg.iter_headers())[1]
    path = seg.log_path
    data = bytearray(path.read_bytes())
    data[pos + hdr.size_in_bytes - 3] ^= 0x01  # inside the last record's value
    path.write_bytes(bytes(data))
    cleaner = cleaner_for(log, clock)
    with pytest.raises(CorruptRecordError):
        cleaner.clean_once()
    assert log.segments[0] is seg and path.read_bytes() == bytes(data)
    with pytest.raises(CorruptRecordError):
        read_all(log)
