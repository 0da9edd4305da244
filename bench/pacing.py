"""A paced, unbatched confluent-kafka producer: the delivery latencies of records sent at a fixed
rate, shared by ``latency.py`` and ``replicated.py``.

The pacing thread sleeps between records and only produces; delivery reports are served by a
second thread blocked in ``poll()``, which librdkafka wakes as each acknowledgement arrives.
Two ways of doing it that this replaces: a loop of ``poll(gap)`` calls spins a core, because
librdkafka's poll timeout is whole milliseconds and a shorter one does not block (on a
two-core machine that left the brokers one core, shared with the client's own threads, and the
p99 measured the client's scheduler); and serving reports only between records adds up to one
interval (0.2 ms at 5,000/s) to every latency. A record's latency is librdkafka's own clock
from its ``produce()`` call to the report (``Message.latency()``).
"""

from __future__ import annotations

import threading
import time

from confluent_kafka import Message, Producer


def paced_latencies(
    producer: Producer,
    topic: str,
    value: bytes,
    rate: int,
    seconds: float,
    partition: int | None = None,
) -> tuple[list[float], int, float]:
    """``rate x seconds`` records of ``value`` to ``topic`` (``partition``, or the producer's
    partitioner), one every ``1/rate`` s, then at most 10 s for the outstanding ones: (the
    delivered records' latencies in ms, sorted; the records that failed or were not delivered;
    the rate achieved, records per second of sending: below ``rate`` when the producer could
    not keep up)."""
    lat: list[float] = []
    failed = 0

    def report(err: object, msg: Message) -> None:
        nonlocal failed
        latency = msg.latency()  # librdkafka: now minus the clock of the produce() call
        if err is not None or latency is None:
            failed += 1
        else:
            lat.append(latency * 1000)

    stop = threading.Event()

    def serve_reports() -> None:
        while not stop.is_set():
            producer.poll(0.1)

    poller = threading.Thread(target=serve_reports, name="delivery-reports", daemon=True)
    poller.start()
    kwargs = {} if partition is None else {"partition": partition}
    now = time.perf_counter
    try:
        start = now()
        n = int(rate * seconds)
        for i in range(n):
            due = start + i / rate
            if (t := now()) < due:
                time.sleep(due - t)
            producer.produce(topic, value, on_delivery=report, **kwargs)
        achieved = n / (now() - start) if n > 1 else float(rate)
        failed += producer.flush(10)
    finally:
        stop.set()
        poller.join()
    lat.sort()
    return lat, failed, achieved


def percentile(sorted_ms: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted latencies; infinity when there are none."""
    if not sorted_ms:
        return float("inf")
    return sorted_ms[min(len(sorted_ms) - 1, int(q * len(sorted_ms)))]
