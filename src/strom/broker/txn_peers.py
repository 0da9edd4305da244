"""Which connection each transaction was driven from, to refuse an EndTxn that a producer sent
on a connection it has since abandoned (finding C4 of ``docs/findings/chaos.md``, KAFKA-17754).

A producer whose EndTxn times out closes that connection, retries on a new one (the retry ends
the transaction) and begins its next transaction there. With transaction version 1 the next
transaction has the same producer id and epoch, so if the first EndTxn was held in the network
and arrives only now, Kafka 3.9 applies it to the *next* transaction: a commit the application
never asked for (the copier's later records are then refused, a torn transaction) or a fatal
INVALID_TXN_STATE for the producer. Kafka closes this only with transaction version 2 (KIP-890
part 2, an epoch bump per transaction), which no client Strom serves uses.

Owns: for each transactional id, the connections (peer ``host:port``) that sent
AddPartitionsToTxn (v0-3), AddOffsetsToTxn or EndTxn, each with the transaction it was used for
(producer id, epoch and start time: one per transaction). Every client keeps a transaction's
coordinator requests on one connection per coordinator (librdkafka's transaction-coordinator
handle, the Java client's node connection, kafka-python's, aiokafka's coordination group,
Strom's own), so:

Invariant: an EndTxn for the ongoing transaction that arrives on a connection which was used
for an *earlier* transaction of that id, and not for this one, while this one was begun on
another connection, is stale: it is not applied, and that connection is closed (the producer
abandoned it; a client that did use it would reconnect and retry on a new connection, which is
accepted). Anything this object does not know about (a new connection, a transaction begun
before a restart or a coordinator move) is accepted as Kafka accepts it. Memory is bounded:
the least recently used ids beyond :data:`MAX_IDS` are forgotten (their requests are then
accepted).
"""

from __future__ import annotations

from collections import OrderedDict

Generation = tuple[int, int, int]  # producer id, producer epoch, transaction start (ms)

MAX_IDS = 100_000
MAX_PEERS = 8  # per transactional id: the latest connections are enough to spot a stale one


class StaleEndTxnError(Exception):
    """An EndTxn from a connection its producer abandoned (see the module doc)."""


class TxnPeers:
    def __init__(self, max_ids: int = MAX_IDS) -> None:
        self._max_ids = max_ids
        self._seen: OrderedDict[str, OrderedDict[str, Generation]] = OrderedDict()

    def record(self, txn_id: str, peer: str, generation: Generation) -> None:
        """``peer`` sent a request of the transaction ``generation`` of ``txn_id``."""
        peers = self._seen.pop(txn_id, None)
        if peers is None:
            peers = OrderedDict()
        peers.pop(peer, None)
        peers[peer] = generation
        while len(peers) > MAX_PEERS:
            peers.popitem(last=False)
        self._seen[txn_id] = peers
        while len(self._seen) > self._max_ids:
            self._seen.popitem(last=False)

    def is_stale(self, txn_id: str, peer: str, ongoing: Generation) -> bool:
        """True when ``peer`` last served an earlier transaction of ``txn_id`` while the ongoing
        one (``ongoing``) was begun on another connection."""
        peers = self._seen.get(txn_id)
        if peers is None:
            return False
        used = peers.get(peer)
        if used is None or used == ongoing:
            return False
        return any(g == ongoing for p, g in peers.items() if p != peer)

    def forget(self, txn_id: str) -> None:
        self._seen.pop(txn_id, None)
