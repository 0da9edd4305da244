"""Client quotas (KIP-13, KIP-55, KIP-124): which quota applies to a request, what it costs.

Owns: the quota configs in force (loaded from a
:class:`~strom.cluster.quota_configs.QuotaConfigStore`, replaced whole when the store reports a
change), one sampled rate per quota entity and quota type, and the throttle time of each request.

- **Quota types**: ``producer_byte_rate`` (bytes of Produce requests), ``consumer_byte_rate``
  (bytes of consumer Fetch responses; follower fetches are not client traffic),
  ``request_percentage`` (time spent on the request, 100 = one thread, KIP-124; Strom measures the
  event-loop thread's CPU time while the handler ran, which includes other requests' work
  interleaved with it), ``controller_mutation_rate`` (partitions created or deleted per second
  by CreateTopics, CreatePartitions and DeleteTopics, KIP-599: a token bucket holding
  ``quota.window.num * quota.window.size.seconds`` seconds of the rate; handlers ask a
  :class:`MutationQuota` before each topic). Inter-broker APIs, ApiVersions and SASL are exempt,
  as Kafka.
- **Which quota applies** (KIP-55), for each quota type separately, the first of these entities
  that has that key: (user, client-id), (user, default client-id), user, (default user,
  client-id), (default user, default client-id), default user, client-id, default client-id.
  The user is the connection's principal name (``ANONYMOUS`` unauthenticated).
- **Sharing**: the matched entity decides who shares one rate, as Kafka's metric tags: a default
  component stands for each name separately (every client id gets its own
  ``<default>`` quota), a component the entity lacks is shared (a user quota is shared by all
  of the user's client ids).
- **Throttling** (KIP-219): a request is recorded, then if its rate is above the bound the
  response carries ``throttle_time_ms`` = the time that brings the rate back to the bound
  (:class:`~strom.broker.quota_sensors.SampledRate`; for ``request_percentage`` at most one
  window, as Kafka); the response goes at once and the socket
  server mutes the connection for that time. A response throttled by several quota types carries
  the largest time. For every request version alike, as Kafka since 2.0: a client too old to
  read ``throttle_time_ms`` (Kafka's ``shouldClientThrottle`` false) is held back by the muted
  connection, its next request answered only once the throttle time has passed.
- **A throttled consumer Fetch comes back empty** (Kafka's ``KafkaApis.handleFetchRequest``): when
  the consumer byte rate or the request quota is violated, the response's bytes are taken back
  from the byte rate and the client gets no records (no partitions, error NONE) with
  ``throttle_time_ms``; it fetches the same offsets again after the throttle, so nothing is
  skipped. So that a fetch can always fit, a consumer's fetch ``max_bytes`` is capped at what
  the quota window holds (:meth:`ClientQuotaManager.max_fetch_bytes`, KAFKA-9677): a larger
  response would be throttled, emptied and asked for again forever.

Invariants: a request never waits here (no I/O, no await); memory is bounded (at most
``MAX_SENSORS`` rates, the least recently used dropped first); the quota map is replaced with one
assignment, so the ZooKeeper watch thread can publish while the event loop reads.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from strom.broker.quota_sensors import Avg, SampledRate, TokenBucket
from strom.cluster.quota_configs import (
    CONSUMER_BYTE_RATE,
    CONTROLLER_MUTATION_RATE,
    PRODUCER_BYTE_RATE,
    REQUEST_PERCENTAGE,
    QuotaConfigStore,
    QuotaEntity,
    QuotaMap,
)

if TYPE_CHECKING:
    from prometheus_client.core import GaugeMetricFamily, Metric

    from strom.broker.context import RequestContext
    from strom.protocol.codec import Buffer

log = logging.getLogger("strom.broker.quotas")

PRODUCE, FETCH = 0, 1
CREATE_TOPICS, DELETE_TOPICS, CREATE_PARTITIONS = 19, 20, 37
# the first versions whose clients understand THROTTLING_QUOTA_EXCEEDED (KIP-599 strict mode)
STRICT_MUTATION_VERSIONS = {CREATE_TOPICS: 6, DELETE_TOPICS: 5, CREATE_PARTITIONS: 3}
THROTTLING_QUOTA_EXCEEDED_MESSAGE = "The throttling quota has been exceeded."
# LeaderAndIsr, StopReplica, UpdateMetadata, ControlledShutdown, SaslHandshake, ApiVersions,
# WriteTxnMarkers, SaslAuthenticate, AlterPartition: never throttled (Kafka's exempt APIs)
EXEMPT_APIS = frozenset({4, 5, 6, 7, 17, 18, 27, 36, 56})
MAX_SENSORS = 10_000
# the JMX type of each quota key's MBean (kafka.server:type=Produce,user=..,client-id=..)
SENSOR_TYPES = {
    CONTROLLER_MUTATION_RATE: "controllermutation",
    PRODUCER_BYTE_RATE: "produce",
    CONSUMER_BYTE_RATE: "fetch",
    REQUEST_PERCENTAGE: "request",
}
NANOS_TO_PERCENT = 100.0 / 1e9


@dataclass(frozen=True)
class QuotaWindows:
    samples: int = 11  # quota.window.num
    window_s: int = 1  # quota.window.size.seconds


class Sensor:
    """One quota entity's rate of one quota type, and its recent throttle times."""

    __slots__ = ("bound", "rate", "throttle")

    def __init__(self, bound: float, windows: QuotaWindows) -> None:
        self.bound = bound
        window_ms = windows.window_s * 1000.0
        self.rate = SampledRate(windows.samples, window_ms)
        self.throttle = Avg(windows.samples, window_ms)


SensorKey = tuple[str, str, str]  # (quota key, user tag, client-id tag)
Match = tuple[str, str, float]  # (user tag, client-id tag, bound)


def _levels(user: str, client: str) -> list[tuple[QuotaEntity, str, str]]:
    """KIP-55's eight entities in precedence order, with the metric tags of each."""
    return [
        (QuotaEntity(True, user, True, client), user, client),
        (QuotaEntity(True, user, True, None), user, client),
        (QuotaEntity(True, user), user, ""),
        (QuotaEntity(True, None, True, client), user, client),
        (QuotaEntity(True, None, True, None), user, client),
        (QuotaEntity(True, None), user, ""),
        (QuotaEntity(has_client=True, client_id=client), "", client),
        (QuotaEntity(has_client=True, client_id=None), "", client),
    ]


def resolve(quotas: QuotaMap, user: str, client: str, key: str) -> Match | None:
    """The quota of type ``key`` for ``user`` and ``client``: (user tag, client tag, bound)."""
    for entity, tag_user, tag_client in _levels(user, client):
        configs = quotas.get(entity)
        if configs is not None and key in configs:
            return tag_user, tag_client, configs[key]
    return None


class MutationQuota:
    """One topic request's controller mutation quota (KIP-599): ask :meth:`refused` before each
    topic, :meth:`record` the partitions each accepted topic created or deleted. Strict (new
    request versions): a topic is refused with THROTTLING_QUOTA_EXCEEDED once the quota is
    exceeded; permissive (old versions): every topic is accepted and only throttled."""

    def __init__(
        self, bucket: TokenBucket | None, strict: bool, clock: Callable[[], float]
    ) -> None:
        self.bucket = bucket
        self.strict = strict
        self._clock = clock

    def refused(self) -> bool:
        if self.bucket is None or not self.strict:
            return False
        return self.bucket.exceeded(self._clock() * 1000.0)

    def record(self, partitions: int) -> None:
        if self.bucket is not None and partitions > 0:
            self.bucket.record(partitions, self._clock() * 1000.0)


class _State:
    """The quotas in force and the matches computed from them (replaced together)."""

    __slots__ = ("matches", "quotas")

    def __init__(self, quotas: QuotaMap) -> None:
        self.quotas = quotas
        self.matches: dict[tuple[str, str, str], Match | None] = {}


class ClientQuotaManager:
    def __init__(
        self,
        store: Callable[[], QuotaConfigStore],
        windows: QuotaWindows,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._store_factory = store
        self._store: QuotaConfigStore | None = None
        self.windows = windows
        self._clock = clock
        self._state = _State({})
        # a quota is configured: requests are recorded (and their CPU time measured). An
        # attribute (read per request), True whenever ``_state`` holds a quota (see update)
        self.active = False
        self.sensors: OrderedDict[SensorKey, Sensor] = OrderedDict()
        self.buckets: OrderedDict[SensorKey, tuple[TokenBucket, Avg]] = OrderedDict()

    # -- configs -----------------------------------------------------------------------------
    @property
    def store(self) -> QuotaConfigStore:
        if self._store is None:
            self._store = self._store_factory()
        return self._store

    def start(self) -> None:
        """Load the quotas and follow changes (blocking: run off the event loop)."""
        self.update(self.store.read_all())
        self.store.watch(self.update)

    def update(self, quotas: QuotaMap) -> None:
        state = _State({e: dict(c) for e, c in quotas.items() if c})
        # (called from the config store's thread) ``active`` is never False while ``_state``
        # holds a quota: set before a quota comes into force, cleared after the last goes
        if state.quotas:
            self.active = True
            self._state = state
        else:
            self._state = state
            self.active = False
        log.info("client quotas in force: %d entities", len(quotas))

    def quotas(self) -> QuotaMap:
        return {e: dict(c) for e, c in self._state.quotas.items()}

    def alter(self, changes: dict[QuotaEntity, dict[str, float | None]]) -> None:
        """Persist ``changes`` (blocking) and put them in force here at once."""
        self.store.alter(changes)
        self.update(self.store.read_all())

    # -- enforcement -------------------------------------------------------------------------
    def _match(self, key: str, user: str, client: str) -> Match | None:
        state = self._state
        if not state.quotas:
            return None
        k = (key, user, client)
        if k not in state.matches:
            if len(state.matches) >= MAX_SENSORS:
                state.matches.clear()
            state.matches[k] = resolve(state.quotas, user, client, key)
        return state.matches[k]

    def record(self, key: str, user: str, client: str, value: float, now_ms: float) -> int:
        """Record ``value`` for the quota of type ``key``; the throttle time in ms (0: none)."""
        match = self._match(key, user, client)
        if match is None:
            return 0
        tag_user, tag_client, bound = match
        skey = (key, tag_user, tag_client)
        sensor = self.sensors.get(skey)
        if sensor is None:
            sensor = self.sensors[skey] = Sensor(bound, self.windows)
            while len(self.sensors) > MAX_SENSORS:
                self.sensors.popitem(last=False)
        else:
            self.sensors.move_to_end(skey)
            sensor.bound = bound
        sensor.rate.record(value, now_ms)
        # Kafka bounds the request quota's throttle by one window, not the byte rates'
        bounded = sensor.rate.window_ms if key == REQUEST_PERCENTAGE else None
        throttle = sensor.rate.throttle_ms(bound, now_ms, bounded)
        sensor.throttle.record(throttle, now_ms)
        return throttle

    def unrecord(self, key: str, user: str, client: str, value: float, now_ms: float) -> None:
        """Take back ``value`` recorded for the quota of type ``key`` (a throttled Fetch whose
        records were not sent)."""
        match = self._match(key, user, client)
        if match is None:
            return
        sensor = self.sensors.get((key, match[0], match[1]))
        if sensor is not None:
            sensor.rate.unrecord(value, now_ms)

    def max_fetch_bytes(self, user: str, client: str) -> int | None:
        """The most bytes a consumer Fetch may return without being throttled for certain, had
        nothing been recorded in the quota window (Kafka's ``getMaxValueInQuotaWindow``):
        ``consumer_byte_rate * (quota.window.num - 1) * quota.window.size.seconds``; None
        without a consumer byte rate."""
        match = self._match(CONSUMER_BYTE_RATE, user, client)
        if match is None:
            return None
        windows = self.windows
        return max(1, int(match[2] * (windows.samples - 1) * windows.window_s))

    def _bucket(self, user: str, client: str) -> tuple[TokenBucket, Avg] | None:
        match = self._match(CONTROLLER_MUTATION_RATE, user, client)
        if match is None:
            return None
        tag_user, tag_client, rate = match
        key = (CONTROLLER_MUTATION_RATE, tag_user, tag_client)
        entry = self.buckets.get(key)
        if entry is None or entry[0].rate != rate:
            burst_s = float(self.windows.samples * self.windows.window_s)
            bucket = TokenBucket(rate, burst_s, self._clock() * 1000.0)
            if entry is not None:
                bucket.tokens = min(entry[0].tokens, bucket.burst)
            entry = (bucket, Avg(self.windows.samples, self.windows.window_s * 1000.0))
            self.buckets[key] = entry
            while len(self.buckets) > MAX_SENSORS:
                self.buckets.popitem(last=False)
        self.buckets.move_to_end(key)
        return entry

    def mutation_quota(self, ctx: RequestContext) -> MutationQuota:
        """The controller mutation quota of a CreateTopics / DeleteTopics / CreatePartitions."""
        key = ctx.header.request_api_key
        entry = self._bucket(ctx.principal.name, ctx.client_id)
        strict = ctx.api_version >= STRICT_MUTATION_VERSIONS.get(key, 1 << 15)
        return MutationQuota(None if entry is None else entry[0], strict, self._clock)

    def _mutation_throttle(self, user: str, client: str, now_ms: float) -> int:
        entry = self._bucket(user, client)
        if entry is None:
            return 0
        bucket, avg = entry
        throttle = bucket.throttle_ms(now_ms)
        avg.record(throttle, now_ms)
        return throttle

    def throttle(
        self,
        ctx: RequestContext,
        request: Any,
        response: Any,
        request_bytes: int,
        encoded: list[Buffer] | None,
        cpu_start_ns: int,
    ) -> int:
        """Record one handled request; the throttle time, also set on the response (KIP-219)."""
        key = ctx.header.request_api_key
        if key in EXEMPT_APIS or not self._state.quotas:
            return 0
        user, client = ctx.principal.name, ctx.client_id
        now_ms = self._clock() * 1000.0
        throttle = 0
        fetched = -1  # the bytes of a consumer Fetch's response
        if key == PRODUCE:
            throttle = self.record(PRODUCER_BYTE_RATE, user, client, request_bytes, now_ms)
        elif key == FETCH and _consumer_fetch(request):
            fetched = sum(len(b) for b in encoded) if encoded else 0
            throttle = self.record(CONSUMER_BYTE_RATE, user, client, fetched, now_ms)
        elif key == FETCH:
            return 0  # replication is not client traffic
        elif key in STRICT_MUTATION_VERSIONS:
            throttle = self._mutation_throttle(user, client, now_ms)
        # -1: no quota was configured as the handler started, its CPU time was not measured
        cpu_ns = time.thread_time_ns() - cpu_start_ns if cpu_start_ns >= 0 else 0
        throttle = max(
            throttle,
            self.record(REQUEST_PERCENTAGE, user, client, cpu_ns * NANOS_TO_PERCENT, now_ms),
        )
        if throttle > 0 and fetched >= 0 and response is not None:
            # Kafka: the records are not sent, so their bytes are not counted; the consumer
            # fetches the same offsets again once the throttle time has passed
            self.unrecord(CONSUMER_BYTE_RATE, user, client, fetched, now_ms)
            response.responses = []
        if throttle > 0 and response is not None and hasattr(response, "throttle_time_ms"):
            response.throttle_time_ms = max(int(response.throttle_time_ms), throttle)
        return throttle

    # -- metrics -----------------------------------------------------------------------------
    def collect(self) -> Iterator[Metric]:
        """``kafka_server_{produce,fetch,request}_*`` per quota entity, as the JMX exporter
        names Kafka's ``kafka.server:type=Produce,user=..,client-id=..`` attributes."""
        # prometheus_client loads with the metrics endpoint's first scrape, not at start-up
        from prometheus_client.core import GaugeMetricFamily

        now_ms = self._clock() * 1000.0
        labels = ["user", "client_id"]
        families: dict[str, GaugeMetricFamily] = {}

        def family(name: str, doc: str) -> GaugeMetricFamily:
            if name not in families:
                families[name] = GaugeMetricFamily(name, doc, labels=labels)
            return families[name]

        for (key, user, client), sensor in list(self.sensors.items()):
            t = SENSOR_TYPES[key]
            family(
                f"kafka_server_{t}_throttle_time",
                "Average throttle time (ms) of the quota entity over the quota window",
            ).add_metric([user, client], sensor.throttle.avg(now_ms))
            measure = "request_time" if key == REQUEST_PERCENTAGE else "byte_rate"
            family(
                f"kafka_server_{t}_{measure}",
                "Measured rate of the quota entity (bytes/s, or percent of a thread)",
            ).add_metric([user, client], sensor.rate.rate(now_ms))
        for (_, user, client), (_, avg) in list(self.buckets.items()):
            family(
                "kafka_server_controllermutation_throttle_time",
                "Average throttle time (ms) of the quota entity over the quota window",
            ).add_metric([user, client], avg.avg(now_ms))
        yield from families.values()


class QuotaCollector:
    """A prometheus_client collector over a :class:`ClientQuotaManager`."""

    def __init__(self, manager: ClientQuotaManager) -> None:
        self.manager = manager

    def collect(self) -> Iterator[Metric]:
        return self.manager.collect()


def _consumer_fetch(request: Any) -> bool:
    replica = getattr(request, "replica_id", -1)
    state = getattr(request, "replica_state", None)
    if state is not None and getattr(state, "replica_id", -1) >= 0:
        return False
    return int(replica) < 0
