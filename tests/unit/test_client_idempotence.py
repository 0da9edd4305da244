"""The idempotent sender's KIP-360 epoch bump and sequence handling, driven through a scripted
in-memory cluster (no sockets): UNKNOWN_PRODUCER_ID bumps the epoch and resends the batch from
sequence 0; OUT_OF_ORDER_SEQUENCE_NUMBER for the next expected batch fails it and bumps; the
same error for a batch behind an unacknowledged one is retried without a bump."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import Any

import pytest

from strom.client.accumulator import ProducerBatch, RecordAccumulator
from strom.client.config import PRODUCER, Config
from strom.client.idempotence import ProducerIdentity
from strom.client.sender import Sender
from strom.client.types import TopicPartition
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.init_producer_id import InitProducerIdRequest, InitProducerIdResponse
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse
from strom.protocol.records import iter_batches

pytestmark = pytest.mark.unit
TP = TopicPartition("t", 0)
R = ProduceResponse


class ScriptedCluster:
    """Answers InitProducerId like a broker (epoch + 1 for a known id) and Produce with the
    scripted error codes, then success; records what was sent."""

    def __init__(self, produce_errors: list[int]) -> None:
        self.errors = deque(produce_errors)
        self.init_requests: list[tuple[int, int]] = []
        self.produced: list[tuple[int, int, int, int]] = []  # (pid, epoch, base_seq, count)
        self.offset = 0

    def leader_for(self, tp: TopicPartition) -> int:
        return 1

    def request_update(self) -> None:
        pass

    async def refresh(self) -> None:
        pass

    async def send_any(self, msg: Any, response: type[Any]) -> Any:
        assert isinstance(msg, InitProducerIdRequest)
        self.init_requests.append((msg.producer_id, msg.producer_epoch))
        if msg.producer_id < 0:
            return InitProducerIdResponse(0, 0, 1000, 0)
        return InitProducerIdResponse(0, 0, msg.producer_id, msg.producer_epoch + 1)

    async def send(self, node: int, msg: Any, response: type[Any]) -> Any:
        assert isinstance(msg, ProduceRequest)
        results = []
        for t in msg.topic_data:
            parts = []
            for p in t.partition_data:
                data = p.records
                assert data is not None
                for _, h in iter_batches(data):
                    self.produced.append(
                        (h.producer_id, h.producer_epoch, h.base_sequence, h.last_offset_delta + 1)
                    )
                    code = self.errors.popleft() if self.errors else 0
                    parts.append(R.PartitionProduceResponse(p.index, code, self.offset))
                    if not code:
                        self.offset += h.last_offset_delta + 1
            results.append(R.TopicProduceResponse(t.name, parts))
        return ProduceResponse(responses=results)


async def run(cluster: ScriptedCluster, batches: int) -> tuple[Sender, list[Any]]:
    config = Config(PRODUCER, {"retry.backoff.ms": 1, "linger.ms": 0})
    acc = RecordAccumulator(batch_size=100, linger=0, buffer_memory=1 << 20, max_block=1)
    sender = Sender(cluster, acc, config, ProducerIdentity())  # type: ignore[arg-type]
    await sender.start()
    futs = []
    for i in range(batches):
        fut, _ = await acc.append(TP, None, b"x" * 80, i, [])  # one record fills a batch
        futs.append(fut)
    results = await asyncio.wait_for(asyncio.gather(*futs, return_exceptions=True), 10)
    await sender.close(1)
    return sender, results


def test_unknown_producer_id_bumps_epoch_and_resends_from_zero() -> None:
    cluster = ScriptedCluster([ErrorCode.UNKNOWN_PRODUCER_ID])
    sender, results = asyncio.run(run(cluster, 1))
    assert not isinstance(results[0], BaseException)
    assert cluster.init_requests == [(-1, -1), (1000, 0)]
    assert cluster.produced == [(1000, 0, 0, 1), (1000, 1, 0, 1)]
    assert (sender.producer_id, sender.producer_epoch) == (1000, 1)


def test_out_of_order_for_next_expected_batch_fails_it_and_bumps() -> None:
    cluster = ScriptedCluster([0, ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER])

    _, results = asyncio.run(run(cluster, 2))
    assert not isinstance(results[0], BaseException)
    assert isinstance(results[1], KafkaError)
    assert results[1].code == ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER
    assert cluster.init_requests == [(-1, -1), (1000, 0)]


def test_bumped_identity_restamps_queued_batches_in_order() -> None:
    ident = ProducerIdentity()
    ident.reset(7, 0)
    batches = [ProducerBatch(TP, 0.0, records=[(None, b"v", 0, [])] * n) for n in (2, 3)]
    for b in batches:
        ident.stamp(b)
    assert [b.base_sequence for b in batches] == [0, 2]
    ident.acked(batches[0])
    assert ident.is_next_expected(batches[1])
    ident.reset(7, 1)
    assert not ident.current(batches[1]) and not ident.is_next_expected(batches[1])
    ident.stamp(batches[1])
    assert (batches[1].producer_epoch, batches[1].base_sequence) == (1, 0)
    assert ident.next_sequence[TP] == 3


def test_out_of_order_behind_an_unacknowledged_batch_is_retried() -> None:
    ident = ProducerIdentity()
    ident.reset(7, 0)
    now = time.monotonic()
    first, second = (ProducerBatch(TP, now, records=[(None, b"v", 0, [])]) for _ in range(2))
    ident.stamp(first)
    ident.stamp(second)
    config = Config(PRODUCER, {})
    acc = RecordAccumulator(batch_size=100, linger=0, buffer_memory=1 << 20, max_block=1)

    async def go() -> tuple[bool, bool]:
        sender = Sender(ScriptedCluster([]), acc, config, ident)  # type: ignore[arg-type]
        second.attempts = first.attempts = 1
        oos = KafkaError("oos", ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER)
        return sender._can_retry(second, oos), sender._can_retry(first, oos)

    behind, next_expected = asyncio.run(go())
    assert behind and not next_expected
