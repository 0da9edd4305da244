"""``strom features`` (kafka-features.sh) against a real broker: describe in Kafka's format,
upgrade, downgrade (safe and refused unsafe), disable, dry runs and Kafka's failure lines."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import BrokerProcess

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def features(b: BrokerProcess, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "strom.tools.cli", "features", "--bootstrap-server", b.bootstrap,
         *args],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=60,
    )  # fmt: skip


def test_features_tool(fresh_broker: BrokerProcess) -> None:
    b = fresh_broker
    b.start()
    r = features(b, "describe")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        "Feature: kraft.version\tSupportedMinVersion: 0\tSupportedMaxVersion: 1\t"
        "FinalizedVersionLevel: 0\tEpoch: 0",
        "Feature: metadata.version\tSupportedMinVersion: 3.0-IV1\tSupportedMaxVersion: 3.9-IV0\t"
        "FinalizedVersionLevel: 3.9-IV0\tEpoch: 0",
    ]
    r = features(b, "upgrade", "--feature", "kraft.version=1", "--dry-run")
    assert (r.returncode, r.stdout) == (0, "kraft.version can be upgraded to 1.\n")
    r = features(b, "upgrade", "--feature", "kraft.version=1")
    assert (r.returncode, r.stdout) == (0, "kraft.version was upgraded to 1.\n")
    r = features(b, "downgrade", "--metadata", "3.8-IV0", "--unsafe")
    assert r.returncode == 1
    assert r.stdout.startswith("Could not downgrade metadata.version to 20. Can not downgrade")
    assert "1 out of 1 operation(s) failed." in r.stderr
    r = features(b, "downgrade", "--metadata", "3.8-IV0")
    assert (r.returncode, r.stdout) == (0, "metadata.version was downgraded to 20.\n")
    r = features(b, "disable", "--feature", "kraft.version")
    assert (r.returncode, r.stdout) == (0, "kraft.version was disabled.\n")
    r = features(b, "describe")
    assert "FinalizedVersionLevel: 3.8-IV0\tEpoch: 3" in r.stdout
    assert (
        "Feature: kraft.version\tSupportedMinVersion: 0\tSupportedMaxVersion: 1\t"
        "FinalizedVersionLevel: 0\tEpoch: 3"
    ) in r.stdout  # disabled: reported as level 0, as Kafka's tool does
    r = features(b, "upgrade", "--feature", "kraft.version")
    assert r.returncode == 1 and "equals sign not found" in r.stderr
    r = features(b, "upgrade")
    assert r.returncode == 1 and "You must specify at least one feature to upgrade" in r.stderr
