"""What Fetch v0-3 costs: reading a partition to its end with Fetch v3 (answered in magic 1,
down-converted a batch at a time as the socket drains: KIP-283) against Fetch v4 (the stored
v2 batches, streamed from the files), in 1 MiB responses over loopback, for small and large
records; MB/s of log read, records/s and the broker's CPU seconds.

    python bench/down_conversion.py [--mib 128] [--shapes 100x1000,100000x9]
"""

from __future__ import annotations

import argparse
import socket
import struct
import time

from produce_consume import cpu_seconds, strom_broker

from strom.protocol.frames import decode_response, encode_request
from strom.protocol.messages.create_topics import CreateTopicsRequest
from strom.protocol.messages.fetch import FetchRequest
from strom.protocol.messages.produce import ProduceRequest
from strom.protocol.records import RecordBatchBuilder, parse_batch_header

MiB = 1 << 20


class Wire:
    def __init__(self, bootstrap: str) -> None:
        host, port = bootstrap.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)))
        self.correlation = 0

    def request(self, msg: object, api_key: int, version: int) -> object:
        self.correlation += 1
        self.sock.sendall(b"".join(encode_request(msg, version, self.correlation, "bench")))  # type: ignore[arg-type]
        (size,) = struct.unpack(">i", self._exact(4))
        _, resp = decode_response(self._exact(size), api_key, version)
        return resp

    def _exact(self, n: int) -> bytes:
        buf = bytearray(n)
        view, got = memoryview(buf), 0
        while got < n:
            r = self.sock.recv_into(view[got:])
            if not r:
                raise ConnectionError("closed")
            got += r
        return bytes(buf)


def produce(w: Wire, topic: str, total: int, size: int, per_batch: int) -> tuple[int, int]:
    P = ProduceRequest
    sent = n = 0
    value = b"v" * size
    while sent < total:
        b = RecordBatchBuilder()
        for _ in range(per_batch):
            b.append(value, key=b"%d" % n)
            n += 1
        batch = b.build()
        data = [P.PartitionProduceData(index=0, records=batch)]
        topic_data = [P.TopicProduceData(name=topic, partition_data=data)]
        w.request(P(acks=1, timeout_ms=30000, topic_data=topic_data), 0, 7)
        sent += len(batch)
    return n, sent


def _next_offset_legacy(data: bytes) -> int | None:
    """The offset after the last whole message of a magic 0/1 set (uncompressed)."""
    pos, last = 0, None
    while pos + 12 <= len(data):
        offset, size = struct.unpack_from(">qi", data, pos)
        if size < 0 or pos + 12 + size > len(data):
            break
        last, pos = offset, pos + 12 + size
    return None if last is None else last + 1


def _next_offset_v2(data: bytes) -> int | None:
    pos, last = 0, None
    while pos + 61 <= len(data):
        h = parse_batch_header(data, pos)
        if pos + h.size_in_bytes > len(data):
            break  # a trailing partial batch
        last, pos = h.last_offset, pos + h.size_in_bytes
    return None if last is None else last + 1


def read_all(w: Wire, topic: str, version: int, end: int) -> float:
    F = FetchRequest
    offset, t0 = 0, time.perf_counter()
    while offset < end:
        part = F.FetchPartition(partition=0, fetch_offset=offset, partition_max_bytes=MiB)
        req = F(replica_id=-1, max_wait_ms=0, min_bytes=1, max_bytes=MiB,
                topics=[F.FetchTopic(topic=topic, partitions=[part])])  # fmt: skip
        resp = w.request(req, 1, version)
        data = bytes(resp.responses[0].partitions[0].records)  # type: ignore[attr-defined]
        nxt = _next_offset_legacy(data) if version <= 3 else _next_offset_v2(data)
        if nxt is None:
            raise RuntimeError(f"no progress at offset {offset}")
        offset = nxt
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mib", type=int, default=128)
    ap.add_argument("--shapes", default="100x1000,100000x9", help="value bytes x records/batch")
    args = ap.parse_args()
    pids: list[int] = []
    with strom_broker(pids=pids) as (bootstrap, _):
        w = Wire(bootstrap)
        for shape in args.shapes.split(","):
            size, per_batch = (int(x) for x in shape.split("x"))
            topic = f"down-{size}-{per_batch}"
            CT = CreateTopicsRequest
            w.request(CT(topics=[CT.CreatableTopic(name=topic, num_partitions=1,
                                                   replication_factor=1)], timeout_ms=30000),
                      19, 7)  # fmt: skip
            records, log_bytes = produce(w, topic, args.mib * MiB, size, per_batch)
            for version in (4, 3):
                cpu0 = cpu_seconds(pids[0])
                elapsed = read_all(w, topic, version, records)
                cpu = cpu_seconds(pids[0]) - cpu0
                print(
                    f"values {size} B x {per_batch}/batch, Fetch v{version}: "
                    f"{log_bytes / MiB / elapsed:.1f} MB/s of log, {records / elapsed:,.0f} rec/s, "
                    f"broker CPU {cpu:.2f} s for {log_bytes / MiB:.0f} MiB",
                    flush=True,
                )


if __name__ == "__main__":
    main()
