"""The pytest plugin (entry point ``pytest11: strom``): real Strom brokers as fixtures.

Fixtures:

* ``strom_broker``: an :class:`~strom.testing.EmbeddedBroker` of the test's own (function scope;
  ini ``strom_broker_scope = session`` shares one per session, or per xdist worker), configured by
  ``@pytest.mark.strom(config={...}, topics={...}, mode="subprocess", proxy=True)``.
* ``strom_session_broker``: one broker for the whole session (per xdist worker).
* ``strom_bootstrap``: ``strom_broker.bootstrap``.
* ``strom_cluster``: an :class:`~strom.testing.EmbeddedCluster` on ZooKeeper (``brokers=`` in the
  marker, default 3); skips with the reason when ZooKeeper or Java is missing.
* ``strom_admin``: :class:`StromAdmin` on ``strom_broker``: create topics, wait for a stable
  group, read a topic to its end, and the native admin client.
* Client factories, each closing what it made at teardown: ``strom_producer`` /
  ``strom_consumer`` (Strom's native blocking client), ``strom_confluent_producer`` /
  ``strom_confluent_consumer``, ``strom_kafka_python_producer`` / ``strom_kafka_python_consumer``,
  ``strom_aiokafka_producer`` / ``strom_aiokafka_consumer`` (unstarted: call them inside the
  test's event loop and use ``async with``). Consumers get a unique ``group.id`` and
  ``auto.offset.reset=earliest`` unless given.

A test with broker settings in its marker whose ``strom_broker`` is the session's is an error (the
settings could not be honoured); unknown marker arguments are an error.

Invariants: importing this module imports only pytest and the standard library (it is loaded into
every pytest run of an environment where Strom is installed); Strom itself is imported by the first
fixture that needs it. Every broker, cluster, client and temporary directory a fixture makes is
closed at the fixture's teardown, whether the test passed, failed or was interrupted, and the
reaper process removes what is left if pytest itself is killed.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from strom.client import AdminClient, ConsumerRecord, TopicPartition
    from strom.testing.cluster import EmbeddedCluster
    from strom.testing.embedded import EmbeddedBroker
    from strom.testing.helpers import TopicSpec

MARKER = (
    "strom(config=None, topics=None, mode=None, proxy=False, brokers=3): settings of the Strom "
    "broker or cluster the strom_* fixtures start for this test"
)
_MARKER_KEYS = {"config", "topics", "mode", "proxy", "brokers"}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(
        "strom_mode",
        "how strom_broker runs the broker: thread (in-process, default) or subprocess",
        default="thread",
    )
    parser.addini(
        "strom_broker_scope",
        "scope of the strom_broker fixture: function (default, a fresh broker per test) or "
        "session (one per session or xdist worker)",
        default="function",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", MARKER)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A broker marker on a test whose ``strom_broker`` is the session's cannot be honoured."""
    marker = item.get_closest_marker("strom")
    if marker is None or "strom_broker" not in getattr(item, "fixturenames", ()):
        return
    if str(item.config.getini("strom_broker_scope")) == "session" and set(marker.kwargs) - {
        "brokers"
    }:
        raise pytest.UsageError(
            f"{item.nodeid}: @pytest.mark.strom settings need a broker of the test's own, but "
            "strom_broker_scope = session shares one; use strom_session_broker for the shared "
            "broker or drop the ini option"
        )


def _marker_kwargs(request: pytest.FixtureRequest) -> dict[str, Any]:
    marker = request.node.get_closest_marker("strom")
    if marker is None:
        return {}
    if marker.args:
        raise pytest.UsageError("@pytest.mark.strom takes keyword arguments only")
    unknown = set(marker.kwargs) - _MARKER_KEYS
    if unknown:
        raise pytest.UsageError(f"@pytest.mark.strom: unknown arguments {sorted(unknown)}")
    return dict(marker.kwargs)


def _broker_scope(fixture_name: str, config: pytest.Config) -> Any:
    scope = str(config.getini("strom_broker_scope"))
    if scope not in ("function", "session"):
        raise pytest.UsageError(f"strom_broker_scope must be function or session, not {scope!r}")
    return scope


def _new_broker(config: pytest.Config, kwargs: dict[str, Any]) -> EmbeddedBroker:
    from strom.testing.embedded import EmbeddedBroker

    kwargs.pop("brokers", None)
    mode = kwargs.pop("mode", None) or str(config.getini("strom_mode"))
    return EmbeddedBroker(
        kwargs.pop("config", None),
        topics=kwargs.pop("topics", None) or (),
        mode=mode,  # type: ignore[arg-type]
        proxy=bool(kwargs.pop("proxy", False)),
    )


@pytest.fixture(scope="session")
def strom_session_broker(pytestconfig: pytest.Config) -> Iterator[EmbeddedBroker]:
    """One broker for the session (each xdist worker has its own)."""
    broker = _new_broker(pytestconfig, {})
    try:
        yield broker.start()
    finally:
        broker.close()


@pytest.fixture(scope=_broker_scope)
def strom_broker(request: pytest.FixtureRequest) -> Iterator[EmbeddedBroker]:
    """A running broker: the test's own (function scope) or the session's."""
    kwargs = _marker_kwargs(request) if request.scope == "function" else {}
    broker = _new_broker(request.config, kwargs)
    try:
        yield broker.start()
    finally:
        broker.close()


@pytest.fixture
def strom_bootstrap(strom_broker: EmbeddedBroker) -> str:
    """``127.0.0.1:PORT`` of ``strom_broker``."""
    return strom_broker.bootstrap


@pytest.fixture
def strom_cluster(request: pytest.FixtureRequest) -> Iterator[EmbeddedCluster]:
    """ZooKeeper and ``brokers`` Strom brokers (marker, default 3); skipped without ZooKeeper."""
    from strom.testing.cluster import EmbeddedCluster, zookeeper_unavailable

    reason = zookeeper_unavailable()
    if reason is not None:
        pytest.skip(reason)
    kwargs = _marker_kwargs(request)
    cluster = EmbeddedCluster(
        int(kwargs.get("brokers", 3)), kwargs.get("config"), topics=kwargs.get("topics") or ()
    )
    try:
        yield cluster.start()
    finally:
        cluster.close()


class StromAdmin:
    """Admin helpers on one broker or cluster: ``client`` is Strom's blocking AdminClient."""

    def __init__(self, bootstrap: str, client: AdminClient) -> None:
        self.bootstrap = bootstrap
        self.client = client

    def create_topics(self, topics: dict[str, int | TopicSpec], timeout: float = 30.0) -> None:
        """Create topics (name to partition count or TopicSpec); wait until each has leaders."""
        from strom.testing.helpers import create_topics

        create_topics(self.bootstrap, topics, timeout)

    def list_topics(self) -> list[str]:
        return self.client.list_topics()

    def wait_for_group_stable(
        self, group_id: str, members: int | None = None, timeout: float = 30.0
    ) -> list[TopicPartition]:
        """Wait until the group is Stable with every member assigned; its partitions."""
        from strom.testing.helpers import wait_for_group_stable

        return wait_for_group_stable(self.bootstrap, group_id, members, timeout)

    def read_to_end(
        self, topic: str, *, isolation_level: str = "read_committed", timeout: float = 30.0
    ) -> list[ConsumerRecord]:
        """Every record of ``topic`` up to its current end (no group, nothing committed)."""
        from strom.testing.helpers import read_to_end

        return read_to_end(self.bootstrap, topic, isolation_level=isolation_level, timeout=timeout)


@pytest.fixture
def strom_admin(strom_bootstrap: str) -> Iterator[StromAdmin]:
    from strom.client import AdminClient

    client = AdminClient({"bootstrap.servers": strom_bootstrap})
    try:
        yield StromAdmin(strom_bootstrap, client)
    finally:
        client.close()


# -- client factories ------------------------------------------------------------------------
def _kafka_config(config: dict[str, Any] | None, kwargs: dict[str, Any]) -> dict[str, Any]:
    out = dict(config or {})
    for key, value in kwargs.items():
        out[key if "." in key else key.replace("_", ".")] = value
    return out


def _group() -> str:
    return f"strom-test-{uuid.uuid4().hex[:12]}"


class _Closer:
    """The clients a factory made, closed in reverse order at teardown."""

    def __init__(self) -> None:
        self.closers: list[Callable[[], object]] = []

    def add(self, close: Callable[[], object]) -> None:
        self.closers.append(close)

    def close_all(self) -> None:
        for close in reversed(self.closers):
            with contextlib.suppress(Exception):
                close()


@pytest.fixture
def _strom_closer() -> Iterator[_Closer]:
    closer = _Closer()
    yield closer
    closer.close_all()


@pytest.fixture
def strom_producer(strom_bootstrap: str, _strom_closer: _Closer) -> Callable[..., Any]:
    """``strom_producer(config=None, **settings)``: Strom's native blocking Producer."""
    from strom.client import Producer

    def make(config: dict[str, Any] | None = None, **kwargs: Any) -> Producer:
        p = Producer({"bootstrap.servers": strom_bootstrap, **_kafka_config(config, kwargs)})
        _strom_closer.add(p.close)
        return p

    return make


@pytest.fixture
def strom_consumer(strom_bootstrap: str, _strom_closer: _Closer) -> Callable[..., Any]:
    """``strom_consumer(config=None, **settings)``: Strom's native blocking Consumer."""
    from strom.client import Consumer

    def make(config: dict[str, Any] | None = None, **kwargs: Any) -> Consumer:
        conf = {"group.id": _group(), "auto.offset.reset": "earliest"}
        conf.update(_kafka_config(config, kwargs))
        c = Consumer({"bootstrap.servers": strom_bootstrap, **conf})
        _strom_closer.add(c.close)
        return c

    return make


@pytest.fixture
def strom_confluent_producer(strom_bootstrap: str, _strom_closer: _Closer) -> Callable[..., Any]:
    """``strom_confluent_producer(config=None, **settings)``: confluent_kafka.Producer (flushed
    for up to 10 s at teardown)."""
    confluent_kafka = pytest.importorskip("confluent_kafka")

    def make(config: dict[str, Any] | None = None, **kwargs: Any) -> Any:
        p = confluent_kafka.Producer(
            {"bootstrap.servers": strom_bootstrap, **_kafka_config(config, kwargs)}
        )
        _strom_closer.add(lambda: p.flush(10))
        return p

    return make


@pytest.fixture
def strom_confluent_consumer(strom_bootstrap: str, _strom_closer: _Closer) -> Callable[..., Any]:
    """``strom_confluent_consumer(config=None, **settings)``: confluent_kafka.Consumer."""
    confluent_kafka = pytest.importorskip("confluent_kafka")

    def make(config: dict[str, Any] | None = None, **kwargs: Any) -> Any:
        conf = {"group.id": _group(), "auto.offset.reset": "earliest"}
        conf.update(_kafka_config(config, kwargs))
        c = confluent_kafka.Consumer({"bootstrap.servers": strom_bootstrap, **conf})
        _strom_closer.add(c.close)
        return c

    return make


@pytest.fixture
def strom_kafka_python_producer(strom_bootstrap: str, _strom_closer: _Closer) -> Callable[..., Any]:
    """``strom_kafka_python_producer(**kwargs)``: kafka.KafkaProducer (kafka-python's names)."""
    kafka = pytest.importorskip("kafka")

    def make(**kwargs: Any) -> Any:
        p = kafka.KafkaProducer(bootstrap_servers=strom_bootstrap, **kwargs)
        _strom_closer.add(lambda: p.close(timeout=10))
        return p

    return make


@pytest.fixture
def strom_kafka_python_consumer(strom_bootstrap: str, _strom_closer: _Closer) -> Callable[..., Any]:
    """``strom_kafka_python_consumer(*topics, **kwargs)``: kafka.KafkaConsumer."""
    kafka = pytest.importorskip("kafka")

    def make(*topics: str, **kwargs: Any) -> Any:
        kwargs.setdefault("group_id", _group())
        kwargs.setdefault("auto_offset_reset", "earliest")
        c = kafka.KafkaConsumer(*topics, bootstrap_servers=strom_bootstrap, **kwargs)
        _strom_closer.add(c.close)
        return c

    return make


@pytest.fixture
def strom_aiokafka_producer(strom_bootstrap: str) -> Callable[..., Any]:
    """``strom_aiokafka_producer(**kwargs)``: an unstarted aiokafka.AIOKafkaProducer; call it in
    the test's event loop and use ``async with`` (which starts and stops it)."""
    aiokafka = pytest.importorskip("aiokafka")

    def make(**kwargs: Any) -> Any:
        return aiokafka.AIOKafkaProducer(bootstrap_servers=strom_bootstrap, **kwargs)

    return make


@pytest.fixture
def strom_aiokafka_consumer(strom_bootstrap: str) -> Callable[..., Any]:
    """``strom_aiokafka_consumer(*topics, **kwargs)``: an unstarted aiokafka.AIOKafkaConsumer;
    use ``async with`` in the test's event loop."""
    aiokafka = pytest.importorskip("aiokafka")

    def make(*topics: str, **kwargs: Any) -> Any:
        kwargs.setdefault("group_id", _group())
        kwargs.setdefault("auto_offset_reset", "earliest")
        return aiokafka.AIOKafkaConsumer(*topics, bootstrap_servers=strom_bootstrap, **kwargs)

    return make
