"""The broker's components built without a Broker: the single-node cluster view, advertised
listeners, topic administration, the producer-id manager, group configs, the metrics; and the
wiring rules: handlers reach components through ``ctx.services`` only, and no component but the
entry points imports the ``Broker``."""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from prometheus_client import generate_latest
from prometheus_client.parser import text_string_to_metric_families

from strom.broker import group_configs
from strom.broker.cluster_view import AdvertisedListeners, SingleNodeView, ZkClusterView
from strom.broker.config import BrokerConfig
from strom.broker.context import RequestContext
from strom.broker.controller_role import SingleNodeControllerRole
from strom.broker.group_configs import GroupConfigStore
from strom.broker.group_runtime import GroupRuntime
from strom.broker.metrics import BrokerMetrics, RequestMetrics
from strom.broker.network import SocketServer
from strom.broker.producer_id_manager import ProducerIdManager
from strom.broker.replica_manager import SINGLE_NODE, ReplicaManager
from strom.broker.topics import TopicError, TopicManager
from strom.broker.txn_runtime import TxnRuntime
from strom.cluster.metadata import LocalMetadataStore, PartitionState
from strom.errors import ErrorCode, KafkaError
from strom.storage.log_manager import LogManager

pytestmark = pytest.mark.unit

BROKER_ID = 3


class SingleNode:
    """The components of one single-node broker, wired as the broker's assembly does."""

    def __init__(self, data: Path, **overrides: str) -> None:
        self.config = BrokerConfig(
            {
                "broker.id": str(BROKER_ID),
                "log.dirs": str(data),
                "listeners": "PLAINTEXT://0.0.0.0:0,INTERNAL://127.0.0.1:0",
                "advertised.listeners": "PLAINTEXT://0.0.0.0:0,INTERNAL://10.0.0.7:0",
                "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,INTERNAL:PLAINTEXT",
                "broker.rack": "rack-a",
                **overrides,
            }
        )
        self.bound: list[tuple[str, str, int]] = []
        self.metadata = LocalMetadataStore(data)
        self.replicas = ReplicaManager(BROKER_ID)
        self.advertised = AdvertisedListeners(self.config, lambda: self.bound)
        self.view = SingleNodeView(
            BROKER_ID, self.config.broker_rack, self.replicas, self.advertised
        )
        self.logs = LogManager([data])
        self.topics = TopicManager(
            BROKER_ID, self.config, self.metadata, self.view, self.logs, self.replicas
        )


@pytest.fixture
def node(tmp_path: Path) -> Iterator[SingleNode]:
    n = SingleNode(tmp_path / "data")
    yield n
    n.logs.shutdown()


def test_single_node_view_is_the_whole_cluster(node: SingleNode) -> None:
    v = node.view
    assert v.live_brokers() == [BROKER_ID]
    assert v.controller_id == BROKER_ID
    assert v.broker_racks() == {BROKER_ID: "rack-a"}
    assert v.replicas_follow_controller is False
    node.bound[:] = [("PLAINTEXT", "0.0.0.0", 41001), ("INTERNAL", "127.0.0.1", 41002)]
    assert v.endpoints() == [(BROKER_ID, "127.0.0.1", 41001, "rack-a")]
    assert v.endpoints("INTERNAL") == [(BROKER_ID, "10.0.0.7", 41002, "rack-a")]


def test_advertised_listeners_use_the_bound_port_and_protocols(node: SingleNode) -> None:
    node.bound[:] = [("PLAINTEXT", "0.0.0.0", 41001), ("INTERNAL", "127.0.0.1", 41002)]
    assert node.advertised.address() == ("127.0.0.1", 41001)
    assert node.advertised.address("internal") == ("10.0.0.7", 41002)
    assert node.advertised.address("UNKNOWN") == ("127.0.0.1", 41001)  # the first one
    assert node.advertised.endpoints() == [
        ("PLAINTEXT", "127.0.0.1", 41001, "PLAINTEXT"),
        ("INTERNAL", "10.0.0.7", 41002, "PLAINTEXT"),
    ]


def test_a_created_topic_is_opened_and_led_here(node: SingleNode) -> None:
    info = node.topics.create_topic("orders", 2, 1, None, {"retention.ms": "1000"}, False)
    assert node.metadata.topic("orders") is not None
    assert sorted(node.replicas.partitions) == [("orders", 0), ("orders", 1)]
    assert node.logs.get_log("orders", 1) is not None
    assert node.logs.get_log("orders", 1).config.retention_ms == 1000  # type: ignore[union-attr]
    node.bound[:] = [("PLAINTEXT", "0.0.0.0", 41001)]
    assert node.view.partition_leader("orders", 0) == (BROKER_ID, "127.0.0.1", 41001)
    assert node.view.partition_leader("orders", 9) is None
    assert node.view.partition_state(info, 0) == (BROKER_ID, 0, [BROKER_ID])


def test_a_partition_not_open_here_reports_the_stored_state(node: SingleNode) -> None:
    info = node.topics.create_topic("t", 1, 1, None, {}, True)  # validate only: nothing open
    assert node.view.partition_state(info, 0) is None
    assert node.view.partition_leader("t", 0) is None
    info.states[0] = PartitionState(leader=BROKER_ID, leader_epoch=4, isr=[BROKER_ID])
    assert node.view.partition_state(info, 0) == (BROKER_ID, 4, [BROKER_ID])


def test_topic_validation_uses_the_view_and_the_typed_config(tmp_path: Path) -> None:
    n = SingleNode(tmp_path / "d", **{"num.partitions": "3", "delete.topic.enable": "false"})
    try:
        info = n.topics.create_topic("defaults", -1, -1, None, {}, False)
        assert info.num_partitions == 3  # num.partitions
        with pytest.raises(TopicError) as exc:
            n.topics.create_topic("two", 1, 2, None, {}, False)  # one live broker
        assert exc.value.code == ErrorCode.INVALID_REPLICATION_FACTOR
        with pytest.raises(TopicError) as exc:
            n.topics.create_topic("elsewhere", 0, 0, {0: [BROKER_ID + 1]}, {}, False)
        assert exc.value.code == ErrorCode.INVALID_REPLICA_ASSIGNMENT
        with pytest.raises(TopicError) as exc:
            n.topics.delete_topic("defaults")
        assert exc.value.code == ErrorCode.TOPIC_DELETION_DISABLED
        assert n.metadata.topic("defaults") is not None
    finally:
        n.logs.shutdown()


def test_refresh_log_configs_follows_a_dynamic_default(node: SingleNode) -> None:
    node.topics.create_topic("t", 1, 1, None, {}, False)
    node.topics.create_topic("own", 1, 1, None, {"retention.ms": "5000"}, False)
    node.config.apply_dynamic({"log.retention.ms": "7000"}, {})
    node.topics.refresh_log_configs()
    assert node.logs.get_log("t", 0).config.retention_ms == 7000  # type: ignore[union-attr]
    assert node.logs.get_log("own", 0).config.retention_ms == 5000  # type: ignore[union-attr]


def test_readiness_of_a_cluster_member_needs_registration_and_metadata(node: SingleNode) -> None:
    class _Membership:
        broker_epoch = -1  # not registered yet
        live: dict[int, object] = {}

    m = _Membership()
    view = ZkClusterView(BROKER_ID, m, node.metadata, node.replicas, node.advertised)  # type: ignore[arg-type]
    assert view.membership_problems() == ["not registered in ZooKeeper"]
    m.broker_epoch = 17
    assert view.membership_problems() == [
        "metadata not caught up: no UpdateMetadata listing this broker yet"
    ]
    m.live = {BROKER_ID + 1: object()}  # another broker's UpdateMetadata view, not ours
    assert len(view.membership_problems()) == 1
    m.live = {BROKER_ID: object()}
    assert view.membership_problems() == []
    assert node.view.membership_problems() == []  # a single node is always a member


def _metrics(node: SingleNode, started: list[bool]) -> BrokerMetrics:
    """The metrics of a single node, from the components the assembly would give."""
    cfg = node.config
    # what both coordinator runtimes receive
    common: dict[str, Any] = {
        "broker_id": BROKER_ID,
        "config": cfg,
        "metadata": node.metadata,
        "cluster": node.view,
        "topics": node.topics,
        "replica_manager": node.replicas,
    }
    groups = GroupRuntime(**common, group_configs=GroupConfigStore.single_node(cfg.log_dirs[0]))
    txn = TxnRuntime(
        **common,
        groups=groups,
        producer_ids=ProducerIdManager(node.metadata),
        inter_broker_security=None,
        markers_local=True,
    )
    server = SocketServer(
        cfg, lambda *a: None, scram_lookup=lambda m, u: None, token_lookup=lambda m, u: None
    )
    return BrokerMetrics(
        "http://127.0.0.1:0",
        RequestMetrics(),
        broker_id=BROKER_ID,
        partition_series_max=cfg.metrics_partition_series_max,
        replica_manager=node.replicas,
        log_manager=node.logs,
        server=server,
        groups=groups,
        txn=txn,
        metadata=node.metadata,
        cluster=node.view,
        controller=SingleNodeControllerRole(node.replicas),
        replication=SINGLE_NODE,
        collectors=(),
        started=lambda: started[0],
    )


def test_metrics_of_a_single_node_are_built_without_a_broker(node: SingleNode) -> None:
    node.topics.create_topic("orders", 2, 1, None, {}, False)
    started = [False]
    metrics = _metrics(node, started)
    assert metrics.readiness() == ["starting: logs and partitions are still loading"]
    started[0] = True
    assert metrics.readiness() == []
    samples: dict[str, float] = {
        s.name: s.value
        for fam in text_string_to_metric_families(generate_latest(metrics.registry).decode())
        for s in fam.samples
        if not s.labels
    }
    assert samples["kafka_controller_kafkacontroller_activecontrollercount"] == 1
    assert samples["kafka_controller_kafkacontroller_globaltopiccount"] == 1
    assert samples["kafka_controller_kafkacontroller_globalpartitioncount"] == 2
    assert samples["kafka_controller_kafkacontroller_offlinepartitionscount"] == 0
    assert samples["kafka_server_replicamanager_partitioncount"] == 2
    assert samples["kafka_server_replicamanager_isrshrinks_total"] == 0
    assert samples["kafka_server_replicamanager_isrexpands_total"] == 0
    node.replicas.partitions[("orders", 1)].offline = True
    again = generate_latest(metrics.registry).decode()
    assert "kafka_controller_kafkacontroller_offlinepartitionscount 1.0" in again
    assert "kafka_server_fetcherlagmetrics_consumerlag{" not in again  # nothing followed


def test_producer_ids_are_unique_across_blocks_and_restarts(tmp_path: Path) -> None:
    store = LocalMetadataStore(tmp_path)
    ids = ProducerIdManager(store, block_size=3)
    first = [ids.next_id() for _ in range(7)]  # three blocks
    assert first == sorted(set(first)) and min(first) >= 0
    again = ProducerIdManager(LocalMetadataStore(tmp_path), block_size=3)  # a restart
    later = [again.next_id() for _ in range(4)]
    assert not set(later) & set(first)
    assert min(later) > max(first)


def test_a_negative_producer_id_block_is_refused() -> None:
    class Broken:
        def allocate_producer_ids(self, block_size: int) -> int:
            return -5

    with pytest.raises(ValueError):
        ProducerIdManager(Broken()).next_id()


def test_group_configs_are_validated_against_the_broker_bounds(tmp_path: Path) -> None:
    cfg = BrokerConfig({"group.consumer.max.session.timeout.ms": "50000"})
    store = GroupConfigStore.single_node(tmp_path)
    group_configs.alter(store, cfg, "g", [("consumer.session.timeout.ms", 0, "48000")], False)
    assert store.get("g") == {"consumer.session.timeout.ms": "48000"}
    with pytest.raises(KafkaError) as exc:
        group_configs.replace(store, cfg, "g", {"consumer.session.timeout.ms": "55000"}, False)
    assert exc.value.code == ErrorCode.INVALID_CONFIG
    assert GroupConfigStore.single_node(tmp_path).get("g") == {
        "consumer.session.timeout.ms": "48000"
    }
    assert group_configs.effective(store, cfg, "g")["consumer.session.timeout.ms"] == 48000
    assert group_configs.effective(store, cfg, "other")["consumer.session.timeout.ms"] == 45000


# -- the wiring rule ---------------------------------------------------------------------------
SRC = Path(__file__).parents[2] / "src" / "strom"
HANDLERS = SRC / "broker" / "handlers"
# modules a request passes through: every one reaches components through ctx.services only
ON_SERVICES = [*sorted(HANDLERS.glob("*.py")), SRC / "broker" / "security" / "checks.py"]


def _uses_ctx_broker(source: str) -> bool:
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Attribute)
            and node.attr == "broker"
            and isinstance(node.value, ast.Name)
            and node.value.id == "ctx"
        ):
            return True
    return False


def _broker_keyed_tables(source: str) -> list[int]:
    """Lines of a ``WeakKeyDictionary[Broker, ...]`` (a module-global table per broker)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Attribute | ast.Name)
            and (getattr(node.value, "attr", None) or getattr(node.value, "id", None))
            == "WeakKeyDictionary"
            and isinstance(node.slice, ast.Tuple)
            and node.slice.elts
            and ast.unparse(node.slice.elts[0]).strip("'\"") == "Broker"
        ):
            lines.append(node.lineno)
    return lines


def test_handlers_and_checks_reach_components_through_services_only() -> None:
    offenders = sorted(p.name for p in ON_SERVICES if _uses_ctx_broker(p.read_text()))
    assert offenders == []
    assert len(ON_SERVICES) > 15  # the glob found the handlers
    assert _uses_ctx_broker("async def h(ctx, req):\n    return ctx.broker.cluster\n")


def test_no_module_keeps_a_table_keyed_by_broker() -> None:
    offenders = {
        str(p.relative_to(SRC)): lines
        for p in sorted(SRC.rglob("*.py"))
        if (lines := _broker_keyed_tables(p.read_text()))
    }
    assert offenders == {}
    table = "_t: weakref.WeakKeyDictionary[Broker, int] = weakref.WeakKeyDictionary()\n"
    assert _broker_keyed_tables(table) == [1]
    assert _broker_keyed_tables(table.replace("[Broker", '["Broker"')) == [1]


# components given narrow collaborators: none may import the Broker (not even for typing), so
# what each may touch is its constructor's arguments
NARROW = [
    "group_runtime.py",
    "txn_runtime.py",
    "txn_markers.py",
    "txn_verify.py",
    "group_configs.py",
    "producer_id_manager.py",
    "topics.py",
    "cluster_view.py",
    "services.py",
    "context.py",
    "cluster_mode.py",
    "cluster_apply.py",
    "controller_role.py",
    "replica_fetcher.py",
    "network.py",
    "connection.py",
    "security/credentials.py",
    "security/replica_identity.py",
    "security/checks.py",
    "request_processor.py",
    *(f"handlers/{p.name}" for p in sorted(HANDLERS.glob("*.py"))),
    *(f"metrics/{p.name}" for p in sorted((SRC / "broker" / "metrics").glob("*.py"))),
]
# the entry points: the process's main and the test runner build a Broker; nothing else may
ENTRY_POINTS = {"broker/main.py", "testing/runners.py"}


def _imports_broker(source: str) -> bool:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module == "strom.broker.broker":
            return True
        if isinstance(node, ast.Import) and any(
            a.name == "strom.broker.broker" for a in node.names
        ):
            return True
    return False


def test_narrow_components_do_not_import_the_broker() -> None:
    offenders = [m for m in NARROW if _imports_broker((SRC / "broker" / m).read_text())]
    assert offenders == []
    assert _imports_broker("if TYPE_CHECKING:\n    from strom.broker.broker import Broker\n")
    assert "metrics/__init__.py" in NARROW and "metrics/collector.py" in NARROW


def test_only_the_entry_points_import_the_broker() -> None:
    importers = {
        str(p.relative_to(SRC)) for p in sorted(SRC.rglob("*.py")) if _imports_broker(p.read_text())
    }
    assert importers == ENTRY_POINTS


def test_a_request_context_carries_the_services_not_the_broker() -> None:
    fields = [f.name for f in dataclasses.fields(RequestContext)]
    assert "services" in fields and "broker" not in fields
