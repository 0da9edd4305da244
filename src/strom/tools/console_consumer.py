"""``strom console-consumer``: Kafka's ``kafka-console-consumer.sh``.

Owns: Kafka's flags (--topic or --include REGEX, --group, --from-beginning, --partition,
--offset, --max-messages, --timeout-ms, --isolation-level, --consumer-property, --formatter,
--formatter-config, --key-deserializer, --value-deserializer) and the output of Kafka's
``DefaultMessageFormatter`` (print.timestamp, print.partition, print.offset, print.headers,
print.key, print.value, key.separator, line.separator, headers.separator, null.literal,
key.deserializer, value.deserializer, header.deserializer; see :mod:`deserializers`).
``NoOpMessageFormatter`` prints nothing (only the count).

With --group the consumer joins the group and commits exactly the offsets it printed (so after
``--max-messages 4`` of 6 records the group's lag is 2). Without --group it reads the topic's
partitions (or --partition) directly and commits nothing. Ends after --max-messages, after
--timeout-ms without a record, or on Ctrl-C; "Processed a total of N messages" goes to stderr.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from strom.client import AIOConsumer, ConsumerRecord, TopicPartition
from strom.tools._common import (
    ToolError,
    client_config,
    load_properties,
    parse_props,
    parser,
    run,
    within,
)
from strom.tools.deserializers import DeserializationError, Deserializer, deserializer

EXAMPLES = """\
  strom console-consumer --bootstrap-server localhost:9092 --topic orders --from-beginning
  strom console-consumer --bootstrap-server localhost:9092 --topic orders --group billing \\
      --from-beginning --property print.key=true --property key.separator=:
  strom console-consumer --bootstrap-server localhost:9092 --topic orders --partition 0 \\
      --offset 0 --max-messages 10 --property print.offset=true --property print.timestamp=true
  strom console-consumer --bootstrap-server localhost:9092 --include 'orders|payments' \\
      --from-beginning --property print.key=true \\
      --value-deserializer org.apache.kafka.common.serialization.LongDeserializer
"""

TIMESTAMP_TYPES = {0: "CreateTime", 1: "LogAppendTime"}


def build_parser() -> argparse.ArgumentParser:
    p = parser("strom console-consumer", "Print records of a topic to standard output.", EXAMPLES)
    p.add_argument("--topic", help="the topic to consume")
    p.add_argument(
        "--include", "--whitelist", dest="include", metavar="REGEX", help="topics to consume"
    )
    p.add_argument("--group", help="consumer group id (commits what was printed)")
    p.add_argument(
        "--from-beginning",
        action="store_true",
        help="start at the earliest offset when there is no committed one",
    )
    p.add_argument("--partition", type=int, help="consume only this partition")
    p.add_argument(
        "--offset",
        default=None,
        help="with --partition: earliest, latest or an offset (default latest)",
    )
    p.add_argument("--max-messages", type=int, help="exit after this many records")
    p.add_argument("--timeout-ms", type=int, help="exit when no record arrives for this long")
    p.add_argument(
        "--isolation-level",
        choices=("read_uncommitted", "read_committed"),
        default="read_uncommitted",
    )
    p.add_argument(
        "--property",
        action="append",
        metavar="KEY=VALUE",
        help="formatter property (print.key, key.separator, print.offset, ...)",
    )
    p.add_argument(
        "--consumer-property",
        action="append",
        metavar="KEY=VALUE",
        help="consumer configuration property; repeatable",
    )
    p.add_argument(
        "--consumer.config",
        dest="consumer_config",
        metavar="FILE",
        help="consumer properties file (as --command-config)",
    )
    p.add_argument("--formatter", metavar="CLASS", help="DefaultMessageFormatter (the default)")
    p.add_argument("--formatter-config", metavar="FILE", help="formatter properties file")
    p.add_argument("--key-deserializer", metavar="CLASS", help="as key.deserializer")
    p.add_argument("--value-deserializer", metavar="CLASS", help="as value.deserializer")
    p.add_argument(
        "--skip-message-on-error",
        action="store_true",
        help="skip records that cannot be printed instead of stopping",
    )
    return p


@dataclass
class Formatter:
    """Kafka's ``DefaultMessageFormatter``."""

    print_timestamp: bool = False
    print_partition: bool = False
    print_offset: bool = False
    print_headers: bool = False
    print_key: bool = False
    print_value: bool = True
    key_separator: str = "\t"
    line_separator: str = "\n"
    headers_separator: str = ","
    null_literal: str = "null"
    key_deserializer: Deserializer = field(default=deserializer(None))
    value_deserializer: Deserializer = field(default=deserializer(None))
    header_deserializer: Deserializer = field(default=deserializer(None))

    @classmethod
    def from_props(cls, props: dict[str, str]) -> Formatter:
        def flag(name: str, default: bool = False) -> bool:
            return props.get(name, str(default)).strip().lower() == "true"

        return cls(
            print_timestamp=flag("print.timestamp"),
            print_partition=flag("print.partition"),
            print_offset=flag("print.offset"),
            print_headers=flag("print.headers"),
            print_key=flag("print.key"),
            print_value=flag("print.value", True),
            key_separator=props.get("key.separator", "\t"),
            line_separator=props.get("line.separator", "\n"),
            headers_separator=props.get("headers.separator", ","),
            null_literal=props.get("null.literal", "null"),
            key_deserializer=deserializer(props.get("key.deserializer")),
            value_deserializer=deserializer(props.get("value.deserializer")),
            header_deserializer=deserializer(
                props.get("headers.deserializer", props.get("header.deserializer"))
            ),
        )

    def _text(self, data: bytes | None, read: Deserializer) -> str:
        return self.null_literal if data is None else read(data)

    def format(self, r: ConsumerRecord) -> str:
        fields: list[str] = []
        if self.print_timestamp:
            kind = TIMESTAMP_TYPES.get(r.timestamp_type)
            fields.append(f"{kind}:{r.timestamp}" if kind and r.timestamp >= 0 else "NO_TIMESTAMP")
        if self.print_partition:
            fields.append(f"Partition:{r.partition}")
        if self.print_offset:
            fields.append(f"Offset:{r.offset}")
        if self.print_headers:
            pairs = [f"{k}:{self._text(v, self.header_deserializer)}" for k, v in r.headers]
            fields.append(self.headers_separator.join(pairs) if pairs else "NO_HEADERS")
        if self.print_key:
            fields.append(self._text(r.key, self.key_deserializer))
        if self.print_value:
            fields.append(self._text(r.value, self.value_deserializer))
        return self.key_separator.join(fields) + self.line_separator


DEFAULT_FORMATTERS = (
    "kafka.tools.DefaultMessageFormatter",
    "org.apache.kafka.tools.consumer.DefaultMessageFormatter",
)
NOOP_FORMATTERS = (
    "kafka.tools.NoOpMessageFormatter",
    "org.apache.kafka.tools.consumer.NoOpMessageFormatter",
)


class NoOpFormatter(Formatter):
    """Kafka's ``NoOpMessageFormatter``: consumes, prints nothing."""

    def format(self, r: ConsumerRecord) -> str:
        return ""


def make_formatter(args: argparse.Namespace) -> Formatter:
    """--formatter-config file, then --property, then the deserializer flags (Kafka's order)."""
    props = load_properties(args.formatter_config)
    props.update(parse_props(args.property))
    if args.key_deserializer:
        props["key.deserializer"] = args.key_deserializer
    if args.value_deserializer:
        props["value.deserializer"] = args.value_deserializer
    fmt = Formatter.from_props(props)
    if args.formatter is None or args.formatter in DEFAULT_FORMATTERS:
        return fmt
    if args.formatter in NOOP_FORMATTERS:
        return NoOpFormatter()
    raise ToolError(
        f"Formatter {args.formatter} is not available: use {DEFAULT_FORMATTERS[1]} or "
        f"{NOOP_FORMATTERS[1]}."
    )


def consumer_config(args: argparse.Namespace) -> dict[str, Any]:
    """--consumer.config, then --consumer-property, then the flags (Kafka's order); sets
    ``args.group`` to the group id given in any of them."""
    props = load_properties(args.consumer_config)
    props.update(parse_props(args.consumer_property, "--consumer-property"))
    groups = sorted({g for g in (args.group, props.get("group.id")) if g})
    if len(groups) > 1:
        raise ToolError(
            "The group ids provided in different places (directly using '--group', via "
            "'--consumer-property', or via '--consumer.config') do not match. Detected group "
            "ids: " + ", ".join(f"'{g}'" for g in groups)
        )
    args.group = groups[0] if groups else None
    if args.group and args.partition is not None:
        raise ToolError("Options group and partition cannot be specified together.")
    reset = props.get("auto.offset.reset")
    if reset is not None and args.from_beginning and reset != "earliest":
        raise ToolError(
            f"Can't simultaneously specify --from-beginning and 'auto.offset.reset={reset}', "
            "please remove one option"
        )
    extra: dict[str, str] = {
        "auto.offset.reset": "earliest" if args.from_beginning else "latest",
        "enable.auto.commit": "false",
        "client.id": "console-consumer",
        **props,
        "isolation.level": args.isolation_level,
    }
    if args.group:
        extra["group.id"] = args.group
    elif args.include:
        extra["group.id"] = f"console-consumer-{random.randrange(100000)}"
    return client_config(args, extra)


def check_args(args: argparse.Namespace) -> None:
    """Kafka's ``ConsoleConsumerOptions.checkRequiredArgs`` and offset parsing."""
    if (args.topic is None) == (args.include is None):
        raise ToolError("Exactly one of --include/--topic is required.")
    if args.partition is not None:
        if args.topic is None:
            raise ToolError("The topic is required when partition is specified.")
        if args.from_beginning and args.offset is not None:
            raise ToolError("Options from-beginning and offset cannot be specified together.")
    elif args.offset is not None:
        raise ToolError("The partition is required when offset is specified.")
    if args.offset is not None and args.offset.lower() not in ("earliest", "latest"):
        try:
            valid = int(args.offset) >= 0
        except ValueError:
            valid = False
        if not valid:
            raise ToolError(
                f"The provided offset value '{args.offset}' is incorrect. Valid values are "
                "'earliest', 'latest', or a non-negative long."
            )
    if args.include:
        try:
            re.compile(args.include)
        except re.error as e:
            raise ToolError(f"Invalid --include regular expression {args.include!r}: {e}.") from e


async def start_position(
    consumer: AIOConsumer,
    args: argparse.Namespace,
    started: float,
    joined: Callable[[list[TopicPartition]], None],
) -> None:
    """Assign partitions (without --group) or subscribe (``joined`` is called with each
    assignment, an empty one too), and seek per --offset; a topic that does not exist fails after
    10 s, or once --timeout-ms has passed since ``started``."""
    if args.include:
        consumer.subscribe(pattern=args.include, on_assigned=joined)
        return
    if args.partition is None and args.group is not None:
        consumer.subscribe([args.topic], on_assigned=joined)
        return
    wait = (
        10.0 if args.timeout_ms is None else args.timeout_ms / 1000 - (time.monotonic() - started)
    )
    parts = await consumer.cluster.wait_for_topic(args.topic, wait)
    if args.partition is not None:
        if args.partition not in parts:
            raise ToolError(f"Partition {args.partition} of topic '{args.topic}' does not exist.")
        parts = [args.partition]
    tps = [TopicPartition(args.topic, p) for p in parts]
    consumer.assign(tps)
    where = (args.offset or ("earliest" if args.from_beginning else "latest")).lower()
    if where == "earliest":
        await consumer.seek_to_beginning(*tps)
    elif where == "latest":
        await consumer.seek_to_end(*tps)
    else:
        consumer.seek(tps[0], int(where))  # check_args made sure it is a number >= 0


async def consume(args: argparse.Namespace) -> int:
    check_args(args)
    fmt = make_formatter(args)
    consumer = AIOConsumer(consumer_config(args))
    count = 0
    done: dict[TopicPartition, int] = {}
    committed: dict[TopicPartition, int] = {}
    out = sys.stdout
    try:
        started = time.monotonic()
        await within(consumer.start(), args.timeout_ms, args.bootstrap_server, "--timeout-ms")
        assigned: list[bool] = []
        await start_position(consumer, args, started, lambda _tps: assigned.append(True))
        last = time.monotonic()
        joined = (args.group is None and not args.include) or args.partition is not None
        while args.max_messages is None or count < args.max_messages:
            if not joined and (assigned or time.monotonic() - last > 30):
                # The --timeout-ms clock starts once the group has assigned partitions, or
                # assigned none (a topic that does not exist).
                joined, last = True, time.monotonic()
            if args.timeout_ms is not None and joined:
                left = args.timeout_ms / 1000 - (time.monotonic() - last)
                if left <= 0:
                    break
            else:
                left = 1.0
            records = await consumer.poll(min(left, 1.0))
            if records:
                last = time.monotonic()
            for r in records:
                if args.max_messages is not None and count >= args.max_messages:
                    break
                try:
                    text = fmt.format(r)
                except DeserializationError as e:
                    if not args.skip_message_on_error:
                        raise ToolError(
                            f"Error processing message {r.topic}-{r.partition}@{r.offset}: {e}"
                        ) from e
                    continue
                except Exception:
                    if not args.skip_message_on_error:
                        raise
                    continue
                out.write(text)
                count += 1
                done[TopicPartition(r.topic, r.partition)] = r.offset + 1
            out.flush()
            if args.group and done != committed:
                await consumer.commit(dict(done))
                committed = dict(done)
    finally:
        if args.group and done != committed:
            await consumer.commit(dict(done))
        await consumer.close()
        print(f"Processed a total of {count} messages", file=sys.stderr)
    return 0


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    return run(args, lambda: consume(args))
