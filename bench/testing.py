"""Strom for tests: how long a test waits for a real broker.

1. Time from ``EmbeddedBroker(...).start()`` to the first acknowledged produce (confluent-kafka,
   acks=all), per runner mode: cold (a fresh Python process, imports included) and warm (later
   brokers of the same process), median and 90th percentile.
2. 100 tests, each with a fresh broker (the ``strom_broker`` fixture, function scope), as a pytest
   run, next to the same 100 tests with no broker (pytest's own cost) and with one session broker.
3. testcontainers' Kafka module, where Docker can run it; otherwise the published start times of
   a JVM Kafka broker, with their sources (this machine cannot pull images).

    python bench/testing.py [--repeat 20] [--tests 100] [--modes thread,subprocess]

Everything binds 127.0.0.1 and lives in temporary directories removed at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

PLUGIN = ["-p", "no:strom", "-p", "strom.testing.pytest_plugin", "-p", "no:cacheprovider"]

PUBLISHED = [
    (
        "Apache Kafka JVM broker, server start only (no container), default configs",
        "~1150-1200 ms",
        "KIP-974, https://cwiki.apache.org/confluence/display/KAFKA/"
        "KIP-974%3A+Docker+Image+for+GraalVM+based+Native+Kafka+Broker",
    ),
    (
        "Apache Kafka GraalVM native broker (experimental image), server start only",
        "~110-140 ms",
        "KIP-974 (same page)",
    ),
    (
        "testcontainers-java KafkaContainerTest#testUsage (container start + one round trip)",
        "12 s before, 9 s after the rework",
        "https://github.com/testcontainers/testcontainers-java/pull/2078",
    ),
]


def first_ack(mode: str) -> float:
    """Seconds from start() to the first acknowledged produce on a fresh broker."""
    from confluent_kafka import Producer

    from strom.testing import EmbeddedBroker

    t0 = time.perf_counter()
    broker = EmbeddedBroker(mode=mode)  # type: ignore[arg-type]
    try:
        broker.start()
        p = Producer(
            {"bootstrap.servers": broker.bootstrap, "acks": "all", "linger.ms": 0, "log_level": 0}
        )
        errors: list[object] = []
        p.produce("bench", b"x", on_delivery=lambda err, _m: errors.append(err))
        if p.flush(30) != 0 or errors != [None]:
            raise RuntimeError(f"produce not acknowledged: {errors}")
        return time.perf_counter() - t0
    finally:
        broker.close()


def cold_first_ack(mode: str) -> float:
    """first_ack in a fresh interpreter, counting the import of strom.testing and the broker
    (confluent-kafka is imported before the clock starts: the user's code imports it anyway)."""
    code = textwrap.dedent(
        f"""
        import sys, time
        sys.path.insert(0, {str(ROOT / "src")!r})
        import confluent_kafka
        t0 = time.perf_counter()
        from strom.testing import EmbeddedBroker
        import strom.testing.embedded
        sys.path.insert(0, {str(ROOT / "bench")!r})
        from testing import first_ack
        print(time.perf_counter() - t0 + first_ack({mode!r}) - 0)
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return float(out.stdout.strip().splitlines()[-1])


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_first_ack(modes: list[str], repeat: int) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for mode in modes:
        cold = cold_first_ack(mode)
        warm = [first_ack(mode) for _ in range(repeat)]
        out[mode] = {
            "cold_ms": cold * 1000,
            "warm_median_ms": statistics.median(warm) * 1000,
            "warm_p90_ms": pct(warm, 0.9) * 1000,
            "warm_max_ms": max(warm) * 1000,
        }
        print(
            f"first ack, {mode:10s}: cold {cold * 1000:7.1f} ms   warm median "
            f"{out[mode]['warm_median_ms']:6.1f} ms  p90 {out[mode]['warm_p90_ms']:6.1f} ms  "
            f"max {out[mode]['warm_max_ms']:6.1f} ms  ({repeat} runs)",
            flush=True,
        )
    return out


TEST_BODY = """

def test_{i}({fixture}):
    p = Producer({{"bootstrap.servers": {bootstrap}, "acks": "all"}})
    p.produce("t", b"x")
    assert p.flush(30) == 0
"""


def run_suite(tests: int, fixture: str, mode: str) -> float:
    """Wall-clock seconds of a pytest run of ``tests`` tests using ``fixture``."""
    with tempfile.TemporaryDirectory(prefix="strom-bench-suite-") as d:
        src = ["from confluent_kafka import Producer\n"]
        for i in range(tests):
            if fixture == "none":
                src.append(f"\ndef test_{i}():\n    pass\n")
            else:
                bootstrap = f"{fixture}.bootstrap"
                src.append(TEST_BODY.format(i=i, fixture=fixture, bootstrap=bootstrap))
        Path(d, "test_suite.py").write_text("".join(src))
        env = dict(os.environ)
        env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
        t0 = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "pytest", *PLUGIN, "-q", "-o", f"strom_mode={mode}", d],
            cwd=d,
            env=env,
            capture_output=True,
            text=True,
            timeout=1800,
        )
        elapsed = time.perf_counter() - t0
        if proc.returncode != 0:
            raise RuntimeError(proc.stdout[-3000:] + proc.stderr[-3000:])
        return elapsed


def bench_suites(modes: list[str], tests: int) -> dict[str, float]:
    out = {"no broker": run_suite(tests, "none", "thread")}
    print(f"{tests} tests, no broker (pytest alone):        {out['no broker']:6.2f} s", flush=True)
    for mode in modes:
        key = f"fresh broker per test, {mode}"
        out[key] = run_suite(tests, "strom_broker", mode)
        per = (out[key] - out["no broker"]) / tests * 1000
        print(f"{tests} tests, {key:33s} {out[key]:6.2f} s  ({per:6.1f} ms per test)", flush=True)
    out["one session broker, thread"] = run_suite(tests, "strom_session_broker", "thread")
    print(
        f"{tests} tests, one session broker, thread:      "
        f"{out['one session broker, thread']:6.2f} s",
        flush=True,
    )
    return out


def testcontainers_status() -> str:
    """Why testcontainers' Kafka module was or was not measured here."""
    try:
        import testcontainers.kafka  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return "testcontainers is not installed"
    if shutil.which("docker") is None:
        return "docker is not installed"
    probe = subprocess.run(
        ["docker", "image", "ls", "-q", "confluentinc/cp-kafka"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    if probe.returncode != 0 or not probe.stdout.strip():
        return "no Kafka image is present and this machine cannot pull images"
    return "available (not measured by this script version)"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--tests", type=int, default=100)
    ap.add_argument("--modes", default="thread,subprocess")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    modes = [m for m in args.modes.split(",") if m]
    results: dict[str, object] = {
        "first_ack": bench_first_ack(modes, args.repeat),
        "suites_s": bench_suites(modes, args.tests),
    }
    status = testcontainers_status()
    results["testcontainers"] = status
    print(f"\ntestcontainers' Kafka module: {status}; published figures instead:")
    for what, figure, source in PUBLISHED:
        print(f"  {what}: {figure}\n    source: {source}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
