"""Request and response frames: size prefix, headers, and the body of any API.

Owns: which header version goes with which (API key, version), and turning a whole frame into
(header, message) and back. Sans-IO: it never touches a socket; the caller reads the 4-byte size,
checks it against its limit, reads that many bytes, and hands the frame (without the size) here.

Header rules (Kafka 3.9):
- Request header v2 for flexible request versions, v1 otherwise; ControlledShutdown v0 uses v0.
  The client_id is always a classic nullable string, even in header v2.
- Response header v1 for flexible response versions, v0 otherwise; ApiVersions responses always
  use v0, so a client that sent a version we do not know can still read our answer.

Per request (the broker's hot path): the frame is viewed once (the header and the body decode
from the same view), and a response is encoded into one buffer that starts with its size prefix
and header (the size is written in place once the body is encoded), so a small response is one
buffer and one write. The bytes are those of the generated ``RequestHeader``/``ResponseHeader``
codecs (``tests/unit/test_per_request_fast_paths.py`` compares them on random input). The header and
body decoders run inside ``run_decoder``'s wrapping written out (the same DecodeError for the
same faults, one call less each), and the response's encoder inside ``Message.encode_into``'s
(the same EncodeError). Request headers v1 and v2 are read by hand (the fixed fields and the
client id's length in one ``struct`` format, no tagged fields): the generated decoder's object
and body offset; anything else (header v0, an unknown key or version, a bad length, bytes past
the frame, invalid UTF-8, tagged fields) goes to the generated decoder, with its DecodeError
(``tests/unit/test_request_header_fast.py`` compares both on random and hostile headers). A
one-topic, one-partition Produce request (what librdkafka sends) is decoded by
:mod:`strom.protocol.produce_request_fast` (the generated decoder's object, or None and the
generated decoder runs), tried first for the Produce versions both know.
"""

from __future__ import annotations

import struct
from typing import Any, NamedTuple

from strom.protocol.codec import (
    DECODE_FAULTS,
    ENCODE_FAULTS,
    Buffer,
    DecodeError,
    EncodeError,
    Message,
    UnsupportedVersionError,
    Writer,
    byte_view,
)
from strom.protocol.messages import APIS, ApiInfo
from strom.protocol.messages.headers import RequestHeader, ResponseHeader
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse
from strom.protocol.produce_request_fast import FAST_VERSIONS, decode_produce_request
from strom.protocol.produce_response_fast import encode_produce_response

API_VERSIONS_KEY = 18
CONTROLLED_SHUTDOWN_KEY = 7


def request_header_version(api_key: int, api_version: int) -> int:
    info = APIS.get(api_key)
    if info is None:
        return 1
    if api_key == CONTROLLED_SHUTDOWN_KEY and api_version == 0:
        return 0
    return 2 if 0 <= info.flexible_min <= api_version else 1


def response_header_version(api_key: int, api_version: int) -> int:
    if api_key == API_VERSIONS_KEY:
        return 0
    info = APIS.get(api_key)
    if info is None:
        return 0
    return 1 if 0 <= info.flexible_min <= api_version else 0


def _known_header_versions() -> dict[tuple[int, int], tuple[int, int]]:
    """(API key, version) -> (request header version, response header version) for every
    version of every API this codec knows: bounded (a few thousand entries), so the per-request
    look-up never grows with what peers send; anything else takes the functions above."""
    return {
        (key, v): (request_header_version(key, v), response_header_version(key, v))
        for key, info in APIS.items()
        for v in range(info.min_version, info.max_version + 1)
    }


_HEADER_VERSIONS = _known_header_versions()


class RequestFrame(NamedTuple):
    header: RequestHeader
    header_version: int
    body_offset: int
    view: memoryview | None = None  # the frame as the decoders read it (the body reuses it)


_new_tuple = tuple.__new__
_new_object: Any = object.__new__
_KEY_VERSION = struct.Struct(">hh")
# header v1/v2: api key, api version, correlation id, client id length (-1: null)
_FIXED_AND_LENGTH = struct.Struct(">hhih").unpack_from
_FIXED_SIZE = 10
_HEADER_DECODERS = RequestHeader._DECODERS


def parse_request_header(frame: Buffer) -> RequestFrame:
    """Parse the request header. Works for unknown API keys and versions too (as header v1), so a
    server can answer or log them. Raises DecodeError on malformed bytes."""
    if type(frame) is bytearray:  # what the broker's connections read: bytes, one dimension
        mv = memoryview(frame)
    else:
        mv = frame if type(frame) is memoryview and frame.format == "B" else byte_view(frame)
        if mv.ndim != 1:
            mv = byte_view(mv)
    size = len(mv)
    if size >= _FIXED_SIZE:
        # header v1/v2 by hand (almost every request): the generated decoder's object and
        # position, or nothing decided here and the generated decoder runs (its errors)
        api_key, api_version, correlation_id, n = _FIXED_AND_LENGTH(mv)
        known = _HEADER_VERSIONS.get((api_key, api_version))
        if known is not None and known[0]:
            end = _FIXED_SIZE + n
            if n < 0:
                client_id: str | None = None
                end = _FIXED_SIZE
                ok = n == -1
            else:
                ok = end <= size
                if ok:
                    try:
                        client_id = str(mv[_FIXED_SIZE:end], "utf-8")
                    except UnicodeDecodeError:
                        ok = False
            if ok:
                hv = known[0]
                if hv == 1:
                    pos = end
                elif end < size and not mv[end]:  # header v2: no tagged fields
                    pos = end + 1
                else:
                    ok = False
            if ok:
                header: RequestHeader = _new_object(RequestHeader)
                header.request_api_key = api_key
                header.request_api_version = api_version
                header.correlation_id = correlation_id
                header.client_id = client_id
                header.unknown_tagged_fields = ()
                return _new_tuple(RequestFrame, (header, hv, pos, mv))
    elif size < 4:
        raise DecodeError("request frame shorter than its header")
    api_key, api_version = _KEY_VERSION.unpack_from(mv)
    known = _HEADER_VERSIONS.get((api_key, api_version))
    hv = known[0] if known is not None else request_header_version(api_key, api_version)
    try:  # run_decoder's wrapping, without its call
        header, pos = _HEADER_DECODERS[hv](mv, 0)
    except DecodeError:
        raise
    except DECODE_FAULTS as exc:
        raise DecodeError(f"malformed RequestHeader v{hv}: {exc!r}") from None
    # the NamedTuple's fields in order, without its Python-level __new__ (one call per request)
    return _new_tuple(RequestFrame, (header, hv, pos, mv))


def api_info(api_key: int, api_version: int) -> ApiInfo:
    """The registry entry, or UnsupportedVersionError when the key or version is unknown."""
    info = APIS.get(api_key)
    if info is None:
        raise UnsupportedVersionError(f"unknown API key {api_key}")
    if not info.min_version <= api_version <= info.max_version:
        raise UnsupportedVersionError(
            f"{info.name} version {api_version} is outside {info.min_version}-{info.max_version}"
        )
    return info


_REQUEST_CLASSES: dict[int, type[Message]] = {}  # API key -> request class, looked up once


# Produce versions the hand-written decoder reads that the generated codec knows (the others
# take the general path below, with its UnsupportedVersionError)
_PRODUCE_FAST = frozenset(FAST_VERSIONS) & frozenset(ProduceRequest._DECODERS)


def decode_request_body(frame: Buffer, parsed: RequestFrame) -> Message:
    h, _, body_offset, view = parsed  # (unpacked: a NamedTuple's field reads are not cheap)
    key = h.request_api_key
    version = h.request_api_version
    if key == 0 and view is not None and version in _PRODUCE_FAST:
        # Produce: the one-partition request by hand; None = take the generated path
        msg = decode_produce_request(view, body_offset, version)
        if msg is not None:
            return msg
    cls = _REQUEST_CLASSES.get(key)
    if cls is None or (key, version) not in _HEADER_VERSIONS:
        info = api_info(key, version)  # UnsupportedVersionError if unknown
        # ApiInfo.request_class imports the module: once per key, not per request
        cls = _REQUEST_CLASSES[key] = info.request_class()
    fn = cls._DECODERS.get(version)
    if fn is None:
        raise UnsupportedVersionError(f"{cls.NAME} has no version {version}")
    mv = view if view is not None else byte_view(frame)
    try:  # run_decoder's wrapping, without its call
        msg, _ = fn(mv, body_offset)
    except DecodeError:
        raise
    except DECODE_FAULTS as exc:
        raise DecodeError(f"malformed {cls.NAME} v{version}: {exc!r}") from None
    return msg  # type: ignore[no-any-return]


def decode_request(frame: Buffer) -> tuple[RequestHeader, Message]:
    """A whole request frame (without its size prefix) to (header, request)."""
    parsed = parse_request_header(frame)
    return parsed.header, decode_request_body(frame, parsed)


def _with_size(w: Writer) -> list[Buffer]:
    parts = w.finish()
    size = sum(len(p) for p in parts)
    return [size.to_bytes(4, "big"), *parts]


def encode_request(
    msg: Message, api_version: int, correlation_id: int, client_id: str | None = None
) -> list[Buffer]:
    """Encode a request frame, with its 4-byte size prefix, as a list of buffers."""
    api_key = msg.API_KEY
    hv = request_header_version(api_key, api_version)
    w = Writer()
    RequestHeader(api_key, api_version, correlation_id, client_id).encode_into(w, hv)
    msg.encode_into(w, api_version)
    return _with_size(w)


_SIZE_AND_CORRELATION = struct.Struct(">ii")
_SIZE = struct.Struct(">i")


def encode_response(
    msg: Message, api_version: int, correlation_id: int, api_key: int | None = None
) -> list[Buffer]:
    """Encode a response frame, with its 4-byte size prefix, as a list of buffers: the first
    holds the size, the header and the body up to any large record data (kept in buffers of
    its own, :class:`~strom.protocol.codec.Writer`)."""
    key = msg.API_KEY if api_key is None else api_key
    if key == 0 and type(msg) is ProduceResponse:  # the one-partition shape, hand-written
        fast = encode_produce_response(msg, api_version, correlation_id)
        if fast is not None:
            return fast
    w = Writer()
    b = w.b
    b += _SIZE_AND_CORRELATION.pack(0, correlation_id)  # the size is written below
    known = _HEADER_VERSIONS.get((key, api_version))
    if known[1] if known is not None else response_header_version(key, api_version):
        b.append(0)  # header v1: no tagged fields
    fn = msg._ENCODERS.get(api_version)  # Message.encode_into written out (one call less)
    if fn is None:
        raise EncodeError(f"{msg.NAME} has no version {api_version}")
    try:
        fn(msg, w)
    except EncodeError:
        raise
    except ENCODE_FAULTS as exc:
        raise EncodeError(f"cannot encode {msg.NAME} v{api_version}: {exc!r}") from None
    parts = w.finish()
    first = parts[0]
    assert isinstance(first, bytearray)  # the Writer's first buffer: the size goes there
    size = len(first) - 4
    for p in parts[1:]:
        size += len(p)
    _SIZE.pack_into(first, 0, size)
    return parts


def decode_response(frame: Buffer, api_key: int, api_version: int) -> tuple[int, Message]:
    """A whole response frame (without size prefix) to (correlation id, response)."""
    info = api_info(api_key, api_version)
    hv = response_header_version(api_key, api_version)
    header, pos = ResponseHeader.decode_from(frame, 0, hv)
    msg, _ = info.response_class().decode_from(frame, pos, api_version)
    return header.correlation_id, msg
