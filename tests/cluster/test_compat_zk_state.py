"""Issue 21's ZooKeeper state in a real two-broker cluster, where Kafka 3.9 keeps it: finalized
features in ``/feature`` (UpdateFeatures only on the controller, every broker's ApiVersions
follows the znode), OffsetCommit v0 offsets in ``/consumers/<group>/offsets/<topic>/<partition>``
(read back through the other broker), and client metrics subscriptions in
``/config/client-metrics/<name>`` (listed by the other broker)."""

from __future__ import annotations

import json

import pytest
from cluster_util import FAST, wait_for
from kazoo.client import KazooClient
from wire import WireClient

from strom.protocol.messages.api_versions import ApiVersionsRequest
from strom.protocol.messages.create_topics import CreateTopicsRequest
from strom.protocol.messages.incremental_alter_configs import IncrementalAlterConfigsRequest
from strom.protocol.messages.list_client_metrics_resources import (
    ListClientMetricsResourcesRequest,
)
from strom.protocol.messages.metadata import MetadataRequest
from strom.protocol.messages.offset_commit import OffsetCommitRequest
from strom.protocol.messages.offset_fetch import OffsetFetchRequest
from strom.protocol.messages.update_features import UpdateFeaturesRequest

pytestmark = [pytest.mark.integration, pytest.mark.slow]
U = UpdateFeaturesRequest


def _finalized(bootstrap: str) -> tuple[dict[str, int], int]:
    with WireClient(bootstrap) as c:
        r = c.request(ApiVersionsRequest(client_software_name="t", client_software_version="1"), 3)
    return {f.name: f.max_version_level for f in r.finalized_features}, r.finalized_features_epoch  # type: ignore[attr-defined]


def _upgrade_kraft(bootstrap: str) -> tuple[int, list[tuple[str, int]]]:
    with WireClient(bootstrap) as c:
        r = c.request(
            U(feature_updates=[U.FeatureUpdateKey(feature="kraft.version", max_version_level=1)]), 1
        )
    return r.error_code, [(x.feature, x.error_code) for x in r.results]  # type: ignore[attr-defined]


def test_zookeeper_state_of_issue_21(cluster_factory) -> None:  # type: ignore[no-untyped-def]
    c = cluster_factory(2, overrides=FAST)
    by_id = {b.id: b.bootstrap for b in c.brokers}
    with WireClient(c.brokers[0].bootstrap) as w:
        controller = w.request(MetadataRequest(topics=[]), 1).controller_id  # type: ignore[attr-defined]
    other = next(i for i in by_id if i != controller)
    zk = KazooClient(hosts=c.zk_connect)
    zk.start(timeout=15)
    try:
        data, stat = zk.get("/feature")
        assert json.loads(data) == {
            "version": 2,
            "status": 1,
            "features": {
                "kraft.version": {"max_version_level": 0},
                "metadata.version": {"max_version_level": 21},
            },
        }
        assert _finalized(by_id[other]) == (
            {"metadata.version": 21, "kraft.version": 0},
            stat.version,
        )
        # UpdateFeatures: NOT_CONTROLLER (41) on the other broker, applied on the controller
        assert _upgrade_kraft(by_id[other]) == (41, [])
        assert _upgrade_kraft(by_id[controller]) == (0, [("kraft.version", 0)])
        data, stat = zk.get("/feature")
        assert json.loads(data)["features"]["kraft.version"] == {"max_version_level": 1}
        wait_for(
            "the other broker follows /feature",
            lambda: (
                _finalized(by_id[other])
                == ({"metadata.version": 21, "kraft.version": 1}, stat.version)
                or None
            ),
            timeout=30,
        )

        # OffsetCommit v0 on one broker is a znode, read back through the other
        with WireClient(by_id[controller]) as w:
            CT = CreateTopicsRequest
            w.request(
                CT(
                    topics=[
                        CT.CreatableTopic(name="zk-v0", num_partitions=1, replication_factor=2)
                    ],
                    timeout_ms=10000,
                ),
                5,
            )
            OC = OffsetCommitRequest
            r = w.request(
                OC(
                    group_id="zk-group",
                    topics=[
                        OC.OffsetCommitRequestTopic(
                            name="zk-v0",
                            partitions=[
                                OC.OffsetCommitRequestPartition(
                                    partition_index=0, committed_offset=5
                                )
                            ],
                        )
                    ],
                ),
                0,
            )
            assert r.topics[0].partitions[0].error_code == 0  # type: ignore[attr-defined]
        assert zk.get("/consumers/zk-group/offsets/zk-v0/0")[0] == b"5"
        OF = OffsetFetchRequest

        def fetched() -> tuple[int, int] | None:
            with WireClient(by_id[other]) as w:
                p = (
                    w.request(
                        OF(
                            group_id="zk-group",
                            topics=[
                                OF.OffsetFetchRequestTopic(name="zk-v0", partition_indexes=[0])
                            ],
                        ),
                        0,
                    )
                    .topics[0]
                    .partitions[0]
                )  # type: ignore[attr-defined]
            return (p.committed_offset, p.error_code) if p.error_code == 0 else None

        assert wait_for("v0 offset through the other broker", fetched, timeout=30) == (5, 0)

        # a client metrics subscription set on one broker is listed by the other
        IAC = IncrementalAlterConfigsRequest
        with WireClient(by_id[controller]) as w:
            r = w.request(
                IAC(
                    resources=[
                        IAC.AlterConfigsResource(
                            resource_type=16,
                            resource_name="zk-sub",
                            configs=[
                                IAC.AlterableConfig(name="metrics", config_operation=0, value="a.")
                            ],
                        )
                    ]
                ),
                1,
            )
            assert r.responses[0].error_code == 0  # type: ignore[attr-defined]
        assert json.loads(zk.get("/config/client-metrics/zk-sub")[0])["config"] == {"metrics": "a."}
        with WireClient(by_id[other]) as w:
            listed = w.request(ListClientMetricsResourcesRequest(), 0).client_metrics_resources  # type: ignore[attr-defined]
        assert [x.name for x in listed] == ["zk-sub"]
    finally:
        zk.stop()
        zk.close()
