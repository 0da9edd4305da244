"""strom.testing's EmbeddedCluster and the strom_cluster fixture: three brokers on ZooKeeper, a
replicated topic that keeps every acknowledged record through a leader crash, and a clear skip
where ZooKeeper cannot run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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
