"""Broker-wide settings of the log cleaner (Kafka's ``log.cleaner.*`` keys).

Owns: :class:`CleanerConfig`, the values the cleaner threads run with, and building it from the
broker's configuration by Kafka key name (:meth:`CleanerConfig.from_lookup`), so the storage
layer never imports the broker. Per-topic settings (``cleanup.policy``,
``min.cleanable.dirty.ratio``, ``delete.retention.ms``, ``min/max.compaction.lag.ms``) stay in
:class:`~strom.storage.config.LogConfig`.

On-disk format: none. Invariants: immutable; ``threads >= 0``, the dedupe buffer holds at
least one entry per thread. Thread-safety: immutable value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

DEFAULT_DEDUPE_BUFFER_SIZE = 134_217_728
DEFAULT_IO_MAX_BYTES_PER_SECOND = 1.7976931348623157e308  # Java's Double.MAX_VALUE
DEFAULT_BACKOFF_MS = 15_000
DEFAULT_LOAD_FACTOR = 0.9  # Kafka's log.cleaner.io.buffer.load.factor

BROKER_KEYS = (
    "log.cleaner.enable",
    "log.cleaner.threads",
    "log.cleaner.dedupe.buffer.size",
    "log.cleaner.io.max.bytes.per.second",
    "log.cleaner.backoff.ms",
)


@dataclass(frozen=True, slots=True)
class CleanerConfig:
    """What the :class:`~strom.storage.cleaner.manager.LogCleaner` threads run with."""

    enable: bool = True
    threads: int = 1
    dedupe_buffer_size: int = DEFAULT_DEDUPE_BUFFER_SIZE
    io_max_bytes_per_second: float = DEFAULT_IO_MAX_BYTES_PER_SECOND
    backoff_ms: int = DEFAULT_BACKOFF_MS
    load_factor: float = DEFAULT_LOAD_FACTOR

    def __post_init__(self) -> None:
        if self.threads < 0:
            raise ValueError(f"log.cleaner.threads must be >= 0, not {self.threads}")
        if self.dedupe_buffer_size < 24 * max(1, self.threads):
            raise ValueError("log.cleaner.dedupe.buffer.size too small for one entry per thread")
        if self.io_max_bytes_per_second <= 0:
            raise ValueError("log.cleaner.io.max.bytes.per.second must be positive")
        if self.backoff_ms < 0:
            raise ValueError("log.cleaner.backoff.ms must be >= 0")

    @property
    def dedupe_buffer_per_thread(self) -> int:
        """Kafka splits the dedupe buffer evenly between the cleaner threads."""
        return self.dedupe_buffer_size // max(1, self.threads)

    @classmethod
    def from_lookup(cls, get: Callable[[str], Any]) -> CleanerConfig:
        """Build from a ``key -> parsed value`` lookup such as ``BrokerConfig.__getitem__``."""
        return cls(
            enable=bool(get("log.cleaner.enable")),
            threads=int(get("log.cleaner.threads")),
            dedupe_buffer_size=int(get("log.cleaner.dedupe.buffer.size")),
            io_max_bytes_per_second=float(get("log.cleaner.io.max.bytes.per.second")),
            backoff_ms=int(get("log.cleaner.backoff.ms")),
        )
