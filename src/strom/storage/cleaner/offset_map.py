"""The dedupe map of one cleaning: key hash -> offset of the key's latest record.

Owns: :class:`OffsetMap`, Kafka's ``SkimpyOffsetMap``. It is an open-addressing hash table in
one ``bytearray`` of fixed 24-byte slots, so its memory is exactly what the design notes count
(16-byte key hash + 8-byte offset per entry) and is bounded by the cleaner thread's share of
``log.cleaner.dedupe.buffer.size``::

    slot i (24 bytes):  [16 bytes MD5(key)] [8 bytes offset, big-endian int64]
    empty slot:         16 zero bytes (an all-zero MD5 is treated as impossible)

Lookups probe linearly from ``hash mod slots``. The table is sized for the records a cleaning
may insert (at most the offset range it covers) but never above the byte budget, and
:meth:`OffsetMap.put` refuses to grow past ``load_factor`` of the slots (Kafka's
``log.cleaner.io.buffer.load.factor`` 0.9): the cleaner checks :attr:`is_full` and stops
loading at a segment boundary. Two keys with the same MD5 are treated as one key (probability
~2^-128, accepted by Kafka too).

Invariants: ``len(self) <= max_entries``; a key's stored offset only grows (records are put in
offset order); :attr:`latest_offset` is the largest offset put. Thread-safety: owned by one
cleaner thread for the duration of one cleaning.
"""

from __future__ import annotations

import hashlib
import struct

SLOT_BYTES = 24
HASH_BYTES = 16
_EMPTY = bytes(HASH_BYTES)
_OFFSET = struct.Struct(">q")


class OffsetMapFullError(Exception):
    """Raised by :meth:`OffsetMap.put` for a new key when the map is at its load limit."""


class OffsetMap:
    """A bounded ``key -> latest offset`` map; see the module docstring."""

    def __init__(self, memory_bytes: int, load_factor: float = 0.9, expected: int | None = None):
        budget_slots = memory_bytes // SLOT_BYTES
        if budget_slots < 1:
            raise ValueError(f"dedupe buffer of {memory_bytes} bytes holds no entry")
        slots = budget_slots
        if expected is not None:  # no need to allocate more than the cleaning can use
            slots = min(budget_slots, max(16, int(expected / load_factor) + 1))
        self.budget_slots = budget_slots
        self.slots = slots
        self.max_entries = max(1, int(slots * load_factor))
        self._table = bytearray(slots * SLOT_BYTES)
        self._size = 0
        self.latest_offset = -1
        self.lookups = 0
        self.probes = 0

    def __len__(self) -> int:
        return self._size

    @property
    def memory_bytes(self) -> int:
        """Bytes held by the table (``slots * 24``)."""
        return len(self._table)

    @property
    def is_full(self) -> bool:
        return self._size >= self.max_entries

    @property
    def utilization(self) -> float:
        return self._size / self.slots

    @staticmethod
    def hash_key(key: bytes) -> bytes:
        digest = hashlib.md5(key, usedforsecurity=False).digest()
        return digest if digest != _EMPTY else b"\x00" * 15 + b"\x01"

    def _find(self, digest: bytes) -> tuple[int, bool]:
        """Byte position of ``digest``'s slot and whether it is occupied by it."""
        table, slots = self._table, self.slots
        i = int.from_bytes(digest[:8], "big") % slots
        self.lookups += 1
        while True:
            pos = i * SLOT_BYTES
            current = table[pos : pos + HASH_BYTES]
            self.probes += 1
            if current == digest:
                return pos, True
            if current == _EMPTY:
                return pos, False
            i += 1
            if i == slots:
                i = 0

    def put(self, key: bytes, offset: int) -> None:
        """Record ``offset`` as ``key``'s latest offset."""
        digest = self.hash_key(key)
        pos, found = self._find(digest)
        if not found:
            if self._size >= self.max_entries:
                raise OffsetMapFullError(f"offset map full at {self._size} entries")
            self._table[pos : pos + HASH_BYTES] = digest
            self._size += 1
        _OFFSET.pack_into(self._table, pos + HASH_BYTES, offset)
        if offset > self.latest_offset:
            self.latest_offset = offset

    def get(self, key: bytes) -> int:
        """The latest offset put for ``key``, or -1."""
        pos, found = self._find(self.hash_key(key))
        if not found:
            return -1
        return int(_OFFSET.unpack_from(self._table, pos + HASH_BYTES)[0])

    def clear(self) -> None:
        self._table[:] = bytes(len(self._table))
        self._size = 0
        self.latest_offset = -1
