"""Registry of every Kafka API this codec knows: key -> module, classes, versions.

Generated from the JSON schemas (Kafka 3.9) by codegen/generate.py. Do not edit.
Message modules are imported lazily, on first use of their API.
"""

from __future__ import annotations

import importlib
from typing import NamedTuple

from strom.protocol.codec import Message


class ApiInfo(NamedTuple):
    api_key: int
    name: str
    module: str
    min_version: int
    max_version: int
    flexible_min: int
    latest_version_unstable: bool
    listeners: tuple[str, ...]

    def request_class(self) -> type[Message]:
        cls: type[Message] = getattr(
            importlib.import_module(f'strom.protocol.messages.{self.module}'), self.name + 'Request'
        )
        return cls

    def response_class(self) -> type[Message]:
        cls: type[Message] = getattr(
            importlib.import_module(f'strom.protocol.messages.{self.module}'), self.name + 'Response'
        )
        return cls


APIS: dict[int, ApiInfo] = {
    0: ApiInfo(0, 'Produce', 'produce', 0, 11, 9, False, ('zkBroker', 'broker')),
    1: ApiInfo(1, 'Fetch', 'fetch', 0, 17, 12, False, ('zkBroker', 'broker', 'controller')),
    2: ApiInfo(2, 'ListOffsets', 'list_offsets', 0, 9, 6, False, ('zkBroker', 'broker')),
    3: ApiInfo(3, 'Metadata', 'metadata', 0, 12, 9, False, ('zkBroker', 'broker')),
    4: ApiInfo(4, 'LeaderAndIsr', 'leader_and_isr', 0, 7, 4, False, ('zkBroker',)),
    5: ApiInfo(5, 'StopReplica', 'stop_replica', 0, 4, 2, False, ('zkBroker',)),
    6: ApiInfo(6, 'UpdateMetadata', 'update_metadata', 0, 8, 6, False, ('zkBroker',)),
    7: ApiInfo(7, 'ControlledShutdown', 'controlled_shutdown', 0, 3, 3, False, ('zkBroker', 'controller')),
    8: ApiInfo(8, 'OffsetCommit', 'offset_commit', 0, 9, 8, False, ('zkBroker', 'broker')),
    9: ApiInfo(9, 'OffsetFetch', 'offset_fetch', 0, 9, 6, False, ('zkBroker', 'broker')),
    10: ApiInfo(10, 'FindCoordinator', 'find_coordinator', 0, 6, 3, False, ('zkBroker', 'broker')),
    11: ApiInfo(11, 'JoinGroup', 'join_group', 0, 9, 6, False, ('zkBroker', 'broker')),
    12: ApiInfo(12, 'Heartbeat', 'heartbeat', 0, 4, 4, False, ('zkBroker', 'broker')),
    13: ApiInfo(13, 'LeaveGroup', 'leave_group', 0, 5, 4, False, ('zkBroker', 'broker')),
    14: ApiInfo(14, 'SyncGroup', 'sync_group', 0, 5, 4, False, ('zkBroker', 'broker')),
    15: ApiInfo(15, 'DescribeGroups', 'describe_groups', 0, 5, 5, False, ('zkBroker', 'broker')),
    16: ApiInfo(16, 'ListGroups', 'list_groups', 0, 5, 3, False, ('zkBroker', 'broker')),
    17: ApiInfo(17, 'SaslHandshake', 'sasl_handshake', 0, 1, -1, False, ('zkBroker', 'broker', 'controller')),
    18: ApiInfo(18, 'ApiVersions', 'api_versions', 0, 4, 3, False, ('zkBroker', 'broker', 'controller')),
    19: ApiInfo(19, 'CreateTopics', 'create_topics', 0, 7, 5, False, ('zkBroker', 'broker', 'controller')),
    20: ApiInfo(20, 'DeleteTopics', 'delete_topics', 0, 6, 4, False, ('zkBroker', 'broker', 'controller')),
    21: ApiInfo(21, 'DeleteRecords', 'delete_records', 0, 2, 2, False, ('zkBroker', 'broker')),
    22: ApiInfo(22, 'InitProducerId', 'init_producer_id', 0, 5, 2, False, ('zkBroker', 'broker')),
    23: ApiInfo(23, 'OffsetForLeaderEpoch', 'offset_for_leader_epoch', 0, 4, 4, False, ('zkBroker', 'broker')),
    24: ApiInfo(24, 'AddPartitionsToTxn', 'add_partitions_to_txn', 0, 5, 3, False, ('zkBroker', 'broker')),
    25: ApiInfo(25, 'AddOffsetsToTxn', 'add_offsets_to_txn', 0, 4, 3, False, ('zkBroker', 'broker')),
    26: ApiInfo(26, 'EndTxn', 'end_txn', 0, 4, 3, False, ('zkBroker', 'broker')),
    27: ApiInfo(27, 'WriteTxnMarkers', 'write_txn_markers', 0, 1, 1, False, ('zkBroker', 'broker')),
    28: ApiInfo(28, 'TxnOffsetCommit', 'txn_offset_commit', 0, 4, 3, False, ('zkBroker', 'broker')),
    29: ApiInfo(29, 'DescribeAcls', 'describe_acls', 0, 3, 2, False, ('zkBroker', 'broker', 'controller')),
    30: ApiInfo(30, 'CreateAcls', 'create_acls', 0, 3, 2, False, ('zkBroker', 'broker', 'controller')),
    31: ApiInfo(31, 'DeleteAcls', 'delete_acls', 0, 3, 2, False, ('zkBroker', 'broker', 'controller')),
    32: ApiInfo(32, 'DescribeConfigs', 'describe_configs', 0, 4, 4, False, ('zkBroker', 'broker', 'controller')),
    33: ApiInfo(33, 'AlterConfigs', 'alter_configs', 0, 2, 2, False, ('zkBroker', 'broker', 'controller')),
    34: ApiInfo(34, 'AlterReplicaLogDirs', 'alter_replica_log_dirs', 0, 2, 2, False, ('zkBroker', 'broker')),
    35: ApiInfo(35, 'DescribeLogDirs', 'describe_log_dirs', 0, 4, 2, False, ('zkBroker', 'broker')),
    36: ApiInfo(36, 'SaslAuthenticate', 'sasl_authenticate', 0, 2, 2, False, ('zkBroker', 'broker', 'controller')),
    37: ApiInfo(37, 'CreatePartitions', 'create_partitions', 0, 3, 2, False, ('zkBroker', 'broker', 'controller')),
    38: ApiInfo(38, 'CreateDelegationToken', 'create_delegation_token', 0, 3, 2, False, ('zkBroker', 'broker', 'controller')),
    39: ApiInfo(39, 'RenewDelegationToken', 'renew_delegation_token', 0, 2, 2, False, ('zkBroker', 'broker', 'controller')),
    40: ApiInfo(40, 'ExpireDelegationToken', 'expire_delegation_token', 0, 2, 2, False, ('zkBroker', 'broker', 'controller')),
    41: ApiInfo(41, 'DescribeDelegationToken', 'describe_delegation_token', 0, 3, 2, False, ('zkBroker', 'broker', 'controller')),
    42: ApiInfo(42, 'DeleteGroups', 'delete_groups', 0, 2, 2, False, ('zkBroker', 'broker')),
    43: ApiInfo(43, 'ElectLeaders', 'elect_leaders', 0, 2, 2, False, ('zkBroker', 'broker', 'controller')),
    44: ApiInfo(44, 'IncrementalAlterConfigs', 'incremental_alter_configs', 0, 1, 1, False, ('zkBroker', 'broker', 'controller')),
    45: ApiInfo(45, 'AlterPartitionReassignments', 'alter_partition_reassignments', 0, 0, 0, False, ('broker', 'controller', 'zkBroker')),
    46: ApiInfo(46, 'ListPartitionReassignments', 'list_partition_reassignments', 0, 0, 0, False, ('broker', 'controller', 'zkBroker')),
    47: ApiInfo(47, 'OffsetDelete', 'offset_delete', 0, 0, -1, False, ('zkBroker', 'broker')),
    48: ApiInfo(48, 'DescribeClientQuotas', 'describe_client_quotas', 0, 1, 1, False, ('zkBroker', 'broker')),
    49: ApiInfo(49, 'AlterClientQuotas', 'alter_client_quotas', 0, 1, 1, False, ('zkBroker', 'broker', 'controller')),
    50: ApiInfo(50, 'DescribeUserScramCredentials', 'describe_user_scram_credentials', 0, 0, 0, False, ('zkBroker', 'broker', 'controller')),
    51: ApiInfo(51, 'AlterUserScramCredentials', 'alter_user_scram_credentials', 0, 0, 0, False, ('zkBroker', 'broker', 'controller')),
    52: ApiInfo(52, 'Vote', 'vote', 0, 1, 0, False, ('controller',)),
    53: ApiInfo(53, 'BeginQuorumEpoch', 'begin_quorum_epoch', 0, 1, 1, False, ('controller',)),
    54: ApiInfo(54, 'EndQuorumEpoch', 'end_quorum_epoch', 0, 1, 1, False, ('controller',)),
    55: ApiInfo(55, 'DescribeQuorum', 'describe_quorum', 0, 2, 0, False, ('broker', 'controller')),
    56: ApiInfo(56, 'AlterPartition', 'alter_partition', 0, 3, 0, False, ('zkBroker', 'controller')),
    57: ApiInfo(57, 'UpdateFeatures', 'update_features', 0, 1, 0, False, ('zkBroker', 'broker', 'controller')),
    58: ApiInfo(58, 'Envelope', 'envelope', 0, 0, 0, False, ('controller', 'zkBroker')),
    59: ApiInfo(59, 'FetchSnapshot', 'fetch_snapshot', 0, 1, 0, False, ('controller',)),
    60: ApiInfo(60, 'DescribeCluster', 'describe_cluster', 0, 1, 0, False, ('zkBroker', 'broker', 'controller')),
    61: ApiInfo(61, 'DescribeProducers', 'describe_producers', 0, 0, 0, False, ('zkBroker', 'broker')),
    62: ApiInfo(62, 'BrokerRegistration', 'broker_registration', 0, 4, 0, False, ('controller',)),
    63: ApiInfo(63, 'BrokerHeartbeat', 'broker_heartbeat', 0, 1, 0, False, ('controller',)),
    64: ApiInfo(64, 'UnregisterBroker', 'unregister_broker', 0, 0, 0, False, ('broker', 'controller')),
    65: ApiInfo(65, 'DescribeTransactions', 'describe_transactions', 0, 0, 0, False, ('zkBroker', 'broker')),
    66: ApiInfo(66, 'ListTransactions', 'list_transactions', 0, 1, 0, False, ('zkBroker', 'broker')),
    67: ApiInfo(67, 'AllocateProducerIds', 'allocate_producer_ids', 0, 0, 0, False, ('zkBroker', 'controller')),
    68: ApiInfo(68, 'ConsumerGroupHeartbeat', 'consumer_group_heartbeat', 0, 1, 0, False, ('zkBroker', 'broker')),
    69: ApiInfo(69, 'ConsumerGroupDescribe', 'consumer_group_describe', 0, 0, 0, False, ('zkBroker', 'broker')),
    70: ApiInfo(70, 'ControllerRegistration', 'controller_registration', 0, 0, 0, False, ('controller',)),
    71: ApiInfo(71, 'GetTelemetrySubscriptions', 'get_telemetry_subscriptions', 0, 0, 0, False, ('broker',)),
    72: ApiInfo(72, 'PushTelemetry', 'push_telemetry', 0, 0, 0, False, ('broker',)),
    73: ApiInfo(73, 'AssignReplicasToDirs', 'assign_replicas_to_dirs', 0, 0, 0, False, ('controller',)),
    74: ApiInfo(74, 'ListClientMetricsResources', 'list_client_metrics_resources', 0, 0, 0, False, ('broker',)),
    75: ApiInfo(75, 'DescribeTopicPartitions', 'describe_topic_partitions', 0, 0, 0, False, ('broker',)),
    76: ApiInfo(76, 'ShareGroupHeartbeat', 'share_group_heartbeat', 0, 0, 0, True, ('broker',)),
    77: ApiInfo(77, 'ShareGroupDescribe', 'share_group_describe', 0, 0, 0, True, ('broker',)),
    78: ApiInfo(78, 'ShareFetch', 'share_fetch', 0, 0, 0, True, ('broker',)),
    79: ApiInfo(79, 'ShareAcknowledge', 'share_acknowledge', 0, 0, 0, True, ('broker',)),
    80: ApiInfo(80, 'AddRaftVoter', 'add_raft_voter', 0, 0, 0, False, ('controller', 'broker')),
    81: ApiInfo(81, 'RemoveRaftVoter', 'remove_raft_voter', 0, 0, 0, False, ('controller', 'broker')),
    82: ApiInfo(82, 'UpdateRaftVoter', 'update_raft_voter', 0, 0, 0, False, ('controller',)),
    83: ApiInfo(83, 'InitializeShareGroupState', 'initialize_share_group_state', 0, 0, 0, True, ('broker',)),
    84: ApiInfo(84, 'ReadShareGroupState', 'read_share_group_state', 0, 0, 0, True, ('broker',)),
    85: ApiInfo(85, 'WriteShareGroupState', 'write_share_group_state', 0, 0, 0, True, ('broker',)),
    86: ApiInfo(86, 'DeleteShareGroupState', 'delete_share_group_state', 0, 0, 0, True, ('broker',)),
    87: ApiInfo(87, 'ReadShareGroupStateSummary', 'read_share_group_state_summary', 0, 0, 0, True, ('broker',)),
}

API_KEYS_BY_NAME: dict[str, int] = {info.name: key for key, info in APIS.items()}
