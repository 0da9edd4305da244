"""The one Java properties parser (:mod:`strom.properties`) that the broker's
``server.properties`` and the tools' config files share: Java's separators, comments,
continuations and escapes, and one clear error per unreadable file."""

from __future__ import annotations

from pathlib import Path

import pytest

from strom.broker.config import ConfigError, load_config
from strom.properties import PropertiesError, parse_properties, read_properties
from strom.tools._common import ToolError, load_properties

pytestmark = pytest.mark.unit


def test_separators_and_comments() -> None:
    text = "a=1\nb: 2\nc 3\n  d   =  4  \n! e=5\n# f=6\ng\nh=x=y\ni:j:k\n"
    assert parse_properties(text) == {
        "a": "1", "b": "2", "c": "3", "d": "4  ", "g": "", "h": "x=y", "i": "j:k",
    }  # fmt: skip


def test_continuations_and_escapes() -> None:
    text = (
        "listeners = PLAINTEXT://127.0.0.1:9092,\\\n"
        "            PLAINTEXT2://127.0.0.1:9093\n"
        "key\\ with\\:colon = tab\\there\n"
        "unicode = caf\\u00e9\n"
        "path = C:\\\\data\n"
        "trailing = a\\\\\n"
        "next = b\n"
    )
    assert parse_properties(text) == {
        "listeners": "PLAINTEXT://127.0.0.1:9092,PLAINTEXT2://127.0.0.1:9093",
        "key with:colon": "tab\there",
        "unicode": "café",
        "path": "C:\\data",
        "trailing": "a\\",
        "next": "b",
    }


def test_later_key_wins() -> None:
    assert parse_properties("a=1\na=2\n") == {"a": "2"}


def test_bad_escape_and_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(PropertiesError, match="escape"):
        parse_properties("a=\\u12zz\n")
    with pytest.raises(PropertiesError, match="does not exist"):
        read_properties(tmp_path / "missing.properties")
    with pytest.raises(PropertiesError, match="is a directory"):
        read_properties(tmp_path)
    latin = tmp_path / "latin1.properties"
    latin.write_bytes(b"a=\xe9\n")
    with pytest.raises(PropertiesError, match="not UTF-8"):
        read_properties(latin)


def test_broker_and_tools_read_a_file_alike(tmp_path: Path) -> None:
    """A continued line means the same to the broker and to the tools."""
    f = tmp_path / "shared.properties"
    f.write_text("num.partitions : \\\n    4\nlog.dirs=/a,\\\n  /b\n")
    c = load_config(str(f), ["log.retention.ms=5"])
    assert c["num.partitions"] == 4
    assert [str(d) for d in c.log_dirs] == ["/a", "/b"]
    assert load_properties(str(f)) == {"num.partitions": "4", "log.dirs": "/a,/b"}
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(str(tmp_path / "nope"))
    with pytest.raises(ToolError, match="does not exist"):
        load_properties(str(tmp_path / "nope"))
    with pytest.raises(ConfigError, match="--override takes key=value"):
        load_config(None, ["novalue"])
