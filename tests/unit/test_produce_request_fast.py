"""The hand-written one-partition Produce request decoder (issue 15, session 11) against the
generated one.

- On random valid one-topic, one-partition requests of every version the fast path serves
  (nullable and long transactional ids, unicode and long topic names, null, empty and large
  records), encoded by the generated encoder, the fast path returns an object equal to the
  generated decoder's field by field (classes, every slot, ``unknown_tagged_fields``, the records
  as a ``memoryview`` slice of the same frame with the same bytes), and ``decode_request_body``
  returns it without running the generated decoder.
- On hostile edits (a byte overwritten, truncation at every offset, bytes appended, tagged fields
  present, two partitions or two topics, no topic) the fast path returns either the generated
  decoder's object or None, never anything else and never raises; ``decode_request_body`` gives
  the generated decoder's object or the same DecodeError type.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.protocol import frames
from strom.protocol.codec import DecodeError, Struct
from strom.protocol.messages.produce import ProduceRequest
from strom.protocol.produce_request_fast import FAST_VERSIONS, decode_produce_request

pytestmark = pytest.mark.unit

PR = ProduceRequest
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VERSIONS = list(FAST_VERSIONS)
int16 = st.integers(-(2**15), 2**15 - 1)
int32 = st.integers(-(2**31), 2**31 - 1)


def test_every_version_of_the_generated_codec_is_served() -> None:
    assert list(range(PR.MIN_VERSION, PR.MAX_VERSION + 1)) == VERSIONS


def same(a: Any, b: Any) -> None:
    """Field by field: the same classes, every slot, records the same kind of slice."""
    assert type(a) is type(b)
    if isinstance(a, Struct):
        for slot in a.__slots__:
            same(getattr(a, slot), getattr(b, slot))
    elif isinstance(a, list | tuple):
        assert len(a) == len(b)
        for x, y in zip(a, b, strict=True):
            same(x, y)
    elif isinstance(a, memoryview):
        assert a.format == b.format == "B" and a.ndim == b.ndim == 1
        assert a.obj is b.obj  # a zero-copy slice of the same frame
        assert a.tobytes() == b.tobytes()
    else:
        assert a == b


def request(txn: str | None, acks: int, timeout: int, topics: list[tuple[str, list[Any]]]) -> PR:
    return PR(
        transactional_id=txn,
        acks=acks,
        timeout_ms=timeout,
        topic_data=[
            PR.TopicProduceData(
                name=name,
                partition_data=[PR.PartitionProduceData(index=i, records=r) for i, r in parts],
            )
            for name, parts in topics
        ],
    )


def frame_of(req: PR, version: int) -> bytes:
    return b"".join(frames.encode_request(req, version, 7, "client"))[4:]


def generated(frame: bytes) -> tuple[frames.RequestFrame, PR | None, type[Exception] | None]:
    parsed = frames.parse_request_header(frame)
    assert parsed.view is not None
    fn = PR._DECODERS[parsed.header.request_api_version]
    try:
        return parsed, fn(parsed.view, parsed.body_offset)[0], None
    except Exception as exc:  # DecodeError, or what run_decoder turns into it
        return parsed, None, type(exc)


records = st.one_of(
    st.none(),
    st.binary(max_size=300),
    st.integers(16_000, 70_000).map(lambda n: bytes(range(256)) * (n // 256)),
)
names = st.text(max_size=150)  # unicode; past 126 UTF-8 bytes the compact length takes 2 bytes


@st.composite
def one_partition_requests(draw: st.DrawFn) -> tuple[PR, int]:
    version = draw(st.sampled_from(VERSIONS))
    txn = draw(st.none() | st.text(max_size=150)) if version >= 3 else None
    req = request(txn, draw(int16), draw(int32), [(draw(names), [(draw(int32), draw(records))])])
    return req, version


@FAST
@given(one_partition_requests())
def test_valid_one_partition_requests_decode_to_the_generated_object(case: tuple[PR, int]) -> None:
    req, version = case
    frame = frame_of(req, version)
    parsed, gen, fault = generated(frame)
    assert fault is None and gen is not None
    assert parsed.view is not None
    fast = decode_produce_request(parsed.view, parsed.body_offset, version)
    assert fast is not None
    same(fast, gen)
    same(frames.decode_request_body(frame, parsed), gen)
    assert fast == req


def test_decode_request_body_takes_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The generated decoder is not run for the one-partition shape (and is for two)."""
    calls = []
    for version in VERSIONS:
        real = PR._DECODERS[version]

        def counting(b: memoryview, p: int, real: Any = real) -> Any:
            calls.append(1)
            return real(b, p)

        monkeypatch.setitem(PR._DECODERS, version, counting)
        one = request("t" if version >= 3 else None, 1, 100, [("topic", [(0, b"r" * 70)])])
        frame = frame_of(one, version)
        assert frames.decode_request_body(frame, frames.parse_request_header(frame)) == one
        assert calls == []
        two = request(None, 1, 100, [("topic", [(0, b"a"), (1, None)])])
        frame = frame_of(two, version)
        assert frames.decode_request_body(frame, frames.parse_request_header(frame)) == two
        assert calls == [1]
        calls.clear()


def check_edit(frame: bytes) -> None:
    """The fast path gives the generated object or None; the frame's decode is the general one."""
    try:
        frames.parse_request_header(frame)
    except DecodeError:
        return  # the header itself is malformed: the body decoders are never reached
    parsed, gen, fault = generated(frame)
    assert parsed.view is not None
    version = parsed.header.request_api_version
    if parsed.header.request_api_key != 0 or version not in FAST_VERSIONS:
        return
    fast = decode_produce_request(parsed.view, parsed.body_offset, version)
    if gen is None:
        assert fast is None, f"fast path decoded what the generated decoder rejects ({fault})"
        with pytest.raises(DecodeError) as info:
            frames.decode_request_body(frame, parsed)
        assert type(info.value) is DecodeError
        return
    if fast is not None:
        same(fast, gen)
    same(frames.decode_request_body(frame, parsed), gen)


@st.composite
def hostile_frames(draw: st.DrawFn) -> bytes:
    req, version = draw(one_partition_requests())
    frame = bytearray(frame_of(req, version))
    header_end = frames.parse_request_header(bytes(frame)).body_offset
    edit = draw(st.sampled_from(["flip", "set", "truncate", "append", "several"]))
    if edit == "flip":
        for _ in range(draw(st.integers(1, 3))):
            i = draw(st.integers(header_end, len(frame) - 1))
            frame[i] ^= 1 << draw(st.integers(0, 7))
    elif edit == "set":
        i = draw(st.integers(header_end, len(frame) - 1))
        frame[i] = draw(st.sampled_from([0x00, 0x01, 0x02, 0x7F, 0x80, 0xFF]))
    elif edit == "truncate":
        del frame[draw(st.integers(header_end, len(frame) - 1)) :]
    elif edit == "append":
        frame += draw(st.binary(min_size=1, max_size=8))
    else:
        t = req.topic_data[0]
        t.partition_data.append(PR.PartitionProduceData(index=1, records=b"x"))
        if draw(st.booleans()):
            req.topic_data.append(PR.TopicProduceData(name="other", partition_data=[]))
        frame = bytearray(frame_of(req, version))
    return bytes(frame)


@FAST
@given(hostile_frames())
def test_hostile_edits_decode_as_the_generated_path(frame: bytes) -> None:
    check_edit(frame)


@pytest.mark.parametrize("version", VERSIONS)
def test_truncation_at_every_offset(version: int) -> None:
    req = request("tx" if version >= 3 else None, -1, 30_000, [("topic-é", [(5, b"r" * 200)])])
    frame = frame_of(req, version)
    for cut in range(len(frame)):
        check_edit(frame[:cut])
    for extra in (b"\x00", b"\x00\x00\x00", b"\xff" * 5):
        check_edit(frame + extra)  # the generated decoder ignores them: the fast path declines


@pytest.mark.parametrize("version", [v for v in VERSIONS if v >= PR.FLEXIBLE_MIN])
@pytest.mark.parametrize("level", ["request", "topic", "partition"])
def test_tagged_fields_take_the_generated_path(version: int, level: str) -> None:
    req = request(None, 1, 100, [("topic", [(0, b"r" * 10)])])
    tagged = ((3, b"abc"),)
    if level == "request":
        req.unknown_tagged_fields = tagged
    elif level == "topic":
        req.topic_data[0].unknown_tagged_fields = tagged
    else:
        req.topic_data[0].partition_data[0].unknown_tagged_fields = tagged
    frame = frame_of(req, version)
    parsed = frames.parse_request_header(frame)
    assert parsed.view is not None
    assert decode_produce_request(parsed.view, parsed.body_offset, version) is None
    assert frames.decode_request_body(frame, parsed) == req


@pytest.mark.parametrize("version", VERSIONS)
def test_no_topic_and_null_counts_take_the_generated_path(version: int) -> None:
    empty = request(None, 1, 100, [])
    frame = frame_of(empty, version)
    parsed = frames.parse_request_header(frame)
    assert parsed.view is not None
    assert decode_produce_request(parsed.view, parsed.body_offset, version) is None
    assert frames.decode_request_body(frame, parsed) == empty
    check_edit(frame[:-1] + b"\xff")  # a null or negative topic count at the end


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("data", [None, b"r" * 20])
def test_every_byte_set_to_edge_values(version: int, data: bytes | None) -> None:
    """Each body byte in turn overwritten with a count's or a length's edge values (null,
    zero, one, two, the varint boundaries, negative) or with one bit flipped."""
    req = request("t" if version >= 3 else None, 1, 100, [("tp", [(2, data)])])
    frame = frame_of(req, version)
    start = frames.parse_request_header(frame).body_offset
    for i in range(start, len(frame)):
        for value in {0x00, 0x01, 0x02, 0x03, 0x7F, 0x80, 0xFE, 0xFF, frame[i] ^ 1}:
            check_edit(frame[:i] + bytes((value,)) + frame[i + 1 :])


@pytest.mark.parametrize("version", [-1, PR.MAX_VERSION + 1, 13])
def test_versions_it_does_not_know_are_declined(version: int) -> None:
    """A version the generated codec adds later (v13: topic ids) is not read as v11."""
    frame = frame_of(request(None, 1, 100, [("topic", [(0, b"r")])]), PR.MAX_VERSION)
    parsed = frames.parse_request_header(frame)
    assert parsed.view is not None
    assert decode_produce_request(parsed.view, parsed.body_offset, version) is None
