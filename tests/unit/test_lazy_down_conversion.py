"""Unit tests of strom.broker.response_records.LazyDownConversionRecords: Fetch v0-3 records
converted batch by batch from real segment-like files, compared with the whole conversion of
strom.protocol.records.legacy.down_convert, read the way old consumers read a fetched set
(a partial trailing message ignored)."""

from __future__ import annotations

import struct
from io import FileIO
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from legacy_sets import complete_messages

from strom.broker.response_records import FileRecords, LazyDownConversionRecords, ShortReadError
from strom.errors import CorruptRecordError, UnsupportedCompressionError
from strom.protocol.records import CompressionType, RecordBatchBuilder
from strom.protocol.records.control import build_control_batch
from strom.protocol.records.legacy import LegacyRecord, down_convert, parse_message_set
from strom.storage.file_records import FileSlice

pytestmark = pytest.mark.unit

CAP = 1 << 20
CODECS = [CompressionType.NONE, CompressionType.GZIP, CompressionType.LZ4]


def _batch(base: int, values: list[bytes], codec: int = CompressionType.NONE) -> bytes:
    b = RecordBatchBuilder(compression=codec, base_offset=base)
    for i, v in enumerate(values):
        b.append(v, key=b"k%d" % (base + i), timestamp=1000 + base + i, headers=[("h", b"x")])
    return b.build()


def _file(tmp_path: Path, data: bytes) -> FileIO:
    path = tmp_path / "00000000000000000000.log"
    path.write_bytes(data)
    return FileIO(path, "r")


def _records(data: bytes) -> list[LegacyRecord]:
    whole = complete_messages(data)
    return parse_message_set(whole, CAP).records if whole else []


def _sent(records: object, chunk: int = 1000) -> bytes:
    assert isinstance(records, LazyDownConversionRecords)
    out = b"".join(records.chunks(chunk))
    assert len(out) == len(records)  # exactly what the frame promised
    assert b"".join(records.chunks(chunk + 1)) == out  # and the same bytes every time
    return out


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    sizes=st.lists(st.tuples(st.integers(1, 6), st.integers(0, 300)), min_size=1, max_size=8),
    codec=st.sampled_from(CODECS),
    magic=st.sampled_from([0, 1]),
    skip=st.integers(0, 4),
    cut=st.integers(0, 200),
)
def test_lazy_answers_a_prefix_of_the_whole_conversion_with_the_first_batch_whole(
    tmp_path: Path,
    sizes: list[tuple[int, int]],
    codec: CompressionType,
    magic: int,
    skip: int,
    cut: int,
) -> None:
    data, base = b"", 0
    for count, size in sizes:
        data += _batch(base, [bytes([base % 251]) * size for _ in range(count)], codec)
        base += count
    length = max(len(data) - cut, 1)  # a byte limit may cut the last batch
    f = _file(tmp_path, data)
    try:
        lazy = LazyDownConversionRecords.build(
            FileRecords((FileSlice(f, 0, length),)), magic, skip, CAP
        )
        whole = down_convert(data[:length], magic, skip, 1 << 30, CAP)
        if not whole:
            assert lazy == b"" or len(lazy) == 12  # nothing to convert / no whole batch
            return
        got = _records(_sent(lazy))
        want = parse_message_set(whole, CAP).records
        first_count = min(sizes[0][0], base) - min(skip, sizes[0][0])
        assert len(got) >= max(first_count, 1)  # the first convertible batch always whole
        assert got == want[: len(got)]
        assert len(lazy) == max(length, len(lazy))  # never less than the log range
    finally:
        f.close()


def test_conversion_growth_is_cut_and_shrinkage_padded(tmp_path: Path) -> None:
    # many tiny records grow ~3x in magic 1: the set is cut at the log range's size (+ the
    # first batch) and ends with a partial message
    tiny = b"".join(_batch(i * 50, [b"v"] * 50) for i in range(20))
    f = _file(tmp_path, tiny)
    lazy = LazyDownConversionRecords.build(FileRecords((FileSlice(f, 0, len(tiny)),)), 1, 0, CAP)
    out = _sent(lazy)
    got = _records(out)
    assert len(out) == len(tiny) and 50 <= len(got) < 1000
    assert [r.offset for r in got] == list(range(len(got)))
    f.close()
    # headers and keys dropped, large values compressed anew: shorter, padded with the
    # overflow entry (offset -1, a size past the end)
    big = b"".join(_batch(i, [bytes(5000)], CompressionType.GZIP) for i in range(3))
    f = _file(tmp_path, big)
    lazy = LazyDownConversionRecords.build(FileRecords((FileSlice(f, 0, len(big)),)), 1, 0, CAP)
    out = _sent(lazy, chunk=7)
    assert [r.key for r in _records(out)] == [b"k0", b"k1", b"k2"]  # wrappers: keys tell
    tail = out[len(complete_messages(out)) :]
    if len(tail) >= 12:
        assert struct.unpack_from(">qi", tail) == (-1, max(len(tail) + 1, 61))
    f.close()


def test_control_batches_are_skipped_and_zstd_ends_the_set(tmp_path: Path) -> None:
    marker = build_control_batch(
        producer_id=7,
        producer_epoch=0,
        commit=True,
        coordinator_epoch=0,
        timestamp=1,
        base_offset=0,
    )
    only = marker * 3
    f = _file(tmp_path, only)
    assert (
        LazyDownConversionRecords.build(FileRecords((FileSlice(f, 0, len(only)),)), 1, 0, CAP)
        == b""
    )
    f.close()
    data = marker + _batch(1, [b"a" * 3000]) + _batch(2, [b"z" * 3000], CompressionType.ZSTD)
    data += _batch(3, [b"b" * 3000])
    f = _file(tmp_path, data)
    lazy = LazyDownConversionRecords.build(FileRecords((FileSlice(f, 0, len(data)),)), 1, 0, CAP)
    got = _records(_sent(lazy))
    assert [(r.offset, r.value) for r in got] == [(1, b"a" * 3000)]  # up to the zstd batch
    start = len(marker) + len(_batch(1, [b"a" * 3000]))
    with pytest.raises(UnsupportedCompressionError):  # the next fetch starts at it: refused
        LazyDownConversionRecords.build(
            FileRecords((FileSlice(f, start, len(data) - start),)), 1, 2, CAP
        )
    f.close()


def test_a_corrupt_batch_ends_the_set_and_is_refused_when_first(tmp_path: Path) -> None:
    one, two = _batch(0, [b"a" * 3000]), bytearray(_batch(1, [b"b" * 3000]))
    two[-100] ^= 0x10  # a flipped bit in the second batch's value: its CRC fails
    data = one + bytes(two) + _batch(2, [b"c" * 3000])
    f = _file(tmp_path, data)
    lazy = LazyDownConversionRecords.build(FileRecords((FileSlice(f, 0, len(data)),)), 1, 0, CAP)
    assert [r.value for r in _records(_sent(lazy))] == [b"a" * 3000]  # nothing corrupt served
    with pytest.raises(CorruptRecordError):
        LazyDownConversionRecords.build(
            FileRecords((FileSlice(f, len(one), len(data) - len(one)),)), 1, 1, CAP
        )
    f.close()


def test_a_range_without_one_whole_batch_is_a_lone_overflow_entry(tmp_path: Path) -> None:
    data = _batch(0, [bytes(8000)])
    f = _file(tmp_path, data)
    out = LazyDownConversionRecords.build(FileRecords((FileSlice(f, 0, 4096),)), 0, 0, CAP)
    assert out == struct.pack(">qi", -1, 61)
    f.close()


def test_a_segment_closed_mid_response_is_a_short_read(tmp_path: Path) -> None:
    data = b"".join(_batch(i, [bytes(3000)]) for i in range(4))
    f = _file(tmp_path, data)
    lazy = LazyDownConversionRecords.build(FileRecords((FileSlice(f, 0, len(data)),)), 1, 0, CAP)
    assert isinstance(lazy, LazyDownConversionRecords)
    chunks = lazy.chunks(100_000)
    next(chunks)  # the first batch, converted when built
    f.close()
    with pytest.raises(ShortReadError):
        list(chunks)
