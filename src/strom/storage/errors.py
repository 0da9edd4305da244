"""Exceptions raised by the storage layer.

Owns the storage-specific exception types. Every one that can reach a client is a
:class:`~strom.errors.KafkaError` carrying the Kafka error code the broker should answer with;
:class:`CorruptIndexError` is internal (an index that fails its checks is always rebuilt from the
log, never reported).

On-disk format: none. Thread-safety: plain exception classes, safe anywhere.
"""

from __future__ import annotations

from strom.errors import ErrorCode, KafkaError


class OffsetOutOfRangeError(KafkaError):
    """A fetch/read offset is below the log start offset or above the log end offset."""

    code = ErrorCode.OFFSET_OUT_OF_RANGE


class RecordBatchTooLargeError(KafkaError):
    """An append is larger than ``segment.bytes`` and can never fit in a segment."""

    code = ErrorCode.RECORD_LIST_TOO_LARGE


class UnexpectedAppendOffsetError(KafkaError):
    """A follower append whose first offset is below the log end offset, or out of order."""

    code = ErrorCode.UNKNOWN_SERVER_ERROR


class KafkaStorageError(KafkaError):
    """The log directory or a file in it is unusable (I/O error, malformed checkpoint)."""

    code = ErrorCode.KAFKA_STORAGE_ERROR


class CheckpointError(KafkaStorageError):
    """A checkpoint file exists but cannot be parsed."""


class CorruptIndexError(Exception):
    """An offset or time index file failed its sanity check (it will be rebuilt)."""
