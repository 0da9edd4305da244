"""``strom console-producer``: Kafka's ``kafka-console-producer.sh``.

Owns: reading stdin line by line and turning each line into a record per Kafka's
``LineMessageReader`` properties (``parse.key``, ``key.separator``, ``parse.headers``,
``headers.delimiter``, ``headers.separator``, ``headers.key.separator``, ``null.marker``,
``ignore.error``; also read from --reader-config), then producing it with Strom's
:class:`AIOProducer`. Exits once stdin is closed and every record is acknowledged; a failed
delivery is one stderr line and exit code 1. On an interactive terminal each line is prompted
with ``>``, as Kafka does.

Producer settings come, lowest first, from --command-config / --producer.config, then
--producer-property, then Kafka's dedicated flags when given (--request-required-acks,
--compression-codec, --batch-size, --timeout = linger.ms, --max-block-ms, --max-memory-bytes,
--max-partition-memory-bytes, --message-send-max-retries, --metadata-expiry-ms,
--request-timeout-ms, --retry-backoff-ms), as Kafka's ``ConsoleProducer`` merges them.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import os
import sys
import threading
from dataclasses import dataclass
from typing import Any

from strom.client import AIOProducer, RecordFuture
from strom.tools._common import (
    ToolError,
    client_config,
    load_properties,
    parse_props,
    parser,
    run,
)

EXAMPLES = """\
  strom console-producer --bootstrap-server localhost:9092 --topic orders
  printf 'k1:v1\\nk2:v2\\n' | strom console-producer --bootstrap-server localhost:9092 \\
      --topic orders --property parse.key=true --property key.separator=:
  echo 'h1:a,h2:b|k|v' | strom console-producer --bootstrap-server localhost:9092 \\
      --topic orders --property parse.headers=true --property headers.delimiter='|' \\
      --property parse.key=true --property key.separator='|'
"""


# Kafka's dedicated producer flags: (flag, producer property, help)
FLAG_PROPERTIES = [
    ("--batch-size", "batch.size", "records batched per partition, in bytes"),
    ("--timeout", "linger.ms", "how long a batch may wait for more records, ms"),
    ("--max-block-ms", "max.block.ms", "how long send may block, ms"),
    ("--max-memory-bytes", "buffer.memory", "total memory for buffering records"),
    ("--max-partition-memory-bytes", "batch.size", "buffer per partition, in bytes"),
    ("--message-send-max-retries", "retries", "retries of a failed send"),
    ("--metadata-expiry-ms", "metadata.max.age.ms", "metadata refresh interval, ms"),
    ("--request-timeout-ms", "request.timeout.ms", "produce request timeout, ms"),
    ("--retry-backoff-ms", "retry.backoff.ms", "wait before a retry, ms"),
]
LINE_READERS = (
    "kafka.tools.ConsoleProducer$LineMessageReader",
    "org.apache.kafka.tools.LineMessageReader",
    "LineMessageReader",
)


def build_parser() -> argparse.ArgumentParser:
    p = parser(
        "strom console-producer",
        "Produce records read from standard input, one per line.",
        EXAMPLES,
    )
    p.add_argument("--topic", required=True, help="the topic to produce to")
    p.add_argument(
        "--property",
        action="append",
        metavar="KEY=VALUE",
        help="line reader property (parse.key, key.separator, parse.headers, ...)",
    )
    p.add_argument(
        "--producer-property",
        action="append",
        metavar="KEY=VALUE",
        help="producer configuration property; repeatable",
    )
    p.add_argument(
        "--producer.config",
        dest="producer_config",
        metavar="FILE",
        help="producer properties file (as --command-config)",
    )
    p.add_argument("--request-required-acks", help="acks (0, 1, all)")
    p.add_argument(
        "--compression-codec", nargs="?", const="gzip", help="none, gzip, snappy, lz4 or zstd"
    )
    p.add_argument("--sync", action="store_true", help="wait for each record's acknowledgement")
    for flag, key, what in FLAG_PROPERTIES:
        p.add_argument(flag, type=int, metavar="N", help=f"{what} ({key})")
    p.add_argument(
        "--socket-buffer-size", type=int, metavar="N", help="accepted; the OS default is used"
    )
    p.add_argument(
        "--reader-config", metavar="FILE", help="line reader properties file (as --property)"
    )
    p.add_argument(
        "--line-reader",
        metavar="CLASS",
        help="only Kafka's default LineMessageReader is available",
    )
    return p


@dataclass
class LineFormat:
    """How one stdin line splits into headers, key and value."""

    parse_key: bool = False
    key_separator: str = "\t"
    parse_headers: bool = False
    headers_delimiter: str = "\t"
    headers_separator: str = ","
    headers_key_separator: str = ":"
    null_marker: str | None = None
    ignore_error: bool = False

    @classmethod
    def from_props(cls, props: dict[str, str]) -> LineFormat:
        def flag(name: str) -> bool:
            return props.get(name, "false").strip().lower() == "true"

        return cls(
            parse_key=flag("parse.key"),
            key_separator=props.get("key.separator", "\t"),
            parse_headers=flag("parse.headers"),
            headers_delimiter=props.get("headers.delimiter", "\t"),
            headers_separator=props.get("headers.separator", ","),
            headers_key_separator=props.get("headers.key.separator", ":"),
            null_marker=props.get("null.marker"),
            ignore_error=flag("ignore.error"),
        )

    def _null(self, text: str) -> bytes | None:
        return None if self.null_marker is not None and text == self.null_marker else text.encode()

    def parse(
        self, line: str, number: int
    ) -> tuple[list[tuple[str, bytes | None]], bytes | None, bytes | None]:
        """``(headers, key, value)`` of one line (without its newline)."""
        headers: list[tuple[str, bytes | None]] = []
        rest = line
        if self.parse_headers:
            head, sep, rest = rest.partition(self.headers_delimiter)
            if not sep:
                if not self.ignore_error:
                    raise ToolError(f"No headers delimiter found on line number {number}: '{line}'")
                head, rest = "", line
            for item in head.split(self.headers_separator) if head else []:
                hk, hsep, hv = item.partition(self.headers_key_separator)
                if not hsep and not self.ignore_error:
                    raise ToolError(
                        f"No header key separator found in pair '{item}' on line number {number}"
                    )
                headers.append((hk, self._null(hv) if hsep else None))
        key: bytes | None = None
        if self.parse_key:
            k, sep, value = rest.partition(self.key_separator)
            if not sep:
                if not self.ignore_error:
                    raise ToolError(f"No key separator found on line number {number}: '{line}'")
                return headers, None, self._null(rest)
            key, rest = self._null(k), value
        return headers, key, self._null(rest)


def producer_config(args: argparse.Namespace) -> dict[str, Any]:
    extra: dict[str, str] = {"linger.ms": "5", "client.id": "console-producer"}
    if args.producer_config:
        args.command_config = args.command_config or args.producer_config
    extra.update(parse_props(args.producer_property, "--producer-property"))
    # Kafka's dedicated flags win over --producer-property when given
    if args.request_required_acks is not None:
        extra["acks"] = args.request_required_acks
    if args.compression_codec:
        extra["compression.type"] = args.compression_codec
    for flag, key, _ in FLAG_PROPERTIES:
        value = getattr(args, flag.lstrip("-").replace("-", "_"))
        if value is not None and not (flag == "--max-partition-memory-bytes" and args.batch_size):
            extra[key] = str(value)
    conf = client_config(args, extra)
    if str(conf.get("acks", "all")) not in ("all", "-1") and "enable.idempotence" not in conf:
        conf["enable.idempotence"] = "false"  # as Kafka does when acks is set but not all
    return conf


def reader_properties(args: argparse.Namespace) -> dict[str, str]:
    """--reader-config file, then --property (Kafka's order)."""
    if args.line_reader and args.line_reader not in LINE_READERS:
        raise ToolError(
            f"Line reader {args.line_reader} is not available: Strom reads lines with Kafka's "
            "default LineMessageReader."
        )
    props = load_properties(args.reader_config)
    props.update(parse_props(args.property))
    return props


async def produce(args: argparse.Namespace) -> int:
    fmt = LineFormat.from_props(reader_properties(args))
    lines = _stdin_lines()
    pending: list[RecordFuture] = []
    async with AIOProducer(producer_config(args)) as producer:
        number = 0
        while True:
            raw = await lines.get()
            if raw is None:
                break
            number += 1
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            headers, key, value = fmt.parse(line, number)
            fut = await producer.send(args.topic, value, key, headers=headers)
            if args.sync:
                await fut
            else:
                pending.append(fut)
                if len(pending) >= 1000:
                    await _settle(pending)
        await producer.flush()
        await _settle(pending)
    return 0


def _stdin_lines() -> asyncio.Queue[bytes | None]:
    """Stdin lines fed by a daemon thread (so Ctrl-C never waits for a blocked read).

    The thread reads file descriptor 0 with ``os.read`` and writes the prompt with ``os.write``,
    never through ``sys.stdin``/``sys.stdout``: a daemon thread blocked inside a buffered read
    holds that buffer's lock, and the interpreter aborts at exit ("Fatal Python error:
    _enter_buffered_busy") when the tool fails while stdin is still open.
    """
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[bytes | None] = asyncio.Queue(maxsize=10000)

    # Kafka prompts with ">" only on an interactive console (stdin and stdout terminals)
    prompt = sys.stdin.isatty() and sys.stdout.isatty()

    def put(item: bytes | None) -> None:
        asyncio.run_coroutine_threadsafe(queue.put(item), loop).result()

    def reader() -> None:
        try:
            fd = sys.stdin.fileno()
            partial = bytearray()
            while True:
                if prompt and not partial:
                    os.write(sys.stdout.fileno(), b">")
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                start = 0
                while (end := chunk.find(b"\n", start)) >= 0:
                    partial += chunk[start : end + 1]
                    put(bytes(partial))
                    partial.clear()
                    start = end + 1
                partial += chunk[start:]
            if partial:
                put(bytes(partial))
            put(None)
        except (RuntimeError, OSError, ValueError, concurrent.futures.CancelledError):
            return  # the event loop is gone (the tool failed or was interrupted)

    threading.Thread(target=reader, name="stdin-reader", daemon=True).start()
    return queue


async def _settle(pending: list[RecordFuture]) -> None:
    """Wait for the deliveries so far; the first failure aborts the tool."""
    done = list(pending)
    pending.clear()
    for fut in done:
        await fut


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    return run(args, lambda: produce(args))
