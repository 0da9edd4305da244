"""Unit tests of the console consumer's Kafka deserializers (strom.tools.deserializers) and the
Java number formatting they print with."""

from __future__ import annotations

import struct
import uuid

import pytest

from strom.tools._common import ToolError
from strom.tools.deserializers import (
    DeserializationError,
    deserializer,
    java_double,
    java_float,
)

pytestmark = pytest.mark.unit
PKG = "org.apache.kafka.common.serialization."


def test_java_double_formatting() -> None:
    cases = {
        1.0: "1.0", 0.001: "0.001", 1e7: "1.0E7", 12345678.9: "1.23456789E7",
        1.5e-5: "1.5E-5", -2.5e20: "-2.5E20", 123.456: "123.456", 9999999.0: "9999999.0",
        0.0001: "1.0E-4", -0.0: "-0.0", float("inf"): "Infinity", float("-inf"): "-Infinity",
    }  # fmt: skip
    assert {k: java_double(k) for k in cases} == cases
    assert java_double(float("nan")) == "NaN"
    f32 = struct.unpack(">f", struct.pack(">f", 0.1))[0]
    assert java_float(f32) == "0.1" and java_double(f32) == "0.10000000149011612"


def test_numbers_by_class_name() -> None:
    assert deserializer(PKG + "LongDeserializer")(struct.pack(">q", -(2**40))) == "-1099511627776"
    assert deserializer("IntegerDeserializer")(struct.pack(">i", 2**31 - 1)) == "2147483647"
    assert deserializer(PKG + "ShortDeserializer")(struct.pack(">h", -3)) == "-3"
    assert deserializer(PKG + "DoubleDeserializer")(struct.pack(">d", 2.5)) == "2.5"
    assert deserializer(PKG + "FloatDeserializer")(struct.pack(">f", 1e10)) == "1.0E10"
    assert deserializer(PKG + "BooleanDeserializer")(b"\x01") == "true"
    u = uuid.uuid4()
    assert deserializer(PKG + "UUIDDeserializer")(str(u).encode()) == str(u)
    assert deserializer(None)("héllo".encode()) == "héllo"
    assert deserializer(PKG + "ByteArrayDeserializer")(b"ab") == "ab"


def test_wrong_sizes_and_unknown_classes() -> None:
    with pytest.raises(DeserializationError, match=r"^Size of data received by LongDeserializer"):
        deserializer(PKG + "LongDeserializer")(b"1234")
    with pytest.raises(DeserializationError, match="IntegerDeserializer is not 4"):
        deserializer(PKG + "IntegerDeserializer")(b"12345")
    with pytest.raises(DeserializationError, match="UUID"):
        deserializer(PKG + "UUIDDeserializer")(b"nope")
    with pytest.raises(DeserializationError, match="VoidDeserializer"):
        deserializer(PKG + "VoidDeserializer")(b"x")
    with pytest.raises(ToolError, match=r"io\.confluent\.KafkaAvroDeserializer is not available"):
        deserializer("io.confluent.KafkaAvroDeserializer")
