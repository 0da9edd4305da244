"""Delegation tokens in ZooKeeper, in the znodes Kafka's ``DelegationTokenManagerZk`` uses.

Owns ``/delegation_token/tokens/<token id>``: the JSON of
:meth:`~strom.broker.security.delegation_tokens.TokenInformation.to_json` (owner, requester,
renewers, timestamps; never the HMAC, which each broker derives from the shared secret key).

Invariants: every read goes to ZooKeeper (brokers keep no copy to invalidate, so Kafka's
``/delegation_token/token_changes`` notifications are not needed and not written); an update of
an existing token is a ``set`` that fails when another broker removed the token meanwhile
(DELEGATION_TOKEN_NOT_FOUND: an expired token is never resurrected by a concurrent renew);
removing a token that is already gone is not an error (two brokers' sweeps); ZooKeeper
failures become UNKNOWN_SERVER_ERROR (TokenError). A token id that
other than the generated form (base64url) is never read.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from kazoo.exceptions import KazooException, NodeExistsError, NoNodeError

from strom.broker.security.delegation_tokens import (
    TokenError,
    TokenInformation,
    valid_token_id,
)
from strom.errors import ErrorCode

if TYPE_CHECKING:  # annotations only: kazoo.client loads with the ZooKeeper store
    from kazoo.client import KazooClient

TOKENS = "/delegation_token/tokens"


def _path(token_id: str) -> str | None:
    if not valid_token_id(token_id):
        return None
    return f"{TOKENS}/{token_id}"


class ZkTokenStore:
    def __init__(self, zk: KazooClient) -> None:
        self._zk = zk

    def load(self) -> list[TokenInformation]:
        try:
            ids = self._zk.get_children(TOKENS)
        except NoNodeError:
            return []
        except KazooException as exc:
            raise _unavailable(exc) from None
        out = []
        for token_id in sorted(ids):
            token = self.get(token_id)
            if token is not None:
                out.append(token)
        return out

    def get(self, token_id: str) -> TokenInformation | None:
        path = _path(token_id)
        if path is None:
            return None
        try:
            data, _ = self._zk.get(path)
        except NoNodeError:
            return None
        except KazooException as exc:
            raise _unavailable(exc) from None
        return TokenInformation.from_json(json.loads(data))

    def put(self, token: TokenInformation, create: bool) -> None:
        path = _path(token.token_id)
        assert path is not None
        data = json.dumps(token.to_json()).encode()
        try:
            if create:
                self._zk.create(path, data, makepath=True)
            else:
                self._zk.set(path, data)
        except NoNodeError:
            raise TokenError(ErrorCode.DELEGATION_TOKEN_NOT_FOUND) from None
        except NodeExistsError:  # a random 128-bit id met twice: refuse rather than overwrite
            raise TokenError(ErrorCode.UNKNOWN_SERVER_ERROR, "token id collision") from None
        except KazooException as exc:
            raise _unavailable(exc) from None

    def remove(self, token_id: str) -> None:
        path = _path(token_id)
        if path is None:
            return
        try:
            self._zk.delete(path)
        except NoNodeError:
            return
        except KazooException as exc:
            raise _unavailable(exc) from None


def _unavailable(exc: Exception) -> TokenError:
    return TokenError(ErrorCode.UNKNOWN_SERVER_ERROR, f"ZooKeeper: {exc!r}")
