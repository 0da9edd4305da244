"""Which partitions of an OffsetCommit or TxnOffsetCommit exist: Kafka's metadata check before
the group coordinator sees the request.

Owns: narrowing an (already authorized) commit request to the partitions the cluster metadata
knows, and answering the others ``UNKNOWN_TOPIC_OR_PARTITION``; merging those answers into the
coordinator's response per topic. Kafka (``KafkaApis.handleOffsetCommitRequest`` and
``handleTxnOffsetCommitRequest``, 3.9): after the topic READ check, a topic missing from the
metadata cache answers UNKNOWN_TOPIC_OR_PARTITION on each requested partition, and so does each
partition index the topic does not have (negative or past its partition count); nothing is
written for them. When no partition is left the coordinator is not asked (no group or member
validation happens) and the answer carries only these errors.

Invariants: a partition is either handed to the coordinator or answered here, never both; the
response names each requested topic once.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from strom.cluster.metadata import TopicInfo
from strom.errors import ErrorCode

UNKNOWN = int(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
Q = TypeVar("Q")


def narrow(
    req: Q,
    topics: Mapping[str, TopicInfo],
    answers: list[Any],
    topic: Callable[..., Any],
    partition: Callable[..., Any],
) -> Q | None:
    """``req`` narrowed to the partitions in ``topics``, or None when it named partitions and
    none exists; ``topic(name, [partition(index, UNKNOWN)])`` for the unknown ones is appended
    to ``answers``."""
    requested: list[Any] = req.topics  # type: ignore[attr-defined]
    kept: list[Any] = []
    unknown: list[Any] = []
    for t in requested:
        info = topics.get(t.name)
        exists = info.assignment if info is not None else {}
        good = [p for p in t.partitions if p.partition_index in exists]
        bad = [p for p in t.partitions if p.partition_index not in exists]
        if bad:
            unknown.append(
                topic(
                    name=t.name,
                    partitions=[
                        partition(partition_index=p.partition_index, error_code=UNKNOWN)
                        for p in bad
                    ],
                )
            )
        if good and not bad:
            kept.append(t)
        elif good:
            narrowed_topic = copy.copy(t)
            narrowed_topic.partitions = good
            kept.append(narrowed_topic)
    if not unknown:
        return req
    answers.extend(unknown)
    if not kept:
        return None
    narrowed = copy.copy(req)
    narrowed.topics = kept  # type: ignore[attr-defined]
    return narrowed


def merge(answered: list[Any], extra: list[Any]) -> None:
    """Add ``extra`` topic answers to ``answered``, joining partitions of a topic named in
    both."""
    by_name = {t.name: t for t in answered}
    for t in extra:
        same = by_name.get(t.name)
        if same is None:
            answered.append(t)
            by_name[t.name] = t
        else:
            same.partitions.extend(t.partitions)
