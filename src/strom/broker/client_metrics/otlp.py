"""Decoding the metrics a client pushes (KIP-714): an OpenTelemetry ``MetricsData`` protobuf.

Owns: turning a PushTelemetry payload (already decompressed) into flat :class:`Point` values --
metric name, the point's attributes, its value, whether it is a sum and whether that sum is a
delta. Gauges and sums are kept (what librdkafka and the Java client push); a histogram or
summary point becomes its ``_count`` and ``_sum`` as sums. The protobuf is parsed by the
``opentelemetry-proto`` package (docs/decisions/0017-client-telemetry.md).

Invariants: a payload that is not a valid ``MetricsData`` raises :class:`InvalidMetrics` (the
push is answered INVALID_RECORD, as Kafka answers a receiver's failure); no more than
``max_points`` points and ``MAX_ATTRIBUTES`` attributes per point are returned, attribute values
are cut to ``MAX_VALUE_CHARS``, so one push cannot grow the broker's memory past its bounds.
"""

from __future__ import annotations

from dataclasses import dataclass

from google.protobuf.message import DecodeError  # type: ignore[import-untyped]  # no stubs
from opentelemetry.proto.common.v1.common_pb2 import AnyValue
from opentelemetry.proto.metrics.v1 import metrics_pb2

MAX_ATTRIBUTES = 8
MAX_VALUE_CHARS = 128
DELTA = metrics_pb2.AGGREGATION_TEMPORALITY_DELTA


class InvalidMetrics(ValueError):
    """The payload is not an OpenTelemetry MetricsData message."""


@dataclass(frozen=True)
class Point:
    name: str
    attributes: tuple[tuple[str, str], ...]
    value: float
    is_sum: bool
    is_delta: bool


def _text(v: AnyValue) -> str:
    kind = v.WhichOneof("value")
    if kind is None:
        return ""
    raw = getattr(v, kind)
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
    return text[:MAX_VALUE_CHARS]


def _attrs(kvs: object) -> tuple[tuple[str, str], ...]:
    out = []
    for kv in list(kvs)[:MAX_ATTRIBUTES]:  # type: ignore[call-overload]
        out.append((str(kv.key)[:MAX_VALUE_CHARS], _text(kv.value)))
    return tuple(sorted(out))


def _number(p: metrics_pb2.NumberDataPoint) -> float:
    return float(p.as_int) if p.WhichOneof("value") == "as_int" else float(p.as_double)


def decode_metrics(payload: bytes, max_points: int) -> list[Point]:
    """The points of one ``MetricsData`` (at most ``max_points``)."""
    data = metrics_pb2.MetricsData()
    try:
        data.ParseFromString(payload)
    except DecodeError as exc:
        raise InvalidMetrics(f"not an OpenTelemetry MetricsData message: {exc}") from None
    points: list[Point] = []
    for rm in data.resource_metrics:
        for sm in rm.scope_metrics:
            for m in sm.metrics:
                kind = m.WhichOneof("data")
                if kind == "gauge":
                    for p in m.gauge.data_points:
                        points.append(Point(m.name, _attrs(p.attributes), _number(p), False, False))
                elif kind == "sum":
                    delta = m.sum.aggregation_temporality == DELTA
                    for p in m.sum.data_points:
                        points.append(Point(m.name, _attrs(p.attributes), _number(p), True, delta))
                elif kind in ("histogram", "exponential_histogram", "summary"):
                    hist = getattr(m, kind)
                    delta = getattr(hist, "aggregation_temporality", 0) == DELTA
                    for h in hist.data_points:
                        attrs = _attrs(h.attributes)
                        points.append(Point(m.name + "_count", attrs, float(h.count), True, delta))
                        points.append(Point(m.name + "_sum", attrs, float(h.sum), True, delta))
                if len(points) >= max_points:
                    return points[:max_points]
    return points
