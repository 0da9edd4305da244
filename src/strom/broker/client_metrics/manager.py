"""Client telemetry (KIP-714) on one broker: client instances, their subscriptions, their pushes.

Owns: the client instances this broker knows (an LRU of at most ``CACHE_MAX_SIZE``, each expiring
``max(60 s, 3 x its push interval)`` after its last request), what GetTelemetrySubscriptions
answers and what PushTelemetry accepts, as Kafka's ``ClientMetricsManager`` does:

- GetTelemetrySubscriptions: a zero client instance id gets a new random one. The instance's
  subscription is the union of the metrics of every subscription (:mod:`.subscriptions`) whose
  ``match`` selects the client (``*`` alone when one subscribes to all), at the smallest of their
  intervals (300000 ms when none matches); its id is a CRC32C of that set and interval XORed with
  the instance id's hash. A request sooner than the push interval after the instance's previous
  Get or Push is THROTTLING_QUOTA_EXCEEDED, unless the subscriptions changed meanwhile (the
  instance is then evaluated anew).
- PushTelemetry, in Kafka's order: a zero or reserved instance id INVALID_REQUEST; a push after a
  terminating one INVALID_REQUEST; sooner than the interval after the previous push (and not just
  after a Get) THROTTLING_QUOTA_EXCEEDED unless terminating; a subscription id that is not the
  instance's current one UNKNOWN_SUBSCRIPTION_ID; an unknown compression type
  UNSUPPORTED_COMPRESSION_TYPE; a payload over ``telemetry.max.bytes`` TELEMETRY_TOO_LARGE; one
  that does not decompress within ``DECOMPRESSED_FACTOR x telemetry.max.bytes`` or is not an
  OpenTelemetry MetricsData INVALID_RECORD (Kafka's answer when its receiver fails). Accepted
  points go to :class:`~.series.ClientSeries` (the metrics endpoint).

Invariants: memory is bounded by the instance cap, the series cap and the decompression cap; a
refused push exports nothing; the instance's ``terminating`` flag is set by every push, refused or
not (as Kafka's ``finally``). Runs on the event loop (no locking needed for the instances).
"""

from __future__ import annotations

import base64
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import crc32c

from strom.broker.client_metrics.series import ClientSeries
from strom.broker.client_metrics.subscriptions import (
    ALL_METRICS,
    DEFAULT_INTERVAL_MS,
    Subscription,
    SubscriptionStore,
)
from strom.errors import CorruptRecordError, ErrorCode, UnsupportedCompressionError
from strom.protocol.codec import ZERO_UUID
from strom.protocol.records.compression import decompress

CACHE_MAX_SIZE = 16384
CACHE_EXPIRY_MS = 60_000
DECOMPRESSED_FACTOR = 8
MAX_POINTS = 10_000
# ZSTD, LZ4, GZIP, SNAPPY: Kafka's SUPPORTED_COMPRESSION_TYPES, in its order
ACCEPTED_COMPRESSION_TYPES = (4, 3, 1, 2)
KNOWN_COMPRESSION_TYPES = frozenset((0, 1, 2, 3, 4))
RESERVED_IDS = frozenset((ZERO_UUID, uuid.UUID(int=1)))  # Kafka's Uuid.RESERVED


def kafka_uuid(u: uuid.UUID) -> str:
    """Kafka's ``Uuid.toString``: URL-safe base64 without padding."""
    return base64.urlsafe_b64encode(u.bytes).decode().rstrip("=")


def _java_hash(u: uuid.UUID) -> int:
    """Kafka's ``Uuid.hashCode``: the XOR of the two longs, folded to an int."""
    msb, lsb = u.int >> 64, u.int & (2**64 - 1)
    h = msb ^ lsb
    return ((h >> 32) ^ h) & 0xFFFFFFFF


def _int32(v: int) -> int:
    v &= 0xFFFFFFFF
    return v - 2**32 if v >= 2**31 else v


@dataclass
class ClientInstance:
    instance_id: uuid.UUID
    attributes: dict[str, str]
    subscription_id: int
    metrics: list[str]
    interval_ms: int
    fingerprint: tuple[tuple[str, int, frozenset[str]], ...]
    last_get_ms: float = float("-inf")
    last_push_ms: float = float("-inf")
    terminating: bool = False
    expires_ms: float = field(default=0.0)

    def accept_get(self, now: float) -> bool:
        if now - max(self.last_get_ms, self.last_push_ms) >= self.interval_ms:
            self.last_get_ms = now
            return True
        return False

    def accept_push(self, now: float) -> bool:
        ok = self.last_get_ms > self.last_push_ms or now - self.last_push_ms >= self.interval_ms
        if ok:
            self.last_push_ms = now
        return ok


@dataclass(frozen=True)
class SubscriptionAnswer:
    error: ErrorCode
    instance_id: uuid.UUID = ZERO_UUID
    subscription_id: int = 0
    interval_ms: int = 0
    max_bytes: int = 0
    metrics: tuple[str, ...] = ()


class ClientMetricsManager:
    def __init__(
        self,
        store: SubscriptionStore,
        series: ClientSeries,
        max_bytes: Callable[[], int],
        clock_ms: Callable[[], float] = lambda: time.monotonic() * 1000,
    ) -> None:
        self.store = store
        self.series = series
        self.max_bytes = max_bytes
        self.clock_ms = clock_ms
        self.instances: OrderedDict[uuid.UUID, ClientInstance] = OrderedDict()

    # -- instances ---------------------------------------------------------------------------
    def _expire(self, now: float) -> None:
        while self.instances:
            first = next(iter(self.instances.values()))
            if first.expires_ms > now and len(self.instances) <= CACHE_MAX_SIZE:
                break
            self.instances.popitem(last=False)
            self.series.forget(kafka_uuid(first.instance_id))

    def _evaluate(
        self, instance_id: uuid.UUID, attrs: dict[str, str], subs: list[Subscription]
    ) -> ClientInstance:
        matched = [s for s in subs if s.matches(attrs)]
        metrics: set[str] = set()
        interval = DEFAULT_INTERVAL_MS
        for s in matched:
            metrics |= s.metrics
            interval = min(interval, s.interval_ms)
        if ALL_METRICS in metrics:
            metrics = {ALL_METRICS}
        ordered = sorted(metrics)
        crc = crc32c.crc32c((str(ordered) + str(interval)).encode())
        sub_id = _int32(crc ^ _java_hash(instance_id))
        fingerprint = tuple(sorted((s.name, s.interval_ms, s.metrics) for s in matched))
        return ClientInstance(instance_id, attrs, sub_id, ordered, interval, fingerprint)

    def _instance(
        self, instance_id: uuid.UUID, attrs: Mapping[str, str], now: float
    ) -> ClientInstance:
        self._expire(now)
        full = dict(attrs, client_instance_id=kafka_uuid(instance_id))
        subs = self.store.all()
        fresh = self._evaluate(instance_id, full, subs)
        inst = self.instances.get(instance_id)
        if inst is None or inst.fingerprint != fresh.fingerprint:
            if inst is not None:
                fresh.attributes = inst.attributes  # Kafka keeps the instance's metadata
            inst = fresh
        self.instances[instance_id] = inst
        self.instances.move_to_end(instance_id)
        inst.expires_ms = now + max(CACHE_EXPIRY_MS, 3 * inst.interval_ms)
        return inst

    # -- the two APIs ------------------------------------------------------------------------
    def get_subscriptions(
        self, instance_id: uuid.UUID, attrs: Mapping[str, str]
    ) -> SubscriptionAnswer:
        now = self.clock_ms()
        if instance_id == ZERO_UUID:
            instance_id = uuid.uuid4()
            while instance_id in self.instances or instance_id in RESERVED_IDS:
                instance_id = uuid.uuid4()
        inst = self._instance(instance_id, attrs, now)
        if not inst.accept_get(now):
            return SubscriptionAnswer(ErrorCode.THROTTLING_QUOTA_EXCEEDED)
        return SubscriptionAnswer(
            ErrorCode.NONE,
            instance_id,
            inst.subscription_id,
            inst.interval_ms,
            self.max_bytes(),
            tuple(inst.metrics),
        )

    def push(
        self,
        instance_id: uuid.UUID,
        attrs: Mapping[str, str],
        subscription_id: int,
        terminating: bool,
        compression_type: int,
        metrics: bytes,
    ) -> ErrorCode:
        if instance_id in RESERVED_IDS:
            return ErrorCode.INVALID_REQUEST
        now = self.clock_ms()
        inst = self._instance(instance_id, attrs, now)
        try:
            if inst.terminating:
                return ErrorCode.INVALID_REQUEST
            if not inst.accept_push(now) and not terminating:
                return ErrorCode.THROTTLING_QUOTA_EXCEEDED
            if subscription_id != inst.subscription_id:
                return ErrorCode.UNKNOWN_SUBSCRIPTION_ID
            if compression_type not in KNOWN_COMPRESSION_TYPES:
                return ErrorCode.UNSUPPORTED_COMPRESSION_TYPE
            limit = self.max_bytes()
            if len(metrics) > limit:
                return ErrorCode.TELEMETRY_TOO_LARGE
        finally:
            inst.terminating = terminating
        if metrics:
            # the OTLP decoder (protobuf) loads with the first pushed metrics, not at start-up
            from strom.broker.client_metrics.otlp import InvalidMetrics, decode_metrics

            try:
                raw = (
                    decompress(compression_type, metrics, DECOMPRESSED_FACTOR * limit)
                    if compression_type
                    else metrics
                )
                points = decode_metrics(raw, MAX_POINTS)
            except (CorruptRecordError, UnsupportedCompressionError, InvalidMetrics):
                return ErrorCode.INVALID_RECORD
            self.series.record(kafka_uuid(instance_id), inst.attributes, points)
        return ErrorCode.NONE
