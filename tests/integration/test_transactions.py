"""Transactions against a real broker: confluent-kafka (and kafka-python) transactional producers,
read_committed vs read_uncommitted consumers, consume-transform-produce with offsets committed in
the transaction, zombie fencing, coordinator-side timeouts, and a SIGKILL between the commit
request and the markers."""

from __future__ import annotations

import time
import uuid

import pytest
from confluent_kafka import Consumer, KafkaError, KafkaException, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

pytestmark = pytest.mark.integration


def _create(bootstrap: str, topic: str, partitions: int = 2) -> None:
    a = AdminClient({"bootstrap.servers": bootstrap})
    a.create_topics([NewTopic(topic, partitions, 1)])[topic].result(15)


def _txn_producer(bootstrap: str, txn_id: str, **extra: object) -> Producer:
    conf: dict[str, object] = {
        "bootstrap.servers": bootstrap,
        "transactional.id": txn_id,
        "linger.ms": 5,
    }
    conf.update(extra)
    return Producer(conf)


def _read(
    bootstrap: str, topic: str, partitions: int, isolation: str, timeout: float = 20.0
) -> list[bytes]:
    """Everything readable in ``topic`` under ``isolation``, up to end of partition."""
    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": f"check-{uuid.uuid4().hex[:6]}",
            "enable.auto.commit": False,
            "enable.partition.eof": True,
            "isolation.level": isolation,
        }
    )
    c.assign([TopicPartition(topic, p, 0) for p in range(partitions)])
    out: list[bytes] = []
    eof: set[int] = set()
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline and len(eof) < partitions:
            m = c.poll(0.3)
            if m is None:
                continue
            if m.error():
                if m.error().code() == KafkaError._PARTITION_EOF:
                    eof.add(m.partition())
                    continue
                raise AssertionError(m.error())
            out.append(m.value())
    finally:
        c.close()
    return out


def test_commit_and_abort(broker) -> None:
    topic = "txn-basic"
    _create(broker.bootstrap, topic)
    p = _txn_producer(broker.bootstrap, "tx-basic")
    p.init_transactions(15)
    p.begin_transaction()
    for i in range(10):
        p.produce(topic, f"c1-{i}".encode(), partition=i % 2)
    p.commit_transaction(15)
    p.begin_transaction()
    for i in range(10):
        p.produce(topic, f"ab-{i}".encode(), partition=i % 2)
    p.flush(10)
    p.abort_transaction(15)
    p.begin_transaction()
    for i in range(6):
        p.produce(topic, f"c2-{i}".encode(), partition=i % 2)
    p.commit_transaction(15)
    committed = _read(broker.bootstrap, topic, 2, "read_committed")
    assert sorted(committed) == sorted(
        [f"c1-{i}".encode() for i in range(10)] + [f"c2-{i}".encode() for i in range(6)]
    )
    everything = _read(broker.bootstrap, topic, 2, "read_uncommitted")
    assert sorted(everything) == sorted(committed + [f"ab-{i}".encode() for i in range(10)])


def test_open_transaction_holds_back_read_committed(broker) -> None:
    topic = "txn-lso"
    _create(broker.bootstrap, topic, 1)
    p = _txn_producer(broker.bootstrap, "tx-lso")
    p.init_transactions(15)
    p.begin_transaction()
    p.produce(topic, b"open", partition=0)
    p.flush(10)
    plain = Producer({"bootstrap.servers": broker.bootstrap})
    plain.produce(topic, b"after", partition=0)
    plain.flush(10)
    assert _read(broker.bootstrap, topic, 1, "read_committed", timeout=3) == []
    assert sorted(_read(broker.bootstrap, topic, 1, "read_uncommitted")) == [b"after", b"open"]
    p.commit_transaction(15)
    assert _read(broker.bootstrap, topic, 1, "read_committed") == [b"open", b"after"]


def _copy_batch(
    consumer: Consumer, producer: Producer, out_topic: str, max_records: int, commit: bool
) -> int:
    msgs = consumer.consume(max_records, 2.0)
    msgs = [m for m in msgs if not m.error()]
    if not msgs:
        return 0
    producer.begin_transaction()
    for m in msgs:
        producer.produce(out_topic, m.value(), partition=m.partition())
    producer.send_offsets_to_transaction(
        consumer.position(consumer.assignment()), consumer.consumer_group_metadata(), 15
    )
    if commit:
        producer.commit_transaction(15)
    else:
        producer.abort_transaction(15)
    return len(msgs)


def _copier(bootstrap: str, group: str, in_topic: str) -> Consumer:
    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": group,
            "enable.auto.commit": False,
            "auto.offset.reset": "earliest",
            "isolation.level": "read_committed",
        }
    )
    c.subscribe([in_topic])
    return c


def test_consume_transform_produce_exactly_once(broker) -> None:
    in_topic, out_topic, group = "ctp-in", "ctp-out", "ctp-group"
    _create(broker.bootstrap, in_topic)
    _create(broker.bootstrap, out_topic)
    src = Producer({"bootstrap.servers": broker.bootstrap})
    inputs = [f"rec-{i}".encode() for i in range(300)]
    for i, v in enumerate(inputs):
        src.produce(in_topic, v, partition=i % 2)
    src.flush(10)

    # a first copier aborts its transaction: neither output nor group offsets move
    c = _copier(broker.bootstrap, group, in_topic)
    p = _txn_producer(broker.bootstrap, "ctp-copier")
    p.init_transactions(15)
    deadline = time.monotonic() + 30
    while _copy_batch(c, p, out_topic, 40, commit=False) == 0:
        assert time.monotonic() < deadline
    committed = c.committed([TopicPartition(in_topic, i) for i in range(2)], 10)
    assert all(tp.offset < 0 for tp in committed)
    c.close()

    # a second copier (same transactional id: fences nothing live) copies everything
    c = _copier(broker.bootstrap, group, in_topic)
    p2 = _txn_producer(broker.bootstrap, "ctp-copier")
    p2.init_transactions(15)
    copied = 0
    deadline = time.monotonic() + 60
    while copied < len(inputs) and time.monotonic() < deadline:
        copied += _copy_batch(c, p2, out_topic, 50, commit=True)
    committed = c.committed([TopicPartition(in_topic, i) for i in range(2)], 10)
    c.close()
    assert copied == len(inputs)
    assert sorted(tp.offset for tp in committed) == [150, 150]
    out = _read(broker.bootstrap, out_topic, 2, "read_committed")
    assert sorted(out) == sorted(inputs)


def test_zombie_is_fenced(broker) -> None:
    topic = "txn-zombie"
    _create(broker.bootstrap, topic, 1)
    zombie = _txn_producer(broker.bootstrap, "tx-zombie")
    zombie.init_transactions(15)
    zombie.begin_transaction()
    zombie.produce(topic, b"zombie", partition=0)
    zombie.flush(10)
    fresh = _txn_producer(broker.bootstrap, "tx-zombie")
    fresh.init_transactions(30)  # aborts the zombie's open transaction
    with pytest.raises(KafkaException) as info:
        zombie.produce(topic, b"zombie-2", partition=0)
        zombie.commit_transaction(15)
    err = info.value.args[0]
    assert err.fatal() or err.code() in (
        KafkaError._FENCED,
        KafkaError.PRODUCER_FENCED,
        KafkaError.INVALID_PRODUCER_EPOCH,
    ), err
    fresh.begin_transaction()
    fresh.produce(topic, b"fresh", partition=0)
    fresh.commit_transaction(15)
    assert _read(broker.bootstrap, topic, 1, "read_committed") == [b"fresh"]


def test_kafka_python_transactional_producer(broker) -> None:
    from kafka import KafkaProducer

    topic = "txn-kpy"
    _create(broker.bootstrap, topic, 1)
    p = KafkaProducer(bootstrap_servers=broker.bootstrap, transactional_id="tx-kpy")
    p.init_transactions()
    p.begin_transaction()
    p.send(topic, b"kpy-aborted", partition=0)
    p.flush()
    p.abort_transaction()
    p.begin_transaction()
    p.send(topic, b"kpy-committed", partition=0)
    p.commit_transaction()
    p.close()
    assert _read(broker.bootstrap, topic, 1, "read_committed") == [b"kpy-committed"]


def test_coordinator_aborts_timed_out_transaction(fresh_broker) -> None:
    fresh_broker.overrides["transaction.abort.timed.out.transaction.cleanup.interval.ms"] = "200"
    fresh_broker.start()
    bs = fresh_broker.bootstrap
    topic = "txn-timeout"
    _create(bs, topic, 1)
    stalled = _txn_producer(bs, "tx-stall", **{"transaction.timeout.ms": 2000})
    stalled.init_transactions(15)
    stalled.begin_transaction()
    stalled.produce(topic, b"stalled", partition=0)
    stalled.flush(10)
    plain = Producer({"bootstrap.servers": bs})
    plain.produce(topic, b"later", partition=0)
    plain.flush(10)
    assert _read(bs, topic, 1, "read_committed", timeout=1.0) == []
    time.sleep(3.0)
    assert _read(bs, topic, 1, "read_committed") == [b"later"]


def test_commit_completes_after_sigkill_before_markers(fresh_broker) -> None:
    fresh_broker.overrides["strom.txn.marker.delay.ms"] = "600000"
    fresh_broker.start()
    bs = fresh_broker.bootstrap
    topic = "txn-crash"
    _create(bs, topic)
    p = _txn_producer(bs, "tx-crash")
    p.init_transactions(15)
    p.begin_transaction()
    for i in range(8):
        p.produce(topic, f"k-{i}".encode(), partition=i % 2)
    p.commit_transaction(15)  # PrepareCommit written; markers held back
    assert _read(bs, topic, 2, "read_committed", timeout=2.0) == []
    fresh_broker.kill()
    del fresh_broker.overrides["strom.txn.marker.delay.ms"]
    fresh_broker.start()
    out = _read(fresh_broker.bootstrap, topic, 2, "read_committed")
    assert sorted(out) == sorted(f"k-{i}".encode() for i in range(8))
