"""The metrics listener of a real broker, scraped and parsed with prometheus_client's parser:
counters move by exactly what was produced and fetched, request metrics count the requests
sent, consumer lag is produced minus committed, health endpoints answer, hostile HTTP is dropped."""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from confluent_kafka import Consumer, Producer, TopicPartition
from metrics_scrape import broker_process_class, get, metrics_url, scrape, value, wait_for
from wire import WireClient

from strom.protocol import records as rec
from strom.protocol.messages.api_versions import ApiVersionsRequest
from strom.protocol.messages.create_topics import CreateTopicsRequest, CreateTopicsResponse
from strom.protocol.messages.fetch import FetchRequest, FetchResponse
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse

pytestmark = pytest.mark.integration

BTM = "kafka_server_brokertopicmetrics_"
RM = "kafka_network_requestmetrics_"


@pytest.fixture(scope="module")
def mbroker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    b = broker_process_class()(
        tmp_path_factory.mktemp("mbroker") / "data",
        {"metrics.listener": "http://127.0.0.1:0", "group.initial.rebalance.delay.ms": "0"},
    )
    b.start()
    yield b
    if b.alive():
        b.stop()


@pytest.fixture(scope="module")
def base(mbroker: Any) -> str:
    return metrics_url(mbroker.log_path)


def create_topic(c: WireClient, name: str, partitions: int = 1, **configs: str) -> None:
    CT = CreateTopicsRequest
    resp = c.request(
        CT(
            topics=[
                CT.CreatableTopic(
                    name=name,
                    num_partitions=partitions,
                    replication_factor=1,
                    configs=[CT.CreatableTopicConfig(name=k, value=v) for k, v in configs.items()],
                )
            ],
            timeout_ms=5000,
        ),
        7,
    )
    assert isinstance(resp, CreateTopicsResponse) and resp.topics[0].error_code == 0


def produce(c: WireClient, topic: str, data: bytes, acks: int = 1) -> int:
    P = ProduceRequest
    req = P(
        acks=acks,
        timeout_ms=5000,
        topic_data=[
            P.TopicProduceData(
                name=topic, partition_data=[P.PartitionProduceData(index=0, records=data)]
            )
        ],
    )
    resp = c.request(req, 9)
    assert isinstance(resp, ProduceResponse)
    return resp.responses[0].partition_responses[0].error_code


def fetch(c: WireClient, topic: str, offset: int) -> bytes:
    F = FetchRequest
    req = F(
        replica_id=-1,
        max_wait_ms=0,
        min_bytes=1,
        max_bytes=10 << 20,
        isolation_level=0,
        topics=[
            F.FetchTopic(
                topic=topic,
                partitions=[
                    F.FetchPartition(partition=0, fetch_offset=offset, partition_max_bytes=1 << 20)
                ],
            )
        ],
    )
    resp = c.request(req, 11)
    assert isinstance(resp, FetchResponse)
    pd = resp.responses[0].partitions[0]
    assert pd.error_code == 0
    return bytes(pd.records or b"")


def batch(n: int, size: int = 10) -> bytes:
    b = rec.RecordBatchBuilder()
    for i in range(n):
        b.append(b"v" * size, key=b"k%d" % i)
    return b.build()


def test_produce_and_fetch_counters_move_by_exact_records_and_bytes(
    mbroker: Any, base: str
) -> None:
    with WireClient(mbroker.bootstrap) as c:
        create_topic(c, "exact")
        before = scrape(base)
        batches = [batch(3), batch(5, 100), batch(1, 1000)]
        for b in batches:
            assert produce(c, "exact", b) == 0
        after = scrape(base)
        sent = sum(len(b) for b in batches)
        for labels in ({"topic": "exact"}, {}):
            assert (
                value(after, BTM + "messagesin_total", **labels)
                - value(before, BTM + "messagesin_total", **labels)
                == 9
            )
            assert (
                value(after, BTM + "bytesin_total", **labels)
                - value(before, BTM + "bytesin_total", **labels)
                == sent
            )
        assert value(after, BTM + "totalproducerequests_total", topic="exact") == 3
        assert value(after, "kafka_log_log_logendoffset", topic="exact", partition="0") == 9
        assert value(after, "kafka_log_log_size", topic="exact", partition="0") == sent
        data = fetch(c, "exact", 0)
        assert len(data) == sent
        final = scrape(base)
        assert value(final, BTM + "bytesout_total", topic="exact") == sent
        assert value(final, BTM + "totalfetchrequests_total", topic="exact") == 1
        assert value(final, BTM + "failedfetchrequests_total", topic="exact") == 0


def test_rejected_produce_counts_failed_and_rejected_bytes(mbroker: Any, base: str) -> None:
    with WireClient(mbroker.bootstrap) as c:
        create_topic(c, "small", **{"max.message.bytes": "1000"})
        big = batch(1, 5000)
        assert produce(c, "small", big) == 10  # MESSAGE_TOO_LARGE
        s = scrape(base)
    assert value(s, BTM + "bytesrejected_total", topic="small") == len(big)
    assert value(s, BTM + "failedproducerequests_total", topic="small") == 1
    assert value(s, BTM + "messagesin_total", topic="small") == 0
    assert value(s, BTM + "bytesin_total", topic="small") == 0
    assert value(s, RM + "errors_total", request="Produce", error="MESSAGE_TOO_LARGE") >= 1


def test_request_metrics_count_the_requests_sent(mbroker: Any, base: str) -> None:
    before = scrape(base)
    with WireClient(mbroker.bootstrap) as c:
        for _ in range(7):
            c.request(ApiVersionsRequest(), 2)
    after = scrape(base)
    name = RM + "requests_total"
    assert (
        value(after, name, request="ApiVersions", version="2")
        - value(before, name, request="ApiVersions", version="2")
        == 7
    )
    count = RM + "totaltimems_count"
    assert (
        value(after, count, request="ApiVersions") - value(before, count, request="ApiVersions")
        == 7
    )
    assert (
        value(after, RM + "errors_total", request="ApiVersions", error="NONE")
        - value(before, RM + "errors_total", request="ApiVersions", error="NONE")
        == 7
    )
    for q in ("0.5", "0.99", "0.999"):
        assert (RM + "totaltimems", frozenset({("request", "ApiVersions"), ("quantile", q)})) in (
            after
        )


def long_poll(topic: str) -> FetchRequest:
    """A consumer Fetch that waits up to 1 s for a first byte at offset 0 of ``topic``-0."""
    F = FetchRequest
    return F(
        replica_id=-1,
        max_wait_ms=1000,
        min_bytes=1,
        max_bytes=1 << 20,
        isolation_level=0,
        topics=[
            F.FetchTopic(
                topic=topic,
                partitions=[
                    F.FetchPartition(partition=0, fetch_offset=0, partition_max_bytes=1 << 20)
                ],
            )
        ],
    )


def test_request_queue_time_counts_the_wait_behind_a_long_poll(mbroker: Any, base: str) -> None:
    """A connection handles its requests in order: an ApiVersions pipelined behind a Fetch that
    long-polls 1 s on an empty partition waits about that long in the queue, and
    ``RequestQueueTimeMs`` (and ``TotalTimeMs``) say so; its ``LocalTimeMs`` stays small."""
    from strom.protocol.frames import encode_request

    with WireClient(mbroker.bootstrap) as c:
        create_topic(c, "queued")
        before = scrape(base)
        poll = long_poll("queued")
        c.send_raw(
            b"".join(encode_request(poll, 11, 101, "q"))
            + b"".join(encode_request(ApiVersionsRequest(), 2, 102, "q"))
        )
        c.recv_frame()
        c.recv_frame()
    after = scrape(base)

    def delta(metric: str) -> float:
        name, tags = RM + metric, {"request": "ApiVersions"}
        return value(after, name, **tags) - value(before, name, **tags)

    assert delta("requestqueuetimems_count") == 1
    assert 700 <= delta("requestqueuetimems_sum") <= 30_000
    assert delta("totaltimems_sum") >= delta("requestqueuetimems_sum")
    assert delta("localtimems_sum") < delta("requestqueuetimems_sum")


def test_remote_time_is_the_long_poll_wait_and_local_time_is_not(mbroker: Any, base: str) -> None:
    """A Fetch long-polling 1 s on an empty partition spends that second in purgatory: Kafka's
    ``RemoteTimeMs`` holds it, ``LocalTimeMs`` (the handler's own work) does not."""
    with WireClient(mbroker.bootstrap) as c:
        create_topic(c, "remote")
        before = scrape(base)
        resp = c.request(long_poll("remote"), 11)
        assert isinstance(resp, FetchResponse)
    after = scrape(base)

    def delta(metric: str) -> float:
        name, tags = RM + metric, {"request": "FetchConsumer"}
        return value(after, name, **tags) - value(before, name, **tags)

    assert delta("remotetimems_count") == 1
    assert 900 <= delta("remotetimems_sum") <= 30_000
    assert delta("localtimems_sum") < delta("remotetimems_sum") / 2
    assert delta("totaltimems_sum") >= delta("remotetimems_sum")
    assert delta("throttletimems_sum") == 0


def test_throttle_time_is_the_quota_throttle_of_the_response(mbroker: Any, base: str) -> None:
    """A client id over its ``producer_byte_rate`` gets a throttled response: the
    ``ThrottleTimeMs`` of Produce grows by the throttle_time_ms the broker answered."""
    from strom.client import AdminClient
    from strom.client.admin_quotas import QuotaAlteration
    from strom.protocol.frames import decode_response, encode_request

    with AdminClient({"bootstrap.servers": mbroker.bootstrap}) as admin:
        [outcome] = admin.alter_client_quotas(
            [QuotaAlteration({"client-id": "throttled"}, {"producer_byte_rate": 1024.0})]
        )
    assert outcome is None
    P = ProduceRequest
    req = P(
        acks=1,
        timeout_ms=5000,
        topic_data=[
            P.TopicProduceData(
                name="throttled",
                partition_data=[P.PartitionProduceData(index=0, records=batch(10, 10_000))],
            )
        ],
    )
    with WireClient(mbroker.bootstrap) as c:
        create_topic(c, "throttled")
        before = scrape(base)
        c.send_raw(b"".join(encode_request(req, 9, 1, "throttled")))
        _, resp = decode_response(c.recv_frame(), req.API_KEY, 9)
    assert isinstance(resp, ProduceResponse) and resp.throttle_time_ms > 0
    after = scrape(base)

    def delta(metric: str) -> float:
        name, tags = RM + metric, {"request": "Produce"}
        return value(after, name, **tags) - value(before, name, **tags)

    assert delta("throttletimems_count") == 1
    assert delta("throttletimems_sum") == resp.throttle_time_ms


def test_confluent_producer_counts_match_the_log(mbroker: Any, base: str) -> None:
    with WireClient(mbroker.bootstrap) as c:
        create_topic(c, "real", partitions=3)
    p = Producer({"bootstrap.servers": mbroker.bootstrap, "linger.ms": 5, "acks": "all"})
    for i in range(500):
        p.produce("real", key=b"%d" % i, value=b"x" * (i % 50))
    assert p.flush(30) == 0
    s = scrape(base)
    assert value(s, BTM + "messagesin_total", topic="real") == 500
    size = sum(value(s, "kafka_log_log_size", topic="real", partition=str(i)) for i in range(3))
    assert value(s, BTM + "bytesin_total", topic="real") == size
    ends = sum(
        value(s, "kafka_log_log_logendoffset", topic="real", partition=str(i)) for i in range(3)
    )
    assert ends == 500


def test_consumer_lag_is_produced_minus_committed(mbroker: Any, base: str) -> None:
    with WireClient(mbroker.bootstrap) as c:
        create_topic(c, "lagging")
        assert produce(c, "lagging", batch(10)) == 0
    consumer = Consumer(
        {
            "bootstrap.servers": mbroker.bootstrap,
            "group.id": "lag-group",
            "enable.auto.commit": False,
        }
    )
    try:
        consumer.commit(offsets=[TopicPartition("lagging", 0, 4)], asynchronous=False)
    finally:
        consumer.close()
    labels = {"group": "lag-group", "topic": "lagging", "partition": "0"}
    s = scrape(base)
    assert value(s, "kafka_consumergroup_group_offset", **labels) == 4
    assert value(s, "kafka_consumergroup_group_lag", **labels) == 6
    assert value(s, "kafka_partition_latest_offset", topic="lagging", partition="0") == 10
    assert value(s, "kafka_consumergroup_group_sum_lag", group="lag-group") == 6
    # more records: the lag follows, and the estimated seconds become positive
    time.sleep(1.5)  # the sampler records the latest offset at least once
    with WireClient(mbroker.bootstrap) as c:
        assert produce(c, "lagging", batch(5)) == 0
    s = wait_for(base, "kafka_consumergroup_group_lag", 11, **labels)
    assert value(s, "kafka_consumergroup_group_lag_seconds", **labels) > 0


def test_health_and_openmetrics(mbroker: Any, base: str) -> None:
    assert get(base + "/health/live")[0] == 200
    status, ctype, body = get(base + "/health/ready")
    assert status == 200 and '"ready": true' in body and ctype == "application/json"
    status, ctype, body = get(base + "/metrics", accept="application/openmetrics-text")
    assert status == 200 and ctype.startswith("application/openmetrics-text")
    assert body.rstrip().endswith("# EOF")
    assert get(base + "/nope")[0] == 404
    conn = "kafka_server_socket_server_metrics_connection_"
    with WireClient(mbroker.bootstrap) as c:
        c.request(ApiVersionsRequest(), 2)
        s = scrape(base)
        open_now = value(s, conn + "count", listener="PLAINTEXT")
        created = value(s, conn + "creation_total", listener="PLAINTEXT")
    assert open_now >= 1 and created >= open_now
    with WireClient(mbroker.bootstrap) as c:
        c.request(ApiVersionsRequest(), 2)
    assert value(scrape(base), conn + "creation_total", listener="PLAINTEXT") == created + 1
    assert value(s, "kafka_controller_kafkacontroller_activecontrollercount") == 1
    assert value(s, "kafka_server_replicamanager_underreplicatedpartitions") == 0
    assert value(s, "process_resident_memory_bytes") > 0
    assert value(s, "process_open_fds") > 0


def test_hostile_http_is_dropped_and_both_listeners_keep_serving(mbroker: Any, base: str) -> None:
    host, port = base.removeprefix("http://").split(":")
    # an endless header line: dropped once it exceeds the head limit
    with socket.create_connection((host, int(port)), timeout=10) as s:
        s.sendall(b"GET /metrics HTTP/1.1\r\nX: " + b"a" * 20000)
        assert s.recv(100) == b""
    # not HTTP at all
    with socket.create_connection((host, int(port)), timeout=10) as s:
        s.sendall(b"\x00\x01\x02\r\n\r\n")
        assert s.recv(100).startswith(b"HTTP/1.1 405")
    with socket.create_connection((host, int(port)), timeout=10) as s:
        s.sendall(b"POST /metrics HTTP/1.1\r\n\r\n")
        assert s.recv(100).startswith(b"HTTP/1.1 405")
    assert get(base + "/health/live")[0] == 200
    with WireClient(mbroker.bootstrap) as c:
        c.request(ApiVersionsRequest(), 2)


def test_no_metrics_listener_by_default(tmp_path: Path) -> None:
    b = broker_process_class()(tmp_path / "data")
    b.start()
    try:
        assert "metrics listening" not in b.log_path.read_text()
    finally:
        b.stop()


def test_readiness_reports_an_offline_log_dir(tmp_path: Path) -> None:
    """A log directory on a tmpfs that fills up goes offline: /health/ready turns 503."""
    import subprocess

    mnt = tmp_path / "small"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mnt)]).returncode:
        pytest.skip("cannot mount a tmpfs here (not root)")
    b = broker_process_class()(
        tmp_path / "data",
        {
            "metrics.listener": "http://127.0.0.1:0",
            "log.dirs": f"{tmp_path / 'data'},{mnt}",
        },
    )
    try:
        b.start()
        url = metrics_url(b.log_path)
        assert get(url + "/health/ready")[0] == 200
        with WireClient(b.bootstrap) as c:
            create_topic(c, "fill", partitions=2)  # one partition per directory
            big = batch(1, 500_000)
            for _ in range(12):
                produce(c, "fill", big)
                P = ProduceRequest
                c.request(
                    P(
                        acks=1,
                        timeout_ms=5000,
                        topic_data=[
                            P.TopicProduceData(
                                name="fill",
                                partition_data=[P.PartitionProduceData(index=1, records=big)],
                            )
                        ],
                    ),
                    9,
                )
        deadline = time.monotonic() + 15
        while get(url + "/health/ready")[0] != 503 and time.monotonic() < deadline:
            time.sleep(0.2)
        status, _, body = get(url + "/health/ready")
        assert status == 503 and "offline" in body and str(mnt) in body
        s = scrape(url)
        assert value(s, "kafka_log_logmanager_offlinelogdirectorycount") == 1
        assert value(s, "kafka_server_replicamanager_offlinereplicacount") == 1
        assert get(url + "/health/live")[0] == 200
    finally:
        if b.alive():
            b.kill()
        subprocess.run(["umount", "-l", str(mnt)])


def test_dashboard_and_alert_rules_use_only_exported_metrics(base: str) -> None:
    from metrics_scrape import get as http_get
    from prometheus_client.parser import text_string_to_metric_families

    docs = Path(__file__).resolve().parents[2] / "docs" / "monitoring"
    text = (docs / "strom-dashboard.json").read_text() + (docs / "strom-alerts.yml").read_text()
    used = set(re.findall(r"\b((?:kafka|strom|process)_[a-z_]+)", text))
    assert len(used) > 15
    exported: set[str] = set()
    for fam in text_string_to_metric_families(http_get(base + "/metrics")[2]):
        exported |= {fam.name, fam.name + "_total"} | {s.name for s in fam.samples}
    assert used - exported == set()


def test_a_paused_event_loop_shows_as_lag(mbroker: Any, base: str) -> None:
    """SIGSTOP the broker for 2 s: the sampler's 1 s sleep ends 1 to 2 s late, and says so."""
    import os
    import signal

    assert mbroker.proc is not None
    time.sleep(1.2)  # at least one sample of a healthy loop first
    os.kill(mbroker.proc.pid, signal.SIGSTOP)
    try:
        time.sleep(2.0)
    finally:
        os.kill(mbroker.proc.pid, signal.SIGCONT)
    time.sleep(1.5)  # the late sample is taken
    s = scrape(base)
    assert value(s, "strom_event_loop_lag_seconds", window="max") >= 0.9
    assert 0 <= value(s, "kafka_network_socketserver_networkprocessoravgidlepercent") <= 1


def test_a_deleted_topic_loses_its_series(mbroker: Any, base: str) -> None:
    from strom.protocol.messages.delete_topics import DeleteTopicsRequest, DeleteTopicsResponse

    with WireClient(mbroker.bootstrap) as c:
        create_topic(c, "doomed")
        assert produce(c, "doomed", batch(2)) == 0
        assert value(scrape(base), BTM + "messagesin_total", topic="doomed") == 2
        resp = c.request(DeleteTopicsRequest(topic_names=["doomed"], timeout_ms=5000), 5)
        assert isinstance(resp, DeleteTopicsResponse) and resp.responses[0].error_code == 0
    s = scrape(base)
    assert not [k for k in s if ("topic", "doomed") in k[1]]
    assert value(s, BTM + "messagesin_total") >= 2  # the all-topics total keeps counting


def test_group_and_transaction_coordinator_metrics(mbroker: Any, base: str) -> None:
    with WireClient(mbroker.bootstrap) as c:
        create_topic(c, "coord")
    before = scrape(base)
    reb = "kafka_coordinator_group_groupmetadatamanager_rebalances_total"
    consumer = Consumer(
        {"bootstrap.servers": mbroker.bootstrap, "group.id": "stable-group", "log_level": 0}
    )
    try:
        consumer.subscribe(["coord"])
        deadline = time.monotonic() + 30
        while not consumer.assignment() and time.monotonic() < deadline:
            consumer.poll(0.2)
        assert consumer.assignment()
        time.sleep(1.5)  # the sampler sees the new generation
        s = scrape(base)
        assert value(s, reb) >= value(before, reb) + 1
        by_state = "kafka_coordinator_group_groupmetadatamanager_numgroupsbystate"
        assert value(s, by_state, state="Stable") >= 1
    finally:
        consumer.close()
    p = Producer({"bootstrap.servers": mbroker.bootstrap, "transactional.id": "metrics-txn"})
    p.init_transactions(30)
    txns = "kafka_coordinator_transaction_transactionstatemanager_transactions"
    s = scrape(base)
    assert sum(v for (n, _), v in s.items() if n == txns) >= 1
