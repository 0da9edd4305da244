"""Where strom.testing puts broker data: an explicit root, memory-backed /dev/shm when it has room,
else the system temporary directory."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from strom.testing import embedded

pytestmark = pytest.mark.unit


def test_explicit_root_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(embedded.DATA_ROOT_ENV, str(tmp_path))
    assert embedded.data_root() == tmp_path


def test_dev_shm_when_it_has_room(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(embedded.DATA_ROOT_ENV, raising=False)
    monkeypatch.setattr(embedded, "_SHM_MIN_FREE", 1)
    if not Path("/dev/shm").is_dir():
        pytest.skip("no /dev/shm here")
    assert embedded.data_root() == Path("/dev/shm")


def test_temp_dir_when_dev_shm_is_too_small(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(embedded.DATA_ROOT_ENV, raising=False)
    monkeypatch.setattr(embedded, "_SHM_MIN_FREE", 1 << 62)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    assert embedded.data_root() == tmp_path
