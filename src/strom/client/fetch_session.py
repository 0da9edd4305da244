"""The client side of fetch sessions (KIP-227): incremental Fetch requests to one broker.

Owns: per broker, the session id and epoch the broker handed out and the partitions the
session holds (with the fetch offset, epochs and byte limit last sent for each). A full request
(epoch 0) lists every partition to fetch and asks the broker for a session; once the broker
answers with a session id, later requests are incremental: they carry the session id and the
next epoch, list only partitions that are new or whose fetch state changed, and name the
partitions to drop (``forgotten_topics_data``). The broker answers incremental requests for every
partition of the session but leaves out those with nothing new.

Invariants:
- At most one request per session is outstanding (the fetcher sends one Fetch per broker at a
  time), so ``build`` and ``handle_response``/``handle_error`` alternate.
- The session's partitions change only when a response succeeds; after a failure the next
  request is full again: FETCH_SESSION_ID_NOT_FOUND starts without a session id, every other
  error or a lost connection keeps the id with epoch 0, which tells the broker to close that
  session and open a new one (Kafka's ``FetchSessionHandler``).
- A broker without sessions answers session id 0; the client then keeps sending full requests
  (session id 0, epoch 0), so it works unchanged against such brokers (Strom, Tansu).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from strom.client.types import TopicPartition
from strom.errors import ErrorCode
from strom.protocol.messages.fetch import FetchRequest

INVALID_SESSION_ID = 0
INITIAL_EPOCH = 0  # a full request that asks for a new session
FINAL_EPOCH = -1  # a full request that closes the session (or asks for none)
MIN_SESSION_VERSION = 7  # Fetch v7 introduced sessions
SESSION_ERRORS = frozenset(
    {ErrorCode.FETCH_SESSION_ID_NOT_FOUND, ErrorCode.INVALID_FETCH_SESSION_EPOCH}
)


@dataclass(frozen=True)
class SessionPartition:
    """What a Fetch request says about one partition; a change means it must be re-sent."""

    fetch_offset: int
    current_leader_epoch: int
    last_fetched_epoch: int
    max_bytes: int

    def to_request(self, partition: int) -> FetchRequest.FetchPartition:
        return FetchRequest.FetchPartition(
            partition,
            current_leader_epoch=self.current_leader_epoch,
            fetch_offset=self.fetch_offset,
            last_fetched_epoch=self.last_fetched_epoch,
            log_start_offset=-1,
            partition_max_bytes=self.max_bytes,
        )


@dataclass
class SessionRequest:
    """The session fields and partitions of one Fetch request."""

    session_id: int
    epoch: int
    full: bool
    send: dict[TopicPartition, SessionPartition]  # listed in the request
    forget: list[TopicPartition]
    fetching: dict[TopicPartition, SessionPartition]  # every partition the answer may cover

    def topics(self) -> list[FetchRequest.FetchTopic]:
        by_topic: dict[str, list[FetchRequest.FetchPartition]] = defaultdict(list)
        for tp, sp in self.send.items():
            by_topic[tp.topic].append(sp.to_request(tp.partition))
        return [FetchRequest.FetchTopic(t, partitions=ps) for t, ps in by_topic.items()]

    def forgotten(self) -> list[FetchRequest.ForgottenTopic]:
        by_topic: dict[str, list[int]] = defaultdict(list)
        for tp in self.forget:
            by_topic[tp.topic].append(tp.partition)
        return [FetchRequest.ForgottenTopic(t, partitions=ps) for t, ps in by_topic.items()]


def next_epoch(epoch: int) -> int:
    """The session epoch after ``epoch``; it wraps to 1 (0 would mean a new session).

    >>> next_epoch(1), next_epoch(2**31 - 1), next_epoch(FINAL_EPOCH)
    (2, 1, -1)
    """
    if epoch < 0:
        return FINAL_EPOCH
    return 1 if epoch == 2**31 - 1 else epoch + 1


@dataclass
class FetchSession:
    """One broker's fetch session, as the client sees it."""

    node: int
    session_id: int = INVALID_SESSION_ID
    epoch: int = INITIAL_EPOCH
    partitions: dict[TopicPartition, SessionPartition] = field(default_factory=dict)
    full_requests: int = 0
    incremental_requests: int = 0
    _pending: SessionRequest | None = None

    def build(self, wanted: dict[TopicPartition, SessionPartition], version: int) -> SessionRequest:
        """The next request for fetching exactly ``wanted`` from this broker."""
        if version < MIN_SESSION_VERSION:
            self.session_id, self.epoch = INVALID_SESSION_ID, INITIAL_EPOCH
            req = SessionRequest(INVALID_SESSION_ID, FINAL_EPOCH, True, dict(wanted), [], wanted)
        elif self.session_id == INVALID_SESSION_ID or self.epoch == INITIAL_EPOCH:
            req = SessionRequest(self.session_id, INITIAL_EPOCH, True, dict(wanted), [], wanted)
        else:
            send = {tp: sp for tp, sp in wanted.items() if self.partitions.get(tp) != sp}
            forget = [tp for tp in self.partitions if tp not in wanted]
            req = SessionRequest(self.session_id, self.epoch, False, send, forget, wanted)
        if req.full:
            self.full_requests += 1
        else:
            self.incremental_requests += 1
        self._pending = req
        return req

    def handle_response(self, error_code: int, session_id: int) -> bool:
        """Update the session from a response's top-level fields; False when the response
        carries no partition data (a session error)."""
        req, self._pending = self._pending, None
        if error_code == ErrorCode.FETCH_SESSION_ID_NOT_FOUND:
            self._restart(close_existing=False)
            return False
        if error_code:
            self._restart(close_existing=True)
            return False
        if req is None:
            return True
        if session_id == INVALID_SESSION_ID:  # no session (or the broker closed it)
            self.session_id, self.epoch = INVALID_SESSION_ID, INITIAL_EPOCH
            self.partitions = {}
            return True
        if req.full:
            self.session_id, self.epoch = session_id, 1
        else:
            self.epoch = next_epoch(self.epoch)
        self.partitions = dict(req.fetching)
        return True

    def handle_error(self) -> None:
        """The request failed (connection lost, timeout): start over with a full request."""
        self._pending = None
        self._restart(close_existing=True)

    def close_request(self) -> SessionRequest | None:
        """The request that closes this session on the broker, if there is one."""
        if self.session_id == INVALID_SESSION_ID:
            return None
        req = SessionRequest(self.session_id, FINAL_EPOCH, True, {}, [], {})
        self.session_id, self.epoch, self.partitions = INVALID_SESSION_ID, INITIAL_EPOCH, {}
        return req

    def _restart(self, close_existing: bool) -> None:
        if not close_existing:
            self.session_id = INVALID_SESSION_ID
        self.epoch = INITIAL_EPOCH
        self.partitions = {}
