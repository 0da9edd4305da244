"""The leader's fetch-session cache (KIP-227): one session per follower broker (a new one
replaces the old, so the cache stays bounded by the number of brokers), a session answers only
the broker that created it, and a partition is re-sent only when something it carries changed."""

from __future__ import annotations

import pytest

from strom.broker.fetch_session import INT32_MAX, FetchSessionCache, SessionPartition

pytestmark = pytest.mark.unit


def test_one_session_per_follower_owned_by_it() -> None:
    cache = FetchSessionCache()
    a = cache.create(2)
    b = cache.create(3)
    assert len(cache) == 2 and a.session_id != b.session_id
    assert cache.get(a.session_id, 2) is a
    assert cache.get(a.session_id, 3) is None  # another broker cannot use it
    again = cache.create(2)  # broker 2 restarted its session: the old one is gone
    assert len(cache) == 2 and cache.get(a.session_id, 2) is None
    assert cache.get(again.session_id, 2) is again
    cache.close(again.session_id, 3)  # not broker 3's: stays
    assert cache.get(again.session_id, 2) is again
    cache.close(again.session_id, 2)
    assert len(cache) == 1 and cache.get(again.session_id, 2) is None


def test_epochs_advance_and_wrap_to_one() -> None:
    s = FetchSessionCache().create(2)
    assert s.epoch == 1
    s.advance()
    assert s.epoch == 2
    s.epoch = INT32_MAX
    s.advance()
    assert s.epoch == 1


def test_a_partition_is_resent_only_when_something_changed() -> None:
    sp = SessionPartition(fetch_offset=5, partition_max_bytes=1 << 20, current_leader_epoch=0)
    assert sp.must_respond(0, 0, 5, 5, 0)  # never sent
    sp.sent(5, 5, 0)
    assert not sp.must_respond(0, 0, 5, 5, 0)
    assert sp.must_respond(0, 10, 5, 5, 0)  # records
    assert sp.must_respond(6, 0, 5, 5, 0)  # an error
    assert sp.must_respond(0, 0, 6, 5, 0)  # high watermark
    assert sp.must_respond(0, 0, 5, 6, 0)  # last stable offset
    assert sp.must_respond(0, 0, 5, 5, 1)  # log start offset
