"""The connection core sends a response's file ranges with ``sendfile`` on a plaintext socket
(strom.broker.connection): over a real socket on 127.0.0.1, on the standard event loop and on
uvloop (the broker's), the peer gets exactly the promised bytes in order -- frame header, file
ranges, trailer -- also when it reads slowly (the socket fills: chunks through the transport
and sendfile alternate), and a file truncated under the response closes the connection
instead of sending fewer bytes than its size promised."""

from __future__ import annotations

import asyncio
import gc
import os
import socket
import struct
import time
from collections.abc import Callable
from io import FileIO
from pathlib import Path
from typing import TypeVar

import pytest
from connection_server import ConnectionServer
from event_loops import LOOPS, Run, runner

from strom.broker.connection import ConnectionSettings
from strom.broker.request_processor import Processed
from strom.broker.response_records import FileRecords
from strom.storage.file_records import FileSlice

pytestmark = pytest.mark.unit
T = TypeVar("T")


@pytest.fixture(params=LOOPS)
def run(request: pytest.FixtureRequest) -> Run:
    return runner(request.param)


class _FileAnswer:
    """Answers every frame with ``head + the file ranges + tail`` (a size-prefixed frame)."""

    mute_s = 0.0

    def __init__(
        self,
        records: FileRecords,
        before_send: Callable[[], None] = lambda: None,
        head: bytes = b"HEAD",
    ) -> None:
        self.records = records
        self.head = head
        self.before_send = before_send
        self.fds: list[int | None] = []  # each connection's sendfile descriptor

    def frame_limit(self, max_frame: int) -> int:
        return max_frame

    async def process(self, frame: bytearray, received_at: float) -> Processed:
        self.before_send()
        size = len(self.head) + len(self.records) + 4
        body = [size.to_bytes(4, "big"), self.head, self.records, b"TAIL"]
        return True, body, None


def _client(port: int, requests: int, slow: bool) -> tuple[list[bytes], bool]:
    """A blocking client in its own thread (reading while the broker writes, as a real peer
    does): ``requests`` requests, each response read whole; slowly: it waits before reading,
    so the broker's socket fills, then reads in bursts."""
    bodies: list[bytes] = []
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        for _ in range(requests):
            sock.sendall(b"\x00\x00\x00\x03req")
            if slow:
                time.sleep(0.05)
            want, got = 4, bytearray()
            while len(got) < want:
                part = sock.recv(min(want - len(got), 7_000 if slow else 1 << 20))
                if not part:
                    return bodies, True  # the broker closed the connection
                got += part
                if len(got) == 4 and want == 4:
                    want = 4 + int.from_bytes(got, "big")
                if slow and len(got) % (256 * 1024) < 7_000:
                    time.sleep(0.002)
            bodies.append(bytes(got[4:]))
    return bodies, False


async def _serving(answer: _FileAnswer, client: Callable[[int], T], small_sndbuf: bool) -> T:
    """Run ``client(port)`` in a thread against connections answered by ``answer``; wait until
    the broker side of every connection ended."""
    settings = ConnectionSettings(1 << 20, 10.0, 5)
    sndbuf = 8192 if small_sndbuf else None
    async with ConnectionServer(lambda n: answer, settings, sndbuf=sndbuf) as server:
        result = await asyncio.to_thread(client, server.port)
        await server.ended(len(server.connections))  # the broker side saw the close
        answer.fds.extend(server.fds)
    return result


async def _exchange(
    answer: _FileAnswer, requests: int, slow: bool
) -> tuple[list[bytes], bool, list[int | None]]:
    """``requests`` requests on one connection from :func:`_client`. Returns the response
    bodies, whether the broker closed the connection, and the connections' sendfile
    descriptors."""
    bodies, closed = await _serving(answer, lambda port: _client(port, requests, slow), slow)
    return bodies, closed, answer.fds


def _file(tmp_path: Path, data: bytes) -> FileIO:
    path = tmp_path / "00000000000000000000.log"
    path.write_bytes(data)
    return FileIO(path, "r")


@pytest.mark.parametrize("slow", [False, True])
@pytest.mark.parametrize("head_size", [4, 1_000_000])
def test_file_ranges_arrive_exactly_and_in_order(
    tmp_path: Path, run: Run, slow: bool, head_size: int
) -> None:
    """A large head stays partly in the transport's buffer when the file ranges start: they
    must wait for it (sendfile would overtake it)."""
    data = os.urandom(3_000_000)
    head = os.urandom(head_size)
    f = _file(tmp_path, data)
    records = FileRecords((FileSlice(f, 7, 1_200_000), FileSlice(f, 1_500_000, 1_400_001)))
    bodies, closed, fds = run(_exchange(_FileAnswer(records, head=head), 2, slow))
    expected = head + data[7:1_200_007] + data[1_500_000:2_900_001] + b"TAIL"
    assert not closed
    assert fds and fds[0] is not None  # plaintext: the sendfile path was taken
    assert bodies == [expected] * 2


def test_a_file_truncated_under_the_response_closes_the_connection(
    tmp_path: Path, run: Run
) -> None:
    data = os.urandom(2_000_000)
    f = _file(tmp_path, data)
    records = FileRecords((FileSlice(f, 0, 2_000_000),))
    answer = _FileAnswer(records, before_send=lambda: os.truncate(f.name, 1_000_000))
    bodies, closed, _ = run(_exchange(answer, 1, False))
    assert bodies == []
    assert closed  # never a frame shorter than its size


def test_a_peer_resetting_mid_response_ends_only_its_connection(tmp_path: Path, run: Run) -> None:
    """A peer that resets its connection in the middle of a large response: that connection
    ends (no byte of it reaches anyone else: the descriptor is never written once its transport
    is closing), and the next connection gets exactly its own response."""
    data = os.urandom(3_000_000)
    f = _file(tmp_path, data)
    records = FileRecords((FileSlice(f, 0, 3_000_000),))
    answer = _FileAnswer(records)

    def reset_then_fetch(port: int) -> bytes:
        with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8192)
            sock.sendall(b"\x00\x00\x00\x03req")
            sock.recv(50_000)
            sock.setsockopt(
                socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00"
            )
        bodies, closed = _client(port, 1, False)
        assert not closed
        return bodies[0]

    async def scenario() -> bytes:
        return await _serving(answer, reset_then_fetch, False)

    assert run(scenario()) == b"HEAD" + data + b"TAIL"


def test_a_response_of_a_connection_reset_meanwhile_reaches_no_other_connection(
    tmp_path: Path, run: Run, caplog: pytest.LogCaptureFixture
) -> None:
    """A peer resets its connection while its request (a fetch of file ranges) is processed;
    its descriptor is closed and the next connection accepted gets the same number. When the
    response is ready it must not be written there (``sendfile`` on a stale descriptor): the
    next connection gets exactly its own answer and the broker keeps serving."""
    data = os.urandom(3_000_000)
    f = _file(tmp_path, data)
    gate = asyncio.Event()
    called = asyncio.Event()

    class _Held(_FileAnswer):
        async def process(self, frame: bytearray, received_at: float) -> Processed:
            called.set()
            await gate.wait()  # a long poll
            return await super().process(frame, received_at)

    class _Small:
        mute_s = 0.0

        def frame_limit(self, max_frame: int) -> int:
            return max_frame

        async def process(self, frame: bytearray, received_at: float) -> Processed:
            return True, [b"\x00\x00\x00\x02", b"OK"], None

    held = _Held(FileRecords((FileSlice(f, 0, 3_000_000),)))

    def read_to_eof(sock: socket.socket) -> bytes:
        got = bytearray()
        while part := sock.recv(1 << 20):
            got += part
        return bytes(got)

    async def scenario() -> tuple[bytes, bytes, list[int | None]]:
        settings = ConnectionSettings(1 << 20, 10.0, 5)
        processors = lambda n: held if n == 0 else _Small()  # noqa: E731
        async with ConnectionServer(processors, settings) as server:
            first = socket.create_connection(("127.0.0.1", server.port), timeout=20)
            first.sendall(b"\x00\x00\x00\x03req")
            await asyncio.wait_for(called.wait(), 10)
            second = socket.socket()  # its descriptor taken now: the broker's next is the first's
            second.settimeout(20)
            first.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            fd = server.fds[0]
            first.close()  # a reset
            async with asyncio.timeout(10):
                while not server.connections[0]._lost:
                    await asyncio.sleep(0.01)
            # every free descriptor below the broker's is taken (the client end just closed,
            # others freed by the collector), so its number is the next one accept gives
            gc.collect()
            placeholders = []
            while (taken := os.open(os.devnull, os.O_RDONLY)) != fd:
                placeholders.append(taken)
                assert taken < fd, "the broker's descriptor was not freed"
            os.close(taken)
            await asyncio.to_thread(second.connect, ("127.0.0.1", server.port))
            async with asyncio.timeout(10):
                while len(server.connections) < 2:
                    await asyncio.sleep(0.01)
            gate.set()  # the first connection's response is ready
            await asyncio.wait_for(asyncio.shield(server.tasks[0]), 10)
            second.sendall(b"\x00\x00\x00\x03req")
            second.shutdown(socket.SHUT_WR)
            got = await asyncio.to_thread(read_to_eof, second)
            second.close()
            with socket.create_connection(("127.0.0.1", server.port), timeout=20) as third:
                third.sendall(b"\x00\x00\x00\x03req")
                third.shutdown(socket.SHUT_WR)
                third_got = await asyncio.to_thread(read_to_eof, third)
            await server.ended(3)
            for taken in placeholders:
                os.close(taken)
            return got, third_got, server.fds

    got, third_got, fds = run(scenario())
    assert fds[0] is not None and fds[1] == fds[0]  # the descriptor number was reused
    assert got == b"\x00\x00\x00\x02OK"  # no stray byte of the first connection's response
    assert third_got == b"\x00\x00\x00\x02OK"
    assert "unexpected error" not in caplog.text  # (uvloop refuses writes to a closed transport)
