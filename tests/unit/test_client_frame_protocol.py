"""The client connection's frame protocol (strom.client.frame_protocol) over real sockets on
127.0.0.1: frames of every size cut at every boundary arrive whole and in order, a frame larger
than the scratch buffer is received in its own buffer, a hostile size closes the connection
before anything is allocated for it, and a peer that floods frames is read no further than
``MAX_QUEUED`` frames ahead of the reader."""

from __future__ import annotations

import asyncio
import random
import struct
from collections.abc import Awaitable, Callable

import pytest
from event_loops import LOOPS, Run, runner

from strom.client.errors import KafkaConnectionError
from strom.client.frame_protocol import MAX_QUEUED, SCRATCH_BYTES, FrameProtocol

pytestmark = pytest.mark.unit

Serve = Callable[[asyncio.StreamWriter], Awaitable[None]]


@pytest.fixture(params=LOOPS)
def run(request: pytest.FixtureRequest) -> Run:
    return runner(request.param)


def frame(body: bytes) -> bytes:
    return struct.pack(">i", len(body)) + body


async def connect(serve: Serve, max_frame: int = 1 << 24) -> tuple[FrameProtocol, asyncio.Server]:
    async def handle(_r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        await serve(w)

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    loop = asyncio.get_running_loop()
    _, protocol = await loop.create_connection(lambda: FrameProtocol(max_frame), "127.0.0.1", port)
    return protocol, server


def bodies(seed: int) -> list[bytes]:
    rng = random.Random(seed)
    sizes = [4, 5, 100, SCRATCH_BYTES - 4, SCRATCH_BYTES - 3, SCRATCH_BYTES, SCRATCH_BYTES + 1,
             3 * SCRATCH_BYTES + 17, 700_000, 6, 4]  # fmt: skip
    sizes += [rng.randrange(4, 3 * SCRATCH_BYTES) for _ in range(40)]
    rng.shuffle(sizes)
    return [rng.randbytes(n) for n in sizes]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_frames_of_every_size_cut_anywhere_arrive_whole_and_in_order(seed: int, run: Run) -> None:
    sent = bodies(seed)
    stream = b"".join(frame(b) for b in sent)
    rng = random.Random(seed)

    async def serve(w: asyncio.StreamWriter) -> None:
        pos = 0
        while pos < len(stream):  # writes of random sizes, each flushed: every cut happens
            n = rng.choice([1, 3, 4, 5, 1000, 40_000, 200_000])
            w.write(stream[pos : pos + n])
            await w.drain()
            pos += n
            if rng.random() < 0.2:
                await asyncio.sleep(0)
        w.close()

    async def scenario() -> list[bytes]:
        protocol, server = await connect(serve)
        async with server:
            got = [bytes(await protocol.read_frame()) for _ in sent]
            with pytest.raises(KafkaConnectionError):
                await protocol.read_frame()  # the peer closed after the last frame
            return got

    assert run(scenario()) == sent


@pytest.mark.parametrize("size", [-1, 0, 3, 1_000_001, 0x7FFFFFFF])
def test_a_hostile_size_closes_the_connection_and_allocates_nothing(size: int, run: Run) -> None:
    async def serve(w: asyncio.StreamWriter) -> None:
        w.write(frame(b"good") + struct.pack(">i", size) + b"\x00" * 64)
        await w.drain()
        await asyncio.sleep(5)  # the client must close, not wait for more

    async def scenario() -> tuple[bytes, str, bool]:
        protocol, server = await connect(serve, max_frame=1_000_000)
        async with server:
            first = bytes(await protocol.read_frame())
            with pytest.raises(KafkaConnectionError) as err:
                await asyncio.wait_for(protocol.read_frame(), 5)
            transport = protocol._transport
            assert transport is not None
            return first, str(err.value), transport.is_closing()

    first, message, closing = run(scenario())
    assert first == b"good"
    assert f"bad response size {size}" in message
    assert closing


def test_a_flood_of_frames_is_read_no_further_than_the_queue_bound(run: Run) -> None:
    count = MAX_QUEUED * 20
    body = b"f" * 1000

    async def serve(w: asyncio.StreamWriter) -> None:
        for i in range(count):
            w.write(frame(struct.pack(">i", i) + body))
        await w.drain()
        w.close()

    async def scenario() -> tuple[int, list[int]]:
        protocol, server = await connect(serve)
        async with server:
            await asyncio.sleep(0.5)  # the reader does not read: the protocol stops reading
            queued = len(protocol._frames)
            order = []
            for _ in range(count):
                f = await asyncio.wait_for(protocol.read_frame(), 5)
                order.append(struct.unpack_from(">i", f)[0])
            return queued, order

    queued, order = run(scenario())
    # it pauses at MAX_QUEUED; frames already in the scratch buffer of that read are cut too
    assert MAX_QUEUED <= queued <= MAX_QUEUED + SCRATCH_BYTES // 1008
    assert order == list(range(count))


def test_drain_fails_once_the_connection_is_lost(run: Run) -> None:
    async def serve(w: asyncio.StreamWriter) -> None:
        w.transport.abort()

    async def scenario() -> None:
        protocol, server = await connect(serve)
        async with server:
            with pytest.raises(KafkaConnectionError):
                await asyncio.wait_for(protocol.read_frame(), 5)
            with pytest.raises(ConnectionResetError):
                await protocol.drain()

    run(scenario())
