"""A streaming query copying one topic to another through the ``strom`` source and sink,
exactly-once. Imported by the tests, and run as a script so a test can kill it mid-run:

    python spark_copy_job.py BOOTSTRAP IN_TOPIC OUT_TOPIC CHECKPOINT MAX_OFFSETS_PER_TRIGGER
"""

from __future__ import annotations

import sys
from typing import Any


def start_copy(
    spark: Any,
    bootstrap: str,
    src: str,
    dst: str,
    checkpoint: str,
    max_offsets: int,
    available_now: bool,
) -> Any:
    df = (
        spark.readStream.format("strom")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("subscribe", src)
        .option("startingOffsets", "earliest")
        .option("maxOffsetsPerTrigger", str(max_offsets))
        .option("kafka.isolation.level", "read_committed")
        .load()
        .selectExpr("key", "value")
    )
    writer = (
        df.writeStream.format("strom")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("topic", dst)
        .option("checkpointLocation", checkpoint)
    )
    if available_now:
        writer = writer.trigger(availableNow=True)
    return writer.start()


def main() -> None:
    bootstrap, src, dst, checkpoint, max_offsets = sys.argv[1:6]
    from spark_helpers import spark_session

    spark = spark_session()
    query = start_copy(spark, bootstrap, src, dst, checkpoint, int(max_offsets), True)
    query.awaitTermination()


if __name__ == "__main__":
    main()
