"""The chaos checker: a pure function from a run's history to its safety and liveness figures.

Owns: the analysis only (no processes, no sockets, no clock), so it is unit-tested on synthetic
histories, including histories that must fail. Its definitions follow Jepsen's Kafka analyses
(``jepsen.tests.kafka``) and Kafka's ducktape ``validate_delivery``; ``docs/reliability.md``
("Chaos harness") states them for readers.

A history is a list of events (dicts, one JSON object per line in ``history.jsonl``):

* ``{"f": "send", "w": producer, "v": value, "p": partition, "st": "ok"|"fail"|"info",
  "off": offset or None, "t0": invoke time, "t1": completion time}``; ``info`` is
  indeterminate (timed out, maybe written); ``off`` None on an ``ok`` is an implicit ack
  (librdkafka knows the record was written by sequence number, not where);
* ``{"f": "read", "c": consumer, "p": partition, "off": offset, "v": value, "t": time}``;
  sends and reads may carry ``"topic"`` (partitions of different topics are different);
* ``{"f": "assign", "c": consumer}``: the consumer's position may jump (poll-skip resets);
* ``{"f": "txn", "w": copier, "id": txn, "st": "ok"|"fail"|"info", "writes": [values],
  "reads": [values], "t0": commit invoke time, "t1": completion}``; ``fail`` is an abort;
* ``{"f": "commit", "g": group, "p": partition, "off": offset, "st": "ok", "t0", "t1"}`` and
  ``{"f": "committed", "g", "p", "off", "t0", "t1"}`` (a committed offset read back);
* ``{"f": "fault", "kind": name, "t0": start, "t1": healed, "partitions": [affected]}``;
* ``{"f": "meta", "b": broker, "p": partition, "leader": id, "epoch": n, "t": time}`` and
  ``{"f": "hw", "b": broker, "p": partition, "hw": offset, "t": time}``: what a broker answered
  to Metadata and to ListOffsets latest (the observer, :mod:`.observer`).

Values are ``"<producer>.<seq>"``; a producer's sequence numbers grow in send order.

Replica snapshots (``{broker: {partition: {"batches": [[base offset, epoch, crc]], "hw": n}}}``,
read from the stopped brokers' segment files) feed :func:`replica_divergence`.

Invariants: the checker never drops an event silently; every count it reports is derived from
the events given; an empty history yields zeros, never an exception.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

Event = Mapping[str, Any]

SAFETY_KEYS = (
    "lost",
    "duplicated",
    "inconsistent_offsets",
    "order_violations",
    "g1a",
    "g1c",
    "precommitted_reads",
    "committed_offset_regressions",
    "poll_skips",
    "replica_divergence",
    "hw_regressions",
    "leaders_per_epoch_conflicts",
)


def _seq(value: str) -> tuple[str, int] | None:
    producer, _, seq = str(value).rpartition(".")
    try:
        return producer, int(seq)
    except ValueError:
        return None


def _part(e: Event) -> str:
    """A partition's name in events: ``"<topic>-<p>"`` (topic "" when the event has none)."""
    return f"{e.get('topic', '')}-{int(e['p'])}"


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (``q`` in 0..100); None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 100))))
    return ordered[rank - 1]


def check(history: Iterable[Event], replicas: Mapping[Any, Any] | None = None) -> dict[str, Any]:
    """Every figure of the plan's section 5.3 that the history allows; ``ok`` is True when every
    safety count is 0. Lists of examples are capped at 10."""
    events = list(history)
    sends = [e for e in events if e.get("f") == "send"]
    reads = [e for e in events if e.get("f") == "read"]
    txns = [e for e in events if e.get("f") == "txn"]
    faults = [e for e in events if e.get("f") == "fault"]
    out: dict[str, Any] = {
        "acked": sum(1 for e in sends if e["st"] == "ok"),
        "failed": sum(1 for e in sends if e["st"] == "fail"),
        "indeterminate": sum(1 for e in sends if e["st"] == "info"),
        "reads": len(reads),
        "txns": {st: sum(1 for t in txns if t["st"] == st) for st in ("ok", "fail", "info")},
        "faults": len(faults),
    }
    out.update(delivery(sends, reads, txns))
    out.update(transactions(txns, reads))
    out["committed_offset_regressions"] = committed_regressions(events)
    out["poll_skips"] = poll_skips(events)
    div = replica_divergence(replicas or {})
    out["replica_divergence"] = div["divergent"]
    out["replica_missing"] = div["missing"]
    out["replica_batches_compared"] = div["compared"]
    out["divergence_examples"] = div["examples"]
    out.update(availability(sends, faults))
    out.update(broker_invariants(events))
    out["ok"] = all(not out[k] for k in SAFETY_KEYS)
    return out


def delivery(sends: list[Event], reads: list[Event], txns: list[Event]) -> dict[str, Any]:
    """lost, unseen, duplicated, inconsistent offsets, order violations of plain sends.

    *lost*: acknowledged, never read, although a record at a higher offset of its partition was
    read (the consumers went past it); *unseen*: acknowledged, never read, nothing after it read
    either (the final phase did not reach it: a liveness failure, not a proven loss).
    *duplicated*: a value read at two different (partition, offset) places. *inconsistent
    offsets*: an acknowledged offset differing from where the value is read, or two values
    read at one (partition, offset). *order violations*: one producer's values of one partition
    read in an order other than their sequence order (idempotent send must keep it).
    Values written only by transactions (``txn`` events) are judged by :func:`transactions`."""
    txn_values = {v for t in txns for v in t.get("writes", ())}
    where: dict[str, set[tuple[str, int]]] = defaultdict(set)
    at: dict[tuple[str, int], set[str]] = defaultdict(set)
    max_read: dict[str, int] = {}
    for r in reads:
        if r.get("v") is None:  # a tombstone (compacted topics): no value to account for
            continue
        p, off, v = _part(r), int(r["off"]), str(r["v"])
        where[v].add((p, off))
        at[(p, off)].add(v)
        max_read[p] = max(max_read.get(p, -1), off)
    lost: list[str] = []
    unseen: list[str] = []
    inconsistent: list[str] = []
    for s in sends:
        if s["st"] != "ok" or s["v"] in txn_values:
            continue
        v = str(s["v"])
        if v not in where:
            off = s.get("off")
            p = _part(s)
            beyond = max_read.get(p, -1)
            passed = beyond > off if off is not None else beyond >= 0 and _read_after(s, reads)
            (lost if passed else unseen).append(v)
            continue
        off = s.get("off")
        if off is not None and (_part(s), int(off)) not in where[v]:
            inconsistent.append(f"{v}: acked {s['p']}@{off}, read at {sorted(where[v])}")
    duplicated = sorted(v for v, places in where.items() if len(places) > 1)
    for (p, off), values in at.items():
        if len(values) > 1:
            inconsistent.append(f"{p}@{off} holds {sorted(values)}")
    order = order_violations(reads)
    return {
        "lost": len(lost),
        "lost_examples": sorted(lost)[:10],
        "unseen": len(unseen),
        "unseen_examples": sorted(unseen)[:10],
        "duplicated": len(duplicated),
        "duplicated_examples": duplicated[:10],
        "inconsistent_offsets": len(inconsistent),
        "inconsistent_examples": inconsistent[:10],
        "order_violations": len(order),
        "order_examples": order[:10],
    }


def _read_after(send: Event, reads: list[Event]) -> bool:
    """For an implicit ack (offset unknown): did a later value of the same producer and
    partition get read? Then this one was passed over."""
    me = _seq(send["v"])
    if me is None:
        return False
    for r in reads:
        other = _seq(r["v"])
        if other and other[0] == me[0] and other[1] > me[1] and _part(r) == _part(send):
            return True
    return False


def order_violations(reads: list[Event]) -> list[str]:
    """Per (producer, partition): sequence numbers must grow with the offset they are read at."""
    by_place: dict[tuple[str, str], dict[int, int]] = defaultdict(dict)
    for r in reads:
        parsed = _seq(r["v"])
        if parsed is not None:
            by_place[(parsed[0], _part(r))][int(r["off"])] = parsed[1]
    out = []
    for (producer, p), by_offset in by_place.items():
        last = -1
        for off in sorted(by_offset):
            seq = by_offset[off]
            if seq < last:
                out.append(f"{producer} partition {p}: seq {seq} at offset {off} after seq {last}")
            last = max(last, seq)
    return out


def transactions(txns: list[Event], reads: list[Event]) -> dict[str, Any]:
    """G1a (aborted read): a consumer read a value only an aborted transaction wrote.
    Pre-committed read: a value read before its transaction's commit was invoked.
    G1c: a cycle of write-read dependencies between committed transactions (txn A wrote a
    value txn B read, and transitively back). Lost transactional writes: a committed
    transaction's value never read while later offsets of its partition were."""
    writer: dict[str, Event] = {}
    for t in txns:
        for v in t.get("writes", ()):
            writer[str(v)] = t
    g1a: list[str] = []
    pre: list[str] = []
    read_values = set()
    for r in reads:
        v = str(r["v"])
        read_values.add(v)
        t = writer.get(v)
        if t is None:
            continue
        if t["st"] == "fail":
            g1a.append(f"{v} from aborted txn {t['id']}")
        elif "t" in r and "t0" in t and float(r["t"]) < float(t["t0"]):
            pre.append(f"{v} read at {r['t']:.3f} before txn {t['id']} committed")
    lost_txn = [
        f"{v} of committed txn {t['id']}"
        for t in txns
        if t["st"] == "ok"
        for v in t.get("writes", ())
        if str(v) not in read_values
    ]
    return {
        "g1a": len(g1a),
        "g1a_examples": g1a[:10],
        "precommitted_reads": len(pre),
        "precommitted_examples": pre[:10],
        "g1c": len(_cycles(txns, writer)),
        "txn_writes_unread": len(lost_txn),
        "txn_unread_examples": lost_txn[:10],
    }


def _cycles(txns: list[Event], writer: Mapping[str, Event]) -> list[list[str]]:
    """Strongly connected components of size > 1 in the write-read graph of committed txns."""
    graph: dict[str, set[str]] = defaultdict(set)
    for t in txns:
        if t["st"] != "ok":
            continue
        for v in t.get("reads", ()):
            w = writer.get(str(v))
            if w is not None and w["st"] == "ok" and w["id"] != t["id"]:
                graph[str(w["id"])].add(str(t["id"]))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    sccs: list[list[str]] = []
    counter = 0

    def strong(node: str) -> None:  # iterative Tarjan
        nonlocal counter
        work = [(node, iter(sorted(graph.get(node, ()))))]
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on.add(node)
        while work:
            n, it = work[-1]
            advanced = False
            for m in it:
                if m not in index:
                    index[m] = low[m] = counter
                    counter += 1
                    stack.append(m)
                    on.add(m)
                    work.append((m, iter(sorted(graph.get(m, ())))))
                    advanced = True
                    break
                if m in on:
                    low[n] = min(low[n], index[m])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[n])
            if low[n] == index[n]:
                comp = []
                while True:
                    m = stack.pop()
                    on.discard(m)
                    comp.append(m)
                    if m == n:
                        break
                if len(comp) > 1:
                    sccs.append(comp)

    for node in list(graph):
        if node not in index:
            strong(node)
    return sccs


def committed_regressions(events: list[Event]) -> int:
    """A committed offset read back lower than a commit acknowledged before the read began."""
    acked: dict[tuple[str, int], list[tuple[float, int]]] = defaultdict(list)
    for e in events:
        if e.get("f") == "commit" and e.get("st") == "ok":
            acked[(str(e["g"]), int(e["p"]))].append((float(e["t1"]), int(e["off"])))
    bad = 0
    for e in events:
        if e.get("f") != "committed":
            continue
        before = [off for t1, off in acked.get((str(e["g"]), int(e["p"])), ()) if t1 < e["t0"]]
        if before and int(e["off"]) < max(before):
            bad += 1
    return bad


def poll_skips(events: list[Event]) -> int:
    """A consumer's consecutive reads of a partition jumped over an offset another read or an
    ack shows holds a record (an ``assign`` event of that consumer resets its positions)."""
    known: dict[str, set[int]] = defaultdict(set)
    for e in events:
        if e.get("f") == "read":
            known[_part(e)].add(int(e["off"]))
    last: dict[tuple[str, str], int] = {}
    skips = 0
    for e in events:
        if e.get("f") == "assign":
            for key in [k for k in last if k[0] == str(e["c"])]:
                del last[key]
        elif e.get("f") == "read":
            key = (str(e["c"]), _part(e))
            off = int(e["off"])
            prev = last.get(key)
            if prev is not None and off > prev + 1:
                skips += sum(1 for k in known[key[1]] if prev < k < off)
            last[key] = off
    return skips


def replica_divergence(replicas: Mapping[Any, Any]) -> dict[str, Any]:
    """Compare every replica's batches below the partition's high watermark (the highest HW
    any replica checkpointed: committed data must be on every replica after heal) by base
    offset, leader epoch and CRC. *divergent*: two replicas hold different batches at one
    offset; *missing*: a replica lacks a batch below the HW that another holds (a replica that
    never caught up: with every ISR full again this is a divergence too)."""
    per_partition: dict[int, dict[Any, dict[str, Any]]] = defaultdict(dict)
    for broker, parts in replicas.items():
        for p, snap in parts.items():
            per_partition[int(p)][broker] = snap
    divergent = 0
    missing = 0
    compared = 0
    examples: list[str] = []
    for p, snaps in sorted(per_partition.items()):
        hw = max(int(s["hw"]) for s in snaps.values())
        tables = {
            b: {int(off): (int(ep), int(crc)) for off, ep, crc in s["batches"] if int(off) < hw}
            for b, s in snaps.items()
        }
        for off in sorted(set().union(*[set(t) for t in tables.values()])):
            seen = {b: t.get(off) for b, t in tables.items()}
            compared += 1
            present = {v for v in seen.values() if v is not None}
            if len(present) > 1:
                divergent += 1
            elif None in seen.values():
                missing += 1
            else:
                continue
            if len(examples) < 10:
                examples.append(f"partition {p} offset {off}: {seen}")
    return {"divergent": divergent, "missing": missing, "compared": compared,
            "examples": examples}  # fmt: skip


def availability(sends: list[Event], faults: list[Event]) -> dict[str, Any]:
    """Unavailability per fault: from the fault's start to the first acknowledgement completed
    after it on each affected partition (all partitions when the fault names none), the worst
    partition counting; produce latency p99 of acknowledged sends."""
    acks_by_p: dict[int, list[float]] = defaultdict(list)
    latencies = []
    for s in sends:
        if s["st"] == "ok":
            acks_by_p[int(s["p"])].append(float(s["t1"]))
            latencies.append(float(s["t1"]) - float(s["t0"]))
    for ts in acks_by_p.values():
        ts.sort()
    gaps = []
    for f in faults:
        t0 = float(f["t0"])
        parts = f.get("partitions") or list(acks_by_p)
        worst = 0.0
        for p in parts:
            after = [t for t in acks_by_p.get(int(p), ()) if t >= t0]
            if after:
                worst = max(worst, after[0] - t0)
        gaps.append(worst)
    return {
        "unavailability_s": {
            "p50": percentile(gaps, 50),
            "p99": percentile(gaps, 99),
            "max": max(gaps) if gaps else None,
        },
        "produce_latency_p99_s": percentile(latencies, 99),
    }


def broker_invariants(events: list[Event]) -> dict[str, Any]:
    """The brokers' own answers over time: ``hw_regressions`` counts ListOffsets-latest answers
    (the high watermark a leader reports, asked with the current leader epoch) below one
    reported earlier for the partition (Kafka's KIP-207: offsets a client sees never go back,
    even across a leader change); ``leaders_per_epoch_conflicts`` counts (partition, leader
    epoch) pairs for which Metadata named two different leaders."""
    best: dict[str, int] = {}
    regressions = []
    for e in sorted((e for e in events if e.get("f") == "hw"), key=lambda e: e["t"]):
        key = _part(e)
        if e["hw"] < best.get(key, -1):
            regressions.append(f"partition {e['p']}: hw {e['hw']} from broker {e['b']} after "
                               f"{best[key]}")
        best[key] = max(best.get(key, -1), e["hw"])
    leaders: dict[tuple[str, int], set[int]] = defaultdict(set)
    for e in events:
        if e.get("f") == "meta":
            leaders[(_part(e), e["epoch"])].add(e["leader"])
    conflicts = sorted(f"{p} epoch {ep}: {sorted(ls)}" for (p, ep), ls in leaders.items()
                       if len(ls) > 1)  # fmt: skip
    return {"hw_regressions": len(regressions), "hw_regression_examples": regressions[:10],
            "hw_samples": sum(1 for e in events if e.get("f") == "hw"),
            "leaders_per_epoch_conflicts": len(conflicts),
            "leader_conflict_examples": conflicts[:10]}  # fmt: skip
