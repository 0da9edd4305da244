"""``strom dump-log``: print segment files the way Kafka's ``kafka-dump-log.sh`` does.

Owns the offline, read-only inspection of a partition directory's files:

- ``<base>.log``: one line per record batch (``baseOffset: ... isvalid: ...``), and with
  ``--deep-iteration`` / ``--print-data-log`` one ``| offset: ...`` line per record (plus
  ``key: ... payload: ...`` when printing data; control batches show their transaction marker).
  Bytes after the last complete batch are reported as ``Found N invalid bytes at the end of F``.
- ``<base>.index``: ``offset: O position: P`` per entry; when ``<base>.log`` exists each entry is
  checked to point at the batch whose last offset is O (mismatches listed on stderr at the end).
- ``<base>.timeindex``: ``timestamp: T offset: O`` per entry, checked against the log likewise.

Flags follow Kafka's (``--files F1,F2``, ``--print-data-log``, ``--deep-iteration``,
``--index-sanity-check``, ``--verify-index-only``, ``--max-bytes``, ``--skip-record-metadata``,
``--max-message-size`` accepted and unused); file names may also be given as plain arguments.
One deliberate difference: a null key or value prints as ``null`` instead of being omitted.

Invariants: never writes to any file; files are memory-mapped, not read whole. Damaged data
(bad CRC, undecodable records, torn tail, index mismatches) is reported and the exit status stays
0; a missing or unreadable file, an unparsable segment name or a failed sanity check gives 1;
bad usage gives 2.
"""

from __future__ import annotations

import argparse
import mmap
import os
import struct
import sys
from bisect import bisect_left
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from strom.errors import CorruptRecordError, UnsupportedCompressionError
from strom.protocol.records import (
    NO_SEQUENCE,
    BatchHeader,
    CompressionType,
    Record,
    TimestampType,
    decode_batch,
    iter_batches,
    parse_control_record,
    verify_crc,
)
from strom.protocol.records.header import Buffer, increment_sequence
from strom.tools._common import version_text

_INDEX_ENTRY = struct.Struct(">ii")
_TIME_INDEX_ENTRY = struct.Struct(">qi")
_CONTROL_TYPE = struct.Struct(">hh")
_CONTROL_TYPE_NAMES = {
    2: "LEADER_CHANGE",
    3: "SNAPSHOT_HEADER",
    4: "SNAPSHOT_FOOTER",
    5: "KRAFT_VERSION",
    6: "KRAFT_VOTERS",
}
_TIMESTAMP_NAMES = {
    TimestampType.CREATE_TIME: "CreateTime",
    TimestampType.LOG_APPEND_TIME: "LogAppendTime",
}

# Findings printed on stderr after all files are dumped: kind -> (title, line per finding).
_REPORTS = {
    "index": ("Mismatches in :{file}", "  Index offset: {0}, log offset: {1}"),
    "time": ("Found timestamp mismatch in :{file}", "  Index timestamp: {0}, log timestamp: {1}"),
    "order": (
        "Found out of order timestamp in :{file}",
        "  Index timestamp: {0}, Previously indexed timestamp: {1}",
    ),
    "missing": (
        "The following indexed offsets are not found in the log.",
        "Indexed offset: {0}, found log offset: {1}",
    ),
    "gaps": ("Non-consecutive offsets in {file}", "  {0} is followed by {1}"),
}


class _Problems:
    """Findings of each :data:`_REPORTS` kind, per absolute file path, in discovery order."""

    def __init__(self) -> None:
        self.found: dict[str, dict[str, list[tuple[int, int]]]] = {kind: {} for kind in _REPORTS}

    def add(self, kind: str, path: Path, first: int, second: int) -> None:
        self.found[kind].setdefault(str(path.absolute()), []).append((first, second))

    def print(self) -> None:
        for kind, (title, line) in _REPORTS.items():
            for file, pairs in self.found[kind].items():
                print(title.format(file=file), file=sys.stderr)
                for pair in pairs:
                    print(line.format(*pair), file=sys.stderr)


class _Failed(Exception):
    """A file could not be dumped; the message is printed and the exit status becomes 1."""


def _non_negative_int(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {value}")
    return value


_FLAGS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("--print-data-log", "--print-data"), "print record keys and values (implies deep iteration)"),
    (("--deep-iteration",), "print a line per record"),
    (("--skip-record-metadata",), "leave record metadata out of the record lines"),
    (("--index-sanity-check",), "only check that index files are sane"),
    (("--verify-index-only",), "check index entries against the log without printing them"),
)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="strom dump-log",
        description="Dump log segment, offset index and time index files.",
        allow_abbrev=False,
    )
    p.add_argument("paths", nargs="*", metavar="FILE", help="files to dump")
    p.add_argument("--files", action="append", default=[], help="comma-separated files to dump")
    for names, text in _FLAGS:
        p.add_argument(*names, action="store_true", help=text)
    p.add_argument("--max-bytes", type=_non_negative_int, help="limit on bytes read from a .log")
    p.add_argument("--max-message-size", type=_non_negative_int, help="accepted; unused")
    p.add_argument("--version", action="version", version=version_text())
    return p


def main(argv: list[str]) -> int:
    parser = _parser()
    try:
        opts = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0) or a usage error (2)
        return exc.code if isinstance(exc.code, int) else 2
    files = list(opts.paths)
    for group in opts.files:
        files.extend(name for name in group.split(",") if name)
    if not files:
        parser.print_usage(sys.stderr)
        print("strom dump-log: error: no files given (use --files or FILE ...)", file=sys.stderr)
        return 2
    opts.deep_iteration = opts.deep_iteration or opts.print_data_log
    problems = _Problems()
    status = 0
    try:
        for arg in files:
            print(f"Dumping {arg}")
            path = Path(arg)
            try:
                if path.suffix == ".log":
                    _dump_log(path, opts, problems)
                elif path.suffix == ".index":
                    _dump_index(path, arg, opts, problems)
                elif path.suffix == ".timeindex":
                    _dump_time_index(path, arg, opts, problems)
                else:
                    sys.stdout.flush()
                    print(f"Ignoring unknown file {arg}", file=sys.stderr)
            except (OSError, _Failed) as exc:
                status = 1
                sys.stdout.flush()
                detail = f"{exc.strerror}" if isinstance(exc, OSError) and exc.strerror else exc
                print(f"strom dump-log: {arg}: {detail}", file=sys.stderr)
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        with suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    problems.print()
    return status


@contextmanager
def _mapped(path: Path) -> Iterator[Buffer]:
    """The file's bytes, memory-mapped read-only (an empty file gives ``b""``)."""
    with path.open("rb") as f:
        if os.fstat(f.fileno()).st_size == 0:
            yield b""
            return
        mm = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        view = memoryview(mm)
        try:
            yield view
        finally:
            view.release()
            with suppress(BufferError):  # a stray slice still alive: the GC closes it later
                mm.close()


def _base_offset(path: Path) -> int | None:
    stem = path.name.split(".", 1)[0]
    return int(stem) if stem.isdigit() else None


def _required_base_offset(path: Path) -> int:
    base = _base_offset(path)
    if base is None:
        raise _Failed(f"cannot read a base offset from the file name {path.name!r}")
    return base


# -- .log ----------------------------------------------------------------------------------------


def _dump_log(path: Path, opts: argparse.Namespace, problems: _Problems) -> None:
    base = _base_offset(path)
    if base is not None:
        print(f"Log starting offset: {base}")
    max_bytes: int | None = opts.max_bytes
    with _mapped(path) as buf:
        valid_end = 0
        last_offset = -1
        for pos, header in iter_batches(buf, strict=False):
            end = pos + header.size_in_bytes
            if max_bytes is not None and end > max_bytes:
                break
            print(_batch_line(header, pos, verify_crc(buf, pos, header)))
            if opts.deep_iteration:
                try:
                    records = decode_batch(buf, pos, verify=False).records
                except (CorruptRecordError, UnsupportedCompressionError) as exc:
                    print(f"| cannot decode the records of this batch: {exc}")
                    records = []
                for record in records:
                    if last_offset != -1 and record.offset != last_offset + 1:
                        problems.add("gaps", path, last_offset, record.offset)
                    last_offset = record.offset
                    print(_record_line(header, record, opts))
            valid_end = end
        trailing = len(buf) - valid_end
    if trailing > 0 and max_bytes is None:
        print(f"Found {trailing} invalid bytes at the end of {path.name}")


def _timestamp_name(header: BatchHeader) -> str:
    return _TIMESTAMP_NAMES[header.timestamp_type]


def _codec_name(header: BatchHeader) -> str:
    codec = header.compression_id
    if codec > CompressionType.ZSTD:
        return f"unknown({codec})"
    return CompressionType(codec).name.lower()


def _batch_line(h: BatchHeader, position: int, valid: bool) -> str:
    horizon = f"OptionalLong[{h.base_timestamp}]" if h.has_delete_horizon else "OptionalLong.empty"
    return (
        f"baseOffset: {h.base_offset} lastOffset: {h.last_offset} count: {h.records_count} "
        f"baseSequence: {h.base_sequence} lastSequence: {h.last_sequence} "
        f"producerId: {h.producer_id} producerEpoch: {h.producer_epoch} "
        f"partitionLeaderEpoch: {h.partition_leader_epoch} "
        f"isTransactional: {str(h.is_transactional).lower()} "
        f"isControl: {str(h.is_control).lower()} "
        f"deleteHorizonMs: {horizon} position: {position} "
        f"{_timestamp_name(h)}: {h.max_timestamp} size: {h.size_in_bytes} magic: {h.magic} "
        f"compresscodec: {_codec_name(h)} crc: {h.crc} isvalid: {str(valid).lower()}"
    )


def _size(data: bytes | None) -> int:
    return -1 if data is None else len(data)


def _text(data: bytes | None) -> str:
    return "null" if data is None else data.decode("utf-8", errors="replace")


def _record_line(h: BatchHeader, record: Record, opts: argparse.Namespace) -> str:
    parts: list[str] = []
    if not opts.skip_record_metadata:
        sequence = h.base_sequence
        if sequence != NO_SEQUENCE:
            sequence = increment_sequence(sequence, record.offset - h.base_offset)
        header_keys = ",".join(key for key, _ in record.headers)
        parts.append(
            f"offset: {record.offset} {_timestamp_name(h)}: {record.timestamp} "
            f"keySize: {_size(record.key)} valueSize: {_size(record.value)} "
            f"sequence: {sequence} headerKeys: [{header_keys}]"
        )
        if h.is_control:
            parts.append(_control_text(record))
    if opts.print_data_log and not h.is_control:
        parts.append(f"key: {_text(record.key)} payload: {_text(record.value)}")
    return "| " + " ".join(parts) if parts else "|"


def _control_text(record: Record) -> str:
    key = record.key
    type_id = -1
    if key is not None and len(key) >= _CONTROL_TYPE.size:
        type_id = _CONTROL_TYPE.unpack_from(key)[1]
    if type_id not in (0, 1):
        return f"controlType: {_CONTROL_TYPE_NAMES.get(type_id, 'UNKNOWN')}({type_id})"
    try:
        is_commit, coordinator_epoch = parse_control_record(record)
    except CorruptRecordError as exc:
        return f"endTxnMarker: invalid ({exc})"
    kind = "COMMIT" if is_commit else "ABORT"
    return f"endTxnMarker: {kind} coordinatorEpoch: {coordinator_epoch}"


# -- .index and .timeindex -----------------------------------------------------------------------


def _log_batches(index_path: Path) -> list[tuple[int, BatchHeader]] | None:
    """``(position, header)`` of the complete batches of the index's ``.log``, if it exists."""
    log_path = index_path.with_name(index_path.name.split(".", 1)[0] + ".log")
    if not log_path.is_file():
        return None
    with _mapped(log_path) as buf:
        return list(iter_batches(buf, strict=False))


def _read_entries(path: Path, entry: struct.Struct) -> tuple[int, list[tuple[int, int]]]:
    """The file size and its whole entries (a trailing partial entry is ignored, as in Kafka)."""
    raw = path.read_bytes()
    whole = len(raw) - len(raw) % entry.size
    return len(raw), [(a, b) for a, b in entry.iter_unpack(raw[:whole])]


def _sanity_check(path: Path, arg: str, size: int, entry_size: int, problem: str) -> None:
    """Kafka's index sanity check: raise ``_Failed`` on ``problem`` or a partial last entry."""
    kind = "Time index" if entry_size == _TIME_INDEX_ENTRY.size else "Index"
    if not problem and size % entry_size:
        problem = f"found {size} bytes which is neither positive nor a multiple of {entry_size}"
    if problem:
        raise _Failed(f"{kind} file {path.absolute()} is corrupt: {problem}.")
    print(f"{arg} passed sanity check.")


def _dump_index(path: Path, arg: str, opts: argparse.Namespace, problems: _Problems) -> None:
    base = _required_base_offset(path)
    size, raw_entries = _read_entries(path, _INDEX_ENTRY)
    entries = [(base + rel, position) for rel, position in raw_entries]
    if not entries:
        print(f"{arg} is empty.")
        return
    if opts.index_sanity_check:
        last = entries[-1][0]
        problem = f"the last offset {last} is below the base offset {base}" if last < base else ""
        _sanity_check(path, arg, size, _INDEX_ENTRY.size, problem)
        return
    batches = _log_batches(path)
    by_position = {} if batches is None else {pos: h for pos, h in batches}
    for i, (offset, position) in enumerate(entries):
        if i > 0 and offset == base:  # preallocated zero padding
            break
        if batches is not None:
            header = by_position.get(position)
            log_offset = -1 if header is None else header.last_offset
            if log_offset != offset:
                problems.add("index", path, offset, log_offset)
        if not opts.verify_index_only:
            print(f"offset: {offset} position: {position}")


def _dump_time_index(path: Path, arg: str, opts: argparse.Namespace, problems: _Problems) -> None:
    base = _required_base_offset(path)
    size, raw_entries = _read_entries(path, _TIME_INDEX_ENTRY)
    entries = [(timestamp, base + rel) for timestamp, rel in raw_entries]
    if opts.index_sanity_check:
        problem = ""
        if entries and entries[-1][0] < entries[0][0]:
            problem = f"the last timestamp {entries[-1][0]} is below the first {entries[0][0]}"
        elif entries and entries[-1][1] < base:
            problem = f"the last offset {entries[-1][1]} is below the base offset {base}"
        _sanity_check(path, arg, size, _TIME_INDEX_ENTRY.size, problem)
        return
    batches = _log_batches(path)
    last_offsets = [] if batches is None else [h.last_offset for _, h in batches]
    previous = -1
    for i, (timestamp, offset) in enumerate(entries):
        if i > 0 and offset == base:  # preallocated zero padding
            break
        if batches is not None:
            at = bisect_left(last_offsets, offset)
            if at == len(batches):
                problems.add("missing", path, offset, -1)
            elif last_offsets[at] != offset:
                problems.add("missing", path, offset, last_offsets[at])
            else:
                log_timestamp = batches[at][1].max_timestamp
                if log_timestamp != timestamp:
                    problems.add("time", path, timestamp, log_timestamp)
                if previous >= timestamp:
                    problems.add("order", path, timestamp, previous)
        if not opts.verify_index_only:
            print(f"timestamp: {timestamp} offset: {offset}")
        previous = timestamp
