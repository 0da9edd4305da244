"""Authorization failure modes, provoked for real: a refused authorizer class, a damaged ACL
file, a full disk under the ACL file, and hostile ACL requests on a real socket."""

from __future__ import annotations

import asyncio
import os
import subprocess
from pathlib import Path

import pytest
from integration.conftest import BrokerProcess

from strom.broker.broker import Broker
from strom.broker.config import BrokerConfig
from strom.broker.context import RequestContext
from strom.broker.registry import HANDLERS
from strom.broker.security.principal import KafkaPrincipal
from strom.client.connection import BrokerConnection
from strom.errors import ErrorCode
from strom.protocol.messages.create_acls import CreateAclsRequest, CreateAclsResponse
from strom.protocol.messages.delete_acls import DeleteAclsRequest, DeleteAclsResponse
from strom.protocol.messages.headers import RequestHeader

pytestmark = pytest.mark.integration

AUTHORIZER = "kafka.security.authorizer.AclAuthorizer"
C = CreateAclsRequest


def creation(name: str = "t", rtype: int = 2, op: int = 3) -> CreateAclsRequest.AclCreation:
    return C.AclCreation(
        resource_type=rtype,
        resource_name=name,
        resource_pattern_type=3,
        principal="User:alice",
        host="*",
        operation=op,
        permission_type=3,
    )


def test_unknown_authorizer_class_refuses_to_start(tmp_path: Path) -> None:
    b = BrokerProcess(tmp_path / "data", {"authorizer.class.name": "com.example.Nope"})
    with pytest.raises(RuntimeError, match="broker exited early"):
        b.start()
    assert "authorizer.class.name" in b.log_text()


def test_damaged_acl_file_refuses_to_start(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "acls.json").write_text('{"version": 1, "resources": [{"resourceType": "Top')
    b = BrokerProcess(data, {"authorizer.class.name": AUTHORIZER})
    with pytest.raises(RuntimeError, match="broker exited early"):
        b.start()
    assert "acls.json" in b.log_text()


def _fill(directory: Path) -> Path:
    filler = directory / "filler"
    with open(filler, "wb", buffering=0) as f:
        for chunk in (65536, 4096, 1):  # down to the last byte
            try:
                while True:
                    f.write(b"\0" * chunk)
            except OSError:
                pass
    return filler


def test_full_disk_refuses_the_change_and_keeps_the_old_acls(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        pytest.fail("this test mounts a tmpfs and needs root")
    mnt = tmp_path / "tiny"
    mnt.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mnt)], check=True)
    try:
        asyncio.run(_full_disk(mnt))
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


async def _full_disk(mnt: Path) -> None:
    b = Broker(
        BrokerConfig(
            {
                "listeners": "PLAINTEXT://127.0.0.1:0",
                "log.dirs": str(mnt),
                "authorizer.class.name": AUTHORIZER,
                "super.users": "User:admin",
            }
        )
    )
    await b.start()
    try:
        header = RequestHeader(request_api_key=30, request_api_version=3, correlation_id=1)
        admin = KafkaPrincipal("User", "admin")
        ctx = RequestContext(header, b.services, "127.0.0.1:1", principal=admin)
        first: CreateAclsResponse = await HANDLERS[30].handler(ctx, C(creations=[creation("a")]))
        assert first.results[0].error_code == 0
        before = (mnt / "acls.json").read_bytes()
        filler = _fill(mnt)
        big = [creation("x" * 2000 + str(i)) for i in range(200)]
        r: CreateAclsResponse = await HANDLERS[30].handler(ctx, C(creations=big))
        assert {x.error_code for x in r.results} == {ErrorCode.UNKNOWN_SERVER_ERROR}
        assert (mnt / "acls.json").read_bytes() == before  # the old file, whole
        assert not (mnt / "acls.json.tmp").exists()
        assert b.authorizer is not None
        names = {x.pattern.name for x in b.authorizer.describe_all()}
        assert names == {"a"}  # the failed change is not in force either
        filler.unlink()
        r = await HANDLERS[30].handler(ctx, C(creations=[creation("b")]))
        assert r.results[0].error_code == 0
    finally:
        await b.shutdown()


def test_hostile_acl_requests_on_a_socket(tmp_path: Path) -> None:
    b = BrokerProcess(
        tmp_path / "data", {"authorizer.class.name": AUTHORIZER, "super.users": "User:ANONYMOUS"}
    )
    b.start()
    try:
        asyncio.run(_hostile(b.port))
        assert b.alive()
    finally:
        b.stop()


async def _hostile(port: int) -> None:
    conn = BrokerConnection(
        "127.0.0.1",
        port,
        client_id="hostile",
        request_timeout=10,
        connect_timeout=5,
        max_in_flight=1,
    )
    await conn.connect()
    try:
        bad = C(
            creations=[
                creation(rtype=99),
                creation(op=77),
                creation(rtype=4, op=3),
                C.AclCreation(
                    resource_type=2,
                    resource_name="t",
                    resource_pattern_type=9,
                    principal="nocolon",
                    host="*",
                    operation=3,
                    permission_type=3,
                ),
            ]
        )
        r = await conn.request(bad, CreateAclsResponse, 3)
        assert [x.error_code for x in r.results] == [ErrorCode.INVALID_REQUEST] * 4
        D = DeleteAclsRequest
        f = D.DeleteAclsFilter(
            resource_type_filter=0,
            resource_name_filter=None,
            pattern_type_filter=1,
            principal_filter=None,
            host_filter=None,
            operation=1,
            permission_type=1,
        )
        d = await conn.request(D(filters=[f]), DeleteAclsResponse, 3)
        assert d.filter_results[0].error_code == ErrorCode.INVALID_REQUEST
        ok = await conn.request(C(creations=[creation()]), CreateAclsResponse, 3)
        assert ok.results[0].error_code == 0  # the same connection keeps serving
    finally:
        conn.close()
