"""The generated codec of every message (issue 15, session 10) against the general path.

With short cuts, ``codegen/generate.py`` writes decoders that make each struct with ``__new__``
and store every field in its slot as it is read (no ``__init__`` call) and decode a leaf struct
(scalars only) inside its array's loop, and encoders that encode an array's elements inside its
loop and write a tagged-field section at its defaults as one byte without building the list of
tagged fields (the element functions no longer written). ``generate(..., short_cuts=False)``
writes the general path (one local per field, the class called with them, one call per
element). On random messages of every API, header and data record at every version (known and
unknown tagged fields, nulls, empty and longer arrays) both encode to the same bytes; on hostile
edits of those bytes (truncations, a byte overwritten, a huge length, garbage) both decode to
equal messages ending at the same position, with every slot set, or both raise the same
DecodeError. The codec's per-request readers (nullable string, compact string, compact records)
check a length without a call when it fits: a length past the end is still refused; a
compact records field's two-byte length, read in the generated code, decodes as the general
path's under hostile edits of its length bytes and truncations.
"""

from __future__ import annotations

import importlib.util
import math
import shutil
import struct
import sys
import tempfile
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from codec_strategies import all_message_classes, message_strategy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_per_request_fast_paths import edited, in_module

from strom.protocol import codec
from strom.protocol.codec import DecodeError, Message, Struct, uvarint

pytestmark = pytest.mark.unit

REPO = Path(__file__).resolve().parents[2]
CLASSES = all_message_classes()
HOT = {"ProduceRequest", "ProduceResponse", "FetchRequest", "FetchResponse", "RequestHeader"}


@cache
def general_modules() -> dict[str, ModuleType]:
    """Every message module generated without short cuts, imported under other names."""
    generator = REPO / "codegen" / "generate.py"
    spec = importlib.util.spec_from_file_location("codec10_codegen", generator)
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    sys.modules["codec10_codegen"] = gen  # dataclasses look the module up by name
    try:
        spec.loader.exec_module(gen)
        out = Path(tempfile.mkdtemp(prefix="strom-general-codegen-"))
        gen.generate(REPO / "codegen" / "schemas" / "kafka-3.9", out, short_cuts=False)
    finally:
        del sys.modules["codec10_codegen"]
    mods = {}
    for path in sorted(out.glob("*.py")):
        if path.stem == "__init__":
            continue
        mspec = importlib.util.spec_from_file_location(f"general10_{path.stem}", path)
        assert mspec is not None and mspec.loader is not None
        mod = importlib.util.module_from_spec(mspec)
        mspec.loader.exec_module(mod)
        mods[path.stem] = mod
    shutil.rmtree(out)
    return mods


def every_slot_set(obj: Any) -> None:
    """Every slot of every struct of ``obj`` holds a value (an unset slot raises here)."""
    if isinstance(obj, list):
        for x in obj:
            every_slot_set(x)
    elif isinstance(obj, Message | Struct):
        for slot in type(obj).__slots__:
            every_slot_set(getattr(obj, slot))


def same(a: Any, b: Any) -> bool:
    """Structural equality of two decoded values, the two modules' structs compared slot by
    slot by qualified name, a NaN equal to a NaN, a records view to the same bytes."""
    if isinstance(a, Message | Struct):
        return type(a).__qualname__ == type(b).__qualname__ and all(
            same(getattr(a, s), getattr(b, s)) for s in type(a).__slots__
        )
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(map(same, a, b))
    if isinstance(a, float) and math.isnan(a):
        return isinstance(b, float) and math.isnan(b)
    if isinstance(a, memoryview):
        return type(b) is memoryview and a == b
    return type(a) is type(b) and bool(a == b)


def decode_both(cls: type[Message], mod: ModuleType, buf: bytes, version: int) -> None:
    """``buf`` decoded by ``cls`` and by its namesake of ``mod`` (the general path)."""
    general: type[Message] = getattr(mod, cls.__name__)
    outcomes: list[Any] = []
    decoded: list[Any] = []
    for c in (cls, general):
        try:
            msg, end = c.decode_from(buf, 0, version)
        except DecodeError as exc:
            outcomes.append(str(exc))
            continue
        every_slot_set(msg)
        decoded.append(msg)
        outcomes.append((end, msg.to_bytes(version)))
    assert outcomes[0] == outcomes[1]
    if len(decoded) == 2:
        assert same(decoded[0], decoded[1])


def check(cls: type[Message], data: st.DataObject, examples_version: int | None = None) -> None:
    version = examples_version
    if version is None:
        version = data.draw(st.integers(cls.MIN_VERSION, cls.MAX_VERSION), label="version")
    msg = data.draw(message_strategy(cls, version), label="message")
    mod = general_modules()[cls.__module__.rsplit(".", 1)[1]]
    raw = msg.to_bytes(version)
    assert in_module(msg, mod).to_bytes(version) == raw
    decode_both(cls, mod, data.draw(edited(raw), label="bytes"), version)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.NAME)
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_message_decodes_as_on_the_general_path(cls: type[Message], data: Any) -> None:
    check(cls, data)


@pytest.mark.parametrize("cls", [c for c in CLASSES if c.NAME in HOT], ids=lambda c: c.NAME)
@settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_per_request_messages_decode_as_on_the_general_path(
    cls: type[Message], data: Any
) -> None:
    check(cls, data)


def test_a_leaf_element_decoder_is_written_only_where_called() -> None:
    """Produce v9+'s partition data is decoded inside the topic's loop: its decoder is not
    written, the general path's is (and both decode a 130-partition request alike)."""
    from strom.protocol.messages import produce
    from strom.protocol.messages.produce import ProduceRequest as PR

    general = general_modules()["produce"]
    assert not hasattr(produce, "_d_ProduceRequest_PartitionProduceData_v9")
    assert hasattr(general, "_d_ProduceRequest_PartitionProduceData_v9")
    parts = [PR.PartitionProduceData(index=i, records=b"x" * (i % 3)) for i in range(130)]
    req = PR(acks=-1, topic_data=[PR.TopicProduceData(name="t", partition_data=parts)])
    for version in (3, 9, 11):
        raw = req.to_bytes(version)
        decode_both(PR, general, raw, version)
        decode_both(PR, general, raw[:-1], version)


READERS = {
    "read_nullable_string": lambda n: struct.pack(">h", n),
    "read_compact_string": lambda n: uvarint(n + 1),
    "read_compact_records": lambda n: uvarint(n + 1),
}


@pytest.mark.parametrize("name", sorted(READERS))
@settings(max_examples=60, deadline=None)
@given(st.integers(1, 300), st.integers(0, 300), st.integers(0, 3))
def test_a_length_past_the_end_is_refused(name: str, claimed: int, available: int, at: int) -> None:
    """The per-request readers check a length against the bytes left without a call when it
    fits: one byte short is refused with the general check's DecodeError, a fit is read."""
    reader = getattr(codec, name)
    buf = memoryview(b"\x00" * at + READERS[name](claimed) + b"a" * available)
    start = at
    if available < claimed:
        with pytest.raises(DecodeError, match="runs past the end of the buffer"):
            reader(buf, start)
    else:
        value, end = reader(buf, start)
        assert end == len(buf) - available + claimed
        data = value.encode() if isinstance(value, str) else bytes(value)
        assert data == b"a" * claimed


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.sampled_from([0, 1, 126, 127, 128, 129, 300, 16382, 16383, 16384, 20000]),
    st.sampled_from([9, 10, 11]),
    st.sampled_from(["none", "length", "truncate", "tail"]),
    st.integers(0, 1),
    st.sampled_from([0x00, 0x01, 0x7F, 0x80, 0x81, 0xFF]),
    st.integers(0, 20000),
)
def test_records_lengths_decode_as_on_the_general_path(
    size: int, version: int, edit: str, which: int, value: int, cut: int
) -> None:
    """Compact records of one- to three-byte lengths (the two-byte one, 128 B to 16 KiB, is read
    in the generated code), with a length byte overwritten, the frame truncated anywhere or just
    short of its end: the same request or the same DecodeError as the general path."""
    from strom.protocol.messages.produce import ProduceRequest as PR

    name = "topic"
    part = PR.PartitionProduceData(index=3, records=b"r" * size)
    req = PR(
        acks=1, timeout_ms=5, topic_data=[PR.TopicProduceData(name=name, partition_data=[part])]
    )
    raw = bytearray(req.to_bytes(version))
    at = 1 + 2 + 4 + 1 + 1 + len(name) + 1 + 4  # the records' length
    assert bytes(raw[at:]).startswith(uvarint(size + 1))
    if edit == "length":
        raw[at + which] = value
    elif edit == "truncate":
        raw = raw[: cut % (len(raw) + 1)]
    elif edit == "tail":
        raw = raw[: len(raw) - 1 - which - 2]  # the tagged fields and a records byte or two
    decode_both(PR, general_modules()["produce"], bytes(raw), version)
