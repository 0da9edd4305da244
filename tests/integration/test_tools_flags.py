"""Kafka flags of the tools beyond the basics, against real brokers (one started with a static
topic default, ``log.segment.bytes``, so that Kafka's ``Configs:`` rule, every non-default
value, is visible): kafka-topics' --topics-with-overrides, --under-min-isr-partitions,
--at-min-isr-partitions, --topic-id and --alter --replica-assignment; console-producer's
producer flags, --reader-config and prompt; console-consumer's --include, deserializers and
formatters; consumer-groups' --by-duration, --export / --from-file, --list --state / --type;
consumer-perf-test's --include; configs' refusals; --version."""

from __future__ import annotations

import importlib.metadata
import os
import pty
import select
import struct
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from confluent_kafka import Producer
from test_tools import ROOT, fails, ok, strom

pytestmark = pytest.mark.integration

SEGMENT = "segment.bytes=1073741824"


def _bs(broker: Any) -> tuple[str, str]:
    return ("--bootstrap-server", broker.bootstrap)


def test_topics_describe_filters_overrides_and_topic_id(fresh_broker: Any) -> None:
    fresh_broker.overrides["log.segment.bytes"] = "1073741824"
    fresh_broker.start()
    bs = _bs(fresh_broker)
    prefix = f"tf{uuid.uuid4().hex[:6]}"
    plain, strict, loose = f"{prefix}.plain", f"{prefix}.strict", f"{prefix}.loose"
    ok("topics", *bs, "--create", "--topic", plain, "--partitions", "2")
    ok("topics", *bs, "--create", "--topic", strict, "--config", "min.insync.replicas=2")
    ok("topics", *bs, "--create", "--topic", loose, "--config", "retention.ms=1000")
    every = f"{prefix}\\..*"
    head = ok("topics", *bs, "--describe", "--topic", plain)[0].split("\t")
    # a broker setting is not a default: Kafka lists it too
    assert head[0] == f"Topic: {plain}" and head[4] == f"Configs: {SEGMENT}"
    assert ok("topics", *bs, "--describe", "--topic", strict)[0].endswith(
        f"Configs: min.insync.replicas=2,{SEGMENT}"
    )
    topic_id = head[1].removeprefix("TopicId: ")
    assert ok("topics", *bs, "--describe", f"--topic-id={topic_id}") == ok(
        "topics", *bs, "--describe", "--topic", plain
    )
    assert fails("topics", *bs, "--describe", "--topic-id", "AAAAAAAAAAAAAAAAAAAAAA") == (
        "Error: Topic id 'AAAAAAAAAAAAAAAAAAAAAA' does not exist as expected"
    )

    def partitions(*flags: str) -> list[str]:
        lines = ok("topics", *bs, "--describe", "--topic", every, *flags)
        assert all(line.startswith("\tTopic: ") for line in lines), lines
        return [line.split("\t")[1] + "-" + line.split("\t")[2] for line in lines]

    # one replica in the ISR: below min.insync.replicas=2, exactly the default of 1 elsewhere
    assert partitions("--under-min-isr-partitions") == [f"Topic: {strict}-Partition: 0"]
    assert partitions("--at-min-isr-partitions") == [
        f"Topic: {loose}-Partition: 0",
        f"Topic: {plain}-Partition: 0",
        f"Topic: {plain}-Partition: 1",
    ]
    # the filters are alternatives, as in Kafka
    assert len(partitions("--under-min-isr-partitions", "--at-min-isr-partitions")) == 4
    assert partitions("--under-replicated-partitions") == []
    # every topic has a non-default value here (the broker's segment.bytes): all topic lines
    lines = ok("topics", *bs, "--describe", "--topic", every, "--topics-with-overrides")
    assert [line.split("\t")[0] for line in lines] == [
        f"Topic: {loose}",
        f"Topic: {plain}",
        f"Topic: {strict}",
    ]


def test_topics_with_overrides_skips_topics_with_defaults_only(broker: Any) -> None:
    bs = _bs(broker)
    prefix = f"tw{uuid.uuid4().hex[:6]}"
    ok("topics", *bs, "--create", "--topic", f"{prefix}-plain")
    ok("topics", *bs, "--create", "--topic", f"{prefix}-tuned", "--config", "retention.ms=1000")
    plain = ok("topics", *bs, "--describe", "--topic", f"{prefix}-plain")[0]
    assert plain.endswith("\tConfigs: ")
    lines = ok("topics", *bs, "--describe", "--topic", f"{prefix}-.*", "--topics-with-overrides")
    assert len(lines) == 1 and lines[0].startswith(f"Topic: {prefix}-tuned\t")
    assert lines[0].endswith("\tConfigs: retention.ms=1000")


def test_console_consumer_include_deserializers_and_formatters(broker: Any, tmp_path: Path) -> None:
    bs = _bs(broker)
    prefix = f"cc{uuid.uuid4().hex[:6]}"
    longs, text = f"{prefix}.longs", f"{prefix}.text"
    for t in (longs, text):
        ok("topics", *bs, "--create", "--topic", t)
    p = Producer({"bootstrap.servers": broker.bootstrap})
    for i, v in enumerate([7, -2, 2**40]):
        p.produce(longs, key=struct.pack(">i", i), value=struct.pack(">q", v))
    p.produce(longs, value=b"short")  # not 8 bytes: not a long
    p.flush(30)
    assert ok("console-producer", *bs, "--topic", text, stdin="t1\nt2\n") == []

    # --timeout-ms also bounds the wait for the --include group's first assignment
    args = ("console-consumer", *bs, "--from-beginning", "--timeout-ms", "10000")
    # both topics through --include (a throw-away group), records in each partition's order
    lines = ok(*args, "--include", f"{prefix}\\.(longs|text)", "--max-messages", "6",
               "--skip-message-on-error", "--property", "print.value=false",
               "--property", "print.key=true", "--property", "print.offset=true")  # fmt: skip
    assert sorted(lines) == sorted(
        ["Offset:0\t\x00\x00\x00\x00", "Offset:1\t\x00\x00\x00\x01", "Offset:2\t\x00\x00\x00\x02",
         "Offset:3\tnull", "Offset:0\tnull", "Offset:1\tnull"]
    )  # fmt: skip
    deser = "org.apache.kafka.common.serialization."
    lines = ok(*args, "--topic", longs, "--max-messages", "3", "--property", "print.key=true",
               "--key-deserializer", deser + "IntegerDeserializer",
               "--value-deserializer", deser + "LongDeserializer")  # fmt: skip
    assert lines == ["0\t7", "1\t-2", "2\t1099511627776"]
    # a record the deserializer cannot read stops the tool, or is skipped on request
    r = strom(*args, "--topic", longs, "--property", f"value.deserializer={deser}LongDeserializer")
    assert r.returncode == 1 and r.stdout.splitlines() == ["7", "-2", "1099511627776"]
    assert r.stderr.strip().splitlines()[-1] == (
        f"Error: Error processing message {longs}-0@3: Size of data received by "
        "LongDeserializer is not 8"
    )
    config = tmp_path / "formatter.properties"
    config.write_text(f"value.deserializer={deser}LongDeserializer\nprint.offset=true\n")
    assert ok(*args, "--topic", longs, "--formatter-config", str(config),
              "--skip-message-on-error") == ["Offset:0\t7", "Offset:1\t-2",
                                             "Offset:2\t1099511627776"]  # fmt: skip
    # --max-messages: the topic's two records, without 10 s of --timeout-ms after them
    r = strom(*args, "--topic", text, "--max-messages", "2", "--formatter",
              "org.apache.kafka.tools.consumer.NoOpMessageFormatter")  # fmt: skip
    assert r.returncode == 0 and r.stdout == ""
    assert "Processed a total of 2 messages" in r.stderr
    assert fails(*args, "--topic", text, "--include", "x") == (
        "Error: Exactly one of --include/--topic is required."
    )
    assert fails(*args, "--topic", text, "--value-deserializer", "com.example.Avro").startswith(
        "Error: Deserializer com.example.Avro is not available"
    )


def test_console_producer_kafka_flags_and_reader_config(broker: Any, tmp_path: Path) -> None:
    bs = _bs(broker)
    topic = f"cp{uuid.uuid4().hex[:6]}"
    ok("topics", *bs, "--create", "--topic", topic)
    reader = tmp_path / "reader.properties"
    reader.write_text("parse.key=true\nkey.separator=:\n")
    assert ok("console-producer", *bs, "--topic", topic, "--reader-config", str(reader),
              "--batch-size", "100", "--timeout", "0", "--message-send-max-retries", "3",
              "--request-timeout-ms", "20000", "--retry-backoff-ms", "50",
              "--metadata-expiry-ms", "60000", "--max-block-ms", "10000",
              "--max-memory-bytes", "1048576", "--socket-buffer-size", "102400",
              "--line-reader", "kafka.tools.ConsoleProducer$LineMessageReader",
              "--request-required-acks", "1", stdin="a:1\nb:2\n") == []  # fmt: skip
    assert ok("console-consumer", *bs, "--topic", topic, "--from-beginning", "--max-messages",
              "2", "--property", "print.key=true") == ["a\t1", "b\t2"]  # fmt: skip
    refused = fails("console-producer", *bs, "--topic", topic, "--line-reader", "my.Reader",
                    stdin="x\n")  # fmt: skip
    assert refused.startswith("Error: Line reader my.Reader is not available")


def test_consumer_groups_by_duration_export_from_file_and_list_filters(
    broker: Any, tmp_path: Path
) -> None:
    bs = _bs(broker)
    topic, group = f"cg{uuid.uuid4().hex[:6]}", f"grp-{uuid.uuid4().hex[:6]}"
    ok("topics", *bs, "--create", "--topic", topic)
    ok("console-producer", *bs, "--topic", topic, stdin="".join(f"v{i}\n" for i in range(6)))
    assert len(ok("console-consumer", *bs, "--topic", topic, "--group", group,
                  "--from-beginning", "--max-messages", "4")) == 4  # fmt: skip
    reset = ("consumer-groups", *bs, "--reset-offsets", "--group", group, "--topic", topic)

    def new_offset(*flags: str) -> str:
        lines = [line.split() for line in ok(*reset, *flags) if line.strip()]
        assert lines[0] == ["GROUP", "TOPIC", "PARTITION", "NEW-OFFSET"]
        assert lines[1][:3] == [group, topic, "0"]
        return lines[1][3]

    assert new_offset("--by-duration", "PT1H") == "0"  # every record is newer than an hour
    assert new_offset("--by-duration", "P1D") == "0"
    assert new_offset("--by-duration", "PT0S") == "6"  # none is newer than now: the log end
    assert ok(*reset, "--to-earliest", "--dry-run", "--export") == [f"{topic},0,0"]
    assert fails(*reset, "--by-duration", "1h") == (
        "Error: Error parsing duration '1h': expected PnDTnHnMn.nS, e.g. PT1H30M."
    )
    plan = tmp_path / "plan.csv"
    plan.write_text(f"{topic},0,2\n")
    from_file = ("consumer-groups", *bs, "--reset-offsets", "--group", group, "--from-file")
    assert ok(*from_file, str(plan), "--export") == [f"{topic},0,2"]  # a dry run
    ok(*from_file, str(plan), "--execute")
    row = ok("consumer-groups", *bs, "--describe", "--group", group)[-1].split()
    assert row[:6] == [group, topic, "0", "2", "6", "4"]
    plan.write_text(f"{group},{topic},0,99\n")  # the group's own column; clamped to the end
    assert ok(*from_file, str(plan), "--export") == [f"{topic},0,6"]

    # several groups at once: Kafka's CSV gets a group column
    other = f"grp-{uuid.uuid4().hex[:6]}"
    assert len(ok("console-consumer", *bs, "--topic", topic, "--group", other,
                  "--from-beginning", "--max-messages", "1")) == 1  # fmt: skip
    both = ("consumer-groups", *bs, "--reset-offsets", "--group", group, "--group", other,
            "--topic", topic)  # fmt: skip
    assert ok(*both, "--to-latest", "--export") == sorted(
        [f"{group},{topic},0,6", f"{other},{topic},0,6"]
    )
    plan.write_text(f"{group},{topic},0,3\n{other},{topic},0,5\n")
    ok("consumer-groups", *bs, "--reset-offsets", "--group", group, "--group", other,
       "--from-file", str(plan), "--execute")  # fmt: skip
    for g, current in ((group, "3"), (other, "5")):
        assert ok("consumer-groups", *bs, "--describe", "--group", g)[-1].split()[3] == current

    listing = ("consumer-groups", *bs, "--list")
    lines = ok(*listing, "--state", "empty")
    assert lines[0].split() == ["GROUP", "STATE"]
    # GROUP is as wide as the longest listed group (at least 15) plus 10, as in Kafka
    width = max(15, *(len(line.split()[0]) for line in lines[1:])) + 10
    assert lines[0] == "GROUP".ljust(width) + " STATE"
    assert f"{group.ljust(width)} Empty" in lines
    assert all(group not in line for line in ok(*listing, "--state", "Stable,Assigning"))
    lines = ok(*listing, "--type", "--state")
    assert lines[0].split() == ["GROUP", "TYPE", "STATE"]
    width = max(15, *(len(line.split()[0]) for line in lines[1:])) + 10
    assert f"{group.ljust(width)} {'Classic'.ljust(15)} Empty" in lines
    assert all(group not in line for line in ok(*listing, "--type", "consumer"))
    assert fails(*listing, "--state", "bogus") == (
        "Error: Invalid state list 'bogus'. Valid states are: PreparingRebalance, "
        "CompletingRebalance, Stable, Dead, Empty, Assigning, Reconciling"
    )
    # --state without a value still describes the state
    state = ok("consumer-groups", *bs, "--describe", "--group", group, "--state")
    assert [line.split()[0] for line in state if line.strip()] == ["GROUP", group]


def test_every_tool_prints_its_version() -> None:
    tools = ("topics", "console-producer", "console-consumer", "consumer-groups", "configs",
             "delete-records", "log-dirs", "leader-election", "reassign-partitions",
             "producer-perf-test", "consumer-perf-test", "dump-log")  # fmt: skip
    expected = f"strom {importlib.metadata.version('strom')} (Kafka 3.9 tools)"
    for tool in tools:
        assert ok(tool, "--version") == [expected], tool


def test_configs_kafka_flags(broker: Any) -> None:
    bs = _bs(broker)
    group = f"cfg-{uuid.uuid4().hex[:6]}"
    assert ok("configs", *bs, "--alter", "--group", group, "--force", "--add-config",
              "consumer.heartbeat.interval.ms=6000") == [
        f"Completed updating config for group {group}."
    ]  # fmt: skip
    assert fails("configs", *bs, "--alter", "--ip", "10.0.0.1", "--add-config", "a=1") == (
        "Error: Option --ip is not supported: Strom has no IP quotas or client metrics."
    )
    assert fails("configs", *bs, "--describe", "--entity-type", "client-metrics") == (
        "Error: Entity type 'client-metrics' is not supported: Strom has no IP quotas or client "
        "metrics."
    )
    assert fails("configs", *bs, "--alter", "--user", "alice", "--add-config", "a=1") == (
        "Error: Invalid config(s): a (quota keys: producer_byte_rate, consumer_byte_rate, "
        "request_percentage, controller_mutation_rate)."
    )


def test_consumer_perf_test_include_broker_list_and_num_records(broker: Any) -> None:
    bs = _bs(broker)
    prefix = f"cp{uuid.uuid4().hex[:6]}"
    for name in ("a", "b"):
        ok("topics", *bs, "--create", "--topic", f"{prefix}.{name}")
        ok("console-producer", *bs, "--topic", f"{prefix}.{name}",
           stdin="".join(f"{name}{i}\n" for i in range(5)))  # fmt: skip
    # --broker-list (deprecated in Kafka) instead of --bootstrap-server; both topics by regex
    out = ok("consumer-perf-test", "--broker-list", broker.bootstrap, "--include",
             f"{prefix}\\..*", "--num-records", "10", "--timeout", "20000", "--hide-header",
             "--command-property", "client.id=perf-flags")  # fmt: skip
    assert not out[0].startswith("WARNING"), out
    assert out[0].split(", ")[4] == "10"  # data.consumed.in.nMsg
    assert fails("consumer-perf-test", *bs, "--messages", "1") == (
        "Error: Exactly one of --topic/--include is required."
    )


def test_topics_create_checks_and_alter_with_replica_assignment(broker: Any) -> None:
    bs = _bs(broker)
    name = f"ra{uuid.uuid4().hex[:6]}"  # no '.' or '_': no metric-name warning
    assert ok("topics", *bs, "--create", "--topic", name) == [f"Created topic {name}."]
    assert fails("topics", *bs, "--create", "--topic", "x", "--partitions", "0") == (
        "Error: The partitions must be greater than 0"
    )
    assert fails("topics", *bs, "--create", "--topic", "x", "--replication-factor", "0") == (
        "Error: The replication factor must be between 1 and 32767 inclusive"
    )
    alter = ("topics", *bs, "--alter", "--topic", name)
    # the entry of the existing partition 0 is skipped, as Kafka does: broker 9 is never used
    ok(*alter, "--partitions", "2", "--replica-assignment", "9,0")
    lines = ok("topics", *bs, "--describe", "--topic", name)
    assert lines[0].split("\t")[2] == "PartitionCount: 2"
    assert lines[2] == f"\tTopic: {name}\tPartition: 1\tLeader: 0\tReplicas: 0\tIsr: 0"
    # a new partition's replicas are sent to the broker, which refuses an unknown broker
    assert fails(*alter, "--replica-assignment", "9,0,7") == (
        "Error: Unknown broker(s) [7] in the assignment of partition 2"
    )
    assert ok("topics", *bs, "--describe", "--topic", name)[0].split("\t")[2] == (
        "PartitionCount: 2"
    )


def test_console_producer_prompts_only_on_a_terminal(broker: Any) -> None:
    bs = _bs(broker)
    topic = f"tty{uuid.uuid4().hex[:6]}"
    ok("topics", *bs, "--create", "--topic", topic)
    controller, terminal = pty.openpty()
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen(
        [sys.executable, "-m", "strom.tools.cli", "console-producer", *bs, "--topic", topic],
        stdin=terminal, stdout=terminal, stderr=subprocess.PIPE, env=env, cwd=ROOT,
    )  # fmt: skip
    os.close(terminal)
    seen = b""

    def read_until_prompts(count: int) -> None:
        nonlocal seen
        while seen.count(b">") < count:
            ready, _, _ = select.select([controller], [], [], 30)
            assert ready, seen
            seen += os.read(controller, 1024)

    try:
        read_until_prompts(1)  # the prompt before anything was typed
        assert seen == b">"
        os.write(controller, b"k1\n")
        read_until_prompts(2)  # the terminal's echo of the line, then the next prompt
        os.write(controller, b"\x04")  # end of input (Ctrl-D)
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        os.close(controller)
    assert seen.replace(b"\r", b"") == b">k1\n>", seen
    # and the line was produced; piped stdin gets no prompt (the other tests check stdout == [])
    assert ok("console-consumer", *bs, "--topic", topic, "--from-beginning",
              "--max-messages", "1") == ["k1"]  # fmt: skip


def test_console_consumer_argument_rules_as_kafka(broker: Any, tmp_path: Path) -> None:
    bs = _bs(broker)
    topic = f"cr{uuid.uuid4().hex[:6]}"
    ok("topics", *bs, "--create", "--topic", topic)
    ok("console-producer", *bs, "--topic", topic, stdin="a\nb\nc\n")
    cc = ("console-consumer", *bs, "--topic", topic)
    assert fails(*cc, "--partition", "0", "--offset", "-1") == (
        "Error: The provided offset value '-1' is incorrect. Valid values are 'earliest', "
        "'latest', or a non-negative long."
    )
    assert fails(*cc, "--partition", "0", "--offset", "0", "--from-beginning") == (
        "Error: Options from-beginning and offset cannot be specified together."
    )
    assert fails(*cc, "--partition", "0", "--group", "g") == (
        "Error: Options group and partition cannot be specified together."
    )
    assert fails(*cc, "--group", "g1", "--consumer-property", "group.id=g2") == (
        "Error: The group ids provided in different places (directly using '--group', via "
        "'--consumer-property', or via '--consumer.config') do not match. Detected group "
        "ids: 'g1', 'g2'"
    )
    assert fails(*cc, "--from-beginning", "--consumer-property", "auto.offset.reset=latest") == (
        "Error: Can't simultaneously specify --from-beginning and 'auto.offset.reset=latest', "
        "please remove one option"
    )
    assert ok(*cc, "--partition", "0", "--offset", "EARLIEST", "--max-messages", "1") == ["a"]
    # a group id from --consumer.config is the group: it commits what it printed
    config = tmp_path / "consumer.properties"
    group = f"cfg-{uuid.uuid4().hex[:6]}"
    config.write_text(f"group.id={group}\nauto.offset.reset=earliest\n")
    assert ok(*cc, "--consumer.config", str(config), "--max-messages", "2") == ["a", "b"]
    row = ok("consumer-groups", *bs, "--describe", "--group", group)[-1].split()
    assert row[:6] == [group, topic, "0", "2", "3", "1"]
