"""Exactly-once on a 3-broker cluster: the transaction coordinator is on a different broker than
every partition leader, so markers travel as WriteTxnMarkers and KIP-890 produce verification as
verify-only AddPartitionsToTxn between brokers. A confluent-kafka transactional producer commits
two transactions out of three and aborts the third; in phase 1 the leader of the output
partition 0 is SIGKILLed three times in the middle of transactions (after all their records,
before EndTxn, or halfway through producing them), in phase 2 the coordinator's broker three
times. A read_committed consumer must then see every
committed record exactly once and nothing of an aborted transaction; a read_uncommitted one sees
the aborted records too (so the check is not vacuous). A transaction whose outcome the producer
could not learn (a fatal error during its commit) must be all-or-nothing. A second test copies
a topic with a consume-transform-produce loop (offsets in the transaction) while the group
coordinator's broker is killed."""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

import pytest
from cluster_util import FAST, partitions, wait_for, wait_isr
from confluent_kafka import Consumer, KafkaException, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic
from kazoo.client import KazooClient

from strom.cluster.zk_store import state_path
from strom.coordinator.group.types import partition_for

pytestmark = [pytest.mark.integration, pytest.mark.slow]

TOPIC = "eos-out"
TXN_TOPIC = "__transaction_state"
PARTS = 3
PER_TXN = 30
TXNS = 54
# transaction number -> (which broker to SIGKILL, after how many of its records): after all of
# them (flushed, so the transaction is open everywhere, before EndTxn) or halfway (produce and
# AddPartitionsToTxn / verification requests in flight)
KILL_AT = {
    6: ("leader", PER_TXN), 14: ("leader", PER_TXN // 2), 22: ("leader", PER_TXN),
    30: ("coordinator", PER_TXN), 38: ("coordinator", PER_TXN // 2),
    46: ("coordinator", PER_TXN),
}  # fmt: skip


def _zk_isr_full(zk: KazooClient, parts: list[tuple[str, int]]) -> bool:
    """Every partition's ISR in ZooKeeper (the controller's truth; brokers' metadata caches
    may lag) has all 3 replicas."""
    return all(len(json.loads(zk.get(state_path(t, p))[0])["isr"]) == 3 for t, p in parts)


def _producer(bootstrap: str, txn_id: str) -> Producer:
    p = Producer({
        "bootstrap.servers": bootstrap, "transactional.id": txn_id, "linger.ms": 5,
        "transaction.timeout.ms": 60000, "message.timeout.ms": 60000,
        "retry.backoff.ms": 50, "log_level": 3,
    })  # fmt: skip
    p.init_transactions(60)
    return p


def _consume_all(bootstrap: str, isolation: str) -> list[str]:
    """Every record of TOPIC visible at ``isolation``, read until each partition's position
    reached its high watermark (control batches move the position too)."""
    cons = Consumer({
        "bootstrap.servers": bootstrap, "group.id": f"check-{isolation}",
        "isolation.level": isolation, "enable.auto.commit": False, "log_level": 3,
    })  # fmt: skip
    tps = [TopicPartition(TOPIC, i, 0) for i in range(PARTS)]
    ends = {i: cons.get_watermark_offsets(TopicPartition(TOPIC, i), 10)[1] for i in range(PARTS)}
    cons.assign(tps)
    values: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for m in cons.consume(500, 0.5):
            if m.error() is None:
                values.append(m.value().decode())
        pos = {tp.partition: tp.offset for tp in cons.position(tps)}
        if all(pos[i] >= ends[i] for i in range(PARTS)):
            break
    else:
        raise AssertionError(f"{isolation} consumer stuck at {pos}, ends {ends}")
    cons.close()
    return values


def test_exactly_once_across_brokers_with_kills(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    t0 = time.monotonic()
    c = cluster_factory(3, overrides={**FAST, "min.insync.replicas": "2"})
    bs = c.bootstrap
    # create __transaction_state (FindCoordinator / InitProducerId of a probe producer)
    _producer(bs, "probe").flush(1)
    txn_parts = wait_for(
        "__transaction_state leaders",
        lambda: (lambda ps: ps if all(ld >= 0 for ld, _, _ in ps.values()) else None)(
            partitions(bs, TXN_TOPIC)
        ),
    )
    txn_id = "eos-0"
    txn_partition = partition_for(txn_id, 50)
    coordinator = txn_parts[txn_partition][0]
    others = [b for b in (1, 2, 3) if b != coordinator]
    # every output partition led by a broker other than the coordinator, replicated 3 times
    assignment = [[others[i % 2], others[(i + 1) % 2], coordinator] for i in range(PARTS)]
    admin = AdminClient({"bootstrap.servers": bs})
    fut = admin.create_topics(
        [NewTopic(TOPIC, PARTS, replica_assignment=assignment, config={"min.insync.replicas": "2"})]
    )
    fut[TOPIC].result(30)
    wait_isr(bs, TOPIC, 3)
    wait_isr(bs, TXN_TOPIC, 3)
    leaders = {p: ld for p, (ld, _, _) in partitions(bs, TOPIC).items()}
    assert coordinator not in leaders.values(), (coordinator, leaders)
    print(f"coordinator of {txn_id}: broker {coordinator}; leaders of {TOPIC}: {leaders}")

    zk = KazooClient(hosts=c.zk_connect)
    zk.start()
    watched = [(TOPIC, p) for p in range(PARTS)] + [(TXN_TOPIC, txn_partition)]
    committed: set[int] = set()
    aborted: set[int] = set()
    unknown: set[int] = set()
    kills: list[str] = []
    prod = _producer(bs, txn_id)
    for k in range(TXNS):
        t_txn = time.monotonic()
        commit = k % 3 != 2
        prod.begin_transaction()
        what, after = KILL_AT.get(k, ("", -1))
        victim = None
        for i in range(PER_TXN):
            if i == after:
                victim = _kill(c, zk, what, txn_partition)
                kills.append(f"txn {k}: killed the {what} (broker {victim}) after {i} records")
            prod.produce(TOPIC, value=f"{k}:{i}".encode(), partition=i % PARTS)
        prod.flush(60)  # written (an abort would drop unsent records): mid-transaction now
        if after == PER_TXN:
            victim = _kill(c, zk, what, txn_partition)
            kills.append(f"txn {k}: killed the {what} (broker {victim}) before EndTxn")
        t_end = time.monotonic()
        outcome = _finish(prod, commit)
        t_done = time.monotonic()
        if outcome == "fatal":
            unknown.add(k)
            prod = _producer(bs, txn_id)  # fences the old one and aborts what it left open
        elif outcome == "committed":
            committed.add(k)
        else:
            aborted.add(k)
        if victim is not None:
            c.broker(victim).start()
            t_up = time.monotonic()
            wait_for("full ISRs", lambda: _zk_isr_full(zk, watched), 90)
            print(f"restart {t_up - t_done:.2f}s, ISR {time.monotonic() - t_up:.2f}s")
        print(f"txn {k}: records {t_end - t_txn:.2f}s, {outcome} {t_done - t_end:.2f}s, "
              f"recovery {time.monotonic() - t_done:.2f}s")  # fmt: skip
    prod.flush(10)
    zk.stop()
    print("\n".join(kills))

    visible = _consume_all(bs, "read_committed")
    everything = _consume_all(bs, "read_uncommitted")
    counts = Counter(visible)
    dups = [v for v, n in counts.items() if n > 1]
    assert not dups, f"{len(dups)} records seen more than once, e.g. {dups[:5]}"
    by_txn = Counter(int(v.split(":")[0]) for v in visible)
    for k in committed:
        assert by_txn[k] == PER_TXN, f"committed txn {k}: {by_txn[k]} of {PER_TXN} records"
    leaked = sorted(k for k in aborted if by_txn[k])
    assert not leaked, f"records of aborted transactions visible read_committed: {leaked}"
    for k in unknown:
        assert by_txn[k] in (0, PER_TXN), f"txn {k} of unknown outcome partly visible"
    assert set(by_txn) <= committed | unknown
    seen_aborted = {int(v.split(":")[0]) for v in everything} & aborted
    assert len(seen_aborted) == len(aborted), "read_uncommitted must see the aborted records"
    print(
        f"{len(committed)} transactions committed ({len(committed) * PER_TXN} records), "
        f"{len(aborted)} aborted, {len(unknown)} of unknown outcome; {len(kills)} kills; "
        f"read_committed saw {len(visible)} records, 0 duplicates, 0 aborted; "
        f"read_uncommitted {len(everything)}; {time.monotonic() - t0:.1f}s"
    )


def _kill(c: Any, zk: KazooClient, what: str, txn_partition: int) -> int:
    """SIGKILL the current leader (as ZooKeeper says) of TOPIC-0 or of the coordinator's
    ``__transaction_state`` partition."""
    t, p = (TOPIC, 0) if what == "leader" else (TXN_TOPIC, txn_partition)
    victim = int(json.loads(zk.get(state_path(t, p))[0])["leader"])
    assert victim > 0, f"{t}-{p} has no leader"
    c.broker(victim).kill()
    return victim


def _send_offsets_and_finish(prod: Producer, cons: Consumer, commit: bool) -> str:
    """Send the consumer's positions to the open transaction, then commit (or abort)."""
    deadline = time.monotonic() + 90
    while True:
        try:
            prod.send_offsets_to_transaction(
                cons.position(cons.assignment()), cons.consumer_group_metadata(), 30
            )
            break
        except KafkaException as exc:
            err = exc.args[0]
            if err.fatal() or time.monotonic() > deadline:
                raise
            if err.txn_requires_abort():
                return _finish(prod, False)
    return _finish(prod, commit)


def _finish(prod: Producer, commit: bool) -> str:
    """Commit or abort the current transaction: "committed", "aborted" or "fatal" (outcome
    unknown to the producer)."""
    deadline = time.monotonic() + 90
    while True:
        try:
            if commit:
                prod.commit_transaction(30)
                return "committed"
            prod.abort_transaction(30)
            return "aborted"
        except KafkaException as exc:
            err = exc.args[0]
            if err.fatal():
                return "fatal"
            if err.txn_requires_abort() and commit:
                commit = False
                continue
            if not err.retriable() or time.monotonic() > deadline:
                raise


CP_IN, CP_OUT, CP_RECORDS = "cp-in", "cp-out", 1500
OFFSETS = "__consumer_offsets"


def test_consume_transform_produce_across_brokers(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    """A copier (read_committed consumer + transactional producer, offsets sent to the
    transaction) with its transaction coordinator, its group coordinator and the output leaders
    on different brokers: markers reach ``__consumer_offsets`` on another broker, the
    transaction coordinator's broker is SIGKILLed inside a transaction, one transaction is
    aborted and redone from the committed offsets; the committed offsets end at the input's end
    and the output holds every input record exactly once, in order.

    The group coordinator's broker is not killed here: librdkafka 2.x's
    send_offsets_to_transaction can then block forever, ignoring its timeout
    (confluentinc/librdkafka#5511, #5456), and a blocked C call cannot be interrupted by the
    test's timeout. Group coordinator failover is proven in test_group_cluster.py."""
    c = cluster_factory(3, overrides={**FAST, "min.insync.replicas": "2"})
    bs = c.bootstrap
    admin = AdminClient({"bootstrap.servers": bs})
    for t in (CP_IN, CP_OUT):
        admin.create_topics([NewTopic(t, PARTS, 3)])[t].result(30)
    wait_isr(bs, CP_OUT, 3)
    p = Producer({"bootstrap.servers": bs, "acks": "all", "enable.idempotence": True})
    for i in range(CP_RECORDS):
        p.produce(CP_IN, value=str(i).encode(), partition=i % PARTS)
    assert p.flush(30) == 0

    # the internal topics exist (a probe producer, a group lookup); then a transactional id whose
    # coordinator is not the group's coordinator, so offsets markers go to another broker
    _producer(bs, "probe").flush(1)
    wait_for(
        "a group lookup", lambda: admin.describe_consumer_groups(["copier"])["copier"].result(10)
    )

    def leader_of(topic: str, key: str) -> int | None:
        lead = partitions(bs, topic)[partition_for(key, 50)][0]
        return lead if lead > 0 else None

    group_coordinator = wait_for("group coordinator", lambda: leader_of(OFFSETS, "copier"))
    txn_id = next(
        t for t in (f"copier-{i}" for i in range(100))
        if wait_for("txn coordinator", lambda t=t: leader_of(TXN_TOPIC, t)) != group_coordinator
    )  # fmt: skip
    cons = Consumer({
        "bootstrap.servers": bs, "group.id": "copier", "isolation.level": "read_committed",
        "enable.auto.commit": False, "auto.offset.reset": "earliest", "log_level": 3,
    })  # fmt: skip
    cons.subscribe([CP_IN])
    prod = _producer(bs, txn_id)
    zk = KazooClient(hosts=c.zk_connect)
    zk.start()
    offsets_partition = (OFFSETS, partition_for("copier", 50))
    txn_partition = (TXN_TOPIC, partition_for(txn_id, 50))
    watched = [(t, i) for t in (CP_IN, CP_OUT) for i in range(PARTS)]
    watched += [offsets_partition, txn_partition]
    copied = batches = 0
    outcomes: Counter[str] = Counter()
    victim = None
    deadline = time.monotonic() + 100
    while copied < CP_RECORDS:
        assert time.monotonic() < deadline, f"copied {copied} of {CP_RECORDS}"
        msgs = [m for m in cons.consume(100, 1.0) if m.error() is None]
        if not msgs:
            continue
        batches += 1
        prod.begin_transaction()
        for m in msgs:
            prod.produce(CP_OUT, value=m.value(), partition=m.partition())
        if batches == 6:  # the transaction coordinator's broker dies inside the transaction
            victim = int(json.loads(zk.get(state_path(*txn_partition))[0])["leader"])
            assert victim != group_coordinator
            c.broker(victim).kill()
        outcome = _send_offsets_and_finish(prod, cons, commit=batches != 3)
        outcomes[outcome] += 1
        if outcome == "committed":
            copied += len(msgs)
        else:  # redo the aborted copy from the committed offsets
            for tp in cons.committed(cons.assignment(), 10):
                cons.seek(TopicPartition(tp.topic, tp.partition, max(tp.offset, 0)))
        if victim is not None and batches == 6:
            c.broker(victim).start()
            wait_for("full ISRs", lambda: _zk_isr_full(zk, watched), 90)
    zk.stop()
    committed = cons.committed([TopicPartition(CP_IN, i) for i in range(PARTS)], 10)
    cons.close()
    assert {tp.partition: tp.offset for tp in committed} == {
        i: len(range(i, CP_RECORDS, PARTS)) for i in range(PARTS)
    }

    out = Consumer({
        "bootstrap.servers": bs, "group.id": "check-copy", "isolation.level": "read_committed",
        "enable.auto.commit": False, "auto.offset.reset": "earliest", "log_level": 3,
    })  # fmt: skip
    out.assign([TopicPartition(CP_OUT, i, 0) for i in range(PARTS)])
    got: dict[int, list[int]] = {i: [] for i in range(PARTS)}
    while sum(map(len, got.values())) < CP_RECORDS and time.monotonic() < deadline + 30:
        for m in out.consume(500, 0.5):
            if m.error() is None:
                got[m.partition()].append(int(m.value()))
    out.close()
    for i in range(PARTS):
        assert got[i] == list(range(i, CP_RECORDS, PARTS)), f"{CP_OUT}-{i} not exactly once"
    print(f"copied {CP_RECORDS} records in {batches} transactions {dict(outcomes)}, killed the "
          f"transaction coordinator (broker {victim}) in transaction 6; "
          f"group coordinator: broker {group_coordinator}, transaction coordinator: broker "
          f"{leader_of(TXN_TOPIC, txn_id)}")  # fmt: skip
