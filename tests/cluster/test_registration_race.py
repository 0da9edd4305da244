"""A broker whose registration races the expiry of its old ZooKeeper session registers anyway
(chaos finding C3): ``create`` meets the old ephemeral znode (NodeExists), the old session ends
before the following read (NoNode), and the registration is simply tried again, on a real
ZooKeeper. Before the fix the NoNodeError escaped and the restarted broker exited."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from kazoo.client import KazooClient
from kazoo.exceptions import ConnectionLoss

from strom.cluster.zk_store import BROKER_IDS, ZkMetadataStore
from strom.tools.zookeeper import LocalZooKeeper

pytestmark = pytest.mark.integration


def test_registration_retries_when_the_old_znode_vanishes(zookeeper: LocalZooKeeper) -> None:
    chroot = f"/race-{uuid.uuid4().hex[:8]}"
    connect = zookeeper.connect_string + chroot
    old = KazooClient(hosts=connect, timeout=10)
    store = ZkMetadataStore(connect, 10_000, 10_000)
    old.start(timeout=10)
    store.zk.start(timeout=10)
    try:
        path = f"{BROKER_IDS}/7"
        old.create(path, json.dumps({"host": "old"}).encode(), ephemeral=True, makepath=True)
        real_get = store.zk.get
        ended: list[bool] = []

        def get_after_the_old_session_ends(p: str, *a: Any, **kw: Any) -> Any:
            if p == path and not ended:
                old.stop()  # the old incarnation's session really ends: its znode goes
                old.close()
                ended.append(True)
            return real_get(p, *a, **kw)

        store.zk.get = get_after_the_old_session_ends  # type: ignore[method-assign]
        epoch = store.register_broker(7, "127.0.0.1", 9092, None)
        data, stat = real_get(path)
        assert ended == [True]
        assert stat.ephemeralOwner == store.zk.client_id[0]
        assert int(stat.czxid) == epoch
        assert json.loads(data)["host"] == "127.0.0.1"
    finally:
        store.zk.stop()
        store.zk.close()
        if old.connected:
            old.stop()
            old.close()


def test_a_create_whose_answer_was_lost_is_this_registration(zookeeper: LocalZooKeeper) -> None:
    """The connection drops after ZooKeeper applied the create, before its answer arrived
    (``ConnectionLoss``: applied or not, the client cannot tell). The registration is tried
    again in the same session and returns the epoch of the znode that exists, this session's
    (session 14's review: given up, the broker kept its old epoch and refused every controller
    request naming the new one)."""
    chroot = f"/lost-{uuid.uuid4().hex[:8]}"
    store = ZkMetadataStore(zookeeper.connect_string + chroot, 10_000, 10_000)
    store.zk.start(timeout=10)
    try:
        store.zk.ensure_path(BROKER_IDS)
        real_create = store.zk.create
        lost: list[str] = []

        def create_then_lose_the_answer(p: str, *a: Any, **kw: Any) -> Any:
            result = real_create(p, *a, **kw)  # applied on the server
            if not lost:
                lost.append(p)
                raise ConnectionLoss()
            return result

        store.zk.create = create_then_lose_the_answer  # type: ignore[method-assign]
        epoch = store.register_broker(8, "127.0.0.1", 9092, None)
        path = f"{BROKER_IDS}/8"
        _, stat = store.zk.get(path)
        assert lost == [path]
        assert stat.ephemeralOwner == store.zk.client_id[0]
        assert int(stat.czxid) == epoch
        assert store.zk.get_children(BROKER_IDS) == ["8"]
    finally:
        store.zk.stop()
        store.zk.close()
