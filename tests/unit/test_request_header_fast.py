"""The per-request short cuts of session 12 (issue 15) against the general path.

- ``frames.parse_request_header`` reads request headers v1 and v2 by hand (one ``struct`` format
  for the fixed fields and the client id's length) and leaves anything it does not read
  (header v0, unknown API keys or versions, a null length other than -1, a client id past the
  frame or not UTF-8, tagged fields, frames shorter than the fixed fields) to the generated
  decoder. On random headers of every known (API key, version), with random bytes after them,
  in the three buffer types a caller hands it, and on hostile edits (truncation at any offset,
  a byte overwritten, the client id's length set to edge values), the outcome equals the
  generated ``RequestHeader`` decoder's: the same header fields, header version and body
  offset, or a DecodeError with the same message.
- ``RequestProcessor.process`` builds the handler's ``RequestContext`` without its ``__init__``
  call: every slot is set, to what the constructor would set.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.broker.context import RequestContext
from strom.broker.metrics.requests import NoRequestMetrics
from strom.broker.registry import Registration
from strom.broker.request_processor import RequestProcessor
from strom.broker.security.listeners import ListenerSecurity
from strom.broker.security.principal import KafkaPrincipal
from strom.protocol import frames
from strom.protocol.codec import DecodeError, Message, Writer
from strom.protocol.frames import encode_request
from strom.protocol.messages.headers import RequestHeader
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse

pytestmark = pytest.mark.unit

FAST = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
int32 = st.integers(-(2**31), 2**31 - 1)
KNOWN = sorted(frames._HEADER_VERSIONS)  # every (API key, version) the codec knows


def general_parse(frame: bytes) -> tuple[Any, ...]:
    """The general path: the header version of (key, version), then the generated decoder."""
    mv = memoryview(frame)
    if len(mv) < 4:
        raise DecodeError("request frame shorter than its header")
    key, version = struct.unpack_from(">hh", mv)
    hv = frames.request_header_version(key, version)
    header, pos = RequestHeader.decode_from(mv, 0, hv)
    return _fields(header), hv, pos


def _fields(h: RequestHeader) -> tuple[Any, ...]:
    return tuple(getattr(h, s) for s in RequestHeader.__slots__)


def outcome(fn: Any, frame: Any) -> tuple[Any, ...]:
    try:
        out = fn(frame)
    except DecodeError as exc:
        return ("DecodeError", str(exc))
    if isinstance(out, frames.RequestFrame):
        return _fields(out.header), out.header_version, out.body_offset
    return cast("tuple[Any, ...]", out)


@st.composite
def header_frames(draw: st.DrawFn) -> bytes:
    if draw(st.integers(0, 9)):
        key, version = draw(st.sampled_from(KNOWN))
    else:  # an API key or version the codec does not know (parsed as header v1)
        key, version = draw(st.integers(-(2**15), 2**15 - 1)), draw(st.integers(-5, 200))
    hv = frames.request_header_version(key, version)
    client = draw(st.none() | st.text(max_size=30))
    tags: tuple[tuple[int, bytes], ...] = ()
    if hv == 2 and draw(st.integers(0, 4)) == 0:
        tags = tuple(
            (t, draw(st.binary(max_size=6)))
            for t in sorted(draw(st.lists(st.integers(0, 40), min_size=1, max_size=3, unique=True)))
        )
    w = Writer()
    RequestHeader(key, version, draw(int32), client, tags).encode_into(w, hv)
    frame = bytearray(b"".join(bytes(p) for p in w.finish()))
    frame += draw(st.binary(max_size=16))  # the body, as far as the header is concerned
    edit = draw(st.sampled_from(["none", "none", "truncate", "overwrite", "length"]))
    if edit == "truncate":
        del frame[draw(st.integers(0, len(frame))) :]
    elif edit == "overwrite" and frame:
        frame[draw(st.integers(0, len(frame) - 1))] = draw(st.integers(0, 255))
    elif edit == "length" and len(frame) >= 10:
        n = draw(st.sampled_from([-32768, -2, -1, 0, 1, len(frame) - 10, len(frame) - 9, 32767]))
        struct.pack_into(">h", frame, 8, n)
    return bytes(frame)


@FAST
@given(frame=header_frames(), kind=st.sampled_from(["bytearray", "bytes", "memoryview"]))
def test_the_hand_parse_equals_the_generated_decoder(frame: bytes, kind: str) -> None:
    given_frame: Any = {
        "bytearray": bytearray(frame),
        "bytes": frame,
        "memoryview": memoryview(frame),
    }[kind]
    assert outcome(frames.parse_request_header, given_frame) == outcome(general_parse, frame)


@pytest.mark.parametrize(
    ("tail", "why"),
    [
        (b"\xff\xfe", "a null length other than -1"),
        (b"\x00\x05ab", "a client id past the frame"),
        (b"\x00\x02\xc3\x28", "a client id that is not UTF-8"),
    ],
)
def test_what_the_hand_parse_declines_raises_the_generated_decoders_error(
    tail: bytes, why: str
) -> None:
    frame = struct.pack(">hhi", 0, 9, 7) + tail  # Produce v9: header v1
    with pytest.raises(DecodeError) as fast:
        frames.parse_request_header(bytearray(frame))
    with pytest.raises(DecodeError) as general:
        general_parse(frame)
    assert str(fast.value) == str(general.value), why


def test_header_v2_tagged_fields_are_the_generated_decoders() -> None:
    w = Writer()
    RequestHeader(0, 10, 3, "c", ((5, b"xy"),)).encode_into(w, 2)
    frame = b"".join(bytes(p) for p in w.finish()) + b"body"
    parsed = frames.parse_request_header(bytearray(frame))
    assert parsed.header.unknown_tagged_fields == ((5, b"xy"),)
    assert outcome(frames.parse_request_header, bytearray(frame)) == outcome(general_parse, frame)


# -- the handler's context ---------------------------------------------------------------------


def test_the_context_a_handler_gets_is_the_constructors() -> None:
    seen: list[RequestContext] = []

    async def produce(ctx: RequestContext, req: Any) -> Message:
        seen.append(ctx)
        return ProduceResponse(responses=[])

    services = cast(Any, object())
    principal = KafkaPrincipal("User", "alice")
    proc = RequestProcessor(
        services,
        NoRequestMetrics(),
        ListenerSecurity("EXTERNAL", "SASL_SSL"),
        "10.0.0.1:5000",
        principal,
        None,
        handlers={0: Registration(0, "Produce", 3, 11, produce)},
    )
    proc.client_software = ("librdkafka", "2.6.0")
    req = ProduceRequest(acks=1, timeout_ms=1000, topic_data=[])
    frame = bytearray(b"".join(bytes(b) for b in encode_request(req, 9, 42, "cid"))[4:])
    keep, encoded, _ = asyncio.run(proc.process(frame, None))
    assert keep and encoded is not None
    (ctx,) = seen
    expected = RequestContext(
        ctx.header, services, "10.0.0.1:5000", "EXTERNAL", principal, "SASL_SSL",
        ("librdkafka", "2.6.0"),
    )  # fmt: skip
    assert type(ctx) is RequestContext
    for slot in RequestContext.__slots__:  # every slot set (AttributeError if one is not)
        assert getattr(ctx, slot) == getattr(expected, slot), slot
    assert (ctx.header.correlation_id, ctx.header.client_id, ctx.api_version) == (42, "cid", 9)
