"""Damage on disk, found before anyone reads it: a single broker is stopped (cleanly or with
SIGKILL), a file of a partition is damaged for real (a flipped bit in a closed segment, a
truncated or deleted middle segment, deleted or garbled indexes and checkpoints, a garbled
producer snapshot), the broker restarts, and confluent-kafka (CRC checks on) and kafka-python
read the partition back. Every reader gets either every record, correct, or the records before
the damage, contiguous and correct, then CORRUPT_MESSAGE at the first offset it cannot have --
never a batch failing its CRC, never a silent gap -- and the records after the damaged range can
still be read by seeking past it."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from corruption_util import (
    CORRUPT_MESSAGE,
    BrokerProcess,
    ReadResult,
    base_of,
    create_topic,
    flip_bit,
    produce,
    read_confluent,
    read_kafka_python,
    segments,
)

from strom.protocol.records import iter_batches

pytestmark = [pytest.mark.integration, pytest.mark.slow]

N = 4000
TOPIC = "dmg"
Reader = Callable[[str, str, int, int], ReadResult]
READERS: list[Reader] = [read_confluent, read_kafka_python]


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[BrokerProcess]:
    b = BrokerProcess(
        tmp_path / "data",
        {"log.segment.bytes": str(64 * 1024), "log.scrub.bytes.per.second": str(50 * 2**20)},
    )
    yield b
    if b.alive():
        b.kill()


def _filled(b: BrokerProcess, n: int = N) -> list[Path]:
    b.start()
    create_topic(b.bootstrap, TOPIC)
    produce(b.bootstrap, TOPIC, n)
    segs = segments(b.data_dir, TOPIC)
    assert len(segs) >= 5
    return segs


def _stop(b: BrokerProcess, how: str) -> None:
    if how == "clean":
        assert b.stop() == 0
    else:
        b.kill()


def _assert_error_at(r: ReadResult, first: int, start: int = 0) -> None:
    assert not r.bad_values, f"wrong values delivered at {r.bad_values[:5]}"
    assert r.offsets == list(range(start, first)), "records before the damage, contiguous"
    assert r.error_code == CORRUPT_MESSAGE, f"expected CORRUPT_MESSAGE, got {r.error_code}"
    assert r.error_offset == first


def _assert_all(r: ReadResult, start: int, end: int) -> None:
    assert not r.bad_values, f"wrong values delivered at {r.bad_values[:5]}"
    assert r.error_code is None
    assert r.offsets == list(range(start, end))


def wait_for_log(b: BrokerProcess, text: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while text not in b.log_text():
        assert time.monotonic() < deadline, f"{text!r} not in the broker log"
        time.sleep(0.2)


def _last_whole_batch_end(path: Path, keep: int) -> int:
    """The next offset after the last batch wholly inside the first ``keep`` bytes."""
    data = path.read_bytes()[:keep]
    end = base_of(path)
    for _, hdr in iter_batches(data, strict=False):
        end = hdr.next_offset
    return end


@pytest.mark.parametrize("how", ["clean", "kill"])
@pytest.mark.parametrize("which", ["closed", "active"])
def test_bit_flip_is_never_served(broker: BrokerProcess, how: str, which: str) -> None:
    """A flipped bit in a closed segment or in the active one: after a SIGKILL Kafka truncates
    the log there (losing every acknowledged record after it); Strom withholds that batch only."""
    segs = _filled(broker)
    total = N
    if which == "active":  # a damaged *last* batch is a torn tail: truncated, as in Kafka
        for _ in range(40):
            if len(list(iter_batches(segs[-1].read_bytes(), strict=False))) >= 3:
                break
            produce(broker.bootstrap, TOPIC, 50, start=total)
            total += 50
            segs = segments(broker.data_dir, TOPIC)
    victim = segs[2] if which == "closed" else segs[-1]
    _stop(broker, how)
    position = flip_bit(victim)
    first = _last_whole_batch_end(victim, position)
    resume = next(
        h.next_offset
        for p, h in iter_batches(victim.read_bytes(), strict=False)
        if p <= position < p + h.size_in_bytes
    )
    broker.start()
    assert resume < total
    for read in READERS:
        _assert_error_at(read(broker.bootstrap, TOPIC, 0, total), first)
        # only the damaged batch is withheld: seeking past it reads the rest
        _assert_all(read(broker.bootstrap, TOPIC, resume, total), resume, total)
    if how == "kill":  # recovery re-validated every segment (no recovery point checkpointed)
        wait_for_log(broker, f"of segment {victim} (CRC mismatch); offsets {first} to {resume}")
    elif which == "closed":  # nothing scans closed segments at a clean start but the scrubber
        wait_for_log(broker, f"log scrubber: {TOPIC}-0 segment {base_of(victim)} invalid")
    else:  # the active segment: the read check found it
        wait_for_log(broker, f"offsets [{first}, {resume}) are corrupt (read of segment")


@pytest.mark.parametrize("how", ["clean", "kill"])
def test_truncated_middle_segment_is_an_error_not_a_gap(broker: BrokerProcess, how: str) -> None:
    segs = _filled(broker)
    victim, after = segs[2], base_of(segs[3])
    _stop(broker, how)
    keep = victim.stat().st_size // 2
    first = _last_whole_batch_end(victim, keep)
    with open(victim, "r+b") as f:
        f.truncate(keep)
    broker.start()
    assert first < after
    for read in READERS:
        _assert_error_at(read(broker.bootstrap, TOPIC, 0, N), first)
        _assert_all(read(broker.bootstrap, TOPIC, after, N), after, N)


def test_deleted_middle_segment_is_an_error_not_a_gap(broker: BrokerProcess) -> None:
    segs = _filled(broker)
    victim, after = segs[2], base_of(segs[3])
    _stop(broker, "clean")
    for f in victim.parent.glob(victim.name.replace(".log", ".*")):
        f.unlink()
    broker.start()
    for read in READERS:
        _assert_error_at(read(broker.bootstrap, TOPIC, 0, N), base_of(victim))
        _assert_all(read(broker.bootstrap, TOPIC, after, N), after, N)
    assert "missing" in broker.log_text()


DAMAGE_TARGETS = [
    ".index",
    ".timeindex",
    "leader-epoch-checkpoint",
    "recovery-point-offset-checkpoint",
    "log-start-offset-checkpoint",
    "replication-offset-checkpoint",
    ".snapshot",
]


@pytest.mark.parametrize("target", DAMAGE_TARGETS)
@pytest.mark.parametrize("damage", ["delete", "garble"])
def test_damaged_index_or_checkpoint_is_rebuilt(
    broker: BrokerProcess, target: str, damage: str
) -> None:
    segs = _filled(broker)
    _stop(broker, "clean")
    part = segs[0].parent
    if target.startswith("."):
        files = sorted(part.glob("*" + target))
    elif target == "leader-epoch-checkpoint":
        files = [part / target]
    else:
        files = [broker.data_dir / target]
    assert files and all(f.exists() for f in files), target
    for f in files:
        if damage == "delete":
            f.unlink()
        else:
            data = bytearray(f.read_bytes())
            for i in range(min(len(data), 16)):
                data[i] ^= 0x5A
            f.write_bytes(bytes(data) or b"garbage")
    broker.start()
    for read in READERS:
        _assert_all(read(broker.bootstrap, TOPIC, 0, N), 0, N)
    # the partition keeps working: an idempotent producer appends after the old records
    produce(broker.bootstrap, TOPIC, 100, start=N, **{"enable.idempotence": True})
    _assert_all(read_confluent(broker.bootstrap, TOPIC, N - 10, N + 100), N - 10, N + 100)
