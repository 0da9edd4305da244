"""The batch report: reads ``products.revenue`` (read_committed), keeps the newest update per
product and window, and writes a table (Markdown) and a bar chart (PNG) of revenue per product.

    python examples/report.py --bootstrap 127.0.0.1:9092 --out examples/output
"""

from __future__ import annotations

import argparse
from pathlib import Path

from pyspark.sql import SparkSession, Window
from pyspark.sql import functions as F

from strom.spark import StromDataSource

REVENUE = "products.revenue"


def revenue_by_product(spark: SparkSession, bootstrap: str) -> list[tuple[str, int, float, int]]:
    """``[(product, units, revenue, windows)]``, highest revenue first."""
    updates = (
        spark.read.format("strom")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("subscribe", REVENUE)
        .option("kafka.isolation.level", "read_committed")
        .load()
        .select(
            F.col("key").cast("string").alias("key"),
            F.col("value").cast("string").alias("json"),
            "partition",
            "offset",
        )
    )
    newest = Window.partitionBy("key").orderBy(F.col("offset").desc())
    current = updates.withColumn("n", F.row_number().over(newest)).where("n = 1")
    parsed = current.select(
        F.get_json_object("json", "$.product").alias("product"),
        F.get_json_object("json", "$.units").cast("long").alias("units"),
        F.get_json_object("json", "$.revenue").cast("double").alias("revenue"),
    )
    rows = (
        parsed.groupBy("product")
        .agg(
            F.sum("units").alias("units"),
            F.round(F.sum("revenue"), 2).alias("revenue"),
            F.count("*").alias("windows"),
        )
        .orderBy(F.col("revenue").desc())
        .collect()
    )
    return [(r.product, int(r.units), float(r.revenue), int(r.windows)) for r in rows]


def write_report(rows: list[tuple[str, int, float, int]], out: Path) -> tuple[Path, Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out.mkdir(parents=True, exist_ok=True)
    table = ["| product | units | revenue | windows |", "|---|---:|---:|---:|"]
    table += [f"| {p} | {u:,} | {r:,.2f} | {w} |" for p, u, r, w in rows]
    total = sum(r for _, _, r, _ in rows)
    table.append(f"| **total** | {sum(u for _, u, _, _ in rows):,} | {total:,.2f} | |")
    md = out / "revenue.md"
    md.write_text("# Revenue per product\n\n" + "\n".join(table) + "\n")
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.bar([p for p, *_ in rows], [r for _, _, r, _ in rows], color="#2b6cb0")
    ax.set_ylabel("revenue")
    ax.set_title("Revenue per product (products.revenue)")
    ax.tick_params(axis="x", labelrotation=20)
    fig.tight_layout()
    png = out / "revenue.png"
    fig.savefig(png, dpi=100)
    plt.close(fig)
    return md, png


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bootstrap", default="127.0.0.1:9092")
    ap.add_argument("--out", default=str(Path(__file__).parent / "output"))
    args = ap.parse_args()
    spark = SparkSession.builder.master("local[2]").getOrCreate()
    spark.dataSource.register(StromDataSource)
    md, png = write_report(revenue_by_product(spark, args.bootstrap), Path(args.out))
    print(md.read_text())
    print(f"wrote {md} and {png}")


if __name__ == "__main__":
    main()
