"""Unit tests for checkpoint files and the leader epoch cache."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from strom.storage.checkpoint import OffsetCheckpointFile, read_entries, write_atomically
from strom.storage.errors import CheckpointError
from strom.storage.leader_epoch import LeaderEpochCache

pytestmark = pytest.mark.unit


def test_offset_checkpoint_round_trip_and_format(tmp_path: Path) -> None:
    path = tmp_path / "recovery-point-offset-checkpoint"
    cp = OffsetCheckpointFile(path)
    assert cp.read() == {}  # missing file
    offsets = {("orders", 0): 1500, ("orders", 1): 1432, ("my-topic.x_y", 12): 0}
    cp.write(offsets)
    assert cp.read() == offsets
    lines = path.read_text().splitlines()
    assert lines[:2] == ["0", "3"]
    assert sorted(lines[2:]) == ["my-topic.x_y 12 0", "orders 0 1500", "orders 1 1432"]
    cp.write({})
    assert path.read_text() == "0\n0\n"
    assert not (tmp_path / "recovery-point-offset-checkpoint.tmp").exists()


@pytest.mark.parametrize(
    "text",
    [
        "1\n0\n",  # unknown version
        "0\n2\nt 0 5\n",  # count mismatch
        "0\n1\nt 0\n",  # missing field
        "0\n1\nt x 5\n",  # non-numeric partition
        "0\nabc\n",
        "0\n",
    ],
)
def test_malformed_checkpoint_raises(tmp_path: Path, text: str) -> None:
    path = tmp_path / "cp"
    path.write_text(text)
    with pytest.raises(CheckpointError):
        OffsetCheckpointFile(path).read()


def test_atomic_write_leaves_old_content_if_interrupted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cp"
    OffsetCheckpointFile(path).write({("t", 0): 1})

    def failing_replace(src: object, dst: object) -> None:
        raise OSError("crash before rename")

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(OSError):
        OffsetCheckpointFile(path).write({("t", 0): 2})
    monkeypatch.undo()
    assert OffsetCheckpointFile(path).read() == {("t", 0): 1}
    # the next successful write replaces a stale temp file
    write_atomically(path, "0\n1\nt 0 3\n")
    assert read_entries(path, 3) == [["t", "0", "3"]]


def test_atomic_write_fsyncs_file_and_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[int] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)
    write_atomically(tmp_path / "cp", "0\n0\n")
    assert len(synced) == 2  # the temp file, then the directory


def test_leader_epoch_cache_assign_and_persist(tmp_path: Path) -> None:
    path = tmp_path / "leader-epoch-checkpoint"
    cache = LeaderEpochCache(path)
    assert cache.latest_epoch() is None
    assert cache.assign(0, 0)
    assert not cache.assign(0, 10)  # same epoch, later offset: no change
    assert cache.assign(2, 100)
    assert cache.assign(5, 250)
    assert not cache.assign(-1, 300)
    assert path.read_text() == "0\n3\n0 0\n2 100\n5 250\n"
    assert LeaderEpochCache(path).entries == [(0, 0), (2, 100), (5, 250)]
    # a conflicting assignment removes the entries it would break
    assert cache.assign(4, 200)
    assert cache.entries == [(0, 0), (2, 100), (4, 200)]


def test_end_offset_for_epoch_semantics(tmp_path: Path) -> None:
    cache = LeaderEpochCache(tmp_path / "lec")
    assert cache.end_offset_for_epoch(3, 500) == (-1, -1)  # empty
    for epoch, start in ((1, 0), (3, 100), (6, 300)):
        cache.assign(epoch, start)
    leo = 450
    assert cache.end_offset_for_epoch(6, leo) == (6, 450)  # latest: the log end offset
    assert cache.end_offset_for_epoch(3, leo) == (3, 300)
    assert cache.end_offset_for_epoch(4, leo) == (3, 300)  # unknown: largest epoch below
    assert cache.end_offset_for_epoch(1, leo) == (1, 100)
    assert cache.end_offset_for_epoch(0, leo) == (0, 0)  # below the first: its start
    assert cache.end_offset_for_epoch(7, leo) == (-1, -1)  # above the latest
    assert cache.end_offset_for_epoch(-1, leo) == (-1, -1)


def test_epoch_for_offset_and_truncation(tmp_path: Path) -> None:
    path = tmp_path / "lec"
    cache = LeaderEpochCache(path)
    for epoch, start in ((1, 0), (3, 100), (6, 300)):
        cache.assign(epoch, start)
    assert cache.epoch_for_offset(0) == 1
    assert cache.epoch_for_offset(99) == 1
    assert cache.epoch_for_offset(100) == 3
    assert cache.epoch_for_offset(10**9) == 6
    cache.truncate_from_end(300)
    assert cache.entries == [(1, 0), (3, 100)]
    cache.truncate_from_start(150)
    assert cache.entries == [(3, 150)]
    assert LeaderEpochCache(path).entries == [(3, 150)]
    cache.truncate_from_start(150)
    assert cache.entries == [(3, 150)]
    cache.clear()
    assert LeaderEpochCache(path).entries == []


def test_leader_epoch_cache_ignores_corrupt_file(tmp_path: Path) -> None:
    path = tmp_path / "lec"
    path.write_text("0\n2\n1 0\n")
    assert LeaderEpochCache(path).entries == []
    path.write_text("0\n3\n1 0\n5 100\n3 200\n")  # non-monotonic entry dropped
    assert LeaderEpochCache(path).entries == [(1, 0), (5, 100)]
