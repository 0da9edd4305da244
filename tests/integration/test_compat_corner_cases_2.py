"""Corner cases of served APIs compared with Kafka 3.9, second round (raw frames): duplicates and
empty names in AlterConfigs/IncrementalAlterConfigs (``ConfigAdminManager.preprocess``),
DescribeConfigs (``ConfigHelper``), DeleteRecords (``KafkaApis``), and the group APIs of
ZooKeeper mode (``GroupCoordinatorAdapter``, ``GroupCoordinator.isValidGroupId``)."""

from __future__ import annotations

import time

import pytest
from conftest import BrokerProcess
from wire import WireClient

from strom.protocol.messages.alter_configs import AlterConfigsRequest
from strom.protocol.messages.create_topics import CreateTopicsRequest
from strom.protocol.messages.delete_groups import DeleteGroupsRequest
from strom.protocol.messages.delete_records import DeleteRecordsRequest
from strom.protocol.messages.describe_configs import DescribeConfigsRequest
from strom.protocol.messages.describe_groups import DescribeGroupsRequest
from strom.protocol.messages.find_coordinator import FindCoordinatorRequest
from strom.protocol.messages.incremental_alter_configs import IncrementalAlterConfigsRequest
from strom.protocol.messages.offset_commit import OffsetCommitRequest
from strom.protocol.messages.offset_delete import OffsetDeleteRequest
from strom.protocol.messages.offset_fetch import OffsetFetchRequest
from strom.protocol.messages.produce import ProduceRequest
from strom.protocol.records import RecordBatchBuilder

pytestmark = pytest.mark.integration
CT = CreateTopicsRequest
AC = AlterConfigsRequest
IAC = IncrementalAlterConfigsRequest
DC = DescribeConfigsRequest
OC = OffsetCommitRequest
OF = OffsetFetchRequest
INVALID_REQUEST = 42
INVALID_TOPIC = 17
GROUP_ID_NOT_FOUND = 69
TOPIC, BROKER_LOGGER, CLIENT_METRICS, GROUP = 2, 8, 16, 32
DUPLICATE = "Each resource must appear at most once."


def _create(c: WireClient, name: str, partitions: int = 1) -> None:
    r = c.request(
        CT(topics=[CT.CreatableTopic(name=name, num_partitions=partitions, replication_factor=1)],
           timeout_ms=5000),
        7,
    )  # fmt: skip
    assert r.topics[0].error_code == 0  # type: ignore[attr-defined]


def _retention(c: WireClient, topic: str) -> str:
    r = c.request(
        DC(resources=[DC.DescribeConfigsResource(resource_type=TOPIC, resource_name=topic,
                                                 configuration_keys=["retention.ms"])]),
        4,
    )  # fmt: skip
    return str(r.results[0].configs[0].value)  # type: ignore[attr-defined]


def _answers(r: object) -> list[tuple[str, int, str | None]]:
    return [(x.resource_name, x.error_code, x.error_message) for x in r.responses]  # type: ignore[attr-defined]


def test_alter_configs_refuse_duplicates_and_nulls_before_applying(broker: BrokerProcess) -> None:
    """Kafka: every resource named twice INVALID_REQUEST "Each resource must appear at most
    once."; a key named twice in a resource, or a null value (for any AlterConfigs entry, and
    for an IncrementalAlterConfigs operation other than DELETE), INVALID_REQUEST; those
    resources change nothing, the others of the request are applied with a null message."""
    with WireClient(broker.bootstrap) as c:
        for t in ("cc2-a", "cc2-b", "cc2-c"):
            _create(c, t)

        def legacy(name: str, value: str | None) -> AlterConfigsRequest.AlterConfigsResource:
            return AC.AlterConfigsResource(resource_type=TOPIC, resource_name=name,
                                           configs=[AC.AlterableConfig(name="retention.ms",
                                                                       value=value)])  # fmt: skip

        for version in (0, 2):
            r = c.request(
                AC(resources=[legacy("cc2-a", "1000"), legacy("cc2-b", "2000"),
                              legacy("cc2-a", "3000"), legacy("cc2-c", None)],
                   validate_only=False),
                version,
            )  # fmt: skip
            assert _answers(r) == [
                ("cc2-a", INVALID_REQUEST, DUPLICATE),
                ("cc2-b", 0, None),
                ("cc2-a", INVALID_REQUEST, DUPLICATE),
                ("cc2-c", INVALID_REQUEST, "Null value not supported for : retention.ms"),
            ]
        assert _retention(c, "cc2-a") == _retention(c, "cc2-c") == "604800000"
        assert _retention(c, "cc2-b") == "2000"

        def op(name: str, operation: int, value: str | None) -> IAC.AlterableConfig:
            return IAC.AlterableConfig(name=name, config_operation=operation, value=value)

        def res(name: str, *ops: IAC.AlterableConfig) -> IAC.AlterConfigsResource:
            return IAC.AlterConfigsResource(resource_type=TOPIC, resource_name=name,
                                            configs=list(ops))  # fmt: skip

        r = c.request(
            IAC(resources=[res("cc2-a", op("retention.ms", 0, "5000"), op("retention.ms", 1, None)),
                           res("cc2-b", op("retention.ms", 1, None)),
                           res("cc2-c", op("retention.ms", 0, None), op("segment.ms", 0, None)),
                           res("cc2-b", op("retention.ms", 0, "7000"))],
                validate_only=False),
            1,
        )  # fmt: skip
        assert _answers(r) == [
            ("cc2-a", INVALID_REQUEST, "Error due to duplicate config keys"),
            ("cc2-b", INVALID_REQUEST, DUPLICATE),
            ("cc2-c", INVALID_REQUEST, "Null value not supported for : retention.ms, segment.ms"),
            ("cc2-b", INVALID_REQUEST, DUPLICATE),
        ]
        r = c.request(IAC(resources=[res("cc2-c", op("retention.ms", 1, None))],
                          validate_only=False), 1)  # fmt: skip
        assert _answers(r) == [("cc2-c", 0, None)]  # a DELETE carries no value
        assert _retention(c, "cc2-a") == "604800000" and _retention(c, "cc2-b") == "2000"


def test_describe_configs_names_kafka_refuses(broker: BrokerProcess) -> None:
    """Kafka's ConfigHelper: an empty group, client metrics or broker logger name is
    INVALID_REQUEST with its message; an illegal topic name INVALID_TOPIC_EXCEPTION; a resource
    named twice is answered twice; a success carries a null message."""
    with WireClient(broker.bootstrap) as c:
        _create(c, "cc2-dc")

        def d(rtype: int, name: str) -> DC.DescribeConfigsResource:
            return DC.DescribeConfigsResource(resource_type=rtype, resource_name=name,
                                              configuration_keys=["retention.ms"])  # fmt: skip

        r = c.request(
            DC(resources=[d(TOPIC, "cc2-dc"), d(TOPIC, "cc2-dc"), d(GROUP, ""),
                          d(CLIENT_METRICS, ""), d(BROKER_LOGGER, ""), d(TOPIC, ""),
                          d(TOPIC, "bad/name")]),
            4,
        )  # fmt: skip
        got = [(x.resource_name, x.error_code, x.error_message) for x in r.results]  # type: ignore[attr-defined]
        assert got[:6] == [
            ("cc2-dc", 0, None),
            ("cc2-dc", 0, None),
            ("", INVALID_REQUEST, "Group name must not be empty"),
            ("", INVALID_REQUEST, "Client metrics subscription name must not be empty"),
            ("", INVALID_REQUEST, "Broker id must not be empty"),
            ("", INVALID_TOPIC, "Topic name is illegal, it can't be empty"),
        ]
        assert got[6][:2] == ("bad/name", INVALID_TOPIC)
        assert [len(x.configs) for x in r.results[:2]] == [1, 1]  # type: ignore[attr-defined]


def test_delete_records_answers_a_partition_once_with_its_last_offset(
    broker: BrokerProcess,
) -> None:
    """Kafka keys DeleteRecords by partition: named twice (even in two topic entries), the
    last offset is applied and the partition answered once, its topic once."""
    D = DeleteRecordsRequest
    P = ProduceRequest
    with WireClient(broker.bootstrap) as c:
        _create(c, "cc2-dr", 2)
        b = RecordBatchBuilder()
        for i in range(10):
            b.append(b"v%d" % i)
        data = [P.PartitionProduceData(index=0, records=b.build())]
        topic_data = [P.TopicProduceData(name="cc2-dr", partition_data=data)]
        c.request(P(acks=-1, timeout_ms=5000, topic_data=topic_data), 7)

        def part(i: int, offset: int) -> D.DeleteRecordsPartition:
            return D.DeleteRecordsPartition(partition_index=i, offset=offset)

        r = c.request(
            D(topics=[D.DeleteRecordsTopic(name="cc2-dr", partitions=[part(0, 7), part(1, 0)]),
                      D.DeleteRecordsTopic(name="cc2-dr", partitions=[part(0, 4)])],
              timeout_ms=5000),
            2,
        )  # fmt: skip
        got = [
            (t.name, [(p.partition_index, p.error_code, p.low_watermark) for p in t.partitions])
            for t in r.topics  # type: ignore[attr-defined]
        ]
        assert got == [("cc2-dr", [(0, 0, 4), (1, 0, 0)])]


def _coordinator_ready(c: WireClient, group: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        r = c.request(FindCoordinatorRequest(key_type=0, coordinator_keys=[group]), 4)
        if r.coordinators[0].error_code == 0:  # type: ignore[attr-defined]
            return
        time.sleep(0.2)
    raise AssertionError("no group coordinator")


def test_group_apis_answer_each_partition_and_group_once(broker: BrokerProcess) -> None:
    """ZooKeeper-mode Kafka keys OffsetCommit, OffsetFetch and OffsetDelete by partition (one
    answer per partition, grouped per topic; the last offset committed) and DeleteGroups by
    group id (distinct); DescribeGroups answers every entry. The empty group id is valid for
    OffsetCommit, OffsetFetch, DescribeGroups and DeleteGroups ("backwards compatibility")."""
    with WireClient(broker.bootstrap) as c:
        _create(c, "cc2-g", 2)
        _coordinator_ready(c, "cc2-grp")

        def cp(i: int, offset: int) -> OC.OffsetCommitRequestPartition:
            return OC.OffsetCommitRequestPartition(partition_index=i, committed_offset=offset)

        for group in ("cc2-grp", ""):
            r = c.request(
                OC(group_id=group, generation_id_or_member_epoch=-1, member_id="",
                   topics=[OC.OffsetCommitRequestTopic(name="cc2-g",
                                                       partitions=[cp(0, 5), cp(0, 7)]),
                           OC.OffsetCommitRequestTopic(name="cc2-g", partitions=[cp(1, 3)])]),
                8,
            )  # fmt: skip
            got = [(t.name, [(p.partition_index, p.error_code) for p in t.partitions])
                   for t in r.topics]  # type: ignore[attr-defined]  # fmt: skip
            assert got == [("cc2-g", [(0, 0), (1, 0)])], group

            r = c.request(
                OF(group_id=group, topics=[OF.OffsetFetchRequestTopic(name="cc2-g",
                                                                      partition_indexes=[0, 0, 1]),
                                           OF.OffsetFetchRequestTopic(name="cc2-g",
                                                                      partition_indexes=[1])]),
                7,
            )  # fmt: skip
            assert r.error_code == 0  # type: ignore[attr-defined]
            got = [(t.name, [(p.partition_index, p.committed_offset) for p in t.partitions])
                   for t in r.topics]  # type: ignore[attr-defined]  # fmt: skip
            assert got == [("cc2-g", [(0, 7), (1, 3)])], group

        r = c.request(
            OF(groups=[OF.OffsetFetchRequestGroup(group_id="cc2-grp", topics=[
                OF.OffsetFetchRequestTopics(name="cc2-g", partition_indexes=[1, 1])])]),
            8,
        )  # fmt: skip
        g = r.groups[0]  # type: ignore[attr-defined]
        assert [(p.partition_index, p.committed_offset) for p in g.topics[0].partitions] == [(1, 3)]

        OD = OffsetDeleteRequest
        r = c.request(
            OD(group_id="cc2-grp", topics=[
                OD.OffsetDeleteRequestTopic(name="cc2-g", partitions=[
                    OD.OffsetDeleteRequestPartition(partition_index=0),
                    OD.OffsetDeleteRequestPartition(partition_index=0)]),
                OD.OffsetDeleteRequestTopic(name="cc2-g", partitions=[
                    OD.OffsetDeleteRequestPartition(partition_index=0)])]),
            0,
        )  # fmt: skip
        assert r.error_code == 0  # type: ignore[attr-defined]
        got = [(t.name, [(p.partition_index, p.error_code) for p in t.partitions])
               for t in r.topics]  # type: ignore[attr-defined]  # fmt: skip
        assert got == [("cc2-g", [(0, 0)])]

        r = c.request(DescribeGroupsRequest(groups=["cc2-grp", "", "cc2-grp", "cc2-none"]), 5)
        got = [(x.group_id, x.error_code, x.group_state) for x in r.groups]  # type: ignore[attr-defined]
        assert got == [
            ("cc2-grp", 0, "Empty"),
            ("", 0, "Empty"),
            ("cc2-grp", 0, "Empty"),
            ("cc2-none", 0, "Dead"),
        ]

        r = c.request(DeleteGroupsRequest(groups_names=["cc2-grp", "", "cc2-grp", "cc2-none"]), 2)
        got = [(x.group_id, x.error_code) for x in r.results]  # type: ignore[attr-defined]
        assert got == [("cc2-grp", 0), ("", 0), ("cc2-none", GROUP_ID_NOT_FOUND)]
        r = c.request(DescribeGroupsRequest(groups=["cc2-grp", ""]), 5)
        assert [x.group_state for x in r.groups] == ["Dead", "Dead"]  # type: ignore[attr-defined]


def test_offset_for_leader_epoch_answers_a_partition_before_its_first_append(
    broker: BrokerProcess,
) -> None:
    """Kafka's leader caches its epoch at the log end offset when it becomes leader
    (``Partition.makeLeader``): epoch 0 of a topic just created ends at 0, not (-1, -1);
    a partition named twice is answered twice."""
    from strom.protocol.messages.offset_for_leader_epoch import OffsetForLeaderEpochRequest

    OE = OffsetForLeaderEpochRequest
    with WireClient(broker.bootstrap) as c:
        _create(c, "cc2-ole")

        def ask(epoch: int) -> OE.OffsetForLeaderPartition:
            return OE.OffsetForLeaderPartition(partition=0, current_leader_epoch=0,
                                               leader_epoch=epoch)  # fmt: skip

        r = c.request(
            OE(replica_id=-1, topics=[
                OE.OffsetForLeaderTopic(topic="cc2-ole", partitions=[ask(0), ask(0), ask(1)])]),
            4,
        )  # fmt: skip
        got = [(p.error_code, p.leader_epoch, p.end_offset) for p in r.topics[0].partitions]  # type: ignore[attr-defined]
        assert got == [(0, 0, 0), (0, 0, 0), (0, -1, -1)]
