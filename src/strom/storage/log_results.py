"""Result types of :class:`~strom.storage.log.Log` operations (re-exported by :mod:`.log`).

Owns: :class:`AppendInfo` (what an append did, including an idempotent-producer duplicate that
appended nothing) and :class:`TimestampAndOffset` (a ListOffsets answer). No on-disk format;
immutable values, safe anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from strom.storage.producer_state import BatchMetadata


class AppendInfo(NamedTuple):
    """What an append did (offsets are those assigned; -1 for an empty append).

    ``duplicate`` is True when the batches repeat one an idempotent producer already wrote: then
    nothing was appended and the offsets (and ``max_timestamp``) are the original batch's.

    A named tuple, immutable as the frozen dataclass it was, built once per produced partition:
    a frozen dataclass's ``__init__`` sets each of its 11 fields through ``object.__setattr__``
    (~3k instructions per append under callgrind), a tuple is built in one C call.
    """

    first_offset: int
    last_offset: int
    max_timestamp: int
    offset_of_max_timestamp: int
    log_append_time: int
    log_start_offset: int
    records_count: int
    batch_count: int
    valid_bytes: int
    rolled: bool = False
    duplicate: bool = False

    @classmethod
    def of_duplicate(
        cls, dup: BatchMetadata, log_start_offset: int, log_append_time: bool
    ) -> AppendInfo:
        """The answer to a retried batch: the original offsets, nothing appended."""
        return cls(
            first_offset=dup.first_offset,
            last_offset=dup.last_offset,
            max_timestamp=dup.timestamp,
            offset_of_max_timestamp=dup.last_offset,
            log_append_time=dup.timestamp if log_append_time else -1,
            log_start_offset=log_start_offset,
            records_count=0,
            batch_count=0,
            valid_bytes=0,
            duplicate=True,
        )


@dataclass(frozen=True, slots=True)
class TimestampAndOffset:
    """A ListOffsets answer: ``timestamp`` is -1 for the earliest/latest specials."""

    timestamp: int
    offset: int
    leader_epoch: int | None
