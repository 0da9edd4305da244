"""Test helpers for a real full disk: a small tmpfs mounted for the test, filled to the last byte.
Needs root (the test fails rather than skips without it: a full disk is the case under test)."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def tmpfs(path: Path, size: str = "4m") -> Iterator[Path]:
    """Mount a tmpfs of ``size`` at ``path`` (created) for the block."""
    if os.geteuid() != 0:
        pytest.fail("this test mounts a tmpfs and needs root")
    path.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)], check=True)
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


def fill(directory: Path) -> Path:
    """Write a file in ``directory`` until its file system is full; the file (unlink it to free
    the space)."""
    filler = directory / "filler"
    with open(filler, "wb") as f, contextlib.suppress(OSError):
        while True:
            f.write(b"\0" * 65536)
            f.flush()
    return filler
