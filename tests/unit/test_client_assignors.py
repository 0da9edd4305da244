"""The assignor examples of 001_*.txt and 004_*.txt give exactly the Java client's results."""

from __future__ import annotations

from strom.client.assignors import (
    RangeAssignor,
    RoundRobinAssignor,
    Subscription,
    assignors_from_config,
)
from strom.client.group_protocol import (
    decode_assignment,
    decode_subscription,
    encode_assignment,
    encode_subscription,
)
from strom.client.types import TopicPartition as TP


def subs(spec: dict[str, list[str]]) -> dict[str, Subscription]:
    return {m: Subscription(ts) for m, ts in spec.items()}


def names(result: dict[str, list[TP]]) -> dict[str, list[str]]:
    return {m: [f"{tp.topic}{tp.partition}" for tp in tps] for m, tps in result.items()}


C = [f"C{i}" for i in range(5)]


def test_range_seven_partitions_five_consumers() -> None:
    result = RangeAssignor().assign({"T": 7}, subs({c: ["T"] for c in C}))
    assert names(result) == {
        "C0": ["T0", "T1"],
        "C1": ["T2", "T3"],
        "C2": ["T4"],
        "C3": ["T5"],
        "C4": ["T6"],
    }


def test_range_two_topics_three_of_five_subscribe_the_first() -> None:
    spec = {c: (["T1", "T2"] if i < 3 else ["T2"]) for i, c in enumerate(C)}
    result = RangeAssignor().assign({"T1": 5, "T2": 7}, subs(spec))
    assert names(result) == {
        "C0": ["T10", "T11", "T20", "T21"],
        "C1": ["T12", "T13", "T22", "T23"],
        "C2": ["T14", "T24"],
        "C3": ["T25"],
        "C4": ["T26"],
    }


def test_roundrobin_seven_partitions_three_consumers() -> None:
    result = RoundRobinAssignor().assign({"T": 7}, subs({c: ["T"] for c in C[:3]}))
    assert names(result) == {"C0": ["T0", "T3", "T6"], "C1": ["T1", "T4"], "C2": ["T2", "T5"]}


def test_roundrobin_two_topics_three_of_five_subscribe_the_first() -> None:
    spec = {c: (["T1", "T2"] if i < 3 else ["T2"]) for i, c in enumerate(C)}
    result = RoundRobinAssignor().assign({"T1": 5, "T2": 7}, subs(spec))
    assert names(result) == {
        "C0": ["T10", "T13", "T23"],
        "C1": ["T11", "T14", "T24"],
        "C2": ["T12", "T20", "T25"],
        "C3": ["T21", "T26"],
        "C4": ["T22"],
    }


def test_range_same_partition_numbers_across_topics() -> None:
    # 004: two topics of two partitions and three consumers: C3 gets nothing
    result = RangeAssignor().assign({"A": 2, "B": 2}, subs({c: ["A", "B"] for c in C[:3]}))
    assert names(result) == {"C0": ["A0", "B0"], "C1": ["A1", "B1"], "C2": []}


def test_every_partition_assigned_once() -> None:
    spec = {f"m{i:02}": ["a", "b", "c"] for i in range(7)}
    for assignor in (RangeAssignor(), RoundRobinAssignor()):
        result = assignor.assign({"a": 5, "b": 11, "c": 1}, subs(spec))
        flat = [tp for tps in result.values() for tp in tps]
        assert len(flat) == len(set(flat)) == 17


def test_config_names() -> None:
    got = assignors_from_config("org.apache.kafka.clients.consumer.RoundRobinAssignor,range")
    assert [a.name for a in got] == ["roundrobin", "range"]


def test_consumer_protocol_round_trip() -> None:
    data = encode_subscription(["b", "a"], b"ud", [TP("a", 1)])
    sub = decode_subscription(data)
    assert sub.topics == ["a", "b"] and sub.user_data == b"ud"
    tps = [TP("x", 2), TP("x", 0), TP("y", 1)]
    assert sorted(decode_assignment(encode_assignment(tps))) == sorted(tps)
    assert decode_assignment(b"") == []
