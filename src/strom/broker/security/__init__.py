"""Broker security: listeners and their protocols, TLS, SASL authentication, principals."""
