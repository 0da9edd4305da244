"""``strom configs``: Kafka's ``kafka-configs.sh`` for topics, brokers, broker loggers and groups.

Owns: Kafka's flags (--describe / --alter, --entity-type, --entity-name, --entity-default, the
--topic / --broker / --broker-defaults / --broker-logger / --group shortcuts, --add-config
``k=v,k2=[a,b]``, --add-config-file, --delete-config ``k1,k2``, --all) and Kafka's output
("Dynamic configs for topic t are:" followed by ``  name=value sensitive=false synonyms={...}``
lines; "Completed updating config for topic t."). Alterations use IncrementalAlterConfigs;
a broker that refuses one (Strom's broker configs are static: INVALID_REQUEST; a group config
out of the broker's bounds: INVALID_CONFIG) is one clear error line and exit code 1. Users
and clients carry client quotas (:mod:`strom.tools.configs_quotas`), users also SCRAM
credentials (:mod:`strom.tools.configs_users`); ips and client metrics are not served.
"""

from __future__ import annotations

import argparse
import json
import re

from strom.client import AIOAdminClient
from strom.client.admin import ConfigEntry
from strom.errors import ErrorCode, KafkaError
from strom.tools import configs_quotas, configs_users
from strom.tools._common import ToolError, client_config, load_properties, parser, run

EXAMPLES = """\
  strom configs --bootstrap-server localhost:9092 --describe --entity-type topics \\
      --entity-name orders
  strom configs --bootstrap-server localhost:9092 --describe --topic orders --all
  strom configs --bootstrap-server localhost:9092 --alter --topic orders \\
      --add-config retention.ms=86400000,cleanup.policy=[compact,delete]
  strom configs --bootstrap-server localhost:9092 --alter --topic orders \\
      --delete-config retention.ms
  strom configs --bootstrap-server localhost:9092 --describe --entity-type brokers --entity-name 0
  strom configs --bootstrap-server localhost:9092 --alter --entity-type groups \\
      --entity-name billing --add-config consumer.session.timeout.ms=50000
  strom configs --bootstrap-server localhost:9092 --describe --group billing
  strom configs --bootstrap-server localhost:9092 --alter --entity-type clients \
      --entity-name app --add-config producer_byte_rate=1048576
  strom configs --bootstrap-server localhost:9092 --alter --entity-type users \
      --entity-name alice --entity-type clients --entity-default \
      --add-config consumer_byte_rate=2097152,request_percentage=50
"""
# entity type -> (resource type, singular name used in Kafka's messages)
ENTITY_TYPES = {
    "topics": (2, "topic"),
    "brokers": (4, "broker"),
    "broker-loggers": (8, "broker-logger"),
    "groups": (32, "group"),
}
UNSUPPORTED_TYPES = ("ips", "client-metrics")
# the wire codes of DescribeConfigs config sources, named as Kafka's ConfigEntry.ConfigSource
SOURCES = [
    "UNKNOWN",
    "DYNAMIC_TOPIC_CONFIG",
    "DYNAMIC_BROKER_CONFIG",
    "DYNAMIC_DEFAULT_BROKER_CONFIG",
    "STATIC_BROKER_CONFIG",
    "DEFAULT_CONFIG",
    "DYNAMIC_BROKER_LOGGER_CONFIG",
    "DYNAMIC_CLIENT_METRICS_CONFIG",
    "DYNAMIC_GROUP_CONFIG",
]
# the source whose entries a describe without --all shows, per resource type
DYNAMIC_SOURCE = {2: 1, 4: 2, 32: 8}
DEFAULT_BROKER = ""


def build_parser() -> argparse.ArgumentParser:
    p = parser("strom configs", "Describe or change the configs of an entity.", EXAMPLES)
    action = p.add_mutually_exclusive_group(required=True)
    action.add_argument("--describe", action="store_true", help="list the entity's configs")
    action.add_argument("--alter", action="store_true", help="add or delete configs")
    p.add_argument(
        "--entity-type",
        action="append",
        choices=sorted([*ENTITY_TYPES, "users", "clients", *UNSUPPORTED_TYPES]),
        help="topics, brokers, broker-loggers, groups, users or clients (users and clients "
        "together name a (user, client) quota entity)",
    )
    p.add_argument(
        "--entity-name", action="append", help="topic name, broker id, group id, user, client id"
    )
    p.add_argument(
        "--entity-default",
        action="store_true",
        help="the cluster-wide broker defaults, or the default user / client",
    )
    p.add_argument("--topic", help="shortcut for --entity-type topics --entity-name TOPIC")
    p.add_argument("--broker", help="shortcut for --entity-type brokers --entity-name ID")
    p.add_argument("--broker-defaults", action="store_true", help="the broker defaults")
    p.add_argument("--broker-logger", help="shortcut for --entity-type broker-loggers")
    p.add_argument("--group", help="shortcut for --entity-type groups --entity-name GROUP")
    p.add_argument(
        "--add-config", metavar="K=V,K2=[A,B]", help="configs to set (square brackets for lists)"
    )
    p.add_argument("--add-config-file", metavar="FILE", help="a properties file of configs to set")
    p.add_argument("--delete-config", metavar="K1,K2", help="configs to remove")
    p.add_argument("--all", action="store_true", help="describe every config, not only dynamic")
    p.add_argument("--force", action="store_true", help="accepted for compatibility")
    p.add_argument("--user", metavar="NAME", help="shortcut for --entity-type users")
    p.add_argument("--client", metavar="NAME", help="shortcut for --entity-type clients")
    p.add_argument("--user-defaults", action="store_true", help="the default user")
    p.add_argument("--client-defaults", action="store_true", help="the default client id")
    for flag in ("--ip", "--client-metrics"):
        p.add_argument(flag, metavar="NAME", help="not supported by Strom")
    p.add_argument("--ip-defaults", action="store_true", help="not supported by Strom")
    p.add_argument(
        "--bootstrap-controller", metavar="HOST:PORT", help="not supported (no KRaft controllers)"
    )
    p.add_argument("--output", choices=("text", "json"), default="text")
    return p


def entity(args: argparse.Namespace) -> tuple[str, str | None]:
    """``(entity type, name)``; name None = every entity, ``""`` = the broker defaults."""
    if args.bootstrap_controller:
        raise ToolError(
            "--bootstrap-controller is not supported: Strom has no KRaft controllers; use "
            "--bootstrap-server."
        )
    quota = [
        f for f in ("ip", "client_metrics", "ip_defaults") if getattr(args, f)
    ]  # fmt: skip
    if quota:
        flag = "--" + quota[0].replace("_", "-")
        raise ToolError(
            f"Option {flag} is not supported: Strom has no IP quotas or client metrics."
        )
    types = args.entity_type or []
    if len(types) > 1 or len(args.entity_name or []) > 1:
        raise ToolError("Only users and clients can be given together (a quota entity).")
    args.entity_type = types[0] if types else None
    args.entity_name = args.entity_name[0] if args.entity_name else None
    shortcuts = [
        ("topics", args.topic),
        ("brokers", args.broker),
        ("brokers", DEFAULT_BROKER if args.broker_defaults else None),
        ("broker-loggers", args.broker_logger),
        ("groups", args.group),
    ]
    given = [(t, n) for t, n in shortcuts if n is not None]
    if given and args.entity_type:
        raise ToolError(
            "Use either --entity-type or one of its shortcuts (--topic, --broker, ...)."
        )
    if len(given) > 1:
        raise ToolError("Only one entity can be given (--topic, --broker, --group, ...).")
    if given:
        return given[0]
    if not args.entity_type:
        raise ToolError("Missing --entity-type (or --topic, --broker, --broker-defaults, --group).")
    if args.entity_type in UNSUPPORTED_TYPES:
        raise ToolError(
            f"Entity type '{args.entity_type}' is not supported: Strom has no IP quotas or "
            "client metrics."
        )
    if args.entity_name is not None and args.entity_default:
        raise ToolError("--entity-name and --entity-default cannot be used together.")
    if args.entity_default:
        if args.entity_type not in ("brokers",):
            raise ToolError(f"--entity-default is not supported for {args.entity_type}.")
        return args.entity_type, DEFAULT_BROKER
    return args.entity_type, args.entity_name


def validate_name(kind: str, name: str | None) -> None:
    if kind in ("brokers", "broker-loggers") and name and not name.isdigit():
        raise ToolError(
            f"The entity name for {kind} must be a valid integer broker id, but it is: {name}"
        )


def parse_add_config(text: str) -> dict[str, str]:
    """``a=1,b=[x,y]`` -> ``{"a": "1", "b": "x,y"}`` (commas inside brackets stay)."""
    out: dict[str, str] = {}
    for item in re.split(r",(?=[^\]]*(?:\[|$))", text.strip()):
        if not item.strip():
            continue
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ToolError(
                'Invalid entity config: all configs to be added must be in the format "key=val".'
            )
        value = value.strip()
        if value.startswith("[") and value.endswith("]"):
            value = value[1:-1]
        out[key.strip()] = value
    return out


def failure(what: str, e: KafkaError) -> ToolError:
    """``what: <broker message> (ERROR_CODE).``"""
    message = str(e).partition(": ")[2] or str(e)
    try:
        code = ErrorCode(e.code).name
    except ValueError:
        code = str(e.code)
    return ToolError(f"{what}: {message.rstrip('.')} ({code}).")


def entry_line(e: ConfigEntry) -> str:
    synonyms = ", ".join(
        f"{SOURCES[s] if 0 <= s < len(SOURCES) else s}:{n}={'null' if v is None else v}"
        for n, v, s in e.synonyms
    )
    value = "null" if e.value is None else e.value
    return f"  {e.name}={value} sensitive={str(e.is_sensitive).lower()} synonyms={{{synonyms}}}"


def heading(singular: str, name: str, describe_all: bool) -> str:
    if name == DEFAULT_BROKER and singular == "broker":
        return "Default configs for brokers in the cluster are:"
    return f"{'All' if describe_all else 'Dynamic'} configs for {singular} {name} are:"


def shown(
    resource_type: int, name: str, entries: list[ConfigEntry], describe_all: bool
) -> list[ConfigEntry]:
    """The entries Kafka prints: all with --all, else only the dynamic ones."""
    if describe_all or resource_type == 8:
        return entries
    source = 3 if (resource_type == 4 and name == DEFAULT_BROKER) else DYNAMIC_SOURCE[resource_type]
    return [e for e in entries if e.source == source]


async def describe(
    admin: AIOAdminClient, kind: str, name: str | None, args: argparse.Namespace
) -> None:
    rtype, singular = ENTITY_TYPES[kind]
    if name is not None:
        names = [name]
    elif kind == "topics":
        names = await admin.list_topics()
    elif kind == "groups":
        names = [g for g, _ in await admin.list_groups()]
    else:
        names = [str(b) for b in await admin.broker_ids()]
        names += [DEFAULT_BROKER] if kind == "brokers" else []
    out = []
    for n in names:
        try:
            entries = await admin.describe_config_entries((rtype, n))
        except KafkaError as e:
            target = "brokers' defaults" if n == DEFAULT_BROKER else f"{singular} {n}"
            raise failure(f"Could not describe configs of {target}", e) from e
        out.append((n, shown(rtype, n, entries, args.all)))
    if args.output == "json":
        print(
            json.dumps(
                [
                    {
                        "entity_type": kind,
                        "entity_name": n,
                        "configs": [
                            {
                                "name": e.name,
                                "value": e.value,
                                "source": SOURCES[e.source] if 0 <= e.source < 9 else e.source,
                                "sensitive": e.is_sensitive,
                                "read_only": e.read_only,
                            }
                            for e in entries
                        ],
                    }
                    for n, entries in out
                ],
                indent=2,
            )
        )
        return
    for n, entries in out:
        print(heading(singular, n, args.all))
        for entry in sorted(entries, key=lambda x: x.name):
            print(entry_line(entry))


async def alter(
    admin: AIOAdminClient, kind: str, name: str | None, args: argparse.Namespace
) -> None:
    rtype, singular = ENTITY_TYPES[kind]
    if name is None:
        raise ToolError(
            "An entity name (or --entity-default for brokers) must be given with --alter."
        )
    to_set = load_properties(args.add_config_file)
    if args.add_config:
        to_set.update(parse_add_config(args.add_config))
    to_delete = [k.strip() for k in (args.delete_config or "").split(",") if k.strip()]
    if not to_set and not to_delete:
        raise ToolError(
            "At least one of --add-config, --add-config-file, or --delete-config must be "
            "specified with --alter."
        )
    both = sorted(set(to_set) & set(to_delete))
    if both:
        raise ToolError(f"Configs cannot be both added and deleted: {','.join(both)}.")
    if kind == "topics" and to_delete:
        known = {e.name for e in await admin.describe_config_entries((rtype, name))}
        invalid = [k for k in to_delete if k not in known]
        if invalid:
            raise ToolError(f"Invalid config(s): {','.join(invalid)}")
    changes: dict[str, tuple[str, str | None]] = {k: ("set", v) for k, v in to_set.items()}
    changes.update({k: ("delete", None) for k in to_delete})
    try:
        await admin.incremental_alter_configs((rtype, name), changes)
    except KafkaError as e:
        target = "default config for brokers" if name == DEFAULT_BROKER else f"{singular} {name}"
        raise failure(f"Could not update config for {target}", e) from e
    if name == DEFAULT_BROKER and kind == "brokers":
        print("Completed updating default config for brokers in the cluster.")
    else:
        print(f"Completed updating config for {singular} {name}.")


async def _quota_entity(
    admin: AIOAdminClient, quota: configs_quotas.Entity, args: argparse.Namespace
) -> None:
    """Users and clients: client quotas, and the SCRAM credentials of a lone user."""
    user = quota.get("user") if set(quota) == {"user"} else None
    scram = user is not None and user != configs_quotas.ANY
    if args.describe:
        if set(quota) == {"user"} and user is not None:  # a named user, or every user
            await configs_users.describe(admin, user if scram else None, args)
        await configs_quotas.describe(admin, quota)
        return
    to_set = load_properties(args.add_config_file)
    if args.add_config:
        to_set.update(parse_add_config(args.add_config))
    to_delete = [k.strip() for k in (args.delete_config or "").split(",") if k.strip()]
    if not to_set and not to_delete:
        raise ToolError("At least one of --add-config or --delete-config must be specified.")
    mechanisms = configs_users.MECHANISMS
    scram_set = {k: v for k, v in to_set.items() if k in mechanisms}
    scram_delete = [k for k in to_delete if k in mechanisms]
    if (scram_set or scram_delete) and not scram:
        raise ToolError("SCRAM credentials can only be altered for one named user.")
    quota_set = {k: v for k, v in to_set.items() if k not in mechanisms}
    quota_delete = [k for k in to_delete if k not in mechanisms]
    if quota_set or quota_delete:
        await configs_quotas.alter(admin, quota, quota_set, quota_delete)
    if scram_set or scram_delete:
        assert user is not None
        await configs_users.alter(admin, user, scram_set, scram_delete)


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)

    async def body() -> int:
        quota = configs_quotas.named_entity(args)
        if quota is not None:
            async with AIOAdminClient(client_config(args)) as admin:
                await _quota_entity(admin, quota, args)
            return 0
        kind, name = entity(args)
        validate_name(kind, name)
        async with AIOAdminClient(client_config(args)) as admin:
            if args.describe:
                await describe(admin, kind, name, args)
            else:
                await alter(admin, kind, name, args)
        return 0

    return run(args, body)
