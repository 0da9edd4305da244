"""The consumer's own CRC check, proven against a hostile server on a real socket.

A Strom broker refuses to serve a batch that fails its CRC (CORRUPT_MESSAGE), so a test against
a broker never reaches the client's check. Here a tiny Kafka server in the test (asyncio, on
127.0.0.1, every frame encoded by the protocol layer) answers ApiVersions, Metadata, ListOffsets
and Fetch; its Fetch responses carry a valid batch (offsets 0-199) then a batch whose bit was
flipped after its CRC was computed (offsets 200-399: the framing still parses, only the CRC
tells). The Arrow read path (``getmany_arrow``, the numpy decode: 200 records, no headers) and
the record path (``getmany``) must both hand out the valid batch's rows, then raise
CorruptRecordError with no rows, every time, the position kept before the corrupt batch; a seek
past it goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

from strom.client import AIOConsumer, TopicPartition
from strom.errors import CorruptRecordError
from strom.protocol.codec import Message
from strom.protocol.frames import decode_request_body, encode_response, parse_request_header
from strom.protocol.messages.api_versions import ApiVersionsRequest, ApiVersionsResponse
from strom.protocol.messages.fetch import FetchRequest, FetchResponse
from strom.protocol.messages.list_offsets import ListOffsetsRequest, ListOffsetsResponse
from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse
from strom.protocol.records import read_vector
from strom.protocol.records.bulk import RecordTuple, build_batch

pytestmark = pytest.mark.integration

TOPIC = "hostile"
TP = TopicPartition(TOPIC, 0)
PER_BATCH = 200
assert PER_BATCH >= read_vector.MIN_RECORDS  # the Arrow path takes its numpy decode
# the versions this server speaks (the client's own ranges, capped: Fetch v12 names topics)
VERSIONS = {
    ApiVersionsRequest.API_KEY: (0, 3),
    MetadataRequest.API_KEY: (1, 12),
    ListOffsetsRequest.API_KEY: (1, 9),
    FetchRequest.API_KEY: (4, 12),
}


def value(offset: int) -> bytes:
    return b"value-%05d" % offset


def log_bytes() -> bytes:
    """Two batches, offsets 0-199 and 200-399; a bit of the second one's last value is flipped
    after its CRC was computed."""
    batches = []
    for base in (0, PER_BATCH):
        records: list[RecordTuple] = [(None, value(base + i), i, []) for i in range(PER_BATCH)]
        batches.append(bytearray(build_batch(records, base_offset=base)))
    last = batches[1]
    at = last.rindex(value(2 * PER_BATCH - 1)) + 7  # "value-00399": "0" becomes "4"
    last[at] ^= 0x04
    return bytes(batches[0] + batches[1])


class HostileBroker:
    """One node, one partition, the log above; answers nothing but the four APIs."""

    def __init__(self) -> None:
        self.log = log_bytes()
        self.port = 0
        self.fetches = 0
        self._handlers: dict[int, Callable[[Any], Message]] = {
            ApiVersionsRequest.API_KEY: self.api_versions,
            MetadataRequest.API_KEY: self.metadata,
            ListOffsetsRequest.API_KEY: self.list_offsets,
            FetchRequest.API_KEY: self.fetch,
        }

    def api_versions(self, req: ApiVersionsRequest) -> Message:
        keys = [ApiVersionsResponse.ApiVersion(k, lo, hi) for k, (lo, hi) in VERSIONS.items()]
        return ApiVersionsResponse(error_code=0, api_keys=keys)

    def metadata(self, req: MetadataRequest) -> Message:
        part = MetadataResponse.MetadataResponsePartition(
            partition_index=0, leader_id=1, leader_epoch=0, replica_nodes=[1], isr_nodes=[1]
        )
        topic = MetadataResponse.MetadataResponseTopic(name=TOPIC, partitions=[part])
        broker = MetadataResponse.MetadataResponseBroker(1, "127.0.0.1", self.port)
        return MetadataResponse(
            brokers=[broker], cluster_id="hostile", controller_id=1, topics=[topic]
        )

    def list_offsets(self, req: ListOffsetsRequest) -> Message:
        parts = []
        for t in req.topics:
            for p in t.partitions:
                offset = 0 if p.timestamp == -2 else 2 * PER_BATCH
                parts.append(
                    ListOffsetsResponse.ListOffsetsPartitionResponse(
                        partition_index=p.partition_index, timestamp=-1, offset=offset
                    )
                )
        return ListOffsetsResponse(
            topics=[ListOffsetsResponse.ListOffsetsTopicResponse(TOPIC, parts)]
        )

    def fetch(self, req: FetchRequest) -> Message:
        """The log from the batch holding the fetch offset on; nothing past its end."""
        self.fetches += 1
        responses = []
        for t in req.topics:
            parts = []
            for p in t.partitions:
                start = 0 if p.fetch_offset < PER_BATCH else len(self.log) // 2
                records = self.log[start:] if p.fetch_offset < 2 * PER_BATCH else b""
                parts.append(
                    FetchResponse.PartitionData(
                        partition_index=p.partition,
                        high_watermark=2 * PER_BATCH,
                        last_stable_offset=2 * PER_BATCH,
                        log_start_offset=0,
                        aborted_transactions=[],
                        records=records,
                    )
                )
            responses.append(FetchResponse.FetchableTopicResponse(topic=t.topic, partitions=parts))
        return FetchResponse(error_code=0, session_id=0, responses=responses)

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                size = int.from_bytes(await reader.readexactly(4), "big")
                frame = await reader.readexactly(size)
                parsed = parse_request_header(frame)
                h = parsed.header
                req = decode_request_body(frame, parsed)
                resp = self._handlers[h.request_api_key](req)
                if isinstance(resp, FetchResponse) and not any(
                    p.records for t in resp.responses for p in t.partitions
                ):
                    await asyncio.sleep(0.1)  # nothing to serve: a (short) long poll
                writer.writelines(encode_response(resp, h.request_api_version, h.correlation_id))
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()


@contextlib.asynccontextmanager
async def hostile_broker() -> AsyncIterator[HostileBroker]:
    hb = HostileBroker()
    server = await asyncio.start_server(hb.serve, "127.0.0.1", 0)
    hb.port = server.sockets[0].getsockname()[1]
    try:
        yield hb
    finally:
        server.close()
        await server.wait_closed()


async def poll_until_corrupt(take: Callable[[], Awaitable[list[bytes | None]]]) -> list[bytes]:
    """Values taken until CorruptRecordError (which must come within 100 polls)."""
    got: list[bytes] = []
    with pytest.raises(CorruptRecordError):
        for _ in range(100):
            got += [v or b"" for v in await take()]
    return got


@pytest.mark.parametrize("path", ["arrow", "records"])
def test_a_batch_that_fails_its_crc_is_never_served(path: str) -> None:
    async def go() -> None:
        async with hostile_broker() as hb:
            c = AIOConsumer(
                {
                    "bootstrap.servers": f"127.0.0.1:{hb.port}",
                    "auto.offset.reset": "earliest",
                    "fetch.max.wait.ms": 100,
                }
            )
            await c.start()
            try:
                c.assign([TP])

                async def take() -> list[bytes | None]:
                    if path == "arrow":
                        batch = (await c.getmany_arrow(200, 1000)).get(TP)
                        return [] if batch is None else batch.column("value").to_pylist()
                    return [r.value for r in (await c.getmany(200, 1000)).get(TP, [])]

                got = await poll_until_corrupt(take)
                assert got == [value(i) for i in range(PER_BATCH)]
                assert await c.position(TP) == PER_BATCH
                # the consumer's prefetch past the corrupt batch (offset 400 on) may come a
                # loop turn after the take that returned: the checks below run once it did
                for _ in range(500):
                    if hb.fetches >= 2:
                        break
                    await asyncio.sleep(0.01)
                assert hb.fetches >= 2
                for _ in range(3):  # every time: never skipped, never a row of it
                    with pytest.raises(CorruptRecordError):
                        await take()
                    assert await c.position(TP) == PER_BATCH
                other = c.getmany if path == "arrow" else c.getmany_arrow
                with pytest.raises(CorruptRecordError):  # nor served by the other path
                    await other(200, 1000)
                assert await c.position(TP) == PER_BATCH
                assert hb.fetches >= 2
                c.seek(TP, 2 * PER_BATCH)  # the application may move past it
                assert await take() == []
                assert await c.position(TP) == 2 * PER_BATCH
            finally:
                await c.close()

    asyncio.run(go())
