"""DescribeUserScramCredentials and AlterUserScramCredentials (KIP-554).

Credentials are kept salted in :mod:`strom.broker.security.credentials` (ZooKeeper
``/config/users/<user>`` in a cluster). Kafka's rules: a user named twice in one request is
DUPLICATE_RESOURCE for that user; an empty name, an empty salt or salted password, or iterations
outside [4096, 16384] is UNACCEPTABLE_CREDENTIAL; an unknown mechanism is
UNSUPPORTED_SASL_MECHANISM; deleting a credential that does not exist is RESOURCE_NOT_FOUND; so
is describing a user by name that has none. A user's changes are validated as a whole and then
applied; passwords never reach the broker (the client sends the salted password).
"""

from __future__ import annotations

import asyncio
from collections import Counter

from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.security.credentials import ScramCredentialStore
from strom.broker.security.scram import (
    MECHANISM_IDS,
    MECHANISMS,
    ScramCredential,
    ScramError,
    check_iterations,
    credential_from_salted,
)
from strom.errors import ErrorCode
from strom.protocol.messages.alter_user_scram_credentials import (
    AlterUserScramCredentialsRequest,
    AlterUserScramCredentialsResponse,
)
from strom.protocol.messages.describe_user_scram_credentials import (
    DescribeUserScramCredentialsRequest,
    DescribeUserScramCredentialsResponse,
)

AR = AlterUserScramCredentialsResponse
DR = DescribeUserScramCredentialsResponse
_NAMES = {v: k for k, v in MECHANISM_IDS.items()}


@handles(50)
async def describe_user_scram_credentials(
    ctx: RequestContext, req: DescribeUserScramCredentialsRequest
) -> DescribeUserScramCredentialsResponse:
    store = ctx.services.scram_credentials
    return await asyncio.to_thread(_describe, store, req)


def _describe(
    store: ScramCredentialStore, req: DescribeUserScramCredentialsRequest
) -> DescribeUserScramCredentialsResponse:
    asked = [u.name for u in req.users] if req.users else None
    results: list[DR.DescribeUserScramCredentialsResult] = []
    if asked is None:
        for user in store.users():
            infos = _infos(store, user)
            if infos:
                results.append(DR.DescribeUserScramCredentialsResult(user, 0, None, infos))
        return DR(error_code=0, error_message=None, results=results)
    counts = Counter(asked)
    for user in dict.fromkeys(asked):
        if counts[user] > 1:
            results.append(
                DR.DescribeUserScramCredentialsResult(
                    user, int(ErrorCode.DUPLICATE_RESOURCE), f"Cannot describe user {user} twice"
                )
            )
            continue
        infos = _infos(store, user)
        if not infos:
            results.append(
                DR.DescribeUserScramCredentialsResult(
                    user,
                    int(ErrorCode.RESOURCE_NOT_FOUND),
                    f"Attempt to describe a user credential that does not exist: {user}",
                )
            )
            continue
        results.append(DR.DescribeUserScramCredentialsResult(user, 0, None, infos))
    return DR(error_code=0, error_message=None, results=results)


def _infos(store: ScramCredentialStore, user: str) -> list[DR.CredentialInfo]:
    return [
        DR.CredentialInfo(MECHANISM_IDS[mech], cred.iterations)
        for mech, cred in sorted(store.credentials(user).items())
    ]


@handles(51)
async def alter_user_scram_credentials(
    ctx: RequestContext, req: AlterUserScramCredentialsRequest
) -> AlterUserScramCredentialsResponse:
    store = ctx.services.scram_credentials
    return await asyncio.to_thread(_alter, store, req)


Change = tuple[str, ScramCredential | None]


def _alter(
    store: ScramCredentialStore, req: AlterUserScramCredentialsRequest
) -> AlterUserScramCredentialsResponse:
    users = [d.name for d in req.deletions] + [u.name for u in req.upsertions]
    errors: dict[str, tuple[ErrorCode, str]] = {}
    changes: dict[str, list[Change]] = {u: [] for u in users}
    seen: Counter[tuple[str, int]] = Counter(
        [(d.name, d.mechanism) for d in req.deletions]
        + [(u.name, u.mechanism) for u in req.upsertions]
    )
    for (user, _), n in seen.items():
        if n > 1:
            errors.setdefault(
                user,
                (
                    ErrorCode.DUPLICATE_RESOURCE,
                    "A user credential cannot be altered twice in the same request",
                ),
            )
    for d in req.deletions:
        err = _check_user_mechanism(d.name, d.mechanism)
        if err is not None:
            errors.setdefault(d.name, err)
            continue
        mech = _NAMES[d.mechanism]
        if store.get(mech, d.name) is None:
            errors.setdefault(
                d.name,
                (
                    ErrorCode.RESOURCE_NOT_FOUND,
                    f"Attempt to delete a user credential that does not exist: {d.name} {mech}",
                ),
            )
            continue
        changes[d.name].append((mech, None))
    for u in req.upsertions:
        err = _check_user_mechanism(u.name, u.mechanism)
        if err is None:
            try:
                check_iterations(u.iterations)
            except ScramError as exc:
                err = (ErrorCode.UNACCEPTABLE_CREDENTIAL, str(exc))
        if err is None and (not u.salt or not u.salted_password):
            err = (ErrorCode.UNACCEPTABLE_CREDENTIAL, "Salt and salted password must not be empty")
        if err is not None:
            errors.setdefault(u.name, err)
            continue
        mech = _NAMES[u.mechanism]
        cred = credential_from_salted(MECHANISMS[mech], u.salted_password, u.salt, u.iterations)
        changes[u.name].append((mech, cred))
    results: list[AR.AlterUserScramCredentialsResult] = []
    for user in dict.fromkeys(users):
        if user in errors:
            code, msg = errors[user]
            results.append(AR.AlterUserScramCredentialsResult(user, int(code), msg))
            continue
        for mech, change in changes[user]:
            store.alter(user, mech, change)
        results.append(AR.AlterUserScramCredentialsResult(user, 0, None))
    return AR(results=results)


def _check_user_mechanism(user: str, mechanism: int) -> tuple[ErrorCode, str] | None:
    if not user:
        return ErrorCode.UNACCEPTABLE_CREDENTIAL, "Username must not be empty"
    if mechanism not in _NAMES:
        return ErrorCode.UNSUPPORTED_SASL_MECHANISM, f"Unknown SCRAM mechanism {mechanism}"
    return None
