"""``Log.append_as_leader`` applies the I/O-error rule of ``on_io_error("appending to")`` written
out (not through the decorator's wrapper, ADR 0036 "Session 11, second round"): on a real full
tmpfs it must fail, take the directory offline and refuse later appends exactly as a decorated
append method of the same log does (``append_raw_as_leader`` keeps the decorator)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fault_util import grow_tmpfs, small_tmpfs

from strom.protocol import records as rec
from strom.storage.config import LogConfig
from strom.storage.errors import KafkaStorageError
from strom.storage.log import Log
from strom.storage.log_dir_failure import LogDirFailureChannel
from strom.storage.log_manager import LogManager

pytestmark = [pytest.mark.integration]


def _batch(i: int) -> bytearray:
    """~8 KB in 5 records: a 1 MiB tmpfs fills after about a hundred."""
    b = rec.RecordBatchBuilder()
    for j in range(5):
        b.append(bytes([j]) * 1600, key=b"k%d-%d" % (i, j))
    return bytearray(b.build())


def _fill(log: Log, append_raw: bool) -> str:
    """Append until the tmpfs is full; the error's message."""
    with pytest.raises(KafkaStorageError) as exc_info:
        for i in range(10_000):
            if append_raw:
                log.append_raw_as_leader(_batch(i), 0)
            else:
                log.append_as_leader(_batch(i), 0)
    return str(exc_info.value)


def _messages(root: Path, append_raw: bool) -> tuple[str, str, bool, int]:
    with small_tmpfs(root, "1m") as small:
        channel = LogDirFailureChannel()
        lm = LogManager([small], LogConfig(), log_dir_failure=channel)
        lm.startup()
        log = lm.get_or_create_log("rule", 0)
        full = _fill(log, append_raw)
        offline = channel.is_offline(small)
        seg = log.active_segment
        torn = seg.log_path.stat().st_size - seg.size
        grow_tmpfs(small, "16m")
        with pytest.raises(KafkaStorageError) as refused:
            if append_raw:
                log.append_raw_as_leader(_batch(0), 0)
            else:
                log.append_as_leader(_batch(0), 0)
        lm.shutdown()
        return (
            full.replace(str(small), "<dir>"),
            str(refused.value).replace(str(small), "<dir>"),
            offline,
            torn,
        )


def test_append_as_leader_fails_as_the_decorated_rule_on_a_full_disk(tmp_path: Path) -> None:
    full, refused, offline, torn = _messages(tmp_path / "a", append_raw=False)
    ref_full, ref_refused, ref_offline, ref_torn = _messages(tmp_path / "b", append_raw=True)
    assert full.startswith("Error while appending to rule-0 in dir <dir>: ")
    assert "No space left on device" in full
    assert full == ref_full
    assert refused == ref_refused == "Log directory <dir> is offline: appending to rule-0 refused"
    assert offline and ref_offline
    assert torn == ref_torn == 0  # the partial write was cut back
