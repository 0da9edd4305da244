"""Fixtures that start real Strom brokers as subprocesses on 127.0.0.1 ephemeral ports."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


class BrokerProcess:
    """One ``strom broker`` subprocess with its data directory."""

    def __init__(self, data_dir: Path, overrides: dict[str, str] | None = None) -> None:
        self.data_dir = data_dir
        self.overrides = dict(overrides or {})
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0
        self.log_path = data_dir.parent / f"{data_dir.name}-broker.log"

    @property
    def bootstrap(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> None:
        listeners = f"PLAINTEXT://127.0.0.1:{self.port}"
        args = [
            sys.executable,
            "-m",
            "strom.tools.cli",
            "broker",
            "--override",
            f"listeners={listeners}",
            "--override",
            f"log.dirs={self.data_dir}",
        ]
        for k, v in self.overrides.items():
            args += ["--override", f"{k}={v}"]
        env = dict(os.environ)
        env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
        log = open(self.log_path, "a")  # noqa: SIM115
        self.proc = subprocess.Popen(
            args, stdout=subprocess.PIPE, stderr=log, text=True, env=env, cwd=ROOT
        )
        deadline = time.monotonic() + timeout
        assert self.proc.stdout is not None
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"broker exited early; log: {self.log_path.read_text()[-3000:]}")
            if "ready on" in line:
                self.port = int(line.strip().rsplit(":", 1)[1])
                return
        raise RuntimeError("broker did not become ready")

    def stop(self, timeout: float = 20.0) -> int:
        """SIGTERM and wait: a clean shutdown."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        rc = self.proc.wait(timeout)
        self.proc = None
        return rc

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(10)
        self.proc = None

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def log_text(self) -> str:
        return self.log_path.read_text() if self.log_path.exists() else ""


@pytest.fixture(scope="module")
def broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrokerProcess]:
    """A broker shared by the tests of one module."""
    b = BrokerProcess(tmp_path_factory.mktemp("broker") / "data")
    b.start()
    yield b
    if b.alive():
        b.stop()


@pytest.fixture
def fresh_broker(tmp_path: Path) -> Iterator[BrokerProcess]:
    """A broker of the test's own, for tests that restart or kill it."""
    b = BrokerProcess(tmp_path / "data")
    yield b
    if b.alive():
        b.kill()
