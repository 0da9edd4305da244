"""What the generated protocol codec costs per request and per partition, on the shapes the broker
decodes and encodes per request: Produce requests (decode) and responses (build + encode), Fetch
requests (decode) and responses (build + encode) of the consumer and the follower.

    python bench/codec_cost.py [--instructions] [--tree DIR] [--shape NAME ...] [--loops N]

Default: CPU time (``time.process_time``) per operation, the minimum of 7 rounds of ``--loops``
operations (scaled down for the 1,000-partition shapes), in microseconds per request and, for the
many-partition shapes, nanoseconds per partition. ``--instructions``: user-space instructions
per operation, counted by valgrind's callgrind, which the machine's load does not move: each
shape runs in a child process twice (``--loops`` and a tenth of it) and the difference of the
two totals is divided by the difference of the counts, so start-up and imports cancel out
(``PYTHONHASHSEED=0`` in both). ``--tree DIR`` runs another checkout's ``src`` (an A/B of the
generated modules: ``git worktree add`` or ``git archive`` of the commit before).

The operations are the broker's own calls: ``frames.parse_request_header`` +
``frames.decode_request_body`` for a request, the response objects built as
``strom.broker.handlers`` builds them (Produce: positional with one shared default
``current_leader``; Fetch: keywords) and ``frames.encode_response``. Bounded: every loop is a
fixed count; callgrind children get 20 minutes each.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# name -> (partitions in the request, loops scale divisor)
SHAPES: dict[str, tuple[int, int]] = {
    "produce-req-v7-1": (1, 1),
    "produce-req-v9-1": (1, 1),
    "produce-req-v10-1": (1, 1),
    "produce-req-v11-1": (1, 1),
    "produce-req-v9-1000x3": (1000, 500),
    "produce-resp-v9-1": (1, 1),
    "produce-resp-v10-1": (1, 1),
    "produce-resp-v10-1000": (1000, 500),
    "fetch-req-v11-1": (1, 1),
    "fetch-req-v15-1000": (1000, 500),
    "fetch-resp-v11-1": (1, 1),
    "fetch-resp-v15-1000": (1000, 500),
}


def make_op(shape: str) -> Callable[[], object]:
    """The operation of ``shape``, imported from whatever ``strom`` is on the path."""
    import uuid

    from strom.protocol import frames
    from strom.protocol.messages.fetch import FetchRequest, FetchResponse
    from strom.protocol.messages.produce import ProduceRequest, ProduceResponse
    from strom.protocol.records import RecordBatchBuilder

    kind, what, ver, size = shape.split("-")
    version = int(ver[1:])
    parts = int(size.split("x")[0])
    records = int(size.split("x")[1]) if "x" in size else 1
    bb = RecordBatchBuilder()
    for i in range(records):
        bb.append(b"r" * 100, key=b"k%d" % i, timestamp=1_700_000_000_000)
    data = bb.build()
    if (kind, what) == ("produce", "req"):
        pd = [ProduceRequest.PartitionProduceData(index=p, records=data) for p in range(parts)]
        req = ProduceRequest(acks=1, timeout_ms=30_000, topic_data=[
            ProduceRequest.TopicProduceData(name="bench-topic", partition_data=pd)])  # fmt: skip
        frame = b"".join(frames.encode_request(req, version, 7, "bench-client"))[4:]
        return lambda: frames.decode_request_body(frame, frames.parse_request_header(frame))
    if (kind, what) == ("fetch", "req"):
        tid = uuid.UUID(int=0x1234)
        fps = [
            FetchRequest.FetchPartition(
                partition=p,
                fetch_offset=1000 + p,
                current_leader_epoch=3,
                partition_max_bytes=1 << 9,
            )
            for p in range(parts)
        ]
        freq = FetchRequest(replica_id=-1, max_wait_ms=500, min_bytes=1, max_bytes=50 << 20,
                            topics=[FetchRequest.FetchTopic(topic="bench-topic", topic_id=tid,
                                                            partitions=fps)])  # fmt: skip
        if version >= 15:
            freq.replica_state = FetchRequest.ReplicaState(replica_id=2, replica_epoch=5)
        frame = b"".join(frames.encode_request(freq, version, 7, "bench-client"))[4:]
        return lambda: frames.decode_request_body(frame, frames.parse_request_header(frame))
    if (kind, what) == ("produce", "resp"):
        PR = ProduceResponse
        leader = PR.LeaderIdAndEpoch()

        def produce_response() -> object:
            resp = PR([PR.TopicProduceResponse("bench-topic", [
                PR.PartitionProduceResponse(p, 0, 1000 + p, -1, 0, [], None, leader)
                for p in range(parts)])])  # fmt: skip
            return frames.encode_response(resp, version, 7, 0)

        return produce_response
    FR = FetchResponse
    tid = uuid.UUID(int=0x1234)
    recs = data if parts == 1 else None

    def fetch_response() -> object:
        pds = [FR.PartitionData(partition_index=p, error_code=0, high_watermark=2000,
                                last_stable_offset=2000, log_start_offset=0, records=recs,
                                preferred_read_replica=-1) for p in range(parts)]  # fmt: skip
        topic = FR.FetchableTopicResponse(topic="bench-topic", topic_id=tid, partitions=pds)
        resp = FR(error_code=0, session_id=9, responses=[topic])
        return frames.encode_response(resp, version, 7, 1)

    return fetch_response


def cpu_per_op(shape: str, loops: int) -> float:
    """Seconds of CPU per operation: the minimum of 7 rounds."""
    op = make_op(shape)
    n = max(loops // SHAPES[shape][1], 3)
    best = float("inf")
    for _ in range(7):
        t0 = time.process_time()
        for _ in range(n):
            op()
        best = min(best, (time.process_time() - t0) / n)
    return best


def child(shape: str, loops: int) -> None:
    op = make_op(shape)
    for _ in range(loops):
        op()


def callgrind_total(path: Path) -> int:
    for line in path.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise ValueError(f"{path}: no total")


def instructions_per_op(shape: str, loops: int, tree: Path) -> float:
    n_hi = max(loops // SHAPES[shape][1], 10)
    n_lo = n_hi // 10
    env = dict(os.environ, PYTHONPATH=str(tree.resolve() / "src"), PYTHONHASHSEED="0")
    totals = []
    with tempfile.TemporaryDirectory(prefix="strom-codec-cost-") as tmp:
        for n in (n_lo, n_hi):
            out = Path(tmp) / f"cg.{n}"
            subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                 __file__, "--child", shape, "--loops", str(n)],
                env=env, check=True, timeout=1200,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )  # fmt: skip
            totals.append(callgrind_total(out))
    return (totals[1] - totals[0]) / (n_hi - n_lo)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--instructions", action="store_true")
    ap.add_argument("--tree", type=Path, default=ROOT)
    ap.add_argument("--shape", action="append", choices=sorted(SHAPES))
    ap.add_argument("--loops", type=int, default=20_000)
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.loops)
        return 0
    shapes = args.shape or list(SHAPES)
    if not args.instructions:
        sys.path.insert(0, str(args.tree.resolve() / "src"))
    for shape in shapes:
        parts = SHAPES[shape][0]
        if args.instructions:
            v = instructions_per_op(shape, args.loops, args.tree)
            per = f"  {v / parts:,.0f} per partition" if parts > 1 else ""
            print(f"{shape:24} {v:>14,.0f} instructions per request{per}")
        else:
            s = cpu_per_op(shape, args.loops)
            per = f"  {s * 1e9 / parts:,.0f} ns per partition" if parts > 1 else ""
            print(f"{shape:24} {s * 1e6:>10.2f} us CPU per request{per}")
    print(f"({args.tree}; load average {os.getloadavg()[0]:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
