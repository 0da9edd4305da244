"""The short cuts of the per-request path (issue 15, session 11) against the general path.

- The connection core's short cut (one whole small frame read on an idle connection goes to the
  processor without ``_consume``/``_admit``/``_reserve``): over real sockets on both event
  loops, random sequences of frames with hostile ones among them (a size over
  ``socket.request.max.bytes``, over the processor's limit, negative) give the same frames
  processed, the same bytes answered and the same close whether each frame comes in a read of
  its own (the short cut) or all in one read (the general path); the short cut is seen taken.
- The quota hook is called whenever a quota is configured, also one configured while the
  handler runs (the response then carries its throttle time and the connection is muted), and
  not at all without one (nothing recorded); ``ClientQuotaManager.active`` follows the quotas.
- ``encode_response`` calls the body's encoder itself: a value the encoder cannot write and an
  unknown version raise the EncodeError of ``Message.encode_into``.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any, cast

import pytest
from connection_server import ConnectionServer
from event_loops import LOOPS, runner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strom.broker.connection import Connection, ConnectionSettings
from strom.broker.context import RequestContext
from strom.broker.memory_pool import MemoryPool
from strom.broker.metrics.requests import NoRequestMetrics
from strom.broker.quotas import ClientQuotaManager, QuotaWindows
from strom.broker.registry import Registration, load_handlers
from strom.broker.request_processor import Processed, RequestProcessor
from strom.broker.security.listeners import ListenerSecurity
from strom.broker.security.principal import ANONYMOUS
from strom.broker.security.sasl_authenticator import AuthenticatorSettings, SaslServerAuthenticator
from strom.cluster.quota_configs import LocalQuotaConfigStore, QuotaEntity
from strom.protocol.codec import EncodeError, Message
from strom.protocol.frames import decode_response, encode_request, encode_response
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse
from strom.protocol.messages.sasl_handshake import SaslHandshakeRequest

pytestmark = pytest.mark.unit

MAX_FRAME = 256  # socket.request.max.bytes of the connections here
LIMIT = 200  # the processor's frame limit (as before SASL authentication)


# -- the connection core's short cut -----------------------------------------------------------


class _Echo:
    """Answers each frame with its own bytes, with a frame limit of ``LIMIT``."""

    mute_s = 0.0

    def __init__(self) -> None:
        self.seen: list[bytes] = []

    def frame_limit(self, max_frame: int) -> int:
        return min(LIMIT, max_frame)

    async def process(self, frame: bytearray, received_at: float) -> Processed:
        data = bytes(frame)
        self.seen.append(data)
        return True, [len(data).to_bytes(4, "big") + data], None


def _wire(item: tuple[str, int]) -> bytes:
    """One frame as sent: ``("ok", n)`` a valid frame of n bytes; ``("over_max", n)`` a whole
    frame over socket.request.max.bytes; ``("over_limit", n)`` over the processor's limit;
    ``("negative", n)`` a negative size followed by n bytes."""
    kind, n = item
    if kind == "negative":
        return (-1 - n).to_bytes(4, "big", signed=True) + b"n" * n
    body = bytes((i * 7 + n) % 256 for i in range(n))
    return len(body).to_bytes(4, "big") + body


FRAMES = st.lists(
    st.one_of(
        st.tuples(st.just("ok"), st.integers(0, LIMIT)),
        st.tuples(st.just("over_max"), st.integers(MAX_FRAME + 1, 2 * MAX_FRAME)),
        st.tuples(st.just("over_limit"), st.integers(LIMIT + 1, MAX_FRAME)),
        st.tuples(st.just("negative"), st.integers(0, 8)),
    ),
    min_size=1,
    max_size=6,
)


async def _read_exactly(reader: asyncio.StreamReader, n: int) -> bytes:
    async with asyncio.timeout(20):
        return await reader.readexactly(n)


async def _serve(
    items: list[tuple[str, int]], one_read_each: bool
) -> tuple[list[bytes], bytes, int]:
    """The frames processed, the bytes answered (until the broker closed) and how many times
    the general path cut frames, with each frame written after the previous one's answer (a read
    of its own) or all of them in one write."""
    proc = _Echo()
    consumed = [0]
    general = Connection._consume

    def counting(self: Connection, buf: memoryview | bytes, pos: int, end: int) -> int:
        if end > pos:  # (run() unblocks with nothing received: not a cut)
            consumed[0] += 1
        return general(self, buf, pos, end)

    Connection._consume = counting  # type: ignore[method-assign]
    try:
        async with ConnectionServer(
            lambda n: proc, ConnectionSettings(MAX_FRAME, 5.0, 5)
        ) as server:
            r, w = await asyncio.open_connection("127.0.0.1", server.port)
            answered = b""
            if one_read_each:
                # (a frame arriving before the connection's task started waits unconsumed: the
                # general path cuts it once the task starts)
                async with asyncio.timeout(20):
                    while not server.connections or server.connections[0].processor is None:
                        await asyncio.sleep(0.001)
                for item in items:
                    w.write(_wire(item))
                    await w.drain()
                    if item[0] != "ok":
                        break  # refused: the broker closes
                    answered += await _read_exactly(r, 4 + item[1])
            else:
                w.write(b"".join(_wire(i) for i in items))
            w.write_eof()
            async with asyncio.timeout(20):
                answered += await r.read()
            w.close()
            await server.ended()
    finally:
        Connection._consume = general  # type: ignore[method-assign]
    return proc.seen, answered, consumed[0]


@pytest.mark.parametrize("loop", LOOPS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(items=FRAMES)
def test_the_short_cut_answers_as_the_general_path(loop: str, items: list[tuple[str, int]]) -> None:
    run = runner(loop)
    seen_short, answered_short, consumed_short = run(_serve(items, one_read_each=True))
    seen_general, answered_general, _ = run(_serve(items, one_read_each=False))
    assert seen_short == seen_general
    assert answered_short == answered_general
    valid = []
    for kind, n in items:
        if kind != "ok":
            break
        valid.append(_wire((kind, n))[4:])
    assert seen_short == valid  # the frames before the first hostile one, in order
    # each valid frame took the short cut; a refused frame is cut by the general path
    assert consumed_short == (0 if len(valid) == len(items) else 1)


async def _pipelined(pool_bytes: int, frames: list[bytes]) -> tuple[bytes, int, int, int, int]:
    """Write ``frames`` at once to a connection served with a pool of ``pool_bytes``; read
    every answer, wait until the connection's task is done with the last one, then return
    (the answers, pool bytes used, the connection's reserved bytes, frames pending, frames the
    processor saw) as they stand before the peer closes."""
    pool = MemoryPool(pool_bytes)
    proc = _Echo()
    async with ConnectionServer(
        lambda n: proc, ConnectionSettings(MAX_FRAME, 5.0, 5), pool
    ) as server:
        r, w = await asyncio.open_connection("127.0.0.1", server.port)
        w.write(b"".join(frames))
        answered = await _read_exactly(r, sum(len(f) for f in frames))
        conn = server.connections[0]
        async with asyncio.timeout(20):
            while conn.busy:  # (the task goes on after the last write)
                await asyncio.sleep(0.001)
        held = (pool.used, conn.reserved, conn.pending, len(proc.seen))
        w.write_eof()
        async with asyncio.timeout(20):
            await r.read()
        w.close()
        await server.ended()
    return (answered, *held)


@pytest.mark.parametrize("loop", LOOPS)
def test_pool_memory_goes_back_once_each_response_is_written(loop: str) -> None:
    """Pipelined frames read ahead hold pool memory; once their responses are written (the
    release now follows the write) the connection, still open, holds none and nothing pending."""
    frames = [_wire(("ok", 50 + i)) for i in range(5)]
    answered, *held = runner(loop)(_pipelined(1024 * 1024, frames))
    assert answered == b"".join(frames)
    assert tuple(held) == (0, 0, 0, 5)


@pytest.mark.parametrize("loop", LOOPS)
def test_read_ahead_refused_by_the_pool_is_read_once_the_pipeline_empties(loop: str) -> None:
    """Frames pipelined behind one that needs no pool memory, with the pool too small for
    read-ahead: each waits (reading paused) until the frame before it is answered, then is
    read and answered (the release after the write unblocks, also when the answered frame
    held no pool bytes: session 12 skips the call only when there is nothing to unblock)."""
    # read-ahead only while under half used: a 60-byte frame waits
    frames = [_wire(("ok", 60 + i)) for i in range(3)]
    answered, *held = runner(loop)(_pipelined(100, frames))
    assert (answered, *held[:3]) == (b"".join(frames), 0, 0, 0)


def _sasl_processor() -> RequestProcessor:
    """A SASL listener's processor, before authentication (sasl.server.max.receive.size 100)."""
    sec = ListenerSecurity("SASL_PLAINTEXT", "SASL_PLAINTEXT", mechanisms=("PLAIN",))
    peer = "127.0.0.1:1"
    auth = SaslServerAuthenticator(sec, lambda m, u: None, AuthenticatorSettings(100, 0.0, 0), peer)
    return RequestProcessor(
        cast(Any, object()),
        NoRequestMetrics(),
        sec,
        peer,
        ANONYMOUS,
        auth,
        handlers=dict(load_handlers()),
    )


async def _handshake(mechanism: str) -> bytes:
    """What a SASL listener's connection answers a SaslHandshake frame read whole on an idle
    connection (the short cut's case) until it closes."""
    frame = b"".join(bytes(b) for b in encode_request(SaslHandshakeRequest(mechanism), 1, 1))
    async with ConnectionServer(lambda n: _sasl_processor()) as server:
        r, w = await asyncio.open_connection("127.0.0.1", server.port)
        async with asyncio.timeout(20):
            while not server.connections or server.connections[0].processor is None:
                await asyncio.sleep(0.001)
        w.write(frame)
        await w.drain()
        answered = await _read_exactly(r, 4) if len(frame) - 4 <= 100 else b""
        w.write_eof()
        async with asyncio.timeout(20):
            answered += await r.read()
        w.close()
        await server.ended()
    return answered


@pytest.mark.parametrize("loop", LOOPS)
def test_the_short_cut_keeps_the_limit_before_sasl_authentication(loop: str) -> None:
    """A plaintext processor's frame limit is fixed (not asked per frame); a SASL listener's is
    not: a whole frame over sasl.server.max.receive.size is refused unanswered."""
    assert RequestProcessor(
        cast(Any, object()),
        NoRequestMetrics(),
        ListenerSecurity("PLAINTEXT", "PLAINTEXT"),
        "127.0.0.1:1",
        ANONYMOUS,
        None,
    ).fixed_frame_limit
    run = runner(loop)
    assert len(run(_handshake("PLAIN"))) > 4  # answered
    assert run(_handshake("P" * 120)) == b""  # 120 > 100: refused, closed


# -- the quota hook ----------------------------------------------------------------------------

PRODUCER = "producer_byte_rate"


def _produce_frame(cid: int) -> bytearray:
    req = ProduceRequest(acks=1, timeout_ms=1000, topic_data=[])
    return bytearray(b"".join(bytes(b) for b in encode_request(req, 9, cid, "c"))[4:])


def _processor(
    tmp_path: Path, gate: asyncio.Event | None, started: asyncio.Event | None
) -> tuple[RequestProcessor, ClientQuotaManager]:
    store = LocalQuotaConfigStore(tmp_path)
    quotas = ClientQuotaManager(lambda: store, QuotaWindows(2, 1))
    quotas.start()

    async def produce(ctx: RequestContext, req: Any) -> Message:
        if started is not None:
            started.set()
        if gate is not None:
            await gate.wait()
        return ProduceResponse(responses=[])

    sec = ListenerSecurity("PLAINTEXT", "PLAINTEXT")
    proc = RequestProcessor(
        cast(Any, object()),
        NoRequestMetrics(),
        sec,
        "127.0.0.1:1",
        ANONYMOUS,
        None,
        throttle=quotas,
        handlers={0: Registration(0, "Produce", 3, 11, produce)},
    )
    return proc, quotas


def _throttle_ms(out: Processed) -> int:
    keep, encoded, _ = out
    assert keep and encoded is not None
    _, resp = decode_response(b"".join(bytes(b) for b in encoded)[4:], 0, 9)
    return int(cast(ProduceResponse, resp).throttle_time_ms)


_TINY = {QuotaEntity(has_client=True, client_id="c"): {PRODUCER: 1.0}}


def test_a_quota_configured_while_the_handler_runs_throttles_its_response(
    tmp_path: Path,
) -> None:
    async def main() -> tuple[Processed, float]:
        gate, started = asyncio.Event(), asyncio.Event()
        proc, quotas = _processor(tmp_path, gate, started)
        assert not quotas.active
        task = asyncio.create_task(proc.process(_produce_frame(1), time.monotonic()))
        await started.wait()
        quotas.update(_TINY)  # (as the config store's watch does)
        gate.set()
        return await task, proc.mute_s

    out, mute_s = asyncio.run(main())
    assert _throttle_ms(out) > 0 and mute_s > 0


def test_a_configured_quota_throttles_and_none_records_nothing(tmp_path: Path) -> None:
    async def main() -> list[tuple[int, float, int]]:
        proc, quotas = _processor(tmp_path, None, None)
        seen = []
        for cid, q in enumerate([{}, _TINY, {}], 1):
            quotas.update(q)  # type: ignore[arg-type]
            out = await proc.process(_produce_frame(cid), time.monotonic())
            seen.append((_throttle_ms(out), proc.mute_s, len(quotas.sensors)))
            quotas.sensors.clear()
        return seen

    (none_ms, none_mute, none_sensors), (ms, mute, sensors), (after_ms, _, after_sensors) = (
        asyncio.run(main())
    )
    assert (none_ms, none_mute, none_sensors) == (0, 0.0, 0)
    assert ms > 0 and mute > 0 and sensors == 1
    assert (after_ms, after_sensors) == (0, 0)


def test_active_follows_the_quotas_in_force(tmp_path: Path) -> None:
    store = LocalQuotaConfigStore(tmp_path)
    m = ClientQuotaManager(lambda: store, QuotaWindows(2, 1))
    m.start()
    assert not m.active
    m.update(_TINY)  # type: ignore[arg-type]
    assert m.active
    m.update({QuotaEntity(has_client=True, client_id="c"): {}})  # an entity without a quota
    assert not m.active
    m.alter({QuotaEntity(has_client=True, client_id="d"): {PRODUCER: 5.0}})
    assert m.active


# -- encode_response's wrapping ----------------------------------------------------------------


def test_encode_response_raises_what_message_encode_into_raises() -> None:
    bad = ProduceResponse(responses=[], throttle_time_ms=cast(Any, "soon"))
    with pytest.raises(EncodeError, match=r"cannot encode ProduceResponse v9") as general:
        bad.encode(9)
    with pytest.raises(EncodeError, match=r"cannot encode ProduceResponse v9") as fast:
        encode_response(bad, 9, 1)
    assert str(fast.value) == str(general.value)
    with pytest.raises(EncodeError, match="has no version 99"):
        encode_response(ProduceResponse(responses=[]), 99, 1)
    huge = ProduceResponse(responses=[], throttle_time_ms=2**40)
    with pytest.raises(EncodeError):
        encode_response(huge, 9, 1)
