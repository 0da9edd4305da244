"""Cost of produce validation per record (strom.storage.log_validator.validate_for_append, which
walks every record: strom.protocol.records.walk), on ~1 MB batches of librdkafka's shape (null
keys, CreateTime timestamps a few ms apart), one core, no broker: best of ``--repeat`` runs.

Shapes: fixed-size values; values of varied size (uniform in [size/2, 3size/2]); varied with
one header per record. The header and CRC checks (validate_batches_for_append) are included.

    python bench/produce_validation.py [--sizes 100,1024] [--repeat 15]
"""

from __future__ import annotations

import argparse
import os
import random
import time

from strom.protocol.records import RecordBatchBuilder, validate_batches_for_append
from strom.storage.config import LogConfig
from strom.storage.log_validator import validate_for_append

BATCH_BYTES = 1_000_000


def build(size: int, vary: bool, header: bool) -> tuple[bytes, int]:
    rnd = random.Random(size)
    payload = os.urandom(2 * size)
    per_batch = max(1, BATCH_BYTES // (size + 12))
    now = int(time.time() * 1000)
    headers = [("trace", b"0123456789abcdef")] if header else []
    b = RecordBatchBuilder()
    for i in range(per_batch):
        n = rnd.randint(size // 2, size + size // 2) if vary else size
        b.append(payload[:n], timestamp=now + i // 2000, headers=headers)
    return b.build(), per_batch


def ns_per_record(batch: bytes, records: int, repeat: int) -> float:
    config = LogConfig()
    best = float("inf")
    for _ in range(repeat):
        buf = bytearray(batch)
        start = time.perf_counter()
        found = validate_batches_for_append(buf, max_batch_bytes=len(buf))
        validate_for_append(buf, found, config, int(time.time() * 1000), client=True, partition="t")
        best = min(best, time.perf_counter() - start)
    return best / records * 1e9


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sizes", default="100,1024")
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    for size in (int(s) for s in args.sizes.split(",")):
        for name, vary, header in (
            ("fixed size", False, False),
            ("varied size", True, False),
            ("varied + 1 header", True, True),
        ):
            batch, records = build(size, vary, header)
            cost = ns_per_record(batch, records, args.repeat)
            print(f"{size:>5} B {name:18}: {cost:6.0f} ns/record ({records} records/batch)")


if __name__ == "__main__":
    main()
