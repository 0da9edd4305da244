"""The decoder writer: the body of each generated ``_d_<Struct>_v<N>(b, p)`` function.

Owns how a struct is read at one version: fixed-width runs unpacked by one ``struct.Struct``,
arrays with their minimum element size checked against the bytes left, nullable markers, the
tagged-field section (known tags decoded, unknown ones kept as raw bytes), and with short cuts
the struct made by ``__new__`` with each field stored as read and a leaf struct's elements decoded
inside the array's loop. Invariants: fields are read in schema order with the checks of the
general path; a nested struct is decoded by calling the function named in ``names`` (filled by the
module writer, children before parents), never by guessing a name.
"""

from __future__ import annotations

import re

from codegen.helpers import CodeHelpers
from codegen.schema import FIXED, Field, Message, Versions


class DecoderWriter:
    def __init__(
        self,
        msg: Message,
        short_cuts: bool,
        helpers: CodeHelpers,
        names: dict[tuple[str, int], str],
    ) -> None:
        """``names``: the decoder function of each (struct, version) written so far."""
        self.m = msg
        self.short_cuts = short_cuts
        self.h = helpers
        self.names = names
        self.min_sizes: dict[tuple[str, int], int] = {}

    def min_size(self, sname: str, v: int) -> int:
        key = (sname, v)
        if key in self.min_sizes:
            return self.min_sizes[key]
        sd = self.m.structs[sname]
        total = 1 if self.h.flex(v) else 0
        for f in sd.fields:
            if v not in f.versions or v in f.tagged:
                continue
            c = self.h.fcompact(f, v)
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
        return 1 if self.h.fcompact(f, v) else 2

    def dec_scalar(
        self, f: Field, v: int, target: str, ind: str, tagged: bool = False
    ) -> list[str]:
        """Lines reading one non-array value of field ``f`` into ``target``."""
        c = self.h.fcompact(f, v)
        n = v in f.nullable
        t = f.type
        if f.is_struct:
            fn = self.names[(t, v)]
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
            sc = self.h.struct_const(">" + FIXED[t][0])
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
        c = self.h.fcompact(f, v)
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
            fn = self.names[(f.type, v)]
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

    def decode_fields(
        self, sname: str, v: int, targets: list[str], ind: str
    ) -> tuple[list[str], list[tuple[Field, str]]]:
        """Lines reading the untagged fields of struct ``sname`` at ``v`` in schema order, each
        into its target (a run of fixed-width fields unpacked by one ``struct.Struct``); a field
        absent at ``v`` or tagged gets its default. Returns the lines and the tagged fields
        with their targets, for the tag section."""
        body: list[str] = []
        run: list[tuple[Field, str]] = []

        def flush_run() -> None:
            if not run:
                return
            fmt = ">" + "".join(FIXED[f.type][0] for f, _ in run)
            size = sum(FIXED[f.type][1] for f, _ in run)
            names = ", ".join(t for _, t in run)
            body.append(f"{ind}({names},) = {self.h.struct_const(fmt)}.unpack_from(b, p)")
            body.append(f"{ind}p += {size}")
            run.clear()

        tagged: list[tuple[Field, str]] = []
        for f, target in zip(self.m.structs[sname].fields, targets, strict=True):
            if v not in f.versions or v in f.tagged:
                flush_run()
                body.append(f"{ind}{target} = {self.h.default_expr(f)}")
                if v in f.versions:
                    tagged.append((f, target))
            elif not f.is_array and f.type in FIXED:
                run.append((f, target))
            else:
                flush_run()
                body += self.dec_field(f, v, target, ind)
        flush_run()
        return body, tagged

    def decode_into(self, sname: str, v: int, obj: str, ind: str) -> list[str]:
        """Lines decoding struct ``sname`` at ``v`` into a new object ``obj``: the object made
        by ``__new__`` and each field stored in its slot as read (no ``__init__`` call, no
        keyword parsing, no local per field). Field order, reads and checks are those of the
        general path."""
        sd = self.m.structs[sname]
        cls = self.h.cls_ref(sname)
        fields, tagged = self.decode_fields(sname, v, [f"{obj}.{f.attr}" for f in sd.fields], ind)
        body = [f"{ind}{obj} = _new({cls})", *fields]
        ut = f"{obj}.unknown_tagged_fields"
        if not self.h.flex(v):
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
            body[0] = f"    o: {self.h.cls_ref(sname)} = _new({self.h.cls_ref(sname)})"
            body.append("    return o, p")
            text = "\n".join(body)
            decl = [
                f"    {n}: Any"
                for n in ("_x", "_a", "_e")
                if f"{n}, p" in text or f"{n} = " in text
            ]
            return "\n".join([*decl, text])
        sd = self.m.structs[sname]
        ind = "    "
        flex = self.h.flex(v)
        args = [f"f{i}" for i in range(len(sd.fields))]
        body, tagged = self.decode_fields(sname, v, args, ind)
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
        cls = self.h.cls_ref(sname)
        body.append(f"{ind}return {cls}({', '.join(args)}), p")
        text = "\n".join(body)
        decl = [f"{ind}{n}: Any" for n in ["_x", "_a", *args] if re.search(rf"\b{n} = \[\]", text)
                or (n == "_x" and "_x, p" in text) or (n == "_a" and "_a = " in text)]
        return "\n".join([*decl, text]) if decl else text
