"""The group coordinator's shell: its topic, parked responses and undo, on the coordinator runtime.

Owns: the ``__consumer_offsets`` topic settings (created on first use with
``offsets.topic.num.partitions`` partitions, replication factor min(``offsets.topic.replication.
factor``, live brokers) and ``cleanup.policy=compact``), the futures of requests waiting for a reply
(JoinGroup and SyncGroup park until the rebalance moves), and what a write's fate means for the
group state (success hooks, undo hooks, error replies). Loading, replay, appends, waiting for
replication in append order and the timer task are the generic
:class:`~strom.coordinator.runtime.CoordinatorRuntime`'s; this class is its
:class:`~strom.coordinator.runtime.CoordinatorShard` for the
:class:`~strom.coordinator.group.coordinator.GroupCoordinator` (through its public methods only).

Invariants:
- Every state-machine operation runs on the event loop, one at a time; its records are appended
  to the local partition (bypassing the client-facing internal-topic check, acks=all) and its
  replies are released only once the partition's high watermark covers them (Kafka answers
  OffsetCommit, SyncGroup, JoinGroup and the rest after replication, not after the local append).
  On a single node the high watermark reaches the log end right after the append, so the replies
  go out at once; in a cluster they wait (at most ``offsets.commit.timeout.ms``, default 5000).
- Writes to one ``__consumer_offsets`` partition settle in append order. A failed write (append
  error, timeout, leadership moved, ISR below ``min.insync.replicas``) answers the Kafka error
  (``types.write_error``: COORDINATOR_NOT_AVAILABLE or NOT_COORDINATOR) and runs the operation's
  undo hooks (an offset commit does not stay in the cache), unless the partition was unloaded or
  reloaded meanwhile (the runtime's load generation changed: that state is gone anyway).
- While a partition is replayed its groups answer COORDINATOR_LOAD_IN_PROGRESS.
- At shutdown parked requests and waiting writes are cancelled, so no connection waits forever.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from strom.broker.coordinator_log import ReplicaManagerLog
from strom.broker.topics import TopicError
from strom.coordinator.group.coordinator import GroupCoordinator
from strom.coordinator.group.types import GroupConfig, Output, Token, write_error
from strom.coordinator.runtime import CoordinatorRuntime, now_ms
from strom.errors import ErrorCode

if TYPE_CHECKING:
    from strom.broker.cluster_view import ClusterView
    from strom.broker.config import BrokerConfig
    from strom.broker.group_configs import GroupConfigStore
    from strom.broker.replica_manager import ReplicaManager
    from strom.broker.topics import TopicManager
    from strom.cluster.metadata import MetadataStore

log = logging.getLogger("strom.broker.groups")

OFFSETS_TOPIC = "__consumer_offsets"
COMMIT_TIMEOUT = "offsets.commit.timeout.ms"
GROUP_EPOCH = 0
"""The group coordinator keeps no coordinator epoch: every load of a partition is at this one."""


def with_error(response: Any, code: ErrorCode) -> Any:
    """``response`` answering ``code`` instead of success: its top-level error, or each
    result's. An error reply stays as it is (it did not depend on the write)."""
    out = copy.copy(response)
    if hasattr(out, "error_code"):
        if out.error_code == ErrorCode.NONE:
            out.error_code = code
    elif isinstance(getattr(out, "results", None), list):
        out.results = [copy.copy(r) for r in out.results]
        for r in out.results:
            if getattr(r, "error_code", 0) == ErrorCode.NONE:
                r.error_code = code
    return out


GROUP_CONFIG_TTL_S = 5.0


def group_overrides(store: GroupConfigStore) -> Callable[[str], dict[str, int]]:
    """A group's own configs (``strom configs --entity-type groups``), read from the group
    config store at most every ``GROUP_CONFIG_TTL_S`` per group: a change applies from the next
    heartbeat after that (ZooKeeper is not read on every heartbeat)."""
    cache: dict[str, tuple[float, dict[str, int]]] = {}

    def lookup(group_id: str) -> dict[str, int]:
        now = time.monotonic()
        hit = cache.get(group_id)
        if hit is not None and hit[0] > now:
            return hit[1]
        try:
            raw = store.get(group_id)
            values = {k: int(v) for k, v in raw.items()}
        except Exception as exc:  # a store that cannot be read: the broker's settings apply
            log.warning("cannot read the configs of group %s: %r", group_id, exc)
            values = hit[1] if hit is not None else {}
        cache[group_id] = (now + GROUP_CONFIG_TTL_S, values)
        return values

    return lookup


def group_config(c: BrokerConfig, store: GroupConfigStore) -> GroupConfig:
    return GroupConfig(
        group_overrides=group_overrides(store),
        num_partitions=c.offsets_topic_num_partitions,
        min_session_timeout_ms=c.group_min_session_timeout_ms,
        max_session_timeout_ms=c.group_max_session_timeout_ms,
        max_size=c.group_max_size,
        initial_rebalance_delay_ms=c.group_initial_rebalance_delay_ms,
        offsets_retention_ms=c.offsets_retention_minutes * 60_000,
        metadata_max_bytes=c.offset_metadata_max_bytes,
        consumer_assignors=tuple(c.group_consumer_assignors),
        consumer_session_timeout_ms=c.group_consumer_session_timeout_ms,
        consumer_heartbeat_interval_ms=c.group_consumer_heartbeat_interval_ms,
        migration_policy=str(c.group_consumer_migration_policy).strip().lower(),
    )


class GroupRuntime:
    def __init__(
        self,
        *,
        broker_id: int,
        config: BrokerConfig,
        metadata: MetadataStore,
        cluster: ClusterView,
        topics: TopicManager,
        replica_manager: ReplicaManager,
        group_configs: GroupConfigStore,
    ) -> None:
        self._config = config
        self._cluster = cluster
        self._topics = topics
        self.coordinator = GroupCoordinator(group_config(config, group_configs))
        self._parked: dict[Token, asyncio.Future[Any]] = {}
        self._next_token = 0
        topic_log = ReplicaManagerLog(
            OFFSETS_TOPIC,
            replica_manager,
            broker_id,
            lambda: metadata.topic(OFFSETS_TOPIC) is not None,
            self._create_topic,
        )
        self.runtime = CoordinatorRuntime(
            topic_log, self, write_timeout_s=int(config.offsets_commit_timeout_ms) / 1000
        )

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        self.runtime.start()

    async def shutdown(self) -> None:
        await self.runtime.shutdown()
        for fut in self._parked.values():
            fut.cancel()

    def load_partition(self, index: int) -> None:
        """This broker became leader of ``__consumer_offsets-index``: replay it (cluster mode)."""
        self.runtime.load(index, GROUP_EPOCH)

    def unload_partition(self, index: int) -> None:
        """Leadership of ``__consumer_offsets-index`` moved away: forget its groups."""
        self.runtime.unload(index)

    def ensure_topic(self) -> None:
        """Create ``__consumer_offsets`` when it does not exist yet; its partitions start empty."""
        self.runtime.ensure_topic()

    def _create_topic(self) -> None:
        c = self._config
        rf = min(int(c.offsets_topic_replication_factor), len(self._cluster.live_brokers()))
        try:
            self._topics.create_topic(
                OFFSETS_TOPIC,
                self.coordinator.cfg.num_partitions,
                rf,
                None,
                {
                    "cleanup.policy": "compact",
                    "segment.bytes": str(c.offsets_topic_segment_bytes),
                },
                False,
            )
        except TopicError as exc:
            if exc.code != ErrorCode.TOPIC_ALREADY_EXISTS:
                raise

    # -- the shard the runtime drives ------------------------------------------------------------
    def loaded_epoch(self, partition: int) -> int | None:
        return GROUP_EPOCH if partition in self.coordinator.owned else None

    def begin_load(self, partition: int, epoch: int) -> None:
        self.coordinator.begin_load(partition)

    def replay(self, partition: int, producer_id: int, key: bytes, value: bytes | None) -> None:
        if producer_id >= 0:
            self.coordinator.replay_txn(partition, producer_id, key, value)
        else:
            self.coordinator.replay(partition, key, value, now_ms())

    def replay_marker(self, partition: int, producer_id: int, commit: bool) -> None:
        self.coordinator.complete_txn(partition, producer_id, commit)

    def complete_load(self, partition: int) -> None:
        self.coordinator.complete_load(partition)

    def unload(self, partition: int) -> None:
        self.coordinator.unload(partition)

    def next_deadline(self) -> int | None:
        return self.coordinator.next_deadline()

    async def on_timer(self, now: int) -> None:
        self.apply(self.coordinator.on_timer(now))

    # -- operations --------------------------------------------------------------------------
    async def run(self, op: Callable[[Token, int], Output]) -> Any:
        """Run ``op(token, now)``, append its records, send its replies, and return the reply
        addressed to this request (waiting for it when the state machine parked it)."""
        token = self._next_token
        self._next_token += 1
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._parked[token] = fut
        try:
            self.apply(op(token, now_ms()))
            self.runtime.wake()
            return await fut
        finally:
            self._parked.pop(token, None)

    def apply(self, out: Output) -> None:
        """Append ``out``'s records; release its replies once they are replicated (at once when
        the high watermark already covers them, as on a single node)."""
        generations = {p: self.runtime.generation(p) for p in out.records}
        write = self.runtime.write(out.records, out.producer)
        done = write.replicated
        if done.done():
            self._settle(out, generations, done.result())
            return

        def settled(f: asyncio.Future[ErrorCode]) -> None:
            if not f.cancelled():
                self._settle(out, generations, f.result())

        done.add_done_callback(settled)

    def _settle(self, out: Output, generations: dict[int, int], error: ErrorCode) -> None:
        """Release ``out``'s replies with the write's fate. Undo hooks run only while the state
        that made the write is still loaded (``generations``: the partitions' load generations)."""
        replies = out.replies
        if error == ErrorCode.NONE:
            for done in out.on_success:
                done()
        else:
            code = write_error(error)
            log.warning(
                "write to %s partitions %s failed: %s; answering %s",
                OFFSETS_TOPIC,
                sorted(generations),
                error.name,
                code.name,
            )
            failed = {token: build(code) for token, build in out.failure}
            replies = [(t, failed[t] if t in failed else with_error(r, code)) for t, r in replies]
            current = all(
                p in self.coordinator.owned and self.runtime.generation(p) == n
                for p, n in generations.items()
            )
            if current:
                for undo in out.on_failure:
                    follow = undo(now_ms())
                    if follow is not None:
                        self.apply(follow)
        for token, response in replies:
            fut = self._parked.get(token)
            if fut is not None and not fut.done():
                fut.set_result(response)

    def on_txn_marker(self, partition: int, producer_id: int, commit: bool) -> None:
        """The transaction coordinator wrote a marker of ``producer_id`` to ``partition``."""
        self.coordinator.complete_txn(partition, producer_id, commit)
