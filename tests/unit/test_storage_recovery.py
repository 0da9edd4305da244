"""Unit tests for opening a partition log after clean and unclean shutdowns (log_loader)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.errors import ErrorCode
from strom.protocol.records import RecordBatchBuilder, decode_batches
from strom.storage import Log, LogConfig
from strom.storage.corruption import CorruptLogRangeError
from strom.storage.segment import LogSegment

pytestmark = pytest.mark.unit

CONFIG = LogConfig(segment_bytes=2000, index_interval_bytes=200, file_delete_delay_ms=0)


def make_batch(count: int, ts: int = 1000) -> bytearray:
    b = RecordBatchBuilder()
    for i in range(count):
        b.append(b"value-%04d" % i * 3, timestamp=ts + i)
    return bytearray(b.build())


def build_log(path: Path, batches: int = 60, per_batch: int = 4) -> list[int]:
    """Write a log, close it uncleanly-looking (no flush bookkeeping); return segment bases."""
    log = Log.open(path, CONFIG)
    for i in range(batches):
        log.append_as_leader(make_batch(per_batch, ts=1000 + 10 * i), 0)
    bases = [s.base_offset for s in log.segments]
    log.close()
    return bases


def reopen(path: Path, *, clean: bool = False, recovery_point: int = 0) -> Log:
    return Log.open(path, CONFIG, had_clean_shutdown=clean, recovery_point=recovery_point)


def seg_file(path: Path, base: int, suffix: str = ".log") -> Path:
    return path / f"{base:020d}{suffix}"


def all_offsets(log: Log, end: int | None = None) -> list[int]:
    out: list[int] = []
    offset = log.log_start_offset
    while offset < (log.log_end_offset if end is None else end):
        info = log.read(offset, 10**6)
        batches = decode_batches(bytes(info.records))
        out.extend(r.offset for b in batches for r in b if r.offset >= offset)
        offset = batches[-1].header.next_offset
    return out


def test_torn_tail_truncated_to_last_whole_batch(tmp_path: Path) -> None:
    path = tmp_path / "t-0"
    bases = build_log(path)
    last = seg_file(path, bases[-1])
    size = last.stat().st_size
    os.truncate(last, size - 10)  # tear the last batch
    log = reopen(path)
    assert log.log_end_offset == 236
    batch_size = len(make_batch(4))
    assert log.active_segment.size == size - batch_size
    assert all_offsets(log) == list(range(236))
    # appends continue cleanly after the truncation point
    assert log.append_as_leader(make_batch(2), 0).first_offset == 236


def test_corrupt_byte_in_the_last_segment_skips_only_that_batch(tmp_path: Path) -> None:
    """A bad batch followed by valid ones is damage, not a torn write (Kafka would truncate
    there): only that batch becomes a corrupt range, the batches after it are kept."""
    path = tmp_path / "t-0"
    bases = build_log(path)
    last = seg_file(path, bases[-1])
    data = bytearray(last.read_bytes())
    seg = LogSegment.open(path, bases[-1])[0]
    positions = [p for p, _ in seg.iter_headers()]
    seg.close()
    victim = positions[2]
    data[victim + 70] ^= 0x55  # inside the third batch's records: CRC mismatch
    last.write_bytes(bytes(data))
    log = reopen(path)
    assert log.log_end_offset == 240 and log.active_segment.size == len(data)
    bad = bases[-1] + 2 * 4
    assert log.first_corrupt_offset == bad
    with pytest.raises(CorruptLogRangeError):
        log.read(bad, 10**6)
    assert all_offsets(log, end=bad) == list(range(bad))
    after = decode_batches(bytes(log.read(bad + 4, 10**6).records))
    assert [r.offset for b in after for r in b] == list(range(bad + 4, 240))
    # appends continue after the last batch
    assert log.append_as_leader(make_batch(2), 0).first_offset == 240


def test_corruption_in_earlier_segment_keeps_later_ones_and_marks_the_range(
    tmp_path: Path,
) -> None:
    """Unlike Kafka (which truncates there and deletes every later segment), a closed segment
    that fails validation keeps its bytes and the later segments stay: the rest of that segment
    becomes a corrupt range that is never served."""
    path = tmp_path / "t-0"
    bases = build_log(path)
    assert len(bases) > 4
    victim = seg_file(path, bases[2])
    size = victim.stat().st_size
    data = bytearray(victim.read_bytes())
    data[100] ^= 0xFF
    victim.write_bytes(bytes(data))
    log = reopen(path, recovery_point=bases[1])
    assert [s.base_offset for s in log.segments] == bases
    assert victim.stat().st_size == size  # nothing truncated away
    first = log.first_corrupt_offset
    assert first is not None and bases[2] <= first < bases[3]
    with pytest.raises(CorruptLogRangeError) as err:
        log.read(first, 10**6)
    assert err.value.code == ErrorCode.CORRUPT_MESSAGE
    # what comes before the range and after it is served, every batch CRC-valid
    assert all_offsets(log, end=first) == list(range(first))
    after = decode_batches(bytes(log.read(bases[3], 10**6).records))
    assert after[0].header.base_offset == bases[3]


def test_segments_below_recovery_point_are_not_rescanned(tmp_path: Path) -> None:
    path = tmp_path / "t-0"
    bases = build_log(path)
    log = reopen(path, recovery_point=bases[-2] + 1)
    assert log.segments_recovered == 2
    log.close()
    log = reopen(path, recovery_point=0)
    assert log.segments_recovered == len(bases)


def test_clean_shutdown_reopen_does_not_scan(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "t-0"
    bases = build_log(path)
    calls: list[int] = []
    original = LogSegment.recover

    def counting(
        self: LogSegment, max_message_size: int | None = None, *, truncate_invalid: bool = True
    ) -> int:
        calls.append(self.base_offset)
        return original(self, max_message_size, truncate_invalid=truncate_invalid)

    monkeypatch.setattr(LogSegment, "recover", counting)
    log = reopen(path, clean=True, recovery_point=240)
    assert calls == []
    assert log.segments_recovered == 0
    assert log.log_end_offset == 240 and log.recovery_point == 240
    assert all_offsets(log) == list(range(240))
    log.close()
    reopen(path, clean=False, recovery_point=0).close()
    assert calls == bases


@pytest.mark.parametrize("damage", ["delete", "garble", "torn", "delete_timeindex"])
def test_missing_or_bad_index_is_rebuilt(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "t-0"
    bases = build_log(path)
    base = bases[1]
    index = seg_file(path, base, ".index")
    original = index.read_bytes()
    assert len(original) >= 16
    if damage == "delete":
        index.unlink()
    elif damage == "garble":
        index.write_bytes(original[8:16] + original[:8] + original[16:])  # out of order
    elif damage == "torn":
        index.write_bytes(original + b"\x00\x00\x01")
    else:
        seg_file(path, base, ".timeindex").unlink()
    log = reopen(path, clean=True, recovery_point=240)
    assert index.read_bytes() == original
    seg = log.segments[1]
    for target in range(seg.base_offset, seg.next_offset):
        found = seg.translate_offset(target)
        assert found is not None and found[1].base_offset <= target <= found[1].last_offset
    assert all_offsets(log) == list(range(240))
    assert log.fetch_offset_by_timestamp(1000 + 10 * 30) is not None


def test_index_pointing_past_log_is_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / "t-0"
    bases = build_log(path)
    log_file = seg_file(path, bases[0])
    os.truncate(log_file, 100)  # the index now points beyond the data
    log = reopen(path, clean=True, recovery_point=240)
    assert log.segments[0].size == 0  # the only batch start < 100 was torn away
    assert log.segments[0].offset_index.entries == 0


def test_temp_files_are_cleaned_and_swap_completed(tmp_path: Path) -> None:
    path = tmp_path / "t-0"
    bases = build_log(path)
    assert len(bases) >= 4
    # A "compaction" of segments 0 and 1 into one swap file holding segment 0's data only.
    shutil.copy(seg_file(path, bases[0]), path / f"{bases[0]:020d}.log.swap")
    (path / f"{bases[0]:020d}.index.swap").write_bytes(b"junk")
    (path / f"{bases[2]:020d}.log.cleaned").write_bytes(b"junk")
    (path / f"{bases[3]:020d}.log.deleted").write_bytes(b"junk")
    (path / "leader-epoch-checkpoint.tmp").write_bytes(b"junk")
    (path / f"{99999:020d}.index").write_bytes(b"")  # orphan index
    # the swap covers offsets [0, bases[1]): only segment 0 is replaced; pretend it covers
    # segment 1 too by making segment 1's base fall inside: rewrite swap with both segments
    swap = path / f"{bases[0]:020d}.log.swap"
    swap.write_bytes(seg_file(path, bases[0]).read_bytes() + seg_file(path, bases[1]).read_bytes())
    log = reopen(path)
    names = sorted(p.name for p in path.iterdir())
    assert not [n for n in names if n.endswith((".swap", ".cleaned", ".deleted", ".tmp"))]
    assert f"{99999:020d}.index" not in names
    assert [s.base_offset for s in log.segments] == [bases[0], *bases[2:]]
    assert all_offsets(log) == list(range(240))


def test_empty_directory_starts_at_checkpointed_log_start(tmp_path: Path) -> None:
    log = Log.open(tmp_path / "t-3", CONFIG, log_start_offset=500)
    assert log.log_start_offset == log.log_end_offset == 500
    assert log.append_as_leader(make_batch(1), 0).first_offset == 500


def test_log_start_checkpoint_beyond_data_starts_afresh(tmp_path: Path) -> None:
    path = tmp_path / "t-0"
    build_log(path, batches=5)
    log = Log.open(path, CONFIG, log_start_offset=1000, had_clean_shutdown=True)
    assert log.log_start_offset == log.log_end_offset == 1000
    assert [s.base_offset for s in log.segments] == [1000]


def test_high_watermark_and_recovery_point_are_clamped(tmp_path: Path) -> None:
    path = tmp_path / "t-0"
    build_log(path, batches=5)
    log = Log.open(path, CONFIG, recovery_point=10**6, high_watermark=10**6)
    assert log.log_end_offset == 20
    assert log.recovery_point == 20 and log.high_watermark == 20


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    sizes=st.lists(st.integers(min_value=1, max_value=6), min_size=2, max_size=40),
    flip=st.booleans(),
    where=st.floats(min_value=0.0, max_value=0.999),
)
def test_random_damage_truncates_a_torn_tail_or_skips_a_damaged_batch(
    tmp_path_factory: pytest.TempPathFactory, sizes: list[int], flip: bool, where: float
) -> None:
    """A torn tail is truncated to the last whole batch; a flipped bit is truncated too when
    nothing valid follows the damaged batch, else only that batch becomes a corrupt range. In
    both cases every other offset below the log end is served, and nothing damaged is."""
    path = tmp_path_factory.mktemp("dmg") / "t-0"
    log = Log.open(path, CONFIG)
    for n in sizes:
        log.append_as_leader(make_batch(n), 0)
    active = log.active_segment
    spans = [(p, p + h.size_in_bytes, h.base_offset) for p, h in active.iter_headers()]
    base, leo = active.base_offset, log.log_end_offset
    log.close()
    seg_path = seg_file(path, base)
    data = bytearray(seg_path.read_bytes())
    pos = int(where * len(data))
    start, _, first_bad = next(s for s in spans if s[0] <= pos < s[1])
    if flip:
        if pos - start < 16 and not 8 <= pos - start < 12:
            pos = start + 16  # base offset and leader epoch are not covered by the CRC
        data[pos] ^= 0x40
    else:
        del data[pos:]
    seg_path.write_bytes(bytes(data))
    recovered = Log.open(path, CONFIG)
    ranges = recovered.corruption.ranges(False)
    if ranges:  # skipped: a flip with valid batches after the damaged one
        assert flip and recovered.log_end_offset == leo
        assert [r.start for r in ranges] == [first_bad]
        assert ranges[0].end in {s[2] for s in spans if s[2] > first_bad}
    else:
        assert recovered.log_end_offset == first_bad
        assert recovered.active_segment.size == start
    served: list[int] = []
    offset = recovered.log_start_offset
    while offset < recovered.log_end_offset:
        try:
            batches = decode_batches(bytes(recovered.read(offset, 10**6).records))
        except CorruptLogRangeError:
            offset = next(r.end for r in ranges if r.start <= offset < r.end)
            continue
        served.extend(r.offset for b in batches for r in b if r.offset >= offset)
        offset = batches[-1].header.next_offset
    missing = {o for r in ranges for o in range(r.start, r.end)}
    assert served == [o for o in range(recovered.log_end_offset) if o not in missing]
    recovered.close()
