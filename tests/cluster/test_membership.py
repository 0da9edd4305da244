"""Membership and placement: duplicate broker ids, replication factor bounds, rack-aware replica
placement, metadata from any broker, topic deletion across the cluster."""

from __future__ import annotations

import signal
import time

import pytest
from cluster_util import FAST, partitions, wait_for
from confluent_kafka import KafkaException
from confluent_kafka.admin import AdminClient, NewTopic

from strom.tools.local_cluster import BrokerHandle

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def test_duplicate_broker_id_refused(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(2, overrides=FAST)
    twin = BrokerHandle(c, 1, c.broker(2).port + 0, None)
    twin.port = _free_port()
    twin.data_dir = c.base_dir / "twin" / "data"
    twin.log_path = c.base_dir / "twin.log"
    twin.start(wait=False)
    assert twin.proc is not None
    rc = twin.proc.wait(60)
    assert rc != 0
    assert "broker id 1 is already registered" in twin.log_text()
    # the original broker 1 is untouched and still serves
    assert c.broker(1).alive
    assert sorted(AdminClient({"bootstrap.servers": c.bootstrap}).list_topics(timeout=10)
                  .brokers) == [1, 2]  # fmt: skip


def test_replication_factor_above_live_brokers(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(2, overrides=FAST)
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    fut = admin.create_topics([NewTopic("too-wide", 1, 3)])["too-wide"]
    with pytest.raises(KafkaException) as info:
        fut.result(30)
    err = info.value.args[0]
    assert err.name() == "INVALID_REPLICATION_FACTOR"
    assert "Replication factor: 3 larger than available brokers: 2." in err.str()


def test_rack_aware_placement_and_metadata_everywhere(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(4, racks=["a", "b"], overrides=FAST)
    racks = {b.id: b.rack for b in c.brokers}
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    admin.create_topics([NewTopic("spread", 8, 2)])["spread"].result(30)

    def led() -> dict[int, tuple[int, list[int], list[int]]] | None:
        p = partitions(c.bootstrap, "spread")
        return p if all(v[0] >= 0 for v in p.values()) else None

    parts = wait_for("leaders for spread", led)
    leaders = set()
    for index, (_, replicas, _) in parts.items():
        assert len(replicas) == 2
        assert racks[replicas[0]] != racks[replicas[1]], (index, replicas)
        leaders.add(replicas[0])
    assert leaders == {1, 2, 3, 4}  # preferred leaders spread round-robin

    # every broker answers the same metadata
    def same() -> bool:
        views = [partitions(b.bootstrap, "spread") for b in c.brokers]
        print(views)
        return all(v == views[0] for v in views)

    wait_for("the same metadata from every broker", same, timeout=20)


def test_delete_topic_removes_every_replica(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides=FAST)
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    admin.create_topics([NewTopic("doomed", 2, 3)])["doomed"].result(30)
    wait_for(
        "doomed replicas on disk",
        lambda: all((b.data_dir / "doomed-0").exists() for b in c.brokers),
    )
    admin.delete_topics(["doomed"])["doomed"].result(30)

    def gone() -> bool:
        md = admin.list_topics(timeout=10)
        return "doomed" not in md.topics and not any(
            (b.data_dir / f"doomed-{p}").exists() for b in c.brokers for p in (0, 1)
        )

    wait_for("doomed deleted everywhere", gone)


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_controlled_shutdown_moves_leaders_first(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides=FAST)
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    admin.create_topics([NewTopic("calm", 3, 3)])["calm"].result(30)
    wait_for("full ISRs", lambda: all(len(v[2]) == 3 for v in partitions(c.bootstrap, "calm")
                                      .values()))  # fmt: skip
    t0 = time.monotonic()
    c.broker(1).stop()
    assert time.monotonic() - t0 < 60
    log = c.broker(1).log_text()
    assert "controlled shutdown succeeded" in log

    # the controller moved leadership and ISRs before answering; the brokers' metadata follows
    # with UpdateMetadata
    def moved() -> bool:
        parts = partitions(c.brokers[1].bootstrap, "calm")
        return all(lead in (2, 3) and 1 not in isr for lead, _, isr in parts.values())

    wait_for("leaders and ISRs without broker 1", moved, timeout=30)


def test_whole_cluster_sigterm_at_once_shuts_down_cleanly(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    """Every broker gets SIGTERM at the same moment (a host going down): each one's controlled
    shutdown meets controllers that are leaving too, yet every broker exits 0 and cleanly,
    without waiting on its peers' open connections (they once held each other ~30 s)."""
    c = cluster_factory(3, overrides=FAST)
    admin = AdminClient({"bootstrap.servers": c.bootstrap, "log_level": 0})
    admin.create_topics([NewTopic("all-down", 6, 3)])["all-down"].result(30)
    wait_for("full ISRs", lambda: all(len(v[2]) == 3 for v in partitions(c.bootstrap, "all-down")
                                      .values()))  # fmt: skip
    procs = {b.id: b.proc for b in c.brokers}
    for proc in procs.values():
        assert proc is not None
        proc.send_signal(signal.SIGTERM)
    # a hang shows as a broker still running after the whole controlled-shutdown budget
    # (3 attempts, 500 ms backoff) plus the 5 s request grace of the socket server
    codes = {bid: proc.wait(20) for bid, proc in procs.items() if proc is not None}
    assert codes == {1: 0, 2: 0, 3: 0}
    for b in c.brokers:
        assert f"broker {b.id} shut down cleanly" in b.log_text()
