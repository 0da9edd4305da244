"""File handling shared by the offset index and the time index.

Owns: the life cycle of one fixed-entry-size index file -- loading it, appending entries with
plain ``write`` calls, truncating it, fsync, rename and delete. The entry layout and lookups
belong to the subclasses (:mod:`.offset_index`, :mod:`.time_index`), which keep every entry in
memory in compact ``array`` columns and use the file only as the durable copy.

On-disk format: ``entry_size``-byte entries back to back, no header, no padding. Unlike Kafka we
do not preallocate and memory-map the file: the file is always exactly ``entries * entry_size``
bytes long, so there is nothing to trim on close and a torn last entry (a length that is not a
multiple of the entry size) is detected by the sanity check.

Invariants:
- The in-memory entries equal the file's entries (once the sanity check has passed).
- The file handle is opened lazily for appends and may be released with :meth:`close_handle`
  (inactive segments keep no index file descriptors open); :meth:`flush` works either way.

Thread-safety: appends, truncation, rename and delete come from the broker's single asyncio
thread. :meth:`flush` may run concurrently in a worker thread: it only fsyncs (by the open handle
or by path) and tolerates the file having been closed, renamed or deleted meanwhile.
"""

from __future__ import annotations

import contextlib
import errno
import os
from io import FileIO
from pathlib import Path

from strom.storage import faults


class IndexFile:
    """Base class: one index file of ``entry_size``-byte entries."""

    entry_size = 0

    def __init__(self, path: Path, base_offset: int, max_index_size: int) -> None:
        self.path = path
        self.base_offset = base_offset
        self.max_entries = max(0, max_index_size // self.entry_size)
        self._file: FileIO | None = None
        self._dirty = False
        self.existed = path.exists()
        raw = path.read_bytes() if self.existed else b""
        self._trailing_bytes = len(raw) % self.entry_size
        self._load(raw[: len(raw) - self._trailing_bytes])
        if not self.existed:
            self._handle()  # create the (empty) file, as Kafka does

    # -- subclass hooks ---------------------------------------------------------------------
    def _load(self, raw: bytes) -> None:
        raise NotImplementedError

    def _drop_entries_from(self, n: int) -> None:
        """Forget in-memory entries ``n`` and later."""
        raise NotImplementedError

    @property
    def entries(self) -> int:
        raise NotImplementedError

    # -- shared behaviour --------------------------------------------------------------------
    @property
    def size_in_bytes(self) -> int:
        return self.entries * self.entry_size

    def _check_file_shape(self) -> str | None:
        if self._trailing_bytes:
            return (
                f"index file {self.path} has size {self.size_in_bytes + self._trailing_bytes}, "
                f"not a multiple of the entry size {self.entry_size}"
            )
        return None

    def _handle(self) -> FileIO:
        f = self._file
        if f is None or f.closed:
            f = self._file = FileIO(self.path, "a")
        return f

    def _write(self, data: bytes) -> None:
        f = self._handle()
        view = memoryview(data)
        while view:
            n = faults.write("index", f, view, self.path)
            if not n:
                raise OSError(errno.EIO, f"short write to {self.path}")
            view = view[n:]
        self._dirty = True

    def _truncate_entries(self, n: int) -> None:
        """Keep only the first ``n`` entries, in memory and on disk."""
        if n >= self.entries and not self._trailing_bytes:
            return
        self._drop_entries_from(n)
        self._trailing_bytes = 0
        os.truncate(self.path, n * self.entry_size)
        self._dirty = True

    def reset(self) -> None:
        """Remove every entry (before a rebuild)."""
        self._truncate_entries(0)

    def flush(self) -> None:
        """fsync the file if anything was written since the last flush."""
        if not self._dirty:
            return
        self._dirty = False
        f = self._file
        try:
            if f is not None and not f.closed:
                os.fsync(f.fileno())
                return
        except (ValueError, OSError):
            pass  # closed under us: fall back to the path
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except FileNotFoundError:
            return  # deleted or renamed meanwhile; nothing left to make durable here
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def close_handle(self) -> None:
        """Release the file descriptor; entries stay in memory, later appends reopen it."""
        f, self._file = self._file, None
        if f is not None:
            f.close()

    def close(self) -> None:
        self.close_handle()

    def rename(self, new_path: Path) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.replace(self.path, new_path)
        self.path = new_path

    def delete(self) -> None:
        self.close_handle()
        self.path.unlink(missing_ok=True)
