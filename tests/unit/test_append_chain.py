"""The leader append chain's session-12 cuts (issue 15) against the general path they replace.

- :meth:`Log.append_as_leader` builds no :class:`ProducerAppend` for one batch without a
  producer id (it asks :meth:`ProducerStateManager.prepare_leader_append` only when a producer
  id may be checked): on random append sequences mixing such batches with idempotent ones
  (producer id 0 included), client and coordinator appends, transactional batches, retried
  duplicates, sequence gaps, stale epochs, several batches per append, new leader epochs, and
  segments that roll on size and on a full index, a log appended through it ends byte for byte
  as a log appended through the general path (every batch's producer-state check, then
  ``append_raw_as_leader`` and ``commit``): the same answers or errors, segment and index files,
  producer entries, open transactions, ``map_end_offset`` and leader epochs.
- The roll rule's full-index checks (methods now, were properties) still roll a segment whose
  offset index, or whose time index, is full.
- :func:`append_info` builds its :class:`AppendInfo` through ``tuple.__new__``: every field is
  what the keyword construction gives.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.errors import KafkaError
from strom.protocol.records import RecordBatchBuilder, iter_batches
from strom.protocol.records.constants import NO_PRODUCER_EPOCH, NO_PRODUCER_ID, NO_SEQUENCE
from strom.storage.config import LogConfig
from strom.storage.log import Log
from strom.storage.log_append import append_info, max_timestamp
from strom.storage.log_results import AppendInfo

pytestmark = pytest.mark.unit

NOW = 1_760_000_000_000


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> int:
        return self.now


def config(index_bytes: int = 10 * 1024 * 1024) -> LogConfig:
    # small segments and a dense index: appends roll on size and on a full index
    return LogConfig(
        segment_bytes=900,
        segment_index_bytes=index_bytes,
        index_interval_bytes=120,
        file_delete_delay_ms=0,
    )


def batch(pid: int, epoch: int, seq: int, count: int, txn: bool, ts: int) -> bytes:
    b = RecordBatchBuilder(
        producer_id=pid,
        producer_epoch=epoch if pid >= 0 else NO_PRODUCER_EPOCH,
        base_sequence=seq if pid >= 0 else NO_SEQUENCE,
        is_transactional=txn and pid >= 0,
    )
    for i in range(count):
        b.append(b"v" * 40, key=b"k%d" % i, timestamp=ts + i)
    return b.build()


@dataclass
class Op:
    batches: list[tuple[int, int, str, int, bool]]  # (pid, epoch, sequence mode, count, txn)
    client: bool
    leader_epoch_step: int
    known: bool  # the caller passes the parsed headers (as the partition does)
    tick: int


@st.composite
def ops(draw: st.DrawFn) -> list[Op]:
    one = st.tuples(
        st.sampled_from([NO_PRODUCER_ID, NO_PRODUCER_ID, 0, 7]),
        st.sampled_from([0, 0, 1]),
        st.sampled_from(["next", "next", "next", "dup", "gap", "zero"]),
        st.integers(1, 4),
        st.booleans(),
    )
    return draw(
        st.lists(
            st.builds(
                Op,
                batches=st.lists(one, min_size=1, max_size=2),
                client=st.sampled_from([True, True, True, False]),
                leader_epoch_step=st.sampled_from([0, 0, 0, 1]),
                known=st.booleans(),
                tick=st.sampled_from([0, 1, 5_000]),
            ),
            min_size=1,
            max_size=25,
        )
    )


def buffers(seq: list[Op]) -> list[tuple[bytearray, Op, int]]:
    """Each op's bytes (sequence numbers from the producer's last one, as the mode says) and
    leader epoch; the same for both logs."""
    next_seq: dict[int, int] = {}
    last: dict[int, tuple[int, int]] = {}
    out = []
    epoch = 0
    ts = NOW
    for op in seq:
        epoch += op.leader_epoch_step
        parts = []
        for pid, pepoch, mode, count, txn in op.batches:
            seq_no = next_seq.get(pid, 0)
            if mode == "dup" and pid in last:
                seq_no, count = last[pid]
            elif mode == "gap":
                seq_no += 3
            elif mode == "zero":
                seq_no = 0
            parts.append(batch(pid, pepoch, seq_no, count, txn, ts))
            last[pid] = (seq_no, count)
            next_seq[pid] = seq_no + count
            ts += count
        out.append((bytearray(b"".join(parts)), op, epoch))
    return out


def reference_append(log: Log, records: bytearray, leader_epoch: int, client: bool) -> AppendInfo:
    """The general path: every batch's producer-state check, then the append, then commit."""
    state = log.producer_state
    now = log.clock_ms()
    state.maybe_remove_expired(now)
    headers = [h for _, h in iter_batches(records, strict=True)]
    check = state.prepare_leader_append(headers, log.log_end_offset, client)
    if check.duplicate is not None:
        return AppendInfo.of_duplicate(
            check.duplicate, log.log_start_offset, log.config.log_append_time
        )
    info = log.append_raw_as_leader(records, leader_epoch)
    state.commit(check, log.log_end_offset)
    return info


def outcome(fn: object) -> object:
    try:
        return fn()  # type: ignore[operator]
    except KafkaError as exc:
        return (type(exc).__name__, exc.code, exc.message)


def state_of(log: Log) -> object:
    ps = log.producer_state
    files = {
        p.name: p.read_bytes()
        for p in sorted(log.directory.iterdir())
        if p.is_file() and not p.name.endswith(".snapshot")
    }
    snapshots = sorted(p.name for p in log.directory.iterdir() if p.name.endswith(".snapshot"))
    return (
        files,
        snapshots,
        {pid: e.to_snapshot() for pid, e in ps.producers.items()},
        dict(ps.ongoing),
        ps.map_end_offset,
        log.log_end_offset,
        log.leader_epoch_cache.entries,
        [s.base_offset for s in log.segments],
    )


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seq=ops(), index_bytes=st.sampled_from([10 * 1024 * 1024, 32]))
def test_the_leader_append_answers_and_writes_as_the_general_path(
    tmp_path_factory: pytest.TempPathFactory, seq: list[Op], index_bytes: int
) -> None:
    root = tmp_path_factory.mktemp("chain")
    clock = Clock()
    # (the same directory name: error messages name it)
    fast = Log.open(root / "fast" / "t-0", config(index_bytes), clock_ms=clock)
    ref = Log.open(root / "ref" / "t-0", config(index_bytes), clock_ms=clock)
    try:
        for records, op, epoch in buffers(seq):
            clock.now += op.tick
            a, b = bytearray(records), bytearray(records)
            known = list(iter_batches(a, strict=True)) if op.known else None
            got = outcome(lambda: fast.append_as_leader(a, epoch, op.client, known, clock.now))  # noqa: B023
            want = outcome(lambda: reference_append(ref, b, epoch, op.client))  # noqa: B023
            assert got == want
            assert a == b  # stamped alike (or not at all)
        assert state_of(fast) == state_of(ref)
    finally:
        fast.close()
        ref.close()


def test_a_batch_without_producer_id_moves_the_producer_state_end(tmp_path: Path) -> None:
    log = Log.open(tmp_path / "t-0", config(), clock_ms=Clock())
    try:
        for _ in range(3):
            log.append_as_leader(bytearray(batch(NO_PRODUCER_ID, 0, 0, 2, False, NOW)), 0)
        assert log.producer_state.map_end_offset == 6
        assert log.producer_state.producers == {}
    finally:
        log.close()


@pytest.mark.parametrize("full", ["offset", "time"])
def test_a_segment_whose_index_is_full_rolls(tmp_path: Path, full: str) -> None:
    log = Log.open(tmp_path / "t-0", config(index_bytes=1 << 20), clock_ms=Clock())
    try:
        log.append_as_leader(bytearray(batch(NO_PRODUCER_ID, 0, 0, 1, False, NOW)), 0)
        seg = log.active_segment
        # the roll rule reads each index's own fullness: make this one full (the time index
        # reports full one entry early)
        if full == "offset":
            seg.offset_index.max_entries = seg.offset_index.entries
        else:
            seg.time_index.max_entries = seg.time_index.entries + 1
        assert seg.offset_index.is_full() is (full == "offset")
        assert seg.time_index.is_full() is (full == "time")
        log.append_as_leader(bytearray(batch(NO_PRODUCER_ID, 0, 0, 1, False, NOW)), 0)
        assert len(log.segments) == 2
        assert log.active_segment.base_offset == 1
    finally:
        log.close()


@settings(max_examples=100, deadline=None)
@given(
    counts=st.lists(st.integers(1, 5), min_size=1, max_size=3),
    first=st.integers(0, 1 << 40),
    lso=st.integers(0, 1 << 40),
    rolled=st.booleans(),
    append_time=st.booleans(),
)
def test_append_info_has_every_field_of_the_keyword_construction(
    counts: list[int], first: int, lso: int, rolled: bool, append_time: bool
) -> None:
    parts = []
    for n in counts:
        b = RecordBatchBuilder()
        for i in range(n):
            b.append(b"x", key=None, timestamp=NOW + i)
        parts.append(b.build())
    buf = bytearray(b"".join(parts))
    headers = list(iter_batches(buf, strict=True))
    nxt = first
    for _, h in headers:
        h.base_offset = nxt
        if append_time:
            h.attributes |= 0x08
        nxt += h.last_offset_delta + 1
    info = append_info(buf, headers, lso, rolled, max_timestamp(headers))
    ts, ts_offset = max_timestamp(headers)
    assert type(info) is AppendInfo
    assert info == AppendInfo(
        first_offset=first,
        last_offset=nxt - 1,
        max_timestamp=ts,
        offset_of_max_timestamp=ts_offset,
        log_append_time=headers[0][1].max_timestamp if append_time else -1,
        log_start_offset=lso,
        records_count=sum(counts),
        batch_count=len(counts),
        valid_bytes=len(buf),
        rolled=rolled,
    )
    assert info.duplicate is False and info.rolled is rolled
