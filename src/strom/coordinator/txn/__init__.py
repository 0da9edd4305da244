"""The transaction coordinator as a state machine that does no I/O.

``coordinator.TransactionCoordinator`` holds the metadata of every transactional id of the
owned ``__transaction_state`` partitions and implements the rules of InitProducerId
(transactional), AddPartitionsToTxn, AddOffsetsToTxn, EndTxn, timeouts and id expiration; each
operation returns a ``TxnOutput`` (records to append, metadata to install, markers to write).
``records.py`` holds Kafka's TransactionLog key/value formats; ``metadata.py`` the states and
values. The imperative shell (appending, writing markers with retries, timers, replay at start)
is ``strom.broker.txn_runtime``.
"""
