"""Server-side assignors of KIP-848 groups: uniform (balanced, sticky) and range."""

from __future__ import annotations

import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strom.coordinator.group.assignors import range_assignor, uniform

pytestmark = pytest.mark.unit

T1, T2 = uuid.UUID(int=1), uuid.UUID(int=2)


def flat(a: dict[uuid.UUID, frozenset[int]]) -> set[tuple[uuid.UUID, int]]:
    return {(t, p) for t, ps in a.items() for p in ps}


def check_cover(result: dict[str, dict[uuid.UUID, frozenset[int]]], topics: dict[uuid.UUID, int]):
    seen: list[tuple[uuid.UUID, int]] = []
    for a in result.values():
        seen.extend(flat(a))
    assert len(seen) == len(set(seen))
    assert set(seen) == {(t, p) for t, n in topics.items() for p in range(n)}


def test_uniform_balanced() -> None:
    subs = {m: frozenset({T1}) for m in "abc"}
    out = uniform(subs, {T1: 7}, {})
    check_cover(out, {T1: 7})
    assert sorted(len(flat(a)) for a in out.values()) == [2, 2, 3]


def test_uniform_sticky_on_join_and_leave() -> None:
    topics = {T1: 6, T2: 6}
    subs = {m: frozenset(topics) for m in "abc"}
    before = uniform(subs, topics, {})
    subs["d"] = frozenset(topics)
    after = uniform(subs, topics, before)
    check_cover(after, topics)
    assert sorted(len(flat(a)) for a in after.values()) == [3, 3, 3, 3]
    for m in "abc":  # existing members only lose partitions; they gain none
        assert flat(after[m]) <= flat(before[m])
    moved = sum(len(flat(before[m]) - flat(after[m])) for m in "abc")
    assert moved == 3  # the minimum needed to give d its share
    del subs["a"]
    later = uniform(subs, topics, after)
    check_cover(later, topics)
    for m in "bcd":
        assert flat(after[m]) <= flat(later[m])


def test_uniform_different_subscriptions() -> None:
    topics = {T1: 4, T2: 2}
    subs = {"a": frozenset({T1}), "b": frozenset({T1, T2}), "c": frozenset({T2})}
    out = uniform(subs, topics, {})
    check_cover(out, topics)
    assert all(t == T1 for t, _ in flat(out["a"]))
    assert all(t == T2 for t, _ in flat(out["c"]))
    assert sorted(len(flat(a)) for a in out.values()) == [2, 2, 2]


@settings(max_examples=60, deadline=None)
@given(
    n_members=st.integers(1, 6),
    parts=st.integers(0, 20),
    prev_members=st.integers(0, 6),
)
def test_uniform_properties(n_members: int, parts: int, prev_members: int) -> None:
    topics = {T1: parts}
    prev = uniform({f"m{i}": frozenset({T1}) for i in range(prev_members)}, topics, {})
    subs = {f"m{i}": frozenset({T1}) for i in range(n_members)}
    out = uniform(subs, topics, prev)
    check_cover(out, topics)
    sizes = [len(flat(a)) for a in out.values()]
    assert max(sizes) - min(sizes) <= 1


def test_range_per_topic_ranges_copartitioned() -> None:
    topics = {T1: 5, T2: 5}
    subs = {m: frozenset(topics) for m in "ab"}
    out = range_assignor(subs, topics, {})
    check_cover(out, topics)
    assert out["a"] == {T1: frozenset({0, 1, 2}), T2: frozenset({0, 1, 2})}
    assert out["b"] == {T1: frozenset({3, 4}), T2: frozenset({3, 4})}


def test_range_only_subscribers() -> None:
    topics = {T1: 3, T2: 2}
    subs = {"a": frozenset({T1}), "b": frozenset({T1, T2})}
    out = range_assignor(subs, topics, {})
    check_cover(out, topics)
    assert out["b"][T2] == frozenset({0, 1})
    assert out["a"][T1] == frozenset({0, 1})
