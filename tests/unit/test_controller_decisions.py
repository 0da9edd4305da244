"""The controller's pure parts, without ZooKeeper: what each event changes
(:mod:`strom.cluster.partition_changes`), how state writes are chunked into multis
(:mod:`strom.cluster.partition_state`), and the event thread's ordering
(:mod:`strom.cluster.event_manager`)."""

from __future__ import annotations

import threading
import time
import uuid

import pytest

from strom.cluster import partition_changes as pc
from strom.cluster.controller_requests import ControllerContext
from strom.cluster.election import NO_LEADER, Election, LeaderIsr
from strom.cluster.event_manager import ControllerEventManager
from strom.cluster.metadata import TopicInfo
from strom.cluster.partition_state import chunks, parse_state, state_body
from strom.cluster.zk_store import BrokerEndpoint
from strom.errors import ErrorCode

pytestmark = pytest.mark.unit
E = ErrorCode
NEVER = lambda _t: False  # noqa: E731
ALWAYS = lambda _t: True  # noqa: E731


def ctx_of(brokers: dict[int, int], assignment: dict[int, list[int]],
           states: dict[int, LeaderIsr]) -> ControllerContext:  # fmt: skip
    """One topic "t"; ``brokers``: id -> broker epoch."""
    ctx = ControllerContext()
    ctx.reset(epoch=5, epoch_zk_version=4)
    ctx.brokers = {b: BrokerEndpoint(b, "127.0.0.1", 9000 + b, None, e) for b, e in brokers.items()}
    ctx.topics = {"t": TopicInfo("t", uuid.uuid4(), dict(assignment))}
    ctx.states = {("t", p): st for p, st in states.items()}
    return ctx


# -- new partitions, broker changes ---------------------------------------------------------------
def test_new_partitions_led_by_first_live_replica_and_dead_leaders_replaced() -> None:
    ctx = ctx_of({1: 10, 2: 11}, {0: [3, 1, 2], 1: [1, 2, 3], 2: [3, 2, 1]},
                 {1: LeaderIsr(3, 4, (3, 1))})  # fmt: skip
    ch = pc.new_partition_elections(ctx, [("t", 0), ("t", 1)], NEVER)
    assert ch == {("t", 0): Election(1, (1, 2)), ("t", 1): Election(1, (1,))}
    assert pc.new_partition_elections(ctx, [("t", 2)], NEVER) == {("t", 2): Election(2, (2, 1))}


def test_broker_failure_moves_leadership_to_live_isr_and_shrinks_other_isrs() -> None:
    ctx = ctx_of({1: 10, 3: 12}, {0: [2, 1, 3], 1: [1, 2, 3]},
                 {0: LeaderIsr(2, 7, (2, 1, 3)), 1: LeaderIsr(1, 3, (1, 2, 3))})  # fmt: skip
    ch = pc.broker_change_elections(ctx, gone={2}, new=set(), unclean_allowed=NEVER)
    assert ch == {("t", 0): Election(1, (1, 3)), ("t", 1): Election(1, (1, 3))}


def test_restarted_leader_gives_way_to_a_replica_that_did_not_restart() -> None:
    # broker 2 re-registered (new epoch): it is both gone and new
    ctx = ctx_of({1: 10, 2: 99, 3: 12}, {0: [2, 1, 3]}, {0: LeaderIsr(2, 7, (2, 1, 3))})
    ch = pc.broker_change_elections(ctx, gone={2}, new={2}, unclean_allowed=NEVER)
    # the restarted leader leaves the ISR (it may have lost what it had not flushed)
    assert ch == {("t", 0): Election(1, (1, 3))}
    # alone in the ISR, the restarted broker leads again (nobody else has the data)
    ctx = ctx_of({1: 10, 2: 99}, {0: [2, 1]}, {0: LeaderIsr(2, 7, (2,))})
    assert pc.broker_change_elections(ctx, {2}, {2}, NEVER) == {}


def test_no_live_isr_member_unclean_only_when_allowed() -> None:
    ctx = ctx_of({3: 12}, {0: [1, 2, 3]}, {0: LeaderIsr(1, 2, (1, 2))})
    assert pc.broker_change_elections(ctx, {1}, set(), NEVER) == {
        ("t", 0): Election(NO_LEADER, (1, 2))
    }
    assert pc.broker_change_elections(ctx, {1}, set(), ALWAYS) == {
        ("t", 0): Election(3, (3,), unclean=True)
    }


def test_offline_replica_never_elected_after_broker_change() -> None:
    ctx = ctx_of({2: 11, 3: 12}, {0: [1, 2, 3]}, {0: LeaderIsr(1, 2, (1, 2, 3))})
    ctx.offline_replicas = {("t", 0): {2}}
    assert pc.broker_change_elections(ctx, {1}, set(), NEVER) == {("t", 0): Election(3, (3,))}


def test_bounced_replicas_found_by_a_new_controller() -> None:
    ctx = ctx_of({1: 10, 2: 99, 3: 12}, {0: [2, 1, 3], 1: [1, 2, 3]},
                 {0: LeaderIsr(2, 7, (2, 1, 3)), 1: LeaderIsr(1, 3, (1, 2, 3))})  # fmt: skip
    ch = pc.bounced_replica_elections(ctx, {("t", 0): {2}, ("t", 1): {2}}, NEVER)
    assert ch == {("t", 0): Election(1, (1, 3))}  # partition 1's leader did not restart


# -- AlterPartition -------------------------------------------------------------------------------
def test_alter_partition_checks_leader_epochs_and_replicas() -> None:
    st = LeaderIsr(1, 4, (1, 2), controller_epoch=5, zk_version=9)
    ctx = ctx_of({1: 10, 2: 11, 3: 12}, {0: [1, 2, 3]}, {0: st})
    tp = ("t", 0)
    assert pc.alter_partition_decisions(ctx, 2, [(tp, 4, [1, 2, 3], 9)])[0] == [
        (tp, E.NOT_LEADER_OR_FOLLOWER)
    ]
    assert pc.alter_partition_decisions(ctx, 1, [(tp, 3, [1, 2, 3], 9)])[0] == [
        (tp, E.FENCED_LEADER_EPOCH)
    ]
    assert pc.alter_partition_decisions(ctx, 1, [(tp, 4, [1, 2, 3], 8)])[0] == [
        (tp, E.INVALID_UPDATE_VERSION)
    ]
    assert pc.alter_partition_decisions(ctx, 1, [(tp, 4, [1, 7], 9)])[0] == [
        (tp, E.INVALID_REQUEST)
    ]
    assert pc.alter_partition_decisions(ctx, 1, [(("t", 5), 4, [1], 9)])[0] == [
        (("t", 5), E.UNKNOWN_TOPIC_OR_PARTITION)
    ]
    out, changes, resigned = pc.alter_partition_decisions(ctx, 1, [(tp, 4, [1, 2, 3], 9)])
    assert out == [(tp, E.NONE)] and changes == {tp: Election(1, (1, 2, 3))} and not resigned


def test_alter_partition_never_adds_a_dead_or_offline_replica() -> None:
    st = LeaderIsr(1, 4, (1, 2), zk_version=9)
    ctx = ctx_of({1: 10, 2: 11}, {0: [1, 2, 3]}, {0: st})
    tp = ("t", 0)
    assert pc.alter_partition_decisions(ctx, 1, [(tp, 4, [1, 2, 3], 9)])[0] == [
        (tp, E.INELIGIBLE_REPLICA)
    ]
    ctx = ctx_of({1: 10, 2: 11, 3: 12}, {0: [1, 2, 3]}, {0: st})
    ctx.offline_replicas = {tp: {3}}
    assert pc.alter_partition_decisions(ctx, 1, [(tp, 4, [1, 2, 3], 9)])[0] == [
        (tp, E.INELIGIBLE_REPLICA)
    ]
    # shrinking is always allowed
    assert pc.alter_partition_decisions(ctx, 1, [(tp, 4, [1], 9)])[1] == {tp: Election(1, (1,))}


def test_alter_partition_without_the_leader_is_a_resignation() -> None:
    st = LeaderIsr(1, 4, (1, 2, 3), zk_version=9)
    ctx = ctx_of({1: 10, 2: 11, 3: 12}, {0: [1, 2, 3]}, {0: st})
    tp = ("t", 0)
    out, changes, resigned = pc.alter_partition_decisions(ctx, 1, [(tp, 4, [3, 2], 9)])
    assert out == [(tp, E.NONE)] and changes == {tp: Election(2, (2, 3))} and resigned == [tp]


# -- controlled shutdown, offline replicas, admin -------------------------------------------------
def test_controlled_shutdown_moves_leaders_and_leaves_isrs() -> None:
    ctx = ctx_of({1: 10, 2: 11, 3: 12}, {0: [1, 2, 3], 1: [2, 1, 3], 2: [1, 3, 2]},
                 {0: LeaderIsr(1, 1, (1, 2, 3)), 1: LeaderIsr(2, 1, (2, 1)),
                  2: LeaderIsr(1, 1, (1,))})  # fmt: skip
    ctx.shutting_down.add(1)
    changes, remaining = pc.controlled_shutdown_changes(ctx, 1)
    assert changes == {("t", 0): Election(2, (2, 3)), ("t", 1): Election(2, (2,))}
    assert remaining == [("t", 2)]  # nobody else in sync: it leads until it goes


def test_offline_replica_elections() -> None:
    ctx = ctx_of({1: 10, 2: 11, 3: 12}, {0: [1, 2, 3], 1: [2, 1, 3]},
                 {0: LeaderIsr(1, 1, (1, 2, 3)), 1: LeaderIsr(2, 1, (2, 1))})  # fmt: skip
    ctx.offline_replicas = {("t", 0): {1}, ("t", 1): {1}}
    assert pc.offline_replica_elections(ctx, NEVER) == {
        ("t", 0): Election(2, (2, 3)), ("t", 1): Election(2, (2,))
    }


def test_admin_elections_and_imbalance() -> None:
    ctx = ctx_of({1: 10, 2: 11, 3: 12}, {0: [1, 2, 3], 1: [2, 1, 3], 2: [3, 1, 2]},
                 {0: LeaderIsr(2, 1, (1, 2, 3)), 1: LeaderIsr(2, 1, (2, 1)),
                  2: LeaderIsr(1, 1, (1, 2))})  # fmt: skip
    out, changes = pc.admin_elections(ctx, pc.PREFERRED, None)
    assert changes == {("t", 0): Election(1, (1, 2, 3))}
    assert out[("t", 1)][0] == E.ELECTION_NOT_NEEDED
    assert out[("t", 2)][0] == E.PREFERRED_LEADER_NOT_AVAILABLE  # 3 is not in sync
    out, changes = pc.admin_elections(ctx, pc.UNCLEAN, [("t", 0), ("t", 9)])
    assert out == {("t", 0): (E.ELECTION_NOT_NEEDED, out[("t", 0)][1]),
                   ("t", 9): (E.UNKNOWN_TOPIC_OR_PARTITION, out[("t", 9)][1])}  # fmt: skip
    assert pc.imbalanced_partitions(ctx, 10) == [("t", 0)]
    assert pc.imbalanced_partitions(ctx, 100) == []


# -- state writes -------------------------------------------------------------------------------
def test_state_writes_are_chunked_by_count_and_bytes() -> None:
    tps = [(("t", p), 100) for p in range(2500)]
    sizes = [len(c) for c in chunks(tps, 1000, 10**9)]
    assert sizes == [1000, 1000, 500]
    sizes = [len(c) for c in chunks(tps, 10**9, 100 * 300)]
    assert sizes == [300] * 8 + [100]
    assert chunks([], 10, 10) == []
    assert [len(c) for c in chunks([(("t", 0), 5000)], 10, 100)] == [1]  # oversized goes alone


def test_state_body_round_trip() -> None:
    body = state_body(7, Election(2, (2, 3)), 11)
    assert parse_state(body, 4) == LeaderIsr(2, 11, (2, 3), 7, 4)


# -- event thread ---------------------------------------------------------------------------------
def test_events_run_in_order_on_one_thread_and_survive_failures() -> None:
    em = ControllerEventManager()
    em.start()
    try:
        seen: list[tuple[int, str]] = []

        def ev(i: int) -> None:
            seen.append((i, threading.current_thread().name))
            if i == 3:
                raise RuntimeError("boom")

        for i in range(10):
            em.put(lambda i=i: ev(i))
        assert em.call(lambda: 42).result(10) == 42
        assert [i for i, _ in seen] == list(range(10))
        assert {name for _, name in seen} == {"controller-event-thread"}
        with pytest.raises(ZeroDivisionError):
            em.call(lambda: 1 // 0).result(10)
    finally:
        em.stop()


def test_timers_fire_as_events_and_stop_cancels_pending_calls() -> None:
    em = ControllerEventManager()
    em.start()
    fired = threading.Event()
    em.schedule(0.05, fired.set)
    assert fired.wait(10)
    block = threading.Event()
    em.put(lambda: block.wait(10) and None)
    later = em.call(lambda: 1)
    t = threading.Thread(target=em.stop)
    t.start()
    time.sleep(0.05)
    block.set()
    t.join(10)
    assert later.cancelled()
    assert em.call(lambda: 2).cancelled()


def test_only_leaders_registered_after_their_state_count_as_bounced() -> None:
    from strom.cluster.partition_state import PartitionStateStore

    # broker epochs are registration zxids: 2 registered at zxid 99, after both states (50)
    ctx = ctx_of({1: 10, 2: 99, 3: 12}, {0: [2, 1, 3], 1: [1, 2, 3]},
                 {0: LeaderIsr(2, 7, (2, 1, 3)), 1: LeaderIsr(1, 3, (1, 2, 3))})  # fmt: skip
    store = PartitionStateStore(None, ctx, lambda: None)
    store.written_zxid = {("t", 0): 50, ("t", 1): 50}
    assert store.bounced_since_written() == {("t", 0): {2}}  # not partition 1: 2 only follows
    store.written_zxid = {("t", 0): 120, ("t", 1): 50}  # re-elected after it registered
    assert store.bounced_since_written() == {}
