"""Strom's storage layer: Kafka-format partition logs on local disk.

Owns the public API of the layer; the modules hold the pieces (each documents its on-disk
format, invariants and thread-safety):

- :mod:`.offset_index`, :mod:`.time_index` (+ :mod:`.index_base`) -- the sparse segment indexes
- :mod:`.segment` (+ :mod:`.segment_reader`, :mod:`.file_records`) -- one ``.log`` file with
  its indexes
- :mod:`.segments` -- the ordered segment set of a log and deferred file deletion
- :mod:`.log` -- one partition's log, composed of :mod:`.local_log` (segments, log end offset,
  recovery point, roll, flush, checked reads, truncation of segments), :mod:`.log_txn`
  (last stable offset, aborted transactions, markers), the producer state and the leader epoch
  cache; opened by :mod:`.log_loader`; :mod:`.retention`, :mod:`.list_offsets` read it
- :mod:`.leader_epoch` -- the leader epoch cache; :mod:`.checkpoint` -- checkpoint files
- :mod:`.log_manager` -- all logs of a broker; :mod:`.config` -- topic configs;
  :mod:`.names` -- file names and topic name validation

Thread-safety: the broker drives everything from one asyncio thread; only ``Log.flush`` (and
what it calls) may run in a worker thread. Nothing here uses asyncio or sockets.
"""

from __future__ import annotations

from strom.storage.checkpoint import OffsetCheckpointFile
from strom.storage.config import TOPIC_CONFIG_DEFS, ConfigDef, LogConfig
from strom.storage.errors import (
    CheckpointError,
    KafkaStorageError,
    OffsetOutOfRangeError,
    RecordBatchTooLargeError,
    UnexpectedAppendOffsetError,
)
from strom.storage.file_records import FetchDataInfo, FileSlice
from strom.storage.leader_epoch import LeaderEpochCache
from strom.storage.list_offsets import (
    EARLIEST_LOCAL_TIMESTAMP,
    EARLIEST_TIMESTAMP,
    LATEST_TIERED_TIMESTAMP,
    LATEST_TIMESTAMP,
    MAX_TIMESTAMP,
)
from strom.storage.log import AppendInfo, Log, TimestampAndOffset
from strom.storage.log_manager import LogManager
from strom.storage.names import validate_topic_name
from strom.storage.offset_index import OffsetIndex
from strom.storage.segment import LogSegment
from strom.storage.time_index import TimeIndex

__all__ = [
    "EARLIEST_LOCAL_TIMESTAMP",
    "EARLIEST_TIMESTAMP",
    "LATEST_TIERED_TIMESTAMP",
    "LATEST_TIMESTAMP",
    "MAX_TIMESTAMP",
    "TOPIC_CONFIG_DEFS",
    "AppendInfo",
    "CheckpointError",
    "ConfigDef",
    "FetchDataInfo",
    "FileSlice",
    "KafkaStorageError",
    "LeaderEpochCache",
    "Log",
    "LogConfig",
    "LogManager",
    "LogSegment",
    "OffsetCheckpointFile",
    "OffsetIndex",
    "OffsetOutOfRangeError",
    "RecordBatchTooLargeError",
    "TimeIndex",
    "TimestampAndOffset",
    "UnexpectedAppendOffsetError",
    "validate_topic_name",
]
