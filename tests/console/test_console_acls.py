"""The ACLs page in a real headless Chromium against real brokers.

With an authorizer (``AclAuthorizer``; every client is ``User:ANONYMOUS`` on PLAINTEXT, made a
super user): an ACL created through the form is listed, seen by confluent-kafka's
``describe_acls``, found by the search, and deleted through the page (after the confirmation),
gone for both. A form the broker refuses comes back as its error. Without an authorizer the page
explains SECURITY_DISABLED, without a stack trace.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from confluent_kafka.admin import (
    AclBindingFilter,
    AclOperation,
    AclPermissionType,
    AdminClient,
    ResourcePatternType,
    ResourceType,
)
from console_util import ConsoleProcess, Snap
from integration.conftest import BrokerProcess
from playwright.sync_api import expect

pytestmark = pytest.mark.integration

AUTHORIZER = {
    "authorizer.class.name": "kafka.security.authorizer.AclAuthorizer",
    "super.users": "User:ANONYMOUS",
}


def _acls(bootstrap: str) -> list[Any]:
    """Every ACL, as confluent-kafka's AdminClient sees it."""
    admin = AdminClient({"bootstrap.servers": bootstrap, "log_level": 0})
    f = AclBindingFilter(ResourceType.ANY, None, ResourcePatternType.ANY, None, None,
                         AclOperation.ANY, AclPermissionType.ANY)  # fmt: skip
    return list(admin.describe_acls(f).result(20))


@pytest.fixture
def secured(tmp_path: Path) -> Iterator[tuple[BrokerProcess, str]]:
    broker = BrokerProcess(tmp_path / "data", AUTHORIZER)
    broker.start()
    console = ConsoleProcess(broker.bootstrap, tmp_path / "console.log")
    try:
        console.start()
        yield broker, console.url
        assert "Traceback" not in console.log_text(), console.log_text()[-2000:]
    finally:
        console.stop()
        if broker.alive():
            broker.stop()


def _create(page: Any, **fields: str) -> None:
    form = page.locator("[data-testid=create-acl]")
    for name in ("resource_type", "pattern_type", "operation", "permission"):
        if name in fields:
            form.locator(f"select[name={name}]").select_option(fields[name])
    for name in ("name", "principal", "host"):
        if name in fields:
            form.locator(f"input[name={name}]").fill(fields[name])
    form.locator("button").click()


def test_create_list_search_delete(
    secured: tuple[BrokerProcess, str], page: Any, snap: Snap
) -> None:
    broker, url = secured
    page.goto(url + "/acls")
    table = page.locator("[data-testid=acl-table]")
    expect(table).to_contain_text("No ACLs.")

    _create(
        page,
        resource_type="topic",
        name="orders-",
        pattern_type="prefixed",
        principal="User:alice",
        host="10.0.0.7",
        operation="write",
        permission="allow",
    )
    expect(page.locator(".notice.ok")).to_contain_text("ACL created: Allow User:alice Write")
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(1)
    cells = rows.first.locator("td").all_inner_texts()
    assert cells[:7] == ["Topic", "orders-", "Prefixed", "User:alice", "10.0.0.7", "Write",
                         "Allow"], cells  # fmt: skip
    seen = _acls(broker.bootstrap)
    assert len(seen) == 1, seen
    b = seen[0]
    assert (b.restype, b.name, b.resource_pattern_type, b.principal, b.host, b.operation,
            b.permission_type) == (ResourceType.TOPIC, "orders-", ResourcePatternType.PREFIXED,
                                   "User:alice", "10.0.0.7", AclOperation.WRITE,
                                   AclPermissionType.ALLOW)  # fmt: skip

    # a second binding on the same resource differing only in operation: the delete below
    # must remove only the confirmed row
    _create(
        page,
        resource_type="topic",
        name="orders-",
        pattern_type="prefixed",
        principal="User:alice",
        host="10.0.0.7",
        operation="read",
        permission="allow",
    )
    _create(
        page,
        resource_type="group",
        name="billing",
        principal="User:bob",
        operation="read",
        permission="deny",
    )
    expect(rows).to_have_count(3)
    assert len(_acls(broker.bootstrap)) == 3

    # search: every word must match; the resource type narrows
    page.goto(url + "/acls?q=alice+write")
    expect(rows).to_have_count(1)
    page.goto(url + "/acls?resource=group")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("User:bob")
    page.goto(url + "/acls?q=nobody")
    expect(table).to_contain_text("No ACL matches.")

    # the broker judges validity: Group does not take WRITE (INVALID_REQUEST), shown as is
    page.goto(url + "/acls")
    _create(
        page,
        resource_type="group",
        name="billing",
        principal="User:bob",
        operation="write",
        permission="allow",
    )
    expect(page.locator(".notice.bad")).to_contain_text("INVALID_REQUEST")
    assert len(_acls(broker.bootstrap)) == 3
    snap(page, "acls")

    # delete the WRITE row through the page (the confirmation is accepted by the fixture)
    row = rows.filter(has_text="Write")
    expect(row).to_have_count(1)
    row.locator("[data-testid=acl-delete]").click()
    expect(page.locator(".notice.ok")).to_contain_text("ACL deleted: Allow User:alice Write")
    expect(rows).to_have_count(2)
    expect(table).not_to_contain_text("Write")
    left = sorted((b.name, b.operation) for b in _acls(broker.bootstrap))
    assert left == sorted([("orders-", AclOperation.READ), ("billing", AclOperation.READ)]), left
    assert "Traceback" not in page.content()


def test_form_validation(secured: tuple[BrokerProcess, str], page: Any) -> None:
    """A principal without TYPE: is refused by the console before asking the cluster; markup in
    a name is shown as text and its binding deleted exactly; a delete of a binding that does not
    exist says so; a cross-site POST is refused and changes nothing."""
    broker, url = secured
    page.goto(url + "/acls")
    page.locator("[data-testid=create-acl] input[name=principal]").evaluate(
        "el => el.removeAttribute('pattern')"
    )
    _create(page, name="orders", principal="alice")
    expect(page.locator(".notice.bad")).to_contain_text("Principal must be TYPE:NAME")
    assert _acls(broker.bootstrap) == []

    fields = {"resource_type": "topic", "name": "ghost", "pattern_type": "literal",
              "principal": "User:nobody", "host": "*", "operation": "read",
              "permission": "allow"}  # fmt: skip
    resp = page.request.post(url + "/acls/delete", form=fields)
    assert resp.ok and "No ACL Allow User:nobody Read" in resp.text(), resp.text()[-500:]

    # markup in a name is shown as text, and its delete form names it exactly
    odd = "q\"'<i>x</i>&amp;"
    _create(page, name=odd, principal="User:o'brien")
    rows = page.locator("[data-testid=acl-table] tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first.locator("td").nth(1)).to_have_text(odd)
    assert [b.name for b in _acls(broker.bootstrap)] == [odd]
    rows.first.locator("[data-testid=acl-delete]").click()
    expect(page.locator(".notice.ok")).to_contain_text("ACL deleted")
    assert _acls(broker.bootstrap) == []

    # a POST from another site is refused (403) and creates nothing
    resp = page.request.post(url + "/acls", form=fields, headers={"Origin": "http://evil.example"})
    assert resp.status == 403
    assert _acls(broker.bootstrap) == []


def test_security_disabled(tmp_path: Path, page: Any, snap: Snap) -> None:
    broker = BrokerProcess(tmp_path / "data")
    broker.start()
    console = ConsoleProcess(broker.bootstrap, tmp_path / "console.log")
    try:
        console.start()
        page.goto(console.url + "/acls")
        state = page.locator("[data-testid=acl-state]")
        expect(state).to_contain_text("Security is disabled on this cluster")
        expect(state).to_contain_text("SECURITY_DISABLED")
        expect(page.locator("[data-testid=create-acl]")).to_have_count(0)
        assert "Traceback" not in page.content()
        snap(page, "acls-security-disabled")
        assert "Traceback" not in console.log_text()
    finally:
        console.stop()
        broker.stop()


def test_cluster_authorization_failed(tmp_path: Path, page: Any) -> None:
    """An authorizer and no super user: the console's principal (ANONYMOUS) may not DESCRIBE
    or ALTER the cluster; listing and creating show CLUSTER_AUTHORIZATION_FAILED, no trace."""
    broker = BrokerProcess(
        tmp_path / "data", {"authorizer.class.name": AUTHORIZER["authorizer.class.name"]}
    )
    broker.start()
    console = ConsoleProcess(broker.bootstrap, tmp_path / "console.log")
    try:
        console.start()
        page.goto(console.url + "/acls")
        state = page.locator("[data-testid=acl-state]")
        expect(state).to_contain_text("Not authorized")
        expect(state).to_contain_text("CLUSTER_AUTHORIZATION_FAILED")
        fields = {"resource_type": "topic", "name": "t", "pattern_type": "literal",
                  "principal": "User:eve", "host": "*", "operation": "read",
                  "permission": "allow"}  # fmt: skip
        resp = page.request.post(console.url + "/acls", form=fields)
        assert resp.ok and "CLUSTER_AUTHORIZATION_FAILED" in resp.text(), resp.text()[-800:]
        assert "Traceback" not in resp.text()
    finally:
        console.stop()
        broker.stop()
    assert "Traceback" not in console.log_text(), console.log_text()[-2000:]
