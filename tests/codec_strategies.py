"""Codec-only test helpers: a schema model read from the vendored Kafka JSON schemas
(``codegen/schemas/overlay`` first, then ``codegen/schemas/kafka-3.9``), Hypothesis strategies
that build random messages valid for one version, and an interpretive reference encoder that
walks the schema (independently of the generated straight-line code).

Nothing here imports codegen/generate.py: the schema files are re-read from scratch, so a
misreading of the schema in the generator shows up as a mismatch.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import struct
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from strom.protocol import messages as messages_pkg
from strom.protocol.codec import Message, Struct

MAX_VERSION = 32767

INT_RANGES = {
    "int8": (-(2**7), 2**7 - 1),
    "int16": (-(2**15), 2**15 - 1),
    "uint16": (0, 2**16 - 1),
    "int32": (-(2**31), 2**31 - 1),
    "uint32": (0, 2**32 - 1),
    "int64": (-(2**63), 2**63 - 1),
}
FIXED_FMT = {
    "int8": ">b",
    "int16": ">h",
    "uint16": ">H",
    "int32": ">i",
    "uint32": ">I",
    "int64": ">q",
    "float64": ">d",
}
PRIMITIVES = {*INT_RANGES, "float64", "bool", "string", "bytes", "records", "uuid"}


# ---------------------------------------------------------------------------------------------
# schema model


@dataclass(frozen=True)
class VRange:
    lo: int
    hi: int

    @classmethod
    def parse(cls, spec: object) -> VRange:
        s = str(spec if spec is not None else "none").strip()
        if s == "none":
            return cls(1, 0)
        if s.endswith("+"):
            return cls(int(s[:-1]), MAX_VERSION)
        if "-" in s:
            a, b = s.split("-")
            return cls(int(a), int(b))
        return cls(int(s), int(s))

    def __contains__(self, v: object) -> bool:
        return isinstance(v, int) and self.lo <= v <= self.hi


@dataclass
class FieldSpec:
    name: str
    attr: str
    type: str  # element type for arrays
    is_array: bool
    versions: VRange
    nullable: VRange
    tagged: VRange
    tag: int | None
    default: object
    flexible: VRange | None  # a field-level flexibleVersions override
    struct: StructSpec | None = None

    def present(self, v: int) -> bool:
        return v in self.versions

    def is_tagged(self, v: int) -> bool:
        return v in self.tagged


@dataclass
class StructSpec:
    name: str
    cls: type[Struct]
    fields: list[FieldSpec] = field(default_factory=list)

    @property
    def max_tag(self) -> int:
        return max((f.tag for f in self.fields if f.tag is not None), default=-1)


@dataclass
class MessageSpec:
    cls: type[Message]
    schema: dict[str, Any]
    valid: VRange
    flexible: VRange
    top: StructSpec
    structs: dict[str, StructSpec]

    def is_flexible(self, v: int) -> bool:
        return v in self.flexible


SCHEMAS = Path(__file__).resolve().parents[1] / "codegen" / "schemas"
SCHEMA_DIRS = [SCHEMAS / "overlay", SCHEMAS / "kafka-3.9"]


@cache
def schema_of(cls: type[Message]) -> dict[str, Any]:
    path = next(d / f"{cls.NAME}.json" for d in SCHEMA_DIRS if (d / f"{cls.NAME}.json").exists())
    text = "\n".join(ln for ln in path.read_text().splitlines() if not ln.strip().startswith("//"))
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def spec_for(cls: type[Message]) -> MessageSpec:
    schema = schema_of(cls)
    assert schema["name"] == cls.NAME
    common = {c["name"]: c["fields"] for c in schema.get("commonStructs", [])}
    structs: dict[str, StructSpec] = {}

    def build(name: str, struct_cls: type[Struct], raw_fields: list[dict[str, Any]]) -> StructSpec:
        if name in structs:
            return structs[name]
        spec = StructSpec(name, struct_cls)
        structs[name] = spec
        slots = struct_cls.__slots__
        assert slots[-1] == "unknown_tagged_fields", name
        assert len(slots) == len(raw_fields) + 1, (name, slots, [f["name"] for f in raw_fields])
        for raw, attr in zip(raw_fields, slots, strict=False):
            t = str(raw["type"])
            is_array = t.startswith("[]")
            et = t[2:] if is_array else t
            fo = raw.get("flexibleVersions")
            fs = FieldSpec(
                name=raw["name"],
                attr=attr,
                type=et,
                is_array=is_array,
                versions=VRange.parse(raw["versions"]),
                nullable=VRange.parse(raw.get("nullableVersions")),
                tagged=VRange.parse(raw.get("taggedVersions")),
                tag=int(raw["tag"]) if raw.get("tag") is not None else None,
                default=raw.get("default"),
                flexible=VRange.parse(fo) if fo is not None else None,
            )
            if et not in PRIMITIVES:
                sub = raw["fields"] if "fields" in raw else common[et]
                fs.struct = build(et, getattr(cls, et), sub)
            spec.fields.append(fs)
        return spec

    top = build(cls.NAME, cls, schema["fields"])
    valid = VRange.parse(schema["validVersions"])
    return MessageSpec(
        cls=cls,
        schema=schema,
        valid=valid,
        flexible=VRange.parse(schema.get("flexibleVersions", "none")),
        top=top,
        structs=structs,
    )


@cache
def all_message_classes() -> tuple[type[Message], ...]:
    """Every generated top-level class: requests, responses, headers and data records."""
    out: list[type[Message]] = []
    for info in pkgutil.iter_modules(messages_pkg.__path__):
        mod = importlib.import_module(f"strom.protocol.messages.{info.name}")
        for value in vars(mod).values():
            if (
                isinstance(value, type)
                and issubclass(value, Message)
                and value is not Message
                and value.__module__ == mod.__name__
            ):
                out.append(value)
    out.sort(key=lambda c: (c.API_KEY if c.API_KEY >= 0 else 10_000, c.NAME))
    return tuple(out)


def schema_default(f: FieldSpec) -> Any:
    """The value a field takes when absent, derived from the schema text alone."""
    d = f.default
    if f.is_array:
        return None if d == "null" else []
    if f.struct is not None:
        return None if d == "null" else f.struct.cls()
    t = f.type
    if t in INT_RANGES:
        return 0 if d in (None, "") else int(str(d), 0)
    if t == "float64":
        return 0.0 if d in (None, "") else float(str(d))
    if t == "bool":
        return d is True or str(d).lower() == "true"
    if t == "string":
        return None if d == "null" else ("" if d is None else str(d))
    if t == "bytes":
        return None if d == "null" else b""
    if t == "records":
        return None
    if t == "uuid":
        return uuid.UUID(int=0)
    raise AssertionError(t)


# ---------------------------------------------------------------------------------------------
# strategies

# (struct name, field name, version) -> a strategy for the whole field value, or None for default
Override = Callable[[StructSpec, FieldSpec, int], "st.SearchStrategy[Any] | None"]


@dataclass(frozen=True)
class Options:
    unknown_tags: bool = True
    max_list: int = 3
    max_text: int = 8
    max_bytes: int = 16
    override: Override | None = None
    #: strings as ASCII only (for libraries that count characters, not bytes)
    ascii_only: bool = False
    #: leave the unknown-tag sections empty where the library cannot express them
    known_tags: bool = True


DEFAULT_OPTIONS = Options()


def _text(opts: Options) -> st.SearchStrategy[str]:
    if opts.ascii_only:
        return st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126),
                       max_size=opts.max_text)
    return st.text(max_size=opts.max_text)


def _scalar(f: FieldSpec, v: int, flexible: bool, opts: Options) -> st.SearchStrategy[Any]:
    t = f.type
    if f.struct is not None:
        return struct_strategy(f.struct, v, flexible, opts)
    if t in INT_RANGES:
        lo, hi = INT_RANGES[t]
        return st.integers(lo, hi)
    if t == "float64":
        return st.floats(allow_nan=False)
    if t == "bool":
        return st.booleans()
    if t == "string":
        return _text(opts)
    if t in ("bytes", "records"):
        return st.binary(max_size=opts.max_bytes)
    if t == "uuid":
        return st.uuids(allow_nil=True)
    raise AssertionError(t)


def field_strategy(
    s: StructSpec, f: FieldSpec, v: int, flexible: bool, opts: Options
) -> st.SearchStrategy[Any]:
    if opts.override is not None:
        o = opts.override(s, f, v)
        if o is not None:
            return o
    base = _scalar(f, v, flexible, opts)
    if f.is_array:
        base = st.lists(base, max_size=opts.max_list)
    if v in f.nullable:
        base = st.none() | base
    return base


def unknown_tags_strategy(s: StructSpec) -> st.SearchStrategy[tuple[tuple[int, bytes], ...]]:
    first = s.max_tag + 1
    tags = st.lists(st.integers(first, first + 300), unique=True, max_size=2).map(sorted)
    return tags.flatmap(
        lambda ts: st.tuples(*[st.tuples(st.just(t), st.binary(max_size=6)) for t in ts])
    )


_cache: dict[tuple[int, str, int, bool, Options], st.SearchStrategy[Any]] = {}


def struct_strategy(
    s: StructSpec, v: int, flexible: bool, opts: Options = DEFAULT_OPTIONS
) -> st.SearchStrategy[Any]:
    key = (id(s), s.name, v, flexible, opts)
    hit = _cache.get(key)
    if hit is not None:
        return hit
    kwargs: dict[str, st.SearchStrategy[Any]] = {}
    for f in s.fields:
        if not f.present(v):
            continue
        if f.is_tagged(v) and not opts.known_tags:
            continue
        kwargs[f.attr] = field_strategy(s, f, v, flexible, opts)
    if flexible and opts.unknown_tags:
        kwargs["unknown_tagged_fields"] = unknown_tags_strategy(s)
    strat = st.builds(s.cls, **kwargs)
    _cache[key] = strat
    return strat


def message_strategy(
    cls: type[Message], version: int, opts: Options = DEFAULT_OPTIONS
) -> st.SearchStrategy[Any]:
    spec = spec_for(cls)
    return struct_strategy(spec.top, version, spec.is_flexible(version), opts)


# ---------------------------------------------------------------------------------------------
# interpretive reference encoder


def ref_uvarint(v: int) -> bytes:
    assert v >= 0
    out = bytearray()
    while True:
        byte = v & 0x7F
        v >>= 7
        if v:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _ref_len(n: int | None, compact: bool, classic_fmt: str) -> bytes:
    if n is None:
        return b"\x00" if compact else struct.pack(classic_fmt, -1)
    return ref_uvarint(n + 1) if compact else struct.pack(classic_fmt, n)


def _ref_single(f: FieldSpec, val: Any, v: int, flexible: bool, compact: bool) -> bytes:
    t = f.type
    if f.struct is not None:
        return ref_encode_struct(f.struct, val, v, flexible)
    if t in FIXED_FMT:
        return struct.pack(FIXED_FMT[t], val)
    if t == "bool":
        return b"\x01" if val else b"\x00"
    if t == "uuid":
        return bytes(val.bytes)
    if t == "string":
        if val is None:
            return _ref_len(None, compact, ">h")
        data = val.encode("utf-8")
        return _ref_len(len(data), compact, ">h") + data
    if t in ("bytes", "records"):
        if val is None:
            return _ref_len(None, compact, ">i")
        return _ref_len(len(val), compact, ">i") + bytes(val)
    raise AssertionError(t)


def ref_encode_field(f: FieldSpec, val: Any, v: int, flexible: bool) -> bytes:
    compact = (v in f.flexible) if f.flexible is not None else flexible
    if f.is_array:
        if val is None:
            assert v in f.nullable, f.name
            return _ref_len(None, compact, ">i")
        out = bytearray(_ref_len(len(val), compact, ">i"))
        for x in val:
            out += _ref_single(f, x, v, flexible, compact)
        return bytes(out)
    if f.struct is not None and v in f.nullable:
        # a nullable struct starts with a marker: int8 -1/1, or in a tagged field the unsigned
        # varint 0/1 (Kafka's MessageDataGenerator)
        if val is None:
            return b"\x00" if f.is_tagged(v) else b"\xff"
        return b"\x01" + ref_encode_struct(f.struct, val, v, flexible)
    return _ref_single(f, val, v, flexible, compact)


def ref_encode_struct(s: StructSpec, obj: Any, v: int, flexible: bool) -> bytes:
    out = bytearray()
    tagged: list[tuple[int, bytes]] = []
    for f in s.fields:
        if not f.present(v):
            continue
        val = getattr(obj, f.attr)
        if f.is_tagged(v):
            if val != schema_default(f):
                assert f.tag is not None
                tagged.append((f.tag, ref_encode_field(f, val, v, flexible)))
            continue
        out += ref_encode_field(f, val, v, flexible)
    if flexible:
        tagged += list(obj.unknown_tagged_fields)
        tagged.sort(key=lambda t: t[0])
        out += ref_uvarint(len(tagged))
        for tag, data in tagged:
            out += ref_uvarint(tag) + ref_uvarint(len(data)) + data
    return bytes(out)


def ref_encode(msg: Message, version: int) -> bytes:
    spec = spec_for(type(msg))
    return ref_encode_struct(spec.top, msg, version, spec.is_flexible(version))


# ---------------------------------------------------------------------------------------------
# a deterministic (seeded random.Random) generator, for the fuzzer where Hypothesis is too slow


def random_message(cls: type[Message], version: int, rnd: Any, max_list: int = 2) -> Message:
    spec = spec_for(cls)
    flexible = spec.is_flexible(version)

    def value(f: FieldSpec, single: bool = False) -> Any:
        if not single and v_nullable(f) and rnd.random() < 0.15:
            return None
        if f.is_array and not single:
            return [value(f, True) for _ in range(rnd.randint(0, max_list))]
        t = f.type
        if f.struct is not None:
            return build(f.struct)
        if t in INT_RANGES:
            lo, hi = INT_RANGES[t]
            return rnd.choice((0, -1, 1, lo, hi, rnd.randint(lo, hi))) if lo < 0 else rnd.randint(
                lo, hi
            )
        if t == "float64":
            return rnd.uniform(-1e9, 1e9)
        if t == "bool":
            return rnd.random() < 0.5
        if t == "string":
            return "".join(rnd.choice("abcxyz-._é€𝄞") for _ in range(rnd.randint(0, 8)))
        if t in ("bytes", "records"):
            return rnd.randbytes(rnd.randint(0, 24))
        if t == "uuid":
            return uuid.UUID(int=rnd.getrandbits(128))
        raise AssertionError(t)

    def v_nullable(f: FieldSpec) -> bool:
        return version in f.nullable

    def build(s: StructSpec) -> Any:
        kwargs = {f.attr: value(f) for f in s.fields if f.present(version)}
        if flexible and rnd.random() < 0.2:
            kwargs["unknown_tagged_fields"] = ((s.max_tag + 1 + rnd.randint(0, 5), b"\x01\x02"),)
        return s.cls(**kwargs)

    msg: Message = build(spec.top)
    return msg
