"""Codecs of the KIP-848 consumer group records in ``__consumer_offsets``.

Kafka's formats: the key is ``int16 version`` (the record type) followed by non-flexible fields
(int16-length strings); the value is ``int16 version`` (0) followed by a *flexible* struct
(compact strings and arrays as unsigned varint length + 1, a tagged-field section after every
struct; unknown tags are skipped on read).

```
key 3 ConsumerGroupMetadataKey          group          value: int32 epoch
key 4 ConsumerGroupPartitionMetadataKey group          value: int32 epoch | [topic_id uuid
                                                        | name | int32 num_partitions | [racks]]
key 5 ConsumerGroupMemberMetadataKey    group, member  value: instance? | rack? | client_id
                                                        | client_host | [subscribed names]
                                                        | regex? | int32 rebalance_timeout
                                                        | server_assignor?
                                                        | tag 0: ClassicMemberMetadata?
                                                          (int32 session_timeout
                                                          | [name | compact bytes metadata])
key 6 ConsumerGroupTargetAssignmentMetadataKey group   value: int32 assignment_epoch
key 7 ConsumerGroupTargetAssignmentMemberKey group, member  value: [topic_id | [int32]]
key 8 ConsumerGroupCurrentMemberAssignmentKey group, member value: int32 member_epoch
                                                        | int32 previous_epoch | int8 state
                                                        | [topic_id | [int32]] assigned
                                                        | [topic_id | [int32]] pending revocation
```
A null value is a tombstone.
"""

from __future__ import annotations

import struct
import uuid
from dataclasses import dataclass, field

from strom.protocol.codec import DecodeError

METADATA, PARTITION_METADATA, MEMBER, TARGET_METADATA, TARGET_MEMBER, CURRENT = range(3, 9)
KEY_TYPES = frozenset(range(3, 9))
_H, _I = struct.Struct(">h"), struct.Struct(">i")
Assignment = dict[uuid.UUID, frozenset[int]]


@dataclass(frozen=True)
class CKey:
    """A consumer group record key: its type (3..8), group and, for member records, member."""

    type: int
    group: str
    member: str | None = None


@dataclass(frozen=True)
class ClassicMemberMetadata:
    """A member that speaks the classic protocol (JoinGroup/SyncGroup/Heartbeat) in a consumer
    group: its session timeout and its JoinGroup protocols (name, metadata) in its order."""

    session_timeout_ms: int
    protocols: tuple[tuple[str, bytes], ...]


@dataclass(frozen=True)
class MemberMetadata:
    instance_id: str | None
    rack_id: str | None
    client_id: str
    client_host: str
    subscribed_topic_names: tuple[str, ...]
    subscribed_topic_regex: str | None
    rebalance_timeout_ms: int
    server_assignor: str | None
    classic: ClassicMemberMetadata | None = None


@dataclass(frozen=True)
class CurrentAssignment:
    member_epoch: int
    previous_member_epoch: int
    state: int
    assigned: Assignment = field(default_factory=dict)
    pending_revocation: Assignment = field(default_factory=dict)


def key_type(key: bytes) -> int:
    return int(_H.unpack_from(key)[0]) if len(key) >= 2 else -1


# -- writing ----------------------------------------------------------------------------------
def _uvarint(out: bytearray, n: int) -> None:
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def _cstr(out: bytearray, s: str | None) -> None:
    if s is None:
        out.append(0)
        return
    b = s.encode()
    _uvarint(out, len(b) + 1)
    out += b


def _assignment(out: bytearray, a: Assignment) -> None:
    items = sorted((t, sorted(ps)) for t, ps in a.items() if ps)
    _uvarint(out, len(items) + 1)
    for topic_id, parts in items:
        out += topic_id.bytes
        _uvarint(out, len(parts) + 1)
        for p in parts:
            out += _I.pack(p)
        out.append(0)


def encode_ckey(k: CKey) -> bytes:
    out = bytearray(_H.pack(k.type))
    for s in (k.group, k.member) if k.member is not None else (k.group,):
        b = s.encode()
        out += _H.pack(len(b))
        out += b
    return bytes(out)


def encode_epoch(epoch: int) -> bytes:
    """ConsumerGroupMetadataValue and ConsumerGroupTargetAssignmentMetadataValue."""
    return _H.pack(0) + _I.pack(epoch) + b"\x00"


def encode_partition_metadata(epoch: int, topics: dict[str, tuple[uuid.UUID, int]]) -> bytes:
    out = bytearray(_H.pack(0) + _I.pack(epoch))
    _uvarint(out, len(topics) + 1)
    for name in sorted(topics):
        topic_id, n = topics[name]
        out += topic_id.bytes
        _cstr(out, name)
        out += _I.pack(n)
        out.append(1)  # no partition racks
        out.append(0)
    out.append(0)
    return bytes(out)


def encode_member(m: MemberMetadata) -> bytes:
    out = bytearray(_H.pack(0))
    for s in (m.instance_id, m.rack_id, m.client_id, m.client_host):
        _cstr(out, s)
    _uvarint(out, len(m.subscribed_topic_names) + 1)
    for name in m.subscribed_topic_names:
        _cstr(out, name)
    _cstr(out, m.subscribed_topic_regex)
    out += _I.pack(m.rebalance_timeout_ms)
    _cstr(out, m.server_assignor)
    if m.classic is None:
        out.append(0)
        return bytes(out)
    c = m.classic
    tag = bytearray(_I.pack(c.session_timeout_ms))
    _uvarint(tag, len(c.protocols) + 1)
    for name, meta in c.protocols:
        _cstr(tag, name)
        _uvarint(tag, len(meta) + 1)
        tag += meta
        tag.append(0)
    tag.append(0)
    out.append(1)  # one tagged field: 0, ClassicMemberMetadata
    _uvarint(out, 0)
    _uvarint(out, len(tag))
    out += tag
    return bytes(out)


def encode_target(a: Assignment) -> bytes:
    out = bytearray(_H.pack(0))
    _assignment(out, a)
    out.append(0)
    return bytes(out)


def encode_current(c: CurrentAssignment) -> bytes:
    out = bytearray(_H.pack(0) + _I.pack(c.member_epoch) + _I.pack(c.previous_member_epoch))
    out += struct.pack(">b", c.state)
    _assignment(out, c.assigned)
    _assignment(out, c.pending_revocation)
    out.append(0)
    return bytes(out)


# -- reading ----------------------------------------------------------------------------------
class _R:
    def __init__(self, data: bytes) -> None:
        self.b, self.p = data, 0

    def take(self, n: int) -> bytes:
        if n < 0 or self.p + n > len(self.b):
            raise DecodeError("truncated consumer group record")
        out = self.b[self.p : self.p + n]
        self.p += n
        return out

    def i32(self) -> int:
        return int(_I.unpack(self.take(4))[0])

    def uvarint(self) -> int:
        n = shift = 0
        while True:
            byte = self.take(1)[0]
            n |= (byte & 0x7F) << shift
            if byte < 0x80:
                return n
            shift += 7
            if shift > 28:
                raise DecodeError("varint too long")

    def nstr(self) -> str | None:
        n = self.uvarint() - 1
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

    def count(self) -> int:
        n = self.uvarint() - 1
        if n < 0 or n > len(self.b):
            raise DecodeError("bad array length")
        return n

    def tags(self) -> dict[int, bytes]:
        out = {}
        for _ in range(self.uvarint()):
            tag = self.uvarint()
            out[tag] = self.take(self.uvarint())
        return out

    def cbytes(self) -> bytes:
        n = self.uvarint() - 1
        return b"" if n < 0 else self.take(n)

    def version(self) -> None:
        v = int(_H.unpack(self.take(2))[0])
        if v != 0:
            raise DecodeError(f"unsupported consumer group record value version {v}")

    def assignment(self) -> Assignment:
        out: Assignment = {}
        for _ in range(self.count()):
            topic_id = uuid.UUID(bytes=self.take(16))
            parts = frozenset(self.i32() for _ in range(self.count()))
            self.tags()
            out[topic_id] = parts
        return out


def decode_ckey(data: bytes) -> CKey | None:
    """The key of a consumer group record, or None for other record types."""
    t = key_type(data)
    if t not in KEY_TYPES:
        return None
    p, fields = 2, []
    for _ in range(2 if t in (MEMBER, TARGET_MEMBER, CURRENT) else 1):
        if p + 2 > len(data):
            raise DecodeError("truncated consumer group key")
        n = int(_H.unpack_from(data, p)[0])
        if n < 0 or p + 2 + n > len(data):
            raise DecodeError("bad string in consumer group key")
        fields.append(data[p + 2 : p + 2 + n].decode())
        p += 2 + n
    return CKey(t, fields[0], fields[1] if len(fields) > 1 else None)


def decode_epoch(data: bytes) -> int:
    r = _R(data)
    r.version()
    return r.i32()


def decode_partition_metadata(data: bytes) -> tuple[int, dict[str, tuple[uuid.UUID, int]]]:
    r = _R(data)
    r.version()
    epoch, topics = r.i32(), {}
    for _ in range(r.count()):
        topic_id = uuid.UUID(bytes=r.take(16))
        name = r.str()
        topics[name] = (topic_id, r.i32())
        for _ in range(r.count()):
            r.i32()
            for _ in range(r.count()):
                r.str()
            r.tags()
        r.tags()
    return epoch, topics


def decode_member(data: bytes) -> MemberMetadata:
    r = _R(data)
    r.version()
    instance, rack, client_id, host = r.nstr(), r.nstr(), r.str(), r.str()
    names = tuple(r.str() for _ in range(r.count()))
    regex = r.nstr()
    timeout, assignor = r.i32(), r.nstr()
    classic = None
    if r.p < len(r.b):
        raw = r.tags().get(0)
        if raw is not None:
            c = _R(raw)
            session = c.i32()
            protocols = []
            for _ in range(c.count()):
                name = c.str()
                protocols.append((name, c.cbytes()))
                c.tags()
            classic = ClassicMemberMetadata(session, tuple(protocols))
    return MemberMetadata(instance, rack, client_id, host, names, regex, timeout, assignor, classic)


def decode_target(data: bytes) -> Assignment:
    r = _R(data)
    r.version()
    return r.assignment()


def decode_current(data: bytes) -> CurrentAssignment:
    r = _R(data)
    r.version()
    epoch, previous = r.i32(), r.i32()
    state = struct.unpack(">b", r.take(1))[0]
    return CurrentAssignment(epoch, previous, state, r.assignment(), r.assignment())
