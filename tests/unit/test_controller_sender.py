"""The controller's channel (strom.broker.inter_broker.ControllerSender): each broker's requests
are delivered in order, and a request is retried until it is answered, whatever the failure —
a lost connection, or an error raised while connecting (an ApiVersions or SASL step answered an
error while the broker starts). Before, such an error ended the broker's delivery task silently
and every later request to that broker stayed queued."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from strom.broker import inter_broker
from strom.broker.inter_broker import ControllerSender
from strom.client.errors import KafkaConnectionError
from strom.cluster.zk_store import BrokerEndpoint
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.update_metadata import UpdateMetadataRequest

pytestmark = pytest.mark.unit


class _Pool:
    """Stands in for InterBrokerPool: each attempt takes the next outcome (an exception to
    raise, or None: answered)."""

    def __init__(self, outcomes: list[BaseException | None]) -> None:
        self.outcomes = outcomes
        self.attempts: list[int] = []  # controller epoch of each attempted request
        self.delivered: list[int] = []
        self.dropped = 0

    async def request(self, host: str, port: int, msg: Any, *args: Any, **kw: Any) -> Any:
        self.attempts.append(msg.controller_epoch)
        outcome = self.outcomes.pop(0) if self.outcomes else None
        if outcome is not None:
            raise outcome
        self.delivered.append(msg.controller_epoch)
        return None

    def drop(self, host: str, port: int, channel: int = 0) -> None:
        self.dropped += 1


def _deliver_all(outcomes: list[BaseException | None], requests: int) -> _Pool:
    pool = _Pool(outcomes)

    async def body() -> None:
        sender = ControllerSender(pool)  # type: ignore[arg-type]
        ep = BrokerEndpoint(2, "127.0.0.1", 1, None, 7)
        for epoch in range(1, requests + 1):
            sender.send(ep, UpdateMetadataRequest(controller_epoch=epoch), 7)
        for _ in range(400):
            if len(pool.delivered) == requests:
                break
            await asyncio.sleep(0.01)
        await sender.close()

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(inter_broker, "RETRY_BACKOFF_S", 0.001)
        asyncio.run(body())
    return pool


def test_an_error_while_connecting_is_retried_and_later_requests_follow_in_order() -> None:
    failures: list[BaseException | None] = [
        KafkaError("SASL authentication failed", ErrorCode.SASL_AUTHENTICATION_FAILED),
        KafkaConnectionError("connection reset"),
        RuntimeError("anything unexpected"),
    ]
    pool = _deliver_all(failures, 3)
    assert pool.delivered == [1, 2, 3]
    assert pool.attempts == [1, 1, 1, 1, 2, 3]  # the first one four times, never reordered
    # each failure drops the connection (the retry opens a new one); closing the sender, one more
    assert pool.dropped == 3 + 1


def test_a_request_failing_many_times_is_still_delivered() -> None:
    pool = _deliver_all([KafkaError("refused")] * 120, 2)
    assert pool.delivered == [1, 2] and len(pool.attempts) == 122
