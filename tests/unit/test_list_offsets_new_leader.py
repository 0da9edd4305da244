"""A new leader whose high watermark has not reached the start of its leader epoch answers a
client's ListOffsets with OFFSET_NOT_AVAILABLE (Kafka's ``Partition.fetchOffsetForTimestamp``),
so offsets a client sees never go back across a leader change (the chaos observer's HW
regression at F11 seed 13: a new leader answered 250 after the old one had answered 251)."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import pytest

from strom.broker.handlers.offsets import _lagging_new_leader
from strom.broker.partition import Partition
from strom.protocol import records as rec
from strom.storage.config import LogConfig
from strom.storage.log import Log

pytestmark = pytest.mark.unit


def _batch(n: int) -> memoryview:
    b = rec.RecordBatchBuilder()
    for k in range(n):
        b.append(b"v%d" % k, key=None, timestamp=int(time.time() * 1000))
    return memoryview(bytearray(b.build()))


def test_a_new_leader_lagging_its_epoch_start_is_not_asked(tmp_path: Path) -> None:
    lg = Log.open(tmp_path / "t-0", LogConfig())
    lg.append_as_leader(_batch(3), 0)  # written under epoch 0, not yet committed
    p = Partition("t", 0, uuid.uuid4(), lg, 1, [1, 2, 3], 1, leader=1)
    lg.high_watermark = 2  # what this replica learned as a follower
    lg.assign_epoch_start_offset(1)  # it becomes leader of epoch 1 at its log end (3)
    assert lg.leader_epoch_cache.start_offset(1) == 3
    assert lg.leader_epoch_cache.start_offset(0) == 0
    assert lg.leader_epoch_cache.start_offset(7) is None
    assert _lagging_new_leader(p)  # HW 2 < 3: answering 2 could go back below the old leader's
    lg.high_watermark = 3  # the followers caught up with the epoch's start
    assert not _lagging_new_leader(p)
