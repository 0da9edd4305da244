"""Kafka ConsumerGroupDescribeRequest and ConsumerGroupDescribeResponse: every version.

Generated from ConsumerGroupDescribeRequest.json, ConsumerGroupDescribeResponse.json (Kafka 3.9) by codegen/generate.py. Do not edit.
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

_SReq0 = struct.Struct('>?')


class ConsumerGroupDescribeRequest(Message):
    __slots__ = ('group_ids', 'include_authorized_operations', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ConsumerGroupDescribeRequest'
    API_KEY: ClassVar[int] = 69
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    group_ids: list[str]
    include_authorized_operations: bool
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        group_ids: list[str] = _MISSING,
        include_authorized_operations: bool = False,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.group_ids = [] if group_ids is _MISSING else group_ids
        self.include_authorized_operations = include_authorized_operations
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ConsumerGroupDescribeRequest_v0(b: memoryview, p: int) -> tuple[ConsumerGroupDescribeRequest, int]:
    _x: Any
    _a: Any
    o: ConsumerGroupDescribeRequest = _new(ConsumerGroupDescribeRequest)
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        raise DecodeError('non-nullable array GroupIds was null')
    else:
        o.group_ids = []
        _a = o.group_ids.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    (o.include_authorized_operations,) = _SReq0.unpack_from(b, p)
    p += 1
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ConsumerGroupDescribeRequest_v0(o: ConsumerGroupDescribeRequest, w: Writer) -> None:
    _v: Any
    _x: Any
    b = w.b
    _v = o.group_ids
    encode_array_len(b, _v, True, False)
    if _v:
        for _x in _v:
            encode_string(b, _x, True, False)
    b += _SReq0.pack(o.include_authorized_operations)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ConsumerGroupDescribeRequest: dict[int, DecodeFn] = {0: _d_ConsumerGroupDescribeRequest_v0}
_ENC_ConsumerGroupDescribeRequest: dict[int, EncodeFn] = {0: _e_ConsumerGroupDescribeRequest_v0}
ConsumerGroupDescribeRequest._DECODERS = _DEC_ConsumerGroupDescribeRequest
ConsumerGroupDescribeRequest._ENCODERS = _ENC_ConsumerGroupDescribeRequest



_SResp0 = struct.Struct('>i')
_SResp1 = struct.Struct('>h')
_SResp2 = struct.Struct('>ii')


class ConsumerGroupDescribeResponse(Message):
    __slots__ = ('throttle_time_ms', 'groups', 'unknown_tagged_fields',)

    NAME: ClassVar[str] = 'ConsumerGroupDescribeResponse'
    API_KEY: ClassVar[int] = 69
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = 0
    LATEST_VERSION_UNSTABLE: ClassVar[bool] = False

    class TopicPartitions(Struct):
        __slots__ = ('topic_id', 'topic_name', 'partitions', 'unknown_tagged_fields',)

        topic_id: uuid.UUID
        topic_name: str
        partitions: list[int]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_id: uuid.UUID = ZERO_UUID,
            topic_name: str = '',
            partitions: list[int] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_id = topic_id
            self.topic_name = topic_name
            self.partitions = [] if partitions is _MISSING else partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class Assignment(Struct):
        __slots__ = ('topic_partitions', 'unknown_tagged_fields',)

        topic_partitions: list[ConsumerGroupDescribeResponse.TopicPartitions]
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            topic_partitions: list[ConsumerGroupDescribeResponse.TopicPartitions] = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.topic_partitions = [] if topic_partitions is _MISSING else topic_partitions
            self.unknown_tagged_fields = unknown_tagged_fields

    class Member(Struct):
        __slots__ = ('member_id', 'instance_id', 'rack_id', 'member_epoch', 'client_id', 'client_host', 'subscribed_topic_names', 'subscribed_topic_regex', 'assignment', 'target_assignment', 'unknown_tagged_fields',)

        member_id: str
        instance_id: str | None
        rack_id: str | None
        member_epoch: int
        client_id: str
        client_host: str
        subscribed_topic_names: list[str]
        subscribed_topic_regex: str | None
        assignment: ConsumerGroupDescribeResponse.Assignment
        target_assignment: ConsumerGroupDescribeResponse.Assignment
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            member_id: str = '',
            instance_id: str | None = None,
            rack_id: str | None = None,
            member_epoch: int = 0,
            client_id: str = '',
            client_host: str = '',
            subscribed_topic_names: list[str] = _MISSING,
            subscribed_topic_regex: str | None = None,
            assignment: ConsumerGroupDescribeResponse.Assignment = _MISSING,
            target_assignment: ConsumerGroupDescribeResponse.Assignment = _MISSING,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.member_id = member_id
            self.instance_id = instance_id
            self.rack_id = rack_id
            self.member_epoch = member_epoch
            self.client_id = client_id
            self.client_host = client_host
            self.subscribed_topic_names = [] if subscribed_topic_names is _MISSING else subscribed_topic_names
            self.subscribed_topic_regex = subscribed_topic_regex
            self.assignment = ConsumerGroupDescribeResponse.Assignment() if assignment is _MISSING else assignment
            self.target_assignment = ConsumerGroupDescribeResponse.Assignment() if target_assignment is _MISSING else target_assignment
            self.unknown_tagged_fields = unknown_tagged_fields

    class DescribedGroup(Struct):
        __slots__ = ('error_code', 'error_message', 'group_id', 'group_state', 'group_epoch', 'assignment_epoch', 'assignor_name', 'members', 'authorized_operations', 'unknown_tagged_fields',)

        error_code: int
        error_message: str | None
        group_id: str
        group_state: str
        group_epoch: int
        assignment_epoch: int
        assignor_name: str
        members: list[ConsumerGroupDescribeResponse.Member]
        authorized_operations: int
        unknown_tagged_fields: tuple[tuple[int, bytes], ...]

        def __init__(
            self,
            error_code: int = 0,
            error_message: str | None = None,
            group_id: str = '',
            group_state: str = '',
            group_epoch: int = 0,
            assignment_epoch: int = 0,
            assignor_name: str = '',
            members: list[ConsumerGroupDescribeResponse.Member] = _MISSING,
            authorized_operations: int = -2147483648,
            unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
        ) -> None:
            self.error_code = error_code
            self.error_message = error_message
            self.group_id = group_id
            self.group_state = group_state
            self.group_epoch = group_epoch
            self.assignment_epoch = assignment_epoch
            self.assignor_name = assignor_name
            self.members = [] if members is _MISSING else members
            self.authorized_operations = authorized_operations
            self.unknown_tagged_fields = unknown_tagged_fields

    throttle_time_ms: int
    groups: list[ConsumerGroupDescribeResponse.DescribedGroup]
    unknown_tagged_fields: tuple[tuple[int, bytes], ...]

    def __init__(
        self,
        throttle_time_ms: int = 0,
        groups: list[ConsumerGroupDescribeResponse.DescribedGroup] = _MISSING,
        unknown_tagged_fields: tuple[tuple[int, bytes], ...] = (),
    ) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.groups = [] if groups is _MISSING else groups
        self.unknown_tagged_fields = unknown_tagged_fields


def _d_ConsumerGroupDescribeResponse_TopicPartitions_v0(b: memoryview, p: int) -> tuple[ConsumerGroupDescribeResponse.TopicPartitions, int]:
    o: ConsumerGroupDescribeResponse.TopicPartitions = _new(ConsumerGroupDescribeResponse.TopicPartitions)
    o.topic_id, p = read_uuid(b, p)
    o.topic_name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 4)
    if _n < 0:
        raise DecodeError('non-nullable array Partitions was null')
    else:
        o.partitions = list(struct.unpack_from(f'>{_n}i', b, p))
        p += 4 * _n
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ConsumerGroupDescribeResponse_Assignment_v0(b: memoryview, p: int) -> tuple[ConsumerGroupDescribeResponse.Assignment, int]:
    _x: Any
    _a: Any
    o: ConsumerGroupDescribeResponse.Assignment = _new(ConsumerGroupDescribeResponse.Assignment)
    _n, p = read_compact_array_len(b, p, 19)
    if _n < 0:
        raise DecodeError('non-nullable array TopicPartitions was null')
    else:
        o.topic_partitions = []
        _a = o.topic_partitions.append
        for _ in range(_n):
            _x, p = _d_ConsumerGroupDescribeResponse_TopicPartitions_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ConsumerGroupDescribeResponse_Assignment_v0(o: ConsumerGroupDescribeResponse.Assignment, w: Writer) -> None:
    _v: Any
    _o: Any
    b = w.b
    _v = o.topic_partitions
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _o.topic_id.bytes
            encode_string(b, _o.topic_name, True, False)
            _v = _o.partitions
            encode_array_len(b, _v, True, False)
            if _v:
                b += struct.pack(f'>{len(_v)}i', *_v)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


def _d_ConsumerGroupDescribeResponse_Member_v0(b: memoryview, p: int) -> tuple[ConsumerGroupDescribeResponse.Member, int]:
    _x: Any
    _a: Any
    o: ConsumerGroupDescribeResponse.Member = _new(ConsumerGroupDescribeResponse.Member)
    o.member_id, p = read_compact_string(b, p)
    o.instance_id, p = read_compact_nullable_string(b, p)
    o.rack_id, p = read_compact_nullable_string(b, p)
    (o.member_epoch,) = _SResp0.unpack_from(b, p)
    p += 4
    o.client_id, p = read_compact_string(b, p)
    o.client_host, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 1)
    if _n < 0:
        raise DecodeError('non-nullable array SubscribedTopicNames was null')
    else:
        o.subscribed_topic_names = []
        _a = o.subscribed_topic_names.append
        for _ in range(_n):
            _x, p = read_compact_string(b, p)
            _a(_x)
    o.subscribed_topic_regex, p = read_compact_nullable_string(b, p)
    o.assignment, p = _d_ConsumerGroupDescribeResponse_Assignment_v0(b, p)
    o.target_assignment, p = _d_ConsumerGroupDescribeResponse_Assignment_v0(b, p)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ConsumerGroupDescribeResponse_DescribedGroup_v0(b: memoryview, p: int) -> tuple[ConsumerGroupDescribeResponse.DescribedGroup, int]:
    _x: Any
    _a: Any
    o: ConsumerGroupDescribeResponse.DescribedGroup = _new(ConsumerGroupDescribeResponse.DescribedGroup)
    (o.error_code,) = _SResp1.unpack_from(b, p)
    p += 2
    o.error_message, p = read_compact_nullable_string(b, p)
    o.group_id, p = read_compact_string(b, p)
    o.group_state, p = read_compact_string(b, p)
    (o.group_epoch, o.assignment_epoch,) = _SResp2.unpack_from(b, p)
    p += 8
    o.assignor_name, p = read_compact_string(b, p)
    _n, p = read_compact_array_len(b, p, 16)
    if _n < 0:
        raise DecodeError('non-nullable array Members was null')
    else:
        o.members = []
        _a = o.members.append
        for _ in range(_n):
            _x, p = _d_ConsumerGroupDescribeResponse_Member_v0(b, p)
            _a(_x)
    (o.authorized_operations,) = _SResp0.unpack_from(b, p)
    p += 4
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _d_ConsumerGroupDescribeResponse_v0(b: memoryview, p: int) -> tuple[ConsumerGroupDescribeResponse, int]:
    _x: Any
    _a: Any
    o: ConsumerGroupDescribeResponse = _new(ConsumerGroupDescribeResponse)
    (o.throttle_time_ms,) = _SResp0.unpack_from(b, p)
    p += 4
    _n, p = read_compact_array_len(b, p, 20)
    if _n < 0:
        raise DecodeError('non-nullable array Groups was null')
    else:
        o.groups = []
        _a = o.groups.append
        for _ in range(_n):
            _x, p = _d_ConsumerGroupDescribeResponse_DescribedGroup_v0(b, p)
            _a(_x)
    if b[p] == 0:
        p += 1
        o.unknown_tagged_fields = ()
    else:
        o.unknown_tagged_fields, p = read_unknown_tags(b, p)
    return o, p


def _e_ConsumerGroupDescribeResponse_v0(o: ConsumerGroupDescribeResponse, w: Writer) -> None:
    _v: Any
    _x: Any
    _o: Any
    _o2: Any
    b = w.b
    b += _SResp0.pack(o.throttle_time_ms)
    _v = o.groups
    encode_array_len(b, _v, True, False)
    if _v:
        for _o in _v:
            b += _SResp1.pack(_o.error_code)
            encode_string(b, _o.error_message, True, True)
            encode_string(b, _o.group_id, True, False)
            encode_string(b, _o.group_state, True, False)
            b += _SResp2.pack(_o.group_epoch, _o.assignment_epoch)
            encode_string(b, _o.assignor_name, True, False)
            _v = _o.members
            encode_array_len(b, _v, True, False)
            if _v:
                for _o2 in _v:
                    encode_string(b, _o2.member_id, True, False)
                    encode_string(b, _o2.instance_id, True, True)
                    encode_string(b, _o2.rack_id, True, True)
                    b += _SResp0.pack(_o2.member_epoch)
                    encode_string(b, _o2.client_id, True, False)
                    encode_string(b, _o2.client_host, True, False)
                    _v = _o2.subscribed_topic_names
                    encode_array_len(b, _v, True, False)
                    if _v:
                        for _x in _v:
                            encode_string(b, _x, True, False)
                    encode_string(b, _o2.subscribed_topic_regex, True, True)
                    _e_ConsumerGroupDescribeResponse_Assignment_v0(_o2.assignment, w)
                    b = w.b
                    _e_ConsumerGroupDescribeResponse_Assignment_v0(_o2.target_assignment, w)
                    b = w.b
                    if _o2.unknown_tagged_fields:
                        encode_tagged(b, [], _o2.unknown_tagged_fields)
                    else:
                        b.append(0)
            b += _SResp0.pack(_o.authorized_operations)
            if _o.unknown_tagged_fields:
                encode_tagged(b, [], _o.unknown_tagged_fields)
            else:
                b.append(0)
    if o.unknown_tagged_fields:
        encode_tagged(b, [], o.unknown_tagged_fields)
    else:
        b.append(0)


_DEC_ConsumerGroupDescribeResponse: dict[int, DecodeFn] = {0: _d_ConsumerGroupDescribeResponse_v0}
_ENC_ConsumerGroupDescribeResponse: dict[int, EncodeFn] = {0: _e_ConsumerGroupDescribeResponse_v0}
ConsumerGroupDescribeResponse._DECODERS = _DEC_ConsumerGroupDescribeResponse
ConsumerGroupDescribeResponse._ENCODERS = _ENC_ConsumerGroupDescribeResponse
