"""The console's pure parts: record rendering, form parsing, paging, the origin guard, the Kafka
release guess and the throughput arithmetic."""

from __future__ import annotations

from collections import deque

import pytest

from strom.console.app import same_origin
from strom.console.context import human_bytes, paginate
from strom.console.messages import MAX_SHOWN, Query, parse_headers, render
from strom.console.routes_topics import parse_time_ms
from strom.console.snapshot import PartitionState, Sampler, TopicState, kafka_release

pytestmark = pytest.mark.unit


def test_render_picks_json_text_or_hex() -> None:
    assert render(None).kind == "null"
    shown = render(b'{"a": [1, 2]}')
    assert shown.kind == "json" and shown.text == '{\n  "a": [\n    1,\n    2\n  ]\n}'
    assert render(b"hello world").kind == "text"
    assert render(b"42").kind == "text"  # a bare JSON scalar stays text in auto mode
    assert render(b"42", "json").kind == "json"
    binary = render(b"\xff\xfe\x00\x01abc")
    assert binary.kind == "hex"
    assert binary.text.startswith("00000000  ff fe 00 01 61 62 63")
    assert binary.text.endswith("....abc")
    assert render(b"plain", "hex").kind == "hex"


def test_render_cuts_large_values() -> None:
    big = render(b"x" * (MAX_SHOWN + 10))
    assert big.truncated and big.size == MAX_SHOWN + 10 and len(big.text) == MAX_SHOWN


def test_query_filters_on_substrings() -> None:
    from strom.client import ConsumerRecord

    rec = ConsumerRecord("t", 0, 5, 0, 0, b"user-7", b'{"city": "Oslo"}')
    assert Query(key_filter="user-").matches(rec)
    assert Query(value_filter="Oslo").matches(rec)
    assert not Query(value_filter="Bergen").matches(rec)
    assert not Query(key_filter="x").matches(ConsumerRecord("t", 0, 1, 0, 0, None, b"x"))


def test_parse_headers() -> None:
    assert parse_headers("a=1\nb: two\n\nflag\nc=x=y") == [
        ("a", b"1"),
        ("b", b"two"),
        ("flag", None),
        ("c", b"x=y"),
    ]


def test_parse_time_ms() -> None:
    assert parse_time_ms("1700000000000") == 1_700_000_000_000
    assert parse_time_ms("2023-11-14T22:13:20") == 1_700_000_000_000  # naive means UTC
    assert parse_time_ms("2023-11-14T23:13:20+01:00") == 1_700_000_000_000
    with pytest.raises(ValueError):
        parse_time_ms("yesterday")


def test_paginate_clamps() -> None:
    page = paginate(list(range(120)), 3, per_page=50)
    assert page.items == list(range(100, 120)) and page.pages == 3 and page.total == 120
    assert paginate(list(range(10)), 99).number == 1
    assert paginate([], 1).pages == 1


def test_same_origin_guard() -> None:
    assert same_origin({"host": "127.0.0.1:8080"})  # no Origin: curl, a form without one
    assert same_origin({"host": "127.0.0.1:8080", "origin": "http://127.0.0.1:8080"})
    assert not same_origin({"host": "127.0.0.1:8080", "origin": "http://evil.example"})
    assert not same_origin({"host": "127.0.0.1:8080", "origin": "null"})
    assert not same_origin({"host": "127.0.0.1:8080", "referer": "http://evil.example/x"})


def test_kafka_release_from_fetch_version() -> None:
    assert kafka_release({1: (0, 17)}) == "Kafka 3.9+ protocol"
    assert kafka_release({1: (4, 12)}) == "Kafka 2.7+ protocol"
    assert kafka_release(None) == "unknown"


def test_partition_flags_and_topic_sums() -> None:
    ok = PartitionState(0, 1, (1, 2, 3), (1, 2, 3), 10, 25, 100)
    lagging = PartitionState(1, 2, (1, 2, 3), (2, 3), 0, 5, 50)
    offline = PartitionState(2, -1, (1,), (), None, None, None)
    assert not ok.under_replicated and lagging.under_replicated and offline.offline
    topic = TopicState("t", False, (ok, lagging))
    assert (topic.messages, topic.size, topic.end_total, topic.under_replicated) == (20, 150, 30, 1)
    assert TopicState("t", False, (ok, offline)).end_total is None  # never a partial sum


def test_rate_series() -> None:
    sampler = Sampler.__new__(Sampler)
    sampler.cluster_history = deque([(0.0, 100), (2.0, 300), (4.0, 300), (5.0, 250)])
    sampler.history = {}
    assert sampler.rate_series(None) == [(2.0, 100.0), (4.0, 0.0), (5.0, 0.0)]
    assert sampler.rate_series("missing") == []


def test_human_bytes() -> None:
    assert human_bytes(None) == "-"
    assert human_bytes(512) == "512 B"
    assert human_bytes(1536) == "1.5 KiB"
    assert human_bytes(5 * 1024**3) == "5.0 GiB"


def test_code_name() -> None:
    from strom.console.context import code_name

    assert code_name(56) == "KAFKA_STORAGE_ERROR (56)"
    assert code_name(99999) == "error 99999"
