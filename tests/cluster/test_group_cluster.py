"""Group coordinator failover on a real 3-broker cluster (``offsets.topic.replication.factor=3``).

First the coordinator's acks=all on ``__consumer_offsets``: with both followers of a group's
partition paused (SIGSTOP), an OffsetCommit is not answered after the local append but fails
after ``offsets.commit.timeout.ms`` with COORDINATOR_NOT_AVAILABLE, and OffsetFetch keeps
answering the previous offset; once the followers run again a commit succeeds.

Then two groups -- one classic (eager range), one KIP-848 (``group.protocol=consumer``) -- whose
``__consumer_offsets`` partitions have the same replicas in the same order consume a 6-partition
topic (18,000 records) with confluent-kafka, committing synchronously after every batch:

- At a third, consumption pauses and the broker that coordinates both groups (found with
  FindCoordinator) is SIGKILLed. FindCoordinator names another broker, which loaded the groups
  from its replica of ``__consumer_offsets``; OffsetFetch there returns exactly the offsets whose
  commits were acknowledged before the kill (an acknowledged commit is replicated, so no failover
  loses it).
- The killed broker is restarted; at two thirds the second coordinator is SIGKILLed while the
  consumers are busy, and they go on through the failover.
- Every record is consumed; a record is consumed again only at or after its partition's last
  acknowledged commit (the uncommitted tail), never before it; the members' final commits are
  accepted by the third coordinator (their generation / member epoch survived two failovers).
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict

import pytest
from cluster_util import FAST, partitions, wait_for, wait_isr, wait_leader
from confluent_kafka import Consumer, KafkaException, Producer
from confluent_kafka.admin import AdminClient, NewTopic

from strom.client.connection import BrokerConnection
from strom.coordinator.group.types import partition_for
from strom.errors import ErrorCode
from strom.protocol.messages.find_coordinator import (
    FindCoordinatorRequest,
    FindCoordinatorResponse,
)
from strom.protocol.messages.offset_commit import OffsetCommitRequest, OffsetCommitResponse
from strom.protocol.messages.offset_fetch import OffsetFetchRequest, OffsetFetchResponse

pytestmark = [pytest.mark.integration, pytest.mark.slow]

TOPIC = "events"
PARTS = 6
PER_PART = 3000
TOTAL = PARTS * PER_PART
OFFSETS = "__consumer_offsets"
COMMIT_TIMEOUT_MS = 1500  # below replica.lag.time.max.ms (FAST: 3000): the ISR stays full


async def _request(port: int, req: object, resp_cls: type, version: int) -> object:
    conn = BrokerConnection("127.0.0.1", port, client_id="probe", request_timeout=10,
                            connect_timeout=5, max_in_flight=1)  # fmt: skip
    await conn.connect()
    try:
        return await conn.request(req, resp_cls, version)  # type: ignore[arg-type]
    finally:
        conn.close()


def find_coordinator(port: int, group: str) -> int | None:
    """FindCoordinator v3 for ``group`` asked of the broker on ``port``: the node id, or None."""
    req = FindCoordinatorRequest(key=group, key_type=0, coordinator_keys=[])
    resp = asyncio.run(_request(port, req, FindCoordinatorResponse, 3))
    assert isinstance(resp, FindCoordinatorResponse)
    return resp.node_id if resp.error_code == 0 else None


def live_coordinator(port: int, group: str, live: list[int]) -> int | None:
    """The coordinator of ``group`` once the broker on ``port`` names a live one (its metadata
    may still name a killed broker for a moment)."""
    node = find_coordinator(port, group)
    return node if node in live else None


def commit(port: int, group: str, partition: int, offset: int) -> int:
    """A simple OffsetCommit v8 (no member, generation -1); the partition's error code."""
    R = OffsetCommitRequest
    part = R.OffsetCommitRequestPartition(partition_index=partition, committed_offset=offset)
    topic = R.OffsetCommitRequestTopic(name=TOPIC, partitions=[part])
    req = R(group_id=group, generation_id_or_member_epoch=-1, member_id="", topics=[topic])
    resp = asyncio.run(_request(port, req, OffsetCommitResponse, 8))
    assert isinstance(resp, OffsetCommitResponse)
    return int(resp.topics[0].partitions[0].error_code)


def committed(port: int, group: str) -> dict[int, int] | None:
    """OffsetFetch v7 (require_stable) of every committed partition of ``group``; None on error."""
    req = OffsetFetchRequest(group_id=group, topics=None, require_stable=True, groups=[])
    resp = asyncio.run(_request(port, req, OffsetFetchResponse, 7))
    assert isinstance(resp, OffsetFetchResponse)
    if resp.error_code != 0:
        return None
    out = {}
    for t in resp.topics:
        for p in t.partitions:
            if t.name == TOPIC and p.error_code == 0 and p.committed_offset >= 0:
                out[p.partition_index] = p.committed_offset
    return out


class Group:
    """Three consumers of one group, polled from the test thread, committing every batch."""

    def __init__(self, bootstrap: str, group_id: str, kip848: bool) -> None:
        conf: dict[str, object] = {
            "bootstrap.servers": bootstrap, "group.id": group_id, "auto.offset.reset": "earliest",
            "enable.auto.commit": False, "log_level": 0,
        }  # fmt: skip
        if kip848:
            conf.update({"group.protocol": "consumer", "group.remote.assignor": "uniform"})
        else:
            conf.update({"session.timeout.ms": 10000, "heartbeat.interval.ms": 500,
                         "partition.assignment.strategy": "range"})  # fmt: skip
        self.id = group_id
        self.consumers = [Consumer(conf) for _ in range(3)]
        for c in self.consumers:
            c.subscribe([TOPIC])
        self.seen: dict[tuple[int, int], int] = defaultdict(int)  # (partition, offset) -> times
        self.values: set[int] = set()
        self.acked: dict[int, int] = {}  # partition -> offset of the last acknowledged commit
        self.rereads: list[tuple[int, int, int]] = []  # (partition, offset, acked then)
        self.commits = self.failed_commits = 0

    def poll(self) -> None:
        for c in self.consumers:
            msgs = [m for m in c.consume(200, 0.02) if m.error() is None]
            for m in msgs:
                key = (m.partition(), m.offset())
                if self.seen[key]:
                    self.rereads.append((*key, self.acked.get(m.partition(), 0)))
                self.seen[key] += 1
                self.values.add(int(m.value()))
            if not msgs:
                continue
            try:
                result = c.commit(asynchronous=False)
            except KafkaException:
                self.failed_commits += 1  # not acknowledged: the consumer may re-read its tail
                continue
            self.commits += 1
            for tp in result or []:
                if tp.error is None and tp.offset >= 0 and tp.topic == TOPIC:
                    self.acked[tp.partition] = tp.offset

    def commit_positions(self) -> None:
        """Commit every consumer's position (after the last record it consumed)."""
        for c in self.consumers:
            positions = [tp for tp in c.position(c.assignment()) if tp.offset >= 0]
            if not positions:
                continue
            try:
                result = c.commit(offsets=positions, asynchronous=False)
            except KafkaException:
                self.failed_commits += 1
                continue
            for tp in result or []:
                if tp.error is None and tp.offset >= 0:
                    self.acked[tp.partition] = tp.offset

    def close(self) -> None:
        for c in self.consumers:
            c.close()


def groups_led_by_one_broker(bootstrap: str) -> tuple[list[str], int]:
    """Three group ids whose ``__consumer_offsets`` partitions have the same leader and the same
    replicas in the same order (so a failover moves them to the same broker), and that leader."""
    state = partitions(bootstrap, OFFSETS)
    by_replicas: dict[tuple[int, ...], list[str]] = defaultdict(list)
    for i in range(300):
        gid = f"g{i}"
        leader, replicas, _ = state[partition_for(gid, len(state))]
        by_replicas[(leader, *replicas)].append(gid)
    key, gids = max(by_replicas.items(), key=lambda kv: len(kv[1]))
    return gids[:3], key[0]


def check_commit_waits_for_replication(c, coordinator: int, group: str) -> None:  # type: ignore[no-untyped-def]
    port = c.broker(coordinator).port
    index = partition_for(group, 50)
    _, replicas, isr = partitions(c.bootstrap, OFFSETS)[index]
    followers = [r for r in replicas if r != coordinator]
    assert len(followers) == 2 and sorted(isr) == sorted(replicas)
    assert commit(port, group, 0, 5) == ErrorCode.NONE
    for f in followers:
        c.broker(f).pause()
    try:
        # appended on the leader, never replicated in time: Kafka's REQUEST_TIMED_OUT mapping
        assert commit(port, group, 0, 7) == ErrorCode.COORDINATOR_NOT_AVAILABLE
        assert committed(port, group) == {0: 5}
    finally:
        for f in followers:
            c.broker(f).resume()
    wait_for("a replicated commit", lambda: commit(port, group, 0, 9) == ErrorCode.NONE)
    assert committed(port, group) == {0: 9}


def consume_until(groups: list[Group], count: int, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while any(len(g.values) < count for g in groups):
        assert time.monotonic() < deadline, [len(g.values) for g in groups]
        for g in groups:
            if len(g.values) < count:
                g.poll()


def test_coordinator_failover_keeps_acknowledged_commits(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    t0 = time.monotonic()
    c = cluster_factory(3, overrides={**FAST, "offsets.commit.timeout.ms": str(COMMIT_TIMEOUT_MS)})
    admin = AdminClient({"bootstrap.servers": c.bootstrap, "log_level": 0})
    admin.create_topics([NewTopic(TOPIC, PARTS, 3)])[TOPIC].result(30)
    wait_for("__consumer_offsets", lambda: find_coordinator(c.broker(1).port, "probe"))
    wait_isr(c.bootstrap, OFFSETS, 3)
    wait_isr(c.bootstrap, TOPIC, 3)
    (classic_id, kip848_id, probe_id), coordinator = groups_led_by_one_broker(c.bootstrap)
    for gid in (classic_id, kip848_id, probe_id):
        assert find_coordinator(c.broker(1).port, gid) == coordinator
    check_commit_waits_for_replication(c, coordinator, probe_id)

    prod = Producer({"bootstrap.servers": c.bootstrap, "acks": "all", "linger.ms": 5})
    for i in range(TOTAL):
        prod.produce(TOPIC, str(i).encode(), partition=i % PARTS)
        if i % 1000 == 0:
            prod.poll(0)
    assert prod.flush(60) == 0

    groups = [Group(c.bootstrap, classic_id, False), Group(c.bootstrap, kip848_id, True)]
    try:
        consume_until(groups, TOTAL // 3)
        # consumption pauses: every commit is answered, so `acked` is the committed state
        port = c.broker(coordinator).port
        before = {g.id: committed(port, g.id) for g in groups}
        for g in groups:
            assert g.acked and before[g.id] == g.acked, (g.id, before[g.id], g.acked)

        c.broker(coordinator).kill()
        live = [b for b in (1, 2, 3) if b != coordinator]
        for gid in (classic_id, kip848_id):
            wait_leader(c.bootstrap, OFFSETS, partition_for(gid, 50), not_in=(coordinator,))
        ask = c.broker(live[0]).port
        for g in groups:
            new = wait_for(
                f"a new coordinator of {g.id}", lambda g=g: live_coordinator(ask, g.id, live)
            )
            after = wait_for(f"offsets of {g.id} on broker {new}",
                             lambda g=g, new=new: committed(c.broker(new).port, g.id))  # fmt: skip
            assert after == g.acked, f"{g.id}: committed {after}, acknowledged {g.acked}"

        # the killed broker comes back; consumption goes on to two thirds
        c.broker(coordinator).start()
        wait_isr(c.bootstrap, OFFSETS, 3, timeout=90)
        second = wait_for("the second coordinator", lambda: live_coordinator(ask, classic_id, live))
        assert find_coordinator(ask, kip848_id) == second
        consume_until(groups, 2 * TOTAL // 3)
        # second kill, this time in the middle of consumption: the commits sent until the group
        # finds its next coordinator fail; the consumers go on and may re-read what they
        # consumed after their last acknowledged commit, never anything before it
        c.broker(second).kill()
        consume_until(groups, TOTAL)
        live = [b for b in (1, 2, 3) if b != second]
        ask = c.broker(live[0]).port
        end = {p: PER_PART for p in range(PARTS)}
        for g in groups:
            assert g.values == set(range(TOTAL)), f"{g.id}: {TOTAL - len(g.values)} records lost"
            early = [r for r in g.rereads if r[1] < r[2]]
            assert not early, f"{g.id}: re-read before the acknowledged commit: {early[:5]}"
            wait_for(f"{g.id} committing its end offsets",
                     lambda g=g: g.commit_positions() or g.acked == end)  # fmt: skip
            third = wait_for(
                f"a coordinator of {g.id}", lambda g=g: live_coordinator(ask, g.id, live)
            )
            # the members' last commits went to the third coordinator: it took their
            # generation / member epoch, and has every offset
            assert committed(c.broker(third).port, g.id) == end
            print(f"{g.id}: {TOTAL} records, {g.commits} commits acknowledged "
                  f"({g.failed_commits} failed), {len(g.rereads)} re-read, "
                  f"offsets before the first kill {dict(sorted(before[g.id].items()))}, "
                  f"coordinators {coordinator} -> {second} -> {third}")  # fmt: skip
    finally:
        for g in groups:
            g.close()
    print(f"test took {time.monotonic() - t0:.1f}s")
