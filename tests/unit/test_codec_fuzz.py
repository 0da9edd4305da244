"""Deterministic fuzzing of the decoders: random bytes and mutations of valid frames.

Over 100,000 inputs in total (seeded ``random.Random``, so every run sees the same inputs) go to
``frames.decode_request`` and ``Message.decode``. Nothing but DecodeError (UnsupportedVersionError
is one) may escape, and whatever decodes must re-encode, with a stable second round trip.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable, Iterator

import pytest
from codec_strategies import random_message

from strom.protocol import frames
from strom.protocol.codec import DecodeError, Message, uvarint
from strom.protocol.messages import APIS

pytestmark = pytest.mark.unit

Mutator = Callable[[random.Random, bytes], bytes]


def build_corpus() -> tuple[list[bytes], list[tuple[type[Message], int, bytes]]]:
    """Valid request frames (without size prefix) and message bodies of every API."""
    rnd = random.Random(20240601)
    request_frames: list[bytes] = []
    bodies: list[tuple[type[Message], int, bytes]] = []
    for key, info in sorted(APIS.items()):
        for v in range(info.min_version, info.max_version + 1):
            req = random_message(info.request_class(), v, rnd, max_list=3)
            client = rnd.choice((None, "", "fuzz-client"))
            frame = b"".join(frames.encode_request(req, v, rnd.randint(0, 2**31 - 1), client))
            request_frames.append(frame[4:])
            bodies.append((info.request_class(), v, req.to_bytes(v)))
            resp = random_message(info.response_class(), v, rnd, max_list=3)
            bodies.append((info.response_class(), v, resp.to_bytes(v)))
        assert key in APIS
    return request_frames, bodies


REQUEST_FRAMES, BODIES = build_corpus()
INTERESTING_INTS = (0, 1, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF, 0x7FFFFFFF, 0x80000000,
                    0xFFFFFFFF, 0xFFFFFFFE)


def flip_bits(rnd: random.Random, data: bytes) -> bytes:
    if not data:
        return data
    b = bytearray(data)
    for _ in range(rnd.randint(1, 4)):
        i = rnd.randrange(len(b))
        b[i] ^= 1 << rnd.randrange(8)
    return bytes(b)


def set_bytes(rnd: random.Random, data: bytes) -> bytes:
    if not data:
        return data
    b = bytearray(data)
    for _ in range(rnd.randint(1, 3)):
        b[rnd.randrange(len(b))] = rnd.choice((0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF))
    return bytes(b)


def truncate(rnd: random.Random, data: bytes) -> bytes:
    return data[: rnd.randrange(len(data) + 1)]


def insert(rnd: random.Random, data: bytes) -> bytes:
    i = rnd.randrange(len(data) + 1)
    return data[:i] + rnd.randbytes(rnd.randint(1, 8)) + data[i:]


def delete(rnd: random.Random, data: bytes) -> bytes:
    if not data:
        return data
    i = rnd.randrange(len(data))
    return data[:i] + data[i + rnd.randint(1, 8):]


def duplicate(rnd: random.Random, data: bytes) -> bytes:
    if not data:
        return data
    i = rnd.randrange(len(data))
    j = min(len(data), i + rnd.randint(1, 16))
    return data[:j] + data[i:j] + data[j:]


def corrupt_length(rnd: random.Random, data: bytes) -> bytes:
    """Overwrite an int16/int32 or a varint somewhere with a boundary value (lengths live there)."""
    if not data:
        return data
    i = rnd.randrange(len(data))
    value = rnd.choice(INTERESTING_INTS)
    kind = rnd.randrange(3)
    if kind == 0:
        patch = struct.pack(">H", value & 0xFFFF)
    elif kind == 1:
        patch = struct.pack(">I", value & 0xFFFFFFFF)
    else:
        patch = uvarint(value & 0xFFFFFFFF)
    out = data[:i] + patch + data[i + len(patch):]
    return out[: max(len(data), i + len(patch))]


def splice(rnd: random.Random, data: bytes) -> bytes:
    other = rnd.choice(BODIES)[2]
    i = rnd.randrange(len(data) + 1)
    j = rnd.randrange(len(other) + 1)
    return data[:i] + other[j:]


MUTATORS: tuple[Mutator, ...] = (
    flip_bits, set_bytes, truncate, insert, delete, duplicate, corrupt_length, corrupt_length,
    splice,
)


def mutate(rnd: random.Random, data: bytes) -> bytes:
    for _ in range(rnd.choice((1, 1, 1, 2, 3))):
        data = rnd.choice(MUTATORS)(rnd, data)
    return data


def check_request_frame(data: bytes) -> bool:
    try:
        header, msg = frames.decode_request(data)
    except DecodeError:
        return False
    v = header.request_api_version
    again = b"".join(frames.encode_request(msg, v, header.correlation_id, header.client_id))
    h2, m2 = frames.decode_request(again[4:])
    assert b"".join(frames.encode_request(m2, v, h2.correlation_id, h2.client_id)) == again
    return True


def check_body(cls: type[Message], version: int, data: bytes | bytearray | memoryview) -> bool:
    try:
        msg = cls.decode(data, version)
    except DecodeError:
        return False
    raw = msg.to_bytes(version)
    assert cls.decode(raw, version).to_bytes(version) == raw
    return True


def run(n: int, gen: Iterator[Callable[[], bool]]) -> tuple[int, int]:
    ok = 0
    for _ in range(n):
        ok += next(gen)()
    return n, ok


TOTAL = {"inputs": 0}


def account(n: int) -> None:
    TOTAL["inputs"] += n


@pytest.mark.parametrize("seed", range(4))
def test_mutated_request_frames(seed: int) -> None:
    rnd = random.Random(1000 + seed)
    n = 30_000
    decoded = 0
    for _ in range(n):
        data = mutate(rnd, rnd.choice(REQUEST_FRAMES))
        decoded += check_request_frame(data)
    account(n)
    assert 0 < decoded < n  # the mutations exercise both paths


@pytest.mark.parametrize("seed", range(4))
def test_mutated_bodies(seed: int) -> None:
    rnd = random.Random(2000 + seed)
    n = 25_000
    decoded = 0
    for _ in range(n):
        cls, v, body = rnd.choice(BODIES)
        data = mutate(rnd, body)
        if rnd.random() < 0.1:
            data = bytearray(data)
        decoded += check_body(cls, v, data)
    account(n)
    assert 0 < decoded < n


def test_bodies_at_wrong_versions() -> None:
    """Valid bytes of one version read as every other version of the same message."""
    n = 0
    for cls, v, body in BODIES:
        for other in range(cls.MIN_VERSION, cls.MAX_VERSION + 1):
            if other != v:
                check_body(cls, other, body)
                n += 1
    account(n)


def test_random_bytes() -> None:
    rnd = random.Random(3000)
    keys = sorted(APIS)
    n = 0
    for _ in range(10_000):
        data = rnd.randbytes(rnd.choice((0, 1, 3, 8, 20, 64, 200)))
        check_request_frame(data)
        n += 1
        # random bytes behind a valid header prefix, so the body decoders see them
        info = APIS[rnd.choice(keys)]
        v = rnd.randint(info.min_version, info.max_version)
        prefix = struct.pack(">hhi", info.api_key, v, 1) + rnd.choice((b"\xff\xff", b"\x00\x01c"))
        if 0 <= info.flexible_min <= v:
            prefix += b"\x00"
        check_request_frame(prefix + data)
        n += 1
        cls = info.request_class() if rnd.random() < 0.5 else info.response_class()
        check_body(cls, v, data)
        n += 1
    account(n)


def test_hostile_length_values_everywhere() -> None:
    """Every position of some frames overwritten with boundary lengths (int32/int16/varint)."""
    rnd = random.Random(4000)
    n = 0
    samples = rnd.sample(REQUEST_FRAMES, 12)
    for frame in samples:
        for i in range(8, min(len(frame), 120)):
            for value in (0x7FFFFFFF, 0xFFFFFFFF, 0x7FFF):
                for patch in (struct.pack(">I", value), struct.pack(">H", value & 0xFFFF),
                              uvarint(value)):
                    check_request_frame(frame[:i] + patch + frame[i + len(patch):])
                    n += 1
    account(n)


def test_total_inputs_at_least_100k() -> None:
    # runs last in this module (pytest keeps definition order)
    if TOTAL["inputs"] == 0:
        pytest.skip("run with the rest of the module to count inputs")
    assert TOTAL["inputs"] >= 100_000, TOTAL


def test_trailing_garbage_is_ignored_not_parsed() -> None:
    """A valid frame followed by 1 MiB of random bytes decodes to the same request as the frame
    alone: the decoder stops at the end of the body and never walks the trailing bytes (which
    also keeps it from spending time proportional to them). Speed itself is measured in
    bench/codec.py, not asserted here."""
    rnd = random.Random(5000)
    for frame in rnd.sample(REQUEST_FRAMES, min(20, len(REQUEST_FRAMES))):
        clean = frames.decode_request(bytes(frame))
        padded = frames.decode_request(bytes(frame) + rnd.randbytes(1 << 20))
        assert padded == clean
