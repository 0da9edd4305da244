"""Transactions in a partition log: markers, last stable offset, aborted-transaction index,
and the rebuild of both after reopening the log."""

from __future__ import annotations

from pathlib import Path

import pytest

from strom.protocol import records as rec
from strom.storage.log import Log
from strom.storage.log_txn import TransactionCoordinatorFencedError
from strom.storage.producer_state import InvalidProducerEpochError


def _txn_batch(pid: int, epoch: int, seq: int, n: int = 2) -> bytearray:
    b = rec.RecordBatchBuilder(
        producer_id=pid, producer_epoch=epoch, base_sequence=seq, is_transactional=True
    )
    for i in range(n):
        b.append(f"v{seq + i}".encode(), key=b"k", timestamp=1000)
    return bytearray(b.build())


def _plain(n: int = 1) -> bytearray:
    b = rec.RecordBatchBuilder()
    for _ in range(n):
        b.append(b"plain", timestamp=1000)
    return bytearray(b.build())


def test_lso_and_aborted_index(tmp_path: Path) -> None:
    log = Log.open(tmp_path / "t-0")
    log.append_as_leader(_plain(), 0)  # offset 0
    log.append_as_leader(_txn_batch(7, 0, 0), 0)  # 1-2, txn of 7 opens at 1
    log.high_watermark = log.log_end_offset
    assert log.last_stable_offset == 1
    log.append_as_leader(_txn_batch(8, 0, 0), 0)  # 3-4, txn of 8 opens at 3
    log.append_marker(7, 0, False, 0, 0, 2000)  # 5: abort 7
    log.high_watermark = log.log_end_offset
    assert log.last_stable_offset == 3
    log.append_marker(8, 0, True, 0, 0, 2000)  # 6: commit 8
    log.high_watermark = log.log_end_offset
    assert log.last_stable_offset == log.log_end_offset == 7
    [a] = log.aborted_transactions(0, 7)
    assert (a.producer_id, a.first_offset, a.last_offset) == (7, 1, 5)
    assert log.aborted_transactions(6, 7) == []
    assert log.aborted_transactions(0, 1) == []
    log.close()

    reopened = Log.open(tmp_path / "t-0", high_watermark=7)
    entries = reopened.all_aborted_transactions()
    assert [(e.producer_id, e.first_offset, e.last_offset) for e in entries] == [(7, 1, 5)]
    assert reopened.last_stable_offset == 7
    reopened.truncate_to(5)
    assert reopened.all_aborted_transactions() == []
    assert reopened.last_stable_offset == 1  # both transactions are open again
    reopened.close()


def test_open_transaction_survives_reopen(tmp_path: Path) -> None:
    log = Log.open(tmp_path / "t-0")
    log.append_as_leader(_plain(2), 0)
    log.append_as_leader(_txn_batch(9, 1, 0), 0)
    log.close()
    log = Log.open(tmp_path / "t-0", high_watermark=4)
    assert log.last_stable_offset == 2
    log.close()


def test_marker_fencing(tmp_path: Path) -> None:
    log = Log.open(tmp_path / "t-0")
    log.append_as_leader(_txn_batch(7, 3, 0), 0)
    log.append_marker(7, 3, True, 5, 0, 1)
    with pytest.raises(TransactionCoordinatorFencedError):
        log.append_marker(7, 3, True, 4, 0, 1)
    with pytest.raises(InvalidProducerEpochError):
        log.append_marker(7, 2, True, 5, 0, 1)
    # a bumped-epoch abort marker fences the producer's old epoch on produce
    log.append_marker(7, 4, False, 5, 0, 1)
    with pytest.raises(InvalidProducerEpochError):
        log.append_as_leader(_txn_batch(7, 3, 2), 0)
    log.close()


def test_coordinator_batches_skip_sequence_checks(tmp_path: Path) -> None:
    log = Log.open(tmp_path / "__consumer_offsets-0")
    b = rec.RecordBatchBuilder(producer_id=5, producer_epoch=0, is_transactional=True)
    b.append(b"v", key=b"k", timestamp=1)
    log.append_as_leader(bytearray(b.build()), 0, client=False)
    log.high_watermark = log.log_end_offset
    assert log.last_stable_offset == 0
    log.append_marker(5, 0, True, 0, 0, 2)
    log.high_watermark = log.log_end_offset
    assert log.last_stable_offset == 2
    log.close()
