"""The schema model: Kafka's JSON message schemas read into messages, structs and fields.

Owns the reading of a schema file (``//`` comment lines dropped), the version ranges of Kafka's
schema language (``"3+"``, ``"0-2"``, ``"none"``), the field model (an array field's ``type`` is
its element type) and the order of a message's structs. Invariants: every version range is
clamped to the message's valid versions; ``Message.order`` lists each struct once, children
before their parents, and a struct used at several places (a common struct) covers the union
of the versions it is used in. Nothing here writes code.
"""

from __future__ import annotations

import json
import keyword
import re
from dataclasses import dataclass, field
from pathlib import Path

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
                sub = self.common[f.type]["fields"]
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

