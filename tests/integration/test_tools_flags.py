"""Kafka flags of the tools beyond the basics, against a real broker started with a static topic
default (``log.segment.bytes``) so that Kafka's ``Configs:`` rule (every non-default value) is
visible: kafka-topics' --topics-with-overrides, --under-min-isr-partitions,
--at-min-isr-partitions and --topic-id; console-producer's producer flags and --reader-config;
console-consumer's --include and deserializers; consumer-groups' --by-duration, --export /
--from-file, --list --state FILTER and --type."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import BrokerProcess
from test_tools import fails, ok

pytestmark = pytest.mark.integration

SEGMENT = "segment.bytes=1073741824"


@pytest.fixture(scope="module")
def broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrokerProcess]:
    b = BrokerProcess(
        tmp_path_factory.mktemp("flags") / "data",
        {"log.segment.bytes": "1073741824", "group.initial.rebalance.delay.ms": "0"},
    )
    b.start()
    yield b
    if b.alive():
        b.stop()


def _bs(broker: BrokerProcess) -> tuple[str, str]:
    return ("--bootstrap-server", broker.bootstrap)


def test_topics_describe_filters_overrides_and_topic_id(broker: BrokerProcess) -> None:
    bs = _bs(broker)
    prefix = f"tf{uuid.uuid4().hex[:6]}"
    plain, strict, loose = f"{prefix}.plain", f"{prefix}.strict", f"{prefix}.loose"
    ok("topics", *bs, "--create", "--topic", plain, "--partitions", "2")
    ok("topics", *bs, "--create", "--topic", strict, "--config", "min.insync.replicas=2")
    ok("topics", *bs, "--create", "--topic", loose, "--config", "retention.ms=1000")
    every = f"{prefix}\\..*"
    head = ok("topics", *bs, "--describe", "--topic", plain)[0].split("\t")
    # a broker setting is not a default: Kafka lists it too
    assert head[0] == f"Topic: {plain}" and head[4] == f"Configs: {SEGMENT}"
    assert ok("topics", *bs, "--describe", "--topic", strict)[0].endswith(
        f"Configs: min.insync.replicas=2,{SEGMENT}"
    )
    topic_id = head[1].removeprefix("TopicId: ")
    assert ok("topics", *bs, "--describe", "--topic-id", topic_id) == ok(
        "topics", *bs, "--describe", "--topic", plain
    )
    assert fails("topics", *bs, "--describe", "--topic-id", "AAAAAAAAAAAAAAAAAAAAAA") == (
        "Error: Topic id 'AAAAAAAAAAAAAAAAAAAAAA' does not exist as expected"
    )

    def partitions(*flags: str) -> list[str]:
        lines = ok("topics", *bs, "--describe", "--topic", every, *flags)
        assert all(line.startswith("\tTopic: ") for line in lines), lines
        return [line.split("\t")[1] + "-" + line.split("\t")[2] for line in lines]

    # one replica in the ISR: below min.insync.replicas=2, exactly the default of 1 elsewhere
    assert partitions("--under-min-isr-partitions") == [f"Topic: {strict}-Partition: 0"]
    assert partitions("--at-min-isr-partitions") == [
        f"Topic: {loose}-Partition: 0",
        f"Topic: {plain}-Partition: 0",
        f"Topic: {plain}-Partition: 1",
    ]
    # the filters are alternatives, as in Kafka
    assert len(partitions("--under-min-isr-partitions", "--at-min-isr-partitions")) == 4
    assert partitions("--under-replicated-partitions") == []
    # every topic has a non-default value here (the broker's segment.bytes): all topic lines
    lines = ok("topics", *bs, "--describe", "--topic", every, "--topics-with-overrides")
    assert [line.split("\t")[0] for line in lines] == [
        f"Topic: {loose}",
        f"Topic: {plain}",
        f"Topic: {strict}",
    ]


def test_topics_with_overrides_skips_topics_with_defaults_only(tmp_path: Path) -> None:
    b = BrokerProcess(tmp_path / "data")
    b.start()
    try:
        bs = _bs(b)
        ok("topics", *bs, "--create", "--topic", "plain")
        ok("topics", *bs, "--create", "--topic", "tuned", "--config", "retention.ms=1000")
        assert ok("topics", *bs, "--describe", "--topic", "plain")[0].endswith("\tConfigs: ")
        lines = ok("topics", *bs, "--describe", "--exclude-internal", "--topics-with-overrides")
        assert len(lines) == 1 and lines[0].startswith("Topic: tuned\t")
        assert lines[0].endswith("\tConfigs: retention.ms=1000")
    finally:
        b.stop()
