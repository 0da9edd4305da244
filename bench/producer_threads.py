"""CPU per record of each thread of the blocking producer next to ``await send``, against one
Strom broker started here (bench/client.py's broker and producer settings).

    python bench/producer_threads.py [--records 200000] [--size 1024] [--repeat 3]

Per pass: the asyncio API (``await send`` in a loop, one thread) and the blocking
``Producer.send`` (caller thread + the producer's loop thread), each followed by ``flush``.
CPU is each thread's own (``time.thread_time``, read on that thread), so the figures hold on a
loaded machine better than the wall rates next to them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from client import STROM_PRODUCER, strom_broker  # noqa: E402

from strom.client import AIOAdminClient, AIOProducer, NewTopic, Producer  # noqa: E402


def new_topic(bs: str) -> str:
    topic = f"bench-thr-{uuid.uuid4().hex[:6]}"

    async def make() -> None:
        async with AIOAdminClient({"bootstrap.servers": bs}) as admin:
            await admin.create_topics([NewTopic(topic, 1, 1)])

    asyncio.run(make())
    return topic


def run_async(bs: str, n: int, value: bytes) -> tuple[float, float]:
    """(wall us/record, CPU us/record) of ``await send`` x n + flush."""
    topic = new_topic(bs)

    async def go() -> tuple[float, float]:
        async with AIOProducer({"bootstrap.servers": bs, **STROM_PRODUCER}) as p:
            await p.send(topic, b"warm")
            await p.flush()
            t0, c0 = time.perf_counter(), time.thread_time()
            for _ in range(n):
                await p.send(topic, value)
            await p.flush()
            return time.perf_counter() - t0, time.thread_time() - c0

    wall, cpu = asyncio.run(go())
    return wall / n * 1e6, cpu / n * 1e6


def run_sync(bs: str, n: int, value: bytes) -> tuple[float, float, float]:
    """(wall, caller CPU, loop thread CPU) in us/record of ``Producer.send`` x n + flush."""
    topic = new_topic(bs)
    with Producer({"bootstrap.servers": bs, **STROM_PRODUCER}) as p:
        p.send(topic, b"warm").result(30)
        loop = p._lt.loop

        def loop_cpu() -> float:
            done = threading.Event()
            out: list[float] = []

            def read() -> None:
                out.append(time.thread_time())
                done.set()

            loop.call_soon_threadsafe(read)
            done.wait(30)
            return out[0]

        l0 = loop_cpu()
        t0, c0 = time.perf_counter(), time.thread_time()
        send = p.send
        for _ in range(n):
            send(topic, value)
        p.flush()
        wall, caller = time.perf_counter() - t0, time.thread_time() - c0
        lt = loop_cpu() - l0
    return wall / n * 1e6, caller / n * 1e6, lt / n * 1e6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=200_000)
    ap.add_argument("--size", type=int, default=1024)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    value = b"x" * args.size
    ratios: list[float] = []
    with strom_broker() as bs:
        for _ in range(args.repeat):
            aw, ac = run_async(bs, args.records, value)
            sw, sc, sl = run_sync(bs, args.records, value)
            ratios.append(aw / sw)
            print(
                f"{args.size} B load {os.getloadavg()[0]:.2f}: await send {aw:.2f} us wall"
                f" {ac:.2f} us cpu | Producer.send {sw:.2f} us wall, caller {sc:.2f} +"
                f" loop thread {sl:.2f} = {sc + sl:.2f} us cpu | rate ratio {aw / sw:.2f}x",
                flush=True,
            )
    print(f"median ratio {statistics.median(ratios):.2f}x")


if __name__ == "__main__":
    main()
