"""Unit tests for LogConfig and the topic config table (strom.storage.config)."""

from __future__ import annotations

import pytest

from strom.errors import ErrorCode, KafkaError
from strom.storage.config import LONG_MAX, TOPIC_CONFIG_DEFS, LogConfig

pytestmark = pytest.mark.unit

KAFKA_DEFAULTS = {
    "segment.bytes": "1073741824",
    "segment.ms": "604800000",
    "segment.index.bytes": "10485760",
    "index.interval.bytes": "4096",
    "retention.ms": "604800000",
    "retention.bytes": "-1",
    "flush.messages": str(LONG_MAX),
    "flush.ms": str(LONG_MAX),
    "max.message.bytes": "1048588",
    "message.timestamp.type": "CreateTime",
    "message.timestamp.before.max.ms": str(LONG_MAX),
    "message.timestamp.after.max.ms": "3600000",
    "message.timestamp.difference.max.ms": str(LONG_MAX),
    "message.format.version": "3.0-IV1",  # Kafka 3.9 default (deprecated, ignored)
    "cleanup.policy": "delete",
    "file.delete.delay.ms": "60000",
    "compression.type": "producer",
    "min.insync.replicas": "1",
    "unclean.leader.election.enable": "false",
    "min.cleanable.dirty.ratio": "0.5",
    "delete.retention.ms": "86400000",
    "min.compaction.lag.ms": "0",
    "max.compaction.lag.ms": str(LONG_MAX),
}


def test_defaults_match_kafka() -> None:
    assert LogConfig().to_properties() == KAFKA_DEFAULTS
    assert set(TOPIC_CONFIG_DEFS) == set(KAFKA_DEFAULTS)
    for name, d in TOPIC_CONFIG_DEFS.items():
        assert d.render(d.default) == KAFKA_DEFAULTS[name]
        assert d.type in ("int", "long", "double", "string", "boolean", "list")


def test_from_properties_parses_every_type() -> None:
    cfg = LogConfig.from_properties(
        {
            "segment.bytes": "1048576",
            "retention.ms": "-1",
            "retention.bytes": " 5000000000 ",
            "cleanup.policy": "compact, delete",
            "unclean.leader.election.enable": "TRUE",
            "min.cleanable.dirty.ratio": "0.25",
            "message.timestamp.type": "LogAppendTime",
            "compression.type": "zstd",
        }
    )
    assert cfg.segment_bytes == 1048576
    assert cfg.retention_ms == -1
    assert cfg.retention_bytes == 5_000_000_000
    assert cfg.cleanup_policy == ("compact", "delete")
    assert cfg.compact_enabled and cfg.delete_enabled
    assert cfg.unclean_leader_election_enable is True
    assert cfg.min_cleanable_dirty_ratio == 0.25
    assert cfg.log_append_time
    assert cfg.overrides() == {
        "segment.bytes": "1048576",
        "retention.ms": "-1",
        "retention.bytes": "5000000000",
        "cleanup.policy": "compact,delete",
        "unclean.leader.election.enable": "true",
        "min.cleanable.dirty.ratio": "0.25",
        "message.timestamp.type": "LogAppendTime",
        "compression.type": "zstd",
    }


def test_from_properties_layers_over_given_defaults() -> None:
    broker = LogConfig(retention_ms=1000, segment_bytes=4096)
    cfg = LogConfig.from_properties({"segment.bytes": "8192"}, broker)
    assert cfg.retention_ms == 1000 and cfg.segment_bytes == 8192


@pytest.mark.parametrize(
    "key, value",
    [
        ("segment.bytes", "13"),  # below the minimum 14
        ("segment.bytes", "2147483648"),  # not an INT
        ("segment.bytes", "1.5"),
        ("segment.bytes", ""),
        ("retention.ms", "-2"),
        ("retention.ms", "9223372036854775808"),  # not a LONG
        ("flush.messages", "0"),
        ("message.timestamp.type", "WallClock"),
        ("cleanup.policy", "delete,forever"),
        ("cleanup.policy", ""),
        ("compression.type", "brotli"),
        ("unclean.leader.election.enable", "yes"),
        ("min.cleanable.dirty.ratio", "1.5"),
        ("min.cleanable.dirty.ratio", "nan"),
        ("min.insync.replicas", "0"),
        ("no.such.config", "1"),
    ],
)
def test_invalid_values_raise_invalid_config(key: str, value: str) -> None:
    with pytest.raises(KafkaError) as exc:
        LogConfig.from_properties({key: value})
    assert exc.value.code == ErrorCode.INVALID_CONFIG
    assert key in exc.value.message


def test_direct_construction_is_validated() -> None:
    with pytest.raises(KafkaError):
        LogConfig(segment_bytes=0)
