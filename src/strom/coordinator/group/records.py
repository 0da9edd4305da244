"""Codecs of the records the group coordinator writes to ``__consumer_offsets``.

Kafka's own formats (big-endian; strings are int16 length + UTF-8, nullable strings use length
-1; bytes are int32 length + data), so a Kafka tool reading the topic understands them:

```
OffsetCommitKey   version=1  int16 version | string group | string topic | int32 partition
OffsetCommitValue version=3  int16 version | int64 offset | int32 leader_epoch
                             | string metadata | int64 commit_timestamp
GroupMetadataKey  version=2  int16 version | string group
GroupMetadataValue version=3 int16 version | string protocol_type | int32 generation
                             | nullable string protocol | nullable string leader
                             | int64 current_state_timestamp
                             | int32 n | n * MemberMetadata
MemberMetadata (v3)          string member_id | nullable string group_instance_id
                             | string client_id | string client_host | int32 rebalance_timeout
                             | int32 session_timeout | bytes subscription | bytes assignment
```

A null value is a tombstone (the offset or the group is deleted). Decoding accepts the older key
and value versions Kafka wrote (offset values v0-v3, group values v0-v3) and rejects anything
malformed with :class:`DecodeError`; unknown key versions (e.g. KIP-848 records) decode to None
so replay can skip them.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from strom.protocol.codec import DecodeError

_H = struct.Struct(">h")
_I = struct.Struct(">i")
_Q = struct.Struct(">q")


@dataclass(frozen=True)
class OffsetKey:
    group: str
    topic: str
    partition: int


@dataclass(frozen=True)
class GroupKey:
    group: str


@dataclass(frozen=True)
class OffsetValue:
    offset: int
    leader_epoch: int = -1
    metadata: str = ""
    commit_timestamp: int = -1


@dataclass(frozen=True)
class MemberValue:
    member_id: str
    group_instance_id: str | None
    client_id: str
    client_host: str
    rebalance_timeout: int
    session_timeout: int
    subscription: bytes
    assignment: bytes


@dataclass(frozen=True)
class GroupValue:
    protocol_type: str
    generation: int
    protocol: str | None
    leader: str | None
    current_state_timestamp: int
    members: list[MemberValue] = field(default_factory=list)


# -- writing ----------------------------------------------------------------------------------
def _str(out: bytearray, s: str | None) -> None:
    if s is None:
        out += _H.pack(-1)
        return
    b = s.encode()
    out += _H.pack(len(b))
    out += b


def _bytes(out: bytearray, b: bytes) -> None:
    out += _I.pack(len(b))
    out += b


def encode_key(key: OffsetKey | GroupKey) -> bytes:
    out = bytearray()
    if isinstance(key, OffsetKey):
        out += _H.pack(1)
        _str(out, key.group)
        _str(out, key.topic)
        out += _I.pack(key.partition)
    else:
        out += _H.pack(2)
        _str(out, key.group)
    return bytes(out)


def encode_offset_value(v: OffsetValue) -> bytes:
    out = bytearray(_H.pack(3))
    out += _Q.pack(v.offset)
    out += _I.pack(v.leader_epoch)
    _str(out, v.metadata)
    out += _Q.pack(v.commit_timestamp)
    return bytes(out)


def encode_group_value(v: GroupValue) -> bytes:
    out = bytearray(_H.pack(3))
    _str(out, v.protocol_type)
    out += _I.pack(v.generation)
    _str(out, v.protocol)
    _str(out, v.leader)
    out += _Q.pack(v.current_state_timestamp)
    out += _I.pack(len(v.members))
    for m in v.members:
        _str(out, m.member_id)
        _str(out, m.group_instance_id)
        _str(out, m.client_id)
        _str(out, m.client_host)
        out += _I.pack(m.rebalance_timeout)
        out += _I.pack(m.session_timeout)
        _bytes(out, m.subscription)
        _bytes(out, m.assignment)
    return bytes(out)


# -- reading ----------------------------------------------------------------------------------
class _Reader:
    def __init__(self, data: bytes) -> None:
        self.b = data
        self.p = 0

    def take(self, n: int) -> bytes:
        if n < 0 or self.p + n > len(self.b):
            raise DecodeError("truncated __consumer_offsets record")
        out = self.b[self.p : self.p + n]
        self.p += n
        return out

    def i16(self) -> int:
        return int(_H.unpack(self.take(2))[0])

    def i32(self) -> int:
        return int(_I.unpack(self.take(4))[0])

    def i64(self) -> int:
        return int(_Q.unpack(self.take(8))[0])

    def nstr(self) -> str | None:
        n = self.i16()
        if n < 0:
            return None
        try:
            return self.take(n).decode()
        except UnicodeDecodeError as exc:
            raise DecodeError(str(exc)) from None

    def str(self) -> str:
        s = self.nstr()
        if s is None:
            raise DecodeError("null string where a string is required")
        return s

    def bytes(self) -> bytes:
        n = self.i32()
        return b"" if n < 0 else self.take(n)


def decode_key(data: bytes) -> OffsetKey | GroupKey | None:
    r = _Reader(data)
    version = r.i16()
    if version in (0, 1):
        return OffsetKey(r.str(), r.str(), r.i32())
    if version == 2:
        return GroupKey(r.str())
    return None


def decode_offset_value(data: bytes) -> OffsetValue:
    r = _Reader(data)
    version = r.i16()
    if version not in (0, 1, 2, 3):
        raise DecodeError(f"unsupported OffsetCommitValue version {version}")
    offset = r.i64()
    epoch = r.i32() if version >= 3 else -1
    metadata = r.str()
    ts = r.i64()
    return OffsetValue(offset, epoch, metadata, ts)


def decode_group_value(data: bytes) -> GroupValue:
    r = _Reader(data)
    version = r.i16()
    if version not in (0, 1, 2, 3):
        raise DecodeError(f"unsupported GroupMetadataValue version {version}")
    protocol_type = r.str()
    generation = r.i32()
    protocol = r.nstr()
    leader = r.nstr()
    state_ts = r.i64() if version >= 2 else -1
    members = []
    for _ in range(r.i32()):
        member_id = r.str()
        instance = r.nstr() if version >= 3 else None
        client_id = r.str()
        client_host = r.str()
        session = r.i32()
        rebalance = session
        if version >= 1:
            rebalance, session = session, r.i32()
        members.append(
            MemberValue(
                member_id,
                instance,
                client_id,
                client_host,
                rebalance,
                session,
                r.bytes(),
                r.bytes(),
            )
        )
    return GroupValue(protocol_type, generation, protocol, leader, state_ts, members)
