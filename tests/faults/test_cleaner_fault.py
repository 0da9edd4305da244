"""EIO while the log cleaner writes a cleaned segment: the log directory goes offline (the
cleaner neither crashes the broker nor retries the log in a loop) and the log stays a valid
compaction of what was written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from strom.protocol.records import RecordBatchBuilder, decode_batches
from strom.storage import faults
from strom.storage.cleaner import CleanerConfig, LogCleaner
from strom.storage.config import LogConfig
from strom.storage.errors import KafkaStorageError
from strom.storage.log_dir_failure import LogDirFailureChannel
from strom.storage.log_manager import LogManager

pytestmark = pytest.mark.unit


def _arm(monkeypatch: pytest.MonkeyPatch, path: Path, table: dict[str, object]) -> None:
    """Turn on the test-only injector in this process (a broker gets it from its environment)."""
    path.write_text(json.dumps(table))
    monkeypatch.setattr(faults, "_PATH", str(path))
    monkeypatch.setattr(faults, "ENABLED", True)
    monkeypatch.setattr(faults, "_cache", (-1.0, {}))


def _values(lm: LogManager) -> list[tuple[bytes | None, bytes | None]]:
    log = lm.get_log("c", 0)
    assert log is not None
    out = []
    offset = log.log_start_offset
    while offset < log.log_end_offset:
        data = log.read(offset, 1 << 20).records
        for b in decode_batches(bytes(data)):
            out += [(r.key, r.value) for r in b.records]
            offset = b.header.next_offset
    return out


def test_cleaner_io_error_takes_the_dir_offline_and_leaves_the_log_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    channel = LogDirFailureChannel()
    config = LogConfig(
        segment_bytes=700, cleanup_policy=("compact",), min_cleanable_dirty_ratio=0.01,
        file_delete_delay_ms=0,
    )  # fmt: skip
    lm = LogManager([tmp_path / "data"], config, log_dir_failure=channel)
    lm.startup()
    log = lm.get_or_create_log("c", 0, config)
    for r in range(8):
        b = RecordBatchBuilder()
        for k in range(5):
            b.append(b"v%d-%d" % (r, k) * 10, key=b"k%d" % k, timestamp=1000 + r)
        log.append_as_leader(bytearray(b.build()), 0)
    log.high_watermark = log.log_end_offset
    before = _values(lm)
    assert len(log.segments) > 2
    cleaner = LogCleaner(CleanerConfig(threads=1), lm.log_dirs, lm.all_logs)
    _arm(monkeypatch, tmp_path / "faults.json", {"append": {"errno": "EIO", "match": "cleaned"}})
    with pytest.raises(KafkaStorageError, match="Input/output error"):
        cleaner.clean_once()
    assert channel.is_offline(lm.log_dirs[0])
    # groups swapped in before the error are a valid compaction; the failed one left nothing
    after = _values(lm)
    assert dict(after) == dict(before)  # the latest value of every key is still there
    rest = iter(before)
    assert all(any(r == b for b in rest) for r in after)  # a subsequence, in order
    lm.handle_log_dir_failure(lm.log_dirs[0])
    assert cleaner.clean_once() is None  # the offline directory's logs are not selected again
    lm.shutdown()
