"""The client quotas page in a real headless Chromium against a real broker.

A quota set through the form is listed and seen by Strom's admin client and by confluent-kafka's
``describe_user_scram_credentials``-free path (DescribeClientQuotas); a (user, default client id)
quota and a client-id quota are listed with ``<default>``; a value the broker refuses comes back
as its error (INVALID_REQUEST) and changes nothing; a quota is removed through the page after the
confirmation; a form naming no entity is refused by the console; a cross-site POST is refused.
With an authorizer that does not allow the console, the page says CLUSTER_AUTHORIZATION_FAILED.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from console_util import ConsoleProcess, Snap
from integration.conftest import BrokerProcess
from playwright.sync_api import expect

from strom.client import AdminClient

pytestmark = pytest.mark.integration


def _quotas(bootstrap: str) -> list[tuple[dict[str, str | None], dict[str, float]]]:
    with AdminClient({"bootstrap.servers": bootstrap}) as admin:
        return admin.describe_client_quotas()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[BrokerProcess, str]]:
    broker = BrokerProcess(tmp_path / "data")
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


def _set(page: Any, key: str, value: str, **fields: Any) -> None:
    form = page.locator("[data-testid=set-quota]")
    for name in ("user", "client"):
        if name in fields:
            form.locator(f"input[name={name}]").fill(fields[name])
    for name in ("user_default", "client_default"):
        if fields.get(name):
            form.locator(f"input[name={name}]").check()
    form.locator("select[name=key]").select_option(key)
    form.locator("input[name=value]").fill(value)
    form.locator("button").click()


def test_set_list_remove(served: tuple[BrokerProcess, str], page: Any, snap: Snap) -> None:
    broker, url = served
    page.goto(url + "/quotas")
    table = page.locator("[data-testid=quota-table]")
    expect(table).to_contain_text("No quotas.")

    _set(page, "producer_byte_rate", "1048576", client="billing-app")
    expect(page.locator(".notice.ok")).to_contain_text(
        "Quota set: producer_byte_rate of client id 'billing-app' = 1.04858e+06"
    )
    _set(page, "consumer_byte_rate", "2048", user="alice", client_default=True)
    _set(page, "request_percentage", "12.5", user_default=True)
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(3)
    texts = [r.locator("td").all_inner_texts()[:4] for r in rows.all()]
    assert texts == [
        ["", "billing-app", "producer_byte_rate", "1048576"],
        ["<default>", "", "request_percentage", "12.5"],
        ["alice", "<default>", "consumer_byte_rate", "2048"],
    ], texts
    assert sorted(map(str, _quotas(broker.bootstrap))) == sorted(
        map(
            str,
            [
                ({"client-id": "billing-app"}, {"producer_byte_rate": 1048576.0}),
                ({"user": None}, {"request_percentage": 12.5}),
                ({"user": "alice", "client-id": None}, {"consumer_byte_rate": 2048.0}),
            ],
        )
    )

    # the broker judges values: a fractional byte rate is INVALID_REQUEST, shown as is
    _set(page, "producer_byte_rate", "10.5", client="billing-app")
    expect(page.locator(".notice.bad")).to_contain_text("INVALID_REQUEST")
    assert len(_quotas(broker.bootstrap)) == 3

    page.goto(url + "/quotas?q=alice")
    expect(rows).to_have_count(1)
    page.goto(url + "/quotas")
    snap(page, "quotas")

    # remove the client's quota through the page (the confirmation is accepted by the fixture)
    row = rows.filter(has_text="billing-app")
    row.locator("[data-testid=quota-delete]").click()
    expect(page.locator(".notice.ok")).to_contain_text(
        "Quota removed: producer_byte_rate of client id 'billing-app'"
    )
    expect(rows).to_have_count(2)
    assert [e for e, _ in _quotas(broker.bootstrap)] == [
        {"user": None},
        {"user": "alice", "client-id": None},
    ]
    # a row with a default component: its remove form names the default, not an empty name
    rows.filter(has_text="alice").locator("[data-testid=quota-delete]").click()
    expect(page.locator(".notice.ok")).to_contain_text(
        "Quota removed: consumer_byte_rate of client id <default>, user 'alice'"
    )
    expect(rows).to_have_count(1)
    assert _quotas(broker.bootstrap) == [({"user": None}, {"request_percentage": 12.5})]
    assert "Traceback" not in page.content()


def test_form_refusals(served: tuple[BrokerProcess, str], page: Any) -> None:
    broker, url = served
    page.goto(url + "/quotas")
    _set(page, "producer_byte_rate", "100")  # no entity
    expect(page.locator(".notice.bad")).to_contain_text("Name a user, a client id, or both")
    resp = page.request.post(url + "/quotas", form={"client": "x", "key": "bogus", "value": "1"})
    assert resp.ok and "Quota must be one of" in resp.text()
    resp = page.request.post(
        url + "/quotas",
        form={"client": "x", "key": "producer_byte_rate", "value": "1"},
        headers={"Origin": "http://evil.example"},
    )
    assert resp.status == 403
    assert _quotas(broker.bootstrap) == []


def test_cluster_authorization_failed(tmp_path: Path, page: Any) -> None:
    broker = BrokerProcess(
        tmp_path / "data", {"authorizer.class.name": "kafka.security.authorizer.AclAuthorizer"}
    )
    broker.start()
    console = ConsoleProcess(broker.bootstrap, tmp_path / "console.log")
    try:
        console.start()
        page.goto(console.url + "/quotas")
        state = page.locator("[data-testid=quota-state]")
        expect(state).to_contain_text("CLUSTER_AUTHORIZATION_FAILED")
        expect(page.locator("[data-testid=set-quota]")).to_have_count(0)
        resp = page.request.post(
            console.url + "/quotas",
            form={"client": "x", "key": "producer_byte_rate", "value": "1"},
        )
        assert resp.ok and "CLUSTER_AUTHORIZATION_FAILED" in resp.text(), resp.text()[-800:]
    finally:
        console.stop()
        broker.stop()
    assert "Traceback" not in console.log_text(), console.log_text()[-2000:]
