"""Compression codecs of record batches, with bounded-memory decompression.

Owns: :func:`compress` and :func:`decompress` for the Kafka codecs, in the exact stream formats
Kafka clients exchange:

- GZIP: a standard gzip stream (RFC 1952); concatenated members are read.
- SNAPPY: written in the xerial framing the Java client uses (``b"\\x82SNAPPY\\x00"``, int32
  version 1, int32 compatible version 1, then blocks of ``int32 length`` + raw snappy block, each
  compressing at most 32 KiB); read both xerial and raw (unframed) snappy, which librdkafka
  writes. Google's snappy *framing* format is not a Kafka format and is never written.
- LZ4: the LZ4 frame format with independent 64 KiB blocks and no content checksum (the Java
  client rejects frames with linked blocks); any valid frame is read.
- ZSTD: a zstd frame; frames without a content size (streaming producers) are read.

Invariants:
- ``decompress`` never holds more than about ``max_size`` bytes of output: gzip streams through
  ``zlib`` with ``max_length``; snappy checks each block's declared length before inflating it;
  lz4/zstd inflate into a fixed, preallocated buffer of at most ``max_size + 1`` bytes (cramjam
  stops as soon as it is full). Exceeding ``max_size`` raises :class:`DecompressedSizeError`
  (a CorruptRecordError answered as MESSAGE_TOO_LARGE: the data may be fine, only too big for
  this broker), so a compression bomb costs only the cap.
- Malformed input raises CorruptRecordError; codec ids outside 1-4 (and 0 for decompress) raise
  UnsupportedCompressionError. No other exception escapes.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable

import cramjam

from strom.errors import CorruptRecordError, ErrorCode, UnsupportedCompressionError
from strom.protocol.records.constants import CompressionType

Buffer = bytes | bytearray | memoryview

XERIAL_MAGIC = b"\x82SNAPPY\x00"
XERIAL_HEADER = XERIAL_MAGIC + struct.pack(">ii", 1, 1)
XERIAL_BLOCK_SIZE = 32 * 1024
DEFAULT_ZSTD_LEVEL = 3

_ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"
_LZ4_MAGIC = b"\x04\x22\x4d\x18"
_GZIP_MAGIC = b"\x1f\x8b"
_MIN_GUESS = 64 * 1024
_BUFFER_FULL = "whole buffer"  # cramjam: "failed to write whole buffer"
_I32 = struct.Struct(">i")


class DecompressedSizeError(CorruptRecordError):
    """Decompressed records would exceed the caller's cap (MESSAGE_TOO_LARGE)."""

    code = ErrorCode.MESSAGE_TOO_LARGE


def _bomb(max_size: int) -> DecompressedSizeError:
    return DecompressedSizeError(f"decompressed size exceeds the limit of {max_size} bytes")


def _unsupported(codec: int) -> UnsupportedCompressionError:
    return UnsupportedCompressionError(f"unsupported compression codec id {codec}")


# --------------------------------------------------------------------------- compression


def compress(codec: int, data: Buffer, level: int | None = None) -> bytes:
    """Compress ``data`` with ``codec`` in the stream format Kafka clients read."""
    try:
        if codec == CompressionType.GZIP:
            return bytes(cramjam.gzip.compress(data, level=level))
        if codec == CompressionType.SNAPPY:
            return _xerial_compress(data)
        if codec == CompressionType.LZ4:
            compressor = cramjam.lz4.Compressor(
                level=level, content_checksum=False, block_linked=False
            )
            compressor.compress(bytes(data))
            return bytes(compressor.finish())
        if codec == CompressionType.ZSTD:
            zlevel = DEFAULT_ZSTD_LEVEL if level is None else level
            return bytes(cramjam.zstd.compress(data, level=zlevel))
        if codec == CompressionType.NONE:
            return bytes(data)
    except cramjam.CompressionError as exc:  # pragma: no cover - e.g. an invalid level
        raise ValueError(f"compression with codec {codec} failed: {exc}") from exc
    raise _unsupported(codec)


def _xerial_compress(data: Buffer) -> bytes:
    view = memoryview(data)
    out = bytearray(XERIAL_HEADER)
    for start in range(0, len(view), XERIAL_BLOCK_SIZE):
        block = cramjam.snappy.compress_raw(view[start : start + XERIAL_BLOCK_SIZE])
        out += _I32.pack(len(block))
        out += block
    return bytes(out)


# --------------------------------------------------------------------------- decompression


def decompress(codec: int, data: Buffer, max_size: int) -> bytes:
    """Decompress ``data`` (a ``codec`` stream), refusing output larger than ``max_size``."""
    try:
        if codec == CompressionType.GZIP:
            return _gunzip(data, max_size)
        if codec == CompressionType.SNAPPY:
            return _unsnappy(data, max_size)
        if codec == CompressionType.LZ4:
            return _inflate_into(cramjam.lz4.decompress_into, data, max_size, _lz4_size(data))
        if codec == CompressionType.ZSTD:
            return _inflate_into(cramjam.zstd.decompress_into, data, max_size, _zstd_size(data))
    except (CorruptRecordError, UnsupportedCompressionError):
        raise
    except (KeyboardInterrupt, SystemExit, MemoryError):  # pragma: no cover
        raise
    except BaseException as exc:  # cramjam/zlib errors, and pyo3 panics (BaseException)
        raise CorruptRecordError(f"invalid compressed data for codec {codec}: {exc}") from exc
    raise _unsupported(codec)


def _gunzip(data: Buffer, max_size: int) -> bytes:
    chunks: list[bytes] = []
    total = 0
    pending: Buffer = data
    while True:
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        chunk = inflater.decompress(pending, max_size + 1 - total)
        total += len(chunk)
        if total > max_size:
            raise _bomb(max_size)
        chunks.append(chunk)
        if not inflater.eof:
            if inflater.unconsumed_tail:
                raise _bomb(max_size)  # stopped by max_length with input left over
            raise CorruptRecordError("truncated gzip stream")
        pending = inflater.unused_data
        if not pending:
            break
        if pending[:2] != _GZIP_MAGIC:
            raise CorruptRecordError("trailing bytes after gzip stream")
    return b"".join(chunks)


def _unsnappy(data: Buffer, max_size: int) -> bytes:
    view = memoryview(data)
    if view[: len(XERIAL_MAGIC)] != XERIAL_MAGIC:
        size = int(cramjam.snappy.decompress_raw_len(view))
        if size > max_size:
            raise _bomb(max_size)
        return bytes(cramjam.snappy.decompress_raw(view))
    out = bytearray()
    pos = 0
    end = len(view)
    while pos < end:
        if view[pos : pos + len(XERIAL_MAGIC)] == XERIAL_MAGIC:
            if end - pos < len(XERIAL_HEADER):
                raise CorruptRecordError("truncated xerial snappy header")
            pos += len(XERIAL_HEADER)  # a (possibly concatenated) stream header
            continue
        if end - pos < 4:
            raise CorruptRecordError("truncated xerial snappy block length")
        (length,) = _I32.unpack_from(view, pos)
        pos += 4
        if length < 0 or length > end - pos:
            raise CorruptRecordError(f"invalid xerial snappy block length {length}")
        block = view[pos : pos + length]
        pos += length
        if length == 0:
            continue
        if len(out) + int(cramjam.snappy.decompress_raw_len(block)) > max_size:
            raise _bomb(max_size)
        out += cramjam.snappy.decompress_raw(block)
    return bytes(out)


def _lz4_size(data: Buffer) -> int | None:
    """Content size declared in an LZ4 frame header, if any (a hint only)."""
    if len(data) < 15 or bytes(data[:4]) != _LZ4_MAGIC or not data[4] & 0x08:
        return None
    return int.from_bytes(data[6:14], "little")


def _zstd_size(data: Buffer) -> int | None:
    """Frame content size declared in a zstd frame header, if any (a hint only)."""
    if len(data) < 6 or bytes(data[:4]) != _ZSTD_MAGIC:
        return None
    descriptor = data[4]
    fcs_flag = descriptor >> 6
    single_segment = bool(descriptor & 0x20)
    pos = 5 + (0 if single_segment else 1) + (0, 1, 2, 4)[descriptor & 0x03]
    width = (1 if single_segment else 0, 2, 4, 8)[fcs_flag]
    if width == 0 or len(data) < pos + width:
        return None
    size = int.from_bytes(data[pos : pos + width], "little")
    return size + 256 if width == 2 else size


def _inflate_into(
    decoder: Callable[[Buffer, bytearray], int], data: Buffer, max_size: int, hint: int | None
) -> bytes:
    """Inflate into a preallocated buffer, growing it (up to ``max_size + 1``) as needed.

    cramjam's ``decompress_into`` stops with "failed to write whole buffer" as soon as the output
    buffer is full, so memory never exceeds the buffer: on that error below the cap, retry with
    a 4x larger buffer; at the cap it means the output is too large. Any other error is corrupt
    input. (A unit test pins cramjam's message so a change cannot go unnoticed.)
    """
    if hint is not None and hint > max_size:
        raise _bomb(max_size)
    cap = max_size + 1
    size = min(cap, hint if hint is not None else max(_MIN_GUESS, 8 * len(data)))
    while True:
        out = bytearray(size)
        try:
            written = int(decoder(data, out))
        except (KeyboardInterrupt, SystemExit, MemoryError):  # pragma: no cover
            raise
        except BaseException as exc:
            if _BUFFER_FULL not in str(exc):
                raise CorruptRecordError(f"invalid compressed data: {exc}") from exc
            if size >= cap:
                raise _bomb(max_size) from exc
            size = min(cap, max(size * 4, _MIN_GUESS))
            continue
        if written > max_size:
            raise _bomb(max_size)
        return bytes(memoryview(out)[:written])
