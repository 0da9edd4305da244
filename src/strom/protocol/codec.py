"""Primitive readers and writers of the Kafka wire format, and the base classes of messages.

Owns: the byte-level encoding of every primitive type the schemas use (fixed-width big-endian
integers, unsigned varints, classic and compact strings/bytes/arrays, UUIDs, tagged fields) and
the ``Struct``/``Message`` base classes that the generated modules in ``strom.protocol.messages``
build on.

Invariants:
- Readers take ``(buf, pos)`` where ``buf`` is a ``memoryview`` of the whole frame and return
  ``(value, new_pos)``. No reader allocates in proportion to a length before checking that length
  against the bytes remaining, so a frame that claims a 2^31-element array costs nothing.
- Any malformed input surfaces as :class:`DecodeError` (the generated entry points wrap
  ``struct.error``/``IndexError`` and friends into it); nothing else escapes a decode.
- ``records`` values are zero-copy ``memoryview`` slices of the frame; writers keep them as separate
  buffers (``Writer.records``) so large record data is never joined into a header buffer.
- Unknown tagged fields are kept as ``(tag, raw bytes)`` pairs and written back unchanged.
"""

from __future__ import annotations

import struct
import uuid
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

Buffer = bytes | bytearray | memoryview

INT8 = struct.Struct(">b")
INT16 = struct.Struct(">h")
UINT16 = struct.Struct(">H")
INT32 = struct.Struct(">i")
UINT32 = struct.Struct(">I")
INT64 = struct.Struct(">q")
FLOAT64 = struct.Struct(">d")
BOOL = struct.Struct(">?")

_i32_unpack = INT32.unpack_from
_i16_unpack = INT16.unpack_from
_i32_pack = INT32.pack
_i16_pack = INT16.pack

ZERO_UUID = uuid.UUID(int=0)

#: Longest string (in UTF-8 bytes) Kafka accepts, classic or compact.
MAX_STRING_BYTES = 0x7FFF
#: Record data shorter than this is copied into the surrounding buffer; longer data is kept as a
#: buffer of its own in the list ``Message.encode`` returns.
RECORDS_INLINE_LIMIT = 4096


class DecodeError(ValueError):
    """The bytes are not a valid encoding of the message that was asked for."""


class EncodeError(ValueError):
    """A value cannot be encoded at the requested version (for example a null in a non-nullable
    field, or an integer out of range)."""


class UnsupportedVersionError(DecodeError):
    """The API key or version is not one this codec knows."""


# ---------------------------------------------------------------------------------------------
# readers


def read_uvarint(b: memoryview, p: int) -> tuple[int, int]:
    """Unsigned LEB128 varint of at most 5 bytes (32 bits), as Kafka's readUnsignedVarint."""
    v = b[p]
    if v < 0x80:
        return v, p + 1
    result = v & 0x7F
    shift = 7
    p += 1
    while True:
        v = b[p]
        p += 1
        result |= (v & 0x7F) << shift
        if v < 0x80:
            return result, p
        shift += 7
        if shift > 28:
            raise DecodeError("varint is longer than 5 bytes")


def read_uvarlong(b: memoryview, p: int) -> tuple[int, int]:
    """Unsigned varint of at most 10 bytes (64 bits)."""
    result = 0
    shift = 0
    while True:
        v = b[p]
        p += 1
        result |= (v & 0x7F) << shift
        if v < 0x80:
            return result, p
        shift += 7
        if shift > 63:
            raise DecodeError("varlong is longer than 10 bytes")


def _check(b: memoryview, p: int, n: int) -> int:
    end = p + n
    if end > len(b):
        raise DecodeError(f"length {n} at position {p} runs past the end of the buffer ({len(b)})")
    return end


def read_string(b: memoryview, p: int) -> tuple[str, int]:
    (n,) = _i16_unpack(b, p)
    p += 2
    if n < 0:
        raise DecodeError("non-nullable string was null")
    end = _check(b, p, n)
    return str(b[p:end], "utf-8"), end


def read_nullable_string(b: memoryview, p: int) -> tuple[str | None, int]:
    (n,) = _i16_unpack(b, p)
    p += 2
    if n < 0:
        if n != -1:
            raise DecodeError(f"invalid string length {n}")
        return None, p
    end = p + n  # no _check call when it fits (per header)
    if end > len(b):
        _check(b, p, n)  # raises DecodeError
    return str(b[p:end], "utf-8"), end


def read_compact_string(b: memoryview, p: int) -> tuple[str, int]:
    n = b[p]
    if n < 0x80:  # a one-byte length (almost always): no call
        p += 1
    else:
        n, p = read_uvarint(b, p)
    if n == 0:
        raise DecodeError("non-nullable compact string was null")
    if n - 1 > MAX_STRING_BYTES:
        raise DecodeError(f"compact string length {n - 1} exceeds {MAX_STRING_BYTES}")
    end = p + n - 1  # no _check call when it fits (per topic)
    if end > len(b):
        _check(b, p, n - 1)  # raises DecodeError
    return str(b[p:end], "utf-8"), end


def read_compact_nullable_string(b: memoryview, p: int) -> tuple[str | None, int]:
    n = b[p]
    if n < 0x80:  # a one-byte length (almost always): no call
        p += 1
    else:
        n, p = read_uvarint(b, p)
    if n == 0:
        return None, p
    if n - 1 > MAX_STRING_BYTES:
        raise DecodeError(f"compact string length {n - 1} exceeds {MAX_STRING_BYTES}")
    end = _check(b, p, n - 1)
    return str(b[p:end], "utf-8"), end


def read_bytes(b: memoryview, p: int) -> tuple[bytes, int]:
    (n,) = _i32_unpack(b, p)
    p += 4
    if n < 0:
        raise DecodeError("non-nullable bytes field was null")
    end = _check(b, p, n)
    return bytes(b[p:end]), end


def read_nullable_bytes(b: memoryview, p: int) -> tuple[bytes | None, int]:
    (n,) = _i32_unpack(b, p)
    p += 4
    if n < 0:
        if n != -1:
            raise DecodeError(f"invalid bytes length {n}")
        return None, p
    end = _check(b, p, n)
    return bytes(b[p:end]), end


def read_compact_bytes(b: memoryview, p: int) -> tuple[bytes, int]:
    n = b[p]
    if n < 0x80:  # a one-byte length (almost always): no call
        p += 1
    else:
        n, p = read_uvarint(b, p)
    if n == 0:
        raise DecodeError("non-nullable compact bytes field was null")
    end = _check(b, p, n - 1)
    return bytes(b[p:end]), end


def read_compact_nullable_bytes(b: memoryview, p: int) -> tuple[bytes | None, int]:
    n = b[p]
    if n < 0x80:  # a one-byte length (almost always): no call
        p += 1
    else:
        n, p = read_uvarint(b, p)
    if n == 0:
        return None, p
    end = _check(b, p, n - 1)
    return bytes(b[p:end]), end


def read_records(b: memoryview, p: int) -> tuple[memoryview | None, int]:
    (n,) = _i32_unpack(b, p)
    p += 4
    if n < 0:
        if n != -1:
            raise DecodeError(f"invalid records length {n}")
        return None, p
    end = _check(b, p, n)
    return b[p:end], end


def read_compact_records(b: memoryview, p: int) -> tuple[memoryview | None, int]:
    n = b[p]
    if n < 0x80:
        p += 1
    elif b[p + 1] < 0x80:  # a batch of 127 B to 16 KiB (the common one): no call either
        n = (n & 0x7F) | b[p + 1] << 7
        p += 2
    else:
        n, p = read_uvarint(b, p)
    if n == 0:
        return None, p
    end = p + n - 1  # no _check call when it fits (per partition)
    if end > len(b):
        _check(b, p, n - 1)  # raises DecodeError
    return b[p:end], end


def read_uuid(b: memoryview, p: int) -> tuple[uuid.UUID, int]:
    end = _check(b, p, 16)
    return uuid.UUID(bytes=bytes(b[p:end])), end


def read_array_len(b: memoryview, p: int, min_size: int) -> tuple[int, int]:
    """A classic (int32) array length; -1 (null) is returned as -1."""
    (n,) = _i32_unpack(b, p)
    p += 4
    if n < -1:
        raise DecodeError(f"invalid array length {n}")
    if n > 0 and n * min_size > len(b) - p:
        raise DecodeError(f"array of {n} elements cannot fit in the {len(b) - p} bytes remaining")
    return n, p


def read_compact_array_len(b: memoryview, p: int, min_size: int) -> tuple[int, int]:
    """A compact (uvarint N+1) array length; null is returned as -1."""
    n = b[p]
    if n < 0x80:  # a one-byte length (almost always): no call
        p += 1
    else:
        n, p = read_uvarint(b, p)
    n -= 1
    if n > 0 and n * min_size > len(b) - p:
        raise DecodeError(f"array of {n} elements cannot fit in the {len(b) - p} bytes remaining")
    return n, p


def read_unknown_tag(b: memoryview, p: int, size: int) -> tuple[bytes, int]:
    end = _check(b, p, size)
    return bytes(b[p:end]), end


def read_unknown_tags(b: memoryview, p: int) -> tuple[tuple[tuple[int, bytes], ...], int]:
    """A tag section holding no field this version knows: every (tag, raw bytes) kept as read,
    so that re-encoding the struct writes them back unchanged."""
    n, p = read_tag_count(b, p)
    out: list[tuple[int, bytes]] = []
    for _ in range(n):
        tag, p = read_uvarint(b, p)
        size, p = read_uvarint(b, p)
        raw, p = read_unknown_tag(b, p, size)
        out.append((tag, raw))
    return tuple(out), p


def check_tag_end(p: int, end: int, tag: int) -> None:
    if p != end:
        raise DecodeError(f"tagged field {tag} declared {end} but used {p}")


# ---------------------------------------------------------------------------------------------
# writers


def uvarint(v: int) -> bytes:
    """Encode an unsigned varint (used for compact lengths and tagged-field headers)."""
    if v < 0:
        raise EncodeError("negative value for an unsigned varint")
    if v < 0x80:
        return bytes((v,))
    out = bytearray()
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


class Writer:
    """Collects the encoding of a message as a list of buffers.

    ``b`` is the bytearray being appended to; ``records`` closes it and adds a record memoryview
    as a buffer of its own, so record data is never copied.
    """

    __slots__ = ("b", "parts")

    def __init__(self) -> None:
        self.b = bytearray()
        self.parts: list[Buffer] = []

    def records(self, data: Buffer) -> None:
        if len(data) < RECORDS_INLINE_LIMIT:
            self.b += data
            return
        self.parts.append(self.b)
        self.parts.append(data)
        self.b = bytearray()

    def finish(self) -> list[Buffer]:
        if self.b or not self.parts:
            self.parts.append(self.b)
        return self.parts


def encode_string(b: bytearray, v: str | None, compact: bool, nullable: bool) -> None:
    if v is None:
        if not nullable:
            raise EncodeError("null value in a non-nullable string field")
        if compact:
            b.append(0)
        else:
            b += b"\xff\xff"
        return
    data = v.encode("utf-8")
    if len(data) > MAX_STRING_BYTES:
        raise EncodeError(f"string longer than {MAX_STRING_BYTES} bytes")
    if compact:
        n = len(data) + 1
        if n < 0x80:
            b.append(n)
        else:
            b += uvarint(n)
    else:
        b += _i16_pack(len(data))
    b += data


def encode_bytes(b: bytearray, v: Buffer | None, compact: bool, nullable: bool) -> None:
    if v is None:
        if not nullable:
            raise EncodeError("null value in a non-nullable bytes field")
        if compact:
            b.append(0)
        else:
            b += b"\xff\xff\xff\xff"
        return
    if compact:
        b += uvarint(len(v) + 1)
    else:
        b += _i32_pack(len(v))
    b += v


def encode_records(w: Writer, v: Buffer | None, compact: bool) -> None:
    b = w.b
    if v is None:
        if compact:
            b.append(0)
        else:
            b += b"\xff\xff\xff\xff"
        return
    if compact:
        b += uvarint(len(v) + 1)
    else:
        b += _i32_pack(len(v))
    w.records(v)


def encode_array_len(b: bytearray, v: list[Any] | None, compact: bool, nullable: bool) -> None:
    if v is None:
        if not nullable:
            raise EncodeError("null value in a non-nullable array field")
        if compact:
            b.append(0)
        else:
            b += b"\xff\xff\xff\xff"
        return
    if compact:
        n = len(v) + 1
        if n < 0x80:
            b.append(n)
        else:
            b += uvarint(n)
    else:
        b += _i32_pack(len(v))


def encode_uuid(b: bytearray, v: uuid.UUID) -> None:
    b += v.bytes


def encode_tagged(
    b: bytearray, known: list[tuple[int, bytes]], unknown: tuple[tuple[int, bytes], ...]
) -> None:
    """Write the tagged-field section: known fields (already encoded) and unknown raw ones."""
    items = known + list(unknown) if unknown else known
    items.sort(key=lambda t: t[0])
    b += uvarint(len(items))
    for tag, data in items:
        b += uvarint(tag)
        b += uvarint(len(data))
        b += data


def read_tag_count(b: memoryview, p: int) -> tuple[int, int]:
    n, p = read_uvarint(b, p)
    if n * 2 > len(b) - p:
        raise DecodeError(f"{n} tagged fields cannot fit in the {len(b) - p} bytes remaining")
    return n, p


# ---------------------------------------------------------------------------------------------
# base classes

T = TypeVar("T", bound="Message")


class Struct:
    """Base of every generated struct: equality and repr over ``__slots__``."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        slots: tuple[str, ...] = self.__slots__
        return all(getattr(self, s) == getattr(other, s) for s in slots)

    def __ne__(self, other: object) -> bool:
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        slots: tuple[str, ...] = self.__slots__
        inner = ", ".join(f"{s}={getattr(self, s)!r}" for s in slots)
        return f"{type(self).__qualname__}({inner})"


DecodeFn = Callable[[memoryview, int], tuple[Any, int]]
EncodeFn = Callable[[Any, Writer], None]

# what an encoder raises on a value it cannot write (wrapped in EncodeError)
ENCODE_FAULTS = (struct.error, TypeError, AttributeError, OverflowError, ValueError)

DECODE_FAULTS = (
    struct.error,
    IndexError,
    ValueError,
    UnicodeDecodeError,
    TypeError,
    OverflowError,
    MemoryError,
    RecursionError,
)


def byte_view(buf: Buffer) -> memoryview:
    """``buf`` as the one-dimensional unsigned-byte view the readers index (0..255 per byte):
    a signed or multi-byte view would misread. DecodeError when it cannot be cast."""
    mv = buf if isinstance(buf, memoryview) else memoryview(buf)
    if mv.format != "B" or mv.ndim != 1:
        try:
            mv = mv.cast("B")
        except TypeError as exc:
            raise DecodeError(f"cannot decode from {mv!r}: {exc}") from None
    return mv


def run_decoder(fn: DecodeFn, mv: memoryview, pos: int, name: str, version: int) -> tuple[Any, int]:
    """Run the generated decoder ``fn`` at ``pos`` of ``mv`` (a :func:`byte_view`): any fault
    of malformed bytes surfaces as DecodeError, nothing else escapes."""
    try:
        return fn(mv, pos)
    except DecodeError:
        raise
    except DECODE_FAULTS as exc:
        raise DecodeError(f"malformed {name} v{version}: {exc!r}") from None


class Message(Struct):
    """Base of generated top-level messages (requests, responses, headers and data records)."""

    __slots__ = ()

    API_KEY: ClassVar[int] = -1
    NAME: ClassVar[str] = ""
    MIN_VERSION: ClassVar[int] = 0
    MAX_VERSION: ClassVar[int] = 0
    FLEXIBLE_MIN: ClassVar[int] = -1
    _DECODERS: ClassVar[dict[int, DecodeFn]] = {}
    _ENCODERS: ClassVar[dict[int, EncodeFn]] = {}

    @classmethod
    def is_flexible(cls, version: int) -> bool:
        return 0 <= cls.FLEXIBLE_MIN <= version

    @classmethod
    def decode_from(cls: type[T], buf: Buffer, pos: int, version: int) -> tuple[T, int]:
        """Decode at ``pos`` of ``buf``; returns the message and the position after it."""
        fn = cls._DECODERS.get(version)
        if fn is None:
            raise UnsupportedVersionError(f"{cls.NAME} has no version {version}")
        msg, end = run_decoder(fn, byte_view(buf), pos, cls.NAME, version)
        return msg, end

    @classmethod
    def decode(cls: type[T], buf: Buffer, version: int) -> T:
        return cls.decode_from(buf, 0, version)[0]

    def encode_into(self, w: Writer, version: int) -> None:
        fn = self._ENCODERS.get(version)
        if fn is None:
            raise EncodeError(f"{self.NAME} has no version {version}")
        try:
            fn(self, w)
        except EncodeError:
            raise
        except ENCODE_FAULTS as exc:
            raise EncodeError(f"cannot encode {self.NAME} v{version}: {exc!r}") from None

    def encode(self, version: int) -> list[Buffer]:
        """Encode as a list of buffers (record data stays in buffers of its own)."""
        w = Writer()
        self.encode_into(w, version)
        return w.finish()

    def to_bytes(self, version: int) -> bytes:
        return b"".join(self.encode(version))
