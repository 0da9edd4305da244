"""``values_to_end`` (tests/integration/kafka_python_support.py) against a fake kafka-python
consumer: it reads every record in the log, a duplicate included, and stops at the end offsets
instead of waiting for the consumer's timeout."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from integration.kafka_python_support import values_to_end

pytestmark = pytest.mark.unit


@dataclass
class _Message:
    tp: str
    offset: int
    value: bytes


@dataclass
class _FakeConsumer:
    """Partitions' logs; iterating yields their records in order, then fails the test where
    kafka-python would sit out consumer_timeout_ms (the read should have stopped)."""

    logs: dict[str, list[bytes]]
    positions: dict[str, int] = field(default_factory=dict)

    def __iter__(self) -> Iterator[_Message]:
        for tp, log in self.logs.items():
            for offset, value in enumerate(log):
                self.positions[tp] = offset + 1
                yield _Message(tp, offset, value)
        raise AssertionError("read past the end: this is where the timeout would be sat out")

    def assignment(self) -> set[str]:
        return set(self.logs)

    def end_offsets(self, tps: list[str]) -> dict[str, int]:
        return {tp: len(self.logs[tp]) for tp in tps}

    def position(self, tp: str) -> int:
        return self.positions.get(tp, 0)


def test_one_record_is_read_and_the_read_stops_at_the_end() -> None:
    assert values_to_end(_FakeConsumer({"t-0": [b"v"]})) == [b"v"]


def test_a_duplicate_in_the_log_is_read_too() -> None:
    assert values_to_end(_FakeConsumer({"t-0": [b"v", b"v"]})) == [b"v", b"v"]


def test_every_assigned_partition_is_read_to_its_end() -> None:
    consumer = _FakeConsumer({"t-0": [b"a"], "t-1": [b"b", b"c"], "t-2": []})
    assert values_to_end(consumer) == [b"a", b"b", b"c"]
