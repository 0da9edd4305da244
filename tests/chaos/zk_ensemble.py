"""A 3-node ZooKeeper ensemble on 127.0.0.1 for the ZooKeeper-fault scenarios (plan section 5.2:
"1 ZooKeeper, 3-node ensemble for ZK-fault scenarios").

Owns: the nodes (:class:`EnsembleNode`, a :class:`~strom.tools.zookeeper.LocalZooKeeper` whose
``zoo.cfg`` adds the ``server.N`` lines and whose data dir holds ``myid``), their client, quorum
and election ports (chosen once, kept across restarts), starting them together (a node serves
only once a quorum is up, so they start concurrently), which node leads (``srvr``'s Mode), and
the process faults: SIGKILL, restart, SIGSTOP/SIGCONT of one node.

Invariants: every port is on 127.0.0.1; :meth:`ZooKeeperEnsemble.close` stops every node it
started, paused or not; a node's data dir survives its restarts (a killed node rejoins with its
log, as a real ZooKeeper server does).
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from pathlib import Path

from strom.tools.zookeeper import LocalZooKeeper, four_letter_word, free_port


class EnsembleNode(LocalZooKeeper):
    def __init__(self, data_dir: Path, sid: int, peers: dict[int, tuple[int, int]]) -> None:
        super().__init__(data_dir)
        self.sid = sid
        self.peers = peers  # sid -> (quorum port, election port)

    def write_config(self) -> Path:
        path = super().write_config()
        (self.data_dir / "data" / "myid").write_text(f"{self.sid}\n")
        servers = [f"server.{i}=127.0.0.1:{q}:{e}" for i, (q, e) in sorted(self.peers.items())]
        extra = ["initLimit=10", "syncLimit=5", "quorumListenOnAllIPs=false", *servers]
        path.write_text(path.read_text() + "\n".join(extra) + "\n")
        return path

    @property
    def mode(self) -> str:
        """leader, follower, or '' (not serving: down, paused, or without a quorum)."""
        try:
            for line in four_letter_word(self.port, "srvr", timeout=1.0).splitlines():
                if line.startswith("Mode:"):
                    return line.split(":", 1)[1].strip()
        except OSError:
            pass
        return ""


class ZooKeeperEnsemble:
    def __init__(self, base_dir: Path, size: int = 3) -> None:
        peers = {i: (free_port(), free_port()) for i in range(1, size + 1)}
        self.nodes = {i: EnsembleNode(Path(base_dir) / f"zk-{i}", i, peers) for i in peers}
        self.paused: set[int] = set()

    @property
    def connect_string(self) -> str:
        return ",".join(n.connect_string for n in self.nodes.values())

    def start(self, timeout: float = 60) -> None:
        errors: list[BaseException] = []

        def one(node: EnsembleNode) -> None:
            try:
                node.start(timeout)
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=one, args=(n,)) for n in self.nodes.values()]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if errors:
            raise errors[0]

    def leader(self) -> int:
        """The serving leader's id, or -1 while there is none."""
        return next((i for i, n in self.nodes.items() if n.mode == "leader"), -1)

    def kill(self, sid: int) -> None:
        node = self.nodes[sid]
        if node.proc is not None and node.alive:
            node.proc.kill()
            node.proc.wait(10)
        node.proc = None

    def restart(self, sid: int, timeout: float = 60) -> None:
        """Start a killed node again; it serves once it has joined the quorum."""
        self.nodes[sid].start(timeout)

    def pause(self, sid: int) -> None:
        pid = self.nodes[sid].pid
        if pid is not None:
            os.kill(pid, signal.SIGSTOP)
            self.paused.add(sid)

    def resume(self, sid: int) -> None:
        pid = self.nodes[sid].pid
        if pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)
        self.paused.discard(sid)

    def close(self) -> None:
        for sid, node in self.nodes.items():
            with contextlib.suppress(Exception):
                self.resume(sid)
                node.stop()
