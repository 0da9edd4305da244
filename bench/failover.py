"""Unavailability per leader fault: SIGKILL (the broker restarted at once, as a supervisor would)
and SIGTERM (a controlled shutdown), N times each, on a 3-broker cluster with its own ZooKeeper.

A confluent-kafka producer (acks=all, idempotent, linger 5 ms) writes one record to partition 0
about every 4 ms and logs the time of every acknowledgement. For each fault the figure is the
longest gap between consecutive acknowledgements from the fault until the replaced broker is back
in the ISR (so the gap before the first ack on the new leader, and any later stall the rejoin
causes). Also printed: records acknowledged, failed, and lost (acknowledged, not read back).

    python bench/failover.py [--faults 5] [--modes kill,term] [--session-ms 4000]

Everything binds 127.0.0.1 and lives in a temporary directory removed at the end.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from confluent_kafka import Consumer, Producer, TopicPartition  # noqa: E402
from confluent_kafka.admin import AdminClient, NewTopic  # noqa: E402

from strom.tools.local_cluster import LocalCluster  # noqa: E402

TOPIC = "failover"


class Acks(threading.Thread):
    def __init__(self, bootstrap: str) -> None:
        super().__init__(daemon=True)
        self.p = Producer({"bootstrap.servers": bootstrap, "acks": "all",
                           "enable.idempotence": True, "linger.ms": 5,
                           "message.timeout.ms": 120000, "retry.backoff.ms": 20,
                           "retry.backoff.max.ms": 100, "log_level": 2})  # fmt: skip
        self.times: list[float] = []
        self.acked: set[int] = set()
        self.failed = 0
        self.sent = 0
        self.stop_flag = threading.Event()

    def _cb(self, err, msg) -> None:  # type: ignore[no-untyped-def]
        if err is None:
            self.times.append(time.monotonic())
            self.acked.add(int(msg.value()))
        else:
            self.failed += 1

    def run(self) -> None:
        while not self.stop_flag.is_set():
            self.p.produce(TOPIC, value=str(self.sent).encode(), partition=0, on_delivery=self._cb)
            self.sent += 1
            self.p.poll(0.004)
        self.p.flush(120)


def leader_and_isr(admin: AdminClient) -> tuple[int, list[int]]:
    md = admin.list_topics(TOPIC, timeout=10).topics[TOPIC].partitions[0]
    return md.leader, list(md.isrs)


def wait(what: str, fn, timeout: float = 120.0):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            v = fn()
        except Exception:
            v = None
        if v:
            return v
        time.sleep(0.05)
    raise TimeoutError(what)


def max_gap(times: list[float], start: float, end: float) -> float:
    window = [start] + [t for t in times if start <= t <= end]
    after = [t for t in times if t > end][:1]
    window += after
    return max((b - a for a, b in itertools.pairwise(window)), default=end - start)


def run(mode: str, faults: int, session_ms: int, base: Path) -> dict[str, int]:
    overrides = {"zookeeper.session.timeout.ms": str(session_ms),
                 "replica.lag.time.max.ms": "3000", "auto.leader.rebalance.enable": "false",
                 "controlled.shutdown.retry.backoff.ms": "500"}  # fmt: skip
    c = LocalCluster(base / mode, 3, None, overrides)
    c.start()
    try:
        admin = AdminClient({"bootstrap.servers": c.bootstrap, "log_level": 2})
        admin.create_topics([NewTopic(TOPIC, 1, 3, config={"min.insync.replicas": "2"})])[
            TOPIC
        ].result(30)
        wait("full ISR", lambda: len(leader_and_isr(admin)[1]) == 3)
        prod = Acks(c.bootstrap)
        prod.start()
        wait("first acks", lambda: len(prod.times) > 50)
        gaps: list[float] = []
        stuck = 0
        for k in range(faults):
            leader, _ = wait("a leader", lambda: (lambda li: li if li[0] >= 0 else None)(
                leader_and_isr(admin)))  # fmt: skip
            t0 = time.monotonic()
            if mode == "kill":
                c.broker(leader).kill()
            else:
                c.broker(leader).stop()
            c.broker(leader).start(wait=False)
            try:
                wait("a leader and the broker back in the ISR",
                     lambda: (lambda li: li[0] >= 0 and len(li[1]) == 3)(leader_and_isr(admin)))
                wait("acks after the fault", lambda t=t0: prod.times[-1] > t)
            except TimeoutError as exc:
                print(f"  {mode} {k + 1}: broker {leader}: STUCK, no {exc} within 120 s; "
                      f"leader/ISR now {leader_and_isr(admin)}", flush=True)
                stuck += 1
                break
            t_back = time.monotonic()
            c.broker(leader).wait_ready()
            wait("acks after the rejoin", lambda t=t_back: prod.times[-1] > t + 0.5)
            gap = max_gap(prod.times, t0, t_back)
            gaps.append(gap)
            print(f"  {mode} {k + 1}: broker {leader}, longest ack gap {gap:.2f}s (it was back "
                  f"in the ISR {t_back - t0:.2f}s after the fault)", flush=True)
        prod.stop_flag.set()
        prod.join(180)
        cons = Consumer({"bootstrap.servers": c.bootstrap, "group.id": f"check-{mode}",
                         "enable.auto.commit": False})  # fmt: skip
        cons.assign([TopicPartition(TOPIC, 0, 0)])
        seen: set[int] = set()
        deadline = time.monotonic() + 60
        while len(seen & prod.acked) < len(prod.acked) and time.monotonic() < deadline:
            for m in cons.consume(1000, 0.5):
                if m.error() is None:
                    seen.add(int(m.value()))
        cons.close()
        lost = len(prod.acked - seen)
        if gaps:
            print(f"{mode}: {len(gaps)} faults, unavailability p50 {statistics.median(gaps):.2f}s "
                  f"max {max(gaps):.2f}s mean {statistics.mean(gaps):.2f}s; ", end="")
        print(f"{mode}: {stuck} stuck; {len(prod.acked)} acknowledged, {prod.failed} failed, "
              f"{lost} lost", flush=True)
        return {"stuck": stuck, "lost": lost}
    finally:
        c.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--faults", type=int, default=5)
    ap.add_argument("--modes", default="kill,term")
    ap.add_argument("--session-ms", type=int, default=4000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="strom-failover-") as tmp:
        for mode in args.modes.split(","):
            run(mode, args.faults, args.session_ms, Path(tmp))


if __name__ == "__main__":
    main()
