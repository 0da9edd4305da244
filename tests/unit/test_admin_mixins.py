"""Unit tests of the admin client's newer calls with a fake transport: the requests they build
(OffsetDelete, ElectLeaders, AlterPartitionReassignments, DescribeTransactions, DescribeLogDirs)
and how per-item answers become results."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from strom.client import AIOAdminClient, TopicPartition
from strom.protocol.messages.alter_partition_reassignments import (
    AlterPartitionReassignmentsResponse as APR,
)
from strom.protocol.messages.describe_log_dirs import DescribeLogDirsResponse as DLD
from strom.protocol.messages.describe_transactions import DescribeTransactionsResponse as DT
from strom.protocol.messages.elect_leaders import ElectLeadersResponse as EL
from strom.protocol.messages.offset_delete import OffsetDeleteResponse as OD

pytestmark = pytest.mark.unit
TP = TopicPartition


class FakeTransport:
    """Records every request and answers with the next canned response."""

    def __init__(self, admin: AIOAdminClient, answers: list[Any]) -> None:
        self.sent: list[tuple[int | str, Any]] = []
        self.answers = list(answers)

        async def send(node: int, msg: Any, _resp: Any) -> Any:
            self.sent.append((node, msg))
            return self.answers.pop(0)

        async def send_to(where: str, msg: Any, _resp: Any) -> Any:
            self.sent.append((where, msg))
            return self.answers.pop(0)

        async def coordinator(key: str, key_type: int = 0) -> int:
            return 5 + key_type

        async def brokers() -> list[int]:
            return [0, 1]

        admin.cluster.send = send  # type: ignore[method-assign]
        admin.cluster.send_controller = lambda m, r: send_to("controller", m, r)  # type: ignore[method-assign]
        admin._coordinator = coordinator  # type: ignore[method-assign]
        admin.broker_ids = brokers  # type: ignore[method-assign]


def _admin(answers: list[Any]) -> tuple[AIOAdminClient, FakeTransport]:
    admin = AIOAdminClient({"bootstrap.servers": "127.0.0.1:1"})
    return admin, FakeTransport(admin, answers)


def test_delete_consumer_group_offsets() -> None:
    parts = [OD.OffsetDeleteResponsePartition(0, 0), OD.OffsetDeleteResponsePartition(1, 86)]
    answer = OD(error_code=0, topics=[OD.OffsetDeleteResponseTopic("t", parts)])
    admin, fake = _admin([answer])
    res = asyncio.run(
        admin.delete_consumer_group_offsets("g", [TP("t", 0), TP("t", 1), TP("u", 0)])
    )
    node, req = fake.sent[0]
    assert node == 5 and req.group_id == "g"
    assert {t.name: [p.partition_index for p in t.partitions] for t in req.topics} == {
        "t": [0, 1],
        "u": [0],
    }
    # u-0 got no answer: it carries the group-level code (NONE here)
    assert res.error_code == 0
    assert res.partitions == {TP("t", 0): 0, TP("t", 1): 86, TP("u", 0): 0}
    top = OD(error_code=69, topics=[])
    admin, fake = _admin([top])
    res = asyncio.run(admin.delete_consumer_group_offsets("nog", [TP("t", 0)]))
    assert res.error_code == 69 and res.partitions == {TP("t", 0): 69}


def test_elect_leaders_all_and_some() -> None:
    parts = [EL.PartitionResult(0, 84, "not needed"), EL.PartitionResult(1, 0, None)]
    answer = EL(error_code=0, replica_election_results=[EL.ReplicaElectionResult("t", parts)])
    admin, fake = _admin([answer, answer])
    res = asyncio.run(admin.elect_leaders(1, None))
    where, req = fake.sent[0]
    assert where == "controller" and req.election_type == 1 and req.topic_partitions is None
    assert res == {TP("t", 0): (84, "not needed"), TP("t", 1): (0, None)}
    asyncio.run(admin.elect_leaders(0, [TP("t", 1), TP("t", 0)]))
    req = fake.sent[1][1]
    assert [(t.topic, t.partitions) for t in req.topic_partitions] == [("t", [1, 0])]


def test_alter_partition_reassignments_start_and_cancel() -> None:
    answer = APR(error_code=0, error_message=None, responses=[APR.ReassignableTopicResponse(
        "t", [APR.ReassignablePartitionResponse(0, 0, None),
              APR.ReassignablePartitionResponse(1, 85, "none in progress")])])  # fmt: skip
    admin, fake = _admin([answer])
    res = asyncio.run(admin.alter_partition_reassignments({TP("t", 0): [2, 1], TP("t", 1): None}))
    req = fake.sent[0][1]
    assert [(p.partition_index, p.replicas) for p in req.topics[0].partitions] == [
        (0, [2, 1]),
        (1, None),
    ]
    assert res[TP("t", 1)] == (85, "none in progress")


def test_describe_transactions_absent_start_time() -> None:
    answer = DT(transaction_states=[DT.TransactionState(
        error_code=0, transactional_id="tx", transaction_state="Empty",
        transaction_timeout_ms=60000, transaction_start_time_ms=-1, producer_id=3,
        producer_epoch=0, topics=[DT.TopicData("t", [1, 0])])])  # fmt: skip
    admin, fake = _admin([answer])
    d = asyncio.run(admin.describe_transactions(["tx"]))["tx"]
    assert fake.sent[0][0] == 6  # the transaction coordinator (key type 1)
    assert d.transaction_start_time_ms is None and d.partitions == [TP("t", 0), TP("t", 1)]


def test_describe_log_dirs_every_broker() -> None:
    def answer(size: int) -> DLD:
        return DLD(error_code=0, results=[DLD.DescribeLogDirsResult(
            error_code=0, log_dir="/d", topics=[DLD.DescribeLogDirsTopic(
                "t", [DLD.DescribeLogDirsPartition(0, size, 0, False)])])])  # fmt: skip

    admin, fake = _admin([answer(10), answer(20)])
    out = asyncio.run(admin.describe_log_dirs())
    assert [node for node, _ in fake.sent] == [0, 1]
    assert fake.sent[0][1].topics is None
    assert out[1][0].replicas[TP("t", 0)].size == 20
