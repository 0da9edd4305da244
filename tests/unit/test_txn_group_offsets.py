"""TxnOffsetCommit in the group coordinator: pending until the marker, UNSTABLE under
require_stable, dropped on abort, rebuilt by replay."""

from __future__ import annotations

from strom.coordinator.group.coordinator import GroupCoordinator
from strom.coordinator.group.types import GroupConfig
from strom.errors import ErrorCode as E
from strom.protocol.messages.offset_fetch import OffsetFetchRequest
from strom.protocol.messages.txn_offset_commit import TxnOffsetCommitRequest as T

G = "g1"


def _coord() -> GroupCoordinator:
    c = GroupCoordinator(GroupConfig(num_partitions=4))
    for p in range(4):
        c.begin_load(p)
        c.complete_load(p)
    return c


def _req(offset: int, pid: int = 7, epoch: int = 0) -> T:
    part = T.TxnOffsetCommitRequestPartition(
        partition_index=0, committed_offset=offset, committed_leader_epoch=-1, committed_metadata=""
    )
    return T(
        transactional_id="tx",
        group_id=G,
        producer_id=pid,
        producer_epoch=epoch,
        generation_id=-1,
        member_id="",
        group_instance_id=None,
        topics=[T.TxnOffsetCommitRequestTopic(name="in", partitions=[part])],
    )


def _fetch(c: GroupCoordinator, stable: bool) -> tuple[int, int]:
    req = OffsetFetchRequest(
        group_id=G,
        topics=[OffsetFetchRequest.OffsetFetchRequestTopic(name="in", partition_indexes=[0])],
        require_stable=stable,
    )
    p = c.fetch(req, 7).topics[0].partitions[0]
    return p.committed_offset, p.error_code


def test_pending_until_commit_marker() -> None:
    c = _coord()
    out = c.txn_commit(1, _req(42), 3, 100)
    assert out.producer == (7, 0)
    [(part, records)] = out.records.items()
    assert part == c.partition_for(G) and len(records) == 1
    assert _fetch(c, False) == (-1, E.NONE)
    assert _fetch(c, True) == (-1, E.UNSTABLE_OFFSET_COMMIT)
    c.complete_txn(part, 7, True)
    assert _fetch(c, True) == (42, E.NONE)


def test_abort_drops_pending() -> None:
    c = _coord()
    c.txn_commit(1, _req(42), 3, 100)
    c.complete_txn(c.partition_for(G), 7, False)
    assert _fetch(c, True) == (-1, E.NONE)


def test_replay() -> None:
    c = _coord()
    out = c.txn_commit(1, _req(42), 3, 100)
    [(part, [(key, value)])] = out.records.items()
    fresh = _coord()
    fresh.replay_txn(part, 7, key, value)
    assert _fetch(fresh, True) == (-1, E.UNSTABLE_OFFSET_COMMIT)
    fresh.complete_txn(part, 7, True)
    assert _fetch(fresh, False) == (42, E.NONE)
