"""strom.testing's EmbeddedCluster and the strom_cluster fixture: three brokers on ZooKeeper, a
replicated topic that keeps every acknowledged record through a leader crash, and a clear skip
where ZooKeeper cannot run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from leftovers import leftovers, wait_no_leftovers

pytest_plugins = ["pytester"]
pytestmark = [pytest.mark.integration, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ("-p", "no:strom", "-p", "strom.testing.pytest_plugin", "-p", "no:cacheprovider")

CLUSTER_TEST = """
import pytest
from confluent_kafka import Producer
from strom.testing import TopicSpec, read_to_end


@pytest.mark.strom(brokers=3, topics={"r": TopicSpec(1, 3, {"min.insync.replicas": "2"})})
def test_replicated(strom_cluster):
    assert len(strom_cluster.bootstrap.split(",")) == 3
    p = Producer({"bootstrap.servers": strom_cluster.bootstrap, "acks": "all"})
    for i in range(50):
        p.produce("r", b"v%d" % i)
    assert p.flush(60) == 0
    from strom.client import AdminClient
    admin = AdminClient({"bootstrap.servers": strom_cluster.bootstrap})
    (info,) = admin.call("describe_topics", ["r"])["r"]
    admin.close()
    assert len(info.isr) == 3
    strom_cluster.broker(info.leader).kill()
    for i in range(50, 60):
        p.produce("r", b"v%d" % i)
    assert p.flush(60) == 0
    values = [r.value for r in read_to_end(strom_cluster.bootstrap, "r", timeout=60)]
    assert values == [b"v%d" % i for i in range(60)]
"""


@pytest.fixture
def run_env(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> Path:
    tmp = pytester.path / "run-tmp"
    tmp.mkdir()
    monkeypatch.setenv("TMPDIR", str(tmp))
    monkeypatch.setenv("STROM_TEST_DATA_ROOT", str(tmp))
    path = os.environ.get("PYTHONPATH", "")
    monkeypatch.setenv("PYTHONPATH", str(ROOT / "src") + (os.pathsep + path if path else ""))
    return tmp


def test_strom_cluster_survives_a_leader_crash(pytester: pytest.Pytester, run_env: Path) -> None:
    from strom.testing.cluster import zookeeper_unavailable

    reason = zookeeper_unavailable()
    if reason is not None:
        pytest.skip(reason)
    pytester.makepyfile(test_cluster=CLUSTER_TEST)
    result = pytester.runpytest_subprocess(*PLUGIN, "-q", timeout=600)
    result.assert_outcomes(passed=1)
    assert list(run_env.glob("strom-test-*")) == []


def test_strom_cluster_skips_with_the_reason_without_java(
    pytester: pytest.Pytester, run_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STROM_JAVA", str(run_env / "no-such-java"))
    pytester.makepyfile(test_cluster="def test_c(strom_cluster):\n    pass\n")
    result = pytester.runpytest_subprocess(*PLUGIN, "-q", "-rs", timeout=120)
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["*EmbeddedCluster needs ZooKeeper*no-such-java*"])


HANGING_CLUSTER_TEST = """
import os
import time
from pathlib import Path

import pytest


@pytest.mark.strom(brokers=2)
def test_hangs(strom_cluster):
    Path(os.environ["READY_FILE"]).write_text(strom_cluster.bootstrap)
    time.sleep(300)
"""


def test_killed_run_leaves_no_cluster_process(pytester: pytest.Pytester, run_env: Path) -> None:
    """SIGKILL of pytest while a cluster runs: the reaper kills ZooKeeper and both brokers."""
    from strom.testing.cluster import zookeeper_unavailable

    reason = zookeeper_unavailable()
    if reason is not None:
        pytest.skip(reason)
    test_file = pytester.makepyfile(test_hang=HANGING_CLUSTER_TEST)
    ready = pytester.path / "ready"
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", *PLUGIN, "-q", str(test_file)],
        cwd=pytester.path,
        env=dict(os.environ, READY_FILE=str(ready)),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 180
        while not ready.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert ready.exists(), proc.communicate(timeout=30)[0].decode(errors="replace")[-3000:]
        running = leftovers(run_env)
        # pytest, the reaper is in its own env copy too, ZooKeeper and two brokers
        assert sum("zookeeper" in p.lower() for p in running) >= 1, running
        assert sum("strom.tools.cli broker" in p for p in running) == 2, running
        proc.send_signal(signal.SIGKILL)
        proc.wait(60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    assert wait_no_leftovers(run_env, timeout=30) == []
