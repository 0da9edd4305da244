"""Unit tests for LogManager and topic/partition naming (strom.storage.log_manager/names)."""

from __future__ import annotations

from pathlib import Path

import pytest

from strom.errors import ErrorCode, KafkaError
from strom.protocol.records import RecordBatchBuilder
from strom.storage import LogConfig, LogManager, validate_topic_name
from strom.storage.checkpoint import OffsetCheckpointFile
from strom.storage.errors import KafkaStorageError
from strom.storage.names import parse_partition_dir_name, parse_segment_file_name

pytestmark = pytest.mark.unit

CONFIG = LogConfig(segment_bytes=1500, index_interval_bytes=200, file_delete_delay_ms=0)


def batch(n: int = 3, ts: int = 1000) -> bytearray:
    b = RecordBatchBuilder()
    for i in range(n):
        b.append(b"payload-%d" % i * 4, timestamp=ts + i)
    return bytearray(b.build())


def manager(*dirs: Path, config: LogConfig = CONFIG) -> LogManager:
    m = LogManager(list(dirs), config)
    m.startup()
    return m


@pytest.mark.parametrize(
    "name",
    ["", ".", "..", "a" * 250, "../x", "a/b", "a\\b", "x/../../etc", "/abs", "spa ce", "ü", "a\0b"],
)
def test_invalid_topic_names(name: str) -> None:
    with pytest.raises(KafkaError) as exc:
        validate_topic_name(name)
    assert exc.value.code == ErrorCode.INVALID_TOPIC_EXCEPTION


@pytest.mark.parametrize(
    "name", ["a", "a" * 249, "my-topic", "my.topic_1", "...", "__consumer_offsets"]
)
def test_valid_topic_names(name: str) -> None:
    assert validate_topic_name(name) == name


def test_partition_dir_names_split_at_last_dash() -> None:
    assert parse_partition_dir_name("my-topic-name-12") == ("my-topic-name", 12)
    assert parse_partition_dir_name("t-0") == ("t", 0)
    assert parse_partition_dir_name("t--1") == ("t-", 1)  # topic "t-", partition 1
    for bad in ("t", "t-", "-3", "t-x", "t-01", "t-0.abc-delete", "../x-0", "a b-0"):
        assert parse_partition_dir_name(bad) is None, bad
    assert parse_segment_file_name("00000000000000000042.log.swap") == (42, ".log", ".swap")
    assert parse_segment_file_name("42.log") is None


def test_manager_refuses_paths_outside_log_dirs(tmp_path: Path) -> None:
    m = manager(tmp_path / "d1")
    for topic in ("../escape", "a/b", "..", "."):
        with pytest.raises(KafkaError) as exc:
            m.get_or_create_log(topic, 0)
        assert exc.value.code == ErrorCode.INVALID_TOPIC_EXCEPTION
    with pytest.raises(KafkaError):
        m.get_or_create_log("ok", -1)
    assert sorted(p.name for p in (tmp_path / "d1").iterdir()) == []
    assert not (tmp_path / "escape-0").exists()


def test_new_partitions_go_to_least_loaded_dir(tmp_path: Path) -> None:
    d1, d2 = tmp_path / "d1", tmp_path / "d2"
    m = manager(d1, d2)
    logs = [m.get_or_create_log("t", p) for p in range(5)]
    assert [log.directory.parent for log in logs] == [d1, d2, d1, d2, d1]
    assert m.get_or_create_log("t", 0) is logs[0]
    m.delete_log("t", 1)
    assert m.get_or_create_log("u", 0).directory.parent == d2


def test_clean_shutdown_and_restart(tmp_path: Path) -> None:
    d1, d2 = tmp_path / "d1", tmp_path / "d2"
    m = manager(d1, d2)
    for p in range(3):
        log = m.get_or_create_log("my-topic", p)
        for _ in range(20):
            log.append_as_leader(batch(), leader_epoch=2)
        log.high_watermark = log.log_end_offset - 3
    m.get_log("my-topic", 0).delete_records_before(9)  # type: ignore[union-attr]
    m.shutdown()
    for d in (d1, d2):
        assert (d / ".kafka_cleanshutdown").exists()
    rp = OffsetCheckpointFile(d1 / "recovery-point-offset-checkpoint").read()
    assert rp == {("my-topic", 0): 60, ("my-topic", 2): 60}
    hw = OffsetCheckpointFile(d2 / "replication-offset-checkpoint").read()
    assert hw == {("my-topic", 1): 57}

    m2 = manager(d1, d2)
    assert m2.had_clean_shutdown == {d1: True, d2: True}
    assert not (d1 / ".kafka_cleanshutdown").exists()
    assert sorted(m2.all_logs()) == [("my-topic", 0), ("my-topic", 1), ("my-topic", 2)]
    for log in m2.all_logs().values():
        assert log.segments_recovered == 0
        assert log.log_end_offset == 60 and log.high_watermark == 57
        assert log.leader_epoch_cache.latest_epoch() == 2
    assert m2.get_log("my-topic", 0).log_start_offset == 9  # type: ignore[union-attr]


def test_crash_restart_recovers_from_recovery_point(tmp_path: Path) -> None:
    d1 = tmp_path / "d1"
    m = manager(d1)
    log = m.get_or_create_log("t", 0)
    for _ in range(40):
        log.append_as_leader(batch(), 0)
    log.flush(log.segments[2].base_offset)
    m.checkpoint_all()
    for _ in range(5):
        log.append_as_leader(batch(), 0)
    # no shutdown: simulate a crash
    m2 = manager(d1)
    assert m2.had_clean_shutdown == {d1: False}
    log2 = m2.get_log("t", 0)
    assert log2 is not None
    assert log2.log_end_offset == 135
    assert log2.segments_recovered == len(log2.segments) - 2


def test_leftover_and_foreign_directories(tmp_path: Path) -> None:
    d1 = tmp_path / "d1"
    (d1 / "t-0.0123abcd-delete").mkdir(parents=True)
    (d1 / "t-0.0123abcd-delete" / "00000000000000000000.log").write_bytes(b"x")
    (d1 / "lost+found").mkdir()
    (d1 / "meta.properties").write_text("version=1\n")
    (d1 / "recovery-point-offset-checkpoint").write_text("garbage")
    m = manager(d1)
    assert m.all_logs() == {}
    assert not (d1 / "t-0.0123abcd-delete").exists()
    assert (d1 / "lost+found").exists()


def test_duplicate_partition_across_dirs_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "d1" / "t-0").mkdir(parents=True)
    (tmp_path / "d2" / "t-0").mkdir(parents=True)
    with pytest.raises(KafkaStorageError):
        manager(tmp_path / "d1", tmp_path / "d2")


def test_delete_log_removes_directory_and_checkpoint_entries(tmp_path: Path) -> None:
    d1 = tmp_path / "d1"
    m = manager(d1)
    log = m.get_or_create_log("gone", 0)
    log.append_as_leader(batch(), 0)
    m.get_or_create_log("kept", 0)
    m.checkpoint_all()
    assert m.delete_log("gone", 0)
    assert not m.delete_log("gone", 0)
    assert sorted(p.name for p in d1.iterdir() if p.is_dir()) == ["kept-0"]
    rp = OffsetCheckpointFile(d1 / "recovery-point-offset-checkpoint").read()
    assert set(rp) == {("kept", 0)}
    fresh = m.get_or_create_log("gone", 0)
    assert fresh.log_end_offset == 0


def test_retention_and_flush_across_logs(tmp_path: Path) -> None:
    clock = [10**9]
    m = LogManager(
        [tmp_path / "d1"],
        CONFIG,
        topic_config=lambda t: LogConfig(
            segment_bytes=1500,
            retention_ms=1000 if t == "short" else -1,
            flush_messages=10,
            file_delete_delay_ms=0,
        ),
        clock_ms=lambda: clock[0],
    )
    m.startup()
    for topic in ("short", "long"):
        log = m.get_or_create_log(topic, 0)
        for _ in range(30):
            log.append_as_leader(batch(ts=1000), 0)
        log.high_watermark = log.log_end_offset
    needing = m.logs_needing_flush()
    assert {(log.topic, log.partition) for log in needing} == {("short", 0), ("long", 0)}
    for log in needing:
        log.flush()
    assert m.logs_needing_flush() == []
    deleted = m.run_retention()
    assert deleted > 0
    assert len(m.get_log("short", 0).segments) == 1  # type: ignore[union-attr]
    assert len(m.get_log("long", 0).segments) > 1  # type: ignore[union-attr]
    m.update_config("long", LogConfig(retention_ms=1, file_delete_delay_ms=0))
    assert m.run_retention() > 0
    m.shutdown()
    with pytest.raises(KafkaStorageError):
        m.get_or_create_log("x", 0)
