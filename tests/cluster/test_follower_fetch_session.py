"""Broker-to-broker fetch sessions (KIP-227) on a real 3-broker cluster.

Both followers of the leader are paused (SIGSTOP), and the fetches they had sent drain from the
leader (a full fetch answered after the test's would open a session for that follower and replace
the test's); the test speaks for one of them on a raw socket, proving its identity
with its real broker epoch (the czxid of its ZooKeeper registration), as the follower itself does:
a full fetch of six partitions opens a session; after one record is written to one partition, an
incremental fetch that names no partition is answered with that partition alone; a wrong epoch,
another broker's claim on the session, or an unknown session id are refused with Kafka's codes;
a consumer asking for a session gets none. The real follower, resumed, rejoins every ISR (its own
session was replaced by the test's and it starts a new one), and acks=all writes succeed."""

from __future__ import annotations

import time

import pytest
from cluster_util import FAST, partitions, wait_isr
from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic
from kazoo.client import KazooClient
from metrics_scrape import scrape
from wire import WireClient

from strom.errors import ErrorCode
from strom.protocol.messages.fetch import FetchRequest, FetchResponse
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse

pytestmark = [pytest.mark.integration, pytest.mark.slow]
R = FetchRequest
TOPIC = "sessions"
PARTS = 6


def _fetch(w: WireClient, replica: int, epoch: int, session_id: int, session_epoch: int,
           parts: dict[int, int], topic_id: object, wait_ms: int = 0) -> FetchResponse:  # fmt: skip
    req = R(
        replica_id=-1,
        replica_state=R.ReplicaState(replica_id=replica, replica_epoch=epoch),
        max_wait_ms=wait_ms, min_bytes=1, max_bytes=1 << 20, isolation_level=0,
        session_id=session_id, session_epoch=session_epoch,
        topics=[R.FetchTopic(topic=TOPIC, topic_id=topic_id, partitions=[
            R.FetchPartition(partition=i, current_leader_epoch=-1, fetch_offset=off,
                             last_fetched_epoch=-1, log_start_offset=0,
                             partition_max_bytes=1 << 20)
            for i, off in parts.items()])] if parts else [],
        forgotten_topics_data=[], rack_id="",
    )  # fmt: skip
    resp = w.request(req, 15)
    assert isinstance(resp, FetchResponse)
    return resp


def _no_fetch_waiting(metrics_url: str) -> None:
    """Until the leader holds no waiting fetch twice in a row 0.3 s apart: a follower's fetch sent
    before it stopped may wait up to replica.fetch.wait.max.ms (500 ms) and, if it was a full one
    (a follower starts its session over as partitions are added), opens a new session for it when
    answered, which drops the one the test opened in its name (CI run of stop 30)."""
    key = ("kafka_server_delayedoperationpurgatory_purgatorysize",
           frozenset({("delayedOperation", "Fetch")}))  # fmt: skip
    zeros, deadline = 0, time.monotonic() + 15
    while zeros < 2:
        waiting = scrape(metrics_url)[key]  # KeyError if the gauge is not there
        zeros = zeros + 1 if waiting == 0 else 0
        assert time.monotonic() < deadline, f"{waiting} fetches still waiting on the leader"
        time.sleep(0.3)


def _present(resp: FetchResponse) -> dict[int, tuple[int, int]]:
    """partition -> (error code, record bytes) of every partition in the response."""
    return {
        pd.partition_index: (pd.error_code, len(pd.records or b""))
        for t in resp.responses
        for pd in t.partitions
    }


def test_an_incremental_follower_fetch_carries_only_what_changed(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides={**FAST, "replica.lag.time.max.ms": "30000",
                                      "zookeeper.session.timeout.ms": "30000"})  # fmt: skip
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    admin.create_topics([NewTopic(TOPIC, PARTS, 3, config={"min.insync.replicas": "2"})])[
        TOPIC].result(30)  # fmt: skip
    wait_isr(c.bootstrap, TOPIC, 3)
    # every partition led by one broker would be simpler; take the leader of partition 0 and the
    # partitions it leads
    layout = partitions(c.bootstrap, TOPIC)
    leader = layout[0][0]
    led = [i for i, (ld, _, _) in layout.items() if ld == leader]
    follower = next(b for b in (1, 2, 3) if b != leader)
    zk = KazooClient(hosts=c.zk_connect)
    zk.start(30)
    try:
        _, stat = zk.get(f"/brokers/ids/{follower}")
        other = next(b for b in (1, 2, 3) if b not in (leader, follower))
        _, other_stat = zk.get(f"/brokers/ids/{other}")
    finally:
        zk.stop()
    epoch, other_epoch = stat.czxid, other_stat.czxid
    # the leader alone as bootstrap, its metadata known before the follower is paused: a
    # librdkafka bootstrap connection to the paused broker would stall the produce below
    p = Producer({"bootstrap.servers": c.broker(leader).bootstrap, "acks": "1", "log_level": 0})
    p.list_topics(TOPIC, timeout=30)
    with WireClient(c.broker(leader).bootstrap) as w:
        md = w.request(
            MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(name=TOPIC)]), 12
        )
        assert isinstance(md, MetadataResponse)
        topic_id = md.topics[0].topic_id
        c.broker(follower).pause()
        c.broker(other).pause()
        try:
            _no_fetch_waiting(f"http://127.0.0.1:{c.broker(leader).metrics_port}")
            full = _fetch(w, follower, epoch, 0, 0, dict.fromkeys(led, 0), topic_id)
            assert full.error_code == 0 and full.session_id != 0
            assert set(_present(full)) == set(led)
            sid = full.session_id
            target = led[-1]
            p.produce(TOPIC, b"only-here", partition=target)
            assert p.flush(30) == 0
            inc = _fetch(w, follower, epoch, sid, 1, {}, topic_id, wait_ms=5000)
            assert inc.error_code == 0 and inc.session_id == sid
            got = _present(inc)
            assert list(got) == [target] and got[target][0] == 0 and got[target][1] > 0
            # refused, and the session is unchanged: epoch 2 still works afterwards
            assert _fetch(w, follower, epoch, sid, 7, {}, topic_id).error_code == (
                ErrorCode.INVALID_FETCH_SESSION_EPOCH
            )
            assert _fetch(w, other, other_epoch, sid, 2, {}, topic_id).error_code == (
                ErrorCode.FETCH_SESSION_ID_NOT_FOUND
            )
            assert _fetch(w, follower, epoch, sid + 1000, 2, {}, topic_id).error_code == (
                ErrorCode.FETCH_SESSION_ID_NOT_FOUND
            )
            # the follower moved past the record: its partition changes (its HW news); nothing else
            again = _fetch(w, follower, epoch, sid, 2, {target: 1}, topic_id, wait_ms=100)
            assert again.error_code == 0 and set(_present(again)) <= {target}
            consumer = _fetch(w, -1, -1, 0, 0, dict.fromkeys(led, 0), topic_id)
            assert consumer.session_id == 0
        finally:
            c.broker(follower).resume()
            c.broker(other).resume()
    wait_isr(c.bootstrap, TOPIC, 3)
    acked: list[object] = []
    pa = Producer({"bootstrap.servers": c.bootstrap, "acks": "all", "log_level": 0})
    for i in range(PARTS):
        pa.produce(TOPIC, b"x", partition=i, on_delivery=lambda e, m: acked.append(e))
    assert pa.flush(60) == 0 and acked == [None] * PARTS
