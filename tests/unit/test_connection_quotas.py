"""ConnectionQuotas: max.connections.per.ip with overrides (refuse at once), max.connections
(wait for a slot), and the overrides' parsing."""

from __future__ import annotations

import asyncio

import pytest

from strom.broker.config import BrokerConfig, ConfigError
from strom.broker.connection_quotas import ConnectionQuotas, QuotaConfigError, parse_overrides

pytestmark = pytest.mark.unit


def test_per_ip_limit_and_override() -> None:
    q = ConnectionQuotas(max_per_ip=2, overrides={"127.0.0.2": 1})
    assert q.register("127.0.0.1") and q.register("127.0.0.1")
    assert not q.register("127.0.0.1")
    assert q.register("127.0.0.2")
    assert not q.register("127.0.0.2")
    assert q.total == 3
    q.release("127.0.0.1")
    assert q.register("127.0.0.1")


def test_release_of_unknown_ip_is_refused() -> None:
    with pytest.raises(ValueError):
        ConnectionQuotas().release("10.0.0.1")


def test_wait_for_slot_blocks_until_a_connection_closes() -> None:
    async def scenario() -> None:
        q = ConnectionQuotas(max_connections=2)
        assert q.register("a") and q.register("b")
        waiter = asyncio.create_task(q.wait_for_slot())
        await asyncio.sleep(0.01)
        assert not waiter.done()
        q.release("a")
        await asyncio.wait_for(waiter, 1)
        assert q.has_slot()

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", {}),
        ("127.0.0.2:3", {"127.0.0.2": 3}),
        ("127.0.0.2:3, localhost:0", {"127.0.0.2": 3, "127.0.0.1": 0}),
        ("[::1]:4", {"::1": 4}),
    ],
)
def test_parse_overrides(text: str, expected: dict[str, int]) -> None:
    assert parse_overrides(text) == expected


@pytest.mark.parametrize("text", ["127.0.0.1", "127.0.0.1:x", "127.0.0.1:-1", ":3"])
def test_parse_overrides_rejects(text: str) -> None:
    with pytest.raises(QuotaConfigError):
        parse_overrides(text)


def test_broker_config_validates_overrides_and_defaults() -> None:
    cfg = BrokerConfig({})
    assert cfg["max.connections"] == 2**31 - 1
    assert cfg["max.connections.per.ip"] == 2**31 - 1
    assert cfg["queued.max.request.bytes"] == 104857600
    assert cfg.connection_overrides == {}
    with pytest.raises(ConfigError, match=r"max\.connections\.per\.ip\.overrides"):
        BrokerConfig({"max.connections.per.ip.overrides": "nohostcount"})


def test_reconfigure_keeps_open_connections_and_wakes_a_waiting_acceptor() -> None:
    async def scenario() -> None:
        q = ConnectionQuotas(max_connections=2)
        assert q.register("127.0.0.1") and q.register("127.0.0.1")
        waiter = asyncio.ensure_future(q.wait_for_slot())
        await asyncio.sleep(0)
        assert not waiter.done()
        q.reconfigure(3, 1, {})  # raised max.connections: the acceptor goes on at once
        await asyncio.wait_for(waiter, 1)
        assert q.total == 2  # lowered per-IP limit: the two open ones stay counted and open
        assert not q.register("127.0.0.1")
        q.reconfigure(3, 1, {"127.0.0.1": 5})
        assert q.register("127.0.0.1")

    asyncio.run(scenario())
