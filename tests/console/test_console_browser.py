"""The console in a real headless Chromium against a real Strom broker with real data.

Topic lifecycle (create through the form, produce through the form, see the record, binary as
hex, search, live tail, alter a config, delete), consumer group lag (appears for a group a
confluent-kafka consumer created, disappears after it consumes, returns after a reset to
earliest, dry run first; a reset of an active group is refused), and the outage banner.
"""

from __future__ import annotations

import re
import signal
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from confluent_kafka import Consumer, Producer
from confluent_kafka.admin import AdminClient, NewTopic
from console_util import ConsoleProcess, Snap
from integration.conftest import BrokerProcess
from playwright.sync_api import expect

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[BrokerProcess, str]]:
    """One broker (with fast group joins) and a console on it, shared by the module."""
    base = tmp_path_factory.mktemp("console")
    broker = BrokerProcess(base / "data", {"group.initial.rebalance.delay.ms": "0"})
    broker.start()
    console = ConsoleProcess(broker.bootstrap, base / "console.log")
    console.start()
    yield broker, console.url
    console.stop()
    if broker.alive():
        broker.stop()


def _producer(bootstrap: str) -> Producer:
    return Producer({"bootstrap.servers": bootstrap, "log_level": 0, "linger.ms": 0})


def _produce(bootstrap: str, topic: str, values: list[bytes], key: bytes | None = None) -> None:
    p = _producer(bootstrap)
    for v in values:
        p.produce(topic, value=v, key=key)
    assert p.flush(20) == 0


def _consume_all(bootstrap: str, group: str, topic: str, expected: int) -> None:
    """A confluent-kafka consumer of ``group`` reads ``expected`` records, commits, leaves."""
    c = Consumer({"bootstrap.servers": bootstrap, "group.id": group, "log_level": 0,
                  "auto.offset.reset": "earliest", "enable.auto.commit": False})  # fmt: skip
    c.subscribe([topic])
    got = 0
    deadline = time.monotonic() + 60
    while got < expected and time.monotonic() < deadline:
        for m in c.consume(100, 1.0):
            if m.error() is None:
                got += 1
    assert got == expected, f"consumed {got} of {expected}"
    c.commit(asynchronous=False)
    c.close()


def test_topic_lifecycle(cluster: tuple[BrokerProcess, str], page: Any, snap: Snap) -> None:
    broker, url = cluster
    page.goto(url + "/topics")
    page.click("summary:has-text('Create topic')")
    form = page.locator("[data-testid=create-topic]")
    form.locator("input[name=name]").fill("orders")
    form.locator("input[name=partitions]").fill("3")
    form.locator("textarea[name=config]").fill("retention.ms=86400000")
    form.locator("button").click()
    expect(page.locator(".notice.ok")).to_contain_text("Topic orders created")
    expect(page.locator("[data-testid=partition-table] tbody tr")).to_have_count(3)
    expect(page.locator("#topic-configs")).to_contain_text("86400000")

    # produce through the form, with key, JSON value and a header, to partition 1
    page.click("a:has-text('Messages')")
    produce = page.locator("[data-testid=produce]")
    produce.locator("select[name=partition]").select_option("1")
    produce.locator("input[name=key]").fill("order-1")
    produce.locator("textarea[name=value]").fill('{"item": "book", "qty": 2}')
    produce.locator("textarea[name=headers]").fill("source=browser")
    produce.locator("button").click()
    expect(page.locator(".notice.ok")).to_contain_text("Produced to partition 1 at offset 0")
    rows = page.locator("#message-rows tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("order-1")
    expect(rows.first.locator("pre.json")).to_contain_text('"item": "book"')  # pretty printed
    expect(rows.first).to_contain_text("source")

    # records from another client: a binary value is shown as hex; the value filter searches
    _produce(broker.bootstrap, "orders", [b"\xff\xfe\x00binary"], key=b"bin")
    _produce(broker.bootstrap, "orders", [f"plain text {i}".encode() for i in range(20)])
    page.goto(url + "/topics/orders/messages?from=earliest&limit=100")
    expect(page.locator("#message-rows tr")).to_have_count(22)
    expect(page.locator("#message-rows pre.hex")).to_contain_text("ff fe 00")
    page.goto(url + "/topics/orders/messages?from=earliest&q=text+1")
    expect(page.locator("#message-rows tr")).to_have_count(11)  # "text 1" and "text 10".."19"

    # one partition from an offset; from a time (none after the far future, all after 0)
    page.goto(url + "/topics/orders/messages?partition=2&from=offset&value=3&limit=100")
    parts = page.locator("#message-rows tr td:nth-child(1)").all_inner_texts()
    offsets = [int(o) for o in page.locator("#message-rows tr td:nth-child(2)").all_inner_texts()]
    assert parts and set(parts) == {"2"} and min(offsets) == 3, (parts, offsets)
    page.goto(url + "/topics/orders/messages?from=timestamp&value=2999-01-01T00:00:00")
    expect(page.locator("#message-rows tr")).to_have_count(0)
    page.goto(url + "/topics/orders/messages?from=timestamp&value=0&limit=100")
    expect(page.locator("#message-rows tr")).to_have_count(22)

    # live tail: a record produced now appears without a reload
    page.goto(url + "/topics/orders/messages")
    page.click("[data-testid=live-tail]")
    expect(page.locator("#tail-status")).to_contain_text("Live")
    page.wait_for_timeout(1500)  # the tail starts at the end offsets it sees when it opens
    _produce(broker.bootstrap, "orders", [b'{"live": true}'], key=b"tailed")
    expect(page.locator("#message-rows tr.fresh")).to_contain_text("tailed", timeout=20_000)
    snap(page, "messages")

    # alter a config through the form
    page.goto(url + "/topics/orders")
    alter = page.locator("[data-testid=alter-config]")
    alter.locator("input[name=key]").fill("retention.ms")
    alter.locator("input[name=value]").fill("3600000")
    alter.locator("button").click()
    expect(page.locator(".notice.ok")).to_contain_text("retention.ms set to 3600000")
    expect(page.locator("#topic-configs tr.changed", has_text="retention.ms")).to_contain_text(
        "3600000"
    )
    # a bad value is the broker's error on the page, not a stack trace
    alter.locator("input[name=key]").fill("retention.ms")
    alter.locator("input[name=value]").fill("not-a-number")
    alter.locator("button").click()
    expect(page.locator(".notice.bad")).to_contain_text("Cannot change retention.ms")

    # add a partition
    page.locator("[data-testid=add-partitions] input[name=count]").fill("4")
    page.locator("[data-testid=add-partitions] button").click()
    expect(page.locator(".notice.ok")).to_contain_text("orders now has 4 partitions")
    expect(page.locator("[data-testid=partition-table] tbody tr")).to_have_count(4)

    # delete: gone from the console and from the cluster
    page.click("[data-testid=delete-topic]")
    expect(page.locator(".notice.ok")).to_contain_text("Topic orders deleted")
    expect(page.locator("[data-testid=topic-table]")).not_to_contain_text("orders")
    admin = AdminClient({"bootstrap.servers": broker.bootstrap, "log_level": 0})
    assert "orders" not in admin.list_topics(timeout=10).topics

    # the broker page: its log directory and its configs with their sources
    page.goto(url + "/brokers/0")
    expect(page.locator("table", has_text="Path")).to_contain_text(str(broker.data_dir))
    expect(page.locator("#broker-configs tr", has_text="log.dirs")).to_contain_text(
        str(broker.data_dir)
    )


def _total_lag(page: Any) -> int:
    return int(page.locator("[data-testid=total-lag]").inner_text())


def test_group_lag_and_reset(cluster: tuple[BrokerProcess, str], page: Any, snap: Snap) -> None:
    broker, url = cluster
    admin = AdminClient({"bootstrap.servers": broker.bootstrap, "log_level": 0})
    admin.create_topics([NewTopic("payments", 2, 1)])["payments"].result(30)
    _produce(broker.bootstrap, "payments", [f"p{i}".encode() for i in range(20)])
    _consume_all(broker.bootstrap, "billing", "payments", 20)

    page.goto(url + "/groups")
    expect(page.locator("[data-testid=group-table]")).to_contain_text("billing")
    page.click("a:has-text('billing')")
    expect(page.locator("[data-testid=group-state]")).to_have_text("Empty")
    expect(page.locator("[data-testid=total-lag]")).to_have_text("0")

    # lag appears on the open page, without a reload
    _produce(broker.bootstrap, "payments", [f"q{i}".encode() for i in range(30)])
    expect(page.locator("[data-testid=total-lag]")).to_have_text("30", timeout=20_000)
    # ... and disappears once the group's consumer has read and committed
    _consume_all(broker.bootstrap, "billing", "payments", 30)
    expect(page.locator("[data-testid=total-lag]")).to_have_text("0", timeout=20_000)
    chart = page.locator("[data-testid=lag-chart]")
    expect(chart).to_have_attribute("data-points", re.compile(r"^([3-9]|\d\d+)$"), timeout=20_000)

    # dry run: a plan, and nothing changes
    reset = page.locator("[data-testid=reset-form]")
    reset.locator("select[name=to]").select_option("earliest")
    reset.locator("button[value=preview]").click()
    preview = page.locator("[data-testid=reset-preview] tbody tr")
    expect(preview).to_have_count(2)
    expect(page.locator("h3", has_text="Plan (dry run, nothing changed)")).to_be_visible()
    for i in range(2):
        cells = preview.nth(i).locator("td")
        assert cells.nth(3).inner_text() == "0"
        assert int(cells.nth(2).inner_text()) > 0
    assert _total_lag(page) == 0
    page.wait_for_timeout(2500)  # a poll later, still nothing moved
    assert _total_lag(page) == 0

    # execute: the lag returns
    page.locator("[data-testid=reset-form] select[name=to]").select_option("earliest")
    page.click("[data-testid=reset-execute]")
    expect(page.locator(".notice.ok")).to_contain_text("Offsets of 2 partitions reset")
    expect(page.locator("[data-testid=total-lag]")).to_have_text("50", timeout=20_000)
    expect(chart).to_have_attribute("data-last-total", "50", timeout=20_000)
    snap(page, "group")

    # a group with a live member cannot be reset (Kafka's rule), and says so
    c = Consumer({"bootstrap.servers": broker.bootstrap, "group.id": "billing", "log_level": 0,
                  "auto.offset.reset": "earliest", "enable.auto.commit": False})  # fmt: skip
    c.subscribe(["payments"])
    try:
        deadline = time.monotonic() + 30
        while not c.assignment() and time.monotonic() < deadline:
            c.poll(0.2)
        expect(page.locator("[data-testid=group-state]")).to_have_text("Stable", timeout=20_000)
        members = page.locator("[data-testid=members]")
        expect(members).to_contain_text("payments-0, payments-1")  # the member's assignment
        page.locator("[data-testid=reset-form] select[name=to]").select_option("latest")
        page.click("[data-testid=reset-execute]")
        expect(page.locator("[data-testid=reset-error]")).to_contain_text("inactive")
    finally:
        c.close()
    offsets = {tp.partition: tp.offset for tp in _committed(broker.bootstrap, "billing")}
    assert offsets == {0: 0, 1: 0}, offsets


def _committed(bootstrap: str, group: str) -> list[Any]:
    from confluent_kafka import ConsumerGroupTopicPartitions

    admin = AdminClient({"bootstrap.servers": bootstrap, "log_level": 0})
    fut = admin.list_consumer_group_offsets([ConsumerGroupTopicPartitions(group)])[group]
    return list(fut.result(20).topic_partitions)


def test_outage_banner(tmp_path: Path, page: Any, snap: Snap) -> None:
    """Stop the broker: the open page shows a banner (not a stack trace); restart it: the
    banner goes away by itself."""
    broker = BrokerProcess(tmp_path / "data")
    broker.start()
    console = ConsoleProcess(broker.bootstrap, tmp_path / "console.log")
    console.start()
    try:
        page.goto(console.url + "/")
        expect(page.locator("[data-testid=brokers-online]")).to_have_text("1/1")
        expect(page.locator("[data-testid=cluster-down]")).to_have_count(0)
        broker.kill()
        expect(page.locator("[data-testid=cluster-down]")).to_contain_text(
            "Cluster unreachable", timeout=30_000
        )
        snap(page, "outage")
        page.goto(console.url + "/topics")  # a fresh page load while down: banner, no traceback
        expect(page.locator("[data-testid=cluster-down]")).to_be_visible()
        assert "Traceback" not in page.content()
        broker.start()
        expect(page.locator("[data-testid=cluster-down]")).to_have_count(0, timeout=30_000)
    finally:
        console.stop()
        if broker.alive():
            broker.stop()


def test_cross_site_post_is_refused(cluster: tuple[BrokerProcess, str]) -> None:
    """A form posted from another site (a page elsewhere driving the console on this machine)
    gets 403 and changes nothing; the same form from the console's own origin works."""
    broker, url = cluster
    host = url.removeprefix("http://")

    def post(origin: str, topic: str) -> int:
        req = urllib.request.Request(
            url + "/topics",
            data=urllib.parse.urlencode({"name": topic, "partitions": "1"}).encode(),
            headers={"Origin": origin, "Content-Type": "application/x-www-form-urlencoded"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return int(r.status)
        except urllib.error.HTTPError as e:
            return int(e.code)

    assert post("http://evil.example", "planted") == 403
    assert post(f"http://{host}", "welcome") == 200  # after the redirect to the new topic
    topics = (
        AdminClient({"bootstrap.servers": broker.bootstrap, "log_level": 0})
        .list_topics(timeout=10)
        .topics
    )
    assert "welcome" in topics and "planted" not in topics


def test_read_ends_at_transaction_marker(cluster: tuple[BrokerProcess, str], page: Any) -> None:
    """A partition whose last offset is a transaction marker (no record to return) is read to
    its end, not until the read's time budget runs out."""
    broker, url = cluster
    admin = AdminClient({"bootstrap.servers": broker.bootstrap, "log_level": 0})
    admin.create_topics([NewTopic("committed", 1, 1)])["committed"].result(30)
    p = Producer({"bootstrap.servers": broker.bootstrap, "transactional.id": "console-txn",
                  "log_level": 0})  # fmt: skip
    p.init_transactions(30)
    p.begin_transaction()
    for i in range(3):
        p.produce("committed", value=f"t{i}".encode())
    p.commit_transaction(30)
    page.goto(url + "/topics/committed/messages?from=earliest")
    expect(page.locator("#message-rows tr")).to_have_count(3)
    summary = page.locator("[data-testid=read-summary]")
    expect(summary).to_contain_text("3 shown, 3 scanned")
    expect(summary).not_to_contain_text("stopped early")


def test_sigterm_with_open_event_streams(
    cluster: tuple[BrokerProcess, str], tmp_path: Path
) -> None:
    """Event streams never end by themselves; SIGTERM still stops the console promptly, the
    streams ended by the console (not cancelled mid-write)."""
    broker, _url = cluster
    console = ConsoleProcess(broker.bootstrap, tmp_path / "console.log")
    console.start()
    assert console.proc is not None
    host, port = console.url.removeprefix("http://").split(":")
    streams = []
    for path in ("/groups/nobody/lag", "/topics/__consumer_offsets/tail"):
        s = socket.create_connection((host, int(port)), timeout=10)
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
        assert b"text/event-stream" in s.recv(4096)
        streams.append(s)
    t0 = time.monotonic()
    console.proc.send_signal(signal.SIGTERM)
    try:
        # uvicorn re-raises the SIGTERM once it has shut down cleanly
        assert console.proc.wait(15) in (0, -signal.SIGTERM)
    finally:
        for s in streams:
            s.close()
        console.stop()
    assert time.monotonic() - t0 < 10
    assert "Traceback" not in console.log_text(), console.log_text()[-2000:]
