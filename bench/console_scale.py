"""How the console copes with many topics: create T topics of P partitions on a Strom broker
(started here, data in a temp dir), start ``strom console`` on it, and report how long a cluster
sample takes, how fast the pages answer (overview, a topics page, a search, a topic) and the
console's memory. Everything binds to 127.0.0.1; bounded by the counts given.

    python bench/console_scale.py [--topics 1000] [--partitions 10]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from strom.client import AIOAdminClient, NewTopic  # noqa: E402


def env() -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + e.get("PYTHONPATH", "")
    e["PYTHONUNBUFFERED"] = "1"
    return e


def start(args: list[str], marker: str, log: Path) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "strom.tools.cli", *args],
        stdout=subprocess.PIPE,
        stderr=open(log, "w"),  # noqa: SIM115
        text=True,
        env=env(),
    )
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if marker in line:
            return proc, line.strip().rsplit(" ", 1)[1]
        if not line:
            break
    raise RuntimeError(f"{args[0]} did not start: {log.read_text()[-2000:]}")


async def create(bootstrap: str, topics: int, partitions: int) -> None:
    async with AIOAdminClient(
        {"bootstrap.servers": bootstrap, "request.timeout.ms": 300_000}
    ) as admin:
        for first in range(0, topics, 20):
            batch = range(first, min(first + 20, topics))
            await admin.create_topics([NewTopic(f"topic-{i:05d}", partitions, 1) for i in batch])


def get(url: str) -> tuple[float, bytes]:
    t0 = time.perf_counter()
    with urllib.request.urlopen(url, timeout=120) as r:
        body = r.read()
    return time.perf_counter() - t0, body


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return -1.0


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--topics", type=int, default=1000)
    p.add_argument("--partitions", type=int, default=10)
    a = p.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="console-scale-"))
    broker = console = None
    try:
        broker, addr = start(
            [
                "broker",
                "--override",
                "listeners=PLAINTEXT://127.0.0.1:0",
                "--override",
                f"log.dirs={tmp / 'data'}",
            ],
            "ready on",
            tmp / "broker.log",
        )
        t0 = time.perf_counter()
        asyncio.run(create(addr, a.topics, a.partitions))
        print(f"created {a.topics} topics x {a.partitions} partitions in "
              f"{time.perf_counter() - t0:.1f} s")  # fmt: skip
        t0 = time.perf_counter()
        console, url = start(
            ["console", "--bootstrap-server", addr, "--port", "0", "--interval", "5"],
            "ready on",
            tmp / "console.log",
        )
        last = f"topic-{a.topics - 1:05d}"
        while True:
            _, body = get(f"{url}/topics?q={last}")
            if last.encode() in body:
                break
            if time.perf_counter() - t0 > 300:
                raise RuntimeError("the console never showed the last topic")
            time.sleep(0.5)
        print(f"first complete snapshot {time.perf_counter() - t0:.1f} s after start")
        for path in ("/", "/topics", "/topics?page=7", f"/topics?q={last}",
                     "/topics/topic-00500", "/brokers"):  # fmt: skip
            times = sorted(get(url + path)[0] for _ in range(5))
            print(f"GET {path:<24} median {times[2] * 1000:7.1f} ms")
        print(f"console RSS {rss_mib(console.pid):.0f} MiB")
    finally:
        for proc in (console, broker):
            if proc is not None:
                proc.terminate()
                proc.wait(30)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
