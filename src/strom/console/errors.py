"""How the console words a failure: one readable line, never a traceback.

Owns: :func:`describe_error`, which turns an exception raised by the client (a Kafka error code,
a refused connection, a timeout) into the sentence shown in the page's banner or next to a form.
"""

from __future__ import annotations

from strom.errors import ErrorCode, KafkaError


def describe_error(exc: BaseException) -> str:
    """``"NOT_CONTROLLER: ..."``-style text for Kafka errors, the class name otherwise."""
    if isinstance(exc, TimeoutError):
        return "the cluster did not answer in time (timeout)"
    if isinstance(exc, KafkaError):
        text = str(exc) or "no message"
        try:
            name = ErrorCode(exc.code).name
        except ValueError:
            name = f"error code {exc.code}"
        return text if name in text else f"{name}: {text}"
    if isinstance(exc, OSError):
        return f"{type(exc).__name__}: {exc.strerror or exc}"
    return f"{type(exc).__name__}: {exc}"
