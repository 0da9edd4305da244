"""Plumbing shared by the Kafka-style command-line tools (``strom topics``, ``strom
console-producer``, ...).

Owns: the common flags (``--bootstrap-server``, ``--command-config``, ``--debug``,
``--version``), ``k=v``
property parsing, Java ``.properties`` files, JSON input files, Kafka's two table layouts
(space-aligned columns and ``ToolsUtils.prettyPrintTable``), and running a tool's coroutine so
that every failure becomes one line on stderr and a non-zero exit code (a traceback only with
``--debug``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import traceback
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any

import strom
from strom.errors import ErrorCode, KafkaError
from strom.properties import PropertiesError, read_properties

KAFKA_VERSION = "3.9"


class ToolError(Exception):
    """A user-facing failure: its text is printed as is."""


def parser(
    prog: str, description: str, examples: str, bootstrap_required: bool = True
) -> argparse.ArgumentParser:
    """An ``ArgumentParser`` with the flags every tool shares and ``examples`` in ``--help``."""
    p = argparse.ArgumentParser(
        prog=prog,
        description=description,
        epilog="examples:\n" + examples,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--bootstrap-server",
        required=bootstrap_required,
        metavar="HOST:PORT",
        help="the broker(s) to connect to, comma separated",
    )
    p.add_argument(
        "--command-config", metavar="FILE", help="a properties file with client configuration"
    )
    p.add_argument("--debug", action="store_true", help="print tracebacks on errors")
    p.add_argument("--zookeeper", nargs="?", action=_Removed, help=argparse.SUPPRESS)
    p.add_argument("--version", action="version", version=version_text())
    return p


class _Removed(argparse.Action):
    """``--zookeeper``: removed from Kafka's tools in 3.0 (KIP-500); says what replaces it."""

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        parser.exit(
            2,
            f"{parser.prog}: --zookeeper was removed (Kafka 3.0, KIP-500): the tools talk to "
            "the brokers; use --bootstrap-server HOST:PORT instead.\n",
        )


def version_text() -> str:
    """``strom X.Y.Z (Kafka 3.9 tools)``, as ``--version`` prints it."""
    return f"strom {strom.__version__} (Kafka {KAFKA_VERSION} tools)"


def parse_props(items: list[str] | None, flag: str = "--property") -> dict[str, str]:
    """``["a=1", "b=x=y"]`` -> ``{"a": "1", "b": "x=y"}``."""
    out: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ToolError(f"Invalid {flag} {item!r}: expected key=value.")
        out[key.strip()] = value
    return out


def load_properties(path: str | None) -> dict[str, str]:
    """The Java properties file ``path`` (see :mod:`strom.properties`); {} for None."""
    if path is None:
        return {}
    try:
        return read_properties(path)
    except PropertiesError as e:
        raise ToolError(f"{str(e)[0].upper()}{str(e)[1:]}.") from None


def client_config(args: argparse.Namespace, *extra: dict[str, str]) -> dict[str, Any]:
    """Client properties: ``--command-config`` file, then ``extra`` maps, then bootstrap."""
    conf: dict[str, Any] = load_properties(args.command_config)
    for e in extra:
        conf.update(e)
    conf["bootstrap.servers"] = args.bootstrap_server
    return conf


def code_name(code: int) -> str:
    """``ErrorCode`` name of a protocol error code (``error code N`` when unknown)."""
    try:
        return ErrorCode(code).name
    except ValueError:
        return f"error code {code}"


def read_json(path: str, what: str) -> Any:
    """Parse the JSON file ``path`` (``what`` names the flag in errors)."""
    try:
        return json.loads(Path(path).read_text())
    except OSError as e:
        raise ToolError(f"Cannot read {what} {path}: {e.strerror}.") from e
    except ValueError as e:
        raise ToolError(f"{what} {path} is not valid JSON: {e}.") from e


def columns(header: list[str], rows: list[list[Any]], min_widths: list[int] | None = None) -> str:
    """Kafka's ``%-Ns %-Ns ...`` tables: left-aligned columns, one space apart, each at least
    ``min_widths[i]`` wide and wide enough for its longest cell."""
    cells = [[str(c) for c in row] for row in [header, *rows]]
    mins = min_widths or [0] * len(header)
    widths = [max([mins[i]] + [len(r[i]) for r in cells]) for i in range(len(header))]
    return "\n".join(
        " ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells
    )


def pretty_table(header: list[str], rows: list[list[Any]]) -> str:
    """Kafka's ``ToolsUtils.prettyPrintTable``: every cell padded to its column's width and
    followed by a tab."""
    cells = [[str(c) for c in row] for row in [header, *rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    return "\n".join(
        "".join(c.ljust(w) + "\t" for c, w in zip(r, widths, strict=True)) for r in cells
    )


def error_text(exc: BaseException) -> str:
    """One readable line for ``exc``; broker messages win over error-code names."""
    if isinstance(exc, ToolError):
        return str(exc)
    if isinstance(exc, KafkaError) and exc.code == ErrorCode.UNSUPPORTED_VERSION:
        text = str(exc)
        if text.startswith("broker does not support "):
            api = text.removeprefix("broker does not support ")
            return f"The broker does not support {api} (UNSUPPORTED_VERSION)."
        return f"{text} (UNSUPPORTED_VERSION)."
    if isinstance(exc, KafkaError):
        text = str(exc)
        name, sep, rest = text.partition(": ")
        if sep and name.isupper():
            _item, sep2, msg = rest.partition(": ")
            if sep2 and msg.strip().endswith("."):
                return msg.strip()
        return text
    if isinstance(exc, (OSError, asyncio.TimeoutError)):
        return f"{type(exc).__name__}: {exc}"
    return f"{type(exc).__name__}: {exc}"


async def within(setup: Awaitable[None], timeout_ms: int | None, bootstrap: str, flag: str) -> None:
    """Await ``setup`` (a client's first connection) for at most ``timeout_ms``: a tool's own
    timeout flag bounds how long it waits for an unreachable broker, and the error names the
    address it tried."""
    if timeout_ms is None:
        await setup
        return
    try:
        await asyncio.wait_for(setup, timeout_ms / 1000)
    except TimeoutError:
        raise ToolError(f"No answer from {bootstrap} within {flag} {timeout_ms}.") from None


def run(args: argparse.Namespace, body: Callable[[], Coroutine[Any, Any, int]]) -> int:
    """Run ``body`` on a fresh event loop; errors become one stderr line and exit code 1."""
    try:
        return asyncio.run(body())
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:
        if getattr(args, "debug", False):
            traceback.print_exc()
        print(f"Error: {error_text(e)}", file=sys.stderr)
        return 1
