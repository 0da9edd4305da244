"""``strom broker``: parse the configuration, run one broker until SIGTERM/SIGINT.

Logging: ``--log-level LEVEL``, ``--log-config FILE`` (Python logging dictConfig JSON or INI),
``--log-file FILE`` (size-rotated), see :mod:`strom.broker.logging_control`.
SIGTERM and SIGINT start a clean shutdown; a second signal exits at once. SIGUSR1 logs the stack
of every asyncio task (the broker's ``jstack``). Expected startup failures (an invalid
configuration, a listener port in use, a log directory that cannot be created or read, a broker id
taken in ZooKeeper) are one line on stderr and exit status 1, never a traceback. Once started,
the process's garbage collector is set for serving (:mod:`strom.broker.gc_policy`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import logging
import os
import signal
import sys
from pathlib import Path
from typing import Any

from strom.broker.config import ConfigError, load_config
from strom.broker.gc_policy import tune_for_serving
from strom.broker.logging_control import configure_logging
from strom.cluster.zk_store import BrokerIdTakenError


def _dump_tasks() -> None:
    """Log every asyncio task with its await chain, outermost first (SIGUSR1)."""
    out = io.StringIO()
    tasks = asyncio.all_tasks()
    for t in tasks:
        out.write(f"--- {t.get_name()}\n")
        coro: Any = t.get_coro()
        while coro is not None:
            frame = getattr(coro, "cr_frame", None) or getattr(coro, "gi_frame", None)
            if frame is not None:
                out.write(f"  {frame.f_code.co_filename}:{frame.f_lineno} {frame.f_code.co_name}\n")
            coro = getattr(coro, "cr_await", None) or getattr(coro, "gi_yieldfrom", None)
    logging.getLogger("strom.broker").warning("%d asyncio tasks:\n%s", len(tasks), out.getvalue())


def _install_uvloop() -> None:
    try:
        import uvloop
    except ImportError:
        return
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())


class StartupError(Exception):
    """The broker could not start for a reason outside the program (a port, a directory)."""


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="strom broker",
        description="Run one Kafka-compatible broker until SIGTERM or Ctrl-C.",
        epilog="examples:\n"
        "  strom broker\n"
        "  strom broker config/server.properties --override broker.id=2\n"
        "  strom broker --override listeners=PLAINTEXT://127.0.0.1:9093 "
        "--override log.dirs=/tmp/strom-2\n",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "config",
        nargs="?",
        metavar="server.properties",
        help="a Java properties file with Kafka's broker keys (default: every key's default)",
    )
    p.add_argument(
        "--override",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a broker property that wins over the file; repeatable",
    )
    p.add_argument(
        "--log-level",
        metavar="LEVEL",
        help="root log level: TRACE, DEBUG, INFO (default), WARN, ERROR, FATAL or OFF",
    )
    p.add_argument(
        "--log-config",
        metavar="FILE",
        help="Python logging configuration: FILE.json (dictConfig) or an INI fileConfig file",
    )
    p.add_argument(
        "--log-file", metavar="PATH", help="also log to PATH, rotated at 100 MiB (10 kept)"
    )
    return p


async def _start(broker: Any) -> None:
    """``broker.start()``; an OSError (port in use, unusable log dir) becomes a StartupError
    after a best-effort release of what was opened."""
    try:
        await broker.start()
    except OSError as exc:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(broker.shutdown(), 10)
        raise StartupError(_os_error_text(exc)) from None


def _os_error_text(exc: OSError) -> str:
    text = str(exc)
    if exc.strerror and exc.filename is not None:
        text = f"{exc.strerror}: {exc.filename}"
    return text


def check_log_dirs(dirs: list[Path]) -> None:
    """Kafka's ``createAndValidateLogDirs``: each directory exists (created when missing), is a
    directory, and can be listed; StartupError naming the directory otherwise."""
    for d in dirs:
        try:
            d.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise StartupError(f"log directory {d} is not a directory") from None
        except OSError as exc:
            raise StartupError(f"cannot create log directory {d}: {exc.strerror}") from None
        if not d.is_dir():
            raise StartupError(f"log directory {d} is not a directory")
        try:
            next(iter(os.scandir(d)), None)
        except OSError as exc:
            raise StartupError(f"cannot read log directory {d}: {exc.strerror}") from None


async def _serve(args: argparse.Namespace) -> int:
    from strom.broker.broker import Broker

    config = load_config(args.config, args.override)
    check_log_dirs(config.log_dirs)
    try:
        broker = Broker(config)
    except OSError as exc:
        raise StartupError(_os_error_text(exc)) from None
    await _start(broker)
    tune_for_serving()  # start-up's objects frozen, fewer young collections (ADR 0031)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    signals = 0

    def on_signal() -> None:
        nonlocal signals
        signals += 1
        if signals > 1:
            logging.getLogger("strom.broker").warning("second signal: exiting now")
            raise SystemExit(1)
        stop.set()

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, on_signal)
    loop.add_signal_handler(signal.SIGUSR1, _dump_tasks)
    host, port = broker.advertised_listeners.address()
    print(f"strom broker {broker.broker_id} ready on {host}:{port}", flush=True)
    await stop.wait()
    await broker.shutdown()
    return 0


def run_broker(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    try:
        configure_logging(args.log_level, args.log_config, args.log_file)
    except (ConfigError, ValueError, OSError) as exc:
        print(f"strom broker: {exc}", file=sys.stderr)
        return 1
    _install_uvloop()
    try:
        return asyncio.run(_serve(args))
    except (ConfigError, StartupError, BrokerIdTakenError) as exc:
        print(f"strom broker: {exc}", file=sys.stderr)
        return 1
