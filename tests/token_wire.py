"""Raw SASL logins for the delegation token tests: PLAIN as a user, SCRAM with a token
(``tokenauth=true``: token id as user name, base64 HMAC as password), over :class:`WireClient`."""

from __future__ import annotations

import base64

from wire import WireClient

from strom.client.security import ScramClient
from strom.protocol.messages.sasl_authenticate import (
    SaslAuthenticateRequest,
    SaslAuthenticateResponse,
)
from strom.protocol.messages.sasl_handshake import SaslHandshakeRequest, SaslHandshakeResponse


def authenticate(c: WireClient, token: bytes) -> SaslAuthenticateResponse:
    resp = c.request(SaslAuthenticateRequest(auth_bytes=token), 2)
    assert isinstance(resp, SaslAuthenticateResponse)
    return resp


def handshake(c: WireClient, mechanism: str) -> None:
    hs = c.request(SaslHandshakeRequest(mechanism=mechanism), 1)
    assert isinstance(hs, SaslHandshakeResponse) and hs.error_code == 0, hs


def plain_login(port: int, user: str, password: str) -> WireClient:
    """A connection authenticated with PLAIN (asserted)."""
    c = WireClient(f"127.0.0.1:{port}")
    handshake(c, "PLAIN")
    resp = authenticate(c, f"\x00{user}\x00{password}".encode())
    assert resp.error_code == 0, resp.error_message
    return c


def token_login(
    port: int, token_id: str, mac: bytes, mechanism: str = "SCRAM-SHA-256"
) -> tuple[WireClient, SaslAuthenticateResponse]:
    """A connection that authenticated with the token; the last SaslAuthenticate answer
    (the server signature checked when it succeeded)."""
    c = WireClient(f"127.0.0.1:{port}")
    handshake(c, mechanism)
    scram = ScramClient(mechanism, token_id, base64.b64encode(mac).decode(), {"tokenauth": "true"})
    first = authenticate(c, scram.first())
    if first.error_code != 0:
        return c, first
    final = authenticate(c, scram.final(first.auth_bytes))
    if final.error_code == 0:
        scram.verify(final.auth_bytes)
    return c, final


def token_login_code(port: int, token_id: str, mac: bytes, mechanism: str = "SCRAM-SHA-256") -> int:
    """The error code of a token login (0: authenticated); the connection is closed after."""
    c, resp = token_login(port, token_id, mac, mechanism)
    c.close()
    return int(resp.error_code)
