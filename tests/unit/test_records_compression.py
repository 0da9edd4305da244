"""Unit tests of strom.protocol.records.compression: stream formats and bomb protection."""

from __future__ import annotations

import gzip
import resource
import struct
import tracemalloc
import zlib

import cramjam
import pytest
from crc32c import crc32c

from strom.errors import CorruptRecordError, UnsupportedCompressionError
from strom.protocol.records import (
    BATCH_HEADER_SIZE,
    LOG_OVERHEAD,
    CompressionType,
    RecordBatchBuilder,
    compress,
    decode_batch,
    decompress,
)
from strom.protocol.records.compression import XERIAL_BLOCK_SIZE, XERIAL_HEADER

pytestmark = pytest.mark.unit

CODECS = [c for c in CompressionType if c is not CompressionType.NONE]
MiB = 1024 * 1024


def raw_batch(payload: bytes, *, count: int, codec: int) -> bytes:
    buf = bytearray(BATCH_HEADER_SIZE) + payload
    struct.pack_into(
        ">qiibIhiqqqhii",
        buf,
        0,
        0,
        len(buf) - LOG_OVERHEAD,
        -1,
        2,
        0,
        codec,
        count - 1,
        0,
        0,
        -1,
        -1,
        -1,
        count,
    )
    struct.pack_into(">I", buf, 17, crc32c(bytes(buf[21:])))
    return bytes(buf)


def records_body(n: int) -> tuple[bytes, list[bytes]]:
    """Uncompressed records section of a batch with ``n`` records, and their values."""
    builder = RecordBatchBuilder()
    values = [b"value-%d-" % i * 20 for i in range(n)]
    for v in values:
        builder.append(v, timestamp=0)
    return builder.build()[BATCH_HEADER_SIZE:], values


def maxrss_bytes() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


# ----------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("codec", list(CompressionType))
@pytest.mark.parametrize("size", [0, 1, 1000, XERIAL_BLOCK_SIZE, 300_000])
def test_compress_decompress_round_trip(codec: CompressionType, size: int) -> None:
    data = bytes(i * 7 % 256 for i in range(size // 2)) + b"z" * (size - size // 2)
    packed = compress(codec, data)
    if codec is CompressionType.NONE:
        assert packed == data
        return
    assert decompress(codec, packed, max(size, 1)) == data
    assert decompress(codec, memoryview(packed), size + 10) == data
    assert decompress(codec, bytearray(packed), size + 10) == data


@pytest.mark.parametrize("codec", CODECS)
def test_compression_levels(codec: CompressionType) -> None:
    data = b"abc" * 10_000
    for level in (1, 5):
        assert decompress(codec, compress(codec, data, level), len(data)) == data


def test_unknown_codec() -> None:
    for codec in (5, 6, 7, -1):
        with pytest.raises(UnsupportedCompressionError):
            compress(codec, b"x")
        with pytest.raises(UnsupportedCompressionError):
            decompress(codec, b"x", 100)
    with pytest.raises(UnsupportedCompressionError):
        decompress(CompressionType.NONE, b"x", 100)


@pytest.mark.parametrize("codec", CODECS)
def test_garbage_is_corrupt(codec: CompressionType) -> None:
    junks = [b"", b"garbage" * 10, compress(codec, b"hello world" * 100)[:-3]]
    if codec is not CompressionType.SNAPPY:  # b"\x00" is a valid empty raw snappy block
        junks.append(b"\x00")
    for junk in junks:
        with pytest.raises(CorruptRecordError):
            decompress(codec, junk, MiB)


# ----------------------------------------------------------------------------- gzip


def test_gzip_is_standard_and_multi_member() -> None:
    data = b"gzip data " * 1000
    packed = compress(CompressionType.GZIP, data)
    assert gzip.decompress(packed) == data
    two = gzip.compress(b"first ") + gzip.compress(b"second")
    assert decompress(CompressionType.GZIP, two, 100) == b"first second"
    with pytest.raises(CorruptRecordError):
        decompress(CompressionType.GZIP, gzip.compress(b"x") + b"junk", 100)


# ----------------------------------------------------------------------------- snappy


def test_snappy_writes_xerial_frames() -> None:
    data = bytes(range(256)) * 1000  # 256000 bytes -> 8 blocks of <= 32 KiB
    packed = compress(CompressionType.SNAPPY, data)
    assert packed.startswith(b"\x82SNAPPY\x00\x00\x00\x00\x01\x00\x00\x00\x01")
    assert packed[:16] == XERIAL_HEADER
    pos, blocks, out = 16, 0, b""
    while pos < len(packed):
        (length,) = struct.unpack_from(">i", packed, pos)
        block = packed[pos + 4 : pos + 4 + length]
        chunk = bytes(cramjam.snappy.decompress_raw(block))
        assert len(chunk) <= XERIAL_BLOCK_SIZE
        out += chunk
        pos += 4 + length
        blocks += 1
    assert out == data and blocks == 8


def test_snappy_reads_raw_and_xerial() -> None:
    body, values = records_body(300)
    raw_snappy = bytes(cramjam.snappy.compress_raw(body))  # librdkafka style
    xerial = compress(CompressionType.SNAPPY, body)  # Java style
    assert raw_snappy[:8] != xerial[:8]
    for payload in (raw_snappy, xerial):
        batch = decode_batch(raw_batch(payload, count=300, codec=CompressionType.SNAPPY))
        assert [r.value for r in batch.records] == values
    # Concatenated xerial streams (a second header mid-stream) are accepted too.
    double = compress(CompressionType.SNAPPY, b"ab") + compress(CompressionType.SNAPPY, b"cd")
    assert decompress(CompressionType.SNAPPY, double, 10) == b"abcd"


def test_snappy_malformed_xerial() -> None:
    for bad in (
        XERIAL_HEADER[:12],
        XERIAL_HEADER + b"\x00\x00",
        XERIAL_HEADER + struct.pack(">i", -5),
        XERIAL_HEADER + struct.pack(">i", 100) + b"short",
        XERIAL_HEADER + struct.pack(">i", 3) + b"\xff\xff\xff",
    ):
        with pytest.raises(CorruptRecordError):
            decompress(CompressionType.SNAPPY, bad, MiB)
    assert decompress(CompressionType.SNAPPY, XERIAL_HEADER, 10) == b""


# ----------------------------------------------------------------------------- lz4


def test_lz4_frame_is_java_compatible() -> None:
    packed = compress(CompressionType.LZ4, b"lz4 " * 50_000)
    assert packed[:4] == b"\x04\x22\x4d\x18"
    flg, bd = packed[4], packed[5]
    assert flg >> 6 == 1, "frame version 01"
    assert flg & 0x20, "independent blocks (Java rejects linked blocks)"
    assert not flg & 0x04, "no content checksum"
    assert not flg & 0x03, "reserved bits and dict id clear"
    assert bd == 0x40, "64 KiB max block size"


def test_lz4_reads_linked_block_frames() -> None:
    body, values = records_body(2000)
    linked = bytes(cramjam.lz4.compress(body))  # cramjam's one-shot frame uses linked blocks
    assert not linked[4] & 0x20
    batch = decode_batch(raw_batch(linked, count=2000, codec=CompressionType.LZ4))
    assert [r.value for r in batch.records] == values


# ----------------------------------------------------------------------------- zstd


def zstd_stream_frame(data: bytes) -> bytes:
    compressor = cramjam.zstd.Compressor()
    compressor.compress(data)
    return bytes(compressor.finish())


def test_zstd_frame_without_content_size() -> None:
    body, values = records_body(500)
    frame = zstd_stream_frame(body)
    descriptor = frame[4]
    assert descriptor >> 6 == 0 and not descriptor & 0x20, "no frame content size"
    batch = decode_batch(raw_batch(frame, count=500, codec=CompressionType.ZSTD))
    assert [r.value for r in batch.records] == values


def test_decompress_grows_buffer_when_size_unknown() -> None:
    """Pins cramjam's "buffer full" behaviour the bounded decompressor relies on."""
    data = bytes(range(256)) * 40_000  # ~10 MB, highly compressible, far above the first guess
    frame = zstd_stream_frame(data)
    assert len(frame) * 8 < len(data)
    assert decompress(CompressionType.ZSTD, frame, 64 * MiB) == data
    lz4 = compress(CompressionType.LZ4, data)
    assert decompress(CompressionType.LZ4, lz4, 64 * MiB) == data
    assert decompress(CompressionType.LZ4, lz4, len(data)) == data
    with pytest.raises(CorruptRecordError, match="exceeds"):
        decompress(CompressionType.LZ4, lz4, len(data) - 1)


def test_zstd_declared_size_above_cap_is_rejected_early() -> None:
    frame = bytes(cramjam.zstd.compress(b"\x00" * (2 * MiB)))
    assert frame[4] & 0xC0, "one-shot frames declare their content size"
    with pytest.raises(CorruptRecordError, match="exceeds"):
        decompress(CompressionType.ZSTD, frame, MiB)


# ----------------------------------------------------------------------------- bombs


def gzip_zeros(total: int) -> bytes:
    deflater = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    chunk = bytes(MiB)
    parts = [deflater.compress(chunk) for _ in range(total // MiB)]
    parts.append(deflater.flush())
    return b"".join(parts)


def test_gzip_bomb_is_bounded() -> None:
    bomb = gzip_zeros(200 * MiB)
    assert len(bomb) < 400_000
    batch = raw_batch(bomb, count=1, codec=CompressionType.GZIP)
    tracemalloc.start()
    try:
        with pytest.raises(CorruptRecordError, match="exceeds"):
            decode_batch(batch, max_decompressed_bytes=MiB)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * MiB


@pytest.mark.parametrize("codec", [CompressionType.LZ4, CompressionType.ZSTD])
def test_streamed_bomb_is_bounded(codec: CompressionType) -> None:
    module = cramjam.lz4 if codec is CompressionType.LZ4 else cramjam.zstd
    compressor = module.Compressor()
    chunk = bytes(MiB)
    for _ in range(1024 if codec is CompressionType.ZSTD else 256):
        compressor.compress(chunk)
    bomb = bytes(compressor.finish())
    batch = raw_batch(bomb, count=1, codec=codec)
    before = maxrss_bytes()
    tracemalloc.start()
    try:
        with pytest.raises(CorruptRecordError, match="exceeds"):
            decode_batch(batch, max_decompressed_bytes=MiB)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * MiB
    assert maxrss_bytes() - before < 64 * MiB  # native (Rust) allocations stay bounded too


def test_snappy_bomb_is_bounded() -> None:
    data = bytes(16 * MiB)
    for payload in (
        bytes(cramjam.snappy.compress_raw(data)),
        compress(CompressionType.SNAPPY, data),
    ):
        with pytest.raises(CorruptRecordError, match="exceeds"):
            decode_batch(
                raw_batch(payload, count=1, codec=CompressionType.SNAPPY),
                max_decompressed_bytes=MiB,
            )
