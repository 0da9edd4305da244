"""Test helpers for the metrics listener: find its port in a broker's log, scrape and parse it
with prometheus_client's own text parser, read health endpoints."""

from __future__ import annotations

import importlib.util
import re
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from prometheus_client.parser import text_string_to_metric_families

Series = dict[tuple[str, frozenset[tuple[str, str]]], float]
_LISTENING = re.compile(r"metrics listening on http://([\d.]+):(\d+)/metrics")


def metrics_url(log_path: Path, timeout: float = 10.0) -> str:
    """The base URL of the metrics listener, from the newest announcement in the broker log."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = _LISTENING.findall(log_path.read_text())
        if found:
            host, port = found[-1]
            return f"http://{host}:{port}"
        time.sleep(0.1)
    raise AssertionError(f"no metrics listener announced in {log_path}")


def get(url: str, accept: str | None = None) -> tuple[int, str, str]:
    """(status, content type, body) of a GET."""
    req = urllib.request.Request(url, headers={"Accept": accept} if accept else {})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, resp.headers["Content-Type"], resp.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.headers["Content-Type"], err.read().decode()


def scrape(base: str) -> Series:
    status, _, body = get(base + "/metrics")
    assert status == 200
    out: Series = {}
    for fam in text_string_to_metric_families(body):
        for s in fam.samples:
            key = (s.name, frozenset(s.labels.items()))
            assert key not in out, f"duplicate series {key}"
            out[key] = s.value
    return out


def value(series: Series, name: str, **labels: str) -> float:
    return series.get((name, frozenset(labels.items())), 0.0)


def wait_for(base: str, name: str, expected: float, timeout: float = 15.0, **labels: str) -> Series:
    """Scrape until ``name{labels}`` equals ``expected`` (state that settles asynchronously)."""
    deadline = time.monotonic() + timeout
    while True:
        s = scrape(base)
        if value(s, name, **labels) == expected:
            return s
        if time.monotonic() > deadline:
            raise AssertionError(f"{name}{labels} is {value(s, name, **labels)}, not {expected}")
        time.sleep(0.2)


def broker_process_class() -> Any:
    """``BrokerProcess`` of tests/integration/conftest.py, loaded by path: ``from conftest import``
    gets whichever conftest pytest imported last when several test directories are collected."""
    path = Path(__file__).resolve().parent / "integration" / "conftest.py"
    spec = importlib.util.spec_from_file_location("strom_integration_conftest", path)
    assert spec is not None and spec.loader is not None
    module = sys.modules.get(spec.name)
    if module is None:
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    return module.BrokerProcess


ROOT = Path(__file__).resolve().parents[1]
