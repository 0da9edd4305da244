"""Cross-checks of strom.protocol.records against kafka-python's independent v2 implementation.

kafka-python (``kafka.record.default_records``) builds and reads RecordBatch v2 in pure Python.
It needs optional third-party modules for snappy (python-snappy), lz4 (lz4) and zstd
(zstandard); a codec whose module is not installed is skipped, and only that codec.
"""

from __future__ import annotations

from typing import Any

import pytest

from strom.protocol.records import CompressionType, RecordBatchBuilder, decode_batch

default_records = pytest.importorskip("kafka.record.default_records")
kafka_codec = pytest.importorskip("kafka.codec")

pytestmark = pytest.mark.compat

_CODEC_CHECKS = {
    CompressionType.NONE: (lambda: True, ""),
    CompressionType.GZIP: (kafka_codec.has_gzip, "gzip"),
    CompressionType.SNAPPY: (kafka_codec.has_snappy, "python-snappy ('snappy' module)"),
    CompressionType.LZ4: (kafka_codec.has_lz4, "lz4 ('lz4.frame' module)"),
    CompressionType.ZSTD: (kafka_codec.has_zstd, "zstandard ('zstandard' module)"),
}

RECORDS: list[tuple[bytes | None, bytes | None, int, list[tuple[str, bytes | None]]]] = [
    (
        b"key-%d" % i if i % 4 else None,
        (b"value %d " % i) * 30 if i % 7 else None,
        1_000 + i,
        [("h", b"v%d" % i)] if i % 3 == 0 else [],
    )
    for i in range(200)
]


def require_codec(codec: CompressionType) -> None:
    available, module = _CODEC_CHECKS[codec]
    if not available():
        pytest.skip(
            f"kafka-python cannot handle {codec.name}: its optional {module} library is not "
            "installed in this environment"
        )


@pytest.mark.parametrize("codec", list(CompressionType))
def test_decode_kafka_python_batches(codec: CompressionType) -> None:
    require_codec(codec)
    builder: Any = default_records.DefaultRecordBatchBuilder(
        magic=2,
        compression_type=int(codec),
        is_transactional=False,
        producer_id=-1,
        producer_epoch=-1,
        base_sequence=-1,
        batch_size=10 * 1024 * 1024,
    )
    for offset, (key, value, ts, headers) in enumerate(RECORDS):
        assert builder.append(offset, ts, key, value, headers) is not None
    raw = bytes(builder.build())
    batch = decode_batch(raw)
    assert batch.header.compression is codec  # data is compressible: no fallback to NONE
    assert batch.header.records_count == len(RECORDS)
    assert batch.header.max_timestamp == max(r[2] for r in RECORDS)
    for offset, (rec, (key, value, ts, headers)) in enumerate(
        zip(batch.records, RECORDS, strict=True)
    ):
        assert (rec.offset, rec.timestamp, rec.key, rec.value) == (offset, ts, key, value)
        assert rec.headers == headers


@pytest.mark.parametrize("codec", list(CompressionType))
def test_kafka_python_reads_our_batches(codec: CompressionType) -> None:
    require_codec(codec)
    ours = RecordBatchBuilder(
        compression=codec, base_offset=50, producer_id=9, producer_epoch=2, base_sequence=100
    )
    for key, value, ts, headers in RECORDS:
        ours.append(value, key=key, timestamp=ts, headers=headers)
    raw = ours.build()
    theirs: Any = default_records.DefaultRecordBatch(raw)
    assert theirs.validate_crc()
    assert theirs.base_offset == 50 and theirs.compression_type == int(codec)
    assert (theirs.producer_id, theirs.producer_epoch, theirs.base_sequence) == (9, 2, 100)
    assert theirs.last_sequence == 100 + len(RECORDS) - 1
    records = list(theirs)
    assert len(records) == len(RECORDS)
    for i, (rec, (key, value, ts, headers)) in enumerate(zip(records, RECORDS, strict=True)):
        assert (rec.offset, rec.timestamp, rec.key, rec.value) == (50 + i, ts, key, value)
        assert list(rec.headers) == headers


# ----------------------------------------------------------------------------- aiokafka
# aiokafka has its own v2 record code (a pure-Python and a Cython implementation) and reaches
# every codec through cramjam, so it cross-checks the codecs kafka-python cannot here.


def _aiokafka_impls() -> list[Any]:
    try:
        from aiokafka.record import default_records as aio
    except ImportError:  # pragma: no cover - aiokafka is a test dependency
        return []
    impls = [
        pytest.param(
            (aio._DefaultRecordBatchBuilderPy, aio._DefaultRecordBatchPy), id="aiokafka-py"
        )
    ]
    if aio.DefaultRecordBatch is not aio._DefaultRecordBatchPy:
        impls.append(
            pytest.param((aio.DefaultRecordBatchBuilder, aio.DefaultRecordBatch), id="aiokafka-c")
        )
    return impls


AIOKAFKA_IMPLS = _aiokafka_impls()


@pytest.mark.skipif(not AIOKAFKA_IMPLS, reason="aiokafka is not installed")
@pytest.mark.parametrize("impl", AIOKAFKA_IMPLS)
@pytest.mark.parametrize("codec", list(CompressionType))
def test_aiokafka_round_trips_both_ways(codec: CompressionType, impl: Any) -> None:
    builder_cls, batch_cls = impl
    builder = builder_cls(2, int(codec), 0, -1, -1, -1, 10 * 1024 * 1024)
    for offset, (key, value, ts, headers) in enumerate(RECORDS):
        assert builder.append(offset, ts, key, value, headers) is not None
    batch = decode_batch(bytes(builder.build()))
    assert batch.header.compression is codec
    got = [(r.offset, r.timestamp, r.key, r.value, r.headers) for r in batch.records]
    assert got == [(i, ts, k, v, h) for i, (k, v, ts, h) in enumerate(RECORDS)]

    ours = RecordBatchBuilder(compression=codec, base_offset=7)
    for key, value, ts, headers in RECORDS:
        ours.append(value, key=key, timestamp=ts, headers=headers)
    theirs = batch_cls(ours.build())
    assert theirs.validate_crc()
    assert theirs.compression_type == int(codec)
    got = [(r.offset, r.timestamp, r.key, r.value, list(r.headers)) for r in theirs]
    assert got == [(7 + i, ts, k, v, h) for i, (k, v, ts, h) in enumerate(RECORDS)]
