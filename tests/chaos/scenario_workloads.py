"""Workloads and checks that only some chaos scenarios use: the acks counted inside fault
windows (F8), the copy check of the transactional copier (F16, F17), the keyed writer of a
compacted topic and its final-value check (F19), and the consumer group workers (F15).

Owns: those workloads and their pure checks; each logs to the run's :class:`~.workload.History`
in the checker's event format. Invariants: bounded in count and time; clients closed at the end.
"""

from __future__ import annotations

import contextlib
import random
import threading
import time
from typing import TYPE_CHECKING, Any

from confluent_kafka import Consumer, Producer, TopicPartition

from .workload import History

if TYPE_CHECKING:
    from .scenarios import Ctx

TOPIC = "t"


def acks_in_windows(events: list[dict[str, Any]], windows: list[tuple[float, float, list[int]]]
                     ) -> int:  # fmt: skip
    """Acknowledgements completed inside a window on one of its partitions."""
    return sum(
        1
        for e in events
        if e.get("f") == "send" and e["st"] == "ok"
        for a, b, parts in windows
        if e["p"] in parts and a < e["t1"] < b
    )


def copy_check(events: list[dict[str, Any]]) -> dict[str, Any]:
    """Every acknowledged input value is in the output exactly once among committed reads."""
    acked = {e["v"] for e in events if e.get("f") == "send" and e["st"] == "ok"}
    counts: dict[str, int] = {}
    for e in events:
        if e.get("f") == "read" and e["c"] == "final-out":
            src = str(e["v"]).rsplit("@", 1)[0]
            counts[src] = counts.get(src, 0) + 1
    missing = [v for v in acked if v not in counts]
    dup = [v for v, n in counts.items() if n > 1]
    return {"copy_missing": len(missing), "copy_missing_examples": sorted(missing)[:10],
            "copy_duplicated": len(dup), "copy_duplicated_examples": sorted(dup)[:10]}  # fmt: skip


def compaction_writer(ctx: Ctx, records: int, rate: float, out: dict[str, Any]) -> None:
    """Keyed writes (records/10 keys, 10 % tombstones), one idempotent producer, partition =
    key % 6; logs sends; ``out["last_write"]`` maps key -> last acknowledged value."""
    c = ctx.cluster
    p = Producer({"bootstrap.servers": c.bootstrap, "acks": "all", "enable.idempotence": True,
                  "linger.ms": 5, "message.timeout.ms": 120000, "log_level": 0})  # fmt: skip
    keys = max(10, records // 10)
    last: dict[str, tuple[int, str | None]] = {}
    lock = threading.Lock()
    start = time.monotonic()
    rng = random.Random(ctx.rng.randrange(1 << 30))
    for seq in range(records):
        k = rng.randrange(keys)
        value = None if rng.random() < 0.1 else f"k{k}.{seq}"
        ahead = start + seq / rate - time.monotonic()
        if ahead > 0:
            time.sleep(ahead)

        def cb(err: Any, msg: Any, k: int = k, seq: int = seq, value: str | None = value) -> None:
            if err is None:
                with lock:
                    if last.get(str(k), (-1, None))[0] < seq:
                        last[str(k)] = (seq, value)

        p.produce(TOPIC, key=str(k).encode(), value=value.encode() if value else None,
                  partition=k % 6, on_delivery=cb)  # fmt: skip
        p.poll(0)
    p.flush(150)
    out["last_write"] = {k: v for k, (_s, v) in last.items()}
    out["keys"] = len(last)


def compaction_check(events: list[dict[str, Any]], last: dict[str, str | None]
                      ) -> dict[str, Any]:  # fmt: skip
    """The last value read per key (by offset) equals the last acknowledged write; a key whose
    last write is a tombstone reads as absent or as the tombstone."""
    final: dict[str, tuple[int, int, str | None]] = {}
    for e in events:
        if e.get("f") == "read" and e["c"] == "final" and "k" in e:
            k, place = str(e["k"]), (int(e["p"]), int(e["off"]))
            if k not in final or place > final[k][:2]:
                final[k] = (*place, e["v"])
    wrong = [k for k, v in last.items() if final.get(k, (0, 0, None))[2] != v]
    return {"wrong_final": len(wrong), "wrong_final_examples": sorted(wrong)[:10],
            "keys_checked": len(last)}  # fmt: skip


class GroupWorkers:
    """Four consumers of one group (manual synchronous commits after each batch) that log
    reads, assignments, acknowledged commits and committed offsets read back."""

    def __init__(self, bootstrap: str, topic: str, history: History, n: int = 4) -> None:
        self.bootstrap, self.topic, self.history = bootstrap, topic, history
        self.stop_flag = threading.Event()
        self.threads = [threading.Thread(target=self._run, args=(f"g{i}",), daemon=True)
                        for i in range(n)]  # fmt: skip
        self.reads = 0

    def start(self) -> None:
        for t in self.threads:
            t.start()

    def stop(self) -> None:
        self.stop_flag.set()
        for t in self.threads:
            t.join(60)

    def _run(self, cid: str) -> None:
        h = self.history
        c = Consumer({"bootstrap.servers": self.bootstrap, "group.id": "chaos-group",
                      "enable.auto.commit": False, "auto.offset.reset": "earliest",
                      "isolation.level": "read_committed", "log_level": 0,
                      "session.timeout.ms": 10000})  # fmt: skip
        c.subscribe([self.topic], on_assign=lambda *_: h.add({"f": "assign", "c": cid}),
                    on_revoke=lambda *_: h.add({"f": "assign", "c": cid}))  # fmt: skip
        last_check = time.monotonic()
        try:
            while not self.stop_flag.is_set():
                msgs = [m for m in c.consume(200, 0.5) if m.error() is None]
                for m in msgs:
                    h.add({"f": "read", "c": cid, "topic": self.topic, "p": m.partition(),
                           "off": m.offset(), "v": m.value().decode(),
                           "t": time.monotonic()})  # fmt: skip
                    self.reads += 1
                if msgs:
                    pos = {m.partition(): m.offset() + 1 for m in msgs}
                    tps = [TopicPartition(self.topic, p, o) for p, o in pos.items()]
                    t0 = time.monotonic()
                    try:
                        c.commit(offsets=tps, asynchronous=False)
                        for tp in tps:
                            h.add({"f": "commit", "g": "chaos-group", "p": tp.partition,
                                   "off": tp.offset, "st": "ok", "t0": t0,
                                   "t1": time.monotonic()})  # fmt: skip
                    except Exception:
                        pass
                if time.monotonic() - last_check > 2:
                    last_check = time.monotonic()
                    with contextlib.suppress(Exception):
                        self._read_back(c, cid)
        finally:
            c.close()

    def _read_back(self, c: Consumer, cid: str) -> None:
        t0 = time.monotonic()
        for tp in c.committed(list(c.assignment()), timeout=10):
            if tp.offset >= 0:
                self.history.add({"f": "committed", "g": "chaos-group", "p": tp.partition,
                                  "off": tp.offset, "t0": t0, "t1": time.monotonic()})
