"""Server behaviour: pipelining and ordering, long-poll fetch, idle connections, clean shutdown,
configuration errors at start."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from wire import WireClient

from strom.protocol import records as rec
from strom.protocol.codec import Writer
from strom.protocol.frames import decode_response, encode_request
from strom.protocol.messages.create_topics import CreateTopicsRequest
from strom.protocol.messages.fetch import FetchRequest, FetchResponse
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse
from strom.protocol.messages.produce import ProduceRequest

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def _create(c: WireClient, name: str) -> None:
    CT = CreateTopicsRequest
    resp = c.request(
        CT(
            topics=[CT.CreatableTopic(name=name, num_partitions=1, replication_factor=1)],
            timeout_ms=5000,
        ),
        7,
    )
    assert resp.topics[0].error_code == 0  # type: ignore[attr-defined]


def _produce_req(topic: str, n: int) -> ProduceRequest:
    b = rec.RecordBatchBuilder()
    for i in range(n):
        b.append(b"v%d" % i)
    P = ProduceRequest
    return P(
        acks=1,
        timeout_ms=5000,
        topic_data=[
            P.TopicProduceData(
                name=topic, partition_data=[P.PartitionProduceData(index=0, records=b.build())]
            )
        ],
    )


def _fetch_req(topic: str, offset: int, min_bytes: int, max_wait_ms: int) -> FetchRequest:
    F = FetchRequest
    return F(
        replica_id=-1,
        max_wait_ms=max_wait_ms,
        min_bytes=min_bytes,
        max_bytes=1 << 20,
        topics=[
            F.FetchTopic(
                topic=topic,
                partitions=[
                    F.FetchPartition(partition=0, fetch_offset=offset, partition_max_bytes=1 << 20)
                ],
            )
        ],
    )


def test_pipelined_requests_answered_in_order(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        _create(c, "pipeline")
        frames = []
        for i in range(20):
            msg = _produce_req("pipeline", 1) if i % 2 else MetadataRequest(topics=None)
            frames.append(b"".join(encode_request(msg, 9, 1000 + i, "pipe")))
        c.send_raw(b"".join(frames))  # all at once, no waiting
        for i in range(20):
            frame = c.recv_frame()
            key = 0 if i % 2 else 3
            cid, resp = decode_response(frame, key, 9)
            assert cid == 1000 + i
            if i % 2:
                assert resp.responses[0].partition_responses[0].base_offset == i // 2  # type: ignore[attr-defined]
            else:
                assert isinstance(resp, MetadataResponse)


def test_fetch_long_poll_is_woken_by_an_append(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        _create(c, "longpoll")
    got: dict[str, object] = {}

    def waiter() -> None:
        with WireClient(broker.bootstrap) as c:
            t0 = time.monotonic()
            resp = c.request(_fetch_req("longpoll", 0, 1, 10_000), 12)
            got["elapsed"] = time.monotonic() - t0
            got["resp"] = resp

    t = threading.Thread(target=waiter)
    t.start()
    time.sleep(0.5)
    with WireClient(broker.bootstrap) as c:
        c.request(_produce_req("longpoll", 3), 9)
    t.join(15)
    resp = got["resp"]
    assert isinstance(resp, FetchResponse)
    data = resp.responses[0].partitions[0].records
    assert data is not None and len(data) > 0
    assert 0.4 < got["elapsed"] < 5.0  # type: ignore[operator]
    # with nothing new, the fetch waits max_wait_ms and returns empty
    with WireClient(broker.bootstrap) as c:
        t0 = time.monotonic()
        resp2 = c.request(_fetch_req("longpoll", 3, 1, 700), 12)
        elapsed = time.monotonic() - t0
    assert elapsed >= 0.6
    assert len(resp2.responses[0].partitions[0].records or b"") == 0  # type: ignore[attr-defined]


def test_fetch_out_of_range_and_unknown_topic(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        _create(c, "oor")
        c.request(_produce_req("oor", 2), 9)
        resp = c.request(_fetch_req("oor", 50, 1, 0), 12)
        assert resp.responses[0].partitions[0].error_code == 1  # type: ignore[attr-defined]
        resp = c.request(_fetch_req("no-such-topic", 0, 1, 0), 12)
        assert resp.responses[0].partitions[0].error_code == 3  # type: ignore[attr-defined]


def test_idle_connection_closed(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    fresh_broker.overrides["connections.max.idle.ms"] = "500"
    fresh_broker.start()
    with WireClient(fresh_broker.bootstrap) as c:
        c.request(MetadataRequest(topics=None), 12)
        assert c.is_closed(timeout=5)


def test_sigterm_clean_shutdown_and_fast_restart(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    b = fresh_broker
    b.start()
    with WireClient(b.bootstrap) as c:
        _create(c, "clean")
        c.request(_produce_req("clean", 10), 9)
    assert b.stop() == 0
    assert (b.data_dir / ".kafka_cleanshutdown").exists()
    for name in (
        "recovery-point-offset-checkpoint",
        "replication-offset-checkpoint",
        "log-start-offset-checkpoint",
    ):
        assert (b.data_dir / name).exists(), name
    b.start()
    assert "clean shutdown: True" in b.log_text()
    assert not (b.data_dir / ".kafka_cleanshutdown").exists()
    with WireClient(b.bootstrap) as c:
        resp = c.request(_fetch_req("clean", 0, 1, 0), 12)
        assert resp.responses[0].partitions[0].high_watermark == 10  # type: ignore[attr-defined]


def _run_broker(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "strom.tools.cli", "broker", *args],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=ROOT,
    )


def test_invalid_config_fails_at_start_with_clear_message(tmp_path: Path) -> None:
    r = _run_broker("--override", "num.partitions=zero", "--override", f"log.dirs={tmp_path}")
    assert r.returncode == 1
    assert "num.partitions" in r.stderr
    props = tmp_path / "server.properties"
    props.write_text("message.max.bytes=-5\n")
    r = _run_broker(str(props))
    assert r.returncode == 1 and "message.max.bytes" in r.stderr


def test_unknown_key_warns_but_starts(fresh_broker) -> None:  # type: ignore[no-untyped-def]
    fresh_broker.overrides["no.such.setting"] = "1"
    fresh_broker.start()
    assert "no.such.setting" in fresh_broker.log_text()
    assert fresh_broker.stop() == 0


def test_response_encoding_is_buffers(broker) -> None:  # type: ignore[no-untyped-def]
    """Large record data stays a separate buffer when a response is encoded (zero-copy)."""
    payload = memoryview(bytes(64 * 1024))
    F = FetchResponse
    resp = F(
        responses=[
            F.FetchableTopicResponse(
                topic="t", partitions=[F.PartitionData(partition_index=0, records=payload)]
            )
        ]
    )
    w = Writer()
    resp.encode_into(w, 12)
    assert any(p is payload for p in w.finish())
