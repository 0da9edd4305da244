"""Record batches decoded into columns of numpy arrays: the input of the client's Arrow read.

Owns: :class:`BinaryColumn` and :class:`Columns` (one batch's records, or a slice of them, as
arrays laid out the way Arrow lays out a binary column), and :func:`decode_batch_columns`.

How: the batch's CRC is checked and its records section inflated by
:func:`~strom.protocol.records.decode.batch_payload`, as for every other read. Batches that
:func:`~strom.protocol.records.read_vector.vector_fields` proves (many records, no headers) are
turned into columns without a Python step per record: keys and values are gathered out of the
records section with one boolean mask (runs alternating inside and outside, ``np.repeat``),
offsets are ``base_offset + 0, 1, 2, ...``. Any other batch falls back to the reference loop
(:func:`~strom.protocol.records.bulk.payload_rows`) and its rows are converted.

Invariants:
- :func:`decode_batch_columns` accepts and rejects exactly what
  :func:`~strom.protocol.records.bulk.decode_rows` does (same CRC check, same bounds, same
  ``max_decompressed_bytes`` cap; it raises only ``CorruptRecordError`` or
  ``UnsupportedCompressionError``), and its columns hold exactly the rows ``decode_rows``
  returns (tests compare the two on random and corrupted batches).
- A binary column's ``bounds`` has one entry more than the column has records, starts at 0 and
  never decreases; a null's bytes are empty. ``headers`` is None when no record has one.
- Memory: the gathered bytes, a mask of one byte per byte of the records section, and a few
  integer arrays of one entry per record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from strom.protocol.records import read_vector
from strom.protocol.records.bulk import Row, payload_rows
from strom.protocol.records.decode import DEFAULT_MAX_DECOMPRESSED_BYTES, batch_payload
from strom.protocol.records.header import BatchHeader, Buffer

Ints = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.uint8]
Bools = npt.NDArray[np.bool_]
Headers = list[tuple[str, bytes | None]]


@dataclass(frozen=True, slots=True)
class BinaryColumn:
    """Nullable byte strings: record ``i`` is ``data[bounds[i]:bounds[i + 1]]``, or null where
    ``nulls[i]``."""

    data: Bytes
    bounds: Ints
    nulls: Bools

    def __len__(self) -> int:
        return len(self.nulls)

    @classmethod
    def gather(cls, a: Bytes, start: Ints, length: Ints) -> BinaryColumn:
        """The ranges ``a[start:start + length]`` (disjoint, in increasing order; length -1 is
        null) copied out in one pass."""
        nulls = length < 0
        sizes = np.where(nulls, 0, length)
        bounds = np.zeros(len(length) + 1, dtype=np.int64)
        np.cumsum(sizes, out=bounds[1:])
        n = len(length)
        if not n or not bounds[-1]:
            return cls(np.empty(0, dtype=np.uint8), bounds, nulls)
        # Edges start0, end0, start1, end1, ...: the runs between them alternate inside and
        # outside a range, so one repeat of True, False, True, ... makes the mask.
        edges = np.empty(2 * n, dtype=np.int64)
        edges[0::2] = start
        edges[1::2] = start + sizes
        inside = np.zeros(2 * n - 1, dtype=np.bool_)
        inside[0::2] = True
        lo, hi = int(edges[0]), int(edges[-1])
        return cls(a[lo:hi][np.repeat(inside, np.diff(edges))], bounds, nulls)

    @classmethod
    def from_values(cls, values: Sequence[bytes | None]) -> BinaryColumn:
        nulls = np.fromiter((v is None for v in values), dtype=np.bool_, count=len(values))
        sizes = np.fromiter((len(v or b"") for v in values), dtype=np.int64, count=len(values))
        bounds = np.zeros(len(values) + 1, dtype=np.int64)
        np.cumsum(sizes, out=bounds[1:])
        joined = b"".join([v for v in values if v])
        return cls(np.frombuffer(joined, dtype=np.uint8), bounds, nulls)

    def slice(self, lo: int, hi: int) -> BinaryColumn:
        first, last = int(self.bounds[lo]), int(self.bounds[hi])
        return BinaryColumn(
            self.data[first:last], self.bounds[lo : hi + 1] - first, self.nulls[lo:hi]
        )

    def to_list(self) -> list[bytes | None]:
        raw = self.data.tobytes()
        b = self.bounds.tolist()
        return [
            None if null else raw[b[i] : b[i + 1]] for i, null in enumerate(self.nulls.tolist())
        ]

    @staticmethod
    def concat(columns: Sequence[BinaryColumn]) -> BinaryColumn:
        if len(columns) == 1:
            return columns[0]
        bounds = [np.zeros(1, dtype=np.int64)]
        base = 0
        for c in columns:
            bounds.append(c.bounds[1:] + base)
            base += int(c.bounds[-1])
        return BinaryColumn(
            np.concatenate([c.data for c in columns]),
            np.concatenate(bounds),
            np.concatenate([c.nulls for c in columns]),
        )


@dataclass(frozen=True, slots=True)
class Columns:
    """Records in offset order: offset, timestamp (ms), key, value, headers (None: none has)."""

    offsets: Ints
    timestamps: Ints
    keys: BinaryColumn
    values: BinaryColumn
    headers: list[Headers] | None

    def __len__(self) -> int:
        return len(self.offsets)

    @classmethod
    def from_rows(cls, rows: Sequence[Row]) -> Columns:
        n = len(rows)
        headers = [r[4] for r in rows]
        return cls(
            np.fromiter((r[0] for r in rows), dtype=np.int64, count=n),
            np.fromiter((r[1] for r in rows), dtype=np.int64, count=n),
            BinaryColumn.from_values([r[2] for r in rows]),
            BinaryColumn.from_values([r[3] for r in rows]),
            headers if any(headers) else None,
        )

    def to_rows(self) -> list[Row]:
        n = len(self)
        headers: list[Headers] = self.headers or [[] for _ in range(n)]
        return list(
            zip(
                self.offsets.tolist(),
                self.timestamps.tolist(),
                self.keys.to_list(),
                self.values.to_list(),
                headers,
                strict=True,
            )
        )

    def slice(self, lo: int, hi: int) -> Columns:
        return Columns(
            self.offsets[lo:hi],
            self.timestamps[lo:hi],
            self.keys.slice(lo, hi),
            self.values.slice(lo, hi),
            None if self.headers is None else self.headers[lo:hi],
        )

    @staticmethod
    def concat(parts: Sequence[Columns]) -> Columns:
        if len(parts) == 1:
            return parts[0]
        headers: list[Headers] | None = None
        if any(p.headers is not None for p in parts):
            headers = []
            for p in parts:
                headers += p.headers if p.headers is not None else [[] for _ in range(len(p))]
        return Columns(
            np.concatenate([p.offsets for p in parts]),
            np.concatenate([p.timestamps for p in parts]),
            BinaryColumn.concat([p.keys for p in parts]),
            BinaryColumn.concat([p.values for p in parts]),
            headers,
        )


def decode_batch_columns(
    buf: Buffer,
    pos: int = 0,
    *,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
    verify: bool = True,
) -> tuple[BatchHeader, Columns]:
    """The batch at ``pos`` as its header and columns. Raises CorruptRecordError or
    UnsupportedCompressionError only (see module doc)."""
    header, data = batch_payload(
        buf, pos, max_decompressed_bytes=max_decompressed_bytes, verify=verify
    )
    fields = read_vector.vector_fields(header, data)
    if fields is None:
        return header, Columns.from_rows(payload_rows(header, data, pos, vector=False))
    a = np.frombuffer(data, dtype=np.uint8)
    n = len(fields.timestamps)
    return header, Columns(
        np.arange(header.base_offset, header.base_offset + n, dtype=np.int64),
        fields.timestamps,
        BinaryColumn.gather(a, fields.key_start, fields.key_length),
        BinaryColumn.gather(a, fields.value_start, fields.value_length),
        None,
    )
