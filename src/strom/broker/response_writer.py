"""The write side of one client connection: responses out in order, with back-pressure.

Owns: :class:`ResponseWriter`, which writes a connection's response frames to its transport,
waits while the transport is paused above its high-water mark (the protocol forwards
``pause_writing``/``resume_writing``/``connection_lost``), and sends record data kept in segment
files (:class:`~strom.broker.response_records.FileRecords`). The connection core
(:mod:`strom.broker.connection`) owns the read side, the ordering and the idle limit; it is told
when a write waits on the peer (``waits_on_peer``), so the idle limit bounds the wait.

Invariants:
- Bytes go out in the order given; a response the transport took whole is not followed by a
  wait: a wait happens only while the transport is paused.
- File ranges are copied a bounded chunk at a time, each chunk after the transport took the
  previous one, so a stalled reader holds one chunk. On a plaintext socket they go with
  ``sendfile`` (page cache to socket) whenever the transport has nothing buffered (so no byte
  overtakes another), and never once the connection is lost or its transport closing: the
  descriptor is forgotten in ``connection_lost``, as its number may be reused by the next
  connection accepted (ADR 0027).
- A file truncated under a response raises :class:`ShortReadError`: never fewer bytes than the
  frame's size promised.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from strom.broker.response_records import (
    DEFAULT_CHUNK,
    FileRecords,
    ShortReadError,
    file_descriptor,
    read_chunk,
)

if TYPE_CHECKING:
    from strom.protocol.codec import Buffer

__all__ = ["ResponseWriter"]


class ResponseWriter:
    def __init__(
        self,
        transport: asyncio.Transport,
        peer: str,
        waits_on_peer: Callable[[bool], None],
    ) -> None:
        """``waits_on_peer(True)`` when a write starts waiting for the peer to read,
        ``waits_on_peer(False)`` when the wait ends."""
        self.transport = transport
        self.peer = peer
        self.waits_on_peer = waits_on_peer
        self.sendfile_fd = _plaintext_socket_fd(transport)  # None: TLS, no socket, or lost
        self.paused = False
        self.lost = False
        self._waiter: asyncio.Future[None] | None = None

    # -- told by the protocol ---------------------------------------------------------------------
    def pause_writing(self) -> None:
        self.paused = True

    def resume_writing(self) -> None:
        self.paused = False
        w = self._waiter
        if w is not None and not w.done():
            w.set_result(None)

    def connection_lost(self) -> None:
        self.lost = True
        self.sendfile_fd = None  # the descriptor is closed: its number may be reused
        self.paused = False
        w = self._waiter
        if w is not None and not w.done():
            w.set_exception(ConnectionResetError(f"connection from {self.peer} lost"))

    # -- writing ----------------------------------------------------------------------------------
    async def drain(self) -> None:
        """Wait while the transport holds more than its high-water mark."""
        if self.lost:
            raise ConnectionResetError(f"connection from {self.peer} lost")
        if not self.paused:
            return
        self.waits_on_peer(True)
        w = self._waiter = asyncio.get_running_loop().create_future()
        try:
            await w
        finally:
            self._waiter = None
            self.waits_on_peer(False)

    def write_small(self, buffers: list[Buffer]) -> bool:
        """Write a response of one in-memory buffer (most responses) without a coroutine; False,
        nothing written, for any other (:meth:`send` writes it). The caller waits
        (:meth:`drain`) if the transport is then ``paused``, as :meth:`send` does."""
        if len(buffers) != 1 or isinstance(buffers[0], FileRecords):
            return False
        self.transport.write(buffers[0])  # a small response: one buffer, one write
        return True

    async def send(self, buffers: list[Buffer]) -> None:
        """Write a response; record data kept in files goes a chunk at a time, each chunk after
        the transport took the previous one."""
        transport = self.transport
        if self.write_small(buffers):
            if self.paused:
                await self.drain()
            return
        pending: list[Buffer] = []
        for part in buffers:
            if not isinstance(part, FileRecords):
                pending.append(part)
                continue
            if pending:
                transport.writelines(pending)
                pending = []
            if self.sendfile_fd is not None and part.as_stored:
                await self._send_file(part)
                continue
            for chunk in part.chunks():
                await self.drain()
                transport.write(chunk)
        if pending:
            transport.writelines(pending)
        if self.paused:
            await self.drain()

    async def _send_file(self, part: FileRecords) -> None:
        """``part``'s file ranges with ``sendfile`` while the transport holds nothing (what it
        holds would be overtaken); a chunk through the transport when the socket is full."""
        transport = self.transport
        for s, pos, end in part.ranges():
            while pos < end:
                sock = self.sendfile_fd
                if sock is None or transport.is_closing():
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
                transport.write(data)
                pos += len(data)
                await self.drain()


def _plaintext_socket_fd(transport: asyncio.BaseTransport) -> int | None:
    """The descriptor of a plaintext connection's socket (``sendfile`` may write to it), None
    for TLS or a transport without a socket."""
    if transport.get_extra_info("ssl_object") is not None:
        return None
    sock = transport.get_extra_info("socket")
    try:
        return int(sock.fileno()) if sock is not None else None
    except (AttributeError, OSError, ValueError):
        return None
