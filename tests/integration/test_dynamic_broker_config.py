"""Dynamic broker configs (KIP-226) on a real broker, changed with ``strom configs``: a change
takes effect without a restart, survives a restart, shows Kafka's config sources, per-broker
beats cluster default, and invalid or static keys are refused without changing anything."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from metrics_scrape import ROOT, broker_process_class
from wire import WireClient

from strom.protocol import records as rec
from strom.protocol.messages.create_topics import CreateTopicsRequest, CreateTopicsResponse
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse

pytestmark = pytest.mark.integration

TOO_LARGE = 10


def configs(bootstrap: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "strom.tools.cli", "configs", "--bootstrap-server", bootstrap,
         "--entity-type", "brokers", *args],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=60,
    )  # fmt: skip


def create_topic(bootstrap: str, name: str) -> None:
    CT = CreateTopicsRequest
    with WireClient(bootstrap) as c:
        resp = c.request(
            CT(
                topics=[CT.CreatableTopic(name=name, num_partitions=1, replication_factor=1)],
                timeout_ms=5000,
            ),
            7,
        )
    assert isinstance(resp, CreateTopicsResponse) and resp.topics[0].error_code == 0


def produce(bootstrap: str, topic: str, value_size: int) -> int:
    b = rec.RecordBatchBuilder()
    b.append(b"x" * value_size)
    P = ProduceRequest
    req = P(
        acks=1,
        timeout_ms=5000,
        topic_data=[
            P.TopicProduceData(
                name=topic, partition_data=[P.PartitionProduceData(index=0, records=b.build())]
            )
        ],
    )
    with WireClient(bootstrap) as c:
        resp = c.request(req, 9)
    assert isinstance(resp, ProduceResponse)
    return resp.responses[0].partition_responses[0].error_code


@pytest.fixture
def dbroker(tmp_path: Path) -> Iterator[Any]:
    b = broker_process_class()(tmp_path / "data")
    b.start()
    yield b
    if b.alive():
        b.stop()


def line(out: str, key: str) -> str:
    found = [ln for ln in out.splitlines() if ln.startswith(f"  {key}=")]
    assert len(found) == 1, out
    return found[0]


def test_cluster_default_applies_at_once_and_survives_restart(dbroker: Any) -> None:
    create_topic(dbroker.bootstrap, "dyn")
    assert produce(dbroker.bootstrap, "dyn", 5000) == 0
    r = configs(dbroker.bootstrap, "--entity-default", "--alter",
                "--add-config", "message.max.bytes=1000")  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "Completed updating default config for brokers in the cluster." in r.stdout
    assert produce(dbroker.bootstrap, "dyn", 5000) == TOO_LARGE  # no restart
    assert produce(dbroker.bootstrap, "dyn", 100) == 0

    r = configs(dbroker.bootstrap, "--entity-default", "--describe")
    assert "  message.max.bytes=1000 sensitive=false synonyms={DYNAMIC_DEFAULT_BROKER_CONFIG:" in (
        r.stdout
    )
    dbroker.stop()
    dbroker.start()
    assert produce(dbroker.bootstrap, "dyn", 5000) == TOO_LARGE  # after a restart too
    r = configs(dbroker.bootstrap, "--entity-name", "0", "--describe", "--all")
    assert r.returncode == 0, r.stderr
    assert line(r.stdout, "message.max.bytes").startswith(
        "  message.max.bytes=1000 sensitive=false synonyms={DYNAMIC_DEFAULT_BROKER_CONFIG:"
        "message.max.bytes=1000, DEFAULT_CONFIG:message.max.bytes=1048588}"
    )

    # this broker's own value wins over the cluster default; deleting it falls back
    r = configs(dbroker.bootstrap, "--entity-name", "0", "--alter",
                "--add-config", "message.max.bytes=20000")  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert produce(dbroker.bootstrap, "dyn", 5000) == 0
    r = configs(dbroker.bootstrap, "--entity-name", "0", "--describe")
    assert "  message.max.bytes=20000 sensitive=false synonyms={DYNAMIC_BROKER_CONFIG:" in r.stdout
    r = configs(dbroker.bootstrap, "--entity-name", "0", "--alter",
                "--delete-config", "message.max.bytes")  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert produce(dbroker.bootstrap, "dyn", 5000) == TOO_LARGE


def test_retention_default_reaches_topic_configs(dbroker: Any) -> None:
    create_topic(dbroker.bootstrap, "ret")
    r = configs(dbroker.bootstrap, "--entity-default", "--alter",
                "--add-config", "log.retention.ms=60000")  # fmt: skip
    assert r.returncode == 0, r.stderr
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run(
        [sys.executable, "-m", "strom.tools.cli", "configs", "--bootstrap-server",
         dbroker.bootstrap, "--entity-type", "topics", "--entity-name", "ret", "--describe",
         "--all"],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=60,
    ).stdout  # fmt: skip
    assert line(out, "retention.ms").startswith(
        "  retention.ms=60000 sensitive=false synonyms={DYNAMIC_DEFAULT_BROKER_CONFIG:"
        "log.retention.ms=60000"
    )


def test_invalid_and_static_changes_are_refused(dbroker: Any) -> None:
    create_topic(dbroker.bootstrap, "keep")
    r = configs(dbroker.bootstrap, "--entity-default", "--alter",
                "--add-config", "message.max.bytes=1000,log.segment.bytes=banana")  # fmt: skip
    assert r.returncode != 0 and "INVALID_CONFIG" in r.stderr + r.stdout
    r = configs(dbroker.bootstrap, "--entity-name", "0", "--alter",
                "--add-config", "log.dirs=/tmp/elsewhere")  # fmt: skip
    assert r.returncode != 0 and "Cannot update these configs dynamically" in r.stderr + r.stdout
    r = configs(dbroker.bootstrap, "--entity-name", "0", "--alter",
                "--add-config", "message.max.bytes=-5")  # fmt: skip
    assert r.returncode != 0 and "INVALID_CONFIG" in r.stderr + r.stdout
    assert produce(dbroker.bootstrap, "keep", 5000) == 0  # nothing of the refused changes applied
    r = configs(dbroker.bootstrap, "--entity-default", "--describe")
    assert "message.max.bytes" not in r.stdout


def test_a_change_that_cannot_be_stored_is_refused_and_not_applied(tmp_path: Path) -> None:
    """The data directory is a tmpfs filled to the last byte: storing the change fails, the
    broker answers KAFKA_STORAGE_ERROR, keeps the old value and keeps serving."""
    mnt = tmp_path / "full"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mnt)]).returncode:
        pytest.skip("cannot mount a tmpfs here (not root)")
    b = broker_process_class()(mnt / "data")
    try:
        b.start()
        create_topic(b.bootstrap, "full")
        filler = mnt / "filler"
        subprocess.run(["dd", "if=/dev/zero", f"of={filler}", "bs=64k"], capture_output=True)
        r = configs(b.bootstrap, "--entity-default", "--alter",
                    "--add-config", "message.max.bytes=1000")  # fmt: skip
        assert r.returncode != 0 and "KAFKA_STORAGE_ERROR" in r.stderr + r.stdout
        filler.unlink()
        assert produce(b.bootstrap, "full", 5000) == 0  # the old limit still holds
        r = configs(b.bootstrap, "--entity-default", "--describe")
        assert r.returncode == 0 and "message.max.bytes" not in r.stdout
        b.stop()
        b.start()  # and nothing half-written is read back at start
        assert produce(b.bootstrap, "full", 5000) == 0
    finally:
        if b.alive():
            b.kill()
        subprocess.run(["umount", "-l", str(mnt)])


def test_append_and_subtract_on_a_list_config(dbroker: Any) -> None:
    """IncrementalAlterConfigs APPEND / SUBTRACT from confluent-kafka on the list-typed
    ``log.cleanup.policy`` (from its default ``delete``), and refused with INVALID_REQUEST on a
    key that is not a list, as Kafka does."""
    from confluent_kafka import KafkaException
    from confluent_kafka.admin import (
        AdminClient,
        AlterConfigOpType,
        ConfigEntry,
        ConfigResource,
        ResourceType,
    )

    admin = AdminClient({"bootstrap.servers": dbroker.bootstrap})

    def alter(name: str, value: str, op: Any) -> None:
        res = ConfigResource(
            ResourceType.BROKER, "0",
            incremental_configs=[ConfigEntry(name, value, incremental_operation=op)],
        )  # fmt: skip
        admin.incremental_alter_configs([res])[res].result(30)

    def policy() -> str:
        r = configs(dbroker.bootstrap, "--entity-name", "0", "--describe")
        return line(r.stdout, "log.cleanup.policy").split("=", 1)[1].split(" ", 1)[0]

    alter("log.cleanup.policy", "compact", AlterConfigOpType.APPEND)
    assert policy() == "delete,compact"
    alter("log.cleanup.policy", "compact", AlterConfigOpType.APPEND)  # already there: unchanged
    assert policy() == "delete,compact"
    alter("log.cleanup.policy", "delete", AlterConfigOpType.SUBTRACT)
    assert policy() == "compact"
    with pytest.raises(KafkaException, match="append is not allowed"):
        alter("log.retention.ms", "5", AlterConfigOpType.APPEND)
    assert policy() == "compact"  # the refused request changed nothing
