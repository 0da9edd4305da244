"""What the decoder, encoder and class writers of one message share.

Owns the message's table of ``struct.Struct`` constants and the small expressions every writer
uses: whether a version (or a field at a version) is flexible, the reference to a struct's class,
a field's default. Invariant: one table per generated message, shared by its decoder and encoder
writers, so the constants are numbered in first-use order across both (``_S0``, ``_S1``, ...) as
one writer would number them; the generated text depends on that order.
"""

from __future__ import annotations

from codegen.schema import FIXED, Field, Message


class CodeHelpers:
    def __init__(self, msg: Message) -> None:
        self.m = msg
        self.struct_consts: dict[str, str] = {}

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
                return repr(float(str(d))) if d not in (None, "") else "0.0"
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
