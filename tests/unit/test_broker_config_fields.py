"""BrokerConfig's typed fields: named after Kafka's keys, typed, following dynamic updates."""

from __future__ import annotations

import pytest

from strom.broker.config import KEYS, BrokerConfig, Field

pytestmark = pytest.mark.unit

FIELDS = {name: f for name, f in vars(BrokerConfig).items() if isinstance(f, Field)}


def test_every_field_names_a_known_key_after_kafka() -> None:
    assert len(FIELDS) > 50
    for name, f in FIELDS.items():
        assert f.key in KEYS
        assert name == f.key.replace(".", "_")


@pytest.mark.parametrize("name", sorted(FIELDS))
def test_field_gives_the_parsed_value(name: str) -> None:
    key = FIELDS[name].key
    c = BrokerConfig({})
    raw = c[key]
    value = getattr(c, name)
    if raw in (None, ""):
        assert value in (None, "", [])
    else:
        assert value == raw


def test_fields_are_typed_values_of_the_operators_strings() -> None:
    c = BrokerConfig(
        {
            "num.partitions": "7",
            "auto.create.topics.enable": "false",
            "broker.rack": "r1",
            "group.consumer.assignors": "range, uniform",
            "zookeeper.connect": "127.0.0.1:2181/strom",
            "zookeeper.connection.timeout.ms": "1234",
        }
    )
    assert c.num_partitions == 7
    assert c.auto_create_topics_enable is False
    assert c.broker_rack == "r1"
    assert c.group_consumer_assignors == ["range", "uniform"]
    assert c.zookeeper_connect == "127.0.0.1:2181/strom"
    assert c.zookeeper_connection_timeout_ms == 1234
    unset = BrokerConfig({})
    assert unset.broker_rack is None and unset.zookeeper_connect is None
    assert unset.zookeeper_connection_timeout_ms is None
    assert unset.replica_selector_class is None


def test_a_field_follows_a_dynamic_update() -> None:
    c = BrokerConfig({"unclean.leader.election.enable": "false"})
    assert c.unclean_leader_election_enable is False
    changed = c.apply_dynamic({"unclean.leader.election.enable": "true"}, {})
    assert changed == {"unclean.leader.election.enable"}
    assert c.unclean_leader_election_enable is True
    c.apply_dynamic({}, {})
    assert c.unclean_leader_election_enable is False


def test_a_field_for_an_unknown_key_fails_when_declared() -> None:
    with pytest.raises((TypeError, RuntimeError)):

        class Bad(BrokerConfig):
            no_such_key = Field("no.such.key", int)

    with pytest.raises((TypeError, RuntimeError)):

        class Misnamed(BrokerConfig):
            partitions = Field("num.partitions", int)
