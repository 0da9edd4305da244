"""The one registry of request handlers, from which ApiVersions is derived.

Owns: the map API key -> (handler, served version range). A handler is registered with the
``@handles(api_key)`` decorator in the module of its API family; the served range is the codec's
range for that API without a version Kafka 3.9 marks unstable, narrowed where given. What
ApiVersions advertises is exactly this map, so the broker never advertises what it does not serve.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from strom.protocol.codec import Message
from strom.protocol.messages import APIS

if TYPE_CHECKING:
    from strom.broker.context import RequestContext

Handler = Callable[["RequestContext", Any], Awaitable[Message | None]]


@dataclass(frozen=True)
class Registration:
    api_key: int
    name: str
    min_version: int
    max_version: int
    handler: Handler
    # what ApiVersions lists as the minimum when it differs from the accepted one
    # (Produce under the Kafka 4.0 baseline, strom.broker.api_baseline)
    advertised_min_version: int | None = None


HANDLERS: dict[int, Registration] = {}


def handles(
    api_key: int, *, min_version: int | None = None, max_version: int | None = None
) -> Callable[[Handler], Handler]:
    """Register the decorated coroutine as the handler of ``api_key``."""
    info = APIS[api_key]
    top = info.max_version - (1 if info.latest_version_unstable else 0)
    lo = info.min_version if min_version is None else min_version
    hi = top if max_version is None else min(max_version, top)

    def deco(fn: Handler) -> Handler:
        if api_key in HANDLERS:
            raise RuntimeError(f"two handlers for API key {api_key}")
        HANDLERS[api_key] = Registration(api_key, info.name, lo, hi, fn)
        return fn

    return deco


def load_handlers() -> dict[int, Registration]:
    """Import every handler module (registration happens at import) and return the registry."""
    from strom.broker.handlers import load_all

    load_all()
    return HANDLERS
