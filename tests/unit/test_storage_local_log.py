"""The local log on its own: segments, log end offset, recovery point, roll, flush, checked reads
and truncation, with no producer state, leader epochs or log start offset around it."""

from __future__ import annotations

from pathlib import Path

import pytest

from strom.protocol.records import RecordBatchBuilder, iter_batches, stamp_base_offset
from strom.storage import LogConfig
from strom.storage.corruption import CorruptLogRangeError
from strom.storage.local_log import LocalLog
from strom.storage.log_dir_failure import LogDirFailureChannel
from strom.storage.segment import LogSegment
from strom.storage.segments import SegmentSet

pytestmark = pytest.mark.unit


class Local:
    """A local log in ``tmp_path/t-0`` and the bases it reported as rolled."""

    def __init__(self, tmp_path: Path, **config: int) -> None:
        directory = tmp_path / "t-0"
        directory.mkdir()
        cfg = LogConfig(
            **{"segment_bytes": 600, "index_interval_bytes": 128, "file_delete_delay_ms": 0,
               **config}  # type: ignore[arg-type]
        )  # fmt: skip
        segments = SegmentSet()
        segments.add(LogSegment.create(directory, 0, index_interval_bytes=128))
        self.rolled: list[int] = []
        self.log = LocalLog(
            directory, cfg, segments, log_end_offset=0, recovery_point=0,
            clock_ms=lambda: 1_000, log_dir_failure=LogDirFailureChannel(),
            on_roll=self.rolled.append,
        )  # fmt: skip

    def append(self, count: int) -> None:
        b = RecordBatchBuilder()
        for i in range(count):
            b.append(b"v" * 40, key=b"k%d" % i, timestamp=1_000)
        buf = bytearray(b.build())
        stamp_base_offset(buf, 0, self.log.log_end_offset)
        headers = list(iter_batches(buf))
        self.log.append(buf, headers, 1_000)


def test_append_advances_the_end_and_rolls_with_a_callback(tmp_path: Path) -> None:
    t = Local(tmp_path)
    for _ in range(6):
        t.append(3)
    lg = t.log
    assert lg.log_end_offset == 18
    assert len(lg.segments) > 1 and t.rolled == [s.base_offset for s in lg.segments.snapshot()[1:]]
    assert lg.unflushed_messages == 18 and lg.needs_flush()  # a rolled segment gets flushed
    lg.flush()
    assert lg.recovery_point == 18 and not lg.needs_flush()


def test_a_flush_racing_a_truncation_does_not_advance_the_recovery_point(tmp_path: Path) -> None:
    t = Local(tmp_path, segment_bytes=10**6)
    for _ in range(4):
        t.append(2)
    lg = t.log
    seg = lg.segments.active
    real_flush = seg.flush

    def flush_while_truncated() -> None:  # the truncation lands while the fsync runs
        real_flush()
        lg.truncate_to(4)

    seg.flush = flush_while_truncated  # type: ignore[method-assign]
    lg.flush()
    assert lg.log_end_offset == 4
    assert lg.recovery_point == 0, "advanced past data a truncation changed during the flush"
    seg.flush = real_flush  # type: ignore[method-assign]
    lg.flush()
    assert lg.recovery_point == 4


def test_truncation_drops_the_corrupt_ranges_it_removes(tmp_path: Path) -> None:
    t = Local(tmp_path, segment_bytes=10**6)
    for _ in range(5):
        t.append(2)
    lg = t.log
    assert lg.mark_corrupt(6, 99, "test")
    assert [(r.start, r.end) for r in lg.corruption.ranges(False)] == [(6, 10)]  # clamped
    assert lg.read(0, 10**6, 10, True).size > 0  # stops before the range
    with pytest.raises(CorruptLogRangeError):
        lg.read(6, 10**6, 10, True)
    assert lg.truncate_to(6) == 6 and lg.first_corrupt_offset is None
    assert lg.read(4, 10**6, 6, True).size > 0
    lg.mark_corrupt(2, 4, "again")
    lg.truncate_fully_and_start_at(50)
    assert (lg.log_end_offset, lg.recovery_point, lg.first_corrupt_offset) == (50, 50, None)
    assert [s.base_offset for s in lg.segments.snapshot()] == [50]


def test_delete_front_never_removes_the_active_segment(tmp_path: Path) -> None:
    t = Local(tmp_path)
    for _ in range(6):
        t.append(3)
    lg = t.log
    segs = list(lg.segments.snapshot())
    assert lg.delete_front(segs, 2_000, "test") == len(segs) - 1
    assert lg.segments.snapshot() == (segs[-1],)
