"""A client whose start fails (no broker at the address) leaves no task behind: under
``asyncio.run`` its metadata refresh, still retrying when the start gave up, used to end with
its error during the loop's shutdown ("unhandled exception during asyncio.run() shutdown",
with a traceback on stderr: a CLI tool printed it after its one-line error). The race needs the
start's timeout and the refresh's retry budget to end together, so each client is tried 15
times with timeouts of 100-104 ms (without the fix about one run in ten showed it)."""

from __future__ import annotations

import asyncio
import logging
import socket
from typing import Any

import pytest

from strom.client.admin import AIOAdminClient
from strom.client.consumer import AIOConsumer
from strom.client.producer import AIOProducer
from strom.errors import KafkaError

pytestmark = pytest.mark.unit


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


@pytest.mark.parametrize(
    ("client", "timeout_key"),
    [
        (AIOAdminClient, "default.api.timeout.ms"),
        (AIOProducer, "max.block.ms"),
        (AIOConsumer, "default.api.timeout.ms"),
    ],
    ids=["admin", "producer", "consumer"],
)
def test_failed_start_leaves_no_task_behind(
    client: Any, timeout_key: str, caplog: pytest.LogCaptureFixture
) -> None:
    port = _closed_port()

    async def main(ms: int) -> None:
        config = {
            "bootstrap.servers": f"127.0.0.1:{port}",
            "request.timeout.ms": ms,
            timeout_key: ms,
        }
        async with client(config):
            raise AssertionError("started without a broker")

    failures = 0
    with caplog.at_level(logging.ERROR, logger="asyncio"):
        for i in range(15):
            try:
                asyncio.run(main(100 + i % 5))
            except KafkaError:
                failures += 1
    assert failures == 15
    shutdown_errors = [r.getMessage() for r in caplog.records if r.name == "asyncio"]
    assert shutdown_errors == []
