"""InitProducerId (API key 22): idempotent producers (``transactional_id`` null) and
transactional ones (handed to the transaction coordinator, ``ctx.broker.txn``).

Owns: handing out producer ids. Ids come from blocks of :data:`BLOCK_SIZE` reserved through
``broker.metadata.allocate_producer_ids`` (the metadata store persists the next free id before
returning, so ids stay unique across restarts and, with a shared store, across brokers); ids of
a block not used before a restart are skipped, never reused.

Behaviour (Kafka 3.9's ``TransactionCoordinator.handleInitProducerId`` for a null id): every
request gets a brand-new producer id with epoch 0. A request carrying an existing
``producer_id``/``producer_epoch`` (KIP-360 v3+, an idempotent producer resetting after an
error) is answered the same way, a new id; exactly one of the two set is INVALID_REQUEST.

A non-null ``transactional_id`` goes to the transaction coordinator
(:meth:`~strom.coordinator.txn.coordinator.TransactionCoordinator.init_producer_id`: epoch bump,
fencing, abort of an open transaction); an empty one is INVALID_REQUEST, as in Kafka.

Invariants: no id is handed out twice by this broker; ids are never negative.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.errors import ErrorCode
from strom.protocol.messages.init_producer_id import InitProducerIdRequest, InitProducerIdResponse

if TYPE_CHECKING:
    from strom.broker.broker import Broker

BLOCK_SIZE = 1000
NO_PRODUCER_ID = -1
NO_PRODUCER_EPOCH = -1


class ProducerIdBlocks:
    """Hands out ids from the current block, reserving a new block when it is used up."""

    def __init__(self, broker: Broker, block_size: int = BLOCK_SIZE) -> None:
        self._broker = broker
        self._block_size = block_size
        self._next = 0
        self._end = 0

    def next_id(self) -> int:
        if self._next >= self._end:
            first = self._broker.metadata.allocate_producer_ids(self._block_size)
            self._next, self._end = first, first + self._block_size
        pid = self._next
        self._next += 1
        return pid


_BLOCKS: weakref.WeakKeyDictionary[Broker, ProducerIdBlocks] = weakref.WeakKeyDictionary()


def producer_id_blocks(broker: Broker) -> ProducerIdBlocks:
    """The id allocator of ``broker`` (one per broker object)."""
    blocks = _BLOCKS.get(broker)
    if blocks is None:
        blocks = _BLOCKS[broker] = ProducerIdBlocks(broker)
    return blocks


def _error(code: ErrorCode) -> InitProducerIdResponse:
    return InitProducerIdResponse(
        error_code=int(code), producer_id=NO_PRODUCER_ID, producer_epoch=NO_PRODUCER_EPOCH
    )


@handles(22)
async def init_producer_id(
    ctx: RequestContext, req: InitProducerIdRequest
) -> InitProducerIdResponse:
    txn_id = req.transactional_id
    if txn_id is not None:
        if txn_id == "":
            return _error(ErrorCode.INVALID_REQUEST)
        if not checks.transactional_id(ctx, AclOperation.WRITE, txn_id):
            return _error(ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED)
        coord = ctx.broker.txn.coordinator
        timeout = req.transaction_timeout_ms
        exp_pid, exp_epoch = req.producer_id, req.producer_epoch
        if (exp_pid >= 0) != (exp_epoch >= 0):
            return _error(ErrorCode.INVALID_REQUEST)
        err, pid, epoch = await ctx.broker.txn.run(
            lambda now: coord.init_producer_id(txn_id, timeout, exp_pid, exp_epoch, now)
        )
        return InitProducerIdResponse(error_code=int(err), producer_id=pid, producer_epoch=epoch)
    if not checks.idempotent_write(ctx):
        return _error(ErrorCode.CLUSTER_AUTHORIZATION_FAILED)
    has_id = req.producer_id != NO_PRODUCER_ID
    has_epoch = req.producer_epoch != NO_PRODUCER_EPOCH
    if has_id != has_epoch:
        return _error(ErrorCode.INVALID_REQUEST)
    pid = producer_id_blocks(ctx.broker).next_id()
    return InitProducerIdResponse(error_code=0, producer_id=pid, producer_epoch=0)
