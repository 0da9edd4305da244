"""Kafka's built-in deserializers, by Java class name, for ``strom console-consumer``.

Owns: turning a record's key, value or header bytes into the text Kafka's
``DefaultMessageFormatter`` prints for ``key.deserializer`` / ``value.deserializer`` /
``header.deserializer`` (or --key-deserializer / --value-deserializer) naming one of
``org.apache.kafka.common.serialization``'s deserializers: String (the default), ByteArray,
Bytes, ByteBuffer, Integer, Long, Short, Float, Double, Boolean, UUID and Void.

Invariants: a value of the wrong size is Kafka's ``SerializationException`` message (raised as
:class:`DeserializationError`, which --skip-message-on-error skips); an unknown class name is a
:class:`ToolError` before anything is consumed. Null data never reaches a deserializer (the
formatter prints ``null.literal``).
"""

from __future__ import annotations

import math
import struct
import uuid
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from strom.tools._common import ToolError

Deserializer = Callable[[bytes], str]
PACKAGE = "org.apache.kafka.common.serialization."


class DeserializationError(ValueError):
    """The data cannot be read by the chosen deserializer."""


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def java_double(x: float) -> str:
    """``String.valueOf(double)``: ``1.0``, ``0.001``, ``1.0E7``, ``NaN``, ``Infinity``."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x == 0:
        return "-0.0" if math.copysign(1, x) < 0 else "0.0"
    if 1e-3 <= abs(x) < 1e7:
        return repr(x)  # Python's shortest repr is fixed-point in this range, as Java's
    sign, digits, exp = Decimal(repr(x)).as_tuple()
    text = "".join(map(str, digits)).rstrip("0") or "0"
    exponent = len(digits) + int(exp) - 1
    return f"{'-' if sign else ''}{text[0]}.{text[1:] or '0'}E{exponent}"


def java_float(x: float) -> str:
    """``String.valueOf(float)``: the shortest decimal that reads back to the same float32."""
    if math.isnan(x) or math.isinf(x) or x == 0:
        return java_double(x)
    for places in range(1, 10):
        candidate = float(f"{x:.{places}g}")
        if struct.unpack(">f", struct.pack(">f", candidate))[0] == x:
            return java_double(candidate)
    return java_double(x)


def _fixed(name: str, size: int, fmt: str, show: Callable[[Any], str]) -> Deserializer:
    def read(data: bytes) -> str:
        if len(data) != size:
            raise DeserializationError(f"Size of data received by {name} is not {size}")
        return show(struct.unpack(fmt, data)[0])

    return read


def _uuid(data: bytes) -> str:
    text = data.decode("utf-8", "replace")
    try:
        return str(uuid.UUID(text))
    except ValueError:
        raise DeserializationError(f"Error parsing data into UUID: {text}") from None


def _void(data: bytes) -> str:
    raise DeserializationError("Data should be null for a VoidDeserializer.")


def _boolean(data: bytes) -> str:
    if len(data) != 1:
        raise DeserializationError("Size of data received by BooleanDeserializer is not 1")
    if data not in (b"\x00", b"\x01"):
        raise DeserializationError(
            "Unexpected byte received by BooleanDeserializer: " + str(data[0])
        )
    return "true" if data == b"\x01" else "false"


DESERIALIZERS: dict[str, Deserializer] = {
    "StringDeserializer": _text,
    "ByteArrayDeserializer": _text,
    "BytesDeserializer": _text,
    "ByteBufferDeserializer": _text,
    "IntegerDeserializer": _fixed("IntegerDeserializer", 4, ">i", str),
    "LongDeserializer": _fixed("LongDeserializer", 8, ">q", str),
    "ShortDeserializer": _fixed("ShortDeserializer", 2, ">h", str),
    "FloatDeserializer": _fixed("FloatDeserializer", 4, ">f", lambda v: java_float(float(v))),
    "DoubleDeserializer": _fixed("DoubleDeserializer", 8, ">d", lambda v: java_double(float(v))),
    "BooleanDeserializer": _boolean,
    "UUIDDeserializer": _uuid,
    "VoidDeserializer": _void,
}


def deserializer(class_name: str | None) -> Deserializer:
    """The deserializer of a Java class name (full or simple); String when None."""
    if class_name is None:
        return _text
    simple = class_name.strip().removeprefix(PACKAGE)
    found = DESERIALIZERS.get(simple)
    if found is None:
        raise ToolError(
            f"Deserializer {class_name} is not available: use one of Kafka's built-in "
            f"deserializers ({', '.join(sorted(DESERIALIZERS))})."
        )
    return found
