"""The ZooKeeper-backed MetadataStore: Kafka's znode layout, broker registration, id blocks.

Owns: the kazoo session of one broker, the znodes Kafka's ZooKeeper mode uses, and a local cache
of topics (assignment, topic id, configs) kept current by watches. Partition *state* (leader,
epoch, ISR) is not read from ZooKeeper by ordinary brokers: they learn it from the controller's
LeaderAndIsr / UpdateMetadata requests and record it in ``TopicInfo.states``; only the
controller reads and writes the state znodes (:mod:`strom.cluster.controller`).

Layout (under the chroot of ``zookeeper.connect``)::

    /cluster/id                                  {"version":"1","id":"<cluster id>"}
    /brokers/ids/<id>              (ephemeral)   {"version":5,"host":..,"port":..,"rack":..,
                                                  "endpoints":["PLAINTEXT://h:p"],...,
                                                  "strom_instance":"<host>:<log dir>",
                                                  "strom_unclean_shutdown":true (KIP-966)}
    /brokers/topics/<topic>                      {"version":3,"topic_id":"<base64 uuid>",
                                                  "partitions":{"0":[1,2,3]},
                                                  "adding_replicas":{},"removing_replicas":{}}
    /brokers/topics/<topic>/partitions/<p>/state {"controller_epoch":..,"leader":..,
                                                  "leader_epoch":..,"isr":[..],"version":1,
                                                  "eligible_leader_replicas":[..],
                                                  "last_known_elr":[..]} (both optional)
    /config/topics/<topic>                       {"version":1,"config":{...}}
    /config/<entity type>/<name>                 the same, for other entities (``groups``)
    /admin/delete_topics/<topic>                 topic deletion requests
    /controller                    (ephemeral)   {"version":2,"brokerid":..,"timestamp":..}
    /controller_epoch                            "<epoch>"
    /latest_producer_id_block                    {"version":1,"broker":..,"block_start":"..",
                                                  "block_end":".."}

Invariants: the partition epoch of a state is its znode version (as Kafka's ZooKeeper mode);
a broker id is registered by one live process at a time (a restarted broker replaces its own dead
incarnation's znode at once, never another process's: :meth:`ZkMetadataStore.register_broker`);
watch callbacks run on kazoo's thread and are handed to the event loop, so the cache is only
mutated on the loop; producer-id blocks are claimed with a conditional write, so two brokers
never get the same block.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import re
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kazoo.exceptions import BadVersionError, ConnectionLoss, NodeExistsError, NoNodeError
from kazoo.protocol.states import KazooState

from strom.cluster.metadata import MetadataStore, TopicInfo, new_cluster_id

log = logging.getLogger("strom.cluster.zk")

BROKER_IDS = "/brokers/ids"
# a registration racing the expiry of an old session (chaos finding C3), or losing its connection
# with a request in flight (docs/findings/controller.md), is retried this often
REGISTER_ATTEMPTS = 5
REGISTER_RETRY_S = 0.2  # after a ConnectionLoss (kazoo sends the next request once reconnected)
TOPICS = "/brokers/topics"
CONFIG_TOPICS = "/config/topics"
DELETE_TOPICS = "/admin/delete_topics"
CONTROLLER = "/controller"
CONTROLLER_EPOCH = "/controller_epoch"
PID_BLOCK = "/latest_producer_id_block"
CLUSTER_ID = "/cluster/id"


class BrokerIdTakenError(RuntimeError):
    """Another live broker is registered with this broker id."""


@dataclass(frozen=True)
class BrokerEndpoint:
    broker_id: int
    host: str
    port: int
    rack: str | None
    epoch: int  # czxid of the registration znode, as Kafka's broker epoch
    # every listener: (name, host, port, security protocol code); host/port above are the
    # inter-broker listener's
    listeners: tuple[tuple[str, str, int, int], ...] = ()
    # registered after an unclean shutdown (KIP-966): the controller fences it from ISRs/ELRs
    unclean_shutdown: bool = False

    def address(self, listener: str) -> tuple[str, int]:
        """Host and port of ``listener`` (the inter-broker one when the broker has no such
        listener)."""
        for name, host, port, _ in self.listeners:
            if name == listener:
                return host, port
        return self.host, self.port


SECURITY_PROTOCOL_CODES = {"PLAINTEXT": 0, "SSL": 1, "SASL_PLAINTEXT": 2, "SASL_SSL": 3}
_ENDPOINT = re.compile(r"^([A-Za-z0-9_]+)://\[?([^\]]*)\]?:(\d+)$")


def topic_id_str(tid: uuid.UUID) -> str:
    return base64.urlsafe_b64encode(tid.bytes).decode().rstrip("=")


def topic_id_parse(s: str) -> uuid.UUID:
    return uuid.UUID(bytes=base64.urlsafe_b64decode(s + "=" * (-len(s) % 4)))


def state_path(topic: str, partition: int) -> str:
    return f"{TOPICS}/{topic}/partitions/{partition}/state"


def dumps(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode()


def topic_znode(info: TopicInfo, adding: dict[int, list[int]] | None = None,
                removing: dict[int, list[int]] | None = None) -> bytes:  # fmt: skip
    return dumps(
        {
            "version": 3,
            "topic_id": topic_id_str(info.topic_id),
            "partitions": {str(p): r for p, r in sorted(info.assignment.items())},
            "adding_replicas": {str(p): r for p, r in sorted((adding or {}).items())},
            "removing_replicas": {str(p): r for p, r in sorted((removing or {}).items())},
        }
    )


def parse_topic_znode(name: str, data: bytes) -> tuple[TopicInfo, dict[int, list[int]],
                                                        dict[int, list[int]]]:  # fmt: skip
    d = json.loads(data)
    info = TopicInfo(
        name,
        topic_id_parse(d["topic_id"]),
        {int(p): list(r) for p, r in d["partitions"].items()},
    )
    adding = {int(p): list(r) for p, r in (d.get("adding_replicas") or {}).items()}
    removing = {int(p): list(r) for p, r in (d.get("removing_replicas") or {}).items()}
    return info, adding, removing


def _instance_of(registration: bytes) -> str | None:
    try:
        value = json.loads(registration).get("strom_instance")
    except (ValueError, AttributeError):
        return None
    return str(value) if value else None


class ZkMetadataStore(MetadataStore):
    """Cluster metadata in ZooKeeper, with a watched local cache of topics."""

    def __init__(self, connect: str, session_timeout_ms: int, connection_timeout_ms: int) -> None:
        # kazoo.client (and its connection machinery) loads only in ZooKeeper mode
        from kazoo.client import KazooClient

        hosts, _, chroot = connect.partition("/")
        self.chroot = "/" + chroot if chroot else ""
        if self.chroot:
            boot = KazooClient(hosts=hosts, timeout=connection_timeout_ms / 1000)
            boot.start(timeout=connection_timeout_ms / 1000)
            try:
                boot.ensure_path(self.chroot)
            finally:
                boot.stop()
                boot.close()
        self.zk = KazooClient(hosts=connect, timeout=session_timeout_ms / 1000)
        self._connect_timeout = connection_timeout_ms / 1000
        self._topics: dict[str, TopicInfo] = {}
        self._reassigning: dict[str, tuple[dict[int, list[int]], dict[int, list[int]]]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._cluster_id = ""
        self._watched: set[str] = set()
        self.on_config_change: Callable[[str, dict[str, str]], None] | None = None
        self.on_session_lost: Callable[[], None] | None = None
        self.on_session_restored: Callable[[], None] | None = None
        self._lost = False

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Connect, make the persistent paths, read the cluster id and topics, set watches."""
        self._loop = loop
        self.zk.start(timeout=self._connect_timeout)
        self.zk.add_listener(self._state_listener)
        for path in (BROKER_IDS, TOPICS, CONFIG_TOPICS, DELETE_TOPICS, "/cluster"):
            self.zk.ensure_path(path)
        with contextlib.suppress(NodeExistsError):
            self.zk.create(CLUSTER_ID, dumps({"version": "1", "id": new_cluster_id()}))
        data, _ = self.zk.get(CLUSTER_ID)
        self._cluster_id = json.loads(data)["id"]
        for name in self.zk.get_children(TOPICS):
            self._load_topic(name)
        self.zk.ChildrenWatch(TOPICS, self._on_topics)

    def stop(self) -> None:
        try:
            self.zk.stop()
        finally:
            self.zk.close()

    def _state_listener(self, state: str) -> None:
        if state == KazooState.LOST:
            self._lost = True
            self._post(self.on_session_lost)
        elif state == KazooState.CONNECTED and self._lost:
            self._lost = False
            self._post(self.on_session_restored)

    def _post(self, fn: Callable[..., None] | None, *args: Any) -> None:
        if fn is not None and self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(fn, *args)

    # -- registration ----------------------------------------------------------------------------
    def register_broker(self, broker_id: int, host: str, port: int, rack: str | None,
                        listener: str = "PLAINTEXT",
                        endpoints: list[tuple[str, str, int, str]] | None = None,
                        instance: str | None = None,
                        unclean_shutdown: bool = False) -> int:  # fmt: skip
        """Create the ephemeral ``/brokers/ids/<id>``; returns the broker epoch (its czxid).
        ``endpoints``: every listener as (name, host, port, security protocol); ``host:port``
        is the inter-broker one.

        ``instance`` names this broker's data (host and log directory), given only when the
        caller holds the lock of that directory, which proves no other live process uses it:
        then a registration of ``broker_id`` left by another session *with the same instance*
        is a dead previous incarnation of this broker (killed before its ZooKeeper session
        expired). It is replaced at once, in one transaction, and the new znode's czxid (a new
        broker epoch) tells the controller the old incarnation is gone; a ``/controller`` znode
        that incarnation held is deleted too, so a new controller is elected now rather than
        when the old session expires. A registration with another instance (or none) is a live
        duplicate: BrokerIdTakenError, as before.

        ``unclean_shutdown`` (KIP-966): this broker's logs were recovered after an unclean
        shutdown and the controller has not yet seen it (``strom_unclean_shutdown`` in the
        znode): the controller removes it from every ISR and ELR before electing it."""
        eps = endpoints or [(listener, host, port, "PLAINTEXT")]
        data: dict[str, Any] = {
            "version": 5,
            "host": host,
            "port": port,
            "jmx_port": -1,
            "timestamp": str(int(time.time() * 1000)),
            "endpoints": [f"{n}://{h}:{p}" for n, h, p, _ in eps],
            "listener_security_protocol_map": {n: proto for n, _, _, proto in eps},
            "features": {},
        }
        if rack:
            data["rack"] = rack
        if instance:
            data["strom_instance"] = instance
        if unclean_shutdown:
            data["strom_unclean_shutdown"] = True
        path = f"{BROKER_IDS}/{broker_id}"
        for attempt in range(1, REGISTER_ATTEMPTS + 1):
            try:
                epoch = self._register_once(path, dumps(data), broker_id, instance)
            except ConnectionLoss:
                # the connection dropped with a request in flight: ZooKeeper may or may not have
                # applied it. Left in doubt, the znode could exist with an epoch this broker does
                # not know (it would refuse every controller request naming it) or not at all;
                # the attempt is made again in this session, where a znode of this session is
                # this registration (Kafka's checked ephemeral create does the same)
                if attempt == REGISTER_ATTEMPTS:
                    raise
                log.warning("registering broker %d: connection lost with a request in flight; "
                            "trying again", broker_id)  # fmt: skip
                time.sleep(REGISTER_RETRY_S)
                continue
            if epoch is not None:
                return epoch
        raise BrokerIdTakenError(
            f"broker id {broker_id}: {path} kept appearing and vanishing over "
            f"{REGISTER_ATTEMPTS} attempts to register"
        )

    def _register_once(
        self, path: str, data: bytes, broker_id: int, instance: str | None
    ) -> int | None:
        """One attempt of :meth:`register_broker`: the broker epoch, or None when the znode of
        an old session vanished between the create and the read (try again)."""
        try:
            self.zk.create(path, data, ephemeral=True)
        except NodeExistsError:
            try:
                old, stat = self.zk.get(path)
            except NoNodeError:
                return None  # the old session expired between the two calls: create again
            if stat.ephemeralOwner != self.zk.client_id[0]:
                if not (instance and _instance_of(old) == instance):
                    raise BrokerIdTakenError(
                        f"Error while creating ephemeral at {path}, node already exists and "
                        f"owner '{stat.ephemeralOwner}' does not match current session "
                        f"'{self.zk.client_id[0]}': broker id {broker_id} is already "
                        "registered"
                    ) from None
                self._replace_registration(path, data, stat, broker_id)
        _, stat = self.zk.get(path)
        return int(stat.czxid)

    def _replace_registration(self, path: str, data: bytes, stat: Any, broker_id: int) -> None:
        """Replace the registration of a dead incarnation of this broker (see
        :meth:`register_broker`); BrokerIdTakenError when it changed meanwhile."""
        dead_session = stat.ephemeralOwner
        tx = self.zk.transaction()
        tx.delete(path, version=stat.version)
        tx.create(path, data, ephemeral=True)
        results = tx.commit()
        failed = [r for r in results if isinstance(r, Exception)]
        if failed:
            raise BrokerIdTakenError(f"broker id {broker_id}: registration changed while "
                                     f"replacing it ({failed[0]!r})")  # fmt: skip
        log.warning("replaced the registration of broker %d left by a previous incarnation "
                    "(session 0x%x, not expired yet)", broker_id, dead_session)  # fmt: skip
        try:
            cdata, cstat = self.zk.get(CONTROLLER)
            if (cstat.ephemeralOwner == dead_session
                    and int(json.loads(cdata)["brokerid"]) == broker_id):  # fmt: skip
                self.zk.delete(CONTROLLER, version=cstat.version)
                log.warning("deleted /controller held by the previous incarnation of broker %d",
                            broker_id)  # fmt: skip
        except (NoNodeError, BadVersionError, ValueError, KeyError, TypeError):
            pass

    def broker_epoch(self, broker_id: int) -> int | None:
        """The current epoch (registration czxid) of ``broker_id``; None when not registered."""
        stat = self.zk.exists(f"{BROKER_IDS}/{broker_id}")
        return None if stat is None else int(stat.czxid)

    def live_brokers(self) -> dict[int, BrokerEndpoint]:
        out: dict[int, BrokerEndpoint] = {}
        for child in self.zk.get_children(BROKER_IDS):
            try:
                data, stat = self.zk.get(f"{BROKER_IDS}/{child}")
            except NoNodeError:
                continue
            d = json.loads(data)
            protocols = d.get("listener_security_protocol_map") or {}
            listeners = []
            for ep in d.get("endpoints") or []:
                m = _ENDPOINT.match(ep)
                if m is not None:
                    code = SECURITY_PROTOCOL_CODES.get(protocols.get(m.group(1), "PLAINTEXT"), 0)
                    listeners.append((m.group(1), m.group(2), int(m.group(3)), code))
            out[int(child)] = BrokerEndpoint(
                int(child), d["host"], int(d["port"]), d.get("rack"), int(stat.czxid),
                tuple(listeners), bool(d.get("strom_unclean_shutdown", False)),
            )  # fmt: skip
        return out

    # -- topics cache ------------------------------------------------------------------------------
    def _load_topic(self, name: str) -> None:
        try:
            data, _ = self.zk.get(f"{TOPICS}/{name}")
        except NoNodeError:
            return
        info, adding, removing = parse_topic_znode(name, data)
        try:
            cdata, _ = self.zk.get(f"{CONFIG_TOPICS}/{name}")
            info.configs = dict(json.loads(cdata).get("config", {}))
        except NoNodeError:
            pass
        old = self._topics.get(name)
        if old is not None and old.topic_id == info.topic_id:
            info.states = old.states
        self._topics[name] = info
        self._reassigning[name] = (adding, removing)
        if name not in self._watched:
            self._watched.add(name)
            self.zk.DataWatch(f"{TOPICS}/{name}", self._topic_watch(name))
            self.zk.DataWatch(f"{CONFIG_TOPICS}/{name}", self._config_watch(name))

    def refresh_topic(self, name: str) -> TopicInfo | None:
        """Read ``name`` from ZooKeeper now (a request named it before its watch fired)."""
        self._load_topic(name)
        return self._topics.get(name)

    def _on_topics(self, children: list[str]) -> None:
        self._post(self._sync_topics, set(children))

    def _sync_topics(self, names: set[str]) -> None:
        for gone in set(self._topics) - names:
            del self._topics[gone]
            self._reassigning.pop(gone, None)
        for name in names - set(self._topics):
            self._load_topic(name)

    def _topic_watch(self, name: str) -> Callable[[bytes | None, Any], bool]:
        def watch(data: bytes | None, stat: Any) -> bool:
            if data is None:
                self._watched.discard(name)
                return False
            self._post(self._refresh_topic, name, data)
            return True

        return watch

    def _refresh_topic(self, name: str, data: bytes) -> None:
        info, adding, removing = parse_topic_znode(name, data)
        old = self._topics.get(name)
        if old is None or old.topic_id != info.topic_id:
            return self._load_topic(name)
        old.assignment = info.assignment
        self._reassigning[name] = (adding, removing)
        return None

    def _config_watch(self, name: str) -> Callable[[bytes | None, Any], bool]:
        def watch(data: bytes | None, stat: Any) -> bool:
            if data is not None:
                configs = dict(json.loads(data).get("config", {}))
                self._post(self._apply_configs, name, configs)
            return name in self._watched

        return watch

    def _apply_configs(self, name: str, configs: dict[str, str]) -> None:
        info = self._topics.get(name)
        if info is None or info.configs == configs:
            return
        info.configs = configs
        if self.on_config_change is not None:
            self.on_config_change(name, configs)

    def reassignment(self, name: str) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
        return self._reassigning.get(name, ({}, {}))

    # -- MetadataStore -----------------------------------------------------------------------------
    @property
    def cluster_id(self) -> str:
        return self._cluster_id

    def topics(self) -> dict[str, TopicInfo]:
        return self._topics

    def create_topic(self, info: TopicInfo) -> None:
        tx = self.zk.transaction()
        tx.create(f"{CONFIG_TOPICS}/{info.name}", dumps({"version": 1, "config": info.configs}))
        tx.create(f"{TOPICS}/{info.name}", topic_znode(info))
        results = tx.commit()
        if any(isinstance(r, NodeExistsError) for r in results):
            raise KeyError(info.name)
        failed = [r for r in results if isinstance(r, Exception)]
        if failed:
            raise failed[0]
        self._load_topic(info.name)  # cache it now, with its watches

    def delete_topic(self, name: str) -> None:
        """Ask the controller to delete ``name`` (Kafka's ``/admin/delete_topics``)."""
        with contextlib.suppress(NodeExistsError):
            self.zk.create(f"{DELETE_TOPICS}/{name}")

    def add_partitions(self, name: str, assignment: dict[int, list[int]]) -> None:
        path = f"{TOPICS}/{name}"
        while True:
            data, stat = self.zk.get(path)
            info, adding, removing = parse_topic_znode(name, data)
            info.assignment.update(assignment)
            try:
                self.zk.set(path, topic_znode(info, adding, removing), version=stat.version)
                break
            except BadVersionError:
                continue
        cached = self._topics.get(name)
        if cached is not None:
            cached.assignment.update(assignment)

    def set_topic_configs(self, name: str, configs: dict[str, str]) -> None:
        self.zk.set(f"{CONFIG_TOPICS}/{name}", dumps({"version": 1, "config": configs}))
        self._apply_configs(name, dict(configs))

    def entity_config(self, entity_type: str, name: str) -> dict[str, str]:
        """The overrides of ``/config/<entity_type>/<name>`` (``{}`` when there is none)."""
        try:
            data, _ = self.zk.get(f"/config/{entity_type}/{name}")
        except NoNodeError:
            return {}
        return dict(json.loads(data).get("config", {})) if data else {}

    def entity_names(self, entity_type: str) -> list[str]:
        """The names under ``/config/<entity_type>`` (sorted; empty when there is none)."""
        try:
            return sorted(self.zk.get_children(f"/config/{entity_type}"))
        except NoNodeError:
            return []

    def set_entity_config(self, entity_type: str, name: str, configs: dict[str, str]) -> None:
        """Replace the overrides of ``/config/<entity_type>/<name>`` (created when missing)."""
        path, data = f"/config/{entity_type}/{name}", dumps({"version": 1, "config": configs})
        try:
            self.zk.set(path, data)
        except NoNodeError:
            self.zk.create(path, data, makepath=True)

    def set_partition_state(self, name: str, partition: int, state: Any) -> None:
        info = self._topics.get(name)
        if info is not None:
            info.states[partition] = state

    def allocate_producer_ids(self, block_size: int) -> int:
        while True:
            try:
                data, stat = self.zk.get(PID_BLOCK)
                start = int(json.loads(data)["block_end"]) + 1 if data else 0
                version = stat.version
            except NoNodeError:
                start, version = 0, -1
            block = dumps(
                {"version": 1, "broker": -1, "block_start": str(start),
                 "block_end": str(start + block_size - 1)}
            )  # fmt: skip
            try:
                if version < 0:
                    self.zk.create(PID_BLOCK, block)
                else:
                    self.zk.set(PID_BLOCK, block, version=version)
                return start
            except (BadVersionError, NodeExistsError):
                continue
