"""``strom mirror-maker``: continuous replication of topics from a source cluster to a target
cluster, with MirrorMaker 2's conventions and settings names (``connect-mirror-maker.properties``).

Owns: reading the MM2 properties (``clusters``, ``<alias>.bootstrap.servers``,
``<src>-><tgt>.enabled``, ``topics`` / ``topics.exclude`` regexes, ``replication.policy.class``,
``sync.topic.configs.enabled``, ``refresh.topics.interval.seconds``,
``emit.heartbeats.enabled`` / ``emit.heartbeats.interval.seconds``, plus ``<src>-><tgt>.`` and
``<alias>.`` prefixed overrides), remote topic naming (DefaultReplicationPolicy
``<source-alias>.<topic>`` or IdentityReplicationPolicy), creating remote topics with the source's
partition count and dynamic topic configs and growing them when the source grows, and the copy
loop of each enabled flow.

Invariants (exactly-once into the target, as MM2 with ``exactly.once.support=enabled``):
- Records are read from the source with ``isolation.level=read_committed`` (no aborted or open
  transaction data is copied) and written to the same partition number of the remote topic by a
  transactional producer (``transactional.id`` = ``mirror-maker-<src>-><tgt>``).
- The source position of every partition is stored in the *target*, in the same transaction as
  the records: a TxnOffsetCommit of the group ``mirror-maker-<src>-><tgt>`` keyed by the remote
  topic partition. A copy and its position become visible together or not at all.
- On start, and after any failure (either cluster restarting, a lost connection, an aborted
  transaction), the flow rebuilds its clients: ``init_transactions`` fences an older instance and
  aborts its open transaction, then positions are read back from the target. Nothing is copied
  twice and nothing is skipped. A fenced flow (another mirror maker took over) stops with an error.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from strom.client import (
    AdminClient,
    Consumer,
    NewTopic,
    Producer,
    ProducerFencedError,
    TopicPartition,
)
from strom.tools._common import ToolError, load_properties, version_text
from strom.tools.mirror_maker_checkpoints import (
    DEFAULT_GROUPS_EXCLUDE,
    OffsetSyncStore,
    checkpoints,
    checkpoints_topic,
    encode_sync,
    group_filter,
    offset_syncs_topic,
    sync_group_offsets,
)

DEFAULT_POLICY = "org.apache.kafka.connect.mirror.DefaultReplicationPolicy"
IDENTITY_POLICY = "org.apache.kafka.connect.mirror.IdentityReplicationPolicy"
# MM2's default topics.exclude (DefaultTopicFilter)
DEFAULT_EXCLUDE = r".*[\-\.]internal, .*\.replica, __.*"
HEARTBEATS_TOPIC = "heartbeats"
# ``topic.config`` entries describe_configs_detailed reports as dynamic topic configs
DYNAMIC_TOPIC_CONFIG = 1


@dataclass
class Flow:
    """One enabled ``source->target`` replication flow and its settings."""

    source: str
    target: str
    source_conf: dict[str, str]
    target_conf: dict[str, str]
    include: re.Pattern[str]
    exclude: re.Pattern[str]
    identity: bool = False
    separator: str = "."
    sync_configs: bool = True
    refresh_seconds: float = 600.0
    heartbeats: bool = True
    heartbeat_seconds: float = 1.0
    poll_seconds: float = 0.5
    emit_checkpoints: bool = True
    checkpoint_seconds: float = 60.0
    sync_group_offsets: bool = False
    groups: str = ".*"
    groups_exclude: str = DEFAULT_GROUPS_EXCLUDE
    # -1: the target broker's default.replication.factor
    replication_factor: int = -1
    internal_replication_factor: dict[str, int] = field(default_factory=dict)
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"{self.source}->{self.target}"

    @property
    def offsets_group(self) -> str:
        """The target group holding the source positions (and the transactional id)."""
        return f"mirror-maker-{self.source}->{self.target}"

    def remote_topic(self, topic: str) -> str:
        return topic if self.identity else f"{self.source}{self.separator}{topic}"

    def internal_rf(self, kind: str) -> int:
        return self.internal_replication_factor.get(kind, -1)

    def replicates(self, topic: str) -> bool:
        """Whether a source topic is mirrored: included, not excluded, not MM2's own topics and
        (default policy) not a topic mirrored *from* the target (no cycles)."""
        if topic.startswith("__") or topic.endswith(".internal"):
            return False
        if not self.identity and topic.startswith(f"{self.target}{self.separator}"):
            return False
        if topic == HEARTBEATS_TOPIC:
            return False
        return bool(self.include.fullmatch(topic)) and not self.exclude.fullmatch(topic)


def _regex(text: str) -> re.Pattern[str]:
    """A comma-separated list of regexes (MM2's ``topics`` syntax) as one pattern."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    try:
        return re.compile("|".join(f"(?:{p})" for p in parts) if parts else "(?!)")
    except re.error as e:
        raise ToolError(f"Invalid topics regex {text!r}: {e}.") from None


def _bool(value: str, key: str) -> bool:
    v = value.strip().lower()
    if v not in ("true", "false"):
        raise ToolError(f"{key} must be true or false, not {value!r}.")
    return v == "true"


def parse_flows(props: Mapping[str, str]) -> list[Flow]:
    """The enabled flows of an MM2 properties file (``clusters`` and ``A->B.enabled``)."""
    aliases = [a.strip() for a in props.get("clusters", "").split(",") if a.strip()]
    if len(aliases) < 2:
        raise ToolError("clusters must name at least two cluster aliases.")
    flows: list[Flow] = []
    for src in aliases:
        for tgt in aliases:
            if src == tgt:
                continue
            prefix = f"{src}->{tgt}."

            def get(key: str, default: str, prefix: str = prefix) -> str:
                return props.get(prefix + key, props.get(key, default))

            if not _bool(get("enabled", "false"), prefix + "enabled"):
                continue
            policy = get("replication.policy.class", DEFAULT_POLICY)
            if policy not in (
                DEFAULT_POLICY,
                IDENTITY_POLICY,
                "DefaultReplicationPolicy",
                "IdentityReplicationPolicy",
            ):
                raise ToolError(f"Unsupported replication.policy.class {policy!r}.")
            flows.append(
                Flow(
                    source=src,
                    target=tgt,
                    source_conf=_cluster_conf(props, src),
                    target_conf=_cluster_conf(props, tgt),
                    include=_regex(get("topics", ".*")),
                    exclude=_regex(get("topics.exclude", DEFAULT_EXCLUDE)),
                    identity=policy.endswith("IdentityReplicationPolicy"),
                    separator=get("replication.policy.separator", "."),
                    sync_configs=_bool(
                        get("sync.topic.configs.enabled", "true"), "sync.topic.configs.enabled"
                    ),
                    refresh_seconds=float(get("refresh.topics.interval.seconds", "600")),
                    heartbeats=_bool(
                        get("emit.heartbeats.enabled", "true"), "emit.heartbeats.enabled"
                    ),
                    heartbeat_seconds=float(get("emit.heartbeats.interval.seconds", "1")),
                    emit_checkpoints=_bool(
                        get("emit.checkpoints.enabled", "true"), "emit.checkpoints.enabled"
                    ),
                    checkpoint_seconds=float(get("emit.checkpoints.interval.seconds", "60")),
                    sync_group_offsets=_bool(
                        get("sync.group.offsets.enabled", "false"), "sync.group.offsets.enabled"
                    ),
                    groups=get("groups", ".*"),
                    groups_exclude=get("groups.exclude", DEFAULT_GROUPS_EXCLUDE),
                    replication_factor=int(get("replication.factor", "-1")),
                    internal_replication_factor={
                        kind: int(get(f"{kind}.topic.replication.factor", "-1"))
                        for kind in ("heartbeats", "checkpoints", "offset-syncs")
                    },
                )
            )
    if not flows:
        raise ToolError("No replication flow is enabled (set e.g. A->B.enabled = true).")
    return flows


def _cluster_conf(props: Mapping[str, str], alias: str) -> dict[str, str]:
    """Client properties of one cluster: every ``<alias>.`` prefixed key, prefix removed."""
    prefix = alias + "."
    conf = {k[len(prefix) :]: v for k, v in props.items() if k.startswith(prefix)}
    if "bootstrap.servers" not in conf:
        raise ToolError(f"{alias}.bootstrap.servers is not set.")
    allowed = ("bootstrap.servers", "security.", "sasl.", "ssl.", "client.id")
    return {k: v for k, v in conf.items() if k.startswith(allowed)}


class FlowRunner:
    """Runs one flow until ``stop`` is set, rebuilding its clients after every failure."""

    def __init__(
        self,
        flow: Flow,
        stop: threading.Event,
        log: Callable[[str], None] = lambda s: print(s, file=sys.stderr, flush=True),
    ):
        self.flow = flow
        self.stop = stop
        self.log = log
        self.copied = 0

    def run(self) -> None:
        backoff = 0.5
        while not self.stop.is_set():
            try:
                self._session()
                backoff = 0.5
            except ProducerFencedError:
                raise ToolError(f"{self.flow.name}: fenced by another mirror maker.") from None
            except Exception as e:  # any failure: rebuild from the target's state
                self.log(f"{self.flow.name}: {type(e).__name__}: {e}; restarting")
                self.stop.wait(backoff)
                backoff = min(backoff * 2, 5.0)

    def _session(self) -> None:
        f = self.flow
        src_admin = AdminClient(dict(f.source_conf))
        tgt_admin = AdminClient(dict(f.target_conf))
        producer: Producer | None = None
        consumer: Consumer | None = None
        try:
            producer = Producer(
                {
                    **f.target_conf,
                    "transactional.id": f.offsets_group,
                    "allow.auto.create.topics": False,
                }
            )
            producer.init_transactions()  # fences older instances, aborts their transaction
            consumer = Consumer(
                {
                    **f.source_conf,
                    "isolation.level": "read_committed",
                    "enable.auto.commit": False,
                    "auto.offset.reset": "earliest",
                }
            )
            topics = self._sync_topics(src_admin, tgt_admin)
            store = OffsetSyncStore()
            with Consumer(
                {**f.target_conf, "isolation.level": "read_committed", "enable.auto.commit": False}
            ) as syncs_reader:
                store.load(syncs_reader, offset_syncs_topic(f.target), 1, 30.0)
            self._assign(consumer, tgt_admin, topics)
            next_refresh = time.monotonic() + f.refresh_seconds
            next_heartbeat = 0.0
            next_checkpoint = time.monotonic() + f.checkpoint_seconds
            wanted_group = group_filter(f.groups, f.groups_exclude)
            self.log(f"{f.name}: mirroring {sorted(topics)}")
            while not self.stop.is_set():
                if time.monotonic() >= next_refresh:
                    now_topics = self._sync_topics(src_admin, tgt_admin)
                    if now_topics != topics:
                        topics = now_topics
                        self._assign(consumer, tgt_admin, topics)
                        self.log(f"{f.name}: mirroring {sorted(topics)}")
                    next_refresh = time.monotonic() + f.refresh_seconds
                if f.emit_checkpoints and time.monotonic() >= next_checkpoint:
                    self._checkpoint(producer, src_admin, tgt_admin, store, wanted_group)
                    next_checkpoint = time.monotonic() + f.checkpoint_seconds
                records = consumer.poll(f.poll_seconds)
                beat = f.heartbeats and time.monotonic() >= next_heartbeat
                if not records and not beat:
                    continue
                producer.begin_transaction()
                offsets: dict[TopicPartition, int] = {}
                runs: dict[TopicPartition, list[list[Any]]] = {}  # [u, future of d, n]
                for r in records:
                    remote = f.remote_topic(r.topic)
                    fut = producer.send(
                        remote,
                        r.value,
                        r.key,
                        partition=r.partition,
                        timestamp=r.timestamp,
                        headers=r.headers,
                    )
                    offsets[TopicPartition(remote, r.partition)] = r.offset + 1
                    tp_runs = runs.setdefault(TopicPartition(r.topic, r.partition), [])
                    if tp_runs and tp_runs[-1][0] + tp_runs[-1][2] == r.offset:
                        tp_runs[-1][2] += 1
                    else:
                        tp_runs.append([r.offset, fut, 1])
                if beat:
                    producer.send(HEARTBEATS_TOPIC, _heartbeat(f), f.name, partition=0)
                    next_heartbeat = time.monotonic() + f.heartbeat_seconds
                syncs: list[tuple[TopicPartition, int, int, int]] = []
                if runs:
                    producer.flush()
                    for tp, tp_runs in runs.items():
                        for upstream, fut, count in tp_runs:
                            syncs.append((tp, upstream, fut.result(0).offset, count))
                            key, value = encode_sync(*syncs[-1])
                            producer.send(offset_syncs_topic(f.target), value, key, partition=0)
                if offsets:
                    producer.send_offsets_to_transaction(offsets, f.offsets_group)
                producer.commit_transaction()
                for sync in syncs:
                    store.add(*sync)
                self.copied += len(records)
        finally:
            for c in (consumer, producer, src_admin, tgt_admin):
                if c is not None:
                    with contextlib.suppress(Exception):  # closing after a failure
                        c.close()

    def _checkpoint(
        self,
        producer: Producer,
        src: AdminClient,
        tgt: AdminClient,
        store: OffsetSyncStore,
        wanted_group: Callable[[str], bool],
    ) -> None:
        """Translate the source groups' offsets, write them to the checkpoints topic and (with
        ``sync.group.offsets.enabled``) to the target groups."""
        f = self.flow
        found = checkpoints(
            src,
            store,
            lambda g: wanted_group(g) and g != f.offsets_group,
            f.remote_topic,
            f.replicates,
        )
        if not found:
            return
        producer.begin_transaction()
        for group, offsets in found.items():
            for tp, (up, down) in offsets.items():
                key = f"{group},{tp.topic},{tp.partition}".encode()
                producer.send(
                    checkpoints_topic(f.source), f"{up},{down}".encode(), key, partition=0
                )
        producer.commit_transaction()
        if f.sync_group_offsets:
            sync_group_offsets(tgt, found)

    def _sync_topics(self, src: AdminClient, tgt: AdminClient) -> dict[str, int]:
        """Create or grow the remote topics; returns ``{source topic: partition count}``."""
        f = self.flow
        wanted = {t: len(ps) for t, ps in src.describe_topics().items() if f.replicates(t)}
        existing = {t: len(ps) for t, ps in tgt.describe_topics().items()}
        create: list[NewTopic] = []
        grow: dict[str, int] = {}
        for topic, count in wanted.items():
            remote = f.remote_topic(topic)
            have = existing.get(remote)
            if have is None:
                create.append(
                    NewTopic(remote, count, f.replication_factor, self._topic_configs(src, topic))
                )
            elif have < count:
                grow[remote] = count
        if f.heartbeats and HEARTBEATS_TOPIC not in existing:
            create.append(NewTopic(HEARTBEATS_TOPIC, 1, f.internal_rf("heartbeats")))
        for internal, kind in (
            (offset_syncs_topic(f.target), "offset-syncs"),
            (checkpoints_topic(f.source), "checkpoints"),
        ):
            if internal not in existing:
                create.append(NewTopic(internal, 1, f.internal_rf(kind)))
        if create:
            tgt.create_topics(create)
        if grow:
            tgt.create_partitions(grow)
        if f.sync_configs:
            for topic in wanted:
                if f.remote_topic(topic) in existing:
                    self._alter_configs(src, tgt, topic)
        return wanted

    def _topic_configs(self, src: AdminClient, topic: str) -> dict[str, str]:
        if not self.flow.sync_configs:
            return {}
        detailed = src.describe_configs_detailed([(2, topic)])[(2, topic)]
        return {
            k: v
            for k, (v, source) in detailed.items()
            if source == DYNAMIC_TOPIC_CONFIG and v is not None
        }

    def _alter_configs(self, src: AdminClient, tgt: AdminClient, topic: str) -> None:
        """Set on the remote topic every dynamic config of the source topic that differs."""
        remote = self.flow.remote_topic(topic)
        want = self._topic_configs(src, topic)
        have = tgt.describe_configs([(2, remote)])[(2, remote)]
        changes = {k: ("set", v) for k, v in want.items() if have.get(k) != v}
        if changes:
            tgt.incremental_alter_configs((2, remote), changes)

    def _assign(self, consumer: Consumer, tgt: AdminClient, topics: dict[str, int]) -> None:
        """Assign every source partition, positioned where the target says the copy stopped."""
        f = self.flow
        stored = tgt.list_consumer_group_offsets(f.offsets_group)
        tps = [TopicPartition(t, p) for t, n in topics.items() for p in range(n)]
        consumer.assign(tps)
        for tp in tps:
            om = stored.get(TopicPartition(f.remote_topic(tp.topic), tp.partition))
            if om is not None and om.offset >= 0:
                consumer.seek(tp, om.offset)
            else:
                consumer.seek_to_beginning(tp)


def _heartbeat(flow: Flow) -> bytes:
    """A heartbeat record value: source alias, target alias, timestamp (ms)."""
    return f"{flow.source},{flow.target},{int(time.time() * 1000)}".encode()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="strom mirror-maker",
        description="Replicate topics between clusters with MirrorMaker 2's conventions "
        "(connect-mirror-maker.properties), exactly once into the target.",
    )
    p.add_argument("config", help="an MM2 properties file (clusters, A.bootstrap.servers, ...)")
    p.add_argument("--clusters", help="only run flows whose target is one of these aliases")
    p.add_argument("--version", action="version", version=version_text())
    args = p.parse_args(argv)
    try:
        flows = parse_flows(load_properties(args.config))
    except ToolError as e:
        print(f"Error: {e}", file=sys.stderr)
        return 1
    if args.clusters:
        keep = {a.strip() for a in args.clusters.split(",")}
        flows = [f for f in flows if f.target in keep]
    stop = threading.Event()
    errors: list[BaseException] = []

    def run_flow(flow: Flow) -> None:
        try:
            FlowRunner(flow, stop).run()
        except BaseException as e:  # reported below
            errors.append(e)
            stop.set()

    threads = [threading.Thread(target=run_flow, args=(f,), daemon=True) for f in flows]
    for t in threads:
        t.start()
    print(f"mirror-maker running {', '.join(f.name for f in flows)}", flush=True)
    try:
        while any(t.is_alive() for t in threads):
            for t in threads:
                t.join(0.5)
    except KeyboardInterrupt:
        stop.set()
        for t in threads:
            t.join(30)
    for err in errors:
        print(f"Error: {err}", file=sys.stderr)
    return 1 if errors else 0
