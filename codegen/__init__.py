"""The protocol code generator (not part of the installed package): ``generate.py`` writes
``strom.protocol.messages`` from Kafka's JSON schemas; ``protocol_doc.py`` writes
docs/protocol.md."""
