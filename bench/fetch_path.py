"""How should Fetch move segment bytes to the socket? Measures three ways over a loopback TCP
connection, reading a 256 MiB segment file in 1 MiB fetch responses:

- ``pread``:    os.pread into a fresh bytes object, then socket.sendall (what the broker does now)
- ``mmap``:     a memoryview slice of an mmap of the segment, then socket.sendall
- ``sendfile``: os.sendfile from the segment file descriptor straight to the socket

    python bench/fetch_path.py [--mib 256] [--chunk-kib 1024]
"""

from __future__ import annotations

import argparse
import mmap
import os
import socket
import tempfile
import threading
import time


def drain(sock: socket.socket, total: int) -> None:
    buf = bytearray(1 << 20)
    got = 0
    while got < total:
        n = sock.recv_into(buf)
        if n == 0:
            break
        got += n


def measure(method: str, path: str, size: int, chunk: int) -> float:
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port))
    conn, _ = server.accept()
    reader = threading.Thread(target=drain, args=(client, size))
    reader.start()
    fd = os.open(path, os.O_RDONLY)
    mm = mmap.mmap(fd, 0, access=mmap.ACCESS_READ) if method == "mmap" else None
    view = memoryview(mm) if mm is not None else None
    t0 = time.perf_counter()
    pos = 0
    while pos < size:
        n = min(chunk, size - pos)
        if method == "pread":
            conn.sendall(os.pread(fd, n, pos))
        elif method == "mmap":
            assert view is not None
            conn.sendall(view[pos : pos + n])
        else:
            sent = 0
            while sent < n:
                sent += os.sendfile(conn.fileno(), fd, pos + sent, n - sent)
        pos += n
    reader.join()
    elapsed = time.perf_counter() - t0
    if view is not None:
        view.release()
    if mm is not None:
        mm.close()
    os.close(fd)
    for s in (conn, client, server):
        s.close()
    return elapsed


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mib", type=int, default=256)
    ap.add_argument("--chunk-kib", type=int, default=1024)
    args = ap.parse_args()
    size = args.mib << 20
    with tempfile.NamedTemporaryFile() as f:
        f.write(os.urandom(1 << 20) * args.mib)
        f.flush()
        for method in ("pread", "mmap", "sendfile"):
            best = min(measure(method, f.name, size, args.chunk_kib << 10) for _ in range(3))
            print(
                f"{method:9} {size / best / 1e6:8.0f} MB/s ({best * 1000:.0f} ms, {args.mib} MiB,"
                f" {args.chunk_kib} KiB per fetch, best of 3)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
