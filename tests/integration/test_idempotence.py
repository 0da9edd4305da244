"""Idempotent producer against a real broker: real clients produce every record exactly once, and
raw requests show duplicate detection, sequence gaps, stale epochs, InitProducerId, and producer
state surviving SIGKILL."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from pathlib import Path

import pytest
from confluent_kafka import Consumer, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic
from wire import WireClient

from strom.errors import ErrorCode
from strom.protocol import records as rec
from strom.protocol.messages.init_producer_id import InitProducerIdRequest, InitProducerIdResponse
from strom.protocol.messages.list_offsets import ListOffsetsRequest, ListOffsetsResponse
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse

pytestmark = pytest.mark.integration


def _create(bootstrap: str, topic: str, partitions: int = 1) -> None:
    a = AdminClient({"bootstrap.servers": bootstrap})
    a.create_topics([NewTopic(topic, partitions, 1)])[topic].result(15)


def _read_all(bootstrap: str, topic: str, partition: int = 0) -> list[tuple[int, bytes]]:
    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": "idem-check",
            "enable.auto.commit": False,
            "enable.partition.eof": True,
        }
    )
    c.assign([TopicPartition(topic, partition, 0)])
    out: list[tuple[int, bytes]] = []
    deadline = time.monotonic() + 30
    try:
        while time.monotonic() < deadline:
            m = c.poll(0.5)
            if m is None:
                continue
            if m.error():
                if m.error().code() == -191:  # _PARTITION_EOF
                    break
                raise AssertionError(m.error())
            out.append((m.offset(), m.value()))
    finally:
        c.close()
    return out


def _stored_producer_ids(data_dir: Path, topic: str, partition: int = 0) -> set[int]:
    pids: set[int] = set()
    for seg in sorted((data_dir / f"{topic}-{partition}").glob("*.log")):
        pids.update(h.producer_id for _, h in rec.iter_batches(seg.read_bytes(), strict=False))
    return pids


def _init_pid(c: WireClient, version: int = 4, **kw: object) -> InitProducerIdResponse:
    req = InitProducerIdRequest(transactional_id=None, transaction_timeout_ms=60000, **kw)  # type: ignore[arg-type]
    resp = c.request(req, version)
    assert isinstance(resp, InitProducerIdResponse)
    return resp


def _batch(pid: int, epoch: int, seq: int, n: int = 3, tag: bytes = b"v") -> bytes:
    b = rec.RecordBatchBuilder(producer_id=pid, producer_epoch=epoch, base_sequence=seq)
    for i in range(n):
        b.append(tag + b"-%d" % (seq + i))
    return b.build()


def _produce(c: WireClient, topic: str, data: bytes) -> ProduceResponse.PartitionProduceResponse:
    P = ProduceRequest
    req = P(
        acks=-1,
        timeout_ms=5000,
        topic_data=[
            P.TopicProduceData(
                name=topic, partition_data=[P.PartitionProduceData(index=0, records=data)]
            )
        ],
    )
    resp = c.request(req, 9)
    assert isinstance(resp, ProduceResponse)
    return resp.responses[0].partition_responses[0]


def _latest(c: WireClient, topic: str) -> int:
    L = ListOffsetsRequest
    req = L(
        replica_id=-1,
        topics=[
            L.ListOffsetsTopic(
                name=topic, partitions=[L.ListOffsetsPartition(partition_index=0, timestamp=-1)]
            )
        ],
    )
    resp = c.request(req, 7)
    assert isinstance(resp, ListOffsetsResponse)
    return resp.topics[0].partitions[0].offset


def test_confluent_idempotent_producer_exactly_once_in_order(broker) -> None:  # type: ignore[no-untyped-def]
    topic = "idem-confluent"
    _create(broker.bootstrap, topic, 3)
    p = Producer(
        {
            "bootstrap.servers": broker.bootstrap,
            "enable.idempotence": True,
            "linger.ms": 5,
            "batch.num.messages": 50,
        }
    )
    errors: list[object] = []
    n = 6000
    for i in range(n):
        while True:
            try:
                p.produce(
                    topic,
                    key=b"k%d" % (i % 3),
                    value=b"%d:%06d" % (i % 3, i),
                    partition=i % 3,
                    on_delivery=lambda err, _m: errors.append(err) if err else None,
                )
                break
            except BufferError:
                p.poll(0.05)
        if i % 500 == 0:
            p.poll(0)
    assert p.flush(30) == 0
    assert errors == []
    for part in range(3):
        got = _read_all(broker.bootstrap, topic, part)
        values = [v for _, v in got]
        assert values == [b"%d:%06d" % (part, i) for i in range(part, n, 3)]
        assert [o for o, _ in got] == list(range(len(got)))
        pids = _stored_producer_ids(broker.data_dir, topic, part)
        assert pids and all(pid >= 0 for pid in pids)


def test_kafka_python_idempotent_producer(broker) -> None:  # type: ignore[no-untyped-def]
    from kafka import KafkaProducer

    topic = "idem-kafka-python"
    _create(broker.bootstrap, topic)
    p = KafkaProducer(bootstrap_servers=broker.bootstrap, acks="all", enable_idempotence=True)
    futures = [p.send(topic, value=b"%06d" % i, partition=0) for i in range(2000)]
    p.flush(30)
    offsets = [f.get(10).offset for f in futures]
    p.close(10)
    assert offsets == list(range(2000))
    got = _read_all(broker.bootstrap, topic)
    assert [v for _, v in got] == [b"%06d" % i for i in range(2000)]
    pids = _stored_producer_ids(broker.data_dir, topic)
    assert pids and all(pid >= 0 for pid in pids)


def test_init_producer_id(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        seen = set()
        for version in (0, 1, 2, 3, 4, 5):
            r = _init_pid(c, version)
            assert r.error_code == 0 and r.producer_id >= 0 and r.producer_epoch == 0
            seen.add(r.producer_id)
        assert len(seen) == 6
        # KIP-360: an idempotent producer resetting gets a new id (as Kafka, for a null id)
        r = _init_pid(c, 4, producer_id=min(seen), producer_epoch=0)
        assert r.error_code == 0 and r.producer_id not in seen and r.producer_epoch == 0
        r = _init_pid(c, 4, producer_id=5, producer_epoch=-1)
        assert r.error_code == ErrorCode.INVALID_REQUEST
        req = InitProducerIdRequest(transactional_id="txn-1", transaction_timeout_ms=60000)
        resp = c.request(req, 4)
        assert isinstance(resp, InitProducerIdResponse)
        # no FindCoordinator(TRANSACTION) yet: __transaction_state does not exist, so this
        # broker coordinates no transactional id (transactions: test_transactions.py)
        assert resp.error_code == ErrorCode.NOT_COORDINATOR
        assert resp.producer_id == -1


def test_raw_duplicate_gap_and_stale_epoch(broker) -> None:  # type: ignore[no-untyped-def]
    topic = "idem-raw"
    _create(broker.bootstrap, topic)
    with WireClient(broker.bootstrap) as c:
        r = _init_pid(c)
        pid, epoch = r.producer_id, r.producer_epoch
        first = _produce(c, topic, _batch(pid, epoch, 0))
        second = _produce(c, topic, _batch(pid, epoch, 3))
        assert (first.error_code, first.base_offset) == (0, 0)
        assert (second.error_code, second.base_offset) == (0, 3)
        # a retry of either of them: acknowledged with the original offset, not appended
        for seq, offset in ((0, 0), (3, 3)):
            dup = _produce(c, topic, _batch(pid, epoch, seq))
            assert (dup.error_code, dup.base_offset) == (0, offset)
        assert _latest(c, topic) == 6
        # a gap: OUT_OF_ORDER_SEQUENCE_NUMBER, nothing appended
        gap = _produce(c, topic, _batch(pid, epoch, 7))
        assert gap.error_code == ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER
        assert gap.base_offset == -1
        assert _latest(c, topic) == 6
        # an epoch bump must start at 0; afterwards the old epoch is fenced
        assert _produce(c, topic, _batch(pid, epoch + 1, 6)).error_code == (
            ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER
        )
        assert _produce(c, topic, _batch(pid, epoch + 1, 0)).base_offset == 6
        stale = _produce(c, topic, _batch(pid, epoch, 6))
        assert stale.error_code == ErrorCode.INVALID_PRODUCER_EPOCH
        assert _latest(c, topic) == 9
    got = _read_all(broker.bootstrap, topic)
    assert [v for _, v in got] == [b"v-%d" % i for i in range(6)] + [b"v-0", b"v-1", b"v-2"]


@pytest.mark.slow
def test_producer_state_survives_sigkill(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = fresh_broker
    b.overrides["log.segment.bytes"] = str(4096)
    b.start()
    topic = "idem-crash"
    _create(b.bootstrap, topic)
    with WireClient(b.bootstrap) as c:
        pid = _init_pid(c).producer_id
        seq = 0
        for _ in range(60):  # several segments, so snapshots exist at rolls
            assert _produce(c, topic, _batch(pid, 0, seq, 4, b"x" * 40)).error_code == 0
            seq += 4
        last = _produce(c, topic, _batch(pid, 0, seq, 4, b"x" * 40))
        assert last.error_code == 0
    b.kill()
    b.start()
    with WireClient(b.bootstrap) as c:
        dup = _produce(c, topic, _batch(pid, 0, seq, 4, b"x" * 40))
        assert (dup.error_code, dup.base_offset) == (0, last.base_offset)
        gap = _produce(c, topic, _batch(pid, 0, seq + 5, 4))
        assert gap.error_code == ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER
        assert _latest(c, topic) == seq + 4
        nxt = _produce(c, topic, _batch(pid, 0, seq + 4, 4))
        assert (nxt.error_code, nxt.base_offset) == (0, seq + 4)
        pid2 = _init_pid(c).producer_id
        assert pid2 != pid  # ids are never reused after a restart
    # and after a clean shutdown (state from the shutdown snapshot)
    b.stop()
    b.start()
    with WireClient(b.bootstrap) as c:
        dup = _produce(c, topic, _batch(pid, 0, seq + 4, 4))
        assert (dup.error_code, dup.base_offset) == (0, seq + 4)
        assert _latest(c, topic) == seq + 8


class CuttingProxy:
    """A TCP proxy in front of the broker that can cut every open connection at once, or cut
    them when the broker's next response arrives (the request was processed, its response is
    lost: the client must retry a write that already happened)."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.upstream = 0
        self._conns: list[socket.socket] = []
        self._lock = threading.Lock()
        self.cuts = 0
        self.lose_next_response = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(("127.0.0.1", self.upstream))
            except OSError:
                client.close()
                continue
            with self._lock:
                self._conns += [client, server]
            for a, b, resp in ((client, server, False), (server, client, True)):
                threading.Thread(target=self._pump, args=(a, b, resp), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket, responses: bool) -> None:
        seen = 0  # responses of a new connection (ApiVersions, Metadata...) pass untouched
        try:
            while data := src.recv(65536):
                seen += 1
                if responses and seen > 3 and self.lose_next_response:
                    self.lose_next_response = False
                    self.cut()
                    return
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        with self._lock:
            conns, self._conns = self._conns, []
        for s in conns:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()
        self.cuts += 1

    def close(self) -> None:
        self.listener.close()
        self.cut()


@pytest.mark.slow
def test_connection_cuts_cause_no_duplicates_or_gaps(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    proxy = CuttingProxy()
    with socket.create_server(("127.0.0.1", 0)) as probe:
        broker_port = probe.getsockname()[1]
    b = fresh_broker
    b.port = broker_port  # listen here; advertise the proxy (b.port becomes the proxy's)
    b.overrides["advertised.listeners"] = f"PLAINTEXT://127.0.0.1:{proxy.port}"
    proxy.upstream = broker_port
    b.start()
    topic = "idem-cuts"
    _create(b.bootstrap, topic)
    p = Producer(
        {
            "bootstrap.servers": f"127.0.0.1:{proxy.port}",
            "enable.idempotence": True,
            "linger.ms": 2,
            "batch.num.messages": 100,
            "max.in.flight.requests.per.connection": 5,
            "message.timeout.ms": 120000,
            "reconnect.backoff.ms": 10,
            "reconnect.backoff.max.ms": 100,
        }
    )
    errors: list[object] = []
    n = 50_000
    stop = threading.Event()

    def cutter() -> None:
        while not stop.wait(0.1):
            proxy.lose_next_response = True

    t = threading.Thread(target=cutter, daemon=True)
    t.start()
    try:
        for i in range(n):
            while True:
                try:
                    p.produce(
                        topic,
                        value=b"%06d" % i,
                        partition=0,
                        on_delivery=lambda err, _m: errors.append(err) if err else None,
                    )
                    break
                except BufferError:
                    p.poll(0.05)
            if i % 500 == 0:
                p.poll(0.03)  # spread the run over many cuts
        stop.set()
        t.join()
        assert p.flush(120) == 0
        assert errors == []
        assert proxy.cuts >= 5
        got = _read_all(b.bootstrap, topic)  # through the proxy, no longer cutting
    finally:
        stop.set()
        proxy.close()
    values = [v for _, v in got]
    assert len(values) == len(set(values)), "duplicates"
    assert values == [b"%06d" % i for i in range(n)]
