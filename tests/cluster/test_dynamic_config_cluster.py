"""Dynamic broker configs in a cluster: a cluster-wide default set through one broker reaches
every broker through ZooKeeper (``/config/brokers/<default>``) without a restart, and a
per-broker value stays on its broker."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cluster_util import FAST, wait_for
from kazoo.client import KazooClient

pytestmark = [pytest.mark.integration, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]


def configs(bootstrap: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "strom.tools.cli", "configs", "--bootstrap-server", bootstrap,
         "--entity-type", "brokers", *args],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=60,
    )  # fmt: skip


def value_on(bootstrap: str, broker: int, key: str) -> str:
    out = configs(bootstrap, "--entity-name", str(broker), "--describe", "--all").stdout
    line = next(ln for ln in out.splitlines() if ln.startswith(f"  {key}="))
    return line.split()[0].partition("=")[2]


def test_default_reaches_every_broker(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(3, overrides=FAST)
    first = c.brokers[0]
    r = configs(first.bootstrap, "--entity-default", "--alter",
                "--add-config", "log.retention.bytes=123456789")  # fmt: skip
    assert r.returncode == 0, r.stderr
    for b in c.brokers:
        wait_for(
            f"broker {b.id} applies the default",
            lambda b=b: value_on(c.bootstrap, b.id, "log.retention.bytes") == "123456789" or None,
            timeout=30,
        )
    r = configs(first.bootstrap, "--entity-name", "2", "--alter",
                "--add-config", "log.retention.bytes=42")  # fmt: skip
    assert r.returncode == 0, r.stderr
    wait_for(
        "broker 2 own value",
        lambda: value_on(c.bootstrap, 2, "log.retention.bytes") == "42" or None,
    )
    assert value_on(c.bootstrap, 3, "log.retention.bytes") == "123456789"
    zk = KazooClient(hosts=c.zk_connect)
    zk.start(timeout=15)
    try:
        data, _ = zk.get("/config/brokers/<default>")
        assert json.loads(data)["config"] == {"log.retention.bytes": "123456789"}
        data, _ = zk.get("/config/brokers/2")
        assert json.loads(data)["config"] == {"log.retention.bytes": "42"}
        assert zk.get_children("/config/changes")
    finally:
        zk.stop()
        zk.close()
