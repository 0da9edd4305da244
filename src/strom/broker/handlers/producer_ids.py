"""InitProducerId (API key 22): idempotent producers (``transactional_id`` null) and
transactional ones (handed to the transaction coordinator).

Owns: mapping InitProducerId to the broker's producer-id manager
(:mod:`strom.broker.producer_id_manager`, ``ctx.services.producer_ids``) and to the transaction
coordinator (``ctx.services.txn``).

Behaviour (Kafka 3.9's ``TransactionCoordinator.handleInitProducerId`` for a null id): every
request gets a brand-new producer id with epoch 0. A request carrying an existing
``producer_id``/``producer_epoch`` (KIP-360 v3+, an idempotent producer resetting after an
error) is answered the same way, a new id; exactly one of the two set is INVALID_REQUEST.

A non-null ``transactional_id`` goes to the transaction coordinator
(:meth:`~strom.coordinator.txn.coordinator.TransactionCoordinator.init_producer_id`: epoch bump,
fencing, abort of an open transaction); an empty one is INVALID_REQUEST, as in Kafka.
"""

from __future__ import annotations

from strom.broker.context import RequestContext
from strom.broker.registry import handles
from strom.broker.security import checks
from strom.broker.security.acl import AclOperation
from strom.errors import ErrorCode
from strom.protocol.messages.init_producer_id import InitProducerIdRequest, InitProducerIdResponse

NO_PRODUCER_ID = -1
NO_PRODUCER_EPOCH = -1


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
        coord = ctx.services.txn.coordinator
        timeout = req.transaction_timeout_ms
        exp_pid, exp_epoch = req.producer_id, req.producer_epoch
        if (exp_pid >= 0) != (exp_epoch >= 0):
            return _error(ErrorCode.INVALID_REQUEST)
        err, pid, epoch = await ctx.services.txn.run(
            lambda now: coord.init_producer_id(txn_id, timeout, exp_pid, exp_epoch, now)
        )
        return InitProducerIdResponse(error_code=int(err), producer_id=pid, producer_epoch=epoch)
    if not checks.idempotent_write(ctx):
        return _error(ErrorCode.CLUSTER_AUTHORIZATION_FAILED)
    has_id = req.producer_id != NO_PRODUCER_ID
    has_epoch = req.producer_epoch != NO_PRODUCER_EPOCH
    if has_id != has_epoch:
        return _error(ErrorCode.INVALID_REQUEST)
    pid = ctx.services.producer_ids.next_id()
    return InitProducerIdResponse(error_code=0, producer_id=pid, producer_epoch=0)
