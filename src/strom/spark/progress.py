"""Progress markers of exactly-once streaming writes.

Owns: the marker format and the lookup of the last batch a (query, Spark partition) committed.
The progress topic (default ``strom-spark-progress``) has one partition and
``cleanup.policy=compact``; a marker's key is ``<query id>/<partition id>`` and its value JSON
``{"query", "batch", "partition", "rows"}``. A write task appends its marker inside the same
transaction as its records, so a marker is visible to read_committed readers exactly when the
records are.

Invariants:
- Batches of a query commit in order, so the marker with the highest ``batch`` for a key is the
  latest; compaction keeps at least the newest marker per key.
- The lookup reads read_committed up to the last stable offset, newest records first (windows
  that double towards the log start): a running query finds its key in the last window.
"""

from __future__ import annotations

import json
from typing import Any

from strom.client import AIOConsumer, TopicPartition
from strom.client.config import CONSUMER
from strom.spark.broker import consumer_config

PROGRESS_TOPIC_CONFIG = {
    "cleanup.policy": "compact",
    "segment.bytes": str(4 * 1024 * 1024),
    "min.cleanable.dirty.ratio": "0.1",
}
_FIRST_WINDOW = 256


def marker_key(query_id: str, partition_id: int) -> bytes:
    return f"{query_id}/{partition_id}".encode()


def marker_value(query_id: str, batch_id: int, partition_id: int, rows: int) -> bytes:
    doc = {"query": query_id, "batch": batch_id, "partition": partition_id, "rows": rows}
    return json.dumps(doc, sort_keys=True).encode()


def parse_marker(value: bytes | None) -> dict[str, Any] | None:
    if not value:
        return None
    try:
        doc = json.loads(value)
    except ValueError:
        return None
    return doc if isinstance(doc, dict) and isinstance(doc.get("batch"), int) else None


async def last_committed_batch(
    client_props: dict[str, str], topic: str, query_id: str, partition_id: int
) -> int | None:
    """The highest batch id committed for ``(query_id, partition_id)``, or None."""
    key = marker_key(query_id, partition_id)
    tp = TopicPartition(topic, 0)
    consumer = AIOConsumer(
        consumer_config(
            {k: v for k, v in client_props.items() if k in CONSUMER},
            **{"isolation.level": "read_committed", "auto.offset.reset": "earliest"},
        )
    )
    await consumer.start()
    try:
        consumer.assign([tp])
        first = (await consumer.beginning_offsets([tp]))[tp]
        end = (await consumer.end_offsets([tp]))[tp]
        window = _FIRST_WINDOW
        while end > first:
            start = max(first, end - window)
            best = await _scan(consumer, tp, start, end, key)
            if best is not None:
                return best
            end, window = start, window * 4
        return None
    finally:
        await consumer.close()


async def _scan(
    consumer: AIOConsumer, tp: TopicPartition, start: int, end: int, key: bytes
) -> int | None:
    consumer.seek(tp, start)
    best: int | None = None
    while await consumer.position(tp) < end:
        got = await consumer.getmany(timeout_ms=200)
        for r in got.get(tp, []):
            if r.offset >= end or r.key != key:
                continue
            doc = parse_marker(r.value)
            if doc is not None and (best is None or doc["batch"] > best):
                best = doc["batch"]
    return best
