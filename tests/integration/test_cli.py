"""The ``strom`` command line against real brokers: the top-level parser (``--version``,
``broker --help``), broker startup failures (a port in use, unusable ``log.dirs``) as one line
and exit code 1, tools against a stopped broker failing within their timeout and naming the
address they tried, console-producer with stdin still open, console-consumer's --timeout-ms on
a topic that does not exist, ``--zookeeper``, consumer-perf-test's last interval line, and the
perf tools' --progress and --plot."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from conftest import BrokerProcess
from test_tools import ROOT, ok, strom

import strom as strom_package

pytestmark = pytest.mark.integration


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _broker(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "strom.tools.cli", "broker", *args],
        capture_output=True, text=True, env=_env(), cwd=ROOT, timeout=timeout,
    )  # fmt: skip


def _one_error_line(r: subprocess.CompletedProcess[str]) -> str:
    """Exit code 1, no traceback, and the failure as the last stderr line."""
    assert r.returncode == 1, r.stderr
    assert "Traceback" not in r.stderr, r.stderr
    return r.stderr.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def stopped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a broker that ran and was stopped: nothing listens there now."""
    b = BrokerProcess(tmp_path_factory.mktemp("stopped") / "data")
    b.start()
    address = b.bootstrap
    assert b.stop() == 0
    yield address


# ------------------------------------------------------------------ the top-level parser


def test_version_and_help() -> None:
    expected = f"strom {strom_package.__version__} (Kafka 3.9 tools)"
    assert ok("--version") == [expected]
    broker_help = "\n".join(ok("broker", "--help"))
    assert "usage: strom broker" in broker_help and "--override KEY=VALUE" in broker_help
    top = "\n".join(ok("--help"))
    assert "broker" in top and "console-producer" in top and "--version" in top
    r = strom("no-such-command")
    assert r.returncode == 2 and "invalid choice: 'no-such-command'" in r.stderr


# ------------------------------------------------------------------ broker startup failures


def test_broker_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = _broker("--override", f"listeners=PLAINTEXT://127.0.0.1:{port}",
                    "--override", f"log.dirs={tmp_path / 'data'}")  # fmt: skip
    line = _one_error_line(r)
    assert line.startswith("strom broker: ") and "address already in use" in line
    assert str(port) in line


def test_broker_log_dir_that_is_a_file_is_one_line(tmp_path: Path) -> None:
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("x")
    r = _broker("--override", "listeners=PLAINTEXT://127.0.0.1:0",
                "--override", f"log.dirs={not_a_dir}")  # fmt: skip
    assert _one_error_line(r) == f"strom broker: log directory {not_a_dir} is not a directory"


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a read-only tmpfs needs root")
def test_broker_log_dir_on_a_read_only_filesystem_is_one_line(tmp_path: Path) -> None:
    mnt = tmp_path / "ro"
    mnt.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(mnt)], check=True)
    try:
        for log_dir in (mnt / "data", mnt):  # one to create, one that exists but is read-only
            r = _broker("--override", "listeners=PLAINTEXT://127.0.0.1:0",
                        "--override", f"log.dirs={log_dir}")  # fmt: skip
            line = _one_error_line(r)
            assert line.startswith("strom broker: ") and "Read-only file system" in line, line
    finally:
        subprocess.run(["umount", str(mnt)], check=True)


def test_broker_reads_java_properties_continuations(tmp_path: Path) -> None:
    """server.properties goes through the shared parser: a continued line is one value."""
    props = tmp_path / "server.properties"
    props.write_text(f"log.dirs : {tmp_path / 'data'}\nnum.partitions = \\\n    many\n")
    r = _broker(str(props))
    assert _one_error_line(r) == (
        "strom broker: Invalid value 'many' for configuration num.partitions: "
        "invalid literal for int() with base 10: 'many'"
    )


# ------------------------------------------------------------------ tools and a stopped broker

COMMAND_CONFIG_TOOLS = [
    ("topics", "--list"),
    ("consumer-groups", "--list"),
    ("configs", "--describe", "--entity-type", "topics", "--entity-name", "t"),
    ("log-dirs", "--describe"),
    ("transactions", "list"),
    ("producer-perf-test", "--topic", "t", "--num-records", "5", "--record-size", "10",
     "--throughput", "-1"),
]  # fmt: skip


def test_tools_against_a_stopped_broker_fail_within_their_timeout(
    stopped: str, tmp_path: Path
) -> None:
    """Each tool gives up after its timeout (the client's request.timeout.ms from
    --command-config, or the tool's own flag) with the address it tried; the default timeout,
    30 s, would overrun the 20 s these runs are given."""
    config = tmp_path / "client.properties"
    # the Java names: admin calls are bounded by default.api.timeout.ms, a producer's start by
    # max.block.ms (each client takes the keys it knows)
    config.write_text(
        "request.timeout.ms = 1500\ndefault.api.timeout.ms = 1500\nmax.block.ms = 1500\n"
    )
    runs = [(*tool, "--command-config", str(config)) for tool in COMMAND_CONFIG_TOOLS] + [
        ("console-consumer", "--topic", "t", "--timeout-ms", "1500"),
        ("console-consumer", "--topic", "t", "--group", "g", "--timeout-ms", "1500"),
        ("consumer-perf-test", "--topic", "t", "--messages", "5", "--timeout", "1500"),
    ]

    # the runs are independent (nothing listens at ``stopped``) and each mostly waits out its
    # 1.5 s: run them side by side, each still bounded by its own 20 s
    def run(args: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
        return strom(*args, "--bootstrap-server", stopped, timeout=20)

    with ThreadPoolExecutor(max_workers=len(runs)) as pool:
        results = list(pool.map(run, runs))
    for args, r in zip(runs, results, strict=True):
        line = _one_error_line(r)
        assert stopped in line, (args, r.stderr)


def test_console_producer_with_stdin_open_and_broker_stopped(stopped: str) -> None:
    """The tool fails while its stdin reader thread is blocked in a read: one error line, no
    "Fatal Python error: _enter_buffered_busy" abort (exit code -6)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "strom.tools.cli", "console-producer", "--bootstrap-server",
         stopped, "--topic", "t", "--request-timeout-ms", "1500", "--max-block-ms", "1500"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=_env(), cwd=ROOT,
    )  # fmt: skip
    assert proc.stdin is not None
    proc.stdin.write("v1\n")
    proc.stdin.flush()  # and stdin stays open until the tool has exited
    try:
        rc = proc.wait(timeout=20)
        assert proc.stderr is not None
        err = proc.stderr.read()
    finally:
        proc.stdin.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert "Fatal Python error" not in err, err
    assert rc == 1, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("Error: ") and stopped in lines[0], err


# ------------------------------------------------------------------ a running broker


def test_console_consumer_timeout_on_a_missing_topic(broker: Any) -> None:
    """--timeout-ms bounds the wait for a topic that does not exist, in a group (nothing is ever
    assigned: 0 records, exit 0) and with partitions assigned by the tool (an error)."""
    bs = ("--bootstrap-server", broker.bootstrap)
    missing = f"missing-{uuid.uuid4().hex[:8]}"
    started = time.monotonic()
    r = strom("console-consumer", *bs, "--topic", missing, "--group", "g-missing",
              "--timeout-ms", "1000", timeout=25)  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert r.stdout == "" and r.stderr.strip() == "Processed a total of 0 messages"
    r = strom("console-consumer", *bs, "--topic", missing, "--timeout-ms", "1000", timeout=25)
    assert _one_error_line(r) == (
        f"Error: UNKNOWN_TOPIC_OR_PARTITION: topic '{missing}' not available"
    )
    # both runs together end well before the tool's fallbacks (30 s join, 10 s topic wait)
    assert time.monotonic() - started < 25


def test_zookeeper_flag_says_it_was_removed() -> None:
    for tool in ("topics", "consumer-groups", "configs"):
        r = strom(tool, "--zookeeper", "localhost:2181", "--list")
        assert r.returncode == 2
        assert r.stderr.strip().splitlines() == [
            f"strom {tool}: --zookeeper was removed (Kafka 3.0, KIP-500): the tools talk to the "
            "brokers; use --bootstrap-server HOST:PORT instead."
        ]


def test_consumer_perf_detailed_stats_report_a_short_run(broker: Any) -> None:
    """A run shorter than --reporting-interval still gets the line of the interval its records
    were consumed in."""
    bs = ("--bootstrap-server", broker.bootstrap)
    topic = f"perf-short-{uuid.uuid4().hex[:6]}"
    ok("topics", *bs, "--create", "--topic", topic)
    ok("console-producer", *bs, "--topic", topic, stdin="a\nbb\nccc\n")
    lines = ok("consumer-perf-test", *bs, "--topic", topic, "--messages", "3", "--timeout",
               "20000", "--show-detailed-stats", "--reporting-interval", "600000")  # fmt: skip
    assert lines[0].startswith("time, threadId, data.consumed.in.MB")
    rows = [line.split(", ") for line in lines[1:] if not line.startswith("End-to-end")]
    assert len(rows) == 1, lines
    assert rows[0][1] == "0" and rows[0][4] == "3"  # threadId, records consumed so far


def test_perf_progress_and_plot(broker: Any, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    bs = ("--bootstrap-server", broker.bootstrap)
    topic = f"perf-plot-{uuid.uuid4().hex[:6]}"
    ok("topics", *bs, "--create", "--topic", topic)
    produced, consumed = tmp_path / "produce.png", tmp_path / "consume.png"
    r = strom("producer-perf-test", *bs, "--topic", topic, "--num-records", "500", "--progress",
              "--record-size", "20", "--throughput", "-1", "--plot", str(produced))  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[-1].startswith("500 records sent")
    # the bar is redrawn with "\r" (read back as line ends here) and ends at 100%
    bars = [line for line in r.stderr.splitlines() if line.startswith("[")]
    assert bars[-1].startswith("[" + "#" * 30 + "] 100%  500/500 records sent"), r.stderr
    assert f"Latency histogram written to {produced}" in r.stderr
    r = strom("consumer-perf-test", *bs, "--topic", topic, "--messages", "500", "--progress",
              "--plot", str(consumed), "--timeout", "20000")  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "500/500 records received" in r.stderr
    for png in (produced, consumed):
        data = png.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000, png
    # without --progress, and with stderr not a terminal, stderr carries no bar
    r = strom("producer-perf-test", *bs, "--topic", topic, "--num-records", "10",
              "--record-size", "20", "--throughput", "-1")  # fmt: skip
    assert r.returncode == 0 and r.stderr == "", r.stderr
