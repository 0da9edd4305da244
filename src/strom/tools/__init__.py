"""Command-line tools (``strom ...``) that take Kafka's own flags."""
