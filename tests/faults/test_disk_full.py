"""A full disk (ENOSPC on a real, small tmpfs) takes its log directory offline, never a record.

The defect this guards against: the write error escaped the produce handler (connection closed,
no error code), and once space was freed the broker kept appending behind a half-written batch,
acknowledging records that could not be read and were truncated away on restart.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fault_util import (
    KAFKA_STORAGE_ERROR,
    BrokerProcess,
    check_read_back,
    create_topic,
    free_bytes,
    grow_tmpfs,
    log_dirs_tool,
    peak_rss_kb,
    produce_counting,
    raw_fetch,
    raw_list_offsets,
    raw_offline_replicas,
    raw_produce,
    read_all,
    small_tmpfs,
    wait_for_code,
)

pytestmark = [pytest.mark.integration, pytest.mark.slow]

SIZE = 1000


def test_disk_full_takes_the_dir_offline_and_loses_no_acknowledged_record(tmp_path: Path) -> None:
    with small_tmpfs(tmp_path / "data", "3m") as data:
        b = BrokerProcess(data)
        b.start()
        try:
            create_topic(b.bootstrap, "full")
            # ~5 MB of records into 3 MB: the disk fills part-way through
            acked, errors = produce_counting(b.bootstrap, "full", 5000, size=SIZE)
            assert 500 < len(acked) < 5000, (len(acked), errors[:3])
            assert errors, "records that did not fit must fail, not be acknowledged"
            assert b.alive()
            # the partition answers KAFKA_STORAGE_ERROR with a message; the connection stays open
            r = raw_produce(b.bootstrap, "full")
            assert r.error_code == KAFKA_STORAGE_ERROR and r.error_message
            assert raw_list_offsets(b.bootstrap, "full") == KAFKA_STORAGE_ERROR
            assert raw_fetch(b.bootstrap, "full") == KAFKA_STORAGE_ERROR
            dirs = log_dirs_tool(b.bootstrap)
            (entry,) = dirs.values()
            assert entry["error"] == "org.apache.kafka.common.errors.KafkaStorageException"
            # space freed: the directory stays offline until restart, nothing is appended
            grow_tmpfs(data, "64m")
            assert free_bytes(data) > 32 * 1024 * 1024
            more, _ = produce_counting(b.bootstrap, "full", 200, start=5000, timeout_ms=3000)
            assert more == []
            wait_for_code(lambda: raw_produce(b.bootstrap, "full").error_code, KAFKA_STORAGE_ERROR)
            print(f"FIGURES disk-full acked={len(acked)}/5000 rss_kb={peak_rss_kb(b.proc.pid)}")
            assert b.stop() == 0
            # restart with space: recovery cuts any torn tail; every acknowledged record is there
            b.start()
            records = read_all(b.bootstrap, "full")
            check_read_back(records, acked, SIZE)
            # and the log takes appends again, after the recovered end
            after, errors = produce_counting(b.bootstrap, "full", 100, start=6000, size=SIZE)
            assert len(after) == 100, errors[:3]
            check_read_back(read_all(b.bootstrap, "full"), acked + after, SIZE)
        finally:
            if b.alive():
                b.kill()


def test_two_log_dirs_one_full_the_other_keeps_serving(tmp_path: Path) -> None:
    good_dir = tmp_path / "good"
    with small_tmpfs(tmp_path / "small", "2m") as small:
        b = BrokerProcess(good_dir, {"log.dirs": f"{good_dir},{small}"})
        b.start()
        try:
            create_topic(b.bootstrap, "steady")  # first dir (fewest partitions, first listed)
            create_topic(b.bootstrap, "full")  # then the small one
            assert (small / "full-0").is_dir() and (good_dir / "steady-0").is_dir()
            acked_full, _ = produce_counting(b.bootstrap, "full", 4000, size=SIZE)
            assert 0 < len(acked_full) < 4000
            wait_for_code(lambda: raw_produce(b.bootstrap, "full").error_code, KAFKA_STORAGE_ERROR)
            # the healthy directory's partition is served as before
            acked_steady, errors = produce_counting(b.bootstrap, "steady", 2000, size=SIZE)
            assert len(acked_steady) == 2000, errors[:3]
            check_read_back(read_all(b.bootstrap, "steady"), acked_steady, SIZE)
            assert raw_list_offsets(b.bootstrap, "steady") == 0
            assert raw_fetch(b.bootstrap, "steady") == 0
            dirs = log_dirs_tool(b.bootstrap)
            assert dirs[str(small.resolve())]["error"] == (
                "org.apache.kafka.common.errors.KafkaStorageException"
            )
            assert dirs[str(small.resolve())]["partitions"] == []
            assert dirs[str(good_dir.resolve())]["error"] is None
            # Metadata lists the replica on the failed directory (the only one) as offline
            assert len(raw_offline_replicas(b.bootstrap, "full")) == 1
            assert raw_offline_replicas(b.bootstrap, "steady") == []
            # new logs (the consumer's __consumer_offsets) went to the online directory only
            good_parts = {p["partition"] for p in dirs[str(good_dir.resolve())]["partitions"]}
            assert "steady-0" in good_parts and "__consumer_offsets-0" in good_parts
            assert not list(small.glob("__consumer_offsets-*"))
            print(f"FIGURES two-dirs acked_full={len(acked_full)}/4000 acked_steady=2000/2000 "
                  f"rss_kb={peak_rss_kb(b.proc.pid)}")  # fmt: skip
            grow_tmpfs(small, "64m")
            assert b.stop() == 0
            b.start()
            assert raw_offline_replicas(b.bootstrap, "full") == []
            check_read_back(read_all(b.bootstrap, "full"), acked_full, SIZE)
            check_read_back(read_all(b.bootstrap, "steady"), acked_steady, SIZE)
            assert all(d["error"] is None for d in log_dirs_tool(b.bootstrap).values())
        finally:
            if b.alive():
                b.kill()
