"""Generate ``strom.protocol.messages`` from Kafka's JSON message schemas.

Usage: ``python codegen/generate.py [SCHEMA_DIR] [OUT_DIR]`` (defaults:
``codegen/schemas/kafka-3.9``, Kafka's files vendored unchanged, and
``src/strom/protocol/messages``).

Not imported by the package. For every schema it writes one module holding the message class (with
its structs as nested classes) and straight-line decode/encode functions per version; versions whose
wire format is identical share one function. The output is deterministic so a test can regenerate
it and diff.

Short cuts of the per-request path (issue 15): a tagged-field section with every field at its
default is written as one byte, and a struct-typed tagged field of scalars is compared with its
default field by field. (One-byte compact array lengths are left to the codec's functions, which
read them without a varint call: inlining them here measured 1.1% of a one-record Produce request's
instructions for ~4,700 generated lines, so it was taken out.)

Session 10: a decoder makes its struct with ``__new__`` and stores each field in its slot as read
(no ``__init__`` call, no local per field), and decodes a leaf struct's elements (scalars only)
inside the array's loop; an encoder encodes an array's elements inside the loop (at every
depth) and writes a tagged-field section at its defaults without
building the list of tagged fields; element functions called from nowhere else are not written;
a compact records field's two-byte length (a batch of 128 B to 16 KiB) is read inline.
``generate(..., short_cuts=False)`` writes the general path instead (byte-identical to the
modules before the short cuts); ``tests/unit/test_per_request_fast_paths.py`` and
``tests/unit/test_codegen_decode_into.py`` (every message) compare both on random and hostile
messages.
"""

from __future__ import annotations

import json
import keyword
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SCHEMAS = ROOT / "codegen" / "schemas" / "kafka-3.9"
DEFAULT_OUT = ROOT / "src" / "strom" / "protocol" / "messages"
# Schemas newer than Kafka 3.9 that Strom needs (e.g. ConsumerGroupHeartbeat v1 for KIP-848
# clients): a file here replaces the same-named file of the schema directory.
OVERLAY = ROOT / "codegen" / "schemas" / "overlay"

FIXED = {
    "int8": ("b", 1),
    "int16": ("h", 2),
    "uint16": ("H", 2),
    "int32": ("i", 4),
    "uint32": ("I", 4),
    "int64": ("q", 8),
    "float64": ("d", 8),
    "bool": ("?", 1),
}
PRIMS = set(FIXED) | {"string", "bytes", "records", "uuid"}
PY_TYPE = {
    "int8": "int",
    "int16": "int",
    "uint16": "int",
    "int32": "int",
    "uint32": "int",
    "int64": "int",
    "float64": "float",
    "bool": "bool",
    "string": "str",
    "bytes": "bytes",
    "records": "Buffer",
    "uuid": "uuid.UUID",
}


# ---------------------------------------------------------------------------------------------
# schema model


class Versions:
    def __init__(self, spec: str | None, lo: int = 0, hi: int = 32767) -> None:
        spec = (spec or "none").strip()
        if spec == "none":
            self.lo, self.hi = 1, 0
        elif spec.endswith("+"):
            self.lo, self.hi = int(spec[:-1]), 32767
        elif "-" in spec:
            a, b = spec.split("-")
            self.lo, self.hi = int(a), int(b)
        else:
            self.lo = self.hi = int(spec)
        self.lo, self.hi = max(self.lo, lo), min(self.hi, hi)

    def __contains__(self, v: int) -> bool:
        return self.lo <= v <= self.hi

    def empty(self) -> bool:
        return self.lo > self.hi


def snake(name: str) -> str:
    s = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name)
    s = re.sub(r"(?<=[A-Z])([A-Z][a-z])", r"_\1", s)
    s = s.lower()
    if keyword.iskeyword(s) or s in ("unknown_tagged_fields",):
        s += "_"
    return s


@dataclass
class Field:
    name: str
    attr: str
    type: str  # element type for arrays
    is_array: bool
    versions: Versions
    nullable: Versions
    tagged: Versions
    tag: int | None
    default: object
    flexible_override: Versions | None
    raw: dict[str, object]

    @property
    def is_struct(self) -> bool:
        return self.type not in PRIMS


@dataclass
class StructDef:
    name: str
    fields: list[Field]
    versions: Versions
    children: list[str] = field(default_factory=list)


def strip_comments(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.strip().startswith("//"))


def load_schema(path: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads(strip_comments(path.read_text()))
    return data


class Message:
    def __init__(self, schema: dict[str, object]) -> None:
        self.schema = schema
        self.name = str(schema["name"])
        self.kind = str(schema["type"])
        self.api_key = schema.get("apiKey")
        vv = Versions(str(schema["validVersions"]))
        self.lo, self.hi = vv.lo, vv.hi
        self.flexible = Versions(str(schema.get("flexibleVersions", "none")), self.lo, self.hi)
        self.unstable = bool(schema.get("latestVersionUnstable", False))
        self.structs: dict[str, StructDef] = {}
        self.common = {str(c["name"]): c for c in schema.get("commonStructs", [])}  # type: ignore[attr-defined]
        self.order: list[str] = []  # post-order: children before parents
        self.top = self._struct(self.name, schema["fields"], Versions(f"{self.lo}-{self.hi}"))  # type: ignore[arg-type]

    def _field(self, raw: dict[str, object]) -> Field:
        t = str(raw["type"])
        is_array = t.startswith("[]")
        et = t[2:] if is_array else t
        fo = raw.get("flexibleVersions")
        return Field(
            name=str(raw["name"]),
            attr=snake(str(raw["name"])),
            type=et,
            is_array=is_array,
            versions=Versions(str(raw["versions"]), self.lo, self.hi),
            nullable=Versions(raw.get("nullableVersions"), self.lo, self.hi),  # type: ignore[arg-type]
            tagged=Versions(raw.get("taggedVersions"), self.lo, self.hi),  # type: ignore[arg-type]
            tag=int(str(raw["tag"])) if raw.get("tag") is not None else None,
            default=raw.get("default"),
            flexible_override=Versions(str(fo)) if fo is not None else None,
            raw=raw,
        )

    def _struct(
        self, name: str, raw_fields: list[dict[str, object]], versions: Versions
    ) -> StructDef:
        fields = [self._field(f) for f in raw_fields]
        sd = StructDef(name, fields, versions)
        for f, raw in zip(fields, raw_fields, strict=True):
            if not f.is_struct:
                continue
            fv = Versions(f"{max(f.versions.lo, versions.lo)}-{min(f.versions.hi, versions.hi)}")
            if "fields" in raw:
                sub = raw["fields"]
            elif f.type in self.common:
                sub = self.common[f.type]["fields"]  # type: ignore[index]
            else:
                raise ValueError(f"{self.name}: unknown struct type {f.type}")
            if f.type in self.structs:
                existing = self.structs[f.type]
                existing.versions = Versions(
                    f"{min(existing.versions.lo, fv.lo)}-{max(existing.versions.hi, fv.hi)}"
                )
                self._widen(existing)
            else:
                self._struct(f.type, sub, fv)  # type: ignore[arg-type]
            sd.children.append(f.type)
        self.structs[name] = sd
        self.order.append(name)
        return sd

    def _widen(self, sd: StructDef) -> None:
        for f in sd.fields:
            if f.is_struct:
                child = self.structs[f.type]
                lo = max(f.versions.lo, sd.versions.lo)
                hi = min(f.versions.hi, sd.versions.hi)
                child.versions = Versions(
                    f"{min(child.versions.lo, lo)}-{max(child.versions.hi, hi)}"
                )
                self._widen(child)


# ---------------------------------------------------------------------------------------------
# code generation


class Gen:
    def __init__(self, msg: Message, short_cuts: bool = True) -> None:
        """``short_cuts=False`` writes the general path only (tagged fields compared with a
        built default and always written by ``encode_tagged``): what the tests compare the
        short cuts with."""
        self.m = msg
        self.short_cuts = short_cuts
        self.depth = 0  # how many array elements' encodings are being written inline
        self.struct_consts: dict[str, str] = {}
        self.funcs: list[str] = []
        self.dec_names: dict[tuple[str, int], str] = {}
        self.enc_names: dict[tuple[str, int], str] = {}
        self.min_sizes: dict[tuple[str, int], int] = {}

    # -- helpers --------------------------------------------------------------------------
    def flex(self, v: int) -> bool:
        return v in self.m.flexible

    def fcompact(self, f: Field, v: int) -> bool:
        if f.flexible_override is not None:
            return v in f.flexible_override
        return self.flex(v)

    def cls_ref(self, sname: str) -> str:
        if sname == self.m.name:
            return self.m.name
        return f"{self.m.name}.{sname}"

    def struct_const(self, fmt: str) -> str:
        if fmt not in self.struct_consts:
            self.struct_consts[fmt] = f"_S{len(self.struct_consts)}"
        return self.struct_consts[fmt]

    def default_expr(self, f: Field, *, for_param: bool = False) -> str:
        d = f.default
        if f.is_array:
            if d == "null":
                return "None"
            return "_MISSING" if for_param else "[]"
        if f.is_struct:
            if d == "null":
                return "None"
            return "_MISSING" if for_param else f"{self.cls_ref(f.type)}()"
        t = f.type
        if t in FIXED:
            if t == "bool":
                if isinstance(d, bool):
                    return repr(d)
                return "True" if str(d).lower() == "true" else "False"
            if t == "float64":
                return repr(float(d)) if d not in (None, "") else "0.0"
            if d in (None, ""):
                return "0"
            return repr(int(str(d), 0))
        if t == "string":
            if d == "null":
                return "None"
            return repr(str(d)) if d is not None else "''"
        if t == "bytes":
            return "None" if d == "null" else "b''"
        if t == "records":
            return "None"
        if t == "uuid":
            return "ZERO_UUID"
        raise ValueError(t)

    def differs_from_default(self, f: Field, val: str) -> str:
        """An expression true when ``val`` (field ``f``) is not its default: what a tagged field
        is written for. ``val != Default()`` for a struct would build the default and compare
        slot by slot generically; a struct of scalar fields is compared field by field instead,
        with the same outcome (a value of another type is never the default, as
        ``Struct.__eq__`` has it)."""
        if self.short_cuts and f.is_struct and not f.is_array and f.default != "null":
            sd = self.m.structs[f.type]
            if all(not g.is_struct and not g.is_array for g in sd.fields):
                terms = [f"type({val}) is not {self.cls_ref(f.type)}"]
                terms += [f"{val}.{g.attr} != {self.default_expr(g)}" for g in sd.fields]
                terms.append(f"{val}.unknown_tagged_fields != ()")
                return " or ".join(terms)
        return f"{val} != {self.default_expr(f)}"

    def nullable_anywhere(self, f: Field) -> bool:
        return not f.nullable.empty() or f.default == "null"

    def py_type(self, f: Field) -> str:
        base = self.cls_ref(f.type) if f.is_struct else PY_TYPE[f.type]
        if f.is_array:
            base = f"list[{base}]"
        if self.nullable_anywhere(f) or f.type == "records":
            base = f"{base} | None"
        return base

    def min_size(self, sname: str, v: int) -> int:
        key = (sname, v)
        if key in self.min_sizes:
            return self.min_sizes[key]
        sd = self.m.structs[sname]
        total = 1 if self.flex(v) else 0
        for f in sd.fields:
            if v not in f.versions or v in f.tagged:
                continue
            c = self.fcompact(f, v)
            if f.is_array:
                total += 1 if c else 4
            elif f.is_struct:
                total += 1 if v in f.nullable else self.min_size(f.type, v)
            elif f.type in FIXED:
                total += FIXED[f.type][1]
            elif f.type == "uuid":
                total += 16
            elif f.type == "string":
                total += 1 if c else 2
            else:
                total += 1 if c else 4
        self.min_sizes[key] = total
        return total

    def elem_min(self, f: Field, v: int) -> int:
        if f.is_struct:
            return max(1, self.min_size(f.type, v))
        if f.type in FIXED:
            return FIXED[f.type][1]
        if f.type == "uuid":
            return 16
        return 1 if self.fcompact(f, v) else 2

    # -- decode ---------------------------------------------------------------------------
    def dec_scalar(
        self, f: Field, v: int, target: str, ind: str, tagged: bool = False
    ) -> list[str]:
        """Lines reading one non-array value of field ``f`` into ``target``."""
        c = self.fcompact(f, v)
        n = v in f.nullable
        t = f.type
        if f.is_struct:
            fn = self.dec_names[(t, v)]
            if n and tagged:
                # as Kafka's generator: a tagged nullable struct has an unsigned varint marker,
                # 0 for null
                return [
                    f"{ind}_m, p = read_uvarint(b, p)",
                    f"{ind}if _m == 0:",
                    f"{ind}    {target} = None",
                    f"{ind}else:",
                    f"{ind}    {target}, p = {fn}(b, p)",
                ]
            if n:
                # an int8 marker; as Kafka's generator, any negative value means null
                return [
                    f"{ind}if b[p] > 127:",
                    f"{ind}    {target} = None",
                    f"{ind}    p += 1",
                    f"{ind}else:",
                    f"{ind}    {target}, p = {fn}(b, p + 1)",
                ]
            return [f"{ind}{target}, p = {fn}(b, p)"]
        if t in FIXED:
            sc = self.struct_const(">" + FIXED[t][0])
            return [f"{ind}({target},) = {sc}.unpack_from(b, p)", f"{ind}p += {FIXED[t][1]}"]
        if t == "uuid":
            return [f"{ind}{target}, p = read_uuid(b, p)"]
        if t == "records" and c and self.short_cuts:
            # a canonical two-byte length (a batch of 128 B to 16 KiB, the common one) read
            # here; any other (a null, 0x80 0x00, among them), and one that runs past the end,
            # by read_compact_records
            return [
                f"{ind}if b[p] < 0x80 or not 0 < b[p + 1] < 0x80 or "
                f"(_end := p + 1 + (b[p] & 0x7F | b[p + 1] << 7)) > len(b):",
                f"{ind}    {target}, p = read_compact_records(b, p)",
                f"{ind}else:",
                f"{ind}    {target} = b[p + 2 : _end]",
                f"{ind}    p = _end",
            ]
        if t == "records":
            return [f"{ind}{target}, p = {'read_compact_records' if c else 'read_records'}(b, p)"]
        kind = "string" if t == "string" else "bytes"
        pre = "read_compact_" if c else "read_"
        mid = "nullable_" if n else ""
        return [f"{ind}{target}, p = {pre}{mid}{kind}(b, p)"]

    def dec_tag_loop(self, tagged: list[tuple[Field, str]], v: int, i2: str) -> list[str]:
        """The tag section of a struct with tagged fields: known tags decoded into their
        targets, the others kept as (tag, raw bytes) in ``_ut``."""
        out = [
            f"{i2}_u: list[tuple[int, bytes]] = []",
            f"{i2}_nt, p = read_tag_count(b, p)",
            f"{i2}for _ in range(_nt):",
            f"{i2}    _tag, p = read_uvarint(b, p)",
            f"{i2}    _size, p = read_uvarint(b, p)",
        ]
        kw = "if"
        for f, target in sorted(tagged, key=lambda t: t[0].tag or 0):
            out.append(f"{i2}    {kw} _tag == {f.tag}:")
            out.append(f"{i2}        _end = p + _size")
            out += self.dec_field(f, v, target, i2 + "        ", tagged=True)
            out.append(f"{i2}        check_tag_end(p, _end, _tag)")
            kw = "elif"
        out.append(f"{i2}    else:")
        out.append(f"{i2}        _raw, p = read_unknown_tag(b, p, _size)")
        out.append(f"{i2}        _u.append((_tag, _raw))")
        out.append(f"{i2}_ut = tuple(_u)")
        return out

    def dec_field(
        self, f: Field, v: int, target: str, ind: str, tagged: bool = False
    ) -> list[str]:
        if not f.is_array:
            return self.dec_scalar(f, v, target, ind, tagged)
        c = self.fcompact(f, v)
        n = v in f.nullable
        em = self.elem_min(f, v)
        reader = "read_compact_array_len" if c else "read_array_len"
        lines = [f"{ind}_n, p = {reader}(b, p, {em})"]
        lines.append(f"{ind}if _n < 0:")
        if n:
            lines.append(f"{ind}    {target} = None")
        else:
            lines.append(f"{ind}    raise DecodeError('non-nullable array {f.name} was null')")
        lines.append(f"{ind}else:")
        i2 = ind + "    "
        if f.type in FIXED and f.type != "bool":
            ch, w = FIXED[f.type]
            lines.append(f"{i2}{target} = list(struct.unpack_from(f'>{{_n}}{ch}', b, p))")
            lines.append(f"{i2}p += {w} * _n")
            return lines
        lines.append(f"{i2}{target} = []")
        lines.append(f"{i2}_a = {target}.append")
        lines.append(f"{i2}for _ in range(_n):")
        if f.is_struct and self.short_cuts and self.is_leaf(f.type, v):
            # a leaf element (scalars only) is decoded in the loop itself: no call per element
            lines += self.decode_into(f.type, v, "_e", i2 + "    ")
            lines.append(f"{i2}    _a(_e)")
            return lines
        if f.is_struct:
            fn = self.dec_names[(f.type, v)]
            lines.append(f"{i2}    _x, p = {fn}(b, p)")
        else:
            sub = Field(**{**f.__dict__, "is_array": False, "nullable": Versions("none")})
            lines += self.dec_scalar(sub, v, "_x", i2 + "    ")
        lines.append(f"{i2}    _a(_x)")
        return lines

    def is_leaf(self, sname: str, v: int) -> bool:
        """A struct whose fields at ``v`` are all untagged scalars (no array, struct or known
        tagged field): its decode needs no local of its own, so it can run inside a loop."""
        return all(
            not (f.is_array or f.is_struct or v in f.tagged)
            for f in self.m.structs[sname].fields
            if v in f.versions
        )

    def decode_into(self, sname: str, v: int, obj: str, ind: str) -> list[str]:
        """Lines decoding struct ``sname`` at ``v`` into a new object ``obj``: the object made
        by ``__new__`` and each field stored in its slot as read (no ``__init__`` call, no
        keyword parsing, no local per field). Field order, reads and checks are those of the
        general path."""
        sd = self.m.structs[sname]
        cls = self.cls_ref(sname)
        body = [f"{ind}{obj} = _new({cls})"]
        run: list[tuple[Field, str]] = []

        def flush_run() -> None:
            if not run:
                return
            fmt = ">" + "".join(FIXED[f.type][0] for f, _ in run)
            size = sum(FIXED[f.type][1] for f, _ in run)
            names = ", ".join(t for _, t in run)
            body.append(f"{ind}({names},) = {self.struct_const(fmt)}.unpack_from(b, p)")
            body.append(f"{ind}p += {size}")
            run.clear()

        tagged: list[tuple[Field, str]] = []
        for f in sd.fields:
            target = f"{obj}.{f.attr}"
            if v not in f.versions or v in f.tagged:
                flush_run()
                body.append(f"{ind}{target} = {self.default_expr(f)}")
                if v in f.versions:
                    tagged.append((f, target))
            elif not f.is_array and f.type in FIXED:
                run.append((f, target))
            else:
                flush_run()
                body += self.dec_field(f, v, target, ind)
        flush_run()
        ut = f"{obj}.unknown_tagged_fields"
        if not self.flex(v):
            body.append(f"{ind}{ut} = ()")
            return body
        body.append(f"{ind}if b[p] == 0:")
        body.append(f"{ind}    p += 1")
        body.append(f"{ind}    {ut} = ()")
        body.append(f"{ind}else:")
        if not tagged:
            body.append(f"{ind}    {ut}, p = read_unknown_tags(b, p)")
        else:
            body += self.dec_tag_loop(tagged, v, ind + "    ")
            body[-1] = body[-1].replace("_ut = ", f"{ut} = ")
        return body

    def gen_decode(self, sname: str, v: int) -> str:
        if self.short_cuts:
            body = self.decode_into(sname, v, "o", "    ")
            body[0] = f"    o: {self.cls_ref(sname)} = _new({self.cls_ref(sname)})"
            body.append("    return o, p")
            text = "\n".join(body)
            decl = [
                f"    {n}: Any"
                for n in ("_x", "_a", "_e")
                if f"{n}, p" in text or f"{n} = " in text
            ]
            return "\n".join([*decl, text])
        sd = self.m.structs[sname]
        body: list[str] = []
        ind = "    "
        flex = self.flex(v)
        args: list[str] = []
        run: list[tuple[Field, str]] = []

        def flush_run() -> None:
            if not run:
                return
            fmt = ">" + "".join(FIXED[f.type][0] for f, _ in run)
            size = sum(FIXED[f.type][1] for f, _ in run)
            sc = self.struct_const(fmt)
            names = ", ".join(t for _, t in run)
            body.append(f"{ind}({names},) = {sc}.unpack_from(b, p)")
            body.append(f"{ind}p += {size}")
            run.clear()

        tagged: list[tuple[Field, str]] = []
        for i, f in enumerate(sd.fields):
            target = f"f{i}"
            args.append(target)
            if v not in f.versions:
                body_default = self.default_expr(f)
                run_default = f"{ind}{target} = {body_default}"
                flush_run()
                body.append(run_default)
                continue
            if v in f.tagged:
                flush_run()
                body.append(f"{ind}{target} = {self.default_expr(f)}")
                tagged.append((f, target))
                continue
            if not f.is_array and f.type in FIXED:
                run.append((f, target))
                continue
            flush_run()
            body += self.dec_field(f, v, target, ind)
        flush_run()
        if flex:
            # fast path: almost every tag section is empty (a single 0 byte)
            body.append(f"{ind}if b[p] == 0:")
            body.append(f"{ind}    p += 1")
            body.append(f"{ind}    _ut: tuple[tuple[int, bytes], ...] = ()")
            body.append(f"{ind}else:")
            i2 = ind + "    "
            if not tagged:
                body.append(f"{i2}_ut, p = read_unknown_tags(b, p)")
            else:
                body += self.dec_tag_loop(tagged, v, i2)
            args.append("_ut")
        cls = self.cls_ref(sname)
        body.append(f"{ind}return {cls}({', '.join(args)}), p")
        text = "\n".join(body)
        decl = [f"{ind}{n}: Any" for n in ["_x", "_a", *args] if re.search(rf"\b{n} = \[\]", text)
                or (n == "_x" and "_x, p" in text) or (n == "_a" and "_a = " in text)]
        return "\n".join([*decl, text]) if decl else text

    # -- encode ---------------------------------------------------------------------------
    def enc_scalar(
        self, f: Field, v: int, val: str, ind: str, tagged: bool = False
    ) -> list[str]:
        c = self.fcompact(f, v)
        n = v in f.nullable
        t = f.type
        if f.is_struct:
            fn = self.enc_names[(t, v)]
            if n:
                return [
                    f"{ind}if {val} is None:",
                    f"{ind}    b.append({0 if tagged else 255})",
                    f"{ind}else:",
                    f"{ind}    b.append(1)",
                    f"{ind}    {fn}({val}, w)",
                    f"{ind}    b = w.b",
                ]
            return [f"{ind}{fn}({val}, w)", f"{ind}b = w.b"]
        if t in FIXED:
            sc = self.struct_const(">" + FIXED[t][0])
            return [f"{ind}b += {sc}.pack({val})"]
        if t == "uuid":
            return [f"{ind}b += {val}.bytes"]
        if t == "records":
            return [f"{ind}encode_records(w, {val}, {c})", f"{ind}b = w.b"]
        fn = "encode_string" if t == "string" else "encode_bytes"
        return [f"{ind}{fn}(b, {val}, {c}, {n})"]

    def enc_field(
        self, f: Field, v: int, val: str, ind: str, tagged: bool = False
    ) -> list[str]:
        if not f.is_array:
            return self.enc_scalar(f, v, val, ind, tagged)
        c = self.fcompact(f, v)
        n = v in f.nullable
        lines = [f"{ind}_v = {val}"]
        lines.append(f"{ind}encode_array_len(b, _v, {c}, {n})")
        if f.type in FIXED and f.type != "bool":
            ch = FIXED[f.type][0]
            lines.append(f"{ind}if _v:")
            lines.append(f"{ind}    b += struct.pack(f'>{{len(_v)}}{ch}', *_v)")
            return lines
        lines.append(f"{ind}if _v:")
        if f.is_struct and self.short_cuts and not tagged:
            # the element encoded in the loop itself, at any depth: a loop variable per depth
            # (``_v`` is reused: each loop holds its iterator)
            self.depth += 1
            obj = "_o" if self.depth == 1 else f"_o{self.depth}"
            lines.append(f"{ind}    for {obj} in _v:")
            lines += self.encode_body(f.type, v, obj, ind + "        ")
            self.depth -= 1
            return lines
        lines.append(f"{ind}    for _x in _v:")
        sub = Field(**{**f.__dict__, "is_array": False, "nullable": Versions("none")})
        lines += self.enc_scalar(sub, v, "_x", ind + "        ")
        return lines

    def encode_body(self, sname: str, v: int, obj: str, ind: str) -> list[str]:
        """Lines encoding struct ``sname`` at ``v`` from ``obj`` (``b`` is ``w.b`` on entry
        and exit): the general path's writes, with a tagged-field section at its defaults
        written as one byte without building the list of tagged fields."""
        sd = self.m.structs[sname]
        body: list[str] = []
        run: list[str] = []
        fmt: list[str] = []
        tagged: list[Field] = []

        def flush_run() -> None:
            if run:
                sc = self.struct_const(">" + "".join(fmt))
                body.append(f"{ind}b += {sc}.pack({', '.join(run)})")
                run.clear()
                fmt.clear()

        for f in sd.fields:
            if v not in f.versions:
                continue
            if v in f.tagged:
                tagged.append(f)
            elif not f.is_array and f.type in FIXED:
                run.append(f"{obj}.{f.attr}")
                fmt.append(FIXED[f.type][0])
            else:
                flush_run()
                body += self.enc_field(f, v, f"{obj}.{f.attr}", ind)
        flush_run()
        if not self.flex(v):
            return body
        ut = f"{obj}.unknown_tagged_fields"
        tagged.sort(key=lambda f: f.tag or 0)
        differs = [self.differs_from_default(f, f"{obj}.{f.attr}") for f in tagged]
        if not tagged:
            body.append(f"{ind}if {ut}:")
            body.append(f"{ind}    encode_tagged(b, [], {ut})")
        else:
            body.append(f"{ind}if {' or '.join(f'({d})' for d in differs)} or {ut}:")
            body.append(f"{ind}    _t = []")
            for f, d in zip(tagged, differs, strict=True):
                body.append(f"{ind}    if {d}:")
                body.append(f"{ind}        _w, w = w, Writer()")
                body.append(f"{ind}        b = w.b")
                body += self.enc_field(f, v, f"{obj}.{f.attr}", ind + "        ", tagged=True)
                body.append(f"{ind}        _t.append(({f.tag}, b''.join(w.finish())))")
                body.append(f"{ind}        w = _w")
                body.append(f"{ind}        b = w.b")
            body.append(f"{ind}    encode_tagged(b, _t, {ut})")
        body.append(f"{ind}else:")
        body.append(f"{ind}    b.append(0)")
        return body

    def gen_encode(self, sname: str, v: int) -> str:
        if self.short_cuts:
            text = "\n".join(["    b = w.b", *self.encode_body(sname, v, "o", "    ")])
            loop_vars = sorted(set(re.findall(r"for (_o\d*) in", text)))
            used = [n for n in ("_v", "_x") if f"{n} = " in text or f"for {n} in" in text]
            used += loop_vars
            decl = [f"    {n}: Any" for n in used]
            if "_t = []" in text:
                decl.append("    _t: list[tuple[int, bytes]]")
            return "\n".join([*decl, text])
        sd = self.m.structs[sname]
        ind = "    "
        body = [f"{ind}b = w.b"]
        run: list[str] = []

        def flush_run(fmt_parts: list[str]) -> None:
            if not run:
                return
            sc = self.struct_const(">" + "".join(fmt_parts))
            body.append(f"{ind}b += {sc}.pack({', '.join(run)})")
            run.clear()
            fmt_parts.clear()

        fmt: list[str] = []
        tagged: list[Field] = []
        for f in sd.fields:
            if v not in f.versions:
                continue
            if v in f.tagged:
                tagged.append(f)
                continue
            if not f.is_array and f.type in FIXED:
                run.append(f"o.{f.attr}")
                fmt.append(FIXED[f.type][0])
                continue
            flush_run(fmt)
            body += self.enc_field(f, v, f"o.{f.attr}", ind)
        flush_run(fmt)
        if self.flex(v):
            if not tagged:
                body.append(f"{ind}if o.unknown_tagged_fields:")
                body.append(f"{ind}    encode_tagged(b, [], o.unknown_tagged_fields)")
                body.append(f"{ind}else:")
                body.append(f"{ind}    b.append(0)")
            else:
                body.append(f"{ind}_t: list[tuple[int, bytes]] = []")
                for f in sorted(tagged, key=lambda f: f.tag or 0):
                    body.append(f"{ind}if {self.differs_from_default(f, f'o.{f.attr}')}:")
                    body.append(f"{ind}    _w, w = w, Writer()")
                    body.append(f"{ind}    b = w.b")
                    body += self.enc_field(f, v, f"o.{f.attr}", ind + "    ", tagged=True)
                    body.append(f"{ind}    _t.append(({f.tag}, b''.join(w.finish())))")
                    body.append(f"{ind}    w = _w")
                    body.append(f"{ind}    b = w.b")
                if self.short_cuts:
                    # the common case (every tagged field at its default): one byte, no sort
                    body.append(f"{ind}if _t or o.unknown_tagged_fields:")
                    body.append(f"{ind}    encode_tagged(b, _t, o.unknown_tagged_fields)")
                    body.append(f"{ind}else:")
                    body.append(f"{ind}    b.append(0)")
                else:
                    body.append(f"{ind}encode_tagged(b, _t, o.unknown_tagged_fields)")
        text = "\n".join(body)
        decl = [
            f"{ind}{n}: Any" for n in ("_v", "_x") if f"{n} = " in text or f"for {n} in" in text
        ]
        return "\n".join([*decl, text]) if decl else text

    # -- assembly -------------------------------------------------------------------------
    def gen_functions(self) -> None:
        m = self.m
        for sname in m.order:
            sd = m.structs[sname]
            seen_d: dict[str, str] = {}
            seen_e: dict[str, str] = {}
            cls = self.cls_ref(sname).replace(".", "_")
            for v in range(sd.versions.lo, sd.versions.hi + 1):
                db = self.gen_decode(sname, v)
                if db not in seen_d:
                    name = f"_d_{cls}_v{v}"
                    seen_d[db] = name
                    ann = self.cls_ref(sname)
                    self.funcs.append(
                        f"def {name}(b: memoryview, p: int) -> tuple[{ann}, int]:\n{db}\n"
                    )
                self.dec_names[(sname, v)] = seen_d[db]
                eb = self.gen_encode(sname, v)
                if eb not in seen_e:
                    name = f"_e_{cls}_v{v}"
                    seen_e[eb] = name
                    self.funcs.append(
                        f"def {name}(o: {self.cls_ref(sname)}, w: Writer) -> None:\n{eb}\n"
                    )
                self.enc_names[(sname, v)] = seen_e[eb]

    def drop_unused_functions(self) -> None:
        """Decoders of leaf structs decoded inside their arrays' loops, and encoders of array
        elements encoded inside their loops, are called from nowhere else: not written."""
        versions = range(self.m.lo, self.m.hi + 1)
        top = {self.dec_names[(self.m.name, v)] for v in versions}
        top |= {self.enc_names[(self.m.name, v)] for v in versions}
        name_of = {fn: fn[4 : fn.index("(")] for fn in self.funcs}
        text = "\n".join(self.funcs)
        self.funcs = [
            fn for fn in self.funcs
            if name_of[fn] in top
            or len(re.findall(rf"\b{name_of[fn]}\b", text)) > 1
        ]

    def gen_class(self, sname: str, ind: str, top: bool) -> list[str]:
        m = self.m
        sd = m.structs[sname]
        base = "Message" if top else "Struct"
        lines = [f"{ind}class {sname}({base}):"]
        i2 = ind + "    "
        slots = [f.attr for f in sd.fields] + ["unknown_tagged_fields"]
        lines.append(f"{i2}__slots__ = ({', '.join(repr(s) for s in slots)},)")
        lines.append("")
        if top:
            lines.append(f"{i2}NAME: ClassVar[str] = {m.name!r}")
            if m.api_key is not None:
                lines.append(f"{i2}API_KEY: ClassVar[int] = {m.api_key}")
            lines.append(f"{i2}MIN_VERSION: ClassVar[int] = {m.lo}")
            lines.append(f"{i2}MAX_VERSION: ClassVar[int] = {m.hi}")
            flex_min = m.flexible.lo if not m.flexible.empty() else -1
            lines.append(f"{i2}FLEXIBLE_MIN: ClassVar[int] = {flex_min}")
            lines.append(f"{i2}LATEST_VERSION_UNSTABLE: ClassVar[bool] = {m.unstable}")
            lines.append("")
            for child in m.order:
                if child != sname:
                    lines += self.gen_class(child, i2, False)
                    lines.append("")
        for f in sd.fields:
            lines.append(f"{i2}{f.attr}: {self.py_type(f)}")
        lines.append(f"{i2}unknown_tagged_fields: tuple[tuple[int, bytes], ...]")
        lines.append("")
        params = ["self"]
        for f in sd.fields:
            params.append(f"{f.attr}: {self.py_type(f)} = {self.default_expr(f, for_param=True)}")
        params.append("unknown_tagged_fields: tuple[tuple[int, bytes], ...] = ()")
        lines.append(f"{i2}def __init__(")
        for p in params:
            lines.append(f"{i2}    {p},")
        lines.append(f"{i2}) -> None:")
        for f in sd.fields:
            d = self.default_expr(f, for_param=True)
            if d == "_MISSING":
                lines.append(
                    f"{i2}    self.{f.attr} = {self.default_expr(f)} "
                    f"if {f.attr} is _MISSING else {f.attr}"
                )
            else:
                lines.append(f"{i2}    self.{f.attr} = {f.attr}")
        lines.append(f"{i2}    self.unknown_tagged_fields = unknown_tagged_fields")
        return lines

    def module(self, schema_file: str) -> str:
        m = self.m
        self.gen_functions()
        if self.short_cuts:
            self.drop_unused_functions()
        cls_lines = self.gen_class(m.name, "", True)
        out = [
            f'"""Kafka {m.kind} {m.name}: every version, {m.lo} to {m.hi}.',
            "",
            f"Generated from {schema_file} (Kafka 3.9) by codegen/generate.py. Do not edit.",
            '"""',
            "",
            "# ruff: noqa",
            "# fmt: off",
            "from __future__ import annotations",
            "",
            "import struct",
            "import uuid",
            "from typing import Any, ClassVar",
            "",
            "from strom.protocol.codec import (",
            "    ZERO_UUID, Buffer, DecodeError, DecodeFn, EncodeFn, Message, Struct, Writer,",
            "    check_tag_end, encode_array_len, encode_bytes, encode_records, encode_string,",
            "    encode_tagged, read_array_len, read_bytes, read_compact_array_len,",
            "    read_compact_bytes, read_compact_nullable_bytes, read_compact_nullable_string,",
            "    read_compact_records, read_compact_string, read_nullable_bytes,",
            "    read_nullable_string, read_records, read_string, read_tag_count, "
            "read_unknown_tag,",
            "    read_unknown_tags, read_uuid, read_uvarint,",
            ")",
            "",
            *(["_new: Any = object.__new__"] if self.short_cuts else []),
            "_MISSING: Any = object()",
            "",
        ]
        for fmt, name in self.struct_consts.items():
            out.append(f"{name} = struct.Struct({fmt!r})")
        out.append("")
        out.append("")
        out += cls_lines
        out.append("")
        out.append("")
        for fn in self.funcs:
            out.append(fn)
            out.append("")
        top = m.name
        dec = ", ".join(f"{v}: {self.dec_names[(top, v)]}" for v in range(m.lo, m.hi + 1))
        enc = ", ".join(f"{v}: {self.enc_names[(top, v)]}" for v in range(m.lo, m.hi + 1))
        out.append(f"_DEC: dict[int, DecodeFn] = {{{dec}}}")
        out.append(f"_ENC: dict[int, EncodeFn] = {{{enc}}}")
        out.append(f"{top}._DECODERS = _DEC")
        out.append(f"{top}._ENCODERS = _ENC")
        out.append("")
        return "\n".join(out)


def module_name(msg: Message) -> str:
    if msg.kind in ("request", "response"):
        base = re.sub(r"(Request|Response)$", "", msg.name)
        return snake(base)
    if msg.kind == "header":
        return "headers"
    return snake(msg.name)


# ---------------------------------------------------------------------------------------------
# driver


def generate(schema_dir: Path, out_dir: Path, *, short_cuts: bool = True) -> list[Path]:
    by_name = {p.name: p for p in schema_dir.glob("*.json")}
    by_name.update((p.name, p) for p in OVERLAY.glob("*.json") if p.name in by_name)
    files = sorted(by_name.values(), key=lambda p: p.name)
    groups: dict[str, list[tuple[Message, str]]] = {}
    apis: dict[int, dict[str, object]] = {}
    for path in files:
        msg = Message(load_schema(path))
        mod = module_name(msg)
        groups.setdefault(mod, []).append((msg, path.name))
        if msg.api_key is not None:
            info = apis.setdefault(int(msg.api_key), {"module": mod})  # type: ignore[call-overload]
            info[msg.kind] = msg
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for mod, msgs in sorted(groups.items()):
        parts: list[str] = []
        for i, (msg, fname) in enumerate(sorted(msgs, key=lambda t: t[0].kind)):
            text = Gen(msg, short_cuts).module(fname)
            if i > 0:
                # second message of a module: drop its module docstring and imports
                marker = "_MISSING: Any = object()"
                text = text[text.index(marker) + len(marker) :]
                text = _rename_private(text, msg.name)
            else:
                text = _rename_private(text, msg.name)
            parts.append(text)
        if len(msgs) > 1:
            names = " and ".join(m.name for m, _ in sorted(msgs, key=lambda t: t[0].kind))
            srcs = ", ".join(f for _, f in sorted(msgs, key=lambda t: t[0].kind))
            first = parts[0]
            end_doc = first.index('"""', 3) + 3
            doc = (
                f'"""Kafka {names}: every version.\n\nGenerated from {srcs} (Kafka 3.9) by '
                'codegen/generate.py. Do not edit.\n"""'
            )
            parts[0] = doc + first[end_doc:]
        path = out_dir / f"{mod}.py"
        path.write_text("\n".join(parts))
        written.append(path)
    init = out_dir / "__init__.py"
    init.write_text(_registry(apis))
    written.append(init)
    return written


def _rename_private(text: str, prefix: str) -> str:
    """Give module-level private names (struct constants, _DEC/_ENC) a message prefix."""
    tag = "Req" if prefix.endswith("Request") else "Resp" if prefix.endswith("Response") else "H"
    if prefix == "ResponseHeader":
        tag = "RespH"
    text = re.sub(r"\b_S(\d+)\b", rf"_S{tag}\1", text)
    text = re.sub(r"\b_DEC\b", f"_DEC_{prefix}", text)
    text = re.sub(r"\b_ENC\b", f"_ENC_{prefix}", text)
    return text


def _registry(apis: dict[int, dict[str, object]]) -> str:
    lines = [
        '"""Registry of every Kafka API this codec knows: key -> module, classes, versions.',
        "",
        "Generated from the JSON schemas (Kafka 3.9) by codegen/generate.py. Do not edit.",
        "Message modules are imported lazily, on first use of their API.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "import importlib",
        "from typing import NamedTuple",
        "",
        "from strom.protocol.codec import Message",
        "",
        "",
        "class ApiInfo(NamedTuple):",
        "    api_key: int",
        "    name: str",
        "    module: str",
        "    min_version: int",
        "    max_version: int",
        "    flexible_min: int",
        "    latest_version_unstable: bool",
        "    listeners: tuple[str, ...]",
        "",
        "    def request_class(self) -> type[Message]:",
        "        cls: type[Message] = getattr(",
        "            importlib.import_module(f'strom.protocol.messages.{self.module}'), "
        "self.name + 'Request'",
        "        )",
        "        return cls",
        "",
        "    def response_class(self) -> type[Message]:",
        "        cls: type[Message] = getattr(",
        "            importlib.import_module(f'strom.protocol.messages.{self.module}'), "
        "self.name + 'Response'",
        "        )",
        "        return cls",
        "",
        "",
        "APIS: dict[int, ApiInfo] = {",
    ]
    for key in sorted(apis):
        info = apis[key]
        req: Message = info["request"]  # type: ignore[assignment]
        resp: Message = info["response"]  # type: ignore[assignment]
        assert (req.lo, req.hi) == (resp.lo, resp.hi), req.name
        name = req.name[: -len("Request")]
        flex = req.flexible.lo if not req.flexible.empty() else -1
        listeners = tuple(req.schema.get("listeners", ()))  # type: ignore[call-overload]
        lines.append(
            f"    {key}: ApiInfo({key}, {name!r}, {info['module']!r}, {req.lo}, {req.hi}, {flex}, "
            f"{req.unstable}, {listeners!r}),"
        )
    lines.append("}")
    lines.append("")
    lines.append(
        "API_KEYS_BY_NAME: dict[str, int] = {info.name: key for key, info in APIS.items()}"
    )
    lines.append("")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    schema_dir = Path(argv[1]) if len(argv) > 1 else DEFAULT_SCHEMAS
    out_dir = Path(argv[2]) if len(argv) > 2 else DEFAULT_OUT
    written = generate(schema_dir, out_dir)
    print(f"wrote {len(written)} modules to {out_dir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
