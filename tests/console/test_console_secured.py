"""The console over a secured cluster: ``strom console --command-config`` with SASL_SSL (PLAIN
over TLS, the CA from the properties file) lists the topics and reads the messages a
confluent-kafka producer wrote through the same listener; with a wrong password it shows the
authentication failure and no data (the console fails closed, as the CLI does)."""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from console_util import ConsoleProcess
from integration.conftest import BrokerProcess
from integration.security_support import listener_ports, make_certs, secured_overrides

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def sasl_ssl(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[BrokerProcess, Path]]:
    certs = make_certs(tmp_path_factory.mktemp("certs"))
    b = BrokerProcess(tmp_path_factory.mktemp("broker") / "data", secured_overrides(certs))
    b.start()
    try:
        yield b, certs
    finally:
        b.stop()


def _properties(path: Path, certs: Path, password: str) -> Path:
    path.write_text(
        "security.protocol=SASL_SSL\n"
        "sasl.mechanism=PLAIN\n"
        "sasl.username=alice\n"
        f"sasl.password={password}\n"
        f"ssl.ca.location={certs / 'ca.pem'}\n"
    )
    return path


def _get(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            return str(r.read().decode())
    except urllib.error.HTTPError as e:
        return str(e.read().decode())


def _page_with(url: str, needle: str, timeout: float = 30.0) -> str:
    """The page once it shows ``needle`` (the console samples the cluster in the background),
    or as it is after ``timeout``."""
    deadline = time.monotonic() + timeout
    page = _get(url)
    while needle not in page and time.monotonic() < deadline:
        time.sleep(0.5)
        page = _get(url)
    return page


def test_console_over_sasl_ssl(sasl_ssl: tuple[BrokerProcess, Path], tmp_path: Path) -> None:
    from confluent_kafka import Producer

    broker, certs = sasl_ssl
    bootstrap = f"127.0.0.1:{listener_ports(broker)['SASL_SSL']}"
    conf = {
        "bootstrap.servers": bootstrap,
        "security.protocol": "SASL_SSL",
        "sasl.mechanism": "PLAIN",
        "sasl.username": "alice",
        "sasl.password": "alice-secret",
        "ssl.ca.location": str(certs / "ca.pem"),
    }
    p = Producer(conf)
    p.produce("secured-console", b'{"over": "sasl-ssl"}')
    assert p.flush(30) == 0
    good = _properties(tmp_path / "good.properties", certs, "alice-secret")
    extra = ["--command-config", str(good)]
    console = ConsoleProcess(bootstrap, tmp_path / "console.log", extra=extra)
    console.start()
    try:
        assert "secured-console" in _page_with(console.url + "/topics", "secured-console")
        url = console.url + "/topics/secured-console/messages?start=earliest"
        page = _page_with(url, "sasl-ssl")
        assert "sasl-ssl" in page, page[-3000:]
    finally:
        console.stop()
    assert "Traceback" not in console.log_text(), console.log_text()[-2000:]
    bad = _properties(tmp_path / "bad.properties", certs, "wrong")
    console = ConsoleProcess(bootstrap, tmp_path / "bad.log", extra=["--command-config", str(bad)])
    console.start()
    try:
        page = _page_with(console.url + "/topics", "uthenticat", timeout=20)
        assert "secured-console" not in page
        assert "authenticat" in page.lower(), page[-3000:]
    finally:
        console.stop()
