"""The admin tools as subprocesses against a real single-node broker, output checked line by
line: consumer-groups --members/--delete-offsets, configs, delete-records, log-dirs,
transactions, leader-election and reassign-partitions (the last two as a single-node broker
answers them today: every election "not needed", no reassignment can start)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from confluent_kafka import Producer
from test_tools import ROOT, fails, ok, strom

pytestmark = pytest.mark.integration


def _topic(bs: tuple[str, str], partitions: int = 1) -> str:
    name = f"ta-{uuid.uuid4().hex[:8]}"
    assert ok("topics", *bs, "--create", "--topic", name, "--partitions", str(partitions)) == [
        f"Created topic {name}."
    ]
    return name


def _produce(bs: tuple[str, str], topic: str, n: int) -> None:
    assert (
        ok("console-producer", *bs, "--topic", topic, stdin="".join(f"v{i}\n" for i in range(n)))
        == []
    )


def _rows(lines: list[str]) -> list[list[str]]:
    return [line.split() for line in lines if line.strip()]


def test_consumer_groups_members_and_delete_offsets(broker: Any) -> None:
    bs = ("--bootstrap-server", broker.bootstrap)
    topic, group = _topic(bs), f"g-{uuid.uuid4().hex[:6]}"
    _produce(bs, topic, 6)
    r = strom("console-consumer", *bs, "--topic", topic, "--group", group, "--from-beginning",
              "--max-messages", "4")  # fmt: skip
    assert r.returncode == 0, r.stderr

    # an empty group: Kafka's notice goes to stderr, no members table
    r = strom("consumer-groups", *bs, "--describe", "--group", group, "--members")
    assert r.returncode == 0 and r.stdout.strip() == ""
    assert f"Consumer group '{group}' has no active members." in r.stderr

    # a live member: --members --verbose shows its assignment, OffsetDelete is refused
    env_cmd = [sys.executable, "-m", "strom.tools.cli", "console-consumer", *bs, "--topic", topic,
               "--group", group]  # fmt: skip
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    member = subprocess.Popen(
        env_cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            rows = _rows(ok("consumer-groups", *bs, "--describe", "--group", group, "--members",
                            "--verbose"))  # fmt: skip
            if len(rows) == 2 and rows[1][-1] == f"{topic}(0)":
                break
            assert time.monotonic() < deadline, rows
            time.sleep(0.5)
        assert rows[0] == ["GROUP", "CONSUMER-ID", "HOST", "CLIENT-ID", "#PARTITIONS", "ASSIGNMENT"]
        assert rows[1][0] == group and rows[1][-2] == "1"
        state = _rows(ok("consumer-groups", *bs, "--describe", "--group", group, "--state"))
        assert state[0] == [
            "GROUP",
            "COORDINATOR",
            "(ID)",
            "ASSIGNMENT-STRATEGY",
            "STATE",
            "#MEMBERS",
        ]
        assert state[1][0] == group and state[1][2] == "(0)" and state[1][-2:] == ["Stable", "1"]
        r = strom("consumer-groups", *bs, "--delete-offsets", "--group", group, "--topic", topic)
        assert r.returncode == 1
        assert r.stderr.strip() == (
            "Error: Encounter some partition level error, see the follow-up details:"
        )
        assert _rows(r.stdout.splitlines())[1][:3] == [topic, "0", "Error:"]
        assert "actively subscribed" in r.stdout
    finally:
        member.send_signal(signal.SIGINT)
        member.wait(30)

    # the member has left: the offsets can go
    deadline = time.monotonic() + 30
    while True:
        r = strom(
            "consumer-groups", *bs, "--delete-offsets", "--group", group, "--topic", f"{topic}:0"
        )
        if r.returncode == 0:
            break
        assert time.monotonic() < deadline, r.stdout + r.stderr
        time.sleep(0.5)
    assert r.stdout.splitlines() == [
        f"Request succeed for deleting offsets with topic {topic} group {group}",
        "",
        "TOPIC" + " " * 26 + "PARTITION" + " " * 7 + "STATUS",
        topic.ljust(30) + " " + "0".ljust(15) + " Successful",
    ]
    assert ok("consumer-groups", *bs, "--describe", "--group", group) == []
    r = strom(
        "consumer-groups",
        *bs,
        "--delete-offsets",
        "--group",
        "no-such-group",
        "--topic",
        f"{topic}:0",
    )
    assert r.returncode == 1 and r.stderr.strip() == "Error: 'no-such-group' does not exist."


def test_configs_describe_alter(broker: Any) -> None:
    bs = ("--bootstrap-server", broker.bootstrap)
    topic = _topic(bs)
    assert ok("configs", *bs, "--describe", "--entity-type", "topics", "--entity-name", topic) == [
        f"Dynamic configs for topic {topic} are:"
    ]
    assert ok("configs", *bs, "--alter", "--topic", topic, "--add-config",
              "retention.ms=86400000,cleanup.policy=[compact,delete]") == [
        f"Completed updating config for topic {topic}."
    ]  # fmt: skip
    assert ok("configs", *bs, "--describe", "--topic", topic) == [
        f"Dynamic configs for topic {topic} are:",
        "  cleanup.policy=compact,delete sensitive=false synonyms={DYNAMIC_TOPIC_CONFIG:"
        "cleanup.policy=compact,delete, DEFAULT_CONFIG:log.cleanup.policy=delete}",
        "  retention.ms=86400000 sensitive=false synonyms={DYNAMIC_TOPIC_CONFIG:"
        "retention.ms=86400000, DEFAULT_CONFIG:log.retention.hours=168}",
    ]
    every = ok("configs", *bs, "--describe", "--topic", topic, "--all")
    assert every[0] == f"All configs for topic {topic} are:"
    assert any(line.startswith("  segment.bytes=") for line in every)
    assert ok("configs", *bs, "--alter", "--topic", topic, "--delete-config", "retention.ms") == [
        f"Completed updating config for topic {topic}."
    ]
    assert len(ok("configs", *bs, "--describe", "--topic", topic)) == 2
    assert fails("configs", *bs, "--alter", "--topic", topic, "--delete-config", "nope") == (
        "Error: Invalid config(s): nope"
    )
    # a static broker config cannot change at run time: the broker's refusal is one clear line
    # (dynamic ones can: test_dynamic_broker_config.py)
    assert fails("configs", *bs, "--alter", "--entity-type", "brokers", "--entity-name", "0",
                 "--add-config", "log.dirs=/elsewhere") == (
        "Error: Could not update config for broker 0: Cannot update these configs "
        "dynamically: log.dirs (INVALID_REQUEST)."
    )  # fmt: skip
    broker_all = ok("configs", *bs, "--describe", "--broker", "0", "--all")
    assert broker_all[0] == "All configs for broker 0 are:"
    assert any(line.startswith("  log.dirs=") and "STATIC_BROKER_CONFIG:log.dirs=" in line
               for line in broker_all)  # fmt: skip
    assert ok("configs", *bs, "--describe", "--entity-type", "brokers") == [
        "Dynamic configs for broker 0 are:",
        "Default configs for brokers in the cluster are:",
    ]
    # group configs are served (test_tools_group_configs.py); no override yet, nothing shown
    assert ok("configs", *bs, "--describe", "--group", "g") == ["Dynamic configs for group g are:"]
    # client quotas are served (test_client_quotas.py); none set, nothing shown
    assert ok("configs", *bs, "--describe", "--entity-type", "clients") == []
    assert fails("configs", *bs, "--describe", "--entity-type", "ips").startswith(
        "Error: Entity type 'ips' is not supported"
    )


def test_delete_records_and_log_dirs(broker: Any, tmp_path: Path) -> None:
    bs = ("--bootstrap-server", broker.bootstrap)
    topic = _topic(bs, 2)
    _produce(bs, topic, 10)
    plan = tmp_path / "delete.json"
    offsets = [{"topic": topic, "partition": 0, "offset": 0},
               {"topic": topic, "partition": 1, "offset": -1}]  # fmt: skip
    plan.write_text(json.dumps({"partitions": offsets, "version": 1}))
    lines = ok("delete-records", *bs, "--offset-json-file", str(plan))
    assert lines[:2] == [
        "Executing records delete operation",
        "Records delete operation completed:",
    ]
    results = dict(line.split("\t") for line in lines[2:])
    assert results[f"partition: {topic}-0"] == "low_watermark: 0"
    ends = ok("console-consumer", *bs, "--topic", topic, "--from-beginning", "--timeout-ms", "2000")
    # everything of partition 1 is gone: what is left is partition 0's records
    assert results[f"partition: {topic}-1"] == f"low_watermark: {10 - len(ends)}"

    plan.write_text(json.dumps({"partitions": [{"topic": topic, "partition": 0, "offset": 999}]}))
    r = strom("delete-records", *bs, "--offset-json-file", str(plan))
    assert r.returncode == 1
    assert r.stdout.splitlines()[-1] == f"partition: {topic}-0\terror: OFFSET_OUT_OF_RANGE"
    plan.write_text(json.dumps({"partitions": [{"topic": topic, "partition": 0, "offset": 1}] * 2}))
    assert fails("delete-records", *bs, "--offset-json-file", str(plan)) == (
        f"Error: Offset json file contains duplicate topic partitions: {topic}-0"
    )

    lines = ok("log-dirs", *bs, "--describe", "--topic-list", topic)
    assert lines[:2] == [
        "Querying brokers for log directories information",
        "Received log directory information from brokers 0",
    ]
    doc = json.loads(lines[2])
    assert doc["version"] == 1 and [b["broker"] for b in doc["brokers"]] == [0]
    (log_dir,) = doc["brokers"][0]["logDirs"]
    assert log_dir["error"] is None and Path(log_dir["logDir"]) == broker.data_dir.resolve()
    parts = {p["partition"]: p for p in log_dir["partitions"]}
    assert set(parts) == {f"{topic}-0", f"{topic}-1"}
    # the sticky partitioner may have put all 10 records in one partition: partition 0 has
    # bytes exactly when records were left in it
    assert (parts[f"{topic}-0"]["size"] > 0) == (len(ends) > 0)
    assert parts[f"{topic}-0"]["isFuture"] is False
    assert fails("log-dirs", *bs, "--describe", "--broker-list", "0,7") == (
        "Error: The given brokers do not exist from --broker-list: 7. Current existent brokers: 0"
    )


def test_transactions(broker: Any) -> None:
    bs = ("--bootstrap-server", broker.bootstrap)
    topic, tid = _topic(bs), f"tx-{uuid.uuid4().hex[:6]}"
    p = Producer({"bootstrap.servers": broker.bootstrap, "transactional.id": tid})
    p.init_transactions(30)
    p.begin_transaction()
    p.produce(topic, b"x")
    assert p.flush(30) == 0
    listed = [line.split("\t") for line in ok("transactions", *bs, "list")]
    assert [c.strip() for c in listed[0]] == [
        "TransactionalId", "Coordinator", "ProducerId", "TransactionState", "",
    ]  # fmt: skip
    mine = [[c.strip() for c in row] for row in listed[1:] if row[0].strip() == tid]
    assert len(mine) == 1 and mine[0][1] == "0" and mine[0][3] == "Ongoing"
    pid = mine[0][2]

    desc = [[c.strip() for c in line.split("\t")] for line in
            ok("transactions", "describe", "--transactional-id", tid, *bs)]  # fmt: skip
    assert desc[0][:9] == [
        "CoordinatorId", "TransactionalId", "ProducerId", "ProducerEpoch", "TransactionState",
        "TransactionTimeoutMs", "CurrentTransactionStartTimeMs", "TransactionDurationMs",
        "TopicPartitions",
    ]  # fmt: skip
    assert desc[1][:3] == ["0", tid, pid] and desc[1][4] == "Ongoing"
    assert int(desc[1][6]) > 0 and int(desc[1][7]) >= 0 and desc[1][8] == f"{topic}-0"

    out = ok("transactions", *bs, "describe-producers", "--topic", topic, "--partition", "0")
    prod = [[c.strip() for c in line.split("\t")] for line in out]
    assert prod[0][:6] == [
        "ProducerId", "ProducerEpoch", "LatestCoordinatorEpoch", "LastSequence", "LastTimestamp",
        "CurrentTransactionStartOffset",
    ]  # fmt: skip
    assert prod[1][0] == pid and prod[1][5] == "0"  # the open transaction starts at offset 0
    p.commit_transaction(30)
    deadline = time.monotonic() + 10
    while "CompleteCommit" not in "\n".join(ok("transactions", *bs, "list")):
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert fails("transactions", *bs, "describe", "--transactional-id", "nobody") == (
        "Error: Failed to describe transaction state of transactional-id `nobody`: "
        "TRANSACTIONAL_ID_NOT_FOUND"
    )


def test_leader_election_on_a_single_node(broker: Any, tmp_path: Path) -> None:
    bs = ("--bootstrap-server", broker.bootstrap)
    topic = _topic(bs, 2)
    one = ok("leader-election", *bs, "--election-type", "PREFERRED", "--topic", topic,
             "--partition", "1")  # fmt: skip
    assert one == [f"Valid replica already elected for partitions {topic}-1"]
    spec = tmp_path / "elect.json"
    spec.write_text(json.dumps({"partitions": [{"topic": topic, "partition": 0},
                                               {"topic": topic, "partition": 9}]}))  # fmt: skip
    r = strom(
        "leader-election", *bs, "--election-type", "unclean", "--path-to-json-file", str(spec)
    )
    assert r.returncode == 1
    assert r.stdout.splitlines() == [
        f"Valid replica already elected for partitions {topic}-0",
        f"Error completing leader election (UNCLEAN) for partition: {topic}-9: "
        "UNKNOWN_TOPIC_OR_PARTITION: The partition does not exist.",
    ]
    assert r.stderr.strip() == "Error: 1 replica(s) could not be elected"
    everything = ok(
        "leader-election", *bs, "--election-type", "preferred", "--all-topic-partitions"
    )
    assert len(everything) == 1 and f"{topic}-0, {topic}-1" in everything[0]
    assert fails("leader-election", *bs, "--election-type", "preferred") == (
        "Error: One and only one of the following options is required: --all-topic-partitions, "
        "--topic, --path-to-json-file"
    )


def test_reassign_partitions_on_a_single_node(broker: Any, tmp_path: Path) -> None:
    bs = ("--bootstrap-server", broker.bootstrap)
    topic = _topic(bs, 2)
    move = tmp_path / "move.json"
    move.write_text(json.dumps({"topics": [{"topic": topic}], "version": 1}))
    lines = ok("reassign-partitions", *bs, "--generate", "--topics-to-move-json-file", str(move),
               "--broker-list", "0")  # fmt: skip
    assert lines[0] == "Current partition replica assignment" and lines[2] == ""
    assert lines[3] == "Proposed partition reassignment configuration"
    current, proposed = json.loads(lines[1]), json.loads(lines[4])
    assert current == proposed == {"version": 1, "partitions": [
        {"topic": topic, "partition": p, "replicas": [0], "log_dirs": ["any"]} for p in (0, 1)
    ]}  # fmt: skip
    assert fails("reassign-partitions", *bs, "--generate", "--topics-to-move-json-file",
                 str(move), "--broker-list", "0,0") == (
        "Error: Broker list contains duplicate entries: 0"
    )  # fmt: skip

    plan = tmp_path / "plan.json"
    plan.write_text(lines[4])
    assert ok("reassign-partitions", *bs, "--list") == ["No partition reassignments found."]
    assert ok("reassign-partitions", *bs, "--verify", "--reassignment-json-file", str(plan)) == [
        "Status of partition reassignment:",
        f"Reassignment of partition {topic}-0 is completed.",
        f"Reassignment of partition {topic}-1 is completed.",
    ]
    assert ok("reassign-partitions", *bs, "--cancel", "--reassignment-json-file", str(plan)) == [
        "None of the specified partition reassignments are active."
    ]
    # a single-node broker cannot move replicas: the controller's refusal, after the rollback
    r = strom("reassign-partitions", *bs, "--execute", "--reassignment-json-file", str(plan))
    assert r.returncode == 1
    assert r.stdout.splitlines()[0] == "Current partition replica assignment"
    assert r.stdout.splitlines()[-1] == (
        "Save this to use as the --reassignment-json-file option during rollback"
    )
    assert r.stderr.strip() == (
        "Error: NOT_CONTROLLER: Reassignment needs a cluster (this broker runs without ZooKeeper)"
    )
    plan.write_text(json.dumps({"version": 1, "partitions": [
        {"topic": topic, "partition": 0, "replicas": [0, 3]}]}))  # fmt: skip
    assert fails(
        "reassign-partitions", *bs, "--execute", "--reassignment-json-file", str(plan)
    ) == ("Error: Unknown broker id(s): 3")
