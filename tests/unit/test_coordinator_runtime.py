"""The coordinator runtime without a broker: an in-memory topic whose high watermark the test
moves, and a shard that records what the runtime asks of it."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

import pytest

from strom.coordinator.runtime import Appended, CoordinatorRuntime, build_batch
from strom.errors import ErrorCode
from strom.protocol import records as rec

pytestmark = pytest.mark.unit
E = ErrorCode


class MemoryTopic:
    """Partitions as lists of real record batches; replication is what the test says."""

    topic = "__coord"

    def __init__(self, partitions: int = 2) -> None:
        self.batches: dict[int, list[bytearray]] = {p: [] for p in range(partitions)}
        self.end: dict[int, int] = dict.fromkeys(range(partitions), 0)
        self.hw: dict[int, int] = dict.fromkeys(range(partitions), 0)
        self.leads: list[tuple[int, int]] = [(p, 7) for p in range(partitions)]
        self.created = False
        self.append_error = E.NONE
        self.waiters: list[tuple[int, int, asyncio.Future[ErrorCode]]] = []

    def exists(self) -> bool:
        return self.created

    def create(self) -> None:
        self.created = True

    def local_partitions(self) -> list[tuple[int, int]]:
        return list(self.leads)

    def append(self, partition: int, batch: bytes, client: bool) -> Appended:
        if self.append_error != E.NONE:
            return Appended(self.append_error)
        buf = bytearray(batch)
        rec.stamp_base_offset(buf, 0, self.end[partition])
        (_, header), *_ = rec.iter_batches(buf)
        self.batches[partition].append(buf)
        self.end[partition] = header.next_offset
        return Appended(E.NONE, self.end[partition])

    def offsets(self, partition: int) -> tuple[int, int, int] | None:
        return 0, self.hw[partition], self.end[partition]

    def read(self, partition: int, offset: int, max_bytes: int, max_offset: int) -> bytes:
        return b"".join(self.batches[partition])  # from the start: replay skips nothing here

    async def wait_for_replication(self, partition: int, upto: int, timeout_s: float) -> ErrorCode:
        if self.hw[partition] >= upto:
            return E.NONE
        fut: asyncio.Future[ErrorCode] = asyncio.get_running_loop().create_future()
        self.waiters.append((partition, upto, fut))
        return await fut

    def replicate(self, partition: int) -> None:
        self.hw[partition] = self.end[partition]
        for p, upto, fut in self.waiters:
            if p == partition and upto <= self.hw[p] and not fut.done():
                fut.set_result(E.NONE)


class RecordingShard:
    def __init__(self) -> None:
        self.epochs: dict[int, int] = {}
        self.loading: set[int] = set()
        self.state: dict[int, dict[bytes, bytes | None]] = {}
        self.events: list[tuple[Any, ...]] = []
        self.deadline: int | None = None
        self.timer_calls: list[int] = []

    def loaded_epoch(self, partition: int) -> int | None:
        return self.epochs.get(partition)

    def begin_load(self, partition: int, epoch: int) -> None:
        self.epochs[partition] = epoch
        self.loading.add(partition)
        self.state[partition] = {}
        self.events.append(("begin", partition, epoch))

    def replay(self, partition: int, producer_id: int, key: bytes, value: bytes | None) -> None:
        if key == b"bad":
            raise ValueError("unreadable key")
        self.events.append(("replay", partition, producer_id, key))
        self.state.setdefault(partition, {})[key] = value

    def replay_marker(self, partition: int, producer_id: int, commit: bool) -> None:
        self.events.append(("marker", partition, producer_id, commit))

    def complete_load(self, partition: int) -> None:
        self.loading.discard(partition)
        self.events.append(("loaded", partition))

    def unload(self, partition: int) -> None:
        del self.epochs[partition]
        self.state.pop(partition, None)
        self.events.append(("unload", partition))

    def next_deadline(self) -> int | None:
        return self.deadline

    async def on_timer(self, now: int) -> None:
        self.timer_calls.append(now)


def run(coro: Coroutine[Any, Any, None]) -> None:
    asyncio.run(asyncio.wait_for(coro, 10))


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_load_replays_to_the_log_end_and_unload_forgets() -> None:
    async def scenario() -> None:
        topic, shard = MemoryTopic(), RecordingShard()
        topic.created = True
        rt = CoordinatorRuntime(topic, shard, write_timeout_s=5)
        # records already in partition 0, beyond the high watermark (a new leader's view)
        topic.append(0, build_batch([(b"a", b"1"), (b"bad", b"x"), (b"b", b"2")], None), True)
        topic.append(0, build_batch([(b"a", None)], None), True)
        topic.append(0, build_batch([(b"o", b"t")], (42, 0)), False)
        marker = rec.build_control_batch(producer_id=42, producer_epoch=0, commit=True,
                                         coordinator_epoch=1, timestamp=0)  # fmt: skip
        topic.append(0, marker, False)
        rt.start()
        assert shard.loading == {0, 1}, "partitions answer LOAD_IN_PROGRESS until replayed"
        await settle()
        assert shard.loading == set()
        assert shard.state[0] == {b"a": None, b"b": b"2", b"o": b"t"}  # the bad record skipped
        assert ("replay", 0, 42, b"o") in shard.events and ("marker", 0, 42, True) in shard.events
        assert ("replay", 0, -1, b"a") in shard.events
        g = rt.generation(0)
        rt.load(0, 7)  # the epoch already loaded: nothing happens
        assert rt.generation(0) == g and shard.events.count(("begin", 0, 7)) == 1
        rt.unload(0)
        assert 0 not in shard.epochs and rt.generation(0) == g + 1
        rt.unload(0)  # not owned: nothing
        assert shard.events.count(("unload", 0)) == 1
        rt.load(0, 8)
        await settle()
        assert shard.epochs[0] == 8 and shard.state[0][b"b"] == b"2"
        rt.load(0, 9)  # a new epoch: unloaded, then loaded again
        assert shard.events[-2:] == [("unload", 0), ("begin", 0, 9)]
        await rt.shutdown()

    run(scenario())


def test_a_load_superseded_before_it_ran_is_skipped() -> None:
    async def scenario() -> None:
        topic, shard = MemoryTopic(1), RecordingShard()
        topic.append(0, build_batch([(b"k", b"v")], None), True)
        rt = CoordinatorRuntime(topic, shard, write_timeout_s=5)
        rt.load(0, 1)
        rt.unload(0)  # before the load task ran
        await settle()
        assert not any(e[0] in ("replay", "loaded") for e in shard.events)
        assert 0 not in shard.epochs
        await rt.shutdown()

    run(scenario())


def test_writes_settle_after_replication_in_append_order() -> None:
    async def scenario() -> None:
        topic, shard = MemoryTopic(), RecordingShard()
        rt = CoordinatorRuntime(topic, shard, write_timeout_s=5)
        first = rt.write({0: [(b"k", b"1")]})
        second = rt.write({0: [(b"k", b"2")], 1: [(b"j", b"1")]})
        assert first.error == E.NONE and first.ends == {0: 1}
        assert second.ends == {0: 2, 1: 1}
        await settle()
        assert not first.replicated.done() and not second.replicated.done()
        # the later write's own waits complete first: it still settles after the earlier one
        (_, _, f1), (p2, _, f2a) = topic.waiters  # the second write waits per partition
        assert p2 == 0
        f2a.set_result(E.NONE)
        await settle()
        (p3, _, f2b) = topic.waiters[2]
        assert p3 == 1
        f2b.set_result(E.NONE)
        await settle()
        assert not second.replicated.done()
        f1.set_result(E.REQUEST_TIMED_OUT)
        assert await first.replicated == E.REQUEST_TIMED_OUT
        assert await second.replicated == E.NONE
        order: list[str] = []
        third = rt.write({1: [(b"x", b"y")]})
        third.replicated.add_done_callback(lambda _: order.append("third"))
        topic.replicate(1)
        await third.replicated
        assert order == ["third"]
        # the high watermark already covers the records (one node): settled at once
        topic.hw[0] = 10**6
        quick = rt.write({0: [(b"k", b"3")]})
        assert quick.replicated.done() and quick.replicated.result() == E.NONE
        # nothing appended, nothing to wait for
        empty = rt.write({0: []})
        assert empty.replicated.result() == E.NONE and empty.ends == {}
        await rt.shutdown()

    run(scenario())


def test_an_append_error_is_the_write_result_and_appends_nothing_after_it() -> None:
    async def scenario() -> None:
        topic, shard = MemoryTopic(), RecordingShard()
        rt = CoordinatorRuntime(topic, shard, write_timeout_s=5)
        topic.append_error = E.NOT_LEADER_OR_FOLLOWER
        w = rt.write({0: [(b"k", b"v")], 1: [(b"k", b"v")]})
        assert w.error == E.NOT_LEADER_OR_FOLLOWER and w.ends == {}
        assert w.replicated.result() == E.NOT_LEADER_OR_FOLLOWER
        assert topic.end == {0: 0, 1: 0}
        await rt.shutdown()

    run(scenario())


def test_shutdown_cancels_writes_waiting_for_replication() -> None:
    async def scenario() -> None:
        topic, shard = MemoryTopic(), RecordingShard()
        rt = CoordinatorRuntime(topic, shard, write_timeout_s=5)
        w = rt.write({0: [(b"k", b"v")]})
        await settle()
        await rt.shutdown()
        assert w.replicated.cancelled()

    run(scenario())


def test_timer_runs_at_the_shards_deadline_and_when_woken() -> None:
    async def scenario() -> None:
        topic, shard = MemoryTopic(), RecordingShard()
        rt = CoordinatorRuntime(topic, shard, write_timeout_s=5)
        shard.deadline = 2**62  # far away: the timer only runs when woken (or every second)
        rt.start()
        await settle()
        calls = len(shard.timer_calls)
        rt.wake()
        for _ in range(100):
            await asyncio.sleep(0.01)
            if len(shard.timer_calls) > calls:
                break
        assert len(shard.timer_calls) == calls + 1
        shard.deadline = 0  # due now
        for _ in range(100):
            await asyncio.sleep(0.01)
            if len(shard.timer_calls) > calls + 3:
                break
        assert len(shard.timer_calls) > calls + 3
        await rt.shutdown()

    run(scenario())


def test_ensure_topic_creates_it_and_marks_its_local_partitions_loaded() -> None:
    async def scenario() -> None:
        topic, shard = MemoryTopic(), RecordingShard()
        rt = CoordinatorRuntime(topic, shard, write_timeout_s=5)
        rt.ensure_topic()
        assert topic.created and shard.epochs == {0: 7, 1: 7} and not shard.loading
        rt.ensure_topic()  # exists: nothing
        assert shard.events.count(("begin", 0, 7)) == 1
        await rt.shutdown()

    run(scenario())
