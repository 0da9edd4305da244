"""strom.protocol.records layer."""
