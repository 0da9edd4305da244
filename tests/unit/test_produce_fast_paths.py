"""The short cuts of the per-partition produce path (issue 15) against slow, plain references.

- The record walk decodes two-byte lengths (record, key, value) inline: on random batches of
  small records (the many-partition shape: a few records of 64 B to 8 KiB) and on hostile edits
  of them (any byte set to a varint-breaking value, truncations), the byte loop gives exactly
  what a spec walk that decodes every varint with :func:`walk._raw_varint` gives: the same
  summary, or a framing error on the same record.
- The validator answers the common case from the walk's summary and decodes a batch only when
  it may break a key or timestamp rule: on random batches (timestamps on and around the bounds,
  -1, null keys; plain and compacted topics) its verdict equals the verdict computed from the
  fully decoded records (error code and the KIP-467 list of bad records), and a batch that looks
  suspect but is clean (a record without timestamp among valid ones) is accepted.
- The handler decides ACL, ``acks`` and internal-topic refusals once per topic: each partition
  of a refused topic still gets its own answer, the others are appended (real logs on disk).
"""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path
from types import SimpleNamespace

import hostile_batches as hostile
import pytest
from hostile_batches import record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.broker.context import RequestContext
from strom.broker.handlers.produce import produce
from strom.broker.partition import Partition
from strom.broker.replica_manager import ReplicaManager
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.headers import RequestHeader
from strom.protocol.messages.produce import ProduceRequest
from strom.protocol.records import RecordBatchBuilder, decode_batch, validate_batches_for_append
from strom.protocol.records import walk as walk_module
from strom.protocol.records.walk import RecordFramingError
from strom.storage.config import LogConfig
from strom.storage.log import Log
from strom.storage.log_validator import RecordValidationError, validate_for_append

pytestmark = pytest.mark.unit

NOW = 1_760_000_000_000
AFTER = 3_600_000  # message.timestamp.after.max.ms (default)
PLAIN = LogConfig()
COMPACT = LogConfig(cleanup_policy=("compact",))
I32, I64 = 1 << 32, 1 << 64


# ----------------------------------------------------------------------------- the record walk


def spec_walk(data: bytes, start: int, end: int, count: int) -> tuple[object, ...]:
    """Kafka's record framing rules, every varint through ``_raw_varint``: the summary
    ``(min ts delta, max ts delta, null keys)`` or ``("error", record index)``."""
    raw_varint = walk_module._raw_varint
    pos, tmin, tmax, nulls, i = start, None, None, 0, 0
    try:
        for i in range(count):
            raw, pos = raw_varint(data, pos, I32)
            if raw & 1:
                return ("error", i)
            rend = pos + (raw >> 1)
            if rend > end:
                return ("error", i)
            pos += 1  # attributes
            raw, pos = raw_varint(data, pos, I64)
            ts = (raw >> 1) ^ -(raw & 1)
            tmin = ts if tmin is None else min(tmin, ts)
            tmax = ts if tmax is None else max(tmax, ts)
            raw, pos = raw_varint(data, pos, I32)
            if raw != 2 * i:
                return ("error", i)
            for is_key in (True, False):
                raw, pos = raw_varint(data, pos, I32)
                if raw & 1:
                    if raw != 1:
                        return ("error", i)
                    nulls += is_key
                else:
                    pos += raw >> 1
            if pos >= rend:
                return ("error", i)
            pos = walk_module._walk_headers(data, pos, rend, i) if data[pos] else pos + 1
            if pos != rend:
                return ("error", i)
    except (IndexError, ValueError, RecordFramingError):
        return ("error", i)
    if pos != end:
        return ("error", count - 1)
    return (tmin, tmax, nulls)


def byte_loop(data: bytes, start: int, end: int, count: int) -> tuple[object, ...]:
    try:
        s = walk_module.reference_walk(data, start, end, count)
    except RecordFramingError as exc:
        return ("error", exc.record_index)
    return (s.min_timestamp_delta, s.max_timestamp_delta, s.null_keys)


a_small_record = st.tuples(
    st.none() | st.binary(max_size=200),  # key: lengths of one and two varint bytes
    st.none() | st.binary(min_size=0, max_size=300),  # value
    st.integers(-70, 70),  # timestamp delta
    st.booleans(),  # a header
)


def encode(records: list[tuple[bytes | None, bytes | None, int, bool]]) -> bytes:
    return b"".join(
        record(i, value, key, ts, b"\x02\x02hk\x02v" if header else b"\x00")
        for i, (key, value, ts, header) in enumerate(records)
    )


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    records=st.lists(a_small_record, min_size=1, max_size=6),
    edits=st.lists(
        st.tuples(st.integers(0, 10**6), st.sampled_from([0x00, 0x01, 0x7F, 0x80, 0x81, 0xFF])),
        max_size=2,
    ),
    cut=st.integers(0, 3),
    count_delta=st.sampled_from([0, 0, 0, -1, 1]),
)
def test_inline_two_byte_lengths_agree_with_the_spec_walk(
    records: list[tuple[bytes | None, bytes | None, int, bool]],
    edits: list[tuple[int, int]],
    cut: int,
    count_delta: int,
) -> None:
    data = bytearray(encode(records))
    for at, value in edits:
        data[at % len(data)] = value
    data = bytes(data[: len(data) - cut])
    count = max(len(records) + count_delta, 1)
    assert byte_loop(data, 0, len(data), count) == spec_walk(data, 0, len(data), count)


def test_two_byte_lengths_at_their_edges() -> None:
    """Lengths 64..8191 take two varint bytes (zig-zag): both ends, a non-canonical two-byte
    zero and a length whose second byte is missing."""
    for size in (63, 64, 65, 8191, 8192):
        data = encode([(b"k" * size, b"v" * size, 0, False), (None, b"w" * size, 1, False)])
        assert byte_loop(data, 0, len(data), 2) == spec_walk(data, 0, len(data), 2)
        assert byte_loop(data, 0, len(data), 2)[0] != "error"
    padded = bytearray(record(0, b"", None))  # value length 0 written as 0x80 0x00
    padded[-2:-1] = b"\x80\x00"
    padded[0] += 2  # one byte longer (zig-zag)
    assert byte_loop(bytes(padded), 0, len(padded), 1) == spec_walk(padded, 0, len(padded), 1)
    assert byte_loop(bytes(padded), 0, len(padded), 1)[0] != "error"
    torn = encode([(None, b"v" * 100, 0, False)])[:1]  # the length's second byte is missing
    assert byte_loop(torn, 0, 1, 1) == spec_walk(torn, 0, 1, 1) == ("error", 0)


# ----------------------------------------------------------------------------- the validator

_TIMESTAMPS = [-1, -1, -2, 0, NOW - 5, NOW, NOW + AFTER, NOW + AFTER + 1, NOW + AFTER - 1]


def batch_of(rows: list[tuple[bytes | None, int]]) -> bytearray:
    base = rows[0][1]
    payload = b"".join(record(i, b"v", key, t - base) for i, (key, t) in enumerate(rows))
    return hostile.forge(payload, len(rows), base_ts=base, max_ts=max(t for _, t in rows))


def verdict(buf: bytearray, config: LogConfig) -> tuple[object, ...]:
    batches = validate_batches_for_append(buf, max_batch_bytes=config.max_message_bytes)
    try:
        validate_for_append(buf, batches, config, NOW, client=True, partition="t-0")
    except RecordValidationError as exc:
        return (exc.code, [i for i, _ in exc.record_errors])
    except KafkaError as exc:
        return (exc.code, None)
    return (ErrorCode.NONE, [])


def expected(buf: bytearray, config: LogConfig) -> tuple[object, ...]:
    """The rules applied to every decoded record (Kafka's per-record validation)."""
    bad: list[int] = []
    timestamp = False
    for i, r in enumerate(decode_batch(bytes(buf)).records):
        if config.compact_enabled and r.key is None:
            bad.append(i)
        elif r.timestamp != -1 and not 0 <= r.timestamp <= NOW + AFTER:
            bad.append(i)
            timestamp = True
    if not bad:
        return (ErrorCode.NONE, [])
    return (ErrorCode.INVALID_TIMESTAMP if timestamp else ErrorCode.INVALID_RECORD, bad)


@settings(max_examples=300, deadline=None)
@given(
    rows=st.lists(
        st.tuples(st.none() | st.just(b"k"), st.sampled_from(_TIMESTAMPS)), min_size=1, max_size=6
    ),
    compact=st.booleans(),
)
def test_summary_verdict_equals_the_decoded_records_verdict(
    rows: list[tuple[bytes | None, int]], compact: bool
) -> None:
    config = COMPACT if compact else PLAIN
    buf = batch_of(rows)
    assert verdict(bytearray(buf), config) == expected(buf, config)


def test_a_record_without_timestamp_among_valid_ones_is_accepted() -> None:
    """The summary's minimum is -1 (below the lower bound), so the batch is decoded; no record
    breaks a rule, so nothing is refused."""
    buf = batch_of([(b"k", NOW), (b"k", -1), (b"k", NOW + 1)])
    assert verdict(buf, PLAIN) == (ErrorCode.NONE, [])
    assert verdict(batch_of([(b"k", -1), (b"k", NOW)]), COMPACT) == (ErrorCode.NONE, [])


# ----------------------------------------------------------------------------- the handler


def _produce(tmp_path: Path, acks: int) -> tuple[list[tuple[str, int, int, str | None]], int]:
    """A Produce of two partitions of ``t`` and one of ``__consumer_offsets`` through the
    handler, on real logs: ``(topic, partition, error code, message)`` per partition, and the
    records appended to ``t``."""
    rm = ReplicaManager(1)
    for topic, index in (("t", 0), ("t", 1), ("__consumer_offsets", 0)):
        log = Log.open(tmp_path / f"{topic}-{index}", LogConfig())
        rm.add(Partition(topic, index, uuid.uuid4(), log, 1, [1], 0))
    b = RecordBatchBuilder()
    b.append(b"v", key=b"k", timestamp=NOW)
    data = b.build()
    P = ProduceRequest
    req = P(acks=acks, timeout_ms=1000, topic_data=[
        P.TopicProduceData(name=name, partition_data=[
            P.PartitionProduceData(index=i, records=data) for i in indexes
        ])
        for name, indexes in (("t", [0, 1]), ("__consumer_offsets", [0]))
    ])  # fmt: skip
    header = RequestHeader(request_api_key=0, request_api_version=9, correlation_id=1)
    ctx = RequestContext(header, SimpleNamespace(authorizer=None, replica_manager=rm), "peer:1")  # type: ignore[arg-type]
    resp = asyncio.run(produce(ctx, req))
    assert resp is not None
    out = [
        (t.name, p.index, p.error_code, p.error_message)
        for t in resp.responses
        for p in t.partition_responses
    ]
    return out, sum(rm.partitions[("t", i)].log.log_end_offset for i in (0, 1))


def test_refusals_decided_per_topic_apply_to_each_partition(tmp_path: Path) -> None:
    out, appended = _produce(tmp_path / "a", 1)
    assert out == [
        ("t", 0, 0, None),
        ("t", 1, 0, None),
        ("__consumer_offsets", 0, ErrorCode.INVALID_TOPIC_EXCEPTION,
         "Cannot append to internal topic __consumer_offsets"),
    ]  # fmt: skip
    assert appended == 2
    out, appended = _produce(tmp_path / "b", 2)
    assert [e for _, _, e, _ in out] == [ErrorCode.INVALID_REQUIRED_ACKS] * 3
    assert appended == 0
