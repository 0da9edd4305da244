"""``strom broker``: parse the configuration, run one broker until SIGTERM/SIGINT.

Logging: ``--log-level LEVEL``, ``--log-config FILE`` (Python logging dictConfig JSON or INI),
``--log-file FILE`` (size-rotated), see :mod:`strom.broker.logging_control`.
SIGTERM and SIGINT start a clean shutdown; a second signal exits at once. SIGUSR1 logs the stack
of every asyncio task (the broker's ``jstack``). Exit status 1 with a one-line message for an
invalid configuration.
"""

from __future__ import annotations

import asyncio
import io
import logging
import signal
import sys
from typing import Any

from strom.broker.config import ConfigError, load_config
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


async def _serve(argv: list[str]) -> int:
    from strom.broker.broker import Broker

    config = load_config(argv)
    broker = Broker(config)
    await broker.start()
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
    host, port = broker.advertised()
    print(f"strom broker {broker.broker_id} ready on {host}:{port}", flush=True)
    await stop.wait()
    await broker.shutdown()
    return 0


LOGGING_FLAGS = ("--log-level", "--log-config", "--log-file")


def split_logging_flags(argv: list[str]) -> tuple[dict[str, str], list[str]]:
    """Take ``--log-level L``, ``--log-config FILE``, ``--log-file FILE`` (or ``--flag=value``)
    out of ``argv``; the rest is the broker configuration."""
    flags: dict[str, str] = {}
    rest: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        name, eq, value = arg.partition("=")
        if name in LOGGING_FLAGS:
            if not eq:
                if i + 1 >= len(argv):
                    raise ConfigError(f"{name} takes a value")
                value = argv[i + 1]
                i += 1
            flags[name] = value
        else:
            rest.append(arg)
        i += 1
    return flags, rest


def run_broker(argv: list[str]) -> int:
    try:
        flags, argv = split_logging_flags(argv)
        configure_logging(
            flags.get("--log-level"), flags.get("--log-config"), flags.get("--log-file")
        )
    except (ConfigError, ValueError, OSError) as exc:
        print(f"strom broker: {exc}", file=sys.stderr)
        return 1
    _install_uvloop()
    try:
        return asyncio.run(_serve(argv))
    except ConfigError as exc:
        print(f"strom broker: {exc}", file=sys.stderr)
        return 1
    except BrokerIdTakenError as exc:
        print(f"strom broker: {exc}", file=sys.stderr)
        return 1
