"""The shared core of the admin client: configuration, connections and request routing.

Owns: the :class:`AdminBase` every admin mixin builds on (``admin_groups``, ``admin_cluster``,
``admin_txn`` and the topic/config/record calls in ``admin``): the config, the :class:`Cluster`
(connections and metadata), the request timeout, coordinator lookup (FindCoordinator for groups,
key type 0, and transactional ids, key type 1) and sending one request to every live broker.
A missing API on the broker surfaces as ``KafkaError(UNSUPPORTED_VERSION)`` before anything is
sent (see :func:`strom.client.versions.pick_version`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from strom.client.cluster import Cluster
from strom.client.config import ADMIN, Config
from strom.client.errors import check
from strom.client.types import BrokerInfo
from strom.protocol.codec import Message
from strom.protocol.messages.find_coordinator import FindCoordinatorRequest, FindCoordinatorResponse

M = TypeVar("M", bound=Message)

GROUP_KEY, TRANSACTION_KEY = 0, 1


class AdminBase:
    """Connections, metadata and routing shared by the admin mixins."""

    def __init__(self, config: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        props = dict(config or {})
        props.update({k.replace("_", "."): v for k, v in kwargs.items()})
        self.config = Config(ADMIN, props)
        self.cluster = Cluster(self.config)
        self.timeout_ms = self.config.int("request.timeout.ms")

    async def start(self) -> None:
        """Fetch metadata; KafkaTimeoutError after ``default.api.timeout.ms``."""
        await self.cluster.refresh_within(
            self.config.seconds("default.api.timeout.ms"), "admin client start"
        )

    async def close(self) -> None:
        await self.cluster.aclose()

    async def _coordinator(self, key: str, key_type: int = GROUP_KEY) -> int:
        """Node id of the group (``key_type`` 0) or transaction (1) coordinator of ``key``."""
        resp = await self.cluster.send_any(
            FindCoordinatorRequest(key=key, key_type=key_type), FindCoordinatorResponse
        )
        check(resp.error_code, resp.error_message)
        if resp.node_id not in self.cluster.brokers:
            self.cluster.brokers[resp.node_id] = BrokerInfo(resp.node_id, resp.host, resp.port)
        return resp.node_id

    async def broker_ids(self) -> list[int]:
        """Ids of the live brokers, from fresh metadata."""
        self.cluster.request_update()
        await self.cluster.refresh()
        return sorted(self.cluster.brokers)

    async def send_each(self, msg: Message, response: type[M]) -> dict[int, M]:
        """Send ``msg`` to every live broker; ``{node_id: response}``."""
        return {
            node: await self.cluster.send(node, msg, response) for node in await self.broker_ids()
        }

    async def send_broker_or_any(self, name: str, msg: Message, response: type[M]) -> M:
        """Send to broker ``name`` (a node id) when given, else to any broker."""
        if name.strip().isdigit():
            node = int(name)
            if node not in self.cluster.brokers:
                await self.broker_ids()
            if node in self.cluster.brokers:
                return await self.cluster.send(node, msg, response)
        return await self.cluster.send_any(msg, response)
