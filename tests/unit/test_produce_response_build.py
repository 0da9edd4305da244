"""The Produce handler's per-partition response (issue 15, session 9) against the general path.

``handlers.produce._partition_response`` builds a successful partition's response with positional
arguments and one shared default ``current_leader`` (keywords and a new ``LeaderIdAndEpoch`` per
partition cost as much again). On random append results, successful or not, the response equals
the one built with keywords and a fresh default leader, field by field and in its encoding for
every Produce version; and the shared leader is never changed by building or encoding.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strom.broker.handlers import produce as handler
from strom.broker.partition import AppendResult
from strom.errors import ErrorCode
from strom.protocol.frames import encode_response
from strom.protocol.messages.produce import ProduceResponse as PR

pytestmark = pytest.mark.unit

_FIELDS = PR.PartitionProduceResponse.__slots__


def _general(index: int, r: AppendResult) -> PR.PartitionProduceResponse:
    """The keyword construction with every field named (as the handler built it before)."""
    return PR.PartitionProduceResponse(
        index=index,
        error_code=int(r.error),
        base_offset=r.base_offset,
        log_append_time_ms=r.log_append_time,
        log_start_offset=r.log_start_offset,
        error_message=r.message,
        record_errors=[
            PR.BatchIndexAndErrorMessage(batch_index=i, batch_index_error_message=m)
            for i, m in r.record_errors
        ],
        current_leader=PR.LeaderIdAndEpoch(),
    )


def _fields(p: PR.PartitionProduceResponse) -> dict[str, object]:
    out: dict[str, object] = {f: getattr(p, f) for f in _FIELDS}
    out["record_errors"] = [
        (e.batch_index, e.batch_index_error_message, e.unknown_tagged_fields)
        for e in p.record_errors
    ]
    leader = p.current_leader
    out["current_leader"] = (leader.leader_id, leader.leader_epoch, leader.unknown_tagged_fields)
    return out


offsets = st.integers(-1, 2**63 - 1)
results = st.builds(
    AppendResult,
    st.sampled_from([ErrorCode.NONE] * 4 + [ErrorCode.CORRUPT_MESSAGE, ErrorCode.INVALID_RECORD]),
    offsets,
    offsets,
    offsets,
    st.none() | st.text(max_size=20),
    st.booleans(),
    st.lists(st.tuples(st.integers(0, 2**31 - 1), st.none() | st.text(max_size=10)), max_size=3),
    offsets,
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(index=st.integers(0, 2**31 - 1), r=results, version=st.integers(0, PR.MAX_VERSION))
def test_partition_response_equals_the_keyword_construction(
    index: int, r: AppendResult, version: int
) -> None:
    if r.error == ErrorCode.NONE:  # what the handler's success path drops (appended: none)
        r.message, r.record_errors = None, ()
    fast = handler._partition_response(index, r)
    general = _general(index, r)
    assert _fields(fast) == _fields(general)
    name = "t"
    fast_frame = encode_response(PR([PR.TopicProduceResponse(name, [fast])]), version, 7, 0)
    general_frame = encode_response(
        PR(responses=[PR.TopicProduceResponse(name=name, partition_responses=[general])]),
        version,
        7,
        0,
    )
    assert b"".join(fast_frame) == b"".join(general_frame)
    shared = handler._NO_CURRENT_LEADER
    assert (shared.leader_id, shared.leader_epoch, shared.unknown_tagged_fields) == (-1, -1, ())


def test_successful_partitions_share_the_default_leader_and_own_their_record_errors() -> None:
    a = handler._partition_response(0, AppendResult(ErrorCode.NONE, 5, -1, 0))
    b = handler._partition_response(1, AppendResult(ErrorCode.NONE, 6, -1, 0))
    assert a.current_leader is b.current_leader is handler._NO_CURRENT_LEADER
    assert a.record_errors is not b.record_errors  # a list each: never one shared list
