"""The KIP-848 member (``group.protocol=consumer``) against a scripted coordinator: revocation
before assignment, topic ids resolved through a metadata refresh, owned partitions reported by
topic id, fencing (partitions lost, rejoin with epoch 0), fatal errors."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest

from strom.client.config import CONSUMER, Config
from strom.client.consumer_membership import ConsumerGroupMembership
from strom.client.subscription import SubscriptionState
from strom.client.types import TopicPartition
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.consumer_group_heartbeat import (
    ConsumerGroupHeartbeatRequest,
    ConsumerGroupHeartbeatResponse,
)

pytestmark = pytest.mark.unit
R = ConsumerGroupHeartbeatResponse
T_ID, U_ID = uuid.uuid4(), uuid.uuid4()


class FakeCluster:
    def __init__(self) -> None:
        self.topic_ids = {"t": T_ID}
        self.topic_names = {T_ID: "t"}
        self.refreshes = 0

    def request_update(self) -> None:
        pass

    async def refresh(self) -> None:  # the refresh brings topic "u"
        self.refreshes += 1
        self.topic_ids["u"] = U_ID
        self.topic_names[U_ID] = "u"

    def add_topics(self, topics: Any) -> bool:
        return False


class ScriptedMember(ConsumerGroupMembership):
    """Answers heartbeats from a script; no committed offsets."""

    def __init__(self, answers: list[R]) -> None:
        subs = SubscriptionState("earliest")
        subs.subscribe(["t", "u"])
        config = Config(CONSUMER, {"group.id": "g", "group.protocol": "consumer"})
        super().__init__(FakeCluster(), subs, config)  # type: ignore[arg-type]
        self.answers = answers
        self.sent: list[ConsumerGroupHeartbeatRequest] = []
        self.events: list[tuple[str, list[TopicPartition]]] = []
        self.on_revoked = lambda tps: self.events.append(("revoked", tps))
        self.on_assigned = lambda tps: self.events.append(("assigned", tps))
        self.on_lost = lambda tps: self.events.append(("lost", tps))

    async def send(self, msg: Any, response: type[Any]) -> Any:
        self.sent.append(msg)
        return self.answers.pop(0)

    async def fetch_positions(self) -> None:
        pass


def tps(*items: tuple[str, int]) -> list[TopicPartition]:
    return [TopicPartition(t, p) for t, p in items]


def answer(epoch: int, assignment: dict[uuid.UUID, list[int]] | None, code: int = 0) -> R:
    return R(
        error_code=code,
        member_epoch=epoch,
        heartbeat_interval_ms=500,
        assignment=None
        if assignment is None
        else R.Assignment([R.TopicPartitions(t, ps) for t, ps in assignment.items()]),
    )


def test_join_revoke_then_assign_and_resolve_topic_ids() -> None:
    async def go() -> None:
        m = ScriptedMember(
            [
                answer(1, {T_ID: [0, 1]}),
                answer(2, {T_ID: [1, 2], U_ID: [0]}),  # u's id needs a metadata refresh
                answer(2, None),
            ]
        )
        await m._heartbeat()
        first = m.sent[0]
        assert (first.member_epoch, first.member_id) == (0, m.member_id) and len(m.member_id) == 22
        assert first.subscribed_topic_names == ["t", "u"] and first.topic_partitions == []
        assert m.events == [("assigned", tps(("t", 0), ("t", 1)))]
        assert (m.member_epoch, m.generation, m.interval) == (1, 1, 0.5)

        await m._heartbeat()
        owned = m.sent[1].topic_partitions
        assert m.sent[1].member_epoch == 1
        assert owned is not None and [(t.topic_id, t.partitions) for t in owned] == [(T_ID, [0, 1])]
        assert m.cluster.refreshes == 1  # type: ignore[attr-defined]
        assert m.events[1:] == [
            ("revoked", tps(("t", 0))),
            ("assigned", tps(("t", 2), ("u", 0))),
        ]
        assert set(m.subs.assignment) == set(tps(("t", 1), ("t", 2), ("u", 0)))

        await m._heartbeat()  # no assignment in the answer: nothing changes
        assert len(m.events) == 3 and m.member_epoch == 2

    asyncio.run(go())


@pytest.mark.parametrize("code", [ErrorCode.FENCED_MEMBER_EPOCH, ErrorCode.UNKNOWN_MEMBER_ID])
def test_fenced_member_loses_partitions_and_rejoins_with_epoch_zero(code: int) -> None:
    async def go() -> None:
        m = ScriptedMember([answer(3, {T_ID: [0]}), answer(0, None, code), answer(4, {T_ID: [0]})])
        await m._heartbeat()
        member_id = m.member_id
        await m._heartbeat()
        assert m.events[-1] == ("lost", tps(("t", 0)))
        assert m.subs.assignment == {} and (m.member_epoch, m.generation) == (0, -1)
        await m._heartbeat()
        rejoin = m.sent[-1]
        assert (rejoin.member_epoch, rejoin.member_id) == (0, member_id)
        assert m.events[-1] == ("assigned", tps(("t", 0))) and m.member_epoch == 4

    asyncio.run(go())


def test_fatal_error_stops_heartbeats_and_reaches_the_consumer() -> None:
    async def go() -> None:
        m = ScriptedMember([answer(0, None, ErrorCode.UNSUPPORTED_ASSIGNOR)])
        m.need_rejoin = True
        await m.ensure_active_group()  # starts the loop
        assert m._task is not None
        await asyncio.wait_for(m._task, 5)
        with pytest.raises(KafkaError) as info:
            await m.ensure_active_group()
        assert info.value.code == ErrorCode.UNSUPPORTED_ASSIGNOR
        await m.leave()

    asyncio.run(go())
