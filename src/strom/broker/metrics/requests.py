"""Per-request metrics: Kafka's ``RequestMetrics`` and ``BrokerTopicMetrics``, from the network.

Owns: the counters and latency reservoirs that change with every request, recorded by one call
from :class:`strom.broker.network.Connection` when a request completes
(:meth:`RequestMetrics.completed`) and one when a connection is accepted
(:meth:`RequestMetrics.connection_opened`). It reads the decoded request and the response the
handler returned, so no handler needs to know about metrics:

- ``kafka_network_requestmetrics_*`` per request name (Kafka's names: ``Produce``, ``Fetch``, and
  for fetches also ``FetchConsumer`` / ``FetchFollower``): requests per version, errors per error
  code (every ``error_code`` in the response, as Kafka's ``errorCounts``), and the latency
  summaries ``TotalTimeMs`` (request read to response written), ``RequestQueueTimeMs`` (read
  and waiting behind the connection's earlier requests, which a connection handles in order, as
  Kafka does), ``LocalTimeMs`` (the handler's own work), ``RemoteTimeMs`` (the time the request
  waited in purgatory: an acks=all produce for its followers, a fetch long-poll for data;
  :class:`strom.broker.purgatory.RemoteWait`), ``ThrottleTimeMs`` (the quota throttle time of its
  response) and ``ResponseSendTimeMs`` (encode and write).
- group rebalances: each new generation (JoinGroup) or group epoch (ConsumerGroupHeartbeat) a
  group reaches in a successful answer counts once.
- ``kafka_server_brokertopicmetrics_*`` per topic and in total: messages in, bytes in (records of
  partitions appended without error), bytes out (records returned to consumers; followers count
  in ``replicationbytesout``), bytes rejected (MESSAGE_TOO_LARGE, RECORD_LIST_TOO_LARGE,
  CORRUPT_MESSAGE, INVALID_RECORD), failed produce/fetch requests (partitions answered with an
  error), total produce/fetch requests (partitions asked).

Invariants: memory is bounded -- a latency reservoir keeps the last ``RESERVOIR`` samples per
(request, metric) (Yammer's default reservoir size), request names come from the handler
registry, and per-topic series exist for at most ``max_topics`` topics (later topics count in the
totals only). acks=0 produces have no response: their batches count as appended (Kafka counts
them when the log append succeeds; Strom cannot see that outcome from the socket server).
Everything runs on the event loop thread; no locks.
"""

from __future__ import annotations

import struct
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from strom.errors import ErrorCode
from strom.protocol.codec import Struct

RESERVOIR = 1028
PRODUCE, FETCH, JOIN_GROUP, CONSUMER_GROUP_HEARTBEAT = 0, 1, 11, 68
MAX_TRACKED_GROUPS = 100_000
_REJECTED = frozenset(
    {
        ErrorCode.MESSAGE_TOO_LARGE,
        ErrorCode.RECORD_LIST_TOO_LARGE,
        ErrorCode.CORRUPT_MESSAGE,
        ErrorCode.INVALID_RECORD,
    }
)
_BATCH_LENGTH = struct.Struct(">i")
_BATCH_OVERHEAD = 12  # base offset (8) + batch length (4)
_RECORDS_COUNT_AT = 57
TIME_METRICS = (
    "TotalTimeMs",
    "RequestQueueTimeMs",
    "LocalTimeMs",
    "RemoteTimeMs",
    "ThrottleTimeMs",
    "ResponseSendTimeMs",
)


def error_name(code: int) -> str:
    try:
        return ErrorCode(code).name
    except ValueError:
        return f"UNKNOWN_{code}"


def count_records(data: Any) -> int:
    """The number of records in a RecordBatch v2 buffer (the header's count of each batch)."""
    if not data:
        return 0
    buf = data if isinstance(data, memoryview) else memoryview(data)
    size = len(buf)
    pos = 0
    total = 0
    while pos + _RECORDS_COUNT_AT + 4 <= size:
        (length,) = _BATCH_LENGTH.unpack_from(buf, pos + 8)
        if length <= 0:
            break
        (count,) = _BATCH_LENGTH.unpack_from(buf, pos + _RECORDS_COUNT_AT)
        total += max(count, 0)
        pos += _BATCH_OVERHEAD + length
    return total


def error_codes(message: Struct, out: dict[int, int]) -> None:
    """Add every ``error_code`` in ``message`` (walking nested structs) to ``out``."""
    slots: tuple[str, ...] = type(message).__slots__
    for slot in slots:
        value = getattr(message, slot, None)
        if slot == "error_code":
            if isinstance(value, int):
                out[value] = out.get(value, 0) + 1
        elif isinstance(value, list):
            if value and isinstance(value[0], Struct):
                for item in value:
                    error_codes(item, out)
        elif isinstance(value, Struct):
            error_codes(value, out)


@dataclass
class TopicCounters:
    messages_in: int = 0
    bytes_in: int = 0
    bytes_out: int = 0
    bytes_rejected: int = 0
    failed_produce: int = 0
    failed_fetch: int = 0
    total_produce: int = 0
    total_fetch: int = 0


@dataclass
class RequestStats:
    requests: dict[int, int] = field(default_factory=dict)  # version -> count
    errors: dict[int, int] = field(default_factory=dict)  # error code -> count
    times: dict[str, deque[float]] = field(
        default_factory=lambda: {m: deque(maxlen=RESERVOIR) for m in TIME_METRICS}
    )
    time_sums: dict[str, float] = field(default_factory=lambda: dict.fromkeys(TIME_METRICS, 0.0))
    time_counts: int = 0


class RequestMetrics:
    """The recorder the socket server calls; the collector reads its fields at scrape time."""

    enabled = True

    def __init__(self, max_topics: int = 1000) -> None:
        self.max_topics = max_topics
        self.requests: dict[str, RequestStats] = {}
        self.topics: dict[str, TopicCounters] = {}
        self.all_topics = TopicCounters()
        self.replication_bytes_out = 0
        self.replication_bytes_in = 0
        self.connections_created: dict[str, int] = {}
        self.rebalances = 0
        self._generations: dict[str, int] = {}  # group -> last generation / group epoch seen

    # -- hooks called by the socket server -------------------------------------------------
    def connection_opened(self, listener: str) -> None:
        self.connections_created[listener] = self.connections_created.get(listener, 0) + 1

    def started(self, name: str) -> float:
        return time.perf_counter()

    def completed(
        self,
        name: str,
        version: int,
        request: Any,
        response: Any,
        started: float,
        handled: float,
        queued: float = 0.0,
        remote: float = 0.0,
        throttle_ms: float = 0.0,
    ) -> None:
        """A request finished: ``started`` before the handler, ``handled`` after it; now is
        after the response was written (or immediately after the handler if none is sent);
        ``queued``: seconds the request waited, read and complete, behind the connection's
        earlier requests before its handler started; ``remote``: seconds of the handler's time
        it waited in purgatory; ``throttle_ms``: the quota throttle time of its response."""
        done = time.perf_counter()
        names = [name]
        api_key = getattr(request, "API_KEY", -1)
        codes: dict[int, int] = {}
        if api_key == FETCH:
            follower = _replica_id(request) >= 0
            names.append("FetchFollower" if follower else "FetchConsumer")
            if response is not None:
                codes[response.error_code] = 1
                self._fetched(response, follower, codes)
        elif api_key == PRODUCE:
            self._produced(request, response, codes)
        elif response is not None:
            error_codes(response, codes)
            if api_key == JOIN_GROUP:
                self._generation(request.group_id, response.generation_id, response.error_code)
            elif api_key == CONSUMER_GROUP_HEARTBEAT:
                self._generation(request.group_id, response.member_epoch, response.error_code)
        if not codes:
            codes[0] = 1
        for n in names:
            st = self.requests.get(n)
            if st is None:
                st = self.requests[n] = RequestStats()
            st.requests[version] = st.requests.get(version, 0) + 1
            for code, k in codes.items():
                st.errors[code] = st.errors.get(code, 0) + k
            for metric, seconds in (
                ("TotalTimeMs", done - started + queued),
                ("RequestQueueTimeMs", queued),
                ("LocalTimeMs", max(0.0, handled - started - remote)),
                ("RemoteTimeMs", remote),
                ("ThrottleTimeMs", throttle_ms / 1000.0),
                ("ResponseSendTimeMs", done - handled),
            ):
                ms = seconds * 1000.0
                st.times[metric].append(ms)
                st.time_sums[metric] += ms
            st.time_counts += 1

    # -- group rebalances -------------------------------------------------------------------
    def _generation(self, group_id: str, generation: int, error: int) -> None:
        """A JoinGroup (classic) or ConsumerGroupHeartbeat (KIP-848) answer: each generation or
        group epoch a group reaches is one rebalance."""
        if error != 0 or generation <= 0:
            return
        last = self._generations.get(group_id)
        if last is None:
            if len(self._generations) >= MAX_TRACKED_GROUPS:
                self._generations.clear()  # bounded memory; a group seen again counts once more
            self.rebalances += 1
        elif generation > last:
            self.rebalances += 1
        else:
            return
        self._generations[group_id] = generation

    # -- BrokerTopicMetrics ----------------------------------------------------------------
    def _topic(self, topic: str) -> TopicCounters | None:
        c = self.topics.get(topic)
        if c is None and len(self.topics) < self.max_topics:
            c = self.topics[topic] = TopicCounters()
        return c

    def forget_topic(self, topic: str) -> None:
        self.topics.pop(topic, None)

    def _produced(self, request: Any, response: Any, codes: dict[int, int]) -> None:
        errors: dict[tuple[str, int], int] = {}
        if response is not None:
            for t in response.responses:
                for p in t.partition_responses:
                    errors[(t.name, p.index)] = p.error_code
                    codes[p.error_code] = codes.get(p.error_code, 0) + 1
        total = self.all_topics
        for t in request.topic_data:
            c = self._topic(t.name)
            for pd in t.partition_data:
                data = pd.records
                size = len(data) if data is not None else 0
                err = errors.get((t.name, pd.index), 0)
                for target in (total, c):
                    if target is None:
                        continue
                    target.total_produce += 1
                    if err == 0:
                        target.bytes_in += size
                    else:
                        target.failed_produce += 1
                        if err in _REJECTED:
                            target.bytes_rejected += size
                if err == 0 and size:
                    n = count_records(data)
                    total.messages_in += n
                    if c is not None:
                        c.messages_in += n

    def _fetched(self, response: Any, follower: bool, codes: dict[int, int]) -> None:
        total = self.all_topics
        for t in response.responses:
            c = None if follower else self._topic(t.topic)
            for p in t.partitions:
                codes[p.error_code] = codes.get(p.error_code, 0) + 1
                size = len(p.records) if p.records is not None else 0
                if follower:
                    self.replication_bytes_out += size
                    continue
                for target in (total, c):
                    if target is None:
                        continue
                    target.total_fetch += 1
                    if p.error_code != 0:
                        target.failed_fetch += 1
                    target.bytes_out += size


class NoRequestMetrics(RequestMetrics):
    """Metrics off: every hook is a no-op (the benchmark's baseline)."""

    enabled = False

    def connection_opened(self, listener: str) -> None:
        return None

    def started(self, name: str) -> float:
        return 0.0

    def completed(
        self,
        name: str,
        version: int,
        request: Any,
        response: Any,
        started: float,
        handled: float,
        queued: float = 0.0,
        remote: float = 0.0,
        throttle_ms: float = 0.0,
    ) -> None:
        return None


def _replica_id(request: Any) -> int:
    state = getattr(request, "replica_state", None)
    rid = getattr(state, "replica_id", -1) if state is not None else -1
    if rid is None or rid < 0:
        rid = getattr(request, "replica_id", -1)
    return int(rid) if rid is not None else -1
