"""Admin and metadata APIs that the client libraries used elsewhere do not exercise, sent as exact
requests: OffsetForLeaderEpoch, DeleteTopics by id, DescribeLogDirs, DescribeTopicPartitions
(paging), DescribeConfigs synonyms, CreateTopics validate_only and explicit assignments,
ListOffsets max timestamp."""

from __future__ import annotations

import pytest
from wire import WireClient

from strom.protocol import records as rec
from strom.protocol.messages.create_topics import CreateTopicsRequest
from strom.protocol.messages.delete_topics import DeleteTopicsRequest
from strom.protocol.messages.describe_configs import DescribeConfigsRequest
from strom.protocol.messages.describe_log_dirs import DescribeLogDirsRequest
from strom.protocol.messages.describe_topic_partitions import DescribeTopicPartitionsRequest
from strom.protocol.messages.list_offsets import ListOffsetsRequest
from strom.protocol.messages.metadata import MetadataRequest
from strom.protocol.messages.offset_for_leader_epoch import OffsetForLeaderEpochRequest
from strom.protocol.messages.produce import ProduceRequest

pytestmark = pytest.mark.integration
CT = CreateTopicsRequest


def _create(
    c: WireClient,
    name: str,
    partitions: int = 1,
    validate_only: bool = False,
    assignment: dict[int, list[int]] | None = None,
) -> object:
    topic = CT.CreatableTopic(name=name, num_partitions=partitions, replication_factor=1)
    if assignment:
        topic = CT.CreatableTopic(
            name=name,
            num_partitions=-1,
            replication_factor=-1,
            assignments=[
                CT.CreatableReplicaAssignment(partition_index=p, broker_ids=b)
                for p, b in assignment.items()
            ],
        )
    return c.request(CT(topics=[topic], timeout_ms=5000, validate_only=validate_only), 7)


def _produce(c: WireClient, topic: str, timestamps: list[int]) -> None:
    b = rec.RecordBatchBuilder()
    for ts in timestamps:
        b.append(b"v", timestamp=ts)
    P = ProduceRequest
    c.request(
        P(
            acks=1,
            timeout_ms=5000,
            topic_data=[
                P.TopicProduceData(
                    name=topic, partition_data=[P.PartitionProduceData(index=0, records=b.build())]
                )
            ],
        ),
        9,
    )


def test_create_validate_only_and_explicit_assignment(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        r = _create(c, "validate-only", 3, validate_only=True)
        assert r.topics[0].error_code == 0 and r.topics[0].num_partitions == 3  # type: ignore[attr-defined]
        md = c.request(
            MetadataRequest(
                topics=[MetadataRequest.MetadataRequestTopic(name="validate-only")],
                allow_auto_topic_creation=False,
            ),
            12,
        )
        assert md.topics[0].error_code == 3  # type: ignore[attr-defined]
        r = _create(c, "explicit", assignment={0: [0], 1: [0]})
        assert r.topics[0].error_code == 0 and r.topics[0].num_partitions == 2  # type: ignore[attr-defined]
        bad = _create(c, "explicit-bad", assignment={0: [7]})
        assert bad.topics[0].error_code == 39  # type: ignore[attr-defined]  # INVALID_REPLICA_ASSIGNMENT


def test_offset_for_leader_epoch(broker) -> None:  # type: ignore[no-untyped-def]
    OE = OffsetForLeaderEpochRequest
    with WireClient(broker.bootstrap) as c:
        _create(c, "epochs")
        _produce(c, "epochs", [1, 2, 3])
        r = c.request(
            OE(
                replica_id=-1,
                topics=[
                    OE.OffsetForLeaderTopic(
                        topic="epochs",
                        partitions=[
                            OE.OffsetForLeaderPartition(
                                partition=0, current_leader_epoch=-1, leader_epoch=0
                            )
                        ],
                    )
                ],
            ),
            4,
        )
        p = r.topics[0].partitions[0]  # type: ignore[attr-defined]
        assert (p.error_code, p.leader_epoch, p.end_offset) == (0, 0, 3)
        r = c.request(
            OE(
                replica_id=-1,
                topics=[
                    OE.OffsetForLeaderTopic(
                        topic="epochs",
                        partitions=[
                            OE.OffsetForLeaderPartition(
                                partition=0, current_leader_epoch=5, leader_epoch=0
                            )
                        ],
                    )
                ],
            ),
            4,
        )
        assert r.topics[0].partitions[0].error_code == 75  # type: ignore[attr-defined]


def test_list_offsets_max_timestamp(broker) -> None:  # type: ignore[no-untyped-def]
    L = ListOffsetsRequest
    with WireClient(broker.bootstrap) as c:
        _create(c, "maxts")
        _produce(c, "maxts", [100, 900, 300])
        _produce(c, "maxts", [200])
        r = c.request(
            L(
                replica_id=-1,
                topics=[
                    L.ListOffsetsTopic(
                        name="maxts",
                        partitions=[L.ListOffsetsPartition(partition_index=0, timestamp=-3)],
                    )
                ],
            ),
            7,
        )
        p = r.topics[0].partitions[0]  # type: ignore[attr-defined]
        assert (p.offset, p.timestamp) == (1, 900)


def test_delete_topic_by_id(broker) -> None:  # type: ignore[no-untyped-def]
    D = DeleteTopicsRequest
    with WireClient(broker.bootstrap) as c:
        r = _create(c, "by-id")
        tid = r.topics[0].topic_id  # type: ignore[attr-defined]
        d = c.request(D(topics=[D.DeleteTopicState(name=None, topic_id=tid)], timeout_ms=5000), 6)
        res = d.responses[0]  # type: ignore[attr-defined]
        assert (res.error_code, res.name) == (0, "by-id")
        d = c.request(D(topics=[D.DeleteTopicState(name=None, topic_id=tid)], timeout_ms=5000), 6)
        assert d.responses[0].error_code == 100  # type: ignore[attr-defined]  # UNKNOWN_TOPIC_ID
    assert not (broker.data_dir / "by-id-0").exists()


def test_describe_log_dirs(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        _create(c, "logdirs")
        _produce(c, "logdirs", [1, 2])
        r = c.request(DescribeLogDirsRequest(topics=None), 4)
        result = r.results[0]  # type: ignore[attr-defined]
        assert result.error_code == 0 and result.log_dir == str(broker.data_dir.resolve())
        sizes = {
            (t.name, p.partition_index): p.partition_size
            for t in result.topics
            for p in t.partitions
        }
        assert sizes[("logdirs", 0)] > 0
        assert result.total_bytes > 0 and result.usable_bytes > 0


def test_describe_topic_partitions_pages(broker) -> None:  # type: ignore[no-untyped-def]
    R = DescribeTopicPartitionsRequest
    with WireClient(broker.bootstrap) as c:
        _create(c, "dtp", 5)
        r = c.request(R(topics=[R.TopicRequest(name="dtp")], response_partition_limit=3), 0)
        assert [p.partition_index for p in r.topics[0].partitions] == [0, 1, 2]  # type: ignore[attr-defined]
        # empty lists, not null, as Kafka: the Java client 3.9 reads them without a null check
        for p in r.topics[0].partitions:  # type: ignore[attr-defined]
            assert (p.eligible_leader_replicas, p.last_known_elr) == ([], [])
        cur = r.next_cursor  # type: ignore[attr-defined]
        assert cur is not None and (cur.topic_name, cur.partition_index) == ("dtp", 3)
        r = c.request(
            R(
                topics=[R.TopicRequest(name="dtp")],
                response_partition_limit=3,
                cursor=R.Cursor(topic_name="dtp", partition_index=3),
            ),
            0,
        )
        assert [p.partition_index for p in r.topics[0].partitions] == [3, 4]  # type: ignore[attr-defined]
        assert r.next_cursor is None  # type: ignore[attr-defined]


def test_describe_configs_synonyms(broker) -> None:  # type: ignore[no-untyped-def]
    D = DescribeConfigsRequest
    with WireClient(broker.bootstrap) as c:
        r0 = c.request(
            CT(
                topics=[
                    CT.CreatableTopic(
                        name="syn",
                        num_partitions=1,
                        replication_factor=1,
                        configs=[CT.CreatableTopicConfig(name="retention.ms", value="1000")],
                    )
                ],
                timeout_ms=5000,
            ),
            7,
        )
        assert r0.topics[0].error_code == 0  # type: ignore[attr-defined]
        r = c.request(
            D(
                resources=[
                    D.DescribeConfigsResource(
                        resource_type=2, resource_name="syn", configuration_keys=["retention.ms"]
                    )
                ],
                include_synonyms=True,
                include_documentation=True,
            ),
            4,
        )
        entries = r.results[0].configs  # type: ignore[attr-defined]
        assert len(entries) == 1
        e = entries[0]
        assert (e.value, e.config_source, e.config_type) == ("1000", 1, 5)
        assert [(s.name, s.source) for s in e.synonyms] == [
            ("retention.ms", 1),
            ("log.retention.hours", 5),
        ]
        assert e.documentation
        r = c.request(
            D(
                resources=[
                    D.DescribeConfigsResource(
                        resource_type=4, resource_name="0", configuration_keys=None
                    )
                ],
                include_synonyms=False,
            ),
            4,
        )
        names = {e.name: e for e in r.results[0].configs}  # type: ignore[attr-defined]
        assert names["num.partitions"].value == "1"
        assert names["log.dirs"].config_source == 4  # set on the command line: static
