"""KIP-966 (eligible leader replicas) in the controller's pure decisions and in the leader's
high-watermark rule: which replicas stay eligible when the ISR shrinks below min ISR
(:func:`strom.cluster.election.next_elr`), the election order (ISR, then ELR, then the single
last known ELR member, then unclean), the fencing of a broker that restarted after an unclean
shutdown (:func:`strom.cluster.partition_changes.unclean_shutdown_changes`), the state znode
fields, and the strict min-ISR high watermark (:mod:`strom.broker.replica_tracking`)."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import pytest

from strom.broker.partition import Partition
from strom.cluster import partition_changes as pc
from strom.cluster.controller_requests import ControllerContext
from strom.cluster.election import NO_LEADER, Election, LeaderIsr, next_elr, offline_election
from strom.cluster.metadata import TopicInfo
from strom.cluster.partition_state import parse_state, state_body
from strom.cluster.zk_store import BrokerEndpoint
from strom.protocol import records as rec
from strom.storage.config import LogConfig
from strom.storage.log import Log

pytestmark = pytest.mark.unit
NEVER = lambda _t: False  # noqa: E731
ALWAYS = lambda _t: True  # noqa: E731
R = [1, 2, 3]


def ctx_of(brokers: dict[int, int], states: dict[int, LeaderIsr],
           unclean: set[int] = frozenset()) -> ControllerContext:  # type: ignore[assignment]  # fmt: skip
    ctx = ControllerContext()
    ctx.reset(epoch=5, epoch_zk_version=4)
    ctx.brokers = {b: BrokerEndpoint(b, "127.0.0.1", 9000 + b, None, e,
                                     unclean_shutdown=b in unclean)
                   for b, e in brokers.items()}  # fmt: skip
    ctx.topics = {"t": TopicInfo("t", uuid.uuid4(), dict.fromkeys(states, R))}
    ctx.states = {("t", p): st for p, st in states.items()}
    return ctx


def written(ctx: ControllerContext, changes: dict[tuple[str, int], Election],
            min_isr: int = 2, unclean: set[int] = frozenset()) -> None:  # type: ignore[assignment]  # fmt: skip
    """What PartitionStateStore.write records, without ZooKeeper."""
    for tp, el in changes.items():
        old = ctx.states.get(tp)
        el = next_elr(old, el, ctx.replicas(tp), min_isr, unclean)
        epoch = 0 if old is None else old.leader_epoch + (el.leader != old.leader)
        ctx.states[tp] = LeaderIsr(el.leader, epoch, el.isr, 5, 0, el.elr, el.last_known_elr)


# -- next_elr ----------------------------------------------------------------------------------


def test_shrink_below_min_isr_moves_the_removed_members_to_the_elr() -> None:
    st = LeaderIsr(1, 3, (1, 2, 3))
    assert next_elr(st, Election(1, (1,)), R, 2).elr == (2, 3)
    # one at a time: the first removal leaves min ISR (the HW may still move): not eligible
    first = next_elr(st, Election(1, (1, 3)), R, 2)
    assert first.elr == ()
    second = next_elr(LeaderIsr(1, 3, (1, 3)), Election(1, (1,)), R, 2)
    assert second.elr == (3,)


def test_min_isr_one_never_makes_an_elr() -> None:
    assert next_elr(LeaderIsr(1, 3, (1, 2, 3)), Election(1, (1,)), R, 1).elr == ()


def test_an_elr_member_leaves_it_when_it_rejoins_and_all_leave_at_min_isr() -> None:
    st = LeaderIsr(1, 3, (1,), elr=(2, 3))
    assert next_elr(st, Election(1, (1, 2)), R, 3).elr == (3,)  # 2 rejoined, ISR still < 3
    assert next_elr(st, Election(1, (1, 2)), R, 2).elr == ()  # ISR at min ISR: ELR cleared


def test_a_fenced_member_leaves_the_elr_for_the_last_known_elr() -> None:
    st = LeaderIsr(1, 3, (1,), elr=(2, 3))
    el = next_elr(st, Election(1, (1,)), R, 2, fenced={3})
    assert (el.elr, el.last_known_elr) == ((2,), (3,))
    # the last ISR member fenced (power loss): ISR empty, remembered, not eligible
    el = next_elr(st, Election(NO_LEADER, ()), R, 2, fenced={1})
    assert (el.isr, el.elr, el.last_known_elr) == ((), (2, 3), (1,))


def test_unclean_election_and_reassignment_clear_the_elr() -> None:
    st = LeaderIsr(NO_LEADER, 3, (), elr=(2,), last_known_elr=(1,))
    el = next_elr(st, Election(3, (3,), unclean=True), R, 2)
    assert (el.elr, el.last_known_elr) == ((), ())
    # a replica reassigned away is no longer eligible
    assert next_elr(LeaderIsr(1, 3, (1,), elr=(2, 3)), Election(1, (1,)), [1, 3], 2).elr == (3,)


def test_the_state_znode_carries_elr_and_last_known_elr() -> None:
    body = state_body(7, Election(2, (2,), elr=(3,), last_known_elr=(1,)), 11)
    assert parse_state(body, 4) == LeaderIsr(2, 11, (2,), 7, 4, (3,), (1,))
    # a state written without them (before KIP-966) reads with both empty
    assert b"eligible" not in state_body(7, Election(2, (2, 3)), 11)
    assert parse_state(state_body(7, Election(2, (2, 3)), 11), 4).elr == ()


# -- election order ----------------------------------------------------------------------------


def test_election_prefers_isr_then_elr_then_last_known_then_unclean() -> None:
    st = LeaderIsr(NO_LEADER, 3, (1,), elr=(3,))
    assert offline_election(R, st, {1, 2, 3}, unclean_allowed=False) == Election(1, (1,))
    assert offline_election(R, st, {2, 3}, unclean_allowed=False) == Election(3, (3,))
    # no eligible live replica: leaderless, even though 2 is live (availability given up)
    assert offline_election(R, st, {2}, unclean_allowed=False) == Election(NO_LEADER, (1,))
    assert offline_election(R, st, {2}, unclean_allowed=True) == Election(2, (2,), unclean=True)
    lone = LeaderIsr(NO_LEADER, 3, (), last_known_elr=(1,))
    assert offline_election(R, lone, {1, 2}, unclean_allowed=False) == Election(1, (1,))
    # two last known members: none is known to hold more than the other
    two = LeaderIsr(NO_LEADER, 3, (), last_known_elr=(1, 3))
    assert offline_election(R, two, {1, 2, 3}, unclean_allowed=False).leader == NO_LEADER
    # the last known member is not used while an ELR member exists (even a dead one)
    waiting = LeaderIsr(NO_LEADER, 3, (), elr=(2,), last_known_elr=(1,))
    assert offline_election(R, waiting, {1, 3}, unclean_allowed=False).leader == NO_LEADER


# -- unclean shutdown (the C2 / F11 sequence) ----------------------------------------------------


def test_unclean_shutdown_changes_fence_isr_and_elr_members_only() -> None:
    ctx = ctx_of({1: 10, 2: 11, 3: 12}, {0: LeaderIsr(1, 3, (1,), elr=(2, 3)),
                                         1: LeaderIsr(2, 3, (2, 3)),
                                         2: LeaderIsr(2, 3, (2,), elr=(3,))})  # fmt: skip
    fenced = {tp: {1} for tp in ctx.partitions()}
    assert pc.unclean_shutdown_changes(ctx, fenced) == {("t", 0): Election(NO_LEADER, ())}
    fenced = {tp: {3} for tp in ctx.partitions()}
    assert pc.unclean_shutdown_changes(ctx, fenced) == {  # ELR-only members too
        ("t", 0): Election(1, (1,)), ("t", 1): Election(2, (2,)), ("t", 2): Election(2, (2,))}
    assert pc.unclean_shutdown_changes(ctx, {("t", 1): {1}}) == {}  # 1 holds nothing there


def test_last_replica_standing_power_loss_elects_an_elr_member() -> None:
    """C2: ISR {1} with {2, 3} eligible; 1 restarts after a power loss; 2 and 3 return. The
    controller fences 1 and elects 2 (it holds every committed record), never 1."""
    tp = ("t", 0)
    ctx = ctx_of({1: 10, 2: 11, 3: 12}, {0: LeaderIsr(1, 3, (1, 2, 3))})
    written(ctx, {tp: Election(1, (1,))})  # the followers were cut away
    assert ctx.states[tp].elr == (2, 3)
    # broker 1 restarts uncleanly while 2 and 3 are still away
    ctx.brokers = {1: BrokerEndpoint(1, "127.0.0.1", 9001, None, 20, unclean_shutdown=True)}
    written(ctx, pc.unclean_shutdown_changes(ctx, {tp: {1}}), unclean={1})
    assert (ctx.states[tp].leader, ctx.states[tp].isr, ctx.states[tp].elr,
            ctx.states[tp].last_known_elr) == (NO_LEADER, (), (2, 3), (1,))  # fmt: skip
    assert pc.broker_change_elections(ctx, {1}, {1}, NEVER) == {}  # 1 is not eligible
    # 2 and 3 come back: 2 leads, 3 stays eligible
    ctx.brokers.update({b: BrokerEndpoint(b, "127.0.0.1", 9000 + b, None, 20 + b)
                        for b in (2, 3)})  # fmt: skip
    ch = pc.broker_change_elections(ctx, set(), {2, 3}, NEVER)
    assert ch == {tp: Election(2, (2,))}
    written(ctx, ch)
    assert (ctx.states[tp].leader, ctx.states[tp].elr) == (2, (3,))
    # 3 catches up and rejoins: min ISR met, ELR and last known ELR cleared
    out, ch, _ = pc.alter_partition_decisions(ctx, 2, [(tp, ctx.states[tp].leader_epoch,
                                                         [2, 3], 0)])  # fmt: skip
    assert out == [(tp, pc.E.NONE)]
    written(ctx, ch)
    assert (ctx.states[tp].isr, ctx.states[tp].elr, ctx.states[tp].last_known_elr) == \
        ((2, 3), (), ())


def test_without_elr_the_fenced_last_isr_member_leads_again_when_nothing_else_can() -> None:
    """min ISR 1 (or one replica): nothing is eligible but the fenced member; it leads again
    (Kafka's last known leader): the availability of pre-KIP-966 Kafka, and its loss window."""
    tp = ("t", 0)
    ctx = ctx_of({1: 20}, {0: LeaderIsr(1, 3, (1,))}, unclean={1})
    written(ctx, pc.unclean_shutdown_changes(ctx, {tp: {1}}), min_isr=1, unclean={1})
    assert ctx.states[tp].last_known_elr == (1,)
    assert pc.broker_change_elections(ctx, {1}, {1}, NEVER) == {tp: Election(1, (1,))}


# -- the strict min-ISR high watermark -----------------------------------------------------------


def _leader(tmp: Path, isr: list[int], min_isr: int) -> Partition:
    lg = Log.open(tmp / "t-0", LogConfig(min_insync_replicas=min_isr))
    p = Partition("t", 0, uuid.uuid4(), lg, 1, [1, 2, 3], 0, leader=1)
    p.isr = isr
    p.tracking.reset_followers()
    b = rec.RecordBatchBuilder()
    b.append(b"v", key=None, timestamp=int(time.time() * 1000))
    lg.append_as_leader(bytearray(b.build()), 0)
    return p


def test_high_watermark_waits_for_min_isr(tmp_path: Path) -> None:
    p = _leader(tmp_path / "a", [1], 2)
    assert p.log.log_end_offset == 1
    assert not p.tracking.maybe_increment_high_watermark() and p.log.high_watermark == 0
    p.isr = [1, 2]  # the controller wrote the expansion
    assert not p.tracking.update_follower(2, 0)  # the follower has not fetched the record yet
    assert p.tracking.update_follower(2, 1) and p.log.high_watermark == 1


def test_min_isr_above_the_replication_factor_is_capped(tmp_path: Path) -> None:
    p = _leader(tmp_path / "b", [1, 2, 3], 5)
    for b in (2, 3):
        p.tracking.update_follower(b, 1)
    assert p.log.high_watermark == 1


def test_isr_below_min_fails_waiting_acks_all_produces_at_once(tmp_path: Path) -> None:
    """The high watermark cannot move below min ISR, so a waiting acks=all produce is answered
    NOT_ENOUGH_REPLICAS_AFTER_APPEND (retriable) when the ISR shrinks, not left to time out."""
    import asyncio

    from strom.broker.replica_manager import ReplicaManager
    from strom.errors import ErrorCode

    class NoIsrChanges:
        def maybe_expand_isr(self, p: Partition, replica: int) -> None:
            pass

        def preferred_read_replica(self, p: Partition, rack: str, fetch_offset: int) -> int:
            return -1

    rm = ReplicaManager(1, NoIsrChanges())
    lg = Log.open(tmp_path / "t-0", LogConfig(min_insync_replicas=2))
    p = Partition("t", 0, uuid.uuid4(), lg, 1, [1, 2, 3], 0, leader=1)
    p.isr = [1, 2, 3]
    p.tracking.reset_followers()
    rm.add(p)
    b = rec.RecordBatchBuilder()
    b.append(b"v", key=None, timestamp=int(time.time() * 1000))

    async def body() -> None:
        produce = asyncio.ensure_future(
            rm.append_records([(("t", 0), memoryview(b.build()))], -1, 30))
        await asyncio.sleep(0.05)
        assert rm.purgatory_sizes()["Produce"] == 1
        p.isr = [1, 2]
        rm.isr_changed(("t", 0))  # still min ISR: keeps waiting
        await asyncio.sleep(0.05)
        assert not produce.done()
        p.isr = [1]
        rm.isr_changed(("t", 0))
        [r] = await asyncio.wait_for(produce, 5)
        assert r.error == ErrorCode.NOT_ENOUGH_REPLICAS_AFTER_APPEND
        assert p.log.high_watermark == 0

    asyncio.run(body())
