"""Does controller work stall produce on the controller's broker? Produce latency on the broker
that is the controller, while that controller creates a topic of many partitions.

A 3-broker cluster (its own ZooKeeper). A confluent-kafka producer (acks=1, linger 0) sends
``--rate`` records per second to a one-replica topic led by the controller's broker and logs each
record's latency (produce call to delivery report). Then a CreateTopics of ``--partitions``
partitions is sent, placed either on the two *other* brokers (``elsewhere``: the controller's
broker does only controller work) or on all three (``everywhere``: it also creates its replicas).
Printed per scenario: produce latency p50/p99/max in a quiet window before, and in the window
from the CreateTopics until every new partition has a leader, plus how long that took.

    python bench/controller_stall.py [--partitions 2000] [--rate 500]
        [--scenarios elsewhere,everywhere]

Everything binds 127.0.0.1 and lives in a temporary directory removed at the end.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from confluent_kafka import Producer  # noqa: E402
from confluent_kafka.admin import AdminClient, NewTopic  # noqa: E402
from kazoo.client import KazooClient  # noqa: E402

from strom.tools.local_cluster import LocalCluster  # noqa: E402


class Paced(threading.Thread):
    def __init__(self, bootstrap: str, topic: str, rate: int) -> None:
        super().__init__(daemon=True)
        self.p = Producer({"bootstrap.servers": bootstrap, "acks": "1", "linger.ms": 0,
                           "log_level": 2})  # fmt: skip
        self.topic, self.rate = topic, rate
        self.lat: list[tuple[float, float]] = []  # (sent at, latency)
        self.failed = 0
        self.stop_flag = threading.Event()

    def run(self) -> None:
        i = 0
        start = time.monotonic()
        while not self.stop_flag.is_set():
            sent = time.monotonic()

            def cb(err, _msg, sent=sent) -> None:  # type: ignore[no-untyped-def]
                if err is None:
                    self.lat.append((sent, time.monotonic() - sent))
                else:
                    self.failed += 1

            self.p.produce(self.topic, b"x" * 100, partition=0, on_delivery=cb)
            i += 1
            self.p.poll(0)
            time.sleep(max(0.0, start + i / self.rate - time.monotonic()))
        self.p.flush(60)

    def window(self, t0: float, t1: float) -> list[float]:
        return sorted(lat for sent, lat in self.lat if t0 <= sent <= t1)


def fmt(lat: list[float]) -> str:
    if not lat:
        return "no acks"
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
    return (f"p50 {statistics.median(lat) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
            f"max {lat[-1] * 1000:.1f} ms ({len(lat)} acks)")  # fmt: skip


def run(scenario: str, partitions: int, rate: int, base: Path) -> None:
    c = LocalCluster(base / scenario, 3, None, {"auto.leader.rebalance.enable": "false"})
    c.start()
    zk = KazooClient(hosts=c.zk_connect)
    zk.start()
    try:
        ctl = int(json.loads(zk.get("/controller")[0])["brokerid"])
        others = [b for b in (1, 2, 3) if b != ctl]
        admin = AdminClient({"bootstrap.servers": c.bootstrap, "log_level": 2})
        admin.create_topics([NewTopic("live", 1, replica_assignment=[[ctl]])])["live"].result(30)
        prod = Paced(c.broker(ctl).bootstrap, "live", rate)
        prod.start()
        time.sleep(3)
        q0 = time.monotonic()
        time.sleep(3)
        q1 = time.monotonic()
        if scenario == "elsewhere":
            assign = [[others[p % 2], others[(p + 1) % 2]] for p in range(partitions)]
        else:
            assign = [[(p + k) % 3 + 1 for k in range(3)] for p in range(partitions)]
        t0 = time.monotonic()
        admin.create_topics([NewTopic("big", partitions, replica_assignment=assign)],
                            request_timeout=120)["big"].result(180)  # fmt: skip

        def led() -> bool:
            md = admin.list_topics("big", timeout=30).topics["big"].partitions
            return len(md) == partitions and all(p.leader >= 0 for p in md.values())

        deadline = time.monotonic() + 300
        while not led():
            if time.monotonic() > deadline:
                raise TimeoutError("partitions without a leader after 300 s")
            time.sleep(0.1)
        t1 = time.monotonic()
        time.sleep(1)
        prod.stop_flag.set()
        prod.join(60)
        print(f"{scenario}: {partitions} partitions led {t1 - t0:.1f}s after CreateTopics; "
              f"produce on the controller's broker {ctl}:\n"
              f"  quiet:  {fmt(prod.window(q0, q1))}\n"
              f"  during: {fmt(prod.window(t0, t1 + 1))}; failed {prod.failed}", flush=True)
    finally:
        zk.stop()
        zk.close()
        c.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--partitions", type=int, default=2000)
    ap.add_argument("--rate", type=int, default=500)
    ap.add_argument("--scenarios", default="elsewhere,everywhere")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="strom-ctlstall-") as tmp:
        for scenario in args.scenarios.split(","):
            run(scenario, args.partitions, args.rate, Path(tmp))


if __name__ == "__main__":
    main()
