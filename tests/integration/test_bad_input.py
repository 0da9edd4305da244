"""Bad input closes only the offending connection, gets Kafka's error codes, and appends nothing.

Every case runs against one real broker process; after each, a fresh connection must still be
served, and the broker process must still be alive.
"""

from __future__ import annotations

import struct
from pathlib import Path

import cramjam
import pytest
from wire import WireClient

from strom.protocol import records as rec
from strom.protocol.messages.api_versions import ApiVersionsRequest, ApiVersionsResponse
from strom.protocol.messages.create_topics import CreateTopicsRequest, CreateTopicsResponse
from strom.protocol.messages.list_offsets import ListOffsetsRequest, ListOffsetsResponse
from strom.protocol.messages.metadata import MetadataRequest
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse

pytestmark = pytest.mark.integration

CT = CreateTopicsRequest


def still_serving(broker) -> None:  # type: ignore[no-untyped-def]
    assert broker.alive()
    with WireClient(broker.bootstrap) as c:
        resp = c.request(ApiVersionsRequest("strom-tests", "1.0"), 3)
        assert isinstance(resp, ApiVersionsResponse) and resp.error_code == 0


def create_topic(c: WireClient, name: str, configs: dict[str, str] | None = None) -> int:
    req = CT(
        topics=[
            CT.CreatableTopic(
                name=name,
                num_partitions=1,
                replication_factor=1,
                configs=[
                    CT.CreatableTopicConfig(name=k, value=v) for k, v in (configs or {}).items()
                ],
            )
        ],
        timeout_ms=5000,
    )
    resp = c.request(req, 7)
    assert isinstance(resp, CreateTopicsResponse)
    return resp.topics[0].error_code


def produce(c: WireClient, topic: str, data: bytes, acks: int = 1) -> ProduceResponse:
    P = ProduceRequest
    req = P(
        acks=acks,
        timeout_ms=5000,
        topic_data=[
            P.TopicProduceData(
                name=topic, partition_data=[P.PartitionProduceData(index=0, records=data)]
            )
        ],
    )
    resp = c.request(req, 9)
    assert isinstance(resp, ProduceResponse)
    return resp


def latest_offset(c: WireClient, topic: str) -> int:
    L = ListOffsetsRequest
    req = L(
        replica_id=-1,
        topics=[
            L.ListOffsetsTopic(
                name=topic, partitions=[L.ListOffsetsPartition(partition_index=0, timestamp=-1)]
            )
        ],
    )
    resp = c.request(req, 7)
    assert isinstance(resp, ListOffsetsResponse)
    return resp.topics[0].partitions[0].offset


def batch(n: int = 3, codec: rec.CompressionType = rec.CompressionType.NONE) -> bytes:
    b = rec.RecordBatchBuilder(compression=codec)
    for i in range(n):
        b.append(b"value-%d" % i, key=b"key-%d" % i)
    return b.build()


def partition_error(resp: ProduceResponse) -> int:
    return resp.responses[0].partition_responses[0].error_code


def test_garbage_frame_closes_only_that_connection(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        c.send_raw(struct.pack(">i", 6) + b"\x00\x03\x00")  # truncated header in a short frame
        c.send_raw(b"\xff\xff\xff")
        assert c.is_closed()
    still_serving(broker)


def test_random_bytes_frame(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        body = bytes(range(256)) * 2
        c.send_raw(struct.pack(">i", len(body)) + body)
        assert c.is_closed()
    still_serving(broker)


def test_truncated_frame_then_disconnect(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        c.send_raw(struct.pack(">i", 100) + b"\x00\x12\x00\x03")
    still_serving(broker)


def test_unknown_api_key_closes_connection(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        frame = struct.pack(">hhih", 999, 0, 1, -1)
        c.send_raw(struct.pack(">i", len(frame)) + frame)
        assert c.is_closed()
    still_serving(broker)


def test_unsupported_version_closes_connection(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        frame = struct.pack(">hhih", 3, 99, 1, -1)
        c.send_raw(struct.pack(">i", len(frame)) + frame)
        assert c.is_closed()
    still_serving(broker)


def test_api_versions_too_new_gets_v0_unsupported_version(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        frame = struct.pack(">hhih", 18, 99, 42, 4) + b"test" + b"\x00" * 4
        c.send_raw(struct.pack(">i", len(frame)) + frame)
        resp_frame = c.recv_frame()
        (cid,) = struct.unpack_from(">i", resp_frame, 0)
        assert cid == 42
        resp = ApiVersionsResponse.decode(resp_frame[4:], 0)
        assert resp.error_code == 35
        metadata = [k for k in resp.api_keys if k.api_key == 3]
        assert metadata and metadata[0].min_version == 0 and metadata[0].max_version == 12
        # the connection stays usable: the client retries with a supported version
        assert c.request(ApiVersionsRequest(), 0).error_code == 0  # type: ignore[attr-defined]


def test_oversized_frame_refused_before_allocation(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        c.send_raw(struct.pack(">i", 2**31 - 1) + b"\x00\x03")
        assert c.is_closed()
    with WireClient(broker.bootstrap) as c:
        c.send_raw(struct.pack(">i", -5))
        assert c.is_closed()
    still_serving(broker)


def test_bad_crc_is_corrupt_message_and_appends_nothing(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        assert create_topic(c, "bad-crc") == 0
        data = bytearray(batch())
        data[-1] ^= 0xFF
        assert partition_error(produce(c, "bad-crc", bytes(data))) == 2
        assert latest_offset(c, "bad-crc") == 0
        assert partition_error(produce(c, "bad-crc", batch())) == 0
        assert latest_offset(c, "bad-crc") == 3
    still_serving(broker)


def test_magic_v1_rejected(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        assert create_topic(c, "magic-v1") == 0
        data = bytearray(batch())
        data[16] = 1  # magic byte
        assert partition_error(produce(c, "magic-v1", bytes(data))) == 2
        assert latest_offset(c, "magic-v1") == 0


def test_inconsistent_batch_length_and_count(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        assert create_topic(c, "inconsistent") == 0
        good = batch()
        longer = bytearray(good)
        struct.pack_into(">i", longer, 8, len(good) - 12 + 50)  # claims more bytes than sent
        assert partition_error(produce(c, "inconsistent", bytes(longer))) in (2, 87)
        # a record count that disagrees with lastOffsetDelta (CRC recomputed so only that differs)
        wrong = bytearray(good)
        struct.pack_into(">i", wrong, 57, 7)
        import crc32c

        struct.pack_into(">I", wrong, 17, crc32c.crc32c(bytes(wrong[21:])))
        assert partition_error(produce(c, "inconsistent", bytes(wrong))) in (2, 87)
        assert latest_offset(c, "inconsistent") == 0


def test_message_too_large(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        assert create_topic(c, "small-max", {"max.message.bytes": "1000"}) == 0
        b = rec.RecordBatchBuilder()
        b.append(b"x" * 5000)
        assert partition_error(produce(c, "small-max", b.build())) == 10
        assert latest_offset(c, "small-max") == 0


@pytest.mark.parametrize(
    "name", ["", ".", "..", "a/b", "../escape", "x" * 250, "bad name", "ünïcode", "a\\b"]
)
def test_invalid_topic_names(broker, name: str) -> None:  # type: ignore[no-untyped-def]
    data_dir: Path = broker.data_dir
    before = set(data_dir.parent.rglob("*"))
    with WireClient(broker.bootstrap) as c:
        assert create_topic(c, name) == 17
        md = c.request(
            MetadataRequest(
                topics=[MetadataRequest.MetadataRequestTopic(name=name)],
                allow_auto_topic_creation=True,
            ),
            12,
        )
        assert md.topics[0].error_code == 17  # type: ignore[attr-defined]
    after = set(data_dir.parent.rglob("*"))
    new = {p for p in after - before if not p.name.endswith(".log") or "broker" not in p.name}
    assert all(data_dir in p.parents for p in new), new
    still_serving(broker)


def test_produce_to_internal_topic_rejected(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        assert partition_error(produce(c, "__consumer_offsets", batch())) in (3, 17)


def test_invalid_required_acks(broker) -> None:  # type: ignore[no-untyped-def]
    with WireClient(broker.bootstrap) as c:
        assert create_topic(c, "acks-topic") == 0
        assert partition_error(produce(c, "acks-topic", batch(), acks=2)) == 21
        assert latest_offset(c, "acks-topic") == 0


def test_compression_bomb_refused_with_bounded_memory(broker) -> None:  # type: ignore[no-untyped-def]
    """A compacted topic makes the broker read every record (keys are required), so that is where
    a bomb could hurt: 256 MiB of zeros in one zstd record must be refused, and the broker must
    not grow by anything like that."""
    with WireClient(broker.bootstrap) as c:
        assert create_topic(c, "bomb", {"cleanup.policy": "compact"}) == 0
        inner = rec.RecordBatchBuilder()
        inner.append(b"", key=b"k")
        plain = inner.build()
        header = bytearray(plain[:61])
        # one record whose value is 256 MiB of zeros, zstd-compressed to a few KiB
        value_len = 256 * 1024 * 1024
        rec_body = b"\x00" + b"\x00" + b"\x00" + b"\x02k" + _varint(value_len)
        record = _varint(len(rec_body) + value_len + 1) + rec_body
        comp = bytes(cramjam.zstd.compress(record + b"\x00" * value_len + b"\x00"))
        assert len(comp) < 100_000
        header[21:23] = struct.pack(">h", 4)  # zstd
        data = header + comp
        struct.pack_into(">i", data, 8, len(data) - 12)
        import crc32c

        struct.pack_into(">I", data, 17, crc32c.crc32c(bytes(data[21:])))
        rss_before = _rss_kib(broker)
        resp = produce(c, "bomb", bytes(data))
        assert partition_error(resp) in (2, 10, 87)
        assert latest_offset(c, "bomb") == 0
        assert _rss_kib(broker) - rss_before < 200 * 1024
    still_serving(broker)


def _varint(v: int) -> bytes:
    z = (v << 1) ^ (v >> 63)
    out = bytearray()
    while z >= 0x80:
        out.append((z & 0x7F) | 0x80)
        z >>= 7
    out.append(z)
    return bytes(out)


def _rss_kib(broker) -> int:  # type: ignore[no-untyped-def]
    status = Path(f"/proc/{broker.proc.pid}/status").read_text()
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0
