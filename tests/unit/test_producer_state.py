"""Unit tests for idempotent-producer state: sequence rules, duplicates, epochs, expiry, and the
integration with Log appends (strom.storage.producer_state, strom.storage.log)."""

from __future__ import annotations

from pathlib import Path

import pytest

from strom.errors import InvalidRecordError
from strom.protocol.records import RecordBatchBuilder, iter_batches
from strom.storage import Log, LogConfig
from strom.storage.producer_state import (
    INT32_MAX,
    InvalidProducerEpochError,
    OutOfOrderSequenceError,
    in_sequence,
)

pytestmark = pytest.mark.unit

NOW = 1_700_000_000_000


class Clock:
    def __init__(self, now: int = NOW) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now


def batch(
    pid: int, epoch: int, seq: int, count: int = 1, *, ts: int = NOW, txn: bool = False
) -> bytearray:
    b = RecordBatchBuilder(
        producer_id=pid, producer_epoch=epoch, base_sequence=seq, is_transactional=txn
    )
    for i in range(count):
        b.append(b"v%d-%d" % (seq, i), timestamp=ts + i)
    return bytearray(b.build())


def open_log(path: Path, clock: Clock | None = None, **kw: object) -> Log:
    cfg = LogConfig(file_delete_delay_ms=0, **kw)  # type: ignore[arg-type]
    return Log.open(path / "t-0", cfg, clock_ms=clock or Clock())


def test_in_sequence_wraps() -> None:
    assert in_sequence(4, 5)
    assert not in_sequence(4, 6)
    assert not in_sequence(4, 4)
    assert in_sequence(INT32_MAX, 0)
    assert not in_sequence(INT32_MAX - 1, 0)
    assert in_sequence(-1, 0)


def test_in_order_batches_append(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    a = log.append_as_leader(batch(7, 0, 0, 3), 0)
    b = log.append_as_leader(batch(7, 0, 3, 2), 0)
    assert (a.first_offset, a.last_offset, b.first_offset, b.last_offset) == (0, 2, 3, 4)
    entry = log.producer_state.producers[7]
    assert entry.producer_epoch == 0 and entry.last_seq == 4 and entry.last_offset == 4
    assert log.log_end_offset == 5


def test_unknown_producer_accepts_any_sequence(tmp_path: Path) -> None:
    """KIP-360 / Kafka 3.x: no UNKNOWN_PRODUCER_ID; a producer whose state is gone continues."""
    log = open_log(tmp_path)
    info = log.append_as_leader(batch(9, 3, 1234, 2), 0)
    assert not info.duplicate and info.first_offset == 0
    log.append_as_leader(batch(9, 3, 1236), 0)
    with pytest.raises(OutOfOrderSequenceError):
        log.append_as_leader(batch(9, 3, 1240), 0)


@pytest.mark.parametrize("back", [0, 1, 2, 3, 4])
def test_duplicate_of_each_of_the_last_five(tmp_path: Path, back: int) -> None:
    log = open_log(tmp_path)
    infos = [log.append_as_leader(batch(1, 0, 2 * i, 2), 0) for i in range(7)]
    leo = log.log_end_offset
    size = log.size_in_bytes
    i = 6 - back
    dup = log.append_as_leader(batch(1, 0, 2 * i, 2), 0)
    assert dup.duplicate
    assert (dup.first_offset, dup.last_offset) == (infos[i].first_offset, infos[i].last_offset)
    assert log.log_end_offset == leo and log.size_in_bytes == size
    # the state is unchanged: the next in-order batch still goes through
    nxt = log.append_as_leader(batch(1, 0, 14), 0)
    assert nxt.first_offset == leo


def test_older_than_five_is_out_of_order(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    for i in range(7):
        log.append_as_leader(batch(1, 0, i), 0)
    with pytest.raises(OutOfOrderSequenceError):
        log.append_as_leader(batch(1, 0, 1), 0)
    # a partial overlap with a cached batch is not a duplicate either
    with pytest.raises(OutOfOrderSequenceError):
        log.append_as_leader(batch(1, 0, 5, 2), 0)
    assert log.log_end_offset == 7


def test_gap_rejected_and_appends_nothing(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    log.append_as_leader(batch(1, 0, 0, 2), 0)
    size = log.size_in_bytes
    with pytest.raises(OutOfOrderSequenceError):
        log.append_as_leader(batch(1, 0, 3), 0)
    assert log.log_end_offset == 2 and log.size_in_bytes == size
    assert log.producer_state.producers[1].last_seq == 1


def test_rejected_multi_batch_append_writes_nothing(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    log.append_as_leader(batch(1, 0, 0), 0)
    good_then_bad = batch(1, 0, 1) + batch(1, 0, 5)
    with pytest.raises(OutOfOrderSequenceError):
        log.append_as_leader(good_then_bad, 0)
    assert log.log_end_offset == 1
    assert log.producer_state.producers[1].last_seq == 0


def test_sequence_wraps_around(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    log.append_as_leader(batch(2, 0, INT32_MAX - 2, 2), 0)  # seqs MAX-2, MAX-1
    info = log.append_as_leader(batch(2, 0, INT32_MAX, 3), 0)  # MAX, 0, 1
    assert log.producer_state.producers[2].last_seq == 1
    dup = log.append_as_leader(batch(2, 0, INT32_MAX, 3), 0)
    assert dup.duplicate and dup.first_offset == info.first_offset
    log.append_as_leader(batch(2, 0, 2), 0)
    with pytest.raises(OutOfOrderSequenceError):
        log.append_as_leader(batch(2, 0, 0), 0)


def test_epoch_rules(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    log.append_as_leader(batch(3, 1, 0, 2), 0)
    with pytest.raises(InvalidProducerEpochError):
        log.append_as_leader(batch(3, 0, 2), 0)
    with pytest.raises(OutOfOrderSequenceError):
        log.append_as_leader(batch(3, 2, 5), 0)  # a new epoch must start at 0
    log.append_as_leader(batch(3, 2, 0), 0)  # the bump
    entry = log.producer_state.producers[3]
    assert entry.producer_epoch == 2 and len(entry.batches) == 1
    # the old epoch's batches are no longer duplicates; the old epoch is fenced
    with pytest.raises(InvalidProducerEpochError):
        log.append_as_leader(batch(3, 1, 0, 2), 0)
    assert log.log_end_offset == 3


def test_negative_sequence_with_producer_id_is_invalid(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    with pytest.raises(InvalidRecordError):
        log.append_as_leader(batch(3, 0, -1), 0)


def test_non_idempotent_batches_are_not_tracked(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    plain = RecordBatchBuilder()
    plain.append(b"x")
    log.append_as_leader(bytearray(plain.build()), 0)
    log.append_as_leader(bytearray(plain.build()), 0)
    assert log.log_end_offset == 2 and not log.producer_state.producers


def test_follower_append_updates_state_without_checks(tmp_path: Path) -> None:
    leader = open_log(tmp_path / "leader")
    leader.append_as_leader(batch(4, 0, 0, 2), 0)
    leader.append_as_leader(batch(4, 0, 2), 0)
    data = leader.read(0, 1 << 20).records.tobytes()
    follower = open_log(tmp_path / "follower")
    follower.append_as_follower(data)
    entry = follower.producer_state.producers[4]
    assert entry.last_seq == 2 and entry.last_offset == 2 and len(entry.batches) == 2


def test_expiry(tmp_path: Path) -> None:
    clock = Clock()
    log = open_log(tmp_path, clock)
    log.producer_state.expiration_ms = 1000
    log.append_as_leader(batch(5, 0, 0, ts=NOW), 0)
    log.append_as_leader(batch(6, 0, 0, ts=NOW + 900), 0)
    assert log.producer_state.remove_expired(NOW + 999) == 0
    assert log.producer_state.remove_expired(NOW + 1000) == 1
    assert set(log.producer_state.producers) == {6}
    # an expired producer continues with any sequence (its state is gone)
    clock.now = NOW + 5000
    log.producer_state.check_interval_ms = 0
    log.append_as_leader(batch(6, 0, 77, ts=NOW + 5000), 0)
    assert log.producer_state.producers[6].last_seq == 77


def test_open_transaction_does_not_expire(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    log.producer_state.expiration_ms = 10
    log.append_as_leader(batch(8, 0, 0, txn=True), 0)
    assert log.producer_state.producers[8].current_txn_first_offset == 0
    assert log.producer_state.remove_expired(NOW + 10**9) == 0


def _state(log: Log) -> dict[int, tuple[object, ...]]:
    return {
        pid: (
            e.producer_epoch,
            tuple(e.batches),
            e.last_timestamp,
            e.coordinator_epoch,
            e.current_txn_first_offset,
        )
        for pid, e in log.producer_state.producers.items()
    }


def _fill(log: Log, producers: int = 4, rounds: int = 30) -> None:
    seqs = dict.fromkeys(range(producers), 0)
    for r in range(rounds):
        for pid in range(producers):
            n = 1 + (r + pid) % 3
            epoch = 0 if r < rounds // 2 else 1
            if epoch == 1 and r == rounds // 2:
                seqs[pid] = 0
            log.append_as_leader(batch(100 + pid, epoch, seqs[pid], n), 0)
            seqs[pid] += n


def test_rebuild_after_unclean_shutdown_equals_state_before(tmp_path: Path) -> None:
    log = open_log(tmp_path, segment_bytes=1500)
    _fill(log)
    assert len(log.segments) > 3
    snaps = sorted(p.name for p in (tmp_path / "t-0").glob("*.snapshot"))
    assert snaps, "a roll writes a snapshot"
    before, leo = _state(log), log.log_end_offset
    log.flush()
    log.close()  # no clean-shutdown snapshot: as after a crash
    again = Log.open(tmp_path / "t-0", log.config, clock_ms=Clock(), had_clean_shutdown=False)
    assert again.log_end_offset == leo
    assert _state(again) == before
    # without any snapshot the full replay gives the same state
    for p in (tmp_path / "t-0").glob("*.snapshot"):
        p.unlink()
    again.close()
    third = Log.open(tmp_path / "t-0", log.config, clock_ms=Clock())
    assert _state(third) == before


def test_retry_after_reopen_is_still_a_duplicate(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    first = log.append_as_leader(batch(1, 0, 0, 3), 0)
    log.flush()
    log.take_producer_snapshot()
    log.close()
    again = Log.open(tmp_path / "t-0", log.config, clock_ms=Clock(), had_clean_shutdown=True)
    dup = again.append_as_leader(batch(1, 0, 0, 3), 0)
    assert dup.duplicate and dup.first_offset == first.first_offset
    assert again.log_end_offset == 3


def test_corrupt_snapshot_is_ignored(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    for i in range(5):
        log.append_as_leader(batch(1, 0, i), 0)
    log.take_producer_snapshot()
    before = _state(log)
    log.close()
    snap = tmp_path / "t-0" / f"{5:020d}.snapshot"
    data = bytearray(snap.read_bytes())
    data[-3] ^= 0xFF
    snap.write_bytes(bytes(data))
    again = Log.open(tmp_path / "t-0", log.config, clock_ms=Clock())
    assert _state(again) == before
    assert not snap.exists()


def test_truncation_deletes_later_snapshots_and_rebuilds(tmp_path: Path) -> None:
    log = open_log(tmp_path, segment_bytes=600)
    for i in range(20):
        log.append_as_leader(batch(1, 0, i), 0)
    offsets = sorted(int(p.name[:20]) for p in (tmp_path / "t-0").glob("*.snapshot"))
    assert len(offsets) >= 2
    cut = offsets[0] + 1
    log.truncate_to(cut)
    left = sorted(int(p.name[:20]) for p in (tmp_path / "t-0").glob("*.snapshot"))
    assert all(o <= cut for o in left)
    assert log.producer_state.producers[1].last_seq == cut - 1
    # the producer may now resend from the truncation point
    log.append_as_leader(batch(1, 0, cut), 0)
    log.truncate_fully_and_start_at(100)
    assert not log.producer_state.producers
    assert not list((tmp_path / "t-0").glob("*.snapshot"))


def test_records_of_appended_batches_are_intact(tmp_path: Path) -> None:
    log = open_log(tmp_path)
    log.append_as_leader(batch(1, 0, 0, 2), 0)
    log.append_as_leader(batch(1, 0, 0, 2), 0)  # duplicate
    data = log.read(0, 1 << 20).records.tobytes()
    headers = [h for _, h in iter_batches(data)]
    assert [(h.base_offset, h.base_sequence) for h in headers] == [(0, 0)]
