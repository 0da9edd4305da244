"""The connection core (strom.broker.connection.Connection, an asyncio BufferedProtocol) with a
frame processor of the test's, over real sockets on 127.0.0.1, on the standard event loop and on
uvloop (the broker's): framing (a frame split at every byte boundary, many frames in one
segment, a large frame received into its own buffer), ordering, the size limits refused before
anything is allocated, the idle limits, the pipelining bound, the pool's mute, the processor's
close and mute decisions, memory given back."""

from __future__ import annotations

import asyncio
import socket
import ssl
import subprocess
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from connection_server import ConnectionServer
from event_loops import LOOPS, Run, runner

from strom.broker.connection import DIRECT_MIN, FIRST_ALLOCATION, Connection, ConnectionSettings
from strom.broker.memory_pool import MemoryPool
from strom.broker.request_processor import Processed

pytestmark = pytest.mark.unit

Client = tuple[asyncio.StreamReader, asyncio.StreamWriter]


@pytest.fixture(params=LOOPS)
def run(request: pytest.FixtureRequest) -> Run:
    return runner(request.param)


class _Echo:
    """Answers each frame with its own bytes; closes on b"bye"; mutes after b"slow"; with
    ``gate``, the first frame waits for it to be set."""

    def __init__(self, limit: int | None = None, gate: asyncio.Event | None = None) -> None:
        self.seen: list[bytes] = []
        self.limit = limit
        self.mute_s = 0.0
        self.times: list[float] = []
        self.gate = gate

    def frame_limit(self, max_frame: int) -> int:
        return max_frame if self.limit is None else min(self.limit, max_frame)

    async def process(self, frame: bytearray, received_at: float) -> Processed:
        self.times.append(time.monotonic())
        data = bytes(frame)
        self.seen.append(data)
        self.mute_s = 0.3 if data == b"slow" else 0.0
        if self.gate is not None:
            await self.gate.wait()
        await asyncio.sleep(0)
        return data != b"bye", [len(data).to_bytes(4, "big"), data], None


def _frame(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


async def _read_all(reader: asyncio.StreamReader, timeout: float = 20.0) -> bytes:
    """What the broker sent until it closed the connection."""
    async with asyncio.timeout(timeout):
        return await reader.read()


def _exchange(
    run: Run,
    client: Callable[[Client], Awaitable[None]],
    proc: _Echo,
    settings: ConnectionSettings | None = None,
    pool: MemoryPool | None = None,
) -> tuple[bytes, Connection]:
    """``client`` writes on a connection; what the broker sent until it closed, and the
    broker side's connection (ended)."""

    async def main() -> tuple[bytes, Connection]:
        async with ConnectionServer(lambda n: proc, settings, pool) as server:
            r, w = await asyncio.open_connection("127.0.0.1", server.port)
            await client((r, w))
            sent = await _read_all(r)
            w.close()
            await server.ended()
            return sent, server.connections[0]

    result: tuple[bytes, Connection] = run(main())
    return result


async def _send_eof(c: Client, data: bytes) -> None:
    c[1].write(data)
    c[1].write_eof()


def _assert_closed_with_little_allocated(
    run: Run, proc: _Echo, sent_bytes: bytes, pool_mib: int
) -> None:
    """Send ``sent_bytes`` then EOF: the connection processes nothing, answers nothing, traces
    under 8 MiB of allocations and returns every byte it reserved to the pool."""
    pool = MemoryPool(pool_mib * 1024 * 1024)
    tracemalloc.start()
    try:
        sent, conn = _exchange(
            run,
            lambda c: _send_eof(c, sent_bytes),
            proc,
            ConnectionSettings(100 * 1024 * 1024, 5.0, 5),
            pool,
        )
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert proc.seen == [] and sent == b""
    assert peak < 8 * 1024 * 1024
    assert pool.used == 0 and conn.reserved == 0


def test_frames_answered_in_order_then_eof_closes(run: Run) -> None:
    proc = _Echo()
    frames = [b"a", b"bb" * 10, b"ccc"]
    wire = b"".join(_frame(f) for f in frames)
    sent, _ = _exchange(run, lambda c: _send_eof(c, wire), proc)
    assert proc.seen == frames
    assert sent == wire


def test_a_frame_split_at_every_byte_boundary_is_reassembled(run: Run) -> None:
    """Three frames, the stream cut in two at every offset (the size itself split too); each
    part goes out on its own (TCP_NODELAY, a pause between), so the broker reads it alone."""
    frames = [b"x", b"", b"yz" * 20]
    wire = b"".join(_frame(f) for f in frames)

    async def main() -> list[list[bytes]]:
        seen: list[list[bytes]] = []
        for cut in range(1, len(wire)):
            proc = _Echo()
            async with ConnectionServer(lambda n, p=proc: p) as server:  # type: ignore[misc]
                r, w = await asyncio.open_connection("127.0.0.1", server.port)
                w.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                w.write(wire[:cut])
                await w.drain()
                await asyncio.sleep(0.005)
                w.write(wire[cut:])
                w.write_eof()
                assert await _read_all(r) == wire, cut
                w.close()
                await server.ended()
            seen.append(proc.seen)
        return seen

    assert run(main()) == [frames] * (len(wire) - 1)


@pytest.mark.parametrize(
    "cuts", [(2,), (4,), (5,), (4 + DIRECT_MIN - 1,), (100, 4 + 30_000, 4 + 40_000 - 1)]
)
def test_a_large_frame_arrives_whole_however_it_is_cut(run: Run, cuts: tuple[int, ...]) -> None:
    """A frame too large for one read: its rest is received into its own buffer (a rest of at
    least DIRECT_MIN) or through the receive buffer; a small frame follows in the same
    segment as its end."""
    big = bytes(range(256)) * 160  # 40,960 bytes
    wire = _frame(big) + _frame(b"after")
    proc = _Echo()

    async def client(c: Client) -> None:
        c[1].get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        at = 0
        for cut in cuts:
            c[1].write(wire[at:cut])
            await c[1].drain()
            await asyncio.sleep(0.005)
            at = cut
        await _send_eof(c, wire[at:])

    sent, _ = _exchange(run, client, proc)
    assert proc.seen == [big, b"after"]
    assert sent == wire


def test_a_frame_larger_than_its_first_allocation_grows_and_arrives_whole(run: Run) -> None:
    """A 5 MiB frame (five times FIRST_ALLOCATION) in uneven pieces, received in place and
    through the receive buffer: its buffer grows as the bytes arrive and the frame is intact."""
    big = bytes(range(251)) * (5 * FIRST_ALLOCATION // 251)
    wire = _frame(big) + _frame(b"after")
    proc = _Echo()

    async def client(c: Client) -> None:
        at, step = 0, 7
        while at < len(wire):
            c[1].write(wire[at : at + step])
            await c[1].drain()
            at += step
            step = step * 3 + 1 if step < 700_000 else 13
        c[1].write_eof()

    sent, _ = _exchange(run, client, proc, ConnectionSettings(64 * 1024 * 1024, 5.0, 5))
    assert proc.seen == [big, b"after"]
    assert sent == wire


def test_a_large_frame_that_stops_arriving_holds_memory_for_what_arrived(run: Run) -> None:
    """A peer announces a 64 MiB frame (allowed, and granted by the pool), sends 1.5 MiB of it
    and closes: the broker allocated about what arrived, not the announced size (traced)."""
    _assert_closed_with_little_allocated(
        run, _Echo(), (64 * 1024 * 1024).to_bytes(4, "big") + b"q" * 1_500_000, 128
    )


def test_a_frame_trickling_in_small_pieces_is_reassembled(run: Run) -> None:
    data = _frame(b"x" * 5000)
    proc = _Echo()

    async def client(c: Client) -> None:
        for i in range(0, len(data), 7):
            c[1].write(data[i : i + 7])
            await c[1].drain()
            await asyncio.sleep(0)
        c[1].write_eof()

    sent, _ = _exchange(run, client, proc)
    assert proc.seen == [b"x" * 5000] and sent == data


def test_many_frames_in_one_segment_are_answered_in_order(run: Run) -> None:
    """500 frames sent at once: far more than the pipelining bound (5), so reading pauses and
    resumes many times; every frame is answered, in order."""
    frames = [b"%d" % i * (i % 7) for i in range(500)]
    wire = b"".join(_frame(f) for f in frames)
    proc = _Echo()
    sent, _ = _exchange(run, lambda c: _send_eof(c, wire), proc)
    assert proc.seen == frames
    assert sent == wire


def test_pipelined_frames_are_read_ahead_only_up_to_the_bound(run: Run) -> None:
    """While the first request is processed, at most max.inflight further frames are read
    (then the socket is not read: pause_reading); the rest are read as those are answered."""
    gate = asyncio.Event()
    proc = _Echo(gate=gate)
    frames = [b"f%d" % i for i in range(40)]
    wire = b"".join(_frame(f) for f in frames)
    most: list[int] = []

    async def main() -> bytes:
        async with ConnectionServer(lambda n: proc, ConnectionSettings(1 << 20, 5.0, 3)) as srv:
            r, w = await asyncio.open_connection("127.0.0.1", srv.port)
            w.write(wire)
            w.write_eof()
            async with asyncio.timeout(10):
                while not srv.connections or len(srv.connections[0]._frames) < 3:
                    await asyncio.sleep(0.01)
            await asyncio.sleep(0.2)  # time to read more, if the bound did not hold
            conn = srv.connections[0]
            most.append(len(conn._frames))
            most.append(conn.pending)
            assert conn._read_paused
            gate.set()
            sent = await _read_all(r)
            w.close()
            await srv.ended()
            return sent

    assert run(main()) == wire
    assert most == [3, 4]  # 3 waiting + the one in process
    assert proc.seen == frames


def test_oversized_frame_closes_before_processing(run: Run) -> None:
    proc = _Echo()
    wire = _frame(b"ok") + (2048).to_bytes(4, "big") + b"y" * 2048 + _frame(b"late")
    sent, _ = _exchange(run, lambda c: _send_eof(c, wire), proc, ConnectionSettings(1024, 5.0, 5))
    assert proc.seen == [b"ok"]  # the oversized frame and what follows are never processed
    assert sent == _frame(b"ok")


def test_oversized_size_is_refused_before_anything_is_allocated(run: Run) -> None:
    """A size of 2 GiB - 1 (socket.request.max.bytes 100 MiB): refused when its 4 bytes are
    read; the broker allocates nothing near it (traced) and keeps no memory of the pool."""
    proc = _Echo()
    _assert_closed_with_little_allocated(run, proc, b"\x7f\xff\xff\xff" + b"z" * 1000, 64)


def test_negative_size_closes(run: Run) -> None:
    proc = _Echo()
    sent, _ = _exchange(run, lambda c: _send_eof(c, b"\xff\xff\xff\xff"), proc)
    assert proc.seen == [] and sent == b""


def test_processor_frame_limit_closes_when_the_size_is_read(run: Run) -> None:
    """A processor limit (pre-authentication size) under socket.request.max.bytes."""
    proc = _Echo(limit=100)
    sent, _ = _exchange(run, lambda c: _send_eof(c, _frame(b"b" * 101)), proc)
    assert proc.seen == [] and sent == b""


def test_processor_close_decision_sends_the_response_then_closes(run: Run) -> None:
    proc = _Echo()

    async def client(c: Client) -> None:
        c[1].write(_frame(b"bye") + _frame(b"never"))  # no EOF: the broker closes

    sent, _ = _exchange(run, client, proc)
    assert proc.seen == [b"bye"]
    assert sent == _frame(b"bye")


@pytest.mark.parametrize("partial", [b"\x00\x00", _frame(b"z" * 300)[:150]])
def test_a_partial_frame_then_silence_is_closed_after_the_idle_time(
    run: Run, partial: bytes
) -> None:
    """Half a size, or a size and half the body, then silence: connections.max.idle.ms
    closes the connection and the frame's reservation goes back to the pool."""
    proc = _Echo()
    pool = MemoryPool(1 << 20)

    async def client(c: Client) -> None:
        c[1].write(_frame(b"one") + partial)  # no EOF: only the idle limit ends it

    sent, conn = _exchange(run, client, proc, ConnectionSettings(1024, 0.3, 5), pool)
    assert proc.seen == [b"one"] and sent == _frame(b"one")
    assert pool.used == 0 and conn.reserved == 0 and conn._expired


def test_a_connection_sending_nothing_is_closed_after_the_idle_time(run: Run) -> None:
    proc = _Echo()
    sent, conn = _exchange(run, lambda c: asyncio.sleep(0), proc, ConnectionSettings(1024, 0.3, 5))
    assert proc.seen == [] and sent == b"" and conn._expired


def test_a_slow_request_is_not_an_idle_peer(run: Run) -> None:
    """The idle limit waits on the peer only: a request the broker takes longer than
    connections.max.idle.ms to answer is answered."""

    class _Slow(_Echo):
        async def process(self, frame: bytearray, received_at: float) -> Processed:
            await asyncio.sleep(0.8)
            return await super().process(frame, received_at)

    proc = _Slow()
    wire = _frame(b"slow-answer")
    sent, _ = _exchange(run, lambda c: _send_eof(c, wire), proc, ConnectionSettings(1024, 0.3, 5))
    assert sent == wire


def test_mute_after_a_throttled_response(run: Run) -> None:
    """The quota hook: after a response with mute_s, the next request waits that long."""
    proc = _Echo()
    wire = _frame(b"slow") + _frame(b"next")
    sent, _ = _exchange(run, lambda c: _send_eof(c, wire), proc)
    assert proc.seen == [b"slow", b"next"] and sent == wire
    # (uvloop's timers have a resolution of 1 ms; without the mute the gap is well under that)
    assert proc.times[1] - proc.times[0] >= 0.299


def test_pool_memory_given_back_after_close(run: Run) -> None:
    pool = MemoryPool(1024 * 1024)
    proc = _Echo()
    big = b"z" * (200 * 1024)  # over SMALL_FRAME: read with a reservation
    wire = _frame(big) + _frame(big) + (150 * 1024).to_bytes(4, "big") + b"part"
    sent, conn = _exchange(run, lambda c: _send_eof(c, wire), proc, pool=pool)
    assert proc.seen == [big, big] and sent == _frame(big) * 2
    assert pool.available == 1024 * 1024 and conn.reserved == 0


def test_a_frame_waiting_for_pool_memory_is_not_read_until_memory_is_released(run: Run) -> None:
    """The pool is full: a large frame's size is read, nothing is allocated for it and the
    socket is not read (muted) until memory is released; then it is read and answered."""
    pool = MemoryPool(1024 * 1024)
    proc = _Echo()
    big = bytes(range(256)) * 1024  # 256 KiB
    states: list[object] = []

    async def main() -> bytes:
        assert pool.try_acquire(1024 * 1024)  # another connection holds the pool
        async with ConnectionServer(lambda n: proc, pool=pool) as srv:
            r, w = await asyncio.open_connection("127.0.0.1", srv.port)
            w.write(_frame(big))
            w.write_eof()
            async with asyncio.timeout(10):
                while not pool.waiting:
                    await asyncio.sleep(0.01)
            await asyncio.sleep(0.1)
            conn = srv.connections[0]
            states.extend([conn._frame, conn._read_paused, proc.seen[:]])
            pool.release(1024 * 1024)
            sent = await _read_all(r)
            w.close()
            await srv.ended()
            return sent

    assert run(main()) == _frame(big)
    assert states == [None, True, []]
    assert proc.seen == [big] and pool.used == 0


class _EchoOneBuffer(_Echo):
    """:class:`_Echo` answering with one buffer (size and bytes), as most responses are: the
    connection writes it without the writer's coroutine (``ResponseWriter.write_small``)."""

    async def process(self, frame: bytearray, received_at: float) -> Processed:
        keep, response, sent = await super().process(frame, received_at)
        assert response is not None
        return keep, [b"".join(response)], sent


@pytest.mark.parametrize("echo", [_Echo, _EchoOneBuffer], ids=["buffers", "one-buffer"])
def test_a_response_the_peer_does_not_read_closes_after_the_idle_time(
    run: Run, echo: type[_Echo]
) -> None:
    """A small response goes out without waiting for a drain; a response the peer never
    reads stays buffered in the transport, so the send waits for the socket to drain and
    ``connections.max.idle.ms`` closes the connection (the transport aborted: nothing waits
    forever). Alike whether the response is one buffer (written without a coroutine, then
    drained) or several (``ResponseWriter.send``)."""
    big = b"r" * (16 * 1024 * 1024)  # echoed back: far more than the socket buffers hold
    proc = echo()

    async def main() -> Connection:
        settings = ConnectionSettings(32 * 1024 * 1024, 0.5, 5)
        async with ConnectionServer(lambda n: proc, settings) as server:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(_frame(b"small"))
            head = await asyncio.wait_for(reader.readexactly(4 + 5), 10)
            assert head == _frame(b"small")
            writer.write(_frame(big))  # and never read the answer
            await server.ended(timeout=30)
            writer.close()
            return server.connections[0]

    conn = run(main())
    assert proc.seen == [b"small", b"r" * (16 * 1024 * 1024)]
    assert conn._expired and conn._waiting == "response"


def test_an_unexpected_error_closes_only_that_connection(
    run: Run, caplog: pytest.LogCaptureFixture
) -> None:
    class _Boom(_Echo):
        async def process(self, frame: bytearray, received_at: float) -> Processed:
            if bytes(frame) == b"boom":
                raise RuntimeError("boom")
            return await super().process(frame, received_at)

    procs = [_Boom(), _Boom()]

    async def main() -> tuple[bytes, bytes]:
        async with ConnectionServer(lambda n: procs[n]) as server:
            r1, w1 = await asyncio.open_connection("127.0.0.1", server.port)
            r2, w2 = await asyncio.open_connection("127.0.0.1", server.port)
            w1.write(_frame(b"boom") + _frame(b"after"))
            first = await _read_all(r1)
            w2.write(_frame(b"fine"))
            w2.write_eof()
            second = await _read_all(r2)
            w1.close()
            w2.close()
            await server.ended(2)
            return first, second

    assert run(main()) == (b"", _frame(b"fine"))
    assert "after an unexpected error" in caplog.text and "boom" in caplog.text


def _tls_contexts(d: Path) -> tuple[ssl.SSLContext, ssl.SSLContext]:
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "key.pem",
         "-out", "cert.pem", "-days", "2", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
        cwd=d, check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.load_cert_chain(d / "cert.pem", d / "key.pem")
    client = ssl.create_default_context(cafile=str(d / "cert.pem"))
    return server, client


def test_frames_over_tls_small_and_large_arrive_whole_and_in_order(
    run: Run, tmp_path: Path
) -> None:
    """The TLS transports (asyncio's, uvloop's) feed the BufferedProtocol the same frames: small
    ones cut from the receive buffer, a large one (reserved from the pool) received in place."""
    server_ctx, client_ctx = _tls_contexts(tmp_path)
    big = bytes(range(256)) * 1200  # 300 KiB
    frames = [b"a", big, b"b" * 70_000, *[b"%d" % i for i in range(50)], big]
    wire = b"".join(_frame(f) for f in frames)
    proc = _Echo()
    pool = MemoryPool(1 << 20)

    async def main() -> tuple[bytes, list[int | None]]:
        async with ConnectionServer(lambda n: proc, pool=pool, tls=server_ctx) as server:
            r, w = await asyncio.open_connection(
                "127.0.0.1", server.port, ssl=client_ctx, server_hostname="localhost"
            )
            w.write(wire)
            await w.drain()
            got = await asyncio.wait_for(r.readexactly(len(wire)), 20)
            w.close()
            await server.ended()
            return got, server.fds

    got, fds = run(main())
    assert got == wire and proc.seen == frames
    assert fds == [None]  # no sendfile on TLS
    assert pool.used == 0


def test_read_ahead_waits_for_its_pipeline_when_the_pool_is_over_half_used(run: Run) -> None:
    """Read-ahead takes pool memory only while the pool is less than half used: with 600 KiB of
    1 MiB held elsewhere, the frame behind the one in process is not read (reading paused)
    until the pipeline is empty; then it goes as a small first frame, without the pool."""
    gate = asyncio.Event()
    proc = _Echo(gate=gate)
    pool = MemoryPool(1024 * 1024)
    wire = _frame(b"first") + _frame(b"second")
    seen: list[object] = []

    async def main() -> bytes:
        assert pool.try_acquire(600 * 1024)
        async with ConnectionServer(lambda n: proc, pool=pool) as srv:
            r, w = await asyncio.open_connection("127.0.0.1", srv.port)
            w.write(wire)
            w.write_eof()
            async with asyncio.timeout(10):
                while not proc.seen:
                    await asyncio.sleep(0.01)
            await asyncio.sleep(0.2)  # time to read the second frame, if the rule did not hold
            conn = srv.connections[0]
            seen.extend([len(conn._frames), conn._blocked, conn._read_paused, pool.used])
            gate.set()
            sent = await _read_all(r)
            w.close()
            await srv.ended()
            return sent

    assert run(main()) == wire
    assert seen == [0, True, True, 600 * 1024]
    assert proc.seen == [b"first", b"second"] and pool.used == 600 * 1024
