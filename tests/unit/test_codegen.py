"""The generated modules are what codegen/generate.py writes from the Kafka 3.9 schemas, and the
registry and the classes agree with the schema text."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from codec_strategies import (
    VRange,
    all_message_classes,
    schema_default,
    spec_for,
)

from strom.protocol.messages import API_KEYS_BY_NAME, APIS

pytestmark = pytest.mark.unit

REPO = Path(__file__).resolve().parents[2]
SCHEMAS = REPO / "codegen" / "schemas" / "kafka-3.9"  # vendored: the checks run in any clone
COMMITTED = REPO / "src" / "strom" / "protocol" / "messages"
GENERATOR = REPO / "codegen" / "generate.py"


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strom_codegen_generate", GENERATOR)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look the module up by name
    try:
        spec.loader.exec_module(mod)
    finally:
        del sys.modules[spec.name]
    return mod


def committed_files() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(COMMITTED.glob("*.py"))}


def test_generated_modules_are_up_to_date(tmp_path: Path) -> None:
    gen = load_generator()
    written = gen.generate(SCHEMAS, tmp_path)
    fresh = {p.name: p.read_bytes() for p in sorted(tmp_path.glob("*.py"))}
    assert {p.name for p in written} == set(fresh)
    committed = committed_files()
    assert sorted(set(fresh) - set(committed)) == [], "generator writes modules not committed"
    assert sorted(set(committed) - set(fresh)) == [], "committed modules no longer generated"
    stale = sorted(name for name in fresh if fresh[name] != committed[name])
    assert stale == [], f"regenerate with `python codegen/generate.py`: {stale} differ"


def test_generation_is_deterministic(tmp_path: Path) -> None:
    gen = load_generator()
    gen.generate(SCHEMAS, tmp_path / "a")
    gen.generate(SCHEMAS, tmp_path / "b")
    for p in sorted((tmp_path / "a").glob("*.py")):
        assert p.read_bytes() == (tmp_path / "b" / p.name).read_bytes(), p.name


def test_generator_refuses_writers_of_another_tree(tmp_path: Path) -> None:
    """The generator is split into modules (codegen/schema.py, decoders.py, ...) imported as the
    package ``codegen``: a generator loaded from another tree in a process that already imported
    this tree's writers would silently write this tree's output. It refuses instead."""
    import shutil

    load_generator()  # this tree's writers are imported (and stay the ones cached)
    other = tmp_path / "other"
    shutil.copytree(REPO / "codegen", other / "codegen", ignore=shutil.ignore_patterns("schemas"))
    generator = other / "codegen" / "generate.py"
    spec = importlib.util.spec_from_file_location("other_codegen", generator)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    try:
        with pytest.raises(ImportError, match="not this tree"):
            spec.loader.exec_module(mod)
    finally:
        del sys.modules[spec.name]
        sys.path.remove(str(other))
    load_generator()  # this tree's generator still loads
    assert sys.modules["codegen.decoders"].__file__ == str(REPO / "codegen" / "decoders.py")


def test_every_schema_file_is_generated() -> None:
    names = {p.stem for p in SCHEMAS.glob("*.json")}
    assert names == {cls.NAME for cls in all_message_classes()}


def test_all_api_keys_present() -> None:
    assert len(APIS) == 88
    assert sorted(APIS) == list(range(88))
    expected = {
        0: "Produce",
        1: "Fetch",
        2: "ListOffsets",
        3: "Metadata",
        4: "LeaderAndIsr",
        5: "StopReplica",
        6: "UpdateMetadata",
        7: "ControlledShutdown",
        18: "ApiVersions",
        27: "WriteTxnMarkers",
        56: "AlterPartition",
        68: "ConsumerGroupHeartbeat",
        69: "ConsumerGroupDescribe",
    }
    for key, name in expected.items():
        assert APIS[key].name == name
        assert API_KEYS_BY_NAME[name] == key


@pytest.mark.parametrize("key", sorted(APIS))
def test_registry_matches_schemas(key: int) -> None:
    info = APIS[key]
    req, resp = info.request_class(), info.response_class()
    assert info.name + "Request" == req.NAME
    assert info.name + "Response" == resp.NAME
    for cls in (req, resp):
        spec = spec_for(cls)
        assert cls.API_KEY == key == spec.schema["apiKey"]
        assert (spec.valid.lo, spec.valid.hi) == (cls.MIN_VERSION, cls.MAX_VERSION)
        assert (info.min_version, info.max_version) == (spec.valid.lo, spec.valid.hi)
        flex = VRange.parse(spec.schema["flexibleVersions"])
        flex_min = flex.lo if flex.lo <= min(flex.hi, spec.valid.hi) else -1
        assert flex_min == cls.FLEXIBLE_MIN
        for v in range(cls.MIN_VERSION, cls.MAX_VERSION + 1):
            assert cls.is_flexible(v) == (v in flex)
    assert info.flexible_min == req.FLEXIBLE_MIN
    assert info.listeners == tuple(spec_for(req).schema.get("listeners", ()))


@pytest.mark.parametrize("cls", all_message_classes(), ids=lambda c: c.NAME)
def test_defaults_follow_schema(cls: type) -> None:
    """Every field of every struct defaults to the schema's default (or the type's zero)."""
    for s in spec_for(cls).structs.values():
        obj = s.cls()
        for f in s.fields:
            got = getattr(obj, f.attr)
            want = schema_default(f)
            assert got == want and type(got) is type(want), (s.name, f.name, got, want)
        assert obj.unknown_tagged_fields == ()


def test_known_defaults() -> None:
    from strom.protocol.messages.fetch import FetchRequest
    from strom.protocol.messages.metadata import MetadataRequest

    r = FetchRequest()
    assert r.max_bytes == 0x7FFFFFFF
    assert r.replica_id == -1
    assert r.session_epoch == -1
    assert r.cluster_id is None
    assert r.rack_id == ""
    assert r.replica_state == FetchRequest.ReplicaState(replica_id=-1, replica_epoch=-1)
    assert MetadataRequest().allow_auto_topic_creation is True
    # mutable defaults are not shared between instances
    a, b = FetchRequest(), FetchRequest()
    a.topics.append(FetchRequest.FetchTopic())
    assert b.topics == []


def test_api_versions_response_ranges_fit_registry() -> None:
    for info in APIS.values():
        assert 0 <= info.min_version <= info.max_version
        assert info.flexible_min == -1 or info.min_version <= info.flexible_min <= info.max_version


SYNTHETIC = {
    "type": "data",
    "name": "SyntheticData",
    "validVersions": "0-1",
    "flexibleVersions": "1+",
    "fields": [
        {"name": "Plain", "type": "Inner", "versions": "0+", "nullableVersions": "0+",
         "default": "null", "fields": [{"name": "A", "type": "int32", "versions": "0+"}]},
        {"name": "TaggedNullable", "type": "Inner2", "versions": "1+", "nullableVersions": "1+",
         "taggedVersions": "1+", "tag": 0,
         "fields": [{"name": "B", "type": "int8", "versions": "0+"}]},
        {"name": "TaggedDefaultNull", "type": "Inner3", "versions": "1+",
         "nullableVersions": "1+", "default": "null", "taggedVersions": "1+", "tag": "1",
         "fields": [{"name": "C", "type": "int8", "versions": "0+"}]},
    ],
}


def test_nullable_struct_markers(tmp_path: Path) -> None:
    """Nullable structs: an int8 marker (any negative byte is null, as Kafka reads it); in a
    tagged field an unsigned varint marker, 0 for null. No Kafka 3.9 schema has a tagged
    nullable struct, so a synthetic schema checks the generator's handling."""
    import json

    schemas = tmp_path / "schemas"
    schemas.mkdir()
    (schemas / "SyntheticData.json").write_text("// comment line\n" + json.dumps(SYNTHETIC))
    gen = load_generator()
    gen.generate(schemas, tmp_path / "out")
    spec = importlib.util.spec_from_file_location("synthetic_data",
                                                  tmp_path / "out" / "synthetic_data.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    cls = mod.SyntheticData

    msg = cls(plain=None, tagged_nullable=None, tagged_default_null=cls.Inner3(c=5))
    raw = msg.to_bytes(1)
    # plain null (ff); 2 tags: tag 0 size 1 null marker 0; tag 1 size 3: marker 1, C=5, no tags
    assert raw == bytes.fromhex("ff 02 00 01 00 01 03 01 05 00")
    assert cls.decode(raw, 1) == msg
    # at its defaults (tagged_nullable = Inner2(), tagged_default_null = None) nothing is tagged
    assert cls().to_bytes(1) == bytes.fromhex("ff 00")
    assert cls(plain=cls.Inner(a=7)).to_bytes(0) == bytes.fromhex("01 00000007")
    for marker in (0x80, 0xFE, 0xFF):
        assert cls.decode(bytes([marker]), 0).plain is None
    assert cls.decode(bytes.fromhex("00 00000007"), 0).plain == cls.Inner(a=7)
