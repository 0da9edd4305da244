"""Helpers of the corruption tests: damaging files on disk, and reading a partition back with
confluent-kafka and kafka-python while checking what they deliver.

A read result says which offsets were delivered (each value checked against what was produced),
whether they were contiguous, and which error (if any) stopped the reader at which offset."""

from __future__ import annotations

import importlib.util
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from confluent_kafka import Consumer, Producer
from confluent_kafka import TopicPartition as CTopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

from strom.protocol.records import iter_batches

TESTS = Path(__file__).resolve().parents[1]


def load_module(name: str, path: Path) -> ModuleType:
    """Import a file of another test directory (its conftest) under a name of our own."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


BrokerProcess = load_module(
    "integration_conftest", TESTS / "integration" / "conftest.py"
).BrokerProcess

CORRUPT_MESSAGE = 2


def value(i: int) -> bytes:
    return b"value-%06d-" % i + b"x" * 90


def create_topic(bootstrap: str, topic: str, replication: int = 1, **config: str) -> None:
    a = AdminClient({"bootstrap.servers": bootstrap})
    a.create_topics([NewTopic(topic, 1, replication, config=config)])[topic].result(30)


def produce(bootstrap: str, topic: str, n: int, start: int = 0, **conf: Any) -> None:
    p = Producer(
        {"bootstrap.servers": bootstrap, "linger.ms": 5, "batch.size": 16384, "acks": "all", **conf}
    )
    errors: list[object] = []

    def on_delivery(err: object, msg: object) -> None:
        if err is not None:
            errors.append(err)

    for i in range(start, start + n):
        while True:
            try:
                p.produce(topic, value=value(i), partition=0, on_delivery=on_delivery)
                break
            except BufferError:
                p.poll(0.05)
    assert p.flush(60) == 0
    assert not errors, errors[:3]


def segments(data_dir: Path, topic: str) -> list[Path]:
    return sorted((data_dir / f"{topic}-0").glob("*.log"))


def base_of(path: Path) -> int:
    return int(path.name.split(".")[0])


def flip_bit(path: Path, position: int | None = None) -> int:
    """Flip one bit in the middle of a record batch (inside the CRC-covered part): by default
    of the middle batch of the file, never its last one when it has several."""
    data = bytearray(path.read_bytes())
    if position is None:
        spans = list(iter_batches(bytes(data)))
        pos, hdr = spans[(len(spans) - 1) // 2]
        position = pos + 61 + (hdr.size_in_bytes - 61) // 2
    data[position] ^= 0x04
    path.write_bytes(bytes(data))
    return position


@dataclass
class ReadResult:
    offsets: list[int] = field(default_factory=list)
    error_code: int | None = None
    error_offset: int | None = None
    bad_values: list[int] = field(default_factory=list)

    @property
    def contiguous_from(self) -> bool:
        o = self.offsets
        return not o or o == list(range(o[0], o[0] + len(o)))

    def record(self, offset: int, v: bytes | None) -> None:
        self.offsets.append(offset)
        if v != value(offset):
            self.bad_values.append(offset)


def read_confluent(
    bootstrap: str, topic: str, start: int, end: int, timeout: float = 30
) -> ReadResult:
    """Read [start, end) with librdkafka (CRC checking on); stop at the first error."""
    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": f"check-{time.monotonic_ns()}",
            "enable.auto.commit": False,
            "check.crcs": True,
            "fetch.error.backoff.ms": 100,
        }
    )
    c.assign([CTopicPartition(topic, 0, start)])
    out = ReadResult()
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline and (not out.offsets or out.offsets[-1] < end - 1):
            m = c.poll(0.5)
            if m is None:
                continue
            if m.error():
                out.error_code = m.error().code()
                out.error_offset = m.offset()
                break
            out.record(m.offset(), m.value())
    finally:
        c.close()
    return out


def read_kafka_python(
    bootstrap: str, topic: str, start: int, end: int, timeout: float = 30
) -> ReadResult:
    """Read [start, end) with kafka-python (check_crcs on by default); stop at an exception."""
    from kafka import KafkaConsumer, TopicPartition
    from kafka.errors import KafkaError

    c = KafkaConsumer(bootstrap_servers=bootstrap, enable_auto_commit=False, group_id=None)
    tp = TopicPartition(topic, 0)
    c.assign([tp])
    c.seek(tp, start)
    out = ReadResult()
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline and (not out.offsets or out.offsets[-1] < end - 1):
            try:
                got = c.poll(timeout_ms=500)
            except KafkaError as exc:
                out.error_code = getattr(exc, "errno", -1)
                out.error_offset = c.position(tp)
                break
            for m in got.get(tp, []):
                out.record(m.offset, m.value)
    finally:
        c.close()
    return out
