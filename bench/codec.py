"""Encode/decode rates of the wire codec for three representative messages.

Usage: ``python bench/codec.py [--seconds S]`` (default about 2 s per measurement).

- Produce v9 request: one topic, one partition, a 16 KiB record blob;
- Fetch v13 response: one topic, 10 partitions x 64 KiB of records;
- Metadata v12 response: 100 topics x 10 partitions, 3 brokers.

``encode`` builds the list of buffers a socket write would take (record data is not copied);
``encode+join`` also joins them into one ``bytes``; ``decode`` parses the joined bytes (record
fields come back as views of them). MB/s counts the encoded size of the message.
"""

from __future__ import annotations

import argparse
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

try:
    from strom.protocol.codec import Message
except ImportError:  # running from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from strom.protocol.codec import Message

from strom.protocol.messages.fetch import FetchResponse
from strom.protocol.messages.metadata import MetadataResponse
from strom.protocol.messages.produce import ProduceRequest


def produce_v9() -> tuple[Message, int]:
    records = bytes(range(256)) * 64  # 16 KiB
    msg = ProduceRequest(
        transactional_id=None,
        acks=-1,
        timeout_ms=30_000,
        topic_data=[
            ProduceRequest.TopicProduceData(
                name="bench-topic",
                partition_data=[ProduceRequest.PartitionProduceData(index=0, records=records)],
            )
        ],
    )
    return msg, 9


def fetch_v13() -> tuple[Message, int]:
    blob = bytes(range(256)) * 256  # 64 KiB
    msg = FetchResponse(
        throttle_time_ms=0,
        error_code=0,
        session_id=12345,
        responses=[
            FetchResponse.FetchableTopicResponse(
                topic_id=uuid.UUID(int=42),
                partitions=[
                    FetchResponse.PartitionData(
                        partition_index=i,
                        error_code=0,
                        high_watermark=1_000_000 + i,
                        last_stable_offset=1_000_000 + i,
                        log_start_offset=0,
                        aborted_transactions=None,
                        preferred_read_replica=-1,
                        records=blob,
                    )
                    for i in range(10)
                ],
            )
        ],
    )
    return msg, 13


def metadata_v12() -> tuple[Message, int]:
    msg = MetadataResponse(
        throttle_time_ms=0,
        brokers=[
            MetadataResponse.MetadataResponseBroker(
                node_id=b, host=f"broker-{b}.example.internal", port=9092, rack=f"rack-{b}"
            )
            for b in range(3)
        ],
        cluster_id="bench-cluster",
        controller_id=0,
        topics=[
            MetadataResponse.MetadataResponseTopic(
                error_code=0,
                name=f"topic-{t:03d}",
                topic_id=uuid.UUID(int=t + 1),
                is_internal=False,
                partitions=[
                    MetadataResponse.MetadataResponsePartition(
                        error_code=0,
                        partition_index=p,
                        leader_id=p % 3,
                        leader_epoch=7,
                        replica_nodes=[p % 3, (p + 1) % 3, (p + 2) % 3],
                        isr_nodes=[p % 3, (p + 1) % 3, (p + 2) % 3],
                        offline_replicas=[],
                    )
                    for p in range(10)
                ],
                topic_authorized_operations=-2147483648,
            )
            for t in range(100)
        ],
    )
    return msg, 12


CASES: dict[str, Callable[[], tuple[Message, int]]] = {
    "Produce v9 request (1 x 16 KiB)": produce_v9,
    "Fetch v13 response (10 x 64 KiB)": fetch_v13,
    "Metadata v12 response (100 x 10)": metadata_v12,
}


def measure(fn: Callable[[], object], seconds: float) -> tuple[int, float]:
    """Run ``fn`` a fixed number of times, chosen from a short calibration, and time that."""
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < min(0.2, seconds / 10):
        fn()
        n += 1
    per_op = (time.perf_counter() - start) / n
    count = max(1, int(seconds / per_op))
    start = time.perf_counter()
    for _ in range(count):
        fn()
    return count, time.perf_counter() - start


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, {args.seconds:g} s per measurement")
    print(f"{'message':34} {'operation':12} {'bytes':>9} {'ops/s':>10} {'MB/s':>9}")
    for name, build in CASES.items():
        msg, version = build()
        cls = type(msg)
        raw = msg.to_bytes(version)
        assert cls.decode(raw, version) == msg
        ops: dict[str, Callable[[], object]] = {
            "encode": lambda m=msg, v=version: m.encode(v),
            "encode+join": lambda m=msg, v=version: m.to_bytes(v),
            "decode": lambda c=cls, r=raw, v=version: c.decode(r, v),
        }
        for op, fn in ops.items():
            count, elapsed = measure(fn, args.seconds)
            rate = count / elapsed
            print(f"{name:34} {op:12} {len(raw):9d} {rate:10.0f} {rate * len(raw) / 1e6:9.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
