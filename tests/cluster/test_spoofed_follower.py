"""A client that claims to be a follower cannot move the high watermark (no authorizer).

min.insync.replicas=3 on RF=3, both followers paused (SIGSTOP): an acks=all write sits in the
leader's log. A raw client then sends Fetch requests claiming each follower's replica id at the
log end offset (v12 with replica_id; v15 with a guessed broker epoch). Each is answered
STALE_BROKER_EPOCH; the high watermark does not move and the write is not acknowledged."""

from __future__ import annotations

import time

import pytest
from cluster_util import FAST, partitions, wait_isr
from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic
from wire import WireClient

from strom.protocol.messages.fetch import FetchRequest, FetchResponse
from strom.protocol.messages.list_offsets import ListOffsetsRequest, ListOffsetsResponse
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse

pytestmark = [pytest.mark.integration, pytest.mark.slow]
R = FetchRequest


def _high_watermark(c: WireClient, topic: str) -> int:
    LR = ListOffsetsRequest
    resp = c.request(
        LR(replica_id=-1, isolation_level=0, topics=[
            LR.ListOffsetsTopic(name=topic, partitions=[
                LR.ListOffsetsPartition(partition_index=0, timestamp=-1)])]),
        4,
    )  # fmt: skip
    assert isinstance(resp, ListOffsetsResponse)
    return int(resp.topics[0].partitions[0].offset)


def _spoof(c: WireClient, topic: str, topic_id: object, follower: int, offset: int,
           version: int, epoch: int) -> list[int]:  # fmt: skip
    part = R.FetchPartition(partition=0, current_leader_epoch=-1, fetch_offset=offset,
                            last_fetched_epoch=-1, log_start_offset=0,
                            partition_max_bytes=1 << 20)  # fmt: skip
    req = R(
        replica_id=follower if version < 15 else -1,
        replica_state=R.ReplicaState(replica_id=follower, replica_epoch=epoch),
        max_wait_ms=0, min_bytes=0, max_bytes=1 << 20, isolation_level=0,
        session_id=0, session_epoch=-1,
        topics=[R.FetchTopic(topic=topic, topic_id=topic_id, partitions=[part])],  # type: ignore[arg-type]
        forgotten_topics_data=[], rack_id="",
    )  # fmt: skip
    resp = c.request(req, version)
    assert isinstance(resp, FetchResponse)
    return [pd.error_code for t in resp.responses for pd in t.partitions]


def test_spoofed_follower_fetch_cannot_move_high_watermark(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides={**FAST, "replica.lag.time.max.ms": "30000"})
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    admin.create_topics([NewTopic("guarded", 1, 3, config={"min.insync.replicas": "3"})])[
        "guarded"].result(30)  # fmt: skip
    wait_isr(c.bootstrap, "guarded", 3)
    p = Producer({"bootstrap.servers": c.bootstrap, "acks": "all", "log_level": 0,
                  "message.timeout.ms": 60000})  # fmt: skip
    acked: list[object] = []
    for i in range(5):
        p.produce("guarded", str(i).encode(), partition=0, on_delivery=lambda e, m: acked.append(e))
    assert p.flush(30) == 0 and acked == [None] * 5
    leader = partitions(c.bootstrap, "guarded")[0][0]
    followers = [b for b in (1, 2, 3) if b != leader]
    lb = c.broker(leader)
    with WireClient(lb.bootstrap) as w:
        md = w.request(MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(
            name="guarded")]), 12)  # fmt: skip
        assert isinstance(md, MetadataResponse)
        topic_id = md.topics[0].topic_id
        assert _high_watermark(w, "guarded") == 5
        for f in followers:
            c.broker(f).pause()
        try:
            late: list[object] = []
            p.produce("guarded", b"5", partition=0, on_delivery=lambda e, m: late.append(e))
            p.poll(1.0)  # the write reaches the leader's log
            for f in followers:
                for version, epoch in ((12, -1), (15, -1), (15, 0), (15, 2**32 + 1)):
                    assert _spoof(w, "guarded", topic_id, f, 6, version, epoch) == [77]
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                p.poll(0.2)
            assert late == [], "an acks=all write was answered while both followers were paused"
            assert _high_watermark(w, "guarded") == 5
        finally:
            for f in followers:
                c.broker(f).resume()
    # the real followers still replicate: the write is acknowledged once they run again
    assert p.flush(60) == 0
    assert late == [None]
    assert "follower fetch claiming broker" in lb.log_text()
