"""Arrow on both sides of the data source: the read schema, and Arrow batches from Spark to
producer records for writes.

Owns: the read schema's Spark DDL (Spark's Kafka source columns: key, value, topic, partition,
offset, timestamp, timestampType, and headers with ``includeHeaders``; the Arrow batches
themselves come from the client's Arrow read path, :mod:`strom.client.arrow`), and the checks on
a write's input columns.

Invariants:
- A read batch's Arrow schema equals :func:`read_schema` exactly (binary, string, int32, int64,
  ``timestamp[us, tz=UTC]``); Spark rejects anything else.
- A write takes ``value`` (required, binary or string), ``key``, ``topic``, ``partition`` and
  ``headers`` (all optional); any other column is an error, as in Spark's Kafka sink.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import pyarrow as pa

from strom.client.arrow import record_schema

_BASE_DDL = (
    "key binary, value binary, topic string, partition int, offset bigint, "
    "timestamp timestamp, timestampType int"
)
_HEADERS_DDL = "headers array<struct<key: string, value: binary>>"


def read_ddl(include_headers: bool) -> str:
    return f"{_BASE_DDL}, {_HEADERS_DDL}" if include_headers else _BASE_DDL


def read_schema(include_headers: bool) -> pa.Schema:
    """The Arrow schema of a read batch: the client's Arrow read path's
    (:func:`strom.client.arrow.record_schema`), which is Spark's Kafka source's."""
    return record_schema(include_headers)


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


@dataclass
class OutGroup:
    """Records of one input batch bound for one topic (and one explicit partition, or None
    for the producer's partitioner), in input order: one ``send_batch`` call."""

    topic: str
    partition: int | None
    values: list[bytes | None] = field(default_factory=list)
    keys: list[bytes | None] = field(default_factory=list)
    headers: list[list[tuple[str, bytes | None]]] | None = None


def _binary_column(col: pa.Array) -> list[bytes | None]:
    if pa.types.is_binary(col.type) or pa.types.is_large_binary(col.type):
        return col.to_pylist()  # type: ignore[no-any-return]
    if pa.types.is_string(col.type) or pa.types.is_large_string(col.type):
        return col.cast(pa.binary()).to_pylist()  # type: ignore[no-any-return]
    return [_as_bytes(v) for v in col.to_pylist()]


def batch_to_groups(batch: pa.RecordBatch, topic_option: str | None) -> list[OutGroup]:
    """The records of one input batch grouped for ``send_batch``: one group when the topic
    option is set and there is no partition column (the common case: columns are converted
    whole, no per-record Python work), else one per ``(topic, partition)`` in input order."""
    names = [n.lower() for n in batch.schema.names]
    cols = dict(zip(names, batch.columns, strict=True))
    n = batch.num_rows
    values = _binary_column(cols["value"])
    keys: list[bytes | None] = _binary_column(cols["key"]) if "key" in cols else [None] * n
    headers: list[list[tuple[str, bytes | None]]] | None = None
    if "headers" in cols:
        headers = [
            [(h["key"], _as_bytes(h["value"])) for h in hs or []]
            for hs in cols["headers"].to_pylist()
        ]
    if topic_option is not None and "partition" not in cols:
        return [OutGroup(topic_option, None, values, keys, headers)]
    topics = [topic_option] * n if topic_option is not None else cols["topic"].to_pylist()
    parts = cols["partition"].to_pylist() if "partition" in cols else [None] * n
    groups: dict[tuple[str, int | None], OutGroup] = {}
    for i in range(n):
        topic = topics[i]
        if topic is None:
            raise ValueError("a record has a null topic and no topic option is set")
        raw_part = parts[i]
        part = None if raw_part is None else int(raw_part)
        g = groups.get((str(topic), part))
        if g is None:
            g = groups[(str(topic), part)] = OutGroup(
                str(topic), part, headers=None if headers is None else []
            )
        g.values.append(values[i])
        g.keys.append(keys[i])
        if g.headers is not None and headers is not None:
            g.headers.append(headers[i])
    return list(groups.values())


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
