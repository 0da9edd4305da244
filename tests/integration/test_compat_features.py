"""Finalized features (KIP-584) on a real broker: ApiVersions v3 lists Kafka 3.9's supported
features and the finalized levels with their epoch; UpdateFeatures upgrades, downgrades and
deletes with Kafka's per-item errors, honours validate_only, survives a restart, and a store that
cannot be written (a full tmpfs) answers FEATURE_UPDATE_FAILED and keeps the levels."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import BrokerProcess
from disk_full import fill, tmpfs
from wire import WireClient

from strom.protocol.messages.api_versions import ApiVersionsRequest, ApiVersionsResponse
from strom.protocol.messages.update_features import UpdateFeaturesRequest

pytestmark = pytest.mark.integration
U = UpdateFeaturesRequest
UPGRADE, SAFE, UNSAFE = 1, 2, 3
INVALID_REQUEST, FEATURE_UPDATE_FAILED = 42, 96


def _features(c: WireClient) -> tuple[dict[str, tuple[int, int]], dict[str, int], int]:
    r = c.request(ApiVersionsRequest(client_software_name="t", client_software_version="1"), 3)
    assert isinstance(r, ApiVersionsResponse)
    supported = {f.name: (f.min_version, f.max_version) for f in r.supported_features}
    finalized = {f.name: f.max_version_level for f in r.finalized_features}
    return supported, finalized, r.finalized_features_epoch


def _update(
    c: WireClient, items: list[tuple[str, int, int]], validate_only: bool = False, version: int = 1
) -> dict[str, int]:
    req = U(
        timeout_ms=5000,
        feature_updates=[
            U.FeatureUpdateKey(
                feature=n, max_version_level=lvl, upgrade_type=t, allow_downgrade=t == SAFE
            )
            for n, lvl, t in items
        ],
        validate_only=validate_only,
    )
    r = c.request(req, version)
    assert r.error_code == 0  # type: ignore[attr-defined]
    return {x.feature: x.error_code for x in r.results}  # type: ignore[attr-defined]


def test_features_listed_updated_and_kept(fresh_broker: BrokerProcess) -> None:
    fresh_broker.start()
    with WireClient(fresh_broker.bootstrap) as c:
        supported, finalized, epoch = _features(c)
        assert supported == {"metadata.version": (1, 21), "kraft.version": (0, 1)}
        assert finalized == {"metadata.version": 21, "kraft.version": 0} and epoch == 0
        # v0-2 of ApiVersions carry no features
        r0 = c.request(ApiVersionsRequest(), 2)
        assert r0.supported_features == [] and r0.finalized_features_epoch == -1  # type: ignore[attr-defined]
        assert _update(c, [("kraft.version", 1, UPGRADE)], validate_only=True) == {
            "kraft.version": 0
        }
        assert _features(c)[1:] == ({"metadata.version": 21, "kraft.version": 0}, 0)
        got = _update(
            c,
            [
                ("kraft.version", 1, UPGRADE),
                ("metadata.version", 20, UPGRADE),  # a downgrade without SAFE
                ("no.such.feature", 1, UPGRADE),
                ("", 1, UPGRADE),
            ],
        )
        assert got == {
            "kraft.version": 0,
            "metadata.version": INVALID_REQUEST,
            "no.such.feature": INVALID_REQUEST,
            "": INVALID_REQUEST,
        }
        assert _features(c)[1:] == ({"metadata.version": 21, "kraft.version": 1}, 1)
        assert _update(c, [("metadata.version", 22, UPGRADE)]) == {
            "metadata.version": INVALID_REQUEST
        }
        assert _update(c, [("metadata.version", 21, UPGRADE)]) == {
            "metadata.version": INVALID_REQUEST
        }
        assert _update(c, [("metadata.version", 20, UNSAFE)]) == {
            "metadata.version": INVALID_REQUEST
        }
        assert _update(c, [("metadata.version", 20, SAFE)]) == {"metadata.version": 0}
        # v0: allow_downgrade is a SAFE downgrade
        assert _update(c, [("metadata.version", 19, SAFE)], version=0) == {"metadata.version": 0}
        # deletion: level 0 with a downgrade type
        assert _update(c, [("kraft.version", 0, SAFE)]) == {"kraft.version": 0}
        assert _update(c, [("kraft.version", 0, SAFE)]) == {"kraft.version": INVALID_REQUEST}
        assert _features(c)[1:] == ({"metadata.version": 19}, 4)
    fresh_broker.kill()
    fresh_broker.start()
    with WireClient(fresh_broker.bootstrap) as c:
        assert _features(c)[1:] == ({"metadata.version": 19}, 4)


@pytest.fixture
def tiny_tmpfs(tmp_path: Path) -> Iterator[Path]:
    with tmpfs(tmp_path / "data") as mnt:
        yield mnt


def test_a_full_disk_fails_the_update_and_keeps_the_levels(tiny_tmpfs: Path) -> None:
    b = BrokerProcess(tiny_tmpfs)
    b.start()
    try:
        with WireClient(b.bootstrap) as c:
            filler = fill(tiny_tmpfs)
            got = _update(c, [("kraft.version", 1, UPGRADE), ("nope", 1, UPGRADE)])
            assert got == {"kraft.version": FEATURE_UPDATE_FAILED, "nope": INVALID_REQUEST}
            assert _features(c)[1:] == ({"metadata.version": 21, "kraft.version": 0}, 0)
            filler.unlink()
            assert _update(c, [("kraft.version", 1, UPGRADE)]) == {"kraft.version": 0}
            assert _features(c)[1:] == ({"metadata.version": 21, "kraft.version": 1}, 1)
        b.kill()
        b.start()
        with WireClient(b.bootstrap) as c:
            assert _features(c)[1:] == ({"metadata.version": 21, "kraft.version": 1}, 1)
    finally:
        if b.alive():
            b.kill()
