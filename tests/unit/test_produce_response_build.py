"""The Produce handler's per-partition response (issue 15, session 9) against the general path.

``handlers.produce._partition_response`` builds a successful partition's response with positional
arguments and one shared default ``current_leader`` (keywords and a new ``LeaderIdAndEpoch`` per
partition cost as much again). On random append results, successful or not, the response equals
the one built with keywords and a fresh default leader, field by field and in its encoding for
every Produce version; and the shared leader is never changed by building or encoding.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strom.broker.context import RequestContext
from strom.broker.handlers import produce as handler
from strom.broker.partition import AppendResult
from strom.errors import ErrorCode
from strom.protocol.frames import encode_response
from strom.protocol.messages.headers import RequestHeader
from strom.protocol.messages.produce import ProduceRequest
from strom.protocol.messages.produce import ProduceResponse as PR
from strom.protocol.produce_response_fast import one_partition_response

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


# -- the one-partition response (session 12) ---------------------------------------------------


def _tree(r: PR) -> object:
    """Every slot of the response, its topics and their partitions (``_fields`` for those)."""
    return (
        r.throttle_time_ms,
        r.node_endpoints,
        r.unknown_tagged_fields,
        [
            (t.name, t.unknown_tagged_fields, [_fields(p) for p in t.partition_responses])
            for t in r.responses
        ],
    )


@settings(max_examples=200, deadline=None)
@given(
    name=st.text(max_size=200),
    index=st.integers(-(2**31), 2**31 - 1),
    base=offsets,
    append_time=offsets,
    start=offsets,
    version=st.integers(0, PR.MAX_VERSION),
)
def test_one_partition_response_equals_the_constructors(
    name: str, index: int, base: int, append_time: int, start: int, version: int
) -> None:
    fast = one_partition_response(name, index, base, append_time, start)
    general = PR(
        responses=[
            PR.TopicProduceResponse(
                name=name,
                partition_responses=[
                    PR.PartitionProduceResponse(
                        index=index,
                        error_code=0,
                        base_offset=base,
                        log_append_time_ms=append_time,
                        log_start_offset=start,
                    )
                ],
            )
        ]
    )
    for obj in (fast, fast.responses[0], fast.responses[0].partition_responses[0]):
        for slot in type(obj).__slots__:  # every slot set (AttributeError if one is not)
            getattr(obj, slot)
    assert _tree(fast) == _tree(general)
    assert b"".join(encode_response(fast, version, 7, 0)) == b"".join(
        encode_response(general, version, 7, 0)
    )
    other = one_partition_response(name, index, base, append_time, start)
    assert other.node_endpoints is not fast.node_endpoints  # fresh lists per response
    assert other.responses[0].partition_responses[0].record_errors is not (
        fast.responses[0].partition_responses[0].record_errors
    )


class _ReplicaManager:
    def __init__(self, results: list[AppendResult]) -> None:
        self.results = results

    def append_entries(
        self, entries: list[object], acks: int, transactional_id: str | None = None
    ) -> list[AppendResult]:
        assert len(entries) == len(self.results)
        return self.results


def _handler_response(req: ProduceRequest, results: list[AppendResult]) -> PR | None:
    services = SimpleNamespace(authorizer=None, replica_manager=_ReplicaManager(results))
    ctx = RequestContext(RequestHeader(0, 9, 1, "c"), cast(Any, services), "127.0.0.1:1")
    return asyncio.run(handler.produce(ctx, req))


@settings(max_examples=200, deadline=None)
@given(
    shape=st.lists(st.lists(st.integers(0, 50), max_size=2), min_size=1, max_size=2),
    drawn=st.lists(results, min_size=4, max_size=4),
    internal=st.booleans(),
    version=st.integers(0, PR.MAX_VERSION),
)
def test_the_handler_answers_as_the_general_loop(
    shape: list[list[int]], drawn: list[AppendResult], internal: bool, version: int
) -> None:
    """One topic of one partition (the short cut, when appended) and any other shape (the
    loop): the handler's response equals the one built partition by partition."""
    topics = [
        ProduceRequest.TopicProduceData(
            name="__consumer_offsets" if internal and t == 0 else f"t{t}",
            partition_data=[
                ProduceRequest.PartitionProduceData(index=i, records=b"x") for i in indexes
            ],
        )
        for t, indexes in enumerate(shape)
    ]
    req = ProduceRequest(acks=1, timeout_ms=1000, topic_data=topics)
    appended = [
        pd for t in topics if t.name != "__consumer_offsets" for pd in t.partition_data
    ]  # one result per partition appended
    results = drawn[: len(appended)]
    out = _handler_response(req, results)
    assert out is not None
    it = iter(results)
    expected = PR(
        [
            PR.TopicProduceResponse(
                t.name,
                [
                    handler._partition_response(
                        pd.index,
                        AppendResult(
                            ErrorCode.INVALID_TOPIC_EXCEPTION,
                            message=f"Cannot append to internal topic {t.name}",
                        )
                        if t.name == "__consumer_offsets"
                        else next(it),
                    )
                    for pd in t.partition_data
                ],
            )
            for t in topics
        ]
    )
    assert _tree(out) == _tree(expected)
    assert b"".join(encode_response(out, version, 7, 0)) == b"".join(
        encode_response(expected, version, 7, 0)
    )
