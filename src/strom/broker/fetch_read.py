"""Reading the partitions of one Fetch: the request's parameters, each partition's read, and
the byte budget across them.

Owns: what a fetch reads now, as Kafka's ``ReplicaManager.readFromLog`` and
``Partition.fetchRecords``: leader-epoch fencing and the other errors a partition is answered
with before any read (:func:`fetch_error`), one partition's read (:func:`read_partition`:
``partition_max_bytes`` and what is left of ``max_bytes``, one whole batch beyond them for the
first partition with data unless the limit is hard (KIP-74), read_committed below the last
stable offset with the aborted transactions, the preferred read replica of KIP-392), and the
results of one fetch as they are read and re-read (:class:`FetchRead`: the byte total and the
test for "answer now"). Waiting is not its business: the replica manager
(:mod:`strom.broker.replica_manager`) parks the fetch in the purgatory and re-reads the
partitions that changed.

Invariants: a read never goes beyond the high watermark for a consumer (the last stable offset
for read_committed) nor beyond the log end offset for a follower; a partition whose log
directory failed answers KAFKA_STORAGE_ERROR; record data is returned as file ranges, never
copied.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from strom.broker.response_records import records_field
from strom.errors import ErrorCode, KafkaError

if TYPE_CHECKING:
    from strom.broker.partition import Partition
    from strom.protocol.codec import Buffer

__all__ = [
    "FetchParams",
    "FetchPartitionData",
    "FetchPartitionSpec",
    "FetchRead",
    "ReadReplicaSelector",
    "fetch_error",
    "read_partition",
]

TopicPartition = tuple[str, int]
EMPTY = b""

HIGH_WATERMARK_NEWS_LINGER_S = 0.02
"""How long a parked follower fetch whose only news is a high watermark it was not told waits
for records before it is answered with the high watermark alone (records carry it)."""


class ReadReplicaSelector(Protocol):
    """KIP-392: a follower in the consumer's rack to read from (-1: the leader serves)."""

    def preferred_read_replica(self, p: Partition, rack: str, fetch_offset: int) -> int: ...


@dataclass(slots=True)
class FetchParams:
    """The request-level parameters of a fetch, already mapped from the protocol."""

    replica_id: int = -1  # >= 0: a follower fetch (proven: ``replica_proven``)
    max_wait_ms: int = 0
    min_bytes: int = 1
    max_bytes: int = 2**31 - 1  # min(request max_bytes, fetch.max.bytes)
    isolation_level: int = 0  # 1: read_committed
    hard_limit: bool = False  # Fetch v0-2: no whole first batch beyond the limits (KIP-74 is v3+)
    rack_id: str = ""  # a consumer's rack (KIP-392), "" for none
    replica_proven: bool = False  # the follower fetch proved it comes from that broker
    follower_reads: bool = True  # a consumer may read from a follower (Fetch v11+)

    @property
    def is_follower(self) -> bool:
        return self.replica_id >= 0


@dataclass(slots=True)
class FetchPartitionSpec:
    """One partition of a fetch; ``error`` set: answered with it, not read (e.g. not
    authorized, unknown topic id)."""

    topic: str
    partition: int
    fetch_offset: int
    partition_max_bytes: int
    current_leader_epoch: int = -1
    error: ErrorCode = ErrorCode.NONE


@dataclass(slots=True)
class FetchPartitionData:
    error: ErrorCode = ErrorCode.NONE
    high_watermark: int = -1
    last_stable_offset: int = -1
    log_start_offset: int = -1
    records: Buffer = EMPTY
    aborted_transactions: list[tuple[int, int]] | None = None  # (producer id, first offset)
    preferred_read_replica: int = -1
    size: int = 0  # bytes of records counted against the budget


PartitionReader = Callable[[FetchParams, FetchPartitionSpec, int, bool], FetchPartitionData]
"""``(params, spec, budget left, first)``: one partition read now (the replica manager's)."""


def fetch_error(params: FetchParams, spec: FetchPartitionSpec, p: Partition | None) -> ErrorCode:
    """The error a partition of a fetch is answered with before any read (NONE: read it)."""
    if p is None:
        return ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    if params.is_follower and not params.replica_proven:
        return ErrorCode.STALE_BROKER_EPOCH  # changes no follower state
    epoch = spec.current_leader_epoch
    if epoch >= 0 and epoch != p.leader_epoch:
        if epoch < p.leader_epoch:
            return ErrorCode.FENCED_LEADER_EPOCH
        return ErrorCode.UNKNOWN_LEADER_EPOCH
    if not p.is_leader and (params.is_follower or not params.follower_reads):
        # followers serve consumers only when asked directly (KIP-392, Fetch v11+)
        return ErrorCode.NOT_LEADER_OR_FOLLOWER
    return ErrorCode.NONE



def read_partition(
    p: Partition | None,
    replication: ReadReplicaSelector,
    params: FetchParams,
    spec: FetchPartitionSpec,
    budget_left: int,
    first: bool,
) -> FetchPartitionData:
    """One partition of a fetch, read now: at most ``min(partition_max_bytes,
    budget_left)`` bytes, one whole batch beyond it when ``first`` (and the limit is not
    hard)."""
    err = fetch_error(params, spec, p)
    if err != ErrorCode.NONE or p is None:
        return FetchPartitionData(err)
    log = p.log
    lso = log.last_stable_offset
    d = FetchPartitionData(
        high_watermark=log.high_watermark,
        last_stable_offset=lso,
        log_start_offset=log.log_start_offset,
    )
    follower = params.is_follower
    if params.rack_id and not follower and p.is_leader:
        preferred = replication.preferred_read_replica(
            p, params.rack_id, spec.fetch_offset
        )
        if preferred >= 0:
            d.preferred_read_replica = preferred
            return d
    committed = params.isolation_level == 1 and not follower
    if params.isolation_level == 1:
        d.aborted_transactions = []
    min_one = first and not params.hard_limit
    limit = min(spec.partition_max_bytes, budget_left)
    if limit <= 0 and not min_one:
        return d
    upper = log.log_end_offset if follower else (lso if committed else d.high_watermark)
    if spec.fetch_offset == upper >= d.log_start_offset and not p.offline:
        return d  # caught up (the common case of a parked fetch): nothing to read
    try:
        info = p.read(
            spec.fetch_offset,
            max(limit, 0),
            min_one,
            follower=follower,
            read_committed=committed,
        )
    except KafkaError as exc:
        d.error = exc.code
        return d
    # the file ranges, not their bytes: the connection streams them
    d.records = records_field(info.slices)
    d.size = info.size
    if committed and info.size:
        d.aborted_transactions = [
            (a.producer_id, a.first_offset)
            for a in log.aborted_transactions(spec.fetch_offset, lso)
        ]
    return d



class FetchRead:
    """The results of one fetch as it is read and re-read: the byte total and the test for
    "answer now"."""

    __slots__ = (
        "errored", "linger_s", "news_since", "out", "params", "partitions", "read_one", "specs",
        "total",
    )  # fmt: skip

    def __init__(
        self,
        partitions: Mapping[TopicPartition, Partition],
        read_one: PartitionReader,
        params: FetchParams,
        specs: Sequence[FetchPartitionSpec],
        out: list[FetchPartitionData],
        linger_s: float | None = None,
    ) -> None:
        """``linger_s``: :data:`HIGH_WATERMARK_NEWS_LINGER_S` (read now) unless given."""
        self.partitions = partitions
        self.read_one = read_one
        self.params = params
        self.specs = specs
        self.out = out
        self.total = 0
        self.errored = any(d.error != ErrorCode.NONE for d in out)
        self.linger_s = HIGH_WATERMARK_NEWS_LINGER_S if linger_s is None else linger_s
        self.news_since: float | None = None  # when high watermark news alone was first seen

    def read(self, indexes: Sequence[int]) -> None:
        """(Re-)read the partitions at ``indexes``, in request order."""
        for i in sorted(indexes):
            self.total -= self.out[i].size
            d = self.read_one(
                self.params, self.specs[i], self.params.max_bytes - self.total, self.total == 0
            )
            self.out[i] = d
            self.total += d.size
            if d.error != ErrorCode.NONE:
                self.errored = True

    def satisfied(self, now: float) -> bool:
        """Answer now (``now``: the loop's clock): an error, ``min_bytes`` (any data when
        min_bytes <= 1), or, for a follower, a high watermark it has not been told yet once that
        news is :attr:`linger_s` old (records arriving meanwhile carry it: one response, not
        two)."""
        params = self.params
        if self.errored or self.total >= params.min_bytes:
            return True
        if self.total > 0 and params.min_bytes <= 1:
            return True
        if not (params.is_follower and self._high_watermark_news()):
            return False
        if self.news_since is None:
            self.news_since = now
        return now - self.news_since >= self.linger_s

    def wait_s(self, remaining: float, now: float) -> float:
        """How long a parked fetch waits for a change: ``remaining`` (of ``max_wait_ms``), or
        less, to answer high watermark news when its linger ends."""
        since = self.news_since
        if since is None:
            return remaining
        return max(0.001, min(remaining, since + self.linger_s - now))

    def _high_watermark_news(self) -> bool:
        replica = self.params.replica_id
        for spec, d in zip(self.specs, self.out, strict=True):
            p = self.partitions.get((spec.topic, spec.partition))
            told = p.tracking.high_watermark_told(replica) if p is not None else None
            if told is not None and d.high_watermark > told:
                return True
        return False

    def told_follower(self) -> None:
        """The response carries these high watermarks to the follower."""
        replica = self.params.replica_id
        for spec, d in zip(self.specs, self.out, strict=True):
            p = self.partitions.get((spec.topic, spec.partition))
            if p is not None and d.error == ErrorCode.NONE:
                p.tracking.tell_high_watermark(replica, d.high_watermark)
