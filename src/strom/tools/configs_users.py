"""``strom configs --entity-type users``: SCRAM credentials, as Kafka's ``kafka-configs.sh``.

Owns: ``--alter --add-config 'SCRAM-SHA-256=[iterations=8192,password=...]'`` (the password is
salted and hashed here, with a random 32-byte salt; only the salted password is sent, with
AlterUserScramCredentials, KIP-554), ``--alter --delete-config SCRAM-SHA-256``, and
``--describe`` (DescribeUserScramCredentials). Output as Kafka's: "Completed updating config for
user alice." and "SCRAM credential configs for user-principal 'alice' are
SCRAM-SHA-256=iterations=8192". Iterations default to 4096, as Kafka's tool.
"""

from __future__ import annotations

import argparse
import hashlib
import secrets

from strom.client import AIOAdminClient
from strom.errors import ErrorCode
from strom.protocol.messages.alter_user_scram_credentials import (
    AlterUserScramCredentialsRequest,
    AlterUserScramCredentialsResponse,
)
from strom.protocol.messages.describe_user_scram_credentials import (
    DescribeUserScramCredentialsRequest,
    DescribeUserScramCredentialsResponse,
)
from strom.tools._common import ToolError

AR = AlterUserScramCredentialsRequest
MECHANISMS = {"SCRAM-SHA-256": (1, "sha256"), "SCRAM-SHA-512": (2, "sha512")}
NAMES = {1: "SCRAM-SHA-256", 2: "SCRAM-SHA-512"}
DEFAULT_ITERATIONS = 4096


def _upsertion(user: str, mechanism: str, spec: str) -> AR.ScramCredentialUpsertion:
    fields = {}
    for part in spec.split(","):
        key, sep, value = part.partition("=")
        if not sep:
            raise ToolError(f"Invalid {mechanism} value {spec!r}: expected key=value pairs.")
        fields[key.strip()] = value
    if "password" not in fields:
        raise ToolError(f"{mechanism} needs password=...")
    try:
        iterations = int(fields.get("iterations", DEFAULT_ITERATIONS))
    except ValueError:
        raise ToolError(f"Invalid iterations {fields['iterations']!r}.") from None
    mech_id, hash_name = MECHANISMS[mechanism]
    salt = secrets.token_bytes(32)
    salted = hashlib.pbkdf2_hmac(hash_name, fields["password"].encode(), salt, iterations)
    return AR.ScramCredentialUpsertion(user, mech_id, iterations, salt, salted)


async def alter(
    admin: AIOAdminClient, user: str, to_set: dict[str, str], to_delete: list[str]
) -> None:
    unknown = [k for k in [*to_set, *to_delete] if k not in MECHANISMS]
    if unknown:
        raise ToolError(
            f"Invalid config(s) for users: {','.join(unknown)} (Strom serves SCRAM credentials "
            "only: SCRAM-SHA-256, SCRAM-SHA-512)."
        )
    req = AR(
        deletions=[AR.ScramCredentialDeletion(user, MECHANISMS[m][0]) for m in to_delete],
        upsertions=[_upsertion(user, m, spec) for m, spec in to_set.items()],
    )
    resp = await admin.cluster.send_any(req, AlterUserScramCredentialsResponse)
    for r in resp.results:
        if r.error_code:
            raise ToolError(
                f"Could not update config for user {user}: {r.error_message} "
                f"({ErrorCode(r.error_code).name})."
            )
    print(f"Completed updating config for user {user}.")


async def describe(admin: AIOAdminClient, user: str | None, args: argparse.Namespace) -> None:
    users = None if user is None else [DescribeUserScramCredentialsRequest.UserName(user)]
    resp = await admin.cluster.send_any(
        DescribeUserScramCredentialsRequest(users=users), DescribeUserScramCredentialsResponse
    )
    if resp.error_code:
        raise ToolError(f"Could not describe users: {resp.error_message}.")
    for r in resp.results:
        if r.error_code == ErrorCode.RESOURCE_NOT_FOUND:
            continue
        if r.error_code:
            raise ToolError(f"Could not describe user {r.user}: {r.error_message}.")
        creds = ",".join(
            f"{NAMES.get(i.mechanism, i.mechanism)}=iterations={i.iterations}"
            for i in r.credential_infos
        )
        print(f"SCRAM credential configs for user-principal '{r.user}' are {creds}")
