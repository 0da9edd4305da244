"""Plain-Python tests of the strom data source's planning and of the exactly-once write protocol,
without a SparkSession: option parsing, offset JSON, admission control, range splitting, and
``write_task`` called directly against a real broker."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

pytest.importorskip("pyspark")
pytest.importorskip("pyarrow")

import pyarrow as pa
from spark_helpers import create_topic, read_all

from strom.client import TopicPartition
from strom.spark.offsets import OffsetRange, from_json, rate_limit, split_ranges, to_json
from strom.spark.options import OptionError, SinkOptions, SourceOptions

A0, A1, B0 = TopicPartition("a", 0), TopicPartition("a", 1), TopicPartition("b", 0)
BS = {"kafka.bootstrap.servers": "127.0.0.1:1"}


@pytest.mark.unit
def test_offsets_json_is_canonical() -> None:
    offsets = {TopicPartition("b", 0): 1, TopicPartition("a", 10): 2, TopicPartition("a", 2): 3}
    doc = to_json(offsets)
    assert json.dumps(doc) == '{"a": {"10": 2, "2": 3}, "b": {"0": 1}}'
    assert from_json(json.loads(json.dumps(doc))) == offsets
    assert json.dumps(to_json(from_json(json.loads(json.dumps(doc))))) == json.dumps(doc)


@pytest.mark.unit
def test_rate_limit_is_proportional_and_bounded() -> None:
    start = {A0: 0, A1: 100, B0: 5}
    latest = {A0: 1000, A1: 150, B0: 5}
    end = rate_limit(start, latest, 300)
    admitted = {tp: end[tp] - start[tp] for tp in start}
    assert sum(admitted.values()) == 300
    assert admitted[B0] == 0 and admitted[A0] > admitted[A1] > 0
    assert all(start[tp] <= end[tp] <= latest[tp] for tp in start)
    assert rate_limit(start, latest, 10_000) == latest
    # tiny limits still make progress and never exceed the limit
    for limit in (1, 2, 3):
        end = rate_limit({A0: 0, A1: 0, B0: 0}, {A0: 7, A1: 7, B0: 7}, limit)
        assert sum(end.values()) == limit


@pytest.mark.unit
def test_split_ranges_covers_input_exactly() -> None:
    ranges = [OffsetRange(A0, 0, 1000), OffsetRange(A1, 10, 20), OffsetRange(B0, 5, 5)]
    out = split_ranges(ranges, 8)
    assert len(out) >= 8
    for tp, lo, hi in ((A0, 0, 1000), (A1, 10, 20)):
        mine = sorted((r.start, r.end) for r in out if r.tp == tp)
        assert mine[0][0] == lo and mine[-1][1] == hi
        assert all(a[1] == b[0] for a, b in itertools.pairwise(mine))
    assert not [r for r in out if r.tp == B0]
    assert split_ranges(ranges, None) == ranges[:2]


@pytest.mark.unit
def test_options_like_sparks_kafka_source() -> None:
    o = SourceOptions.parse(
        {
            **BS,
            "subscribe": "x, y",
            "startingOffsets": '{"x":{"0":5,"1":-2}}',
            "maxOffsetsPerTrigger": "100",
            "kafka.isolation.level": "read_committed",
            "includeHeaders": "TRUE",
            "failOnDataLoss": "false",
        },
        streaming=True,
    )
    assert o.subscribe == ("x", "y") and o.read_committed and o.include_headers
    assert o.starting.kind == "offsets" and o.starting.offsets == {"x": {0: 5, 1: -2}}
    assert o.max_offsets_per_trigger == 100 and not o.fail_on_data_loss
    assert SourceOptions.parse({**BS, "subscribe": "x"}, streaming=True).starting.kind == "latest"
    assert (
        SourceOptions.parse({**BS, "subscribe": "x"}, streaming=False).starting.kind == "earliest"
    )
    p = SourceOptions.parse({**BS, "subscribePattern": "sales\\..*"}, streaming=True)
    assert p.matches("sales.eu") and not p.matches("xsales.eu") and not p.matches("__x")
    for bad in (
        {"subscribe": "x"},  # no bootstrap servers
        {**BS},
        {**BS, "subscribe": "x", "kafka.no.such.property": "1"},
        {**BS, "subscribe": "x", "startingOffsets": "{not json"},
        {**BS, "subscribe": "x", "maxOffsetsPerTrigger": "0"},
        {**BS, "assign": "[0]"},
    ):
        with pytest.raises(OptionError):
            SourceOptions.parse(bad, streaming=True)
    s = SinkOptions.parse({"bootstrap.servers": "h:1", "topic": "t", "kafka.linger.ms": "7"})
    assert s.producer == {"bootstrap.servers": "h:1", "linger.ms": "7"} and s.topic == "t"


@pytest.mark.integration
def test_write_task_commits_once_per_query_batch_partition(broker: Any) -> None:
    from strom.spark.stream_writer import write_task

    create_topic(broker.bootstrap, "proto.out", 2)
    create_topic(broker.bootstrap, "proto.progress", 1, **{"cleanup.policy": "compact"})
    opts = SinkOptions.parse(
        {
            "bootstrap.servers": broker.bootstrap,
            "topic": "proto.out",
            "progressTopic": "proto.progress",
        }
    )

    def batch(lo: int, hi: int) -> Any:
        values = [str(i).encode() for i in range(lo, hi)]
        return pa.RecordBatch.from_arrays([pa.array(values, pa.binary())], names=["value"])

    first = write_task(opts, iter([batch(0, 100)]), "q1", 0, 0)
    assert first.total == 100 and not first.skipped
    again = write_task(opts, iter([batch(0, 100)]), "q1", 0, 0)  # the same task re-run
    assert again.skipped
    other = write_task(opts, iter([batch(100, 150)]), "q1", 0, 1)  # another partition
    nxt = write_task(opts, iter([batch(150, 160)]), "q1", 1, 0)  # the next batch
    query2 = write_task(opts, iter([batch(160, 170)]), "q2", 0, 0)  # another query
    assert (other.total, nxt.total, query2.total) == (50, 10, 10)
    values = sorted(int(r.value) for r in read_all(broker.bootstrap, "proto.out"))
    assert values == list(range(170))
    markers = read_all(broker.bootstrap, "proto.progress")
    assert {(r.key, json.loads(r.value)["batch"]) for r in markers} == {
        (b"q1/0", 0),
        (b"q1/1", 0),
        (b"q1/0", 1),
        (b"q2/0", 0),
    }
