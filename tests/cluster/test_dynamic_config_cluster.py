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
from cluster_util import FAST, partitions, wait_for, wait_isr
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


def test_cleaner_threads_default_reconfigures_every_broker_and_survives_restart(
    cluster_factory,  # type: ignore[no-untyped-def]
) -> None:
    """``log.cleaner.threads`` (a reconfigurable, not a topic default) set cluster-wide through
    one broker: every broker restarts its cleaner with 2 threads without a restart, describes
    it as DYNAMIC_DEFAULT_BROKER_CONFIG, and a restarted broker starts with it."""
    c = cluster_factory(3, overrides=FAST)
    r = configs(c.brokers[0].bootstrap, "--entity-default", "--alter",
                "--add-config", "log.cleaner.threads=2")  # fmt: skip
    assert r.returncode == 0, r.stderr
    for b in c.brokers:
        wait_for(
            f"broker {b.id} restarts its cleaner with 2 threads",
            lambda b=b: "log cleaner reconfigured: 2 thread(s)" in b.log_text() or None,
            timeout=30,
        )
        r = configs(c.bootstrap, "--entity-name", str(b.id), "--describe", "--all")
        want = "  log.cleaner.threads=2 sensitive=false synonyms={DYNAMIC_DEFAULT_BROKER_CONFIG:"
        assert want in r.stdout, (r.returncode, r.stdout, r.stderr)
    restarted = c.brokers[2]
    restarted.stop()
    before = restarted.log_text().count("started 2 log cleaner thread(s)")
    restarted.start()
    restarted.wait_ready()
    assert restarted.log_text().count("started 2 log cleaner thread(s)") == before + 1
    assert value_on(restarted.bootstrap, restarted.id, "log.cleaner.threads") == "2"


def test_num_replica_fetchers_resized_keeps_every_partition_replicating(
    cluster_factory,  # type: ignore[no-untyped-def]
) -> None:
    """``num.replica.fetchers`` raised on broker 1 at run time: its followed partitions are
    re-spread over 2 fetchers per leader, none is dropped and none loses its position -- with
    ``min.insync.replicas=3`` every acks=all produce after the change still needs broker 1 to
    fetch every partition, and every ISR keeps all three brokers."""
    from confluent_kafka import Producer
    from confluent_kafka.admin import AdminClient, NewTopic

    c = cluster_factory(3, overrides=FAST)
    admin = AdminClient({"bootstrap.servers": c.bootstrap})
    fut = admin.create_topics(
        [NewTopic("spread", 6, 3, config={"min.insync.replicas": "3"})], operation_timeout=30
    )["spread"]
    fut.result(60)
    wait_isr(c.bootstrap, "spread", 3)
    errors: list[object] = []

    def produce(n: int) -> None:
        p = Producer({"bootstrap.servers": c.bootstrap, "acks": "all", "linger.ms": 5})
        for i in range(n):
            p.produce("spread", value=b"v%d" % i, partition=i % 6,
                      on_delivery=lambda err, _m: errors.append(err) if err else None)  # fmt: skip
        assert p.flush(60) == 0

    produce(120)
    r = configs(c.bootstrap, "--entity-name", "1", "--alter",
                "--add-config", "num.replica.fetchers=2")  # fmt: skip
    assert r.returncode == 0, r.stderr
    line = wait_for(
        "broker 1 resizes its replica fetchers",
        lambda: next((ln for ln in c.broker(1).log_text().splitlines()
                      if "replica fetchers resized to 2 per source broker" in ln), None),
        timeout=30,
    )  # fmt: skip
    followed = sum(1 for _, (leader, _r, _i) in partitions(c.bootstrap, "spread").items()
                   if leader != 1)  # fmt: skip
    assert int(line.rsplit("for ", 1)[1].split()[0]) >= followed, line  # every one moved
    r = configs(c.bootstrap, "--entity-name", "1", "--alter",
                "--add-config", "num.replica.fetchers=5")  # fmt: skip
    assert r.returncode != 0 and "double the current value 2" in r.stdout + r.stderr
    produce(120)
    assert errors == []
    assert all(sorted(isr) == [1, 2, 3] for _, _, isr in partitions(c.bootstrap, "spread").values())
    assert value_on(c.bootstrap, 1, "num.replica.fetchers") == "2"
