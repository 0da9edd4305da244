"""CPU per record of each thread of the blocking producer next to ``await send``, against one
Strom broker started here (bench/client.py's broker and producer settings).

    python bench/producer_threads.py [--records 200000] [--size 1024] [--repeat 3]
                                     [--switch-interval S]

``--switch-interval`` sets ``sys.setswitchinterval`` for the run (a diagnostic of GIL
hand-overs between the caller and the loop thread; the library never changes it).

Per pass: the asyncio API (``await send`` in a loop, one thread) and the blocking
``Producer.send`` (caller thread + the producer's loop thread), each followed by ``flush`` (its
share of the wall time is shown: a sender that keeps up leaves little to flush); and the lag
from each wake-up a caller schedules for the loop thread to the loop thread running it. CPU is
each thread's own (``time.thread_time``, read on that thread), so the figures hold on a loaded
machine better than the wall rates next to them.
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


def run_async(bs: str, n: int, value: bytes) -> tuple[float, float, float]:
    """(wall us/record, CPU us/record, flush ms) of ``await send`` x n + flush."""
    topic = new_topic(bs)

    async def go() -> tuple[float, float, float]:
        async with AIOProducer({"bootstrap.servers": bs, **STROM_PRODUCER}) as p:
            await p.send(topic, b"warm")
            await p.flush()
            t0, c0 = time.perf_counter(), time.thread_time()
            for _ in range(n):
                await p.send(topic, value)
            f0 = time.perf_counter()
            await p.flush()
            t1 = time.perf_counter()
            return t1 - t0, time.thread_time() - c0, t1 - f0

    wall, cpu, flush = asyncio.run(go())
    return wall / n * 1e6, cpu / n * 1e6, flush * 1e3


def loop_thread_cpu(loop: asyncio.AbstractEventLoop) -> float:
    """``time.thread_time()`` read on ``loop``'s thread."""
    done = threading.Event()
    out: list[float] = []

    def read() -> None:
        out.append(time.thread_time())
        done.set()

    loop.call_soon_threadsafe(read)
    done.wait(30)
    return out[0]


def watch_wakes(p: Producer) -> list[float]:
    """Seconds from each wake-up a caller schedules (``call_soon_threadsafe``) to the loop
    thread running it, appended to the returned list (wraps the two instance attributes)."""
    sends, lags = p._sends, []
    notify, wake = sends._notify, sends._wake
    scheduled = [0.0]

    def timed_notify() -> None:
        if not sends._wake_pending and threading.current_thread() is not p._lt.thread:
            scheduled[0] = time.perf_counter()
        notify()

    def timed_wake() -> None:
        if scheduled[0]:
            lags.append(time.perf_counter() - scheduled[0])
            scheduled[0] = 0.0
        wake()

    sends._acc.notify = timed_notify
    sends._wake = timed_wake  # type: ignore[method-assign]
    return lags


def context_switches(native_id: int | None) -> int:
    """Voluntary + involuntary context switches of one thread of this process so far."""
    total = 0
    with open(f"/proc/self/task/{native_id}/status") as f:
        for line in f:
            if "ctxt_switches" in line:
                total += int(line.split()[-1])
    return total


def run_sync(
    bs: str, n: int, value: bytes
) -> tuple[float, float, float, float, list[float], float]:
    """(wall, caller CPU, loop thread CPU) in us/record of ``Producer.send`` x n + flush, the
    flush in ms, the wake-up lags (``watch_wakes``) in ms, and the two threads' context
    switches per 1,000 records (each switch of the GIL between them costs at least one)."""
    topic = new_topic(bs)
    with Producer({"bootstrap.servers": bs, **STROM_PRODUCER}) as p:
        p.send(topic, b"warm").result(30)
        loop = p._lt.loop
        lags = watch_wakes(p)

        me, lt_id = threading.get_native_id(), p._lt.thread.native_id
        l0 = loop_thread_cpu(loop)
        s0 = context_switches(me) + context_switches(lt_id)
        t0, c0 = time.perf_counter(), time.thread_time()
        send = p.send
        for _ in range(n):
            send(topic, value)
        f0 = time.perf_counter()
        p.flush()
        t1 = time.perf_counter()
        wall, caller = t1 - t0, time.thread_time() - c0
        lt = loop_thread_cpu(loop) - l0
        switches = context_switches(me) + context_switches(lt_id) - s0
    lags_ms = sorted(x * 1e3 for x in lags) or [0.0]
    per_k = switches / n * 1000
    return wall / n * 1e6, caller / n * 1e6, lt / n * 1e6, (t1 - f0) * 1e3, lags_ms, per_k


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=200_000)
    ap.add_argument("--size", type=int, default=1024)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--switch-interval", type=float, default=None, help="diagnostic only")
    args = ap.parse_args()
    if args.switch_interval is not None:
        sys.setswitchinterval(args.switch_interval)
    value = b"x" * args.size
    ratios: list[float] = []
    with strom_broker() as bs:
        for _ in range(args.repeat):
            aw, ac, af = run_async(bs, args.records, value)
            sw, sc, sl, sf, lags, cs = run_sync(bs, args.records, value)
            ratios.append(aw / sw)
            print(
                f"{args.size} B load {os.getloadavg()[0]:.2f}: await send {aw:.2f} us wall"
                f" {ac:.2f} us cpu (flush {af:.0f} ms) | Producer.send {sw:.2f} us wall,"
                f" caller {sc:.2f} + loop thread {sl:.2f} = {sc + sl:.2f} us cpu"
                f" (flush {sf:.0f} ms; {len(lags)} wake-ups, lag median"
                f" {lags[len(lags) // 2]:.2f} ms, p90 {lags[len(lags) * 9 // 10]:.2f} ms;"
                f" {cs:.1f} context switches per 1,000 records)"
                f" | rate ratio {aw / sw:.2f}x",
                flush=True,
            )
    print(f"median ratio {statistics.median(ratios):.2f}x")


if __name__ == "__main__":
    main()
