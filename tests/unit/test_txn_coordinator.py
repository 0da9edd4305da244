"""The transaction coordinator state machine and its TransactionLog record codecs."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from strom.coordinator.txn.coordinator import TransactionCoordinator
from strom.coordinator.txn.metadata import TxnState
from strom.coordinator.txn.records import (
    TxnLogValue,
    decode_key,
    decode_value,
    encode_key,
    encode_value,
)
from strom.errors import ErrorCode as E
from strom.protocol.codec import DecodeError

S = TxnState


def _coord(**kw: int) -> TransactionCoordinator:
    ids = itertools.count(1000)
    c = TransactionCoordinator(50, lambda: next(ids), **kw)
    for p in range(50):
        c.begin_load(p, 0)
        c.complete_load(p)
    return c


def _run(c: TransactionCoordinator, out):  # type: ignore[no-untyped-def]
    c.install(out)
    return out


def _init(c: TransactionCoordinator, tid: str, now: int = 0, timeout: int = 60_000):  # type: ignore[no-untyped-def]
    return _run(c, c.init_producer_id(tid, timeout, -1, -1, now)).result


def test_codec_roundtrip_and_kafka_bytes() -> None:
    assert encode_key("t") == b"\x00\x00\x00\x01t"
    assert decode_key(encode_key("tx-ü")) == "tx-ü"
    v = TxnLogValue(7, 3, 60000, 1, frozenset({("a", 0), ("a", 2), ("b", 1)}), 10, 5)
    assert decode_value(encode_value(v, False)) == v
    empty = TxnLogValue(7, 3, 60000, 0, frozenset(), 10, -1)
    raw = encode_value(empty, True)
    assert raw[2 + 8 + 2 + 4 + 1 :][:4] == b"\xff\xff\xff\xff"  # null partitions
    assert decode_value(raw) == empty
    with pytest.raises(DecodeError):
        decode_value(raw[:-3])
    with pytest.raises(DecodeError):
        decode_key(b"\x00\x05\x00")


def test_flexible_value_v1_decodes() -> None:
    body = (
        b"\x00\x01"
        + (9).to_bytes(8, "big")
        + (2).to_bytes(2, "big")
        + (1000).to_bytes(4, "big")
        + b"\x01"
        + b"\x02"  # compact array of 1
        + b"\x02t"  # compact string "t"
        + b"\x02"
        + (4).to_bytes(4, "big")
        + b"\x00"  # partition tags
        + (11).to_bytes(8, "big")
        + (12).to_bytes(8, "big")
        + b"\x01\x00\x02\x00\x01"  # one tagged field (tag 0, 2 bytes)
    )
    v = decode_value(body)
    assert (v.producer_id, v.producer_epoch, v.status, v.partitions) == (9, 2, 1, {("t", 4)})


def test_init_bumps_epoch_and_fences() -> None:
    c = _coord()
    err, pid, epoch = _init(c, "t")
    assert (err, epoch) == (E.NONE, 0)
    err2, pid2, epoch2 = _init(c, "t")
    assert (err2, pid2, epoch2) == (E.NONE, pid, 1)
    # the old epoch is fenced everywhere
    assert _run(c, c.add_partitions("t", pid, 0, [("x", 0)], 1)).result == E.PRODUCER_FENCED
    assert _run(c, c.end_txn("t", pid, 0, True, 1)).result == E.PRODUCER_FENCED
    assert _run(c, c.add_partitions("t", 999, 1, [("x", 0)], 1)).result == (
        E.INVALID_PRODUCER_ID_MAPPING
    )


def test_invalid_timeout_and_not_coordinator() -> None:
    c = _coord(max_timeout_ms=1000)
    assert c.init_producer_id("t", 5000, -1, -1, 0).result[0] == E.INVALID_TRANSACTION_TIMEOUT
    assert c.init_producer_id("t", 0, -1, -1, 0).result[0] == E.INVALID_TRANSACTION_TIMEOUT
    other = TransactionCoordinator(50, lambda: 1)
    assert other.init_producer_id("t", 100, -1, -1, 0).result[0] == E.NOT_COORDINATOR
    other.begin_load(other.partition_for("t"), 0)
    assert other.init_producer_id("t", 100, -1, -1, 0).result[0] == (E.COORDINATOR_LOAD_IN_PROGRESS)


def test_commit_cycle_and_marker_job() -> None:
    c = _coord()
    _, pid, ep = _init(c, "t")
    out = _run(c, c.add_partitions("t", pid, ep, [("x", 0), ("y", 1)], 5))
    assert out.result == E.NONE and c.txns["t"].state == S.ONGOING
    assert c.txns["t"].start_ms == 5
    # already included: no record
    assert not c.add_partitions("t", pid, ep, [("x", 0)], 6).records
    out = _run(c, c.end_txn("t", pid, ep, True, 7))
    assert out.result == E.NONE and c.txns["t"].state == S.PREPARE_COMMIT
    (job,) = out.markers
    assert job.commit and job.partitions == {("x", 0), ("y", 1)}
    # while markers are pending
    assert c.add_partitions("t", pid, ep, [("z", 0)], 8).result == E.CONCURRENT_TRANSACTIONS
    assert c.end_txn("t", pid, ep, True, 8).result == E.CONCURRENT_TRANSACTIONS
    assert c.end_txn("t", pid, ep, False, 8).result == E.INVALID_TXN_STATE
    assert c.init_producer_id("t", 100, -1, -1, 8).result[0] == E.CONCURRENT_TRANSACTIONS
    _run(c, c.complete(job, 9))
    assert c.txns["t"].state == S.COMPLETE_COMMIT and not c.txns["t"].partitions
    assert c.end_txn("t", pid, ep, True, 10).result == E.NONE  # retry of a done commit
    assert c.end_txn("t", pid, ep, False, 10).result == E.INVALID_TXN_STATE


def test_end_txn_on_empty_is_invalid_state() -> None:
    c = _coord()
    _, pid, ep = _init(c, "t")
    assert c.end_txn("t", pid, ep, True, 1).result == E.INVALID_TXN_STATE


def test_init_while_ongoing_aborts_with_bumped_epoch() -> None:
    c = _coord()
    _, pid, ep = _init(c, "t")
    _run(c, c.add_partitions("t", pid, ep, [("x", 0)], 1))
    out = _run(c, c.init_producer_id("t", 1000, -1, -1, 2))
    assert out.result[0] == E.CONCURRENT_TRANSACTIONS
    (job,) = out.markers
    assert not job.commit and job.producer_epoch == ep + 1
    assert c.txns["t"].state == S.PREPARE_ABORT
    _run(c, c.complete(job, 3))
    assert c.txns["t"].state == S.COMPLETE_ABORT
    err, pid2, ep2 = _init(c, "t", 4)
    assert (err, pid2, ep2) == (E.NONE, pid, ep + 2)


def test_timeout_aborts_and_fences() -> None:
    c = _coord()
    _, pid, ep = _init(c, "t", timeout=100)
    _run(c, c.add_partitions("t", pid, ep, [("x", 0)], 1000))
    assert c.next_deadline() == 1100
    assert not c.abort_timed_out(1050).records
    out = _run(c, c.abort_timed_out(1100))
    (job,) = out.markers
    assert not job.commit and job.producer_epoch == ep + 1
    assert c.end_txn("t", pid, ep, True, 1200).result == E.PRODUCER_FENCED


def test_kip360_retry_and_fencing() -> None:
    c = _coord()
    _, pid, ep = _init(c, "t")
    # the producer re-initialises with its current id/epoch (after an abortable error)
    err, pid1, ep1 = _run(c, c.init_producer_id("t", 1000, pid, ep, 1)).result
    assert (err, pid1, ep1) == (E.NONE, pid, ep + 1)
    # a retry of that request (response lost) gets the same epoch back
    assert _run(c, c.init_producer_id("t", 1000, pid, ep, 2)).result == (E.NONE, pid, ep + 1)
    # an unknown producer id is fenced
    assert c.init_producer_id("t", 1000, 4242, 0, 3).result[0] == E.PRODUCER_FENCED


def test_epoch_exhaustion_rotates_producer_id() -> None:
    c = _coord()
    _, pid, _ = _init(c, "t")
    c.txns["t"] = dataclasses.replace(c.txns["t"], producer_epoch=32766)
    err, pid2, ep2 = _init(c, "t")
    assert err == E.NONE and pid2 != pid and ep2 == 0


def test_verify_only() -> None:
    c = _coord()
    _, pid, ep = _init(c, "t")
    _run(c, c.add_partitions("t", pid, ep, [("x", 0)], 1))
    res = c.verify_partitions("t", pid, ep, [("x", 0), ("x", 1)])
    assert res == {("x", 0): E.NONE, ("x", 1): E.INVALID_TXN_STATE}
    assert c.verify_partitions("t", pid, ep + 1, [("x", 0)]) == {("x", 0): E.PRODUCER_FENCED}


def test_replay_rebuilds_state_and_pending_markers() -> None:
    c = _coord()
    _, pid, ep = _init(c, "t")
    records = list(_run(c, c.add_partitions("t", pid, ep, [("x", 0)], 1)).records)
    records += _run(c, c.end_txn("t", pid, ep, False, 2)).records
    part = c.partition_for("t")
    fresh = TransactionCoordinator(50, lambda: 1)
    fresh.begin_load(part, 3)
    for p, k, v in records:
        assert v is not None
        fresh.replay(p, k, v)
    assert fresh.txns["t"].state == S.PREPARE_ABORT
    (job,) = fresh.complete_load(part)
    assert not job.commit and job.partitions == {("x", 0)} and job.coordinator_epoch == 3


def test_id_expiration_tombstones_idle_ids() -> None:
    c = _coord(id_expiration_ms=1000)
    _init(c, "t", 0)
    out = _run(c, c.expire_ids(500))
    assert not out.records
    out = _run(c, c.expire_ids(1000))
    assert out.records == [(c.partition_for("t"), encode_key("t"), None)]
    assert "t" not in c.txns
