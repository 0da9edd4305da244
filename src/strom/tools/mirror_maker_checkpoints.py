"""Consumer group offset translation for ``strom mirror-maker`` (MM2's MirrorCheckpointConnector).

Owns: offset syncs (``upstream offset -> downstream offset`` pairs of mirrored records, MM2's
``mm2-offset-syncs.<target>.internal`` topic, here in the target cluster as with
``offset-syncs.topic.location=target``), translating a source group's committed offsets with
them, the ``<source>.checkpoints.internal`` topic on the target, and (with
``sync.group.offsets.enabled``) committing translated offsets to the target group.

Invariants:
- A sync ``(u, d, n)`` describes a run: the ``n`` source records at offsets ``u .. u+n-1``
  (no gap) are the target records ``d .. d+n-1``. The copy loop writes one per run of each
  partition in a transaction (a new run after every source gap: aborted records, control
  batches, compaction), in the same transaction as the records, so a sync never names a record
  that was aborted.
- Translation never skips a record: ``o`` inside the latest run at or before it maps exactly to
  ``d + (o - u)``; past the run's end it maps to ``d + n``, the target offset after the run's last
  record (the next run starts there or later: only transaction markers come between). An ``o``
  with no run at or before it is not translated.
- Target group offsets are written only when the group has no active member on the target and
  only forward (MM2's rule): a consumer already running on the target is never moved.
- Memory is bounded: the latest ``MAX_SYNCS_PER_PARTITION`` syncs of each partition are kept.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

from strom.client import AdminClient, Consumer, TopicPartition

MAX_SYNCS_PER_PARTITION = 256
# MM2's default groups.exclude (DefaultGroupFilter)
DEFAULT_GROUPS_EXCLUDE = r"console-consumer-.*, connect-.*, __.*"


def offset_syncs_topic(target: str) -> str:
    return f"mm2-offset-syncs.{target}.internal"


def checkpoints_topic(source: str) -> str:
    return f"{source}.checkpoints.internal"


def encode_sync(
    tp: TopicPartition, upstream: int, downstream: int, count: int
) -> tuple[bytes, bytes]:
    """A sync record's key (``topic,partition`` of the source) and value (``u,d,n``)."""
    return f"{tp.topic},{tp.partition}".encode(), f"{upstream},{downstream},{count}".encode()


class OffsetSyncStore:
    """The latest offset syncs per source partition, sorted by upstream offset."""

    def __init__(self) -> None:
        self._syncs: dict[TopicPartition, list[tuple[int, int, int]]] = {}

    def add(self, tp: TopicPartition, upstream: int, downstream: int, count: int) -> None:
        syncs = self._syncs.setdefault(tp, [])
        if count < 1 or (syncs and upstream <= syncs[-1][0]):
            return  # a re-read of an older sync (loading) adds nothing
        syncs.append((upstream, downstream, count))
        if len(syncs) > MAX_SYNCS_PER_PARTITION:
            del syncs[0]

    def add_record(self, key: bytes | None, value: bytes | None) -> None:
        """One record of the offset-syncs topic; malformed records are ignored."""
        try:
            topic, _, part = (key or b"").decode().rpartition(",")
            up, down, count = (value or b"").decode().split(",")
            self.add(TopicPartition(topic, int(part)), int(up), int(down), int(count))
        except ValueError:
            return

    def translate(self, tp: TopicPartition, offset: int) -> int | None:
        """The target offset a consumer at source ``offset`` resumes from, or None."""
        syncs = self._syncs.get(tp)
        if not syncs:
            return None
        i = bisect.bisect_right(syncs, (offset, 1 << 62, 0)) - 1
        if i < 0:
            return None
        upstream, downstream, count = syncs[i]
        return downstream + min(offset - upstream, count)

    def load(self, consumer: Consumer, topic: str, partitions: int, timeout: float) -> None:
        """Read every committed sync of ``topic`` (on the target) into the store."""
        tps = [TopicPartition(topic, p) for p in range(partitions)]
        consumer.assign(tps)
        ends = consumer.end_offsets(tps, timeout)
        for tp in tps:
            consumer.seek_to_beginning(tp)
        todo = {tp for tp, end in ends.items() if end > 0}
        while todo:
            for r in consumer.poll(0.5):
                self.add_record(r.key, r.value)
            todo = {tp for tp in todo if consumer.position(tp, timeout) < ends[tp]}


def group_filter(include: str, exclude: str) -> Callable[[str], bool]:
    def compile_list(text: str) -> re.Pattern[str]:
        parts = [p.strip() for p in text.split(",") if p.strip()]
        return re.compile("|".join(f"(?:{p})" for p in parts) if parts else "(?!)")

    inc, exc = compile_list(include), compile_list(exclude)
    return lambda g: bool(inc.fullmatch(g)) and not exc.fullmatch(g)


def checkpoints(
    src: AdminClient,
    store: OffsetSyncStore,
    wanted_group: Callable[[str], bool],
    remote_topic: Callable[[str], str],
    replicated: Callable[[str], bool],
) -> dict[str, dict[TopicPartition, tuple[int, int]]]:
    """``{group: {remote tp: (upstream offset, downstream offset)}}`` for every source group
    whose committed offsets of mirrored partitions can be translated."""
    out: dict[str, dict[TopicPartition, tuple[int, int]]] = {}
    for group, _ in src.list_groups():
        if not wanted_group(group):
            continue
        for tp, om in src.list_consumer_group_offsets(group).items():
            if om.offset < 0 or not replicated(tp.topic):
                continue
            down = store.translate(tp, om.offset)
            if down is not None:
                remote = TopicPartition(remote_topic(tp.topic), tp.partition)
                out.setdefault(group, {})[remote] = (om.offset, down)
    return out


def sync_group_offsets(
    tgt: AdminClient, found: dict[str, dict[TopicPartition, tuple[int, int]]]
) -> None:
    """Commit translated offsets to target groups that have no member, only moving forward."""
    if not found:
        return
    states = {d.group_id: d for d in tgt.describe_groups(list(found))}
    for group, offsets in found.items():
        d = states.get(group)
        if d is not None and d.members:
            continue  # an active consumer on the target owns its offsets
        current = tgt.list_consumer_group_offsets(group)
        forward = {
            tp: down
            for tp, (_, down) in offsets.items()
            if tp not in current or current[tp].offset < down
        }
        if forward:
            tgt.alter_consumer_group_offsets(group, forward)
