"""Sticky and cooperative-sticky assignors: balance, stickiness, the cooperative two-step
hand-over (move only what must move, never to two owners at once), user data round trips,
regex subscription matching."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from strom.client.assignors import Subscription, assignors_from_config
from strom.client.sticky import (
    CooperativeStickyAssignor,
    StickyAssignor,
    decode_sticky_user_data,
    encode_sticky_user_data,
)
from strom.client.subscription import SubscriptionState
from strom.client.types import TopicPartition

pytestmark = pytest.mark.unit


def tps(topic: str, *parts: int) -> list[TopicPartition]:
    return [TopicPartition(topic, p) for p in parts]


def coop_round(
    owned: dict[str, list[TopicPartition]], topics: dict[str, list[str]], counts: dict[str, int]
) -> dict[str, list[TopicPartition]]:
    gen = CooperativeStickyAssignor()
    gen.on_assignment([], 5)
    subs = {m: Subscription(topics[m], gen.user_data(topics[m]), owned.get(m, [])) for m in topics}
    return CooperativeStickyAssignor().assign(counts, subs)


def test_cooperative_sticky_moves_only_what_must_move() -> None:
    owned = {"a": tps("t", 0, 1, 2), "b": tps("t", 3, 4, 5), "c": tps("t", 6, 7, 8)}
    topics = {m: ["t"] for m in ("a", "b", "c", "d")}
    first = coop_round(owned, topics, {"t": 9})
    # round 1: the newcomer gets nothing yet, two owners give up one partition each
    assert first["d"] == []
    kept = {m: set(first[m]) for m in owned}
    assert all(kept[m] <= set(owned[m]) for m in owned)
    revoked = [tp for m in owned for tp in owned[m] if tp not in kept[m]]
    assert len(revoked) == 2
    # round 2 (after the revoking members rejoin): the revoked partitions go to the newcomer
    second = coop_round({m: first[m] for m in first}, topics, {"t": 9})
    assert sorted(second["d"]) == sorted(revoked)
    assert all(second[m] == first[m] for m in owned)
    assert sorted(Counter(len(v) for v in second.values()).items()) == [(2, 3), (3, 1)]


def test_sticky_keeps_partitions_when_a_member_leaves() -> None:
    assignor = StickyAssignor()
    counts = {"t": 7}
    subs = {m: Subscription(["t"]) for m in ("a", "b", "c")}
    first = assignor.assign(counts, subs)
    assert sorted(tp for v in first.values() for tp in v) == tps("t", *range(7))
    assert sorted(len(v) for v in first.values()) == [2, 2, 3]
    # "c" leaves; the others report their previous assignment in the eager user data
    subs2 = {m: Subscription(["t"], encode_sticky_user_data(first[m], 3)) for m in ("a", "b")}
    second = assignor.assign(counts, subs2)
    for m in ("a", "b"):
        assert set(first[m]) <= set(second[m])
    assert sorted(len(v) for v in second.values()) == [3, 4]


def test_sticky_with_different_subscriptions_assigns_everything_once() -> None:
    counts = {"x": 5, "y": 7}
    subs = {
        "a": Subscription(["x", "y"]),
        "b": Subscription(["x", "y"]),
        "c": Subscription(["y"]),
        "d": Subscription(["y"]),
        "e": Subscription(["x"]),
    }
    result = StickyAssignor().assign(counts, subs)
    flat = [tp for v in result.values() for tp in v]
    assert sorted(flat) == sorted(tps("x", *range(5)) + tps("y", *range(7)))
    assert len(flat) == len(set(flat))
    for m, assigned in result.items():
        assert {tp.topic for tp in assigned} <= set(subs[m].topics)
    assert max(len(v) for v in result.values()) - min(len(v) for v in result.values()) <= 1


def test_higher_generation_claim_wins() -> None:
    subs = {
        "a": Subscription(["t"], encode_sticky_user_data(tps("t", 0, 1), 4)),
        "b": Subscription(["t"], encode_sticky_user_data(tps("t", 1), 5)),
    }
    result = StickyAssignor().assign({"t": 2}, subs)
    assert result == {"a": tps("t", 0), "b": tps("t", 1)}


def test_sticky_user_data_round_trip() -> None:
    owned = tps("orders", 3, 1) + tps("events", 0)
    assert decode_sticky_user_data(encode_sticky_user_data(owned, 42)) == (sorted(owned), 42)
    assert decode_sticky_user_data(b"\x00") == ([], -1)


def test_strategy_names() -> None:
    names = [a.name for a in assignors_from_config("sticky, cooperative-sticky")]
    assert names == ["sticky", "cooperative-sticky"]
    java = "org.apache.kafka.clients.consumer.CooperativeStickyAssignor"
    assert [a.name for a in assignors_from_config(java)] == ["cooperative-sticky"]


def test_pattern_subscription_matching() -> None:
    subs = SubscriptionState("latest")
    subs.subscribe(["^orders-", "fixed"], [re.compile(r"audit\.\d+")])
    available = ["orders-eu", "my-orders-eu", "audit.1", "audit.1x", "__consumer_offsets", "x"]
    assert subs.update_matches(available)
    assert subs.topics == {"orders-eu", "audit.1", "fixed"}
    assert not subs.update_matches(available)
    assert subs.update_matches([*available, "orders-us"])
    assert "orders-us" in subs.topics
