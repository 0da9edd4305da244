"""The per-segment aborted-transaction index (``.txnindex``): format, maintenance with the log
(markers, rolls, truncation, retention, compaction, follower appends) and rebuild at open."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from strom.protocol import records as rec
from strom.storage import Log, LogConfig
from strom.storage.cleaner import CleanerConfig, LogCleaner
from strom.storage.txn_index import ENTRY_SIZE, AbortedTxn, TransactionIndex, decode_entries

pytestmark = pytest.mark.unit


def _txn_batch(pid: int, seq: int, n: int = 2, key: bytes = b"k") -> bytearray:
    b = rec.RecordBatchBuilder(
        producer_id=pid, producer_epoch=0, base_sequence=seq, is_transactional=True
    )
    for i in range(n):
        b.append(f"v{seq + i}".encode(), key=key, timestamp=1000)
    return bytearray(b.build())


def _plain(n: int = 1, key: bytes = b"p") -> bytearray:
    b = rec.RecordBatchBuilder()
    for _ in range(n):
        b.append(b"plain", key=key, timestamp=1000)
    return bytearray(b.build())


def _txnindex(log: Log, base: int) -> Path:
    return log.directory / f"{base:020d}.txnindex"


def _triples(entries: list[AbortedTxn]) -> list[tuple[int, int, int, int]]:
    return [(e.producer_id, e.first_offset, e.last_offset, e.last_stable_offset) for e in entries]


def _scenario(log: Log) -> None:
    """pid 7 aborts [1, 5], pid 8 commits, pid 9 opens in segment 0 and aborts in segment 1."""
    log.append_as_leader(_plain(), 0)  # 0
    log.append_as_leader(_txn_batch(7, 0), 0)  # 1-2
    log.append_as_leader(_txn_batch(8, 0), 0)  # 3-4
    log.append_marker(7, 0, False, 0, 0, 2000)  # 5 abort 7 (8 still open at 3)
    log.append_marker(8, 0, True, 0, 0, 2000)  # 6 commit 8
    log.append_as_leader(_txn_batch(9, 0), 0)  # 7-8
    log.roll()  # segment 9
    log.append_as_leader(_plain(), 0)  # 9
    log.append_marker(9, 0, False, 0, 0, 2000)  # 10 abort 9
    log.high_watermark = log.log_end_offset


EXPECTED = [(7, 1, 5, 3), (9, 7, 10, 11)]


def test_file_format_is_kafkas(tmp_path: Path) -> None:
    log = Log.open(tmp_path / "t-0")
    _scenario(log)
    assert _triples(log.all_aborted_transactions()) == EXPECTED
    raw0 = _txnindex(log, 0).read_bytes()
    assert len(raw0) == ENTRY_SIZE == 34
    assert struct.unpack(">hqqqq", raw0) == (0, 7, 1, 5, 3)
    assert struct.unpack(">hqqqq", _txnindex(log, 9).read_bytes()) == (0, 9, 7, 10, 11)
    [a, b] = log.aborted_transactions(0, 11)
    assert (a.producer_id, b.producer_id) == (7, 9)
    assert [e.producer_id for e in log.aborted_transactions(6, 11)] == [9]
    assert [e.producer_id for e in log.aborted_transactions(0, 2)] == [7]
    log.close()


def test_reopen_reads_files_without_scanning(tmp_path: Path) -> None:
    log = Log.open(tmp_path / "t-0")
    _scenario(log)
    log.flush()
    log.close()
    reopened = Log.open(tmp_path / "t-0", high_watermark=11, had_clean_shutdown=True)
    assert all(not s.txn_index.stale for s in reopened.segments)
    assert _triples(reopened.all_aborted_transactions()) == EXPECTED
    reopened.close()


@pytest.mark.parametrize("damage", ["missing", "torn"])
def test_missing_or_torn_index_is_rebuilt(tmp_path: Path, damage: str) -> None:
    log = Log.open(tmp_path / "t-0")
    _scenario(log)
    log.flush()
    log.close()
    path = _txnindex(log, 0)
    if damage == "missing":
        path.unlink()
    else:
        path.write_bytes(path.read_bytes()[:20])
    reopened = Log.open(tmp_path / "t-0", high_watermark=11, had_clean_shutdown=True)
    assert _triples(reopened.all_aborted_transactions()) == EXPECTED
    assert len(decode_entries(path.read_bytes())) == 1  # rewritten on disk
    reopened.close()


def test_unclean_recovery_rebuilds_from_the_recovery_point(tmp_path: Path) -> None:
    log = Log.open(tmp_path / "t-0")
    _scenario(log)
    log.flush()
    # lose the second segment's index entry as an unsynced write would, then "crash"
    _txnindex(log, 9).write_bytes(b"")
    reopened = Log.open(tmp_path / "t-0", recovery_point=9, high_watermark=11)
    # pid 9's transaction began in segment 0: its first offset comes from the snapshot at 9
    assert _triples(reopened.all_aborted_transactions()) == EXPECTED
    assert reopened.last_stable_offset == 11
    reopened.close()


def test_unclean_recovery_without_snapshot_scans_from_log_start(tmp_path: Path) -> None:
    log = Log.open(tmp_path / "t-0")
    _scenario(log)
    log.flush()
    for p in log.directory.glob("*.snapshot"):
        p.unlink()
    _txnindex(log, 9).unlink()
    reopened = Log.open(tmp_path / "t-0", recovery_point=9, high_watermark=11)
    assert _triples(reopened.all_aborted_transactions()) == EXPECTED
    reopened.close()


def test_truncation_truncates_and_deletes_indexes(tmp_path: Path) -> None:
    log = Log.open(tmp_path / "t-0", LogConfig(file_delete_delay_ms=0))
    _scenario(log)
    log.truncate_to(10)
    assert _txnindex(log, 9).read_bytes() == b""
    assert _triples(log.all_aborted_transactions()) == EXPECTED[:1]
    log.truncate_to(5)
    assert not _txnindex(log, 9).exists()
    assert _txnindex(log, 0).read_bytes() == b""
    assert log.all_aborted_transactions() == []
    assert log.last_stable_offset == 1  # 7 and 8 are open again
    log.close()


def test_retention_deletes_the_segment_index(tmp_path: Path) -> None:
    log = Log.open(tmp_path / "t-0", LogConfig(file_delete_delay_ms=0))
    _scenario(log)
    log.roll()
    log.delete_records_before(9)
    assert not _txnindex(log, 0).exists()
    assert _triples(log.all_aborted_transactions()) == EXPECTED[1:]
    assert [e.producer_id for e in log.aborted_transactions(9, 11)] == [9]
    log.close()


def test_follower_appends_index_aborts(tmp_path: Path) -> None:
    leader = Log.open(tmp_path / "a-0")
    _scenario(leader)
    follower = Log.open(tmp_path / "b-0")
    offset = 0
    while offset < leader.log_end_offset:
        data = bytes(leader.read(offset, 1 << 20).records)
        follower.append_as_follower(data)
        offset = follower.log_end_offset
    assert _triples(follower.all_aborted_transactions()) == [(7, 1, 5, 3), (9, 7, 10, 11)]
    leader.close()
    follower.close()


def test_search_stops_at_a_complete_entry(tmp_path: Path) -> None:
    idx = TransactionIndex(tmp_path / "00000000000000000000.txnindex")
    idx.reset()
    idx.append(AbortedTxn(1, 0, 4, 5))
    idx.append(AbortedTxn(2, 6, 9, 10))
    assert idx.collect(0, 5) == ([AbortedTxn(1, 0, 4, 5)], True)
    assert idx.collect(5, 20) == ([AbortedTxn(2, 6, 9, 10)], False)
    with pytest.raises(ValueError):
        idx.append(AbortedTxn(3, 0, 9, 10))
    idx.truncate_to(9)
    assert len(decode_entries(idx.path.read_bytes())) == 1


def test_compaction_carries_entries_whose_marker_is_kept(tmp_path: Path) -> None:
    now = [10_000_000]
    cfg = LogConfig(
        segment_bytes=1500,
        index_interval_bytes=128,
        file_delete_delay_ms=0,
        cleanup_policy=("compact",),
        min_cleanable_dirty_ratio=0.01,
        delete_retention_ms=1000,
    )
    log = Log.open(tmp_path / "t-0", cfg, clock_ms=lambda: now[0])
    log.append_as_leader(_plain(key=b"a"), 0)  # 0
    log.append_as_leader(_txn_batch(7, 0, key=b"a"), 0)  # 1-2
    log.append_marker(7, 0, False, 0, 0, 2000)  # 3 abort
    log.append_as_leader(_txn_batch(8, 0, key=b"b"), 0)  # 4-5
    log.append_marker(8, 0, False, 0, 0, 2000)  # 6 abort
    for _ in range(3):
        log.roll()
        log.append_as_leader(_plain(key=b"z"), 0)
    log.roll()
    log.high_watermark = log.log_end_offset
    cleaner = LogCleaner(
        CleanerConfig(threads=1, dedupe_buffer_size=1 << 20),
        [log.directory.parent],
        lambda: {("t", 0): log},
        clock_ms=lambda: now[0],
    )
    assert cleaner.clean_once() is not None
    assert [e.producer_id for e in log.aborted_transactions(0, log.log_end_offset)] == [7, 8]
    assert not list(log.directory.glob("*.cleaned")) and not list(log.directory.glob("*.swap"))
    # once the emptied markers pass their delete horizon they go, and so do the entries
    now[0] += 10_000
    cleaner.clean_once()
    markers = [h for s in log.segments for _, h in s.iter_headers() if h.is_control]
    kept = {h.base_offset for h in markers}
    assert {e.last_offset for e in log.all_aborted_transactions()} == kept & {3, 6}
    log.close()
    reopened = Log.open(tmp_path / "t-0", cfg, had_clean_shutdown=True)
    assert {e.last_offset for e in reopened.all_aborted_transactions()} == kept & {3, 6}
    reopened.close()


class _Crash(Exception):
    pass


@pytest.mark.parametrize(
    "step",
    ["rename_uncovered", "cleaned_to_swap", "rename_covered", "swap_to_log", "replace_in_memory"],
)
def test_compaction_crash_at_each_swap_step_keeps_the_index(tmp_path: Path, step: str) -> None:
    now = [10_000_000]
    cfg = LogConfig(
        segment_bytes=900,
        index_interval_bytes=128,
        file_delete_delay_ms=0,
        cleanup_policy=("compact",),
        min_cleanable_dirty_ratio=0.01,
        delete_retention_ms=100_000,
    )
    log = Log.open(tmp_path / "t-0", cfg, clock_ms=lambda: now[0])
    for pid in range(20, 26):
        for k in range(4):
            log.append_as_leader(_plain(key=b"key%d" % k), 0)
        log.append_as_leader(_txn_batch(pid, 0, key=b"t%d" % pid), 0)
        log.append_marker(pid, 0, pid % 2 == 0, 0, 0, 2000)
    log.roll()
    log.high_watermark = log.log_end_offset
    before = _triples(log.all_aborted_transactions())
    assert [t[0] for t in before] == [21, 23, 25]
    cleaner = LogCleaner(
        CleanerConfig(threads=1, dedupe_buffer_size=1 << 20),
        [log.directory.parent],
        lambda: {("t", 0): log},
        clock_ms=lambda: now[0],
    )

    def fault(s: str) -> None:
        if s == step:
            raise _Crash(s)

    cleaner.fault = fault
    with pytest.raises(_Crash):
        cleaner.clean_once()
    log.flush()
    # reopen trusting the files (no recovery scan): the indexes on disk must be right
    again = Log.open(tmp_path / "t-0", cfg, clock_ms=lambda: now[0], had_clean_shutdown=True)
    assert _triples(again.all_aborted_transactions()) == before
    assert not [p for p in again.directory.iterdir() if p.suffix in (".cleaned", ".swap")]
    again.close()
