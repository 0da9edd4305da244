"""The scenario table: F1-F19 and the negative controls N1-N2 of the plan (section 5.4), each a
step of one fault family with its schedule, workload and goal.

Owns: :data:`SCENARIOS` only. Invariant: names are unique and stable (results and docs cite them).
"""

from __future__ import annotations

from typing import Any

from .base import Scenario, kill_leader
from .network import (
    below_min_isr,
    delay_end_txn,
    isolate_follower,
    isolate_leader,
    lagging_leader_kill,
    setup_lagging_followers,
    setup_resets,
    unclean_election,
)
from .process import (
    bounce_any,
    bounce_leader,
    clock_skew,
    coordinator_kill,
    double_failover,
    kill_controller,
    pause_controller,
    pause_leader,
)
from .storage import (
    corrupt_follower,
    fill_log_dir,
    last_replica_standing,
    log_dir_eio,
    mount_small_log_dir,
    power_fail,
    setup_log_dir_eio,
    unmount_small_log_dir,
)
from .zookeeper import zk_fault

SAFE_NO_IDEMPOTENCE = {"acks": "1", "enable.idempotence": False, "max.in.flight": 5,
                       "message.timeout.ms": 120000, "linger.ms": 5}  # fmt: skip


def _s(*args: Any, **kw: Any) -> Scenario:
    return Scenario(*args, **kw)


SCENARIOS: dict[str, Scenario] = {s.name: s for s in [
    _s("F1", "leader hard kill loop", "lost=dup=inconsistent=0; p99 unavailability < 10 s",
       kill_leader, producers=("confluent", "kafka-python", "strom")),
    _s("F2", "controlled leader bounce", "lost=dup=0; stall per bounce < 2 s", bounce_leader,
       max_faults=5),
    _s("F3", "controller kill (+ leader kills)", "lost=0; controller epoch increases",
       kill_controller, interval=10),
    _s("F4", "zombie controller via pause", "lost=0; stale controller writes accepted=0",
       pause_controller, interval=8, max_faults=5),
    _s("F5", "zombie leader via pause", "lost=0; inconsistent offsets=0", pause_leader,
       interval=5, max_faults=6),
    _s("F6", "leader isolated from brokers and ZooKeeper", "lost=0; divergence=0",
       isolate_leader, interval=5, max_faults=4),
    _s("F7", "follower partition", "lost=0; writes continue", isolate_follower, max_faults=4),
    _s("F8", "below min ISR", "acks=all successes while ISR<2 = 0; lost=0", below_min_isr,
       max_faults=4),
    _s("F9", "rapid double failover", "divergence=0; lost=0", double_failover, interval=6),
    _s("F10", "power loss on one replica", "lost=0", power_fail, interval=6),
    _s("F11", "last replica standing (power loss)", "lost=0; documented availability gap",
       last_replica_standing, interval=6, max_faults=4),
    _s("F12", "disk corruption on a stopped follower", "corrupt served=0; lost=0",
       corrupt_follower, interval=6, max_faults=10),
    _s("F13", "log-dir EIO on the leader", "lost=0; broker stays up", log_dir_eio,
       interval=6, max_faults=4, prestart=setup_log_dir_eio),
    _s("F14", "clock skew and jumps (+ leader kills)", "lost=dup=0", clock_skew, clock=True),
    _s("F15", "consumer group + coordinator kills", "commit regressions=0; poll skips=0",
       coordinator_kill, interval=6, max_faults=6, kind="groups"),
    _s("F16", "transactional copier under bounces", "G1a=G1c=0; copy missing=dup=0",
       bounce_any, interval=6, max_faults=6, kind="txn"),
    # the copier's requests time out after 5 s (it retries EndTxn on a new connection) while
    # the proxy holds the first EndTxn 12 s and then delivers it
    _s("F17", "delayed EndTxn (KAFKA-17754)", "G1a=0; lost=0", delay_end_txn, interval=8,
       max_faults=6, kind="txn", copier_config={"socket.timeout.ms": 5000}),
    _s("F18", "produce-response resets (5 %) + leader kills", "dup=0; ack-offset mismatch=0",
       kill_leader, interval=8, setup=setup_resets),
    _s("F19", "compaction with leader kills", "wrong final value per key=0", kill_leader,
       interval=6, max_faults=6, kind="compaction",
       topic_config={"min.insync.replicas": "2", "cleanup.policy": "compact",
                     "segment.bytes": "65536", "min.cleanable.dirty.ratio": "0.01",
                     "delete.retention.ms": "600000"}),
    # followers 1 s behind (each way) stay in the ISR only with a lag time well above the
    # fetch round trip: at 3 s the ISR flapped and the full-ISR precondition rarely held (C7)
    _s("N1", "control: acks=1 leader kill with lagging followers", "loss found (>0)",
       lagging_leader_kill, producers=("confluent",), profile=SAFE_NO_IDEMPOTENCE,
       loss_expected=True, max_faults=10, broker_config={"replica.lag.time.max.ms": "10000"},
       setup=setup_lagging_followers),
    # not idempotent: an idempotent producer stops with a fatal error at the truncation (it
    # notices); a plain acks=all producer writes on over the truncated offsets
    _s("N2", "control: unclean election on", "loss found (>0)", unclean_election,
       producers=("confluent",), interval=4, max_faults=4, loss_expected=True,
       profile={**SAFE_NO_IDEMPOTENCE, "acks": "all"},
       topic_config={"min.insync.replicas": "1", "unclean.leader.election.enable": "true"}),
    # N2's twin: the same fault with unclean election off; the partition waits for its last
    # ISR member (an availability gap), and nothing acknowledged is lost. The safe (idempotent)
    # profile: without a truncation nothing makes it fatal, and retries then duplicate nothing
    _s("N2b", "twin of N2: unclean election off", "lost=dup=0 (availability gap)",
       unclean_election, producers=("confluent",), interval=4, max_faults=4,
       topic_config={"min.insync.replicas": "1", "unclean.leader.election.enable": "false"}),
    _s("F20", "ZooKeeper leader kill / node pause (3-node ensemble)",
       "lost=0; unavailability bounded", zk_fault, interval=6, max_faults=6, zk_ensemble=True),
    _s("F21", "log dir full (ENOSPC on a tmpfs log dir)",
       "lost=0; broker stays up; leaders move", fill_log_dir, interval=6, max_faults=3,
       prestart=mount_small_log_dir, cleanup=unmount_small_log_dir),
]}  # fmt: skip
