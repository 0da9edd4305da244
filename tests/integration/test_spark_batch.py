"""Batch reads and writes through the ``strom`` Spark data source against a real broker."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("pyspark")

from spark_helpers import create_topic, produce, read_all, spark_session

from strom.client.partitioner import murmur2_partition

pytestmark = [pytest.mark.integration, pytest.mark.slow]

BASE_TS = 1_700_000_000_000


@pytest.fixture(scope="session")
def spark() -> Any:
    return spark_session()


@pytest.fixture(scope="module")
def three(broker: Any) -> tuple[str, list[Any]]:
    """A 3-partition topic with 300 records: explicit partitions, keys, headers, timestamps."""
    create_topic(broker.bootstrap, "spark.three", 3)
    records = [
        {
            "value": f"v{i}".encode(),
            "key": f"k{i}".encode() if i % 5 else None,
            "partition": i % 3,
            "timestamp": BASE_TS + i * 1000,
            "headers": [("i", str(i).encode()), ("empty", None)] if i % 2 else [],
        }
        for i in range(300)
    ]
    return "spark.three", produce(broker.bootstrap, "spark.three", records)


def _reader(spark: Any, broker: Any, **options: str) -> Any:
    r = spark.read.format("strom").option("kafka.bootstrap.servers", broker.bootstrap)
    for k, v in options.items():
        r = r.option(k, v)
    return r.load()


def test_batch_read_returns_exactly_the_topic_with_kafka_schema(
    spark: Any, broker: Any, three: tuple[str, list[Any]]
) -> None:
    topic, metas = three
    df = _reader(spark, broker, subscribe=topic, includeHeaders="true")
    assert [(f.name, f.dataType.simpleString()) for f in df.schema.fields] == [
        ("key", "binary"),
        ("value", "binary"),
        ("topic", "string"),
        ("partition", "int"),
        ("offset", "bigint"),
        ("timestamp", "timestamp"),
        ("timestampType", "int"),
        ("headers", "array<struct<key:string,value:binary>>"),
    ]
    rows = df.collect()
    assert len(rows) == 300
    got = {(r.partition, r.offset): r for r in rows}
    for i, md in enumerate(metas):
        row = got[(md.partition, md.offset)]
        assert row.value == f"v{i}".encode()
        assert row.key == (f"k{i}".encode() if i % 5 else None)
        assert row.topic == topic and row.timestampType == 0
        want = [("i", str(i).encode()), ("empty", None)] if i % 2 else []
        assert [(h.key, h.value) for h in row.headers] == want
    no_headers = _reader(spark, broker, subscribe=topic)
    assert "headers" not in no_headers.columns


def test_timestamps_are_exact_in_utc(spark: Any, broker: Any, three: tuple[str, list[Any]]) -> None:
    topic, _ = three
    df = _reader(spark, broker, subscribe=topic).selectExpr(
        "cast(value as string) v", "unix_millis(timestamp) ms"
    )
    assert {r.v: r.ms for r in df.collect()} == {f"v{i}": BASE_TS + i * 1000 for i in range(300)}


def test_starting_and_ending_offsets_json(
    spark: Any, broker: Any, three: tuple[str, list[Any]]
) -> None:
    topic, _ = three
    start = json.dumps({topic: {"0": 10, "1": -2, "2": 95}})
    end = json.dumps({topic: {"0": 20, "1": 5, "2": -1}})
    rows = _reader(
        spark, broker, subscribe=topic, startingOffsets=start, endingOffsets=end
    ).collect()
    got = sorted((r.partition, r.offset) for r in rows)
    want = (
        [(0, o) for o in range(10, 20)]
        + [(1, o) for o in range(0, 5)]
        + [(2, o) for o in range(95, 100)]
    )
    assert got == want


def test_assign_and_minpartitions(spark: Any, broker: Any, three: tuple[str, list[Any]]) -> None:
    topic, _ = three
    df = _reader(spark, broker, assign=json.dumps({topic: [1]}), minPartitions="4")
    assert df.rdd.getNumPartitions() == 4
    rows = df.collect()
    assert sorted(r.offset for r in rows) == list(range(100))
    assert {r.partition for r in rows} == {1}


def test_offsets_by_timestamp(spark: Any, broker: Any, three: tuple[str, list[Any]]) -> None:
    topic, _ = three
    # record i has timestamp BASE_TS + i s: start at i=150 in every partition, end at i=240.
    df = _reader(
        spark,
        broker,
        subscribe=topic,
        startingTimestamp=str(BASE_TS + 150_000),
        endingOffsetsByTimestamp=json.dumps({topic: {str(p): BASE_TS + 240_000 for p in range(3)}}),
    )
    values = sorted(int(r.value[1:]) for r in df.collect())
    assert values == list(range(150, 240))
    by_ts = _reader(
        spark,
        broker,
        subscribe=topic,
        startingOffsetsByTimestamp=json.dumps({topic: {"0": BASE_TS + 290_000}}),
    )
    # partition 0 from i=291 (the first record at/after 290 s in it), 1 and 2 from earliest
    got = {(r.partition, int(r.value[1:])) for r in by_ts.collect()}
    assert {i for p, i in got if p == 0} == {291, 294, 297}
    assert len([1 for p, _ in got if p != 0]) == 200
    with pytest.raises(Exception, match="no record at or after"):
        _reader(
            spark,
            broker,
            subscribe=topic,
            startingOffsetsByTimestamp=json.dumps({topic: {"0": BASE_TS + 10_000_000}}),
        ).collect()


def test_subscribe_pattern_and_bad_options(
    spark: Any, broker: Any, three: tuple[str, list[Any]]
) -> None:
    create_topic(broker.bootstrap, "spark.other", 1)
    produce(broker.bootstrap, "spark.other", [{"value": b"o"}])
    df = _reader(spark, broker, subscribePattern=r"spark\.(three|other)")
    assert df.count() == 301
    with pytest.raises(Exception, match="exactly one of subscribe"):
        _reader(spark, broker, subscribe="spark.other", assign='{"spark.other":[0]}').collect()
    with pytest.raises(Exception, match="startingOffsets=latest"):
        _reader(spark, broker, subscribe="spark.other", startingOffsets="latest").collect()


def test_batch_write_lands_in_the_right_partitions(spark: Any, broker: Any) -> None:
    create_topic(broker.bootstrap, "spark.out", 4)
    create_topic(broker.bootstrap, "spark.out2", 2)
    rows = [(f"key{i}", f"value{i}", i % 4 if i % 3 == 0 else None) for i in range(200)]
    df = spark.createDataFrame(rows, "key string, value string, partition int")
    df.write.format("strom").option("kafka.bootstrap.servers", broker.bootstrap).option(
        "topic", "spark.out"
    ).mode("append").save()
    got = {r.value.decode(): r for r in read_all(broker.bootstrap, "spark.out")}
    assert len(got) == 200
    for key, value, part in rows:
        want = part if part is not None else murmur2_partition(key.encode(), 4)
        assert got[value].partition == want, value
        assert got[value].key == key.encode()
    # a topic column and headers, no topic option; binary values
    df2 = spark.createDataFrame(
        [("spark.out2", bytes([i]), [("h", b"x")]) for i in range(10)],
        "topic string, value binary, headers array<struct<key:string,value:binary>>",
    )
    df2.write.format("strom").option("kafka.bootstrap.servers", broker.bootstrap).mode(
        "append"
    ).save()
    out2 = read_all(broker.bootstrap, "spark.out2")
    assert sorted(r.value for r in out2) == [bytes([i]) for i in range(10)]
    assert all(r.headers == [("h", b"x")] for r in out2)
    with pytest.raises(Exception, match="cannot be written"):
        spark.createDataFrame([("a", 1)], "value string, extra int").write.format("strom").option(
            "kafka.bootstrap.servers", broker.bootstrap
        ).option("topic", "spark.out").mode("append").save()
