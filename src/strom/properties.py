"""Java ``.properties`` files, as Kafka reads ``server.properties`` and the tools'
``--command-config`` / ``--producer.config`` / ``--consumer.config`` files.

Owns: turning a properties file (or its text) into a ``{key: value}`` dict with
``java.util.Properties.load`` semantics: ``=``, ``:`` or whitespace separators, ``#``/``!``
comments, backslash line continuations, ``\\t \\n \\uXXXX`` and escaped separators in keys. The
parsing itself is the ``javaproperties`` library's; this module fixes the encoding (UTF-8,
a superset of what the escapes can express) and turns every failure into one
:class:`PropertiesError` naming the file.

Shared by the broker (:mod:`strom.broker.config`) and the tools (:mod:`strom.tools._common`), so
a file means the same to both. Depends on nothing else in Strom. ``javaproperties`` is imported
by the first parse (it loads xml, urllib.request, http.client and email), so a broker or tool
started without a properties file never loads it.
"""

from __future__ import annotations

from pathlib import Path


class PropertiesError(ValueError):
    """A properties file that cannot be read or decoded; the message names the file."""


def parse_properties(text: str) -> dict[str, str]:
    """The properties in ``text``; a later duplicate key wins, as in Java."""
    # imported here: javaproperties loads xml, urllib.request, http.client and email at import,
    # which a broker or tool started without a properties file never needs
    import javaproperties

    try:
        return dict(javaproperties.loads(text))
    except ValueError as exc:  # a malformed \\uXXXX escape
        raise PropertiesError(f"invalid properties: {exc}") from None


def read_properties(path: str | Path) -> dict[str, str]:
    """The properties in the file ``path``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PropertiesError(f"properties file {path} does not exist") from None
    except IsADirectoryError:
        raise PropertiesError(f"properties file {path} is a directory") from None
    except OSError as exc:
        raise PropertiesError(f"cannot read properties file {path}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise PropertiesError(f"properties file {path} is not UTF-8: {exc.reason}") from None
    try:
        return parse_properties(text)
    except PropertiesError as exc:
        raise PropertiesError(f"properties file {path}: {exc}") from None
