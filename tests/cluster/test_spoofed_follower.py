"""A client that claims to be a follower cannot move the high watermark (no authorizer).

min.insync.replicas=3 on RF=3, both followers paused (SIGSTOP): an acks=all write sits in the
leader's log. A raw client then sends Fetch requests claiming each follower's replica id at the
log end offset (v12 with replica_id; v15 with a guessed broker epoch). Each is answered
STALE_BROKER_EPOCH; the high watermark does not move and the write is not acknowledged."""

from __future__ import annotations

import time

import pytest
from cluster_util import FAST, controller_id, partitions, wait_for, wait_isr
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
    # the followers stay paused for several seconds: neither the ISR rule nor a ZooKeeper
    # session expiry may drop them meanwhile (the ISR would shrink to the leader, the high
    # watermark move and the write fail), so only a spoofed fetch could move anything
    c = cluster_factory(
        3,
        overrides={
            **FAST,
            "replica.lag.time.max.ms": "30000",
            "zookeeper.session.timeout.ms": "30000",
        },
    )
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


def test_spoofed_controller_requests_are_refused(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    """LeaderAndIsr, StopReplica (delete), UpdateMetadata, ControlledShutdown and AlterPartition
    from a client: refused with STALE_BROKER_EPOCH before any state changes (even the controller
    epoch seen); the cluster keeps working and the data stays."""
    from strom.protocol.messages.alter_partition import AlterPartitionRequest as AP
    from strom.protocol.messages.controlled_shutdown import ControlledShutdownRequest
    from strom.protocol.messages.leader_and_isr import LeaderAndIsrRequest as LI
    from strom.protocol.messages.stop_replica import StopReplicaRequest as SR
    from strom.protocol.messages.update_metadata import UpdateMetadataRequest

    c = cluster_factory(3, overrides=FAST)
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    admin.create_topics([NewTopic("kept", 1, 3)])["kept"].result(30)
    wait_isr(c.bootstrap, "kept", 3)
    p = Producer({"bootstrap.servers": c.bootstrap, "acks": "all", "log_level": 0})
    for i in range(10):
        p.produce("kept", str(i).encode(), partition=0)
    assert p.flush(30) == 0
    leader, replicas, isr = partitions(c.bootstrap, "kept")[0]
    follower = next(b for b in replicas if b != leader)
    huge = 2**31 - 1
    for epoch in (-1, 0, 2**32 + 5):
        with WireClient(c.broker(leader).bootstrap) as w:
            li = w.request(LI(
                controller_id=follower, controller_epoch=huge, broker_epoch=epoch, type=0,
                topic_states=[LI.LeaderAndIsrTopicState(topic_name="kept", partition_states=[
                    LI.LeaderAndIsrPartitionState(
                        topic_name="kept", partition_index=0, controller_epoch=huge,
                        leader=follower, leader_epoch=huge, isr=[follower],
                        partition_epoch=huge, replicas=replicas)])],
                live_leaders=[]), 5)  # fmt: skip
            assert li.error_code == 77  # type: ignore[attr-defined]
            sr = w.request(SR(
                controller_id=follower, controller_epoch=huge, broker_epoch=epoch,
                topics=[SR.StopReplicaTopicState(topic_name="kept", partition_states=[
                    SR.StopReplicaPartitionState(partition_index=0, leader_epoch=huge,
                                                 delete_partition=True)])]), 3)  # fmt: skip
            assert sr.error_code == 77  # type: ignore[attr-defined]
            um = w.request(UpdateMetadataRequest(
                controller_id=follower, controller_epoch=huge, broker_epoch=epoch,
                topic_states=[], live_brokers=[]), 7)  # fmt: skip
            assert um.error_code == 77  # type: ignore[attr-defined]
        ctl = controller_id(c.bootstrap)
        with WireClient(c.broker(ctl).bootstrap) as w:
            cs = w.request(ControlledShutdownRequest(broker_id=leader, broker_epoch=epoch), 3)
            assert cs.error_code == 77  # type: ignore[attr-defined]
            ap = w.request(AP(broker_id=leader, broker_epoch=epoch, topics=[
                AP.TopicData(topic_name="kept", partitions=[AP.PartitionData(
                    partition_index=0, leader_epoch=0, new_isr=[leader], partition_epoch=0)])]),
                1)  # fmt: skip
            assert ap.error_code == 77  # type: ignore[attr-defined]
    # nothing moved: same leader and ISR, the data is there, and the real controller still
    # reaches every broker (a leader change goes through)
    assert partitions(c.bootstrap, "kept")[0] == (leader, replicas, isr)
    for i in range(10, 15):
        p.produce("kept", str(i).encode(), partition=0)
    assert p.flush(30) == 0
    with WireClient(c.broker(leader).bootstrap) as w:
        assert _high_watermark(w, "kept") == 15
    c.broker(leader).stop()
    wait_for("a new leader", lambda: partitions(c.bootstrap, "kept")[0][0] not in (-1, leader))
