"""Incremental fetch sessions (KIP-227) between brokers: the leader's cache of follower sessions.

Owns: :class:`FetchSessionCache`, the sessions this broker (as leader) holds for its followers,
and :class:`FetchSession`, one follower's partitions with what it asked for (fetch offset,
maximum bytes, leader epoch) and what it was last sent (high watermark, last stable offset, log
start offset). In steady state a follower's request names only the partitions whose fetch offset
moved, and the response carries only the partitions that have records, an error, or a changed
high watermark / last stable offset / log start offset.

Invariants:
- Sessions are created only for proven follower fetches (a broker of the cluster, see
  :mod:`strom.broker.security.replica_identity`) that ask for one (``session_epoch`` 0, Fetch
  v13+ with topic ids); consumers keep getting session id 0 (full fetches), which KIP-227 allows.
- At most one session per follower broker: a new one replaces the old, so the cache is bounded
  by the number of brokers, each session by the partitions that follower fetches from us.
- A session is used only by the broker that created it, at exactly its next epoch; anything else
  is answered FETCH_SESSION_ID_NOT_FOUND or INVALID_FETCH_SESSION_EPOCH and changes nothing (the
  follower starts a new session with a full fetch).
- A partition is left out of an incremental response only if nothing the follower needs changed
  since the last response it was sent in.
"""

from __future__ import annotations

import itertools
import uuid
from dataclasses import dataclass, field

INT32_MAX = 2**31 - 1
FINAL_EPOCH = -1  # session_epoch: close the session (or: no session wanted)
INITIAL_EPOCH = 0  # session_epoch: a full fetch asking for a new session
SessionKey = tuple[uuid.UUID, int]  # (topic id, partition)


@dataclass(slots=True)
class SessionPartition:
    fetch_offset: int
    partition_max_bytes: int
    current_leader_epoch: int
    high_watermark: int = -2  # as last sent; -2: never sent
    last_stable_offset: int = -2
    log_start_offset: int = -2

    def must_respond(self, error: int, size: int, hw: int, lso: int, log_start: int) -> bool:
        return (
            error != 0
            or size > 0
            or hw != self.high_watermark
            or lso != self.last_stable_offset
            or log_start != self.log_start_offset
        )

    def sent(self, hw: int, lso: int, log_start: int) -> None:
        self.high_watermark = hw
        self.last_stable_offset = lso
        self.log_start_offset = log_start


@dataclass(slots=True)
class FetchSession:
    session_id: int
    replica_id: int
    epoch: int = 1  # the epoch of the next incremental request
    partitions: dict[SessionKey, SessionPartition] = field(default_factory=dict)

    def advance(self) -> None:
        self.epoch = 1 if self.epoch >= INT32_MAX else self.epoch + 1


class FetchSessionCache:
    def __init__(self) -> None:
        self._sessions: dict[int, FetchSession] = {}
        self._by_replica: dict[int, int] = {}
        self._ids = itertools.count(1)

    def create(self, replica_id: int) -> FetchSession:
        """A new, empty session for follower ``replica_id`` (its previous one is dropped)."""
        old = self._by_replica.pop(replica_id, None)
        if old is not None:
            self._sessions.pop(old, None)
        session_id = next(self._ids)
        if session_id >= INT32_MAX:  # pragma: no cover - two billion sessions
            self._ids = itertools.count(1)
            session_id = next(self._ids)
        s = self._sessions[session_id] = FetchSession(session_id, replica_id)
        self._by_replica[replica_id] = session_id
        return s

    def get(self, session_id: int, replica_id: int) -> FetchSession | None:
        """The session, if it exists and belongs to ``replica_id``."""
        s = self._sessions.get(session_id)
        return s if s is not None and s.replica_id == replica_id else None

    def close(self, session_id: int, replica_id: int) -> None:
        s = self.get(session_id, replica_id)
        if s is not None:
            del self._sessions[session_id]
            self._by_replica.pop(replica_id, None)

    def __len__(self) -> int:
        return len(self._sessions)
