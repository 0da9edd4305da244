"""A consumer Fetch over its ``consumer_byte_rate``, as Kafka answers it
(``KafkaApis.handleFetchRequest``): the throttled response carries ``throttle_time_ms`` and **no
records** (they are not counted against the quota), the connection stays muted for the throttle
time, and the consumer's next fetch of the same offset gets them: nothing is skipped or lost.
A consumer's fetch size is capped at what its quota window holds (KAFKA-9677), so a fetch can
always be served.

Fetch v4 is a version whose clients do not throttle themselves (Kafka's
``FetchResponse.shouldClientThrottle`` is v8+): Kafka since 2.0 (KIP-219) answers those at once
too, and the muted connection holds back their next request; the test proves both on a socket.

Raw frames (``tests/wire.py``), so each response is seen exactly as the broker sent it; the
broker runs with ``quota.window.num=2`` (a 1 s minimum rate window).
"""

from __future__ import annotations

import itertools
import struct
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from integration.conftest import BrokerProcess
from wire import WireClient

from strom.client import AdminClient
from strom.client.admin import NewTopic
from strom.client.admin_quotas import QuotaAlteration
from strom.protocol.messages.fetch import FetchRequest, FetchResponse
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse
from strom.protocol.records.builder import RecordBatchBuilder

pytestmark = pytest.mark.integration

QUOTA = 50_000  # consumer bytes per second; with 2 windows of 1 s, 50 KB per fetch at most
BATCH_VALUE = 20_000
BATCHES = 10


@pytest.fixture
def qbroker(tmp_path: Path) -> Iterator[BrokerProcess]:
    b = BrokerProcess(
        tmp_path / "data", {"quota.window.num": "2", "quota.window.size.seconds": "1"}
    )
    b.start()
    try:
        yield b
    finally:
        if b.alive():
            b.stop()


def _setup(b: BrokerProcess, topic: str) -> None:
    with AdminClient({"bootstrap.servers": b.bootstrap}) as admin:
        admin.create_topics([NewTopic(topic, 1, 1)])
    with WireClient(b.bootstrap, timeout=30) as w:
        for i in range(BATCHES):
            batch = RecordBatchBuilder()
            batch.append(bytes([65 + i]) * BATCH_VALUE, key=None, timestamp=0)
            P = ProduceRequest
            resp = w.request(P(acks=1, timeout_ms=10_000, topic_data=[P.TopicProduceData(
                name=topic, partition_data=[P.PartitionProduceData(index=0, records=batch.build())],
            )]), 9)  # fmt: skip
            assert isinstance(resp, ProduceResponse)
            assert resp.responses[0].partition_responses[0].error_code == 0
    # the wire client's client id is "strom-tests"; the producer above had no quota
    with AdminClient({"bootstrap.servers": b.bootstrap}) as admin:
        [outcome] = admin.alter_client_quotas(
            [QuotaAlteration({"client-id": "strom-tests"}, {"consumer_byte_rate": QUOTA})]
        )
    assert outcome is None


def _fetch(topic: str, offset: int) -> FetchRequest:
    F = FetchRequest
    return F(max_wait_ms=0, min_bytes=1, max_bytes=50 * 1024 * 1024, topics=[F.FetchTopic(
        topic=topic, partitions=[F.FetchPartition(
            partition=0, fetch_offset=offset, partition_max_bytes=10 * 1024 * 1024)])])  # fmt: skip


def _batches(records: bytes) -> list[tuple[int, int]]:
    """(base offset, last offset) of each whole record batch of ``records``."""
    out, pos = [], 0
    while pos + 27 <= len(records):
        base, length = struct.unpack_from(">qi", records, pos)
        if pos + 12 + length > len(records):
            break
        (last_delta,) = struct.unpack_from(">i", records, pos + 23)
        out.append((base, base + last_delta))
        pos += 12 + length
    return out


@pytest.mark.parametrize("version", [4, 12])
def test_throttled_consumer_fetch_is_empty_and_loses_nothing(
    qbroker: BrokerProcess, version: int
) -> None:
    topic = f"thr-v{version}"
    _setup(qbroker, topic)
    offset, throttled, fetches = 0, 0, 0
    deadline = time.monotonic() + 60
    with WireClient(qbroker.bootstrap, timeout=30) as w:
        while offset < BATCHES and time.monotonic() < deadline and fetches < 200:
            fetches += 1
            sent = time.monotonic()
            resp = w.request(_fetch(topic, offset), version)
            assert isinstance(resp, FetchResponse)
            assert resp.error_code == 0
            if resp.throttle_time_ms > 0:
                # Kafka: a throttled fetch returns no records at all
                assert resp.responses == [], (version, offset, resp.throttle_time_ms)
                throttled += 1
                if throttled == 1:
                    # the connection is muted: the next request (the same offset) is read
                    # only once the throttle time has passed
                    t = resp.throttle_time_ms
                    nxt = w.request(_fetch(topic, offset), version)
                    assert time.monotonic() - sent >= 0.9 * t / 1000, t
                    assert isinstance(nxt, FetchResponse)
                    resp = nxt
                    if resp.throttle_time_ms > 0:
                        assert resp.responses == []
                        continue
                else:
                    continue
            [t] = resp.responses
            [p] = t.partitions
            assert p.error_code == 0
            records = bytes(p.records or b"")
            got = _batches(records)
            assert got, (version, offset)
            # the fetch size is capped at what the quota window holds: 50 KB, not 10 MB
            assert len(records) <= QUOTA, len(records)
            # nothing skipped: the answer starts where the consumer asked
            assert got[0][0] == offset, (got, offset)
            for (_, last), (base, _) in itertools.pairwise(got):
                assert base == last + 1
            offset = got[-1][1] + 1
    assert offset == BATCHES, (offset, fetches)
    assert throttled > 0
