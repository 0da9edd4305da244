"""Shared pytest setup. Its directory (tests/) is put on sys.path by pytest, so test modules can
import helpers such as ``codec_strategies``."""

from __future__ import annotations

import sys
from pathlib import Path

try:
    import strom  # noqa: F401
except ImportError:  # not installed into the venv yet: use the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
