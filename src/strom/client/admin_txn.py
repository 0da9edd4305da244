"""Transaction administration: ListTransactions, DescribeTransactions, DescribeProducers.

Owns: asking every broker for the transactions its coordinator owns, asking a transactional id's
coordinator (FindCoordinator key type 1) for its state, and asking a partition's leader (or a
given broker) for the producers active on it. Results are plain dataclasses; absent values
(no transaction start time, no open transaction) are ``None`` rather than -1.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from strom.client.admin_base import TRANSACTION_KEY, AdminBase
from strom.client.errors import check, error_for
from strom.client.types import TopicPartition
from strom.protocol.messages.describe_producers import DescribeProducersRequest as DPReq
from strom.protocol.messages.describe_producers import DescribeProducersResponse
from strom.protocol.messages.describe_transactions import (
    DescribeTransactionsRequest,
    DescribeTransactionsResponse,
)
from strom.protocol.messages.list_transactions import (
    ListTransactionsRequest,
    ListTransactionsResponse,
)


@dataclass(frozen=True)
class TransactionListing:
    transactional_id: str
    producer_id: int
    state: str
    coordinator_id: int


@dataclass(frozen=True)
class TransactionDescription:
    coordinator_id: int
    transactional_id: str
    state: str
    producer_id: int
    producer_epoch: int
    transaction_timeout_ms: int
    transaction_start_time_ms: int | None
    partitions: list[TopicPartition]


@dataclass(frozen=True)
class ProducerState:
    producer_id: int
    producer_epoch: int
    last_sequence: int
    last_timestamp: int
    coordinator_epoch: int | None
    current_transaction_start_offset: int | None


class TxnAdmin(AdminBase):
    """Transaction APIs of :class:`strom.client.AIOAdminClient`."""

    async def list_transactions(
        self,
        states: list[str] | None = None,
        producer_ids: list[int] | None = None,
        duration_ms: int = -1,
    ) -> list[TransactionListing]:
        """Transactions known to every broker's coordinator, optionally filtered."""
        req = ListTransactionsRequest(
            state_filters=list(states or []),
            producer_id_filters=list(producer_ids or []),
            duration_filter=duration_ms,
        )
        out: list[TransactionListing] = []
        for node, resp in (await self.send_each(req, ListTransactionsResponse)).items():
            check(resp.error_code, f"ListTransactions on broker {node}")
            out += [
                TransactionListing(t.transactional_id, t.producer_id, t.transaction_state, node)
                for t in resp.transaction_states
            ]
        return sorted(out, key=lambda t: (t.coordinator_id, t.transactional_id))

    async def describe_transactions(
        self, transactional_ids: list[str]
    ) -> dict[str, TransactionDescription]:
        """The state of each transactional id, from its coordinator; raises the first error."""
        out: dict[str, TransactionDescription] = {}
        for tid in transactional_ids:
            node = await self._coordinator(tid, TRANSACTION_KEY)
            resp = await self.cluster.send(
                node,
                DescribeTransactionsRequest(transactional_ids=[tid]),
                DescribeTransactionsResponse,
            )
            for st in resp.transaction_states:
                check(st.error_code, st.transactional_id)
                out[st.transactional_id] = TransactionDescription(
                    coordinator_id=node,
                    transactional_id=st.transactional_id,
                    state=st.transaction_state,
                    producer_id=st.producer_id,
                    producer_epoch=st.producer_epoch,
                    transaction_timeout_ms=st.transaction_timeout_ms,
                    transaction_start_time_ms=(
                        st.transaction_start_time_ms if st.transaction_start_time_ms >= 0 else None
                    ),
                    partitions=sorted(
                        TopicPartition(t.topic, p) for t in st.topics for p in t.partitions
                    ),
                )
        return out

    async def describe_producers(
        self, partitions: list[TopicPartition], broker_id: int | None = None
    ) -> dict[TopicPartition, list[ProducerState]]:
        """Active producers per partition, from its leader (or ``broker_id``)."""
        by_node: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
        if broker_id is None:
            self.cluster.add_topics({tp.topic for tp in partitions})
            await self.cluster.refresh()
        for tp in partitions:
            node = self.cluster.leader_for(tp) if broker_id is None else broker_id
            if node < 0:
                code = self.cluster.topic_errors.get(tp.topic, 3)
                raise error_for(code, f"no leader for {tp.topic}-{tp.partition}")
            by_node[node][tp.topic].append(tp.partition)
        out: dict[TopicPartition, list[ProducerState]] = {}
        for node, topics in by_node.items():
            req = DPReq(topics=[DPReq.TopicRequest(t, ps) for t, ps in topics.items()])
            resp = await self.cluster.send(node, req, DescribeProducersResponse)
            for t in resp.topics:
                for p in t.partitions:
                    check(p.error_code, p.error_message or f"{t.name}-{p.partition_index}")
                    out[TopicPartition(t.name, p.partition_index)] = [
                        ProducerState(
                            s.producer_id,
                            s.producer_epoch,
                            s.last_sequence,
                            s.last_timestamp,
                            s.coordinator_epoch if s.coordinator_epoch >= 0 else None,
                            s.current_txn_start_offset if s.current_txn_start_offset >= 0 else None,
                        )
                        for s in p.active_producers
                    ]
        return out
