"""KIP-320 position validation and KIP-392 preferred read replicas in the consumer, driven
through a scripted in-memory cluster (no sockets)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from strom.client.config import CONSUMER, Config
from strom.client.fetcher import Fetcher
from strom.client.subscription import SubscriptionState
from strom.client.types import BrokerInfo, TopicPartition
from strom.client.validation import LogTruncationError, mark_for_validation, validate_positions
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.fetch import FetchResponse
from strom.protocol.messages.offset_for_leader_epoch import (
    OffsetForLeaderEpochRequest,
    OffsetForLeaderEpochResponse,
)

pytestmark = pytest.mark.unit
TP = TopicPartition("t", 0)
R = OffsetForLeaderEpochResponse


class EpochCluster:
    def __init__(self, epoch: int, answer: tuple[int, int, int]) -> None:
        self.epoch = epoch
        self.answer = answer  # (error, leader_epoch, end_offset)
        self.requests: list[tuple[int, int]] = []
        self.updates = 0
        self.brokers = {1: BrokerInfo(1, "h", 1), 2: BrokerInfo(2, "h", 2)}

    def leader_for(self, tp: TopicPartition) -> int:
        return 1

    def leader_epoch(self, tp: TopicPartition) -> int:
        return self.epoch

    def request_update(self) -> None:
        self.updates += 1

    async def send(self, node: int, msg: Any, response: type[Any]) -> Any:
        assert isinstance(msg, OffsetForLeaderEpochRequest)
        p = msg.topics[0].partitions[0]
        self.requests.append((p.current_leader_epoch, p.leader_epoch))
        code, epoch, end = self.answer
        return R(
            topics=[R.OffsetForLeaderTopicResult("t", [R.EpochEndOffset(code, 0, epoch, end)])]
        )


def consumed(position: int, record_epoch: int, reset: str = "earliest") -> SubscriptionState:
    subs = SubscriptionState(reset)
    subs.assign_manual([TP])
    st = subs.assignment[TP]
    st.position, st.leader_epoch, st.validated_epoch = position, record_epoch, record_epoch
    return subs


def run(subs: SubscriptionState, cluster: EpochCluster) -> list[KafkaError]:
    errors: list[KafkaError] = []
    mark_for_validation(subs, cluster)  # type: ignore[arg-type]
    asyncio.run(validate_positions(subs, cluster, errors))  # type: ignore[arg-type]
    return errors


def test_leader_change_detects_truncation_and_moves_back() -> None:
    subs = consumed(100, 3)
    cluster = EpochCluster(5, (0, 3, 80))
    mark_for_validation(subs, cluster)  # type: ignore[arg-type]
    assert subs.fetchable() == []  # not fetched while awaiting validation
    assert run(subs, cluster) == []
    assert cluster.requests == [(5, 3)]
    st = subs.assignment[TP]
    assert st.position == 80 and not st.awaiting_validation and st.validated_epoch == 5
    assert subs.fetchable() == [TP]


def test_truncation_with_reset_none_is_reported() -> None:
    subs = consumed(100, 3, reset="none")
    errors = run(subs, EpochCluster(4, (0, 3, 90)))
    assert len(errors) == 1 and isinstance(errors[0], LogTruncationError)
    assert subs.assignment[TP].position == 90


def test_no_truncation_keeps_position() -> None:
    subs = consumed(100, 3)
    cluster = EpochCluster(4, (0, 4, 150))
    assert run(subs, cluster) == []
    assert subs.assignment[TP].position == 100 and cluster.requests == [(4, 3)]


def test_same_epoch_needs_no_request() -> None:
    subs = consumed(100, 3)
    cluster = EpochCluster(3, (0, 3, 0))
    run(subs, cluster)
    assert cluster.requests == [] and subs.assignment[TP].position == 100


@pytest.mark.parametrize("code", [ErrorCode.FENCED_LEADER_EPOCH, ErrorCode.UNKNOWN_LEADER_EPOCH])
def test_stale_epoch_refreshes_metadata_and_retries(code: ErrorCode) -> None:
    subs = consumed(100, 3)
    cluster = EpochCluster(5, (code, -1, -1))
    run(subs, cluster)
    assert cluster.updates == 1 and subs.assignment[TP].awaiting_validation
    cluster.answer = (0, 3, 100)
    run(subs, cluster)
    assert not subs.assignment[TP].awaiting_validation and subs.assignment[TP].position == 100


def test_preferred_read_replica_is_used_until_it_expires_or_fails() -> None:
    async def go() -> None:
        subs = consumed(10, 0)
        config = Config(CONSUMER, {"client.rack": "r2", "metadata.max.age.ms": 60000})
        fetcher = Fetcher(EpochCluster(0, (0, 0, 0)), subs, config)  # type: ignore[arg-type]
        assert fetcher.rack == "r2" and fetcher.fetch_node(TP) == 1
        P = FetchResponse.PartitionData
        fetcher._handle_partition(TP, P(0, 0, 10, 10, preferred_read_replica=2), {TP: 10}, 1)
        assert fetcher.fetch_node(TP) == 2
        error = P(0, ErrorCode.NOT_LEADER_OR_FOLLOWER, 10, 10)
        fetcher._handle_partition(TP, error, {TP: 10}, 2)
        assert fetcher.fetch_node(TP) == 1
        fetcher._handle_partition(TP, P(0, 0, 10, 10, preferred_read_replica=2), {TP: 10}, 1)
        subs.assignment[TP].preferred_until = time.monotonic() - 1
        assert fetcher.fetch_node(TP) == 1
        # a follower's OFFSET_OUT_OF_RANGE goes back to the leader instead of resetting
        fetcher._handle_partition(TP, P(0, 0, 10, 10, preferred_read_replica=2), {TP: 10}, 1)
        oor = P(0, ErrorCode.OFFSET_OUT_OF_RANGE, 10, 10)
        fetcher._handle_partition(TP, oor, {TP: 10}, 2)
        assert subs.assignment[TP].position == 10 and fetcher.fetch_node(TP) == 1

    asyncio.run(go())


def committed(offset: int, epoch: int, reset: str = "earliest") -> SubscriptionState:
    subs = SubscriptionState(reset)
    subs.assign_manual([TP])
    subs.seek_committed(TP, offset, epoch)
    return subs


def test_committed_offset_with_epoch_is_validated_before_fetching() -> None:
    subs = committed(100, 2)
    assert subs.fetchable() == []  # not fetched until validated
    cluster = EpochCluster(2, (0, 2, 150))  # same epoch as the commit: still asked
    assert run(subs, cluster) == []
    assert cluster.requests == [(2, 2)]
    assert subs.assignment[TP].position == 100 and subs.fetchable() == [TP]


def test_committed_offset_beyond_its_epochs_end_moves_back() -> None:
    subs = committed(100, 2)
    cluster = EpochCluster(4, (0, 2, 60))  # epoch 2 ended at 60 on the new leader
    assert run(subs, cluster) == []
    st = subs.assignment[TP]
    assert cluster.requests == [(4, 2)] and st.position == 60 and subs.fetchable() == [TP]


def test_committed_truncation_with_reset_none_is_reported() -> None:
    subs = committed(100, 2, reset="none")
    errors = run(subs, EpochCluster(4, (0, 2, 60)))
    assert len(errors) == 1 and isinstance(errors[0], LogTruncationError)


def test_committed_epoch_unknown_to_the_leader_resets() -> None:
    subs = committed(100, 7)
    assert run(subs, EpochCluster(1, (0, -1, -1))) == []
    st = subs.assignment[TP]
    assert st.position is None and st.reset == "earliest" and subs.needs_reset() == [TP]


def test_committed_offset_without_epoch_is_not_validated() -> None:
    subs = committed(100, -1)
    cluster = EpochCluster(3, (0, 3, 0))
    assert subs.fetchable() == [TP]
    run(subs, cluster)
    assert cluster.requests == [] and subs.assignment[TP].position == 100
