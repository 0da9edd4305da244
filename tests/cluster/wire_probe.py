"""Raw requests for cluster tests (KIP-392 and KIP-320 checks), sent with Strom's
BrokerConnection to exactly one broker: Fetch with a rack and a current leader epoch, ListOffsets
with a current leader epoch, Metadata of a topic."""

from __future__ import annotations

import asyncio

from strom.client.connection import BrokerConnection
from strom.protocol import records as rec
from strom.protocol.messages.fetch import FetchRequest, FetchResponse
from strom.protocol.messages.list_offsets import ListOffsetsRequest, ListOffsetsResponse
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse


def _connection(port: int) -> BrokerConnection:
    return BrokerConnection("127.0.0.1", port, client_id="probe", request_timeout=10,
                            connect_timeout=5, max_in_flight=1)  # fmt: skip


async def _fetch(
    port: int, topic: str, partition: int, rack: str, leader_epoch: int = -1
) -> FetchResponse.PartitionData:
    conn = _connection(port)
    await conn.connect()
    try:
        R = FetchRequest
        req = R(replica_id=-1, max_wait_ms=100, min_bytes=1, max_bytes=1 << 20,
                isolation_level=0, session_id=0, session_epoch=-1, rack_id=rack,
                forgotten_topics_data=[], topics=[R.FetchTopic(topic=topic, partitions=[
                    R.FetchPartition(partition=partition, current_leader_epoch=leader_epoch,
                                     fetch_offset=0, last_fetched_epoch=-1, log_start_offset=-1,
                                     partition_max_bytes=1 << 20)])])  # fmt: skip
        resp = await conn.request(req, FetchResponse, 11)
        return resp.responses[0].partitions[0]
    finally:
        conn.close()


async def _list_offsets(
    port: int, topic: str, partition: int, leader_epoch: int
) -> ListOffsetsResponse.ListOffsetsPartitionResponse:
    conn = _connection(port)
    await conn.connect()
    try:
        R = ListOffsetsRequest
        part = R.ListOffsetsPartition(partition_index=partition, current_leader_epoch=leader_epoch,
                                      timestamp=-1)  # fmt: skip
        req = R(replica_id=-1, isolation_level=0,
                topics=[R.ListOffsetsTopic(name=topic, partitions=[part])])  # fmt: skip
        resp = await conn.request(req, ListOffsetsResponse, 7)
        return resp.topics[0].partitions[0]
    finally:
        conn.close()


def preferred_replica_for(port: int, topic: str, partition: int, rack: str) -> int:
    """The preferred read replica the broker on ``port`` names for a consumer in ``rack``."""
    return asyncio.run(_fetch(port, topic, partition, rack)).preferred_read_replica


def records_from(port: int, topic: str, partition: int, rack: str) -> int:
    """How many records a Fetch v11 from ``rack`` gets from the broker on ``port``."""
    pd = asyncio.run(_fetch(port, topic, partition, rack))
    data = bytes(pd.records or b"")
    return sum(h.records_count for _, h in rec.iter_batches(data, strict=False))


def fetch_with_epoch(port: int, topic: str, partition: int, leader_epoch: int) -> tuple[int, int]:
    """(error code, records returned) of a consumer Fetch carrying ``leader_epoch``."""
    pd = asyncio.run(_fetch(port, topic, partition, "", leader_epoch))
    data = bytes(pd.records or b"")
    return pd.error_code, sum(h.records_count for _, h in rec.iter_batches(data, strict=False))


def list_offsets_with_epoch(
    port: int, topic: str, partition: int, leader_epoch: int
) -> tuple[int, int]:
    """(error code, offset) of a ListOffsets LATEST carrying ``leader_epoch``."""
    r = asyncio.run(_list_offsets(port, topic, partition, leader_epoch))
    return r.error_code, r.offset


async def _metadata(port: int, topic: str) -> dict[int, tuple[int, list[int], list[int]]]:
    conn = _connection(port)
    await conn.connect()
    try:
        R = MetadataRequest
        req = R(topics=[R.MetadataRequestTopic(name=topic)], allow_auto_topic_creation=False)
        resp = await conn.request(req, MetadataResponse, 12)
        t = resp.topics[0]
        if t.error_code:
            raise RuntimeError(f"metadata of {topic}: error {t.error_code}")
        return {
            p.partition_index: (p.leader_id, list(p.replica_nodes), list(p.isr_nodes))
            for p in t.partitions
        }
    finally:
        conn.close()


def partitions_from(port: int, topic: str) -> dict[int, tuple[int, list[int], list[int]]]:
    """partition -> (leader, replicas, isr) as the broker on ``port`` (and only it) says; for
    tests that freeze another broker, which a Kafka client could pick for its metadata."""
    return asyncio.run(_metadata(port, topic))
