"""The strom pytest plugin, run the way users run it: inner test files in a pytest subprocess
(pytester) that load the plugin with ``-p``, with every fixture and every client (confluent-kafka,
kafka-python, aiokafka, Strom's native client), under pytest-xdist, and with the run killed
mid-test. After each run nothing it started may survive: no process carrying the run's TMPDIR in
its environment, no ``strom-test-*`` directory."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from leftovers import leftovers, running, wait_no_leftovers

pytest_plugins = ["pytester"]
pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
# Load the plugin from this tree (block the installed entry point's copy, if any, by its name).
PLUGIN = ("-p", "no:strom", "-p", "strom.testing.pytest_plugin", "-p", "no:cacheprovider")

CLIENTS_TESTS = """
import asyncio
import os
import sys
import time
import uuid

import pytest
from confluent_kafka.admin import AdminClient


def test_confluent(strom_confluent_producer, strom_confluent_consumer, strom_admin):
    strom_admin.create_topics({"orders": 2})
    p = strom_confluent_producer(acks="all")
    for i in range(20):
        p.produce("orders", key=str(i).encode(), value=b"v%d" % i)
    assert p.flush(30) == 0
    c = strom_confluent_consumer(group_id="g-confluent")
    c.subscribe(["orders"])
    got = []
    deadline = time.monotonic() + 30
    while len(got) < 20 and time.monotonic() < deadline:
        m = c.poll(0.5)
        if m is not None and m.error() is None:
            got.append(m.value())
    assert sorted(got) == sorted(b"v%d" % i for i in range(20))
    assigned = strom_admin.wait_for_group_stable("g-confluent", members=1)
    assert [tp.partition for tp in assigned] == [0, 1]
    assert len(strom_admin.read_to_end("orders")) == 20


def test_native(strom_producer, strom_consumer, strom_admin):
    strom_admin.create_topics({"native": 1})
    p = strom_producer(acks="all")
    metas = [p.send("native", b"n%d" % i) for i in range(5)]
    p.flush(30)
    assert [m.result(30).offset for m in metas] == [0, 1, 2, 3, 4]
    c = strom_consumer(group_id="g-native")
    c.subscribe(["native"])
    got = []
    deadline = time.monotonic() + 30
    while len(got) < 5 and time.monotonic() < deadline:
        got += [r.value for r in c.poll(0.5)]
    assert got == [b"n%d" % i for i in range(5)]
    strom_admin.wait_for_group_stable("g-native", members=1)
    assert "native" in strom_admin.list_topics()


def test_kafka_python(strom_kafka_python_producer, strom_kafka_python_consumer, strom_admin):
    strom_admin.create_topics({"kp": 1})
    p = strom_kafka_python_producer(acks="all")
    p.send("kp", b"hello").get(timeout=30)
    c = strom_kafka_python_consumer("kp", consumer_timeout_ms=15000)
    assert next(iter(c)).value == b"hello"


def test_aiokafka(strom_aiokafka_producer, strom_aiokafka_consumer, strom_admin):
    strom_admin.create_topics({"aio": 1})

    async def main():
        async with strom_aiokafka_producer(acks="all") as p:
            await p.send_and_wait("aio", b"async")
        async with strom_aiokafka_consumer("aio") as c:
            return (await asyncio.wait_for(c.getone(), 30)).value

    assert asyncio.run(main()) == b"async"


@pytest.mark.strom(config={"num.partitions": 5}, topics={"pre": 3})
def test_marker(strom_bootstrap, strom_confluent_producer):
    meta = AdminClient({"bootstrap.servers": strom_bootstrap}).list_topics(timeout=10)
    assert len(meta.topics["pre"].partitions) == 3
    p = strom_confluent_producer()
    p.produce("auto-created", b"x")
    assert p.flush(30) == 0
    meta = AdminClient({"bootstrap.servers": strom_bootstrap}).list_topics(timeout=10)
    assert len(meta.topics["auto-created"].partitions) == 5


@pytest.mark.strom(mode="subprocess", topics={"t": 1})
def test_subprocess_kill_and_restart(strom_broker, strom_producer, strom_admin):
    assert strom_broker.pid != os.getpid()
    p = strom_producer(acks="all")
    p.send("t", b"before").result(30)
    strom_broker.kill()
    strom_broker.start()
    assert [r.value for r in strom_admin.read_to_end("t")] == [b"before"]


@pytest.mark.strom(proxy=True, topics=["t"])
def test_proxy_cut(strom_broker, strom_producer):
    p = strom_producer(client_id="cut-me", acks="all")
    p.send("t", b"one").result(30)
    assert strom_broker.cut_connections("cut-me") >= 1
    p.send("t", b"two").result(30)


SEEN = []


@pytest.mark.parametrize("n", [1, 2])
def test_session_broker(strom_session_broker, n):
    SEEN.append(strom_session_broker.bootstrap)
    assert strom_session_broker.running
    assert len(set(SEEN)) == 1
"""


@pytest.fixture
def run_tmp(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A TMPDIR of the inner run's own, so its leftovers can be found."""
    tmp = pytester.path / "run-tmp"
    tmp.mkdir()
    monkeypatch.setenv("TMPDIR", str(tmp))
    monkeypatch.setenv("STROM_TEST_DATA_ROOT", str(tmp))
    monkeypatch.setenv(
        "PYTHONPATH", str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")
    )
    return tmp


def test_every_fixture_under_xdist_leaves_nothing(pytester: pytest.Pytester, run_tmp: Path) -> None:
    pytester.makepyfile(test_clients=CLIENTS_TESTS)
    result = pytester.runpytest_subprocess(*PLUGIN, "-n", "2", "-q", timeout=600)
    result.assert_outcomes(passed=9)
    assert wait_no_leftovers(run_tmp) == []


def test_loading_the_plugin_imports_no_broker(pytester: pytest.Pytester, run_tmp: Path) -> None:
    pytester.makepyfile(
        test_cost="""
        import sys

        def test_cost(request):
            assert request.config.pluginmanager.has_plugin("strom.testing.pytest_plugin")
            assert not [m for m in sys.modules if m.startswith(("strom.broker", "strom.client"))]
        """
    )
    result = pytester.runpytest_subprocess(*PLUGIN, "-q", timeout=300)
    result.assert_outcomes(passed=1)
    assert wait_no_leftovers(run_tmp) == []


def test_marker_with_a_session_scoped_broker_is_an_error(
    pytester: pytest.Pytester, run_tmp: Path
) -> None:
    pytester.makeini("[pytest]\nstrom_broker_scope = session\n")
    pytester.makepyfile(
        test_scope="""
        import pytest

        @pytest.mark.strom(topics={"t": 3})
        def test_marked(strom_broker):
            pass
        """
    )
    result = pytester.runpytest_subprocess(*PLUGIN, "-q", timeout=300)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*strom_broker_scope = session*"])
    assert wait_no_leftovers(run_tmp) == []


def test_session_scope_from_ini_and_failing_tests_clean_up(
    pytester: pytest.Pytester, run_tmp: Path
) -> None:
    pytester.makeini("[pytest]\nstrom_broker_scope = session\n")
    pytester.makepyfile(
        test_scope="""
        import pytest

        SEEN = []

        @pytest.mark.parametrize("n", [1, 2, 3])
        def test_shared(strom_broker, n):
            SEEN.append(strom_broker.bootstrap)
            assert len(set(SEEN)) == 1

        def test_fails(strom_broker):
            assert strom_broker.running
            raise AssertionError("on purpose")
        """
    )
    result = pytester.runpytest_subprocess(*PLUGIN, "-q", timeout=300)
    result.assert_outcomes(passed=3, failed=1)
    assert wait_no_leftovers(run_tmp) == []


def test_marker_misuse_is_an_error(pytester: pytest.Pytester, run_tmp: Path) -> None:
    pytester.makepyfile(
        test_bad="""
        import pytest

        @pytest.mark.strom(partitions=3)
        def test_bad(strom_broker):
            pass
        """
    )
    result = pytester.runpytest_subprocess(*PLUGIN, "-q", timeout=300)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*unknown arguments*partitions*"])
    assert wait_no_leftovers(run_tmp) == []


HANGING_TEST = """
import os
import time
from pathlib import Path

import pytest


@pytest.mark.strom(mode="subprocess", topics=["t"])
def test_hangs(strom_broker, strom_session_broker, strom_producer):
    strom_producer().send("t", b"x").result(30)
    Path(os.environ["READY_FILE"]).write_text(f"{strom_broker.pid} {strom_broker.data_dir}")
    time.sleep(300)
"""


@pytest.mark.parametrize(
    ("sig", "workers"),
    [(signal.SIGINT, 0), (signal.SIGTERM, 0), (signal.SIGKILL, 0), (signal.SIGKILL, 2)],
)
def test_interrupted_run_leaves_nothing(
    pytester: pytest.Pytester, run_tmp: Path, sig: signal.Signals, workers: int
) -> None:
    test_file = pytester.makepyfile(test_hang=HANGING_TEST)
    ready = pytester.path / "ready"
    env = dict(os.environ, READY_FILE=str(ready))
    args = [sys.executable, "-m", "pytest", *PLUGIN, "-q", str(test_file)]
    if workers:
        args += ["-n", str(workers)]
    proc = subprocess.Popen(
        args, cwd=pytester.path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    try:
        deadline = time.monotonic() + 120
        while not ready.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert ready.exists(), proc.communicate(timeout=30)[0].decode(errors="replace")[-3000:]
        pid_text, data_dir_text = ready.read_text().split(maxsplit=1)
        broker_pid, data_dir = int(pid_text), Path(data_dir_text)
        assert data_dir.is_relative_to(run_tmp) and data_dir.is_dir()
        assert running(broker_pid)
        assert leftovers(run_tmp) != []  # the probe sees the running broker
        proc.send_signal(sig)
        proc.wait(60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    assert wait_no_leftovers(run_tmp) == []
    assert not running(broker_pid)
    assert not data_dir.exists()


def test_pytest11_entry_point_loads_the_plugin(pytester: pytest.Pytester, run_tmp: Path) -> None:
    """The ``pytest11`` entry point of pyproject.toml, installed as distribution metadata on the
    path, makes the fixtures available with no ``-p``."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    (name, target), *_ = project["entry-points"]["pytest11"].items()
    dist = pytester.path / "site" / "strom_ep_probe-0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: strom-ep-probe\nVersion: 0\n")
    (dist / "entry_points.txt").write_text(f"[pytest11]\n{name} = {target}\n")
    path = os.environ["PYTHONPATH"]
    os.environ["PYTHONPATH"] = f"{pytester.path / 'site'}{os.pathsep}{path}"
    pytester.makepyfile(
        test_ep="""
        def test_fixture(strom_bootstrap, strom_producer, strom_admin):
            strom_admin.create_topics({"ep": 1})
            assert strom_producer().send("ep", b"x").result(30).offset == 0
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-q", timeout=300)
    result.assert_outcomes(passed=1)
    assert wait_no_leftovers(run_tmp) == []
