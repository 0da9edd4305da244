"""Generate ``strom.protocol.messages`` from Kafka's JSON message schemas.

Usage: ``python codegen/generate.py [SCHEMA_DIR] [OUT_DIR]`` (defaults:
``codegen/schemas/kafka-3.9``, Kafka's files vendored unchanged, and
``src/strom/protocol/messages``).

Not imported by the package. For every schema it writes one module holding the message class (with
its structs as nested classes) and straight-line decode/encode functions per version; versions whose
wire format is identical share one function. The output is deterministic so a test can regenerate
it and diff.

This module owns the assembly: which functions a message module holds and their names, the class
definitions, the module text, the merging of a request and its response into one module, the
registry (``__init__.py``) and the driver. The parts it composes: ``schema.py`` (the schema
model), ``decoders.py`` (``DecoderWriter``, the decode function bodies), ``encoders.py``
(``EncoderWriter``, the encode function bodies) and ``helpers.py`` (``CodeHelpers``, what they
share: the struct constants table and the default expressions). Invariant: for each struct,
children before parents, each version's decoder is written before its encoder, so the shared
constants are numbered in the order the generated text has always had.

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

import re
import sys
from pathlib import Path

# run as a script (``python codegen/generate.py``) or loaded from its file by the tests: the
# writers are imported from this file's own tree
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from codegen.decoders import DecoderWriter
from codegen.encoders import EncoderWriter
from codegen.helpers import CodeHelpers
from codegen.schema import PY_TYPE, Field, Message, load_schema, snake

# another tree's writers, imported earlier in this process, would write that tree's output
for _part in (DecoderWriter, EncoderWriter, CodeHelpers, Message):
    _file = sys.modules[_part.__module__].__file__
    if _file is None or Path(_file).resolve().parent != Path(__file__).resolve().parent:
        raise ImportError(f"codegen: {_part.__module__} was imported from {_file}, not this tree")

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SCHEMAS = ROOT / "codegen" / "schemas" / "kafka-3.9"
DEFAULT_OUT = ROOT / "src" / "strom" / "protocol" / "messages"
# Schemas newer than Kafka 3.9 that Strom needs (e.g. ConsumerGroupHeartbeat v1 for KIP-848
# clients): a file here replaces the same-named file of the schema directory.
OVERLAY = ROOT / "codegen" / "schemas" / "overlay"


# ---------------------------------------------------------------------------------------------
# module assembly


class Gen:
    def __init__(self, msg: Message, short_cuts: bool = True) -> None:
        """``short_cuts=False`` writes the general path only (tagged fields compared with a
        built default and always written by ``encode_tagged``): what the tests compare the
        short cuts with."""
        self.m = msg
        self.short_cuts = short_cuts
        self.h = CodeHelpers(msg)
        self.funcs: list[str] = []
        self.dec_names: dict[tuple[str, int], str] = {}
        self.enc_names: dict[tuple[str, int], str] = {}
        self.decoder = DecoderWriter(msg, short_cuts, self.h, self.dec_names)
        self.encoder = EncoderWriter(msg, short_cuts, self.h, self.enc_names)

    # -- class definitions ----------------------------------------------------------------
    def nullable_anywhere(self, f: Field) -> bool:
        return not f.nullable.empty() or f.default == "null"

    def py_type(self, f: Field) -> str:
        base = self.h.cls_ref(f.type) if f.is_struct else PY_TYPE[f.type]
        if f.is_array:
            base = f"list[{base}]"
        if self.nullable_anywhere(f) or f.type == "records":
            base = f"{base} | None"
        return base

    # -- assembly -------------------------------------------------------------------------
    def gen_functions(self) -> None:
        m = self.m
        for sname in m.order:
            sd = m.structs[sname]
            seen_d: dict[str, str] = {}
            seen_e: dict[str, str] = {}
            cls = self.h.cls_ref(sname).replace(".", "_")
            for v in range(sd.versions.lo, sd.versions.hi + 1):
                db = self.decoder.gen_decode(sname, v)
                if db not in seen_d:
                    name = f"_d_{cls}_v{v}"
                    seen_d[db] = name
                    ann = self.h.cls_ref(sname)
                    self.funcs.append(
                        f"def {name}(b: memoryview, p: int) -> tuple[{ann}, int]:\n{db}\n"
                    )
                self.dec_names[(sname, v)] = seen_d[db]
                eb = self.encoder.gen_encode(sname, v)
                if eb not in seen_e:
                    name = f"_e_{cls}_v{v}"
                    seen_e[eb] = name
                    self.funcs.append(
                        f"def {name}(o: {self.h.cls_ref(sname)}, w: Writer) -> None:\n{eb}\n"
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
            params.append(f"{f.attr}: {self.py_type(f)} = {self.h.default_expr(f, for_param=True)}")
        params.append("unknown_tagged_fields: tuple[tuple[int, bytes], ...] = ()")
        lines.append(f"{i2}def __init__(")
        for p in params:
            lines.append(f"{i2}    {p},")
        lines.append(f"{i2}) -> None:")
        for f in sd.fields:
            d = self.h.default_expr(f, for_param=True)
            if d == "_MISSING":
                lines.append(
                    f"{i2}    self.{f.attr} = {self.h.default_expr(f)} "
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
        for fmt, name in self.h.struct_consts.items():
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
        raw_listeners = req.schema.get("listeners", [])
        assert isinstance(raw_listeners, list), req.name
        listeners = tuple(str(name) for name in raw_listeners)
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
