"""Probes for what a test run left behind: processes carrying the run's ``TMPDIR`` in their
environment (every process a run starts inherits it) and ``strom-test-*`` directories in it."""

from __future__ import annotations

import time
from pathlib import Path


def leftovers(tmpdir: Path) -> list[str]:
    """Processes whose environment carries ``TMPDIR=tmpdir`` and strom temp dirs under it."""
    needle = f"TMPDIR={tmpdir}".encode()
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            env = (proc / "environ").read_bytes().split(b"\0")
            cmd = (proc / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if needle in env:
            found.append(f"pid {proc.name}: {cmd.decode(errors='replace')[:200]}")
    found += [str(p) for p in tmpdir.glob("strom-test-*")]
    return found


def running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie (an orphan's zombie waits for init)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_no_leftovers(tmpdir: Path, timeout: float = 20.0) -> list[str]:
    deadline = time.monotonic() + timeout
    while (left := leftovers(tmpdir)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left
