"""The clock the storage layer reads (milliseconds since the epoch), injectable for tests.

Owns: :data:`ClockMs` and :func:`system_clock_ms`. No on-disk format; thread-safe.
"""

from __future__ import annotations

import time
from collections.abc import Callable

ClockMs = Callable[[], int]


def system_clock_ms() -> int:
    return time.time_ns() // 1_000_000
