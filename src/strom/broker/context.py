"""What a handler is given for one request: the header, the version, the broker's services,
the peer, and who the peer is (the principal authenticated on its connection, the listener it
came in on and that listener's security protocol).

Handlers reach the broker's components through ``ctx.services``
(:class:`~strom.broker.services.BrokerServices`: typed, one per broker, given by the request
processor); they never touch the connection nor the broker's assembly: a context holds no
``Broker`` (``tests/unit/test_broker_wiring.py`` fails when a handler or a security check
reaches for one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from strom.broker.security.principal import ANONYMOUS, KafkaPrincipal
from strom.protocol.messages.headers import RequestHeader

if TYPE_CHECKING:
    from strom.broker.services import BrokerServices


@dataclass(slots=True)  # built per request: slots make it smaller and its reads faster
class RequestContext:
    header: RequestHeader
    services: BrokerServices
    peer: str
    listener: str = "PLAINTEXT"
    principal: KafkaPrincipal = ANONYMOUS
    security_protocol: str = "PLAINTEXT"
    # the connection's client software name and version (ApiVersions v3+, KIP-511)
    client_software: tuple[str, str] = ("", "")

    @property
    def api_version(self) -> int:
        return self.header.request_api_version

    @property
    def client_host(self) -> str:
        """The peer's IP address, without the port (what ACL host matching compares)."""
        host = self.peer.rsplit(":", 1)[0] if ":" in self.peer else self.peer
        return host.strip("[]")

    @property
    def client_port(self) -> str:
        """The peer's port ("" when the peer has none)."""
        host, sep, port = self.peer.rpartition(":")
        return port if sep and host else ""

    @property
    def client_id(self) -> str:
        return self.header.client_id or ""
