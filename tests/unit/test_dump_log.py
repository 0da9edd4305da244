"""Unit tests of ``strom dump-log`` (strom.tools.dump_log): Kafka DumpLogSegments output."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from strom.protocol.records import (
    CompressionType,
    RecordBatchBuilder,
    build_control_batch,
    parse_batch_header,
    stamp_log_append_time,
)
from strom.protocol.records.header import compute_crc
from strom.tools.dump_log import main

pytestmark = pytest.mark.unit

SRC = Path(__file__).resolve().parents[2] / "src"
TS = 1_700_000_000_000
LOG = "00000000000000000000.log"


def batch(
    base_offset: int,
    records: list[tuple[bytes | None, bytes | None]],
    *,
    ts: int = TS,
    compression: CompressionType = CompressionType.NONE,
    headers: list[tuple[str, bytes | None]] | None = None,
    **kwargs: int,
) -> bytes:
    builder = RecordBatchBuilder(
        compression=compression, base_offset=base_offset, partition_leader_epoch=0, **kwargs
    )
    for i, (key, value) in enumerate(records):
        builder.append(value, key=key, timestamp=ts + i, headers=headers or ())
    return builder.build()


def write(directory: Path, name: str, data: bytes) -> Path:
    path = directory / name
    path.write_bytes(data)
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, list[str], str]:
    rc = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return rc, captured.out.splitlines(), captured.err


@pytest.fixture
def segment(tmp_path: Path) -> tuple[Path, list[bytes]]:
    """A .log holding a plain, an idempotent+gzip+headers, a null key/value and a control batch."""
    batches = [
        batch(0, [(b"k", b"hello"), (b"k", b"world"), (b"k", b"!")]),
        batch(
            3,
            [(b"a", b"x" * 50), (b"b", b"y" * 50)],
            ts=TS + 10,
            compression=CompressionType.GZIP,
            headers=[("h1", b"v"), ("h2", None)],
            producer_id=42,
            producer_epoch=3,
            base_sequence=7,
        ),
        batch(5, [(None, b"no-key"), (b"no-value", None), (None, None)], ts=TS + 20),
        build_control_batch(
            producer_id=42,
            producer_epoch=3,
            commit=True,
            coordinator_epoch=9,
            timestamp=TS + 30,
            base_offset=8,
            partition_leader_epoch=0,
        ),
    ]
    return write(tmp_path, LOG, b"".join(batches)), batches


def test_batch_lines_match_kafka_format(
    capsys: pytest.CaptureFixture[str], segment: tuple[Path, list[bytes]]
) -> None:
    path, batches = segment
    rc, out, err = run(capsys, path)
    assert rc == 0 and err == ""
    assert out[:2] == [f"Dumping {path}", "Log starting offset: 0"]
    assert len(out) == 2 + len(batches)  # no record lines without deep iteration
    first = parse_batch_header(batches[0])
    assert out[2] == (
        "baseOffset: 0 lastOffset: 2 count: 3 baseSequence: -1 lastSequence: -1 producerId: -1 "
        "producerEpoch: -1 partitionLeaderEpoch: 0 isTransactional: false isControl: false "
        f"deleteHorizonMs: OptionalLong.empty position: 0 CreateTime: {TS + 2} "
        f"size: {len(batches[0])} magic: 2 compresscodec: none crc: {first.crc} isvalid: true"
    )
    assert out[3].startswith(
        "baseOffset: 3 lastOffset: 4 count: 2 baseSequence: 7 lastSequence: 8 producerId: 42 "
        "producerEpoch: 3 partitionLeaderEpoch: 0 isTransactional: false isControl: false "
        f"deleteHorizonMs: OptionalLong.empty position: {len(batches[0])} CreateTime: {TS + 11} "
    )
    assert " compresscodec: gzip " in out[3] and out[3].endswith(" isvalid: true")
    control_position = sum(len(b) for b in batches[:3])
    assert out[5].startswith(
        "baseOffset: 8 lastOffset: 8 count: 1 baseSequence: -1 lastSequence: -1 producerId: 42 "
        "producerEpoch: 3 partitionLeaderEpoch: 0 isTransactional: true isControl: true "
        f"deleteHorizonMs: OptionalLong.empty position: {control_position} "
    )


def test_print_data_log_prints_records(
    capsys: pytest.CaptureFixture[str], segment: tuple[Path, list[bytes]]
) -> None:
    path, _ = segment
    rc, out, _ = run(capsys, "--print-data-log", path)
    assert rc == 0
    records = [line for line in out if line.startswith("|")]
    assert records == [
        f"| offset: 0 CreateTime: {TS} keySize: 1 valueSize: 5 sequence: -1 headerKeys: [] "
        "key: k payload: hello",
        f"| offset: 1 CreateTime: {TS + 1} keySize: 1 valueSize: 5 sequence: -1 headerKeys: [] "
        "key: k payload: world",
        f"| offset: 2 CreateTime: {TS + 2} keySize: 1 valueSize: 1 sequence: -1 headerKeys: [] "
        "key: k payload: !",
        f"| offset: 3 CreateTime: {TS + 10} keySize: 1 valueSize: 50 sequence: 7 "
        f"headerKeys: [h1,h2] key: a payload: {'x' * 50}",
        f"| offset: 4 CreateTime: {TS + 11} keySize: 1 valueSize: 50 sequence: 8 "
        f"headerKeys: [h1,h2] key: b payload: {'y' * 50}",
        f"| offset: 5 CreateTime: {TS + 20} keySize: -1 valueSize: 6 sequence: -1 headerKeys: [] "
        "key: null payload: no-key",
        f"| offset: 6 CreateTime: {TS + 21} keySize: 8 valueSize: -1 sequence: -1 headerKeys: [] "
        "key: no-value payload: null",
        f"| offset: 7 CreateTime: {TS + 22} keySize: -1 valueSize: -1 sequence: -1 "
        "headerKeys: [] key: null payload: null",
        f"| offset: 8 CreateTime: {TS + 30} keySize: 4 valueSize: 6 sequence: -1 headerKeys: [] "
        "endTxnMarker: COMMIT coordinatorEpoch: 9",
    ]
    # the alias gives the same output
    assert run(capsys, "--print-data", path)[1] == out


def test_deep_iteration_prints_metadata_only(
    capsys: pytest.CaptureFixture[str], segment: tuple[Path, list[bytes]]
) -> None:
    path, _ = segment
    rc, out, _ = run(capsys, "--deep-iteration", path)
    records = [line for line in out if line.startswith("|")]
    assert rc == 0 and len(records) == 9
    assert not any("payload:" in line for line in records)
    assert (
        records[0]
        == f"| offset: 0 CreateTime: {TS} keySize: 1 valueSize: 5 sequence: -1 headerKeys: []"
    )
    assert records[-1].endswith("endTxnMarker: COMMIT coordinatorEpoch: 9")
    rc, out, _ = run(capsys, "--print-data-log", "--skip-record-metadata", path)
    assert "| key: k payload: hello" in out


def test_abort_marker_and_log_append_time(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    abort = build_control_batch(
        producer_id=1, producer_epoch=0, commit=False, coordinator_epoch=2, timestamp=TS
    )
    stamped = bytearray(batch(1, [(b"k", b"v"), (b"k", b"w")]))
    stamp_log_append_time(stamped, 0, TS + 500)
    path = write(tmp_path, LOG, abort + bytes(stamped))
    rc, out, _ = run(capsys, "--print-data-log", path)
    assert rc == 0
    assert out[3].endswith(" endTxnMarker: ABORT coordinatorEpoch: 2")
    assert f" LogAppendTime: {TS + 500} " in out[4]
    assert out[5].startswith(f"| offset: 1 LogAppendTime: {TS + 500} ")
    assert out[6].startswith(f"| offset: 2 LogAppendTime: {TS + 500} ")


@pytest.mark.parametrize("codec", list(CompressionType))
def test_compression_codec_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, codec: CompressionType
) -> None:
    path = write(tmp_path, LOG, batch(0, [(b"k", b"v" * 100)] * 3, compression=codec))
    rc, out, _ = run(capsys, "--print-data-log", path)
    assert rc == 0
    assert f" compresscodec: {codec.name.lower()} " in out[2]
    assert out[2].endswith("isvalid: true")
    assert out[5].endswith(f"key: k payload: {'v' * 100}")


def test_delete_horizon_is_shown(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = bytearray(batch(0, [(b"k", b"v")]))
    attributes = struct.unpack_from(">h", data, 21)[0]
    struct.pack_into(">h", data, 21, attributes | 0x40)
    struct.pack_into(">I", data, 17, compute_crc(data, 0, len(data)))
    rc, out, _ = run(capsys, write(tmp_path, LOG, bytes(data)))
    assert rc == 0
    assert f" deleteHorizonMs: OptionalLong[{TS}] " in out[2]


def test_corrupt_crc_is_reported_as_invalid(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = batch(0, [(b"k", b"hello")])
    bad = bytearray(batch(1, [(b"k", b"world")]))
    bad[-3] ^= 0xFF  # inside the value: still decodable, CRC no longer matches
    path = write(tmp_path, LOG, good + bytes(bad) + batch(2, [(b"k", b"again")]))
    rc, out, err = run(capsys, "--print-data-log", path)
    assert rc == 0 and err == ""
    batch_lines = [line for line in out if line.startswith("baseOffset:")]
    assert [line.rsplit(" ", 1)[1] for line in batch_lines] == ["true", "false", "true"]
    assert f"crc: {parse_batch_header(bad).crc} isvalid: false" in batch_lines[1]
    assert "| offset: 1 " in out[5]


def test_undecodable_batch_is_reported_and_dump_continues(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = bytearray(batch(0, [(b"k", b"v" * 100)], compression=CompressionType.GZIP))
    bad[70:80] = b"\x00" * 10  # garbage in the gzip stream
    path = write(tmp_path, LOG, bytes(bad) + batch(1, [(b"k", b"ok")]))
    rc, out, _ = run(capsys, "--print-data-log", path)
    assert rc == 0
    assert out[2].endswith("isvalid: false")
    assert out[3].startswith("| cannot decode the records of this batch: ")
    assert out[5].endswith("key: k payload: ok")


@pytest.mark.parametrize("torn", [37, 5, 70])
def test_torn_tail_reports_invalid_bytes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, torn: int
) -> None:
    full = batch(0, [(b"k", b"hello")])
    tail = batch(1, [(b"k", b"x" * 100)])[:torn]
    path = write(tmp_path, LOG, full + tail)
    rc, out, _ = run(capsys, "--print-data-log", path)
    assert rc == 0
    assert len([line for line in out if line.startswith("baseOffset:")]) == 1
    assert out[-1] == f"Found {torn} invalid bytes at the end of {LOG}"


def test_max_bytes_limits_batches(
    capsys: pytest.CaptureFixture[str], segment: tuple[Path, list[bytes]]
) -> None:
    path, batches = segment
    rc, out, _ = run(capsys, "--max-bytes", str(len(batches[0]) + len(batches[1]) + 5), path)
    assert rc == 0
    assert [line.split(" ")[1] for line in out if line.startswith("baseOffset:")] == ["0", "3"]
    assert not any(line.startswith("Found") for line in out)


def test_non_consecutive_offsets(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, LOG, batch(0, [(b"k", b"a")]) + batch(5, [(b"k", b"b")]))
    rc, _, err = run(capsys, "--deep-iteration", path)
    assert rc == 0
    assert err.splitlines() == [
        f"Non-consecutive offsets in {path.absolute()}",
        "  0 is followed by 5",
    ]


def test_files_option_and_positional(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a = write(tmp_path, LOG, batch(0, [(b"k", b"a")]))
    b = write(tmp_path, "00000000000000000001.log", batch(1, [(b"k", b"b")]))
    c = write(tmp_path, "00000000000000000002.log", batch(2, [(b"k", b"c")]))
    rc, out, _ = run(capsys, "--files", f"{a},{b}", c)
    assert rc == 0
    dumped = [line for line in out if line.startswith(("Dumping", "Log starting"))]
    assert dumped == [
        f"Dumping {c}",
        "Log starting offset: 2",
        f"Dumping {a}",
        "Log starting offset: 0",
        f"Dumping {b}",
        "Log starting offset: 1",
    ]


def test_missing_file_fails(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / LOG
    rc, out, err = run(capsys, missing)
    assert rc == 1
    assert out == [f"Dumping {missing}", "Log starting offset: 0"]
    assert f"{missing}: No such file or directory" in err


def test_usage(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main([]) == 2
    assert main(["--help"]) == 0
    assert main(["--no-such-flag", "x.log"]) == 2
    capsys.readouterr()
    rc, _, err = run(capsys, write(tmp_path, "notes.txt", b"x"))
    assert rc == 0 and "Ignoring unknown file" in err


def test_empty_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rc, out, _ = run(capsys, write(tmp_path, LOG, b""))
    assert rc == 0 and out[1:] == ["Log starting offset: 0"]


# -- indexes -------------------------------------------------------------------------------------


@pytest.fixture
def indexed(tmp_path: Path) -> tuple[Path, list[int]]:
    """Segment with base offset 100: batches [100-101], [102], [103-105]; returns positions."""
    batches = [
        batch(100, [(b"k", b"a"), (b"k", b"b")], ts=TS),
        batch(102, [(b"k", b"c")], ts=TS + 10),
        batch(103, [(b"k", b"d"), (b"k", b"e"), (b"k", b"f")], ts=TS + 20),
    ]
    positions = [0, len(batches[0]), len(batches[0]) + len(batches[1])]
    write(tmp_path, "00000000000000000100.log", b"".join(batches))
    return tmp_path, positions


def offset_index(entries: list[tuple[int, int]], padding: int = 0) -> bytes:
    return b"".join(struct.pack(">ii", r, p) for r, p in entries) + b"\x00" * 8 * padding


def time_index(entries: list[tuple[int, int]], padding: int = 0) -> bytes:
    return b"".join(struct.pack(">qi", t, r) for t, r in entries) + b"\x00" * 12 * padding


def test_offset_index_dump_and_verify(
    capsys: pytest.CaptureFixture[str], indexed: tuple[Path, list[int]]
) -> None:
    directory, pos = indexed
    path = write(
        directory, "00000000000000000100.index", offset_index([(1, pos[0]), (5, pos[2])], 3)
    )
    rc, out, err = run(capsys, path)
    assert rc == 0 and err == ""
    assert out == [
        f"Dumping {path}",
        f"offset: 101 position: {pos[0]}",
        f"offset: 105 position: {pos[2]}",
    ]
    rc, out, err = run(capsys, "--verify-index-only", path)
    assert rc == 0 and out == [f"Dumping {path}"] and err == ""


def test_offset_index_mismatch(
    capsys: pytest.CaptureFixture[str], indexed: tuple[Path, list[int]]
) -> None:
    directory, pos = indexed
    entries = [(1, pos[0]), (3, pos[1]), (5, pos[1] + 1)]  # 103 -> batch ending 102; bad position
    path = write(directory, "00000000000000000100.index", offset_index(entries))
    rc, out, err = run(capsys, path)
    assert rc == 0
    assert len(out) == 4
    assert err.splitlines() == [
        f"Mismatches in :{path.absolute()}",
        "  Index offset: 103, log offset: 102",
        "  Index offset: 105, log offset: -1",
    ]


def test_offset_index_without_log_is_printed_unchecked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, "00000000000000000000.index", offset_index([(0, 0), (9, 999)]))
    rc, out, err = run(capsys, path)
    assert rc == 0 and err == ""
    assert out[1:] == ["offset: 0 position: 0", "offset: 9 position: 999"]


def test_offset_index_sanity_check(
    capsys: pytest.CaptureFixture[str], indexed: tuple[Path, list[int]]
) -> None:
    directory, pos = indexed
    name = "00000000000000000100.index"
    path = write(directory, name, offset_index([(1, pos[0])]))
    assert run(capsys, "--index-sanity-check", path)[1][-1] == f"{path} passed sanity check."
    write(directory, name, offset_index([(1, pos[0])]) + b"\x00\x01")
    rc, _, err = run(capsys, "--index-sanity-check", path)
    assert rc == 1 and "neither positive nor a multiple of 8" in err
    write(directory, name, offset_index([(1, pos[0]), (-5, 0)]))
    rc, _, err = run(capsys, "--index-sanity-check", path)
    assert rc == 1 and "the last offset 95 is below the base offset 100" in err
    write(directory, name, b"")
    assert run(capsys, path)[1][-1] == f"{path} is empty."


def test_time_index_dump_and_verify(
    capsys: pytest.CaptureFixture[str], indexed: tuple[Path, list[int]]
) -> None:
    directory, _ = indexed
    entries = [(TS + 1, 1), (TS + 10, 2), (TS + 22, 5)]
    path = write(directory, "00000000000000000100.timeindex", time_index(entries, 2))
    rc, out, err = run(capsys, path)
    assert rc == 0 and err == ""
    assert out == [
        f"Dumping {path}",
        f"timestamp: {TS + 1} offset: 101",
        f"timestamp: {TS + 10} offset: 102",
        f"timestamp: {TS + 22} offset: 105",
    ]
    # Like Kafka, the sanity check takes zero padding at the end as a corrupt last entry.
    rc, _, err = run(capsys, "--index-sanity-check", path)
    assert rc == 1 and f"the last timestamp 0 is below the first {TS + 1}" in err
    write(directory, path.name, time_index(entries))
    assert run(capsys, "--index-sanity-check", path)[1][-1] == f"{path} passed sanity check."


def test_time_index_problems(
    capsys: pytest.CaptureFixture[str], indexed: tuple[Path, list[int]]
) -> None:
    directory, _ = indexed
    entries = [(TS + 10, 2), (TS + 5, 5), (TS + 30, 3), (TS + 40, 9)]
    path = write(directory, "00000000000000000100.timeindex", time_index(entries))
    rc, out, err = run(capsys, "--verify-index-only", path)
    assert rc == 0 and out == [f"Dumping {path}"]
    assert err.splitlines() == [
        f"Found timestamp mismatch in :{path.absolute()}",
        f"  Index timestamp: {TS + 5}, log timestamp: {TS + 22}",
        f"Found out of order timestamp in :{path.absolute()}",
        f"  Index timestamp: {TS + 5}, Previously indexed timestamp: {TS + 10}",
        "The following indexed offsets are not found in the log.",
        "Indexed offset: 103, found log offset: 105",
        "Indexed offset: 109, found log offset: -1",
    ]
    rc, _, err = run(capsys, "--index-sanity-check", path)
    assert rc == 0  # last timestamp is not below the first
    write(directory, path.name, time_index([(TS + 10, 2), (TS, 3)]))
    rc, _, err = run(capsys, "--index-sanity-check", path)
    assert rc == 1 and "is below the first" in err


def test_cli_subprocess(tmp_path: Path, segment: tuple[Path, list[bytes]]) -> None:
    path, _ = segment
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    proc = subprocess.run(
        [sys.executable, "-m", "strom.tools.cli", "dump-log", "--print-data", "--files", str(path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[:2] == [f"Dumping {path}", "Log starting offset: 0"]
    assert lines[3].endswith("key: k payload: hello")
    assert lines[-1].endswith("endTxnMarker: COMMIT coordinatorEpoch: 9")
