"""A response's head and its file data leave as one push (strom.broker.response_writer): on a
plaintext socket the writer corks the socket (``TCP_CORK``) before the head and uncorks it once
the file ranges are handed to the kernel, so a follower is woken once per fetch response, not
once for the head and again for the records. Over real sockets on 127.0.0.1, on the standard
event loop and on uvloop: the peer has not a byte of the head when ``sendfile`` starts; the socket
is uncorked once the response is written (nothing lingers in the kernel); a slow peer still gets
exactly the promised bytes in order; a response without file data (or one whose records are
not the file's, a down-conversion) is never corked."""

from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import Callable
from io import FileIO
from pathlib import Path
from typing import Any

import pytest
from event_loops import LOOPS, Run, runner

from strom.broker.response_records import FileRecords
from strom.broker.response_writer import ResponseWriter
from strom.storage.file_records import FileSlice

pytestmark = pytest.mark.unit


@pytest.fixture(params=LOOPS)
def run(request: pytest.FixtureRequest) -> Run:
    return runner(request.param)


class _Sink(asyncio.Protocol):
    """The broker side's protocol: forwards flow control to its writer."""

    def __init__(self) -> None:
        self.writer: ResponseWriter | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.writer = ResponseWriter(transport, "peer", lambda _w: None)  # type: ignore[arg-type]
        sock = transport.get_extra_info("socket")
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # as the broker's listener

    def pause_writing(self) -> None:
        assert self.writer is not None
        self.writer.pause_writing()

    def resume_writing(self) -> None:
        assert self.writer is not None
        self.writer.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.writer is not None:
            self.writer.connection_lost()


async def _pair(sndbuf: int | None = None) -> tuple[ResponseWriter, socket.socket, Any]:
    """A writer on the broker end of a real TCP connection and the peer's blocking socket."""
    loop = asyncio.get_running_loop()
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    client = socket.socket()
    if sndbuf is not None:
        client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, sndbuf)
    client.connect(("127.0.0.1", port))
    accepted, _ = listener.accept()
    listener.close()
    accepted.setblocking(False)
    if sndbuf is not None:
        accepted.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, sndbuf)
    sink = _Sink()
    transport, _ = await loop.connect_accepted_socket(lambda: sink, accepted)
    assert sink.writer is not None
    return sink.writer, client, transport


def _file(tmp_path: Path, data: bytes) -> FileIO:
    path = tmp_path / "00000000000000000000.log"
    path.write_bytes(data)
    return FileIO(path, "r")


def _read_exactly(sock: socket.socket, n: int, slow: bool = False) -> bytes:
    got = bytearray()
    while len(got) < n:
        part = sock.recv(min(n - len(got), 7_000 if slow else 1 << 20))
        assert part, "the connection closed early"
        got += part
    return bytes(got)


def _corked(transport: Any) -> int:
    return int(transport.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_CORK))


def _spy_sendfile(monkeypatch: pytest.MonkeyPatch, at_first_call: Callable[[], None]) -> list[int]:
    """Calls the real ``os.sendfile``; runs ``at_first_call`` just before the first one."""
    real = os.sendfile
    calls: list[int] = []

    def spy(out_fd: int, in_fd: int, offset: int | None, count: int) -> int:
        if not calls:
            at_first_call()
        calls.append(count)
        return real(out_fd, in_fd, offset, count)

    monkeypatch.setattr(os, "sendfile", spy)
    return calls


def test_the_head_is_held_until_the_file_data_follows(
    tmp_path: Path, run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When ``sendfile`` starts, the peer has received nothing of the head (without the cork,
    TCP_NODELAY pushes the head at once: on loopback it is in the peer's queue before the write
    returns); once the response is written the socket is uncorked and the peer gets exactly head
    and file data, in order."""
    data = os.urandom(300_000)
    f = _file(tmp_path, data)
    records = FileRecords((FileSlice(f, 11, 200_000),))
    seen: list[bytes | None] = []

    async def scenario() -> tuple[bytes, int]:
        writer, client, transport = await _pair()

        def peek() -> None:
            try:
                seen.append(client.recv(64, socket.MSG_PEEK | socket.MSG_DONTWAIT))
            except BlockingIOError:
                seen.append(None)

        calls = _spy_sendfile(monkeypatch, peek)
        with client:
            size = 4 + len(records)
            await writer.send([size.to_bytes(4, "big"), b"HEAD", records])
            assert calls  # the sendfile path was taken
            corked = _corked(transport)
            body = await asyncio.to_thread(_read_exactly, client, 4 + size)
            transport.close()
        return body, corked

    body, corked = run(scenario())
    assert seen == [None]  # nothing of the head had left when the file data was handed over
    assert corked == 0  # uncorked once written: nothing waits for the cork's timer
    assert body == (4 + 200_000).to_bytes(4, "big") + b"HEAD" + data[11:200_011]


@pytest.mark.parametrize("slow", [False, True])
def test_a_corked_response_arrives_whole_and_in_order(tmp_path: Path, run: Run, slow: bool) -> None:
    """Several responses of a head, two file ranges and a tail, read by a slow peer (the socket
    fills: chunks through the transport and sendfile alternate while corked): each arrives
    exactly, and the socket is uncorked after each."""
    data = os.urandom(2_500_000)
    f = _file(tmp_path, data)
    records = FileRecords((FileSlice(f, 5, 900_000), FileSlice(f, 1_000_000, 1_100_001)))
    size = 4 + len(records) + 4
    expected = size.to_bytes(4, "big") + b"HEAD" + data[5:900_005] + data[1_000_000:2_100_001]
    expected += b"TAIL"

    async def scenario() -> tuple[list[bytes], list[int]]:
        writer, client, transport = await _pair(sndbuf=8192 if slow else None)
        bodies: list[bytes] = []
        corks: list[int] = []
        with client:
            for _ in range(3):
                reader = asyncio.create_task(
                    asyncio.to_thread(_read_exactly, client, len(expected), slow)
                )
                await writer.send([size.to_bytes(4, "big"), b"HEAD", records, b"TAIL"])
                corks.append(_corked(transport))
                bodies.append(await reader)
            transport.close()
        return bodies, corks

    bodies, corks = run(scenario())
    assert bodies == [expected] * 3
    assert corks == [0, 0, 0]
