"""Fixtures for the console's browser tests: a real broker, a ``strom console`` process and a
headless Chromium (Debian's ``chromium``, driven by Playwright for Python; no browser download).

Screenshots go to ``tests/console/artifacts/`` (git-ignored), one per :func:`snap` call.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from console_util import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, Snap


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for one module: Playwright's sync API runs an event loop in this thread while
    it is open, so it is closed before other modules' tests (which call ``asyncio.run``)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1360, "height": 900})
    p = context.new_page()
    p.set_default_timeout(20_000)
    p.on("dialog", lambda d: d.accept())
    yield p
    context.close()


@pytest.fixture
def snap() -> Snap:
    """``snap(page, name)`` writes ``artifacts/<name>.png`` (full page) and returns its path."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(p: Any, name: str) -> Path:
        path = ARTIFACTS / f"{name}.png"
        p.screenshot(path=str(path), full_page=True)
        return path

    return take
