"""``strom transactions abort`` and ``find-hanging`` against a real broker: an open transaction is
aborted from the side (WriteTxnMarkers ABORT to the partition leader, found with --start-offset
through DescribeProducers), its records never reach read_committed consumers, even after the
producer commits; explicit producer/coordinator epochs below the partition's are refused with
Kafka's errors; find-hanging does not report a transaction its coordinator still tracks."""

from __future__ import annotations

import time
import uuid
from typing import Any

import pytest
from confluent_kafka import Consumer, Producer, TopicPartition
from test_tools import fails, ok

pytestmark = pytest.mark.integration


def _rows(lines: list[str]) -> list[list[str]]:
    return [[c.strip() for c in line.split("\t")][:-1] for line in lines]


def _producers(bs: tuple[str, str], topic: str) -> list[list[str]]:
    return _rows(ok("transactions", *bs, "describe-producers", "--topic", topic,
                    "--partition", "0"))[1:]  # fmt: skip


def _read_committed(bootstrap: str, topic: str) -> list[bytes]:
    c = Consumer({"bootstrap.servers": bootstrap, "group.id": f"g-{uuid.uuid4().hex[:6]}",
                  "isolation.level": "read_committed", "enable.auto.commit": False})  # fmt: skip
    end = c.get_watermark_offsets(TopicPartition(topic, 0), 10)[1]
    c.assign([TopicPartition(topic, 0, 0)])
    out: list[bytes] = []
    deadline = time.monotonic() + 20
    while c.position([TopicPartition(topic, 0)])[0].offset < end:
        assert time.monotonic() < deadline, "read_committed consumer stuck below the end"
        out += [m.value() for m in c.consume(100, 0.3) if m.error() is None]
    c.close()
    return out


def test_abort_an_open_transaction_and_find_hanging(broker: Any) -> None:
    bs = ("--bootstrap-server", broker.bootstrap)
    topic, tid = f"tab-{uuid.uuid4().hex[:8]}", f"tx-{uuid.uuid4().hex[:6]}"
    assert ok("topics", *bs, "--create", "--topic", topic, "--partitions", "1") == [
        f"Created topic {topic}."
    ]
    p = Producer({"bootstrap.servers": broker.bootstrap, "transactional.id": tid})
    p.init_transactions(30)
    p.begin_transaction()
    for i in range(3):
        p.produce(topic, f"doomed-{i}".encode(), partition=0)
    assert p.flush(30) == 0
    [[pid, epoch, coord_epoch, _, _, start]] = _producers(bs, topic)
    assert (coord_epoch, start) == ("-1", "0")

    # the coordinator tracks the transaction with this partition: not hanging
    hang = ok("transactions", *bs, "find-hanging", "--topic", topic, "--max-transaction-timeout",
              "0")  # fmt: skip
    assert _rows(hang)[0][:3] == ["Topic", "Partition", "ProducerId"] and len(hang) == 1

    assert fails("transactions", *bs, "abort", "--topic", topic, "--partition", "0",
                 "--start-offset", "1") == (
        f"Error: Could not find any open transactions starting at offset 1 on partition {topic}-0"
    )  # fmt: skip
    assert ok("transactions", *bs, "abort", "--topic", topic, "--partition", "0",
              "--start-offset", "0") == []  # fmt: skip
    [[_, _, coord_epoch, _, _, start]] = _producers(bs, topic)
    assert (coord_epoch, start) == ("0", "None")  # closed by the marker (epoch -1 sent as 0)
    assert _read_committed(broker.bootstrap, topic) == []

    # the producer's own commit cannot bring the aborted records back
    p.produce(topic, b"kept", partition=0)
    p.commit_transaction(30)
    assert _read_committed(broker.bootstrap, topic) == [b"kept"]

    # explicit ids: a newer coordinator epoch is taken; older coordinator/producer epochs refused
    spec = ["--topic", topic, "--partition", "0", "--producer-id", pid]
    assert ok("transactions", *bs, "abort", *spec, "--producer-epoch", epoch,
              "--coordinator-epoch", "7") == []  # fmt: skip
    assert fails("transactions", *bs, "abort", *spec, "--producer-epoch", epoch,
                 "--coordinator-epoch", "6") == (
        f"Error: Failed to abort transaction AbortTransactionSpec(topicPartition={topic}-0, "
        f"producerId={pid}, producerEpoch={epoch}, coordinatorEpoch=6): "
        "TRANSACTION_COORDINATOR_FENCED"
    )  # fmt: skip
    older = str(int(epoch) - 1)
    assert fails("transactions", *bs, "abort", *spec, "--producer-epoch", older,
                 "--coordinator-epoch", "7").endswith("INVALID_PRODUCER_EPOCH")  # fmt: skip
    assert fails("transactions", *bs, "abort", *spec, "--producer-epoch", epoch) == (
        "Error: Missing required argument --coordinator-epoch"
    )
    assert fails("transactions", *bs, "find-hanging").startswith(
        "Error: The `find-hanging` command requires either --topic or --broker-id"
    )
    # nothing is open any more, on the broker's replicas either
    assert len(ok("transactions", *bs, "find-hanging", "--broker-id", "0",
                  "--max-transaction-timeout", "0")) == 1  # fmt: skip
