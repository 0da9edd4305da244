"""``strom acls`` and the native admin client's ACL calls against a broker with an authorizer
(``User:ANONYMOUS`` is a super user here: these tests are about administration, not checks)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Iterator

import pytest
from integration.conftest import ROOT, BrokerProcess

from strom.client import AIOAdminClient
from strom.client.admin_acls import (
    OPERATIONS,
    PATTERN_TYPES,
    PERMISSIONS,
    RESOURCE_TYPES,
    AclBinding,
    AclFilter,
)

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def admin_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrokerProcess]:
    b = BrokerProcess(
        tmp_path_factory.mktemp("acltools") / "data",
        {
            "authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
            "super.users": "User:ANONYMOUS",
        },
    )
    b.start()
    yield b
    if b.alive():
        b.stop()


def acls(b: BrokerProcess, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "strom.tools.cli", "acls", "--bootstrap-server", b.bootstrap]
    return subprocess.run(
        [*cmd, *args], capture_output=True, text=True, timeout=60, cwd=ROOT, input=stdin
    )


def test_cli_add_list_remove(admin_broker: BrokerProcess) -> None:
    r = acls(
        admin_broker,
        "--add",
        "--allow-principal",
        "User:alice",
        "--consumer",
        "--topic",
        "orders",
        "--group",
        "billing",
    )
    assert r.returncode == 0, r.stderr
    r = acls(
        admin_broker,
        "--add",
        "--allow-principal",
        "User:bob",
        "--producer",
        "--topic",
        "out-",
        "--resource-pattern-type",
        "prefixed",
        "--idempotent",
    )
    assert r.returncode == 0, r.stderr
    r = acls(admin_broker, "--list", "--topic", "orders")
    assert r.returncode == 0, r.stderr
    assert "ResourcePattern(resourceType=TOPIC, name=orders, patternType=LITERAL)" in r.stdout
    assert "(principal=User:alice, host=*, operation=READ, permissionType=ALLOW)" in r.stdout
    assert "User:bob" not in r.stdout
    r = acls(admin_broker, "--list", "--topic", "out-x", "--resource-pattern-type", "match")
    assert "name=out-, patternType=PREFIXED" in r.stdout and "operation=CREATE" in r.stdout
    r = acls(admin_broker, "--list", "--cluster")
    assert "operation=IDEMPOTENT_WRITE" in r.stdout
    # without --force, answering "n" removes nothing
    r = acls(admin_broker, "--remove", "--topic", "orders", stdin="n\n")
    assert r.returncode == 0 and "operation=READ" in acls(admin_broker, "--list").stdout
    r = acls(admin_broker, "--remove", "--force", "--topic", "orders")
    assert r.returncode == 0 and "Removed ACLs" in r.stdout
    assert "name=orders," not in acls(admin_broker, "--list").stdout
    r = acls(
        admin_broker, "--add", "--allow-principal", "User:x", "--operation", "Write", "--group", "g"
    )
    assert r.returncode == 1 and "INVALID_REQUEST" in r.stderr


def test_native_admin_acl_calls(admin_broker: BrokerProcess) -> None:
    async def scenario() -> None:
        async with AIOAdminClient({"bootstrap.servers": admin_broker.bootstrap}) as a:
            b = AclBinding(
                RESOURCE_TYPES["transactional-id"],
                "tx-",
                PATTERN_TYPES["prefixed"],
                "User:carol",
                "10.0.0.1",
                OPERATIONS["write"],
                PERMISSIONS["allow"],
            )
            bad = AclBinding(
                RESOURCE_TYPES["cluster"],
                "other",
                PATTERN_TYPES["literal"],
                "User:carol",
                "*",
                OPERATIONS["alter"],
                PERMISSIONS["allow"],
            )
            errors = await a.create_acls([b, bad])
            assert errors[0] is None and errors[1] is not None
            f = AclFilter(RESOURCE_TYPES["transactional-id"], "tx-1", PATTERN_TYPES["match"])
            assert await a.describe_acls(f) == [b]
            [(deleted, err)] = await a.delete_acls([f])
            assert err is None and deleted == [b]
            assert await a.describe_acls(f) == []

    asyncio.run(scenario())
