"""A follower appends the records of a fetch response as a view of the response frame (no copy),
and still refuses a batch whose CRC fails: a corrupt record is never replicated.

The response is encoded and decoded with the real codec (so the records field is the
``memoryview`` slice of the frame the fetcher gets from its connection), then handed to
:meth:`ReplicaFetcher._apply` with a real :class:`~strom.storage.log.Log` behind a real
:class:`~strom.broker.partition.Partition`.
"""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from strom.broker.partition import Partition
from strom.broker.replica_fetcher import FETCH_VERSION, ReplicaFetcher
from strom.broker.replica_manager import ReplicaManager
from strom.protocol import frames
from strom.protocol.messages.fetch import FetchResponse
from strom.protocol.records import RecordBatchBuilder
from strom.storage import Log, LogConfig

pytestmark = pytest.mark.unit

TOPIC_ID = uuid.uuid4()


def _leader_records(tmp_path: Path) -> bytes:
    leader = Log.open(tmp_path / "leader" / "t-0", LogConfig())
    for epoch in (3, 3, 4):
        b = RecordBatchBuilder()
        for i in range(5):
            b.append(b"value-%d" % i, key=b"k", timestamp=1_000 + i)
        leader.append_as_leader(bytearray(b.build()), epoch)
    return bytes(leader.read(0, 1 << 20).records)


def _frame(records: bytes, high_watermark: int) -> bytes:
    """A Fetch response frame (without its size prefix) carrying ``records`` for t-0."""
    pd = FetchResponse.PartitionData(
        partition_index=0, error_code=0, high_watermark=high_watermark, last_stable_offset=-1,
        log_start_offset=0, records=records,
    )  # fmt: skip
    resp = FetchResponse(
        responses=[FetchResponse.FetchableTopicResponse(topic_id=TOPIC_ID, partitions=[pd])]
    )
    return b"".join(bytes(b) for b in frames.encode_response(resp, FETCH_VERSION, 7))[4:]


def _decoded(frame: bytes) -> FetchResponse.PartitionData:
    _, resp = frames.decode_response(frame, FetchResponse.API_KEY, FETCH_VERSION)
    assert isinstance(resp, FetchResponse)
    [pd] = resp.responses[0].partitions
    return pd


def test_follower_applies_a_view_of_the_frame_and_refuses_a_flipped_bit(tmp_path: Path) -> None:
    records = _leader_records(tmp_path)
    frame = _frame(records, high_watermark=10)
    at = frame.index(records)
    corrupt = bytearray(frame)
    corrupt[at + len(records) - 3] ^= 0x04  # inside the last batch's records

    async def scenario() -> tuple[int, bool, int, int, int, bytes]:
        follower_log = Log.open(tmp_path / "follower" / "t-0", LogConfig())
        p = Partition("t", 0, TOPIC_ID, follower_log, 2, [1, 2], 4, leader=1)
        rm = ReplicaManager(2)
        rm.add(p)
        ctx: Any = SimpleNamespace(replica_manager=rm)
        fetcher = ReplicaFetcher(ctx, 1, "127.0.0.1", 9)
        try:
            fetcher.add(("t", 0))
            fetcher.parts[("t", 0)].truncate = False
            bad = _decoded(bytes(corrupt))
            assert isinstance(bad.records, memoryview)  # the codec's slice of the frame
            fetcher._apply(("t", 0), bad)
            after_bad = (follower_log.log_end_offset, fetcher.parts[("t", 0)].truncate)
            fetcher.parts[("t", 0)].truncate = False
            fetcher._apply(("t", 0), _decoded(frame))
            return (
                *after_bad,
                follower_log.log_end_offset,
                follower_log.high_watermark,
                follower_log.segments[0].size,
                bytes(follower_log.read(0, 1 << 20).records),
            )
        finally:
            fetcher.stop()

    leo_bad, truncate, leo, hw, size, written = asyncio.run(scenario())
    assert (leo_bad, truncate) == (0, True)  # nothing of the corrupt response written
    assert (leo, hw, size) == (15, 10, len(records))
    assert written == records  # byte-identical to the leader's log
