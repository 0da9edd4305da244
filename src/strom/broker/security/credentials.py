"""Where SCRAM credentials live: ``/config/users/<user>`` in ZooKeeper (as Kafka keeps them) or,
on a single node, a JSON file in the data directory with the same per-user map.

Owns: reading and changing the salted credentials of users. Each user's entry maps a mechanism
name (``SCRAM-SHA-256``) to the credential's text form; no password is stored. Invariant: a
change is durable (fsync'd file or ZooKeeper write) before it is acknowledged.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from strom.broker.security.scram import MECHANISMS, ScramCredential
from strom.cluster.metadata import atomic_write

if TYPE_CHECKING:
    from strom.cluster.zk_store import ZkMetadataStore

FILE = "strom-scram-credentials.json"


class ScramCredentialStore:
    def __init__(self, directory: Path | None, zk: ZkMetadataStore | None) -> None:
        self._zk = zk
        self._lock = threading.Lock()
        self._users: dict[str, dict[str, str]] = {}
        self.path = directory / FILE if directory is not None else None
        if self.path is not None and self.path.exists():
            data = json.loads(self.path.read_text())
            self._users = {u: dict(c) for u, c in data.get("users", {}).items()}

    def user_configs(self, user: str) -> dict[str, str]:
        if self._zk is not None:
            return self._zk.entity_config("users", user)
        with self._lock:
            return dict(self._users.get(user, {}))

    def users(self) -> list[str]:
        if self._zk is not None:
            return self._zk.entity_names("users")
        with self._lock:
            return sorted(self._users)

    def get(self, mechanism: str, user: str) -> ScramCredential | None:
        text = self.user_configs(user).get(mechanism)
        if text is None:
            return None
        try:
            return ScramCredential.from_text(text)
        except ValueError:
            return None

    def credentials(self, user: str) -> dict[str, ScramCredential]:
        out: dict[str, ScramCredential] = {}
        for mech, text in self.user_configs(user).items():
            if mech in MECHANISMS:
                try:
                    out[mech] = ScramCredential.from_text(text)
                except ValueError:
                    continue
        return out

    def alter(self, user: str, mechanism: str, credential: ScramCredential | None) -> None:
        """Set (or with None delete) one credential of ``user``; durable on return."""
        configs = self.user_configs(user)
        if credential is None:
            configs.pop(mechanism, None)
        else:
            configs[mechanism] = credential.to_text()
        if self._zk is not None:
            self._zk.set_entity_config("users", user, configs)
            return
        assert self.path is not None
        with self._lock:
            if configs:
                self._users[user] = configs
            else:
                self._users.pop(user, None)
            data = {"version": 1, "users": dict(sorted(self._users.items()))}
            atomic_write(self.path, json.dumps(data, indent=1).encode())
