"""Security: authenticated principals and authorization (ACLs)."""
