"""CPU cost of broker metrics per request, measured directly (no broker, no network noise).

Times :meth:`strom.broker.metrics.requests.RequestMetrics.completed` -- everything the socket
server's hook does per request -- for a Produce request (N batches of one partition each), a
consumer Fetch response, and a small request (ApiVersions), and one scrape of a broker-sized
registry is left to the integration runs. Compare with the request rates of
``bench/produce_consume.py`` to get the share of CPU metrics take.

    python bench/metrics_overhead.py [--partitions 1] [--records 1000] [--size 100]
"""

from __future__ import annotations

import argparse
import time

from strom.broker.metrics.requests import RequestMetrics
from strom.protocol import records as rec
from strom.protocol.messages.api_versions import ApiVersionsRequest, ApiVersionsResponse
from strom.protocol.messages.fetch import FetchRequest, FetchResponse
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse


def per_call_us(fn: object, seconds: float = 1.0) -> float:
    assert callable(fn)
    n = 0
    t0 = time.perf_counter()
    while True:
        for _ in range(100):
            fn()
        n += 100
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return elapsed / n * 1e6


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--partitions", type=int, default=1)
    ap.add_argument("--records", type=int, default=1000)
    ap.add_argument("--size", type=int, default=100)
    args = ap.parse_args()
    b = rec.RecordBatchBuilder()
    for _ in range(args.records):
        b.append(b"x" * args.size)
    data = memoryview(b.build())
    P, PR = ProduceRequest, ProduceResponse
    parts = range(args.partitions)
    pdata = [P.PartitionProduceData(index=i, records=data) for i in parts]
    preq = P(
        acks=1, timeout_ms=1000, topic_data=[P.TopicProduceData(name="t", partition_data=pdata)]
    )
    presps = [PR.PartitionProduceResponse(index=i, error_code=0) for i in parts]
    presp = PR(responses=[PR.TopicProduceResponse(name="t", partition_responses=presps)])
    F, FR = FetchRequest, FetchResponse
    freq = F(replica_id=-1, topics=[])
    fresp = FR(responses=[FR.FetchableTopicResponse(topic="t", partitions=[
        FR.PartitionData(partition_index=i, error_code=0, records=data)
        for i in range(args.partitions)])])  # fmt: skip
    m = RequestMetrics()
    t = time.perf_counter()
    cases = {
        "Produce": lambda: m.completed("Produce", 9, preq, presp, t, t),
        "Fetch": lambda: m.completed("Fetch", 12, freq, fresp, t, t),
        "ApiVersions": lambda: m.completed(
            "ApiVersions", 3, ApiVersionsRequest(), ApiVersionsResponse(error_code=0), t, t
        ),
    }
    batch_bytes = len(data)
    print(f"{args.partitions} partition(s) x one batch of {args.records} records, {batch_bytes} B")
    for name, fn in cases.items():
        us = per_call_us(fn)
        print(f"{name:12} {us:7.2f} us per request")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
