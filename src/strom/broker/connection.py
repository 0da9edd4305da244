"""The connection core: one client connection's framing, ordering, memory and idle limits.

Owns: :class:`Connection`, an :class:`asyncio.BufferedProtocol` that cuts one connection's byte
stream into frames and answers them in order through its :class:`FrameProcessor`; what a frame
means is not its business (:class:`~strom.broker.request_processor.RequestProcessor` answers
it). The socket server (:mod:`strom.broker.network`) accepts connections, builds one
:class:`Connection` for each and runs :meth:`Connection.run` in the connection's task.

Receiving (ADR 0027): the transport reads into a receive buffer shared by the connections of one
server (``scratch``; a connection's bytes are consumed, or copied out, before the transport reads
for another). A frame wholly inside what was read is sliced out of it (one copy); a frame whose
rest is large is received straight into its own buffer by the kernel. The frames go to a deque;
the connection's task takes them one at a time (no queue, no reader task, no timeout per read).
Short cut (ADR 0035): a read that is exactly one whole frame of at most ``SMALL_FRAME`` bytes,
on a connection with nothing pending, no partial size or frame and no refusal, goes to the deque
directly with the checks of the general path (``_consume``/``_admit``/``_reserve``: the size
against ``socket.request.max.bytes`` and the processor's limit, no pool reservation as for any
first small frame). The pool reservation of a handled frame is released once its response is
written (off the client's latency), before the task waits again.

Invariants:
- The 4-byte size of a frame is checked against ``socket.request.max.bytes`` (or the smaller
  limit the processor sets before SASL authentication) before anything is allocated for the
  frame, so an oversized claim costs nothing; nothing after it is read and the connection is
  closed once the frames read before it are answered.
- Before a frame's buffer is allocated, its size is reserved from the broker-wide
  :class:`~strom.broker.memory_pool.MemoryPool` (``queued.max.request.bytes``); a connection that
  cannot get memory is muted (``pause_reading``: its socket is not read) until memory is
  released. The reservation is released once the request has been handled. A frame's buffer
  starts at ``FIRST_ALLOCATION`` at most and doubles as its bytes arrive, so a header followed by
  silence holds little memory whatever size it announced (the pool may grant one frame larger
  than itself, as Kafka's does). Exception: the first
  frame of an idle connection of at most ``SMALL_FRAME`` bytes needs no reservation (see
  :meth:`Connection._reserve`), so memory held outside the pool is at most one small frame plus
  what a muted connection had received beyond it (at most one ``scratch``) per connection.
- Requests on one connection are processed one at a time, in arrival order, and answered in the
  same order. Up to ``max.inflight.requests.per.connection`` further frames are read ahead
  (pipelining) while the pool is less than half used; beyond that the socket is not read
  (``pause_reading``, back-pressure).
- ``connections.max.idle.ms`` bounds every wait on the peer: no request starting, a partial frame
  whose next bytes do not arrive, a response the peer does not read (the transport stays paused
  above its high-water mark), a frame waiting for pool memory. One timer per connection
  (``loop.call_later``) watches it; a byte received only stores the time, the timer re-arms
  itself when it fires early. While the broker works on a request the peer is not waited on.
  An expired connection is closed and what it held released (an unread response is dropped: the
  transport is aborted, as closing it would wait for the peer to read it first).
- Responses are written in order with back-pressure by the connection's
  :class:`~strom.broker.response_writer.ResponseWriter` (the task waits only while the
  transport is paused above its high-water mark; record data kept in segment files goes with
  ``sendfile`` on plaintext sockets, never once the connection is lost or its transport
  closing: its descriptor may be closed and its number reused by another connection).
- Frames received before the peer closed or reset are still processed (their responses are
  dropped once the connection is lost).
- The processor says whether the connection stays open and for how long it is muted after the
  response (quotas, KIP-219: nothing is read or handled meanwhile). An unexpected error while
  processing is logged with its traceback and closes only that connection; it never leaves the
  client waiting.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import struct
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, cast

from strom.broker.response_writer import ResponseWriter

if TYPE_CHECKING:
    from strom.broker.config import BrokerConfig
    from strom.broker.memory_pool import MemoryPool
    from strom.broker.request_processor import Processed

__all__ = [
    "FIRST_ALLOCATION",
    "READ_CHUNK",
    "SMALL_FRAME",
    "Connection",
    "ConnectionSettings",
    "FrameProcessor",
    "receive_buffer",
]

log = logging.getLogger("strom.broker.network")  # the connection's log lines, as before the split

READ_CHUNK = 64 * 1024  # the receive buffer: the most read from a socket at once
SMALL_FRAME = READ_CHUNK  # a first frame this small is read without the pool (see _reserve)
DIRECT_MIN = 16 * 1024  # a frame with at least this much left is received into its own buffer
# A frame's buffer starts at most this big and doubles as its bytes arrive (up to the frame's
# size), so a peer that announces a large frame and goes silent holds little memory.
FIRST_ALLOCATION = 1024 * 1024
_SIZE = struct.Struct(">i")


def _grow(frame: bytearray, size: int, needed: int = 0) -> None:
    """Enlarge ``frame`` in place to twice its length (at least ``needed``, at most ``size``)
    bytes; raises :class:`BufferError` while a view of it is alive."""
    target = min(size, max(2 * len(frame), needed))
    frame.extend(bytes(target - len(frame)))


def receive_buffer() -> bytearray:
    """A receive buffer the connections of one event loop may share (``scratch``)."""
    return bytearray(READ_CHUNK)


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
    """What a connection asks about its frames (:class:`RequestProcessor`). A processor whose
    ``frame_limit`` is always ``max_frame`` may say so with a true ``fixed_frame_limit``
    attribute (read once, in :meth:`Connection.run`): it is then not asked per frame."""

    mute_s: float

    def frame_limit(self, max_frame: int) -> int: ...

    async def process(self, frame: bytearray, received_at: float) -> Processed: ...


class Connection(asyncio.BufferedProtocol):
    """One connection (see the module docstring). Reading starts with :meth:`run`."""

    def __init__(
        self,
        listener: str,
        settings: ConnectionSettings,
        pool: MemoryPool,
        scratch: bytearray | None = None,
    ) -> None:
        self.listener = listener
        self.pool = pool
        self.max_frame = settings.max_frame
        self.max_inflight = max(1, settings.max_inflight)
        self.idle_s = settings.idle_s
        self.peer = "?"
        self.processor: FrameProcessor | None = None  # set by run(): nothing is read before
        self._fixed_limit = False  # the processor's frame limit is always max_frame
        self.transport: asyncio.Transport | None = None
        self.writer: ResponseWriter | None = None  # made with the transport
        self._tls = False
        self._scratch_bytes = scratch if scratch is not None else receive_buffer()
        self._scratch = memoryview(self._scratch_bytes)
        self._direct = False  # the last get_buffer gave the frame's own buffer
        # frames read, not yet processed: (frame, pool bytes reserved, time.monotonic() read)
        self._frames: collections.deque[tuple[bytearray, int, float]] = collections.deque()
        self._head = bytearray()  # the bytes of a frame size split across reads
        self._frame: bytearray | None = None  # the frame being filled (grows as bytes arrive)
        self._size = 0  # the size of the frame being filled
        self._filled = 0
        self._frame_reserved = 0
        self._rest = b""  # bytes received but not consumed while blocked (reading is paused)
        self._blocked = False  # a frame waits: pipeline bound, read-ahead or pool memory
        self._need_memory = 0  # the size of the frame waiting (in run()) for pool memory
        self._granted = 0  # pool bytes run() got for that frame
        self.reserved = 0  # pool bytes this connection holds (frames read or being read)
        self.pending = 0  # frames read or being read and not yet handled
        self.busy = False  # a request is being processed or answered
        self._muted = False  # a quota throttle (KIP-219)
        self._ended = False  # no byte will be read any more (EOF, refused frame, lost)
        self._refused = False  # a frame was refused: nothing after it is a frame
        self._lost = False
        self._read_paused = False
        self._waiter: asyncio.Future[None] | None = None  # run() waits for a frame or memory
        self._lost_waiter: asyncio.Future[None] | None = None
        # the idle limit: the peer is waited on unless the broker works on a request
        self._serving = False
        self._last = time.monotonic()  # the last progress: a byte received, a wait started
        self._waiting = "request"  # what the peer is waited for (log line)
        self._timer: asyncio.TimerHandle | None = None
        self._expired = False
        self._task: asyncio.Task[None] | None = None

    # -- asyncio.BufferedProtocol ----------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # a TCP or TLS transport (uvloop's are not registered as asyncio.Transport subclasses)
        t = cast("asyncio.Transport", transport)
        self.transport = t
        peer = t.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        self._tls = t.get_extra_info("ssl_object") is not None
        self.writer = ResponseWriter(t, self.peer, self._waits_on_reader)
        # nothing is cut into frames before run() gives the processor (its frame limit):
        # what arrives first waits, unconsumed (uvloop may read once before the pause holds)
        self._blocked = True
        self._update_reading()

    def get_buffer(self, sizehint: int) -> memoryview:
        frame = self._frame
        if frame is not None and self._size - self._filled >= DIRECT_MIN:
            if len(frame) - self._filled < DIRECT_MIN:
                try:
                    _grow(frame, self._size)
                except BufferError:  # a view of it still alive: receive into the scratch
                    self._direct = False
                    return self._scratch
            self._direct = True
            return memoryview(frame)[self._filled :]
        self._direct = False
        return self._scratch

    def buffer_updated(self, nbytes: int) -> None:
        self._last = now = time.monotonic()
        if self._direct:
            self._direct = False
            self._filled += nbytes
            frame = self._frame
            if frame is not None and self._filled == self._size:
                self._frame = None
                self._deliver(frame, self._frame_reserved)
            return
        if self._blocked:  # a transport that delivers after pause_reading (TLS records)
            self._rest = b"".join((self._rest, self._scratch[:nbytes]))
            return
        if not self.pending and self._frame is None and not self._head and nbytes >= 4:
            # the common case, short cut: one whole small frame on an idle connection (what
            # _consume, _admit and _reserve do with it, with the same checks)
            scratch = self._scratch
            (size,) = _SIZE.unpack_from(scratch)
            processor = self.processor
            if (
                size == nbytes - 4
                and size <= SMALL_FRAME
                and size <= self.max_frame
                and not self._refused
                and not self._granted
                and processor is not None
                and (self._fixed_limit or size <= processor.frame_limit(self.max_frame))
            ):
                self.pending = 1
                self._frames.append((self._scratch_bytes[4:nbytes], 0, now))  # (one copy)
                w = self._waiter  # (_wake)
                if w is not None and not w.done():
                    w.set_result(None)
                return
        pos = self._consume(self._scratch, 0, nbytes)
        if pos < nbytes:  # blocked: keep the rest (the scratch is shared), stop reading
            self._rest = bytes(self._scratch[pos:nbytes])
            self._update_reading()

    def eof_received(self) -> bool:
        self._end()
        # half-closed: the frames read are still answered, then run() closes (a TLS transport
        # closes itself: what was read is still processed, its responses are dropped)
        return not self._tls

    def connection_lost(self, exc: Exception | None) -> None:
        self._lost = True
        if self.writer is not None:
            self.writer.connection_lost()  # forgets the descriptor: its number may be reused
        if self._timer is not None:
            self._timer.cancel()  # nothing waits on the peer any more
            self._timer = None
        self._end()
        lw = self._lost_waiter
        if lw is not None and not lw.done():
            lw.set_result(None)

    def pause_writing(self) -> None:
        if self.writer is not None:
            self.writer.pause_writing()

    def resume_writing(self) -> None:
        if self.writer is not None:
            self.writer.resume_writing()

    @property
    def sendfile_fd(self) -> int | None:
        """The descriptor responses' file ranges are sent to (None: TLS, or lost)."""
        return None if self.writer is None else self.writer.sendfile_fd

    # -- the connection's task -------------------------------------------------------------------
    async def run(self, processor: FrameProcessor) -> None:
        """Read and answer frames until the connection ends; then close it (the transport
        must be connected). Cancelling the task closes the connection."""
        self.processor = processor
        # frame_limit() is always max_frame: not asked per frame (a processor without the
        # attribute is asked for every frame)
        self._fixed_limit = bool(getattr(processor, "fixed_frame_limit", False))
        loop = asyncio.get_running_loop()
        self._task = asyncio.current_task()
        writer = self.writer
        assert writer is not None, "run() before the transport is connected"
        if self.idle_s is not None:
            self._timer = loop.call_later(self.idle_s, self._check_idle)
        self._last = time.monotonic()
        self._unblock()
        unread = False  # the peer stopped reading a response: drop what is still buffered
        try:
            await self._serve(loop, writer)
        except ConnectionError:
            pass
        except asyncio.CancelledError:
            if not self._expired:
                raise  # the server stops
            task = self._task
            if task is not None:
                task.uncancel()
            unread = self._waiting == "response"
            if unread:
                log.info("closing connection from %s: the response was not read", self.peer)
            else:
                log.info("closing idle connection from %s", self.peer)
        except Exception:
            log.exception("closing connection from %s after an unexpected error", self.peer)
        finally:
            self._close(unread)
        await self._wait_lost(loop)

    async def _serve(self, loop: asyncio.AbstractEventLoop, writer: ResponseWriter) -> None:
        frames = self._frames
        processor = self.processor
        assert processor is not None
        while True:
            if not frames:
                if self._need_memory:
                    await self._acquire_memory()
                    continue
                if self._ended and not self._blocked:
                    return
                self._serving = False
                self._waiting = "request"
                w = self._waiter = loop.create_future()
                try:
                    await w
                finally:
                    self._waiter = None
                continue
            frame, reserved, received_at = frames.popleft()
            self._serving = self.busy = True
            if self._blocked:  # a pipeline slot is free
                self._unblock()
            keep, response, sent = await processor.process(frame, received_at)
            del frame  # the request is handled: its memory goes back to the pool (below)
            if response is not None and not self._lost:
                if not writer.write_small(response):  # (one buffer: no coroutine)
                    self._frame_done(reserved)
                    await writer.send(response)
                else:
                    # the response is on its way: what follows is off the client's latency
                    if reserved or self._blocked or self.pending != 1:
                        self._frame_done(reserved)
                    else:  # (_frame_done with nothing to release or unblock: no call)
                        self.pending = 0
                    if writer.paused:
                        await writer.drain()
            else:
                self._frame_done(reserved)
            self.busy = False
            self._last = time.monotonic()
            if sent is not None:
                sent()
            if not keep:
                return
            if processor.mute_s > 0:
                # quotas (KIP-219): nothing is read or handled for the throttle time
                self._muted = True
                self._update_reading()
                await asyncio.sleep(processor.mute_s)
                self._muted = False
                self._last = time.monotonic()
                self._update_reading()

    async def _acquire_memory(self) -> None:
        """Wait (muted, FIFO) for the pool memory of the frame whose size was read; bounded by
        ``connections.max.idle.ms`` as any wait on the peer (Kafka expires muted connections
        alike)."""
        size = self._need_memory
        self._serving = False
        self._waiting = "memory"
        self._last = time.monotonic()
        await self.pool.acquire(size)
        self.reserved += size
        self._need_memory = 0
        self._granted = size
        self._unblock()

    def _close(self, unread: bool) -> None:
        self._ended = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._frames.clear()
        self._frame = None
        self._granted = 0
        if self.reserved:
            self.pool.release(self.reserved)
            self.reserved = 0
        self.pending = 0
        self.busy = False
        t = self.transport
        if t is None or self._lost:
            return
        if t.is_closing():  # by the transport itself (a TLS transport at EOF)
            if unread or self._expired:
                t.abort()
            return
        if unread or (self._expired and t.get_write_buffer_size()):
            # close() would wait for the peer to read the buffered response first: forever
            t.abort()
            return
        t.close()
        if self.idle_s is not None and t.get_write_buffer_size():
            # a last response still buffered waits for the peer: for the idle limit at most
            self._timer = asyncio.get_running_loop().call_later(self.idle_s, self._abort_if_open)

    def _abort_if_open(self) -> None:
        if not self._lost and self.transport is not None:
            self.transport.abort()

    async def _wait_lost(self, loop: asyncio.AbstractEventLoop) -> None:
        """Until the transport told the connection is lost (a server stopping cancels this:
        closing the socket is all that is left)."""
        if self._lost:
            return
        w = self._lost_waiter = loop.create_future()
        try:
            await w
        except asyncio.CancelledError:
            if self.transport is not None:
                self.transport.abort()
            raise

    # -- receiving -------------------------------------------------------------------------------
    def _consume(self, buf: memoryview | bytes, pos: int, end: int) -> int:
        """Cut ``buf[pos:end]`` into frames; where it stopped (``end`` unless blocked)."""
        while True:
            frame = self._frame
            if frame is not None:
                if pos == end:
                    return end
                filled = self._filled
                take = min(end - pos, self._size - filled)
                if len(frame) < filled + take:
                    _grow(frame, self._size, filled + take)
                frame[filled : filled + take] = buf[pos : pos + take]
                pos += take
                self._filled = filled = filled + take
                if filled == self._size:
                    self._frame = None
                    self._deliver(frame, self._frame_reserved)
                continue
            if self._refused:
                return end  # nothing after a refused frame is a frame
            head = self._head
            if head:  # a size split across reads
                take = min(4 - len(head), end - pos)
                head += buf[pos : pos + take]
                pos += take
                if len(head) < 4:
                    return end
                (size,) = _SIZE.unpack_from(head)
                body = pos
            elif end - pos >= 4:
                (size,) = _SIZE.unpack_from(buf, pos)
                body = pos + 4
            else:
                if pos < end:
                    self._head = bytearray(buf[pos:end])
                return end
            if not self._admit(size):
                return end
            reserved = self._reserve(size)
            if reserved < 0:
                self._blocked = True
                return pos  # a split size stays in _head; a whole one in what is left
            if head:
                self._head = bytearray()
            pos = body
            self.pending += 1
            if end - pos >= size:
                self._deliver(bytearray(buf[pos : pos + size]), reserved)
                pos += size
            else:
                self._frame = bytearray(min(size, FIRST_ALLOCATION))
                self._size = size
                self._filled = 0
                self._frame_reserved = reserved

    def _admit(self, size: int) -> bool:
        """Check a frame size before anything is allocated for it; refuse (end) if too big."""
        processor = self.processor
        assert processor is not None
        limit = processor.frame_limit(self.max_frame)
        if limit < self.max_frame and size > limit:
            log.warning(
                "closing connection from %s: frame of %d bytes before authentication "
                "exceeds sasl.server.max.receive.size (%d)",
                self.peer,
                size,
                limit,
            )
        elif size < 0 or size > self.max_frame:
            log.warning(
                "closing connection from %s: frame of %d bytes exceeds "
                "socket.request.max.bytes (%d)",
                self.peer,
                size,
                self.max_frame,
            )
        else:
            return True
        self._head = bytearray()
        self._refused = True
        self._rest = b""
        self._blocked = False
        self._end()
        return False

    def _reserve(self, size: int) -> int:
        """The pool bytes reserved for a frame of ``size`` bytes about to be read, or -1 when
        it must wait (reading pauses; :meth:`_unblock` tries again).

        - At most ``max.inflight.requests.per.connection`` frames wait for processing.
        - Read-ahead (frames of this connection are queued or in progress) takes pool memory
          only while the pool is less than half used, else waits for its own pipeline to empty:
          connections whose requests wait (long polls, unread responses) cannot drain the pool.
        - The first frame of an idle pipeline, if no larger than ``SMALL_FRAME``, is read
          without the pool: it costs no more than the read buffer, so small requests (a healthy
          producer's) keep flowing while big frames wait for memory.
        - Any other frame waits (FIFO) for pool memory, muted (:meth:`_acquire_memory`).
        """
        granted = self._granted
        if granted:
            self._granted = 0
            return granted
        if len(self._frames) >= self.max_inflight:
            return -1
        pool = self.pool
        if self.pending:
            if pool.try_acquire(size, pool.readahead_limit):
                self.reserved += size
                return size
            return -1
        if size <= SMALL_FRAME:
            return 0
        if pool.try_acquire(size):
            self.reserved += size
            return size
        self._need_memory = size
        self._wake()
        return -1

    def _unblock(self) -> None:
        """Try again the frame that waited, with what was received after it."""
        if not self._blocked or self._need_memory:
            return
        self._blocked = False
        rest, self._rest = self._rest, b""
        pos = self._consume(rest, 0, len(rest))
        if pos < len(rest):
            self._rest = rest[pos:]
        self._update_reading()

    def _deliver(self, frame: bytearray, reserved: int) -> None:
        self._frames.append((frame, reserved, time.monotonic()))
        self._wake()

    def _frame_done(self, reserved: int) -> None:
        self.pending -= 1
        if reserved:
            self.reserved -= reserved
            self.pool.release(reserved)
        if not self.pending and self._blocked:
            self._unblock()  # read-ahead that waited for the pipeline to empty

    def _end(self) -> None:
        """No more bytes are read; the frames read are still answered."""
        self._ended = True
        self._update_reading()
        self._wake()

    def _wake(self) -> None:
        w = self._waiter
        if w is not None and not w.done():
            w.set_result(None)

    def _update_reading(self) -> None:
        pause = self._blocked or self._muted or self._ended
        t = self.transport
        if t is None or t.is_closing():
            return
        self._read_paused = pause
        if pause:
            t.pause_reading()
        else:
            t.resume_reading()

    # -- the idle limit --------------------------------------------------------------------------
    def _waits_on_reader(self, waiting: bool) -> None:
        """The writer waits for the peer to read a response (the idle limit runs) or is done."""
        if waiting:
            self._serving = False
            self._waiting = "response"
            self._last = time.monotonic()
        else:
            self._serving = True

    def _check_idle(self) -> None:
        self._timer = None  # (cancelled when the connection closes)
        idle = self.idle_s
        assert idle is not None
        loop = asyncio.get_running_loop()
        if self._serving or self._frames:
            delay = idle  # the broker works: the peer is not waited on
        else:
            delay = self._last + idle - time.monotonic()
            if delay <= 0.001:  # (uvloop's timers fire to the millisecond)
                self._expired = True
                if self._task is not None:
                    self._task.cancel()
                return
        self._timer = loop.call_later(delay, self._check_idle)
