"""The short cuts of the per-request path (issue 15, session 9) against the general path.

- A response frame is one buffer that starts with its size prefix and header, the size written
  in place once the body is encoded: on random responses (flexible and not, ApiVersions with its
  header v0, Fetch responses whose record data is kept in buffers of its own) the bytes equal
  those of the general path (the generated ``ResponseHeader`` codec, the body, then the size of
  them all in front).
- The request header and body decode from one view of the frame: on random Produce requests and
  on hostile edits of them (truncations, a byte overwritten, garbage) the result equals that of
  ``Message.decode_from`` on the whole frame: the same header and request, or DecodeError from
  both.
- A tagged-field section with every field at its default is written as one byte, and a
  struct-typed tagged field is compared with its default field by field: on random Produce v10
  and v11 responses (``current_leader`` at its default or not, unknown tagged fields at every
  level) the bytes equal a reference encoder written from the schema with the general rule
  (``value != Default()``, then ``encode_tagged``), and decode back to the same response.
- The generated modules with their short cuts (the tagged-field rules above) against the same
  modules generated without them (``generate(..., short_cuts=False)``, the general path): on
  random Produce requests and responses and Fetch responses, with arrays around the one-byte limit
  (126 to 129 elements) and hostile edits (truncations, a byte overwritten, a huge array length),
  both decode to the same message (compared by their encodings in both modules) or both raise
  DecodeError.
"""

from __future__ import annotations

import importlib.util
import shutil
import struct
import sys
import tempfile
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.protocol import frames
from strom.protocol.codec import (
    RECORDS_INLINE_LIMIT,
    DecodeError,
    Message,
    Struct,
    Writer,
    encode_string,
    encode_tagged,
    uvarint,
)
from strom.protocol.messages.api_versions import ApiVersionsResponse
from strom.protocol.messages.fetch import FetchResponse
from strom.protocol.messages.headers import RequestHeader, ResponseHeader
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse

pytestmark = pytest.mark.unit

PR = ProduceResponse
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

names = st.text(alphabet="abcxyz-_.0123456789", min_size=1, max_size=20)
int32 = st.integers(-(2**31), 2**31 - 1)
int64 = st.integers(-(2**63), 2**63 - 1)


@st.composite
def unknown_tags(draw: st.DrawFn, lowest: int) -> tuple[tuple[int, bytes], ...]:
    """Tagged fields this codec does not know: distinct tags from ``lowest`` on, any bytes."""
    tags = draw(st.lists(st.integers(lowest, lowest + 40), max_size=3, unique=True))
    return tuple((t, draw(st.binary(max_size=8))) for t in sorted(tags))  # as written


# -- response frames -------------------------------------------------------------------------


def general_response_frame(msg: Message, version: int, correlation_id: int, key: int) -> bytes:
    """The general path: the generated header codec, the body, then the size of both."""
    w = Writer()
    ResponseHeader(correlation_id).encode_into(w, frames.response_header_version(key, version))
    msg.encode_into(w, version)
    body = b"".join(bytes(p) for p in w.finish())
    return struct.pack(">i", len(body)) + body


def fast_response_frame(msg: Message, version: int, correlation_id: int, key: int) -> bytes:
    parts = frames.encode_response(msg, version, correlation_id, key)
    return b"".join(bytes(p) for p in parts)


@st.composite
def fetch_responses(draw: st.DrawFn) -> tuple[FetchResponse, int]:
    version = draw(st.sampled_from([4, 11, 12, 13, 16]))
    size = draw(st.sampled_from([0, 10, RECORDS_INLINE_LIMIT - 1, RECORDS_INLINE_LIMIT + 3]))
    partitions = [
        FetchResponse.PartitionData(
            partition_index=i,
            high_watermark=draw(st.integers(0, 2**40)),
            records=draw(st.binary(min_size=size, max_size=size)),
        )
        for i in range(draw(st.integers(1, 3)))
    ]
    topic = FetchResponse.FetchableTopicResponse(topic=draw(names), partitions=partitions)
    return FetchResponse(responses=[topic]), version


@FAST
@given(fetch_responses(), int32)
def test_a_response_frame_is_the_bytes_of_the_general_path(
    drawn: tuple[FetchResponse, int], correlation_id: int
) -> None:
    resp, version = drawn
    fast = fast_response_frame(resp, version, correlation_id, FetchResponse.API_KEY)
    assert fast == general_response_frame(resp, version, correlation_id, FetchResponse.API_KEY)
    parts = frames.encode_response(resp, version, correlation_id)
    big = any(
        p.records is not None and len(p.records) >= RECORDS_INLINE_LIMIT
        for t in resp.responses
        for p in t.partitions
    )
    assert len(parts) > 1 if big else len(parts) == 1  # small: one buffer, one write


@FAST
@given(st.integers(0, 4), int32)
def test_an_api_versions_response_keeps_header_v0(version: int, correlation_id: int) -> None:
    resp = ApiVersionsResponse(
        api_keys=[ApiVersionsResponse.ApiVersion(api_key=0, min_version=0, max_version=11)]
    )
    fast = fast_response_frame(resp, version, correlation_id, 18)
    assert fast == general_response_frame(resp, version, correlation_id, 18)
    assert fast[4:8] == struct.pack(">i", correlation_id)


def test_the_header_version_table_is_the_rule() -> None:
    """Every (API key, version) the codec knows, read from the table, and any other pair, from
    the rule: the same header versions either way (and the table holds only known pairs)."""
    from strom.protocol.messages import APIS

    table = frames._HEADER_VERSIONS
    for key in range(-2, max(APIS) + 3):
        for version in range(-2, 40):
            rule = (
                frames.request_header_version(key, version),
                frames.response_header_version(key, version),
            )
            known = key in APIS and APIS[key].min_version <= version <= APIS[key].max_version
            assert table.get((key, version), rule) == rule
            assert ((key, version) in table) == known
    assert len(table) == sum(i.max_version - i.min_version + 1 for i in APIS.values())


def general_compact_records(b: memoryview, p: int) -> tuple[bytes | None, int] | str:
    """Compact records read with the general varint reader (what the short cut must equal)."""
    from strom.protocol.codec import read_uvarint

    try:
        n, p = read_uvarint(b, p)
        if n == 0:
            return None, p
        if p + n - 1 > len(b):
            raise DecodeError("past the end")
        return bytes(b[p : p + n - 1]), p + n - 1
    except (DecodeError, IndexError) as exc:
        return type(exc).__name__


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from([0, 1, 0x7F, 0x80, 0x81, 0xFF, 0x100, 0x3FFF, 0x4000, 0x4001, 2**21, 2**28]),
    st.sampled_from([0, 1, 125, 126, 127, 128, 200, 254, 255, 256, 300]).map(bytes),
    st.integers(0, 5),
)
def test_compact_records_lengths_as_the_general_reader(length: int, tail: bytes, cut: int) -> None:
    """One-, two- and longer varint lengths (and lengths cut short or past the end): the
    records' short cut reads what the general varint reader reads."""
    from strom.protocol.codec import read_compact_records

    raw = (uvarint(length) + tail)[: max(0, len(uvarint(length)) + len(tail) - cut)]
    mv = memoryview(raw)
    expected = general_compact_records(mv, 0)
    try:
        got: tuple[bytes | None, int] | str
        data, end = read_compact_records(mv, 0)
        got = (None if data is None else bytes(data), end)
    except (DecodeError, IndexError) as exc:
        got = type(exc).__name__
    assert got == expected


# -- request frames --------------------------------------------------------------------------


@st.composite
def produce_frames(draw: st.DrawFn) -> bytes:
    version = draw(st.sampled_from([3, 7, 8, 9, 10, 11]))
    topics = [
        ProduceRequest.TopicProduceData(
            name=draw(names),
            partition_data=[
                ProduceRequest.PartitionProduceData(index=i, records=draw(st.binary(max_size=40)))
                for i in range(draw(st.integers(0, 3)))
            ],
        )
        for _ in range(draw(st.integers(0, 2)))
    ]
    req = ProduceRequest(
        transactional_id=draw(st.none() | names),
        acks=draw(st.sampled_from([-1, 0, 1])),
        timeout_ms=draw(int32),
        topic_data=topics,
    )
    client_id = draw(st.none() | names)
    raw = b"".join(frames.encode_request(req, version, draw(int32), client_id))
    return raw[4:]


@st.composite
def hostile_produce_frames(draw: st.DrawFn) -> bytes:
    frame = bytearray(draw(produce_frames()))
    edit = draw(st.sampled_from(["truncate", "overwrite", "garbage", "none"]))
    if edit == "truncate":
        return bytes(frame[: draw(st.integers(0, len(frame)))])
    if edit == "overwrite":
        frame[draw(st.integers(0, len(frame) - 1))] = draw(st.integers(0, 255))
        return bytes(frame)
    if edit == "garbage":
        return bytes(frame[:4]) + draw(st.binary(max_size=60))
    return bytes(frame)


def general_request(frame: bytes) -> tuple[RequestHeader, Message] | str:
    """The general path: the generated decoders through ``Message.decode_from``."""
    try:
        if len(frame) < 4:
            raise DecodeError("short")
        key, version = struct.unpack_from(">hh", frame)
        hv = frames.request_header_version(key, version)
        header, pos = RequestHeader.decode_from(frame, 0, hv)
        cls = frames.api_info(key, version).request_class()
        msg, _ = cls.decode_from(frame, pos, version)
    except DecodeError as exc:
        return type(exc).__name__
    return header, msg


def fast_request(frame: bytes | memoryview) -> tuple[RequestHeader, Message] | str:
    try:
        parsed = frames.parse_request_header(frame)
        return parsed.header, frames.decode_request_body(frame, parsed)
    except DecodeError as exc:
        return type(exc).__name__


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_produce_frames())
def test_a_request_decodes_as_on_the_general_path(frame: bytes) -> None:
    expected = general_request(frame)
    assert fast_request(frame) == expected
    assert fast_request(bytearray(frame)) == expected
    assert fast_request(memoryview(frame)) == expected
    # a signed view would misread every byte above 127: it is cast as the general path does
    assert fast_request(memoryview(frame).cast("b")) == expected


# -- tagged fields ---------------------------------------------------------------------------


def _reference_partition(p: ProduceResponse.PartitionProduceResponse) -> bytes:
    """PartitionProduceResponse v10+ from the schema: the fields, then the tagged section with
    ``current_leader`` (tag 0) whenever it differs from its default."""
    b = bytearray(
        struct.pack(
            ">ihqqq",
            p.index,
            p.error_code,
            p.base_offset,
            p.log_append_time_ms,
            p.log_start_offset,
        )
    )
    b += uvarint(len(p.record_errors) + 1)
    for e in p.record_errors:
        b += struct.pack(">i", e.batch_index)
        encode_string(b, e.batch_index_error_message, True, True)
        encode_tagged(b, [], e.unknown_tagged_fields)
    encode_string(b, p.error_message, True, True)
    known: list[tuple[int, bytes]] = []
    leader = p.current_leader
    if leader != PR.LeaderIdAndEpoch():  # the general rule
        lb = bytearray(struct.pack(">ii", leader.leader_id, leader.leader_epoch))
        encode_tagged(lb, [], leader.unknown_tagged_fields)
        known.append((0, bytes(lb)))
    encode_tagged(b, known, p.unknown_tagged_fields)
    return bytes(b)


def reference_produce_response(r: ProduceResponse) -> bytes:
    b = bytearray(uvarint(len(r.responses) + 1))
    for t in r.responses:
        encode_string(b, t.name, True, False)
        b += uvarint(len(t.partition_responses) + 1)
        for p in t.partition_responses:
            b += _reference_partition(p)
        encode_tagged(b, [], t.unknown_tagged_fields)
    b += struct.pack(">i", r.throttle_time_ms)
    assert r.node_endpoints == []  # (not drawn: its tag 0 stays absent)
    encode_tagged(b, [], r.unknown_tagged_fields)
    return bytes(b)


leaders = st.just(PR.LeaderIdAndEpoch()) | st.builds(
    PR.LeaderIdAndEpoch,
    leader_id=st.sampled_from([-1, 0, 3]),
    leader_epoch=st.sampled_from([-1, 0, 7]),
    unknown_tagged_fields=st.just(()) | unknown_tags(0),
)
partition_responses = st.builds(
    PR.PartitionProduceResponse,
    index=int32,
    error_code=st.integers(-1, 120),
    base_offset=int64,
    log_append_time_ms=int64,
    log_start_offset=int64,
    record_errors=st.lists(
        st.builds(
            PR.BatchIndexAndErrorMessage,
            batch_index=int32,
            batch_index_error_message=st.none() | names,
        ),
        max_size=2,
    ),
    error_message=st.none() | names,
    current_leader=leaders,
    unknown_tagged_fields=st.just(()) | unknown_tags(1),
)
produce_responses = st.builds(
    ProduceResponse,
    responses=st.lists(
        st.builds(
            PR.TopicProduceResponse,
            name=names,
            partition_responses=st.lists(partition_responses, max_size=3),
            unknown_tagged_fields=st.just(()) | unknown_tags(0),
        ),
        max_size=2,
    ),
    throttle_time_ms=st.integers(0, 2**31 - 1),
    unknown_tagged_fields=st.just(()) | unknown_tags(1),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(produce_responses, st.sampled_from([10, 11]))
def test_tagged_fields_are_written_as_the_general_rule_has_it(
    resp: ProduceResponse, version: int
) -> None:
    encoded = resp.to_bytes(version)
    assert encoded == reference_produce_response(resp)
    assert ProduceResponse.decode(encoded, version) == resp


def test_a_leader_of_another_type_is_never_the_default() -> None:
    """``Struct.__eq__`` never equates two types: a value that is not a LeaderIdAndEpoch (here
    a look-alike with the default's fields) is written, as the general rule writes it."""

    class LookAlike(PR.LeaderIdAndEpoch):
        __slots__ = ()

    p = PR.PartitionProduceResponse(index=0, current_leader=LookAlike())
    resp = ProduceResponse(responses=[PR.TopicProduceResponse(name="t", partition_responses=[p])])
    assert resp.to_bytes(10) == reference_produce_response(resp)
    plain = PR.PartitionProduceResponse(index=0)
    default = PR.TopicProduceResponse(name="t", partition_responses=[plain])
    assert resp.to_bytes(10) != ProduceResponse(responses=[default]).to_bytes(10)


# -- the generated short cuts against the general path -----------------------------------------

REPO = Path(__file__).resolve().parents[2]


@cache
def general_modules() -> dict[str, ModuleType]:
    """The produce and fetch modules generated without short cuts (imported under other names)."""
    spec = importlib.util.spec_from_file_location("lat9_codegen", REPO / "codegen" / "generate.py")
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    sys.modules["lat9_codegen"] = gen
    spec.loader.exec_module(gen)
    out = Path(tempfile.mkdtemp(prefix="strom-general-codegen-"))
    gen.generate(REPO / "codegen" / "schemas" / "kafka-3.9", out, short_cuts=False)
    mods = {}
    for name in ("produce", "fetch"):
        mspec = importlib.util.spec_from_file_location(f"general_{name}", out / f"{name}.py")
        assert mspec is not None and mspec.loader is not None
        mod = importlib.util.module_from_spec(mspec)
        mspec.loader.exec_module(mod)
        mods[name] = mod
    shutil.rmtree(out)  # loaded: the files are no longer needed
    return mods


def in_module(obj: Any, mod: ModuleType) -> Any:
    """``obj`` (a generated message, its structs and lists) rebuilt from the classes of the
    same name in ``mod``, every slot copied."""
    if isinstance(obj, list):
        return [in_module(x, mod) for x in obj]
    if not isinstance(obj, Message | Struct):
        return obj
    cls: Any = mod
    for part in type(obj).__qualname__.split("."):
        cls = getattr(cls, part)
    new = cls.__new__(cls)
    for slot in type(obj).__slots__:
        setattr(new, slot, in_module(getattr(obj, slot), mod))
    return new


def encodes_and_decodes_alike(msg: Message, version: int, mod: ModuleType, edit: Any) -> None:
    """``msg`` encoded with the short cuts and without (the same message in ``mod``'s classes):
    the same bytes. Those bytes, edited by ``edit``, decoded both ways: the same message
    (compared by its encodings) or the same DecodeError."""
    general = in_module(msg, mod)
    data = general.to_bytes(version)
    assert msg.to_bytes(version) == data
    buf = edit(data)
    outcomes = []
    for cls in (type(msg), type(general)):
        try:
            decoded, end = cls.decode_from(buf, 0, version)
        except DecodeError as exc:
            outcomes.append(str(exc))  # the same words: a length refused before any allocation
            continue
        outcomes.append((end, decoded.to_bytes(version)))
    assert outcomes[0] == outcomes[1]


@st.composite
def edited(draw: st.DrawFn, data: bytes) -> bytes:
    buf = bytearray(data)
    edit = draw(st.sampled_from(["none", "truncate", "overwrite", "huge", "garbage"]))
    if edit == "truncate":
        return bytes(buf[: draw(st.integers(0, len(buf)))])
    if edit == "overwrite" and buf:
        buf[draw(st.integers(0, len(buf) - 1))] = draw(st.sampled_from([0, 1, 0x7F, 0x80, 0xFF]))
    if edit == "huge" and buf:
        at = draw(st.integers(0, len(buf) - 1))
        buf[at : at + 1] = draw(st.sampled_from([b"\xff\xff\xff\x7f", b"\x80\x01", b"\xff\x7f"]))
    if edit == "garbage":
        return draw(st.binary(max_size=80))
    return bytes(buf)


many_partitions = st.builds(
    ProduceResponse,
    responses=st.lists(
        st.builds(
            PR.TopicProduceResponse,
            name=names,
            partition_responses=st.integers(125, 129).map(
                lambda n: [PR.PartitionProduceResponse(index=i) for i in range(n)]
            ),
        ),
        min_size=1,
        max_size=1,
    ),
)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), produce_responses | many_partitions, st.sampled_from([9, 10, 11]))
def test_produce_responses_as_the_general_path(
    data: st.DataObject, resp: ProduceResponse, version: int
) -> None:
    mod = general_modules()["produce"]
    encodes_and_decodes_alike(resp, version, mod, lambda b: data.draw(edited(b)))


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), produce_frames(), st.integers(120, 130))
def test_produce_requests_as_the_general_path(
    data: st.DataObject, frame: bytes, partitions: int
) -> None:
    mod = general_modules()["produce"]
    parsed = frames.parse_request_header(frame)
    version = parsed.header.request_api_version
    req = frames.decode_request_body(frame, parsed)
    assert isinstance(req, ProduceRequest)
    if data.draw(st.booleans()):  # around the one-byte limit of compact lengths
        records = data.draw(st.binary(max_size=4))
        pd = [
            ProduceRequest.PartitionProduceData(index=i, records=records) for i in range(partitions)
        ]
        req.topic_data.append(ProduceRequest.TopicProduceData(name="many", partition_data=pd))
    encodes_and_decodes_alike(req, version, mod, lambda b: data.draw(edited(b)))


leader_ids = st.sampled_from([-1, 0, 1])


@st.composite
def fetch_responses_tagged(draw: st.DrawFn) -> tuple[FetchResponse, int]:
    resp, version = draw(fetch_responses())
    for t in resp.responses:
        for p in t.partitions:
            p.current_leader = FetchResponse.LeaderIdAndEpoch(
                leader_id=draw(leader_ids), leader_epoch=draw(leader_ids)
            )
            p.diverging_epoch = FetchResponse.EpochEndOffset(
                epoch=draw(leader_ids), end_offset=draw(leader_ids)
            )
    if draw(st.booleans()):
        resp.responses[0].partitions *= draw(st.sampled_from([42, 43]))  # 126 / 129 elements
    return resp, version


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), fetch_responses_tagged())
def test_fetch_responses_as_the_general_path(
    data: st.DataObject, drawn: tuple[FetchResponse, int]
) -> None:
    resp, version = drawn
    mod = general_modules()["fetch"]
    encodes_and_decodes_alike(resp, version, mod, lambda b: data.draw(edited(b)))
