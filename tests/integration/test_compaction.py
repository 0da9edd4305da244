"""Log compaction against a real broker: Kafka's LogCompactionTester pattern, and a SIGKILL in
the middle of a cleaning.

Figures (disk size before/after, cleaning stats) are printed; run with ``-s`` to see them.
"""

from __future__ import annotations

import random
import re
import time
from itertools import pairwise
from pathlib import Path

import pytest
from confluent_kafka import OFFSET_BEGINNING, Consumer, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

pytestmark = [pytest.mark.integration, pytest.mark.slow]

TOPIC = "compacted"


def _create(bootstrap: str, topic: str, **config: str) -> None:
    a = AdminClient({"bootstrap.servers": bootstrap})
    a.create_topics([NewTopic(topic, 1, 1, config=config)])[topic].result(15)


def _produce(
    bootstrap: str, topic: str, keys: int, writes: int, seed: int, batch_size: int = 200_000
) -> dict[bytes, bytes | None]:
    """``writes`` values for each of ``keys`` keys in random order; 10% of the keys end with a
    tombstone. Returns each key's last value."""
    rng = random.Random(seed)
    order = [k for k in range(keys) for _ in range(writes)]
    rng.shuffle(order)
    counts = [0] * keys
    latest: dict[bytes, bytes | None] = {}
    p = Producer(
        {
            "bootstrap.servers": bootstrap,
            "linger.ms": 20,
            "batch.size": batch_size,
            "enable.idempotence": True,
            "queue.buffering.max.messages": 500_000,
        }
    )
    errors: list[object] = []

    def on_delivery(err: object, _msg: object) -> None:
        if err is not None:
            errors.append(err)

    for i, k in enumerate(order):
        counts[k] += 1
        key = b"key-%06d" % k
        value: bytes | None = b"value-%06d-%02d-" % (k, counts[k]) + b"x" * 20
        if counts[k] == writes and k % 10 == 0:
            value = None
        latest[key] = value
        p.produce(topic, key=key, value=value, on_delivery=on_delivery)
        if i % 20_000 == 0:
            p.poll(0)
    assert p.flush(60) == 0
    assert not errors, errors[:3]
    return latest


def _consume_all(bootstrap: str, topic: str) -> list[tuple[int, bytes, bytes | None]]:
    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": "compaction-reader",
            "enable.auto.commit": False,
            "fetch.max.bytes": 4_000_000,
        }
    )
    try:
        _, hi = c.get_watermark_offsets(TopicPartition(topic, 0), timeout=10)
        c.assign([TopicPartition(topic, 0, OFFSET_BEGINNING)])
        out: list[tuple[int, bytes, bytes | None]] = []
        deadline = time.monotonic() + 60
        last = -1
        while last < hi - 1 and time.monotonic() < deadline:
            for m in c.consume(10_000, timeout=1.0):
                if m.error():
                    raise AssertionError(m.error())
                out.append((m.offset(), m.key(), m.value()))
                last = m.offset()
        return out
    finally:
        c.close()


def _log_bytes(data_dir: Path, topic: str) -> tuple[int, int]:
    segs = list((data_dir / f"{topic}-0").glob("*.log"))
    return sum(p.stat().st_size for p in segs), len(segs)


def _wait_for(predicate, timeout: float, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def _cleanings(log_text: str, topic: str) -> list[str]:
    return re.findall(rf"cleaned {topic}-0: .*", log_text)


def _roll(bootstrap: str, topic: str, segment_ms: int) -> None:
    """Let ``segment.ms`` pass, then append a sentinel so the last data segment rolls."""
    time.sleep(segment_ms / 1000 + 0.3)
    p = Producer({"bootstrap.servers": bootstrap})
    p.produce(topic, key=b"sentinel", value=b"roll")
    assert p.flush(10) == 0


def test_log_compaction_tester_pattern(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = fresh_broker
    b.overrides.update({"log.cleaner.enable": "false", "log.cleaner.backoff.ms": "200"})
    b.start()
    segment_ms = 3000
    _create(
        b.bootstrap,
        TOPIC,
        **{
            "cleanup.policy": "compact",
            "segment.bytes": "262144",
            "segment.ms": str(segment_ms),
            "min.cleanable.dirty.ratio": "0.01",
            "delete.retention.ms": "4000",
            "file.delete.delay.ms": "500",
        },
    )
    t0 = time.monotonic()
    latest = _produce(b.bootstrap, TOPIC, keys=20_000, writes=10, seed=7)
    produced_s = time.monotonic() - t0
    _roll(b.bootstrap, TOPIC, segment_ms)
    size_before, segs_before = _log_bytes(b.data_dir, TOPIC)
    b.stop()

    b.overrides["log.cleaner.enable"] = "true"
    b.start()
    # first cleaning keeps tombstones (and stamps their delete horizon); once
    # delete.retention.ms has passed a second cleaning removes them
    _wait_for(lambda: len(_cleanings(b.log_text(), TOPIC)) >= 2, 60, "two cleanings")
    time.sleep(1.0)  # let .deleted files go (file.delete.delay.ms)
    size_after, segs_after = _log_bytes(b.data_dir, TOPIC)
    records = _consume_all(b.bootstrap, TOPIC)

    offsets = [o for o, _, _ in records]
    assert all(x < y for x, y in pairwise(offsets)), "offsets must increase"
    assert offsets[-1] == 200_000  # the sentinel: offsets never change
    assert len(offsets) < offsets[-1] + 1  # gaps
    keys = [k for _, k, _ in records if k != b"sentinel"]
    assert len(keys) == len(set(keys)), "each key exactly once"
    got = {k: v for _, k, v in records if k != b"sentinel"}
    live = {k: v for k, v in latest.items() if v is not None}
    assert got == live
    assert len(live) == 18_000
    assert size_after < size_before / 5
    lines = _cleanings(b.log_text(), TOPIC)
    print(
        f"\nproduced 200000 records over 20000 keys in {produced_s:.1f}s; "
        f"{TOPIC}-0: {size_before} bytes in {segs_before} segments before cleaning, "
        f"{size_after} bytes in {segs_after} segments after; {len(records)} records read back"
    )
    for line in lines:
        print(" ", line)


def test_sigkill_during_cleaning_loses_nothing(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = fresh_broker
    b.overrides.update({"log.cleaner.enable": "false", "log.cleaner.backoff.ms": "200"})
    b.start()
    topic = "compacted-kill"
    segment_ms = 2000
    _create(
        b.bootstrap,
        topic,
        **{
            "cleanup.policy": "compact",
            "segment.bytes": "65536",
            "segment.ms": str(segment_ms),
            "min.cleanable.dirty.ratio": "0.01",
            "delete.retention.ms": "600000",
        },
    )
    latest = _produce(b.bootstrap, topic, keys=5_000, writes=6, seed=3, batch_size=50_000)
    _roll(b.bootstrap, topic, segment_ms)
    b.stop()
    # throttled so that the cleaning is still running when the broker is killed
    b.overrides.update(
        {"log.cleaner.enable": "true", "log.cleaner.io.max.bytes.per.second": "300000"}
    )
    b.start()
    _wait_for(lambda: "beginning cleaning of " + topic in b.log_text(), 30, "cleaning to start")
    time.sleep(1.5)
    b.kill()
    b.overrides["log.cleaner.enable"] = "false"
    b.start()
    records = _consume_all(b.bootstrap, topic)
    offsets = [o for o, _, _ in records]
    assert all(x < y for x, y in pairwise(offsets))
    last: dict[bytes, bytes | None] = {}
    for _, k, v in records:
        last[k] = v
    last.pop(b"sentinel")
    assert last == latest  # nothing lost: every key's last value (tombstones kept)
    b.stop()
    b.overrides.update(
        {"log.cleaner.enable": "true", "log.cleaner.io.max.bytes.per.second": "1e12"}
    )
    b.start()
    _wait_for(lambda: bool(_cleanings(b.log_text(), topic)), 60, "a complete cleaning")
    records = _consume_all(b.bootstrap, topic)
    got = {k: v for _, k, v in records if k != b"sentinel"}
    assert got == latest and len(records) == len(latest) + 1
