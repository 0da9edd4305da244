"""The ordered set of segments of one partition log, and segments awaiting deletion.

Owns: which :class:`~strom.storage.segment.LogSegment` objects make up a log, ordered by base
offset, with floor/next lookups; and the queue of removed segments whose files are kept (renamed
``*.deleted``, descriptors open) until ``file.delete.delay.ms`` has passed, so reads already
handed out -- e.g. a :class:`~strom.storage.segment.FileSlice` queued for ``sendfile`` -- stay
valid, as in Kafka.

On-disk format: none of its own (segment files are described in :mod:`.segment`).

Invariants: base offsets strictly increase; the last segment is the *active* one (the only one
appended to); a log always has at least one segment once loaded. The set is copy-on-write: every
change replaces one tuple, so :meth:`snapshot` is a consistent view for any thread.

Thread-safety: mutated only by the broker's asyncio thread (the log cleaner hands its
:meth:`replace` over to that thread); a flush or a cleaner thread reads a :meth:`snapshot`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence

from strom.storage.segment import LogSegment


class SegmentSet:
    """Segments of one log ordered by base offset (copy-on-write)."""

    def __init__(self) -> None:
        self._state: tuple[tuple[int, ...], tuple[LogSegment, ...]] = ((), ())
        self._pending: list[tuple[int, LogSegment]] = []

    def __len__(self) -> int:
        return len(self._state[1])

    def __iter__(self) -> Iterator[LogSegment]:
        return iter(self._state[1])

    def snapshot(self) -> tuple[LogSegment, ...]:
        return self._state[1]

    @property
    def bases(self) -> tuple[int, ...]:
        return self._state[0]

    @property
    def active(self) -> LogSegment:
        return self._state[1][-1]

    @property
    def first(self) -> LogSegment:
        return self._state[1][0]

    @property
    def size_in_bytes(self) -> int:
        return sum(s.size for s in self._state[1])

    def floor(self, offset: int) -> LogSegment | None:
        """The segment with the largest base offset <= ``offset``."""
        bases, segs = self._state
        i = bisect_right(bases, offset) - 1
        return segs[i] if i >= 0 else None

    def following(self, segment: LogSegment) -> LogSegment | None:
        """The segment right after ``segment``, or None for the active segment."""
        bases, segs = self._state
        i = bisect_right(bases, segment.base_offset)
        return segs[i] if i < len(segs) else None

    def from_offset(self, offset: int) -> tuple[LogSegment, ...]:
        """Segments that may hold offsets >= ``offset`` (the floor segment onwards)."""
        bases, segs = self._state
        return segs[max(0, bisect_right(bases, offset) - 1) :]

    def add(self, segment: LogSegment) -> None:
        bases, segs = self._state
        if bases and segment.base_offset <= bases[-1]:
            raise ValueError(
                f"segment base {segment.base_offset} not after the active segment {bases[-1]}"
            )
        self._state = ((*bases, segment.base_offset), (*segs, segment))

    def replace(
        self, old: Sequence[LogSegment], new: LogSegment, now_ms: int, delay_ms: int
    ) -> None:
        """Swap the contiguous run ``old`` (still in the set) for ``new``, which starts at the
        same base offset (the log cleaner's output). The old segments' files must already be
        renamed ``*.deleted``; they are deleted after ``delay_ms``."""
        segs = self._state[1]
        ids = [id(s) for s in segs]
        first = ids.index(id(old[0]))
        if [id(s) for s in segs[first : first + len(old)]] != [id(s) for s in old]:
            raise ValueError("segments to replace are not a contiguous run of the set")
        if new.base_offset != old[0].base_offset or first + len(old) >= len(segs):
            raise ValueError("replacement must start at the same base and not be active")
        keep = (*segs[:first], new, *segs[first + len(old) :])
        self._state = (tuple(s.base_offset for s in keep), keep)
        for seg in old:
            if delay_ms <= 0:
                seg.delete()
            else:
                self._pending.append((now_ms + delay_ms, seg))

    def remove(self, segment: LogSegment) -> None:
        keep = [s for s in self._state[1] if s is not segment]
        self._state = (tuple(s.base_offset for s in keep), tuple(keep))

    # -- deferred deletion ---------------------------------------------------------------------
    def schedule_delete(self, segment: LogSegment, now_ms: int, delay_ms: int) -> None:
        """Remove ``segment`` from the set; delete its files after ``delay_ms``."""
        self.remove(segment)
        if delay_ms <= 0:
            segment.delete()
            return
        segment.rename_to_deleted()
        self._pending.append((now_ms + delay_ms, segment))

    def sweep(self, now_ms: int) -> int:
        """Delete the files of pending segments whose delay has passed; returns how many."""
        due = [s for deadline, s in self._pending if deadline <= now_ms]
        if due:
            self._pending = [(d, s) for d, s in self._pending if d > now_ms]
            for seg in due:
                seg.delete()
        return len(due)

    @property
    def pending_deletions(self) -> int:
        return len(self._pending)

    def close(self) -> None:
        """Close every segment and finish all pending deletions."""
        for seg in self._state[1]:
            seg.close()
        for _, seg in self._pending:
            seg.delete()
        self._pending = []
