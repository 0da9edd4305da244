"""The client's Arrow read path: fetched records as ``pyarrow.RecordBatch`` columns.

Owns: the Arrow schema of consumed records (the columns of Spark's Kafka source: key, value,
topic, partition, offset, timestamp, timestampType, and headers on request) and
:func:`to_record_batch`, which turns the numpy columns of :meth:`FetchBuffer.take_columns`
(:mod:`strom.protocol.records.columns`) into one Arrow batch per partition by handing their
buffers to Arrow: no Python object per record (except header lists, when a batch has headers).

Invariants:
- A batch's schema equals :func:`record_schema` exactly (binary, string, int32, int64,
  ``timestamp[us, tz=UTC]``).
- Its rows are exactly the records :meth:`AIOConsumer.getmany_rows` returns for the same
  positions, in offset order: the same CRC check, the same read_committed filtering (aborted
  transactions and control batches are dropped by the fetcher before decoding).
- pyarrow (the ``spark`` extra) is imported with this module only; the rest of the client never
  imports it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from strom.client.types import RecordColumns
from strom.protocol.records.columns import BinaryColumn, Columns

HEADER_TYPE = pa.list_(pa.struct([("key", pa.string()), ("value", pa.binary())]))
TIMESTAMP_TYPE = pa.timestamp("us", tz="UTC")
_INT32_MAX = 2**31 - 1


def record_schema(include_headers: bool) -> pa.Schema:
    fields = [
        ("key", pa.binary()),
        ("value", pa.binary()),
        ("topic", pa.string()),
        ("partition", pa.int32()),
        ("offset", pa.int64()),
        ("timestamp", TIMESTAMP_TYPE),
        ("timestampType", pa.int32()),
    ]
    if include_headers:
        fields.append(("headers", HEADER_TYPE))
    return pa.schema(fields)


def to_record_batch(
    topic: str,
    partition: int,
    slices: Sequence[RecordColumns],
    include_headers: bool,
    end: int | None = None,
) -> pa.RecordBatch | None:
    """One Arrow batch of the records of one topic-partition in ``slices`` (offset order),
    keeping offsets below ``end``; None if no record is left."""
    parts: list[Columns] = []
    ts_types: list[npt.NDArray[np.int32]] = []
    for s in slices:
        cols = s.columns
        if end is not None and len(cols) and cols.offsets[-1] >= end:
            cols = cols.slice(0, int(cols.offsets.searchsorted(end)))
        if not len(cols):
            continue
        parts.append(cols)
        ts_types.append(np.full(len(cols), s.timestamp_type, dtype=np.int32))
    if not parts:
        return None
    cols = Columns.concat(parts)
    n = len(cols)
    arrays = [
        binary_array(cols.keys),
        binary_array(cols.values),
        _constant_string(topic, n),
        pa.array(np.full(n, partition, dtype=np.int32)),
        pa.array(cols.offsets),
        pa.Array.from_buffers(TIMESTAMP_TYPE, n, [None, pa.py_buffer(cols.timestamps * 1000)]),
        pa.array(np.concatenate(ts_types)),
    ]
    if include_headers:
        arrays.append(_headers(cols.headers, n))
    return pa.RecordBatch.from_arrays(arrays, schema=record_schema(include_headers))


def binary_array(col: BinaryColumn) -> pa.Array:
    """``col`` as an Arrow binary array sharing its buffers."""
    n = len(col)
    if int(col.bounds[-1]) > _INT32_MAX:
        raise ValueError("more than 2 GiB of keys or values in one batch")
    nulls = int(np.count_nonzero(col.nulls))
    validity = pa.py_buffer(np.packbits(~col.nulls, bitorder="little")) if nulls else None
    return pa.Array.from_buffers(
        pa.binary(),
        n,
        [validity, pa.py_buffer(col.bounds.astype(np.int32)), pa.py_buffer(col.data)],
        null_count=nulls,
    )


def _constant_string(value: str, n: int) -> pa.Array:
    raw = value.encode("utf-8")
    offsets = np.arange(n + 1, dtype=np.int64) * len(raw)
    if int(offsets[-1]) > _INT32_MAX:
        return pa.array([value] * n, pa.string())
    return pa.Array.from_buffers(
        pa.string(), n, [None, pa.py_buffer(offsets.astype(np.int32)), pa.py_buffer(raw * n)]
    )


def _headers(headers: list[list[tuple[str, bytes | None]]] | None, n: int) -> pa.Array:
    if headers is not None:
        return pa.array([[{"key": k, "value": v} for k, v in hs] for hs in headers], HEADER_TYPE)
    empty = pa.array([], HEADER_TYPE.value_type)
    return pa.ListArray.from_arrays(
        pa.array(np.zeros(n + 1, dtype=np.int32)), empty, type=HEADER_TYPE
    )
