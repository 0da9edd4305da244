"""Broker registration when the ZooKeeper connection drops with a request in flight
(docs/findings/controller.md, session 14).

A ``ConnectionLoss`` leaves the request in doubt: ZooKeeper may have applied the create or not.
:meth:`ZkMetadataStore.register_broker` tries again in the same session, where a znode owned by
this session is this registration, so it returns the epoch (czxid) of the znode that exists:

- the create was applied before the connection dropped: the znode's own epoch, no second znode;
- it was not: the next create makes it;
- the read of the epoch lost its connection: read again;
- the connection keeps dropping: ``ConnectionLoss`` after ``REGISTER_ATTEMPTS`` attempts (the
  caller logs it; a new session registers again);
- a znode of another live session is still a duplicate broker id (BrokerIdTakenError).

The real store runs against a small in-memory stand-in for kazoo's client (only the calls
registration makes), which can drop the connection before or after applying a request.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from kazoo.exceptions import ConnectionLoss, NodeExistsError, NoNodeError

from strom.cluster import zk_store
from strom.cluster.zk_store import BROKER_IDS, BrokerIdTakenError, ZkMetadataStore

pytestmark = pytest.mark.unit

SESSION = 0x5157


class FakeZk:
    """Znodes in a dict; ``faults`` (consumed one per call): ``"before"`` drops the connection
    before applying the call, ``"after"`` after applying it, None serves it."""

    def __init__(self, faults: list[str | None] | None = None) -> None:
        self.nodes: dict[str, tuple[bytes, SimpleNamespace]] = {}
        self.client_id = (SESSION, b"")
        self.zxid = 100
        self.faults = list(faults or [])
        self.calls: list[str] = []

    def _fault(self) -> str | None:
        return self.faults.pop(0) if self.faults else None

    def create(self, path: str, value: bytes, ephemeral: bool = False) -> str:
        self.calls.append("create")
        fault = self._fault()
        if fault == "before":
            raise ConnectionLoss()
        if path in self.nodes:
            raise NodeExistsError()
        self.zxid += 1
        self.nodes[path] = (value, SimpleNamespace(czxid=self.zxid, ephemeralOwner=SESSION))
        if fault == "after":
            raise ConnectionLoss()
        return path

    def get(self, path: str) -> tuple[bytes, SimpleNamespace]:
        self.calls.append("get")
        if self._fault() is not None:
            raise ConnectionLoss()
        if path not in self.nodes:
            raise NoNodeError()
        return self.nodes[path]


@pytest.fixture(autouse=True)
def _no_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(zk_store, "REGISTER_RETRY_S", 0.0)


def store_with(zk: FakeZk) -> ZkMetadataStore:
    store = ZkMetadataStore("127.0.0.1:1", 6000, 6000)  # (not started: nothing connects)
    store.zk = zk
    return store


def register(store: ZkMetadataStore) -> int:
    return store.register_broker(1, "127.0.0.1", 9092, None)


def test_a_create_applied_before_the_connection_dropped_is_this_registration() -> None:
    zk = FakeZk(["after"])
    epoch = register(store_with(zk))
    assert list(zk.nodes) == [f"{BROKER_IDS}/1"]
    assert epoch == zk.nodes[f"{BROKER_IDS}/1"][1].czxid == 101  # the znode's own epoch
    assert zk.calls == ["create", "create", "get", "get"]  # again: NodeExists, this session's


def test_a_create_lost_before_it_was_applied_is_made_again() -> None:
    zk = FakeZk(["before"])
    epoch = register(store_with(zk))
    assert epoch == zk.nodes[f"{BROKER_IDS}/1"][1].czxid == 101


def test_a_lost_read_of_the_epoch_is_made_again() -> None:
    zk = FakeZk([None, "lost"])  # the create is served, the read of its czxid is not
    epoch = register(store_with(zk))
    assert epoch == zk.nodes[f"{BROKER_IDS}/1"][1].czxid == 101


def test_a_connection_that_keeps_dropping_gives_up_after_the_attempts() -> None:
    zk = FakeZk(["before"] * (zk_store.REGISTER_ATTEMPTS + 5))
    with pytest.raises(ConnectionLoss):
        register(store_with(zk))
    assert zk.calls == ["create"] * zk_store.REGISTER_ATTEMPTS
    assert zk.nodes == {}


def test_a_znode_of_another_live_session_is_still_a_duplicate_broker_id() -> None:
    zk = FakeZk(["after"])
    register(store_with(zk))  # (this session's znode)
    other = FakeZk()
    other.nodes = zk.nodes
    other.client_id = (SESSION + 1, b"")
    with pytest.raises(BrokerIdTakenError):
        register(store_with(other))
