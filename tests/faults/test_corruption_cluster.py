"""Corruption in a replicated partition (3 brokers on ZooKeeper): a follower whose closed segment
has a flipped bit heals from the leader (its log becomes byte-identical to the leader's), and a
leader that finds a corrupt range while serving it resigns, so consumers read every record
intact from a healthy replica, and it then heals as a follower."""

from __future__ import annotations

from pathlib import Path

import pytest
from corruption_util import (
    TESTS,
    create_topic,
    flip_bit,
    load_module,
    produce,
    read_confluent,
    read_kafka_python,
    segments,
)

_cluster_util = load_module("cluster_util", TESTS / "cluster" / "cluster_util.py")
_cluster_conftest = load_module("cluster_conftest", TESTS / "cluster" / "conftest.py")
zookeeper = _cluster_conftest.zookeeper
cluster_factory = _cluster_conftest.cluster_factory
FAST = _cluster_util.FAST
partitions = _cluster_util.partitions
wait_for = _cluster_util.wait_for
wait_isr = _cluster_util.wait_isr
wait_leader = _cluster_util.wait_leader

pytestmark = [pytest.mark.integration, pytest.mark.slow]

N = 3000
TOPIC = "heal"
OVERRIDES = {
    **FAST,
    "log.segment.bytes": str(64 * 1024),
    "log.scrub.bytes.per.second": str(50 * 2**20),
}


def _log_bytes(data_dir: Path) -> bytes:
    """Every batch of the replica in offset order: the concatenated segment files."""
    return b"".join(p.read_bytes() for p in segments(data_dir, TOPIC))


def _same_log(a: Path, b: Path) -> bool:
    return _log_bytes(a) == _log_bytes(b)


def _read_everything(bootstrap: str) -> None:
    for read in (read_confluent, read_kafka_python):
        r = read(bootstrap, TOPIC, 0, N, 90)
        assert not r.bad_values, f"wrong values at {r.bad_values[:5]}"
        assert r.error_code is None, f"{read.__name__}: error {r.error_code} at {r.error_offset}"
        assert r.offsets == list(range(N))


def test_follower_with_corrupt_segment_heals_from_leader(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides=OVERRIDES)
    create_topic(c.bootstrap, TOPIC, replication=3)
    wait_isr(c.bootstrap, TOPIC, 3)
    produce(c.bootstrap, TOPIC, N)
    leader = wait_leader(c.bootstrap, TOPIC, 0)
    follower = next(b for b in (1, 2, 3) if b != leader)
    fb = c.broker(follower)
    fb.stop()
    victim = segments(fb.data_dir, TOPIC)[2]
    flip_bit(victim)
    assert not _same_log(fb.data_dir, c.broker(leader).data_dir)
    fb.start()
    wait_for("the follower to heal", lambda: "healing" in fb.log_text(), 60)
    wait_isr(c.bootstrap, TOPIC, 3)
    wait_for(
        "the follower's log to equal the leader's",
        lambda: _same_log(fb.data_dir, c.broker(leader).data_dir),
        60,
    )
    _read_everything(c.bootstrap)


def test_leader_with_corrupt_segment_resigns(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides=OVERRIDES)
    create_topic(c.bootstrap, TOPIC, replication=3)
    wait_isr(c.bootstrap, TOPIC, 3)
    produce(c.bootstrap, TOPIC, N)
    preferred = partitions(c.bootstrap, TOPIC)[0][1][0]
    lb = c.broker(preferred)
    lb.stop()
    flip_bit(segments(lb.data_dir, TOPIC)[2])
    # no scrubber on this broker: the damage stays unknown until a consumer's read meets it
    lb.start(overrides={"log.scrub.bytes.per.second": "0"})
    wait_isr(c.bootstrap, TOPIC, 3)
    current = wait_leader(c.bootstrap, TOPIC, 0)
    c.broker(current).stop()  # leadership goes back to the first replica: the corrupt one
    assert wait_leader(c.bootstrap, TOPIC, 0, not_in=(current,)) == preferred
    _read_everything(c.bootstrap)
    assert "resigning leadership" in lb.log_text()
    healthy = wait_leader(c.bootstrap, TOPIC, 0, not_in=(preferred, current))
    wait_for("the old leader to heal", lambda: "healing" in lb.log_text(), 60)
    wait_for(
        "the old leader back in the ISR",
        lambda: preferred in partitions(c.bootstrap, TOPIC)[0][2],
        60,
    )
    wait_for(
        "the old leader's log to equal the new leader's",
        lambda: _same_log(lb.data_dir, c.broker(healthy).data_dir),
        60,
    )
