"""A local standalone ZooKeeper server for development clusters and tests.

Owns: finding the ZooKeeper jars of the Debian package ``zookeeper`` (or of an upstream tarball
named by ``ZOOKEEPER_HOME``), writing a ``zoo.cfg`` into a data directory, running
``java ... org.apache.zookeeper.server.quorum.QuorumPeerMain zoo.cfg`` as a child process bound to
127.0.0.1, waiting until it serves requests, and stopping it (SIGTERM, then SIGKILL).

Layout of the data directory::

    DIR/zoo.cfg         generated configuration (standalone, 127.0.0.1 only, no admin server)
    DIR/data/           snapshots and transaction logs (kept across restarts)
    DIR/zookeeper.log   the server's stdout and stderr, appended to on every start

The tick is short (500 ms) so that sessions can be short: ZooKeeper grants session timeouts
between 2 and 120 ticks by default; this configuration allows 1 s to 60 s, so a broker asking for
``zookeeper.session.timeout.ms=6000`` gets 6 s. Also owns :func:`free_port`, the tools' helper to
pick a free 127.0.0.1 TCP port.
"""

from __future__ import annotations

import collections
import os
import random
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path
from types import TracebackType

TICK_MS = 500
MIN_SESSION_MS = 1000
MAX_SESSION_MS = 60000
MAIN_CLASS = "org.apache.zookeeper.server.quorum.QuorumPeerMain"
_DEBIAN_JARS = Path("/usr/share/java")


class ZooKeeperError(RuntimeError):
    """ZooKeeper could not be found, started or reached."""


LISTEN_PORTS = (10000, 32768)  # below Linux's default ephemeral range (32768-60999)
_NAMED: collections.deque[int] = collections.deque(maxlen=2048)  # named, maybe not bound yet
_NAMED_LOCK = threading.Lock()


def _ephemeral_range() -> tuple[int, int]:
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
        return int(low), int(high)
    except (OSError, ValueError):
        return 32768, 60999


def free_port() -> int:
    """A TCP port that was free on 127.0.0.1 a moment ago, outside the kernel's ephemeral range.

    The port is named now and bound later (a ZooKeeper or a broker started a moment after, or
    restarted minutes after on the same port). A port the OS picks for a listener comes from the
    ephemeral range, where every outgoing connection of every process on the machine also takes
    its local port: one of them took a chaos run's ZooKeeper port between the choice and the bind
    ("Address already in use"), and a restarting broker's port the same way. A random free port
    below that range is never handed out to an outgoing connection; the OS's pick is the
    fallback. A port this process named recently (the last ``len(_NAMED)``) is not named again:
    the ports of one cluster are all named before any is bound, and two brokers were once given
    the same one."""
    low, high = LISTEN_PORTS
    eph_low, eph_high = _ephemeral_range()
    rng = random.SystemRandom()
    with _NAMED_LOCK:
        for _ in range(64):
            port = rng.randrange(low, high)
            if eph_low <= port <= eph_high or port in _NAMED:
                continue
            with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
                try:
                    s.bind(("127.0.0.1", port))
                except OSError:
                    continue
            _NAMED.append(port)
            return port
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.bind(("127.0.0.1", 0))
            chosen: int = s.getsockname()[1]
        _NAMED.append(chosen)
        return chosen


def four_letter_word(port: int, word: str, timeout: float = 2.0) -> str:
    """Send a ZooKeeper four-letter command (``ruok``, ``srvr``) and return the whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(word.encode("ascii"))
        chunks = []
        while True:
            data = s.recv(4096)
            if not data:
                break
            chunks.append(data)
    return b"".join(chunks).decode("utf-8", "replace")


def is_serving(port: int) -> bool:
    """True when a ZooKeeper server on 127.0.0.1:port answers requests (``srvr`` shows its mode)."""
    try:
        return "Mode:" in four_letter_word(port, "srvr")
    except OSError:
        return False


def zookeeper_classpath() -> str:
    """The class path of the installed ZooKeeper server.

    ``STROM_ZOOKEEPER_CLASSPATH`` wins; then ``ZOOKEEPER_HOME`` (an upstream tarball, whose jars
    are in ``lib/``); then the Debian package, whose ``zookeeper.jar`` names its dependencies in
    its manifest. A simple SLF4J binding is added when present so the server logs to stderr (the
    log file).
    """
    explicit = os.environ.get("STROM_ZOOKEEPER_CLASSPATH")
    if explicit:
        return explicit
    home = os.environ.get("ZOOKEEPER_HOME")
    if home:
        jars = sorted(str(p) for p in Path(home, "lib").glob("*.jar"))
        if jars:
            return os.pathsep.join([str(Path(home, "conf")), *jars])
    main_jar = _DEBIAN_JARS / "zookeeper.jar"
    if not main_jar.is_file():
        raise ZooKeeperError(
            "ZooKeeper is not installed: install the Debian package 'zookeeper' "
            "(scripts/install-sysdeps.sh does) or set ZOOKEEPER_HOME"
        )
    parts = [str(main_jar)]
    binding = _DEBIAN_JARS / "slf4j-simple.jar"
    if binding.is_file():
        parts.append(str(binding))
    return os.pathsep.join(parts)


def java_executable() -> str:
    java = os.environ.get("STROM_JAVA") or shutil.which("java")
    if java is None:
        raise ZooKeeperError("java not found: install default-jre-headless or set STROM_JAVA")
    return java


def process_state(pid: int) -> str | None:
    """The one-letter state of ``pid`` from /proc (R, S, D, T, Z, ...); None when unknown."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # the state follows the parenthesised command name, which may itself contain spaces
    return stat.rsplit(")", 1)[-1].split()[0]


def process_alive(pid: int) -> bool:
    """True when ``pid`` runs and is not a zombie (an unreaped exited child)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return process_state(pid) != "Z"


def ensure_znode(connect: str, path: str, timeout: float = 30) -> None:
    """Create ``path`` (and its parents) on the server at ``connect`` unless it exists."""
    from kazoo.client import KazooClient

    client = KazooClient(hosts=connect, timeout=10.0)
    try:
        client.start(timeout=timeout)
        client.ensure_path(path)
    finally:
        client.stop()
        client.close()


def read_znode(connect: str, path: str, timeout: float = 5) -> bytes | None:
    """The data of ``path`` at ``connect`` (which may carry a chroot); None when the node does
    not exist or the server cannot be reached within ``timeout``."""
    from kazoo.client import KazooClient
    from kazoo.exceptions import KazooException
    from kazoo.handlers.threading import KazooTimeoutError

    client = KazooClient(hosts=connect, timeout=timeout, connection_retry={"max_tries": 1})
    try:
        client.start(timeout=timeout)
        data: bytes = client.get(path)[0]
        return data
    except (KazooException, KazooTimeoutError):
        return None
    finally:
        client.stop()
        client.close()


class LocalZooKeeper:
    """One standalone ZooKeeper server on 127.0.0.1, with its data in ``data_dir``.

    The port is chosen once (a free one unless given) and kept across restarts. ``detach`` starts
    the server in its own session so it outlives the calling process (``strom cluster up``).
    """

    def __init__(self, data_dir: Path, port: int | None = None, *, detach: bool = False) -> None:
        self.data_dir = Path(data_dir).resolve()
        self.port = port if port is not None else free_port()
        self.detach = detach
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def connect_string(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def config_path(self) -> Path:
        return self.data_dir / "zoo.cfg"

    @property
    def log_path(self) -> Path:
        return self.data_dir / "zookeeper.log"

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None else None

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def write_config(self) -> Path:
        (self.data_dir / "data").mkdir(parents=True, exist_ok=True)
        lines = [
            f"tickTime={TICK_MS}",
            f"dataDir={self.data_dir / 'data'}",
            f"clientPort={self.port}",
            "clientPortAddress=127.0.0.1",
            f"minSessionTimeout={MIN_SESSION_MS}",
            f"maxSessionTimeout={MAX_SESSION_MS}",
            "maxClientCnxns=0",
            "admin.enableServer=false",
            "4lw.commands.whitelist=ruok,srvr",
            "autopurge.purgeInterval=0",
        ]
        self.config_path.write_text("\n".join(lines) + "\n")
        return self.config_path

    def command(self) -> list[str]:
        return [
            java_executable(),
            "-Xms32m",
            "-Xmx256m",
            "-XX:+UseSerialGC",
            "-Djava.net.preferIPv4Stack=true",
            "-Dzookeeper.jmx.log4j.disable=true",
            "-Dorg.slf4j.simpleLogger.showDateTime=true",
            "-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd HH:mm:ss,SSS",
            "-cp",
            zookeeper_classpath(),
            MAIN_CLASS,
            str(self.config_path),
        ]

    def start(self, timeout: float = 30) -> None:
        """Start the server and wait until it serves requests; raise ZooKeeperError otherwise."""
        if self.alive:
            return
        if is_serving(self.port):
            raise ZooKeeperError(f"port {self.port} already has a ZooKeeper server")
        self.write_config()
        cmd = self.command()
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(
                cmd,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=self.data_dir,
                start_new_session=self.detach,
            )
        deadline = time.monotonic() + timeout
        while not is_serving(self.port):
            if self.proc.poll() is not None:
                rc = self.proc.returncode
                self.proc = None
                raise ZooKeeperError(
                    f"ZooKeeper exited with status {rc}; log {self.log_path}:\n{self.log_tail()}"
                )
            if time.monotonic() > deadline:
                self.stop()
                raise ZooKeeperError(
                    f"ZooKeeper did not serve on {self.connect_string} within {timeout} s; "
                    f"log {self.log_path}:\n{self.log_tail()}"
                )
            time.sleep(0.1)

    def stop(self, timeout: float = 15) -> None:
        """SIGTERM, wait up to ``timeout`` seconds, then SIGKILL. Idempotent."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            proc.send_signal(signal.SIGCONT)
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def __enter__(self) -> LocalZooKeeper:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
