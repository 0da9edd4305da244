"""linkctl: user-space fault proxies for every link class of a chaos cluster (the machine has no
``tc netem`` and no iptables, plan section 5.1).

Owns: one asyncio loop on a daemon thread, and per :class:`Link` a listening socket on
127.0.0.1 forwarding to one target port, with the connection pairs it forwards and the fault
rules in force. Kafka links (client or broker -> broker) are forwarded frame by frame, so rules
can match the request header (api key, client id) and the response's correlation id; ZooKeeper
links are forwarded as raw bytes.

Rules (each applies to the connections whose client id starts with ``who``; ``"!x"`` means
not starting with ``x``; None means every connection; raw links have client id ``""``):

* ``blackhole(dirs)``: bytes in the given directions (``up`` client->server, ``down``) vanish,
  like iptables DROP; ``dirs=("up",)`` or ``("down",)`` is a one-way partition. Connections
  that lost bytes are reset when the rule is removed (their streams are no longer framed),
  as a TCP connection whose segments were dropped eventually times out.
* ``drop_new``: new connections are refused (reset at once).
* ``delay(ms, jitter)``: every frame (chunk on raw links) waits before it is forwarded.
* ``delay_api(api_key, seconds, count)``: the next ``count`` requests of that api key wait;
  the request is still delivered if the client gave up and closed meanwhile (the delayed
  EndTxn of KAFKA-17754).
* ``reset_responses(api_key, probability)``: after the server answered such a request, reset
  the connection instead of forwarding the answer (the request was processed, the ack lost).
* :meth:`Link.reset`: reset the matching connections now.

Invariants: bound to 127.0.0.1 only; order per direction is preserved (delays hold the stream,
they never reorder it); :meth:`LinkLoop.close` closes every socket it opened.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import struct
import threading
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")
_HEADER = struct.Struct(">hhih")  # api_key, api_version, correlation_id, client_id length


@dataclass
class Rule:
    kind: str  # blackhole | drop_new | delay | delay_api | reset_responses
    who: str | None = None
    dirs: tuple[str, ...] = ("up", "down")
    ms: float = 0.0
    jitter: float = 0.0
    api_key: int = -1
    seconds: float = 0.0
    count: int = 0
    probability: float = 0.0

    def matches(self, client_id: str | None) -> bool:
        if self.who is None:
            return True
        if client_id is None:
            return False
        if self.who.startswith("!"):
            return not client_id.startswith(self.who[1:])
        return client_id.startswith(self.who)


@dataclass(eq=False)
class _Conn:
    client: asyncio.StreamWriter
    server: asyncio.StreamWriter | None = None
    client_id: str | None = None
    tainted: bool = False
    doomed: set[int] = field(default_factory=set)  # correlation ids whose answer is a reset
    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    def abort(self) -> None:
        for w in (self.client, self.server):
            if w is None:
                continue
            sock = w.get_extra_info("socket")
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            w.transport.abort()
        for t in self.tasks:
            t.cancel()


class LinkLoop:
    """The event loop every :class:`Link` of one harness runs on."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="linkctl", daemon=True)
        self._thread.start()
        self.links: list[Link] = []

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(30)

    def link(self, name: str, target_port: int, *, kafka: bool, seed: int = 0) -> Link:
        link = Link(self, name, target_port, kafka=kafka, seed=seed)
        self.run(link._listen())
        self.links.append(link)
        return link

    def close(self) -> None:
        for link in self.links:
            with contextlib.suppress(Exception):
                self.run(link._close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)


class Link:
    """``127.0.0.1:port`` forwarding to ``127.0.0.1:target_port`` under the current rules."""

    def __init__(self, owner: LinkLoop, name: str, target_port: int, *, kafka: bool,
                 seed: int) -> None:  # fmt: skip
        self.owner = owner
        self.name = name
        self.target_port = target_port
        self.kafka = kafka
        self.port = 0
        self.rules: list[Rule] = []
        self.conns: set[_Conn] = set()
        self.rng = random.Random(seed)
        self.stats = {"connections": 0, "resets": 0, "dropped_bytes": 0, "delayed": 0}
        self._server: asyncio.Server | None = None

    def __repr__(self) -> str:
        return f"Link({self.name} :{self.port}->:{self.target_port} rules={self.rules})"

    # -- control (any thread) ---------------------------------------------------------------
    def add(self, rule: Rule) -> Rule:
        self.owner.run(self._add(rule))
        return rule

    def blackhole(self, who: str | None = None, dirs: tuple[str, ...] = ("up", "down")) -> Rule:
        return self.add(Rule("blackhole", who, dirs=dirs))

    def drop_new(self, who: str | None = None) -> Rule:
        return self.add(Rule("drop_new", who))

    def delay(self, ms: float, jitter: float = 0.0, who: str | None = None) -> Rule:
        return self.add(Rule("delay", who, ms=ms, jitter=jitter))

    def delay_api(self, api_key: int, seconds: float, count: int = 1, who: str | None = None
                  ) -> Rule:  # fmt: skip
        return self.add(Rule("delay_api", who, api_key=api_key, seconds=seconds, count=count))

    def reset_responses(self, api_key: int, probability: float, who: str | None = None) -> Rule:
        return self.add(Rule("reset_responses", who, api_key=api_key, probability=probability))

    def remove(self, rule: Rule) -> None:
        self.owner.run(self._remove(rule))

    def heal(self) -> None:
        """Remove every rule (resetting connections that lost bytes to a blackhole)."""
        for rule in list(self.rules):
            self.remove(rule)

    def reset(self, who: str | None = None) -> int:
        return self.owner.run(self._reset(Rule("reset", who)))

    # -- loop side --------------------------------------------------------------------------
    async def _add(self, rule: Rule) -> None:
        self.rules.append(rule)

    async def _remove(self, rule: Rule) -> None:
        with contextlib.suppress(ValueError):
            self.rules.remove(rule)
        if rule.kind == "blackhole":
            for c in [c for c in self.conns if c.tainted]:
                c.abort()
                self.conns.discard(c)

    async def _reset(self, rule: Rule) -> int:
        hit = [c for c in self.conns if rule.matches(c.client_id)]
        for c in hit:
            c.abort()
            self.conns.discard(c)
        self.stats["resets"] += len(hit)
        return len(hit)

    async def _listen(self) -> None:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _close(self) -> None:
        if self._server is not None:
            self._server.close()
        for c in list(self.conns):
            c.abort()
        self.conns.clear()

    def _active(self, kind: str, conn: _Conn) -> list[Rule]:
        return [r for r in self.rules if r.kind == kind and r.matches(conn.client_id)]

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = _Conn(writer, client_id=None if self.kafka else "")
        self.stats["connections"] += 1
        if any(r.kind == "drop_new" and r.who is None for r in self.rules) or (
            not self.kafka and self._active("drop_new", conn)
        ):
            conn.abort()
            return
        try:
            s_reader, s_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            conn.abort()
            return
        conn.server = s_writer
        self.conns.add(conn)
        pump = self._pump_frames if self.kafka else self._pump_raw
        conn.tasks = [
            asyncio.create_task(self._then_close(pump(conn, reader, s_writer, "up"), s_writer)),
            asyncio.create_task(self._then_close(pump(conn, s_reader, writer, "down"), writer)),
        ]
        await asyncio.gather(*conn.tasks, return_exceptions=True)
        conn.abort()
        self.conns.discard(conn)

    @staticmethod
    async def _then_close(pump: Coroutine[Any, Any, None], peer: asyncio.StreamWriter) -> None:
        """Run one direction; when its source closes, close its destination (a half-closed
        client closes the server connection once what was read has been delivered)."""
        try:
            await pump
        finally:
            peer.close()

    async def _read_frame(self, reader: asyncio.StreamReader) -> bytes | None:
        try:
            head = await reader.readexactly(4)
            (size,) = struct.unpack(">i", head)
            if size < 0 or size > 200 * 1024 * 1024:
                return None
            return head + await reader.readexactly(size)
        except (OSError, asyncio.IncompleteReadError):
            return None

    async def _pump_frames(self, conn: _Conn, reader: asyncio.StreamReader,
                           writer: asyncio.StreamWriter, direction: str) -> None:  # fmt: skip
        while True:
            frame = await self._read_frame(reader)
            if frame is None:
                break
            if direction == "up" and len(frame) >= 4 + _HEADER.size:
                api_key, _v, corr, n = _HEADER.unpack_from(frame, 4)
                if conn.client_id is None:
                    start = 4 + _HEADER.size
                    conn.client_id = "" if n < 0 else frame[start : start + n].decode("utf-8",
                                                                                      "replace")
                    if self._active("drop_new", conn):
                        conn.abort()
                        return
                for r in self._active("delay_api", conn):
                    if r.api_key == api_key and r.count > 0:
                        r.count -= 1
                        self.stats["delayed"] += 1
                        await asyncio.sleep(r.seconds)
                for r in self._active("reset_responses", conn):
                    if r.api_key == api_key and self.rng.random() < r.probability:
                        conn.doomed.add(corr)
            elif direction == "down" and conn.doomed and len(frame) >= 8:
                (corr,) = struct.unpack_from(">i", frame, 4)
                if corr in conn.doomed:
                    self.stats["resets"] += 1
                    conn.abort()
                    return
            if not await self._forward(conn, writer, frame, direction):
                return

    async def _pump_raw(self, conn: _Conn, reader: asyncio.StreamReader,
                        writer: asyncio.StreamWriter, direction: str) -> None:  # fmt: skip
        while True:
            try:
                data = await reader.read(65536)
            except OSError:
                break
            if not data:
                break
            if not await self._forward(conn, writer, data, direction):
                return

    async def _forward(self, conn: _Conn, writer: asyncio.StreamWriter, data: bytes,
                       direction: str) -> bool:  # fmt: skip
        for r in self._active("delay", conn):
            await asyncio.sleep((r.ms + self.rng.uniform(0, r.jitter)) / 1000)
        if any(direction in r.dirs for r in self._active("blackhole", conn)):
            conn.tainted = True
            self.stats["dropped_bytes"] += len(data)
            return True
        if writer.is_closing():
            # the other side is gone; a request already read (a delayed one) is still delivered
            # when the server side is open, an answer to a gone client is dropped
            return direction == "down"
        try:
            writer.write(data)
            await writer.drain()
        except OSError:
            return direction == "down"
        return True
