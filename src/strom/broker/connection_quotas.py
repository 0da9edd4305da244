"""Connection limits: ``max.connections``, ``max.connections.per.ip`` and its overrides.

Owns: the count of open client connections, broker-wide and per peer IP address, and the queue
of acceptors waiting for a free slot. Kafka's semantics (``ConnectionQuotas``, KIP-402):

- ``max.connections.per.ip`` (with ``max.connections.per.ip.overrides``, ``ip:count,ip:count``):
  a new connection from an address already at its limit is accepted and closed at once.
- ``max.connections``, and per listener ``listener.name.<listener>.max.connections``: when the
  broker (or the listener) holds that many connections the acceptor (of that listener) stops
  accepting
  (:meth:`wait_for_slot` blocks) until one closes; new connections wait in the kernel's listen
  backlog meanwhile, nothing is read from them. Strom does not implement Kafka's exception for
  the inter-broker listener (closing the least recently used client connection to make room);
  a cluster sizes ``max.connections`` with its brokers' connections in mind.

The limits change at run time (dynamic broker configs, :meth:`reconfigure`): the next connection
accepted obeys the new limits; connections already open are never closed, even when they exceed
a lowered limit (Kafka's behaviour); a raised ``max.connections`` wakes a waiting acceptor.

Invariants: ``total`` equals the number of registered, unreleased connections and the per-IP
counts sum to it; ``total`` never exceeds ``max_connections`` through :meth:`register` once the
caller waited for a slot; an IP's count never exceeds its limit.

Single-threaded: used from the event loop only.
"""

from __future__ import annotations

import asyncio
import socket
from collections import Counter

INT_MAX = 2**31 - 1


class QuotaConfigError(ValueError):
    pass


def parse_overrides(value: list[str] | str | None) -> dict[str, int]:
    """``max.connections.per.ip.overrides``: ``host:count`` pairs, comma separated. Hostnames are
    resolved once, here; IPv6 literals may be given in brackets."""
    items = value.split(",") if isinstance(value, str) else list(value or [])
    out: dict[str, int] = {}
    for raw in items:
        item = raw.strip()
        if not item:
            continue
        host, sep, count = item.rpartition(":")
        host = host.strip().strip("[]")
        if not sep or not host:
            raise QuotaConfigError(f"{item!r} is not host:count")
        try:
            n = int(count)
        except ValueError:
            raise QuotaConfigError(f"{item!r}: {count!r} is not a number") from None
        if n < 0:
            raise QuotaConfigError(f"{item!r}: the count must be at least 0")
        out[_resolve(host)] = n
    return out


def _resolve(host: str) -> str:
    try:
        socket.inet_pton(socket.AF_INET6 if ":" in host else socket.AF_INET, host)
        return host
    except OSError:
        pass
    try:
        return socket.gethostbyname(host)
    except OSError:
        raise QuotaConfigError(f"cannot resolve host {host!r}") from None


class ConnectionQuotas:
    def __init__(
        self,
        max_connections: int = INT_MAX,
        max_per_ip: int = INT_MAX,
        overrides: dict[str, int] | None = None,
        listener_limits: dict[str, int] | None = None,
    ) -> None:
        self.max_connections = max_connections
        self.max_per_ip = max_per_ip
        self.overrides = dict(overrides or {})
        self.listener_limits = dict(listener_limits or {})  # listener name -> its max.connections
        self.total = 0
        self.per_ip: Counter[str] = Counter()
        self.per_listener: Counter[str] = Counter()
        self._slot_waiters: list[asyncio.Future[None]] = []

    def limit_for(self, ip: str) -> int:
        return self.overrides.get(ip, self.max_per_ip)

    def has_slot(self, listener: str = "") -> bool:
        return self.total < self.max_connections and self.per_listener[
            listener
        ] < self.listener_limits.get(listener, INT_MAX)

    async def wait_for_slot(self, listener: str = "") -> None:
        """Return once the broker holds fewer than ``max.connections`` connections and
        ``listener`` fewer than its own limit."""
        while not self.has_slot(listener):
            fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._slot_waiters.append(fut)
            try:
                await fut
            finally:
                if fut in self._slot_waiters:
                    self._slot_waiters.remove(fut)

    def register(self, ip: str, listener: str = "") -> bool:
        """Count a new connection from ``ip`` on ``listener``; False (and nothing counted) when
        ``ip`` is at its limit: the caller closes that connection."""
        if self.per_ip[ip] >= self.limit_for(ip):
            return False
        self.per_ip[ip] += 1
        self.per_listener[listener] += 1
        self.total += 1
        return True

    def reconfigure(
        self,
        max_connections: int,
        max_per_ip: int,
        overrides: dict[str, int],
        listener_limits: dict[str, int] | None = None,
    ) -> None:
        """New limits for the connections accepted from now on; open ones stay open."""
        self.max_connections = max_connections
        self.max_per_ip = max_per_ip
        self.overrides = dict(overrides)
        self.listener_limits = dict(listener_limits or {})
        self._wake_waiters()

    def release(self, ip: str, listener: str = "") -> None:
        """A registered connection from ``ip`` on ``listener`` closed."""
        if self.per_ip[ip] <= 0 or self.per_listener[listener] <= 0:
            raise ValueError(f"no connection from {ip} on {listener!r} is registered")
        self.per_ip[ip] -= 1
        if not self.per_ip[ip]:
            del self.per_ip[ip]
        self.per_listener[listener] -= 1
        self.total -= 1
        self._wake_waiters()

    def _wake_waiters(self) -> None:
        """Every waiting acceptor looks again (each waits for its own listener's slot)."""
        if not self.has_slot() and not self.listener_limits:
            return
        waiters, self._slot_waiters = self._slot_waiters, []
        for fut in waiters:
            if not fut.done():
                fut.set_result(None)
