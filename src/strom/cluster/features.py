"""Finalized features (KIP-584) as Kafka 3.9 keeps them in ZooKeeper mode.

Owns: the features this broker supports, the cluster's finalized feature levels and their epoch,
and the validation of an UpdateFeatures request (``KafkaController.validateFeatureUpdate``).

Supported, as a Kafka 3.9 broker (``BrokerFeatures.defaultSupportedFeatures``, production
levels): ``metadata.version`` 1..21 (3.0-IV1 .. 3.9-IV0) and ``kraft.version`` 0..1. When nothing
is stored yet the finalized levels are Kafka's defaults (``defaultFinalizedFeatures``: each
supported maximum, ``kraft.version`` 0), written once, as Kafka's controller does at start.

Storage: in a cluster the znode ``/feature`` in Kafka's format (``{"version": 2, "status": 1,
"features": {"<name>": {"max_version_level": N}}}``); the epoch is the znode's version, every
broker watches it. On a single node ``<first log dir>/strom-features.json`` (same JSON plus an
``"epoch"``), replaced atomically.

Invariants: the levels answered in ApiVersions are the ones stored; an update is written whole or
not at all (FEATURE_UPDATE_FAILED on its valid items when the write fails); a finalized level is
always inside the supported range. Strom's behaviour does not depend on these levels (they are
reported and kept, as Kafka 3.9 ZooKeeper mode does with metadata.version).
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from strom.cluster.metadata import atomic_write
from strom.errors import ErrorCode

METADATA_VERSION, KRAFT_VERSION = "metadata.version", "kraft.version"
SUPPORTED: Mapping[str, tuple[int, int]] = {METADATA_VERSION: (1, 21), KRAFT_VERSION: (0, 1)}
DEFAULT_FINALIZED: Mapping[str, int] = {METADATA_VERSION: 21, KRAFT_VERSION: 0}
UPGRADE, SAFE_DOWNGRADE, UNSAFE_DOWNGRADE = 1, 2, 3
ZNODE = "/feature"
FILE = "strom-features.json"


@dataclass(frozen=True)
class FeatureUpdate:
    feature: str
    level: int
    upgrade_type: int  # 1 upgrade, 2 safe downgrade, 3 unsafe downgrade; 0 unknown


def _encode(features: Mapping[str, int], epoch: int | None = None) -> bytes:
    data: dict[str, Any] = {
        "version": 2,
        "status": 1,
        "features": {k: {"max_version_level": v} for k, v in sorted(features.items())},
    }
    if epoch is not None:
        data["epoch"] = epoch
    return json.dumps(data).encode()


def _decode(raw: bytes) -> dict[str, int]:
    data = json.loads(raw)
    if data.get("status") != 1:  # disabled: nothing finalized (Kafka ignores the features)
        return {}
    return {k: int(v["max_version_level"]) for k, v in data.get("features", {}).items()}


def validate(
    existing: Mapping[str, int], updates: list[FeatureUpdate]
) -> tuple[dict[str, int], dict[str, tuple[ErrorCode, str | None]]]:
    """Kafka's ``processFeatureUpdatesWithActiveController``: the target levels and each
    feature's result; invalid items leave their feature untouched."""
    target = dict(existing)
    results: dict[str, tuple[ErrorCode, str | None]] = {}
    for u in updates:
        error = _check(u, existing.get(u.feature))
        if error is not None:
            results[u.feature] = (ErrorCode.INVALID_REQUEST, error)
            continue
        if u.level < 1 and u.upgrade_type != UPGRADE:  # a deletion
            target.pop(u.feature, None)
        else:
            target[u.feature] = u.level
        results[u.feature] = (ErrorCode.NONE, None)
    return target, results


def _check(u: FeatureUpdate, existing: int | None) -> str | None:
    if not u.feature:
        return "Feature name can not be empty."
    if u.upgrade_type not in (UPGRADE, SAFE_DOWNGRADE, UNSAFE_DOWNGRADE):
        return "Received unknown upgrade type."
    if u.level < 1 and u.upgrade_type != UPGRADE:
        return "Can not delete non-existing finalized feature." if existing is None else None
    if u.level < 1:
        return (
            f"Can not provide versionLevel: {u.level} less than 1 without setting the SAFE "
            "downgradeType in the request."
        )
    if existing is not None:
        if u.level == existing:
            word = "downgrade" if u.upgrade_type == SAFE_DOWNGRADE else "upgrade"
            return (
                f"Can not {word} a finalized feature from existing versionLevel:{existing} to "
                "the same value."
            )
        if u.level < existing and u.upgrade_type != SAFE_DOWNGRADE:
            return (
                f"Can not downgrade finalized feature from existing versionLevel:{existing} to "
                f"provided versionLevel:{u.level} without setting the downgradeType to SAFE in "
                "the request."
            )
        if u.upgrade_type != UPGRADE and u.level > existing:
            return (
                f"When the downgradeType is set to SAFE in the request, the provided "
                f"versionLevel:{u.level} can not be greater than existing versionLevel:{existing}."
            )
    supported = SUPPORTED.get(u.feature)
    if supported is None:
        return (
            "Could not apply finalized feature update because the provided feature is not "
            "supported."
        )
    if not supported[0] <= u.level <= supported[1]:
        # Kafka's text, for a level above the range too (SupportedVersionRange.isIncompatibleWith)
        return (
            f"Could not apply finalized feature update because the provided "
            f"versionLevel:{u.level} is lower than the supported minVersion:{supported[0]}."
        )
    return None


class FeatureStore:
    """The finalized features and their epoch: ZooKeeper ``/feature`` or a file."""

    def __init__(self, directory: Path | None, zk: Any | None) -> None:
        self._zk = zk  # a kazoo client
        self._lock = threading.Lock()
        self.path = directory / FILE if directory is not None else None
        self._current: tuple[dict[str, int], int] = ({}, -1)

    def start(self) -> None:
        """Load (and on first start write Kafka's defaults); in a cluster, watch the znode."""
        if self._zk is not None:
            from kazoo.exceptions import NodeExistsError

            with contextlib.suppress(NodeExistsError):  # another broker wrote the defaults
                self._zk.create(ZNODE, _encode(DEFAULT_FINALIZED), makepath=True)
            self._zk.DataWatch(ZNODE, self._changed)
            return
        assert self.path is not None
        if self.path.exists():
            raw = self.path.read_bytes()
            self._current = (_decode(raw), int(json.loads(raw).get("epoch", 0)))
        else:
            self._write_file(dict(DEFAULT_FINALIZED))

    def _changed(self, data: bytes | None, stat: Any) -> None:
        if data is not None and stat is not None:
            self._current = (_decode(data), int(stat.version))

    def _write_file(self, features: dict[str, int]) -> None:
        assert self.path is not None
        epoch = self._current[1] + 1
        atomic_write(self.path, _encode(features, epoch))
        self._current = (features, epoch)

    def finalized(self) -> tuple[dict[str, int], int]:
        """(levels, epoch); epoch -1 before anything was read."""
        return self._current

    def replace(self, features: dict[str, int]) -> None:
        """Store ``features`` whole (blocking: call off the event loop); raises on failure."""
        with self._lock:
            if self._zk is not None:
                stat = self._zk.set(ZNODE, _encode(features))
                self._current = (dict(features), int(stat.version))
            else:
                self._write_file(dict(features))
