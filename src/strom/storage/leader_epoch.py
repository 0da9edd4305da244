"""Leader epoch cache of one partition: the ``leader-epoch-checkpoint`` file.

Owns: the sequence of ``(leader epoch, start offset)`` pairs -- the first offset each leader
epoch wrote -- used to answer OffsetForLeaderEpoch (followers truncating divergent logs) and to
report the epoch of an offset in ListOffsets.

On-disk format (see :mod:`.checkpoint`; identical to Kafka's)::

    0            <- version
    2            <- entries
    0 0          <- epoch 0 started at offset 0
    3 1200       <- epoch 3 started at offset 1200

Invariants: epochs strictly increase and start offsets strictly increase down the list; every
change is written through to the file atomically before the method returns.

Thread-safety: the broker's asyncio thread only (it changes on appends, truncation, retention
and leadership changes).
"""

from __future__ import annotations

import logging
from pathlib import Path

from strom.storage.checkpoint import read_entries, write_entries
from strom.storage.errors import CheckpointError

logger = logging.getLogger("strom.storage")

UNDEFINED_EPOCH = -1
UNDEFINED_EPOCH_OFFSET = -1


class LeaderEpochCache:
    """In-memory ``[(epoch, start_offset), ...]`` backed by ``leader-epoch-checkpoint``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._entries: list[tuple[int, int]] = []
        self.existed = path.exists()
        self.damaged = False  # unreadable: the log rebuilds it from its batches
        try:
            rows = read_entries(path, 2)
            entries = [(int(e), int(o)) for e, o in rows]
        except (CheckpointError, ValueError) as exc:
            logger.warning("ignoring unreadable leader epoch checkpoint %s: %s", path, exc)
            entries = []
            self.damaged = True
        for epoch, offset in entries:  # keep only a monotonic sequence
            if not self._entries or (
                epoch > self._entries[-1][0] and offset >= self._entries[-1][1]
            ):
                self._entries.append((epoch, offset))

    @property
    def entries(self) -> list[tuple[int, int]]:
        return list(self._entries)

    def latest_epoch(self) -> int | None:
        """The last entry's epoch (None: no entry). A method, not a property: every leader
        append compares its epoch with it, and a property is a call from C."""
        return self._entries[-1][0] if self._entries else None

    def start_offset(self, epoch: int) -> int | None:
        """Where ``epoch`` starts in the log (None: no entry for it)."""
        for e, offset in reversed(self._entries):
            if e == epoch:
                return offset
            if e < epoch:
                return None
        return None

    @property
    def earliest_entry(self) -> tuple[int, int] | None:
        return self._entries[0] if self._entries else None

    def _flush(self) -> None:
        write_entries(self.path, self._entries)

    def assign(self, epoch: int, start_offset: int) -> bool:
        """Record that ``epoch`` starts at ``start_offset`` (Kafka's ``assign``); True if changed.

        A no-op for a negative epoch or when ``epoch`` is already the latest with an equal or
        earlier start. Entries that would break monotonicity (epoch >= ``epoch`` or start >=
        ``start_offset``) are removed first.
        """
        if epoch < 0:
            return False
        if self._entries:
            last_epoch, last_start = self._entries[-1]
            if epoch == last_epoch and start_offset >= last_start:
                return False
        kept = [(e, o) for e, o in self._entries if e < epoch and o < start_offset]
        if len(kept) != len(self._entries):
            logger.info(
                "leader epoch cache %s: removing %s before assigning epoch %d at %d",
                self.path,
                self._entries[len(kept) :],
                epoch,
                start_offset,
            )
        kept.append((epoch, start_offset))
        self._entries = kept
        self._flush()
        return True

    def end_offset_for_epoch(self, requested: int, log_end_offset: int) -> tuple[int, int]:
        """OffsetForLeaderEpoch: ``(largest epoch <= requested, end offset of that epoch)``.

        The end offset is the start offset of the next higher epoch, or the log end offset when
        ``requested`` is the latest epoch. Returns ``(-1, -1)`` when ``requested`` is undefined
        or above every known epoch; for a ``requested`` below the first epoch, ``(requested,
        first start offset)``.
        """
        if requested == UNDEFINED_EPOCH or not self._entries:
            return UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET
        if requested == self._entries[-1][0]:
            return requested, log_end_offset
        higher = next(((e, o) for e, o in self._entries if e > requested), None)
        if higher is None:
            return UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET
        floor = None
        for e, o in self._entries:
            if e > requested:
                break
            floor = (e, o)
        if floor is None:
            return requested, higher[1]
        return floor[0], higher[1]

    def epoch_for_offset(self, offset: int) -> int | None:
        """The epoch whose range contains ``offset`` (Kafka's ``epochForOffset``)."""
        previous = None
        for epoch, start in self._entries:
            if start == offset:
                return epoch
            if start > offset:
                return previous
            previous = epoch
        return previous

    def truncate_from_end(self, end_offset: int) -> None:
        """Drop entries starting at or after ``end_offset`` (log truncated to it)."""
        if end_offset < 0 or not self._entries or self._entries[-1][1] < end_offset:
            return
        self._entries = [(e, o) for e, o in self._entries if o < end_offset]
        self._flush()

    def truncate_from_start(self, start_offset: int) -> None:
        """Log start moved to ``start_offset``: drop earlier entries, keep the one covering it."""
        removed = [(e, o) for e, o in self._entries if o <= start_offset]
        if not removed or removed == [(removed[-1][0], start_offset)]:
            return
        last_epoch = removed[-1][0]
        self._entries = [(last_epoch, start_offset)] + [
            (e, o) for e, o in self._entries if o > start_offset
        ]
        self._flush()

    def clear(self) -> None:
        """Remove every entry (log truncated fully)."""
        self._entries = []
        self._flush()
