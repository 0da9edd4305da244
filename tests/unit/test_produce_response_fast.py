"""The hand-written one-partition Produce response encoder against the generated encoder.

- On random Produce responses of every version (0-11) — one or several topics and partitions,
  error codes, offsets from -1 to the int64 limits, log append time, log start offset, throttle
  time, unicode and long topic names, record errors, an error message, tagged fields and
  ``current_leader``/``node_endpoints`` set or at their defaults — ``frames.encode_response``
  returns the bytes of the generated path (``ResponseHeader``, then the generated body encoder,
  the size in front), as one bytearray in a list.
- The common shape (one topic, one partition, no record error, null message, defaults) is taken
  by the hand-written encoder in every version; each other shape is declined by it.
- Values the formats cannot hold still raise EncodeError from ``encode_response`` (the fast path
  declines and the generated encoder refuses them).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strom.protocol.codec import EncodeError, Writer
from strom.protocol.frames import encode_response, response_header_version
from strom.protocol.messages.headers import ResponseHeader
from strom.protocol.messages.produce import ProduceResponse as PR
from strom.protocol.produce_response_fast import encode_produce_response

pytestmark = pytest.mark.unit

VERSIONS = range(PR.MIN_VERSION, PR.MAX_VERSION + 1)
I16 = st.integers(-(2**15), 2**15 - 1)
I32 = st.integers(-(2**31), 2**31 - 1)
I64 = st.one_of(st.sampled_from([-1, 0, 2**63 - 1, -(2**63)]), st.integers(-(2**63), 2**63 - 1))
TAGS = st.one_of(st.just(()), st.tuples(st.tuples(st.integers(1, 300), st.binary(max_size=8))))
NAMES = st.one_of(
    st.text(max_size=20),
    st.text(min_size=120, max_size=300),  # around the one-byte compact length
    st.sampled_from(["t", "bench-topic", "ü" * 63, "ü" * 64, "x" * 126, "x" * 127, "x" * 249]),
)


def _generated(msg: PR, version: int, correlation_id: int) -> bytes:
    """The generated path, called directly: header codec, body encoder, size in front."""
    w = Writer()
    ResponseHeader(correlation_id).encode_into(w, response_header_version(0, version))
    PR._ENCODERS[version](msg, w)
    body = b"".join(w.finish())
    return len(body).to_bytes(4, "big") + body


@st.composite
def leaders(draw: st.DrawFn) -> PR.LeaderIdAndEpoch:
    if draw(st.booleans()):
        return PR.LeaderIdAndEpoch()
    return PR.LeaderIdAndEpoch(draw(I32), draw(I32), draw(TAGS))


@st.composite
def partitions(draw: st.DrawFn, common: bool) -> PR.PartitionProduceResponse:
    plain = common or draw(st.integers(0, 3)) > 0
    record_errors = (
        []
        if plain
        else draw(
            st.lists(
                st.builds(
                    PR.BatchIndexAndErrorMessage,
                    batch_index=I32,
                    batch_index_error_message=st.one_of(st.none(), st.text(max_size=10)),
                ),
                max_size=2,
            )
        )
    )
    return PR.PartitionProduceResponse(
        index=draw(I32),
        error_code=draw(I16),
        base_offset=draw(I64),
        log_append_time_ms=draw(I64),
        log_start_offset=draw(I64),
        record_errors=record_errors,
        error_message=None if plain else draw(st.one_of(st.none(), st.text(max_size=10))),
        current_leader=PR.LeaderIdAndEpoch() if plain else draw(leaders()),
        unknown_tagged_fields=() if plain else draw(TAGS),
    )


@st.composite
def responses(draw: st.DrawFn, common: bool = False) -> PR:
    def topic() -> PR.TopicProduceResponse:
        n = 1 if common else draw(st.sampled_from([1, 1, 1, 0, 2, 3]))
        return PR.TopicProduceResponse(
            name=draw(NAMES),
            partition_responses=[draw(partitions(common)) for _ in range(n)],
            unknown_tagged_fields=() if common else draw(st.one_of(st.just(()), TAGS)),
        )

    n = 1 if common else draw(st.sampled_from([1, 1, 1, 0, 2]))
    node_endpoints = []
    if not common and draw(st.integers(0, 3)) == 0:
        node_endpoints = [PR.NodeEndpoint(node_id=1, host="127.0.0.1", port=9092, rack=None)]
    return PR(
        responses=[topic() for _ in range(n)],
        throttle_time_ms=draw(I32),
        node_endpoints=node_endpoints,
        unknown_tagged_fields=() if common or draw(st.integers(0, 3)) else draw(TAGS),
    )


@settings(max_examples=600, deadline=None)
@given(msg=responses(), version=st.sampled_from(VERSIONS), correlation_id=I32)
def test_any_response_encodes_to_the_generated_bytes(
    msg: PR, version: int, correlation_id: int
) -> None:
    parts = encode_response(msg, version, correlation_id)
    assert len(parts) == 1 and type(parts[0]) is bytearray
    assert bytes(parts[0]) == _generated(msg, version, correlation_id)


@settings(max_examples=300, deadline=None)
@given(msg=responses(common=True), version=st.sampled_from(VERSIONS), correlation_id=I32)
def test_the_common_shape_takes_the_hand_written_encoder(
    msg: PR, version: int, correlation_id: int
) -> None:
    fast = encode_produce_response(msg, version, correlation_id)
    assert fast is not None
    assert len(fast) == 1 and type(fast[0]) is bytearray
    assert bytes(fast[0]) == _generated(msg, version, correlation_id)


def _common() -> PR:
    return PR(
        [PR.TopicProduceResponse("t", [PR.PartitionProduceResponse(0, 0, 5, -1, 0)])],
        throttle_time_ms=0,
    )


def _edit_record_errors(m: PR) -> None:
    m.responses[0].partition_responses[0].record_errors = [PR.BatchIndexAndErrorMessage(0, "x")]


def _edit_error_message(m: PR) -> None:
    m.responses[0].partition_responses[0].error_message = "broken"


def _edit_partition_tags(m: PR) -> None:
    m.responses[0].partition_responses[0].unknown_tagged_fields = ((3, b"x"),)


def _edit_topic_tags(m: PR) -> None:
    m.responses[0].unknown_tagged_fields = ((3, b"x"),)


def _edit_response_tags(m: PR) -> None:
    m.unknown_tagged_fields = ((3, b"x"),)


def _edit_two_partitions(m: PR) -> None:
    m.responses[0].partition_responses.append(PR.PartitionProduceResponse(1, 0, 7))


def _edit_two_topics(m: PR) -> None:
    m.responses.append(PR.TopicProduceResponse("u", [PR.PartitionProduceResponse(0, 0, 7)]))


def _edit_no_topic(m: PR) -> None:
    m.responses.clear()


def _edit_no_partition(m: PR) -> None:
    m.responses[0].partition_responses.clear()


DECLINED_EVERYWHERE = [
    _edit_record_errors,
    _edit_error_message,
    _edit_partition_tags,
    _edit_topic_tags,
    _edit_response_tags,
    _edit_two_partitions,
    _edit_two_topics,
    _edit_no_topic,
    _edit_no_partition,
]


def _edit_current_leader(m: PR) -> None:
    m.responses[0].partition_responses[0].current_leader = PR.LeaderIdAndEpoch(2, -1)


def _edit_current_leader_epoch(m: PR) -> None:
    m.responses[0].partition_responses[0].current_leader = PR.LeaderIdAndEpoch(-1, 4)


def _edit_current_leader_tags(m: PR) -> None:
    m.responses[0].partition_responses[0].current_leader = PR.LeaderIdAndEpoch(
        unknown_tagged_fields=((1, b"y"),)
    )


def _edit_node_endpoints(m: PR) -> None:
    m.node_endpoints = [PR.NodeEndpoint(1, "127.0.0.1", 9092)]


DECLINED_FROM_V10 = [
    _edit_current_leader,
    _edit_current_leader_epoch,
    _edit_current_leader_tags,
    _edit_node_endpoints,
]


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("edit", DECLINED_EVERYWHERE + DECLINED_FROM_V10)
def test_each_other_shape_is_declined_and_encodes_as_generated(
    edit: Callable[[PR], None], version: int
) -> None:
    msg = _common()
    assert encode_produce_response(msg, version, 1) is not None
    edit(msg)
    declined = edit in DECLINED_EVERYWHERE or version >= 10
    assert (encode_produce_response(msg, version, 1) is None) == declined
    assert bytes(encode_response(msg, version, 1)[0]) == _generated(msg, version, 1)


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize(
    ("field", "value"),
    [("base_offset", 2**63), ("error_code", 2**15), ("index", "0"), ("log_start_offset", None)],
)
def test_values_the_formats_refuse_still_raise_encode_error(
    version: int, field: str, value: object
) -> None:
    msg = _common()
    setattr(msg.responses[0].partition_responses[0], field, value)
    ignored = version < 5 and field == "log_start_offset"
    if ignored:  # the version has no such field: both paths write the others
        assert bytes(encode_response(msg, version, 1)[0]) == _generated(msg, version, 1)
        return
    assert encode_produce_response(msg, version, 1) is None
    with pytest.raises(EncodeError):
        encode_response(msg, version, 1)


def test_versions_outside_the_api_are_declined() -> None:
    assert encode_produce_response(_common(), 12, 1) is None
    assert encode_produce_response(_common(), -1, 1) is None
    with pytest.raises(EncodeError):
        encode_response(_common(), 12, 1)
