"""Fetch v0-3 answers of any size with bounded broker memory (KIP-283's lazy down-conversion).

A real broker holds a 64 MiB partition; one raw Fetch v2 (which carries no max_bytes, so
``fetch.max.bytes`` and the partition limit alone bound it) is answered whole, in magic 1,
while the broker's peak resident memory (VmHWM from /proc/<pid>/status, reset through
/proc/<pid>/clear_refs before the fetch) grows by far less than the response; then kafka-python
pinned to ``api_version=(0, 10, 1)`` (Fetch v3) reads every record back, in order.
"""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from integration.conftest import BrokerProcess
from legacy_sets import complete_messages
from wire import WireClient

from strom.protocol.messages.create_topics import CreateTopicsRequest
from strom.protocol.messages.fetch import FetchRequest
from strom.protocol.messages.produce import ProduceRequest
from strom.protocol.records import RecordBatchBuilder
from strom.protocol.records.legacy import parse_message_set

pytestmark = pytest.mark.integration

MiB = 1024 * 1024
LOG_BYTES = 64 * MiB
VALUE = 100_000
PER_BATCH = 9
INT32_MAX = 2**31 - 1


def _status(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no {field} for {pid}")


def _value(i: int) -> bytes:
    return (b"%08d" % i) * (VALUE // 8)


def _produce(c: WireClient, topic: str) -> tuple[int, int]:
    """About LOG_BYTES in batches of nine 100 KB records keyed by their index; the count of
    records and of bytes."""
    P = ProduceRequest
    n = sent = 0
    while sent < LOG_BYTES:
        b = RecordBatchBuilder()
        for _ in range(PER_BATCH):
            b.append(_value(n), key=b"%d" % n, headers=[("h", b"v2 only")])
            n += 1
        batch = b.build()
        data = [P.PartitionProduceData(index=0, records=batch)]
        req = P(
            acks=-1,
            timeout_ms=30000,
            topic_data=[P.TopicProduceData(name=topic, partition_data=data)],
        )
        resp = c.request(req, 7)
        assert resp.responses[0].partition_responses[0].error_code == 0  # type: ignore[attr-defined]
        sent += len(batch)
    return n, sent


def test_a_64_mib_fetch_v2_is_answered_whole_with_bounded_memory(tmp_path: Path) -> None:
    b = BrokerProcess(tmp_path / "data", {"fetch.max.bytes": str(256 * MiB)})
    b.start()
    try:
        assert b.proc is not None
        pid = b.proc.pid
        topic = f"legacy-big-{uuid.uuid4().hex[:6]}"
        CT = CreateTopicsRequest
        F = FetchRequest
        with WireClient(b.bootstrap, timeout=120) as c:
            made = c.request(
                CT(
                    topics=[CT.CreatableTopic(name=topic, num_partitions=1, replication_factor=1)],
                    timeout_ms=30000,
                ),
                7,
            )
            assert made.topics[0].error_code == 0  # type: ignore[attr-defined]
            n, log_bytes = _produce(c, topic)
            fetch = F(
                replica_id=-1,
                max_wait_ms=0,
                min_bytes=1,
                max_bytes=INT32_MAX,
                topics=[
                    F.FetchTopic(
                        topic=topic,
                        partitions=[
                            F.FetchPartition(
                                partition=0, fetch_offset=0, partition_max_bytes=128 * MiB
                            )
                        ],
                    )
                ],
            )
            Path(f"/proc/{pid}/clear_refs").write_text("5")  # VmHWM := VmRSS
            before = _status(pid, "VmRSS")
            resp = c.request(fetch, 2)
            growth = _status(pid, "VmHWM") - before
        pd = resp.responses[0].partitions[0]  # type: ignore[attr-defined]
        assert pd.error_code == 0
        data = bytes(pd.records)
        parsed = parse_message_set(complete_messages(data), VALUE * 2).records
        print(
            f"\nFetch v2 of {n} records ({log_bytes / MiB:.1f} MiB of log): {len(parsed)} "
            f"records in {len(data) / MiB:.1f} MiB, broker peak RSS +{growth / MiB:.1f} MiB"
        )
        # the whole range in one answer (Kafka's size: the log range's); magic 1 costs each
        # record a few bytes more than v2, so the last message may be cut (a partial trailing
        # message, which old consumers fetch again): the records of every earlier batch are in
        assert len(data) == log_bytes
        assert data[16] == 1  # magic 1
        assert n - PER_BATCH < len(parsed) <= n
        assert [r.key for r in parsed] == [b"%d" % i for i in range(len(parsed))]
        assert all(r.value == _value(i) for i, r in enumerate(parsed))
        assert growth < 24 * MiB, growth  # the response is 64 MiB

        from kafka import KafkaConsumer, TopicPartition

        consumer = KafkaConsumer(
            bootstrap_servers=b.bootstrap,
            api_version=(0, 10, 1),
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            fetch_max_bytes=128 * MiB,
            max_partition_fetch_bytes=64 * MiB,
            consumer_timeout_ms=30000,
        )
        Path(f"/proc/{pid}/clear_refs").write_text("5")
        before = _status(pid, "VmRSS")
        try:
            consumer.assign([TopicPartition(topic, 0)])
            seen = []
            for m in consumer:
                assert m.value == _value(m.offset)
                seen.append((m.offset, m.key))
                if len(seen) == n:
                    break
        finally:
            consumer.close()
        growth = _status(pid, "VmHWM") - before
        print(
            f"kafka-python (0, 10, 1): {len(seen)} records, broker peak RSS +{growth / MiB:.1f} MiB"
        )
        assert seen == [(i, b"%d" % i) for i in range(n)]
        assert growth < 24 * MiB, growth
    finally:
        b.kill()


def test_fetch_v3_byte_limits_are_the_log_ranges(tmp_path: Path) -> None:
    """Two partitions of ~2 MiB each, one Fetch v3 with max_bytes 1 MiB: the first partition's
    first batch is answered whole (KIP-74, converted: it may grow past its log range), what
    follows stays within the limits of the log ranges, the second partition gets nothing."""
    b = BrokerProcess(tmp_path / "data", {})
    b.start()
    try:
        CT = CreateTopicsRequest
        F = FetchRequest
        P = ProduceRequest
        topic = "legacy-limits"
        with WireClient(b.bootstrap, timeout=60) as c:
            made = c.request(
                CT(
                    topics=[CT.CreatableTopic(name=topic, num_partitions=2, replication_factor=1)],
                    timeout_ms=30000,
                ),
                7,
            )
            assert made.topics[0].error_code == 0  # type: ignore[attr-defined]
            for partition in (0, 1):
                for n in range(0, 2 * PER_BATCH, PER_BATCH):
                    batch = RecordBatchBuilder()
                    for i in range(n, n + PER_BATCH):
                        batch.append(_value(i), key=b"%d" % i)
                    data = [P.PartitionProduceData(index=partition, records=batch.build())]
                    td = [P.TopicProduceData(name=topic, partition_data=data)]
                    resp = c.request(P(acks=-1, timeout_ms=30000, topic_data=td), 7)
                    assert resp.responses[0].partition_responses[0].error_code == 0  # type: ignore[attr-defined]
            parts = [
                F.FetchPartition(partition=i, fetch_offset=0, partition_max_bytes=MiB)
                for i in (0, 1)
            ]
            fetch = F(
                replica_id=-1,
                max_wait_ms=0,
                min_bytes=1,
                max_bytes=MiB,
                topics=[F.FetchTopic(topic=topic, partitions=parts)],
            )
            resp = c.request(fetch, 3)
        first, second = resp.responses[0].partitions  # type: ignore[attr-defined]
        assert first.error_code == second.error_code == 0
        data = bytes(first.records)
        got = parse_message_set(complete_messages(data), VALUE * 2).records
        assert [r.key for r in got] == [b"%d" % i for i in range(PER_BATCH)]  # the first batch
        assert MiB // 2 < len(data) <= MiB and len(second.records) == 0
    finally:
        b.kill()
