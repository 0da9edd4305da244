"""``StromDataSource``: the ``strom`` format of PySpark's Python Data Source API.

Owns: the mapping from Spark's entry points to this package's readers and writers, and the
checks Spark cannot do for a Python source (the write's columns, the save mode).

Usage::

    from strom.spark import StromDataSource
    spark.dataSource.register(StromDataSource)
    df = (spark.read.format("strom").option("kafka.bootstrap.servers", "127.0.0.1:9092")
          .option("subscribe", "events").load())

Invariants: options are parsed (and rejected) on the driver, before any task starts; the source
itself holds only the option map, so Spark may pickle it freely.
"""

from __future__ import annotations

from pyspark.sql.datasource import (
    DataSource,
    DataSourceReader,
    DataSourceStreamReader,
    DataSourceStreamWriter,
    DataSourceWriter,
)
from pyspark.sql.types import StructType

from strom.spark.arrow import check_write_columns, read_ddl
from strom.spark.broker import BrokerView
from strom.spark.options import SinkOptions, SourceOptions
from strom.spark.progress import PROGRESS_TOPIC_CONFIG
from strom.spark.reader import StromBatchReader, StromStreamReader
from strom.spark.stream_writer import StromStreamWriter
from strom.spark.writer import StromBatchWriter


class StromDataSource(DataSource):
    """Read and write Strom (or any Kafka-compatible) topics, batch and streaming."""

    @classmethod
    def name(cls) -> str:
        return "strom"

    def schema(self) -> str:
        include = str(self.options.get("includeHeaders", "false")).lower() == "true"
        return read_ddl(include)

    def reader(self, schema: StructType) -> DataSourceReader:
        return StromBatchReader(SourceOptions.parse(self.options, streaming=False))

    def streamReader(self, schema: StructType) -> DataSourceStreamReader:
        return StromStreamReader(SourceOptions.parse(self.options, streaming=True))

    def writer(self, schema: StructType, overwrite: bool) -> DataSourceWriter:
        opts = self._sink(schema, overwrite)
        return StromBatchWriter(opts)

    def streamWriter(self, schema: StructType, overwrite: bool) -> DataSourceStreamWriter:
        # overwrite is Spark's complete output mode: each micro-batch re-emits the whole result,
        # which a log sink appends (as Spark's Kafka sink does).
        opts = self._sink(schema, False)
        consumer_props = {"bootstrap.servers": opts.producer["bootstrap.servers"]}
        with BrokerView(consumer_props) as view:
            view.ensure_topic(opts.progress_topic, 1, PROGRESS_TOPIC_CONFIG)
        return StromStreamWriter(opts)

    def _sink(self, schema: StructType, overwrite: bool) -> SinkOptions:
        if overwrite:
            raise ValueError("a strom sink appends; overwrite is not supported")
        opts = SinkOptions.parse(self.options)
        check_write_columns(schema.fieldNames(), opts.topic)
        return opts
