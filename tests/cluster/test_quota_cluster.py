"""Client quotas in ZooKeeper on a real 3-broker cluster: a quota set through one broker is
enforced by every broker (each answers a Produce of the quota's client id with
``throttle_time_ms`` > 0) and described by every broker; removed through another broker, it is
lifted everywhere. A user's quota and SCRAM credential share ``/config/users/<user>`` and neither
write loses the other."""

from __future__ import annotations

import asyncio
import time

import pytest
from cluster_util import FAST, wait_for
from confluent_kafka.admin import AdminClient as CkAdmin
from confluent_kafka.admin import ScramCredentialInfo, ScramMechanism, UserScramCredentialUpsertion

from strom.client import AdminClient
from strom.client.admin_quotas import QuotaAlteration
from strom.client.connection import BrokerConnection
from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages.produce import ProduceRequest, ProduceResponse
from strom.protocol.records.builder import RecordBatchBuilder

pytestmark = pytest.mark.integration

CLIENT = "quota-probe"


async def _produce_throttle(port: int) -> int:
    """The throttle_time_ms of a 5 KB Produce sent as ``CLIENT`` (to a topic that need not
    exist: Kafka records a Produce's bytes whatever the answer)."""
    conn = BrokerConnection(
        "127.0.0.1", port, client_id=CLIENT, request_timeout=20, connect_timeout=5, max_in_flight=1
    )
    await conn.connect()
    try:
        batch = RecordBatchBuilder()
        batch.append(b"x" * 5000, timestamp=0)
        req = ProduceRequest(
            acks=1,
            timeout_ms=5000,
            topic_data=[
                ProduceRequest.TopicProduceData(
                    name="nowhere",
                    partition_data=[
                        ProduceRequest.PartitionProduceData(index=0, records=batch.build())
                    ],
                )
            ],
        )
        resp = await conn.request(req, ProduceResponse, 9)
        return int(resp.throttle_time_ms)
    finally:
        conn.close()


def throttles(ports: list[int]) -> list[int]:
    return [asyncio.run(_produce_throttle(p)) for p in ports]


def test_quota_set_through_one_broker_applies_on_all(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    overrides = {**FAST, "quota.window.num": "2"}
    cluster = cluster_factory(brokers=3, overrides=overrides)
    b1, b2, b3 = cluster.brokers
    ports = [b.port for b in cluster.brokers]
    assert throttles(ports) == [0, 0, 0]

    with AdminClient({"bootstrap.servers": b1.bootstrap}) as a1:
        [ok] = a1.alter_client_quotas(
            [QuotaAlteration({"client-id": CLIENT}, {"producer_byte_rate": 1000})]
        )
        assert ok is None
    wait_for("quota on every broker", lambda: all(t > 0 for t in throttles(ports)) or None, 15)
    with AdminClient({"bootstrap.servers": b3.bootstrap}) as a3:
        assert a3.describe_client_quotas() == [
            ({"client-id": CLIENT}, {"producer_byte_rate": 1000.0})
        ]

    # a user's quota and SCRAM credential live in the same znode: both survive each other
    ck = CkAdmin({"bootstrap.servers": b2.bootstrap, "log_level": 0})
    with AdminClient({"bootstrap.servers": b2.bootstrap}) as a2:
        [ok] = a2.alter_client_quotas(
            [QuotaAlteration({"user": "alice"}, {"consumer_byte_rate": 5000})]
        )
        assert ok is None
        info = ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, 4096)
        up = UserScramCredentialUpsertion("alice", info, b"alice-secret")
        for f in ck.alter_user_scram_credentials([up]).values():
            assert f.result(timeout=30) is None
        [ok] = a2.alter_client_quotas(
            [QuotaAlteration({"user": "alice"}, {"producer_byte_rate": 7000})]
        )
        assert ok is None
        described = ck.describe_user_scram_credentials(["alice"])["alice"].result(timeout=30)
        assert described.scram_credential_infos[0].iterations == 4096
        alice = [v for e, v in a2.describe_client_quotas() if e == {"user": "alice"}]
        assert alice == [{"consumer_byte_rate": 5000.0, "producer_byte_rate": 7000.0}]

        # removed through broker 2: lifted on every broker
        [ok] = a2.alter_client_quotas(
            [QuotaAlteration({"client-id": CLIENT}, {"producer_byte_rate": None})]
        )
        assert ok is None
    wait_for("quota lifted on every broker", lambda: throttles(ports) == [0, 0, 0] or None, 15)

    # a restarted broker loads the quotas from ZooKeeper
    b1.stop()
    b1.start()
    with AdminClient({"bootstrap.servers": b1.bootstrap}) as a1:
        assert [e for e, _ in a1.describe_client_quotas()] == [{"user": "alice"}]


def _alter_code(bootstrap: str, rate: float) -> int:
    with AdminClient({"bootstrap.servers": bootstrap}) as admin:
        [outcome] = admin.alter_client_quotas(
            [QuotaAlteration({"client-id": "other"}, {"producer_byte_rate": rate})]
        )
    return 0 if outcome is None else int(outcome.code) if isinstance(outcome, KafkaError) else -1


def test_zookeeper_down_refuses_changes_and_keeps_enforcing(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    cluster = cluster_factory(
        brokers=1, overrides={**FAST, "quota.window.num": "2"}, own_zookeeper=True
    )
    (b,) = cluster.brokers
    with AdminClient({"bootstrap.servers": b.bootstrap}) as admin:
        [ok] = admin.alter_client_quotas(
            [QuotaAlteration({"client-id": CLIENT}, {"producer_byte_rate": 1000})]
        )
        assert ok is None
    assert throttles([b.port]) != [0]
    assert cluster.zookeeper is not None
    cluster.zookeeper.stop()
    t0 = time.monotonic()
    assert _alter_code(b.bootstrap, 5000) == ErrorCode.UNKNOWN_SERVER_ERROR
    assert time.monotonic() - t0 < 10
    # the quota in force keeps being enforced and the broker serves
    assert throttles([b.port]) != [0]
    cluster.zookeeper.start()
    wait_for(
        "quota changes accepted again", lambda: _alter_code(b.bootstrap, 5000) == 0 or None, 60
    )
    assert b.alive
