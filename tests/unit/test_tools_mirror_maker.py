"""Unit tests of ``strom mirror-maker``'s MM2 properties, replication policies and offset
translation (the copy loop itself is tested between real brokers in
``tests/integration/test_mirror_maker.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from strom.client import TopicPartition
from strom.tools._common import ToolError
from strom.tools.cli import main as cli_main
from strom.tools.mirror_maker import parse_flows
from strom.tools.mirror_maker_checkpoints import OffsetSyncStore, encode_sync, group_filter

pytestmark = pytest.mark.unit

BASE = {
    "clusters": "A, B",
    "A.bootstrap.servers": "a:9092",
    "B.bootstrap.servers": "b:9092",
}


def test_flows_follow_mm2_names_and_prefixes() -> None:
    flows = parse_flows(
        {
            **BASE,
            "A->B.enabled": "true",
            "A->B.topics": "orders, pay.*",
            "topics.exclude": "pay\\.secret",
            "A.security.protocol": "SSL",
            "A.unrelated": "x",
            "sync.topic.configs.enabled": "false",
        }
    )
    assert [f.name for f in flows] == ["A->B"]
    (f,) = flows
    assert f.source_conf == {"bootstrap.servers": "a:9092", "security.protocol": "SSL"}
    assert f.remote_topic("orders") == "A.orders" and not f.sync_configs
    assert f.replicates("orders") and f.replicates("pay.in")
    assert not f.replicates("pay.secret") and not f.replicates("other")
    # never MM2's own topics, internal topics, nor topics mirrored from the target (cycles)
    assert not f.replicates("heartbeats") and not f.replicates("__consumer_offsets")
    assert not f.replicates("A.checkpoints.internal") and not f.replicates("B.orders")


def test_identity_policy_and_disabled_flows() -> None:
    flows = parse_flows(
        {
            **BASE,
            "A->B.enabled": "true",
            "B->A.enabled": "false",
            "replication.policy.class": "org.apache.kafka.connect.mirror.IdentityReplicationPolicy",
        }
    )
    assert len(flows) == 1 and flows[0].remote_topic("orders") == "orders"


@pytest.mark.parametrize(
    "props",
    [
        {"clusters": "A"},
        {**BASE},  # no flow enabled
        {**BASE, "A->B.enabled": "yes"},
        {**BASE, "A->B.enabled": "true", "replication.policy.class": "com.example.Custom"},
        {**BASE, "A->B.enabled": "true", "topics": "("},
        {"clusters": "A, B", "A.bootstrap.servers": "a:1", "A->B.enabled": "true"},
    ],
)
def test_bad_properties_are_refused(props: dict[str, str]) -> None:
    with pytest.raises(ToolError):
        parse_flows(props)


def test_translation_is_exact_inside_runs_and_never_skips_after_them() -> None:
    store = OffsetSyncStore()
    tp = TopicPartition("orders", 0)
    store.add(tp, 0, 0, 50)  # source 0..49 -> target 0..49
    store.add(tp, 61, 51, 100)  # after 10 aborted records + marker: 61..160 -> 51..150
    assert store.translate(tp, 0) == 0 and store.translate(tp, 49) == 49
    assert store.translate(tp, 50) == 50  # past the run: right after its last record
    assert store.translate(tp, 55) == 50  # inside the source gap: nothing skipped
    assert store.translate(tp, 61) == 51 and store.translate(tp, 100) == 90
    assert store.translate(tp, 161) == 151
    assert store.translate(TopicPartition("orders", 1), 5) is None


def test_sync_records_round_trip_and_malformed_ones_are_ignored() -> None:
    store = OffsetSyncStore()
    tp = TopicPartition("a,b", 3)
    store.add_record(*encode_sync(tp, 10, 4, 2))
    store.add_record(b"orders,0", b"garbage")
    store.add_record(None, None)
    assert store.translate(tp, 11) == 5 and store.translate(TopicPartition("orders", 0), 1) is None


def test_store_memory_is_bounded() -> None:
    store = OffsetSyncStore()
    tp = TopicPartition("t", 0)
    for i in range(10_000):
        store.add(tp, i * 2, i, 1)
    assert store.translate(tp, 0) is None  # the oldest runs were dropped
    assert store.translate(tp, 19_998) == 9_999


def test_group_filter_defaults_exclude_console_consumers() -> None:
    wanted = group_filter(".*", "console-consumer-.*, connect-.*, __.*")
    assert wanted("billing") and not wanted("console-consumer-123")


def test_cli_reports_a_bad_file_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    conf = tmp_path / "mm2.properties"
    conf.write_text("clusters = A, B\nA.bootstrap.servers = a:1\nB.bootstrap.servers = b:1\n")
    assert cli_main(["mirror-maker", str(conf)]) == 1
    assert capsys.readouterr().err.strip().splitlines() == [
        "Error: No replication flow is enabled (set e.g. A->B.enabled = true)."
    ]
    assert cli_main(["mirror-maker", str(tmp_path / "missing")]) == 1
