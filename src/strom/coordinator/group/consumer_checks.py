"""Checks of a ConsumerGroupHeartbeat request before the group is touched (Kafka 4.0's
``throwIfConsumerGroupHeartbeatRequestIsInvalid``): INVALID_REQUEST for a missing group id, an
empty instance id, a first heartbeat without rebalance timeout or subscription or with owned
partitions, a later one without member id, an invalid regex or epoch; UNSUPPORTED_ASSIGNOR for a
server assignor not in ``group.consumer.assignors``. Also the error type the consumer protocol
raises, and the owned-partitions conversion of a request."""

from __future__ import annotations

import re

from strom.coordinator.group.records_consumer import Assignment
from strom.errors import ErrorCode
from strom.protocol.messages.consumer_group_heartbeat import ConsumerGroupHeartbeatRequest

STATIC_LEAVE = -2


class HeartbeatError(Exception):
    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


def assignment_of(
    tps: list[ConsumerGroupHeartbeatRequest.TopicPartitions] | None,
) -> Assignment | None:
    if tps is None:
        return None
    return {t.topic_id: frozenset(t.partitions) for t in tps if t.partitions}


def valid_regex(pattern: str) -> bool:
    try:
        re.compile(pattern)
    except re.error:
        return False
    return True


def validate_request(req: ConsumerGroupHeartbeatRequest, assignors: tuple[str, ...]) -> None:
    """Raises :class:`HeartbeatError` for a request Kafka rejects before looking at the group."""
    bad = ErrorCode.INVALID_REQUEST
    if not req.group_id:
        raise HeartbeatError(bad, "GroupId can't be empty.")
    if req.instance_id is not None and not req.instance_id:
        raise HeartbeatError(bad, "InstanceId can't be empty.")
    if req.member_epoch == 0:
        if req.rebalance_timeout_ms == -1:
            raise HeartbeatError(bad, "RebalanceTimeoutMs must be provided in first request.")
        if assignment_of(req.topic_partitions):
            raise HeartbeatError(bad, "TopicPartitions must be empty when (re-)joining.")
        if req.subscribed_topic_names is None and req.subscribed_topic_regex is None:
            raise HeartbeatError(
                bad,
                "SubscribedTopicNames or SubscribedTopicRegex must be set in first request.",
            )
    elif not req.member_id:
        raise HeartbeatError(bad, "MemberId can't be empty.")
    if req.subscribed_topic_regex is not None and not valid_regex(req.subscribed_topic_regex):
        raise HeartbeatError(
            ErrorCode.INVALID_REQUEST,  # Kafka 4.0: INVALID_REGULAR_EXPRESSION
            f"SubscribedTopicRegex {req.subscribed_topic_regex} is invalid.",
        )
    if req.member_epoch == STATIC_LEAVE and req.instance_id is None:
        raise HeartbeatError(bad, "InstanceId can't be null when MemberEpoch is -2.")
    if req.member_epoch < STATIC_LEAVE:
        raise HeartbeatError(bad, f"MemberEpoch {req.member_epoch} is invalid.")
    if req.server_assignor is not None and req.server_assignor not in assignors:
        raise HeartbeatError(
            ErrorCode.UNSUPPORTED_ASSIGNOR,
            f"ServerAssignor {req.server_assignor} is not supported. Supported assignors: "
            + ", ".join(assignors),
        )
