"""Kafka's ACL model and authorizer decisions: implied operations, patterns, DENY precedence,
hosts, wildcards, super users, allow.everyone.if.no.acl.found, filters and the local store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from strom.broker.config import BrokerConfig, ConfigError
from strom.broker.security.acl import (
    AccessControlEntry,
    AclBinding,
    AclBindingFilter,
    AclOperation,
    AclPermissionType,
    InvalidAclError,
    PatternType,
    ResourcePattern,
    ResourceType,
)
from strom.broker.security.acl_store import AclStoreError, LocalAclStore
from strom.broker.security.authorizer import AclAuthorizer, parse_super_users
from strom.broker.security.principal import ANONYMOUS, KafkaPrincipal

pytestmark = pytest.mark.unit

Op = AclOperation
RT = ResourceType
ALLOW, DENY = AclPermissionType.ALLOW, AclPermissionType.DENY
LIT, PRE = PatternType.LITERAL, PatternType.PREFIXED
ALICE = KafkaPrincipal("User", "alice")
BOB = KafkaPrincipal("User", "bob")
HOST = "10.0.0.1"


def binding(
    name: str,
    op: AclOperation,
    perm: AclPermissionType = ALLOW,
    *,
    principal: str = "User:alice",
    host: str = "*",
    rtype: ResourceType = RT.TOPIC,
    pattern: PatternType = LIT,
) -> AclBinding:
    return AclBinding(
        ResourcePattern(rtype, name, pattern), AccessControlEntry(principal, host, op, perm)
    )


def make(
    tmp_path: Path, *bindings: AclBinding, supers: str = "", everyone: bool = False
) -> AclAuthorizer:
    a = AclAuthorizer(LocalAclStore(tmp_path), parse_super_users(supers), everyone)
    a.start()
    a.create(bindings)
    return a


def test_principal_string_and_anonymous() -> None:
    assert str(ALICE) == "User:alice"
    assert str(ANONYMOUS) == "User:ANONYMOUS"


@pytest.mark.parametrize("granted", [Op.READ, Op.WRITE, Op.DELETE, Op.ALTER, Op.DESCRIBE, Op.ALL])
def test_describe_is_implied_by(tmp_path: Path, granted: AclOperation) -> None:
    a = make(tmp_path, binding("t", granted))
    assert a.authorize(ALICE, HOST, Op.DESCRIBE, RT.TOPIC, "t")


@pytest.mark.parametrize(
    "granted", [Op.CREATE, Op.DESCRIBE_CONFIGS, Op.ALTER_CONFIGS, Op.CLUSTER_ACTION]
)
def test_describe_is_not_implied_by(tmp_path: Path, granted: AclOperation) -> None:
    rtype = RT.CLUSTER if granted == Op.CLUSTER_ACTION else RT.TOPIC
    name = "kafka-cluster" if rtype == RT.CLUSTER else "t"
    a = make(tmp_path, binding(name, granted, rtype=rtype))
    assert not a.authorize(ALICE, HOST, Op.DESCRIBE, rtype, name)


def test_describe_configs_implied_by_alter_configs_only(tmp_path: Path) -> None:
    a = make(tmp_path, binding("t", Op.ALTER_CONFIGS), binding("u", Op.ALTER))
    assert a.authorize(ALICE, HOST, Op.DESCRIBE_CONFIGS, RT.TOPIC, "t")
    assert not a.authorize(ALICE, HOST, Op.DESCRIBE_CONFIGS, RT.TOPIC, "u")


def test_implication_is_one_way(tmp_path: Path) -> None:
    a = make(tmp_path, binding("t", Op.DESCRIBE), binding("u", Op.DESCRIBE_CONFIGS))
    for op in (Op.READ, Op.WRITE, Op.DELETE, Op.ALTER):
        assert not a.authorize(ALICE, HOST, op, RT.TOPIC, "t")
    assert not a.authorize(ALICE, HOST, Op.ALTER_CONFIGS, RT.TOPIC, "u")


def test_all_allows_every_operation(tmp_path: Path) -> None:
    a = make(tmp_path, binding("t", Op.ALL))
    for op in (Op.READ, Op.WRITE, Op.CREATE, Op.DELETE, Op.ALTER, Op.DESCRIBE_CONFIGS):
        assert a.authorize(ALICE, HOST, op, RT.TOPIC, "t")


def test_prefixed_pattern_matches_names_it_starts(tmp_path: Path) -> None:
    a = make(tmp_path, binding("orders-", Op.READ, pattern=PRE))
    assert a.authorize(ALICE, HOST, Op.READ, RT.TOPIC, "orders-eu")
    assert a.authorize(ALICE, HOST, Op.READ, RT.TOPIC, "orders-")
    assert not a.authorize(ALICE, HOST, Op.READ, RT.TOPIC, "orders")
    assert not a.authorize(ALICE, HOST, Op.READ, RT.TOPIC, "x-orders-eu")
    # the prefix applies to its resource type only
    assert not a.authorize(ALICE, HOST, Op.READ, RT.GROUP, "orders-eu")


def test_literal_does_not_match_by_prefix(tmp_path: Path) -> None:
    a = make(tmp_path, binding("orders", Op.READ))
    assert not a.authorize(ALICE, HOST, Op.READ, RT.TOPIC, "orders-eu")


def test_deny_wins_over_allow(tmp_path: Path) -> None:
    a = make(
        tmp_path,
        binding("orders-", Op.ALL, pattern=PRE),
        binding("orders-secret", Op.READ, DENY),
    )
    assert a.authorize(ALICE, HOST, Op.READ, RT.TOPIC, "orders-public")
    assert not a.authorize(ALICE, HOST, Op.READ, RT.TOPIC, "orders-secret")
    assert a.authorize(ALICE, HOST, Op.WRITE, RT.TOPIC, "orders-secret")


def test_deny_all_denies_every_operation_and_deny_is_not_implied(tmp_path: Path) -> None:
    a = make(
        tmp_path,
        binding("t", Op.ALL),
        binding("t", Op.ALL, DENY, principal="User:bob"),
        binding("t", Op.ALL, principal="User:bob"),
        binding("u", Op.READ),
        binding("u", Op.READ, DENY),
        binding("u", Op.DESCRIBE),
    )
    assert a.authorize(ALICE, HOST, Op.READ, RT.TOPIC, "t")
    assert not a.authorize(BOB, HOST, Op.READ, RT.TOPIC, "t")
    assert not a.authorize(BOB, HOST, Op.DESCRIBE, RT.TOPIC, "t")
    # DENY READ does not deny DESCRIBE (Kafka applies implication to ALLOW only)
    assert not a.authorize(ALICE, HOST, Op.READ, RT.TOPIC, "u")
    assert a.authorize(ALICE, HOST, Op.DESCRIBE, RT.TOPIC, "u")


def test_deny_for_wildcard_principal_denies_everyone(tmp_path: Path) -> None:
    a = make(tmp_path, binding("t", Op.READ), binding("t", Op.READ, DENY, principal="User:*"))
    assert not a.authorize(ALICE, HOST, Op.READ, RT.TOPIC, "t")


def test_host_matching(tmp_path: Path) -> None:
    a = make(
        tmp_path,
        binding("t", Op.READ, host="10.0.0.1"),
        binding("u", Op.READ),
        binding("u", Op.READ, DENY, host="10.0.0.9"),
    )
    assert a.authorize(ALICE, "10.0.0.1", Op.READ, RT.TOPIC, "t")
    assert not a.authorize(ALICE, "10.0.0.2", Op.READ, RT.TOPIC, "t")
    assert a.authorize(ALICE, "10.0.0.1", Op.READ, RT.TOPIC, "u")
    assert not a.authorize(ALICE, "10.0.0.9", Op.READ, RT.TOPIC, "u")


def test_wildcard_principal_and_resource(tmp_path: Path) -> None:
    a = make(
        tmp_path,
        binding("*", Op.READ, principal="User:*"),
        binding("*", Op.READ, rtype=RT.GROUP),
    )
    assert a.authorize(BOB, HOST, Op.READ, RT.TOPIC, "anything")
    assert a.authorize(ANONYMOUS, HOST, Op.READ, RT.TOPIC, "else")
    assert not a.authorize(BOB, HOST, Op.WRITE, RT.TOPIC, "anything")
    assert a.authorize(ALICE, HOST, Op.READ, RT.GROUP, "g")
    assert not a.authorize(BOB, HOST, Op.READ, RT.GROUP, "g")


def test_super_users_bypass_acls_including_deny(tmp_path: Path) -> None:
    a = make(tmp_path, binding("t", Op.ALL, DENY, principal="User:*"), supers="User:bob; User:x")
    assert a.authorize(BOB, HOST, Op.READ, RT.TOPIC, "t")
    assert a.authorize(BOB, HOST, Op.CLUSTER_ACTION, RT.CLUSTER, "kafka-cluster")
    assert not a.authorize(ALICE, HOST, Op.READ, RT.TOPIC, "t")


def test_no_acl_found_denies_by_default(tmp_path: Path) -> None:
    a = make(tmp_path)
    assert not a.authorize(ALICE, HOST, Op.READ, RT.TOPIC, "t")


def test_allow_everyone_if_no_acl_found(tmp_path: Path) -> None:
    a = make(tmp_path, binding("t", Op.READ, principal="User:bob"), everyone=True)
    assert a.authorize(ALICE, HOST, Op.WRITE, RT.TOPIC, "no-acls-here")
    # an ACL on the resource, for someone else: not "no ACL found", so alice is denied
    assert not a.authorize(ALICE, HOST, Op.READ, RT.TOPIC, "t")
    assert a.authorize(BOB, HOST, Op.READ, RT.TOPIC, "t")


def test_authorize_any_topic_write(tmp_path: Path) -> None:
    a = make(tmp_path, binding("out-", Op.WRITE, pattern=PRE))
    assert a.authorize_any(ALICE, HOST, Op.WRITE, RT.TOPIC)
    assert not a.authorize_any(BOB, HOST, Op.WRITE, RT.TOPIC)
    a.create([binding("o", Op.WRITE, DENY, pattern=PRE)])  # covers out-*
    assert not a.authorize_any(ALICE, HOST, Op.WRITE, RT.TOPIC)


def test_authorized_operations_bits(tmp_path: Path) -> None:
    a = make(tmp_path, binding("t", Op.READ))
    bits = a.authorized_operations(ALICE, HOST, RT.TOPIC, "t")
    assert bits == (1 << Op.READ) | (1 << Op.DESCRIBE)


def test_filters_describe_and_delete(tmp_path: Path) -> None:
    lit = binding("orders-eu", Op.READ)
    pre = binding("orders-", Op.WRITE, pattern=PRE)
    wild = binding("*", Op.DESCRIBE)
    other = binding("orders-eu", Op.READ, principal="User:bob")
    a = make(tmp_path, lit, pre, wild, other)
    match = AclBindingFilter(RT.TOPIC, "orders-eu", PatternType.MATCH)
    assert set(a.describe(match)) == {lit, pre, wild, other}
    anyf = AclBindingFilter(RT.TOPIC, "orders-eu", PatternType.ANY)
    assert set(a.describe(anyf)) == {lit, other}
    exact = AclBindingFilter(RT.TOPIC, "orders-", PRE)
    assert a.describe(exact) == [pre]
    assert set(a.describe(AclBindingFilter(principal="User:bob"))) == {other}
    deleted = a.delete(AclBindingFilter(RT.TOPIC, "orders-eu", PatternType.MATCH, "User:alice"))
    assert set(deleted) == {lit, pre, wild}
    assert a.describe(AclBindingFilter()) == [other]
    assert not a.authorize(ALICE, HOST, Op.READ, RT.TOPIC, "orders-eu")


def test_bindings_persist_across_restart(tmp_path: Path) -> None:
    b1 = binding("t", Op.READ)
    b2 = binding("p", Op.WRITE, DENY, pattern=PRE, host="10.1.1.1")
    make(tmp_path, b1, b2)
    again = make(tmp_path)
    assert set(again.describe(AclBindingFilter())) == {b1, b2}
    doc = json.loads((tmp_path / "acls.json").read_text())
    assert {r["patternType"] for r in doc["resources"]} == {"Literal", "Prefixed"}


def test_corrupt_store_file_refuses_to_start(tmp_path: Path) -> None:
    (tmp_path / "acls.json").write_text('{"resources": [{"resourceType": "Topic"')
    a = AclAuthorizer(LocalAclStore(tmp_path), frozenset(), False)
    with pytest.raises(AclStoreError):
        a.start()


@pytest.mark.parametrize(
    ("b", "message"),
    [
        (binding("t", Op.CLUSTER_ACTION), "not valid for resource type Topic"),
        (binding("g", Op.WRITE, rtype=RT.GROUP), "not valid for resource type Group"),
        (binding("c", Op.ALTER, rtype=RT.CLUSTER), "kafka-cluster"),
        (binding("t", Op.ANY), "Invalid operation"),
        (binding("t", Op.READ, AclPermissionType.ANY), "Invalid permission"),
        (binding("t", Op.READ, principal="alice"), "Invalid principal"),
        (binding("t", Op.READ, pattern=PatternType.MATCH), "Invalid pattern type"),
        (binding("t", Op.READ, rtype=RT.ANY), "Invalid resource type"),
        (binding("", Op.READ), "must not be empty"),
    ],
)
def test_invalid_bindings_are_refused(b: AclBinding, message: str) -> None:
    with pytest.raises(InvalidAclError, match=message):
        b.validate()


def test_authorizer_class_name() -> None:
    for name in (
        "kafka.security.authorizer.AclAuthorizer",
        "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
    ):
        assert BrokerConfig({"authorizer.class.name": name})["authorizer.class.name"] == name
    with pytest.raises(ConfigError, match=r"authorizer\.class\.name"):
        BrokerConfig({"authorizer.class.name": "com.example.MyAuthorizer"})
    c = BrokerConfig({})
    assert c["allow.everyone.if.no.acl.found"] is False
    assert c["authorizer.class.name"] == ""
