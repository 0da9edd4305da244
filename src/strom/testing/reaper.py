"""The reaper: a tiny watchdog process that removes what a test process leaves behind when it dies
without cleaning up (SIGKILL, SIGTERM with Python's default handler, a crash).

Owns two sides of one pipe:

* :class:`Reaper` (in the test process) starts ``python -I reaper.py`` once, lazily, and tells it
  what to clean: ``marker PATH`` (SIGKILL every process whose command line names PATH: a broker's
  data directory, a cluster's directory), ``unmarker PATH``, ``dir PATH`` (a tree to delete),
  ``undir PATH``. Each line is written before the process or directory exists and withdrawn after
  it is gone, so there is no window where one is unknown to the reaper.
* :func:`main` (in the reaper) reads lines until end of file. End of file comes when the test
  process exits in any way, since the kernel closes the pipe's write end. It then kills what is
  still registered and deletes the directories. A clean exit withdraws everything first, so the
  reaper exits with nothing to do.

This file runs as a script (by path, with ``-I``) so the reaper imports nothing from Strom: it
starts in milliseconds and cannot be broken by the code it cleans up after.

Invariants: the reaper kills only processes whose ``/proc/PID/cmdline`` names a registered marker
(unique temporary paths), and deletes only directories it was told about.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path


def _cmdline(pid: int) -> str:
    try:
        return (
            Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        )
    except OSError:
        return ""


def _kill_marked(marker: str) -> None:
    """SIGKILL every process whose command line names ``marker`` (a cluster's directory: its
    ZooKeeper's config and its brokers' log.dirs are below it)."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            _kill_one(int(entry.name), marker)


def _kill_one(pid: int, marker: str) -> None:
    if marker in _cmdline(pid):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def main() -> int:
    """Read registrations from stdin until EOF, then clean up what is still registered."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a terminal's Ctrl-C is for the test process
    dirs: set[str] = set()
    markers: set[str] = set()
    for raw in sys.stdin:
        verb, _, arg = raw.rstrip("\n").partition(" ")
        if verb == "dir":
            dirs.add(arg)
        elif verb == "undir":
            dirs.discard(arg)
        elif verb == "marker":
            markers.add(arg)
        elif verb == "unmarker":
            markers.discard(arg)
    for marker in markers:
        _kill_marked(marker)
    for d in dirs:
        shutil.rmtree(d, ignore_errors=True)
    return 0


class Reaper:
    """The test process's side: one reaper process per test process, started on first use."""

    _lock = threading.Lock()
    _proc: subprocess.Popen[str] | None = None
    _owner = 0

    @classmethod
    def _send(cls, line: str) -> None:
        with cls._lock:
            if cls._proc is None or cls._owner != os.getpid():  # first use, or after a fork
                cls._proc = subprocess.Popen(
                    [sys.executable, "-I", str(Path(__file__).resolve())],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    text=True,
                    start_new_session=True,
                )
                cls._owner = os.getpid()
            assert cls._proc.stdin is not None
            cls._proc.stdin.write(line + "\n")
            cls._proc.stdin.flush()

    @classmethod
    def _shutdown(cls) -> None:
        """At a clean exit: close the pipe, which makes the reaper clean up what is left."""
        with cls._lock:
            proc, cls._proc = cls._proc, None
        if proc is not None and cls._owner == os.getpid() and proc.stdin is not None:
            with contextlib.suppress(OSError):
                proc.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(30)

    @classmethod
    def watch_dir(cls, path: Path) -> None:
        cls._send(f"dir {path}")

    @classmethod
    def forget_dir(cls, path: Path) -> None:
        cls._send(f"undir {path}")

    @classmethod
    def watch_marker(cls, marker: Path) -> None:
        cls._send(f"marker {marker}")

    @classmethod
    def forget_marker(cls, marker: Path) -> None:
        cls._send(f"unmarker {marker}")


# Registered at import, before strom.testing.embedded registers its own handler (it imports this
# module first): atexit runs handlers last-in first-out, so open brokers are closed before the
# pipe is, and the reaper never deletes the directory of a broker that is still shutting down.
atexit.register(Reaper._shutdown)


if __name__ == "__main__":
    raise SystemExit(main())
