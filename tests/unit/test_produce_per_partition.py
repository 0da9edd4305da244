"""The per-partition cost cuts of the produce path (issue 15, session 11) against the general path.

- :func:`validate_batches_for_append` walks the buffer without ``iter_batches``' generator and
  computes the CRC inline: on random record sets (one or several batches) and hostile edits of
  them (a flipped byte anywhere, a truncation, trailing bytes, a header field changed and the CRC
  resealed), it answers exactly what the reference built on ``iter_batches`` and
  ``compute_crc`` answers: the same batches, or the same error class and message.
- :class:`LogConfig`'s derived fields (``compact_enabled``, ``log_append_time``,
  ``timestamp_bounds``) equal the rules they replace, on every combination of the keys they
  derive from, also after ``dataclasses.replace`` and ``from_properties``; they take no part in
  equality.
- :class:`AppendInfo` (a named tuple now) stays immutable.
"""

from __future__ import annotations

import asyncio
import dataclasses
import struct
import uuid
from pathlib import Path
from types import SimpleNamespace

import hostile_batches as hostile
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from strom.broker.context import RequestContext
from strom.broker.handlers.produce import produce
from strom.broker.partition import Partition
from strom.broker.replica_manager import ReplicaManager
from strom.broker.replica_tracking import FollowerState, ReplicaTracking
from strom.errors import (
    CorruptRecordError,
    ErrorCode,
    InvalidRecordError,
    KafkaError,
    MessageTooLargeError,
    UnsupportedCompressionError,
)
from strom.protocol.frames import decode_request, decode_response, encode_request, encode_response
from strom.protocol.messages.produce import ProduceRequest
from strom.protocol.records import (
    RecordBatchBuilder,
    iter_batches,
    validate_batches_for_append,
)
from strom.protocol.records.constants import COMPRESSION_CODEC_MASK, CONTROL_FLAG_MASK
from strom.protocol.records.header import BatchHeader, compute_crc
from strom.protocol.records.walk import RecordFramingError
from strom.storage import log_validator as validator
from strom.storage.config import LONG_MAX, LogConfig
from strom.storage.errors import KafkaStorageError
from strom.storage.log import Log
from strom.storage.log_dir_failure import LogDirFailureChannel
from strom.storage.log_results import AppendInfo
from strom.storage.log_validator import RecordValidationError

pytestmark = pytest.mark.unit

NOW = 1_760_000_000_000


# ------------------------------------------------------------- validate_batches_for_append


def reference_validate(buf: bytes | bytearray, max_batch_bytes: int | None) -> object:
    """The checks of :func:`validate_batches_for_append` over ``iter_batches`` and
    ``compute_crc`` (as it was written before the generator was taken out)."""
    batches = []
    for pos, h in iter_batches(buf, strict=True):
        size = h.size_in_bytes
        if max_batch_bytes is not None and size > max_batch_bytes:
            raise MessageTooLargeError(
                f"record batch at position {pos} is {size} bytes, above the limit of "
                f"{max_batch_bytes}"
            )
        computed = compute_crc(buf, pos, pos + size)
        if computed != h.crc:
            raise CorruptRecordError(
                f"record batch at position {pos} is corrupt "
                f"(stored crc = {h.crc}, computed crc = {computed})"
            )
        codec = h.attributes & COMPRESSION_CODEC_MASK
        if codec > 4:
            raise UnsupportedCompressionError(
                f"record batch at position {pos} uses unknown compression codec id {codec}"
            )
        if h.records_count <= 0:
            raise InvalidRecordError(
                f"record batch at position {pos} has invalid record count {h.records_count}"
            )
        if h.last_offset_delta + 1 != h.records_count:
            raise InvalidRecordError(
                f"record batch at position {pos} has inconsistent offset range and record "
                f"count (last_offset_delta {h.last_offset_delta}, records_count "
                f"{h.records_count})"
            )
        batches.append((pos, h))
    if not batches:
        raise InvalidRecordError("record set contains no record batch")
    return batches


def outcome(fn: object, buf: bytearray, limit: int | None) -> object:
    try:
        return fn(buf, limit)  # type: ignore[operator]
    except KafkaError as exc:
        return (type(exc).__name__, exc.code, exc.message)


def _batch(records: int, size: int) -> bytes:
    b = RecordBatchBuilder()
    for i in range(records):
        b.append(b"v" * size, key=b"k%d" % i, timestamp=1_760_000_000_000 + i)
    return b.build()


def _reseal(buf: bytearray, pos: int) -> None:
    """Recompute the CRC of the batch at ``pos`` (after a header edit), if it is whole."""
    (length,) = struct.unpack_from(">i", buf, pos + 8)
    end = pos + 12 + length
    if length >= 0 and end <= len(buf) and pos + 21 <= end:
        struct.pack_into(">I", buf, pos + 17, compute_crc(buf, pos, end))


_HEADER_FIELDS = [(8, ">i"), (16, ">b"), (21, ">h"), (23, ">i"), (57, ">i")]
"""(offset, format): batch length, magic, attributes, last offset delta, records count."""


@st.composite
def record_sets(draw: st.DrawFn) -> bytearray:
    sizes = draw(st.lists(st.tuples(st.integers(1, 4), st.integers(0, 300)), min_size=1,
                          max_size=3))  # fmt: skip
    buf = bytearray(b"".join(_batch(n, size) for n, size in sizes))
    edit = draw(st.sampled_from(["none", "flip", "truncate", "trail", "field"]))
    if edit == "flip":
        at = draw(st.integers(0, len(buf) - 1))
        buf[at] ^= 1 << draw(st.integers(0, 7))
    elif edit == "truncate":
        del buf[draw(st.integers(0, len(buf) - 1)) :]
    elif edit == "trail":
        buf += bytes(draw(st.binary(min_size=1, max_size=70)))
    elif edit == "field":
        at, fmt = draw(st.sampled_from(_HEADER_FIELDS))
        value = draw(st.sampled_from([-1, 0, 1, 2, 5, 7, 48, 49, 1000, 0x7FFF]))
        if fmt == ">b":
            value = max(-128, min(127, value))
        struct.pack_into(fmt, buf, at, value)
        _reseal(buf, 0)
    return buf


@settings(max_examples=400, deadline=None)
@given(buf=record_sets(), limit=st.sampled_from([None, 100, 400, 1 << 20]))
def test_validate_batches_for_append_answers_as_the_iter_batches_reference(
    buf: bytearray, limit: int | None
) -> None:
    got = outcome(lambda b, m: validate_batches_for_append(b, max_batch_bytes=m), buf, limit)
    assert got == outcome(reference_validate, buf, limit)


def test_a_truncated_batch_and_a_bad_crc_are_named_as_before() -> None:
    whole = bytearray(_batch(3, 100))
    got = outcome(lambda b, m: validate_batches_for_append(b, max_batch_bytes=m),
                  whole[:-1], None)  # fmt: skip
    assert got[0] == "CorruptRecordError" and "claims" in got[2]  # type: ignore[index]
    whole[-1] ^= 0xFF
    got = outcome(lambda b, m: validate_batches_for_append(b, max_batch_bytes=m), whole, None)
    assert got[0] == "CorruptRecordError" and "stored crc" in got[2]  # type: ignore[index]
    empty = outcome(lambda b, m: validate_batches_for_append(b, max_batch_bytes=m),
                    bytearray(), None)  # fmt: skip
    assert empty[0] == "InvalidRecordError"  # type: ignore[index]


# ------------------------------------------------------------------- LogConfig derived fields


def reference_bounds(c: LogConfig) -> tuple[int, int]:
    before, after = c.message_timestamp_before_max_ms, c.message_timestamp_after_max_ms
    legacy = c.message_timestamp_difference_max_ms
    if legacy != LONG_MAX:
        if before == LONG_MAX:
            before = legacy
        if after == LogConfig().message_timestamp_after_max_ms:
            after = legacy
    return before, after


_MS = st.sampled_from([0, 1, 1000, 3_600_000, 86_400_000, LONG_MAX])


@settings(max_examples=300, deadline=None)
@given(
    policy=st.sampled_from([("delete",), ("compact",), ("compact", "delete")]),
    ts_type=st.sampled_from(["CreateTime", "LogAppendTime"]),
    before=_MS,
    after=_MS,
    legacy=_MS,
    later=st.sampled_from(["cleanup", "ts_type", "legacy", "after"]),
)
def test_derived_config_fields_follow_their_keys(
    policy: tuple[str, ...], ts_type: str, before: int, after: int, legacy: int, later: str
) -> None:
    c = LogConfig(
        cleanup_policy=policy,
        message_timestamp_type=ts_type,
        message_timestamp_before_max_ms=before,
        message_timestamp_after_max_ms=after,
        message_timestamp_difference_max_ms=legacy,
    )

    def check(cfg: LogConfig) -> None:
        assert cfg.compact_enabled == ("compact" in cfg.cleanup_policy)
        assert cfg.log_append_time == (cfg.message_timestamp_type == "LogAppendTime")
        assert cfg.timestamp_bounds == reference_bounds(cfg)

    check(c)
    changed = {
        "cleanup": {"cleanup_policy": ("compact",) if policy == ("delete",) else ("delete",)},
        "ts_type": {"message_timestamp_type": "LogAppendTime" if ts_type == "CreateTime"
                    else "CreateTime"},
        "legacy": {"message_timestamp_difference_max_ms": 5 if legacy != 5 else LONG_MAX},
        "after": {"message_timestamp_after_max_ms": 7 if after != 7 else 3_600_000},
    }[later]  # fmt: skip
    check(dataclasses.replace(c, **changed))  # type: ignore[arg-type]
    props = {
        "cleanup": {"cleanup.policy": ",".join(changed.get("cleanup_policy", ("delete",)))},
        "ts_type": {"message.timestamp.type": str(changed.get("message_timestamp_type", ""))},
        "legacy": {"message.timestamp.difference.max.ms": str(
            changed.get("message_timestamp_difference_max_ms", ""))},
        "after": {"message.timestamp.after.max.ms": str(
            changed.get("message_timestamp_after_max_ms", ""))},
    }[later]  # fmt: skip
    check(LogConfig.from_properties(props, c))
    assert c == dataclasses.replace(c)  # the derived fields take no part in equality


def test_derived_fields_are_not_arguments_and_stay_frozen() -> None:
    with pytest.raises(TypeError):
        LogConfig(compact_enabled=True)  # type: ignore[call-arg]
    c = LogConfig()
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.compact_enabled = True  # type: ignore[misc]


def test_append_info_is_immutable() -> None:
    info = AppendInfo(0, 2, 5, 2, -1, 0, 3, 1, 100)
    assert (info.first_offset, info.last_offset, info.rolled) == (0, 2, False)
    with pytest.raises(AttributeError):
        info.first_offset = 7  # type: ignore[misc]


# --------------------------------------------------- validate_for_append's gated calls


def reference_validate_for_append(
    buf: bytearray, batches: list[tuple[int, BatchHeader]], config: LogConfig, now_ms: int,
    partition: str,
) -> bytearray:  # fmt: skip
    """The client path of :func:`validate_for_append` as it was: ``_check_client_batch`` and
    ``_stamp_max_timestamp`` called for every batch (they decide themselves)."""
    if len(batches) != 1:
        raise InvalidRecordError("more than one batch")
    for _, h in batches:
        validator._check_client_batch(h, partition)
    before, after = config.timestamp_bounds
    low, high = max(now_ms - before, 0), min(now_ms + after, LONG_MAX)
    for pos, h in batches:
        try:
            dmin, dmax, null_keys = validator._walk(buf, pos, h, config)
        except RecordFramingError as exc:
            raise RecordValidationError(
                f"Invalid record in {partition}: {exc.message}", ErrorCode.INVALID_RECORD,
                [(exc.record_index, exc.message)],
            ) from None  # fmt: skip
        if h.attributes & CONTROL_FLAG_MASK:
            continue
        suspect = config.compact_enabled and null_keys > 0
        if not config.log_append_time:
            tmin = h.base_timestamp + dmin
            tmax = h.base_timestamp + dmax
            if not (tmin == tmax == -1) and (tmin < low or tmax > high):
                suspect = True
        if suspect:
            errors = validator._record_errors(buf, pos, config, low, high)
            if errors:
                validator._raise(errors, partition)
        if not config.log_append_time:
            validator._stamp_max_timestamp(buf, pos, h, dmax)
    return buf


@st.composite
def client_batches(draw: st.DrawFn) -> bytearray:
    n = draw(st.integers(1, 3))
    deltas = draw(st.lists(st.sampled_from([0, 1, 5, 300]), min_size=n, max_size=n))
    payload = b"".join(hostile.record(i, key=b"k", ts_delta=d) for i, d in enumerate(deltas))
    base = NOW + draw(st.sampled_from([0, -10, 7_200_000]))
    right = base + max(deltas)
    max_ts = draw(st.sampled_from([right, right - 1, right + 1, -1, base]))
    attributes = draw(st.sampled_from([0, 0x08, 0x10, 0x20, 0x30]))  # LogAppendTime, txn, ctl
    producer_id, sequence = draw(st.sampled_from([(-1, -1), (7, 0), (7, -1), (0, -1), (-1, 3)]))
    return hostile.forge(payload, n, base_ts=base, max_ts=max_ts, attributes=attributes,
                         producer_id=producer_id, base_sequence=sequence)  # fmt: skip


def _verdict(fn: object, batch: bytearray, config: LogConfig) -> object:
    buf = bytearray(batch)
    batches = validate_batches_for_append(buf, max_batch_bytes=None)
    try:
        out = fn(buf, batches, config, NOW, "t-0")  # type: ignore[operator]
    except KafkaError as exc:
        errors = getattr(exc, "record_errors", None)
        return (type(exc).__name__, exc.code, exc.message, errors)
    return bytes(out), [(p, dataclasses.astuple(h)) for p, h in batches]


@settings(max_examples=300, deadline=None)
@given(batch=client_batches(), compact=st.booleans())
def test_validate_for_append_answers_as_with_every_check_called(
    batch: bytearray, compact: bool
) -> None:
    config = LogConfig(cleanup_policy=("compact",) if compact else ("delete",))
    got = _verdict(lambda b, h, c, n, p: validator.validate_for_append(b, h, c, n, True, p),
                   batch, config)  # fmt: skip
    assert got == _verdict(reference_validate_for_append, batch, config)


# ------------------------------------------------------- the high watermark of a lone leader


@dataclasses.dataclass
class _Membership:
    leading: bool  # broker 1 leads
    isr: list[int]
    replicas: list[int]
    leader_epoch: int = 0

    @property
    def is_leader(self) -> bool:
        return self.leading

    @property
    def leader(self) -> int:
        return 1 if self.leading else 2


@settings(max_examples=200, deadline=None)
@given(
    leader=st.booleans(),
    isr=st.sampled_from([[1], [2], [1, 2], [], [1, 2, 3]]),
    replicas=st.sampled_from([[1], [1, 2], [1, 2, 3], []]),
    min_isr=st.integers(1, 3),
    pending=st.sampled_from([None, [1], [1, 2]]),
    follower_leo=st.sampled_from([None, 0, 1, 3]),
)
@example(leader=True, isr=[1], replicas=[1, 2], min_isr=2, pending=None, follower_leo=None)
@example(leader=True, isr=[1], replicas=[1], min_isr=2, pending=None, follower_leo=None)
@example(leader=False, isr=[1], replicas=[1], min_isr=1, pending=None, follower_leo=None)
def test_the_lone_leader_rule_moves_the_high_watermark_as_the_general_rule(
    tmp_path_factory: pytest.TempPathFactory, leader: bool, isr: list[int], replicas: list[int],
    min_isr: int, pending: list[int] | None, follower_leo: int | None,
) -> None:  # fmt: skip
    lg = Log.open(tmp_path_factory.mktemp("hw") / "t-0", LogConfig(min_insync_replicas=min_isr))
    b = RecordBatchBuilder()
    for i in range(3):
        b.append(b"v", key=b"k", timestamp=NOW + i)
    lg.append_as_leader(bytearray(b.build()), 0)
    lg.high_watermark = 1
    t = ReplicaTracking(1, lg, _Membership(leader, list(isr), list(replicas)))
    t.pending_isr = pending
    if follower_leo is not None:
        t.followers[2] = FollowerState(log_end_offset=follower_leo)
    # the general rule (as it was before the lone-leader case came first)
    expected_hw = 1
    if leader and len(isr) >= min(min_isr, max(len(replicas), 1)):
        if pending is None and isr == [1]:
            expected_hw = 3
        else:
            hw = 3
            for r in t.effective_isr():
                if r != 1:
                    f = t.followers.get(r)
                    hw = min(hw, f.log_end_offset if f is not None else -1)
            expected_hw = max(expected_hw, min(max(hw, 0), 3)) if hw > 1 else 1
    moved = t.maybe_increment_high_watermark()
    assert (moved, lg.high_watermark) == (expected_hw != 1, expected_hw)
    lg.close()


# ------------------------------------------- a hostile 1,000-partition request, end to end


class _DenySecret:
    """An authorizer that refuses every operation on the topic ``secret`` (the handler asks it
    once per topic, as Kafka's ``authorizedTopics``)."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def authorize(self, principal: object, host: str, op: object, rtype: object, name: str
                  ) -> bool:  # fmt: skip
        self.asked.append(name)
        return name != "secret"


def test_a_1000_partition_request_with_hostile_parts_answers_each_partition_alone(
    tmp_path: Path,
) -> None:
    """Topic ``a``: 996 good partitions, one with a flipped bit in its batch (CORRUPT_MESSAGE),
    one whose batch holds a record with a broken offset delta (INVALID_RECORD, named in
    ``record_errors``), one the broker does not host (UNKNOWN_TOPIC_OR_PARTITION); topic
    ``secret`` (2 partitions, hosted) is refused by the authorizer (TOPIC_AUTHORIZATION_FAILED).
    Encoded, decoded, handled and answered as the broker does: every partition gets its own
    answer, the good ones their records (read back byte for byte), the refused ones nothing."""
    rm = ReplicaManager(1)
    hosted = [("a", i) for i in range(999)] + [("secret", 0), ("secret", 1)]
    for topic, index in hosted:
        lg = Log.open(tmp_path / f"{topic}-{index}", LogConfig())
        rm.add(Partition(topic, index, uuid.uuid4(), lg, 1, [1], 0))
    b = RecordBatchBuilder()
    for i in range(3):
        b.append(b"r" * 100, key=b"k%d" % i, timestamp=NOW + i)
    good = b.build()
    flipped = bytearray(good)
    flipped[len(flipped) // 2] ^= 0x10
    broken = hostile.forge(hostile.record(0) + hostile.record(5), 2, base_ts=NOW)
    records = {("a", 17): bytes(flipped), ("a", 500): bytes(broken)}
    P = ProduceRequest
    req = P(acks=1, timeout_ms=1000, topic_data=[
        P.TopicProduceData(name="a", partition_data=[
            P.PartitionProduceData(index=i, records=records.get(("a", i), good))
            for i in [*range(999), 4242]
        ]),
        P.TopicProduceData(name="secret", partition_data=[
            P.PartitionProduceData(index=i, records=good) for i in (0, 1)
        ]),
    ])  # fmt: skip
    frame = b"".join(encode_request(req, 9, 7, "hostile"))[4:]
    header, decoded = decode_request(frame)
    authorizer = _DenySecret()
    services = SimpleNamespace(authorizer=authorizer, replica_manager=rm)
    ctx = RequestContext(header, services, "peer:1")  # type: ignore[arg-type]
    resp = asyncio.run(produce(ctx, decoded))  # type: ignore[arg-type]
    assert resp is not None
    _, answer = decode_response(b"".join(encode_response(resp, 9, 7))[4:], 0, 9)
    got = {
        (t.name, p.index): (p.error_code, p.base_offset, [e.batch_index for e in p.record_errors])
        for t in answer.responses  # type: ignore[attr-defined]
        for p in t.partition_responses
    }
    assert len(got) == 1002
    assert sorted(authorizer.asked) == ["a", "secret"]  # once per topic
    expected = {("a", i): (ErrorCode.NONE, 0, []) for i in range(999)}
    expected[("a", 17)] = (ErrorCode.CORRUPT_MESSAGE, -1, [])
    expected[("a", 500)] = (ErrorCode.INVALID_RECORD, -1, [1])
    expected[("a", 4242)] = (ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, -1, [])
    expected[("secret", 0)] = expected[("secret", 1)] = (ErrorCode.TOPIC_AUTHORIZATION_FAILED,
                                                          -1, [])  # fmt: skip
    assert got == expected
    for (topic, index), (code, _, _) in expected.items():
        p = rm.partitions.get((topic, index))
        if p is None:
            continue
        lg = p.log
        assert (lg.log_end_offset, lg.high_watermark) == ((3, 3) if code == 0 else (0, 0))
        if code == 0:
            stored = bytearray(lg.read(0, 1 << 20).records)
            stored[0:8] = bytes(8)  # the base offset (0 here) and leader epoch (0) as sent
            stored[12:16] = good[12:16]
            assert bytes(stored) == good
            assert validate_batches_for_append(stored, max_batch_bytes=None)
        lg.close()


# ------------------------------------------------------------ the offline check of a write


def test_an_append_to_an_offline_log_directory_is_refused_and_writes_nothing(
    tmp_path: Path,
) -> None:
    channel = LogDirFailureChannel()
    lg = Log.open(tmp_path / "t-0", LogConfig(), log_dir_failure=channel)
    other = Log.open(tmp_path / "elsewhere" / "u-0", LogConfig(), log_dir_failure=channel)
    b = RecordBatchBuilder()
    b.append(b"v", key=b"k", timestamp=NOW)
    data = b.build()
    lg.append_as_leader(bytearray(data), 0)
    channel.mark_offline(tmp_path / "elsewhere", "test: the other directory failed")
    lg.append_as_leader(bytearray(data), 0)  # its own directory is still online
    channel.mark_offline(tmp_path, "test: a failed write")
    with pytest.raises(KafkaStorageError, match="appending to t-0 refused"):
        lg.append_as_leader(bytearray(data), 0)
    assert lg.log_end_offset == 2 and lg.active_segment.size == 2 * len(data)
    with pytest.raises(KafkaStorageError):
        other.append_as_leader(bytearray(data), 0)
    assert other.log_end_offset == 0
