"""The socket end of one client connection: size-prefixed frames in, flow-controlled writes out.

Owns: :class:`FrameProtocol`, an :class:`asyncio.BufferedProtocol` that cuts the byte stream
into Kafka frames (a big-endian int32 size, then that many bytes) and queues them for the
connection's reader task (:meth:`FrameProtocol.read_frame`), and the write side's flow control
(:meth:`FrameProtocol.drain` waits while the transport's buffer is above its high-water mark).

Why a buffered protocol and not a ``StreamReader``: a stream copies every byte three times
before the codec sees it (the event loop's read buffer into a ``bytes``, that into the stream's
``bytearray``, ``readexactly`` into a new ``bytes``). Here the socket is read into a fixed
scratch buffer; a frame wholly inside it is copied out once; a frame larger than the scratch
buffer (a follower's or a consumer's fetch response) gets a ``bytearray`` of exactly its size
and the kernel writes the rest of it there directly, so its bytes are copied once, by the kernel.

Invariants: a frame is delivered whole, exactly as sent, in order; a size below 4 or above
``max_frame`` is refused (:class:`~strom.client.errors.KafkaConnectionError`, the transport is
closed) before anything is allocated for it, so a hostile peer costs at most ``max_frame``
bytes per frame (a large frame's buffer is allocated whole once its size is read: a broker
that announces a frame and sends nothing more holds that much of this client's memory until
the request times out and the connection is closed, as a stream did once the bytes came);
at most ``MAX_QUEUED`` frames wait for the reader task (reading pauses above that); once the
connection is lost, queued frames are still delivered, then :meth:`read_frame` raises.
"""

from __future__ import annotations

import asyncio
import collections
import struct
from typing import cast

from strom.client.errors import KafkaConnectionError

__all__ = ["MAX_QUEUED", "SCRATCH_BYTES", "FrameProtocol"]

SCRATCH_BYTES = 64 * 1024
"""The read buffer for small frames; a frame larger than this is read into its own buffer."""
MAX_QUEUED = 16
"""Frames waiting for the reader task before the protocol stops reading the socket."""
_SIZE = struct.Struct(">i")
_COMPACT_BELOW = SCRATCH_BYTES // 4  # free bytes at the end of scratch that trigger a compaction


class FrameProtocol(asyncio.BufferedProtocol):
    """Frames of one connection (see the module docstring)."""

    def __init__(self, max_frame: int) -> None:
        self._max_frame = max_frame
        self._scratch = bytearray(SCRATCH_BYTES)
        self._start = 0  # scratch[_start:_end]: bytes received, not yet cut into frames
        self._end = 0
        self._big: bytearray | None = None  # a frame larger than scratch, being filled in place
        self._filled = 0
        self._frames: collections.deque[bytes | bytearray] = collections.deque()
        self._error: BaseException | None = None  # why no more frames will come
        self._waiter: asyncio.Future[None] | None = None
        self._transport: asyncio.Transport | None = None
        self._reading_paused = False
        self._write_paused = False
        self._lost = False
        self._drain_waiters: list[asyncio.Future[None]] = []

    # -- asyncio.BufferedProtocol ----------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # a TCP or TLS transport (uvloop's are not registered as asyncio.Transport subclasses)
        self._transport = cast("asyncio.Transport", transport)

    def get_buffer(self, sizehint: int) -> memoryview:
        if self._big is not None:
            return memoryview(self._big)[self._filled :]
        if len(self._scratch) - self._end < _COMPACT_BELOW and self._start:
            pending = self._end - self._start
            # a copy first: the two ranges may overlap
            self._scratch[:pending] = self._scratch[self._start : self._end]
            self._start, self._end = 0, pending
        return memoryview(self._scratch)[self._end :]

    def buffer_updated(self, nbytes: int) -> None:
        if self._big is not None:
            self._filled += nbytes
            if self._filled == len(self._big):
                big, self._big = self._big, None
                self._deliver(big)
            return
        self._end += nbytes
        self._cut()

    def eof_received(self) -> bool | None:
        self._finish(KafkaConnectionError("connection closed by the broker"))
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        self._finish(KafkaConnectionError(f"connection lost: {exc}" if exc else "connection lost"))
        self._lost = True
        self._write_paused = False
        for w in self._drain_waiters:
            if not w.done():
                w.set_exception(ConnectionResetError("connection lost"))
                w.exception()  # retrieved: the writer may not be waiting any more
        self._drain_waiters.clear()

    def pause_writing(self) -> None:
        self._write_paused = True

    def resume_writing(self) -> None:
        self._write_paused = False
        for w in self._drain_waiters:
            if not w.done():
                w.set_result(None)
        self._drain_waiters.clear()

    # -- the connection's side -------------------------------------------------------------------
    async def drain(self) -> None:
        """Wait while the transport holds more unsent bytes than its high-water mark."""
        if self._lost:
            raise ConnectionResetError("connection lost")
        if not self._write_paused:
            return
        w: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._drain_waiters.append(w)
        await w

    async def read_frame(self) -> bytes | bytearray:
        """The next frame (without its size prefix); KafkaConnectionError once the connection
        is closed and every frame received before was read."""
        while not self._frames:
            if self._error is not None:
                raise self._error
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        frame = self._frames.popleft()
        if self._reading_paused and len(self._frames) < MAX_QUEUED // 2:
            self._reading_paused = False
            self._resume_reading()
        return frame

    # -- internals ---------------------------------------------------------------------------------
    def _cut(self) -> None:
        """Cut whole frames out of scratch; a frame too large for it moves to its own buffer."""
        buf, start, end = self._scratch, self._start, self._end
        while end - start >= 4:
            (size,) = _SIZE.unpack_from(buf, start)
            if size < 4 or size > self._max_frame:
                self._start = self._end = 0
                self._finish(KafkaConnectionError(f"bad response size {size}"))
                if self._transport is not None:
                    self._transport.close()
                return
            if end - start - 4 >= size:
                self._deliver(bytes(memoryview(buf)[start + 4 : start + 4 + size]))
                start += 4 + size
                continue
            if 4 + size > len(buf):  # it can never fit: read the rest into its own buffer
                have = end - start - 4
                big = bytearray(size)
                big[:have] = memoryview(buf)[start + 4 : end]
                self._big, self._filled = big, have
                start = end = 0
            break
        if start == end:
            start = end = 0
        self._start, self._end = start, end

    def _deliver(self, frame: bytes | bytearray) -> None:
        if self._error is not None:
            return  # refused or closed: nothing after that is a frame of this connection
        self._frames.append(frame)
        self._wake()
        if len(self._frames) >= MAX_QUEUED and not self._reading_paused:
            self._reading_paused = True
            self._pause_reading()

    def _finish(self, error: BaseException) -> None:
        if self._error is None:
            self._error = error
        self._wake()

    def _wake(self) -> None:
        w = self._waiter
        if w is not None and not w.done():
            w.set_result(None)

    def _pause_reading(self) -> None:
        t = self._transport
        if t is not None and not t.is_closing():
            t.pause_reading()

    def _resume_reading(self) -> None:
        t = self._transport
        if t is not None and not t.is_closing():
            t.resume_reading()
