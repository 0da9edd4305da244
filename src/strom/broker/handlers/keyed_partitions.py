"""Requests whose partitions Kafka keys by (topic, partition): each named once in the answer.

Owns: :func:`collapse`, which rewrites a request's topic list in place so that each topic name
appears once (at its first place) holding each partition index once (at its first place, with
the values of its last occurrence). Kafka 3.9 builds a map keyed by the topic partition before
acting for DeleteRecords (``KafkaApis.handleDeleteRecordsRequest``: the last offset given for a
partition is the one applied) and, in the group coordinator of ZooKeeper mode
(``GroupCoordinatorAdapter``), for OffsetCommit (the last offset is committed), OffsetFetch and
OffsetDelete; their responses are built from those maps, grouped by topic, so a partition or a
topic named twice is answered once. (Kafka's map order is a hash order; Strom keeps the order of
first appearance.)

Invariant: the collapsed request names exactly the (topic, partition) pairs of the original, so
every requested partition is still answered.
"""

from __future__ import annotations

from typing import Any


def collapse(topics: list[Any], partitions: str = "partitions") -> list[Any]:
    """``topics`` (objects with ``name`` and a list attribute ``partitions`` of objects with
    ``partition_index``, or of plain indexes) with each name once and each index once per
    name; the topic objects kept are modified in place. A None partition list (OffsetFetch:
    every partition) wins over a list for the same topic."""
    first: dict[str, Any] = {}
    slots: dict[str, dict[int, Any] | None] = {}
    for t in topics:
        given = getattr(t, partitions)
        if t.name not in first:
            first[t.name] = t
            slots[t.name] = {}
        keyed = slots[t.name]
        if given is None or keyed is None:
            slots[t.name] = None
            continue
        for p in given:
            keyed[p if isinstance(p, int) else p.partition_index] = p
    for name, t in first.items():
        keyed = slots[name]
        setattr(t, partitions, None if keyed is None else list(keyed.values()))
    return list(first.values())
