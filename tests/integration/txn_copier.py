"""A consume-transform-produce copier with the confluent-kafka transactional API, run as a
subprocess by ``test_transactions_soak.py`` so the test can SIGKILL and restart it.

Usage: ``python txn_copier.py BOOTSTRAP SOURCE DEST GROUP TRANSACTIONAL_ID BATCH PAUSE_MS``

It consumes ``SOURCE`` with ``isolation.level=read_committed`` in consumer group ``GROUP``
(static member, so a restarted copier takes over its partitions at once), and copies up to
``BATCH`` records per transaction to the same partition of ``DEST``, committing the consumed
offsets in the transaction (``send_offsets_to_transaction``). A failed transaction is aborted and
the consumer rewound to the group's committed offsets; a retriable commit failure is retried.
Fatal errors (e.g. fenced by a newer instance) exit with code 3; the test restarts the copier.
``PAUSE_MS`` is slept inside each transaction once its records are sent (a stand-in for real
transform work that paces the run, so a test's kills land mid-run and mostly find a transaction
open with records written: they exercise aborts).
"""

from __future__ import annotations

import faulthandler
import os
import signal
import sys
import time

from confluent_kafka import Consumer, KafkaError, KafkaException, Producer, TopicPartition

OFFSET_BEGINNING = -2


def _log(msg: str) -> None:
    print(f"{time.strftime('%H:%M:%S')} copier: {msg}", file=sys.stderr, flush=True)


def _rewind(consumer: Consumer) -> None:
    """Seek every assigned partition back to the group's committed offset."""
    assignment = consumer.assignment()
    if not assignment:
        return
    deadline = time.monotonic() + 60
    while True:
        try:
            committed = consumer.committed(assignment, timeout=10)
            break
        except KafkaException as exc:
            if time.monotonic() > deadline:
                raise
            _log(f"committed() failed: {exc}; retrying")
            time.sleep(0.5)
    for tp in committed:
        offset = tp.offset if tp.offset >= 0 else OFFSET_BEGINNING
        consumer.seek(TopicPartition(tp.topic, tp.partition, offset))


def _commit(producer: Producer) -> None:
    """Commit, retrying retriable failures (e.g. the broker restarting)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            producer.commit_transaction(30)
            return
        except KafkaException as exc:
            err: KafkaError = exc.args[0]
            if not err.retriable() or time.monotonic() > deadline:
                raise
            _log(f"commit retriable: {err}")
            time.sleep(0.2)


def _produce_all(producer: Producer, dest: str, msgs: list) -> None:  # type: ignore[type-arg]
    for m in msgs:
        while True:
            try:
                producer.produce(dest, m.value(), m.key(), partition=m.partition())
                break
            except BufferError:
                producer.poll(0.05)


def run(
    bootstrap: str, source: str, dest: str, group: str, txn_id: str, batch: int, pause_ms: int
) -> int:
    consumer = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": group,
            "group.instance.id": f"{txn_id}-member",
            "isolation.level": "read_committed",
            "enable.auto.commit": False,
            "auto.offset.reset": "earliest",
            "session.timeout.ms": 10000,
            "max.poll.interval.ms": 60000,
        }
    )
    producer = Producer(
        {
            "bootstrap.servers": bootstrap,
            "transactional.id": txn_id,
            "linger.ms": 5,
            "transaction.timeout.ms": 30000,
            # librdkafka 2.16's re-bootstrap (all brokers down -> brokers decommissioned) can
            # leave send_offsets_to_transaction waiting forever for the group coordinator
            # (never a TxnOffsetCommit sent); with one broker there is nothing to re-bootstrap
            "metadata.recovery.strategy": "none",
            **({"debug": os.environ["COPIER_DEBUG"]} if os.environ.get("COPIER_DEBUG") else {}),
        }
    )
    producer.init_transactions(60)
    consumer.subscribe([source])
    _log("started")
    while True:
        msgs = [m for m in consumer.consume(batch, timeout=0.5) if not m.error()]
        if not msgs:
            continue
        try:
            producer.begin_transaction()
            _produce_all(producer, dest, msgs)
            producer.flush(0)
            time.sleep(pause_ms / 1000)  # inside the transaction: kills find it open
            positions = [tp for tp in consumer.position(consumer.assignment()) if tp.offset >= 0]
            producer.send_offsets_to_transaction(positions, consumer.consumer_group_metadata(), 30)
            _commit(producer)
        except KafkaException as exc:
            err = exc.args[0]
            if err.fatal() or not err.txn_requires_abort():
                _log(f"fatal: {err}")
                return 3
            _log(f"aborting: {err}")
            try:
                producer.abort_transaction(60)
            except KafkaException as exc2:
                _log(f"abort failed: {exc2}")
                return 3
            _rewind(consumer)


if __name__ == "__main__":
    faulthandler.register(signal.SIGUSR1)  # stacks on demand, for debugging a stuck copier
    bootstrap, source, dest, group, txn_id, batch, pause = sys.argv[1:8]
    sys.exit(run(bootstrap, source, dest, group, txn_id, int(batch), int(pause)))
