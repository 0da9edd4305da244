"""Which requests the broker accepts and advertises: Kafka 3.9's versions or Kafka 4.0's, and the
client telemetry APIs only with a receiver.

Client telemetry (KIP-714, GetTelemetrySubscriptions 71 and PushTelemetry 72) is served only when
pushed metrics have somewhere to go, the metrics endpoint (``metrics.listener``), as Kafka lists
them only when a metrics reporter receiving client telemetry is configured
(``ClientMetricsManager.isTelemetryReceiverConfigured``); without one they are neither advertised
nor accepted, so clients never start pushing.

Owns: the ``api.versions.baseline`` setting's meaning. ``3.9`` (the default) serves every version
the handler registry (:mod:`strom.broker.registry`) serves. ``4.0`` applies Kafka 4.0's removal of
old protocol versions (KIP-896, "new baseline Apache Kafka 2.1"): for each API below, versions
under the new minimum are neither advertised in ApiVersions nor accepted. A request for a removed
version is refused as any unsupported version is (Kafka 4.0's ``SocketServer``: "Received request
api key ... with version ... which is not enabled", the connection closes, nothing is handled).

The one exception is Produce, as in Kafka 4.0 (KAFKA-18659): its ApiVersions row still starts at
0, because librdkafka's feature detection needs it, but versions 0-2 are refused like the others.
With Produce v0-2 and Fetch v0-3 gone, message format v0/v1 (magic 0/1) can neither be produced
nor fetched: Produce v3+ takes RecordBatch magic 2 only.

The table was read from Kafka 4.x's message schemas ("Version N was removed in Apache Kafka 4.0,
Version M is the new baseline"); Kafka 3.9's schemas mark a wider ``deprecatedVersions`` range for
some APIs (Produce 0-6, Metadata 0-3, JoinGroup 0-1, FindCoordinator 0, DeleteGroups 0,
SaslHandshake 0) that KIP-896 then kept, so those stay served.

Invariant: what ApiVersions advertises and what the request processor accepts come from the same
:func:`served_handlers` map, so they cannot disagree (Produce's advertised minimum aside).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache

from strom.broker.registry import HANDLERS, Registration

BASELINES = ("3.9", "4.0")
DEFAULT_BASELINE = "3.9"

# API key -> lowest version Kafka 4.0 accepts (only APIs whose floor moved)
KAFKA_4_0_MIN_VERSIONS: Mapping[int, int] = {
    0: 3,  # Produce (advertised from 0, see PRODUCE_ADVERTISED_MIN)
    1: 4,  # Fetch
    2: 1,  # ListOffsets
    8: 2,  # OffsetCommit
    9: 1,  # OffsetFetch
    19: 2,  # CreateTopics
    20: 1,  # DeleteTopics
    23: 2,  # OffsetForLeaderEpoch
    27: 1,  # WriteTxnMarkers
    29: 1,  # DescribeAcls
    30: 1,  # CreateAcls
    31: 1,  # DeleteAcls
    32: 1,  # DescribeConfigs
    34: 1,  # AlterReplicaLogDirs
    35: 1,  # DescribeLogDirs
    38: 1,  # CreateDelegationToken
    39: 1,  # RenewDelegationToken
    40: 1,  # ExpireDelegationToken
    41: 1,  # DescribeDelegationToken
}
PRODUCE = 0
PRODUCE_ADVERTISED_MIN = 0  # Kafka's ApiKeys.PRODUCE_API_VERSIONS_RESPONSE_MIN_VERSION


def parse_baseline(value: str) -> str:
    """The config parser of ``api.versions.baseline``."""
    v = value.strip()
    if v not in BASELINES:
        raise ValueError(f"expected one of {', '.join(BASELINES)}")
    return v


def advertised_min(reg: Registration) -> int:
    """The minimum version ApiVersions lists for ``reg`` (below the accepted one for Produce
    under the 4.0 baseline)."""
    return reg.advertised_min_version if reg.advertised_min_version is not None else reg.min_version


def _narrow(reg: Registration, floor: int) -> Registration:
    lo = max(reg.min_version, floor)
    shown = PRODUCE_ADVERTISED_MIN if reg.api_key == PRODUCE else None
    return replace(reg, min_version=lo, advertised_min_version=shown)


TELEMETRY_KEYS = frozenset((71, 72))


@lru_cache(maxsize=2 * len(BASELINES))
def _handlers_for(baseline: str, telemetry: bool, count: int) -> Mapping[int, Registration]:
    if baseline == DEFAULT_BASELINE and telemetry:
        return HANDLERS
    floors = KAFKA_4_0_MIN_VERSIONS if baseline != DEFAULT_BASELINE else {}
    return {
        key: _narrow(reg, floors[key]) if key in floors else reg
        for key, reg in HANDLERS.items()
        if telemetry or key not in TELEMETRY_KEYS
    }


def served_handlers(baseline: str, telemetry: bool = True) -> Mapping[int, Registration]:
    """The registry as served under ``baseline``, with the client telemetry APIs only when
    ``telemetry`` (a receiver exists); the registry must be loaded."""
    return _handlers_for(parse_baseline(baseline), telemetry, len(HANDLERS))


def telemetry_receiver(metrics_listener: str) -> bool:
    """Whether pushed client metrics have a receiver: the metrics endpoint."""
    return bool(metrics_listener.strip())
