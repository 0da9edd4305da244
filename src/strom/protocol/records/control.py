"""Transaction markers: the control records that commit or abort a transaction.

Owns: :func:`build_control_batch` and :func:`parse_control_record`. A marker is a batch with the
transactional and control attribute bits set, holding exactly one record whose::

    key   = int16 version (0) | int16 type (0 = ABORT, 1 = COMMIT)
    value = int16 version (0) | int32 coordinator_epoch

Invariants:
- Built markers carry the producer id/epoch of the transaction, no sequence (-1), and
  ``records_count == 1``.
- Parsing accepts any key/value version >= 0 (fields beyond the known ones are ignored, as
  Kafka does) but only the ABORT and COMMIT types; anything else is CorruptRecordError.
"""

from __future__ import annotations

import struct

from strom.errors import CorruptRecordError
from strom.protocol.records.builder import RecordBatchBuilder
from strom.protocol.records.constants import NO_PARTITION_LEADER_EPOCH
from strom.protocol.records.decode import Record

CONTROL_ABORT = 0
CONTROL_COMMIT = 1
_CONTROL_KEY = struct.Struct(">hh")
_CONTROL_VALUE = struct.Struct(">hi")


def build_control_batch(
    *,
    producer_id: int,
    producer_epoch: int,
    commit: bool,
    coordinator_epoch: int,
    timestamp: int,
    base_offset: int = 0,
    partition_leader_epoch: int = NO_PARTITION_LEADER_EPOCH,
) -> bytes:
    """A transactional control batch holding one COMMIT or ABORT marker record."""
    builder = RecordBatchBuilder(
        base_offset=base_offset,
        partition_leader_epoch=partition_leader_epoch,
        producer_id=producer_id,
        producer_epoch=producer_epoch,
        is_transactional=True,
        is_control=True,
    )
    builder.append(
        _CONTROL_VALUE.pack(0, coordinator_epoch),
        key=_CONTROL_KEY.pack(0, CONTROL_COMMIT if commit else CONTROL_ABORT),
        timestamp=timestamp,
    )
    return builder.build()


def parse_control_record(record: Record) -> tuple[bool, int]:
    """Read a transaction marker record: returns ``(is_commit, coordinator_epoch)``."""
    key = record.key
    value = record.value
    if key is None or len(key) < _CONTROL_KEY.size:
        raise CorruptRecordError("control record key is missing or too short")
    version, kind = _CONTROL_KEY.unpack_from(key)
    if version < 0:
        raise CorruptRecordError(f"invalid control record key version {version}")
    if kind not in (CONTROL_ABORT, CONTROL_COMMIT):
        raise CorruptRecordError(f"control record type {kind} is not a transaction marker")
    if value is None or len(value) < _CONTROL_VALUE.size:
        raise CorruptRecordError("transaction marker value is missing or too short")
    value_version, coordinator_epoch = _CONTROL_VALUE.unpack_from(value)
    if value_version < 0:
        raise CorruptRecordError(f"invalid transaction marker version {value_version}")
    return kind == CONTROL_COMMIT, coordinator_epoch
