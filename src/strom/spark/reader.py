"""The batch reader and the streaming reader of the ``strom`` source.

Owns: planning. The batch reader resolves start and end offsets once, on the driver, when Spark
asks for partitions. The streaming reader lives in Spark's long-lived driver-side Python process
for the whole query; it keeps a :class:`BrokerView` open, discovers partitions on every
``latestOffset`` (so partitions and pattern-matched topics added while the query runs are read,
new partitions from their earliest offset), and applies admission control
(``maxOffsetsPerTrigger`` as ``ReadMaxRows``; ``Trigger.AvailableNow`` caps at the offsets seen
when it was prepared).

Invariants:
- Offsets handed to Spark are built by :func:`strom.spark.offsets.to_json` only.
- ``partitions(start, end)`` depends on ``start``, ``end`` and the log only, so a batch that Spark
  re-runs after a crash reads exactly what it read before.
- Readers are pickled to executors; the driver's client never is (``__getstate__`` drops it).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pyarrow as pa
from pyspark.sql.datasource import DataSourceReader, DataSourceStreamReader, InputPartition
from pyspark.sql.streaming.datasource import (
    ReadAllAvailable,
    ReadLimit,
    ReadMaxRows,
    SupportsTriggerAvailableNow,
)

from strom.spark.broker import BrokerView
from strom.spark.offsets import (
    DataLossError,
    OffsetRange,
    Offsets,
    current_partitions,
    from_json,
    plan,
    rate_limit,
    resolve,
    split_ranges,
    to_json,
)
from strom.spark.options import SourceOptions
from strom.spark.read import RangePartition, read_range


def _tasks(opts: SourceOptions, ranges: list[OffsetRange]) -> list[RangePartition]:
    return [
        RangePartition(
            r, opts.consumer, opts.include_headers, opts.fail_on_data_loss, opts.poll_timeout_ms
        )
        for r in split_ranges(ranges, opts.min_partitions)
    ]


class StromBatchReader(DataSourceReader):
    """``spark.read.format("strom")``: every record between startingOffsets and endingOffsets."""

    def __init__(self, opts: SourceOptions) -> None:
        self.opts = opts

    def partitions(self) -> Sequence[InputPartition]:
        with BrokerView(self.opts.consumer) as view:
            tps = current_partitions(self.opts, view)
            start = resolve(self.opts.starting, tps, view, ending=False)
            end = resolve(self.opts.ending, tps, view, ending=True)
        ranges = []
        for tp in tps:
            if end[tp] < start[tp]:
                raise ValueError(
                    f"{tp.topic}-{tp.partition}: ending offset {end[tp]} is before starting "
                    f"offset {start[tp]}"
                )
            ranges.append(OffsetRange(tp, start[tp], end[tp]))
        return _tasks(self.opts, ranges)

    def read(self, partition: InputPartition) -> Iterator[pa.RecordBatch]:
        assert isinstance(partition, RangePartition)
        return read_range(partition)


class StromStreamReader(DataSourceStreamReader, SupportsTriggerAvailableNow):
    """``spark.readStream.format("strom")``: micro-batches of offset ranges."""

    def __init__(self, opts: SourceOptions) -> None:
        self.opts = opts
        self._view: BrokerView | None = None
        self._target: Offsets | None = None  # Trigger.AvailableNow's end

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_view"] = None
        return state

    @property
    def view(self) -> BrokerView:
        if self._view is None:
            self._view = BrokerView(self.opts.consumer)
        return self._view

    def initialOffset(self) -> dict[str, dict[str, int]]:
        tps = current_partitions(self.opts, self.view)
        return to_json(resolve(self.opts.starting, tps, self.view, ending=False))

    def getDefaultReadLimit(self) -> ReadLimit:
        if self.opts.max_offsets_per_trigger is None:
            return ReadAllAvailable()
        return ReadMaxRows(self.opts.max_offsets_per_trigger)

    def prepareForTriggerAvailableNow(self) -> None:
        tps = current_partitions(self.opts, self.view)
        self._target = self.view.latest(tps)

    def latestOffset(self, start: dict[str, Any], limit: ReadLimit) -> dict[str, dict[str, int]]:
        begin = from_json(start)
        if self._target is not None:
            latest = dict(self._target)
        else:
            latest = self.view.latest(current_partitions(self.opts, self.view))
        new = [tp for tp in latest if tp not in begin]
        begin.update(self.view.earliest(new))
        # Never go back: a partition whose log was truncated below `begin` stays where it was
        # here, and planning reports the loss.
        latest = {tp: max(o, begin[tp]) if tp in begin else o for tp, o in latest.items()}
        if isinstance(limit, ReadMaxRows):
            end = rate_limit(begin, latest, limit.max_rows)
        else:
            end = latest
        gone = sorted(tp for tp in from_json(start) if tp not in end)
        if gone and self.opts.fail_on_data_loss:
            raise DataLossError(
                f"partitions {gone} no longer exist (set failOnDataLoss=false to go on)"
            )
        return to_json(end)

    def partitions(self, start: dict[str, Any], end: dict[str, Any]) -> Sequence[InputPartition]:
        begin, finish = from_json(start), from_json(end)
        new = [tp for tp in finish if tp not in begin]
        earliest = self.view.earliest(new)
        return _tasks(self.opts, plan(begin, finish, earliest, self.opts.fail_on_data_loss))

    def read(self, partition: InputPartition) -> Iterator[pa.RecordBatch]:
        assert isinstance(partition, RangePartition)
        return read_range(partition)

    def commit(self, end: dict[str, Any]) -> None:
        """Nothing to do: Spark's checkpoint holds the positions."""

    def stop(self) -> None:
        if self._view is not None:
            self._view.close()
            self._view = None
