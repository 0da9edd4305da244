"""The chaos checker on synthetic histories: clean ones pass, and every anomaly it claims to
find makes a history fail (a checker blind to loss would pass every chaos run)."""

from __future__ import annotations

from typing import Any

import pytest

from .checker import broker_invariants, check, percentile, replica_divergence

pytestmark = pytest.mark.unit


def send(v: str, p: int, off: int | None, st: str = "ok", t0: float = 0.0, t1: float = 0.01
         ) -> dict[str, Any]:  # fmt: skip
    return {"f": "send", "w": v.split(".")[0], "v": v, "p": p, "st": st, "off": off,
            "t0": t0, "t1": t1}  # fmt: skip


def read(v: str, p: int, off: int, c: str = "c1", t: float = 100.0) -> dict[str, Any]:
    return {"f": "read", "c": c, "p": p, "off": off, "v": v, "t": t}


def clean() -> list[dict[str, Any]]:
    h = [send(f"a.{i}", 0, i) for i in range(5)] + [send(f"b.{i}", 1, i) for i in range(3)]
    h += [read(f"a.{i}", 0, i) for i in range(5)] + [read(f"b.{i}", 1, i) for i in range(3)]
    return h


def test_clean_history_passes() -> None:
    r = check(clean())
    assert r["ok"], r
    assert (r["acked"], r["lost"], r["duplicated"], r["reads"]) == (8, 0, 0, 8)


def test_empty_history_is_zero() -> None:
    r = check([])
    assert r["ok"] and r["acked"] == 0 and r["unavailability_s"]["max"] is None


def test_lost_record_found() -> None:
    h = [e for e in clean() if not (e["f"] == "read" and e["v"] == "a.2")]
    r = check(h)
    assert not r["ok"] and r["lost"] == 1 and r["lost_examples"] == ["a.2"]


def test_tail_not_read_is_unseen_not_lost() -> None:
    h = [e for e in clean() if not (e["f"] == "read" and e["v"] == "a.4")]
    r = check(h)
    assert r["lost"] == 0 and r["unseen"] == 1 and r["ok"]


def test_failed_and_indeterminate_sends_may_be_missing() -> None:
    h = [*clean(), send("a.5", 0, None, "fail"), send("a.6", 0, None, "info")]
    r = check(h)
    assert r["ok"] and (r["failed"], r["indeterminate"]) == (1, 1)


def test_implicit_ack_lost_when_later_value_read() -> None:
    h = [*clean(), send("a.5", 0, None), send("a.6", 0, 6), read("a.6", 0, 6)]
    r = check(h)
    assert r["lost"] == 1 and r["lost_examples"] == ["a.5"]


def test_duplicate_found() -> None:
    r = check([*clean(), read("a.1", 0, 7)])
    assert not r["ok"] and r["duplicated"] == 1
    assert r["inconsistent_offsets"] == 0  # the acknowledged place is one of the two


def test_ack_offset_mismatch_found() -> None:
    h = clean()
    h[1] = send("a.1", 0, 9)  # acknowledged at 9, read at 1
    r = check(h)
    assert not r["ok"] and r["inconsistent_offsets"] == 1


def test_two_values_at_one_offset_found() -> None:
    r = check([*clean(), read("z.0", 0, 3, c="c2")])
    assert not r["ok"] and r["inconsistent_offsets"] >= 1


def test_order_violation_found() -> None:
    h = [send("a.0", 0, 1), send("a.1", 0, 0), read("a.0", 0, 1), read("a.1", 0, 0)]
    r = check(h)
    assert r["order_violations"] == 1 and not r["ok"]


def txn(i: str, st: str, writes: list[str], reads: list[str] = (), t0: float = 50.0  # type: ignore[assignment]
        ) -> dict[str, Any]:  # fmt: skip
    return {"f": "txn", "w": "x", "id": i, "st": st, "writes": writes, "reads": list(reads),
            "t0": t0, "t1": t0 + 0.1}  # fmt: skip


def test_aborted_read_g1a_found() -> None:
    h = [txn("t1", "fail", ["x.0"]), read("x.0", 2, 0)]
    r = check(h)
    assert r["g1a"] == 1 and not r["ok"]


def test_precommitted_read_found() -> None:
    h = [txn("t1", "ok", ["x.0"], t0=50.0), read("x.0", 2, 0, t=10.0)]
    r = check(h)
    assert r["precommitted_reads"] == 1 and r["g1a"] == 0 and not r["ok"]


def test_committed_txn_read_after_commit_passes() -> None:
    r = check([txn("t1", "ok", ["x.0"]), read("x.0", 2, 0)])
    assert r["ok"] and r["txn_writes_unread"] == 0


def test_g1c_cycle_found() -> None:
    h = [txn("t1", "ok", ["x.0"], ["y.0"]), txn("t2", "ok", ["y.0"], ["x.0"])]
    r = check(h)
    assert r["g1c"] == 1 and not r["ok"]


def test_chain_without_cycle_is_not_g1c() -> None:
    h = [txn("t1", "ok", ["x.0"]), txn("t2", "ok", ["y.0"], ["x.0"]),
         txn("t3", "ok", ["z.0"], ["y.0"])]  # fmt: skip
    assert check(h)["g1c"] == 0


def test_committed_offset_regression_found() -> None:
    h = [
        {"f": "commit", "g": "g", "p": 0, "off": 10, "st": "ok", "t0": 1.0, "t1": 1.1},
        {"f": "committed", "g": "g", "p": 0, "off": 7, "t0": 2.0, "t1": 2.1},
    ]
    assert check(h)["committed_offset_regressions"] == 1
    h[1]["off"] = 10
    assert check(h)["committed_offset_regressions"] == 0


def test_poll_skip_found_and_reset_by_assign() -> None:
    h = [*clean(), read("a.0", 0, 0, c="c2"), read("a.3", 0, 3, c="c2")]
    assert check(h)["poll_skips"] == 2
    h.insert(-1, {"f": "assign", "c": "c2"})
    assert check(h)["poll_skips"] == 0


def test_replica_divergence_found() -> None:
    same = {0: {"batches": [[0, 0, 11], [5, 0, 12], [9, 1, 13]], "hw": 9}}
    assert replica_divergence({1: same, 2: same})["divergent"] == 0
    other = {0: {"batches": [[0, 0, 11], [5, 1, 99]], "hw": 5}}
    r = replica_divergence({1: same, 2: other})
    assert r["divergent"] == 1 and r["compared"] == 2
    missing = {0: {"batches": [[0, 0, 11]], "hw": 5}}
    r = replica_divergence({1: same, 2: missing})
    assert (r["divergent"], r["missing"]) == (0, 1)
    assert not check([], {1: same, 2: other})["ok"]


def test_unavailability_per_fault() -> None:
    h = [send("a.0", 0, 0, t0=0.0, t1=1.0), send("a.1", 0, 1, t0=1.0, t1=5.0),
         send("b.0", 1, 0, t0=1.0, t1=2.0),
         {"f": "fault", "kind": "kill", "t0": 1.5, "t1": 1.5, "partitions": [0]}]  # fmt: skip
    r = check(h)
    assert r["unavailability_s"]["max"] == pytest.approx(3.5)
    assert r["faults"] == 1


def test_partitions_of_different_topics_are_different() -> None:
    h = [*clean(), {**read("x.0", 0, 0, c="c2"), "topic": "out"}]
    r = check(h)
    assert r["inconsistent_offsets"] == 0 and r["poll_skips"] == 0
    h.append({**read("x.1", 0, 0, c="c2"), "topic": "out"})
    assert check(h)["inconsistent_offsets"] == 1


def test_percentile() -> None:
    assert percentile([3.0, 1.0, 2.0], 50) == 2.0
    assert percentile(list(map(float, range(1, 101))), 99) == 99.0
    assert percentile([], 50) is None


def test_a_high_watermark_going_back_is_a_regression() -> None:
    ok = [{"f": "hw", "b": 1, "p": 0, "hw": 5, "t": 1.0},
          {"f": "hw", "b": 2, "p": 0, "hw": 7, "t": 2.0},
          {"f": "hw", "b": 1, "p": 1, "hw": 3, "t": 2.5}]  # fmt: skip
    assert broker_invariants(ok)["hw_regressions"] == 0
    bad = [*ok, {"f": "hw", "b": 3, "p": 0, "hw": 6, "t": 3.0}]
    r = check(bad)
    assert r["hw_regressions"] == 1 and not r["ok"]
    assert "broker 3" in r["hw_regression_examples"][0]


def test_two_leaders_in_one_epoch_are_a_conflict() -> None:
    one = [{"f": "meta", "b": b, "p": 0, "leader": 1, "epoch": 4, "t": 1.0} for b in (1, 2, 3)]
    assert broker_invariants(one)["leaders_per_epoch_conflicts"] == 0
    two = [*one, {"f": "meta", "b": 2, "p": 0, "leader": 2, "epoch": 4, "t": 2.0},
           {"f": "meta", "b": 2, "p": 0, "leader": 2, "epoch": 5, "t": 3.0}]  # fmt: skip
    r = check(two)
    assert r["leaders_per_epoch_conflicts"] == 1 and not r["ok"]
