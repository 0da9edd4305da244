"""Client-side error classification (Kafka protocol error codes, ``000_*.txt`` 8.2-8.3).

Owns: which codes are retriable, which call for a metadata refresh or a coordinator lookup, and
turning a code into a :class:`strom.errors.KafkaError` carrying that code. Every error the
client raises is a ``KafkaError`` (or a subclass defined here), so callers can inspect ``code``.
"""

from __future__ import annotations

from strom.errors import CorruptRecordError, ErrorCode, KafkaError

E = ErrorCode

RETRIABLE: frozenset[int] = frozenset(
    {
        E.CORRUPT_MESSAGE,
        E.UNKNOWN_TOPIC_OR_PARTITION,
        E.LEADER_NOT_AVAILABLE,
        E.NOT_LEADER_OR_FOLLOWER,
        E.REQUEST_TIMED_OUT,
        E.NETWORK_EXCEPTION,
        E.COORDINATOR_LOAD_IN_PROGRESS,
        E.COORDINATOR_NOT_AVAILABLE,
        E.NOT_COORDINATOR,
        E.NOT_ENOUGH_REPLICAS,
        E.NOT_ENOUGH_REPLICAS_AFTER_APPEND,
        E.KAFKA_STORAGE_ERROR,
        E.FETCH_SESSION_ID_NOT_FOUND,
        E.INVALID_FETCH_SESSION_EPOCH,
        E.FENCED_LEADER_EPOCH,
        E.UNKNOWN_LEADER_EPOCH,
        E.OFFSET_NOT_AVAILABLE,
        E.PREFERRED_LEADER_NOT_AVAILABLE,
        E.CONCURRENT_TRANSACTIONS,
        E.UNSTABLE_OFFSET_COMMIT,
        E.THROTTLING_QUOTA_EXCEEDED,
        E.BROKER_NOT_AVAILABLE,
        E.REPLICA_NOT_AVAILABLE,
    }
)

STALE_METADATA: frozenset[int] = frozenset(
    {
        E.UNKNOWN_TOPIC_OR_PARTITION,
        E.LEADER_NOT_AVAILABLE,
        E.NOT_LEADER_OR_FOLLOWER,
        E.FENCED_LEADER_EPOCH,
        E.UNKNOWN_LEADER_EPOCH,
        E.KAFKA_STORAGE_ERROR,
        E.BROKER_NOT_AVAILABLE,
        E.REPLICA_NOT_AVAILABLE,
    }
)

COORDINATOR_MOVED: frozenset[int] = frozenset(
    {E.COORDINATOR_NOT_AVAILABLE, E.NOT_COORDINATOR, E.COORDINATOR_LOAD_IN_PROGRESS}
)


class ClientError(KafkaError):
    """A failure on the client side (closed client, bad configuration, ...)."""


class KafkaTimeoutError(KafkaError):
    """An operation did not finish within its timeout (REQUEST_TIMED_OUT)."""

    code = ErrorCode.REQUEST_TIMED_OUT


class KafkaConnectionError(KafkaError):
    """A connection to a broker failed or was closed (NETWORK_EXCEPTION)."""

    code = ErrorCode.NETWORK_EXCEPTION


class ProducerFencedError(KafkaError):
    """Fatal: another producer with the same ``transactional.id`` (or a newer epoch) took over
    (PRODUCER_FENCED, or INVALID_PRODUCER_EPOCH). Every further call on the producer raises it;
    close the producer."""

    code = ErrorCode.PRODUCER_FENCED


class TransactionAbortableError(KafkaError):
    """The current transaction failed (a batch or a TxnOffsetCommit was rejected); call
    ``abort_transaction()`` and start again. ``code`` is the underlying error's."""

    code = ErrorCode.TRANSACTION_ABORTABLE


class TransactionStateError(ClientError):
    """A transactional call made in the wrong state (``begin_transaction`` twice, ``send`` of a
    transactional producer outside a transaction, ...)."""

    code = ErrorCode.INVALID_TXN_STATE


class TransactionAbortedError(ClientError):
    """A record queued in a transaction that was aborted before the record was sent."""

    code = ErrorCode.TRANSACTION_ABORTABLE


FENCING: frozenset[int] = frozenset({E.PRODUCER_FENCED, E.INVALID_PRODUCER_EPOCH})

# fatal for a transactional producer: the transaction manager stops accepting calls
TXN_FATAL: frozenset[int] = FENCING | frozenset(
    {
        E.TRANSACTIONAL_ID_AUTHORIZATION_FAILED,
        E.CLUSTER_AUTHORIZATION_FAILED,
        E.UNSUPPORTED_VERSION,
        E.UNSUPPORTED_FOR_MESSAGE_FORMAT,
        E.INVALID_TRANSACTION_TIMEOUT,
    }
)


def is_retriable(exc: BaseException) -> bool:
    """True for errors worth retrying after a backoff."""
    return isinstance(exc, KafkaError) and int(exc.code) in RETRIABLE


def error_for(code: int, message: str | None = None) -> KafkaError:
    """A ``KafkaError`` for a protocol error code."""
    try:
        ec = ErrorCode(code)
        name = ec.name
    except ValueError:
        ec, name = ErrorCode.UNKNOWN_SERVER_ERROR, f"error code {code}"
    text = name if not message else f"{name}: {message}"
    if ec == ErrorCode.CORRUPT_MESSAGE:
        # the broker refused to serve a corrupt range: the same error as one found client-side
        return CorruptRecordError(text)
    return KafkaError(text, ec)


def check(code: int, message: str | None = None) -> None:
    """Raise the error for ``code`` unless it is NONE."""
    if code:
        raise error_for(code, message)
