"""The two ways an :class:`~strom.testing.EmbeddedBroker` runs a broker: on a thread of the test
process (:class:`ThreadRunner`) or as a ``strom broker`` child process (:class:`ProcessRunner`).

Owns the broker's lifetime only: start with a dict of Kafka settings and report the bound port;
stop cleanly; and the faults each way can produce for real. Both take the same settings and run
the same :class:`~strom.broker.broker.Broker`, so a test sees the same broker either way.

* ThreadRunner: ``Broker`` on a fresh event loop (uvloop when installed) on a daemon thread. Stop is
  ``Broker.shutdown`` on that loop. Pause blocks that loop (the broker's sockets stay open and
  accept, nothing is answered), which is what a stopped process looks like to a client. A hard
  kill cannot be done honestly inside the test process, so :meth:`ThreadRunner.kill` raises
  :class:`FaultNotSupported`.
* ProcessRunner: ``python -m strom.tools.cli broker`` in its own process group (a terminal's Ctrl-C
  reaches only the test process, which then stops the broker). Kill is SIGKILL, pause is SIGSTOP,
  resume SIGCONT, stop is SIGTERM (then SIGKILL after a timeout). The owner registers the data
  directory, which the command line names, with the :class:`~strom.testing.reaper.Reaper`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Protocol

from strom.tools.local_cluster import source_env
from strom.tools.zookeeper import process_state


class BrokerStartError(RuntimeError):
    """The broker did not start (the message carries the end of its log) or its event loop failed
    while serving or shutting down."""


class FaultNotSupported(RuntimeError):
    """This fault cannot be produced honestly by the broker's runner (use ``mode='subprocess'``)."""


class Runner(Protocol):
    def start(self, settings: dict[str, str], timeout: float) -> int: ...
    def stop(self, timeout: float) -> None: ...
    def kill(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...
    @property
    def alive(self) -> bool: ...
    @property
    def pid(self) -> int: ...


class ThreadRunner:
    """A broker on its own event loop on a daemon thread of this process."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._port = 0
        self._gate: threading.Event | None = None

    @property
    def alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def pid(self) -> int:
        return os.getpid()

    def start(self, settings: dict[str, str], timeout: float) -> int:
        from strom.broker.config import BrokerConfig

        config = BrokerConfig(settings)  # a ConfigError surfaces here, in the caller's thread
        self._ready.clear()
        self._error = None
        self._thread = threading.Thread(
            target=self._run, args=(config,), name="strom-embedded-broker", daemon=True
        )
        self._thread.start()
        if not self._ready.wait(timeout):
            raise BrokerStartError(f"the broker did not start within {timeout} s")
        error, self._error = self._error, None
        if error is not None:
            raise BrokerStartError(f"the broker failed to start: {error!r}") from error
        return self._port

    def _run(self, config: Any) -> None:
        loop = _new_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve(config))
        except BaseException as exc:  # reported to start() or kept for stop()
            self._error = exc
        finally:
            self._ready.set()
            with contextlib.suppress(Exception):
                loop.run_until_complete(loop.shutdown_asyncgens())
                loop.run_until_complete(loop.shutdown_default_executor())
            loop.close()

    async def _serve(self, config: Any) -> None:
        from strom.broker.broker import Broker

        broker = Broker(config)
        self._stop = asyncio.Event()
        await broker.start()
        self._port = broker.server.bound[0][2]
        self._ready.set()
        await self._stop.wait()
        await broker.shutdown()

    def stop(self, timeout: float) -> None:
        thread, loop, stop = self._thread, self._loop, self._stop
        if thread is None or loop is None or stop is None:
            return
        self.resume()
        if thread.is_alive():
            with contextlib.suppress(RuntimeError):  # the loop closed already
                loop.call_soon_threadsafe(stop.set)
            thread.join(timeout)
        self._thread = None
        if thread.is_alive():
            raise BrokerStartError(f"the broker did not shut down within {timeout} s")
        error, self._error = self._error, None
        if error is not None:  # the broker's loop failed while serving or shutting down
            raise BrokerStartError(f"the broker failed: {error!r}") from error

    def kill(self) -> None:
        raise FaultNotSupported(
            "a hard kill needs the broker in its own process: EmbeddedBroker(mode='subprocess') "
            "or @pytest.mark.strom(mode='subprocess')"
        )

    def pause(self) -> None:
        if self._loop is None or not self.alive or self._gate is not None:
            return
        gate, entered = threading.Event(), threading.Event()

        def hold() -> None:
            entered.set()
            gate.wait()

        self._gate = gate
        self._loop.call_soon_threadsafe(hold)
        entered.wait(10)

    def resume(self) -> None:
        gate, self._gate = self._gate, None
        if gate is not None:
            gate.set()


def _new_loop() -> asyncio.AbstractEventLoop:
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop()
    loop: asyncio.AbstractEventLoop = uvloop.new_event_loop()
    return loop


_LISTENING = re.compile(rb"listening on PLAINTEXT://[^:\s]+:(\d+)")


class ProcessRunner:
    """A ``strom broker`` child process; its stdout and stderr go to ``log_path``."""

    def __init__(self, log_path: Path) -> None:
        self.log_path = log_path
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    @property
    def pid(self) -> int:
        if self.proc is None:
            raise RuntimeError("the broker is not running")
        return self.proc.pid

    def start(self, settings: dict[str, str], timeout: float) -> int:
        cmd = [sys.executable, "-m", "strom.tools.cli", "broker"]
        for key, value in settings.items():
            cmd += ["--override", f"{key}={value}"]
        with open(self.log_path, "ab") as log:
            offset = log.tell()
            self.proc = subprocess.Popen(
                cmd,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=source_env(),
                start_new_session=True,
            )
        deadline = time.monotonic() + timeout
        while True:
            port = self._bound_port(offset)
            if port is not None:
                return port
            if self.proc.poll() is not None:
                self._reaped()
                raise BrokerStartError(f"the broker exited at start; log:\n{self._tail(offset)}")
            if time.monotonic() > deadline:
                self.kill()
                raise BrokerStartError(
                    f"the broker did not start within {timeout} s; log:\n{self._tail(offset)}"
                )
            time.sleep(0.01)

    def _bound_port(self, offset: int) -> int | None:
        with open(self.log_path, "rb") as log:
            log.seek(offset)
            text = log.read()
        if b" ready on " not in text:
            return None
        found = _LISTENING.search(text)
        return int(found.group(1)) if found else None

    def _tail(self, offset: int) -> str:
        with open(self.log_path, "rb") as log:
            log.seek(offset)
            return log.read()[-4000:].decode(errors="replace")

    def stop(self, timeout: float) -> None:
        proc = self.proc
        if proc is None:
            return
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            proc.send_signal(signal.SIGCONT)  # a paused broker must run to handle SIGTERM
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                _kill_group(proc)
        self._reaped()

    def kill(self) -> None:
        proc = self.proc
        if proc is None:
            return
        _kill_group(proc)
        self._reaped()

    def pause(self) -> None:
        self._signal(signal.SIGSTOP, stopped=True)

    def resume(self) -> None:
        self._signal(signal.SIGCONT, stopped=False)

    def _signal(self, sig: signal.Signals, stopped: bool) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(sig)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if (process_state(self.proc.pid) in ("T", "t")) == stopped:
                return
            time.sleep(0.005)

    def _reaped(self) -> None:
        self.proc = None


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(OSError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        proc.kill()
    proc.wait(10)
