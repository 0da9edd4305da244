"""Helpers for the storage fault tests: a small tmpfs the test mounts itself, the test-only fault
injector's arming file, a counting acks=all producer, a full read-back check, and raw requests
that show the exact error code a partition answers.

``BrokerProcess`` is the integration tests' broker fixture class, loaded from its file (test
directories are not packages).
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from confluent_kafka import Consumer, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic
from wire import WireClient

from strom.protocol import records as rec
from strom.protocol.messages.fetch import FetchRequest, FetchResponse
from strom.protocol.messages.list_offsets import ListOffsetsRequest, ListOffsetsResponse
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
KAFKA_STORAGE_ERROR = 56
FAULTS_ENV_VAR = "STROM_TEST_STORAGE_FAULTS"  # strom.storage.faults.ENV_VAR


def _load_broker_process() -> Any:
    spec = importlib.util.spec_from_file_location(
        "strom_integration_conftest", TESTS / "integration" / "conftest.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.BrokerProcess


BrokerProcess = _load_broker_process()


# -- a small tmpfs ------------------------------------------------------------------------------
@contextlib.contextmanager
def small_tmpfs(path: Path, size: str) -> Iterator[Path]:
    """Mount a tmpfs of ``size`` (e.g. ``3m``) at ``path`` for the block; skip if not allowed."""
    path.mkdir(parents=True, exist_ok=True)
    r = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
        capture_output=True,
        text=True,
    )
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs at {path} (needs root): {r.stderr.strip()}")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], capture_output=True)


def grow_tmpfs(path: Path, size: str) -> None:
    """Free space: remount the tmpfs larger."""
    subprocess.run(["mount", "-o", f"remount,size={size}", str(path)], check=True)


def free_bytes(path: Path) -> int:
    st = os.statvfs(path)
    return st.f_bavail * st.f_frsize


# -- the test-only fault injector ----------------------------------------------------------------
class FaultFile:
    """The JSON file named by ``STROM_TEST_STORAGE_FAULTS`` (see :mod:`strom.storage.faults`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.arm({})

    def arm(self, table: dict[str, dict[str, Any]]) -> None:
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(table))
        os.replace(tmp, self.path)
        # the broker re-reads the file when its mtime changes; make sure it does
        now = time.time()
        os.utime(self.path, (now, now + len(table) + 1))

    @property
    def env(self) -> dict[str, str]:
        return {FAULTS_ENV_VAR: str(self.path)}


# -- clients ------------------------------------------------------------------------------------
def create_topic(
    bootstrap: str,
    topic: str,
    config: dict[str, str] | None = None,
    assignment: list[list[int]] | None = None,
) -> None:
    a = AdminClient({"bootstrap.servers": bootstrap})
    if assignment is not None:
        new = NewTopic(topic, len(assignment), replica_assignment=assignment, config=config or {})
    else:
        new = NewTopic(topic, 1, 1, config=config or {})
    a.create_topics([new])[topic].result(30)


def value_of(i: int, size: int) -> bytes:
    return (b"%08d|" % i) * (size // 9 + 1)


def produce_counting(
    bootstrap: str,
    topic: str,
    count: int,
    *,
    start: int = 0,
    size: int = 1000,
    timeout_ms: int = 8000,
) -> tuple[list[int], list[str]]:
    """Produce records ``start..start+count-1`` (key = the number) with an idempotent acks=all
    confluent-kafka producer; returns (acknowledged numbers, delivery errors)."""
    p = Producer(
        {
            "bootstrap.servers": bootstrap,
            "acks": "all",
            "enable.idempotence": True,
            "message.timeout.ms": timeout_ms,
            "linger.ms": 5,
            "batch.size": 64 * 1024,
        }
    )
    acked: list[int] = []
    errors: list[str] = []

    def on_delivery(err: Any, msg: Any) -> None:
        if err is None:
            acked.append(int(msg.key()))
        else:
            errors.append(err.name())

    for i in range(start, start + count):
        while True:
            try:
                p.produce(topic, key=b"%08d" % i, value=value_of(i, size), on_delivery=on_delivery)
                break
            except BufferError:
                p.poll(0.1)
        p.poll(0)
    remaining = p.flush(timeout_ms / 1000 + 30)
    assert remaining == 0, f"{remaining} records neither acknowledged nor failed"
    return acked, errors


def read_all(bootstrap: str, topic: str, timeout: float = 60.0) -> list[tuple[int, bytes, bytes]]:
    """(offset, key, value) of every record of partition 0, up to the end."""
    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": "faults-check",
            "enable.auto.commit": False,
            "enable.partition.eof": True,
            "fetch.error.backoff.ms": 100,
        }
    )
    c.assign([TopicPartition(topic, 0, 0)])
    out: list[tuple[int, bytes, bytes]] = []
    deadline = time.monotonic() + timeout
    try:
        while True:
            assert time.monotonic() < deadline, f"read of {topic} did not reach the end"
            m = c.poll(0.5)
            if m is None:
                continue
            if m.error():
                if m.error().code() == -191:  # _PARTITION_EOF
                    break
                raise AssertionError(m.error())
            out.append((m.offset(), m.key(), m.value()))
    finally:
        c.close()
    return out


def check_read_back(records: list[tuple[int, bytes, bytes]], acked: list[int], size: int) -> None:
    """Every acknowledged record is there, intact; no record appears twice; order kept."""
    numbers = []
    for _, key, value in records:
        if key == b"raw":  # written by raw_produce
            continue
        i = int(key)
        assert value == value_of(i, size), f"record {i} is corrupt"
        numbers.append(i)
    assert numbers == sorted(set(numbers)), "duplicates or reordering in the log"
    missing = set(acked) - set(numbers)
    assert not missing, f"{len(missing)} acknowledged records lost, e.g. {sorted(missing)[:5]}"


# -- raw requests: the exact error codes ----------------------------------------------------------
def raw_produce(
    bootstrap: str, topic: str, acks: int = 1
) -> ProduceResponse.PartitionProduceResponse:
    b = rec.RecordBatchBuilder()
    b.append(b"raw", key=b"raw")
    P = ProduceRequest
    req = P(
        acks=acks,
        timeout_ms=5000,
        topic_data=[
            P.TopicProduceData(
                name=topic, partition_data=[P.PartitionProduceData(index=0, records=b.build())]
            )
        ],
    )
    with WireClient(bootstrap) as c:
        resp = c.request(req, 9)
    assert isinstance(resp, ProduceResponse)
    return resp.responses[0].partition_responses[0]


def raw_list_offsets(bootstrap: str, topic: str) -> int:
    L = ListOffsetsRequest
    req = L(
        replica_id=-1,
        topics=[
            L.ListOffsetsTopic(
                name=topic, partitions=[L.ListOffsetsPartition(partition_index=0, timestamp=-1)]
            )
        ],
    )
    with WireClient(bootstrap) as c:
        resp = c.request(req, 7)
    assert isinstance(resp, ListOffsetsResponse)
    return int(resp.topics[0].partitions[0].error_code)


def raw_fetch(bootstrap: str, topic: str) -> int:
    """The error code of a consumer Fetch (v12) of partition 0 from offset 0."""
    R = FetchRequest
    req = R(
        replica_id=-1, max_wait_ms=100, min_bytes=1, max_bytes=1 << 20, isolation_level=0,
        session_id=0, session_epoch=-1, forgotten_topics_data=[], rack_id="",
        topics=[R.FetchTopic(topic=topic, partitions=[R.FetchPartition(
            partition=0, current_leader_epoch=-1, fetch_offset=0, last_fetched_epoch=-1,
            log_start_offset=-1, partition_max_bytes=1 << 20)])],
    )  # fmt: skip
    with WireClient(bootstrap) as c:
        resp = c.request(req, 12)
    assert isinstance(resp, FetchResponse)
    return int(resp.responses[0].partitions[0].error_code)


def raw_offline_replicas(bootstrap: str, topic: str) -> list[int]:
    """``offline_replicas`` of partition 0 of ``topic`` in a Metadata (v12) response (checked to
    be among its replicas)."""
    req = MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(name=topic)])
    with WireClient(bootstrap) as c:
        resp = c.request(req, 12)
    assert isinstance(resp, MetadataResponse)
    (part,) = [p for p in resp.topics[0].partitions if p.partition_index == 0]
    assert set(part.offline_replicas) <= set(part.replica_nodes)
    return list(part.offline_replicas)


def wait_for_code(fn: Any, code: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = fn()
        if last == code:
            return
        time.sleep(0.2)
    raise AssertionError(f"expected error code {code}, last seen {last}")


def log_dirs_tool(bootstrap: str) -> dict[str, Any]:
    """``strom log-dirs --describe`` output, parsed: logDir -> its JSON entry."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    r = subprocess.run(
        [sys.executable, "-m", "strom.tools.cli", "log-dirs", "--bootstrap-server", bootstrap,
         "--describe"],
        capture_output=True, text=True, env=env, timeout=60, check=True,
    )  # fmt: skip
    doc = json.loads(r.stdout.strip().splitlines()[-1])
    return {d["logDir"]: d for b in doc["brokers"] for d in b["logDirs"]}


def peak_rss_kb(pid: int) -> int:
    """VmHWM (peak resident memory) of a process, in kB; 0 if unknown."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0
