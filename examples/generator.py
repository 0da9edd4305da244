"""Generates the running example's data into Strom: price changes on
``products.prices.changelog`` and sales on ``products.sales``, both keyed by product name, so a
product's prices and sales land in the same partition number of both topics.

Values: a price change is the new price as text (``"10.50"``); a sale is JSON
``{"qty": 2}``. Record timestamps are event times: ``--minutes`` minutes starting at ``--start``
(epoch ms), each product getting a price change at the start of every minute and sales within it.

    python examples/generator.py --bootstrap 127.0.0.1:9092 --minutes 5 --sales-per-minute 400
"""

from __future__ import annotations

import argparse
import json
import random

from strom.client import Producer

PRODUCTS = {
    "coffee pads": 10.0,
    "espresso beans": 14.5,
    "green tea": 4.2,
    "oat milk": 2.3,
    "cocoa": 6.9,
    "cold brew": 3.8,
}
PRICES, SALES = "products.prices.changelog", "products.sales"


def generate(
    bootstrap: str, start_ms: int, minutes: int, sales_per_minute: int, seed: int = 7
) -> tuple[int, int]:
    """Produce the data; return (price changes, sales) sent."""
    rng = random.Random(seed + start_ms)
    prices, sales = 0, 0
    with Producer({"bootstrap.servers": bootstrap, "linger.ms": 10}) as p:
        for minute in range(minutes):
            t0 = start_ms + minute * 60_000
            for product, base in PRODUCTS.items():
                price = round(base * rng.uniform(0.8, 1.2), 2)
                p.send(PRICES, f"{price:.2f}", key=product, timestamp=t0)
                prices += 1
            p.flush()  # prices of a minute are in before its sales
            for _ in range(sales_per_minute):
                product = rng.choice(list(PRODUCTS))
                ts = t0 + rng.randrange(1, 60_000)
                p.send(SALES, json.dumps({"qty": rng.randint(1, 5)}), key=product, timestamp=ts)
                sales += 1
        p.flush()
    return prices, sales


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bootstrap", default="127.0.0.1:9092")
    ap.add_argument("--start", type=int, default=1_767_225_600_000)  # 2026-01-01T00:00Z
    ap.add_argument("--minutes", type=int, default=5)
    ap.add_argument("--sales-per-minute", type=int, default=400)
    args = ap.parse_args()
    n = generate(args.bootstrap, args.start, args.minutes, args.sales_per_minute)
    print(f"produced {n[0]} price changes and {n[1]} sales")


if __name__ == "__main__":
    main()
