"""OffsetCommit and TxnOffsetCommit naming partitions the cluster does not have, against a real
broker: Kafka answers UNKNOWN_TOPIC_OR_PARTITION for each such partition (a missing topic, an
index past the partition count, a negative index), writes nothing for them, still commits the
valid partitions of the same request, and does not create the topic. OffsetFetch of a topic that
does not exist answers offset -1 with no error. Driven by confluent-kafka and raw frames."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from confluent_kafka import Consumer, KafkaException, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic
from test_acl_handlers import ADMIN, allow, call, commit_req, run, running
from test_transactions_raw import _end, _init, _retry
from wire import WireClient

from strom.broker.security.acl import AclOperation, ResourceType
from strom.errors import ErrorCode
from strom.protocol.messages.add_offsets_to_txn import AddOffsetsToTxnRequest
from strom.protocol.messages.find_coordinator import FindCoordinatorRequest
from strom.protocol.messages.metadata import MetadataRequest
from strom.protocol.messages.offset_commit import OffsetCommitRequest
from strom.protocol.messages.offset_fetch import OffsetFetchRequest
from strom.protocol.messages.txn_offset_commit import TxnOffsetCommitRequest

pytestmark = pytest.mark.integration
E = ErrorCode
UNKNOWN = int(E.UNKNOWN_TOPIC_OR_PARTITION)


def _create(bootstrap: str, topic: str, partitions: int) -> None:
    a = AdminClient({"bootstrap.servers": bootstrap})
    a.create_topics([NewTopic(topic, partitions, 1)])[topic].result(15)


def _answers(resp: Any) -> dict[tuple[str, int], int]:
    """(topic, partition) -> error code; each (topic, partition) answered exactly once."""
    out: dict[tuple[str, int], int] = {}
    names = [t.name for t in resp.topics]
    assert len(names) == len(set(names)), names
    for t in resp.topics:
        for p in t.partitions:
            assert (t.name, p.partition_index) not in out
            out[(t.name, p.partition_index)] = p.error_code
    return out


def _fetched(
    w: WireClient, group: str, wanted: dict[str, list[int]], version: int = 7
) -> dict[tuple[str, int], Any]:
    """(topic, partition) -> (committed offset, error code) from OffsetFetch ``version``."""
    R = OffsetFetchRequest
    if version >= 8:
        T8 = R.OffsetFetchRequestTopics
        req = R(
            groups=[
                R.OffsetFetchRequestGroup(
                    group_id=group,
                    topics=[T8(name=n, partition_indexes=ps) for n, ps in wanted.items()],
                )
            ]
        )
        [g] = w.request(req, version).groups
        assert g.error_code == 0
        topics = g.topics
    else:
        T = R.OffsetFetchRequestTopic
        req = R(
            group_id=group, topics=[T(name=n, partition_indexes=ps) for n, ps in wanted.items()]
        )
        resp = w.request(req, version)
        assert resp.error_code == 0
        topics = resp.topics
    return {
        (t.name, p.partition_index): (p.committed_offset, p.error_code)
        for t in topics
        for p in t.partitions
    }


def _topic_exists(w: WireClient, name: str) -> bool:
    md = w.request(
        MetadataRequest(
            topics=[MetadataRequest.MetadataRequestTopic(name=name)],
            allow_auto_topic_creation=False,
        ),
        8,
    )
    [t] = md.topics
    return bool(t.error_code == 0)


def test_offset_commit_to_unknown_partitions_raw(broker: Any) -> None:
    _create(broker.bootstrap, "known2", 2)
    P = OffsetCommitRequest.OffsetCommitRequestPartition
    T = OffsetCommitRequest.OffsetCommitRequestTopic

    def parts(*indexes: int) -> list[Any]:
        return [P(partition_index=i, committed_offset=42, committed_metadata="m") for i in indexes]

    with WireClient(broker.bootstrap) as w:
        _retry(w, FindCoordinatorRequest(key="cu-g", key_type=0), 3)
        req = OffsetCommitRequest(
            group_id="cu-g",
            generation_id_or_member_epoch=-1,
            member_id="",
            topics=[
                T(name="known2", partitions=parts(0, 2, -1)),
                T(name="ghost", partitions=parts(0)),
            ],
        )
        for version in (2, 7, 8):
            got = _answers(_retry(w, req, version))
            assert got == {
                ("known2", 0): 0,
                ("known2", 2): UNKNOWN,
                ("known2", -1): UNKNOWN,
                ("ghost", 0): UNKNOWN,
            }, version
        # OffsetFetch (v1+, offsets kept by the coordinator): -1 and no error for a partition
        # with no committed offset, known or not -- Kafka's coordinator does not look at the
        # metadata here.
        for version in (1, 7, 8):
            seen = _fetched(w, "cu-g", {"known2": [0, 1, 2], "ghost": [0]}, version)
            assert seen == {
                ("known2", 0): (42, 0),
                ("known2", 1): (-1, 0),
                ("known2", 2): (-1, 0),
                ("ghost", 0): (-1, 0),
            }, version
        assert not _topic_exists(w, "ghost")

        # Only unknown partitions: answered without asking the coordinator, so even a member
        # the group does not know gets UNKNOWN_TOPIC_OR_PARTITION (as Kafka does).
        only = OffsetCommitRequest(
            group_id="cu-g",
            generation_id_or_member_epoch=7,
            member_id="nobody",
            topics=[T(name="ghost", partitions=parts(0, 1)), T(name="known2", partitions=parts(9))],
        )
        got = _answers(w.request(only, 8))
        assert got == {("ghost", 0): UNKNOWN, ("ghost", 1): UNKNOWN, ("known2", 9): UNKNOWN}
        # A valid partition with that bogus member still meets the coordinator's check.
        only.topics.append(T(name="known2", partitions=parts(1)))
        got = _answers(w.request(only, 8))
        assert got[("known2", 1)] not in (0, UNKNOWN)
        assert got[("known2", 9)] == UNKNOWN
        assert not _topic_exists(w, "ghost")


def test_confluent_commit_to_missing_topic_fails_per_partition(broker: Any) -> None:
    _create(broker.bootstrap, "cu-real", 1)
    c = Consumer(
        {
            "bootstrap.servers": broker.bootstrap,
            "group.id": "cu-confluent",
            "enable.auto.commit": False,
        }
    )
    try:
        offsets = [TopicPartition("cu-missing", 0, 5), TopicPartition("cu-real", 0, 3)]
        # librdkafka fails a synchronous commit with the first partition error
        with pytest.raises(KafkaException) as info:
            c.commit(offsets=offsets, asynchronous=False)
        assert info.value.args[0].code() == UNKNOWN
        # the valid partition of the same request was committed, the unknown one was not
        got = c.committed([TopicPartition("cu-real", 0), TopicPartition("cu-missing", 0)], 10)
        by = {tp.topic: tp.offset for tp in got}
        assert by["cu-real"] == 3
        assert by["cu-missing"] < 0  # OFFSET_INVALID: nothing was stored
    finally:
        c.close()


def test_txn_offset_commit_to_unknown_partitions_raw(broker: Any) -> None:
    _create(broker.bootstrap, "cu-txn", 1)
    P = TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition
    T = TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic
    with WireClient(broker.bootstrap) as w:
        pid, epoch = _init(w, "cu-tx")
        add = AddOffsetsToTxnRequest(
            transactional_id="cu-tx", producer_id=pid, producer_epoch=epoch, group_id="cu-tg"
        )
        assert _retry(w, add, 3).error_code == 0
        _retry(w, FindCoordinatorRequest(key="cu-tg", key_type=0), 3)
        req = TxnOffsetCommitRequest(
            transactional_id="cu-tx",
            group_id="cu-tg",
            producer_id=pid,
            producer_epoch=epoch,
            topics=[
                T(
                    name="cu-txn",
                    partitions=[P(partition_index=i, committed_offset=7) for i in (0, 1)],
                ),
                T(name="nope", partitions=[P(partition_index=0, committed_offset=7)]),
            ],
        )
        resp = _retry(w, req, 3)
        codes = [
            (t.name, p.partition_index, p.error_code) for t in resp.topics for p in t.partitions
        ]
        assert sorted(codes) == [("cu-txn", 0, 0), ("cu-txn", 1, UNKNOWN), ("nope", 0, UNKNOWN)]
        assert _end(w, "cu-tx", pid, epoch, True) == 0
        deadline = time.monotonic() + 20  # the commit marker is written after EndTxn answers
        while True:
            seen = _fetched(w, "cu-tg", {"cu-txn": [0, 1], "nope": [0]})
            if seen[("cu-txn", 0)] == (7, 0) or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert seen == {("cu-txn", 0): (7, 0), ("cu-txn", 1): (-1, 0), ("nope", 0): (-1, 0)}
        assert not _topic_exists(w, "nope")


def test_authorization_is_checked_before_existence(tmp_path: Path) -> None:
    """Kafka checks READ on the topic first: a topic the principal may not read answers
    TOPIC_AUTHORIZATION_FAILED whether or not it exists (no existence leak); an authorized
    unknown topic answers UNKNOWN_TOPIC_OR_PARTITION."""

    async def scenario() -> None:
        async with running(tmp_path) as b:  # topic "t" exists with 1 partition
            await call(b, 10, FindCoordinatorRequest(key="g"), version=3, principal=ADMIN)
            for _ in range(100):  # until __consumer_offsets is loaded
                r = await call(b, 8, commit_req("g", ["t"], 1), version=8, principal=ADMIN)
                if r.topics[0].partitions[0].error_code == 0:
                    break
                await asyncio.sleep(0.1)
            allow(b, ResourceType.GROUP, "g", AclOperation.READ)
            for name in ("t", "ghost"):
                allow(b, ResourceType.TOPIC, name, AclOperation.READ)
            req = commit_req("g", ["t", "ghost", "hidden"], 5)
            got = {t.name: t.partitions[0].error_code for t in (await call(b, 8, req)).topics}
            denied = int(E.TOPIC_AUTHORIZATION_FAILED)
            assert got == {"t": 0, "ghost": UNKNOWN, "hidden": denied}

    run(scenario())
