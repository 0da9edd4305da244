"""The streaming job: revenue per product and minute, exactly-once into ``products.revenue``.

Sales (a stream from ``products.sales``) are joined with the price in effect when they happened
(the price changelog ``products.prices.changelog`` read as a table: each price is valid from its
timestamp until the product's next change), then aggregated per product and one-minute window.
Every micro-batch writes the current totals (complete output mode: Python sinks take append
and complete, not update) to ``products.revenue`` (key ``<product>|<window start>``, value JSON)
through the ``strom`` sink, exactly-once: a crash and restart from the checkpoint never
duplicates or loses an update. The topic is a changelog: the newest record per key holds the
window's current total.

    python examples/revenue_stream.py --bootstrap 127.0.0.1:9092 --checkpoint /tmp/ck
"""

from __future__ import annotations

import argparse
from typing import Any

from pyspark.sql import DataFrame, SparkSession, Window
from pyspark.sql import functions as F

from strom.spark import StromDataSource

PRICES, SALES, REVENUE = "products.prices.changelog", "products.sales", "products.revenue"


def price_table(spark: SparkSession, bootstrap: str) -> DataFrame:
    """Each price with the interval it is valid in: [valid_from, valid_to)."""
    changes = (
        spark.read.format("strom")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("subscribe", PRICES)
        .load()
        .select(
            F.col("key").cast("string").alias("product"),
            F.col("value").cast("string").cast("double").alias("price"),
            F.col("timestamp").alias("valid_from"),
        )
    )
    by_product = Window.partitionBy("product").orderBy("valid_from")
    return changes.withColumn("valid_to", F.lead("valid_from").over(by_product))


def revenue_query(spark: SparkSession, bootstrap: str, checkpoint: str) -> Any:
    sales = (
        spark.readStream.format("strom")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("subscribe", SALES)
        .option("startingOffsets", "earliest")
        .option("maxOffsetsPerTrigger", "500")
        .load()
        .select(
            F.col("key").cast("string").alias("product"),
            F.get_json_object(F.col("value").cast("string"), "$.qty").cast("int").alias("qty"),
            F.col("timestamp").alias("ts"),
        )
        .withWatermark("ts", "2 minutes")
    )
    prices = price_table(spark, bootstrap)
    joined = sales.join(
        prices,
        (sales.product == prices.product)
        & (sales.ts >= prices.valid_from)
        & (prices.valid_to.isNull() | (sales.ts < prices.valid_to)),
    ).select(sales.product, sales.ts, sales.qty, prices.price)
    per_window = joined.groupBy(F.window("ts", "1 minute"), "product").agg(
        F.sum("qty").alias("units"),
        F.round(F.sum(F.col("qty") * F.col("price")), 2).alias("revenue"),
    )
    out = per_window.select(
        F.concat_ws("|", "product", F.date_format("window.start", "yyyy-MM-dd'T'HH:mm'Z'")).alias(
            "key"
        ),
        F.to_json(
            F.struct(
                "product",
                F.col("window.start").alias("window_start"),
                "units",
                "revenue",
            )
        ).alias("value"),
    )
    return (
        out.writeStream.format("strom")
        .outputMode("complete")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("topic", REVENUE)
        .option("checkpointLocation", checkpoint)
        .trigger(availableNow=True)
        .start()
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bootstrap", default="127.0.0.1:9092")
    ap.add_argument("--checkpoint", required=True)
    args = ap.parse_args()
    spark = SparkSession.builder.master("local[2]").getOrCreate()
    spark.dataSource.register(StromDataSource)
    query = revenue_query(spark, args.bootstrap, args.checkpoint)
    query.awaitTermination()


if __name__ == "__main__":
    main()
