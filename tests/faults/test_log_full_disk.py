"""The storage layer alone on a real full tmpfs: a failed append leaves no torn tail, takes the
log directory offline for every log in it, and refuses appends even after space is freed;
reopening (recovery) finds every batch whose append returned."""

from __future__ import annotations

from pathlib import Path

import pytest
from fault_util import grow_tmpfs, small_tmpfs

from strom.protocol import records as rec
from strom.storage.config import LogConfig
from strom.storage.errors import KafkaStorageError
from strom.storage.log_dir_failure import LogDirFailureChannel
from strom.storage.log_manager import LogManager

pytestmark = [pytest.mark.integration]


def _batch(i: int) -> bytearray:
    b = rec.RecordBatchBuilder()
    for j in range(10):
        b.append(b"%08d" % (i * 10 + j) * 100, key=b"%d" % i)
    return bytearray(b.build())


def test_full_disk_append_takes_the_dir_offline_and_leaves_no_torn_tail(tmp_path: Path) -> None:
    with small_tmpfs(tmp_path / "small", "1m") as small:
        channel = LogDirFailureChannel()
        seen: list[Path] = []
        channel.add_listener(lambda d, _msg: seen.append(d))
        lm = LogManager([small], LogConfig(), log_dir_failure=channel)
        lm.startup()
        full, other = lm.get_or_create_log("full", 0), lm.get_or_create_log("other", 0)
        appended = 0
        with pytest.raises(KafkaStorageError, match="No space left on device"):
            for i in range(10_000):
                full.append_as_leader(_batch(i), 0)
                appended += 1
        assert 50 < appended < 10_000
        assert seen == [small] and channel.is_offline(small)
        seg = full.active_segment
        assert seg.log_path.stat().st_size == seg.size  # the partial write was cut back
        # the whole directory is offline, for every log in it, even once space is freed
        grow_tmpfs(small, "16m")
        for log in (full, other):
            with pytest.raises(KafkaStorageError, match="offline"):
                log.append_as_leader(_batch(0), 0)
        lm.handle_log_dir_failure(small)
        assert lm.all_logs() == {}
        with pytest.raises(KafkaStorageError):
            lm.get_or_create_log("full", 0)
        lm.shutdown()  # no flush, no checkpoints, no clean-shutdown marker for the dir
        assert not (small / ".kafka_cleanshutdown").exists()
        # a new start recovers the directory: every returned append is there, readable
        lm2 = LogManager([small], LogConfig())
        lm2.startup()
        log = lm2.get_log("full", 0)
        assert log is not None and log.log_end_offset == appended * 10
        got = 0
        offset = 0
        while offset < log.log_end_offset:
            data = log.read(offset, 1 << 20).records
            for _, hdr in rec.iter_batches(data, strict=False):
                assert rec.verify_crc(data, _, hdr)
                got += hdr.records_count
                offset = hdr.next_offset
        assert got == appended * 10
        log.append_as_leader(_batch(1), 0)  # and it takes appends again
        lm2.shutdown()
