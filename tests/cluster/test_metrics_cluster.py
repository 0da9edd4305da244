"""Metrics of a 3-broker cluster, scraped from each broker's metrics listener: under-replicated
partitions goes to 1 when a follower stops and back to 0 when it returns, the ISR expansion is
counted, exactly one broker reports the active controller, followers export their
fetcher lag, and readiness waits for metadata."""

from __future__ import annotations

import pytest
from cluster_util import FAST, partitions, wait_for, wait_isr
from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic
from metrics_scrape import get, scrape, value
from metrics_scrape import wait_for as wait_metric

pytestmark = [pytest.mark.integration, pytest.mark.slow]

RMGR = "kafka_server_replicamanager_"


def test_under_replicated_follows_a_stopped_follower(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides=FAST)
    urls = {b.id: f"http://127.0.0.1:{b.metrics_port}" for b in c.brokers}
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    admin.create_topics([NewTopic("watched", 1, 3)])["watched"].result(30)
    wait_isr(c.bootstrap, "watched", 3)
    p = Producer({"bootstrap.servers": c.bootstrap, "acks": "all"})
    for i in range(50):
        p.produce("watched", value=b"%d" % i, partition=0)
    assert p.flush(30) == 0
    leader, replicas, _ = partitions(c.bootstrap, "watched")[0]
    follower = next(r for r in replicas if r != leader)
    lurl = urls[leader]
    s = wait_metric(lurl, RMGR + "underreplicatedpartitions", 0)
    assert value(s, RMGR + "leadercount") >= 1
    assert (
        sum(
            value(scrape(u), "kafka_controller_kafkacontroller_activecontrollercount")
            for u in urls.values()
        )
        == 1
    )
    # the follower fetches from the leader: its lag series exists and reaches 0
    wait_metric(
        urls[follower],
        "kafka_server_fetcherlagmetrics_consumerlag",
        0,
        clientId=f"ReplicaFetcherThread-0-{leader}",
        topic="watched",
        partition="0",
    )
    assert get(urls[follower] + "/health/ready")[0] == 200

    # killed: the controller drops it from the ISR (a LeaderAndIsr, which Kafka's leader does
    # not count as its own ISR shrink); the leader's rejoin is an ISR expansion it counts
    c.broker(follower).kill()
    s = wait_metric(lurl, RMGR + "underreplicatedpartitions", 1, timeout=30)
    expands = value(s, RMGR + "isrexpands_total")

    c.broker(follower).start()
    wait_isr(c.bootstrap, "watched", 3)
    s = wait_metric(lurl, RMGR + "underreplicatedpartitions", 0, timeout=30)
    assert value(s, RMGR + "isrexpands_total") >= expands + 1
    wait_for("follower ready", lambda: get(urls[follower] + "/health/ready")[0] == 200 or None)
