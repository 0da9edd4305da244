"""Security pages: ACLs (list with search and paging, create, delete) and client quotas.

Owns: the routes only; the form rules and names live in :mod:`strom.console.acls`. ACLs are
read with one DescribeAcls (every binding) per page view and changed with CreateAcls /
DeleteAcls; each change redirects back with the broker's answer as a notice, never a stack trace.
A cluster that does not advertise DescribeAcls (API key 29) in ApiVersions gets "not supported";
one without an authorizer answers SECURITY_DISABLED, which the page explains. Client quotas are
read with one DescribeClientQuotas (every entity) per page view and changed with
AlterClientQuotas (set one key, or remove one key); a cluster that does not advertise
DescribeClientQuotas (48) gets "not supported". Every POST passes the application's
cross-origin guard.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from strom.client.admin_acls import AclFilter
from strom.console import acls as acl
from strom.console import quotas as quota
from strom.console.context import Console, int_param, paginate, redirect
from strom.console.errors import describe_error

DESCRIBE_ACLS, DESCRIBE_CLIENT_QUOTAS = 29, 48


def routes(c: Console) -> list[Route]:
    async def advertised(key: int) -> tuple[bool | None, str | None]:
        """Whether the brokers advertise API ``key`` (None and the reason when unknown)."""
        try:
            node = (await c.admin.broker_ids())[0]
            conn = await c.admin.cluster.connection(node)
        except Exception as e:
            return None, describe_error(e)
        return conn.api_versions is not None and key in conn.api_versions, None

    async def acls(request: Request) -> Response:
        q = request.query_params.get("q", "").strip()
        resource = request.query_params.get("resource", "")
        resource = resource if resource in acl.BINDING_RESOURCES else ""
        supported, reason = await advertised(DESCRIBE_ACLS)
        state, rows = None, []
        if supported:
            try:
                rows = acl.search(await c.admin.describe_acls(AclFilter()), q, resource)
            except Exception as e:
                state = acl.acl_state(e, describe_error(e))
        return c.page(
            request,
            "acls.html",
            supported=supported,
            reason=reason,
            state=state,
            page=paginate(rows, int_param(request, "page", 1)),
            q=q,
            resource=resource,
            form_of=acl.form_of,
            choices={
                "resource_type": acl.BINDING_RESOURCES,
                "pattern_type": acl.BINDING_PATTERNS,
                "operation": acl.BINDING_OPERATIONS,
                "permission": acl.BINDING_PERMISSIONS,
            },
        )

    async def create(request: Request) -> Response:
        form = await request.form()
        try:
            binding = acl.binding_from_form(form)
        except acl.AclFormError as e:
            return redirect("/acls", err=f"Cannot create the ACL: {e}.")
        try:
            (outcome,) = await c.admin.create_acls([binding])
        except Exception as e:
            outcome = e
        what = acl.describe_binding(binding)
        if outcome is not None:
            return redirect("/acls", err=f"Cannot create ACL {what}: {describe_error(outcome)}")
        return redirect("/acls", ok=f"ACL created: {what}.")

    async def delete(request: Request) -> Response:
        form = await request.form()
        try:
            binding = acl.binding_from_form(form)
        except acl.AclFormError as e:
            return redirect("/acls", err=f"Cannot delete the ACL: {e}.")
        what = acl.describe_binding(binding)
        try:
            ((deleted, error),) = await c.admin.delete_acls([acl.exact_filter(binding)])
        except Exception as e:
            deleted, error = [], e
        if error is not None:
            return redirect("/acls", err=f"Cannot delete ACL {what}: {describe_error(error)}")
        if not deleted:
            return redirect("/acls", err=f"No ACL {what} to delete (already deleted?).")
        return redirect("/acls", ok=f"ACL deleted: {what}.")

    async def quotas(request: Request) -> Response:
        q = request.query_params.get("q", "").strip()
        supported, reason = await advertised(DESCRIBE_CLIENT_QUOTAS)
        state, rows = None, []
        if supported:
            try:
                rows = quota.rows(await c.admin.describe_client_quotas(), q)
            except Exception as e:
                state = acl.acl_state(e, describe_error(e))
        return c.page(
            request,
            "quotas.html",
            supported=supported,
            reason=reason,
            state=state,
            page=paginate(rows, int_param(request, "page", 1)),
            q=q,
            keys=quota.QUOTA_KEYS,
            form_of=quota.form_of,
        )

    async def alter_quota(request: Request, remove: bool) -> Response:
        form = await request.form()
        verb = "remove" if remove else "set"
        try:
            alteration = quota.alteration_from_form(form, remove)
        except quota.QuotaFormError as e:
            return redirect("/quotas", err=f"Cannot {verb} the quota: {e}.")
        try:
            (outcome,) = await c.admin.alter_client_quotas([alteration])
        except Exception as e:
            outcome = e
        [(key, value)] = alteration.ops.items()
        what = f"{key} of {quota.describe_entity(alteration.entity)}"
        if outcome is not None:
            return redirect("/quotas", err=f"Cannot {verb} {what}: {describe_error(outcome)}")
        if remove:
            return redirect("/quotas", ok=f"Quota removed: {what}.")
        return redirect("/quotas", ok=f"Quota set: {what} = {value:g}.")

    async def set_quota(request: Request) -> Response:
        return await alter_quota(request, remove=False)

    async def remove_quota(request: Request) -> Response:
        return await alter_quota(request, remove=True)

    return [
        Route("/acls", acls),
        Route("/acls", create, methods=["POST"]),
        Route("/acls/delete", delete, methods=["POST"]),
        Route("/quotas", quotas),
        Route("/quotas", set_quota, methods=["POST"]),
        Route("/quotas/delete", remove_quota, methods=["POST"]),
    ]
