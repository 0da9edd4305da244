"""The blocking ``Consumer`` against a real Strom broker: kafka-python's offset lookups
(``beginning_offsets``, ``end_offsets``, ``offsets_for_times``) with timeouts, and ``assign``
followed by ``seek`` with ``auto.offset.reset=none`` (Kafka allows the seek at any time before
the first poll; polling without a position raises until then)."""

from __future__ import annotations

import time
import uuid
from typing import Any

import pytest

from strom.client import TopicPartition
from strom.client.admin import NewTopic
from strom.client.errors import ClientError, KafkaTimeoutError
from strom.client.fetcher import OffsetOutOfRange
from strom.client.sync import AdminClient, Consumer, Producer
from strom.client.types import ConsumerRecord, OffsetAndTimestamp

pytestmark = pytest.mark.integration
BASE_TS = 1_700_000_000_000


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def setup_topic(bootstrap: str, partitions: int, records: int) -> str:
    """A topic with ``records`` records per partition, timestamps BASE_TS + 10 * index."""
    topic = name("sync")
    with AdminClient({"bootstrap.servers": bootstrap}) as admin:
        admin.create_topics([NewTopic(topic, partitions, 1)])
    with Producer({"bootstrap.servers": bootstrap}) as p:
        futs = [
            p.send(topic, f"v{i}".encode(), partition=part, timestamp=BASE_TS + 10 * i)
            for part in range(partitions)
            for i in range(records)
        ]
        p.flush(20)
        for f in futs:
            f.result(20)
    return topic


def poll_n(c: Consumer, n: int, timeout: float = 20) -> list[ConsumerRecord]:
    out: list[ConsumerRecord] = []
    deadline = time.monotonic() + timeout
    while len(out) < n and time.monotonic() < deadline:
        out += c.poll(0.2)
    return out


def test_sync_offset_lookups(broker: Any) -> None:
    topic = setup_topic(broker.bootstrap, 2, 30)
    tps = [TopicPartition(topic, 0), TopicPartition(topic, 1)]
    with Consumer({"bootstrap.servers": broker.bootstrap}) as c:
        assert c.beginning_offsets(tps, timeout=10) == {tps[0]: 0, tps[1]: 0}
        assert c.end_offsets(tps, timeout=10) == {tps[0]: 30, tps[1]: 30}
        found = c.offsets_for_times({tps[0]: BASE_TS + 105, tps[1]: BASE_TS + 10_000}, timeout=10)
        assert found[tps[0]] == OffsetAndTimestamp(11, BASE_TS + 110)
        offset, ts = found[tps[0]] or (-1, -1)  # still a plain tuple for older callers
        assert (offset, ts) == (11, BASE_TS + 110)
        assert found[tps[1]] is None  # nothing that late
        # an unknown topic never gets a leader: the lookup gives up at the timeout
        started = time.monotonic()
        with pytest.raises(KafkaTimeoutError):
            c.end_offsets([TopicPartition(name("missing"), 0)], timeout=0.5)
        assert time.monotonic() - started < 5


def test_assign_then_seek_with_reset_none(broker: Any) -> None:
    topic = setup_topic(broker.bootstrap, 1, 20)
    tp = TopicPartition(topic, 0)
    with Consumer({"bootstrap.servers": broker.bootstrap, "auto.offset.reset": "none"}) as c:
        c.assign([tp])
        time.sleep(0.5)  # the background fetcher runs between assign and seek
        c.seek(tp, 5)
        recs = poll_n(c, 15)
        assert [r.offset for r in recs] == list(range(5, 20))
        assert c.position(tp) == 20


def test_poll_without_position_raises_until_seek(broker: Any) -> None:
    topic = setup_topic(broker.bootstrap, 1, 10)
    tp = TopicPartition(topic, 0)
    props = {"bootstrap.servers": broker.bootstrap, "auto.offset.reset": "none"}
    with Consumer({**props, "group.id": name("g")}) as c:  # no committed offset either
        c.assign([tp])
        with pytest.raises(OffsetOutOfRange):
            poll_n(c, 1, timeout=3)
        with pytest.raises(OffsetOutOfRange):
            c.position(tp)
        c.seek_to_end(tp)
        assert c.position(tp) == 10
        c.seek(tp, 7)
        assert [r.offset for r in poll_n(c, 3)] == [7, 8, 9]


def test_close_from_another_thread_ends_a_waiting_poll(broker: Any) -> None:
    """A poll waiting for records in one thread while another thread closes the consumer ends
    with an error soon after the close (it used to wait forever: its coroutine was left on the
    stopped loop)."""
    import threading

    topic = setup_topic(broker.bootstrap, 1, 0)
    c = Consumer({"bootstrap.servers": broker.bootstrap})
    c.assign(TopicPartition(topic, 0))
    c.seek(TopicPartition(topic, 0), 0)
    outcome: list[object] = []

    def waiting_poll() -> None:
        try:
            outcome.append(c.poll(60))
        except Exception as exc:
            outcome.append(exc)

    t = threading.Thread(target=waiting_poll, daemon=True)
    t.start()
    time.sleep(1.0)  # the poll is waiting on the (empty) partition
    assert t.is_alive() and not outcome
    closed_at = time.monotonic()
    c.close()
    t.join(15)
    assert not t.is_alive(), "the poll still waits after close"
    assert time.monotonic() - closed_at < 15
    assert len(outcome) == 1 and isinstance(outcome[0], ClientError), outcome
    assert "closed" in str(outcome[0]), outcome
