"""The broker's logging: Kafka's line format, levels per logger, files, run-time changes.

Owns:
- start-up configuration (:func:`configure_logging`): Kafka's log4j layout
  ``[2024-05-01 12:00:00,123] INFO message (logger.name)`` on stderr at ``--log-level`` (default
  INFO), optionally also a size-rotated file (``--log-file``), or, with ``--log-config``, the
  operator's own Python logging configuration (a ``.json`` dictConfig or an INI fileConfig),
  which then replaces the defaults entirely;
- the BROKER_LOGGER resource of DescribeConfigs and IncrementalAlterConfigs
  (:func:`describe_loggers`, :func:`alter_loggers`): every ``strom`` logger (and ``root``) with
  its effective level, log4j level names (TRACE, DEBUG, INFO, WARN, ERROR, FATAL, OFF); SET
  changes one logger's level, DELETE returns it to inheriting its parent's. As in Kafka, the
  changes live in the process only: a restart goes back to the start-up configuration.

Invariants: a logger that does not exist, an unknown level, APPEND/SUBTRACT or a null SET value
is refused with INVALID_CONFIG / INVALID_REQUEST before any logger changes, so a request
applies entirely or not at all.
"""

from __future__ import annotations

import json
import logging
import logging.config
import logging.handlers
import sys
from pathlib import Path

from strom.errors import ErrorCode, KafkaError

KAFKA_FORMAT = "[%(asctime)s] %(levelname)s %(message)s (%(name)s)"
TRACE = 5
OFF = logging.CRITICAL + 10
ROOT = "root"
LOG_FILE_MAX_BYTES = 100 * 1024 * 1024
LOG_FILE_BACKUPS = 10
SET, DELETE = 0, 1

# log4j level name -> Python level, and back
LEVELS = {
    "TRACE": TRACE,
    "DEBUG": logging.DEBUG,
    "INFO": logging.INFO,
    "WARN": logging.WARNING,
    "ERROR": logging.ERROR,
    "FATAL": logging.CRITICAL,
    "OFF": OFF,
}
NAMES = {v: k for k, v in LEVELS.items()}


def parse_level(text: str) -> int:
    """A log4j or Python level name (any case) to a level; ValueError when unknown."""
    t = text.strip().upper()
    if t == "WARNING":
        t = "WARN"
    if t == "CRITICAL":
        t = "FATAL"
    if t not in LEVELS:
        raise ValueError(f"unknown log level {text!r}; one of {', '.join(LEVELS)}")
    return LEVELS[t]


def level_name(level: int) -> str:
    return NAMES.get(level) or logging.getLevelName(level)


def configure_logging(
    level: str | None = None,
    config_file: str | None = None,
    log_file: str | None = None,
) -> None:
    """Start-up configuration; see the module docstring. ValueError for a bad level or file."""
    logging.addLevelName(TRACE, "TRACE")
    logging.addLevelName(logging.WARNING, "WARN")
    logging.addLevelName(logging.CRITICAL, "FATAL")
    logging.addLevelName(OFF, "OFF")
    if config_file:
        path = Path(config_file)
        if not path.is_file():
            raise ValueError(f"logging config file {config_file} does not exist")
        if path.suffix == ".json":
            logging.config.dictConfig(json.loads(path.read_text()))
        else:
            logging.config.fileConfig(path, disable_existing_loggers=False)
        if level:
            logging.getLogger().setLevel(parse_level(level))
        return
    root = logging.getLogger()
    root.setLevel(parse_level(level or "INFO"))
    formatter = logging.Formatter(KAFKA_FORMAT)
    for h in list(root.handlers):
        root.removeHandler(h)
    handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr)]
    if log_file:
        Path(log_file).parent.mkdir(parents=True, exist_ok=True)
        handlers.append(
            logging.handlers.RotatingFileHandler(
                log_file, maxBytes=LOG_FILE_MAX_BYTES, backupCount=LOG_FILE_BACKUPS
            )
        )
    for h in handlers:
        h.setFormatter(formatter)
        root.addHandler(h)


def _known_loggers() -> list[str]:
    names = [
        n
        for n, lg in logging.Logger.manager.loggerDict.items()
        if isinstance(lg, logging.Logger) and (n == "strom" or n.startswith("strom."))
    ]
    return [ROOT, *sorted(set(names) | {"strom"})]


def _logger(name: str) -> logging.Logger:
    return logging.getLogger() if name == ROOT else logging.getLogger(name)


def describe_loggers() -> list[tuple[str, str]]:
    """(logger, effective level name) of ``root`` and every ``strom`` logger."""
    return [(n, level_name(_logger(n).getEffectiveLevel())) for n in _known_loggers()]


def alter_loggers(ops: list[tuple[str, int, str | None]], validate_only: bool) -> None:
    """Apply IncrementalAlterConfigs operations ``(logger, op, level)``; all or nothing."""
    known = set(_known_loggers())
    planned: list[tuple[str, int]] = []
    for name, op, value in ops:
        if name not in known:
            raise KafkaError(f"Logger {name} does not exist", ErrorCode.INVALID_CONFIG)
        if op == SET:
            if value is None:
                raise KafkaError(f"Null value not supported for {name}", ErrorCode.INVALID_CONFIG)
            try:
                planned.append((name, parse_level(value)))
            except ValueError:
                raise KafkaError(
                    f"Cannot set the log level of {name} to {value} as it is not a supported "
                    f"log level. Valid log4j levels are {', '.join(LEVELS)}",
                    ErrorCode.INVALID_CONFIG,
                ) from None
        elif op == DELETE:
            if name == ROOT:
                raise KafkaError(
                    "Removing the log level of the root logger is not allowed",
                    ErrorCode.INVALID_REQUEST,
                )
            planned.append((name, logging.NOTSET))
        else:
            raise KafkaError(
                f"{name}: APPEND and SUBTRACT are not supported for broker loggers",
                ErrorCode.INVALID_REQUEST,
            )
    if validate_only:
        return
    for name, level in planned:
        _logger(name).setLevel(level)
        logging.getLogger("strom.broker").info(
            "logger %s set to %s", name, level_name(level) if level else "its parent's level"
        )
