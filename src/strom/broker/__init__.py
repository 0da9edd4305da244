"""strom.broker layer."""
