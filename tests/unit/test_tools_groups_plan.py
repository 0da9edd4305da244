"""Unit tests of strom.tools.consumer_groups_plan: Java durations, the reset-plan CSV of
--export / --from-file, and the --list --state / --type filters and table."""

from __future__ import annotations

import pytest

from strom.client import TopicPartition
from strom.tools._common import ToolError
from strom.tools.consumer_groups_plan import (
    export_csv,
    list_table,
    parse_duration_ms,
    parse_reset_plan,
    parse_states,
    parse_types,
)

pytestmark = pytest.mark.unit
TP = TopicPartition


def test_durations_as_java_parses_them() -> None:
    assert parse_duration_ms("PT1H") == 3_600_000
    assert parse_duration_ms("P1DT2H30M") == 86_400_000 + 2 * 3_600_000 + 30 * 60_000
    assert parse_duration_ms("pt0.5s") == 500
    assert parse_duration_ms("PT-0.25S") == -250
    assert parse_duration_ms("-PT1M") == -60_000
    assert parse_duration_ms("P2D") == 2 * 86_400_000
    for bad in ("1h", "P", "PT", "PT1", "P1H", "PT1.2.3S", ""):
        with pytest.raises(ToolError, match="Error parsing duration"):
            parse_duration_ms(bad)


def test_reset_plan_csv_round_trip() -> None:
    plan = {"g": {TP("b", 1): 7, TP("a", 0): 3}}
    assert export_csv(plan) == "a,0,3\nb,1,7"
    assert parse_reset_plan(export_csv(plan), ["g"]) == plan
    two = {"g1": {TP("a", 0): 1}, "g2": {TP("a", 0): 2}}
    assert export_csv(two) == "g1,a,0,1\ng2,a,0,2"
    assert parse_reset_plan(export_csv(two), ["g1", "g2"]) == two
    assert parse_reset_plan("\n a , 2 , 5 \n\n", ["g"]) == {"g": {TP("a", 2): 5}}
    with pytest.raises(ToolError, match="Invalid reset plan line 1"):
        parse_reset_plan("a,0,x", ["g"])
    with pytest.raises(ToolError, match="Invalid reset plan line 2"):
        parse_reset_plan("a,0,1\na,0", ["g"])
    with pytest.raises(ToolError, match="Invalid reset plan line 1"):
        parse_reset_plan("a,0,1", ["g1", "g2"])  # which group? a group column is needed


def test_list_filters_and_table() -> None:
    assert parse_states("") == set()
    assert parse_states("stable, EMPTY") == {"Stable", "Empty"}
    with pytest.raises(ToolError, match=r"^Invalid state list 'stable,x'\. Valid states are: "):
        parse_states("stable,x")
    assert parse_types("Classic") == {"classic"}
    with pytest.raises(ToolError, match=r"^Invalid types list 'share'"):
        parse_types("share")
    rows = [("short", "classic", "Empty"), ("a-much-longer-group-name", "consumer", "Stable")]
    width = len("a-much-longer-group-name") + 10
    assert list_table(rows, True, True).splitlines() == [
        "GROUP".ljust(width) + " " + "TYPE".ljust(15) + " STATE",
        "short".ljust(width) + " " + "Classic".ljust(15) + " Empty",
        "a-much-longer-group-name".ljust(width) + " " + "Consumer".ljust(15) + " Stable",
    ]
    assert list_table(rows[:1], False, True).splitlines() == [
        "GROUP".ljust(25) + " STATE",
        "short".ljust(25) + " Empty",
    ]
    assert list_table(rows[:1], True, False).splitlines()[1] == "short".ljust(25) + " Classic"
