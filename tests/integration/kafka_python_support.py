"""Reading with kafka-python in tests: an iterating consumer's records up to the end offsets of
its assignment, so a test that reads everything there is does not also sit out the consumer's
whole ``consumer_timeout_ms`` of silence after the last record.

Invariant: what is read is what iterating until the timeout would have read from the log as it
stands when the last record is read (a duplicate or an extra record already in the log moves the
end offset past the position, so it is read too); the timeout still bounds a read that gets
nothing."""

from __future__ import annotations

from typing import Any


def values_to_end(consumer: Any) -> list[bytes]:
    """The values the kafka-python ``consumer`` yields until its position on every assigned
    partition has reached that partition's end offset, or until its ``consumer_timeout_ms``
    passes without a record."""
    values: list[bytes] = []
    for message in consumer:
        values.append(message.value)
        ends = consumer.end_offsets(list(consumer.assignment()))
        if all(consumer.position(tp) >= end for tp, end in ends.items()):
            break
    return values
