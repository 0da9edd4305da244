"""Cost of checking every read before it is served (strom.storage.corruption.verify_read: batch
header, offsets and CRC32C of each batch), for batches of several sizes, in MB/s of checked
data and microseconds per 1 MiB fetch.

    python bench/read_verify.py [--mib 64] [--records 1,10,100,1000] [--size 100]
"""

from __future__ import annotations

import argparse
import time

from strom.protocol.records import RecordBatchBuilder, iter_batches, stamp_base_offset
from strom.storage.corruption import verify_read

FETCH = 1 << 20


def build(total: int, per_batch: int, size: int) -> bytes:
    out = bytearray()
    offset = 0
    value = b"v" * size
    while len(out) < total:
        b = RecordBatchBuilder()
        for i in range(per_batch):
            b.append(value, key=b"k%d" % i, timestamp=1_700_000_000_000 + i)
        batch = bytearray(b.build())
        stamp_base_offset(batch, 0, offset)
        offset += per_batch
        out += batch
    return bytes(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mib", type=int, default=64)
    ap.add_argument("--records", default="1,10,100,1000")
    ap.add_argument("--size", type=int, default=100)
    args = ap.parse_args()
    for per_batch in (int(x) for x in args.records.split(",")):
        data = build(args.mib << 20, per_batch, args.size)
        view = memoryview(data)
        bounds = [p for p, _ in iter_batches(data)] + [len(data)]
        fetches = []  # batch-aligned slices of up to 1 MiB, as the log hands them out
        i = 0
        while i < len(bounds) - 1:
            j = i + 1
            while j + 1 < len(bounds) and bounds[j + 1] - bounds[i] <= FETCH:
                j += 1
            fetches.append((bounds[i], bounds[j]))
            i = j
        t0 = time.perf_counter()
        for start, end in fetches:
            valid, problem = verify_read(view[start:end], -1, None)
            assert valid == end - start and not problem, problem
        dt = time.perf_counter() - t0
        print(
            f"{per_batch:>5} records/batch ({args.size} B values): "
            f"{len(data) / dt / 1e6:8.0f} MB/s checked, "
            f"{dt / len(fetches) * 1e6:8.0f} us per fetch of up to 1 MiB"
        )


if __name__ == "__main__":
    main()
