"""The log cleaner: background compaction of ``cleanup.policy=compact`` logs (Kafka's
``LogCleaner``; design notes section 5.5).

Modules: :mod:`.config` (broker ``log.cleaner.*`` settings), :mod:`.policy` (which log and
range to clean), :mod:`.state` (``cleaner-offset-checkpoint``, in-progress logs),
:mod:`.offset_map` (the bounded key-hash -> offset map), :mod:`.batch_filter` (what survives of
each batch, re-encoding), :mod:`.cleaning` (one cleaning: map, groups, recopy), :mod:`.swap`
(crash-safe ``.cleaned`` -> ``.swap`` -> ``.log`` replacement) and :mod:`.manager` (the
threads). Invariants shared by all: offsets never change, the active segment is never
touched, nothing above the last stable offset / high watermark is cleaned, and a crash leaves
each replaced group either wholly old or wholly new.
"""

from strom.storage.cleaner.cleaning import CleaningAbortedError, CleaningResult, clean_log
from strom.storage.cleaner.config import CleanerConfig
from strom.storage.cleaner.manager import LogCleaner
from strom.storage.cleaner.offset_map import OffsetMap
from strom.storage.cleaner.state import CLEANER_OFFSET_CHECKPOINT

__all__ = [
    "CLEANER_OFFSET_CHECKPOINT",
    "CleanerConfig",
    "CleaningAbortedError",
    "CleaningResult",
    "LogCleaner",
    "OffsetMap",
    "clean_log",
]
