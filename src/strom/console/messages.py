"""Browsing, searching, tailing and producing records of one topic.

Owns: :func:`render` (bytes to what a person reads: pretty-printed JSON, UTF-8 text, or hex for
binary, each cut at ``MAX_SHOWN`` bytes), :class:`Query` (where to start reading: earliest, an
offset, a timestamp, or the last N records before the end; which partitions; key/value
substring filters) and :class:`MessageService`, which reads with an assigned (group-less)
consumer, tails live, and produces through one shared producer.

Invariants: a read is bounded in records scanned (``max_scan``), in records kept (``limit`` per
partition, ``limit`` returned) and in time (``budget``); it stops at the end offsets seen when it
began (by position, so transaction markers at the end do not hold it), so it never waits for new
data. Live tails are bounded in number (``max_tails``); each one owns its consumer
and closes it when the browser goes away. Nothing here commits offsets.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from strom.client import AIOConsumer, AIOProducer, ConsumerRecord, RecordMetadata, TopicPartition

MAX_SHOWN = 64 * 1024
EARLIEST, LATEST = -2, -1


@dataclass(frozen=True, slots=True)
class Rendered:
    kind: str  # "null", "json", "text" or "hex"
    text: str
    size: int
    truncated: bool = False


def render(data: bytes | None, mode: str = "auto") -> Rendered:
    """``data`` as JSON (pretty), text or hex; ``auto`` picks JSON, then text, then hex."""
    if data is None:
        return Rendered("null", "null", 0)
    shown, cut = data[:MAX_SHOWN], len(data) > MAX_SHOWN
    if mode in ("auto", "json") and not cut:
        try:
            parsed = json.loads(data)
        except ValueError:
            parsed = _NOT_JSON
        if parsed is not _NOT_JSON and (mode == "json" or isinstance(parsed, (dict, list))):
            return Rendered("json", json.dumps(parsed, indent=2, ensure_ascii=False), len(data))
    if mode in ("auto", "json", "text"):
        try:
            text = shown.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        if text is not None and (mode == "text" or text.isprintable() or _mostly_text(text)):
            return Rendered("text", text, len(data), cut)
    return Rendered("hex", _hex(shown), len(data), cut)


_NOT_JSON = object()


def _mostly_text(text: str) -> bool:
    return all(c.isprintable() or c in "\n\r\t" for c in text)


def _hex(data: bytes) -> str:
    rows = []
    for i in range(0, len(data), 16):
        chunk = data[i : i + 16]
        ascii_ = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
        rows.append(f"{i:08x}  {chunk.hex(' '):<47}  {ascii_}")
    return "\n".join(rows)


@dataclass(frozen=True, slots=True)
class Shown:
    """One record ready for a template."""

    partition: int
    offset: int
    timestamp: int
    key: Rendered
    value: Rendered
    headers: list[tuple[str, Rendered]]

    @property
    def time_text(self) -> str:
        if self.timestamp < 0:
            return "-"
        return datetime.fromtimestamp(self.timestamp / 1000, UTC).strftime("%Y-%m-%d %H:%M:%S.%f")[
            :-3
        ]


def show(record: ConsumerRecord, mode: str = "auto") -> Shown:
    return Shown(
        record.partition,
        record.offset,
        record.timestamp,
        render(record.key, mode),
        render(record.value, mode),
        [(k, render(v, "text" if mode == "auto" else mode)) for k, v in record.headers],
    )


@dataclass(frozen=True)
class Query:
    """What to read. ``start``: earliest | latest (the last ``limit`` records of each
    partition) | offset | timestamp (ms)."""

    partitions: list[int] | None = None
    start: str = "latest"
    value: int = 0
    limit: int = 50
    key_filter: str = ""
    value_filter: str = ""

    def matches(self, record: ConsumerRecord) -> bool:
        return _contains(record.key, self.key_filter) and _contains(record.value, self.value_filter)


def _contains(data: bytes | None, needle: str) -> bool:
    if not needle:
        return True
    return data is not None and needle.encode() in data


@dataclass
class ReadResult:
    records: list[ConsumerRecord] = field(default_factory=list)
    scanned: int = 0
    complete: bool = True  # False when the scan or time budget ran out first


class MessageService:
    """Reads, tails and produces through the native client with the console's config."""

    def __init__(
        self,
        config: Mapping[str, Any],
        max_scan: int = 20_000,
        budget: float = 8.0,
        max_tails: int = 16,
    ) -> None:
        self.config = dict(config)
        self.max_scan = max_scan
        self.budget = budget
        self.tails = asyncio.Semaphore(max_tails)
        self._producer: AIOProducer | None = None
        self._producer_lock = asyncio.Lock()

    def _consumer(self) -> AIOConsumer:
        return AIOConsumer(
            {**self.config, "enable.auto.commit": False, "auto.offset.reset": "earliest"}
        )

    async def _positions(
        self, consumer: AIOConsumer, tps: list[TopicPartition], query: Query
    ) -> tuple[dict[TopicPartition, int], dict[TopicPartition, int]]:
        """Where each partition's read starts, and its end offset now."""
        begin = await consumer.beginning_offsets(tps, timeout=self.budget)
        end = await consumer.end_offsets(tps, timeout=self.budget)
        if query.start == "earliest":
            starts = dict(begin)
        elif query.start == "offset":
            starts = {tp: min(max(query.value, begin[tp]), end[tp]) for tp in tps}
        elif query.start == "timestamp":
            found = await consumer.offsets_for_times(
                dict.fromkeys(tps, query.value), timeout=self.budget
            )
            starts = {tp: (found[tp].offset if found[tp] else end[tp]) for tp in tps}  # type: ignore[union-attr]
        else:
            back = query.limit if not (query.key_filter or query.value_filter) else self.max_scan
            starts = {tp: max(begin[tp], end[tp] - back) for tp in tps}
        return starts, end

    async def read(self, topic: str, all_partitions: list[int], query: Query) -> ReadResult:
        wanted = query.partitions if query.partitions else all_partitions
        tps = [TopicPartition(topic, p) for p in wanted]
        consumer = self._consumer()
        result = ReadResult()
        deadline = time.monotonic() + self.budget
        try:
            await consumer.start()
            starts, ends = await self._positions(consumer, tps, query)
            todo = [tp for tp in tps if starts[tp] < ends[tp]]
            # at most ``limit`` kept per partition: the newest for "latest", else the first
            kept: dict[TopicPartition, deque[ConsumerRecord]] = {
                tp: deque(maxlen=query.limit) for tp in todo
            }
            latest = query.start == "latest"
            consumer.assign(todo)
            for tp in todo:
                consumer.seek(tp, starts[tp])
            while todo:
                if result.scanned >= self.max_scan or time.monotonic() > deadline:
                    result.complete = False
                    break
                batches = await consumer.getmany(timeout_ms=500, max_records=1000)
                for tp, records in batches.items():
                    for r in records:
                        if r.offset >= ends[tp]:
                            break
                        result.scanned += 1
                        if query.matches(r) and (latest or len(kept[tp]) < query.limit):
                            kept[tp].append(r)
                for tp in list(todo):  # the position passes control batches too
                    if await consumer.position(tp, timeout=1.0) >= ends[tp]:
                        todo.remove(tp)
                        consumer.pause(tp)
                if not latest and sum(len(k) for k in kept.values()) >= query.limit:
                    result.complete = not todo
                    break
            result.records = [r for k in kept.values() for r in k]
        finally:
            await consumer.close()
        result.records.sort(key=lambda r: (r.timestamp, r.partition, r.offset))
        if query.start == "latest":
            result.records = result.records[-query.limit :][::-1]
        else:
            result.records = result.records[: query.limit]
        return result

    async def tail(
        self, topic: str, all_partitions: list[int], query: Query
    ) -> AsyncIterator[list[ConsumerRecord]]:
        """Records produced from now on, in batches, until the caller stops iterating."""
        wanted = query.partitions if query.partitions else all_partitions
        tps = [TopicPartition(topic, p) for p in wanted]
        async with self.tails:
            consumer = self._consumer()
            try:
                await consumer.start()
                ends = await consumer.end_offsets(tps, timeout=self.budget)
                consumer.assign(tps)
                for tp in tps:
                    consumer.seek(tp, ends[tp])
                while True:
                    batches = await consumer.getmany(timeout_ms=1000, max_records=200)
                    found = [r for rs in batches.values() for r in rs if query.matches(r)]
                    yield found
            finally:
                await consumer.close()

    async def produce(
        self,
        topic: str,
        key: bytes | None,
        value: bytes | None,
        headers: list[tuple[str, bytes | None]],
        partition: int | None,
    ) -> RecordMetadata:
        async with self._producer_lock:
            if self._producer is None:
                producer = AIOProducer(
                    {"max.block.ms": 10000, "delivery.timeout.ms": 20000, **self.config}
                )
                await producer.start()
                self._producer = producer
        return await asyncio.wait_for(
            self._producer.send_and_wait(
                topic, value, key=key, partition=partition, headers=headers
            ),
            self.budget * 2,
        )

    async def close(self) -> None:
        if self._producer is not None:
            await self._producer.close(timeout=5)


def parse_headers(text: str) -> list[tuple[str, bytes | None]]:
    """``name=value`` (or ``name: value``) per line; a bare ``name`` is a null header."""
    out: list[tuple[str, bytes | None]] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        cut = min((i for i in (line.find("="), line.find(":")) if i >= 0), default=-1)
        if cut < 0:
            out.append((line.strip(), None))
        else:
            out.append((line[:cut].strip(), line[cut + 1 :].strip().encode()))
    return out
