"""The authenticated identity of a connection (Kafka's KafkaPrincipal).

Owns: the principal value type shared by authentication (which sets it on each request's
context) and authorization (which checks it). Invariant: immutable; ``str()`` is Kafka's
``"<type>:<name>"`` form, e.g. ``User:alice``.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class KafkaPrincipal:
    principal_type: str
    name: str
    # authenticated with a delegation token (Kafka's tokenAuthenticated): such a connection may
    # not create or change tokens; not part of equality (ACLs match on type and name)
    token_authenticated: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        return f"{self.principal_type}:{self.name}"


ANONYMOUS = KafkaPrincipal("User", "ANONYMOUS")
