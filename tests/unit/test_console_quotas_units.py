"""The console's quota form rules and rows, without a browser: entities named by the form,
defaults, refusals before asking the cluster, the remove form as the inverse of a row, ordering
and search."""

from __future__ import annotations

import pytest

from strom.console.quotas import QuotaFormError, alteration_from_form, form_of, rows

pytestmark = pytest.mark.unit


def test_form_to_alteration() -> None:
    a = alteration_from_form({"user": " alice ", "client_default": "on", "key":
                              "consumer_byte_rate", "value": "2048"})  # fmt: skip
    assert a.entity == {"user": "alice", "client-id": None}
    assert a.ops == {"consumer_byte_rate": 2048.0}
    r = alteration_from_form({"client": "app", "key": "producer_byte_rate"}, remove=True)
    assert r.entity == {"client-id": "app"} and r.ops == {"producer_byte_rate": None}


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"key": "producer_byte_rate", "value": "1"}, "Name a user, a client id, or both"),
        ({"user": "a", "user_default": "on", "key": "producer_byte_rate", "value": "1"},
         "not both"),
        ({"user": "a", "key": "bogus", "value": "1"}, "Quota must be one of"),
        ({"user": "a", "key": "producer_byte_rate", "value": "lots"}, "Value must be a number"),
        ({"user": "x" * 1001, "key": "producer_byte_rate", "value": "1"}, "longer than"),
    ],
)  # fmt: skip
def test_refused_forms(form: dict[str, str], message: str) -> None:
    with pytest.raises(QuotaFormError, match=message):
        alteration_from_form(form)


def test_rows_order_search_and_remove_form_round_trip() -> None:
    found = [
        ({"user": "alice", "client-id": None}, {"consumer_byte_rate": 2048.0}),
        ({"client-id": "app"}, {"producer_byte_rate": 1.0, "request_percentage": 12.5}),
        ({"user": None}, {"request_percentage": 50.0}),
    ]
    got = rows(found)
    assert [(r.label("user"), r.label("client-id"), r.key, r.shown_value) for r in got] == [
        ("", "app", "producer_byte_rate", "1"),
        ("", "app", "request_percentage", "12.5"),
        ("<default>", "", "request_percentage", "50"),
        ("alice", "<default>", "consumer_byte_rate", "2048"),
    ]
    assert [r.key for r in rows(found, "ALICE consumer")] == ["consumer_byte_rate"]
    for r in got:
        back = alteration_from_form(form_of(r), remove=True)
        assert tuple(sorted(back.entity.items())) == r.entity
        assert back.ops == {r.key: None}
