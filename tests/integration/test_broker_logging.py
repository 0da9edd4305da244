"""Broker logging: Kafka's line format, ``--log-level`` / ``--log-file`` / ``--log-config``, and
run-time logger levels through ``strom configs --entity-type broker-loggers`` (IncrementalAlter-
Configs and DescribeConfigs on BROKER_LOGGER resources), seen in the broker's own log."""

from __future__ import annotations

import json
import os
import re
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from metrics_scrape import ROOT, broker_process_class
from wire import WireClient

pytestmark = pytest.mark.integration

KAFKA_LINE = re.compile(
    r"^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\] (TRACE|DEBUG|INFO|WARN|ERROR|FATAL) .* \([\w.]+\)$"
)
MALFORMED = "malformed request header"


def env() -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + e.get("PYTHONPATH", "")
    return e


def configs(bootstrap: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "strom.tools.cli",
            "configs",
            "--bootstrap-server",
            bootstrap,
            *args,
        ],
        capture_output=True,
        text=True,
        env=env(),
        cwd=ROOT,
        timeout=60,
    )


def send_malformed(bootstrap: str) -> None:
    with WireClient(bootstrap) as c:
        c.send_raw(struct.pack(">i", 6) + b"\x00\x03\x00\x00\x00\x00")
        assert c.is_closed()


def count_in_log(b: Any, text: str) -> int:
    return b.log_path.read_text().count(text)


def wait_count(b: Any, text: str, n: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while count_in_log(b, text) != n and time.monotonic() < deadline:
        time.sleep(0.1)
    assert count_in_log(b, text) == n


@pytest.fixture
def lbroker(tmp_path: Path) -> Iterator[Any]:
    b = broker_process_class()(tmp_path / "data")
    b.start()
    yield b
    if b.alive():
        b.stop()


def test_log_lines_have_kafka_format(lbroker: Any) -> None:
    lines = [ln for ln in lbroker.log_path.read_text().splitlines() if ln.startswith("[")]
    assert lines
    for ln in lines:
        assert KAFKA_LINE.match(ln), ln
    assert any("(strom.broker)" in ln and " INFO " in ln and "started in" in ln for ln in lines)


def test_logger_level_changes_at_run_time(lbroker: Any) -> None:
    bs = lbroker.bootstrap
    send_malformed(bs)
    wait_count(lbroker, MALFORMED, 1)

    r = configs(bs, "--entity-type", "broker-loggers", "--entity-name", "0", "--alter",
                "--add-config", "strom.broker.network=ERROR")  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "Completed updating config for broker-logger 0." in r.stdout
    send_malformed(bs)
    time.sleep(0.5)
    assert count_in_log(lbroker, MALFORMED) == 1  # the WARN line is gone

    r = configs(bs, "--entity-type", "broker-loggers", "--entity-name", "0", "--describe")
    assert r.returncode == 0, r.stderr
    assert "  strom.broker.network=ERROR " in r.stdout
    assert "  root=INFO " in r.stdout

    r = configs(bs, "--entity-type", "broker-loggers", "--entity-name", "0", "--alter",
                "--delete-config", "strom.broker.network")  # fmt: skip
    assert r.returncode == 0, r.stderr
    send_malformed(bs)
    wait_count(lbroker, MALFORMED, 2)  # inherits INFO again

    # DEBUG on a parent logger reaches its children
    r = configs(bs, "--entity-type", "broker-loggers", "--entity-name", "0", "--alter",
                "--add-config", "strom=DEBUG")  # fmt: skip
    assert r.returncode == 0, r.stderr
    r = configs(bs, "--entity-type", "broker-loggers", "--entity-name", "0", "--describe")
    assert "  strom.broker.network=DEBUG " in r.stdout


def test_bad_logger_changes_are_refused_whole(lbroker: Any) -> None:
    bs = lbroker.bootstrap
    r = configs(bs, "--entity-type", "broker-loggers", "--entity-name", "0", "--alter",
                "--add-config", "strom.broker.network=ERROR,strom.broker=LOUD")  # fmt: skip
    assert r.returncode != 0
    assert "INVALID_CONFIG" in r.stderr + r.stdout
    r = configs(bs, "--entity-type", "broker-loggers", "--entity-name", "0", "--alter",
                "--add-config", "no.such.logger=DEBUG")  # fmt: skip
    assert r.returncode != 0 and "does not exist" in r.stderr + r.stdout
    r = configs(bs, "--entity-type", "broker-loggers", "--entity-name", "0", "--describe")
    assert "  strom.broker.network=INFO " in r.stdout  # the valid half was not applied
    send_malformed(bs)
    wait_count(lbroker, MALFORMED, 1)


def _start(args: list[str], data: Path, stderr: Path) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "strom.tools.cli", "broker", *args, "--override",
           "listeners=PLAINTEXT://127.0.0.1:0", "--override", f"log.dirs={data}"]  # fmt: skip
    with open(stderr, "w") as err:
        proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=err, text=True, env=env(), cwd=ROOT
        )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert "ready on" in line, stderr.read_text()
    return proc


def _stop(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    assert proc.wait(30) == 0


def test_log_level_flag_and_rotating_file(tmp_path: Path) -> None:
    log_file = tmp_path / "logs" / "server.log"
    proc = _start(
        ["--log-level", "WARN", "--log-file", str(log_file)], tmp_path / "d", tmp_path / "err"
    )
    _stop(proc)
    assert "started in" not in (tmp_path / "err").read_text()
    assert log_file.exists() and "started in" not in log_file.read_text()

    proc = _start(["--log-file", str(log_file)], tmp_path / "d", tmp_path / "err")
    _stop(proc)
    text = log_file.read_text()
    assert "started in" in text and "shut down cleanly" in text
    assert text == (tmp_path / "err").read_text()


def test_log_config_file(tmp_path: Path) -> None:
    out = tmp_path / "custom.log"
    cfg = {
        "version": 1,
        "formatters": {"f": {"format": "CUSTOM %(levelname)s %(name)s %(message)s"}},
        "handlers": {
            "file": {"class": "logging.FileHandler", "filename": str(out), "formatter": "f"}
        },
        "root": {"level": "INFO", "handlers": ["file"]},
    }
    path = tmp_path / "logging.json"
    path.write_text(json.dumps(cfg))
    proc = _start(["--log-config", str(path)], tmp_path / "d", tmp_path / "err")
    _stop(proc)
    assert "CUSTOM INFO strom.broker broker 0 started in" in out.read_text()


def test_bad_log_flags_exit_1(tmp_path: Path) -> None:
    for args in (["--log-level", "LOUD"], ["--log-config", str(tmp_path / "missing.json")]):
        r = subprocess.run(
            [sys.executable, "-m", "strom.tools.cli", "broker", *args],
            capture_output=True, text=True, env=env(), cwd=ROOT, timeout=60,
        )  # fmt: skip
        assert r.returncode == 1 and r.stderr.startswith("strom broker: "), r.stderr
