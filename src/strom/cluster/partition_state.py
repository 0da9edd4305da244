"""The partition state znodes, read and written in batches (Kafka's ``PartitionStateMachine``
with ``KafkaZkClient.updateLeaderAndIsr``).

Owns: ``ControllerContext.states`` (leader, leader epoch, ISR, partition epoch of every
partition) and the ``/brokers/topics/<t>/partitions/<p>/state`` znodes behind it. Runs on the
controller's event thread (:mod:`strom.cluster.event_manager`) only.

Writes go in ZooKeeper multi transactions of up to :data:`MAX_OPS_PER_MULTI` partitions and
:data:`MAX_BYTES_PER_MULTI` bytes (ZooKeeper refuses a request above ``jute.maxbuffer``, about
1 MiB by default), each one beginning with a check of the ``/controller_epoch`` version this
controller wrote. A chunk that fails as a whole (one partition's version moved, a parent znode
already there) is retried partition by partition, so one stale partition never blocks the others.
Reads of many partitions are pipelined (kazoo's async API), not one round trip each.

The znode carries Kafka's fields plus KIP-966's ``eligible_leader_replicas`` and
``last_known_elr`` (absent means empty, so states written before them read unchanged). Every
write completes the ELR of the change (:func:`strom.cluster.election.next_elr`) with the topic's
``min.insync.replicas`` and the brokers fenced by it (unclean shutdown, offline replicas).

Invariants:
- The leader epoch grows by one exactly when the leader changes; the partition epoch is the
  state znode's version (0 when created), and a write is conditional on the version last seen.
- ``states`` changes only after ZooKeeper accepted the write; a failed write re-reads the znode.
- A controller whose epoch check fails learns it (``fenced``) and changes nothing more.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Collection, Iterable
from typing import Any

from kazoo.exceptions import NoNodeError

from strom.cluster import zk_store as zs
from strom.cluster.controller_requests import TP, ControllerContext
from strom.cluster.election import Election, LeaderIsr, next_elr

log = logging.getLogger("strom.cluster.controller")

MAX_OPS_PER_MULTI = 1000
MAX_BYTES_PER_MULTI = 512 * 1024


def state_body(controller_epoch: int, el: Election, leader_epoch: int) -> bytes:
    body: dict[str, Any] = {"controller_epoch": controller_epoch, "leader": el.leader,
                            "version": 1, "leader_epoch": leader_epoch, "isr": list(el.isr)}
    if el.elr:
        body["eligible_leader_replicas"] = list(el.elr)
    if el.last_known_elr:
        body["last_known_elr"] = list(el.last_known_elr)
    return zs.dumps(body)


def parse_state(data: bytes, version: int) -> LeaderIsr:
    d = json.loads(data)
    return LeaderIsr(int(d["leader"]), int(d["leader_epoch"]), tuple(d["isr"]),
                     int(d.get("controller_epoch", 0)), version,
                     tuple(int(b) for b in d.get("eligible_leader_replicas", ())),
                     tuple(int(b) for b in d.get("last_known_elr", ())))  # fmt: skip


def chunks(sizes: Iterable[tuple[TP, int]], max_ops: int, max_bytes: int) -> list[list[TP]]:
    """Group partitions (with the bytes their write takes) into multis within both limits."""
    out: list[list[TP]] = []
    cur: list[TP] = []
    cur_bytes = 0
    for tp, n in sizes:
        if cur and (len(cur) >= max_ops or cur_bytes + n > max_bytes):
            out.append(cur)
            cur, cur_bytes = [], 0
        cur.append(tp)
        cur_bytes += n
    if cur:
        out.append(cur)
    return out


class PartitionStateStore:
    def __init__(self, zk: Any, ctx: ControllerContext, fenced: Callable[[], None],
                 min_isr: Callable[[str], int] = lambda _t: 1) -> None:  # fmt: skip
        """``fenced`` is called after a failed write: it raises when this controller lost its
        role (the controller epoch moved on). ``min_isr``: a topic's ``min.insync.replicas``."""
        self.zk = zk
        self.ctx = ctx
        self.fenced = fenced
        self.min_isr = min_isr
        self.multis = 0  # ZooKeeper transactions sent (for tests and benchmarks)
        # zxid of the last write of each state as read (not as written since): tells which
        # brokers registered again after a partition's state was written
        self.written_zxid: dict[TP, int] = {}

    # -- reads ---------------------------------------------------------------------------------
    def read(self, tps: list[TP]) -> None:
        """Load the state of ``tps`` (pipelined reads); a missing znode leaves no state."""
        pending = [(tp, self.zk.get_async(zs.state_path(*tp))) for tp in tps]
        for tp, res in pending:
            try:
                data, stat = res.get()
            except NoNodeError:
                self.ctx.states.pop(tp, None)
                continue
            self.ctx.states[tp] = parse_state(data, int(stat.version))
            self.written_zxid[tp] = int(stat.mzxid)

    def bounced_since_written(self) -> dict[TP, set[int]]:
        """Per partition (as read), its leader when the leader's registration is newer than the
        partition's state: it restarted after it was elected, with no controller watching (e.g.
        the controller itself was killed and restarted at once). Followers are left out: a
        controller that saw a follower restart leaves the ISR as it was, so a newer
        registration of a follower says nothing about its data."""
        brokers = self.ctx.brokers
        out: dict[TP, set[int]] = {}
        for tp, st in self.ctx.states.items():
            zxid = self.written_zxid.get(tp)
            b = brokers.get(st.leader)
            if zxid is not None and b is not None and b.epoch > zxid:
                out[tp] = {st.leader}
        return out

    def unclean_since_written(self) -> dict[TP, set[int]]:
        """Per partition (as read), the brokers registered after an unclean shutdown whose
        registration is newer than the partition's state and that are in its ISR or ELR: no
        controller has fenced them there yet (KIP-966)."""
        out: dict[TP, set[int]] = {}
        for tp, st in self.ctx.states.items():
            zxid = self.written_zxid.get(tp)
            if zxid is None:
                continue
            for b in (*st.isr, *st.elr):
                e = self.ctx.brokers.get(b)
                if e is not None and e.unclean_shutdown and e.epoch > zxid:
                    out.setdefault(tp, set()).add(b)
        return out

    # -- writes --------------------------------------------------------------------------------
    def write(self, changes: dict[TP, Election], unclean: Collection[int] = ()) -> list[TP]:
        """Write the new leader/ISR (and ELR) of each partition; ``unclean``: brokers that
        restarted after an unclean shutdown (they leave the ELR). Returns the partitions
        written (the others are re-read). Raises (through ``fenced``) when this controller was
        fenced."""
        ctx = self.ctx
        min_isr: dict[str, int] = {}
        completed: dict[TP, Election] = {}
        for tp, el in changes.items():
            if tp[0] not in min_isr:
                min_isr[tp[0]] = self.min_isr(tp[0])
            out = set(unclean) | ctx.offline_replicas.get(tp, set())
            completed[tp] = next_elr(ctx.states.get(tp), el, ctx.replicas(tp), min_isr[tp[0]], out)
        changes = completed
        bodies: dict[TP, bytes] = {}
        for tp, el in changes.items():
            old = ctx.states.get(tp)
            epoch = 0 if old is None else old.leader_epoch + (el.leader != old.leader)
            bodies[tp] = state_body(ctx.epoch, el, epoch)
        written: list[TP] = []
        sizes = ((tp, len(b) + 3 * len(zs.state_path(*tp)) + 64) for tp, b in bodies.items())
        for chunk in chunks(sizes, MAX_OPS_PER_MULTI, MAX_BYTES_PER_MULTI):
            if self._write_multi(chunk, bodies):
                written += chunk
            else:
                for tp in chunk:
                    if self._write_one(tp, bodies[tp]):
                        written.append(tp)
        for tp in written:
            el = changes[tp]
            old = ctx.states.get(tp)
            if el.unclean:
                log.warning(
                    "Unclean leader election for %s-%d: broker %d was not in the ISR %s; "
                    "records it did not have are lost", tp[0], tp[1], el.leader,
                    list(old.isr) if old else [],
                )  # fmt: skip
            epoch = 0 if old is None else old.leader_epoch + (el.leader != old.leader)
            version = 0 if old is None else old.zk_version + 1
            ctx.states[tp] = LeaderIsr(el.leader, epoch, el.isr, ctx.epoch, version, el.elr,
                                       el.last_known_elr)  # fmt: skip
        return written

    def _write_multi(self, chunk: list[TP], bodies: dict[TP, bytes]) -> bool:
        ctx = self.ctx
        tx = self.zk.transaction()
        tx.check(zs.CONTROLLER_EPOCH, ctx.epoch_zk_version)
        parents: set[str] = set()
        for tp in chunk:
            old = ctx.states.get(tp)
            path = zs.state_path(*tp)
            if old is None:
                # a new partition: .../partitions and .../partitions/<p> do not exist yet
                # (if they do, the multi fails and the partition-by-partition path handles it)
                partitions = f"{zs.TOPICS}/{tp[0]}/partitions"
                if partitions not in parents and not self._known_parent(tp[0]):
                    tx.create(partitions, b"")
                parents.add(partitions)
                tx.create(path.rsplit("/", 1)[0], b"")
                tx.create(path, bodies[tp])
            else:
                tx.set_data(path, bodies[tp], version=old.zk_version)
        self.multis += 1
        results = tx.commit()
        if not any(isinstance(r, Exception) for r in results):
            return True
        log.info("state write of %d partitions as one transaction failed (%r); "
                 "writing them one by one", len(chunk),
                 next(r for r in results if isinstance(r, Exception)))  # fmt: skip
        return False

    def _known_parent(self, topic: str) -> bool:
        """Whether ``/brokers/topics/<topic>/partitions`` exists (some state of it is known)."""
        return any(t == topic for t, _ in self.ctx.states)

    def _write_one(self, tp: TP, body: bytes) -> bool:
        ctx = self.ctx
        old = ctx.states.get(tp)
        path = zs.state_path(*tp)
        tx = self.zk.transaction()
        tx.check(zs.CONTROLLER_EPOCH, ctx.epoch_zk_version)
        if old is None:
            self.zk.ensure_path(path.rsplit("/", 1)[0])
            tx.create(path, body)
        else:
            tx.set_data(path, body, version=old.zk_version)
        self.multis += 1
        results = tx.commit()
        failed = [r for r in results if isinstance(r, Exception)]
        if not failed:
            return True
        log.warning("state write for %s-%d failed: %r", tp[0], tp[1], failed[0])
        self.fenced()
        self.read([tp])
        return False

    def delete_topic_states(self, topic: str) -> None:
        for tp in [tp for tp in self.ctx.states if tp[0] == topic]:
            del self.ctx.states[tp]

