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


def test_consumer_lag_of_partitions_led_elsewhere(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    """The coordinator exports the lag of every partition of its group, asking the other
    leaders for their latest offsets; exactly one broker exports the group."""
    from confluent_kafka import Consumer, TopicPartition

    c = cluster_factory(3, overrides=FAST)
    urls = [f"http://127.0.0.1:{b.metrics_port}" for b in c.brokers]
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    admin.create_topics([NewTopic("spread", 3, 1)])["spread"].result(30)
    leaders = wait_for(
        "leaders",
        lambda: (lambda ps: ps if len(ps) == 3 and all(v[0] >= 0 for v in ps.values()) else None)(
            partitions(c.bootstrap, "spread")
        ),
    )
    assert len({v[0] for v in leaders.values()}) == 3  # one partition per broker
    p = Producer({"bootstrap.servers": c.bootstrap, "acks": "all"})
    for part in range(3):
        for i in range(10):
            p.produce("spread", value=b"%d" % i, partition=part)
    assert p.flush(30) == 0
    consumer = Consumer({"bootstrap.servers": c.bootstrap, "group.id": "spread-group"})
    try:
        committed = [TopicPartition("spread", i, 3 + 2 * i) for i in range(3)]
        consumer.commit(offsets=committed, asynchronous=False)
    finally:
        consumer.close()

    def exporters() -> list[str]:
        return [
            u
            for u in urls
            if value(
                scrape(u),
                "kafka_consumergroup_group_offset",
                group="spread-group",
                topic="spread",
                partition="0",
            )
            == 3
        ]

    found = wait_for("the coordinator exports the group", lambda: exporters() or None)
    assert len(found) == 1
    for i in range(3):
        labels = {"group": "spread-group", "topic": "spread", "partition": str(i)}
        wait_metric(
            found[0], "kafka_consumergroup_group_lag", 10 - (3 + 2 * i), timeout=30, **labels
        )
    s = scrape(found[0])
    assert value(s, "kafka_consumergroup_group_sum_lag", group="spread-group") == 7 + 5 + 3


def test_acks_all_wait_for_a_paused_follower_is_remote_time(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    """An acks=all produce waits in purgatory while its follower is paused: the leader's
    ``RemoteTimeMs`` of Produce holds that wait, its ``LocalTimeMs`` (the handler's own work)
    does not."""
    import threading
    import time

    from wire import WireClient

    from strom.protocol import records as rec
    from strom.protocol.messages.produce import ProduceRequest, ProduceResponse

    c = cluster_factory(3, overrides=FAST)
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    admin.create_topics([NewTopic("waited", 1, 2)])["waited"].result(30)
    wait_isr(c.bootstrap, "waited", 2)
    leader, replicas, _ = partitions(c.bootstrap, "waited")[0]
    follower = next(r for r in replicas if r != leader)
    url = f"http://127.0.0.1:{c.broker(leader).metrics_port}"
    b = rec.RecordBatchBuilder()
    b.append(b"held")
    P = ProduceRequest
    req = P(
        acks=-1,
        timeout_ms=30_000,
        topic_data=[
            P.TopicProduceData(
                name="waited", partition_data=[P.PartitionProduceData(index=0, records=b.build())]
            )
        ],
    )
    before = scrape(url)
    c.broker(follower).pause()
    resumer = threading.Timer(1.5, c.broker(follower).resume)
    try:
        with WireClient(c.broker(leader).bootstrap, timeout=60) as wc:
            resumer.start()
            started = time.monotonic()
            resp = wc.request(req, 9)
            waited_ms = (time.monotonic() - started) * 1000
    finally:
        resumer.join()
    assert isinstance(resp, ProduceResponse)
    assert resp.responses[0].partition_responses[0].error_code == 0
    after = scrape(url)

    def delta(metric: str) -> float:
        name = "kafka_network_requestmetrics_" + metric
        return value(after, name, request="Produce") - value(before, name, request="Produce")

    assert delta("remotetimems_count") >= 1
    assert 1000 <= delta("remotetimems_sum") <= waited_ms + 1000
    assert delta("localtimems_sum") < delta("remotetimems_sum") / 2
