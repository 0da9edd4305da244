"""strom.client layer."""
