"""Strom: a Kafka-compatible streaming platform in Python."""
