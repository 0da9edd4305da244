"""Kafka ListClientMetricsResourcesRequest and ListClientMetricsResourcesResponse: every version.

Generated from ListClientMetricsResourcesRequest.json, ListClientMetricsResourcesResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
"""

# ruff: noqa
# fmt: off
from __future__ import annotations

import struct
import uuid
from typing import Any, ClassVar

from strom.protocol.codec import (
    ZERO_UUID, Buffer, DecodeError, DecodeFn, EncodeFn, Message, Struct, Writer,
    check_tag_end, encode_array_len, encode_bytes, encode_records, encode_string,
    encode_tagged, read_array_len, read_bytes, read_compact_array_len,
    read_compact_bytes, read_compact_nullable_bytes, read_compact_nullable_string,
    read_compact_records, read_compact_string, read_nullable_bytes,
    read_nullable_string, read_records, read_string, read_tag_count, read_unknown_tag,
    read_unknown_tags, read_uuid, read_uvarint,
)

_new: Any = object.__new__
_MISSING: Any = object()



class ListClientMetricsResourcesRequest(Message):
    __slots__ = ('unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ListClientMetricsResourcesRequest'
    API_KEY: ClassVar[int] = 74
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ListClientMetricsResourcesRequest_v0(b: memoryview, p: int) -> tuple[ListClientMetricsResourcesRequest, int]:
    o: ListClientMetricsResourcesRequest = _new(ListClientMetricsResourcesRequest)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ListClientMetricsResourcesRequest_v0(o: ListClientMetricsResourcesRequest, w: Writer) -> None:
    b = w.b
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ListClientMetricsResourcesRequest: dict[int, DecodeFn] = {0: _d_ListClientMetricsResourcesRequest_v0}
_ENC_ListClientMetricsResourcesRequest: dict[int, EncodeFn] = {0: _e_ListClientMetricsResourcesRequest_v0}
ListClientMetricsResourcesRequest._DECODERS = _DEC_ListClientMetricsResourcesRequest
ListClientMetricsResourcesRequest._ENCODERS = _ENC_ListClientMetricsResourcesRequest



_SResp0 = struct.Struct('>ih')


class ListClientMetricsResourcesResponse(Message):
    __slots__ = ('throttle_time_ms', 'error_code', 'client_metrics_resources', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ListClientMetricsResourcesResponse'
    API_KEY: ClassVar[int] = 74
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class ClientMetricsResource(Struct):
        __slots__ = ('name', 'unknown_tagged_fields',)

        name: str
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            name: str = '',
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.name = name
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    error_code: int
    client_metrics_resources: list[ListClientMetricsResourcesResponse.ClientMetricsResource]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        error_code: int = 0,
        client_metrics_resources: list[ListClientMetricsResourcesResponse.ClientMetricsResource] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.client_metrics_resources = [] if client_metrics_resources is _MISSING else client_metrics_resources
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ListClientMetricsResourcesResponse_v0(b: memoryview, p: int) -> tuple[ListClientMetricsResourcesResponse, int]:
    _a: Any
    _e: Any
    o: ListClientMetricsResourcesResponse = _new(ListClientMetricsResourcesResponse)
    (o.throttle_time_ms, o.error_code,) = _SResp0.unpack_from(b, p)
    p += 6
    _n, p = read_compact_array_len(b, p, 2)
    if _n < 0:
        raise DecodeError('non-nullable array ClientMetricsResources was null')
    else:
        o.client_metrics_resources = []
        _a = o.client_metrics_resources.append
        for _ in range(_n):
            _e = _new(ListClientMetricsResourcesResponse.ClientMetricsResource)
            _e.name, p = read_compact_string(b, p)
            if b[p] == 0:
                p += 1
                _e.unknown_tagged_fields = ()
            else:
                _e.unknown_tagged_fields, p = read_unknown_tags(b, p)
            _a(_e)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ListClientMetricsResourcesResponse_v0(o: ListClientMetricsResourcesResponse, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms, o.error_code)
    _v = o.client_metrics_resources
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            encode_string(b, _o.name, True, False)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ListClientMetricsResourcesResponse: dict[int, DecodeFn] = {0: _d_ListClientMetricsResourcesResponse_v0}
_ENC_ListClientMetricsResourcesResponse: dict[int, EncodeFn] = {0: _e_ListClientMetricsResourcesResponse_v0}
ListClientMetricsResourcesResponse._DECODERS = _DEC_ListClientMetricsResourcesResponse
ListClientMetricsResourcesResponse._ENCODERS = _ENC_ListClientMetricsResourcesResponse
