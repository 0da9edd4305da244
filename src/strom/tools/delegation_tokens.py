"""``strom delegation-tokens``: Kafka's ``kafka-delegation-tokens.sh`` over the token APIs.

Owns: Kafka's flags (``--create`` with ``--max-life-time-period`` and repeated
``--renewer-principal``, ``--owner-principal`` (KIP-373); ``--renew --hmac
--renew-time-period``; ``--expire --hmac --expiry-time-period``; ``--describe`` with repeated
``--owner-principal``) and Kafka's report: the ``Calling ... operation`` line, then the token
table (TOKENID, HMAC, OWNER, REQUESTER, RENEWERS, ISSUEDATE, EXPIRYDATE, MAXDATE, dates as
``yyyy-MM-ddTHH:mm`` UTC) or the new expiry date. The HMAC is shown and taken in base64, as
Kafka's tool does. Tokens are refused over PLAINTEXT: give ``--command-config`` with SASL or
SSL settings. Exit code 1 on any error.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import time

from strom.client import AIOAdminClient
from strom.client.admin_tokens import DelegationToken
from strom.tools._common import ToolError, client_config, parser, run

EXAMPLES = """\
  strom delegation-tokens --bootstrap-server localhost:9093 --command-config admin.properties \\
      --create --max-life-time-period -1 --renewer-principal User:bob
  strom delegation-tokens --bootstrap-server localhost:9093 --command-config admin.properties \\
      --renew --hmac ABCDEFGHIJK --renew-time-period -1
  strom delegation-tokens --bootstrap-server localhost:9093 --command-config admin.properties \\
      --expire --hmac ABCDEFGHIJK --expiry-time-period -1
  strom delegation-tokens --bootstrap-server localhost:9093 --command-config admin.properties \\
      --describe --owner-principal User:alice
"""


def build_parser() -> argparse.ArgumentParser:
    p = parser(
        "strom delegation-tokens",
        "Create, renew, expire and describe delegation tokens (Kafka's "
        "kafka-delegation-tokens.sh).",
        EXAMPLES,
    )
    action = p.add_mutually_exclusive_group(required=True)
    action.add_argument("--create", action="store_true", help="create a token")
    action.add_argument("--renew", action="store_true", help="renew a token")
    action.add_argument("--expire", action="store_true", help="expire a token")
    action.add_argument("--describe", action="store_true", help="describe tokens")
    p.add_argument("--max-life-time-period", type=int, metavar="MS",
                   help="--create: max lifetime (-1: the brokers' maximum)")  # fmt: skip
    p.add_argument("--renewer-principal", action="append", default=[], metavar="User:NAME")
    p.add_argument("--owner-principal", action="append", default=[], metavar="User:NAME",
                   help="--create: the owner (KIP-373); --describe: only these owners")  # fmt: skip
    p.add_argument("--hmac", help="--renew/--expire: the token's HMAC (base64)")
    p.add_argument("--renew-time-period", type=int, metavar="MS")
    p.add_argument("--expiry-time-period", type=int, metavar="MS")
    return p


def _date(ms: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M", time.gmtime(ms / 1000))


def _table(tokens: list[DelegationToken]) -> str:
    fmt = "%-15s %-30s %-15s %-15s %-25s %-15s %-15s %-15s"
    lines = [fmt % ("TOKENID", "HMAC", "OWNER", "REQUESTER", "RENEWERS",
                    "ISSUEDATE", "EXPIRYDATE", "MAXDATE")]  # fmt: skip
    lines.append("-" * 148)
    for t in tokens:
        renewers = "[" + ", ".join(t.renewers) + "]"
        lines.append(fmt % (t.token_id, t.hmac_base64, t.owner, t.requester, renewers,
                            _date(t.issue_timestamp_ms), _date(t.expiry_timestamp_ms),
                            _date(t.max_timestamp_ms)))  # fmt: skip
    return "\n".join(lines)


def _hmac(args: argparse.Namespace) -> bytes:
    if not args.hmac:
        raise ToolError("--hmac is required with --renew and --expire.")
    try:
        return base64.b64decode(args.hmac, validate=True)
    except (binascii.Error, ValueError):
        raise ToolError("--hmac must be the token's HMAC in base64.") from None


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.create and args.max_life_time_period is None:
        raise SystemExit("--max-life-time-period is required with --create")
    if len(args.owner_principal) > 1 and args.create:
        raise SystemExit("--create takes at most one --owner-principal")

    async def body() -> int:
        async with AIOAdminClient(client_config(args)) as admin:
            if args.create:
                print(f"Calling create token operation with renewers :{args.renewer_principal} , "
                      f"max-life-time-period :{args.max_life_time_period}")  # fmt: skip
                token = await admin.create_delegation_token(
                    args.renewer_principal,
                    args.max_life_time_period,
                    args.owner_principal[0] if args.owner_principal else None,
                )
                print(f"Created delegation token with tokenId : {token.token_id}")
                print(_table([token]))
            elif args.renew:
                mac = _hmac(args)
                period = -1 if args.renew_time_period is None else args.renew_time_period
                print(f"Calling renew token operation with hmac :{args.hmac} , "
                      f"renew-time-period :{period}")  # fmt: skip
                expiry = await admin.renew_delegation_token(mac, period)
                print(f"Completed renew operation. New expiry date : {_date(expiry)}")
            elif args.expire:
                mac = _hmac(args)
                period = -1 if args.expiry_time_period is None else args.expiry_time_period
                print(f"Calling expire token operation with hmac :{args.hmac} , "
                      f"expire-time-period : {period}")  # fmt: skip
                expiry = await admin.expire_delegation_token(mac, period)
                print(f"Completed expire operation. New expiry date : {_date(expiry)}")
            else:
                owners = args.owner_principal or None
                who = f"owners: {owners}" if owners else "current user"
                print(f"Calling describe token operation for {who}.")
                tokens = await admin.describe_delegation_token(owners)
                print(f"Total number of tokens : {len(tokens)}")
                print(_table(tokens))
            return 0

    return run(args, body)
