"""The pure half of ``strom consumer-groups`` --reset-offsets and --list filters.

Owns: Kafka's reset-plan CSV (--export writes it, --from-file reads it: ``topic,partition,offset``
lines for one group, ``group,topic,partition,offset`` for several), --by-duration's ISO-8601
durations (``PnDTnHnMn.nS``, as Java's ``Duration.parse``), --to-datetime's timestamps
(``YYYY-MM-DDTHH:mm:SS.sss`` with an optional zone, local time otherwise), the --list --state /
--type filters with Kafka's validation messages and the ``GROUP [TYPE] [STATE]`` table. No I/O,
so all of it is unit-tested.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime

from strom.client import TopicPartition
from strom.tools._common import ToolError

# Kafka 3.9's consumer group states and group types, as --list prints them
STATES = [
    "PreparingRebalance",
    "CompletingRebalance",
    "Stable",
    "Dead",
    "Empty",
    "Assigning",
    "Reconciling",
]
TYPES = {"classic": "Classic", "consumer": "Consumer"}
_DURATION = re.compile(
    r"([-+]?)P(?:([-+]?\d+)D)?"
    r"(?:T(?:([-+]?\d+)H)?(?:([-+]?\d+)M)?(?:([-+]?\d+)(?:[.,](\d{0,9}))?S)?)?",
    re.IGNORECASE,
)


def parse_duration_ms(text: str) -> int:
    """Java's ``Duration.parse`` in milliseconds: ``PT1H``, ``P1DT2H30M``, ``-PT0.5S``."""
    m = _DURATION.fullmatch(text.strip())
    if m is None or text.strip().upper().endswith("T") or not any(m.groups()[1:]):
        raise ToolError(f"Error parsing duration {text!r}: expected PnDTnHnMn.nS, e.g. PT1H30M.")
    sign, days, hours, minutes, seconds, fraction = m.groups()
    ms = (
        int(days or 0) * 86_400_000
        + int(hours or 0) * 3_600_000
        + int(minutes or 0) * 60_000
        + int(seconds or 0) * 1000
    )
    if fraction:
        frac = int(fraction.ljust(3, "0")[:3])
        ms += -frac if (seconds or "").startswith("-") else frac
    return -ms if sign == "-" else ms


def parse_datetime_ms(text: str) -> int:
    """--to-datetime: ``YYYY-MM-DDTHH:mm:SS.sss`` (local time) or with ``Z`` / ``+hh:mm``."""
    try:
        return int(datetime.fromisoformat(text.strip()).timestamp() * 1000)
    except ValueError as e:
        raise ToolError(
            f"Invalid --to-datetime {text!r}: use YYYY-MM-DDTHH:mm:SS.sss, optionally with a "
            "zone (Z or +hh:mm)."
        ) from e


def export_csv(plan: dict[str, dict[TopicPartition, int]]) -> str:
    """Kafka's --export: one ``[group,]topic,partition,offset`` line per partition."""
    single = len(plan) == 1
    lines = []
    for group in sorted(plan):
        for tp, offset in sorted(plan[group].items()):
            row = f"{tp.topic},{tp.partition},{offset}"
            lines.append(row if single else f"{group},{row}")
    return "\n".join(lines)


def parse_reset_plan(text: str, groups: list[str]) -> dict[str, dict[TopicPartition, int]]:
    """--from-file: ``topic,partition,offset`` lines (the only --group) or
    ``group,topic,partition,offset`` lines."""
    plan: dict[str, dict[TopicPartition, int]] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        cells = [c.strip() for c in line.split(",")]
        if len(cells) == 3 and len(groups) == 1:
            cells = [groups[0], *cells]
        if len(cells) != 4:
            raise ToolError(
                f"Invalid reset plan line {number}: {line!r} (expected topic,partition,offset "
                "or group,topic,partition,offset)."
            )
        group, topic, partition, offset = cells
        try:
            tp, value = TopicPartition(topic, int(partition)), int(offset)
        except ValueError as e:
            raise ToolError(f"Invalid reset plan line {number}: {line!r}.") from e
        plan.setdefault(group, {})[tp] = value
    return plan


def parse_states(text: str) -> set[str]:
    """--list --state a,b: Kafka's state names, any case; empty = no filter."""
    if not text.strip():
        return set()
    by_lower = {s.lower(): s for s in STATES}
    wanted = [s.strip().lower() for s in text.split(",")]
    if any(s not in by_lower for s in wanted):
        raise ToolError(f"Invalid state list '{text}'. Valid states are: {', '.join(STATES)}")
    return {by_lower[s] for s in wanted}


def parse_types(text: str) -> set[str]:
    """--list --type a,b: classic / consumer, any case; empty = no filter."""
    if not text.strip():
        return set()
    wanted = {s.strip().lower() for s in text.split(",")}
    if not wanted <= set(TYPES):
        raise ToolError(f"Invalid types list '{text}'. Valid types are: {', '.join(TYPES)}")
    return wanted


def list_table(listings: Iterable[tuple[str, str, str]], show_type: bool, show_state: bool) -> str:
    """Kafka's --list with --type / --state: ``GROUP`` at least 15 wide plus 10, ``TYPE`` 15."""
    rows = list(listings)
    width = max([15, *(len(g) for g, _, _ in rows)]) + 10

    def line(group: str, kind: str, state: str) -> str:
        out = group.ljust(width)
        if show_type:
            out += " " + kind.ljust(15)
        if show_state:
            out += " " + state
        return out.rstrip()

    header = line("GROUP", "TYPE", "STATE")
    body = [line(g, TYPES.get(t.lower(), t.capitalize() or "Unknown"), s) for g, t, s in rows]
    return "\n".join([header, *body])
