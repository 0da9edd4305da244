"""EmbeddedBroker: a real single-node Strom broker for tests, on a free 127.0.0.1 port, with its
data in a temporary directory it deletes when it closes.

Owns: the broker's settings (test-friendly defaults, then the caller's overrides), its data
directory (under :func:`data_root`: memory-backed ``/dev/shm`` when it has room), its port
across restarts, the optional :class:`~strom.testing.proxy.FaultProxy` in front of it, topics to
create at start, and the fault helpers tests call (stop, start, restart, kill, pause, resume, cut
and block client connections). How the broker runs is a
:mod:`strom.testing.runners` runner: ``mode="thread"`` (the default: same process, its own thread
and event loop; see ``docs/decisions/0004-embedded-broker-mode.md`` for the measurements) or
``mode="subprocess"``.

Invariants: the broker binds 127.0.0.1 only; the port, once chosen, is kept by every restart (so
a client's bootstrap address stays valid); everything started or created is registered with the
:class:`~strom.testing.reaper.Reaper` before :meth:`EmbeddedBroker.start` returns and removed by
:meth:`EmbeddedBroker.close`, which is idempotent and runs from ``__exit__``, ``__aexit__`` and
at interpreter exit.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, Literal

from strom.testing.helpers import TopicSpec, create_topics
from strom.testing.proxy import FaultProxy
from strom.testing.reaper import Reaper
from strom.testing.runners import FaultNotSupported, ProcessRunner, Runner, ThreadRunner

Mode = Literal["thread", "subprocess"]
DEFAULT_MODE: Mode = "thread"

# Settings Kafka's own test harnesses use too: one broker, so internal topics have one replica;
# few internal partitions, so the first group or transaction does not create 50 logs; no initial
# rebalance delay, so a lone consumer gets its assignment at once. Every one can be overridden.
TEST_DEFAULTS: dict[str, str] = {
    "broker.id": "1",
    "num.partitions": "1",
    "offsets.topic.replication.factor": "1",
    "offsets.topic.num.partitions": "1",
    "transaction.state.log.replication.factor": "1",
    "transaction.state.log.min.isr": "1",
    "transaction.state.log.num.partitions": "1",
    "group.initial.rebalance.delay.ms": "0",
}

_open_brokers: set[EmbeddedBroker] = set()

DATA_ROOT_ENV = "STROM_TEST_DATA_ROOT"
_SHM = Path("/dev/shm")
_SHM_MIN_FREE = 1 << 30


def data_root() -> Path:
    """Where test brokers put their temporary directories: ``$STROM_TEST_DATA_ROOT`` when set;
    else ``/dev/shm`` when it is a tmpfs with at least 1 GiB free (memory-backed files: the broker
    makes the same calls, only fsync costs nothing, which no test can observe); else the system
    temporary directory (``$TMPDIR``)."""
    explicit = os.environ.get(DATA_ROOT_ENV)
    if explicit:
        return Path(explicit)
    try:
        st = os.statvfs(_SHM)
        if st.f_bavail * st.f_frsize >= _SHM_MIN_FREE and os.access(_SHM, os.W_OK):
            return _SHM
    except OSError:
        pass
    return Path(tempfile.gettempdir())


def settings_from(config: Mapping[str, Any] | None, overrides: Mapping[str, Any]) -> dict[str, str]:
    """Kafka settings from a ``{"log.segment.bytes": 1024}`` mapping and ``log_segment_bytes=1024``
    keywords (underscores become dots); booleans become ``true``/``false``."""
    out: dict[str, str] = {}
    for key, value in [*(config or {}).items(), *overrides.items()]:
        name = key if "." in key else key.replace("_", ".")
        out[name] = str(value).lower() if isinstance(value, bool) else str(value)
    return out


class EmbeddedBroker:
    """A single-node broker: ``with EmbeddedBroker(topics={"orders": 3}) as broker:`` then
    ``broker.bootstrap`` (also ``str(broker)``) is its ``127.0.0.1:PORT``.

    ``config`` and keyword arguments are Kafka broker settings. ``topics`` maps names to a partition
    count or a :class:`~strom.testing.helpers.TopicSpec` (an iterable of names means one partition
    each). ``proxy=True`` puts a :class:`~strom.testing.proxy.FaultProxy` in front, which
    :meth:`cut_connections` and :meth:`block_connections` need. ``data_dir`` keeps the data
    somewhere of the caller's (not deleted); by default a fresh temporary directory is used and
    deleted on :meth:`close`.
    """

    def __init__(
        self,
        config: Mapping[str, Any] | None = None,
        *,
        topics: Mapping[str, int | TopicSpec] | Iterable[str] = (),
        mode: Mode = DEFAULT_MODE,
        proxy: bool = False,
        data_dir: Path | str | None = None,
        start_timeout: float = 60.0,
        **settings: Any,
    ) -> None:
        if mode not in ("thread", "subprocess"):
            raise ValueError(f"mode must be 'thread' or 'subprocess', not {mode!r}")
        self.mode: Mode = mode
        self.settings = {**TEST_DEFAULTS, **settings_from(config, settings)}
        self.topics: dict[str, TopicSpec] = _topic_specs(topics)
        self.start_timeout = start_timeout
        self._own_dir = data_dir is None
        self._base: Path | None = None if data_dir is None else Path(data_dir)
        self._with_proxy = proxy
        self.proxy: FaultProxy | None = None
        self.port = 0  # the broker's own port
        self._runner: Runner | None = None
        self._closed = False
        self._started_once = False

    # -- addresses ---------------------------------------------------------------------------
    @property
    def bootstrap(self) -> str:
        """``127.0.0.1:PORT`` for ``bootstrap.servers`` (the proxy's port when there is one)."""
        if self.proxy is not None:
            return self.proxy.address
        if not self.port:
            raise RuntimeError("the broker has not been started")
        return f"127.0.0.1:{self.port}"

    def __str__(self) -> str:
        return self.bootstrap

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        return f"<EmbeddedBroker {self.mode} {state} on 127.0.0.1:{self.port}>"

    @property
    def data_dir(self) -> Path:
        """The broker's ``log.dirs``."""
        return self._base_dir() / "data"

    @property
    def log_path(self) -> Path:
        """The subprocess broker's stdout and stderr (empty in thread mode, which logs through
        Python's ``logging``)."""
        return self._base_dir() / "broker.log"

    @property
    def running(self) -> bool:
        return self._runner is not None and self._runner.alive

    @property
    def pid(self) -> int:
        """The broker's process id (this process's in thread mode)."""
        if self._runner is None:
            raise RuntimeError("the broker is not running")
        return self._runner.pid

    def _base_dir(self) -> Path:
        if self._base is None:
            self._base = Path(tempfile.mkdtemp(prefix="strom-test-", dir=data_root()))
            Reaper.watch_dir(self._base)
        return self._base

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self) -> EmbeddedBroker:
        """Start the broker (again, after :meth:`stop` or :meth:`kill`: same port, same data)
        and, the first time, create :attr:`topics`."""
        if self._closed:
            raise RuntimeError("this EmbeddedBroker is closed")
        if self.running:
            return self
        base = self._base_dir()
        first = not self._started_once
        if first:
            _open_brokers.add(self)
        try:
            if self._with_proxy and self.proxy is None:
                self.proxy = FaultProxy(0).start()
            self._runner = self._runner or self._new_runner(base)
            self.port = self._runner.start(self._effective_settings(), self.start_timeout)
            if self.proxy is not None:
                self.proxy.target_port = self.port
            self._started_once = True
            if first and self.topics:
                create_topics(self.bootstrap, self.topics, timeout=self.start_timeout)
        except BaseException:
            if first:
                self.close()
            raise
        return self

    def _new_runner(self, base: Path) -> Runner:
        if self.mode == "subprocess":
            Reaper.watch_marker(self.data_dir)  # its command line names it: log.dirs=...
            return ProcessRunner(base / "broker.log")
        return ThreadRunner()

    def _effective_settings(self) -> dict[str, str]:
        settings = dict(self.settings)
        settings["listeners"] = f"PLAINTEXT://127.0.0.1:{self.port}"
        settings["log.dirs"] = str(self.data_dir)
        settings.pop("log.dir", None)
        if self.proxy is not None:
            settings["advertised.listeners"] = f"PLAINTEXT://{self.proxy.address}"
        return settings

    def stop(self, timeout: float = 30.0) -> None:
        """A clean shutdown (SIGTERM for a subprocess); :meth:`start` brings it back."""
        if self._runner is not None:
            self._runner.stop(timeout)

    def restart(self, timeout: float = 30.0) -> None:
        """:meth:`stop` then :meth:`start`: same port, same data."""
        self.stop(timeout)
        self.start()

    def kill(self) -> None:
        """A crash: SIGKILL, no shutdown, no flush, no checkpoints (subprocess mode only; thread
        mode raises :class:`~strom.testing.runners.FaultNotSupported`). :meth:`start` recovers
        the logs as after a real crash."""
        if self._runner is None:
            raise RuntimeError("the broker is not running")
        self._runner.kill()

    def pause(self) -> None:
        """Freeze the broker (SIGSTOP, or its event loop blocked in thread mode): connections stay
        open and nothing is answered, like a long GC pause or a hung host. :meth:`resume`."""
        if self._runner is not None:
            self._runner.pause()

    def resume(self) -> None:
        if self._runner is not None:
            self._runner.resume()

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        """``with broker.paused():`` the broker is frozen inside the block."""
        self.pause()
        try:
            yield
        finally:
            self.resume()

    def cut_connections(self, client_id: str | None = None) -> int:
        """Reset the TCP connections of ``client_id`` (every client when None) through the proxy;
        returns how many were cut. Needs ``proxy=True``."""
        return self._require_proxy().cut(client_id)

    def block_connections(self, client_id: str | None = None) -> None:
        """Stall the connections of ``client_id`` (every client when None) until
        :meth:`unblock_connections`: nothing is lost, nothing is delivered. Needs ``proxy=True``."""
        self._require_proxy().block(client_id)

    def unblock_connections(self, client_id: str | None = None) -> None:
        self._require_proxy().unblock(client_id)

    def _require_proxy(self) -> FaultProxy:
        if self.proxy is None:
            raise FaultNotSupported(
                "cutting client connections needs the fault proxy: EmbeddedBroker(proxy=True) "
                "or @pytest.mark.strom(proxy=True)"
            )
        return self.proxy

    def close(self) -> None:
        """Stop the broker (SIGKILL if it does not stop in time), the proxy, and delete the data
        directory when this object created it. Safe to call more than once."""
        if self._closed:
            return
        self._closed = True
        _open_brokers.discard(self)
        try:
            if self._runner is not None:
                try:
                    self._runner.stop(30.0)
                except Exception:
                    with contextlib.suppress(Exception):
                        self._runner.kill()
                    raise
        finally:
            if self.proxy is not None:
                self.proxy.close()
            if self.mode == "subprocess" and self._base is not None:
                Reaper.forget_marker(self.data_dir)
            if self._own_dir and self._base is not None:
                shutil.rmtree(self._base, ignore_errors=True)
                Reaper.forget_dir(self._base)

    # -- context managers --------------------------------------------------------------------
    def __enter__(self) -> EmbeddedBroker:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    async def __aenter__(self) -> EmbeddedBroker:
        return await asyncio.to_thread(self.start)

    async def __aexit__(self, *exc: object) -> None:
        await asyncio.to_thread(self.close)


def _topic_specs(topics: Mapping[str, int | TopicSpec] | Iterable[str]) -> dict[str, TopicSpec]:
    if isinstance(topics, Mapping):
        return {
            name: spec if isinstance(spec, TopicSpec) else TopicSpec(partitions=int(spec))
            for name, spec in topics.items()
        }
    return {name: TopicSpec() for name in topics}


@atexit.register
def _close_open_brokers() -> None:
    for broker in list(_open_brokers):
        with contextlib.suppress(Exception):
            broker.close()


__all__ = ["DEFAULT_MODE", "TEST_DEFAULTS", "EmbeddedBroker", "FaultNotSupported", "Mode"]
