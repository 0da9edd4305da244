"""User-space instructions the broker executes per Produce request: a figure the machine's load
does not move (CPU time on a shared machine swings by 2x between runs of the same code).

Starts Strom (the code of this tree) under valgrind's callgrind with instrumentation off, sends
the raw Produce requests of ``latency.raw_produce_cpu`` (one at a time on one socket, acks=1;
``--partitions`` x ``--records`` records of ``--size`` B, Produce ``--version``), switches
instrumentation on after the warm-up and dumps the count after the ``--requests`` measured ones:

    python bench/request_instructions.py [--requests 2000] [--partitions 1] [--records 1]
        [--size 100] [--version 9] [--tree DIR] [--dump FILE]

``--tree DIR`` measures another checkout's ``src`` (e.g. ``git worktree``/``git archive`` of the
commit before) with this script, for an A/B of the same request. Kernel time (the socket's
system calls, the segment write) is not counted: compare with ``latency.py --raw`` for that.
Bounded: the broker gets 10 minutes to start under valgrind, the requests 60 s each.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from latency import raw_produce_cpu
from produce_consume import free_port

ROOT = Path(__file__).resolve().parents[1]


def callgrind_total(out: Path) -> int:
    """The event total of a callgrind dump (its ``summary:`` or ``totals:`` line)."""
    for line in out.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise ValueError(f"{out}: no total")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--requests", type=int, default=2000)
    ap.add_argument("--partitions", type=int, default=1)
    ap.add_argument("--records", type=int, default=1)
    ap.add_argument("--size", type=int, default=100)
    ap.add_argument("--version", type=int, default=9)
    ap.add_argument("--tree", type=Path, default=ROOT)
    ap.add_argument("--dump", type=Path, default=None,
                    help="keep the callgrind dump there (for callgrind_annotate)")
    args = ap.parse_args()
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        print("valgrind (callgrind) is not installed: apt-get install valgrind")
        return 1
    data = Path(tempfile.mkdtemp(prefix="strom-bench-instr-"))
    out = data / "callgrind.out"
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(args.tree.resolve() / "src"))
    proc = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
         sys.executable, "-m", "strom.tools.cli", "broker",
         "--override", f"listeners=PLAINTEXT://127.0.0.1:{port}",
         "--override", f"log.dirs={data / 'log'}"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    dumps: list[Path] = []

    def control(*argv: str) -> None:
        quiet = subprocess.DEVNULL
        cmd = ["callgrind_control", *argv, str(proc.pid)]
        subprocess.run(cmd, check=True, stdout=quiet, stderr=quiet, timeout=60)

    def measured(start: bool) -> None:
        if start:
            control("-z")  # nothing counted so far (instrumentation was off anyway)
            control("-i", "on")
        else:
            control("-d")  # dumps (and zeroes) what the measured requests cost
            control("-i", "off")

    try:
        deadline = time.monotonic() + 600
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("the broker did not start under valgrind") from None
                time.sleep(1)
        raw_produce_cpu(
            f"127.0.0.1:{port}", proc.pid, args.partitions, args.records, args.requests,
            args.size, version=args.version, measured=measured,
        )  # fmt: skip
        time.sleep(1)
        dumps = sorted(data.glob("callgrind.out.*"))
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(120)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    if not dumps:
        print("no callgrind dump was written")
        return 1
    total = callgrind_total(dumps[0])
    if args.dump is not None:
        shutil.copyfile(dumps[0], args.dump)
    shape = f"{args.partitions:,} partition(s) x {args.records} record(s) x {args.size} B"
    print(f"strom  Produce v{args.version} of {shape}: {total / args.requests:,.0f} user-space "
          f"instructions per request ({args.tree})")  # fmt: skip
    shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
