"""Client quota arithmetic and matching without a broker: Kafka's sampled rate and throttle
formula, KIP-55's eight precedence levels (per quota type), who shares a rate, the bounded sensor
map, the request quota's one-window bound, and the stores' layouts (local file; ZooKeeper paths
as Kafka's Sanitizer writes them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from strom.broker.quota_sensors import Avg, SampledRate, TokenBucket
from strom.broker.quotas import ClientQuotaManager, QuotaWindows, resolve
from strom.cluster.quota_configs import LocalQuotaConfigStore, QuotaEntity, QuotaMap

pytestmark = pytest.mark.unit

E = QuotaEntity
P = "producer_byte_rate"


def test_rate_counts_at_least_samples_minus_one_windows() -> None:
    r = SampledRate(11, 1000)
    r.record(10_000, 0)
    # a first burst is spread over 10 windows (Kafka's Rate.windowSize)
    assert r.rate(0) == pytest.approx(1000)
    assert r.window_ms_at(500) == pytest.approx(10_500)
    # (rate - bound) / bound * window
    assert r.throttle_ms(500, 0) == 10_000
    assert r.throttle_ms(1000, 0) == 0


def test_rate_forgets_samples_older_than_the_horizon() -> None:
    r = SampledRate(2, 1000)
    r.record(5000, 0)
    assert r.rate(1500) > 0
    assert r.rate(2000) == 0  # the sample started at 0 is 2 windows old: reset
    r.record(100, 2500)
    # the reset sample starts at 2000: 500 ms elapsed, counted as 1500 (one full window more)
    assert r.rate(2500) == pytest.approx(100 / 1.5)


def test_throttle_bounded_only_when_asked() -> None:
    r = SampledRate(2, 1000)
    r.record(1_000_000, 0)
    assert r.throttle_ms(1000, 0) == 999_000
    assert r.throttle_ms(1000, 0, max_ms=1000) == 1000


LEVELS: list[tuple[QuotaEntity, tuple[str, str]]] = [
    (E(True, "alice", True, "app"), ("alice", "app")),
    (E(True, "alice", True, None), ("alice", "app")),
    (E(True, "alice"), ("alice", "")),
    (E(True, None, True, "app"), ("alice", "app")),
    (E(True, None, True, None), ("alice", "app")),
    (E(True, None), ("alice", "")),
    (E(has_client=True, client_id="app"), ("", "app")),
    (E(has_client=True, client_id=None), ("", "app")),
]


@pytest.mark.parametrize("level", range(len(LEVELS)))
def test_precedence_first_level_with_the_key_wins(level: int) -> None:
    # every level from ``level`` down has a quota; the first one must be chosen
    quotas: QuotaMap = {e: {P: float(i + 1)} for i, (e, _) in enumerate(LEVELS) if i >= level}
    user_tag, client_tag = LEVELS[level][1]
    assert resolve(quotas, "alice", "app", P) == (user_tag, client_tag, float(level + 1))


def test_precedence_is_per_quota_type() -> None:
    quotas: QuotaMap = {
        E(True, "alice", True, "app"): {"consumer_byte_rate": 1.0},
        E(has_client=True, client_id=None): {P: 2.0},
    }
    assert resolve(quotas, "alice", "app", P) == ("", "app", 2.0)
    assert resolve(quotas, "alice", "app", "consumer_byte_rate") == ("alice", "app", 1.0)
    assert resolve(quotas, "bob", "other", "consumer_byte_rate") is None


def _manager(tmp_path: Path, quotas: QuotaMap, clock: list[float]) -> ClientQuotaManager:
    store = LocalQuotaConfigStore(tmp_path)
    store.alter({e: dict(c) for e, c in quotas.items()})  # type: ignore[arg-type]
    m = ClientQuotaManager(lambda: store, QuotaWindows(2, 1), clock=lambda: clock[0])
    m.start()
    return m


def test_user_quota_shared_by_its_clients_default_client_quota_is_not(tmp_path: Path) -> None:
    clock = [0.0]
    m = _manager(
        tmp_path,
        {E(True, "alice"): {P: 1000.0}, E(has_client=True, client_id=None): {P: 1000.0}},
        clock,
    )
    assert m.record(P, "alice", "a", 800, 0) == 0
    assert m.record(P, "alice", "b", 800, 0) > 0  # same user: one shared rate
    assert m.record(P, "bob", "a", 800, 0) == 0  # default client id: one rate per client id
    assert m.record(P, "bob", "b", 800, 0) == 0
    assert set(m.sensors) == {(P, "alice", ""), (P, "", "a"), (P, "", "b")}


def test_no_quota_no_sensor_and_update_replaces(tmp_path: Path) -> None:
    clock = [0.0]
    m = _manager(tmp_path, {}, clock)
    assert m.record(P, "u", "c", 10**9, 0) == 0
    assert not m.sensors
    m.update({E(has_client=True, client_id="c"): {P: 10.0}})
    assert m.record(P, "u", "c", 10**6, 0) > 0
    m.update({})
    assert m.record(P, "u", "c", 10**6, 0) == 0


def test_request_percentage_throttle_bounded_by_one_window(tmp_path: Path) -> None:
    clock = [0.0]
    m = _manager(tmp_path, {E(has_client=True, client_id="c"): {"request_percentage": 1.0}}, clock)
    assert m.record("request_percentage", "u", "c", 500.0, 0) == 1000


def test_fetch_cap_is_what_the_quota_window_holds_and_unrecord_takes_back(
    tmp_path: Path,
) -> None:
    """KAFKA-9677's cap: ``consumer_byte_rate * (samples - 1) * window`` bytes fit an empty
    window unthrottled, one more byte does not; a throttled (emptied) fetch's bytes are taken
    back, so the consumer's next fetch of the same size is measured as before."""
    c = "consumer_byte_rate"
    m = _manager(tmp_path, {E(has_client=True, client_id="r"): {c: 1000.0}}, [0.0])
    assert m.max_fetch_bytes("u", "r") == 1000  # 2 windows of 1 s
    assert m.max_fetch_bytes("u", "other") is None
    assert m.record(c, "u", "r", 1000, 0) == 0
    over = m.record(c, "u", "r", 600, 10)
    assert over > 0
    m.unrecord(c, "u", "r", 600, 10)
    assert m.record(c, "u", "r", 600, 10) == over  # measured as if the first 600 never counted
    m.unrecord(c, "u", "r", 600, 10)
    m.unrecord(c, "u", "other", 600, 20)  # no quota, no sensor: nothing to take back
    assert set(m.sensors) == {(c, "", "r")}


def test_sensor_map_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import strom.broker.quotas as q

    monkeypatch.setattr(q, "MAX_SENSORS", 5)
    clock = [0.0]
    m = _manager(tmp_path, {E(has_client=True, client_id=None): {P: 10.0}}, clock)
    for i in range(50):
        m.record(P, "u", f"client-{i}", 1, 0)
    assert len(m.sensors) == 5
    assert (P, "", "client-49") in m.sensors


def test_local_store_layout_and_reload(tmp_path: Path) -> None:
    store = LocalQuotaConfigStore(tmp_path)
    store.alter(
        {
            E(True, "a/b c", True, None): {P: 1024.0},
            E(has_client=True, client_id="x"): {"request_percentage": 12.5},
        }
    )
    data = json.loads((tmp_path / "client-quotas.json").read_text())
    assert data["entities"] == {
        "clients/x": {"request_percentage": "12.5"},
        "users/a%2Fb%20c/clients/<default>": {P: "1024"},
    }
    again = LocalQuotaConfigStore(tmp_path)
    assert again.read_all() == {
        E(True, "a/b c", True, None): {P: 1024.0},
        E(has_client=True, client_id="x"): {"request_percentage": 12.5},
    }
    again.alter({E(has_client=True, client_id="x"): {"request_percentage": None}})
    assert LocalQuotaConfigStore(tmp_path).read_all() == {E(True, "a/b c", True, None): {P: 1024.0}}


def test_damaged_local_store_stops_the_start(tmp_path: Path) -> None:
    (tmp_path / "client-quotas.json").write_text("{not json")
    with pytest.raises(ValueError):
        LocalQuotaConfigStore(tmp_path)


def test_token_bucket_starts_full_goes_negative_and_refills() -> None:
    b = TokenBucket(rate=2.0, burst_s=3.0, now_ms=0)
    assert b.tokens == 6.0 and not b.exceeded(0)
    b.record(10, 0)
    assert b.exceeded(0)
    assert b.throttle_ms(0) == 2000  # 4 tokens short at 2 per second
    assert not b.exceeded(2000)
    b.record(0, 100_000)
    assert b.tokens == 6.0  # never more than the burst


def test_avg_is_bounded_and_forgets_old_windows() -> None:
    a = Avg(3, 1000)
    for i in range(100_000):
        a.record(10.0, i / 100)  # 100,000 values within one second
    assert len(a.samples) == 1
    assert a.avg(999) == 10.0 and a.max(999) == 10.0
    a.record(40.0, 1500)
    assert a.avg(1500) == pytest.approx((100_000 * 10 + 40) / 100_001)
    assert a.max(1500) == 40.0
    assert a.avg(3600) == 40.0  # the first window is 3 windows old
    assert a.avg(10_000) == 0.0 and len(a.samples) <= 3
