"""DescribeConfigs, AlterConfigs and IncrementalAlterConfigs for topics and groups (and broker
reads).

Topic overrides are validated against the topic config definitions before anything is stored;
AlterConfigs replaces the whole override set, IncrementalAlterConfigs applies SET / DELETE /
APPEND / SUBTRACT to it. Group overrides (resource type 32, KIP-848) are validated and stored by
:mod:`strom.broker.group_configs`. Broker configs (resource type 4) are dynamic for the keys
:mod:`strom.broker.dynamic_config` lists (KIP-226), per broker or cluster-wide (empty name);
broker loggers (type 8) are :mod:`strom.broker.logging_control`; client metrics
subscriptions (type 16, KIP-714, IncrementalAlterConfigs only) are
:mod:`strom.broker.client_metrics.subscriptions`.
"""

from __future__ import annotations

from strom.broker import group_configs, logging_control
from strom.broker.client_metrics import subscriptions
from strom.broker.configs import (
    DYNAMIC_BROKER_LOGGER_CONFIG,
    ConfigEntry,
    describe_broker_configs,
    describe_topic_configs,
)
from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.alter_configs import AlterConfigsRequest, AlterConfigsResponse
from strom.protocol.messages.describe_configs import (
    DescribeConfigsRequest,
    DescribeConfigsResponse,
)
from strom.protocol.messages.incremental_alter_configs import (
    IncrementalAlterConfigsRequest,
    IncrementalAlterConfigsResponse,
)
from strom.storage.names import validate_topic_name

TOPIC, BROKER, BROKER_LOGGER, CLIENT_METRICS, GROUP = 2, 4, 8, 16, 32
SET, DELETE, APPEND, SUBTRACT = 0, 1, 2, 3
DR = DescribeConfigsResponse
# resource types whose DescribeConfigs needs a name (Kafka's ConfigHelper messages)
_NAMED = {
    GROUP: "Group name must not be empty",
    CLIENT_METRICS: "Client metrics subscription name must not be empty",
}


def _entry(
    e: ConfigEntry, version: int, synonyms: bool, docs: bool
) -> DescribeConfigsResponse.DescribeConfigsResourceResult:
    r = DR.DescribeConfigsResourceResult(
        name=e.name,
        value=e.value,
        read_only=e.read_only,
        is_default=e.is_default,
        config_source=e.source if version >= 1 else -1,
        is_sensitive=e.sensitive,
        config_type=e.config_type,
        documentation=e.doc if docs else None,
    )
    if synonyms and version >= 1:
        r.synonyms = [
            DR.DescribeConfigsSynonym(name=s.name, value=s.value, source=s.source)
            for s in e.synonyms
        ]
    return r


@handles(32)
async def describe_configs(
    ctx: RequestContext, req: DescribeConfigsRequest
) -> DescribeConfigsResponse:
    b = ctx.services
    results = []
    for res in req.resources:
        r = DR.DescribeConfigsResult(
            error_code=0,
            error_message=None,
            resource_type=res.resource_type,
            resource_name=res.resource_name,
            configs=[],
        )
        entries: list[ConfigEntry] = []
        denied = checks.config_resource(
            ctx, AclOperation.DESCRIBE_CONFIGS, res.resource_type, res.resource_name
        )
        if denied:
            r.error_code = denied
        elif res.resource_type == TOPIC:
            info = b.metadata.topic(res.resource_name)
            invalid = _invalid_topic(res.resource_name)
            if invalid is not None:  # Kafka's Topic.validate comes first
                r.error_code, r.error_message = int(invalid.code), invalid.message
            elif info is None:
                r.error_code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
                r.error_message = f"Topic {res.resource_name} does not exist"
            else:
                entries = describe_topic_configs(b.config, info.configs)
        elif res.resource_type == BROKER:
            if res.resource_name not in ("", str(b.broker_id)):
                r.error_code = ErrorCode.INVALID_REQUEST
                r.error_message = f"Unexpected broker id, expected {b.broker_id}"
            else:
                entries = describe_broker_configs(b.config, default_only=res.resource_name == "")
        elif res.resource_type == BROKER_LOGGER:
            if res.resource_name != str(b.broker_id):
                r.error_code = ErrorCode.INVALID_REQUEST
                r.error_message = (
                    f"Unexpected broker id, expected {b.broker_id} but received {res.resource_name}"
                    if res.resource_name
                    else "Broker id must not be empty"
                )
            else:
                entries = [
                    ConfigEntry(name, level, DYNAMIC_BROKER_LOGGER_CONFIG)
                    for name, level in logging_control.describe_loggers()
                ]
        elif res.resource_type in _NAMED and not res.resource_name:
            r.error_code = ErrorCode.INVALID_REQUEST
            r.error_message = _NAMED[res.resource_type]
        elif res.resource_type == GROUP:
            overrides = b.group_configs.get(res.resource_name)
            entries = group_configs.describe(b.config, overrides)
        elif res.resource_type == CLIENT_METRICS:
            store = b.client_metrics.store
            entries = subscriptions.describe(store.get(res.resource_name))
        else:
            r.error_code = ErrorCode.INVALID_REQUEST
            r.error_message = f"Unsupported resource type {res.resource_type}"
        keys = set(res.configuration_keys) if res.configuration_keys else None
        r.configs = [
            _entry(e, ctx.api_version, req.include_synonyms, req.include_documentation)
            for e in entries
            if keys is None or e.name in keys
        ]
        results.append(r)
    return DescribeConfigsResponse(results=results)


_DUPLICATE_RESOURCE = "Each resource must appear at most once."


def _preprocess(
    resources: list[tuple[int, str, list[tuple[str, int, str | None]]]],
) -> dict[int, str]:
    """Kafka's checks before any resource of an AlterConfigs / IncrementalAlterConfigs request
    is authorized or applied (``ConfigAdminManager.preprocess``): by the resource's index, the
    INVALID_REQUEST message of each resource named more than once (every occurrence), naming a
    key twice, or giving a null value to an operation other than DELETE (for AlterConfigs every
    entry is a SET). ``resources``: (type, name, [(key, operation, value)])."""
    seen: dict[tuple[int, str], int] = {}
    refused: dict[int, str] = {}
    for i, (rtype, name, _) in enumerate(resources):
        first = seen.setdefault((rtype, name), i)
        if first != i:
            refused[first] = refused[i] = _DUPLICATE_RESOURCE
    for i, (_, _, ops) in enumerate(resources):
        if i in refused:
            continue
        keys = [k for k, _, _ in ops]
        nulls = [k for k, op, v in ops if v is None and op != DELETE]
        if len(set(keys)) != len(keys):
            refused[i] = "Error due to duplicate config keys"
        elif nulls:
            refused[i] = "Null value not supported for : " + ", ".join(nulls)
    return refused


def _invalid_topic(name: str) -> KafkaError | None:
    try:
        validate_topic_name(name)
    except KafkaError as exc:
        return exc
    return None


def _alter_topic(ctx: RequestContext, name: str, configs: dict[str, str], validate: bool) -> None:
    ctx.services.topics.set_configs(name, configs, validate)


@handles(33)
async def alter_configs(ctx: RequestContext, req: AlterConfigsRequest) -> AlterConfigsResponse:
    R = AlterConfigsResponse
    s = ctx.services
    out = []
    refused = _preprocess(
        [
            (res.resource_type, res.resource_name, [(c.name, SET, c.value) for c in res.configs])
            for res in req.resources
        ]
    )
    for i, res in enumerate(req.resources):
        r = R.AlterConfigsResourceResponse(
            error_code=0,
            error_message=None,
            resource_type=res.resource_type,
            resource_name=res.resource_name,
        )
        try:
            if i in refused:
                raise KafkaError(refused[i], ErrorCode.INVALID_REQUEST)
            denied = checks.config_resource(
                ctx, AclOperation.ALTER_CONFIGS, res.resource_type, res.resource_name
            )
            if denied:
                raise KafkaError("Authorization failed.", ErrorCode(denied))
            configs = {c.name: c.value for c in res.configs if c.value is not None}
            if res.resource_type == GROUP:
                group_configs.replace(
                    s.group_configs, s.config, res.resource_name, configs, req.validate_only
                )
            elif res.resource_type == BROKER:
                await ctx.services.dynamic_config.replace(
                    res.resource_name, configs, req.validate_only
                )
            elif res.resource_type != TOPIC:
                raise KafkaError(
                    f"AlterConfigs does not support resource type {res.resource_type}; use "
                    "IncrementalAlterConfigs",
                    ErrorCode.INVALID_REQUEST,
                )
            else:
                _alter_topic(ctx, res.resource_name, configs, req.validate_only)
        except KafkaError as exc:
            r.error_code, r.error_message = int(exc.code), exc.message
        out.append(r)
    return R(responses=out)


@handles(44)
async def incremental_alter_configs(
    ctx: RequestContext, req: IncrementalAlterConfigsRequest
) -> IncrementalAlterConfigsResponse:
    R = IncrementalAlterConfigsResponse
    s = ctx.services
    out = []
    refused = _preprocess(
        [
            (
                res.resource_type,
                res.resource_name,
                [(c.name, c.config_operation, c.value) for c in res.configs],
            )
            for res in req.resources
        ]
    )
    for i, res in enumerate(req.resources):
        r = R.AlterConfigsResourceResponse(
            error_code=0,
            error_message=None,
            resource_type=res.resource_type,
            resource_name=res.resource_name,
        )
        try:
            if i in refused:
                raise KafkaError(refused[i], ErrorCode.INVALID_REQUEST)
            denied = checks.config_resource(
                ctx, AclOperation.ALTER_CONFIGS, res.resource_type, res.resource_name
            )
            if denied:
                raise KafkaError("Authorization failed.", ErrorCode(denied))
            if res.resource_type == GROUP:
                ops = [(c.name, c.config_operation, c.value) for c in res.configs]
                group_configs.alter(
                    s.group_configs, s.config, res.resource_name, ops, req.validate_only
                )
                out.append(r)
                continue
            if res.resource_type == CLIENT_METRICS:
                ops = [(c.name, c.config_operation, c.value) for c in res.configs]
                subscriptions.alter(
                    s.client_metrics.store, res.resource_name, ops, req.validate_only
                )
                out.append(r)
                continue
            if res.resource_type == BROKER_LOGGER:
                _check_broker_id(ctx, res.resource_name)
                ops = [(c.name, c.config_operation, c.value) for c in res.configs]
                logging_control.alter_loggers(ops, req.validate_only)
                out.append(r)
                continue
            if res.resource_type == BROKER:
                ops = [(c.name, c.config_operation, c.value) for c in res.configs]
                await ctx.services.dynamic_config.alter(res.resource_name, ops, req.validate_only)
                out.append(r)
                continue
            if res.resource_type != TOPIC:
                raise KafkaError(
                    f"Unsupported resource type {res.resource_type}", ErrorCode.INVALID_REQUEST
                )
            info = ctx.services.metadata.topic(res.resource_name)
            if info is None:
                raise KafkaError(
                    f"Topic {res.resource_name} does not exist",
                    ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
                )
            configs = dict(info.configs)
            for c in res.configs:
                configs = _apply_op(ctx, configs, c.name, c.config_operation, c.value)
            _alter_topic(ctx, res.resource_name, configs, req.validate_only)
        except KafkaError as exc:
            r.error_code, r.error_message = int(exc.code), exc.message
        out.append(r)
    return R(responses=out)


def _check_broker_id(ctx: RequestContext, name: str) -> None:
    if name != str(ctx.services.broker_id):
        raise KafkaError(
            f"Unexpected broker id, expected {ctx.services.broker_id} but received {name}",
            ErrorCode.INVALID_REQUEST,
        )


def _apply_op(
    ctx: RequestContext, configs: dict[str, str], name: str, op: int, value: str | None
) -> dict[str, str]:
    if op == SET:
        if value is None:
            raise KafkaError(f"Null value not supported for {name}", ErrorCode.INVALID_CONFIG)
        configs[name] = value
    elif op == DELETE:
        configs.pop(name, None)
    elif op in (APPEND, SUBTRACT):
        current = configs.get(name)
        if current is None:
            defaults = {e.name: e.value for e in describe_topic_configs(ctx.services.config, {})}
            current = defaults.get(name) or ""
        items = [x for x in current.split(",") if x]
        add = [x for x in (value or "").split(",") if x]
        if op == APPEND:
            items += [x for x in add if x not in items]
        else:
            items = [x for x in items if x not in add]
        configs[name] = ",".join(items)
    else:
        raise KafkaError(f"Unknown config operation {op}", ErrorCode.INVALID_REQUEST)
    return configs
