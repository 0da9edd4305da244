"""The producer's batch API: the records of one ``send_batch`` call, partitioned and appended.

Owns: turning the parallel ``values`` / ``keys`` / ``timestamps`` / ``headers`` of a
``send_batch`` call into record tuples grouped by partition (by key, with numpy for large keyed
calls; else the whole call into one partition, the sticky one unless given) and appending each
partition's share to the :class:`RecordAccumulator` in order, with no per-record future; the
conversion of user input (``str`` / buffers to ``bytes``, header forms) that ``send`` uses
too. The :class:`AIOProducer` keeps the lifecycle checks and the waiting for the outcome
(:func:`~strom.client.accumulator.batch_metadata`).

Invariants:
- Every record of a call lands in the partition :meth:`AIOProducer.send` would have chosen
  for it, and within a partition in the call's order.
- The lengths of ``keys``, ``timestamps`` and ``headers`` are checked before anything is
  queued (ValueError queues nothing).
- The sticky partition moves on by the bytes a keyless call queued, as ``send`` moves it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from strom.client.accumulator import BatchPiece, RecordAccumulator, RecordTuple
from strom.client.gc_pause import no_gc_pause
from strom.client.partitioner import DefaultPartitioner
from strom.client.types import TopicPartition

__all__ = ["VECTOR_KEYS", "BatchAppender", "HeaderInput", "normalize_headers", "to_bytes"]

HeaderInput = Sequence[tuple[str, bytes | str | None]] | Mapping[str, bytes | str | None]
VECTOR_KEYS = 64  # keyed send_batch calls this large are partitioned with numpy
#: ``(topic, key, partition or None, partitions) -> partition`` as ``send`` chooses it
ChoosePartition = Callable[[str, "bytes | None", "int | None", list[int]], int]


def to_bytes(value: bytes | bytearray | memoryview | str | None) -> bytes | None:
    """A key, value or header value as bytes: ``str`` as UTF-8, any buffer's bytes; anything
    else is a TypeError (``bytes(12345)`` would be 12,345 zero bytes, ``bytes({})`` none)."""
    if value is None or isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("utf-8")
    try:
        return memoryview(value).tobytes()
    except TypeError:
        raise TypeError(
            f"keys, values and header values are bytes, str, a buffer or None, not"
            f" {type(value).__name__}"
        ) from None


def normalize_headers(headers: HeaderInput | None) -> list[tuple[str, bytes | None]]:
    if not headers:
        return []
    items = headers.items() if isinstance(headers, Mapping) else headers
    return [(k, to_bytes(v)) for k, v in items]


class BatchAppender:
    """Partitions and appends the records of ``send_batch`` calls (see the module doc)."""

    def __init__(
        self,
        accumulator: RecordAccumulator,
        partitioner: DefaultPartitioner,
        choose: ChoosePartition,
        custom: bool,
    ) -> None:
        self._acc = accumulator
        self._partitioner = partitioner
        self._choose = choose
        self._custom = custom  # a custom partitioner chooses every keyless partition too

    async def append(
        self,
        topic: str,
        partitions: list[int],
        values: Sequence[bytes | str | None],
        keys: Sequence[bytes | str | None] | None,
        partition: int | None,
        timestamps: Sequence[int] | int,
        headers: Sequence[HeaderInput | None] | None,
    ) -> tuple[int, list[BatchPiece]]:
        """Partition and append the records of one call (``timestamps``: one per record, or
        one for all); the batches holding each partition's share."""
        n = len(values)
        if keys is not None and len(keys) != n:
            raise ValueError(f"{len(keys)} keys for {n} values")
        if headers is not None and len(headers) != n:
            raise ValueError(f"{len(headers)} header lists for {n} values")
        if isinstance(timestamps, int):
            ts_list: Sequence[int] = [timestamps] * n
        elif len(timestamps) != n:
            raise ValueError(f"{len(timestamps)} timestamps for {n} values")
        else:
            ts_list = timestamps
        vals = [v if v is None or type(v) is bytes else to_bytes(v) for v in values]
        ks: list[bytes | None] = (
            [None] * n
            if keys is None
            else [k if k is None or type(k) is bytes else to_bytes(k) for k in keys]
        )
        hs: list[list[tuple[str, bytes | None]]] = (
            [[]] * n if headers is None else [normalize_headers(h) for h in headers]
        )
        with self._acc.lock:  # the partitioner's state is shared with other threads' sends
            by_partition = self._partition(
                topic, partitions, vals, ks if keys is not None else None, partition, ts_list, hs
            )
        pieces: list[BatchPiece] = []
        for p, (idx, recs) in by_partition.items():
            slices = await self._acc.append_many(TopicPartition(topic, p), recs)
            pieces.append((idx, slices))
            if partition is None and keys is None and not self._custom:
                size = sum(b.size for b, _, _ in slices)  # moves the sticky partition on
                with self._acc.lock:
                    self._partitioner.record_appended(topic, p, size, partitions)
        return n, pieces

    def _partition(
        self,
        topic: str,
        partitions: list[int],
        vals: list[bytes | None],
        keys: list[bytes | None] | None,
        partition: int | None,
        ts_list: Sequence[int],
        hs: list[list[tuple[str, bytes | None]]],
    ) -> dict[int, tuple[list[int], list[RecordTuple]]]:
        """The call's record tuples (and their indexes in it) by partition; ``keys`` None
        when the call gave none."""
        n = len(vals)
        ks: list[bytes | None] = [None] * n if keys is None else keys
        by_partition: dict[int, tuple[list[int], list[RecordTuple]]] = {}
        if partition is not None or (keys is None and not self._custom):
            # One partition for the whole call (the sticky one when no key and no partition).
            p = self._choose(topic, None, partition, partitions)
            records: list[RecordTuple] = list(zip(ks, vals, ts_list, hs, strict=True))
            by_partition[p] = (list(range(n)), records)
        elif not self._custom and self._partitioner.keyed and n >= VECTOR_KEYS:
            with no_gc_pause():  # many tuples that all survive
                every: list[RecordTuple] = list(zip(ks, vals, ts_list, hs, strict=True))
                for p, taken in self._partitioner.partition_many(topic, ks, partitions):
                    by_partition[p] = (
                        taken,
                        every if len(taken) == n else [every[i] for i in taken],
                    )
        else:
            for i in range(n):
                p = self._choose(topic, ks[i], None, partitions)
                idx, recs = by_partition.setdefault(p, ([], []))
                idx.append(i)
                recs.append((ks[i], vals[i], ts_list[i], hs[i]))
        return by_partition
