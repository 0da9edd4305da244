"""OffsetCommit v0 / OffsetFetch v0 on a real broker, as Kafka 3.9 in ZooKeeper mode: v0 offsets
are kept apart from the coordinator's (ZooKeeper ``/consumers/...`` in Kafka; a file on a single
Strom node), need no group membership, survive a restart, and a store that cannot be written (a
full tmpfs) answers an error and keeps the previous offset."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import BrokerProcess
from disk_full import fill, tmpfs
from wire import WireClient

from strom.protocol.messages.create_topics import CreateTopicsRequest
from strom.protocol.messages.find_coordinator import FindCoordinatorRequest
from strom.protocol.messages.offset_commit import OffsetCommitRequest
from strom.protocol.messages.offset_fetch import OffsetFetchRequest

pytestmark = pytest.mark.integration
OC = OffsetCommitRequest
OF = OffsetFetchRequest
UNKNOWN, TOO_LARGE, SERVER_ERROR = 3, 12, -1


def _create(c: WireClient, topic: str, partitions: int) -> None:
    CT = CreateTopicsRequest
    r = c.request(
        CT(
            topics=[CT.CreatableTopic(name=topic, num_partitions=partitions, replication_factor=1)],
            timeout_ms=5000,
        ),
        5,
    )
    assert r.topics[0].error_code in (0, 36)  # type: ignore[attr-defined]


def _commit(
    c: WireClient, group: str, parts: dict[str, list[tuple[int, int, str | None]]], version: int
) -> dict[tuple[str, int], int]:
    req = OC(
        group_id=group,
        generation_id_or_member_epoch=-1,
        member_id="",
        topics=[
            OC.OffsetCommitRequestTopic(
                name=t,
                partitions=[
                    OC.OffsetCommitRequestPartition(
                        partition_index=i, committed_offset=o, committed_metadata=m
                    )
                    for i, o, m in ps
                ],
            )
            for t, ps in parts.items()
        ],
    )
    r = c.request(req, version)
    return {
        (t.name, p.partition_index): p.error_code
        for t in r.topics  # type: ignore[attr-defined]
        for p in t.partitions
    }


def _fetch(
    c: WireClient, group: str, parts: dict[str, list[int]], version: int
) -> dict[tuple[str, int], tuple[int, int]]:
    req = OF(
        group_id=group,
        topics=[
            OF.OffsetFetchRequestTopic(name=t, partition_indexes=ps) for t, ps in parts.items()
        ],
    )
    r = c.request(req, version)
    return {
        (t.name, p.partition_index): (p.committed_offset, p.error_code)
        for t in r.topics  # type: ignore[attr-defined]
        for p in t.partitions
    }


def _v2_commit_when_loaded(c: WireClient, group: str, topic: str, offset: int) -> None:
    deadline = time.monotonic() + 30
    while True:
        c.request(FindCoordinatorRequest(key=group, key_type=0), 3)
        code = _commit(c, group, {topic: [(0, offset, None)]}, 2)[(topic, 0)]
        if code not in (14, 15, 16) or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert code == 0


def test_v0_offsets_kept_apart_from_the_coordinators(broker: BrokerProcess) -> None:
    with WireClient(broker.bootstrap) as c:
        _create(c, "v0-topic", 2)
        got = _commit(
            c,
            "v0-group",
            {"v0-topic": [(0, 5, "meta"), (9, 1, None)], "v0-missing": [(0, 1, None)]},
            0,
        )
        assert got == {("v0-topic", 0): 0, ("v0-topic", 9): UNKNOWN, ("v0-missing", 0): UNKNOWN}
        asked = {"v0-topic": [0, 1, 9], "v0-missing": [0]}
        assert _fetch(c, "v0-group", asked, 0) == {
            ("v0-topic", 0): (5, 0),
            ("v0-topic", 1): (-1, UNKNOWN),  # nothing stored
            ("v0-topic", 9): (-1, UNKNOWN),
            ("v0-missing", 0): (-1, UNKNOWN),
        }
        # the coordinator (v1+) does not see v0 commits, and v0 does not see the coordinator's
        deadline = time.monotonic() + 30
        while True:  # FindCoordinator loads the group's offsets partition (NOT_COORDINATOR before)
            c.request(FindCoordinatorRequest(key="v0-group", key_type=0), 3)
            v1 = _fetch(c, "v0-group", {"v0-topic": [0]}, 1)
            if v1[("v0-topic", 0)][1] not in (14, 15, 16) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert v1 == {("v0-topic", 0): (-1, 0)}
        _v2_commit_when_loaded(c, "v0-group", "v0-topic", 42)
        assert _fetch(c, "v0-group", {"v0-topic": [0]}, 1) == {("v0-topic", 0): (42, 0)}
        assert _fetch(c, "v0-group", {"v0-topic": [0]}, 0) == {("v0-topic", 0): (5, 0)}
        # metadata past offset.metadata.max.bytes (4096): refused, the stored offset stays
        got = _commit(c, "v0-group", {"v0-topic": [(0, 6, "x" * 5000)]}, 0)
        assert got == {("v0-topic", 0): TOO_LARGE}
        assert _fetch(c, "v0-group", {"v0-topic": [0]}, 0) == {("v0-topic", 0): (5, 0)}


def test_v0_offsets_survive_a_restart(fresh_broker: BrokerProcess) -> None:
    fresh_broker.start()
    with WireClient(fresh_broker.bootstrap) as c:
        _create(c, "v0-restart", 1)
        assert _commit(c, "g", {"v0-restart": [(0, 77, None)]}, 0) == {("v0-restart", 0): 0}
    fresh_broker.kill()  # no clean shutdown: the answer came after the file was written
    fresh_broker.start()
    with WireClient(fresh_broker.bootstrap) as c:
        assert _fetch(c, "g", {"v0-restart": [0]}, 0) == {("v0-restart", 0): (77, 0)}


@pytest.fixture
def tiny_tmpfs(tmp_path: Path) -> Iterator[Path]:
    with tmpfs(tmp_path / "data") as mnt:
        yield mnt


def test_a_full_disk_answers_an_error_and_keeps_the_offset(tiny_tmpfs: Path) -> None:
    b = BrokerProcess(tiny_tmpfs)
    b.start()
    try:
        with WireClient(b.bootstrap) as c:
            _create(c, "v0-full", 1)
            assert _commit(c, "g", {"v0-full": [(0, 10, None)]}, 0) == {("v0-full", 0): 0}
            filler = fill(tiny_tmpfs)
            assert _commit(c, "g", {"v0-full": [(0, 11, None)]}, 0) == {
                ("v0-full", 0): SERVER_ERROR
            }
            assert _fetch(c, "g", {"v0-full": [0]}, 0) == {("v0-full", 0): (10, 0)}
            filler.unlink()
            assert _commit(c, "g", {"v0-full": [(0, 12, None)]}, 0) == {("v0-full", 0): 0}
            assert _fetch(c, "g", {"v0-full": [0]}, 0) == {("v0-full", 0): (12, 0)}
    finally:
        b.kill()
