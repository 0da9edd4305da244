"""The leader side of transaction markers: the WriteTxnMarkers handler and ``append_marker``
against real partition logs -- Kafka's error codes (not leader, unknown partition, ISR below
min.insync.replicas, stale coordinator epoch, stale producer epoch), nothing written on an error,
the answer held until the high watermark covers the marker (acks=all), the group coordinator
told about ``__consumer_offsets`` markers, and the KIP-890 verification guard notified; and
the coordinator's marker channel: re-resolving leaders, retrying, superseded markers, cancel."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from strom.broker.handlers.txn import write_txn_markers
from strom.broker.inter_broker import InterBrokerPool
from strom.broker.replica_manager import Partition, ReplicaManager
from strom.broker.security.listeners import ListenerSecurity
from strom.broker.txn_markers import MarkerChannel, append_marker
from strom.client.errors import KafkaConnectionError
from strom.coordinator.txn.metadata import MarkerJob
from strom.errors import ErrorCode
from strom.protocol import records as rec
from strom.protocol.messages.write_txn_markers import (
    WriteTxnMarkersRequest,
    WriteTxnMarkersResponse,
)
from strom.storage.config import LogConfig
from strom.storage.log import Log

pytestmark = pytest.mark.unit
E = ErrorCode
PID = 4000


class FakeBroker:
    """What the marker path touches of a broker: its replica manager, the group coordinator's
    loading set and marker callback, and the transaction runtime's produce verifier."""

    inter_broker_security = None  # inter-broker connections in plaintext

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.broker_id = 1
        self.authorizer = None  # no authorizer: WriteTxnMarkers needs no CLUSTER_ACTION
        # ... but must come from another broker: a cluster, on its inter-broker listener
        inter = ListenerSecurity("PLAINTEXT", "PLAINTEXT", inter_broker=True)
        self.peer_listeners = {"PLAINTEXT": inter}
        self.replica_manager = ReplicaManager(1)
        self.group_markers: list[tuple[int, int, bool]] = []
        self.guard: list[tuple[tuple[str, int], int]] = []
        self.groups = SimpleNamespace(
            coordinator=SimpleNamespace(loading=set()),
            on_txn_marker=lambda i, pid, commit: self.group_markers.append((i, pid, commit)),
        )
        self.txn = SimpleNamespace(
            verifier=SimpleNamespace(marker_written=lambda tp, pid: self.guard.append((tp, pid)))
        )

    def partition(
        self, topic: str, index: int, *, leader: int = 1, isr: list[int] | None = None,
        min_isr: int = 1,
    ) -> Partition:  # fmt: skip
        lg = Log.open(self.tmp / f"{topic}-{index}", LogConfig(min_insync_replicas=min_isr))
        p = Partition(topic, index, uuid.uuid4(), lg, 1, [1, 2, 3], 7, leader=leader)
        p.isr = [1] if isr is None else isr
        p.tracking.reset_followers()
        self.replica_manager.add(p)
        return p


def _transactional_batch(p: Partition, epoch: int = 0) -> None:
    b = rec.RecordBatchBuilder(producer_id=PID, producer_epoch=epoch, base_sequence=0,
                               is_transactional=True)  # fmt: skip
    b.append(b"v", key=b"k", timestamp=1)
    r = p.append_as_leader(memoryview(b.build()), 1)
    assert r.error == E.NONE


def _markers(*entries: tuple[str, list[int], int, int]) -> WriteTxnMarkersRequest:
    """entries: (topic, partitions, producer epoch, coordinator epoch), all COMMIT."""
    R = WriteTxnMarkersRequest
    return R(
        markers=[
            R.WritableTxnMarker(
                producer_id=PID, producer_epoch=pe, transaction_result=True,
                topics=[R.WritableTxnMarkerTopic(name=t, partition_indexes=ps)],
                coordinator_epoch=ce,
            )
            for t, ps, pe, ce in entries
        ]
    )  # fmt: skip


def _errors(resp: Any) -> list[tuple[str, int, int]]:
    return [
        (t.name, p.partition_index, p.error_code)
        for m in resp.markers
        for t in m.topics
        for p in t.partitions
    ]


def test_handler_answers_kafka_error_codes_per_partition(tmp_path: Path) -> None:
    b = FakeBroker(tmp_path)
    lead = b.partition("t", 0)
    follower = b.partition("t", 1, leader=2)
    short_isr = b.partition("t", 2, isr=[1], min_isr=2)
    for p in (lead, follower, short_isr):
        if p.is_leader:
            _transactional_batch(p)
    ends = {p.index: p.log.log_end_offset for p in (lead, follower, short_isr)}
    ctx = SimpleNamespace(broker=b, services=b, api_version=1, listener="PLAINTEXT")
    resp = asyncio.run(write_txn_markers(ctx, _markers(("t", [0, 1, 2], 0, 3), ("u", [0], 0, 3))))
    assert _errors(resp) == [
        ("t", 0, E.NONE),
        ("t", 1, E.NOT_LEADER_OR_FOLLOWER),
        ("t", 2, E.NOT_ENOUGH_REPLICAS),
        ("u", 0, E.UNKNOWN_TOPIC_OR_PARTITION),
    ]
    assert lead.log.log_end_offset == ends[0] + 1  # the marker
    assert follower.log.log_end_offset == ends[1] and short_isr.log.log_end_offset == ends[2]
    assert lead.log.last_stable_offset == lead.log.log_end_offset  # the transaction is closed
    assert b.guard == [(("t", 0), PID)]


def test_stale_coordinator_or_producer_epoch_is_refused_and_writes_nothing(
    tmp_path: Path,
) -> None:
    b = FakeBroker(tmp_path)
    p = b.partition("t", 0)
    _transactional_batch(p, epoch=2)
    ctx = SimpleNamespace(broker=b, services=b, api_version=1, listener="PLAINTEXT")
    first = asyncio.run(write_txn_markers(ctx, _markers(("t", [0], 2, 5))))
    assert _errors(first) == [("t", 0, E.NONE)]
    end = p.log.log_end_offset
    stale_coordinator = asyncio.run(write_txn_markers(ctx, _markers(("t", [0], 2, 4))))
    assert _errors(stale_coordinator) == [("t", 0, E.TRANSACTION_COORDINATOR_FENCED)]
    stale_producer = asyncio.run(write_txn_markers(ctx, _markers(("t", [0], 1, 5))))
    assert _errors(stale_producer) == [("t", 0, E.INVALID_PRODUCER_EPOCH)]
    assert p.log.log_end_offset == end
    # the same coordinator epoch again (a retry) and a newer one are accepted
    again = asyncio.run(write_txn_markers(ctx, _markers(("t", [0], 2, 5), ("t", [0], 2, 6))))
    assert _errors(again) == [("t", 0, E.NONE), ("t", 0, E.NONE)]
    assert p.log.log_end_offset == end + 2


def test_marker_is_answered_only_once_the_isr_has_it(tmp_path: Path) -> None:
    b = FakeBroker(tmp_path)
    p = b.partition("t", 0, isr=[1, 2], min_isr=2)
    p.tracking.update_follower(2, p.log.log_end_offset)

    async def body() -> tuple[ErrorCode, ErrorCode, bool]:
        timed_out = await append_marker(b, "t", 0, PID, 0, False, 1, timeout_s=0.2)
        marker_end = p.log.log_end_offset
        task = asyncio.ensure_future(append_marker(b, "t", 0, PID, 0, False, 1, timeout_s=5))
        await asyncio.sleep(0.1)
        waiting = not task.done()
        if p.tracking.update_follower(2, p.log.log_end_offset):
            b.replica_manager.high_watermark_moved(("t", 0))
        assert p.log.high_watermark == p.log.log_end_offset > marker_end
        return timed_out, await task, waiting

    timed_out, answered, waited = asyncio.run(body())
    assert timed_out == E.REQUEST_TIMED_OUT  # appended, never replicated: not acknowledged
    assert waited and answered == E.NONE


def test_consumer_offsets_markers_reach_the_group_coordinator_unless_loading(
    tmp_path: Path,
) -> None:
    b = FakeBroker(tmp_path)
    p = b.partition("__consumer_offsets", 3)
    b.groups.coordinator.loading.add(3)
    end = p.log.log_end_offset
    assert asyncio.run(append_marker(b, "__consumer_offsets", 3, PID, 0, True, 1)) == (
        E.COORDINATOR_LOAD_IN_PROGRESS
    )
    assert p.log.log_end_offset == end and b.group_markers == []
    b.groups.coordinator.loading.clear()
    assert asyncio.run(append_marker(b, "__consumer_offsets", 3, PID, 0, True, 1)) == E.NONE
    assert b.group_markers == [(3, PID, True)]


# -- the coordinator's marker channel against scripted leaders -------------------------------


class ScriptedPool(InterBrokerPool):
    """Answers WriteTxnMarkers per destination port from a script; records every request
    (the pool's own ``try_request`` handles the scripted failures)."""

    def __init__(self, script: dict[int, list[dict[int, ErrorCode] | Exception]]) -> None:
        self.script = script
        self.sent: list[tuple[int, list[int]]] = []
        self.dropped: list[int] = []

    async def request(self, host: str, port: int, req: Any, resp_type: Any, version: int,
                      timeout: float | None = None) -> Any:  # fmt: skip
        parts = [i for m in req.markers for t in m.topics for i in t.partition_indexes]
        self.sent.append((port, parts))
        answer = self.script[port].pop(0)
        if isinstance(answer, Exception):
            raise answer
        R = WriteTxnMarkersResponse
        return R(markers=[R.WritableTxnMarkerResult(producer_id=PID, topics=[
            R.WritableTxnMarkerTopicResult(name="t", partitions=[
                R.WritableTxnMarkerPartitionResult(partition_index=i, error_code=answer[i])
                for i in parts])])])  # fmt: skip

    def drop(self, host: str, port: int) -> None:
        self.dropped.append(port)

    def close(self) -> None:
        pass


class ChannelBroker(FakeBroker):
    def __init__(self, tmp: Path) -> None:
        super().__init__(tmp)
        self.leaders: dict[tuple[str, int], int] = {}
        self.metadata = SimpleNamespace(topic=lambda name: object())

    def partition_leader(self, topic: str, index: int) -> tuple[int, str, int] | None:
        leader = self.leaders.get((topic, index))
        return None if leader is None else (leader, "127.0.0.1", leader)  # port = broker id


def _job(*parts: int) -> MarkerJob:
    return MarkerJob("tx", PID, 0, True, frozenset(("t", i) for i in parts), 3)



def channel(b: ChannelBroker, on_done: Any) -> MarkerChannel:
    """The channel wired to the fake's leaders, metadata and local partitions."""
    return MarkerChannel(
        broker_id=b.broker_id, cluster=b, metadata=b.metadata,  # type: ignore[arg-type]
        security=None, target=b, on_done=on_done,  # type: ignore[arg-type]
    )  # fmt: skip

def test_channel_retries_with_the_new_leader_until_every_marker_is_written(
    tmp_path: Path,
) -> None:
    b = ChannelBroker(tmp_path)
    b.leaders = {("t", 0): 2, ("t", 1): 2, ("t", 2): 1}
    local = b.partition("t", 2)
    _transactional_batch(local)
    done: list[MarkerJob] = []
    pool = ScriptedPool({
        2: [{0: E.NONE, 1: E.NOT_LEADER_OR_FOLLOWER}],
        3: [KafkaConnectionError("refused"), {1: E.NONE}],
    })  # fmt: skip

    async def on_done(job: MarkerJob) -> None:
        done.append(job)

    async def body() -> None:
        ch = channel(b, on_done)
        ch.pool = pool  # type: ignore[assignment]
        job = _job(0, 1, 2)
        ch.add(job)
        await asyncio.sleep(0.05)
        assert not done  # t-1 still missing
        b.leaders[("t", 1)] = 3  # leadership moved: the next rounds go to broker 3
        for _ in range(50):
            await asyncio.sleep(0.05)
            if done:
                break
        assert ch.pending == []

    asyncio.run(body())
    assert done == [_job(0, 1, 2)]
    assert pool.sent[0] == (2, [0, 1]) and pool.sent[-2:] == [(3, [1]), (3, [1])]
    assert pool.dropped == [3]  # the failed connection is not reused
    assert local.log.last_stable_offset == local.log.log_end_offset  # written locally


def test_channel_counts_superseded_markers_as_done_and_stops_when_cancelled(
    tmp_path: Path,
) -> None:
    b = ChannelBroker(tmp_path)
    b.leaders = {("t", 0): 2}
    done: list[MarkerJob] = []
    pool = ScriptedPool({2: [{0: E.TRANSACTION_COORDINATOR_FENCED}]})

    async def on_done(job: MarkerJob) -> None:
        done.append(job)

    async def body() -> None:
        ch = channel(b, on_done)
        ch.pool = pool  # type: ignore[assignment]
        ch.add(_job(0))
        await asyncio.sleep(0.05)
        assert done == [_job(0)]
        b.leaders = {}  # no leader known: retried forever, until cancelled
        ch.add(_job(1))
        await asyncio.sleep(0.25)
        assert ch.pending == [_job(1)]
        ch.cancel(lambda j: True)
        await asyncio.sleep(0.15)
        assert ch.pending == [] and done == [_job(0)]

    asyncio.run(body())
