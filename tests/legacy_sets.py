"""Reading a fetched legacy (magic 0/1) message set the way old consumers do."""

from __future__ import annotations

import struct


def complete_messages(data: bytes) -> bytes:
    """The whole messages at the front of a fetched set: old consumers ignore a trailing
    partial message (a byte limit's cut, or the overflow entry of a down-converted answer)."""
    pos = 0
    while pos + 12 <= len(data):
        (size,) = struct.unpack_from(">i", data, pos + 8)
        if size < 0 or pos + 12 + size > len(data):
            break
        pos += 12 + size
    return data[:pos]
