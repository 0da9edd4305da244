"""A minimal blocking Kafka wire client for tests: sends requests encoded by Strom's codec over a
plain socket and decodes the responses. Used to send exactly the bytes a test wants (including
malformed ones); real clients are used everywhere else."""

from __future__ import annotations

import socket
import struct

from strom.protocol.codec import Message
from strom.protocol.frames import decode_response, encode_request


class WireClient:
    def __init__(self, bootstrap: str, timeout: float = 10.0) -> None:
        host, port = bootstrap.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=timeout)
        self.correlation = 0

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> WireClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def recv_frame(self) -> bytes:
        head = self._recv_exact(4)
        (size,) = struct.unpack(">i", head)
        return self._recv_exact(size)

    def _recv_exact(self, n: int) -> bytes:
        buf = bytearray()
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("connection closed by the broker")
            buf += chunk
        return bytes(buf)

    def request(self, msg: Message, version: int, *, expect_response: bool = True) -> Message:
        self.correlation += 1
        cid = self.correlation
        self.sock.sendall(b"".join(encode_request(msg, version, cid, "strom-tests")))
        if not expect_response:
            return msg
        frame = self.recv_frame()
        got, resp = decode_response(frame, msg.API_KEY, version)
        assert got == cid, f"correlation id {got} != {cid}"
        return resp

    def is_closed(self, timeout: float = 5.0) -> bool:
        """True when the broker closed this connection (EOF within ``timeout``)."""
        self.sock.settimeout(timeout)
        try:
            data = self.sock.recv(1)
        except (ConnectionResetError, BrokenPipeError):
            return True
        except TimeoutError:
            return False
        return data == b""
