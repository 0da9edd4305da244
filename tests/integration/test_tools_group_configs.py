"""``strom configs`` for groups (KIP-848 group configs) against real single-node brokers: describe,
alter, the broker's bounds (INVALID_CONFIG), persistence across a broker restart, and bounds
that the operator widened with ``group.consumer.min.session.timeout.ms``."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from test_tools import fails, ok

pytestmark = pytest.mark.integration

SESSION_DEFAULT = "DEFAULT_CONFIG:group.consumer.session.timeout.ms=45000"
HEARTBEAT_DEFAULT = "DEFAULT_CONFIG:group.consumer.heartbeat.interval.ms=5000"


def _group() -> str:
    return f"g-{uuid.uuid4().hex[:8]}"


def test_group_configs_alter_describe_and_survive_a_restart(fresh_broker: Any) -> None:
    fresh_broker.start()
    bs = ("--bootstrap-server", fresh_broker.bootstrap)
    group = _group()
    assert ok("configs", *bs, "--describe", "--entity-type", "groups", "--entity-name", group) == [
        f"Dynamic configs for group {group} are:"
    ]
    assert ok("configs", *bs, "--describe", "--group", group, "--all") == [
        f"All configs for group {group} are:",
        f"  consumer.heartbeat.interval.ms=5000 sensitive=false synonyms={{{HEARTBEAT_DEFAULT}}}",
        f"  consumer.session.timeout.ms=45000 sensitive=false synonyms={{{SESSION_DEFAULT}}}",
    ]
    assert ok("configs", *bs, "--alter", "--entity-type", "groups", "--entity-name", group,
              "--add-config", "consumer.session.timeout.ms=50000") == [
        f"Completed updating config for group {group}."
    ]  # fmt: skip
    session_line = (
        "  consumer.session.timeout.ms=50000 sensitive=false synonyms={DYNAMIC_GROUP_CONFIG:"
        f"consumer.session.timeout.ms=50000, {SESSION_DEFAULT}}}"
    )
    assert ok("configs", *bs, "--describe", "--group", group) == [
        f"Dynamic configs for group {group} are:",
        session_line,
    ]
    # another group is untouched
    other = _group()
    assert ok("configs", *bs, "--describe", "--group", other) == [
        f"Dynamic configs for group {other} are:"
    ]

    def refused(config: str) -> str:
        return fails("configs", *bs, "--alter", "--group", group, "--add-config", config)

    prefix = f"Error: Could not update config for group {group}: "
    assert refused("consumer.session.timeout.ms=30000") == (
        prefix + "consumer.session.timeout.ms must be greater than or equal to "
        "group.consumer.min.session.timeout.ms (INVALID_CONFIG)."
    )
    assert refused("consumer.session.timeout.ms=60001") == (
        prefix + "consumer.session.timeout.ms must be less than or equal to "
        "group.consumer.max.session.timeout.ms (INVALID_CONFIG)."
    )
    assert refused("consumer.heartbeat.interval.ms=4999") == (
        prefix + "consumer.heartbeat.interval.ms must be greater than or equal to "
        "group.consumer.min.heartbeat.interval.ms (INVALID_CONFIG)."
    )
    assert refused("consumer.heartbeat.interval.ms=15001") == (
        prefix + "consumer.heartbeat.interval.ms must be less than or equal to "
        "group.consumer.max.heartbeat.interval.ms (INVALID_CONFIG)."
    )
    assert refused("consumer.session.timeout.ms=abc") == (
        prefix + "Invalid value abc for configuration consumer.session.timeout.ms: Not a number "
        "of type INT (INVALID_CONFIG)."
    )
    assert refused("share.record.lock.duration.ms=1000") == (
        prefix + "Unknown group config name: share.record.lock.duration.ms (INVALID_CONFIG)."
    )
    # a refused change stores nothing
    assert ok("configs", *bs, "--describe", "--group", group) == [
        f"Dynamic configs for group {group} are:",
        session_line,
    ]

    fresh_broker.stop()
    fresh_broker.start()
    bs = ("--bootstrap-server", fresh_broker.bootstrap)
    assert ok("configs", *bs, "--describe", "--group", group) == [
        f"Dynamic configs for group {group} are:",
        session_line,
    ]
    assert ok("configs", *bs, "--alter", "--group", group, "--add-config",
              "consumer.heartbeat.interval.ms=6000", "--delete-config",
              "consumer.session.timeout.ms") == [
        f"Completed updating config for group {group}."
    ]  # fmt: skip
    fresh_broker.stop()
    fresh_broker.start()
    bs = ("--bootstrap-server", fresh_broker.bootstrap)
    assert ok("configs", *bs, "--describe", "--group", group) == [
        f"Dynamic configs for group {group} are:",
        "  consumer.heartbeat.interval.ms=6000 sensitive=false synonyms={DYNAMIC_GROUP_CONFIG:"
        f"consumer.heartbeat.interval.ms=6000, {HEARTBEAT_DEFAULT}}}",
    ]


def test_group_config_bounds_come_from_the_broker(fresh_broker: Any) -> None:
    fresh_broker.overrides.update(
        {
            "group.consumer.min.session.timeout.ms": "10000",
            "group.consumer.session.timeout.ms": "20000",
        }
    )
    fresh_broker.start()
    bs = ("--bootstrap-server", fresh_broker.bootstrap)
    group = _group()
    assert ok("configs", *bs, "--describe", "--group", group, "--all")[2] == (
        "  consumer.session.timeout.ms=20000 sensitive=false synonyms={STATIC_BROKER_CONFIG:"
        f"group.consumer.session.timeout.ms=20000, {SESSION_DEFAULT}}}"
    )
    assert ok("configs", *bs, "--alter", "--group", group, "--add-config",
              "consumer.session.timeout.ms=12000") == [
        f"Completed updating config for group {group}."
    ]  # fmt: skip
    # the session timeout must stay above the heartbeat interval
    assert fails("configs", *bs, "--alter", "--group", group, "--add-config",
                 "consumer.heartbeat.interval.ms=12000") == (
        f"Error: Could not update config for group {group}: consumer.session.timeout.ms "
        "must be greater than consumer.heartbeat.interval.ms (INVALID_CONFIG)."
    )  # fmt: skip
