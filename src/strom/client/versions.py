"""API version negotiation: the highest version the codec, this client and the broker share.

Owns: the range of versions this client's code knows how to fill in and read, per API. The
codec (``strom.protocol.messages.APIS``) may know newer versions than the client uses (for
example Fetch v13+ addresses topics by id); the ``CLIENT`` table caps those.
"""

from __future__ import annotations

from strom.errors import ErrorCode, KafkaError
from strom.protocol.messages import APIS

# api key -> (lowest, highest) version the client code supports
CLIENT: dict[int, tuple[int, int]] = {
    0: (3, 11),  # Produce: RecordBatch v2 needs v3+
    1: (4, 12),  # Fetch: v13+ uses topic ids
    2: (1, 9),  # ListOffsets
    3: (1, 12),  # Metadata
    8: (2, 9),  # OffsetCommit: v9 is required by KIP-848 members
    9: (1, 7),  # OffsetFetch: v8+ batches groups
    10: (0, 3),  # FindCoordinator: v4+ batches keys
    11: (0, 7),  # JoinGroup
    12: (0, 4),  # Heartbeat
    13: (0, 4),  # LeaveGroup
    14: (0, 5),  # SyncGroup
    15: (0, 5),  # DescribeGroups
    16: (0, 4),  # ListGroups
    18: (0, 3),  # ApiVersions
    19: (1, 7),  # CreateTopics
    20: (1, 5),  # DeleteTopics: v6 uses topic ids
    21: (0, 2),  # DeleteRecords
    22: (0, 4),  # InitProducerId: v3+ carries producer id/epoch (KIP-360)
    23: (2, 4),  # OffsetForLeaderEpoch: v2+ has current_leader_epoch (KIP-320)
    24: (0, 3),  # AddPartitionsToTxn: v4+ is broker-to-broker (KIP-890)
    25: (0, 4),  # AddOffsetsToTxn
    26: (0, 4),  # EndTxn
    28: (0, 4),  # TxnOffsetCommit: v3+ carries generation/member (KIP-447)
    32: (1, 4),  # DescribeConfigs
    37: (0, 3),  # CreatePartitions
    42: (0, 2),  # DeleteGroups
    44: (0, 1),  # IncrementalAlterConfigs
    60: (0, 1),  # DescribeCluster
    68: (0, 0),  # ConsumerGroupHeartbeat: v1 (KIP-1082) adds regex subscriptions
}


def pick_version(api_key: int, broker: dict[int, tuple[int, int]] | None) -> int:
    """Highest version supported by the client, the codec and the broker.

    ``broker`` is the broker's ApiVersions table; ``None`` means unknown (use the client's
    maximum). Raises KafkaError(UNSUPPORTED_VERSION) when the ranges do not overlap.
    """
    info = APIS[api_key]
    lo, hi = CLIENT.get(api_key, (info.min_version, info.max_version))
    lo, hi = max(lo, info.min_version), min(hi, info.max_version)
    if broker is not None:
        if api_key not in broker:
            raise KafkaError(f"broker does not support {info.name}", ErrorCode.UNSUPPORTED_VERSION)
        blo, bhi = broker[api_key]
        lo, hi = max(lo, blo), min(hi, bhi)
    if lo > hi:
        raise KafkaError(
            f"no common version for {info.name} (client and broker ranges do not overlap)",
            ErrorCode.UNSUPPORTED_VERSION,
        )
    return hi
