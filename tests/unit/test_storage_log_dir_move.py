"""Unit tests for moving a log between log dirs (strom.storage.log_dir_move) and the log
manager's swap and crash leftovers (``-future`` discarded, ``-moved`` removed or restored)."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from strom.protocol.records import RecordBatchBuilder
from strom.storage import LogConfig, LogManager
from strom.storage.log import Log
from strom.storage.log_dir_move import FutureReplica, copy_pass, fsync_tree

pytestmark = pytest.mark.unit

CONFIG = LogConfig(segment_bytes=1500, index_interval_bytes=200, file_delete_delay_ms=0)


def batch(i: int) -> bytearray:
    b = RecordBatchBuilder()
    for j in range(3):
        b.append(b"r-%d-%d" % (i, j) * 5, timestamp=1000 + i)
    return bytearray(b.build())


def manager(*dirs: Path) -> LogManager:
    m = LogManager(list(dirs), CONFIG)
    m.startup()
    return m


def log_bytes(directory: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(directory.glob("*.log")))


def partition_dirs(*dirs: Path) -> list[str]:
    return sorted(f"{d.name}/{p.name}" for d in dirs for p in d.iterdir() if p.is_dir())


def log_in_first_dir(tmp_path: Path, batches: int) -> tuple[Path, Path, LogManager, Log]:
    """A manager of two log dirs ``d1``, ``d2`` with log t-0 in ``d1`` holding ``batches``."""
    d1, d2 = tmp_path / "d1", tmp_path / "d2"
    m = manager(d1, d2)
    m.preferred_dirs[("t", 0)] = d1
    log = m.get_or_create_log("t", 0)
    for i in range(batches):
        log.append_as_leader(batch(i), 0)
    return d1, d2, m, log


def test_copy_passes_follow_appends_rolls_and_the_swap_keeps_every_record(tmp_path: Path) -> None:
    d1, d2, m, log = log_in_first_dir(tmp_path, 20)
    future = FutureReplica(("t", 0), d2, d2 / "t-0.abc-future", log.directory)
    future.directory.mkdir()
    assert copy_pass(future) > 0
    for i in range(20, 45):  # appends (and segment rolls) between passes
        log.append_as_leader(batch(i), 0)
    copy_pass(future)
    for i in range(45, 50):
        log.append_as_leader(batch(i), 0)
    log.flush()
    log.take_producer_snapshot()
    copy_pass(future, always_copy_from=log.active_segment.base_offset)
    fsync_tree(future.directory)
    expected, leo = log_bytes(log.directory), log.log_end_offset
    assert len(log.segments) > 3
    new = m.replace_current_with_future(future)
    log.close()  # the mover closes the old log after a grace period
    assert new.directory == d2 / "t-0" and m.get_log("t", 0) is new
    assert partition_dirs(d1, d2) == ["d2/t-0"]
    assert log_bytes(new.directory) == expected and new.log_end_offset == leo
    new.append_as_leader(batch(50), 0)
    m.shutdown()
    again = manager(d1, d2)
    reopened = again.get_log("t", 0)
    assert reopened is not None and reopened.directory == d2 / "t-0"
    assert reopened.log_end_offset == leo + 3
    again.shutdown()


def test_the_mover_lists_the_future_replica_then_swaps_in_the_background(tmp_path: Path) -> None:
    d1, d2, m, _ = log_in_first_dir(tmp_path, 30)
    swapped: list[Log] = []

    appended = 90

    async def run() -> None:
        nonlocal appended
        m.mover.start(("t", 0), d2, swapped.append)
        assert ("t", 0) in m.mover.futures  # DescribeLogDirs lists it while copying
        assert m.mover.futures[("t", 0)].directory.parent == d2
        m.mover.start(("t", 0), d2, swapped.append)  # the same move again: nothing new
        for i in range(30, 3000):  # appends to the current log while it is copied
            current = m.get_log("t", 0)
            assert current is not None
            current.append_as_leader(batch(i), 0)
            appended += 3
            if swapped:
                break
            await asyncio.sleep(0)
        for _ in range(500):
            if swapped:
                break
            await asyncio.sleep(0.01)

    asyncio.run(run())
    assert len(swapped) == 1 and swapped[0] is m.get_log("t", 0)
    assert swapped[0].log_end_offset == appended and not m.mover.futures
    assert appended > 90  # appends went on during the copy
    assert partition_dirs(d1, d2) == ["d2/t-0"]
    m.shutdown()


def _crashed_mid_swap(tmp_path: Path, renamed_future: bool) -> tuple[Path, Path, bytes]:
    """The directories a kill leaves between the swap's two renames (or just after both)."""
    d1, d2, m, log = log_in_first_dir(tmp_path, 20)
    log.flush()
    data = log_bytes(log.directory)
    m.shutdown()
    (d1 / ".kafka_cleanshutdown").unlink()  # a kill, not a clean stop
    shutil.copytree(d1 / "t-0", d2 / ("t-0" if renamed_future else "t-0.f00d-future"))
    (d1 / "t-0").rename(d1 / "t-0.beef-moved")
    return d1, d2, data


@pytest.mark.parametrize(("renamed_future", "kept"), [(False, "d1"), (True, "d2")])
def test_a_kill_during_the_swap_leaves_one_current_log(
    tmp_path: Path, renamed_future: bool, kept: str
) -> None:
    """Between the renames the old log is restored (the copy discarded); after both, the moved
    log is kept and the old one removed."""
    d1, d2, data = _crashed_mid_swap(tmp_path, renamed_future)
    m = manager(d1, d2)
    log = m.get_log("t", 0)
    assert log is not None and log.directory == tmp_path / kept / "t-0"
    assert log.log_end_offset == 60 and log_bytes(log.directory) == data
    assert partition_dirs(d1, d2) == [f"{kept}/t-0"]
    m.shutdown()


def test_deleting_the_partition_cancels_its_move(tmp_path: Path) -> None:
    d1, d2, m, _ = log_in_first_dir(tmp_path, 30)

    async def run() -> None:
        m.mover.start(("t", 0), d2, lambda new: pytest.fail("swapped a deleted log"))
        assert m.delete_log("t", 0)
        await asyncio.sleep(0.2)

    asyncio.run(run())
    assert not m.mover.futures and partition_dirs(d1, d2) == []
    m.shutdown()
