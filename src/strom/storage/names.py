"""File and directory names of the storage layer, and topic name validation.

Owns: every name the storage layer puts on disk, so no other module formats a path itself.

Layout of one log directory (``log.dirs`` entry)::

    <log dir>/
      .kafka_cleanshutdown                 marker: present only after a clean shutdown
      recovery-point-offset-checkpoint     text checkpoints (see checkpoint.py)
      log-start-offset-checkpoint
      replication-offset-checkpoint
      <topic>-<partition>/                 one partition; topic may itself contain '-'
        00000000000000000000.log           segment data (record batches, wire format)
        00000000000000000000.index         sparse offset index
        00000000000000000000.timeindex     sparse time index
        00000000000000000000.txnindex      aborted transactions (txn_index.py)
        leader-epoch-checkpoint
        00000000000000001200.snapshot      producer state as of offset 1200 (producer_state.py)
      <topic>-<partition>.<uuid hex>-delete/   a partition being deleted

A segment's base offset is written as 20 zero-padded decimal digits. Temporary suffixes:
``.cleaned`` (compaction output being written), ``.swap`` (compaction output ready to replace the
segments it covers), ``.deleted`` (a segment waiting for ``file.delete.delay.ms``), ``.tmp``
(a checkpoint being written).

Invariants: :func:`validate_topic_name` accepts only Kafka-legal names (``[a-zA-Z0-9._-]``, 1 to
249 characters, not ``.`` or ``..``), so a partition directory name can never contain a path
separator or climb out of its log directory. Thread-safety: pure functions.
"""

from __future__ import annotations

import re

from strom.errors import ErrorCode, KafkaError

LOG_SUFFIX = ".log"
INDEX_SUFFIX = ".index"
TIME_INDEX_SUFFIX = ".timeindex"
TXN_INDEX_SUFFIX = ".txnindex"
CLEANED_SUFFIX = ".cleaned"
SWAP_SUFFIX = ".swap"
DELETED_SUFFIX = ".deleted"
TMP_SUFFIX = ".tmp"
SNAPSHOT_SUFFIX = ".snapshot"
DELETE_DIR_SUFFIX = "-delete"
FUTURE_DIR_SUFFIX = "-future"
STRAY_DIR_SUFFIX = "-stray"

CLEAN_SHUTDOWN_FILE = ".kafka_cleanshutdown"
RECOVERY_POINT_CHECKPOINT = "recovery-point-offset-checkpoint"
LOG_START_OFFSET_CHECKPOINT = "log-start-offset-checkpoint"
REPLICATION_OFFSET_CHECKPOINT = "replication-offset-checkpoint"
LEADER_EPOCH_CHECKPOINT = "leader-epoch-checkpoint"

MAX_TOPIC_NAME_LENGTH = 249
_LEGAL_TOPIC = re.compile(r"[a-zA-Z0-9._-]+")
_SEGMENT_NAME = re.compile(r"(\d{20})(\.[a-z]+)((?:\.[a-z]+)?)")


def validate_topic_name(name: object) -> str:
    """Return ``name`` if it is a legal Kafka topic name, else raise INVALID_TOPIC_EXCEPTION."""
    if not isinstance(name, str):
        raise KafkaError(
            f"Topic name must be a string, got {type(name).__name__}",
            ErrorCode.INVALID_TOPIC_EXCEPTION,
        )
    if not name:
        raise KafkaError(
            "Topic name is illegal, it can't be empty", ErrorCode.INVALID_TOPIC_EXCEPTION
        )
    if name in (".", ".."):
        raise KafkaError('Topic name cannot be "." or ".."', ErrorCode.INVALID_TOPIC_EXCEPTION)
    if len(name) > MAX_TOPIC_NAME_LENGTH:
        raise KafkaError(
            f"Topic name is illegal, it can't be longer than {MAX_TOPIC_NAME_LENGTH} "
            f"characters, topic name: {name}",
            ErrorCode.INVALID_TOPIC_EXCEPTION,
        )
    if _LEGAL_TOPIC.fullmatch(name) is None:
        raise KafkaError(
            f'Topic name "{name}" is illegal, it contains a character other than '
            "ASCII alphanumerics, '.', '_' and '-'",
            ErrorCode.INVALID_TOPIC_EXCEPTION,
        )
    return name


def validate_partition(partition: object) -> int:
    """Return ``partition`` if it is an int >= 0 (not bool), else raise INVALID_PARTITIONS."""
    if isinstance(partition, bool) or not isinstance(partition, int) or partition < 0:
        raise KafkaError(f"Invalid partition {partition!r}", ErrorCode.INVALID_PARTITIONS)
    return partition


def partition_dir_name(topic: str, partition: int) -> str:
    """``<topic>-<partition>``, after validating both parts."""
    return f"{validate_topic_name(topic)}-{validate_partition(partition)}"


def parse_partition_dir_name(name: str) -> tuple[str, int] | None:
    """Split ``<topic>-<partition>`` at the last '-'; None if it is not a valid partition dir."""
    topic, sep, part = name.rpartition("-")
    if not sep or not part.isdigit() or not part.isascii():
        return None
    if str(int(part)) != part:
        return None  # "01" is not a name we would have written
    try:
        validate_topic_name(topic)
    except KafkaError:
        return None
    return topic, int(part)


def segment_file_name(base_offset: int, suffix: str) -> str:
    """``<20-digit base offset><suffix>``, e.g. ``00000000000000000042.log``."""
    if base_offset < 0:
        raise ValueError(f"negative segment base offset {base_offset}")
    return f"{base_offset:020d}{suffix}"


def parse_segment_file_name(name: str) -> tuple[int, str, str] | None:
    """``(base_offset, kind suffix, temp suffix)`` of a segment file name, or None.

    ``00000000000000000042.log.swap`` -> ``(42, ".log", ".swap")``.
    """
    m = _SEGMENT_NAME.fullmatch(name)
    if m is None:
        return None
    return int(m.group(1)), m.group(2), m.group(3)
