"""Corner cases of served APIs compared with Kafka 3.9's ``KafkaApis`` (raw frames): a topic named
twice in one CreateTopics, CreatePartitions or Metadata request, and empty request lists."""

from __future__ import annotations

import pytest
from conftest import BrokerProcess
from wire import WireClient

from strom.protocol.messages.create_partitions import CreatePartitionsRequest
from strom.protocol.messages.create_topics import CreateTopicsRequest
from strom.protocol.messages.metadata import MetadataRequest

pytestmark = pytest.mark.integration
CT = CreateTopicsRequest
CP = CreatePartitionsRequest
INVALID_REQUEST = 42


def _topic(name: str, partitions: int = 1) -> CreateTopicsRequest.CreatableTopic:
    return CT.CreatableTopic(name=name, num_partitions=partitions, replication_factor=1)


def _partition_count(c: WireClient, name: str) -> int | None:
    r = c.request(MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(name=name)],
                                  allow_auto_topic_creation=False), 9)  # fmt: skip
    t = r.topics[0]  # type: ignore[attr-defined]
    return None if t.error_code else len(t.partitions)


def test_create_topics_named_twice_creates_neither(broker: BrokerProcess) -> None:
    """Kafka: every entry of a name given more than once is INVALID_REQUEST "Found multiple
    entries for this topic." and none is created; the other topics are."""
    with WireClient(broker.bootstrap) as c:
        r = c.request(
            CT(topics=[_topic("cc-dup", 1), _topic("cc-single"), _topic("cc-dup", 3)],
               timeout_ms=5000),
            7,
        )  # fmt: skip
        got = [(t.name, t.error_code, t.error_message or None) for t in r.topics]  # type: ignore[attr-defined]
        assert got == [
            ("cc-dup", INVALID_REQUEST, "Found multiple entries for this topic."),
            ("cc-single", 0, None),
            ("cc-dup", INVALID_REQUEST, "Found multiple entries for this topic."),
        ]
        assert _partition_count(c, "cc-dup") is None
        assert _partition_count(c, "cc-single") == 1
        # an empty list is an empty answer
        assert c.request(CT(topics=[], timeout_ms=5000), 7).topics == []  # type: ignore[attr-defined]


def test_create_partitions_named_twice_applies_neither(broker: BrokerProcess) -> None:
    """Kafka: one INVALID_REQUEST "Duplicate topic in request." for the name, nothing applied."""
    with WireClient(broker.bootstrap) as c:
        c.request(CT(topics=[_topic("cc-grow"), _topic("cc-grow-other")], timeout_ms=5000), 7)
        r = c.request(
            CP(
                topics=[
                    CP.CreatePartitionsTopic(name="cc-grow", count=2),
                    CP.CreatePartitionsTopic(name="cc-grow-other", count=2),
                    CP.CreatePartitionsTopic(name="cc-grow", count=3),
                ],
                timeout_ms=5000,
            ),
            3,
        )
        got = sorted((t.name, t.error_code, t.error_message or None) for t in r.results)  # type: ignore[attr-defined]
        assert got == [
            ("cc-grow", INVALID_REQUEST, "Duplicate topic in request."),
            ("cc-grow-other", 0, None),
        ]
        assert _partition_count(c, "cc-grow") == 1
        assert _partition_count(c, "cc-grow-other") == 2


def test_metadata_answers_a_topic_named_twice_once(broker: BrokerProcess) -> None:
    with WireClient(broker.bootstrap) as c:
        c.request(CT(topics=[_topic("cc-meta")], timeout_ms=5000), 7)
        M = MetadataRequest
        for version in (1, 9, 12):
            r = c.request(
                M(topics=[M.MetadataRequestTopic(name=n) for n in ("cc-meta", "cc-nope", "cc-meta",
                                                                    "cc-nope")],
                  allow_auto_topic_creation=False),
                version,
            )  # fmt: skip
            names = sorted(t.name for t in r.topics)  # type: ignore[attr-defined]
            assert names == ["cc-meta", "cc-nope"], version


def test_list_offsets_duplicates_and_unknown_special_timestamps(broker: BrokerProcess) -> None:
    """Kafka (``ReplicaManager.fetchOffset``, v1+): a partition named twice answers
    INVALID_REQUEST on each entry; a special timestamp older than the version, or an unknown
    negative one, UNSUPPORTED_VERSION; the other partitions are answered normally."""
    from strom.protocol.messages.list_offsets import ListOffsetsRequest

    L = ListOffsetsRequest
    with WireClient(broker.bootstrap) as c:
        c.request(CT(topics=[_topic("cc-lo", 2)], timeout_ms=5000), 7)

        def ask(version: int, parts: list[tuple[int, int]]) -> list[tuple[int, int]]:
            r = c.request(
                L(replica_id=-1, topics=[L.ListOffsetsTopic(name="cc-lo", partitions=[
                    L.ListOffsetsPartition(partition_index=i, timestamp=ts) for i, ts in parts
                ])]),
                version,
            )  # fmt: skip
            return [(p.partition_index, p.error_code) for p in r.topics[0].partitions]  # type: ignore[attr-defined]

        assert ask(1, [(0, -1), (1, -1), (0, -2)]) == [
            (0, INVALID_REQUEST),
            (1, 0),
            (0, INVALID_REQUEST),
        ]
        assert ask(6, [(0, -3), (1, -1)]) == [(0, 35), (1, 0)]  # MAX_TIMESTAMP needs v7
        assert ask(7, [(0, -3), (1, -4)]) == [(0, 0), (1, 35)]  # EARLIEST_LOCAL needs v8
        assert ask(8, [(0, -4), (1, -5)]) == [(0, 0), (1, 35)]  # LATEST_TIERED needs v9
        assert ask(9, [(0, -5), (1, -7)]) == [(0, 0), (1, 35)]  # not a special timestamp


def test_delete_topics_by_name_and_id_at_once_fails_the_request(broker: BrokerProcess) -> None:
    """Kafka: a topic given by both name and id (v6+) fails the whole request, every topic
    INVALID_REQUEST, nothing deleted."""
    from strom.protocol.messages.delete_topics import DeleteTopicsRequest

    D = DeleteTopicsRequest
    with WireClient(broker.bootstrap) as c:
        r = c.request(CT(topics=[_topic("cc-del-a"), _topic("cc-del-b")], timeout_ms=5000), 7)
        ids = {t.name: t.topic_id for t in r.topics}  # type: ignore[attr-defined]
        r = c.request(
            D(topics=[D.DeleteTopicState(name="cc-del-a"),
                      D.DeleteTopicState(name="cc-del-b", topic_id=ids["cc-del-b"])],
              timeout_ms=5000),
            6,
        )  # fmt: skip
        got = [(t.name, t.error_code) for t in r.responses]  # type: ignore[attr-defined]
        assert got == [("cc-del-a", INVALID_REQUEST), ("cc-del-b", INVALID_REQUEST)]
        assert _partition_count(c, "cc-del-a") == 1 and _partition_count(c, "cc-del-b") == 1
