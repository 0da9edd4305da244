"""docs/protocol.md is what codegen/protocol_doc.py prints from the registries."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit
ROOT = Path(__file__).resolve().parents[2]


def test_protocol_doc_is_current() -> None:
    spec = importlib.util.spec_from_file_location(
        "protocol_doc", ROOT / "codegen" / "protocol_doc.py"
    )
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert (ROOT / "docs" / "protocol.md").read_text() == mod.render(), (
        "docs/protocol.md is stale: run make generate"
    )


def test_api_versions_advertises_exactly_the_registry() -> None:
    from strom.broker.network import api_versions_response
    from strom.broker.registry import load_handlers

    handlers = load_handlers()
    resp = api_versions_response()
    assert {k.api_key: (k.min_version, k.max_version) for k in resp.api_keys} == {
        key: (r.min_version, r.max_version) for key, r in handlers.items()
    }
    produce = handlers[0]
    assert produce.min_version == 0
