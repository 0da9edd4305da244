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

import dataclasses
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strom.errors import (
    CorruptRecordError,
    InvalidRecordError,
    KafkaError,
    MessageTooLargeError,
    UnsupportedCompressionError,
)
from strom.protocol.records import (
    RecordBatchBuilder,
    iter_batches,
    validate_batches_for_append,
)
from strom.protocol.records.constants import COMPRESSION_CODEC_MASK
from strom.protocol.records.header import compute_crc
from strom.storage.config import LONG_MAX, LogConfig
from strom.storage.log_results import AppendInfo

pytestmark = pytest.mark.unit


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
