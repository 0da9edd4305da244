"""The test-only storage fault injector: inert without its environment variable; when armed it
raises the named errno for the named operation and path only, and follows the file's changes."""

from __future__ import annotations

import errno
import importlib
import json
import os
from pathlib import Path

import pytest

from strom.storage import faults

pytestmark = pytest.mark.unit


def test_inert_without_the_environment_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(faults.ENV_VAR, raising=False)
    try:
        importlib.reload(faults)
        assert not faults.ENABLED and faults.armed("append", "/d/t-0/0.log") is None
    finally:
        monkeypatch.undo()
        importlib.reload(faults)


def test_armed_faults_follow_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "faults.json"
    monkeypatch.setattr(faults, "_PATH", str(path))
    monkeypatch.setattr(faults, "ENABLED", True)
    monkeypatch.setattr(faults, "_cache", (-1.0, {}))
    faults.check("flush", "/d/t-0/0.log")  # no file: nothing armed
    path.write_text(json.dumps({"flush": {"errno": "EIO", "match": "t-0"},
                                "index": {"errno": "NO_SUCH_ERRNO"}}))  # fmt: skip
    with pytest.raises(OSError) as info:
        faults.check("flush", "/d/t-0/0.log")
    assert info.value.errno == errno.EIO
    faults.check("flush", "/d/u-0/0.log")  # another path
    faults.check("append", "/d/t-0/0.log")  # another operation
    faults.check("index", "/d/t-0/0.index")  # unknown errno: not armed
    path.write_text(json.dumps({}))
    os.utime(path, (1, 2))  # a different mtime: re-read
    faults.check("flush", "/d/t-0/0.log")
