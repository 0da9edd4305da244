"""Produce and consume throughput of Strom's native client next to confluent-kafka and
kafka-python, against one Strom broker started here (data in a temp dir, 127.0.0.1 only).

    python bench/client.py [--records 100000] [--size 100]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from strom.client import AIOAdminClient, AIOConsumer, AIOProducer, NewTopic, TopicPartition  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def strom_broker() -> Iterator[str]:
    port = free_port()
    data = Path(tempfile.mkdtemp(prefix="strom-bench-client-"))
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "strom.tools.cli",
            "broker",
            "--override",
            f"listeners=PLAINTEXT://127.0.0.1:{port}",
            "--override",
            f"log.dirs={data}",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
                break
            time.sleep(0.1)
        yield f"127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(30)
        shutil.rmtree(data, ignore_errors=True)


def timed(fn: Callable[[], None]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def strom_produce(bs: str, topic: str, n: int, value: bytes) -> None:
    async def go() -> None:
        async with AIOProducer({"bootstrap.servers": bs, "linger.ms": 5, "batch.size": 65536}) as p:
            for _ in range(n):
                await p.send(topic, value)
            await p.flush()

    asyncio.run(go())


def strom_consume(bs: str, topic: str, n: int) -> None:
    async def go() -> None:
        c = AIOConsumer({"bootstrap.servers": bs, "auto.offset.reset": "earliest"})
        await c.start()
        c.assign([TopicPartition(topic, 0)])
        got = 0
        while got < n:
            got += sum(len(v) for v in (await c.getmany(1000, max_records=10000)).values())
        await c.close()

    asyncio.run(go())


def confluent_produce(bs: str, topic: str, n: int, value: bytes) -> None:
    from confluent_kafka import Producer

    p = Producer({"bootstrap.servers": bs, "linger.ms": 5})
    for _ in range(n):
        while True:
            try:
                p.produce(topic, value)
                break
            except BufferError:
                p.poll(0.01)
    p.flush(60)


def confluent_consume(bs: str, topic: str, n: int) -> None:
    from confluent_kafka import Consumer
    from confluent_kafka import TopicPartition as TP

    c = Consumer(
        {"bootstrap.servers": bs, "group.id": uuid.uuid4().hex, "enable.auto.commit": False}
    )
    c.assign([TP(topic, 0, 0)])
    got = 0
    while got < n:
        got += sum(1 for m in c.consume(10000, 1.0) if m.error() is None)
    c.close()


def kafka_python_produce(bs: str, topic: str, n: int, value: bytes) -> None:
    from kafka import KafkaProducer

    p = KafkaProducer(bootstrap_servers=bs, linger_ms=5, batch_size=65536)
    for _ in range(n):
        p.send(topic, value)
    p.flush(60)
    p.close()


def kafka_python_consume(bs: str, topic: str, n: int) -> None:
    from kafka import KafkaConsumer
    from kafka import TopicPartition as TP

    c = KafkaConsumer(bootstrap_servers=bs, auto_offset_reset="earliest", enable_auto_commit=False)
    c.assign([TP(topic, 0)])
    got = 0
    while got < n:
        got += sum(len(v) for v in c.poll(1000, max_records=10000).values())
    c.close()


CLIENTS = {
    "strom": (strom_produce, strom_consume),
    "confluent-kafka": (confluent_produce, confluent_consume),
    "kafka-python": (kafka_python_produce, kafka_python_consume),
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=100_000)
    ap.add_argument("--size", type=int, default=100)
    args = ap.parse_args()
    value = b"x" * args.size
    with strom_broker() as bs:
        for client, (produce, consume) in CLIENTS.items():
            topic = f"bench-{client}-{uuid.uuid4().hex[:6]}"

            async def make(t: str = topic) -> None:
                async with AIOAdminClient({"bootstrap.servers": bs}) as admin:
                    await admin.create_topics([NewTopic(t, 1, 1)])

            asyncio.run(make())
            p = timed(lambda: produce(bs, topic, args.records, value))  # noqa: B023
            c = timed(lambda: consume(bs, topic, args.records))  # noqa: B023
            mb = args.records * args.size / 1e6
            print(
                f"{client:16} produce {args.records / p:>9,.0f} rec/s {mb / p:6.1f} MB/s"
                f" | consume {args.records / c:>9,.0f} rec/s {mb / c:6.1f} MB/s"
            )


if __name__ == "__main__":
    main()
