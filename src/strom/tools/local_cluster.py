"""LocalCluster: a ZooKeeper-coordinated Strom cluster of separate processes on 127.0.0.1, for
development and tests (``strom cluster up``, in :mod:`strom.tools.cluster`, is its shell face).

Owns: the process tooling around cluster mode, not cluster mode itself. It starts a
:class:`~strom.tools.zookeeper.LocalZooKeeper` (or uses one given), creates the chroot, starts N
``strom broker`` processes with ``broker.id`` 1..N, their own data directories, a free port each
(chosen once and kept across restarts) and ``zookeeper.connect=127.0.0.1:ZK/strom``, and stops,
kills, pauses and resumes them.

Layout of a cluster directory::

    DIR/cluster.json            ports, pids, racks and data directories (rewritten on every change)
    DIR/zookeeper/              zoo.cfg, data/, zookeeper.log
    DIR/broker-<id>/data/       the broker's log.dirs
    DIR/broker-<id>.log         the broker's stdout and stderr, appended to on every start
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

import strom
from strom.tools.zookeeper import (
    LocalZooKeeper,
    ensure_znode,
    free_port,
    process_state,
    read_znode,
)

CHROOT = "/strom"
STATE_FILE = "cluster.json"


class ClusterError(RuntimeError):
    """A cluster process could not be started or stopped."""


def metadata_brokers(port: int, timeout: float = 2.0) -> tuple[set[int], int] | None:
    """The broker ids a broker's Metadata (v1, plaintext) lists and the controller id it names
    (-1 for none); None when it does not answer one (a TLS or SASL listener, or it closed the
    connection)."""
    from strom.protocol.frames import decode_response, encode_request
    from strom.protocol.messages.metadata import MetadataRequest, MetadataResponse

    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
            sock.sendall(
                b"".join(encode_request(MetadataRequest(topics=[]), 1, 1, "strom-cluster"))
            )
            head = _recv_exact(sock, 4)
            size = int.from_bytes(head, "big", signed=True)
            if not 0 < size <= 1 << 20:
                return None
            _, resp = decode_response(_recv_exact(sock, size), MetadataRequest.API_KEY, 1)
    except Exception:  # any failure: not a plaintext Kafka listener that answers
        return None
    if not isinstance(resp, MetadataResponse):
        return None
    return {b.node_id for b in resp.brokers}, resp.controller_id


def _recv_exact(sock: socket.socket, n: int) -> bytes:
    buf = bytearray()
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("closed")
        buf += chunk
    return bytes(buf)


def port_open(port: int, timeout: float = 1.0) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout):
            return True
    except OSError:
        return False


def source_env() -> dict[str, str]:
    """The environment for child brokers: this strom package importable, output unbuffered."""
    env = dict(os.environ)
    src = str(Path(strom.__file__).resolve().parents[1])
    env["PYTHONPATH"] = src + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["PYTHONUNBUFFERED"] = "1"
    return env


def _tail(path: Path, chars: int = 3000) -> str:
    try:
        return path.read_text(errors="replace")[-chars:]
    except OSError:
        return ""


class BrokerHandle:
    """One broker process of a :class:`LocalCluster`; start, stop, kill, pause and resume it."""

    def __init__(
        self,
        cluster: LocalCluster,
        broker_id: int,
        port: int,
        rack: str | None,
        metrics_port: int = 0,
    ) -> None:
        self.cluster = cluster
        self.id = broker_id
        self.port = port
        self.metrics_port = metrics_port  # the metrics and health listener, on by default
        self.rack = rack
        self.data_dir = cluster.base_dir / f"broker-{broker_id}" / "data"
        self.log_path = cluster.base_dir / f"broker-{broker_id}.log"
        self.overrides: dict[str, str] = {}
        self.proc: subprocess.Popen[bytes] | None = None
        self._log_start = 0  # size of the log file when the current process started

    @property
    def bootstrap(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None else None

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def config(self) -> dict[str, str]:
        """Every ``--override`` this broker gets: its own keys, the cluster's, then its extras."""
        conf = {
            "broker.id": str(self.id),
            "listeners": f"PLAINTEXT://127.0.0.1:{self.port}",
            "log.dirs": str(self.data_dir),
            "zookeeper.connect": self.cluster.zk_connect,
            "metrics.listener": f"http://127.0.0.1:{self.metrics_port}",
        }
        if self.rack is not None:
            conf["broker.rack"] = self.rack
        conf.update(self.cluster.overrides)
        conf.update(self.overrides)
        return conf

    def command(self) -> list[str]:
        cmd = [sys.executable, "-m", "strom.tools.cli", "broker"]
        for key, value in self.config().items():
            cmd += ["--override", f"{key}={value}"]
        return cmd

    def start(
        self, overrides: dict[str, str] | None = None, wait: bool = True, timeout: float = 60
    ) -> None:
        """Start the broker process. ``overrides`` are extra keys for this broker, remembered for
        later restarts until replaced. With ``wait``, return once its port accepts connections."""
        if self.alive:
            raise ClusterError(f"broker {self.id} is already running (pid {self.pid})")
        if overrides is not None:
            self.overrides = dict(overrides)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "ab") as log:
            self._log_start = log.tell()
            self.proc = subprocess.Popen(
                self.command(),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=self.cluster.base_dir,
                env=source_env(),
                start_new_session=self.cluster.detach,
            )
        self.cluster.write_state()
        if wait:
            self.wait_ready(timeout)

    def wait_ready(self, timeout: float = 60) -> None:
        """Wait until the broker has printed its ``ready on`` line (after it started, which in
        cluster mode includes joining ZooKeeper) and its port accepts connections; raise if it
        exits or times out."""
        deadline = time.monotonic() + timeout
        while not (self._printed_ready() and port_open(self.port)):
            if not self.alive:
                rc = self.proc.returncode if self.proc is not None else None
                raise ClusterError(
                    f"broker {self.id} exited with status {rc}; log {self.log_path}:\n"
                    + _tail(self.log_path)
                )
            if time.monotonic() > deadline:
                raise ClusterError(
                    f"broker {self.id} did not accept connections on {self.bootstrap} within "
                    f"{timeout} s; log {self.log_path}:\n" + _tail(self.log_path)
                )
            time.sleep(0.1)

    def _printed_ready(self) -> bool:
        try:
            with open(self.log_path, "rb") as log:
                log.seek(self._log_start)
                return b" ready on " in log.read()
        except OSError:
            return False

    def stop(self, timeout: float = 30) -> int | None:
        """SIGTERM (a clean shutdown) and wait; SIGKILL after ``timeout``. Returns the exit status
        (None when it was not running)."""
        proc = self.proc
        if proc is None:
            return None
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            proc.send_signal(signal.SIGCONT)  # a paused broker must run to handle SIGTERM
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)
        self.proc = None
        self.cluster.write_state()
        return proc.returncode

    def kill(self) -> None:
        """SIGKILL and wait: a crash."""
        proc = self.proc
        if proc is None:
            return
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        self.proc = None
        self.cluster.write_state()

    def pause(self, timeout: float = 10) -> None:
        """SIGSTOP: the process keeps its sockets and ZooKeeper session but does nothing. Returns
        once the kernel reports it stopped."""
        self._signal_and_wait(signal.SIGSTOP, lambda st: st in ("T", "t"), timeout)

    def resume(self, timeout: float = 10) -> None:
        """SIGCONT after :meth:`pause`; returns once the process is no longer stopped."""
        self._signal_and_wait(signal.SIGCONT, lambda st: st not in ("T", "t"), timeout)

    def _signal_and_wait(
        self, sig: signal.Signals, done: Callable[[str], bool], timeout: float
    ) -> None:
        if self.proc is None or self.proc.poll() is not None:
            raise ClusterError(f"broker {self.id} is not running")
        self.proc.send_signal(sig)
        deadline = time.monotonic() + timeout
        while True:
            state = process_state(self.proc.pid)
            if state is None or done(state):
                return
            if time.monotonic() > deadline:
                raise ClusterError(f"broker {self.id} still in state {state} after {sig.name}")
            time.sleep(0.01)

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""


class LocalCluster:
    """ZooKeeper plus ``brokers`` Strom brokers on 127.0.0.1, everything under ``base_dir``.

    ``racks`` are assigned round robin (broker 1 gets the first). ``overrides`` go to every broker.
    ``zookeeper`` names an external server (``host:port``, no chroot) to use instead of starting
    one; ``chroot`` is the cluster's path in it. ``detach`` starts processes in their own sessions
    so they outlive this process (``strom cluster up``). Ports recorded in a previous
    ``cluster.json`` in ``base_dir`` are reused, so a restarted cluster keeps its addresses.
    """

    def __init__(
        self,
        base_dir: Path,
        brokers: int = 3,
        racks: list[str] | None = None,
        overrides: dict[str, str] | None = None,
        *,
        zookeeper: str | None = None,
        chroot: str = CHROOT,
        detach: bool = False,
    ) -> None:
        if brokers < 1:
            raise ValueError("a cluster needs at least one broker")
        if not chroot.startswith("/") or chroot == "/":
            raise ValueError(f"chroot must be an absolute path below /: {chroot!r}")
        self.base_dir = Path(base_dir).resolve()
        self.base_dir.mkdir(parents=True, exist_ok=True)
        self.detach = detach
        self.chroot = chroot
        rf = min(3, brokers)
        # internal topics must fit a small cluster; explicit overrides win
        self.overrides = {
            "offsets.topic.replication.factor": str(rf),
            "transaction.state.log.replication.factor": str(rf),
            "transaction.state.log.min.isr": str(min(2, rf)),
            **(overrides or {}),
        }
        previous = read_state(self.base_dir) or {}
        old_ports = {int(b["id"]): int(b["port"]) for b in previous.get("brokers", [])}
        old_metrics = {
            int(b["id"]): int(b.get("metrics_port") or 0) for b in previous.get("brokers", [])
        }
        self.external_zookeeper = zookeeper
        self.zookeeper: LocalZooKeeper | None = None
        if zookeeper is None:
            zk_port = (previous.get("zookeeper") or {}).get("port")
            self.zookeeper = LocalZooKeeper(
                self.base_dir / "zookeeper", int(zk_port) if zk_port else None, detach=detach
            )
        self._brokers = {
            i: BrokerHandle(
                self,
                i,
                old_ports.get(i) or free_port(),
                racks[(i - 1) % len(racks)] if racks else None,
                old_metrics.get(i) or free_port(),
            )
            for i in range(1, brokers + 1)
        }

    @property
    def zk_root(self) -> str:
        """``host:port`` of ZooKeeper, without the chroot."""
        if self.zookeeper is not None:
            return self.zookeeper.connect_string
        assert self.external_zookeeper is not None
        return self.external_zookeeper

    @property
    def zk_connect(self) -> str:
        """``zookeeper.connect`` of the brokers: ``127.0.0.1:PORT/chroot``."""
        return self.zk_root + self.chroot

    @property
    def bootstrap(self) -> str:
        return ",".join(b.bootstrap for b in self._brokers.values())

    @property
    def brokers(self) -> list[BrokerHandle]:
        return list(self._brokers.values())

    def broker(self, broker_id: int) -> BrokerHandle:
        return self._brokers[broker_id]

    def start(self, wait: bool = True, timeout: float = 60) -> None:
        """Start ZooKeeper (unless external or running), create the chroot, then every broker that
        is not running; with ``wait``, return once every broker accepts connections. On failure
        everything started is stopped again."""
        try:
            if self.zookeeper is not None and not self.zookeeper.alive:
                self.zookeeper.start(timeout)
            self.ensure_chroot(timeout)
            started = [b for b in self._brokers.values() if not b.alive]
            for b in started:
                b.start(wait=False)
            if wait:
                deadline = time.monotonic() + timeout
                for b in started:
                    b.wait_ready(max(1.0, deadline - time.monotonic()))
                self._wait_brokers_known(min(15.0, max(1.0, deadline - time.monotonic())))
        except BaseException:
            self.stop()
            raise
        self.write_state()

    def _wait_brokers_known(self, timeout: float) -> None:
        """Until every running broker's metadata lists every running broker (the controller's
        UpdateMetadata follows the registrations) and names a running controller, so a topic with
        a replica on each can be created at once (librdkafka's admin client sends CreateTopics to
        the controller: told "none" it waits for its next metadata refresh, minutes away; a chaos
        run's CreateTopics timed out after 60 s that way); at most ``timeout`` s, and a broker
        whose first listener does not answer a plaintext Metadata request (TLS, SASL) is not
        waited for."""
        want = {b.id for b in self._brokers.values() if b.alive}
        pending = {b.id: b.port for b in self._brokers.values() if b.alive}
        deadline = time.monotonic() + timeout
        while pending and time.monotonic() < deadline:
            for bid, port in list(pending.items()):
                known = metadata_brokers(port)
                if known is None or (known[0] >= want and known[1] in want):
                    del pending[bid]
            if pending:
                time.sleep(0.1)

    def ensure_chroot(self, timeout: float = 30) -> None:
        ensure_znode(self.zk_root, self.chroot, timeout)

    def controller_id(self) -> int | None:
        """The broker id in the chroot's ``/controller`` znode; None when there is none."""
        return controller_id(self.zk_connect)

    def stop(self, timeout: float = 30) -> None:
        """Stop the brokers one by one (SIGTERM, wait up to ``timeout`` each, then SIGKILL) in
        :func:`shutdown_order`, then ZooKeeper if this cluster runs it."""
        running = [b.id for b in self._brokers.values() if b.alive]
        zk_up = self.zookeeper is None or self.zookeeper.alive
        controller = self.controller_id() if running and zk_up else None
        for broker_id in shutdown_order(running, controller):
            self._brokers[broker_id].stop(timeout)
        if self.zookeeper is not None:
            self.zookeeper.stop()
        self.write_state()

    def state(self) -> dict[str, Any]:
        zk: dict[str, Any] = {"connect": self.zk_root, "external": self.zookeeper is None}
        if self.zookeeper is not None:
            zk.update(
                port=self.zookeeper.port,
                pid=self.zookeeper.pid if self.zookeeper.alive else None,
                dir=str(self.zookeeper.data_dir),
                config=str(self.zookeeper.config_path),
                log=str(self.zookeeper.log_path),
            )
        return {
            "dir": str(self.base_dir),
            "zookeeper": zk,
            "zookeeper_connect": self.zk_connect,
            "bootstrap_servers": self.bootstrap,
            "brokers": [
                {
                    "id": b.id,
                    "port": b.port,
                    "metrics_port": b.metrics_port,
                    "pid": b.pid if b.alive else None,
                    "rack": b.rack,
                    "data_dir": str(b.data_dir),
                    "log": str(b.log_path),
                }
                for b in self._brokers.values()
            ],
        }

    def write_state(self) -> None:
        path = self.base_dir / STATE_FILE
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(self.state(), indent=2) + "\n")
        os.replace(tmp, path)

    def __enter__(self) -> LocalCluster:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


def controller_id(zk_connect: str) -> int | None:
    """The ``brokerid`` of ``/controller`` under ``zk_connect`` (with its chroot), or None."""
    data = read_znode(zk_connect, "/controller")
    try:
        return int(json.loads(data)["brokerid"]) if data else None
    except (ValueError, KeyError, TypeError):
        return None


def shutdown_order(broker_ids: list[int], controller: int | None) -> list[int]:
    """Highest id first and the controller last: stopping brokers one at a time lets each
    controlled shutdown move its leaders to brokers still running, and the controller moves only
    once. (Stopping all at once leaves leaders nowhere to go.)"""
    order = sorted((i for i in broker_ids if i != controller), reverse=True)
    return order + [i for i in broker_ids if i == controller]


def read_state(base_dir: Path) -> dict[str, Any] | None:
    try:
        data: dict[str, Any] = json.loads((base_dir / STATE_FILE).read_text())
    except (OSError, ValueError):
        return None
    return data
