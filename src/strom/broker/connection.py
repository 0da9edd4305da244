"""The connection core: one client connection's framing, ordering, memory and idle limits.

Owns: reading frames from one connection's socket and answering them in order through its
:class:`FrameProcessor`; what a frame means is not its business
(:class:`~strom.broker.request_processor.RequestProcessor` answers it). The socket server
(:mod:`strom.broker.network`) accepts connections and builds one :class:`Connection` for each.

Invariants:
- The 4-byte size of a frame is checked against ``socket.request.max.bytes`` (or the smaller
  limit the processor sets before SASL authentication) before a byte of the frame is read, so an
  oversized claim costs nothing; the connection is closed.
- Before the body of a frame is read, its size is reserved from the broker-wide
  :class:`~strom.broker.memory_pool.MemoryPool` (``queued.max.request.bytes``); a connection that
  cannot get memory is muted (its socket is not read) until memory is released. The reservation
  is released once the request has been handled. A frame's buffer grows with the bytes actually
  received, so a header followed by silence holds no memory. Exception: the first frame of an
  idle connection of at most ``SMALL_FRAME`` bytes needs no reservation (see
  :meth:`Connection._reserve`), so memory held outside the pool is at most one small frame plus
  the read buffer per connection.
- Requests on one connection are processed one at a time, in arrival order, and answered in the
  same order. Up to ``max.inflight.requests.per.connection`` further frames are read ahead
  (pipelining) while the pool is less than half used; beyond that the socket is not read
  (back-pressure).
- ``connections.max.idle.ms`` bounds every wait on the peer: no request starting, a partial frame
  whose next bytes do not arrive, a response the peer does not read (the socket does not drain).
  The connection is closed and what it held released (an unread response is dropped: the
  transport is aborted, as closing it would wait for the peer to read it first).
- A response the transport took whole (nothing left buffered) is not followed by a drain: the
  drain, and its idle timer, only run while bytes wait in the transport.
- Responses are written with back-pressure: record data kept in segment files
  (:class:`~strom.broker.response_records.FileRecords`) is copied to the socket a bounded chunk
  at a time, each chunk waiting for the socket to drain, so a stalled reader holds one chunk.
  On a plaintext socket the file ranges go with ``sendfile`` (page cache to socket, nothing in
  the broker's memory) whenever the transport has nothing buffered (so no byte overtakes another);
  when the socket is full, the next chunk goes through the transport as above.
- The processor says whether the connection stays open and for how long it is muted after the
  response (quotas, KIP-219). An unexpected error while processing is logged with its traceback
  and closes only that connection; it never leaves the client waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from strom.broker.response_records import (
    DEFAULT_CHUNK,
    FileRecords,
    ShortReadError,
    file_descriptor,
    read_chunk,
)

if TYPE_CHECKING:
    from strom.broker.config import BrokerConfig
    from strom.broker.memory_pool import MemoryPool
    from strom.broker.request_processor import Processed
    from strom.protocol.codec import Buffer

__all__ = ["READ_CHUNK", "SMALL_FRAME", "Connection", "ConnectionSettings", "FrameProcessor"]

log = logging.getLogger("strom.broker.network")  # the connection's log lines, as before the split

_CLOSE = None
READ_CHUNK = 64 * 1024  # the most read from a socket at once, and the StreamReader's limit
SMALL_FRAME = READ_CHUNK  # a first frame this small is read without the pool (see _reserve)


@dataclass(frozen=True)
class ConnectionSettings:
    """The broker settings the connection core reads."""

    max_frame: int  # socket.request.max.bytes
    idle_s: float | None  # connections.max.idle.ms (None: no limit)
    max_inflight: int  # max.inflight.requests.per.connection

    @staticmethod
    def from_config(cfg: BrokerConfig) -> ConnectionSettings:
        idle = int(cfg.connections_max_idle_ms)
        return ConnectionSettings(
            int(cfg.socket_request_max_bytes),
            idle / 1000 if idle > 0 else None,
            int(cfg.max_inflight_requests_per_connection),
        )


class FrameProcessor(Protocol):
    """What a connection asks about its frames (:class:`RequestProcessor`)."""

    mute_s: float

    def frame_limit(self, max_frame: int) -> int: ...

    async def process(self, frame: bytearray, received_at: float) -> Processed: ...


class _PeerIdle(Exception):
    """The peer sent or read nothing for ``connections.max.idle.ms``."""


class Connection:
    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        listener: str,
        settings: ConnectionSettings,
        pool: MemoryPool,
        processor: FrameProcessor,
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.listener = listener
        self.pool = pool
        self.processor = processor
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        self.sendfile_fd = _plaintext_socket_fd(writer)  # None: TLS, or no socket
        self.max_frame = settings.max_frame
        self.idle_s = settings.idle_s
        # (frame, pool bytes reserved, time.monotonic() when it was read)
        self.queue: asyncio.Queue[tuple[bytearray, int, float] | None] = asyncio.Queue(
            maxsize=settings.max_inflight
        )
        self.busy = False
        self.reserved = 0  # pool bytes this connection holds (frames read or being read)
        self.pending = 0  # frames read or being read and not yet handled
        self._pipeline_empty = asyncio.Event()
        self._pipeline_empty.set()
        self._unmuted = asyncio.Event()  # cleared while a quota throttle mutes the connection
        self._unmuted.set()

    async def run(self) -> None:
        reader_task = asyncio.create_task(self._read_loop())
        unread = False  # the peer stopped reading a response: drop what is still buffered
        try:
            while True:
                item = await self.queue.get()
                if item is None:
                    break
                frame, reserved, received_at = item
                del item
                self.busy = True
                try:
                    keep, response, sent = await self.processor.process(frame, received_at)
                    del frame  # the request is handled: its memory goes back to the pool
                    self._frame_done(reserved)
                    if response is not None:
                        await self._send(response)
                    if sent is not None:
                        sent()
                finally:
                    self.busy = False
                if not keep:
                    break
                if self.processor.mute_s > 0:
                    # quotas (KIP-219): nothing is read or handled for the throttle time
                    self._unmuted.clear()
                    await asyncio.sleep(self.processor.mute_s)
                    self._unmuted.set()
        except (ConnectionError, asyncio.CancelledError):
            pass
        except _PeerIdle:
            unread = True
            log.info("closing connection from %s: the response was not read", self.peer)
        except Exception:
            log.exception("closing connection from %s after an unexpected error", self.peer)
        finally:
            reader_task.cancel()
            with contextlib.suppress(BaseException):
                await reader_task
            while not self.queue.empty():
                self.queue.get_nowait()
            if self.reserved:
                self.pool.release(self.reserved)
                self.reserved = 0
            if unread:
                # close() would wait for the peer to read the buffered response first: forever
                self.writer.transport.abort()
            self.writer.close()
            # a server stopping cancels this task; closing the socket is all that is left
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await self.writer.wait_closed()

    def _frame_done(self, reserved: int) -> None:
        self.pending -= 1
        if not self.pending:
            self._pipeline_empty.set()
        if reserved:
            self.reserved -= reserved
            self.pool.release(reserved)

    async def _read_some(self, n: int) -> bytes:
        """Up to ``n`` bytes; _PeerIdle when none arrive for ``connections.max.idle.ms``."""
        # asyncio.timeout, not wait_for: on Python 3.11 wait_for can lose the
        # cancellation of a shutting-down server and keep waiting for the peer
        try:
            async with asyncio.timeout(self.idle_s):
                data = await self.reader.read(n)
        except TimeoutError:
            raise _PeerIdle from None
        if not data:
            raise asyncio.IncompleteReadError(b"", n)
        return data

    async def _reserve(self, size: int) -> int:
        """Wait until a frame of ``size`` bytes may be read; the bytes reserved from the pool.

        - Read-ahead (frames of this connection are queued or in progress) takes pool memory
          only while the pool is less than half used, else waits for its own pipeline to empty:
          connections whose requests wait (long polls, unread responses) cannot drain the pool.
        - The first frame of an idle pipeline, if no larger than ``SMALL_FRAME``, is read
          without the pool: it costs no more than the read buffer every connection has, so
          small requests (a healthy producer's) keep flowing while big frames wait for memory.
        - Any other frame waits (FIFO) for pool memory, muted, for up to
          ``connections.max.idle.ms`` (Kafka expires muted connections alike).
        """
        if self.pending:
            if self.pool.try_acquire(size, self.pool.readahead_limit):
                return size
            await self._pipeline_empty.wait()
        if size <= SMALL_FRAME:
            return 0
        try:
            async with asyncio.timeout(self.idle_s):
                await self.pool.acquire(size)
        except TimeoutError:
            raise _PeerIdle from None
        return size

    async def _read_loop(self) -> None:
        try:
            while True:
                await self._unmuted.wait()
                head = b""
                while len(head) < 4:
                    head += await self._read_some(4 - len(head))
                size = int.from_bytes(head, "big", signed=True)
                limit = self.processor.frame_limit(self.max_frame)
                if limit < self.max_frame and size > limit:
                    log.warning(
                        "closing connection from %s: frame of %d bytes before authentication "
                        "exceeds sasl.server.max.receive.size (%d)",
                        self.peer,
                        size,
                        limit,
                    )
                    break
                if size < 0 or size > self.max_frame:
                    log.warning(
                        "closing connection from %s: frame of %d bytes exceeds "
                        "socket.request.max.bytes (%d)",
                        self.peer,
                        size,
                        self.max_frame,
                    )
                    break
                # muted until the frame may be read; nothing more is read from this socket
                reserved = await self._reserve(size)
                self.reserved += reserved
                self.pending += 1
                self._pipeline_empty.clear()
                # the buffer grows with the bytes received: a stalled sender holds no more
                frame = bytearray()
                while len(frame) < size:
                    frame += await self._read_some(min(size - len(frame), READ_CHUNK))
                await self.queue.put((frame, reserved, time.monotonic()))
                del frame
        except _PeerIdle:
            log.info("closing idle connection from %s", self.peer)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        # the close marker waits behind frames already read; they are still answered
        await self.queue.put(_CLOSE)

    async def _drain(self) -> None:
        transport = self.writer.transport
        if not transport.get_write_buffer_size() and not transport.is_closing():
            # everything was written: StreamWriter.drain would return at once (it waits only
            # while the transport is paused above its high-water mark or is closing), and the
            # idle timer around it costs more than the rest of a small response's send
            return
        try:
            async with asyncio.timeout(self.idle_s):
                await self.writer.drain()
        except TimeoutError:
            raise _PeerIdle from None

    async def _send(self, buffers: list[Buffer]) -> None:
        """Write a response; record data kept in files goes a chunk at a time, each chunk after
        the socket drained the previous one."""
        pending: list[Buffer] = []
        for part in buffers:
            if not isinstance(part, FileRecords):
                pending.append(part)
                continue
            self.writer.writelines(pending)
            pending = []
            if self.sendfile_fd is not None and part.as_stored:
                await self._send_file(part, self.sendfile_fd)
                continue
            for chunk in part.chunks():
                await self._drain()
                self.writer.write(chunk)
        self.writer.writelines(pending)
        await self._drain()

    async def _send_file(self, part: FileRecords, sock: int) -> None:
        """``part``'s file ranges with ``sendfile`` while the transport holds nothing (what it
        holds would be overtaken); a chunk through the transport when the socket is full."""
        transport = self.writer.transport
        for s, pos, end in part.ranges():
            while pos < end:
                if transport.is_closing():
                    # its descriptor may be closed, and its number reused by another connection
                    raise ConnectionResetError(f"connection from {self.peer} closed")
                if not transport.get_write_buffer_size():
                    try:
                        n = os.sendfile(sock, file_descriptor(s), pos, end - pos)
                    except BlockingIOError:
                        n = -1  # the socket is full
                    if n == 0:
                        raise ShortReadError(f"{s.file.name}: bytes missing at position {pos}")
                    if n > 0:
                        pos += n
                        continue
                data = read_chunk(s, pos, min(DEFAULT_CHUNK, end - pos))
                self.writer.write(data)
                pos += len(data)
                await self._drain()


def _plaintext_socket_fd(writer: asyncio.StreamWriter) -> int | None:
    """The descriptor of a plaintext connection's socket (``sendfile`` may write to it), None
    for TLS or a writer without a socket."""
    if writer.get_extra_info("ssl_object") is not None:
        return None
    sock = writer.get_extra_info("socket")
    try:
        return int(sock.fileno()) if sock is not None else None
    except (AttributeError, OSError, ValueError):
        return None
