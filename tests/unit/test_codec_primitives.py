"""Byte-level behaviour of the codec primitives and frames, with hand-built expected bytes."""

from __future__ import annotations

import struct
import tracemalloc
import uuid

import pytest

from strom.protocol import frames
from strom.protocol.codec import (
    RECORDS_INLINE_LIMIT,
    DecodeError,
    EncodeError,
    Message,
    UnsupportedVersionError,
    read_uvarint,
    read_uvarlong,
    uvarint,
)
from strom.protocol.messages.api_versions import ApiVersionsRequest, ApiVersionsResponse
from strom.protocol.messages.fetch import FetchRequest, FetchResponse
from strom.protocol.messages.headers import RequestHeader, ResponseHeader
from strom.protocol.messages.heartbeat import HeartbeatRequest
from strom.protocol.messages.leader_and_isr import LeaderAndIsrRequest
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse
from strom.protocol.messages.produce import ProduceRequest

pytestmark = pytest.mark.unit


def i16(v: int) -> bytes:
    return struct.pack(">h", v)


def i32(v: int) -> bytes:
    return struct.pack(">i", v)


def i64(v: int) -> bytes:
    return struct.pack(">q", v)


def cstr(s: str) -> bytes:
    data = s.encode()
    return uvarint(len(data) + 1) + data


def sstr(s: str) -> bytes:
    data = s.encode()
    return i16(len(data)) + data


# ---------------------------------------------------------------------------------------------
# varints

VARINTS = [
    (0, "00"),
    (1, "01"),
    (127, "7f"),
    (128, "8001"),
    (300, "ac02"),
    (16383, "ff7f"),
    (16384, "808001"),
    (2**21 - 1, "ffff7f"),
    (2**21, "80808001"),
    (2**28 - 1, "ffffff7f"),
    (2**28, "8080808001"),
    (2**31 - 1, "ffffffff07"),
    (2**32 - 1, "ffffffff0f"),
]


@pytest.mark.parametrize(("value", "hexbytes"), VARINTS)
def test_uvarint_vectors(value: int, hexbytes: str) -> None:
    data = bytes.fromhex(hexbytes)
    assert uvarint(value) == data
    assert read_uvarint(memoryview(data), 0) == (value, len(data))
    assert read_uvarlong(memoryview(data), 0) == (value, len(data))
    # at an offset, followed by other bytes
    padded = memoryview(b"\x99" + data + b"\x01")
    assert read_uvarint(padded, 1) == (value, 1 + len(data))


def test_uvarint_rejects_more_than_five_bytes() -> None:
    with pytest.raises(DecodeError):
        read_uvarint(memoryview(bytes.fromhex("8080808080 01")), 0)
    # a non-minimal but 5-byte encoding of 0 is accepted, as Kafka does
    assert read_uvarint(memoryview(bytes.fromhex("8080808000")), 0) == (0, 5)


def test_uvarlong_limits() -> None:
    top = bytes.fromhex("ffffffffffffffffff01")
    assert read_uvarlong(memoryview(top), 0) == (2**64 - 1, 10)
    with pytest.raises(DecodeError):
        read_uvarlong(memoryview(bytes.fromhex("ffffffffffffffffffff01")), 0)


def test_uvarint_negative_is_encode_error() -> None:
    with pytest.raises(EncodeError):
        uvarint(-1)


def test_truncated_varint_in_a_message_is_decode_error() -> None:
    # HeartbeatRequest v4: compact group id whose length varint never ends
    with pytest.raises(DecodeError):
        HeartbeatRequest.decode(b"\x80\x80", 4)


# ---------------------------------------------------------------------------------------------
# classic vs compact, nulls


def test_metadata_request_classic_vs_compact() -> None:
    msg = MetadataRequest(
        topics=[MetadataRequest.MetadataRequestTopic(name="ab")],
        allow_auto_topic_creation=False,
        include_topic_authorized_operations=True,
    )
    classic = msg.to_bytes(8)
    assert classic == i32(1) + sstr("ab") + b"\x00" + b"\x00" + b"\x01"
    # v10+: topic id (uuid) before a compact nullable name, tagged sections after every struct
    compact = msg.to_bytes(10)
    assert compact == (
        uvarint(2) + bytes(16) + cstr("ab") + b"\x00"  # topic: id, name, tags
        + b"\x00" + b"\x00" + b"\x01" + b"\x00"  # three flags, tags
    )
    assert MetadataRequest.decode(classic, 8) == msg
    assert MetadataRequest.decode(compact, 10) == msg


def test_null_arrays_classic_and_compact() -> None:
    msg = MetadataRequest(topics=None)
    assert msg.to_bytes(1) == b"\xff\xff\xff\xff"
    assert msg.to_bytes(9) == b"\x00" + b"\x01" + b"\x00" + b"\x00" + b"\x00"
    assert MetadataRequest.decode(b"\xff\xff\xff\xff", 1).topics is None
    # v0 has no null topics array: encoding refuses, decoding rejects
    with pytest.raises(EncodeError):
        msg.to_bytes(0)
    with pytest.raises(DecodeError):
        MetadataRequest.decode(b"\xff\xff\xff\xff", 0)


def test_null_strings_classic_and_compact() -> None:
    hb = HeartbeatRequest(group_id="g", generation_id=7, member_id="m", group_instance_id=None)
    assert hb.to_bytes(3) == sstr("g") + i32(7) + sstr("m") + b"\xff\xff"
    assert hb.to_bytes(4) == cstr("g") + i32(7) + cstr("m") + b"\x00" + b"\x00"
    for v in (3, 4):
        assert HeartbeatRequest.decode(hb.to_bytes(v), v) == hb


def test_null_in_non_nullable_field() -> None:
    with pytest.raises(EncodeError):
        HeartbeatRequest(group_id=None).to_bytes(4)  # type: ignore[arg-type]
    with pytest.raises(DecodeError):  # classic null group id
        HeartbeatRequest.decode(b"\xff\xff" + i32(0) + sstr("m"), 0)
    with pytest.raises(DecodeError):  # compact null group id
        HeartbeatRequest.decode(b"\x00" + i32(0) + cstr("m") + b"\x00\x00", 4)
    with pytest.raises(DecodeError):  # invalid negative length
        HeartbeatRequest.decode(b"\xff\xfe" + i32(0) + sstr("m"), 0)


def test_nullable_struct_marker() -> None:
    from strom.protocol.messages.consumer_group_heartbeat import ConsumerGroupHeartbeatResponse

    resp = ConsumerGroupHeartbeatResponse(assignment=None)
    raw = resp.to_bytes(0)
    # throttle, error, null error message, null member id, epoch, interval, null assignment, tags
    assert raw == i32(0) + i16(0) + b"\x00" + b"\x00" + i32(0) + i32(0) + b"\xff" + b"\x00"
    with_assignment = ConsumerGroupHeartbeatResponse(
        assignment=ConsumerGroupHeartbeatResponse.Assignment()
    )
    raw2 = with_assignment.to_bytes(0)
    assert raw2 == raw[:-2] + b"\x01" + b"\x01" + b"\x00" + b"\x00"
    assert ConsumerGroupHeartbeatResponse.decode(raw2, 0) == with_assignment


def test_out_of_range_integers_are_encode_errors() -> None:
    with pytest.raises(EncodeError):
        HeartbeatRequest(generation_id=2**31).to_bytes(0)
    with pytest.raises(EncodeError):
        ApiVersionsResponse(error_code=40000).to_bytes(0)
    with pytest.raises(EncodeError):
        ProduceRequest(acks="1").to_bytes(3)  # type: ignore[arg-type]


def test_string_limit() -> None:
    long = "x" * 0x8000
    for v in (3, 4):
        with pytest.raises(EncodeError):
            HeartbeatRequest(group_id=long).to_bytes(v)
    ok = "é" * (0x7FFF // 2)
    assert HeartbeatRequest.decode(HeartbeatRequest(group_id=ok).to_bytes(4), 4).group_id == ok
    # a compact string claiming 32768 bytes is refused even when the bytes are there
    raw = uvarint(0x8001) + b"x" * 0x8000 + i32(0) + cstr("m") + b"\x00\x00"
    with pytest.raises(DecodeError):
        HeartbeatRequest.decode(raw, 4)


def test_unicode_strings() -> None:
    name = "tōpic-€-𝄞"
    msg = MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(name=name)])
    for v in (1, 9, 12):
        assert MetadataRequest.decode(msg.to_bytes(v), v) == msg
    assert sstr(name) in msg.to_bytes(1)
    with pytest.raises(DecodeError):  # invalid UTF-8
        HeartbeatRequest.decode(sstr("g")[:2] + b"\xff" + i32(0) + sstr("m"), 0)


def test_uuid_and_int64() -> None:
    tid = uuid.UUID("0123456789abcdef0123456789abcdef")
    req = FetchRequest(topics=[FetchRequest.FetchTopic(topic_id=tid)])
    raw = req.to_bytes(13)
    assert tid.bytes in raw
    assert FetchRequest.decode(raw, 13).topics[0].topic_id == tid


# ---------------------------------------------------------------------------------------------
# headers and frames


def test_request_header_v2_client_id_is_classic_nullable_string() -> None:
    h = RequestHeader(request_api_key=3, request_api_version=12, correlation_id=5, client_id="ab")
    assert h.to_bytes(2) == i16(3) + i16(12) + i32(5) + sstr("ab") + b"\x00"
    assert h.to_bytes(1) == i16(3) + i16(12) + i32(5) + sstr("ab")
    assert h.to_bytes(0) == i16(3) + i16(12) + i32(5)
    null = RequestHeader(request_api_key=3, request_api_version=12, correlation_id=5,
                         client_id=None)
    assert null.to_bytes(2) == i16(3) + i16(12) + i32(5) + b"\xff\xff" + b"\x00"
    assert RequestHeader.decode(null.to_bytes(2), 2) == null
    assert RequestHeader.decode(h.to_bytes(2), 2) == h


def test_header_versions() -> None:
    assert frames.response_header_version(18, 3) == 0
    assert frames.response_header_version(18, 4) == 0
    assert frames.response_header_version(18, 0) == 0
    assert frames.response_header_version(3, 9) == 1
    assert frames.response_header_version(3, 8) == 0
    assert frames.request_header_version(18, 3) == 2
    assert frames.request_header_version(18, 2) == 1
    assert frames.request_header_version(7, 0) == 0  # ControlledShutdown v0
    assert frames.request_header_version(7, 1) == 1
    assert frames.request_header_version(7, 3) == 2
    assert frames.request_header_version(0, 9) == 2
    assert frames.request_header_version(0, 8) == 1


def test_api_versions_response_uses_header_v0_even_when_flexible() -> None:
    resp = ApiVersionsResponse(
        api_keys=[ApiVersionsResponse.ApiVersion(api_key=0, min_version=0, max_version=11)]
    )
    parts = frames.encode_response(resp, 3, correlation_id=9)
    raw = b"".join(parts)
    body = resp.to_bytes(3)
    assert raw == i32(4 + len(body)) + i32(9) + body
    corr, decoded = frames.decode_response(raw[4:], 18, 3)
    assert corr == 9
    assert decoded == resp


def test_flexible_response_header_has_tag_section() -> None:
    resp = MetadataResponse(throttle_time_ms=1)
    raw = b"".join(frames.encode_response(resp, 9, correlation_id=3))
    body = resp.to_bytes(9)
    assert raw == i32(5 + len(body)) + i32(3) + b"\x00" + body
    assert frames.decode_response(raw[4:], 3, 9) == (3, resp)
    h, _ = ResponseHeader.decode_from(raw, 4, 1)
    assert h.correlation_id == 3


def test_request_frame_roundtrip() -> None:
    req = ApiVersionsRequest(client_software_name="strom", client_software_version="0.1")
    parts = frames.encode_request(req, 3, correlation_id=1, client_id="cli")
    raw = b"".join(parts)
    assert raw[:4] == i32(len(raw) - 4)
    header, msg = frames.decode_request(raw[4:])
    assert header == RequestHeader(18, 3, 1, "cli")
    assert msg == req
    parsed = frames.parse_request_header(raw[4:])
    assert parsed.header_version == 2
    assert raw[4 + parsed.body_offset :] == req.to_bytes(3)


def test_controlled_shutdown_v0_uses_header_v0() -> None:
    from strom.protocol.messages.controlled_shutdown import ControlledShutdownRequest

    req = ControlledShutdownRequest(broker_id=4)
    raw = b"".join(frames.encode_request(req, 0, correlation_id=2, client_id="ignored"))
    assert raw == i32(12) + i16(7) + i16(0) + i32(2) + i32(4)
    header, msg = frames.decode_request(raw[4:])
    assert header.request_api_key == 7 and msg == req


def test_unknown_api_and_version() -> None:
    unknown_key = i16(999) + i16(0) + i32(1) + sstr("c")
    parsed = frames.parse_request_header(unknown_key)
    assert parsed.header.request_api_key == 999
    with pytest.raises(UnsupportedVersionError):
        frames.decode_request(unknown_key)
    # Metadata is flexible from v9, so v99 is read with header v2 (as Kafka does)
    too_new = i16(3) + i16(99) + i32(1) + sstr("c") + b"\x00"
    with pytest.raises(UnsupportedVersionError):
        frames.decode_request(too_new)
    with pytest.raises(UnsupportedVersionError):
        MetadataRequest.decode(b"", 99)
    with pytest.raises(EncodeError):
        MetadataRequest().to_bytes(99)


# ---------------------------------------------------------------------------------------------
# tagged fields


def test_unknown_tagged_field_is_skipped_and_kept() -> None:
    base = cstr("g") + i32(1) + cstr("m") + b"\x00"
    raw = base + b"\x01" + uvarint(7) + uvarint(3) + b"xyz"
    msg = HeartbeatRequest.decode(raw, 4)
    assert (msg.group_id, msg.generation_id, msg.member_id) == ("g", 1, "m")
    assert msg.unknown_tagged_fields == ((7, b"xyz"),)
    assert msg.to_bytes(4) == raw
    # a large tag number and an empty payload
    raw2 = base + b"\x02" + uvarint(0) + b"\x00" + uvarint(100000) + uvarint(1) + b"z"
    msg2 = HeartbeatRequest.decode(raw2, 4)
    assert msg2.unknown_tagged_fields == ((0, b""), (100000, b"z"))
    assert msg2.to_bytes(4) == raw2


def test_unknown_tags_next_to_known_tags() -> None:
    # ApiVersionsResponse v3: known tags 0..3; add tag 3 (ZkMigrationReady) and unknown tag 9
    body = i16(0) + uvarint(1) + i32(0)  # error, empty api keys, throttle
    tags = b"\x02" + uvarint(3) + uvarint(1) + b"\x01" + uvarint(9) + uvarint(2) + b"hi"
    raw = body + tags
    msg = ApiVersionsResponse.decode(raw, 3)
    assert msg.zk_migration_ready is True
    assert msg.unknown_tagged_fields == ((9, b"hi"),)
    assert msg.to_bytes(3) == raw


def test_unknown_tags_in_nested_struct_and_header() -> None:
    part = (
        i32(0) + i32(0) + i64(5) + i32(-1) + i64(-1) + i32(100)
        + b"\x01" + uvarint(5) + uvarint(1) + b"!"
    )
    topic = bytes(16) + uvarint(2) + part + b"\x00"
    raw = (
        i32(-1) + i32(500) + i32(1) + i32(1024) + b"\x00" + i32(0) + i32(-1)
        + uvarint(2) + topic + uvarint(1) + cstr("") + b"\x00"
    )
    req = FetchRequest.decode(raw, 13)
    assert req.topics[0].partitions[0].unknown_tagged_fields == ((5, b"!"),)
    assert req.topics[0].partitions[0].fetch_offset == 5
    assert req.to_bytes(13) == raw
    header = i16(1) + i16(13) + i32(1) + sstr("c") + b"\x01" + uvarint(4) + uvarint(2) + b"ok"
    h, msg = frames.decode_request(header + raw)
    assert h.unknown_tagged_fields == ((4, b"ok"),)
    assert msg == req
    framed = frames.encode_request(msg, 13, 1, "c")
    # header tags are not carried by encode_request (it builds a fresh header)
    assert b"".join(framed)[4:] == i16(1) + i16(13) + i32(1) + sstr("c") + b"\x00" + raw


def test_tagged_field_with_wrong_size_is_decode_error() -> None:
    body = i16(0) + uvarint(1) + i32(0)
    # ZkMigrationReady (bool, 1 byte) declared as 2 bytes
    with pytest.raises(DecodeError):
        ApiVersionsResponse.decode(body + b"\x01" + uvarint(3) + uvarint(2) + b"\x01\x00", 3)


# ---------------------------------------------------------------------------------------------
# hostile sizes


def _bounded(fn: object, limit: int = 4 << 20) -> None:
    tracemalloc.start()
    try:
        with pytest.raises(DecodeError):
            fn()  # type: ignore[operator]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < limit, peak


HUGE = 2**31 - 1


def test_huge_classic_array_fails_fast() -> None:
    # Metadata v1 request header + topics array claiming 2^31-1 elements; 20 bytes in total
    frame = i16(3) + i16(1) + i32(1) + b"\xff\xff" + i32(HUGE) + b"\x00" * 6
    assert len(frame) == 20
    _bounded(lambda: frames.decode_request(frame))


def test_huge_compact_array_fails_fast() -> None:
    frame = i16(3) + i16(12) + i32(1) + b"\xff\xff" + b"\x00" + uvarint(2**31) + b"\x00" * 4
    _bounded(lambda: frames.decode_request(frame))


def test_huge_primitive_array_fails_fast() -> None:
    # LeaderAndIsr v0: one ungrouped partition state whose Isr ([]int32) claims 2^31-1 elements
    body = i32(1) + i32(1) + i32(1) + sstr("t") + i32(0) * 4 + i32(HUGE) + b"\x00" * 8
    _bounded(lambda: LeaderAndIsrRequest.decode(body, 0))


def test_huge_lengths_fail_fast() -> None:
    # a bytes/records length of 2^31-1 and a compact string length near 2^32
    _bounded(lambda: ProduceRequest.decode(b"\xff\xff" + i16(1) + i32(0) + i32(1)
                                           + sstr("t") + i32(1) + i32(0) + i32(HUGE), 3))
    _bounded(lambda: HeartbeatRequest.decode(uvarint(2**32 - 1) + b"\x00" * 10, 4))
    # a tag section claiming 2^31 fields, and a tag claiming 2^31 bytes
    _bounded(lambda: HeartbeatRequest.decode(cstr("g") + i32(1) + cstr("m") + b"\x00"
                                             + uvarint(2**31) + b"\x00" * 4, 4))
    _bounded(lambda: HeartbeatRequest.decode(cstr("g") + i32(1) + cstr("m") + b"\x00"
                                             + b"\x01" + b"\x09" + uvarint(2**31), 4))


def test_truncated_frames_raise_decode_error_only() -> None:
    fetch = FetchRequest(
        max_wait_ms=500,
        topics=[
            FetchRequest.FetchTopic(
                topic="t", partitions=[FetchRequest.FetchPartition(partition=1, fetch_offset=9)]
            )
        ],
        rack_id="r",
    )
    produce = ProduceRequest(
        acks=-1,
        timeout_ms=100,
        topic_data=[
            ProduceRequest.TopicProduceData(
                name="t",
                partition_data=[ProduceRequest.PartitionProduceData(index=0, records=b"r" * 50)],
            )
        ],
    )
    old_fetch = FetchRequest(max_wait_ms=500, topics=fetch.topics)
    new_fetch = FetchRequest(
        max_wait_ms=500,
        topics=[
            FetchRequest.FetchTopic(
                topic_id=uuid.UUID(int=7),
                partitions=[FetchRequest.FetchPartition(partition=1,
                                                        replica_directory_id=uuid.UUID(int=1))],
            )
        ],
        rack_id="r",
        cluster_id="c",
        replica_state=FetchRequest.ReplicaState(replica_id=3, replica_epoch=4),
        replica_id=-1,
    )
    cases: list[tuple[Message, int]] = [
        (old_fetch, 4), (fetch, 12), (new_fetch, 17), (produce, 3), (produce, 9)
    ]
    for msg, v in cases:
        raw = b"".join(frames.encode_request(msg, v, 7, "client"))[4:]
        assert frames.decode_request(raw)[1] == msg
        for cut in range(len(raw)):
            with pytest.raises(DecodeError):
                frames.decode_request(raw[:cut])
        body = msg.to_bytes(v)
        for cut in range(len(body)):
            with pytest.raises(DecodeError):
                type(msg).decode(body[:cut], v)


# ---------------------------------------------------------------------------------------------
# records: zero-copy


def _produce(records: bytes | bytearray | memoryview) -> ProduceRequest:
    return ProduceRequest(
        acks=1,
        timeout_ms=1000,
        topic_data=[
            ProduceRequest.TopicProduceData(
                name="t",
                partition_data=[ProduceRequest.PartitionProduceData(index=0, records=records)],
            )
        ],
    )


@pytest.mark.parametrize("version", [3, 8, 9, 11])
def test_records_decode_as_memoryview_of_the_frame(version: int) -> None:
    records = bytes(range(256)) * 2
    frame = bytearray(b"".join(frames.encode_request(_produce(records), version, 1, "c"))[4:])
    _, msg = frames.decode_request(frame)
    assert isinstance(msg, ProduceRequest)
    got = msg.topic_data[0].partition_data[0].records
    assert isinstance(got, memoryview)
    assert got.obj is frame
    assert got == records
    start = bytes(frame).index(records)
    frame[start] = 0xEE  # the view sees changes to the frame: no copy was made
    assert got[0] == 0xEE


def test_fetch_response_records_are_views() -> None:
    blob = b"\x07" * 10_000
    resp = FetchResponse(
        responses=[
            FetchResponse.FetchableTopicResponse(
                topic_id=uuid.uuid4(),
                partitions=[FetchResponse.PartitionData(partition_index=i, records=blob)
                            for i in range(3)],
            )
        ]
    )
    raw = bytearray(resp.to_bytes(13))
    decoded = FetchResponse.decode(raw, 13)
    views = [p.records for p in decoded.responses[0].partitions]
    assert all(isinstance(v, memoryview) and v.obj is raw for v in views)
    assert decoded == resp


@pytest.mark.parametrize("version", [3, 9])
def test_large_records_stay_separate_buffers(version: int) -> None:
    big = bytes(RECORDS_INLINE_LIMIT + 1)
    msg = _produce(big)
    parts = msg.encode(version)
    assert len(parts) == (3 if version >= 9 else 2)  # flexible: tag sections follow the records
    assert parts[1] is big
    assert b"".join(parts) == msg.to_bytes(version)
    framed = frames.encode_request(msg, version, 1, "c")
    assert any(p is big for p in framed)
    assert int.from_bytes(framed[0], "big") == sum(len(p) for p in framed[1:])
    view = memoryview(bytearray(RECORDS_INLINE_LIMIT * 2))
    assert any(p is view for p in _produce(view).encode(version))


def test_small_records_are_inlined() -> None:
    parts = _produce(b"x" * (RECORDS_INLINE_LIMIT - 1)).encode(9)
    assert len(parts) == 1


def test_several_large_records() -> None:
    blobs = [bytes([i]) * 5000 for i in range(4)]
    msg = ProduceRequest(
        topic_data=[
            ProduceRequest.TopicProduceData(
                name="t",
                partition_data=[
                    ProduceRequest.PartitionProduceData(index=i, records=b)
                    for i, b in enumerate(blobs)
                ],
            )
        ]
    )
    parts = msg.encode(9)
    for b in blobs:
        assert any(p is b for p in parts)
    assert ProduceRequest.decode(b"".join(parts), 9) == msg


def test_decode_from_any_buffer_type() -> None:
    raw = _produce(b"abc").to_bytes(9)
    expected = _produce(b"abc")
    assert ProduceRequest.decode(raw, 9) == expected
    assert ProduceRequest.decode(bytearray(raw), 9) == expected
    assert ProduceRequest.decode(memoryview(raw), 9) == expected
    signed = memoryview(bytearray(raw)).cast("b")  # signed bytes view
    assert ProduceRequest.decode(signed, 9) == expected
