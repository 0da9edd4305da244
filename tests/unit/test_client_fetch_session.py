"""Fetch sessions (KIP-227) in the consumer: the session state machine, and the fetcher driven
against a scripted broker that keeps sessions the way Kafka's broker does (a full request with
epoch 0 creates one, incremental requests must carry the next epoch and only update or forget
partitions, answers cover every partition of the session)."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import pytest

from strom.client.config import CONSUMER, Config
from strom.client.fetch_session import (
    FINAL_EPOCH,
    INITIAL_EPOCH,
    FetchSession,
    SessionPartition,
    next_epoch,
)
from strom.client.fetcher import Fetcher
from strom.client.subscription import SubscriptionState
from strom.client.types import BrokerInfo, TopicPartition
from strom.errors import ErrorCode
from strom.protocol.messages.fetch import FetchRequest, FetchResponse

pytestmark = pytest.mark.unit
A, B, C = TopicPartition("t", 0), TopicPartition("t", 1), TopicPartition("u", 0)


def sp(offset: int) -> SessionPartition:
    return SessionPartition(offset, 3, -1, 1000)


def test_full_then_incremental_then_forget() -> None:
    s = FetchSession(1)
    req = s.build({A: sp(0), B: sp(0)}, 12)
    assert (req.session_id, req.epoch, req.full, set(req.send)) == (0, INITIAL_EPOCH, True, {A, B})
    assert s.handle_response(0, 77)
    assert (s.session_id, s.epoch) == (77, 1)
    req = s.build({A: sp(5), B: sp(0), C: sp(9)}, 12)  # A moved, B unchanged, C new
    assert (req.session_id, req.epoch, req.full) == (77, 1, False)
    assert req.send == {A: sp(5), C: sp(9)} and req.forget == []
    assert set(req.fetching) == {A, B, C}
    assert s.handle_response(0, 77) and s.epoch == 2
    req = s.build({C: sp(9)}, 12)  # A and B dropped, C unchanged
    assert req.send == {} and sorted(req.forget) == [A, B]
    assert [(f.topic, f.partitions) for f in req.forgotten()] == [("t", [0, 1])]


def test_session_errors_fall_back_to_full_requests() -> None:
    s = FetchSession(1)
    s.build({A: sp(0)}, 12)
    s.handle_response(0, 77)
    s.build({A: sp(1)}, 12)
    # INVALID_FETCH_SESSION_EPOCH: keep the id with epoch 0 (close it and open a new one)
    assert not s.handle_response(ErrorCode.INVALID_FETCH_SESSION_EPOCH, 0)
    req = s.build({A: sp(1)}, 12)
    assert (req.session_id, req.epoch, req.full) == (77, INITIAL_EPOCH, True)
    s.handle_response(0, 78)
    s.build({A: sp(2)}, 12)
    # FETCH_SESSION_ID_NOT_FOUND: start without a session id
    assert not s.handle_response(ErrorCode.FETCH_SESSION_ID_NOT_FOUND, 0)
    req = s.build({A: sp(2)}, 12)
    assert (req.session_id, req.epoch, req.full) == (0, INITIAL_EPOCH, True)
    s.handle_response(0, 79)
    s.build({A: sp(3)}, 12)
    s.handle_error()  # connection lost
    req = s.build({A: sp(3)}, 12)
    assert (req.session_id, req.epoch, req.full, req.send) == (79, 0, True, {A: sp(3)})


def test_broker_without_sessions_gets_full_requests() -> None:
    s = FetchSession(1)
    for offset in range(3):
        req = s.build({A: sp(offset)}, 12)
        assert (req.session_id, req.epoch, req.full, req.send) == (0, 0, True, {A: sp(offset)})
        assert s.handle_response(0, 0)
    assert (s.full_requests, s.incremental_requests) == (3, 0)
    req = s.build({A: sp(0)}, 6)  # before Fetch v7 there are no sessions at all
    assert (req.session_id, req.epoch, req.full) == (0, FINAL_EPOCH, True)


def test_epoch_wraps_and_close_request() -> None:
    assert next_epoch(5) == 6 and next_epoch(2**31 - 1) == 1 and next_epoch(-1) == FINAL_EPOCH
    s = FetchSession(1)
    assert s.close_request() is None
    s.build({A: sp(0)}, 12)
    s.handle_response(0, 77)
    close = s.close_request()
    assert close is not None and (close.session_id, close.epoch, close.send) == (77, -1, {})
    assert s.session_id == 0


class SessionBroker:
    """A broker keeping one fetch session per Kafka's rules; every partition's high watermark is
    100 + its fetch offset, so the answers show which fetch offset the broker used."""

    def __init__(self) -> None:
        self.ids = itertools.count(500)
        self.sessions: dict[int, tuple[int, dict[TopicPartition, int]]] = {}
        self.requests: list[FetchRequest] = []
        self.brokers = {1: BrokerInfo(1, "h", 1)}

    # the Cluster surface the fetcher uses
    def leader_for(self, tp: TopicPartition) -> int:
        return 1

    def leader_epoch(self, tp: TopicPartition) -> int:
        return 3

    def request_update(self) -> None:
        pass

    async def connection(self, node: int) -> SessionBroker:
        return self

    def version(self, api_key: int) -> int:
        return 12

    async def request(
        self, req: FetchRequest, response: type[Any], version: int | None = None, **_: Any
    ) -> FetchResponse:
        self.requests.append(req)
        listed = {
            TopicPartition(t.topic, p.partition): p.fetch_offset
            for t in req.topics
            for p in t.partitions
        }
        if req.session_epoch in (INITIAL_EPOCH, FINAL_EPOCH):
            self.sessions.pop(req.session_id, None)
            if req.session_epoch == FINAL_EPOCH:
                return self._answer(0, listed)
            sid = next(self.ids)
            self.sessions[sid] = (1, dict(listed))
            return self._answer(sid, listed)
        if req.session_id not in self.sessions:
            return FetchResponse(error_code=ErrorCode.FETCH_SESSION_ID_NOT_FOUND, responses=[])
        epoch, parts = self.sessions[req.session_id]
        if req.session_epoch != epoch:
            return FetchResponse(error_code=ErrorCode.INVALID_FETCH_SESSION_EPOCH, responses=[])
        parts.update(listed)
        for f in req.forgotten_topics_data:
            for p in f.partitions:
                parts.pop(TopicPartition(f.topic, p), None)
        self.sessions[req.session_id] = (epoch + 1, parts)
        return self._answer(req.session_id, parts)

    def _answer(self, sid: int, parts: dict[TopicPartition, int]) -> FetchResponse:
        R = FetchResponse
        by_topic: dict[str, list[R.PartitionData]] = {}
        for tp, offset in parts.items():
            by_topic.setdefault(tp.topic, []).append(
                R.PartitionData(tp.partition, 0, 100 + offset, 100 + offset, records=b"")
            )
        topics = [R.FetchableTopicResponse(t, partitions=ps) for t, ps in by_topic.items()]
        return R(error_code=0, session_id=sid, responses=topics)


def test_fetcher_uses_incremental_requests_and_recovers_from_a_lost_session() -> None:
    async def go() -> None:
        broker = SessionBroker()
        subs = SubscriptionState("earliest")
        subs.assign_manual([A, B])
        subs.seek(A, 10)
        subs.seek(B, 20)
        fetcher = Fetcher(broker, subs, Config(CONSUMER, {}))  # type: ignore[arg-type]
        await fetcher._fetch(1, [A, B])
        first = broker.requests[-1]
        assert (first.session_id, first.session_epoch) == (0, 0)
        assert sum(len(t.partitions) for t in first.topics) == 2
        assert subs.assignment[B].high_watermark == 120

        subs.seek(A, 11)
        await fetcher._fetch(1, [A, B])
        second = broker.requests[-1]
        assert (second.session_id, second.session_epoch) == (500, 1)
        assert [(p.partition, p.fetch_offset) for t in second.topics for p in t.partitions] == [
            (0, 11)
        ]
        # B was not listed, but the session answers for it and the fetcher accepts that
        subs.assignment[B].high_watermark = -1
        await fetcher._fetch(1, [A, B])
        assert broker.requests[-1].topics == [] and subs.assignment[B].high_watermark == 120
        assert subs.assignment[A].high_watermark == 111

        await fetcher._fetch(1, [A])  # B has buffered data, say: forgotten
        assert [(f.topic, f.partitions) for f in broker.requests[-1].forgotten_topics_data] == [
            ("t", [1])
        ]

        broker.sessions.clear()  # the broker evicted the session
        await fetcher._fetch(1, [A, B])
        assert fetcher.sessions[1].session_id == 0
        await fetcher._fetch(1, [A, B])
        full = broker.requests[-1]
        assert (full.session_id, full.session_epoch) == (0, 0)
        assert sum(len(t.partitions) for t in full.topics) == 2
        await fetcher._fetch(1, [A, B])
        assert broker.requests[-1].session_epoch == 1 and broker.requests[-1].topics == []

        await fetcher.close()  # closes the session on the broker
        assert broker.requests[-1].session_epoch == FINAL_EPOCH and not broker.sessions

    asyncio.run(go())
