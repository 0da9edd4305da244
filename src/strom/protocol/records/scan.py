"""Walking a buffer of consecutive record batches without decoding their records.

Owns: :func:`iter_batches` (structure walk), :func:`valid_prefix` (log recovery: how much of a
possibly torn segment tail is intact) and :func:`validate_batches_for_append` (the produce-path
check run before a client's batches are stamped and appended).

Invariants:
- Nothing here decompresses or decodes records; work is one header unpack per batch plus, where
  stated, one CRC-32C over a ``memoryview`` slice (no copies).
- A buffer "consists of batches" when batch ``i+1`` starts exactly where batch ``i`` ends
  (``pos + 12 + batch_length``) and the last batch ends exactly at ``len(buf)``.
- Errors: structural problems and CRC mismatches are CorruptRecordError; a well-formed batch
  that breaks a log rule is InvalidRecordError; an over-limit batch is MessageTooLargeError.
"""

from __future__ import annotations

from collections.abc import Iterator

from crc32c import crc32c

from strom.errors import (
    CorruptRecordError,
    InvalidRecordError,
    MessageTooLargeError,
    UnsupportedCompressionError,
)
from strom.protocol.records.constants import (
    ATTRIBUTES_OFFSET,
    BATCH_HEADER_SIZE,
    COMPRESSION_CODEC_MASK,
    LOG_OVERHEAD,
    MAGIC,
    MIN_BATCH_LENGTH,
    CompressionType,
)
from strom.protocol.records.header import (
    HEADER_STRUCT,
    BatchHeader,
    Buffer,
    compute_crc,
    parse_batch_header,
)

_unpack_header = HEADER_STRUCT.unpack_from
# the highest known codec id, read once: on Python 3.11 every ``CompressionType.X`` read is a
# Python-level call through the enum class's ``__getattr__`` hook (~850 instructions)
_MAX_CODEC = int(CompressionType.ZSTD)


def iter_batches(buf: Buffer, *, strict: bool = True) -> Iterator[tuple[int, BatchHeader]]:
    """Yield ``(position, header)`` for each complete batch in ``buf``, in order.

    With ``strict=True`` a trailing partial batch or a structurally invalid header raises
    CorruptRecordError (when the iterator reaches it). With ``strict=False`` iteration stops
    silently at the first incomplete or invalid batch (log recovery). CRCs are not checked.
    """
    size = len(buf)
    pos = 0
    while pos < size:
        try:
            header = parse_batch_header(buf, pos)
        except CorruptRecordError:
            if strict:
                raise
            return
        end = pos + header.batch_length + LOG_OVERHEAD
        if end > size:
            if strict:
                raise CorruptRecordError(
                    f"record batch at position {pos} claims {header.size_in_bytes} bytes, "
                    f"only {size - pos} available"
                )
            return
        yield pos, header
        pos = end


def valid_prefix(buf: Buffer) -> tuple[int, int]:
    """Return ``(valid_bytes, batch_count)`` of the leading run of intact batches in ``buf``.

    A batch is intact when its header parses (magic 2, sane length), it lies wholly inside the
    buffer and its CRC matches. Used by log recovery to find where to truncate a torn tail.
    """
    valid = 0
    count = 0
    for pos, header in iter_batches(buf, strict=False):
        end = pos + header.size_in_bytes
        if compute_crc(buf, pos, end) != header.crc:
            break
        valid = end
        count += 1
    return valid, count


def validate_batches_for_append(
    buf: Buffer, *, max_batch_bytes: int | None
) -> list[tuple[int, BatchHeader]]:
    """Check a producer's record set before append, without decoding records.

    Requires: at least one batch; every batch complete, magic 2 and CRC-valid (else
    CorruptRecordError); no batch larger than ``max_batch_bytes`` including log overhead (else
    MessageTooLargeError); a known codec id 0-4 (else UnsupportedCompressionError);
    ``records_count >= 1`` and ``last_offset_delta + 1 == records_count`` (else
    InvalidRecordError). Returns ``[(position, header), ...]``.

    Origin-dependent rules (client batches must have base offset 0 and must not be control
    batches; idempotent batches need a sequence) are left to the caller.
    """
    batches: list[tuple[int, BatchHeader]] = []
    total = len(buf)
    view = buf if type(buf) is memoryview else memoryview(buf)  # CRC slices: no copies
    pos = 0
    # iter_batches(buf, strict=True) without a generator, parse_batch_header inline (its checks
    # on the unpacked tuple, the header built once they pass): once per produced partition
    while pos < total:
        if total - pos < BATCH_HEADER_SIZE:
            parse_batch_header(buf, pos)  # raises: a short header (or the bad magic it holds)
        fields = _unpack_header(buf, pos)
        size = fields[1] + LOG_OVERHEAD  # batch_length
        if fields[3] != MAGIC or size < MIN_BATCH_LENGTH + LOG_OVERHEAD:
            parse_batch_header(buf, pos)  # raises: the magic or batch_length error
        if pos + size > total:
            raise CorruptRecordError(
                f"record batch at position {pos} claims {size} bytes, only {total - pos} available"
            )
        if max_batch_bytes is not None and size > max_batch_bytes:
            raise MessageTooLargeError(
                f"record batch at position {pos} is {size} bytes, "
                f"above the limit of {max_batch_bytes}"
            )
        stored = fields[4]  # crc
        computed = crc32c(view[pos + ATTRIBUTES_OFFSET : pos + size])  # compute_crc
        if computed != stored:
            raise CorruptRecordError(
                f"record batch at position {pos} is corrupt "
                f"(stored crc = {stored}, computed crc = {computed})"
            )
        codec = fields[5] & COMPRESSION_CODEC_MASK  # attributes
        if codec > _MAX_CODEC:
            raise UnsupportedCompressionError(
                f"record batch at position {pos} uses unknown compression codec id {codec}"
            )
        count = fields[12]  # records_count
        if count <= 0:
            raise InvalidRecordError(
                f"record batch at position {pos} has invalid record count {count}"
            )
        if fields[6] + 1 != count:  # last_offset_delta
            raise InvalidRecordError(
                f"record batch at position {pos} has inconsistent offset range and record "
                f"count (last_offset_delta {fields[6]}, records_count {count})"
            )
        batches.append((pos, BatchHeader(*fields)))
        pos += size
    if not batches:
        raise InvalidRecordError("record set contains no record batch")
    return batches
