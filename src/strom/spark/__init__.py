"""strom.spark layer."""
