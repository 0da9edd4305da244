"""The encoder writer: the body of each generated ``_e_<Struct>_v<N>(o, w)`` function.

Owns how a struct is written at one version: fixed-width runs packed by one ``struct.Struct``,
array lengths and nullable markers, the tagged-field section (a field written only when it differs
from its default, in tag order), and with short cuts an array's struct elements encoded inside the
loop at any depth and a tagged-field section at its defaults written as one byte. Invariants:
``b`` is ``w.b`` on entry and exit of every written block (a call that may grow the writer is
followed by ``b = w.b``); a nested struct is encoded by calling the function named in ``names``
(filled by the module writer, children before parents).
"""

from __future__ import annotations

import re

from codegen.helpers import CodeHelpers
from codegen.schema import FIXED, Field, Message, Versions


class EncoderWriter:
    def __init__(
        self,
        msg: Message,
        short_cuts: bool,
        helpers: CodeHelpers,
        names: dict[tuple[str, int], str],
    ) -> None:
        """``names``: the encoder function of each (struct, version) written so far."""
        self.m = msg
        self.short_cuts = short_cuts
        self.h = helpers
        self.names = names
        self.depth = 0  # how many array elements' encodings are being written inline

    def differs_from_default(self, f: Field, val: str) -> str:
        """An expression true when ``val`` (field ``f``) is not its default: what a tagged field
        is written for. ``val != Default()`` for a struct would build the default and compare
        slot by slot generically; a struct of scalar fields is compared field by field instead,
        with the same outcome (a value of another type is never the default, as
        ``Struct.__eq__`` has it)."""
        if self.short_cuts and f.is_struct and not f.is_array and f.default != "null":
            sd = self.m.structs[f.type]
            if all(not g.is_struct and not g.is_array for g in sd.fields):
                terms = [f"type({val}) is not {self.h.cls_ref(f.type)}"]
                terms += [f"{val}.{g.attr} != {self.h.default_expr(g)}" for g in sd.fields]
                terms.append(f"{val}.unknown_tagged_fields != ()")
                return " or ".join(terms)
        return f"{val} != {self.h.default_expr(f)}"

    def enc_scalar(
        self, f: Field, v: int, val: str, ind: str, tagged: bool = False
    ) -> list[str]:
        c = self.h.fcompact(f, v)
        n = v in f.nullable
        t = f.type
        if f.is_struct:
            fn = self.names[(t, v)]
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
            sc = self.h.struct_const(">" + FIXED[t][0])
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
        c = self.h.fcompact(f, v)
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

    def encode_fields(
        self, sname: str, v: int, obj: str, ind: str
    ) -> tuple[list[str], list[Field]]:
        """Lines writing the untagged fields of struct ``sname`` at ``v`` from ``obj`` in schema
        order (a run of fixed-width fields packed by one ``struct.Struct``). Returns the lines
        and the tagged fields at ``v``, in schema order, for the tag section."""
        body: list[str] = []
        run: list[str] = []
        fmt: list[str] = []
        tagged: list[Field] = []

        def flush_run() -> None:
            if run:
                sc = self.h.struct_const(">" + "".join(fmt))
                body.append(f"{ind}b += {sc}.pack({', '.join(run)})")
                run.clear()
                fmt.clear()

        for f in self.m.structs[sname].fields:
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
        return body, tagged

    def encode_body(self, sname: str, v: int, obj: str, ind: str) -> list[str]:
        """Lines encoding struct ``sname`` at ``v`` from ``obj`` (``b`` is ``w.b`` on entry
        and exit): the general path's writes, with a tagged-field section at its defaults
        written as one byte without building the list of tagged fields."""
        body, tagged = self.encode_fields(sname, v, obj, ind)
        if not self.h.flex(v):
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
        ind = "    "
        fields, tagged = self.encode_fields(sname, v, "o", ind)
        body = [f"{ind}b = w.b", *fields]
        if self.h.flex(v):
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
                body.append(f"{ind}encode_tagged(b, _t, o.unknown_tagged_fields)")
        text = "\n".join(body)
        decl = [
            f"{ind}{n}: Any" for n in ("_v", "_x") if f"{n} = " in text or f"for {n} in" in text
        ]
        return "\n".join([*decl, text]) if decl else text
