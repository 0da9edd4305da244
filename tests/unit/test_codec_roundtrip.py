"""Property tests: every message of every API, request and response, at every version.

For a random message valid at that version (fields present only where the schema has them, nulls
only where it allows them, random known and unknown tagged fields in flexible versions) the
encoding must equal the schema-interpreting reference encoder's, decode back to an equal message,
consume exactly the bytes written, and re-encode to identical bytes.
"""

from __future__ import annotations

import pytest
from codec_strategies import (
    all_message_classes,
    message_strategy,
    ref_encode,
    schema_default,
    spec_for,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.protocol.codec import Message

pytestmark = pytest.mark.unit

CASES = [
    pytest.param(cls, v, id=f"{cls.NAME}-v{v}")
    for cls in all_message_classes()
    for v in range(cls.MIN_VERSION, cls.MAX_VERSION + 1)
]

SETTINGS = settings(
    max_examples=10,
    deadline=None,
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
        HealthCheck.differing_executors,
    ],
)


def check_roundtrip(msg: Message, version: int) -> None:
    cls = type(msg)
    parts = msg.encode(version)
    raw = b"".join(parts)
    assert raw == ref_encode(msg, version)
    decoded, end = cls.decode_from(raw, 0, version)
    assert end == len(raw)
    assert decoded == msg
    assert decoded.to_bytes(version) == raw
    # decoding at an offset inside a larger buffer works the same
    padded = b"\xaa" * 3 + raw + b"\xbb"
    again, end2 = cls.decode_from(padded, 3, version)
    assert end2 == 3 + len(raw)
    assert again == msg


# Split in two: Hypothesis's pytest plugin nests a parametrized test's settings one level deeper
# per parameter, and ~950 parameters of one function overflow the stack.
REQUEST_CASES = [c for c in CASES if c.values[0].NAME.endswith("Request")]
OTHER_CASES = [c for c in CASES if not c.values[0].NAME.endswith("Request")]


@pytest.mark.parametrize(("cls", "version"), REQUEST_CASES)
@SETTINGS
@given(data=st.data())
def test_roundtrip_requests(cls: type[Message], version: int, data: st.DataObject) -> None:
    msg = data.draw(message_strategy(cls, version), label="message")
    check_roundtrip(msg, version)


@pytest.mark.parametrize(("cls", "version"), OTHER_CASES)
@SETTINGS
@given(data=st.data())
def test_roundtrip_responses_headers_data(
    cls: type[Message], version: int, data: st.DataObject
) -> None:
    msg = data.draw(message_strategy(cls, version), label="message")
    check_roundtrip(msg, version)


@pytest.mark.parametrize(("cls", "version"), CASES)
def test_default_message_roundtrip(cls: type[Message], version: int) -> None:
    """A default-constructed message encodes at every version unless a default is a null that
    the version cannot carry."""
    spec = spec_for(cls)
    msg = cls()
    nulls_ok = all(
        schema_default(f) is not None or version in f.nullable or not f.present(version)
        or f.type == "records"
        for f in spec.top.fields
    )
    if not nulls_ok:
        pytest.skip("a default is null where this version has no null")
    check_roundtrip(msg, version)


def test_case_count() -> None:
    # 88 APIs x request/response, plus 2 headers and the data schemas
    names = {cls.NAME for cls in all_message_classes()}
    assert len(names) == 88 * 2 + 2 + 8
    assert len(CASES) > 650
    assert len(REQUEST_CASES) < 800 and len(OTHER_CASES) < 800
