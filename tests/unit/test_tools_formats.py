"""Unit tests of the pure parts of the admin tools: Kafka's table layouts, consumer-groups output,
configs parsing and lines, delete-records JSON, log-dirs JSON, transactions rows and
leader-election input and report."""

from __future__ import annotations

import argparse
import json
from typing import Any

import pytest

from strom.client import TopicPartition
from strom.client.admin import ConfigEntry
from strom.client.admin_cluster import LogDirInfo, ReplicaInfo
from strom.client.admin_txn import ProducerState, TransactionDescription
from strom.errors import ErrorCode
from strom.tools import configs, consumer_groups_output, delete_records, leader_election, log_dirs
from strom.tools import transactions as txn
from strom.tools._common import ToolError, columns, error_text, pretty_table

pytestmark = pytest.mark.unit
TP = TopicPartition


def test_columns_pad_to_min_width_and_content() -> None:
    out = columns(["A", "BB", "C"], [["x", "longer-value", 1], ["yy", "", 22]], [3, 0, 0])
    assert out.splitlines() == ["A   BB           C", "x   longer-value 1", "yy               22"]


def test_pretty_table_is_kafkas_padded_tab_layout() -> None:
    out = pretty_table(["ProducerId", "Epoch"], [[7, 0], [123456789012, 3]])
    assert out.splitlines() == [
        "ProducerId  \tEpoch\t",
        "7           \t0    \t",
        "123456789012\t3    \t",
    ]


def test_unsupported_api_error_is_one_clear_line() -> None:
    from strom.errors import KafkaError

    e = KafkaError("broker does not support ElectLeaders", ErrorCode.UNSUPPORTED_VERSION)
    assert error_text(e) == "The broker does not support ElectLeaders (UNSUPPORTED_VERSION)."


def test_group_assignment_and_members_table() -> None:
    assert consumer_groups_output.format_assignment([]) == "-"
    assert (
        consumer_groups_output.format_assignment([TP("b", 0), TP("a", 2), TP("a", 0)])
        == "a(0,2), b(0)"
    )
    members: list[dict[str, Any]] = [
        {"consumer_id": "c-1", "group_instance_id": None, "host": "/127.0.0.1",
         "client_id": "cl", "assignment": [["t", 1], ["t", 0]]},
        {"consumer_id": "c-2", "group_instance_id": "static-2", "host": "/127.0.0.1",
         "client_id": "cl", "assignment": []},
    ]  # fmt: skip
    rows = [
        line.split()
        for line in consumer_groups_output.members_table("g", members, True).splitlines()
    ]
    assert rows[0] == [
        "GROUP", "CONSUMER-ID", "GROUP-INSTANCE-ID", "HOST", "CLIENT-ID", "#PARTITIONS",
        "ASSIGNMENT",
    ]  # fmt: skip
    assert rows[1] == ["g", "c-1", "/127.0.0.1", "cl", "2", "t(0,1)"]  # empty instance id
    assert rows[2] == ["g", "c-2", "static-2", "/127.0.0.1", "cl", "0", "-"]
    plain = consumer_groups_output.members_table("g", members[:1], False).splitlines()
    assert plain[0].split() == ["GROUP", "CONSUMER-ID", "HOST", "CLIENT-ID", "#PARTITIONS"]
    # Kafka's minimum widths: GROUP is 15 wide, then one space
    assert plain[1].startswith("g" + " " * 15 + "c-1")


def test_group_notices_and_delete_offsets_report() -> None:
    notice = consumer_groups_output.group_notice
    assert notice("g", "Empty") == "Consumer group 'g' has no active members."
    assert notice("g", "PreparingRebalance") == "Warning: Consumer group 'g' is rebalancing."
    assert notice("g", "Stable") is None
    err = consumer_groups_output.group_error
    assert err("g", 0) is None
    assert err("g", ErrorCode.GROUP_ID_NOT_FOUND) == "'g' does not exist."
    assert err("g", ErrorCode.NON_EMPTY_GROUP) == (
        "Deleting offsets of a consumer group 'g' is forbidden if the group is not empty."
    )
    assert str(err("g", ErrorCode.GROUP_SUBSCRIBED_TO_TOPIC)).startswith("Encounter some partition")
    assert err("g", ErrorCode.NOT_COORDINATOR) == "Encounter some unknown error: NOT_COORDINATOR"
    table = consumer_groups_output.delete_offsets_table(
        {TP("t", 1): 0, TP("t", 0): ErrorCode.GROUP_SUBSCRIBED_TO_TOPIC, TP("x", -1): 3}
    ).splitlines()
    assert table[0] == "TOPIC" + " " * 26 + "PARTITION" + " " * 7 + "STATUS"
    assert table[1].split(None, 2) == [
        "t", "0",
        "Error: Deleting offsets of a topic is forbidden while the consumer group is actively "
        "subscribed to it.",
    ]  # fmt: skip
    assert table[2].split() == ["t", "1", "Successful"]
    assert table[3].split(None, 3)[:3] == ["x", "Not", "Provided"]


def test_configs_add_config_parsing() -> None:
    parse = configs.parse_add_config
    assert parse("a=1,b=[x,y],c=") == {"a": "1", "b": "x,y", "c": ""}
    assert parse("cleanup.policy=[compact,delete]") == {"cleanup.policy": "compact,delete"}
    with pytest.raises(ToolError, match="key=val"):
        parse("a=1,oops")


def test_configs_lines_and_filter() -> None:
    dyn = ConfigEntry("retention.ms", "1000", 1, False, False,
                      (("retention.ms", "1000", 1), ("log.retention.hours", "168", 5)))  # fmt: skip
    default = ConfigEntry(
        "cleanup.policy", "delete", 5, synonyms=(("log.cleanup.policy", "delete", 5),)
    )
    secret = ConfigEntry("ssl.key.password", None, 4, True, True, ())
    assert configs.entry_line(dyn) == (
        "  retention.ms=1000 sensitive=false synonyms={DYNAMIC_TOPIC_CONFIG:retention.ms=1000, "
        "DEFAULT_CONFIG:log.retention.hours=168}"
    )
    assert configs.entry_line(secret) == "  ssl.key.password=null sensitive=true synonyms={}"
    assert configs.shown(2, "t", [dyn, default], False) == [dyn]
    assert configs.shown(2, "t", [dyn, default], True) == [dyn, default]
    assert configs.shown(4, "0", [secret, dyn], False) == []
    assert configs.heading("topic", "t", False) == "Dynamic configs for topic t are:"
    assert configs.heading("broker", "0", True) == "All configs for broker 0 are:"
    assert configs.heading("broker", "", False) == "Default configs for brokers in the cluster are:"


def _cfg_args(**kw: Any) -> argparse.Namespace:
    return configs.build_parser().parse_args(
        ["--bootstrap-server", "x:1", "--describe", *kw["argv"]]
    )


def test_configs_entity_selection() -> None:
    assert configs.entity(_cfg_args(argv=["--topic", "t"])) == ("topics", "t")
    assert configs.entity(_cfg_args(argv=["--broker-defaults"])) == ("brokers", "")
    assert configs.entity(_cfg_args(argv=["--entity-type", "groups"])) == ("groups", None)
    assert configs.entity(_cfg_args(argv=["--entity-type", "brokers", "--entity-default"])) == (
        "brokers",
        "",
    )
    assert configs.entity(_cfg_args(argv=["--entity-type", "clients"])) == ("clients", None)
    with pytest.raises(ToolError, match="not supported"):
        configs.entity(_cfg_args(argv=["--entity-type", "ips"]))
    with pytest.raises(ToolError, match="either --entity-type"):
        configs.entity(_cfg_args(argv=["--entity-type", "topics", "--topic", "t"]))
    with pytest.raises(ToolError, match="Missing --entity-type"):
        configs.entity(_cfg_args(argv=[]))
    with pytest.raises(ToolError, match="valid integer broker id"):
        configs.validate_name("brokers", "zero")


def test_delete_records_json() -> None:
    data = {"partitions": [{"topic": "t", "partition": 0, "offset": 3},
                           {"topic": "t", "partition": 1, "offset": -1}], "version": 1}  # fmt: skip
    assert delete_records.parse_offsets(data) == [(TP("t", 0), 3), (TP("t", 1), -1)]
    dup = {"partitions": [{"topic": "t", "partition": 0, "offset": 3}] * 2}
    with pytest.raises(ToolError, match="duplicate topic partitions: t-0"):
        delete_records.parse_offsets(dup)
    with pytest.raises(ToolError, match="Not supported version field value 2"):
        delete_records.parse_offsets({"partitions": [], "version": 2})
    with pytest.raises(ToolError, match="'topic', 'partition' and 'offset'"):
        delete_records.parse_offsets({"partitions": [{"topic": "t", "partition": 0}]})
    assert delete_records.report_line(TP("t", 0), 3, 0) == "partition: t-0\tlow_watermark: 3"
    assert (
        delete_records.report_line(TP("t", 0), -1, 1)
        == "partition: t-0\terror: OFFSET_OUT_OF_RANGE"
    )


def test_log_dirs_json_is_kafkas() -> None:
    info = LogDirInfo("/data", 0, 100, 50, {TP("b", 0): ReplicaInfo(10, 0, False),
                                            TP("a", 1): ReplicaInfo(0, 2, True)})  # fmt: skip
    bad = LogDirInfo("/bad", ErrorCode.KAFKA_STORAGE_ERROR)
    text = log_dirs.as_json({0: [info, bad]}, None)
    assert text.startswith('{"version":1,"brokers":[{"broker":0,"logDirs":[{"logDir":"/data",')
    doc = json.loads(text)
    dirs = doc["brokers"][0]["logDirs"]
    assert dirs[0]["error"] is None
    assert dirs[0]["partitions"] == [
        {"partition": "a-1", "size": 0, "offsetLag": 2, "isFuture": True},
        {"partition": "b-0", "size": 10, "offsetLag": 0, "isFuture": False},
    ]
    assert dirs[1] == {
        "logDir": "/bad",
        "error": "org.apache.kafka.common.errors.KafkaStorageException",
        "partitions": [],
    }
    only_b = json.loads(log_dirs.as_json({0: [info]}, ["b"]))
    assert [p["partition"] for p in only_b["brokers"][0]["logDirs"][0]["partitions"]] == ["b-0"]
    assert log_dirs.parse_ids("0, 2") == [0, 2]
    with pytest.raises(ToolError):
        log_dirs.parse_ids("a,b")


def test_transactions_rows() -> None:
    d = TransactionDescription(0, "tx", "Ongoing", 7, 1, 60000, 1_000, [TP("t", 0), TP("t", 1)])
    assert txn.describe_row(d, 1_500) == [0, "tx", 7, 1, "Ongoing", 60000, 1000, 500, "t-0,t-1"]
    idle = TransactionDescription(0, "tx", "Empty", 7, 1, 60000, None, [])
    assert txn.describe_row(idle, 1_500)[6:] == ["None", "None", ""]
    states = [ProducerState(7, 1, 4, 99, None, None), ProducerState(8, 0, 0, 98, 2, 42)]
    assert txn.producer_rows(states) == [[7, 1, -1, 4, 99, "None"], [8, 0, 2, 0, 98, 42]]
    args = txn.build_parser().parse_args(["describe", "--transactional-id", "x",
                                          "--bootstrap-server", "h:1"])  # fmt: skip
    assert args.bootstrap_server == "h:1" and args.command == "describe"
    args = txn.build_parser().parse_args(["--bootstrap-server", "h:2", "list"])
    assert args.bootstrap_server == "h:2" and args.duration_filter == -1


def _elect_args(*argv: str) -> argparse.Namespace:
    return leader_election.build_parser().parse_args(
        ["--bootstrap-server", "x:1", "--election-type", "preferred", *argv]
    )


def test_leader_election_input() -> None:
    assert _elect_args("--all-topic-partitions").election_type == "PREFERRED"
    assert leader_election.selection(_elect_args("--all-topic-partitions")) is None
    assert leader_election.selection(_elect_args("--topic", "t", "--partition", "2")) == [
        TP("t", 2)
    ]
    with pytest.raises(ToolError, match="One and only one"):
        leader_election.selection(_elect_args("--topic", "t", "--all-topic-partitions"))
    with pytest.raises(ToolError, match="--partition"):
        leader_election.selection(_elect_args("--topic", "t"))
    parse = leader_election.parse_partitions
    assert parse({"partitions": [{"topic": "a", "partition": 1}]}) == [TP("a", 1)]
    with pytest.raises(ToolError, match="duplicate partitions: a-1"):
        parse({"partitions": [{"topic": "a", "partition": 1}] * 2})
    with pytest.raises(ToolError):
        parse({"topics": []})


def test_leader_election_report() -> None:
    results = {
        TP("t", 1): (0, None),
        TP("t", 0): (0, None),
        TP("u", 0): (ErrorCode.ELECTION_NOT_NEEDED, "Leader election not needed"),
        TP("v", 3): (ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "The partition does not exist."),
    }
    lines, failed = leader_election.report("UNCLEAN", results)
    assert lines == [
        "Successfully completed leader election (UNCLEAN) for partitions t-0, t-1",
        "Valid replica already elected for partitions u-0",
        "Error completing leader election (UNCLEAN) for partition: v-3: "
        "UNKNOWN_TOPIC_OR_PARTITION: The partition does not exist.",
    ]
    assert failed == 1
    assert leader_election.report("PREFERRED", {}) == ([], 0)
