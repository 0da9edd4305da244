"""The console's overview of a 3-broker Strom cluster (real ZooKeeper) in headless Chromium: a
stopped broker shows as offline and its partitions as under-replicated, without a reload."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic
from console_util import ConsoleProcess, Snap
from playwright.sync_api import expect

from strom.tools.local_cluster import LocalCluster

pytestmark = [pytest.mark.integration, pytest.mark.slow]

FAST = {
    "zookeeper.session.timeout.ms": "4000",
    "replica.lag.time.max.ms": "3000",
    "group.initial.rebalance.delay.ms": "0",
    "controlled.shutdown.retry.backoff.ms": "500",
    "auto.leader.rebalance.enable": "false",
}


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[LocalCluster]:
    c = LocalCluster(tmp_path / "cluster", 3, racks=["rack-a", "rack-b", "rack-c"], overrides=FAST)
    c.start()
    try:
        yield c
    finally:
        c.stop()


def test_stopped_broker_shows_under_replicated(
    cluster: LocalCluster, tmp_path: Path, page: Any, snap: Snap
) -> None:
    admin = AdminClient({"bootstrap.servers": cluster.bootstrap, "log_level": 0})
    admin.create_topics([NewTopic("replicated", 6, 3)])["replicated"].result(30)
    p = Producer({"bootstrap.servers": cluster.bootstrap, "log_level": 0, "acks": "all"})
    for i in range(60):
        p.produce("replicated", value=f"r{i}".encode())
    assert p.flush(30) == 0

    console = ConsoleProcess(cluster.bootstrap, tmp_path / "console.log")
    console.start()
    try:
        page.goto(console.url + "/")
        expect(page.locator("[data-testid=brokers-online]")).to_have_text("3/3", timeout=30_000)
        expect(page.locator("[data-testid=under-replicated]")).to_have_text("0", timeout=60_000)
        table = page.locator("[data-testid=broker-table]")
        expect(table).to_contain_text("rack-b")
        controller = cluster.controller_id()
        victim = next(b.id for b in cluster.brokers if b.id != controller)

        cluster.broker(victim).kill()
        expect(page.locator("[data-testid=brokers-online]")).to_have_text("2/3", timeout=60_000)
        # every partition has a replica on each broker: all 6 lose one from their ISR
        expect(page.locator("[data-testid=under-replicated]")).to_have_text("6", timeout=60_000)
        expect(page.locator("[data-testid=offline]")).to_have_text("0")
        row = table.locator("tbody tr", has_text="offline")
        expect(row).to_have_count(1)
        assert row.locator("td").first.inner_text() == str(victim)
        snap(page, "overview-broker-down")

        page.goto(console.url + "/topics/replicated")
        expect(page.locator("[data-testid=partition-table] .pill.warn")).to_have_count(6)
    finally:
        console.stop()
