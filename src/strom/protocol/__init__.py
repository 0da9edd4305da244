"""The Kafka wire protocol, sans-IO: bytes in, typed messages out, and back.

Sub-packages: ``messages`` (generated from the Kafka 3.9 JSON schemas, every API and version),
``records`` (RecordBatch v2 and compression). ``codec`` holds the primitives, ``frames`` the
request/response headers and size prefix. Nothing here touches a socket or an event loop.
"""
