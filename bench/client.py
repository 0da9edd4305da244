"""Produce and consume throughput of Strom's native client next to confluent-kafka and
kafka-python, against one Strom broker started here (data in a temp dir, 127.0.0.1 only).

    python bench/client.py [--records 100000] [--sizes 100,1024] [--repeat 1]

Rows: ``strom`` is the asyncio API one record at a time (``await send`` / ``getmany``),
``strom-batch`` the batch API (``send_batch`` of 10,000 records / ``getmany``), ``strom-sync``
the blocking wrappers (``Producer.send`` / ``Consumer.getmany``). Each row also shows its ratio
to confluent-kafka measured in the same run (the machine may be loaded: compare ratios).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from strom.client import (  # noqa: E402
    AIOAdminClient,
    AIOConsumer,
    AIOProducer,
    Consumer,
    NewTopic,
    Producer,
    TopicPartition,
)


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


# confluent-kafka runs with librdkafka's defaults (linger.ms 5, batch.size 1,000,000); Strom's
# producer gets the same two (its own batch.size default is the Java client's 16,384).
STROM_PRODUCER = {"linger.ms": 5, "batch.size": 1_000_000}


def timed(fn: Callable[[], None]) -> tuple[float, float]:
    """Wall seconds and this process's CPU seconds (every thread: librdkafka's included; the
    broker is another process and not counted)."""
    start, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - start, time.process_time() - cpu


def strom_produce(bs: str, topic: str, n: int, value: bytes) -> None:
    async def go() -> None:
        async with AIOProducer({"bootstrap.servers": bs, **STROM_PRODUCER}) as p:
            for _ in range(n):
                await p.send(topic, value)
            await p.flush()

    asyncio.run(go())


def strom_batch_produce(bs: str, topic: str, n: int, value: bytes) -> None:
    async def go() -> None:
        async with AIOProducer({"bootstrap.servers": bs, **STROM_PRODUCER}) as p:
            for start in range(0, n, 10_000):
                await p.send_batch(topic, [value] * min(10_000, n - start))
            await p.flush()

    asyncio.run(go())


def strom_sync_produce(bs: str, topic: str, n: int, value: bytes) -> None:
    with Producer({"bootstrap.servers": bs, **STROM_PRODUCER}) as p:
        for _ in range(n):
            p.send(topic, value)
        p.flush()


def strom_sync_consume(bs: str, topic: str, n: int) -> None:
    with Consumer({"bootstrap.servers": bs, "auto.offset.reset": "earliest"}) as c:
        c.assign([TopicPartition(topic, 0)])
        got = 0
        while got < n:
            got += sum(len(v) for v in c.getmany(1000, max_records=10000).values())


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
    "strom-batch": (strom_batch_produce, strom_consume),
    "strom-sync": (strom_sync_produce, strom_sync_consume),
    "confluent-kafka": (confluent_produce, confluent_consume),
    "kafka-python": (kafka_python_produce, kafka_python_consume),
}


Rates = tuple[float, float, float, float]


def run_once(bs: str, n: int, size: int, clients: list[str]) -> dict[str, Rates]:
    """``{client: (produce rec/s, consume rec/s, produce CPU us/rec, consume CPU us/rec)}``
    for one pass over ``clients`` (confluent-kafka interleaved with the others)."""
    value = b"x" * size
    rates: dict[str, Rates] = {}
    for client in clients:
        produce, consume = CLIENTS[client]
        topic = f"bench-{client}-{uuid.uuid4().hex[:6]}"

        async def make(t: str = topic) -> None:
            async with AIOAdminClient({"bootstrap.servers": bs}) as admin:
                await admin.create_topics([NewTopic(t, 1, 1)])

        asyncio.run(make())
        p, p_cpu = timed(lambda: produce(bs, topic, n, value))  # noqa: B023
        c, c_cpu = timed(lambda: consume(bs, topic, n))  # noqa: B023
        rates[client] = (n / p, n / c, p_cpu / n * 1e6, c_cpu / n * 1e6)
    return rates


def spread(values: list[float]) -> str:
    return f"{min(values):,.0f}-{max(values):,.0f}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=100_000)
    ap.add_argument("--sizes", default="100,1024", help="record value sizes in bytes")
    ap.add_argument("--repeat", type=int, default=1, help="passes; the median is shown")
    ap.add_argument("--clients", default=",".join(CLIENTS), help="rows to run")
    args = ap.parse_args()
    clients = [c for c in args.clients.split(",") if c != "confluent-kafka"]
    with strom_broker() as bs:
        for size in (int(x) for x in args.sizes.split(",")):
            runs: list[dict[str, Rates]] = []
            for r in range(args.repeat):
                # confluent-kafka runs first, middle or last in turn (load drifts over a run).
                order = list(clients)
                order.insert(
                    (r * len(order) // max(1, args.repeat)) % (len(order) + 1), "confluent-kafka"
                )
                runs.append(run_once(bs, args.records, size, order))
            print(
                f"-- {args.records:,} records of {size} B, median (min-max) of {args.repeat}"
                " pass(es); cpu = client process CPU per record"
            )
            for client in ["confluent-kafka", *clients]:
                prod = [r[client][0] for r in runs]
                cons = [r[client][1] for r in runs]
                pr = statistics.median(r[client][0] / r["confluent-kafka"][0] for r in runs)
                cr = statistics.median(r[client][1] / r["confluent-kafka"][1] for r in runs)
                pc = statistics.median(r[client][2] for r in runs)
                cc = statistics.median(r[client][3] for r in runs)
                print(
                    f"{client:16} produce {statistics.median(prod):>9,.0f} rec/s"
                    f" ({spread(prod)}) {pr:4.2f}x ck cpu {pc:5.1f} us"
                    f" | consume {statistics.median(cons):>9,.0f} rec/s ({spread(cons)})"
                    f" {cr:4.2f}x ck cpu {cc:5.1f} us"
                )


if __name__ == "__main__":
    main()
