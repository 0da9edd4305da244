"""A real Prometheus server (Debian's ``prometheus`` package) scrapes a 3-broker cluster and
evaluates the alert rules of ``docs/monitoring/strom-alerts.yml``: every target is up, and
stopping a follower makes the UnderReplicatedPartitions alert active, on the leader's instance."""

from __future__ import annotations

import json
import shutil
import subprocess
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from cluster_util import FAST, partitions, wait_for, wait_isr
from confluent_kafka.admin import AdminClient, NewTopic

from strom.tools.zookeeper import free_port

pytestmark = [pytest.mark.integration, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "monitoring" / "strom-alerts.yml"


def api(base: str, path: str, **params: str) -> Any:
    url = f"{base}/api/v1/{path}"
    if params:
        url += "?" + urllib.parse.urlencode(params)
    with urllib.request.urlopen(url, timeout=10) as resp:
        body = json.loads(resp.read())
    assert body["status"] == "success", body
    return body["data"]


def test_prometheus_scrapes_the_cluster_and_fires_an_alert(cluster_factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    if shutil.which("prometheus") is None:
        pytest.skip("Debian's prometheus package is not installed (scripts/install-sysdeps.sh)")
    c = cluster_factory(3, overrides=FAST)
    targets = [f"127.0.0.1:{b.metrics_port}" for b in c.brokers]
    port = free_port()
    config = tmp_path / "prometheus.yml"
    config.write_text(
        "global: {scrape_interval: 1s, evaluation_interval: 1s}\n"
        f"rule_files: ['{RULES}']\n"
        "scrape_configs:\n"
        "  - job_name: strom\n"
        f"    static_configs: [{{targets: {json.dumps(targets)}}}]\n"
    )
    log = open(tmp_path / "prometheus.log", "w")  # noqa: SIM115
    proc = subprocess.Popen(
        ["prometheus", f"--config.file={config}", f"--storage.tsdb.path={tmp_path / 'tsdb'}",
         f"--web.listen-address=127.0.0.1:{port}"],
        stdout=log, stderr=log,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        admin = AdminClient({"bootstrap.servers": c.bootstrap})
        admin.create_topics([NewTopic("alerted", 1, 3)])["alerted"].result(30)
        wait_isr(c.bootstrap, "alerted", 3)

        def all_up() -> bool | None:
            try:
                res = api(base, "query", query="up")["result"]
            except OSError:
                return None
            return (len(res) == 3 and all(r["value"][1] == "1" for r in res)) or None

        wait_for("prometheus scrapes 3 brokers", all_up, timeout=60)
        res = api(
            base, "query", query="sum(kafka_controller_kafkacontroller_activecontrollercount)"
        )
        assert res["result"][0]["value"][1] == "1"

        leader, replicas, _ = partitions(c.bootstrap, "alerted")[0]
        follower = next(r for r in replicas if r != leader)
        c.broker(follower).kill()

        def alert() -> dict[str, Any] | None:
            for a in api(base, "alerts")["alerts"]:
                if a["labels"]["alertname"] == "UnderReplicatedPartitions":
                    return a  # type: ignore[no-any-return]
            return None

        a = wait_for("UnderReplicatedPartitions active", alert, timeout=60)
        assert a["state"] in ("pending", "firing")
        assert a["labels"]["instance"] == f"127.0.0.1:{c.broker(leader).metrics_port}"
        assert float(a["value"]) >= 1
        assert all(
            x["labels"]["alertname"] != "OfflinePartitions" for x in api(base, "alerts")["alerts"]
        )
    finally:
        proc.terminate()
        proc.wait(30)
        log.close()
