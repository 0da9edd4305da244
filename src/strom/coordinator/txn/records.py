"""Codecs of the records the transaction coordinator writes to ``__transaction_state``.

Kafka's own TransactionLog formats (big-endian; strings are int16 length + UTF-8), so Kafka tools
reading the topic understand them. Keys::

    TransactionLogKey   version=0  int16 version | string transactional_id

Values (written as version 0, the version Kafka 3.9 writes without transaction version 2)::

    TransactionLogValue v0  int16 version | int64 producer_id | int16 producer_epoch
                            | int32 transaction_timeout_ms | int8 transaction_status
                            | nullable array transaction_partitions (int32 n, -1 = null)
                                  [ string topic | int32 m | m * int32 partition ]
                            | int64 transaction_last_update_timestamp_ms
                            | int64 transaction_start_timestamp_ms

Version 1 is the flexible form (compact strings/arrays with unsigned-varint lengths + 1, tagged
fields); it is decoded (tagged fields ignored) but never written. The partitions array is null
in the Empty state, as Kafka writes it. A null record value is a tombstone (the transactional id
expired). Status bytes: Empty 0, Ongoing 1, PrepareCommit 2, PrepareAbort 3, CompleteCommit 4,
CompleteAbort 5, Dead 6, PrepareEpochFence 7. Anything malformed raises :class:`DecodeError`.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from strom.protocol.codec import DecodeError

_H = struct.Struct(">h")
_I = struct.Struct(">i")
_VALUE_HEAD = struct.Struct(">qhib")
_TIMES = struct.Struct(">qq")


@dataclass(frozen=True)
class TxnLogValue:
    producer_id: int
    producer_epoch: int
    timeout_ms: int
    status: int
    partitions: frozenset[tuple[str, int]]
    last_update_ms: int
    start_ms: int


def _string(s: str) -> bytes:
    b = s.encode()
    return _H.pack(len(b)) + b


def encode_key(transactional_id: str) -> bytes:
    return _H.pack(0) + _string(transactional_id)


def decode_key(data: bytes) -> str:
    r = _Reader(data)
    version = r.int16()
    if version != 0:
        raise DecodeError(f"unknown transaction log key version {version}")
    return r.string()


def encode_value(v: TxnLogValue, empty: bool) -> bytes:
    out = bytearray(_H.pack(0))
    out += _VALUE_HEAD.pack(v.producer_id, v.producer_epoch, v.timeout_ms, v.status)
    if empty:
        out += _I.pack(-1)
    else:
        by_topic: dict[str, list[int]] = {}
        for topic, part in sorted(v.partitions):
            by_topic.setdefault(topic, []).append(part)
        out += _I.pack(len(by_topic))
        for topic, parts in by_topic.items():
            out += _string(topic) + _I.pack(len(parts))
            out += b"".join(_I.pack(p) for p in parts)
    out += _TIMES.pack(v.last_update_ms, v.start_ms)
    return bytes(out)


def decode_value(data: bytes) -> TxnLogValue:
    r = _Reader(data)
    version = r.int16()
    if version not in (0, 1):
        raise DecodeError(f"unknown transaction log value version {version}")
    flexible = version == 1
    pid, epoch, timeout, status = r.unpack(_VALUE_HEAD)
    n = r.uvarint() - 1 if flexible else r.int32()
    parts: set[tuple[str, int]] = set()
    for _ in range(max(n, 0)):
        topic = r.compact_string() if flexible else r.string()
        m = r.uvarint() - 1 if flexible else r.int32()
        if m < 0 or m * 4 > r.remaining:
            raise DecodeError("bad partition count in transaction log value")
        for _ in range(m):
            parts.add((topic, r.int32()))
        if flexible:
            r.skip_tags()
    last_update, start = r.unpack(_TIMES)
    if flexible:
        r.skip_tags()
    return TxnLogValue(pid, epoch, timeout, status, frozenset(parts), last_update, start)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = bytes(data)
        self.pos = 0

    @property
    def remaining(self) -> int:
        return len(self.data) - self.pos

    def take(self, n: int) -> bytes:
        if n < 0 or n > self.remaining:
            raise DecodeError("transaction log record is truncated")
        b = self.data[self.pos : self.pos + n]
        self.pos += n
        return b

    def unpack(self, s: struct.Struct) -> tuple[int, ...]:
        return s.unpack(self.take(s.size))

    def int16(self) -> int:
        return int(self.unpack(_H)[0])

    def int32(self) -> int:
        return int(self.unpack(_I)[0])

    def string(self) -> str:
        n = self.int16()
        try:
            return self.take(n).decode()
        except UnicodeDecodeError as exc:
            raise DecodeError(str(exc)) from exc

    def uvarint(self) -> int:
        shift = value = 0
        while True:
            b = self.take(1)[0]
            value |= (b & 0x7F) << shift
            if not b & 0x80:
                return value
            shift += 7
            if shift > 28:
                raise DecodeError("varint too long")

    def compact_string(self) -> str:
        n = self.uvarint() - 1
        try:
            return self.take(n).decode()
        except UnicodeDecodeError as exc:
            raise DecodeError(str(exc)) from exc

    def skip_tags(self) -> None:
        for _ in range(self.uvarint()):
            self.uvarint()
            self.take(self.uvarint())
