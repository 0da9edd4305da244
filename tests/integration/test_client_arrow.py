"""The client's Arrow read path (``getmany_arrow``) against a real Strom broker: the same rows as
the record path (``getmany``) on a log holding plain batches of many records (decoded with
numpy), small batches and batches with headers (the reference loop), null keys and values,
committed and aborted transactions, under both isolation levels, with the application switching
between the two take methods, and from offsets inside batches; and a batch corrupted on disk (a
flipped bit, which the broker refuses to serve: CORRUPT_MESSAGE): the records before it, then
CorruptRecordError, never a row of the corrupt batch, the position left before it. (The client's
own CRC check of the columnar decode is tested in tests/unit/test_records_columns.py.)"""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

from strom.client import AIOConsumer, TopicPartition
from strom.client.admin import NewTopic
from strom.client.arrow import record_schema
from strom.client.sync import AdminClient, Producer
from strom.errors import CorruptRecordError

pytestmark = pytest.mark.integration

Row = tuple[int, int, int, bytes | None, bytes | None, list[tuple[str, bytes | None]]]


def make_topic(bootstrap: str) -> str:
    topic = f"arrow-{uuid.uuid4().hex[:8]}"
    with AdminClient({"bootstrap.servers": bootstrap}) as admin:
        admin.create_topics([NewTopic(topic, 1, 1)])
    return topic


def fill(bootstrap: str, topic: str) -> None:
    """Plain, headered and transactional batches (two of the five transactions aborted)."""
    conf = {"bootstrap.servers": bootstrap}
    with Producer(conf) as p:
        p.send_batch(
            topic,
            [None if i % 13 == 0 else b"plain-%d" % i for i in range(600)],
            [None if i % 7 == 0 else b"k%d" % i for i in range(600)],
            partition=0,
        ).result(30)
        p.send_batch(topic, [b"small-%d" % i for i in range(5)], partition=0).result(30)
        p.send_batch(
            topic,
            [b"h-%d" % i for i in range(200)],
            partition=0,
            headers=[[("n", b"%d" % i), ("null", None)] for i in range(200)],
        ).result(30)
    with Producer({**conf, "transactional.id": f"tx-{topic}"}) as tp:
        tp.init_transactions(30)
        for round_, commit in enumerate([True, False, True, False, True]):
            tp.begin_transaction()
            tp.send_batch(
                topic, [b"tx%d-%d" % (round_, i) for i in range(300)], partition=0
            ).result(30)
            if commit:
                tp.commit_transaction(30)
            else:
                tp.abort_transaction(30)
    with Producer(conf) as p:
        p.send_batch(topic, [b"tail-%d" % i for i in range(400)], partition=0).result(30)


def consumer_conf(bootstrap: str, isolation: str) -> dict[str, Any]:
    return {
        "bootstrap.servers": bootstrap,
        "auto.offset.reset": "earliest",
        "isolation.level": isolation,
        "max.partition.fetch.bytes": 16384,  # many chunks: prefetch and slicing exercised
    }


def arrow_rows(batch: pa.RecordBatch, tp: TopicPartition) -> list[Row]:
    assert batch.schema == record_schema(True)
    d = batch.to_pydict()
    assert set(d["topic"]) == {tp.topic} and set(d["partition"]) == {tp.partition}
    return [
        (
            d["offset"][i],
            int(d["timestamp"][i].timestamp() * 1000),
            d["timestampType"][i],
            d["key"][i],
            d["value"][i],
            [(h["key"], h["value"]) for h in d["headers"][i]],
        )
        for i in range(batch.num_rows)
    ]


async def read(
    bootstrap: str, tp: TopicPartition, isolation: str, how: str, start: int = 0
) -> list[Row]:
    """Every record from ``start`` to the end: by records, by Arrow, or alternating."""
    c = AIOConsumer(consumer_conf(bootstrap, isolation))
    await c.start()
    c.assign([tp])
    c.seek(tp, start)
    end = (await c.end_offsets([tp]))[tp]
    out: list[Row] = []
    for turn in range(400):
        if await c.position(tp) >= end:
            break
        use_arrow = how == "arrow" or (how == "mixed" and turn % 2 == 1)
        if use_arrow:
            got = await c.getmany_arrow(500, max_records=170, include_headers=True)
            if tp in got:
                out += arrow_rows(got[tp], tp)
        else:
            recs = (await c.getmany(500, max_records=130)).get(tp, [])
            out += [
                (r.offset, r.timestamp, r.timestamp_type, r.key, r.value, r.headers) for r in recs
            ]
    assert await c.position(tp) == end
    await c.close()
    return out


@pytest.mark.parametrize("isolation", ["read_committed", "read_uncommitted"])
def test_arrow_rows_equal_record_rows(broker: Any, isolation: str) -> None:
    topic = make_topic(broker.bootstrap)
    fill(broker.bootstrap, topic)
    tp = TopicPartition(topic, 0)
    records = asyncio.run(read(broker.bootstrap, tp, isolation, "records"))
    arrow = asyncio.run(read(broker.bootstrap, tp, isolation, "arrow"))
    mixed = asyncio.run(read(broker.bootstrap, tp, isolation, "mixed"))
    assert arrow == records
    assert mixed == records
    # From inside batches (the fetch returns the whole batch: records before are dropped).
    for start in (250, 1000):
        tail = [r for r in records if r[0] >= start]
        assert asyncio.run(read(broker.bootstrap, tp, isolation, "arrow", start)) == tail
    values = [r[4] for r in records]
    aborted = [v for v in values if v is not None and v.startswith((b"tx1-", b"tx3-"))]
    if isolation == "read_committed":
        assert not aborted
        assert len(records) == 600 + 5 + 200 + 3 * 300 + 400
    else:
        assert len(aborted) == 600
        assert len(records) == 600 + 5 + 200 + 5 * 300 + 400
    offsets = [r[0] for r in records]
    assert offsets == sorted(set(offsets))  # no control record, no duplicate


def test_arrow_read_of_a_batch_corrupted_on_disk_raises(fresh_broker: Any) -> None:
    fresh_broker.start()
    topic = make_topic(fresh_broker.bootstrap)
    tp = TopicPartition(topic, 0)
    with Producer({"bootstrap.servers": fresh_broker.bootstrap}) as p:
        for i in range(3):  # three batches of 300 records: the numpy decode's size
            p.send_batch(topic, [b"batch%d-%d" % (i, j) for j in range(300)], partition=0).result(
                30
            )
    fresh_broker.stop()
    log = next(Path(fresh_broker.data_dir).glob(f"{topic}-0/*.log"))
    raw = bytearray(log.read_bytes())
    raw[raw.index(b"batch1-150") + 5] ^= 0x04  # a bit of a value of the second batch: "1" to "5"
    log.write_bytes(bytes(raw))
    fresh_broker.start()

    async def go() -> None:
        c = AIOConsumer(
            {"bootstrap.servers": fresh_broker.bootstrap, "auto.offset.reset": "earliest"}
        )
        await c.start()
        c.assign([tp])
        got: list[bytes | None] = []
        with pytest.raises(CorruptRecordError):
            for _ in range(100):
                batch = (await c.getmany_arrow(500)).get(tp)
                if batch is not None:
                    got += batch.column("value").to_pylist()
        assert got == [b"batch0-%d" % j for j in range(300)]
        assert await c.position(tp) == 300
        with pytest.raises(CorruptRecordError):  # again: never skipped silently
            await c.getmany_arrow(1000)
        with pytest.raises(CorruptRecordError):  # nor by the record path
            await c.getmany(1000)
        c.seek(tp, 600)  # the application may move past it
        rest: list[bytes | None] = []
        for _ in range(40):
            batch = (await c.getmany_arrow(500)).get(tp)
            if batch is not None:
                rest += batch.column("value").to_pylist()
            if len(rest) >= 300:
                break
        assert rest == [b"batch2-%d" % j for j in range(300)]
        await c.close()

    asyncio.run(go())
