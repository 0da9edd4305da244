"""Consumer groups as the console shows them: state, members, lag, offset resets.

Owns: :class:`GroupService`, built on the admin client's group APIs (ListGroups, DescribeGroups,
OffsetFetch, OffsetCommit outside a generation, DeleteGroups) and ListOffsets. Lag of a partition
is its log end offset minus the group's committed offset. A reset is planned first (the
``--reset-offsets --dry-run`` preview: current and target offset per partition, targets clamped to
the log's [start, end] range as Kafka's tool does) and executed only for a group with no members,
as Kafka's tool requires. The lag history of groups viewed in the last ``watch_seconds`` is sampled
every ``interval`` by one task, for the lag charts; at most ``max_watched`` groups and
``history_points`` points per group are kept, so memory is bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from dataclasses import dataclass

from strom.client import AIOAdminClient, TopicPartition
from strom.client.admin import GroupDescription
from strom.errors import ErrorCode, KafkaError

EARLIEST, LATEST = -2, -1
RESET_KINDS = ("earliest", "latest", "timestamp", "offset", "shift")
INACTIVE = ("Empty", "Dead")


@dataclass(frozen=True, slots=True)
class PartitionLag:
    tp: TopicPartition
    committed: int | None
    end: int | None
    member: str | None

    @property
    def lag(self) -> int | None:
        if self.committed is None or self.end is None:
            return None
        return max(0, self.end - self.committed)


@dataclass(frozen=True, slots=True)
class LagPoint:
    at: float
    total: int
    partitions: dict[TopicPartition, int]


@dataclass(frozen=True, slots=True)
class ResetRow:
    tp: TopicPartition
    current: int | None
    target: int


class ResetError(Exception):
    """A reset the console refuses (bad input, or a group that still has members)."""


class GroupService:
    """Group reads, lag history and offset resets over one admin client."""

    def __init__(
        self,
        admin: AIOAdminClient,
        interval: float = 2.0,
        history_points: int = 300,
        watch_seconds: float = 300.0,
        max_watched: int = 20,
    ) -> None:
        self.admin = admin
        self.interval = interval
        self.history_points = history_points
        self.watch_seconds = watch_seconds
        self.max_watched = max_watched
        self.history: dict[str, deque[LagPoint]] = {}
        self._watched: dict[str, float] = {}
        self.updated = asyncio.Condition()
        self._task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ reads
    async def list_groups(self) -> list[tuple[str, str]]:
        """``[(group_id, protocol_type)]`` of every group the brokers know."""
        await self.admin.broker_ids()
        return await self.admin.list_groups()

    async def describe(self, group_ids: list[str]) -> dict[str, GroupDescription]:
        return {d.group_id: d for d in await self.admin.describe_groups(group_ids)}

    async def lag(self, group_id: str, description: GroupDescription | None = None) -> list[
        PartitionLag
    ]:  # fmt: skip
        """Committed offset, log end offset and owning member of every partition the group
        has committed or is assigned."""
        committed = await self.admin.list_consumer_group_offsets(group_id)
        owners: dict[TopicPartition, str] = {}
        if description is not None:
            for m in description.members:
                for tp in m.assignment:
                    owners[tp] = f"{m.client_id} ({m.host})"
        tps = sorted(set(committed) | set(owners))
        self.admin.cluster.add_topics({tp.topic for tp in tps})
        await self.admin.cluster.refresh()
        ends = await self.admin.list_offsets_outcomes(dict.fromkeys(tps, LATEST))
        out = []
        for tp in tps:
            end = ends.get(tp)
            c = committed.get(tp)
            out.append(
                PartitionLag(
                    tp,
                    c.offset if c is not None else None,
                    end[0] if end is not None and end[2] == 0 else None,
                    owners.get(tp),
                )
            )
        return out

    # ------------------------------------------------------------------ lag history
    def watch(self, group_id: str) -> None:
        """Keep sampling ``group_id``'s lag for the next ``watch_seconds``."""
        self._watched[group_id] = time.monotonic() + self.watch_seconds
        if len(self._watched) > self.max_watched:
            oldest = min(self._watched, key=self._watched.__getitem__)
            del self._watched[oldest]
            self.history.pop(oldest, None)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="console-lag")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            now = time.monotonic()
            for gid, until in list(self._watched.items()):
                if until < now:
                    del self._watched[gid]
                    continue
                with contextlib.suppress(Exception):  # the sampler's banner reports outages
                    await asyncio.wait_for(self.sample(gid), self.interval * 5)
            async with self.updated:
                self.updated.notify_all()
            await asyncio.sleep(self.interval)

    async def sample(self, group_id: str) -> LagPoint:
        lags = await self.lag(group_id)
        parts = {pl.tp: pl.lag for pl in lags if pl.lag is not None}
        point = LagPoint(time.time(), sum(parts.values()), parts)
        self.history.setdefault(group_id, deque(maxlen=self.history_points)).append(point)
        return point

    # ------------------------------------------------------------------ resets
    async def plan_reset(
        self, group_id: str, topic: str | None, kind: str, value: str
    ) -> list[ResetRow]:
        """The dry-run: each partition's current committed offset and its target.

        Scope: every partition of ``topic`` (all its partitions, committed or not), or every
        partition the group has committed offsets for when ``topic`` is None."""
        if kind not in RESET_KINDS:
            raise ResetError(f"unknown reset {kind!r}: use one of {', '.join(RESET_KINDS)}")
        committed = await self.admin.list_consumer_group_offsets(group_id)
        if topic:
            parts = await self.admin.describe_topics([topic])
            tps = [TopicPartition(topic, p.partition) for p in parts[topic]]
        else:
            tps = sorted(committed)
            await self.admin.describe_topics(sorted({tp.topic for tp in tps}))
        if not tps:
            raise ResetError(f"group {group_id} has no committed offsets: choose a topic")
        number = _parse_int(value, kind) if kind in ("timestamp", "offset", "shift") else 0
        starts = await self._offsets(tps, EARLIEST)
        ends = await self._offsets(tps, LATEST)
        found = await self._offsets(tps, number) if kind == "timestamp" else {}
        rows = []
        for tp in tps:
            current = committed[tp].offset if tp in committed else None
            if kind == "earliest":
                target = starts[tp]
            elif kind == "latest":
                target = ends[tp]
            elif kind == "timestamp":
                target = found[tp] if found[tp] >= 0 else ends[tp]
            elif kind == "offset":
                target = number
            else:
                target = (current if current is not None else ends[tp]) + number
            rows.append(ResetRow(tp, current, min(max(target, starts[tp]), ends[tp])))
        return rows

    async def _offsets(self, tps: list[TopicPartition], spec: int) -> dict[TopicPartition, int]:
        out = {}
        for tp, (offset, _ts, code) in (
            await self.admin.list_offsets_outcomes(dict.fromkeys(tps, spec))
        ).items():
            if code:
                raise KafkaError(f"ListOffsets {tp.topic}-{tp.partition}", ErrorCode(code))
            out[tp] = offset
        return out

    async def execute_reset(self, group_id: str, rows: list[ResetRow]) -> None:
        (desc,) = (await self.describe([group_id])).values()
        if desc.state not in INACTIVE:
            raise ResetError(
                f"Assignments can only be reset if the group '{group_id}' is inactive, but the "
                f"current state is {desc.state} ({len(desc.members)} members)."
            )
        await self.admin.alter_consumer_group_offsets(group_id, {r.tp: r.target for r in rows})

    async def delete(self, group_id: str) -> None:
        await self.admin.delete_consumer_groups([group_id])
        self.history.pop(group_id, None)
        self._watched.pop(group_id, None)


def _parse_int(value: str, kind: str) -> int:
    try:
        return int(value.strip())
    except ValueError:
        raise ResetError(f"{kind} needs a whole number, not {value!r}") from None
