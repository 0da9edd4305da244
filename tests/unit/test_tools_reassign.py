"""Unit tests of ``strom reassign-partitions``' pure half (strom.tools.reassign_plan): Kafka's
placement algorithm, plan generation, JSON parsing and validation, and the report texts."""

from __future__ import annotations

import json
import random

import pytest

from strom.client import TopicPartition
from strom.tools._common import ToolError
from strom.tools.reassign_plan import (
    PARTIAL_RACKS,
    ReassignmentState,
    assign_replicas,
    broker_racks,
    current_assignment_text,
    list_text,
    parse_broker_list,
    parse_log_dirs,
    parse_reassignment,
    parse_topics_to_move,
    propose,
    reassignment_json,
    verify_text,
)

pytestmark = pytest.mark.unit
TP = TopicPartition


def test_placement_matches_kafkas_round_robin() -> None:
    # Kafka's AdminUtils.assignReplicasToBrokers with a fixed start index 0 on brokers 0..4
    assert assign_replicas(10, 3, [4, 3, 2, 1, 0], 0, 0) == [
        [0, 1, 2], [1, 2, 3], [2, 3, 4], [3, 4, 0], [4, 0, 1],
        [0, 2, 3], [1, 3, 4], [2, 4, 0], [3, 0, 1], [4, 1, 2],
    ]  # fmt: skip
    assert assign_replicas(3, 1, [7], 0, 0) == [[7], [7], [7]]


def test_placement_spreads_leaders_and_never_repeats_a_broker() -> None:
    brokers = [1, 2, 3, 5]
    for start in range(4):
        for shift in range(4):
            plan = assign_replicas(8, 3, brokers, start, shift)
            assert all(len(set(r)) == 3 and set(r) <= set(brokers) for r in plan)
            assert sorted(r[0] for r in plan) == sorted(brokers * 2)  # leaders balanced


def test_placement_errors() -> None:
    with pytest.raises(
        ToolError, match=r"Replication factor: 3 larger than available brokers: 2\."
    ):
        assign_replicas(1, 3, [0, 1], 0, 0)
    with pytest.raises(ToolError, match="larger than 0"):
        assign_replicas(1, 0, [0, 1], 0, 0)


def test_propose_keeps_counts_and_uses_only_the_given_brokers() -> None:
    current = {TP("a", p): [0, 1] for p in range(5)} | {TP("b", 0): [2]}
    plan = propose(current, [3, 4, 5], random.Random(7))
    assert sorted(plan) == sorted(current)
    assert all(len(plan[tp]) == len(current[tp]) for tp in current)
    assert all(set(r) <= {3, 4, 5} and len(set(r)) == len(r) for r in plan.values())
    assert propose(current, [3, 4, 5], random.Random(7)) == plan  # seeded: deterministic
    with pytest.raises(ToolError, match="larger than available brokers: 1"):
        propose(current, [9], random.Random(1))


RACKS = {1: "a", 2: "a", 3: "b", 4: "b", 5: "c", 6: "c"}


def test_propose_is_rack_aware_when_every_broker_has_a_rack() -> None:
    current = {TP("t", p): [1, 2, 3] for p in range(12)} | {TP("u", p): [1, 2] for p in range(6)}
    brokers = sorted(RACKS)
    for seed in range(6):
        plan = propose(current, brokers, random.Random(seed), racks=RACKS)
        assert sorted(plan) == sorted(current)
        for tp, replicas in plan.items():
            assert len(replicas) == len(current[tp]) and set(replicas) <= set(brokers)
            # every replica of a partition on its own rack (3 racks, RF <= 3)
            assert len({RACKS[b] for b in replicas}) == len(replicas), (seed, tp, replicas)
        leaders = [plan[TP("t", p)][0] for p in range(12)]
        assert sorted(leaders) == sorted(brokers * 2)  # leaders still balanced
    unseeded = propose(current, brokers, racks=RACKS)
    assert all(len({RACKS[b] for b in r}) == len(r) for r in unseeded.values())


def test_rack_unaware_placement_can_share_a_rack_that_rack_aware_avoids() -> None:
    # 2 racks of 2 brokers: round-robin over sorted ids puts 1,2 (both rack a) together
    racks = {1: "a", 2: "a", 3: "b", 4: "b"}
    current = {TP("t", p): [1, 2] for p in range(8)}
    unaware = propose(current, [1, 2, 3, 4], random.Random(0))
    assert any(racks[r[0]] == racks[r[1]] for r in unaware.values())
    aware = propose(current, [1, 2, 3, 4], random.Random(0), racks=racks)
    assert all(racks[r[0]] != racks[r[1]] for r in aware.values())


def test_broker_racks_follows_kafkas_rules() -> None:
    assert broker_racks([1, 3], RACKS, True) == {1: "a", 3: "b"}
    assert broker_racks([1, 3], RACKS, False) == {}
    assert broker_racks([1, 7], {1: None, 7: None}, True) == {}
    with pytest.raises(ToolError) as e:
        broker_racks([1, 7], RACKS, True)
    assert str(e.value) == PARTIAL_RACKS
    assert broker_racks([1, 7], RACKS, False) == {}
    with pytest.raises(ToolError, match="larger than available brokers: 2"):
        propose({TP("t", 0): [1, 2, 3]}, [1, 3], random.Random(0), racks=RACKS)


def test_input_parsing() -> None:
    assert parse_broker_list("1,2, 3") == [1, 2, 3]
    with pytest.raises(ToolError, match="Broker list contains duplicate entries: 1"):
        parse_broker_list("1,2,1")
    assert parse_topics_to_move({"topics": [{"topic": "a"}, {"topic": "b"}], "version": 1}) == [
        "a",
        "b",
    ]
    with pytest.raises(ToolError, match="duplicate entries: a"):
        parse_topics_to_move({"topics": [{"topic": "a"}, {"topic": "a"}]})


def test_reassignment_json_parsing_and_validation() -> None:
    data = {"version": 1, "partitions": [
        {"topic": "t", "partition": 1, "replicas": [2, 1], "log_dirs": ["any", "any"]},
        {"topic": "t", "partition": 0, "replicas": [1]},
    ]}  # fmt: skip
    assert parse_reassignment(data) == {TP("t", 1): [2, 1], TP("t", 0): [1]}
    with pytest.raises(ToolError, match="cannot be empty"):
        parse_reassignment({"version": 1, "partitions": []})
    with pytest.raises(ToolError, match="duplicate topic partitions: t-0"):
        parse_reassignment({"partitions": [{"topic": "t", "partition": 0, "replicas": [1]}] * 2})
    with pytest.raises(ToolError, match="t-0 contains 1, 1"):
        parse_reassignment({"partitions": [{"topic": "t", "partition": 0, "replicas": [1, 1]}]})
    moves = {"partitions": [{"topic": "t", "partition": 0, "replicas": [1, 2],
                             "log_dirs": ["/d", "any"]}]}  # fmt: skip
    assert parse_reassignment(moves) == {TP("t", 0): [1, 2]}
    assert parse_log_dirs(moves) == {(TP("t", 0), 1): "/d"}
    with pytest.raises(ToolError, match="log_dirs must be strings"):
        parse_log_dirs(
            {"partitions": [{"topic": "t", "partition": 0, "replicas": [1], "log_dirs": [3]}]}
        )
    with pytest.raises(ToolError, match="different from size of log dirs"):
        parse_reassignment(
            {
                "partitions": [
                    {"topic": "t", "partition": 0, "replicas": [1, 2], "log_dirs": ["any"]}
                ]
            }
        )
    with pytest.raises(ToolError, match="Not supported version"):
        parse_reassignment({"version": 2, "partitions": []})


def test_reassignment_json_is_kafkas_and_round_trips() -> None:
    plan = {TP("foo", 1): [4, 5, 6], TP("bar", 0): [7, 8]}
    text = reassignment_json(plan)
    assert text == (
        '{"version":1,"partitions":[{"topic":"bar","partition":0,"replicas":[7,8],'
        '"log_dirs":["any","any"]},{"topic":"foo","partition":1,"replicas":[4,5,6],'
        '"log_dirs":["any","any","any"]}]}'
    )
    assert parse_reassignment(json.loads(text)) == plan
    assert current_assignment_text(plan).splitlines() == [
        "Current partition replica assignment",
        "",
        text,
        "",
        "Save this to use as the --reassignment-json-file option during rollback",
    ]


def test_verify_and_list_texts() -> None:
    states = {
        TP("foo", 1): ReassignmentState([1, 2, 3], [1, 2, 4], False),
        TP("foo", 0): ReassignmentState([1, 2, 3], [1, 2, 3], True),
        TP("bar", 0): ReassignmentState([5, 4, 6], [0, 1, 2], True),
    }
    assert verify_text(states).splitlines() == [
        "Status of partition reassignment:",
        "There is no active reassignment of partition bar-0, but replica set is 5,4,6 rather "
        "than 0,1,2.",
        "Reassignment of partition foo-0 is completed.",
        "Reassignment of partition foo-1 is still in progress.",
    ]
    assert list_text({}) == "No partition reassignments found."
    assert list_text({TP("t", 0): ([1, 2, 3], [3], [1]), TP("t", 1): ([2, 3], [], [])}) == (
        "Current partition reassignments:\n"
        "t-0: replicas: 1,2,3. adding: 3. removing: 1.\n"
        "t-1: replicas: 2,3."
    )
