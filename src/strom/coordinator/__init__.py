"""strom.coordinator layer."""
