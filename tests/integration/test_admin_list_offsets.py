"""``AIOAdminClient.list_offsets_outcomes`` against a real broker: earliest, latest and by
timestamp; per-partition errors (no leader, broker gone) are returned, never raised."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from confluent_kafka import Producer

from strom.client import AIOAdminClient, NewTopic, TopicPartition
from strom.errors import ErrorCode

pytestmark = pytest.mark.integration


def test_list_offsets_outcomes(fresh_broker: Any) -> None:
    fresh_broker.start()
    p = Producer({"bootstrap.servers": fresh_broker.bootstrap, "log_level": 0})
    asyncio.run(_create(fresh_broker.bootstrap))
    for i in range(3):
        p.produce("offsets", value=b"v", partition=0, timestamp=1_000 * (i + 1))
    assert p.flush(20) == 0
    p0, p1, missing = (TopicPartition("offsets", 0), TopicPartition("offsets", 1),
                       TopicPartition("absent", 0))  # fmt: skip

    async def go() -> None:
        async with AIOAdminClient({"bootstrap.servers": fresh_broker.bootstrap}) as admin:
            await admin.describe_topics(["offsets"])
            latest = await admin.list_offsets_outcomes({p0: -1, p1: -1, missing: -1})
            assert latest[p0][0::2] == (3, 0) and latest[p1][0::2] == (0, 0)
            assert latest[missing] == (-1, -1, ErrorCode.LEADER_NOT_AVAILABLE)
            earliest = await admin.list_offsets_outcomes({p0: -2})
            assert earliest[p0][0::2] == (0, 0)
            by_time = await admin.list_offsets_outcomes({p0: 2_000, p1: 2_000})
            assert by_time[p0] == (1, 2_000, 0)
            assert by_time[p1][0] == -1 and by_time[p1][2] == 0  # nothing at or after it
            fresh_broker.kill()
            gone = await admin.list_offsets_outcomes({p0: -1})
            assert gone[p0] == (-1, -1, ErrorCode.NETWORK_EXCEPTION)

    asyncio.run(go())


async def _create(bootstrap: str) -> None:
    async with AIOAdminClient({"bootstrap.servers": bootstrap}) as admin:
        await admin.create_topics([NewTopic("offsets", 2, 1)])
