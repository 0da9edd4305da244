"""Authorization of the APIs added for issue 21, as Kafka's: UpdateFeatures needs ALTER on the
cluster, client metrics resources DESCRIBE_CONFIGS / ALTER_CONFIGS on the cluster,
ListClientMetricsResources DESCRIBE_CONFIGS on the cluster, OffsetFetch v0 DESCRIBE on the group
and on each topic. A refusal changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from integration.test_acl_handlers import ADMIN, RT, E, Op, allow, call, commit_req, run, running

from strom.protocol.messages.describe_configs import DescribeConfigsRequest
from strom.protocol.messages.incremental_alter_configs import IncrementalAlterConfigsRequest
from strom.protocol.messages.list_client_metrics_resources import (
    ListClientMetricsResourcesRequest,
)
from strom.protocol.messages.offset_fetch import OffsetFetchRequest
from strom.protocol.messages.update_features import UpdateFeaturesRequest

pytestmark = pytest.mark.integration
U = UpdateFeaturesRequest
IAC = IncrementalAlterConfigsRequest
CLUSTER = "kafka-cluster"


def _kraft_upgrade() -> UpdateFeaturesRequest:
    return U(feature_updates=[U.FeatureUpdateKey(feature="kraft.version", max_version_level=1)])


def _subscribe() -> IncrementalAlterConfigsRequest:
    return IAC(
        resources=[
            IAC.AlterConfigsResource(
                resource_type=16,
                resource_name="sub",
                configs=[IAC.AlterableConfig(name="metrics", config_operation=0, value="a.")],
            )
        ]
    )


def test_update_features_needs_alter_on_the_cluster(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as b:
            r = await call(b, 57, _kraft_upgrade(), version=1)
            assert (r.error_code, r.results) == (E.CLUSTER_AUTHORIZATION_FAILED, [])
            assert b.features.finalized()[0]["kraft.version"] == 0
            allow(b, RT.CLUSTER, CLUSTER, Op.ALTER)
            r = await call(b, 57, _kraft_upgrade(), version=1)
            assert r.error_code == 0 and r.results[0].error_code == 0
            assert b.features.finalized()[0]["kraft.version"] == 1

    run(scenario())


def test_client_metrics_resources_need_cluster_config_rights(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as b:
            r = await call(b, 44, _subscribe(), version=1)
            assert r.responses[0].error_code == E.CLUSTER_AUTHORIZATION_FAILED
            assert b.client_metrics.store.names() == []
            r = await call(b, 74, ListClientMetricsResourcesRequest(), version=0)
            assert (r.error_code, r.client_metrics_resources) == (
                E.CLUSTER_AUTHORIZATION_FAILED,
                [],
            )
            D = DescribeConfigsRequest
            describe = D(
                resources=[D.DescribeConfigsResource(resource_type=16, resource_name="sub")]
            )
            r = await call(b, 32, describe, version=4)
            assert r.results[0].error_code == E.CLUSTER_AUTHORIZATION_FAILED
            assert r.results[0].configs == []
            r = await call(b, 44, _subscribe(), version=1, principal=ADMIN)
            assert r.responses[0].error_code == 0
            allow(b, RT.CLUSTER, CLUSTER, Op.DESCRIBE_CONFIGS)
            r = await call(b, 74, ListClientMetricsResourcesRequest(), version=0)
            assert [x.name for x in r.client_metrics_resources] == ["sub"]
            r = await call(b, 32, describe, version=4)
            assert {c.name: c.value for c in r.results[0].configs}["metrics"] == "a."

    run(scenario())


def test_offset_fetch_v0_checks_group_and_topic(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as b:
            r = await call(b, 8, commit_req("g0", ["t"], 7), version=0, principal=ADMIN)
            assert r.topics[0].partitions[0].error_code == 0
            F = OffsetFetchRequest
            ask = F(
                group_id="g0", topics=[F.OffsetFetchRequestTopic(name="t", partition_indexes=[0])]
            )
            r = await call(b, 9, ask, version=0)
            p = r.topics[0].partitions[0]
            assert (p.committed_offset, p.error_code) == (-1, E.GROUP_AUTHORIZATION_FAILED)
            allow(b, RT.GROUP, "g0", Op.DESCRIBE)
            r = await call(b, 9, ask, version=0)
            p = r.topics[0].partitions[0]
            assert (p.committed_offset, p.error_code) == (-1, E.TOPIC_AUTHORIZATION_FAILED)
            allow(b, RT.TOPIC, "t", Op.DESCRIBE)
            r = await call(b, 9, ask, version=0)
            p = r.topics[0].partitions[0]
            assert (p.committed_offset, p.error_code) == (7, 0)

    run(scenario())
