"""Client telemetry (KIP-714): subscriptions (CLIENT_METRICS config resources), client instances
and the metrics they push, exported on the broker's metrics endpoint."""
