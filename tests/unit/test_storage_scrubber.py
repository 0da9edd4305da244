"""The log scrubber, corrupt ranges and the read-path check, on real segment files with real
damage (flipped bits, truncated and deleted files)."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from strom.errors import ErrorCode
from strom.protocol.records import (
    RecordBatchBuilder,
    decode_batch,
    decode_batches,
    iter_batches,
    stamp_base_offset,
    verify_crc,
)
from strom.storage import Log, LogConfig
from strom.storage.corruption import CorruptLogRangeError, CorruptRanges, verify_read
from strom.storage.scrubber import (
    LogScrubber,
    ScrubberConfig,
    Throttler,
    apply_finding,
    scrub_segment,
)

pytestmark = pytest.mark.unit

CONFIG = LogConfig(segment_bytes=2048, index_interval_bytes=256)


def make_batch(count: int, ts: int = 1000) -> bytearray:
    b = RecordBatchBuilder()
    for i in range(count):
        b.append(b"value-%04d" % i * 3, timestamp=ts + i)
    return bytearray(b.build())


def build(path: Path, config: LogConfig = CONFIG, batches: int = 60) -> list[int]:
    log = Log.open(path, config)
    for i in range(batches):
        log.append_as_leader(make_batch(4, ts=1000 + 10 * i), 3)
    bases = [s.base_offset for s in log.segments]
    log.flush()
    log.close()
    return bases


def seg_file(path: Path, base: int, suffix: str = ".log") -> Path:
    return path / f"{base:020d}{suffix}"


def flip(path: Path, position: int) -> None:
    data = bytearray(path.read_bytes())
    data[position] ^= 0x10
    path.write_bytes(bytes(data))


def read_until_error(log: Log, start: int = 0) -> tuple[list[int], int | None]:
    """Offsets read from ``start`` on (every batch CRC-checked here) and where an error
    stopped the reading (None: the log end was reached)."""
    offsets: list[int] = []
    offset = start
    while offset < log.log_end_offset:
        try:
            info = log.read(offset, 1500)
        except CorruptLogRangeError as exc:
            assert exc.code == ErrorCode.CORRUPT_MESSAGE
            return offsets, exc.offset
        buf = bytes(info.records)
        complete = list(iter_batches(buf, strict=False))
        for pos, h in complete:
            assert verify_crc(buf, pos, h), "a batch failing its CRC was served"
        batches = [decode_batch(buf[p : p + h.size_in_bytes]) for p, h in complete]
        offsets.extend(r.offset for b in batches for r in b if r.offset >= offset)
        offset = batches[-1].header.next_offset
    return offsets, None


# -- Throttler ---------------------------------------------------------------------------------
class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0
        self.waited: list[float] = []

    def clock(self) -> float:
        return self.now

    def wait(self, seconds: float) -> bool:
        self.waited.append(seconds)
        self.now += seconds
        return False


def test_throttler_keeps_reads_at_the_rate() -> None:
    t = FakeTime()
    throttler = Throttler(1000.0, clock=t.clock, wait=t.wait)
    for _ in range(100):
        assert throttler.acquire(50)
    # 5000 bytes at 1000 bytes/s take at least 5 s (within the 10 ms slack)
    assert t.now == pytest.approx(5.0, abs=0.011)


def test_throttler_does_not_wait_when_behind_the_rate() -> None:
    t = FakeTime()
    throttler = Throttler(1000.0, clock=t.clock, wait=t.wait)
    t.now = 100.0  # slow reader: far below the rate
    throttler.restart()
    t.now = 110.0
    assert throttler.acquire(5000)
    assert t.waited == []


def test_throttler_abort() -> None:
    throttler = Throttler(10.0, clock=lambda: 0.0, wait=lambda s: True)
    assert not throttler.acquire(1000)


def test_scrub_segment_is_rate_limited(tmp_path: Path) -> None:
    path = tmp_path / "t-0"
    bases = build(path)
    seg = seg_file(path, bases[0])
    size = seg.stat().st_size
    t = FakeTime()
    throttler = Throttler(size / 2, clock=t.clock, wait=t.wait)
    assert scrub_segment(seg, bases[0], size, throttler) == []
    assert t.now == pytest.approx(2.0, abs=0.011)


def test_scrubber_config() -> None:
    cfg = ScrubberConfig.from_lookup(
        {"log.scrub.bytes.per.second": "0", "log.scrub.interval.ms": "5"}.__getitem__
    )
    assert not cfg.enabled and cfg.interval_ms == 5
    with pytest.raises(ValueError):
        ScrubberConfig(-1)


# -- detection ---------------------------------------------------------------------------------
def test_scrub_segment_finds_a_flipped_bit(tmp_path: Path) -> None:
    path = tmp_path / "t-0"
    bases = build(path)
    seg = seg_file(path, bases[1])
    size = seg.stat().st_size
    assert scrub_segment(seg, bases[1], size) == []
    spans = list(iter_batches(seg.read_bytes()))
    flip(seg, spans[3][0] + 70)
    flip(seg, spans[6][0] + 70)
    found = scrub_segment(seg, bases[1], size)
    # both bad batches, each from the end of the batch before to the start of the one after
    assert [(f.position, f.next_offset, f.end_offset, f.problem) for f in found] == [
        (spans[3][0], spans[3][1].base_offset, spans[4][1].base_offset, "CRC mismatch"),
        (spans[6][0], spans[6][1].base_offset, spans[7][1].base_offset, "CRC mismatch"),
    ]


def test_scrub_segment_without_a_way_past_the_damage(tmp_path: Path) -> None:
    path = tmp_path / "t-0"
    bases = build(path)
    seg = seg_file(path, bases[1])
    spans = list(iter_batches(seg.read_bytes()))
    data = bytearray(seg.read_bytes())
    data[spans[3][0] + 8 : spans[3][0] + 12] = (999).to_bytes(4, "big")  # the length field
    seg.write_bytes(bytes(data))
    (found,) = scrub_segment(seg, bases[1], len(data))
    assert found.next_offset == spans[3][1].base_offset and found.end_offset is None


def test_scrub_segment_finds_a_truncated_file(tmp_path: Path) -> None:
    path = tmp_path / "t-0"
    bases = build(path)
    seg = seg_file(path, bases[1])
    size = seg.stat().st_size
    with open(seg, "r+b") as f:
        f.truncate(size - 10)
    (found,) = scrub_segment(seg, bases[1], size)
    assert "torn" in found.problem and found.end_offset is None


def test_scrubber_pass_after_clean_restart_marks_the_range(tmp_path: Path) -> None:
    path = tmp_path / "t-0"
    bases = build(path)
    flip(seg_file(path, bases[2]), 300)
    log = Log.open(path, CONFIG, had_clean_shutdown=True)
    assert log.first_corrupt_offset is None  # a clean restart scans nothing
    scrubber = LogScrubber(ScrubberConfig(10**9), lambda: {("t", 0): log})
    stats = scrubber.run_pass()
    assert stats.segments == len(bases) - 1  # closed segments only
    assert stats.findings == 1
    first = log.first_corrupt_offset
    assert first is not None and bases[2] <= first < bases[3]
    offsets, stopped = read_until_error(log)
    assert offsets == list(range(first)) and stopped == first
    # only the bad batch is withheld: everything after it is still served
    (r,) = log.corruption.ranges(False)
    assert r.end == first + 4  # one batch of 4 records
    offsets, stopped = read_until_error(log, r.end)
    assert stopped is None and offsets == list(range(r.end, log.log_end_offset))
    log.close()


def test_finding_for_a_segment_no_longer_in_the_log_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "t-0"
    bases = build(path)
    flip(seg_file(path, bases[1]), 200)
    log = Log.open(path, CONFIG, had_clean_shutdown=True)
    seg = log.segments[1]
    (found,) = scrub_segment(seg.log_path, seg.base_offset, seg.size)
    log.truncate_to(bases[1])  # the damaged segment went meanwhile
    assert not apply_finding(log, seg, found)
    assert log.first_corrupt_offset is None
    log.close()


# -- the read path -----------------------------------------------------------------------------
def test_read_never_serves_a_batch_failing_its_crc(tmp_path: Path) -> None:
    """A flip in the active segment after a clean restart (nothing scans it): the read before
    the bad batch stops short of it; a read of it fails and marks the range."""
    path = tmp_path / "t-0"
    build(path, LogConfig(segment_bytes=10**6, index_interval_bytes=256))
    data = seg_file(path, 0).read_bytes()
    spans = [(p, h) for p, h in iter_batches(data)]
    bad_pos, bad = spans[20]
    flip(seg_file(path, 0), bad_pos + 40)
    log = Log.open(path, CONFIG, had_clean_shutdown=True)
    info = log.read(spans[18][1].base_offset, 10**6)  # would include batch 20 unchecked
    served = decode_batches(bytes(info.records))
    assert [b.header.base_offset for b in served] == [
        spans[18][1].base_offset,
        spans[19][1].base_offset,
    ]
    offsets, stopped = read_until_error(log)
    assert stopped == bad.base_offset and offsets == list(range(bad.base_offset))
    assert log.first_corrupt_offset == bad.base_offset
    log.close()


def test_verify_read_checks_offsets_and_the_corrupt_range(tmp_path: Path) -> None:
    a, b = make_batch(3), make_batch(2)
    stamp_base_offset(b, 0, 3)
    buf = memoryview(bytes(a + b))
    assert verify_read(buf, 0, None) == (len(buf), "")
    assert verify_read(buf, 0, 4)[0] == len(a)  # the second batch reaches the range
    assert verify_read(buf, 4, None)[0] == 0  # the first batch does not hold offset 4
    stamp_base_offset(b, 0, 1)  # overlaps the first batch (base offset is outside the CRC)
    bad = memoryview(bytes(a + b))
    assert verify_read(bad, 0, None)[0] == len(a)
    assert verify_read(memoryview(bytes(a) + bytes(b[:30])), 0, None) == (len(a) + 30, "")


def test_corrupt_ranges_merge_truncate_and_drop() -> None:
    r = CorruptRanges()
    assert r.first(False) is None and not r
    assert r.mark(10, 20, "x") and not r.mark(12, 15, "y")
    assert r.mark(5, 11, "z")
    assert [(x.start, x.end) for x in r.ranges(False)] == [(5, 20)]
    r.mark_gap(30, 40)
    assert r.first(True) == 5 and [x.start for x in r.ranges(False)] == [5, 30]
    assert r.check(25, False, "t-0") == 30
    assert r.check(25, True, "t-0") is None
    with pytest.raises(CorruptLogRangeError):
        r.check(35, False, "t-0")
    r.truncate_to(8)
    assert [(x.start, x.end) for x in r.ranges(False)] == [(5, 8)]
    r.drop_below(8)
    assert r.first(False) is None


# -- missing data between segments ---------------------------------------------------------------
@pytest.mark.parametrize("damage", ["truncate", "delete"])
def test_missing_middle_data_is_an_error_not_a_gap(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "t-0"
    bases = build(path)
    victim = seg_file(path, bases[2])
    if damage == "truncate":  # at a batch boundary: every index entry stays valid
        data = victim.read_bytes()
        spans = [p for p, _ in iter_batches(data)]
        victim.write_bytes(data[: spans[len(spans) // 2]])
    else:
        for suffix in (".log", ".index", ".timeindex"):
            seg_file(path, bases[2], suffix).unlink()
    log = Log.open(path, CONFIG, had_clean_shutdown=True)
    first = log.first_corrupt_offset
    assert first is not None and first < bases[3]
    offsets, stopped = read_until_error(log)
    assert stopped == first and offsets == list(range(first))
    # a compacted log legitimately has such gaps: there they are skipped
    log.config = LogConfig(
        segment_bytes=2048, index_interval_bytes=256, cleanup_policy=("compact",)
    )
    assert log.first_corrupt_offset is None
    assert read_until_error(log)[1] is None
    log.close()


def test_torn_middle_segment_after_unclean_shutdown_keeps_later_segments(tmp_path: Path) -> None:
    path = tmp_path / "t-0"
    bases = build(path)
    victim = seg_file(path, bases[2])
    victim.write_bytes(victim.read_bytes()[:-25])
    log = Log.open(path, CONFIG, had_clean_shutdown=False, recovery_point=0)
    assert [s.base_offset for s in log.segments] == bases
    first = log.first_corrupt_offset
    assert first is not None and bases[2] < first < bases[3]
    assert read_until_error(log)[1] == first
    assert read_until_error(log, bases[3])[1] is None
    log.close()


# -- healing -----------------------------------------------------------------------------------
def test_truncating_to_the_first_corrupt_offset_heals_byte_identically(tmp_path: Path) -> None:
    path = tmp_path / "t-0"
    bases = build(path)
    pristine = tmp_path / "copy" / "t-0"
    shutil.copytree(path, pristine)
    victim = seg_file(path, bases[1])
    flip(victim, 30)  # inside the first batch's header fields covered by the CRC
    log = Log.open(path, CONFIG, had_clean_shutdown=True)
    LogScrubber(ScrubberConfig(10**9), lambda: {("t", 0): log}).run_pass()
    first = log.first_corrupt_offset
    assert first == bases[1]
    log.truncate_to(first)
    assert log.log_end_offset == first and log.first_corrupt_offset is None
    # re-fetch from a healthy replica: append its batches as a follower
    healthy = Log.open(pristine, CONFIG, had_clean_shutdown=True)
    offset = first
    while offset < healthy.log_end_offset:
        data = bytes(healthy.read(offset, 10**6).records)
        log.append_as_follower(data)
        offset = log.log_end_offset
    for base in bases[1:-1]:
        assert seg_file(path, base).read_bytes() == seg_file(pristine, base).read_bytes()
    assert read_until_error(log)[1] is None
    healthy.close()
    log.close()


# -- damaged leader epoch checkpoint -------------------------------------------------------------
@pytest.mark.parametrize("damage", ["garble", "delete"])
def test_leader_epoch_checkpoint_is_rebuilt_from_the_batches(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "t-0"
    log = Log.open(path, CONFIG)
    for epoch in (0, 0, 2, 2, 5):
        log.append_as_leader(make_batch(3), epoch)
    entries = log.leader_epoch_cache.entries
    log.close()
    ckpt = path / "leader-epoch-checkpoint"
    if damage == "garble":
        ckpt.write_bytes(b"0\n3\n0 0\nxx\n")
    else:
        ckpt.unlink()
    log = Log.open(path, CONFIG, had_clean_shutdown=True)
    assert entries == [(0, 0), (2, 6), (5, 12)]
    assert log.leader_epoch_cache.entries == entries
    assert log.end_offset_for_epoch(2) == (2, 12)
    log.close()


def test_damaged_header_and_snapshots_do_not_stop_the_log_from_opening(tmp_path: Path) -> None:
    """Every producer snapshot garbled (the state is replayed from the batch headers) and a
    batch header in a closed segment unparsable: the log opens and serves up to the damage."""
    path = tmp_path / "t-0"
    bases = build(path)
    for snapshot in path.glob("*.snapshot"):
        snapshot.write_bytes(b"garbage" * 10)
    victim = seg_file(path, bases[2])
    spans = [p for p, _ in iter_batches(victim.read_bytes())]
    data = bytearray(victim.read_bytes())
    data[spans[3] + 16] = 7  # the magic byte
    victim.write_bytes(bytes(data))
    log = Log.open(path, CONFIG, had_clean_shutdown=True)
    offsets, stopped = read_until_error(log)
    assert stopped is not None and bases[2] < stopped < bases[3]
    assert offsets == list(range(stopped))
    log.close()


def test_scrubber_thread_finds_damage_done_after_its_first_pass(tmp_path: Path) -> None:
    """The thread scrubs at start and then every interval; a finding reaches the log on the
    event loop that owns it (bit rot while the broker runs)."""
    path = tmp_path / "t-0"
    bases = build(path)

    async def scenario() -> int | None:
        log = Log.open(path, CONFIG, had_clean_shutdown=True)
        scrubber = LogScrubber(ScrubberConfig(10**9, interval_ms=20), lambda: {("t", 0): log})
        scrubber.start(asyncio.get_running_loop())
        try:
            for _ in range(500):
                if scrubber.passes >= 1:
                    break
                await asyncio.sleep(0.01)
            assert scrubber.passes >= 1 and log.first_corrupt_offset is None
            flip(seg_file(path, bases[1]), 150)
            for _ in range(500):
                if log.first_corrupt_offset is not None:
                    break
                await asyncio.sleep(0.01)
            return log.first_corrupt_offset
        finally:
            await asyncio.to_thread(scrubber.stop)
            log.close()

    first = asyncio.run(scenario())
    assert first is not None and bases[1] <= first < bases[2]


def test_disabled_scrubber_starts_no_thread(tmp_path: Path) -> None:
    scrubber = LogScrubber(ScrubberConfig(0), dict)
    scrubber.start()
    assert scrubber._thread is None
    scrubber.stop()


@pytest.mark.parametrize("window", [64, 300, 4096])
def test_read_check_in_windows_smaller_than_the_read(
    tmp_path: Path, window: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read larger than the verification window (batches larger than it too, for 64) is
    checked window by window without keeping its bytes: the result is the same as one check
    of the whole read, stopping before the flipped batch, and it stays file ranges."""
    import strom.storage.local_log as log_module

    monkeypatch.setattr(log_module, "VERIFY_WINDOW", window)
    path = tmp_path / "t-0"
    build(path, LogConfig(segment_bytes=10**6, index_interval_bytes=256))
    data = seg_file(path, 0).read_bytes()
    spans = [(p, h) for p, h in iter_batches(data)]
    bad_pos = spans[20][0]
    flip(seg_file(path, 0), bad_pos + 40)
    log = Log.open(path, CONFIG, had_clean_shutdown=True)
    info = log.read(spans[2][1].base_offset, 10**6)
    assert info._records is None  # nothing kept in memory: Fetch streams the file ranges
    served = decode_batches(bytes(info.records))
    assert [b.header.base_offset for b in served] == [h.base_offset for _, h in spans[2:20]]
    # a read cut inside a batch by max_bytes keeps the partial batch (clients drop it)
    cut = log.read(0, spans[3][0] + 30)
    assert cut.size == spans[3][0] + 30
    log.close()
