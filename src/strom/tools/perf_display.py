"""What the perf tools show besides Kafka's report lines: a live progress bar on stderr and a
latency histogram written as a PNG (``--progress``, ``--plot FILE.png``).

Owns: drawing the progress line (at most every ``every`` seconds, ``\\r``-overwritten, ended by a
newline once the run is over) and plotting the latency samples kept by
:class:`strom.tools.perf_stats.Stats` with matplotlib (an optional dependency: the ``plot`` extra).
Kafka's stdout lines are untouched: the progress bar goes to stderr, and is on by default only
when stderr is a terminal.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from strom.tools._common import ToolError
from strom.tools.perf_stats import PERCENTILES

BAR = 30


def add_display_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a live progress bar on stderr (default: when stderr is a terminal)",
    )
    p.add_argument(
        "--plot",
        metavar="FILE.png",
        help="write a histogram of the latencies to FILE.png (needs matplotlib: strom[plot])",
    )


class Progress:
    """``[#####.....]  45%  45000/100000 records sent  2.1 s`` on ``stream``, redrawn in place."""

    def __init__(
        self,
        total: int,
        verb: str,
        start: float,
        enabled: bool,
        stream: TextIO | None = None,
        every: float = 0.2,
    ) -> None:
        self.total = max(total, 1)
        self.verb = verb
        self.start = start
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.every = every
        self._drawn_at = float("-inf")

    def line(self, done: int, now: float) -> str:
        share = min(done / self.total, 1.0)
        filled = int(share * BAR)
        return (
            f"[{'#' * filled}{'.' * (BAR - filled)}] {share * 100:3.0f}%  "
            f"{done}/{self.total} records {self.verb}  {now - self.start:.1f} s"
        )

    def update(self, done: int, now: float) -> None:
        if self.enabled and now - self._drawn_at >= self.every:
            self._drawn_at = now
            self.stream.write("\r" + self.line(done, now))
            self.stream.flush()

    def finish(self, done: int, now: float) -> None:
        if self.enabled:
            self.stream.write("\r" + self.line(done, now) + "\n")
            self.stream.flush()


def progress_enabled(args: argparse.Namespace) -> bool:
    flag: bool | None = args.progress
    return sys.stderr.isatty() if flag is None else flag


def check_plot(args: argparse.Namespace) -> None:
    """Fail before the run, not after it, when --plot cannot be honoured."""
    if args.plot is None:
        return
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ToolError(
            "--plot needs matplotlib: pip install 'strom[plot]' (or matplotlib)."
        ) from None


def plot_latencies(samples: list[float], path: str, title: str) -> None:
    """A histogram of ``samples`` (ms) with the percentiles Kafka reports marked, as PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig: Any
    ax: Any
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    try:
        ordered = sorted(samples)
        ax.hist(ordered or [0.0], bins=min(100, max(10, len(ordered) // 20)), color="#4878a8")
        for p in PERCENTILES:
            if ordered:
                value = ordered[min(int(len(ordered) * p), len(ordered) - 1)]
                ax.axvline(value, color="#c44e52", linestyle="--", linewidth=1)
                ax.annotate(
                    f"p{p * 100:g} {value:.1f} ms",
                    (value, 1),
                    xycoords=("data", "axes fraction"),
                    rotation=90,
                    va="top",
                    ha="right",
                    fontsize=8,
                )
        ax.set_yscale("log")
        ax.set_xlabel("latency (ms)")
        ax.set_ylabel(f"records ({len(ordered)} sampled)")
        ax.set_title(title)
        fig.tight_layout()
        try:
            fig.savefig(path, format="png")
        except OSError as e:
            raise ToolError(f"Cannot write --plot {path}: {e.strerror}.") from None
    finally:
        plt.close(fig)
    print(f"Latency histogram written to {path}", file=sys.stderr)
