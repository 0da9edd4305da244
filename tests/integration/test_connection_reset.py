"""A connection reset while its long-poll Fetch waits: when records arrive, the Fetch's response
(file ranges the broker would ``sendfile``) must reach no other connection, even the one the
broker accepted next on the same descriptor number; the broker keeps serving.

Real broker process, raw frames on real sockets; the broker's descriptors are read from
/proc/<pid>/fd to make sure the number was really reused."""

from __future__ import annotations

import os
import socket
import struct
import time

import pytest
from integration.conftest import BrokerProcess
from wire import WireClient

from strom.protocol import records as rec
from strom.protocol.frames import encode_request
from strom.protocol.messages.api_versions import ApiVersionsRequest, ApiVersionsResponse
from strom.protocol.messages.create_topics import CreateTopicsRequest, CreateTopicsResponse
from strom.protocol.messages.fetch import FetchRequest, FetchResponse
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse

pytestmark = pytest.mark.integration

TOPIC = "reset-long-poll"


def _sockets(pid: int) -> dict[int, str]:
    """The broker's socket descriptors: number -> ``socket:[inode]``."""
    found = {}
    for name in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{name}")
        except FileNotFoundError:
            continue
        if target.startswith("socket:"):
            found[int(name)] = target
    return found


def _until(cond: object, what: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not cond():  # type: ignore[operator]
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def _fetch(offset: int, max_wait_ms: int) -> FetchRequest:
    R = FetchRequest
    part = R.FetchPartition(partition=0, current_leader_epoch=-1, fetch_offset=offset,
                            last_fetched_epoch=-1, log_start_offset=-1,
                            partition_max_bytes=4 << 20)  # fmt: skip
    topics = [R.FetchTopic(topic=TOPIC, partitions=[part])]
    return R(replica_id=-1, max_wait_ms=max_wait_ms, min_bytes=1, max_bytes=4 << 20,
             isolation_level=0, session_id=0, session_epoch=-1, rack_id="",
             forgotten_topics_data=[], topics=topics)  # fmt: skip


def _produce(c: WireClient, values: list[bytes]) -> ProduceResponse:
    b = rec.RecordBatchBuilder()
    for v in values:
        b.append(v, timestamp=int(time.time() * 1000))
    P = ProduceRequest
    pd = P.PartitionProduceData(index=0, records=b.build())
    req = P(
        acks=1, timeout_ms=5000, topic_data=[P.TopicProduceData(name=TOPIC, partition_data=[pd])]
    )
    resp = c.request(req, 9)
    assert isinstance(resp, ProduceResponse)
    return resp


def test_a_long_poll_of_a_reset_connection_writes_nothing_to_the_next(
    fresh_broker: BrokerProcess,
) -> None:
    broker = fresh_broker
    broker.start()
    assert broker.proc is not None
    pid = broker.proc.pid
    before = _sockets(pid)

    # 1. a consumer's long poll at the log end: it waits in the purgatory
    first = WireClient(broker.bootstrap)
    _until(lambda: len(set(_sockets(pid)) - set(before)) == 1, "the broker accepts")
    (fd,) = set(_sockets(pid)) - set(before)
    old_inode = _sockets(pid)[fd]
    CT = CreateTopicsRequest
    topic = CT.CreatableTopic(name=TOPIC, num_partitions=1, replication_factor=1, configs=[])
    created = first.request(CT(topics=[topic], timeout_ms=5000), 7)
    assert isinstance(created, CreateTopicsResponse) and created.topics[0].error_code == 0
    first.send_raw(b"".join(encode_request(_fetch(0, 30_000), 11, 1, "long-poll")))
    time.sleep(0.3)

    # 2. it resets; the broker closes its socket, and the next connection gets the number
    first.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    first.close()
    _until(lambda: fd not in _sockets(pid), "the broker closes the reset connection")
    placeholders = []  # connections that got a lower free number, kept open meanwhile
    while True:
        known = set(_sockets(pid))
        second = WireClient(broker.bootstrap)
        _until(lambda k=known: set(_sockets(pid)) - k, "the broker accepts the next connection")
        if fd in _sockets(pid):
            break
        placeholders.append(second)
        assert len(placeholders) < 20, "the broker never reused the number"
    assert _sockets(pid)[fd] != old_inode  # the same number, another socket

    # 3. records arrive: the long poll completes; its response must go nowhere
    values = [os.urandom(10_000) for _ in range(90)]  # ~900 KB, more than a socket buffer
    resp = _produce(second, values)
    assert resp.responses[0].partition_responses[0].error_code == 0
    time.sleep(0.5)  # the long poll's response is written (or not) meanwhile
    fetched = second.request(_fetch(0, 100), 11)  # the next frame on this connection is its own
    assert isinstance(fetched, FetchResponse)
    data = fetched.responses[0].partitions[0].records
    got = [r.value for b in rec.decode_batches(bytes(data or b"")) for r in b.records]
    assert got == values
    second.sock.shutdown(socket.SHUT_WR)
    second.sock.settimeout(10)
    assert second.sock.recv(1 << 20) == b""  # and nothing else came
    second.close()
    for c in placeholders:
        c.close()

    # 4. the broker keeps serving, and the reset was no unexpected error for it (uvloop, the
    # broker's loop, refuses a write to the closed transport before any sendfile)
    assert broker.alive()
    assert "unexpected error" not in broker.log_path.read_text()
    with WireClient(broker.bootstrap) as c:
        versions = c.request(ApiVersionsRequest("strom-tests", "1.0"), 3)
        assert isinstance(versions, ApiVersionsResponse) and versions.error_code == 0
