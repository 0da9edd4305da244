"""strom.storage layer."""
