"""EIO (which a tmpfs cannot produce) on append, index write, flush and checkpoint write, through
the test-only fault injector (:mod:`strom.storage.faults`): a real OSError raised at the real
write or fsync call site of a real broker process. Each takes the log directory offline
(KAFKA_STORAGE_ERROR), never the broker, and loses no acknowledged record across a restart.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fault_util import (
    KAFKA_STORAGE_ERROR,
    BrokerProcess,
    FaultFile,
    check_read_back,
    create_topic,
    log_dirs_tool,
    peak_rss_kb,
    produce_counting,
    raw_fetch,
    raw_list_offsets,
    raw_produce,
    read_all,
    wait_for_code,
)

from strom.storage.file_records import iter_file_headers

pytestmark = [pytest.mark.integration]

SIZE = 200


def _start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, overrides: dict[str, str]
) -> tuple[object, FaultFile]:
    fault = FaultFile(tmp_path / "faults.json")
    for k, v in fault.env.items():
        monkeypatch.setenv(k, v)
    b = BrokerProcess(tmp_path / "data", overrides)
    b.start()
    return b, fault


def _ends_at_batch_boundary(log_file: Path) -> bool:
    size = log_file.stat().st_size
    fd = os.open(log_file, os.O_RDONLY)
    try:
        end = 0
        for pos, hdr in iter_file_headers(fd, 0, size):
            end = pos + hdr.size_in_bytes
        return end == size
    finally:
        os.close(fd)


@pytest.mark.parametrize("op", ["append", "index"])
def test_eio_on_write_takes_the_dir_offline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, op: str
) -> None:
    b, fault = _start(tmp_path, monkeypatch, {"log.index.interval.bytes": "1"})
    try:
        create_topic(b.bootstrap, "eio")
        acked, errors = produce_counting(b.bootstrap, "eio", 300, size=SIZE)
        assert len(acked) == 300, errors[:3]
        log_file = next((b.data_dir / "eio-0").glob("*.log"))
        good_size = log_file.stat().st_size
        # append: half the batch reaches the file before EIO, as on a failing disk
        fault.arm({op: {"errno": "EIO", "match": "eio-0", "partial": True}})
        r = raw_produce(b.bootstrap, "eio")
        assert r.error_code == KAFKA_STORAGE_ERROR, r
        assert "Input/output error" in (r.error_message or "")
        assert f"injecting EIO on {op}" in b.log_text()
        assert b.alive()
        # nothing of the failed append stays behind: the file ends where the last good batch did
        assert log_file.stat().st_size == good_size and _ends_at_batch_boundary(log_file)
        # the fault is gone, but the directory stays offline until restart
        fault.arm({})
        assert raw_produce(b.bootstrap, "eio").error_code == KAFKA_STORAGE_ERROR
        assert raw_list_offsets(b.bootstrap, "eio") == KAFKA_STORAGE_ERROR
        assert raw_fetch(b.bootstrap, "eio") == KAFKA_STORAGE_ERROR
        assert log_file.stat().st_size == good_size
        print(f"FIGURES eio-{op} acked={len(acked)}/300 rss_kb={peak_rss_kb(b.proc.pid)}")
        (entry,) = log_dirs_tool(b.bootstrap).values()
        assert entry["error"] == "org.apache.kafka.common.errors.KafkaStorageException"
        assert b.stop() == 0
        b.start()
        check_read_back(read_all(b.bootstrap, "eio"), acked, SIZE)
        more, errors = produce_counting(b.bootstrap, "eio", 50, start=300, size=SIZE)
        assert len(more) == 50, errors[:3]
        check_read_back(read_all(b.bootstrap, "eio"), acked + more, SIZE)
    finally:
        if b.alive():
            b.kill()


@pytest.mark.parametrize(
    ("op", "match", "overrides"),
    [
        ("flush", "bg-0", {"log.flush.interval.messages": "1"}),
        (
            "checkpoint",
            "recovery-point-offset-checkpoint",
            {"log.flush.offset.checkpoint.interval.ms": "300"},
        ),
        (
            "rename",
            "bg-0",
            {
                "log.retention.check.interval.ms": "300",
                "log.segment.bytes": "100000",
                "log.retention.bytes": "150000",
            },
        ),
    ],
)
def test_background_io_error_takes_the_dir_offline_not_the_broker(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    op: str,
    match: str,
    overrides: dict[str, str],
) -> None:
    b, fault = _start(tmp_path, monkeypatch, overrides)
    try:
        create_topic(b.bootstrap, "bg")
        if op == "rename":  # armed before retention can delete anything
            fault.arm({op: {"errno": "EIO", "match": match}})
        count = 3000 if op == "rename" else 300  # retention: a few segments over the limit
        acked, errors = produce_counting(b.bootstrap, "bg", count, size=SIZE)
        assert acked and (len(acked) == count or op == "rename"), errors[:3]
        fault.arm({op: {"errno": "EIO", "match": match}})
        # the next background flush / checkpoint / retention fails: the directory goes offline
        wait_for_code(lambda: raw_produce(b.bootstrap, "bg").error_code, KAFKA_STORAGE_ERROR)
        assert b.alive()
        assert f"injecting EIO on {op}" in b.log_text()
        (entry,) = log_dirs_tool(b.bootstrap).values()
        assert entry["error"] == "org.apache.kafka.common.errors.KafkaStorageException"
        fault.arm({})
        assert raw_produce(b.bootstrap, "bg").error_code == KAFKA_STORAGE_ERROR
        print(f"FIGURES eio-{op} acked={len(acked)}/{count} rss_kb={peak_rss_kb(b.proc.pid)}")
        assert b.stop() == 0
        b.overrides = {}  # (no retention now: every acknowledged record must be there)
        b.start()
        check_read_back(read_all(b.bootstrap, "bg"), acked, SIZE)
    finally:
        if b.alive():
            b.kill()
