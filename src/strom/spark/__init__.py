"""A PySpark data source for Strom topics: ``format("strom")`` for batch and streaming reads and
writes, with the options and columns of Spark's Kafka source, exactly-once streaming writes, and
Arrow batches across the JVM boundary. See ``docs/spark.md``.

Needs the ``spark`` extra (``pip install 'strom[spark]'``). Uses :mod:`strom.client` only
(import-linter contract), so it works against any Kafka-compatible broker that supports
transactions.
"""

from __future__ import annotations

from typing import Any

from strom.spark.source import StromDataSource

__all__ = ["StromDataSource", "register"]


def register(spark: Any) -> None:
    """Register the ``strom`` format with a SparkSession."""
    spark.dataSource.register(StromDataSource)
