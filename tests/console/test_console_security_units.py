"""The pure parts of the console's ACL page and metrics throughput: the ACL form's rules and
names, the exact delete filter, the Prometheus counter parsing and the rate arithmetic (summed
over endpoints, a restarted broker's counter, a round with an endpoint down)."""

from __future__ import annotations

import pytest

from strom.client.admin_acls import AclBinding
from strom.console.acls import (
    AclFormError,
    binding_from_form,
    exact_filter,
    form_of,
    row,
    search,
)
from strom.console.main import parse_args
from strom.console.metrics import MetricsSampler, parse_counters

pytestmark = pytest.mark.unit

FORM = {"resource_type": "topic", "name": "orders", "pattern_type": "prefixed",
        "principal": "User:alice", "host": "", "operation": "describe-configs",
        "permission": "deny"}  # fmt: skip


def test_acl_form_to_binding_and_back() -> None:
    b = binding_from_form(FORM)
    assert b == AclBinding(2, "orders", 4, "User:alice", "*", 10, 2)
    assert binding_from_form(form_of(b)) == b
    r = row(b)
    assert (r.resource, r.pattern, r.operation, r.permission) == (
        "Topic", "Prefixed", "DescribeConfigs", "Deny",
    )  # fmt: skip
    f = exact_filter(b)
    assert (f.resource_type, f.name, f.pattern_type, f.principal, f.host, f.operation,
            f.permission_type) == (2, "orders", 4, "User:alice", "*", 10, 2)  # fmt: skip
    cluster = binding_from_form({**FORM, "resource_type": "cluster", "name": ""})
    assert cluster.name == "kafka-cluster"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("principal", "alice", "TYPE:NAME"),
        ("principal", "", "Principal is required"),
        ("resource_type", "any", "Resource type must be one of"),
        ("pattern_type", "match", "Pattern type must be one of"),
        ("operation", "any", "Operation must be one of"),
        ("permission", "any", "Permission must be one of"),
        ("name", "", "Resource name is required"),
        ("name", "x" * 1001, "longer than"),
    ],
)
def test_acl_form_refuses(field: str, value: str, message: str) -> None:
    with pytest.raises(AclFormError, match=message):
        binding_from_form({**FORM, field: value})


def test_acl_search() -> None:
    a = AclBinding(2, "orders", 3, "User:alice", "*", 3, 3)
    b = AclBinding(3, "billing", 3, "User:bob", "*", 3, 2)
    assert [r.binding for r in search([a, b], "")] == [a, b]
    assert [r.binding for r in search([a, b], "ALICE read")] == [a]
    assert [r.binding for r in search([a, b], "deny")] == [b]
    assert [r.binding for r in search([a, b], "", "group")] == [b]
    assert search([a, b], "alice", "group") == []


BTM = "kafka_server_brokertopicmetrics_"


def exposition(messages: float, bytes_in: float, topic_messages: float) -> str:
    return (
        f"# TYPE {BTM}messagesin_total counter\n"
        f"{BTM}messagesin_total {messages}\n"
        f'{BTM}messagesin_total{{topic="t"}} {topic_messages}\n'
        f"# TYPE {BTM}bytesin_total counter\n"
        f"{BTM}bytesin_total {bytes_in}\n"
        f"# TYPE kafka_network_requestmetrics_requests_total counter\n"
        f'kafka_network_requestmetrics_requests_total{{request="Produce",version="9"}} 5\n'
    )


def test_parse_counters() -> None:
    assert parse_counters(exposition(10, 2000, 4)) == {None: (10, 2000, 0), "t": (4, 0, 0)}


def test_rates_summed_over_endpoints_and_reset_counters() -> None:
    m = MetricsSampler(["a", "b"])
    m.record(0.0, 100.0, {"a": parse_counters(exposition(10, 1000, 4)),
                          "b": parse_counters(exposition(0, 0, 0))})  # fmt: skip
    assert m.latest(None) is None  # no previous scrape yet: no rate
    m.record(2.0, 102.0, {"a": parse_counters(exposition(30, 3000, 10)),
                          "b": parse_counters(exposition(4, 400, 0))})  # fmt: skip
    r = m.latest(None)
    assert r is not None and (r.at, r.messages_in, r.bytes_in) == (102.0, 12.0, 1200.0)
    t = m.latest("t")
    assert t is not None and t.messages_in == 3.0
    # broker b restarted: its counter went from 4 to 2, which counts as 2 new messages
    m.record(4.0, 104.0, {"a": parse_counters(exposition(30, 3000, 10)),
                          "b": parse_counters(exposition(2, 200, 0))})  # fmt: skip
    r = m.latest(None)
    assert r is not None and r.messages_in == 1.0 and r.bytes_in == 100.0


def test_no_partial_rate_when_an_endpoint_fails() -> None:
    m = MetricsSampler(["a", "b"])
    m.record(0.0, 100.0, {"a": parse_counters(exposition(0, 0, 0)),
                          "b": parse_counters(exposition(0, 0, 0))})  # fmt: skip
    m.record(1.0, 101.0, {"a": parse_counters(exposition(10, 10, 0)),
                          "b": ConnectionRefusedError(111, "Connection refused")})  # fmt: skip
    assert m.latest(None) is None and "b" in m.errors
    # b back: its delta spans both intervals, the point is whole again
    m.record(2.0, 102.0, {"a": parse_counters(exposition(20, 20, 0)),
                          "b": parse_counters(exposition(8, 8, 0))})  # fmt: skip
    r = m.latest(None)
    assert r is not None and r.messages_in == 10.0 + 4.0 and m.errors == {}


def test_metrics_url_flag() -> None:
    args = parse_args(["--bootstrap-server", "h:1", "--metrics-url", "http://a:1/metrics,http://b:2/metrics",
                       "--metrics-url", "http://c:3/metrics"])  # fmt: skip
    assert args.metrics_url == ["http://a:1/metrics", "http://b:2/metrics", "http://c:3/metrics"]
    assert parse_args(["--bootstrap-server", "h:1"]).metrics_url == []
    with pytest.raises(SystemExit):
        parse_args(["--bootstrap-server", "h:1", "--metrics-url", "a:1/metrics"])
