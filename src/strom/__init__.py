"""Strom: a Kafka-compatible streaming platform in Python.

``__version__`` is the one place the version is written; the package metadata reads it.
"""

__version__ = "0.1.0"
