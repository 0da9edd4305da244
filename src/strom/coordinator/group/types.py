"""Values shared by the group coordinator's state machines: configuration and operation output.

An operation never does I/O. It returns an :class:`Output`: the records to append to one
partition of ``__consumer_offsets`` and the replies (keyed by the runtime's request tokens) to
send once those records are committed (replicated: the partition's high watermark covers them).
Replies may answer requests other than the current one (a parked JoinGroup is answered when the
rebalance completes). When the write fails the runtime maps the append error with
:func:`write_error` and sends ``failure`` replies built with that code instead, where given, or
the reply with that code as its top-level error; it then runs ``on_failure`` (which undoes what
the operation must not keep, and may return a follow-up operation's output), else ``on_success``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from strom.errors import ErrorCode

Token = int
Reply = tuple[Token, Any]
FailureReply = tuple[Token, Callable[[ErrorCode], Any]]


@dataclass(frozen=True)
class GroupConfig:
    num_partitions: int = 50
    min_session_timeout_ms: int = 6000
    max_session_timeout_ms: int = 1_800_000
    max_size: int = 2**31 - 1
    initial_rebalance_delay_ms: int = 3000
    offsets_retention_ms: int = 7 * 24 * 3600 * 1000
    metadata_max_bytes: int = 4096
    consumer_assignors: tuple[str, ...] = ("uniform", "range")
    consumer_session_timeout_ms: int = 45000
    consumer_heartbeat_interval_ms: int = 5000
    migration_policy: str = "bidirectional"  # group.consumer.migration.policy
    # a group's own configs (KIP-848 group configs, e.g. consumer.session.timeout.ms), looked up
    # by group id; None: every group runs with the broker's settings
    group_overrides: Callable[[str], Mapping[str, int]] | None = field(default=None, compare=False)

    def _override(self, group_id: str, name: str) -> int | None:
        return None if self.group_overrides is None else self.group_overrides(group_id).get(name)

    def session_timeout_ms(self, group_id: str) -> int:
        """``consumer.session.timeout.ms`` of the group, else the broker's."""
        v = self._override(group_id, "consumer.session.timeout.ms")
        return self.consumer_session_timeout_ms if v is None else v

    def heartbeat_interval_ms(self, group_id: str) -> int:
        """``consumer.heartbeat.interval.ms`` of the group, else the broker's."""
        v = self._override(group_id, "consumer.heartbeat.interval.ms")
        return self.consumer_heartbeat_interval_ms if v is None else v


@dataclass
class Output:
    """Records per ``__consumer_offsets`` partition (key, value-or-None for a tombstone) and the
    replies to send once they are committed. ``producer`` (id, epoch) makes the records one
    transactional batch of that producer (TxnOffsetCommit). ``failure`` builds a token's reply
    from the coordinator error when the write fails; ``on_success`` / ``on_failure`` run when
    the write's fate is known (``on_failure`` gets the time in ms)."""

    records: dict[int, list[tuple[bytes, bytes | None]]] = field(default_factory=dict)
    producer: tuple[int, int] | None = None
    replies: list[Reply] = field(default_factory=list)
    failure: list[FailureReply] = field(default_factory=list)
    on_success: list[Callable[[], None]] = field(default_factory=list)
    on_failure: list[Callable[[int], Output | None]] = field(default_factory=list)

    def add(self, partition: int, key: bytes, value: bytes | None) -> None:
        self.records.setdefault(partition, []).append((key, value))

    def reply(self, token: Token | None, response: Any) -> None:
        if token is not None:
            self.replies.append((token, response))


def write_error(append_error: ErrorCode) -> ErrorCode:
    """The error a group API answers when its ``__consumer_offsets`` write failed, as Kafka's
    group coordinator maps it (``GroupCoordinatorService``): a full or slow ISR and a missing
    partition are COORDINATOR_NOT_AVAILABLE (the client retries), a lost leadership or a broken
    log dir NOT_COORDINATOR (the client looks the coordinator up again), a batch too large
    UNKNOWN_SERVER_ERROR."""
    E = ErrorCode
    if append_error in (
        E.UNKNOWN_TOPIC_OR_PARTITION,
        E.NOT_ENOUGH_REPLICAS,
        E.NOT_ENOUGH_REPLICAS_AFTER_APPEND,
        E.REQUEST_TIMED_OUT,
    ):
        return E.COORDINATOR_NOT_AVAILABLE
    if append_error in (E.NOT_LEADER_OR_FOLLOWER, E.KAFKA_STORAGE_ERROR):
        return E.NOT_COORDINATOR
    if append_error in (E.MESSAGE_TOO_LARGE, E.RECORD_LIST_TOO_LARGE, E.INVALID_FETCH_SIZE):
        return E.UNKNOWN_SERVER_ERROR
    return append_error


def java_string_hashcode(s: str) -> int:
    """Java's ``String.hashCode`` over UTF-16 code units, as a signed 32-bit int."""
    h = 0
    data = s.encode("utf-16-be")
    for i in range(0, len(data), 2):
        h = (31 * h + ((data[i] << 8) | data[i + 1])) & 0xFFFFFFFF
    return h - 2**32 if h >= 2**31 else h


def partition_for(group_id: str, num_partitions: int) -> int:
    """Kafka's ``Utils.abs(hashCode) % n`` (its abs maps Integer.MIN_VALUE to 0)."""
    h = java_string_hashcode(group_id)
    return (0 if h == -(2**31) else abs(h)) % num_partitions
