"""strom.cluster layer."""
