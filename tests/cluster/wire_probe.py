"""Raw Fetch requests for cluster tests (KIP-392 checks), sent with Strom's BrokerConnection."""

from __future__ import annotations

import asyncio

from strom.client.connection import BrokerConnection
from strom.protocol import records as rec
from strom.protocol.messages.fetch import FetchRequest, FetchResponse


async def _fetch(port: int, topic: str, partition: int, rack: str) -> FetchResponse.PartitionData:
    conn = BrokerConnection("127.0.0.1", port, client_id="probe", request_timeout=10,
                            connect_timeout=5, max_in_flight=1)  # fmt: skip
    await conn.connect()
    try:
        R = FetchRequest
        req = R(replica_id=-1, max_wait_ms=100, min_bytes=1, max_bytes=1 << 20,
                isolation_level=0, session_id=0, session_epoch=-1, rack_id=rack,
                forgotten_topics_data=[], topics=[R.FetchTopic(topic=topic, partitions=[
                    R.FetchPartition(partition=partition, current_leader_epoch=-1,
                                     fetch_offset=0, last_fetched_epoch=-1, log_start_offset=-1,
                                     partition_max_bytes=1 << 20)])])  # fmt: skip
        resp = await conn.request(req, FetchResponse, 11)
        return resp.responses[0].partitions[0]
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
