"""The Fetch handler's per-partition response (issue 15, session 10) against the general path.

``handlers.fetch._partition_data`` builds a partition's response with positional arguments and
one shared default each of the tagged ``diverging_epoch``, ``current_leader`` and
``snapshot_id`` (keywords and three new default structs per partition cost about 1.3 us more).
On random read results the response equals the one built with keywords, field by field and in
its encoding for every Fetch version; the shared defaults are never changed by building or
encoding, and no two responses share their aborted-transactions list.
"""

from __future__ import annotations

import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strom.broker.fetch_read import FetchPartitionData
from strom.broker.handlers import fetch as handler
from strom.errors import ErrorCode
from strom.protocol.frames import encode_response
from strom.protocol.messages.fetch import FetchResponse as FR

pytestmark = pytest.mark.unit

_FIELDS = FR.PartitionData.__slots__
_DEFAULTS = (
    (handler._NO_DIVERGING_EPOCH, FR.EpochEndOffset()),
    (handler._NO_CURRENT_LEADER, FR.LeaderIdAndEpoch()),
    (handler._NO_SNAPSHOT_ID, FR.SnapshotId()),
)


def _general(index: int, d: FetchPartitionData) -> FR.PartitionData:
    """The keyword construction (as the handler built it before)."""
    pd = FR.PartitionData(
        partition_index=index,
        error_code=int(d.error),
        high_watermark=d.high_watermark,
        last_stable_offset=d.last_stable_offset,
        log_start_offset=d.log_start_offset,
        records=d.records,
        preferred_read_replica=d.preferred_read_replica,
    )
    if d.aborted_transactions is not None:
        pd.aborted_transactions = [
            FR.AbortedTransaction(producer_id=pid, first_offset=first)
            for pid, first in d.aborted_transactions
        ]
    return pd


def _struct(s: object) -> tuple[object, ...]:
    return tuple(getattr(s, f) for f in type(s).__slots__)


def _fields(p: FR.PartitionData) -> dict[str, object]:
    out: dict[str, object] = {f: getattr(p, f) for f in _FIELDS}
    for f in ("diverging_epoch", "current_leader", "snapshot_id"):
        out[f] = _struct(getattr(p, f))
    out["aborted_transactions"] = [_struct(a) for a in p.aborted_transactions]
    out["records"] = bytes(p.records) if p.records is not None else None
    return out


offsets = st.integers(-1, 2**63 - 1)
reads = st.builds(
    FetchPartitionData,
    st.sampled_from([ErrorCode.NONE] * 3 + [ErrorCode.OFFSET_OUT_OF_RANGE,
                                            ErrorCode.NOT_LEADER_OR_FOLLOWER]),
    offsets,
    offsets,
    offsets,
    st.binary(max_size=40),
    st.none() | st.lists(st.tuples(st.integers(0, 2**63 - 1), offsets), max_size=3),
    st.integers(-1, 2**31 - 1),
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(index=st.integers(0, 2**31 - 1), d=reads, version=st.integers(0, FR.MAX_VERSION))
def test_partition_data_equals_the_keyword_construction(
    index: int, d: FetchPartitionData, version: int
) -> None:
    fast = handler._partition_data(index, d)
    general = _general(index, d)
    assert _fields(fast) == _fields(general)
    topic_id = uuid.UUID(int=7)

    def frame(p: FR.PartitionData) -> bytes:
        topic = FR.FetchableTopicResponse(topic="t", topic_id=topic_id, partitions=[p])
        msg = FR(responses=[topic])
        return b"".join(bytes(b) for b in encode_response(msg, version, 7, 1))

    assert frame(fast) == frame(general)
    for shared, default in _DEFAULTS:
        assert _struct(shared) == _struct(default)


def test_partitions_share_the_default_structs_and_own_their_aborted_lists() -> None:
    a = handler._partition_data(0, FetchPartitionData(high_watermark=5))
    b = handler._partition_data(1, FetchPartitionData(aborted_transactions=[(3, 4)]))
    c = handler._partition_data(2, FetchPartitionData())
    assert a.current_leader is b.current_leader is handler._NO_CURRENT_LEADER
    assert a.diverging_epoch is b.diverging_epoch is handler._NO_DIVERGING_EPOCH
    assert a.snapshot_id is b.snapshot_id is handler._NO_SNAPSHOT_ID
    assert a.aborted_transactions == [] and a.aborted_transactions is not c.aborted_transactions
    assert [(t.producer_id, t.first_offset) for t in b.aborted_transactions] == [(3, 4)]
