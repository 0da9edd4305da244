"""ReplicaManager owns the data path, driven here against real partition logs on disk:

- acks=all is answered only once every ISR member's fetch has reached the records (the follower
  fetch moves the high watermark, the replica manager completes the produce), refused with
  NOT_ENOUGH_REPLICAS below ``min.insync.replicas``, failed when leadership moves;
- a parked follower fetch is answered as soon as records are appended, and once the high
  watermark moved past the one it was last sent: with the next records if they come within
  ``HIGH_WATERMARK_NEWS_LINGER_S``, else alone when that linger ends (ADR 0037);
- a woken fetch re-reads only the partitions that changed;
- an unproven follower fetch moves nothing; a caught-up follower is offered to ISR expansion.
"""

from __future__ import annotations

import asyncio
import shutil
import time
import uuid
from pathlib import Path

import pytest

from strom.broker import fetch_read
from strom.broker.partition import Partition
from strom.broker.replica_manager import (
    AppendResult,
    FetchParams,
    FetchPartitionData,
    FetchPartitionSpec,
    ReplicaManager,
)
from strom.errors import ErrorCode
from strom.protocol import records as rec
from strom.storage.config import LogConfig
from strom.storage.log import Log

pytestmark = pytest.mark.unit
E = ErrorCode
T = "t"


class IsrRequests:
    """The cluster side the data path calls (ReplicationControl): records ISR expansions."""

    def __init__(self) -> None:
        self.expanded: list[tuple[int, int, list[int]]] = []

    def maybe_expand_isr(self, p: Partition, replica: int) -> None:
        new_isr = p.tracking.isr_to_expand(replica)
        if new_isr is not None:
            self.expanded.append((p.index, replica, new_isr))

    def preferred_read_replica(self, p: Partition, rack: str, fetch_offset: int) -> int:
        return -1


def _manager(tmp: Path, partitions: int = 1, isr: list[int] | None = None, min_isr: int = 2
             ) -> tuple[ReplicaManager, IsrRequests]:  # fmt: skip
    control = IsrRequests()
    rm = ReplicaManager(1, control)
    for i in range(partitions):
        lg = Log.open(tmp / f"{T}-{i}", LogConfig(min_insync_replicas=min_isr))
        p = Partition(T, i, uuid.uuid4(), lg, 1, [1, 2, 3], 0, leader=1)
        p.isr = [1, 2, 3] if isr is None else isr
        p.tracking.reset_followers()
        rm.add(p)
    return rm, control


def _batch(n: int = 1) -> memoryview:
    b = rec.RecordBatchBuilder()
    for k in range(n):
        b.append(b"v%d" % k, key=None, timestamp=int(time.time() * 1000))
    return memoryview(b.build())


def _follower(replica: int, wait_ms: int = 0) -> FetchParams:
    return FetchParams(replica_id=replica, max_wait_ms=wait_ms, replica_proven=True)


def _spec(offset: int, index: int = 0) -> FetchPartitionSpec:
    return FetchPartitionSpec(T, index, offset, 1 << 20)


async def _fetch(rm: ReplicaManager, params: FetchParams, *specs: FetchPartitionSpec
                 ) -> list[FetchPartitionData]:  # fmt: skip
    return await rm.fetch_messages(params, list(specs))


def test_acks_all_is_answered_once_every_isr_follower_fetched_past_the_records(
    tmp_path: Path,
) -> None:
    rm, _ = _manager(tmp_path)

    async def body() -> None:
        produce = asyncio.ensure_future(rm.append_records([((T, 0), _batch(3))], -1, 5))
        await asyncio.sleep(0.05)
        assert not produce.done()
        [d2] = await _fetch(rm, _follower(2), _spec(0))  # replica 2 gets the records
        assert d2.error == E.NONE and d2.size > 0 and d2.high_watermark == 0
        await _fetch(rm, _follower(2), _spec(3))  # replica 2 has them; replica 3 not yet
        await asyncio.sleep(0.05)
        assert not produce.done()
        assert rm.partitions[(T, 0)].log.high_watermark == 0
        await _fetch(rm, _follower(3), _spec(3))  # the last ISR member: the HW moves to 3
        [r] = await asyncio.wait_for(produce, 5)
        assert r.error == E.NONE and r.base_offset == 0
        assert rm.partitions[(T, 0)].log.high_watermark == 3
        assert rm.purgatory_sizes() == {"Fetch": 0, "Produce": 0}

    asyncio.run(body())


def test_acks_all_below_min_isr_appends_nothing_and_leadership_loss_fails_waiters(
    tmp_path: Path,
) -> None:
    rm, _ = _manager(tmp_path, isr=[1], min_isr=2)
    p = rm.partitions[(T, 0)]

    async def body() -> None:
        [r] = await rm.append_records([((T, 0), _batch())], -1, 5)
        assert r.error == E.NOT_ENOUGH_REPLICAS and p.log.log_end_offset == 0
        p.isr = [1, 2]
        produce = asyncio.ensure_future(rm.append_records([((T, 0), _batch())], -1, 5))
        await asyncio.sleep(0.05)
        assert rm.purgatory_sizes()["Produce"] == 1
        rm.fail_hw_waiters((T, 0))
        [r] = await asyncio.wait_for(produce, 5)
        assert r.error == E.NOT_LEADER_OR_FOLLOWER  # appended, never acknowledged
        [r] = await rm.append_records([((T, 0), _batch())], -1, 0.05)
        assert r.error == E.REQUEST_TIMED_OUT

    asyncio.run(body())


def test_a_parked_follower_fetch_is_answered_when_records_arrive(tmp_path: Path) -> None:
    rm, _ = _manager(tmp_path, isr=[1, 2], min_isr=1)

    async def body() -> None:
        await _fetch(rm, _follower(2), _spec(0))  # told the high watermark (0) once
        parked = asyncio.ensure_future(_fetch(rm, _follower(2, wait_ms=10_000), _spec(0)))
        await asyncio.sleep(0.05)
        assert not parked.done() and rm.purgatory_sizes()["Fetch"] == 1
        [r] = await rm.append_records([((T, 0), _batch(2))], 1, 5)
        assert r.error == E.NONE
        [d] = await asyncio.wait_for(parked, 2)  # well before the 10 s max wait
        assert d.error == E.NONE and d.size > 0
        assert rm.purgatory_sizes()["Fetch"] == 0

    asyncio.run(body())


def test_a_parked_follower_fetch_learns_a_new_high_watermark_after_the_linger(
    tmp_path: Path,
) -> None:
    rm, _ = _manager(tmp_path)
    p = rm.partitions[(T, 0)]

    async def body() -> None:
        [r] = await rm.append_records([((T, 0), _batch(2))], 1, 5)
        assert r.error == E.NONE
        for replica in (2, 3):
            await _fetch(rm, _follower(replica), _spec(0))  # both get the records
        [d] = await _fetch(rm, _follower(2), _spec(2))  # caught up; HW still 0 (3 is at 0)
        assert d.size == 0 and d.high_watermark == 0
        parked = asyncio.ensure_future(_fetch(rm, _follower(2, wait_ms=10_000), _spec(2)))
        await asyncio.sleep(0.05)
        assert not parked.done()
        [d3] = await asyncio.wait_for(_fetch(rm, _follower(3, wait_ms=10_000), _spec(2)), 2)
        assert p.log.high_watermark == 2
        assert d3.high_watermark == 2  # its own fetch moved it: answered with it after the linger
        [d] = await asyncio.wait_for(parked, 2)
        assert d.size == 0 and d.high_watermark == 2  # no records, the new high watermark

    asyncio.run(body())


async def _caught_up_followers_after_records(
    rm: ReplicaManager,
) -> tuple[asyncio.Future[list[FetchPartitionData]], asyncio.Future[list[FetchPartitionData]]]:
    """Both followers got records 0-1; follower 2 parks at 2 (the high watermark still 0), then
    follower 3's fetch at 2 moves the high watermark to 2 and parks too: both hold news."""
    [r] = await rm.append_records([((T, 0), _batch(2))], 1, 5)
    assert r.error == E.NONE
    for replica in (2, 3):
        await _fetch(rm, _follower(replica), _spec(0))
    parked2 = asyncio.ensure_future(_fetch(rm, _follower(2, wait_ms=10_000), _spec(2)))
    await asyncio.sleep(0.05)
    parked3 = asyncio.ensure_future(_fetch(rm, _follower(3, wait_ms=10_000), _spec(2)))
    await asyncio.sleep(0.05)
    assert rm.partitions[(T, 0)].log.high_watermark == 2
    return parked2, parked3


def test_high_watermark_news_waits_for_records_within_the_linger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Within the linger, followers whose only news is the high watermark stay parked; the next
    records answer them, carrying the high watermark: one response each, not two (without the
    linger both are answered at once, empty)."""
    monkeypatch.setattr(fetch_read, "HIGH_WATERMARK_NEWS_LINGER_S", 30.0)
    rm, _ = _manager(tmp_path)

    async def body() -> None:
        parked2, parked3 = await _caught_up_followers_after_records(rm)
        await asyncio.sleep(0.2)
        assert not parked2.done() and not parked3.done()
        [r] = await rm.append_records([((T, 0), _batch())], 1, 5)
        assert r.error == E.NONE
        for parked in (parked2, parked3):
            [d] = await asyncio.wait_for(parked, 2)  # well before the 10 s max wait
            assert d.size > 0 and d.high_watermark == 2

    asyncio.run(body())


def test_high_watermark_news_alone_is_answered_when_the_linger_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No records come: each parked follower is answered with the new high watermark alone once
    its news is the linger old, not before, and well before ``max_wait_ms``."""
    linger = 0.3
    monkeypatch.setattr(fetch_read, "HIGH_WATERMARK_NEWS_LINGER_S", linger)
    rm, _ = _manager(tmp_path)

    async def body() -> None:
        t0 = time.monotonic()
        parked2, parked3 = await _caught_up_followers_after_records(rm)
        [d3] = await asyncio.wait_for(parked3, 5)
        [d2] = await asyncio.wait_for(parked2, 5)
        assert time.monotonic() - t0 >= linger  # not at once
        for d in (d2, d3):
            assert d.size == 0 and d.high_watermark == 2

    asyncio.run(body())


def test_a_woken_fetch_rereads_only_the_partitions_that_changed(tmp_path: Path) -> None:
    rm, _ = _manager(tmp_path, partitions=3, isr=[1], min_isr=1)
    reads: list[int] = []
    original = rm.read_partition

    def counting(params: FetchParams, spec: FetchPartitionSpec, left: int, first: bool
                 ) -> FetchPartitionData:  # fmt: skip
        reads.append(spec.partition)
        return original(params, spec, left, first)

    rm.read_partition = counting  # type: ignore[method-assign]

    async def body() -> None:
        consumer = FetchParams(max_wait_ms=10_000, min_bytes=1)
        fetch = asyncio.ensure_future(_fetch(rm, consumer, *(_spec(0, i) for i in range(3))))
        await asyncio.sleep(0.05)
        assert sorted(reads) == [0, 1, 2]
        reads.clear()
        await rm.append_records([((T, 1), _batch())], 1, 5)
        out = await asyncio.wait_for(fetch, 2)
        assert reads == [1]  # partitions 0 and 2 did not change: not read again
        assert [d.size > 0 for d in out] == [False, True, False]

    asyncio.run(body())


def test_an_unproven_follower_moves_nothing_and_a_caught_up_one_is_offered_to_the_isr(
    tmp_path: Path,
) -> None:
    rm, control = _manager(tmp_path, isr=[1, 2], min_isr=1)
    p = rm.partitions[(T, 0)]

    async def body() -> None:
        await rm.append_records([((T, 0), _batch(2))], 1, 5)
        await _fetch(rm, _follower(2), _spec(0))
        spoofed = FetchParams(replica_id=2, replica_proven=False)
        [d] = await _fetch(rm, spoofed, _spec(2))
        assert d.error == E.STALE_BROKER_EPOCH and p.log.high_watermark == 0
        await _fetch(rm, _follower(2), _spec(2))
        assert p.log.high_watermark == 2
        assert control.expanded == []
        await _fetch(rm, _follower(3), _spec(2))  # replica 3 caught up: ask to expand
        assert control.expanded == [(0, 3, [1, 2, 3])]

    asyncio.run(body())


def test_fetch_answers_fencing_and_leadership_errors_per_partition(tmp_path: Path) -> None:
    rm, _ = _manager(tmp_path, isr=[1], min_isr=1)
    p = rm.partitions[(T, 0)]
    p.leader_epoch = 5

    async def body() -> None:
        consumer = FetchParams()
        stale = FetchPartitionSpec(T, 0, 0, 1 << 20, current_leader_epoch=4)
        newer = FetchPartitionSpec(T, 0, 0, 1 << 20, current_leader_epoch=6)
        missing = FetchPartitionSpec(T, 9, 0, 1 << 20)
        out = await _fetch(rm, consumer, stale, newer, missing)
        assert [d.error for d in out] == [
            E.FENCED_LEADER_EPOCH, E.UNKNOWN_LEADER_EPOCH, E.UNKNOWN_TOPIC_OR_PARTITION,
        ]  # fmt: skip
        p.leader = 2
        [d] = await _fetch(rm, _follower(3), _spec(0))
        assert d.error == E.NOT_LEADER_OR_FOLLOWER
        [r] = await rm.append_records([((T, 0), _batch())], 1, 5)
        assert isinstance(r, AppendResult) and r.error == E.NOT_LEADER_OR_FOLLOWER

    asyncio.run(body())


def test_a_leader_append_that_moves_the_high_watermark_completes_waiting_produces(
    tmp_path: Path,
) -> None:
    rm, _ = _manager(tmp_path, isr=[1, 2], min_isr=1)
    p = rm.partitions[(T, 0)]

    async def body() -> None:
        waiting = asyncio.ensure_future(rm.append_records([((T, 0), _batch())], -1, 10))
        await asyncio.sleep(0.05)
        assert not waiting.done()
        p.isr = [1]  # the ISR shrank to the leader (no high-watermark event of its own here)
        [r] = await rm.append_records([((T, 0), _batch())], -1, 5)
        assert r.error == E.NONE and p.log.high_watermark == 2
        [first] = await asyncio.wait_for(waiting, 2)  # completed by that append, not a timeout
        assert first.error == E.NONE

    asyncio.run(body())


def test_acks_all_is_answered_after_the_log_is_replaced_by_its_moved_copy(
    tmp_path: Path,
) -> None:
    """A log directory move swaps the partition's log for its copy (Partition.replace_log):
    an acks=all write appended to the copy moves the high watermark and is answered (the
    high-watermark rule read the old, frozen log before: appended, never acknowledged)."""
    rm, _ = _manager(tmp_path, isr=[1], min_isr=1)
    p = rm.partitions[(T, 0)]

    async def body() -> None:
        [r] = await asyncio.wait_for(rm.append_records([((T, 0), _batch(2))], -1, 5000), 5)
        assert r.error == E.NONE and p.log.high_watermark == 2
        old = p.log
        old.flush()
        copy = tmp_path / "moved" / f"{T}-0"
        shutil.copytree(old.directory, copy)
        new = Log.open(copy, old.config, high_watermark=old.high_watermark)
        p.replace_log(new)
        [r] = await asyncio.wait_for(rm.append_records([((T, 0), _batch(3))], -1, 5000), 5)
        assert r.error == E.NONE and r.base_offset == 2
        assert new.high_watermark == 5 and new.log_end_offset == 5
        assert old.log_end_offset == 2  # the old log took nothing
        assert rm.purgatory_sizes() == {"Fetch": 0, "Produce": 0}
        new.close()

    asyncio.run(body())
