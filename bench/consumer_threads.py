"""Where the blocking consumer's time goes next to the asyncio one, against one Strom broker
started here (bench/client.py's broker; the topic is filled once with the batch API).

    python bench/consumer_threads.py [--records 100000] [--size 1024] [--repeat 3]

Per pass: ``await getmany`` in a loop (one thread) and the blocking ``Consumer.getmany``
(caller thread + the consumer's loop thread), both bench/client.py's loop
(``getmany(1000, max_records=10000)`` until every record is read). Shown: wall and CPU per
record (each thread's ``time.thread_time``, read on that thread), how many takes found the
fetch buffer empty (a call's take on entry, when it must wait for the broker's next chunk: a
fast path for records already buffered would serve none of those), and the time from the
loop thread's ``FetchBuffer.take`` returning to the caller holding its records (a GIL
hand-over the asyncio consumer does not have). The instrumentation wraps the buffer's
``take`` (an instance attribute).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from client import STROM_PRODUCER, strom_broker  # noqa: E402
from producer_threads import loop_thread_cpu  # noqa: E402

from strom.client import (  # noqa: E402
    AIOAdminClient,
    AIOConsumer,
    AIOProducer,
    Consumer,
    NewTopic,
    TopicPartition,
)

CONSUMER = {"auto.offset.reset": "earliest"}


def fill(bs: str, n: int, value: bytes) -> str:
    topic = f"bench-cthr-{uuid.uuid4().hex[:6]}"

    async def go() -> None:
        async with AIOAdminClient({"bootstrap.servers": bs}) as admin:
            await admin.create_topics([NewTopic(topic, 1, 1)])
        async with AIOProducer({"bootstrap.servers": bs, **STROM_PRODUCER}) as p:
            for start in range(0, n, 10_000):
                await p.send_batch(topic, [value] * min(10_000, n - start))
            await p.flush()

    asyncio.run(go())
    return topic


class Watch:
    """Counts calls of ``buffer.take`` that found nothing, and the time each non-empty one
    returned (wraps the instance attribute)."""

    def __init__(self, buffer: Any) -> None:
        self.empty = 0
        self.returned: list[float] = []
        take = buffer.take

        def watched(limit: int) -> Any:
            out = take(limit)
            if out:
                self.returned.append(time.perf_counter())
            else:
                self.empty += 1
            return out

        buffer.take = watched


def run_async(bs: str, topic: str, n: int) -> tuple[float, float, int, int]:
    """(wall us/record, CPU us/record, calls, calls that found the buffer empty)."""

    async def go() -> tuple[float, float, int, int]:
        c = AIOConsumer({"bootstrap.servers": bs, **CONSUMER})
        await c.start()
        c.assign([TopicPartition(topic, 0)])
        watch = Watch(c.fetcher.buffer)
        got = calls = 0
        t0, c0 = time.perf_counter(), time.thread_time()
        while got < n:
            got += sum(len(v) for v in (await c.getmany(1000, max_records=10_000)).values())
            calls += 1
        wall, cpu = time.perf_counter() - t0, time.thread_time() - c0
        await c.close()
        return wall / n * 1e6, cpu / n * 1e6, calls, watch.empty

    return asyncio.run(go())


def run_sync(bs: str, topic: str, n: int) -> tuple[float, float, float, int, int, list[float]]:
    """(wall, caller CPU, loop thread CPU) in us/record, calls, calls that found the buffer
    empty, and the take-to-caller times in ms."""
    with Consumer({"bootstrap.servers": bs, **CONSUMER}) as c:
        c.assign([TopicPartition(topic, 0)])
        loop = c._lt.loop
        watch = Watch(c._c.fetcher.buffer)

        l0 = loop_thread_cpu(loop)
        got = calls = 0
        handed: list[float] = []
        t0, c0 = time.perf_counter(), time.thread_time()
        while got < n:
            batch = c.getmany(1000, max_records=10_000)
            if batch and watch.returned:
                handed.append((time.perf_counter() - watch.returned[-1]) * 1e3)
            got += sum(len(v) for v in batch.values())
            calls += 1
            del batch
        wall, caller = time.perf_counter() - t0, time.thread_time() - c0
        lt = loop_thread_cpu(loop) - l0
    return wall / n * 1e6, caller / n * 1e6, lt / n * 1e6, calls, watch.empty, handed


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=100_000)
    ap.add_argument("--size", type=int, default=1024)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    n = args.records
    with strom_broker() as bs:
        topic = fill(bs, n, b"x" * args.size)
        for _ in range(args.repeat):
            aw, ac, acalls, aempty = run_async(bs, topic, n)
            sw, sc, sl, scalls, sempty, handed = run_sync(bs, topic, n)
            print(
                f"{args.size} B load {os.getloadavg()[0]:.2f}: await getmany {aw:.2f} us wall"
                f" {ac:.2f} us cpu ({aempty} takes found the buffer empty in {acalls} calls) |"
                f" Consumer.getmany {sw:.2f} us wall, caller {sc:.2f} + loop thread {sl:.2f}"
                f" = {sc + sl:.2f} us cpu ({sempty} empty in {scalls}; take to caller median"
                f" {statistics.median(handed or [0.0]):.2f} ms, {sum(handed):.0f} ms in all"
                f" = {sum(handed) / (sw * n / 1e3) * 100:.0f}% of the wall) |"
                f" rate ratio {aw / sw:.2f}x",
                flush=True,
            )


if __name__ == "__main__":
    main()
