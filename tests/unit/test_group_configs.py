"""Unit tests of strom.broker.group_configs: Kafka 3.9's GroupConfig validation against the
broker's bounds, how DescribeConfigs reports a group's configs, and the single-node store."""

from __future__ import annotations

from pathlib import Path

import pytest

from strom.broker.config import BrokerConfig
from strom.broker.configs import DEFAULT_CONFIG, DYNAMIC_GROUP_CONFIG, STATIC_BROKER_CONFIG
from strom.broker.group_configs import GroupConfigStore, describe, validate
from strom.errors import ErrorCode, KafkaError

pytestmark = pytest.mark.unit
SESSION, HEARTBEAT = "consumer.session.timeout.ms", "consumer.heartbeat.interval.ms"


def _refused(cfg: BrokerConfig, overrides: dict[str, str]) -> str:
    with pytest.raises(KafkaError) as e:
        validate(cfg, overrides)
    assert e.value.code == ErrorCode.INVALID_CONFIG
    return e.value.message


def test_validation_uses_the_brokers_bounds() -> None:
    cfg = BrokerConfig({})
    validate(cfg, {})
    validate(cfg, {SESSION: "45000", HEARTBEAT: "15000"})
    assert _refused(cfg, {SESSION: "44999"}) == (
        f"{SESSION} must be greater than or equal to group.consumer.min.session.timeout.ms"
    )
    assert _refused(cfg, {SESSION: "60001"}) == (
        f"{SESSION} must be less than or equal to group.consumer.max.session.timeout.ms"
    )
    assert _refused(cfg, {"share.session.timeout.ms": "1"}) == (
        "Unknown group config name: share.session.timeout.ms"
    )
    assert _refused(cfg, {HEARTBEAT: "0"}) == (
        f"Invalid value 0 for configuration {HEARTBEAT}: Value must be at least 1"
    )
    wide = BrokerConfig(
        {
            "group.consumer.min.session.timeout.ms": "1000",
            "group.consumer.min.heartbeat.interval.ms": "1000",
        }
    )
    validate(wide, {SESSION: "2000", HEARTBEAT: "1000"})
    assert _refused(wide, {SESSION: "2000", HEARTBEAT: "2000"}) == (
        f"{SESSION} must be greater than {HEARTBEAT}"
    )


def test_describe_sources_and_synonyms() -> None:
    cfg = BrokerConfig({"group.consumer.heartbeat.interval.ms": "6000"})
    entries = {e.name: e for e in describe(cfg, {SESSION: "50000"})}
    assert list(entries) == [HEARTBEAT, SESSION]
    s, h = entries[SESSION], entries[HEARTBEAT]
    assert (s.value, s.source, h.value, h.source) == (
        "50000",
        DYNAMIC_GROUP_CONFIG,
        "6000",
        STATIC_BROKER_CONFIG,
    )
    assert [(x.name, x.value, x.source) for x in s.synonyms] == [
        (SESSION, "50000", DYNAMIC_GROUP_CONFIG),
        ("group.consumer.session.timeout.ms", "45000", DEFAULT_CONFIG),
    ]
    assert not s.read_only and not s.is_default and s.config_type == 3


def test_local_store_survives_reopening(tmp_path: Path) -> None:
    store = GroupConfigStore(tmp_path, None)
    assert store.get("g") == {}
    store.set("g", {SESSION: "50000"})
    store.set("h", {HEARTBEAT: "6000"})
    store.set("h", {})  # no overrides: no entry at all
    again = GroupConfigStore(tmp_path, None)
    assert again.get("g") == {SESSION: "50000"} and again.get("h") == {}
    assert '"h"' not in (tmp_path / "strom-group-configs.json").read_text()
