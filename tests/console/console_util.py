"""Helpers for the console's browser tests: a ``strom console`` subprocess and Chromium's
launch settings."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = "/usr/bin/chromium"
# without the background-networking flags Chromium's connections are refused in the sandbox
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONUNBUFFERED"] = "1"
    return env


class ConsoleProcess:
    """One ``strom console`` subprocess on a free 127.0.0.1 port."""

    def __init__(
        self, bootstrap: str, log_path: Path, interval: float = 1.0, extra: list[str] | None = None
    ) -> None:
        self.extra = list(extra or [])
        self.bootstrap = bootstrap
        self.log_path = log_path
        self.interval = interval
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self, timeout: float = 30.0) -> None:
        args = [sys.executable, "-m", "strom.tools.cli", "console", "--bootstrap-server",
                self.bootstrap, "--port", "0", "--interval", str(self.interval)]  # fmt: skip
        args += self.extra
        log = open(self.log_path, "a")  # noqa: SIM115
        self.proc = subprocess.Popen(
            args, stdout=subprocess.PIPE, stderr=log, text=True, env=_env(), cwd=ROOT
        )
        assert self.proc.stdout is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"console exited early: {self.log_path.read_text()[-3000:]}")
            if "ready on " in line:
                self.url = line.strip().rsplit(" ", 1)[1]
                return
        raise RuntimeError("console did not become ready")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None

    def log_text(self) -> str:
        return self.log_path.read_text() if self.log_path.exists() else ""


Snap = Callable[[Any, str], Path]
