"""Arrow on both sides of the data source: records to ``pyarrow.RecordBatch`` for reads, and
Arrow batches from Spark to producer records for writes.

Owns: the read schema (Spark's Kafka source columns: key, value, topic, partition, offset,
timestamp, timestampType, and headers with ``includeHeaders``), its Spark DDL, and the checks on
a write's input columns.

Invariants:
- A read batch's Arrow schema equals :func:`read_schema` exactly (binary, string, int32, int64,
  ``timestamp[us, tz=UTC]``); Spark rejects anything else.
- A write takes ``value`` (required, binary or string), ``key``, ``topic``, ``partition`` and
  ``headers`` (all optional); any other column is an error, as in Spark's Kafka sink.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import pyarrow as pa

from strom.client import ConsumerRecord

HEADER_TYPE = pa.list_(pa.struct([("key", pa.string()), ("value", pa.binary())]))

_BASE_DDL = (
    "key binary, value binary, topic string, partition int, offset bigint, "
    "timestamp timestamp, timestampType int"
)
_HEADERS_DDL = "headers array<struct<key: string, value: binary>>"


def read_ddl(include_headers: bool) -> str:
    return f"{_BASE_DDL}, {_HEADERS_DDL}" if include_headers else _BASE_DDL


def read_schema(include_headers: bool) -> pa.Schema:
    fields = [
        ("key", pa.binary()),
        ("value", pa.binary()),
        ("topic", pa.string()),
        ("partition", pa.int32()),
        ("offset", pa.int64()),
        ("timestamp", pa.timestamp("us", tz="UTC")),
        ("timestampType", pa.int32()),
    ]
    if include_headers:
        fields.append(("headers", HEADER_TYPE))
    return pa.schema(fields)


def records_to_batch(
    records: Sequence[ConsumerRecord], topic: str, partition: int, include_headers: bool
) -> pa.RecordBatch:
    """One Arrow batch of records of a single topic-partition."""
    n = len(records)
    arrays = [
        pa.array([r.key for r in records], pa.binary()),
        pa.array([r.value for r in records], pa.binary()),
        pa.array([topic] * n, pa.string()),
        pa.array([partition] * n, pa.int32()),
        pa.array([r.offset for r in records], pa.int64()),
        pa.array([r.timestamp * 1000 for r in records], pa.timestamp("us", tz="UTC")),
        pa.array([r.timestamp_type for r in records], pa.int32()),
    ]
    if include_headers:
        arrays.append(
            pa.array([[{"key": k, "value": v} for k, v in r.headers] for r in records], HEADER_TYPE)
        )
    return pa.RecordBatch.from_arrays(arrays, schema=read_schema(include_headers))


# ---------------------------------------------------------------------------- writes
WRITE_COLUMNS = {"key", "value", "topic", "partition", "headers"}


@dataclass(frozen=True)
class OutRecord:
    topic: str
    key: bytes | None
    value: bytes | None
    partition: int | None
    headers: list[tuple[str, bytes | None]]


def check_write_columns(names: Sequence[str], topic_option: str | None) -> None:
    """Raise ValueError for a write whose columns Spark's Kafka sink would refuse."""
    lowered = [n.lower() for n in names]
    unknown = sorted(set(lowered) - WRITE_COLUMNS)
    if unknown:
        raise ValueError(
            f"columns {unknown} cannot be written; a strom sink takes key, value, topic, "
            "partition, headers"
        )
    if "value" not in lowered:
        raise ValueError("a strom sink needs a value column")
    if topic_option is None and "topic" not in lowered:
        raise ValueError("set the topic option or write a topic column")


def _as_bytes(v: object) -> bytes | None:
    if v is None or isinstance(v, bytes):
        return v
    if isinstance(v, str):
        return v.encode("utf-8")
    raise ValueError(f"key and value must be binary or string, not {type(v).__name__}")


def batch_to_records(batch: pa.RecordBatch, topic_option: str | None) -> Iterator[OutRecord]:
    """The records of one input batch, in order. The ``topic`` option overrides a topic column."""
    cols = {name.lower(): batch.column(i).to_pylist() for i, name in enumerate(batch.schema.names)}
    n = batch.num_rows
    values = cols["value"]
    keys = cols.get("key", [None] * n)
    topics = [topic_option] * n if topic_option is not None else cols["topic"]
    parts = cols.get("partition", [None] * n)
    headers = cols.get("headers", [None] * n)
    for i in range(n):
        topic = topics[i]
        if topic is None:
            raise ValueError("a record has a null topic and no topic option is set")
        hdrs = [(h["key"], _as_bytes(h["value"])) for h in headers[i] or []]
        part = parts[i]
        yield OutRecord(
            str(topic),
            _as_bytes(keys[i]),
            _as_bytes(values[i]),
            None if part is None else int(part),
            hdrs,
        )
