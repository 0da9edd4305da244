"""The Kafka-style command-line tools (``strom topics``, ``console-producer``,
``console-consumer``, ``consumer-groups``) run as subprocesses against a real broker, with their
output checked line by line (the README walk-through, LAG 2 after consuming 4 of 6 records).
The other admin tools are in ``test_tools_admin.py``, the perf tools in ``test_tools_perf.py``;
both import this module's helpers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
GROUP_COLUMNS = [
    "GROUP", "TOPIC", "PARTITION", "CURRENT-OFFSET", "LOG-END-OFFSET", "LAG",
    "CONSUMER-ID", "HOST", "CLIENT-ID",
]  # fmt: skip


def strom(
    *args: str, stdin: str | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "strom.tools.cli", *args],
        input=stdin, capture_output=True, text=True, env=env, cwd=ROOT, timeout=timeout,
    )  # fmt: skip


def ok(*args: str, **kw: Any) -> list[str]:
    r = strom(*args, **kw)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    return r.stdout.splitlines()


def fails(*args: str, **kw: Any) -> str:
    """Run a command that must fail with exactly one line on stderr; return that line."""
    r = strom(*args, **kw)
    assert r.returncode != 0
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    return lines[0]


def test_help_lists_examples() -> None:
    tools = ("topics", "console-producer", "console-consumer", "consumer-groups", "configs",
             "delete-records", "log-dirs", "transactions", "leader-election",
             "reassign-partitions", "producer-perf-test", "consumer-perf-test")  # fmt: skip
    for tool in tools:
        out = "\n".join(ok(tool, "--help"))
        assert "examples:" in out and "--bootstrap-server" in out, tool
    listed = [line.split()[0] for line in ok("--help") if line.startswith("    ")]
    assert set(tools) <= set(listed), listed


def test_topics_create_list_describe_alter_delete(broker: Any) -> None:
    bs = ("--bootstrap-server", broker.bootstrap)
    create = ("topics", *bs, "--create", "--topic", "tt.orders")
    # a name with '.' or '_' gets Kafka's metric-name warning first
    warning = (
        "WARNING: Due to limitations in metric names, topics with a period ('.') or underscore "
        "('_') could collide. To avoid issues it is best to use either, but not both."
    )
    created = ok(*create, "--partitions", "2", "--replication-factor", "1",
                 "--config", "retention.ms=86400000")  # fmt: skip
    assert created == [warning, "Created topic tt.orders."]
    assert fails(*create, "--partitions", "2") == "Error: Topic 'tt.orders' already exists."
    assert ok(*create, "--partitions", "2", "--if-not-exists") == [warning]
    assert fails("topics", *bs, "--create", "--topic", "tt.big", "--partitions", "1",
                 "--replication-factor", "3") == (
        "Error: Replication factor: 3 larger than available brokers: 1."
    )  # fmt: skip
    assert ok("topics", *bs, "--create", "--topic", "tt.assigned", "--replica-assignment", "0,0")

    assert {"tt.orders", "tt.assigned"} <= set(ok("topics", *bs, "--list", "--exclude-internal"))
    assert "tt.big" not in ok("topics", *bs, "--list")

    lines = ok("topics", *bs, "--describe", "--topic", "tt.orders")
    head = lines[0].split("\t")
    assert head[0] == "Topic: tt.orders" and head[1].startswith("TopicId: ")
    assert len(head[1]) > len("TopicId: ") + 10
    assert head[2:] == [
        "PartitionCount: 2",
        "ReplicationFactor: 1",
        "Configs: retention.ms=86400000",
    ]
    assert lines[1:] == [
        f"\tTopic: tt.orders\tPartition: {p}\tLeader: 0\tReplicas: 0\tIsr: 0" for p in (0, 1)
    ]
    assert ok("topics", *bs, "--describe", "--topic", "tt.orders",
              "--under-replicated-partitions") == []  # fmt: skip
    assert "PartitionCount: 2" in ok("topics", *bs, "--describe", "--topic", "tt.assigned")[0]

    alter = ("topics", *bs, "--alter", "--topic", "tt.orders")
    assert ok(*alter, "--partitions", "3", "--config", "cleanup.policy=compact") == [
        "Altered topic tt.orders."
    ]
    head = ok("topics", *bs, "--describe", "--topic", "tt.orders")[0].split("\t")
    assert head[2] == "PartitionCount: 3"
    assert head[4] == "Configs: cleanup.policy=compact,retention.ms=86400000"
    assert fails(*alter, "--partitions", "2").startswith(
        "Error: The number of partitions for a topic can only be increased."
    )

    assert ok("topics", *bs, "--delete", "--topic", "tt.assigned") == []
    assert "tt.assigned" not in ok("topics", *bs, "--list")
    missing = fails("topics", *bs, "--delete", "--topic", "tt.assigned")
    assert missing == "Error: Topic 'tt.assigned' does not exist as expected"
    assert ok("topics", *bs, "--delete", "--topic", "tt.assigned", "--if-exists") == []
    assert fails("topics", *bs, "--describe", "--topic", "tt.none").startswith("Error: Topic")


def test_walkthrough_produce_consume_describe_reset(broker: Any) -> None:
    bs = ("--bootstrap-server", broker.bootstrap)
    topic = "walk.prices"
    ok("topics", *bs, "--create", "--topic", topic, "--partitions", "1",
       "--replication-factor", "1")  # fmt: skip
    lines = "".join(f"k{i}:v{i}\n" for i in range(6))
    produce = ("console-producer", *bs, "--topic", topic,
               "--property", "parse.key=true", "--property", "key.separator=:")  # fmt: skip
    assert ok(*produce, stdin=lines) == []

    consume = ("console-consumer", *bs, "--topic", topic, "--group", "g", "--from-beginning",
               "--property", "print.key=true", "--property", "key.separator=:")  # fmt: skip
    r = strom(*consume, "--max-messages", "4")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [f"k{i}:v{i}" for i in range(4)]
    assert "Processed a total of 4 messages" in r.stderr

    r = strom("consumer-groups", *bs, "--describe", "--group", "g")
    assert r.returncode == 0, r.stderr
    # as Kafka: the notice goes to stderr, the table to stdout
    assert r.stderr.strip() == "Consumer group 'g' has no active members."
    table = [line.split() for line in r.stdout.splitlines() if line.strip()]
    assert table == [GROUP_COLUMNS, ["g", topic, "0", "4", "6", "2", "-", "-", "-"]]
    assert "g" in ok("consumer-groups", *bs, "--list")
    state = [line.split() for line in ok("consumer-groups", *bs, "--describe", "--group", "g",
                                         "--state") if line.strip()]  # fmt: skip
    assert state[1][0] == "g" and state[1][-2:] == ["Empty", "0"]

    reset = ("consumer-groups", *bs, "--reset-offsets", "--group", "g", "--topic", topic)
    dry = [line.split() for line in ok(*reset, "--shift-by", "-1")]
    assert dry == [["GROUP", "TOPIC", "PARTITION", "NEW-OFFSET"], ["g", topic, "0", "3"]]
    assert [line.split() for line in ok(*reset, "--to-earliest", "--execute")][1] == [
        "g", topic, "0", "0"
    ]  # fmt: skip
    row = ok("consumer-groups", *bs, "--describe", "--group", "g")[-1].split()
    assert row[3:6] == ["0", "6", "6"]

    r = strom(*consume, "--max-messages", "6")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [f"k{i}:v{i}" for i in range(6)]
    # Nothing left: --timeout-ms ends the consumer with no output.
    assert ok(*consume, "--timeout-ms", "1500") == []

    assert ok("consumer-groups", *bs, "--delete", "--group", "g") == [
        "Deletion of requested consumer groups ('g') was successful."
    ]
    assert fails("consumer-groups", *bs, "--describe", "--group", "g") == (
        "Error: Consumer group 'g' does not exist."
    )


def test_console_formatting_headers_and_partition_offset(broker: Any) -> None:
    bs = ("--bootstrap-server", broker.bootstrap)
    topic = "fmt.topic"
    ok("topics", *bs, "--create", "--topic", topic, "--partitions", "1")
    ok("console-producer", *bs, "--topic", topic, "--property", "parse.headers=true",
       "--property", "parse.key=true", "--producer-property", "acks=1",
       stdin="h1:a,h2:b\tk1\tv1\n\tk2\tv2\n")  # fmt: skip
    out = ok("console-consumer", *bs, "--topic", topic, "--partition", "0", "--offset", "0",
             "--max-messages", "2", "--property", "print.headers=true", "--property",
             "print.offset=true", "--property", "print.partition=true", "--property",
             "print.key=true", "--property", "print.timestamp=true")  # fmt: skip
    fields = [line.split("\t") for line in out]
    assert fields[0][0].startswith("CreateTime:")
    assert fields[0][1:] == ["Partition:0", "Offset:0", "h1:a,h2:b", "k1", "v1"]
    assert fields[1][1:] == ["Partition:0", "Offset:1", "NO_HEADERS", "k2", "v2"]
    assert ok("console-consumer", *bs, "--topic", topic, "--partition", "0", "--offset", "1",
              "--max-messages", "1") == ["v2"]  # fmt: skip
    assert ok("console-consumer", *bs, "--topic", topic, "--from-beginning",
              "--timeout-ms", "2000") == ["v1", "v2"]  # fmt: skip
    err = fails("console-producer", *bs, "--topic", topic, "--property", "parse.key=true",
                stdin="no separator\n")  # fmt: skip
    assert err == "Error: No key separator found on line number 1: 'no separator'"


def test_errors_are_one_line(broker: Any) -> None:
    bs = ("--bootstrap-server", broker.bootstrap)
    assert fails("consumer-groups", *bs, "--describe", "--group", "nobody") == (
        "Error: Consumer group 'nobody' does not exist."
    )
    assert fails("console-consumer", *bs, "--topic", "x", "--offset", "3") == (
        "Error: The partition is required when offset is specified."
    )
    assert fails("consumer-groups", *bs, "--reset-offsets", "--group", "nobody", "--topic",
                 "x").startswith("Error: One of the reset scenarios")  # fmt: skip
    assert strom("topics", "--list").returncode == 2  # missing --bootstrap-server
