"""SaslHandshake and SaslAuthenticate once no exchange is expected.

The exchange itself runs in the connection's
:class:`~strom.broker.security.sasl_authenticator.SaslServerAuthenticator` because it changes the
connection's state (a re-authentication too). A request reaching these handlers came on a
listener without SASL, or after authentication when no re-authentication is possible: Kafka
answers ILLEGAL_SASL_STATE. Registering them here makes ApiVersions advertise them.
"""

from __future__ import annotations

from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.errors import ErrorCode
from strom.protocol.messages.sasl_authenticate import (
    SaslAuthenticateRequest,
    SaslAuthenticateResponse,
)
from strom.protocol.messages.sasl_handshake import SaslHandshakeRequest, SaslHandshakeResponse


@handles(17)
async def sasl_handshake(ctx: RequestContext, req: SaslHandshakeRequest) -> SaslHandshakeResponse:
    sec = ctx.services.listener_security.get(ctx.listener.upper())
    mechanisms = list(sec.mechanisms) if sec is not None else []
    return SaslHandshakeResponse(
        error_code=int(ErrorCode.ILLEGAL_SASL_STATE), mechanisms=mechanisms
    )


@handles(36)
async def sasl_authenticate(
    ctx: RequestContext, req: SaslAuthenticateRequest
) -> SaslAuthenticateResponse:
    return SaslAuthenticateResponse(
        error_code=int(ErrorCode.ILLEGAL_SASL_STATE),
        error_message="SaslAuthenticate is not expected on this connection",
    )
