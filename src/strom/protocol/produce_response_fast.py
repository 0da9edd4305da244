"""Hand-written encoder for the common Produce response frame: one topic, one partition.

Owns: the whole response frame (4-byte size prefix, response header, body) of a
``ProduceResponse`` in the shape a one-partition Produce request (librdkafka's) gets back —
one topic, one partition, no record errors, a null error message, no unknown tagged fields
anywhere, and in v10+ the tagged ``current_leader`` and ``node_endpoints`` at their defaults —
in every version (0-11, flexible or not), with any error code, offsets and throttle time; and
``one_partition_response``, which builds that response's objects for one successful partition
(what the Produce handler answers librdkafka's requests with) without the generated
constructors' Python-level ``__init__`` calls.

Invariants:
- The bytes are exactly the generated encoder's (``frames.encode_response`` without this path);
  ``tests/unit/test_produce_response_fast.py`` compares them on random responses of every shape.
- Anything else is declined (``None``): several topics or partitions, record errors, an error
  message, tagged fields set, a value the formats cannot pack, a field of another type. The
  caller then runs the generated encoder, which writes the other shapes and raises the
  EncodeError for bad values; this path never raises for a value it does not encode.
- The result is what the generated path returns: a list holding one bytearray, the frame.
- ``one_partition_response`` sets every slot of the three objects to what the constructors
  would (fresh lists, the shared default ``NO_CURRENT_LEADER``, never mutated);
  ``tests/unit/test_produce_response_build.py`` compares it with them.
"""

from __future__ import annotations

import struct
from typing import Any

from strom.protocol.codec import ENCODE_FAULTS, MAX_STRING_BYTES, Buffer, uvarint
from strom.protocol.messages.produce import ProduceResponse

_PR = ProduceResponse
_TOPIC = ProduceResponse.TopicProduceResponse
_PARTITION = ProduceResponse.PartitionProduceResponse
_LEADER = ProduceResponse.LeaderIdAndEpoch

# Classic (v0-v8): size, correlation id, topics (1), name length; then the name; then the tail.
_HEAD_CLASSIC = struct.Struct(">iiih")
# partitions (1), index, error code, base offset [, log append time [, log start offset]]
# [, record errors (0), error message (null, v8)] [, throttle time (v1+)]
_TAIL_V0 = struct.Struct(">iihq")
_TAIL_V1 = struct.Struct(">iihqi")
_TAIL_V2 = struct.Struct(">iihqqi")
_TAIL_V5 = struct.Struct(">iihqqqi")
_TAIL_V8 = struct.Struct(">iihqqqihi")
# Flexible (v9+): size, correlation id, header tags (0), topics (1 + 1), name length + 1 when it
# fits one varint byte; then the name; then partitions (1 + 1), index, error code, base offset,
# log append time, log start offset, record errors (0 + 1), error message (null), partition
# tags, topic tags, throttle time, response tags.
_HEAD_FLEXIBLE = struct.Struct(">iiBBB")
_HEAD_FLEXIBLE_LONG = struct.Struct(">iiBB")  # the name's length as a varint of its own
_TAIL_FLEXIBLE = struct.Struct(">BihqqqBBBBiB")
_TAIL_FLEXIBLE_SIZE = _TAIL_FLEXIBLE.size


def _flexible_frame(name_length: int) -> struct.Struct:
    """The flexible frame with a topic name of ``name_length`` (< 127) bytes: the head, the name
    and the tail above in one format."""
    return struct.Struct(f"{_HEAD_FLEXIBLE.format}{name_length}s{_TAIL_FLEXIBLE.format[1:]}")


_FLEXIBLE_FRAMES: dict[int, struct.Struct] = {}  # name length -> _flexible_frame (bounded: 127)

_new: Any = object.__new__
# v10+'s tagged ``current_leader`` at its default (not written): one instance shared by every
# response :func:`one_partition_response` builds, never mutated (a response is encoded, not
# edited; the quota throttle sets only the top-level ``throttle_time_ms``)
NO_CURRENT_LEADER = _LEADER()


def partition_response(
    index: int, base_offset: int, log_append_time_ms: int, log_start_offset: int
) -> ProduceResponse.PartitionProduceResponse:
    """A successful partition's response (no error, message or record errors, the default
    leader): what ``PartitionProduceResponse(...)`` makes, without its ``__init__`` call (built
    per partition, and by :func:`one_partition_response`)."""
    p: ProduceResponse.PartitionProduceResponse = _new(_PARTITION)
    p.index = index
    p.error_code = 0
    p.base_offset = base_offset
    p.log_append_time_ms = log_append_time_ms
    p.log_start_offset = log_start_offset
    p.record_errors = []
    p.error_message = None
    p.current_leader = NO_CURRENT_LEADER
    p.unknown_tagged_fields = ()
    return p


def one_partition_response(
    name: str, index: int, base_offset: int, log_append_time_ms: int, log_start_offset: int
) -> ProduceResponse:
    """The response of one topic and one successful partition (no error, message or record
    errors, every other field at its default): the objects the generated constructors make,
    every slot set, without their Python-level ``__init__`` calls (built per request; compared
    field by field with the constructors in ``tests/unit/test_produce_response_build.py``)."""
    p = partition_response(index, base_offset, log_append_time_ms, log_start_offset)
    t = _new(_TOPIC)
    t.name = name
    t.partition_responses = [p]
    t.unknown_tagged_fields = ()
    r: ProduceResponse = _new(_PR)
    r.responses = [t]
    r.throttle_time_ms = 0
    r.node_endpoints = []
    r.unknown_tagged_fields = ()
    return r


def encode_produce_response(
    msg: ProduceResponse, api_version: int, correlation_id: int
) -> list[Buffer] | None:
    """The frame of ``msg`` (with its size prefix) as one buffer in a list, or None to decline."""
    try:
        responses = msg.responses
        if type(responses) is not list or len(responses) != 1 or msg.unknown_tagged_fields:
            return None
        topic = responses[0]
        if type(topic) is not _TOPIC or topic.unknown_tagged_fields:
            return None
        partitions = topic.partition_responses
        if type(partitions) is not list or len(partitions) != 1:
            return None
        p = partitions[0]
        if (
            type(p) is not _PARTITION
            or p.unknown_tagged_fields
            or p.error_message is not None
            or type(p.record_errors) is not list
            or p.record_errors
        ):
            return None
        name = topic.name
        if type(name) is not str:
            return None
        data = name.encode("utf-8")
        n = len(data)
        if n > MAX_STRING_BYTES:
            return None
        if api_version >= 9:
            if api_version > 11:
                return None
            if api_version >= 10:  # the tagged fields v10 adds, at their defaults (not written)
                leader = p.current_leader
                if (
                    type(leader) is not _LEADER
                    or leader.leader_id != -1
                    or leader.leader_epoch != -1
                    or leader.unknown_tagged_fields != ()
                    or type(endpoints := msg.node_endpoints) is not list
                    or endpoints  # (!= [] without building a list)
                ):
                    return None
            if n < 0x7F:  # the whole frame in one format, cached per name length (127 at most)
                frame = _FLEXIBLE_FRAMES.get(n)
                if frame is None:
                    frame = _FLEXIBLE_FRAMES[n] = _flexible_frame(n)
                return [
                    bytearray(
                        frame.pack(
                            frame.size - 4, correlation_id, 0, 2, n + 1, data, 2, p.index,
                            p.error_code, p.base_offset, p.log_append_time_ms,
                            p.log_start_offset, 1, 0, 0, 0, msg.throttle_time_ms, 0,
                        )
                    )
                ]  # fmt: skip
            tail = _TAIL_FLEXIBLE.pack(
                2, p.index, p.error_code, p.base_offset, p.log_append_time_ms,
                p.log_start_offset, 1, 0, 0, 0, msg.throttle_time_ms, 0,
            )  # fmt: skip
            length = uvarint(n + 1)  # a long name: its length as a varint of its own
            size = 6 + len(length) + n + _TAIL_FLEXIBLE_SIZE
            out = bytearray(_HEAD_FLEXIBLE_LONG.pack(size, correlation_id, 0, 2))
            out += length
        else:
            if api_version >= 5:
                if api_version == 8:
                    tail = _TAIL_V8.pack(
                        1, p.index, p.error_code, p.base_offset, p.log_append_time_ms,
                        p.log_start_offset, 0, -1, msg.throttle_time_ms,
                    )  # fmt: skip
                else:
                    tail = _TAIL_V5.pack(
                        1, p.index, p.error_code, p.base_offset, p.log_append_time_ms,
                        p.log_start_offset, msg.throttle_time_ms,
                    )  # fmt: skip
            elif api_version >= 2:
                tail = _TAIL_V2.pack(
                    1, p.index, p.error_code, p.base_offset, p.log_append_time_ms,
                    msg.throttle_time_ms,
                )  # fmt: skip
            elif api_version == 1:
                tail = _TAIL_V1.pack(1, p.index, p.error_code, p.base_offset, msg.throttle_time_ms)
            elif api_version == 0:
                tail = _TAIL_V0.pack(1, p.index, p.error_code, p.base_offset)
            else:
                return None
            size = 10 + n + len(tail)
            out = bytearray(_HEAD_CLASSIC.pack(size, correlation_id, 1, n))
    except ENCODE_FAULTS:  # a value the generated encoder refuses: it raises the EncodeError
        return None
    out += data
    out += tail
    return [out]
