"""Broker configuration: Kafka key names, defaults, synonyms, validation."""

from __future__ import annotations

from pathlib import Path

import pytest

from strom.broker.config import BrokerConfig, ConfigError, load_config
from strom.properties import parse_properties

pytestmark = pytest.mark.unit


def test_defaults_are_kafkas() -> None:
    c = BrokerConfig({})
    assert c.broker_id == 0
    assert c["num.partitions"] == 1
    assert c["message.max.bytes"] == 1048588
    assert c["socket.request.max.bytes"] == 104857600
    assert c.listeners[0].host == "127.0.0.1" and c.listeners[0].port == 9092
    assert c.log_dirs == [Path("./data")]


def test_properties_file_and_overrides(tmp_path: Path) -> None:
    f = tmp_path / "server.properties"
    f.write_text("# comment\nbroker.id=7\nlog.dirs=/a,/b\nnum.partitions : 3\n")
    c = load_config(str(f), ["num.partitions=5"])
    assert c.broker_id == 7
    assert c.log_dirs == [Path("/a"), Path("/b")]
    assert c["num.partitions"] == 5


def test_invalid_value_fails_with_the_key_named() -> None:
    with pytest.raises(ConfigError, match=r"num\.partitions"):
        BrokerConfig({"num.partitions": "many"})
    with pytest.raises(ConfigError, match=r"num\.partitions"):
        BrokerConfig({"num.partitions": "0"})
    with pytest.raises(ConfigError, match="listeners"):
        BrokerConfig({"listeners": "nonsense"})
    with pytest.raises(ConfigError, match="timestamp"):
        BrokerConfig({"log.message.timestamp.type": "Sometimes"})


def test_unknown_key_warns(caplog: pytest.LogCaptureFixture) -> None:
    BrokerConfig({"no.such.key": "1"})
    assert "no.such.key" in caplog.text


def test_retention_synonyms_in_priority_order() -> None:
    assert BrokerConfig({}).topic_default("retention.ms") == ("log.retention.hours", "604800000")
    c = BrokerConfig({"log.retention.minutes": "5", "log.retention.hours": "1"})
    assert c.topic_default("retention.ms") == ("log.retention.minutes", "300000")
    c = BrokerConfig({"log.retention.ms": "1234", "log.retention.minutes": "5"})
    assert c.topic_default("retention.ms") == ("log.retention.ms", "1234")
    assert BrokerConfig({"log.segment.bytes": "1000"}).topic_defaults()["segment.bytes"] == "1000"


def test_parse_properties_separators() -> None:
    assert parse_properties("a=1\nb: 2\n! c=3\nd\n") == {"a": "1", "b": "2", "d": ""}


def test_missing_properties_file() -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_config("/nonexistent/server.properties")
