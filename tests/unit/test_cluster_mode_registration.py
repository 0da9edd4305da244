"""Cluster mode's registration and the controller requests that wait for it (session 13's race
fix, reviewed in session 14), on the real :class:`ClusterMode` (only its blocking ZooKeeper call,
``_registration``, is replaced; nothing connects):

- registering again clears ``registered_epoch``'s event for exactly as long as the create runs:
  a controller request naming the new epoch, seen by the controller first, waits for it and is
  then accepted; one naming another newer epoch is refused once the create has returned;
- a registration that fails (a live duplicate, or any error) leaves the epoch as it was and the
  event set, so later requests naming a newer epoch are refused at once, not after the wait;
- registrations overlapping (a session lost again while one runs; session 14's review): the
  wait ends with the last, and only the one begun last (the newer session's) sets the epoch.

(``tests/unit/test_controller_role.py`` holds the role's rule to a stand-in for cluster mode;
these hold cluster mode's own side of it.)
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from strom.broker.cluster_mode import ClusterMode
from strom.broker.config import BrokerConfig
from strom.broker.controller_role import ZkControllerRole
from strom.broker.inter_broker import InterBrokerPool
from strom.cluster.zk_store import BrokerIdTakenError
from strom.errors import ErrorCode
from strom.protocol.messages.update_metadata import UpdateMetadataRequest

pytestmark = pytest.mark.unit

GATE_S = 10.0  # a registration thread never waits longer than this for the test to release it


def cluster_mode(tmp_path: Path) -> ClusterMode:
    config = BrokerConfig(
        {"zookeeper.connect": "127.0.0.1:1", "log.dirs": str(tmp_path), "broker.id": "1"}
    )
    return ClusterMode(
        config=config,
        replica_manager=None,  # type: ignore[arg-type]  # (registration does not touch them)
        log_manager=None,  # type: ignore[arg-type]
        inter_broker=InterBrokerPool(1),
        inter_broker_security=None,
        inter_broker_listener="PLAINTEXT",
        advertised=None,  # type: ignore[arg-type]
        on_leadership_change=lambda tp, leading, epoch: None,
    )


def registering(
    cm: ClusterMode, monkeypatch: pytest.MonkeyPatch, result: int | BaseException
) -> threading.Event:
    """Make the next registrations return ``result`` (or raise it) once the gate is set."""
    gate = threading.Event()

    def create() -> int:
        assert gate.wait(GATE_S), "the test never released the registration"
        if isinstance(result, BaseException):
            raise result
        return result

    factory: Callable[[], Callable[[], int]] = lambda: create  # noqa: E731
    monkeypatch.setattr(cm, "_registration", factory)
    return gate


async def registered_again(cm: ClusterMode, gate: threading.Event) -> None:
    gate.set()
    await asyncio.wait_for(cm._register_again(), GATE_S)


def test_a_request_naming_the_new_epoch_waits_for_the_create_under_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cm = cluster_mode(tmp_path)
    role = ZkControllerRole(cm)

    async def body() -> None:
        await registered_again(cm, registering(cm, monkeypatch, 41))
        assert cm.broker_epoch == 41
        gate = registering(cm, monkeypatch, 57)
        task = asyncio.ensure_future(cm._register_again())  # a new ZooKeeper session
        await asyncio.sleep(0)  # the task has started: the create runs in its thread
        held = asyncio.ensure_future(role._addressed_to_me(57))
        other = asyncio.ensure_future(role.update_metadata(UpdateMetadataRequest(broker_epoch=58)))
        for _ in range(20):
            await asyncio.sleep(0)
        assert not held.done() and not other.done()  # both wait for the create
        gate.set()
        await asyncio.wait_for(task, GATE_S)
        assert cm.broker_epoch == 57
        assert await asyncio.wait_for(held, GATE_S) is True
        assert (await asyncio.wait_for(other, GATE_S)).error_code == ErrorCode.STALE_BROKER_EPOCH

    asyncio.run(body())


@pytest.mark.parametrize(
    "error", [BrokerIdTakenError("a live duplicate"), RuntimeError("connection loss")]
)
def test_a_failed_registration_keeps_the_epoch_and_does_not_make_requests_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    cm = cluster_mode(tmp_path)
    role = ZkControllerRole(cm)

    async def body() -> None:
        await registered_again(cm, registering(cm, monkeypatch, 41))
        await registered_again(cm, registering(cm, monkeypatch, error))
        assert cm.broker_epoch == 41
        # nothing under way: a newer epoch is refused at once (within a second, far below the
        # ten seconds a request waits for a registration under way)
        for epoch in (42, 57):
            response = await asyncio.wait_for(
                role.update_metadata(UpdateMetadataRequest(broker_epoch=epoch)), 1.0
            )
            assert response.error_code == ErrorCode.STALE_BROKER_EPOCH
        assert await asyncio.wait_for(cm.registered_epoch(GATE_S), 1.0) == 41

    asyncio.run(body())


def test_overlapping_registrations_keep_requests_waiting_until_the_last_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A session lost again while registering: the first registration fails after the second
    has begun. Until the second's create returns, a request naming its epoch still waits (the
    first's end must not end the wait), then it is accepted."""
    cm = cluster_mode(tmp_path)
    role = ZkControllerRole(cm)

    async def body() -> None:
        await registered_again(cm, registering(cm, monkeypatch, 41))
        first_gate = registering(cm, monkeypatch, RuntimeError("connection loss"))
        first = asyncio.ensure_future(cm._register_again())
        await asyncio.sleep(0)  # the first create is under way
        second_gate = registering(cm, monkeypatch, 57)
        second = asyncio.ensure_future(cm._register_again())
        await asyncio.sleep(0)  # and the second
        first_gate.set()
        await asyncio.wait_for(first, GATE_S)  # the first failed
        held = asyncio.ensure_future(role._addressed_to_me(57))
        for _ in range(20):
            await asyncio.sleep(0)
        assert not held.done()  # the second still runs: wait for it
        second_gate.set()
        await asyncio.wait_for(second, GATE_S)
        assert cm.broker_epoch == 57
        assert await asyncio.wait_for(held, GATE_S) is True

    asyncio.run(body())


def test_a_registration_ending_after_a_newer_one_keeps_the_newer_epoch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Epochs are the znodes' czxids, which only grow: a registration of a lost session that
    returns after the next session's registration does not bring its older epoch back."""
    cm = cluster_mode(tmp_path)

    async def body() -> None:
        first_gate = registering(cm, monkeypatch, 50)
        first = asyncio.ensure_future(cm._register_again())
        await asyncio.sleep(0)
        await registered_again(cm, registering(cm, monkeypatch, 57))
        assert cm.broker_epoch == 57
        first_gate.set()
        await asyncio.wait_for(first, GATE_S)
        assert cm.broker_epoch == 57
        assert await asyncio.wait_for(cm.registered_epoch(GATE_S), 1.0) == 57

    asyncio.run(body())
