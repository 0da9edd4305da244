"""Chaos workloads: reference-client producers, consumers and a transactional copier that log
every operation to a :class:`History` (the checker's input).

Owns: the client side of a run. Producers are confluent-kafka (librdkafka), kafka-python and
Strom's own client; each writes unique values ``<name>.<seq>`` at a bounded rate and count and
logs invoke/ok/fail/info with the acknowledged (partition, offset). The final reader reads every
partition from the beginning with ``read_committed`` up to its end offset. The copier moves
values from one topic to another in transactions (some aborted on purpose) and logs each
transaction with the values it wrote.

Invariants: every loop is bounded in count and in time; every client is closed by ``stop``;
a send is logged exactly once as ok, fail or info.
"""

from __future__ import annotations

import contextlib
import json
import random
import threading
import time
from pathlib import Path
from typing import Any

from confluent_kafka import (
    OFFSET_BEGINNING,
    Consumer,
    KafkaError,
    KafkaException,
    Producer,
    TopicPartition,
)

# librdkafka errors after which the record was certainly not written; any other error leaves
# the send indeterminate (a timeout may hide a write)
DEFINITE = {
    KafkaError.MSG_SIZE_TOO_LARGE,
    KafkaError.INVALID_MSG_SIZE,
    KafkaError.TOPIC_AUTHORIZATION_FAILED,
    KafkaError._INVALID_ARG,
    KafkaError.UNKNOWN_TOPIC_OR_PART,
}


class History:
    """A thread-safe, append-only list of events, mirrored to ``history.jsonl``."""

    def __init__(self, path: Path | None = None) -> None:
        self.events: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._file = open(path, "a") if path else None  # noqa: SIM115

    def add(self, event: dict[str, Any]) -> None:
        with self._lock:
            self.events.append(event)
            if self._file is not None:
                self._file.write(json.dumps(event) + "\n")

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


METADATA_WAIT_S = 120.0  # how long the final read waits for a partition's leader

SAFE = {"acks": "all", "enable.idempotence": True, "max.in.flight": 5,
        "message.timeout.ms": 120000, "linger.ms": 5, "retry.backoff.ms": 100}  # fmt: skip


class ProducerWorker(threading.Thread):
    """Base: ``count`` values at about ``rate`` per second, partition ``seq % partitions``."""

    client = "?"

    def __init__(self, name: str, bootstrap: str, topic: str, partitions: int, count: int,
                 rate: float, history: History, profile: dict[str, Any] | None = None
                 ) -> None:  # fmt: skip
        super().__init__(name=f"chaos-{name}", daemon=True)
        self.wname, self.bootstrap, self.topic = name, bootstrap, topic
        self.partitions, self.count, self.rate, self.history = partitions, count, rate, history
        self.profile = dict(SAFE if profile is None else profile)
        self.stop_flag = threading.Event()
        self.sent = 0
        self.done = 0
        self._lock = threading.Lock()
        self.error: BaseException | None = None

    def log(self, seq: int, p: int, t0: float, st: str, off: int | None, err: str = "") -> None:
        ev = {"f": "send", "w": self.wname, "v": f"{self.wname}.{seq}", "topic": self.topic,
              "p": p, "st": st, "off": off, "t0": t0, "t1": time.monotonic()}  # fmt: skip
        if err:
            ev["err"] = err
        self.history.add(ev)
        with self._lock:
            self.done += 1

    def run(self) -> None:
        try:
            self.open()
            start = time.monotonic()
            for seq in range(self.count):
                if self.stop_flag.is_set():
                    break
                ahead = start + seq / self.rate - time.monotonic()
                if ahead > 0:
                    time.sleep(ahead)
                self.send(seq, seq % self.partitions, time.monotonic())
                self.sent = seq + 1
                self.poll()
            self.flush(150)
        except BaseException as exc:  # recorded; the scenario reports it
            self.error = exc
        finally:
            with contextlib.suppress(Exception):
                self.close()

    def acks(self) -> int:
        return self.done

    def open(self) -> None: ...
    def send(self, seq: int, p: int, t0: float) -> None: ...
    def poll(self) -> None: ...
    def flush(self, timeout: float) -> None: ...
    def close(self) -> None: ...


class ConfluentProducer(ProducerWorker):
    client = "confluent-kafka"

    def open(self) -> None:
        conf = {"bootstrap.servers": self.bootstrap, "log_level": 0, "client.id": self.wname}
        conf.update({k: v for k, v in self.profile.items() if k != "max.in.flight"})
        conf["max.in.flight.requests.per.connection"] = self.profile.get("max.in.flight", 5)
        self.p = Producer(conf)

    def send(self, seq: int, p: int, t0: float) -> None:
        def cb(err: Any, msg: Any) -> None:
            if err is None:
                off = msg.offset()
                self.log(seq, p, t0, "ok", off if off is not None and off >= 0 else None)
            else:
                st = "fail" if err.code() in DEFINITE else "info"
                self.log(seq, p, t0, st, None, err.name())

        while True:
            try:
                self.p.produce(self.topic, value=f"{self.wname}.{seq}".encode(), partition=p,
                               on_delivery=cb)  # fmt: skip
                return
            except BufferError:
                self.p.poll(0.1)

    def poll(self) -> None:
        self.p.poll(0)

    def flush(self, timeout: float) -> None:
        self.p.flush(timeout)

    def close(self) -> None:
        self.p.flush(1)


class KafkaPythonProducer(ProducerWorker):
    client = "kafka-python"

    def open(self) -> None:
        from kafka import KafkaProducer

        acks = self.profile.get("acks", "all")
        self.p = KafkaProducer(
            bootstrap_servers=self.bootstrap.split(","), client_id=self.wname,
            acks=acks if acks == "all" else int(acks),
            enable_idempotence=bool(self.profile.get("enable.idempotence", True)),
            linger_ms=5, retries=2**31 - 1, delivery_timeout_ms=120000, request_timeout_ms=10000,
            max_in_flight_requests_per_connection=self.profile.get("max.in.flight", 5),
            retry_backoff_ms=100,
        )  # fmt: skip

    def send(self, seq: int, p: int, t0: float) -> None:
        fut = self.p.send(self.topic, value=f"{self.wname}.{seq}".encode(), partition=p)
        fut.add_callback(lambda md: self.log(seq, p, t0, "ok", md.offset))
        fut.add_errback(lambda exc: self.log(seq, p, t0, "info", None, type(exc).__name__))

    def flush(self, timeout: float) -> None:
        self.p.flush(timeout)

    def close(self) -> None:
        self.p.close(5)


class StromProducer(ProducerWorker):
    client = "strom"

    def open(self) -> None:
        from strom.client import Producer as SP

        self.p = SP({"bootstrap.servers": self.bootstrap, "client.id": self.wname, "acks": "all",
                     "enable.idempotence": True, "linger.ms": 5,
                     "delivery.timeout.ms": 120000})  # fmt: skip

    def send(self, seq: int, p: int, t0: float) -> None:
        fut = self.p.send(self.topic, f"{self.wname}.{seq}".encode(), partition=p)

        def done(f: Any) -> None:
            exc = f.exception()
            if exc is None:
                self.log(seq, p, t0, "ok", f.result().offset)
            else:
                self.log(seq, p, t0, "info", None, type(exc).__name__)

        fut.add_done_callback(done)

    def flush(self, timeout: float) -> None:
        self.p.flush(timeout)

    def close(self) -> None:
        self.p.close(5)


PRODUCERS: dict[str, type[ProducerWorker]] = {
    "confluent": ConfluentProducer,
    "kafka-python": KafkaPythonProducer,
    "strom": StromProducer,
}


def read_all(bootstrap: str, topic: str, partitions: list[int], history: History,
             consumer: str = "final", timeout: float = 60, committed: bool = True,
             metadata_wait: float = METADATA_WAIT_S) -> int:  # fmt: skip
    """Read every partition from the beginning to its end offset (read_committed: the last
    stable offset) and log each record; returns how many were read. End offsets are asked
    with :func:`end_offsets` (retried up to ``metadata_wait`` seconds; a partition still
    without an answer is logged unreadable and not read)."""
    conf = {"bootstrap.servers": bootstrap, "group.id": f"chaos-{consumer}",
            "enable.auto.commit": False, "log_level": 0,
            "isolation.level": "read_committed" if committed else "read_uncommitted",
            "auto.offset.reset": "earliest", "fetch.wait.max.ms": 100}  # fmt: skip
    ends = end_offsets(conf, topic, partitions, history, consumer, metadata_wait)
    c = Consumer(conf)
    n = 0
    try:
        partitions = [p for p in partitions if p in ends]
        c.assign([TopicPartition(topic, p, OFFSET_BEGINNING) for p in partitions])
        history.add({"f": "assign", "c": consumer})
        pos = dict.fromkeys(partitions, 0)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and any(pos[p] < ends[p] for p in partitions):
            for m in c.consume(1000, 0.5):
                if m.error() is not None:
                    continue
                value, key = m.value(), m.key()
                ev = {"f": "read", "c": consumer, "topic": topic, "p": m.partition(),
                      "off": m.offset(), "v": value.decode() if value is not None else None,
                      "t": time.monotonic()}  # fmt: skip
                if key is not None:
                    ev["k"] = key.decode()
                history.add(ev)
                pos[m.partition()] = m.offset() + 1
                n += 1
            if all(pos[p] < ends[p] for p in partitions) is False:
                # read_committed stops below markers: the position may not reach the end offset
                for p in partitions:
                    with contextlib.suppress(Exception):
                        pos[p] = max(pos[p], c.position([TopicPartition(topic, p)])[0].offset)
    finally:
        c.close()
    return n


def end_offsets(conf: dict[str, Any], topic: str, partitions: list[int], history: History,
                consumer: str, timeout: float = METADATA_WAIT_S) -> dict[int, int]:  # fmt: skip
    """Each partition's end offset, asked as a real consumer does: an error (no leader yet,
    librdkafka's "Unknown partition" while its metadata is older than the topic's state, a
    leader moving) is retried for up to ``timeout`` seconds in all, each round with a new
    client (a librdkafka handle that has no assignment does not refresh the metadata of a
    partition it found leaderless). A partition still unanswered then is logged as
    ``{"f": "unreadable", ...}`` and left out (its acknowledged records count as unseen),
    instead of ending the run in a harness error."""
    deadline = time.monotonic() + timeout
    ends: dict[int, int] = {}
    errors: dict[int, str] = {}
    while True:
        probe = Consumer(conf)
        try:
            for p in partitions:
                if p in ends:
                    continue
                try:
                    ends[p] = probe.get_watermark_offsets(TopicPartition(topic, p), timeout=10)[1]
                    errors.pop(p, None)
                except KafkaException as exc:
                    errors[p] = str(exc)[:200]
        finally:
            probe.close()
        if not errors or time.monotonic() >= deadline:
            break
        time.sleep(1.0)
    for p, err in sorted(errors.items()):
        history.add({"f": "unreadable", "c": consumer, "topic": topic, "p": p, "err": err,
                     "t": time.monotonic()})  # fmt: skip
    return ends


def _fatal(exc: BaseException) -> bool:
    """A librdkafka error after which the producer cannot be used again."""
    return isinstance(exc, KafkaException) and bool(exc.args) and exc.args[0].fatal()


def _commit(p: Producer, ev: dict[str, Any]) -> str:
    """Commit, retrying a retriable failure (librdkafka's advice); abort when the transaction
    must be aborted. Returns ok or fail; raises when the outcome stays unknown."""
    for _attempt in range(5):
        try:
            p.commit_transaction(30)
            return "ok"
        except KafkaException as exc:
            err = exc.args[0]
            ev.setdefault("errors", []).append(err.name())
            if err.txn_requires_abort():
                p.abort_transaction(30)
                return "fail"
            if not err.retriable():
                raise
    raise RuntimeError("commit still retriable after 5 attempts")


class TxnCopier(threading.Thread):
    """Copies ``src`` to ``dst`` in transactions of up to ``size`` records; with probability
    ``abort_p`` a transaction is aborted after its writes (and its input copied again). An
    output value is ``<input>@<txn id>``, unique per transaction, so aborted output is
    recognisable.

    A fatal producer error (librdkafka: the producer is unusable) is handled as librdkafka
    documents: the producer is closed, a new one is created (its InitProducerId fences the old
    epoch) and the consumer resumes from the group's committed offsets, which the outcome of the
    unknown transaction moved or not, atomically with its output (``restarts`` counts these).
    A transaction whose outcome stays unknown is logged ``info``."""

    def __init__(self, name: str, bootstrap: str, src: str, dst: str, partitions: int,
                 history: History, seed: int, size: int = 100, abort_p: float = 0.1,
                 deadline_s: float = 120, expected: int = 0,
                 producer_config: dict[str, Any] | None = None) -> None:  # fmt: skip
        super().__init__(name=f"chaos-{name}", daemon=True)
        self.producer_config = dict(producer_config or {})
        self.wname, self.bootstrap, self.src, self.dst = name, bootstrap, src, dst
        self.partitions, self.history, self.size = partitions, history, size
        self.rng = random.Random(seed)
        self.abort_p, self.deadline_s, self.expected = abort_p, deadline_s, expected
        self.stop_flag = threading.Event()
        self.copied = 0
        self.restarts = 0
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self._run()
        except BaseException as exc:
            self.error = exc

    def _run(self) -> None:
        c = Consumer({"bootstrap.servers": self.bootstrap, "group.id": f"copier-{self.wname}",
                      "enable.auto.commit": False, "isolation.level": "read_committed",
                      "auto.offset.reset": "earliest", "log_level": 0})  # fmt: skip
        tps = [TopicPartition(self.src, i) for i in range(self.partitions)]
        committed = c.committed(tps, timeout=30)
        c.assign([TopicPartition(self.src, t.partition, t.offset if t.offset >= 0
                                 else OFFSET_BEGINNING) for t in committed])  # fmt: skip
        p = self._producer()
        deadline = time.monotonic() + self.deadline_s
        n = 0
        try:
            while not self.stop_flag.is_set() and time.monotonic() < deadline:
                if self.expected and self.copied >= self.expected:
                    break
                msgs = [m for m in c.consume(self.size, 0.5) if m.error() is None]
                if not msgs:
                    continue
                n += 1
                tid = f"{self.wname}-{n}"
                start = {}
                for m in msgs:
                    start.setdefault(m.partition(), m.offset())
                p.begin_transaction()
                writes = []
                for m in msgs:
                    v = f"{m.value().decode()}@{tid}"
                    writes.append(v)
                    p.produce(self.dst, value=v.encode(), partition=m.partition())
                ends = [TopicPartition(self.src, m.partition(), m.offset() + 1) for m in msgs]
                last = {tp.partition: tp for tp in ends}
                t0 = time.monotonic()
                ev: dict[str, Any] = {"f": "txn", "w": self.wname, "id": tid, "writes": writes,
                                      "reads": [m.value().decode() for m in msgs], "t0": t0}
                try:
                    p.send_offsets_to_transaction(list(last.values()),
                                                  c.consumer_group_metadata(), 30)  # fmt: skip
                    if self.rng.random() < self.abort_p:
                        p.abort_transaction(30)
                        ev["st"] = "fail"
                    else:
                        ev["st"] = _commit(p, ev)
                        if ev["st"] == "ok":
                            self.copied += len(msgs)
                except Exception as exc:
                    ev["st"], ev["err"] = "info", str(exc)[:200]
                    if not _fatal(exc):
                        with contextlib.suppress(Exception):
                            p.abort_transaction(30)
                            ev["st"] = "fail"
                ev["t1"] = time.monotonic()
                self.history.add(ev)
                if ev["st"] == "fail":  # copy the same input again
                    for part, off in start.items():
                        c.seek(TopicPartition(self.src, part, off))
                elif ev["st"] == "info":  # outcome unknown: restart from what was committed
                    self.restarts += 1
                    with contextlib.suppress(Exception):  # a fatal producer may raise again
                        p.flush(1)
                    p = self._producer()
                    resume = c.committed(tps, timeout=30)
                    # the input is written without transactions: an offset counts its records
                    self.copied = sum(max(t.offset, 0) for t in resume)
                    for t in resume:
                        c.seek(TopicPartition(self.src, t.partition,
                                              t.offset if t.offset >= 0 else OFFSET_BEGINNING))
        finally:
            c.close()
            p.flush(5)

    def _producer(self) -> Producer:
        p = Producer({"bootstrap.servers": self.bootstrap, "transactional.id": self.wname,
                      "client.id": self.wname, "log_level": 0, "transaction.timeout.ms": 40000,
                      "message.timeout.ms": 40000, **self.producer_config})  # fmt: skip
        p.init_transactions(60)
        return p
