"""Client quotas on a full disk: the single-node quota store (``client-quotas.json`` in the first
log directory, on a tmpfs the test mounts) cannot be written; AlterClientQuotas answers
UNKNOWN_SERVER_ERROR for each entry, nothing changes (not in force, not stored: still absent
after a restart with space freed), and the broker keeps serving."""

from __future__ import annotations

from pathlib import Path

import pytest
from fault_util import BrokerProcess, free_bytes, grow_tmpfs, small_tmpfs

from strom.client import AdminClient
from strom.client.admin_quotas import QuotaAlteration
from strom.errors import ErrorCode, KafkaError

pytestmark = pytest.mark.integration


def test_full_disk_refuses_quota_changes_and_changes_nothing(tmp_path: Path) -> None:
    with small_tmpfs(tmp_path / "data", "2m") as data:
        b = BrokerProcess(data)
        b.start()
        try:
            with AdminClient({"bootstrap.servers": b.bootstrap}) as admin:
                ok = QuotaAlteration({"client-id": "a"}, {"producer_byte_rate": 1000})
                assert admin.alter_client_quotas([ok]) == [None]
                # fill the disk to the last block
                filler = data / "filler"
                with open(filler, "wb") as f:
                    try:
                        while True:
                            f.write(b"\0" * 65536)
                            f.flush()
                    except OSError:
                        pass
                assert free_bytes(data) < 4096
                more = [
                    QuotaAlteration({"client-id": "b"}, {"producer_byte_rate": 2000}),
                    QuotaAlteration({"client-id": "a"}, {"producer_byte_rate": None}),
                ]
                outcomes = admin.alter_client_quotas(more)
                assert all(
                    isinstance(o, KafkaError) and o.code == ErrorCode.UNKNOWN_SERVER_ERROR
                    for o in outcomes
                ), outcomes
                before = [({"client-id": "a"}, {"producer_byte_rate": 1000.0})]
                assert admin.describe_client_quotas() == before
                assert b.alive()
            grow_tmpfs(data, "64m")
            b.stop()
            b.start()
            with AdminClient({"bootstrap.servers": b.bootstrap}) as admin:
                assert admin.describe_client_quotas() == before
        finally:
            if b.alive():
                b.stop()
