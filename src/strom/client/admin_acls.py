"""ACL administration: CreateAcls, DescribeAcls and DeleteAcls (Kafka's Admin ACL calls).

Owns: the client-side ACL value types (Kafka's wire codes as ints, with the names Kafka's tools
print) and the three calls. Each request goes to any broker: every broker serves the ACL APIs
and, in a cluster, stores them in ZooKeeper for all. ``create_acls`` and ``delete_acls`` return
per-binding / per-filter outcomes; a request-level error (``describe_acls``) is raised.
"""

from __future__ import annotations

from dataclasses import dataclass

from strom.client.admin_base import AdminBase
from strom.client.errors import check, error_for
from strom.protocol.messages.create_acls import CreateAclsRequest, CreateAclsResponse
from strom.protocol.messages.delete_acls import DeleteAclsRequest, DeleteAclsResponse
from strom.protocol.messages.describe_acls import DescribeAclsRequest, DescribeAclsResponse

# Kafka's codes (org.apache.kafka.common.resource / acl enums)
RESOURCE_TYPES = {"any": 1, "topic": 2, "group": 3, "cluster": 4, "transactional-id": 5,
                  "delegation-token": 6, "user": 7}  # fmt: skip
PATTERN_TYPES = {"any": 1, "match": 2, "literal": 3, "prefixed": 4}
OPERATIONS = {"any": 1, "all": 2, "read": 3, "write": 4, "create": 5, "delete": 6, "alter": 7,
              "describe": 8, "cluster-action": 9, "describe-configs": 10, "alter-configs": 11,
              "idempotent-write": 12, "create-tokens": 13, "describe-tokens": 14}  # fmt: skip
PERMISSIONS = {"any": 1, "deny": 2, "allow": 3}


@dataclass(frozen=True, order=True)
class AclBinding:
    resource_type: int
    name: str
    pattern_type: int
    principal: str
    host: str
    operation: int
    permission_type: int


@dataclass(frozen=True)
class AclFilter:
    """None strings and ANY (1) codes match everything; pattern MATCH (2) matches the bindings
    that apply to the named resource."""

    resource_type: int = 1
    name: str | None = None
    pattern_type: int = 1
    principal: str | None = None
    host: str | None = None
    operation: int = 1
    permission_type: int = 1


class AclAdmin(AdminBase):
    """ACL APIs of :class:`strom.client.AIOAdminClient`."""

    async def create_acls(self, bindings: list[AclBinding]) -> list[Exception | None]:
        """Create ``bindings``; one outcome per binding (None when created)."""
        C = CreateAclsRequest
        req = C(creations=[
            C.AclCreation(resource_type=b.resource_type, resource_name=b.name,
                          resource_pattern_type=b.pattern_type, principal=b.principal,
                          host=b.host, operation=b.operation, permission_type=b.permission_type)
            for b in bindings
        ])  # fmt: skip
        resp = await self.cluster.send_any(req, CreateAclsResponse)
        return [error_for(r.error_code, r.error_message) if r.error_code else None
                for r in resp.results]  # fmt: skip

    async def describe_acls(self, f: AclFilter) -> list[AclBinding]:
        req = DescribeAclsRequest(
            resource_type_filter=f.resource_type, resource_name_filter=f.name,
            pattern_type_filter=f.pattern_type, principal_filter=f.principal,
            host_filter=f.host, operation=f.operation, permission_type=f.permission_type,
        )  # fmt: skip
        resp = await self.cluster.send_any(req, DescribeAclsResponse)
        check(resp.error_code, resp.error_message)
        return sorted(
            AclBinding(r.resource_type, r.resource_name, r.pattern_type, a.principal, a.host,
                       a.operation, a.permission_type)
            for r in resp.resources
            for a in r.acls
        )  # fmt: skip

    async def delete_acls(
        self, filters: list[AclFilter]
    ) -> list[tuple[list[AclBinding], Exception | None]]:
        """Delete what each filter matches; per filter (the bindings deleted, its error)."""
        D = DeleteAclsRequest
        req = D(filters=[
            D.DeleteAclsFilter(resource_type_filter=f.resource_type, resource_name_filter=f.name,
                               pattern_type_filter=f.pattern_type, principal_filter=f.principal,
                               host_filter=f.host, operation=f.operation,
                               permission_type=f.permission_type)
            for f in filters
        ])  # fmt: skip
        resp = await self.cluster.send_any(req, DeleteAclsResponse)
        out: list[tuple[list[AclBinding], Exception | None]] = []
        for r in resp.filter_results:
            err = error_for(r.error_code, r.error_message) if r.error_code else None
            deleted = [
                AclBinding(m.resource_type, m.resource_name, m.pattern_type, m.principal, m.host,
                           m.operation, m.permission_type)
                for m in r.matching_acls
                if not m.error_code
            ]  # fmt: skip
            out.append((deleted, err))
        return out
