"""The connection core (strom.broker.network.Connection) with a frame processor of the test's:
framing, ordering, limits, idle close, the processor's close and mute decisions, memory given
back. The bytes arrive through a real asyncio StreamReader; the writer records what is sent."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, cast

import pytest

from strom.broker.memory_pool import MemoryPool
from strom.broker.network import Connection, ConnectionSettings
from strom.broker.request_processor import Processed

pytestmark = pytest.mark.unit


class _Transport:
    """What the connection asks a StreamWriter's transport: everything is written at once."""

    def get_write_buffer_size(self) -> int:
        return 0

    def is_closing(self) -> bool:
        return False


class _Writer:
    def __init__(self) -> None:
        self.sent = bytearray()
        self.closed = False
        self.transport = _Transport()

    def get_extra_info(self, name: str) -> Any:
        return ("127.0.0.1", 40000) if name == "peername" else None

    def write(self, data: bytes) -> None:
        self.sent += data

    def writelines(self, parts: list[bytes]) -> None:
        for p in parts:
            self.sent += p

    async def drain(self) -> None:
        return None

    def close(self) -> None:
        self.closed = True

    async def wait_closed(self) -> None:
        return None


class _Echo:
    """Answers each frame with its own bytes; closes on b"bye"; mutes after b"slow"."""

    def __init__(self, limit: int | None = None) -> None:
        self.seen: list[bytes] = []
        self.limit = limit
        self.mute_s = 0.0
        self.times: list[float] = []

    def frame_limit(self, max_frame: int) -> int:
        return max_frame if self.limit is None else min(self.limit, max_frame)

    async def process(self, frame: bytearray, received_at: float) -> Processed:
        self.times.append(asyncio.get_running_loop().time())
        data = bytes(frame)
        self.seen.append(data)
        self.mute_s = 0.3 if data == b"slow" else 0.0
        await asyncio.sleep(0)
        return data != b"bye", [len(data).to_bytes(4, "big"), data], None


def _frame(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def _run(
    feed: Callable[[asyncio.StreamReader], None],
    proc: _Echo,
    settings: ConnectionSettings | None = None,
    pool: MemoryPool | None = None,
) -> _Writer:
    async def main() -> _Writer:
        reader = asyncio.StreamReader(limit=64 * 1024)
        writer = _Writer()
        conn = Connection(
            reader,
            cast(asyncio.StreamWriter, writer),
            "PLAINTEXT",
            settings or ConnectionSettings(1024 * 1024, 5.0, 5),
            pool or MemoryPool(None),
            proc,
        )
        feed(reader)
        async with asyncio.timeout(10):
            await conn.run()
        assert writer.closed
        return writer

    return asyncio.run(main())


def test_frames_answered_in_order_then_eof_closes() -> None:
    proc = _Echo()
    frames = [b"a", b"bb" * 10, b"ccc"]

    def feed(r: asyncio.StreamReader) -> None:
        r.feed_data(b"".join(_frame(f) for f in frames))
        r.feed_eof()

    w = _run(feed, proc)
    assert proc.seen == frames
    assert bytes(w.sent) == b"".join(_frame(f) for f in frames)


def test_frame_split_in_many_pieces_is_reassembled() -> None:
    proc = _Echo()
    data = _frame(b"x" * 5000)

    async def trickle(r: asyncio.StreamReader) -> None:
        for i in range(0, len(data), 7):
            r.feed_data(data[i : i + 7])
            await asyncio.sleep(0)
        r.feed_eof()

    def feed(r: asyncio.StreamReader) -> None:
        asyncio.get_running_loop().create_task(trickle(r))

    _run(feed, proc)
    assert proc.seen == [b"x" * 5000]


def test_oversized_frame_closes_before_processing() -> None:
    proc = _Echo()

    def feed(r: asyncio.StreamReader) -> None:
        r.feed_data(_frame(b"ok") + (2048).to_bytes(4, "big") + b"y" * 2048 + _frame(b"late"))

    w = _run(feed, proc, ConnectionSettings(1024, 5.0, 5))
    assert proc.seen == [b"ok"]  # the oversized frame and what follows are never processed
    assert bytes(w.sent) == _frame(b"ok")


def test_negative_size_closes() -> None:
    proc = _Echo()

    def feed(r: asyncio.StreamReader) -> None:
        r.feed_data(b"\xff\xff\xff\xff")

    _run(feed, proc)
    assert proc.seen == []


def test_processor_frame_limit_closes_when_the_size_is_read() -> None:
    """A processor limit (pre-authentication size) under socket.request.max.bytes."""
    proc = _Echo(limit=100)

    def feed(r: asyncio.StreamReader) -> None:
        r.feed_data(_frame(b"b" * 101))
        r.feed_eof()

    _run(feed, proc)
    assert proc.seen == []


def test_processor_close_decision_sends_the_response_then_closes() -> None:
    proc = _Echo()

    def feed(r: asyncio.StreamReader) -> None:
        r.feed_data(_frame(b"bye") + _frame(b"never"))

    w = _run(feed, proc)
    assert proc.seen == [b"bye"]
    assert bytes(w.sent) == _frame(b"bye")


def test_idle_peer_is_closed() -> None:
    proc = _Echo()

    def feed(r: asyncio.StreamReader) -> None:
        r.feed_data(_frame(b"one") + b"\x00\x00")  # half a size, then silence

    w = _run(feed, proc, ConnectionSettings(1024, 0.2, 5))
    assert proc.seen == [b"one"] and w.closed


def test_mute_after_a_throttled_response() -> None:
    """The quota hook: after a response with mute_s, the next request waits that long."""
    proc = _Echo()

    def feed(r: asyncio.StreamReader) -> None:
        r.feed_data(_frame(b"slow") + _frame(b"next"))
        r.feed_eof()

    _run(feed, proc)
    assert proc.seen == [b"slow", b"next"]
    assert proc.times[1] - proc.times[0] >= 0.3


def test_pool_memory_given_back_after_close() -> None:
    pool = MemoryPool(1024 * 1024)
    proc = _Echo()
    big = b"z" * (200 * 1024)  # over SMALL_FRAME: read with a reservation

    def feed(r: asyncio.StreamReader) -> None:
        r.feed_data(_frame(big) + _frame(big) + (150 * 1024).to_bytes(4, "big") + b"part")
        r.feed_eof()

    _run(feed, proc, pool=pool)
    assert proc.seen == [big, big]
    assert pool.available == 1024 * 1024


def test_a_response_the_peer_does_not_read_closes_after_the_idle_time() -> None:
    """Real sockets: a small response goes out without waiting for a drain; a response the
    peer never reads stays buffered in the transport, so the send waits for the socket to
    drain and ``connections.max.idle.ms`` closes the connection (nothing waits forever)."""
    big = b"r" * (16 * 1024 * 1024)  # echoed back: far more than the socket buffers hold
    done: list[str] = []

    async def main() -> None:
        proc = _Echo()

        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            conn = Connection(
                reader,
                writer,
                "PLAINTEXT",
                ConnectionSettings(32 * 1024 * 1024, 0.5, 5),
                MemoryPool(None),
                proc,
            )
            await conn.run()
            done.append("closed")

        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(_frame(b"small"))
        head = await asyncio.wait_for(reader.readexactly(4 + 5), 10)
        assert head == _frame(b"small")
        writer.write(_frame(big))  # and never read the answer
        async with asyncio.timeout(20):
            while not done:
                await asyncio.sleep(0.05)
        assert proc.seen == [b"small", big]
        writer.close()
        server.close()
        await server.wait_closed()

    asyncio.run(main())
    assert done == ["closed"]
